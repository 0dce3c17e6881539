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
 *
 * Every test is a draw_case row: the shaders (TGSI text) and CSOs it puts
 * in place of the fixture's, and a body with what needs code. run_case()
 * is the one runner: it creates the fixture, creates and binds the row's
 * shaders and CSOs, runs the body, then binds the fixture's back, deletes
 * the row's and frees the fixture.
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

static bool in_rect(int x, int y, float x0, float y0, float x1, float y1)
{
    return x0 <= x + 0.5f && x + 0.5f < x1 && y0 <= y + 0.5f && y + 0.5f < y1;
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

/* The whole image: rectangle [x0,x1) x [y0,y1) of colour c on 0. */
static void check_one_rect(struct pipe_resource *r, float x0, float y0, float x1, float y1,
                           uint32_t c, int tol)
{
    rect_list l = {0};
    add_rect(&l, x0, y0, x1, y1, c);
    pt_check_image(r, expect_rects, &l, tol);
}

/* The whole image: one colour. */
static void check_all(struct pipe_resource *r, uint32_t c)
{
    rect_list l = {.background = c};
    pt_check_image(r, expect_rects, &l, 0);
}

/* ---- the runner ------------------------------------------------------------ */

/* The shader/CSO slots a row may fill in place of the fixture's. */
enum { SLOT_VS, SLOT_FS, SLOT_RAST, SLOT_BLEND, SLOT_DSA, NUM_SLOTS };

/* A test's fixture and the row's shaders/CSOs (NULL where the row keeps
 * the fixture's). */
typedef struct draw_env {
    pt_fixture f;
    void *cso[NUM_SLOTS];
} draw_env;

typedef struct draw_case {
    const char *vs, *fs; /* TGSI text */
    const struct pipe_rasterizer_state *rast;
    const struct pipe_blend_state *blend;
    const struct pipe_depth_stencil_alpha_state *dsa;
    bool bare; /* no fixture and nothing bound: the body works on pt_ctx alone */
    void (*body)(draw_env *e);
} draw_case;

typedef void (*cso_fn)(struct pipe_context *ctx, void *cso);

static void run_case(void **state)
{
    const draw_case *c = *state;
    draw_env e = {0};
    if (c->bare) {
        c->body(&e);
        return;
    }
    pt_fixture_init(&e.f, NULL);
    void *const fixture[NUM_SLOTS] = {e.f.vs, e.f.fs, e.f.rast, e.f.blend, e.f.dsa};
    const cso_fn bind[NUM_SLOTS] = {pt_ctx->bind_vs_state, pt_ctx->bind_fs_state,
                                    pt_ctx->bind_rasterizer_state, pt_ctx->bind_blend_state,
                                    pt_ctx->bind_depth_stencil_alpha_state};
    const cso_fn del[NUM_SLOTS] = {pt_ctx->delete_vs_state, pt_ctx->delete_fs_state,
                                   pt_ctx->delete_rasterizer_state, pt_ctx->delete_blend_state,
                                   pt_ctx->delete_depth_stencil_alpha_state};
    const bool wanted[NUM_SLOTS] = {c->vs, c->fs, c->rast, c->blend, c->dsa};
    if (c->vs)
        e.cso[SLOT_VS] = pt_make_shader(c->vs, true);
    if (c->fs)
        e.cso[SLOT_FS] = pt_make_shader(c->fs, false);
    if (c->rast)
        e.cso[SLOT_RAST] = pt_ctx->create_rasterizer_state(pt_ctx, c->rast);
    if (c->blend)
        e.cso[SLOT_BLEND] = pt_ctx->create_blend_state(pt_ctx, c->blend);
    if (c->dsa)
        e.cso[SLOT_DSA] = pt_ctx->create_depth_stencil_alpha_state(pt_ctx, c->dsa);
    for (int i = 0; i < NUM_SLOTS; i++)
        if (wanted[i]) {
            assert_non_null(e.cso[i]);
            bind[i](pt_ctx, e.cso[i]);
        }
    c->body(&e);
    /* The fixture's back in place; deleting while draws may still run is
     * allowed (the driver keeps what they read alive). */
    for (int i = 0; i < NUM_SLOTS; i++)
        if (e.cso[i]) {
            bind[i](pt_ctx, fixture[i]);
            del[i](pt_ctx, e.cso[i]);
        }
    pt_fixture_fini(&e.f);
}

/* ---- helpers for the bodies --------------------------------------------------- */

static const float RED[4] = {1, 0, 0, 1}, GREEN[4] = {0, 1, 0, 1}, BLUE[4] = {0, 0, 1, 1};

/* Window rectangle [x0,x1) x [y0,y1) at z in colour c as two triangles in
 * v, bound as the user vertex buffer (it stays bound: later draws may
 * reuse it). */
static void quad_vb(pt_vtx v[6], float x0, float y0, float x1, float y1, float z,
                    const float c[4])
{
    pt_quad(v, x0, y0, x1, y1, z, c);
    pt_set_user_vb(v, sizeof(pt_vtx));
}

/* quad_vb() and a draw of its 6 vertices. */
static void draw_quad(pt_vtx v[6], float x0, float y0, float x1, float y1, float z,
                      const float c[4])
{
    quad_vb(v, x0, y0, x1, y1, z, c);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
}

/* Clears `buffers` to transparent black, depth 1, stencil 0. */
static void clear_black(unsigned buffers)
{
    union pipe_color_union black = {{0, 0, 0, 0}};
    pt_ctx->clear(pt_ctx, buffers, &black, 1.0, 0);
}

/* Reverses the winding of triangles v[0..n) (n a multiple of 3). */
static void flip_winding(pt_vtx *v, int n)
{
    for (int t = 0; t < n; t += 3) {
        pt_vtx tmp = v[t + 1];
        v[t + 1] = v[t + 2];
        v[t + 2] = tmp;
    }
}

/* Another W x H RGBA8 render target: *rt and its surface (returned). */
static struct pipe_surface *make_target(struct pipe_resource **rt)
{
    *rt = pt_make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, W, H, PIPE_BIND_RENDER_TARGET);
    assert_non_null(*rt);
    struct pipe_surface *cs = pt_make_surface(*rt);
    assert_non_null(cs);
    return cs;
}

