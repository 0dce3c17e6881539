/*
 * gl_attrib_server.c: the server attribute stack, glPushAttrib/glPopAttrib
 * (GL 2.1 section 6.1.14, the attribute groups of tables 6.5-6.36).
 *
 * How it works: a push records the state of every group in the mask as a
 * list of records, each naming one piece of state the way the GL names it
 * (a glGet pname, a glIsEnabled cap, a light or material parameter, a
 * texture unit's binding, environment or texgen parameter) with its value,
 * read through the same glGet/glIsEnabled dispatch a program uses (the
 * context part hands us those two functions, gl_attrib_connect). A pop
 * replays the records through the owning parts' own GL commands
 * (glDepthFunc, glLightfv, glBindTexture ...), so every part's dirty
 * tracking and validation sees an ordinary state change and no part needs
 * to know about the stack. Two groups are copied as memory instead, being
 * plain values no command can set exactly: GL_CURRENT_BIT's current
 * attribute values (the vertex part's) and raster position (pixelpath's),
 * and the polygon stipple (the raster part's; its command would apply the
 * unpack state).
 *
 * Invariants of a pop: eye-space values (light positions and spot
 * directions, clip planes, texgen eye planes) are read back in eye space by
 * glGet, so they are replayed under an identity modelview matrix, then the
 * modelview matrix, the matrix mode and the active texture unit are put
 * back (from the records when the mask saved them, else as they were before
 * the pop). Records whose glGet failed at push time (a pname this GL does
 * not report) are skipped. The errors of the replayed commands and of the
 * glGets are discarded: the pop itself has no error but STACK_UNDERFLOW.
 *
 * Cost: a push of GL_ALL_ATTRIB_BITS makes about 1200 records (8 lights, 8
 * texture units with 5 targets' texture parameters); the stack holds GL_MAX_ATTRIB_STACK_DEPTH (16)
 * entries, each one allocation. Calling thread: the context's.
 */
#include "frontend-gallium/gl/attrib/gl_attrib.h"
#include "frontend-gallium/gl/attrib/gl_attrib_priv.h"

#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gl/dlist/gl_dlist.h"
#include "frontend-gallium/gl/eval/gl_eval.h"
#include "frontend-gallium/gl/fixed/gl_fixed.h"
#include "frontend-gallium/gl/framebuffer/gl_framebuffer.h"
#include "frontend-gallium/gl/pixelpath/gl_pixelpath.h"
#include "frontend-gallium/gl/pixels/gl_pixels.h"
#include "frontend-gallium/gl/raster/gl_raster.h"
#include "frontend-gallium/gl/texture/gl_texture.h"
#include "frontend-gallium/gl/vertex/gl_vertex.h"

/* The lights, clip planes and fixed-function texture units whose state the
 * groups hold (GL_MAX_LIGHTS, GL_MAX_CLIP_PLANES, GL_MAX_TEXTURE_UNITS). */
#define NUM_LIGHTS      8
#define NUM_CLIP_PLANES 6
#define NUM_UNITS       GL_FF_MAX_TEXTURE_UNITS

typedef enum rec_kind {
    REC_ENABLE,   /* glEnable/glDisable(pname) on texture unit `unit` */
    REC_VALUE,    /* a glGet pname, replayed by set_value */
    REC_LIGHT,    /* glLightfv(GL_LIGHT0 + index, pname) */
    REC_MATERIAL, /* glMaterialfv(index = face, pname) */
    REC_CLIP,     /* glClipPlane(GL_CLIP_PLANE0 + index) */
    REC_TEXGEN,   /* glTexGenfv(index = coord, pname) on unit */
    REC_TEXENV,   /* glTexEnvfv(index = target, pname) on unit */
    REC_BIND,     /* glBindTexture(index = target, value) on unit */
    REC_TEXPARAM, /* glTexParameterfv(index = target, pname) of the texture bound on unit */
} rec_kind;

typedef struct rec {
    uint8_t kind;
    uint8_t unit; /* texture unit (REC_ENABLE of a per-unit cap, TEXGEN, TEXENV, BIND) */
    GLenum index;
    GLenum pname;
    gl_value v;
} rec;

/* What CURRENT_BIT keeps as memory (see the essay). */
typedef struct current_save {
    gl_attrib_value current[GLV_MAX_ATTRIBS + GLV_LEGACY_ATTRIBS];
    uint8_t current_kind[GLV_MAX_ATTRIBS + GLV_LEGACY_ATTRIBS];
    GLfloat current_index;
    GLboolean current_edge;
    gl_pixelpath_state raster; /* all but zoom_x/zoom_y (PIXEL_MODE_BIT) */
} current_save;

struct gl_attrib_server_entry {
    GLbitfield mask;
    unsigned count, cap;
    bool has_current, has_stipple;
    current_save current;
    GLubyte stipple[128];
    rec recs[];
};

/* ---- the tables of the groups -------------------------------------------- */

static const GLenum point_values[] = {
    GL_POINT_SIZE,
    GL_POINT_SIZE_MIN,
    GL_POINT_SIZE_MAX,
    GL_POINT_FADE_THRESHOLD_SIZE,
    GL_POINT_DISTANCE_ATTENUATION,
    GL_POINT_SPRITE_COORD_ORIGIN,
};
static const GLenum point_caps[] = {GL_POINT_SMOOTH, GL_POINT_SPRITE};

static const GLenum line_values[] = {GL_LINE_WIDTH, GL_LINE_STIPPLE_PATTERN};
static const GLenum line_caps[] = {GL_LINE_SMOOTH, GL_LINE_STIPPLE};

static const GLenum polygon_values[] = {GL_CULL_FACE_MODE, GL_FRONT_FACE, GL_POLYGON_MODE,
                                        GL_POLYGON_OFFSET_FACTOR};
static const GLenum polygon_caps[] = {GL_CULL_FACE,           GL_POLYGON_SMOOTH,
                                      GL_POLYGON_STIPPLE,     GL_POLYGON_OFFSET_FILL,
                                      GL_POLYGON_OFFSET_LINE, GL_POLYGON_OFFSET_POINT};

