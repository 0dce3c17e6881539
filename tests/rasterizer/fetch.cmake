# Vertex fetch (rasterizer/fe_fetch.c) against the scalar reference ref_fetch.c.
swr_test(NAME test_fetch
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_fetch.c ${CMAKE_CURRENT_LIST_DIR}/ref_fetch.c
          ${CMAKE_SOURCE_DIR}/rasterizer/fe_fetch.c
  TIMEOUT 120)