/* A rasterizer state like the fixture's (half-pixel centres, depth clip,
 * lines 1 wide) plus the given fields. */
#define RAST(...)                                                                                  \
    ((struct pipe_rasterizer_state){.half_pixel_center = true, .depth_clip_near = true,          \
                                    .depth_clip_far = true, .line_width = 1, __VA_ARGS__})

/* Creates and binds r; unbind_rast() puts the fixture's back and deletes. */
static void *bind_rast(struct pipe_rasterizer_state r)
{
    void *rs = pt_ctx->create_rasterizer_state(pt_ctx, &r);
    assert_non_null(rs);
    pt_ctx->bind_rasterizer_state(pt_ctx, rs);
    return rs;
}

static void unbind_rast(draw_env *e, void *rs)
{
    pt_ctx->bind_rasterizer_state(pt_ctx, e->f.rast);
    pt_ctx->delete_rasterizer_state(pt_ctx, rs);
}

/* ---- tests ---------------------------------------------------------------------- */

/* Top-left rule on an axis-aligned quad whose edges lie on pixel centres,
 * from a user vertex buffer and from a buffer resource. */
static void quad_coverage(draw_env *e)
{
    pt_vtx v[6];
    draw_quad(v, 8.5f, 10.5f, 24.5f, 30.5f, 0, RED);
    /* Covered: x 8..23 (8.5 on the left edge is in, 24.5 on the right is
     * out), y 10..29. */
    rect_list l = {0};
    add_rect(&l, 8, 10, 24, 30, pt_rgba8(1, 0, 0, 1));
    pt_check_image(e->f.rt, expect_rects, &l, 0);

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
    pt_check_image(e->f.rt, expect_rects, &l, 0);
    pipe_resource_reference(&buf, NULL); /* still bound: the binding holds it */
}

/* A render target drawn into, unbound and destroyed without ever being read
 * back: set_framebuffer_state queues the old tiles' store and records it on
 * the old resources, so the storage outlives the store; drawing on into the
 * new target still works. (Whether a missing record would be caught here
 * depends on when the screen reaps deferred frees; the query/blit tests
 * first showed the write-after-free under ASan.) */
static void destroy_unread_target(draw_env *e)
{
    pt_vtx v[6];
    draw_quad(v, 0, 0, 64, 64, 0, RED);
    struct pipe_resource *rt2;
    struct pipe_surface *cs2 = make_target(&rt2);
    pt_bind_fb(cs2, NULL, e->f.zss);
    pipe_surface_reference(&e->f.cs, NULL);
    pipe_resource_reference(&e->f.rt, NULL); /* the last reference: destroyed now */
    clear_black(PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTHSTENCIL);
    draw_quad(v, 8, 8, 16, 16, 0, GREEN);
    check_one_rect(rt2, 8, 8, 16, 16, pt_rgba8(0, 1, 0, 1), 0);
    e->f.rt = rt2;
    e->f.cs = cs2;
}

/* Depth LESS with writes: the nearer quad wins the overlap whichever is
 * drawn first. */
static const struct pipe_depth_stencil_alpha_state dsa_less = {
    .depth = {.enabled = true, .writemask = true, .func = PIPE_FUNC_LESS}};

static void depth_order(draw_env *e)
{
    for (int order = 0; order < 2; order++) {
        clear_black(PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTH);
        pt_vtx v[12];
        pt_quad(v + (order ? 6 : 0), 8, 8, 40, 40, -0.5f, RED);   /* near: z_w 0.25 */
        pt_quad(v + (order ? 0 : 6), 24, 24, 56, 56, 0.5f, BLUE); /* far: z_w 0.75 */
        pt_set_user_vb(v, sizeof(pt_vtx));
        pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 12);
        rect_list l = {0};
        add_rect(&l, 24, 24, 56, 56, pt_rgba8(0, 0, 1, 1));
        add_rect(&l, 8, 8, 40, 40, pt_rgba8(1, 0, 0, 1));
        pt_check_image(e->f.rt, expect_rects, &l, 0);
    }
    /* The depth buffer holds z_w of the winner: 0.25 * (2^24 - 1). */
    struct pipe_box box = {30, 30, 0, 1, 1, 1};
    struct pipe_transfer *t;
    const uint32_t *z = pt_ctx->texture_map(pt_ctx, e->f.zs, 0, PIPE_MAP_READ, &box, &t);
    assert_non_null(z);
    assert_true(labs((long)(*z & 0xffffff) - 4194304L) <= 1);
    pt_ctx->texture_unmap(pt_ctx, t);
}

/* SRC_ALPHA / INV_SRC_ALPHA over a cleared background, and a constant
 * colour factor from set_blend_color. */
/* Blending on render target 0, all channels written: rgb = src * rgb_src +
 * dst * rgb_dst and alpha likewise (PIPE_BLENDFACTOR_ names). */