static const GLenum pixel_mode_values[] = {
    GL_READ_BUFFER, GL_MAP_COLOR,   GL_MAP_STENCIL, GL_INDEX_SHIFT, GL_INDEX_OFFSET, GL_RED_SCALE,
    GL_RED_BIAS,    GL_GREEN_SCALE, GL_GREEN_BIAS,  GL_BLUE_SCALE,  GL_BLUE_BIAS,    GL_ALPHA_SCALE,
    GL_ALPHA_BIAS,  GL_DEPTH_SCALE, GL_DEPTH_BIAS,  GL_ZOOM_X,
};

static const GLenum lighting_values[] = {
    GL_SHADE_MODEL,          GL_COLOR_MATERIAL_FACE,
    GL_LIGHT_MODEL_AMBIENT,  GL_LIGHT_MODEL_LOCAL_VIEWER,
    GL_LIGHT_MODEL_TWO_SIDE, GL_LIGHT_MODEL_COLOR_CONTROL,
};
static const GLenum lighting_caps[] = {GL_LIGHTING, GL_COLOR_MATERIAL};
static const GLenum light_params[] = {
    GL_AMBIENT,
    GL_DIFFUSE,
    GL_SPECULAR,
    GL_POSITION,
    GL_SPOT_DIRECTION,
    GL_SPOT_EXPONENT,
    GL_SPOT_CUTOFF,
    GL_CONSTANT_ATTENUATION,
    GL_LINEAR_ATTENUATION,
    GL_QUADRATIC_ATTENUATION,
};
static const GLenum material_params[] = {GL_AMBIENT, GL_DIFFUSE, GL_SPECULAR, GL_EMISSION,
                                         GL_SHININESS};

static const GLenum fog_values[] = {GL_FOG_COLOR, GL_FOG_INDEX, GL_FOG_DENSITY,  GL_FOG_START,
                                    GL_FOG_END,   GL_FOG_MODE,  GL_FOG_COORD_SRC};
static const GLenum fog_caps[] = {GL_FOG};

static const GLenum depth_values[] = {GL_DEPTH_FUNC, GL_DEPTH_CLEAR_VALUE, GL_DEPTH_WRITEMASK};
static const GLenum depth_caps[] = {GL_DEPTH_TEST};

static const GLenum accum_values[] = {GL_ACCUM_CLEAR_VALUE};

static const GLenum stencil_values[] = {
    GL_STENCIL_FUNC,        GL_STENCIL_FAIL,      GL_STENCIL_BACK_FUNC,      GL_STENCIL_BACK_FAIL,
    GL_STENCIL_CLEAR_VALUE, GL_STENCIL_WRITEMASK, GL_STENCIL_BACK_WRITEMASK,
};
static const GLenum stencil_caps[] = {GL_STENCIL_TEST};

static const GLenum viewport_values[] = {GL_VIEWPORT, GL_DEPTH_RANGE};

static const GLenum transform_caps[] = {GL_NORMALIZE, GL_RESCALE_NORMAL};

static const GLenum color_values[] = {
    GL_ALPHA_TEST_FUNC,  GL_BLEND_SRC_RGB,     GL_BLEND_EQUATION_RGB, GL_BLEND_COLOR,
    GL_LOGIC_OP_MODE,    GL_COLOR_CLEAR_VALUE, GL_COLOR_WRITEMASK,    GL_CLAMP_FRAGMENT_COLOR,
    GL_CLAMP_READ_COLOR, GL_DRAW_BUFFER0,
};
static const GLenum color_caps[] = {GL_ALPHA_TEST, GL_BLEND, GL_DITHER, GL_COLOR_LOGIC_OP};

static const GLenum hint_values[] = {
    GL_PERSPECTIVE_CORRECTION_HINT,
    GL_POINT_SMOOTH_HINT,
    GL_LINE_SMOOTH_HINT,
    GL_POLYGON_SMOOTH_HINT,
    GL_FOG_HINT,
    GL_GENERATE_MIPMAP_HINT,
    GL_TEXTURE_COMPRESSION_HINT,
    GL_FRAGMENT_SHADER_DERIVATIVE_HINT,
};

static const GLenum eval_values[] = {GL_MAP1_GRID_DOMAIN, GL_MAP2_GRID_DOMAIN};
static const GLenum eval_caps[] = {
    GL_AUTO_NORMAL,          GL_MAP1_VERTEX_3,        GL_MAP1_VERTEX_4,
    GL_MAP1_INDEX,           GL_MAP1_COLOR_4,         GL_MAP1_NORMAL,
    GL_MAP1_TEXTURE_COORD_1, GL_MAP1_TEXTURE_COORD_2, GL_MAP1_TEXTURE_COORD_3,
    GL_MAP1_TEXTURE_COORD_4, GL_MAP2_VERTEX_3,        GL_MAP2_VERTEX_4,
    GL_MAP2_INDEX,           GL_MAP2_COLOR_4,         GL_MAP2_NORMAL,
    GL_MAP2_TEXTURE_COORD_1, GL_MAP2_TEXTURE_COORD_2, GL_MAP2_TEXTURE_COORD_3,
    GL_MAP2_TEXTURE_COORD_4,
};

static const GLenum list_values[] = {GL_LIST_BASE};

static const GLenum scissor_values[] = {GL_SCISSOR_BOX};
static const GLenum scissor_caps[] = {GL_SCISSOR_TEST};

static const GLenum multisample_values[] = {GL_SAMPLE_COVERAGE_VALUE};
static const GLenum multisample_caps[] = {GL_MULTISAMPLE, GL_SAMPLE_ALPHA_TO_COVERAGE,
                                          GL_SAMPLE_ALPHA_TO_ONE, GL_SAMPLE_COVERAGE};

/* GL_ENABLE_BIT's caps beyond those of the groups above (which it also holds). */
static const GLenum other_caps[] = {GL_COLOR_SUM, GL_VERTEX_PROGRAM_POINT_SIZE,
                                    GL_VERTEX_PROGRAM_TWO_SIDE};

static const GLenum unit_targets[] = {GL_TEXTURE_1D, GL_TEXTURE_2D, GL_TEXTURE_3D,
                                      GL_TEXTURE_CUBE_MAP, GL_TEXTURE_RECTANGLE};
static const GLenum unit_bindings[] = {GL_TEXTURE_BINDING_1D, GL_TEXTURE_BINDING_2D,
                                       GL_TEXTURE_BINDING_3D, GL_TEXTURE_BINDING_CUBE_MAP,
                                       GL_TEXTURE_BINDING_RECTANGLE};
