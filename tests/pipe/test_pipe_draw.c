/*
 * test_pipe_draw.c: the swr pipe driver's CSOs, state, draw_vbo and clears
 * (frontend-gallium/pipe/swrp_state.c, swrp_shader.c, swrp_draw.c), driven
 * through the pipe_context table like a small demo program: a 64x64 RGBA8
 * render target and a Z24S8 depth buffer, TGSI shaders given as text,
 * results read back through texture_map.
 *
 * Oracles are analytic. The viewport maps NDC to window coordinates with
 * x_w = 32 x + 32, y_w = 32 y + 32 (y grows with the row number), z_w =
 * z / 2 + 1/2, so a quad is given directly by its window rectangle. With
 * pixel centres at +0.5 and the top-left rule, a rectangle [x0, x1) x
 * [y0, y1) covers pixel (px, py) iff x0 <= px + 0.5 < x1 and likewise y;
 * edges placed exactly on pixel centres check the rule's inclusive and
 * exclusive sides. Colours are constants or formulas (blending), converted
 * to UNORM8 by round(255 x), compared with a tolerance of 1 where a
 * formula is involved.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frontend-gallium/pipe/swr_public.h"
#include "frontend-gallium/pipe/swrp_context.h"
#include "frontend-gallium/pipe/swrp_state.h"
#include "pipe_test_util.h"

#define W PT_W
#define H PT_H

/* ---- image checks ---------------------------------------------------------- */

static bool close8(uint32_t a, uint32_t b, int tol)
{
    for (int i = 0; i < 4; i++) {
        int x = (int)((a >> (8 * i)) & 0xff), y = (int)((b >> (8 * i)) & 0xff);
        if (abs(x - y) > tol)
            return false;
    }
    return true;
}

static bool in_rect(int x, int y, float x0, float y0, float x1, float y1)
{
    return x0 <= x + 0.5f && x + 0.5f < x1 && y0 <= y + 0.5f && y + 0.5f < y1;
}

/* Checks every pixel against expect(x, y); prints the first mismatches. */
typedef uint32_t (*expect_fn)(int x, int y, const void *arg);

static void check_image(struct pipe_resource *r, expect_fn expect, const void *arg, int tol)
{
    static uint32_t img[W * H];
    pt_read_rgba(r, img);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint32_t e = expect(x, y, arg), g = img[y * W + x];
            if (!close8(e, g, tol) && bad++ < 5)
                print_error("pixel (%d, %d): got %08x, expected %08x\n", x, y, g, e);
        }
    assert_int_equal(bad, 0);
}

/* Expected image: a list of rectangles, last one wins; background 0. */
typedef struct rect_list {
    int n;
    float r[8][4];
    uint32_t color[8];
    uint32_t background;
} rect_list;

static uint32_t expect_rects(int x, int y, const void *arg)
{
    const rect_list *l = arg;
    uint32_t c = l->background;
    for (int i = 0; i < l->n; i++)
        if (in_rect(x, y, l->r[i][0], l->r[i][1], l->r[i][2], l->r[i][3]))
            c = l->color[i];
    return c;
}

static void add_rect(rect_list *l, float x0, float y0, float x1, float y1, uint32_t c)
{
    l->r[l->n][0] = x0;
    l->r[l->n][1] = y0;
    l->r[l->n][2] = x1;
    l->r[l->n][3] = y1;
    l->color[l->n++] = c;
}

/* ---- tests ---------------------------------------------------------------------- */

static const float RED[4] = {1, 0, 0, 1}, GREEN[4] = {0, 1, 0, 1}, BLUE[4] = {0, 0, 1, 1};

/* Top-left rule on an axis-aligned quad whose edges lie on pixel centres,
 * from a user vertex buffer and from a buffer resource. */
static void test_quad_coverage(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    pt_vtx v[6];
    pt_quad(v, 8.5f, 10.5f, 24.5f, 30.5f, 0, RED);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    /* Covered: x 8..23 (8.5 on the left edge is in, 24.5 on the right is
     * out), y 10..29. */
    rect_list l = {0};
    add_rect(&l, 8, 10, 24, 30, pt_rgba8(1, 0, 0, 1));
    check_image(f.rt, expect_rects, &l, 0);

    /* Same geometry moved, from a resource with a buffer_offset. */
    pt_vtx v2[7];
    memset(&v2[0], 0xff, sizeof v2[0]); /* junk before buffer_offset */
    pt_quad(v2 + 1, 40, 40, 60, 50, 0, GREEN);
    struct pipe_resource *buf = pt_make_buffer(sizeof v2, PIPE_BIND_VERTEX_BUFFER, v2);
    assert_non_null(buf);
    struct pipe_vertex_buffer vb = {.stride = sizeof(pt_vtx), .buffer_offset = sizeof(pt_vtx)};
    vb.buffer.resource = buf;
    pt_ctx->set_vertex_buffers(pt_ctx, 0, 1, &vb);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    add_rect(&l, 40, 40, 60, 50, pt_rgba8(0, 1, 0, 1));
    check_image(f.rt, expect_rects, &l, 0);
    pipe_resource_reference(&buf, NULL); /* still bound: the binding holds it */
    pt_fixture_fini(&f);
}

/* A render target drawn into, unbound and destroyed without ever being read
 * back: set_framebuffer_state queues the old tiles' store and records it on
 * the old resources, so the storage outlives the store; drawing on into the
 * new target still works. (Whether a missing record would be caught here
 * depends on when the screen reaps deferred frees; the query/blit tests
 * first showed the write-after-free under ASan.) */
static void test_destroy_unread_target(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    pt_vtx v[6];
    pt_quad(v, 0, 0, 64, 64, 0, RED);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    struct pipe_resource *rt2 =
        pt_make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, W, H, PIPE_BIND_RENDER_TARGET);
    assert_non_null(rt2);
    struct pipe_surface *cs2 = pt_make_surface(rt2);
    assert_non_null(cs2);
    pt_bind_fb(cs2, NULL, f.zss);
    pipe_surface_reference(&f.cs, NULL);
    pipe_resource_reference(&f.rt, NULL); /* the last reference: destroyed now */
    union pipe_color_union black = {{0, 0, 0, 0}};
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTHSTENCIL, &black, 1.0, 0);
    pt_quad(v, 8, 8, 16, 16, 0, GREEN);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    rect_list l = {0};
    add_rect(&l, 8, 8, 16, 16, pt_rgba8(0, 1, 0, 1));
    check_image(rt2, expect_rects, &l, 0);
    f.rt = rt2;
    f.cs = cs2;
    pt_fixture_fini(&f);
}

/* Depth LESS with writes: the nearer quad wins the overlap whichever is
 * drawn first. */
static void test_depth_order(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    struct pipe_depth_stencil_alpha_state d = {0};
    d.depth.enabled = true;
    d.depth.writemask = true;
    d.depth.func = PIPE_FUNC_LESS;
    void *dsa = pt_ctx->create_depth_stencil_alpha_state(pt_ctx, &d);
    assert_non_null(dsa);
    pt_ctx->bind_depth_stencil_alpha_state(pt_ctx, dsa);
    for (int order = 0; order < 2; order++) {
        union pipe_color_union black = {{0, 0, 0, 0}};
        pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTH, &black, 1.0, 0);
        pt_vtx v[12];
        pt_quad(v + (order ? 6 : 0), 8, 8, 40, 40, -0.5f, RED);   /* near: z_w 0.25 */
        pt_quad(v + (order ? 0 : 6), 24, 24, 56, 56, 0.5f, BLUE); /* far: z_w 0.75 */
        pt_set_user_vb(v, sizeof(pt_vtx));
        pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 12);
        rect_list l = {0};
        add_rect(&l, 24, 24, 56, 56, pt_rgba8(0, 0, 1, 1));
        add_rect(&l, 8, 8, 40, 40, pt_rgba8(1, 0, 0, 1));
        check_image(f.rt, expect_rects, &l, 0);
    }
    /* The depth buffer holds z_w of the winner: 0.25 * (2^24 - 1). */
    struct pipe_box box = {30, 30, 0, 1, 1, 1};
    struct pipe_transfer *t;
    const uint32_t *z = pt_ctx->texture_map(pt_ctx, f.zs, 0, PIPE_MAP_READ, &box, &t);
    assert_non_null(z);
    assert_true(labs((long)(*z & 0xffffff) - 4194304L) <= 1);
    pt_ctx->texture_unmap(pt_ctx, t);
    pt_ctx->bind_depth_stencil_alpha_state(pt_ctx, f.dsa);
    pt_ctx->delete_depth_stencil_alpha_state(pt_ctx, dsa);
    pt_fixture_fini(&f);
}

/* SRC_ALPHA / INV_SRC_ALPHA over a cleared background, and a constant
 * colour factor from set_blend_color. */
