/*
 * test_feature_depth_modes.c: depth clamp with a depth range other than
 * [0, 1], D3D-style clip_halfz, and polygon offset units in window-z units
 * (offset_units_unscaled), against depths computed here from the GL /
 * Gallium rules.
 *
 * Geometry: a rectangle over the whole W x H target (two triangles, w = 1)
 * whose NDC z is linear in window x: z_ndc(x) = za + (zb - za) x / W, so at
 * pixel centre x + 0.5 the window depth is translate + scale z_ndc
 * (viewport, GL 4.6 §13.8.1; with clip_halfz the depth range [n, f] is
 * translate = n, scale = f - n, otherwise translate = (n + f) / 2,
 * scale = (f - n) / 2).
 * - depth clamp (clipping at near/far off): every pixel is drawn, with the
 *   depth clamped to [min(n, f), max(n, f)] (GL 4.6 §17.3.4), also for a
 *   reversed range; once with depth ALWAYS and once with LESS into BGRA8
 *   (the backend's specialised full-tile early-depth path);
 * - depth clipping: a pixel is drawn iff -w <= z <= w (0 <= z <= w with
 *   clip_halfz) at its centre; the z range is chosen so that the clip
 *   points fall on pixel edges at exact fixed-point positions (W / 4,
 *   W / 2, 3W / 4), the drawn depths are unclamped; one halfz case is cut
 *   by the near plane z = 0 only (inside the GL volume everywhere);
 * - offset_units_unscaled: o = factor * m + units, units added as they are
 *   (not times the format's r), on a plane of slope m = 1/256 per pixel.
 * Stored depths: Z32_FLOAT within 1e-6, Z24 within 2 units of the 24-bit
 * value. Each case runs single-threaded and pooled.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test_feature_common.h"

#define W 64
#define H 16

static double tol(const tu_target *t) { return t->zfmt == SWR_FORMAT_Z32_FLOAT ? 1e-6 : 2.0; }

typedef struct zcase {
    float n, f;       /* depth range */
    bool halfz, clamp;
    float za, zb;     /* NDC z at window x = 0 and x = W */
} zcase;

/* Draws the rectangle with depth ALWAYS + writes over depth 0 and colour 0
 * (PS colour 1) and checks every pixel. less_bgra8: instead depth LESS
 * over depth 1 into a B8G8R8A8 target, the state of the backend's
 * specialised full-tile path (early depth of whole 8x8 tiles), which must
 * clamp too. */
static int run_zcase(const swr_context_desc *desc, swr_format zfmt, const zcase *c, bool less_bgra8)
{
    tu_target t;
    assert_int_equal(
        tu_target_init(&t, desc, W, H,
                       less_bgra8 ? SWR_FORMAT_B8G8R8A8_UNORM : SWR_FORMAT_R32G32B32A32_FLOAT,
                       zfmt),
        SWR_OK);
    fx_pipeline(&t, SWR_INTERP_LINEAR);
    swr_viewport vp = tu_viewport(W, H);
    vp.translate[2] = c->halfz ? c->n : 0.5f * (c->n + c->f);
    vp.scale[2] = c->halfz ? c->f - c->n : 0.5f * (c->f - c->n);
    swr_set_viewports(t.ctx, 0, 1, &vp);
    swr_rasterizer_state rs = fx_rs();
    rs.clip_halfz = c->halfz;
    rs.depth_clamp = c->clamp;
    rs.depth_clip_near = rs.depth_clip_far = !c->clamp;
    swr_set_rasterizer_state(t.ctx, &rs);
    swr_depth_stencil_state dsa = {.depth_enabled = true,
                                   .depth_writemask = true,
                                   .depth_func = less_bgra8 ? SWR_FUNC_LESS : SWR_FUNC_ALWAYS};
    swr_set_depth_stencil_state(t.ctx, &dsa);
    static const float one[4] = {1, 1, 1, 1};
    fx_vertex v[6];
    const float p[6][2] = {{0, 0}, {0, H}, {W, 0}, {W, 0}, {0, H}, {W, H}};
    for (int k = 0; k < 6; k++) {
        v[k] = fx_win(W, H, p[k][0], p[k][1], 0, one);
        v[k].pos[2] = p[k][0] == 0 ? c->za : c->zb;
    }
    const float clear[4] = {0, 0, 0, 0};
    tu_clear(&t, clear, less_bgra8 ? 1.0 : 0.0);
    fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 6);
    tu_finish(&t);

    double lo = fmin(c->n, c->f), hi = fmax(c->n, c->f);
    int bad = 0, drawn_count = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            double zn = c->za + (c->zb - c->za) * (x + 0.5) / W;
            double zw = (double)vp.translate[2] + (double)vp.scale[2] * zn;
            bool inside = zn <= 1.0 && zn >= (c->halfz ? 0.0 : -1.0);
            bool want_drawn = c->clamp || inside;
            double want = !want_drawn ? 0.0 : c->clamp ? fmin(fmax(zw, lo), hi) : zw;
            bool drawn = less_bgra8 ? t.color[(size_t)y * t.cpitch + (size_t)x * 4] == 255
                                    : fx_px4(&t, x, y)[0] == 1.0f;
            drawn_count += drawn;
            double got = fx_stored_depth(&t, x, y), wq = fx_expect_depth(&t, want);
            if ((drawn != want_drawn || fabs(got - wq) > tol(&t)) && bad++ < 4)
                fprintf(stderr,
                        "range [%g,%g] halfz %d clamp %d fmt %u: (%u,%u) z_ndc %.4f drawn %d "
                        "depth %.9g, want drawn %d depth %.9g\n",
                        c->n, c->f, c->halfz, c->clamp, zfmt, x, y, zn, drawn, got, want_drawn,
                        wq);
        }
    assert_true(drawn_count >= W * H / 2);
    tu_target_free(&t);
    return bad;
}

