/*
 * test_ff_generate: the shape of the generated fixed-function programs
 * (frontend-gallium/gl/fixedfunc), the keys, the state values and the
 * cache, against what GL and the pipe's linkage require:
 *  - for structured and random keys of both stages: the text parses and
 *    validates (the pipe's parser), prints back to itself, compiles in the
 *    interpreter; it declares exactly the inputs and outputs the key
 *    implies (semantics as frontend-gallium/glsl and the pipe use them),
 *    one sampler and view per enabled unit with its target, a constant
 *    range matching the layout, and the layout holds valid, distinct
 *    references;
 *  - keys made of random bytes: canonicalisation is idempotent, the
 *    generator gives the same text for a key and its canonical form, and
 *    never produces text the parser rejects;
 *  - state values against hand-derived answers (MVP, inverses and
 *    transposes through M M^-1 = I, the rescale factor of a scaled
 *    rotation, light products, normalised positions, fog factors, GL 2.1
 *    defaults);
 *  - the cache: hits, misses, LRU eviction order, the user pointer's
 *    destroy callback, keys differing only in irrelevant fields sharing an
 *    entry;
 *  - instruction counts of typical keys stay at their hand-counted size.
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

#define FF_TEST_MAX_IO 32 /* SWR_MAX_ATTRIBS */

/* ---- program shape ------------------------------------------------------------ */

typedef struct decls {
    unsigned in_sem[FF_TEST_MAX_IO][2]; /* per IN: semantic + 1 (0 none), index */
    unsigned num_in, num_out;
    unsigned out_sem[FF_TEST_MAX_IO][2];
    unsigned const_count;
    uint8_t samplers, views;
    uint8_t view_target[GL_FF_MAX_TEXTURE_UNITS];
} decls;

static tgsi_program *parse_ok(const gl_ff_shader *sh)
{
    tgsi_program *p = NULL;
    tgsi_error err;
    if (!tgsi_parse(sh->text, sh->text_len, &p, &err))
        fail_msg("%s\nrejected at %u:%u: %s", sh->text, err.line, err.column, err.message);
    char *again = tgsi_print(p);
    assert_non_null(again);
    if (strcmp(again, sh->text) != 0)
        fail_msg("print(parse(text)) differs:\n%s\n---\n%s", sh->text, again);
    free(again);
    assert_int_equal(p->num_insts - 1, sh->num_instructions);
    return p;
}

static void collect(const tgsi_program *p, decls *d)
{
    memset(d, 0, sizeof *d);
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *x = &p->decls[i];
        for (int32_t r = x->first; r <= x->last; r++) {
            if (x->file == TGSI_FILE_INPUT) {
                assert_int_equal(r, d->num_in);
                d->in_sem[d->num_in][0] = x->has_semantic ? x->semantic_name + 1u : 0;
                d->in_sem[d->num_in][1] = x->semantic_index;
                d->num_in++;
            } else if (x->file == TGSI_FILE_OUTPUT) {
                assert_int_equal(r, d->num_out);
                d->out_sem[d->num_out][0] = x->semantic_name;
                d->out_sem[d->num_out][1] = x->semantic_index;
                d->num_out++;
            } else if (x->file == TGSI_FILE_SAMPLER) {
                d->samplers |= (uint8_t)(1u << r);
            } else if (x->file == TGSI_FILE_SAMPLER_VIEW) {
                d->views |= (uint8_t)(1u << r);
                d->view_target[r] = x->resource_target;
            } else if (x->file == TGSI_FILE_CONSTANT) {
                assert_int_equal(x->dim, 0);
                d->const_count = (unsigned)x->last + 1;
            }
        }
    }
}

static bool has_out(const decls *d, unsigned sem, unsigned idx)
{
    for (unsigned i = 0; i < d->num_out; i++)
        if (d->out_sem[i][0] == sem && d->out_sem[i][1] == idx)
            return true;
    return false;
}

static bool has_in(const decls *d, unsigned sem, unsigned idx)
{
    for (unsigned i = 0; i < d->num_in; i++)
        if (d->in_sem[i][0] == sem + 1 && d->in_sem[i][1] == idx)
            return true;
    return false;
}

