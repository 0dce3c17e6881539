/*
 * gl_ff_state.c: state values from the GL state (gl_ff_state.h).
 *
 * Every value is computed in double from the float state and rounded to
 * float once, so a product or an inverse carries one rounding, not one per
 * step. Matrices are column-major (m[col * 4 + row]) like GL's; the
 * derived ones (MVP, inverses) are computed on demand into a per-call
 * cache, so filling a whole layout inverts each matrix at most once.
 * Singular matrices have no inverse: GL leaves the result undefined and
 * this file gives zeros (a zero normal transform, as GL's would be garbage).
 *
 * Thread: pure functions; no globals.
 */
#include "frontend-gallium/gl/fixedfunc/gl_ff_state.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* log2(e) = 1/ln(2): e^-x = 2^-(x log2 e). */
#define FF_LOG2_E 1.4426950408889634074

/* ---- matrices ----------------------------------------------------------------- */

typedef struct derived {
    uint8_t have[GL_FF_MATRIX_COUNT][2]; /* [matrix][0 plain, 1 inverse] */
    double m[GL_FF_MATRIX_COUNT][2][16];
} derived;

static void mat_mul(double *r, const double *a, const double *b)
{
    for (int c = 0; c < 4; c++)
        for (int row = 0; row < 4; row++) {
            double s = 0.0;
            for (int k = 0; k < 4; k++)
                s += a[k * 4 + row] * b[c * 4 + k];
            r[c * 4 + row] = s;
        }
}

/* Inverse by cofactors (the adjugate over the determinant); zeros when the
 * determinant is 0 or not finite. */
static void mat_inverse(double *r, const double *m)
{
    double inv[16];
    inv[0] = m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] +
             m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7] * m[10];
    inv[4] = -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] -
             m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7] * m[10];
    inv[8] = m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] +
             m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7] * m[9];
    inv[12] = -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] -
              m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6] * m[9];
    inv[1] = -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] -
             m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3] * m[10];
    inv[5] = m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] +
             m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3] * m[10];
    inv[9] = -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] -
             m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3] * m[9];
    inv[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] +
              m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2] * m[9];
    inv[2] = m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] + m[5] * m[3] * m[14] +
             m[13] * m[2] * m[7] - m[13] * m[3] * m[6];
    inv[6] = -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] -
             m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3] * m[6];
    inv[10] = m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] +
              m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3] * m[5];
    inv[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] -
              m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2] * m[5];
    inv[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] -
             m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6];
    inv[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] + m[4] * m[3] * m[10] +
             m[8] * m[2] * m[7] - m[8] * m[3] * m[6];
    inv[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] - m[4] * m[3] * m[9] -
              m[8] * m[1] * m[7] + m[8] * m[3] * m[5];
    inv[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] + m[4] * m[2] * m[9] +
              m[8] * m[1] * m[6] - m[8] * m[2] * m[5];
    double det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12];
    if (det == 0.0 || !isfinite(det)) {
        memset(r, 0, 16 * sizeof *r);
        return;
    }
    for (int i = 0; i < 16; i++)
        r[i] = inv[i] / det;
}

static void mat_load(double *r, const float *m)
{
    for (int i = 0; i < 16; i++)
        r[i] = m[i];
}

static const double *matrix(const gl_ff_gl_state *s, derived *d, unsigned which, bool inverse)
{
    double *r = d->m[which][inverse];
    if (d->have[which][inverse])
        return r;
    if (inverse) {
        mat_inverse(r, matrix(s, d, which, false));
    } else if (which == GL_FF_MATRIX_MODELVIEW) {
        mat_load(r, s->modelview);
    } else if (which == GL_FF_MATRIX_PROJECTION) {
        mat_load(r, s->projection);
    } else if (which == GL_FF_MATRIX_MVP) {
        const double *mv = matrix(s, d, GL_FF_MATRIX_MODELVIEW, false);
        mat_mul(r, matrix(s, d, GL_FF_MATRIX_PROJECTION, false), mv);
    } else {
        mat_load(r, s->texture_matrix[which - GL_FF_MATRIX_TEXTURE0]);
    }
    d->have[which][inverse] = 1;
    return r;
}

/* ---- vectors -------------------------------------------------------------------- */

static void put4(float *out, double x, double y, double z, double w)
{
    out[0] = (float)x;
    out[1] = (float)y;
    out[2] = (float)z;
    out[3] = (float)w;
}

static void copy4(float *out, const float *v) { memcpy(out, v, 4 * sizeof *out); }

/* v / |v| (zero stays zero). */
static void normalize3(double *v)
{
    double l = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    if (l > 0.0)
        for (int c = 0; c < 3; c++)
            v[c] /= l;
}

