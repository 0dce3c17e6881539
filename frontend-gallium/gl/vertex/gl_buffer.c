/*
 * gl_buffer.c: buffer objects (glGenBuffers .. glGetBufferPointerv,
 * ARB_map_buffer_range, glCopyBufferSubData, glGetBufferParameteri64v) and
 * the buffer binding points of the context.
 *
 * Storage: one PIPE_BUFFER resource per buffer, NULL while the size is 0.
 * glBufferData never writes storage that queued draws may still read: a
 * new size gets a new resource (the old one dies when the driver is done
 * with it), the same size is rewritten through a DISCARD_WHOLE_RESOURCE
 * write, which makes the driver orphan busy storage instead of waiting.
 * Maps are the driver's direct maps: the GL_MAP_* bits become PIPE_MAP_*
 * so that a map waits only for the draws that use this buffer, and
 * GL_MAP_INVALIDATE_BUFFER_BIT / GL_MAP_UNSYNCHRONIZED_BIT do not wait.
 *
 * Reference counting of gl_buffer: see gl_vertex.h. Buffers are shared
 * by the contexts of a share group (gl_objects.h): the counts are atomic,
 * and a name is looked up and referenced under the group's lock.
 * Thread: the context's thread.
 */
#include "frontend-gallium/gl/vertex/gl_vertex_priv.h"

#include <stdlib.h>
#include <string.h>

/* Largest buffer: the pipe's width0 is 32 bits and the driver rounds the
 * storage up to 64 bytes. */
#define MAX_BUFFER_BYTES ((GLsizeiptr)UINT32_MAX - 64)

#define MAP_BITS_KNOWN                                                                             \
    (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT |                            \
     GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_FLUSH_EXPLICIT_BIT | GL_MAP_UNSYNCHRONIZED_BIT)

static void buffer_unmap(struct gl_context *ctx, gl_buffer *buf)
{
    if (!buf->mapped)
        return;
    if (buf->transfer)
        ctx->pipe->buffer_unmap(ctx->pipe, buf->transfer);
    buf->transfer = NULL;
    buf->mapped = false;
    buf->map_pointer = NULL;
    buf->map_offset = 0;
    buf->map_length = 0;
    buf->access_flags = 0;
    buf->access = GL_READ_WRITE;
}

void glv_buffer_ref(gl_buffer **ptr, gl_buffer *buf)
{
    gl_buffer *old = *ptr;
    if (old == buf)
        return;
    if (buf)
        gl_ref_inc(&buf->refs);
    *ptr = buf;
    if (old && gl_ref_dec(&old->refs)) {
        /* Unmapped by glDeleteBuffers or fini before its last reference goes. */
        pipe_resource_reference(&old->res, NULL);
        free(old);
    }
}

static gl_buffer *buffer_new(GLuint name)
{
    gl_buffer *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->name = name;
    b->usage = GL_STATIC_DRAW;
    b->access = GL_READ_WRITE;
    b->refs = 1; /* the name table's */
    return b;
}

gl_buffer *gl_buffer_lookup(struct gl_context *ctx, GLuint name)
{
    void *o = gl_objects_get(ctx->vertex->buffers, name);
    return o == GL_OBJECT_RESERVED ? NULL : o;
}

gl_buffer **glv_binding(struct gl_context *ctx, GLenum target)
{
    gl_vertex_state *p = glv(ctx);
    switch (target) {
    case GL_ARRAY_BUFFER:
        return &p->array_buffer;
    case GL_ELEMENT_ARRAY_BUFFER:
        return &p->vao->element_buffer;
    case GL_PIXEL_PACK_BUFFER:
        return &p->pixel_pack_buffer;
    case GL_PIXEL_UNPACK_BUFFER:
        return &p->pixel_unpack_buffer;
    case GL_TEXTURE_BUFFER:
        return &p->texture_buffer;
    case GL_COPY_READ_BUFFER:
        return &p->copy_read_buffer;
    case GL_COPY_WRITE_BUFFER:
        return &p->copy_write_buffer;
    case GL_UNIFORM_BUFFER:
        return &p->uniform_buffer;
    case GL_TRANSFORM_FEEDBACK_BUFFER:
        return &p->tf_buffer;
    default:
        return NULL;
    }
}

