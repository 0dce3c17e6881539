/*
 * bench_engine.c: whole-engine throughput through the public API
 * (core/swr.h), with C shaders, at four thread configurations: the argument
 * of every benchmark is the pool worker count, 0 meaning a single-threaded
 * context (everything on the API thread) and -1 the default placement (one
 * bound worker per core but the first, which the API thread keeps: 1 worker
 * on a 2-core machine). The pool is process-wide and created by the first
 * context from the KNOB_* values, so each run sets KNOB_MAX_WORKER_THREADS,
 * creates its own context and destroys it at the end (the last release joins
 * the pool). Note that with N workers up to N + 1 threads render: the API
 * thread helps while it waits (full ring, swr_sync).
 *
 * Scenes (1024x1024 B8G8R8A8_UNORM + Z32_FLOAT; one iteration = one frame:
 * clear, draw, store tiles, sync, all timed in wall-clock time):
 *   tiny_tris      ~1M random triangles of 1..4 px^2 area, one non-indexed
 *                  list, depth LESS, pass-through VS, colour PS. Mtri/s.
 *   vs_heavy_mesh  an indexed 512x512-vertex grid over the screen (2 px^2
 *                  triangles) whose VS chains four 4x4 matrix transforms
 *                  (64 multiply-adds per vertex). Vertices shaded/s (the
 *                  engine's vs_invocations counter) and indices/s.
 *   fill_opaque    16 full-screen quads at decreasing depth (all pass LESS).
 *   fill_blend     16 full-screen quads, SRC_ALPHA / INV_SRC_ALPHA, no depth.
 *   fill_opaque_8px, fill_blend_8px: the same with the pixel shader's
 *                  8-pixel entry only (swr_ps_state.tile_func NULL), for
 *                  the same-run ratio of the batched entry (color_ps_tile).
 *   clear          colour + depth clear and store of the whole target.
 * Each run checks the engine's statistics against the analytic counts
 * (primitives, shaded and passing pixels, the stored clear colour) and fails
 * the benchmark when they differ, so the CTest smoke run is also a check.
 *
 * SWR_BENCH_SMOKE=1 (set by bench_engine.cmake for CTest) shrinks every scene
 * (256x256 target, 16 Ki triangles, 64x64 grid, 4 layers) so that the smoke
 * run stays short under the sanitizers.
 *
 * After the benchmarks, a summary prints the median rate of each scene per
 * thread configuration and the 2-worker / 1-worker, 2-worker /
 * single-threaded and default / single-threaded ratios (to stderr when a non-console --benchmark_format
 * was asked for, so that stdout stays valid JSON/CSV).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "cbench.h"
#include "common/simd.h"
#include "core/swr.h"
#include "knobs/knobs.h"

/* Google Benchmark reports a skipped run but still exits 0; main() returns
 * 1 when any run failed its check, so the CTest smoke run fails too. */
static int bench_failures;

static void bench_fail(cb_state *st, const char *msg)
{
    bench_failures++;
    cb_skip_with_error(st, msg);
}

/* ---- problem sizes -------------------------------------------------------------- */

typedef struct bench_sizes {
    uint32_t dim;       /* target side in pixels */
    uint32_t tiny_tris; /* triangles of the tiny_tris list */
    uint32_t grid;      /* vertices per side of the vs_heavy_mesh grid */
    uint32_t layers;    /* full-screen quads per fill frame */
} bench_sizes;

static const bench_sizes full_sizes = {1024, 1u << 20, 512, 16};
static const bench_sizes smoke_sizes = {256, 1u << 14, 64, 4};

static const bench_sizes *sizes(void)
{
    static const bench_sizes *s;
    if (!s) {
        const char *e = getenv("SWR_BENCH_SMOKE");
        s = e && e[0] && strcmp(e, "0") ? &smoke_sizes : &full_sizes;
    }
    return s;
}

/* ---- results kept for the summary --------------------------------------------------- */

enum { SC_TINY, SC_VS, SC_OPAQUE, SC_BLEND, SC_OPAQUE8, SC_BLEND8, SC_CLEAR, SC_COUNT };
#define MAX_WORKERS_ARG 2
/* The benchmark argument of the default placement, and its slot in logs. */
#define DEFAULT_PLACEMENT_ARG (-1)
#define DEFAULT_SLOT (MAX_WORKERS_ARG + 1)
#define MAX_CALLS 64

