/* gl_pixels.c: placeholder until the part is written (see gl_context.h). */
#include "frontend-gallium/gl/gl_context.h"

bool gl_pixels_init(struct gl_context *ctx) { return true; }
void gl_pixels_fini(struct gl_context *ctx) {}
bool gl_pixels_get(struct gl_context *ctx, GLenum pname, gl_value *v) { return false; }
int gl_pixels_enable(struct gl_context *ctx, GLenum cap, int op) { return -1; }
GLenum gl_pixels_check(GLenum format, GLenum type) { return GL_INVALID_ENUM; }
size_t gl_pixels_span(const gl_pixelstore *ps, GLenum format, GLenum type, GLsizei w, GLsizei h,
                      GLsizei d)
{
    return 0;
}
bool gl_pixels_unpack(const gl_pixelstore *ps, GLenum format, GLenum type, const void *src,
                      GLsizei w, GLsizei h, GLsizei d, enum pipe_format dst_format, void *dst,
                      size_t dst_stride, size_t dst_layer_stride)
{
    return false;
}
bool gl_pixels_pack(const gl_pixelstore *ps, GLenum format, GLenum type, void *dst, GLsizei w,
                    GLsizei h, GLsizei d, enum pipe_format src_format, GLenum base_format,
                    const void *src, size_t src_stride, size_t src_layer_stride, bool clamp)
{
    return false;
}
enum pipe_format gl_pixels_choose_format(struct pipe_screen *screen, GLenum internal_format,
                                         GLenum format, GLenum type, unsigned bind)
{
    return PIPE_FORMAT_NONE;
}
GLenum gl_pixels_base_format(GLenum internal_format) { return 0; }