gl_buffer *gl_vertex_bound_buffer(struct gl_context *ctx, GLenum target)
{
    gl_buffer **slot = glv_binding(ctx, target);
    return slot ? *slot : NULL;
}

/* The buffer bound to target for a command that needs one: records
 * INVALID_ENUM (bad target) or INVALID_OPERATION (none bound), else returns it. */
static gl_buffer *bound_or_error(struct gl_context *ctx, GLenum target)
{
    gl_buffer **slot = glv_binding(ctx, target);
    if (!slot) {
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
    if (!*slot) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    return *slot;
}

bool glv_buffers_init(struct gl_context *ctx)
{
    ctx->vertex->buffers = &ctx->shared->buffers;
    return true;
}

static void fini_one(void *user, uint32_t name, void *obj)
{
    (void)name;
    if (obj == GL_OBJECT_RESERVED)
        return;
    struct gl_context *ctx = user;
    gl_buffer *b = obj;
    buffer_unmap(ctx, b);
    glv_buffer_ref(&b, NULL);
}

void glv_buffers_fini(struct gl_context *ctx)
{
    if (!ctx->shared_last)
        return; /* the other contexts of the group keep the objects */
    gl_objects_lock(ctx->vertex->buffers);
    gl_objects_each(ctx->vertex->buffers, fini_one, ctx);
    gl_objects_fini(ctx->vertex->buffers);
    gl_objects_unlock(ctx->vertex->buffers);
}

const uint8_t *gl_buffer_read_begin(struct gl_context *ctx, gl_buffer *buf,
                                    struct pipe_transfer **xfer)
{
    *xfer = NULL;
    if (!buf || !buf->res || buf->size <= 0)
        return NULL;
    struct pipe_box box = {0, 0, 0, (int32_t)buf->size, 1, 1};
    void *p = ctx->pipe->buffer_map(ctx->pipe, buf->res, 0, PIPE_MAP_READ, &box, xfer);
    if (!p && *xfer) {
        ctx->pipe->buffer_unmap(ctx->pipe, *xfer);
        *xfer = NULL;
    }
    return p;
}

void gl_buffer_read_end(struct gl_context *ctx, struct pipe_transfer *xfer)
{
    if (xfer)
        ctx->pipe->buffer_unmap(ctx->pipe, xfer);
}

/* ---- names ---------------------------------------------------------------- */

void swrgl_GenBuffers(struct gl_context *ctx, GLsizei n, GLuint *buffers)
{
    gl_objects_gen_names(ctx, ctx->vertex->buffers, n, buffers);
}

static void unbind_everywhere(struct gl_context *ctx, gl_buffer *b)
{
    gl_vertex_state *p = glv(ctx);
    gl_buffer **slots[] = {&p->array_buffer,     &p->pixel_pack_buffer, &p->pixel_unpack_buffer,
                           &p->vao->element_buffer, &p->texture_buffer,   &p->copy_read_buffer,
                           &p->copy_write_buffer, &p->uniform_buffer,      &p->tf_buffer};
    for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++)
        if (*slots[i] == b)
            glv_buffer_ref(slots[i], NULL);
    /* GL 3.1 section 2.9: deleting a buffer unbinds it from every binding
     * point of the current context, the indexed ones included. */
    for (unsigned i = 0; i < GLV_MAX_UNIFORM_BINDINGS; i++)
        if (p->uniform_bindings[i].buffer == b)
            glv_buffer_ref(&p->uniform_bindings[i].buffer, NULL);
    for (unsigned i = 0; i < GLV_MAX_TF_BINDINGS; i++)
        if (p->tf_bindings[i].buffer == b)
            glv_buffer_ref(&p->tf_bindings[i].buffer, NULL);
    for (unsigned a = 0; a < GLV_MAX_ATTRIBS; a++)
        if (p->vao->attribs[a].buffer == b)
            glv_buffer_ref(&p->vao->attribs[a].buffer, NULL);
}