static double cos_cutoff(const gl_ff_light *l) { return cos(l->spot_cutoff * (M_PI / 180.0)); }

static void product4(float *out, const float *a, const float *b)
{
    put4(out, (double)a[0] * b[0], (double)a[1] * b[1], (double)a[2] * b[2], (double)a[3] * b[3]);
}

static void light_value(const gl_ff_gl_state *s, unsigned id, unsigned i, float *out)
{
    const gl_ff_light *l = &s->light[i];
    double v[3];
    switch (id) {
    case GL_FF_SV_LIGHT_AMBIENT:
        copy4(out, l->ambient);
        return;
    case GL_FF_SV_LIGHT_DIFFUSE:
        copy4(out, l->diffuse);
        return;
    case GL_FF_SV_LIGHT_SPECULAR:
        copy4(out, l->specular);
        return;
    case GL_FF_SV_LIGHT_POSITION:
        copy4(out, l->position);
        return;
    case GL_FF_SV_LIGHT_POSITION_NORMALIZED:
        if (l->position[3] != 0.0f) {
            double w = l->position[3];
            put4(out, l->position[0] / w, l->position[1] / w, l->position[2] / w, 1.0);
        } else {
            for (int c = 0; c < 3; c++)
                v[c] = l->position[c];
            normalize3(v);
            put4(out, v[0], v[1], v[2], 0.0);
        }
        return;
    case GL_FF_SV_LIGHT_HALF_VECTOR:
        for (int c = 0; c < 3; c++)
            v[c] = l->position[c];
        normalize3(v);
        v[2] += 1.0;
        normalize3(v);
        put4(out, v[0], v[1], v[2], 1.0);
        return;
    case GL_FF_SV_LIGHT_SPOT_DIRECTION:
        put4(out, l->spot_direction[0], l->spot_direction[1], l->spot_direction[2], cos_cutoff(l));
        return;
    case GL_FF_SV_LIGHT_SPOT_DIRECTION_NORMALIZED:
        for (int c = 0; c < 3; c++)
            v[c] = l->spot_direction[c];
        normalize3(v);
        put4(out, v[0], v[1], v[2], cos_cutoff(l));
        return;
    case GL_FF_SV_LIGHT_ATTENUATION:
        put4(out, l->constant_attenuation, l->linear_attenuation, l->quadratic_attenuation,
             l->spot_exponent);
        return;
    case GL_FF_SV_LIGHT_SPOT_LIT:
        put4(out, -cos_cutoff(l), 0.0, 0.0, l->spot_exponent);
        return;
    case GL_FF_SV_LIGHT_SPOT_PARAMS:
        put4(out, l->spot_exponent, l->spot_cutoff, cos_cutoff(l), 0.0);
        return;
    default:
        memset(out, 0, 4 * sizeof *out);
        return;
    }
}

static void material_value(const gl_ff_gl_state *s, unsigned id, unsigned face, float *out)
{
    const gl_ff_material *m = &s->material[face];
    switch (id) {
    case GL_FF_SV_MATERIAL_EMISSION:
        copy4(out, m->emission);
        return;
    case GL_FF_SV_MATERIAL_AMBIENT:
        copy4(out, m->ambient);
        return;
    case GL_FF_SV_MATERIAL_DIFFUSE:
        copy4(out, m->diffuse);
        return;
    case GL_FF_SV_MATERIAL_SPECULAR:
        copy4(out, m->specular);
        return;
    case GL_FF_SV_MATERIAL_SHININESS:
        put4(out, m->shininess, 0.0, 0.0, 1.0);
        return;
    case GL_FF_SV_LIGHTMODEL_SCENECOLOR: {
        double c[3];
        for (int k = 0; k < 3; k++)
            c[k] = (double)m->emission[k] + (double)m->ambient[k] * s->light_model_ambient[k];
        put4(out, c[0], c[1], c[2], m->diffuse[3]);
        return;
    }
    default:
        memset(out, 0, 4 * sizeof *out);
        return;
    }
}

