# TGSI interpreter: per-instruction cost and corpus throughput. The smoke run
# measures only the dispatch kinds (the corpus runs take a while to load).
swr_bench(NAME bench_interp
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/bench_interp.c
  LIBS swr_jitter swr_tgsi_test swr_tgsi_corpus
  FILTER "interp/dispatch/MAD$")
target_compile_definitions(bench_interp PRIVATE SWR_TGSI_CORPUS="${SWR_TGSI_CORPUS}")
