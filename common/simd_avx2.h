/*
 * simd_avx2.h: the AVX2 variant of the SIMD vocabulary (common/simd.h, which
 * includes it; include simd.h, never this file). The only file of the
 * engine that names AVX2 intrinsics (the CPU check and the JIT's LLVM IR
 * aside); its twin simd_scalar.h defines the same types and functions over
 * plain arrays. Every function here has the semantics simd.h and the
 * comments below state, lane for lane, so that the twin can match it bit
 * for bit (test_simd_twin checks each one).
 */
#ifndef SWR_SIMD_AVX2_H
#define SWR_SIMD_AVX2_H

#ifndef SWR_SIMD_H
#error "include common/simd.h, not common/simd_avx2.h"
#endif

#include <immintrin.h>
#include <stdint.h>
#include <stdbool.h>
#include <string.h>

typedef __m256 vf8;
typedef __m256i vi8;
typedef __m256i vi64x4;
typedef __m256d vd4;
typedef __m128 vf4;  /* 4 floats: half a vf8 */
typedef __m128i vi4; /* 4 x 32-bit ints: half a vi8 */
typedef __m128i vh8; /* 8 halves (binary16) */

/* ---- floats ---------------------------------------------------------- */
SIMD_INLINE vf8 vf8_set1(float a) { return _mm256_set1_ps(a); }
SIMD_INLINE vf8 vf8_zero(void) { return _mm256_setzero_ps(); }
SIMD_INLINE vf8 vf8_set(float a0, float a1, float a2, float a3, float a4, float a5, float a6,
                        float a7)
{
    return _mm256_setr_ps(a0, a1, a2, a3, a4, a5, a6, a7);
}
SIMD_INLINE vf8 vf8_load(const float *p) { return _mm256_loadu_ps(p); }
SIMD_INLINE vf8 vf8_load_aligned(const float *p) { return _mm256_load_ps(p); }
SIMD_INLINE void vf8_store(float *p, vf8 a) { _mm256_storeu_ps(p, a); }
SIMD_INLINE void vf8_store_aligned(float *p, vf8 a) { _mm256_store_ps(p, a); }
SIMD_INLINE void vf8_store_masked(float *p, vi8 mask, vf8 a) { _mm256_maskstore_ps(p, mask, a); }
SIMD_INLINE vf8 vf8_add(vf8 a, vf8 b) { return _mm256_add_ps(a, b); }
SIMD_INLINE vf8 vf8_sub(vf8 a, vf8 b) { return _mm256_sub_ps(a, b); }
SIMD_INLINE vf8 vf8_mul(vf8 a, vf8 b) { return _mm256_mul_ps(a, b); }
SIMD_INLINE vf8 vf8_div(vf8 a, vf8 b) { return _mm256_div_ps(a, b); }
/* a*b+c with one rounding; its scalar twin is fmaf(). */
SIMD_INLINE vf8 vf8_fma(vf8 a, vf8 b, vf8 c) { return _mm256_fmadd_ps(a, b, c); }
/* Note the x86 rule: min/max return the second operand when either is NaN. */
SIMD_INLINE vf8 vf8_min(vf8 a, vf8 b) { return _mm256_min_ps(a, b); }
SIMD_INLINE vf8 vf8_max(vf8 a, vf8 b) { return _mm256_max_ps(a, b); }
SIMD_INLINE vf8 vf8_sqrt(vf8 a) { return _mm256_sqrt_ps(a); }
SIMD_INLINE vf8 vf8_floor(vf8 a) { return _mm256_floor_ps(a); }
SIMD_INLINE vf8 vf8_ceil(vf8 a) { return _mm256_ceil_ps(a); }
SIMD_INLINE vf8 vf8_round_even(vf8 a)
{
    return _mm256_round_ps(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
}
SIMD_INLINE vf8 vf8_trunc(vf8 a)
{
    return _mm256_round_ps(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
}
SIMD_INLINE vf8 vf8_abs(vf8 a)
{
    return _mm256_and_ps(a, _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff)));
}
SIMD_INLINE vf8 vf8_neg(vf8 a)
{
    return _mm256_xor_ps(a, _mm256_castsi256_ps(_mm256_set1_epi32((int)0x80000000u)));
}
/* clamp to [lo, hi]; NaN becomes lo. */
SIMD_INLINE vf8 vf8_clamp(vf8 a, vf8 lo, vf8 hi) { return _mm256_min_ps(hi, _mm256_max_ps(a, lo)); }
SIMD_INLINE vf8 vf8_and(vf8 a, vf8 b) { return _mm256_and_ps(a, b); }
SIMD_INLINE vf8 vf8_or(vf8 a, vf8 b) { return _mm256_or_ps(a, b); }
SIMD_INLINE vf8 vf8_xor(vf8 a, vf8 b) { return _mm256_xor_ps(a, b); }
SIMD_INLINE vf8 vf8_andnot(vf8 a, vf8 b) { return _mm256_andnot_ps(a, b); } /* ~a & b */
/* Lane select: mask lane all-ones -> b, else a. */
SIMD_INLINE vf8 vf8_select(vi8 mask, vf8 a, vf8 b)
{
    return _mm256_blendv_ps(a, b, _mm256_castsi256_ps(mask));
}
SIMD_INLINE float vf8_lane(vf8 a, int i)
{
    float t[8];
    _mm256_storeu_ps(t, a);
    return t[i & 7];
}
/* Gather p[idx[i]] (float index units). */
SIMD_INLINE vf8 vf8_gather(const float *p, vi8 idx) { return _mm256_i32gather_ps(p, idx, 4); }
/* Gather *(float*)(base + byte_offset[i]). */
SIMD_INLINE vf8 vf8_gather_bytes(const void *base, vi8 byte_offset)
{
    return _mm256_i32gather_ps((const float *)base, byte_offset, 1);
}

