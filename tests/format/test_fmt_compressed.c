/*
 * test_fmt_compressed.c: the block decoders of fmt_compressed.c
 * against blocks built by hand from the format specifications
 * (EXT_texture_compression_s3tc, ARB_texture_compression_rgtc,
 * ARB_texture_compression_bptc), every texel checked against the value
 * the spec's formulas give, computed here:
 *   - DXT1 4-colour and 3-colour + transparent modes (RGB and RGBA), DXT3
 *     explicit alpha (colour always 4-colour), DXT5 alpha 8- and 6-value
 *     modes, and the sRGB forms (= the linear decode through the sRGB curve);
 *   - RGTC1/2 UNORM and SNORM in both modes (SNORM -128 reads as -1);
 *   - BC7 modes 6 (1 subset, per-endpoint P-bits), 1 (2 subsets, partition
 *     17 whose anchor is texel 2, shared P-bits) and 5 (rotation, separate
 *     alpha indices); reserved mode 8 -> transparent black;
 *   - BC6H mode 3 (10-bit endpoints, untransformed) and mode 15 (16-bit
 *     base + 4-bit deltas, reversed bit fields), signed and unsigned;
 *     reserved mode 19 -> (0, 0, 0, 1).
 * Random blocks of every format decode in range (and BC6H to finite
 * values, which the spec guarantees) without memory errors under ASan.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "frontend-gallium/format/fmt.h"

static uint64_t rng_state = 0x2545f4914f6cdd1dull;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

#define FAIL_IF(cond, ...)                                                                         \
    do {                                                                                           \
        if (cond) {                                                                                \
            print_error(__VA_ARGS__);                                                              \
            fail();                                                                                \
        }                                                                                          \
    } while (0)

/* LSB-first bit writer over a 16-byte block. */
typedef struct bw {
    uint8_t b[16];
    int pos;
} bw;

static void bw_put(bw *w, uint32_t v, int n)
{
    for (int k = 0; k < n; k++, w->pos++)
        if ((v >> k) & 1)
            w->b[w->pos / 8] |= (uint8_t)(1u << (w->pos % 8));
}

static double srgb(double c) { return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4); }

/* Checks all 16 texels of `blk` against want[t][c] (t = 4 j + i). */
static void check_block(const char *name, const uint8_t *blk, double want[16][4], double tol)
{
    const fmt_desc *d = fmt_by_name(name);
    assert_non_null(d);
    for (uint32_t t = 0; t < 16; t++) {
        float out[4];
        d->fetch_rgba(blk, t % 4, t / 4, out);
        for (int c = 0; c < 4; c++)
            FAIL_IF(fabs(out[c] - want[t][c]) > tol, "%s texel %u comp %d: %.9g want %.9g\n", name,
                    t, c, out[c], want[t][c]);
    }
}

/* ---- S3TC ----------------------------------------------------------------------- */

static void rgb565(uint16_t c, double e[3])
{
    e[0] = (c >> 11) / 31.0;
    e[1] = ((c >> 5) & 63) / 63.0;
    e[2] = (c & 31) / 31.0;
}

/* Colour block: colour0, colour1, then index t%4 rotated by `shift`, so
 * every index occurs in every row. */
static void make_color_block(uint8_t *b, uint16_t c0, uint16_t c1, uint32_t idx[16])
{
    b[0] = (uint8_t)c0;
    b[1] = (uint8_t)(c0 >> 8);
    b[2] = (uint8_t)c1;
    b[3] = (uint8_t)(c1 >> 8);
    for (int r = 0; r < 4; r++)
        b[4 + r] = 0;
    for (int t = 0; t < 16; t++)
        b[4 + t / 4] |= (uint8_t)(idx[t] << (2 * (t % 4)));
}