static const char *const scene_name[SC_COUNT] = {"tiny_tris",       "vs_heavy_mesh",
                                                 "fill_opaque",     "fill_blend",
                                                 "fill_opaque_8px", "fill_blend_8px",
                                                 "clear"};
static const char *const scene_unit[SC_COUNT] = {"Mtri/s", "Mvert/s", "Gpix/s", "Gpix/s",
                                                 "Gpix/s", "Gpix/s",  "Gpix/s"};

/* Every call of a benchmark function, with its iteration count: Google
 * Benchmark first calls with growing counts to size the run, then (for every
 * repetition) with the final count, so the calls with the largest count are
 * the measured ones. */
typedef struct call_log {
    int n;
    int64_t iters[MAX_CALLS];
    double rate[MAX_CALLS]; /* in scene_unit */
} call_log;

static call_log logs[SC_COUNT][DEFAULT_SLOT + 1];

static void log_call(int scene, int64_t workers, int64_t iters, double rate)
{
    call_log *l = &logs[scene][workers == DEFAULT_PLACEMENT_ARG ? DEFAULT_SLOT : workers];
    if (l->n < MAX_CALLS) {
        l->iters[l->n] = iters;
        l->rate[l->n] = rate;
        l->n++;
    }
}

/* Median rate of the measured calls; 0 when the benchmark did not run. */
static double log_median(const call_log *l)
{
    return bench_median_of_measured(l->iters, l->rate, l->n, 0.0);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- shaders ---------------------------------------------------------------------------- */

/* Position and colour straight through. */
static void passthrough_vs(const void *shader, swr_vs_args *a)
{
    (void)shader;
    memcpy(&a->outputs[0], &a->inputs[0], sizeof a->outputs[0]);
    memcpy(&a->outputs[1], &a->inputs[1], sizeof a->outputs[1]);
}

/* Position through the four column-major 4x4 matrices of constant buffer 0
 * (vec4s 0..15), in turn: 4 x 16 = 64 multiply-adds per vertex. */
static void heavy_vs(const void *shader, swr_vs_args *a)
{
    (void)shader;
    const float *m = a->res->constants[0];
    vf8 p[4] = {vf8_load(a->inputs[0].v[0]), vf8_load(a->inputs[0].v[1]),
                vf8_load(a->inputs[0].v[2]), vf8_load(a->inputs[0].v[3])};
    for (int k = 0; k < 4; k++, m += 16) {
        vf8 q[4];
        for (int r = 0; r < 4; r++)
            q[r] = vf8_fma(vf8_set1(m[r]), p[0],
                           vf8_fma(vf8_set1(m[4 + r]), p[1],
                                   vf8_fma(vf8_set1(m[8 + r]), p[2],
                                           vf8_mul(vf8_set1(m[12 + r]), p[3]))));
        memcpy(p, q, sizeof p);
    }
    for (int r = 0; r < 4; r++)
        vf8_store(a->outputs[0].v[r], p[r]);
    memcpy(&a->outputs[1], &a->inputs[1], sizeof a->outputs[1]);
}

/* The interpolated colour. */
static void color_ps(const void *shader, swr_ps_args *a)
{
    (void)shader;
    memcpy(&a->color[0], &a->inputs[0], sizeof a->color[0]);
}

/* color_ps as a batched entry (swr_ps_tile_func): input 0 of each live
 * block from its planes, the same float adds the engine does for the
 * 8-pixel entry, so the colours are bit-identical. The argument pointers
 * are read once into locals, as compiled shaders hold them in registers:
 * through `a` the compiler would reload each after every output store
 * (which may alias the arguments as far as it knows). */
static void color_ps_tile(const void *shader, swr_ps_tile_args *a)
{
    (void)shader;
    vf8 lanes[4];
    const float *off[4];
    for (int c = 0; c < 4; c++) {
        lanes[c] = vf8_load(a->in_lanes[c]);
        off[c] = a->in_off[c];
    }
    swr_ps_tile_out *out = a->out;
    uint32_t exec[8];
    memcpy(exec, a->exec_mask, sizeof exec);
    for (int b = 0; b < 8; b++) {
        if (!exec[b])
            continue;
        for (int c = 0; c < 4; c++)
            vf8_store(out[b].color[0].v[c], vf8_add(vf8_set1(off[c][b]), lanes[c]));
    }
}

/* ---- geometry (built once per process, shared by every run) ------------------------------ */

/* tiny_tris / vs_heavy_mesh vertex: NDC position (w fetched as 1), RGBA8. */
typedef struct vtx16 {
    float x, y, z;
    uint8_t rgba[4];
} vtx16;

/* fill vertex: NDC position xyzw, colour rgba. */
typedef struct vtx32 {
    float pos[4], color[4];
} vtx32;


static vtx16 *tiny_verts; /* 3 * tiny_tris */

/* Right isosceles triangles of area A in [1, 4] px^2 (legs sqrt(2A)), at a
 * random rotation about their centroid, anywhere on the target; one depth
 * and colour per triangle. Both windings occur (culling is off). */
static const vtx16 *tiny_geometry(void)
{
    if (tiny_verts)
        return tiny_verts;
    const bench_sizes *sz = sizes();
    vtx16 *v = malloc(sizeof *v * 3 * sz->tiny_tris);
    if (!v)
        return NULL;
    uint32_t seed = 0x1234567u;
    float half = sz->dim * 0.5f;
    for (uint32_t t = 0; t < sz->tiny_tris; t++) {
        float area = 1.0f + 3.0f * bench_rng_unit(&seed);
        float leg = sqrtf(2.0f * area);
        float ang = 6.2831853f * bench_rng_unit(&seed);
        float c = cosf(ang), s = sinf(ang);
        float cx = 3.0f + (sz->dim - 6.0f) * bench_rng_unit(&seed);
        float cy = 3.0f + (sz->dim - 6.0f) * bench_rng_unit(&seed);
        float z = -0.9f + 1.8f * bench_rng_unit(&seed);
        uint32_t col = bench_rng_next(&seed);
        const float lx[3] = {0, leg, 0}, ly[3] = {0, 0, leg};
        for (int k = 0; k < 3; k++) {
            float dx = lx[k] - leg / 3, dy = ly[k] - leg / 3;
            float wx = cx + c * dx - s * dy, wy = cy + s * dx + c * dy;
            vtx16 *o = &v[t * 3 + k];
            o->x = wx / half - 1.0f;
            o->y = 1.0f - wy / half;
            o->z = z;
            memcpy(o->rgba, &col, 4);
        }
    }
    tiny_verts = v;
    return v;
}

static vtx16 *grid_verts;
static uint32_t *grid_indices;

/* grid x grid vertices evenly over the target (1 px margin), two triangles
 * per cell, depth varying smoothly. */
static int grid_geometry(void)
{
    if (grid_verts)
        return 0;
    const bench_sizes *sz = sizes();
    uint32_t g = sz->grid;
    vtx16 *v = malloc(sizeof *v * g * g);
    uint32_t *ix = malloc(sizeof *ix * 6 * (g - 1) * (g - 1));
    if (!v || !ix) {
        free(v);
        free(ix);
        return -1;
    }
    float span = 1.0f - 1.0f / (sz->dim * 0.5f);
    for (uint32_t i = 0; i < g; i++)
        for (uint32_t j = 0; j < g; j++) {
            vtx16 *o = &v[i * g + j];
            o->x = -span + 2.0f * span * j / (g - 1);
            o->y = -span + 2.0f * span * i / (g - 1);
            o->z = 0.5f * sinf(0.05f * i) * cosf(0.07f * j);
            o->rgba[0] = (uint8_t)i, o->rgba[1] = (uint8_t)j, o->rgba[2] = 128, o->rgba[3] = 255;
        }
    uint32_t *p = ix;
    for (uint32_t i = 0; i + 1 < g; i++)
        for (uint32_t j = 0; j + 1 < g; j++) {
            uint32_t a = i * g + j, b = a + g;
            *p++ = a, *p++ = b, *p++ = a + 1;
            *p++ = a + 1, *p++ = b, *p++ = b + 1;
        }
    grid_verts = v;
    grid_indices = ix;
    return 0;
}

/* ---- the target and context of one run ------------------------------------------------------ */

typedef struct bench_target {
    swr_context *ctx;
    uint8_t *color;
    float *depth;
    uint32_t dim;
} bench_target;

static void target_close(bench_target *t)
{
    if (t->ctx)
        swr_context_destroy(t->ctx);
    free(t->color);
    free(t->depth);
    memset(t, 0, sizeof *t);
}

/* Creates the context for `workers` (0: single-threaded, -1: the default
 * placement) with the target
 * bound, viewport over it, no culling, depth LESS with writes, and the
 * colour PS reading VS output 1. NULL on success, else the failure. */
static const char *target_open(bench_target *t, int64_t workers)
{
    memset(t, 0, sizeof *t);
    swr_context_desc desc = {0};
    if (workers == 0) {
        desc.single_threaded = 1;
    } else {
        char n[16];
        snprintf(n, sizeof n, "%d", workers == DEFAULT_PLACEMENT_ARG ? 0 : (int)workers);
        if (!knob_set("MAX_WORKER_THREADS", n))
            return "knob_set(MAX_WORKER_THREADS) failed";
    }
    if (swr_context_create(&desc, &t->ctx) != SWR_OK)
        return "swr_context_create failed";
    if (workers != DEFAULT_PLACEMENT_ARG && swr_worker_count(t->ctx) != (uint32_t)workers)
        return "worker count differs from MAX_WORKER_THREADS (another context alive?)";
    uint32_t dim = t->dim = sizes()->dim;
    t->color = aligned_alloc(64, (size_t)dim * dim * 4);
    t->depth = aligned_alloc(64, (size_t)dim * dim * 4);
    if (!t->color || !t->depth)
        return "out of memory";
    memset(t->color, 0, (size_t)dim * dim * 4);
    memset(t->depth, 0, (size_t)dim * dim * 4);
    swr_framebuffer fb = {.num_color = 1};
    fb.color[0] = (swr_surface){t->color, dim * 4, dim, dim, SWR_FORMAT_B8G8R8A8_UNORM};
    fb.zs = (swr_surface){t->depth, dim * 4, dim, dim, SWR_FORMAT_Z32_FLOAT};
    swr_set_framebuffer(t->ctx, &fb);
    swr_viewport vp = {{dim / 2.0f, -(dim / 2.0f), 0.5f}, {dim / 2.0f, dim / 2.0f, 0.5f}};
    swr_set_viewports(t->ctx, 0, 1, &vp);
    swr_rasterizer_state rs = {.front_ccw = true, .depth_clip_near = true, .depth_clip_far = true,
                               .half_pixel_center = true, .point_size = 1, .line_width = 1,
                               .cull_face = SWR_FACE_NONE};
    swr_set_rasterizer_state(t->ctx, &rs);
    swr_depth_stencil_state dsa = {.depth_enabled = true, .depth_writemask = true,
                                   .depth_func = SWR_FUNC_LESS};
    swr_set_depth_stencil_state(t->ctx, &dsa);
    /* color_ps reads inputs[0] only: what the TGSI compiler would flag. */
    swr_ps_state ps = {.func = color_ps, .tile_func = color_ps_tile, .num_inputs = 1,
                       .num_outputs = 1, .position_unused = true, .barycentrics_unused = true};
    ps.inputs[0] = (swr_ps_input){1, SWR_SLOT_NONE, SWR_INTERP_PERSPECTIVE};
    swr_set_ps(t->ctx, &ps);
    return NULL;
}

static void set_vs(swr_context *ctx, swr_vs_func fn)
{
    swr_vs_state vs = {.func = fn, .num_inputs = 2, .num_outputs = 2, .position_slot = 0,
                       .point_size_slot = SWR_SLOT_NONE,
                       .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                       .viewport_index_slot = SWR_SLOT_NONE};
    swr_set_vs(ctx, &vs);
}

/* Binds a vtx16 stream: float3 position, UNORM8x4 colour. */
static void bind_vtx16(swr_context *ctx, const vtx16 *v, uint32_t count)
{
    swr_vertex_layout layout = {.num_elements = 2};
    layout.elements[0] = (swr_vertex_element){0, 0, SWR_VTYPE_FLOAT32, 3, 0};
    layout.elements[1] = (swr_vertex_element){12, 0, SWR_VTYPE_UNORM8, 4, 0};
    swr_set_vertex_layout(ctx, &layout);
    swr_vertex_buffer vb = {v, count * (uint32_t)sizeof *v, sizeof *v};
    swr_set_vertex_buffers(ctx, 0, 1, &vb);
}

static const swr_clear_info clear_all = {.buffers = SWR_CLEAR_COLOR(0) | SWR_CLEAR_DEPTH,
                                         .color = {0.1f, 0.1f, 0.15f, 1.0f}, .depth = 1.0};

static void frame_end(swr_context *ctx)
{
    swr_store_tiles(ctx, false);
    swr_sync(ctx);
}

/* ---- benchmarks ----------------------------------------------------------------------------- */

static void bm_tiny_tris(cb_state *st, void *user)
{
    (void)user;
    int64_t workers = cb_range_arg(st, 0);
    uint32_t ntris = sizes()->tiny_tris;
    bench_target t;
    const vtx16 *v = tiny_geometry();
    const char *err = v ? target_open(&t, workers) : "out of memory";
    if (err) {
        bench_fail(st, err);
        target_close(&t);
        return;
    }
    bind_vtx16(t.ctx, v, 3 * ntris);
    set_vs(t.ctx, passthrough_vs);
    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = 3 * ntris};
    swr_stats s0, s1;
    swr_get_stats(t.ctx, &s0);
    double t0 = now_s();
    while (cb_keep_running(st)) {
        swr_clear(t.ctx, &clear_all);
        swr_draw(t.ctx, &d);
        frame_end(t.ctx);
    }
    double secs = now_s() - t0;
    swr_get_stats(t.ctx, &s1);
    int64_t it = cb_iterations(st);
    if (s1.prims_in - s0.prims_in != (uint64_t)it * ntris) {
        bench_fail(st, "prims_in differs from the triangles drawn");
    } else {
        cb_set_items_processed(st, it * ntris);
        cb_counter(st, "Mtri_per_s", (double)it * ntris / 1e6, CB_COUNTER_RATE);
        cb_counter(st, "px_per_tri",
                   (double)(s1.ps_invocations - s0.ps_invocations) / ((double)it * ntris),
                   CB_COUNTER_DEFAULT);
        log_call(SC_TINY, workers, it, (double)it * ntris / 1e6 / secs);
    }
    target_close(&t);
}