/* Ordered comparisons return all-ones lanes; NaN compares false except NEQ. */
SIMD_INLINE vi8 vf8_lt(vf8 a, vf8 b)
{
    return _mm256_castps_si256(_mm256_cmp_ps(a, b, _CMP_LT_OQ));
}
SIMD_INLINE vi8 vf8_le(vf8 a, vf8 b)
{
    return _mm256_castps_si256(_mm256_cmp_ps(a, b, _CMP_LE_OQ));
}
SIMD_INLINE vi8 vf8_gt(vf8 a, vf8 b)
{
    return _mm256_castps_si256(_mm256_cmp_ps(a, b, _CMP_GT_OQ));
}
SIMD_INLINE vi8 vf8_ge(vf8 a, vf8 b)
{
    return _mm256_castps_si256(_mm256_cmp_ps(a, b, _CMP_GE_OQ));
}
SIMD_INLINE vi8 vf8_eq(vf8 a, vf8 b)
{
    return _mm256_castps_si256(_mm256_cmp_ps(a, b, _CMP_EQ_OQ));
}
SIMD_INLINE vi8 vf8_neq(vf8 a, vf8 b)
{
    return _mm256_castps_si256(_mm256_cmp_ps(a, b, _CMP_NEQ_UQ));
}
SIMD_INLINE vi8 vf8_isnan(vf8 a) { return _mm256_castps_si256(_mm256_cmp_ps(a, a, _CMP_UNORD_Q)); }
/* Not NaN and not +-inf. */
SIMD_INLINE vi8 vf8_isfinite(vf8 a)
{
    return _mm256_castps_si256(
        _mm256_cmp_ps(vf8_abs(a), _mm256_set1_ps(__builtin_inff()), _CMP_LT_OQ));
}

/* ---- conversions ------------------------------------------------------- */
/* Round to nearest, ties to even (default MXCSR); its scalar twin is lrintf(). */
SIMD_INLINE vi8 vf8_to_vi8_round(vf8 a) { return _mm256_cvtps_epi32(a); }
SIMD_INLINE vi8 vf8_to_vi8_trunc(vf8 a) { return _mm256_cvttps_epi32(a); }
SIMD_INLINE vf8 vi8_to_vf8(vi8 a) { return _mm256_cvtepi32_ps(a); }
/* Unsigned 32-bit to float (exact rounding through two halves). */
SIMD_INLINE vf8 vu8_to_vf8(vi8 a)
{
    vi8 hi = _mm256_srli_epi32(a, 16);
    vi8 lo = _mm256_and_si256(a, _mm256_set1_epi32(0xffff));
    return _mm256_add_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(hi), _mm256_set1_ps(65536.0f)),
                         _mm256_cvtepi32_ps(lo));
}
SIMD_INLINE vi8 vf8_as_vi8(vf8 a) { return _mm256_castps_si256(a); }
SIMD_INLINE vf8 vi8_as_vf8(vi8 a) { return _mm256_castsi256_ps(a); }
/* 8 halves <-> 8 floats (F16C), round to nearest even; exact for every
 * half, denormals kept; a NaN keeps its payload (shifted by 13, quieted). */