static void value(const gl_ff_gl_state *s, derived *d, gl_ff_state_ref r, float *out)
{
    unsigned i = r.index;
    memset(out, 0, 4 * sizeof *out);
    switch (r.id) {
    case GL_FF_SV_MATRIX: {
        if (i >= GL_FF_MATRIX_COUNT || r.row > 3 || r.sub > GL_FF_MOD_INVTRANS)
            return;
        bool inv = r.sub == GL_FF_MOD_INVERSE || r.sub == GL_FF_MOD_INVTRANS;
        bool tr = r.sub == GL_FF_MOD_TRANSPOSE || r.sub == GL_FF_MOD_INVTRANS;
        const double *m = matrix(s, d, i, inv);
        /* row r of M: m[c*4 + r]; row r of M^T: column r, m[r*4 + c] */
        for (int c = 0; c < 4; c++)
            out[c] = (float)(tr ? m[r.row * 4 + c] : m[c * 4 + r.row]);
        return;
    }
    case GL_FF_SV_NORMAL_SCALE: {
        const double *m = matrix(s, d, GL_FF_MATRIX_MODELVIEW, true);
        double l = sqrt(m[0 * 4 + 2] * m[0 * 4 + 2] + m[1 * 4 + 2] * m[1 * 4 + 2] +
                        m[2 * 4 + 2] * m[2 * 4 + 2]);
        double f = l > 0.0 ? 1.0 / l : 0.0;
        put4(out, f, f, f, 1.0);
        return;
    }
    case GL_FF_SV_LIGHT_AMBIENT:
    case GL_FF_SV_LIGHT_DIFFUSE:
    case GL_FF_SV_LIGHT_SPECULAR:
    case GL_FF_SV_LIGHT_POSITION:
    case GL_FF_SV_LIGHT_POSITION_NORMALIZED:
    case GL_FF_SV_LIGHT_HALF_VECTOR:
    case GL_FF_SV_LIGHT_SPOT_DIRECTION:
    case GL_FF_SV_LIGHT_SPOT_DIRECTION_NORMALIZED:
    case GL_FF_SV_LIGHT_ATTENUATION:
    case GL_FF_SV_LIGHT_SPOT_LIT:
    case GL_FF_SV_LIGHT_SPOT_PARAMS:
        if (i < GL_FF_MAX_LIGHTS)
            light_value(s, r.id, i, out);
        return;
    case GL_FF_SV_LIGHTMODEL_AMBIENT:
        copy4(out, s->light_model_ambient);
        return;
    case GL_FF_SV_LIGHTMODEL_SCENECOLOR:
    case GL_FF_SV_MATERIAL_EMISSION:
    case GL_FF_SV_MATERIAL_AMBIENT:
    case GL_FF_SV_MATERIAL_DIFFUSE:
    case GL_FF_SV_MATERIAL_SPECULAR:
    case GL_FF_SV_MATERIAL_SHININESS:
        if (i < 2)
            material_value(s, r.id, i, out);
        return;
    case GL_FF_SV_LIGHTPROD_AMBIENT:
        if (i < GL_FF_MAX_LIGHTS && r.sub < 2)
            product4(out, s->light[i].ambient, s->material[r.sub].ambient);
        return;
    case GL_FF_SV_LIGHTPROD_DIFFUSE:
        if (i < GL_FF_MAX_LIGHTS && r.sub < 2)
            product4(out, s->light[i].diffuse, s->material[r.sub].diffuse);
        return;
    case GL_FF_SV_LIGHTPROD_SPECULAR:
        if (i < GL_FF_MAX_LIGHTS && r.sub < 2)
            product4(out, s->light[i].specular, s->material[r.sub].specular);
        return;
    case GL_FF_SV_TEXGEN_EYE_PLANE:
        if (i < GL_FF_MAX_TEXTURE_UNITS && r.sub < 4)
            copy4(out, s->texgen_eye[i][r.sub]);
        return;
    case GL_FF_SV_TEXGEN_OBJECT_PLANE:
        if (i < GL_FF_MAX_TEXTURE_UNITS && r.sub < 4)
            copy4(out, s->texgen_object[i][r.sub]);
        return;
    case GL_FF_SV_TEXENV_COLOR:
        if (i < GL_FF_MAX_TEXTURE_UNITS)
            copy4(out, s->texenv_color[i]);
        return;
    case GL_FF_SV_FOG_COLOR:
        copy4(out, s->fog_color);
        return;
    case GL_FF_SV_FOG_PARAMS:
    case GL_FF_SV_FOG_FACTORS: {
        double range = (double)s->fog_end - s->fog_start;
        double scale = range != 0.0 ? 1.0 / range : 1.0;
        if (r.id == GL_FF_SV_FOG_PARAMS)
            put4(out, s->fog_density, s->fog_start, s->fog_end, scale);
        else
            put4(out, -scale, s->fog_end * scale, s->fog_density * FF_LOG2_E,
                 s->fog_density * sqrt(FF_LOG2_E));
        return;
    }
    case GL_FF_SV_POINT_SIZE:
        put4(out, s->point_size, s->point_size_min, s->point_size_max, s->point_fade_threshold);
        return;
    case GL_FF_SV_POINT_ATTENUATION:
        put4(out, s->point_attenuation[0], s->point_attenuation[1], s->point_attenuation[2], 1.0);
        return;
    case GL_FF_SV_CLIP_PLANE:
        if (i < GL_FF_MAX_CLIP_PLANES)
            copy4(out, s->clip_plane[i]);
        return;
    case GL_FF_SV_CURRENT_ATTRIB:
        if (i < GL_FF_ATTRIB_COUNT)
            copy4(out, s->current[i]);
        return;
    case GL_FF_SV_DEPTH_RANGE:
        put4(out, s->depth_near, s->depth_far, (double)s->depth_far - s->depth_near, 1.0);
        return;
    default:
        return;
    }
}

