/*
 * gl_draw.c: glDrawArrays, glDrawElements, glDrawRangeElements, the
 * multi-draws and the instanced draws, their base-vertex forms (GL 3.2:
 * the pipe's index_bias), primitive restart (GL 3.1: the pipe compares the
 * restart index before adding the bias), and the vertex state they hand to
 * the pipe.
 *
 * A draw validates its arguments (the GL 2.1 errors; while transform
 * feedback is active, gl_xfb.c, its mode against glBeginTransformFeedback's),
 * refuses mapped buffers, lets the framebuffer, raster, program (or, with no GLSL program
 * in use, fixed) and texture parts push their state (validate()), then
 * builds the vertex input layout from gl_program_vs_inputs(): VS input i
 * reads generic attribute inputs[i].location (a built-in such as gl_Color
 * its legacy attribute inputs[i].legacy; location 0 the vertex array while
 * generic array 0 is off), from its array when the array is enabled, else
 * from the current value (a fixed-function program's inputs are the
 * enabled arrays gl_fixed_validate lists; one stride-0 user vertex buffer over
 * gl_vertex_state.current serves every disabled attribute).
 * Arrays sharing a buffer resource (or interleaved client memory) and a
 * stride share one pipe vertex buffer slot, so 16 slots always suffice.
 *
 * Formats the pipe cannot fetch (non-normalized 8/16/32-bit integers read
 * as floats, normalized 32-bit integers, doubles, the packed
 * GL_[UNSIGNED_]INT_2_10_10_10_REV, strides past 65535) are
 * converted on the CPU into a float array covering vertices 0 .. the
 * highest the draw reads (per-instance: instances), passed as a user
 * buffer: the driver copies user buffers during draw_vbo, so the array is
 * freed right after. Client arrays and client indices go to the pipe as
 * user buffers as they are (the driver copies the range it reads).
 *
 * The vertex-elements CSO is looked up by a hash of the layout
 * (VE_CACHE_SIZE entries, flushed when 3/4 full) and bound only when it
 * changes, so a draw that changes no vertex state costs a hash and a few
 * comparisons.
 * Thread: the context's thread.
 */
#include "frontend-gallium/gl/draw/gl_draw.h"
#include "frontend-gallium/gl/draw/gl_xfb.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gl/fixed/gl_fixed.h"
#include "frontend-gallium/gl/framebuffer/gl_framebuffer.h"
#include "frontend-gallium/gl/program/gl_program.h"
#include "frontend-gallium/gl/raster/gl_raster.h"
#include "frontend-gallium/gl/texture/gl_texture.h"
#include "frontend-gallium/gl/vertex/gl_vertex.h"

/* A converted array larger than this is refused (the draw is skipped and
 * GL_OUT_OF_MEMORY recorded), matching the driver's user-buffer limit. */
#define MAX_CONVERT_BYTES (1ull << 30)

/* One cached vertex-elements CSO. */
#define VE_CACHE_SIZE 256 /* power of two; flushed at 3/4 occupancy */
typedef struct ve_entry {
    uint32_t hash;
    uint32_t num;
    void *cso; /* NULL: empty slot */
    struct pipe_vertex_element elems[GLV_MAX_ATTRIBS];
} ve_entry;

/* The part's state (ctx->draw): what the pipe has bound for the draws. */
typedef struct gl_draw_state {
    /* Vertex-elements CSOs by layout, and what is bound. */
    ve_entry ve_cache[VE_CACHE_SIZE];
    unsigned ve_count;
    void *ve_bound;
    unsigned vb_bound; /* vertex buffer slots set by the last draw */
    bool vb_user;      /* ... some of them user memory */
    struct pipe_vertex_buffer vb_last[PIPE_MAX_VERTEX_BUFFERS]; /* ... and what they were */
    /* Which kind of programs the last draw bound: GLSL, fixed function, or
     * none yet (a switch makes the other part bind its own again). */
    enum { DRAW_PROGRAMS_NONE, DRAW_PROGRAMS_GLSL, DRAW_PROGRAMS_FIXED } programs;
    gl_fixed_draw fixed; /* the fixed-function draw's inputs and samplers */
    /* GL 3.1 primitive restart: GL_PRIMITIVE_RESTART and
     * GL_PRIMITIVE_RESTART_INDEX (the indexed draws only). */
    bool restart;
    GLuint restart_index;
    struct gl_xfb_state *xfb; /* transform feedback (gl_xfb.c) */
} gl_draw_state;

/* ---- vertex-elements cache ---------------------------------------------------- */

static uint32_t layout_hash(const struct pipe_vertex_element *e, unsigned n)
{
    uint32_t h = 2166136261u ^ n;
    const uint32_t *w = (const uint32_t *)e;
    size_t words = n * sizeof *e / sizeof *w;
    for (size_t i = 0; i < words; i++) {
        h ^= w[i];
        h *= 16777619u;
    }
    return h ^ (h >> 15);
}

static void ve_cache_flush(struct gl_context *ctx)
{
    gl_draw_state *p = ctx->draw;
    if (p->ve_bound) {
        ctx->pipe->bind_vertex_elements_state(ctx->pipe, NULL);
        p->ve_bound = NULL;
    }
    for (unsigned i = 0; i < VE_CACHE_SIZE; i++) {
        if (p->ve_cache[i].cso)
            ctx->pipe->delete_vertex_elements_state(ctx->pipe, p->ve_cache[i].cso);
        p->ve_cache[i].cso = NULL;
    }
    p->ve_count = 0;
}

