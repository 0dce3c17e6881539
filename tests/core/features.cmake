# Feature tests of the whole engine (core/swr.h API), each against analytic
# answers written from the GL / Gallium rules: flat shading, polygon offset
# and mode, points and lines, two-sided stencil, clip distances, scissor and
# viewports, MRT and blend masks, clears and render-target formats.
set(feature_support ${CMAKE_SOURCE_DIR}/tests/support/test_util.c
                    ${CMAKE_SOURCE_DIR}/tests/core/test_feature_common.c)
foreach(feature flatshade polygon_offset polygon_mode points_lines stencil_two_sided
                clip_distances scissor_viewport mrt_masks clear formats_rt fragcoord
                fp_env late_ds depth_modes)
  set(src ${CMAKE_SOURCE_DIR}/tests/core/test_feature_${feature}.c)
  if(EXISTS ${src})
    swr_test(NAME test_feature_${feature} SOURCES ${src} ${feature_support}
      LIBS swr_core swr_knobs LABELS engine TIMEOUT 120)
  endif()
endforeach()

# The same checks with tile stores on the per-pixel path
# (KNOB_USE_GENERIC_STORETILE): the whole-macrotile stores and the generic
# ones must give the same bytes, so the format and reference tests hold for both.
if(TARGET test_feature_formats_rt)
  add_test(NAME test_feature_formats_rt_generic_store COMMAND test_feature_formats_rt)
  set_tests_properties(test_feature_formats_rt_generic_store PROPERTIES
    ENVIRONMENT "KNOB_USE_GENERIC_STORETILE=1" LABELS engine TIMEOUT 120)
endif()
