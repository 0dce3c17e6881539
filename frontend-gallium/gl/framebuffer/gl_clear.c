/*
 * gl_clear.c: glClear and glClearBuffer* of the draw framebuffer, with the
 * clear values, masks and scissor of the raster part (glClearColor/Depth/
 * Stencil are the raster part's, which owns the state).
 *
 * Clears honour the scissor test, the colour masks, the depth mask and the
 * front stencil write mask (GL 2.1 section 4.2.3). Three paths:
 * - whole buffers with full masks: one pipe->clear (the engine's tile clear);
 * - a scissor rectangle with full masks: clear_render_target /
 *   clear_depth_stencil on the rectangle;
 * - partial masks: the cleared texel is packed once (a 1x1 scratch surface
 *   cleared by the driver), then the rectangle is rewritten on the CPU
 *   keeping the masked-off bits. Which bits belong to which channel follows
 *   from the format's name (p_format.h: channels from bit 0 up).
 * GL_ACCUM_BUFFER_BIT clears the accumulation buffer's part of the scissor
 * rectangle (gl_accum_clear; no mask applies to it).
 */
#include "frontend-gallium/gl/framebuffer/gl_framebuffer_priv.h"

#include <string.h>

#include "frontend-gallium/gl/raster/gl_raster.h"

/* ---- format channel layout --------------------------------------------------- */

static const char *const format_names[] = {
#define X(n) #n,
    PIPE_FORMATS(X)
#undef X
};

/* Channel bit ranges of a format, parsed from its name. The component a
 * channel holds: 0..3 = R, G, B, A (L and I count as R), 4 = Z, 5 = S,
 * -1 = padding. Returns the number of channels, 0 if the name does not
 * describe a plain layout (shared exponents, compressed formats). */
typedef struct fmt_channel {
    int comp;
    unsigned offset, bits;
} fmt_channel;

static unsigned format_channels(enum pipe_format f, fmt_channel *ch /* [8] */, unsigned *total_bits)
{
    if ((unsigned)f >= sizeof format_names / sizeof format_names[0])
        return 0;
    const char *s = format_names[f];
    unsigned n = 0, off = 0;
    while (*s) {
        /* a token: channels (letter + digits)* or a type word */
        const char *t = s;
        const char *end = strchr(s, '_');
        if (!end)
            end = s + strlen(s);
        bool channels = t[0] && t[1] >= '0' && t[1] <= '9';
        while (channels && t < end) {
            int comp;
            switch (*t) {
            case 'R': case 'L': case 'I': comp = 0; break;
            case 'G': comp = 1; break;
            case 'B': comp = 2; break;
            case 'A': comp = 3; break;
            case 'Z': comp = 4; break;
            case 'S': comp = 5; break;
            case 'X': comp = -1; break;
            default: return 0; /* E (shared exponent) and anything unknown */
            }
            t++;
            unsigned bits = 0;
            while (t < end && *t >= '0' && *t <= '9')
                bits = bits * 10 + (unsigned)(*t++ - '0');
            if (!bits || n == 8)
                return 0;
            ch[n++] = (fmt_channel){comp, off, bits};
            off += bits;
        }
        s = *end ? end + 1 : end;
    }
    *total_bits = off;
    return off % 8 == 0 && off <= 128 ? n : 0;
}

static void set_bits(uint8_t *mask, unsigned offset, unsigned count)
{
    for (unsigned b = offset; b < offset + count; b++)
        mask[b / 8] |= (uint8_t)(1u << (b % 8));
}

/* ---- the clear paths -------------------------------------------------------- */

typedef struct clear_rect {
    unsigned x, y, w, h;
    bool full; /* covers the whole framebuffer */
} clear_rect;

/* The rectangle a clear touches: the scissor box within the framebuffer.
 * False when it is empty. */
static bool clear_area(struct gl_context *ctx, clear_rect *r)
{
    unsigned fw = 0, fh = 0, b[4];
    gl_framebuffer_draw_size(ctx, &fw, &fh);
    if (!gl_raster_scissored_area(ctx, fw, fh, b))
        return false;
    *r = (clear_rect){b[0], b[1], b[2] - b[0], b[3] - b[1],
                      b[0] == 0 && b[1] == 0 && b[2] == fw && b[3] == fh};
    return true;
}

