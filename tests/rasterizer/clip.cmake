# Homogeneous clipping (rasterizer/fe_clip.c) against analytic answers and a
# double-precision reference clipper written in barycentric space inside the
# test. Built from sources so that other rasterizer files in progress do not
# affect it.
swr_test(NAME test_clip
  SOURCES ${CMAKE_SOURCE_DIR}/rasterizer/fe_clip.c
          ${CMAKE_CURRENT_LIST_DIR}/test_clip.c
  TIMEOUT 120)
