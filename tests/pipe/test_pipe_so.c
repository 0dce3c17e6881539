/*
 * test_pipe_so.c: stream output through the pipe driver (swrp_so.c):
 * stream output targets, a vertex shader's pipe_stream_output_info, the
 * append offset, the stream output queries and rasterizer discard.
 *
 * Oracle: what Gallium's stream output section (7.1.9) and GL transform
 * feedback say is written, worked out by hand for small draws: the vertex
 * shader's outputs are analytic (GENERIC[1] = 2 * position + (1, 0, 0, 0)),
 * so every dword of the buffer is known, including the ones that must stay
 * untouched (before the target's range, after the last primitive that
 * fits, gaps in the layout).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <string.h>

#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/gallium/p_defines.h"
#include "frontend-gallium/gallium/p_state.h"
#include "pipe_test_util.h"

/* OUT[0] POSITION = IN[0], OUT[1] GENERIC[0] = IN[1], OUT[2] GENERIC[1] =
 * IN[0] * (2, 2, 2, 2) + (1, 0, 0, 0). */
static const char *const so_vs_text = "VERT\n"
                                      "DCL IN[0]\n"
                                      "DCL IN[1]\n"
                                      "DCL OUT[0], POSITION\n"
                                      "DCL OUT[1], GENERIC[0]\n"
                                      "DCL OUT[2], GENERIC[1]\n"
                                      "IMM[0] FLT32 { 2.0000, 2.0000, 2.0000, 2.0000}\n"
                                      "IMM[1] FLT32 { 1.0000, 0.0000, 0.0000, 0.0000}\n"
                                      "  0: MOV OUT[0], IN[0]\n"
                                      "  1: MOV OUT[1], IN[1]\n"
                                      "  2: MAD OUT[2], IN[0], IMM[0], IMM[1]\n"
                                      "  3: END\n";

#define SENT 0x5a5a5a5au
#define BUF_DWORDS 256

static void gen1(const pt_vtx *v, float out[4])
{
    for (int c = 0; c < 4; c++)
        out[c] = v->pos[c] * 2.0f + (c == 0 ? 1.0f : 0.0f);
}

/* Interleaved layout, stride 6: GENERIC[1].xyz at 0, colour .yz at 3, a
 * gap at 5. */
static void *make_so_vs(bool separate)
{
    struct pipe_shader_state s = {.text = so_vs_text};
    if (!separate) {
        s.stream_output.num_outputs = 2;
        s.stream_output.stride[0] = 6;
        s.stream_output.output[0] = (struct pipe_stream_output){2, 0, 3, 0, 0, 0};
        s.stream_output.output[1] = (struct pipe_stream_output){1, 1, 2, 0, 3, 0};
    } else {
        /* Separate: position.xyzw to buffer 0, colour.x to buffer 1. */
        s.stream_output.num_outputs = 2;
        s.stream_output.stride[0] = 4;
        s.stream_output.stride[1] = 1;
        s.stream_output.output[0] = (struct pipe_stream_output){0, 0, 4, 0, 0, 0};
        s.stream_output.output[1] = (struct pipe_stream_output){1, 0, 1, 1, 0, 0};
    }
    return pt_ctx->create_vs_state(pt_ctx, &s);
}

static struct pipe_resource *make_so_buffer(void)
{
    uint32_t init[BUF_DWORDS];
    for (int i = 0; i < BUF_DWORDS; i++)
        init[i] = SENT;
    return pt_make_buffer(sizeof init, PIPE_BIND_STREAM_OUTPUT, init);
}

static void read_buffer(struct pipe_resource *buf, uint32_t *out)
{
    struct pipe_transfer *t = NULL;
    struct pipe_box all = {0, 0, 0, BUF_DWORDS * 4, 1, 1};
    const uint32_t *m = pt_ctx->buffer_map(pt_ctx, buf, 0, PIPE_MAP_READ, &all, &t);
    assert_non_null(m);
    memcpy(out, m, BUF_DWORDS * 4);
    pt_ctx->buffer_unmap(pt_ctx, t);
}

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Writes the interleaved layout of vertex v at dword d of exp. */
static void expect_interleaved(uint32_t *exp, uint32_t d, const pt_vtx *v)
{
    float g[4];
    gen1(v, g);
    exp[d + 0] = bits(g[0]);
    exp[d + 1] = bits(g[1]);
    exp[d + 2] = bits(g[2]);
    exp[d + 3] = bits(v->color[1]);
    exp[d + 4] = bits(v->color[2]);
}

