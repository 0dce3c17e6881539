/*
 * test_feature_stencil_two_sided.c: two-sided stencil, counted exactly.
 *
 * Scene: axis-aligned rectangles with integer corners (each two triangles;
 * a pixel is covered iff its centre is inside, exactly once thanks to the
 * fill rule on the shared diagonal), each drawn either front- or back-
 * facing. Stencil: front faces ALWAYS / INCR, back faces ALWAYS / DECR
 * (saturating), or the _WRAP variants. A scalar simulation in draw order
 * gives every pixel's stencil value; the Z24_UNORM_S8_UINT surface (bits
 * 24..31) after swr_store_tiles + sync must equal it everywhere. Then a
 * full-screen rectangle with stencil EQUAL ref (KEEP ops) writes red only
 * where the stored stencil equals the reference; with a back-facing one,
 * the BACK reference applies.
 *
 * Facing: which winding is front is taken from fx_engine_front_is_screen_ccw
 * so that this test checks the per-face stencil state on its own; the
 * facing convention is tested in test_feature_polygon_mode.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "test_feature_common.h"

#define W 96
#define H 80
#define NRECT 60

static bool g_screen_ccw_front;

typedef struct rect {
    int x0, y0, x1, y1;
    bool front;
} rect;

/* Two triangles covering r, wound so that they face as r.front says. */
static void rect_tris(const rect *r, const float rgba[4], fx_vertex out[6])
{
    float x0 = (float)r->x0, y0 = (float)r->y0, x1 = (float)r->x1, y1 = (float)r->y1;
    /* screen counter-clockwise: (x0,y0) (x0,y1) (x1,y0) and (x1,y0) (x0,y1) (x1,y1) */
    const float p[6][2] = {{x0, y0}, {x0, y1}, {x1, y0}, {x1, y0}, {x0, y1}, {x1, y1}};
    bool ccw = r->front == g_screen_ccw_front;
    for (int k = 0; k < 6; k++) {
        int j = ccw ? k : (k % 3 == 1 ? k + 1 : k % 3 == 2 ? k - 1 : k);
        out[k] = fx_win(W, H, p[j][0], p[j][1], 0.5f, rgba);
    }
}

static uint8_t stored_stencil(const tu_target *t, int x, int y)
{
    uint32_t v;
    memcpy(&v, t->depth + (size_t)y * t->zpitch + (size_t)x * 4, 4);
    return (uint8_t)(v >> 24);
}

static void set_count_state(tu_target *t, bool wrap)
{
    swr_depth_stencil_state dsa = {.depth_func = SWR_FUNC_ALWAYS};
    dsa.stencil[0] = (swr_stencil_face){true, SWR_FUNC_ALWAYS, SWR_STENCIL_OP_KEEP,
                                        SWR_STENCIL_OP_KEEP,
                                        wrap ? SWR_STENCIL_OP_INCR_WRAP : SWR_STENCIL_OP_INCR, 0xff,
                                        0xff};
    dsa.stencil[1] = (swr_stencil_face){true, SWR_FUNC_ALWAYS, SWR_STENCIL_OP_KEEP,
                                        SWR_STENCIL_OP_KEEP,
                                        wrap ? SWR_STENCIL_OP_DECR_WRAP : SWR_STENCIL_OP_DECR, 0xff,
                                        0xff};
    swr_set_depth_stencil_state(t->ctx, &dsa);
}

