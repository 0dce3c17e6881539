/*
 * test_ff_llvm: the generated fixed-function programs compile natively in
 * the LLVM JIT and give the interpreter's results bit for bit (the
 * executors' contract, jitter/exec_contract.md), with and without the
 * jitter's preamble split (the pipe compiles with it; fixed-function
 * programs hoist a lot: scene colours, constant normals, products of
 * constants), on typical keys (glxgears, textured lit scenes, two-sided
 * lighting with 8 lights, texgen, multitexture combiners) and random ones.
 * Each program runs on several random states and inputs; every output
 * register of the vertex programs and the colour of the fragment programs
 * are compared.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ff_test_util.h"
#include "jitter/jit_priv.h"

typedef struct llvm_stats {
    unsigned programs, runs, split;
    double compile_ms;
} llvm_stats;

static llvm_stats stats;

static bool same_bits(float a, float b)
{
    uint32_t x, y;
    memcpy(&x, &a, 4);
    memcpy(&y, &b, 4);
    return x == y || (isnan(a) && isnan(b));
}

/* The four variants: interpreter / LLVM, without / with the preamble. */
static void compile_all(const gl_ff_shader *sh, jit_shader *code[4])
{
    for (int i = 0; i < 4; i++) {
        code[i] = ff_compile(sh, i & 1 ? JIT_EXECUTOR_LLVM : JIT_EXECUTOR_INTERP, i >= 2);
        if ((i & 1) && !code[i]->llvm)
            fail_msg("not compiled natively: %s\n%s", code[i]->llvm_why, sh->text);
        if (i & 1)
            stats.compile_ms += jit_llvm_compile_ms(code[i]->llvm);
    }
    stats.split += jit_shader_preamble_vec4s(code[2]) != 0;
    stats.programs++;
}

static void release_all(jit_shader *code[4])
{
    for (int i = 0; i < 4; i++)
        jit_shader_unref(code[i]);
}

static void check_vs(const gl_ff_vs_key *k, ff_rng *rng)
{
    gl_ff_shader sh;
    assert_true(gl_ff_vs_generate(k, &sh));
    jit_shader *code[4];
    compile_all(&sh, code);
    uint32_t nout = jit_shader_get_info(code[0])->num_outputs;
    for (unsigned t = 0; t < 3; t++) {
        gl_ff_gl_state s;
        ff_random_state(rng, k, &s);
        ff_vs_lanes v;
        ff_random_vertices(rng, &s, k, &v);
        static swr_simd_vec4 out[4][SWR_MAX_ATTRIBS];
        for (int i = 0; i < 4; i++)
            ff_run_vs(code[i], &sh, &s, &v, out[i]);
        stats.runs++;
        for (int i = 1; i < 4; i++)
            for (uint32_t r = 0; r < nout; r++)
                for (int c = 0; c < 4; c++)
                    for (int l = 0; l < 8; l++)
                        if (!same_bits(out[i][r].v[c][l], out[0][r].v[c][l]))
                            fail_msg("%svariant %d OUT[%u].%c lane %d: %.9g, interpreter %.9g",
                                     sh.text, i, r, "xyzw"[c], l, (double)out[i][r].v[c][l],
                                     (double)out[0][r].v[c][l]);
    }
    release_all(code);
    gl_ff_shader_fini(&sh);
}

static void check_fs(const gl_ff_fs_key *k, ff_rng *rng)
{
    gl_ff_shader sh;
    assert_true(gl_ff_fs_generate(k, &sh));
    jit_shader *code[4];
    compile_all(&sh, code);
    for (unsigned t = 0; t < 3; t++) {
        ff_texture_setup tex;
        gl_ff_gl_state s;
        ff_fs_lanes f;
        ff_random_fs_trial(rng, k, &tex, &s, &f);
        swr_simd_vec4 color[4];
        for (int i = 0; i < 4; i++)
            assert_int_equal(ff_run_fs(code[i], &sh, &s, &tex, &f, &color[i]), 0);
        stats.runs++;
        for (int i = 1; i < 4; i++)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < 8; l++)
                    if (!same_bits(color[i].v[c][l], color[0].v[c][l]))
                        fail_msg("%svariant %d color.%c lane %d: %.9g, interpreter %.9g", sh.text,
                                 i, "xyzw"[c], l, (double)color[i].v[c][l],
                                 (double)color[0].v[c][l]);
    }
    release_all(code);
    gl_ff_shader_fini(&sh);
}