static void check_layout(const gl_ff_shader *sh, const decls *d)
{
    assert_int_equal(d->const_count, sh->num_consts);
    for (uint32_t i = 0; i < sh->num_consts; i++) {
        assert_true(sh->consts[i].id < GL_FF_SV_COUNT);
        for (uint32_t j = 0; j < i; j++)
            assert_false(memcmp(&sh->consts[i], &sh->consts[j], sizeof sh->consts[i]) == 0);
    }
}

/* GL's answer to "which attributes does this vertex stage read". */
static uint16_t attribs_gl_reads(const gl_ff_vs_key *k)
{
    uint16_t m = 1u << GL_FF_ATTRIB_POSITION;
    bool lit = k->lighting && k->light_enabled;
    bool normal = lit;
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        if (!(k->texcoord_out >> u & 1))
            continue;
        for (unsigned c = 0; c < 4; c++) {
            unsigned mode = GL_FF_TEXGEN_GET(k->texgen[u], c);
            if (mode == GL_FF_TEXGEN_OFF)
                m |= (uint16_t)(1u << (GL_FF_ATTRIB_TEXCOORD0 + u));
            if (mode >= GL_FF_TEXGEN_SPHERE_MAP)
                normal = true;
        }
    }
    if (normal)
        m |= 1u << GL_FF_ATTRIB_NORMAL;
    unsigned cm = k->color_material;
    unsigned faces = k->two_side ? 3u : 1u;
    /* a tracked specular is read only where a specular term is computed */
    unsigned cm_faces = k->color_material_faces & faces;
    if (cm == GL_FF_CM_SPECULAR)
        cm_faces &= lit ? ~(unsigned)k->specular_zero : 0u;
    bool tracks = k->lighting && cm && cm_faces;
    if (!k->lighting || tracks)
        m |= 1u << GL_FF_ATTRIB_COLOR0;
    if (!k->lighting && k->secondary_out)
        m |= 1u << GL_FF_ATTRIB_COLOR1;
    if (k->fog_source == GL_FF_FOG_SOURCE_FOGCOORD)
        m |= 1u << GL_FF_ATTRIB_FOGCOORD;
    return m;
}

static void check_vs(const gl_ff_vs_key *key)
{
    gl_ff_shader sh;
    assert_true(gl_ff_vs_generate(key, &sh));
    tgsi_program *p = parse_ok(&sh);
    assert_int_equal(p->processor, TGSI_PROCESSOR_VERTEX);
    decls d;
    collect(p, &d);
    check_layout(&sh, &d);
    gl_ff_vs_key k = *key;
    gl_ff_vs_key_canonicalize(&k);
    /* inputs: the attributes read, minus the constant ones, each once */
    uint16_t want = attribs_gl_reads(&k) & (uint16_t)~k.const_attribs;
    uint16_t got = 0;
    assert_int_equal(d.num_in, sh.num_inputs);
    for (unsigned i = 0; i < sh.num_inputs; i++) {
        assert_int_equal(d.in_sem[i][0], 0);
        assert_false(got >> sh.inputs[i] & 1);
        got |= (uint16_t)(1u << sh.inputs[i]);
    }
    assert_int_equal(got, want);
    /* outputs */
    unsigned n = 0;
    assert_true(has_out(&d, TGSI_SEMANTIC_POSITION, 0));
    assert_true(has_out(&d, TGSI_SEMANTIC_COLOR, 0));
    n += 2;
    assert_int_equal(has_out(&d, TGSI_SEMANTIC_COLOR, 1), k.secondary_out);
    n += k.secondary_out;
    bool two = k.lighting && k.two_side;
    assert_int_equal(has_out(&d, TGSI_SEMANTIC_BCOLOR, 0), two);
    assert_int_equal(has_out(&d, TGSI_SEMANTIC_BCOLOR, 1), two && k.secondary_out);
    n += two + (two && k.secondary_out);
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        assert_int_equal(has_out(&d, TGSI_SEMANTIC_GENERIC, u), k.texcoord_out >> u & 1);
        n += k.texcoord_out >> u & 1;
    }
    assert_int_equal(has_out(&d, TGSI_SEMANTIC_FOG, 0), k.fog_source != 0);
    assert_int_equal(has_out(&d, TGSI_SEMANTIC_PSIZE, 0), k.point_attenuation);
    assert_int_equal(has_out(&d, TGSI_SEMANTIC_CLIPDIST, 0), (k.clip_planes & 0x0f) != 0);
    assert_int_equal(has_out(&d, TGSI_SEMANTIC_CLIPDIST, 1), (k.clip_planes & 0xf0) != 0);
    n += (k.fog_source != 0) + k.point_attenuation + ((k.clip_planes & 0x0f) != 0) +
         ((k.clip_planes & 0xf0) != 0);
    assert_int_equal(d.num_out, n);
    assert_int_equal(d.samplers | d.views, 0);
    jit_shader *code = ff_compile(&sh, JIT_EXECUTOR_INTERP, false);
    jit_shader_unref(code);
    tgsi_program_free(p);
    gl_ff_shader_fini(&sh);
}

