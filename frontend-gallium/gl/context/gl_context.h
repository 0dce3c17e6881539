/*
 * gl_context.h: one OpenGL context of swr's GL frontend, and the contract
 * between the parts of the frontend.
 *
 * The frontend is cut into parts, one file pair each, that own their state
 * and their GL entry points (swrgl_<Name>, prototypes generated into
 * gl_impl.h from gl.xml; a command without an implementation falls back to
 * a generated weak stub that records GL_INVALID_OPERATION):
 *
 *   gl_context   context life, errors, glGet* conversion, glEnable
 *                dispatch, strings, flush/finish, draw-time validation
 *   gl_vertex    buffer objects, VAOs, vertex attributes, draws
 *   gl_raster    rasterizer and per-fragment state (viewport, depth range,
 *                scissor, blend, depth, stencil, masks, polygon state,
 *                points, lines, clip distances, logic op), clears, queries
 *   gl_texture   texture objects, images, parameters, mipmaps, sampling
 *   gl_framebuffer  window framebuffer, FBOs, renderbuffers, draw/read
 *                buffers, glReadPixels, glBlitFramebuffer
 *   gl_program   shaders, programs, uniforms, attribute locations (GLSL
 *                through frontend-gallium/glsl)
 *   gl_pixels    client pixel formats <-> pipe formats (pixel store state)
 *
 * Every part implements init/fini and, where it has any, validate (push
 * changed state to the pipe context before a draw), get (glGet* of its
 * pnames) and enable (glEnable/glDisable/glIsEnabled of its caps).
 *
 * Conventions for every part:
 * - Images are stored bottom-up the way GL numbers them: row 0 of every
 *   pipe resource (window buffer, texture, renderbuffer) is GL's y = 0 (or
 *   t = 0). Nothing is flipped, so the GL viewport is the pipe viewport, and
 *   gl_FragCoord.y equals the row + 0.5 (the pipe's "upper left" origin).
 * - Errors: gl_error(ctx, GL_INVALID_ENUM) records the first error only, as
 *   GL specifies; a command that raises an error has no other effect.
 * - Thread: a context is used by the thread it is current on only. Contexts
 *   of one share group (gl_context_desc.share) may be current on different
 *   threads at once: the objects they share are guarded as gl_objects.h
 *   describes, and everything bound to a pipe context (shader CSOs, sampler
 *   views and states) is kept per context.
 */
#ifndef GL_CONTEXT_H
#define GL_CONTEXT_H

#include <stdbool.h>

#include "frontend-gallium/gl/common/gl_common.h"
#include "frontend-gallium/gl/framebuffer/gl_framebuffer.h"

/* Creates a context with its own pipe context; NULL when out of memory. */
struct gl_context *gl_context_create(const gl_context_desc *desc);
/* Finishes outstanding rendering and frees everything; the context must not
 * be current on another thread. If it is current on this thread it stops
 * being current. */
void gl_context_destroy(struct gl_context *ctx);
/* Makes ctx (or NULL) current on the calling thread. */
void gl_context_make_current(struct gl_context *ctx);
static inline struct gl_context *gl_context_current(void) { return swrgl_current_ctx; }

/* Flushes the pipe context and, when the window framebuffer is bound for
 * drawing, calls desc.flush_front; `finish` waits for the rendering. */
void gl_context_flush(struct gl_context *ctx, bool finish);

#endif /* GL_CONTEXT_H */