/* The bytes of one texel of `surf`'s format holding the clear value,
 * packed by the driver through a 1x1 scratch surface. */
static bool pack_clear_value(struct gl_context *ctx, struct pipe_surface *surf, bool zs,
                             const union pipe_color_union *color, double depth, unsigned stencil,
                             uint8_t *out, unsigned bytes)
{
    struct pipe_screen *scr = ctx->screen;
    struct pipe_context *p = ctx->pipe;
    struct pipe_resource t;
    memset(&t, 0, sizeof t);
    t.target = PIPE_TEXTURE_2D;
    t.format = surf->format;
    t.width0 = 1;
    t.height0 = 1;
    t.depth0 = 1;
    t.array_size = 1;
    t.bind = zs ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET;
    struct pipe_resource *res = scr->resource_create(scr, &t);
    if (!res)
        return false;
    struct pipe_surface tmpl;
    memset(&tmpl, 0, sizeof tmpl);
    tmpl.format = surf->format;
    struct pipe_surface *s = p->create_surface(p, res, &tmpl);
    bool ok = false;
    if (s) {
        if (zs)
            p->clear_depth_stencil(p, s, PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL, depth, stencil, 0,
                                   0, 1, 1, false);
        else
            p->clear_render_target(p, s, color, 0, 0, 1, 1, false);
        struct pipe_transfer *tr = NULL;
        struct pipe_box box = {0, 0, 0, 1, 1, 1};
        const uint8_t *m = p->texture_map(p, res, 0, PIPE_MAP_READ, &box, &tr);
        if (m) {
            memcpy(out, m, bytes);
            ok = true;
        }
        if (tr)
            p->texture_unmap(p, tr);
        pipe_surface_reference(&s, NULL);
    }
    pipe_resource_reference(&res, NULL);
    return ok;
}

/* Rewrites the bits set in `mask` of every texel of the rectangle with the
 * matching bits of `value`. */
static void masked_write(struct gl_context *ctx, struct pipe_surface *surf, const clear_rect *r,
                         const uint8_t *value, const uint8_t *mask, unsigned bytes)
{
    struct pipe_context *p = ctx->pipe;
    unsigned x = r->x, y = r->y, w = r->w, h = r->h;
    if (x >= surf->width || y >= surf->height)
        return;
    if (w > surf->width - x)
        w = surf->width - x;
    if (h > surf->height - y)
        h = surf->height - y;
    struct pipe_box box = {(int32_t)x, (int32_t)y, (int32_t)surf->u.tex.first_layer, (int32_t)w,
                           (int32_t)h,
                           (int32_t)(surf->u.tex.last_layer - surf->u.tex.first_layer + 1)};
    struct pipe_transfer *tr = NULL;
    uint8_t *m = p->texture_map(p, surf->texture, surf->u.tex.level, PIPE_MAP_READ_WRITE, &box, &tr);
    if (m) {
        for (int32_t z = 0; z < box.depth; z++)
            for (unsigned row = 0; row < h; row++) {
                uint8_t *line = m + (size_t)z * tr->layer_stride + (size_t)row * tr->stride;
                for (unsigned col = 0; col < w; col++) {
                    uint8_t *px = line + (size_t)col * bytes;
                    for (unsigned b = 0; b < bytes; b++)
                        px[b] = (uint8_t)((px[b] & ~mask[b]) | (value[b] & mask[b]));
                }
            }
    }
    if (tr)
        p->texture_unmap(p, tr);
}

/* Clears draw buffer `surf` with colour mask `cm` (PIPE_MASK_RGBA bits);
 * whole-buffer unmasked clears are left to the caller's pipe->clear. */
