/*
 * be_simd.h: the few SIMD operations the output merger needs that
 * common/simd.h lacks (128-bit row pieces, byte <-> lane conversions). Private
 * to the pixel backend (be_formats.c, be_output.c, be_blend.c, be_draw.c
 * through be_output.h); candidates for simd.h.
 */
#ifndef BE_SIMD_H
#define BE_SIMD_H

#include <string.h>

#include "common/simd.h"

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

/* c - a*b with one rounding: the value of vf8_fma(vf8_neg(a), b, c) bit for
 * bit (the exact product and sum are the same), without the sign flip. */
SIMD_INLINE vf8 vf8_fnma(vf8 a, vf8 b, vf8 c) { return _mm256_fnmadd_ps(a, b, c); }

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

/* Byte k (0..3, a constant) of each 32-bit lane, zero-extended: one op
 * (and, shift or byte shuffle) where shift-and-mask takes two. */
SIMD_INLINE vi8 vi8_byte_of(vi8 p, int k)
{
    if (k == 0)
        return _mm256_and_si256(p, _mm256_set1_epi32(0xff));
    if (k == 3)
        return _mm256_srli_epi32(p, 24);
    const __m256i pick1 = _mm256_setr_epi8(1, -1, -1, -1, 5, -1, -1, -1, 9, -1, -1, -1, 13, -1,
                                           -1, -1, 1, -1, -1, -1, 5, -1, -1, -1, 9, -1, -1, -1,
                                           13, -1, -1, -1);
    const __m256i pick2 = _mm256_setr_epi8(2, -1, -1, -1, 6, -1, -1, -1, 10, -1, -1, -1, 14, -1,
                                           -1, -1, 2, -1, -1, -1, 6, -1, -1, -1, 10, -1, -1, -1,
                                           14, -1, -1, -1);
    return _mm256_shuffle_epi8(p, k == 1 ? pick1 : pick2);
}

/* Four vectors of 32-bit lanes -> 8 pixels of 4 bytes: byte k of pixel i
 * is lane i of ck saturated to [0, 255] (any int32: negative -> 0, above
 * 255 -> 255). Saturating packs, int32 -> int16 then int16 -> uint8,
 * which leave each 128-bit half as c0[0..3] c1[0..3] c2[0..3] c3[0..3],
 * and one byte shuffle to pixel order: 4 ops where shift-and-or take 6. */
SIMD_INLINE vi8 vi8_pack_u8x4(vi8 c0, vi8 c1, vi8 c2, vi8 c3)
{
    const __m256i to_pixels = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11,
                                               15, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7,
                                               11, 15);
    __m256i p = _mm256_packus_epi16(_mm256_packs_epi32(c0, c1), _mm256_packs_epi32(c2, c3));
    return _mm256_shuffle_epi8(p, to_pixels);
}

#endif /* BE_SIMD_H */