static void check_fs(const gl_ff_fs_key *key)
{
    gl_ff_shader sh;
    assert_true(gl_ff_fs_generate(key, &sh));
    tgsi_program *p = parse_ok(&sh);
    assert_int_equal(p->processor, TGSI_PROCESSOR_FRAGMENT);
    decls d;
    collect(p, &d);
    check_layout(&sh, &d);
    gl_ff_fs_key k = *key;
    gl_ff_fs_key_canonicalize(&k);
    gl_ff_fs_reads r = gl_ff_fs_key_reads(&k);
    uint8_t enabled = 0;
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++)
        if (k.unit[u].target)
            enabled |= (uint8_t)(1u << u);
    assert_int_equal(r.texcoords, enabled);
    assert_int_equal(d.samplers, enabled);
    assert_int_equal(d.views, enabled);
    assert_int_equal(sh.samplers, enabled);
    unsigned n = 1;
    assert_true(has_in(&d, TGSI_SEMANTIC_COLOR, 0));
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        assert_int_equal(has_in(&d, TGSI_SEMANTIC_GENERIC, u), enabled >> u & 1);
        n += enabled >> u & 1;
        if (enabled >> u & 1)
            assert_string_equal(tgsi_texture_name(d.view_target[u]),
                                ff_target_name(k.unit[u].target));
    }
    assert_int_equal(has_in(&d, TGSI_SEMANTIC_COLOR, 1), k.color_sum);
    assert_int_equal(has_in(&d, TGSI_SEMANTIC_FOG, 0), k.fog_mode != 0);
    assert_int_equal(r.secondary, k.color_sum);
    assert_int_equal(r.fog, k.fog_mode != 0);
    n += k.color_sum + (k.fog_mode != 0);
    assert_int_equal(d.num_in, n);
    assert_int_equal(d.num_out, 1);
    assert_true(has_out(&d, TGSI_SEMANTIC_COLOR, 0));
    jit_shader *code = ff_compile(&sh, JIT_EXECUTOR_INTERP, false);
    assert_true(jit_shader_get_info(code)->color0_writes_all_cbufs);
    jit_shader_unref(code);
    tgsi_program_free(p);
    gl_ff_shader_fini(&sh);
}