#define BLEND_ADD(rgb_src, rgb_dst, a_src, a_dst)                                                  \
    {                                                                                              \
        .rt[0] = {.blend_enable = true, .rgb_func = PIPE_BLEND_ADD,                                \
                  .rgb_src_factor = PIPE_BLENDFACTOR_##rgb_src,                                    \
                  .rgb_dst_factor = PIPE_BLENDFACTOR_##rgb_dst, .alpha_func = PIPE_BLEND_ADD,      \
                  .alpha_src_factor = PIPE_BLENDFACTOR_##a_src,                                    \
                  .alpha_dst_factor = PIPE_BLENDFACTOR_##a_dst, .colormask = PIPE_MASK_RGBA}     \
    }

static const struct pipe_blend_state blend_src_alpha =
    BLEND_ADD(SRC_ALPHA, INV_SRC_ALPHA, CONST_ALPHA, ZERO);

static void blend(draw_env *e)
{
    union pipe_color_union bg = {{0.5f, 0.5f, 0.5f, 0.5f}};
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &bg, 1.0, 0);
    struct pipe_blend_color bc = {{0, 0, 0, 0.5f}};
    pt_ctx->set_blend_color(pt_ctx, &bc);
    const float src[4] = {1, 0.2f, 0, 0.25f};
    pt_vtx v[6];
    draw_quad(v, 0, 0, 32, 64, 0, src);
    /* rgb = src * a + dst * (1 - a); alpha = src.a * const.a. */
    const float a = src[3];
    rect_list l = {.background = pt_rgba8(0.5f, 0.5f, 0.5f, 0.5f)};
    add_rect(&l, 0, 0, 32, 64,
             pt_rgba8(src[0] * a + 0.5f * (1 - a), src[1] * a + 0.5f * (1 - a),
                      src[2] * a + 0.5f * (1 - a), a * 0.5f));
    pt_check_image(e->f.rt, expect_rects, &l, 1);
}

/* Dual-source blending: rgb = COLOR[0] * COLOR[1] (SRC1_COLOR, ZERO). */
static const char FS_DUAL_SOURCE[] = "FRAG\n"
                                     "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                                     "DCL OUT[0], COLOR[0]\n"
                                     "DCL OUT[1], COLOR[1]\n"
                                     "IMM[0] FLT32 { 0.5000, 0.2500, 1.0000, 1.0000}\n"
                                     "  0: MOV OUT[0], IN[0]\n"
                                     "  1: MOV OUT[1], IMM[0]\n"
                                     "  2: END\n";
static const struct pipe_blend_state blend_src1_color = BLEND_ADD(SRC1_COLOR, ZERO, ONE, ZERO);

static void dual_source(draw_env *e)
{
    const float white[4] = {1, 0.8f, 0.6f, 1};
    pt_vtx v[6];
    draw_quad(v, 16, 16, 48, 48, 0, white);
    check_one_rect(e->f.rt, 16, 16, 48, 48, pt_rgba8(0.5f, 0.2f, 0.6f, 1), 1);
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
    pt_check_image(f->rt, expect_rects, &l, 0);
}

static void indexed_restart(draw_env *e)
{
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
    for (int s = 0; s < 3; s++) {
        for (int res = 0; res < 2; res++) {
            clear_black(PIPE_CLEAR_COLOR0);
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
            expect_two_quads(&e->f, true, true);
            pipe_resource_reference(&ib, NULL);
        }
    }
    pipe_resource_reference(&vbuf, NULL);
    /* index_bias and multi-draw from a user vertex buffer: indices 4-7
     * drawn with bias -4 and indices 0-3 with bias 0; min/max bounds given. */
    pt_set_user_vb(strip_verts, sizeof(pt_vtx));
    clear_black(PIPE_CLEAR_COLOR0);
    struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLE_STRIP, .index_size = 2,
                                  .instance_count = 1, .has_user_indices = true,
                                  .index_bounds_valid = true, .min_index = 0, .max_index = 7};
    info.index.user = idx16;
    struct pipe_draw_start_count_bias d[2] = {{.start = 5, .count = 4, .index_bias = -4},
                                              {.start = 0, .count = 4, .index_bias = 0}};
    pt_ctx->draw_vbo(pt_ctx, &info, 0, d, 1);
    expect_two_quads(&e->f, true, false);
    clear_black(PIPE_CLEAR_COLOR0);
    d[0].index_bias = 0;
    pt_ctx->draw_vbo(pt_ctx, &info, 0, d, 2);
    expect_two_quads(&e->f, true, true);
    /* Without bounds the driver scans the indices (plus bias) to size its
     * copy of the user buffer: indices 0-3 with bias 4 reach vertex 7. */
    clear_black(PIPE_CLEAR_COLOR0);
    info.index_bounds_valid = false;
    info.max_index = 0;
    d[0] = (struct pipe_draw_start_count_bias){.start = 0, .count = 4, .index_bias = 4};
    pt_ctx->draw_vbo(pt_ctx, &info, 0, d, 1);
    expect_two_quads(&e->f, false, true);
}

/* Instancing: IN[2] is a per-instance offset (divisor 1) from a second
 * buffer; start_instance selects which offsets are fetched. */
static const char VS_INSTANCE_OFFSET[] = "VERT\n"
                                         "DCL IN[0]\n"
                                         "DCL IN[1]\n"
                                         "DCL IN[2]\n"
                                         "DCL OUT[0], POSITION\n"
                                         "DCL OUT[1], GENERIC[0]\n"
                                         "  0: ADD OUT[0], IN[0], IN[2]\n"
                                         "  1: MOV OUT[1], IN[1]\n"
                                         "  2: END\n";

static void instancing(draw_env *e)
{
    struct pipe_vertex_element el[3] = {
        {.src_offset = 0, .vertex_buffer_index = 0, .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT},
        {.src_offset = 16, .vertex_buffer_index = 0, .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT},
        {.src_offset = 0, .instance_divisor = 1, .vertex_buffer_index = 1,
         .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT},
    };
    void *ve = pt_ctx->create_vertex_elements_state(pt_ctx, 3, el);
    assert_non_null(ve);
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
    pt_check_image(e->f.rt, expect_rects, &l, 0);

    clear_black(PIPE_CLEAR_COLOR0);
    info.start_instance = 1;
    info.instance_count = 2;
    pt_ctx->draw_vbo(pt_ctx, &info, 0, &d, 1);
    rect_list l2 = {0};
    add_rect(&l2, 20, 16, 28, 24, blue);
    add_rect(&l2, 36, 24, 44, 32, blue);
    pt_check_image(e->f.rt, expect_rects, &l2, 0);

    pt_ctx->bind_vertex_elements_state(pt_ctx, e->f.velems);
    pt_ctx->delete_vertex_elements_state(pt_ctx, ve);
}

