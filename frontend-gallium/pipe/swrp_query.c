/*
 * swrp_query.c: queries (create/destroy/begin/end/get_query_result) and
 * render_condition of the pipe context.
 *
 * What a query measures. Counting queries are the difference of the
 * engine's counters (swr_get_stats) between a snapshot at begin_query and
 * one at end_query, each taken "at" an engine fence: the fence submitted
 * at that call, so the snapshot covers exactly the work queued before it.
 * Time queries take CLOCK_MONOTONIC (swrp_now_ns, the screen's
 * get_timestamp clock) at the same points.
 *
 * Why snapshots are taken the way they are. swr_get_stats sums per-thread
 * counters that workers add to with plain (non-atomic) stores while they
 * run frontend jobs and backend tiles of DRAWS (clears and stores touch no
 * counter; core/ctx_ring.c). They are neither per fence nor safe to read
 * while a draw runs: a read then races with the workers (a data race, and
 * the sum would include part of later work). They ARE exact and safely
 * readable once every queued draw is done: each worker's counter writes
 * precede its acq_rel decrement of the work item's pending count, the last
 * decrement releases `done`, the tail advance acquires it, and
 * swr_fence_done reads the tail, so a fence seen done makes all counter
 * writes of the work before it visible.
 * So the driver keeps this invariant: while a snapshot is pending at fence
 * F, no draw queued after F exists. swrp_query_before_draw (called by
 * draw_vbo right before swr_draw) waits for every pending fence and takes
 * its snapshot first. Then "F is done" implies "no draw runs", and a
 * snapshot may be taken by whoever first sees F done (a non-blocking
 * get_query_result, the next begin/end, or that draw). The cost: a draw
 * queued after end_query (or begin_query) while earlier draws still run
 * waits for them: one pipeline drain per query boundary with draws on
 * both sides. An engine-side counter snapshot (a work item that copies the
 * counters when the ring reaches it) would remove the drain.
 *
 * Times. A time stamp is the clock when the driver OBSERVED its fence done
 * (at the begin/end call if the engine was already idle there, else at the
 * first later poll or wait), so it is at or after the real completion.
 * Pending snapshots are taken in fence order with one clock reading, so
 * times are monotonic in submission order.
 *
 * PIPELINE_STATISTICS. The engine counts each field where its stage is
 * (swr_stats in core/swr.h has the exact rules); Gallium's one-line
 * definitions are read with the D3D11 / ARB_pipeline_statistics_query
 * meanings they come from:
 *   ia_vertices: "vertices read from vertex buffers": every index-stream
 *     position of the draw, per instance, restart indices excluded (GL:
 *     at a restart index "the GL does not process those elements as a
 *     vertex"); adjacency vertices and those of incomplete primitives count
 *     (ARB: they "may or may not" be counted), a line loop's first once;
 *   ia_primitives: primitives assembled, per instance, as GL defines them
 *     (a quad or a polygon is one; ARB: restart "has no effect");
 *   vs_invocations: vertex shader runs (implementation-defined: a chunk of
 *     a draw shades each distinct vertex once);
 *   gs_invocations, gs_primitives: input primitives the geometry shader
 *     ran on (one invocation each) and the primitives its emitted strips
 *     make (D3D11), 0 without a GS;
 *   c_invocations: "primitives forwarded to the rasterizer" = those that
 *     reach the clipper: ia_primitives (with a GS: gs_primitives), or 0
 *     with rasterizer discard (ARB:
 *     then the clipping counts "may not be incremented"; D3D11 likewise);
 *   c_primitives: primitives the clipper outputs (ARB: implementation
 *     dependent, >= 1 if a vertex is inside the clip volume): 0 when all
 *     vertices are outside one plane, 1 when no clipping is needed (x/y
 *     sides within the guard band), else the clipped polygon's triangles;
 *     face and zero-area culling come after it (GL rasterization), so
 *     culled triangles count;
 *   ps_invocations: live pixels shaded; helper lanes excluded (ARB lets an
 *     implementation run and count extra invocations; we count none);
 *   hs, ds, cs: 0 (no such stages).
 * PRIMITIVES_GENERATED: the primitives assembled (swr_stats prims_in),
 * but for a draw with a geometry shader those it emits (GL 3.2 section
 * 2.15): prims_in - gs_invocations + gs_primitives, as the GS runs once on
 * every assembled primitive of its draws.
 * PRIMITIVES_EMITTED, SO_STATISTICS: the primitives stream output wrote
 * and those it was given (swr_stats so_prims_written / so_prims_generated:
 * written stops at the first primitive that does not fit); the SO_OVERFLOW
 * predicates: some primitive was not written. Vertex stream 0 only (a
 * geometry shader's stream 0; no other stream).
 *
 * Thread: the context's thread.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/pipe/swrp_state.h"

typedef struct query_snapshot {
    swr_stats stats;
    uint64_t time_ns;
} query_snapshot;

enum query_phase { QUERY_IDLE, QUERY_ACTIVE, QUERY_ENDED };

struct pipe_query {
    unsigned type, index;
    enum query_phase phase;
    uint64_t fence[2]; /* [0] begin, [1] end: engine fence of the snapshot */
    bool taken[2];     /* snapshot [i] taken */
    query_snapshot snap[2];
    bool pending; /* on swrp_bound::query_pending */
    struct pipe_query *next_pending;
};

