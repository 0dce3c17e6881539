/*
 * test_feature_mrt_masks.c: multiple render targets, write masks, dual-
 * source blending, logic ops and the blend colour, checked byte by byte
 * against the GL formulas.
 *
 * The PS writes constant colours: color[i] = C[i] for targets 0..2 and
 * color1 = C[3] (second source). Targets: 0 = B8G8R8A8_UNORM (bytes B, G, R,
 * A), 1 = R16G16B16A16_FLOAT, 2 = R32_FLOAT. Expected UNORM8 bytes are
 * round(255 c) within 1, half floats within 1e-3, R32F exactly.
 * - per-target outputs; color0_writes_all (every target gets C[0]);
 * - colormask per target with independent_blend_enable (masked channels
 *   keep the clear value; a zero mask leaves the target untouched), and
 *   without it rt[0]'s mask for all;
 * - dual source: rgb = C0 * C1 + dst * (1 - C1), a = C0.a * C1.a + dst.a *
 *   (1 - C1.a) on R8G8B8A8 (dst already quantized to bytes);
 * - logic op XOR on R8G8B8A8: dst' = src_bytes ^ dst_bytes;
 * - CONST_COLOR / INV_CONST_COLOR (rgb) and CONST_ALPHA / ZERO (alpha);
 * - eight targets at once (mixed formats), each with its own per-pixel
 *   output and its own blend equation and colormask (test_eight_targets).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_feature_common.h"

#define W 40
#define H 24

typedef struct const_colors {
    float c[4][4];
} const_colors;

static void const_ps(const void *shader, swr_ps_args *a)
{
    const const_colors *cc = shader;
    for (int i = 0; i < 3; i++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < 8; l++)
                a->color[i].v[c][l] = cc->c[i][c];
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < 8; l++)
            a->color1.v[c][l] = cc->c[3][c];
}

static const const_colors k_cols = {{{0.2f, 0.4f, 0.6f, 0.8f},
                                     {0.1f, 0.5f, 0.9f, 0.3f},
                                     {0.7f, 0.25f, 0.125f, 0.0625f},
                                     {0.25f, 0.5f, 0.75f, 0.5f}}};

static float half_to_float(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    float v = e == 0 ? ldexpf((float)m, -24) : ldexpf((float)(m | 1024), e - 25);
    return (h & 0x8000) ? -v : v;
}

static uint8_t u8(float c)
{
    c = c < 0 ? 0 : c > 1 ? 1 : c;
    return (uint8_t)lrintf(c * 255.0f);
}

typedef struct mrt {
    swr_context *ctx;
    uint8_t *bgra, *rgba16f, *r32f;
} mrt;

static void mrt_init(mrt *m, const swr_context_desc *desc)
{
    assert_int_equal(swr_context_create(desc, &m->ctx), SWR_OK);
    m->bgra = calloc(W * H, 4);
    m->rgba16f = calloc(W * H, 8);
    m->r32f = calloc(W * H, 4);
    swr_framebuffer fb = {.num_color = 3};
    fb.color[0] = (swr_surface){m->bgra, W * 4, W, H, SWR_FORMAT_B8G8R8A8_UNORM};
    fb.color[1] = (swr_surface){m->rgba16f, W * 8, W, H, SWR_FORMAT_R16G16B16A16_FLOAT};
    fb.color[2] = (swr_surface){m->r32f, W * 4, W, H, SWR_FORMAT_R32_FLOAT};
    assert_int_equal(swr_set_framebuffer(m->ctx, &fb), SWR_OK);
}

static void mrt_free(mrt *m)
{
    swr_context_destroy(m->ctx);
    free(m->bgra);
    free(m->rgba16f);
    free(m->r32f);
}

static void bind_common(swr_context *ctx, uint32_t num_outputs, bool writes_all, bool dual)
{
    tu_target tmp = {.ctx = ctx, .w = W, .h = H};
    fx_pipeline(&tmp, SWR_INTERP_LINEAR);
    swr_ps_state ps = {.func = const_ps, .shader = &k_cols, .num_inputs = 0,
                       .num_outputs = num_outputs, .color0_writes_all = writes_all,
                       .dual_source = dual};
    swr_set_ps(ctx, &ps);
}

static void draw_full(swr_context *ctx)
{
    static fx_vertex v[3];
    static const float one[4] = {1, 1, 1, 1};
    v[0] = fx_win(W, H, 0, 0, 0.5f, one);
    v[1] = fx_win(W, H, 0, 2 * H, 0.5f, one);
    v[2] = fx_win(W, H, 2 * W, 0, 0.5f, one);
    fx_draw(ctx, SWR_TOPO_TRIANGLES, v, 3);
    swr_store_tiles(ctx, false);
    swr_sync(ctx);
}

static const float k_clear[4] = {0.5f, 0.5f, 0.5f, 0.5f};

static void clear_all_to(swr_context *ctx, const float rgba[4])
{
    swr_clear_info c = {.buffers = SWR_CLEAR_COLOR_ALL};
    memcpy(c.color, rgba, sizeof c.color);
    swr_clear(ctx, &c);
}

static void clear_all(swr_context *ctx) { clear_all_to(ctx, k_clear); }

/* Expected colours per target (rgba; target 2 uses .r), checked at every pixel. */
static int check_mrt(const mrt *m, const float want[3][4], const char *what)
{
    int bad = 0;
    for (int i = 0; i < W * H; i++) {
        const uint8_t *p = m->bgra + 4 * i;
        const uint8_t w0[4] = {u8(want[0][2]), u8(want[0][1]), u8(want[0][0]), u8(want[0][3])};
        for (int c = 0; c < 4; c++)
            if (abs(p[c] - w0[c]) > 1 && bad++ < 4)
                fprintf(stderr, "%s: BGRA8 pixel %d byte %d = %u, want %u\n", what, i, c, p[c], w0[c]);
        const uint16_t *h = (const uint16_t *)(m->rgba16f + 8 * i);
        for (int c = 0; c < 4; c++)
            if (fabsf(half_to_float(h[c]) - want[1][c]) > 1e-3f && bad++ < 4)
                fprintf(stderr, "%s: RGBA16F pixel %d ch %d = %g, want %g\n", what, i, c,
                        half_to_float(h[c]), want[1][c]);
        float r;
        memcpy(&r, m->r32f + 4 * i, 4);
        if (r != want[2][0] && bad++ < 4)
            fprintf(stderr, "%s: R32F pixel %d = %g, want %g\n", what, i, r, want[2][0]);
    }
    return bad;
}

