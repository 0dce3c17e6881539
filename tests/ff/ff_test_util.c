/*
 * ff_test_util.c: the fixed-function tests' shared machinery
 * (ff_test_util.h).
 */
#include "ff_test_util.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* ---- random numbers ------------------------------------------------------------- */

uint32_t ff_rand(ff_rng *r)
{
    /* xorshift64* */
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return (uint32_t)((r->s * 0x2545f4914f6cdd1dull) >> 32);
}

float ff_randf(ff_rng *r, float lo, float hi)
{
    return lo + (hi - lo) * (float)(ff_rand(r) >> 8) * (1.0f / 16777216.0f);
}

unsigned ff_randn(ff_rng *r, unsigned n) { return n ? ff_rand(r) % n : 0; }

static bool coin(ff_rng *r, unsigned percent) { return ff_randn(r, 100) < percent; }

/* ---- keys --------------------------------------------------------------------------- */

void ff_random_vs_key(ff_rng *r, gl_ff_vs_key *k)
{
    memset(k, 0, sizeof *k);
    k->lighting = coin(r, 70);
    unsigned nl = ff_randn(r, 9);
    for (unsigned i = 0; i < nl; i++)
        k->light_enabled |= (uint8_t)(1u << ff_randn(r, 8));
    k->light_positional = (uint8_t)ff_rand(r) & k->light_enabled;
    k->light_spot = (uint8_t)ff_rand(r) & (uint8_t)ff_rand(r) & k->light_enabled;
    k->light_attenuated = (uint8_t)ff_rand(r) & k->light_positional;
    k->local_viewer = coin(r, 40);
    k->two_side = coin(r, 40);
    k->separate_specular = coin(r, 40);
    if (coin(r, 40)) {
        k->color_material = (uint8_t)(1 + ff_randn(r, 5));
        k->color_material_faces = (uint8_t)(1 + ff_randn(r, 3));
    }
    k->specular_zero = (uint8_t)ff_randn(r, 4);
    k->normalize = coin(r, 50);
    k->rescale_normal = coin(r, 30);
    k->fog_source = (uint8_t)ff_randn(r, 4);
    k->point_attenuation = coin(r, 20);
    k->clip_planes = coin(r, 30) ? (uint8_t)ff_rand(r) : 0;
    k->texcoord_out = (uint8_t)(ff_rand(r) & ff_rand(r));
    k->texmat = (uint8_t)ff_rand(r);
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        if (coin(r, 50))
            continue;
        for (unsigned c = 0; c < 4; c++) {
            unsigned m = ff_randn(r, 6);
            if ((m == GL_FF_TEXGEN_SPHERE_MAP && c > 1) || (m >= GL_FF_TEXGEN_NORMAL_MAP && c > 2))
                m = GL_FF_TEXGEN_OFF;
            k->texgen[u] = GL_FF_TEXGEN_SET(k->texgen[u], c, m);
        }
    }
    k->clamp_color = coin(r, 80);
    k->secondary_out = coin(r, 50);
    k->const_attribs = (uint16_t)(ff_rand(r) & ff_rand(r));
}

static void random_operand(ff_rng *r, uint8_t *op, bool alpha)
{
    *op = (uint8_t)(alpha ? GL_FF_OP_SRC_ALPHA + ff_randn(r, 2) : ff_randn(r, 4));
}

