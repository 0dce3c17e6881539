/*
 * test_feature_fp_env: the engine computes in its own floating-point
 * environment (round to nearest, denormals kept), whatever the application
 * set on the thread that calls it or that created the worker pool, and
 * gives that thread its environment back.
 *
 * Oracles: IEEE arithmetic evaluated on this thread in the default
 * environment (1e-20f * 1e-20f is the denormal 1e-40, which scaled by
 * 2^100 is ~1.27e-10 but 0 once flushed; 1 + 1.5 * 2^-24 rounds to
 * 1 + 2^-23 to nearest but to 1 toward zero; the float whose bits are the
 * integer 5 is a denormal that a flushing add turns into 0), and the
 * engine's own image in the default environment, which every other
 * environment must reproduce byte for byte, single-threaded and pooled.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "common/simd.h"
#include "test_feature_common.h"

/* MXCSR as an application built with -ffast-math and fesetround(FE_TOWARDZERO)
 * leaves it: flush-to-zero, denormals-are-zero, round toward zero. */
#define APP_CSR (SIMD_MXCSR_ENGINE | 0x8000u | 0x0040u | 0x6000u)

static const float k_tiny = 1e-20f;    /* normal; its square is denormal */
static const float k_scale = 0x1p100f;  /* a kept denormal scaled back to ~1e-10 */
static const float k_half_ulp = 0x1.8p-24f; /* 1 + this: rounding-mode dependent */
static const uint32_t k_int_bits = 5;   /* a flat integer varying */

/* fx_copy_vs, with a.w = (a.w * 1e-20) * 2^100: a denormal product in the VS. */
static void env_vs(const void *shader, swr_vs_args *a)
{
    (void)shader;
    memcpy(a->outputs, a->inputs, 4 * sizeof a->outputs[0]);
    for (int i = 0; i < 8; i++)
        a->outputs[1].v[3][i] = (a->inputs[1].v[3][i] * k_tiny) * k_scale;
}

/* Input 0 = attribute a (flat), input 1 = attribute b (noperspective).
 * colour = ((a.x * 1e-20) * 2^100 + a.w, a.y (integer bits), a.z + 1.5 * 2^-24,
 *           b.x * 2^100). */
static void env_ps(const void *shader, swr_ps_args *a)
{
    (void)shader;
    for (int i = 0; i < 8; i++) {
        a->color[0].v[0][i] = (a->inputs[0].v[0][i] * k_tiny) * k_scale + a->inputs[0].v[3][i];
        a->color[0].v[1][i] = a->inputs[0].v[1][i];
        a->color[0].v[2][i] = a->inputs[0].v[2][i] + k_half_ulp;
        a->color[0].v[3][i] = a->inputs[1].v[0][i] * k_scale;
    }
}

enum { W = 24, H = 16 };

/* Renders the scene on a fresh context of flavour d (a pooled context
 * created here starts the pool, so its workers inherit this thread's
 * environment) into img (W * H * 4 floats). */
static void render(uint32_t d, float *img)
{
    tu_target t;
    assert_int_equal(tu_target_init(&t, &fx_descs[d], W, H, SWR_FORMAT_R32G32B32A32_FLOAT,
                                    SWR_FORMAT_NONE),
                     SWR_OK);
    fx_pipeline(&t, SWR_INTERP_CONSTANT);
    swr_vs_state vs = fx_vs_state();
    vs.func = env_vs;
    swr_set_vs(t.ctx, &vs);
    swr_ps_state ps = fx_ps_state(SWR_INTERP_CONSTANT);
    ps.func = env_ps;
    ps.inputs[1].interp = SWR_INTERP_LINEAR;
    swr_set_ps(t.ctx, &ps);
    fx_clear(&t, -1, -1, -1, -1);
    float int_as_float;
    memcpy(&int_as_float, &k_int_bits, 4);
    const float a[4] = {k_tiny, int_as_float, 1.0f, k_tiny};
    const float c[4] = {0, 0, 0, 1};
    fx_vertex v[3] = {fx_win(W, H, -8, -8, 0.5f, c), fx_win(W, H, 60, -8, 0.5f, c),
                      fx_win(W, H, -8, 60, 0.5f, c)};
    for (int k = 0; k < 3; k++) {
        memcpy(v[k].a, a, sizeof a);
        v[k].b[0] = 1e-40f; /* a denormal attribute, interpolated */
    }
    fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 3);
    tu_finish(&t);
    for (uint32_t y = 0; y < H; y++)
        memcpy(img + (size_t)y * W * 4, fx_px4(&t, 0, y), W * 4 * sizeof(float));
    tu_target_free(&t);
}

static void test_environment(void **state)
{
    (void)state;
    uint32_t app0 = simd_fp_csr();
    simd_fp_set_csr(SIMD_MXCSR_ENGINE); /* the default environment for the oracles */
    volatile float tiny = k_tiny, scale = k_scale, one = 1.0f, half_ulp = k_half_ulp;
    const float kept = (tiny * tiny) * scale;
    const float rounded = one + half_ulp;
    assert_true(kept > 1e-11f && rounded == 1.0f + 0x1p-23f);

    static float ref[W * H * 4], img[W * H * 4];
    render(0, ref);
    for (uint32_t i = 0; i < W * H; i++) {
        uint32_t gbits;
        memcpy(&gbits, &ref[i * 4 + 1], 4);
        assert_true(ref[i * 4 + 0] == kept + kept);
        assert_int_equal(gbits, k_int_bits);
        assert_true(ref[i * 4 + 2] == rounded);
        assert_true(ref[i * 4 + 3] > 1e-11f); /* not flushed: ~1e-40 * 2^100 */
    }
    render(1, img);
    assert_memory_equal(img, ref, sizeof ref);

    /* Now as a fast-math, round-toward-zero application: the same bytes on
     * the API thread and on workers started in that environment, and the
     * environment is still the application's afterwards. */
    simd_fp_set_csr(APP_CSR);
    volatile float probe = k_tiny;
    assert_true(probe * probe == 0.0f); /* the environment took effect */
    for (uint32_t d = 0; d < 2; d++) {
        memset(img, 0, sizeof img);
        render(d, img);
        assert_int_equal(simd_fp_csr() & ~SIMD_MXCSR_FLAGS, APP_CSR);
        assert_memory_equal(img, ref, sizeof ref);
    }
    simd_fp_set_csr(app0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_environment),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
