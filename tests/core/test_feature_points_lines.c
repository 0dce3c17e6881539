/*
 * test_feature_points_lines.c: point and line rasterization rules
 * (GL 4.6 §14.4 points, §14.5 lines), checked against analytic pixel sets.
 *
 * - Non-sprite points of size s = 1..5, from the state and per vertex
 *   (point_size_slot): GL's rule: the centre is (floor(x) + 1/2, floor(y) +
 *   1/2) for odd s, (floor(x + 1/2), floor(y + 1/2)) for even s, and the
 *   fragments are the pixels whose centres lie inside the s x s square
 *   around it (no centre is ever on its boundary).
 * - Point sprites (point_sprite, sprite_coord_enable bit 1, size 7.5 not
 *   rounded): pixels whose centre is strictly inside the square are drawn,
 *   strictly outside are not (centres on the boundary are not checked); PS
 *   input 1 there is (s, t, 0, 1) with s = 1/2 + (x_c - x_p) / size and,
 *   in y-down window coordinates, t = 1/2 + (y_c - y_p) / size for the
 *   upper-left origin, t = 1/2 - (y_c - y_p) / size for lower-left.
 * - Wide lines (width 3): each column (x-major) or row (y-major) of the
 *   width-1 diamond-exit line becomes a run of 3 pixels centred on it, i.e.
 *   rows r - 1 .. r + 1 where r = floor(y at the column centre); columns
 *   whose line y is within 0.02 of a row boundary are not checked.
 * - line_last_pixel: a horizontal line through pixel centres from x = 8.5
 *   to 20.5 lights columns 8..19, with last pixel 8..20.
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

static const float white[4] = {1, 1, 1, 1};

/* 1: must be lit, 0: must not, -1: not checked. */
static int8_t g_want[H][W];

static int compare(const tu_target *t, const char *what)
{
    int bad = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            if (g_want[y][x] < 0)
                continue;
            bool lit = fx_px4(t, x, y)[0] != 0.0f;
            if (lit != (g_want[y][x] == 1) && bad++ < 6)
                fprintf(stderr, "%s: (%u, %u) lit %d, want %d\n", what, x, y, lit, g_want[y][x]);
        }
    return bad;
}

static void want_point(float x, float y, int s)
{
    double xc = (s & 1) ? floor(x) + 0.5 : floor(x + 0.5);
    double yc = (s & 1) ? floor(y) + 0.5 : floor(y + 0.5);
    for (uint32_t py = 0; py < H; py++)
        for (uint32_t px = 0; px < W; px++)
            if (fabs(px + 0.5 - xc) < s / 2.0 && fabs(py + 0.5 - yc) < s / 2.0)
                g_want[py][px] = 1;
}

static void test_point_sizes(void **state)
{
    (void)state;
    const float pos[5][2] = {{6.3f, 7.8f}, {20.5f, 9.2f}, {35.7f, 40.4f}, {12.25f, 50.75f},
                             {50.9f, 20.1f}};
    for (int d = 0; d < 2; d++) {
        tu_target t;
        assert_int_equal(tu_target_init(&t, &fx_descs[d], W, H, SWR_FORMAT_R32G32B32A32_FLOAT,
                                        SWR_FORMAT_NONE),
                         SWR_OK);
        fx_pipeline(&t, SWR_INTERP_LINEAR);
        int bad = 0;
        /* size from the state: all five points at size s */
        for (int s = 1; s <= 5; s++) {
            fx_vertex v[5];
            memset(g_want, 0, sizeof g_want);
            for (int k = 0; k < 5; k++) {
                v[k] = fx_win(W, H, pos[k][0], pos[k][1], 0.5f, white);
                want_point(pos[k][0], pos[k][1], s);
            }
            swr_rasterizer_state rs = fx_rs();
            rs.point_size = (float)s;
            swr_set_rasterizer_state(t.ctx, &rs);
            fx_clear(&t, 0, 0, 0, 0);
            fx_draw(t.ctx, SWR_TOPO_POINTS, v, 5);
            tu_finish(&t);
            char what[64];
            snprintf(what, sizeof what, "%s state size %d", fx_desc_names[d], s);
            bad += compare(&t, what);
        }
        /* per vertex: point k has size k + 1 (VS slot 2 .x) */
        {
            fx_vertex v[5];
            memset(g_want, 0, sizeof g_want);
            for (int k = 0; k < 5; k++) {
                v[k] = fx_win(W, H, pos[k][0], pos[k][1], 0.5f, white);
                v[k].b[0] = (float)(k + 1);
                want_point(pos[k][0], pos[k][1], k + 1);
            }
            swr_vs_state vs = fx_vs_state();
            vs.point_size_slot = 2;
            swr_set_vs(t.ctx, &vs);
            swr_rasterizer_state rs = fx_rs();
            rs.point_size = 9; /* ignored */
            rs.point_size_per_vertex = true;
            swr_set_rasterizer_state(t.ctx, &rs);
            fx_clear(&t, 0, 0, 0, 0);
            fx_draw(t.ctx, SWR_TOPO_POINTS, v, 5);
            tu_finish(&t);
            bad += compare(&t, "per-vertex sizes");
        }
        tu_target_free(&t);
        assert_int_equal(bad, 0);
    }
}

