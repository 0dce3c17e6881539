# The jitter's interpreter (jitter/jit_interp*.c) and the math it shares with
# the scalar reference executor (jitter/jit_math.h).
swr_test(NAME test_jit_math
         SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_jit_math.c
         LIBS swr_jitter_headers
         TIMEOUT 120)
swr_test(NAME test_interp_basic
         SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_interp_basic.c
         LIBS swr_jitter
         TIMEOUT 120)
