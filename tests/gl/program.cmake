# The program part (gl_program.c, gl_uniform.c): shader/program objects,
# compile/link through swr_glsl, reflection, uniforms, rendering with uniforms.
swr_test(NAME test_gl_program TIMEOUT 120 LABELS gl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gl_program.c LIBS swr_gl_test_util swr_gl)
