# GLX tests (label "glx"): swr's libGL.so.1 (frontend-gallium/targets/
# libgl-xlib) on a private Xvfb that run_glx.sh starts and stops.
#   test_glx_api        test_glx_x11: configs against the GLX 1.4 rules,
#                       a GLSL scene read back with XGetImage against
#                       glReadPixels and Mesa's llvmpipe libGL.so.1 (the
#                       oracle, in a child process), resize, front buffer,
#                       single buffering, pixmap, pbuffer, two threads, bad
#                       arguments; the server has MIT-SHM
#   test_glx_api_noshm  the same without MIT-SHM (XPutImage)
#   test_glxinfo        glxinfo / glxinfo -B through LD_LIBRARY_PATH
#   test_glmark2        glmark2 scenes with swr and llvmpipe, both scores
#   test_glvnd_vendor   libGLX_swr.so.0 under Debian's glvnd libGL.so.1:
#                       glxinfo names swr, test_glx_x11's checks and scene
#                       (against llvmpipe) pass, glxgears runs 3 s
# A missing Xvfb, glxinfo or glmark2 skips the test (exit status 77).
if(NOT TARGET GL)
  return()
endif()
find_package(Threads REQUIRED)
add_executable(test_glx_x11 ${CMAKE_CURRENT_LIST_DIR}/test_glx_x11.c)
target_link_libraries(test_glx_x11 PRIVATE swr_flags X11::X11 Threads::Threads ${CMAKE_DL_LIBS})
add_dependencies(test_glx_x11 GL)
set(glx_run ${CMAKE_CURRENT_LIST_DIR}/run_glx.sh)
add_test(NAME test_glx_api COMMAND ${glx_run} api $<TARGET_FILE:GL> --prog $<TARGET_FILE:test_glx_x11>)
add_test(NAME test_glx_api_noshm
  COMMAND ${glx_run} api $<TARGET_FILE:GL> --prog $<TARGET_FILE:test_glx_x11> --no-shm)
set(glx_tests test_glx_api test_glx_api_noshm)
# glxinfo and glmark2 are not sanitizer builds: they cannot load a
# sanitized libGL, so those two run in ordinary builds only.
if(NOT SWR_SANITIZE)
  add_test(NAME test_glxinfo COMMAND ${glx_run} glxinfo $<TARGET_FILE:GL>)
  add_test(NAME test_glmark2 COMMAND ${glx_run} glmark2 $<TARGET_FILE:GL>)
  list(APPEND glx_tests test_glxinfo test_glmark2)
  if(TARGET GLX_swr)
    add_test(NAME test_glvnd_vendor
      COMMAND ${glx_run} glvnd $<TARGET_FILE:GLX_swr> --prog $<TARGET_FILE:test_glx_x11>)
    list(APPEND glx_tests test_glvnd_vendor)
  endif()
endif()
# Leaks are not checked in test_glx_api: the process also holds Mesa's
# stack in its child (run test_glx_x11 without the oracle argument under
# LeakSanitizer for swr alone).
set_tests_properties(${glx_tests} PROPERTIES
  LABELS glx TIMEOUT 120 SKIP_RETURN_CODE 77
  ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