/* The CSO for this layout (created on a miss), NULL when out of memory. */
static void *ve_lookup(struct gl_context *ctx, const struct pipe_vertex_element *e, unsigned n)
{
    gl_draw_state *p = ctx->draw;
    uint32_t h = layout_hash(e, n);
    size_t bytes = n * sizeof *e;
    unsigned mask = VE_CACHE_SIZE - 1;
    for (unsigned i = h & mask;; i = (i + 1) & mask) {
        ve_entry *s = &p->ve_cache[i];
        if (!s->cso)
            break;
        if (s->hash == h && s->num == n && !memcmp(s->elems, e, bytes))
            return s->cso;
    }
    if (4 * (p->ve_count + 1) > 3 * VE_CACHE_SIZE)
        ve_cache_flush(ctx);
    void *cso = ctx->pipe->create_vertex_elements_state(ctx->pipe, n, e);
    if (!cso)
        return NULL;
    unsigned i = h & mask;
    while (p->ve_cache[i].cso)
        i = (i + 1) & mask;
    ve_entry *s = &p->ve_cache[i];
    s->hash = h;
    s->num = n;
    memset(s->elems, 0, sizeof s->elems);
    memcpy(s->elems, e, bytes);
    s->cso = cso;
    p->ve_count++;
    return cso;
}

bool gl_draw_init(struct gl_context *ctx)
{
    ctx->draw = calloc(1, sizeof *ctx->draw);
    return ctx->draw != NULL && gl_xfb_init(ctx);
}

struct gl_xfb_state **gl_draw_xfb_slot(struct gl_context *ctx) { return &ctx->draw->xfb; }

void gl_draw_fini(struct gl_context *ctx)
{
    gl_draw_state *p = ctx->draw;
    if (!p)
        return;
    gl_xfb_fini(ctx);
    ve_cache_flush(ctx);
    if (p->vb_bound)
        ctx->pipe->set_vertex_buffers(ctx->pipe, 0, p->vb_bound, NULL);
    free(p);
    ctx->draw = NULL;
}

void gl_draw_pipe_state_lost(struct gl_context *ctx)
{
    gl_draw_state *p = ctx->draw;
    p->ve_bound = NULL;
    p->vb_user = true; /* forces the next set_vertex_buffers */
}

/* ---- formats ------------------------------------------------------------------ */

