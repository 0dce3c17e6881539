/*
 * test_pipe_drawid.c: the draw parameters system values of the swr pipe
 * driver in a multi-draw draw_vbo (PIPE_CAP_DRAW_PARAMETERS): DRAWID
 * (lowered to a driver constant per sub-draw, swrp_shader_lower.c and
 * swrp_draw.c), BASEVERTEX and BASEINSTANCE.
 *
 * One draw_vbo of 5 sub-draws, each a quad at its own place, drawn in a
 * permuted order so that a sub-draw's index differs from its quad's
 * position. The shader turns the system values into a colour
 * (DRAWID / 16, BASEVERTEX / 64, BASEINSTANCE / 8). Oracle: Gallium's
 * definitions (docs, TGSI_SEMANTIC_*): DRAWID = drawid_offset + d for
 * sub-draw d, BASEVERTEX = index_bias for indexed draws and the sub-draw's
 * start for non-indexed ones, BASEINSTANCE = start_instance; each quad's
 * pixels must be the colour of those values (computed here), the rest the
 * clear colour (BASEVERTEX of non-indexed draws only while the screen
 * reports PIPE_CAP_DRAW_PARAMETERS: the engine reads it as 0, so the cap
 * is 0 until it does). Run with drawid_offset 0 and 7, indexed and not, with the
 * values read in the VS and (DRAWID) in the FS, and then a plain draw to
 * check the driver constants go back to the slot's own copy.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/gallium/p_screen.h"
#include "frontend-gallium/pipe/swr_public.h"
#include "pipe_test_util.h"

#define NQ   5 /* quads, one per sub-draw */
#define SKIP 2 /* unused quads before the drawn ones in the vertex buffer */

/* Sub-draw d draws quad PERM[d]. */
static const unsigned PERM[NQ] = {3, 0, 4, 1, 2};

static const char *const VS_PARAMS = "VERT\n"
                                     "DCL IN[0]\n"
                                     "DCL IN[1]\n"
                                     "DCL OUT[0], POSITION\n"
                                     "DCL OUT[1], GENERIC[0]\n"
                                     "DCL SV[0], DRAWID\n"
                                     "DCL SV[1], BASEVERTEX\n"
                                     "DCL SV[2], BASEINSTANCE\n"
                                     "DCL TEMP[0]\n"
                                     "IMM[0] FLT32 { 0.0625, 0.015625, 0.125, 1.0000}\n"
                                     "  0: U2F TEMP[0].x, SV[0].xxxx\n"
                                     "  1: I2F TEMP[0].y, SV[1].xxxx\n"
                                     "  2: U2F TEMP[0].z, SV[2].xxxx\n"
                                     "  3: MUL TEMP[0].xyz, TEMP[0].xyzz, IMM[0].xyzz\n"
                                     "  4: MOV TEMP[0].w, IMM[0].wwww\n"
                                     "  5: MOV OUT[0], IN[0]\n"
                                     "  6: MOV OUT[1], TEMP[0]\n"
                                     "  7: END\n";

/* DRAWID in the fragment shader (TGSI allows system values there). */
static const char *const FS_DRAWID = "FRAG\n"
                                     "DCL OUT[0], COLOR\n"
                                     "DCL SV[0], DRAWID\n"
                                     "DCL TEMP[0]\n"
                                     "IMM[0] FLT32 { 0.0625, 0.5000, 1.0000, 0.0000}\n"
                                     "  0: U2F TEMP[0].x, SV[0].xxxx\n"
                                     "  1: MUL TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
                                     "  2: MOV TEMP[0].yzw, IMM[0].xwyz\n"
                                     "  3: MOV OUT[0], TEMP[0]\n"
                                     "  4: END\n";

/* Quad q's window rectangle. */
static void quad_rect(unsigned q, int *x0, int *y0, int *x1, int *y1)
{
    *x0 = 2 + 12 * (int)q;
    *x1 = *x0 + 9;
    *y0 = 8 + 4 * (int)q;
    *y1 = *y0 + 20;
}

typedef struct expect {
    uint32_t color[NQ]; /* per quad */
} expect;

static uint32_t expect_px(int x, int y, const void *arg)
{
    const expect *e = arg;
    for (unsigned q = 0; q < NQ; q++) {
        int x0, y0, x1, y1;
        quad_rect(q, &x0, &y0, &x1, &y1);
        if (x >= x0 && x < x1 && y >= y0 && y < y1)
            return e->color[q];
    }
    return 0;
}

/* The vertex buffer: SKIP unused quads (off-screen), then quads 0..NQ-1. */
static void fill_vertices(pt_vtx *v)
{
    static const float grey[4] = {0.5f, 0.5f, 0.5f, 1};
    for (unsigned q = 0; q < SKIP; q++)
        pt_quad(v + 6 * q, 100, 100, 110, 110, 0, grey);
    for (unsigned q = 0; q < NQ; q++) {
        int x0, y0, x1, y1;
        quad_rect(q, &x0, &y0, &x1, &y1);
        pt_quad(v + 6 * (SKIP + q), (float)x0, (float)y0, (float)x1, (float)y1, 0, grey);
    }
}

static void clear_black(void)
{
    union pipe_color_union black = {{0, 0, 0, 0}};
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &black, 1.0, 0);
}

