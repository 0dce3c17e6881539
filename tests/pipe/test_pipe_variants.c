/*
 * test_pipe_variants.c: pipe state the swr driver implements with shader
 * variants (frontend-gallium/pipe/swrp_shader_lower.c): user clip planes
 * (set_clip_state + clip_plane_enable, from POSITION or CLIPVERTEX),
 * polygon stipple (set_polygon_stipple + poly_stipple_enable, polygons
 * only) and colour clamping (clamp_vertex_color, clamp_fragment_color),
 * the planes and vertex colour clamping also on a bound geometry shader
 * (the last vertex stage).
 *
 * Oracles, all independent of the driver: clip planes by evaluating every
 * enabled plane at each pixel centre of a full-window quad (whose clip
 * coordinates are known analytically); stipple by the bit of the pattern
 * row at each pixel; clamping by the constant colours the shaders write,
 * saturated or not, read back from a float render target. Variant
 * switches between draws (plane masks, stipple on/off, clamping on/off
 * with the same shaders) are checked image by image.
 */
#include <math.h>
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

#define W PT_W
#define H PT_H

static const float RED[4] = {1, 0, 0, 1};
static const float GREEN_HALF[4] = {0, 0.5f, 0, 1};


static void clear_black(void)
{
    union pipe_color_union black = {{0, 0, 0, 0}};
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &black, 1.0, 0);
}

static void *make_rast(uint8_t clip_enable, bool stipple, bool clamp_v, bool clamp_f,
                       unsigned fill)
{
    struct pipe_rasterizer_state r = {
        .half_pixel_center = true, .bottom_edge_rule = true, .depth_clip_near = true,
        .depth_clip_far = true, .line_width = 1, .point_size = 1, .front_ccw = true,
        .clip_plane_enable = clip_enable, .poly_stipple_enable = stipple,
        .clamp_vertex_color = clamp_v, .clamp_fragment_color = clamp_f,
        .fill_front = (uint8_t)fill, .fill_back = (uint8_t)fill};
    void *rs = pt_ctx->create_rasterizer_state(pt_ctx, &r);
    assert_non_null(rs);
    return rs;
}

/* ---- user clip planes --------------------------------------------------------- */

typedef struct planes_expect {
    float ucp[8][4];
    uint8_t enable;
    bool negate_x; /* the VS's CLIPVERTEX is the position with x negated */
} planes_expect;

/* The fixture's full-window quad at z = 0, w = 1: the pixel centre (x, y)
 * has clip coordinates (x/32 - 1, y/32 - 1, 0, 1) (y grows with the row). */
static uint32_t expect_planes(int x, int y, const void *arg)
{
    const planes_expect *e = arg;
    double v[4] = {pt_nx((float)x + 0.5f), pt_nx((float)y + 0.5f), 0, 1};
    if (e->negate_x)
        v[0] = -v[0];
    for (int i = 0; i < 8; i++) {
        if (!(e->enable >> i & 1))
            continue;
        double d = 0;
        for (int c = 0; c < 4; c++)
            d += e->ucp[i][c] * v[c];
        if (d < 0)
            return 0;
    }
    return pt_rgba8(1, 0, 0, 1);
}

static void draw_full_quad(const float color[4])
{
    static pt_vtx v[6];
    pt_quad(v, 0, 0, W, H, 0, color);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
}

/* Planes on pixel edges (no centre lies on one): x_ndc >= 0, y_ndc >= -0.5,
 * x + y <= 0.765625 (a diagonal half a pixel off every centre), and one plane that keeps all. */
static void set_test_planes(planes_expect *e)
{
    static const float ucp[8][4] = {
        {1, 0, 0, 0},       /* 0: right half */
        {0, 0, 0, 1},       /* 1: everything */
        {-1, -1, 0, 0.765625f}, /* 2: x + y <= 0.765625 */
        {0, 0, 0, 1},       /* 3 */
        {0, 0, 0, 1},       /* 4 */
        {0, 1, 0, 0.5f},    /* 5: y_ndc >= -0.5 (rows 16 and below) */
        {0, 0, 0, 1},       /* 6 */
        {-1, 0, 0, 0.5f},   /* 7: x_ndc <= 0.5 */
    };
    struct pipe_clip_state cs;
    memcpy(cs.ucp, ucp, sizeof ucp);
    memcpy(e->ucp, ucp, sizeof ucp);
    pt_ctx->set_clip_state(pt_ctx, &cs);
}