SIMD_INLINE vf8 vf8_from_half(vh8 h) { return _mm256_cvtph_ps(h); }
SIMD_INLINE vh8 vf8_to_half(vf8 a) { return _mm256_cvtps_ph(a, _MM_FROUND_TO_NEAREST_INT); }

/* ---- 32-bit integers ---------------------------------------------------- */
SIMD_INLINE vi8 vi8_set1(int32_t a) { return _mm256_set1_epi32(a); }
SIMD_INLINE vi8 vi8_zero(void) { return _mm256_setzero_si256(); }
SIMD_INLINE vi8 vi8_ones(void) { return _mm256_set1_epi32(-1); }
SIMD_INLINE vi8 vi8_set(int32_t a0, int32_t a1, int32_t a2, int32_t a3, int32_t a4, int32_t a5,
                        int32_t a6, int32_t a7)
{
    return _mm256_setr_epi32(a0, a1, a2, a3, a4, a5, a6, a7);
}
SIMD_INLINE vi8 vi8_lane_index(void) { return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); }
SIMD_INLINE vi8 vi8_load(const void *p) { return _mm256_loadu_si256((const __m256i *)p); }
SIMD_INLINE void vi8_store(void *p, vi8 a) { _mm256_storeu_si256((__m256i *)p, a); }
SIMD_INLINE void vi8_store_masked(void *p, vi8 mask, vi8 a)
{
    _mm256_maskstore_epi32((int *)p, mask, a);
}
SIMD_INLINE vi8 vi8_add(vi8 a, vi8 b) { return _mm256_add_epi32(a, b); }
SIMD_INLINE vi8 vi8_sub(vi8 a, vi8 b) { return _mm256_sub_epi32(a, b); }
SIMD_INLINE vi8 vi8_mullo(vi8 a, vi8 b) { return _mm256_mullo_epi32(a, b); }
SIMD_INLINE vi8 vi8_min(vi8 a, vi8 b) { return _mm256_min_epi32(a, b); }
SIMD_INLINE vi8 vi8_max(vi8 a, vi8 b) { return _mm256_max_epi32(a, b); }
SIMD_INLINE vi8 vi8_minu(vi8 a, vi8 b) { return _mm256_min_epu32(a, b); }
SIMD_INLINE vi8 vi8_maxu(vi8 a, vi8 b) { return _mm256_max_epu32(a, b); }
SIMD_INLINE vi8 vi8_and(vi8 a, vi8 b) { return _mm256_and_si256(a, b); }
SIMD_INLINE vi8 vi8_or(vi8 a, vi8 b) { return _mm256_or_si256(a, b); }
SIMD_INLINE vi8 vi8_xor(vi8 a, vi8 b) { return _mm256_xor_si256(a, b); }
SIMD_INLINE vi8 vi8_andnot(vi8 a, vi8 b) { return _mm256_andnot_si256(a, b); } /* ~a & b */
SIMD_INLINE vi8 vi8_not(vi8 a) { return _mm256_xor_si256(a, _mm256_set1_epi32(-1)); }
#define vi8_slli(a, n) _mm256_slli_epi32((a), (n))
#define vi8_srli(a, n) _mm256_srli_epi32((a), (n))
#define vi8_srai(a, n) _mm256_srai_epi32((a), (n))
/* Per-lane shifts; counts >= 32 give 0 (srav: sign fill). */
SIMD_INLINE vi8 vi8_sllv(vi8 a, vi8 n) { return _mm256_sllv_epi32(a, n); }
SIMD_INLINE vi8 vi8_srlv(vi8 a, vi8 n) { return _mm256_srlv_epi32(a, n); }
SIMD_INLINE vi8 vi8_srav(vi8 a, vi8 n) { return _mm256_srav_epi32(a, n); }
SIMD_INLINE vi8 vi8_eq(vi8 a, vi8 b) { return _mm256_cmpeq_epi32(a, b); }
SIMD_INLINE vi8 vi8_gt(vi8 a, vi8 b) { return _mm256_cmpgt_epi32(a, b); }
SIMD_INLINE vi8 vi8_lt(vi8 a, vi8 b) { return _mm256_cmpgt_epi32(b, a); }
/* Unsigned a > b. */
SIMD_INLINE vi8 vi8_gtu(vi8 a, vi8 b)
{
    vi8 bias = _mm256_set1_epi32((int)0x80000000u);
    return _mm256_cmpgt_epi32(_mm256_xor_si256(a, bias), _mm256_xor_si256(b, bias));
}
SIMD_INLINE vi8 vi8_select(vi8 mask, vi8 a, vi8 b) { return _mm256_blendv_epi8(a, b, mask); }
SIMD_INLINE vi8 vi8_gather(const int32_t *p, vi8 idx) { return _mm256_i32gather_epi32(p, idx, 4); }
SIMD_INLINE vi8 vi8_gather_bytes(const void *base, vi8 byte_offset)
{
    return _mm256_i32gather_epi32((const int *)base, byte_offset, 1);
}
SIMD_INLINE vi8 vi8_permute(vi8 a, vi8 idx) { return _mm256_permutevar8x32_epi32(a, idx); }
SIMD_INLINE int32_t vi8_lane(vi8 a, int i)
{
    int32_t t[8];
    _mm256_storeu_si256((__m256i *)t, a);
    return t[i & 7];
}