/* Constant buffers: two FS buffers (user memory and a resource with an
 * offset) and a VS buffer that moves the quad. */
static const char VS_CONST_OFFSET[] = "VERT\n"
                                      "DCL IN[0]\n"
                                      "DCL IN[1]\n"
                                      "DCL OUT[0], POSITION\n"
                                      "DCL OUT[1], GENERIC[0]\n"
                                      "DCL CONST[0][0]\n"
                                      "  0: ADD OUT[0], IN[0], CONST[0][0]\n"
                                      "  1: MOV OUT[1], IN[1]\n"
                                      "  2: END\n";
static const char FS_CONST_SUM[] = "FRAG\n"
                                   "DCL OUT[0], COLOR\n"
                                   "DCL CONST[0][0..1]\n"
                                   "DCL CONST[1][0]\n"
                                   "DCL TEMP[0]\n"
                                   "  0: ADD TEMP[0], CONST[0][0], CONST[0][1]\n"
                                   "  1: ADD OUT[0], TEMP[0], CONST[1][0]\n"
                                   "  2: END\n";

static void constants(draw_env *e)
{
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
    draw_quad(v, 8, 8, 24, 24, 0, RED);
    check_one_rect(e->f.rt, 24, 16, 40, 32, pt_rgba8(0.25f, 0.5f, 0.75f, 1.0f), 1);

    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_VERTEX, 0, NULL);
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 0, NULL);
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 1, NULL);
    pipe_resource_reference(&buf, NULL);
}

/* A 2x2 texture over the whole target with nearest filtering: each
 * quadrant shows one texel exactly. */
static const char FS_TEX[] = "FRAG\n"
                             "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                             "DCL OUT[0], COLOR\n"
                             "DCL SAMP[0]\n"
                             "DCL SVIEW[0], 2D, FLOAT\n"
                             "  0: TEX OUT[0], IN[0], SAMP[0], 2D\n"
                             "  1: END\n";

static void texture(draw_env *e)
{
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
    pt_check_image(e->f.rt, expect_rects, &l, 0);

    pt_ctx->set_sampler_views(pt_ctx, PIPE_SHADER_FRAGMENT, 0, 1, NULL);
    pt_ctx->bind_sampler_states(pt_ctx, PIPE_SHADER_FRAGMENT, 0, 1, NULL);
    pipe_sampler_view_reference(&view, NULL);
    pt_ctx->delete_sampler_state(pt_ctx, samp);
    pipe_resource_reference(&tex, NULL);
}

/* Two-sided colour and culling: with light_twoside, one winding shows
 * COLOR, the other BCOLOR; front_ccw swaps them; culling FRONT removes the
 * front one. An FS input no VS output feeds reads 0. */
static const char VS_TWOSIDE[] = "VERT\n"
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
static const char FS_TWOSIDE[] = "FRAG\n"
                                 "DCL IN[0], COLOR, COLOR\n"
                                 "DCL IN[1], GENERIC[3], PERSPECTIVE\n"
                                 "DCL OUT[0], COLOR\n"
                                 "  0: ADD OUT[0], IN[0], IN[1]\n"
                                 "  1: END\n";

/* Clears, draws the 32x32 red quad at (16, 16) in winding `wind` (1:
 * reversed) and reads the target back into img. */
static void draw_wound_quad(draw_env *e, int wind, uint32_t *img)
{
    clear_black(PIPE_CLEAR_COLOR0);
    pt_vtx v[6];
    pt_quad(v, 16, 16, 48, 48, 0, RED);
    if (wind)
        flip_winding(v, 6);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_read_rgba(e->f.rt, img);
}

static void twoside_cull_unlinked(draw_env *e)
{
    uint32_t got[2][2]; /* [front_ccw][winding] colour at the quad's centre */
    static uint32_t img[W * H];
    for (int ccw = 0; ccw < 2; ccw++) {
        void *rs = bind_rast(RAST(.front_ccw = ccw, .light_twoside = true));
        for (int wind = 0; wind < 2; wind++) {
            draw_wound_quad(e, wind, img);
            got[ccw][wind] = img[32 * W + 32];
            /* Both triangles of the quad share the winding: uniform. */
            assert_int_equal(img[17 * W + 17], got[ccw][wind]);
            assert_int_equal(img[46 * W + 46], got[ccw][wind]);
        }
        unbind_rast(e, rs);
    }
    uint32_t red = pt_rgba8(1, 0, 0, 1), blue = pt_rgba8(0, 0, 1, 1);
    /* GENERIC[3] is unlinked: reads 0, so the sums are the pure colours. */
    assert_true((got[0][0] == red && got[0][1] == blue) || (got[0][0] == blue && got[0][1] == red));
    assert_int_equal(got[1][0], got[0][1]);
    assert_int_equal(got[1][1], got[0][0]);

    /* Cull front faces under front_ccw = true: the winding that showed
     * COLOR (front) disappears, the other stays. */
    int front_wind = got[1][0] == red ? 0 : 1;
    void *rs = bind_rast(RAST(.front_ccw = true, .light_twoside = true,
                              .cull_face = PIPE_FACE_FRONT));
    for (int wind = 0; wind < 2; wind++) {
        draw_wound_quad(e, wind, img);
        assert_int_equal(img[32 * W + 32], wind == front_wind ? 0u : blue);
    }
    unbind_rast(e, rs);
}

/* Sprite coordinates: Gallium's mask names GENERIC indices, the engine's
 * PS input slots (swrp_shader_link). */
