# The jitter's interpreter (jitter/jit_interp*.c).
swr_test(NAME test_interp_basic
         SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_interp_basic.c
         LIBS swr_jitter
         TIMEOUT 120)