static const GLenum texgen_caps[] = {GL_TEXTURE_GEN_S, GL_TEXTURE_GEN_T, GL_TEXTURE_GEN_R,
                                     GL_TEXTURE_GEN_Q};
static const GLenum texgen_coords[] = {GL_S, GL_T, GL_R, GL_Q};
static const GLenum texgen_params[] = {GL_TEXTURE_GEN_MODE, GL_OBJECT_PLANE, GL_EYE_PLANE};
static const GLenum texenv_params[] = {
    GL_TEXTURE_ENV_MODE, GL_TEXTURE_ENV_COLOR, GL_COMBINE_RGB,    GL_COMBINE_ALPHA,
    GL_SRC0_RGB,         GL_SRC1_RGB,          GL_SRC2_RGB,       GL_SRC0_ALPHA,
    GL_SRC1_ALPHA,       GL_SRC2_ALPHA,        GL_OPERAND0_RGB,   GL_OPERAND1_RGB,
    GL_OPERAND2_RGB,     GL_OPERAND0_ALPHA,    GL_OPERAND1_ALPHA, GL_OPERAND2_ALPHA,
    GL_RGB_SCALE,        GL_ALPHA_SCALE,
};

/* The texture object state of table 6.17 (group "texture"): saved for
 * the texture bound to each target of each unit. */
static const GLenum texparam_params[] = {
    GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER,   GL_TEXTURE_WRAP_S,       GL_TEXTURE_WRAP_T,
    GL_TEXTURE_WRAP_R,     GL_TEXTURE_BORDER_COLOR, GL_TEXTURE_PRIORITY,     GL_TEXTURE_MIN_LOD,
    GL_TEXTURE_MAX_LOD,    GL_TEXTURE_BASE_LEVEL,   GL_TEXTURE_MAX_LEVEL,    GL_TEXTURE_LOD_BIAS,
    GL_DEPTH_TEXTURE_MODE, GL_TEXTURE_COMPARE_MODE, GL_TEXTURE_COMPARE_FUNC, GL_GENERATE_MIPMAP,
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- push ---------------------------------------------------------------- */

typedef struct builder {
    struct gl_context *ctx;
    gl_attrib_server_entry *e;
    bool oom;
} builder;

static rec *add(builder *b, rec_kind kind, unsigned unit, GLenum index, GLenum pname)
{
    gl_attrib_server_entry *e = b->e;
    if (b->oom)
        return NULL;
    if (e->count == e->cap) {
        unsigned cap = e->cap ? e->cap * 2 : 64;
        gl_attrib_server_entry *n = realloc(e, sizeof *e + cap * sizeof(rec));
        if (!n) {
            b->oom = true;
            return NULL;
        }
        b->e = e = n;
        e->cap = cap;
    }
    rec *r = &e->recs[e->count++];
    memset(r, 0, sizeof *r);
    r->kind = (uint8_t)kind;
    r->unit = (uint8_t)unit;
    r->index = index;
    r->pname = pname;
    return r;
}

static void drop_last(builder *b) { b->e->count--; }

static void add_values(builder *b, const GLenum *pnames, size_t n)
{
    const gl_attrib_calls *calls = gl_attrib_server_calls(b->ctx);
    for (size_t i = 0; i < n; i++) {
        rec *r = add(b, REC_VALUE, 0, 0, pnames[i]);
        if (r && !calls->get(b->ctx, pnames[i], &r->v))
            drop_last(b);
    }
}

static void add_caps(builder *b, const GLenum *caps, size_t n, unsigned unit)
{
    const gl_attrib_calls *calls = gl_attrib_server_calls(b->ctx);
    for (size_t i = 0; i < n; i++) {
        rec *r = add(b, REC_ENABLE, unit, 0, caps[i]);
        if (!r)
            return;
        int on = calls->enable(b->ctx, caps[i], GL_ENABLE_OP_QUERY);
        if (on < 0)
            drop_last(b);
        else
            gl_value_bool(&r->v, on > 0);
    }
}

static void add_indexed_caps(builder *b, GLenum first, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        GLenum cap = first + i;
        add_caps(b, &cap, 1, 0);
    }
}

static void float_value(gl_value *v, const GLfloat *f, unsigned n)
{
    v->type = GL_VALUE_FLOAT;
    v->count = n;
    memcpy(v->f, f, n * sizeof *f);
}

static unsigned active_unit(struct gl_context *ctx)
{
    gl_value v;
    if (!gl_attrib_server_calls(ctx)->get(ctx, GL_ACTIVE_TEXTURE, &v) || v.type != GL_VALUE_INT)
        return 0;
    return (unsigned)(v.i[0] - GL_TEXTURE0);
}

static void push_lights(builder *b)
{
    struct gl_context *ctx = b->ctx;
    for (unsigned l = 0; l < NUM_LIGHTS; l++)
        for (size_t p = 0; p < N(light_params); p++) {
            rec *r = add(b, REC_LIGHT, 0, GL_LIGHT0 + l, light_params[p]);
            if (!r)
                return;
            GLfloat f[4] = {0};
            swrgl_GetLightfv(ctx, GL_LIGHT0 + l, light_params[p], f);
            float_value(&r->v, f, 4);
        }
    for (unsigned face = 0; face < 2; face++)
        for (size_t p = 0; p < N(material_params); p++) {
            const GLenum f_enum = face ? GL_BACK : GL_FRONT;
            rec *r = add(b, REC_MATERIAL, 0, f_enum, material_params[p]);
            if (!r)
                return;
            GLfloat f[4] = {0};
            swrgl_GetMaterialfv(ctx, f_enum, material_params[p], f);
            float_value(&r->v, f, 4);
        }
}

static void push_clip_planes(builder *b)
{
    for (unsigned i = 0; i < NUM_CLIP_PLANES; i++) {
        rec *r = add(b, REC_CLIP, 0, GL_CLIP_PLANE0 + i, 0);
        if (!r)
            return;
        GLdouble d[4] = {0};
        swrgl_GetClipPlane(b->ctx, GL_CLIP_PLANE0 + i, d);
        r->v.type = GL_VALUE_DOUBLE;
        r->v.count = 4;
        memcpy(r->v.d, d, sizeof d);
    }
}

/* The per-unit state of GL_TEXTURE_BIT (enables too) or only the enables
 * (GL_ENABLE_BIT alone). Switches the active unit; the caller records
 * GL_ACTIVE_TEXTURE after this and restores the unit. */
