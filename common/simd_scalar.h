/*
 * simd_scalar.h: the scalar twin of the SIMD vocabulary (common/simd.h with
 * SWR_SIMD_SCALAR defined before its first include; never include this file
 * directly).
 *
 * The same type names as simd_avx2.h, as structs of plain arrays, and the
 * same functions, written lane by lane in plain C with the semantics of the
 * AVX2 instructions behind them -- x86 min/max (the second operand when
 * either is NaN or both are zero), conversions that give INT32_MIN out of
 * range, byte-wise blends, F16C's half rounding and NaN payloads -- so that
 * a kernel compiled against either header computes the same bits
 * (test_simd_twin checks every function on random inputs, test_tri_setup8 a
 * whole kernel). Built with the engine's flags (-ffp-contract=off), every
 * float operation here is one IEEE operation, as in the vector code.
 *
 * Types: vi64x4 is vi8 and vh8 is vi4, as in the AVX2 variant (the same
 * register types), so kernels that mix them compile alike. The
 * floating-point environment functions read and write MXCSR through the
 * compiler's builtins: the engine's environment is an x86 one either way.
 */
#ifndef SWR_SIMD_SCALAR_H
#define SWR_SIMD_SCALAR_H

#ifndef SWR_SIMD_H
#error "include common/simd.h (with SWR_SIMD_SCALAR), not common/simd_scalar.h"
#endif

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef struct vf8 {
    float f[8];
} vf8;
typedef union vi8 {
    int32_t i[8];
    uint32_t u[8];
    int64_t q[4];
    int16_t h[16];
    uint8_t b[32];
} vi8;
typedef vi8 vi64x4;
typedef struct vd4 {
    double d[4];
} vd4;
typedef struct vf4 {
    float f[4];
} vf4;
typedef union vi4 {
    int32_t i[4];
    uint16_t h[8];
    uint64_t q[2];
} vi4;
typedef vi4 vh8;

#define SIMD_LANES for (int l = 0; l < 8; l++)

SIMD_INLINE uint32_t simd_bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
SIMD_INLINE float simd_float_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* ---- floats ---------------------------------------------------------- */
SIMD_INLINE vf8 vf8_set1(float a)
{
    vf8 r;
    SIMD_LANES r.f[l] = a;
    return r;
}
SIMD_INLINE vf8 vf8_zero(void) { return vf8_set1(0.0f); }
SIMD_INLINE vf8 vf8_set(float a0, float a1, float a2, float a3, float a4, float a5, float a6,
                        float a7)
{
    vf8 r = {{a0, a1, a2, a3, a4, a5, a6, a7}};
    return r;
}
SIMD_INLINE vf8 vf8_load(const float *p)
{
    vf8 r;
    memcpy(r.f, p, 32);
    return r;
}
SIMD_INLINE vf8 vf8_load_aligned(const float *p) { return vf8_load(p); }
SIMD_INLINE void vf8_store(float *p, vf8 a) { memcpy(p, a.f, 32); }
SIMD_INLINE void vf8_store_aligned(float *p, vf8 a) { memcpy(p, a.f, 32); }
SIMD_INLINE void vf8_store_masked(float *p, vi8 mask, vf8 a)
{
    SIMD_LANES if (mask.i[l] < 0) p[l] = a.f[l];
}
#define SIMD_VF8_OP2(name, expr)                                                                   \
    SIMD_INLINE vf8 name(vf8 a, vf8 b)                                                             \
    {                                                                                              \
        vf8 r;                                                                                     \
        SIMD_LANES                                                                                 \
        {                                                                                          \
            float x = a.f[l], y = b.f[l];                                                          \
            r.f[l] = (expr);                                                                       \
        }                                                                                          \
        return r;                                                                                  \
    }
