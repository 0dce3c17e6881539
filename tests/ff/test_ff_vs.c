/*
 * test_ff_vs: the generated fixed-function vertex programs
 * (frontend-gallium/gl/fixedfunc/gl_ff_vs.c), run by the jitter's
 * interpreter with random vertices and random GL state, against the
 * scalar reference model written from the GL 2.1 spec (ref_ff.c).
 *
 * Every output the key makes the program write is compared: clip
 * position, front and back primary and secondary colours, texture
 * coordinates, fog coordinate, point size, clip distances. The tolerance is
 * the reference's forward error bound (ref_ff.h: 4 half-ulps per
 * elementary operation propagated to first order, jit_math.h's bounds for
 * the power and exp2, exec_contract.md item 1-2), times 2, plus 2^-24: a
 * real mistake (a wrong term, a swapped face, a missing normalisation) is
 * orders of magnitude above it; the largest observed ratio of difference to
 * bound is printed. Vertices where a step of the formulas (n.VP > 0, the
 * spot cutoff) lies within its bound of the threshold are skipped and
 * counted; the test fails if more than 1% are.
 *
 * Key spaces: every combination of one light's options (directional,
 * positional, attenuated, spot, local viewer, two-sided, separate
 * specular, each colour-material mode and face, normalize / rescale /
 * neither, zero specular per face); every texgen mode on every coordinate
 * with and without a texture matrix; every fog source, point attenuation
 * and clip planes; then random keys over everything (several lights,
 * units, constant attributes).
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

typedef struct vs_stats {
    unsigned keys, vertices, skipped, values, ill;
    double worst;
} vs_stats;

static vs_stats stats;

static void fail_value(const gl_ff_vs_key *k, const gl_ff_shader *sh, const char *what, int lane,
                       float got, ref_ev want)
{
    fprintf(stderr, "%s%s lane %d: got %.9g, reference %.9g +- %.3g\n", sh->text, what, lane,
            (double)got, want.v, want.e);
    const uint8_t *b = (const uint8_t *)k;
    fprintf(stderr, "key:");
    for (size_t i = 0; i < sizeof *k; i++)
        fprintf(stderr, " %02x", b[i]);
    fprintf(stderr, "\n");
    fail();
}

static void check4(const gl_ff_vs_key *k, const gl_ff_shader *sh, const swr_simd_vec4 *reg,
                   int lane, const ref_ev *want, unsigned mask, const char *what)
{
    for (unsigned c = 0; c < 4; c++) {
        if (!(mask >> c & 1))
            continue;
        stats.values++;
        ff_verdict v = ff_close(reg->v[c][lane], want[c], &stats.worst);
        stats.ill += v == FF_ILL_CONDITIONED;
        if (v == FF_MISMATCH) {
            char name[64];
            snprintf(name, sizeof name, "%s.%c", what, "xyzw"[c]);
            fail_value(k, sh, name, lane, reg->v[c][lane], want[c]);
        }
    }
}

static const swr_simd_vec4 *output(jit_shader *code, const swr_simd_vec4 *out, unsigned sem,
                                   unsigned idx)
{
    int r = ff_output_reg(code, sem, idx);
    if (r < 0)
        fail_msg("output %u[%u] not declared", sem, idx);
    return &out[r];
}

/* Generates the key's program and checks it on `trials` random states of
 * 8 vertices each. */