static void push_units(builder *b, bool texture, bool enable)
{
    struct gl_context *ctx = b->ctx;
    const gl_attrib_calls *calls = gl_attrib_server_calls(ctx);
    for (unsigned u = 0; u < NUM_UNITS; u++) {
        swrgl_ActiveTexture(ctx, GL_TEXTURE0 + u);
        if (enable || texture) {
            add_caps(b, unit_targets, N(unit_targets), u);
            add_caps(b, texgen_caps, N(texgen_caps), u);
        }
        if (!texture)
            continue;
        for (size_t t = 0; t < N(unit_targets); t++) {
            rec *r = add(b, REC_BIND, u, unit_targets[t], 0);
            if (r && !calls->get(ctx, unit_bindings[t], &r->v)) {
                drop_last(b);
                continue;
            }
            for (size_t p = 0; p < N(texparam_params); p++) {
                GLenum err = ctx->error;
                ctx->error = GL_NO_ERROR;
                GLfloat f[4] = {0};
                swrgl_GetTexParameterfv(ctx, unit_targets[t], texparam_params[p], f);
                const bool ok = ctx->error == GL_NO_ERROR;
                ctx->error = err;
                rec *q = ok ? add(b, REC_TEXPARAM, u, unit_targets[t], texparam_params[p]) : NULL;
                if (q)
                    float_value(&q->v, f, 4);
            }
        }
        for (size_t c = 0; c < N(texgen_coords); c++)
            for (size_t p = 0; p < N(texgen_params); p++) {
                rec *r = add(b, REC_TEXGEN, u, texgen_coords[c], texgen_params[p]);
                if (!r)
                    return;
                GLfloat f[4] = {0};
                swrgl_GetTexGenfv(ctx, texgen_coords[c], texgen_params[p], f);
                float_value(&r->v, f, 4);
            }
        for (size_t p = 0; p < N(texenv_params); p++) {
            rec *r = add(b, REC_TEXENV, u, GL_TEXTURE_ENV, texenv_params[p]);
            if (!r)
                return;
            GLfloat f[4] = {0};
            swrgl_GetTexEnvfv(ctx, GL_TEXTURE_ENV, texenv_params[p], f);
            float_value(&r->v, f, 4);
        }
        rec *r = add(b, REC_TEXENV, u, GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS);
        if (r) {
            GLfloat f[4] = {0};
            swrgl_GetTexEnvfv(ctx, GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, f);
            float_value(&r->v, f, 1);
        }
    }
}

static void push_groups(builder *b, GLbitfield mask)
{
    struct gl_context *ctx = b->ctx;
    gl_attrib_server_entry *e;
    if (mask & GL_CURRENT_BIT) {
        e = b->e;
        e->has_current = true;
        const gl_vertex_state *vs = ctx->vertex;
        memcpy(e->current.current, vs->current, sizeof vs->current);
        memcpy(e->current.current_kind, vs->current_kind, sizeof vs->current_kind);
        e->current.current_index = vs->current_index;
        e->current.current_edge = vs->current_edge;
        e->current.raster = *ctx->pixelpath;
    }
    if (mask & GL_POLYGON_STIPPLE_BIT) {
        e = b->e;
        e->has_stipple = true;
        memcpy(e->stipple, ctx->raster->stipple, sizeof e->stipple);
    }
    const bool en = (mask & GL_ENABLE_BIT) != 0;
    if (mask & GL_POINT_BIT)
        add_values(b, point_values, N(point_values));
    if (mask & (GL_POINT_BIT | GL_ENABLE_BIT))
        add_caps(b, point_caps, N(point_caps), 0);
    if (mask & GL_LINE_BIT)
        add_values(b, line_values, N(line_values));
    if (mask & (GL_LINE_BIT | GL_ENABLE_BIT))
        add_caps(b, line_caps, N(line_caps), 0);
    if (mask & GL_POLYGON_BIT)
        add_values(b, polygon_values, N(polygon_values));
    if (mask & (GL_POLYGON_BIT | GL_ENABLE_BIT))
        add_caps(b, polygon_caps, N(polygon_caps), 0);
    if (mask & GL_PIXEL_MODE_BIT)
        add_values(b, pixel_mode_values, N(pixel_mode_values));
    if (mask & GL_LIGHTING_BIT) {
        add_values(b, lighting_values, N(lighting_values));
        push_lights(b);
    }
    if (mask & (GL_LIGHTING_BIT | GL_ENABLE_BIT)) {
        add_caps(b, lighting_caps, N(lighting_caps), 0);
        add_indexed_caps(b, GL_LIGHT0, NUM_LIGHTS);
    }
    if (mask & GL_FOG_BIT)
        add_values(b, fog_values, N(fog_values));
    if (mask & (GL_FOG_BIT | GL_ENABLE_BIT))
        add_caps(b, fog_caps, N(fog_caps), 0);
    if (mask & GL_DEPTH_BUFFER_BIT)
        add_values(b, depth_values, N(depth_values));
    if (mask & (GL_DEPTH_BUFFER_BIT | GL_ENABLE_BIT))
        add_caps(b, depth_caps, N(depth_caps), 0);
    if (mask & GL_ACCUM_BUFFER_BIT)
        add_values(b, accum_values, N(accum_values));
    if (mask & GL_STENCIL_BUFFER_BIT)
        add_values(b, stencil_values, N(stencil_values));
    if (mask & (GL_STENCIL_BUFFER_BIT | GL_ENABLE_BIT))
        add_caps(b, stencil_caps, N(stencil_caps), 0);
    if (mask & GL_VIEWPORT_BIT)
        add_values(b, viewport_values, N(viewport_values));
    if (mask & GL_TRANSFORM_BIT)
        push_clip_planes(b);
    if (mask & (GL_TRANSFORM_BIT | GL_ENABLE_BIT)) {
        add_caps(b, transform_caps, N(transform_caps), 0);
        add_indexed_caps(b, GL_CLIP_PLANE0, NUM_CLIP_PLANES);
    }
    if (mask & GL_COLOR_BUFFER_BIT)
        add_values(b, color_values, N(color_values));
    if (mask & (GL_COLOR_BUFFER_BIT | GL_ENABLE_BIT))
        add_caps(b, color_caps, N(color_caps), 0);
    if (mask & GL_HINT_BIT)
        add_values(b, hint_values, N(hint_values));
    if (mask & GL_EVAL_BIT)
        add_values(b, eval_values, N(eval_values));
    if (mask & (GL_EVAL_BIT | GL_ENABLE_BIT))
        add_caps(b, eval_caps, N(eval_caps), 0);
    if (mask & GL_LIST_BIT)
        add_values(b, list_values, N(list_values));
    if (mask & GL_SCISSOR_BIT)
        add_values(b, scissor_values, N(scissor_values));
    if (mask & (GL_SCISSOR_BIT | GL_ENABLE_BIT))
        add_caps(b, scissor_caps, N(scissor_caps), 0);
    if (mask & GL_MULTISAMPLE_BIT)
        add_values(b, multisample_values, N(multisample_values));
    if (mask & (GL_MULTISAMPLE_BIT | GL_ENABLE_BIT))
        add_caps(b, multisample_caps, N(multisample_caps), 0);
    if (en)
        add_caps(b, other_caps, N(other_caps), 0);
    if (mask & (GL_TEXTURE_BIT | GL_ENABLE_BIT)) {
        const unsigned unit = active_unit(ctx);
        push_units(b, (mask & GL_TEXTURE_BIT) != 0, en);
        swrgl_ActiveTexture(ctx, GL_TEXTURE0 + unit);
        if (mask & GL_TEXTURE_BIT) {
            static const GLenum active[] = {GL_ACTIVE_TEXTURE};
            add_values(b, active, 1);
        }
    }
    /* Last, so that the pop sets it after the records that change it. */
    if (mask & GL_TRANSFORM_BIT) {
        static const GLenum mode[] = {GL_MATRIX_MODE};
        add_values(b, mode, 1);
    }
}