void ff_random_fs_key(ff_rng *r, gl_ff_fs_key *k)
{
    memset(k, 0, sizeof *k);
    unsigned n = ff_randn(r, 4) + (coin(r, 20) ? 4 : 0);
    for (unsigned i = 0; i < n; i++) {
        gl_ff_fs_unit *t = &k->unit[ff_randn(r, GL_FF_MAX_TEXTURE_UNITS)];
        t->target = (uint8_t)(1 + ff_randn(r, GL_FF_TEX_TARGET_COUNT - 1));
        t->mode = (uint8_t)ff_randn(r, GL_FF_ENV_MODE_COUNT);
        t->format = (uint8_t)ff_randn(r, GL_FF_FORMAT_COUNT);
        t->combine_rgb = (uint8_t)ff_randn(r, GL_FF_COMBINE_COUNT);
        do
            t->combine_alpha = (uint8_t)ff_randn(r, GL_FF_COMBINE_COUNT);
        while (t->combine_alpha == GL_FF_COMBINE_DOT3_RGB ||
               t->combine_alpha == GL_FF_COMBINE_DOT3_RGBA);
        t->scale_rgb = (uint8_t)ff_randn(r, 3);
        t->scale_alpha = (uint8_t)ff_randn(r, 3);
        for (unsigned a = 0; a < 4; a++) {
            t->src_rgb[a] = (uint8_t)ff_randn(r, GL_FF_SRC_COUNT);
            t->src_alpha[a] = (uint8_t)ff_randn(r, GL_FF_SRC_COUNT);
            random_operand(r, &t->op_rgb[a], false);
            random_operand(r, &t->op_alpha[a], true);
        }
    }
    k->color_sum = coin(r, 50);
    k->fog_mode = (uint8_t)ff_randn(r, 4);
}

/* ---- typical keys ---------------------------------------------------------------- */

gl_ff_vs_key ff_key_vs_gears(bool specular_zero)
{
    gl_ff_vs_key k;
    memset(&k, 0, sizeof k);
    k.lighting = 1;
    k.light_enabled = 1;
    k.normalize = 1;
    k.clamp_color = 1;
    k.specular_zero = specular_zero ? GL_FF_FACE_FRONT : 0;
    return k;
}

gl_ff_vs_key ff_key_vs_textured(void)
{
    gl_ff_vs_key k = ff_key_vs_gears(false);
    k.light_enabled = 3;
    k.light_positional = 2;
    k.light_attenuated = 2;
    k.color_material = GL_FF_CM_AMBIENT_AND_DIFFUSE;
    k.color_material_faces = GL_FF_FACE_FRONT;
    k.separate_specular = 1;
    k.secondary_out = 1;
    k.texcoord_out = 1;
    return k;
}

gl_ff_vs_key ff_key_vs_twoside8(void)
{
    gl_ff_vs_key k = ff_key_vs_gears(false);
    k.light_enabled = 0xff;
    k.light_positional = 0xf0;
    k.light_attenuated = 0xf0;
    k.light_spot = 0x03;
    k.two_side = 1;
    k.separate_specular = 1;
    k.secondary_out = 1;
    return k;
}

gl_ff_fs_key ff_key_fs_textured(void)
{
    gl_ff_fs_key k;
    memset(&k, 0, sizeof k);
    k.unit[0].target = GL_FF_TEX_2D;
    k.unit[0].format = GL_FF_FORMAT_RGB;
    k.color_sum = 1;
    return k;
}

/* dot3 bump map, interpolate by the constant's alpha, modulate, add */
gl_ff_fs_key ff_key_fs_combine4(void)
{
    static const uint8_t funcs[4] = {GL_FF_COMBINE_DOT3_RGB, GL_FF_COMBINE_INTERPOLATE,
                                     GL_FF_COMBINE_MODULATE, GL_FF_COMBINE_ADD};
    gl_ff_fs_key k;
    memset(&k, 0, sizeof k);
    for (unsigned u = 0; u < 4; u++) {
        gl_ff_fs_unit *t = &k.unit[u];
        t->target = GL_FF_TEX_2D;
        t->mode = GL_FF_ENV_COMBINE;
        t->combine_rgb = funcs[u];
        t->combine_alpha = GL_FF_COMBINE_MODULATE;
        t->src_rgb[0] = GL_FF_SRC_TEXTURE;
        t->src_rgb[1] = u ? GL_FF_SRC_PREVIOUS : GL_FF_SRC_PRIMARY_COLOR;
        t->src_rgb[2] = GL_FF_SRC_CONSTANT;
        t->op_rgb[2] = GL_FF_OP_SRC_ALPHA;
        t->src_alpha[0] = GL_FF_SRC_TEXTURE;
        t->src_alpha[1] = GL_FF_SRC_PREVIOUS;
        t->op_alpha[0] = t->op_alpha[1] = GL_FF_OP_SRC_ALPHA;
    }
    k.fog_mode = GL_FF_FOG_LINEAR;
    return k;
}

