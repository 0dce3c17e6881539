/*
 * gl_vertex.h: the vertex part: buffer objects and their binding points,
 * vertex array objects, generic attribute arrays and current attribute
 * values, and the legacy (GL 1.x) arrays and current values: vertex, normal,
 * colours, fog coordinate, texture coordinates, edge flag, colour index.
 * gl_buffer.c holds the buffer objects, gl_vertex.c the VAOs, generic
 * attributes, current values and the part's hooks, gl_vertex_legacy.c the
 * legacy arrays (glVertexPointer ... glInterleavedArrays, client states)
 * and current values (glColor*, glNormal*, glTexCoord* ...); the draws that
 * read all this are the draw part's.
 * May call: objects, fixedfunc.
 *
 * Legacy attributes are numbered by gl_ff_attrib (fixedfunc/gl_ff_key.h):
 * POSITION, NORMAL, COLOR0, COLOR1, FOGCOORD, TEXCOORD0..7. Their arrays
 * live in the VAO next to the generic ones, their current values next to
 * the generic current values (so that one stride-0 vertex buffer serves
 * every current value a draw reads). GL 2.1 section 2.7: generic attribute
 * 0 is the vertex position; glVertex* is glVertexAttrib*(0, ...), and a
 * draw reads generic array 0 when it is enabled, else the vertex array.
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
#include "frontend-gallium/gl/fixedfunc/gl_ff_key.h"
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
/* Indexed binding points (GL 3.1 section 2.11.4, GL 3.0 section 2.15):
 * GL_MAX_UNIFORM_BUFFER_BINDINGS (the GL 3.3 minimum) and
 * GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS. */
#define GLV_MAX_UNIFORM_BINDINGS 36
#define GLV_MAX_TF_BINDINGS 4
/* GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT: the pipe's constant buffers are vec4
 * arrays (PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT) */
#define GLV_UNIFORM_OFFSET_ALIGNMENT 16

/* One indexed binding (glBindBufferBase / glBindBufferRange). size 0 with
 * range false: the whole buffer, as large as it is at the time of use. */
typedef struct gl_indexed_binding {
    gl_buffer *buffer; /* referenced; NULL: none */
    GLintptr offset;
    GLsizeiptr size;
    bool range; /* glBindBufferRange (GL_*_BUFFER_SIZE reports size), else 0 */
} gl_indexed_binding;

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

#define GLV_LEGACY_ATTRIBS GL_FF_ATTRIB_COUNT /* legacy arrays, by gl_ff_attrib */
#define GLV_TEXCOORD_UNITS GL_FF_MAX_TEXTURE_UNITS /* GL_MAX_TEXTURE_COORDS */

typedef struct gl_vao {
    GLuint name; /* 0: the default VAO */
    gl_attrib_array attribs[GLV_MAX_ATTRIBS];
    /* The legacy arrays (glVertexPointer ...), by gl_ff_attrib; always
     * normalized except POSITION, TEXCOORDn and FOGCOORD (GL 2.1 2.8). */
    gl_attrib_array legacy[GLV_LEGACY_ATTRIBS];
    gl_attrib_array edge_flag; /* GL_EDGE_FLAG_ARRAY: GLboolean, stored only */
    gl_attrib_array color_index; /* GL_INDEX_ARRAY: stored only */
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
    /* GL 3.1 binding points: GL_TEXTURE_BUFFER (what glTexBuffer's buffer
     * is bound to while it is filled), GL_COPY_READ/WRITE_BUFFER */
    gl_buffer *texture_buffer, *copy_read_buffer, *copy_write_buffer;
    /* GL_UNIFORM_BUFFER / GL_TRANSFORM_FEEDBACK_BUFFER: the generic binding
     * points (glBindBuffer, and glBindBufferBase/Range set them too) and the
     * indexed ones */
    gl_buffer *uniform_buffer, *tf_buffer;
    gl_indexed_binding uniform_bindings[GLV_MAX_UNIFORM_BINDINGS];
    gl_indexed_binding tf_bindings[GLV_MAX_TF_BINDINGS];
    /* Between glBeginTransformFeedback and glEndTransformFeedback (set by
     * the draw part through gl_vertex_set_tf_active): the indexed
     * GL_TRANSFORM_FEEDBACK_BUFFER bindings may not change, the program
     * part refuses glUseProgram and the draws check their mode. The
     * pixeldraw part clears it around its own rectangle's draw. */
    bool tf_active;

    /* Current attribute values, read by the draws through a stride-0 user
     * vertex buffer: 16 bytes per attribute. Generic attribute i at [i],
     * legacy attribute a at [GLV_CURRENT_LEGACY + a] (floats; POSITION's
     * slot is unused: its current value is generic attribute 0). */
    gl_attrib_value current[GLV_MAX_ATTRIBS + GLV_LEGACY_ATTRIBS];
    uint8_t current_kind[GLV_MAX_ATTRIBS + GLV_LEGACY_ATTRIBS];
    GLfloat current_index;  /* GL_CURRENT_INDEX */
    GLboolean current_edge; /* GL_EDGE_FLAG */
    unsigned client_active_texture; /* GL_CLIENT_ACTIVE_TEXTURE - GL_TEXTURE0 */
    /* Bit a (gl_ff_attrib) / GLV_TOUCHED_GENERIC(i): the current value
     * has been set since the context was made, so before that it was the
     * default. Immediate mode (immediate/) carries only touched attributes
     * in its vertices. */
    uint32_t touched;
    /* Called after glVertex* or glVertexAttrib*(0, ...) stored the
     * position (generic current value 0): immediate mode (immediate/)
     * sets it to emit a vertex inside glBegin/glEnd. NULL: nothing. An
     * upward call by design, like gl_texture_fb_calls. */
    void (*vertex_hook)(struct gl_context *ctx);
} gl_vertex_state;

