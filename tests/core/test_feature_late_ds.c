/*
 * test_feature_late_ds.c: the late depth/stencil path (after the pixel
 * shader), checked pixel by pixel against values computed here from the GL
 * rules (GL 4.6 §14.9, §17.3; ARB_shader_stencil_export).
 *
 * The pixel shader is a C function of the pixel's window position (x, y),
 * given as an 8-pixel entry (swr_ps_state.func) and, in a second run of
 * every case, also as a batched entry (tile_func) that computes the same
 * per block; the batched run asserts that the engine took it. Each case
 * runs single-threaded and pooled. Per pixel the shader yields:
 *   discard(x, y)  = (3x + 5y) mod 7 < 3  (killed, or alpha 0.25 vs 0.75)
 *   depth(x, y)    = -0.25 + 1.5 (x + 0.5) / W + 0.01 (y mod 4)
 *   stencil(x, y)  = (7x + 13y) | ((x mod 4) << 8)  (bits above 8 set)
 * Cases:
 * - kill with depth and stencil writes, and the alpha test (GREATER 0.5)
 *   with the same: a discarded fragment changes no colour, depth or
 *   stencil (not even the zfail op); live ones get the stencil ops.
 * - shader depth (writes_depth): the depth test and write use the shader's
 *   value, clamped to [0, 1] without depth clamp (also when the viewport's
 *   depth range is narrower) and to [min(n,f), max(n,f)] with depth clamp;
 *   Z32_FLOAT exactly, Z24 as round(z (2^24 - 1)).
 * - shader stencil (writes_stencil): the shader's value masked to 8 bits
 *   is the reference of the stencil test (through the valuemask) and of
 *   REPLACE (through the writemask), on front and back faces (each with
 *   its own face state; the face is read back from the shader's colour).
 * - early tests forced (early_depth_stencil): the shader's depth and
 *   stencil outputs are ignored, the tests ran before it.
 * Rectangles have integer window corners (two triangles; a pixel is
 * covered iff its centre is inside).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "test_feature_common.h"

#define W 64
#define H 32

enum { LDS_PLAIN, LDS_KILL, LDS_ALPHA, LDS_DEPTH, LDS_STENCIL };

typedef struct lds_shader {
    int mode;
    float rgba[4];
} lds_shader;

static atomic_uint g_tile_calls;

static bool discard_at(uint32_t x, uint32_t y) { return (3 * x + 5 * y) % 7 < 3; }

static float depth_at(uint32_t x, uint32_t y)
{
    return -0.25f + 1.5f * ((float)x + 0.5f) / (float)W + 0.01f * (float)(y % 4);
}

static int32_t stencil_at(uint32_t x, uint32_t y)
{
    return (int32_t)((7 * x + 13 * y) | ((x & 3) << 8));
}

/* One lane: colour, depth, stencil outputs; returns false when killed. */
static bool lds_lane(const lds_shader *s, uint32_t x, uint32_t y, uint32_t front,
                     swr_simd_vec4 *color, float *depth, int32_t *stencil, uint32_t l)
{
    for (int c = 0; c < 4; c++)
        color->v[c][l] = s->rgba[c];
    if (s->mode == LDS_ALPHA)
        color->v[3][l] = discard_at(x, y) ? 0.25f : 0.75f;
    if (s->mode == LDS_STENCIL)
        color->v[0][l] = (float)front;
    *depth = depth_at(x, y);
    *stencil = stencil_at(x, y);
    return !(s->mode == LDS_KILL && discard_at(x, y));
}

static void lds_ps(const void *shader, swr_ps_args *a)
{
    for (uint32_t l = 0; l < 8; l++) {
        uint32_t x = a->block_x + (l & 1) + ((l >> 2) << 1), y = a->block_y + ((l >> 1) & 1);
        if (!lds_lane(shader, x, y, a->front_facing, &a->color[0], &a->depth[l], &a->stencil[l], l))
            a->exec_mask &= ~(1u << l);
    }
}

static void lds_ps_tile(const void *shader, swr_ps_tile_args *ta)
{
    atomic_fetch_add(&g_tile_calls, 1);
    for (uint32_t b = 0; b < 8; b++) {
        if (!ta->exec_mask[b])
            continue;
        swr_ps_tile_out *o = &ta->out[b];
        uint32_t bx = ta->tile_x + (b & 1) * 4, by = ta->tile_y + (b >> 1) * 2;
        for (uint32_t l = 0; l < 8; l++) {
            uint32_t x = bx + (l & 1) + ((l >> 2) << 1), y = by + ((l >> 1) & 1);
            if (!lds_lane(shader, x, y, ta->front_facing, &o->color[0], &o->depth[l],
                          &o->stencil[l], l))
                ta->exec_mask[b] &= ~(1u << l);
        }
    }
}