/* Queries that need a begin snapshot (the others only record their end). */
static bool has_begin(unsigned type)
{
    return type != PIPE_QUERY_TIMESTAMP && type != PIPE_QUERY_GPU_FINISHED &&
           type != PIPE_QUERY_TIMESTAMP_DISJOINT;
}

static struct pipe_query *create_query(struct pipe_context *ctx, unsigned type, unsigned index)
{
    (void)ctx;
    switch (type) {
    case PIPE_QUERY_OCCLUSION_COUNTER:
    case PIPE_QUERY_OCCLUSION_PREDICATE:
    case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
    case PIPE_QUERY_TIMESTAMP:
    case PIPE_QUERY_TIMESTAMP_DISJOINT:
    case PIPE_QUERY_TIME_ELAPSED:
    case PIPE_QUERY_PRIMITIVES_GENERATED:
    case PIPE_QUERY_PRIMITIVES_EMITTED:
    case PIPE_QUERY_SO_STATISTICS:
    case PIPE_QUERY_SO_OVERFLOW_PREDICATE:
    case PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE:
    case PIPE_QUERY_GPU_FINISHED:
    case PIPE_QUERY_PIPELINE_STATISTICS:
        break;
    case PIPE_QUERY_PIPELINE_STATISTICS_SINGLE:
        if (index >= PIPE_STAT_QUERY_COUNT)
            return NULL;
        break;
    default:
        return NULL;
    }
    struct pipe_query *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    q->type = type;
    q->index = index;
    return q;
}

static void unlink_pending(swrp_bound *b, struct pipe_query *q)
{
    for (struct pipe_query **p = &b->query_pending; *p; p = &(*p)->next_pending)
        if (*p == q) {
            *p = q->next_pending;
            break;
        }
    q->pending = false;
    q->next_pending = NULL;
}

/* The oldest pending fence of q (0: none). */
static uint64_t pending_fence(const struct pipe_query *q)
{
    for (int i = 0; i < 2; i++)
        if (q->fence[i] && !q->taken[i])
            return q->fence[i];
    return 0;
}

/*
 * Takes every pending snapshot whose fence is done, oldest fence first,
 * all with one clock reading. With wait_upto, first waits for that fence
 * (helping the engine). Relies on the invariant in the essay.
 */
static void take_snapshots(swrp_context *c, uint64_t wait_upto)
{
    swrp_bound *b = c->bound;
    if (!b->query_pending)
        return;
    if (wait_upto)
        swr_fence_wait(c->engine, wait_upto, UINT64_MAX);
    swr_stats stats;
    bool have_stats = false;
    uint64_t now = 0;
    struct pipe_query **p = &b->query_pending;
    while (*p) {
        struct pipe_query *q = *p;
        for (int i = 0; i < 2; i++) {
            if (!q->fence[i] || q->taken[i] || !swr_fence_done(c->engine, q->fence[i]))
                continue;
            if (!have_stats) {
                swr_get_stats(c->engine, &stats);
                now = swrp_now_ns();
                have_stats = true;
            }
            q->snap[i] = (query_snapshot){stats, now};
            q->taken[i] = true;
        }
        if (!pending_fence(q)) {
            *p = q->next_pending;
            q->pending = false;
            q->next_pending = NULL;
        } else {
            p = &q->next_pending;
        }
    }
}

