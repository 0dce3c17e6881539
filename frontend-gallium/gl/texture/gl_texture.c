/*
 * gl_texture.c: texture objects and units, texture parameters, glGet and
 * glEnable of the texture part, and the draw-time binding of sampler views
 * and sampler CSOs (gl_texture_validate; a unit's sampler object, from
 * gl_sampler.c, replaces its texture's sampler state). Images live in
 * gl_texture_image.c.
 */
#include "frontend-gallium/gl/texture/gl_texture_priv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/format/fmt.h"
#include "frontend-gallium/gl/vertex/gl_vertex.h"
#include "tgsi/tgsi.h"

/* ---- helpers -------------------------------------------------------------- */

int gl_tex_target_index(GLenum target)
{
    switch (target) {
    case GL_TEXTURE_1D: return TEX_1D;
    case GL_TEXTURE_2D: return TEX_2D;
    case GL_TEXTURE_3D: return TEX_3D;
    case GL_TEXTURE_CUBE_MAP: return TEX_CUBE;
    case GL_TEXTURE_RECTANGLE: return TEX_RECT;
    case GL_TEXTURE_1D_ARRAY: return TEX_1D_ARRAY;
    case GL_TEXTURE_2D_ARRAY: return TEX_2D_ARRAY;
    case GL_TEXTURE_BUFFER: return TEX_BUFFER;
    default: return -1;
    }
}

enum pipe_texture_target gl_tex_pipe_target(int ti)
{
    static const enum pipe_texture_target map[TEX_NUM_TARGETS] = {
        PIPE_TEXTURE_1D,   PIPE_TEXTURE_2D,       PIPE_TEXTURE_3D,       PIPE_TEXTURE_CUBE,
        PIPE_TEXTURE_RECT, PIPE_TEXTURE_1D_ARRAY, PIPE_TEXTURE_2D_ARRAY, PIPE_BUFFER,
    };
    return ti >= 0 && ti < TEX_NUM_TARGETS ? map[ti] : PIPE_TEXTURE_2D;
}

unsigned gl_tex_chain_levels(GLsizei w, GLsizei h, GLsizei d)
{
    GLsizei m = w > h ? w : h;
    if (d > m)
        m = d;
    unsigned n = 1;
    while (m > 1) {
        m >>= 1;
        n++;
    }
    return n;
}

bool gl_tex_min_uses_mips(GLenum f) { return f != GL_NEAREST && f != GL_LINEAR; }

static GLsizei lvl(GLsizei x, unsigned k)
{
    GLsizei r = x >> k;
    return r ? r : 1;
}

static void params_default(gl_texparams *p, int ti)
{
    memset(p, 0, sizeof *p);
    bool rect = ti == TEX_RECT;
    p->min_filter = rect ? GL_LINEAR : GL_NEAREST_MIPMAP_LINEAR;
    p->mag_filter = GL_LINEAR;
    p->wrap_s = p->wrap_t = p->wrap_r = rect ? GL_CLAMP_TO_EDGE : GL_REPEAT;
    p->min_lod = -1000.0f;
    p->max_lod = 1000.0f;
    p->max_level = 1000;
    p->max_anisotropy = 1.0f;
    p->priority = 1.0f;
    p->compare_mode = GL_NONE;
    p->compare_func = GL_LEQUAL;
    p->depth_mode = GL_LUMINANCE;
    p->swizzle[0] = GL_RED;
    p->swizzle[1] = GL_GREEN;
    p->swizzle[2] = GL_BLUE;
    p->swizzle[3] = GL_ALPHA;
}

static gl_texobj *texobj_new(GLuint name, int ti)
{
    static uint64_t next_uid;
    gl_texobj *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->name = name;
    t->refs = 1;
    t->uid = __atomic_add_fetch(&next_uid, 1, __ATOMIC_RELAXED);
    t->target = ti;
    params_default(&t->p, ti < 0 ? TEX_2D : ti);
    return t;
}

static void texobj_free(struct gl_context *ctx, gl_texobj *t)
{
    if (!t)
        return;
    gl_tex_release(ctx, t);
    free(t);
}

static void texobj_unref(struct gl_context *ctx, gl_texobj *t)
{
    if (t && gl_ref_dec(&t->refs))
        texobj_free(ctx, t);
}

void gl_tex_changed(struct gl_context *ctx, gl_texobj *t)
{
    if (t)
        t->serial++;
    gltex(ctx)->dirty = true;
    /* Other contexts of the group validate their textures again. */
    gl_serial_bump(&ctx->shared->tex_change_serial);
}

gl_texobj *gl_tex_current(struct gl_context *ctx, int ti)
{
    gl_texture_state *tp = gltex(ctx);
    gl_texobj *t = tp->bound[tp->active_unit][ti];
    return t ? t : tp->defaults[ti];
}

bool gl_tex_complete(const gl_texobj *t, unsigned *last_out)
{
    return gl_tex_complete_with(t, &t->p, last_out);
}

bool gl_tex_complete_with(const gl_texobj *t, const gl_texparams *p, unsigned *last_out)
{
    if (p->base_level < 0 || p->base_level >= GLTEX_MAX_LEVELS || p->base_level > p->max_level)
        return false;
    unsigned base = (unsigned)p->base_level;
    const gl_teximage *b = &t->img[0][base];
    if (!b->defined || !b->width || !b->height || !b->depth || !b->res)
        return false;
    unsigned faces = t->target == TEX_CUBE ? 6 : 1;
    for (unsigned f = 1; f < faces; f++) {
        const gl_teximage *o = &t->img[f][base];
        if (!o->defined || o->width != b->width || o->height != b->height ||
            o->internal_format != b->internal_format || o->format != b->format || !o->res)
            return false;
    }
    if (faces == 6 && b->width != b->height)
        return false;
    const fmt_desc *fd = fmt_get(b->format);
    if (fd && fd->is_pure_int &&
        (p->mag_filter != GL_NEAREST ||
         (p->min_filter != GL_NEAREST && p->min_filter != GL_NEAREST_MIPMAP_NEAREST)))
        return false;
    unsigned last = base;
    if (gl_tex_min_uses_mips(p->min_filter) && t->target != TEX_RECT) {
        GLsizei h = t->target == TEX_1D || t->target == TEX_1D_ARRAY ? 1 : b->height;
        GLsizei d = t->target == TEX_3D ? b->depth : 1;
        unsigned q = base + gl_tex_chain_levels(b->width, h, d) - 1;
        if ((GLint)q > p->max_level)
            q = (unsigned)p->max_level;
        if (q >= GLTEX_MAX_LEVELS)
            q = GLTEX_MAX_LEVELS - 1;
        for (unsigned l = base + 1; l <= q; l++) {
            unsigned k = l - base;
            for (unsigned f = 0; f < faces; f++) {
                const gl_teximage *o = &t->img[f][l];
                GLsizei eh = t->target == TEX_1D_ARRAY ? b->height : lvl(b->height, k);
                GLsizei ed = t->target == TEX_3D ? lvl(b->depth, k) : b->depth;
                if (!o->defined || o->internal_format != b->internal_format ||
                    o->format != b->format || o->width != lvl(b->width, k) || o->height != eh ||
                    o->depth != ed || o->border != b->border || !o->res)
                    return false;
            }
        }
        last = q;
    }
    if (last_out)
        *last_out = last;
    return true;
}

/* ---- init / fini ------------------------------------------------------------ */