static void test_blend(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    union pipe_color_union bg = {{0.5f, 0.5f, 0.5f, 0.5f}};
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &bg, 1.0, 0);
    struct pipe_blend_state b = {0};
    b.rt[0] = (struct pipe_rt_blend_state){.blend_enable = true,
                                           .rgb_func = PIPE_BLEND_ADD,
                                           .rgb_src_factor = PIPE_BLENDFACTOR_SRC_ALPHA,
                                           .rgb_dst_factor = PIPE_BLENDFACTOR_INV_SRC_ALPHA,
                                           .alpha_func = PIPE_BLEND_ADD,
                                           .alpha_src_factor = PIPE_BLENDFACTOR_CONST_ALPHA,
                                           .alpha_dst_factor = PIPE_BLENDFACTOR_ZERO,
                                           .colormask = PIPE_MASK_RGBA};
    void *blend = pt_ctx->create_blend_state(pt_ctx, &b);
    assert_non_null(blend);
    pt_ctx->bind_blend_state(pt_ctx, blend);
    struct pipe_blend_color bc = {{0, 0, 0, 0.5f}};
    pt_ctx->set_blend_color(pt_ctx, &bc);
    const float src[4] = {1, 0.2f, 0, 0.25f};
    pt_vtx v[6];
    pt_quad(v, 0, 0, 32, 64, 0, src);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    /* rgb = src * a + dst * (1 - a); alpha = src.a * const.a. */
    const float a = src[3];
    rect_list l = {.background = pt_rgba8(0.5f, 0.5f, 0.5f, 0.5f)};
    add_rect(&l, 0, 0, 32, 64,
             pt_rgba8(src[0] * a + 0.5f * (1 - a), src[1] * a + 0.5f * (1 - a),
                   src[2] * a + 0.5f * (1 - a), a * 0.5f));
    check_image(f.rt, expect_rects, &l, 1);
    pt_ctx->bind_blend_state(pt_ctx, f.blend);
    pt_ctx->delete_blend_state(pt_ctx, blend);
    pt_fixture_fini(&f);
}

/* Dual-source blending: rgb = COLOR[0] * COLOR[1] (SRC1_COLOR, ZERO). */
static void test_dual_source(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const char *fs_text = "FRAG\n"
                                 "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                                 "DCL OUT[0], COLOR[0]\n"
                                 "DCL OUT[1], COLOR[1]\n"
                                 "IMM[0] FLT32 { 0.5000, 0.2500, 1.0000, 1.0000}\n"
                                 "  0: MOV OUT[0], IN[0]\n"
                                 "  1: MOV OUT[1], IMM[0]\n"
                                 "  2: END\n";
    void *fs = pt_make_shader(fs_text, false);
    assert_non_null(fs);
    struct pipe_blend_state b = {0};
    b.rt[0] = (struct pipe_rt_blend_state){
        .blend_enable = true, .rgb_func = PIPE_BLEND_ADD,
        .rgb_src_factor = PIPE_BLENDFACTOR_SRC1_COLOR, .rgb_dst_factor = PIPE_BLENDFACTOR_ZERO,
        .alpha_func = PIPE_BLEND_ADD, .alpha_src_factor = PIPE_BLENDFACTOR_ONE,
        .alpha_dst_factor = PIPE_BLENDFACTOR_ZERO, .colormask = PIPE_MASK_RGBA};
    void *blend = pt_ctx->create_blend_state(pt_ctx, &b);
    assert_non_null(blend);
    pt_ctx->bind_blend_state(pt_ctx, blend);
    pt_ctx->bind_fs_state(pt_ctx, fs);
    const float white[4] = {1, 0.8f, 0.6f, 1};
    pt_vtx v[6];
    pt_quad(v, 16, 16, 48, 48, 0, white);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    rect_list l = {0};
    add_rect(&l, 16, 16, 48, 48, pt_rgba8(0.5f, 0.2f, 0.6f, 1));
    check_image(f.rt, expect_rects, &l, 1);
    pt_ctx->bind_blend_state(pt_ctx, f.blend);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_ctx->delete_blend_state(pt_ctx, blend);
    pt_ctx->delete_fs_state(pt_ctx, fs); /* draws may still run: the driver keeps it alive */
    pt_fixture_fini(&f);
}

/* Two quads as triangle strips, vertices 0-3 and 4-7, with vertex 8 in the
 * gap between them: the index list 0 1 2 3 R 4 5 6 7 with restart index R
 * = 8 draws the two quads only; ignoring the restart would draw triangles
 * through vertex 8 and cover the gap. */
static pt_vtx strip_verts[9];

static void make_strip_verts(void)
{
    const float q[2][4] = {{4, 4, 20, 20}, {40, 40, 60, 60}};
    const float *col[2] = {RED, GREEN};
    for (int k = 0; k < 2; k++) {
        const float x[4] = {q[k][0], q[k][0], q[k][2], q[k][2]};
        const float y[4] = {q[k][1], q[k][3], q[k][1], q[k][3]};
        for (int i = 0; i < 4; i++)
            strip_verts[k * 4 + i] = (pt_vtx){{pt_nx(x[i]), pt_nx(y[i]), 0, 1},
                                           {col[k][0], col[k][1], col[k][2], col[k][3]}};
    }
    strip_verts[8] = (pt_vtx){{pt_nx(30), pt_nx(30), 0, 1}, {1, 1, 1, 1}};
}

static void expect_two_quads(pt_fixture *f, bool first, bool second)
{
    rect_list l = {0};
    if (first)
        add_rect(&l, 4, 4, 20, 20, pt_rgba8(1, 0, 0, 1));
    if (second)
        add_rect(&l, 40, 40, 60, 60, pt_rgba8(0, 1, 0, 1));
    check_image(f->rt, expect_rects, &l, 0);
}

static void test_indexed_restart(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    make_strip_verts();
    /* A resource, so vertex 8 is fetchable even though no drawn index
     * names it (a user buffer is copied only up to the highest index). */
    struct pipe_resource *vbuf = pt_make_buffer(sizeof strip_verts, PIPE_BIND_VERTEX_BUFFER,
                                             strip_verts);
    struct pipe_vertex_buffer vb = {.stride = sizeof(pt_vtx)};
    vb.buffer.resource = vbuf;
    pt_ctx->set_vertex_buffers(pt_ctx, 0, 1, &vb);
    static const uint16_t idx16[9] = {0, 1, 2, 3, 8, 4, 5, 6, 7};
    static const uint8_t idx8[9] = {0, 1, 2, 3, 8, 4, 5, 6, 7};
    static const uint32_t idx32[9] = {0, 1, 2, 3, 8, 4, 5, 6, 7};
    const void *lists[3] = {idx8, idx16, idx32};
    union pipe_color_union black = {{0, 0, 0, 0}};
    for (int s = 0; s < 3; s++) {
        for (int res = 0; res < 2; res++) {
            pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &black, 1.0, 0);
            unsigned isz = 1u << s;
            struct pipe_resource *ib = NULL;
            struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLE_STRIP,
                                          .index_size = (uint8_t)isz, .instance_count = 1,
                                          .primitive_restart = true, .restart_index = 8};
            if (res) {
                ib = pt_make_buffer(9 * isz, PIPE_BIND_INDEX_BUFFER, lists[s]);
                info.index.resource = ib;
            } else {
                info.has_user_indices = true;
                info.index.user = lists[s];
            }
            struct pipe_draw_start_count_bias d = {.start = 0, .count = 9};
            pt_ctx->draw_vbo(pt_ctx, &info, 0, &d, 1);
            expect_two_quads(&f, true, true);
            pipe_resource_reference(&ib, NULL);
        }
    }
    pipe_resource_reference(&vbuf, NULL);
    /* index_bias and multi-draw from a user vertex buffer: indices 4-7
     * drawn with bias -4 and indices 0-3 with bias 0; min/max bounds given. */
    pt_set_user_vb(strip_verts, sizeof(pt_vtx));
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &black, 1.0, 0);
    struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLE_STRIP, .index_size = 2,
                                  .instance_count = 1, .has_user_indices = true,
                                  .index_bounds_valid = true, .min_index = 0, .max_index = 7};
    info.index.user = idx16;
    struct pipe_draw_start_count_bias d[2] = {{.start = 5, .count = 4, .index_bias = -4},
                                              {.start = 0, .count = 4, .index_bias = 0}};
    pt_ctx->draw_vbo(pt_ctx, &info, 0, d, 1);
    expect_two_quads(&f, true, false);
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &black, 1.0, 0);
    d[0].index_bias = 0;
    pt_ctx->draw_vbo(pt_ctx, &info, 0, d, 2);
    expect_two_quads(&f, true, true);
    /* Without bounds the driver scans the indices (plus bias) to size its
     * copy of the user buffer: indices 0-3 with bias 4 reach vertex 7. */
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &black, 1.0, 0);
    info.index_bounds_valid = false;
    info.max_index = 0;
    d[0] = (struct pipe_draw_start_count_bias){.start = 0, .count = 4, .index_bias = 4};
    pt_ctx->draw_vbo(pt_ctx, &info, 0, d, 1);
    expect_two_quads(&f, false, true);
    pt_fixture_fini(&f);
}