static void sprite_mask_mapping(draw_env *e)
{
    (void)e;
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
    swr_gs_state egs;
    uint8_t mask;
    swrp_shader_link(vs, vs->variant[0], fs, fs->variant[0], NULL, NULL, &rast, false, 2, &evs,
                     &eps, &egs, &mask);
    assert_null(egs.func);           /* no GS bound: none sent */
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

/* Every pixel of the depth/stencil buffer: stencil `stencil` (or `inside`
 * in rectangle [x0,x1) x [y0,y1)) and depth 0.5 (within 1 of 2^23). */
static void check_zs(pt_fixture *f, uint32_t stencil, uint32_t inside, int x0, int y0, int x1,
                     int y1)
{
    static uint32_t zs[W * H];
    pt_read_rgba(f->zs, zs);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = x >= x0 && x < x1 && y >= y0 && y < y1;
            assert_int_equal(zs[y * W + x] >> 24, in ? inside : stencil);
            assert_true(labs((long)(zs[y * W + x] & 0xffffff) - 8388608L) <= 1);
        }
}

/* clear() with masks over two colour buffers and depth/stencil, then the
 * rectangle clears of any surface. */
static void clears(draw_env *e)
{
    pt_fixture *f = &e->f;
    struct pipe_resource *rt2;
    struct pipe_surface *cs2 = make_target(&rt2);
    pt_bind_fb(f->cs, cs2, f->zss);
    union pipe_color_union c1 = {{0.2f, 0.4f, 0.6f, 0.8f}}, c2 = {{1, 0, 1, 0}};
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR | PIPE_CLEAR_DEPTHSTENCIL, &c1, 0.25, 0x5a);
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR1, &c2, 1.0, 0);
    rect_list l0 = {.background = pt_rgba8(0.2f, 0.4f, 0.6f, 0.8f)};
    rect_list l1 = {.background = pt_rgba8(1, 0, 1, 0)};
    pt_check_image(f->rt, expect_rects, &l0, 0);
    pt_check_image(rt2, expect_rects, &l1, 0);
    /* Depth only: stencil keeps 0x5a; then stencil only. */
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_DEPTH, &c1, 0.5, 0x11);
    check_zs(f, 0x5a, 0x5a, 0, 0, 0, 0);
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_STENCIL, &c1, 0.0, 0x3c);
    check_zs(f, 0x3c, 0x3c, 0, 0, 0, 0);

    /* Rectangles, one clipped at the surface's edge. */
    union pipe_color_union g = {{0, 1, 0, 1}};
    pt_ctx->clear_render_target(pt_ctx, f->cs, &g, 10, 12, 5, 7, false);
    pt_ctx->clear_render_target(pt_ctx, cs2, &g, 60, 60, 100, 100, false);
    add_rect(&l0, 10, 12, 15, 19, pt_rgba8(0, 1, 0, 1));
    add_rect(&l1, 60, 60, 64, 64, pt_rgba8(0, 1, 0, 1));
    pt_check_image(f->rt, expect_rects, &l0, 0);
    pt_check_image(rt2, expect_rects, &l1, 0);
    pt_ctx->clear_depth_stencil(pt_ctx, f->zss, PIPE_CLEAR_STENCIL, 0.0, 0x77, 3, 4, 2, 2, false);
    check_zs(f, 0x3c, 0x77, 3, 4, 5, 6);
    /* A draw after a CPU rectangle clear sees the cleared pixels (tiles
     * reloaded) and adds its own. */
    pt_vtx v[6];
    draw_quad(v, 30, 30, 34, 34, 0, BLUE);
    add_rect(&l0, 30, 30, 34, 34, pt_rgba8(0, 0, 1, 1));
    pt_check_image(f->rt, expect_rects, &l0, 0);

    pipe_surface_reference(&cs2, NULL);
    pipe_resource_reference(&rt2, NULL);
}

/* Bad input: refused with a message, never a crash; a draw with missing
 * CSOs draws nothing. */
