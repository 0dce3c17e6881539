# The shader preamble split (jitter/jit_preamble.c): split vs unsplit
# programs bit for bit on the interpreter and, when LLVM 15 was found, the
# LLVM JIT (random programs, a longfs-like program, the corpus).
swr_test(NAME test_jit_preamble
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_jit_preamble.c
  LIBS swr_tgsi_test swr_tgsi_corpus swr_jitter
  ARGS ${SWR_TGSI_CORPUS}
  LABELS jitter
  TIMEOUT 900)
get_property(swr_have_llvm_preamble GLOBAL PROPERTY SWR_HAVE_LLVM)
if(swr_have_llvm_preamble)
  target_compile_definitions(test_jit_preamble PRIVATE SWR_TEST_HAVE_LLVM=1)
endif()
# Sanitizer builds run about 300 corpus files spread over the corpus.
if(SWR_SANITIZE)
  set_tests_properties(test_jit_preamble PROPERTIES ENVIRONMENT SWR_PREAMBLE_CORPUS_LIMIT=300)
endif()
