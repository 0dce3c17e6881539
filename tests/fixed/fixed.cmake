# The fixed part (frontend-gallium/gl/fixed/): fixed-function scenes and
# state rendered by swr's libOSMesa and by Mesa's llvmpipe libOSMesa (the
# oracle, Debian libosmesa6, loaded with dlopen) in one run, compared image
# by image; glGet values and errors against llvmpipe's and the spec's.
if(TARGET OSMesa)
  add_executable(test_fixed_compare ${CMAKE_CURRENT_LIST_DIR}/test_fixed_compare.c)
  target_link_libraries(test_fixed_compare PRIVATE swr_glc m)
  add_dependencies(test_fixed_compare OSMesa)
  add_test(NAME test_fixed_compare COMMAND test_fixed_compare $<TARGET_FILE:OSMesa> ${SWR_REF_OSMESA})
  set(fixed_env "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/glcompare/lsan_mesa.supp")
  set_tests_properties(test_fixed_compare PROPERTIES TIMEOUT 300 LABELS "gl;compare" ENVIRONMENT "${fixed_env}")
endif()
# bench_fixed_validate <libOSMesa> [draws]: the cost of a fixed-function
# draw's validation (no change, new values, cached key switch, new key).
if(TARGET OSMesa)
  add_executable(bench_fixed_validate ${CMAKE_CURRENT_LIST_DIR}/bench_fixed_validate.c)
  target_link_libraries(bench_fixed_validate PRIVATE swr_glc)
  add_dependencies(bench_fixed_validate OSMesa)
endif()
