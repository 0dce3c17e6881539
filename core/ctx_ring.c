/*
 * ctx_ring.c: the ring of draw contexts and the work loop every executing
 * thread runs (pool workers through thr_pool, the API thread while it waits).
 * The protocol is written on struct draw_context in core_priv.h.
 *
 * Ordering argument (why a macrotile sees its work in draw order): a thread
 * walks draw contexts from `tail` upwards. It stops doing backend work at
 * the first DC whose frontend is not done (that DC may still bin into any
 * macrotile). For a macrotile found PENDING or BUSY in DC n, it records the
 * tile as blocked and skips it in every later DC of this walk. So it claims
 * tile t of DC m only if, for every n < m, tile t of DC n was seen DONE (or
 * never binned) -- and DONE is final. Claims are CASes, so one thread per
 * (DC, tile). Hence per macrotile, DC n's work finishes before DC n+1's
 * starts, whatever the number of threads: the result is deterministic.
 */
#include "core/core_priv.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "common/simd.h"
#include "knobs/knobs.h"
#include "profiling/prof.h"

static inline draw_context *slot_of(swr_context *ctx, uint64_t id)
{
    return &ctx->ring[id % ctx->ring_size];
}

/* ---- retirement ---------------------------------------------------------- */

void core_advance_tail(swr_context *ctx)
{
    for (;;) {
        uint64_t t = atomic_load(&ctx->tail);
        if (t >= atomic_load_explicit(&ctx->head, memory_order_acquire))
            return;
        draw_context *dc = slot_of(ctx, t);
        if (atomic_load_explicit(&dc->id, memory_order_acquire) != t ||
            !atomic_load_explicit(&dc->done, memory_order_acquire))
            return;
        /* A failed CAS means another thread retired t; try the next one. */
        atomic_compare_exchange_strong(&ctx->tail, &t, t + 1);
    }
}

static void work_finished(swr_context *ctx, draw_context *dc, int64_t units)
{
    if (atomic_fetch_sub_explicit(&dc->pending, units, memory_order_acq_rel) == units) {
        atomic_store_explicit(&dc->done, 1, memory_order_release);
        core_advance_tail(ctx);
    }
}

/* ---- frontend --------------------------------------------------------------- */

static void run_frontend(swr_context *ctx, draw_context *dc, uint32_t w)
{
    core_thread *td = &ctx->threads[w];
    if (dc->kind == DC_DRAW && !KNOB_TOSS_QUEUE_FE) {
        /* Engine work runs in one FP environment on every thread
         * (simd_fp_enter), whatever the application set on its own. */
        uint32_t csr = simd_fp_enter();
        rast_fe_run(&dc->fe, &dc->bins, td->scratch, &td->counters);
        simd_fp_leave(csr);
    }
    uint32_t n = dc->bins.num_touched;
    for (uint32_t i = 0; i < n; i++)
        atomic_store_explicit(&dc->tile_state[dc->bins.touched[i]], TILE_PENDING,
                              memory_order_relaxed);
    atomic_fetch_add_explicit(&dc->pending, n, memory_order_relaxed);
    atomic_store_explicit(&dc->fe_state, FE_DONE, memory_order_release);
    if (n > 1 && ctx->pool)
        thr_pool_wake(ctx->pool, n - 1);
    work_finished(ctx, dc, 1);
}

/* ---- backend ------------------------------------------------------------------ */

static void run_tile(swr_context *ctx, draw_context *dc, uint32_t tile, uint32_t w)
{
    core_thread *td = &ctx->threads[w];
    switch (dc->kind) {
    case DC_DRAW:
        rast_be_draw_tile(dc->fe.st, &dc->bins, tile, &ctx->hot, td->scratch, &td->counters);
        break;
    case DC_CLEAR:
        rast_be_clear_tile(&dc->clear, tile, &ctx->hot);
        break;
    case DC_STORE:
        rast_be_store_tile(tile, dc->store_invalidate, &ctx->hot);
        break;
    default:
        break;
    }
    /* The slot is clean for reuse once every consumed tile is reset. */
    dc->bins.head[tile] = NULL;
    dc->bins.tail[tile] = NULL;
}

/* Runs tile `tile` of `dc` (already claimed), then the same tile of the
 * following draw contexts as long as they are ready: the hot tile stays in
 * this core's cache. The hazard is kept at the DC being worked on so that
 * the next slot cannot be reused under us. */
static void run_tile_chain(swr_context *ctx, draw_context *dc, uint32_t tile, uint32_t w)
{
    prof_begin(PROF_WorkerWorkOnFifoBE);
    uint32_t csr = simd_fp_enter();
    for (;;) {
        uint64_t id = atomic_load_explicit(&dc->id, memory_order_relaxed);
        atomic_store(&ctx->hazard[w], id);
        prof_begin(PROF_WorkerFoundWork);
        run_tile(ctx, dc, tile, w);
        prof_end(PROF_WorkerFoundWork);
        atomic_store_explicit(&dc->tile_state[tile], TILE_DONE, memory_order_release);
        work_finished(ctx, dc, 1);
        uint64_t next = id + 1;
        if (next >= atomic_load_explicit(&ctx->head, memory_order_acquire))
            break;
        draw_context *nx = slot_of(ctx, next);
        if (atomic_load_explicit(&nx->fe_state, memory_order_acquire) != FE_DONE)
            break;
        uint8_t expect = TILE_PENDING;
        if (!atomic_compare_exchange_strong(&nx->tile_state[tile], &expect, TILE_BUSY))
            break;
        dc = nx;
    }
    simd_fp_leave(csr);
    atomic_store(&ctx->hazard[w], HAZARD_NONE);
    prof_end(PROF_WorkerWorkOnFifoBE);
}

