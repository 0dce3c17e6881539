/*
 * be_simd.h: the few SIMD operations the output merger needs that
 * core/simd.h lacks (128-bit row pieces, byte <-> lane conversions). Private
 * to be_formats.c / be_output.c / be_blend.c; candidates for simd.h.
 */
#ifndef BE_SIMD_H
#define BE_SIMD_H

#include <string.h>

#include "core/simd.h"

typedef __m128i vi4; /* 4 x 32-bit ints, one 4-pixel row piece of a 4-byte format */

SIMD_INLINE vi4 vi4_load(const void *p) { return _mm_loadu_si128((const __m128i *)p); }
SIMD_INLINE void vi4_store(void *p, vi4 a) { _mm_storeu_si128((__m128i *)p, a); }
/* [a0 a1 b0 b1] and [a2 a3 b2 b3] in 32-bit units: the two 2x2 quads of a
 * 4x2 block whose rows are a and b. */
SIMD_INLINE vi4 vi4_unpacklo64(vi4 a, vi4 b) { return _mm_unpacklo_epi64(a, b); }
SIMD_INLINE vi4 vi4_unpackhi64(vi4 a, vi4 b) { return _mm_unpackhi_epi64(a, b); }
SIMD_INLINE vi8 vi8_from_vi4x2(vi4 lo, vi4 hi)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}
SIMD_INLINE vi4 vi8_lo128(vi8 a) { return _mm256_castsi256_si128(a); }
SIMD_INLINE vi4 vi8_hi128(vi8 a) { return _mm256_extracti128_si256(a, 1); }

/* 8 bytes -> 8 zero-extended lanes. */
SIMD_INLINE vi8 vi8_load_u8x8(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)v));
}
/* Low byte of each lane -> 8 bytes. */
SIMD_INLINE void vi8_store_u8x8(uint8_t *p, vi8 a)
{
    const __m256i pick = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                          -1, 0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                          -1, -1);
    __m256i t = _mm256_shuffle_epi8(a, pick);
    uint32_t lo = (uint32_t)_mm_cvtsi128_si32(_mm256_castsi256_si128(t));
    uint32_t hi = (uint32_t)_mm_cvtsi128_si32(_mm256_extracti128_si256(t, 1));
    uint64_t v = (uint64_t)lo | ((uint64_t)hi << 32);
    memcpy(p, &v, 8);
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

/* 8 floats at p (32 bytes) read as two 16-byte halves. For data another
 * function has just stored (the pixel shader's outputs): a 32-byte load
 * that spans two 16-byte stores cannot be store-forwarded and stalls until
 * they retire (~12 cycles on Zen), while each half is contained in one
 * store of either width and forwards. One extra uop. */
SIMD_INLINE vf8 vf8_load_2x128(const float *p)
{
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p)), _mm_loadu_ps(p + 4), 1);
}

/* 8 halves at p -> 8 floats, and back (round to nearest even). */
SIMD_INLINE vf8 vf8_load_half8(const void *p) { return vf8_from_half(_mm_loadu_si128((const __m128i *)p)); }
SIMD_INLINE void vf8_store_half8(void *p, vf8 a) { _mm_storeu_si128((__m128i *)p, vf8_to_half(a)); }

/* c / d correctly rounded for integer c in [0, d] and d in {3, 255, 1023,
 * 65535}: q = c * (1/d) is within an ulp, the FMA residual c - q*d is exact,
 * and one Newton step lands on the correctly rounded quotient (checked for
 * every c by test_formats: unorm_unpack_exact). Costs 3 FMA-unit ops where a
 * divide costs ~5 cycles of throughput. */
SIMD_INLINE vf8 vf8_div_unorm(vf8 c, float d)
{
    vf8 r = vf8_set1(1.0f / d);
    vf8 q = vf8_mul(c, r);
    vf8 e = vf8_fma(vf8_neg(q), vf8_set1(d), c);
    return vf8_fma(e, r, q);
}

#endif /* BE_SIMD_H */