SIMD_VF8_OP2(vf8_add, x + y)
SIMD_VF8_OP2(vf8_sub, x - y)
SIMD_VF8_OP2(vf8_mul, x *y)
SIMD_VF8_OP2(vf8_div, x / y)
/* x86 rule: the second operand unless the first compares less (greater). */
SIMD_VF8_OP2(vf8_min, x < y ? x : y)
SIMD_VF8_OP2(vf8_max, x > y ? x : y)
SIMD_VF8_OP2(vf8_and, simd_float_of(simd_bits_of(x) & simd_bits_of(y)))
SIMD_VF8_OP2(vf8_or, simd_float_of(simd_bits_of(x) | simd_bits_of(y)))
SIMD_VF8_OP2(vf8_xor, simd_float_of(simd_bits_of(x) ^ simd_bits_of(y)))
SIMD_VF8_OP2(vf8_andnot, simd_float_of(~simd_bits_of(x) & simd_bits_of(y)))
#define SIMD_VF8_OP1(name, expr)                                                                   \
    SIMD_INLINE vf8 name(vf8 a)                                                                    \
    {                                                                                              \
        vf8 r;                                                                                     \
        SIMD_LANES                                                                                 \
        {                                                                                          \
            float x = a.f[l];                                                                      \
            r.f[l] = (expr);                                                                       \
        }                                                                                          \
        return r;                                                                                  \
    }
SIMD_VF8_OP1(vf8_sqrt, sqrtf(x))
SIMD_VF8_OP1(vf8_floor, floorf(x))
SIMD_VF8_OP1(vf8_ceil, ceilf(x))
SIMD_VF8_OP1(vf8_round_even, nearbyintf(x))
SIMD_VF8_OP1(vf8_trunc, truncf(x))
SIMD_VF8_OP1(vf8_abs, simd_float_of(simd_bits_of(x) & 0x7fffffffu))
SIMD_VF8_OP1(vf8_neg, simd_float_of(simd_bits_of(x) ^ 0x80000000u))
SIMD_INLINE vf8 vf8_fma(vf8 a, vf8 b, vf8 c)
{
    vf8 r;
    SIMD_LANES r.f[l] = fmaf(a.f[l], b.f[l], c.f[l]);
    return r;
}
/* c - a*b with one rounding (negating a is exact). */
SIMD_INLINE vf8 vf8_fnma(vf8 a, vf8 b, vf8 c)
{
    vf8 r;
    SIMD_LANES r.f[l] = fmaf(-a.f[l], b.f[l], c.f[l]);
    return r;
}
SIMD_INLINE vf8 vf8_clamp(vf8 a, vf8 lo, vf8 hi) { return vf8_min(hi, vf8_max(a, lo)); }
SIMD_INLINE vf8 vf8_select(vi8 mask, vf8 a, vf8 b)
{
    vf8 r;
    SIMD_LANES r.f[l] = mask.i[l] < 0 ? b.f[l] : a.f[l];
    return r;
}
SIMD_INLINE float vf8_lane(vf8 a, int i) { return a.f[i & 7]; }
SIMD_INLINE vf8 vf8_gather(const float *p, vi8 idx)
{
    vf8 r;
    SIMD_LANES r.f[l] = p[idx.i[l]];
    return r;
}
SIMD_INLINE vf8 vf8_gather_bytes(const void *base, vi8 byte_offset)
{
    vf8 r;
    SIMD_LANES memcpy(&r.f[l], (const uint8_t *)base + byte_offset.i[l], 4);
    return r;
}

#define SIMD_VF8_CMP(name, expr)                                                                   \
    SIMD_INLINE vi8 name(vf8 a, vf8 b)                                                             \
    {                                                                                              \
        vi8 r;                                                                                     \
        SIMD_LANES                                                                                 \
        {                                                                                          \
            float x = a.f[l], y = b.f[l];                                                          \
            r.i[l] = (expr) ? -1 : 0;                                                              \
        }                                                                                          \
        return r;                                                                                  \
    }
SIMD_VF8_CMP(vf8_lt, x < y)
SIMD_VF8_CMP(vf8_le, x <= y)
SIMD_VF8_CMP(vf8_gt, x > y)
SIMD_VF8_CMP(vf8_ge, x >= y)
SIMD_VF8_CMP(vf8_eq, x == y)
SIMD_VF8_CMP(vf8_neq, !(x == y))
SIMD_INLINE vi8 vf8_isnan(vf8 a) { return vf8_neq(a, a); }
SIMD_INLINE vi8 vf8_isfinite(vf8 a) { return vf8_lt(vf8_abs(a), vf8_set1(__builtin_inff())); }