#define GLV_CURRENT_LEGACY GLV_MAX_ATTRIBS
#define GLV_TOUCHED_GENERIC(i) (1u << (GLV_LEGACY_ATTRIBS + (i)))

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

/* Indexed binding `index` of GL_UNIFORM_BUFFER or GL_TRANSFORM_FEEDBACK_BUFFER,
 * NULL for another target or an index past the limit. The program part binds
 * uniform blocks from it at draw time; transform feedback would read its own. */
const gl_indexed_binding *gl_vertex_indexed_binding(struct gl_context *ctx, GLenum target,
                                                    GLuint index);
/* Transform feedback starts (true) or ends (false): see tf_active. */
void gl_vertex_set_tf_active(struct gl_context *ctx, bool active);

/* The indexed glGet of this part (GL_UNIFORM_BUFFER_BINDING/START/SIZE,
 * GL_TRANSFORM_FEEDBACK_BUFFER_BINDING/START/SIZE): false when target is not
 * one of them; true with INVALID_VALUE recorded (v->count 0) for an index out
 * of range. */
bool gl_vertex_get_indexed(struct gl_context *ctx, GLenum target, GLuint index, gl_value *v);

/* Maps `buf` for reading without waiting for draws that only read it; NULL
 * when the buffer has no storage. Unmap with gl_buffer_read_end (xfer may
 * be NULL there). */
const uint8_t *gl_buffer_read_begin(struct gl_context *ctx, gl_buffer *buf,
                                    struct pipe_transfer **xfer);
void gl_buffer_read_end(struct gl_context *ctx, struct pipe_transfer *xfer);

/* For a part that draws from its own arrays (immediate mode's batch): a
 * VAO outside the name table, initialized as glGenVertexArrays' would be
 * (it holds no buffer references while its arrays are client memory),
 * and the swap of the bound VAO around the part's draw (returns the VAO
 * that was bound, to swap back). */
void gl_vertex_vao_init_private(gl_vao *v);
gl_vao *gl_vertex_swap_vao(struct gl_context *ctx, gl_vao *v);

/* glPushClientAttrib/glPopClientAttrib (the attrib part): the vertex part's
 * share of GL_CLIENT_VERTEX_ARRAY_BIT (the bound VAO, its arrays, the
 * array buffer binding, the client active texture) and of
 * GL_CLIENT_PIXEL_STORE_BIT (the pixel pack/unpack buffer bindings).
 * save returns an allocation holding references (NULL: out of memory);
 * restore puts the state back and frees it (a VAO deleted in between
 * restores into the default VAO); discard frees it. */
void *gl_vertex_client_save(struct gl_context *ctx, bool arrays, bool pixel_buffers);
void gl_vertex_client_restore(struct gl_context *ctx, void *save);
void gl_vertex_client_discard(void *save);

/* ---- legacy attributes (gl_vertex_legacy.c) ---- */

/* The current value of legacy attribute ff_attrib (gl_ff_attrib): 4 floats.
 * POSITION reads generic attribute 0. */
const float *gl_vertex_legacy_current(const struct gl_context *ctx, unsigned ff_attrib);
/* The array a draw reads for legacy attribute ff_attrib, NULL when not
 * enabled. POSITION: generic array 0 when it is enabled, else the vertex
 * array (GL 2.1 section 2.8). */
const gl_attrib_array *gl_vertex_legacy_array(const struct gl_context *ctx, unsigned ff_attrib);
/* The default current value of legacy attribute ff_attrib (GL 2.1 table
 * 6.5): colour (1,1,1,1), normal (0,0,1), secondary colour (0,0,0,1),
 * texture coordinates (0,0,0,1), fog coordinate 0. */
void gl_vertex_legacy_default(unsigned ff_attrib, float out[4]);
/* The default current value of generic attribute i: (0,0,0,1). */
static inline void gl_vertex_generic_default(float out[4])
{
    out[0] = out[1] = out[2] = 0.0f;
    out[3] = 1.0f;
}

#endif /* GL_VERTEX_H */