static void run_key(const gl_ff_vs_key *key, ff_rng *rng, unsigned trials)
{
    gl_ff_shader sh;
    assert_true(gl_ff_vs_generate(key, &sh));
    jit_shader *code = ff_compile(&sh, JIT_EXECUTOR_INTERP, false);
    /* The reference reads the key as GL state (the caller's key, whose
     * value-derived bits the random state makes true); the canonical form
     * says which outputs exist. */
    gl_ff_vs_key k = *key;
    gl_ff_vs_key_canonicalize(&k);
    static swr_simd_vec4 out[SWR_MAX_ATTRIBS];
    stats.keys++;
    for (unsigned t = 0; t < trials; t++) {
        gl_ff_gl_state s;
        ff_random_state(rng, key, &s);
        ff_vs_lanes v;
        ff_random_vertices(rng, &s, key, &v);
        ff_run_vs(code, &sh, &s, &v, out);
        for (int l = 0; l < 8; l++) {
            ref_vs_out ref;
            ref_vs(key, &s, (const float(*)[4])v.attr[l], &ref);
            stats.vertices++;
            if (ref.ambiguous) {
                stats.skipped++;
                continue;
            }
            check4(key, &sh, output(code, out, TGSI_SEMANTIC_POSITION, 0), l, ref.position, 0xf,
                   "position");
            check4(key, &sh, output(code, out, TGSI_SEMANTIC_COLOR, 0), l, ref.color[0][0], 0xf,
                   "color0");
            if (k.secondary_out)
                check4(key, &sh, output(code, out, TGSI_SEMANTIC_COLOR, 1), l, ref.color[0][1], 0xf,
                       "color1");
            if (k.lighting && k.two_side) {
                check4(key, &sh, output(code, out, TGSI_SEMANTIC_BCOLOR, 0), l, ref.color[1][0],
                       0xf, "bcolor0");
                if (k.secondary_out)
                    check4(key, &sh, output(code, out, TGSI_SEMANTIC_BCOLOR, 1), l, ref.color[1][1],
                           0xf, "bcolor1");
            }
            for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++)
                if (k.texcoord_out >> u & 1) {
                    char name[16];
                    snprintf(name, sizeof name, "texcoord%u", u);
                    check4(key, &sh, output(code, out, TGSI_SEMANTIC_GENERIC, u), l,
                           ref.texcoord[u], 0xf, name);
                }
            if (k.fog_source)
                check4(key, &sh, output(code, out, TGSI_SEMANTIC_FOG, 0), l, &ref.fog, 0x1, "fog");
            if (k.point_attenuation)
                check4(key, &sh, output(code, out, TGSI_SEMANTIC_PSIZE, 0), l, &ref.point_size, 0x1,
                       "psize");
            for (unsigned i = 0; i < GL_FF_MAX_CLIP_PLANES; i += 4)
                if (k.clip_planes >> i & 0xf)
                    check4(key, &sh, output(code, out, TGSI_SEMANTIC_CLIPDIST, i / 4), l,
                           &ref.clip[i], k.clip_planes >> i & 0xf, "clipdist");
        }
    }
    jit_shader_unref(code);
    gl_ff_shader_fini(&sh);
}

static void report(const char *what)
{
    /* (stats are zeroed after each report and at the start of each test) */
    printf("%s: %u keys, %u vertices (%u skipped as ambiguous), %u values (%u "
           "ill-conditioned); worst |diff| / bound %.3f\n",
           what, stats.keys, stats.vertices, stats.skipped, stats.values, stats.ill, stats.worst);
    assert_true(stats.skipped * 100 <= stats.vertices);
    assert_true(stats.ill * 100 <= stats.values);
    memset(&stats, 0, sizeof stats);
}

/* Every option of one light, on light 3 (so the others' absence matters). */
static void test_lighting_one_light(void **state)
{
    (void)state;
    memset(&stats, 0, sizeof stats);
    ff_rng rng = {0x1234567};
    for (unsigned kind = 0; kind < 3; kind++)             /* dir, pos, pos + att */
        for (unsigned opt = 0; opt < 16; opt++)           /* spot, lv, 2-side, sep */
            for (unsigned cm = 0; cm < 16; cm++)          /* none, 5 modes x 3 faces */
                for (unsigned nm = 0; nm < 3; nm++)       /* none, normalize, rescale */
                    for (unsigned sz = 0; sz < 4; sz++) { /* specular zero per face */
                        gl_ff_vs_key k;
                        memset(&k, 0, sizeof k);
                        k.lighting = 1;
                        k.light_enabled = 1u << 3;
                        k.light_positional = kind ? 1u << 3 : 0;
                        k.light_attenuated = kind == 2 ? 1u << 3 : 0;
                        k.light_spot = (opt & 1) ? 1u << 3 : 0;
                        k.local_viewer = opt >> 1 & 1;
                        k.two_side = opt >> 2 & 1;
                        k.separate_specular = opt >> 3 & 1;
                        k.secondary_out = 1;
                        if (cm) {
                            k.color_material = (uint8_t)(1 + (cm - 1) / 3);
                            k.color_material_faces = (uint8_t)(1 + (cm - 1) % 3);
                        }
                        k.normalize = nm == 1;
                        k.rescale_normal = nm == 2;
                        k.specular_zero = (uint8_t)sz;
                        k.clamp_color = ff_rand(&rng) & 1;
                        k.const_attribs = (uint16_t)(ff_rand(&rng) & ff_rand(&rng));
                        run_key(&k, &rng, 1);
                    }
    report("one light, every option");
}