/* ---- state ---------------------------------------------------------------------------- */

static void random_color(ff_rng *r, float *c)
{
    for (int i = 0; i < 4; i++)
        c[i] = ff_randf(r, 0.0f, 1.0f);
}

/* m = T R S (column-major), R from a random unit quaternion. */
static void random_modelview(ff_rng *r, float *m, bool force_uniform)
{
    double q[4], l = 0.0;
    for (int i = 0; i < 4; i++) {
        q[i] = ff_randf(r, -1.0f, 1.0f);
        l += q[i] * q[i];
    }
    l = sqrt(l);
    for (int i = 0; i < 4; i++)
        q[i] /= l;
    double w = q[0], x = q[1], y = q[2], z = q[3];
    double rot[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                        {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                        {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
    double sc[3];
    bool uniform = force_uniform || coin(r, 50);
    sc[0] = ff_randf(r, 0.5f, 2.0f);
    sc[1] = uniform ? sc[0] : ff_randf(r, 0.5f, 2.0f);
    sc[2] = uniform ? sc[0] : ff_randf(r, 0.5f, 2.0f);
    memset(m, 0, 16 * sizeof *m);
    for (int c = 0; c < 3; c++)
        for (int row = 0; row < 3; row++)
            m[c * 4 + row] = (float)(rot[row][c] * sc[c]);
    m[12] = ff_randf(r, -3.0f, 3.0f);
    m[13] = ff_randf(r, -3.0f, 3.0f);
    m[14] = ff_randf(r, -8.0f, -2.0f);
    m[15] = 1.0f;
}

static void frustum(float *m, float l, float rt, float b, float t, float n, float f)
{
    memset(m, 0, 16 * sizeof *m);
    m[0] = 2 * n / (rt - l);
    m[5] = 2 * n / (t - b);
    m[8] = (rt + l) / (rt - l);
    m[9] = (t + b) / (t - b);
    m[10] = -(f + n) / (f - n);
    m[11] = -1.0f;
    m[14] = -2 * f * n / (f - n);
}

static void random_matrix(ff_rng *r, float *m, bool projective)
{
    for (int i = 0; i < 16; i++)
        m[i] = ((i % 5) == 0 ? 1.0f : 0.0f) + ff_randf(r, -0.5f, 0.5f);
    if (!projective) {
        m[3] = m[7] = m[11] = 0.0f;
        m[15] = 1.0f;
    }
}

void ff_random_state(ff_rng *r, const gl_ff_vs_key *k, gl_ff_gl_state *s)
{
    gl_ff_gl_state_defaults(s);
    /* Without GL_NORMALIZE, GL expects normals the modelview keeps near unit
     * length (uniform scale; the vertices' normals are scaled to match). */
    random_modelview(r, s->modelview, !k->normalize);
    if (coin(r, 70))
        frustum(s->projection, ff_randf(r, -1.5f, -0.5f), ff_randf(r, 0.5f, 1.5f),
                ff_randf(r, -1.5f, -0.5f), ff_randf(r, 0.5f, 1.5f), ff_randf(r, 0.5f, 1.0f),
                ff_randf(r, 20.0f, 100.0f));
    else
        random_matrix(r, s->projection, false);
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        if (k->texmat >> u & 1)
            random_matrix(r, s->texture_matrix[u], coin(r, 30));
        for (unsigned c = 0; c < 4; c++)
            for (unsigned j = 0; j < 4; j++) {
                s->texgen_eye[u][c][j] = ff_randf(r, -1.0f, 1.0f);
                s->texgen_object[u][c][j] = ff_randf(r, -1.0f, 1.0f);
            }
        random_color(r, s->texenv_color[u]);
    }
    for (unsigned i = 0; i < GL_FF_MAX_LIGHTS; i++) {
        gl_ff_light *l = &s->light[i];
        random_color(r, l->ambient);
        random_color(r, l->diffuse);
        random_color(r, l->specular);
        for (int j = 0; j < 3; j++) {
            l->position[j] = ff_randf(r, -5.0f, 5.0f);
            l->spot_direction[j] = ff_randf(r, -1.0f, 1.0f);
        }
        l->position[3] =
            (k->light_positional >> i & 1) ? (coin(r, 70) ? 1.0f : ff_randf(r, 0.5f, 2.0f)) : 0.0f;
        if (k->light_spot >> i & 1) {
            l->spot_cutoff = ff_randf(r, 10.0f, 90.0f);
            l->spot_exponent = coin(r, 20) ? 0.0f : ff_randf(r, 0.0f, 64.0f);
        }
        if (k->light_attenuated >> i & 1) {
            l->constant_attenuation = ff_randf(r, 0.5f, 2.0f);
            l->linear_attenuation = ff_randf(r, 0.0f, 0.5f);
            l->quadratic_attenuation = ff_randf(r, 0.0f, 0.1f);
        }
    }
    random_color(r, s->light_model_ambient);
    for (unsigned f = 0; f < 2; f++) {
        gl_ff_material *m = &s->material[f];
        random_color(r, m->ambient);
        random_color(r, m->diffuse);
        random_color(r, m->specular);
        random_color(r, m->emission);
        m->shininess = coin(r, 10) ? 0.0f : coin(r, 10) ? 128.0f : ff_randf(r, 0.0f, 128.0f);
        if (k->specular_zero >> f & 1)
            m->specular[0] = m->specular[1] = m->specular[2] = 0.0f;
    }
    random_color(r, s->fog_color);
    s->fog_density = ff_randf(r, 0.0f, 2.0f);
    s->fog_start = ff_randf(r, -2.0f, 5.0f);
    s->fog_end = s->fog_start + (coin(r, 50) ? 1.0f : -1.0f) * ff_randf(r, 0.5f, 20.0f);
    s->point_size = ff_randf(r, 1.0f, 10.0f);
    s->point_size_min = ff_randf(r, 0.0f, 2.0f);
    s->point_size_max = ff_randf(r, 4.0f, 64.0f);
    s->point_attenuation[0] = ff_randf(r, 0.5f, 2.0f);
    s->point_attenuation[1] = ff_randf(r, 0.0f, 0.5f);
    s->point_attenuation[2] = ff_randf(r, 0.0f, 0.1f);
    for (unsigned i = 0; i < GL_FF_MAX_CLIP_PLANES; i++)
        for (int j = 0; j < 4; j++)
            s->clip_plane[i][j] = ff_randf(r, -1.0f, 1.0f);
    for (unsigned a = 0; a < GL_FF_ATTRIB_COUNT; a++)
        for (int j = 0; j < 4; j++)
            s->current[a][j] = ff_randf(r, -1.0f, 1.0f);
    random_color(r, s->current[GL_FF_ATTRIB_COLOR0]);
    random_color(r, s->current[GL_FF_ATTRIB_COLOR1]);
    s->current[GL_FF_ATTRIB_POSITION][3] = 1.0f;
}

void ff_random_vertices(ff_rng *r, const gl_ff_gl_state *s, const gl_ff_vs_key *k, ff_vs_lanes *v)
{
    bool any_w = coin(r, 20);
    for (int l = 0; l < 8; l++) {
        float(*a)[4] = v->attr[l];
        for (unsigned i = 0; i < GL_FF_ATTRIB_COUNT; i++)
            for (int c = 0; c < 4; c++)
                a[i][c] = ff_randf(r, -2.0f, 2.0f);
        a[GL_FF_ATTRIB_POSITION][3] = any_w ? ff_randf(r, 0.5f, 2.0f) : 1.0f;
        bool wide = !k->clamp_color && coin(r, 50);
        for (int c = 0; c < 4; c++) {
            a[GL_FF_ATTRIB_COLOR0][c] = wide ? ff_randf(r, -0.5f, 1.5f) : ff_randf(r, 0.0f, 1.0f);
            a[GL_FF_ATTRIB_COLOR1][c] = ff_randf(r, coin(r, 20) ? -0.5f : 0.0f, 1.0f);
        }
        a[GL_FF_ATTRIB_FOGCOORD][0] = ff_randf(r, -1.0f, 10.0f);
        if (!k->normalize) {
            /* |n_eye| in [0.5, 1]: unit * scale (undone by the inverse
             * modelview) unless rescale_normal undoes it */
            const float *m = s->modelview;
            double sc = sqrt((double)m[0] * m[0] + (double)m[1] * m[1] + (double)m[2] * m[2]);
            double len = ff_randf(r, 0.5f, 1.0f) * (k->rescale_normal ? 1.0 : sc), l2 = 0.0;
            float *n = a[GL_FF_ATTRIB_NORMAL];
            for (int c = 0; c < 3; c++)
                l2 += (double)n[c] * n[c];
            for (int c = 0; c < 3; c++)
                n[c] = (float)(n[c] / sqrt(l2) * len);
        }
        for (unsigned i = 0; i < GL_FF_ATTRIB_COUNT; i++)
            if (k->const_attribs >> i & 1)
                memcpy(a[i], s->current[i], sizeof a[i]);
    }
}

/* ---- compiling and running ------------------------------------------------------- */

jit_shader *ff_compile(const gl_ff_shader *sh, jit_executor exec, bool preamble)
{
    tgsi_program *p = NULL;
    tgsi_error err;
    memset(&err, 0, sizeof err);
    if (!tgsi_parse(sh->text, sh->text_len, &p, &err))
        fail_msg("generated TGSI rejected at %u:%u: %s\n%s", err.line, err.column, err.message,
                 sh->text);
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    key.executor = (uint8_t)exec;
    key.preamble = preamble;
    jit_shader *code = jit_shader_compile(p, &key, &err);
    tgsi_program_free(p);
    if (!code)
        fail_msg("compile failed: %s\n%s", err.message, sh->text);
    return code;
}

int ff_output_reg(jit_shader *code, unsigned semantic, unsigned index)
{
    const jit_shader_info *info = jit_shader_get_info(code);
    for (uint32_t i = 0; i < info->num_outputs; i++)
        if (info->output_semantic[i] == semantic && info->output_semantic_index[i] == index)
            return (int)i;
    return -1;
}

/* The constant buffer 0 of a program (and its preamble's buffer). */
typedef struct ff_consts {
    float buf[4 * 512];
    float pre[4 * 512];
    swr_shader_resources res;
} ff_consts;

static void bind_constants(ff_consts *c, jit_shader *code, const gl_ff_shader *sh,
                           const gl_ff_gl_state *s)
{
    assert_true(sh->num_consts <= 512);
    gl_ff_fill_constants(s, sh->consts, sh->num_consts, c->buf);
    memset(&c->res, 0, sizeof c->res);
    c->res.constants[0] = c->buf;
    c->res.constant_count[0] = sh->num_consts;
    uint32_t pv = jit_shader_preamble_vec4s(code);
    if (pv) {
        assert_true(pv <= 512);
        jit_shader_preamble_eval(code, &c->res, c->pre, NULL);
        c->res.constants[SWR_PREAMBLE_CONST_SLOT] = c->pre;
        c->res.constant_count[SWR_PREAMBLE_CONST_SLOT] = pv;
    }
}

void ff_run_vs(jit_shader *code, const gl_ff_shader *sh, const gl_ff_gl_state *s,
               const ff_vs_lanes *v, swr_simd_vec4 *out)
{
    static ff_consts c;
    static swr_simd_vec4 in[SWR_MAX_ATTRIBS];
    bind_constants(&c, code, sh, s);
    for (unsigned i = 0; i < sh->num_inputs; i++)
        for (int comp = 0; comp < 4; comp++)
            for (int l = 0; l < 8; l++)
                in[i].v[comp][l] = v->attr[l][sh->inputs[i]][comp];
    swr_vs_args a;
    memset(&a, 0, sizeof a);
    a.inputs = in;
    a.outputs = out;
    a.active_mask = 0xff;
    a.res = &c.res;
    jit_shader_vs_func(code)(code, &a);
}

/* ---- texture ------------------------------------------------------------------------ */

/* Frequencies per (unit, channel, coordinate), and phases: fixed, varied. */
static double freq(unsigned unit, unsigned c, unsigned axis)
{
    return 0.7 + 0.37 * (double)((unit * 7 + c * 3 + axis * 5) % 7) - 1.2 * (double)(axis == 1);
}

static double phase(unsigned unit, unsigned c) { return 0.3 * unit + 1.1 * c; }

static unsigned used_axes(unsigned target)
{
    switch (target) {
    case GL_FF_TEX_1D:
        return 1u;
    case GL_FF_TEX_2D:
    case GL_FF_TEX_RECT:
        return 3u;
    case GL_FF_TEX_SHADOW1D:
        return 1u | 4u;
    default:
        return 7u; /* 3D, CUBE, SHADOW2D, SHADOWRECT (ref in r) */
    }
}

static bool shadow(unsigned target)
{
    return target == GL_FF_TEX_SHADOW1D || target == GL_FF_TEX_SHADOW2D ||
           target == GL_FF_TEX_SHADOWRECT;
}

void ff_texel_raw(unsigned unit, unsigned target, const double coord[3], double raw[4])
{
    unsigned axes = used_axes(target);
    for (unsigned c = 0; c < 4; c++) {
        double x = phase(unit, c);
        for (unsigned a = 0; a < 3; a++)
            if (axes >> a & 1)
                x += freq(unit, c, a) * coord[a];
        raw[c] = 0.5 + 0.45 * sin(x);
    }
    if (shadow(target))
        raw[1] = raw[2] = raw[3] = raw[0];
}

void ff_texel_ref(void *ctx, unsigned unit, unsigned target, const ref_ev coord[3], ref_ev raw[4])
{
    (void)ctx;
    double x[3] = {coord[0].v, coord[1].v, coord[2].v}, v[4];
    ff_texel_raw(unit, target, x, v);
    unsigned axes = used_axes(target);
    for (unsigned c = 0; c < 4; c++) {
        /* |d g / d coord_a| <= 0.45 |freq|; the sampler's result is a float */
        double e = 0x1p-24;
        for (unsigned a = 0; a < 3; a++)
            if (axes >> a & 1)
                e += 0.45 * fabs(freq(unit, shadow(target) ? 0 : c, a)) * coord[a].e;
        raw[c] = (ref_ev){v[c], e};
    }
}

typedef struct fake_sampler {
    swr_sampler_interface base;
    const ff_texture_setup *tex;
    unsigned bad;
} fake_sampler;

const char *ff_target_name(unsigned target)
{
    static const char *const names[GL_FF_TEX_TARGET_COUNT] = {
        "", "1D", "2D", "3D", "CUBE", "RECT", "SHADOW1D", "SHADOW2D", "SHADOWRECT"};
    return target < GL_FF_TEX_TARGET_COUNT ? names[target] : "";
}

static void fake_sample(const swr_sampler_interface *self, const swr_tex_request *req,
                        swr_simd_vec4 *out)
{
    fake_sampler *f = (fake_sampler *)(uintptr_t)self;
    unsigned u = req->sview;
    if (u >= GL_FF_MAX_TEXTURE_UNITS || req->sampler != u || !f->tex->target[u] ||
        !tgsi_texture_name(req->target) ||
        strcmp(tgsi_texture_name(req->target), ff_target_name(f->tex->target[u])) != 0 ||
        req->has_compare != shadow(f->tex->target[u])) {
        f->bad++;
        memset(out, 0, sizeof *out);
        return;
    }
    unsigned target = f->tex->target[u];
    for (int l = 0; l < 8; l++) {
        double coord[3] = {req->coords.v[0][l], req->coords.v[1][l], req->coords.v[2][l]};
        if (shadow(target))
            coord[2] = req->compare[l];
        double raw[4];
        ff_texel_raw(u, target, coord, raw);
        ref_ev rv[4], rgba[4];
        for (int c = 0; c < 4; c++)
            rv[c] = ref_exact(raw[c]);
        ref_expand_format(f->tex->format[u], rv, rgba);
        for (int c = 0; c < 4; c++)
            out->v[c][l] = (float)rgba[c].v;
    }
}

void ff_random_fragments(ff_rng *r, const ff_texture_setup *tex, ff_fs_lanes *f)
{
    for (int l = 0; l < 8; l++) {
        ref_fs_in *in = &f->in[l];
        memset(in, 0, sizeof *in);
        memcpy(in->format, tex->format, sizeof in->format);
        random_color(r, in->primary);
        random_color(r, in->secondary);
        for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
            for (int c = 0; c < 3; c++)
                in->texcoord[u][c] = ff_randf(r, -2.0f, 2.0f);
            in->texcoord[u][3] = ff_randf(r, 0.5f, 2.0f);
        }
        in->fog = coin(r, 10) ? ff_randf(r, -2.0f, 0.0f) : ff_randf(r, 0.0f, 10.0f);
    }
}

void ff_random_fs_trial(ff_rng *r, const gl_ff_fs_key *k, ff_texture_setup *tex, gl_ff_gl_state *s,
                        ff_fs_lanes *f)
{
    memset(tex, 0, sizeof *tex);
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        const gl_ff_fs_unit *t = &k->unit[u];
        bool combine = t->mode == GL_FF_ENV_COMBINE || t->mode == GL_FF_ENV_COMBINE4_NV;
        tex->target[u] = t->target;
        tex->format[u] = combine ? (uint8_t)ff_randn(r, GL_FF_FORMAT_COUNT) : t->format;
    }
    gl_ff_vs_key none;
    memset(&none, 0, sizeof none);
    ff_random_state(r, &none, s);
    ff_random_fragments(r, tex, f);
}

