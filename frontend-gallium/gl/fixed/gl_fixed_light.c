/*
 * gl_fixed_light.c: lights, materials and the light model (GL 2.1 2.14.1-
 * 2.14.3), glColorMaterial, fog (3.10), texture coordinate generation
 * (2.12.4), the texture environments (3.8.13: glTexEnv*, combine state,
 * GL_COORD_REPLACE) and glClipPlane (2.12), with their enables and glGets.
 *
 * Transforms at the call, as GL specifies: a light position by the
 * modelview, a spot direction by its upper 3x3, eye planes (texgen and
 * clip) by the inverse modelview (p' = p M^-1); a singular modelview leaves
 * the plane as zeros. Colours of glLight/glMaterial/glLightModel/glFog are
 * stored unclamped (GL 2.1 keeps them as given); GL_TEXTURE_ENV_COLOR and
 * GL_FOG_COLOR are clamped to [0, 1] as the spec's table 6.19/6.8 say.
 * Integer forms of colours map [-2^31, 2^31-1] linearly to [-1, 1].
 * Thread: the context's thread.
 */
#include "frontend-gallium/gl/fixed/gl_fixed_priv.h"

#include <math.h>
#include <string.h>

#include "frontend-gallium/gl/raster/gl_raster.h"
#include "frontend-gallium/gl/texture/gl_texture.h"

static float clamp01(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }

static float int_to_float_color(GLint i) { return (float)((2.0 * i + 1.0) / 4294967295.0); }

void glf_light_defaults(gl_fixed_state *f)
{
    f->color_control = GL_SINGLE_COLOR;
    f->cm_face = GL_FRONT_AND_BACK;
    f->cm_mode = GL_AMBIENT_AND_DIFFUSE;
    f->fog_mode = GL_EXP;
    f->fog_coord_src = GL_FRAGMENT_DEPTH;
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++) {
        glf_texenv *e = &f->env[u];
        e->mode = GL_MODULATE;
        e->combine_rgb = e->combine_alpha = GL_MODULATE;
        e->src_rgb[0] = e->src_alpha[0] = GL_TEXTURE;
        e->src_rgb[1] = e->src_alpha[1] = GL_PREVIOUS;
        e->src_rgb[2] = e->src_alpha[2] = GL_CONSTANT;
        e->src_rgb[3] = e->src_alpha[3] = GL_ZERO;
        e->op_rgb[0] = e->op_rgb[1] = GL_SRC_COLOR;
        e->op_rgb[2] = GL_SRC_ALPHA;
        e->op_rgb[3] = GL_ONE_MINUS_SRC_COLOR;
        e->op_alpha[0] = e->op_alpha[1] = e->op_alpha[2] = GL_SRC_ALPHA;
        e->op_alpha[3] = GL_ONE_MINUS_SRC_ALPHA;
        e->rgb_scale = e->alpha_scale = 1.0f;
        for (unsigned c = 0; c < 4; c++)
            f->texgen_mode[u][c] = GL_EYE_LINEAR;
    }
}

/* p' = p * M^-1 (a plane from object to eye space); false when singular. */
static bool plane_to_eye(const float *modelview, const double *p, double out[4])
{
    double inv[16];
    if (!glf_mat_inverse(inv, modelview)) {
        memset(out, 0, 4 * sizeof *out);
        return false;
    }
    for (int c = 0; c < 4; c++)
        out[c] = p[0] * inv[c * 4 + 0] + p[1] * inv[c * 4 + 1] + p[2] * inv[c * 4 + 2] +
                 p[3] * inv[c * 4 + 3];
    return true;
}

/* ---- lights ------------------------------------------------------------------------ */

static unsigned param_count_light(GLenum pname)
{
    switch (pname) {
    case GL_AMBIENT:
    case GL_DIFFUSE:
    case GL_SPECULAR:
    case GL_POSITION: return 4;
    case GL_SPOT_DIRECTION: return 3;
    case GL_SPOT_EXPONENT:
    case GL_SPOT_CUTOFF:
    case GL_CONSTANT_ATTENUATION:
    case GL_LINEAR_ATTENUATION:
    case GL_QUADRATIC_ATTENUATION: return 1;
    default: return 0;
    }
}

