/*
 * tgsi_math.h: what TGSI's transcendental opcodes compute in swr, in a
 * scalar form and an 8-lane form that round identically.
 *
 * TGSI's EX2, LG2, SIN, COS and POW (and the 2^x / log2 parts of EXP, LOG
 * and LIT) must give the same bits everywhere swr evaluates them: the
 * jitter's AVX2 interpreter and LLVM JIT (the 8-lane form; the JIT writes
 * SIN/COS out in IR operation for operation and calls out-of-line copies of
 * the others), and the scalar reference executor (tgsi_ref.c) and the
 * optimizer's constant folding (tgsi_opt.c) (the scalar form): exec
 * contract item 2. So none may call libm: each function below is one fixed
 * sequence of IEEE single-precision operations (add, mul, div, fma, exact
 * integer bit tricks, selects), written twice, once over float and once
 * over vf8. Each scalar function and its `_v8` twin must stay in lock step:
 * change both or neither. FMA is used on purpose in both (fmaf / vf8_fma,
 * both correctly rounded); the project compiles with -ffp-contract=off so
 * the compiler adds no other fusion. Scalar branches only pick special
 * results that the SIMD form selects. Everything is inline: every user gets
 * the same code.
 *
 * Accuracy (tests/tgsi/test_tgsi_math.c measures it against libm in double):
 *  - tgsi_exp2f: <= 2 ulp over [-150, 128]; x >= 128 gives +inf, x <= -150
 *    gives 0 (or the nearest denormal), exact powers of two for integer x,
 *    denormal results rounded once, NaN -> NaN, -inf -> 0, +inf -> +inf.
 *  - tgsi_log2f: < 4 ulp (3 seen) for all positive finite x (denormals included), and
 *    exact 0 at x = 1; x < 0 (incl. -inf) -> NaN, +-0 -> -inf, +inf -> +inf.
 *  - tgsi_sinf / tgsi_cosf: Cody-Waite reduction by pi/2 with a three-part
 *    constant, FMA and a second correcting pass; absolute error <= 1e-7
 *    for |x| <= 2^23 (so also for the usual 1e5), <= 1e-6 up to 2^26; it
 *    grows past that (pi/2 is known to only ~72 bits) and the result is
 *    meaningless beyond ~2^30 (but still in [-1, 1] and identical in both
 *    forms). inf / NaN -> NaN.
 *  - tgsi_powf(x, y) = exp2(y * log2(x)) with: y == +-0 -> 1 for every x
 *    (NaN included); otherwise IEEE propagation through the formula, so
 *    x < 0 -> NaN (no integer-y special case), x = +-0 -> 0 for y > 0 and
 *    +inf for y < 0, x = +inf -> +inf for y > 0 and 0 for y < 0, x = 1 with
 *    y = +-inf or NaN -> NaN. Relative error grows with |y * log2(x)| as
 *    for any exp2(y*log2 x) formula: <= 1.5 (3 + |y log2 x|) ulp.
 *  - tgsi_powf_mzw: the same, except that the product y * log2(x) is +0 when
 *    either factor is +-0 (TGSI LEGACY_MATH_RULES / MUL_ZERO_WINS, exec
 *    contract item 10): pow(1, inf) = pow(1, NaN) = 1 there.
 *
 * NaN results: exp2, log2, sin and cos return an input NaN quieted (x + x
 * or x - x, one operand so no payload choice); NaNs created here are x - x
 * of an infinity (sin, cos) or the default quiet NaN 0x7fc00000 (log2 of a
 * negative). pow returns 0x7fc00000 for every NaN result.
 */
#ifndef SWR_TGSI_MATH_H
#define SWR_TGSI_MATH_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "common/simd.h"

#define TGSI_MATH_INLINE static inline __attribute__((always_inline))

/* ---- constants ----------------------------------------------------------- */

/* 1.5 * 2^23: adding it to |v| < 2^22 rounds v to an integer (ties to even,
 * the default rounding) and leaves that integer in the low mantissa bits,
 * so (bits - 0x4b400000) is the integer as int32. */
#define TGSI_MATH_ROUND_MAGIC 0x1.8p23f
#define TGSI_MATH_ROUND_MAGIC_BITS 0x4b400000

/* exp2 on f in [-0.5, 0.5]: Taylor coefficients ln2^k / k!, k = 1..7; the
 * truncation error (ln2 / 2)^8 / 8! = 5e-9 is under 0.1 ulp. */
