/*
 * gl_accum.c: the accumulation buffer (GL 2.1 section 4.2.4): glAccum,
 * glClearAccum and the accumulation-buffer part of glClear. Part of
 * gl_framebuffer (the storage and the ACCUM_* queries are in
 * gl_framebuffer.c, see gl_fb_accum_buffer in gl_framebuffer.h).
 *
 * Only the window framebuffer has one, when the window system asked for it
 * (gl_context_desc.accum_bits): RGBA, 16-bit signed normalized per channel.
 * Every operation touches the pixels inside the scissor box when the
 * scissor test is on, else the whole window:
 *   ACCUM v   acc += v * colour of the read buffer
 *   LOAD v    acc  = v * colour of the read buffer
 *   MULT v    acc *= v
 *   ADD v     acc += v
 *   RETURN v  every draw buffer gets clamp(v * acc, 0, 1), channels whose
 *             colour mask is off keep their value.
 * GL leaves results outside [-1, 1] undefined; swr saturates them.
 *
 * Colours move through the pipe transfer interface (texture_map waits for
 * the rendering that touches the resource) one row at a time as float
 * RGBA, converted by gl_pixels_pack / gl_pixels_unpack with the rules of
 * glReadPixels and glTexImage (round to nearest for normalized formats; a
 * buffer without alpha reads alpha 1), or directly for the 8-bit RGBA / BGRA
 * layouts of window buffers with the same rules. The row arithmetic is
 * plain branch-free loops over 4 * width values that the compiler
 * vectorizes.
 *
 * Errors, as GL and Mesa give them: GL_INVALID_ENUM for an unknown op;
 * GL_INVALID_OPERATION when the context has no accumulation buffer or the
 * draw or read framebuffer is a framebuffer object (FBOs never have one);
 * GL_INVALID_FRAMEBUFFER_OPERATION for an incomplete draw framebuffer. With
 * rasterizer discard on, glAccum does nothing.
 */
#include "frontend-gallium/gl/framebuffer/gl_framebuffer_priv.h"

#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gl/pixels/gl_pixels.h"
#include "frontend-gallium/gl/raster/gl_raster.h"

#define ACC_ONE 32767.0f /* the stored value of 1.0 */

/* x (in units of 1 / ACC_ONE) rounded to nearest (ties upward) and
 * saturated to [-1, 1]; NaN gives -1. Written as offset, selects and a
 * truncation of a positive value, a form the compiler vectorizes (the
 * offset costs x's bits below 2^-8, far below the rounding step). */
static inline int16_t acc_from_units(float x)
{
    float y = x + (ACC_ONE + 1.5f);   /* 32768.5: floor(y) - 32768 = round(x) */
    y = y >= 1.5f ? y : 1.5f;         /* -32767 */
    y = y <= 65535.5f ? y : 65535.5f; /* 32767 */
    return (int16_t)((int)y - 32768);
}

static inline float clamp01(float f) { return f >= 0.0f ? (f <= 1.0f ? f : 1.0f) : 0.0f; }

/* ---- row arithmetic (n = 4 * pixels values) -------------------------------------- */

static void row_accum(int16_t *acc, const float *color, unsigned n, float value, bool load)
{
    const float s = value * ACC_ONE;
    if (load)
        for (unsigned i = 0; i < n; i++)
            acc[i] = acc_from_units(color[i] * s);
    else
        for (unsigned i = 0; i < n; i++)
            acc[i] = acc_from_units((float)acc[i] + color[i] * s);
}

static void row_mult(int16_t *acc, unsigned n, float value)
{
    for (unsigned i = 0; i < n; i++)
        acc[i] = acc_from_units((float)acc[i] * value);
}

static void row_add(int16_t *acc, unsigned n, float value)
{
    const float a = value * ACC_ONE;
    for (unsigned i = 0; i < n; i++)
        acc[i] = acc_from_units((float)acc[i] + a);
}

/* out = clamp(value * acc, 0, 1); where keep[c] is set, channel c of `out`
 * keeps what it holds (the draw buffer's current value). */
static void row_return(float *out, const int16_t *acc, unsigned n, float value, const bool keep[4])
{
    const float s = value / ACC_ONE;
    if (!keep[0] && !keep[1] && !keep[2] && !keep[3]) {
        for (unsigned i = 0; i < n; i++)
            out[i] = clamp01((float)acc[i] * s);
        return;
    }
    for (unsigned i = 0; i < n; i++)
        out[i] = keep[i & 3] ? out[i] : clamp01((float)acc[i] * s);
}