/* Four matrices whose product is the identity up to rounding, so the mesh
 * stays where it was built: R(a), S(2), R(-a), S(1/2) (column-major). */
static void heavy_constants(float m[64])
{
    const float a = 0.3f, c = cosf(a), s = sinf(a);
    const float mats[4][16] = {
        {c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1},
        {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2},
        {c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1},
        {0.5f, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 0.5f},
    };
    memcpy(m, mats, sizeof mats);
}

static void bm_vs_heavy_mesh(cb_state *st, void *user)
{
    (void)user;
    int64_t workers = cb_range_arg(st, 0);
    uint32_t g = sizes()->grid;
    uint32_t nidx = 6 * (g - 1) * (g - 1), ntris = nidx / 3;
    bench_target t;
    static float consts[64] __attribute__((aligned(32)));
    heavy_constants(consts);
    const char *err = grid_geometry() ? "out of memory" : target_open(&t, workers);
    if (err) {
        bench_fail(st, err);
        target_close(&t);
        return;
    }
    bind_vtx16(t.ctx, grid_verts, g * g);
    swr_set_index_buffer(t.ctx, grid_indices, 4, nidx * 4);
    swr_set_constant_buffer(t.ctx, SWR_STAGE_VS, 0, consts, 16);
    set_vs(t.ctx, heavy_vs);
    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = nidx, .indexed = true};
    swr_stats s0, s1;
    swr_get_stats(t.ctx, &s0);
    double t0 = now_s();
    while (cb_keep_running(st)) {
        swr_clear(t.ctx, &clear_all);
        swr_draw(t.ctx, &d);
        frame_end(t.ctx);
    }
    double secs = now_s() - t0;
    swr_get_stats(t.ctx, &s1);
    int64_t it = cb_iterations(st);
    uint64_t shaded = s1.vs_invocations - s0.vs_invocations;
    if (s1.prims_in - s0.prims_in != (uint64_t)it * ntris) {
        bench_fail(st, "prims_in differs from the triangles drawn");
    } else if (shaded < (uint64_t)it * g * g || shaded > (uint64_t)it * nidx) {
        bench_fail(st, "vs_invocations outside [unique vertices, indices]");
    } else {
        cb_set_items_processed(st, it * nidx);
        cb_counter(st, "Mvert_per_s", (double)shaded / 1e6, CB_COUNTER_RATE);
        cb_counter(st, "Midx_per_s", (double)it * nidx / 1e6, CB_COUNTER_RATE);
        cb_counter(st, "Mtri_per_s", (double)it * ntris / 1e6, CB_COUNTER_RATE);
        cb_counter(st, "vs_per_idx", (double)shaded / ((double)it * nidx), CB_COUNTER_DEFAULT);
        log_call(SC_VS, workers, it, (double)shaded / 1e6 / secs);
    }
    target_close(&t);
}