#define TGSI_EXP2_C1 0x1.62e430p-1f /* ln2 */
#define TGSI_EXP2_C2 0x1.ebfbe0p-3f /* ln2^2 / 2 */
#define TGSI_EXP2_C3 0x1.c6b08ep-5f /* ln2^3 / 6 */
#define TGSI_EXP2_C4 0x1.3b2ab6p-7f /* ln2^4 / 24 */
#define TGSI_EXP2_C5 0x1.5d87fep-10f /* ln2^5 / 120 */
#define TGSI_EXP2_C6 0x1.430912p-13f /* ln2^6 / 720 */
#define TGSI_EXP2_C7 0x1.ffcbfcp-17f /* ln2^7 / 5040 */
/* Inputs are clamped to [-160, 130] before scaling: outside [-150, 128] the
 * result is already 0 or inf, and the clamp keeps the integer part small
 * enough for the two-step scaling by 2^n1 * 2^n2 (|n1|, |n2| <= 80). */
#define TGSI_EXP2_MAX 130.0f
#define TGSI_EXP2_MIN -160.0f

/* log2(m) for m in [sqrt(1/2), sqrt(2)] with s = (m-1)/(m+1), |s| <= 0.1716:
 * log2(m) = 2/ln2 * atanh(s) = s * (C1 + C3 s^2 + C5 s^4 + C7 s^6 + C9 s^8),
 * Ck = 2 / (k ln2); the first dropped term, s^11 * 2/(11 ln2), is below
 * 2e-9 relative. */
#define TGSI_LOG2_C1 0x1.715476p+1f /* 2 / ln2 */
#define TGSI_LOG2_C3 0x1.ec709ep-1f /* 2 / (3 ln2) */
#define TGSI_LOG2_C5 0x1.2776c6p-1f /* 2 / (5 ln2) */
#define TGSI_LOG2_C7 0x1.a61762p-2f /* 2 / (7 ln2) */
#define TGSI_LOG2_C9 0x1.484b14p-2f /* 2 / (9 ln2) */
#define TGSI_LOG2_SQRT2 0x1.6a09e6p+0f
/* Denormal inputs are first multiplied by 2^23 (exact) to normalize them. */
#define TGSI_LOG2_MIN_NORMAL 0x1p-126f
#define TGSI_LOG2_DENORM_SCALE 0x1p23f

/* pi/2 = P1 + P2 + P3 to ~72 bits: P1 = float(pi/2), P2 = float(pi/2 - P1),
 * P3 = float(pi/2 - P1 - P2). P1 has a 2^-23 grid, so x - k*P1 lands on the
 * 2^-23 grid too and the first FMA of the reduction is exact. */
#define TGSI_TRIG_2_OVER_PI 0x1.45f306p-1f
#define TGSI_TRIG_P1 0x1.921fb6p+0f  /* 0x3fc90fdb */
#define TGSI_TRIG_P2 -0x1.777a5cp-25f /* 0xb33bbd2e */
#define TGSI_TRIG_P3 -0x1.ee59dap-50f /* 0xa6f72ced */
/* Taylor coefficients on |r| <= pi/4: sin to r^9 (error (pi/4)^11/11! =
 * 2e-9), cos to r^10 (error (pi/4)^12/12! = 1e-10). */
#define TGSI_SIN_C3 -0x1.555556p-3f /* -1/3! */
#define TGSI_SIN_C5 0x1.111112p-7f  /* 1/5! */
#define TGSI_SIN_C7 -0x1.a01a02p-13f /* -1/7! */
#define TGSI_SIN_C9 0x1.71de3ap-19f /* 1/9! */
#define TGSI_COS_C2 -0.5f
#define TGSI_COS_C4 0x1.555556p-5f  /* 1/4! */
#define TGSI_COS_C6 -0x1.6c16c2p-10f /* -1/6! */
#define TGSI_COS_C8 0x1.a01a02p-16f /* 1/8! */
#define TGSI_COS_C10 -0x1.27e4fcp-22f /* -1/10! */

#define TGSI_MATH_QNAN_BITS 0x7fc00000u

/* ---- scalar bit helpers -------------------------------------------------- */

TGSI_MATH_INLINE uint32_t tgsi_math_f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

TGSI_MATH_INLINE float tgsi_math_u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* ---- exp2 ---------------------------------------------------------------- */