bool gl_texture_init(struct gl_context *ctx)
{
    gl_texture_state *tp = calloc(1, sizeof *tp);
    if (!tp)
        return false;
    tp->textures = &ctx->shared->textures;
    tp->storage_serial = &ctx->shared->tex_storage_serial;
    tp->samplers = &ctx->shared->samplers;
    ctx->texture = tp;
    for (int i = 0; i < TEX_NUM_TARGETS; i++) {
        tp->defaults[i] = texobj_new(0, i);
        tp->proxy[i] = texobj_new(0, i);
        if (!tp->defaults[i] || !tp->proxy[i]) {
            gl_texture_fini(ctx);
            return false;
        }
    }
    tp->dirty = true;
    return true;
}

static void free_each(void *user, uint32_t name, void *obj)
{
    (void)name;
    if (obj != GL_OBJECT_RESERVED)
        texobj_unref(user, obj);
}

void gl_texture_fini(struct gl_context *ctx)
{
    gl_texture_state *tp = gltex(ctx);
    if (!tp)
        return;
    for (unsigned s = 0; s < 2; s++) {
        if (tp->num_bound[s]) {
            ctx->pipe->set_sampler_views(ctx->pipe, s, 0, tp->num_bound[s], NULL);
            ctx->pipe->bind_sampler_states(ctx->pipe, s, 0, tp->num_bound[s], NULL);
        }
    }
    for (unsigned i = 0; i < GLTEX_VIEW_CACHE; i++)
        pipe_sampler_view_reference(&tp->views[i].view, NULL);
    gl_tex_samplers_fini(ctx);
    for (int u = 0; u < SWRGL_MAX_TEXTURE_UNITS; u++)
        for (int k = 0; k < TEX_NUM_TARGETS; k++)
            texobj_unref(ctx, tp->bound[u][k]);
    if (ctx->shared_last) { /* else the other contexts of the group keep them */
        gl_objects_lock(ctx->texture->textures);
        gl_objects_each(ctx->texture->textures, free_each, ctx);
        gl_objects_fini(ctx->texture->textures);
        gl_objects_unlock(ctx->texture->textures);
    }
    for (int i = 0; i < TEX_NUM_TARGETS; i++) {
        texobj_free(ctx, tp->defaults[i]);
        texobj_free(ctx, tp->proxy[i]);
    }
    for (unsigned i = 0; i < tp->cache_count; i++)
        ctx->pipe->delete_sampler_state(ctx->pipe, tp->cache[i].cso);
    for (int i = 0; i < PIPE_MAX_TEXTURE_TYPES; i++) {
        pipe_sampler_view_reference(&tp->dummy_view[i], NULL);
        pipe_resource_reference(&tp->dummy[i], NULL);
    }
    free(tp);
    ctx->texture = NULL;
}

void gl_texture_connect_framebuffer(struct gl_context *ctx, const gl_texture_fb_calls *calls)
{
    gltex(ctx)->fb = *calls;
}

/* ---- objects ---------------------------------------------------------------- */

void swrgl_GenTextures(struct gl_context *ctx, GLsizei n, GLuint *textures)
{
    gl_objects_gen_names(ctx, ctx->texture->textures, n, textures);
}

static void texobj_release(struct gl_context *ctx, uint32_t name, void *obj)
{
    gl_texture_state *tp = gltex(ctx);
    gl_texobj *t = obj;
    /* Unbound from this context's units; bindings in other contexts of the
     * share group keep it alive (GL 2.1 appendix D.1). */
    for (int u = 0; u < SWRGL_MAX_TEXTURE_UNITS; u++) {
        for (int k = 0; k < TEX_NUM_TARGETS; k++) {
            if (tp->bound[u][k] == t) {
                tp->bound[u][k] = NULL;
                texobj_unref(ctx, t);
            }
        }
    }
    /* GL: a texture deleted while attached to a bound framebuffer is
     * detached from it first. */
    tp->fb.texture_deleted(ctx, name);
    gl_tex_view_entry *e = &tp->views[t->uid & (GLTEX_VIEW_CACHE - 1)];
    if (e->uid == t->uid) { /* let its storage go now (the pipe keeps what it still uses) */
        pipe_sampler_view_reference(&e->view, NULL);
        memset(e, 0, sizeof *e);
    }
    texobj_unref(ctx, t); /* the table's */
    tp->dirty = true;
}

void swrgl_DeleteTextures(struct gl_context *ctx, GLsizei n, const GLuint *textures)
{
    gl_objects_delete_names(ctx, ctx->texture->textures, n, textures, texobj_release);
}

GLboolean swrgl_IsTexture(struct gl_context *ctx, GLuint texture)
{
    gl_texobj *t = gl_objects_get(ctx->texture->textures, texture);
    return t && t != GL_OBJECT_RESERVED && t->target >= 0 ? GL_TRUE : GL_FALSE;
}

bool gl_texture_exists(struct gl_context *ctx, GLuint name)
{
    return swrgl_IsTexture(ctx, name) == GL_TRUE;
}

GLenum gl_texture_target(struct gl_context *ctx, GLuint name)
{
    static const GLenum targets[TEX_NUM_TARGETS] = {
        GL_TEXTURE_1D,        GL_TEXTURE_2D,       GL_TEXTURE_3D,       GL_TEXTURE_CUBE_MAP,
        GL_TEXTURE_RECTANGLE, GL_TEXTURE_1D_ARRAY, GL_TEXTURE_2D_ARRAY,
    };
    gl_texobj *t = gl_objects_get(ctx->texture->textures, name);
    if (!t || t == GL_OBJECT_RESERVED || t->target < 0 || t->target >= TEX_NUM_TARGETS)
        return GL_NONE;
    return targets[t->target];
}

