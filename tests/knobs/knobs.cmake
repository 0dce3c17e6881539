# Knob table and parsing tests, and the swr_knobs command-line tool (it lives
# here because tools/ has no CMakeLists of its own yet).
swr_test(NAME test_knob_parse
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_knob_parse.c
  LIBS swr_knobs
  TIMEOUT 60)

add_executable(swr_knobs_tool ${CMAKE_CURRENT_LIST_DIR}/../../tools/swr_knobs.c)
target_link_libraries(swr_knobs_tool PRIVATE swr_knobs)
set_target_properties(swr_knobs_tool PROPERTIES
  OUTPUT_NAME swr_knobs
  RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tools)

# The tool shows a value set in the environment, aligned with its default.
add_test(NAME test_swr_knobs_tool COMMAND swr_knobs_tool)
set_tests_properties(test_swr_knobs_tool PROPERTIES
  ENVIRONMENT "KNOB_MAX_WORKER_THREADS=3"
  PASS_REGULAR_EXPRESSION "\nKNOB_MAX_WORKER_THREADS +uint32_t +3 +0 +Maximum worker threads"
  TIMEOUT 30)