/* `layers` full-screen quads (two triangles each, 4 vertices, 6 uint16
 * indices) at depth 0.9 - 0.8 q / layers (decreasing), alpha 0.3. */
static void build_quads(vtx32 *v, uint16_t *ix, uint32_t layers)
{
    const float xy[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    for (uint32_t q = 0; q < layers; q++) {
        float z = 0.9f - 0.8f * (float)q / (float)layers;
        float c[4] = {(q % 3) / 2.0f, ((q + 1) % 3) / 2.0f, ((q + 2) % 3) / 2.0f, 0.3f};
        for (int k = 0; k < 4; k++) {
            vtx32 *p = &v[q * 4 + k];
            p->pos[0] = xy[k][0], p->pos[1] = xy[k][1], p->pos[2] = z, p->pos[3] = 1;
            memcpy(p->color, c, sizeof c);
        }
        uint16_t b = (uint16_t)(q * 4);
        uint16_t *o = &ix[q * 6];
        o[0] = b, o[1] = b + 1, o[2] = b + 2, o[3] = b, o[4] = b + 2, o[5] = b + 3;
    }
}

static void bm_fill(cb_state *st, int scene, bool blend, bool batched)
{
    int64_t workers = cb_range_arg(st, 0);
    uint32_t layers = sizes()->layers;
    vtx32 quads[16 * 4];
    uint16_t quad_idx[16 * 6];
    bench_target t;
    const char *err = target_open(&t, workers);
    if (err) {
        bench_fail(st, err);
        target_close(&t);
        return;
    }
    build_quads(quads, quad_idx, layers);
    swr_vertex_layout layout = {.num_elements = 2};
    layout.elements[0] = (swr_vertex_element){0, 0, SWR_VTYPE_FLOAT32, 4, 0};
    layout.elements[1] = (swr_vertex_element){16, 0, SWR_VTYPE_FLOAT32, 4, 0};
    swr_set_vertex_layout(t.ctx, &layout);
    swr_vertex_buffer vb = {quads, sizeof quads, sizeof quads[0]};
    swr_set_vertex_buffers(t.ctx, 0, 1, &vb);
    swr_set_index_buffer(t.ctx, quad_idx, 2, sizeof quad_idx);
    set_vs(t.ctx, passthrough_vs);
    if (!batched) {
        swr_ps_state ps = {.func = color_ps, .num_inputs = 1, .num_outputs = 1,
                           .position_unused = true, .barycentrics_unused = true};
        ps.inputs[0] = (swr_ps_input){1, SWR_SLOT_NONE, SWR_INTERP_PERSPECTIVE};
        swr_set_ps(t.ctx, &ps);
    }
    swr_clear_info clear = clear_all;
    if (blend) {
        swr_blend_state bs = {0};
        bs.rt[0] = (swr_blend_rt){true, SWR_BLEND_ADD, SWR_BLENDFACTOR_SRC_ALPHA,
                                  SWR_BLENDFACTOR_INV_SRC_ALPHA, SWR_BLEND_ADD,
                                  SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_INV_SRC_ALPHA,
                                  SWR_MASK_RGBA};
        swr_set_blend_state(t.ctx, &bs);
        swr_depth_stencil_state dsa = {0};
        swr_set_depth_stencil_state(t.ctx, &dsa);
        clear.buffers = SWR_CLEAR_COLOR(0);
    } else {
        swr_blend_state bs = {0};
        bs.rt[0].colormask = SWR_MASK_RGBA;
        swr_set_blend_state(t.ctx, &bs);
    }
    uint64_t pixels = (uint64_t)layers * t.dim * t.dim;
    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = 6 * layers, .indexed = true};
    swr_stats s0, s1;
    swr_get_stats(t.ctx, &s0);
    double t0 = now_s();
    while (cb_keep_running(st)) {
        swr_clear(t.ctx, &clear);
        swr_draw(t.ctx, &d);
        frame_end(t.ctx);
    }
    double secs = now_s() - t0;
    swr_get_stats(t.ctx, &s1);
    int64_t it = cb_iterations(st);
    if (s1.ps_invocations - s0.ps_invocations != (uint64_t)it * pixels) {
        bench_fail(st, "ps_invocations differs from layers x pixels");
    } else if (!blend && s1.samples_passed - s0.samples_passed != (uint64_t)it * pixels) {
        bench_fail(st, "samples_passed differs from layers x pixels (depth test)");
    } else {
        cb_set_items_processed(st, it * (int64_t)pixels);
        cb_counter(st, "Gpix_per_s", (double)it * pixels / 1e9, CB_COUNTER_RATE);
        log_call(scene, workers, it, (double)it * pixels / 1e9 / secs);
    }
    target_close(&t);
}

