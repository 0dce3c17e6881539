/*
 * test_feature_polygon_mode.c: polygon modes (GL 4.6 §14.6.4).
 *
 * - A quad (SWR_TOPO_QUADS) with corners on pixel centres drawn with
 *   fill LINE shows exactly its outline: the border pixels of the
 *   rectangle, no diagonal (the split edge is not a boundary edge). Each
 *   side, rasterized by the diamond-exit rule, lights its first pixel and
 *   not its last, which the next side lights: the border is exact.
 * - Random triangles in LINE mode light exactly the pixels of their three
 *   width-1 edges v0->v1, v1->v2, v2->v0 drawn as SWR_TOPO_LINES: both are
 *   drawn with ONE/ONE additive blending of 1 into R32F, so even the
 *   number of hits per pixel (shared corners) must agree.
 * - fill_front / fill_back select the mode per facing; cull_face removes a
 *   facing before its fill mode matters; POINT mode draws the vertices as
 *   points of the state's size (a size-1 point lights the pixel holding
 *   the vertex, size 3 the 3x3 block around it).
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

static void set_modes(tu_target *t, uint8_t front, uint8_t back, uint8_t cull, float point_size)
{
    swr_rasterizer_state rs = fx_rs();
    rs.fill_front = front;
    rs.fill_back = back;
    rs.cull_face = cull;
    rs.point_size = point_size;
    swr_set_rasterizer_state(t->ctx, &rs);
}

static bool lit(const tu_target *t, uint32_t x, uint32_t y)
{
    return fx_px4(t, x, y)[0] != 0.0f;
}

static void test_quad_outline(void **state)
{
    (void)state;
    for (int d = 0; d < 2; d++) {
        tu_target t;
        assert_int_equal(tu_target_init(&t, &fx_descs[d], W, H, SWR_FORMAT_R32G32B32A32_FLOAT,
                                        SWR_FORMAT_NONE),
                         SWR_OK);
        fx_pipeline(&t, SWR_INTERP_LINEAR);
        set_modes(&t, SWR_FILL_LINE, SWR_FILL_LINE, SWR_FACE_NONE, 1);
        fx_vertex v[4] = {fx_win(W, H, 8.5f, 8.5f, 0.5f, white), fx_win(W, H, 40.5f, 8.5f, 0.5f, white),
                          fx_win(W, H, 40.5f, 50.5f, 0.5f, white),
                          fx_win(W, H, 8.5f, 50.5f, 0.5f, white)};
        fx_clear(&t, 0, 0, 0, 0);
        fx_draw(t.ctx, SWR_TOPO_QUADS, v, 4);
        tu_finish(&t);
        int bad = 0;
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++) {
                bool in_box = x >= 8 && x <= 40 && y >= 8 && y <= 50;
                bool border = in_box && (x == 8 || x == 40 || y == 8 || y == 50);
                if (lit(&t, x, y) != border && bad++ < 6)
                    fprintf(stderr, "%s quad outline: (%u, %u) lit %d, want %d\n",
                            fx_desc_names[d], x, y, lit(&t, x, y), border);
            }
        tu_target_free(&t);
        assert_int_equal(bad, 0);
    }
}

static void test_triangle_edges_equal_lines(void **state)
{
    (void)state;
    tu_target a, b;
    assert_int_equal(tu_target_init(&a, NULL, W, H, SWR_FORMAT_R32_FLOAT, SWR_FORMAT_NONE), SWR_OK);
    assert_int_equal(tu_target_init(&b, NULL, W, H, SWR_FORMAT_R32_FLOAT, SWR_FORMAT_NONE), SWR_OK);
    tu_target *ts[2] = {&a, &b};
    for (int k = 0; k < 2; k++) {
        fx_pipeline(ts[k], SWR_INTERP_LINEAR);
        swr_blend_state bl = {0};
        bl.rt[0] = (swr_blend_rt){true, SWR_BLEND_ADD, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE,
                                  SWR_BLEND_ADD, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE,
                                  SWR_MASK_RGBA};
        swr_set_blend_state(ts[k]->ctx, &bl);
    }
    set_modes(&a, SWR_FILL_LINE, SWR_FILL_LINE, SWR_FACE_NONE, 1);
    uint64_t seed = 77;
    int bad = 0;
    for (int iter = 0; iter < 60; iter++) {
        fx_vertex tri[3], lines[6];
        for (int k = 0; k < 3; k++)
            tri[k] = fx_win(W, H, roundf(tu_randf(&seed, 2, 62) * 256) / 256,
                            roundf(tu_randf(&seed, 2, 62) * 256) / 256, 0.5f, white);
        for (int k = 0; k < 3; k++) {
            lines[2 * k] = tri[k];
            lines[2 * k + 1] = tri[(k + 1) % 3];
        }
        fx_clear(&a, 0, 0, 0, 0);
        fx_clear(&b, 0, 0, 0, 0);
        fx_draw(a.ctx, SWR_TOPO_TRIANGLES, tri, 3);
        fx_draw(b.ctx, SWR_TOPO_LINES, lines, 6);
        tu_finish(&a);
        tu_finish(&b);
        char what[64];
        snprintf(what, sizeof what, "LINE-mode triangle %d vs its lines", iter);
        if (tu_image_diff(what, a.color, a.cpitch, b.color, b.cpitch, W, H, 4, 0, true, 0.0f))
            bad++;
    }
    tu_target_free(&a);
    tu_target_free(&b);
    assert_int_equal(bad, 0);
}

/* Counts lit pixels inside [x0, x1) x [y0, y1). */
static int count_lit(const tu_target *t, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
    int n = 0;
    for (uint32_t y = y0; y < y1; y++)
        for (uint32_t x = x0; x < x1; x++)
            n += lit(t, x, y);
    return n;
}

