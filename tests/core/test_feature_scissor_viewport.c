/*
 * test_feature_scissor_viewport.c: scissor rectangles, viewports, viewport
 * index and window-space positions, against exact pixel sets.
 *
 * - scissor_enable with rect [10, 50) x [12, 40): a full-screen quad lights
 *   exactly the rect's pixels; without scissor_enable, every pixel.
 * - A viewport smaller than the target (window [16, 48) x [8, 40)): a quad
 *   at NDC [-1, 1]^2 lights exactly those pixels, and a quad at NDC
 *   [-3, 3]^2 (clipped) lights the same ones: nothing outside the viewport.
 * - Four viewports, one per quadrant; the VS writes the viewport index (int
 *   bits in slot 3 .x, converted from the float in attribute c.x) and each
 *   of four full-NDC quads must fill exactly its quadrant, in its colour.
 *   Also with scissor_enable and per-viewport scissors (each cuts its
 *   quadrant's left half).
 * - window_space_position: the VS position is used as window coordinates
 *   directly (no clip, divide or viewport): a rectangle [10, 30) x [5, 25)
 *   given in pixels lights exactly those pixels even with a bogus viewport.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "test_feature_common.h"

#define W 64
#define H 64

/* Copies slots like fx_copy_vs, but slot 3 .x becomes the int bits of
 * (int)c.x: the viewport index. */
static void vp_index_vs(const void *shader, swr_vs_args *a)
{
    fx_copy_vs(shader, a);
    for (int l = 0; l < 8; l++) {
        int32_t i = (int32_t)a->inputs[3].v[0][l];
        memcpy(&a->outputs[3].v[0][l], &i, 4);
    }
}

/* Six vertices: NDC rect [x0, x1] x [y0, y1], attribute a = rgba, c.x = vp. */
static void ndc_quad(float x0, float y0, float x1, float y1, const float rgba[4], float vp,
                     fx_vertex out[6])
{
    const float p[6][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y0}, {x1, y1}, {x0, y1}};
    for (int k = 0; k < 6; k++) {
        memset(&out[k], 0, sizeof out[k]);
        out[k].pos[0] = p[k][0], out[k].pos[1] = p[k][1], out[k].pos[3] = 1;
        memcpy(out[k].a, rgba, sizeof out[k].a);
        out[k].c[0] = vp;
    }
}

static int check_rect(const tu_target *t, swr_rect r, const char *what)
{
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;
            bool lit = fx_px4(t, x, y)[0] != 0.0f;
            if (in != lit && bad++ < 6)
                fprintf(stderr, "%s: (%d, %d) lit %d, want %d\n", what, x, y, lit, in);
        }
    return bad;
}

static const float white[4] = {1, 1, 1, 1};

static void test_scissor(void **state)
{
    (void)state;
    for (int d = 0; d < 2; d++) {
        tu_target t;
        assert_int_equal(tu_target_init(&t, &fx_descs[d], W, H, SWR_FORMAT_R32G32B32A32_FLOAT,
                                        SWR_FORMAT_NONE),
                         SWR_OK);
        fx_pipeline(&t, SWR_INTERP_LINEAR);
        swr_rect sc = {10, 12, 50, 40};
        swr_set_scissors(t.ctx, 0, 1, &sc);
        fx_vertex v[6];
        ndc_quad(-1, -1, 1, 1, white, 0, v);
        int bad = 0;
        for (int en = 0; en < 2; en++) {
            swr_rasterizer_state rs = fx_rs();
            rs.scissor_enable = en;
            swr_set_rasterizer_state(t.ctx, &rs);
            fx_clear(&t, 0, 0, 0, 0);
            fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 6);
            tu_finish(&t);
            swr_rect all = {0, 0, W, H};
            bad += check_rect(&t, en ? sc : all, en ? "scissor on" : "scissor off");
        }
        tu_target_free(&t);
        assert_int_equal(bad, 0);
    }
}