/* ---- conversions ------------------------------------------------------- */
/* cvtps2dq / cvttps2dq: NaN and values outside int32 give INT32_MIN. */
SIMD_INLINE int32_t simd_cvt_i32(float x)
{
    return x >= -2147483648.0f && x < 2147483648.0f ? (int32_t)x : INT32_MIN;
}
SIMD_INLINE vi8 vf8_to_vi8_round(vf8 a)
{
    vi8 r;
    SIMD_LANES r.i[l] = simd_cvt_i32(nearbyintf(a.f[l]));
    return r;
}
SIMD_INLINE vi8 vf8_to_vi8_trunc(vf8 a)
{
    vi8 r;
    SIMD_LANES r.i[l] = simd_cvt_i32(a.f[l]);
    return r;
}
SIMD_INLINE vf8 vi8_to_vf8(vi8 a)
{
    vf8 r;
    SIMD_LANES r.f[l] = (float)a.i[l];
    return r;
}
/* Unsigned 32-bit to float: the two 16-bit halves, as the AVX2 variant. */
SIMD_INLINE vf8 vu8_to_vf8(vi8 a)
{
    vf8 r;
    SIMD_LANES r.f[l] =
        (float)(int32_t)(a.u[l] >> 16) * 65536.0f + (float)(int32_t)(a.u[l] & 0xffff);
    return r;
}
SIMD_INLINE vi8 vf8_as_vi8(vf8 a)
{
    vi8 r;
    memcpy(&r, &a, 32);
    return r;
}
SIMD_INLINE vf8 vi8_as_vf8(vi8 a)
{
    vf8 r;
    memcpy(&r, &a, 32);
    return r;
}
/* F16C: exact widening (denormals kept; a NaN keeps its payload shifted by
 * 13 and is quieted); narrowing rounds to nearest even, overflows to inf,
 * and keeps a NaN's top 9 payload bits with the quiet bit set. */
SIMD_INLINE float simd_half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 31, m = h & 0x3ff;
    if (e == 31)
        return simd_float_of(sign | 0x7f800000u | (m ? 0x00400000u | (m << 13) : 0));
    if (e == 0) {
        float v = (float)m * 0x1p-24f; /* exact: m < 2^10 */
        return sign ? -v : v;
    }
    return simd_float_of(sign | ((e + 112) << 23) | (m << 13));
}
SIMD_INLINE uint16_t simd_float_to_half(float f)
{
    uint32_t x = simd_bits_of(f);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
    uint32_t e = (x >> 23) & 0xff, m = x & 0x7fffff;
    if (e == 255)
        return (uint16_t)(sign | 0x7c00 | (m ? 0x200 | (m >> 13) : 0));
    int32_t he = (int32_t)e - 112; /* half exponent field */
    if (he >= 31)
        return (uint16_t)(sign | 0x7c00);
    uint32_t mant, shift;
    if (he <= 0) {
        /* half denormal (or zero): value = m' * 2^-24 with the implicit bit */
        if (he < -10)
            return sign; /* below half the smallest denormal: rounds to 0 */
        mant = m | 0x800000;
        shift = (uint32_t)(14 - he);
        he = 0;
    } else {
        mant = m;
        shift = 13;
    }
    uint32_t q = mant >> shift, rem = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (q & 1)))
        q++;
    /* a carry out of the mantissa moves into the exponent, as it should */
    return (uint16_t)(sign | (((uint32_t)he << 10) + q));
}
SIMD_INLINE vf8 vf8_from_half(vh8 h)
{
    vf8 r;
    SIMD_LANES r.f[l] = simd_half_to_float(h.h[l]);
    return r;
}
SIMD_INLINE vh8 vf8_to_half(vf8 a)
{
    vh8 r;
    SIMD_LANES r.h[l] = simd_float_to_half(a.f[l]);
    return r;
}

