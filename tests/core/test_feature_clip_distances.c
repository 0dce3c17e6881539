/*
 * test_feature_clip_distances.c: user clip distances (GL 4.6 §13.7).
 *
 * A quad covering the viewport (two triangles, a different clip w at each
 * corner so that the perspective divide matters) whose VS writes
 *   distance 0 (slot 2 .x) = x - 0.25 w   -> kept where x_ndc >= 0.25,
 *   distance 6 (slot 3 .z) = 0.5 w - y    -> kept where y_ndc <= 0.5,
 * both linear in clip space, so the clipped boundaries are the lines
 * x_ndc = 0.25 (window x = 40 on a 64-wide target) and y_ndc = 0.5 (window
 * y = 16, y down). Pixels more than one pixel from a boundary are checked:
 * drawn iff on the kept side of every ENABLED distance (clip_distance_enable
 * bits 0 and 6, each alone, both, none; a disabled distance is negative
 * everywhere and must be ignored).
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

static void run(const swr_context_desc *desc)
{
    tu_target t;
    assert_int_equal(tu_target_init(&t, desc, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                     SWR_OK);
    fx_pipeline(&t, SWR_INTERP_PERSPECTIVE);
    swr_vs_state vs = fx_vs_state();
    vs.clip_dist_slot[0] = 2;
    vs.clip_dist_slot[1] = 3;
    swr_set_vs(t.ctx, &vs);
    const float corner[4][3] = {{-1, -1, 1.0f}, {1, -1, 2.0f}, {1, 1, 1.5f}, {-1, 1, 0.7f}};
    fx_vertex q[4];
    for (int k = 0; k < 4; k++) {
        float x = corner[k][0], y = corner[k][1], w = corner[k][2];
        memset(&q[k], 0, sizeof q[k]);
        q[k].pos[0] = x * w, q[k].pos[1] = y * w, q[k].pos[2] = 0, q[k].pos[3] = w;
        q[k].a[0] = q[k].a[1] = q[k].a[2] = q[k].a[3] = 1;
        q[k].b[0] = x * w - 0.25f * w;  /* distance 0 */
        q[k].b[1] = -1;                 /* distance 1: disabled */
        q[k].c[2] = 0.5f * w - y * w;   /* distance 6 */
        q[k].c[0] = -1;                 /* distance 4: disabled */
    }
    fx_vertex v[6] = {q[0], q[1], q[2], q[0], q[2], q[3]};
    const uint8_t enables[4] = {0, 1u << 0, 1u << 6, (1u << 0) | (1u << 6)};
    int bad = 0;
    for (int e = 0; e < 4; e++) {
        swr_rasterizer_state rs = fx_rs();
        rs.clip_distance_enable = enables[e];
        swr_set_rasterizer_state(t.ctx, &rs);
        fx_clear(&t, 0, 0, 0, 0);
        fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 6);
        tu_finish(&t);
        int checked = 0;
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++) {
                /* -1: clearly clipped, 1: clearly kept, 0: within a pixel of a boundary */
                int sx = x + 1 < 40 ? -1 : x > 40 ? 1 : 0;
                int sy = y > 16 ? 1 : y + 1 < 16 ? -1 : 0;
                int want = 1;
                if ((enables[e] & 1) && sx <= 0)
                    want = sx < 0 ? -1 : 0;
                if ((enables[e] & 0x40) && sy <= 0)
                    want = sy < 0 ? -1 : (want == -1 ? -1 : 0);
                if (!want)
                    continue;
                checked++;
                bool drawn = fx_px4(&t, x, y)[0] == 1.0f;
                if (drawn != (want > 0) && bad++ < 6)
                    fprintf(stderr, "%s enable 0x%x: (%u, %u) drawn %d\n",
                            desc->single_threaded ? "single" : "pooled", enables[e], x, y, drawn);
            }
        assert_true(checked > W * H * 8 / 10);
    }
    tu_target_free(&t);
    assert_int_equal(bad, 0);
}

static void test_clip_distances(void **state)
{
    (void)state;
    for (int d = 0; d < 2; d++)
        run(&fx_descs[d]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clip_distances),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
