/*
 * gl_sampler.c: sampler objects (GL 3.3 section 3.8.2, ARB_sampler_objects):
 * glGenSamplers, glDeleteSamplers, glIsSampler, glBindSampler,
 * glSamplerParameter{i,f,iv,fv,Iiv,Iuiv}, glGetSamplerParameter{iv,fv,Iiv,Iuiv}.
 *
 * A sampler object holds the sampler state of a texture (wrap modes,
 * filters, border colour, LOD range and bias, compare mode and function,
 * anisotropy) in a gl_texparams of which only those fields are used. A
 * sampler bound to a unit replaces the bound texture's own sampler state
 * for that unit (the texture keeps its image state: base and max level,
 * swizzles, depth mode): gl_texture_validate_uses asks
 * gl_tex_unit_params for the parameters a unit samples with, which merges
 * the two, and both completeness and the pipe sampler CSO follow the
 * merged state (GL 3.3: a texture is complete for the sampler it is
 * sampled with).
 *
 * Names are made by glGenSamplers together with their objects (so
 * glIsSampler is true and glSamplerParameter works before the first bind,
 * as the spec has it); a name not made by glGenSamplers is
 * GL_INVALID_OPERATION for glBindSampler and the parameter commands.
 * Sampler objects are shared by a share group (gl_shared.samplers): they
 * are looked up, changed and read under the group's lock (the lock the
 * texture validation holds), and counted: the table holds one reference
 * and every unit binding of any context one, so glDeleteSamplers unbinds
 * the sampler from the units of its own context and the object lives on
 * while another context still has it bound (GL 3.3 appendix D). A change
 * of parameters bumps the group's texture change serial, so that every
 * context validates its samplers again.
 * Thread: the context's thread; shared state under the group's lock.
 */
#include "frontend-gallium/gl/texture/gl_texture_priv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct gl_sampobj {
    GLuint name;
    unsigned refs;  /* gl_ref_*: the table's + one per unit binding (any context) */
    gl_texparams p; /* the sampler fields only */
};

static void sampler_unref(gl_sampobj *s)
{
    if (s && gl_ref_dec(&s->refs))
        free(s);
}

static void sampler_defaults(gl_texparams *p)
{
    memset(p, 0, sizeof *p);
    p->min_filter = GL_NEAREST_MIPMAP_LINEAR;
    p->mag_filter = GL_LINEAR;
    p->wrap_s = p->wrap_t = p->wrap_r = GL_REPEAT;
    p->min_lod = -1000.0f;
    p->max_lod = 1000.0f;
    p->compare_mode = GL_NONE;
    p->compare_func = GL_LEQUAL;
    p->max_anisotropy = 1.0f;
}

/* The sampler called `name` (NULL if none); the caller holds the lock. */
static gl_sampobj *lookup(struct gl_context *ctx, GLuint name)
{
    void *o = gl_objects_get(gltex(ctx)->samplers, name);
    return o == GL_OBJECT_RESERVED ? NULL : o;
}

static void lock(struct gl_context *ctx) { gl_objects_lock(gltex(ctx)->samplers); }
static void unlock(struct gl_context *ctx) { gl_objects_unlock(gltex(ctx)->samplers); }

/* The parameters unit `unit` samples texture t with: the texture's, with
 * a bound sampler object's sampler state in place of its own. Called by
 * the validation under the group's lock. */
const gl_texparams *gl_tex_unit_params(struct gl_context *ctx, const gl_texobj *t, unsigned unit,
                                       gl_texparams *scratch)
{
    const gl_sampobj *s = unit < SWRGL_MAX_TEXTURE_UNITS ? gltex(ctx)->sampler_bound[unit] : NULL;
    if (!s)
        return &t->p;
    *scratch = t->p;
    const gl_texparams *q = &s->p;
    scratch->min_filter = q->min_filter;
    scratch->mag_filter = q->mag_filter;
    scratch->wrap_s = q->wrap_s;
    scratch->wrap_t = q->wrap_t;
    scratch->wrap_r = q->wrap_r;
    memcpy(scratch->border_color, q->border_color, sizeof q->border_color);
    memcpy(scratch->border_color_i, q->border_color_i, sizeof q->border_color_i);
    scratch->border_is_int = q->border_is_int;
    scratch->min_lod = q->min_lod;
    scratch->max_lod = q->max_lod;
    scratch->lod_bias = q->lod_bias;
    scratch->compare_mode = q->compare_mode;
    scratch->compare_func = q->compare_func;
    scratch->max_anisotropy = q->max_anisotropy;
    return scratch;
}