static void expect_color(uint16_t c0, uint16_t c1, bool four, const uint32_t idx[16],
                         double want[16][4], bool alpha_from_palette)
{
    double e0[3], e1[3];
    rgb565(c0, e0);
    rgb565(c1, e1);
    for (int t = 0; t < 16; t++) {
        want[t][3] = 1.0;
        for (int k = 0; k < 3; k++) {
            double v;
            switch (idx[t]) {
            case 0: v = e0[k]; break;
            case 1: v = e1[k]; break;
            case 2: v = four ? (2 * e0[k] + e1[k]) / 3 : (e0[k] + e1[k]) / 2; break;
            default: v = four ? (e0[k] + 2 * e1[k]) / 3 : 0.0; break;
            }
            want[t][k] = v;
        }
        if (!four && idx[t] == 3 && alpha_from_palette)
            want[t][3] = 0.0;
    }
}

static void to_srgb(double want[16][4])
{
    for (int t = 0; t < 16; t++)
        for (int k = 0; k < 3; k++)
            want[t][k] = srgb(want[t][k]);
}

static void test_dxt1(void **state)
{
    uint32_t idx[16];
    for (int t = 0; t < 16; t++)
        idx[t] = (uint32_t)(t + t / 4) % 4;
    /* (20, 40, 10) and (5, 10, 25) in 5:6:5 */
    const uint16_t a = 20 << 11 | 40 << 5 | 10, b = 5 << 11 | 10 << 5 | 25;
    uint8_t blk[8];
    double want[16][4];
    /* colour0 > colour1: 4-colour mode */
    make_color_block(blk, a, b, idx);
    expect_color(a, b, true, idx, want, true);
    check_block("DXT1_RGB", blk, want, 1e-6);
    check_block("DXT1_RGBA", blk, want, 1e-6);
    to_srgb(want);
    check_block("DXT1_SRGB", blk, want, 1e-6);
    check_block("DXT1_SRGBA", blk, want, 1e-6);
    /* colour0 <= colour1: 3 colours + transparent black (opaque black for RGB) */
    make_color_block(blk, b, a, idx);
    expect_color(b, a, false, idx, want, true);
    check_block("DXT1_RGBA", blk, want, 1e-6);
    double want_rgb[16][4];
    expect_color(b, a, false, idx, want_rgb, false);
    check_block("DXT1_RGB", blk, want_rgb, 1e-6);
    to_srgb(want);
    check_block("DXT1_SRGBA", blk, want, 1e-6);
    /* equal endpoints are the 3-colour mode too */
    make_color_block(blk, a, a, idx);
    expect_color(a, a, false, idx, want, true);
    check_block("DXT1_RGBA", blk, want, 1e-6);
}

static void test_dxt3(void **state)
{
    uint32_t idx[16];
    for (int t = 0; t < 16; t++)
        idx[t] = (uint32_t)(3 * t + 1) % 4;
    const uint16_t a = 3 << 11 | 60 << 5 | 17, b = 30 << 11 | 2 << 5 | 9;
    uint8_t blk[16];
    double want[16][4];
    /* 4-bit alpha, texel t at bits 4t: alpha(t) = 15 - t */
    for (int t = 0; t < 16; t += 2)
        blk[t / 2] = (uint8_t)((15 - t) | (15 - (t + 1)) << 4);
    /* colour0 < colour1, still decoded as 4 colours */
    make_color_block(blk + 8, a, b, idx);
    expect_color(a, b, true, idx, want, false);
    for (int t = 0; t < 16; t++)
        want[t][3] = (15 - t) / 15.0;
    check_block("DXT3_RGBA", blk, want, 1e-6);
    to_srgb(want);
    check_block("DXT3_SRGBA", blk, want, 1e-6);
}

/* An 8-byte DXT5 alpha / RGTC block: endpoints e0, e1 (bytes), then 3-bit
 * index t%8 (shifted per row). */
static void make_channel_block(uint8_t *b, uint8_t e0, uint8_t e1, uint32_t idx[16])
{
    uint64_t w = 0;
    for (int t = 0; t < 16; t++)
        w |= (uint64_t)idx[t] << (3 * t);
    b[0] = e0;
    b[1] = e1;
    for (int k = 0; k < 6; k++)
        b[2 + k] = (uint8_t)(w >> (8 * k));
}