static void clear_color_buffer(struct gl_context *ctx, struct pipe_surface *surf, unsigned cm,
                               const clear_rect *r, const union pipe_color_union *color)
{
    if (!surf || !cm)
        return;
    if (cm == PIPE_MASK_RGBA) {
        ctx->pipe->clear_render_target(ctx->pipe, surf, color, r->x, r->y, r->w, r->h, true);
        return;
    }
    fmt_channel ch[8];
    unsigned bits = 0, n = format_channels(surf->format, ch, &bits);
    uint8_t mask[16] = {0}, value[16] = {0};
    bool any = false;
    for (unsigned i = 0; i < n; i++)
        if (ch[i].comp >= 0 && ch[i].comp < 4 && (cm >> ch[i].comp) & 1) {
            set_bits(mask, ch[i].offset, ch[i].bits);
            any = true;
        }
    if (!n) { /* unknown layout: clear every channel */
        ctx->pipe->clear_render_target(ctx->pipe, surf, color, r->x, r->y, r->w, r->h, true);
        return;
    }
    if (!any || !pack_clear_value(ctx, surf, false, color, 0, 0, value, bits / 8))
        return;
    masked_write(ctx, surf, r, value, mask, bits / 8);
}

/* Clears depth (if do_z) and the stencil bits in smask of `zs`. */
static void clear_zs_buffer(struct gl_context *ctx, struct pipe_surface *zs, bool do_z,
                            unsigned smask, const clear_rect *r, double depth, unsigned stencil)
{
    if (!zs || (!do_z && !smask))
        return;
    fmt_channel ch[8];
    unsigned bits = 0, n = format_channels(zs->format, ch, &bits);
    bool has_s = false;
    for (unsigned i = 0; i < n; i++)
        has_s |= ch[i].comp == 5;
    if (!has_s)
        smask = 0;
    if (!do_z && !smask)
        return;
    if (smask == 0 || smask == 0xff || !n) {
        unsigned flags = (do_z ? PIPE_CLEAR_DEPTH : 0) | (smask ? PIPE_CLEAR_STENCIL : 0);
        ctx->pipe->clear_depth_stencil(ctx->pipe, zs, flags, depth, stencil, r->x, r->y, r->w,
                                       r->h, true);
        return;
    }
    uint8_t mask[16] = {0}, value[16] = {0};
    for (unsigned i = 0; i < n; i++) {
        if (ch[i].comp == 4 && do_z)
            set_bits(mask, ch[i].offset, ch[i].bits);
        if (ch[i].comp == 5)
            for (unsigned b = 0; b < 8 && b < ch[i].bits; b++)
                if ((smask >> b) & 1)
                    set_bits(mask, ch[i].offset + b, 1);
    }
    if (!pack_clear_value(ctx, zs, true, NULL, depth, stencil, value, bits / 8))
        return;
    masked_write(ctx, zs, r, value, mask, bits / 8);
}

static unsigned color_mask_bits(const GLboolean *m)
{
    return (m[0] ? PIPE_MASK_R : 0) | (m[1] ? PIPE_MASK_G : 0) | (m[2] ? PIPE_MASK_B : 0) |
           (m[3] ? PIPE_MASK_A : 0);
}

/* The common body of glClear and glClearBuffer*: `draw_buffer` < 0 clears
 * every colour draw buffer (if `color`), else that one only; `accum` also
 * clears the accumulation buffer (gl_accum.c). */
static void do_clear(struct gl_context *ctx, int draw_buffer, const union pipe_color_union *color,
                     bool depth, bool stencil, double zval, unsigned sval, bool accum)
{
    gl_raster_state *rs = ctx->raster;
    if (rs->rasterizer_discard)
        return; /* GL 3.0: clears are discarded with the primitives */
    if (!gl_framebuffer_validate(ctx))
        return;
    clear_rect r;
    if (!clear_area(ctx, &r))
        return;
    if (accum)
        gl_accum_clear(ctx, r.x, r.y, r.w, r.h);
    struct pipe_surface *colors[PIPE_MAX_COLOR_BUFS] = {0}, *zs = NULL;
    unsigned n = gl_framebuffer_draw_surfaces(ctx, colors, &zs);
    if (n > PIPE_MAX_COLOR_BUFS)
        n = PIPE_MAX_COLOR_BUFS;
    unsigned fast = 0;
    if (color) {
        for (unsigned i = 0; i < n; i++) {
            if ((draw_buffer >= 0 && (unsigned)draw_buffer != i) || !colors[i])
                continue;
            unsigned cm = color_mask_bits(rs->color_mask[i]);
            if (r.full && cm == PIPE_MASK_RGBA)
                fast |= PIPE_CLEAR_COLOR0 << i;
            else
                clear_color_buffer(ctx, colors[i], cm, &r, color);
        }
    }
    bool do_z = depth && zs && rs->depth_mask;
    unsigned smask = stencil && zs ? rs->stencil[0].write_mask & 0xffu : 0;
    if (do_z || smask) {
        if (r.full && (smask == 0 || smask == 0xff)) {
            fast |= (do_z ? PIPE_CLEAR_DEPTH : 0) | (smask ? PIPE_CLEAR_STENCIL : 0);
        } else {
            clear_zs_buffer(ctx, zs, do_z, smask, &r, zval, sval);
        }
    }
    if (fast) {
        union pipe_color_union c;
        memset(&c, 0, sizeof c);
        if (color)
            c = *color;
        ctx->pipe->clear(ctx->pipe, fast, &c, zval, sval);
    }
}