static void bm_fill_opaque(cb_state *st, void *user)
{
    (void)user;
    bm_fill(st, SC_OPAQUE, false, true);
}

static void bm_fill_opaque_8px(cb_state *st, void *user)
{
    (void)user;
    bm_fill(st, SC_OPAQUE8, false, false);
}

static void bm_fill_blend_8px(cb_state *st, void *user)
{
    (void)user;
    bm_fill(st, SC_BLEND8, true, false);
}

static void bm_fill_blend(cb_state *st, void *user)
{
    (void)user;
    bm_fill(st, SC_BLEND, true, true);
}

/* Clears alternate between two colours so every store writes new bytes;
 * afterwards the surface must hold the last one everywhere (B8G8R8A8). */
static void bm_clear(cb_state *st, void *user)
{
    (void)user;
    int64_t workers = cb_range_arg(st, 0);
    bench_target t;
    const char *err = target_open(&t, workers);
    if (err) {
        bench_fail(st, err);
        target_close(&t);
        return;
    }
    /* Channels that are exact multiples of 1/255 (51, 102, 153, 255), so
     * the expected bytes need no rounding rule; read as a little-endian
     * uint32, B8G8R8A8 bytes are 0xAARRGGBB. */
    swr_clear_info c[2] = {
        {.buffers = SWR_CLEAR_COLOR(0) | SWR_CLEAR_DEPTH, .color = {0.2f, 0.4f, 0.6f, 1.0f},
         .depth = 1.0},
        {.buffers = SWR_CLEAR_COLOR(0) | SWR_CLEAR_DEPTH, .color = {1.0f, 0.0f, 0.0f, 1.0f},
         .depth = 0.5},
    };
    const uint32_t expect[2] = {0xff336699u, 0xffff0000u};
    uint64_t pixels = (uint64_t)t.dim * t.dim;
    int64_t n = 0;
    double t0 = now_s();
    while (cb_keep_running(st)) {
        swr_clear(t.ctx, &c[n & 1]);
        frame_end(t.ctx);
        n++;
    }
    double secs = now_s() - t0;
    uint32_t want = expect[(n - 1) & 1];
    float want_z = (float)c[(n - 1) & 1].depth;
    bool ok = true;
    for (uint64_t i = 0; i < pixels && ok; i += 4093) {
        uint32_t px;
        memcpy(&px, t.color + i * 4, 4);
        ok = px == want && t.depth[i] == want_z;
    }
    if (!ok) {
        bench_fail(st, "stored surface does not hold the clear values");
    } else {
        cb_set_items_processed(st, n * (int64_t)pixels);
        cb_counter(st, "Gpix_per_s", (double)n * pixels / 1e9, CB_COUNTER_RATE);
        log_call(SC_CLEAR, workers, n, (double)n * pixels / 1e9 / secs);
    }
    target_close(&t);
}