static void bind_ps(swr_context *ctx, const lds_shader *s, bool batched)
{
    swr_ps_state ps = {.func = lds_ps,
                       .tile_func = batched ? lds_ps_tile : NULL,
                       .shader = s,
                       .num_outputs = 1,
                       .can_kill = s->mode == LDS_KILL,
                       .writes_depth = s->mode == LDS_DEPTH,
                       .writes_stencil = s->mode == LDS_STENCIL,
                       .position_unused = true,
                       .barycentrics_unused = true};
    swr_set_ps(ctx, &ps);
}

/* Two triangles covering [x0,x1) x [y0,y1) at window depth z, screen
 * counter-clockwise (ccw) or clockwise. */
static void rect_tris(float x0, float y0, float x1, float y1, float z, bool ccw, fx_vertex out[6])
{
    const float p[6][2] = {{x0, y0}, {x0, y1}, {x1, y0}, {x1, y0}, {x0, y1}, {x1, y1}};
    static const float one[4] = {1, 1, 1, 1};
    for (int k = 0; k < 6; k++) {
        int j = ccw ? k : (k % 3 == 1 ? k + 1 : k % 3 == 2 ? k - 1 : k);
        out[k] = fx_win(W, H, p[j][0], p[j][1], z, one);
    }
}

/* The vertex memory must outlive the draw (until the sync of finish()):
 * a ring of arrays, more than any case draws before it syncs. */
static void draw_rect(swr_context *ctx, float x0, float x1, float z)
{
    static fx_vertex ring[8][6];
    static unsigned next;
    fx_vertex *v = ring[next++ % 8];
    rect_tris(x0, 0, x1, H, z, true, v);
    fx_draw(ctx, SWR_TOPO_TRIANGLES, v, 6);
}

static uint32_t stored_raw(const tu_target *t, uint32_t x, uint32_t y)
{
    uint32_t v;
    memcpy(&v, t->depth + (size_t)y * t->zpitch + (size_t)x * t->zbpp, 4);
    return v;
}

/* The stored depth as the format holds it: float bits as a double, or the
 * 24-bit integer. */
static double stored_depth(const tu_target *t, uint32_t x, uint32_t y)
{
    uint32_t v = stored_raw(t, x, y);
    if (t->zfmt == SWR_FORMAT_Z32_FLOAT) {
        float f;
        memcpy(&f, &v, 4);
        return f;
    }
    return (double)(v & 0xffffff);
}

/* GL's fixed-point conversion of a float depth, or the float itself. */
static double quantize(const tu_target *t, float z)
{
    if (t->zfmt == SWR_FORMAT_Z32_FLOAT)
        return z;
    return nearbyint((double)z * 16777215.0);
}

static uint8_t stored_stencil(const tu_target *t, uint32_t x, uint32_t y)
{
    return (uint8_t)(stored_raw(t, x, y) >> 24);
}

static int check_color(const tu_target *t, uint32_t x, uint32_t y, const float want[4],
                       const char *what)
{
    const float *p = fx_px4(t, x, y);
    for (int c = 0; c < 4; c++)
        if (p[c] != want[c]) {
            fprintf(stderr, "%s: (%u,%u) colour %d = %g, want %g\n", what, x, y, c, p[c], want[c]);
            return 1;
        }
    return 0;
}

static void init_target(tu_target *t, int d, swr_format zfmt, bool batched)
{
    assert_int_equal(tu_target_init(t, &fx_descs[d], W, H, SWR_FORMAT_R32G32B32A32_FLOAT, zfmt),
                     SWR_OK);
    fx_pipeline(t, SWR_INTERP_LINEAR);
    fx_clear(t, 0, 0, 0, 0);
    atomic_store(&g_tile_calls, 0);
    (void)batched;
}

static void finish(tu_target *t, bool batched)
{
    tu_finish(t);
    if (batched)
        assert_true(atomic_load(&g_tile_calls) > 0);
    else
        assert_int_equal(atomic_load(&g_tile_calls), 0);
}