/* Shared core: 2^x for x already clamped to [TGSI_EXP2_MIN, TGSI_EXP2_MAX].
 * n = round(x), f = x - n (exact) in [-0.5, 0.5], 2^f by polynomial, then
 * scaled by 2^(n>>1) and 2^(n - (n>>1)), two exact-exponent floats, so that
 * the only rounding into the denormal range happens in the last multiply. */
TGSI_MATH_INLINE float tgsi_exp2f_core(float x)
{
    float t = x + TGSI_MATH_ROUND_MAGIC;
    int32_t n = (int32_t)(tgsi_math_f2u(t) - TGSI_MATH_ROUND_MAGIC_BITS);
    float fn = t - TGSI_MATH_ROUND_MAGIC;
    float f = x - fn;
    float p = TGSI_EXP2_C7;
    p = fmaf(p, f, TGSI_EXP2_C6);
    p = fmaf(p, f, TGSI_EXP2_C5);
    p = fmaf(p, f, TGSI_EXP2_C4);
    p = fmaf(p, f, TGSI_EXP2_C3);
    p = fmaf(p, f, TGSI_EXP2_C2);
    p = fmaf(p, f, TGSI_EXP2_C1);
    p = fmaf(p, f, 1.0f);
    int32_t n1 = n >> 1; /* arithmetic shift: floor(n / 2) */
    int32_t n2 = n - n1;
    float s1 = tgsi_math_u2f((uint32_t)(n1 + 127) << 23);
    float s2 = tgsi_math_u2f((uint32_t)(n2 + 127) << 23);
    return (p * s1) * s2;
}

static inline float tgsi_exp2f(float x)
{
    if (x != x)
        return x + x;
    float xc = x > TGSI_EXP2_MAX ? TGSI_EXP2_MAX : x;
    xc = xc < TGSI_EXP2_MIN ? TGSI_EXP2_MIN : xc;
    return tgsi_exp2f_core(xc);
}

TGSI_MATH_INLINE vf8 tgsi_exp2_v8_core(vf8 x)
{
    vf8 t = vf8_add(x, vf8_set1(TGSI_MATH_ROUND_MAGIC));
    vi8 n = vi8_sub(vf8_as_vi8(t), vi8_set1(TGSI_MATH_ROUND_MAGIC_BITS));
    vf8 fn = vf8_sub(t, vf8_set1(TGSI_MATH_ROUND_MAGIC));
    vf8 f = vf8_sub(x, fn);
    vf8 p = vf8_set1(TGSI_EXP2_C7);
    p = vf8_fma(p, f, vf8_set1(TGSI_EXP2_C6));
    p = vf8_fma(p, f, vf8_set1(TGSI_EXP2_C5));
    p = vf8_fma(p, f, vf8_set1(TGSI_EXP2_C4));
    p = vf8_fma(p, f, vf8_set1(TGSI_EXP2_C3));
    p = vf8_fma(p, f, vf8_set1(TGSI_EXP2_C2));
    p = vf8_fma(p, f, vf8_set1(TGSI_EXP2_C1));
    p = vf8_fma(p, f, vf8_set1(1.0f));
    vi8 n1 = vi8_srai(n, 1);
    vi8 n2 = vi8_sub(n, n1);
    vf8 s1 = vi8_as_vf8(vi8_slli(vi8_add(n1, vi8_set1(127)), 23));
    vf8 s2 = vi8_as_vf8(vi8_slli(vi8_add(n2, vi8_set1(127)), 23));
    return vf8_mul(vf8_mul(p, s1), s2);
}

TGSI_MATH_INLINE vf8 tgsi_exp2_v8(vf8 x)
{
    vf8 xc = vf8_select(vf8_gt(x, vf8_set1(TGSI_EXP2_MAX)), x, vf8_set1(TGSI_EXP2_MAX));
    xc = vf8_select(vf8_lt(xc, vf8_set1(TGSI_EXP2_MIN)), xc, vf8_set1(TGSI_EXP2_MIN));
    vi8 nan = vf8_isnan(x);
    /* NaN lanes compute garbage in the core (no UB in SIMD) and are replaced. */
    return vf8_select(nan, tgsi_exp2_v8_core(xc), vf8_add(x, x));
}

/* ---- log2 ---------------------------------------------------------------- */

/* Shared core for finite x > 0. x = 2^e * m with m in [sqrt(1/2), sqrt(2)):
 * m - 1 and m + 1 are exact, s = (m-1)/(m+1), result = e + s * P(s^2) with
 * the final add fused so that it rounds once (and is exactly 0 at x = 1). */
