# Triangle coverage (rasterizer/be_raster.c) against the scalar reference
# tests/rasterizer/ref_raster.c. Built from sources so that other rasterizer
# files in progress do not affect these tests.
set(raster_srcs ${CMAKE_SOURCE_DIR}/rasterizer/be_raster.c
                ${CMAKE_SOURCE_DIR}/rasterizer/fe_setup_tri.c
                ${CMAKE_CURRENT_LIST_DIR}/ref_raster.c)
swr_test(NAME test_top_left_rule
         SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_top_left_rule.c ${raster_srcs})
swr_test(NAME test_raster_random
         SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_raster_random.c ${raster_srcs})
swr_test(NAME test_raster_mesh_edges
         SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_raster_mesh_edges.c ${raster_srcs})
