# Line and point coverage (rasterizer/be_line.c) against the scalar
# reference tests/rasterizer/ref_line.c. The tests compile be_line.c
# directly so they do not depend on the rest of swr_rasterizer.
set(LINE_TEST_SOURCES
  ${CMAKE_SOURCE_DIR}/rasterizer/be_line.c
  ${CMAKE_CURRENT_LIST_DIR}/ref_line.c)

swr_test(NAME test_line_diamond
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_line_diamond.c ${LINE_TEST_SOURCES})
swr_test(NAME test_line_random
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_line_random.c ${LINE_TEST_SOURCES})
swr_test(NAME test_line_param
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_line_param.c ${LINE_TEST_SOURCES})
swr_test(NAME test_point_raster
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_point_raster.c ${LINE_TEST_SOURCES})
swr_test(NAME test_line_bench
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_line_bench.c ${LINE_TEST_SOURCES})