unsigned ff_run_fs(jit_shader *code, const gl_ff_shader *sh, const gl_ff_gl_state *s,
                   const ff_texture_setup *tex, const ff_fs_lanes *f, swr_simd_vec4 *color)
{
    static ff_consts c;
    static swr_simd_vec4 in[SWR_MAX_ATTRIBS];
    static swr_ps_args a;
    bind_constants(&c, code, sh, s);
    fake_sampler smp = {.base = {.sample = fake_sample}, .tex = tex};
    c.res.sampler = &smp.base;
    const jit_shader_info *info = jit_shader_get_info(code);
    for (uint32_t i = 0; i < info->num_inputs; i++) {
        unsigned sem = info->input_semantic[i], idx = info->input_semantic_index[i];
        for (int l = 0; l < 8; l++) {
            const ref_fs_in *fi = &f->in[l];
            const float *v = NULL;
            float fog[4] = {fi->fog, 0.0f, 0.0f, 1.0f};
            if (sem == TGSI_SEMANTIC_COLOR)
                v = idx ? fi->secondary : fi->primary;
            else if (sem == TGSI_SEMANTIC_GENERIC)
                v = fi->texcoord[idx];
            else if (sem == TGSI_SEMANTIC_FOG)
                v = fog;
            else
                fail_msg("unexpected fragment input semantic %u", sem);
            for (int comp = 0; comp < 4; comp++)
                in[i].v[comp][l] = v[comp];
        }
    }
    memset(&a, 0, sizeof a);
    a.inputs = in;
    a.quad_mask = a.exec_mask = 0xff;
    a.front_facing = 1;
    a.res = &c.res;
    jit_shader_ps_func(code)(code, &a);
    assert_int_equal(a.exec_mask, 0xff);
    *color = a.color[0];
    return smp.bad;
}

ff_verdict ff_close(float got, ref_ev ref, double *worst)
{
    if (!(ref.e <= 1e-3 * (1.0 + fabs(ref.v))))
        return FF_ILL_CONDITIONED;
    double d = fabs((double)got - ref.v);
    double bound = 2.0 * ref.e + 0x1p-24;
    if (worst && d / bound > *worst)
        *worst = d / bound;
    return d <= bound ? FF_MATCH : FF_MISMATCH;
}