static const float RED[4] = {1, 0, 0, 1};
static const float GREEN[4] = {0, 1, 0, 1};

/* Two triangles, then two more appended (offset -1), into a target that
 * starts 8 bytes into the buffer, then one at offset 0 again (over the
 * first); queries count them. */
static void test_interleaved_append(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    void *vs = make_so_vs(false);
    assert_non_null(vs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    struct pipe_resource *buf = make_so_buffer();
    struct pipe_stream_output_target *t =
        pt_ctx->create_stream_output_target(pt_ctx, buf, 8, 200 * 4);
    assert_non_null(t);
    assert_ptr_equal(t->buffer, buf);
    struct pipe_query *emi = pt_ctx->create_query(pt_ctx, PIPE_QUERY_PRIMITIVES_EMITTED, 0);
    struct pipe_query *so = pt_ctx->create_query(pt_ctx, PIPE_QUERY_SO_STATISTICS, 0);
    assert_true(pt_ctx->begin_query(pt_ctx, emi));
    assert_true(pt_ctx->begin_query(pt_ctx, so));

    pt_vtx v[12];
    pt_quad(v, 0, 0, 16, 16, 0.0f, RED);
    pt_quad(v + 6, 20, 4, 40, 30, 0.5f, GREEN);
    unsigned zero = 0, append = (unsigned)-1;
    pt_ctx->set_stream_output_targets(pt_ctx, 1, &t, &zero);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    pt_ctx->set_stream_output_targets(pt_ctx, 1, &t, &append);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 6, 6);
    /* Offset 0 again: the next triangle overwrites the first. */
    pt_ctx->set_stream_output_targets(pt_ctx, 1, &t, &zero);
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 9, 3);
    pt_ctx->set_stream_output_targets(pt_ctx, 0, NULL, NULL);
    assert_true(pt_ctx->end_query(pt_ctx, emi));
    assert_true(pt_ctx->end_query(pt_ctx, so));

    uint32_t got[BUF_DWORDS], exp[BUF_DWORDS];
    read_buffer(buf, got);
    for (int i = 0; i < BUF_DWORDS; i++)
        exp[i] = SENT;
    for (uint32_t k = 0; k < 12; k++)
        expect_interleaved(exp, 2 + k * 6, &v[k < 3 ? 9 + k : k]);
    assert_memory_equal(got, exp, sizeof exp);

    union pipe_query_result r;
    assert_true(pt_ctx->get_query_result(pt_ctx, emi, true, &r));
    assert_int_equal(r.u64, 5);
    assert_true(pt_ctx->get_query_result(pt_ctx, so, true, &r));
    assert_int_equal(r.so_statistics.num_primitives_written, 5);
    assert_int_equal(r.so_statistics.primitives_storage_needed, 5);
    /* Rendering went on as usual. */
    uint32_t px[PT_W * PT_H];
    pt_read_rgba(f.rt, px);
    assert_int_equal(px[2 * PT_W + 2], pt_rgba8(1, 0, 0, 1));
    assert_int_equal(px[10 * PT_W + 30], pt_rgba8(0, 1, 0, 1));

    pt_ctx->destroy_query(pt_ctx, emi);
    pt_ctx->destroy_query(pt_ctx, so);
    pipe_so_target_reference(&t, NULL);
    pipe_resource_reference(&buf, NULL);
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_fixture_fini(&f);
}

/* Separate buffers, one too small: writing stops at the first triangle that
 * does not fit in either buffer, the overflow predicate says so, and with
 * rasterizer discard nothing is rendered. */
