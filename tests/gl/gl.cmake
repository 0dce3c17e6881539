# Support code shared by the GL frontend's unit tests (tests/gl/test_gl_*.c):
# a context with a window framebuffer, program construction, readback.
# Tests link it as `LIBS swr_gl_test_util swr_gl`: both are object libraries,
# so every part's strong swrgl_* definition replaces the generated weak stub.
add_library(swr_gl_test_util OBJECT ${CMAKE_CURRENT_LIST_DIR}/gl_test_util.c)
target_link_libraries(swr_gl_test_util PUBLIC swr_gl)
# The context core: errors, strings, glGet conversions, GetProcAddress.
swr_test(NAME test_gl_context TIMEOUT 60 LABELS gl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gl_context.c LIBS swr_gl_test_util swr_gl)
