/*
 * test_formats.c: rasterizer/be_formats.c against the scalar reference
 * (ref_output.c): block unpack of every code, block pack of random and edge
 * values with lane and channel masks, the exact sRGB encoding over every
 * float in [0, 1], clear values, and hot tile load/store of full and
 * partial macrotiles (canaries around every surface row).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "rasterizer/be_formats.h"
#include "ref_output.h"

static const swr_format color_formats[] = {
    SWR_FORMAT_B8G8R8A8_UNORM, SWR_FORMAT_B8G8R8X8_UNORM, SWR_FORMAT_R8G8B8A8_UNORM,
    SWR_FORMAT_R8G8B8X8_UNORM, SWR_FORMAT_B8G8R8A8_SRGB,  SWR_FORMAT_B8G8R8X8_SRGB,
    SWR_FORMAT_R8G8B8A8_SRGB,  SWR_FORMAT_R8G8B8X8_SRGB,  SWR_FORMAT_A8R8G8B8_UNORM,
    SWR_FORMAT_R8_UNORM,       SWR_FORMAT_R8G8_UNORM,     SWR_FORMAT_R16G16B16A16_FLOAT,
    SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_R32_FLOAT,  SWR_FORMAT_R10G10B10A2_UNORM,
};
#define NUM_COLOR (sizeof(color_formats) / sizeof(color_formats[0]))

static const swr_format depth_formats[] = {
    SWR_FORMAT_Z16_UNORM, SWR_FORMAT_Z24_UNORM_S8_UINT, SWR_FORMAT_Z24X8_UNORM,
    SWR_FORMAT_Z32_FLOAT, SWR_FORMAT_Z32_FLOAT_S8X24_UINT,
};

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static float bitsf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Same value, NaN matching any NaN. */
static bool same_float(float a, float b) { return (isnan(a) && isnan(b)) || fbits(a) == fbits(b); }

static void check_unpack(swr_format fmt, const uint8_t *block)
{
    uint32_t bpp = ref_bpp(fmt);
    vf8x4 v;
    float got[4][8];
    be_unpack_block(fmt, block, &v);
    for (int c = 0; c < 4; c++)
        vf8_store(got[c], v.v[c]);
    for (int i = 0; i < 8; i++) {
        float want[4];
        ref_unpack_pixel(fmt, block + i * bpp, want);
        for (int c = 0; c < 4; c++)
            if (!same_float(got[c][i], want[c]))
                fail_msg("fmt %d lane %d chan %d: got %a want %a", fmt, i, c, got[c][i], want[c]);
    }
}

/* Every code of every channel (8-bit: 256, 10-bit: 1024, half: 65536). */
static void test_unpack_all_codes(void **state)
{
    for (size_t f = 0; f < NUM_COLOR; f++) {
        swr_format fmt = color_formats[f];
        uint32_t bpp = ref_bpp(fmt);
        uint8_t block[128];
        uint32_t n = fmt == SWR_FORMAT_R16G16B16A16_FLOAT ? 65536 : 1024;
        for (uint32_t base = 0; base < n; base += 8) {
            for (int i = 0; i < 8; i++) {
                uint32_t code = base + (uint32_t)i;
                for (uint32_t b = 0; b < bpp; b++)
                    block[i * bpp + b] = (uint8_t)(code >> (b % 4 * 8) ^ (b >= 4 ? 0x5a : 0));
                if (fmt == SWR_FORMAT_R16G16B16A16_FLOAT)
                    for (int c = 0; c < 4; c++)
                        memcpy(block + i * 8 + c * 2, &(uint16_t){ (uint16_t)(code + c * 16411) }, 2);
                if (fmt == SWR_FORMAT_R10G10B10A2_UNORM) {
                    uint32_t v = (code & 1023) | ((1023 - code % 1024) << 10) |
                                 (((code * 7) & 1023) << 20) | ((code & 3) << 30);
                    memcpy(block + i * 4, &v, 4);
                }
            }
            check_unpack(fmt, block);
        }
    }
}

