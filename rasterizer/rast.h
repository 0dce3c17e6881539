/*
 * rast.h: the rasterizer part as core sees it -- everything core needs and
 * nothing else (the rest is rast_priv.h and the stage headers, private to
 * rasterizer/).
 *
 * Core owns the ring of draw contexts, the state blocks and the scheduling;
 * the rasterizer does the work of one frontend job (a chunk of a draw) or
 * one backend job (one macrotile of one draw context):
 *
 *   rast_fe_run      (worker that claimed the chunk)  fetch -> VS -> assemble
 *                    -> clip/cull -> setup -> bin into `rast_bins`
 *   rast_be_draw_tile (worker holding the macrotile)   raster -> depth/stencil
 *                    -> PS -> blend, for every binned primitive of the tile
 *   rast_be_clear_tile / rast_be_store_tile            clears and stores
 *
 * Everything a job reads is immutable while it runs (state blocks, bins of
 * finished frontends); what it writes is private to it (bins of its own draw
 * context, hot tiles of its own macrotile, its thread's scratch).
 *
 * Core fills the state blocks whose content is swr_* state; the vertex
 * layout block (with its compiled fetch plan) and the draw state (the
 * blocks plus values derived from them) are opaque: core sizes them with
 * rast_*_bytes() and fills them through the functions below.
 */
#ifndef RAST_H
#define RAST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/arena.h"
#include "common/swr_state.h"
#include "common/shader_abi.h"

/* Macrotile: the unit of backend scheduling, of bins and of hot tiles. 64
 * pixels (2^6): a 1024x1024 target has 256 of them, enough to keep many
 * workers busy, while an RGBA8 + Z32 hot tile pair (2 x 16 KiB) stays in L2. */
#define RAST_MT_LOG2 6
#define RAST_MT_DIM  (1 << RAST_MT_LOG2)

/* ---- state blocks (immutable once published; core versions them) ---------- */

/* The vertex layout and its fetch plan (fe_fetch.c): opaque. */
typedef struct rast_layout_block rast_layout_block;
size_t rast_layout_block_bytes(void);
/* Compiles `layout` into *b (rast_layout_block_bytes() bytes). API thread,
 * at state validation; never blocks. An invalid layout returns false with a
 * one-line static message in *error (if not NULL) and leaves *b unchanged. */
bool rast_layout_block_set(rast_layout_block *b, const swr_vertex_layout *layout,
                           const char **error);

typedef struct rast_buffers_block {
    swr_vertex_buffer vb[SWR_MAX_VERTEX_BUFFERS];
    const void *index_data;
    uint32_t index_size;
    uint32_t index_bytes;
} rast_buffers_block;

typedef struct rast_shader_block {
    swr_vs_state vs;
    swr_ps_state ps;
    swr_gs_state gs; /* gs.func NULL: none */
    swr_shader_resources res[SWR_STAGE_COUNT];
} rast_shader_block;

typedef struct rast_raster_block {
    swr_rasterizer_state rs;
    swr_viewport vp[SWR_MAX_VIEWPORTS];
    swr_rect scissor[SWR_MAX_VIEWPORTS];
} rast_raster_block;

typedef struct rast_output_block {
    swr_depth_stencil_state dsa;
    uint8_t stencil_ref[2];
    swr_blend_state blend;
    float blend_color[4];
} rast_output_block;

typedef struct rast_fb_block {
    swr_framebuffer fb;
} rast_fb_block;

/* Stream output (fe_so.c). The buffers' offset_bytes here are those of the
 * swr_set_stream_output call; a draw writes from the offsets in its jobs
 * (rast_so_job), which core advances draw by draw. */
typedef struct rast_so_block {
    swr_so_state so;
} rast_so_block;

/* ---- draw state ------------------------------------------------------------------ */

/* Everything a draw reads: the current blocks and the values derived from
 * them once per state change (rast_state.c). Opaque; core builds one when
 * any block changed and shares it by every draw until the next change. */
typedef struct rast_draw_state rast_draw_state;

