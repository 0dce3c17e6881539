/* simd_twin_avx2.c: the vocabulary's AVX2 variant for test_simd_twin. */
#include "common/simd.h"

#define TWIN_TABLE twin_avx2_ops
#define TWIN_COUNT twin_avx2_count
#include "simd_twin_impl.h"