/* Instancing: IN[2] is a per-instance offset (divisor 1) from a second
 * buffer; start_instance selects which offsets are fetched. */
static void test_instancing(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const char *vs_text = "VERT\n"
                                 "DCL IN[0]\n"
                                 "DCL IN[1]\n"
                                 "DCL IN[2]\n"
                                 "DCL OUT[0], POSITION\n"
                                 "DCL OUT[1], GENERIC[0]\n"
                                 "  0: ADD OUT[0], IN[0], IN[2]\n"
                                 "  1: MOV OUT[1], IN[1]\n"
                                 "  2: END\n";
    void *vs = pt_make_shader(vs_text, true);
    assert_non_null(vs);
    struct pipe_vertex_element e[3] = {
        {.src_offset = 0, .vertex_buffer_index = 0, .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT},
        {.src_offset = 16, .vertex_buffer_index = 0, .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT},
        {.src_offset = 0, .instance_divisor = 1, .vertex_buffer_index = 1,
         .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT},
    };
    void *ve = pt_ctx->create_vertex_elements_state(pt_ctx, 3, e);
    assert_non_null(ve);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_ctx->bind_vertex_elements_state(pt_ctx, ve);
    pt_vtx v[6];
    pt_quad(v, 4, 8, 12, 16, 0, BLUE);
    /* Window offsets (0,0), (16,8), (32,16): NDC = window / 32; w stays
     * 0 (a 2-component format would read w = 1 and double the vertex w). */
    static const float offs[3][4] = {{0, 0, 0, 0}, {0.5f, 0.25f, 0, 0}, {1.0f, 0.5f, 0, 0}};
    struct pipe_vertex_buffer vb[2] = {{.stride = sizeof(pt_vtx), .is_user_buffer = true},
                                       {.stride = 16, .is_user_buffer = true}};
    vb[0].buffer.user = v;
    vb[1].buffer.user = offs;
    pt_ctx->set_vertex_buffers(pt_ctx, 0, 2, vb);
    struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES, .instance_count = 3};
    struct pipe_draw_start_count_bias d = {.start = 0, .count = 6};
    pt_ctx->draw_vbo(pt_ctx, &info, 0, &d, 1);
    uint32_t blue = pt_rgba8(0, 0, 1, 1);
    rect_list l = {0};
    add_rect(&l, 4, 8, 12, 16, blue);
    add_rect(&l, 20, 16, 28, 24, blue);
    add_rect(&l, 36, 24, 44, 32, blue);
    check_image(f.rt, expect_rects, &l, 0);

    union pipe_color_union black = {{0, 0, 0, 0}};
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &black, 1.0, 0);
    info.start_instance = 1;
    info.instance_count = 2;
    pt_ctx->draw_vbo(pt_ctx, &info, 0, &d, 1);
    rect_list l2 = {0};
    add_rect(&l2, 20, 16, 28, 24, blue);
    add_rect(&l2, 36, 24, 44, 32, blue);
    check_image(f.rt, expect_rects, &l2, 0);

    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->bind_vertex_elements_state(pt_ctx, f.velems);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_ctx->delete_vertex_elements_state(pt_ctx, ve);
    pt_fixture_fini(&f);
}

/* Constant buffers: two FS buffers (user memory and a resource with an
 * offset) and a VS buffer that moves the quad. */
static void test_constants(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const char *vs_text = "VERT\n"
                                 "DCL IN[0]\n"
                                 "DCL IN[1]\n"
                                 "DCL OUT[0], POSITION\n"
                                 "DCL OUT[1], GENERIC[0]\n"
                                 "DCL CONST[0][0]\n"
                                 "  0: ADD OUT[0], IN[0], CONST[0][0]\n"
                                 "  1: MOV OUT[1], IN[1]\n"
                                 "  2: END\n";
    static const char *fs_text = "FRAG\n"
                                 "DCL OUT[0], COLOR\n"
                                 "DCL CONST[0][0..1]\n"
                                 "DCL CONST[1][0]\n"
                                 "DCL TEMP[0]\n"
                                 "  0: ADD TEMP[0], CONST[0][0], CONST[0][1]\n"
                                 "  1: ADD OUT[0], TEMP[0], CONST[1][0]\n"
                                 "  2: END\n";
    void *vs = pt_make_shader(vs_text, true), *fs = pt_make_shader(fs_text, false);
    assert_non_null(vs);
    assert_non_null(fs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_ctx->bind_fs_state(pt_ctx, fs);
    const float vs_c[4] = {0.5f, 0.25f, 0, 0}; /* window (+16, +8) */
    struct pipe_constant_buffer cb = {.user_buffer = vs_c, .buffer_size = 16};
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_VERTEX, 0, &cb);
    float fs_c0[8] = {0.25f, 0, 0, 0.5f, 0, 0.5f, 0, 0.25f};
    cb = (struct pipe_constant_buffer){.user_buffer = fs_c0, .buffer_size = 32};
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 0, &cb);
    memset(fs_c0, 0, sizeof fs_c0); /* the driver copied it */
    const float fs_c1[8] = {9, 9, 9, 9, 0, 0, 0.75f, 0.25f};
    struct pipe_resource *buf = pt_make_buffer(sizeof fs_c1, PIPE_BIND_CONSTANT_BUFFER, fs_c1);
    cb = (struct pipe_constant_buffer){.buffer = buf, .buffer_offset = 16, .buffer_size = 16};
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 1, &cb);
    pt_vtx v[6];
    pt_quad(v, 8, 8, 24, 24, 0, RED);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    rect_list l = {0};
    add_rect(&l, 24, 16, 40, 32, pt_rgba8(0.25f, 0.5f, 0.75f, 1.0f));
    check_image(f.rt, expect_rects, &l, 1);

    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_VERTEX, 0, NULL);
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 0, NULL);
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 1, NULL);
    pipe_resource_reference(&buf, NULL);
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_ctx->delete_fs_state(pt_ctx, fs);
    pt_fixture_fini(&f);
}

/* A 2x2 texture over the whole target with nearest filtering: each
 * quadrant shows one texel exactly. */
static void test_texture(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const char *fs_text = "FRAG\n"
                                 "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                                 "DCL OUT[0], COLOR\n"
                                 "DCL SAMP[0]\n"
                                 "DCL SVIEW[0], 2D, FLOAT\n"
                                 "  0: TEX OUT[0], IN[0], SAMP[0], 2D\n"
                                 "  1: END\n";
    void *fs = pt_make_shader(fs_text, false);
    assert_non_null(fs);
    pt_ctx->bind_fs_state(pt_ctx, fs);
    struct pipe_resource *tex =
        pt_make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, PIPE_BIND_SAMPLER_VIEW);
    assert_non_null(tex);
    const uint32_t texels[4] = {0xff0000ffu, 0xff00ff00u, 0xffff0000u, 0x80402010u};
    struct pipe_box box = {0, 0, 0, 2, 2, 1};
    pt_ctx->texture_subdata(pt_ctx, tex, 0, PIPE_MAP_WRITE, &box, texels, 8, 16);
    struct pipe_sampler_view vt = {.target = PIPE_TEXTURE_2D, .format = tex->format,
                                   .swizzle_r = PIPE_SWIZZLE_X, .swizzle_g = PIPE_SWIZZLE_Y,
                                   .swizzle_b = PIPE_SWIZZLE_Z, .swizzle_a = PIPE_SWIZZLE_W};
    struct pipe_sampler_view *view = pt_ctx->create_sampler_view(pt_ctx, tex, &vt);
    assert_non_null(view);
    struct pipe_sampler_state ss = {.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
                                    .wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
                                    .min_img_filter = PIPE_TEX_FILTER_NEAREST,
                                    .mag_img_filter = PIPE_TEX_FILTER_NEAREST,
                                    .min_mip_filter = PIPE_TEX_MIPFILTER_NONE,
                                    .normalized_coords = true, .max_lod = 16};
    void *samp = pt_ctx->create_sampler_state(pt_ctx, &ss);
    assert_non_null(samp);
    pt_ctx->set_sampler_views(pt_ctx, PIPE_SHADER_FRAGMENT, 0, 1, &view);
    pt_ctx->bind_sampler_states(pt_ctx, PIPE_SHADER_FRAGMENT, 0, 1, &samp);
    /* Texture coordinates in the colour slot: (s, t) = window / 64. */
    pt_vtx v[6];
    const float px[6] = {0, 64, 0, 64, 64, 0}, py[6] = {0, 0, 64, 0, 64, 64};
    for (int i = 0; i < 6; i++)
        v[i] = (pt_vtx){{pt_nx(px[i]), pt_nx(py[i]), 0, 1}, {px[i] / 64, py[i] / 64, 0, 1}};
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    rect_list l = {0};
    add_rect(&l, 0, 0, 32, 32, texels[0]);
    add_rect(&l, 32, 0, 64, 32, texels[1]);
    add_rect(&l, 0, 32, 32, 64, texels[2]);
    add_rect(&l, 32, 32, 64, 64, texels[3]);
    check_image(f.rt, expect_rects, &l, 0);

    pt_ctx->set_sampler_views(pt_ctx, PIPE_SHADER_FRAGMENT, 0, 1, NULL);
    pt_ctx->bind_sampler_states(pt_ctx, PIPE_SHADER_FRAGMENT, 0, 1, NULL);
    pipe_sampler_view_reference(&view, NULL);
    pt_ctx->delete_sampler_state(pt_ctx, samp);
    pipe_resource_reference(&tex, NULL);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_ctx->delete_fs_state(pt_ctx, fs);
    pt_fixture_fini(&f);
}