static void test_vs_shapes(void **state)
{
    (void)state;
    ff_rng rng = {11};
    gl_ff_vs_key k;
    /* every single feature alone, then random keys */
    for (unsigned f = 0; f < 24; f++) {
        memset(&k, 0, sizeof k);
        switch (f) {
        case 0:
            break;
        case 1:
            k.lighting = 1;
            break;
        case 2:
            k.lighting = 1, k.light_enabled = 1;
            break;
        case 3:
            k.lighting = 1, k.light_enabled = 0xff, k.two_side = 1;
            break;
        case 4:
            k.lighting = 1, k.light_enabled = 3, k.separate_specular = 1;
            break;
        case 5:
            k.lighting = 1, k.light_enabled = 3, k.separate_specular = 1, k.secondary_out = 1;
            break;
        case 6:
            k.lighting = 1, k.color_material = GL_FF_CM_EMISSION, k.color_material_faces = 1;
            break;
        case 7:
            k.lighting = 1, k.color_material = GL_FF_CM_SPECULAR, k.color_material_faces = 1;
            break;
        case 8:
            k.lighting = 1, k.light_enabled = 1, k.color_material = GL_FF_CM_SPECULAR,
            k.color_material_faces = 2;
            break;
        case 9:
            k.secondary_out = 1;
            break;
        case 10:
            k.fog_source = GL_FF_FOG_SOURCE_FOGCOORD;
            break;
        case 11:
            k.fog_source = GL_FF_FOG_SOURCE_DEPTH;
            break;
        case 12:
            k.fog_source = GL_FF_FOG_SOURCE_RADIAL;
            break;
        case 13:
            k.point_attenuation = 1;
            break;
        case 14:
            k.clip_planes = 0x01;
            break;
        case 15:
            k.clip_planes = 0x80;
            break;
        case 16:
            k.texcoord_out = 0xff;
            break;
        case 17:
            k.texcoord_out = 0x81, k.texmat = 0x01;
            break;
        case 18:
            k.texcoord_out = 1, k.texgen[0] = 0x0fff;
            break;
        case 19:
            k.texcoord_out = 2, k.texgen[1] = GL_FF_TEXGEN_SET(0, 2, GL_FF_TEXGEN_NORMAL_MAP);
            break;
        case 20:
            k.const_attribs = 0xffff;
            break;
        case 21:
            k.lighting = 1, k.light_enabled = 1, k.const_attribs = 0xffff;
            break;
        case 22:
            k.lighting = 1, k.light_enabled = 0x80, k.light_positional = 0x80,
            k.light_attenuated = 0x80, k.light_spot = 0x80, k.local_viewer = 1;
            break;
        default:
            k.lighting = 1, k.light_enabled = 1, k.specular_zero = 1;
            break;
        }
        check_vs(&k);
    }
    for (unsigned n = 0; n < 4000; n++) {
        ff_random_vs_key(&rng, &k);
        check_vs(&k);
    }
}

static void test_fs_shapes(void **state)
{
    (void)state;
    ff_rng rng = {12};
    gl_ff_fs_key k;
    memset(&k, 0, sizeof k);
    check_fs(&k);
    for (unsigned t = 1; t < GL_FF_TEX_TARGET_COUNT; t++) {
        memset(&k, 0, sizeof k);
        k.unit[t % GL_FF_MAX_TEXTURE_UNITS].target = (uint8_t)t;
        check_fs(&k);
    }
    for (unsigned n = 0; n < 4000; n++) {
        ff_random_fs_key(&rng, &k);
        check_fs(&k);
    }
}

/* ---- keys ------------------------------------------------------------------------ */

static void random_bytes(ff_rng *r, void *p, size_t n)
{
    uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        b[i] = (uint8_t)ff_rand(r);
}

static void test_canonical(void **state)
{
    (void)state;
    ff_rng rng = {13};
    for (unsigned n = 0; n < 3000; n++) {
        gl_ff_vs_key v, vc, vcc;
        random_bytes(&rng, &v, sizeof v);
        if (n & 1) /* realistic keys with garbage in a few fields */
            ff_random_vs_key(&rng, &v), ((uint8_t *)&v)[ff_randn(&rng, sizeof v)] ^= 0xff;
        vc = v;
        gl_ff_vs_key_canonicalize(&vc);
        vcc = vc;
        gl_ff_vs_key_canonicalize(&vcc);
        assert_memory_equal(&vc, &vcc, sizeof vc);
        gl_ff_shader a, b;
        assert_true(gl_ff_vs_generate(&v, &a));
        assert_true(gl_ff_vs_generate(&vc, &b));
        assert_string_equal(a.text, b.text);
        tgsi_program_free(parse_ok(&a));
        gl_ff_shader_fini(&a);
        gl_ff_shader_fini(&b);

        gl_ff_fs_key f, fc, fcc;
        random_bytes(&rng, &f, sizeof f);
        if (n & 1)
            ff_random_fs_key(&rng, &f), ((uint8_t *)&f)[ff_randn(&rng, sizeof f)] ^= 0xff;
        fc = f;
        gl_ff_fs_key_canonicalize(&fc);
        fcc = fc;
        gl_ff_fs_key_canonicalize(&fcc);
        assert_memory_equal(&fc, &fcc, sizeof fc);
        assert_true(gl_ff_fs_generate(&f, &a));
        assert_true(gl_ff_fs_generate(&fc, &b));
        assert_string_equal(a.text, b.text);
        tgsi_program_free(parse_ok(&a));
        gl_ff_shader_fini(&a);
        gl_ff_shader_fini(&b);
    }
    /* irrelevant fields do not change the canonical key */
    gl_ff_fs_key x, y;
    memset(&x, 0, sizeof x);
    x.unit[0].target = GL_FF_TEX_2D;
    y = x;
    y.unit[0].combine_rgb = GL_FF_COMBINE_DOT3_RGB; /* not a combine mode */
    y.unit[3].mode = GL_FF_ENV_ADD;                 /* disabled unit */
    gl_ff_fs_key_canonicalize(&x);
    gl_ff_fs_key_canonicalize(&y);
    assert_memory_equal(&x, &y, sizeof x);
    gl_ff_vs_key a, b;
    memset(&a, 0, sizeof a);
    b = a;
    b.light_enabled = 0xff; /* lighting off */
    b.texgen[2] = 0x0fff;   /* unit 2 not written */
    b.local_viewer = 1;
    gl_ff_vs_key_canonicalize(&a);
    gl_ff_vs_key_canonicalize(&b);
    assert_memory_equal(&a, &b, sizeof a);
}