/* Spec palette: 8 values when e0 > e1, else 6 values plus lo and hi. */
static double channel_value(double e0, double e1, bool eight, uint32_t i, double lo, double hi)
{
    if (i == 0)
        return e0;
    if (i == 1)
        return e1;
    if (eight)
        return ((8 - i) * e0 + (i - 1) * e1) / 7;
    if (i == 6)
        return lo;
    if (i == 7)
        return hi;
    return ((6 - i) * e0 + (i - 1) * e1) / 5;
}

static void test_dxt5(void **state)
{
    uint32_t idx[16], cidx[16];
    for (int t = 0; t < 16; t++) {
        idx[t] = (uint32_t)(t + t / 8) % 8;
        cidx[t] = (uint32_t)t % 4;
    }
    const uint16_t a = 1 << 11 | 2 << 5 | 3, b = 31 << 11 | 62 << 5 | 30;
    uint8_t blk[16];
    double want[16][4];
    for (int mode = 0; mode < 2; mode++) {
        uint8_t e0 = mode ? 40 : 200, e1 = mode ? 200 : 40;
        make_channel_block(blk, e0, e1, idx);
        make_color_block(blk + 8, a, b, cidx); /* colour0 < colour1, 4-colour */
        expect_color(a, b, true, cidx, want, false);
        for (int t = 0; t < 16; t++)
            want[t][3] = channel_value(e0 / 255.0, e1 / 255.0, e0 > e1, idx[t], 0, 1);
        check_block("DXT5_RGBA", blk, want, 1e-6);
        to_srgb(want);
        check_block("DXT5_SRGBA", blk, want, 1e-6);
    }
}

/* ---- RGTC ------------------------------------------------------------------------- */

static double snorm8(int8_t v) { return v == -128 ? -1.0 : v / 127.0; }

static void test_rgtc(void **state)
{
    uint32_t idx[16], idx2[16];
    for (int t = 0; t < 16; t++) {
        idx[t] = (uint32_t)(t + t / 8) % 8;
        idx2[t] = (uint32_t)(7 - t % 8);
    }
    uint8_t blk[16];
    double want[16][4];
    static const uint8_t un[][2] = { { 250, 3 }, { 3, 250 }, { 77, 77 } };
    for (int m = 0; m < 3; m++) {
        make_channel_block(blk, un[m][0], un[m][1], idx);
        make_channel_block(blk + 8, un[m][1], un[m][0], idx2);
        for (int t = 0; t < 16; t++) {
            want[t][0] = channel_value(un[m][0] / 255.0, un[m][1] / 255.0, un[m][0] > un[m][1],
                                       idx[t], 0, 1);
            want[t][1] = want[t][2] = 0;
            want[t][3] = 1;
        }
        check_block("RGTC1_UNORM", blk, want, 1e-6);
        for (int t = 0; t < 16; t++)
            want[t][1] = channel_value(un[m][1] / 255.0, un[m][0] / 255.0, un[m][1] > un[m][0],
                                       idx2[t], 0, 1);
        check_block("RGTC2_UNORM", blk, want, 1e-6);
    }
    /* SNORM: signed comparison; -128 is -1 like -127; the 6-value mode adds -1 and 1 */
    static const int8_t sn[][2] = { { 100, -128 }, { -50, 90 }, { -128, -127 }, { 5, -3 } };
    for (int m = 0; m < 4; m++) {
        make_channel_block(blk, (uint8_t)sn[m][0], (uint8_t)sn[m][1], idx);
        make_channel_block(blk + 8, (uint8_t)sn[m][1], (uint8_t)sn[m][0], idx2);
        for (int t = 0; t < 16; t++) {
            want[t][0] = channel_value(snorm8(sn[m][0]), snorm8(sn[m][1]), sn[m][0] > sn[m][1],
                                       idx[t], -1, 1);
            want[t][1] = want[t][2] = 0;
            want[t][3] = 1;
        }
        check_block("RGTC1_SNORM", blk, want, 1e-6);
        for (int t = 0; t < 16; t++)
            want[t][1] = channel_value(snorm8(sn[m][1]), snorm8(sn[m][0]), sn[m][1] > sn[m][0],
                                       idx2[t], -1, 1);
        check_block("RGTC2_SNORM", blk, want, 1e-6);
    }
}

