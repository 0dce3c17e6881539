/*
 * test_tgsi_math: tgsi/tgsi_math.h, the transcendentals every TGSI executor
 * and the optimizer's constant folding share (exec contract item 2).
 *
 * Two oracles: (1) the scalar function and its 8-lane twin must give the
 * same bits for every input (specials, every float exponent, random bit
 * patterns, the useful ranges): that is what lets the reference executor
 * and the interpreter agree bit for bit; (2) the accuracy claimed in the
 * header, measured against libm in double precision (exp2, log2, sin, cos,
 * pow), and the documented special cases, checked one by one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "tgsi/tgsi_math.h"
#include "test_util.h"

/* Random inputs per function; each is also checked at 8 lanes. */
#define N_RANDOM (1u << 20)

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rng_u32(void)
{
    return tu_rand(&rng_state);
}

static float rng_range(float lo, float hi)
{
    return lo + (hi - lo) * (float)(rng_u32() >> 8) * 0x1p-24f;
}

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float float_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Distance in ulps between a float result and the exact value in double,
 * measured in units of the float ulp at the exact value (denormal spacing
 * 2^-149 at the bottom). */
static double ulp_error(float got, double want)
{
    if (isinf(want) || isinf(got))
        return (double)got == want ? 0.0 : INFINITY;
    double aw = fabs(want);
    int e;
    frexp(aw, &e); /* aw = m * 2^e, m in [0.5, 1) */
    double ulp = ldexp(1.0, e - 24);
    if (ulp < 0x1p-149)
        ulp = 0x1p-149;
    return fabs((double)got - want) / ulp;
}

/* ---- scalar vs SIMD ------------------------------------------------------- */

enum { FN_EXP2, FN_LOG2, FN_SIN, FN_COS, FN_POW, FN_POW_MZW, FN_COUNT };
static const char *const fn_names[FN_COUNT] = {"exp2", "log2", "sin", "cos", "pow", "pow_mzw"};

static float scalar_fn(int fn, float x, float y)
{
    switch (fn) {
    case FN_EXP2: return tgsi_exp2f(x);
    case FN_LOG2: return tgsi_log2f(x);
    case FN_SIN: return tgsi_sinf(x);
    case FN_COS: return tgsi_cosf(x);
    case FN_POW: return tgsi_powf(x, y);
    default: return tgsi_powf_mzw(x, y);
    }
}

static void simd_fn(int fn, const float *x, const float *y, float *out)
{
    vf8 vx = vf8_load(x), vy = vf8_load(y), r;
    switch (fn) {
    case FN_EXP2: r = tgsi_exp2_v8(vx); break;
    case FN_LOG2: r = tgsi_log2_v8(vx); break;
    case FN_SIN: r = tgsi_sin_v8(vx); break;
    case FN_COS: r = tgsi_cos_v8(vx); break;
    case FN_POW: r = tgsi_pow_v8(vx, vy); break;
    default: r = tgsi_pow_mzw_v8(vx, vy); break;
    }
    vf8_store(out, r);
}

/* Checks 8 inputs of one function: both forms, bit for bit. */
static void check_twin8(int fn, const float x[8], const float y[8])
{
    float out[8];
    simd_fn(fn, x, y, out);
    for (int l = 0; l < 8; l++) {
        float s = scalar_fn(fn, x[l], y[l]);
        if (bits_of(s) != bits_of(out[l]))
            fail_msg("%s(%a, %a): scalar %a (0x%08x), simd lane %d %a (0x%08x)", fn_names[fn],
                     (double)x[l], (double)y[l], (double)s, bits_of(s), l, (double)out[l],
                     bits_of(out[l]));
    }
}

static const uint32_t special_bits[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
    0x7f800001u, 0x7fa00000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x00800000u,
    0x3f800000u, 0xbf800000u, 0x3f7fffffu, 0x3f800001u, 0x7f7fffffu, 0xff7fffffu,
    0x43000000u, 0x42fe0000u, 0xc3150000u, 0xc3160000u, 0xc3200000u, 0x43020000u,
    0x3fc90fdbu, 0x40490fdbu, 0x40c90fdbu, 0x47c35000u, 0x4b800000u, 0x4f000000u,
    0x3f3504f3u, 0x3fb504f3u, 0x3fb504f4u, 0xc2fe0000u, 0xc3140000u, 0x4effffffu,
};
#define N_SPECIAL (sizeof(special_bits) / sizeof(special_bits[0]))

static void test_twins_specials(void **state)
{
    (void)state;
    /* Every (special x, special y) pair, packed 8 at a time. */
    float x[8], y[8];
    int n = 0;
    for (int fn = 0; fn < FN_COUNT; fn++) {
        for (size_t i = 0; i < N_SPECIAL; i++) {
            for (size_t j = 0; j < N_SPECIAL; j++) {
                x[n] = float_of(special_bits[i]);
                y[n] = float_of(special_bits[j]);
                if (++n == 8) {
                    check_twin8(fn, x, y);
                    n = 0;
                }
            }
        }
    }
}

