/*
 * test_ff_fs: the generated fixed-function fragment programs
 * (frontend-gallium/gl/fixedfunc/gl_ff_fs.c), run by the jitter's
 * interpreter with random colours, texture coordinates and fog
 * coordinates and a fake sampler, against the scalar reference model
 * written from the GL 2.1 spec (ref_ff.c: tables 3.22-3.24, 3.9, 3.10).
 *
 * The sampler returns a smooth function of the coordinates it is given
 * (ff_texel_raw), expanded by the texture's base format as a GL sampler
 * would (table 3.15); the reference computes the same function from its
 * own projected coordinates, so lookups, the projective divide, the unit
 * and target of every request (checked by the sampler) and every
 * environment function are compared. Tolerance: the reference's forward
 * error bound x 2 + 2^-24 (ref_ff.h), whose largest observed ratio is
 * printed.
 *
 * Key spaces: every classic mode x base format x target; for COMBINE and
 * COMBINE4_NV every function with every source and operand in every
 * argument position, RGB and alpha, each scale; every fog mode with and
 * without colour sum; random multi-unit keys (crossbar reads, disabled
 * units, mixed modes).
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
#include "frontend-gallium/gl/fixedfunc/gl_ff_priv.h"

typedef struct fs_stats {
    unsigned keys, fragments, skipped, values, ill;
    double worst;
} fs_stats;

static fs_stats stats;

static void dump_key(const gl_ff_fs_key *k)
{
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        const gl_ff_fs_unit *t = &k->unit[u];
        if (!t->target)
            continue;
        fprintf(stderr,
                "unit %u: target %u mode %u format %u rgb %u (%u %u %u %u / %u %u %u %u) x%u "
                "alpha %u (%u %u %u %u / %u %u %u %u) x%u\n",
                u, t->target, t->mode, t->format, t->combine_rgb, t->src_rgb[0], t->src_rgb[1],
                t->src_rgb[2], t->src_rgb[3], t->op_rgb[0], t->op_rgb[1], t->op_rgb[2],
                t->op_rgb[3], 1u << t->scale_rgb, t->combine_alpha, t->src_alpha[0],
                t->src_alpha[1], t->src_alpha[2], t->src_alpha[3], t->op_alpha[0], t->op_alpha[1],
                t->op_alpha[2], t->op_alpha[3], 1u << t->scale_alpha);
    }
    fprintf(stderr, "color_sum %u fog %u\n", k->color_sum, k->fog_mode);
}

static void run_key(const gl_ff_fs_key *key, ff_rng *rng, unsigned trials)
{
    gl_ff_shader sh;
    assert_true(gl_ff_fs_generate(key, &sh));
    jit_shader *code = ff_compile(&sh, JIT_EXECUTOR_INTERP, false);
    stats.keys++;
    for (unsigned t = 0; t < trials; t++) {
        ff_texture_setup tex;
        gl_ff_gl_state s;
        ff_fs_lanes f;
        ff_random_fs_trial(rng, key, &tex, &s, &f);
        swr_simd_vec4 color;
        unsigned bad = ff_run_fs(code, &sh, &s, &tex, &f, &color);
        if (bad) {
            dump_key(key);
            fail_msg("%u texture requests with a wrong unit or target\n%s", bad, sh.text);
        }
        for (int l = 0; l < 8; l++) {
            ref_ev want[4];
            stats.fragments++;
            if (!ref_fs(key, &s, &f.in[l], ff_texel_ref, NULL, want)) {
                stats.skipped++;
                continue;
            }
            for (int c = 0; c < 4; c++) {
                stats.values++;
                double before = stats.worst;
                ff_verdict v = ff_close(color.v[c][l], want[c], &stats.worst);
                if (getenv("FF_WORST") && stats.worst > 0.5 && stats.worst > before) {
                    dump_key(key);
                    fprintf(stderr, "%s worst %.3f lane %d c %d got %.9g want %.9g +- %.3g\n",
                            sh.text, stats.worst, l, c, (double)color.v[c][l], want[c].v,
                            want[c].e);
                }
                stats.ill += v == FF_ILL_CONDITIONED;
                if (v == FF_MISMATCH) {
                    dump_key(key);
                    fail_msg("%sformats %u %u %u %u %u %u %u %u: lane %d channel %d: got %.9g, "
                             "reference %.9g +- %.3g",
                             sh.text, tex.format[0], tex.format[1], tex.format[2], tex.format[3],
                             tex.format[4], tex.format[5], tex.format[6], tex.format[7], l, c,
                             (double)color.v[c][l], want[c].v, want[c].e);
                }
            }
        }
    }
    jit_shader_unref(code);
    gl_ff_shader_fini(&sh);
}

static void report(const char *what)
{
    printf("%s: %u keys, %u fragments (%u skipped), %u values (%u ill-conditioned); worst "
           "|diff| / bound %.3f\n",
           what, stats.keys, stats.fragments, stats.skipped, stats.values, stats.ill, stats.worst);
    assert_true(stats.skipped * 100 <= stats.fragments);
    assert_true(stats.ill * 100 <= stats.values);
    memset(&stats, 0, sizeof stats);
}

/* Every classic mode x base format x target, on unit 0 and on a later
 * unit after a MODULATE unit (so PREVIOUS is a computed colour). */