TGSI_MATH_INLINE float tgsi_log2f_core(float x)
{
    int denorm = x < TGSI_LOG2_MIN_NORMAL;
    float xs = denorm ? x * TGSI_LOG2_DENORM_SCALE : x;
    uint32_t bits = tgsi_math_f2u(xs);
    int32_t e = (int32_t)(bits >> 23) - 127 - (denorm ? 23 : 0);
    float m = tgsi_math_u2f((bits & 0x7fffffu) | 0x3f800000u);
    int big = m > TGSI_LOG2_SQRT2;
    m = big ? m * 0.5f : m;
    e = big ? e + 1 : e;
    float s = (m - 1.0f) / (m + 1.0f);
    float s2 = s * s;
    float p = TGSI_LOG2_C9;
    p = fmaf(p, s2, TGSI_LOG2_C7);
    p = fmaf(p, s2, TGSI_LOG2_C5);
    p = fmaf(p, s2, TGSI_LOG2_C3);
    p = fmaf(p, s2, TGSI_LOG2_C1);
    return fmaf(s, p, (float)e);
}

static inline float tgsi_log2f(float x)
{
    if (x != x)
        return x + x;
    if (x < 0.0f)
        return tgsi_math_u2f(TGSI_MATH_QNAN_BITS);
    if (x == 0.0f)
        return -INFINITY;
    if (x == INFINITY)
        return INFINITY;
    return tgsi_log2f_core(x);
}

TGSI_MATH_INLINE vf8 tgsi_log2_v8(vf8 x)
{
    vi8 denorm = vf8_lt(x, vf8_set1(TGSI_LOG2_MIN_NORMAL));
    vf8 xs = vf8_select(denorm, x, vf8_mul(x, vf8_set1(TGSI_LOG2_DENORM_SCALE)));
    vi8 bits = vf8_as_vi8(xs);
    vi8 e = vi8_sub(vi8_srli(bits, 23), vi8_set1(127));
    e = vi8_sub(e, vi8_and(denorm, vi8_set1(23)));
    vf8 m = vi8_as_vf8(vi8_or(vi8_and(bits, vi8_set1(0x7fffff)), vi8_set1(0x3f800000)));
    vi8 big = vf8_gt(m, vf8_set1(TGSI_LOG2_SQRT2));
    m = vf8_select(big, m, vf8_mul(m, vf8_set1(0.5f)));
    e = vi8_sub(e, big); /* big lanes are -1 */
    vf8 one = vf8_set1(1.0f);
    vf8 s = vf8_div(vf8_sub(m, one), vf8_add(m, one));
    vf8 s2 = vf8_mul(s, s);
    vf8 p = vf8_set1(TGSI_LOG2_C9);
    p = vf8_fma(p, s2, vf8_set1(TGSI_LOG2_C7));
    p = vf8_fma(p, s2, vf8_set1(TGSI_LOG2_C5));
    p = vf8_fma(p, s2, vf8_set1(TGSI_LOG2_C3));
    p = vf8_fma(p, s2, vf8_set1(TGSI_LOG2_C1));
    vf8 r = vf8_fma(s, p, vi8_to_vf8(e));
    /* Specials, in the scalar order (later selects win): */
    r = vf8_select(vf8_eq(x, vf8_set1(INFINITY)), r, vf8_set1(INFINITY));
    r = vf8_select(vf8_eq(x, vf8_zero()), r, vf8_set1(-INFINITY));
    r = vf8_select(vf8_lt(x, vf8_zero()), r, vi8_as_vf8(vi8_set1((int32_t)TGSI_MATH_QNAN_BITS)));
    return vf8_select(vf8_isnan(x), r, vf8_add(x, x));
}

/* ---- sin / cos ----------------------------------------------------------- */

/* Reduction shared by sin and cos: k = nearest integer to x * 2/pi,
 * r = x - k * pi/2 in three FMA steps, q = k mod 4 (0..3). x * 2/pi rounds,
 * so for large |x| k may be one off (|r| up to ~3pi/4 near 2^23), so a
 * second pass reduces r by k2 = round(r * 2/pi) (-1, 0 or 1 whenever the
 * first pass worked) the same way. k is rounded in float (exact for any
 * float) and q comes from k and k2 by exact float arithmetic
 * (k - 4 floor(k/4)), so no float->int conversion can overflow. Where a
 * quotient is 0 r stays as it was (keeps sin(-0) = -0). */
