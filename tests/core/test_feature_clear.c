/*
 * test_feature_clear.c: swr_clear semantics, byte exact.
 *
 * Surfaces are the test's own, 100 x 70 (not a multiple of the 64-pixel
 * macrotile) with padded rows and two extra rows filled with a canary
 * byte that no clear may touch. In order:
 *  1. full colour clear -> every pixel holds round(255 c);
 *  2. scissored clear (use_rect [10, 90) x [5, 66)) -> only inside changes;
 *  3. colormask R|B -> G and A keep their previous bytes;
 *  4. depth 0.25 + stencil 0xff, then a stencil clear to 0 with writemask
 *     0x0f (-> 0xf0, depth unchanged), then a depth-only clear to 0.75
 *     (stencil unchanged); Z24 values are round(z (2^24 - 1)) within 1;
 *  5. a fast clear of a garbage-filled 200 x 150 target, a small draw in
 *     one corner, a store: every untouched pixel holds the clear colour.
 * The whole sequence runs with KNOB_FAST_CLEAR on and off, single-threaded
 * and pooled, and every run must give the same bytes (besides matching
 * the analytic values).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "knobs/knobs.h"
#include "test_feature_common.h"

#define W 100
#define H 70
#define PAD 32
#define CANARY 0xa5
#define BIG_W 200
#define BIG_H 150

typedef struct surf {
    uint8_t *mem;
    uint32_t pitch;
} surf;

static void surf_init(surf *s, uint32_t w, uint32_t h, uint32_t bpp)
{
    s->pitch = w * bpp + PAD;
    s->mem = malloc((size_t)s->pitch * (h + 2));
    memset(s->mem, CANARY, (size_t)s->pitch * (h + 2));
}

static int canaries_ok(const surf *s, uint32_t w, uint32_t h, uint32_t bpp)
{
    int bad = 0;
    for (uint32_t y = 0; y < h + 2; y++)
        for (uint32_t x = (y < h ? w * bpp : 0); x < s->pitch; x++)
            bad += s->mem[(size_t)y * s->pitch + x] != CANARY;
    return bad;
}

static uint8_t u8(float c)
{
    return (uint8_t)lrintf(c * 255.0f);
}

/* Results of one run, compared across runs. */
typedef struct run_out {
    uint8_t color[H][W][4];
    uint32_t zs[H][W];
    uint8_t big[BIG_H][BIG_W][4];
} run_out;

static int check_color(const surf *c, const uint8_t want_in[4], const uint8_t want_out[4],
                       swr_rect r, const char *what)
{
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;
            const uint8_t *p = c->mem + (size_t)y * c->pitch + 4 * x, *w = in ? want_in : want_out;
            if (memcmp(p, w, 4) != 0 && bad++ < 4)
                fprintf(stderr, "%s: (%d, %d) = %u %u %u %u, want %u %u %u %u\n", what, x, y, p[0],
                        p[1], p[2], p[3], w[0], w[1], w[2], w[3]);
        }
    return bad;
}

static int check_zs(const surf *z, uint32_t depth, uint8_t stencil, const char *what)
{
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint32_t v;
            memcpy(&v, z->mem + (size_t)y * z->pitch + 4 * x, 4);
            uint32_t d = v & 0xffffff;
            if (((d > depth ? d - depth : depth - d) > 1 || (v >> 24) != stencil) && bad++ < 4)
                fprintf(stderr, "%s: (%d, %d) depth %u stencil %u, want %u %u\n", what, x, y, d,
                        v >> 24, depth, stencil);
        }
    return bad;
}

static void flush(swr_context *ctx)
{
    swr_store_tiles(ctx, false);
    swr_sync(ctx);
}

