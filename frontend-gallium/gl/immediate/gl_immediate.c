/*
 * gl_immediate.c: glBegin/glEnd, glRect*, and the vertex batch behind them.
 *
 * How it works. The per-vertex commands (glColor*, glNormal*, glTexCoord*,
 * glVertexAttrib* ...) are the vertex part's: they only store current
 * values, inside glBegin/glEnd or not. A position (glVertex*,
 * glVertexAttrib*(0, ...), glArrayElement) calls the vertex hook, which
 * here, inside glBegin/glEnd, appends one vertex to the batch: the current
 * values of the attributes the batch carries, 4 floats each, interleaved.
 * The batch carries the position and every attribute whose current value
 * has ever been set in this context (gl_vertex_state.touched): an
 * attribute never set has had its default value all along, so a batch
 * that meets a newly set attribute is widened in place and its earlier
 * vertices get the default. Programs that never call glSecondaryColor pay
 * nothing for it.
 *
 * glEnd closes the primitive: its vertices are trimmed to a whole number
 * of primitives (GL 2.1 2.6.1: the extra vertices are ignored), and a run
 * of glBegin/glEnd pairs of the same independent type (points, lines,
 * triangles, quads) with no other command between them becomes one range,
 * so it is one draw. Strips, fans, loops and polygons keep one range each,
 * all drawn by one multi-draw. The batch is flushed (one
 * glMultiDrawArrays through the draw part's ordinary path, from a private
 * VAO whose arrays point at the batch: the driver copies client arrays
 * during the draw, so the memory is reused at once) when glBegin changes
 * the primitive type, before any command that is not per-vertex (the
 * entry points' immediate hook, gl_common.h), and at gl_context_flush. The
 * draw reads the arrays through the same legacy attributes as any other
 * draw, so fixed-function and GLSL programs see the same vertices.
 *
 * Errors: glBegin inside glBegin/glEnd, glEnd outside, and every command
 * not allowed between them (the hook) are GL_INVALID_OPERATION; glBegin
 * with a mode past GL_POLYGON is GL_INVALID_ENUM. Out of memory while
 * batching records GL_OUT_OF_MEMORY and drops the vertex.
 * Thread: the context's thread.
 */
#include "frontend-gallium/gl/immediate/gl_immediate.h"

#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gl/draw/gl_draw.h"
#include "frontend-gallium/gl/vertex/gl_vertex.h"

/* Layout bits: bit 0 the position, bit a (1 .. GLV_LEGACY_ATTRIBS - 1)
 * legacy attribute a, GLV_TOUCHED_GENERIC(i) generic attribute i >= 1. */
#define LAYOUT_BITS (GLV_LEGACY_ATTRIBS + GLV_MAX_ATTRIBS)
#define POSITION_BIT 1u
/* A batch this large is drawn at the next glBegin, so that the workers
 * render while the application sends the next vertices (one flush per
 * frame left the workers idle while the API thread built the batch:
 * 86 ms against 51-59 ms per frame of the immediate benchmark scene at
 * 2^14). An open glBegin of points, lines, triangles or quads is cut at a
 * primitive boundary once it holds 4x this many. */
#define FLUSH_VERTICES (1u << 14)

typedef struct gl_immediate_state {
    bool inside;        /* between glBegin and glEnd */
    GLenum mode;        /* of the batch (and of the open glBegin) */
    uint32_t layout;    /* the attributes each batched vertex carries */
    unsigned stride;    /* floats per vertex */
    int offset[LAYOUT_BITS]; /* float offset of each carried attribute, -1: not carried */
    float *verts;
    size_t nverts, cap_verts;
    unsigned prim_start; /* first vertex of the open primitive */
    GLint *first;
    GLsizei *count;
    unsigned nprims, cap_prims;
    gl_vao vao; /* the arrays pointing at the batch */
} gl_immediate_state;

static gl_immediate_state *st(struct gl_context *ctx) { return ctx->immediate; }

/* ---- layout ---------------------------------------------------------------------- */