/* Two-sided colour and culling: with light_twoside, one winding shows
 * COLOR, the other BCOLOR; front_ccw swaps them; culling FRONT removes the
 * front one. An FS input no VS output feeds reads 0. */
static void test_twoside_cull_unlinked(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const char *vs_text = "VERT\n"
                                 "DCL IN[0]\n"
                                 "DCL OUT[0], POSITION\n"
                                 "DCL OUT[1], COLOR\n"
                                 "DCL OUT[2], BCOLOR\n"
                                 "IMM[0] FLT32 { 1.0000, 0.0000, 0.0000, 1.0000}\n"
                                 "IMM[1] FLT32 { 0.0000, 0.0000, 1.0000, 1.0000}\n"
                                 "  0: MOV OUT[0], IN[0]\n"
                                 "  1: MOV OUT[1], IMM[0]\n"
                                 "  2: MOV OUT[2], IMM[1]\n"
                                 "  3: END\n";
    static const char *fs_text = "FRAG\n"
                                 "DCL IN[0], COLOR, COLOR\n"
                                 "DCL IN[1], GENERIC[3], PERSPECTIVE\n"
                                 "DCL OUT[0], COLOR\n"
                                 "  0: ADD OUT[0], IN[0], IN[1]\n"
                                 "  1: END\n";
    void *vs = pt_make_shader(vs_text, true), *fs = pt_make_shader(fs_text, false);
    assert_non_null(vs);
    assert_non_null(fs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_ctx->bind_fs_state(pt_ctx, fs);
    uint32_t got[2][2]; /* [front_ccw][winding] colour at the quad's centre */
    union pipe_color_union black = {{0, 0, 0, 0}};
    static uint32_t img[W * H];
    for (int ccw = 0; ccw < 2; ccw++) {
        struct pipe_rasterizer_state r = {.half_pixel_center = true, .depth_clip_near = true,
                                          .depth_clip_far = true, .front_ccw = ccw,
                                          .light_twoside = true, .line_width = 1};
        void *rs = pt_ctx->create_rasterizer_state(pt_ctx, &r);
        assert_non_null(rs);
        pt_ctx->bind_rasterizer_state(pt_ctx, rs);
        for (int wind = 0; wind < 2; wind++) {
            pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &black, 1.0, 0);
            pt_vtx v[6];
            pt_quad(v, 16, 16, 48, 48, 0, RED);
            if (wind)
                for (int t = 0; t < 6; t += 3) {
                    pt_vtx tmp = v[t + 1];
                    v[t + 1] = v[t + 2];
                    v[t + 2] = tmp;
                }
            pt_set_user_vb(v, sizeof(pt_vtx));
            pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
            pt_read_rgba(f.rt, img);
            got[ccw][wind] = img[32 * W + 32];
            /* Both triangles of the quad share the winding: uniform. */
            assert_int_equal(img[17 * W + 17], got[ccw][wind]);
            assert_int_equal(img[46 * W + 46], got[ccw][wind]);
        }
        pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
        pt_ctx->delete_rasterizer_state(pt_ctx, rs);
    }
    uint32_t red = pt_rgba8(1, 0, 0, 1), blue = pt_rgba8(0, 0, 1, 1);
    /* GENERIC[3] is unlinked: reads 0, so the sums are the pure colours. */
    assert_true((got[0][0] == red && got[0][1] == blue) || (got[0][0] == blue && got[0][1] == red));
    assert_int_equal(got[1][0], got[0][1]);
    assert_int_equal(got[1][1], got[0][0]);

    /* Cull front faces under front_ccw = true: the winding that showed
     * COLOR (front) disappears, the other stays. */
    int front_wind = got[1][0] == red ? 0 : 1;
    struct pipe_rasterizer_state r = {.half_pixel_center = true, .depth_clip_near = true,
                                      .depth_clip_far = true, .front_ccw = true,
                                      .light_twoside = true, .cull_face = PIPE_FACE_FRONT,
                                      .line_width = 1};
    void *rs = pt_ctx->create_rasterizer_state(pt_ctx, &r);
    pt_ctx->bind_rasterizer_state(pt_ctx, rs);
    for (int wind = 0; wind < 2; wind++) {
        pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &black, 1.0, 0);
        pt_vtx v[6];
        pt_quad(v, 16, 16, 48, 48, 0, RED);
        if (wind)
            for (int t = 0; t < 6; t += 3) {
                pt_vtx tmp = v[t + 1];
                v[t + 1] = v[t + 2];
                v[t + 2] = tmp;
            }
        pt_set_user_vb(v, sizeof(pt_vtx));
        pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
        pt_read_rgba(f.rt, img);
        assert_int_equal(img[32 * W + 32], wind == front_wind ? 0u : blue);
    }
    pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
    pt_ctx->delete_rasterizer_state(pt_ctx, rs);
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_ctx->delete_fs_state(pt_ctx, fs);
    pt_fixture_fini(&f);
}

/* Sprite coordinates: Gallium's mask names GENERIC indices, the engine's
 * PS input slots (swrp_shader_link). */
static void test_sprite_mask_mapping(void **state)
{
    (void)state;
    static const char *fs_text = "FRAG\n"
                                 "DCL IN[0], GENERIC[5], PERSPECTIVE\n"
                                 "DCL IN[1], GENERIC[2], PERSPECTIVE\n"
                                 "DCL IN[2], POSITION, LINEAR\n"
                                 "DCL IN[3], GENERIC[0], PERSPECTIVE\n"
                                 "DCL OUT[0], COLOR\n"
                                 "  0: ADD OUT[0], IN[0], IN[1]\n"
                                 "  1: ADD OUT[0], IN[2], IN[3]\n"
                                 "  2: END\n";
    swrp_shader_cso *vs = pt_make_shader(PT_VS_PASS, true), *fs = pt_make_shader(fs_text, false);
    assert_non_null(vs);
    assert_non_null(fs);
    swrp_rast_cso rast = {.sprite_coord_enable = (1u << 2) | (1u << 7)};
    swr_vs_state evs;
    swr_ps_state eps;
    uint8_t mask;
    swrp_shader_link(vs, vs->variant[0], fs, fs->variant[0], &rast, false, 2, &evs, &eps, &mask);
    assert_int_equal(mask, 1u << 1); /* GENERIC[2] is PS input 1 */
    assert_int_equal(evs.position_slot, 0);
    assert_int_equal(eps.num_inputs, 4);
    assert_int_equal(eps.inputs[0].vs_slot, SWR_SLOT_NONE); /* GENERIC[5]: not written */
    assert_int_equal(eps.inputs[3].vs_slot, 1);             /* GENERIC[0] = VS OUT[1] */
    assert_int_equal(eps.inputs[3].interp, SWR_INTERP_PERSPECTIVE);
    assert_int_equal(eps.inputs[2].interp, SWR_INTERP_LINEAR);
    assert_false(eps.position_unused);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_ctx->delete_fs_state(pt_ctx, fs);
}

/* clear() with masks over two colour buffers and depth/stencil, then the
 * rectangle clears of any surface. */