/* ---- 32-bit integers ---------------------------------------------------- */
SIMD_INLINE vi8 vi8_set1(int32_t a)
{
    vi8 r;
    SIMD_LANES r.i[l] = a;
    return r;
}
SIMD_INLINE vi8 vi8_zero(void) { return vi8_set1(0); }
SIMD_INLINE vi8 vi8_ones(void) { return vi8_set1(-1); }
SIMD_INLINE vi8 vi8_set(int32_t a0, int32_t a1, int32_t a2, int32_t a3, int32_t a4, int32_t a5,
                        int32_t a6, int32_t a7)
{
    vi8 r = {.i = {a0, a1, a2, a3, a4, a5, a6, a7}};
    return r;
}
SIMD_INLINE vi8 vi8_lane_index(void) { return vi8_set(0, 1, 2, 3, 4, 5, 6, 7); }
SIMD_INLINE vi8 vi8_load(const void *p)
{
    vi8 r;
    memcpy(&r, p, 32);
    return r;
}
SIMD_INLINE void vi8_store(void *p, vi8 a) { memcpy(p, &a, 32); }
SIMD_INLINE void vi8_store_masked(void *p, vi8 mask, vi8 a)
{
    SIMD_LANES if (mask.i[l] < 0) memcpy((uint8_t *)p + 4 * l, &a.i[l], 4);
}
#define SIMD_VI8_OP2(name, expr)                                                                   \
    SIMD_INLINE vi8 name(vi8 a, vi8 b)                                                             \
    {                                                                                              \
        vi8 r;                                                                                     \
        SIMD_LANES                                                                                 \
        {                                                                                          \
            int32_t x = a.i[l], y = b.i[l];                                                        \
            uint32_t ux = a.u[l], uy = b.u[l];                                                     \
            (void)x, (void)y, (void)ux, (void)uy;                                                  \
            r.u[l] = (uint32_t)(expr);                                                             \
        }                                                                                          \
        return r;                                                                                  \
    }
