# The GL vertex and draw parts (frontend-gallium/gl/vertex/, draw/): buffer
# objects and maps, VAOs, attribute state and errors, and draws checked
# against analytic colours (skipped until the program part can link
# programs).
swr_test(NAME test_gl_vertex TIMEOUT 120 LABELS gl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gl_vertex.c LIBS swr_gl_test_util swr_gl)

# The legacy (GL 1.x) vertex data of the vertex part (vertex/gl_vertex_legacy.c):
# current values, legacy arrays, glInterleavedArrays, client states, and
# GLSL built-in attributes fed from them.
swr_test(NAME test_gl_legacy_vertex TIMEOUT 60 LABELS gl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gl_legacy_vertex.c LIBS swr_gl_test_util swr_gl)
