# The swr pipe driver's generate_mipmap (swrp_mipmap.c). test_pipe_mipmap
# checks every generated level against the 2x2 (2x2x2) average of its
# parents computed in the test, per layer and cube face, and the refusals.
swr_test(NAME test_pipe_mipmap
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_pipe_mipmap.c
          ${CMAKE_SOURCE_DIR}/tests/pipe/pipe_test_util.c LIBS swr_pipe)
