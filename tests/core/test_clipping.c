/*
 * test_clipping.c: primitives that need clipping, checked against analytic
 * answers (the scalar reference renderer does not clip).
 *
 * Homogeneous coverage oracle: for a triangle with clip-space vertices
 * A, B, C and a pixel whose centre is at NDC (xn, yn), let M = [A B C]
 * restricted to the (x, y, w) rows and u = M^-1 (xn, yn, 1). A point
 * a A + b B + c C (a + b + c = 1) projects onto the pixel iff
 * (a, b, c) = Wc * u with Wc = 1 / (u0 + u1 + u2) its clip w; it is in
 * front of the eye (Wc > 0) and inside the triangle (a, b, c >= 0) iff all
 * u_i >= 0. Each u_i is linear in (xn, yn), so its sign is constant unless
 * the line u_i = 0 crosses the pixel: a pixel is "clearly inside" when the
 * test holds at its four corners (widened by 0.1 px) and "clearly outside"
 * when it fails at all four for the same i. Only those pixels are checked
 * (z = 0 everywhere, so near/far never cut these triangles).
 *
 * Cases: random triangles with vertices behind the eye (w < 0), w = 0 and
 * far outside the guard band, each against the oracle; a viewport-covering
 * triangle with vertices at +-1e6 (every pixel covered, colour = the
 * analytic linear function within 1/255); depth clip vs clamp at the far and
 * near planes; and a fuzz batch with +-1e6, +-1e30, NaN and Inf coordinates
 * (no crash, no hang, the engine keeps working).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

#define W 96
#define H 80

static bool invert3(const double m[3][3], double inv[3][3])
{
    double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                 m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                 m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    if (fabs(det) < 1e-12)
        return false;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            int i1 = (j + 1) % 3, i2 = (j + 2) % 3, j1 = (i + 1) % 3, j2 = (i + 2) % 3;
            inv[i][j] = (m[i1][j1] * m[i2][j2] - m[i1][j2] * m[i2][j1]) / det;
        }
    return true;
}

/* 1: clearly inside, -1: clearly outside, 0: undecided. */
static int classify(const double inv[3][3], double px, double py)
{
    int inside_all = 1;
    int out_by[3] = {1, 1, 1};
    for (int c = 0; c < 4; c++) {
        double wx = px + ((c & 1) ? 1.1 : -0.1), wy = py + ((c & 2) ? 1.1 : -0.1);
        double xn = (wx - W / 2.0) / (W / 2.0), yn = -(wy - H / 2.0) / (H / 2.0);
        for (int i = 0; i < 3; i++) {
            double u = inv[i][0] * xn + inv[i][1] * yn + inv[i][2];
            if (u < 0)
                inside_all = 0;
            else
                out_by[i] = 0;
        }
    }
    if (inside_all)
        return 1;
    return (out_by[0] || out_by[1] || out_by[2]) ? -1 : 0;
}

static void draw_tris(tu_target *t, const tu_vertex *v, uint32_t n)
{
    tu_bind_vertices(t->ctx, v, n);
    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = n};
    assert_int_equal(swr_draw(t->ctx, &d), SWR_OK);
    swr_store_tiles(t->ctx, false);
    swr_fence f = swr_fence_submit(t->ctx);
    assert_int_equal(swr_fence_wait(t->ctx, f, 20ull * 1000 * 1000 * 1000), SWR_OK);
}

static const float *pixel_f(const tu_target *t, uint32_t x, uint32_t y)
{
    return (const float *)(t->color + (size_t)y * t->cpitch) + 4 * x;
}

