# The scalar reference executor of TGSI (tests/support/tgsi_ref.c), the fake
# sampler, the random inputs and the corpus loader, as one library for the tests and the lead's
# command-line tool; the reference's own test against analytic answers.
add_library(swr_tgsi_ref STATIC
  ${CMAKE_SOURCE_DIR}/tests/support/tgsi_ref.c
  ${CMAKE_SOURCE_DIR}/tests/support/tgsi_test_sampler.c
  ${CMAKE_SOURCE_DIR}/tests/support/tgsi_test_inputs.c
  ${CMAKE_SOURCE_DIR}/tests/support/tgsi_corpus.c)
target_link_libraries(swr_tgsi_ref PUBLIC swr_flags swr_jitter PRIVATE swr_core_headers)
target_include_directories(swr_tgsi_ref PUBLIC ${CMAKE_SOURCE_DIR}/tests/support)

swr_test(NAME test_tgsi_ref
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tgsi_ref.c
  LIBS swr_tgsi_ref
  TIMEOUT 120)

# The interpreter against the reference: every opcode, random control flow,
# texturing (test_interp_opcodes.c), and the whole corpus
# (test_interp_corpus.c; a missing corpus directory fails the test).
swr_test(NAME test_interp_opcodes
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_interp_opcodes.c
  LIBS swr_tgsi_ref swr_jitter
  TIMEOUT 300)
swr_test(NAME test_interp_corpus
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_interp_corpus.c
  LIBS swr_tgsi_ref swr_jitter
  ARGS ${SWR_TGSI_CORPUS}
  TIMEOUT 300)