static void test_clears(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    struct pipe_resource *rt2 =
        pt_make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, W, H, PIPE_BIND_RENDER_TARGET);
    struct pipe_surface *cs2 = pt_make_surface(rt2);
    assert_non_null(cs2);
    pt_bind_fb(f.cs, cs2, f.zss);
    union pipe_color_union c1 = {{0.2f, 0.4f, 0.6f, 0.8f}}, c2 = {{1, 0, 1, 0}};
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR | PIPE_CLEAR_DEPTHSTENCIL, &c1, 0.25, 0x5a);
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR1, &c2, 1.0, 0);
    rect_list l0 = {.background = pt_rgba8(0.2f, 0.4f, 0.6f, 0.8f)};
    rect_list l1 = {.background = pt_rgba8(1, 0, 1, 0)};
    check_image(f.rt, expect_rects, &l0, 0);
    check_image(rt2, expect_rects, &l1, 0);
    /* Depth only: stencil keeps 0x5a; then stencil only. */
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_DEPTH, &c1, 0.5, 0x11);
    static uint32_t zs[W * H];
    pt_read_rgba(f.zs, zs);
    for (int i = 0; i < W * H; i++) {
        assert_int_equal(zs[i] >> 24, 0x5a);
        assert_true(labs((long)(zs[i] & 0xffffff) - 8388608L) <= 1);
    }
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_STENCIL, &c1, 0.0, 0x3c);
    pt_read_rgba(f.zs, zs);
    for (int i = 0; i < W * H; i++) {
        assert_int_equal(zs[i] >> 24, 0x3c);
        assert_true(labs((long)(zs[i] & 0xffffff) - 8388608L) <= 1);
    }

    /* Rectangles, one clipped at the surface's edge. */
    union pipe_color_union g = {{0, 1, 0, 1}};
    pt_ctx->clear_render_target(pt_ctx, f.cs, &g, 10, 12, 5, 7, false);
    pt_ctx->clear_render_target(pt_ctx, cs2, &g, 60, 60, 100, 100, false);
    add_rect(&l0, 10, 12, 15, 19, pt_rgba8(0, 1, 0, 1));
    add_rect(&l1, 60, 60, 64, 64, pt_rgba8(0, 1, 0, 1));
    check_image(f.rt, expect_rects, &l0, 0);
    check_image(rt2, expect_rects, &l1, 0);
    pt_ctx->clear_depth_stencil(pt_ctx, f.zss, PIPE_CLEAR_STENCIL, 0.0, 0x77, 3, 4, 2, 2, false);
    pt_read_rgba(f.zs, zs);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = x >= 3 && x < 5 && y >= 4 && y < 6;
            assert_int_equal(zs[y * W + x] >> 24, in ? 0x77 : 0x3c);
            assert_true(labs((long)(zs[y * W + x] & 0xffffff) - 8388608L) <= 1);
        }
    /* A draw after a CPU rectangle clear sees the cleared pixels (tiles
     * reloaded) and adds its own. */
    pt_vtx v[6];
    pt_quad(v, 30, 30, 34, 34, 0, BLUE);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    add_rect(&l0, 30, 30, 34, 34, pt_rgba8(0, 0, 1, 1));
    check_image(f.rt, expect_rects, &l0, 0);

    pipe_surface_reference(&cs2, NULL);
    pipe_resource_reference(&rt2, NULL);
    pt_fixture_fini(&f);
}

/* Bad input: refused with a message, never a crash; a draw with missing
 * CSOs draws nothing. */
static void test_invalid(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    pt_vtx v[6];
    pt_quad(v, 0, 0, 64, 64, 0, RED);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_ctx->bind_vs_state(pt_ctx, NULL);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->bind_blend_state(pt_ctx, NULL);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_ctx->bind_blend_state(pt_ctx, f.blend);
    pt_ctx->bind_vertex_elements_state(pt_ctx, NULL);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_ctx->bind_vertex_elements_state(pt_ctx, f.velems);
    pt_draw_arrays(PIPE_PRIM_PATCHES, 0, 6);
    struct pipe_draw_info bad = {.mode = PIPE_PRIM_TRIANGLES, .index_size = 3, .instance_count = 1};
    struct pipe_draw_start_count_bias d = {.start = 0, .count = 6};
    pt_ctx->draw_vbo(pt_ctx, &bad, 0, &d, 1);
    bad.index_size = 2; /* no index buffer at all */
    pt_ctx->draw_vbo(pt_ctx, &bad, 0, &d, 1);
    pt_ctx->draw_vbo(pt_ctx, NULL, 0, &d, 1);
    rect_list none = {0};
    check_image(f.rt, expect_rects, &none, 0);

    /* Out-of-range slots are ignored. */
    struct pipe_vertex_buffer vb = {.stride = 4, .is_user_buffer = true};
    vb.buffer.user = v;
    pt_ctx->set_vertex_buffers(pt_ctx, PIPE_MAX_VERTEX_BUFFERS, 1, &vb);
    pt_ctx->set_vertex_buffers(pt_ctx, 3, UINT32_MAX, &vb);
    const float c[4] = {0};
    struct pipe_constant_buffer cb = {.user_buffer = c, .buffer_size = 16};
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, PIPE_MAX_CONSTANT_BUFFERS, &cb);
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_GEOMETRY, 0, &cb);
    pt_ctx->set_sampler_views(pt_ctx, PIPE_SHADER_FRAGMENT, 31, 2, NULL);
    pt_ctx->bind_sampler_states(pt_ctx, PIPE_SHADER_COMPUTE, 0, 1, NULL);
    struct pipe_scissor_state sc = {0, 0, 1, 1};
    pt_ctx->set_scissor_states(pt_ctx, PIPE_MAX_VIEWPORTS, 1, &sc);
    struct pipe_viewport_state vp = {{1, 1, 1}, {0, 0, 0}};
    pt_ctx->set_viewport_states(pt_ctx, 15, 2, &vp);

    /* Invalid CSO descriptions give NULL. */
    struct pipe_blend_state b = {0};
    b.rt[0] = (struct pipe_rt_blend_state){.blend_enable = true, .rgb_src_factor = 0x16,
                                           .rgb_dst_factor = PIPE_BLENDFACTOR_ONE,
                                           .alpha_src_factor = PIPE_BLENDFACTOR_ONE,
                                           .alpha_dst_factor = PIPE_BLENDFACTOR_ONE};
    assert_null(pt_ctx->create_blend_state(pt_ctx, &b));
    struct pipe_depth_stencil_alpha_state dsa = {.depth = {.enabled = true, .func = 9}};
    assert_null(pt_ctx->create_depth_stencil_alpha_state(pt_ctx, &dsa));
    struct pipe_sampler_state ss = {.wrap_s = 42};
    assert_null(pt_ctx->create_sampler_state(pt_ctx, &ss));
    struct pipe_vertex_element e = {.vertex_buffer_index = 0, .src_format = PIPE_FORMAT_NONE};
    assert_null(pt_ctx->create_vertex_elements_state(pt_ctx, 1, &e));
    e = (struct pipe_vertex_element){.vertex_buffer_index = 99,
                                     .src_format = PIPE_FORMAT_R32_FLOAT};
    assert_null(pt_ctx->create_vertex_elements_state(pt_ctx, 1, &e));
    assert_null(pt_ctx->create_vertex_elements_state(pt_ctx, PIPE_MAX_ATTRIBS + 1, &e));
    assert_null(pt_make_shader("VERT\nDCL IN[0]\n  0: MOV OUT[0], IN[7]\n", true));
    assert_null(pt_make_shader(PT_FS_PASS, true)); /* a FRAG text as a VS */
    struct pipe_shader_state none_text = {0};
    assert_null(pt_ctx->create_fs_state(pt_ctx, &none_text));
    /* A surface of a level the texture lacks; a view of the wrong size. */
    struct pipe_surface st = {.format = PIPE_FORMAT_R8G8B8A8_UNORM};
    st.u.tex.level = 3;
    assert_null(pt_ctx->create_surface(pt_ctx, f.rt, &st));
    struct pipe_sampler_view vt = {.target = PIPE_TEXTURE_2D, .format = PIPE_FORMAT_R16_UNORM};
    assert_null(pt_ctx->create_sampler_view(pt_ctx, f.rt, &vt));

    /* A VS without POSITION: the draw is skipped. */
    void *vs = pt_make_shader("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\n  0: MOV OUT[0], IN[0]\n"
                           "  1: END\n",
                           true);
    assert_non_null(vs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    check_image(f.rt, expect_rects, &none, 0);

    /* And the state still works afterwards. */
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    rect_list all = {.background = pt_rgba8(1, 0, 0, 1)};
    check_image(f.rt, expect_rects, &all, 0);
    pt_fixture_fini(&f);
}

/* Many draws with changing user data, deleting CSOs while draws may still
 * run (copies and zombie shaders keep what the engine reads alive). */
static void test_stream_of_draws(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    for (int i = 0; i < 64; i++) {
        void *fs = pt_make_shader(PT_FS_PASS, false);
        pt_ctx->bind_fs_state(pt_ctx, fs);
        pt_vtx v[6];
        const float c[4] = {(float)(i & 1), 0, 1, 1};
        pt_quad(v, (float)(i % 8) * 8, (float)(i / 8) * 8, (float)(i % 8) * 8 + 8,
             (float)(i / 8) * 8 + 8, 0, c);
        pt_set_user_vb(v, sizeof(pt_vtx));
        pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
        memset(v, 0, sizeof v); /* the driver copied what it needs */
        pt_ctx->bind_fs_state(pt_ctx, f.fs);
        pt_ctx->delete_fs_state(pt_ctx, fs);
    }
    static uint32_t img[W * H];
    pt_read_rgba(f.rt, img);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int i = (y / 8) * 8 + x / 8;
            assert_int_equal(img[y * W + x], pt_rgba8((float)(i & 1), 0, 1, 1));
        }
    pt_fixture_fini(&f);
}

