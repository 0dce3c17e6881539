/*
 * test_feature_polygon_offset.c: polygon offset (GL 4.6 §14.6.5).
 *
 * A triangle whose window depth is the known plane
 *   z(x, y) = z0 + A (x - 4.5) + B (y - 4.5),  A = 1/256, B = -1/512
 * (so m = max(|dz/dx|, |dz/dy|) = 1/256) is drawn with depth test ALWAYS
 * and depth writes on. At every pixel it covers, the stored depth must be
 *   z(pixel centre) + o,  o = factor * m + units * r,
 * then o clamped: min(o, clamp) for clamp > 0, max(o, clamp) for clamp < 0.
 * r = 1 / (2^24 - 1) for Z24_UNORM_S8_UINT; for Z32_FLOAT, 2^-24, the value
 * rasterizer/rast_state.c documents (GL's exact rule would use the
 * primitive's exponent; the engine picks the spacing just below 1.0).
 * Z32_FLOAT is compared within 1e-6 (float plane evaluation), Z24 within
 * 2 units of the 24-bit value; the offsets tested are far larger.
 * offset_tri off gives no offset; in polygon mode LINE, offset_line (not
 * offset_tri) applies, with the triangle's slope: checked on the two axis-
 * aligned edges, whose line depth equals the plane's at pixel centres.
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
#define H 64
#define Z0 0.4
#define SLOPE_A (1.0 / 256)
#define SLOPE_B (-1.0 / 512)

static double plane_z(double x, double y)
{
    return Z0 + SLOPE_A * (x - 4.5) + SLOPE_B * (y - 4.5);
}

static double tolerance(const tu_target *t)
{
    return t->zfmt == SWR_FORMAT_Z32_FLOAT ? 1e-6 : 2.0;
}

static double unit_r(const tu_target *t)
{
    return t->zfmt == SWR_FORMAT_Z32_FLOAT ? 1.0 / 16777216.0 : 1.0 / 16777215.0;
}

static void draw_tri(tu_target *t, const swr_rasterizer_state *rs)
{
    const float white[4] = {1, 1, 1, 1};
    fx_vertex v[3] = {
        fx_win(W, H, 4.5f, 4.5f, (float)plane_z(4.5, 4.5), white),
        fx_win(W, H, 60.5f, 4.5f, (float)plane_z(60.5, 4.5), white),
        fx_win(W, H, 4.5f, 60.5f, (float)plane_z(4.5, 60.5), white),
    };
    fx_pipeline(t, SWR_INTERP_LINEAR);
    swr_set_rasterizer_state(t->ctx, rs);
    swr_depth_stencil_state dsa = {.depth_enabled = true, .depth_writemask = true,
                                   .depth_func = SWR_FUNC_ALWAYS};
    swr_set_depth_stencil_state(t->ctx, &dsa);
    fx_clear(t, 0, 0, 0, 0);
    fx_draw(t->ctx, SWR_TOPO_TRIANGLES, v, 3);
    tu_finish(t);
}

/* Filled: every written pixel has the offset depth; pixels clearly inside
 * are written. Returns the number of wrong pixels. */
static int check_filled(const tu_target *t, double off, const char *what)
{
    int bad = 0, inside = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            double cx = x + 0.5, cy = y + 0.5;
            bool written = fx_px4(t, x, y)[0] == 1.0f;
            bool clearly_in = cx > 5.5 && cy > 5.5 && cx + cy < 64.0;
            if (clearly_in && !written && bad++ < 4)
                fprintf(stderr, "%s: (%u, %u) not drawn\n", what, x, y);
            if (!written)
                continue;
            inside++;
            double want = fx_expect_depth(t, plane_z(cx, cy) + off);
            double got = fx_stored_depth(t, x, y);
            if (fabs(got - want) > tolerance(t) && bad++ < 4)
                fprintf(stderr, "%s: (%u, %u) depth %.9g, want %.9g\n", what, x, y, got, want);
        }
    assert_true(inside > 1000);
    return bad;
}

typedef struct offset_case {
    float factor, units, clamp;
    bool tri_enable;
    double want_slope_mult, want_units; /* expected o = want_slope_mult * m + want_units * r, then clamp */
} offset_case;

