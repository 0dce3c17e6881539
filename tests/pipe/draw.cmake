# The swr pipe driver's CSOs, state, draw_vbo and clears
# (frontend-gallium/pipe/swrp_state.c, swrp_shader.c, swrp_draw.c), driven
# through the pipe_context table with TGSI text shaders and checked pixel
# by pixel against analytic images (coverage by the top-left rule, depth
# order, blend formulas, texel colours). Runs the worker pool: "engine".
# test_pipe_draw_clip runs the clip-distance test alone (the only one that
# reaches the engine's exact clipper).
swr_test(NAME test_pipe_draw TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_pipe_draw.c
          ${CMAKE_SOURCE_DIR}/tests/pipe/pipe_test_util.c LIBS swr_pipe LABELS engine)
add_test(NAME test_pipe_draw_clip COMMAND test_pipe_draw clip)
set_tests_properties(test_pipe_draw_clip PROPERTIES TIMEOUT 120 LABELS engine)