static void test_twins_random(void **state)
{
    (void)state;
    float x[8], y[8];
    for (int fn = 0; fn < FN_COUNT; fn++) {
        for (uint32_t i = 0; i < N_RANDOM / 8; i++) {
            for (int l = 0; l < 8; l++) {
                uint32_t kind = rng_u32() & 3;
                if (kind == 0) { /* any bit pattern */
                    x[l] = float_of(rng_u32());
                    y[l] = float_of(rng_u32());
                } else if (kind == 1) { /* the function's useful range */
                    x[l] = fn == FN_EXP2 ? rng_range(-160.0f, 140.0f)
                         : fn == FN_SIN || fn == FN_COS ? rng_range(-1e5f, 1e5f)
                                                        : rng_range(0.0f, 100.0f);
                    y[l] = rng_range(-20.0f, 20.0f);
                } else if (kind == 2) { /* a small range near the interesting point */
                    x[l] = fn == FN_LOG2 || fn >= FN_POW ? rng_range(0.5f, 2.0f)
                                                         : rng_range(-4.0f, 4.0f);
                    y[l] = rng_range(-2.0f, 2.0f);
                } else { /* every exponent, positive: exercises denormals */
                    x[l] = float_of(rng_u32() & 0x7fffffffu);
                    y[l] = float_of(special_bits[rng_u32() % N_SPECIAL]);
                }
            }
            check_twin8(fn, x, y);
        }
    }
}

/* ---- accuracy against libm ------------------------------------------------ */

static void test_exp2_accuracy(void **state)
{
    (void)state;
    double worst = 0.0;
    float worst_x = 0.0f;
    for (uint32_t i = 0; i < N_RANDOM; i++) {
        float x = i < 512 ? (float)((int)i - 300) * 0.5f : rng_range(-150.0f, 128.0f);
        if (x >= 128.0f)
            continue;
        double e = ulp_error(tgsi_exp2f(x), exp2((double)x));
        if (e > worst) {
            worst = e;
            worst_x = x;
        }
    }
    print_message("exp2: max error %.3f ulp at %a\n", worst, (double)worst_x);
    assert_true(worst <= 2.0);
    /* Integer powers of two are exact, including the denormal ones. */
    for (int n = -149; n < 128; n++)
        assert_true(tgsi_exp2f((float)n) == ldexpf(1.0f, n));
    assert_true(tgsi_exp2f(128.0f) == INFINITY);
    assert_true(tgsi_exp2f(1000.0f) == INFINITY);
    assert_true(tgsi_exp2f(INFINITY) == INFINITY);
    assert_true(tgsi_exp2f(-INFINITY) == 0.0f);
    assert_true(tgsi_exp2f(-151.0f) == 0.0f);
    assert_true(tgsi_exp2f(-1000.0f) == 0.0f);
    assert_true(tgsi_exp2f(0.0f) == 1.0f && tgsi_exp2f(-0.0f) == 1.0f);
    assert_true(isnan(tgsi_exp2f(NAN)));
}

static void test_log2_accuracy(void **state)
{
    (void)state;
    double worst = 0.0;
    float worst_x = 0.0f;
    for (uint32_t i = 0; i < 2 * N_RANDOM; i++) {
        /* Half over every positive finite float, half near 1 where the
         * result is small and its ulp fine. */
        float x = (i & 1) ? float_of(rng_u32() % 0x7f800000u) : rng_range(0.5f, 2.0f);
        if (x == 0.0f)
            continue;
        double e = ulp_error(tgsi_log2f(x), log2((double)x));
        if (e > worst) {
            worst = e;
            worst_x = x;
        }
    }
    print_message("log2: max error %.3f ulp at %a\n", worst, (double)worst_x);
    assert_true(worst <= 4.0);
    for (int n = -149; n < 128; n++)
        assert_true(tgsi_log2f(ldexpf(1.0f, n)) == (float)n);
    assert_true(tgsi_log2f(1.0f) == 0.0f && !signbit(tgsi_log2f(1.0f)));
    assert_true(tgsi_log2f(0.0f) == -INFINITY && tgsi_log2f(-0.0f) == -INFINITY);
    assert_true(tgsi_log2f(INFINITY) == INFINITY);
    assert_true(isnan(tgsi_log2f(-1.0f)) && isnan(tgsi_log2f(-INFINITY)));
    assert_true(isnan(tgsi_log2f(-0x1p-149f)) && isnan(tgsi_log2f(NAN)));
}

