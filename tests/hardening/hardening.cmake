# Hostile input to swr's libOSMesa (issue 21): one CTest test per case of
# test_hardening.c, label "hardening". Cases with an oracle run the same
# calls on Mesa's llvmpipe libOSMesa (SWR_REF_OSMESA) in the same process;
# the GLSL-only cases run on swr alone (llvmpipe crashes on the deep one).
# They run in the Release and the ASan+UBSan builds alike.
if(TARGET OSMesa AND TARGET swr_glc)
  add_executable(test_hardening ${CMAKE_CURRENT_LIST_DIR}/test_hardening.c)
  target_link_libraries(test_hardening PRIVATE swr_glc)
  add_dependencies(test_hardening OSMesa)
  set(hard_env "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/glcompare/lsan_mesa.supp")
  foreach(c draw_unaligned rects errors glsl_versions)
    add_test(NAME test_hardening_${c}
             COMMAND test_hardening ${c} $<TARGET_FILE:OSMesa> ${SWR_REF_OSMESA})
    set_tests_properties(test_hardening_${c} PROPERTIES TIMEOUT 600 LABELS "hardening;gl"
                         ENVIRONMENT "${hard_env}")
  endforeach()
  foreach(c glsl_deep glsl_arrays growth_programs growth_fbo)
    add_test(NAME test_hardening_${c} COMMAND test_hardening ${c} $<TARGET_FILE:OSMesa>)
    set(env "${hard_env}")
    if(c MATCHES "^growth_" AND SWR_SANITIZE STREQUAL "address")
      # ASan keeps freed blocks in a quarantine (256 MiB): without it, RSS
      # measures what the library keeps
      list(APPEND env "ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:quarantine_size_mb=0")
    endif()
    set_tests_properties(test_hardening_${c} PROPERTIES TIMEOUT 600 LABELS "hardening;gl"
                         ENVIRONMENT "${env}")
  endforeach()
endif()