/* ---- 8-bit RGBA / BGRA buffers, converted here ---------------------------------- */

typedef struct rgba8_layout {
    bool bgr;   /* bytes B, G, R: R and B swap */
    bool alpha; /* byte 3 is alpha (else padding: reads 1, written 255) */
} rgba8_layout;

/* The layouts converted directly (sRGB ones too: gl_pixels converts them as
 * their linear twin); false for any other format. */
static bool rgba8_layout_of(enum pipe_format f, rgba8_layout *l)
{
    switch (f) {
    case PIPE_FORMAT_R8G8B8A8_UNORM:
    case PIPE_FORMAT_R8G8B8A8_SRGB:
        *l = (rgba8_layout){false, true};
        return true;
    case PIPE_FORMAT_B8G8R8A8_UNORM:
    case PIPE_FORMAT_B8G8R8A8_SRGB:
        *l = (rgba8_layout){true, true};
        return true;
    case PIPE_FORMAT_R8G8B8X8_UNORM:
    case PIPE_FORMAT_R8G8B8X8_SRGB:
        *l = (rgba8_layout){false, false};
        return true;
    case PIPE_FORMAT_B8G8R8X8_UNORM:
    case PIPE_FORMAT_B8G8R8X8_SRGB:
        *l = (rgba8_layout){true, false};
        return true;
    default:
        return false;
    }
}

/* w pixels -> float RGBA (byte / 255). */
static void rgba8_read(float *row, const uint8_t *src, unsigned w, rgba8_layout l)
{
    const float k = 1.0f / 255.0f;
    if (!l.bgr) {
        for (unsigned i = 0; i < 4 * w; i++)
            row[i] = (float)src[i] * k;
    } else {
        for (unsigned x = 0; x < w; x++) {
            row[4 * x + 0] = (float)src[4 * x + 2] * k;
            row[4 * x + 1] = (float)src[4 * x + 1] * k;
            row[4 * x + 2] = (float)src[4 * x + 0] * k;
            row[4 * x + 3] = (float)src[4 * x + 3] * k;
        }
    }
    if (!l.alpha)
        for (unsigned x = 0; x < w; x++)
            row[4 * x + 3] = 1.0f;
}

/* Float RGBA in [0, 1] -> w pixels, round(f * 255); channels with keep[c]
 * set are left alone. */
static void rgba8_write(uint8_t *dst, const float *row, unsigned w, rgba8_layout l,
                        const bool keep[4])
{
    const unsigned pos[4] = {l.bgr ? 2u : 0u, 1u, l.bgr ? 0u : 2u, 3u};
    if (!keep[0] && !keep[1] && !keep[2] && !keep[3] && !l.bgr) {
        for (unsigned i = 0; i < 4 * w; i++)
            dst[i] = (uint8_t)(row[i] * 255.0f + 0.5f);
    } else {
        for (unsigned c = 0; c < 4; c++)
            if (!keep[c])
                for (unsigned x = 0; x < w; x++)
                    dst[4 * x + pos[c]] = (uint8_t)(row[4 * x + c] * 255.0f + 0.5f);
    }
    if (!l.alpha && !keep[3])
        for (unsigned x = 0; x < w; x++)
            dst[4 * x + 3] = 255;
}

/* ---- the area ------------------------------------------------------------------ */

typedef struct acc_rect {
    unsigned x, y, w, h;
} acc_rect;

/* The scissor box (when enabled) within a width x height buffer; false when
 * empty. */
static bool acc_area(struct gl_context *ctx, unsigned width, unsigned height, acc_rect *r)
{
    unsigned b[4];
    if (!gl_raster_scissored_area(ctx, width, height, b))
        return false;
    *r = (acc_rect){b[0], b[1], b[2] - b[0], b[3] - b[1]};
    return true;
}

/* Clips r to a surface's size; false when nothing is left. */
static bool clip_to_surface(const struct pipe_surface *s, acc_rect *r)
{
    if (r->x >= s->width || r->y >= s->height)
        return false;
    if (r->w > s->width - r->x)
        r->w = s->width - r->x;
    if (r->h > s->height - r->y)
        r->h = s->height - r->y;
    return true;
}