/* Absolute error of sin and cos over [-lim, lim]. */
static double trig_worst(float lim, uint32_t n, float *worst_x)
{
    double worst = 0.0;
    for (uint32_t i = 0; i < n; i++) {
        float x = rng_range(-lim, lim);
        double es = fabs((double)tgsi_sinf(x) - sin((double)x));
        double ec = fabs((double)tgsi_cosf(x) - cos((double)x));
        double e = es > ec ? es : ec;
        if (e > worst) {
            worst = e;
            *worst_x = x;
        }
    }
    return worst;
}

static void test_trig_accuracy(void **state)
{
    (void)state;
    static const float lims[] = {4.0f, 100.0f, 1e5f, 0x1p23f, 0x1p26f};
    for (size_t i = 0; i < sizeof(lims) / sizeof(lims[0]); i++) {
        float wx = 0.0f;
        double w = trig_worst(lims[i], N_RANDOM / 2, &wx);
        print_message("sin/cos |x| <= %g: max abs error %.3g at %a\n", (double)lims[i], w,
                      (double)wx);
        /* Header claim: 2e-7 up to 2^23, ~1e-6 to 2^26 (pi/2 to 72 bits). */
        assert_true(w <= (lims[i] <= 0x1p23f ? 2e-7 : 1e-6));
    }
    /* Near multiples of pi/2 the reduction must keep relative accuracy. */
    for (int k = 1; k < 1000; k++) {
        float x = (float)(k * 1.5707963267948966);
        double want = (k & 1) ? cos((double)x) : sin((double)x);
        double got = (k & 1) ? tgsi_cosf(x) : tgsi_sinf(x);
        assert_true(fabs(got - want) <= 1e-6 * fabs(want) + 1e-12);
    }
    assert_true(tgsi_sinf(0.0f) == 0.0f && !signbit(tgsi_sinf(0.0f)));
    assert_true(tgsi_sinf(-0.0f) == 0.0f && signbit(tgsi_sinf(-0.0f)));
    assert_true(tgsi_cosf(0.0f) == 1.0f);
    assert_true(isnan(tgsi_sinf(INFINITY)) && isnan(tgsi_cosf(-INFINITY)));
    assert_true(isnan(tgsi_sinf(NAN)) && isnan(tgsi_cosf(NAN)));
    for (uint32_t i = 0; i < 100000; i++) { /* bounded even when meaningless */
        float x = float_of(rng_u32() & 0x7f7fffffu);
        assert_true(fabsf(tgsi_sinf(x)) <= 1.0f && fabsf(tgsi_cosf(x)) <= 1.0f);
    }
}

static void test_pow_accuracy(void **state)
{
    (void)state;
    double worst = 0.0;
    for (uint32_t i = 0; i < N_RANDOM; i++) {
        float x = rng_range(0.0f, 100.0f), y = rng_range(-10.0f, 10.0f);
        double want = pow((double)x, (double)y);
        if (want > 0x1p127 || want < 0x1p-126 || x == 0.0f)
            continue; /* outside the normal range the ulp bound below is moot */
        /* exp2(y log2 x): an error of a few ulp in y*log2 x (of size t)
         * becomes a relative error of ~t*ulp in the result. */
        double t = fabs((double)y * log2((double)x));
        double e = ulp_error(tgsi_powf(x, y), want) / (1.5 * (3.0 + t));
        if (e > worst)
            worst = e;
    }
    print_message("pow: max error %.3f * 1.5 (3 + |y log2 x|) ulp\n", worst);
    assert_true(worst <= 1.0);
    assert_true(tgsi_powf(NAN, 0.0f) == 1.0f && tgsi_powf(-3.0f, -0.0f) == 1.0f);
    assert_true(tgsi_powf(0.0f, 2.0f) == 0.0f && tgsi_powf(0.0f, -2.0f) == INFINITY);
    assert_true(tgsi_powf(INFINITY, 2.0f) == INFINITY && tgsi_powf(INFINITY, -2.0f) == 0.0f);
    assert_true(isnan(tgsi_powf(-2.0f, 2.0f)) && isnan(tgsi_powf(1.0f, INFINITY)));
    assert_true(tgsi_powf(2.0f, 10.0f) == 1024.0f && tgsi_powf(4.0f, 0.5f) == 2.0f);
    assert_true(tgsi_powf_mzw(1.0f, INFINITY) == 1.0f && tgsi_powf_mzw(1.0f, NAN) == 1.0f);
    assert_true(tgsi_powf_mzw(0.0f, 2.0f) == 0.0f && isnan(tgsi_powf_mzw(-2.0f, 2.0f)));
    assert_true(tgsi_powf_mzw(2.0f, 3.0f) == tgsi_powf(2.0f, 3.0f));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_twins_specials), cmocka_unit_test(test_twins_random),
        cmocka_unit_test(test_exp2_accuracy),  cmocka_unit_test(test_log2_accuracy),
        cmocka_unit_test(test_trig_accuracy),  cmocka_unit_test(test_pow_accuracy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