static void test_depth_clamp_range(void **state)
{
    (void)state;
    static const zcase cases[] = {
        {0.25f, 0.75f, false, true, -2.0f, 2.0f},
        {0.75f, 0.25f, false, true, -2.0f, 2.0f}, /* reversed range */
        {0.25f, 0.75f, true, true, -0.5f, 1.5f},  /* halfz: range [n, f] from z_ndc 0..1 */
        {0.1f, 0.6f, true, true, -1.0f, 2.0f},
    };
    static const swr_format fmts[2] = {SWR_FORMAT_Z32_FLOAT, SWR_FORMAT_Z24_UNORM_S8_UINT};
    for (int d = 0; d < 2; d++)
        for (int f = 0; f < 2; f++)
            for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
                for (int less = 0; less < 2; less++)
                    assert_int_equal(run_zcase(&fx_descs[d], fmts[f], &cases[i], less), 0);
}

static void test_clip_halfz(void **state)
{
    (void)state;
    /* Clip points at x = W/4, W/2 or 3W/4 (exact fractions of the edge). */
    static const zcase cases[] = {
        {0.25f, 0.75f, true, false, -0.5f, 1.5f},  /* drawn where 0 <= z_ndc <= 1 */
        {0.25f, 0.75f, true, false, -1.0f, 1.0f},  /* only the halfz near plane cuts */
        {0.25f, 0.75f, false, false, -2.0f, 2.0f}, /* the GL volume, for contrast */
        {0.0f, 1.0f, true, false, -0.5f, 1.5f},
    };
    static const swr_format fmts[2] = {SWR_FORMAT_Z32_FLOAT, SWR_FORMAT_Z24_UNORM_S8_UINT};
    for (int d = 0; d < 2; d++)
        for (int f = 0; f < 2; f++)
            for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
                assert_int_equal(run_zcase(&fx_descs[d], fmts[f], &cases[i], false), 0);
}

/* ---- offset_units_unscaled ------------------------------------------------------------------- */

#define Z0 0.25
#define SLOPE (1.0 / 256) /* window z per pixel along x */

static int run_offset(const swr_context_desc *desc, swr_format zfmt, float factor, float units,
                      bool unscaled)
{
    tu_target t;
    assert_int_equal(tu_target_init(&t, desc, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, zfmt), SWR_OK);
    fx_pipeline(&t, SWR_INTERP_LINEAR);
    swr_rasterizer_state rs = fx_rs();
    rs.offset_tri = true;
    rs.offset_scale = factor;
    rs.offset_units = units;
    rs.offset_units_unscaled = unscaled;
    swr_set_rasterizer_state(t.ctx, &rs);
    swr_depth_stencil_state dsa = {.depth_enabled = true, .depth_writemask = true,
                                   .depth_func = SWR_FUNC_ALWAYS};
    swr_set_depth_stencil_state(t.ctx, &dsa);
    static const float one[4] = {1, 1, 1, 1};
    fx_vertex v[6];
    const float p[6][2] = {{0, 0}, {0, H}, {W, 0}, {W, 0}, {0, H}, {W, H}};
    for (int k = 0; k < 6; k++)
        v[k] = fx_win(W, H, p[k][0], p[k][1], (float)(Z0 + SLOPE * p[k][0]), one);
    fx_clear(&t, 0, 0, 0, 0);
    fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 6);
    tu_finish(&t);

    double r = zfmt == SWR_FORMAT_Z32_FLOAT ? 1.0 / 16777216.0 : 1.0 / 16777215.0;
    double o = factor * SLOPE + units * (unscaled ? 1.0 : r);
    int bad = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            double want = fx_expect_depth(&t, Z0 + SLOPE * (x + 0.5) + o);
            double got = fx_stored_depth(&t, x, y);
            if (fabs(got - want) > tol(&t) && bad++ < 4)
                fprintf(stderr, "offset factor %g units %g unscaled %d fmt %u: (%u,%u) depth %.9g, "
                                "want %.9g\n",
                        factor, units, unscaled, zfmt, x, y, got, want);
        }
    tu_target_free(&t);
    return bad;
}

static void test_offset_units_unscaled(void **state)
{
    (void)state;
    static const swr_format fmts[2] = {SWR_FORMAT_Z32_FLOAT, SWR_FORMAT_Z24_UNORM_S8_UINT};
    for (int d = 0; d < 2; d++)
        for (int f = 0; f < 2; f++) {
            assert_int_equal(run_offset(&fx_descs[d], fmts[f], 0, 0.125f, true), 0);
            assert_int_equal(run_offset(&fx_descs[d], fmts[f], 0, -0.0625f, true), 0);
            assert_int_equal(run_offset(&fx_descs[d], fmts[f], 2, 0.25f, true), 0);
            /* Scaled, for contrast: units times r. */
            assert_int_equal(run_offset(&fx_descs[d], fmts[f], 0, 1000.0f, false), 0);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_depth_clamp_range),
        cmocka_unit_test(test_clip_halfz),
        cmocka_unit_test(test_offset_units_unscaled),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