/* ---- discard (kill, alpha test) with depth and stencil writes ------------------------------- */

static int run_discard(int d, bool batched, int mode)
{
    tu_target t;
    init_target(&t, d, SWR_FORMAT_Z24_UNORM_S8_UINT, batched);
    swr_depth_stencil_state dsa = {
        .depth_enabled = true, .depth_writemask = true, .depth_func = SWR_FUNC_LESS};
    dsa.stencil[0] = (swr_stencil_face){true,
                                        SWR_FUNC_ALWAYS,
                                        SWR_STENCIL_OP_INCR,
                                        SWR_STENCIL_OP_INCR,
                                        SWR_STENCIL_OP_REPLACE,
                                        0xff,
                                        0xff};
    swr_set_depth_stencil_state(t.ctx, &dsa);
    /* Left half: plain shader, z 0.25, stencil 5. */
    static const lds_shader plain = {LDS_PLAIN, {1, 0, 0, 1}};
    bind_ps(t.ctx, &plain, batched);
    swr_set_stencil_ref(t.ctx, 5, 5);
    draw_rect(t.ctx, 0, W / 2, 0.25f);
    /* Everything: the discarding shader, z 0.5, stencil ref 9. */
    static const lds_shader disc_kill = {LDS_KILL, {0, 1, 0, 1}};
    static const lds_shader disc_alpha = {LDS_ALPHA, {0, 1, 0, 1}};
    if (mode == LDS_ALPHA) {
        dsa.alpha_enabled = true;
        dsa.alpha_func = SWR_FUNC_GREATER;
        dsa.alpha_ref = 0.5f;
        swr_set_depth_stencil_state(t.ctx, &dsa);
    }
    bind_ps(t.ctx, mode == LDS_ALPHA ? &disc_alpha : &disc_kill, batched);
    swr_set_stencil_ref(t.ctx, 9, 9);
    draw_rect(t.ctx, 0, W, 0.5f);
    finish(&t, batched);

    char what[96];
    snprintf(what, sizeof what, "%s %s %s", mode == LDS_ALPHA ? "alpha test" : "kill",
             batched ? "batched" : "8-pixel", fx_desc_names[d]);
    int bad = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            bool disc = discard_at(x, y), left = x < W / 2;
            float zw;
            int sw;
            float cw[4] = {0, 0, 0, 0};
            if (left) { /* the second draw fails the depth test: zfail INCR when live */
                zw = 0.25f;
                sw = disc ? 5 : 6;
                memcpy(cw, plain.rgba, sizeof cw);
            } else if (disc) {
                zw = 1.0f;
                sw = 0;
            } else {
                zw = 0.5f;
                sw = 9;
                memcpy(cw, disc_kill.rgba, sizeof cw);
                if (mode == LDS_ALPHA)
                    cw[3] = 0.75f;
            }
            double zg = stored_depth(&t, x, y), zq = quantize(&t, zw);
            int sg = stored_stencil(&t, x, y);
            if ((fabs(zg - zq) > 1 || sg != sw) && bad++ < 4)
                fprintf(stderr, "%s: (%u,%u) depth %.0f stencil %d, want %.0f %d\n", what, x, y, zg,
                        sg, zq, sw);
            if (check_color(&t, x, y, cw, what))
                bad++;
        }
    tu_target_free(&t);
    return bad;
}

static void test_kill_depth_stencil(void **state)
{
    (void)state;
    for (int d = 0; d < 2; d++)
        for (int b = 0; b < 2; b++)
            assert_int_equal(run_discard(d, b, LDS_KILL), 0);
}

static void test_alpha_depth_stencil(void **state)
{
    (void)state;
    for (int d = 0; d < 2; d++)
        for (int b = 0; b < 2; b++)
            assert_int_equal(run_discard(d, b, LDS_ALPHA), 0);
}

/* ---- shader depth --------------------------------------------------------------------------- */

