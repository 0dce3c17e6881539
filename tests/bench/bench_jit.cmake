# The LLVM JIT executor on bench_interp.c's cases (bench_jit.c): per
# 8-lane instruction cost and corpus throughput, to compare with
# bench_interp. Only when LLVM 15 was found (jitter/CMakeLists.txt).
get_property(swr_have_llvm GLOBAL PROPERTY SWR_HAVE_LLVM)
if(swr_have_llvm)
  swr_bench(NAME bench_jit
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/bench_jit.c
    LIBS swr_jitter swr_tgsi_test swr_tgsi_corpus
    FILTER "llvm/interp/dispatch/MAD$")
  target_compile_definitions(bench_jit PRIVATE SWR_TGSI_CORPUS="${SWR_TGSI_CORPUS}")
endif()

# The smoke test runs one dispatch case, but bench_interp.c's main compiles
# the whole corpus first (minutes through LLVM): give it a small copy.
if(swr_have_llvm AND EXISTS ${SWR_TGSI_CORPUS})
  file(GLOB bench_jit_vert ${SWR_TGSI_CORPUS}/vert-0*.tgsi)
  file(GLOB bench_jit_frag ${SWR_TGSI_CORPUS}/frag-0*.tgsi)
  list(SORT bench_jit_vert)
  list(SORT bench_jit_frag)
  list(SUBLIST bench_jit_vert 0 10 bench_jit_vert)
  list(SUBLIST bench_jit_frag 0 10 bench_jit_frag)
  file(COPY ${bench_jit_vert} ${bench_jit_frag} DESTINATION ${CMAKE_BINARY_DIR}/bench_jit_corpus)
  set_tests_properties(bench_smoke_bench_jit PROPERTIES
    ENVIRONMENT SWR_TGSI_CORPUS=${CMAKE_BINARY_DIR}/bench_jit_corpus)
endif()