#define F4(a, b, c, d)                                                                             \
    {PIPE_FORMAT_##a, PIPE_FORMAT_##b, PIPE_FORMAT_##c, PIPE_FORMAT_##d}

/* The pipe format of an array, or PIPE_FORMAT_NONE when it must be
 * converted to floats. */
static enum pipe_format array_format(const gl_attrib_array *a)
{
    static const enum pipe_format f32[4] = F4(R32_FLOAT, R32G32_FLOAT, R32G32B32_FLOAT,
                                              R32G32B32A32_FLOAT);
    static const enum pipe_format f16[4] = F4(R16_FLOAT, R16G16_FLOAT, R16G16B16_FLOAT,
                                              R16G16B16A16_FLOAT);
    static const enum pipe_format un8[4] = F4(R8_UNORM, R8G8_UNORM, R8G8B8_UNORM, R8G8B8A8_UNORM);
    static const enum pipe_format sn8[4] = F4(R8_SNORM, R8G8_SNORM, R8G8B8_SNORM, R8G8B8A8_SNORM);
    static const enum pipe_format ui8[4] = F4(R8_UINT, R8G8_UINT, R8G8B8_UINT, R8G8B8A8_UINT);
    static const enum pipe_format si8[4] = F4(R8_SINT, R8G8_SINT, R8G8B8_SINT, R8G8B8A8_SINT);
    static const enum pipe_format un16[4] = F4(R16_UNORM, R16G16_UNORM, R16G16B16_UNORM,
                                               R16G16B16A16_UNORM);
    static const enum pipe_format sn16[4] = F4(R16_SNORM, R16G16_SNORM, R16G16B16_SNORM,
                                               R16G16B16A16_SNORM);
    static const enum pipe_format ui16[4] = F4(R16_UINT, R16G16_UINT, R16G16B16_UINT,
                                               R16G16B16A16_UINT);
    static const enum pipe_format si16[4] = F4(R16_SINT, R16G16_SINT, R16G16B16_SINT,
                                               R16G16B16A16_SINT);
    static const enum pipe_format ui32[4] = F4(R32_UINT, R32G32_UINT, R32G32B32_UINT,
                                               R32G32B32A32_UINT);
    static const enum pipe_format si32[4] = F4(R32_SINT, R32G32_SINT, R32G32B32_SINT,
                                               R32G32B32A32_SINT);
    unsigned s = (unsigned)a->size - 1;
    if (a->type == GL_INT_2_10_10_10_REV || a->type == GL_UNSIGNED_INT_2_10_10_10_REV)
        return PIPE_FORMAT_NONE; /* unpacked on the CPU (convert_array) */
    if (a->bgra)
        return PIPE_FORMAT_B8G8R8A8_UNORM;
    switch (a->type) {
    case GL_FLOAT:
        return f32[s];
    case GL_HALF_FLOAT:
        return f16[s];
    case GL_UNSIGNED_BYTE:
        return a->integer ? ui8[s] : a->normalized ? un8[s] : PIPE_FORMAT_NONE;
    case GL_BYTE:
        return a->integer ? si8[s] : a->normalized ? sn8[s] : PIPE_FORMAT_NONE;
    case GL_UNSIGNED_SHORT:
        return a->integer ? ui16[s] : a->normalized ? un16[s] : PIPE_FORMAT_NONE;
    case GL_SHORT:
        return a->integer ? si16[s] : a->normalized ? sn16[s] : PIPE_FORMAT_NONE;
    case GL_UNSIGNED_INT:
        return a->integer ? ui32[s] : PIPE_FORMAT_NONE;
    case GL_INT:
        return a->integer ? si32[s] : PIPE_FORMAT_NONE;
    default:
        return PIPE_FORMAT_NONE;
    }
}

/* One component of an array converted to float (GL 2.1 section 2.8 and
 * table 2.9 for unsigned normalized; signed normalized as the pipe's SNORM
 * formats do it, max(c / (2^(b-1) - 1), -1)). */
static float fetch_float(const uint8_t *src, GLenum type, bool normalized)
{
    switch (type) {
    case GL_BYTE: {
        int8_t c;
        memcpy(&c, src, 1);
        return normalized ? (c < -127 ? -1.0f : c / 127.0f) : c;
    }
    case GL_UNSIGNED_BYTE:
        return normalized ? src[0] / 255.0f : src[0];
    case GL_SHORT: {
        int16_t c;
        memcpy(&c, src, 2);
        return normalized ? (c < -32767 ? -1.0f : c / 32767.0f) : c;
    }
    case GL_UNSIGNED_SHORT: {
        uint16_t c;
        memcpy(&c, src, 2);
        return normalized ? c / 65535.0f : c;
    }
    case GL_INT: {
        int32_t c;
        memcpy(&c, src, 4);
        return normalized ? (c < -2147483647 ? -1.0f : (float)(c / 2147483647.0)) : (float)c;
    }
    case GL_UNSIGNED_INT: {
        uint32_t c;
        memcpy(&c, src, 4);
        return normalized ? (float)(c / 4294967295.0) : (float)c;
    }
    case GL_FLOAT: {
        float c;
        memcpy(&c, src, 4);
        return c;
    }
    case GL_DOUBLE: {
        double c;
        memcpy(&c, src, 8);
        return (float)c;
    }
    case GL_HALF_FLOAT: {
        uint16_t h;
        memcpy(&h, src, 2);
        uint32_t sign = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 31, m = h & 1023, bits;
        if (e == 0) { /* zero or subnormal: m * 2^-24 */
            float f = (float)m * (1.0f / 16777216.0f);
            return sign ? -f : f;
        }
        bits = e == 31 ? sign | 0x7f800000u | (m << 13) : sign | ((e + 112) << 23) | (m << 13);
        float f;
        memcpy(&f, &bits, 4);
        return f;
    }
    default:
        return 0.0f;
    }
}

/* ---- draw description --------------------------------------------------------------- */

/* What one draw call reads; enough to find the highest vertex it fetches. */
typedef struct draw_desc {
    const struct pipe_draw_start_count_bias *draws;
    unsigned num_draws;
    unsigned instances;
    unsigned index_size; /* 0: not indexed */
    const uint8_t *indices; /* the index data the positions in draws count from */
    uint64_t avail;         /* indices readable at `indices` */
    /* An element buffer is mapped only when a scan needs it. */
    struct gl_context *ctx;
    gl_buffer *ibuf;
    struct pipe_transfer *ixfer;
    bool have_max;
    int64_t max_vertex; /* cache; -1: none */
    bool restart;           /* primitive restart: indices equal to restart_index */
    uint32_t restart_index; /* are skipped (compared before index_bias) */
} draw_desc;

static int64_t highest_vertex(draw_desc *d)
{
    if (d->have_max)
        return d->max_vertex;
    if (d->index_size && d->ibuf && !d->indices) {
        d->indices = gl_buffer_read_begin(d->ctx, d->ibuf, &d->ixfer);
        d->avail = d->indices ? (uint64_t)d->ibuf->size / d->index_size : 0;
    }
    int64_t m = -1;
    for (unsigned k = 0; k < d->num_draws; k++) {
        const struct pipe_draw_start_count_bias *r = &d->draws[k];
        if (!r->count)
            continue;
        if (!d->index_size) {
            int64_t top = (int64_t)r->start + r->count - 1;
            m = top > m ? top : m;
            continue;
        }
        uint64_t end = (uint64_t)r->start + r->count;
        if (!d->indices || r->start >= d->avail)
            continue;
        end = end > d->avail ? d->avail : end;
        for (uint64_t i = r->start; i < end; i++) {
            uint32_t v;
            if (d->index_size == 1)
                v = d->indices[i];
            else if (d->index_size == 2) {
                uint16_t s;
                memcpy(&s, d->indices + 2 * i, 2);
                v = s;
            } else
                memcpy(&v, d->indices + 4 * i, 4);
            if (d->restart && v == d->restart_index)
                continue;
            int64_t vi = (int64_t)v + r->index_bias;
            m = vi > m ? vi : m;
        }
    }
    d->have_max = true;
    d->max_vertex = m;
    return m;
}

/* ---- vertex state -------------------------------------------------------------------- */

typedef struct vertex_setup {
    struct pipe_vertex_buffer vb[PIPE_MAX_VERTEX_BUFFERS];
    uintptr_t slot_key[PIPE_MAX_VERTEX_BUFFERS]; /* resource or NULL (user) */
    uintptr_t slot_base[PIPE_MAX_VERTEX_BUFFERS]; /* offset or client address */
    unsigned nslots;
    int current_slot; /* -1: none yet */
    struct pipe_vertex_element ve[PIPE_MAX_ATTRIBS];
    uintptr_t ve_addr[PIPE_MAX_ATTRIBS]; /* absolute offset / address of the element */
    unsigned nve;
    void *blocks[PIPE_MAX_ATTRIBS]; /* converted or copied arrays to free after the draw */
    unsigned nblocks;
} vertex_setup;

/* A slot for (key, stride) whose data starts near addr; -1 when full. */
static int find_slot(vertex_setup *s, bool user, uintptr_t key, uintptr_t addr, unsigned stride)
{
    for (unsigned i = 0; i < s->nslots; i++) {
        if (s->vb[i].is_user_buffer != user || s->slot_key[i] != key || s->vb[i].stride != stride)
            continue;
        if (!user)
            return (int)i;
        /* Client memory: only arrays interleaved in one vertex record
         * share, so the driver's copy from the lowest address stays inside
         * memory the arrays cover. */
        uintptr_t lo = addr < s->slot_base[i] ? addr : s->slot_base[i];
        uintptr_t hi = addr < s->slot_base[i] ? s->slot_base[i] : addr;
        if (hi - lo < stride)
            return (int)i;
    }
    if (s->nslots == PIPE_MAX_VERTEX_BUFFERS)
        return -1;
    unsigned i = s->nslots++;
    memset(&s->vb[i], 0, sizeof s->vb[i]);
    s->vb[i].is_user_buffer = user;
    s->vb[i].stride = (uint16_t)stride;
    s->slot_key[i] = key;
    s->slot_base[i] = addr;
    return (int)i;
}

/* The four components of a GL_INT_2_10_10_10_REV or
 * GL_UNSIGNED_INT_2_10_10_10_REV word (x in bits 0-9, y 10-19, z 20-29, w
 * 30-31; GL 3.3 section 2.8.1), in GL_BGRA order swapped back to RGBA.
 * Normalized signed values convert as the pipe's SNORM formats do,
 * max(c / (2^(b-1) - 1), -1), like fetch_float. */
static void fetch_packed(const uint8_t *src, const gl_attrib_array *a, float out[4])
{
    uint32_t w;
    memcpy(&w, src, 4);
    static const unsigned shift[4] = {0, 10, 20, 30}, bits[4] = {10, 10, 10, 2};
    for (int c = 0; c < 4; c++) {
        uint32_t u = (w >> shift[c]) & ((1u << bits[c]) - 1u);
        float f;
        if (a->type == GL_UNSIGNED_INT_2_10_10_10_REV) {
            f = a->normalized ? (float)u / (float)((1u << bits[c]) - 1u) : (float)u;
        } else {
            int32_t v = (int32_t)(u << (32 - bits[c])) >> (32 - bits[c]);
            float m = (float)((1 << (bits[c] - 1)) - 1);
            f = a->normalized ? fmaxf((float)v / m, -1.0f) : (float)v;
        }
        out[c] = f;
    }
    if (a->bgra) {
        float t = out[0];
        out[0] = out[2];
        out[2] = t;
    }
}

/* Converts array `a` into floats for vertices 0 .. top; the caller frees. */
static float *convert_array(struct gl_context *ctx, const gl_attrib_array *a, int64_t top)
{
    uint64_t n = (uint64_t)(top < 0 ? 0 : top) + 1;
    uint64_t bytes = n * (uint64_t)a->size * sizeof(float);
    if (bytes > MAX_CONVERT_BYTES)
        return NULL;
    float *out = calloc(1, (size_t)bytes);
    if (!out)
        return NULL;
    struct pipe_transfer *xfer = NULL;
    const uint8_t *base;
    uint64_t limit = UINT64_MAX; /* bytes readable from base */
    if (a->buffer) {
        const uint8_t *map = gl_buffer_read_begin(ctx, a->buffer, &xfer);
        uintptr_t off = (uintptr_t)a->pointer;
        if (!map || off >= (uint64_t)a->buffer->size) {
            gl_buffer_read_end(ctx, xfer);
            return out; /* nothing to read: zeros */
        }
        base = map + off;
        limit = (uint64_t)a->buffer->size - off;
    } else {
        base = a->pointer;
    }
    uint64_t stride = a->stride ? (uint64_t)a->stride : (uint64_t)a->elem_bytes;
    GLsizei tb = a->elem_bytes / a->size;
    for (uint64_t v = 0; v < n && base; v++) {
        uint64_t at = v * stride;
        if (at + (uint64_t)a->elem_bytes > limit)
            break;
        if (a->type == GL_INT_2_10_10_10_REV || a->type == GL_UNSIGNED_INT_2_10_10_10_REV) {
            fetch_packed(base + at, a, out + v * 4); /* size is 4 */
            continue;
        }
        for (GLint c = 0; c < a->size; c++)
            out[v * (uint64_t)a->size + (uint64_t)c] =
                fetch_float(base + at + (uint64_t)c * (uint64_t)tb, a->type, a->normalized);
    }
    gl_buffer_read_end(ctx, xfer);
    return out;
}

static const enum pipe_format current_formats[3] = {
    PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_R32G32B32A32_SINT, PIPE_FORMAT_R32G32B32A32_UINT};

static const enum pipe_format conv_formats[4] = F4(R32_FLOAT, R32G32_FLOAT, R32G32B32_FLOAT,
                                                   R32G32B32A32_FLOAT);

/* Builds the layout and buffers; false (error recorded, or nothing to do)
 * when the draw must be skipped. */
static bool build_vertex_state(struct gl_context *ctx, draw_desc *d, vertex_setup *s)
{
    const gl_vertex_state *p = ctx->vertex;
    gl_vs_input inputs[32];
    bool fixed = ctx->draw->programs == DRAW_PROGRAMS_FIXED;
    unsigned n = fixed ? ctx->draw->fixed.num_inputs : gl_program_vs_inputs(ctx, inputs);
    if (n > PIPE_MAX_ATTRIBS)
        n = PIPE_MAX_ATTRIBS;
    s->nslots = 0;
    s->current_slot = -1;
    s->nve = n;
    s->nblocks = 0;
    for (unsigned i = 0; i < n; i++) {
        /* Where the input reads: a fixed-function program's input its
         * enabled array (the other attributes are the programs'
         * constants); a built-in attribute (gl_Color ...) its legacy array
         * or current value, location 0 generic array 0 or else the vertex
         * array (GL 2.1 2.8), others their generic array. */
        GLuint loc = fixed ? 0 : inputs[i].location < GLV_MAX_ATTRIBS ? inputs[i].location : 0;
        int legacy = fixed ? 0 : inputs[i].legacy;
        const gl_attrib_array *a;
        unsigned cur = loc;
        if (fixed) {
            a = ctx->draw->fixed.arrays[i];
        } else if (legacy > 0 && legacy < GLV_LEGACY_ATTRIBS) {
            a = gl_vertex_legacy_array(ctx, (unsigned)legacy);
            cur = GLV_CURRENT_LEGACY + (unsigned)legacy;
        } else if (loc == 0) {
            a = gl_vertex_legacy_array(ctx, GL_FF_ATTRIB_POSITION);
        } else {
            a = p->vao->attribs[loc].enabled ? &p->vao->attribs[loc] : NULL;
        }
        struct pipe_vertex_element *e = &s->ve[i];
        memset(e, 0, sizeof *e);
        int slot;
        if (!a) {
            if (s->current_slot < 0) {
                s->current_slot = find_slot(s, true, 0, (uintptr_t)p->current, 0);
                if (s->current_slot >= 0)
                    s->vb[s->current_slot].buffer.user = p->current;
            }
            slot = s->current_slot;
            e->src_format = current_formats[p->current_kind[cur]];
            s->ve_addr[i] = (uintptr_t)&p->current[cur];
        } else {
            uint64_t stride = a->stride ? (uint64_t)a->stride : (uint64_t)a->elem_bytes;
            enum pipe_format f = array_format(a);
            e->instance_divisor = a->divisor;
            if (f == PIPE_FORMAT_NONE || stride > UINT16_MAX) {
                int64_t top = a->divisor ? (int64_t)((d->instances ? d->instances - 1 : 0) /
                                                     a->divisor)
                                         : highest_vertex(d);
                float *conv = convert_array(ctx, a, top);
                if (!conv) {
                    gl_error(ctx, GL_OUT_OF_MEMORY);
                    return false;
                }
                s->blocks[s->nblocks++] = conv;
                slot = find_slot(s, true, (uintptr_t)conv, (uintptr_t)conv,
                                 (unsigned)a->size * sizeof(float));
                if (slot >= 0)
                    s->vb[slot].buffer.user = conv;
                f = conv_formats[a->size - 1];
                s->ve_addr[i] = (uintptr_t)conv;
            } else if (a->buffer) {
                struct pipe_resource *res = a->buffer->res;
                slot = find_slot(s, false, (uintptr_t)res, (uintptr_t)a->pointer, (unsigned)stride);
                if (slot >= 0) {
                    s->vb[slot].buffer.resource = res;
                    if ((uintptr_t)a->pointer < s->slot_base[slot])
                        s->slot_base[slot] = (uintptr_t)a->pointer;
                }
                s->ve_addr[i] = (uintptr_t)a->pointer;
            } else {
                slot = find_slot(s, true, 0, (uintptr_t)a->pointer, (unsigned)stride);
                if (slot >= 0 && (uintptr_t)a->pointer < s->slot_base[slot])
                    s->slot_base[slot] = (uintptr_t)a->pointer;
                s->ve_addr[i] = (uintptr_t)a->pointer;
            }
            e->src_format = f;
        }
        if (slot < 0) {
            fprintf(stderr, "swr: gl: draw needs more than %d vertex buffers; skipped\n",
                    PIPE_MAX_VERTEX_BUFFERS);
            return false;
        }
        e->vertex_buffer_index = (uint32_t)slot;
    }
    /* Element offsets relative to their slot's lowest address. */
    for (unsigned i = 0; i < n; i++)
        s->ve[i].src_offset = (uint32_t)(s->ve_addr[i] - s->slot_base[s->ve[i].vertex_buffer_index]);
    for (unsigned i = 0; i < s->nslots; i++) {
        if (s->vb[i].is_user_buffer)
            s->vb[i].buffer.user = (const void *)s->slot_base[i];
        else
            s->vb[i].buffer_offset = (uint32_t)s->slot_base[i];
    }
    return true;
}

static bool send_vertex_state(struct gl_context *ctx, vertex_setup *s)
{
    gl_draw_state *p = ctx->draw;
    void *cso = ve_lookup(ctx, s->ve, s->nve);
    if (!cso) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return false;
    }
    if (cso != p->ve_bound) {
        ctx->pipe->bind_vertex_elements_state(ctx->pipe, cso);
        p->ve_bound = cso;
    }
    unsigned count = s->nslots > p->vb_bound ? s->nslots : p->vb_bound;
    bool user = false;
    for (unsigned i = s->nslots; i < count; i++)
        memset(&s->vb[i], 0, sizeof s->vb[i]);
    for (unsigned i = 0; i < s->nslots; i++)
        user |= s->vb[i].is_user_buffer;
    /* Resource-only buffers equal to the last ones are still bound (the
     * pipe holds references, so equal pointers are the same resources);
     * user memory is re-sent because its contents may have changed. */
    if (!user && s->nslots == p->vb_bound && !p->vb_user &&
        !memcmp(p->vb_last, s->vb, s->nslots * sizeof s->vb[0]))
        return true;
    if (count)
        ctx->pipe->set_vertex_buffers(ctx->pipe, 0, count, s->vb);
    p->vb_bound = s->nslots;
    p->vb_user = user;
    memcpy(p->vb_last, s->vb, s->nslots * sizeof s->vb[0]);
    return true;
}

