/*
 * gl_attrib.h: the attrib part: the client attribute stack
 * (glPushClientAttrib / glPopClientAttrib, GL 2.1 section 6.1.14).
 * GL_CLIENT_PIXEL_STORE_BIT saves the pack and unpack pixel store state
 * (the pixels part's) and the pixel buffer bindings; GL_CLIENT_VERTEX_ARRAY_BIT
 * the bound VAO and its arrays, the array buffer binding and the client
 * active texture (the vertex part's, gl_vertex_client_save). The stack is
 * 16 deep (GL_MAX_CLIENT_ATTRIB_STACK_DEPTH); a push on a full stack is
 * GL_STACK_OVERFLOW, a pop of an empty one GL_STACK_UNDERFLOW, and out of
 * memory GL_OUT_OF_MEMORY with nothing pushed.
 *
 * The server attribute stack (glPushAttrib / glPopAttrib, the groups of
 * GL 2.1 tables 6.5-6.36; gl_attrib_server.c) saves each group through
 * glGet and restores it through the owning parts' commands; it reads the
 * state with the context part's glGet/glIsEnabled dispatch, which
 * gl_context_create hands over with gl_attrib_connect (an upward call by
 * design, like gl_texture_fb_calls). 16 deep (GL_MAX_ATTRIB_STACK_DEPTH).
 * May call: pixels, vertex, raster, texture, framebuffer, fixed, pixelpath,
 * eval, dlist.
 *
 * Not yet: GL_EVAL_BIT does not save the maps' control points, the
 * per-draw-buffer blend enables are saved as one, and GL_TEXTURE_BIT saves
 * the texture parameters but not the 1-D/2-D array targets.
 */
#ifndef GL_ATTRIB_H
#define GL_ATTRIB_H

#include <stdbool.h>

#include "frontend-gallium/gl/common/gl_common.h"

GL_PART_HOOKS(attrib)

/* The context part's glGet (false: not a pname; records GL_INVALID_ENUM,
 * which the stack discards) and glEnable dispatch (gl_common.h's ops). */
typedef struct gl_attrib_calls {
    bool (*get)(struct gl_context *ctx, GLenum pname, gl_value *v);
    int (*enable)(struct gl_context *ctx, GLenum cap, int op);
} gl_attrib_calls;
void gl_attrib_connect(struct gl_context *ctx, const gl_attrib_calls *calls);

/* For the parts above that draw with state of their own (the pixel
 * rectangles): the groups of `mask` saved as glPushAttrib would, without
 * the stack (so its depth and GL_STACK_OVERFLOW are the program's alone),
 * and put back as glPopAttrib would (which frees the entry). NULL: out of
 * memory. Errors of the replayed commands are discarded. */
typedef struct gl_attrib_server_entry gl_attrib_server_entry;
gl_attrib_server_entry *gl_attrib_save(struct gl_context *ctx, GLbitfield mask);
void gl_attrib_restore(struct gl_context *ctx, gl_attrib_server_entry *e);

#endif /* GL_ATTRIB_H */
