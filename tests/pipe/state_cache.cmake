# State the pipe driver skips resending when it believes nothing changed
# (link cache, blend colour / stencil reference dirty bits) still reaches
# the engine when it did change: test_pipe_state_cache.c. Runs the worker
# pool: "engine".
swr_test(NAME test_pipe_state_cache TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_pipe_state_cache.c
          ${CMAKE_SOURCE_DIR}/tests/pipe/pipe_test_util.c LIBS swr_pipe LABELS engine)