static void buffer_release(struct gl_context *ctx, uint32_t name, void *obj)
{
    (void)name;
    gl_buffer *b = obj;
    buffer_unmap(ctx, b);
    unbind_everywhere(ctx, b);
    glv_buffer_ref(&b, NULL); /* the table's reference */
}

void swrgl_DeleteBuffers(struct gl_context *ctx, GLsizei n, const GLuint *buffers)
{
    gl_objects_delete_names(ctx, ctx->vertex->buffers, n, buffers, buffer_release);
}

GLboolean swrgl_IsBuffer(struct gl_context *ctx, GLuint buffer)
{
    return gl_buffer_lookup(ctx, buffer) ? GL_TRUE : GL_FALSE;
}

void swrgl_BindBuffer(struct gl_context *ctx, GLenum target, GLuint buffer)
{
    gl_buffer **slot = glv_binding(ctx, target);
    if (!slot) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_buffer *b = NULL;
    gl_objects_lock(ctx->vertex->buffers); /* look-up (or creation) and reference */
    if (buffer) {
        b = gl_buffer_lookup(ctx, buffer);
        if (!b) {
            /* GL 2.1: binding an unused name creates the object. */
            b = buffer_new(buffer);
            if (!b || !gl_objects_put(ctx->vertex->buffers, buffer, b)) {
                gl_objects_unlock(ctx->vertex->buffers);
                free(b);
                gl_error(ctx, GL_OUT_OF_MEMORY);
                return;
            }
        }
    }
    glv_buffer_ref(slot, b);
    gl_objects_unlock(ctx->vertex->buffers);
}

/* ---- indexed binding points (GL 3.1 section 2.11.4, GL 3.0 section 2.15) -- */

static gl_indexed_binding *indexed_slot(struct gl_context *ctx, GLenum target, GLuint index,
                                        bool *bad_index)
{
    gl_vertex_state *p = glv(ctx);
    *bad_index = false;
    if (target == GL_UNIFORM_BUFFER) {
        if (index < GLV_MAX_UNIFORM_BINDINGS)
            return &p->uniform_bindings[index];
    } else if (target == GL_TRANSFORM_FEEDBACK_BUFFER) {
        if (index < GLV_MAX_TF_BINDINGS)
            return &p->tf_bindings[index];
    } else {
        return NULL;
    }
    *bad_index = true;
    return NULL;
}

void gl_vertex_set_tf_active(struct gl_context *ctx, bool active) { glv(ctx)->tf_active = active; }

const gl_indexed_binding *gl_vertex_indexed_binding(struct gl_context *ctx, GLenum target,
                                                    GLuint index)
{
    bool bad;
    return indexed_slot(ctx, target, index, &bad);
}

/* Binds buffer to indexed point `index` of target and to the generic point
 * of target (GL 3.1 section 2.11.4: "each of the commands also binds the
 * buffer to the generic binding point"). Errors: an unknown target is
 * INVALID_ENUM, an index past the limit INVALID_VALUE; for a range, size <= 0
 * or a negative offset is INVALID_VALUE, as are (GL 3.1 section 2.11.4 and
 * 2.15) a uniform offset that is not a multiple of
 * GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT and a transform feedback offset or
 * size that is not a multiple of 4. A name that is not a buffer object
 * yet is created, as glBindBuffer does. */
