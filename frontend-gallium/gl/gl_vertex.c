/* gl_vertex.c: placeholder until the part is written (see gl_context.h). */
#include "frontend-gallium/gl/gl_context.h"

bool gl_vertex_init(struct gl_context *ctx) { return true; }
void gl_vertex_fini(struct gl_context *ctx) {}
bool gl_vertex_get(struct gl_context *ctx, GLenum pname, gl_value *v) { return false; }
int gl_vertex_enable(struct gl_context *ctx, GLenum cap, int op) { return -1; }
gl_buffer *gl_buffer_lookup(struct gl_context *ctx, GLuint name) { return NULL; }