/* ---- BC7 -------------------------------------------------------------------------- */

static const int w2[4] = { 0, 21, 43, 64 };
static const int w3[8] = { 0, 9, 18, 27, 37, 46, 55, 64 };
static const int w4[16] = { 0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64 };

static int interp(int e0, int e1, int w) { return ((64 - w) * e0 + w * e1 + 32) >> 6; }

/* n-bit value (P-bit included) to 8 bits: shift up, replicate the top bits. */
static int expand(int v, int n) { return (v << (8 - n)) | (v >> (2 * n - 8)); }

static void check_bc7(const uint8_t *blk, int want8[16][4])
{
    double want[16][4], want_s[16][4];
    for (int t = 0; t < 16; t++)
        for (int c = 0; c < 4; c++) {
            want[t][c] = want8[t][c] / 255.0;
            want_s[t][c] = c < 3 ? srgb(want8[t][c] / 255.0) : want[t][c];
        }
    check_block("BPTC_RGBA_UNORM", blk, want, 1e-7);
    check_block("BPTC_SRGBA", blk, want_s, 1e-6);
}

static void test_bc7_mode6(void **state)
{
    for (int trial = 0; trial < 50; trial++) {
        bw w = { { 0 }, 0 };
        int ep[2][4], p[2], idx[16], want[16][4];
        bw_put(&w, 1u << 6, 7); /* mode 6 */
        for (int c = 0; c < 4; c++)
            for (int e = 0; e < 2; e++) {
                ep[e][c] = (int)(rnd() % 128);
                bw_put(&w, (uint32_t)ep[e][c], 7);
            }
        for (int e = 0; e < 2; e++) {
            p[e] = (int)(rnd() & 1);
            bw_put(&w, (uint32_t)p[e], 1);
        }
        for (int t = 0; t < 16; t++) {
            idx[t] = (int)(rnd() % (t == 0 ? 8 : 16)); /* anchor: top bit 0 */
            bw_put(&w, (uint32_t)idx[t], t == 0 ? 3 : 4);
        }
        assert_int_equal(w.pos, 128);
        for (int t = 0; t < 16; t++)
            for (int c = 0; c < 4; c++)
                want[t][c] = interp(ep[0][c] << 1 | p[0], ep[1][c] << 1 | p[1], w4[idx[t]]);
        check_bc7(w.b, want);
    }
}

/* Table.P2 row 17 of the spec and its anchor (Table.A2[17] = 2). */
static const int p2_17[16] = { 0, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0 };

static void test_bc7_mode1(void **state)
{
    for (int trial = 0; trial < 50; trial++) {
        bw w = { { 0 }, 0 };
        int ep[2][2][3], p[2], idx[16], want[16][4];
        bw_put(&w, 1u << 1, 2); /* mode 1 */
        bw_put(&w, 17, 6);      /* partition */
        for (int c = 0; c < 3; c++)
            for (int s = 0; s < 2; s++)
                for (int e = 0; e < 2; e++) {
                    ep[s][e][c] = (int)(rnd() % 64);
                    bw_put(&w, (uint32_t)ep[s][e][c], 6);
                }
        for (int s = 0; s < 2; s++) {
            p[s] = (int)(rnd() & 1);
            bw_put(&w, (uint32_t)p[s], 1);
        }
        for (int t = 0; t < 16; t++) {
            bool anchor = t == 0 || t == 2;
            idx[t] = (int)(rnd() % (anchor ? 4 : 8));
            bw_put(&w, (uint32_t)idx[t], anchor ? 2 : 3);
        }
        assert_int_equal(w.pos, 128);
        for (int t = 0; t < 16; t++) {
            int s = p2_17[t];
            for (int c = 0; c < 3; c++)
                want[t][c] = interp(expand(ep[s][0][c] << 1 | p[s], 7),
                                    expand(ep[s][1][c] << 1 | p[s], 7), w3[idx[t]]);
            want[t][3] = 255;
        }
        check_bc7(w.b, want);
    }
}

