# Pipe state implemented by shader variants (frontend-gallium/pipe/
# swrp_shader_lower.c): user clip planes from POSITION or CLIPVERTEX,
# polygon stipple, vertex and fragment colour clamping, checked against
# per-pixel plane evaluation, the stipple pattern and saturated constants.
swr_test(NAME test_pipe_variants TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_pipe_variants.c
          ${CMAKE_SOURCE_DIR}/tests/pipe/pipe_test_util.c LIBS swr_pipe LABELS engine)