static void run(const swr_context_desc *desc, bool wrap, uint64_t seed)
{
    static uint8_t want[H][W];
    static fx_vertex v[NRECT * 6];
    tu_target t;
    assert_int_equal(tu_target_init(&t, desc, W, H, SWR_FORMAT_R8G8B8A8_UNORM,
                                    SWR_FORMAT_Z24_UNORM_S8_UINT),
                     SWR_OK);
    fx_pipeline(&t, SWR_INTERP_LINEAR);
    set_count_state(&t, wrap);
    /* start at 2 so that saturation at 0 and wrapping both happen */
    swr_clear_info c = {.buffers = SWR_CLEAR_COLOR(0) | SWR_CLEAR_DEPTH | SWR_CLEAR_STENCIL,
                        .depth = 1.0, .stencil = 2};
    swr_clear(t.ctx, &c);
    memset(want, 2, sizeof want);
    const float grey[4] = {0.5f, 0.5f, 0.5f, 1};
    for (int i = 0; i < NRECT; i++) {
        rect r;
        r.x0 = (int)(tu_rand(&seed) % (W - 8));
        r.y0 = (int)(tu_rand(&seed) % (H - 8));
        r.x1 = r.x0 + 4 + (int)(tu_rand(&seed) % (W - r.x0 - 3));
        r.y1 = r.y0 + 4 + (int)(tu_rand(&seed) % (H - r.y0 - 3));
        if (r.x1 > W) r.x1 = W;
        if (r.y1 > H) r.y1 = H;
        r.front = (tu_rand(&seed) % 3) != 0;
        rect_tris(&r, grey, &v[6 * i]);
        for (int y = r.y0; y < r.y1; y++)
            for (int x = r.x0; x < r.x1; x++) {
                uint8_t s = want[y][x];
                if (r.front)
                    want[y][x] = wrap ? (uint8_t)(s + 1) : (s == 255 ? 255 : s + 1);
                else
                    want[y][x] = wrap ? (uint8_t)(s - 1) : (s == 0 ? 0 : s - 1);
            }
    }
    fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, NRECT * 6);
    tu_finish(&t);
    int bad = 0, nonzero = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            nonzero += want[y][x] != 2;
            if (stored_stencil(&t, x, y) != want[y][x] && bad++ < 6)
                fprintf(stderr, "%s%s: stencil (%d, %d) = %u, want %u\n", wrap ? "wrap " : "",
                        desc->single_threaded ? "single" : "pooled", x, y,
                        stored_stencil(&t, x, y), want[y][x]);
        }
    assert_true(nonzero > W * H / 2);
    assert_int_equal(bad, 0);

    /* EQUAL masking: front ref 3, back ref 1; a front full-screen rect, then
     * a back one, each in its own colour. */
    swr_depth_stencil_state dsa = {.depth_func = SWR_FUNC_ALWAYS};
    for (int f = 0; f < 2; f++)
        dsa.stencil[f] = (swr_stencil_face){true, SWR_FUNC_EQUAL, SWR_STENCIL_OP_KEEP,
                                            SWR_STENCIL_OP_KEEP, SWR_STENCIL_OP_KEEP, 0xff, 0xff};
    swr_set_depth_stencil_state(t.ctx, &dsa);
    swr_set_stencil_ref(t.ctx, 3, 1);
    swr_clear_info cc = {.buffers = SWR_CLEAR_COLOR(0)};
    swr_clear(t.ctx, &cc);
    const float red[4] = {1, 0, 0, 1}, blue[4] = {0, 0, 1, 1};
    rect full_front = {0, 0, W, H, true}, full_back = {0, 0, W, H, false};
    fx_vertex fr[12];
    rect_tris(&full_front, red, fr);
    rect_tris(&full_back, blue, fr + 6);
    fx_draw(t.ctx, SWR_TOPO_TRIANGLES, fr, 12);
    tu_finish(&t);
    int hits = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const uint8_t *p = t.color + (size_t)y * t.cpitch + 4 * x;
            uint8_t w0 = want[y][x] == 3 ? 255 : 0, w2 = want[y][x] == 1 ? 255 : 0;
            hits += (w0 | w2) != 0;
            if ((p[0] != w0 || p[2] != w2) && bad++ < 6)
                fprintf(stderr, "EQUAL: (%d, %d) stencil %u colour %u %u %u, want %u 0 %u\n", x, y,
                        want[y][x], p[0], p[1], p[2], w0, w2);
        }
    assert_true(hits > 20);
    assert_int_equal(bad, 0);
    tu_target_free(&t);
}

static void test_stencil_count_saturate(void **state)
{
    (void)state;
    g_screen_ccw_front = fx_engine_front_is_screen_ccw();
    for (int d = 0; d < 2; d++)
        run(&fx_descs[d], false, 1234 + d);
}

static void test_stencil_count_wrap(void **state)
{
    (void)state;
    g_screen_ccw_front = fx_engine_front_is_screen_ccw();
    for (int d = 0; d < 2; d++)
        run(&fx_descs[d], true, 99 + d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stencil_count_saturate),
        cmocka_unit_test(test_stencil_count_wrap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