/* ---- lane masks ---------------------------------------------------------- */
/* Bit i = sign bit of lane i. */
SIMD_INLINE uint32_t vi8_movemask(vi8 m)
{
    return (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(m));
}
SIMD_INLINE uint32_t vf8_movemask(vf8 m) { return (uint32_t)_mm256_movemask_ps(m); }
/* Lane i all-ones iff bit i of bits is set. */
SIMD_INLINE vi8 vi8_from_bits(uint32_t bits)
{
    vi8 sel = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    vi8 b = _mm256_set1_epi32((int)bits);
    return _mm256_cmpeq_epi32(_mm256_and_si256(b, sel), sel);
}
SIMD_INLINE bool vi8_any(vi8 m) { return !_mm256_testz_si256(m, m); }

/* ---- 64-bit integers (4 lanes) ------------------------------------------- */
SIMD_INLINE vi64x4 vi64_set1(int64_t a) { return _mm256_set1_epi64x(a); }
SIMD_INLINE vi64x4 vi64_set(int64_t a0, int64_t a1, int64_t a2, int64_t a3)
{
    return _mm256_setr_epi64x(a0, a1, a2, a3);
}
SIMD_INLINE vi64x4 vi64_add(vi64x4 a, vi64x4 b) { return _mm256_add_epi64(a, b); }
SIMD_INLINE vi64x4 vi64_sub(vi64x4 a, vi64x4 b) { return _mm256_sub_epi64(a, b); }
SIMD_INLINE vi64x4 vi64_gt(vi64x4 a, vi64x4 b) { return _mm256_cmpgt_epi64(a, b); }
/* Bit i = sign bit of 64-bit lane i. */
SIMD_INLINE uint32_t vi64_movemask(vi64x4 a)
{
    return (uint32_t)_mm256_movemask_pd(_mm256_castsi256_pd(a));
}

/* ---- misc ------------------------------------------------------------------ */
SIMD_INLINE void simd_pause(void) { _mm_pause(); }
/* MXCSR (simd.h's simd_fp_enter / simd_fp_leave use them). */
SIMD_INLINE uint32_t simd_fp_csr(void) { return _mm_getcsr(); }
SIMD_INLINE void simd_fp_set_csr(uint32_t csr) { _mm_setcsr(csr); }
SIMD_INLINE uint64_t simd_rdtsc(void) { return __rdtsc(); }
SIMD_INLINE void simd_stream_store(void *p, vi8 a) { _mm256_stream_si256((__m256i *)p, a); }


