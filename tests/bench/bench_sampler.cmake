# Texture sampler throughput: bilinear and trilinear RGBA8, fast AVX2 path
# against the generic path (samples per second).
swr_bench(NAME bench_sampler
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/bench_sampler.c
  LIBS swr_pipe)
