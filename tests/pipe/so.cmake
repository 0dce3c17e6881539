# The pipe driver's stream output (swrp_so.c): targets, a shader's
# pipe_stream_output_info, appending, the stream output queries and
# rasterizer discard, against buffers worked out by hand. Runs the worker
# pool ("engine", run under TSan).
swr_test(NAME test_pipe_so TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_pipe_so.c
          ${CMAKE_SOURCE_DIR}/tests/pipe/pipe_test_util.c
  LIBS swr_pipe LABELS engine)
