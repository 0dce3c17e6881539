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
 * May call: pixels, vertex.
 *
 * Not yet: the server attribute stack (glPushAttrib / glPopAttrib).
 */
#ifndef GL_ATTRIB_H
#define GL_ATTRIB_H

#include <stdbool.h>

#include "frontend-gallium/gl/common/gl_common.h"

GL_PART_HOOKS(attrib)

#endif /* GL_ATTRIB_H */
