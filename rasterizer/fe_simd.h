/*
 * fe_simd.h: private SIMD helpers of the frontend (fe_tri8.c,
 * fe_setup_tri8.h) that common/simd.h lacks -- 4-lane doubles (vd4),
 * 32x32->64-bit signed products, 128-bit halves, stride-3 loads, an 8x8
 * transpose. Pure functions, any thread.
 *
 * Why 32x32->64 products are exact: vertices lie in the guard band, |coord|
 * < 2^23 fx8 (rast_priv.h), so every difference of two coordinates -- and so
 * every edge coefficient a, b -- is below 2^24 in magnitude and fits an int32
 * lane; _mm256_mul_epi32 multiplies the sign-extended low halves of 64-bit
 * lanes, and a*x, b*y (< 2^47) and the area terms (< 2^48) are exact in int64.
 *
 * Candidate for common/simd.h if other parts need doubles or 64-bit products.
 */
#ifndef FE_SIMD_H
#define FE_SIMD_H

#include <stddef.h>

#include "common/simd.h"

/* ---- 128-bit halves, 64-bit integers ------------------------------------- */
/* Lanes 0-3 (hi: 4-7) of a vi8, sign-extended to 4 x int64. */
SIMD_INLINE vi64x4 vi8_lo_to_vi64(vi8 a) { return _mm256_cvtepi32_epi64(_mm256_castsi256_si128(a)); }
SIMD_INLINE vi64x4 vi8_hi_to_vi64(vi8 a)
{
    return _mm256_cvtepi32_epi64(_mm256_extracti128_si256(a, 1));
}
/* Signed product of the low 32 bits of each 64-bit lane (exact, 64-bit). */
SIMD_INLINE vi64x4 vi64_mul32(vi64x4 a, vi64x4 b) { return _mm256_mul_epi32(a, b); }
SIMD_INLINE void vi64_store(int64_t *p, vi64x4 a) { _mm256_storeu_si256((__m256i *)p, a); }
SIMD_INLINE vi64x4 vi64_load(const int64_t *p) { return _mm256_loadu_si256((const __m256i *)p); }
SIMD_INLINE vi8 vi8_abs(vi8 a) { return _mm256_abs_epi32(a); }
/* Bit i set where 64-bit lane i is 0. */
SIMD_INLINE uint32_t vi64_zero_mask(vi64x4 a)
{
    return (uint32_t)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(a, _mm256_setzero_si256())));
}

/* ---- stride-3 loads ------------------------------------------------------------ */
/* The three streams of 8 consecutive triplets p[0..23]: out[k] lane i =
 * p[3 * i + k]. Element 3i+k sits in load (3i+k) / 8 at position (3i+k) % 8,
 * and for a fixed k those positions are all distinct, so two blends put
 * each stream's 8 elements in one vector and one permute orders them. */
SIMD_INLINE void vi8_deinterleave3(vi8 a, vi8 b, vi8 c, vi8 out[3])
{
    out[0] = _mm256_permutevar8x32_epi32(_mm256_blend_epi32(_mm256_blend_epi32(a, b, 0x92), c, 0x24),
                                         _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5));
    out[1] = _mm256_permutevar8x32_epi32(_mm256_blend_epi32(_mm256_blend_epi32(a, b, 0x24), c, 0x49),
                                         _mm256_setr_epi32(1, 4, 7, 2, 5, 0, 3, 6));
    out[2] = _mm256_permutevar8x32_epi32(_mm256_blend_epi32(_mm256_blend_epi32(a, b, 0x49), c, 0x92),
                                         _mm256_setr_epi32(2, 5, 0, 3, 6, 1, 4, 7));
}

SIMD_INLINE void vf8_deinterleave3(vf8 a, vf8 b, vf8 c, vf8 out[3])
{
    vi8 t[3];
    vi8_deinterleave3(_mm256_castps_si256(a), _mm256_castps_si256(b), _mm256_castps_si256(c), t);
    for (int k = 0; k < 3; k++)
        out[k] = _mm256_castsi256_ps(t[k]);
}

SIMD_INLINE void vi8_load_deinterleave3(const void *p, vi8 out[3])
{
    const __m256i *q = (const __m256i *)p;
    vi8_deinterleave3(_mm256_loadu_si256(q), _mm256_loadu_si256(q + 1), _mm256_loadu_si256(q + 2),
                      out);
}

SIMD_INLINE void vf8_load_deinterleave3(const float *p, vf8 out[3])
{
    vf8_deinterleave3(_mm256_loadu_ps(p), _mm256_loadu_ps(p + 8), _mm256_loadu_ps(p + 16), out);
}

/* The inverse of vf8_deinterleave3: out[0..2] = the 24 floats
 * s0[0] s1[0] s2[0] s0[1] s1[1] s2[1] ... s2[7]. Output vector L position p
 * takes stream k = (8L + p) % 3, lane (8L + p) / 3; for a fixed k those
 * lanes sit at distinct positions p across the three outputs, so one
 * permute per stream serves all three, and two blends per output pick. */
