# The swr_tgsi command-line tool (tools/swr_tgsi.c; it lives here because it
# links the random inputs and the fake sampler of tests/support, built by
# tests/tgsi/tgsi.cmake).
add_executable(swr_tgsi_tool ${CMAKE_SOURCE_DIR}/tools/swr_tgsi.c)
target_link_libraries(swr_tgsi_tool PRIVATE swr_tgsi_test swr_jitter)
target_include_directories(swr_tgsi_tool PRIVATE ${CMAKE_SOURCE_DIR}/tests/support)
set_target_properties(swr_tgsi_tool PROPERTIES
  OUTPUT_NAME swr_tgsi
  RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tools)

# Corpus shaders of both kinds, printed and cross-run: all agree.
file(GLOB tool_sample LIST_DIRECTORIES false ${SWR_TGSI_CORPUS}/vert-0*.tgsi ${SWR_TGSI_CORPUS}/frag-0*.tgsi)
add_test(NAME test_swr_tgsi_tool_run COMMAND swr_tgsi_tool --print --run --seeds 2 --quiet ${tool_sample})
set_tests_properties(test_swr_tgsi_tool_run PROPERTIES
  PASS_REGULAR_EXPRESSION "\nfiles [1-9][0-9]*, shaders [1-9][0-9]*, errors 0, mismatches 0, skipped 0\n"
  TIMEOUT 120)

# A malformed file: a located error, the summary counts it, the exit status is 1.
add_test(NAME test_swr_tgsi_tool_error
  COMMAND ${CMAKE_COMMAND} -DTOOL=$<TARGET_FILE:swr_tgsi_tool>
          -DFILE=${CMAKE_CURRENT_LIST_DIR}/data/undeclared_input.tgsi
          -P ${CMAKE_CURRENT_LIST_DIR}/data/tool_error_check.cmake)
set_tests_properties(test_swr_tgsi_tool_error PROPERTIES TIMEOUT 60)
