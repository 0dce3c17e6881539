/*
 * gl_framebuffer.h: the framebuffer part: the window framebuffer (name 0,
 * given by the window system), framebuffer objects, renderbuffers,
 * glDrawBuffer(s)/glReadBuffer, completeness, the pipe framebuffer state
 * (gl_framebuffer.c), glClear and glClearBuffer* (gl_clear.c), glReadPixels
 * (gl_readpixels.c), glBlitFramebuffer (gl_blit.c) and the accumulation
 * buffer (gl_accum.c). Clears, blits and glAccum apply the raster part's
 * scissor and masks; attachments are the texture part's images.
 * May call: objects, pixels, vertex, raster, texture.
 */
#ifndef GL_FRAMEBUFFER_H
#define GL_FRAMEBUFFER_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/gl/common/gl_common.h"

struct pipe_resource;
struct pipe_surface;

GL_PART_HOOKS(framebuffer)
/* Sets the pipe framebuffer state for a draw or a clear; false (with
 * GL_INVALID_FRAMEBUFFER_OPERATION recorded) when the draw framebuffer is
 * incomplete. */
bool gl_framebuffer_validate(struct gl_context *ctx);

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

/* For glCopyTex* (the texture part's read_color, gl_texture_fb_calls): the
 * read framebuffer's colour read buffer (NULL if none; the reference stays
 * with the framebuffer). */
struct pipe_surface *gl_framebuffer_read_color(struct gl_context *ctx);
/* The texture part's read_depth: the read framebuffer's depth surface (NULL
 * if none; the reference stays with the framebuffer). */
struct pipe_surface *gl_framebuffer_read_depth(struct gl_context *ctx);
/* The texture part's read_status: the read framebuffer's completeness. */
GLenum gl_framebuffer_read_status(struct gl_context *ctx);

/* For glClear: the colour buffers drawn to (NULL entries for GL_NONE) and the
 * depth/stencil surface (NULL if none) of the draw framebuffer; returns the
 * number of draw buffers. The references stay with the framebuffer. */
unsigned gl_framebuffer_draw_surfaces(struct gl_context *ctx, struct pipe_surface **colors,
                                      struct pipe_surface **depth_stencil);

/* For glDeleteTextures (the texture part's texture_deleted,
 * gl_texture_fb_calls): detaches texture `name` from the bound draw and read
 * framebuffers, as GL specifies. Other framebuffers keep the attachment and
 * find the image gone at their next refresh (the texture part bumps the
 * share group's tex_storage_serial). */
void gl_framebuffer_texture_deleted(struct gl_context *ctx, GLuint name);

#endif /* GL_FRAMEBUFFER_H */