/* ---- entry points ---------------------------------------------------------------- */

/* Called by the GL part at context creation and by tests. */
void gl_ff_gl_state_defaults(gl_ff_gl_state *s)
{
    static const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    memset(s, 0, sizeof *s);
    memcpy(s->modelview, identity, sizeof identity);
    memcpy(s->projection, identity, sizeof identity);
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        memcpy(s->texture_matrix[u], identity, sizeof identity);
        s->texgen_eye[u][0][0] = s->texgen_object[u][0][0] = 1.0f;
        s->texgen_eye[u][1][1] = s->texgen_object[u][1][1] = 1.0f;
    }
    for (unsigned i = 0; i < GL_FF_MAX_LIGHTS; i++) {
        gl_ff_light *l = &s->light[i];
        float c = i == 0 ? 1.0f : 0.0f;
        l->ambient[3] = 1.0f;
        l->diffuse[0] = l->diffuse[1] = l->diffuse[2] = c;
        l->diffuse[3] = 1.0f;
        l->specular[0] = l->specular[1] = l->specular[2] = c;
        l->specular[3] = 1.0f;
        l->position[2] = 1.0f;
        l->spot_direction[2] = -1.0f;
        l->spot_cutoff = 180.0f;
        l->constant_attenuation = 1.0f;
    }
    for (int k = 0; k < 3; k++)
        s->light_model_ambient[k] = 0.2f;
    s->light_model_ambient[3] = 1.0f;
    for (unsigned f = 0; f < 2; f++) {
        gl_ff_material *m = &s->material[f];
        for (int k = 0; k < 3; k++) {
            m->ambient[k] = 0.2f;
            m->diffuse[k] = 0.8f;
        }
        m->ambient[3] = m->diffuse[3] = m->specular[3] = m->emission[3] = 1.0f;
    }
    s->fog_density = 1.0f;
    s->fog_end = 1.0f;
    s->point_size = 1.0f;
    s->point_size_max = 255.0f; /* PIPE_CAPF_MAX_POINT_WIDTH of the swr pipe */
    s->point_fade_threshold = 1.0f;
    s->point_attenuation[0] = 1.0f;
    for (unsigned a = 0; a < GL_FF_ATTRIB_COUNT; a++)
        s->current[a][3] = 1.0f;
    for (int k = 0; k < 4; k++)
        s->current[GL_FF_ATTRIB_COLOR0][k] = 1.0f;
    s->current[GL_FF_ATTRIB_NORMAL][2] = 1.0f;
    s->depth_far = 1.0f;
}

void gl_ff_state_value(const gl_ff_gl_state *s, gl_ff_state_ref ref, float out[4])
{
    derived d;
    memset(d.have, 0, sizeof d.have);
    value(s, &d, ref, out);
}

/* The GL part calls this when the state a bound program reads changed. */
void gl_ff_fill_constants(const gl_ff_gl_state *s, const gl_ff_state_ref *layout, uint32_t n,
                          float *out)
{
    derived d;
    memset(d.have, 0, sizeof d.have);
    for (uint32_t k = 0; k < n; k++)
        value(s, &d, layout[k], out + 4 * k);
}

static const char *const state_names[] = {
#define GL_FF_X_NAME(name, idx, comps) #name,
    GL_FF_STATE_VALUES(GL_FF_X_NAME)
#undef GL_FF_X_NAME
};
_Static_assert(sizeof state_names / sizeof state_names[0] == GL_FF_SV_COUNT, "state names");

const char *gl_ff_state_ref_name(gl_ff_state_ref ref, char *buf, unsigned size)
{
    const char *name = ref.id < GL_FF_SV_COUNT ? state_names[ref.id] : "?";
    if (ref.id == GL_FF_SV_MATRIX)
        snprintf(buf, size, "MATRIX[%u].mod%u.row[%u]", ref.index, ref.sub, ref.row);
    else
        snprintf(buf, size, "%s[%u][%u]", name, ref.index, ref.sub);
    return buf;
}