/* ---- pop ------------------------------------------------------------------ */

static GLint vi(const gl_value *v, unsigned k)
{
    switch (v->type) {
    case GL_VALUE_INT:
        return v->i[k];
    case GL_VALUE_INT64:
        return (GLint)v->i64[k];
    case GL_VALUE_BOOLEAN:
        return v->b[k];
    case GL_VALUE_FLOAT:
        return (GLint)v->f[k];
    case GL_VALUE_DOUBLE:
        return (GLint)v->d[k];
    }
    return 0;
}

static GLfloat vf(const gl_value *v, unsigned k)
{
    switch (v->type) {
    case GL_VALUE_INT:
        return (GLfloat)v->i[k];
    case GL_VALUE_INT64:
        return (GLfloat)v->i64[k];
    case GL_VALUE_BOOLEAN:
        return v->b[k];
    case GL_VALUE_FLOAT:
        return v->f[k];
    case GL_VALUE_DOUBLE:
        return (GLfloat)v->d[k];
    }
    return 0.0f;
}

static void vfv(const gl_value *v, GLfloat out[4])
{
    for (unsigned k = 0; k < 4; k++)
        out[k] = k < v->count ? vf(v, k) : 0.0f;
}

/* Reads a second pname that a command sets together with the recorded one
 * (glBlendFuncSeparate's four factors ...): it was recorded in the same
 * entry by the same group. */
static const gl_value *find(const gl_attrib_server_entry *e, GLenum pname)
{
    for (unsigned i = 0; i < e->count; i++)
        if (e->recs[i].kind == REC_VALUE && e->recs[i].pname == pname)
            return &e->recs[i].v;
    return NULL;
}

/* The groups record one pname per command; the command's other arguments
 * are read at replay time from the values the push saved beside it
 * (saved[]: the companion pnames, got at push time as well). */
typedef struct companion {
    GLenum pname;
    GLenum with[7];
} companion;

static const companion companions[] = {
    {GL_LINE_STIPPLE_PATTERN, {GL_LINE_STIPPLE_REPEAT}},
    {GL_POLYGON_OFFSET_FACTOR, {GL_POLYGON_OFFSET_UNITS}},
    {GL_COLOR_MATERIAL_FACE, {GL_COLOR_MATERIAL_PARAMETER}},
    {GL_STENCIL_FUNC, {GL_STENCIL_REF, GL_STENCIL_VALUE_MASK}},
    {GL_STENCIL_FAIL, {GL_STENCIL_PASS_DEPTH_FAIL, GL_STENCIL_PASS_DEPTH_PASS}},
    {GL_STENCIL_BACK_FUNC, {GL_STENCIL_BACK_REF, GL_STENCIL_BACK_VALUE_MASK}},
    {GL_STENCIL_BACK_FAIL, {GL_STENCIL_BACK_PASS_DEPTH_FAIL, GL_STENCIL_BACK_PASS_DEPTH_PASS}},
    {GL_ALPHA_TEST_FUNC, {GL_ALPHA_TEST_REF}},
    {GL_BLEND_SRC_RGB, {GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA, GL_BLEND_DST_ALPHA}},
    {GL_BLEND_EQUATION_RGB, {GL_BLEND_EQUATION_ALPHA}},
    {GL_DRAW_BUFFER0,
     {GL_DRAW_BUFFER1, GL_DRAW_BUFFER2, GL_DRAW_BUFFER3, GL_DRAW_BUFFER4, GL_DRAW_BUFFER5,
      GL_DRAW_BUFFER6, GL_DRAW_BUFFER7}},
    {GL_MAP1_GRID_DOMAIN, {GL_MAP1_GRID_SEGMENTS}},
    {GL_MAP2_GRID_DOMAIN, {GL_MAP2_GRID_SEGMENTS}},
    {GL_SAMPLE_COVERAGE_VALUE, {GL_SAMPLE_COVERAGE_INVERT}},
    {GL_ZOOM_X, {GL_ZOOM_Y}},
};

static void add_companions(builder *b)
{
    const unsigned n = b->e->count;
    for (unsigned i = 0; i < n && !b->oom; i++) {
        if (b->e->recs[i].kind != REC_VALUE)
            continue;
        for (size_t c = 0; c < N(companions); c++)
            if (companions[c].pname == b->e->recs[i].pname)
                for (unsigned w = 0; w < 7 && companions[c].with[w]; w++)
                    add_values(b, &companions[c].with[w], 1);
    }
}

