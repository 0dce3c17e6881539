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
# Geometry shaders (GLSL 1.50, issue 20): VS+GS+FS programs link, their GEOM
# TGSI validates and runs in tgsi_ref_run_gs with analytically checked
# vertices, cuts and semantics; GS compile and link errors.
swr_test(NAME test_glsl_gs
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_glsl_gs.c
  LIBS swr_glsl swr_tgsi
  LABELS glsl
  TIMEOUT 60)
