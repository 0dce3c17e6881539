/*
 * test_pipe_preamble.c: shader preambles in the pipe driver
 * (frontend-gallium/pipe/swrp_draw.c update_preamble, jitter/jit_preamble.c):
 * a vertex and a fragment shader whose uniform-only arithmetic the jitter
 * moves into a preamble, drawn 96 times with constants that change before
 * (almost) every draw; every third draw re-sends the previous contents, so
 * the unchanged-key path runs too. Draw i puts a 4x4 quad into cell i (the
 * VS's offset is computed from CONST[0][1] by the preamble) with the colour
 * min((CONST[0][2] * 0.5 + 0.25) * CONST[0][3], 1) that the FS's preamble
 * computes. The oracle is that formula evaluated here in float (the same
 * IEEE operations, so exact) and rounded as UNORM8. Also checked: the
 * driver's screen reports 14 constant buffers (15 and 14 are its own), the
 * shaders really have preambles, and a shader without one drawn afterwards
 * is unaffected by the preamble buffer left bound before.
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
#include "jitter/jit.h"
#include "pipe_test_util.h"

#define W PT_W
#define H PT_H

static const char *vs_text = "VERT\n"
                             "DCL IN[0]\n"
                             "DCL OUT[0], POSITION\n"
                             "DCL CONST[0][0..1]\n"
                             "DCL TEMP[0]\n"
                             "IMM[0] FLT32 { 0.125, 2.0, 0.5, 0.0}\n"
                             "  0: MUL TEMP[0], CONST[0][1], IMM[0].xxxx\n"
                             "  1: ADD TEMP[0], TEMP[0], IMM[0].wwww\n"
                             "  2: MUL TEMP[0], TEMP[0], IMM[0].yyyy\n"
                             "  3: MUL TEMP[0], TEMP[0], IMM[0].zzzz\n"
                             "  4: ADD OUT[0], IN[0], TEMP[0]\n"
                             "  5: END\n";

static const char *fs_text = "FRAG\n"
                             "DCL OUT[0], COLOR\n"
                             "DCL CONST[0][0..3]\n"
                             "DCL TEMP[0]\n"
                             "IMM[0] FLT32 { 0.5, 0.25, 1.0, 0.0}\n"
                             "  0: MUL TEMP[0], CONST[0][2], IMM[0].xxxx\n"
                             "  1: ADD TEMP[0], TEMP[0], IMM[0].yyyy\n"
                             "  2: MUL TEMP[0], TEMP[0], CONST[0][3]\n"
                             "  3: MIN TEMP[0], TEMP[0], IMM[0].zzzz\n"
                             "  4: MOV OUT[0], TEMP[0]\n"
                             "  5: END\n";

static uint32_t preamble_size(const char *text)
{
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    key.executor = JIT_EXECUTOR_LLVM;
    tgsi_error err;
    /* the driver's own path: the cache (which splits) */
    jit_shader *a = jit_cache_get(text, strlen(text), &key, &err);
    key.executor = JIT_EXECUTOR_INTERP;
    jit_shader *b = jit_cache_get(text, strlen(text), &key, &err);
    assert_non_null(a);
    assert_non_null(b);
    uint32_t n = jit_shader_preamble_vec4s(a);
    assert_int_equal(n, jit_shader_preamble_vec4s(b));
    jit_shader_unref(a);
    jit_shader_unref(b);
    return n;
}

static void test_caps(void **state)
{
    (void)state;
    assert_int_equal(pt_screen->get_shader_param(pt_screen, PIPE_SHADER_FRAGMENT,
                                                 PIPE_SHADER_CAP_MAX_CONST_BUFFERS),
                     SWR_DRIVER_CONST_SLOT);
    assert_int_equal(SWR_PREAMBLE_CONST_SLOT, SWR_MAX_CONST_BUFFERS - 1);
    if (!getenv("SWR_SHADER_PREAMBLE") || strcmp(getenv("SWR_SHADER_PREAMBLE"), "0") != 0) {
        assert_true(preamble_size(vs_text) > 0);
        assert_true(preamble_size(fs_text) > 0);
    }
}

static void test_uniform_stream(void **state)
{
    (void)state;
    pt_fixture f;
    pt_fixture_init(&f, NULL);
    void *vs = pt_make_shader(vs_text, true), *fs = pt_make_shader(fs_text, false);
    assert_non_null(vs);
    assert_non_null(fs);
    pt_ctx->bind_vs_state(pt_ctx, vs);
    pt_ctx->bind_fs_state(pt_ctx, fs);
    pt_vtx v[6];
    pt_quad(v, 0, 0, 4, 4, 0, (const float[4]){0, 0, 0, 1});
    pt_set_user_vb(v, sizeof(pt_vtx));
    enum { N = 96 };
    static float c[4][4];
    static float color[N][4];
    for (int i = 0; i < N; i++) {
        int src = i % 3 == 2 ? i - 1 : i; /* every third draw: same contents */
        memset(c, 0, sizeof c);
        /* VS: NDC offset ((c1 * 0.125) + 0) * 2 * 0.5 = 4 px per unit */
        c[1][0] = (float)(src % 16);
        c[1][1] = (float)(src / 16);
        c[2][0] = (float)(src % 4) / 3.0f;
        c[2][1] = (float)(src / 4 % 4) / 3.0f;
        c[2][2] = (float)(src / 16 % 4) / 3.0f;
        c[2][3] = 1;
        float s = src % 2 ? 1.5f : 1.0f;
        c[3][0] = c[3][1] = c[3][2] = s;
        c[3][3] = 1;
        for (int k = 0; k < 4; k++)
            color[i][k] = fminf((c[2][k] * 0.5f + 0.25f) * c[3][k], 1.0f);
        struct pipe_constant_buffer cb = {.user_buffer = c, .buffer_size = sizeof c};
        pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_VERTEX, 0, &cb);
        pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 0, &cb);
        pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    }
    memset(c, 0x7f, sizeof c); /* the driver copied what the draws read */
    /* a shader without a preamble afterwards: the fixture's pass-through */
    pt_ctx->bind_vs_state(pt_ctx, f.vs);
    pt_ctx->bind_fs_state(pt_ctx, f.fs);
    pt_vtx w[6];
    pt_quad(w, 60, 60, 64, 64, 0, (const float[4]){0, 1, 0, 1});
    pt_set_user_vb(w, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, 6);
    static uint32_t img[W * H];
    pt_read_rgba(f.rt, img);
    for (int i = 0; i < N; i++) {
        if (i % 3 == 1) /* draws i and i + 1 share a cell: the later one is seen */
            continue;
        int cell = i % 3 == 2 ? i - 1 : i;
        int x = (cell % 16) * 4 + 1, y = (cell / 16) * 4 + 1;
        assert_int_equal(img[y * W + x],
                         pt_rgba8(color[i][0], color[i][1], color[i][2], color[i][3]));
    }
    assert_int_equal(img[62 * W + 62], pt_rgba8(0, 1, 0, 1));
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_VERTEX, 0, NULL);
    pt_ctx->set_constant_buffer(pt_ctx, PIPE_SHADER_FRAGMENT, 0, NULL);
    pt_ctx->delete_vs_state(pt_ctx, vs);
    pt_ctx->delete_fs_state(pt_ctx, fs);
    pt_fixture_fini(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_caps),
        cmocka_unit_test(test_uniform_stream),
    };
    return cmocka_run_group_tests(tests, pt_group_setup, pt_group_teardown);
}