/* ---- 64-bit lanes from 32-bit ones ---------------------------------------- */
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
/* Bit i set where 64-bit lane i is 0. */
SIMD_INLINE uint32_t vi64_zero_mask(vi64x4 a)
{
    return (uint32_t)_mm256_movemask_pd(
        _mm256_castsi256_pd(_mm256_cmpeq_epi64(a, _mm256_setzero_si256())));
}
/* The low 32 bits of lo's 4 lanes then hi's 4 lanes, as 8 int32 lanes. */
SIMD_INLINE vi8 vi64_pack_lo32(vi64x4 lo, vi64x4 hi)
{
    const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    return _mm256_blend_epi32(_mm256_permutevar8x32_epi32(lo, even),
                              _mm256_permutevar8x32_epi32(hi, even), 0xF0);
}
/* 4x4 transpose of 64-bit lanes: r[i] lane j <- r[j] lane i. */
SIMD_INLINE void vi64_transpose4(vi64x4 r[4])
{
    __m256i t0 = _mm256_unpacklo_epi64(r[0], r[1]), t1 = _mm256_unpackhi_epi64(r[0], r[1]);
    __m256i t2 = _mm256_unpacklo_epi64(r[2], r[3]), t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    r[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    r[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    r[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    r[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}
/* Lanes of a and b paired into 64-bit lanes: lane j of lo = a[j] in the
 * low half and b[j] in the high half, j = 0..3; of hi: j = 4..7. */
SIMD_INLINE vi64x4 vi8_zip_lo_vi64(vi8 a, vi8 b)
{
    __m256i pl = _mm256_unpacklo_epi32(a, b), ph = _mm256_unpackhi_epi32(a, b);
    return _mm256_permute2x128_si256(pl, ph, 0x20);
}
SIMD_INLINE vi64x4 vi8_zip_hi_vi64(vi8 a, vi8 b)
{
    __m256i pl = _mm256_unpacklo_epi32(a, b), ph = _mm256_unpackhi_epi32(a, b);
    return _mm256_permute2x128_si256(pl, ph, 0x31);
}

/* ---- 32-bit lanes: more ----------------------------------------------------- */
SIMD_INLINE vi8 vi8_abs(vi8 a) { return _mm256_abs_epi32(a); }
/* *(int32*)(base + off[i]) for lanes whose mask lane has its sign bit set,
 * 0 in the others. Masked-off lanes touch no memory (any offset). */
SIMD_INLINE vi8 vi8_gather_bytes_masked(const void *base, vi8 off, vi8 mask)
{
    return _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)base, off, mask, 1);
}
/* The smallest and largest of the 8 lanes. */
SIMD_INLINE void vi8_minmax(vi8 a, int32_t *mn, int32_t *mx)
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

/* ---- 16-bit lanes (a vi8 read as 16 x 16 bits) ------------------------------- */
/* Wrapping 16-bit add / subtract. */
SIMD_INLINE vi8 vi8_add16(vi8 a, vi8 b) { return _mm256_add_epi16(a, b); }
SIMD_INLINE vi8 vi8_sub16(vi8 a, vi8 b) { return _mm256_sub_epi16(a, b); }
/* Signed 16-bit (a * b + 2^14) >> 15: a times a Q15 weight, rounded. */
SIMD_INLINE vi8 vi8_mulhrs16(vi8 a, vi8 b) { return _mm256_mulhrs_epi16(a, b); }
/* Low 16 bits of each lane (upper 16 must be zero) as 8 halves -> 8 floats. */
SIMD_INLINE vf8 vf8_from_half_lo16(vi8 a)
{
    __m256i packed = _mm256_packus_epi32(a, a);      /* per 128-bit half: a0..a3 a0..a3 */
    packed = _mm256_permute4x64_epi64(packed, 0x08); /* qwords 0, 2 -> low 128 bits */
    return _mm256_cvtph_ps(_mm256_castsi256_si128(packed));
}

/* ---- halves of 256 bits ------------------------------------------------------- */
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
SIMD_INLINE vf8 vf8_from_f4(vf4 lo, vf4 hi) { return _mm256_set_m128(hi, lo); }
/* Stores lanes 0-3 of a. */
SIMD_INLINE void vf8_store_lo4(float *p, vf8 a) { _mm_storeu_ps(p, _mm256_castps256_ps128(a)); }
/* 8 floats at p (32 bytes) read as two 16-byte halves. For data another
 * function has just stored (the pixel shader's outputs): a 32-byte load
 * that spans two 16-byte stores cannot be store-forwarded and stalls until
 * they retire (~12 cycles on Zen), while each half is contained in one
 * store of either width and forwards. One extra uop. */
SIMD_INLINE vf8 vf8_load_2x128(const float *p)
{
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p)), _mm_loadu_ps(p + 4), 1);
}
/* 8 halves at p <-> 8 floats (vf8_from_half / vf8_to_half). */
SIMD_INLINE vf8 vf8_load_half8(const void *p)
{
    return vf8_from_half(_mm_loadu_si128((const __m128i *)p));
}
SIMD_INLINE void vf8_store_half8(void *p, vf8 a) { _mm_storeu_si128((__m128i *)p, vf8_to_half(a)); }