/* One step of work for thread w: claims and runs one frontend job or one
 * macrotile chain. Returns false when there was nothing it could do. */
bool core_work(swr_context *ctx, uint32_t w)
{
    core_thread *td = &ctx->threads[w];
    uint64_t h0 = atomic_load(&ctx->tail);
    atomic_store(&ctx->hazard[w], h0);
    uint64_t t = atomic_load(&ctx->tail);
    uint64_t head = atomic_load_explicit(&ctx->head, memory_order_acquire);
    if (t >= head) {
        atomic_store(&ctx->hazard[w], HAZARD_NONE);
        return false;
    }
    if (++td->gen == 0) {
        memset(td->blocked, 0, (size_t)ctx->grid_w * ctx->grid_h * sizeof(uint32_t));
        td->gen = 1;
    }
    uint32_t gen = td->gen;
    bool be_blocked = false;
    for (uint64_t id = t; id < head; id++) {
        if (be_blocked) {
            /* Only a frontend to claim is left to look for, and every DC
             * below fe_hint has its frontend claimed: skip to it. */
            uint64_t hint = atomic_load_explicit(&ctx->fe_hint, memory_order_relaxed);
            if (hint > id)
                id = hint;
            if (id >= head)
                break;
        }
        draw_context *dc = slot_of(ctx, id);
        uint32_t fs = atomic_load_explicit(&dc->fe_state, memory_order_acquire);
        if (fs != FE_DONE) {
            uint32_t expect = FE_UNCLAIMED;
            if (fs == FE_UNCLAIMED &&
                atomic_compare_exchange_strong(&dc->fe_state, &expect, FE_RUNNING)) {
                /* This walk saw every frontend from its start to id claimed
                 * (or skipped them under a hint that said so). */
                uint64_t hint = atomic_load_explicit(&ctx->fe_hint, memory_order_relaxed);
                while (hint < id + 1 &&
                       !atomic_compare_exchange_weak_explicit(&ctx->fe_hint, &hint, id + 1,
                                                              memory_order_relaxed,
                                                              memory_order_relaxed))
                    ;
                /* A claimed DC cannot retire: no hazard needed while it runs. */
                atomic_store(&ctx->hazard[w], HAZARD_NONE);
                prof_begin(PROF_WorkerWorkOnFifoFE);
                run_frontend(ctx, dc, w);
                prof_end(PROF_WorkerWorkOnFifoFE);
                return true;
            }
            be_blocked = true; /* it may still bin into any macrotile */
            continue;
        }
        if (be_blocked || atomic_load_explicit(&dc->done, memory_order_acquire))
            continue;
        /* Tiles before scan_from are known DONE (DONE is final), so a walk
         * does not rescan them: without this, draining a draw context that
         * touches n macrotiles costs n^2 / 2 state loads. Release/acquire on
         * scan_from passes on the acquire of each tile's DONE, so a thread
         * that skips a tile still sees that tile's hot-tile writes. */
        uint32_t n = dc->bins.num_touched;
        uint32_t i0 = atomic_load_explicit(&dc->scan_from, memory_order_acquire);
        uint32_t done_prefix = i0;
        for (uint32_t i = i0; i < n; i++) {
            uint32_t tile = dc->bins.touched[i];
            if (td->blocked[tile] == gen)
                continue;
            uint8_t s = atomic_load_explicit(&dc->tile_state[tile], memory_order_acquire);
            if (s == TILE_DONE && done_prefix == i)
                done_prefix = i + 1;
            if (s == TILE_PENDING) {
                if (done_prefix > i0)
                    atomic_store_explicit(&dc->scan_from, done_prefix, memory_order_release);
                uint8_t expect = TILE_PENDING;
                if (atomic_compare_exchange_strong(&dc->tile_state[tile], &expect, TILE_BUSY)) {
                    run_tile_chain(ctx, dc, tile, w);
                    return true;
                }
                s = expect;
            }
            if (s != TILE_DONE)
                td->blocked[tile] = gen;
        }
        if (done_prefix > i0)
            atomic_store_explicit(&dc->scan_from, done_prefix, memory_order_release);
    }
    atomic_store(&ctx->hazard[w], HAZARD_NONE);
    core_advance_tail(ctx);
    return false;
}

bool core_pool_work(void *data, uint32_t worker_index)
{
    return core_work((swr_context *)data, worker_index);
}

/* ---- API thread ------------------------------------------------------------------ */

