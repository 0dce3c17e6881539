/*
 * gl_attrib_priv.h: what the attrib part's two files share: the server
 * attribute stack (gl_attrib_server.c) lives in the part's state
 * (gl_attrib.c), which also holds the glGet/glIsEnabled dispatch the
 * context part connects (gl_attrib_connect).
 */
#ifndef GL_ATTRIB_PRIV_H
#define GL_ATTRIB_PRIV_H

#include "frontend-gallium/gl/attrib/gl_attrib.h"

/* GL_MAX_ATTRIB_STACK_DEPTH (the GL asks for at least 16). */
#define GL_ATTRIB_SERVER_DEPTH 16

typedef struct gl_attrib_server {
    gl_attrib_server_entry *stack[GL_ATTRIB_SERVER_DEPTH]; /* owned */
    unsigned depth;
} gl_attrib_server;

gl_attrib_server *gl_attrib_server_of(struct gl_context *ctx);
const gl_attrib_calls *gl_attrib_server_calls(struct gl_context *ctx);
/* Frees every entry (context end). */
void gl_attrib_server_clear(gl_attrib_server *s);

#endif /* GL_ATTRIB_PRIV_H */