/* A uniform stream: 256 draws, each with 1 KiB of user constants bound to
 * both stages (the driver shares one copy between them, keeps a copy whose
 * contents did not change, and carves copies from chunks it reuses once
 * their draws are done: 256 KiB of copies pass through 32 KiB chunks).
 * Every third draw re-sends the previous contents; the VS moves each 4x4
 * quad by CONST[0][1] and the FS writes CONST[0][63]. Expected: cell i
 * shows the colour draw i's constants held. */
static void test_constant_stream(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const char *vs_text = "VERT\n"
                                 "DCL IN[0]\n"
                                 "DCL OUT[0], POSITION\n"
                                 "DCL CONST[0][1]\n"
                                 "  0: ADD OUT[0], IN[0], CONST[0][1]\n"
                                 "  1: END\n";
    static const char *fs_text = "FRAG\n"
                                 "DCL OUT[0], COLOR\n"
                                 "DCL CONST[0][63]\n"
                                 "  0: MOV OUT[0], CONST[0][63]\n"
                                 "  1: END\n";
    void *vs = pt_make_shader(vs_text, true), *fs = pt_make_shader(fs_text, false);
    assert_non_null(vs);
    assert_non_null(fs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_ctx->bind_fs_state(pt_ctx, fs);
    pt_vtx v[6];
    pt_quad(v, 0, 0, 4, 4, 0, (const float[4]){0, 0, 0, 1});
    pt_set_user_vb(v, sizeof(pt_vtx));
    static float c[64][4];
    float color[256][4];
    for (int i = 0; i < 256; i++) {
        int src = i % 3 == 2 ? i - 1 : i; /* every third draw: same contents */
        memset(c, 0, sizeof c);
        c[1][0] = (float)(src % 16) * 4 / 32.0f; /* window +4 px per cell */
        c[1][1] = (float)(src / 16) * 4 / 32.0f;
        c[63][0] = (float)(src % 4) / 3.0f;
        c[63][1] = (float)(src / 4 % 4) / 3.0f;
        c[63][2] = (float)(src / 16 % 4) / 3.0f;
        c[63][3] = 1;
        memcpy(color[i], c[63], sizeof color[i]);
        struct pipe_constant_buffer cb = {.user_buffer = c, .buffer_size = sizeof c};
        pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_VERTEX, 0, &cb);
        pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 0, &cb);
        pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    }
    memset(c, 0x7f, sizeof c); /* the driver copied what the draws read */
    static uint32_t img[W * H];
    pt_read_rgba(f.rt, img);
    for (int i = 0; i < 256; i++) {
        /* Draws i and i + 1 (i % 3 == 1) share a cell: the later one is seen. */
        if (i % 3 == 1)
            continue;
        int cell = i % 3 == 2 ? i - 1 : i;
        int x = (cell % 16) * 4 + 1, y = (cell / 16) * 4 + 1;
        assert_int_equal(img[y * W + x],
                         pt_rgba8(color[i][0], color[i][1], color[i][2], color[i][3]));
    }
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_VERTEX, 0, NULL);
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 0, NULL);
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_ctx->delete_fs_state(pt_ctx, fs);
    pt_fixture_fini(&f);
}

/* Scissor test on and off, and a viewport covering only the top-left
 * quarter: x_w = 16 x + 16. */
static void test_scissor_viewport(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    struct pipe_rasterizer_state r = {.half_pixel_center = true, .depth_clip_near = true,
                                      .depth_clip_far = true, .scissor = true, .line_width = 1};
    void *rs = pt_ctx->create_rasterizer_state(pt_ctx, &r);
    assert_non_null(rs);
    pt_ctx->bind_rasterizer_state(pt_ctx, rs);
    struct pipe_scissor_state sc = {.minx = 10, .miny = 20, .maxx = 30, .maxy = 41};
    pt_ctx->set_scissor_states(pt_ctx, 0, 1, &sc);
    pt_vtx v[6];
    pt_quad(v, 0, 0, 64, 64, 0, GREEN);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    rect_list l = {0};
    add_rect(&l, 10, 20, 30, 41, pt_rgba8(0, 1, 0, 1));
    check_image(f.rt, expect_rects, &l, 0);

    /* Scissor off (the rasterizer's flag), smaller viewport. */
    pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
    union pipe_color_union black = {{0, 0, 0, 0}};
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &black, 1.0, 0);
    struct pipe_viewport_state vp = {{16, 16, 0.5f}, {16, 16, 0.5f}};
    pt_ctx->set_viewport_states(pt_ctx, 0, 1, &vp);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    rect_list l2 = {0};
    add_rect(&l2, 0, 0, 32, 32, pt_rgba8(0, 1, 0, 1));
    check_image(f.rt, expect_rects, &l2, 0);
    pt_ctx->delete_rasterizer_state(pt_ctx, rs);
    pt_fixture_fini(&f);
}

/* Flat shading takes the provoking vertex's colour: the last vertex of
 * each triangle, or the first with flatshade_first. Pixels whose centre
 * lies on the shared diagonal belong to either triangle and are skipped. */
#define DONT_CARE 0xdeadbeefu

typedef struct flat_expect {
    uint32_t tri1, tri2;
} flat_expect;

static uint32_t expect_flat(int x, int y, const void *arg)
{
    const flat_expect *e = arg;
    if (!in_rect(x, y, 16, 16, 48, 48))
        return 0;
    float s = (float)x + (float)y + 1.0f; /* centre's x + y; diagonal at 64 */
    return s < 64 ? e->tri1 : s > 64 ? e->tri2 : DONT_CARE;
}

static void check_flat(struct pipe_resource *r, const flat_expect *e)
{
    static uint32_t img[W * H];
    pt_read_rgba(r, img);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint32_t want = expect_flat(x, y, e);
            if (want != DONT_CARE && img[y * W + x] != want && bad++ < 5)
                print_error("pixel (%d, %d): got %08x, expected %08x\n", x, y, img[y * W + x],
                            want);
        }
    assert_int_equal(bad, 0);
}

static void test_flatshade(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const char *fs_text = "FRAG\n"
                                 "DCL IN[0], GENERIC[0], COLOR\n"
                                 "DCL OUT[0], COLOR\n"
                                 "  0: MOV OUT[0], IN[0]\n"
                                 "  1: END\n";
    void *fs = pt_make_shader(fs_text, false);
    assert_non_null(fs);
    pt_ctx->bind_fs_state(pt_ctx, fs);
    pt_vtx v[6];
    pt_quad(v, 16, 16, 48, 48, 0, RED);
    const float *cols[6] = {RED, GREEN, BLUE, GREEN, BLUE, RED};
    for (int i = 0; i < 6; i++)
        memcpy(v[i].color, cols[i], sizeof v[i].color);
    pt_set_user_vb(v, sizeof(pt_vtx));
    uint32_t red = pt_rgba8(1, 0, 0, 1), green = pt_rgba8(0, 1, 0, 1), blue = pt_rgba8(0, 0, 1, 1);
    for (int first = 0; first < 2; first++) {
        struct pipe_rasterizer_state r = {.half_pixel_center = true, .depth_clip_near = true,
                                          .depth_clip_far = true, .flatshade = true,
                                          .flatshade_first = first, .line_width = 1};
        void *rs = pt_ctx->create_rasterizer_state(pt_ctx, &r);
        pt_ctx->bind_rasterizer_state(pt_ctx, rs);
        union pipe_color_union black = {{0, 0, 0, 0}};
        pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &black, 1.0, 0);
        pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
        flat_expect e = first ? (flat_expect){red, green} : (flat_expect){blue, red};
        check_flat(f.rt, &e);
        pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
        pt_ctx->delete_rasterizer_state(pt_ctx, rs);
    }
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_ctx->delete_fs_state(pt_ctx, fs);
    pt_fixture_fini(&f);
}

/* Deleting bound CSOs (the caller's error) unbinds them: later draws are
 * skipped, nothing dangles (ASan checks). */