/* range_n, range_f: the viewport's depth range; clamp: depth clamp on. */
static int run_shader_depth(int d, bool batched, swr_format zfmt, float range_n, float range_f,
                            bool clamp)
{
    tu_target t;
    init_target(&t, d, zfmt, batched);
    swr_viewport vp = tu_viewport(W, H);
    vp.scale[2] = 0.5f * (range_f - range_n);
    vp.translate[2] = 0.5f * (range_f + range_n);
    swr_set_viewports(t.ctx, 0, 1, &vp);
    swr_rasterizer_state rs = fx_rs();
    rs.depth_clamp = clamp;
    rs.depth_clip_near = rs.depth_clip_far = !clamp;
    swr_set_rasterizer_state(t.ctx, &rs);
    /* Depth 0.5 everywhere: fx_win's z is (z_ndc + 1) / 2, and the window
     * depth is translate + scale z_ndc. */
    float mid = 0.5f;
    float z_ndc_mid = (mid - vp.translate[2]) / vp.scale[2];
    swr_depth_stencil_state dsa = {
        .depth_enabled = true, .depth_writemask = true, .depth_func = SWR_FUNC_ALWAYS};
    swr_set_depth_stencil_state(t.ctx, &dsa);
    static const lds_shader plain = {LDS_PLAIN, {1, 0, 0, 1}};
    bind_ps(t.ctx, &plain, batched);
    draw_rect(t.ctx, 0, W, 0.5f * (z_ndc_mid + 1.0f));
    /* The shader's depth with LESS; the interpolated depth (the range's
     * larger end, z_ndc +1 or -1) would fail everywhere. */
    dsa.depth_func = SWR_FUNC_LESS;
    swr_set_depth_stencil_state(t.ctx, &dsa);
    static const lds_shader sd = {LDS_DEPTH, {0, 1, 0, 1}};
    bind_ps(t.ctx, &sd, batched);
    draw_rect(t.ctx, 0, W, vp.scale[2] > 0 ? 1.0f : 0.0f);
    finish(&t, batched);

    float lo = clamp ? fminf(range_n, range_f) : 0.0f, hi = clamp ? fmaxf(range_n, range_f) : 1.0f;
    char what[128];
    snprintf(what, sizeof what, "shader depth fmt %u range [%g,%g] clamp %d %s %s", zfmt, range_n,
             range_f, clamp, batched ? "batched" : "8-pixel", fx_desc_names[d]);
    int bad = 0, passed = 0, failed = 0;
    double mq = quantize(&t, mid);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            float f = fminf(fmaxf(depth_at(x, y), lo), hi);
            double fq = quantize(&t, f);
            bool pass = fq < mq;
            passed += pass;
            failed += !pass;
            double want = pass ? fq : mq, got = stored_depth(&t, x, y);
            if (got != want && bad++ < 4)
                fprintf(stderr, "%s: (%u,%u) depth %.9g, want %.9g (shader %.9g)\n", what, x, y,
                        got, want, depth_at(x, y));
            if (check_color(&t, x, y, pass ? sd.rgba : plain.rgba, what))
                bad++;
        }
    assert_true(passed > 100 && failed > 100);
    tu_target_free(&t);
    return bad;
}

static void test_shader_depth(void **state)
{
    (void)state;
    static const swr_format fmts[2] = {SWR_FORMAT_Z32_FLOAT, SWR_FORMAT_Z24_UNORM_S8_UINT};
    for (int d = 0; d < 2; d++)
        for (int b = 0; b < 2; b++)
            for (int f = 0; f < 2; f++) {
                assert_int_equal(run_shader_depth(d, b, fmts[f], 0.0f, 1.0f, false), 0);
                assert_int_equal(run_shader_depth(d, b, fmts[f], 0.25f, 0.75f, false), 0);
                assert_int_equal(run_shader_depth(d, b, fmts[f], 0.25f, 0.75f, true), 0);
                assert_int_equal(run_shader_depth(d, b, fmts[f], 0.75f, 0.25f, true), 0);
            }
}

/* ---- shader stencil ------------------------------------------------------------------------- */

/* Stencil ALWAYS with REPLACE on zpass (KEEP otherwise, masks 0xff) on
 * both faces, reference ref; with_depth: depth ALWAYS with writes, else
 * depth off. */
static void set_stencil_always_replace(swr_context *ctx, bool with_depth, uint8_t ref)
{
    swr_depth_stencil_state dsa = {
        .depth_enabled = with_depth, .depth_writemask = with_depth, .depth_func = SWR_FUNC_ALWAYS};
    dsa.stencil[0] = (swr_stencil_face){true,
                                        SWR_FUNC_ALWAYS,
                                        SWR_STENCIL_OP_KEEP,
                                        SWR_STENCIL_OP_KEEP,
                                        SWR_STENCIL_OP_REPLACE,
                                        0xff,
                                        0xff};
    dsa.stencil[1] = dsa.stencil[0];
    swr_set_depth_stencil_state(ctx, &dsa);
    swr_set_stencil_ref(ctx, ref, ref);
}

