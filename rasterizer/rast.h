/*
 * rast.h: what core sees of the rasterizer part.
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
 */
#ifndef RAST_H
#define RAST_H

#include <stdbool.h>
#include <stdint.h>

#include "common/arena.h"
#include "common/swr_state.h"
#include "common/shader_abi.h"
#include "rasterizer/be_output.h"
#include "rasterizer/fe_fetch.h"
#include "rasterizer/rast_priv.h"

/* ---- state blocks (immutable once published; core versions them) ---------- */

typedef struct rast_layout_block {
    swr_vertex_layout layout;
    fe_fetch_plan plan;
} rast_layout_block;

typedef struct rast_buffers_block {
    swr_vertex_buffer vb[SWR_MAX_VERTEX_BUFFERS];
    const void *index_data;
    uint32_t index_size;
    uint32_t index_bytes;
} rast_buffers_block;

typedef struct rast_shader_block {
    swr_vs_state vs;
    swr_ps_state ps;
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

/* Per-viewport values derived once per state change. */
typedef struct rast_viewport_derived {
    swr_rect rect;          /* pixels a primitive may touch: viewport ∩ framebuffer ∩ scissor */
    float guard_x, guard_y; /* guard band in clip-space units (see fe_clip.h) */
    float depth_lo, depth_hi; /* depth clamp range */
} rast_viewport_derived;

/* The backend's decisions that depend only on the draw state, made by
 * rast_derive_state (be_draw_derive) instead of by rast_be_draw_tile once
 * per (draw chunk, macrotile): a chunk of small triangles touches a
 * macrotile with a handful of them, and decoding the state there cost
 * about as much as rasterizing one. be_draw.c copies the struct into its
 * tile context and reads it per block. */
typedef struct rast_be_setup {
    uint32_t color_bpp[SWR_MAX_RENDER_TARGETS]; /* be_hot_bpp of each written target, else 0 */
    uint32_t zbits; /* be_depth_unorm_bits of the depth format with ds_enabled, else 0 */
    bool early_ds, late_ds, alpha_test; /* tests done per block, and when */
    /* Depth-only test (no stencil) done inline instead of through ds_fn:
     * the kernel be_ds_select picks, without the call and its spills. */
    bool ds_inline, ds_float, ds_write;
    uint32_t ds_func; /* swr_func & 7 */
    /* The late test uses the shader's stencil output as the reference
     * (ARB_shader_stencil_export): the shader writes it, the format has
     * stencil and depth/stencil is on. */
    bool ds_shader_stencil_ref;
    be_blend_kind blend_kind; /* rt 0 alone with an 8888 fast path, else BE_BLEND_CALL */
    uint8_t common;           /* be_draw.c's common-state instance (BE_COMMON_*) */
    /* What the shader reads: position, barycentrics, a perspective divide
     * (barycentrics or a PERSPECTIVE input). */
    bool want_pos, want_bary, want_div;
    /* The non-constant and the constant PS inputs, in input order. */
    uint8_t var_attr[SWR_MAX_ATTRIBS], const_attr[SWR_MAX_ATTRIBS];
    uint32_t num_var, num_const;
} rast_be_setup;

/* Everything a draw reads. Built by core when any block changed; shared by
 * every draw until the next change. */
typedef struct rast_draw_state {
    const rast_layout_block *layout;
    const rast_buffers_block *buffers;
    const rast_shader_block *shaders;
    const rast_raster_block *raster;
    const rast_output_block *output;
    const rast_fb_block *fb;

    /* derived */
    uint32_t fb_width, fb_height;
    int32_t sample_offset_fx8;
    uint32_t num_attribs;              /* PS inputs carried per primitive */
    uint8_t interp[SWR_MAX_ATTRIBS];   /* resolved: CONSTANT, LINEAR or PERSPECTIVE */
    uint32_t sprite_mask;              /* PS inputs replaced by point sprite coordinates */
    bool has_flat;                     /* some input is CONSTANT */
    uint32_t rt_mask;                  /* render targets written (bound, format, colormask) */
    bool early_ds;                     /* depth/stencil before the PS */
    bool ds_enabled;                   /* depth or stencil test on (with a surface to test) */
    bool depth_writes, stencil_writes; /* the draw may modify depth / stencil */
    be_ds_fn ds_fn;                    /* selected for (dsa, depth format) */
    be_blend_fn blend_fn[SWR_MAX_RENDER_TARGETS]; /* selected per (blend, format) */
    bool depth_clamp;
    float depth_offset_r; /* minimum resolvable depth difference for fixed formats */
    uint32_t num_viewports;
    rast_viewport_derived vp[SWR_MAX_VIEWPORTS];
    rast_be_setup be; /* last: be_draw_derive reads the fields above */
} rast_draw_state;

/* Fills the derived fields from the blocks. */
void rast_derive_state(rast_draw_state *st);

/* ---- bins ------------------------------------------------------------------------ */

#define RAST_BIN_BLOCK_ITEMS 30

typedef struct rast_bin_block {
    struct rast_bin_block *next;
    uint32_t count;
    const void *items[RAST_BIN_BLOCK_ITEMS]; /* be_prim pointers, in primitive order */
} rast_bin_block;

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
} rast_counters;

/* ---- frontend ----------------------------------------------------------------------- */

typedef struct rast_fe_job {
    const rast_draw_state *st;
    swr_draw_info draw;
    uint32_t begin, end;                   /* index-stream positions of this chunk */
    uint32_t instance_begin, instance_end; /* instances this chunk draws */
} rast_fe_job;

void rast_fe_run(const rast_fe_job *job, rast_bins *bins, rast_scratch *scratch,
                 rast_counters *counters);

/* ---- hot tiles ------------------------------------------------------------------------------ */

enum rast_hot_state {
    RAST_HOT_INVALID,      /* hot memory unusable; the surface holds the data */
    RAST_HOT_RESOLVED,     /* hot memory equals the surface */
    RAST_HOT_DIRTY,        /* hot memory is newer than the surface */
    RAST_HOT_CLEAR,        /* a fast clear is pending: hot memory and surface are stale */
    RAST_HOT_CLEAR_STORED, /* surface holds the clear value; hot memory not filled */
};

#define RAST_HOT_SLOT_DEPTH   SWR_MAX_RENDER_TARGETS
#define RAST_HOT_SLOT_STENCIL (SWR_MAX_RENDER_TARGETS + 1)
#define RAST_HOT_SLOTS        (SWR_MAX_RENDER_TARGETS + 2)

typedef struct rast_hot_tile {
    void *mem;
    uint32_t mem_bytes;
    uint8_t state;           /* rast_hot_state */
    swr_surface surface;     /* what the hot memory belongs to */
    uint8_t clear_value[16]; /* hot-format pixel for CLEAR states */
} rast_hot_tile;

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
