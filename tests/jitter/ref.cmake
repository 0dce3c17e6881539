# The interpreter against the scalar reference executor (tgsi/tgsi_ref.c):
# every opcode, random control flow, texturing (test_interp_opcodes.c), and
# the whole corpus (test_interp_corpus.c; a missing corpus directory fails
# the test). The inputs, the comparison and the fake sampler are the tools'
# swr_tgsi_test; the corpus loader is swr_tgsi_corpus (tests/tgsi/tgsi.cmake).
swr_test(NAME test_interp_opcodes
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_interp_opcodes.c
  LIBS swr_tgsi_test swr_tgsi_corpus swr_jitter
  TIMEOUT 300)
swr_test(NAME test_interp_corpus
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_interp_corpus.c
  LIBS swr_tgsi_test swr_tgsi_corpus swr_jitter
  ARGS ${SWR_TGSI_CORPUS}
  TIMEOUT 300)
