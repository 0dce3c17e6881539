# The GL immediate-mode and display-list parts (frontend-gallium/gl/immediate/,
# dlist/): glBegin/glEnd errors, batching and rendering against analytic
# colours; display-list names, errors, compile modes, nesting, glCallLists
# types and replayed geometry against GL 2.1 section 5.4.
swr_test(NAME test_gl_immediate TIMEOUT 60 LABELS gl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gl_immediate.c LIBS swr_gl_test_util swr_gl)
swr_test(NAME test_gl_dlist TIMEOUT 60 LABELS gl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gl_dlist.c LIBS swr_gl_test_util swr_gl)
