/*
 * gl_query.c: query objects (occlusion, any-samples, time elapsed,
 * timestamps, primitives generated / written) and conditional rendering,
 * over pipe queries. Part of gl_raster (see gl_raster.h).
 */
#include "frontend-gallium/gl/raster/gl_raster_priv.h"

#include <limits.h>
#include <stdlib.h>

struct gl_query {
    GLuint name;
    GLenum target;          /* 0 until the first BeginQuery / QueryCounter */
    struct pipe_query *pq;  /* created for `target` */
    bool active;            /* between BeginQuery and EndQuery */
    bool zero;              /* a target swr cannot count: the result is 0 */
};

/* The index of a BeginQuery target in gl_raster_state::active, -1 if none. */
static int target_index(GLenum target)
{
    switch (target) {
    case GL_SAMPLES_PASSED: return 0;
    case GL_ANY_SAMPLES_PASSED: return 1;
    case GL_ANY_SAMPLES_PASSED_CONSERVATIVE: return 2;
    case GL_TIME_ELAPSED: return 3;
    case GL_PRIMITIVES_GENERATED: return 4;
    case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: return 5;
    default: return -1;
    }
}

static unsigned pipe_type(GLenum target)
{
    switch (target) {
    case GL_SAMPLES_PASSED: return PIPE_QUERY_OCCLUSION_COUNTER;
    case GL_ANY_SAMPLES_PASSED: return PIPE_QUERY_OCCLUSION_PREDICATE;
    case GL_ANY_SAMPLES_PASSED_CONSERVATIVE: return PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE;
    case GL_TIME_ELAPSED: return PIPE_QUERY_TIME_ELAPSED;
    case GL_PRIMITIVES_GENERATED: return PIPE_QUERY_PRIMITIVES_GENERATED;
    case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: return PIPE_QUERY_PRIMITIVES_EMITTED;
    default: return PIPE_QUERY_TIMESTAMP;
    }
}

static bool is_predicate(GLenum target)
{
    return target == GL_ANY_SAMPLES_PASSED || target == GL_ANY_SAMPLES_PASSED_CONSERVATIVE;
}

static void free_query(struct gl_context *ctx, struct gl_query *q)
{
    if (q->pq)
        ctx->pipe->destroy_query(ctx->pipe, q->pq);
    free(q);
}

static void free_each(void *user, uint32_t name, void *obj)
{
    (void)name;
    if (obj != GL_OBJECT_RESERVED)
        free_query(user, obj);
}

bool glr_query_init(struct gl_context *ctx)
{
    (void)ctx;
    return true;
}

void glr_query_fini(struct gl_context *ctx)
{
    gl_raster_state *r = ctx->raster;
    if (r->cond_query) {
        ctx->pipe->render_condition(ctx->pipe, NULL, false, PIPE_RENDER_COND_WAIT);
        r->cond_query = NULL;
    }
    for (int i = 0; i < 6; i++)
        if (r->active[i]) {
            ctx->pipe->end_query(ctx->pipe, r->active[i]->pq);
            r->active[i] = NULL;
        }
    gl_objects_each(&r->queries, free_each, ctx);
}

bool glr_query_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    if (pname != GL_TIMESTAMP)
        return false;
    v->type = GL_VALUE_INT64;
    v->count = 1;
    v->i64[0] = ctx->screen->get_timestamp ? (GLint64)ctx->screen->get_timestamp(ctx->screen) : 0;
    return true;
}

void swrgl_GenQueries(struct gl_context *ctx, GLsizei n, GLuint *ids)
{
    gl_objects_gen_names(ctx, &ctx->raster->queries, n, ids);
}

static void query_release(struct gl_context *ctx, uint32_t name, void *obj)
{
    (void)name;
    gl_raster_state *r = ctx->raster;
    struct gl_query *q = obj;
    if (q->active) { /* deleting an active query ends it */
        int t = target_index(q->target);
        if (q->pq)
            ctx->pipe->end_query(ctx->pipe, q->pq);
        if (t >= 0)
            r->active[t] = NULL;
    }
    if (r->cond_query == q) {
        ctx->pipe->render_condition(ctx->pipe, NULL, false, PIPE_RENDER_COND_WAIT);
        r->cond_query = NULL;
    }
    free_query(ctx, q);
}