TGSI_MATH_INLINE float tgsi_trig_step(float x, float *kq)
{
    float k = rintf(x * TGSI_TRIG_2_OVER_PI);
    float r = fmaf(-k, TGSI_TRIG_P1, x);
    r = fmaf(-k, TGSI_TRIG_P2, r);
    r = fmaf(-k, TGSI_TRIG_P3, r);
    *kq = k - 4.0f * floorf(k * 0.25f);
    return k == 0.0f ? x : r;
}

TGSI_MATH_INLINE float tgsi_trig_reduce(float x, int32_t *q)
{
    float kq1, kq2;
    float r = tgsi_trig_step(x, &kq1);
    r = tgsi_trig_step(r, &kq2);
    *q = (int32_t)kq1 + (int32_t)kq2;
    /* |r| <= pi/4 + tiny whenever the reduction worked; for the huge |x|
     * where it cannot, the clamp keeps the result in [-1, 1]. */
    r = r > 1.0f ? 1.0f : r;
    return r < -1.0f ? -1.0f : r;
}

TGSI_MATH_INLINE float tgsi_sin_poly(float r)
{
    float r2 = r * r;
    float p = TGSI_SIN_C9;
    p = fmaf(p, r2, TGSI_SIN_C7);
    p = fmaf(p, r2, TGSI_SIN_C5);
    p = fmaf(p, r2, TGSI_SIN_C3);
    /* r + r^3 p would turn r = -0 into +0 (+0 + -0). */
    return r == 0.0f ? r : fmaf(p * r2, r, r);
}

TGSI_MATH_INLINE float tgsi_cos_poly(float r)
{
    float r2 = r * r;
    float p = TGSI_COS_C10;
    p = fmaf(p, r2, TGSI_COS_C8);
    p = fmaf(p, r2, TGSI_COS_C6);
    p = fmaf(p, r2, TGSI_COS_C4);
    p = fmaf(p, r2, TGSI_COS_C2);
    return fmaf(p, r2, 1.0f);
}

/* sin(x) by quadrant q: sin r, cos r, -sin r, -cos r; cos(x) is sin(x + pi/2),
 * i.e. quadrant q + 1. */
TGSI_MATH_INLINE float tgsi_trig_quadrant(float r, int32_t q)
{
    float v = (q & 1) ? tgsi_cos_poly(r) : tgsi_sin_poly(r);
    return (q & 2) ? -v : v;
}

static inline float tgsi_sinf(float x)
{
    if (!(fabsf(x) < INFINITY))
        return x - x;
    int32_t q;
    float r = tgsi_trig_reduce(x, &q);
    return tgsi_trig_quadrant(r, q);
}

static inline float tgsi_cosf(float x)
{
    if (!(fabsf(x) < INFINITY))
        return x - x;
    int32_t q;
    float r = tgsi_trig_reduce(x, &q);
    return tgsi_trig_quadrant(r, q + 1);
}

TGSI_MATH_INLINE vf8 tgsi_trig_step_v8(vf8 x, vi8 *kq)
{
    vf8 k = vf8_round_even(vf8_mul(x, vf8_set1(TGSI_TRIG_2_OVER_PI)));
    vf8 nk = vf8_neg(k);
    vf8 r = vf8_fma(nk, vf8_set1(TGSI_TRIG_P1), x);
    r = vf8_fma(nk, vf8_set1(TGSI_TRIG_P2), r);
    r = vf8_fma(nk, vf8_set1(TGSI_TRIG_P3), r);
    vf8 kf = vf8_sub(k, vf8_mul(vf8_set1(4.0f), vf8_floor(vf8_mul(k, vf8_set1(0.25f)))));
    *kq = vf8_to_vi8_trunc(kf);
    return vf8_select(vf8_eq(k, vf8_zero()), r, x);
}

TGSI_MATH_INLINE vf8 tgsi_trig_reduce_v8(vf8 x, vi8 *q)
{
    vi8 kq1, kq2;
    vf8 r = tgsi_trig_step_v8(x, &kq1);
    r = tgsi_trig_step_v8(r, &kq2);
    *q = vi8_add(kq1, kq2);
    r = vf8_select(vf8_gt(r, vf8_set1(1.0f)), r, vf8_set1(1.0f));
    return vf8_select(vf8_lt(r, vf8_set1(-1.0f)), r, vf8_set1(-1.0f));
}

