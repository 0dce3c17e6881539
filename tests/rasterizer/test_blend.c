/*
 * test_blend.c: rasterizer/be_blend.c against the scalar reference
 * (ref_output.c): every src/dst factor for RGB and for alpha under every
 * blend func on the main formats, logic ops on UNORM targets (and their
 * being ignored on sRGB and float targets), colour and lane masks, and the
 * fast paths of be_blend_select against both the generic path and the
 * reference. All comparisons are exact: the implementation and reference
 * do the same float operations in the same order (two products, then one
 * sum; no FMA under -ffp-contract=off), so no tolerance is needed.
 * Also prints ns per block of the fast paths (information, not a test).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include <cmocka.h>

#include "rasterizer/be_output.h"
#include "ref_output.h"

static const uint8_t factors[] = {
    SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_SRC_COLOR, SWR_BLENDFACTOR_SRC_ALPHA,
    SWR_BLENDFACTOR_DST_ALPHA, SWR_BLENDFACTOR_DST_COLOR, SWR_BLENDFACTOR_SRC_ALPHA_SATURATE,
    SWR_BLENDFACTOR_CONST_COLOR, SWR_BLENDFACTOR_CONST_ALPHA, SWR_BLENDFACTOR_SRC1_COLOR,
    SWR_BLENDFACTOR_SRC1_ALPHA, SWR_BLENDFACTOR_ZERO, SWR_BLENDFACTOR_INV_SRC_COLOR,
    SWR_BLENDFACTOR_INV_SRC_ALPHA, SWR_BLENDFACTOR_INV_DST_ALPHA, SWR_BLENDFACTOR_INV_DST_COLOR,
    SWR_BLENDFACTOR_INV_CONST_COLOR, SWR_BLENDFACTOR_INV_CONST_ALPHA,
    SWR_BLENDFACTOR_INV_SRC1_COLOR, SWR_BLENDFACTOR_INV_SRC1_ALPHA,
};
#define NUM_FACTORS (sizeof(factors) / sizeof(factors[0]))

static const swr_format blend_formats[] = {
    SWR_FORMAT_R8G8B8A8_UNORM,     SWR_FORMAT_B8G8R8A8_UNORM,     SWR_FORMAT_B8G8R8A8_SRGB,
    SWR_FORMAT_R16G16B16A16_FLOAT, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_R10G10B10A2_UNORM,
    SWR_FORMAT_B8G8R8X8_UNORM,     SWR_FORMAT_R8G8B8X8_SRGB,      SWR_FORMAT_A8R8G8B8_UNORM,
    SWR_FORMAT_R8_UNORM,           SWR_FORMAT_R8G8_UNORM,         SWR_FORMAT_R32_FLOAT,
};
#define NUM_BLEND_FORMATS (sizeof(blend_formats) / sizeof(blend_formats[0]))

static bool is_float_fmt(swr_format f)
{
    return f == SWR_FORMAT_R16G16B16A16_FLOAT || f == SWR_FORMAT_R32G32B32A32_FLOAT ||
           f == SWR_FORMAT_R32_FLOAT;
}

static float rand_src(uint64_t *rng, bool fl)
{
    uint32_t r = ref_rand(rng) % 16;
    if (fl)
        return r == 0 ? 0.0f : ref_randf(rng, -2.0f, 2.0f);
    if (r == 0)
        return NAN;
    if (r == 1)
        return (ref_rand(rng) & 1) ? 1.0f : 0.0f;
    if (r == 2)
        return ref_randf(rng, -0.5f, 1.5f);
    return ref_randf(rng, 0.0f, 1.0f);
}

/* Random dst block: finite values for float formats. */
static void rand_dst(uint64_t *rng, swr_format fmt, uint8_t *block)
{
    uint32_t bpp = ref_bpp(fmt);
    for (uint32_t b = 0; b < 8 * bpp; b++)
        block[b] = (uint8_t)ref_rand(rng);
    if (is_float_fmt(fmt))
        for (int i = 0; i < 8; i++) {
            float px[4];
            for (int c = 0; c < 4; c++)
                px[c] = ref_randf(rng, -2.0f, 2.0f);
            ref_pack_pixel(fmt, block + i * bpp, px, 15);
        }
}