/* Random triangles crossing w = 0 and the guard band vs the oracle. */
static void test_homogeneous_random(void **state)
{
    (void)state;
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                     SWR_OK);
    tu_pipeline(&t, SWR_INTERP_PERSPECTIVE);
    uint64_t seed = 5;
    int checked_in = 0, checked_out = 0, behind = 0;
    for (int iter = 0; iter < 300; iter++) {
        tu_vertex v[3];
        double m[3][3];
        for (int k = 0; k < 3; k++) {
            float w = tu_randf(&seed, -1.5f, 2.0f);
            if (iter % 10 == 0 && k == 0)
                w = 0.0f;
            float range = (iter % 3 == 0) ? 1e5f : 2.5f;
            float x = tu_randf(&seed, -range, range), y = tu_randf(&seed, -range, range);
            v[k] = (tu_vertex){{x, y, 0, w}, {1, 1, 1, 1}};
            m[0][k] = x, m[1][k] = y, m[2][k] = w;
            behind += w < 0;
        }
        double inv[3][3];
        if (!invert3(m, inv))
            continue;
        const float clear[4] = {0, 0, 0, 0};
        tu_clear(&t, clear, 1.0);
        draw_tris(&t, v, 3);
        int bad = 0;
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++) {
                int c = classify(inv, x, y);
                bool drawn = pixel_f(&t, x, y)[0] != 0.0f;
                if (c == 1) {
                    checked_in++;
                    if (!drawn && bad++ < 3)
                        fprintf(stderr, "iter %d: pixel (%u, %u) should be covered\n", iter, x, y);
                } else if (c == -1) {
                    checked_out++;
                    if (drawn && bad++ < 3)
                        fprintf(stderr, "iter %d: pixel (%u, %u) should not be covered\n", iter, x, y);
                }
            }
        if (bad) {
            fprintf(stderr, "iter %d: %d wrong pixels; vertices:", iter, bad);
            for (int k = 0; k < 3; k++)
                fprintf(stderr, " (%g %g %g %g)", v[k].pos[0], v[k].pos[1], v[k].pos[2], v[k].pos[3]);
            fprintf(stderr, "\n");
        }
        assert_int_equal(bad, 0);
    }
    assert_true(checked_in > 10000 && checked_out > 10000 && behind > 100);
    tu_target_free(&t);
}

/* One vertex behind the eye, a fixed case with both sides checked. */
static void test_behind_eye(void **state)
{
    (void)state;
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                     SWR_OK);
    tu_pipeline(&t, SWR_INTERP_PERSPECTIVE);
    /* A floor receding to the horizon: two vertices in front, one behind. */
    tu_vertex v[3] = {{{-0.8f, -0.5f, 0, 1}, {1, 1, 1, 1}},
                      {{0.8f, -0.5f, 0, 1}, {1, 1, 1, 1}},
                      {{0.0f, 0.6f, 0, -0.5f}, {1, 1, 1, 1}}};
    double m[3][3], inv[3][3];
    for (int k = 0; k < 3; k++)
        m[0][k] = v[k].pos[0], m[1][k] = v[k].pos[1], m[2][k] = v[k].pos[3];
    assert_true(invert3(m, inv));
    const float clear[4] = {0, 0, 0, 0};
    tu_clear(&t, clear, 1.0);
    draw_tris(&t, v, 3);
    int in = 0, out = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            int c = classify(inv, x, y);
            bool drawn = pixel_f(&t, x, y)[0] != 0.0f;
            if (c == 1) {
                in++;
                assert_true(drawn);
            } else if (c == -1) {
                out++;
                assert_false(drawn);
            }
        }
    fprintf(stderr, "behind eye: %d pixels clearly inside, %d clearly outside\n", in, out);
    assert_true(in > 500 && out > 500);
    tu_target_free(&t);
}

/* A triangle with vertices at +-1e6 covering the viewport; colour is an
 * affine function of NDC position, so interpolation must reproduce it. */