static void test_separate_overflow_discard(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    void *vs = make_so_vs(true);
    assert_non_null(vs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    struct pipe_rasterizer_state rs = {.half_pixel_center = true, .depth_clip_near = true,
                                       .depth_clip_far = true, .cull_face = PIPE_FACE_NONE,
                                       .front_ccw = true, .line_width = 1, .point_size = 1,
                                       .rasterizer_discard = true};
    void *discard = pt_ctx->create_rasterizer_state(pt_ctx, &rs);
    pt_ctx->bind_rasterizer_state(pt_ctx, discard);
    struct pipe_resource *b0 = make_so_buffer(), *b1 = make_so_buffer();
    /* b0: room for 8 triangles of 12 dwords; b1: 5 dwords, so 1 triangle of 3. */
    struct pipe_stream_output_target *t[2] = {
        pt_ctx->create_stream_output_target(pt_ctx, b0, 0, 100 * 4),
        pt_ctx->create_stream_output_target(pt_ctx, b1, 4, 5 * 4),
    };
    unsigned offs[2] = {0, 0};
    pt_ctx->set_stream_output_targets(pt_ctx, 2, t, offs);
    struct pipe_query *ovf = pt_ctx->create_query(pt_ctx, PIPE_QUERY_SO_OVERFLOW_PREDICATE, 0);
    struct pipe_query *emi = pt_ctx->create_query(pt_ctx, PIPE_QUERY_PRIMITIVES_EMITTED, 0);
    assert_true(pt_ctx->begin_query(pt_ctx, ovf));
    assert_true(pt_ctx->begin_query(pt_ctx, emi));
    pt_vtx v[6];
    pt_quad(v, 0, 0, 64, 64, 0.0f, GREEN);
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    assert_true(pt_ctx->end_query(pt_ctx, ovf));
    assert_true(pt_ctx->end_query(pt_ctx, emi));
    pt_ctx->set_stream_output_targets(pt_ctx, 0, NULL, NULL);

    union pipe_query_result r;
    assert_true(pt_ctx->get_query_result(pt_ctx, ovf, true, &r));
    assert_true(r.b);
    assert_true(pt_ctx->get_query_result(pt_ctx, emi, true, &r));
    assert_int_equal(r.u64, 1);
    uint32_t got[BUF_DWORDS], exp[BUF_DWORDS];
    read_buffer(b0, got);
    for (int i = 0; i < BUF_DWORDS; i++)
        exp[i] = SENT;
    for (uint32_t k = 0; k < 3; k++)
        for (int c = 0; c < 4; c++)
            exp[k * 4 + c] = bits(v[k].pos[c]);
    assert_memory_equal(got, exp, sizeof exp);
    read_buffer(b1, got);
    for (int i = 0; i < BUF_DWORDS; i++)
        exp[i] = SENT;
    for (uint32_t k = 0; k < 3; k++)
        exp[1 + k] = bits(v[k].color[0]);
    assert_memory_equal(got, exp, sizeof exp);
    uint32_t px[PT_W * PT_H];
    pt_read_rgba(f.rt, px);
    for (int i = 0; i < PT_W * PT_H; i++)
        assert_int_equal(px[i], 0);

    pt_ctx->destroy_query(pt_ctx, ovf);
    pt_ctx->destroy_query(pt_ctx, emi);
    pipe_so_target_reference(&t[0], NULL);
    pipe_so_target_reference(&t[1], NULL);
    pipe_resource_reference(&b0, NULL);
    pipe_resource_reference(&b1, NULL);
    pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
    pt_ctx->delete_rasterizer_state(pt_ctx, discard);
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_fixture_fini(&f);
}

/* Targets over a texture are refused; binding and unbinding hold and
 * drop references (the target outlives its creator's reference while
 * bound). */
static void test_targets(void **state)
{
    (void)state;
    struct pipe_resource *tex = pt_make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4, 0);
    assert_null(pt_ctx->create_stream_output_target(pt_ctx, tex, 0, 16));
    assert_null(pt_ctx->create_stream_output_target(pt_ctx, NULL, 0, 16));
    pipe_resource_reference(&tex, NULL);
    struct pipe_resource *buf = make_so_buffer();
    struct pipe_stream_output_target *t = pt_ctx->create_stream_output_target(pt_ctx, buf, 0, 64);
    pt_ctx->set_stream_output_targets(pt_ctx, 1, &t, NULL);
    struct pipe_stream_output_target *keep = t;
    pipe_so_target_reference(&t, NULL);
    assert_int_equal(keep->reference.count, 1); /* the binding's */
    pt_ctx->set_stream_output_targets(pt_ctx, 0, NULL, NULL);
    pipe_resource_reference(&buf, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_interleaved_append),
        cmocka_unit_test(test_separate_overflow_discard),
        cmocka_unit_test(test_targets),
    };
    return cmocka_run_group_tests(tests, pt_group_setup, pt_group_teardown);
}