void swrgl_DeleteQueries(struct gl_context *ctx, GLsizei n, const GLuint *ids)
{
    gl_objects_delete_names(ctx, &ctx->raster->queries, n, ids, query_release);
}

GLboolean swrgl_IsQuery(struct gl_context *ctx, GLuint id)
{
    void *obj = gl_objects_get(&ctx->raster->queries, id);
    return obj && obj != GL_OBJECT_RESERVED ? GL_TRUE : GL_FALSE;
}

/* The query object `id` for `target`, created on first use; NULL with the
 * GL error recorded. */
static struct gl_query *query_for(struct gl_context *ctx, GLuint id, GLenum target)
{
    gl_raster_state *r = ctx->raster;
    if (!id) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    void *obj = gl_objects_get(&r->queries, id);
    struct gl_query *q = obj && obj != GL_OBJECT_RESERVED ? obj : NULL;
    if (q) {
        if (q->active || (q->target && q->target != target)) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return NULL;
        }
    } else {
        q = calloc(1, sizeof *q);
        if (!q || !gl_objects_put(&r->queries, id, q)) {
            free(q);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return NULL;
        }
        q->name = id;
    }
    if (!q->pq && !q->zero) {
        q->pq = ctx->pipe->create_query(ctx->pipe, pipe_type(target), 0);
        if (!q->pq) {
            if (target == GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN) {
                q->zero = true; /* no stream output: nothing is ever written */
            } else {
                gl_error(ctx, GL_OUT_OF_MEMORY);
                return NULL;
            }
        }
    }
    q->target = target;
    return q;
}