static void test_bc7_mode5(void **state)
{
    for (int trial = 0; trial < 50; trial++) {
        bw w = { { 0 }, 0 };
        int ep[2][4], ci[16], ai[16], want[16][4];
        int rot = trial % 4;
        bw_put(&w, 1u << 5, 6); /* mode 5 */
        bw_put(&w, (uint32_t)rot, 2);
        for (int c = 0; c < 4; c++)
            for (int e = 0; e < 2; e++) {
                int bits = c < 3 ? 7 : 8;
                ep[e][c] = (int)(rnd() % (1u << bits));
                bw_put(&w, (uint32_t)ep[e][c], bits);
            }
        for (int t = 0; t < 16; t++) {
            ci[t] = (int)(rnd() % (t == 0 ? 2 : 4));
            bw_put(&w, (uint32_t)ci[t], t == 0 ? 1 : 2);
        }
        for (int t = 0; t < 16; t++) {
            ai[t] = (int)(rnd() % (t == 0 ? 2 : 4));
            bw_put(&w, (uint32_t)ai[t], t == 0 ? 1 : 2);
        }
        assert_int_equal(w.pos, 128);
        for (int t = 0; t < 16; t++) {
            for (int c = 0; c < 3; c++)
                want[t][c] = interp(expand(ep[0][c], 7), expand(ep[1][c], 7), w2[ci[t]]);
            want[t][3] = interp(ep[0][3], ep[1][3], w2[ai[t]]);
            if (rot) {
                int tmp = want[t][3];
                want[t][3] = want[t][rot - 1];
                want[t][rot - 1] = tmp;
            }
        }
        check_bc7(w.b, want);
    }
}

static void test_bc7_reserved_and_random(void **state)
{
    uint8_t blk[16];
    int zero[16][4];
    memset(zero, 0, sizeof(zero));
    for (int k = 0; k < 16; k++)
        blk[k] = (uint8_t)(k ? rnd() : 0);
    check_bc7(blk, zero);
    /* Random blocks of every mode: values in [0, 1], and the opaque modes
     * 0-3 give alpha 1. */
    const fmt_desc *d = fmt_get(PIPE_FORMAT_BPTC_RGBA_UNORM);
    for (int trial = 0; trial < 4000; trial++) {
        int mode = trial % 8;
        for (int k = 0; k < 16; k++)
            blk[k] = (uint8_t)rnd();
        blk[0] = (uint8_t)((blk[0] << (mode + 1)) | (1u << mode));
        for (uint32_t t = 0; t < 16; t++) {
            float out[4];
            d->fetch_rgba(blk, t % 4, t / 4, out);
            for (int c = 0; c < 4; c++)
                assert_true(out[c] >= 0.0f && out[c] <= 1.0f);
            if (mode < 4)
                assert_true(out[3] == 1.0f);
        }
    }
}

/* ---- BC6H ------------------------------------------------------------------------- */

static int sext(int v, int n) { return (v & (1 << (n - 1))) ? v - (1 << n) : v; }

/* The spec's unquantization, interpolation and final scaling of one
 * channel, giving the half float's value. */