static void bind_indexed(struct gl_context *ctx, GLenum target, GLuint index, GLuint buffer,
                         GLintptr offset, GLsizeiptr size, bool range)
{
    bool bad;
    gl_indexed_binding *slot = indexed_slot(ctx, target, index, &bad);
    if (!slot) {
        gl_error(ctx, bad ? GL_INVALID_VALUE : GL_INVALID_ENUM);
        return;
    }
    /* GL 3.0 section 2.15: no indexed transform feedback binding changes
     * while transform feedback is active */
    if (target == GL_TRANSFORM_FEEDBACK_BUFFER && glv(ctx)->tf_active) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (range && buffer) {
        if (size <= 0 || offset < 0) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        if (target == GL_UNIFORM_BUFFER && offset % GLV_UNIFORM_OFFSET_ALIGNMENT) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        if (target == GL_TRANSFORM_FEEDBACK_BUFFER && (offset % 4 || size % 4)) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
    }
    gl_buffer *b = NULL;
    gl_objects_lock(ctx->vertex->buffers);
    if (buffer) {
        b = gl_buffer_lookup(ctx, buffer);
        if (!b) {
            b = buffer_new(buffer);
            if (!b || !gl_objects_put(ctx->vertex->buffers, buffer, b)) {
                gl_objects_unlock(ctx->vertex->buffers);
                free(b);
                gl_error(ctx, GL_OUT_OF_MEMORY);
                return;
            }
        }
    }
    glv_buffer_ref(&slot->buffer, b);
    glv_buffer_ref(glv_binding(ctx, target), b);
    gl_objects_unlock(ctx->vertex->buffers);
    slot->offset = b && range ? offset : 0;
    slot->size = b && range ? size : 0;
    slot->range = b && range;
}

void swrgl_BindBufferBase(struct gl_context *ctx, GLenum target, GLuint index, GLuint buffer)
{
    bind_indexed(ctx, target, index, buffer, 0, 0, false);
}

void swrgl_BindBufferRange(struct gl_context *ctx, GLenum target, GLuint index, GLuint buffer,
                           GLintptr offset, GLsizeiptr size)
{
    bind_indexed(ctx, target, index, buffer, offset, size, true);
}

bool gl_vertex_get_indexed(struct gl_context *ctx, GLenum target, GLuint index, gl_value *v)
{
    GLenum bt;
    int what; /* 0 binding, 1 start, 2 size */
    switch (target) {
    case GL_UNIFORM_BUFFER_BINDING: bt = GL_UNIFORM_BUFFER; what = 0; break;
    case GL_UNIFORM_BUFFER_START: bt = GL_UNIFORM_BUFFER; what = 1; break;
    case GL_UNIFORM_BUFFER_SIZE: bt = GL_UNIFORM_BUFFER; what = 2; break;
    case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING: bt = GL_TRANSFORM_FEEDBACK_BUFFER; what = 0; break;
    case GL_TRANSFORM_FEEDBACK_BUFFER_START: bt = GL_TRANSFORM_FEEDBACK_BUFFER; what = 1; break;
    case GL_TRANSFORM_FEEDBACK_BUFFER_SIZE: bt = GL_TRANSFORM_FEEDBACK_BUFFER; what = 2; break;
    default: return false;
    }
    bool bad;
    const gl_indexed_binding *s = indexed_slot(ctx, bt, index, &bad);
    if (!s) {
        gl_error(ctx, GL_INVALID_VALUE);
        v->count = 0;
        return true;
    }
    v->type = GL_VALUE_INT64;
    v->count = 1;
    v->i64[0] = what == 0 ? (GLint64)(s->buffer ? s->buffer->name : 0)
                : what == 1 ? (GLint64)s->offset
                            : (GLint64)s->size;
    return true;
}

/* ---- data ------------------------------------------------------------------ */

static bool usage_valid(GLenum usage)
{
    switch (usage) {
    case GL_STREAM_DRAW:
    case GL_STREAM_READ:
    case GL_STREAM_COPY:
    case GL_STATIC_DRAW:
    case GL_STATIC_READ:
    case GL_STATIC_COPY:
    case GL_DYNAMIC_DRAW:
    case GL_DYNAMIC_READ:
    case GL_DYNAMIC_COPY:
        return true;
    default:
        return false;
    }
}

static unsigned pipe_usage_of(GLenum usage)
{
    switch (usage) {
    case GL_STREAM_DRAW:
    case GL_STREAM_READ:
    case GL_STREAM_COPY:
        return PIPE_USAGE_STREAM;
    case GL_DYNAMIC_DRAW:
    case GL_DYNAMIC_READ:
    case GL_DYNAMIC_COPY:
        return PIPE_USAGE_DYNAMIC;
    default:
        return PIPE_USAGE_DEFAULT;
    }
}

