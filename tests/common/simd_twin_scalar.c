/* simd_twin_scalar.c: the vocabulary's scalar twin for test_simd_twin. */
#define SWR_SIMD_SCALAR
#include "common/simd.h"

#define TWIN_TABLE twin_scalar_ops
#define TWIN_COUNT twin_scalar_count
#include "simd_twin_impl.h"