static void run_plane_masks(pt_fixture *f, planes_expect *e)
{
    static const uint8_t masks[] = {0x01, 0x21, 0x00, 0x04, 0xa5, 0x80, 0x01};
    for (unsigned m = 0; m < sizeof masks; m++) {
        void *rs = make_rast(masks[m], false, false, false, PIPE_POLYGON_MODE_FILL);
        pt_ctx->bind_rasterizer_state(pt_ctx, rs);
        clear_black();
        draw_full_quad(RED);
        e->enable = masks[m];
        pt_check_image(f->rt, expect_planes, e, 0);
        pt_ctx->bind_rasterizer_state(pt_ctx, f->rast);
        pt_ctx->delete_rasterizer_state(pt_ctx, rs);
    }
}

/* A VS without CLIPVERTEX: the planes apply to POSITION. */
static void test_ucp_position(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    planes_expect e = {.negate_x = false};
    set_test_planes(&e);
    run_plane_masks(&f, &e);
    pt_fixture_fini(&f);
}

/* A VS writing CLIPVERTEX = (-x, y, z, w): the planes apply to it, not to
 * POSITION. The same planes then keep the mirrored regions. */
static void test_ucp_clipvertex(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const char *vs_text = "VERT\n"
                                 "DCL IN[0]\n"
                                 "DCL IN[1]\n"
                                 "DCL OUT[0], POSITION\n"
                                 "DCL OUT[1], GENERIC[0]\n"
                                 "DCL OUT[2], CLIPVERTEX\n"
                                 "DCL TEMP[0]\n"
                                 "  0: MOV TEMP[0], IN[0]\n"
                                 "  1: MOV TEMP[0].x, -IN[0].xxxx\n"
                                 "  2: MOV OUT[2], TEMP[0]\n"
                                 "  3: MOV OUT[0], IN[0]\n"
                                 "  4: MOV OUT[1], IN[1]\n"
                                 "  5: END\n";
    void *vs = pt_make_shader(vs_text, true);
    assert_non_null(vs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    planes_expect e = {.negate_x = true};
    set_test_planes(&e);
    run_plane_masks(&f, &e);
    /* Back to the pass-through VS in the same context: POSITION again. */
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    e.negate_x = false;
    run_plane_masks(&f, &e);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_fixture_fini(&f);
}

/* A VS with a RET inside an IF of the main program (the epilogue must run
 * on that exit too) and a plane change between two draws of one frame. */
static void test_ucp_early_return_and_plane_change(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const char *vs_text = "VERT\n"
                                 "DCL IN[0]\n"
                                 "DCL IN[1]\n"
                                 "DCL OUT[0], POSITION\n"
                                 "DCL OUT[1], GENERIC[0]\n"
                                 "IMM[0] FLT32 { 0.0000, 0.0000, 0.0000, 0.0000}\n"
                                 "  0: MOV OUT[0], IN[0]\n"
                                 "  1: MOV OUT[1], IN[1]\n"
                                 "  2: IF IN[0].wwww :4\n"
                                 "  3:   RET\n"
                                 "  4: ENDIF\n"
                                 "  5: MOV OUT[0], IMM[0]\n"
                                 "  6: END\n";
    void *vs = pt_make_shader(vs_text, true);
    assert_non_null(vs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    void *rs = make_rast(0x01, false, false, false, PIPE_POLYGON_MODE_FILL);
    pt_ctx->bind_rasterizer_state(pt_ctx, rs);
    clear_black();
    struct pipe_clip_state cs = {{{1, 0, 0, 0}}};
    pt_ctx->set_clip_state(pt_ctx, &cs);
    static pt_vtx top[6], bottom[6];
    pt_quad(top, 0, 0, W, 32, 0, RED);
    pt_quad(bottom, 0, 32, W, H, 0, RED);
    pt_set_user_vb(top, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    cs.ucp[0][0] = -1; /* the left half for the second draw */
    pt_ctx->set_clip_state(pt_ctx, &cs);
    pt_set_user_vb(bottom, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    static uint32_t img[W * H];
    pt_read_rgba(f.rt, img);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool on = y < 32 ? x >= 32 : x < 32;
            bad += img[y * W + x] != (on ? pt_rgba8(1, 0, 0, 1) : 0);
        }
    assert_int_equal(bad, 0);
    pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
    pt_ctx->delete_rasterizer_state(pt_ctx, rs);
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_fixture_fini(&f);
}

/* ---- polygon stipple ------------------------------------------------------------- */

static uint32_t pattern[32];

static void make_pattern(void)
{
    uint32_t s = 12345;
    for (int i = 0; i < 32; i++) {
        s = s * 1103515245u + 12345u;
        uint32_t a = s >> 16;
        s = s * 1103515245u + 12345u;
        pattern[i] = a << 16 | (s >> 16);
    }
    pattern[3] = 0;           /* a row with no fragment */
    pattern[4] = 0xffffffffu; /* and one with all */
    pattern[5] = 0x80000001u; /* first and last column */
}

/* Bit 31 of a row is column 0 (GL's first pixel is the MSB of byte 0). */
static uint32_t expect_stipple(int x, int y, const void *arg)
{
    (void)arg;
    return (pattern[y % 32] >> (31 - x % 32) & 1) ? pt_rgba8(1, 0, 0, 1) : 0;
}

static uint32_t expect_full(int x, int y, const void *arg)
{
    (void)x;
    (void)y;
    (void)arg;
    return pt_rgba8(1, 0, 0, 1);
}

static void test_stipple(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    make_pattern();
    struct pipe_poly_stipple ps;
    memcpy(ps.stipple, pattern, sizeof pattern);
    pt_ctx->set_polygon_stipple(pt_ctx, &ps);
    void *on = make_rast(0, true, false, false, PIPE_POLYGON_MODE_FILL);
    void *off = make_rast(0, false, false, false, PIPE_POLYGON_MODE_FILL);

    /* A FS that reads the fragment position itself, with GL's lower-left
     * origin and integer centres: the pattern stays in window rows. */
    static const char *fs_pos = "FRAG\n"
                                "PROPERTY FS_COORD_ORIGIN LOWER_LEFT\n"
                                "PROPERTY FS_COORD_PIXEL_CENTER INTEGER\n"
                                "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                                "DCL IN[1], POSITION, LINEAR\n"
                                "DCL OUT[0], COLOR\n"
                                "DCL TEMP[0]\n"
                                "IMM[0] FLT32 { 0.0000, 0.0000, 0.0000, 0.0000}\n"
                                "  0: MOV TEMP[0], IN[0]\n"
                                "  1: MAD TEMP[0].y, IN[1].xxxx, IMM[0].xxxx, TEMP[0].yyyy\n"
                                "  2: MOV OUT[0], TEMP[0]\n"
                                "  3: END\n";
    void *fs2 = pt_make_shader(fs_pos, false);
    assert_non_null(fs2);
    void *fss[2] = {f.fs, fs2};
    for (int k = 0; k < 2; k++) {
        pt_ctx->bind_fs_state(pt_ctx, fss[k]);
        /* on, off, on: variant switches between draws */
        for (int pass = 0; pass < 3; pass++) {
            pt_ctx->bind_rasterizer_state(pt_ctx, pass == 1 ? off : on);
            clear_black();
            draw_full_quad(RED);
            pt_check_image(f.rt, pass == 1 ? expect_full : expect_stipple, NULL, 0);
        }
    }
    pt_ctx->bind_fs_state(pt_ctx, f.fs);

    /* Lines are not stippled: the same image with the state on and off. */
    static pt_vtx lines[8];
    for (int i = 0; i < 4; i++) {
        float y = 3.5f + 10 * (float)i;
        lines[2 * i] = (pt_vtx){{pt_nx(0), pt_nx(y), 0, 1}, {1, 0, 0, 1}};
        lines[2 * i + 1] = (pt_vtx){{pt_nx(64), pt_nx(y), 0, 1}, {1, 0, 0, 1}};
    }
    static uint32_t ref[W * H], got[W * H];
    pt_set_user_vb(lines, sizeof(pt_vtx));
    pt_ctx->bind_rasterizer_state(pt_ctx, off);
    clear_black();
    pt_draw_arrays(PIPE_PRIM_LINES, 0, 8);
    pt_read_rgba(f.rt, ref);
    pt_ctx->bind_rasterizer_state(pt_ctx, on);
    clear_black();
    pt_draw_arrays(PIPE_PRIM_LINES, 0, 8);
    pt_read_rgba(f.rt, got);
    int lit = 0;
    for (int i = 0; i < W * H; i++)
        lit += ref[i] != 0;
    assert_true(lit >= 4 * 60); /* the lines were drawn at all */
    assert_memory_equal(ref, got, sizeof ref);

    /* Polygon mode LINE: outlines, not stippled either. */
    void *line_on = make_rast(0, true, false, false, PIPE_POLYGON_MODE_LINE);
    void *line_off = make_rast(0, false, false, false, PIPE_POLYGON_MODE_LINE);
    static pt_vtx quad[6];
    pt_quad(quad, 8, 8, 56, 56, 0, RED);
    pt_set_user_vb(quad, sizeof(pt_vtx));
    pt_ctx->bind_rasterizer_state(pt_ctx, line_off);
    clear_black();
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_read_rgba(f.rt, ref);
    pt_ctx->bind_rasterizer_state(pt_ctx, line_on);
    clear_black();
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_read_rgba(f.rt, got);
    assert_memory_equal(ref, got, sizeof ref);

    pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
    pt_ctx->delete_rasterizer_state(pt_ctx, on);
    pt_ctx->delete_rasterizer_state(pt_ctx, off);
    pt_ctx->delete_rasterizer_state(pt_ctx, line_on);
    pt_ctx->delete_rasterizer_state(pt_ctx, line_off);
    pt_ctx->delete_fs_state(pt_ctx, fs2);
    pt_fixture_fini(&f);
}

/* ---- colour clamping ------------------------------------------------------------ */

static void read_float_pixel(struct pipe_resource *r, int x, int y, float out[4])
{
    struct pipe_box box = {x, y, 0, 1, 1, 1};
    struct pipe_transfer *t = NULL;
    void *p = pt_ctx->texture_map(pt_ctx, r, 0, PIPE_MAP_READ, &box, &t);
    assert_non_null(p);
    memcpy(out, p, 16);
    pt_ctx->texture_unmap(pt_ctx, t);
}

static void test_color_clamp(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    struct pipe_resource *rt =
        pt_make_tex(PIPE_FORMAT_R32G32B32A32_FLOAT, W, H, PIPE_BIND_RENDER_TARGET);
    assert_non_null(rt);
    struct pipe_surface *cs = pt_make_surface(rt);
    assert_non_null(cs);
    pt_bind_fb(cs, NULL, NULL);
    /* VS: COLOR[0] and BCOLOR[0] out of range; FS: COLOR[0] = the colour
     * input + (IN GENERIC[0] - the same), i.e. the colour, and COLOR out
     * of range itself when the input is not used. */
    static const char *vs_text = "VERT\n"
                                 "DCL IN[0]\n"
                                 "DCL IN[1]\n"
                                 "DCL OUT[0], POSITION\n"
                                 "DCL OUT[1], COLOR\n"
                                 "DCL OUT[2], BCOLOR\n"
                                 "IMM[0] FLT32 { 2.0000, -1.0000, 0.2500, 3.0000}\n"
                                 "  0: MOV OUT[0], IN[0]\n"
                                 "  1: MOV OUT[1], IMM[0]\n"
                                 "  2: MOV OUT[2], IMM[0]\n"
                                 "  3: END\n";
    static const char *fs_color = "FRAG\n"
                                  "DCL IN[0], COLOR, COLOR\n"
                                  "DCL OUT[0], COLOR\n"
                                  "  0: MOV OUT[0], IN[0]\n"
                                  "  1: END\n";
    static const char *fs_const = "FRAG\n"
                                  "DCL OUT[0], COLOR\n"
                                  "IMM[0] FLT32 { -0.5000, 0.7500, 4.0000, 1.5000}\n"
                                  "  0: MOV OUT[0], IMM[0]\n"
                                  "  1: END\n";
    void *vs = pt_make_shader(vs_text, true);
    void *fsc = pt_make_shader(fs_color, false);
    void *fsk = pt_make_shader(fs_const, false);
    assert_non_null(vs);
    assert_non_null(fsc);
    assert_non_null(fsk);
    static const float vcol[4] = {2, -1, 0.25f, 3}, fcol[4] = {-0.5f, 0.75f, 4, 1.5f};
    for (int pass = 0; pass < 8; pass++) {
        bool clamp_v = pass & 1, clamp_f = pass & 2, konst = pass & 4;
        void *rs = make_rast(0, false, clamp_v, clamp_f, PIPE_POLYGON_MODE_FILL);
        pt_ctx->bind_rasterizer_state(pt_ctx, rs);
        pt_ctx->bind_vs_state(pt_ctx, konst ? f.vs : vs);
        pt_ctx->bind_fs_state(pt_ctx, konst ? fsk : fsc);
        union pipe_color_union bg = {{9, 9, 9, 9}};
        pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &bg, 1.0, 0);
        static pt_vtx v[6];
        pt_quad(v, 0, 0, 32, 32, 0, RED);
        pt_set_user_vb(v, sizeof(pt_vtx));
        pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
        float got[4], out[4];
        read_float_pixel(rt, 10, 20, got);
        for (int c = 0; c < 4; c++) {
            float x = konst ? fcol[c] : vcol[c];
            if (!konst && clamp_v)
                x = fminf(fmaxf(x, 0), 1);
            if (clamp_f)
                x = fminf(fmaxf(x, 0), 1);
            out[c] = x;
        }
        for (int c = 0; c < 4; c++) {
            if (fabsf(got[c] - out[c]) > 1e-6f)
                print_error("pass %d channel %d: got %g, expected %g\n", pass, c, got[c], out[c]);
            assert_true(fabsf(got[c] - out[c]) <= 1e-6f);
        }
        read_float_pixel(rt, 40, 40, got); /* outside the quad: the clear value */
        assert_true(got[0] == 9 && got[3] == 9);
        pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
        pt_ctx->delete_rasterizer_state(pt_ctx, rs);
    }
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_bind_fb(f.cs, NULL, f.zss);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_ctx->delete_fs_state(pt_ctx, fsc);
    pt_ctx->delete_fs_state(pt_ctx, fsk);
    pipe_surface_reference(&cs, NULL);
    pipe_resource_reference(&rt, NULL);
    pt_fixture_fini(&f);
}

/* With a geometry shader bound it is the last vertex stage: the planes
 * apply to the GS's CLIPVERTEX (here (-x, y, z, w), the VS writing none),
 * and clamp_vertex_color saturates the COLOR the GS emits (constants out
 * of [0, 1], the VS's own colour in range), read back from a float target.
 * Each vertex's outputs are written before its EMIT, so the lowering's
 * copies must come before every EMIT. */
static void test_gs_last_stage(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const char *gs_text = "GEOM\n"
                                 "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
                                 "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
                                 "PROPERTY GS_MAX_OUTPUT_VERTICES 3\n"
                                 "PROPERTY GS_INVOCATIONS 1\n"
                                 "DCL IN[][0], POSITION\n"
                                 "DCL IN[][1], GENERIC[0]\n"
                                 "DCL OUT[0], POSITION\n"
                                 "DCL OUT[1], GENERIC[0]\n"
                                 "DCL OUT[2], CLIPVERTEX\n"
                                 "DCL OUT[3], COLOR\n"
                                 "IMM[0] INT32 {0, 0, 0, 0}\n"
                                 "IMM[1] FLT32 {2.0000, -1.0000, 0.2500, 3.0000}\n"
                                 "  2: MOV OUT[0], IN[0][0]\n"
                                 "  3: MOV OUT[1], IN[0][1]\n"
                                 "  4: MOV OUT[2], IN[0][0]\n"
                                 "  5: MOV OUT[2].x, -IN[0][0].xxxx\n"
                                 "  6: MOV OUT[3], IMM[1]\n"
                                 "  7: EMIT IMM[0].xxxx\n"
                                 "  8: MOV OUT[0], IN[1][0]\n"
                                 "  9: MOV OUT[1], IN[1][1]\n"
                                 " 10: MOV OUT[2], IN[1][0]\n"
                                 " 11: MOV OUT[2].x, -IN[1][0].xxxx\n"
                                 " 12: MOV OUT[3], IMM[1]\n"
                                 " 13: EMIT IMM[0].xxxx\n"
                                 " 14: MOV OUT[0], IN[2][0]\n"
                                 " 15: MOV OUT[1], IN[2][1]\n"
                                 " 16: MOV OUT[2], IN[2][0]\n"
                                 " 17: MOV OUT[2].x, -IN[2][0].xxxx\n"
                                 " 18: MOV OUT[3], IMM[1]\n"
                                 " 19: EMIT IMM[0].xxxx\n"
                                 " 20: END\n";
    struct pipe_shader_state gss = {.text = gs_text};
    void *gs = pt_ctx->create_gs_state(pt_ctx, &gss);
    assert_non_null(gs);
    pt_ctx->bind_gs_state(pt_ctx, gs);
    planes_expect e = {.negate_x = true};
    set_test_planes(&e);
    run_plane_masks(&f, &e);

    struct pipe_resource *rt =
        pt_make_tex(PIPE_FORMAT_R32G32B32A32_FLOAT, W, H, PIPE_BIND_RENDER_TARGET);
    assert_non_null(rt);
    struct pipe_surface *cs = pt_make_surface(rt);
    assert_non_null(cs);
    pt_bind_fb(cs, NULL, NULL);
    static const char *fs_color = "FRAG\n"
                                  "DCL IN[0], COLOR, COLOR\n"
                                  "DCL OUT[0], COLOR\n"
                                  "  0: MOV OUT[0], IN[0]\n"
                                  "  1: END\n";
    void *fsc = pt_make_shader(fs_color, false);
    assert_non_null(fsc);
    pt_ctx->bind_fs_state(pt_ctx, fsc);
    static const float gcol[4] = {2, -1, 0.25f, 3};
    for (int pass = 0; pass < 4; pass++) {
        bool clamp_v = pass & 1;
        void *rs = make_rast(0, false, clamp_v, false, PIPE_POLYGON_MODE_FILL);
        pt_ctx->bind_rasterizer_state(pt_ctx, rs);
        union pipe_color_union bg = {{9, 9, 9, 9}};
        pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &bg, 1.0, 0);
        draw_full_quad(GREEN_HALF);
        float got[4];
        read_float_pixel(rt, 10, 20, got);
        for (int c = 0; c < 4; c++) {
            float want = clamp_v ? fminf(fmaxf(gcol[c], 0), 1) : gcol[c];
            if (fabsf(got[c] - want) > 1e-6f)
                print_error("pass %d channel %d: got %g, expected %g\n", pass, c, got[c], want);
            assert_true(fabsf(got[c] - want) <= 1e-6f);
        }
        pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
        pt_ctx->delete_rasterizer_state(pt_ctx, rs);
    }
    pt_ctx->bind_gs_state(pt_ctx, NULL);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_bind_fb(f.cs, NULL, f.zss);
    pt_ctx->delete_gs_state(pt_ctx, gs);
    pt_ctx->delete_fs_state(pt_ctx, fsc);
    pipe_surface_reference(&cs, NULL);
    pipe_resource_reference(&rt, NULL);
    pt_fixture_fini(&f);
}

/* A VS whose colour is uniform-only work (what the jitter may hoist into a
 * per-draw preamble) under the clamping and clip-plane variants: colours
 * and clipping both right, switching between the variants and the plain
 * shader draw by draw. */
static void test_variants_with_uniform_work(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    struct pipe_resource *rt =
        pt_make_tex(PIPE_FORMAT_R32G32B32A32_FLOAT, W, H, PIPE_BIND_RENDER_TARGET);
    struct pipe_surface *cs = pt_make_surface(rt);
    assert_non_null(cs);
    pt_bind_fb(cs, NULL, NULL);
    static const char *vs_text = "VERT\n"
                                 "DCL IN[0]\n"
                                 "DCL IN[1]\n"
                                 "DCL OUT[0], POSITION\n"
                                 "DCL OUT[1], COLOR\n"
                                 "DCL CONST[0][0..3]\n"
                                 "DCL TEMP[0]\n"
                                 "  0: MUL TEMP[0], CONST[0][0], CONST[0][1]\n"
                                 "  1: ADD TEMP[0], TEMP[0], CONST[0][2]\n"
                                 "  2: MUL TEMP[0], TEMP[0], CONST[0][3]\n"
                                 "  3: ADD TEMP[0], TEMP[0], CONST[0][2]\n"
                                 "  4: MUL TEMP[0], TEMP[0], CONST[0][1]\n"
                                 "  5: MOV OUT[1], TEMP[0]\n"
                                 "  6: MOV OUT[0], IN[0]\n"
                                 "  7: END\n";
    static const char *fs_text = "FRAG\n"
                                 "DCL IN[0], COLOR, COLOR\n"
                                 "DCL OUT[0], COLOR\n"
                                 "  0: MOV OUT[0], IN[0]\n"
                                 "  1: END\n";
    void *vs = pt_make_shader(vs_text, true);
    void *fs = pt_make_shader(fs_text, false);
    assert_non_null(vs);
    assert_non_null(fs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_ctx->bind_fs_state(pt_ctx, fs);
    static const float k[4][4] = {
        {1.5f, -0.5f, 0.25f, 2}, {2, 2, 2, 2}, {-1, 0.5f, 0.1f, 0}, {0.5f, 0.5f, 0.5f, 0.5f}};
    struct pipe_constant_buffer cb = {.user_buffer = k, .buffer_size = sizeof k};
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_VERTEX, 0, &cb);
    struct pipe_clip_state clip = {{{1, 0, 0, 0}}}; /* the right half */
    pt_ctx->set_clip_state(pt_ctx, &clip);
    float want[4];
    for (int c = 0; c < 4; c++)
        want[c] = ((((k[0][c] * k[1][c]) + k[2][c]) * k[3][c]) + k[2][c]) * k[1][c];
    static const int order[] = {0, 1, 3, 2, 0, 3, 1};
    for (unsigned i = 0; i < sizeof order / sizeof order[0]; i++) {
        bool clamp = order[i] & 1, ucp = order[i] & 2;
        void *rs = make_rast(ucp ? 1 : 0, false, clamp, false, PIPE_POLYGON_MODE_FILL);
        pt_ctx->bind_rasterizer_state(pt_ctx, rs);
        union pipe_color_union bg = {{9, 9, 9, 9}};
        pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &bg, 1.0, 0);
        draw_full_quad(RED);
        float got[4];
        read_float_pixel(rt, 48, 20, got);
        for (int c = 0; c < 4; c++) {
            float e = clamp ? fminf(fmaxf(want[c], 0), 1) : want[c];
            if (fabsf(got[c] - e) > 1e-5f)
                print_error("clamp %d ucp %d channel %d: got %g, expected %g\n", clamp, ucp, c,
                            got[c], e);
            assert_true(fabsf(got[c] - e) <= 1e-5f);
        }
        read_float_pixel(rt, 10, 20, got); /* left half: clipped with the plane */
        assert_true(ucp ? got[0] == 9 : got[0] != 9);
        pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
        pt_ctx->delete_rasterizer_state(pt_ctx, rs);
    }
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_VERTEX, 0, NULL);
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_bind_fb(f.cs, NULL, f.zss);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_ctx->delete_fs_state(pt_ctx, fs);
    pipe_surface_reference(&cs, NULL);
    pipe_resource_reference(&rt, NULL);
    pt_fixture_fini(&f);
}

