# The GL raster part (frontend-gallium/gl/raster/): rasterizer / per-fragment
# state, queries; and the clears (framebuffer part) that use its state.
swr_test(NAME test_gl_raster TIMEOUT 120 LABELS gl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gl_raster.c LIBS swr_gl_test_util swr_gl)
