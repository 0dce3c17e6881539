# Pipe driver formats: the format table with generic fetch/store
# (frontend-gallium/pipe/swrp_format.c) and the compressed decoders
# (swrp_format_compressed.c), against values computed from each format's
# definition and blocks built by hand from the compression specs.
swr_test(NAME test_pipe_formats TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_formats.c LIBS swr_pipe)
swr_test(NAME test_pipe_formats_compressed TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_formats_compressed.c LIBS swr_pipe)
