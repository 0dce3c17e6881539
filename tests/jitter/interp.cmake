# The jitter's interpreter (jitter/jit_interp*.c).
swr_test(NAME test_interp_basic
         SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_interp_basic.c
         LIBS swr_jitter
         TIMEOUT 120)

# Geometry shaders in the interpreter against the reference executor:
# every input topology, emit counts 0 past max_vertices, cuts.
swr_test(NAME test_interp_gs
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_interp_gs.c
  LIBS swr_tgsi_test swr_jitter
  TIMEOUT 120)
