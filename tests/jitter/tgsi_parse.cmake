# The TGSI text parser, validator and printer (jitter/tgsi_parse.c,
# tgsi_validate.c, tgsi_print.c, tgsi_program.c) against the Mesa corpus,
# hand-written shaders, an error table and mutated texts. The corpus is an
# argument; a missing corpus fails the test.
swr_test(NAME test_tgsi_parse
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tgsi_parse.c
  LIBS swr_tgsi_ref swr_jitter
  ARGS ${SWR_TGSI_CORPUS}
  TIMEOUT 120)
