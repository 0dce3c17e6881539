/*
 * gl_pixelpath.c: the current raster position (GL 2.1 section 2.13) and
 * glPixelZoom, with their glGets; see gl_pixelpath.h for what is not done.
 *
 * glRasterPos*: the point (x, y, z, w) is treated as a vertex: eye =
 * modelview * p, clip = projection * eye. It is valid when -w <= x, y, z
 * <= w in clip space and every enabled clip plane gives eye . plane >= 0;
 * when not valid only the valid bit changes. Window coordinates follow the
 * viewport and depth range; the stored w is the clip w. The colours are the
 * current ones clamped to [0, 1], texture coordinates the current ones times
 * each unit's texture matrix, the distance |eye.xyz| (or the current fog
 * coordinate with GL_FOG_COORD_SRC = GL_FOG_COORD).
 * glWindowPos*: x, y as given, z = n + clamp(z, 0, 1) * (f - n), w = 1,
 * always valid, current colours and texture coordinates untransformed, the
 * distance the fog coordinate (GL_FOG_COORD source) or 0.
 * Arithmetic is in double, stored as float.
 */
#include "frontend-gallium/gl/pixelpath/gl_pixelpath.h"

#include <math.h>
#include <stdlib.h>

#include "frontend-gallium/gl/raster/gl_raster.h"
#include "frontend-gallium/gl/texture/gl_texture.h"

bool gl_pixelpath_init(struct gl_context *ctx)
{
    gl_pixelpath_state *s = calloc(1, sizeof *s);
    if (!s)
        return false;
    s->pos[3] = 1.0f;
    s->valid = true;
    for (int i = 0; i < 4; i++)
        s->color[i] = 1.0f;
    s->secondary[3] = 1.0f;
    for (unsigned u = 0; u < GLPP_MAX_UNITS; u++)
        s->texcoord[u][3] = 1.0f;
    s->index = 1.0f;
    s->zoom_x = s->zoom_y = 1.0f;
    ctx->pixelpath = s;
    return true;
}

void gl_pixelpath_fini(struct gl_context *ctx)
{
    free(ctx->pixelpath);
    ctx->pixelpath = NULL;
}

static void mul(const float *m, const double in[4], double out[4])
{
    for (int r = 0; r < 4; r++)
        out[r] = m[r] * in[0] + m[4 + r] * in[1] + m[8 + r] * in[2] + m[12 + r] * in[3];
}

static float clamp01(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }

/* Colours and the eye-independent values both commands latch. */
static void latch_colors(gl_pixelpath_state *s, const gl_ff_gl_state *v)
{
    for (int i = 0; i < 4; i++) {
        s->color[i] = clamp01(v->current[GL_FF_ATTRIB_COLOR0][i]);
        s->secondary[i] = clamp01(v->current[GL_FF_ATTRIB_COLOR1][i]);
    }
}

static void raster_pos(struct gl_context *ctx, double x, double y, double z, double w)
{
    gl_pixelpath_state *s = ctx->pixelpath;
    const gl_ff_gl_state *v = gl_fixed_values(ctx);
    const double obj[4] = {x, y, z, w};
    double eye[4], clip[4];
    mul(v->modelview, obj, eye);
    mul(v->projection, eye, clip);
    bool valid = true;
    for (int i = 0; i < 3; i++)
        valid &= clip[i] <= clip[3] && clip[i] >= -clip[3];
    unsigned planes = gl_raster_clip_enables(ctx);
    for (unsigned k = 0; k < 8 && valid; k++) {
        if (!(planes & (1u << k)))
            continue;
        const GLdouble *p = gl_raster_clip_plane(ctx, k);
        valid = p[0] * eye[0] + p[1] * eye[1] + p[2] * eye[2] + p[3] * eye[3] >= 0.0;
    }
    s->valid = valid;
    if (!valid)
        return;
    const GLint *vp = ctx->raster->viewport;
    const GLdouble *dr = ctx->raster->depth_range;
    double iw = 1.0 / clip[3];
    s->pos[0] = (float)(vp[0] + (clip[0] * iw + 1.0) * 0.5 * vp[2]);
    s->pos[1] = (float)(vp[1] + (clip[1] * iw + 1.0) * 0.5 * vp[3]);
    s->pos[2] = (float)(dr[0] + (clip[2] * iw + 1.0) * 0.5 * (dr[1] - dr[0]));
    s->pos[3] = (float)clip[3];
    latch_colors(s, v);
    for (unsigned u = 0; u < GLPP_MAX_UNITS; u++) {
        double tc[4], out[4];
        for (int i = 0; i < 4; i++)
            tc[i] = v->current[GL_FF_ATTRIB_TEXCOORD0 + u][i];
        mul(v->texture_matrix[u], tc, out);
        for (int i = 0; i < 4; i++)
            s->texcoord[u][i] = (float)out[i];
    }
    if (gl_fixed_fog_coord_src(ctx) == GL_FOG_COORD)
        s->distance = v->current[GL_FF_ATTRIB_FOGCOORD][0];
    else
        s->distance = (float)sqrt(eye[0] * eye[0] + eye[1] * eye[1] + eye[2] * eye[2]);
}