void swrgl_Clear(struct gl_context *ctx, GLbitfield mask)
{
    if (mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT |
                             GL_ACCUM_BUFFER_BIT)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!mask)
        return;
    union pipe_color_union c;
    memcpy(c.f, ctx->raster->clear_color, sizeof c.f);
    do_clear(ctx, -1, (mask & GL_COLOR_BUFFER_BIT) ? &c : NULL, (mask & GL_DEPTH_BUFFER_BIT) != 0,
             (mask & GL_STENCIL_BUFFER_BIT) != 0, ctx->raster->clear_depth,
             (unsigned)ctx->raster->clear_stencil & 0xffu, (mask & GL_ACCUM_BUFFER_BIT) != 0);
}

static bool check_color_draw_buffer(struct gl_context *ctx, GLint drawbuffer)
{
    if (drawbuffer < 0 || drawbuffer >= SWRGL_MAX_DRAW_BUFFERS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    return true;
}

static double clamp_depth(GLfloat d) { return d < 0.0f ? 0.0 : d > 1.0f ? 1.0 : (double)d; }

void swrgl_ClearBufferfv(struct gl_context *ctx, GLenum buffer, GLint drawbuffer,
                         const GLfloat *value)
{
    if (buffer == GL_COLOR) {
        if (!check_color_draw_buffer(ctx, drawbuffer) || !value)
            return;
        union pipe_color_union c;
        memcpy(c.f, value, sizeof c.f);
        do_clear(ctx, drawbuffer, &c, false, false, 0.0, 0, false);
    } else if (buffer == GL_DEPTH) {
        if (drawbuffer != 0) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        if (value)
            do_clear(ctx, -1, NULL, true, false, clamp_depth(value[0]), 0, false);
    } else {
        gl_error(ctx, GL_INVALID_ENUM);
    }
}

void swrgl_ClearBufferiv(struct gl_context *ctx, GLenum buffer, GLint drawbuffer,
                         const GLint *value)
{
    if (buffer == GL_COLOR) {
        if (!check_color_draw_buffer(ctx, drawbuffer) || !value)
            return;
        union pipe_color_union c;
        memcpy(c.i, value, sizeof c.i);
        do_clear(ctx, drawbuffer, &c, false, false, 0.0, 0, false);
    } else if (buffer == GL_STENCIL) {
        if (drawbuffer != 0) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        if (value)
            do_clear(ctx, -1, NULL, false, true, 0.0, (unsigned)value[0] & 0xffu, false);
    } else {
        gl_error(ctx, GL_INVALID_ENUM);
    }
}

void swrgl_ClearBufferuiv(struct gl_context *ctx, GLenum buffer, GLint drawbuffer,
                          const GLuint *value)
{
    if (buffer != GL_COLOR) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (!check_color_draw_buffer(ctx, drawbuffer) || !value)
        return;
    union pipe_color_union c;
    memcpy(c.ui, value, sizeof c.ui);
    do_clear(ctx, drawbuffer, &c, false, false, 0.0, 0, false);
}

void swrgl_ClearBufferfi(struct gl_context *ctx, GLenum buffer, GLint drawbuffer, GLfloat depth,
                         GLint stencil)
{
    if (buffer != GL_DEPTH_STENCIL) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (drawbuffer != 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    do_clear(ctx, -1, NULL, true, true, clamp_depth(depth), (unsigned)stencil & 0xffu, false);
}
