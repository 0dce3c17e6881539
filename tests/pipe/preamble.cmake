# Shader preambles in the pipe driver (swrp_draw.c update_preamble): uniform
# arithmetic moved out of VS and FS by the jitter, drawn with constants
# changing between draws; images checked against the formula evaluated in
# the test. Runs the worker pool: "engine".
swr_test(NAME test_pipe_preamble TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_pipe_preamble.c
          ${CMAKE_SOURCE_DIR}/tests/pipe/pipe_test_util.c LIBS swr_pipe LABELS engine)
