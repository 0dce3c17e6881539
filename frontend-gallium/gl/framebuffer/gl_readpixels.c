/*
 * gl_readpixels.c: glReadPixels.
 *
 * In: a rectangle of the read framebuffer (colour read buffer, depth,
 * stencil or both), a client format/type and the pack pixel store state.
 * Out: the pixels packed by gl_pixels_pack into client memory or into the
 * bound GL_PIXEL_PACK_BUFFER (the pointer is then a byte offset).
 *
 * Clipping: only the part of the rectangle inside the read buffer is
 * read; the client pixels of the rest are left untouched (GL leaves them
 * undefined). This is done by packing the clipped rectangle with
 * SKIP_PIXELS / SKIP_ROWS advanced and ROW_LENGTH fixed to the full width,
 * so every pixel lands where the unclipped call would have put it.
 *
 * Synchronisation: texture_map waits for the rendering that touches the
 * mapped resource, so nothing else is flushed.
 */
#include "frontend-gallium/gl/framebuffer/gl_framebuffer_priv.h"

#include <stdint.h>
#include <string.h>

#include "frontend-gallium/gl/pixels/gl_pixels.h"
#include "frontend-gallium/gl/vertex/gl_vertex.h"

static bool is_integer_format(GLenum format)
{
    switch (format) {
    case GL_RED_INTEGER:
    case GL_GREEN_INTEGER:
    case GL_BLUE_INTEGER:
    case GL_ALPHA_INTEGER:
    case GL_RG_INTEGER:
    case GL_RGB_INTEGER:
    case GL_RGBA_INTEGER:
    case GL_BGR_INTEGER:
    case GL_BGRA_INTEGER:
        return true;
    default:
        return false;
    }
}

void swrgl_ReadPixels(struct gl_context *ctx, GLint x, GLint y, GLsizei width, GLsizei height,
                      GLenum format, GLenum type, void *pixels)
{
    if (width < 0 || height < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLenum e = gl_pixels_check(format, type);
    if (e != GL_NO_ERROR) {
        gl_error(ctx, e);
        return;
    }
    if (gl_fb_status(ctx, true) != GL_FRAMEBUFFER_COMPLETE) {
        gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
        return;
    }
    GLenum base = GL_NONE;
    struct pipe_surface *surf;
    switch (format) {
    case GL_COLOR_INDEX:
        gl_error(ctx, GL_INVALID_OPERATION); /* no colour-index buffers */
        return;
    case GL_DEPTH_COMPONENT:
        surf = gl_fb_read_surface(ctx, GL_FB_DEPTH, &base);
        break;
    case GL_STENCIL_INDEX:
        surf = gl_fb_read_surface(ctx, GL_FB_STENCIL, &base);
        break;
    case GL_DEPTH_STENCIL: {
        GLenum sbase;
        surf = gl_fb_read_surface(ctx, GL_FB_DEPTH, &base);
        struct pipe_surface *s = gl_fb_read_surface(ctx, GL_FB_STENCIL, &sbase);
        if (s != surf)
            surf = NULL; /* both must exist, in one image */
        base = GL_DEPTH_STENCIL;
        break;
    }
    default:
        surf = gl_fb_read_surface(ctx, GL_FB_COLOR, &base);
        break;
    }
    if (!surf) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    gl_fb_format_info fi;
    gl_fb_format_info_get(surf->format, &fi);
    bool int_buffer = fi.component_type == GL_INT || fi.component_type == GL_UNSIGNED_INT;
    if (format != GL_STENCIL_INDEX && format != GL_DEPTH_COMPONENT &&
        format != GL_DEPTH_STENCIL && is_integer_format(format) != int_buffer) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }

    const gl_pixelstore *ps = &ctx->pixels->pack;
    gl_buffer *pbo = gl_vertex_bound_buffer(ctx, GL_PIXEL_PACK_BUFFER);
    uintptr_t offset = (uintptr_t)pixels;
    if (pbo) {
        size_t span = gl_pixels_span(ps, format, type, width, height, 1);
        if (pbo->mapped || offset > (uintptr_t)pbo->size ||
            (width && height && span > (size_t)pbo->size - offset)) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
    } else if (!pixels) {
        return; /* GL allows NULL; nothing to write to */
    }
    if (width == 0 || height == 0)
        return;

    /* Clip to the image. */
    int64_t x0 = x > 0 ? x : 0, y0 = y > 0 ? y : 0;
    int64_t x1 = (int64_t)x + width, y1 = (int64_t)y + height;
    if (x1 > surf->width)
        x1 = surf->width;
    if (y1 > surf->height)
        y1 = surf->height;
    if (x0 >= x1 || y0 >= y1)
        return;
    gl_pixelstore clipped = *ps;
    clipped.transfer = gl_pixels_transfer(ctx); /* glPixelTransfer applies to glReadPixels */
    clipped.row_length = ps->row_length > 0 ? ps->row_length : width;
    /* Skips past INT_MAX address nothing a client can own: nothing read. */
    int64_t skip_px = (int64_t)ps->skip_pixels + (x0 - x), skip_rows = (int64_t)ps->skip_rows + (y0 - y);
    if (skip_px > INT32_MAX || skip_rows > INT32_MAX)
        return;
    clipped.skip_pixels = (GLint)skip_px;
    clipped.skip_rows = (GLint)skip_rows;

    struct pipe_context *pipe = ctx->pipe;
    struct pipe_transfer *src_tr = NULL, *dst_tr = NULL;
    struct pipe_box box = {(int32_t)x0, (int32_t)y0, (int32_t)surf->u.tex.first_layer,
                           (int32_t)(x1 - x0), (int32_t)(y1 - y0), 1};
    const uint8_t *src = pipe->texture_map(pipe, surf->texture, surf->u.tex.level,
                                           PIPE_MAP_READ, &box, &src_tr);
    if (!src) {
        if (src_tr)
            pipe->texture_unmap(pipe, src_tr);
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    uint8_t *dst = pixels;
    if (pbo) {
        dst = NULL;
        if (pbo->res) {
            struct pipe_box bbox = {0, 0, 0, (int32_t)pbo->size, 1, 1};
            dst = pipe->buffer_map(pipe, pbo->res, 0, PIPE_MAP_READ | PIPE_MAP_WRITE, &bbox,
                                   &dst_tr);
        }
        if (!dst) {
            if (dst_tr)
                pipe->buffer_unmap(pipe, dst_tr);
            pipe->texture_unmap(pipe, src_tr);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        dst += offset;
    }
    bool clamp = gl_fb_read_clamp(ctx, fi.component_type == GL_FLOAT);
    bool ok = gl_pixels_pack(&clipped, format, type, dst, (GLsizei)(x1 - x0), (GLsizei)(y1 - y0),
                             1, surf->format, base, src, src_tr->stride, src_tr->layer_stride,
                             clamp);
    if (dst_tr)
        pipe->buffer_unmap(pipe, dst_tr);
    pipe->texture_unmap(pipe, src_tr);
    if (!ok)
        gl_error(ctx, GL_INVALID_OPERATION);
}
