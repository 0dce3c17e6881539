# Output merger: formats, hot tiles, depth/stencil, blending (rasterizer/be_formats.c,
# be_output.c, be_blend.c) against the scalar reference tests/rasterizer/ref_output.c.
# (swr_knobs: be_formats.c reads KNOB_USE_GENERIC_STORETILE.)
set(swr_output_srcs
  ${CMAKE_SOURCE_DIR}/rasterizer/be_formats.c
  ${CMAKE_SOURCE_DIR}/rasterizer/be_output.c
  ${CMAKE_SOURCE_DIR}/rasterizer/be_blend.c
  ${CMAKE_SOURCE_DIR}/tests/rasterizer/ref_output.c)
swr_test(NAME test_formats TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/rasterizer/test_formats.c ${swr_output_srcs}
  LIBS swr_knobs)
swr_test(NAME test_depth_stencil TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/rasterizer/test_depth_stencil.c ${swr_output_srcs}
  LIBS swr_knobs)
swr_test(NAME test_blend TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/rasterizer/test_blend.c ${swr_output_srcs}
  LIBS swr_knobs)