static void test_huge_triangle(void **state)
{
    (void)state;
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                     SWR_OK);
    const float P[3][2] = {{-1e6f, -1e6f}, {1e6f, -1e6f}, {0.0f, 1e6f}};
    for (int interp = 0; interp < 2; interp++) {
        tu_pipeline(&t, interp ? SWR_INTERP_LINEAR : SWR_INTERP_PERSPECTIVE);
        tu_vertex v[3];
        for (int k = 0; k < 3; k++) {
            float x = P[k][0], y = P[k][1];
            v[k] = (tu_vertex){{x, y, 0, 1},
                               {0.5f + 0.1f * x, 0.5f + 0.05f * y, 0.5f - 0.1f * x + 0.05f * y, 1}};
        }
        const float clear[4] = {-1, -1, -1, -1};
        tu_clear(&t, clear, 1.0);
        draw_tris(&t, v, 3);
        int bad = 0;
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++) {
                double xn = (x + 0.5 - W / 2.0) / (W / 2.0), yn = -(y + 0.5 - H / 2.0) / (H / 2.0);
                double want[3] = {0.5 + 0.1 * xn, 0.5 + 0.05 * yn, 0.5 - 0.1 * xn + 0.05 * yn};
                const float *p = pixel_f(&t, x, y);
                for (int c = 0; c < 3; c++)
                    if (!(fabs(p[c] - want[c]) <= 1.0 / 255) && bad++ < 5)
                        fprintf(stderr, "huge triangle (interp %d): pixel (%u, %u) c%d = %g, want %g\n",
                                interp, x, y, c, p[c], want[c]);
            }
        assert_int_equal(bad, 0);
    }
    tu_target_free(&t);
}

/* Full-screen quad whose z_ndc runs from z_left to z_right (w = 1). With
 * the plane clipped, pixels past it stay cleared; with clipping off, every
 * pixel is drawn and depth is clamped to [0, 1]. */
static void check_depth_plane(bool far_plane, bool clip)
{
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_Z32_FLOAT),
                     SWR_OK);
    tu_pipeline(&t, SWR_INTERP_PERSPECTIVE);
    swr_rasterizer_state rs = {.front_ccw = true, .depth_clip_near = true, .depth_clip_far = true,
                               .half_pixel_center = true, .point_size = 1, .line_width = 1};
    if (far_plane)
        rs.depth_clip_far = clip;
    else
        rs.depth_clip_near = clip;
    swr_set_rasterizer_state(t.ctx, &rs);
    swr_depth_stencil_state dsa = {.depth_enabled = true, .depth_writemask = true,
                                   .depth_func = SWR_FUNC_ALWAYS};
    swr_set_depth_stencil_state(t.ctx, &dsa);
    float zl = far_plane ? 0.5f : -1.5f, zr = far_plane ? 1.5f : 0.5f;
    tu_vertex q[6];
    const float xy[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
    for (int k = 0; k < 6; k++) {
        float z = xy[k][0] < 0 ? zl : zr;
        q[k] = (tu_vertex){{xy[k][0], xy[k][1], z, 1}, {1, 1, 1, 1}};
    }
    const float clear[4] = {0, 0, 0, 0};
    tu_clear(&t, clear, 0.25);
    draw_tris(&t, q, 6);
    int bad = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            double xn = (x + 0.5 - W / 2.0) / (W / 2.0);
            double zn = zl + (zr - zl) * (xn + 1) / 2;
            double zw = zn * 0.5 + 0.5;
            bool past = zw > 1.0 || zw < 0.0;
            if (fabs(zn - (far_plane ? 1.0 : -1.0)) < 2.0 * (zr - zl) / W)
                continue; /* the pixel column at the plane */
            float d;
            memcpy(&d, t.depth + (size_t)y * t.zpitch + 4 * x, 4);
            bool drawn = pixel_f(&t, x, y)[0] != 0.0f;
            double want = past ? (clip ? 0.25 : (zw > 1 ? 1.0 : 0.0)) : zw;
            bool want_drawn = !past || !clip;
            if ((drawn != want_drawn || !(fabs(d - want) <= 1e-5)) && bad++ < 5)
                fprintf(stderr, "%s clip=%d: pixel (%u, %u) drawn %d depth %.7g, want drawn %d depth %.7g\n",
                        far_plane ? "far" : "near", clip, x, y, drawn, d, want_drawn, want);
        }
    assert_int_equal(bad, 0);
    tu_target_free(&t);
}

