/*
 * gl_vertex.h: the vertex part: buffer objects and their binding points,
 * vertex array objects, generic attribute arrays and current attribute
 * values. gl_buffer.c holds the buffer objects, gl_vertex.c the VAOs,
 * attributes, current values and the part's hooks; the draws that read all
 * this are the draw part's.
 * May call: objects.
 *
 * Ownership: a gl_buffer is reference counted (refs). The name table holds
 * one reference while the name exists; every binding (ARRAY_BUFFER, the
 * pixel targets, a VAO's element buffer and attribute arrays) holds one.
 * glDeleteBuffers drops the table's and unbinds the buffer from the
 * context's bindings and the current VAO (as GL specifies); a VAO that is
 * not bound keeps the object alive until it lets go of it, so no binding
 * ever points at freed memory.
 */
#ifndef GL_VERTEX_H
#define GL_VERTEX_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/gl/common/gl_common.h"
#include "frontend-gallium/gl/objects/gl_objects.h"

struct pipe_resource;
struct pipe_transfer;

/* A buffer object. Other parts read `res` (e.g. a pixel buffer object would). */
typedef struct gl_buffer {
    GLuint name;
    struct pipe_resource *res; /* NULL until glBufferData */
    GLsizeiptr size;
    GLenum usage;
    /* the part's own fields */
    unsigned refs;           /* see above */
    GLenum access;           /* GL_BUFFER_ACCESS (GL_READ_WRITE until mapped) */
    GLbitfield access_flags; /* GL_BUFFER_ACCESS_FLAGS of the mapping, 0 when unmapped */
    bool mapped;
    GLintptr map_offset;
    GLsizeiptr map_length;
    void *map_pointer;
    struct pipe_transfer *transfer;
} gl_buffer;

#define GLV_MAX_ATTRIBS SWRGL_MAX_VERTEX_ATTRIBS /* 16 generic attributes */

/* One generic attribute array of a VAO (glVertexAttribPointer state). */
typedef struct gl_attrib_array {
    bool enabled;
    bool normalized;
    bool integer; /* glVertexAttribIPointer */
    bool bgra;    /* size was GL_BGRA (size is then 4) */
    GLint size;   /* 1..4 */
    GLenum type;
    GLsizei stride;      /* as given (0: tightly packed) */
    GLsizei elem_bytes;  /* size * sizeof(type) */
    GLuint divisor;      /* 0: per vertex */
    const void *pointer; /* an offset into buffer, or client memory when buffer is NULL */
    gl_buffer *buffer;   /* referenced; NULL: client array */
} gl_attrib_array;

typedef struct gl_vao {
    GLuint name; /* 0: the default VAO */
    gl_attrib_array attribs[GLV_MAX_ATTRIBS];
    gl_buffer *element_buffer; /* referenced */
} gl_vao;

/* The kind of a current attribute value (what the last glVertexAttrib*
 * call stored): the pipe format a disabled array's element reads it as. */
enum { GLV_CUR_FLOAT, GLV_CUR_INT, GLV_CUR_UINT };

typedef union gl_attrib_value {
    GLfloat f[4];
    GLint i[4];
    GLuint u[4];
} gl_attrib_value;

/* The part's state (ctx->vertex). The draw part reads the bound VAO and the
 * current values; only this part writes them. */
typedef struct gl_vertex_state {
    gl_object_table *buffers; /* the share group's */
    gl_object_table vaos;
    gl_vao default_vao;
    gl_vao *vao; /* the bound VAO (&default_vao for 0) */

    gl_buffer *array_buffer; /* referenced bindings */
    gl_buffer *pixel_pack_buffer;
    gl_buffer *pixel_unpack_buffer;

    /* Current generic attribute values, read by the draws through a
     * stride-0 user vertex buffer: 16 bytes per attribute. */
    gl_attrib_value current[GLV_MAX_ATTRIBS];
    uint8_t current_kind[GLV_MAX_ATTRIBS];
} gl_vertex_state;

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

/* Maps `buf` for reading without waiting for draws that only read it; NULL
 * when the buffer has no storage. Unmap with gl_buffer_read_end (xfer may
 * be NULL there). */
const uint8_t *gl_buffer_read_begin(struct gl_context *ctx, gl_buffer *buf,
                                    struct pipe_transfer **xfer);
void gl_buffer_read_end(struct gl_context *ctx, struct pipe_transfer *xfer);

#endif /* GL_VERTEX_H */