static void report(const char *what)
{
    printf("%s: %u programs x 4 variants, %u runs; %u split by the preamble; LLVM compile "
           "%.2f ms per program (mean of both variants)\n",
           what, stats.programs, stats.runs, stats.split,
           stats.programs ? stats.compile_ms / (2.0 * stats.programs) : 0.0);
    memset(&stats, 0, sizeof stats);
}

static void test_vs(void **state)
{
    (void)state;
    ff_rng rng = {0x11aa};
    gl_ff_vs_key k = ff_key_vs_gears(false);
    check_vs(&k, &rng);
    k.const_attribs = 1u << GL_FF_ATTRIB_NORMAL; /* its normal constant per draw */
    check_vs(&k, &rng);
    k = ff_key_vs_textured();
    check_vs(&k, &rng);
    k = ff_key_vs_twoside8();
    k.local_viewer = 1;
    check_vs(&k, &rng);
    memset(&k, 0, sizeof k); /* every texgen kind with matrices, fog, points, planes */
    k.texcoord_out = 0x0f;
    k.texmat = 0x0a;
    k.texgen[0] = GL_FF_TEXGEN_SET(GL_FF_TEXGEN_SET(0, 0, GL_FF_TEXGEN_SPHERE_MAP), 1,
                                   GL_FF_TEXGEN_SPHERE_MAP);
    for (unsigned c = 0; c < 3; c++)
        k.texgen[1] = GL_FF_TEXGEN_SET(k.texgen[1], c, GL_FF_TEXGEN_REFLECTION_MAP);
    for (unsigned c = 0; c < 4; c++)
        k.texgen[2] = GL_FF_TEXGEN_SET(
            k.texgen[2], c, c & 1 ? GL_FF_TEXGEN_EYE_LINEAR : GL_FF_TEXGEN_OBJECT_LINEAR);
    k.fog_source = GL_FF_FOG_SOURCE_RADIAL;
    k.point_attenuation = 1;
    k.clip_planes = 0x21;
    check_vs(&k, &rng);
    for (unsigned n = 0; n < 150; n++) {
        ff_random_vs_key(&rng, &k);
        check_vs(&k, &rng);
    }
    report("vertex programs");
}

static void test_fs(void **state)
{
    (void)state;
    ff_rng rng = {0x22bb};
    gl_ff_fs_key k;
    memset(&k, 0, sizeof k);
    check_fs(&k, &rng);
    k = ff_key_fs_textured();
    k.fog_mode = GL_FF_FOG_EXP2;
    check_fs(&k, &rng);
    k = ff_key_fs_combine4();
    check_fs(&k, &rng);
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) { /* 8 combiners, crossbar */
        gl_ff_fs_unit *t = &k.unit[u];
        t->target = (uint8_t)(1 + u % (GL_FF_TEX_TARGET_COUNT - 1));
        t->mode = u & 1 ? GL_FF_ENV_COMBINE4_NV : GL_FF_ENV_COMBINE;
        t->combine_rgb = (uint8_t)(u + 1);
        t->combine_alpha = GL_FF_COMBINE_INTERPOLATE;
        for (unsigned a = 0; a < 4; a++) {
            t->src_rgb[a] = (uint8_t)((u + a) % GL_FF_SRC_COUNT);
            t->src_alpha[a] = (uint8_t)((u * 3 + a) % GL_FF_SRC_COUNT);
            t->op_rgb[a] = (uint8_t)(a % 4);
            t->op_alpha[a] = GL_FF_OP_SRC_ALPHA + (a & 1);
        }
        t->scale_rgb = (uint8_t)(u % 3);
    }
    check_fs(&k, &rng);
    for (unsigned n = 0; n < 150; n++) {
        ff_random_fs_key(&rng, &k);
        check_fs(&k, &rng);
    }
    report("fragment programs");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vs),
        cmocka_unit_test(test_fs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