/* ---- state values ---------------------------------------------------------------- */

static void value(const gl_ff_gl_state *s, unsigned id, unsigned index, unsigned sub, unsigned row,
                  float *out)
{
    gl_ff_state_ref r = {(uint8_t)id, (uint8_t)index, (uint8_t)sub, (uint8_t)row};
    gl_ff_state_value(s, r, out);
}

static void matrix(const gl_ff_gl_state *s, unsigned which, unsigned mod, double m[4][4])
{
    for (unsigned r = 0; r < 4; r++) {
        float row[4];
        value(s, GL_FF_SV_MATRIX, which, mod, r, row);
        for (int c = 0; c < 4; c++)
            m[r][c] = row[c];
    }
}

static void test_state_values(void **state)
{
    (void)state;
    ff_rng rng = {14};
    gl_ff_gl_state s;
    gl_ff_gl_state_defaults(&s);
    float v[4];
    value(&s, GL_FF_SV_LIGHT_DIFFUSE, 0, 0, 0, v);
    assert_true(v[0] == 1 && v[1] == 1 && v[2] == 1 && v[3] == 1);
    value(&s, GL_FF_SV_LIGHT_DIFFUSE, 1, 0, 0, v);
    assert_true(v[0] == 0 && v[3] == 1);
    value(&s, GL_FF_SV_MATERIAL_DIFFUSE, 1, 0, 0, v);
    assert_true(v[0] == 0.8f && v[3] == 1);
    value(&s, GL_FF_SV_LIGHTMODEL_SCENECOLOR, 0, 0, 0, v); /* 0 + 0.2 * 0.2, alpha 1 */
    assert_float_equal(v[0], 0.04f, 1e-7f);
    assert_true(v[3] == 1.0f);
    value(&s, GL_FF_SV_LIGHT_SPOT_DIRECTION, 0, 0, 0, v); /* cos 180 */
    assert_true(v[2] == -1.0f && v[3] == -1.0f);
    value(&s, GL_FF_SV_CURRENT_ATTRIB, GL_FF_ATTRIB_COLOR0, 0, 0, v);
    assert_true(v[0] == 1 && v[3] == 1);
    value(&s, GL_FF_SV_TEXGEN_EYE_PLANE, 3, 1, 0, v);
    assert_true(v[0] == 0 && v[1] == 1 && v[2] == 0 && v[3] == 0);

    for (unsigned n = 0; n < 200; n++) {
        gl_ff_vs_key none;
        memset(&none, 0, sizeof none);
        none.texmat = 0xff;
        ff_random_state(&rng, &none, &s);
        double mv[4][4], mvi[4][4], p[4][4], mvp[4][4], t[4][4], it[4][4];
        matrix(&s, GL_FF_MATRIX_MODELVIEW, GL_FF_MOD_NONE, mv);
        matrix(&s, GL_FF_MATRIX_MODELVIEW, GL_FF_MOD_INVERSE, mvi);
        matrix(&s, GL_FF_MATRIX_PROJECTION, GL_FF_MOD_NONE, p);
        matrix(&s, GL_FF_MATRIX_MVP, GL_FF_MOD_NONE, mvp);
        matrix(&s, GL_FF_MATRIX_MODELVIEW, GL_FF_MOD_TRANSPOSE, t);
        matrix(&s, GL_FF_MATRIX_MODELVIEW, GL_FF_MOD_INVTRANS, it);
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++) {
                assert_true(mv[r][c] == s.modelview[c * 4 + r]); /* row r, column c */
                assert_true(t[r][c] == mv[c][r]);
                assert_true(it[r][c] == mvi[c][r]);
                double id = 0.0, pm = 0.0, scale = 0.0;
                for (int k = 0; k < 4; k++) {
                    id += mv[r][k] * mvi[k][c];
                    pm += p[r][k] * mv[k][c];
                    scale += fabs(p[r][k] * mv[k][c]);
                }
                assert_true(fabs(id - (r == c)) < 1e-5);
                assert_true(fabs(pm - mvp[r][c]) <= 1e-7 * (1.0 + scale));
            }
        for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
            double tm[4][4];
            matrix(&s, GL_FF_MATRIX_TEXTURE0 + u, GL_FF_MOD_NONE, tm);
            assert_true(tm[1][2] == s.texture_matrix[u][2 * 4 + 1]);
        }
        /* the random modelview is T R S; with S = sI, the rescale factor is s */
        float m9[9];
        for (int c = 0; c < 3; c++)
            for (int r = 0; r < 3; r++)
                m9[c * 3 + r] = s.modelview[c * 4 + r];
        double sx = sqrt(m9[0] * m9[0] + m9[1] * m9[1] + m9[2] * m9[2]);
        double sy = sqrt(m9[3] * m9[3] + m9[4] * m9[4] + m9[5] * m9[5]);
        double sz = sqrt(m9[6] * m9[6] + m9[7] * m9[7] + m9[8] * m9[8]);
        value(&s, GL_FF_SV_NORMAL_SCALE, 0, 0, 0, v);
        if (fabs(sx - sy) < 1e-6 && fabs(sx - sz) < 1e-6)
            assert_true(fabs(v[0] - sx) < 1e-5 * sx);
        assert_true(v[0] == v[1] && v[1] == v[2] && v[3] == 1.0f);
        for (unsigned i = 0; i < GL_FF_MAX_LIGHTS; i++) {
            const gl_ff_light *l = &s.light[i];
            for (unsigned f = 0; f < 2; f++) {
                value(&s, GL_FF_SV_LIGHTPROD_SPECULAR, i, f, 0, v);
                for (int c = 0; c < 4; c++)
                    assert_true(v[c] ==
                                (float)((double)l->specular[c] * s.material[f].specular[c]));
            }
            l = &s.light[i];
            s.light[i].position[3] = 2.0f;
            value(&s, GL_FF_SV_LIGHT_POSITION_NORMALIZED, i, 0, 0, v);
            assert_true(v[0] == (float)(l->position[0] / 2.0) && v[3] == 1.0f);
            s.light[i].position[3] = 0.0f;
            value(&s, GL_FF_SV_LIGHT_POSITION_NORMALIZED, i, 0, 0, v);
            assert_true(fabs(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] - 1.0) < 1e-6 && v[3] == 0);
            float h[4];
            value(&s, GL_FF_SV_LIGHT_HALF_VECTOR, i, 0, 0, h);
            double hx = v[0], hy = v[1], hz = v[2] + 1.0, hl = sqrt(hx * hx + hy * hy + hz * hz);
            assert_true(fabs(h[0] - hx / hl) < 1e-6 && fabs(h[2] - hz / hl) < 1e-6);
            s.light[i].spot_cutoff = 60.0f;
            s.light[i].spot_exponent = 7.0f;
            value(&s, GL_FF_SV_LIGHT_SPOT_LIT, i, 0, 0, v);
            assert_float_equal(v[0], -0.5f, 1e-7f);
            assert_true(v[1] == 0 && v[2] == 0 && v[3] == 7.0f);
        }
        value(&s, GL_FF_SV_FOG_FACTORS, 0, 0, 0, v);
        double range = (double)s.fog_end - s.fog_start;
        /* linear: c * x + y is (end - c) / (end - start) */
        assert_true(fabs((5.0 * v[0] + v[1]) - (s.fog_end - 5.0) / range) <
                    1e-5 * (1 + fabs(s.fog_end / range)));
        assert_true(fabs(exp2(-3.0 * v[2]) - exp(-s.fog_density * 3.0)) < 1e-6);
        assert_true(fabs(exp2(-(3.0 * v[3]) * (3.0 * v[3])) - exp(-pow(s.fog_density * 3.0, 2))) <
                    1e-6);
    }
    s.fog_start = s.fog_end = 2.0f; /* 1/(end - start) taken as 1 */
    value(&s, GL_FF_SV_FOG_PARAMS, 0, 0, 0, v);
    assert_true(v[3] == 1.0f);
    value(&s, 250, 0, 0, 0, v); /* unknown id: zeros */
    assert_true(v[0] == 0 && v[3] == 0);
    char buf[64];
    assert_string_equal(
        gl_ff_state_ref_name((gl_ff_state_ref){GL_FF_SV_LIGHT_DIFFUSE, 2, 0, 0}, buf, sizeof buf),
        "LIGHT_DIFFUSE[2][0]");
}

