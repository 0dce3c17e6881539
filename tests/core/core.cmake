# Whole-engine tests (core/swr.h API) against independent oracles: the scalar
# reference renderer tests/support/ref_render.c (which uses the rasterizer
# helpers' references ref_raster.c and ref_output.c), analytic answers and
# independently written primitive enumerations.
set(core_tests ${CMAKE_SOURCE_DIR}/tests/core)
set(core_support ${CMAKE_SOURCE_DIR}/tests/support/test_util.c)
set(core_ref ${CMAKE_SOURCE_DIR}/tests/support/ref_render.c
             ${CMAKE_SOURCE_DIR}/tests/rasterizer/ref_raster.c
             ${CMAKE_SOURCE_DIR}/tests/rasterizer/ref_output.c)

swr_test(NAME test_render_reference
  SOURCES ${core_tests}/test_render_reference.c ${core_support} ${core_ref}
  LIBS swr_core swr_knobs LABELS engine TIMEOUT 120)
target_include_directories(test_render_reference PRIVATE ${CMAKE_SOURCE_DIR}/tests/rasterizer)

swr_test(NAME test_topology_chunks
  SOURCES ${core_tests}/test_topology_chunks.c ${core_support}
  LIBS swr_core swr_knobs LABELS engine TIMEOUT 120)

swr_test(NAME test_determinism
  SOURCES ${core_tests}/test_determinism.c ${core_support}
  LIBS swr_core swr_knobs LABELS threading engine TIMEOUT 300)

swr_test(NAME test_clipping
  SOURCES ${core_tests}/test_clipping.c ${core_support}
  LIBS swr_core swr_knobs LABELS engine TIMEOUT 120)

swr_test(NAME test_api_validation
  SOURCES ${core_tests}/test_api_validation.c ${core_support}
  LIBS swr_core swr_knobs LABELS engine TIMEOUT 120)

swr_test(NAME test_state_versioning
  SOURCES ${core_tests}/test_state_versioning.c ${core_support}
  LIBS swr_core swr_knobs LABELS engine TIMEOUT 120)

swr_test(NAME test_toss_points
  SOURCES ${core_tests}/test_toss_points.c ${core_support}
  LIBS swr_core swr_knobs LABELS engine TIMEOUT 120)
swr_test(NAME test_multi_context
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_multi_context.c ${CMAKE_SOURCE_DIR}/tests/support/test_util.c
  LIBS swr_core swr_knobs LABELS threading engine TIMEOUT 300)

# test_render_reference again with tile stores on the per-pixel path
# (KNOB_USE_GENERIC_STORETILE): colour and depth formats against the same
# scalar reference.
add_test(NAME test_render_reference_generic_store COMMAND test_render_reference)
set_tests_properties(test_render_reference_generic_store PROPERTIES
  ENVIRONMENT "KNOB_USE_GENERIC_STORETILE=1" LABELS engine TIMEOUT 120)

# Stream output against a scalar reference of GL transform feedback: every
# topology, indexed and restart draws, instances, appending, overflow,
# interleaved and separate buffers, rasterizer discard; every chunk size,
# single-threaded and with 1, 2 and 4 workers.
swr_test(NAME test_stream_output
  SOURCES ${core_tests}/test_stream_output.c ${core_support}
  LIBS swr_core swr_knobs LABELS threading engine TIMEOUT 300)
add_test(NAME test_stream_output_single_threaded COMMAND test_stream_output)
set_tests_properties(test_stream_output_single_threaded PROPERTIES
  ENVIRONMENT "KNOB_SINGLE_THREADED=1" LABELS engine TIMEOUT 300)

# The geometry shader stage (rasterizer/fe_gs.c) with hand-written C
# kernels against a scalar reference: GS input assembly by the GL tables
# (adjacency included), stream output capture word for word, images
# bit-exact against the CPU-expanded draw without GS, every chunk size and
# worker count; CTest runs it once more with KNOB_SINGLE_THREADED=1.
swr_test(NAME test_geometry_shader
  SOURCES ${core_tests}/test_geometry_shader.c ${core_support}
  LIBS swr_core swr_knobs LABELS threading engine TIMEOUT 300)
add_test(NAME test_geometry_shader_single_threaded COMMAND test_geometry_shader)
set_tests_properties(test_geometry_shader_single_threaded PROPERTIES
  ENVIRONMENT "KNOB_SINGLE_THREADED=1" LABELS engine TIMEOUT 300)