/* The current value behind layout bit b. */
static const float *source_of(struct gl_context *ctx, unsigned b)
{
    const gl_vertex_state *v = ctx->vertex;
    if (b == 0)
        return v->current[0].f;
    if (b < GLV_LEGACY_ATTRIBS)
        return v->current[GLV_CURRENT_LEGACY + b].f;
    return v->current[b - GLV_LEGACY_ATTRIBS].f;
}

static void default_of(unsigned b, float out[4])
{
    if (b < GLV_LEGACY_ATTRIBS)
        gl_vertex_legacy_default(b, out);
    else
        gl_vertex_generic_default(out);
}

static uint32_t wanted_layout(struct gl_context *ctx)
{
    return (ctx->vertex->touched & ~(POSITION_BIT | GLV_TOUCHED_GENERIC(0))) | POSITION_BIT;
}

static void set_layout(gl_immediate_state *s, uint32_t layout)
{
    s->layout = layout;
    s->stride = 0;
    for (unsigned b = 0; b < LAYOUT_BITS; b++) {
        s->offset[b] = -1;
        if (layout & (1u << b)) {
            s->offset[b] = (int)s->stride;
            s->stride += 4;
        }
    }
}

static bool reserve(struct gl_context *ctx, size_t verts, unsigned stride)
{
    gl_immediate_state *s = st(ctx);
    if (verts * stride <= s->cap_verts)
        return true;
    size_t cap = s->cap_verts ? s->cap_verts : 4096;
    while (cap < verts * stride)
        cap *= 2;
    float *n = realloc(s->verts, cap * sizeof *n);
    if (!n) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return false;
    }
    s->verts = n;
    s->cap_verts = cap;
    return true;
}

/* Gives the batch the attributes set since it began; the vertices already
 * in it get their defaults (see above). */
static bool widen(struct gl_context *ctx, uint32_t layout)
{
    gl_immediate_state *s = st(ctx);
    int old_off[LAYOUT_BITS];
    unsigned old_stride = s->stride;
    memcpy(old_off, s->offset, sizeof old_off);
    uint32_t old_layout = s->layout;
    set_layout(s, layout);
    if (!reserve(ctx, s->nverts, s->stride)) {
        set_layout(s, old_layout);
        return false;
    }
    float tmp[LAYOUT_BITS * 4];
    for (size_t i = s->nverts; i-- > 0;) {
        memcpy(tmp, s->verts + i * old_stride, old_stride * sizeof(float));
        float *dst = s->verts + i * s->stride;
        for (unsigned b = 0; b < LAYOUT_BITS; b++) {
            if (s->offset[b] < 0)
                continue;
            if (old_off[b] >= 0)
                memcpy(dst + s->offset[b], tmp + old_off[b], 4 * sizeof(float));
            else
                default_of(b, dst + s->offset[b]);
        }
    }
    return true;
}

/* ---- the batch ------------------------------------------------------------------- */

static bool mergeable(GLenum mode);
static unsigned prim_vertices(GLenum mode);
static void close_primitive(struct gl_context *ctx);

/* The vertex hook: appends one vertex inside glBegin/glEnd. */
static void emit_vertex(struct gl_context *ctx)
{
    gl_immediate_state *s = st(ctx);
    if (!s->inside)
        return; /* glVertex outside glBegin/glEnd: undefined in GL, ignored */
    uint32_t want = wanted_layout(ctx);
    if ((want & ~s->layout) && !widen(ctx, s->layout | want))
        return;
    if (!reserve(ctx, s->nverts + 1, s->stride))
        return;
    float *dst = s->verts + s->nverts * s->stride;
    for (uint32_t m = s->layout; m; m &= m - 1) {
        unsigned b = (unsigned)__builtin_ctz(m);
        memcpy(dst + s->offset[b], source_of(ctx, b), 4 * sizeof(float));
    }
    s->nverts++;
    /* A long run of independent primitives in one glBegin: draw what is
     * complete and go on in a new batch. */
    if (s->nverts >= 4 * FLUSH_VERTICES && mergeable(s->mode) &&
        (s->nverts - s->prim_start) % prim_vertices(s->mode) == 0) {
        close_primitive(ctx);
        gl_immediate_flush(ctx);
        s->inside = true;
        s->prim_start = 0;
        ctx->hook_bits |= SWRGL_HOOK_IMMEDIATE;
    }
}

