# VTK tests (label "vtk"): Debian's python3-vtk9 (VTK 9.1, OpenGL2
# backend, a GLX 3.2+ core context and GLSL 1.50) renders scenes written in
# VTK's test style through swr's libGL.so.1 on a private Xvfb, and Mesa's
# llvmpipe renders the same scene in the same run (run_vtk.sh).
#   test_vtk_<scene> for every scene of scene.py (scene.py --list; its
#                    essay says what each exercises): swr's image within
#                    30 dB PSNR and 1% of pixels far off of llvmpipe's
#                    (compare.py), both single-sampled (VTK's default asks
#                    for 8 samples; swr has no multisampling yet)
# Skipped (77) without Xvfb or python3-vtk9; not in sanitizer builds (the
# Python process cannot load a sanitized libGL).
if(NOT TARGET GL OR SWR_SANITIZE)
  return()
endif()
set(swr_vtk_scenes cone sphere lines points glyphs texture text peeling volume pick multi mesh)
foreach(scene ${swr_vtk_scenes})
  add_test(NAME test_vtk_${scene}
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_vtk.sh ${scene} $<TARGET_FILE:GL>)
  set_tests_properties(test_vtk_${scene} PROPERTIES
    LABELS vtk TIMEOUT 300 SKIP_RETURN_CODE 77)
endforeach()