/* clear_texture fills exactly the box of one layer with the texel; the
 * rest keeps what texture_subdata wrote. */
static void test_clear_texture(void **state)
{
    (void)state;
    struct pipe_resource t = {.target = PIPE_TEXTURE_2D_ARRAY, .format = PIPE_FORMAT_R8G8B8A8_UNORM,
                              .width0 = 16, .height0 = 12, .depth0 = 1, .array_size = 3,
                              .bind = PIPE_BIND_SAMPLER_VIEW};
    struct pipe_resource *r = pt_screen->resource_create(pt_screen, &t);
    assert_non_null(r);
    static uint32_t init[3][12][16], got[3][12][16];
    for (int z = 0; z < 3; z++)
        for (int y = 0; y < 12; y++)
            for (int x = 0; x < 16; x++)
                init[z][y][x] = (uint32_t)(z * 100000 + y * 100 + x) * 2654435761u;
    struct pipe_box all = {0, 0, 0, 16, 12, 3};
    pt_ctx->texture_subdata(pt_ctx, r, 0, PIPE_MAP_WRITE, &all, init, 16 * 4, 16 * 12 * 4);
    const uint32_t texel = 0x11223344u;
    struct pipe_box box = {3, 4, 1, 5, 6, 1};
    pt_ctx->clear_texture(pt_ctx, r, 0, &box, &texel);
    struct pipe_transfer *tr = NULL;
    const uint8_t *p = pt_ctx->texture_map(pt_ctx, r, 0, PIPE_MAP_READ, &all, &tr);
    assert_non_null(p);
    for (int z = 0; z < 3; z++)
        for (int y = 0; y < 12; y++)
            memcpy(got[z][y], p + z * tr->layer_stride + y * tr->stride, 16 * 4);
    pt_ctx->texture_unmap(pt_ctx, tr);
    int bad = 0;
    for (int z = 0; z < 3; z++)
        for (int y = 0; y < 12; y++)
            for (int x = 0; x < 16; x++) {
                bool in = z == 1 && x >= 3 && x < 8 && y >= 4 && y < 10;
                bad += got[z][y][x] != (in ? texel : init[z][y][x]);
            }
    assert_int_equal(bad, 0);
    pipe_resource_reference(&r, NULL);
}

/* The screen now reports what the driver does. */
static void test_caps(void **state)
{
    (void)state;
    assert_int_equal(pt_screen->get_param(pt_screen, PIPE_CAP_CLIP_PLANES), 8);
    assert_int_equal(pt_screen->get_param(pt_screen, PIPE_CAP_FRAGMENT_COLOR_CLAMPED), 1);
    assert_int_equal(pt_screen->get_param(pt_screen, PIPE_CAP_VERTEX_COLOR_CLAMPED), 1);
    assert_int_equal(pt_screen->get_param(pt_screen, PIPE_CAP_CLEAR_TEXTURE), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_caps),
        cmocka_unit_test(test_ucp_position),
        cmocka_unit_test(test_ucp_clipvertex),
        cmocka_unit_test(test_ucp_early_return_and_plane_change),
        cmocka_unit_test(test_stipple),
        cmocka_unit_test(test_color_clamp),
        cmocka_unit_test(test_gs_last_stage),
        cmocka_unit_test(test_variants_with_uniform_work),
        cmocka_unit_test(test_clear_texture),
    };
    return cmocka_run_group_tests(tests, pt_group_setup, pt_group_teardown);
}
