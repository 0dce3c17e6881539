# Geometry shaders through the pipe driver (swrp_shader.c create_gs_state,
# the VS -> GS -> FS linkage by semantic, the GS's stream output, the
# mode check of draw_vbo) against the same scenes drawn without a GS from
# CPU-expanded geometry, and buffers worked out by hand. Runs the worker
# pool ("engine", run under TSan).
swr_test(NAME test_pipe_gs TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_pipe_gs.c
          ${CMAKE_SOURCE_DIR}/tests/pipe/pipe_test_util.c
  LIBS swr_pipe LABELS engine)
