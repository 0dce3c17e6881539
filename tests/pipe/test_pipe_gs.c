/*
 * test_pipe_gs.c: geometry shaders through the pipe driver
 * (create/bind/delete_gs_state, the VS -> GS -> FS linkage by semantic,
 * the GS's stream output) against the equivalent draws without a GS.
 *
 * Oracles: the image of the same scene drawn by VS-only draws of the
 * geometry the GS makes, computed on the CPU (bit-exact: the same
 * triangles, or for squares the same pixels in one flat colour), and
 * stream output buffers worked out by hand. Also: a draw whose mode the
 * GS does not read is dropped (the target keeps its clear colour) and
 * create_gs_state refuses what the engine cannot run.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/gallium/p_defines.h"
#include "frontend-gallium/gallium/p_state.h"
#include "pipe_test_util.h"

/* The VS writes the colour first and the position second (and a junk
 * GENERIC[2]), so that linking by register number would go wrong. */
static const char *const VS_SHUFFLED = "VERT\n"
                                       "DCL IN[0]\n"
                                       "DCL IN[1]\n"
                                       "DCL OUT[0], GENERIC[5]\n"
                                       "DCL OUT[1], POSITION\n"
                                       "DCL OUT[2], GENERIC[2]\n"
                                       "IMM[0] FLT32 {0.25, 0.0, 0.0, 0.0}\n"
                                       "  0: MOV OUT[0], IN[1]\n"
                                       "  1: MOV OUT[1], IN[0]\n"
                                       "  2: MOV OUT[2], IMM[0]\n"
                                       "  3: END\n";

/* Triangles pass through: GENERIC[5] comes out as GENERIC[0]. */
static const char *const GS_TRI_PASS = "GEOM\n"
                                       "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
                                       "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
                                       "PROPERTY GS_MAX_OUTPUT_VERTICES 3\n"
                                       "PROPERTY GS_INVOCATIONS 1\n"
                                       "DCL IN[][0], POSITION\n"
                                       "DCL IN[][1], GENERIC[5]\n"
                                       "DCL OUT[0], GENERIC[0]\n"
                                       "DCL OUT[1], POSITION\n"
                                       "IMM[0] INT32 {0, 0, 0, 0}\n"
                                       "  0: MOV OUT[0], IN[0][1]\n"
                                       "  1: MOV OUT[1], IN[0][0]\n"
                                       "  2: EMIT IMM[0].xxxx\n"
                                       "  3: MOV OUT[0], IN[1][1]\n"
                                       "  4: MOV OUT[1], IN[1][0]\n"
                                       "  5: EMIT IMM[0].xxxx\n"
                                       "  6: MOV OUT[0], IN[2][1]\n"
                                       "  7: MOV OUT[1], IN[2][0]\n"
                                       "  8: EMIT IMM[0].xxxx\n"
                                       "  9: ENDPRIM IMM[0].xxxx\n"
                                       " 10: END\n";

/* A point becomes the square of half side 4 pixels (0.125 in NDC) around
 * it, as a 4-vertex triangle strip in its colour. */
static const char *const GS_POINT_QUAD = "GEOM\n"
                                         "PROPERTY GS_INPUT_PRIMITIVE POINTS\n"
                                         "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
                                         "PROPERTY GS_MAX_OUTPUT_VERTICES 4\n"
                                         "PROPERTY GS_INVOCATIONS 1\n"
                                         "DCL IN[][0], POSITION\n"
                                         "DCL IN[][1], GENERIC[5]\n"
                                         "DCL OUT[0], POSITION\n"
                                         "DCL OUT[1], GENERIC[0]\n"
                                         "IMM[0] INT32 {0, 0, 0, 0}\n"
                                         "IMM[1] FLT32 {-0.125, 0.125, 0.0, 0.0}\n"
                                         "  0: MOV OUT[1], IN[0][1]\n"
                                         "  1: ADD OUT[0], IN[0][0], IMM[1].xxzz\n"
                                         "  2: EMIT IMM[0].xxxx\n"
                                         "  3: ADD OUT[0], IN[0][0], IMM[1].yxzz\n"
                                         "  4: EMIT IMM[0].xxxx\n"
                                         "  5: ADD OUT[0], IN[0][0], IMM[1].xyzz\n"
                                         "  6: EMIT IMM[0].xxxx\n"
                                         "  7: ADD OUT[0], IN[0][0], IMM[1].yyzz\n"
                                         "  8: EMIT IMM[0].xxxx\n"
                                         "  9: END\n";