static void invalid(draw_env *e)
{
    pt_fixture *f = &e->f;
    pt_vtx v[6];
    quad_vb(v, 0, 0, 64, 64, 0, RED);
    pt_ctx->bind_vs_state(pt_ctx, NULL);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_ctx->bind_vs_state(pt_ctx, f->vs);
    pt_ctx->bind_blend_state(pt_ctx, NULL);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_ctx->bind_blend_state(pt_ctx, f->blend);
    pt_ctx->bind_vertex_elements_state(pt_ctx, NULL);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_ctx->bind_vertex_elements_state(pt_ctx, f->velems);
    pt_draw_arrays(PIPE_PRIM_PATCHES, 0, 6);
    struct pipe_draw_info bad = {.mode = PIPE_PRIM_TRIANGLES, .index_size = 3, .instance_count = 1};
    struct pipe_draw_start_count_bias d = {.start = 0, .count = 6};
    pt_ctx->draw_vbo(pt_ctx, &bad, 0, &d, 1);
    bad.index_size = 2; /* no index buffer at all */
    pt_ctx->draw_vbo(pt_ctx, &bad, 0, &d, 1);
    pt_ctx->draw_vbo(pt_ctx, NULL, 0, &d, 1);
    check_all(f->rt, 0);

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
    struct pipe_vertex_element el = {.vertex_buffer_index = 0, .src_format = PIPE_FORMAT_NONE};
    assert_null(pt_ctx->create_vertex_elements_state(pt_ctx, 1, &el));
    el = (struct pipe_vertex_element){.vertex_buffer_index = 99,
                                      .src_format = PIPE_FORMAT_R32_FLOAT};
    assert_null(pt_ctx->create_vertex_elements_state(pt_ctx, 1, &el));
    assert_null(pt_ctx->create_vertex_elements_state(pt_ctx, PIPE_MAX_ATTRIBS + 1, &el));
    assert_null(pt_make_shader("VERT\nDCL IN[0]\n  0: MOV OUT[0], IN[7]\n", true));
    assert_null(pt_make_shader(PT_FS_PASS, true)); /* a FRAG text as a VS */
    struct pipe_shader_state none_text = {0};
    assert_null(pt_ctx->create_fs_state(pt_ctx, &none_text));
    /* A surface of a level the texture lacks; a view of the wrong size. */
    struct pipe_surface st = {.format = PIPE_FORMAT_R8G8B8A8_UNORM};
    st.u.tex.level = 3;
    assert_null(pt_ctx->create_surface(pt_ctx, f->rt, &st));
    struct pipe_sampler_view vt = {.target = PIPE_TEXTURE_2D, .format = PIPE_FORMAT_R16_UNORM};
    assert_null(pt_ctx->create_sampler_view(pt_ctx, f->rt, &vt));

    /* A VS without POSITION: the draw is skipped. */
    void *vs = pt_make_shader("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\n  0: MOV OUT[0], IN[0]\n"
                              "  1: END\n",
                              true);
    assert_non_null(vs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_ctx->bind_vs_state(pt_ctx, f->vs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    check_all(f->rt, 0);

    /* And the state still works afterwards. */
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    check_all(f->rt, pt_rgba8(1, 0, 0, 1));
}

/* Many draws with changing user data, deleting CSOs while draws may still
 * run (copies and zombie shaders keep what the engine reads alive). */
static void stream_of_draws(draw_env *e)
{
    for (int i = 0; i < 64; i++) {
        void *fs = pt_make_shader(PT_FS_PASS, false);
        pt_ctx->bind_fs_state(pt_ctx, fs);
        pt_vtx v[6];
        const float c[4] = {(float)(i & 1), 0, 1, 1};
        draw_quad(v, (float)(i % 8) * 8, (float)(i / 8) * 8, (float)(i % 8) * 8 + 8,
                  (float)(i / 8) * 8 + 8, 0, c);
        memset(v, 0, sizeof v); /* the driver copied what it needs */
        pt_ctx->bind_fs_state(pt_ctx, e->f.fs);
        pt_ctx->delete_fs_state(pt_ctx, fs);
    }
    static uint32_t img[W * H];
    pt_read_rgba(e->f.rt, img);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int i = (y / 8) * 8 + x / 8;
            assert_int_equal(img[y * W + x], pt_rgba8((float)(i & 1), 0, 1, 1));
        }
}

/* A uniform stream: 256 draws, each with 1 KiB of user constants bound to
 * both stages (the driver shares one copy between them, keeps a copy whose
 * contents did not change, and carves copies from chunks it reuses once
 * their draws are done: 256 KiB of copies pass through 32 KiB chunks).
 * Every third draw re-sends the previous contents; the VS moves each 4x4
 * quad by CONST[0][1] and the FS writes CONST[0][63]. Expected: cell i
 * shows the colour draw i's constants held. */
static const char VS_CONST1_OFFSET[] = "VERT\n"
                                       "DCL IN[0]\n"
                                       "DCL OUT[0], POSITION\n"
                                       "DCL CONST[0][1]\n"
                                       "  0: ADD OUT[0], IN[0], CONST[0][1]\n"
                                       "  1: END\n";
static const char FS_CONST63[] = "FRAG\n"
                                 "DCL OUT[0], COLOR\n"
                                 "DCL CONST[0][63]\n"
                                 "  0: MOV OUT[0], CONST[0][63]\n"
                                 "  1: END\n";

static void constant_stream(draw_env *e)
{
    pt_vtx v[6];
    quad_vb(v, 0, 0, 4, 4, 0, (const float[4]){0, 0, 0, 1});
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
    pt_read_rgba(e->f.rt, img);
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
}

/* Scissor test on and off, and a viewport covering only the top-left
 * quarter: x_w = 16 x + 16. */
static const struct pipe_rasterizer_state rast_scissor = {
    .half_pixel_center = true, .depth_clip_near = true, .depth_clip_far = true, .scissor = true,
    .line_width = 1};

static void scissor_viewport(draw_env *e)
{
    struct pipe_scissor_state sc = {.minx = 10, .miny = 20, .maxx = 30, .maxy = 41};
    pt_ctx->set_scissor_states(pt_ctx, 0, 1, &sc);
    pt_vtx v[6];
    draw_quad(v, 0, 0, 64, 64, 0, GREEN);
    check_one_rect(e->f.rt, 10, 20, 30, 41, pt_rgba8(0, 1, 0, 1), 0);

    /* Scissor off (the rasterizer's flag), smaller viewport. */
    pt_ctx->bind_rasterizer_state(pt_ctx, e->f.rast);
    clear_black(PIPE_CLEAR_COLOR0);
    struct pipe_viewport_state vp = {{16, 16, 0.5f}, {16, 16, 0.5f}};
    pt_ctx->set_viewport_states(pt_ctx, 0, 1, &vp);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    check_one_rect(e->f.rt, 0, 0, 32, 32, pt_rgba8(0, 1, 0, 1), 0);
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

static const char FS_FLAT[] = "FRAG\n"
                              "DCL IN[0], GENERIC[0], COLOR\n"
                              "DCL OUT[0], COLOR\n"
                              "  0: MOV OUT[0], IN[0]\n"
                              "  1: END\n";

static void flatshade(draw_env *e)
{
    pt_vtx v[6];
    pt_quad(v, 16, 16, 48, 48, 0, RED);
    const float *cols[6] = {RED, GREEN, BLUE, GREEN, BLUE, RED};
    for (int i = 0; i < 6; i++)
        memcpy(v[i].color, cols[i], sizeof v[i].color);
    pt_set_user_vb(v, sizeof(pt_vtx));
    uint32_t red = pt_rgba8(1, 0, 0, 1), green = pt_rgba8(0, 1, 0, 1), blue = pt_rgba8(0, 0, 1, 1);
    for (int first = 0; first < 2; first++) {
        void *rs = bind_rast(RAST(.flatshade = true, .flatshade_first = first));
        clear_black(PIPE_CLEAR_COLOR0);
        pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
        flat_expect fe = first ? (flat_expect){red, green} : (flat_expect){blue, red};
        check_flat(e->f.rt, &fe);
        unbind_rast(e, rs);
    }
}

/* Deleting bound CSOs (the caller's error) unbinds them: later draws are
 * skipped, nothing dangles (ASan checks). */
static void delete_bound(draw_env *e)
{
    pt_vtx v[6];
    quad_vb(v, 0, 0, 64, 64, 0, RED);
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
    check_all(e->f.rt, 0);
    pt_ctx->bind_rasterizer_state(pt_ctx, e->f.rast);
    pt_ctx->bind_fs_state(pt_ctx, e->f.fs);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    check_all(e->f.rt, pt_rgba8(1, 0, 0, 1));
}

/* Stencil: a quad writes ref 5 with colour writes off, then a full-target
 * quad passes only where stencil == 5. */
static void stencil(draw_env *e)
{
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
    pt_ctx->bind_blend_state(pt_ctx, e->f.blend);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 6, 6);
    check_one_rect(e->f.rt, 16, 8, 32, 40, pt_rgba8(0, 1, 0, 1), 0);
    static uint32_t zs[W * H];
    pt_read_rgba(e->f.zs, zs);
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
    flip_winding(v + 6, 6);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 12);
    pt_read_rgba(e->f.zs, zs);
    uint32_t s0 = zs[4 * W + 4] >> 24, s1 = zs[44 * W + 44] >> 24;
    assert_true((s0 == 5 && s1 == 9) || (s0 == 9 && s1 == 5));
    pt_ctx->bind_depth_stencil_alpha_state(pt_ctx, e->f.dsa);
    pt_ctx->delete_depth_stencil_alpha_state(pt_ctx, two);
    pt_ctx->delete_depth_stencil_alpha_state(pt_ctx, write);
    pt_ctx->delete_depth_stencil_alpha_state(pt_ctx, test);
    pt_ctx->delete_blend_state(pt_ctx, nocolor);
}

