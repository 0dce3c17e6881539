# GLSL to TGSI (frontend-gallium/glsl): programs compiled, linked and run by
# the interpreter, checked against C oracles; errors and reflection.
swr_test(NAME test_glsl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_glsl.c
  LIBS swr_glsl swr_tgsi swr_jitter
  LABELS glsl
  TIMEOUT 120)
# The GLSL path's optimizations (loop unrolling, TGSI constant folding, copy
# propagation, dead code): optimized against unoptimized programs, bit for bit.
swr_test(NAME test_glsl_opt
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_glsl_opt.c
  LIBS swr_glsl swr_tgsi swr_jitter
  LABELS glsl
  TIMEOUT 120)