/* Left half: a CCW (front) triangle; right half: a CW (back) one, both
 * with vertices on pixel centres, interiors well inside their halves. */
static bool g_screen_ccw_front;

static void draw_pair(tu_target *t)
{
    /* Left: counter-clockwise on screen, right: clockwise; both reversed
     * when the engine's front faces are the clockwise ones (see
     * fx_engine_front_is_screen_ccw), so that left is always front. */
    fx_vertex v[6] = {
        fx_win(W, H, 4.5f, 4.5f, 0.5f, white),  fx_win(W, H, 4.5f, 40.5f, 0.5f, white),
        fx_win(W, H, 28.5f, 4.5f, 0.5f, white),
        fx_win(W, H, 36.5f, 4.5f, 0.5f, white), fx_win(W, H, 60.5f, 4.5f, 0.5f, white),
        fx_win(W, H, 36.5f, 40.5f, 0.5f, white),
    };
    if (!g_screen_ccw_front) {
        fx_vertex tmp = v[1];
        v[1] = v[2], v[2] = tmp;
        tmp = v[4];
        v[4] = v[5], v[5] = tmp;
    }
    fx_clear(t, 0, 0, 0, 0);
    fx_draw(t->ctx, SWR_TOPO_TRIANGLES, v, 6);
    tu_finish(t);
}

