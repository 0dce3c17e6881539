/*
 * gl_vertex_priv.h: state shared by the files of the gl_vertex part
 * (gl_buffer.c: buffer objects; gl_vertex.c: VAOs, attributes, glGet;
 * gl_draw.c: the draw commands). Not for other parts: they use gl_vertex.h.
 *
 * Ownership: a gl_buffer is reference counted (refs). The name table holds
 * one reference while the name exists; every binding (ARRAY_BUFFER, the
 * pixel targets, a VAO's element buffer and attribute arrays) holds one.
 * glDeleteBuffers drops the table's and unbinds the buffer from the
 * context's bindings and the current VAO (as GL specifies); a VAO that is
 * not bound keeps the object alive until it lets go of it, so no binding
 * ever points at freed memory.
 */
#ifndef GL_VERTEX_PRIV_H
#define GL_VERTEX_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/gl/vertex/gl_vertex.h"
#include "frontend-gallium/pipe/p_state.h"

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

/* One cached vertex-elements CSO. */
#define GLV_VE_CACHE_SIZE 256 /* power of two; flushed at 3/4 occupancy */
typedef struct gl_ve_entry {
    uint32_t hash;
    uint32_t num;
    void *cso; /* NULL: empty slot */
    struct pipe_vertex_element elems[GLV_MAX_ATTRIBS];
} gl_ve_entry;

/* The part's state (ctx->vertex). */
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

    /* Vertex-elements CSOs by layout, and what is bound. */
    gl_ve_entry ve_cache[GLV_VE_CACHE_SIZE];
    unsigned ve_count;
    void *ve_bound;
    unsigned vb_bound; /* vertex buffer slots set by the last draw */
    bool vb_user;      /* ... some of them user memory */
    struct pipe_vertex_buffer vb_last[PIPE_MAX_VERTEX_BUFFERS]; /* ... and what they were */
} gl_vertex_state;

static inline gl_vertex_state *glv(struct gl_context *ctx) { return ctx->vertex; }

/* gl_buffer.c */
void glv_buffer_ref(gl_buffer **ptr, gl_buffer *buf); /* moves one reference */
bool glv_buffers_init(struct gl_context *ctx);
void glv_buffers_fini(struct gl_context *ctx);
/* The binding slot of `target` (NULL: not a buffer target). */
gl_buffer **glv_binding(struct gl_context *ctx, GLenum target);
/* Maps for reading without waiting for draws that only read it; NULL when
 * the buffer has no storage. Unmap with glv_buffer_read_end. */
const uint8_t *glv_buffer_read_begin(struct gl_context *ctx, gl_buffer *buf,
                                     struct pipe_transfer **xfer);
void glv_buffer_read_end(struct gl_context *ctx, struct pipe_transfer *xfer);

/* gl_draw.c */
void glv_draw_fini(struct gl_context *ctx);

#endif /* GL_VERTEX_PRIV_H */
