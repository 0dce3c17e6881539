/*
 * gl_immediate.h: the immediate-mode part: glBegin/glEnd and the vertices
 * between them (glVertex*, glVertexAttrib*(0, ...), glArrayElement, which
 * the vertex part provokes through gl_vertex_state.vertex_hook), glRect*,
 * and the batching of those vertices into few draws. gl_immediate.c says
 * how.
 * May call: vertex, draw.
 *
 * The generated entry points (gen_gl_api.py) call ctx->immediate_hook
 * before every command that is not a per-vertex one while this part is
 * inside glBegin/glEnd or has vertices batched: it refuses the commands GL
 * does not allow inside glBegin/glEnd (GL_INVALID_OPERATION) and flushes
 * the batch before any other, so state changes, queries, glFlush/glFinish
 * and glReadPixels see every vertex drawn.
 */
#ifndef GL_IMMEDIATE_H
#define GL_IMMEDIATE_H

#include <stdbool.h>

#include "frontend-gallium/gl/common/gl_common.h"

/* The part's hooks (no glGet pnames, no glEnable caps). */
bool gl_immediate_init(struct gl_context *ctx);
void gl_immediate_fini(struct gl_context *ctx);

/* Draws the batched vertices now (the window system's buffer swap and
 * gl_context_flush call it); nothing when there are none. */
void gl_immediate_flush(struct gl_context *ctx);

#endif /* GL_IMMEDIATE_H */