/* One block through fn and through the reference; exact compare. */
static void check_block(uint64_t *rng, const swr_blend_state *bs, uint32_t rt, swr_format fmt,
                        be_blend_fn fn, uint32_t lanes)
{
    uint32_t bpp = ref_bpp(fmt);
    bool fl = is_float_fmt(fmt);
    uint8_t block[128], want[128];
    float s0[4][8], s1[4][8], bc[4];
    vf8x4 v0, v1;
    rand_dst(rng, fmt, block);
    memcpy(want, block, sizeof(block));
    uint8_t orig[128];
    memcpy(orig, block, sizeof(block));
    for (int c = 0; c < 4; c++) {
        for (int i = 0; i < 8; i++) {
            s0[c][i] = rand_src(rng, fl);
            s1[c][i] = rand_src(rng, fl);
        }
        bc[c] = rand_src(rng, fl);
        v0.v[c] = vf8_load(s0[c]);
        v1.v[c] = vf8_load(s1[c]);
    }
    fn(bs, rt, bc, fmt, block, &v0, &v1, lanes);
    for (int i = 0; i < 8; i++) {
        if (!(lanes >> i & 1))
            continue;
        float a[4] = { s0[0][i], s0[1][i], s0[2][i], s0[3][i] };
        float b[4] = { s1[0][i], s1[1][i], s1[2][i], s1[3][i] };
        ref_blend_pixel(bs, rt, bc, fmt, want + i * bpp, a, b);
    }
    if (memcmp(block, want, 8 * bpp) != 0) {
        const swr_blend_rt *r = &bs->rt[bs->independent_blend_enable ? rt : 0];
        for (int i = 0; i < 8; i++)
            if (memcmp(block + i * bpp, want + i * bpp, bpp))
                print_error("lane %d: src %a %a %a %a src1 %a %a %a %a const %a %a %a %a dst %08x got %08x want %08x\n", i,
                            s0[0][i], s0[1][i], s0[2][i], s0[3][i], s1[0][i], s1[1][i], s1[2][i],
                            s1[3][i], bc[0], bc[1], bc[2], bc[3], *(uint32_t *)(orig + i * bpp), *(uint32_t *)(block + i * bpp),
                            *(uint32_t *)(want + i * bpp));
        fail_msg("fmt %d en %d rgb %d %d %d a %d %d %d cm %x lanes %x logic %d/%d", fmt,
                 r->blend_enable, r->rgb_func, r->rgb_src_factor, r->rgb_dst_factor,
                 r->alpha_func, r->alpha_src_factor, r->alpha_dst_factor, r->colormask, lanes,
                 bs->logicop_enable, bs->logicop_func);
    }
}

static void rand_rt(uint64_t *rng, swr_blend_rt *r)
{
    r->blend_enable = true;
    r->rgb_func = (uint8_t)(ref_rand(rng) % 5);
    r->alpha_func = (uint8_t)(ref_rand(rng) % 5);
    r->rgb_src_factor = factors[ref_rand(rng) % NUM_FACTORS];
    r->rgb_dst_factor = factors[ref_rand(rng) % NUM_FACTORS];
    r->alpha_src_factor = factors[ref_rand(rng) % NUM_FACTORS];
    r->alpha_dst_factor = factors[ref_rand(rng) % NUM_FACTORS];
    r->colormask = ref_rand(rng) % 3 ? 15 : (uint8_t)(ref_rand(rng) & 15);
}

/* Every (src factor, dst factor, func) for RGB, with a random alpha
 * equation, and the same for alpha; every format. */
static void test_blend_factors_exhaustive(void **state)
{
    uint64_t rng = 5;
    for (size_t f = 0; f < NUM_BLEND_FORMATS; f++)
        for (int which = 0; which < 2; which++)
            for (size_t sf = 0; sf < NUM_FACTORS; sf++)
                for (size_t df = 0; df < NUM_FACTORS; df++)
                    for (uint8_t func = 0; func < 5; func++) {
                        swr_blend_state bs;
                        memset(&bs, 0, sizeof(bs));
                        uint32_t rt = ref_rand(&rng) % 8;
                        bs.independent_blend_enable = rt != 0;
                        swr_blend_rt *r = &bs.rt[rt];
                        rand_rt(&rng, r);
                        if (which == 0) {
                            r->rgb_src_factor = factors[sf];
                            r->rgb_dst_factor = factors[df];
                            r->rgb_func = func;
                        } else {
                            r->alpha_src_factor = factors[sf];
                            r->alpha_dst_factor = factors[df];
                            r->alpha_func = func;
                        }
                        uint32_t lanes = ref_rand(&rng) % 2 ? 0xff : ref_rand(&rng) & 0xff;
                        check_block(&rng, &bs, rt, blend_formats[f], be_blend_block, lanes);
                        check_block(&rng, &bs, rt, blend_formats[f],
                                    be_blend_select(&bs, rt, blend_formats[f]), lanes);
                    }
}