void swrp_query_before_draw(swrp_context *c)
{
    uint64_t newest = 0;
    for (struct pipe_query *q = c->bound->query_pending; q; q = q->next_pending)
        for (int i = 0; i < 2; i++)
            if (q->fence[i] && !q->taken[i] && q->fence[i] > newest)
                newest = q->fence[i];
    if (newest)
        take_snapshots(c, newest);
}

/* Records snapshot `which` of q at the fence of everything queued so far. */
static void record(swrp_context *c, struct pipe_query *q, int which)
{
    q->fence[which] = swr_fence_submit(c->engine);
    q->taken[which] = false;
    if (!q->pending) {
        q->pending = true;
        q->next_pending = c->bound->query_pending;
        c->bound->query_pending = q;
    }
    take_snapshots(c, 0);
}

static void destroy_query(struct pipe_context *ctx, struct pipe_query *q)
{
    if (!ctx || !q)
        return;
    swrp_bound *b = swrp_bound_of(ctx);
    if (q->pending)
        unlink_pending(b, q);
    if (b->cond_query == q)
        b->cond_query = NULL;
    free(q);
}

static bool begin_query(struct pipe_context *ctx, struct pipe_query *q)
{
    if (!ctx || !q || q->phase == QUERY_ACTIVE)
        return false;
    swrp_context *c = swrp_context_of(ctx);
    if (q->pending)
        unlink_pending(c->bound, q);
    memset(q->fence, 0, sizeof q->fence);
    memset(q->taken, 0, sizeof q->taken);
    q->phase = QUERY_ACTIVE;
    if (has_begin(q->type))
        record(c, q, 0);
    return true;
}

static bool end_query(struct pipe_context *ctx, struct pipe_query *q)
{
    if (!ctx || !q)
        return false;
    swrp_context *c = swrp_context_of(ctx);
    if (has_begin(q->type) && q->phase != QUERY_ACTIVE)
        return false;
    if (!has_begin(q->type) && q->pending)
        unlink_pending(c->bound, q);
    q->phase = QUERY_ENDED;
    record(c, q, 1);
    return true;
}

static uint64_t diff(const struct pipe_query *q, size_t offset)
{
    uint64_t a, b;
    memcpy(&a, (const uint8_t *)&q->snap[0].stats + offset, sizeof a);
    memcpy(&b, (const uint8_t *)&q->snap[1].stats + offset, sizeof b);
    return b - a;
}
#define DIFF(q, field) diff(q, offsetof(swr_stats, field))

_Static_assert(sizeof(struct pipe_query_data_pipeline_statistics) ==
                   PIPE_STAT_QUERY_COUNT * sizeof(uint64_t),
               "pipeline statistics are PIPE_STAT_QUERY_COUNT counters in index order");

static void fill_result(const struct pipe_query *q, union pipe_query_result *r)
{
    struct pipe_query_data_pipeline_statistics ps = {0};
    switch (q->type) {
    case PIPE_QUERY_OCCLUSION_COUNTER:
        r->u64 = DIFF(q, samples_passed);
        break;
    case PIPE_QUERY_OCCLUSION_PREDICATE:
    case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
        r->b = DIFF(q, samples_passed) != 0;
        break;
    case PIPE_QUERY_TIMESTAMP:
        r->u64 = q->snap[1].time_ns;
        break;
    case PIPE_QUERY_TIMESTAMP_DISJOINT:
        r->timestamp_disjoint.frequency = 1000000000u; /* ns ticks */
        r->timestamp_disjoint.disjoint = false;
        break;
    case PIPE_QUERY_TIME_ELAPSED:
        r->u64 = q->snap[1].time_ns - q->snap[0].time_ns;
        break;
    case PIPE_QUERY_PRIMITIVES_GENERATED:
        /* one vertex stream */
        r->u64 = q->index == 0 ? DIFF(q, prims_in) - DIFF(q, gs_invocations) + DIFF(q, gs_primitives) : 0;
        break;
    case PIPE_QUERY_PRIMITIVES_EMITTED:
        r->u64 = q->index == 0 ? DIFF(q, so_prims_written) : 0;
        break;
    case PIPE_QUERY_SO_STATISTICS:
        memset(&r->so_statistics, 0, sizeof r->so_statistics);
        if (q->index == 0) {
            r->so_statistics.num_primitives_written = DIFF(q, so_prims_written);
            r->so_statistics.primitives_storage_needed = DIFF(q, so_prims_generated);
        }
        break;
    case PIPE_QUERY_SO_OVERFLOW_PREDICATE:
    case PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE:
        r->b = (q->type == PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE || q->index == 0) &&
               DIFF(q, so_prims_generated) > DIFF(q, so_prims_written);
        break;
    case PIPE_QUERY_GPU_FINISHED:
        r->b = true;
        break;
    case PIPE_QUERY_PIPELINE_STATISTICS:
    case PIPE_QUERY_PIPELINE_STATISTICS_SINGLE:
        ps.ia_vertices = DIFF(q, ia_vertices);
        ps.ia_primitives = DIFF(q, ia_primitives);
        ps.vs_invocations = DIFF(q, vs_invocations);
        ps.gs_invocations = DIFF(q, gs_invocations);
        ps.gs_primitives = DIFF(q, gs_primitives);
        ps.c_invocations = DIFF(q, c_invocations);
        ps.c_primitives = DIFF(q, c_primitives);
        ps.ps_invocations = DIFF(q, ps_invocations);
        if (q->type == PIPE_QUERY_PIPELINE_STATISTICS) {
            r->pipeline_statistics = ps;
        } else {
            uint64_t all[PIPE_STAT_QUERY_COUNT];
            memcpy(all, &ps, sizeof all);
            r->u64 = all[q->index];
        }
        break;
    default:
        break;
    }
}