SIMD_VI8_OP2(vi8_add, ux + uy)
SIMD_VI8_OP2(vi8_sub, ux - uy)
SIMD_VI8_OP2(vi8_mullo, ux *uy)
SIMD_VI8_OP2(vi8_min, x < y ? x : y)
SIMD_VI8_OP2(vi8_max, x > y ? x : y)
SIMD_VI8_OP2(vi8_minu, ux < uy ? ux : uy)
SIMD_VI8_OP2(vi8_maxu, ux > uy ? ux : uy)
SIMD_VI8_OP2(vi8_and, ux &uy)
SIMD_VI8_OP2(vi8_or, ux | uy)
SIMD_VI8_OP2(vi8_xor, ux ^ uy)
SIMD_VI8_OP2(vi8_andnot, ~ux &uy)
SIMD_VI8_OP2(vi8_sllv, uy > 31 ? 0 : ux << uy)
SIMD_VI8_OP2(vi8_srlv, uy > 31 ? 0 : ux >> uy)
SIMD_VI8_OP2(vi8_srav, x >> (uy > 31 ? 31 : uy))
SIMD_VI8_OP2(vi8_eq, x == y ? -1 : 0)
SIMD_VI8_OP2(vi8_gt, x > y ? -1 : 0)
SIMD_VI8_OP2(vi8_lt, x < y ? -1 : 0)
SIMD_VI8_OP2(vi8_gtu, ux > uy ? -1 : 0)
SIMD_VI8_OP2(vi8_permute, a.i[uy & 7])
SIMD_INLINE vi8 vi8_not(vi8 a) { return vi8_xor(a, vi8_ones()); }
SIMD_INLINE vi8 vi8_abs(vi8 a)
{
    vi8 r;
    SIMD_LANES r.u[l] = a.i[l] < 0 ? 0u - a.u[l] : a.u[l];
    return r;
}
/* Immediate shifts: counts above 31 give 0 (srai: the sign). */
SIMD_INLINE vi8 vi8_slli(vi8 a, int n) { return vi8_sllv(a, vi8_set1(n)); }
SIMD_INLINE vi8 vi8_srli(vi8 a, int n) { return vi8_srlv(a, vi8_set1(n)); }
SIMD_INLINE vi8 vi8_srai(vi8 a, int n) { return vi8_srav(a, vi8_set1(n)); }
/* blendv_epi8: byte by byte, on the top bit of each mask byte. */
SIMD_INLINE vi8 vi8_select(vi8 mask, vi8 a, vi8 b)
{
    vi8 r;
    for (int k = 0; k < 32; k++)
        r.b[k] = (mask.b[k] & 0x80) ? b.b[k] : a.b[k];
    return r;
}
SIMD_INLINE vi8 vi8_gather(const int32_t *p, vi8 idx)
{
    vi8 r;
    SIMD_LANES r.i[l] = p[idx.i[l]];
    return r;
}
SIMD_INLINE vi8 vi8_gather_bytes(const void *base, vi8 byte_offset)
{
    vi8 r;
    SIMD_LANES memcpy(&r.i[l], (const uint8_t *)base + byte_offset.i[l], 4);
    return r;
}
SIMD_INLINE vi8 vi8_gather_bytes_masked(const void *base, vi8 off, vi8 mask)
{
    vi8 r = vi8_zero();
    SIMD_LANES if (mask.i[l] < 0) memcpy(&r.i[l], (const uint8_t *)base + off.i[l], 4);
    return r;
}
SIMD_INLINE int32_t vi8_lane(vi8 a, int i) { return a.i[i & 7]; }
SIMD_INLINE void vi8_minmax(vi8 a, int32_t *mn, int32_t *mx)
{
    int32_t n = a.i[0], x = a.i[0];
    SIMD_LANES
    {
        n = a.i[l] < n ? a.i[l] : n;
        x = a.i[l] > x ? a.i[l] : x;
    }
    *mn = n;
    *mx = x;
}
SIMD_INLINE vi8 vi8_byte_of(vi8 p, int k)
{
    vi8 r;
    SIMD_LANES r.u[l] = (p.u[l] >> (8 * k)) & 0xff;
    return r;
}
SIMD_INLINE uint32_t simd_sat_u8(int32_t v) { return v < 0 ? 0u : v > 255 ? 255u : (uint32_t)v; }
SIMD_INLINE vi8 vi8_pack_u8x4(vi8 c0, vi8 c1, vi8 c2, vi8 c3)
{
    vi8 r;
    SIMD_LANES r.u[l] = simd_sat_u8(c0.i[l]) | simd_sat_u8(c1.i[l]) << 8 |
                        simd_sat_u8(c2.i[l]) << 16 | simd_sat_u8(c3.i[l]) << 24;
    return r;
}
SIMD_INLINE vi8 vi8_load_u8x8(const uint8_t *p)
{
    vi8 r;
    SIMD_LANES r.u[l] = p[l];
    return r;
}
SIMD_INLINE void vi8_store_u8x8(uint8_t *p, vi8 a) { SIMD_LANES p[l] = (uint8_t)a.u[l]; }

/* ---- 16-bit lanes -------------------------------------------------------------- */
SIMD_INLINE vi8 vi8_add16(vi8 a, vi8 b)
{
    vi8 r;
    for (int k = 0; k < 16; k++)
        r.h[k] = (int16_t)(uint16_t)((uint16_t)a.h[k] + (uint16_t)b.h[k]);
    return r;
}
SIMD_INLINE vi8 vi8_sub16(vi8 a, vi8 b)
{
    vi8 r;
    for (int k = 0; k < 16; k++)
        r.h[k] = (int16_t)(uint16_t)((uint16_t)a.h[k] - (uint16_t)b.h[k]);
    return r;
}
SIMD_INLINE vi8 vi8_mulhrs16(vi8 a, vi8 b)
{
    vi8 r;
    for (int k = 0; k < 16; k++)
        r.h[k] = (int16_t)(uint16_t)(uint32_t)(((((int32_t)a.h[k] * b.h[k]) >> 14) + 1) >> 1);
    return r;
}
SIMD_INLINE vf8 vf8_from_half_lo16(vi8 a)
{
    vf8 r; /* packus_epi32: each lane saturated to [0, 65535] */
    SIMD_LANES r.f[l] = simd_half_to_float((uint16_t)(a.i[l] < 0       ? 0
                                                      : a.i[l] > 65535 ? 65535
                                                                       : a.i[l]));
    return r;
}

