/*
 * fe_fetch_simd.h: the few AVX2 operations vertex fetch needs that
 * common/simd.h does not have (masked byte gathers, 64-bit lane address math,
 * 8x128-bit load + transpose, half and double conversions). Private to
 * fe_fetch.c; candidates for simd.h if another part wants them.
 */
#ifndef FE_FETCH_SIMD_H
#define FE_FETCH_SIMD_H

#include "common/simd.h"

/* *(int32*)(base + off[i]) for lanes whose mask lane is all-ones, 0 in the
 * others. Masked-off lanes touch no memory (so they may hold any offset). */
SIMD_INLINE vi8 fe_gather_bytes_masked(const void *base, vi8 off, vi8 mask)
{
    return _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)base, off, mask, 1);
}

/* Lanes 0..3 / 4..7 of an int32 vector, sign-extended to 64 bits. */
SIMD_INLINE vi64x4 fe_vi8_lo_to_vi64(vi8 a) { return _mm256_cvtepi32_epi64(_mm256_castsi256_si128(a)); }
SIMD_INLINE vi64x4 fe_vi8_hi_to_vi64(vi8 a) { return _mm256_cvtepi32_epi64(_mm256_extracti128_si256(a, 1)); }

/* Signed low-32 x signed low-32 -> 64-bit product per 64-bit lane. */
/* The smallest and largest of the 8 lanes. */
SIMD_INLINE void fe_vi8_minmax(vi8 a, int32_t *mn, int32_t *mx)
{
    __m128i lo = _mm256_castsi256_si128(a), hi = _mm256_extracti128_si256(a, 1);
    __m128i n = _mm_min_epi32(lo, hi), x = _mm_max_epi32(lo, hi);
    n = _mm_min_epi32(n, _mm_shuffle_epi32(n, 0x4e));
    x = _mm_max_epi32(x, _mm_shuffle_epi32(x, 0x4e));
    n = _mm_min_epi32(n, _mm_shuffle_epi32(n, 0xb1));
    x = _mm_max_epi32(x, _mm_shuffle_epi32(x, 0xb1));
    *mn = _mm_cvtsi128_si32(n);
    *mx = _mm_cvtsi128_si32(x);
}

SIMD_INLINE vi64x4 fe_vi64_mul32(vi64x4 a, vi64x4 b) { return _mm256_mul_epi32(a, b); }

SIMD_INLINE vi64x4 fe_vi64_load(const int64_t *p) { return _mm256_loadu_si256((const __m256i *)p); }
SIMD_INLINE void fe_vi64_store(int64_t *p, vi64x4 a) { _mm256_storeu_si256((__m256i *)p, a); }

/* The low 32 bits of lo's 4 lanes then hi's 4 lanes, as 8 int32 lanes. */
SIMD_INLINE vi8 fe_vi64_pack_lo32(vi64x4 lo, vi64x4 hi)
{
    const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    return _mm256_blend_epi32(_mm256_permutevar8x32_epi32(lo, even),
                              _mm256_permutevar8x32_epi32(hi, even), 0xF0);
}

/* Low 16 bits of each lane (upper 16 must be zero) as 8 halves -> 8 floats. */
SIMD_INLINE vf8 fe_half_lo16_to_vf8(vi8 a)
{
    __m256i packed = _mm256_packus_epi32(a, a); /* per 128-bit half: a0..a3 a0..a3 */
    packed = _mm256_permute4x64_epi64(packed, 0x08); /* qwords 0, 2 -> low 128 bits */
    return _mm256_cvtph_ps(_mm256_castsi256_si128(packed));
}

/* (float)((double)a / div) with a read as unsigned (is_unsigned) or signed
 * 32-bit, and the double quotient clamped below at lo first: one double
 * division, one rounding to float, as the scalar rule does it. */
SIMD_INLINE vf8 fe_vi8_div_double(vi8 a, bool is_unsigned, double div, double lo)
{
    __m256d dlo = _mm256_cvtepi32_pd(_mm256_castsi256_si128(a));
    __m256d dhi = _mm256_cvtepi32_pd(_mm256_extracti128_si256(a, 1));
    if (is_unsigned) {
        /* negative int32 means c - 2^32: add 2^32 back (exact in double) */
        const __m256d two32 = _mm256_set1_pd(4294967296.0);
        dlo = _mm256_add_pd(dlo, _mm256_and_pd(two32, _mm256_cmp_pd(dlo, _mm256_setzero_pd(), _CMP_LT_OQ)));
        dhi = _mm256_add_pd(dhi, _mm256_and_pd(two32, _mm256_cmp_pd(dhi, _mm256_setzero_pd(), _CMP_LT_OQ)));
    }
    dlo = _mm256_max_pd(_mm256_div_pd(dlo, _mm256_set1_pd(div)), _mm256_set1_pd(lo));
    dhi = _mm256_max_pd(_mm256_div_pd(dhi, _mm256_set1_pd(div)), _mm256_set1_pd(lo));
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm256_cvtpd_ps(dlo)), _mm256_cvtpd_ps(dhi), 1);
}

/* Loads 16 bytes at each of p[0..7] (any alignment) and transposes them:
 * out[c] lane l = 32-bit word c of p[l]. */
SIMD_INLINE void fe_load4x8_transpose(const uint8_t *const p[8], vf8 out[4])
{
    __m256 t0 = _mm256_loadu2_m128((const float *)p[4], (const float *)p[0]);
    __m256 t1 = _mm256_loadu2_m128((const float *)p[5], (const float *)p[1]);
    __m256 t2 = _mm256_loadu2_m128((const float *)p[6], (const float *)p[2]);
    __m256 t3 = _mm256_loadu2_m128((const float *)p[7], (const float *)p[3]);
    __m256 u0 = _mm256_unpacklo_ps(t0, t1); /* x0 x1 y0 y1 | x4 x5 y4 y5 */
    __m256 u1 = _mm256_unpackhi_ps(t0, t1); /* z0 z1 w0 w1 | z4 z5 w4 w5 */
    __m256 u2 = _mm256_unpacklo_ps(t2, t3);
    __m256 u3 = _mm256_unpackhi_ps(t2, t3);
    out[0] = _mm256_shuffle_ps(u0, u2, 0x44);
    out[1] = _mm256_shuffle_ps(u0, u2, 0xEE);
    out[2] = _mm256_shuffle_ps(u1, u3, 0x44);
    out[3] = _mm256_shuffle_ps(u1, u3, 0xEE);
}

#endif /* FE_FETCH_SIMD_H */