/* Whether q's result is available (taking snapshots that are due). */
static bool result_ready(swrp_context *c, struct pipe_query *q, bool wait)
{
    uint64_t f = q->taken[1] ? 0 : q->fence[1]; /* the newest of q's fences */
    if (f)
        take_snapshots(c, wait ? f : 0);
    return !pending_fence(q);
}

static bool get_query_result(struct pipe_context *ctx, struct pipe_query *q, bool wait,
                             union pipe_query_result *result)
{
    if (!ctx || !q || !result || q->phase != QUERY_ENDED)
        return false;
    swrp_context *c = swrp_context_of(ctx);
    if (q->type == PIPE_QUERY_GPU_FINISHED && !wait) {
        /* The query's answer is the status itself, not "not ready". */
        result->b = result_ready(c, q, false);
        return true;
    }
    if (!result_ready(c, q, wait))
        return false;
    fill_result(q, result);
    return true;
}

/* Blits and clears run on the CPU and never add to the engine's counters,
 * and the draw-based meta operations this would pause do not exist here. */
static void set_active_query_state(struct pipe_context *ctx, bool enable)
{
    (void)ctx;
    (void)enable;
}

static void render_condition(struct pipe_context *ctx, struct pipe_query *query, bool condition,
                             enum pipe_render_cond_flag mode)
{
    if (!ctx)
        return;
    swrp_bound *b = swrp_bound_of(ctx);
    b->cond_query = query;
    b->cond_condition = condition;
    b->cond_mode = (unsigned)mode;
}

bool swrp_query_render_allowed(swrp_context *c)
{
    swrp_bound *b = c->bound;
    struct pipe_query *q = b->cond_query;
    if (!q || q->phase != QUERY_ENDED)
        return true; /* no condition, or a query that never ended: render */
    bool wait =
        b->cond_mode == PIPE_RENDER_COND_WAIT || b->cond_mode == PIPE_RENDER_COND_BY_REGION_WAIT;
    if (!result_ready(c, q, wait))
        return true; /* NO_WAIT and not available: render */
    union pipe_query_result r;
    memset(&r, 0, sizeof r);
    fill_result(q, &r);
    bool value;
    switch (q->type) {
    case PIPE_QUERY_OCCLUSION_PREDICATE:
    case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
    case PIPE_QUERY_SO_OVERFLOW_PREDICATE:
    case PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE:
    case PIPE_QUERY_GPU_FINISHED:
        value = r.b;
        break;
    default:
        value = r.u64 != 0; /* counters: zero is FALSE (docs) */
        break;
    }
    return value != b->cond_condition;
}

void swrp_query_init(struct pipe_context *ctx)
{
    ctx->create_query = create_query;
    ctx->destroy_query = destroy_query;
    ctx->begin_query = begin_query;
    ctx->end_query = end_query;
    ctx->get_query_result = get_query_result;
    ctx->set_active_query_state = set_active_query_state;
    ctx->render_condition = render_condition;
}