static void set_masks(swr_context *ctx, bool independent, const uint8_t masks[3])
{
    swr_blend_state b = {.independent_blend_enable = independent};
    for (int i = 0; i < 3; i++)
        b.rt[i].colormask = masks[i];
    swr_set_blend_state(ctx, &b);
}

/* want = mask ? src : clear, per channel */
static void masked(const float src[4], uint8_t mask, float out[4])
{
    for (int c = 0; c < 4; c++)
        out[c] = (mask >> c) & 1 ? src[c] : k_clear[c];
}

static void test_mrt_outputs_and_masks(void **state)
{
    (void)state;
    for (int d = 0; d < 2; d++) {
        mrt m;
        mrt_init(&m, &fx_descs[d]);
        int bad = 0;
        const uint8_t all[3] = {15, 15, 15};

        bind_common(m.ctx, 3, false, false);
        set_masks(m.ctx, false, all);
        clear_all(m.ctx);
        draw_full(m.ctx);
        const float w_per[3][4] = {{0.2f, 0.4f, 0.6f, 0.8f}, {0.1f, 0.5f, 0.9f, 0.3f},
                                   {0.7f, 0, 0, 0}};
        bad += check_mrt(&m, w_per, "per-target outputs");

        bind_common(m.ctx, 1, true, false);
        clear_all(m.ctx);
        draw_full(m.ctx);
        const float w_all[3][4] = {{0.2f, 0.4f, 0.6f, 0.8f}, {0.2f, 0.4f, 0.6f, 0.8f},
                                   {0.2f, 0, 0, 0}};
        bad += check_mrt(&m, w_all, "color0_writes_all");

        bind_common(m.ctx, 3, false, false);
        const uint8_t masks[3] = {SWR_MASK_R | SWR_MASK_A, SWR_MASK_G, 0};
        set_masks(m.ctx, true, masks);
        clear_all(m.ctx);
        draw_full(m.ctx);
        float w_ind[3][4];
        for (int i = 0; i < 3; i++)
            masked(k_cols.c[i], masks[i], w_ind[i]);
        bad += check_mrt(&m, w_ind, "independent colormasks");

        const uint8_t shared[3] = {SWR_MASK_G | SWR_MASK_B, 0, 0}; /* rt[0] applies to all */
        set_masks(m.ctx, false, shared);
        clear_all(m.ctx);
        draw_full(m.ctx);
        float w_sh[3][4];
        for (int i = 0; i < 3; i++)
            masked(k_cols.c[i], shared[0], w_sh[i]);
        bad += check_mrt(&m, w_sh, "shared colormask");
        mrt_free(&m);
        assert_int_equal(bad, 0);
    }
}