static void test_point_sprites(void **state)
{
    (void)state;
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                     SWR_OK);
    fx_pipeline(&t, SWR_INTERP_PERSPECTIVE);
    static const fx_ps_cfg sel1 = {1};
    swr_ps_state ps = fx_ps_state(SWR_INTERP_PERSPECTIVE);
    ps.shader = &sel1;
    swr_set_ps(t.ctx, &ps);
    const float px = 20.25f, py = 30.75f, size = 7.5f;
    int bad = 0, checked = 0;
    for (int lower_left = 0; lower_left < 2; lower_left++) {
        swr_rasterizer_state rs = fx_rs();
        rs.point_sprite = true;
        rs.sprite_coord_enable = 1u << 1;
        rs.sprite_origin_lower_left = lower_left;
        rs.point_size = size;
        swr_set_rasterizer_state(t.ctx, &rs);
        fx_vertex v = fx_win(W, H, px, py, 0.5f, white);
        v.b[0] = v.b[1] = v.b[2] = v.b[3] = -7; /* replaced by the sprite coordinate */
        fx_clear(&t, -1, -1, -1, -1);
        fx_draw(t.ctx, SWR_TOPO_POINTS, &v, 1);
        tu_finish(&t);
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++) {
                double dx = x + 0.5 - px, dy = y + 0.5 - py, h = size / 2.0;
                bool in = fabs(dx) < h && fabs(dy) < h;
                bool out = fabs(dx) > h || fabs(dy) > h;
                const float *c = fx_px4(&t, x, y);
                bool lit = c[3] != -1.0f;
                if ((in && !lit) || (out && lit)) {
                    if (bad++ < 6)
                        fprintf(stderr, "sprite: (%u, %u) lit %d\n", x, y, lit);
                    continue;
                }
                if (!in)
                    continue;
                checked++;
                double s = 0.5 + dx / size, tt = lower_left ? 0.5 - dy / size : 0.5 + dy / size;
                if ((fabs(c[0] - s) > 1e-5 || fabs(c[1] - tt) > 1e-5 || c[2] != 0.0f ||
                     c[3] != 1.0f) &&
                    bad++ < 6)
                    fprintf(stderr, "sprite %s: (%u, %u) = (%g %g %g %g), want (%g %g 0 1)\n",
                            lower_left ? "lower-left" : "upper-left", x, y, c[0], c[1], c[2], c[3],
                            s, tt);
            }
    }
    tu_target_free(&t);
    assert_int_equal(checked, 2 * 49);
    assert_int_equal(bad, 0);
}