/* Lowest hazard published by any thread. */
static uint64_t min_hazard(swr_context *ctx)
{
    uint64_t m = HAZARD_NONE;
    for (uint32_t i = 0; i <= ctx->num_workers; i++) {
        uint64_t h = atomic_load(&ctx->hazard[i]);
        if (h < m)
            m = h;
    }
    return m;
}

/* Does work on the API thread until `done(ctx, arg)` holds. */
void core_help_until(swr_context *ctx, bool (*done)(swr_context *, uint64_t), uint64_t arg)
{
    uint32_t idle = 0;
    while (!done(ctx, arg)) {
        if (core_work(ctx, ctx->api_index)) {
            idle = 0;
            continue;
        }
        if (++idle < 64)
            simd_pause();
        else
            sched_yield();
    }
}

static bool slot_free(swr_context *ctx, uint64_t id)
{
    if (id < ctx->ring_size)
        return true;
    uint64_t prev = id - ctx->ring_size;
    return atomic_load(&ctx->tail) > prev && min_hazard(ctx) > prev;
}

draw_context *core_dc_begin(swr_context *ctx, uint32_t kind)
{
    uint64_t id = atomic_load_explicit(&ctx->head, memory_order_relaxed);
    if (!slot_free(ctx, id)) {
        prof_begin(PROF_APIGetDrawContext);
        core_help_until(ctx, slot_free, id);
        prof_end(PROF_APIGetDrawContext);
    }
    draw_context *dc = slot_of(ctx, id);
    atomic_store_explicit(&dc->id, id, memory_order_relaxed);
    dc->kind = kind;
    arena_reset(&dc->arena);
    dc->bins.arena = &dc->arena;
    dc->bins.grid_w = ctx->grid_w;
    dc->bins.grid_h = ctx->grid_h;
    dc->bins.num_touched = 0;
    dc->bins.out_of_memory = false;
    dc->store_invalidate = false;
    atomic_store_explicit(&dc->fe_state, FE_UNCLAIMED, memory_order_relaxed);
    atomic_store_explicit(&dc->pending, 1, memory_order_relaxed);
    atomic_store_explicit(&dc->done, 0, memory_order_relaxed);
    atomic_store_explicit(&dc->scan_from, 0, memory_order_relaxed);
    return dc;
}

/* Marks every macrotile of the region as work of `dc` (clears and stores,
 * which need no frontend) and completes its frontend on the API thread. */
void core_dc_all_tiles(swr_context *ctx, draw_context *dc, uint32_t x0, uint32_t y0, uint32_t x1,
                       uint32_t y1)
{
    uint32_t n = 0;
    for (uint32_t ty = y0; ty < y1 && ty < ctx->grid_h; ty++)
        for (uint32_t tx = x0; tx < x1 && tx < ctx->grid_w; tx++)
            dc->bins.touched[n++] = ty * ctx->grid_w + tx;
    dc->bins.num_touched = n;
    for (uint32_t i = 0; i < n; i++)
        atomic_store_explicit(&dc->tile_state[dc->bins.touched[i]], TILE_PENDING,
                              memory_order_relaxed);
    atomic_store_explicit(&dc->pending, (int64_t)n + 1, memory_order_relaxed);
    atomic_store_explicit(&dc->fe_state, FE_DONE, memory_order_relaxed);
}

static bool ring_drained(swr_context *ctx, uint64_t unused)
{
    (void)unused;
    return atomic_load(&ctx->tail) >= atomic_load(&ctx->head);
}

void core_dc_publish(swr_context *ctx, draw_context *dc)
{
    uint64_t id = atomic_load_explicit(&dc->id, memory_order_relaxed);
    bool fe_done = atomic_load_explicit(&dc->fe_state, memory_order_relaxed) == FE_DONE;
    atomic_store_explicit(&ctx->head, id + 1, memory_order_release);
    /* Clears and stores come with their frontend done: only the unit the
     * API thread held (core_dc_all_tiles) remains to drop. */
    if (fe_done)
        work_finished(ctx, dc, 1);
    /* With every worker parked by the load governor (the cores are shared
     * with other busy threads) the API thread runs the draw itself, as with
     * KNOB_SINGLE_THREADED. */
    if (ctx->single_threaded || thr_pool_poll_load(ctx->pool) == 0) {
        core_help_until(ctx, ring_drained, 0);
        return;
    }
    prof_begin(PROF_APIDrawWakeAllThreads);
    thr_pool_wake(ctx->pool, fe_done ? dc->bins.num_touched : 1);
    prof_end(PROF_APIDrawWakeAllThreads);
}

void core_drain(swr_context *ctx) { core_help_until(ctx, ring_drained, 0); }

/* True when no thread is in a walk that started before the ring drained: a
 * walk publishes the tail it started from as its hazard, and one that started
 * at or after `head` cannot reach any draw context's arrays. */
static bool walkers_gone(swr_context *ctx, uint64_t head) { return min_hazard(ctx) >= head; }

void core_quiesce(swr_context *ctx)
{
    core_drain(ctx);
    uint64_t head = atomic_load(&ctx->head);
    while (!walkers_gone(ctx, head))
        simd_pause();
}