void swrgl_GenSamplers(struct gl_context *ctx, GLsizei count, GLuint *samplers)
{
    gl_texture_state *tp = gltex(ctx);
    if (count < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    lock(ctx);
    for (GLsizei i = 0; i < count && samplers; i++) {
        gl_sampobj *s = calloc(1, sizeof *s);
        uint32_t name = s ? gl_objects_gen(tp->samplers) : 0;
        if (s) {
            s->name = name;
            s->refs = 1; /* the table's */
            sampler_defaults(&s->p);
        }
        if (!s || !name || !gl_objects_put(tp->samplers, name, s)) {
            free(s);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            break;
        }
        samplers[i] = name;
    }
    unlock(ctx);
}

static void sampler_release(struct gl_context *ctx, uint32_t name, void *obj)
{
    (void)name;
    gl_texture_state *tp = gltex(ctx);
    /* deleting a bound sampler unbinds it from every unit (GL 3.3 3.8.2) */
    for (unsigned u = 0; u < SWRGL_MAX_TEXTURE_UNITS; u++) {
        if (tp->sampler_bound[u] == obj) {
            tp->sampler_bound[u] = NULL;
            sampler_unref(obj);
            tp->dirty = true;
        }
    }
    sampler_unref(obj); /* the table's (other contexts' bindings keep it) */
}

void swrgl_DeleteSamplers(struct gl_context *ctx, GLsizei count, const GLuint *samplers)
{
    if (count > 0 && !samplers)
        return;
    gl_objects_delete_names(ctx, gltex(ctx)->samplers, count, samplers, sampler_release);
}

GLboolean swrgl_IsSampler(struct gl_context *ctx, GLuint sampler)
{
    lock(ctx);
    bool is = sampler && lookup(ctx, sampler);
    unlock(ctx);
    return is ? GL_TRUE : GL_FALSE;
}

void swrgl_BindSampler(struct gl_context *ctx, GLuint unit, GLuint sampler)
{
    gl_texture_state *tp = gltex(ctx);
    if (unit >= SWRGL_MAX_TEXTURE_UNITS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    lock(ctx);
    gl_sampobj *s = sampler ? lookup(ctx, sampler) : NULL;
    if (sampler && !s) {
        unlock(ctx);
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (tp->sampler_bound[unit] != s) {
        if (s)
            gl_ref_inc(&s->refs);
        sampler_unref(tp->sampler_bound[unit]);
        tp->sampler_bound[unit] = s;
        tp->dirty = true;
    }
    unlock(ctx);
}

GLuint gl_tex_sampler_binding(struct gl_context *ctx, unsigned unit)
{
    const gl_sampobj *s = unit < SWRGL_MAX_TEXTURE_UNITS ? gltex(ctx)->sampler_bound[unit] : NULL;
    return s ? s->name : 0;
}

/* ---- parameters ---- */

enum { SP_FLOAT, SP_INT, SP_IINT, SP_IUINT };

static bool wrap_ok(struct gl_context *ctx, GLenum w)
{
    return w == GL_CLAMP_TO_EDGE || w == GL_CLAMP_TO_BORDER || w == GL_REPEAT ||
           w == GL_MIRRORED_REPEAT || (w == GL_CLAMP && !gl_is_core(ctx));
}

/* v: the values as doubles, iv: as integers (kind says which came in). */
static void sampler_parameter(struct gl_context *ctx, GLuint sampler, GLenum pname,
                              const double *v, const GLint *iv, unsigned count, int kind)
{
    lock(ctx);
    gl_sampobj *s = lookup(ctx, sampler);
    if (!s) {
        unlock(ctx);
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    gl_texparams *p = &s->p;
    GLint e = (GLint)lrint(v[0]);
    switch (pname) {
    case GL_TEXTURE_WRAP_S:
    case GL_TEXTURE_WRAP_T:
    case GL_TEXTURE_WRAP_R:
        if (!wrap_ok(ctx, (GLenum)e))
            goto bad_enum;
        if (pname == GL_TEXTURE_WRAP_S)
            p->wrap_s = (GLenum)e;
        else if (pname == GL_TEXTURE_WRAP_T)
            p->wrap_t = (GLenum)e;
        else
            p->wrap_r = (GLenum)e;
        break;
    case GL_TEXTURE_MIN_FILTER:
        if (e != GL_NEAREST && e != GL_LINEAR && e != GL_NEAREST_MIPMAP_NEAREST &&
            e != GL_LINEAR_MIPMAP_NEAREST && e != GL_NEAREST_MIPMAP_LINEAR &&
            e != GL_LINEAR_MIPMAP_LINEAR)
            goto bad_enum;
        p->min_filter = (GLenum)e;
        break;
    case GL_TEXTURE_MAG_FILTER:
        if (e != GL_NEAREST && e != GL_LINEAR)
            goto bad_enum;
        p->mag_filter = (GLenum)e;
        break;
    case GL_TEXTURE_BORDER_COLOR:
        if (count < 4)
            goto bad_enum;
        for (int k = 0; k < 4; k++) {
            /* glSamplerParameteriv: integers map to [-1, 1] (GL 3.3 table 2.10) */
            p->border_color[k] = kind == SP_INT ? (2.0f * (float)iv[k] + 1.0f) / 4294967295.0f
                                                : (float)v[k];
            p->border_color_i[k] = kind >= SP_IINT ? iv[k] : (GLint)lrint(v[k]);
        }
        p->border_is_int = kind >= SP_IINT;
        break;
    case GL_TEXTURE_MIN_LOD:
        p->min_lod = (float)v[0];
        break;
    case GL_TEXTURE_MAX_LOD:
        p->max_lod = (float)v[0];
        break;
    case GL_TEXTURE_LOD_BIAS:
        p->lod_bias = (float)v[0];
        break;
    case GL_TEXTURE_COMPARE_MODE:
        if (e != GL_NONE && e != GL_COMPARE_REF_TO_TEXTURE)
            goto bad_enum;
        p->compare_mode = (GLenum)e;
        break;
    case GL_TEXTURE_COMPARE_FUNC:
        if (e < GL_NEVER || e > GL_ALWAYS)
            goto bad_enum;
        p->compare_func = (GLenum)e;
        break;
    case GL_TEXTURE_MAX_ANISOTROPY_EXT:
        if (!(v[0] >= 1.0)) {
            unlock(ctx);
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        p->max_anisotropy = (float)v[0];
        break;
    default:
        goto bad_enum;
    }
    unlock(ctx);
    /* every context of the group validates its samplers again */
    gl_serial_bump(&ctx->shared->tex_change_serial);
    gltex(ctx)->dirty = true;
    return;
bad_enum:
    unlock(ctx);
    gl_error(ctx, GL_INVALID_ENUM);
}

static void sampler_parameter_iv(struct gl_context *ctx, GLuint sampler, GLenum pname,
                                 const GLint *params, int kind)
{
    if (!params)
        return;
    unsigned n = pname == GL_TEXTURE_BORDER_COLOR ? 4 : 1;
    double v[4] = {0};
    GLint iv[4] = {0};
    for (unsigned k = 0; k < n; k++) {
        v[k] = kind == SP_IUINT ? (double)(GLuint)params[k] : params[k];
        iv[k] = params[k];
    }
    sampler_parameter(ctx, sampler, pname, v, iv, n, kind);
}

void swrgl_SamplerParameteri(struct gl_context *ctx, GLuint sampler, GLenum pname, GLint param)
{
    double v[4] = {param, 0, 0, 0};
    GLint iv[4] = {param, 0, 0, 0};
    sampler_parameter(ctx, sampler, pname, v, iv, 1, SP_INT);
}

void swrgl_SamplerParameterf(struct gl_context *ctx, GLuint sampler, GLenum pname, GLfloat param)
{
    double v[4] = {param, 0, 0, 0};
    GLint iv[4] = {(GLint)param, 0, 0, 0};
    sampler_parameter(ctx, sampler, pname, v, iv, 1, SP_FLOAT);
}

void swrgl_SamplerParameteriv(struct gl_context *ctx, GLuint sampler, GLenum pname,
                              const GLint *param)
{
    sampler_parameter_iv(ctx, sampler, pname, param, SP_INT);
}

void swrgl_SamplerParameterIiv(struct gl_context *ctx, GLuint sampler, GLenum pname,
                               const GLint *param)
{
    sampler_parameter_iv(ctx, sampler, pname, param, SP_IINT);
}

void swrgl_SamplerParameterIuiv(struct gl_context *ctx, GLuint sampler, GLenum pname,
                                const GLuint *param)
{
    sampler_parameter_iv(ctx, sampler, pname, (const GLint *)param, SP_IUINT);
}

void swrgl_SamplerParameterfv(struct gl_context *ctx, GLuint sampler, GLenum pname,
                              const GLfloat *param)
{
    if (!param)
        return;
    unsigned n = pname == GL_TEXTURE_BORDER_COLOR ? 4 : 1;
    double v[4] = {0};
    GLint iv[4] = {0};
    for (unsigned k = 0; k < n; k++) {
        v[k] = param[k];
        iv[k] = (GLint)param[k];
    }
    sampler_parameter(ctx, sampler, pname, v, iv, n, SP_FLOAT);
}

/* A parameter's values into v[] (count returned; 0: error recorded);
 * *norm: a colour (the normalized integer conversion applies). */
static unsigned get_sampler_parameter(struct gl_context *ctx, GLuint sampler, GLenum pname,
                                      double *v, bool *norm, gl_texparams *out)
{
    lock(ctx);
    const gl_sampobj *s = lookup(ctx, sampler);
    if (s)
        *out = s->p;
    unlock(ctx);
    if (!s) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return 0;
    }
    *norm = false;
    unsigned n = gl_texparams_get_sampler_state(out, pname, v, norm);
    if (!n)
        gl_error(ctx, GL_INVALID_ENUM);
    return n;
}

void swrgl_GetSamplerParameterfv(struct gl_context *ctx, GLuint sampler, GLenum pname,
                                 GLfloat *params)
{
    double v[4];
    bool norm;
    gl_texparams sp;
    unsigned n = get_sampler_parameter(ctx, sampler, pname, v, &norm, &sp);
    for (unsigned k = 0; params && k < n; k++)
        params[k] = (GLfloat)v[k];
}

void swrgl_GetSamplerParameteriv(struct gl_context *ctx, GLuint sampler, GLenum pname,
                                 GLint *params)
{
    double v[4];
    bool norm;
    gl_texparams sp;
    unsigned n = get_sampler_parameter(ctx, sampler, pname, v, &norm, &sp);
    for (unsigned k = 0; params && k < n; k++) {
        double d = v[k];
        if (norm)
            d = fmin(fmax(d, -1.0), 1.0) * 2147483647.0;
        params[k] = (GLint)lrint(fmin(fmax(d, -2147483648.0), 2147483647.0));
    }
}

void swrgl_GetSamplerParameterIiv(struct gl_context *ctx, GLuint sampler, GLenum pname,
                                  GLint *params)
{
    if (pname != GL_TEXTURE_BORDER_COLOR) {
        swrgl_GetSamplerParameteriv(ctx, sampler, pname, params);
        return;
    }
    double v[4];
    bool norm;
    gl_texparams sp;
    if (!get_sampler_parameter(ctx, sampler, pname, v, &norm, &sp))
        return;
    for (int k = 0; params && k < 4; k++)
        params[k] = sp.border_is_int ? sp.border_color_i[k] : (GLint)lrintf(sp.border_color[k]);
}

void swrgl_GetSamplerParameterIuiv(struct gl_context *ctx, GLuint sampler, GLenum pname,
                                   GLuint *params)
{
    swrgl_GetSamplerParameterIiv(ctx, sampler, pname, (GLint *)params);
}

static void free_sampler(void *user, uint32_t name, void *obj)
{
    (void)user;
    (void)name;
    if (obj != GL_OBJECT_RESERVED)
        sampler_unref(obj);
}

/* The context's bindings go; the group's last context frees the table's
 * samplers (gl_shared_destroy frees the table itself). */
void gl_tex_samplers_fini(struct gl_context *ctx)
{
    gl_texture_state *tp = gltex(ctx);
    if (!tp->samplers)
        return;
    lock(ctx);
    for (unsigned u = 0; u < SWRGL_MAX_TEXTURE_UNITS; u++) {
        sampler_unref(tp->sampler_bound[u]);
        tp->sampler_bound[u] = NULL;
    }
    if (ctx->shared_last)
        gl_objects_each(tp->samplers, free_sampler, NULL);
    unlock(ctx);
}