SIMD_INLINE void vf8_interleave3(vf8 s0, vf8 s1, vf8 s2, vf8 out[3])
{
    __m256 p0 = _mm256_permutevar8x32_ps(s0, _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5));
    __m256 p1 = _mm256_permutevar8x32_ps(s1, _mm256_setr_epi32(5, 0, 3, 6, 1, 4, 7, 2));
    __m256 p2 = _mm256_permutevar8x32_ps(s2, _mm256_setr_epi32(2, 5, 0, 3, 6, 1, 4, 7));
    out[0] = _mm256_blend_ps(_mm256_blend_ps(p0, p1, 0x92), p2, 0x24);
    out[1] = _mm256_blend_ps(_mm256_blend_ps(p0, p1, 0x24), p2, 0x49);
    out[2] = _mm256_blend_ps(_mm256_blend_ps(p0, p1, 0x49), p2, 0x92);
}

/* Stores lanes 0-3 of a. */
SIMD_INLINE void vf8_store_lo4(float *p, vf8 a) { _mm_storeu_ps(p, _mm256_castps256_ps128(a)); }

/* ---- 4 doubles -------------------------------------------------------------- */
SIMD_INLINE vd4 vd4_set1(double a) { return _mm256_set1_pd(a); }
SIMD_INLINE vd4 vd4_add(vd4 a, vd4 b) { return _mm256_add_pd(a, b); }
SIMD_INLINE vd4 vd4_sub(vd4 a, vd4 b) { return _mm256_sub_pd(a, b); }
SIMD_INLINE vd4 vd4_mul(vd4 a, vd4 b) { return _mm256_mul_pd(a, b); }
SIMD_INLINE vd4 vd4_div(vd4 a, vd4 b) { return _mm256_div_pd(a, b); }
/* -a exactly (sign flip, so -0.0 stays distinct from 0.0 as in scalar C). */
SIMD_INLINE vd4 vd4_neg(vd4 a) { return _mm256_xor_pd(a, _mm256_set1_pd(-0.0)); }
/* Lanes 0-3 / 4-7 of a vi8 or vf8 as doubles (exact). */
SIMD_INLINE vd4 vi8_lo_to_vd4(vi8 a) { return _mm256_cvtepi32_pd(_mm256_castsi256_si128(a)); }
SIMD_INLINE vd4 vi8_hi_to_vd4(vi8 a) { return _mm256_cvtepi32_pd(_mm256_extracti128_si256(a, 1)); }
SIMD_INLINE vd4 vf8_lo_to_vd4(vf8 a) { return _mm256_cvtps_pd(_mm256_castps256_ps128(a)); }
SIMD_INLINE vd4 vf8_hi_to_vd4(vf8 a) { return _mm256_cvtps_pd(_mm256_extractf128_ps(a, 1)); }

/* Double -> float rounding as a C cast does (current rounding mode), kept
 * in a register: 4 floats, joined into a vf8 by vf8_from_f4 (lo = lanes 0-3). */
typedef __m128 vf4;
SIMD_INLINE vf4 vd4_to_f4(vd4 a) { return _mm256_cvtpd_ps(a); }
SIMD_INLINE vf8 vf8_from_f4(vf4 lo, vf4 hi) { return _mm256_set_m128(hi, lo); }

/* ---- 8x8 transpose ---------------------------------------------------------- */
/* r[i] lane j <- r[j] lane i: rows of 8 fields of 8 lanes become, per lane,
 * its 8 fields in order (ready for one store into a struct). */
SIMD_INLINE void vf8_transpose8(vf8 r[8])
{
    __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
    __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
    __m256 t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]);
    __m256 t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]);
    /* s0: column 0 of rows 0-3 | column 4; s1: 1 | 5; s2: 2 | 6; s3: 3 | 7 (s4-s7: rows 4-7). */
    __m256 s0 = _mm256_shuffle_ps(t0, t2, 0x44), s1 = _mm256_shuffle_ps(t0, t2, 0xEE);
    __m256 s2 = _mm256_shuffle_ps(t1, t3, 0x44), s3 = _mm256_shuffle_ps(t1, t3, 0xEE);
    __m256 s4 = _mm256_shuffle_ps(t4, t6, 0x44), s5 = _mm256_shuffle_ps(t4, t6, 0xEE);
    __m256 s6 = _mm256_shuffle_ps(t5, t7, 0x44), s7 = _mm256_shuffle_ps(t5, t7, 0xEE);
    r[0] = _mm256_permute2f128_ps(s0, s4, 0x20);
    r[1] = _mm256_permute2f128_ps(s1, s5, 0x20);
    r[2] = _mm256_permute2f128_ps(s2, s6, 0x20);
    r[3] = _mm256_permute2f128_ps(s3, s7, 0x20);
    r[4] = _mm256_permute2f128_ps(s0, s4, 0x31);
    r[5] = _mm256_permute2f128_ps(s1, s5, 0x31);
    r[6] = _mm256_permute2f128_ps(s2, s6, 0x31);
    r[7] = _mm256_permute2f128_ps(s3, s7, 0x31);
}

#endif /* FE_SIMD_H */