/* ---- ACCUM / LOAD: read buffer -> accumulation buffer ------------------------- */

static void accum_from_read_buffer(struct gl_context *ctx, int16_t *acc, unsigned aw, acc_rect r,
                                   float value, bool load)
{
    GLenum base = GL_NONE;
    struct pipe_surface *surf = gl_fb_read_surface(ctx, GL_FB_COLOR, &base);
    if (!surf || !clip_to_surface(surf, &r))
        return; /* read buffer GL_NONE: nothing to read */
    float *row = malloc((size_t)r.w * 4 * sizeof *row);
    if (!row) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    struct pipe_context *p = ctx->pipe;
    struct pipe_transfer *tr = NULL;
    struct pipe_box box = {(int32_t)r.x, (int32_t)r.y, (int32_t)surf->u.tex.first_layer,
                           (int32_t)r.w, (int32_t)r.h, 1};
    const uint8_t *m =
        p->texture_map(p, surf->texture, surf->u.tex.level, PIPE_MAP_READ, &box, &tr);
    if (!m) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
    } else {
        const gl_pixelstore ps = {.alignment = 1};
        rgba8_layout l = {false, false};
        const bool direct = rgba8_layout_of(surf->format, &l);
        for (unsigned y = 0; y < r.h; y++) {
            const uint8_t *line = m + (size_t)y * tr->stride;
            if (direct)
                rgba8_read(row, line, r.w, l);
            else
                gl_pixels_pack(&ps, GL_RGBA, GL_FLOAT, row, (GLsizei)r.w, 1, 1, surf->format, base,
                               line, tr->stride, 0, false);
            row_accum(acc + ((size_t)(r.y + y) * aw + r.x) * 4, row, r.w * 4, value, load);
        }
    }
    if (tr)
        p->texture_unmap(p, tr);
    free(row);
}

/* ---- RETURN: accumulation buffer -> draw buffers ------------------------------------ */

static void return_to_draw_buffers(struct gl_context *ctx, const int16_t *acc, unsigned aw,
                                   acc_rect area, float value)
{
    struct pipe_surface *colors[PIPE_MAX_COLOR_BUFS] = {0}, *zs = NULL;
    unsigned n = gl_framebuffer_draw_surfaces(ctx, colors, &zs);
    if (n > PIPE_MAX_COLOR_BUFS)
        n = PIPE_MAX_COLOR_BUFS;
    float *row = malloc((size_t)area.w * 4 * sizeof *row);
    if (!row) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    const gl_pixelstore ps = {.alignment = 1};
    struct pipe_context *p = ctx->pipe;
    for (unsigned i = 0; i < n; i++) {
        struct pipe_surface *surf = colors[i];
        acc_rect r = area;
        if (!surf || !clip_to_surface(surf, &r))
            continue;
        const GLboolean *cm = ctx->raster->color_mask[i];
        const bool keep[4] = {!cm[0], !cm[1], !cm[2], !cm[3]};
        const bool masked = keep[0] || keep[1] || keep[2] || keep[3];
        if (keep[0] && keep[1] && keep[2] && keep[3])
            continue;
        /* The base format of the window buffer: what reads back (alpha 1
         * without an alpha channel) when the masked channels are merged. */
        gl_fb_format_info fi;
        gl_fb_format_info_get(surf->format, &fi);
        const GLenum base = fi.a ? GL_RGBA : GL_RGB;
        rgba8_layout l = {false, false};
        const bool direct = rgba8_layout_of(surf->format, &l);
        static const bool none[4] = {false, false, false, false};
        struct pipe_transfer *tr = NULL;
        struct pipe_box box = {(int32_t)r.x, (int32_t)r.y, (int32_t)surf->u.tex.first_layer,
                               (int32_t)r.w, (int32_t)r.h, 1};
        uint8_t *m = p->texture_map(p, surf->texture, surf->u.tex.level,
                                    masked ? PIPE_MAP_READ_WRITE : PIPE_MAP_WRITE, &box, &tr);
        if (!m) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
        } else {
            for (unsigned y = 0; y < r.h; y++) {
                uint8_t *line = m + (size_t)y * tr->stride;
                const int16_t *a = acc + ((size_t)(r.y + y) * aw + r.x) * 4;
                if (direct) { /* masked channels: not written */
                    row_return(row, a, r.w * 4, value, none);
                    rgba8_write(line, row, r.w, l, keep);
                    continue;
                }
                if (masked)
                    gl_pixels_pack(&ps, GL_RGBA, GL_FLOAT, row, (GLsizei)r.w, 1, 1, surf->format,
                                   base, line, tr->stride, 0, false);
                row_return(row, a, r.w * 4, value, keep);
                gl_pixels_unpack(&ps, GL_RGBA, GL_FLOAT, row, (GLsizei)r.w, 1, 1, surf->format,
                                 line, tr->stride, 0);
            }
        }
        if (tr)
            p->texture_unmap(p, tr);
    }
    free(row);
}