/* ---- 4 doubles ---------------------------------------------------------------- */
SIMD_INLINE vd4 vd4_set1(double a) { return _mm256_set1_pd(a); }
SIMD_INLINE vd4 vd4_add(vd4 a, vd4 b) { return _mm256_add_pd(a, b); }
SIMD_INLINE vd4 vd4_sub(vd4 a, vd4 b) { return _mm256_sub_pd(a, b); }
SIMD_INLINE vd4 vd4_mul(vd4 a, vd4 b) { return _mm256_mul_pd(a, b); }
SIMD_INLINE vd4 vd4_div(vd4 a, vd4 b) { return _mm256_div_pd(a, b); }
/* The x86 rule, as vf8_max: the second operand when either is NaN. */
SIMD_INLINE vd4 vd4_max(vd4 a, vd4 b) { return _mm256_max_pd(a, b); }
/* -a exactly (sign flip, so -0.0 stays distinct from 0.0 as in scalar C). */
SIMD_INLINE vd4 vd4_neg(vd4 a) { return _mm256_xor_pd(a, _mm256_set1_pd(-0.0)); }
/* Lanes 0-3 / 4-7 of a vi8 or vf8 as doubles (exact); vu8: the lanes read
 * as unsigned. */
SIMD_INLINE vd4 vi8_lo_to_vd4(vi8 a) { return _mm256_cvtepi32_pd(_mm256_castsi256_si128(a)); }
SIMD_INLINE vd4 vi8_hi_to_vd4(vi8 a) { return _mm256_cvtepi32_pd(_mm256_extracti128_si256(a, 1)); }
SIMD_INLINE vd4 vu8_lo_to_vd4(vi8 a)
{
    /* negative int32 means c - 2^32: add 2^32 back (exact in double) */
    __m256d d = vi8_lo_to_vd4(a);
    return _mm256_add_pd(d, _mm256_and_pd(_mm256_set1_pd(4294967296.0),
                                          _mm256_cmp_pd(d, _mm256_setzero_pd(), _CMP_LT_OQ)));
}
SIMD_INLINE vd4 vu8_hi_to_vd4(vi8 a)
{
    __m256d d = vi8_hi_to_vd4(a);
    return _mm256_add_pd(d, _mm256_and_pd(_mm256_set1_pd(4294967296.0),
                                          _mm256_cmp_pd(d, _mm256_setzero_pd(), _CMP_LT_OQ)));
}
SIMD_INLINE vd4 vf8_lo_to_vd4(vf8 a) { return _mm256_cvtps_pd(_mm256_castps256_ps128(a)); }
SIMD_INLINE vd4 vf8_hi_to_vd4(vf8 a) { return _mm256_cvtps_pd(_mm256_extractf128_ps(a, 1)); }
/* Double -> float rounding as a C cast does (current rounding mode). */
SIMD_INLINE vf4 vd4_to_f4(vd4 a) { return _mm256_cvtpd_ps(a); }

/* ---- shuffles ------------------------------------------------------------------ */
/* The three streams of 8 consecutive triplets a|b|c (24 lanes): out[k] lane
 * i = lane 3i + k. Element 3i+k sits in load (3i+k) / 8 at position
 * (3i+k) % 8, and for a fixed k those positions are all distinct, so two
 * blends put each stream's 8 elements in one vector and one permute orders
 * them. */