typedef struct rast_state_blocks {
    const rast_layout_block *layout;
    const rast_buffers_block *buffers;
    const rast_shader_block *shaders;
    const rast_raster_block *raster;
    const rast_output_block *output;
    const rast_fb_block *fb;
    const rast_so_block *so;
} rast_state_blocks;

size_t rast_draw_state_bytes(void);
/* Builds the draw state in *st (rast_draw_state_bytes() bytes, 64-byte
 * aligned) over `blocks`. With prev NULL the derived values are derived
 * from the blocks (in the engine's floating-point environment, as workers
 * would compute them); with prev, when only state that derivation does not
 * read changed (constants, samplers, vertex layout and buffers), they are
 * copied from it. API thread. */
void rast_draw_state_build(rast_draw_state *st, const rast_state_blocks *blocks,
                           const rast_draw_state *prev);
/* The rendering area of the draw state's framebuffer, in pixels. */
void rast_draw_state_area(const rast_draw_state *st, uint32_t *width, uint32_t *height);

/* ---- what core validates and cuts with ------------------------------------------ */

/* Surface formats the backend renders to (be_formats.c): colour formats, the
 * depth/stencil formats, and the bytes per pixel of a surface. */
bool rast_format_is_color(swr_format fmt);
bool rast_format_is_depth(swr_format fmt);
uint32_t rast_surface_bpp(swr_format fmt);

/* Draw cutting (fe_assemble.c): positions per frontend chunk for a budget
 * of max_prims primitives, and the most primitives a range of `positions`
 * positions can assemble into (fe_assemble.h says exactly). */
uint32_t rast_positions_per_chunk(uint32_t topology, uint32_t max_prims);
uint32_t rast_max_prims_for_positions(uint32_t topology, uint32_t positions);

/* ---- bins ------------------------------------------------------------------------ */

typedef struct rast_bin_block rast_bin_block; /* rast_priv.h */

/* The bins of one draw context. The arrays are owned by the ring slot and
 * sized to the tile grid; head/tail entries of untouched tiles are NULL, and
 * the backend resets the entries it consumed, so a slot is clean for reuse
 * without a sweep. */
typedef struct rast_bins {
    arena *arena;
    uint32_t grid_w, grid_h;       /* tiles */
    rast_bin_block **head, **tail; /* [grid_w * grid_h] */
    uint32_t *touched;             /* tile ids in first-touch order */
    uint32_t num_touched;
    bool out_of_memory;
} rast_bins;

/* ---- per-thread scratch ------------------------------------------------------ */

typedef struct rast_scratch rast_scratch;
rast_scratch *rast_scratch_create(void);
void rast_scratch_destroy(rast_scratch *s);

/* Counters a job adds to (per thread, summed by core; meanings at swr_stats). */
typedef struct rast_counters {
    uint64_t vs_invocations, prims_in, prims_binned, ps_invocations, samples_passed;
    uint64_t ia_vertices, ia_primitives, c_invocations, c_primitives;
    uint64_t so_prims_generated, so_prims_written;
    uint64_t gs_invocations, gs_primitives;
} rast_counters;

/* ---- frontend ----------------------------------------------------------------------- */

/* Where one chunk's primitives go in the stream output buffers, decided on
 * the API thread when the draw is cut (rast_so_prepare), so that chunks
 * running on any workers in any order write disjoint ranges in draw order.
 * Primitive g of the draw (counted over the whole draw, instance after
 * instance) is written iff g < limit. */
typedef struct rast_so_job {
    bool active;
    uint64_t prim_base;                        /* primitives of an instance before this chunk's */
    uint64_t prims_per_instance;               /* primitives of one instance */
    uint64_t limit;                            /* primitives of the draw that fit */
    uint32_t offset_bytes[SWR_MAX_SO_BUFFERS]; /* of the draw's primitive 0 */
    /* With a geometry shader the primitive count is known only once the GS
     * ran: the draw is one chunk (all positions, all instances) that
     * numbers its primitives itself and stores the draw's total here
     * (core's memory; the API thread reads it after waiting for the draw). */
    uint64_t *gs_generated;
} rast_so_job;