static void test_delete_bound(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    pt_vtx v[6];
    pt_quad(v, 0, 0, 64, 64, 0, RED);
    pt_set_user_vb(v, sizeof(pt_vtx));
    void *rs = pt_default_rast(), *fs = pt_make_shader(PT_FS_PASS, false);
    struct pipe_sampler_state ss = {.normalized_coords = true};
    void *samp = pt_ctx->create_sampler_state(pt_ctx, &ss);
    pt_ctx->bind_rasterizer_state(pt_ctx, rs);
    pt_ctx->bind_fs_state(pt_ctx, fs);
    pt_ctx->bind_sampler_states(pt_ctx, PIPE_SHADER_FRAGMENT, 0, 1, &samp);
    pt_ctx->delete_rasterizer_state(pt_ctx, rs);
    pt_ctx->delete_fs_state(pt_ctx, fs);
    pt_ctx->delete_sampler_state(pt_ctx, samp);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    rect_list none = {0};
    check_image(f.rt, expect_rects, &none, 0);
    pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    rect_list all = {.background = pt_rgba8(1, 0, 0, 1)};
    check_image(f.rt, expect_rects, &all, 0);
    pt_fixture_fini(&f);
}

/* Stencil: a quad writes ref 5 with colour writes off, then a full-target
 * quad passes only where stencil == 5. */
static void test_stencil(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    struct pipe_depth_stencil_alpha_state d = {0};
    d.stencil[0] = (struct pipe_stencil_state){.enabled = true, .func = PIPE_FUNC_ALWAYS,
                                               .fail_op = PIPE_STENCIL_OP_KEEP,
                                               .zfail_op = PIPE_STENCIL_OP_KEEP,
                                               .zpass_op = PIPE_STENCIL_OP_REPLACE,
                                               .valuemask = 0xff, .writemask = 0xff};
    void *write = pt_ctx->create_depth_stencil_alpha_state(pt_ctx, &d);
    d.stencil[0].func = PIPE_FUNC_EQUAL;
    d.stencil[0].zpass_op = PIPE_STENCIL_OP_KEEP;
    void *test = pt_ctx->create_depth_stencil_alpha_state(pt_ctx, &d);
    struct pipe_blend_state b = {0}; /* colormask 0: no colour writes */
    void *nocolor = pt_ctx->create_blend_state(pt_ctx, &b);
    assert_non_null(write);
    assert_non_null(test);
    assert_non_null(nocolor);
    struct pipe_stencil_ref ref = {{5, 0}};
    pt_ctx->set_stencil_ref(pt_ctx, &ref);
    pt_vtx v[12];
    pt_quad(v, 16, 8, 32, 40, 0, RED);
    pt_quad(v + 6, 0, 0, 64, 64, 0, GREEN);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_ctx->bind_depth_stencil_alpha_state(pt_ctx, write);
    pt_ctx->bind_blend_state(pt_ctx, nocolor);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_ctx->bind_depth_stencil_alpha_state(pt_ctx, test);
    pt_ctx->bind_blend_state(pt_ctx, f.blend);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 6, 6);
    rect_list l = {0};
    add_rect(&l, 16, 8, 32, 40, pt_rgba8(0, 1, 0, 1));
    check_image(f.rt, expect_rects, &l, 0);
    static uint32_t zs[W * H];
    pt_read_rgba(f.zs, zs);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            assert_int_equal(zs[y * W + x] >> 24, in_rect(x, y, 16, 8, 32, 40) ? 5 : 0);

    /* Two-sided: back faces use stencil[1] and ref_value[1]. Two quads of
     * opposite winding get one reference each. */
    d.stencil[0].func = PIPE_FUNC_ALWAYS;
    d.stencil[0].zpass_op = PIPE_STENCIL_OP_REPLACE;
    d.stencil[1] = d.stencil[0];
    void *two = pt_ctx->create_depth_stencil_alpha_state(pt_ctx, &d);
    assert_non_null(two);
    pt_ctx->bind_depth_stencil_alpha_state(pt_ctx, two);
    struct pipe_stencil_ref ref2 = {{5, 9}};
    pt_ctx->set_stencil_ref(pt_ctx, &ref2);
    pt_quad(v, 0, 0, 8, 8, 0, RED);
    pt_quad(v + 6, 40, 40, 48, 48, 0, RED);
    for (int t = 6; t < 12; t += 3) {
        pt_vtx tmp = v[t + 1];
        v[t + 1] = v[t + 2];
        v[t + 2] = tmp;
    }
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 12);
    pt_read_rgba(f.zs, zs);
    uint32_t s0 = zs[4 * W + 4] >> 24, s1 = zs[44 * W + 44] >> 24;
    assert_true((s0 == 5 && s1 == 9) || (s0 == 9 && s1 == 5));
    pt_ctx->bind_depth_stencil_alpha_state(pt_ctx, f.dsa);
    pt_ctx->delete_depth_stencil_alpha_state(pt_ctx, two);
    pt_ctx->delete_depth_stencil_alpha_state(pt_ctx, write);
    pt_ctx->delete_depth_stencil_alpha_state(pt_ctx, test);
    pt_ctx->delete_blend_state(pt_ctx, nocolor);
    pt_fixture_fini(&f);
}

/* A clip distance written by the VS (CLIPDIST[0] = x_ndc) clips the left
 * half when clip_plane_enable has bit 0, and nothing otherwise. */
static void test_clip_distance(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const char *vs_text = "VERT\n"
                                 "DCL IN[0]\n"
                                 "DCL IN[1]\n"
                                 "DCL OUT[0], POSITION\n"
                                 "DCL OUT[1], GENERIC[0]\n"
                                 "DCL OUT[2], CLIPDIST[0]\n"
                                 "  0: MOV OUT[0], IN[0]\n"
                                 "  1: MOV OUT[1], IN[1]\n"
                                 "  2: MOV OUT[2], IN[0].xxxx\n"
                                 "  3: END\n";
    void *vs = pt_make_shader(vs_text, true);
    assert_non_null(vs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_vtx v[6];
    pt_quad(v, 0, 0, 64, 64, 0, RED);
    pt_set_user_vb(v, sizeof(pt_vtx));
    for (int on = 0; on < 2; on++) {
        struct pipe_rasterizer_state r = {.half_pixel_center = true, .depth_clip_near = true,
                                          .depth_clip_far = true, .line_width = 1,
                                          .clip_plane_enable = (uint8_t)on};
        void *rs = pt_ctx->create_rasterizer_state(pt_ctx, &r);
        pt_ctx->bind_rasterizer_state(pt_ctx, rs);
        union pipe_color_union black = {{0, 0, 0, 0}};
        pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &black, 1.0, 0);
        pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
        rect_list l = {0};
        add_rect(&l, on ? 32 : 0, 0, 64, 64, pt_rgba8(1, 0, 0, 1));
        check_image(f.rt, expect_rects, &l, 0);
        pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
        pt_ctx->delete_rasterizer_state(pt_ctx, rs);
    }
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_fixture_fini(&f);
}

/* Two render targets with independent colour masks, then a logic op. */
static void test_mrt_colormask_logicop(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    struct pipe_resource *rt2 =
        pt_make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, W, H, PIPE_BIND_RENDER_TARGET);
    struct pipe_surface *cs2 = pt_make_surface(rt2);
    assert_non_null(cs2);
    pt_bind_fb(f.cs, cs2, f.zss);
    static const char *fs_text = "FRAG\n"
                                 "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                                 "DCL OUT[0], COLOR[0]\n"
                                 "DCL OUT[1], COLOR[1]\n"
                                 "IMM[0] FLT32 { 0.0000, 0.0000, 1.0000, 1.0000}\n"
                                 "  0: MOV OUT[0], IN[0]\n"
                                 "  1: MOV OUT[1], IMM[0]\n"
                                 "  2: END\n";
    void *fs = pt_make_shader(fs_text, false);
    assert_non_null(fs);
    pt_ctx->bind_fs_state(pt_ctx, fs);
    struct pipe_blend_state b = {.independent_blend_enable = true};
    b.rt[0].colormask = PIPE_MASK_R | PIPE_MASK_A;
    b.rt[1].colormask = PIPE_MASK_RGBA;
    void *blend = pt_ctx->create_blend_state(pt_ctx, &b);
    assert_non_null(blend);
    pt_ctx->bind_blend_state(pt_ctx, blend);
    union pipe_color_union bg = {{0.2f, 0.4f, 0.6f, 0.8f}};
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR, &bg, 1.0, 0);
    pt_vtx v[6];
    pt_quad(v, 8, 8, 24, 24, 0, RED);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    rect_list l0 = {.background = pt_rgba8(0.2f, 0.4f, 0.6f, 0.8f)};
    rect_list l1 = l0;
    add_rect(&l0, 8, 8, 24, 24, pt_rgba8(1, 0.4f, 0.6f, 1));
    add_rect(&l1, 8, 8, 24, 24, pt_rgba8(0, 0, 1, 1));
    check_image(f.rt, expect_rects, &l0, 0);
    check_image(rt2, expect_rects, &l1, 0);

    /* XOR on UNORM8 targets works on the stored bits. */
    struct pipe_blend_state x = {.logicop_enable = true, .logicop_func = PIPE_LOGICOP_XOR};
    x.rt[0].colormask = PIPE_MASK_RGBA;
    void *xor = pt_ctx->create_blend_state(pt_ctx, &x);
    assert_non_null(xor);
    pt_ctx->bind_blend_state(pt_ctx, xor);
    pt_bind_fb(f.cs, NULL, f.zss);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_quad(v, 40, 40, 56, 56, 0, RED);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    uint32_t bgv = pt_rgba8(0.2f, 0.4f, 0.6f, 0.8f);
    add_rect(&l0, 40, 40, 56, 56, bgv ^ pt_rgba8(1, 0, 0, 1));
    check_image(f.rt, expect_rects, &l0, 0);

    pt_ctx->bind_blend_state(pt_ctx, f.blend);
    pt_ctx->delete_blend_state(pt_ctx, blend);
    pt_ctx->delete_blend_state(pt_ctx, xor);
    pt_ctx->delete_fs_state(pt_ctx, fs);
    pipe_surface_reference(&cs2, NULL);
    pipe_resource_reference(&rt2, NULL);
    pt_fixture_fini(&f);
}

