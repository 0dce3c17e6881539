# Pixel-shader input interpolation of the backend (rasterizer/be_draw.c)
# through the engine API, against values computed in double.
swr_test(NAME test_interp_planes
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_interp_planes.c
          ${CMAKE_SOURCE_DIR}/tests/support/test_util.c
  LIBS swr_core LABELS engine TIMEOUT 120)
