# The shared vocabulary (common/): the SIMD vocabulary's scalar twin
# against its AVX2 variant, function by function and on a whole kernel
# (rasterizer/fe_setup_tri8.h, with rast_tri_setup as the scalar
# reference), and the rule that no file outside common/ names an intrinsic.
swr_test(NAME test_simd_twin
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_simd_twin.c
          ${CMAKE_CURRENT_LIST_DIR}/simd_twin_avx2.c
          ${CMAKE_CURRENT_LIST_DIR}/simd_twin_scalar.c
  LIBS swr_common TIMEOUT 120)

swr_test(NAME test_tri_setup8
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tri_setup8.c
          ${CMAKE_CURRENT_LIST_DIR}/tri_setup8_avx2.c
          ${CMAKE_CURRENT_LIST_DIR}/tri_setup8_scalar.c
          ${CMAKE_SOURCE_DIR}/rasterizer/fe_setup_tri.c
  TIMEOUT 120)

add_test(NAME test_simd_only_common
  COMMAND ${CMAKE_COMMAND} -DSRC=${CMAKE_SOURCE_DIR}
          -P ${CMAKE_CURRENT_LIST_DIR}/scripts/check_simd_only_common.cmake)