/* Single R8G8B8A8 target: one blend state, expected bytes. */
static int run_rgba8(const swr_blend_state *b, const float blend_color[4], const float clear[4],
                     const uint8_t want[4], bool dual, const char *what)
{
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R8G8B8A8_UNORM, SWR_FORMAT_NONE),
                     SWR_OK);
    bind_common(t.ctx, 1, false, dual);
    swr_set_blend_state(t.ctx, b);
    if (blend_color)
        swr_set_blend_color(t.ctx, blend_color);
    tu_clear(&t, clear, 1.0);
    draw_full(t.ctx);
    int bad = 0;
    for (int i = 0; i < W * H; i++)
        for (int c = 0; c < 4; c++)
            if (abs(t.color[4 * i + c] - want[c]) > 1 && bad++ < 4)
                fprintf(stderr, "%s: pixel %d ch %d = %u, want %u\n", what, i, c,
                        t.color[4 * i + c], want[c]);
    tu_target_free(&t);
    return bad;
}

static void test_dual_source(void **state)
{
    (void)state;
    swr_blend_state b = {0};
    b.rt[0] = (swr_blend_rt){true, SWR_BLEND_ADD, SWR_BLENDFACTOR_SRC1_COLOR,
                             SWR_BLENDFACTOR_INV_SRC1_COLOR, SWR_BLEND_ADD,
                             SWR_BLENDFACTOR_SRC1_ALPHA, SWR_BLENDFACTOR_INV_SRC1_ALPHA,
                             SWR_MASK_RGBA};
    const float dst[4] = {0.2f, 0.4f, 0.6f, 0.8f};
    uint8_t want[4];
    for (int c = 0; c < 4; c++) {
        float d = u8(dst[c]) / 255.0f, s = k_cols.c[0][c], s1 = k_cols.c[3][c];
        want[c] = u8(s * s1 + d * (1 - s1));
    }
    assert_int_equal(run_rgba8(&b, NULL, dst, want, true, "dual source"), 0);
}

static void test_logicop_xor(void **state)
{
    (void)state;
    swr_blend_state b = {.logicop_enable = true, .logicop_func = SWR_LOGICOP_XOR};
    b.rt[0].colormask = SWR_MASK_RGBA;
    const uint8_t dstb[4] = {0x0f, 0xf0, 0x55, 0xaa};
    float dst[4];
    uint8_t want[4];
    for (int c = 0; c < 4; c++) {
        dst[c] = dstb[c] / 255.0f;
        want[c] = u8(k_cols.c[0][c]) ^ dstb[c];
    }
    assert_int_equal(run_rgba8(&b, NULL, dst, want, false, "logic op XOR"), 0);
}

static void test_blend_color(void **state)
{
    (void)state;
    swr_blend_state b = {0};
    b.rt[0] = (swr_blend_rt){true, SWR_BLEND_ADD, SWR_BLENDFACTOR_CONST_COLOR,
                             SWR_BLENDFACTOR_INV_CONST_COLOR, SWR_BLEND_ADD,
                             SWR_BLENDFACTOR_CONST_ALPHA, SWR_BLENDFACTOR_ZERO, SWR_MASK_RGBA};
    const float bc[4] = {0.25f, 0.5f, 0.75f, 0.5f};
    const float dst[4] = {1.0f, 0.0f, 0.6f, 1.0f};
    uint8_t want[4];
    for (int c = 0; c < 3; c++) {
        float d = u8(dst[c]) / 255.0f;
        want[c] = u8(k_cols.c[0][c] * bc[c] + d * (1 - bc[c]));
    }
    want[3] = u8(k_cols.c[0][3] * bc[3]);
    assert_int_equal(run_rgba8(&b, bc, dst, want, false, "blend colour"), 0);
}

