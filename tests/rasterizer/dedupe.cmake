# The frontend's vertex sharing on indexed draws (rasterizer/fe_dedupe.c)
# against the same triangles drawn from fresh, unshared vertices, and the
# VS invocation count against the chunk ownership rule (fe_assemble.h).
swr_test(NAME test_fe_dedupe
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_fe_dedupe.c ${CMAKE_SOURCE_DIR}/tests/support/test_util.c
  LIBS swr_core LABELS engine TIMEOUT 300)
