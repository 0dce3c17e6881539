# Knob table and parsing tests (the swr_knobs tool's test is in
# tests/tools/tools.cmake).
swr_test(NAME test_knob_parse
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_knob_parse.c
  LIBS swr_knobs
  TIMEOUT 60)