static void test_classic(void **state)
{
    (void)state;
    memset(&stats, 0, sizeof stats);
    ff_rng rng = {0x3141};
    for (unsigned later = 0; later < 2; later++)
        for (unsigned target = 1; target < GL_FF_TEX_TARGET_COUNT; target++)
            for (unsigned mode = GL_FF_ENV_MODULATE; mode <= GL_FF_ENV_ADD; mode++)
                for (unsigned format = 0; format < GL_FF_FORMAT_COUNT; format++) {
                    gl_ff_fs_key k;
                    memset(&k, 0, sizeof k);
                    unsigned u = later ? 5 : 0;
                    if (later) {
                        k.unit[2].target = GL_FF_TEX_2D;
                        k.unit[2].format = (uint8_t)ff_randn(&rng, GL_FF_FORMAT_COUNT);
                    }
                    k.unit[u].target = (uint8_t)target;
                    k.unit[u].mode = (uint8_t)mode;
                    k.unit[u].format = (uint8_t)format;
                    run_key(&k, &rng, 3);
                }
    report("classic modes");
}

/* One COMBINE unit: function f for rgb or alpha with argument `arg` set
 * to (src, op), the other arguments and the other channel random. */
static void combine_case(ff_rng *rng, unsigned mode, bool alpha, unsigned func, unsigned arg,
                         unsigned src, unsigned op)
{
    gl_ff_fs_key k;
    ff_random_fs_key(rng, &k);
    unsigned u = 1 + ff_randn(rng, 6);
    gl_ff_fs_unit *t = &k.unit[u];
    gl_ff_fs_unit *prev = &k.unit[u - 1];
    if (!prev->target) { /* a computed PREVIOUS: a unit before it */
        prev->target = GL_FF_TEX_2D;
        prev->mode = GL_FF_ENV_MODULATE;
    }
    t->target = (uint8_t)(1 + ff_randn(rng, GL_FF_TEX_TARGET_COUNT - 1));
    t->mode = (uint8_t)mode;
    if (alpha) {
        t->combine_alpha = (uint8_t)func;
        t->src_alpha[arg] = (uint8_t)src;
        t->op_alpha[arg] = (uint8_t)op;
        if (t->combine_rgb == GL_FF_COMBINE_DOT3_RGBA)
            t->combine_rgb = GL_FF_COMBINE_MODULATE;
    } else {
        t->combine_rgb = (uint8_t)func;
        t->src_rgb[arg] = (uint8_t)src;
        t->op_rgb[arg] = (uint8_t)op;
    }
    /* half the cases with the alpha side equal to the rgb side (merged code) */
    if (!alpha && ff_rand(rng) & 1 && func != GL_FF_COMBINE_DOT3_RGB &&
        func != GL_FF_COMBINE_DOT3_RGBA) {
        t->combine_alpha = t->combine_rgb;
        t->scale_alpha = t->scale_rgb;
        for (unsigned a = 0; a < 4; a++) {
            t->src_alpha[a] = t->src_rgb[a];
            t->op_alpha[a] = (uint8_t)(t->op_rgb[a] == GL_FF_OP_ONE_MINUS_SRC_COLOR ||
                                               t->op_rgb[a] == GL_FF_OP_ONE_MINUS_SRC_ALPHA
                                           ? GL_FF_OP_ONE_MINUS_SRC_ALPHA
                                           : GL_FF_OP_SRC_ALPHA);
        }
    }
    run_key(&k, rng, 2);
}

