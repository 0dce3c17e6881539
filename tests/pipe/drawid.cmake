# Draw parameters in a multi-draw draw_vbo (PIPE_CAP_DRAW_PARAMETERS):
# DRAWID (a driver constant per sub-draw), BASEVERTEX and BASEINSTANCE
# read in the VS (and DRAWID in the FS), checked against Gallium's
# definitions per quad.
swr_test(NAME test_pipe_drawid TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_pipe_drawid.c
          ${CMAKE_SOURCE_DIR}/tests/pipe/pipe_test_util.c LIBS swr_pipe LABELS engine)
