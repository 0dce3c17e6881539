# swr_osmesa_test(NAME name SOURCE file [LIBS ...]): a test program that
# loads the OSMesa library named on its command line, run on swr's library
# and, as name_mesa, on Mesa's llvmpipe libOSMesa.so.8 (the oracle for what
# the program expects).
function(swr_osmesa_test)
  cmake_parse_arguments(T "" "NAME;SOURCE" "LIBS" ${ARGN})
  if(NOT TARGET OSMesa)
    return()
  endif()
  swr_test(NAME ${T_NAME} TIMEOUT 120 LABELS osmesa
    SOURCES ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${T_SOURCE}
    LIBS swr_gl_api ${CMAKE_DL_LIBS} ${T_LIBS}
    ARGS $<TARGET_FILE:OSMesa> swr)
  target_include_directories(${T_NAME} PRIVATE ${CMAKE_SOURCE_DIR}/frontend-gallium/targets/osmesa)
  add_dependencies(${T_NAME} OSMesa)
  if(EXISTS ${SWR_REF_OSMESA})
    add_test(NAME ${T_NAME}_mesa COMMAND ${T_NAME} ${SWR_REF_OSMESA} mesa)
    set_tests_properties(${T_NAME}_mesa PROPERTIES TIMEOUT 120 LABELS osmesa
      ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
  endif()
endfunction()

# swr's libOSMesa.so.8 (frontend-gallium/targets/osmesa): the OSMesa API
# through the library loaded with dlopen (formats x types against packed
# clear colours, Y_UP, ROW_LENGTH, GetIntegerv, GetDepthBuffer values,
# GetColorBuffer, GetProcAddress, several contexts, two threads, bad
# arguments, GALLIUM_DRIVER, the exported symbol list). test_osmesa_mesa
# runs the same program on Mesa's llvmpipe libOSMesa.so.8, the oracle for
# what the tests expect.
swr_osmesa_test(NAME test_osmesa SOURCE test_osmesa.c)

# GL program-object API beyond GL 2.1 core through the library (GLSL 1.20
# uniform initializers, glBindFragDataLocation with two draw buffers, the
# ARB_shader_objects names, glGet{Boolean,Integer}i_v); test_osmesa_glsl_api_mesa
# runs the same expectations on Mesa's llvmpipe libOSMesa.so.8, the oracle.
swr_osmesa_test(NAME test_osmesa_glsl_api SOURCE test_osmesa_glsl_api.c)

# GL object sharing between contexts (OSMesaCreateContext's sharelist): which
# names the other context sees (FBOs and VAOs are not shared), drawing in one
# context with objects made in another, a texture re-specified in one and
# sampled in the other, deletion while bound elsewhere, and two contexts of
# a group drawing on two threads at once, against images known by
# construction; test_osmesa_share_mesa runs it on Mesa's llvmpipe
# libOSMesa.so.8, the oracle for the sharing rules.
swr_osmesa_test(NAME test_osmesa_share SOURCE test_osmesa_share.c)

# The accumulation buffer (glAccum, glClearAccum, glClear of it, the ACCUM_*
# queries) against results computed by hand from GL 2.1 section 4.2.4;
# test_osmesa_accum_mesa runs it on Mesa's llvmpipe libOSMesa.so.8, the
# oracle for the error rules.
swr_osmesa_test(NAME test_osmesa_accum SOURCE test_osmesa_accum.c LIBS m)

# The rdtsc profiling window of an OpenGL program (glFinish ends an OSMesa
# frame): the report written at the end of the window and counting exactly
# the draws and clears of its frames. swr only: Mesa has no such knobs.
if(TARGET OSMesa)
  swr_test(NAME test_osmesa_profile TIMEOUT 120 LABELS osmesa
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_osmesa_profile.c
    LIBS swr_gl_api ${CMAKE_DL_LIBS}
    ARGS $<TARGET_FILE:OSMesa> swr)
  target_include_directories(test_osmesa_profile PRIVATE ${CMAKE_SOURCE_DIR}/frontend-gallium/targets/osmesa)
  add_dependencies(test_osmesa_profile OSMesa)
endif()
