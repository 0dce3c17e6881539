# Feature tests of the whole engine (core/swr.h API), each against analytic
# answers written from the GL / Gallium rules: flat shading, polygon offset
# and mode, points and lines, two-sided stencil, clip distances, scissor and
# viewports, MRT and blend masks, clears and render-target formats.
set(feature_support ${CMAKE_SOURCE_DIR}/tests/support/test_util.c
                    ${CMAKE_SOURCE_DIR}/tests/core/test_feature_common.c)
foreach(feature flatshade polygon_offset polygon_mode points_lines stencil_two_sided
                clip_distances scissor_viewport mrt_masks clear formats_rt fragcoord
                fp_env)
  set(src ${CMAKE_SOURCE_DIR}/tests/core/test_feature_${feature}.c)
  if(EXISTS ${src})
    swr_test(NAME test_feature_${feature} SOURCES ${src} ${feature_support}
      LIBS swr_core LABELS engine TIMEOUT 120)
  endif()
endforeach()