static void free_blocks(vertex_setup *s)
{
    for (unsigned i = 0; i < s->nblocks; i++)
        free(s->blocks[i]);
    s->nblocks = 0;
}

/* ---- validation ---------------------------------------------------------------------- */

/* The geometry shader input primitive a draw mode feeds (GL 3.2 section
 * 2.12.1, table 2.12). */
static GLenum gs_input_of(GLenum mode)
{
    switch (mode) {
    case GL_POINTS: return GL_POINTS;
    case GL_LINES: case GL_LINE_STRIP: case GL_LINE_LOOP: return GL_LINES;
    case GL_LINES_ADJACENCY: case GL_LINE_STRIP_ADJACENCY: return GL_LINES_ADJACENCY;
    case GL_TRIANGLES_ADJACENCY: case GL_TRIANGLE_STRIP_ADJACENCY: return GL_TRIANGLES_ADJACENCY;
    default: return GL_TRIANGLES;
    }
}

static bool mode_ok(struct gl_context *ctx, GLenum mode)
{
    /* GL 3.2: the adjacency modes (GL_LINES_ADJACENCY 0xA ..
     * GL_TRIANGLE_STRIP_ADJACENCY 0xD = PIPE_PRIM_*); the
     * ARB/EXT_geometry_shader4 enums are the same values but those
     * extensions are not advertised, so before 3.2 they are errors */
    bool adjacency = mode >= GL_LINES_ADJACENCY && mode <= GL_TRIANGLE_STRIP_ADJACENCY &&
                     ctx->desc.major * 10 + ctx->desc.minor >= 32;
    /* core (GL 3.2 core E.2.2): quads, quad strips and polygons are gone */
    if (!adjacency && (mode > GL_POLYGON || (gl_is_core(ctx) && mode > GL_TRIANGLE_FAN))) {
        /* GL_POINTS (0) .. GL_POLYGON (9) = PIPE_PRIM_* */
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
    /* GL 3.2 section 2.12.1: with a geometry shader the mode must feed its
     * input primitive */
    int gs_in = gl_program_gs_input_type(ctx);
    if (gs_in >= 0 && gs_input_of(mode) != (GLenum)gs_in) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    return gl_xfb_mode_ok(ctx, mode);
}

static unsigned index_size_of(GLenum type)
{
    switch (type) {
    case GL_UNSIGNED_BYTE:
        return 1;
    case GL_UNSIGNED_SHORT:
        return 2;
    case GL_UNSIGNED_INT:
        return 4;
    default:
        return 0;
    }
}

/* GL 2.1 section 2.9: drawing from a mapped buffer is INVALID_OPERATION. */
static bool buffers_unmapped(struct gl_context *ctx, bool indexed)
{
    const gl_vao *v = ctx->vertex->vao;
    bool bad = indexed && v->element_buffer && v->element_buffer->mapped;
    for (unsigned i = 0; i < GLV_MAX_ATTRIBS && !bad; i++)
        bad = v->attribs[i].enabled && v->attribs[i].buffer && v->attribs[i].buffer->mapped;
    for (unsigned i = 0; i < GLV_LEGACY_ATTRIBS && !bad; i++)
        bad = v->legacy[i].enabled && v->legacy[i].buffer && v->legacy[i].buffer->mapped;
    if (bad)
        gl_error(ctx, GL_INVALID_OPERATION);
    return !bad;
}

/* Pushes the state of the parts a draw uses to the pipe; false (with the GL
 * error recorded, e.g. GL_INVALID_FRAMEBUFFER_OPERATION or
 * GL_INVALID_OPERATION) when the draw must be skipped. Vertex state comes
 * after, from this part. */
static bool validate(struct gl_context *ctx)
{
    gl_draw_state *d = ctx->draw;
    /* GL 3.2 core E.2.2: no default vertex array object and no fixed
     * function; a draw without either is GL_INVALID_OPERATION. */
    if (gl_is_core(ctx) && (ctx->vertex->vao == &ctx->vertex->default_vao ||
                            !gl_program_in_use(ctx))) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    if (!gl_framebuffer_validate(ctx))
        return false;
    /* ARB_blend_func_extended: blending with the second source colour
     * draws to at most GL_MAX_DUAL_SOURCE_DRAW_BUFFERS (1) buffers. */
    if (gl_raster_blend_reads_src1(ctx)) {
        struct pipe_surface *colors[SWRGL_MAX_DRAW_BUFFERS], *zs;
        if (gl_framebuffer_draw_surfaces(ctx, colors, &zs) > 1) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return false;
        }
    }
    if (!gl_program_in_use(ctx)) {
        /* fixed function: the fixed part binds its programs and tells the
         * raster part what they need before the raster state goes out */
        if (d->programs != DRAW_PROGRAMS_FIXED) {
            gl_program_invalidate_pipe(ctx);
            gl_fixed_invalidate_pipe(ctx);
            d->programs = DRAW_PROGRAMS_FIXED;
        }
        return gl_fixed_validate(ctx, &d->fixed) && gl_raster_validate(ctx) &&
               gl_texture_validate_uses(ctx, d->fixed.samplers, d->fixed.num_samplers);
    }
    if (d->programs != DRAW_PROGRAMS_GLSL) {
        gl_program_invalidate_pipe(ctx);
        gl_fixed_invalidate_pipe(ctx);
        gl_raster_set_fixed(ctx, NULL);
        d->programs = DRAW_PROGRAMS_GLSL;
    }
    /* the built-in state uniforms read the fixed-function values */
    const gl_ff_gl_state *values = gl_fixed_values(ctx); /* refreshes, then the serial */
    gl_program_set_fixed_values(ctx, values, gl_fixed_values_serial(ctx));
    return gl_raster_validate(ctx) && gl_program_validate(ctx) && gl_texture_validate(ctx);
}

