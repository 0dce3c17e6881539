# swr's libOSMesa.so.8 (frontend-gallium/targets/osmesa): the OSMesa API
# through the library loaded with dlopen (formats x types against packed
# clear colours, Y_UP, ROW_LENGTH, GetIntegerv, GetDepthBuffer values,
# GetColorBuffer, GetProcAddress, several contexts, two threads, bad
# arguments, GALLIUM_DRIVER, the exported symbol list). test_osmesa_mesa
# runs the same program on Mesa's llvmpipe libOSMesa.so.8, the oracle for
# what the tests expect.
if(TARGET OSMesa)
  swr_test(NAME test_osmesa TIMEOUT 120 LABELS osmesa
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_osmesa.c
    LIBS swr_gl_api ${CMAKE_DL_LIBS}
    ARGS $<TARGET_FILE:OSMesa> swr)
  target_include_directories(test_osmesa PRIVATE ${CMAKE_SOURCE_DIR}/frontend-gallium/targets/osmesa)
  add_dependencies(test_osmesa OSMesa)
  if(EXISTS ${SWR_REF_OSMESA})
    add_test(NAME test_osmesa_mesa COMMAND test_osmesa ${SWR_REF_OSMESA} mesa)
    set_tests_properties(test_osmesa_mesa PROPERTIES TIMEOUT 120 LABELS osmesa
      ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
  endif()
endif()

# GL program-object API beyond GL 2.1 core through the library (GLSL 1.20
# uniform initializers, glBindFragDataLocation with two draw buffers, the
# ARB_shader_objects names, glGet{Boolean,Integer}i_v); test_osmesa_glsl_api_mesa
# runs the same expectations on Mesa's llvmpipe libOSMesa.so.8, the oracle.
if(TARGET OSMesa)
  swr_test(NAME test_osmesa_glsl_api TIMEOUT 120 LABELS osmesa
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_osmesa_glsl_api.c
    LIBS swr_gl_api ${CMAKE_DL_LIBS}
    ARGS $<TARGET_FILE:OSMesa> swr)
  target_include_directories(test_osmesa_glsl_api PRIVATE ${CMAKE_SOURCE_DIR}/frontend-gallium/targets/osmesa)
  add_dependencies(test_osmesa_glsl_api OSMesa)
  if(EXISTS ${SWR_REF_OSMESA})
    add_test(NAME test_osmesa_glsl_api_mesa COMMAND test_osmesa_glsl_api ${SWR_REF_OSMESA} mesa)
    set_tests_properties(test_osmesa_glsl_api_mesa PROPERTIES TIMEOUT 120 LABELS osmesa
      ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
  endif()
endif()

# GL object sharing between contexts (OSMesaCreateContext's sharelist): which
# names the other context sees (FBOs and VAOs are not shared), drawing in one
# context with objects made in another, a texture re-specified in one and
# sampled in the other, deletion while bound elsewhere, and two contexts of
# a group drawing on two threads at once, against images known by
# construction; test_osmesa_share_mesa runs it on Mesa's llvmpipe
# libOSMesa.so.8, the oracle for the sharing rules.
if(TARGET OSMesa)
  swr_test(NAME test_osmesa_share TIMEOUT 120 LABELS osmesa
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_osmesa_share.c
    LIBS swr_gl_api ${CMAKE_DL_LIBS}
    ARGS $<TARGET_FILE:OSMesa> swr)
  target_include_directories(test_osmesa_share PRIVATE ${CMAKE_SOURCE_DIR}/frontend-gallium/targets/osmesa)
  add_dependencies(test_osmesa_share OSMesa)
  if(EXISTS ${SWR_REF_OSMESA})
    add_test(NAME test_osmesa_share_mesa COMMAND test_osmesa_share ${SWR_REF_OSMESA} mesa)
    set_tests_properties(test_osmesa_share_mesa PROPERTIES TIMEOUT 120 LABELS osmesa
      ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
  endif()
endif()

# The accumulation buffer (glAccum, glClearAccum, glClear of it, the ACCUM_*
# queries) against results computed by hand from GL 2.1 section 4.2.4;
# test_osmesa_accum_mesa runs it on Mesa's llvmpipe libOSMesa.so.8, the
# oracle for the error rules.
if(TARGET OSMesa)
  swr_test(NAME test_osmesa_accum TIMEOUT 120 LABELS osmesa
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_osmesa_accum.c
    LIBS swr_gl_api ${CMAKE_DL_LIBS} m
    ARGS $<TARGET_FILE:OSMesa> swr)
  target_include_directories(test_osmesa_accum PRIVATE ${CMAKE_SOURCE_DIR}/frontend-gallium/targets/osmesa)
  add_dependencies(test_osmesa_accum OSMesa)
  if(EXISTS ${SWR_REF_OSMESA})
    add_test(NAME test_osmesa_accum_mesa COMMAND test_osmesa_accum ${SWR_REF_OSMESA} mesa)
    set_tests_properties(test_osmesa_accum_mesa PROPERTIES TIMEOUT 120 LABELS osmesa
      ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
  endif()
endif()
