# The swr pipe driver's queries, render conditions (swrp_query.c) and
# blits (swrp_blit.c). test_pipe_query counts pixels and primitives of
# analytic rectangles and holds a draw on an atomic flag to check
# non-blocking results: it runs the worker pool ("engine", run under TSan).
# test_pipe_blit checks blits texel by texel against the mapping formula.
swr_test(NAME test_pipe_query TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_pipe_query.c
          ${CMAKE_SOURCE_DIR}/tests/pipe/pipe_test_util.c
          ${CMAKE_SOURCE_DIR}/tests/support/test_util.c
  LIBS swr_pipe LABELS engine)
swr_test(NAME test_pipe_blit TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_pipe_blit.c
          ${CMAKE_SOURCE_DIR}/tests/pipe/pipe_test_util.c LIBS swr_pipe)
