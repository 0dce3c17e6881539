/*
 * bench_api.c: the API thread's cost per draw through the pipe driver.
 *
 * Scientific-visualization programs issue many small draws with state
 * changes between them; each costs the application's thread draw_vbo
 * (swrp_draw.c: state compare/send, resource marking) plus swr_draw
 * (core/swr_api.c: state versioning, draw-context ring). Every scene here
 * is one draw_vbo of one small triangle (a few pixels, so the workers have
 * little to do) per iteration, from a vertex buffer resource, on the
 * pipe_test_util.h fixture (64x64 RGBA8 + Z24S8), after:
 *   same_state  nothing changed since the previous draw;
 *   uniform     a new user constant buffer (a GL uniform update) for the VS;
 *   vb          the other of two vertex buffer resources bound;
 *   blend       the other of two blend CSOs bound (state that is derived).
 * A flush every FLUSH_EVERY draws stands for the end of a frame.
 *
 * For instructions per draw run it under callgrind with the workers on and
 * --separate-threads=yes, and read the main thread's inclusive cost of
 * draw_vbo divided by its call count (the README of the report says how).
 * Thread: main thread drives the pipe context; the engine's pool works.
 */
#include <stdlib.h>
#include <string.h>

#include "cbench.h"
#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/gallium/p_screen.h"
#include "frontend-gallium/pipe/swr_public.h"
#include "pipe_test_util.h"

/* About one frame of a visualization scene's small draws. */
#define FLUSH_EVERY 1024

enum scene { SCENE_SAME, SCENE_UNIFORM, SCENE_VB, SCENE_BLEND };

/* OUT[0] = IN[0] + CONST[0][0] (a placement uniform), colour from CONST[0][1]. */
static const char *const VS_CONST = "VERT\n"
                                    "DCL IN[0]\n"
                                    "DCL IN[1]\n"
                                    "DCL OUT[0], POSITION\n"
                                    "DCL OUT[1], GENERIC[0]\n"
                                    "DCL CONST[0][0..1]\n"
                                    "  0: ADD OUT[0], IN[0], CONST[0][0]\n"
                                    "  1: MOV OUT[1], CONST[0][1]\n"
                                    "  2: END\n";

static void bm_draws(cb_state *st, void *user)
{
    enum scene scene = (enum scene)(intptr_t)user;
    struct pipe_context *ctx = pt_ctx;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    void *vs = pt_make_shader(VS_CONST, true);
    ctx->bind_vs_state(ctx, vs);

    /* A 2x2-pixel triangle near the centre, in two buffers. */
    pt_vtx v[6];
    const float c[4] = {1, 0.5f, 0.25f, 1};
    pt_quad(v, 30, 30, 32, 32, 0, c);
    struct pipe_resource *buf[2] = {
        pt_make_buffer(sizeof v, PIPE_BIND_VERTEX_BUFFER, v),
        pt_make_buffer(sizeof v, PIPE_BIND_VERTEX_BUFFER, v),
    };
    struct pipe_vertex_buffer vb[2] = {{.stride = sizeof(pt_vtx)}, {.stride = sizeof(pt_vtx)}};
    vb[0].buffer.resource = buf[0];
    vb[1].buffer.resource = buf[1];
    ctx->set_vertex_buffers(ctx, 0, 1, &vb[0]);

    struct pipe_blend_state bs = {0};
    bs.rt[0].colormask = PIPE_MASK_RGBA;
    bs.rt[0].blend_enable = 1;
    bs.rt[0].rgb_func = bs.rt[0].alpha_func = PIPE_BLEND_ADD;
    bs.rt[0].rgb_src_factor = bs.rt[0].alpha_src_factor = PIPE_BLENDFACTOR_SRC_ALPHA;
    bs.rt[0].rgb_dst_factor = bs.rt[0].alpha_dst_factor = PIPE_BLENDFACTOR_INV_SRC_ALPHA;
    void *blend[2] = {f.blend, ctx->create_blend_state(ctx, &bs)};

    float consts[8] = {0, 0, 0, 0, 1, 1, 1, 1};
    struct pipe_constant_buffer cb = {.user_buffer = consts, .buffer_size = sizeof consts};
    ctx->set_constant_buffer(ctx, PIPE_SHADER_VERTEX, 0, &cb);

    struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES, .instance_count = 1};
    struct pipe_draw_start_count_bias d = {.start = 0, .count = 3};
    uint64_t n = 0;
    while (cb_keep_running(st)) {
        switch (scene) {
        case SCENE_UNIFORM:
            consts[0] = (float)(n & 7) * 1e-3f;
            ctx->set_constant_buffer(ctx, PIPE_SHADER_VERTEX, 0, &cb);
            break;
        case SCENE_VB:
            ctx->set_vertex_buffers(ctx, 0, 1, &vb[n & 1]);
            break;
        case SCENE_BLEND:
            ctx->bind_blend_state(ctx, blend[n & 1]);
            break;
        default:
            break;
        }
        ctx->draw_vbo(ctx, &info, 0, &d, 1);
        if (++n % FLUSH_EVERY == 0)
            ctx->flush(ctx, NULL, 0);
    }
    struct pipe_fence_handle *fence = NULL;
    ctx->flush(ctx, &fence, 0);
    pt_screen->fence_finish(pt_screen, ctx, fence, UINT64_MAX);
    pt_screen->fence_reference(pt_screen, &fence, NULL);
    cb_set_items_processed(st, (int64_t)n);

    ctx->bind_blend_state(ctx, f.blend);
    ctx->delete_blend_state(ctx, blend[1]);
    ctx->set_constant_buffer(ctx, PIPE_SHADER_VERTEX, 0, NULL);
    ctx->bind_vs_state(ctx, f.vs);
    ctx->delete_vs_state(ctx, vs);
    pt_fixture_fini(&f);
    pipe_resource_reference(&buf[0], NULL);
    pipe_resource_reference(&buf[1], NULL);
}

int main(int argc, char **argv)
{
    if (pt_group_setup(NULL) != 0)
        return 1;
    static const struct {
        const char *name;
        enum scene scene;
    } scenes[] = {
        {"draws/same_state", SCENE_SAME},
        {"draws/uniform", SCENE_UNIFORM},
        {"draws/vb", SCENE_VB},
        {"draws/blend", SCENE_BLEND},
    };
    for (size_t i = 0; i < sizeof scenes / sizeof scenes[0]; i++)
        cb_register(scenes[i].name, bm_draws, (void *)(intptr_t)scenes[i].scene);
    int r = cb_main(argc, argv);
    pt_group_teardown(NULL);
    return r;
}