/* All 16 logic ops: applied on UNORM targets, ignored (blend or plain write
 * instead) on sRGB and float targets. */
static void test_logic_ops(void **state)
{
    uint64_t rng = 6;
    for (size_t f = 0; f < NUM_BLEND_FORMATS; f++)
        for (uint8_t op = 0; op < 16; op++)
            for (int it = 0; it < 40; it++) {
                swr_blend_state bs;
                memset(&bs, 0, sizeof(bs));
                bs.logicop_enable = true;
                bs.logicop_func = op;
                rand_rt(&rng, &bs.rt[0]);
                bs.rt[0].blend_enable = it & 1;
                uint32_t lanes = ref_rand(&rng) & 0xff;
                check_block(&rng, &bs, 3, blend_formats[f], be_blend_block, lanes);
                check_block(&rng, &bs, 3, blend_formats[f],
                            be_blend_select(&bs, 3, blend_formats[f]), lanes);
            }
}

/* Plain writes and masks: blend off, random colour and lane masks. */
static void test_masks_and_plain_write(void **state)
{
    uint64_t rng = 7;
    for (size_t f = 0; f < NUM_BLEND_FORMATS; f++)
        for (int it = 0; it < 2000; it++) {
            swr_blend_state bs;
            memset(&bs, 0, sizeof(bs));
            rand_rt(&rng, &bs.rt[0]);
            bs.rt[0].blend_enable = it % 3 == 0;
            bs.rt[0].colormask = (uint8_t)(it & 15);
            uint32_t lanes = ref_rand(&rng) & 0xff;
            check_block(&rng, &bs, 0, blend_formats[f], be_blend_block, lanes);
            check_block(&rng, &bs, 0, blend_formats[f], be_blend_select(&bs, 0, blend_formats[f]),
                        lanes);
        }
}

static swr_blend_state classic_state(int kind)
{
    swr_blend_state bs;
    memset(&bs, 0, sizeof(bs));
    bs.rt[0].colormask = 15;
    if (kind > 0) {
        bs.rt[0].blend_enable = true;
        bs.rt[0].rgb_src_factor = SWR_BLENDFACTOR_SRC_ALPHA;
        bs.rt[0].rgb_dst_factor = SWR_BLENDFACTOR_INV_SRC_ALPHA;
        bs.rt[0].alpha_src_factor = kind == 1 ? SWR_BLENDFACTOR_SRC_ALPHA : SWR_BLENDFACTOR_ONE;
        bs.rt[0].alpha_dst_factor = SWR_BLENDFACTOR_INV_SRC_ALPHA;
    }
    return bs;
}

/* Source values at the edges of the 8888 fast paths' quantization (their
 * clamp is partly the pack's saturation): NaNs, infinities, the float
 * range, the float -> int32 overflow point of c * 255, around 0 and 1, and
 * near rounding ties of c * 255. */
static float special_src(uint64_t *rng)
{
    static const float v[] = {
        NAN, -NAN, INFINITY, -INFINITY, 3.4028235e38f, -3.4028235e38f, 1e10f, -1e10f,
        8421504.0f, 8421505.0f, 8421503.0f, -8421505.0f, 2.0f, 1.0f, 0x1.000002p0f,
        0x1.fffffep-1f, 0.0f, -0.0f, 1e-45f, -1e-45f, 0.5f / 255.0f, 1.5f / 255.0f,
        254.5f / 255.0f, -0.5f / 255.0f, 0x1.000002p-9f, 0x1.fffffep-10f,
    };
    uint32_t r = ref_rand(rng) % (sizeof(v) / sizeof(v[0]) + 4);
    if (r < sizeof(v) / sizeof(v[0]))
        return v[r];
    /* a tie of c * 255 = k + 0.5, or a neighbour */
    float t = ((float)(ref_rand(rng) % 255) + 0.5f) / 255.0f;
    return r % 2 ? t : nextafterf(t, (r & 2) ? 2.0f : -1.0f);
}

