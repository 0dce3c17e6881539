/* gl_framebuffer.c: placeholder until the part is written (see gl_context.h). */
#include "frontend-gallium/gl/gl_context.h"

bool gl_framebuffer_init(struct gl_context *ctx) { return true; }
void gl_framebuffer_fini(struct gl_context *ctx) {}
bool gl_framebuffer_get(struct gl_context *ctx, GLenum pname, gl_value *v) { return false; }
int gl_framebuffer_enable(struct gl_context *ctx, GLenum cap, int op) { return -1; }
bool gl_framebuffer_validate(struct gl_context *ctx) { return true; }
void gl_framebuffer_set_window(struct gl_context *ctx, struct pipe_resource *color,
                               struct pipe_resource *depth_stencil, unsigned width,
                               unsigned height) {}
void gl_framebuffer_draw_size(struct gl_context *ctx, unsigned *width, unsigned *height)
{
    *width = *height = 0;
}
bool gl_framebuffer_draws_to_window(struct gl_context *ctx) { return true; }
struct pipe_surface *gl_framebuffer_read_color(struct gl_context *ctx) { return NULL; }
unsigned gl_framebuffer_draw_surfaces(struct gl_context *ctx, struct pipe_surface **colors,
                                      struct pipe_surface **depth_stencil)
{
    *depth_stencil = NULL;
    return 0;
}
