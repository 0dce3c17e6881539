/*
 * swrp_sampler_simd.h: the 16-bit lane operations the sampler's RGBA8 fast
 * path (swrp_sampler.c) needs and common/simd.h lacks. A vi8 is read here as
 * 16 x 16-bit lanes: each 32-bit lane holds two channels of one texel, so
 * one operation filters two channels of 8 pixels. Also a texel-pair load.
 * Private to
 * swrp_sampler.c; candidates for common/simd.h.
 */
#ifndef SWRP_SAMPLER_SIMD_H
#define SWRP_SAMPLER_SIMD_H

#include "common/simd.h"

/* Wrapping 16-bit add / subtract. */
SIMD_INLINE vi8 vi8_add16(vi8 a, vi8 b) { return _mm256_add_epi16(a, b); }
SIMD_INLINE vi8 vi8_sub16(vi8 a, vi8 b) { return _mm256_sub_epi16(a, b); }
/* Signed 16-bit (a * b + 2^14) >> 15: a times a Q15 weight, rounded. */
SIMD_INLINE vi8 vi8_mulhrs16(vi8 a, vi8 b) { return _mm256_mulhrs_epi16(a, b); }

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

#endif /* SWRP_SAMPLER_SIMD_H */