/* ---- entry points ------------------------------------------------------------------ */

/* True when both the draw and the read framebuffer are the window. */
static bool window_bound(struct gl_context *ctx)
{
    if (!gl_framebuffer_draws_to_window(ctx))
        return false;
    gl_value v;
    memset(&v, 0, sizeof v);
    return gl_framebuffer_get(ctx, GL_READ_FRAMEBUFFER_BINDING, &v) && v.i[0] == 0;
}

void swrgl_Accum(struct gl_context *ctx, GLenum op, GLfloat value)
{
    switch (op) {
    case GL_ACCUM:
    case GL_LOAD:
    case GL_RETURN:
    case GL_MULT:
    case GL_ADD:
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (ctx->desc.accum_bits <= 0 || !window_bound(ctx)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (gl_fb_status(ctx, false) != GL_FRAMEBUFFER_COMPLETE) {
        gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
        return;
    }
    if (ctx->raster->rasterizer_discard)
        return;
    unsigned aw = 0, ah = 0;
    int16_t *acc = gl_fb_accum_buffer(ctx, &aw, &ah);
    if (!acc) {
        gl_error(ctx, GL_OUT_OF_MEMORY); /* its allocation failed */
        return;
    }
    acc_rect r;
    if (!acc_area(ctx, aw, ah, &r))
        return;
    switch (op) {
    case GL_ACCUM:
        if (value != 0.0f)
            accum_from_read_buffer(ctx, acc, aw, r, value, false);
        break;
    case GL_LOAD:
        accum_from_read_buffer(ctx, acc, aw, r, value, true);
        break;
    case GL_MULT:
        if (value != 1.0f)
            for (unsigned y = 0; y < r.h; y++)
                row_mult(acc + ((size_t)(r.y + y) * aw + r.x) * 4, r.w * 4, value);
        break;
    case GL_ADD:
        if (value != 0.0f)
            for (unsigned y = 0; y < r.h; y++)
                row_add(acc + ((size_t)(r.y + y) * aw + r.x) * 4, r.w * 4, value);
        break;
    default: /* GL_RETURN */
        return_to_draw_buffers(ctx, acc, aw, r, value);
        break;
    }
}

static GLfloat clamp_signed(GLfloat c) { return c < -1.0f ? -1.0f : c > 1.0f ? 1.0f : c; }

void swrgl_ClearAccum(struct gl_context *ctx, GLfloat red, GLfloat green, GLfloat blue,
                      GLfloat alpha)
{
    GLfloat *c = gl_fb_accum_clear_value(ctx);
    c[0] = clamp_signed(red);
    c[1] = clamp_signed(green);
    c[2] = clamp_signed(blue);
    c[3] = clamp_signed(alpha);
}

void gl_accum_clear(struct gl_context *ctx, unsigned x, unsigned y, unsigned w, unsigned h)
{
    unsigned aw = 0, ah = 0;
    int16_t *acc = gl_fb_accum_buffer(ctx, &aw, &ah);
    if (!acc || !gl_framebuffer_draws_to_window(ctx) || x >= aw || y >= ah)
        return;
    if (w > aw - x)
        w = aw - x;
    if (h > ah - y)
        h = ah - y;
    const GLfloat *clear = gl_fb_accum_clear_value(ctx);
    int16_t v[4];
    for (int c = 0; c < 4; c++)
        v[c] = acc_from_units(clear[c] * ACC_ONE);
    for (unsigned row = 0; row < h; row++) {
        int16_t *line = acc + ((size_t)(y + row) * aw + x) * 4;
        for (unsigned i = 0; i < w * 4; i++)
            line[i] = v[i & 3];
    }
}
