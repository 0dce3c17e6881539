/*
 * gl_blit.c: glBlitFramebuffer through pipe_context::blit.
 *
 * In: source and destination rectangles in window coordinates of the read
 * and draw framebuffers (X0 > X1 mirrors), a mask of COLOR/DEPTH/STENCIL,
 * NEAREST or LINEAR. Out: one pipe blit per colour draw buffer (from the
 * read buffer) and one for depth and/or stencil.
 *
 * Coordinates: GL's rectangle edges are the pipe's box edges (no Y flip),
 * a mirrored destination becomes a mirrored source (pipe boxes take a
 * negative source width/height). The pipe samples pixel centres exactly as
 * GL 3.0 section 4.3.3 prescribes. When the scale is 1:1 the source
 * rectangle is clipped to the read buffer and the destination with it, so
 * pixels whose source lies outside are not written (what Mesa does);
 * scaled blits leave out-of-range source texels to the pipe's edge clamp
 * (GL: undefined). The destination is clipped to the draw buffer and to
 * the scissor rectangle when GL_SCISSOR_TEST is on.
 *
 * Buffers named in `mask` that are missing from the read or the draw
 * framebuffer are ignored, as GL specifies.
 */
#include "frontend-gallium/gl/framebuffer/gl_framebuffer_priv.h"

#include <stdint.h>
#include <string.h>

#include "frontend-gallium/gl/raster/gl_raster.h"

/* Boxes beyond this are refused by the pipe (its MAX_COORD); larger GL
 * rectangles are clamped by scaling being undefined anyway. */
#define BLIT_MAX_COORD (1 << 30)

typedef struct blit_axis {
    int64_t s0, s1, d0, d1; /* d0 < d1 after normalisation */
} blit_axis;

/* Normalises one axis; false when the blit is empty along it. */
static bool axis_setup(blit_axis *a, int64_t s0, int64_t s1, int64_t d0, int64_t d1)
{
    if (d0 > d1) {
        int64_t t = d0;
        d0 = d1;
        d1 = t;
        t = s0;
        s0 = s1;
        s1 = t;
    }
    a->s0 = s0;
    a->s1 = s1;
    a->d0 = d0;
    a->d1 = d1;
    return d0 != d1 && s0 != s1;
}

/* 1:1 blits: clip the source range to [0, size) and move the destination
 * with it. False when nothing is left. */
static bool axis_clip_source(blit_axis *a, int64_t size)
{
    int64_t ds = a->s1 - a->s0, dd = a->d1 - a->d0;
    if (ds != dd && ds != -dd)
        return true;
    int dir = ds > 0 ? 1 : -1;
    /* Source index of destination pixel d: s0 + (d - d0) (dir 1) or
     * s0 - 1 - (d - d0) (dir -1). Keep the d whose source is in range. */
    int64_t lo = a->d0, hi = a->d1;
    if (dir > 0) {
        if (a->s0 < 0)
            lo = a->d0 - a->s0;
        if (a->s1 > size)
            hi = a->d1 - (a->s1 - size);
    } else {
        if (a->s0 > size)
            lo = a->d0 + (a->s0 - size);
        if (a->s1 < 0)
            hi = a->d1 + a->s1;
    }
    if (lo >= hi)
        return false;
    a->s0 += dir * (lo - a->d0);
    a->s1 -= dir * (a->d1 - hi);
    a->d0 = lo;
    a->d1 = hi;
    return true;
}

static bool axis_in_range(const blit_axis *a)
{
    const int64_t m = BLIT_MAX_COORD / 2;
    return a->s0 > -m && a->s0 < m && a->s1 > -m && a->s1 < m && a->d0 > -m && a->d0 < m &&
           a->d1 > -m && a->d1 < m;
}

static void do_blit(struct gl_context *ctx, struct pipe_surface *src, struct pipe_surface *dst,
                    blit_axis ax, blit_axis ay, unsigned mask, GLenum filter, bool scissor,
                    const GLint sbox[4])
{
    if (!axis_clip_source(&ax, src->width) || !axis_clip_source(&ay, src->height))
        return;
    if (!axis_in_range(&ax) || !axis_in_range(&ay))
        return;
    /* The source must overlap its image (the pipe refuses otherwise). */
    int64_t sxl = ax.s0 < ax.s1 ? ax.s0 : ax.s1, sxh = ax.s0 < ax.s1 ? ax.s1 : ax.s0;
    int64_t syl = ay.s0 < ay.s1 ? ay.s0 : ay.s1, syh = ay.s0 < ay.s1 ? ay.s1 : ay.s0;
    if (sxl >= src->width || syl >= src->height || sxh <= 0 || syh <= 0)
        return;
    struct pipe_blit_info bi;
    memset(&bi, 0, sizeof bi);
    bi.src.resource = src->texture;
    bi.src.level = src->u.tex.level;
    bi.src.format = src->format;
    bi.src.box = (struct pipe_box){(int32_t)ax.s0, (int32_t)ay.s0, (int32_t)src->u.tex.first_layer,
                                   (int32_t)(ax.s1 - ax.s0), (int32_t)(ay.s1 - ay.s0), 1};
    bi.dst.resource = dst->texture;
    bi.dst.level = dst->u.tex.level;
    bi.dst.format = dst->format;
    bi.dst.box = (struct pipe_box){(int32_t)ax.d0, (int32_t)ay.d0, (int32_t)dst->u.tex.first_layer,
                                   (int32_t)(ax.d1 - ax.d0), (int32_t)(ay.d1 - ay.d0), 1};
    bi.mask = mask;
    bi.filter = filter == GL_LINEAR ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
    /* The destination surface's size bounds it too (a texture level may be
     * larger than the framebuffer area: GL clips to the draw buffer). */
    int64_t minx = 0, miny = 0, maxx = dst->width, maxy = dst->height;
    if (scissor) {
        int64_t x0 = sbox[0], y0 = sbox[1];
        int64_t x1 = x0 + (sbox[2] > 0 ? sbox[2] : 0), y1 = y0 + (sbox[3] > 0 ? sbox[3] : 0);
        minx = x0 > minx ? x0 : minx;
        miny = y0 > miny ? y0 : miny;
        maxx = x1 < maxx ? x1 : maxx;
        maxy = y1 < maxy ? y1 : maxy;
    }
    if (minx >= maxx || miny >= maxy)
        return;
    bi.scissor_enable = true;
    bi.scissor.minx = (uint16_t)minx;
    bi.scissor.miny = (uint16_t)miny;
    bi.scissor.maxx = (uint16_t)maxx;
    bi.scissor.maxy = (uint16_t)maxy;
    /* The destination must be inside its image after the scissor. */
    if (ax.d1 <= minx || ax.d0 >= maxx || ay.d1 <= miny || ay.d0 >= maxy)
        return;
    ctx->pipe->blit(ctx->pipe, &bi);
}