static float edge_value(uint64_t *rng)
{
    static const float edges[] = { 0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 0.5f / 255.0f, 1.5f / 255.0f,
                                   254.5f / 255.0f, 0.5f / 1023.0f, 0.5f / 3.0f, 2.5f / 3.0f,
                                   0.0031308f, 0.04045f, 1e-30f, -1e-30f, 1.0000001f, 0.99999994f,
                                   65504.0f, 65520.0f, 65519.99f, -65536.0f, 6.1e-5f, 5.96e-8f,
                                   2.98e-8f, 1e-8f, 3.0e38f, 2.0f };
    uint32_t r = ref_rand(rng) % 8;
    if (r == 0)
        return NAN;
    if (r == 1)
        return (ref_rand(rng) & 1) ? INFINITY : -INFINITY;
    if (r < 5)
        return edges[ref_rand(rng) % (sizeof(edges) / sizeof(edges[0]))];
    if (r == 5) /* near a quantization tie: k + 0.5 over 255 / 1023, +- an ulp */
    {
        float d = (ref_rand(rng) & 1) ? 255.0f : 1023.0f;
        float t = ((float)(ref_rand(rng) % 1023) + 0.5f) / d;
        return bitsf(fbits(t) + (uint32_t)(ref_rand(rng) % 3) - 1u);
    }
    if (r == 6)
        return ref_randf(rng, -4.0f, 4.0f);
    return ref_randf(rng, -0.1f, 1.1f);
}

/* Pack with random lane/colour masks into random existing data. */
static void test_pack_random_and_edges(void **state)
{
    uint64_t rng = 12345;
    for (size_t f = 0; f < NUM_COLOR; f++) {
        swr_format fmt = color_formats[f];
        uint32_t bpp = ref_bpp(fmt);
        for (int iter = 0; iter < 20000; iter++) {
            uint8_t block[128], want[128];
            float src[4][8];
            vf8x4 v;
            for (uint32_t b = 0; b < 8 * bpp; b++)
                block[b] = (uint8_t)ref_rand(&rng);
            memcpy(want, block, sizeof(block));
            for (int c = 0; c < 4; c++) {
                for (int i = 0; i < 8; i++)
                    src[c][i] = edge_value(&rng);
                v.v[c] = vf8_load(src[c]);
            }
            uint32_t lanes = iter & 1 ? 0xff : ref_rand(&rng) & 0xff;
            uint8_t cm = iter & 2 ? 15 : ref_rand(&rng) & 15;
            be_pack_block(fmt, block, &v, lanes, cm);
            for (int i = 0; i < 8; i++) {
                float px[4] = { src[0][i], src[1][i], src[2][i], src[3][i] };
                if (lanes >> i & 1)
                    ref_pack_pixel(fmt, want + i * bpp, px, cm);
            }
            if (memcmp(block, want, 8 * bpp) != 0) {
                for (int i = 0; i < 8; i++)
                    if (memcmp(block + i * bpp, want + i * bpp, bpp))
                        print_error("lane %d src %a %a %a %a\n", i, src[0][i], src[1][i], src[2][i], src[3][i]);
                fail_msg("fmt %d iter %d lanes %x cm %x", fmt, iter, lanes, cm);
            }
        }
    }
}

/* Pack -> store -> load -> unpack: a pixel round-trips to what the
 * reference unpacks from the reference-packed pixel. */
static void test_round_trip(void **state)
{
    uint64_t rng = 777;
    static uint8_t hot[RAST_MT_PIXELS * 16], hot2[RAST_MT_PIXELS * 16];
    static uint8_t surf_mem[64 * 64 * 16];
    for (size_t f = 0; f < NUM_COLOR; f++) {
        swr_format fmt = color_formats[f];
        uint32_t bpp = be_hot_bpp(fmt);
        assert_int_equal(bpp, ref_bpp(fmt));
        assert_int_equal(bpp, be_surface_bpp(fmt));
        for (uint32_t blk = 0; blk < RAST_MT_PIXELS / 8; blk++) {
            vf8x4 v;
            for (int c = 0; c < 4; c++) {
                float t[8];
                for (int i = 0; i < 8; i++)
                    t[i] = ref_randf(&rng, -0.2f, 1.2f);
                v.v[c] = vf8_load(t);
            }
            be_pack_block(fmt, hot + blk * 8 * bpp, &v, 0xff, 15);
        }
        swr_surface s = { surf_mem, 64 * bpp, 64, 64, fmt };
        be_hot_store_color(&s, 0, 0, hot);
        memset(hot2, 0, sizeof(hot2));
        be_hot_load_color(&s, 0, 0, hot2);
        assert_memory_equal(hot, hot2, RAST_MT_PIXELS * bpp);
        for (uint32_t blk = 0; blk < RAST_MT_PIXELS / 8; blk += 37)
            check_unpack(fmt, hot2 + blk * 8 * bpp);
    }
}