static void set_value(struct gl_context *ctx, const gl_attrib_server_entry *e, const rec *r)
{
    const gl_value *v = &r->v, *w;
    GLfloat f[4];
    switch (r->pname) {
    case GL_POINT_SIZE:
        swrgl_PointSize(ctx, vf(v, 0));
        break;
    case GL_POINT_SIZE_MIN:
    case GL_POINT_SIZE_MAX:
    case GL_POINT_FADE_THRESHOLD_SIZE:
        swrgl_PointParameterf(ctx, r->pname, vf(v, 0));
        break;
    case GL_POINT_DISTANCE_ATTENUATION:
        vfv(v, f);
        swrgl_PointParameterfv(ctx, r->pname, f);
        break;
    case GL_POINT_SPRITE_COORD_ORIGIN:
        swrgl_PointParameteri(ctx, r->pname, vi(v, 0));
        break;
    case GL_LINE_WIDTH:
        swrgl_LineWidth(ctx, vf(v, 0));
        break;
    case GL_LINE_STIPPLE_PATTERN:
        if ((w = find(e, GL_LINE_STIPPLE_REPEAT)))
            swrgl_LineStipple(ctx, vi(w, 0), (GLushort)vi(v, 0));
        break;
    case GL_CULL_FACE_MODE:
        swrgl_CullFace(ctx, (GLenum)vi(v, 0));
        break;
    case GL_FRONT_FACE:
        swrgl_FrontFace(ctx, (GLenum)vi(v, 0));
        break;
    case GL_POLYGON_MODE:
        swrgl_PolygonMode(ctx, GL_FRONT, (GLenum)vi(v, 0));
        swrgl_PolygonMode(ctx, GL_BACK, (GLenum)vi(v, v->count > 1 ? 1 : 0));
        break;
    case GL_POLYGON_OFFSET_FACTOR:
        if ((w = find(e, GL_POLYGON_OFFSET_UNITS)))
            swrgl_PolygonOffset(ctx, vf(v, 0), vf(w, 0));
        break;
    case GL_READ_BUFFER:
        swrgl_ReadBuffer(ctx, (GLenum)vi(v, 0));
        break;
    case GL_MAP_COLOR:
    case GL_MAP_STENCIL:
    case GL_INDEX_SHIFT:
    case GL_INDEX_OFFSET:
        swrgl_PixelTransferi(ctx, r->pname, vi(v, 0));
        break;
    case GL_RED_SCALE:
    case GL_RED_BIAS:
    case GL_GREEN_SCALE:
    case GL_GREEN_BIAS:
    case GL_BLUE_SCALE:
    case GL_BLUE_BIAS:
    case GL_ALPHA_SCALE:
    case GL_ALPHA_BIAS:
    case GL_DEPTH_SCALE:
    case GL_DEPTH_BIAS:
        swrgl_PixelTransferf(ctx, r->pname, vf(v, 0));
        break;
    case GL_ZOOM_X:
        if ((w = find(e, GL_ZOOM_Y)))
            swrgl_PixelZoom(ctx, vf(v, 0), vf(w, 0));
        break;
    case GL_SHADE_MODEL:
        swrgl_ShadeModel(ctx, (GLenum)vi(v, 0));
        break;
    case GL_COLOR_MATERIAL_FACE:
        if ((w = find(e, GL_COLOR_MATERIAL_PARAMETER)))
            swrgl_ColorMaterial(ctx, (GLenum)vi(v, 0), (GLenum)vi(w, 0));
        break;
    case GL_LIGHT_MODEL_AMBIENT:
        vfv(v, f);
        swrgl_LightModelfv(ctx, r->pname, f);
        break;
    case GL_LIGHT_MODEL_LOCAL_VIEWER:
    case GL_LIGHT_MODEL_TWO_SIDE:
    case GL_LIGHT_MODEL_COLOR_CONTROL:
        swrgl_LightModeli(ctx, r->pname, vi(v, 0));
        break;
    case GL_FOG_COLOR:
        vfv(v, f);
        swrgl_Fogfv(ctx, r->pname, f);
        break;
    case GL_FOG_INDEX:
    case GL_FOG_DENSITY:
    case GL_FOG_START:
    case GL_FOG_END:
        swrgl_Fogf(ctx, r->pname, vf(v, 0));
        break;
    case GL_FOG_MODE:
    case GL_FOG_COORD_SRC:
        swrgl_Fogi(ctx, r->pname, vi(v, 0));
        break;
    case GL_DEPTH_FUNC:
        swrgl_DepthFunc(ctx, (GLenum)vi(v, 0));
        break;
    case GL_DEPTH_CLEAR_VALUE:
        swrgl_ClearDepth(ctx, v->type == GL_VALUE_DOUBLE ? v->d[0] : (GLdouble)vf(v, 0));
        break;
    case GL_DEPTH_WRITEMASK:
        swrgl_DepthMask(ctx, vi(v, 0) ? GL_TRUE : GL_FALSE);
        break;
    case GL_ACCUM_CLEAR_VALUE:
        swrgl_ClearAccum(ctx, vf(v, 0), vf(v, 1), vf(v, 2), vf(v, 3));
        break;
    case GL_STENCIL_FUNC:
    case GL_STENCIL_BACK_FUNC: {
        const bool back = r->pname == GL_STENCIL_BACK_FUNC;
        const gl_value *ref = find(e, back ? GL_STENCIL_BACK_REF : GL_STENCIL_REF);
        const gl_value *msk = find(e, back ? GL_STENCIL_BACK_VALUE_MASK : GL_STENCIL_VALUE_MASK);
        if (ref && msk)
            swrgl_StencilFuncSeparate(ctx, back ? GL_BACK : GL_FRONT, (GLenum)vi(v, 0), vi(ref, 0),
                                      (GLuint)vi(msk, 0));
        break;
    }
    case GL_STENCIL_FAIL:
    case GL_STENCIL_BACK_FAIL: {
        const bool back = r->pname == GL_STENCIL_BACK_FAIL;
        const gl_value *zf =
            find(e, back ? GL_STENCIL_BACK_PASS_DEPTH_FAIL : GL_STENCIL_PASS_DEPTH_FAIL);
        const gl_value *zp =
            find(e, back ? GL_STENCIL_BACK_PASS_DEPTH_PASS : GL_STENCIL_PASS_DEPTH_PASS);
        if (zf && zp)
            swrgl_StencilOpSeparate(ctx, back ? GL_BACK : GL_FRONT, (GLenum)vi(v, 0),
                                    (GLenum)vi(zf, 0), (GLenum)vi(zp, 0));
        break;
    }
    case GL_STENCIL_CLEAR_VALUE:
        swrgl_ClearStencil(ctx, vi(v, 0));
        break;
    case GL_STENCIL_WRITEMASK:
        swrgl_StencilMaskSeparate(ctx, GL_FRONT, (GLuint)vi(v, 0));
        break;
    case GL_STENCIL_BACK_WRITEMASK:
        swrgl_StencilMaskSeparate(ctx, GL_BACK, (GLuint)vi(v, 0));
        break;
    case GL_VIEWPORT:
        swrgl_Viewport(ctx, vi(v, 0), vi(v, 1), vi(v, 2), vi(v, 3));
        break;
    case GL_DEPTH_RANGE:
        if (v->type == GL_VALUE_DOUBLE)
            swrgl_DepthRange(ctx, v->d[0], v->d[1]);
        else
            swrgl_DepthRange(ctx, vf(v, 0), vf(v, 1));
        break;
    case GL_ALPHA_TEST_FUNC:
        if ((w = find(e, GL_ALPHA_TEST_REF)))
            swrgl_AlphaFunc(ctx, (GLenum)vi(v, 0), vf(w, 0));
        break;
    case GL_BLEND_SRC_RGB: {
        const gl_value *d = find(e, GL_BLEND_DST_RGB), *sa = find(e, GL_BLEND_SRC_ALPHA),
                       *da = find(e, GL_BLEND_DST_ALPHA);
        if (d && sa && da)
            swrgl_BlendFuncSeparate(ctx, (GLenum)vi(v, 0), (GLenum)vi(d, 0), (GLenum)vi(sa, 0),
                                    (GLenum)vi(da, 0));
        break;
    }
    case GL_BLEND_EQUATION_RGB:
        if ((w = find(e, GL_BLEND_EQUATION_ALPHA)))
            swrgl_BlendEquationSeparate(ctx, (GLenum)vi(v, 0), (GLenum)vi(w, 0));
        break;
    case GL_BLEND_COLOR:
        swrgl_BlendColor(ctx, vf(v, 0), vf(v, 1), vf(v, 2), vf(v, 3));
        break;
    case GL_LOGIC_OP_MODE:
        swrgl_LogicOp(ctx, (GLenum)vi(v, 0));
        break;
    case GL_COLOR_CLEAR_VALUE:
        swrgl_ClearColor(ctx, vf(v, 0), vf(v, 1), vf(v, 2), vf(v, 3));
        break;
    case GL_COLOR_WRITEMASK:
        swrgl_ColorMask(ctx, vi(v, 0) != 0, vi(v, 1) != 0, vi(v, 2) != 0, vi(v, 3) != 0);
        break;
    case GL_CLAMP_FRAGMENT_COLOR:
    case GL_CLAMP_READ_COLOR:
        swrgl_ClampColor(ctx, r->pname, (GLenum)vi(v, 0));
        break;
    case GL_DRAW_BUFFER0: {
        /* One buffer: glDrawBuffer (GL_FRONT_AND_BACK and the like are not
         * valid for glDrawBuffers); several: glDrawBuffers. */
        GLenum bufs[8] = {(GLenum)vi(v, 0)};
        GLsizei n = 1;
        for (unsigned k = 1; k < 8; k++) {
            const gl_value *b = find(e, GL_DRAW_BUFFER0 + k);
            if (!b || vi(b, 0) == GL_NONE)
                break;
            bufs[n++] = (GLenum)vi(b, 0);
        }
        if (n == 1)
            swrgl_DrawBuffer(ctx, bufs[0]);
        else
            swrgl_DrawBuffers(ctx, n, bufs);
        break;
    }
    case GL_PERSPECTIVE_CORRECTION_HINT:
    case GL_POINT_SMOOTH_HINT:
    case GL_LINE_SMOOTH_HINT:
    case GL_POLYGON_SMOOTH_HINT:
    case GL_FOG_HINT:
    case GL_GENERATE_MIPMAP_HINT:
    case GL_TEXTURE_COMPRESSION_HINT:
    case GL_FRAGMENT_SHADER_DERIVATIVE_HINT:
        swrgl_Hint(ctx, r->pname, (GLenum)vi(v, 0));
        break;
    case GL_MAP1_GRID_DOMAIN:
        if ((w = find(e, GL_MAP1_GRID_SEGMENTS)))
            swrgl_MapGrid1f(ctx, vi(w, 0), vf(v, 0), vf(v, 1));
        break;
    case GL_MAP2_GRID_DOMAIN:
        if ((w = find(e, GL_MAP2_GRID_SEGMENTS)))
            swrgl_MapGrid2f(ctx, vi(w, 0), vf(v, 0), vf(v, 1), vi(w, 1), vf(v, 2), vf(v, 3));
        break;
    case GL_LIST_BASE:
        swrgl_ListBase(ctx, (GLuint)vi(v, 0));
        break;
    case GL_SCISSOR_BOX:
        swrgl_Scissor(ctx, vi(v, 0), vi(v, 1), vi(v, 2), vi(v, 3));
        break;
    case GL_SAMPLE_COVERAGE_VALUE:
        if ((w = find(e, GL_SAMPLE_COVERAGE_INVERT)))
            swrgl_SampleCoverage(ctx, vf(v, 0), vi(w, 0) ? GL_TRUE : GL_FALSE);
        break;
    case GL_ACTIVE_TEXTURE:
        swrgl_ActiveTexture(ctx, (GLenum)vi(v, 0));
        break;
    case GL_MATRIX_MODE:
        swrgl_MatrixMode(ctx, (GLenum)vi(v, 0));
        break;
    default:
        break; /* a companion, replayed with its command */
    }
}

