/*
 * gl_pixels.h: the pixels part: glPixelStore state, client pixel data
 * (format, type, pixel store state) converted to and from pipe formats, and
 * the choice of pipe format for a GL internal format. Used by textures
 * (unpack, glGetTexImage), glReadPixels and glAccum (pack), renderbuffers
 * (format choice) and glPolygonStipple (the pixel store state).
 * gl_pixels.c holds the state, format choice and swizzles,
 * gl_pixels_convert.c the conversions, gl_pixels_transfer.c the
 * glPixelTransfer/glPixelMap state the conversions apply.
 * May call: nothing.
 */
#ifndef GL_PIXELS_H
#define GL_PIXELS_H

#include <stdbool.h>
#include <stddef.h>

#include "frontend-gallium/gl/common/gl_common.h"
#include "frontend-gallium/gallium/p_format.h"

struct pipe_screen;

/* glPixelStore state of one direction. */
/* glPixelTransfer and glPixelMap state (gl_pixels_transfer.c). The ten
 * maps are indexed by map - GL_PIXEL_MAP_I_TO_I. `identity`: scales 1,
 * biases 0, GL_MAP_COLOR off, so colour and depth conversions skip it. */
#define GL_PIXELS_MAP_MAX 256 /* GL_MAX_PIXEL_MAP_TABLE */
#define GL_PIXELS_NUM_MAPS 10
typedef struct gl_pixel_transfer {
    GLfloat scale[4], bias[4]; /* RED .. ALPHA */
    GLfloat depth_scale, depth_bias;
    GLint index_shift, index_offset;
    GLboolean map_color, map_stencil;
    GLint map_size[GL_PIXELS_NUM_MAPS];
    GLfloat map[GL_PIXELS_NUM_MAPS][GL_PIXELS_MAP_MAX];
    bool identity;
} gl_pixel_transfer;

typedef struct gl_pixelstore {
    GLint row_length, image_height, skip_pixels, skip_rows, skip_images, alignment;
    GLboolean swap_bytes, lsb_first;
    /* The pixel transfer operations the conversion applies to colour and
     * depth components (GL 2.1 section 3.6.5): NULL for none. The context's
     * unpack state points at the context's transfer state (glTexImage*,
     * glDrawPixels apply it); glReadPixels sets it on its copy of the pack
     * state (glGetTexImage does not apply it). */
    const gl_pixel_transfer *transfer;
} gl_pixelstore;

/* The part's state (ctx->pixels): glPixelStore, read by the parts that
 * pack or unpack client pixels. */
typedef struct gl_pixels_state {
    gl_pixelstore pack, unpack; /* alignment 4, everything else 0 */
    gl_pixel_transfer transfer;
} gl_pixels_state;

GL_PART_HOOKS(pixels)

/* The context's pixel transfer state (for glReadPixels's pack copy). */
const gl_pixel_transfer *gl_pixels_transfer(struct gl_context *ctx);

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

/* ---- details and extensions of the API above ------------------------------
 *
 * Conversion rules (gl_pixels_convert.c):
 * - Unpacking normalized client integers to float: unsigned c / (2^b - 1);
 *   signed max(c / (2^(b-1) - 1), -1) (the GL 3.0+/4.x rule, used in both
 *   directions); packing float -> normalized: round(clamp(f) * max), ties away
 *   from zero (clamp to [0,1] for unsigned, [-1,1] for signed types).
 * - Unpacking GL_LUMINANCE gives R = G = B = L, GL_LUMINANCE_ALPHA also A.
 * - Packing: the fetched texel is first rebased to `base_format` (GL 2.1
 *   table 6.1): GL_LUMINANCE/GL_INTENSITY sources read (R, 0, 0, 1),
 *   GL_LUMINANCE_ALPHA (R, 0, 0, A), GL_ALPHA (0, 0, 0, A), GL_RED (R, 0, 0, 1),
 *   GL_RG (R, G, 0, 1), GL_RGB (R, G, B, 1); 0 means "as fetched". Then client
 *   format GL_LUMINANCE(_ALPHA) gets L = R + G + B (clamped to [0,1] when
 *   `clamp` or for normalized types). So an RGB/RGBA source packs L = clamp(R
 *   + G + B) (glReadPixels) and an L/LA/I source packs L = its own value
 *   (glGetTexImage), whatever pipe format stores it.
 * - sRGB pipe formats are converted as their linear twin: client bytes are
 *   stored and read back unchanged (no encode/decode), as GL specifies for
 *   TexImage/GetTexImage/ReadPixels.
 * - _INTEGER formats convert without normalization, only to/from pure
 *   integer pipe formats; values are clamped to the destination's range.
 *   Non-integer formats never convert to/from pure integer pipe formats.
 * - GL_DEPTH_COMPONENT: any non-packed type, to/from any depth pipe format
 *   (depth clamped to [0,1] except for float depth formats on unpack); the
 *   stencil of a combined format is left alone. GL_STENCIL_INDEX (any
 *   non-packed type, or GL_BITMAP honouring LSB_FIRST): the stencil bits.
 *   GL_DEPTH_STENCIL with GL_UNSIGNED_INT_24_8 / GL_FLOAT_32_UNSIGNED_INT_24_8_REV
 *   writes both (depth only when the pipe format has no stencil; packing a
 *   depth-only source gives stencil 0).
 * - Compressed pipe formats: pack (decode) works, unpack (encode) does not
 *   (false); see gl_pixels_choose_format.
 * - Pixel store: GL_UNPACK/PACK_SKIP_IMAGES and IMAGE_HEIGHT apply when
 *   d > 1 in the functions above (use the _dims variants below for a 3-D
 *   image of depth 1); SKIP_ROWS and SKIP_PIXELS always apply.
 * Bad arguments (NULL pointers, negative sizes, invalid pairs) return false
 * without touching memory; an empty image (a size 0) converts nothing and
 * returns true for a valid pair. gl_pixels_span returns 0 for an invalid pair
 * or an empty image and SIZE_MAX when the span overflows size_t (report
 * GL_OUT_OF_MEMORY / GL_INVALID_OPERATION for the buffer bounds).
 * Depth to/from Z16/Z24/Z32_UNORM goes through doubles (exact for 24 bits).
 */

