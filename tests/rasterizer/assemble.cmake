# Primitive assembly (rasterizer/fe_assemble.c) against an independent
# whole-draw reference (ref_assemble.c) and hand-written GL table cases.
swr_test(NAME test_assemble
  SOURCES ${CMAKE_SOURCE_DIR}/rasterizer/fe_assemble.c
          ${CMAKE_CURRENT_LIST_DIR}/test_assemble.c
          ${CMAKE_CURRENT_LIST_DIR}/ref_assemble.c
  TIMEOUT 120)

# Stream output's per-chunk primitive counts (fe_chunk_output_prefix) against
# fe_assemble's chunks and the GL tables' totals.
swr_test(NAME test_so_prefix
  SOURCES ${CMAKE_SOURCE_DIR}/rasterizer/fe_assemble.c
          ${CMAKE_CURRENT_LIST_DIR}/test_so_prefix.c
  TIMEOUT 120)
