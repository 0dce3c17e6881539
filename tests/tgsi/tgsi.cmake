# The TGSI part (tgsi/). swr_tgsi_corpus: the loader of the Mesa corpus
# (tests/support/tgsi_corpus.h) for the tests and benchmarks that read it;
# the random inputs, comparison and fake sampler they run shaders with are
# the tools' swr_tgsi_test (tools/CMakeLists.txt).
add_library(swr_tgsi_corpus STATIC ${CMAKE_SOURCE_DIR}/tests/support/tgsi_corpus.c)
target_link_libraries(swr_tgsi_corpus PUBLIC swr_flags)
target_include_directories(swr_tgsi_corpus PUBLIC ${CMAKE_SOURCE_DIR}/tests/support)

# The text parser, validator and printer (tgsi_parse.c, tgsi_validate.c,
# tgsi_print.c, tgsi_program.c) against the Mesa corpus, hand-written
# shaders, an error table and mutated texts. The corpus is an argument; a
# missing corpus fails the test.
swr_test(NAME test_tgsi_parse
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tgsi_parse.c
  LIBS swr_tgsi_corpus swr_tgsi
  ARGS ${SWR_TGSI_CORPUS}
  TIMEOUT 120)

# The scalar reference executor (tgsi_ref.c) against answers worked out by
# hand from tgsi.rst and the execution contract.
swr_test(NAME test_tgsi_ref
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tgsi_ref.c
  LIBS swr_tgsi_test swr_tgsi
  TIMEOUT 120)

# The transcendentals every executor shares (tgsi_math.h): scalar and 8-lane
# forms bit for bit, and their accuracy against libm.
swr_test(NAME test_tgsi_math
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tgsi_math.c
  LIBS swr_tgsi_headers
  TIMEOUT 120)