static void test_depth_clip_clamp(void **state)
{
    (void)state;
    check_depth_plane(true, true);
    check_depth_plane(true, false);
    check_depth_plane(false, true);
    check_depth_plane(false, false);
}

/* Garbage positions: nothing may crash or hang, and a normal triangle drawn
 * afterwards still renders exactly where it should. */
static void test_garbage_positions(void **state)
{
    (void)state;
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_B8G8R8A8_UNORM, SWR_FORMAT_Z32_FLOAT),
                     SWR_OK);
    tu_pipeline(&t, SWR_INTERP_PERSPECTIVE);
    swr_depth_stencil_state dsa = {.depth_enabled = true, .depth_writemask = true,
                                   .depth_func = SWR_FUNC_LESS};
    swr_set_depth_stencil_state(t.ctx, &dsa);
    const float vals[] = {0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 2.0f, 1e6f, -1e6f, 1e30f, -1e30f,
                          1e-30f, NAN, INFINITY, -INFINITY, 3e38f, -3e38f, 1e-45f};
    const uint32_t nvals = sizeof vals / sizeof vals[0];
    enum { N = 3000 };
    tu_vertex *v = malloc(N * sizeof *v);
    assert_non_null(v);
    uint64_t seed = 77;
    for (uint32_t i = 0; i < N; i++)
        for (int c = 0; c < 4; c++) {
            v[i].pos[c] = vals[tu_rand(&seed) % nvals];
            v[i].color[c] = (tu_rand(&seed) & 1) ? vals[tu_rand(&seed) % nvals] : 0.5f;
        }
    const float clear[4] = {0, 0, 0, 0};
    tu_clear(&t, clear, 1.0);
    tu_bind_vertices(t.ctx, v, N);
    const uint32_t topos[] = {SWR_TOPO_TRIANGLES, SWR_TOPO_TRIANGLE_STRIP, SWR_TOPO_LINES,
                              SWR_TOPO_LINE_STRIP, SWR_TOPO_POINTS};
    swr_rasterizer_state rs = {.front_ccw = true, .depth_clip_near = true, .depth_clip_far = true,
                               .half_pixel_center = true, .point_size = 3, .line_width = 2};
    for (int pass = 0; pass < 2; pass++) {
        /* Second pass: depth clamp on, no depth clipping. */
        rs.depth_clip_near = rs.depth_clip_far = pass == 0;
        swr_set_rasterizer_state(t.ctx, &rs);
        for (int k = 0; k < 5; k++) {
            swr_draw_info d = {.topology = topos[k], .count = N};
            assert_int_equal(swr_draw(t.ctx, &d), SWR_OK);
        }
    }
    swr_store_tiles(t.ctx, false);
    swr_fence f = swr_fence_submit(t.ctx);
    assert_int_equal(swr_fence_wait(t.ctx, f, 20ull * 1000 * 1000 * 1000), SWR_OK);

    /* The engine still works: a plain opaque triangle at depth -1 (nearest). */
    tu_pipeline(&t, SWR_INTERP_PERSPECTIVE);
    tu_clear(&t, clear, 1.0);
    tu_vertex ok[3] = {{{-0.5f, -0.5f, 0, 1}, {1, 0, 0, 1}},
                       {{0.5f, -0.5f, 0, 1}, {1, 0, 0, 1}},
                       {{0.0f, 0.5f, 0, 1}, {1, 0, 0, 1}}};
    draw_tris(&t, ok, 3);
    const uint8_t *centre = t.color + (size_t)(H / 2) * t.cpitch + 4 * (W / 2);
    assert_int_equal(centre[2], 255); /* BGRA: red */
    assert_int_equal(centre[1], 0);
    assert_int_equal(t.color[0 + 2], 0); /* corner untouched */
    free(v);
    tu_target_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_homogeneous_random),
        cmocka_unit_test(test_behind_eye),
        cmocka_unit_test(test_huge_triangle),
        cmocka_unit_test(test_depth_clip_clamp),
        cmocka_unit_test(test_garbage_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