void gl_immediate_flush(struct gl_context *ctx)
{
    gl_immediate_state *s = st(ctx);
    if (!s || s->inside)
        return;
    ctx->hook_bits &= ~(unsigned)SWRGL_HOOK_IMMEDIATE;
    unsigned nprims = s->nprims;
    s->nprims = 0;
    if (!nprims) {
        s->nverts = 0;
        return;
    }
    /* The private VAO's arrays: every carried attribute, 4 floats. */
    gl_vao *v = &s->vao;
    GLsizei bytes = (GLsizei)(s->stride * sizeof(float));
    for (unsigned b = 0; b < LAYOUT_BITS; b++) {
        gl_attrib_array *a = b < GLV_LEGACY_ATTRIBS ? &v->legacy[b]
                                                    : &v->attribs[b - GLV_LEGACY_ATTRIBS];
        a->enabled = s->offset[b] >= 0;
        if (!a->enabled)
            continue;
        a->size = 4;
        a->type = GL_FLOAT;
        a->normalized = false;
        a->integer = false;
        a->bgra = false;
        a->stride = bytes;
        a->elem_bytes = 16;
        a->divisor = 0;
        a->pointer = s->verts + s->offset[b];
        a->buffer = NULL;
    }
    gl_vao *prev = gl_vertex_swap_vao(ctx, v);
    if (nprims == 1)
        swrgl_DrawArrays(ctx, s->mode, s->first[0], s->count[0]);
    else
        swrgl_MultiDrawArrays(ctx, s->mode, s->first, s->count, (GLsizei)nprims);
    gl_vertex_swap_vao(ctx, prev);
    s->nverts = 0;
}

static bool hook(struct gl_context *ctx, bool inside_ok)
{
    gl_immediate_state *s = st(ctx);
    if (s->inside) {
        if (inside_ok)
            return true;
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    gl_immediate_flush(ctx);
    return true;
}

/* ---- glBegin / glEnd ----------------------------------------------------------- */

void swrgl_Begin(struct gl_context *ctx, GLenum mode)
{
    gl_immediate_state *s = st(ctx);
    if (s->inside) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (mode > GL_POLYGON) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (s->nprims && (s->mode != mode || s->nverts >= FLUSH_VERTICES))
        gl_immediate_flush(ctx);
    if (!s->nprims) {
        s->nverts = 0;
        set_layout(s, wanted_layout(ctx));
    }
    s->mode = mode;
    s->inside = true;
    s->prim_start = (unsigned)s->nverts;
    ctx->hook_bits |= SWRGL_HOOK_IMMEDIATE;
}

/* The vertices of one primitive of `mode` that GL draws out of n (GL 2.1
 * 2.6.1: incomplete primitives are ignored). */
static unsigned usable(GLenum mode, unsigned n)
{
    switch (mode) {
    case GL_POINTS: return n;
    case GL_LINES: return n & ~1u;
    case GL_LINE_STRIP:
    case GL_LINE_LOOP: return n >= 2 ? n : 0;
    case GL_TRIANGLES: return n - n % 3;
    case GL_TRIANGLE_STRIP:
    case GL_TRIANGLE_FAN:
    case GL_POLYGON: return n >= 3 ? n : 0;
    case GL_QUADS: return n & ~3u;
    case GL_QUAD_STRIP: return n >= 4 ? n & ~1u : 0;
    default: return 0;
    }
}

static bool mergeable(GLenum mode)
{
    return mode == GL_POINTS || mode == GL_LINES || mode == GL_TRIANGLES || mode == GL_QUADS;
}

static unsigned prim_vertices(GLenum mode)
{
    return mode == GL_POINTS ? 1 : mode == GL_LINES ? 2 : mode == GL_TRIANGLES ? 3 : 4;
}

void swrgl_End(struct gl_context *ctx)
{
    gl_immediate_state *s = st(ctx);
    if (!s->inside) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    close_primitive(ctx);
}

/* glEnd's work: the open primitive becomes a range of the batch. */
static void close_primitive(struct gl_context *ctx)
{
    gl_immediate_state *s = st(ctx);
    s->inside = false;
    unsigned n = usable(s->mode, (unsigned)s->nverts - s->prim_start);
    s->nverts = s->prim_start + n;
    if (!n) {
        if (!s->nprims)
            ctx->hook_bits &= ~(unsigned)SWRGL_HOOK_IMMEDIATE;
        return;
    }
    if (s->nprims && mergeable(s->mode)) {
        s->count[s->nprims - 1] += (GLsizei)n;
        return;
    }
    if (s->nprims == s->cap_prims) {
        unsigned cap = s->cap_prims ? 2 * s->cap_prims : 64;
        GLint *f = realloc(s->first, cap * sizeof *f);
        if (f)
            s->first = f;
        GLsizei *c = f ? realloc(s->count, cap * sizeof *c) : NULL;
        if (!c) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            s->nverts = s->prim_start;
            return;
        }
        s->count = c;
        s->cap_prims = cap;
    }
    s->first[s->nprims] = (GLint)s->prim_start;
    s->count[s->nprims] = (GLsizei)n;
    s->nprims++;
}

