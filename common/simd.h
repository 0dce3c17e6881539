/*
 * simd.h: the one place that names AVX2 intrinsics.
 *
 * Every SIMD kernel in swr is written against these types and functions:
 *   vf8    8 floats          vi8   8 x 32-bit ints, also used as lane masks
 *   vf8x4  an SoA vec4 (x[8], y[8], z[8], w[8])
 *   vi64x4 4 x 64-bit ints (edge equations of large triangles)
 * Lane masks come in two forms: a vi8 whose lanes are all-ones / all-zeros,
 * and a plain 8-bit integer (bit i = lane i), converted with vi8_movemask()
 * and vi8_from_bits().
 *
 * Width is 8. An AVX-512 build of the same kernels may come later; nothing
 * outside this header may depend on the register type behind vf8.
 */
#ifndef SWR_SIMD_H
#define SWR_SIMD_H

#include <immintrin.h>
#include <stdint.h>
#include <stdbool.h>

#define SIMD_WIDTH 8

typedef __m256 vf8;
typedef __m256i vi8;
typedef __m256i vi64x4;
typedef __m256d vd4;
typedef struct vf8x4 {
    vf8 v[4];
} vf8x4;

#define SIMD_INLINE static inline __attribute__((always_inline))

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
SIMD_INLINE vf8 vf8_rcp_approx(vf8 a) { return _mm256_rcp_ps(a); }
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
/* 8 halves <-> 8 floats (F16C), round to nearest even. */
SIMD_INLINE vf8 vf8_from_half(__m128i h) { return _mm256_cvtph_ps(h); }
SIMD_INLINE __m128i vf8_to_half(vf8 a) { return _mm256_cvtps_ph(a, _MM_FROUND_TO_NEAREST_INT); }

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
SIMD_INLINE uint32_t simd_fp_csr(void) { return _mm_getcsr(); }
SIMD_INLINE void simd_fp_set_csr(uint32_t csr) { _mm_setcsr(csr); }
SIMD_INLINE uint32_t simd_fp_enter(void)
{
    uint32_t old = _mm_getcsr();
    if ((old & ~SIMD_MXCSR_FLAGS) != SIMD_MXCSR_ENGINE)
        _mm_setcsr(SIMD_MXCSR_ENGINE);
    return old;
}
SIMD_INLINE void simd_fp_leave(uint32_t old)
{
    if ((old & ~SIMD_MXCSR_FLAGS) != SIMD_MXCSR_ENGINE)
        _mm_setcsr(old);
}
SIMD_INLINE uint64_t simd_rdtsc(void) { return __rdtsc(); }
SIMD_INLINE void simd_stream_store(void *p, vi8 a) { _mm256_stream_si256((__m256i *)p, a); }

#endif /* SWR_SIMD_H */