static void run_filled(const swr_context_desc *desc, swr_format zfmt)
{
    tu_target t;
    assert_int_equal(tu_target_init(&t, desc, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, zfmt), SWR_OK);
    const float u = zfmt == SWR_FORMAT_Z32_FLOAT ? 1000.0f : 40.0f;
    const offset_case cases[] = {
        {0, 0, 0, true, 0, 0},
        {2, 0, 0, true, 2, 0},
        {0, u, 0, true, 0, u},
        {1, u, 0, true, 1, u},
        {-2, -u, 0, true, -2, -u},
        {4, 0, 0.01f, true, 4, 0},   /* 4/256 clamped to 0.01 */
        {-4, 0, -0.01f, true, -4, 0}, /* -4/256 clamped to -0.01 */
        {2, u, 0, false, 0, 0},       /* offset_tri off */
    };
    int bad = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const offset_case *c = &cases[i];
        swr_rasterizer_state rs = fx_rs();
        rs.offset_tri = c->tri_enable;
        rs.offset_line = rs.offset_point = true; /* must not matter when filled */
        rs.offset_scale = c->factor;
        rs.offset_units = c->units;
        rs.offset_clamp = c->clamp;
        draw_tri(&t, &rs);
        double o = c->want_slope_mult * SLOPE_A + c->want_units * unit_r(&t);
        if (c->clamp > 0)
            o = fmin(o, c->clamp);
        else if (c->clamp < 0)
            o = fmax(o, c->clamp);
        char what[128];
        snprintf(what, sizeof what, "fmt %u factor %g units %g clamp %g tri %d", zfmt, c->factor,
                 c->units, c->clamp, c->tri_enable);
        bad += check_filled(&t, o, what);
    }
    tu_target_free(&t);
    assert_int_equal(bad, 0);
}

static void test_offset_z32f(void **state)
{
    (void)state;
    for (int d = 0; d < 2; d++)
        run_filled(&fx_descs[d], SWR_FORMAT_Z32_FLOAT);
}

static void test_offset_z24s8(void **state)
{
    (void)state;
    for (int d = 0; d < 2; d++)
        run_filled(&fx_descs[d], SWR_FORMAT_Z24_UNORM_S8_UINT);
}

/* Polygon mode LINE: the top edge (row 4) and the left edge (column 4) are
 * drawn; their depth carries the triangle-slope offset iff offset_line. */
static void test_offset_line_mode(void **state)
{
    (void)state;
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT,
                                    SWR_FORMAT_Z32_FLOAT),
                     SWR_OK);
    int bad = 0;
    for (int mode = 0; mode < 2; mode++) {
        swr_rasterizer_state rs = fx_rs();
        rs.fill_front = rs.fill_back = SWR_FILL_LINE;
        rs.offset_line = mode == 0;
        rs.offset_tri = mode == 1; /* applies to filled polygons only */
        rs.offset_scale = 2;
        rs.offset_units = 1000;
        draw_tri(&t, &rs);
        double o = mode == 0 ? 2 * SLOPE_A + 1000.0 / 16777216.0 : 0.0;
        for (uint32_t k = 5; k < 58; k++) {
            const uint32_t px[2][2] = {{k, 4}, {4, k}};
            for (int e = 0; e < 2; e++) {
                uint32_t x = px[e][0], y = px[e][1];
                if (fx_px4(&t, x, y)[0] != 1.0f) {
                    if (bad++ < 4)
                        fprintf(stderr, "line mode %d: edge pixel (%u, %u) not drawn\n", mode, x, y);
                    continue;
                }
                double want = plane_z(x + 0.5, y + 0.5) + o, got = fx_stored_depth(&t, x, y);
                if (fabs(got - want) > 1e-6 && bad++ < 4)
                    fprintf(stderr, "line mode %d: (%u, %u) depth %.9g, want %.9g\n", mode, x, y,
                            got, want);
            }
        }
        /* the interior stays empty */
        for (uint32_t y = 10; y < 40; y++)
            for (uint32_t x = 10; x < 40 - (y - 10); x++)
                if (fx_px4(&t, x, y)[0] != 0.0f && bad++ < 4)
                    fprintf(stderr, "line mode %d: interior (%u, %u) drawn\n", mode, x, y);
    }
    tu_target_free(&t);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_offset_z32f),
        cmocka_unit_test(test_offset_z24s8),
        cmocka_unit_test(test_offset_line_mode),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
