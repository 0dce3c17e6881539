# Line and point coverage (rasterizer/be_line.c) against the scalar
# reference tests/rasterizer/ref_line.c. The tests compile be_line.c
# directly so they do not depend on the rest of swr_rasterizer.
set(LINE_TEST_SOURCES
  ${CMAKE_SOURCE_DIR}/rasterizer/be_line.c
  ${CMAKE_SOURCE_DIR}/rasterizer/fe_setup_line.c
  ${CMAKE_CURRENT_LIST_DIR}/ref_line.c)

swr_test(NAME test_line_diamond
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_line_diamond.c ${LINE_TEST_SOURCES})
swr_test(NAME test_line_random
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_line_random.c ${LINE_TEST_SOURCES})
swr_test(NAME test_line_param
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_line_param.c ${LINE_TEST_SOURCES})
swr_test(NAME test_point_raster
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_point_raster.c ${LINE_TEST_SOURCES}
          ${CMAKE_SOURCE_DIR}/rasterizer/be_raster.c
          ${CMAKE_SOURCE_DIR}/rasterizer/fe_setup_tri.c)
swr_test(NAME test_line_bench
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_line_bench.c ${LINE_TEST_SOURCES})
swr_test(NAME test_line_stipple
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_line_stipple.c ${LINE_TEST_SOURCES})
# Stippled strips/loops/lists through the engine against the reference
# coverage with GL's counter rule, for chunk sizes 1..2040 and 0, 1, 2 (and
# the default number of) workers.
swr_test(NAME test_line_stipple_strip
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_line_stipple_strip.c
          ${CMAKE_CURRENT_LIST_DIR}/ref_line.c ${CMAKE_SOURCE_DIR}/tests/support/test_util.c
  LIBS swr_core swr_rasterizer_headers LABELS engine TIMEOUT 300)
foreach(n 1 2)
  add_test(NAME test_line_stipple_strip_w${n} COMMAND test_line_stipple_strip)
  set_tests_properties(test_line_stipple_strip_w${n} PROPERTIES
    ENVIRONMENT "KNOB_MAX_WORKER_THREADS=${n}" LABELS engine TIMEOUT 300)
endforeach()
swr_test(NAME test_line_smooth
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_line_smooth.c ${LINE_TEST_SOURCES})
# Smooth lines and points through the engine: coverage applied to alpha,
# against 16x16 sub-sampled areas; 0, 1, 2 and the default number of workers.
swr_test(NAME test_smooth_draw
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_smooth_draw.c ${CMAKE_SOURCE_DIR}/tests/support/test_util.c
  LIBS swr_core LABELS engine)
foreach(n 1 2)
  add_test(NAME test_smooth_draw_w${n} COMMAND test_smooth_draw)
  set_tests_properties(test_smooth_draw_w${n} PROPERTIES
    ENVIRONMENT "KNOB_MAX_WORKER_THREADS=${n}" LABELS engine)
endforeach()