/* ---- the cache ------------------------------------------------------------------- */

static unsigned destroyed;

static void destroy_user(void *user, void *ctx)
{
    assert_ptr_equal(ctx, &destroyed);
    free(user);
    destroyed++;
}

static void test_cache(void **state)
{
    (void)state;
    destroyed = 0;
    gl_ff_cache *c = gl_ff_cache_create(4, destroy_user, &destroyed);
    assert_non_null(c);
    gl_ff_vs_key k[6];
    for (unsigned i = 0; i < 6; i++) {
        memset(&k[i], 0, sizeof k[i]);
        k[i].texcoord_out = (uint8_t)(1u << i); /* six different programs */
    }
    for (unsigned i = 0; i < 4; i++) {
        gl_ff_cache_entry *e = gl_ff_cache_vs(c, &k[i]);
        assert_non_null(e);
        assert_null(e->user);
        e->user = malloc(8);
        gl_ff_shader direct;
        assert_true(gl_ff_vs_generate(&k[i], &direct));
        assert_string_equal(e->shader.text, direct.text);
        gl_ff_shader_fini(&direct);
    }
    gl_ff_cache_stats st = gl_ff_cache_get_stats(c);
    assert_true(st.misses == 4 && st.hits == 0 && st.evictions == 0);
    /* hits: the same entries, also for keys equal after canonicalisation */
    gl_ff_vs_key same = k[2];
    same.light_enabled = 0xff; /* lighting is off: irrelevant */
    gl_ff_cache_entry *e2 = gl_ff_cache_vs(c, &k[2]);
    assert_ptr_equal(gl_ff_cache_vs(c, &same), e2);
    assert_non_null(e2->user);
    gl_ff_cache_vs(c, &k[0]);
    gl_ff_cache_vs(c, &k[3]);
    st = gl_ff_cache_get_stats(c);
    assert_true(st.hits == 4 && st.misses == 4);
    /* LRU is now k[1]: a new key evicts it and its user pointer */
    gl_ff_cache_entry *e4 = gl_ff_cache_vs(c, &k[4]);
    assert_non_null(e4);
    assert_int_equal(destroyed, 1);
    st = gl_ff_cache_get_stats(c);
    assert_int_equal(st.evictions, 1);
    assert_non_null(gl_ff_cache_vs(c, &k[0])); /* still cached */
    assert_non_null(gl_ff_cache_vs(c, &k[2]));
    assert_non_null(gl_ff_cache_vs(c, &k[3]));
    assert_int_equal(gl_ff_cache_get_stats(c).misses, 5);
    gl_ff_cache_vs(c, &k[1]); /* back: evicts k[4] (the least recent) */
    assert_int_equal(gl_ff_cache_get_stats(c).misses, 6);
    assert_int_equal(destroyed, 1); /* k[4]'s entry had no user pointer */
    gl_ff_cache_vs(c, &k[4]);
    assert_int_equal(gl_ff_cache_get_stats(c).misses, 7);
    assert_int_equal(destroyed, 2); /* evicted k[0], which had one */
    /* fragment programs have their own table */
    gl_ff_fs_key f;
    memset(&f, 0, sizeof f);
    gl_ff_cache_entry *fe = gl_ff_cache_fs(c, &f);
    assert_non_null(fe);
    assert_non_null(strstr(fe->shader.text, "FRAG"));
    assert_ptr_equal(gl_ff_cache_fs(c, &f), fe);
    fe->user = malloc(8);
    gl_ff_cache_destroy(c);
    assert_int_equal(destroyed, 5); /* k[2], k[3] and the fragment entry */
}