SIMD_INLINE void vi8_deinterleave3(vi8 a, vi8 b, vi8 c, vi8 out[3])
{
    out[0] = _mm256_permutevar8x32_epi32(_mm256_blend_epi32(_mm256_blend_epi32(a, b, 0x92), c, 0x24),
                                         _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5));
    out[1] = _mm256_permutevar8x32_epi32(_mm256_blend_epi32(_mm256_blend_epi32(a, b, 0x24), c, 0x49),
                                         _mm256_setr_epi32(1, 4, 7, 2, 5, 0, 3, 6));
    out[2] = _mm256_permutevar8x32_epi32(_mm256_blend_epi32(_mm256_blend_epi32(a, b, 0x49), c, 0x92),
                                         _mm256_setr_epi32(2, 5, 0, 3, 6, 1, 4, 7));
}
/* The inverse for floats: out[0..2] = the 24 floats s0[0] s1[0] s2[0]
 * s0[1] s1[1] s2[1] ... s2[7]. Output vector L position p takes stream k =
 * (8L + p) % 3, lane (8L + p) / 3; for a fixed k those lanes sit at
 * distinct positions p across the three outputs, so one permute per stream
 * serves all three, and two blends per output pick. */
SIMD_INLINE void vf8_interleave3(vf8 s0, vf8 s1, vf8 s2, vf8 out[3])
{
    __m256 p0 = _mm256_permutevar8x32_ps(s0, _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5));
    __m256 p1 = _mm256_permutevar8x32_ps(s1, _mm256_setr_epi32(5, 0, 3, 6, 1, 4, 7, 2));
    __m256 p2 = _mm256_permutevar8x32_ps(s2, _mm256_setr_epi32(2, 5, 0, 3, 6, 1, 4, 7));
    out[0] = _mm256_blend_ps(_mm256_blend_ps(p0, p1, 0x92), p2, 0x24);
    out[1] = _mm256_blend_ps(_mm256_blend_ps(p0, p1, 0x24), p2, 0x49);
    out[2] = _mm256_blend_ps(_mm256_blend_ps(p0, p1, 0x49), p2, 0x92);
}
/* 8x8 transpose: r[i] lane j <- r[j] lane i: rows of 8 fields of 8 lanes
 * become, per lane, its 8 fields in order (ready for one store into a
 * struct). */
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
/* Loads 16 bytes at each of p[0..7] (any alignment) and transposes them:
 * out[c] lane l = 32-bit word c of p[l]. */
SIMD_INLINE void vf8_load4x8_transpose(const uint8_t *const p[8], vf8 out[4])
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
/* Lane l of *lo and *hi: the first and second 32-bit word of the 8 bytes
 * at base + off[l] (unaligned). Eight scalar 64-bit loads instead of two
 * 8-lane gathers: much cheaper where gathers are microcoded (AMD). */
SIMD_INLINE void vi8_load_pairs(const uint8_t *base, const int32_t off[8], vi8 *lo, vi8 *hi)
{
    __m128i p[8];
    for (int l = 0; l < 8; l++)
        p[l] = _mm_loadl_epi64((const __m128i *)(const void *)(base + off[l]));
    __m256 a = _mm256_castsi256_ps(_mm256_set_m128i(_mm_unpacklo_epi64(p[4], p[5]),
                                                    _mm_unpacklo_epi64(p[0], p[1])));
    __m256 b = _mm256_castsi256_ps(_mm256_set_m128i(_mm_unpacklo_epi64(p[6], p[7]),
                                                    _mm_unpacklo_epi64(p[2], p[3])));
    *lo = _mm256_castps_si256(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)));
    *hi = _mm256_castps_si256(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1)));
}

/* ---- fused multiply-add: more ---------------------------------------------------- */
/* c - a*b with one rounding: the value of vf8_fma(vf8_neg(a), b, c) bit for
 * bit (the exact product and sum are the same), without the sign flip. */
SIMD_INLINE vf8 vf8_fnma(vf8 a, vf8 b, vf8 c) { return _mm256_fnmadd_ps(a, b, c); }

#endif /* SWR_SIMD_AVX2_H */
