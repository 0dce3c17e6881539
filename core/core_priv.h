/*
 * core_priv.h: the engine context, its ring of draw contexts and versioned
 * state. Private to core/.
 *
 * The draw-context protocol (ids are 64-bit and never wrap; slot = id %
 * ring_size; ctx_ring.c implements it):
 *  1. API thread (core_dc_begin): waits until the slot's previous occupant
 *     (id - ring_size) has retired (tail is past it) AND no thread's hazard
 *     can still point at it, doing work itself meanwhile (core_help_until);
 *     then fills the slot: pending = 1 (the frontend), fe_state =
 *     FE_UNCLAIMED. Clears and stores have no frontend: core_dc_all_tiles
 *     marks their macrotiles PENDING and their frontend FE_DONE at once.
 *  2. API thread (core_dc_publish): head = id + 1 (release) and wakes
 *     workers (single-threaded: drains the ring itself).
 *  3. Any thread (core_work, run_frontend): claims the frontend with a CAS
 *     FE_UNCLAIMED -> FE_RUNNING and runs it (rast_fe_run); marks the
 *     macrotiles it binned PENDING and adds them to `pending`, then
 *     fe_state = FE_DONE (release). fe_hint says that every DC below it has
 *     its frontend claimed, so walks looking for one start there.
 *  4. Any thread (core_work, run_tile_chain): claims a PENDING macrotile
 *     (CAS to TILE_BUSY) of a DC whose frontend is done, provided that no
 *     earlier DC still has that macrotile pending or busy, or has an
 *     unfinished frontend (the ordering argument in ctx_ring.c). So each
 *     macrotile sees its work in draw order. It runs the tile, then the same
 *     tile of the following DCs while they are ready. Finishing a unit (the
 *     frontend or a tile: work_finished) decrements `pending`; the thread
 *     that brings it to 0 marks the DC done.
 *  5. Any thread (core_advance_tail): advances `tail` over done DCs (CAS),
 *     retiring them in order.
 * Hazards (hazard[thread]): a thread walking the ring publishes the tail it
 * started from, and one running a tile chain the DC it is on; the API thread
 * does not reuse a slot any published hazard may still reach, nor free the
 * ring's arrays while a walk may still read them (core_quiesce).
 */
#ifndef CORE_PRIV_H
#define CORE_PRIV_H

#include <stdatomic.h>

#include "common/arena.h"
#include "core/swr.h"
#include "rasterizer/rast.h"
#include "threading/thr_pool.h"

enum dc_kind { DC_DRAW, DC_CLEAR, DC_STORE, DC_NOP };
enum fe_state { FE_UNCLAIMED, FE_RUNNING, FE_DONE };
enum tile_state { TILE_DONE = 0, TILE_PENDING = 1, TILE_BUSY = 2 };

#define HAZARD_NONE UINT64_MAX

typedef struct draw_context {
    /* Written by the API thread before publication (step 1), read-only after. */
    _Atomic uint64_t id;
    uint32_t kind;
    rast_fe_job fe;
    rast_clear_job clear;
    bool store_invalidate;

    /* Written by the frontend thread, read by backends after FE_DONE. */
    rast_bins bins;
    arena arena;

    /* Shared. */
    _Atomic uint32_t fe_state;
    _Atomic int64_t pending;     /* frontend + macrotiles not finished */
    _Atomic uint8_t *tile_state; /* [grid tiles] */
    _Atomic uint32_t done;
    _Atomic uint32_t scan_from; /* touched[0..scan_from) are all TILE_DONE */
} draw_context;

/* Per executing thread (pool workers, then the API thread). */
typedef struct core_thread {
    uint32_t *blocked; /* [grid tiles]: == gen when blocked in this walk */
    uint32_t gen;
    rast_scratch *scratch;
    rast_counters counters;
} core_thread;

/* Versioned state block: immutable content after creation. */
typedef struct state_block {
    uint64_t last_use; /* id of the last draw context that read it */
    struct state_block *retired_next; /* in the retired queue or a free list */
    uint32_t group;    /* enum state_group, or SG_COUNT for a draw state */
    _Alignas(64) unsigned char content[];
} state_block;

enum state_group {
    SG_LAYOUT,
    SG_BUFFERS,
    SG_SHADERS,
    SG_RASTER,
    SG_OUTPUT,
    SG_FB,
    SG_SO,
    SG_COUNT
};