static void replay(struct gl_context *ctx, const gl_attrib_server_entry *e, const rec *r,
                   unsigned *unit)
{
    const gl_attrib_calls *calls = gl_attrib_server_calls(ctx);
    const bool per_unit = r->kind == REC_TEXGEN || r->kind == REC_TEXENV || r->kind == REC_BIND ||
                          r->kind == REC_TEXPARAM || (r->kind == REC_ENABLE && r->unit);
    bool unit_cap = false;
    for (size_t t = 0; t < N(unit_targets) && r->kind == REC_ENABLE; t++)
        unit_cap |= r->pname == unit_targets[t];
    for (size_t t = 0; t < N(texgen_caps) && r->kind == REC_ENABLE; t++)
        unit_cap |= r->pname == texgen_caps[t];
    if ((per_unit || unit_cap) && *unit != r->unit) {
        swrgl_ActiveTexture(ctx, GL_TEXTURE0 + r->unit);
        *unit = r->unit;
    }
    GLfloat f[4];
    switch ((rec_kind)r->kind) {
    case REC_ENABLE:
        calls->enable(ctx, r->pname, r->v.b[0] ? GL_ENABLE_OP_ON : GL_ENABLE_OP_OFF);
        break;
    case REC_VALUE:
        if (r->pname != GL_ACTIVE_TEXTURE && r->pname != GL_MATRIX_MODE)
            set_value(ctx, e, r);
        break;
    case REC_LIGHT:
        vfv(&r->v, f);
        swrgl_Lightfv(ctx, r->index, r->pname, f);
        break;
    case REC_MATERIAL:
        vfv(&r->v, f);
        swrgl_Materialfv(ctx, r->index, r->pname, f);
        break;
    case REC_CLIP:
        swrgl_ClipPlane(ctx, r->index, r->v.d);
        break;
    case REC_TEXGEN:
        vfv(&r->v, f);
        if (r->pname == GL_TEXTURE_GEN_MODE)
            swrgl_TexGeni(ctx, r->index, r->pname, vi(&r->v, 0));
        else
            swrgl_TexGenfv(ctx, r->index, r->pname, f);
        break;
    case REC_TEXENV:
        vfv(&r->v, f);
        if (r->pname == GL_TEXTURE_ENV_COLOR || r->pname == GL_TEXTURE_LOD_BIAS ||
            r->pname == GL_RGB_SCALE || r->pname == GL_ALPHA_SCALE)
            swrgl_TexEnvfv(ctx, r->index, r->pname, f);
        else
            swrgl_TexEnvi(ctx, r->index, r->pname, vi(&r->v, 0));
        break;
    case REC_BIND:
        swrgl_BindTexture(ctx, r->index, (GLuint)vi(&r->v, 0));
        break;
    case REC_TEXPARAM:
        vfv(&r->v, f);
        swrgl_TexParameterfv(ctx, r->index, r->pname, f);
        break;
    }
}