/* ---- glRect ---------------------------------------------------------------------- */

/* GL 2.1 2.10: glRect is glBegin(GL_POLYGON) with the four corners
 * counter-clockwise from (x1, y1), z = 0. */
static void rect(struct gl_context *ctx, GLfloat x1, GLfloat y1, GLfloat x2, GLfloat y2)
{
    swrgl_Begin(ctx, GL_POLYGON);
    swrgl_Vertex2f(ctx, x1, y1);
    swrgl_Vertex2f(ctx, x2, y1);
    swrgl_Vertex2f(ctx, x2, y2);
    swrgl_Vertex2f(ctx, x1, y2);
    swrgl_End(ctx);
}

#define RECT_CALLS(S, T)                                                                           \
    void swrgl_Rect##S(struct gl_context *ctx, T x1, T y1, T x2, T y2)                             \
    {                                                                                              \
        rect(ctx, (GLfloat)x1, (GLfloat)y1, (GLfloat)x2, (GLfloat)y2);                             \
    }                                                                                              \
    void swrgl_Rect##S##v(struct gl_context *ctx, const T *v1, const T *v2)                        \
    {                                                                                              \
        rect(ctx, (GLfloat)v1[0], (GLfloat)v1[1], (GLfloat)v2[0], (GLfloat)v2[1]);                 \
    }
RECT_CALLS(s, GLshort)
RECT_CALLS(i, GLint)
RECT_CALLS(f, GLfloat)
RECT_CALLS(d, GLdouble)
#undef RECT_CALLS

/* ---- life ------------------------------------------------------------------------- */

bool gl_immediate_init(struct gl_context *ctx)
{
    gl_immediate_state *s = calloc(1, sizeof *s);
    if (!s)
        return false;
    gl_vertex_vao_init_private(&s->vao);
    set_layout(s, POSITION_BIT);
    ctx->immediate = s;
    ctx->immediate_hook = hook;
    ctx->vertex->vertex_hook = emit_vertex;
    return true;
}

void gl_immediate_fini(struct gl_context *ctx)
{
    gl_immediate_state *s = st(ctx);
    if (!s)
        return;
    if (ctx->vertex)
        ctx->vertex->vertex_hook = NULL;
    ctx->immediate_hook = NULL;
    ctx->hook_bits &= ~(unsigned)SWRGL_HOOK_IMMEDIATE;
    free(s->verts);
    free(s->first);
    free(s->count);
    free(s);
    ctx->immediate = NULL;
}