static int unq(int x, int epb, bool sgn)
{
    if (!sgn) {
        if (epb >= 15 || x == 0)
            return x;
        if (x == (1 << epb) - 1)
            return 0xffff;
        return ((x << 15) + 0x4000) >> (epb - 1);
    }
    if (epb >= 16)
        return x;
    int s = x < 0, u;
    if (s)
        x = -x;
    if (x == 0)
        u = 0;
    else if (x >= (1 << (epb - 1)) - 1)
        u = 0x7fff;
    else
        u = ((x << 15) + 0x4000) >> (epb - 1);
    return s ? -u : u;
}

static double half_value(int h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e == 0 ? ldexp(m, -24) : ldexp(1024 + m, e - 25);
    return (h & 0x8000) ? -v : v;
}

static double bc6_channel(int a, int b, int w, int epb, bool sgn)
{
    int ua = unq(a, epb, sgn), ub = unq(b, epb, sgn);
    int x = (int)floor(((64.0 - w) * ua + (double)w * ub + 32) / 64.0);
    int h = !sgn ? (x * 31) >> 6 : x < 0 ? (((-x) * 31) >> 5) | 0x8000 : (x * 31) >> 5;
    return half_value(h);
}

static void test_bc6_mode3(void **state)
{
    for (int trial = 0; trial < 100; trial++) {
        bool sgn = trial & 1;
        bw w = { { 0 }, 0 };
        int ep[2][3], idx[16];
        double want[16][4];
        bw_put(&w, 3, 5);
        for (int e = 0; e < 2; e++)
            for (int c = 0; c < 3; c++) {
                int v = (int)(rnd() % 1024);
                if (trial % 10 == 2)
                    v = (int)(rnd() % 3 ? 1023 : 0); /* the unquantization's end cases */
                bw_put(&w, (uint32_t)v, 10);
                ep[e][c] = sgn ? sext(v, 10) : v;
            }
        for (int t = 0; t < 16; t++) {
            idx[t] = (int)(rnd() % (t == 0 ? 8 : 16));
            bw_put(&w, (uint32_t)idx[t], t == 0 ? 3 : 4);
        }
        assert_int_equal(w.pos, 128);
        for (int t = 0; t < 16; t++) {
            for (int c = 0; c < 3; c++)
                want[t][c] = bc6_channel(ep[0][c], ep[1][c], w4[idx[t]], 10, sgn);
            want[t][3] = 1.0;
        }
        check_block(sgn ? "BPTC_RGB_FLOAT" : "BPTC_RGB_UFLOAT", w.b, want, 0);
    }
}

/* Mode 15: r0[9:0] g0[9:0] b0[9:0], then per channel the 4-bit delta and
 * bits 15..10 of the base stored reversed (first bit read = bit 15). */
static void test_bc6_mode15(void **state)
{
    for (int trial = 0; trial < 100; trial++) {
        bool sgn = trial & 1;
        bw w = { { 0 }, 0 };
        int base[3], delta[3], idx[16];
        double want[16][4];
        bw_put(&w, 15, 5);
        for (int c = 0; c < 3; c++) {
            base[c] = (int)(rnd() & 0xffff);
            delta[c] = (int)(rnd() & 15);
            bw_put(&w, (uint32_t)base[c] & 1023, 10);
        }
        for (int c = 0; c < 3; c++) {
            bw_put(&w, (uint32_t)delta[c], 4);
            for (int k = 15; k >= 10; k--)
                bw_put(&w, (uint32_t)(base[c] >> k) & 1, 1);
        }
        for (int t = 0; t < 16; t++) {
            idx[t] = (int)(rnd() % (t == 0 ? 8 : 16));
            bw_put(&w, (uint32_t)idx[t], t == 0 ? 3 : 4);
        }
        assert_int_equal(w.pos, 128);
        for (int t = 0; t < 16; t++) {
            for (int c = 0; c < 3; c++) {
                int e1 = (base[c] + sext(delta[c], 4)) & 0xffff;
                int a = sgn ? sext(base[c], 16) : base[c], b = sgn ? sext(e1, 16) : e1;
                want[t][c] = bc6_channel(a, b, w4[idx[t]], 16, sgn);
            }
            want[t][3] = 1.0;
        }
        check_block(sgn ? "BPTC_RGB_FLOAT" : "BPTC_RGB_UFLOAT", w.b, want, 0);
    }
}

