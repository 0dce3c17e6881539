# swr's libOSMesa against Mesa's llvmpipe libOSMesa (Debian libosmesa6, the
# oracle; loaded with dlopen, never linked): test_gl_compare renders every
# scene of glc_scenes.c with both in one run and requires the images to
# agree (tests/glcompare/glc_scenes.c states each scene's PSNR bound).
# The client layer (tools/glc_api.h, library swr_glc) is the GL benchmark's
# too (tools/swr_glbench.c; its smoke test is in tests/tools/tools.cmake).
if(TARGET OSMesa)
  add_executable(test_gl_compare ${CMAKE_CURRENT_LIST_DIR}/test_gl_compare.c
                                 ${CMAKE_CURRENT_LIST_DIR}/glc_scenes.c)
  target_link_libraries(test_gl_compare PRIVATE swr_glc)
  add_dependencies(test_gl_compare OSMesa)
  add_test(NAME test_gl_compare COMMAND test_gl_compare $<TARGET_FILE:OSMesa> ${SWR_REF_OSMESA})
  set(glc_env "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_mesa.supp")
  set_tests_properties(test_gl_compare PROPERTIES TIMEOUT 600 LABELS "gl;compare" ENVIRONMENT "${glc_env}")
endif()