static void window_pos(struct gl_context *ctx, double x, double y, double z)
{
    gl_pixelpath_state *s = ctx->pixelpath;
    const gl_ff_gl_state *v = gl_fixed_values(ctx);
    const GLdouble *dr = ctx->raster->depth_range;
    z = z < 0.0 ? 0.0 : z > 1.0 ? 1.0 : z;
    s->pos[0] = (float)x;
    s->pos[1] = (float)y;
    s->pos[2] = (float)(dr[0] + z * (dr[1] - dr[0]));
    s->pos[3] = 1.0f;
    s->valid = true;
    latch_colors(s, v);
    for (unsigned u = 0; u < GLPP_MAX_UNITS; u++)
        for (int i = 0; i < 4; i++)
            s->texcoord[u][i] = v->current[GL_FF_ATTRIB_TEXCOORD0 + u][i];
    s->distance = gl_fixed_fog_coord_src(ctx) == GL_FOG_COORD ? v->current[GL_FF_ATTRIB_FOGCOORD][0]
                                                              : 0.0f;
}

/* The 40 entry points: RasterPos{2,3,4}{s,i,f,d}[v], WindowPos{2,3}{s,i,f,d}[v]. */
#define RP_TYPE(S, T)                                                                              \
    void swrgl_RasterPos2##S(struct gl_context *ctx, T x, T y) { raster_pos(ctx, x, y, 0, 1); }  \
    void swrgl_RasterPos3##S(struct gl_context *ctx, T x, T y, T z)                                \
    {                                                                                              \
        raster_pos(ctx, x, y, z, 1);                                                               \
    }                                                                                              \
    void swrgl_RasterPos4##S(struct gl_context *ctx, T x, T y, T z, T w)                           \
    {                                                                                              \
        raster_pos(ctx, x, y, z, w);                                                               \
    }                                                                                              \
    void swrgl_RasterPos2##S##v(struct gl_context *ctx, const T *p)                                \
    {                                                                                              \
        raster_pos(ctx, p[0], p[1], 0, 1);                                                         \
    }                                                                                              \
    void swrgl_RasterPos3##S##v(struct gl_context *ctx, const T *p)                                \
    {                                                                                              \
        raster_pos(ctx, p[0], p[1], p[2], 1);                                                      \
    }                                                                                              \
    void swrgl_RasterPos4##S##v(struct gl_context *ctx, const T *p)                                \
    {                                                                                              \
        raster_pos(ctx, p[0], p[1], p[2], p[3]);                                                   \
    }                                                                                              \
    void swrgl_WindowPos2##S(struct gl_context *ctx, T x, T y) { window_pos(ctx, x, y, 0); }     \
    void swrgl_WindowPos3##S(struct gl_context *ctx, T x, T y, T z) { window_pos(ctx, x, y, z); } \
    void swrgl_WindowPos2##S##v(struct gl_context *ctx, const T *p)                                \
    {                                                                                              \
        window_pos(ctx, p[0], p[1], 0);                                                            \
    }                                                                                              \
    void swrgl_WindowPos3##S##v(struct gl_context *ctx, const T *p)                                \
    {                                                                                              \
        window_pos(ctx, p[0], p[1], p[2]);                                                         \
    }

RP_TYPE(s, GLshort)
RP_TYPE(i, GLint)
RP_TYPE(f, GLfloat)
RP_TYPE(d, GLdouble)

void swrgl_PixelZoom(struct gl_context *ctx, GLfloat xfactor, GLfloat yfactor)
{
    ctx->pixelpath->zoom_x = xfactor;
    ctx->pixelpath->zoom_y = yfactor;
}

static void value4(gl_value *v, const GLfloat *f, bool normalized)
{
    v->type = GL_VALUE_FLOAT;
    v->count = 4;
    v->normalized = normalized;
    for (int i = 0; i < 4; i++)
        v->f[i] = f[i];
}

bool gl_pixelpath_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    const gl_pixelpath_state *s = ctx->pixelpath;
    switch (pname) {
    case GL_CURRENT_RASTER_POSITION: value4(v, s->pos, false); return true;
    case GL_CURRENT_RASTER_POSITION_VALID: gl_value_bool(v, s->valid); return true;
    case GL_CURRENT_RASTER_COLOR: value4(v, s->color, true); return true;
    case GL_CURRENT_RASTER_SECONDARY_COLOR: value4(v, s->secondary, true); return true;
    case GL_CURRENT_RASTER_TEXTURE_COORDS: {
        unsigned u = gl_texture_active_unit(ctx);
        if (u >= GLPP_MAX_UNITS)
            return false;
        value4(v, s->texcoord[u], false);
        return true;
    }
    case GL_CURRENT_RASTER_DISTANCE: gl_value_float(v, s->distance); return true;
    case GL_CURRENT_RASTER_INDEX: gl_value_float(v, s->index); return true;
    case GL_ZOOM_X: gl_value_float(v, s->zoom_x); return true;
    case GL_ZOOM_Y: gl_value_float(v, s->zoom_y); return true;
    default: return false;
    }
}

int gl_pixelpath_enable(struct gl_context *ctx, GLenum cap, int op)
{
    (void)ctx;
    (void)cap;
    (void)op;
    return -1;
}
