/*
 * gl_framebuffer.h: the window framebuffer (name 0, given by the window
 * system), framebuffer objects, renderbuffers, glDrawBuffer(s)/glReadBuffer,
 * completeness, glReadPixels, glBlitFramebuffer.
 * Owner of the part: gl_framebuffer.c (and gl_readpixels.c etc.).
 */
#ifndef GL_FRAMEBUFFER_H
#define GL_FRAMEBUFFER_H

#include <stdbool.h>

#include "gl_api.h"
#include "frontend-gallium/gl/gl_objects.h"

struct gl_context;
struct pipe_resource;
struct pipe_surface;

typedef struct gl_framebuffer_state {
    gl_object_table framebuffers;
    gl_object_table renderbuffers;
    /* the part adds the rest */
    void *priv;
} gl_framebuffer_state;

/* The window system's buffers for framebuffer 0 (any may be NULL; a new
 * call replaces the old ones; the framebuffer takes its own references).
 * width/height are the window size; glViewport and glScissor are set to it
 * on the first call for this context, as GL specifies for the first
 * MakeCurrent. */
void gl_framebuffer_set_window(struct gl_context *ctx, struct pipe_resource *color,
                               struct pipe_resource *depth_stencil, unsigned width,
                               unsigned height);

/* The size of the draw framebuffer (0 x 0 when incomplete). */
void gl_framebuffer_draw_size(struct gl_context *ctx, unsigned *width, unsigned *height);

/* True when framebuffer 0 is bound for drawing. */
bool gl_framebuffer_draws_to_window(struct gl_context *ctx);

/* For glCopyTex*: the read framebuffer's colour read buffer (NULL if none;
 * the reference stays with the framebuffer). */
struct pipe_surface *gl_framebuffer_read_color(struct gl_context *ctx);

/* For glClear: the colour buffers drawn to (NULL entries for GL_NONE) and the
 * depth/stencil surface (NULL if none) of the draw framebuffer; returns the
 * number of draw buffers. The references stay with the framebuffer. */
unsigned gl_framebuffer_draw_surfaces(struct gl_context *ctx, struct pipe_surface **colors,
                                      struct pipe_surface **depth_stencil);

#endif /* GL_FRAMEBUFFER_H */
