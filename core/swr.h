/*
 * swr.h: the engine API. The pipe driver (frontend-gallium/pipe) sits on it;
 * tests, the demo and benchmarks drive it directly.
 *
 * Threading: a context is used by one API thread at a time (like a GL
 * context). Set-state calls copy what they are given; draws, clears and
 * stores are queued into a ring of draw contexts and executed by the
 * process-wide worker pool (and by the API thread while it waits). Memory
 * the state points to (vertex/index buffers, constant buffers, surfaces)
 * belongs to the caller and must stay valid until a fence submitted after
 * the last draw that uses it has signalled.
 *
 * Results are identical for every worker count: per 64x64 macrotile, work
 * runs strictly in submission order.
 */
#ifndef SWR_H
#define SWR_H

#include <stdbool.h>
#include <stdint.h>

#include "common/swr_state.h"
#include "common/shader_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum swr_result {
    SWR_OK = 0,
    SWR_ERROR_OUT_OF_MEMORY,
    SWR_ERROR_INVALID_ARGUMENT,
    SWR_ERROR_UNSUPPORTED_CPU,
    SWR_ERROR_UNSUPPORTED,
    SWR_ERROR_TIMEOUT,
} swr_result;

const char *swr_result_string(swr_result r);

/* Checks that the CPU has AVX2, FMA and F16C and that the OS saves YMM
 * state. On failure *message (if not NULL) names the first of AVX, AVX2, FMA,
 * F16C that is missing; on success it is "". Runs on any x86-64 CPU
 * (core/cpu_check.c is compiled without AVX). Every binary that links
 * swr_core already runs it at load time and exits with status 1 and a
 * message on stderr when it fails, so callers see SWR_OK; swr_context_create
 * calls it too. */
swr_result swr_check_cpu(const char **message);

typedef struct swr_context swr_context;

/* Zero means "default" in every field. */
typedef struct swr_context_desc {
    uint32_t max_draws_in_flight; /* 0: KNOB_MAX_DRAWS_IN_FLIGHT */
    uint32_t max_prims_per_draw;  /* 0: KNOB_MAX_PRIMS_PER_DRAW */
    uint32_t single_threaded; /* 1: run everything on the API thread (also KNOB_SINGLE_THREADED) */
    /* 0: KNOB_MAX_WORKER_THREADS (whose 0 is the default placement: one bound
     * worker per core but the API thread's); > 0: that many unbound workers.
     * The worker pool is one per process: this applies when this context
     * creates it (no other context holds it); a context created while the
     * pool exists shares it as it is (swr_worker_count says how many). */
    uint32_t workers;
} swr_context_desc;

swr_result swr_context_create(const swr_context_desc *desc, swr_context **out);
/* Waits for all queued work, then frees the context. */
void swr_context_destroy(swr_context *ctx);
/* Number of threads that execute work: pool workers (0 when single-threaded). */
uint32_t swr_worker_count(const swr_context *ctx);

/* ---- state ---------------------------------------------------------------- */

swr_result swr_set_vertex_layout(swr_context *ctx, const swr_vertex_layout *layout);
swr_result swr_set_vertex_buffers(swr_context *ctx, uint32_t first, uint32_t count,
                                  const swr_vertex_buffer *buffers);
/* index_size: 1, 2 or 4; data NULL unbinds. Indices reading past size_bytes read as 0. */
swr_result swr_set_index_buffer(swr_context *ctx, const void *data, uint32_t index_size,
                                uint32_t size_bytes);
swr_result swr_set_vs(swr_context *ctx, const swr_vs_state *vs);
swr_result swr_set_ps(swr_context *ctx, const swr_ps_state *ps);
/* The geometry shader for the following draws (swr_state.h, swr_gs_state);
 * gs NULL or gs->func NULL: none. A state outside the limits swr_state.h
 * lists: SWR_ERROR_INVALID_ARGUMENT and the previous GS stays. With a GS
 * bound and stream output enabled a draw is not split into chunks, and
 * its stream output results (swr_get_stream_output) are known only when
 * it has run, so swr_draw waits for it. */
swr_result swr_set_gs(swr_context *ctx, const swr_gs_state *gs);
/* Why swr_set_gs would reject gs: NULL when it is valid, else a one-line
 * static message. */
const char *swr_gs_validate(const swr_gs_state *gs);

/* vec4_count vec4s at data (caller's memory) become constant buffer `index`. */
swr_result swr_set_constant_buffer(swr_context *ctx, uint32_t stage, uint32_t index,
                                   const float *data, uint32_t vec4_count);
/* The pipe driver's sampler for `stage` (NULL: texture instructions return 0). */
swr_result swr_set_sampler(swr_context *ctx, uint32_t stage, const swr_sampler_interface *sampler);

swr_result swr_set_rasterizer_state(swr_context *ctx, const swr_rasterizer_state *rs);
swr_result swr_set_viewports(swr_context *ctx, uint32_t first, uint32_t count,
                             const swr_viewport *vps);
swr_result swr_set_scissors(swr_context *ctx, uint32_t first, uint32_t count,
                            const swr_rect *rects);