/* The same with explicit dimensionality (1, 2 or 3): SKIP_IMAGES and
 * IMAGE_HEIGHT apply only when dims == 3. */
size_t gl_pixels_span_dims(const gl_pixelstore *ps, unsigned dims, GLenum format, GLenum type,
                           GLsizei w, GLsizei h, GLsizei d);
bool gl_pixels_unpack_dims(const gl_pixelstore *ps, unsigned dims, GLenum format, GLenum type,
                           const void *src, GLsizei w, GLsizei h, GLsizei d,
                           enum pipe_format dst_format, void *dst, size_t dst_stride,
                           size_t dst_layer_stride);
bool gl_pixels_pack_dims(const gl_pixelstore *ps, unsigned dims, GLenum format, GLenum type,
                         void *dst, GLsizei w, GLsizei h, GLsizei d, enum pipe_format src_format,
                         GLenum base_format, const void *src, size_t src_stride,
                         size_t src_layer_stride, bool clamp);

/* Format choice details:
 * - gl_pixels_choose_format always returns an uncompressed format (swr does
 *   not compress on upload): the specific compressed internal formats
 *   (S3TC, RGTC) get an uncompressed format with the same channels. For
 *   glCompressedTexImage* use gl_pixels_choose_compressed_format.
 * - With PIPE_BIND_SAMPLER_VIEW alone, a format that can also be rendered to
 *   (bind | RENDER_TARGET, or | DEPTH_STENCIL for depth) is preferred for
 *   RGB/RGBA/RED/RG and depth internal formats (render to texture).
 * - GL_STENCIL_INDEX* is accepted only without PIPE_BIND_SAMPLER_VIEW.
 * - The chosen format may hold more channels than the base format (RGB in
 *   R8G8B8X8/A8, L/A/I/LA in R8G8B8A8 or R16G16B16A16 when L8 etc. are not
 *   supported for the binding, RED/RG in RGBA): sample it through
 *   gl_pixels_format_swizzle. Unpack stores every unpacked component, so the
 *   swizzle and gl_pixels_pack (with the base format) read back right. */

/* PIPE_FORMAT_DXT*, RGTC* for the specific compressed internal formats
 * (S3TC, sRGB S3TC, RGTC, BPTC) when the screen supports them for
 * `bind`; PIPE_FORMAT_NONE for any other internal format. */
enum pipe_format gl_pixels_choose_compressed_format(struct pipe_screen *screen,
                                                    GLenum internal_format, unsigned bind);

/* The sampler view swizzle (PIPE_SWIZZLE_*) that makes a texture of GL base
 * format `base_format` stored in pipe format `f` sample as GL specifies:
 * ALPHA (0,0,0,A), LUMINANCE (L,L,L,1), LUMINANCE_ALPHA (L,L,L,A), INTENSITY
 * (I,I,I,I), RED (R,0,0,1), RG (R,G,0,1), RGB (R,G,B,1), others identity.
 * Correct for any `f` (L/A/I pipe formats fetch their value in x and w). */
void gl_pixels_format_swizzle(GLenum base_format, enum pipe_format f, unsigned char swizzle[4]);

/* Components of a client format (1..4), 0 when not a client format. */
unsigned gl_pixels_format_components(GLenum format);
/* True for GL_RED_INTEGER ... GL_BGRA_INTEGER. */
bool gl_pixels_format_is_integer(GLenum format);

#endif /* GL_PIXELS_H */
