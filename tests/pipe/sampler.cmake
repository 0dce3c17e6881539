# Texture sampler (frontend-gallium/pipe/swrp_sampler.c) against the
# double-precision reference ref_sampler.c and analytic answers.
swr_test(NAME test_sampler
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_sampler.c ${CMAKE_CURRENT_LIST_DIR}/ref_sampler.c
  LIBS swr_pipe
  TIMEOUT 120)