/* Several lights of mixed kinds, both faces. */
static void test_lighting_many_lights(void **state)
{
    (void)state;
    memset(&stats, 0, sizeof stats);
    ff_rng rng = {0xabcdef};
    for (unsigned n = 0; n < 1500; n++) {
        gl_ff_vs_key k;
        ff_random_vs_key(&rng, &k);
        k.lighting = 1;
        k.light_enabled = (uint8_t)(ff_rand(&rng) | (n % 8 == 0 ? 0xff : 0));
        k.light_positional = (uint8_t)ff_rand(&rng) & k.light_enabled;
        k.light_attenuated = (uint8_t)ff_rand(&rng) & k.light_positional;
        k.light_spot = (uint8_t)ff_rand(&rng) & k.light_enabled;
        run_key(&k, &rng, 2);
    }
    report("many lights");
}

/* Every texgen mode on every coordinate, with and without a texture matrix. */
static void test_texgen(void **state)
{
    (void)state;
    memset(&stats, 0, sizeof stats);
    ff_rng rng = {0x7777};
    for (unsigned s = 0; s < 6; s++)
        for (unsigned t = 0; t < 6; t++)
            for (unsigned r = 0; r < 5; r++)
                for (unsigned q = 0; q < 3; q++)
                    for (unsigned tm = 0; tm < 2; tm++) {
                        gl_ff_vs_key k;
                        memset(&k, 0, sizeof k);
                        unsigned u = ff_randn(&rng, GL_FF_MAX_TEXTURE_UNITS);
                        k.texcoord_out = (uint8_t)(1u << u);
                        k.texmat = tm ? k.texcoord_out : 0;
                        static const uint8_t q_modes[3] = {
                            GL_FF_TEXGEN_OFF, GL_FF_TEXGEN_OBJECT_LINEAR, GL_FF_TEXGEN_EYE_LINEAR};
                        uint16_t w = 0;
                        w = GL_FF_TEXGEN_SET(w, 0, s);
                        w = GL_FF_TEXGEN_SET(w, 1, t);
                        w = GL_FF_TEXGEN_SET(w, 2, r == 3 ? GL_FF_TEXGEN_REFLECTION_MAP : r);
                        w = GL_FF_TEXGEN_SET(w, 3, q_modes[q]);
                        k.texgen[u] = w;
                        k.normalize = ff_rand(&rng) & 1;
                        k.rescale_normal = ff_rand(&rng) & 1;
                        k.const_attribs = (uint16_t)(ff_rand(&rng) & ff_rand(&rng));
                        run_key(&k, &rng, 2);
                    }
    report("texgen");
}

/* Every fog source, point attenuation, every clip plane; unlit colours. */
static void test_fog_points_clip(void **state)
{
    (void)state;
    memset(&stats, 0, sizeof stats);
    ff_rng rng = {0x99};
    for (unsigned fog = 0; fog < 4; fog++)
        for (unsigned pt = 0; pt < 2; pt++)
            for (unsigned clip = 0; clip < 10; clip++)
                for (unsigned misc = 0; misc < 4; misc++) {
                    gl_ff_vs_key k;
                    memset(&k, 0, sizeof k);
                    k.fog_source = (uint8_t)fog;
                    k.point_attenuation = (uint8_t)pt;
                    k.clip_planes = clip < 8 ? (uint8_t)(1u << clip) : clip == 8 ? 0xff : 0;
                    k.secondary_out = misc & 1;
                    k.clamp_color = misc >> 1 & 1;
                    k.const_attribs = (uint16_t)(ff_rand(&rng) & ff_rand(&rng));
                    run_key(&k, &rng, 2);
                }
    report("fog, points, clip planes");
}

static void test_random_keys(void **state)
{
    (void)state;
    memset(&stats, 0, sizeof stats);
    ff_rng rng = {0x5eed5eed};
    for (unsigned n = 0; n < 3000; n++) {
        gl_ff_vs_key k;
        ff_random_vs_key(&rng, &k);
        run_key(&k, &rng, 2);
    }
    report("random keys");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lighting_one_light),
        cmocka_unit_test(test_lighting_many_lights),
        cmocka_unit_test(test_texgen),
        cmocka_unit_test(test_fog_points_clip),
        cmocka_unit_test(test_random_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