static const float RED[4] = {1, 0, 0, 1};
static const float GREEN[4] = {0, 1, 0, 1};
static const float BLUE[4] = {0, 0, 1, 1};

static void *make_gs(const char *text, const struct pipe_stream_output_info *so)
{
    struct pipe_shader_state s = {.text = text};
    if (so)
        s.stream_output = *so;
    return pt_ctx->create_gs_state(pt_ctx, &s);
}

static void clear_rt(void)
{
    union pipe_color_union black = {{0, 0, 0, 0}};
    pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTHSTENCIL, &black, 1.0, 0);
}

/* Three overlapping, differently coloured triangles pairs with a varying
 * colour per vertex (smooth shading must match bit for bit too). */
static void scene_triangles(pt_vtx *v)
{
    pt_quad(v, 2, 3, 40, 30, 0.0f, RED);
    pt_quad(v + 6, 20, 10, 60, 50, 0.0f, GREEN);
    pt_quad(v + 12, 5, 25, 33, 62, 0.0f, BLUE);
    for (int i = 0; i < 18; i++)
        v[i].color[(i % 3) + 0] = 0.1f * (float)(i % 7);
}

static void test_triangle_pass_through(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    pt_vtx v[18];
    scene_triangles(v);
    uint32_t expect[PT_W * PT_H], got[PT_W * PT_H];
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 18);
    pt_read_rgba(f.rt, expect);

    void *vs = pt_make_shader(VS_SHUFFLED, true);
    void *gs = make_gs(GS_TRI_PASS, NULL);
    assert_non_null(vs);
    assert_non_null(gs);
    clear_rt();
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_ctx->bind_gs_state(pt_ctx, gs);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 18);
    pt_read_rgba(f.rt, got);
    assert_memory_equal(got, expect, sizeof got);

    /* Unbinding the GS: the same VS straight into the FS would read a
     * GENERIC[0] it does not write (zeros), so the FS that follows must
     * see the fixture's VS again for the same image. */
    pt_ctx->bind_gs_state(pt_ctx, NULL);
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    clear_rt();
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 18);
    pt_read_rgba(f.rt, got);
    assert_memory_equal(got, expect, sizeof got);

    pt_ctx->delete_gs_state(pt_ctx, gs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_fixture_fini(&f);
}

