/*
 * gl_vertex.h: buffer objects, vertex array objects, generic vertex
 * attributes (arrays and current values) and the draw commands.
 * Owner of the part: gl_vertex.c (and gl_buffer.c, gl_draw.c if it grows).
 */
#ifndef GL_VERTEX_H
#define GL_VERTEX_H

#include <stdbool.h>

#include "gl_api.h"
#include "frontend-gallium/gl/gl_objects.h"

struct gl_context;
struct pipe_resource;

/* A buffer object. Other parts read `res` (e.g. a pixel buffer object would). */
typedef struct gl_buffer {
    GLuint name;
    struct pipe_resource *res; /* NULL until glBufferData */
    GLsizeiptr size;
    GLenum usage;
    /* the part may add fields */
} gl_buffer;

typedef struct gl_vertex_state {
    gl_object_table buffers;
    /* the part adds the rest: VAOs, bindings, current attribute values, ... */
    void *priv;
} gl_vertex_state;

/* The buffer object called `name`, NULL if none (or name 0). */
gl_buffer *gl_buffer_lookup(struct gl_context *ctx, GLuint name);

#endif /* GL_VERTEX_H */
