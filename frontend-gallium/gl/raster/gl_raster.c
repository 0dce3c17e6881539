/*
 * gl_raster.c: rasterizer and per-fragment state, its glGet/glEnable, and
 * its translation to pipe CSOs (see gl_raster.h).
 */
#include "frontend-gallium/gl/raster/gl_raster_priv.h"

#include "frontend-gallium/gl/pixels/gl_pixels.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- CSO cache ------------------------------------------------------------
 *
 * Every CSO this part creates is kept, keyed by its description's bytes
 * (descriptions are memset to zero before they are filled, so padding is
 * deterministic). Toggling between states then binds existing CSOs. The
 * cache is bounded: when a kind reaches GLR_CACHE_MAX entries, every entry
 * but the bound one is deleted.
 */
enum { GLR_RAST, GLR_BLEND, GLR_DSA, GLR_KINDS };
#define GLR_CACHE_MAX 256

typedef struct glr_entry {
    uint64_t hash;
    void *cso;
    size_t size;
    unsigned char key[]; /* the description */
} glr_entry;

typedef struct glr_cache {
    glr_entry *e[GLR_KINDS][GLR_CACHE_MAX];
    unsigned n[GLR_KINDS];
    void *bound[GLR_KINDS];
    unsigned creates; /* CSOs created so far (tests check reuse) */
} glr_cache;