static void test_points_to_quads(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    /* Centres at whole pixels, so the squares cover whole pixels. */
    static const float centres[4][2] = {{8, 8}, {20, 12}, {24, 16}, {50, 40}};
    const float *colours[4] = {RED, GREEN, BLUE, RED};
    pt_vtx quads[24], pts[4];
    for (int i = 0; i < 4; i++) {
        float x = centres[i][0], y = centres[i][1];
        pt_quad(quads + 6 * i, x - 4, y - 4, x + 4, y + 4, 0.0f, colours[i]);
        pts[i] = (pt_vtx){{pt_nx(x), pt_nx(y), 0.0f, 1.0f},
                          {colours[i][0], colours[i][1], colours[i][2], colours[i][3]}};
    }
    uint32_t expect[PT_W * PT_H], got[PT_W * PT_H];
    pt_set_user_vb(quads, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 24);
    pt_read_rgba(f.rt, expect);
    assert_int_equal(expect[8 * PT_W + 8], pt_rgba8(1, 0, 0, 1)); /* the oracle drew */

    void *vs = pt_make_shader(VS_SHUFFLED, true);
    void *gs = make_gs(GS_POINT_QUAD, NULL);
    assert_non_null(gs);
    clear_rt();
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_ctx->bind_gs_state(pt_ctx, gs);
    struct pipe_query *q = pt_ctx->create_query(pt_ctx, PIPE_QUERY_PIPELINE_STATISTICS, 0);
    assert_true(pt_ctx->begin_query(pt_ctx, q));
    pt_set_user_vb(pts, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_POINTS, 0, 4);
    assert_true(pt_ctx->end_query(pt_ctx, q));
    pt_read_rgba(f.rt, got);
    assert_memory_equal(got, expect, sizeof got);
    /* 4 points in, 4 strips of 2 triangles out, all reach the clipper. */
    union pipe_query_result r;
    assert_true(pt_ctx->get_query_result(pt_ctx, q, true, &r));
    assert_int_equal(r.pipeline_statistics.ia_primitives, 4);
    assert_int_equal(r.pipeline_statistics.gs_invocations, 4);
    assert_int_equal(r.pipeline_statistics.gs_primitives, 8);
    assert_int_equal(r.pipeline_statistics.c_invocations, 8);
    pt_ctx->destroy_query(pt_ctx, q);

    /* A mode the GS does not read: dropped, the target stays clear. */
    clear_rt();
    pt_set_user_vb(quads, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 24);
    pt_read_rgba(f.rt, got);
    for (int i = 0; i < PT_W * PT_H; i++)
        assert_int_equal(got[i], 0);

    pt_ctx->bind_gs_state(pt_ctx, NULL);
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->delete_gs_state(pt_ctx, gs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_fixture_fini(&f);
}

#define BUF_DWORDS 128
#define SENT       0x5a5a5a5au

/* The GS's stream output (not the VS's) captures its OUT[1] (position)
 * and OUT[0].xy (colour) of every emitted vertex. */
static void test_stream_output(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    struct pipe_stream_output_info so;
    memset(&so, 0, sizeof so);
    so.num_outputs = 2;
    so.stride[0] = 6;
    so.output[0] = (struct pipe_stream_output){1, 0, 4, 0, 0, 0};
    so.output[1] = (struct pipe_stream_output){0, 0, 2, 0, 4, 0};
    void *vs = pt_make_shader(VS_SHUFFLED, true);
    void *gs = make_gs(GS_TRI_PASS, &so);
    assert_non_null(gs);
    uint32_t init[BUF_DWORDS];
    for (int i = 0; i < BUF_DWORDS; i++)
        init[i] = SENT;
    struct pipe_resource *buf = pt_make_buffer(sizeof init, PIPE_BIND_STREAM_OUTPUT, init);
    struct pipe_stream_output_target *t =
        pt_ctx->create_stream_output_target(pt_ctx, buf, 0, BUF_DWORDS * 4);
    unsigned zero = 0;
    pt_ctx->set_stream_output_targets(pt_ctx, 1, &t, &zero);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_ctx->bind_gs_state(pt_ctx, gs);
    pt_vtx v[18];
    scene_triangles(v);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_ctx->set_stream_output_targets(pt_ctx, 0, NULL, NULL);

    uint32_t got[BUF_DWORDS], exp[BUF_DWORDS];
    struct pipe_transfer *tr = NULL;
    struct pipe_box all = {0, 0, 0, BUF_DWORDS * 4, 1, 1};
    const uint32_t *m = pt_ctx->buffer_map(pt_ctx, buf, 0, PIPE_MAP_READ, &all, &tr);
    assert_non_null(m);
    memcpy(got, m, sizeof got);
    pt_ctx->buffer_unmap(pt_ctx, tr);
    for (int i = 0; i < BUF_DWORDS; i++)
        exp[i] = SENT;
    for (int k = 0; k < 6; k++) {
        memcpy(&exp[k * 6], v[k].pos, 16);
        memcpy(&exp[k * 6 + 4], v[k].color, 8);
    }
    assert_memory_equal(got, exp, sizeof exp);

    pt_ctx->bind_gs_state(pt_ctx, NULL);
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pipe_so_target_reference(&t, NULL);
    pipe_resource_reference(&buf, NULL);
    pt_ctx->delete_gs_state(pt_ctx, gs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_fixture_fini(&f);
}

/* GS_TRI_PASS scaling the colour by CONST[0][0]: the GS stage's constant
 * buffers reach it. */
static const char *const GS_TRI_CONST = "GEOM\n"
                                        "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
                                        "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
                                        "PROPERTY GS_MAX_OUTPUT_VERTICES 3\n"
                                        "PROPERTY GS_INVOCATIONS 1\n"
                                        "DCL IN[][0], POSITION\n"
                                        "DCL IN[][1], GENERIC[5]\n"
                                        "DCL OUT[0], GENERIC[0]\n"
                                        "DCL OUT[1], POSITION\n"
                                        "DCL CONST[0][0]\n"
                                        "IMM[0] INT32 {0, 0, 0, 0}\n"
                                        "  0: MUL OUT[0], IN[0][1], CONST[0][0]\n"
                                        "  1: MOV OUT[1], IN[0][0]\n"
                                        "  2: EMIT IMM[0].xxxx\n"
                                        "  3: MUL OUT[0], IN[1][1], CONST[0][0]\n"
                                        "  4: MOV OUT[1], IN[1][0]\n"
                                        "  5: EMIT IMM[0].xxxx\n"
                                        "  6: MUL OUT[0], IN[2][1], CONST[0][0]\n"
                                        "  7: MOV OUT[1], IN[2][0]\n"
                                        "  8: EMIT IMM[0].xxxx\n"
                                        "  9: END\n";

static void test_constants(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    static const float k[4] = {0.5f, 0.25f, 2.0f, 1.0f};
    pt_vtx v[18], scaled[18];
    scene_triangles(v);
    for (int i = 0; i < 18; i++) {
        scaled[i] = v[i];
        for (int c = 0; c < 4; c++)
            scaled[i].color[c] = v[i].color[c] * k[c];
    }
    uint32_t expect[PT_W * PT_H], got[PT_W * PT_H];
    pt_set_user_vb(scaled, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 18);
    pt_read_rgba(f.rt, expect);

    void *vs = pt_make_shader(VS_SHUFFLED, true);
    void *gs = make_gs(GS_TRI_CONST, NULL);
    assert_non_null(gs);
    struct pipe_constant_buffer cb = {.user_buffer = k, .buffer_size = sizeof k};
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_GEOMETRY, 0, &cb);
    clear_rt();
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_ctx->bind_gs_state(pt_ctx, gs);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 18);
    pt_read_rgba(f.rt, got);
    assert_memory_equal(got, expect, sizeof got);

    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_GEOMETRY, 0, NULL);
    pt_ctx->bind_gs_state(pt_ctx, NULL);
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->delete_gs_state(pt_ctx, gs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_fixture_fini(&f);
}

