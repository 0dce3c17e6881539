/*
 * test_pipe_state_cache.c: state the pipe driver's draw path skips resending
 * when it believes nothing changed (swrp_draw.c: the link cache of
 * swrp_context.h, the dirty bits of set_blend_color / set_stencil_ref, the
 * vertex buffer slots compared) still reaches the engine when it did change.
 *
 * Each test draws, changes ONE piece of state, draws again and checks the
 * pixels against analytic values on the pipe_test_util.h fixture (64x64
 * RGBA8, quads given by their window rectangle):
 *  - a rasterizer CSO deleted and a new one created (malloc usually hands
 *    back the same address) that culls everything: the second draw must
 *    draw nothing;
 *  - set_blend_color alone between two draws with a constant-colour blend:
 *    each rectangle takes its own constant (dst = 0, so the result is
 *    src * constant);
 *  - set_stencil_ref alone between two draws with stencil REPLACE writes and
 *    then an EQUAL test per reference: each rectangle passes only where its
 *    own reference was written.
 * Thread: main thread; the engine's pool works.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/pipe/swr_public.h"
#include "pipe_test_util.h"

static const float WHITE[4] = {1, 1, 1, 1};

/* Colour of pixel (x, y) for a list of rectangles, last wins, else 0. */
typedef struct rects {
    int n;
    float r[4][4];
    uint32_t color[4];
} rects;

static uint32_t expect_rects(int x, int y, const void *arg)
{
    const rects *l = arg;
    uint32_t c = 0;
    for (int i = 0; i < l->n; i++)
        if (l->r[i][0] <= x + 0.5f && x + 0.5f < l->r[i][2] && l->r[i][1] <= y + 0.5f &&
            y + 0.5f < l->r[i][3])
            c = l->color[i];
    return c;
}

/* Draws window rectangle [x0,x1) x [y0,y1) in colour c from user memory. */
static void draw_rect(float x0, float y0, float x1, float y1, const float c[4])
{
    static pt_vtx v[6]; /* user vertex buffers are copied at the draw */
    pt_quad(v, x0, y0, x1, y1, 0, c);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
}

static void rasterizer_replaced_at_same_address(void **state)
{
    (void)state;
    struct pipe_context *ctx = pt_ctx;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    draw_rect(8, 8, 24, 24, WHITE);

    struct pipe_rasterizer_state cull_all = {.half_pixel_center = true,
                                             .depth_clip_near = true,
                                             .depth_clip_far = true,
                                             .cull_face = PIPE_FACE_FRONT_AND_BACK,
                                             .front_ccw = true,
                                             .line_width = 1,
                                             .point_size = 1};
    void *old = f.rast;
    ctx->bind_rasterizer_state(ctx, NULL);
    ctx->delete_rasterizer_state(ctx, old);
    f.rast = ctx->create_rasterizer_state(ctx, &cull_all);
    assert_non_null(f.rast);
    if (f.rast != old)
        print_message("note: the new rasterizer CSO has another address\n");
    ctx->bind_rasterizer_state(ctx, f.rast);
    draw_rect(32, 32, 56, 56, WHITE); /* culled */

    rects want = {.n = 1, .r = {{8, 8, 24, 24}}, .color = {pt_rgba8(1, 1, 1, 1)}};
    pt_check_image(f.rt, expect_rects, &want, 0);
    pt_fixture_fini(&f);
}

