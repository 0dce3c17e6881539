# Primitive assembly (rasterizer/fe_assemble.c) against an independent
# whole-draw reference (ref_assemble.c) and hand-written GL table cases.
swr_test(NAME test_assemble
  SOURCES ${CMAKE_SOURCE_DIR}/rasterizer/fe_assemble.c
          ${CMAKE_CURRENT_LIST_DIR}/test_assemble.c
          ${CMAKE_CURRENT_LIST_DIR}/ref_assemble.c
  TIMEOUT 120)