/* One block of fast path fn (kind as in classic_state, format fmt) on special
 * source values: equal to the reference on the given lanes. */
static void check_special_block(uint64_t *rng, const swr_blend_state *bs, int kind, swr_format fmt,
                                be_blend_fn fn, uint32_t lanes)
{
    uint32_t blk[8], want[8];
    float src[4][8];
    vf8x4 v;
    for (int i = 0; i < 8; i++) {
        blk[i] = ref_rand(rng);
        for (int c = 0; c < 4; c++)
            src[c][i] = special_src(rng);
    }
    for (int c = 0; c < 4; c++)
        v.v[c] = vf8_load(src[c]);
    memcpy(want, blk, sizeof(blk));
    fn(bs, 0, (const float[4]){ 0, 0, 0, 0 }, fmt, blk, &v, NULL, lanes);
    for (int i = 0; i < 8; i++) {
        if (!(lanes >> i & 1))
            continue;
        float px[4] = { src[0][i], src[1][i], src[2][i], src[3][i] };
        ref_blend_pixel(bs, 0, (const float[4]){ 0, 0, 0, 0 }, fmt,
                        (uint8_t *)&want[i], px, NULL);
    }
    for (int i = 0; i < 8; i++)
        if (blk[i] != want[i])
            fail_msg("kind %d fmt %d lane %d: src %a %a %a %a got %08x want %08x",
                     kind, fmt, i, src[0][i], src[1][i], src[2][i], src[3][i],
                     blk[i], want[i]);
}

/* The fast paths are selected, and equal the generic path and the reference,
 * on random and on special source values. */
static void test_fast_paths(void **state)
{
    uint64_t rng = 8, special_rng = 77;
    const swr_format fmts[2] = { SWR_FORMAT_B8G8R8A8_UNORM, SWR_FORMAT_R8G8B8A8_UNORM };
    for (int kind = 0; kind < 3; kind++)
        for (int f = 0; f < 2; f++) {
            swr_blend_state bs = classic_state(kind);
            be_blend_fn fn = be_blend_select(&bs, 0, fmts[f]);
            assert_true(fn != be_blend_block);
            for (int it = 0; it < 20000; it++) {
                uint32_t lanes = it % 2 ? 0xff : ref_rand(&rng) & 0xff;
                uint64_t rng2 = rng;
                check_block(&rng, &bs, 0, fmts[f], fn, lanes);
                check_block(&rng2, &bs, 0, fmts[f], be_blend_block, lanes);
                check_special_block(&special_rng, &bs, kind, fmts[f], fn, lanes);
            }
        }
    /* every dst byte value under alpha blending, exhaustively over As */
    swr_blend_state bs = classic_state(1);
    be_blend_fn fn = be_blend_select(&bs, 0, SWR_FORMAT_B8G8R8A8_UNORM);
    for (uint32_t d = 0; d < 256; d++)
        for (uint32_t a = 0; a <= 255; a++) {
            uint32_t blk[8], want[8];
            float src[4][8];
            vf8x4 v;
            for (int i = 0; i < 8; i++) {
                blk[i] = d * 0x01010101u ^ (uint32_t)i * 0x01000000u;
                for (int c = 0; c < 3; c++)
                    src[c][i] = (float)((d * 7 + (uint32_t)c * 31 + (uint32_t)i) % 256) / 255.0f;
                src[3][i] = ((float)a + (float)i * 0.125f) / 256.0f;
            }
            for (int c = 0; c < 4; c++)
                v.v[c] = vf8_load(src[c]);
            memcpy(want, blk, sizeof(blk));
            fn(&bs, 0, (const float[4]){ 0, 0, 0, 0 }, SWR_FORMAT_B8G8R8A8_UNORM, blk, &v, NULL, 0xff);
            for (int i = 0; i < 8; i++) {
                float px[4] = { src[0][i], src[1][i], src[2][i], src[3][i] };
                ref_blend_pixel(&bs, 0, (const float[4]){ 0, 0, 0, 0 }, SWR_FORMAT_B8G8R8A8_UNORM,
                                (uint8_t *)&want[i], px, NULL);
            }
            assert_memory_equal(blk, want, sizeof(blk));
        }
}