swr_result swr_set_depth_stencil_state(swr_context *ctx, const swr_depth_stencil_state *dsa);
swr_result swr_set_stencil_ref(swr_context *ctx, uint8_t front, uint8_t back);
swr_result swr_set_blend_state(swr_context *ctx, const swr_blend_state *blend);
swr_result swr_set_blend_color(swr_context *ctx, const float rgba[4]);
/* Changing the framebuffer stores the previous one's rendered tiles. */
swr_result swr_set_framebuffer(swr_context *ctx, const swr_framebuffer *fb);

/* Stream output for the following draws (swr_state.h says what is written
 * where). so NULL: off. The buffer offsets are where the next draw writes;
 * each draw advances the offsets of the buffers its declarations name by
 * what it wrote, so consecutive draws append (swr_get_stream_output reads
 * them back). Bad declarations or buffers: SWR_ERROR_INVALID_ARGUMENT and
 * the previous state stays. */
swr_result swr_set_stream_output(swr_context *ctx, const swr_so_state *so);

/* Stream output results. Known on the API thread when the draw is queued
 * (the buffer contents only after a fence submitted later has signalled):
 * the chunks' positions are computed from the draw's topology, vertex range
 * and indices when it is cut, so nothing here waits for the workers. */
typedef struct swr_so_result {
    uint64_t prims_generated; /* primitives the last draw assembled (all instances) */
    uint64_t prims_written;   /* of those, written (the rest did not fit) */
    bool overflow;            /* prims_written < prims_generated */
    uint32_t offset_bytes[SWR_MAX_SO_BUFFERS]; /* where the next draw writes */
} swr_so_result;
/* The last draw's results (zero before any draw with stream output) and the
 * current offsets. */
swr_result swr_get_stream_output(swr_context *ctx, swr_so_result *out);

/* ---- work ---------------------------------------------------------------- */

swr_result swr_draw(swr_context *ctx, const swr_draw_info *info);

swr_result swr_clear(swr_context *ctx, const swr_clear_info *info);

/* Writes every rendered hot tile back to its surface (flush, present,
 * readback). With invalidate, hot tiles are also dropped, so the next draw
 * reloads from the surface memory (after the caller wrote to it). */
swr_result swr_store_tiles(swr_context *ctx, bool invalidate);

/* Counts a presented frame (profiling frame window). */
void swr_end_frame(swr_context *ctx);

/* ---- synchronisation -------------------------------------------------------- */

typedef uint64_t swr_fence;
/* A fence that signals when all work submitted so far is done. */
swr_fence swr_fence_submit(swr_context *ctx);
bool swr_fence_done(swr_context *ctx, swr_fence fence);
/* Waits (helping with the work) up to timeout_ns (UINT64_MAX: forever). */
swr_result swr_fence_wait(swr_context *ctx, swr_fence fence, uint64_t timeout_ns);
/* Waits for all submitted work. */
swr_result swr_sync(swr_context *ctx);

/* Counters accumulated since context creation (exact: sums over tiles). */
typedef struct swr_stats {
    uint64_t draws;          /* swr_draw calls executed */
    uint64_t vs_invocations; /* vertices shaded */
    uint64_t prims_in;       /* primitives assembled */
    uint64_t prims_binned;   /* primitives that reached the backend */
    uint64_t ps_invocations; /* live pixels shaded (helper lanes excluded) */
    uint64_t samples_passed; /* pixels that passed depth/stencil (occlusion) */
    /* Pipeline statistics (D3D11 / ARB_pipeline_statistics_query meanings):
     * ia_vertices: index-stream positions read, per instance (restart
     *   indices are not vertices; vertices of incomplete primitives and
     *   adjacency vertices count; a line loop's first vertex once);
     * ia_primitives: API primitives assembled, per instance (a quad, a
     *   quad-strip quad or a polygon is one; restarts add none);
     * c_invocations: API primitives that reached the clipper: ia_primitives
     *   unless rasterizer discard drops them before it (then 0);
     * c_primitives: primitives the clipper output: 0 for a primitive with a
     *   non-finite position or all vertices outside one clip plane (or
     *   outside the guard band in window-space mode), 1 for one needing no
     *   clipping (the x/y sides are left to the guard band and scissor),
     *   else the triangles of the clipped polygon (vertices - 2) or the
     *   clipped line; quads and polygons leave as their triangles. Face and
     *   zero-area culling happen after clipping (in rasterization), so
     *   culled triangles count. */
    uint64_t ia_vertices, ia_primitives, c_invocations, c_primitives;
    /* Stream output, counted by the frontend chunks as they write (the sums
     * equal swr_so_result's per-draw values): primitives that reached
     * stream output while it was enabled, and those written. */
    uint64_t so_prims_generated, so_prims_written;
    /* Geometry shader (D3D11 meanings): gs_invocations: input primitives
     * the GS ran on (once per primitive: one invocation each);
     * gs_primitives: primitives its emitted strips make. */
    uint64_t gs_invocations, gs_primitives;
} swr_stats;
/* Reads the counters; call after swr_sync for exact values. */
void swr_get_stats(swr_context *ctx, swr_stats *out);

#ifdef __cplusplus
}
#endif

#endif /* SWR_H */
