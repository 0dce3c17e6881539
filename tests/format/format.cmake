# The format table (frontend-gallium/format): generic fetch/store
# (fmt_table.c) and the compressed decoders (fmt_compressed.c), against
# values computed from each format's definition and blocks built by hand
# from the compression specs.
swr_test(NAME test_fmt_table TIMEOUT 120
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_fmt_table.c LIBS swr_format)
swr_test(NAME test_fmt_compressed TIMEOUT 120
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_fmt_compressed.c LIBS swr_format)