static void run(const swr_context_desc *desc, bool fast, run_out *out)
{
    assert_true(knob_set("FAST_CLEAR", fast ? "1" : "0"));
    surf c, z;
    surf_init(&c, W, H, 4);
    surf_init(&z, W, H, 4);
    swr_context *ctx;
    assert_int_equal(swr_context_create(desc, &ctx), SWR_OK);
    swr_framebuffer fb = {.num_color = 1};
    fb.color[0] = (swr_surface){c.mem, c.pitch, W, H, SWR_FORMAT_R8G8B8A8_UNORM};
    fb.zs = (swr_surface){z.mem, z.pitch, W, H, SWR_FORMAT_Z24_UNORM_S8_UINT};
    assert_int_equal(swr_set_framebuffer(ctx, &fb), SWR_OK);
    int bad = 0;
    const swr_rect all = {0, 0, W, H};

    /* 1 */
    const float c1[4] = {0.2f, 0.4f, 0.6f, 0.8f};
    swr_clear_info ci = {.buffers = SWR_CLEAR_COLOR(0)};
    memcpy(ci.color, c1, sizeof ci.color);
    swr_clear(ctx, &ci);
    flush(ctx);
    const uint8_t b1[4] = {u8(c1[0]), u8(c1[1]), u8(c1[2]), u8(c1[3])};
    bad += check_color(&c, b1, b1, all, "full clear");

    /* 2 */
    const float c2[4] = {1, 0, 0.5f, 1};
    const swr_rect r = {10, 5, 90, 66};
    ci = (swr_clear_info){.buffers = SWR_CLEAR_COLOR(0), .use_rect = true, .rect = r};
    memcpy(ci.color, c2, sizeof ci.color);
    swr_clear(ctx, &ci);
    flush(ctx);
    const uint8_t b2[4] = {255, 0, u8(0.5f), 255};
    bad += check_color(&c, b2, b1, r, "scissored clear");

    /* 3 */
    const float c3[4] = {0, 1, 1, 0};
    ci = (swr_clear_info){.buffers = SWR_CLEAR_COLOR(0)};
    ci.colormask[0] = SWR_MASK_R | SWR_MASK_B;
    memcpy(ci.color, c3, sizeof ci.color);
    swr_clear(ctx, &ci);
    flush(ctx);
    const uint8_t b3in[4] = {0, b2[1], 255, b2[3]}, b3out[4] = {0, b1[1], 255, b1[3]};
    bad += check_color(&c, b3in, b3out, r, "colormask clear");

    /* 4 */
    ci = (swr_clear_info){.buffers = SWR_CLEAR_DEPTH | SWR_CLEAR_STENCIL, .depth = 0.25,
                          .stencil = 0xff};
    swr_clear(ctx, &ci);
    flush(ctx);
    const uint32_t d25 = (uint32_t)lrint(0.25 * 16777215.0), d75 = (uint32_t)lrint(0.75 * 16777215.0);
    bad += check_zs(&z, d25, 0xff, "depth+stencil clear");
    ci = (swr_clear_info){.buffers = SWR_CLEAR_STENCIL, .stencil = 0, .stencil_writemask = 0x0f};
    swr_clear(ctx, &ci);
    flush(ctx);
    bad += check_zs(&z, d25, 0xf0, "stencil writemask clear");
    ci = (swr_clear_info){.buffers = SWR_CLEAR_DEPTH, .depth = 0.75};
    swr_clear(ctx, &ci);
    flush(ctx);
    bad += check_zs(&z, d75, 0xf0, "depth-only clear");
    bad += check_color(&c, b3in, b3out, r, "colour after depth clears");
    bad += canaries_ok(&c, W, H, 4) + canaries_ok(&z, W, H, 4);
    for (int y = 0; y < H; y++) {
        memcpy(out->color[y], c.mem + (size_t)y * c.pitch, W * 4);
        memcpy(out->zs[y], z.mem + (size_t)y * z.pitch, W * 4);
    }
    swr_context_destroy(ctx);
    free(c.mem);
    free(z.mem);

    /* 5 */
    tu_target t;
    assert_int_equal(tu_target_init(&t, desc, BIG_W, BIG_H, SWR_FORMAT_R8G8B8A8_UNORM,
                                    SWR_FORMAT_NONE),
                     SWR_OK);
    memset(t.color, 0xcd, (size_t)t.cpitch * BIG_H);
    swr_store_tiles(t.ctx, true); /* drop anything cached; the surface is garbage */
    fx_pipeline(&t, SWR_INTERP_LINEAR);
    tu_clear(&t, c1, 1.0);
    const float red[4] = {1, 0, 0, 1};
    fx_vertex v[6] = {fx_win(BIG_W, BIG_H, 4, 4, 0.5f, red), fx_win(BIG_W, BIG_H, 4, 20, 0.5f, red),
                      fx_win(BIG_W, BIG_H, 20, 4, 0.5f, red), fx_win(BIG_W, BIG_H, 20, 4, 0.5f, red),
                      fx_win(BIG_W, BIG_H, 4, 20, 0.5f, red),
                      fx_win(BIG_W, BIG_H, 20, 20, 0.5f, red)};
    fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 6);
    tu_finish(&t);
    const uint8_t rb[4] = {255, 0, 0, 255};
    for (int y = 0; y < BIG_H; y++)
        for (int x = 0; x < BIG_W; x++) {
            const uint8_t *p = t.color + (size_t)y * t.cpitch + 4 * x;
            bool in = x >= 4 && x < 20 && y >= 4 && y < 20;
            if (memcmp(p, in ? rb : b1, 4) != 0 && bad++ < 8)
                fprintf(stderr, "fast %d: clear+draw (%d, %d) = %u %u %u %u\n", fast, x, y, p[0],
                        p[1], p[2], p[3]);
        }
    memcpy(out->big, t.color, sizeof out->big);
    tu_target_free(&t);
    assert_true(knob_set("FAST_CLEAR", "1"));
    assert_int_equal(bad, 0);
}

static void test_clear_sequence(void **state)
{
    (void)state;
    static run_out ref, other;
    run(&fx_descs[0], true, &ref);
    const struct {
        int desc;
        bool fast;
    } runs[] = {{0, false}, {1, true}, {1, false}};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        memset(&other, 0, sizeof other);
        run(&fx_descs[runs[i].desc], runs[i].fast, &other);
        if (memcmp(&ref, &other, sizeof ref) != 0)
            fprintf(stderr, "%s, FAST_CLEAR=%d: bytes differ from single-threaded fast clear\n",
                    fx_desc_names[runs[i].desc], runs[i].fast);
        assert_memory_equal(&ref, &other, sizeof ref);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clear_sequence),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