/* A clip distance written by the VS (CLIPDIST[0] = x_ndc) clips the left
 * half when clip_plane_enable has bit 0, and nothing otherwise. */
static const char VS_CLIPDIST[] = "VERT\n"
                                  "DCL IN[0]\n"
                                  "DCL IN[1]\n"
                                  "DCL OUT[0], POSITION\n"
                                  "DCL OUT[1], GENERIC[0]\n"
                                  "DCL OUT[2], CLIPDIST[0]\n"
                                  "  0: MOV OUT[0], IN[0]\n"
                                  "  1: MOV OUT[1], IN[1]\n"
                                  "  2: MOV OUT[2], IN[0].xxxx\n"
                                  "  3: END\n";

static void clip_distance(draw_env *e)
{
    pt_vtx v[6];
    quad_vb(v, 0, 0, 64, 64, 0, RED);
    for (int on = 0; on < 2; on++) {
        void *rs = bind_rast(RAST(.clip_plane_enable = (uint8_t)on));
        clear_black(PIPE_CLEAR_COLOR0);
        pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
        check_one_rect(e->f.rt, on ? 32 : 0, 0, 64, 64, pt_rgba8(1, 0, 0, 1), 0);
        unbind_rast(e, rs);
    }
}

/* Two render targets with independent colour masks, then a logic op. */
static const char FS_TWO_OUTPUTS[] = "FRAG\n"
                                     "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                                     "DCL OUT[0], COLOR[0]\n"
                                     "DCL OUT[1], COLOR[1]\n"
                                     "IMM[0] FLT32 { 0.0000, 0.0000, 1.0000, 1.0000}\n"
                                     "  0: MOV OUT[0], IN[0]\n"
                                     "  1: MOV OUT[1], IMM[0]\n"
                                     "  2: END\n";
static const struct pipe_blend_state blend_masks = {
    .independent_blend_enable = true,
    .rt = {{.colormask = PIPE_MASK_R | PIPE_MASK_A}, {.colormask = PIPE_MASK_RGBA}}};

static void mrt_colormask_logicop(draw_env *e)
{
    pt_fixture *f = &e->f;
    struct pipe_resource *rt2;
    struct pipe_surface *cs2 = make_target(&rt2);
    pt_bind_fb(f->cs, cs2, f->zss);
    union pipe_color_union bg = {{0.2f, 0.4f, 0.6f, 0.8f}};
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR, &bg, 1.0, 0);
    pt_vtx v[6];
    draw_quad(v, 8, 8, 24, 24, 0, RED);
    rect_list l0 = {.background = pt_rgba8(0.2f, 0.4f, 0.6f, 0.8f)};
    rect_list l1 = l0;
    add_rect(&l0, 8, 8, 24, 24, pt_rgba8(1, 0.4f, 0.6f, 1));
    add_rect(&l1, 8, 8, 24, 24, pt_rgba8(0, 0, 1, 1));
    pt_check_image(f->rt, expect_rects, &l0, 0);
    pt_check_image(rt2, expect_rects, &l1, 0);

    /* XOR on UNORM8 targets works on the stored bits. */
    struct pipe_blend_state x = {.logicop_enable = true, .logicop_func = PIPE_LOGICOP_XOR};
    x.rt[0].colormask = PIPE_MASK_RGBA;
    void *xor = pt_ctx->create_blend_state(pt_ctx, &x);
    assert_non_null(xor);
    pt_ctx->bind_blend_state(pt_ctx, xor);
    pt_bind_fb(f->cs, NULL, f->zss);
    pt_ctx->bind_fs_state(pt_ctx, f->fs);
    pt_quad(v, 40, 40, 56, 56, 0, RED);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    uint32_t bgv = pt_rgba8(0.2f, 0.4f, 0.6f, 0.8f);
    add_rect(&l0, 40, 40, 56, 56, bgv ^ pt_rgba8(1, 0, 0, 1));
    pt_check_image(f->rt, expect_rects, &l0, 0);

    pt_ctx->bind_blend_state(pt_ctx, f->blend);
    pt_ctx->delete_blend_state(pt_ctx, xor);
    pipe_surface_reference(&cs2, NULL);
    pipe_resource_reference(&rt2, NULL);
}

/* Buffers rewritten between draws (whole-buffer subdata, which may orphan
 * busy storage): each draw uses the contents current at its call. */
