# swr's libOSMesa against Mesa's llvmpipe libOSMesa (Debian libosmesa6, the
# oracle; loaded with dlopen, never linked): test_gl_compare renders every
# scene of glc_scenes.c with both in one run and requires the images to
# agree (tests/glcompare/glc_scenes.c states each scene's PSNR bound).
# swr_glbench (tools/swr_glbench.c) is the GL benchmark over the same client
# layer; test_swr_glbench_smoke runs it once, small, so it keeps working.
if(TARGET OSMesa)
  add_library(swr_glc STATIC ${CMAKE_SOURCE_DIR}/tests/support/glc_api.c)
  target_include_directories(swr_glc PUBLIC ${CMAKE_SOURCE_DIR}/tests/support)
  target_link_libraries(swr_glc PUBLIC swr_flags swr_gl_api PNG::PNG ${CMAKE_DL_LIBS})

  add_executable(test_gl_compare ${CMAKE_CURRENT_LIST_DIR}/test_gl_compare.c
                                 ${CMAKE_CURRENT_LIST_DIR}/glc_scenes.c)
  target_link_libraries(test_gl_compare PRIVATE swr_glc)
  add_dependencies(test_gl_compare OSMesa)
  add_test(NAME test_gl_compare COMMAND test_gl_compare $<TARGET_FILE:OSMesa> ${SWR_REF_OSMESA})
  set(glc_env "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_mesa.supp")
  set_tests_properties(test_gl_compare PROPERTIES TIMEOUT 600 LABELS "gl;compare" ENVIRONMENT "${glc_env}")

  add_executable(swr_glbench ${CMAKE_SOURCE_DIR}/tools/swr_glbench.c)
  target_link_libraries(swr_glbench PRIVATE swr_glc)
  add_dependencies(swr_glbench OSMesa)
  set_target_properties(swr_glbench PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tools)
  add_test(NAME test_swr_glbench_smoke
           COMMAND swr_glbench --swr $<TARGET_FILE:OSMesa> --ref ${SWR_REF_OSMESA}
                   --size 128x96 --frames 1 --rounds 1 --scale 0.01)
  set_tests_properties(test_swr_glbench_smoke PROPERTIES TIMEOUT 300 LABELS "gl;compare;bench"
                       ENVIRONMENT "${glc_env}")
endif()
