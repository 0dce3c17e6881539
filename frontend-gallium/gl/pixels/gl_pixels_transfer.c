/*
 * gl_pixels_transfer.c: glPixelTransfer*, glPixelMap*, glGetPixelMap* and
 * their glGets (GL 2.1 sections 3.6.3 and 6.1.3), and the colour operations
 * the conversions apply when a pixel store's `transfer` is set.
 *
 * State: the RGBA and depth scales (1) and biases (0), GL_INDEX_SHIFT /
 * OFFSET (0), GL_MAP_COLOR / GL_MAP_STENCIL (false) and the ten maps (one
 * entry, 0.0, each). Maps hold floats: colour maps their [0, 1] values,
 * I_TO_I and S_TO_S the index values. glPixelMapuiv/usv convert colour map
 * entries as normalized integers (v / (2^n - 1)), index map entries as
 * integers; glGetPixelMapuiv/usv convert back the same way.
 *
 * Errors: an unknown map or pname is GL_INVALID_ENUM; a size outside
 * [1, GL_MAX_PIXEL_MAP_TABLE], or not a power of two for the I_TO_* and
 * S_TO_S maps, GL_INVALID_VALUE.
 *
 * Applied (gl_pixels_convert.c): colour components of every non-integer
 * format on unpack (glTexImage*, glTexSubImage*) and on glReadPixels's
 * pack; depth scale/bias on both. Not yet: the index arithmetic and
 * GL_MAP_STENCIL on stencil indices, colour-index formats, pixel pack/
 * unpack buffers for glGetPixelMap/glPixelMap (client memory only).
 */
#include "frontend-gallium/gl/pixels/gl_pixels_priv.h"

#include <math.h>
#include <string.h>

static void update_identity(gl_pixel_transfer *t)
{
    bool id = !t->map_color && t->depth_scale == 1.0f && t->depth_bias == 0.0f;
    for (int i = 0; i < 4; i++)
        id &= t->scale[i] == 1.0f && t->bias[i] == 0.0f;
    t->identity = id;
}

void gl_pixels_transfer_defaults(gl_pixel_transfer *t)
{
    memset(t, 0, sizeof *t);
    for (int i = 0; i < 4; i++)
        t->scale[i] = 1.0f;
    t->depth_scale = 1.0f;
    for (int m = 0; m < GL_PIXELS_NUM_MAPS; m++)
        t->map_size[m] = 1;
    t->identity = true;
}

const gl_pixel_transfer *gl_pixels_transfer(struct gl_context *ctx)
{
    return &ctx->pixels->transfer;
}

static float clamp01f(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }

void gl_pixels_transfer_rgba(const gl_pixel_transfer *t, float v[4])
{
    for (int i = 0; i < 4; i++)
        v[i] = v[i] * t->scale[i] + t->bias[i];
    if (!t->map_color)
        return;
    for (int i = 0; i < 4; i++) {
        const int m = (GL_PIXEL_MAP_R_TO_R - GL_PIXEL_MAP_I_TO_I) + i;
        const int n = t->map_size[m];
        v[i] = t->map[m][(int)lrintf(clamp01f(v[i]) * (float)(n - 1))];
    }
}

/* The float pnames of glPixelTransfer: a pointer to the value, NULL if not one. */
static GLfloat *float_param(gl_pixel_transfer *t, GLenum pname)
{
    switch (pname) {
    case GL_RED_SCALE: return &t->scale[0];
    case GL_GREEN_SCALE: return &t->scale[1];
    case GL_BLUE_SCALE: return &t->scale[2];
    case GL_ALPHA_SCALE: return &t->scale[3];
    case GL_RED_BIAS: return &t->bias[0];
    case GL_GREEN_BIAS: return &t->bias[1];
    case GL_BLUE_BIAS: return &t->bias[2];
    case GL_ALPHA_BIAS: return &t->bias[3];
    case GL_DEPTH_SCALE: return &t->depth_scale;
    case GL_DEPTH_BIAS: return &t->depth_bias;
    default: return NULL;
    }
}