static const char FS_CONST0[] = "FRAG\n"
                                "DCL OUT[0], COLOR\n"
                                "DCL CONST[0][0]\n"
                                "  0: MOV OUT[0], CONST[0][0]\n"
                                "  1: END\n";

static void buffer_rewrite_between_draws(draw_env *e)
{
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
    pt_check_image(e->f.rt, expect_rects, &l, 0);
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 0, NULL);
    pipe_resource_reference(&cbuf, NULL);
    pipe_resource_reference(&vbuf, NULL);
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

static const char VS_PSIZE[] = "VERT\n"
                               "DCL IN[0]\n"
                               "DCL IN[1]\n"
                               "DCL OUT[0], POSITION\n"
                               "DCL OUT[1], GENERIC[0]\n"
                               "DCL OUT[2], PSIZE\n"
                               "  0: MOV OUT[0], IN[0]\n"
                               "  1: MOV OUT[1], IN[1]\n"
                               "  2: MOV OUT[2], IN[1].wwww\n"
                               "  3: END\n";
static const char FS_GENERIC1[] = "FRAG\n"
                                  "DCL IN[0], GENERIC[1], PERSPECTIVE\n"
                                  "DCL OUT[0], COLOR\n"
                                  "  0: MOV OUT[0], IN[0]\n"
                                  "  1: END\n";

static void points_sprites(draw_env *e)
{
    /* Clear to white with alpha 1 so covered-but-zero pixels show. */
    pt_vtx v[1] = {{{pt_nx(24), pt_nx(24), 0, 1}, {0, 0, 0, 16}}};
    pt_set_user_vb(v, sizeof(pt_vtx));
    for (int mode = 0; mode < 3; mode++) {
        /* 0: per-vertex size 16 with sprites; 1: rasterizer size 6 with
         * sprites; 2: per-vertex size, sprites off. */
        void *rs = bind_rast(RAST(.point_quad_rasterization = true,
                                  .point_size_per_vertex = mode != 1, .point_size = 6,
                                  .sprite_coord_enable = mode == 2 ? 0 : 1u << 1,
                                  .sprite_coord_mode = PIPE_SPRITE_COORD_UPPER_LEFT));
        clear_black(PIPE_CLEAR_COLOR0);
        pt_draw_arrays(PIPE_PRIM_POINTS, 0, 1);
        sprite_expect se = {24, 24, mode == 1 ? 6.0f : 16.0f, mode != 2};
        pt_check_image(e->f.rt, expect_sprite, &se, 1);
        unbind_rast(e, rs);
    }
}

/* ---- the table ------------------------------------------------------------------ */

/* Row fn_case: the fields given, body fn. */
#define CASE(fn, ...) static const draw_case fn##_case = {.body = fn, __VA_ARGS__}
CASE(quad_coverage);
CASE(destroy_unread_target);
CASE(depth_order, .dsa = &dsa_less);
CASE(blend, .blend = &blend_src_alpha);
CASE(dual_source, .fs = FS_DUAL_SOURCE, .blend = &blend_src1_color);
CASE(indexed_restart);
CASE(instancing, .vs = VS_INSTANCE_OFFSET);
CASE(constants, .vs = VS_CONST_OFFSET, .fs = FS_CONST_SUM);
CASE(texture, .fs = FS_TEX);
CASE(twoside_cull_unlinked, .vs = VS_TWOSIDE, .fs = FS_TWOSIDE);
CASE(sprite_mask_mapping, .bare = true);
CASE(clears);
CASE(invalid);
CASE(stream_of_draws);
CASE(constant_stream, .vs = VS_CONST1_OFFSET, .fs = FS_CONST63);
CASE(scissor_viewport, .rast = &rast_scissor);
CASE(flatshade, .fs = FS_FLAT);
CASE(delete_bound);
CASE(stencil);
CASE(clip_distance, .vs = VS_CLIPDIST);
CASE(mrt_colormask_logicop, .fs = FS_TWO_OUTPUTS, .blend = &blend_masks);
CASE(buffer_rewrite_between_draws, .fs = FS_CONST0);
CASE(points_sprites, .vs = VS_PSIZE, .fs = FS_GENERIC1);

/* A cmocka test named test_<fn> that runs fn's row. */
#define DRAW_TEST(fn) {"test_" #fn, run_case, NULL, NULL, (void *)&fn##_case}

int main(int argc, char **argv)
{
    /* "clip" runs the clip-distance test alone (draw.cmake registers it as
     * its own test): it is the one test that reaches the engine's exact
     * clipper, so an engine clipping failure does not hide the others. */
    const struct CMUnitTest clip_tests[] = {
        DRAW_TEST(clip_distance),
    };
    const struct CMUnitTest tests[] = {
        DRAW_TEST(quad_coverage),
        DRAW_TEST(destroy_unread_target),
        DRAW_TEST(depth_order),
        DRAW_TEST(blend),
        DRAW_TEST(dual_source),
        DRAW_TEST(indexed_restart),
        DRAW_TEST(instancing),
        DRAW_TEST(constants),
        DRAW_TEST(texture),
        DRAW_TEST(twoside_cull_unlinked),
        DRAW_TEST(sprite_mask_mapping),
        DRAW_TEST(clears),
        DRAW_TEST(invalid),
        DRAW_TEST(stream_of_draws),
        DRAW_TEST(constant_stream),
        DRAW_TEST(scissor_viewport),
        DRAW_TEST(flatshade),
        DRAW_TEST(delete_bound),
        DRAW_TEST(stencil),
        DRAW_TEST(mrt_colormask_logicop),
        DRAW_TEST(buffer_rewrite_between_draws),
        DRAW_TEST(points_sprites),
    };
    if (argc > 1 && strcmp(argv[1], "clip") == 0)
        return cmocka_run_group_tests(clip_tests, pt_group_setup, pt_group_teardown);
    return cmocka_run_group_tests(tests, pt_group_setup, pt_group_teardown);
}