static void test_front_back_modes(void **state)
{
    (void)state;
    g_screen_ccw_front = fx_engine_front_is_screen_ccw();
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                     SWR_OK);
    fx_pipeline(&t, SWR_INTERP_LINEAR);
    /* Filled area of each triangle: a right triangle of legs 24 and 36
     * (pixel centres on edges follow the fill rule): about 432 pixels. An
     * outline: 24 + 36 + 36 = 96 pixels at most. Interior probe (10, 12) /
     * (42, 12) is lit only when filled. */
    set_modes(&t, SWR_FILL_FILL, SWR_FILL_FILL, SWR_FACE_NONE, 1);
    draw_pair(&t);
    int front_fill = count_lit(&t, 0, 0, 32, H), back_fill = count_lit(&t, 32, 0, W, H);
    assert_true(front_fill > 380 && back_fill > 380);
    assert_true(lit(&t, 10, 12) && lit(&t, 42, 12));

    set_modes(&t, SWR_FILL_LINE, SWR_FILL_FILL, SWR_FACE_NONE, 1);
    draw_pair(&t);
    assert_false(lit(&t, 10, 12));
    assert_true(lit(&t, 42, 12));
    assert_true(lit(&t, 4, 20) && lit(&t, 15, 4)); /* front outline: left side, top side */
    assert_true(count_lit(&t, 0, 0, 32, H) <= 96);
    assert_int_equal(count_lit(&t, 32, 0, W, H), back_fill);

    set_modes(&t, SWR_FILL_FILL, SWR_FILL_LINE, SWR_FACE_NONE, 1);
    draw_pair(&t);
    assert_true(lit(&t, 10, 12));
    assert_false(lit(&t, 42, 12));
    assert_true(lit(&t, 36, 20) && lit(&t, 50, 4));
    assert_int_equal(count_lit(&t, 0, 0, 32, H), front_fill);

    /* Culled back faces are gone whatever their fill mode. */
    set_modes(&t, SWR_FILL_LINE, SWR_FILL_LINE, SWR_FACE_BACK, 1);
    draw_pair(&t);
    assert_true(lit(&t, 4, 20));
    assert_int_equal(count_lit(&t, 32, 0, W, H), 0);
    set_modes(&t, SWR_FILL_POINT, SWR_FILL_LINE, SWR_FACE_FRONT, 1);
    draw_pair(&t);
    assert_int_equal(count_lit(&t, 0, 0, 32, H), 0);
    assert_true(lit(&t, 36, 20));

    /* POINT: exactly the three vertex pixels (size 1), or 3x3 blocks. */
    set_modes(&t, SWR_FILL_POINT, SWR_FILL_FILL, SWR_FACE_NONE, 1);
    draw_pair(&t);
    assert_int_equal(count_lit(&t, 0, 0, 32, H), 3);
    assert_true(lit(&t, 4, 4) && lit(&t, 4, 40) && lit(&t, 28, 4));
    set_modes(&t, SWR_FILL_POINT, SWR_FILL_POINT, SWR_FACE_NONE, 3);
    draw_pair(&t);
    assert_int_equal(count_lit(&t, 0, 0, 32, H), 27);
    assert_int_equal(count_lit(&t, 32, 0, W, H), 27);
    assert_int_equal(count_lit(&t, 3, 39, 6, 42), 9);
    assert_int_equal(count_lit(&t, 59, 3, 62, 6), 9);
    tu_target_free(&t);
}

/* The facing convention (GL / Gallium): with front_ccw and the GL-style
 * y-flipping viewport, a triangle counter-clockwise in NDC -- which is
 * counter-clockwise on screen, row 0 at the top -- is front, so cull_face
 * BACK keeps it and FRONT removes it. Gallium's draw_pipe_cull.c: det =
 * cross(v0 - v2, v1 - v2) in window coordinates, ccw = det < 0, front iff
 * ccw == front_ccw. */
static void test_facing_convention(void **state)
{
    (void)state;
    /* The probe and the explicit cases below are two views of one rule. */
    assert_true(fx_engine_front_is_screen_ccw());
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                     SWR_OK);
    fx_pipeline(&t, SWR_INTERP_LINEAR);
    /* NDC counter-clockwise (x right, y up): (-0.5,-0.5) (0.5,-0.5) (0,0.5) */
    fx_vertex v[3] = {fx_win(W, H, 16, 48, 0.5f, white), fx_win(W, H, 48, 48, 0.5f, white),
                      fx_win(W, H, 32, 16, 0.5f, white)};
    set_modes(&t, SWR_FILL_FILL, SWR_FILL_FILL, SWR_FACE_BACK, 1);
    fx_clear(&t, 0, 0, 0, 0);
    fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 3);
    tu_finish(&t);
    assert_true(lit(&t, 32, 40));
    set_modes(&t, SWR_FILL_FILL, SWR_FILL_FILL, SWR_FACE_FRONT, 1);
    fx_clear(&t, 0, 0, 0, 0);
    fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 3);
    tu_finish(&t);
    assert_false(lit(&t, 32, 40));
    tu_target_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quad_outline),
        cmocka_unit_test(test_triangle_edges_equal_lines),
        cmocka_unit_test(test_front_back_modes),
        cmocka_unit_test(test_facing_convention),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