/* The vector sRGB encoder over [0, 1]: scanning every 13th float (every
 * 61st under sanitizers), its codes never decrease and rise by at most one
 * between samples; at each rise every float between the two samples is
 * compared with the reference, so the exact change points (the places an
 * approximation would be off by one) are all checked; between change points
 * the reference is constant (it is monotonic) and so is the encoder. */
static void test_srgb_encode_exhaustive(void **state)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    const uint32_t stride = 61;
#else
    const uint32_t stride = 13;
#endif
    const uint32_t end = 0x3f800000u; /* 1.0f */
    uint32_t prev = 0, changes = 0, last_bits = 0;
    for (uint32_t u = 0; u <= end; u += 8 * stride) {
        float t[8];
        uint32_t blk[8] = { 0 };
        for (int i = 0; i < 8; i++) {
            uint32_t b = u + (uint32_t)i * stride;
            t[i] = bitsf(b > end ? end : b);
        }
        vf8x4 v = { { vf8_load(t), vf8_zero(), vf8_zero(), vf8_zero() } };
        be_pack_block(SWR_FORMAT_R8G8B8A8_SRGB, blk, &v, 0xff, SWR_MASK_R);
        for (int i = 0; i < 8; i++) {
            uint32_t q = blk[i] & 0xff, b = fbits(t[i]);
            if (q < prev || q > prev + 1)
                fail_msg("code %u -> %u at %a", prev, q, t[i]);
            if (q != prev) {
                changes++;
                for (uint32_t w = last_bits + 1; w <= b; w++) {
                    uint32_t p8[8] = { 0 };
                    vf8x4 one = { { vf8_set1(bitsf(w)), vf8_zero(), vf8_zero(), vf8_zero() } };
                    be_pack_block(SWR_FORMAT_R8G8B8A8_SRGB, p8, &one, 1, SWR_MASK_R);
                    if ((int)(p8[0] & 0xff) != ref_srgb_encode_q(bitsf(w)))
                        fail_msg("%a: %u, reference %d", bitsf(w), p8[0] & 0xff,
                                 ref_srgb_encode_q(bitsf(w)));
                }
                prev = q;
            }
            last_bits = b;
        }
    }
    assert_int_equal(prev, 255);
    assert_int_equal(changes, 255);
}

static void test_clear_values(void **state)
{
    uint64_t rng = 99;
    static uint8_t hot[RAST_MT_PIXELS * 16];
    for (size_t f = 0; f < NUM_COLOR; f++) {
        swr_format fmt = color_formats[f];
        uint32_t bpp = be_hot_bpp(fmt);
        for (int iter = 0; iter < 200; iter++) {
            float rgba[4];
            uint8_t got[16], want[16] = { 0 };
            for (int c = 0; c < 4; c++)
                rgba[c] = edge_value(&rng);
            be_pack_clear_color(fmt, rgba, got);
            ref_pack_pixel(fmt, want, rgba, 15);
            assert_memory_equal(got, want, 16);
            if (iter == 0) {
                be_hot_fill(hot, bpp, got);
                for (uint32_t p = 0; p < RAST_MT_PIXELS; p++)
                    assert_memory_equal(hot + p * bpp, got, bpp);
            }
        }
    }
    for (size_t f = 0; f < 5; f++)
        for (int iter = 0; iter < 20000; iter++) {
            float z = iter < 10000 ? edge_value(&rng) : ref_randf(&rng, 0.0f, 1.0f);
            assert_int_equal(be_depth_quantize_scalar(depth_formats[f], z),
                             ref_depth_quantize(depth_formats[f], z));
        }
}

/* ---- hot tile load / store ---------------------------------------------------------- */

/* Independent of rast_hot_index: the index from the written contract. */
static uint32_t hot_index(uint32_t x, uint32_t y)
{
    uint32_t tile = (y / 8) * (RAST_MT_DIM / 8) + x / 8;
    uint32_t block = ((y % 8) / 2) * 2 + (x % 8) / 4;
    uint32_t lane = (x & 1) + ((y & 1) << 1) + (((x >> 1) & 1) << 2);
    return tile * 64 + block * 8 + lane;
}

typedef struct test_surf {
    uint8_t *mem;      /* guard + rows + guard */
    uint8_t *copy;     /* expected contents */
    size_t size;
    swr_surface s;
} test_surf;

#define GUARD 64