/* ---- eight render targets at once ---------------------------------------------------- */

/* Eight targets of mixed formats, each with its own output (varying per
 * pixel: k/32 values, exact in every format here) and its own blend and
 * mask state (independent_blend_enable), over a clear of E_CLEAR:
 *   0 BGRA8    no blend, RGBA
 *   1 RGBA8    ADD SRC_ALPHA / INV_SRC_ALPHA, RGBA
 *   2 RGBA32F  ADD ONE / ONE, mask R|B
 *   3 RGBA16F  MIN, RGBA
 *   4 RGBA32F  REVERSE_SUBTRACT ONE / ONE (dst - src), mask G|A
 *   5 BGRA8    mask 0 (untouched)
 *   6 R32F     MAX, R
 *   7 RGBA8    ADD DST_COLOR / ZERO (src * dst), mask R|G|B
 * Expected per GL's blend equations; UNORM8 within 1 (dst = quantized
 * clear), floats exactly, half floats within 1e-3. */
#define E_N 8
static const float k_eclear[4] = {0.5f, 0.25f, 0.75f, 0.5f};
static const swr_format k_efmt[E_N] = {
    SWR_FORMAT_B8G8R8A8_UNORM,     SWR_FORMAT_R8G8B8A8_UNORM,     SWR_FORMAT_R32G32B32A32_FLOAT,
    SWR_FORMAT_R16G16B16A16_FLOAT, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_B8G8R8A8_UNORM,
    SWR_FORMAT_R32_FLOAT,          SWR_FORMAT_R8G8B8A8_UNORM};

static float eight_src(uint32_t i, uint32_t c, uint32_t x, uint32_t y)
{
    return (float)(((i * 4 + c) * 7 + x + 3 * y) % 32) / 32.0f;
}

static void eight_ps(const void *shader, swr_ps_args *a)
{
    (void)shader;
    for (uint32_t l = 0; l < 8; l++) {
        uint32_t x = a->block_x + (l & 1) + ((l >> 2) << 1), y = a->block_y + ((l >> 1) & 1);
        for (uint32_t i = 0; i < E_N; i++)
            for (uint32_t c = 0; c < 4; c++)
                a->color[i].v[c][l] = eight_src(i, c, x, y);
    }
}

static float eight_blend(uint32_t i, uint32_t c, const float s[4], const float d[4])
{
    switch (i) {
    case 0: return s[c];
    case 1: return s[c] * s[3] + d[c] * (1 - s[3]);
    case 2: return s[c] + d[c];
    case 3: return fminf(s[c], d[c]);
    case 4: return d[c] - s[c];
    case 5: return d[c];
    case 6: return fmaxf(s[c], d[c]);
    default: return s[c] * d[c];
    }
}

static const uint8_t k_emask[E_N] = {SWR_MASK_RGBA, SWR_MASK_RGBA, SWR_MASK_R | SWR_MASK_B,
                                     SWR_MASK_RGBA, SWR_MASK_G | SWR_MASK_A, 0,
                                     SWR_MASK_R, SWR_MASK_R | SWR_MASK_G | SWR_MASK_B};