static void test_rejected(void **state)
{
    (void)state;
    char text[1024];
    /* More than one invocation. */
    snprintf(text, sizeof text, "%s", GS_POINT_QUAD);
    char *p = strstr(text, "GS_INVOCATIONS 1");
    assert_non_null(p);
    p[15] = '2';
    assert_null(make_gs(text, NULL));
    /* 1025 vertices. */
    snprintf(text, sizeof text, "%s", GS_POINT_QUAD);
    p = strstr(text, "VERTICES 4\n");
    assert_non_null(p);
    memmove(p + 9 + 4, p + 10, strlen(p + 10) + 1);
    memcpy(p + 9, "1025", 4);
    assert_non_null(strstr(text, "VERTICES 1025\n"));
    assert_null(make_gs(text, NULL));
    /* 200 vertices of 2 outputs: 1600 components. */
    snprintf(text, sizeof text, "%s", GS_POINT_QUAD);
    p = strstr(text, "VERTICES 4\n");
    memmove(p + 9 + 3, p + 10, strlen(p + 10) + 1);
    memcpy(p + 9, "200", 3);
    assert_null(make_gs(text, NULL));
    /* Not a GEOM. */
    assert_null(make_gs(VS_SHUFFLED, NULL));
    /* Not TGSI. */
    assert_null(make_gs("GEOM\nbogus\n", NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_triangle_pass_through),
        cmocka_unit_test(test_points_to_quads),
        cmocka_unit_test(test_stream_output),
        cmocka_unit_test(test_constants),
        cmocka_unit_test(test_rejected),
    };
    return cmocka_run_group_tests(tests, pt_group_setup, pt_group_teardown);
}
