/*
 * gl_pixels.h: client pixel data (format, type, pixel store state) converted
 * to and from pipe formats, and the choice of pipe format for a GL internal
 * format. Used by textures (unpack, glGetTexImage), glReadPixels (pack) and
 * renderbuffers (format choice).
 * Owner of the part: gl_pixels.c (and gl_pixels_*.c).
 */
#ifndef GL_PIXELS_H
#define GL_PIXELS_H

#include <stdbool.h>
#include <stddef.h>

#include "gl_api.h"
#include "frontend-gallium/pipe/p_format.h"

struct gl_context;
struct pipe_screen;

/* glPixelStore state of one direction. */
typedef struct gl_pixelstore {
    GLint row_length, image_height, skip_pixels, skip_rows, skip_images, alignment;
    GLboolean swap_bytes, lsb_first;
} gl_pixelstore;

typedef struct gl_pixel_state {
    gl_pixelstore pack, unpack; /* alignment 4, everything else 0 */
} gl_pixel_state;

/* GL_NO_ERROR when `format`/`type` is a valid client pair, else the error
 * the GL spec prescribes (GL_INVALID_ENUM for an unknown enum,
 * GL_INVALID_OPERATION for a packed type with the wrong component count). */
GLenum gl_pixels_check(GLenum format, GLenum type);

/* Bytes from the client pointer to the end of the last pixel of a w x h x d
 * image with this pixel store state (for buffer bounds checks). */
size_t gl_pixels_span(const gl_pixelstore *ps, GLenum format, GLenum type, GLsizei w, GLsizei h,
                      GLsizei d);

/* Client memory -> image in pipe format `dst_format` (row stride and layer
 * stride in bytes). Components missing from `format` become 0, 0, 0, 1;
 * GL_LUMINANCE(_ALPHA) and GL_INTENSITY replicate as GL specifies; depth and
 * stencil go to depth/stencil formats. False when the pair cannot be
 * converted to that pipe format (caller reports GL_INVALID_OPERATION). */
bool gl_pixels_unpack(const gl_pixelstore *ps, GLenum format, GLenum type, const void *src,
                      GLsizei w, GLsizei h, GLsizei d, enum pipe_format dst_format, void *dst,
                      size_t dst_stride, size_t dst_layer_stride);

/* Image in pipe format -> client memory (glReadPixels, glGetTexImage).
 * `base_format` is the GL base format of the source (GL_RGBA, GL_RGB,
 * GL_LUMINANCE, GL_DEPTH_COMPONENT, ...) so that components it lacks read as
 * GL specifies; `clamp` clamps colours to [0, 1] before packing to float
 * types (glClampColor / OSMesaColorClamp). */
bool gl_pixels_pack(const gl_pixelstore *ps, GLenum format, GLenum type, void *dst, GLsizei w,
                    GLsizei h, GLsizei d, enum pipe_format src_format, GLenum base_format,
                    const void *src, size_t src_stride, size_t src_layer_stride, bool clamp);

/* The pipe format swr stores internal format `internal_format` in, for the
 * given bind flags (PIPE_BIND_SAMPLER_VIEW, _RENDER_TARGET, _DEPTH_STENCIL),
 * checked with screen->is_format_supported; `format`/`type` of the client
 * data may guide the choice for unsized formats. PIPE_FORMAT_NONE when GL
 * does not know the internal format (GL_INVALID_ENUM / GL_INVALID_VALUE). */
enum pipe_format gl_pixels_choose_format(struct pipe_screen *screen, GLenum internal_format,
                                         GLenum format, GLenum type, unsigned bind);

/* The GL base internal format of `internal_format` (GL_RGBA, GL_RGB, GL_RG,
 * GL_RED, GL_ALPHA, GL_LUMINANCE, GL_LUMINANCE_ALPHA, GL_INTENSITY,
 * GL_DEPTH_COMPONENT, GL_DEPTH_STENCIL), 0 when unknown. */
GLenum gl_pixels_base_format(GLenum internal_format);

#endif /* GL_PIXELS_H */