static void blend_color_alone_between_draws(void **state)
{
    (void)state;
    struct pipe_context *ctx = pt_ctx;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    struct pipe_blend_state bs = {0};
    bs.rt[0].colormask = PIPE_MASK_RGBA;
    bs.rt[0].blend_enable = 1;
    bs.rt[0].rgb_func = bs.rt[0].alpha_func = PIPE_BLEND_ADD;
    bs.rt[0].rgb_src_factor = bs.rt[0].alpha_src_factor = PIPE_BLENDFACTOR_CONST_COLOR;
    bs.rt[0].rgb_dst_factor = bs.rt[0].alpha_dst_factor = PIPE_BLENDFACTOR_ZERO;
    void *blend = ctx->create_blend_state(ctx, &bs);
    assert_non_null(blend);
    ctx->bind_blend_state(ctx, blend);

    struct pipe_blend_color c1 = {{1, 0, 0, 1}}, c2 = {{0, 0, 1, 1}};
    ctx->set_blend_color(ctx, &c1);
    draw_rect(0, 0, 32, 32, WHITE);
    ctx->set_blend_color(ctx, &c2);
    draw_rect(32, 32, 64, 64, WHITE);

    rects want = {.n = 2,
                  .r = {{0, 0, 32, 32}, {32, 32, 64, 64}},
                  .color = {pt_rgba8(1, 0, 0, 1), pt_rgba8(0, 0, 1, 1)}};
    pt_check_image(f.rt, expect_rects, &want, 0);
    ctx->bind_blend_state(ctx, f.blend);
    ctx->delete_blend_state(ctx, blend);
    pt_fixture_fini(&f);
}

static void stencil_ref_alone_between_draws(void **state)
{
    (void)state;
    struct pipe_context *ctx = pt_ctx;
    /* Pass 1: write the reference everywhere a rectangle covers. */
    struct pipe_depth_stencil_alpha_state write = {0};
    write.stencil[0].enabled = 1;
    write.stencil[0].func = PIPE_FUNC_ALWAYS;
    write.stencil[0].fail_op = write.stencil[0].zfail_op = PIPE_STENCIL_OP_KEEP;
    write.stencil[0].zpass_op = PIPE_STENCIL_OP_REPLACE;
    write.stencil[0].valuemask = write.stencil[0].writemask = 0xff;
    pt_fixture f;
    pt_fixture_init(&f, &write);
    const float black[4] = {0, 0, 0, 1};
    struct pipe_stencil_ref r1 = {{1, 1}}, r2 = {{2, 2}};
    ctx->set_stencil_ref(ctx, &r1);
    draw_rect(0, 0, 32, 64, black);
    ctx->set_stencil_ref(ctx, &r2);
    draw_rect(32, 0, 64, 64, black);

    /* Pass 2: the whole target, passing only where the stencil equals the
     * reference; only set_stencil_ref changes between the two draws. */
    struct pipe_depth_stencil_alpha_state test = write;
    test.stencil[0].func = PIPE_FUNC_EQUAL;
    test.stencil[0].zpass_op = PIPE_STENCIL_OP_KEEP;
    void *dsa = ctx->create_depth_stencil_alpha_state(ctx, &test);
    assert_non_null(dsa);
    ctx->bind_depth_stencil_alpha_state(ctx, dsa);
    const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
    ctx->set_stencil_ref(ctx, &r1);
    draw_rect(0, 0, 64, 32, red);
    ctx->set_stencil_ref(ctx, &r2);
    draw_rect(0, 32, 64, 64, green);

    rects want = {.n = 3,
                  .r = {{0, 0, 64, 64}, {0, 0, 32, 32}, {32, 32, 64, 64}},
                  .color = {pt_rgba8(0, 0, 0, 1), pt_rgba8(1, 0, 0, 1), pt_rgba8(0, 1, 0, 1)}};
    pt_check_image(f.rt, expect_rects, &want, 0);
    ctx->bind_depth_stencil_alpha_state(ctx, f.dsa);
    ctx->delete_depth_stencil_alpha_state(ctx, dsa);
    pt_fixture_fini(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rasterizer_replaced_at_same_address),
        cmocka_unit_test(blend_color_alone_between_draws),
        cmocka_unit_test(stencil_ref_alone_between_draws),
    };
    return cmocka_run_group_tests(tests, pt_group_setup, pt_group_teardown);
}