/* ---- lane masks ---------------------------------------------------------- */
SIMD_INLINE uint32_t vi8_movemask(vi8 m)
{
    uint32_t r = 0;
    SIMD_LANES r |= (m.u[l] >> 31) << l;
    return r;
}
SIMD_INLINE uint32_t vf8_movemask(vf8 m) { return vi8_movemask(vf8_as_vi8(m)); }
SIMD_INLINE vi8 vi8_from_bits(uint32_t bits)
{
    vi8 r;
    SIMD_LANES r.i[l] = (bits >> l) & 1 ? -1 : 0;
    return r;
}
SIMD_INLINE bool vi8_any(vi8 m)
{
    uint32_t o = 0;
    SIMD_LANES o |= m.u[l];
    return o != 0;
}

/* ---- 64-bit integers (4 lanes) ------------------------------------------- */
SIMD_INLINE vi64x4 vi64_set(int64_t a0, int64_t a1, int64_t a2, int64_t a3)
{
    vi64x4 r = {.q = {a0, a1, a2, a3}};
    return r;
}
SIMD_INLINE vi64x4 vi64_set1(int64_t a) { return vi64_set(a, a, a, a); }
#define SIMD_VI64_OP2(name, expr)                                                                  \
    SIMD_INLINE vi64x4 name(vi64x4 a, vi64x4 b)                                                    \
    {                                                                                              \
        vi64x4 r;                                                                                  \
        for (int l = 0; l < 4; l++) {                                                              \
            int64_t x = a.q[l], y = b.q[l];                                                        \
            (void)x, (void)y;                                                                      \
            r.q[l] = (int64_t)(expr);                                                              \
        }                                                                                          \
        return r;                                                                                  \
    }
SIMD_VI64_OP2(vi64_add, (uint64_t)x + (uint64_t)y)
SIMD_VI64_OP2(vi64_sub, (uint64_t)x - (uint64_t)y)
SIMD_VI64_OP2(vi64_gt, x > y ? -1 : 0)
SIMD_VI64_OP2(vi64_mul32, (int64_t)(int32_t)(uint32_t)x *(int64_t)(int32_t)(uint32_t)y)
SIMD_INLINE uint32_t vi64_movemask(vi64x4 a)
{
    uint32_t r = 0;
    for (int l = 0; l < 4; l++)
        r |= (uint32_t)((uint64_t)a.q[l] >> 63) << l;
    return r;
}
SIMD_INLINE uint32_t vi64_zero_mask(vi64x4 a)
{
    uint32_t r = 0;
    for (int l = 0; l < 4; l++)
        r |= (uint32_t)(a.q[l] == 0) << l;
    return r;
}
SIMD_INLINE void vi64_store(int64_t *p, vi64x4 a) { memcpy(p, &a, 32); }
SIMD_INLINE vi64x4 vi64_load(const int64_t *p) { return vi8_load(p); }
SIMD_INLINE vi64x4 vi8_lo_to_vi64(vi8 a) { return vi64_set(a.i[0], a.i[1], a.i[2], a.i[3]); }
SIMD_INLINE vi64x4 vi8_hi_to_vi64(vi8 a) { return vi64_set(a.i[4], a.i[5], a.i[6], a.i[7]); }
SIMD_INLINE vi8 vi64_pack_lo32(vi64x4 lo, vi64x4 hi)
{
    return vi8_set((int32_t)lo.q[0], (int32_t)lo.q[1], (int32_t)lo.q[2], (int32_t)lo.q[3],
                   (int32_t)hi.q[0], (int32_t)hi.q[1], (int32_t)hi.q[2], (int32_t)hi.q[3]);
}
SIMD_INLINE void vi64_transpose4(vi64x4 r[4])
{
    vi64x4 t[4];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            t[i].q[j] = r[j].q[i];
    for (int i = 0; i < 4; i++)
        r[i] = t[i];
}
SIMD_INLINE vi64x4 vi8_zip_lo_vi64(vi8 a, vi8 b)
{
    vi64x4 r;
    for (int j = 0; j < 4; j++)
        r.i[2 * j] = a.i[j], r.i[2 * j + 1] = b.i[j];
    return r;
}
SIMD_INLINE vi64x4 vi8_zip_hi_vi64(vi8 a, vi8 b)
{
    vi64x4 r;
    for (int j = 0; j < 4; j++)
        r.i[2 * j] = a.i[4 + j], r.i[2 * j + 1] = b.i[4 + j];
    return r;
}

