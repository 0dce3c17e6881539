/*
 * gl_vertex_priv.h: what the vertex part's files share (gl_buffer.c: buffer
 * objects and binding points; gl_vertex.c: VAOs, attributes, the hooks;
 * gl_vertex_legacy.c: the legacy arrays and current values). Not
 * for other parts: they use gl_vertex.h.
 */
#ifndef GL_VERTEX_PRIV_H
#define GL_VERTEX_PRIV_H

#include <stdbool.h>

#include "frontend-gallium/gl/vertex/gl_vertex.h"

static inline gl_vertex_state *glv(struct gl_context *ctx) { return ctx->vertex; }

/* gl_buffer.c */
void glv_buffer_ref(gl_buffer **ptr, gl_buffer *buf); /* moves one reference */
bool glv_buffers_init(struct gl_context *ctx);
void glv_buffers_fini(struct gl_context *ctx);
/* The binding slot of `target` (NULL: not a buffer target). */
gl_buffer **glv_binding(struct gl_context *ctx, GLenum target);

/* gl_vertex_legacy.c */
void glv_legacy_vao_init(gl_vao *v);
bool glv_legacy_get(struct gl_context *ctx, GLenum pname, gl_value *v);
/* 0 or 1: the client state `cap` (GL_VERTEX_ARRAY ...); -1: not one. */
int glv_legacy_client_state(struct gl_context *ctx, GLenum cap);

#endif /* GL_VERTEX_PRIV_H */