/* The helpers under the fast paths, exhaustively: be_unq8_byte is c / 255
 * correctly rounded (the double quotient rounded to float: c / 255 is no
 * float midpoint) for every byte value at every byte position, as is
 * vf8_div_unorm (the generic path's unpack), and
 * vi8_pack_u8x4 saturates any int32 to [0, 255] in the right byte. */
static void test_pack_helpers(void **state)
{
    for (uint32_t c = 0; c < 256; c++) {
        float want = (float)((double)c / 255.0);
        for (int k = 0; k < 4; k++) {
            uint32_t px[8];
            for (int i = 0; i < 8; i++)
                px[i] = (0x5a3c96e1u * (uint32_t)(i + 1) & ~(0xffu << (k * 8))) | c << (k * 8);
            float got[8], slow[8];
            vf8_store(got, be_unq8_byte(vi8_load(px), k));
            vf8_store(slow, vf8_div_unorm(vf8_set1((float)c), 255.0f));
            for (int i = 0; i < 8; i++)
                if (memcmp(&got[i], &want, sizeof want) || memcmp(&slow[i], &want, sizeof want))
                    fail_msg("c %u byte %d lane %d: %a / %a want %a", c, k, i, got[i], slow[i],
                             want);
        }
    }
    uint64_t rng = 5;
    static const int32_t edge[] = { INT32_MIN, -1, 0, 1, 254, 255, 256, 32767, 32768, 65535,
                                    65536, INT32_MAX };
    for (int it = 0; it < 100000; it++) {
        int32_t in[4][8];
        for (int c = 0; c < 4; c++)
            for (int i = 0; i < 8; i++) {
                uint32_t r = ref_rand(&rng);
                in[c][i] = r % 3 == 0   ? edge[r / 3 % (sizeof(edge) / sizeof(edge[0]))]
                           : r % 3 == 1 ? (int32_t)(r % 300) - 20
                                        : (int32_t)ref_rand(&rng);
            }
        uint32_t out[8];
        vi8_store(out, vi8_pack_u8x4(vi8_load(in[0]), vi8_load(in[1]), vi8_load(in[2]),
                                     vi8_load(in[3])));
        for (int i = 0; i < 8; i++) {
            uint32_t want = 0;
            for (int c = 0; c < 4; c++) {
                int32_t x = in[c][i];
                want |= (uint32_t)(x < 0 ? 0 : x > 255 ? 255 : x) << (c * 8);
            }
            if (out[i] != want)
                fail_msg("lane %d: %d %d %d %d -> %08x want %08x", i, in[0][i], in[1][i],
                         in[2][i], in[3][i], out[i], want);
        }
    }
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Information only: ns per 8-pixel block over a hot tile that stays in L1/L2. */
static void test_print_speed(void **state)
{
    static uint32_t hot[RAST_MT_PIXELS];
    vf8x4 src = { { vf8_set1(0.25f), vf8_set1(0.5f), vf8_set1(0.75f), vf8_set1(0.4f) } };
    const char *names[3] = { "opaque", "alpha blend", "generic (alpha blend state, via be_blend_block)" };
    for (int kind = 0; kind < 3; kind++) {
        swr_blend_state bs = classic_state(kind == 0 ? 0 : 1);
        be_blend_fn fn = kind == 2 ? be_blend_block : be_blend_select(&bs, 0, SWR_FORMAT_B8G8R8A8_UNORM);
        const int reps = 100;
        double t0 = now_ns();
        for (int r = 0; r < reps; r++)
            for (int b = 0; b < RAST_MT_PIXELS / 8; b++)
                fn(&bs, 0, (const float[4]){ 0, 0, 0, 0 }, SWR_FORMAT_B8G8R8A8_UNORM, hot + 8 * b,
                   &src, NULL, 0xff);
        double ns = (now_ns() - t0) / (reps * (RAST_MT_PIXELS / 8));
        print_message("BGRA8 %s: %.2f ns per 8-pixel block\n", names[kind], ns);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blend_factors_exhaustive),
        cmocka_unit_test(test_logic_ops),
        cmocka_unit_test(test_masks_and_plain_write),
        cmocka_unit_test(test_fast_paths),
        cmocka_unit_test(test_pack_helpers),
        cmocka_unit_test(test_print_speed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