static void transfer(struct gl_context *ctx, GLenum pname, GLfloat f)
{
    gl_pixel_transfer *t = &ctx->pixels->transfer;
    GLfloat *p = float_param(t, pname);
    if (p)
        *p = f;
    else if (pname == GL_MAP_COLOR)
        t->map_color = f != 0.0f;
    else if (pname == GL_MAP_STENCIL)
        t->map_stencil = f != 0.0f;
    else if (pname == GL_INDEX_SHIFT)
        t->index_shift = (GLint)lrintf(f);
    else if (pname == GL_INDEX_OFFSET)
        t->index_offset = (GLint)lrintf(f);
    else {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    update_identity(t);
}

void swrgl_PixelTransferf(struct gl_context *ctx, GLenum pname, GLfloat param)
{
    transfer(ctx, pname, param);
}

void swrgl_PixelTransferi(struct gl_context *ctx, GLenum pname, GLint param)
{
    transfer(ctx, pname, (GLfloat)param);
}

/* map - GL_PIXEL_MAP_I_TO_I, or -1 (GL_INVALID_ENUM recorded). */
static int map_index(struct gl_context *ctx, GLenum map)
{
    if (map < GL_PIXEL_MAP_I_TO_I || map > GL_PIXEL_MAP_A_TO_A) {
        gl_error(ctx, GL_INVALID_ENUM);
        return -1;
    }
    return (int)(map - GL_PIXEL_MAP_I_TO_I);
}

/* The index maps take integer entries: I_TO_I, S_TO_S. The I_TO_* and
 * S_TO_S maps need power-of-two sizes. */
static bool map_is_index_valued(int m)
{
    return m == 0 || m == (int)(GL_PIXEL_MAP_S_TO_S - GL_PIXEL_MAP_I_TO_I);
}
static bool map_needs_pot(int m) { return m <= (int)(GL_PIXEL_MAP_I_TO_A - GL_PIXEL_MAP_I_TO_I); }

/* Checks map and size; the map index or -1 (error recorded). */
static int map_begin(struct gl_context *ctx, GLenum map, GLsizei size, const void *values)
{
    int m = map_index(ctx, map);
    if (m < 0)
        return -1;
    if (size < 1 || size > GL_PIXELS_MAP_MAX || (map_needs_pot(m) && (size & (size - 1)))) {
        gl_error(ctx, GL_INVALID_VALUE);
        return -1;
    }
    if (!values) {
        gl_error(ctx, GL_INVALID_VALUE);
        return -1;
    }
    ctx->pixels->transfer.map_size[m] = size;
    return m;
}

void swrgl_PixelMapfv(struct gl_context *ctx, GLenum map, GLsizei mapsize, const GLfloat *values)
{
    int m = map_begin(ctx, map, mapsize, values);
    if (m < 0)
        return;
    for (GLsizei i = 0; i < mapsize; i++)
        ctx->pixels->transfer.map[m][i] = map_is_index_valued(m) ? values[i] : clamp01f(values[i]);
}

void swrgl_PixelMapuiv(struct gl_context *ctx, GLenum map, GLsizei mapsize, const GLuint *values)
{
    int m = map_begin(ctx, map, mapsize, values);
    if (m < 0)
        return;
    for (GLsizei i = 0; i < mapsize; i++)
        ctx->pixels->transfer.map[m][i] = map_is_index_valued(m)
                                              ? (GLfloat)values[i]
                                              : (GLfloat)((double)values[i] / 4294967295.0);
}

void swrgl_PixelMapusv(struct gl_context *ctx, GLenum map, GLsizei mapsize, const GLushort *values)
{
    int m = map_begin(ctx, map, mapsize, values);
    if (m < 0)
        return;
    for (GLsizei i = 0; i < mapsize; i++)
        ctx->pixels->transfer.map[m][i] =
            map_is_index_valued(m) ? (GLfloat)values[i] : (GLfloat)values[i] / 65535.0f;
}

void swrgl_GetPixelMapfv(struct gl_context *ctx, GLenum map, GLfloat *values)
{
    int m = map_index(ctx, map);
    if (m < 0 || !values)
        return;
    const gl_pixel_transfer *t = &ctx->pixels->transfer;
    for (GLint i = 0; i < t->map_size[m]; i++)
        values[i] = t->map[m][i];
}

void swrgl_GetPixelMapuiv(struct gl_context *ctx, GLenum map, GLuint *values)
{
    int m = map_index(ctx, map);
    if (m < 0 || !values)
        return;
    const gl_pixel_transfer *t = &ctx->pixels->transfer;
    for (GLint i = 0; i < t->map_size[m]; i++) {
        double f = t->map[m][i];
        values[i] = map_is_index_valued(m) ? (GLuint)(f < 0 ? 0 : lrint(f))
                                           : (GLuint)llrint(f * 4294967295.0);
    }
}

void swrgl_GetPixelMapusv(struct gl_context *ctx, GLenum map, GLushort *values)
{
    int m = map_index(ctx, map);
    if (m < 0 || !values)
        return;
    const gl_pixel_transfer *t = &ctx->pixels->transfer;
    for (GLint i = 0; i < t->map_size[m]; i++) {
        float f = t->map[m][i];
        values[i] = map_is_index_valued(m) ? (GLushort)(f < 0 ? 0 : f > 65535 ? 65535 : lrintf(f))
                                           : (GLushort)lrintf(f * 65535.0f);
    }
}

bool gl_pixels_transfer_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    gl_pixel_transfer *t = &ctx->pixels->transfer;
    GLfloat *p = float_param(t, pname);
    if (p) {
        gl_value_float(v, *p);
        return true;
    }
    switch (pname) {
    case GL_MAP_COLOR: gl_value_bool(v, t->map_color); return true;
    case GL_MAP_STENCIL: gl_value_bool(v, t->map_stencil); return true;
    case GL_INDEX_SHIFT: gl_value_int(v, t->index_shift); return true;
    case GL_INDEX_OFFSET: gl_value_int(v, t->index_offset); return true;
    case GL_MAX_PIXEL_MAP_TABLE: gl_value_int(v, GL_PIXELS_MAP_MAX); return true;
    default: break;
    }
    if (pname >= GL_PIXEL_MAP_I_TO_I_SIZE && pname <= GL_PIXEL_MAP_A_TO_A_SIZE) {
        gl_value_int(v, t->map_size[pname - GL_PIXEL_MAP_I_TO_I_SIZE]);
        return true;
    }
    return false;
}
