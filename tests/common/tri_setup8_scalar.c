/* tri_setup8_scalar.c: fe_tri_setup8 against the scalar variant of common/simd.h. */
#define SWR_SIMD_SCALAR
#include "rasterizer/fe_setup_tri8.h"

#include "tri_setup8.h"

TRI_SETUP8_WRAPPER(tri_setup8_scalar)