static bool is_int_type(GLenum t) { return t == GL_INT || t == GL_UNSIGNED_INT; }

void swrgl_BlitFramebuffer(struct gl_context *ctx, GLint srcX0, GLint srcY0, GLint srcX1,
                           GLint srcY1, GLint dstX0, GLint dstY0, GLint dstX1, GLint dstY1,
                           GLbitfield mask, GLenum filter)
{
    const GLbitfield all = GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT;
    if (mask & ~all) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (filter != GL_NEAREST && filter != GL_LINEAR) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (filter == GL_LINEAR && (mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (gl_fb_status(ctx, true) != GL_FRAMEBUFFER_COMPLETE ||
        gl_fb_status(ctx, false) != GL_FRAMEBUFFER_COMPLETE) {
        gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
        return;
    }

    /* Gather the buffers and check formats before anything is written. */
    GLenum base;
    struct pipe_surface *src_color = NULL, *dst_colors[PIPE_MAX_COLOR_BUFS], *dst_zs = NULL;
    unsigned n_dst = 0;
    if (mask & GL_COLOR_BUFFER_BIT) {
        src_color = gl_fb_read_surface(ctx, GL_FB_COLOR, &base);
        n_dst = gl_framebuffer_draw_surfaces(ctx, dst_colors, &dst_zs);
        if (src_color) {
            gl_fb_format_info sfi;
            gl_fb_format_info_get(src_color->format, &sfi);
            for (unsigned i = 0; i < n_dst; i++) {
                if (!dst_colors[i])
                    continue;
                gl_fb_format_info dfi;
                gl_fb_format_info_get(dst_colors[i]->format, &dfi);
                if (is_int_type(sfi.component_type) != is_int_type(dfi.component_type) ||
                    (filter == GL_LINEAR && is_int_type(sfi.component_type))) {
                    gl_error(ctx, GL_INVALID_OPERATION);
                    return;
                }
            }
        }
    }
    struct pipe_surface *sd = NULL, *dd = NULL, *ss = NULL, *ds = NULL;
    if (mask & GL_DEPTH_BUFFER_BIT) {
        sd = gl_fb_read_surface(ctx, GL_FB_DEPTH, &base);
        dd = gl_fb_draw_zs_surface(ctx, GL_FB_DEPTH);
        if (sd && dd && sd->format != dd->format) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
    }
    if (mask & GL_STENCIL_BUFFER_BIT) {
        ss = gl_fb_read_surface(ctx, GL_FB_STENCIL, &base);
        ds = gl_fb_draw_zs_surface(ctx, GL_FB_STENCIL);
        if (ss && ds && ss->format != ds->format) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
    }

    blit_axis ax, ay;
    if (!axis_setup(&ax, srcX0, srcX1, dstX0, dstX1) || !axis_setup(&ay, srcY0, srcY1, dstY0, dstY1))
        return;

    /* The scissor test applies to blits (the raster part's state). */
    bool scissor = ctx->raster->scissor_test;
    GLint sbox[4] = {0, 0, 0, 0};
    if (scissor)
        memcpy(sbox, ctx->raster->scissor, sizeof sbox);

    if (src_color)
        for (unsigned i = 0; i < n_dst; i++)
            if (dst_colors[i])
                do_blit(ctx, src_color, dst_colors[i], ax, ay, PIPE_MASK_RGBA, filter, scissor,
                        sbox);
    bool z = sd && dd, s = ss && ds;
    if (z && s && sd == ss && dd == ds) {
        do_blit(ctx, sd, dd, ax, ay, PIPE_MASK_ZS, GL_NEAREST, scissor, sbox);
    } else {
        if (z)
            do_blit(ctx, sd, dd, ax, ay, PIPE_MASK_Z, GL_NEAREST, scissor, sbox);
        if (s)
            do_blit(ctx, ss, ds, ax, ay, PIPE_MASK_S, GL_NEAREST, scissor, sbox);
    }
}