static void test_bc6_reserved_and_random(void **state)
{
    static const uint8_t reserved[] = { 19, 23, 27, 31 };
    uint8_t blk[16];
    for (int r = 0; r < 4; r++) {
        double want[16][4];
        for (int k = 0; k < 16; k++)
            blk[k] = (uint8_t)rnd();
        blk[0] = (uint8_t)((blk[0] & 0xe0) | reserved[r]);
        for (int t = 0; t < 16; t++) {
            want[t][0] = want[t][1] = want[t][2] = 0;
            want[t][3] = 1;
        }
        check_block("BPTC_RGB_FLOAT", blk, want, 0);
        check_block("BPTC_RGB_UFLOAT", blk, want, 0);
    }
    /* Random blocks of all 14 modes: finite results (the spec's decoder
     * never makes Inf or NaN), non-negative for the unsigned format. */
    const fmt_desc *ds = fmt_get(PIPE_FORMAT_BPTC_RGB_FLOAT);
    const fmt_desc *du = fmt_get(PIPE_FORMAT_BPTC_RGB_UFLOAT);
    static const uint8_t modes[] = { 0, 1, 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15 };
    for (int trial = 0; trial < 4000; trial++) {
        for (int k = 0; k < 16; k++)
            blk[k] = (uint8_t)rnd();
        uint8_t m = modes[trial % 14];
        blk[0] = m < 2 ? (uint8_t)((blk[0] & 0xfc) | m) : (uint8_t)((blk[0] & 0xe0) | m);
        for (uint32_t t = 0; t < 16; t++) {
            float s[4], u[4];
            ds->fetch_rgba(blk, t % 4, t / 4, s);
            du->fetch_rgba(blk, t % 4, t / 4, u);
            for (int c = 0; c < 3; c++) {
                assert_true(isfinite(s[c]) && isfinite(u[c]));
                assert_true(u[c] >= 0.0f);
            }
            assert_true(s[3] == 1.0f && u[3] == 1.0f);
        }
    }
}

/* Random blocks of every compressed format decode in range, through the
 * table's fetch_rgba. */
static void test_random_all(void **state)
{
    for (int f = 1; f < PIPE_FORMAT_COUNT; f++) {
        const fmt_desc *d = fmt_get((enum pipe_format)f);
        if (!d->is_compressed)
            continue;
        bool snorm = strstr(d->name, "SNORM") != NULL;
        for (int trial = 0; trial < 500; trial++) {
            uint8_t *blk = malloc(d->block_bytes); /* exact size: ASan sees overreads */
            for (int k = 0; k < d->block_bytes; k++)
                blk[k] = (uint8_t)rnd();
            for (uint32_t t = 0; t < 16; t++) {
                float out[4];
                d->fetch_rgba(blk, t % 4, t / 4, out);
                for (int c = 0; c < 4; c++) {
                    assert_true(isfinite(out[c]));
                    if (!d->is_float)
                        assert_true(out[c] >= (snorm ? -1.0f : 0.0f) && out[c] <= 1.0f);
                }
            }
            free(blk);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dxt1),
        cmocka_unit_test(test_dxt3),
        cmocka_unit_test(test_dxt5),
        cmocka_unit_test(test_rgtc),
        cmocka_unit_test(test_bc7_mode6),
        cmocka_unit_test(test_bc7_mode1),
        cmocka_unit_test(test_bc7_mode5),
        cmocka_unit_test(test_bc7_reserved_and_random),
        cmocka_unit_test(test_bc6_mode3),
        cmocka_unit_test(test_bc6_mode15),
        cmocka_unit_test(test_bc6_reserved_and_random),
        cmocka_unit_test(test_random_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