/* REPLACE with ALWAYS on cleared stencil: the masked shader value. */
static int run_stencil_replace(int d, bool batched)
{
    tu_target t;
    init_target(&t, d, SWR_FORMAT_Z24_UNORM_S8_UINT, batched);
    set_stencil_always_replace(t.ctx, false, 7);
    static const lds_shader ss = {LDS_STENCIL, {0, 1, 0, 1}};
    bind_ps(t.ctx, &ss, batched);
    draw_rect(t.ctx, 0, W, 0.5f);
    finish(&t, batched);
    int bad = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            int want = stencil_at(x, y) & 0xff, got = stored_stencil(&t, x, y);
            if (got != want && bad++ < 4)
                fprintf(stderr, "stencil replace %s %s: (%u,%u) stencil %d, want %d\n",
                        batched ? "batched" : "8-pixel", fx_desc_names[d], x, y, got, want);
        }
    tu_target_free(&t);
    return bad;
}

/* Early fragment tests forced (swr_ps_state.early_depth_stencil): the
 * tests and updates happen before the shader runs, so its depth and
 * stencil outputs have no effect (ARB_shader_image_load_store's
 * early_fragment_tests): depth ALWAYS with writes stores the interpolated
 * 0.5, stencil REPLACE stores the state's reference 7. */
static int run_early_ignores_outputs(int d, bool batched)
{
    tu_target t;
    init_target(&t, d, SWR_FORMAT_Z24_UNORM_S8_UINT, batched);
    set_stencil_always_replace(t.ctx, true, 7);
    static const lds_shader ss = {LDS_STENCIL, {0, 1, 0, 1}};
    swr_ps_state ps = {.func = lds_ps,
                       .tile_func = batched ? lds_ps_tile : NULL,
                       .shader = &ss,
                       .num_outputs = 1,
                       .writes_depth = true,
                       .writes_stencil = true,
                       .early_depth_stencil = true,
                       .position_unused = true,
                       .barycentrics_unused = true};
    swr_set_ps(t.ctx, &ps);
    draw_rect(t.ctx, 0, W, 0.5f);
    finish(&t, batched);
    int bad = 0;
    const double zw = quantize(&t, 0.5f);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            int got = stored_stencil(&t, x, y);
            double zg = stored_depth(&t, x, y);
            if ((got != 7 || zg != zw) && bad++ < 4)
                fprintf(stderr, "early tests %s %s: (%u,%u) stencil %d depth %.0f, want 7 %.0f\n",
                        batched ? "batched" : "8-pixel", fx_desc_names[d], x, y, got, zg, zw);
        }
    tu_target_free(&t);
    return bad;
}

/* The shader's reference in the test (LESS through valuemask 0xfe) and in
 * zfail/zpass REPLACE (writemask 0x7f) over stencil 100, depth 0.5; the
 * left half fails the depth test, the right half passes it. */
static int run_stencil_test(int d, bool batched)
{
    tu_target t;
    init_target(&t, d, SWR_FORMAT_Z24_UNORM_S8_UINT, batched);
    set_stencil_always_replace(t.ctx, true, 100);
    static const lds_shader plain = {LDS_PLAIN, {1, 0, 0, 1}};
    bind_ps(t.ctx, &plain, batched);
    draw_rect(t.ctx, 0, W, 0.5f);

    swr_depth_stencil_state dsa = {
        .depth_enabled = true, .depth_writemask = true, .depth_func = SWR_FUNC_LESS};
    dsa.stencil[0] = (swr_stencil_face){
        true, SWR_FUNC_LESS, SWR_STENCIL_OP_INCR, SWR_STENCIL_OP_REPLACE, SWR_STENCIL_OP_REPLACE,
        0xfe, 0x7f};
    swr_set_depth_stencil_state(t.ctx, &dsa);
    swr_set_stencil_ref(t.ctx, 255, 255); /* would pass nowhere: 254 < s fails for s <= 254 */
    static const lds_shader ss = {LDS_STENCIL, {0, 1, 0, 1}};
    bind_ps(t.ctx, &ss, batched);
    static fx_vertex v[12];
    rect_tris(0, 0, W / 2, H, 0.75f, true, v);
    rect_tris(W / 2, 0, W, H, 0.25f, true, v + 6);
    fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 12);
    finish(&t, batched);

    int bad = 0, spass = 0, sfail = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const int s0 = 100, wm = 0x7f, r = stencil_at(x, y) & 0xff;
            bool left = x < W / 2, st = (r & 0xfe) < (s0 & 0xfe);
            spass += st;
            sfail += !st;
            int sw = st ? (s0 & ~wm) | (r & wm) : (s0 & ~wm) | ((s0 + 1) & wm);
            bool drawn = st && !left;
            double zw = quantize(&t, drawn ? 0.25f : 0.5f), zg = stored_depth(&t, x, y);
            int sg = stored_stencil(&t, x, y);
            if ((sg != sw || fabs(zg - zw) > 1) && bad++ < 4)
                fprintf(stderr, "stencil test %s %s: (%u,%u) stencil %d depth %.0f, want %d %.0f\n",
                        batched ? "batched" : "8-pixel", fx_desc_names[d], x, y, sg, zg, sw, zw);
            float cw[4] = {0, 1, 0, 1};
            if (!drawn)
                memcpy(cw, plain.rgba, sizeof cw);
            else
                cw[0] = fx_px4(&t, x, y)[0]; /* the facing flag */
            if (check_color(&t, x, y, cw, "stencil test"))
                bad++;
        }
    assert_true(spass > 100 && sfail > 100);
    tu_target_free(&t);
    return bad;
}