typedef struct rast_fe_job {
    const rast_draw_state *st;
    swr_draw_info draw;
    uint32_t begin, end;                   /* index-stream positions of this chunk */
    uint32_t instance_begin, instance_end; /* instances this chunk draws */
    rast_so_job so;
} rast_fe_job;

/* Stream output of a draw cut into `chunks` chunks of per_chunk positions
 * (the last one shorter): prefix[c] (c = 0..chunks) receives the primitives
 * one instance assembles in the positions before chunk c, so prefix[chunks]
 * is one instance's total. offsets: the buffers' write offsets before the
 * draw. Fills the totals of the draw: generated, written, the offsets after
 * it, and the limit of the chunks' rast_so_job. API thread; O(chunks), plus
 * one pass over the indices for restart draws. False: stream output is off
 * in st (nothing filled). */
typedef struct rast_so_plan {
    uint64_t generated, written, limit;
    uint32_t offset_after[SWR_MAX_SO_BUFFERS];
} rast_so_plan;
bool rast_so_prepare(const rast_draw_state *st, const swr_draw_info *d, uint32_t per_chunk,
                     uint32_t chunks, const uint32_t offsets[SWR_MAX_SO_BUFFERS], uint64_t *prefix,
                     rast_so_plan *plan);
/* Whether a stream output state is valid: NULL or "" when it is, else a
 * one-line static message. API thread (swr_set_stream_output). */
const char *rast_so_validate(const swr_so_state *so);
/* Stream output of a draw with a geometry shader (one chunk): the
 * primitives of the GS's output topology that fit from `offsets` on.
 * API thread. */
uint64_t rast_so_gs_limit(const rast_draw_state *st, const uint32_t offsets[SWR_MAX_SO_BUFFERS]);
/* Whether a geometry shader state is valid (swr_set_gs): NULL when it is,
 * else a one-line static message; and whether draw topology `topology`
 * feeds a GS of input class gs->input_topology. */
const char *rast_gs_validate(const swr_gs_state *gs);
bool rast_gs_topology_ok(const swr_gs_state *gs, uint32_t topology);

void rast_fe_run(const rast_fe_job *job, rast_bins *bins, rast_scratch *scratch,
                 rast_counters *counters);

/* ---- hot tiles ------------------------------------------------------------------------------ */

#define RAST_HOT_SLOTS (SWR_MAX_RENDER_TARGETS + 2) /* colour targets, depth, stencil */

typedef struct rast_hot_tile rast_hot_tile; /* rast_priv.h */

/* Hot tiles of one context: [slot][tile id]. Only the worker holding a
 * macrotile touches that macrotile's entries. */
typedef struct rast_hot_tiles {
    uint32_t grid_w, grid_h;
    rast_hot_tile *tiles[RAST_HOT_SLOTS];
} rast_hot_tiles;

bool rast_hot_tiles_init(rast_hot_tiles *h, uint32_t grid_w, uint32_t grid_h);
void rast_hot_tiles_free(rast_hot_tiles *h);

/* ---- backend ------------------------------------------------------------------------- */

void rast_be_draw_tile(const rast_draw_state *st, const rast_bins *bins, uint32_t tile,
                       rast_hot_tiles *hot, rast_scratch *scratch, rast_counters *counters);

typedef struct rast_clear_job {
    const rast_fb_block *fb;
    uint32_t width, height; /* rendering area of fb */
    swr_clear_info info;
    bool fast; /* allowed to defer (KNOB_FAST_CLEAR) */
} rast_clear_job;

void rast_be_clear_tile(const rast_clear_job *job, uint32_t tile, rast_hot_tiles *hot);
/* Stores every dirty or pending-clear hot tile of this macrotile to its surface. */
void rast_be_store_tile(uint32_t tile, bool invalidate, rast_hot_tiles *hot);

#endif /* RAST_H */