/* ---- instruction counts ------------------------------------------------------------ */

/* Hand-counted sizes of typical programs (a regression guard: the
 * generator must not grow them). */
static void test_instruction_counts(void **state)
{
    (void)state;
    gl_ff_vs_key v;
    gl_ff_shader sh;
    /* glxgears: one directional light, infinite viewer, GL_NORMALIZE,
     * material specular zero: 4 position + 3 normal + 3 normalise +
     * N.L, max, MAD + scene ADD + alpha MOV */
    v = ff_key_vs_gears(true);
    assert_true(gl_ff_vs_generate(&v, &sh));
    assert_int_equal(sh.num_instructions, 15);
    gl_ff_shader_fini(&sh);
    /* with a specular term: N.H and LIT replace the max, one more MAD, and
     * the shininess MOV (constant: the preamble's) */
    v.specular_zero = 0;
    assert_true(gl_ff_vs_generate(&v, &sh));
    assert_int_equal(sh.num_instructions, 18);
    gl_ff_shader_fini(&sh);
    /* the textured lit scene and two-sided lighting with 8 lights of
     * bench_ff; per light with specular: directional 2 + 3 per face (N.L,
     * N.H; LIT and two MADs), a spot adds 3 + 2 per face (its LIT; the
     * attenuation MUL and the ambient MAD), positional and attenuated
     * 13 + 5 per face (VP, DST attenuation, half vector) */
    v = ff_key_vs_textured();
    assert_true(gl_ff_vs_generate(&v, &sh));
    assert_int_equal(sh.num_instructions, 41);
    gl_ff_shader_fini(&sh);
    v = ff_key_vs_twoside8();
    assert_true(gl_ff_vs_generate(&v, &sh));
    assert_int_equal(sh.num_instructions, 159);
    gl_ff_shader_fini(&sh);
    /* unlit passthrough: 4 + colour */
    memset(&v, 0, sizeof v);
    assert_true(gl_ff_vs_generate(&v, &sh));
    assert_int_equal(sh.num_instructions, 5);
    gl_ff_shader_fini(&sh);

    gl_ff_fs_key f;
    memset(&f, 0, sizeof f);
    assert_true(gl_ff_fs_generate(&f, &sh));
    assert_int_equal(sh.num_instructions, 1); /* MOV OUT, IN */
    gl_ff_shader_fini(&sh);
    f.unit[0].target = GL_FF_TEX_2D; /* MODULATE: TXP, MUL into OUT */
    assert_true(gl_ff_fs_generate(&f, &sh));
    assert_int_equal(sh.num_instructions, 2);
    gl_ff_shader_fini(&sh);
    f.unit[0].mode = GL_FF_ENV_REPLACE; /* RGBA: the texel is the colour */
    assert_true(gl_ff_fs_generate(&f, &sh));
    assert_int_equal(sh.num_instructions, 1);
    gl_ff_shader_fini(&sh);
    gl_ff_fs_key t = ff_key_fs_textured(); /* TXP, MUL, ADD_SAT, MOV */
    assert_true(gl_ff_fs_generate(&t, &sh));
    assert_int_equal(sh.num_instructions, 4);
    gl_ff_shader_fini(&sh);
    t = ff_key_fs_combine4(); /* 4 TXP + 4 dot3 + 2 per other unit + fog 2 + MOV */
    assert_true(gl_ff_fs_generate(&t, &sh));
    assert_int_equal(sh.num_instructions, 16);
    gl_ff_shader_fini(&sh);
    f.unit[0].mode = GL_FF_ENV_COMBINE; /* GL's default combine = MODULATE, merged */
    f.unit[0].src_rgb[1] = f.unit[0].src_alpha[1] = GL_FF_SRC_PREVIOUS;
    f.unit[0].combine_rgb = f.unit[0].combine_alpha = GL_FF_COMBINE_MODULATE;
    f.unit[0].op_alpha[0] = f.unit[0].op_alpha[1] = GL_FF_OP_SRC_ALPHA;
    assert_true(gl_ff_fs_generate(&f, &sh));
    assert_int_equal(sh.num_instructions, 2);
    gl_ff_shader_fini(&sh);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vs_shapes), cmocka_unit_test(test_fs_shapes),
        cmocka_unit_test(test_canonical), cmocka_unit_test(test_state_values),
        cmocka_unit_test(test_cache),     cmocka_unit_test(test_instruction_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