/* Width-w line from a to b: the expected set, by columns (x-major) or rows. */
static void want_wide_line(const float a[2], const float b[2], int w)
{
    memset(g_want, 0, sizeof g_want);
    bool xmajor = fabsf(b[0] - a[0]) >= fabsf(b[1] - a[1]);
    int maj = xmajor ? 0 : 1, min = 1 - maj;
    /* endpoints on pixel centres in the major axis: fragments from the first
     * major column to the one before the last */
    int m0 = (int)floorf(fminf(a[maj], b[maj])), m1 = (int)floorf(fmaxf(a[maj], b[maj]));
    bool forward = b[maj] > a[maj];
    int lo = forward ? m0 : m0 + 1, hi = forward ? m1 - 1 : m1;
    for (int m = lo; m <= hi; m++) {
        double t = (m + 0.5 - a[maj]) / (b[maj] - a[maj]);
        double v = a[min] + t * (b[min] - a[min]);
        int r = (int)floor(v);
        double fr = v - r;
        for (int k = -(w - 1) / 2; k <= w / 2; k++) {
            int q = r + k;
            int x = xmajor ? m : q, y = xmajor ? q : m;
            if (x >= 0 && x < W && y >= 0 && y < H)
                g_want[y][x] = (fr < 0.02 || fr > 0.98) ? -1 : 1;
        }
        if (fr < 0.02 || fr > 0.98) { /* the neighbours across the boundary too */
            int q0 = r - (w - 1) / 2 - 1, q1 = r + w / 2 + 1;
            int qs[2] = {q0, q1};
            for (int i = 0; i < 2; i++) {
                int x = xmajor ? m : qs[i], y = xmajor ? qs[i] : m;
                if (x >= 0 && x < W && y >= 0 && y < H)
                    g_want[y][x] = -1;
            }
        }
    }
}

static void test_wide_lines(void **state)
{
    (void)state;
    const float lines[4][2][2] = {
        {{8.5f, 20.5f}, {40.5f, 20.5f}},  /* horizontal */
        {{8.5f, 20.3f}, {50.5f, 30.2f}},  /* x-major, shallow */
        {{30.3f, 5.5f}, {40.2f, 58.5f}},  /* y-major, steep */
        {{55.5f, 40.7f}, {10.5f, 30.1f}}, /* x-major, right to left */
    };
    int bad = 0;
    for (int d = 0; d < 2; d++) {
        tu_target t;
        assert_int_equal(tu_target_init(&t, &fx_descs[d], W, H, SWR_FORMAT_R32G32B32A32_FLOAT,
                                        SWR_FORMAT_NONE),
                         SWR_OK);
        fx_pipeline(&t, SWR_INTERP_LINEAR);
        for (int width = 1; width <= 3; width += 2) {
            swr_rasterizer_state rs = fx_rs();
            rs.line_width = (float)width;
            swr_set_rasterizer_state(t.ctx, &rs);
            for (int i = 0; i < 4; i++) {
                fx_vertex v[2] = {fx_win(W, H, lines[i][0][0], lines[i][0][1], 0.5f, white),
                                  fx_win(W, H, lines[i][1][0], lines[i][1][1], 0.5f, white)};
                want_wide_line(lines[i][0], lines[i][1], width);
                fx_clear(&t, 0, 0, 0, 0);
                fx_draw(t.ctx, SWR_TOPO_LINES, v, 2);
                tu_finish(&t);
                char what[64];
                snprintf(what, sizeof what, "%s line %d width %d", fx_desc_names[d], i, width);
                bad += compare(&t, what);
            }
        }
        tu_target_free(&t);
    }
    assert_int_equal(bad, 0);
}

static void test_last_pixel(void **state)
{
    (void)state;
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                     SWR_OK);
    fx_pipeline(&t, SWR_INTERP_LINEAR);
    int bad = 0;
    for (int last = 0; last < 2; last++) {
        swr_rasterizer_state rs = fx_rs();
        rs.line_last_pixel = last;
        swr_set_rasterizer_state(t.ctx, &rs);
        fx_vertex v[2] = {fx_win(W, H, 8.5f, 10.5f, 0.5f, white),
                          fx_win(W, H, 20.5f, 10.5f, 0.5f, white)};
        memset(g_want, 0, sizeof g_want);
        for (int x = 8; x <= (last ? 20 : 19); x++)
            g_want[10][x] = 1;
        fx_clear(&t, 0, 0, 0, 0);
        fx_draw(t.ctx, SWR_TOPO_LINES, v, 2);
        tu_finish(&t);
        bad += compare(&t, last ? "last pixel on" : "last pixel off");
    }
    tu_target_free(&t);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_point_sizes),
        cmocka_unit_test(test_point_sprites),
        cmocka_unit_test(test_wide_lines),
        cmocka_unit_test(test_last_pixel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