void swrgl_BeginQuery(struct gl_context *ctx, GLenum target, GLuint id)
{
    int t = target_index(target);
    if (t < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_raster_state *r = ctx->raster;
    if (r->active[t] || (r->cond_query && r->cond_query->name == id)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    struct gl_query *q = query_for(ctx, id, target);
    if (!q)
        return;
    if (q->pq && !ctx->pipe->begin_query(ctx->pipe, q->pq)) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    q->active = true;
    r->active[t] = q;
}

void swrgl_EndQuery(struct gl_context *ctx, GLenum target)
{
    int t = target_index(target);
    if (t < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    struct gl_query *q = ctx->raster->active[t];
    if (!q) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (q->pq)
        ctx->pipe->end_query(ctx->pipe, q->pq);
    q->active = false;
    ctx->raster->active[t] = NULL;
}

void swrgl_QueryCounter(struct gl_context *ctx, GLuint id, GLenum target)
{
    if (target != GL_TIMESTAMP) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    struct gl_query *q = query_for(ctx, id, target);
    if (q && q->pq)
        ctx->pipe->end_query(ctx->pipe, q->pq);
}

void swrgl_GetQueryiv(struct gl_context *ctx, GLenum target, GLenum pname, GLint *params)
{
    int t = target_index(target);
    if (t < 0 && target != GL_TIMESTAMP) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    GLint value;
    switch (pname) {
    case GL_CURRENT_QUERY:
        value = t >= 0 && ctx->raster->active[t] ? (GLint)ctx->raster->active[t]->name : 0;
        break;
    case GL_QUERY_COUNTER_BITS:
        value = is_predicate(target) ? 1 : 64;
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (params)
        *params = value;
}

/* The result (or availability) of query `id` as 64 bits; false with the GL
 * error recorded. */
static bool query_value(struct gl_context *ctx, GLuint id, GLenum pname, uint64_t *out)
{
    if (pname != GL_QUERY_RESULT && pname != GL_QUERY_RESULT_AVAILABLE &&
        pname != GL_QUERY_RESULT_NO_WAIT) {
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
    void *obj = gl_objects_get(&ctx->raster->queries, id);
    struct gl_query *q = obj && obj != GL_OBJECT_RESERVED ? obj : NULL;
    if (!q || q->active) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    if (!q->pq) { /* never counts (TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN) */
        *out = pname == GL_QUERY_RESULT_AVAILABLE ? 1 : 0;
        return true;
    }
    union pipe_query_result res;
    bool wait = pname == GL_QUERY_RESULT;
    bool ready = ctx->pipe->get_query_result(ctx->pipe, q->pq, wait, &res);
    if (pname == GL_QUERY_RESULT_AVAILABLE) {
        *out = ready ? 1 : 0;
        return true;
    }
    if (!ready) {
        if (wait)
            *out = 0;
        return wait; /* NO_WAIT leaves the parameter unchanged */
    }
    *out = is_predicate(q->target) ? (res.b ? 1 : 0) : res.u64;
    return true;
}

void swrgl_GetQueryObjectiv(struct gl_context *ctx, GLuint id, GLenum pname, GLint *params)
{
    uint64_t v;
    if (query_value(ctx, id, pname, &v) && params)
        *params = v > (uint64_t)INT_MAX ? INT_MAX : (GLint)v;
}

void swrgl_GetQueryObjectuiv(struct gl_context *ctx, GLuint id, GLenum pname, GLuint *params)
{
    uint64_t v;
    if (query_value(ctx, id, pname, &v) && params)
        *params = v > (uint64_t)UINT_MAX ? UINT_MAX : (GLuint)v;
}

void swrgl_GetQueryObjecti64v(struct gl_context *ctx, GLuint id, GLenum pname, GLint64 *params)
{
    uint64_t v;
    if (query_value(ctx, id, pname, &v) && params)
        *params = v > (uint64_t)INT64_MAX ? INT64_MAX : (GLint64)v;
}

void swrgl_GetQueryObjectui64v(struct gl_context *ctx, GLuint id, GLenum pname, GLuint64 *params)
{
    uint64_t v;
    if (query_value(ctx, id, pname, &v) && params)
        *params = v;
}

/* ---- conditional rendering ----------------------------------------------------- */

void swrgl_BeginConditionalRender(struct gl_context *ctx, GLuint id, GLenum mode)
{
    enum pipe_render_cond_flag m;
    bool inverted = false;
    switch (mode) {
    case GL_QUERY_WAIT_INVERTED:
        inverted = true;
        /* fallthrough */
    case GL_QUERY_WAIT:
        m = PIPE_RENDER_COND_WAIT;
        break;
    case GL_QUERY_NO_WAIT_INVERTED:
        inverted = true;
        /* fallthrough */
    case GL_QUERY_NO_WAIT:
        m = PIPE_RENDER_COND_NO_WAIT;
        break;
    case GL_QUERY_BY_REGION_WAIT_INVERTED:
        inverted = true;
        /* fallthrough */
    case GL_QUERY_BY_REGION_WAIT:
        m = PIPE_RENDER_COND_BY_REGION_WAIT;
        break;
    case GL_QUERY_BY_REGION_NO_WAIT_INVERTED:
        inverted = true;
        /* fallthrough */
    case GL_QUERY_BY_REGION_NO_WAIT:
        m = PIPE_RENDER_COND_BY_REGION_NO_WAIT;
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_raster_state *r = ctx->raster;
    void *obj = gl_objects_get(&r->queries, id);
    struct gl_query *q = obj && obj != GL_OBJECT_RESERVED ? obj : NULL;
    if (r->cond_query || !q || q->active || !q->pq ||
        (q->target != GL_SAMPLES_PASSED && !is_predicate(q->target))) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    /* GL renders when the query passed; the pipe skips work when the
     * result equals `condition`. */
    ctx->pipe->render_condition(ctx->pipe, q->pq, inverted, m);
    r->cond_query = q;
}

void swrgl_EndConditionalRender(struct gl_context *ctx)
{
    if (!ctx->raster->cond_query) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    ctx->pipe->render_condition(ctx->pipe, NULL, false, PIPE_RENDER_COND_WAIT);
    ctx->raster->cond_query = NULL;
}