struct swr_context {
    uint32_t ring_size;
    uint32_t max_prims;
    bool single_threaded;
    thr_pool *pool;
    thr_client *client;
    uint32_t num_workers;
    uint32_t api_index;       /* core_thread index of the API thread */
    core_thread *threads;     /* num_workers + 1 */
    _Atomic uint64_t *hazard; /* num_workers + 1 */

    draw_context *ring;
    _Atomic uint64_t head;
    _Atomic uint64_t tail;
    /* Every draw context below it has its frontend claimed (a hint that
     * only grows; ctx_ring.c core_work): walks looking for a frontend to
     * claim start here instead of stepping over every DC in flight. */
    _Atomic uint64_t fe_hint;

    uint32_t grid_w, grid_h;
    rast_hot_tiles hot;

    /* API-thread state. */
    rast_layout_block *p_layout; /* rast_layout_block_bytes(), allocated with the context */
    rast_buffers_block p_buffers;
    rast_shader_block p_shaders;
    rast_raster_block p_raster;
    rast_output_block p_output;
    rast_fb_block p_fb;
    rast_so_block p_so;
    /* Stream output as the API thread tracks it (swr_draw): where the next
     * draw writes in each buffer, the last draw's results, and the
     * per-chunk primitive counts of the draw being cut (grown as needed). */
    uint32_t so_offset[SWR_MAX_SO_BUFFERS];
    swr_so_result so_last;
    uint64_t *so_prefix;
    uint32_t so_prefix_cap;
    /* Primitives the last GS + stream output draw generated: written by its
     * one chunk (rast_so_job.gs_generated), read here after swr_sync. */
    uint64_t so_gs_generated;
    uint32_t dirty; /* 1 << state_group */
    /* Some state the draw state derives from (framebuffer, rasterizer, output,
     * shader descriptions) changed since cur_draw was built. Constants,
     * samplers, vertex layout and buffers do not feed the derived values, so
     * a draw loop that only changes uniforms copies the previous draw
     * state's derived fields instead of deriving them again. */
    bool derived_stale;
    state_block *cur[SG_COUNT];
    state_block *cur_draw; /* content: rast_draw_state */
    /* Replaced blocks, oldest first, until the tail passes their last_use.
     * A block replaced later was current for a later draw, so last_use
     * grows along the queue (nearly always: a block made by a clear and
     * replaced before any draw has last_use 0) and free_retired stops at
     * the first block still in use instead of walking every block in
     * flight on each state change. */
    state_block *retired, *retired_last;
    /* Freed blocks kept for reuse, per group (+ draw states at SG_COUNT):
     * a draw loop that changes state every draw makes and drops blocks at
     * the draw rate, and malloc/free of multi-KiB aligned blocks showed up
     * at ~5% of such a scene. At most the peak number of blocks in flight
     * is kept; all are freed with the context. */
    state_block *free_blocks[SG_COUNT + 1];
    /* How the last draw was cut (swr_draw): a draw loop repeats the same
     * topology and count, and the cut is a pure function of them (and of
     * max_prims and the split knob, fixed for the context). */
    struct {
        uint32_t topology, count; /* count 0: nothing cached */
        uint32_t per_chunk, inst_step;
    } cut;
    bool fb_used;          /* a draw or clear used the current framebuffer */
    uint64_t draws;
};

/* ctx_ring.c */
bool core_work(swr_context *ctx, uint32_t w);
bool core_pool_work(void *data, uint32_t worker_index);
void core_help_until(swr_context *ctx, bool (*done)(swr_context *, uint64_t), uint64_t arg);
draw_context *core_dc_begin(swr_context *ctx, uint32_t kind);
void core_dc_all_tiles(swr_context *ctx, draw_context *dc, uint32_t x0, uint32_t y0, uint32_t x1,
                       uint32_t y1);
void core_dc_publish(swr_context *ctx, draw_context *dc);
void core_drain(swr_context *ctx);
/* Drains the ring and waits until no thread can still read a draw context's
 * arrays (before freeing or resizing them). */
void core_quiesce(swr_context *ctx);
void core_advance_tail(swr_context *ctx);
#endif /* CORE_PRIV_H */
