/*
 * test_simd_twin.c: the scalar twin of the SIMD vocabulary
 * (common/simd_scalar.h) computes the same bits as the AVX2 variant
 * (common/simd_avx2.h), function by function.
 *
 * ORACLE: the AVX2 instructions themselves. Every row of simd_twin_ops.h is
 * compiled against both headers (simd_twin_avx2.c, simd_twin_scalar.c) and
 * run on the same random inputs -- special values (signed zeros, infinities,
 * the default NaN, denormals, the int32 conversion limits, half-rounding
 * ties, shift counts past 31) mixed with random ones -- and the output bytes
 * must be equal. The wrappers write through the vocabulary's own stores,
 * so a store or load that touches the wrong bytes differs too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "simd_twin.h"

#define ROUNDS 4000

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float rnd_float(bool nan_ok)
{
    static const float special[] = {0.0f,          -0.0f,         1.0f,           -1.0f,
                                    0.5f,          -0.5f,         1.5f,           2.5f,
                                    -2.5f,         3.0f,          255.0f,         INFINITY,
                                    -INFINITY,     1e-45f,        -1e-45f,        1.17549435e-38f,
                                    2147483520.0f, 2147483648.0f, -2147483648.0f, -2147483904.0f,
                                    3e9f,          65504.0f,      65520.0f,       6.1e-5f,
                                    1e30f,         -7.25f};
    uint32_t pick = rnd() % 8;
    if (pick == 0)
        return special[rnd() % (sizeof special / sizeof special[0])];
    if (pick == 1)
        return nan_ok ? NAN : 1.0f; /* the default quiet NaN: no payload choice to make */
    if (pick < 5)
        return (float)((int32_t)(rnd() % 4001) - 2000) / 8.0f;
    /* random bits, NaNs replaced */
    uint32_t u = rnd() ^ (rnd() << 16);
    float f;
    memcpy(&f, &u, 4);
    return isnan(f) ? (nan_ok ? NAN : 0.25f) : f;
}

/* Floats whose half conversion is interesting: exponents from below half
 * denormals to past the half range, exact rounding ties among them. */
static float rnd_half_float(void)
{
    uint32_t e = 98 + rnd() % 50, m = rnd() & 0x7fffff;
    switch (rnd() % 4) {
    case 0:
        m = (m & ~0x1fffu) | 0x1000u; /* a tie for normal halves */
        break;
    case 1:
        m &= ~0x1fffu; /* exact */
        break;
    default:
        break;
    }
    uint32_t u = (rnd() & 0x80000000u) | (e << 23) | m;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static int32_t rnd_int(void)
{
    static const int32_t special[] = {
        0,      1,         -1,        2,          255,
        256,    -256,      65535,     65536,      32767,
        -32768, INT32_MAX, INT32_MIN, 0x7fff8000, (int32_t)0x80008000u};
    switch (rnd() % 4) {
    case 0:
        return special[rnd() % (sizeof special / sizeof special[0])];
    case 1:
        return (int32_t)(rnd() % 601) - 300;
    default:
        return (int32_t)(rnd() ^ (rnd() << 16));
    }
}

static double rnd_double(void)
{
    static const double special[] = {0.0,          -0.0,     1.0,       -1.0,
                                     0.5,          1e300,    -1e-300,   4294967296.0,
                                     2147483647.0, INFINITY, -INFINITY, 1.0 / 3.0};
    switch (rnd() % 6) {
    case 0:
        return special[rnd() % (sizeof special / sizeof special[0])];
    case 1:
        return NAN;
    case 2:
    case 3:
        return (double)((int32_t)(rnd() % 200001) - 100000) / 64.0;
    default: {
        uint64_t u = ((uint64_t)rnd() << 32) ^ rnd() ^ ((uint64_t)rnd() << 11);
        double d;
        memcpy(&d, &u, 8);
        return isnan(d) ? 2.0 : d;
    }
    }
}

static void fill(int kind, uint8_t *in)
{
    float *f = (float *)(void *)in;
    int32_t *i = (int32_t *)(void *)in;
    for (int k = 0; k < 32; k++) {
        switch (kind) {
        case TW_F:
        case TW_FM:
            f[k] = rnd_float(true);
            break;
        case TW_FNONAN:
            f[k] = rnd_float(false);
            break;
        case TW_FHALF:
            f[k] = rnd_half_float();
            break;
        case TW_UNORM:
            f[k] = (float)(rnd() % 1024);
            break;
        case TW_D:
            break;
        default:
            i[k] = rnd_int();
            break;
        }
    }
    if (kind == TW_D) {
        double *d = (double *)(void *)in;
        for (int k = 0; k < 16; k++)
            d[k] = rnd_double();
    }
    for (int l = 0; l < 8; l++) {
        if (kind == TW_FM || kind == TW_IM) /* slot 3: a lane mask, or any sign bits */
            i[24 + l] = rnd() % 3 == 0 ? rnd_int() : (rnd() & 1 ? -1 : 0);
        if (kind == TW_SHIFT)
            i[8 + l] = rnd() % 8 == 0 ? (int32_t)(rnd() | 0x80000000u) : (int32_t)(rnd() % 41);
        if (kind == TW_GATHER)
            i[24 + l] = (int32_t)(rnd() % 24);
    }
}

static void dump(const char *what, const uint8_t *p)
{
    printf("  %s:", what);
    for (int k = 0; k < TWIN_OUT_BYTES; k += 4) {
        uint32_t w;
        memcpy(&w, p + k, 4);
        printf("%s%08x", k % 32 ? " " : "\n    ", w);
    }
    printf("\n");
}

static void twin_matches_avx2(void **state)
{
    (void)state;
    assert_int_equal(twin_avx2_count, twin_scalar_count);
    _Alignas(64) uint8_t in[TWIN_IN_BYTES], out_v[TWIN_OUT_BYTES], out_s[TWIN_OUT_BYTES];
    unsigned failed = 0;
    for (unsigned op = 0; op < twin_avx2_count; op++) {
        assert_string_equal(twin_avx2_ops[op].name, twin_scalar_ops[op].name);
        for (int r = 0; r < ROUNDS; r++) {
            fill(twin_avx2_ops[op].kind, in);
            memset(out_v, 0xa5, sizeof out_v);
            memset(out_s, 0xa5, sizeof out_s);
            twin_avx2_ops[op].run(in, out_v);
            twin_scalar_ops[op].run(in, out_s);
            if (memcmp(out_v, out_s, sizeof out_v) != 0) {
                printf("%s differs (round %d)\n", twin_avx2_ops[op].name, r);
                for (int k = 0; k < 32; k++)
                    printf("%s%08x", k % 8 ? " " : "\n  in ", f2u(((float *)(void *)in)[k]));
                printf("\n");
                dump("avx2", out_v);
                dump("scalar", out_s);
                failed++;
                break;
            }
        }
    }
    printf("%u functions compared, %u differ\n", twin_avx2_count, failed);
    assert_int_equal(failed, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(twin_matches_avx2)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