TGSI_MATH_INLINE vf8 tgsi_sin_poly_v8(vf8 r)
{
    vf8 r2 = vf8_mul(r, r);
    vf8 p = vf8_set1(TGSI_SIN_C9);
    p = vf8_fma(p, r2, vf8_set1(TGSI_SIN_C7));
    p = vf8_fma(p, r2, vf8_set1(TGSI_SIN_C5));
    p = vf8_fma(p, r2, vf8_set1(TGSI_SIN_C3));
    return vf8_select(vf8_eq(r, vf8_zero()), vf8_fma(vf8_mul(p, r2), r, r), r);
}

TGSI_MATH_INLINE vf8 tgsi_cos_poly_v8(vf8 r)
{
    vf8 r2 = vf8_mul(r, r);
    vf8 p = vf8_set1(TGSI_COS_C10);
    p = vf8_fma(p, r2, vf8_set1(TGSI_COS_C8));
    p = vf8_fma(p, r2, vf8_set1(TGSI_COS_C6));
    p = vf8_fma(p, r2, vf8_set1(TGSI_COS_C4));
    p = vf8_fma(p, r2, vf8_set1(TGSI_COS_C2));
    return vf8_fma(p, r2, vf8_set1(1.0f));
}

TGSI_MATH_INLINE vf8 tgsi_trig_quadrant_v8(vf8 x, vf8 r, vi8 q)
{
    vi8 odd = vi8_eq(vi8_and(q, vi8_set1(1)), vi8_set1(1));
    vi8 neg = vi8_slli(vi8_and(q, vi8_set1(2)), 30); /* bit 1 -> sign bit */
    vf8 v = vf8_select(odd, tgsi_sin_poly_v8(r), tgsi_cos_poly_v8(r));
    v = vf8_xor(v, vi8_as_vf8(neg));
    return vf8_select(vf8_isfinite(x), vf8_sub(x, x), v);
}

TGSI_MATH_INLINE vf8 tgsi_sin_v8(vf8 x)
{
    vi8 q;
    vf8 r = tgsi_trig_reduce_v8(x, &q);
    return tgsi_trig_quadrant_v8(x, r, q);
}

TGSI_MATH_INLINE vf8 tgsi_cos_v8(vf8 x)
{
    vi8 q;
    vf8 r = tgsi_trig_reduce_v8(x, &q);
    return tgsi_trig_quadrant_v8(x, r, vi8_add(q, vi8_set1(1)));
}

/* ---- pow ----------------------------------------------------------------- */

/* A NaN result of pow is always the default quiet NaN: y * log2(x) may have
 * two NaN operands, and which payload an x86 multiply keeps depends on the
 * operand order, which a compiler may swap in the scalar form. */
TGSI_MATH_INLINE float tgsi_pow_canon(float r)
{
    return r != r ? tgsi_math_u2f(TGSI_MATH_QNAN_BITS) : r;
}

static inline float tgsi_powf(float x, float y)
{
    if (y == 0.0f)
        return 1.0f;
    return tgsi_pow_canon(tgsi_exp2f(y * tgsi_log2f(x)));
}

static inline float tgsi_powf_mzw(float x, float y)
{
    if (y == 0.0f)
        return 1.0f;
    float l = tgsi_log2f(x);
    return tgsi_pow_canon(tgsi_exp2f(l == 0.0f ? 0.0f : y * l));
}

TGSI_MATH_INLINE vf8 tgsi_pow_canon_v8(vf8 r, vf8 y)
{
    r = vf8_select(vf8_isnan(r), r, vi8_as_vf8(vi8_set1((int32_t)TGSI_MATH_QNAN_BITS)));
    return vf8_select(vf8_eq(y, vf8_zero()), r, vf8_set1(1.0f));
}

TGSI_MATH_INLINE vf8 tgsi_pow_v8(vf8 x, vf8 y)
{
    return tgsi_pow_canon_v8(tgsi_exp2_v8(vf8_mul(y, tgsi_log2_v8(x))), y);
}

TGSI_MATH_INLINE vf8 tgsi_pow_mzw_v8(vf8 x, vf8 y)
{
    vf8 l = tgsi_log2_v8(x);
    vf8 prod = vf8_select(vf8_eq(l, vf8_zero()), vf8_mul(y, l), vf8_zero());
    return tgsi_pow_canon_v8(tgsi_exp2_v8(prod), y);
}

#endif /* SWR_TGSI_MATH_H */