static void surf_make(test_surf *t, swr_format fmt, uint32_t w, uint32_t h, uint32_t pad,
                      uint64_t *rng)
{
    uint32_t bpp = be_surface_bpp(fmt);
    uint32_t pitch = w * bpp + pad;
    t->size = (size_t)pitch * h + 2 * GUARD;
    t->mem = malloc(t->size);
    t->copy = malloc(t->size);
    for (size_t i = 0; i < t->size; i++)
        t->mem[i] = (uint8_t)ref_rand(rng);
    memcpy(t->copy, t->mem, t->size);
    t->s = (swr_surface){ t->mem + GUARD, pitch, w, h, fmt };
}

static void surf_free(test_surf *t)
{
    free(t->mem);
    free(t->copy);
}

static const struct { uint32_t w, h, pad, mt_x, mt_y; } geoms[] = {
    { 64, 64, 0, 0, 0 },   { 64, 64, 12, 0, 0 },   { 37, 5, 7, 0, 0 },   { 150, 140, 20, 64, 64 },
    { 150, 140, 4, 128, 128 }, { 130, 70, 3, 64, 0 }, { 1, 1, 1, 0, 0 }, { 200, 64, 0, 128, 0 },
};

static void test_hot_color_load_store(void **state)
{
    uint64_t rng = 4242;
    static uint8_t hot[RAST_MT_PIXELS * 16], hot_before[RAST_MT_PIXELS * 16];
    for (size_t f = 0; f < NUM_COLOR; f++) {
        swr_format fmt = color_formats[f];
        uint32_t bpp = be_surface_bpp(fmt);
        for (size_t g = 0; g < sizeof(geoms) / sizeof(geoms[0]); g++) {
            test_surf t;
            surf_make(&t, fmt, geoms[g].w, geoms[g].h, geoms[g].pad, &rng);
            uint32_t mx = geoms[g].mt_x, my = geoms[g].mt_y;
            for (size_t i = 0; i < sizeof(hot); i++)
                hot[i] = (uint8_t)ref_rand(&rng);
            memcpy(hot_before, hot, sizeof(hot));
            be_hot_load_color(&t.s, mx, my, hot);
            for (uint32_t y = 0; y < 64; y++)
                for (uint32_t x = 0; x < 64; x++) {
                    uint8_t *hp = hot + hot_index(x, y) * bpp;
                    if (mx + x < t.s.width && my + y < t.s.height)
                        assert_memory_equal(hp, (uint8_t *)t.s.base + (my + y) * t.s.pitch_bytes + (mx + x) * bpp, bpp);
                    else
                        assert_memory_equal(hp, hot_before + hot_index(x, y) * bpp, bpp);
                }
            assert_memory_equal(t.mem, t.copy, t.size); /* load never writes */
            /* New hot contents, store, and predict the surface. */
            for (size_t i = 0; i < sizeof(hot); i++)
                hot[i] = (uint8_t)ref_rand(&rng);
            be_hot_store_color(&t.s, mx, my, hot);
            for (uint32_t y = 0; y < 64; y++)
                for (uint32_t x = 0; x < 64; x++)
                    if (mx + x < t.s.width && my + y < t.s.height)
                        memcpy(t.copy + GUARD + (my + y) * t.s.pitch_bytes + (mx + x) * bpp,
                               hot + hot_index(x, y) * bpp, bpp);
            assert_memory_equal(t.mem, t.copy, t.size);
            surf_free(&t);
        }
    }
}

/* Reference split of one depth/stencil surface pixel. */
static void ref_zs_split(swr_format fmt, const uint8_t *px, uint32_t *z, uint8_t *s)
{
    uint32_t v = 0;
    *s = 0;
    switch (fmt) {
    case SWR_FORMAT_Z16_UNORM: *z = (uint32_t)px[0] | (uint32_t)px[1] << 8; break;
    case SWR_FORMAT_Z32_FLOAT: memcpy(z, px, 4); break;
    case SWR_FORMAT_Z32_FLOAT_S8X24_UINT: memcpy(z, px, 4); *s = px[4]; break;
    default:
        memcpy(&v, px, 4);
        *z = v % (1u << 24);
        if (fmt == SWR_FORMAT_Z24_UNORM_S8_UINT)
            *s = (uint8_t)(v / (1u << 24));
        break;
    }
}

