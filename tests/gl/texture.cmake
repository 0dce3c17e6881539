# The texture part: objects, parameters, images, level queries, GetTexImage
# round trips, mipmaps, compressed images and sampling through GLSL.
swr_test(NAME test_gl_texture TIMEOUT 120 LABELS gl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gl_texture.c LIBS swr_gl_test_util swr_gl)