/* ---- halves of 256 bits ------------------------------------------------------- */
SIMD_INLINE vi4 vi4_load(const void *p)
{
    vi4 r;
    memcpy(&r, p, 16);
    return r;
}
SIMD_INLINE void vi4_store(void *p, vi4 a) { memcpy(p, &a, 16); }
SIMD_INLINE vi4 vi4_unpacklo64(vi4 a, vi4 b)
{
    vi4 r = {.q = {a.q[0], b.q[0]}};
    return r;
}
SIMD_INLINE vi4 vi4_unpackhi64(vi4 a, vi4 b)
{
    vi4 r = {.q = {a.q[1], b.q[1]}};
    return r;
}
SIMD_INLINE vi8 vi8_from_vi4x2(vi4 lo, vi4 hi)
{
    vi8 r;
    memcpy(&r.b[0], &lo, 16);
    memcpy(&r.b[16], &hi, 16);
    return r;
}
SIMD_INLINE vi4 vi8_lo128(vi8 a) { return vi4_load(&a.b[0]); }
SIMD_INLINE vi4 vi8_hi128(vi8 a) { return vi4_load(&a.b[16]); }
SIMD_INLINE vf8 vf8_from_f4(vf4 lo, vf4 hi)
{
    vf8 r;
    memcpy(&r.f[0], lo.f, 16);
    memcpy(&r.f[4], hi.f, 16);
    return r;
}
SIMD_INLINE void vf8_store_lo4(float *p, vf8 a) { memcpy(p, a.f, 16); }
SIMD_INLINE vf8 vf8_load_2x128(const float *p) { return vf8_load(p); }
SIMD_INLINE vf8 vf8_load_half8(const void *p) { return vf8_from_half(vi4_load(p)); }
SIMD_INLINE void vf8_store_half8(void *p, vf8 a) { vi4_store(p, vf8_to_half(a)); }

/* ---- 4 doubles ---------------------------------------------------------------- */
SIMD_INLINE vd4 vd4_set1(double a)
{
    vd4 r = {{a, a, a, a}};
    return r;
}
#define SIMD_VD4_OP2(name, expr)                                                                   \
    SIMD_INLINE vd4 name(vd4 a, vd4 b)                                                             \
    {                                                                                              \
        vd4 r;                                                                                     \
        for (int l = 0; l < 4; l++) {                                                              \
            double x = a.d[l], y = b.d[l];                                                         \
            r.d[l] = (expr);                                                                       \
        }                                                                                          \
        return r;                                                                                  \
    }