static void test_hot_zs_load_store(void **state)
{
    uint64_t rng = 31337;
    static uint32_t hz[RAST_MT_PIXELS], hz0[RAST_MT_PIXELS];
    static uint8_t hs[RAST_MT_PIXELS], hs0[RAST_MT_PIXELS];
    for (size_t f = 0; f < 5; f++) {
        swr_format fmt = depth_formats[f];
        uint32_t bpp = be_surface_bpp(fmt);
        bool has_s = fmt == SWR_FORMAT_Z24_UNORM_S8_UINT || fmt == SWR_FORMAT_Z32_FLOAT_S8X24_UINT;
        assert_int_equal(be_hot_bpp(fmt), 4);
        for (size_t g = 0; g < sizeof(geoms) / sizeof(geoms[0]); g++)
            for (int mode = 1; mode < 4; mode++) { /* bit 0 store z, bit 1 store s */
                bool sz = mode & 1, ss = mode & 2;
                test_surf t;
                surf_make(&t, fmt, geoms[g].w, geoms[g].h, geoms[g].pad, &rng);
                uint32_t mx = geoms[g].mt_x, my = geoms[g].mt_y;
                for (int i = 0; i < RAST_MT_PIXELS; i++) {
                    hz[i] = ref_rand(&rng);
                    hs[i] = (uint8_t)ref_rand(&rng);
                }
                memcpy(hz0, hz, sizeof(hz));
                memcpy(hs0, hs, sizeof(hs));
                be_hot_load_zs(&t.s, mx, my, hz, hs);
                for (uint32_t y = 0; y < 64; y++)
                    for (uint32_t x = 0; x < 64; x++) {
                        uint32_t i = hot_index(x, y), z;
                        uint8_t s;
                        if (mx + x < t.s.width && my + y < t.s.height) {
                            ref_zs_split(fmt, (uint8_t *)t.s.base + (my + y) * t.s.pitch_bytes + (mx + x) * bpp, &z, &s);
                            assert_int_equal(hz[i], z);
                            assert_int_equal(hs[i], has_s ? s : hs0[i]);
                        } else {
                            assert_int_equal(hz[i], hz0[i]);
                            assert_int_equal(hs[i], hs0[i]);
                        }
                    }
                assert_memory_equal(t.mem, t.copy, t.size);
                /* New values in range for the format, then store. */
                for (int i = 0; i < RAST_MT_PIXELS; i++) {
                    hz[i] = ref_rand(&rng);
                    if (fmt == SWR_FORMAT_Z16_UNORM)
                        hz[i] &= 0xffff;
                    if (fmt == SWR_FORMAT_Z24_UNORM_S8_UINT || fmt == SWR_FORMAT_Z24X8_UNORM)
                        hz[i] &= 0xffffff;
                    hs[i] = (uint8_t)ref_rand(&rng);
                }
                be_hot_store_zs(&t.s, mx, my, hz, hs, sz, ss);
                for (uint32_t y = 0; y < 64; y++)
                    for (uint32_t x = 0; x < 64; x++) {
                        if (!(mx + x < t.s.width && my + y < t.s.height))
                            continue;
                        uint8_t *px = t.copy + GUARD + (my + y) * t.s.pitch_bytes + (mx + x) * bpp;
                        uint32_t i = hot_index(x, y), z = hz[i];
                        switch (fmt) {
                        case SWR_FORMAT_Z16_UNORM:
                            if (sz) { px[0] = (uint8_t)z; px[1] = (uint8_t)(z >> 8); }
                            break;
                        case SWR_FORMAT_Z32_FLOAT:
                            if (sz) memcpy(px, &z, 4);
                            break;
                        case SWR_FORMAT_Z32_FLOAT_S8X24_UINT:
                            if (sz) memcpy(px, &z, 4);
                            if (ss) px[4] = hs[i];
                            break;
                        case SWR_FORMAT_Z24X8_UNORM:
                            if (sz) { px[0] = (uint8_t)z; px[1] = (uint8_t)(z >> 8); px[2] = (uint8_t)(z >> 16); px[3] = 0; }
                            break;
                        default:
                            if (sz) { px[0] = (uint8_t)z; px[1] = (uint8_t)(z >> 8); px[2] = (uint8_t)(z >> 16); }
                            if (ss) px[3] = hs[i];
                            break;
                        }
                    }
                assert_memory_equal(t.mem, t.copy, t.size);
                surf_free(&t);
            }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unpack_all_codes),
        cmocka_unit_test(test_pack_random_and_edges),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_srgb_encode_exhaustive),
        cmocka_unit_test(test_clear_values),
        cmocka_unit_test(test_hot_color_load_store),
        cmocka_unit_test(test_hot_zs_load_store),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