void swrgl_BufferData(struct gl_context *ctx, GLenum target, GLsizeiptr size, const void *data,
                      GLenum usage)
{
    gl_buffer **slot = glv_binding(ctx, target);
    if (!slot) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (size < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!usage_valid(usage)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_buffer *b = *slot;
    if (!b) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (size > MAX_BUFFER_BYTES) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    buffer_unmap(ctx, b); /* re-specifying a mapped buffer unmaps it */
    struct pipe_context *pipe = ctx->pipe;
    if (size == 0) {
        pipe_resource_reference(&b->res, NULL);
    } else if (b->res && b->res->width0 == (uint32_t)size) {
        /* Same size: orphan busy storage rather than wait for its draws. */
        if (data) {
            pipe->buffer_subdata(pipe, b->res, PIPE_MAP_WRITE | PIPE_MAP_DISCARD_WHOLE_RESOURCE, 0,
                                 (unsigned)size, data);
        } else {
            struct pipe_box box = {0, 0, 0, (int32_t)size, 1, 1};
            struct pipe_transfer *t = NULL;
            pipe->buffer_map(pipe, b->res, 0, PIPE_MAP_WRITE | PIPE_MAP_DISCARD_WHOLE_RESOURCE,
                             &box, &t);
            if (t)
                pipe->buffer_unmap(pipe, t);
        }
    } else {
        struct pipe_resource templ;
        memset(&templ, 0, sizeof templ);
        templ.target = PIPE_BUFFER;
        templ.format = PIPE_FORMAT_R8_UNORM;
        templ.width0 = (uint32_t)size;
        templ.height0 = templ.depth0 = templ.array_size = 1;
        templ.usage = (uint8_t)pipe_usage_of(usage);
        templ.bind = PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER | PIPE_BIND_CONSTANT_BUFFER |
                     PIPE_BIND_SAMPLER_VIEW;
        struct pipe_resource *res = ctx->screen->resource_create(ctx->screen, &templ);
        if (!res) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        if (data)
            pipe->buffer_subdata(pipe, res, PIPE_MAP_WRITE | PIPE_MAP_DISCARD_WHOLE_RESOURCE, 0,
                                 (unsigned)size, data);
        pipe_resource_reference(&b->res, NULL);
        b->res = res; /* the creation reference */
    }
    b->size = size;
    b->usage = usage;
}

/* Checks offset/size against the buffer: INVALID_VALUE when out of range. */
static bool range_ok(struct gl_context *ctx, const gl_buffer *b, GLintptr offset, GLsizeiptr size)
{
    if (offset < 0 || size < 0 || offset > b->size || size > b->size - offset) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    return true;
}

void swrgl_BufferSubData(struct gl_context *ctx, GLenum target, GLintptr offset, GLsizeiptr size,
                         const void *data)
{
    gl_buffer *b = bound_or_error(ctx, target);
    if (!b || !range_ok(ctx, b, offset, size))
        return;
    if (b->mapped) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (!size || !data || !b->res)
        return;
    ctx->pipe->buffer_subdata(ctx->pipe, b->res, PIPE_MAP_WRITE, (unsigned)offset, (unsigned)size,
                              data);
}

void swrgl_GetBufferSubData(struct gl_context *ctx, GLenum target, GLintptr offset, GLsizeiptr size,
                            void *data)
{
    gl_buffer *b = bound_or_error(ctx, target);
    if (!b || !range_ok(ctx, b, offset, size))
        return;
    if (b->mapped) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (!size || !data || !b->res)
        return;
    struct pipe_box box = {(int32_t)offset, 0, 0, (int32_t)size, 1, 1};
    struct pipe_transfer *t = NULL;
    const void *p = ctx->pipe->buffer_map(ctx->pipe, b->res, 0, PIPE_MAP_READ, &box, &t);
    if (p)
        memcpy(data, p, (size_t)size);
    else
        gl_error(ctx, GL_OUT_OF_MEMORY);
    if (t)
        ctx->pipe->buffer_unmap(ctx->pipe, t);
}

/* GL 3.1 section 2.9.5: a byte copy between the buffers bound to two
 * targets (usually GL_COPY_READ_BUFFER and GL_COPY_WRITE_BUFFER, which
 * nothing else uses, but any buffer target is allowed). The pipe copies on
 * the CPU after the draws that write the source and read the destination. */
void swrgl_CopyBufferSubData(struct gl_context *ctx, GLenum readTarget, GLenum writeTarget,
                             GLintptr readOffset, GLintptr writeOffset, GLsizeiptr size)
{
    if (!glv_binding(ctx, readTarget) || !glv_binding(ctx, writeTarget)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_buffer *src = bound_or_error(ctx, readTarget);
    gl_buffer *dst = src ? bound_or_error(ctx, writeTarget) : NULL;
    if (!src || !dst)
        return;
    if (src->mapped || dst->mapped) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (readOffset < 0 || writeOffset < 0 || size < 0 || readOffset > src->size ||
        size > src->size - readOffset || writeOffset > dst->size ||
        size > dst->size - writeOffset) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    /* the same buffer: the two ranges may not overlap */
    if (src == dst && readOffset < writeOffset + size && writeOffset < readOffset + size) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!size || !src->res || !dst->res)
        return;
    struct pipe_box box = {(int32_t)readOffset, 0, 0, (int32_t)size, 1, 1};
    ctx->pipe->resource_copy_region(ctx->pipe, dst->res, 0, (unsigned)writeOffset, 0, 0, src->res,
                                    0, &box);
}

/* ---- maps ------------------------------------------------------------------- */

/* Maps [offset, offset + length) with validated GL_MAP_* bits. */
static void *map_range(struct gl_context *ctx, gl_buffer *b, GLintptr offset, GLsizeiptr length,
                       GLbitfield access)
{
    void *ptr = NULL;
    struct pipe_transfer *t = NULL;
    if (length > 0 && b->res) {
        unsigned usage = 0;
        bool whole = offset == 0 && length == b->size;
        if (access & GL_MAP_READ_BIT)
            usage |= PIPE_MAP_READ;
        if (access & GL_MAP_WRITE_BIT)
            usage |= PIPE_MAP_WRITE;
        if ((access & GL_MAP_INVALIDATE_BUFFER_BIT) ||
            ((access & GL_MAP_INVALIDATE_RANGE_BIT) && whole))
            usage |= PIPE_MAP_DISCARD_WHOLE_RESOURCE;
        else if (access & GL_MAP_INVALIDATE_RANGE_BIT)
            usage |= PIPE_MAP_DISCARD_RANGE;
        if (access & GL_MAP_UNSYNCHRONIZED_BIT)
            usage |= PIPE_MAP_UNSYNCHRONIZED;
        /* The driver's maps are direct (flushes copy nothing) and it does
         * not take FLUSH_EXPLICIT together with READ. */
        if ((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !(access & GL_MAP_READ_BIT))
            usage |= PIPE_MAP_FLUSH_EXPLICIT;
        struct pipe_box box = {(int32_t)offset, 0, 0, (int32_t)length, 1, 1};
        ptr = ctx->pipe->buffer_map(ctx->pipe, b->res, 0, usage, &box, &t);
        if (!ptr) {
            if (t)
                ctx->pipe->buffer_unmap(ctx->pipe, t);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return NULL;
        }
    }
    b->mapped = true;
    b->transfer = t;
    b->map_pointer = ptr;
    b->map_offset = offset;
    b->map_length = length;
    b->access_flags = access;
    bool r = access & GL_MAP_READ_BIT, w = access & GL_MAP_WRITE_BIT;
    b->access = r && w ? GL_READ_WRITE : r ? GL_READ_ONLY : GL_WRITE_ONLY;
    return ptr;
}

void *swrgl_MapBuffer(struct gl_context *ctx, GLenum target, GLenum access)
{
    gl_buffer **slot = glv_binding(ctx, target);
    GLbitfield bits;
    switch (access) {
    case GL_READ_ONLY:
        bits = GL_MAP_READ_BIT;
        break;
    case GL_WRITE_ONLY:
        bits = GL_MAP_WRITE_BIT;
        break;
    case GL_READ_WRITE:
        bits = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT;
        break;
    default:
        bits = 0;
        break;
    }
    if (!slot || !bits) {
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
    gl_buffer *b = *slot;
    if (!b || b->mapped) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    return map_range(ctx, b, 0, b->size, bits);
}

void *swrgl_MapBufferRange(struct gl_context *ctx, GLenum target, GLintptr offset,
                           GLsizeiptr length, GLbitfield access)
{
    gl_buffer **slot = glv_binding(ctx, target);
    if (!slot) {
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
    gl_buffer *b = *slot;
    if (!b) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    if (offset < 0 || length < 0 || offset > b->size || length > b->size - offset ||
        (access & ~(GLbitfield)MAP_BITS_KNOWN)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return NULL;
    }
    /* A zero length is INVALID_OPERATION (OpenGL ES 3.0, and what Mesa
     * does on desktop GL too). */
    bool r = access & GL_MAP_READ_BIT, w = access & GL_MAP_WRITE_BIT;
    if (b->mapped || !length || (!r && !w) ||
        (r && (access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT |
                         GL_MAP_UNSYNCHRONIZED_BIT))) ||
        ((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !w)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    return map_range(ctx, b, offset, length, access);
}

void swrgl_FlushMappedBufferRange(struct gl_context *ctx, GLenum target, GLintptr offset,
                                  GLsizeiptr length)
{
    gl_buffer *b = bound_or_error(ctx, target);
    if (!b)
        return;
    if (offset < 0 || length < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!b->mapped || !(b->access_flags & GL_MAP_FLUSH_EXPLICIT_BIT)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (offset > b->map_length || length > b->map_length - offset) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (b->transfer && length) {
        struct pipe_box box = {(int32_t)offset, 0, 0, (int32_t)length, 1, 1};
        ctx->pipe->transfer_flush_region(ctx->pipe, b->transfer, &box);
    }
}

GLboolean swrgl_UnmapBuffer(struct gl_context *ctx, GLenum target)
{
    gl_buffer *b = bound_or_error(ctx, target);
    if (!b)
        return GL_FALSE;
    if (!b->mapped) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return GL_FALSE;
    }
    buffer_unmap(ctx, b);
    return GL_TRUE;
}

/* One glGetBufferParameter* value of the buffer bound to target; false
 * (error recorded) for a bad target, no buffer or a bad pname. */
static bool buffer_parameter(struct gl_context *ctx, GLenum target, GLenum pname, GLint64 *v)
{
    gl_buffer *b = bound_or_error(ctx, target);
    if (!b)
        return false;
    switch (pname) {
    case GL_BUFFER_SIZE:
        *v = b->size;
        return true;
    case GL_BUFFER_USAGE:
        *v = (GLint64)b->usage;
        return true;
    case GL_BUFFER_ACCESS:
        *v = (GLint64)b->access;
        return true;
    case GL_BUFFER_MAPPED:
        *v = b->mapped ? GL_TRUE : GL_FALSE;
        return true;
    case GL_BUFFER_ACCESS_FLAGS:
        *v = (GLint64)b->access_flags;
        return true;
    case GL_BUFFER_MAP_LENGTH:
        *v = (GLint64)b->map_length;
        return true;
    case GL_BUFFER_MAP_OFFSET:
        *v = (GLint64)b->map_offset;
        return true;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
}

void swrgl_GetBufferParameteriv(struct gl_context *ctx, GLenum target, GLenum pname, GLint *params)
{
    GLint64 v;
    if (buffer_parameter(ctx, target, pname, &v) && params)
        *params = (GLint)(v > INT32_MAX ? INT32_MAX : v);
}

/* GL 3.2: the same values without the 32-bit clamp (sizes and map ranges). */
void swrgl_GetBufferParameteri64v(struct gl_context *ctx, GLenum target, GLenum pname,
                                  GLint64 *params)
{
    GLint64 v;
    if (buffer_parameter(ctx, target, pname, &v) && params)
        *params = v;
}

void swrgl_GetBufferPointerv(struct gl_context *ctx, GLenum target, GLenum pname, void **params)
{
    gl_buffer *b = bound_or_error(ctx, target);
    if (!b)
        return;
    if (pname != GL_BUFFER_MAP_POINTER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (params)
        *params = b->mapped ? b->map_pointer : NULL;
}