SIMD_VD4_OP2(vd4_add, x + y)
SIMD_VD4_OP2(vd4_sub, x - y)
SIMD_VD4_OP2(vd4_mul, x *y)
SIMD_VD4_OP2(vd4_div, x / y)
SIMD_VD4_OP2(vd4_max, x > y ? x : y)
SIMD_INLINE vd4 vd4_neg(vd4 a)
{
    vd4 r;
    for (int l = 0; l < 4; l++) {
        uint64_t u;
        memcpy(&u, &a.d[l], 8);
        u ^= (uint64_t)1 << 63;
        memcpy(&r.d[l], &u, 8);
    }
    return r;
}
SIMD_INLINE vd4 vi8_lo_to_vd4(vi8 a)
{
    vd4 r = {{a.i[0], a.i[1], a.i[2], a.i[3]}};
    return r;
}
SIMD_INLINE vd4 vi8_hi_to_vd4(vi8 a)
{
    vd4 r = {{a.i[4], a.i[5], a.i[6], a.i[7]}};
    return r;
}
SIMD_INLINE vd4 vu8_lo_to_vd4(vi8 a)
{
    vd4 r = {{a.u[0], a.u[1], a.u[2], a.u[3]}};
    return r;
}
SIMD_INLINE vd4 vu8_hi_to_vd4(vi8 a)
{
    vd4 r = {{a.u[4], a.u[5], a.u[6], a.u[7]}};
    return r;
}
SIMD_INLINE vd4 vf8_lo_to_vd4(vf8 a)
{
    vd4 r = {{a.f[0], a.f[1], a.f[2], a.f[3]}};
    return r;
}
SIMD_INLINE vd4 vf8_hi_to_vd4(vf8 a)
{
    vd4 r = {{a.f[4], a.f[5], a.f[6], a.f[7]}};
    return r;
}
SIMD_INLINE vf4 vd4_to_f4(vd4 a)
{
    vf4 r = {{(float)a.d[0], (float)a.d[1], (float)a.d[2], (float)a.d[3]}};
    return r;
}

/* ---- shuffles ------------------------------------------------------------------ */
SIMD_INLINE void vi8_deinterleave3(vi8 a, vi8 b, vi8 c, vi8 out[3])
{
    int32_t all[24];
    memcpy(all, &a, 32);
    memcpy(all + 8, &b, 32);
    memcpy(all + 16, &c, 32);
    for (int k = 0; k < 3; k++)
        SIMD_LANES out[k].i[l] = all[3 * l + k];
}
SIMD_INLINE void vf8_interleave3(vf8 s0, vf8 s1, vf8 s2, vf8 out[3])
{
    float all[24];
    SIMD_LANES all[3 * l] = s0.f[l], all[3 * l + 1] = s1.f[l], all[3 * l + 2] = s2.f[l];
    for (int k = 0; k < 3; k++)
        memcpy(out[k].f, all + 8 * k, 32);
}
SIMD_INLINE void vf8_transpose8(vf8 r[8])
{
    vf8 t[8];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            t[i].f[j] = r[j].f[i];
    for (int i = 0; i < 8; i++)
        r[i] = t[i];
}
SIMD_INLINE void vf8_load4x8_transpose(const uint8_t *const p[8], vf8 out[4])
{
    for (int c = 0; c < 4; c++)
        SIMD_LANES memcpy(&out[c].f[l], p[l] + 4 * c, 4);
}
SIMD_INLINE void vi8_load_pairs(const uint8_t *base, const int32_t off[8], vi8 *lo, vi8 *hi)
{
    SIMD_LANES
    {
        memcpy(&lo->i[l], base + off[l], 4);
        memcpy(&hi->i[l], base + off[l] + 4, 4);
    }
}

/* ---- misc ------------------------------------------------------------------ */
SIMD_INLINE void simd_pause(void) {}
SIMD_INLINE uint32_t simd_fp_csr(void) { return __builtin_ia32_stmxcsr(); }
SIMD_INLINE void simd_fp_set_csr(uint32_t csr) { __builtin_ia32_ldmxcsr(csr); }
SIMD_INLINE uint64_t simd_rdtsc(void) { return __builtin_ia32_rdtsc(); }
SIMD_INLINE void simd_stream_store(void *p, vi8 a) { vi8_store(p, a); }

#undef SIMD_VF8_OP1
#undef SIMD_VF8_OP2
#undef SIMD_VF8_CMP
#undef SIMD_VI8_OP2
#undef SIMD_VI64_OP2
#undef SIMD_VD4_OP2
#undef SIMD_LANES

#endif /* SWR_SIMD_SCALAR_H */
