/*
 * gl_dlist.c: display lists (GL 2.1 section 5.4).
 *
 * A list is a byte array of recorded commands: each node is a header
 * (opcode, payload bytes) followed by the payload, which the generated
 * swrgl_record_<Name> (gl_entry.c) fills with the command's arguments and
 * a copy of the data its pointers designate (glLightfv's four floats,
 * glCallLists' names ...), 8-byte aligned. glNewList sets
 * SWRGL_HOOK_LIST in ctx->hook_bits (and SWRGL_HOOK_LIST_ONLY for
 * GL_COMPILE, so the entry points do not execute what they record), and
 * ctx->list_record hands out the payload space; glEndList stores the list
 * under its name in the share group's table, replacing (and freeing) the
 * previous list of that name.
 *
 * glCallList replays the nodes through swrgl_list_replay (generated), which
 * calls each command's exported entry point: the command then runs exactly
 * as if the program had called it, immediate-mode batching included (a
 * list of glBegin/glEnd runs is drawn as few draws). While a list is
 * replayed, the recording bits are cleared, so that in GL_COMPILE_AND_EXECUTE
 * the called list's commands are not recorded a second time into the list
 * being compiled (it holds the glCallList). Nesting deeper than
 * GL_MAX_LIST_NESTING (64) calls is ignored, as GL specifies; calling a name
 * with no list does nothing.
 *
 * Errors: glNewList with list 0 is GL_INVALID_VALUE, with another mode
 * GL_INVALID_ENUM, while compiling GL_INVALID_OPERATION; glEndList while not
 * compiling GL_INVALID_OPERATION; glGenLists/glDeleteLists with a negative
 * range GL_INVALID_VALUE; glCallLists with n < 0 GL_INVALID_VALUE, with an
 * unknown type GL_INVALID_ENUM. Out of memory while recording records
 * GL_OUT_OF_MEMORY (the command is then executed, or dropped in GL_COMPILE).
 *
 * Thread: the context's thread. The table is the share group's (its lock
 * guards lookups and replacements). A list replaced or deleted by one
 * context while another context of the group replays it is not supported
 * (GL leaves concurrent modification of shared objects undefined).
 */
#include "frontend-gallium/gl/dlist/gl_dlist.h"

#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gl/objects/gl_objects.h"

#define MAX_LIST_NESTING 64 /* GL_MAX_LIST_NESTING (GL 2.1 table 6.61: at least 64) */

typedef struct gl_dlist {
    GLuint name;
    uint8_t *data;
    size_t size, cap;
} gl_dlist;

/* Node header; the payload follows, 8-byte aligned. */
typedef struct list_node {
    uint32_t op;
    uint32_t bytes; /* payload, a multiple of 8 */
} list_node;

typedef struct gl_dlist_state {
    gl_object_table *lists; /* the share group's */
    gl_dlist *compiling;    /* NULL: not compiling */
    GLenum mode;            /* GL_COMPILE or GL_COMPILE_AND_EXECUTE while compiling */
    GLuint base;            /* glListBase */
    unsigned depth;         /* glCallList nesting */
} gl_dlist_state;

static gl_dlist_state *st(struct gl_context *ctx) { return ctx->dlist; }

static void list_free(gl_dlist *l)
{
    if (!l || (void *)l == GL_OBJECT_RESERVED)
        return;
    free(l->data);
    free(l);
}

/* ---- recording ------------------------------------------------------------------ */

static uint8_t *record(struct gl_context *ctx, unsigned op, size_t bytes)
{
    gl_dlist *l = st(ctx)->compiling;
    if (!l)
        return NULL;
    bytes = (bytes + 7) & ~(size_t)7;
    if (bytes > UINT32_MAX - sizeof(list_node)) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return NULL;
    }
    size_t need = l->size + sizeof(list_node) + bytes;
    if (need > l->cap) {
        size_t cap = l->cap ? l->cap : 256;
        while (cap < need)
            cap *= 2;
        uint8_t *d = realloc(l->data, cap);
        if (!d) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return NULL;
        }
        l->data = d;
        l->cap = cap;
    }
    list_node h = {op, (uint32_t)bytes};
    memcpy(l->data + l->size, &h, sizeof h);
    uint8_t *payload = l->data + l->size + sizeof h;
    memset(payload, 0, bytes);
    l->size = need;
    return payload;
}

