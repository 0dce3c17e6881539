# Corpus shaders drive the whole engine: TGSI images equal the images of
# hand-written C twins of the same shaders (test_engine_tgsi.c).
swr_test(NAME test_engine_tgsi
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_engine_tgsi.c ${CMAKE_SOURCE_DIR}/tests/support/test_util.c
  LIBS swr_core swr_jitter
  LABELS engine
  ARGS ${SWR_TGSI_CORPUS}
  TIMEOUT 120)