static void test_combine(void **state)
{
    (void)state;
    memset(&stats, 0, sizeof stats);
    ff_rng rng = {0x2718};
    for (unsigned mode = GL_FF_ENV_COMBINE; mode <= GL_FF_ENV_COMBINE4_NV; mode++)
        for (unsigned alpha = 0; alpha < 2; alpha++)
            for (unsigned func = 0; func < GL_FF_COMBINE_COUNT; func++) {
                if (alpha && (func == GL_FF_COMBINE_DOT3_RGB || func == GL_FF_COMBINE_DOT3_RGBA))
                    continue;
                for (unsigned arg = 0; arg < ff_combine_args(mode, func); arg++)
                    for (unsigned src = 0; src < GL_FF_SRC_COUNT; src++)
                        for (unsigned op = alpha ? GL_FF_OP_SRC_ALPHA : 0; op < 4; op++)
                            combine_case(&rng, mode, alpha, func, arg, src, op);
            }
    report("combine: every function, source, operand");
}

/* Every function with every RGB and alpha scale. */
static void test_combine_scales(void **state)
{
    (void)state;
    memset(&stats, 0, sizeof stats);
    ff_rng rng = {0x1618};
    for (unsigned mode = GL_FF_ENV_COMBINE; mode <= GL_FF_ENV_COMBINE4_NV; mode++)
        for (unsigned func = 0; func < GL_FF_COMBINE_COUNT; func++)
            for (unsigned sr = 0; sr < 3; sr++)
                for (unsigned sa = 0; sa < 3; sa++)
                    for (unsigned rep = 0; rep < 3; rep++) {
                        gl_ff_fs_key k;
                        ff_random_fs_key(&rng, &k);
                        gl_ff_fs_unit *t = &k.unit[ff_randn(&rng, GL_FF_MAX_TEXTURE_UNITS)];
                        t->target = GL_FF_TEX_2D;
                        t->mode = (uint8_t)mode;
                        t->combine_rgb = (uint8_t)func;
                        if (func != GL_FF_COMBINE_DOT3_RGB && func != GL_FF_COMBINE_DOT3_RGBA)
                            t->combine_alpha = (uint8_t)func;
                        t->scale_rgb = (uint8_t)sr;
                        t->scale_alpha = (uint8_t)sa;
                        run_key(&k, &rng, 2);
                    }
    report("combine scales");
}

static void test_fog_color_sum(void **state)
{
    (void)state;
    memset(&stats, 0, sizeof stats);
    ff_rng rng = {0x4242};
    for (unsigned fog = 0; fog < 4; fog++)
        for (unsigned sum = 0; sum < 2; sum++)
            for (unsigned textured = 0; textured < 3; textured++)
                for (unsigned rep = 0; rep < 8; rep++) {
                    gl_ff_fs_key k;
                    if (textured == 2)
                        ff_random_fs_key(&rng, &k);
                    else
                        memset(&k, 0, sizeof k);
                    if (textured == 1) {
                        k.unit[0].target = GL_FF_TEX_2D;
                        k.unit[0].format = (uint8_t)ff_randn(&rng, GL_FF_FORMAT_COUNT);
                    }
                    k.fog_mode = (uint8_t)fog;
                    k.color_sum = (uint8_t)sum;
                    run_key(&k, &rng, 4);
                }
    report("fog and colour sum");
}

static void test_random_keys(void **state)
{
    (void)state;
    memset(&stats, 0, sizeof stats);
    ff_rng rng = {0xfeedbeef};
    for (unsigned n = 0; n < 3000; n++) {
        gl_ff_fs_key k;
        ff_random_fs_key(&rng, &k);
        run_key(&k, &rng, 2);
    }
    report("random keys");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic),        cmocka_unit_test(test_combine),
        cmocka_unit_test(test_combine_scales), cmocka_unit_test(test_fog_color_sum),
        cmocka_unit_test(test_random_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