void swrgl_NewList(struct gl_context *ctx, GLuint list, GLenum mode)
{
    gl_dlist_state *s = st(ctx);
    if (!list) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (mode != GL_COMPILE && mode != GL_COMPILE_AND_EXECUTE) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (s->compiling) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    gl_dlist *l = calloc(1, sizeof *l);
    if (!l) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    l->name = list;
    s->compiling = l;
    s->mode = mode;
    ctx->hook_bits |= SWRGL_HOOK_LIST;
    if (mode == GL_COMPILE)
        ctx->hook_bits |= SWRGL_HOOK_LIST_ONLY;
}

void swrgl_EndList(struct gl_context *ctx)
{
    gl_dlist_state *s = st(ctx);
    gl_dlist *l = s->compiling;
    if (!l) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    s->compiling = NULL;
    s->mode = 0;
    ctx->hook_bits &= ~(unsigned)(SWRGL_HOOK_LIST | SWRGL_HOOK_LIST_ONLY);
    gl_objects_lock(s->lists);
    gl_dlist *old = gl_objects_get(s->lists, l->name);
    if (!gl_objects_put(s->lists, l->name, l)) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        list_free(l);
        old = NULL;
    }
    gl_objects_unlock(s->lists);
    list_free(old);
}

/* ---- replay -------------------------------------------------------------------------- */

static void call_list(struct gl_context *ctx, GLuint name)
{
    gl_dlist_state *s = st(ctx);
    if (s->depth >= MAX_LIST_NESTING)
        return;
    gl_objects_lock(s->lists);
    gl_dlist *l = gl_objects_get(s->lists, name);
    gl_objects_unlock(s->lists);
    if (!l || (void *)l == GL_OBJECT_RESERVED)
        return;
    unsigned saved = ctx->hook_bits & (SWRGL_HOOK_LIST | SWRGL_HOOK_LIST_ONLY);
    ctx->hook_bits &= ~saved;
    s->depth++;
    for (size_t at = 0; at < l->size;) {
        list_node h;
        memcpy(&h, l->data + at, sizeof h);
        swrgl_list_replay(h.op, l->data + at + sizeof h);
        at += sizeof h + h.bytes;
    }
    s->depth--;
    ctx->hook_bits |= saved;
}

void swrgl_CallList(struct gl_context *ctx, GLuint list) { call_list(ctx, list); }

void swrgl_ListBase(struct gl_context *ctx, GLuint base) { st(ctx)->base = base; }