/* Buffers rewritten between draws (whole-buffer subdata, which may orphan
 * busy storage): each draw uses the contents current at its call. */
static void test_buffer_rewrite_between_draws(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const char *fs_text = "FRAG\n"
                                 "DCL OUT[0], COLOR\n"
                                 "DCL CONST[0][0]\n"
                                 "  0: MOV OUT[0], CONST[0][0]\n"
                                 "  1: END\n";
    void *fs = pt_make_shader(fs_text, false);
    assert_non_null(fs);
    pt_ctx->bind_fs_state(pt_ctx, fs);
    struct pipe_resource *cbuf = pt_make_buffer(16, PIPE_BIND_CONSTANT_BUFFER, RED);
    pt_vtx v[6];
    pt_quad(v, 0, 0, 16, 64, 0, RED);
    struct pipe_resource *vbuf = pt_make_buffer(sizeof v, PIPE_BIND_VERTEX_BUFFER, v);
    struct pipe_constant_buffer cb = {.buffer = cbuf, .buffer_size = 16};
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 0, &cb);
    struct pipe_vertex_buffer vb = {.stride = sizeof(pt_vtx)};
    vb.buffer.resource = vbuf;
    pt_ctx->set_vertex_buffers(pt_ctx, 0, 1, &vb);
    rect_list l = {0};
    const float *cols[4] = {RED, GREEN, BLUE, RED};
    for (int i = 0; i < 4; i++) {
        if (i) {
            pt_quad(v, (float)i * 16, 0, (float)i * 16 + 16, 64, 0, RED);
            pt_ctx->buffer_subdata(pt_ctx, vbuf, PIPE_MAP_WRITE, 0, sizeof v, v);
            pt_ctx->buffer_subdata(pt_ctx, cbuf, PIPE_MAP_WRITE, 0, 16, cols[i]);
        }
        pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
        add_rect(&l, (float)i * 16, 0, (float)i * 16 + 16, 64,
                 pt_rgba8(cols[i][0], cols[i][1], cols[i][2], cols[i][3]));
    }
    check_image(f.rt, expect_rects, &l, 0);
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 0, NULL);
    pipe_resource_reference(&cbuf, NULL);
    pipe_resource_reference(&vbuf, NULL);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_ctx->delete_fs_state(pt_ctx, fs);
    pt_fixture_fini(&f);
}

/* Points: size from the VS PSIZE output or from the rasterizer, and
 * sprite coordinates on the FS input that sprite_coord_enable names by
 * GENERIC index (GENERIC[1], PS input 0 here): a point of size n centred
 * at (cx, cy) covers [cx - n/2, cx + n/2) in x and y, and its pixel (i, j)
 * from the upper-left corner reads s = (i + 1/2) / n, t = (j + 1/2) / n. */
typedef struct sprite_expect {
    float cx, cy, n;
    bool sprite;
} sprite_expect;

static uint32_t expect_sprite(int x, int y, const void *arg)
{
    const sprite_expect *e = arg;
    float x0 = e->cx - e->n / 2, y0 = e->cy - e->n / 2;
    if (!in_rect(x, y, x0, y0, x0 + e->n, y0 + e->n))
        return 0;
    if (!e->sprite)
        return pt_rgba8(0, 0, 0, 0); /* the unlinked input reads 0 */
    return pt_rgba8((x + 0.5f - x0) / e->n, (y + 0.5f - y0) / e->n, 0, 1);
}

static void test_points_sprites(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const char *vs_text = "VERT\n"
                                 "DCL IN[0]\n"
                                 "DCL IN[1]\n"
                                 "DCL OUT[0], POSITION\n"
                                 "DCL OUT[1], GENERIC[0]\n"
                                 "DCL OUT[2], PSIZE\n"
                                 "  0: MOV OUT[0], IN[0]\n"
                                 "  1: MOV OUT[1], IN[1]\n"
                                 "  2: MOV OUT[2], IN[1].wwww\n"
                                 "  3: END\n";
    static const char *fs_text = "FRAG\n"
                                 "DCL IN[0], GENERIC[1], PERSPECTIVE\n"
                                 "DCL OUT[0], COLOR\n"
                                 "  0: MOV OUT[0], IN[0]\n"
                                 "  1: END\n";
    void *vs = pt_make_shader(vs_text, true), *fs = pt_make_shader(fs_text, false);
    assert_non_null(vs);
    assert_non_null(fs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_ctx->bind_fs_state(pt_ctx, fs);
    /* Clear to white with alpha 1 so covered-but-zero pixels show. */
    pt_vtx v[1] = {{{pt_nx(24), pt_nx(24), 0, 1}, {0, 0, 0, 16}}};
    pt_set_user_vb(v, sizeof(pt_vtx));
    for (int mode = 0; mode < 3; mode++) {
        /* 0: per-vertex size 16 with sprites; 1: rasterizer size 6 with
         * sprites; 2: per-vertex size, sprites off. */
        struct pipe_rasterizer_state r = {
            .half_pixel_center = true, .depth_clip_near = true, .depth_clip_far = true,
            .line_width = 1, .point_quad_rasterization = true,
            .point_size_per_vertex = mode != 1, .point_size = 6,
            .sprite_coord_enable = mode == 2 ? 0 : 1u << 1,
            .sprite_coord_mode = PIPE_SPRITE_COORD_UPPER_LEFT};
        void *rs = pt_ctx->create_rasterizer_state(pt_ctx, &r);
        pt_ctx->bind_rasterizer_state(pt_ctx, rs);
        union pipe_color_union bg = {{0, 0, 0, 0}};
        pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &bg, 1.0, 0);
        pt_draw_arrays(PIPE_PRIM_POINTS, 0, 1);
        sprite_expect e = {24, 24, mode == 1 ? 6.0f : 16.0f, mode != 2};
        check_image(f.rt, expect_sprite, &e, 1);
        pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
        pt_ctx->delete_rasterizer_state(pt_ctx, rs);
    }
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_ctx->delete_fs_state(pt_ctx, fs);
    pt_fixture_fini(&f);
}

int main(int argc, char **argv)
{
    /* "clip" runs the clip-distance test alone (draw.cmake registers it as
     * its own test): it is the one test that reaches the engine's exact
     * clipper, so an engine clipping failure does not hide the others. */
    const struct CMUnitTest clip_tests[] = {
        cmocka_unit_test(test_clip_distance),
    };
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quad_coverage),
        cmocka_unit_test(test_destroy_unread_target),
        cmocka_unit_test(test_depth_order),
        cmocka_unit_test(test_blend),
        cmocka_unit_test(test_dual_source),
        cmocka_unit_test(test_indexed_restart),
        cmocka_unit_test(test_instancing),
        cmocka_unit_test(test_constants),
        cmocka_unit_test(test_texture),
        cmocka_unit_test(test_twoside_cull_unlinked),
        cmocka_unit_test(test_sprite_mask_mapping),
        cmocka_unit_test(test_clears),
        cmocka_unit_test(test_invalid),
        cmocka_unit_test(test_stream_of_draws),
        cmocka_unit_test(test_constant_stream),
        cmocka_unit_test(test_scissor_viewport),
        cmocka_unit_test(test_flatshade),
        cmocka_unit_test(test_delete_bound),
        cmocka_unit_test(test_stencil),
        cmocka_unit_test(test_mrt_colormask_logicop),
        cmocka_unit_test(test_buffer_rewrite_between_draws),
        cmocka_unit_test(test_points_sprites),
    };
    if (argc > 1 && strcmp(argv[1], "clip") == 0)
        return cmocka_run_group_tests(clip_tests, pt_group_setup, pt_group_teardown);
    return cmocka_run_group_tests(tests, pt_group_setup, pt_group_teardown);
}