/* ---- the draws ------------------------------------------------------------------------ */

/* Everything after argument checks: validation, vertex state, draw_vbo.
 * bounds: [start, end] of glDrawRangeElements (NULL: none), passed down so
 * that neither this file nor the driver scans the indices for them. */
static void draw_range(struct gl_context *ctx, GLenum mode,
                       const struct pipe_draw_start_count_bias *draws, unsigned num_draws,
                       unsigned instances, unsigned index_size, const void *client_indices,
                       const GLuint *bounds)
{
    if (!instances || !validate(ctx))
        return;
    const gl_vertex_state *p = ctx->vertex;
    struct pipe_draw_info info;
    memset(&info, 0, sizeof info);
    info.mode = (uint8_t)mode;
    info.instance_count = instances;
    info.index_size = (uint8_t)index_size;
    /* GL 3.1 section 2.8: restart applies to the indexed draws; the index
     * is compared before the base vertex is added (pipe_draw_info). */
    const gl_draw_state *ds = ctx->draw;
    info.primitive_restart = index_size && ds->restart;
    info.restart_index = ds->restart_index;

    draw_desc d = {.draws = draws, .num_draws = num_draws, .instances = instances,
                   .index_size = index_size, .ctx = ctx,
                   .restart = info.primitive_restart, .restart_index = ds->restart_index};
    if (bounds) {
        /* [start, end] bound the indices before the base vertex; the pipe's
         * bounds are of the vertices fetched (num_draws is 1). */
        int64_t lo = (int64_t)bounds[0] + draws[0].index_bias;
        int64_t hi = (int64_t)bounds[1] + draws[0].index_bias;
        if (hi < 0)
            return; /* every vertex is below 0: undefined, nothing drawn */
        info.index_bounds_valid = true;
        info.min_index = lo < 0 ? 0 : (uint32_t)lo;
        info.max_index = hi > UINT32_MAX ? UINT32_MAX : (uint32_t)hi;
        d.have_max = true;
        d.max_vertex = hi;
    }
    struct pipe_draw_start_count_bias shifted[1];
    gl_buffer *eb = p->vao->element_buffer;
    if (index_size && eb) {
        /* Offsets into the element buffer become index positions; an
         * offset that is not a multiple of the index size cannot, and is
         * drawn from a read map as user indices instead (num_draws is 1). */
        uintptr_t off = (uintptr_t)client_indices;
        if (!eb->res || off >= (uint64_t)eb->size)
            return;
        d.ibuf = eb;
        if (off % index_size == 0) {
            info.index.resource = eb->res;
            shifted[0] = draws[0];
            shifted[0].start = (uint32_t)(off / index_size);
            draws = shifted;
            d.draws = shifted;
        } else {
            const uint8_t *map = gl_buffer_read_begin(ctx, eb, &d.ixfer);
            if (!map)
                return;
            info.has_user_indices = true;
            info.index.user = map + off;
            d.indices = map + off;
            d.avail = ((uint64_t)eb->size - off) / index_size;
            /* The driver copies start + count indices from user memory:
             * indices past the buffer's end are dropped (robust access),
             * never read. */
            shifted[0] = draws[0];
            if (shifted[0].start >= d.avail) {
                gl_buffer_read_end(ctx, d.ixfer);
                return;
            }
            if ((uint64_t)shifted[0].start + shifted[0].count > d.avail)
                shifted[0].count = (unsigned)(d.avail - shifted[0].start);
            draws = shifted;
            d.draws = shifted;
        }
    } else if (index_size) {
        if (!client_indices)
            return;
        info.has_user_indices = true;
        info.index.user = client_indices;
        d.indices = client_indices;
        d.avail = UINT64_MAX;
    }

    vertex_setup s;
    bool ok = build_vertex_state(ctx, &d, &s) && send_vertex_state(ctx, &s);
    /* A map taken for a scan only: the driver reads the resource itself. */
    if (d.ixfer && !info.has_user_indices) {
        gl_buffer_read_end(ctx, d.ixfer);
        d.ixfer = NULL;
    }
    if (ok)
        ctx->pipe->draw_vbo(ctx->pipe, &info, 0, draws, num_draws);
    gl_buffer_read_end(ctx, d.ixfer);
    free_blocks(&s);
}