static void pop_entry(struct gl_context *ctx, const gl_attrib_server_entry *e)
{
    if (e->has_current) {
        gl_vertex_state *vs = ctx->vertex;
        memcpy(vs->current, e->current.current, sizeof vs->current);
        memcpy(vs->current_kind, e->current.current_kind, sizeof vs->current_kind);
        vs->current_index = e->current.current_index;
        vs->current_edge = e->current.current_edge;
        const GLfloat zx = ctx->pixelpath->zoom_x, zy = ctx->pixelpath->zoom_y;
        *ctx->pixelpath = e->current.raster;
        ctx->pixelpath->zoom_x = zx;
        ctx->pixelpath->zoom_y = zy;
    }
    if (e->has_stipple) {
        memcpy(ctx->raster->stipple, e->stipple, sizeof e->stipple);
        ctx->raster->dirty |= GLR_DIRTY_STIPPLE;
    }
    if (!e->count)
        return;
    /* Eye-space values go back under an identity modelview (see the essay). */
    const gl_attrib_calls *calls = gl_attrib_server_calls(ctx);
    gl_value mode, mv;
    const bool have_mv = calls->get(ctx, GL_MATRIX_MODE, &mode) &&
                         calls->get(ctx, GL_MODELVIEW_MATRIX, &mv) && mv.count == 16;
    if (have_mv) {
        swrgl_MatrixMode(ctx, GL_MODELVIEW);
        swrgl_LoadIdentity(ctx);
    }
    const unsigned unit0 = active_unit(ctx);
    unsigned unit = unit0;
    for (unsigned i = 0; i < e->count; i++)
        replay(ctx, e, &e->recs[i], &unit);
    if (have_mv) {
        GLfloat m[16];
        for (unsigned k = 0; k < 16; k++)
            m[k] = vf(&mv, k);
        swrgl_LoadMatrixf(ctx, m);
        swrgl_MatrixMode(ctx, (GLenum)vi(&mode, 0));
    }
    swrgl_ActiveTexture(ctx, GL_TEXTURE0 + unit0);
    for (unsigned i = 0; i < e->count; i++)
        if (e->recs[i].kind == REC_VALUE &&
            (e->recs[i].pname == GL_ACTIVE_TEXTURE || e->recs[i].pname == GL_MATRIX_MODE))
            set_value(ctx, e, &e->recs[i]);
}

/* ---- the commands ------------------------------------------------------- */

gl_attrib_server_entry *gl_attrib_save(struct gl_context *ctx, GLbitfield mask)
{
    builder b = {ctx, calloc(1, sizeof(gl_attrib_server_entry)), false};
    if (!b.e)
        return NULL;
    b.e->mask = mask;
    const GLenum err = ctx->error;
    ctx->error = GL_NO_ERROR;
    push_groups(&b, mask);
    add_companions(&b);
    ctx->error = err;
    if (b.oom) {
        free(b.e);
        return NULL;
    }
    return b.e;
}

void gl_attrib_restore(struct gl_context *ctx, gl_attrib_server_entry *e)
{
    const GLenum err = ctx->error;
    ctx->error = GL_NO_ERROR;
    pop_entry(ctx, e);
    ctx->error = err;
    free(e);
}

void swrgl_PushAttrib(struct gl_context *ctx, GLbitfield mask)
{
    gl_attrib_server *s = gl_attrib_server_of(ctx);
    if (s->depth >= GL_ATTRIB_SERVER_DEPTH) {
        gl_error(ctx, GL_STACK_OVERFLOW);
        return;
    }
    gl_attrib_server_entry *e = gl_attrib_save(ctx, mask);
    if (!e) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    s->stack[s->depth++] = e;
}

void swrgl_PopAttrib(struct gl_context *ctx)
{
    gl_attrib_server *s = gl_attrib_server_of(ctx);
    if (!s->depth) {
        gl_error(ctx, GL_STACK_UNDERFLOW);
        return;
    }
    gl_attrib_server_entry *e = s->stack[--s->depth];
    s->stack[s->depth] = NULL;
    gl_attrib_restore(ctx, e);
}

void gl_attrib_server_clear(gl_attrib_server *s)
{
    for (unsigned i = 0; i < s->depth; i++) {
        free(s->stack[i]);
        s->stack[i] = NULL;
    }
    s->depth = 0;
}