static void test_eight_targets(void **state)
{
    (void)state;
    swr_blend_state b = {.independent_blend_enable = true};
    const uint8_t A = SWR_BLEND_ADD;
    b.rt[1] = (swr_blend_rt){true, A, SWR_BLENDFACTOR_SRC_ALPHA, SWR_BLENDFACTOR_INV_SRC_ALPHA, A,
                             SWR_BLENDFACTOR_SRC_ALPHA, SWR_BLENDFACTOR_INV_SRC_ALPHA, 0};
    b.rt[2] = (swr_blend_rt){true, A, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE, A,
                             SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE, 0};
    b.rt[3] = (swr_blend_rt){true, SWR_BLEND_MIN, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE,
                             SWR_BLEND_MIN, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE, 0};
    b.rt[4] = (swr_blend_rt){true, SWR_BLEND_REVERSE_SUBTRACT, SWR_BLENDFACTOR_ONE,
                             SWR_BLENDFACTOR_ONE, SWR_BLEND_REVERSE_SUBTRACT, SWR_BLENDFACTOR_ONE,
                             SWR_BLENDFACTOR_ONE, 0};
    b.rt[6] = (swr_blend_rt){true, SWR_BLEND_MAX, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE,
                             SWR_BLEND_MAX, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE, 0};
    b.rt[7] = (swr_blend_rt){true, A, SWR_BLENDFACTOR_DST_COLOR, SWR_BLENDFACTOR_ZERO, A,
                             SWR_BLENDFACTOR_DST_ALPHA, SWR_BLENDFACTOR_ZERO, 0};
    for (int i = 0; i < E_N; i++)
        b.rt[i].colormask = k_emask[i];
    for (int d = 0; d < 2; d++) {
        swr_context *ctx;
        assert_int_equal(swr_context_create(&fx_descs[d], &ctx), SWR_OK);
        swr_framebuffer fb = {.num_color = E_N};
        uint8_t *mem[E_N];
        uint32_t bpp[E_N];
        for (int i = 0; i < E_N; i++) {
            bpp[i] = tu_format_bpp(k_efmt[i]);
            mem[i] = calloc(W * H, bpp[i]);
            assert_non_null(mem[i]);
            fb.color[i] = (swr_surface){mem[i], W * bpp[i], W, H, k_efmt[i]};
        }
        assert_int_equal(swr_set_framebuffer(ctx, &fb), SWR_OK);
        tu_target tmp = {.ctx = ctx, .w = W, .h = H};
        fx_pipeline(&tmp, SWR_INTERP_LINEAR);
        swr_ps_state ps = {.func = eight_ps, .num_outputs = E_N, .position_unused = true,
                           .barycentrics_unused = true};
        swr_set_ps(ctx, &ps);
        swr_set_blend_state(ctx, &b);
        clear_all_to(ctx, k_eclear);
        draw_full(ctx);

        int bad = 0;
        for (int i = 0; i < E_N; i++) {
            bool unorm = k_efmt[i] == SWR_FORMAT_B8G8R8A8_UNORM ||
                         k_efmt[i] == SWR_FORMAT_R8G8B8A8_UNORM;
            bool bgra = k_efmt[i] == SWR_FORMAT_B8G8R8A8_UNORM;
            uint32_t nch = k_efmt[i] == SWR_FORMAT_R32_FLOAT ? 1 : 4;
            float dst[4];
            for (int c = 0; c < 4; c++)
                dst[c] = unorm ? u8(k_eclear[c]) / 255.0f : k_eclear[c];
            for (uint32_t y = 0; y < H; y++)
                for (uint32_t x = 0; x < W; x++) {
                    const uint8_t *p = mem[i] + ((size_t)y * W + x) * bpp[i];
                    float src[4];
                    for (uint32_t c = 0; c < 4; c++)
                        src[c] = eight_src((uint32_t)i, c, x, y);
                    for (uint32_t c = 0; c < nch; c++) {
                        float want = (k_emask[i] >> c) & 1 ? eight_blend((uint32_t)i, c, src, dst)
                                                           : dst[c];
                        float got, tolv;
                        if (unorm) {
                            got = p[bgra && c < 3 ? 2 - c : c] / 255.0f;
                            want = u8(want) / 255.0f;
                            tolv = 1.5f / 255.0f;
                        } else if (k_efmt[i] == SWR_FORMAT_R16G16B16A16_FLOAT) {
                            uint16_t h;
                            memcpy(&h, p + 2 * c, 2);
                            got = half_to_float(h);
                            tolv = 1e-3f;
                        } else {
                            memcpy(&got, p + 4 * c, 4);
                            tolv = 0;
                        }
                        if (fabsf(got - want) > tolv && bad++ < 6)
                            fprintf(stderr, "eight targets %s: rt %d (%u,%u) ch %u = %g, want %g\n",
                                    fx_desc_names[d], i, x, y, c, got, want);
                    }
                }
        }
        swr_context_destroy(ctx);
        for (int i = 0; i < E_N; i++)
            free(mem[i]);
        assert_int_equal(bad, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mrt_outputs_and_masks),
        cmocka_unit_test(test_dual_source),
        cmocka_unit_test(test_logicop_xor),
        cmocka_unit_test(test_blend_color),
        cmocka_unit_test(test_eight_targets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