static void draw(struct gl_context *ctx, GLenum mode, const struct pipe_draw_start_count_bias *draws,
                 unsigned num_draws, unsigned instances, unsigned index_size,
                 const void *client_indices)
{
    draw_range(ctx, mode, draws, num_draws, instances, index_size, client_indices, NULL);
}

void swrgl_DrawArraysInstanced(struct gl_context *ctx, GLenum mode, GLint first, GLsizei count,
                                  GLsizei primcount)
{
    if (!mode_ok(ctx, mode))
        return;
    if (first < 0 || count < 0 || primcount < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!buffers_unmapped(ctx, false) || !count)
        return;
    struct pipe_draw_start_count_bias r = {(uint32_t)first, (uint32_t)count, 0};
    draw(ctx, mode, &r, 1, (unsigned)primcount, 0, NULL);
}

void swrgl_DrawArrays(struct gl_context *ctx, GLenum mode, GLint first, GLsizei count)
{
    swrgl_DrawArraysInstanced(ctx, mode, first, count, 1);
}

void swrgl_MultiDrawArrays(struct gl_context *ctx, GLenum mode, const GLint *first,
                           const GLsizei *count, GLsizei drawcount)
{
    if (!mode_ok(ctx, mode))
        return;
    if (drawcount < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!drawcount || !first || !count)
        return;
    for (GLsizei i = 0; i < drawcount; i++) {
        if (first[i] < 0 || count[i] < 0) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
    }
    if (!buffers_unmapped(ctx, false))
        return;
    struct pipe_draw_start_count_bias local[16];
    struct pipe_draw_start_count_bias *r = local;
    if ((size_t)drawcount > sizeof local / sizeof local[0]) {
        r = malloc((size_t)drawcount * sizeof *r);
        if (!r) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
    }
    for (GLsizei i = 0; i < drawcount; i++)
        r[i] = (struct pipe_draw_start_count_bias){(uint32_t)first[i], (uint32_t)count[i], 0};
    draw(ctx, mode, r, (unsigned)drawcount, 1, 0, NULL);
    if (r != local)
        free(r);
}