void swrgl_CallLists(struct gl_context *ctx, GLsizei n, GLenum type, const void *lists)
{
    if (n < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (type < GL_BYTE || type > GL_4_BYTES) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (!lists)
        return;
    const uint8_t *p = lists;
    for (GLsizei i = 0; i < n; i++) {
        uint32_t v = 0;
        switch (type) {
        case GL_BYTE: v = (uint32_t)(int32_t)(int8_t)p[i]; break;
        case GL_UNSIGNED_BYTE: v = p[i]; break;
        case GL_SHORT: { int16_t x; memcpy(&x, p + 2 * i, 2); v = (uint32_t)(int32_t)x; break; }
        case GL_UNSIGNED_SHORT: { uint16_t x; memcpy(&x, p + 2 * i, 2); v = x; break; }
        case GL_INT: { int32_t x; memcpy(&x, p + 4 * i, 4); v = (uint32_t)x; break; }
        case GL_UNSIGNED_INT: memcpy(&v, p + 4 * i, 4); break;
        case GL_FLOAT: { float x; memcpy(&x, p + 4 * i, 4); v = (uint32_t)(int64_t)x; break; }
        case GL_2_BYTES: v = (uint32_t)p[2 * i] << 8 | p[2 * i + 1]; break;
        case GL_3_BYTES:
            v = (uint32_t)p[3 * i] << 16 | (uint32_t)p[3 * i + 1] << 8 | p[3 * i + 2];
            break;
        default:
            v = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
                (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
            break;
        }
        call_list(ctx, st(ctx)->base + v);
    }
}

/* ---- names -------------------------------------------------------------------------- */

GLuint swrgl_GenLists(struct gl_context *ctx, GLsizei range)
{
    gl_dlist_state *s = st(ctx);
    if (range < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return 0;
    }
    if (!range)
        return 0;
    gl_objects_lock(s->lists);
    /* The first run of `range` unused names; each gets an empty list, so
     * glIsList answers true for it and glCallList does nothing. */
    uint64_t base = 1;
    for (uint64_t k = 0; k < (uint64_t)range && base + (uint64_t)range - 1 <= UINT32_MAX - 1;) {
        if (gl_objects_get(s->lists, (uint32_t)(base + k))) {
            base += k + 1;
            k = 0;
        } else {
            k++;
        }
    }
    GLuint result = 0;
    if (base + (uint64_t)range - 1 <= UINT32_MAX - 1) {
        result = (GLuint)base;
        for (GLsizei i = 0; i < range; i++) {
            gl_dlist *l = calloc(1, sizeof *l);
            if (!l || !gl_objects_put(s->lists, result + (GLuint)i, l)) {
                free(l);
                gl_error(ctx, GL_OUT_OF_MEMORY);
                for (GLsizei j = 0; j < i; j++)
                    list_free(gl_objects_remove(s->lists, result + (GLuint)j));
                result = 0;
                break;
            }
            l->name = result + (GLuint)i;
        }
    }
    gl_objects_unlock(s->lists);
    return result;
}

void swrgl_DeleteLists(struct gl_context *ctx, GLuint list, GLsizei range)
{
    gl_dlist_state *s = st(ctx);
    if (range < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_objects_lock(s->lists);
    for (uint64_t n = list; n < (uint64_t)list + (uint64_t)range && n <= UINT32_MAX; n++)
        if (n)
            list_free(gl_objects_remove(s->lists, (uint32_t)n));
    gl_objects_unlock(s->lists);
}

GLboolean swrgl_IsList(struct gl_context *ctx, GLuint list)
{
    gl_dlist_state *s = st(ctx);
    gl_objects_lock(s->lists);
    void *l = gl_objects_get(s->lists, list);
    gl_objects_unlock(s->lists);
    return l ? GL_TRUE : GL_FALSE;
}

/* ---- hooks ---------------------------------------------------------------------------- */

bool gl_dlist_init(struct gl_context *ctx)
{
    gl_dlist_state *s = calloc(1, sizeof *s);
    if (!s)
        return false;
    s->lists = &ctx->shared->lists;
    ctx->dlist = s;
    ctx->list_record = record;
    return true;
}

static void free_list(void *user, uint32_t name, void *obj)
{
    (void)user;
    (void)name;
    list_free(obj);
}

void gl_dlist_fini(struct gl_context *ctx)
{
    gl_dlist_state *s = st(ctx);
    if (!s)
        return;
    list_free(s->compiling);
    ctx->hook_bits &= ~(unsigned)(SWRGL_HOOK_LIST | SWRGL_HOOK_LIST_ONLY);
    ctx->list_record = NULL;
    if (ctx->shared_last)
        gl_objects_each(s->lists, free_list, NULL);
    free(s);
    ctx->dlist = NULL;
}

bool gl_dlist_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    gl_dlist_state *s = st(ctx);
    switch (pname) {
    case GL_LIST_BASE:
        gl_value_int(v, (GLint)s->base);
        return true;
    case GL_LIST_INDEX:
        gl_value_int(v, s->compiling ? (GLint)s->compiling->name : 0);
        return true;
    case GL_LIST_MODE:
        gl_value_int(v, (GLint)s->mode);
        return true;
    case GL_MAX_LIST_NESTING:
        gl_value_int(v, MAX_LIST_NESTING);
        return true;
    default:
        return false;
    }
}

int gl_dlist_enable(struct gl_context *ctx, GLenum cap, int op)
{
    (void)ctx;
    (void)cap;
    (void)op;
    return -1;
}