/* ---- registration, main, summary -------------------------------------------------------------- */

static void register_scene(const char *name, cb_fn fn)
{
    cb_bench *b = cb_register(name, fn, NULL);
    cb_arg_name(b, "workers");
    for (int64_t w = 0; w <= MAX_WORKERS_ARG; w++)
        cb_arg(b, w);
    cb_arg(b, DEFAULT_PLACEMENT_ARG);
    cb_use_real_time(b);
    cb_unit_set(b, CB_MS);
}

__attribute__((constructor)) static void register_engine_benchmarks(void)
{
    register_scene("tiny_tris", bm_tiny_tris);
    register_scene("vs_heavy_mesh", bm_vs_heavy_mesh);
    register_scene("fill_opaque", bm_fill_opaque);
    register_scene("fill_blend", bm_fill_blend);
    register_scene("fill_opaque_8px", bm_fill_opaque_8px);
    register_scene("fill_blend_8px", bm_fill_blend_8px);
    register_scene("clear", bm_clear);
}

/* Workers of the default placement (a context created just to ask; none is
 * alive at this point, so this one makes a pool with the default knobs). */
static uint32_t default_workers(void)
{
    swr_context *ctx;
    if (!knob_set("MAX_WORKER_THREADS", "0") || swr_context_create(NULL, &ctx) != SWR_OK)
        return 0;
    uint32_t n = swr_worker_count(ctx);
    swr_context_destroy(ctx);
    return n;
}