static void test_small_viewport(void **state)
{
    (void)state;
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                     SWR_OK);
    fx_pipeline(&t, SWR_INTERP_LINEAR);
    swr_viewport vp = {{16, -16, 0.5f}, {32, 24, 0.5f}}; /* window [16, 48) x [8, 40) */
    swr_set_viewports(t.ctx, 0, 1, &vp);
    int bad = 0;
    for (int big = 0; big < 2; big++) {
        fx_vertex v[6];
        float e = big ? 3.0f : 1.0f;
        ndc_quad(-e, -e, e, e, white, 0, v);
        fx_clear(&t, 0, 0, 0, 0);
        fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 6);
        tu_finish(&t);
        swr_rect r = {16, 8, 48, 40};
        bad += check_rect(&t, r, big ? "viewport, clipped quad" : "viewport, NDC quad");
    }
    tu_target_free(&t);
    assert_int_equal(bad, 0);
}

static void test_viewport_index(void **state)
{
    (void)state;
    const float col[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 1}};
    for (int d = 0; d < 2; d++) {
        tu_target t;
        assert_int_equal(tu_target_init(&t, &fx_descs[d], W, H, SWR_FORMAT_R32G32B32A32_FLOAT,
                                        SWR_FORMAT_NONE),
                         SWR_OK);
        fx_pipeline(&t, SWR_INTERP_LINEAR);
        swr_vs_state vs = fx_vs_state();
        vs.func = vp_index_vs;
        vs.viewport_index_slot = 3;
        swr_set_vs(t.ctx, &vs);
        /* viewport i: quadrant (i & 1, i >> 1), 32 x 32 pixels */
        swr_viewport vps[4];
        swr_rect sc[4];
        for (int i = 0; i < 4; i++) {
            float x0 = 32.0f * (i & 1), y0 = 32.0f * (i >> 1);
            vps[i] = (swr_viewport){{16, -16, 0.5f}, {x0 + 16, y0 + 16, 0.5f}};
            sc[i] = (swr_rect){(int)x0 + 16, (int)y0, (int)x0 + 32, (int)y0 + 32};
        }
        swr_set_viewports(t.ctx, 0, 4, vps);
        swr_set_scissors(t.ctx, 0, 4, sc);
        static fx_vertex v[24];
        for (int i = 0; i < 4; i++)
            ndc_quad(-1, -1, 1, 1, col[i], (float)i, &v[6 * i]);
        int bad = 0;
        for (int scissor = 0; scissor < 2; scissor++) {
            swr_rasterizer_state rs = fx_rs();
            rs.scissor_enable = scissor;
            swr_set_rasterizer_state(t.ctx, &rs);
            fx_clear(&t, 0, 0, 0, 0);
            fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 24);
            tu_finish(&t);
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) {
                    int i = (x >= 32) + 2 * (y >= 32);
                    bool in = !scissor || (x % 32) >= 16;
                    const float *p = fx_px4(&t, x, y);
                    const float zero[4] = {0, 0, 0, 0};
                    if (memcmp(p, in ? col[i] : zero, sizeof zero) != 0 && bad++ < 6)
                        fprintf(stderr, "%s vp index, scissor %d: (%d, %d) = %g %g %g %g\n",
                                fx_desc_names[d], scissor, x, y, p[0], p[1], p[2], p[3]);
                }
        }
        tu_target_free(&t);
        assert_int_equal(bad, 0);
    }
}

static void test_window_space_position(void **state)
{
    (void)state;
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                     SWR_OK);
    fx_pipeline(&t, SWR_INTERP_LINEAR);
    swr_viewport bogus = {{3, 5, 0.5f}, {7, 1, 0.5f}};
    swr_set_viewports(t.ctx, 0, 1, &bogus);
    swr_rasterizer_state rs = fx_rs();
    rs.window_space_position = true;
    swr_set_rasterizer_state(t.ctx, &rs);
    fx_vertex v[6];
    /* positions in pixels; w = 0.5 must not divide */
    ndc_quad(10, 5, 30, 25, white, 0, v);
    for (int k = 0; k < 6; k++)
        v[k].pos[2] = 0.25f, v[k].pos[3] = 0.5f;
    fx_clear(&t, 0, 0, 0, 0);
    fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 6);
    tu_finish(&t);
    swr_rect r = {10, 5, 30, 25};
    assert_int_equal(check_rect(&t, r, "window space"), 0);
    tu_target_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scissor),
        cmocka_unit_test(test_small_viewport),
        cmocka_unit_test(test_viewport_index),
        cmocka_unit_test(test_window_space_position),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