void swrgl_BindTexture(struct gl_context *ctx, GLenum target, GLuint texture)
{
    int ti = gl_tex_target_index(target);
    if (ti < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_texture_state *tp = gltex(ctx);
    gl_texobj *t = NULL;
    if (texture) {
        /* Look-up (or creation) and reference under the share lock. */
        gl_objects_lock(ctx->texture->textures);
        t = gl_objects_get(ctx->texture->textures, texture);
        if (!t || t == GL_OBJECT_RESERVED) {
            t = texobj_new(texture, ti);
            if (!t || !gl_objects_put(ctx->texture->textures, texture, t)) {
                gl_objects_unlock(ctx->texture->textures);
                free(t);
                gl_error(ctx, GL_OUT_OF_MEMORY);
                return;
            }
        } else if (t->target != ti) {
            gl_objects_unlock(ctx->texture->textures);
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        gl_ref_inc(&t->refs); /* the binding's */
        gl_objects_unlock(ctx->texture->textures);
    }
    gl_texobj *old = tp->bound[tp->active_unit][ti];
    tp->bound[tp->active_unit][ti] = t;
    if (old != t)
        tp->dirty = true;
    texobj_unref(ctx, old);
}

void swrgl_ActiveTexture(struct gl_context *ctx, GLenum texture)
{
    if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + SWRGL_MAX_TEXTURE_UNITS) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gltex(ctx)->active_unit = texture - GL_TEXTURE0;
}

void swrgl_PrioritizeTextures(struct gl_context *ctx, GLsizei n, const GLuint *textures,
                              const GLfloat *priorities)
{
    if (n < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!textures || !priorities)
        return;
    for (GLsizei i = 0; i < n; i++) {
        gl_texobj *t = gl_objects_get(ctx->texture->textures, textures[i]);
        if (t && t != GL_OBJECT_RESERVED)
            t->p.priority = fminf(fmaxf(priorities[i], 0.0f), 1.0f);
    }
}

GLboolean swrgl_AreTexturesResident(struct gl_context *ctx, GLsizei n, const GLuint *textures,
                                    GLboolean *residences)
{
    if (n < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return GL_FALSE;
    }
    if (!textures)
        return GL_FALSE;
    for (GLsizei i = 0; i < n; i++) {
        gl_texobj *t = gl_objects_get(ctx->texture->textures, textures[i]);
        if (!textures[i] || !t || t == GL_OBJECT_RESERVED) {
            gl_error(ctx, GL_INVALID_VALUE);
            return GL_FALSE;
        }
    }
    (void)residences; /* all resident: GL leaves residences untouched then */
    return GL_TRUE;
}

/* ---- parameters ------------------------------------------------------------- */

enum { PV_FLOAT, PV_INT, PV_IINT, PV_IUINT };

static bool valid_wrap(GLenum w, bool rect)
{
    switch (w) {
    case GL_CLAMP:
    case GL_CLAMP_TO_EDGE:
    case GL_CLAMP_TO_BORDER:
        return true;
    case GL_REPEAT:
    case GL_MIRRORED_REPEAT:
        return !rect;
    default:
        return false;
    }
}

static bool valid_func(GLenum f) { return f >= GL_NEVER && f <= GL_ALWAYS; }

static bool valid_swizzle(GLint s)
{
    return s == GL_RED || s == GL_GREEN || s == GL_BLUE || s == GL_ALPHA || s == GL_ZERO ||
           s == GL_ONE;
}

/* Converts an integer colour component to [-1, 1] (GL 2.1 table 2.9). */
static float int_to_norm(GLint c) { return (2.0f * (float)c + 1.0f) / 4294967295.0f; }

static void tex_parameter(struct gl_context *ctx, GLenum target, GLenum pname, const double *v,
                          unsigned count, int kind, const GLint *iv)
{
    int ti = gl_tex_target_index(target);
    if (ti < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_texobj *t = gl_tex_current(ctx, ti);
    gl_texparams *p = &t->p;
    bool rect = ti == TEX_RECT;
    GLint e = (GLint)lrint(v[0]);
    switch (pname) {
    case GL_TEXTURE_MIN_FILTER:
        if (!(e == GL_NEAREST || e == GL_LINEAR ||
              (!rect && (e == GL_NEAREST_MIPMAP_NEAREST || e == GL_LINEAR_MIPMAP_NEAREST ||
                         e == GL_NEAREST_MIPMAP_LINEAR || e == GL_LINEAR_MIPMAP_LINEAR))))
            goto bad_enum;
        p->min_filter = (GLenum)e;
        break;
    case GL_TEXTURE_MAG_FILTER:
        if (e != GL_NEAREST && e != GL_LINEAR)
            goto bad_enum;
        p->mag_filter = (GLenum)e;
        break;
    case GL_TEXTURE_WRAP_S:
    case GL_TEXTURE_WRAP_T:
    case GL_TEXTURE_WRAP_R:
        if (!valid_wrap((GLenum)e, rect))
            goto bad_enum;
        if (pname == GL_TEXTURE_WRAP_S)
            p->wrap_s = (GLenum)e;
        else if (pname == GL_TEXTURE_WRAP_T)
            p->wrap_t = (GLenum)e;
        else
            p->wrap_r = (GLenum)e;
        break;
    case GL_TEXTURE_BORDER_COLOR:
        if (count < 4)
            goto bad_enum;
        for (int k = 0; k < 4; k++) {
            if (kind == PV_INT)
                p->border_color[k] = int_to_norm(iv[k]);
            else
                p->border_color[k] = (float)v[k];
            p->border_color_i[k] = kind >= PV_IINT ? iv[k] : (GLint)lrint(v[k]);
        }
        p->border_is_int = kind >= PV_IINT;
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
    case GL_TEXTURE_BASE_LEVEL:
        if (e < 0)
            goto bad_value;
        if (rect && e != 0) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        p->base_level = e;
        break;
    case GL_TEXTURE_MAX_LEVEL:
        if (e < 0)
            goto bad_value;
        p->max_level = e;
        break;
    case GL_TEXTURE_COMPARE_MODE:
        if (e != GL_NONE && e != GL_COMPARE_R_TO_TEXTURE)
            goto bad_enum;
        p->compare_mode = (GLenum)e;
        break;
    case GL_TEXTURE_COMPARE_FUNC:
        if (!valid_func((GLenum)e))
            goto bad_enum;
        p->compare_func = (GLenum)e;
        break;
    case GL_DEPTH_TEXTURE_MODE:
        if (e != GL_LUMINANCE && e != GL_INTENSITY && e != GL_ALPHA && e != GL_RED)
            goto bad_enum;
        p->depth_mode = (GLenum)e;
        break;
    case GL_GENERATE_MIPMAP:
        p->generate_mipmap = v[0] != 0.0;
        break;
    case GL_TEXTURE_MAX_ANISOTROPY_EXT:
        if (!(v[0] >= 1.0))
            goto bad_value;
        p->max_anisotropy = (float)v[0];
        break;
    case GL_TEXTURE_PRIORITY:
        p->priority = fminf(fmaxf((float)v[0], 0.0f), 1.0f);
        break;
    case GL_TEXTURE_SWIZZLE_R:
    case GL_TEXTURE_SWIZZLE_G:
    case GL_TEXTURE_SWIZZLE_B:
    case GL_TEXTURE_SWIZZLE_A:
        if (!valid_swizzle(e))
            goto bad_enum;
        p->swizzle[pname - GL_TEXTURE_SWIZZLE_R] = e;
        break;
    case GL_TEXTURE_SWIZZLE_RGBA:
        if (count < 4)
            goto bad_enum;
        for (int k = 0; k < 4; k++)
            if (!valid_swizzle((GLint)lrint(v[k])))
                goto bad_enum;
        for (int k = 0; k < 4; k++)
            p->swizzle[k] = (GLint)lrint(v[k]);
        break;
    default:
        goto bad_enum;
    }
    gl_tex_changed(ctx, t);
    return;
bad_enum:
    gl_error(ctx, GL_INVALID_ENUM);
    return;
bad_value:
    gl_error(ctx, GL_INVALID_VALUE);
}

static unsigned param_count(GLenum pname)
{
    return pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA ? 4 : 1;
}

void swrgl_TexParameterf(struct gl_context *ctx, GLenum target, GLenum pname, GLfloat param)
{
    double v[4] = {param, 0, 0, 0};
    GLint iv[4] = {(GLint)param, 0, 0, 0};
    tex_parameter(ctx, target, pname, v, 1, PV_FLOAT, iv);
}

void swrgl_TexParameteri(struct gl_context *ctx, GLenum target, GLenum pname, GLint param)
{
    double v[4] = {param, 0, 0, 0};
    GLint iv[4] = {param, 0, 0, 0};
    tex_parameter(ctx, target, pname, v, 1, PV_INT, iv);
}

void swrgl_TexParameterfv(struct gl_context *ctx, GLenum target, GLenum pname,
                          const GLfloat *params)
{
    if (!params)
        return;
    unsigned n = param_count(pname);
    double v[4] = {0};
    GLint iv[4] = {0};
    for (unsigned k = 0; k < n; k++) {
        v[k] = params[k];
        iv[k] = (GLint)params[k];
    }
    tex_parameter(ctx, target, pname, v, n, PV_FLOAT, iv);
}

static void tex_parameter_iv(struct gl_context *ctx, GLenum target, GLenum pname,
                             const GLint *params, int kind)
{
    if (!params)
        return;
    unsigned n = param_count(pname);
    double v[4] = {0};
    GLint iv[4] = {0};
    for (unsigned k = 0; k < n; k++) {
        v[k] = kind == PV_IUINT ? (double)(GLuint)params[k] : params[k];
        iv[k] = params[k];
    }
    tex_parameter(ctx, target, pname, v, n, kind, iv);
}

void swrgl_TexParameteriv(struct gl_context *ctx, GLenum target, GLenum pname,
                          const GLint *params)
{
    tex_parameter_iv(ctx, target, pname, params, PV_INT);
}

void swrgl_TexParameterIiv(struct gl_context *ctx, GLenum target, GLenum pname,
                           const GLint *params)
{
    tex_parameter_iv(ctx, target, pname, params, PV_IINT);
}

void swrgl_TexParameterIuiv(struct gl_context *ctx, GLenum target, GLenum pname,
                            const GLuint *params)
{
    tex_parameter_iv(ctx, target, pname, (const GLint *)params, PV_IUINT);
}
/* The sampler state a texture and a sampler object share (the parameters
 * glGetSamplerParameter knows) into v[]; the count, or 0 when pname is not
 * one of them. *norm: a colour (the normalized integer conversion applies). */
unsigned gl_texparams_get_sampler_state(const gl_texparams *p, GLenum pname, double *v, bool *norm)
{
    switch (pname) {
    case GL_TEXTURE_WRAP_S: v[0] = p->wrap_s; return 1;
    case GL_TEXTURE_WRAP_T: v[0] = p->wrap_t; return 1;
    case GL_TEXTURE_WRAP_R: v[0] = p->wrap_r; return 1;
    case GL_TEXTURE_MIN_FILTER: v[0] = p->min_filter; return 1;
    case GL_TEXTURE_MAG_FILTER: v[0] = p->mag_filter; return 1;
    case GL_TEXTURE_BORDER_COLOR:
        for (int k = 0; k < 4; k++)
            v[k] = p->border_color[k];
        *norm = true;
        return 4;
    case GL_TEXTURE_MIN_LOD: v[0] = p->min_lod; return 1;
    case GL_TEXTURE_MAX_LOD: v[0] = p->max_lod; return 1;
    case GL_TEXTURE_LOD_BIAS: v[0] = p->lod_bias; return 1;
    case GL_TEXTURE_COMPARE_MODE: v[0] = p->compare_mode; return 1;
    case GL_TEXTURE_COMPARE_FUNC: v[0] = p->compare_func; return 1;
    case GL_TEXTURE_MAX_ANISOTROPY_EXT: v[0] = p->max_anisotropy; return 1;
    default:
        return 0;
    }
}


/* Reads a parameter into v[] (count returned, 0 on error). norm: v[] are
 * colours for the integer conversion. */
static unsigned get_tex_parameter(struct gl_context *ctx, GLenum target, GLenum pname, double *v,
                                  bool *norm, gl_texobj **tout)
{
    int ti = gl_tex_target_index(target);
    if (ti < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
    gl_texobj *t = gl_tex_current(ctx, ti);
    *tout = t;
    const gl_texparams *p = &t->p;
    *norm = false;
    unsigned n = gl_texparams_get_sampler_state(p, pname, v, norm);
    if (n)
        return n;
    switch (pname) {
    case GL_TEXTURE_BASE_LEVEL: v[0] = p->base_level; return 1;
    case GL_TEXTURE_MAX_LEVEL: v[0] = p->max_level; return 1;
    case GL_DEPTH_TEXTURE_MODE: v[0] = p->depth_mode; return 1;
    case GL_GENERATE_MIPMAP: v[0] = p->generate_mipmap; return 1;
    case GL_TEXTURE_PRIORITY: v[0] = p->priority; return 1;
    case GL_TEXTURE_RESIDENT: v[0] = 1; return 1;
    case GL_TEXTURE_SWIZZLE_R:
    case GL_TEXTURE_SWIZZLE_G:
    case GL_TEXTURE_SWIZZLE_B:
    case GL_TEXTURE_SWIZZLE_A: v[0] = p->swizzle[pname - GL_TEXTURE_SWIZZLE_R]; return 1;
    case GL_TEXTURE_SWIZZLE_RGBA:
        for (int k = 0; k < 4; k++)
            v[k] = p->swizzle[k];
        return 4;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
}

void swrgl_GetTexParameterfv(struct gl_context *ctx, GLenum target, GLenum pname,
                             GLfloat *params)
{
    double v[4];
    bool norm;
    gl_texobj *t;
    unsigned n = get_tex_parameter(ctx, target, pname, v, &norm, &t);
    for (unsigned k = 0; params && k < n; k++)
        params[k] = (GLfloat)v[k];
}

void swrgl_GetTexParameteriv(struct gl_context *ctx, GLenum target, GLenum pname, GLint *params)
{
    double v[4];
    bool norm;
    gl_texobj *t;
    unsigned n = get_tex_parameter(ctx, target, pname, v, &norm, &t);
    for (unsigned k = 0; params && k < n; k++) {
        double d = v[k];
        if (norm) {
            d = fmin(fmax(d, -1.0), 1.0) * 2147483647.0;
            params[k] = (GLint)lrint(d);
        } else if (pname == GL_TEXTURE_MIN_LOD || pname == GL_TEXTURE_MAX_LOD ||
                   pname == GL_TEXTURE_LOD_BIAS || pname == GL_TEXTURE_MAX_ANISOTROPY_EXT ||
                   pname == GL_TEXTURE_PRIORITY) {
            params[k] = (GLint)lrint(fmin(fmax(d, -2147483648.0), 2147483647.0));
        } else {
            params[k] = (GLint)d;
        }
    }
}

void swrgl_GetTexParameterIiv(struct gl_context *ctx, GLenum target, GLenum pname, GLint *params)
{
    if (pname == GL_TEXTURE_BORDER_COLOR) {
        int ti = gl_tex_target_index(target);
        if (ti < 0) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        gl_texobj *t = gl_tex_current(ctx, ti);
        for (int k = 0; params && k < 4; k++)
            params[k] = t->p.border_is_int ? t->p.border_color_i[k]
                                           : (GLint)lrintf(t->p.border_color[k]);
        return;
    }
    swrgl_GetTexParameteriv(ctx, target, pname, params);
}

void swrgl_GetTexParameterIuiv(struct gl_context *ctx, GLenum target, GLenum pname,
                               GLuint *params)
{
    swrgl_GetTexParameterIiv(ctx, target, pname, (GLint *)params);
}

/* ---- for the fixed part: units, LOD bias --------------------------------------- */

unsigned gl_texture_active_unit(struct gl_context *ctx) { return gltex(ctx)->active_unit; }

void gl_texture_set_unit_lod_bias(struct gl_context *ctx, GLfloat bias)
{
    gl_texture_state *tp = gltex(ctx);
    tp->lod_bias_unit[tp->active_unit] = bias;
    tp->dirty = true;
}

GLfloat gl_texture_unit_lod_bias(struct gl_context *ctx)
{
    gl_texture_state *tp = gltex(ctx);
    return tp->lod_bias_unit[tp->active_unit];
}

GLenum gl_texture_fixed_unit(struct gl_context *ctx, unsigned unit, GLenum *base_format,
                             bool *shadow)
{
    gl_texture_state *tp = gltex(ctx);
    *base_format = GL_RGBA;
    *shadow = false;
    if (unit >= SWRGL_MAX_TEXTURE_UNITS)
        return 0;
    /* GL 2.1 3.8.16: cube map over 3D over 2D over 1D */
    static const int order[4] = {3, 2, 1, 0};
    static const int tex_index[4] = {TEX_1D, TEX_2D, TEX_3D, TEX_CUBE};
    static const GLenum targets[4] = {GL_TEXTURE_1D, GL_TEXTURE_2D, GL_TEXTURE_3D,
                                      GL_TEXTURE_CUBE_MAP};
    for (int k = 0; k < 4; k++) {
        int e = order[k];
        if (!tp->enabled[unit][e])
            continue;
        int ti = tex_index[e];
        const gl_texobj *t = tp->bound[unit][ti] ? tp->bound[unit][ti] : tp->defaults[ti];
        unsigned last;
        /* an incomplete texture disables the unit (GL 2.1 3.8.10) */
        if (!gl_tex_complete(t, &last))
            return 0;
        unsigned base = t->p.base_level < 0 ? 0u : (unsigned)t->p.base_level;
        GLenum f = base < GLTEX_MAX_LEVELS ? t->img[0][base].base_format : GL_RGBA;
        if (f == GL_DEPTH_COMPONENT || f == GL_DEPTH_STENCIL) {
            *shadow = t->p.compare_mode == GL_COMPARE_R_TO_TEXTURE && ti != TEX_CUBE;
            f = t->p.depth_mode;
        }
        *base_format = f;
        return targets[e];
    }
    return 0;
}

/* ---- glGet / glEnable ------------------------------------------------------- */

static const GLenum compressed_formats[] = {
    GL_COMPRESSED_RGB_S3TC_DXT1_EXT,       GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,
    GL_COMPRESSED_RGBA_S3TC_DXT3_EXT,      GL_COMPRESSED_RGBA_S3TC_DXT5_EXT,
    GL_COMPRESSED_SRGB_S3TC_DXT1_EXT,      GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT,
    GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT,
    GL_COMPRESSED_RED_RGTC1,               GL_COMPRESSED_SIGNED_RED_RGTC1,
    GL_COMPRESSED_RG_RGTC2,                GL_COMPRESSED_SIGNED_RG_RGTC2,
};

bool gl_texture_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    gl_texture_state *tp = gltex(ctx);
    unsigned u = tp->active_unit;
    int bind = -1;
    switch (pname) {
    case GL_TEXTURE_BINDING_1D: bind = TEX_1D; break;
    case GL_TEXTURE_BINDING_2D: bind = TEX_2D; break;
    case GL_TEXTURE_BINDING_3D: bind = TEX_3D; break;
    case GL_TEXTURE_BINDING_CUBE_MAP: bind = TEX_CUBE; break;
    case GL_TEXTURE_BINDING_RECTANGLE: bind = TEX_RECT; break;
    case GL_TEXTURE_BINDING_1D_ARRAY: bind = TEX_1D_ARRAY; break;
    case GL_TEXTURE_BINDING_2D_ARRAY: bind = TEX_2D_ARRAY; break;
    case GL_ACTIVE_TEXTURE: gl_value_int(v, (GLint)(GL_TEXTURE0 + u)); return true;
    case GL_SAMPLER_BINDING: gl_value_int(v, (GLint)gl_tex_sampler_binding(ctx, u)); return true;
    case GL_MAX_TEXTURE_SIZE:
    case GL_MAX_CUBE_MAP_TEXTURE_SIZE:
    case GL_MAX_RECTANGLE_TEXTURE_SIZE: gl_value_int(v, GLTEX_MAX_SIZE); return true;
    case GL_MAX_3D_TEXTURE_SIZE: gl_value_int(v, GLTEX_MAX_3D_SIZE); return true;
    case GL_MAX_ARRAY_TEXTURE_LAYERS: gl_value_int(v, GLTEX_MAX_LAYERS); return true;
    case GL_MAX_TEXTURE_IMAGE_UNITS:
    case GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS:
    case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS:
        gl_value_int(v, SWRGL_MAX_TEXTURE_UNITS);
        return true;
    case GL_MAX_TEXTURE_UNITS:
    case GL_MAX_TEXTURE_COORDS: gl_value_int(v, 8); return true;
    case GL_MAX_TEXTURE_LOD_BIAS:
        gl_value_float(v, ctx->screen->get_paramf(ctx->screen, PIPE_CAPF_MAX_TEXTURE_LOD_BIAS));
        return true;
    case GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT:
        gl_value_float(v, ctx->screen->get_paramf(ctx->screen, PIPE_CAPF_MAX_TEXTURE_ANISOTROPY));
        return true;
    case GL_NUM_COMPRESSED_TEXTURE_FORMATS:
        gl_value_int(v, (GLint)(sizeof compressed_formats / sizeof compressed_formats[0]));
        return true;
    case GL_COMPRESSED_TEXTURE_FORMATS:
        v->type = GL_VALUE_INT;
        v->count = sizeof compressed_formats / sizeof compressed_formats[0];
        for (unsigned k = 0; k < v->count; k++)
            v->i[k] = (GLint)compressed_formats[k];
        return true;
    default: return false;
    }
    gl_texobj *t = tp->bound[u][bind];
    gl_value_int(v, t ? (GLint)t->name : 0);
    return true;
}

int gl_texture_enable(struct gl_context *ctx, GLenum cap, int op)
{
    int k;
    switch (cap) {
    case GL_TEXTURE_1D: k = 0; break;
    case GL_TEXTURE_2D: k = 1; break;
    case GL_TEXTURE_3D: k = 2; break;
    case GL_TEXTURE_CUBE_MAP: k = 3; break;
    default: return -1;
    }
    gl_texture_state *tp = gltex(ctx);
    bool *e = &tp->enabled[tp->active_unit][k];
    if (op != GL_ENABLE_OP_QUERY)
        *e = op == GL_ENABLE_OP_ON;
    return *e ? 1 : 0;
}

/* ---- draw validation ------------------------------------------------------- */

static int tgsi_to_tex(unsigned tt)
{
    switch (tt) {
    case TGSI_TEXTURE_1D:
    case TGSI_TEXTURE_SHADOW1D: return TEX_1D;
    case TGSI_TEXTURE_2D:
    case TGSI_TEXTURE_SHADOW2D: return TEX_2D;
    case TGSI_TEXTURE_3D: return TEX_3D;
    case TGSI_TEXTURE_CUBE:
    case TGSI_TEXTURE_SHADOWCUBE: return TEX_CUBE;
    case TGSI_TEXTURE_RECT:
    case TGSI_TEXTURE_SHADOWRECT: return TEX_RECT;
    case TGSI_TEXTURE_1D_ARRAY:
    case TGSI_TEXTURE_SHADOW1D_ARRAY: return TEX_1D_ARRAY;
    case TGSI_TEXTURE_2D_ARRAY:
    case TGSI_TEXTURE_SHADOW2D_ARRAY: return TEX_2D_ARRAY;
    case TGSI_TEXTURE_BUFFER: return TEX_BUFFER;
    default: return -1;
    }
}

static unsigned pipe_wrap(GLenum w)
{
    switch (w) {
    case GL_CLAMP: return PIPE_TEX_WRAP_CLAMP;
    case GL_CLAMP_TO_EDGE: return PIPE_TEX_WRAP_CLAMP_TO_EDGE;
    case GL_CLAMP_TO_BORDER: return PIPE_TEX_WRAP_CLAMP_TO_BORDER;
    case GL_MIRRORED_REPEAT: return PIPE_TEX_WRAP_MIRROR_REPEAT;
    default: return PIPE_TEX_WRAP_REPEAT;
    }
}

/* Empties the sampler CSO cache when it could overflow during one
 * validation (each sampler index adds at most one entry), unbinding first:
 * a CSO must not be deleted while bound. */
static void sampler_cache_trim(struct gl_context *ctx)
{
    gl_texture_state *tp = gltex(ctx);
    if (tp->cache_count + SWRGL_MAX_SAMPLERS <= GLTEX_SAMPLER_CACHE)
        return;
    for (unsigned s = 0; s < 2; s++) {
        if (tp->num_bound[s])
            ctx->pipe->bind_sampler_states(ctx->pipe, s, 0, tp->num_bound[s], NULL);
        memset(tp->bound_samplers[s], 0, sizeof tp->bound_samplers[s]);
    }
    for (unsigned i = 0; i < tp->cache_count; i++)
        ctx->pipe->delete_sampler_state(ctx->pipe, tp->cache[i].cso);
    tp->cache_count = 0;
    tp->cache_gen++;
}

static void *sampler_cso(struct gl_context *ctx, const struct pipe_sampler_state *key)
{
    gl_texture_state *tp = gltex(ctx);
    for (unsigned i = 0; i < tp->cache_count; i++)
        if (!memcmp(&tp->cache[i].key, key, sizeof *key))
            return tp->cache[i].cso;
    if (tp->cache_count == GLTEX_SAMPLER_CACHE)
        return NULL; /* cannot happen after sampler_cache_trim */
    void *cso = ctx->pipe->create_sampler_state(ctx->pipe, key);
    if (!cso)
        return NULL;
    tp->cache[tp->cache_count].key = *key;
    tp->cache[tp->cache_count].cso = cso;
    tp->cache_count++;
    return cso;
}

static void make_sampler_key(struct gl_context *ctx, const gl_texobj *t, const gl_texparams *p,
                             unsigned unit, struct pipe_sampler_state *s)
{
    memset(s, 0, sizeof *s);
    s->wrap_s = (uint8_t)pipe_wrap(p->wrap_s);
    s->wrap_t = (uint8_t)pipe_wrap(p->wrap_t);
    s->wrap_r = (uint8_t)pipe_wrap(p->wrap_r);
    GLenum mn = p->min_filter;
    s->min_img_filter = mn == GL_LINEAR || mn == GL_LINEAR_MIPMAP_NEAREST ||
                                mn == GL_LINEAR_MIPMAP_LINEAR
                            ? PIPE_TEX_FILTER_LINEAR
                            : PIPE_TEX_FILTER_NEAREST;
    s->mag_img_filter = p->mag_filter == GL_LINEAR ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
    if (!gl_tex_min_uses_mips(mn) || t->target == TEX_RECT)
        s->min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
    else if (mn == GL_NEAREST_MIPMAP_NEAREST || mn == GL_LINEAR_MIPMAP_NEAREST)
        s->min_mip_filter = PIPE_TEX_MIPFILTER_NEAREST;
    else
        s->min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
    const gl_teximage *b = &t->img[0][t->p.base_level];
    bool depth = b->base_format == GL_DEPTH_COMPONENT || b->base_format == GL_DEPTH_STENCIL;
    s->compare_mode = depth && p->compare_mode == GL_COMPARE_R_TO_TEXTURE
                          ? PIPE_TEX_COMPARE_R_TO_TEXTURE
                          : PIPE_TEX_COMPARE_NONE;
    s->compare_func = (uint8_t)(p->compare_func - GL_NEVER);
    s->normalized_coords = t->target != TEX_RECT;
    s->seamless_cube_map = false;
    float an = fminf(p->max_anisotropy, 16.0f);
    s->max_anisotropy = an > 1.0f ? (uint8_t)an : 0;
    float bias = p->lod_bias + gltex(ctx)->lod_bias_unit[unit];
    float maxb = ctx->screen->get_paramf(ctx->screen, PIPE_CAPF_MAX_TEXTURE_LOD_BIAS);
    s->lod_bias = fminf(fmaxf(bias, -maxb), maxb);
    s->min_lod = p->min_lod;
    s->max_lod = p->max_lod;
    const fmt_desc *fd = fmt_get(b->format);
    if (fd && fd->is_pure_int) {
        for (int k = 0; k < 4; k++)
            s->border_color.i[k] = p->border_is_int ? p->border_color_i[k]
                                                    : (int32_t)p->border_color[k];
    } else {
        for (int k = 0; k < 4; k++)
            s->border_color.f[k] = p->border_is_int ? (float)p->border_color_i[k]
                                                    : p->border_color[k];
    }
}

/* Where each of R, G, B, A of the format's fetch lands for GL's view of a
 * base format, then the texture swizzle on top. */
static void view_swizzle(const gl_texobj *t, const gl_teximage *b, uint8_t out[4])
{
    const fmt_desc *fd = fmt_get(b->format);
    const char *name = fd ? fd->name + strlen("PIPE_FORMAT_") : "";
    unsigned nch = fd ? fd->nr_channels : 4;
    bool lum_fmt = name[0] == 'L' || name[0] == 'I' || name[0] == 'A';
    /* the channel holding alpha in the fetch result */
    uint8_t a_src = PIPE_SWIZZLE_W;
    if (!lum_fmt && nch == 1)
        a_src = PIPE_SWIZZLE_X;
    else if (!lum_fmt && nch == 2)
        a_src = PIPE_SWIZZLE_Y;
    const uint8_t X = PIPE_SWIZZLE_X, Y = PIPE_SWIZZLE_Y, Z = PIPE_SWIZZLE_Z, W = PIPE_SWIZZLE_W;
    const uint8_t Z0 = PIPE_SWIZZLE_0, O1 = PIPE_SWIZZLE_1;
    uint8_t d[4] = {X, Y, Z, W};
    switch (b->base_format) {
    case GL_RGB: d[3] = O1; break;
    case GL_RG: d[2] = Z0; d[3] = O1; break;
    case GL_RED: d[1] = d[2] = Z0; d[3] = O1; break;
    case GL_LUMINANCE: d[0] = d[1] = d[2] = X; d[3] = O1; break;
    case GL_LUMINANCE_ALPHA: d[0] = d[1] = d[2] = X; d[3] = a_src; break;
    case GL_INTENSITY: d[0] = d[1] = d[2] = d[3] = X; break;
    case GL_ALPHA: d[0] = d[1] = d[2] = Z0; d[3] = a_src; break;
    case GL_DEPTH_COMPONENT:
    case GL_DEPTH_STENCIL:
        switch (t->p.depth_mode) {
        case GL_INTENSITY: d[0] = d[1] = d[2] = d[3] = X; break;
        case GL_ALPHA: d[0] = d[1] = d[2] = Z0; d[3] = X; break;
        case GL_RED: d[0] = X; d[1] = d[2] = Z0; d[3] = O1; break;
        default: d[0] = d[1] = d[2] = X; d[3] = O1; break;
        }
        break;
    default: break;
    }
    for (int k = 0; k < 4; k++) {
        switch (t->p.swizzle[k]) {
        case GL_RED: out[k] = d[0]; break;
        case GL_GREEN: out[k] = d[1]; break;
        case GL_BLUE: out[k] = d[2]; break;
        case GL_ALPHA: out[k] = d[3]; break;
        case GL_ZERO: out[k] = Z0; break;
        default: out[k] = O1; break;
        }
    }
}

static struct pipe_sampler_view *texture_view(struct gl_context *ctx, gl_texobj *t,
                                              unsigned last, gl_tex_view_entry *e)
{
    unsigned base = (unsigned)t->p.base_level;
    if (!gl_tex_storage(ctx, t, base, last))
        return NULL;
    const gl_teximage *b = &t->img[0][base];
    for (unsigned l = base; l <= last; l++)
        if (t->img[0][l].res != t->res)
            return NULL;
    uint8_t swz[4];
    view_swizzle(t, b, swz);
    enum pipe_texture_target pt = gl_tex_pipe_target(t->target);
    unsigned first = base - t->res_base, lastr = last - t->res_base;
    if (e->uid == t->uid && e->view && e->view->texture == t->res && e->first == first &&
        e->last == lastr && e->target == pt && !memcmp(e->swz, swz, 4))
        return e->view;
    struct pipe_sampler_view tmpl;
    memset(&tmpl, 0, sizeof tmpl);
    tmpl.target = pt;
    tmpl.format = t->res->format;
    tmpl.swizzle_r = swz[0];
    tmpl.swizzle_g = swz[1];
    tmpl.swizzle_b = swz[2];
    tmpl.swizzle_a = swz[3];
    tmpl.u.tex.first_level = first;
    tmpl.u.tex.last_level = lastr;
    tmpl.u.tex.first_layer = 0;
    tmpl.u.tex.last_layer = t->res->array_size ? t->res->array_size - 1u : 0u;
    struct pipe_sampler_view *v = ctx->pipe->create_sampler_view(ctx->pipe, t->res, &tmpl);
    if (!v)
        return NULL;
    pipe_sampler_view_reference(&e->view, NULL);
    memset(e, 0, sizeof *e);
    e->uid = t->uid;
    e->view = v;
    e->first = first;
    e->last = lastr;
    e->target = pt;
    memcpy(e->swz, swz, 4);
    return v;
}

/* A buffer texture's view of its buffer object (GL 3.1 section 3.8.5):
 * the whole buffer in the glTexBuffer format, re-made when the buffer's
 * storage changed; NULL when there is no buffer or storage. */
static struct pipe_sampler_view *buffer_view(struct gl_context *ctx, gl_texobj *t,
                                             gl_tex_view_entry *e)
{
    gl_buffer *b = t->buffer_name ? gl_buffer_lookup(ctx, t->buffer_name) : NULL;
    if (!b || !b->res || t->buffer_format == PIPE_FORMAT_NONE)
        return NULL;
    if (e->uid == t->uid && e->view && e->view->texture == b->res &&
        e->view->format == t->buffer_format && e->target == PIPE_BUFFER)
        return e->view;
    struct pipe_sampler_view tmpl;
    memset(&tmpl, 0, sizeof tmpl);
    tmpl.target = PIPE_BUFFER;
    tmpl.format = t->buffer_format;
    tmpl.swizzle_r = PIPE_SWIZZLE_X;
    tmpl.swizzle_g = PIPE_SWIZZLE_Y;
    tmpl.swizzle_b = PIPE_SWIZZLE_Z;
    tmpl.swizzle_a = PIPE_SWIZZLE_W;
    tmpl.u.buf.offset = 0;
    tmpl.u.buf.size = (unsigned)b->size;
    struct pipe_sampler_view *v = ctx->pipe->create_sampler_view(ctx->pipe, b->res, &tmpl);
    if (!v)
        return NULL;
    pipe_sampler_view_reference(&e->view, NULL);
    memset(e, 0, sizeof *e);
    e->uid = t->uid;
    e->view = v;
    e->target = PIPE_BUFFER;
    return v;
}

/* The pipe format of a glTexBuffer internal format (GL 3.1 table 3.15;
 * the formats VTK and common programs use), PIPE_FORMAT_NONE if unknown. */
static enum pipe_format buffer_format(GLenum internalformat)
{
    switch (internalformat) {
    case GL_R8: return PIPE_FORMAT_R8_UNORM;
    case GL_RG8: return PIPE_FORMAT_R8G8_UNORM;
    case GL_RGBA8: return PIPE_FORMAT_R8G8B8A8_UNORM;
    case GL_R16: return PIPE_FORMAT_R16_UNORM;
    case GL_RGBA16: return PIPE_FORMAT_R16G16B16A16_UNORM;
    case GL_R32F: return PIPE_FORMAT_R32_FLOAT;
    case GL_RG32F: return PIPE_FORMAT_R32G32_FLOAT;
    case GL_RGB32F: return PIPE_FORMAT_R32G32B32_FLOAT;
    case GL_RGBA32F: return PIPE_FORMAT_R32G32B32A32_FLOAT;
    case GL_R32I: return PIPE_FORMAT_R32_SINT;
    case GL_RGBA32I: return PIPE_FORMAT_R32G32B32A32_SINT;
    case GL_R32UI: return PIPE_FORMAT_R32_UINT;
    case GL_RGBA32UI: return PIPE_FORMAT_R32G32B32A32_UINT;
    default: return PIPE_FORMAT_NONE;
    }
}

void swrgl_TexBuffer(struct gl_context *ctx, GLenum target, GLenum internalformat, GLuint buffer)
{
    gl_texture_state *tp = gltex(ctx);
    if (target != GL_TEXTURE_BUFFER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    const enum pipe_format f = buffer_format(internalformat);
    if (f == PIPE_FORMAT_NONE) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (buffer && !gl_buffer_lookup(ctx, buffer)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    gl_objects_lock(ctx->texture->textures);
    gl_texobj *t = tp->bound[tp->active_unit][TEX_BUFFER];
    if (!t)
        t = tp->defaults[TEX_BUFFER];
    t->buffer_name = buffer;
    t->buffer_format = f;
    gl_tex_changed(ctx, t);
    gl_objects_unlock(ctx->texture->textures);
}

/* A 1x1 (x 6 faces) opaque black texture for incomplete textures. */
static struct pipe_sampler_view *dummy_view(struct gl_context *ctx, int ti)
{
    gl_texture_state *tp = gltex(ctx);
    enum pipe_texture_target pt = gl_tex_pipe_target(ti < 0 ? TEX_2D : ti);
    if (tp->dummy_view[pt])
        return tp->dummy_view[pt];
    struct pipe_resource tmpl;
    memset(&tmpl, 0, sizeof tmpl);
    tmpl.target = pt;
    tmpl.format = PIPE_FORMAT_R8G8B8A8_UNORM;
    tmpl.width0 = pt == PIPE_BUFFER ? 4 : 1; /* a buffer's width is in bytes: one texel */
    tmpl.height0 = 1;
    tmpl.depth0 = 1;
    tmpl.array_size = pt == PIPE_TEXTURE_CUBE ? 6 : 1;
    tmpl.bind = PIPE_BIND_SAMPLER_VIEW;
    struct pipe_resource *r = ctx->screen->resource_create(ctx->screen, &tmpl);
    if (!r)
        return NULL;
    static const uint8_t black[6][4] = {{0, 0, 0, 255}, {0, 0, 0, 255}, {0, 0, 0, 255},
                                        {0, 0, 0, 255}, {0, 0, 0, 255}, {0, 0, 0, 255}};
    struct pipe_box box = {0, 0, 0, (int)tmpl.width0, 1, tmpl.array_size};
    ctx->pipe->texture_subdata(ctx->pipe, r, 0, PIPE_MAP_WRITE, &box, black, 4, 4);
    struct pipe_sampler_view vt;
    memset(&vt, 0, sizeof vt);
    vt.target = pt;
    vt.format = tmpl.format;
    vt.swizzle_r = PIPE_SWIZZLE_X;
    vt.swizzle_g = PIPE_SWIZZLE_Y;
    vt.swizzle_b = PIPE_SWIZZLE_Z;
    vt.swizzle_a = PIPE_SWIZZLE_W;
    vt.u.tex.last_layer = tmpl.array_size - 1u;
    if (pt == PIPE_BUFFER) {
        vt.u.buf.offset = 0;
        vt.u.buf.size = 4;
    }
    tp->dummy[pt] = r;
    tp->dummy_view[pt] = ctx->pipe->create_sampler_view(ctx->pipe, r, &vt);
    return tp->dummy_view[pt];
}

bool gl_texture_validate(struct gl_context *ctx)
{
    gl_sampler_use uses[SWRGL_MAX_SAMPLERS];
    memset(uses, 0, sizeof uses);
    unsigned n = gl_program_sampler_uses(ctx, uses);
    return gl_texture_validate_uses(ctx, uses, n);
}

bool gl_texture_validate_uses(struct gl_context *ctx, const gl_sampler_use *uses, unsigned n)
{
    gl_texture_state *tp = gltex(ctx);
    if (n > SWRGL_MAX_SAMPLERS)
        n = SWRGL_MAX_SAMPLERS;
    /* A texture changed in another context of the share group counts too. */
    uint64_t change = gl_serial_load(&ctx->shared->tex_change_serial);
    if (change != tp->seen_change) {
        tp->seen_change = change;
        tp->dirty = true;
    }
    if (!tp->dirty && n == tp->num_uses && !memcmp(uses, tp->uses, n * sizeof uses[0]))
        return true;
    sampler_cache_trim(ctx);
    /* Shared textures are read (and their storage may be built) under the
     * group's lock, as another context may validate them at the same time. */
    gl_objects_lock(ctx->texture->textures);
    struct pipe_sampler_view *views[2][SWRGL_MAX_SAMPLERS];
    void *samplers[2][SWRGL_MAX_SAMPLERS];
    /* A reference to each view chosen until the pipe holds its own: two
     * units sampling one texture through sampler objects that need
     * different levels replace its cached view in between. */
    struct pipe_sampler_view *held[SWRGL_MAX_SAMPLERS];
    memset(held, 0, sizeof held);
    memset(views, 0, sizeof views);
    memset(samplers, 0, sizeof samplers);
    struct pipe_sampler_state dflt;
    memset(&dflt, 0, sizeof dflt);
    dflt.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
    dflt.wrap_s = dflt.wrap_t = dflt.wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
    dflt.normalized_coords = true;
    dflt.max_lod = 1000.0f;
    for (unsigned s = 0; s < n; s++) {
        unsigned unit = uses[s].unit < SWRGL_MAX_TEXTURE_UNITS ? uses[s].unit : 0;
        int ti = tgsi_to_tex(uses[s].tgsi_target);
        struct pipe_sampler_view *v = NULL;
        void *cso = NULL;
        if (ti >= 0) {
            gl_texobj *t = tp->bound[unit][ti] ? tp->bound[unit][ti] : tp->defaults[ti];
            unsigned last;
            gl_tex_view_entry *e = &tp->views[t->uid & (GLTEX_VIEW_CACHE - 1)];
            /* A sampler object on the unit: its state in place of the
             * texture's (the cached CSO is the texture's own). */
            gl_texparams merged;
            const gl_texparams *sp = gl_tex_unit_params(ctx, t, unit, &merged);
            if (sp == &t->p && e->uid == t->uid && e->serial == t->serial && t->serial &&
                e->view && e->cso && e->gen == tp->cache_gen &&
                e->bias == tp->lod_bias_unit[unit]) {
                v = e->view; /* unchanged since the last validation */
                cso = e->cso;
            } else if (ti == TEX_BUFFER) {
                v = buffer_view(ctx, t, e);
                cso = v ? sampler_cso(ctx, &dflt) : NULL;
            } else if (gl_tex_complete_with(t, sp, &last) &&
                       (v = texture_view(ctx, t, last, e))) {
                struct pipe_sampler_state key;
                make_sampler_key(ctx, t, sp, unit, &key);
                cso = sampler_cso(ctx, &key);
                e->serial = t->serial;
                e->gen = tp->cache_gen;
                e->bias = tp->lod_bias_unit[unit];
                e->cso = sp == &t->p ? cso : NULL;
            }
        }
        if (!v || !cso) {
            v = dummy_view(ctx, ti);
            dflt.normalized_coords = ti != TEX_RECT;
            cso = sampler_cso(ctx, &dflt);
        }
        pipe_sampler_view_reference(&held[s], v);
        for (unsigned st = 0; st < 2; st++) {
            if (uses[s].stage_mask & (1u << st)) {
                views[st][s] = v;
                samplers[st][s] = cso;
            }
        }
    }
    for (unsigned st = 0; st < 2; st++) {
        unsigned cnt = n > tp->num_bound[st] ? n : tp->num_bound[st];
        if (!cnt)
            continue;
        if (memcmp(views[st], tp->bound_views[st], cnt * sizeof(void *)))
            ctx->pipe->set_sampler_views(ctx->pipe, st, 0, cnt, views[st]);
        if (memcmp(samplers[st], tp->bound_samplers[st], cnt * sizeof(void *)))
            ctx->pipe->bind_sampler_states(ctx->pipe, st, 0, cnt, samplers[st]);
        memcpy(tp->bound_views[st], views[st], sizeof views[st]);
        memcpy(tp->bound_samplers[st], samplers[st], sizeof samplers[st]);
        tp->num_bound[st] = n;
    }
    for (unsigned s = 0; s < n; s++)
        pipe_sampler_view_reference(&held[s], NULL);
    gl_objects_unlock(ctx->texture->textures);
    memcpy(tp->uses, uses, n * sizeof uses[0]);
    tp->num_uses = n;
    tp->dirty = false;
    return true;
}

/* ---- framebuffer attachments -------------------------------------------------- */

static struct pipe_surface *texture_surface_locked(struct gl_context *ctx, GLuint name,
                                                   GLenum textarget, GLint level, GLint layer,
                                                   GLenum *internal_format_out);

struct pipe_surface *gl_texture_surface(struct gl_context *ctx, GLuint name, GLenum textarget,
                                        GLint level, GLint layer, GLenum *internal_format_out)
{
    gl_objects_lock(ctx->texture->textures); /* the storage may be built */
    struct pipe_surface *s = texture_surface_locked(ctx, name, textarget, level, layer,
                                                    internal_format_out);
    gl_objects_unlock(ctx->texture->textures);
    return s;
}

static struct pipe_surface *texture_surface_locked(struct gl_context *ctx, GLuint name,
                                                   GLenum textarget, GLint level, GLint layer,
                                                   GLenum *internal_format_out)
{
    gl_texobj *t = gl_objects_get(ctx->texture->textures, name);
    if (!t || t == GL_OBJECT_RESERVED || t->target < 0 || level < 0 || level >= GLTEX_MAX_LEVELS ||
        layer < 0)
        return NULL;
    unsigned face = 0;
    if (t->target == TEX_CUBE) {
        if (textarget < GL_TEXTURE_CUBE_MAP_POSITIVE_X ||
            textarget > GL_TEXTURE_CUBE_MAP_NEGATIVE_Z)
            return NULL;
        face = textarget - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
        layer = 0;
    }
    gl_teximage *im = &t->img[face][level];
    if (!im->defined || !im->width || !im->height || !im->depth)
        return NULL;
    GLsizei layers = t->target == TEX_3D || t->target == TEX_2D_ARRAY ? im->depth
                     : t->target == TEX_1D_ARRAY                     ? im->height
                                                                     : 1;
    if (layer >= layers)
        return NULL;
    gl_tex_storage(ctx, t, (unsigned)level, (unsigned)level);
    if (!im->res || !(im->res->bind & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL)))
        return NULL;
    struct pipe_surface tmpl;
    memset(&tmpl, 0, sizeof tmpl);
    tmpl.format = im->res->format;
    tmpl.u.tex.level = im->res_level;
    tmpl.u.tex.first_layer = tmpl.u.tex.last_layer = im->res_layer + (unsigned)layer;
    struct pipe_surface *s = ctx->pipe->create_surface(ctx->pipe, im->res, &tmpl);
    if (s && internal_format_out)
        *internal_format_out = im->internal_format;
    /* Rendering may change the texture: views stay valid (same resource). */
    return s;
}