static void print_summary(FILE *f)
{
    bool any = false;
    for (int s = 0; s < SC_COUNT; s++)
        for (int w = 0; w <= DEFAULT_SLOT; w++)
            any |= logs[s][w].n > 0;
    if (!any)
        return;
    const bench_sizes *sz = sizes();
    fprintf(f, "\nswr engine summary (%ux%u%s; median of measured runs; workers 0 = "
               "single-threaded; with N workers the API thread helps too; default = %u "
               "bound worker(s) + the API thread)\n",
            sz->dim, sz->dim, sz == &smoke_sizes ? ", SMOKE sizes" : "", default_workers());
    fprintf(f, "%-16s %-8s %10s %10s %10s %10s %8s %8s %8s\n", "scene", "unit", "0 (ST)",
            "1 worker", "2 workers", "default", "2w/1w", "2w/ST", "def/ST");
    for (int s = 0; s < SC_COUNT; s++) {
        double r[DEFAULT_SLOT + 1];
        bool row = false;
        for (int w = 0; w <= DEFAULT_SLOT; w++) {
            r[w] = log_median(&logs[s][w]);
            row |= r[w] > 0;
        }
        if (!row)
            continue;
        fprintf(f, "%-16s %-8s", scene_name[s], scene_unit[s]);
        for (int w = 0; w <= DEFAULT_SLOT; w++) {
            if (r[w] > 0)
                fprintf(f, " %10.3f", r[w]);
            else
                fprintf(f, " %10s", "-");
        }
        if (r[2] > 0 && r[1] > 0)
            fprintf(f, " %7.2fx", r[2] / r[1]);
        else
            fprintf(f, " %8s", "-");
        if (r[2] > 0 && r[0] > 0)
            fprintf(f, " %7.2fx", r[2] / r[0]);
        else
            fprintf(f, " %8s", "-");
        if (r[DEFAULT_SLOT] > 0 && r[0] > 0)
            fprintf(f, " %7.2fx", r[DEFAULT_SLOT] / r[0]);
        else
            fprintf(f, " %8s", "-");
        fputc('\n', f);
    }
}

int main(int argc, char **argv)
{
    int rc = cb_main(argc, argv);
    if (rc == 0) {
        fflush(stdout);
        print_summary(bench_summary_stream(argc, argv));
    }
    free(tiny_verts);
    free(grid_verts);
    free(grid_indices);
    return rc ? rc : bench_failures ? 1 : 0;
}