/* Argument checks shared by the indexed draws; 0 (error recorded) or the
 * index size. */
static unsigned elements_ok(struct gl_context *ctx, GLenum mode, GLsizei count, GLenum type)
{
    if (!mode_ok(ctx, mode))
        return 0;
    if (count < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return 0;
    }
    unsigned isz = index_size_of(type);
    if (!isz) {
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
    return buffers_unmapped(ctx, true) ? isz : 0;
}

/* glDrawElementsInstancedBaseVertex and every indexed draw of one range
 * below it: basevertex is added to every index after the restart
 * comparison (GL 3.2 section 2.8.2). */
void swrgl_DrawElementsInstancedBaseVertex(struct gl_context *ctx, GLenum mode, GLsizei count,
                                           GLenum type, const void *indices, GLsizei instancecount,
                                           GLint basevertex)
{
    if (instancecount < 0 && mode_ok(ctx, mode)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    unsigned isz = elements_ok(ctx, mode, count, type);
    if (!isz || !count || instancecount <= 0)
        return;
    struct pipe_draw_start_count_bias r = {0, (uint32_t)count, basevertex};
    draw(ctx, mode, &r, 1, (unsigned)instancecount, isz, indices);
}

void swrgl_DrawElementsInstanced(struct gl_context *ctx, GLenum mode, GLsizei count, GLenum type,
                                    const void *indices, GLsizei primcount)
{
    swrgl_DrawElementsInstancedBaseVertex(ctx, mode, count, type, indices, primcount, 0);
}

void swrgl_DrawElementsBaseVertex(struct gl_context *ctx, GLenum mode, GLsizei count, GLenum type,
                                  const void *indices, GLint basevertex)
{
    swrgl_DrawElementsInstancedBaseVertex(ctx, mode, count, type, indices, 1, basevertex);
}

void swrgl_DrawElements(struct gl_context *ctx, GLenum mode, GLsizei count, GLenum type,
                        const void *indices)
{
    swrgl_DrawElementsInstancedBaseVertex(ctx, mode, count, type, indices, 1, 0);
}

void swrgl_DrawRangeElementsBaseVertex(struct gl_context *ctx, GLenum mode, GLuint start,
                                       GLuint end, GLsizei count, GLenum type,
                                       const void *indices, GLint basevertex)
{
    if (end < start && mode_ok(ctx, mode)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    /* Indices outside [start, end] are undefined in GL: arrays are read
     * only inside the range, and the engine's fetch reads other vertices
     * as zeros. */
    unsigned isz = elements_ok(ctx, mode, count, type);
    if (!isz || !count)
        return;
    struct pipe_draw_start_count_bias r = {0, (uint32_t)count, basevertex};
    const GLuint bounds[2] = {start, end};
    draw_range(ctx, mode, &r, 1, 1, isz, indices, bounds);
}

void swrgl_DrawRangeElements(struct gl_context *ctx, GLenum mode, GLuint start, GLuint end,
                             GLsizei count, GLenum type, const void *indices)
{
    swrgl_DrawRangeElementsBaseVertex(ctx, mode, start, end, count, type, indices, 0);
}

void swrgl_MultiDrawElementsBaseVertex(struct gl_context *ctx, GLenum mode, const GLsizei *count,
                                       GLenum type, const void *const *indices,
                                       GLsizei drawcount, const GLint *basevertex)
{
    if (!mode_ok(ctx, mode))
        return;
    if (drawcount < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!drawcount || !count || !indices)
        return;
    for (GLsizei i = 0; i < drawcount; i++) {
        if (count[i] < 0) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
    }
    unsigned isz = elements_ok(ctx, mode, 0, type);
    if (!isz)
        return;
    for (GLsizei i = 0; i < drawcount; i++) {
        if (!count[i])
            continue;
        struct pipe_draw_start_count_bias r = {0, (uint32_t)count[i],
                                               basevertex ? basevertex[i] : 0};
        draw(ctx, mode, &r, 1, 1, isz, indices[i]);
    }
}

void swrgl_MultiDrawElements(struct gl_context *ctx, GLenum mode, const GLsizei *count, GLenum type,
                             const void *const *indices, GLsizei drawcount)
{
    swrgl_MultiDrawElementsBaseVertex(ctx, mode, count, type, indices, drawcount, NULL);
}

/* ---- primitive restart (GL 3.1 section 2.8) -------------------------------------------- */

void swrgl_PrimitiveRestartIndex(struct gl_context *ctx, GLuint index)
{
    ctx->draw->restart_index = index;
}

bool gl_draw_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    if (pname != GL_PRIMITIVE_RESTART_INDEX)
        return false;
    /* an unsigned value: through int64 so 0xffffffff reads as
     * 4294967295 from glGetInteger64v (glGetIntegerv clamps it) */
    v->type = GL_VALUE_INT64;
    v->count = 1;
    v->i64[0] = ctx->draw->restart_index;
    return true;
}

int gl_draw_enable(struct gl_context *ctx, GLenum cap, int op)
{
    if (cap != GL_PRIMITIVE_RESTART)
        return -1;
    if (op != GL_ENABLE_OP_QUERY)
        ctx->draw->restart = op == GL_ENABLE_OP_ON;
    return ctx->draw->restart;
}