/* One draw_vbo of NQ sub-draws (sub-draw d: quad PERM[d]). */
static void multi_draw(bool indexed, unsigned drawid_offset, unsigned start_instance)
{
    static const uint8_t idx[6] = {0, 1, 2, 3, 4, 5};
    struct pipe_draw_info info = {
        .mode = PIPE_PRIM_TRIANGLES, .instance_count = 1, .start_instance = start_instance};
    struct pipe_draw_start_count_bias d[NQ];
    for (unsigned i = 0; i < NQ; i++) {
        unsigned first = 6 * (SKIP + PERM[i]);
        d[i].count = 6;
        d[i].start = indexed ? 0 : first;
        d[i].index_bias = indexed ? (int)first : 0;
    }
    if (indexed) {
        info.index_size = 1;
        info.has_user_indices = true;
        info.index.user = idx;
    }
    pt_ctx->draw_vbo(pt_ctx, &info, drawid_offset, d, NQ);
}

/* Gallium's values for sub-draw d: (DRAWID, BASEVERTEX, BASEINSTANCE). */
static void params_of(unsigned d, unsigned drawid_offset, unsigned start_instance, float out[3])
{
    out[0] = (float)(drawid_offset + d);
    out[1] = (float)(6 * (SKIP + PERM[d])); /* index_bias, or start when not indexed */
    out[2] = (float)start_instance;
}

/* pt_check_image with the channels of `mask` compared only. */
static void check_masked(struct pipe_resource *rt, const expect *e, uint32_t mask)
{
    static uint32_t px[PT_W * PT_H];
    pt_read_rgba(rt, px);
    int bad = 0;
    for (int y = 0; y < PT_H; y++)
        for (int x = 0; x < PT_W; x++) {
            uint32_t want = expect_px(x, y, e);
            if (!pt_close8(px[y * PT_W + x] & mask, want & mask, 1) && bad++ < 8)
                fprintf(stderr, "(%d, %d): got %08x want %08x (mask %08x)\n", x, y,
                        px[y * PT_W + x], want, mask);
        }
    assert_int_equal(bad, 0);
}

static void run_vs(pt_fixture *f, bool indexed, unsigned drawid_offset, unsigned start_instance)
{
    clear_black();
    multi_draw(indexed, drawid_offset, start_instance);
    expect e;
    for (unsigned d = 0; d < NQ; d++) {
        float p[3];
        params_of(d, drawid_offset, start_instance, p);
        e.color[PERM[d]] = pt_rgba8(p[0] / 16.0f, p[1] / 64.0f, p[2] / 8.0f, 1);
    }
    /* BASEVERTEX of a non-indexed draw (its start) is only promised with
     * the cap: the engine gives 0 there (swr_vs_args.base_vertex). */
    bool all = indexed || pt_screen->get_param(pt_screen, PIPE_CAP_DRAW_PARAMETERS);
    check_masked(f->rt, &e, all ? 0xffffffffu : 0xffff00ffu);
}

static void test_vs_params(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    pt_vtx v[6 * (SKIP + NQ)];
    fill_vertices(v);
    pt_set_user_vb(v, sizeof(pt_vtx));
    void *vs = pt_make_shader(VS_PARAMS, true);
    assert_non_null(vs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    for (int indexed = 0; indexed < 2; indexed++) {
        run_vs(&f, indexed, 0, 0);
        run_vs(&f, indexed, 7, 3);
    }

    /* Back to the pass-through shaders: their colours, nothing left over. */
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    clear_black();
    multi_draw(false, 5, 0);
    expect e;
    for (unsigned q = 0; q < NQ; q++)
        e.color[q] = pt_rgba8(0.5f, 0.5f, 0.5f, 1);
    pt_check_image(f.rt, expect_px, &e, 1);

    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_fixture_fini(&f);
}

static void test_fs_drawid(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    pt_vtx v[6 * (SKIP + NQ)];
    fill_vertices(v);
    pt_set_user_vb(v, sizeof(pt_vtx));
    void *fs = pt_make_shader(FS_DRAWID, false);
    assert_non_null(fs);
    pt_ctx->bind_fs_state(pt_ctx, fs);
    static const unsigned offsets[2] = {0, 7};
    for (int indexed = 0; indexed < 2; indexed++)
        for (unsigned o = 0; o < 2; o++) {
            clear_black();
            multi_draw(indexed, offsets[o], 0);
            expect e;
            for (unsigned d = 0; d < NQ; d++)
                e.color[PERM[d]] = pt_rgba8((float)(offsets[o] + d) / 16.0f, 0, 0.5f, 1);
            pt_check_image(f.rt, expect_px, &e, 1);
        }

    /* The VS and the FS both read it. */
    void *vs = pt_make_shader(VS_PARAMS, true);
    assert_non_null(vs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    clear_black();
    multi_draw(true, 7, 0);
    expect e;
    for (unsigned d = 0; d < NQ; d++)
        e.color[PERM[d]] = pt_rgba8((float)(7 + d) / 16.0f, 0, 0.5f, 1);
    pt_check_image(f.rt, expect_px, &e, 1);

    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_ctx->delete_fs_state(pt_ctx, fs);
    pt_fixture_fini(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vs_params),
        cmocka_unit_test(test_fs_drawid),
    };
    return cmocka_run_group_tests(tests, pt_group_setup, pt_group_teardown);
}
