# The shipped tools (tools/CMakeLists.txt builds them), run as a user would.

# swr_knobs shows a value set in the environment, aligned with its default.
add_test(NAME test_swr_knobs_tool COMMAND swr_knobs_tool)
set_tests_properties(test_swr_knobs_tool PROPERTIES
  ENVIRONMENT "KNOB_MAX_WORKER_THREADS=3"
  PASS_REGULAR_EXPRESSION "\nKNOB_MAX_WORKER_THREADS +uint32_t +3 +0 +Maximum worker threads"
  TIMEOUT 30)

# swr_tgsi: corpus shaders of both kinds, printed and cross-run: all agree.
file(GLOB tool_sample LIST_DIRECTORIES false ${SWR_TGSI_CORPUS}/vert-0*.tgsi ${SWR_TGSI_CORPUS}/frag-0*.tgsi)
add_test(NAME test_swr_tgsi_tool_run COMMAND swr_tgsi_tool --print --run --seeds 2 --quiet ${tool_sample})
set_tests_properties(test_swr_tgsi_tool_run PROPERTIES
  PASS_REGULAR_EXPRESSION "\nfiles [1-9][0-9]*, shaders [1-9][0-9]*, errors 0, mismatches 0, skipped 0\n"
  TIMEOUT 120)

# swr_tgsi on a malformed file: a located error, the summary counts it, the
# exit status is 1.
add_test(NAME test_swr_tgsi_tool_error
  COMMAND ${CMAKE_COMMAND} -DTOOL=$<TARGET_FILE:swr_tgsi_tool>
          -DFILE=${CMAKE_CURRENT_LIST_DIR}/data/undeclared_input.tgsi
          -P ${CMAKE_CURRENT_LIST_DIR}/data/tool_error_check.cmake)
set_tests_properties(test_swr_tgsi_tool_error PROPERTIES TIMEOUT 60)

# swr_glbench once, small, against Mesa's llvmpipe, so it keeps working.
if(TARGET OSMesa)
  add_test(NAME test_swr_glbench_smoke
           COMMAND swr_glbench --swr $<TARGET_FILE:OSMesa> --ref ${SWR_REF_OSMESA}
                   --size 128x96 --frames 1 --rounds 1 --scale 0.01)
  set_tests_properties(test_swr_glbench_smoke PROPERTIES TIMEOUT 300 LABELS "gl;compare;bench"
    ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/glcompare/lsan_mesa.supp")
endif()
