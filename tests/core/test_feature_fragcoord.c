/*
 * test_feature_fragcoord: the pixel shader's position input (gl_FragCoord)
 * against its definition: x, y = the pixel's sample point (px + 1/2 with
 * half-pixel centres, px without), z = window depth, w = 1 / clip w.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "test_feature_common.h"

/* Writes the position input to colour 0. */
static void position_ps(const void *shader, swr_ps_args *a)
{
    (void)shader;
    memcpy(&a->color[0], &a->position, sizeof a->color[0]);
}

static void check(bool half_pixel_center, uint32_t d)
{
    enum { W = 32, H = 16 };
    tu_target t;
    assert_int_equal(tu_target_init(&t, &fx_descs[d], W, H, SWR_FORMAT_R32G32B32A32_FLOAT,
                                    SWR_FORMAT_NONE),
                     SWR_OK);
    fx_pipeline(&t, SWR_INTERP_LINEAR);
    swr_ps_state ps = fx_ps_state(SWR_INTERP_LINEAR);
    ps.func = position_ps;
    swr_set_ps(t.ctx, &ps);
    swr_rasterizer_state rs = fx_rs();
    rs.half_pixel_center = half_pixel_center;
    swr_set_rasterizer_state(t.ctx, &rs);
    fx_clear(&t, -1, -1, -1, -1);
    /* A screen-covering triangle at constant depth 0.25 and clip w = 2. */
    static const float c[4] = {0, 0, 0, 1};
    fx_vertex v[3] = {fx_win(W, H, -40, -40, 0.25f, c), fx_win(W, H, 200, -40, 0.25f, c),
                      fx_win(W, H, -40, 200, 0.25f, c)};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 4; i++)
            v[k].pos[i] *= 2.0f;
    fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 3);
    tu_finish(&t);
    float off = half_pixel_center ? 0.5f : 0.0f;
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            const float *p = fx_px4(&t, x, y);
            assert_float_equal(p[0], x + off, 0.0f);
            assert_float_equal(p[1], y + off, 0.0f);
            assert_float_equal(p[2], 0.25f, 1e-6f);
            assert_float_equal(p[3], 0.5f, 1e-6f);
        }
    }
    tu_target_free(&t);
}

static void test_half_pixel(void **state)
{
    (void)state;
    for (uint32_t d = 0; d < 2; d++)
        check(true, d);
}

static void test_integer_centres(void **state)
{
    (void)state;
    for (uint32_t d = 0; d < 2; d++)
        check(false, d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_half_pixel),
        cmocka_unit_test(test_integer_centres),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