/* Both faces: front REPLACE through writemask 0x0f, back through 0xf0;
 * the left half drawn counter-clockwise, the right half clockwise. */
static int run_stencil_faces(int d, bool batched)
{
    tu_target t;
    init_target(&t, d, SWR_FORMAT_Z24_UNORM_S8_UINT, batched);
    swr_depth_stencil_state dsa = {.depth_func = SWR_FUNC_ALWAYS};
    dsa.stencil[0] = (swr_stencil_face){true,
                                        SWR_FUNC_ALWAYS,
                                        SWR_STENCIL_OP_KEEP,
                                        SWR_STENCIL_OP_KEEP,
                                        SWR_STENCIL_OP_REPLACE,
                                        0xff,
                                        0x0f};
    dsa.stencil[1] = dsa.stencil[0];
    dsa.stencil[1].writemask = 0xf0;
    swr_set_depth_stencil_state(t.ctx, &dsa);
    swr_set_stencil_ref(t.ctx, 0x33, 0xcc);
    static const lds_shader ss = {LDS_STENCIL, {0, 1, 0, 1}};
    bind_ps(t.ctx, &ss, batched);
    static fx_vertex v[12];
    rect_tris(0, 0, W / 2, H, 0.5f, true, v);
    rect_tris(W / 2, 0, W, H, 0.5f, false, v + 6);
    fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 12);
    finish(&t, batched);

    int bad = 0;
    float left_front = fx_px4(&t, 0, 0)[0], right_front = fx_px4(&t, W - 1, 0)[0];
    if (left_front == right_front) {
        fprintf(stderr, "stencil faces: both halves have facing %g\n", left_front);
        bad++;
    }
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            bool front = fx_px4(&t, x, y)[0] == 1.0f;
            if (fx_px4(&t, x, y)[0] != (x < W / 2 ? left_front : right_front) && bad++ < 4)
                fprintf(stderr, "stencil faces: (%u,%u) facing differs within a half\n", x, y);
            int want = stencil_at(x, y) & (front ? 0x0f : 0xf0), got = stored_stencil(&t, x, y);
            if (got != want && bad++ < 4)
                fprintf(stderr, "stencil faces %s %s: (%u,%u) %s stencil %d, want %d\n",
                        batched ? "batched" : "8-pixel", fx_desc_names[d], x, y,
                        front ? "front" : "back", got, want);
        }
    tu_target_free(&t);
    return bad;
}

static void test_shader_stencil(void **state)
{
    (void)state;
    for (int d = 0; d < 2; d++)
        for (int b = 0; b < 2; b++) {
            assert_int_equal(run_stencil_replace(d, b), 0);
            assert_int_equal(run_stencil_test(d, b), 0);
            assert_int_equal(run_stencil_faces(d, b), 0);
            assert_int_equal(run_early_ignores_outputs(d, b), 0);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kill_depth_stencil),
        cmocka_unit_test(test_alpha_depth_stencil),
        cmocka_unit_test(test_shader_depth),
        cmocka_unit_test(test_shader_stencil),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