static uint64_t hash_bytes(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

static void cso_delete(struct gl_context *ctx, int kind, void *cso)
{
    struct pipe_context *p = ctx->pipe;
    if (kind == GLR_RAST)
        p->delete_rasterizer_state(p, cso);
    else if (kind == GLR_BLEND)
        p->delete_blend_state(p, cso);
    else
        p->delete_depth_stencil_alpha_state(p, cso);
}

/* Binds the CSO described by `desc`, creating it if needed. */
static bool cso_bind(struct gl_context *ctx, int kind, const void *desc, size_t size)
{
    glr_cache *c = ctx->raster->priv;
    struct pipe_context *p = ctx->pipe;
    uint64_t h = hash_bytes(desc, size);
    void *cso = NULL;
    for (unsigned i = 0; i < c->n[kind]; i++) {
        glr_entry *e = c->e[kind][i];
        if (e->hash == h && e->size == size && memcmp(e->key, desc, size) == 0) {
            cso = e->cso;
            break;
        }
    }
    if (!cso) {
        if (c->n[kind] == GLR_CACHE_MAX) {
            unsigned keep = 0;
            for (unsigned i = 0; i < c->n[kind]; i++) {
                glr_entry *e = c->e[kind][i];
                if (e->cso == c->bound[kind]) {
                    c->e[kind][keep++] = e;
                } else {
                    cso_delete(ctx, kind, e->cso);
                    free(e);
                }
            }
            c->n[kind] = keep;
        }
        glr_entry *e = malloc(sizeof *e + size);
        if (!e)
            return false;
        if (kind == GLR_RAST)
            cso = p->create_rasterizer_state(p, desc);
        else if (kind == GLR_BLEND)
            cso = p->create_blend_state(p, desc);
        else
            cso = p->create_depth_stencil_alpha_state(p, desc);
        if (!cso) {
            free(e);
            return false;
        }
        c->creates++;
        e->hash = h;
        e->cso = cso;
        e->size = size;
        memcpy(e->key, desc, size);
        c->e[kind][c->n[kind]++] = e;
    }
    if (c->bound[kind] != cso) {
        if (kind == GLR_RAST)
            p->bind_rasterizer_state(p, cso);
        else if (kind == GLR_BLEND)
            p->bind_blend_state(p, cso);
        else
            p->bind_depth_stencil_alpha_state(p, cso);
        c->bound[kind] = cso;
    }
    return true;
}

unsigned gl_raster_cso_creates(struct gl_context *ctx)
{
    glr_cache *c = ctx->raster->priv;
    return c ? c->creates : 0;
}

/* ---- init / fini ------------------------------------------------------------ */

static const GLenum hint_targets[8] = {
    GL_PERSPECTIVE_CORRECTION_HINT, GL_POINT_SMOOTH_HINT,    GL_LINE_SMOOTH_HINT,
    GL_POLYGON_SMOOTH_HINT,         GL_FOG_HINT,             GL_GENERATE_MIPMAP_HINT,
    GL_TEXTURE_COMPRESSION_HINT,    GL_FRAGMENT_SHADER_DERIVATIVE_HINT,
};

static int hint_index(GLenum target)
{
    for (int i = 0; i < 8; i++)
        if (hint_targets[i] == target)
            return i;
    return -1;
}

bool gl_raster_init(struct gl_context *ctx)
{
    gl_raster_state *r = calloc(1, sizeof *r);
    if (!r)
        return false;
    ctx->raster = r;
    gl_objects_init(&r->queries);
    r->priv = calloc(1, sizeof(glr_cache));
    if (!r->priv)
        goto fail;
    r->depth_range[1] = 1.0;
    r->blend_src_rgb = r->blend_src_alpha = GL_ONE;
    r->blend_dst_rgb = r->blend_dst_alpha = GL_ZERO;
    r->blend_eq_rgb = r->blend_eq_alpha = GL_FUNC_ADD;
    memset(r->color_mask, GL_TRUE, sizeof r->color_mask);
    r->logic_op = GL_COPY;
    r->dither = true;
    r->multisample = true;
    r->sample_coverage_value = 1.0f;
    r->sample_mask_value = ~0u;
    r->clamp_vertex = GL_TRUE;
    r->clamp_fragment = GL_FIXED_ONLY;
    r->alpha_func = GL_ALWAYS;
    r->depth_mask = true;
    r->depth_func = GL_LESS;
    for (int f = 0; f < 2; f++) {
        /* All ones of the 8 stencil bits, as llvmpipe reports them. */
        r->stencil[f] = (gl_stencil_face){GL_ALWAYS, 0, 0xffu, 0xffu, GL_KEEP, GL_KEEP, GL_KEEP};
    }
    r->stencil_ext_back = r->stencil[1];
    r->active_stencil_face = GL_FRONT;
    r->clear_depth = 1.0;
    r->cull_face = GL_BACK;
    r->front_face = GL_CCW;
    r->shade_model = GL_SMOOTH;
    r->provoking_vertex = GL_LAST_VERTEX_CONVENTION;
    r->polygon_mode[0] = r->polygon_mode[1] = GL_FILL;
    memset(r->stipple, 0xff, sizeof r->stipple);
    r->line_width = 1.0f;
    r->line_stipple_factor = 1;
    r->line_stipple_pattern = 0xffff;
    r->point_size = 1.0f;
    r->point_size_min = 0.0f;
    r->point_size_max = ctx->screen->get_paramf(ctx->screen, PIPE_CAPF_MAX_POINT_WIDTH);
    if (!(r->point_size_max >= 1.0f))
        r->point_size_max = 1.0f;
    r->point_fade = 1.0f;
    r->point_attenuation[0] = 1.0f;
    r->sprite_origin = GL_UPPER_LEFT;
    for (int i = 0; i < 8; i++)
        r->hints[i] = GL_DONT_CARE;
    r->dirty = GLR_DIRTY_ALL;
    if (!glr_query_init(ctx))
        goto fail;
    return true;
fail:
    free(r->priv);
    free(r);
    ctx->raster = NULL;
    return false;
}

void gl_raster_fini(struct gl_context *ctx)
{
    gl_raster_state *r = ctx->raster;
    if (!r)
        return;
    glr_query_fini(ctx);
    glr_sync_fini(ctx);
    gl_objects_fini(&r->queries);
    glr_cache *c = r->priv;
    struct pipe_context *p = ctx->pipe;
    p->bind_rasterizer_state(p, NULL);
    p->bind_blend_state(p, NULL);
    p->bind_depth_stencil_alpha_state(p, NULL);
    for (int k = 0; k < GLR_KINDS; k++)
        for (unsigned i = 0; i < c->n[k]; i++) {
            cso_delete(ctx, k, c->e[k][i]->cso);
            free(c->e[k][i]);
        }
    free(c);
    free(r);
    ctx->raster = NULL;
}

void gl_raster_invalidate(struct gl_context *ctx)
{
    glr_cache *c = ctx->raster->priv;
    if (c)
        memset(c->bound, 0, sizeof c->bound);
    ctx->raster->dirty = GLR_DIRTY_ALL;
}

const GLdouble *gl_raster_clip_plane(struct gl_context *ctx, unsigned k)
{
    return k < SWRGL_MAX_CLIP_PLANES ? ctx->raster->clip_plane[k] : NULL;
}

unsigned gl_raster_clip_enables(struct gl_context *ctx) { return ctx->raster->clip_enable; }

/* ---- enum translation ------------------------------------------------------- */

static int compare_func(GLenum f)
{
    return f >= GL_NEVER && f <= GL_ALWAYS ? (int)(f - GL_NEVER) : -1;
}

static int blend_factor(GLenum f)
{
    switch (f) {
    case GL_ZERO: return PIPE_BLENDFACTOR_ZERO;
    case GL_ONE: return PIPE_BLENDFACTOR_ONE;
    case GL_SRC_COLOR: return PIPE_BLENDFACTOR_SRC_COLOR;
    case GL_ONE_MINUS_SRC_COLOR: return PIPE_BLENDFACTOR_INV_SRC_COLOR;
    case GL_DST_COLOR: return PIPE_BLENDFACTOR_DST_COLOR;
    case GL_ONE_MINUS_DST_COLOR: return PIPE_BLENDFACTOR_INV_DST_COLOR;
    case GL_SRC_ALPHA: return PIPE_BLENDFACTOR_SRC_ALPHA;
    case GL_ONE_MINUS_SRC_ALPHA: return PIPE_BLENDFACTOR_INV_SRC_ALPHA;
    case GL_DST_ALPHA: return PIPE_BLENDFACTOR_DST_ALPHA;
    case GL_ONE_MINUS_DST_ALPHA: return PIPE_BLENDFACTOR_INV_DST_ALPHA;
    case GL_CONSTANT_COLOR: return PIPE_BLENDFACTOR_CONST_COLOR;
    case GL_ONE_MINUS_CONSTANT_COLOR: return PIPE_BLENDFACTOR_INV_CONST_COLOR;
    case GL_CONSTANT_ALPHA: return PIPE_BLENDFACTOR_CONST_ALPHA;
    case GL_ONE_MINUS_CONSTANT_ALPHA: return PIPE_BLENDFACTOR_INV_CONST_ALPHA;
    case GL_SRC_ALPHA_SATURATE: return PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE;
    case GL_SRC1_COLOR: return PIPE_BLENDFACTOR_SRC1_COLOR;
    case GL_ONE_MINUS_SRC1_COLOR: return PIPE_BLENDFACTOR_INV_SRC1_COLOR;
    case GL_SRC1_ALPHA: return PIPE_BLENDFACTOR_SRC1_ALPHA;
    case GL_ONE_MINUS_SRC1_ALPHA: return PIPE_BLENDFACTOR_INV_SRC1_ALPHA;
    default: return -1;
    }
}

static int blend_equation(GLenum e)
{
    switch (e) {
    case GL_FUNC_ADD: return PIPE_BLEND_ADD;
    case GL_FUNC_SUBTRACT: return PIPE_BLEND_SUBTRACT;
    case GL_FUNC_REVERSE_SUBTRACT: return PIPE_BLEND_REVERSE_SUBTRACT;
    case GL_MIN: return PIPE_BLEND_MIN;
    case GL_MAX: return PIPE_BLEND_MAX;
    default: return -1;
    }
}

static int logic_op(GLenum op)
{
    switch (op) {
    case GL_CLEAR: return PIPE_LOGICOP_CLEAR;
    case GL_AND: return PIPE_LOGICOP_AND;
    case GL_AND_REVERSE: return PIPE_LOGICOP_AND_REVERSE;
    case GL_COPY: return PIPE_LOGICOP_COPY;
    case GL_AND_INVERTED: return PIPE_LOGICOP_AND_INVERTED;
    case GL_NOOP: return PIPE_LOGICOP_NOOP;
    case GL_XOR: return PIPE_LOGICOP_XOR;
    case GL_OR: return PIPE_LOGICOP_OR;
    case GL_NOR: return PIPE_LOGICOP_NOR;
    case GL_EQUIV: return PIPE_LOGICOP_EQUIV;
    case GL_INVERT: return PIPE_LOGICOP_INVERT;
    case GL_OR_REVERSE: return PIPE_LOGICOP_OR_REVERSE;
    case GL_COPY_INVERTED: return PIPE_LOGICOP_COPY_INVERTED;
    case GL_OR_INVERTED: return PIPE_LOGICOP_OR_INVERTED;
    case GL_NAND: return PIPE_LOGICOP_NAND;
    case GL_SET: return PIPE_LOGICOP_SET;
    default: return -1;
    }
}

static int stencil_op(GLenum op)
{
    switch (op) {
    case GL_KEEP: return PIPE_STENCIL_OP_KEEP;
    case GL_ZERO: return PIPE_STENCIL_OP_ZERO;
    case GL_REPLACE: return PIPE_STENCIL_OP_REPLACE;
    case GL_INCR: return PIPE_STENCIL_OP_INCR;
    case GL_DECR: return PIPE_STENCIL_OP_DECR;
    case GL_INCR_WRAP: return PIPE_STENCIL_OP_INCR_WRAP;
    case GL_DECR_WRAP: return PIPE_STENCIL_OP_DECR_WRAP;
    case GL_INVERT: return PIPE_STENCIL_OP_INVERT;
    default: return -1;
    }
}

static int polygon_mode(GLenum m)
{
    switch (m) {
    case GL_FILL: return PIPE_POLYGON_MODE_FILL;
    case GL_LINE: return PIPE_POLYGON_MODE_LINE;
    case GL_POINT: return PIPE_POLYGON_MODE_POINT;
    default: return -1;
    }
}

static float clampf(float x, float lo, float hi) { return x < lo ? lo : x > hi ? hi : x; }

/* GL clamps the reference to [0, 2^s - 1] with s = 8 stencil bits. */
static uint8_t stencil_ref(GLint ref) { return (uint8_t)(ref < 0 ? 0 : ref > 255 ? 255 : ref); }

static double clamp01d(double x) { return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x; }

/* ---- viewport, depth range, scissor --------------------------------------- */

static GLint max_viewport_dim(struct gl_context *ctx)
{
    int m = ctx->screen->get_param(ctx->screen, PIPE_CAP_MAX_TEXTURE_2D_SIZE);
    return m > 0 ? m : 16384;
}

void swrgl_Viewport(struct gl_context *ctx, GLint x, GLint y, GLsizei width, GLsizei height)
{
    if (width < 0 || height < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLint m = max_viewport_dim(ctx);
    gl_raster_state *r = ctx->raster;
    r->viewport[0] = x;
    r->viewport[1] = y;
    r->viewport[2] = width < m ? width : m;
    r->viewport[3] = height < m ? height : m;
    r->dirty |= GLR_DIRTY_VIEWPORT;
}

void swrgl_DepthRange(struct gl_context *ctx, GLdouble n, GLdouble f)
{
    ctx->raster->depth_range[0] = clamp01d(n);
    ctx->raster->depth_range[1] = clamp01d(f);
    ctx->raster->dirty |= GLR_DIRTY_VIEWPORT;
}

void swrgl_Scissor(struct gl_context *ctx, GLint x, GLint y, GLsizei width, GLsizei height)
{
    if (width < 0 || height < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_raster_state *r = ctx->raster;
    r->scissor[0] = x;
    r->scissor[1] = y;
    r->scissor[2] = width;
    r->scissor[3] = height;
    r->dirty |= GLR_DIRTY_SCISSOR;
}

/* ---- blend and colour ------------------------------------------------------ */

void swrgl_BlendFuncSeparate(struct gl_context *ctx, GLenum sfactorRGB, GLenum dfactorRGB,
                             GLenum sfactorAlpha, GLenum dfactorAlpha)
{
    if (blend_factor(sfactorRGB) < 0 || blend_factor(dfactorRGB) < 0 ||
        blend_factor(sfactorAlpha) < 0 || blend_factor(dfactorAlpha) < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_raster_state *r = ctx->raster;
    r->blend_src_rgb = sfactorRGB;
    r->blend_dst_rgb = dfactorRGB;
    r->blend_src_alpha = sfactorAlpha;
    r->blend_dst_alpha = dfactorAlpha;
    r->dirty |= GLR_DIRTY_BLEND;
}

void swrgl_BlendFunc(struct gl_context *ctx, GLenum sfactor, GLenum dfactor)
{
    swrgl_BlendFuncSeparate(ctx, sfactor, dfactor, sfactor, dfactor);
}

void swrgl_BlendEquationSeparate(struct gl_context *ctx, GLenum modeRGB, GLenum modeAlpha)
{
    if (blend_equation(modeRGB) < 0 || blend_equation(modeAlpha) < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->raster->blend_eq_rgb = modeRGB;
    ctx->raster->blend_eq_alpha = modeAlpha;
    ctx->raster->dirty |= GLR_DIRTY_BLEND;
}

void swrgl_BlendEquation(struct gl_context *ctx, GLenum mode)
{
    swrgl_BlendEquationSeparate(ctx, mode, mode);
}

void swrgl_BlendColor(struct gl_context *ctx, GLfloat red, GLfloat green, GLfloat blue,
                      GLfloat alpha)
{
    /* GL 2.1 clamps to [0, 1] when specified (3.0+ with float buffers does not;
     * llvmpipe keeps the unclamped value, which only matters for float targets). */
    GLfloat *c = ctx->raster->blend_color;
    c[0] = clampf(red, 0.0f, 1.0f);
    c[1] = clampf(green, 0.0f, 1.0f);
    c[2] = clampf(blue, 0.0f, 1.0f);
    c[3] = clampf(alpha, 0.0f, 1.0f);
    ctx->raster->dirty |= GLR_DIRTY_BCOLOR;
}

void swrgl_ColorMask(struct gl_context *ctx, GLboolean red, GLboolean green, GLboolean blue,
                     GLboolean alpha)
{
    for (unsigned i = 0; i < SWRGL_MAX_DRAW_BUFFERS; i++) {
        GLboolean *m = ctx->raster->color_mask[i];
        m[0] = red != 0;
        m[1] = green != 0;
        m[2] = blue != 0;
        m[3] = alpha != 0;
    }
    ctx->raster->dirty |= GLR_DIRTY_BLEND;
}

void swrgl_ColorMaski(struct gl_context *ctx, GLuint index, GLboolean r, GLboolean g, GLboolean b,
                      GLboolean a)
{
    if (index >= SWRGL_MAX_DRAW_BUFFERS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLboolean *m = ctx->raster->color_mask[index];
    m[0] = r != 0;
    m[1] = g != 0;
    m[2] = b != 0;
    m[3] = a != 0;
    ctx->raster->dirty |= GLR_DIRTY_BLEND;
}

static int indexed_op(struct gl_context *ctx, GLenum target, GLuint index, int op)
{
    if (target != GL_BLEND) {
        gl_error(ctx, GL_INVALID_ENUM);
        return -1;
    }
    if (index >= SWRGL_MAX_DRAW_BUFFERS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return -1;
    }
    if (op != GL_ENABLE_OP_QUERY && ctx->raster->blend[index] != (op == GL_ENABLE_OP_ON)) {
        ctx->raster->blend[index] = op == GL_ENABLE_OP_ON;
        ctx->raster->dirty |= GLR_DIRTY_BLEND;
    }
    return ctx->raster->blend[index];
}

void swrgl_Enablei(struct gl_context *ctx, GLenum target, GLuint index)
{
    indexed_op(ctx, target, index, GL_ENABLE_OP_ON);
}

void swrgl_Disablei(struct gl_context *ctx, GLenum target, GLuint index)
{
    indexed_op(ctx, target, index, GL_ENABLE_OP_OFF);
}

GLboolean swrgl_IsEnabledi(struct gl_context *ctx, GLenum target, GLuint index)
{
    return indexed_op(ctx, target, index, GL_ENABLE_OP_QUERY) > 0 ? GL_TRUE : GL_FALSE;
}

void swrgl_LogicOp(struct gl_context *ctx, GLenum opcode)
{
    if (logic_op(opcode) < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->raster->logic_op = opcode;
    ctx->raster->dirty |= GLR_DIRTY_BLEND;
}

void swrgl_SampleCoverage(struct gl_context *ctx, GLfloat value, GLboolean invert)
{
    ctx->raster->sample_coverage_value = clampf(value, 0.0f, 1.0f);
    ctx->raster->sample_coverage_invert = invert != 0;
    ctx->raster->dirty |= GLR_DIRTY_SAMPLEMSK;
}

/* GL 3.2 section 4.1.3: one mask word (GL_MAX_SAMPLE_MASK_WORDS is 1). */
void swrgl_SampleMaski(struct gl_context *ctx, GLuint maskNumber, GLbitfield mask)
{
    if (maskNumber >= 1) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    ctx->raster->sample_mask_value = mask;
}

/* GL 3.2 section 6.1.15: GL_SAMPLE_POSITION of sample `index`, which
 * must be below GL_SAMPLES. swr's framebuffers have one sample per pixel,
 * at the pixel centre, but report GL_SAMPLES 0 (no multisample buffer, as
 * GL does for a single-sampled framebuffer), so every index is
 * GL_INVALID_VALUE (llvmpipe agrees). */
void swrgl_GetMultisamplefv(struct gl_context *ctx, GLenum pname, GLuint index, GLfloat *val)
{
    const GLuint samples = 0; /* GL_SAMPLES of every framebuffer (gl_framebuffer.c) */
    if (pname != GL_SAMPLE_POSITION) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (index >= samples) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (val) { /* the centre, were there samples */
        val[0] = 0.5f;
        val[1] = 0.5f;
    }
}

/* glClampColor belongs to the framebuffer part (read clamping); vertex and
 * fragment clamping keep their defaults here for glGet. */

void swrgl_AlphaFunc(struct gl_context *ctx, GLenum func, GLfloat ref)
{
    if (compare_func(func) < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->raster->alpha_func = func;
    ctx->raster->alpha_ref = clampf(ref, 0.0f, 1.0f);
    ctx->raster->dirty |= GLR_DIRTY_DSA;
}

/* ---- depth and stencil ------------------------------------------------------ */

void swrgl_DepthFunc(struct gl_context *ctx, GLenum func)
{
    if (compare_func(func) < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->raster->depth_func = func;
    ctx->raster->dirty |= GLR_DIRTY_DSA;
}

void swrgl_DepthMask(struct gl_context *ctx, GLboolean flag)
{
    ctx->raster->depth_mask = flag != 0;
    ctx->raster->dirty |= GLR_DIRTY_DSA;
}

/* Faces selected by a GL face enum: bit 0 front, bit 1 back; 0 if invalid. */
static unsigned face_bits(GLenum face)
{
    switch (face) {
    case GL_FRONT: return 1;
    case GL_BACK: return 2;
    case GL_FRONT_AND_BACK: return 3;
    default: return 0;
    }
}

void swrgl_StencilFuncSeparate(struct gl_context *ctx, GLenum face, GLenum func, GLint ref,
                               GLuint mask)
{
    unsigned faces = face_bits(face);
    if (!faces || compare_func(func) < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    for (int f = 0; f < 2; f++)
        if (faces & (1u << f)) {
            ctx->raster->stencil[f].func = func;
            ctx->raster->stencil[f].ref = ref;
            ctx->raster->stencil[f].value_mask = mask;
        }
    ctx->raster->dirty |= GLR_DIRTY_DSA | GLR_DIRTY_SREF;
}

void swrgl_StencilFunc(struct gl_context *ctx, GLenum func, GLint ref, GLuint mask)
{
    gl_raster_state *r = ctx->raster;
    if (r->active_stencil_face == GL_BACK) {
        if (compare_func(func) < 0) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        r->stencil_ext_back.func = func;
        r->stencil_ext_back.ref = ref;
        r->stencil_ext_back.value_mask = mask;
        r->dirty |= GLR_DIRTY_DSA | GLR_DIRTY_SREF;
        return;
    }
    swrgl_StencilFuncSeparate(ctx, GL_FRONT_AND_BACK, func, ref, mask);
}

void swrgl_StencilOpSeparate(struct gl_context *ctx, GLenum face, GLenum sfail, GLenum dpfail,
                             GLenum dppass)
{
    unsigned faces = face_bits(face);
    if (!faces || stencil_op(sfail) < 0 || stencil_op(dpfail) < 0 || stencil_op(dppass) < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    for (int f = 0; f < 2; f++)
        if (faces & (1u << f)) {
            ctx->raster->stencil[f].fail = sfail;
            ctx->raster->stencil[f].zfail = dpfail;
            ctx->raster->stencil[f].zpass = dppass;
        }
    ctx->raster->dirty |= GLR_DIRTY_DSA;
}

void swrgl_StencilOp(struct gl_context *ctx, GLenum fail, GLenum zfail, GLenum zpass)
{
    gl_raster_state *r = ctx->raster;
    if (r->active_stencil_face == GL_BACK) {
        if (stencil_op(fail) < 0 || stencil_op(zfail) < 0 || stencil_op(zpass) < 0) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        r->stencil_ext_back.fail = fail;
        r->stencil_ext_back.zfail = zfail;
        r->stencil_ext_back.zpass = zpass;
        r->dirty |= GLR_DIRTY_DSA;
        return;
    }
    swrgl_StencilOpSeparate(ctx, GL_FRONT_AND_BACK, fail, zfail, zpass);
}

void swrgl_StencilMaskSeparate(struct gl_context *ctx, GLenum face, GLuint mask)
{
    unsigned faces = face_bits(face);
    if (!faces) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    for (int f = 0; f < 2; f++)
        if (faces & (1u << f))
            ctx->raster->stencil[f].write_mask = mask;
    ctx->raster->dirty |= GLR_DIRTY_DSA;
}

void swrgl_StencilMask(struct gl_context *ctx, GLuint mask)
{
    gl_raster_state *r = ctx->raster;
    if (r->active_stencil_face == GL_BACK) {
        r->stencil_ext_back.write_mask = mask;
        r->dirty |= GLR_DIRTY_DSA;
        return;
    }
    swrgl_StencilMaskSeparate(ctx, GL_FRONT_AND_BACK, mask);
}

/* GL_EXT_stencil_two_side: which face glStencilFunc/Op/Mask address. */
void swrgl_ActiveStencilFaceEXT(struct gl_context *ctx, GLenum face)
{
    if (face != GL_FRONT && face != GL_BACK) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->raster->active_stencil_face = face;
}

const gl_stencil_face *gl_raster_stencil_back(const gl_raster_state *r)
{
    return r->stencil_two_side ? &r->stencil_ext_back : &r->stencil[1];
}

/* ---- clear values (glClear itself is the framebuffer part's) ---------------- */

void swrgl_ClearColor(struct gl_context *ctx, GLfloat red, GLfloat green, GLfloat blue,
                      GLfloat alpha)
{
    /* Kept unclamped for floating-point buffers (GL 3.0); fixed-point
     * buffers clamp when they store it. */
    GLfloat *c = ctx->raster->clear_color;
    c[0] = red;
    c[1] = green;
    c[2] = blue;
    c[3] = alpha;
}

void swrgl_ClearDepth(struct gl_context *ctx, GLdouble depth)
{
    ctx->raster->clear_depth = depth < 0.0 ? 0.0 : depth > 1.0 ? 1.0 : depth;
}

void swrgl_ClearStencil(struct gl_context *ctx, GLint s) { ctx->raster->clear_stencil = s; }

/* ---- polygons, lines, points, clip planes, hints --------------------------- */

void swrgl_CullFace(struct gl_context *ctx, GLenum mode)
{
    if (!face_bits(mode)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->raster->cull_face = mode;
    ctx->raster->dirty |= GLR_DIRTY_RAST;
}

void swrgl_FrontFace(struct gl_context *ctx, GLenum mode)
{
    if (mode != GL_CW && mode != GL_CCW) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->raster->front_face = mode;
    ctx->raster->dirty |= GLR_DIRTY_RAST;
}

void swrgl_ShadeModel(struct gl_context *ctx, GLenum mode)
{
    if (mode != GL_FLAT && mode != GL_SMOOTH) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->raster->shade_model = mode;
    ctx->raster->dirty |= GLR_DIRTY_RAST;
}

void swrgl_ProvokingVertex(struct gl_context *ctx, GLenum mode)
{
    if (mode != GL_FIRST_VERTEX_CONVENTION && mode != GL_LAST_VERTEX_CONVENTION) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->raster->provoking_vertex = mode;
    ctx->raster->dirty |= GLR_DIRTY_RAST;
}

void swrgl_PolygonMode(struct gl_context *ctx, GLenum face, GLenum mode)
{
    unsigned faces = face_bits(face);
    if (!faces || polygon_mode(mode) < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    for (int f = 0; f < 2; f++)
        if (faces & (1u << f))
            ctx->raster->polygon_mode[f] = mode;
    ctx->raster->dirty |= GLR_DIRTY_RAST;
}

void swrgl_PolygonOffset(struct gl_context *ctx, GLfloat factor, GLfloat units)
{
    ctx->raster->offset_factor = factor;
    ctx->raster->offset_units = units;
    ctx->raster->dirty |= GLR_DIRTY_RAST;
}

void swrgl_PolygonStipple(struct gl_context *ctx, const GLubyte *mask)
{
    /* Unpacked as GL_COLOR_INDEX/GL_BITMAP with the unpack state; swr keeps
     * the common case (LSB_FIRST false, rows of 4 bytes). */
    if (!mask)
        return;
    const gl_pixelstore *ps = &ctx->pixels->unpack;
    GLint row_len = ps->row_length > 0 ? ps->row_length : 32;
    GLint align = ps->alignment > 0 ? ps->alignment : 4;
    size_t stride = (size_t)((row_len + 7) / 8);
    stride = (stride + (size_t)align - 1) / (size_t)align * (size_t)align;
    const GLubyte *src = mask + (size_t)ps->skip_rows * stride;
    for (int y = 0; y < 32; y++)
        for (int b = 0; b < 4; b++) {
            int bit0 = ps->skip_pixels + b * 8;
            GLubyte v = 0;
            for (int k = 0; k < 8; k++) {
                int bit = bit0 + k;
                GLubyte byte = src[(size_t)y * stride + (size_t)(bit / 8)];
                int on = ps->lsb_first ? (byte >> (bit % 8)) & 1 : (byte >> (7 - bit % 8)) & 1;
                v |= (GLubyte)(on << (7 - k));
            }
            ctx->raster->stipple[y * 4 + b] = v;
        }
    ctx->raster->dirty |= GLR_DIRTY_STIPPLE;
}

void swrgl_GetPolygonStipple(struct gl_context *ctx, GLubyte *mask)
{
    if (!mask)
        return;
    const gl_pixelstore *ps = &ctx->pixels->pack;
    GLint row_len = ps->row_length > 0 ? ps->row_length : 32;
    GLint align = ps->alignment > 0 ? ps->alignment : 4;
    size_t stride = (size_t)((row_len + 7) / 8);
    stride = (stride + (size_t)align - 1) / (size_t)align * (size_t)align;
    GLubyte *dst = mask + (size_t)ps->skip_rows * stride;
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++) {
            int on = (ctx->raster->stipple[y * 4 + x / 8] >> (7 - x % 8)) & 1;
            int bit = ps->skip_pixels + x;
            GLubyte *byte = &dst[(size_t)y * stride + (size_t)(bit / 8)];
            GLubyte m = ps->lsb_first ? (GLubyte)(1u << (bit % 8)) : (GLubyte)(0x80u >> (bit % 8));
            *byte = on ? (GLubyte)(*byte | m) : (GLubyte)(*byte & ~m);
        }
}

void swrgl_LineWidth(struct gl_context *ctx, GLfloat width)
{
    if (!(width > 0.0f)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    ctx->raster->line_width = width;
    ctx->raster->dirty |= GLR_DIRTY_RAST;
}

void swrgl_LineStipple(struct gl_context *ctx, GLint factor, GLushort pattern)
{
    ctx->raster->line_stipple_factor = factor < 1 ? 1 : factor > 256 ? 256 : factor;
    ctx->raster->line_stipple_pattern = pattern;
    ctx->raster->dirty |= GLR_DIRTY_RAST;
}

void swrgl_PointSize(struct gl_context *ctx, GLfloat size)
{
    if (!(size > 0.0f)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    ctx->raster->point_size = size;
    ctx->raster->dirty |= GLR_DIRTY_RAST;
}

void swrgl_PointParameterfv(struct gl_context *ctx, GLenum pname, const GLfloat *params)
{
    if (!params)
        return;
    gl_raster_state *r = ctx->raster;
    GLfloat v = params[0];
    switch (pname) {
    case GL_POINT_SIZE_MIN:
    case GL_POINT_SIZE_MAX:
    case GL_POINT_FADE_THRESHOLD_SIZE:
        if (v < 0.0f || isnan(v)) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        if (pname == GL_POINT_SIZE_MIN)
            r->point_size_min = v;
        else if (pname == GL_POINT_SIZE_MAX)
            r->point_size_max = v;
        else
            r->point_fade = v;
        break;
    case GL_POINT_SPRITE_COORD_ORIGIN: {
        GLenum e = (GLenum)v;
        if ((GLfloat)e != v || (e != GL_UPPER_LEFT && e != GL_LOWER_LEFT)) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        r->sprite_origin = e;
        break;
    }
    case GL_POINT_DISTANCE_ATTENUATION:
        /* read by the fixed-function programs only */
        for (int k = 0; k < 3; k++)
            r->point_attenuation[k] = params[k];
        return;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    r->dirty |= GLR_DIRTY_RAST;
}

void swrgl_PointParameterf(struct gl_context *ctx, GLenum pname, GLfloat param)
{
    if (pname == GL_POINT_DISTANCE_ATTENUATION) { /* takes three values */
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    swrgl_PointParameterfv(ctx, pname, &param);
}

void swrgl_PointParameteriv(struct gl_context *ctx, GLenum pname, const GLint *params)
{
    if (!params)
        return;
    GLfloat f[3] = {(GLfloat)params[0], 0, 0};
    if (pname == GL_POINT_DISTANCE_ATTENUATION) {
        f[1] = (GLfloat)params[1];
        f[2] = (GLfloat)params[2];
    }
    swrgl_PointParameterfv(ctx, pname, f);
}

void swrgl_PointParameteri(struct gl_context *ctx, GLenum pname, GLint param)
{
    if (pname == GL_POINT_DISTANCE_ATTENUATION) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    swrgl_PointParameteriv(ctx, pname, &param);
}

void gl_raster_set_clip_plane(struct gl_context *ctx, unsigned k, const GLdouble plane[4])
{
    if (k >= SWRGL_MAX_CLIP_PLANES)
        return;
    memcpy(ctx->raster->clip_plane[k], plane, 4 * sizeof(GLdouble));
    ctx->raster->dirty |= GLR_DIRTY_CLIP;
}

void gl_raster_set_fixed(struct gl_context *ctx, const gl_raster_fixed *fixed)
{
    gl_raster_state *r = ctx->raster;
    gl_raster_fixed none;
    memset(&none, 0, sizeof none);
    if (!fixed)
        fixed = &none;
    if (memcmp(&r->fixed, fixed, sizeof *fixed)) {
        r->fixed = *fixed;
        r->dirty |= GLR_DIRTY_RAST;
    }
}

void swrgl_GetClipPlane(struct gl_context *ctx, GLenum plane, GLdouble *equation)
{
    if (plane < GL_CLIP_PLANE0 || plane >= GL_CLIP_PLANE0 + SWRGL_MAX_CLIP_PLANES) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (equation)
        memcpy(equation, ctx->raster->clip_plane[plane - GL_CLIP_PLANE0], 4 * sizeof(GLdouble));
}

void swrgl_Hint(struct gl_context *ctx, GLenum target, GLenum mode)
{
    int i = hint_index(target);
    if (i < 0 || (mode != GL_FASTEST && mode != GL_NICEST && mode != GL_DONT_CARE)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->raster->hints[i] = mode;
}

/* ---- enable ------------------------------------------------------------------ */

static int set_cap(struct gl_context *ctx, bool *flag, int op, unsigned dirty)
{
    if (op != GL_ENABLE_OP_QUERY && *flag != (op == GL_ENABLE_OP_ON)) {
        *flag = op == GL_ENABLE_OP_ON;
        ctx->raster->dirty |= dirty;
    }
    return *flag ? 1 : 0;
}

int gl_raster_enable(struct gl_context *ctx, GLenum cap, int op)
{
    gl_raster_state *r = ctx->raster;
    switch (cap) {
    case GL_SCISSOR_TEST: return set_cap(ctx, &r->scissor_test, op, GLR_DIRTY_RAST | GLR_DIRTY_SCISSOR);
    case GL_BLEND: {
        /* glEnable(GL_BLEND) sets every draw buffer; the query reads buffer 0. */
        if (op != GL_ENABLE_OP_QUERY)
            for (unsigned i = 0; i < SWRGL_MAX_DRAW_BUFFERS; i++)
                r->blend[i] = op == GL_ENABLE_OP_ON;
        r->dirty |= op != GL_ENABLE_OP_QUERY ? GLR_DIRTY_BLEND : 0;
        return r->blend[0];
    }
    case GL_COLOR_LOGIC_OP: return set_cap(ctx, &r->color_logic_op, op, GLR_DIRTY_BLEND);
    case GL_INDEX_LOGIC_OP: return set_cap(ctx, &r->index_logic_op, op, 0);
    case GL_DITHER: return set_cap(ctx, &r->dither, op, 0);
    case GL_SAMPLE_ALPHA_TO_COVERAGE: return set_cap(ctx, &r->alpha_to_coverage, op, GLR_DIRTY_BLEND);
    case GL_SAMPLE_ALPHA_TO_ONE: return set_cap(ctx, &r->alpha_to_one, op, GLR_DIRTY_BLEND);
    case GL_SAMPLE_COVERAGE: return set_cap(ctx, &r->sample_coverage, op, GLR_DIRTY_SAMPLEMSK);
    case GL_SAMPLE_MASK: return set_cap(ctx, &r->sample_mask, op, 0);
    case GL_MULTISAMPLE: return set_cap(ctx, &r->multisample, op, GLR_DIRTY_RAST);
    case GL_ALPHA_TEST: return set_cap(ctx, &r->alpha_test, op, GLR_DIRTY_DSA);
    case GL_DEPTH_TEST: return set_cap(ctx, &r->depth_test, op, GLR_DIRTY_DSA);
    case GL_STENCIL_TEST: return set_cap(ctx, &r->stencil_test, op, GLR_DIRTY_DSA);
    case GL_STENCIL_TEST_TWO_SIDE_EXT:
        return set_cap(ctx, &r->stencil_two_side, op, GLR_DIRTY_DSA | GLR_DIRTY_SREF);
    case GL_DEPTH_CLAMP: return set_cap(ctx, &r->depth_clamp, op, GLR_DIRTY_RAST);
    case GL_CULL_FACE: return set_cap(ctx, &r->cull, op, GLR_DIRTY_RAST);
    case GL_POLYGON_OFFSET_FILL: return set_cap(ctx, &r->offset_fill, op, GLR_DIRTY_RAST);
    case GL_POLYGON_OFFSET_LINE: return set_cap(ctx, &r->offset_line, op, GLR_DIRTY_RAST);
    case GL_POLYGON_OFFSET_POINT: return set_cap(ctx, &r->offset_point, op, GLR_DIRTY_RAST);
    case GL_POLYGON_SMOOTH: return set_cap(ctx, &r->polygon_smooth, op, GLR_DIRTY_RAST);
    case GL_POLYGON_STIPPLE: return set_cap(ctx, &r->polygon_stipple, op, GLR_DIRTY_RAST);
    case GL_LINE_SMOOTH: return set_cap(ctx, &r->line_smooth, op, GLR_DIRTY_RAST);
    case GL_LINE_STIPPLE: return set_cap(ctx, &r->line_stipple, op, GLR_DIRTY_RAST);
    case GL_POINT_SMOOTH: return set_cap(ctx, &r->point_smooth, op, GLR_DIRTY_RAST);
    case GL_POINT_SPRITE: return set_cap(ctx, &r->point_sprite, op, GLR_DIRTY_RAST);
    case GL_VERTEX_PROGRAM_POINT_SIZE:
        return set_cap(ctx, &r->program_point_size, op, GLR_DIRTY_RAST);
    case GL_RASTERIZER_DISCARD: return set_cap(ctx, &r->rasterizer_discard, op, GLR_DIRTY_RAST);
    default:
        break;
    }
    if (cap >= GL_CLIP_DISTANCE0 && cap < GL_CLIP_DISTANCE0 + SWRGL_MAX_CLIP_PLANES) {
        uint8_t bit = (uint8_t)(1u << (cap - GL_CLIP_DISTANCE0));
        if (op != GL_ENABLE_OP_QUERY) {
            uint8_t n = op == GL_ENABLE_OP_ON ? (uint8_t)(r->clip_enable | bit)
                                              : (uint8_t)(r->clip_enable & ~bit);
            if (n != r->clip_enable) {
                r->clip_enable = n;
                r->dirty |= GLR_DIRTY_RAST;
            }
        }
        return (r->clip_enable & bit) != 0;
    }
    return -1;
}

/* ---- glGet ------------------------------------------------------------------- */

static void value_ints(gl_value *v, unsigned n, const GLint *x)
{
    v->type = GL_VALUE_INT;
    v->count = n;
    for (unsigned i = 0; i < n; i++)
        v->i[i] = x[i];
}

static void value_floats(gl_value *v, unsigned n, const GLfloat *x, bool normalized)
{
    v->type = GL_VALUE_FLOAT;
    v->count = n;
    v->normalized = normalized;
    for (unsigned i = 0; i < n; i++)
        v->f[i] = x[i];
}

static void value_enum(gl_value *v, GLenum e) { gl_value_int(v, (GLint)e); }

bool gl_raster_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    gl_raster_state *r = ctx->raster;
    /* GL_EXT_stencil_two_side: the front queries read the active face. */
    const gl_stencil_face *sf =
        r->active_stencil_face == GL_BACK ? &r->stencil_ext_back : &r->stencil[0];
    const gl_stencil_face *sb = gl_raster_stencil_back(r);
    int hi = hint_index(pname);
    if (hi >= 0) {
        value_enum(v, r->hints[hi]);
        return true;
    }
    if (glr_sync_get(ctx, pname, v))
        return true;
    if (glr_query_get(ctx, pname, v))
        return true;
    switch (pname) {
    case GL_VIEWPORT: value_ints(v, 4, r->viewport); return true;
    case GL_MAX_VIEWPORT_DIMS: {
        GLint m[2] = {max_viewport_dim(ctx), max_viewport_dim(ctx)};
        value_ints(v, 2, m);
        return true;
    }
    case GL_DEPTH_RANGE:
        v->type = GL_VALUE_DOUBLE;
        v->count = 2;
        v->normalized = true;
        v->d[0] = r->depth_range[0];
        v->d[1] = r->depth_range[1];
        return true;
    case GL_SCISSOR_BOX: value_ints(v, 4, r->scissor); return true;
    case GL_BLEND_SRC:
    case GL_BLEND_SRC_RGB: value_enum(v, r->blend_src_rgb); return true;
    case GL_BLEND_DST:
    case GL_BLEND_DST_RGB: value_enum(v, r->blend_dst_rgb); return true;
    case GL_BLEND_SRC_ALPHA: value_enum(v, r->blend_src_alpha); return true;
    case GL_BLEND_DST_ALPHA: value_enum(v, r->blend_dst_alpha); return true;
    case GL_BLEND_EQUATION_RGB: value_enum(v, r->blend_eq_rgb); return true;
    case GL_BLEND_EQUATION_ALPHA: value_enum(v, r->blend_eq_alpha); return true;
    case GL_BLEND_COLOR: value_floats(v, 4, r->blend_color, true); return true;
    case GL_COLOR_WRITEMASK:
        v->type = GL_VALUE_BOOLEAN;
        v->count = 4;
        memcpy(v->b, r->color_mask[0], 4);
        return true;
    case GL_LOGIC_OP_MODE: value_enum(v, r->logic_op); return true;
    case GL_SAMPLE_COVERAGE_VALUE: gl_value_float(v, r->sample_coverage_value); return true;
    case GL_SAMPLE_COVERAGE_INVERT: gl_value_bool(v, r->sample_coverage_invert); return true;
    case GL_MAX_SAMPLE_MASK_WORDS: gl_value_int(v, 1); return true;
    case GL_CLAMP_VERTEX_COLOR: value_enum(v, r->clamp_vertex); return true;
    case GL_CLAMP_FRAGMENT_COLOR: value_enum(v, r->clamp_fragment); return true;
    case GL_ALPHA_TEST_FUNC: value_enum(v, r->alpha_func); return true;
    case GL_ALPHA_TEST_REF:
        gl_value_float(v, r->alpha_ref);
        v->normalized = true;
        return true;
    case GL_DEPTH_FUNC: value_enum(v, r->depth_func); return true;
    case GL_DEPTH_WRITEMASK: gl_value_bool(v, r->depth_mask); return true;
    case GL_DEPTH_CLEAR_VALUE:
        v->type = GL_VALUE_DOUBLE;
        v->count = 1;
        v->normalized = true;
        v->d[0] = r->clear_depth;
        return true;
    case GL_COLOR_CLEAR_VALUE: {
        /* Stored unclamped for float buffers; reported clamped unless
         * fragment colour clamping is off (as Mesa does). */
        GLfloat c[4];
        for (int i = 0; i < 4; i++)
            c[i] = r->clamp_fragment == GL_FALSE ? r->clear_color[i]
                                                 : clampf(r->clear_color[i], 0.0f, 1.0f);
        value_floats(v, 4, c, true);
        return true;
    }
    case GL_STENCIL_CLEAR_VALUE: gl_value_int(v, r->clear_stencil); return true;
    case GL_STENCIL_FUNC: value_enum(v, sf->func); return true;
    case GL_STENCIL_REF: gl_value_int(v, stencil_ref(sf->ref)); return true;
    case GL_STENCIL_VALUE_MASK: gl_value_int(v, (GLint)sf->value_mask); return true;
    case GL_STENCIL_WRITEMASK: gl_value_int(v, (GLint)sf->write_mask); return true;
    case GL_STENCIL_FAIL: value_enum(v, sf->fail); return true;
    case GL_STENCIL_PASS_DEPTH_FAIL: value_enum(v, sf->zfail); return true;
    case GL_STENCIL_PASS_DEPTH_PASS: value_enum(v, sf->zpass); return true;
    case GL_STENCIL_BACK_FUNC: value_enum(v, sb->func); return true;
    case GL_STENCIL_BACK_REF: gl_value_int(v, stencil_ref(sb->ref)); return true;
    case GL_STENCIL_BACK_VALUE_MASK: gl_value_int(v, (GLint)sb->value_mask); return true;
    case GL_STENCIL_BACK_WRITEMASK: gl_value_int(v, (GLint)sb->write_mask); return true;
    case GL_STENCIL_BACK_FAIL: value_enum(v, sb->fail); return true;
    case GL_STENCIL_BACK_PASS_DEPTH_FAIL: value_enum(v, sb->zfail); return true;
    case GL_STENCIL_BACK_PASS_DEPTH_PASS: value_enum(v, sb->zpass); return true;
    case GL_ACTIVE_STENCIL_FACE_EXT: value_enum(v, r->active_stencil_face); return true;
    case GL_CULL_FACE_MODE: value_enum(v, r->cull_face); return true;
    case GL_FRONT_FACE: value_enum(v, r->front_face); return true;
    case GL_SHADE_MODEL: value_enum(v, r->shade_model); return true;
    case GL_PROVOKING_VERTEX: value_enum(v, r->provoking_vertex); return true;
    case GL_POLYGON_MODE: {
        GLint m[2] = {(GLint)r->polygon_mode[0], (GLint)r->polygon_mode[1]};
        value_ints(v, 2, m);
        return true;
    }
    case GL_POLYGON_OFFSET_FACTOR: gl_value_float(v, r->offset_factor); return true;
    case GL_POLYGON_OFFSET_UNITS: gl_value_float(v, r->offset_units); return true;
    case GL_LINE_WIDTH: gl_value_float(v, r->line_width); return true;
    case GL_LINE_STIPPLE_PATTERN: gl_value_int(v, r->line_stipple_pattern); return true;
    case GL_LINE_STIPPLE_REPEAT: gl_value_int(v, r->line_stipple_factor); return true;
    case GL_ALIASED_LINE_WIDTH_RANGE:
    case GL_SMOOTH_LINE_WIDTH_RANGE: {
        GLfloat m[2] = {1.0f, ctx->screen->get_paramf(ctx->screen,
                                                      pname == GL_SMOOTH_LINE_WIDTH_RANGE
                                                          ? PIPE_CAPF_MAX_LINE_WIDTH_AA
                                                          : PIPE_CAPF_MAX_LINE_WIDTH)};
        value_floats(v, 2, m, false);
        return true;
    }
    case GL_SMOOTH_LINE_WIDTH_GRANULARITY: gl_value_float(v, 0.125f); return true;
    case GL_POINT_SIZE: gl_value_float(v, r->point_size); return true;
    case GL_POINT_SIZE_MIN: gl_value_float(v, r->point_size_min); return true;
    case GL_POINT_SIZE_MAX: gl_value_float(v, r->point_size_max); return true;
    case GL_POINT_FADE_THRESHOLD_SIZE: gl_value_float(v, r->point_fade); return true;
    case GL_POINT_DISTANCE_ATTENUATION:
        v->type = GL_VALUE_FLOAT;
        v->count = 3;
        memcpy(v->f, r->point_attenuation, sizeof r->point_attenuation);
        return true;
    case GL_POINT_SPRITE_COORD_ORIGIN: value_enum(v, r->sprite_origin); return true;
    case GL_ALIASED_POINT_SIZE_RANGE:
    case GL_SMOOTH_POINT_SIZE_RANGE: {
        GLfloat m[2] = {1.0f, ctx->screen->get_paramf(ctx->screen,
                                                      pname == GL_SMOOTH_POINT_SIZE_RANGE
                                                          ? PIPE_CAPF_MAX_POINT_WIDTH_AA
                                                          : PIPE_CAPF_MAX_POINT_WIDTH)};
        value_floats(v, 2, m, false);
        return true;
    }
    case GL_SMOOTH_POINT_SIZE_GRANULARITY: gl_value_float(v, 0.125f); return true;
    case GL_MAX_CLIP_DISTANCES: gl_value_int(v, SWRGL_MAX_CLIP_PLANES); return true;
    case GL_SUBPIXEL_BITS: gl_value_int(v, 8); return true;
    default:
        return false;
    }
}

/* ---- validate: GL state -> pipe state ---------------------------------------- */

static void build_rasterizer(const gl_raster_state *r, struct pipe_rasterizer_state *s)
{
    memset(s, 0, sizeof *s);
    s->flatshade = r->shade_model == GL_FLAT;
    s->flatshade_first = r->provoking_vertex == GL_FIRST_VERTEX_CONVENTION;
    s->clamp_vertex_color = r->clamp_vertex == GL_TRUE && !r->fixed.clamp_in_shader;
    s->light_twoside = r->fixed.light_twoside;
    s->clamp_fragment_color = r->clamp_fragment == GL_TRUE;
    /* The engine judges winding with row 0 at the top (swr_state.h), and
     * GL's y = 0 is row 0 here: a GL counter-clockwise polygon runs
     * clockwise in the engine's view. */
    s->front_ccw = r->front_face == GL_CW;
    s->cull_face = !r->cull ? PIPE_FACE_NONE
                   : r->cull_face == GL_FRONT ? PIPE_FACE_FRONT
                   : r->cull_face == GL_BACK  ? PIPE_FACE_BACK
                                              : PIPE_FACE_FRONT_AND_BACK;
    s->fill_front = (uint8_t)polygon_mode(r->polygon_mode[0]);
    s->fill_back = (uint8_t)polygon_mode(r->polygon_mode[1]);
    s->offset_point = r->offset_point;
    s->offset_line = r->offset_line;
    s->offset_tri = r->offset_fill;
    if (s->offset_point || s->offset_line || s->offset_tri) {
        s->offset_units = r->offset_units;
        s->offset_scale = r->offset_factor;
    }
    s->poly_smooth = r->polygon_smooth;
    s->poly_stipple_enable = r->polygon_stipple;
    /* gl_PointCoord (PCOORD) is always replaced; fixed-function texture
     * coordinates with GL_COORD_REPLACE. */
    s->sprite_coord_enable = r->point_sprite ? r->fixed.sprite_coord_enable : 0;
    s->sprite_coord_mode =
        r->sprite_origin == GL_UPPER_LEFT ? PIPE_SPRITE_COORD_LOWER_LEFT : PIPE_SPRITE_COORD_UPPER_LEFT;
    s->point_quad_rasterization = r->point_sprite;
    s->point_smooth = r->point_smooth;
    s->point_size_per_vertex = r->fixed.on ? r->fixed.point_size_per_vertex : r->program_point_size;
    float ps = r->point_size;
    if (ps < r->point_size_min)
        ps = r->point_size_min;
    if (ps > r->point_size_max)
        ps = r->point_size_max;
    s->point_size = ps < 1.0f ? 1.0f : ps;
    s->line_smooth = r->line_smooth;
    s->line_stipple_enable = r->line_stipple;
    if (r->line_stipple) {
        s->line_stipple_factor = (uint8_t)(r->line_stipple_factor - 1);
        s->line_stipple_pattern = r->line_stipple_pattern;
    }
    s->line_last_pixel = false;
    s->line_width = r->line_width;
    s->scissor = r->scissor_test;
    s->multisample = r->multisample;
    s->half_pixel_center = true;
    s->bottom_edge_rule = true;
    s->rasterizer_discard = r->rasterizer_discard;
    s->depth_clip_near = s->depth_clip_far = !r->depth_clamp;
    s->depth_clamp = r->depth_clamp;
    s->clip_plane_enable = r->clip_enable;
}

static void build_blend(const gl_raster_state *r, struct pipe_blend_state *s)
{
    memset(s, 0, sizeof *s);
    s->logicop_enable = r->color_logic_op;
    s->logicop_func = (uint8_t)logic_op(r->logic_op);
    s->dither = r->dither;
    s->alpha_to_coverage = r->alpha_to_coverage;
    s->alpha_to_one = r->alpha_to_one;
    s->max_rt = SWRGL_MAX_DRAW_BUFFERS - 1;
    for (unsigned i = 0; i < SWRGL_MAX_DRAW_BUFFERS; i++) {
        struct pipe_rt_blend_state *rt = &s->rt[i];
        rt->blend_enable = r->blend[i];
        if (rt->blend_enable) {
            rt->rgb_func = (uint8_t)blend_equation(r->blend_eq_rgb);
            rt->alpha_func = (uint8_t)blend_equation(r->blend_eq_alpha);
            /* MIN and MAX ignore the factors. */
            bool rgb_minmax = r->blend_eq_rgb == GL_MIN || r->blend_eq_rgb == GL_MAX;
            bool a_minmax = r->blend_eq_alpha == GL_MIN || r->blend_eq_alpha == GL_MAX;
            rt->rgb_src_factor = (uint8_t)(rgb_minmax ? PIPE_BLENDFACTOR_ONE : blend_factor(r->blend_src_rgb));
            rt->rgb_dst_factor = (uint8_t)(rgb_minmax ? PIPE_BLENDFACTOR_ONE : blend_factor(r->blend_dst_rgb));
            rt->alpha_src_factor =
                (uint8_t)(a_minmax ? PIPE_BLENDFACTOR_ONE : blend_factor(r->blend_src_alpha));
            rt->alpha_dst_factor =
                (uint8_t)(a_minmax ? PIPE_BLENDFACTOR_ONE : blend_factor(r->blend_dst_alpha));
        }
        const GLboolean *m = r->color_mask[i];
        rt->colormask = (uint8_t)((m[0] ? PIPE_MASK_R : 0) | (m[1] ? PIPE_MASK_G : 0) |
                                  (m[2] ? PIPE_MASK_B : 0) | (m[3] ? PIPE_MASK_A : 0));
    }
    for (unsigned i = 1; i < SWRGL_MAX_DRAW_BUFFERS; i++)
        if (memcmp(&s->rt[i], &s->rt[0], sizeof s->rt[0]) != 0)
            s->independent_blend_enable = true;
}

static bool is_src1_factor(GLenum f)
{
    return f == GL_SRC1_COLOR || f == GL_ONE_MINUS_SRC1_COLOR || f == GL_SRC1_ALPHA ||
           f == GL_ONE_MINUS_SRC1_ALPHA;
}

bool gl_raster_blend_reads_src1(struct gl_context *ctx)
{
    const gl_raster_state *r = ctx->raster;
    bool rgb = r->blend_eq_rgb != GL_MIN && r->blend_eq_rgb != GL_MAX &&
               (is_src1_factor(r->blend_src_rgb) || is_src1_factor(r->blend_dst_rgb));
    bool alpha = r->blend_eq_alpha != GL_MIN && r->blend_eq_alpha != GL_MAX &&
                 (is_src1_factor(r->blend_src_alpha) || is_src1_factor(r->blend_dst_alpha));
    if (r->color_logic_op || (!rgb && !alpha))
        return false;
    for (unsigned i = 0; i < SWRGL_MAX_DRAW_BUFFERS; i++)
        if (r->blend[i])
            return true;
    return false;
}

static void build_dsa(const gl_raster_state *r, struct pipe_depth_stencil_alpha_state *s)
{
    memset(s, 0, sizeof *s);
    s->depth.enabled = r->depth_test;
    if (r->depth_test) {
        s->depth.writemask = r->depth_mask;
        s->depth.func = (uint8_t)compare_func(r->depth_func);
    }
    if (r->stencil_test) {
        for (int f = 0; f < 2; f++) {
            const gl_stencil_face *g = f ? gl_raster_stencil_back(r) : &r->stencil[0];
            struct pipe_stencil_state *p = &s->stencil[f];
            p->enabled = true;
            p->func = (uint8_t)compare_func(g->func);
            p->fail_op = (uint8_t)stencil_op(g->fail);
            p->zfail_op = (uint8_t)stencil_op(g->zfail);
            p->zpass_op = (uint8_t)stencil_op(g->zpass);
            p->valuemask = (uint8_t)g->value_mask;
            p->writemask = (uint8_t)g->write_mask;
        }
    }
    s->alpha.enabled = r->alpha_test;
    if (r->alpha_test) {
        s->alpha.func = (uint8_t)compare_func(r->alpha_func);
        s->alpha.ref_value = r->alpha_ref;
    }
}

bool gl_raster_validate(struct gl_context *ctx)
{
    gl_raster_state *r = ctx->raster;
    unsigned d = r->dirty;
    if (!d)
        return true;
    struct pipe_context *p = ctx->pipe;
    if (d & GLR_DIRTY_RAST) {
        struct pipe_rasterizer_state s;
        build_rasterizer(r, &s);
        if (!cso_bind(ctx, GLR_RAST, &s, sizeof s)) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return false;
        }
    }
    if (d & GLR_DIRTY_BLEND) {
        struct pipe_blend_state s;
        build_blend(r, &s);
        if (!cso_bind(ctx, GLR_BLEND, &s, sizeof s)) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return false;
        }
    }
    if (d & GLR_DIRTY_DSA) {
        struct pipe_depth_stencil_alpha_state s;
        build_dsa(r, &s);
        if (!cso_bind(ctx, GLR_DSA, &s, sizeof s)) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return false;
        }
    }
    if (d & GLR_DIRTY_VIEWPORT) {
        struct pipe_viewport_state vp;
        float w = (float)r->viewport[2], h = (float)r->viewport[3];
        float n = (float)r->depth_range[0], f = (float)r->depth_range[1];
        vp.scale[0] = w * 0.5f;
        vp.scale[1] = h * 0.5f;
        vp.scale[2] = (f - n) * 0.5f;
        vp.translate[0] = (float)r->viewport[0] + w * 0.5f;
        vp.translate[1] = (float)r->viewport[1] + h * 0.5f;
        vp.translate[2] = (n + f) * 0.5f;
        p->set_viewport_states(p, 0, 1, &vp);
    }
    if (d & GLR_DIRTY_SCISSOR) {
        struct pipe_scissor_state sc;
        long x0 = r->scissor[0], y0 = r->scissor[1];
        long x1 = x0 + r->scissor[2], y1 = y0 + r->scissor[3];
        long lim = 65535;
        x0 = x0 < 0 ? 0 : x0 > lim ? lim : x0;
        y0 = y0 < 0 ? 0 : y0 > lim ? lim : y0;
        x1 = x1 < x0 ? x0 : x1 > lim ? lim : x1;
        y1 = y1 < y0 ? y0 : y1 > lim ? lim : y1;
        sc.minx = (uint16_t)x0;
        sc.miny = (uint16_t)y0;
        sc.maxx = (uint16_t)x1;
        sc.maxy = (uint16_t)y1;
        p->set_scissor_states(p, 0, 1, &sc);
    }
    if (d & GLR_DIRTY_BCOLOR) {
        struct pipe_blend_color bc;
        memcpy(bc.color, r->blend_color, sizeof bc.color);
        p->set_blend_color(p, &bc);
    }
    if (d & GLR_DIRTY_SREF) {
        struct pipe_stencil_ref sr = {{stencil_ref(r->stencil[0].ref),
                                       stencil_ref(gl_raster_stencil_back(r)->ref)}};
        p->set_stencil_ref(p, &sr);
    }
    if (d & GLR_DIRTY_CLIP) {
        struct pipe_clip_state cs;
        for (int k = 0; k < PIPE_MAX_CLIP_PLANES && k < SWRGL_MAX_CLIP_PLANES; k++)
            for (int c = 0; c < 4; c++)
                cs.ucp[k][c] = (float)r->clip_plane[k][c];
        p->set_clip_state(p, &cs);
    }
    if ((d & GLR_DIRTY_STIPPLE) && p->set_polygon_stipple) {
        struct pipe_poly_stipple st;
        for (int y = 0; y < 32; y++)
            st.stipple[y] = (uint32_t)r->stipple[y * 4] << 24 | (uint32_t)r->stipple[y * 4 + 1] << 16 |
                            (uint32_t)r->stipple[y * 4 + 2] << 8 | r->stipple[y * 4 + 3];
        p->set_polygon_stipple(p, &st);
    }
    if ((d & GLR_DIRTY_SAMPLEMSK) && p->set_sample_mask) {
        /* Single-sampled buffers: coverage masks apply only with
         * multisampling, so every sample stays on. */
        p->set_sample_mask(p, ~0u);
    }
    r->dirty = 0;
    return true;
}

bool gl_raster_scissored_area(struct gl_context *ctx, unsigned width, unsigned height,
                              unsigned box[4])
{
    long x0 = 0, y0 = 0, x1 = (long)width, y1 = (long)height;
    if (ctx->raster->scissor_test) {
        const GLint *s = ctx->raster->scissor;
        long sx1 = (long)s[0] + s[2], sy1 = (long)s[1] + s[3];
        x0 = s[0] > 0 ? s[0] : 0;
        y0 = s[1] > 0 ? s[1] : 0;
        x1 = sx1 < x1 ? sx1 : x1;
        y1 = sy1 < y1 ? sy1 : y1;
    }
    if (x1 <= x0 || y1 <= y0)
        return false;
    box[0] = (unsigned)x0;
    box[1] = (unsigned)y0;
    box[2] = (unsigned)x1;
    box[3] = (unsigned)y1;
    return true;
}