static void light(struct gl_context *ctx, GLenum which, GLenum pname, const GLfloat *p)
{
    gl_fixed_state *f = glf(ctx);
    if (which < GL_LIGHT0 || which >= GL_LIGHT0 + GL_FF_MAX_LIGHTS || !param_count_light(pname)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_ff_light *l = &f->v.light[which - GL_LIGHT0];
    const float *mv = f->v.modelview;
    switch (pname) {
    case GL_AMBIENT: memcpy(l->ambient, p, 4 * sizeof *p); break;
    case GL_DIFFUSE: memcpy(l->diffuse, p, 4 * sizeof *p); break;
    case GL_SPECULAR: memcpy(l->specular, p, 4 * sizeof *p); break;
    case GL_POSITION:
        for (int row = 0; row < 4; row++)
            l->position[row] = (float)((double)mv[row] * p[0] + (double)mv[4 + row] * p[1] +
                                       (double)mv[8 + row] * p[2] + (double)mv[12 + row] * p[3]);
        break;
    case GL_SPOT_DIRECTION:
        for (int row = 0; row < 3; row++)
            l->spot_direction[row] = (float)((double)mv[row] * p[0] + (double)mv[4 + row] * p[1] +
                                             (double)mv[8 + row] * p[2]);
        break;
    case GL_SPOT_EXPONENT:
        if (!(p[0] >= 0.0f && p[0] <= 128.0f)) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        l->spot_exponent = p[0];
        break;
    case GL_SPOT_CUTOFF:
        if (!((p[0] >= 0.0f && p[0] <= 90.0f) || p[0] == 180.0f)) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        l->spot_cutoff = p[0];
        break;
    default: {
        if (!(p[0] >= 0.0f)) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        if (pname == GL_CONSTANT_ATTENUATION)
            l->constant_attenuation = p[0];
        else if (pname == GL_LINEAR_ATTENUATION)
            l->linear_attenuation = p[0];
        else
            l->quadratic_attenuation = p[0];
        break;
    }
    }
    fixed_changed(ctx);
}

void swrgl_Lightfv(struct gl_context *ctx, GLenum l, GLenum pname, const GLfloat *params)
{
    if (params)
        light(ctx, l, pname, params);
}

void swrgl_Lightf(struct gl_context *ctx, GLenum l, GLenum pname, GLfloat param)
{
    if (param_count_light(pname) > 1) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    GLfloat p[4] = {param, 0, 0, 0};
    light(ctx, l, pname, p);
}

void swrgl_Lightiv(struct gl_context *ctx, GLenum l, GLenum pname, const GLint *params)
{
    if (!params)
        return;
    GLfloat p[4] = {0};
    bool color = pname == GL_AMBIENT || pname == GL_DIFFUSE || pname == GL_SPECULAR;
    unsigned n = param_count_light(pname);
    for (unsigned k = 0; k < n; k++)
        p[k] = color ? int_to_float_color(params[k]) : (GLfloat)params[k];
    light(ctx, l, pname, p);
}

void swrgl_Lighti(struct gl_context *ctx, GLenum l, GLenum pname, GLint param)
{
    if (param_count_light(pname) > 1) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    GLfloat p[4] = {(GLfloat)param, 0, 0, 0};
    light(ctx, l, pname, p);
}

void swrgl_GetLightfv(struct gl_context *ctx, GLenum which, GLenum pname, GLfloat *params)
{
    gl_fixed_state *f = glf(ctx);
    if (which < GL_LIGHT0 || which >= GL_LIGHT0 + GL_FF_MAX_LIGHTS || !param_count_light(pname)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (!params)
        return;
    const gl_ff_light *l = &f->v.light[which - GL_LIGHT0];
    switch (pname) {
    case GL_AMBIENT: memcpy(params, l->ambient, 4 * sizeof *params); break;
    case GL_DIFFUSE: memcpy(params, l->diffuse, 4 * sizeof *params); break;
    case GL_SPECULAR: memcpy(params, l->specular, 4 * sizeof *params); break;
    case GL_POSITION: memcpy(params, l->position, 4 * sizeof *params); break;
    case GL_SPOT_DIRECTION: memcpy(params, l->spot_direction, 3 * sizeof *params); break;
    case GL_SPOT_EXPONENT: params[0] = l->spot_exponent; break;
    case GL_SPOT_CUTOFF: params[0] = l->spot_cutoff; break;
    case GL_CONSTANT_ATTENUATION: params[0] = l->constant_attenuation; break;
    case GL_LINEAR_ATTENUATION: params[0] = l->linear_attenuation; break;
    default: params[0] = l->quadratic_attenuation; break;
    }
}

void swrgl_GetLightiv(struct gl_context *ctx, GLenum which, GLenum pname, GLint *params)
{
    GLfloat p[4] = {0};
    GLenum before = ctx->error;
    swrgl_GetLightfv(ctx, which, pname, p);
    if (!params || (ctx->error != before && ctx->error != GL_NO_ERROR))
        return;
    bool color = pname == GL_AMBIENT || pname == GL_DIFFUSE || pname == GL_SPECULAR;
    unsigned n = param_count_light(pname);
    for (unsigned k = 0; k < n; k++)
        params[k] = color ? (GLint)lrint(((double)p[k] * 4294967295.0 - 1.0) / 2.0)
                          : (GLint)lrintf(p[k]);
}

/* ---- light model ------------------------------------------------------------------- */

static void light_model(struct gl_context *ctx, GLenum pname, const GLfloat *p)
{
    gl_fixed_state *f = glf(ctx);
    switch (pname) {
    case GL_LIGHT_MODEL_AMBIENT: memcpy(f->v.light_model_ambient, p, 4 * sizeof *p); break;
    case GL_LIGHT_MODEL_LOCAL_VIEWER: f->local_viewer = p[0] != 0.0f; break;
    case GL_LIGHT_MODEL_TWO_SIDE: f->two_side = p[0] != 0.0f; break;
    case GL_LIGHT_MODEL_COLOR_CONTROL:
        if (p[0] != (GLfloat)GL_SINGLE_COLOR && p[0] != (GLfloat)GL_SEPARATE_SPECULAR_COLOR) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        f->color_control = (GLenum)p[0];
        break;
    default: gl_error(ctx, GL_INVALID_ENUM); return;
    }
    fixed_changed(ctx);
}

void swrgl_LightModelfv(struct gl_context *ctx, GLenum pname, const GLfloat *params)
{
    if (params)
        light_model(ctx, pname, params);
}

void swrgl_LightModelf(struct gl_context *ctx, GLenum pname, GLfloat param)
{
    if (pname == GL_LIGHT_MODEL_AMBIENT) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    GLfloat p[4] = {param, 0, 0, 0};
    light_model(ctx, pname, p);
}

void swrgl_LightModeliv(struct gl_context *ctx, GLenum pname, const GLint *params)
{
    if (!params)
        return;
    GLfloat p[4] = {(GLfloat)params[0], 0, 0, 0};
    if (pname == GL_LIGHT_MODEL_AMBIENT)
        for (int k = 0; k < 4; k++)
            p[k] = int_to_float_color(params[k]);
    light_model(ctx, pname, p);
}

void swrgl_LightModeli(struct gl_context *ctx, GLenum pname, GLint param)
{
    if (pname == GL_LIGHT_MODEL_AMBIENT) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    GLfloat p[4] = {(GLfloat)param, 0, 0, 0};
    light_model(ctx, pname, p);
}

/* ---- materials ---------------------------------------------------------------------- */

static unsigned face_mask(GLenum face)
{
    switch (face) {
    case GL_FRONT: return 1;
    case GL_BACK: return 2;
    case GL_FRONT_AND_BACK: return 3;
    default: return 0;
    }
}

static void material(struct gl_context *ctx, GLenum face, GLenum pname, const GLfloat *p)
{
    gl_fixed_state *f = glf(ctx);
    unsigned faces = face_mask(face);
    if (!faces) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (pname == GL_SHININESS && !(p[0] >= 0.0f && p[0] <= 128.0f)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (pname != GL_AMBIENT && pname != GL_DIFFUSE && pname != GL_SPECULAR &&
        pname != GL_EMISSION && pname != GL_SHININESS && pname != GL_AMBIENT_AND_DIFFUSE &&
        pname != GL_COLOR_INDEXES) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    for (unsigned k = 0; k < 2; k++) {
        if (!(faces >> k & 1))
            continue;
        gl_ff_material *m = &f->v.material[k];
        switch (pname) {
        case GL_AMBIENT: memcpy(m->ambient, p, 4 * sizeof *p); break;
        case GL_DIFFUSE: memcpy(m->diffuse, p, 4 * sizeof *p); break;
        case GL_SPECULAR: memcpy(m->specular, p, 4 * sizeof *p); break;
        case GL_EMISSION: memcpy(m->emission, p, 4 * sizeof *p); break;
        case GL_SHININESS: m->shininess = p[0]; break;
        case GL_AMBIENT_AND_DIFFUSE:
            memcpy(m->ambient, p, 4 * sizeof *p);
            memcpy(m->diffuse, p, 4 * sizeof *p);
            break;
        default: break; /* colour indices: no colour-index mode */
        }
    }
    fixed_changed(ctx);
}

void swrgl_Materialfv(struct gl_context *ctx, GLenum face, GLenum pname, const GLfloat *params)
{
    if (params)
        material(ctx, face, pname, params);
}

void swrgl_Materialf(struct gl_context *ctx, GLenum face, GLenum pname, GLfloat param)
{
    if (pname != GL_SHININESS) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    GLfloat p[4] = {param, 0, 0, 0};
    material(ctx, face, pname, p);
}

void swrgl_Materialiv(struct gl_context *ctx, GLenum face, GLenum pname, const GLint *params)
{
    if (!params)
        return;
    GLfloat p[4] = {(GLfloat)params[0], 0, 0, 0};
    if (pname != GL_SHININESS && pname != GL_COLOR_INDEXES)
        for (int k = 0; k < 4; k++)
            p[k] = int_to_float_color(params[k]);
    material(ctx, face, pname, p);
}

void swrgl_Materiali(struct gl_context *ctx, GLenum face, GLenum pname, GLint param)
{
    swrgl_Materialf(ctx, face, pname, (GLfloat)param);
}

void swrgl_GetMaterialfv(struct gl_context *ctx, GLenum face, GLenum pname, GLfloat *params)
{
    if (face != GL_FRONT && face != GL_BACK) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    const gl_ff_material *m = &glf(ctx)->v.material[face == GL_BACK];
    if (!params)
        return;
    switch (pname) {
    case GL_AMBIENT: memcpy(params, m->ambient, 4 * sizeof *params); break;
    case GL_DIFFUSE: memcpy(params, m->diffuse, 4 * sizeof *params); break;
    case GL_SPECULAR: memcpy(params, m->specular, 4 * sizeof *params); break;
    case GL_EMISSION: memcpy(params, m->emission, 4 * sizeof *params); break;
    case GL_SHININESS: params[0] = m->shininess; break;
    default: gl_error(ctx, GL_INVALID_ENUM); break;
    }
}

void swrgl_GetMaterialiv(struct gl_context *ctx, GLenum face, GLenum pname, GLint *params)
{
    GLfloat p[4] = {0};
    GLenum before = ctx->error;
    swrgl_GetMaterialfv(ctx, face, pname, p);
    if (!params || (ctx->error != before && ctx->error != GL_NO_ERROR))
        return;
    if (pname == GL_SHININESS) {
        params[0] = (GLint)lrintf(p[0]);
        return;
    }
    for (int k = 0; k < 4; k++)
        params[k] = (GLint)lrint(((double)p[k] * 4294967295.0 - 1.0) / 2.0);
}

void swrgl_ColorMaterial(struct gl_context *ctx, GLenum face, GLenum mode)
{
    if (!face_mask(face) || (mode != GL_EMISSION && mode != GL_AMBIENT && mode != GL_DIFFUSE &&
                             mode != GL_SPECULAR && mode != GL_AMBIENT_AND_DIFFUSE)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    glf(ctx)->cm_face = face;
    glf(ctx)->cm_mode = mode;
    fixed_changed(ctx);
}

/* ---- fog ----------------------------------------------------------------------------- */

static void fog(struct gl_context *ctx, GLenum pname, const GLfloat *p)
{
    gl_fixed_state *f = glf(ctx);
    switch (pname) {
    case GL_FOG_MODE: {
        GLenum m = (GLenum)p[0];
        if (m != GL_LINEAR && m != GL_EXP && m != GL_EXP2) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        f->fog_mode = m;
        break;
    }
    case GL_FOG_DENSITY:
        if (p[0] < 0.0f) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        f->v.fog_density = p[0];
        break;
    case GL_FOG_START: f->v.fog_start = p[0]; break;
    case GL_FOG_END: f->v.fog_end = p[0]; break;
    case GL_FOG_INDEX: f->fog_index = p[0]; break;
    case GL_FOG_COLOR:
        for (int k = 0; k < 4; k++)
            f->v.fog_color[k] = clamp01(p[k]);
        break;
    case GL_FOG_COORD_SRC: {
        GLenum m = (GLenum)p[0];
        if (m != GL_FOG_COORD && m != GL_FRAGMENT_DEPTH) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        f->fog_coord_src = m;
        break;
    }
    default: gl_error(ctx, GL_INVALID_ENUM); return;
    }
    fixed_changed(ctx);
}

void swrgl_Fogfv(struct gl_context *ctx, GLenum pname, const GLfloat *params)
{
    if (params)
        fog(ctx, pname, params);
}

void swrgl_Fogf(struct gl_context *ctx, GLenum pname, GLfloat param)
{
    if (pname == GL_FOG_COLOR) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    GLfloat p[4] = {param, 0, 0, 0};
    fog(ctx, pname, p);
}

void swrgl_Fogiv(struct gl_context *ctx, GLenum pname, const GLint *params)
{
    if (!params)
        return;
    GLfloat p[4] = {(GLfloat)params[0], 0, 0, 0};
    if (pname == GL_FOG_COLOR)
        for (int k = 0; k < 4; k++)
            p[k] = int_to_float_color(params[k]);
    fog(ctx, pname, p);
}

void swrgl_Fogi(struct gl_context *ctx, GLenum pname, GLint param)
{
    swrgl_Fogf(ctx, pname, (GLfloat)param);
}

/* ---- texgen --------------------------------------------------------------------------- */

static int coord_index(GLenum coord)
{
    switch (coord) {
    case GL_S: return 0;
    case GL_T: return 1;
    case GL_R: return 2;
    case GL_Q: return 3;
    default: return -1;
    }
}

static void texgen(struct gl_context *ctx, GLenum coord, GLenum pname, const GLdouble *p)
{
    gl_fixed_state *f = glf(ctx);
    int c = coord_index(coord);
    if (c < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    int u = glf_active_unit(ctx);
    if (u < 0)
        return;
    switch (pname) {
    case GL_TEXTURE_GEN_MODE: {
        GLenum m = (GLenum)p[0];
        bool ok = m == GL_OBJECT_LINEAR || m == GL_EYE_LINEAR ||
                  (m == GL_SPHERE_MAP && c < 2) ||
                  ((m == GL_NORMAL_MAP || m == GL_REFLECTION_MAP) && c < 3);
        if (!ok) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        f->texgen_mode[u][c] = m;
        break;
    }
    case GL_OBJECT_PLANE:
        for (int k = 0; k < 4; k++)
            f->v.texgen_object[u][c][k] = (float)p[k];
        break;
    case GL_EYE_PLANE: {
        double e[4];
        plane_to_eye(f->v.modelview, p, e);
        for (int k = 0; k < 4; k++)
            f->v.texgen_eye[u][c][k] = (float)e[k];
        break;
    }
    default: gl_error(ctx, GL_INVALID_ENUM); return;
    }
    fixed_changed(ctx);
}

void swrgl_TexGendv(struct gl_context *ctx, GLenum coord, GLenum pname, const GLdouble *params)
{
    if (params)
        texgen(ctx, coord, pname, params);
}

void swrgl_TexGenfv(struct gl_context *ctx, GLenum coord, GLenum pname, const GLfloat *params)
{
    if (!params)
        return;
    GLdouble p[4] = {params[0], 0, 0, 0};
    if (pname != GL_TEXTURE_GEN_MODE)
        for (int k = 1; k < 4; k++)
            p[k] = params[k];
    texgen(ctx, coord, pname, p);
}

void swrgl_TexGeniv(struct gl_context *ctx, GLenum coord, GLenum pname, const GLint *params)
{
    if (!params)
        return;
    GLdouble p[4] = {params[0], 0, 0, 0};
    if (pname != GL_TEXTURE_GEN_MODE)
        for (int k = 1; k < 4; k++)
            p[k] = params[k];
    texgen(ctx, coord, pname, p);
}

static void texgen_scalar(struct gl_context *ctx, GLenum coord, GLenum pname, GLdouble param)
{
    if (pname != GL_TEXTURE_GEN_MODE) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    GLdouble p[4] = {param, 0, 0, 0};
    texgen(ctx, coord, pname, p);
}

void swrgl_TexGend(struct gl_context *ctx, GLenum coord, GLenum pname, GLdouble param)
{
    texgen_scalar(ctx, coord, pname, param);
}
void swrgl_TexGenf(struct gl_context *ctx, GLenum coord, GLenum pname, GLfloat param)
{
    texgen_scalar(ctx, coord, pname, param);
}
void swrgl_TexGeni(struct gl_context *ctx, GLenum coord, GLenum pname, GLint param)
{
    texgen_scalar(ctx, coord, pname, param);
}

void swrgl_GetTexGendv(struct gl_context *ctx, GLenum coord, GLenum pname, GLdouble *params)
{
    gl_fixed_state *f = glf(ctx);
    int c = coord_index(coord);
    if (c < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    int u = glf_active_unit(ctx);
    if (u < 0 || !params)
        return;
    switch (pname) {
    case GL_TEXTURE_GEN_MODE: params[0] = f->texgen_mode[u][c]; break;
    case GL_OBJECT_PLANE:
        for (int k = 0; k < 4; k++)
            params[k] = f->v.texgen_object[u][c][k];
        break;
    case GL_EYE_PLANE:
        for (int k = 0; k < 4; k++)
            params[k] = f->v.texgen_eye[u][c][k];
        break;
    default: gl_error(ctx, GL_INVALID_ENUM); break;
    }
}

void swrgl_GetTexGenfv(struct gl_context *ctx, GLenum coord, GLenum pname, GLfloat *params)
{
    GLdouble d[4] = {0};
    GLenum before = ctx->error;
    swrgl_GetTexGendv(ctx, coord, pname, d);
    if (!params || (ctx->error != before && ctx->error != GL_NO_ERROR))
        return;
    for (int k = 0; k < (pname == GL_TEXTURE_GEN_MODE ? 1 : 4); k++)
        params[k] = (GLfloat)d[k];
}

void swrgl_GetTexGeniv(struct gl_context *ctx, GLenum coord, GLenum pname, GLint *params)
{
    GLdouble d[4] = {0};
    GLenum before = ctx->error;
    swrgl_GetTexGendv(ctx, coord, pname, d);
    if (!params || (ctx->error != before && ctx->error != GL_NO_ERROR))
        return;
    for (int k = 0; k < (pname == GL_TEXTURE_GEN_MODE ? 1 : 4); k++)
        params[k] = (GLint)lrint(d[k]);
}

/* ---- texture environment --------------------------------------------------------------- */

static bool combine_func_ok(GLenum f, bool alpha)
{
    switch (f) {
    case GL_REPLACE:
    case GL_MODULATE:
    case GL_ADD:
    case GL_ADD_SIGNED:
    case GL_INTERPOLATE:
    case GL_SUBTRACT:
    case GL_MODULATE_ADD_ATI:
    case GL_MODULATE_SIGNED_ADD_ATI:
    case GL_MODULATE_SUBTRACT_ATI: return true;
    case GL_DOT3_RGB:
    case GL_DOT3_RGBA: return !alpha;
    default: return false;
    }
}

static bool combine_src_ok(GLenum s)
{
    return s == GL_TEXTURE || s == GL_CONSTANT || s == GL_PRIMARY_COLOR || s == GL_PREVIOUS ||
           s == GL_ZERO || s == GL_ONE ||
           (s >= GL_TEXTURE0 && s < GL_TEXTURE0 + GL_FF_MAX_TEXTURE_UNITS);
}

/* Which array entry a combine pname names: 0..3 and whether it is a
 * source (else an operand) and alpha; -1 if not one. */
static int combine_arg(GLenum pname, bool *source, bool *alpha)
{
    static const GLenum src_rgb[4] = {GL_SRC0_RGB, GL_SRC1_RGB, GL_SRC2_RGB, GL_SOURCE3_RGB_NV};
    static const GLenum src_a[4] = {GL_SRC0_ALPHA, GL_SRC1_ALPHA, GL_SRC2_ALPHA,
                                    GL_SOURCE3_ALPHA_NV};
    static const GLenum op_rgb[4] = {GL_OPERAND0_RGB, GL_OPERAND1_RGB, GL_OPERAND2_RGB,
                                     GL_OPERAND3_RGB_NV};
    static const GLenum op_a[4] = {GL_OPERAND0_ALPHA, GL_OPERAND1_ALPHA, GL_OPERAND2_ALPHA,
                                   GL_OPERAND3_ALPHA_NV};
    for (int k = 0; k < 4; k++) {
        if (pname == src_rgb[k] || pname == src_a[k]) {
            *source = true;
            *alpha = pname == src_a[k];
            return k;
        }
        if (pname == op_rgb[k] || pname == op_a[k]) {
            *source = false;
            *alpha = pname == op_a[k];
            return k;
        }
    }
    return -1;
}

static void tex_env(struct gl_context *ctx, GLenum target, GLenum pname, const GLfloat *p)
{
    gl_fixed_state *f = glf(ctx);
    if (target == GL_TEXTURE_FILTER_CONTROL) {
        if (pname != GL_TEXTURE_LOD_BIAS) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        gl_texture_set_unit_lod_bias(ctx, p[0]);
        return;
    }
    if (target != GL_TEXTURE_ENV && target != GL_POINT_SPRITE) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    int u = glf_active_unit(ctx);
    if (u < 0)
        return;
    glf_texenv *e = &f->env[u];
    if (target == GL_POINT_SPRITE) {
        if (pname != GL_COORD_REPLACE) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        e->coord_replace = p[0] != 0.0f;
        fixed_changed(ctx);
        return;
    }
    GLenum m = (GLenum)p[0];
    bool source, alpha;
    int arg;
    switch (pname) {
    case GL_TEXTURE_ENV_MODE:
        if (m != GL_MODULATE && m != GL_REPLACE && m != GL_DECAL && m != GL_BLEND && m != GL_ADD &&
            m != GL_COMBINE && m != GL_COMBINE4_NV) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        e->mode = m;
        break;
    case GL_TEXTURE_ENV_COLOR:
        for (int k = 0; k < 4; k++)
            f->v.texenv_color[u][k] = clamp01(p[k]);
        break;
    case GL_COMBINE_RGB:
    case GL_COMBINE_ALPHA:
        if (!combine_func_ok(m, pname == GL_COMBINE_ALPHA)) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        if (pname == GL_COMBINE_RGB)
            e->combine_rgb = m;
        else
            e->combine_alpha = m;
        break;
    case GL_RGB_SCALE:
    case GL_ALPHA_SCALE:
        if (p[0] != 1.0f && p[0] != 2.0f && p[0] != 4.0f) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        if (pname == GL_RGB_SCALE)
            e->rgb_scale = p[0];
        else
            e->alpha_scale = p[0];
        break;
    default:
        arg = combine_arg(pname, &source, &alpha);
        if (arg < 0) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        if (source) {
            if (!combine_src_ok(m)) {
                gl_error(ctx, GL_INVALID_ENUM);
                return;
            }
            (alpha ? e->src_alpha : e->src_rgb)[arg] = m;
        } else {
            bool ok = m == GL_SRC_ALPHA || m == GL_ONE_MINUS_SRC_ALPHA ||
                      (!alpha && (m == GL_SRC_COLOR || m == GL_ONE_MINUS_SRC_COLOR));
            if (!ok) {
                gl_error(ctx, GL_INVALID_ENUM);
                return;
            }
            (alpha ? e->op_alpha : e->op_rgb)[arg] = m;
        }
        break;
    }
    fixed_changed(ctx);
}

void swrgl_TexEnvfv(struct gl_context *ctx, GLenum target, GLenum pname, const GLfloat *params)
{
    if (!params)
        return;
    GLfloat p[4] = {params[0], 0, 0, 0};
    if (pname == GL_TEXTURE_ENV_COLOR)
        memcpy(p, params, sizeof p);
    tex_env(ctx, target, pname, p);
}

void swrgl_TexEnvf(struct gl_context *ctx, GLenum target, GLenum pname, GLfloat param)
{
    if (pname == GL_TEXTURE_ENV_COLOR) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    GLfloat p[4] = {param, 0, 0, 0};
    tex_env(ctx, target, pname, p);
}

void swrgl_TexEnviv(struct gl_context *ctx, GLenum target, GLenum pname, const GLint *params)
{
    if (!params)
        return;
    GLfloat p[4] = {(GLfloat)params[0], 0, 0, 0};
    if (pname == GL_TEXTURE_ENV_COLOR)
        for (int k = 0; k < 4; k++)
            p[k] = int_to_float_color(params[k]);
    tex_env(ctx, target, pname, p);
}

void swrgl_TexEnvi(struct gl_context *ctx, GLenum target, GLenum pname, GLint param)
{
    swrgl_TexEnvf(ctx, target, pname, (GLfloat)param);
}

void swrgl_GetTexEnvfv(struct gl_context *ctx, GLenum target, GLenum pname, GLfloat *params)
{
    gl_fixed_state *f = glf(ctx);
    if (target == GL_TEXTURE_FILTER_CONTROL && pname == GL_TEXTURE_LOD_BIAS) {
        if (params)
            params[0] = gl_texture_unit_lod_bias(ctx);
        return;
    }
    int u = (int)gl_texture_active_unit(ctx);
    if ((target != GL_TEXTURE_ENV && target != GL_POINT_SPRITE) ||
        (target == GL_POINT_SPRITE && pname != GL_COORD_REPLACE)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if ((u = glf_active_unit(ctx)) < 0 || !params)
        return;
    const glf_texenv *e = &f->env[u];
    bool source, alpha;
    int arg;
    switch (pname) {
    case GL_COORD_REPLACE: params[0] = e->coord_replace; return;
    case GL_TEXTURE_ENV_MODE: params[0] = (GLfloat)e->mode; return;
    case GL_TEXTURE_ENV_COLOR: memcpy(params, f->v.texenv_color[u], 4 * sizeof *params); return;
    case GL_COMBINE_RGB: params[0] = (GLfloat)e->combine_rgb; return;
    case GL_COMBINE_ALPHA: params[0] = (GLfloat)e->combine_alpha; return;
    case GL_RGB_SCALE: params[0] = e->rgb_scale; return;
    case GL_ALPHA_SCALE: params[0] = e->alpha_scale; return;
    default:
        arg = combine_arg(pname, &source, &alpha);
        if (arg < 0) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        params[0] = (GLfloat)(source ? (alpha ? e->src_alpha : e->src_rgb)[arg]
                                     : (alpha ? e->op_alpha : e->op_rgb)[arg]);
        return;
    }
}

void swrgl_GetTexEnviv(struct gl_context *ctx, GLenum target, GLenum pname, GLint *params)
{
    GLfloat p[4] = {0};
    GLenum before = ctx->error;
    swrgl_GetTexEnvfv(ctx, target, pname, p);
    if (!params || (ctx->error != before && ctx->error != GL_NO_ERROR))
        return;
    if (pname == GL_TEXTURE_ENV_COLOR) {
        for (int k = 0; k < 4; k++)
            params[k] = (GLint)lrint(((double)p[k] * 4294967295.0 - 1.0) / 2.0);
        return;
    }
    params[0] = (GLint)lrintf(p[0]);
}

/* ---- clip planes ----------------------------------------------------------------------- */

void swrgl_ClipPlane(struct gl_context *ctx, GLenum plane, const GLdouble *equation)
{
    if (plane < GL_CLIP_PLANE0 || plane >= GL_CLIP_PLANE0 + GL_FF_MAX_CLIP_PLANES) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (!equation)
        return;
    gl_fixed_state *f = glf(ctx);
    unsigned k = plane - GL_CLIP_PLANE0;
    double e[4];
    plane_to_eye(f->v.modelview, equation, e);
    for (int c = 0; c < 4; c++)
        f->v.clip_plane[k][c] = (float)e[c];
    gl_raster_set_clip_plane(ctx, k, e);
    fixed_changed(ctx);
}

/* ---- enables and glGet ------------------------------------------------------------------ */

static int set_flag(struct gl_context *ctx, bool *flag, int op)
{
    if (op != GL_ENABLE_OP_QUERY && *flag != (op == GL_ENABLE_OP_ON)) {
        *flag = op == GL_ENABLE_OP_ON;
        fixed_changed(ctx);
    }
    return *flag ? 1 : 0;
}

int glf_light_enable(struct gl_context *ctx, GLenum cap, int op)
{
    gl_fixed_state *f = glf(ctx);
    switch (cap) {
    case GL_LIGHTING: return set_flag(ctx, &f->lighting, op);
    case GL_NORMALIZE: return set_flag(ctx, &f->normalize, op);
    case GL_RESCALE_NORMAL: return set_flag(ctx, &f->rescale_normal, op);
    case GL_COLOR_MATERIAL: return set_flag(ctx, &f->color_material_on, op);
    case GL_FOG: return set_flag(ctx, &f->fog, op);
    case GL_COLOR_SUM: return set_flag(ctx, &f->color_sum, op);
    case GL_TEXTURE_GEN_S:
    case GL_TEXTURE_GEN_T:
    case GL_TEXTURE_GEN_R:
    case GL_TEXTURE_GEN_Q: {
        int u = glf_active_unit(ctx);
        if (u < 0)
            return 0;
        return set_flag(ctx, &f->texgen_on[u][cap - GL_TEXTURE_GEN_S], op);
    }
    default: break;
    }
    if (cap >= GL_LIGHT0 && cap < GL_LIGHT0 + GL_FF_MAX_LIGHTS) {
        uint8_t bit = (uint8_t)(1u << (cap - GL_LIGHT0));
        if (op != GL_ENABLE_OP_QUERY) {
            uint8_t n = op == GL_ENABLE_OP_ON ? (uint8_t)(f->light_on | bit)
                                              : (uint8_t)(f->light_on & ~bit);
            if (n != f->light_on) {
                f->light_on = n;
                fixed_changed(ctx);
            }
        }
        return (f->light_on & bit) != 0;
    }
    return -1;
}

static void value_floats(gl_value *v, const float *x, unsigned n, bool normalized)
{
    v->type = GL_VALUE_FLOAT;
    v->count = n;
    v->normalized = normalized;
    memcpy(v->f, x, n * sizeof *x);
}

bool glf_light_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    gl_fixed_state *f = glf(ctx);
    unsigned u = gl_texture_active_unit(ctx);
    if (u >= GL_FF_MAX_TEXTURE_UNITS)
        u = 0;
    switch (pname) {
    case GL_LIGHTING: gl_value_bool(v, f->lighting); return true;
    case GL_NORMALIZE: gl_value_bool(v, f->normalize); return true;
    case GL_RESCALE_NORMAL: gl_value_bool(v, f->rescale_normal); return true;
    case GL_COLOR_MATERIAL: gl_value_bool(v, f->color_material_on); return true;
    case GL_COLOR_MATERIAL_FACE: gl_value_int(v, (GLint)f->cm_face); return true;
    case GL_COLOR_MATERIAL_PARAMETER: gl_value_int(v, (GLint)f->cm_mode); return true;
    case GL_FOG: gl_value_bool(v, f->fog); return true;
    case GL_COLOR_SUM: gl_value_bool(v, f->color_sum); return true;
    case GL_MAX_LIGHTS: gl_value_int(v, GL_FF_MAX_LIGHTS); return true;
    case GL_LIGHT_MODEL_AMBIENT: value_floats(v, f->v.light_model_ambient, 4, true); return true;
    case GL_LIGHT_MODEL_LOCAL_VIEWER: gl_value_bool(v, f->local_viewer); return true;
    case GL_LIGHT_MODEL_TWO_SIDE: gl_value_bool(v, f->two_side); return true;
    case GL_LIGHT_MODEL_COLOR_CONTROL: gl_value_int(v, (GLint)f->color_control); return true;
    case GL_FOG_MODE: gl_value_int(v, (GLint)f->fog_mode); return true;
    case GL_FOG_DENSITY: gl_value_float(v, f->v.fog_density); return true;
    case GL_FOG_START: gl_value_float(v, f->v.fog_start); return true;
    case GL_FOG_END: gl_value_float(v, f->v.fog_end); return true;
    case GL_FOG_INDEX: gl_value_float(v, f->fog_index); return true;
    case GL_FOG_COLOR: value_floats(v, f->v.fog_color, 4, true); return true;
    case GL_FOG_COORD_SRC: gl_value_int(v, (GLint)f->fog_coord_src); return true;
    case GL_TEXTURE_GEN_S:
    case GL_TEXTURE_GEN_T:
    case GL_TEXTURE_GEN_R:
    case GL_TEXTURE_GEN_Q: gl_value_bool(v, f->texgen_on[u][pname - GL_TEXTURE_GEN_S]); return true;
    default: break;
    }
    if (pname >= GL_LIGHT0 && pname < GL_LIGHT0 + GL_FF_MAX_LIGHTS) {
        gl_value_bool(v, f->light_on >> (pname - GL_LIGHT0) & 1);
        return true;
    }
    return false;
}
