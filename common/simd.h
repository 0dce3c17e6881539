/*
 * simd.h: the SIMD vocabulary, the one header every SIMD kernel of swr is
 * written against.
 *
 *   vf8    8 floats          vi8   8 x 32-bit ints, also used as lane masks
 *   vf8x4  an SoA vec4 (x[8], y[8], z[8], w[8])
 *   vi64x4 4 x 64-bit ints (edge equations of large triangles)
 *   vd4    4 doubles         vf4, vi4  4 floats / 4 ints (half a vf8 / vi8)
 *   vh8    8 halves (binary16)
 * Lane masks come in two forms: a vi8 whose lanes are all-ones / all-zeros,
 * and a plain 8-bit integer (bit i = lane i), converted with vi8_movemask()
 * and vi8_from_bits().
 *
 * The functions are defined by a variant header behind this one, chosen at
 * compile time:
 *   simd_avx2.h    AVX2 + FMA + F16C, the engine's build: the only file
 *                  that names the intrinsics (a CTest, test_simd_only_common,
 *                  fails on any other that does);
 *   simd_scalar.h  the scalar twin (SWR_SIMD_SCALAR defined before the
 *                  first include): the same types as structs of plain
 *                  arrays and the same functions lane by lane, bit for bit
 *                  the same results, so that a test can compile a kernel
 *                  both ways and compare (test_simd_twin checks every
 *                  function, test_tri_setup8 a whole kernel).
 * The functions after the variant's are written with the vocabulary
 * itself, once for every variant. Width is 8. An AVX-512 build of the same
 * kernels adds one variant of this header (simd_avx512.h, chosen at run
 * time by CPUID per translation unit built for it); nothing outside common/
 * may depend on the register type behind vf8.
 */
#ifndef SWR_SIMD_H
#define SWR_SIMD_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define SIMD_WIDTH  8
#define SIMD_INLINE static inline __attribute__((always_inline))

#ifdef SWR_SIMD_SCALAR
#include "common/simd_scalar.h"
#else
#include "common/simd_avx2.h"
#endif

typedef struct vf8x4 {
    vf8 v[4];
} vf8x4;

/* ---- written with the vocabulary ----------------------------------------------- */

/* vi8_deinterleave3 for floats, and both from memory (24 consecutive
 * 32-bit values at p, unaligned). */
SIMD_INLINE void vf8_deinterleave3(vf8 a, vf8 b, vf8 c, vf8 out[3])
{
    vi8 t[3];
    vi8_deinterleave3(vf8_as_vi8(a), vf8_as_vi8(b), vf8_as_vi8(c), t);
    for (int k = 0; k < 3; k++)
        out[k] = vi8_as_vf8(t[k]);
}
SIMD_INLINE void vi8_load_deinterleave3(const void *p, vi8 out[3])
{
    const uint8_t *q = (const uint8_t *)p;
    vi8_deinterleave3(vi8_load(q), vi8_load(q + 32), vi8_load(q + 64), out);
}
SIMD_INLINE void vf8_load_deinterleave3(const float *p, vf8 out[3])
{
    vf8_deinterleave3(vf8_load(p), vf8_load(p + 8), vf8_load(p + 16), out);
}

/* Writes the lanes of v selected by lane_mask (bit i = lane i) to the 32
 * bytes at p, whose current content is old (the caller usually loaded it
 * already for a compare or a blend). A plain store replaces the masked store
 * (vpmaskmovd is microcoded on AMD, ~20 cycles): all lanes write v when the
 * mask is full, else v and old are merged first. The unselected lanes are
 * rewritten with the value they held, which is fine for hot tiles: only the
 * worker owning the macrotile touches them. */
SIMD_INLINE void vi8_store_lanes_over(void *p, vi8 old, vi8 v, uint32_t lane_mask)
{
    if ((lane_mask & 0xff) == 0xff)
        vi8_store(p, v);
    else
        vi8_store(p, vi8_select(vi8_from_bits(lane_mask), old, v));
}
SIMD_INLINE void vi8_store_lanes(void *p, vi8 v, uint32_t lane_mask)
{
    if ((lane_mask & 0xff) == 0xff)
        vi8_store(p, v);
    else
        vi8_store(p, vi8_select(vi8_from_bits(lane_mask), vi8_load(p), v));
}

/* c / d correctly rounded for integer c in [0, d] and d in {3, 255, 1023,
 * 65535}: q = c * (1/d) is within an ulp, the FMA residual c - q*d is exact,
 * and one Newton step lands on the correctly rounded quotient (checked for
 * every c by test_formats: unorm_unpack_exact). Costs 3 FMA-unit ops where a
 * divide costs ~5 cycles of throughput. */
SIMD_INLINE vf8 vf8_div_unorm(vf8 c, float d)
{
    vf8 r = vf8_set1(1.0f / d);
    vf8 q = vf8_mul(c, r);
    vf8 e = vf8_fnma(q, vf8_set1(d), c);
    return vf8_fma(e, r, q);
}

/* c / 255 correctly rounded for integer c in [0, 255], in 2 ops: with
 * h = RN(1/255) and l = RN(1/255 - h), c*h + RN(c*l) is within 2^-46 of
 * c / 255 relative and the FMA rounds it once; c / 255 (the byte c
 * repeating in binary) lies at least 2^-9 ulp from a rounding midpoint,
 * so that rounding is the correct one. The same value as
 * vf8_div_unorm(c, 255.0f) (test_blend checks every c). */
SIMD_INLINE vf8 vf8_div255(vf8 c)
{
    const float h = 1.0f / 255.0f;
    const float l = (float)(1.0 / 255.0 - (double)(1.0f / 255.0f));
    return vf8_fma(c, vf8_set1(h), vf8_mul(c, vf8_set1(l)));
}

/* The floating-point environment of engine work: MXCSR 0x1F80, the x86-64
 * default (round to nearest even, all exceptions masked, denormals neither
 * flushed nor read as zero). Shader registers are untyped, so integer
 * values travel through float moves and adds (flat inputs are x + -0.0f):
 * an application built with -ffast-math (which sets flush-to-zero and
 * denormals-are-zero) or one that changes the rounding mode would otherwise
 * zero small integers and change float results, and differently on the API
 * thread than on workers created earlier. simd_fp_enter returns the
 * caller's MXCSR for simd_fp_leave, so the API thread gets its own back. */
#define SIMD_MXCSR_ENGINE 0x1F80u
#define SIMD_MXCSR_FLAGS 0x3Fu /* the sticky exception flags, not a setting */
SIMD_INLINE uint32_t simd_fp_enter(void)
{
    uint32_t old = simd_fp_csr();
    if ((old & ~SIMD_MXCSR_FLAGS) != SIMD_MXCSR_ENGINE)
        simd_fp_set_csr(SIMD_MXCSR_ENGINE);
    return old;
}
SIMD_INLINE void simd_fp_leave(uint32_t old)
{
    if ((old & ~SIMD_MXCSR_FLAGS) != SIMD_MXCSR_ENGINE)
        simd_fp_set_csr(old);
}

#endif /* SWR_SIMD_H */
