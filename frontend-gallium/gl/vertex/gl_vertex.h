/*
 * gl_vertex.h: buffer objects, vertex array objects, generic vertex
 * attributes (arrays and current values) and the draw commands.
 * Owner of the part: gl_vertex.c (and gl_buffer.c, gl_draw.c if it grows).
 */
#ifndef GL_VERTEX_H
#define GL_VERTEX_H

#include <stdbool.h>

#include "frontend-gallium/gl/common/gl_common.h"
#include "frontend-gallium/gl/objects/gl_objects.h"

struct pipe_resource;

/* A buffer object. Other parts read `res` (e.g. a pixel buffer object would). */
typedef struct gl_buffer {
    GLuint name;
    struct pipe_resource *res; /* NULL until glBufferData */
    GLsizeiptr size;
    GLenum usage;
    /* the part's own fields */
    unsigned refs;           /* see gl_vertex_priv.h */
    GLenum access;           /* GL_BUFFER_ACCESS (GL_READ_WRITE until mapped) */
    GLbitfield access_flags; /* GL_BUFFER_ACCESS_FLAGS of the mapping, 0 when unmapped */
    bool mapped;
    GLintptr map_offset;
    GLsizeiptr map_length;
    void *map_pointer;
    struct pipe_transfer *transfer;
} gl_buffer;

GL_PART_HOOKS(vertex)

/* The buffer object called `name`, NULL if none (or name 0). */
gl_buffer *gl_buffer_lookup(struct gl_context *ctx, GLuint name);

/* The buffer bound to `target` (GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_BUFFER of
 * the bound VAO, GL_PIXEL_PACK_BUFFER, GL_PIXEL_UNPACK_BUFFER), NULL when
 * none. A pixel-buffer user checks `mapped` (GL_INVALID_OPERATION), bounds
 * against `size`, and reads/writes `res` (NULL when size is 0) with
 * buffer_map / buffer_subdata; the data behind a pointer argument is then at
 * byte offset (uintptr_t)pointer. */
gl_buffer *gl_vertex_bound_buffer(struct gl_context *ctx, GLenum target);

/* The draws skip re-sending vertex buffers and the vertex-elements CSO when
 * they did not change since the last draw. A part that binds its own (a
 * meta operation drawing through the pipe) calls this afterwards. */
void gl_vertex_pipe_state_lost(struct gl_context *ctx);

#endif /* GL_VERTEX_H */
