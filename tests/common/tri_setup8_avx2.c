/* tri_setup8_avx2.c: fe_tri_setup8 against the avx2 variant of common/simd.h. */
#include "rasterizer/fe_setup_tri8.h"

#include "tri_setup8.h"

TRI_SETUP8_WRAPPER(tri_setup8_avx2)
