# GL state implemented by the pipe driver's shader variants (user clip
# planes with and without gl_ClipVertex, polygon stipple) against Mesa's
# llvmpipe libOSMesa, like test_gl_compare (swr_glc: tools/CMakeLists.txt).
if(TARGET OSMesa AND TARGET swr_glc)
  add_executable(test_gl_variants ${CMAKE_CURRENT_LIST_DIR}/test_gl_variants.c)
  target_link_libraries(test_gl_variants PRIVATE swr_glc)
  add_dependencies(test_gl_variants OSMesa)
  add_test(NAME test_gl_variants COMMAND test_gl_variants $<TARGET_FILE:OSMesa> ${SWR_REF_OSMESA})
  set_tests_properties(test_gl_variants PROPERTIES TIMEOUT 300 LABELS "gl;compare" ENVIRONMENT
                       "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_mesa.supp")
endif()

# GL 1.x vertex data, immediate mode and display lists (GLSL 1.10 programs
# reading the built-in attributes) against Mesa's llvmpipe libOSMesa.
if(TARGET OSMesa AND TARGET swr_glc)
  add_executable(test_gl_compare_legacy ${CMAKE_CURRENT_LIST_DIR}/test_gl_compare_legacy.c)
  target_link_libraries(test_gl_compare_legacy PRIVATE swr_glc ${CMAKE_DL_LIBS})
  add_dependencies(test_gl_compare_legacy OSMesa)
  add_test(NAME test_gl_compare_legacy COMMAND test_gl_compare_legacy $<TARGET_FILE:OSMesa> ${SWR_REF_OSMESA})
  set_tests_properties(test_gl_compare_legacy PROPERTIES TIMEOUT 300 LABELS "gl;compare" ENVIRONMENT
                       "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_mesa.supp")
endif()

# The current raster position and glPixelZoom: every GL_CURRENT_RASTER_*
# value after glRasterPos*/glWindowPos* against Mesa's llvmpipe libOSMesa.
if(TARGET OSMesa AND TARGET swr_glc)
  add_executable(test_gl_compare_rasterpos ${CMAKE_CURRENT_LIST_DIR}/test_gl_compare_rasterpos.c)
  target_link_libraries(test_gl_compare_rasterpos PRIVATE swr_glc ${CMAKE_DL_LIBS})
  add_dependencies(test_gl_compare_rasterpos OSMesa)
  add_test(NAME test_gl_compare_rasterpos COMMAND test_gl_compare_rasterpos $<TARGET_FILE:OSMesa> ${SWR_REF_OSMESA})
  set_tests_properties(test_gl_compare_rasterpos PROPERTIES TIMEOUT 120 LABELS "gl;compare" ENVIRONMENT
                       "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_mesa.supp")
endif()

# glPixelTransfer / glPixelMap state and their effect on glReadPixels and
# glTexImage2D against Mesa's llvmpipe libOSMesa.
if(TARGET OSMesa AND TARGET swr_glc)
  add_executable(test_gl_compare_pixeltransfer ${CMAKE_CURRENT_LIST_DIR}/test_gl_compare_pixeltransfer.c)
  target_link_libraries(test_gl_compare_pixeltransfer PRIVATE swr_glc ${CMAKE_DL_LIBS})
  add_dependencies(test_gl_compare_pixeltransfer OSMesa)
  add_test(NAME test_gl_compare_pixeltransfer COMMAND test_gl_compare_pixeltransfer $<TARGET_FILE:OSMesa> ${SWR_REF_OSMESA})
  set_tests_properties(test_gl_compare_pixeltransfer PROPERTIES TIMEOUT 120 LABELS "gl;compare" ENVIRONMENT
                       "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_mesa.supp")
endif()

# Evaluators through the fixed-function pipeline against Mesa's llvmpipe
# libOSMesa (images and glGetMap state).
if(TARGET OSMesa AND TARGET swr_glc)
  add_executable(test_gl_compare_eval ${CMAKE_CURRENT_LIST_DIR}/test_gl_compare_eval.c)
  target_link_libraries(test_gl_compare_eval PRIVATE swr_glc ${CMAKE_DL_LIBS})
  add_dependencies(test_gl_compare_eval OSMesa)
  add_test(NAME test_gl_compare_eval COMMAND test_gl_compare_eval $<TARGET_FILE:OSMesa> ${SWR_REF_OSMESA})
  set_tests_properties(test_gl_compare_eval PROPERTIES TIMEOUT 120 LABELS "gl;compare" ENVIRONMENT
                       "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_mesa.supp")
endif()

# glPushClientAttrib / glPopClientAttrib against Mesa's llvmpipe libOSMesa.
if(TARGET OSMesa AND TARGET swr_glc)
  add_executable(test_gl_compare_clientattrib ${CMAKE_CURRENT_LIST_DIR}/test_gl_compare_clientattrib.c)
  target_link_libraries(test_gl_compare_clientattrib PRIVATE swr_glc ${CMAKE_DL_LIBS})
  add_dependencies(test_gl_compare_clientattrib OSMesa)
  add_test(NAME test_gl_compare_clientattrib COMMAND test_gl_compare_clientattrib $<TARGET_FILE:OSMesa> ${SWR_REF_OSMESA})
  set_tests_properties(test_gl_compare_clientattrib PROPERTIES TIMEOUT 120 LABELS "gl;compare" ENVIRONMENT
                       "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_mesa.supp")
endif()
