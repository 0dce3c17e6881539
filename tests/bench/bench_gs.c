/*
 * bench_gs.c: the cost of the geometry shader stage (rasterizer/fe_gs.c)
 * through the public API, and how it scales with workers.
 *
 * Scene: small random triangles (1..4 px^2; 256 Ki on a 1024x1024
 * B8G8R8A8_UNORM target, 16 Ki on 256x256 with SWR_BENCH_SMOKE=1), one
 * non-indexed list, pass-through VS, colour PS, no depth; one iteration =
 * one frame (clear, draw, store tiles, sync) in wall-clock time. Two
 * variants of the same frame:
 *   no_gs        the VS outputs go straight to clipping and setup;
 *   gs_pass      a C geometry shader (8 lanes, shader_abi.h's swr_gs_args)
 *                that emits each triangle's 3 vertices unchanged: the
 *                stage's own cost (positional VS slots, gather, the call,
 *                strip to primitive conversion) on top of no_gs.
 * The argument is the pool worker count, 0 = a single-threaded context;
 * each run sets KNOB_MAX_WORKER_THREADS and owns the (process-wide) pool.
 * Each run checks prims_in (and gs_primitives for gs_pass) against the
 * triangles drawn and fails the benchmark when they differ. A summary
 * prints the median Mtri/s per variant and worker count, gs/no-gs and
 * 2-worker/1-worker ratios.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "cbench.h"
#include "core/swr.h"
#include "knobs/knobs.h"

#define MAX_WORKERS_ARG 2

static int bench_failures;

typedef struct vtx32 {
    float pos[4], color[4];
} vtx32;

static uint32_t dim_px, num_tris;
static vtx32 *verts;

static void sizes(void)
{
    const char *e = getenv("SWR_BENCH_SMOKE");
    const bool smoke = e && e[0] && strcmp(e, "0");
    dim_px = smoke ? 256 : 1024;
    num_tris = smoke ? 1u << 14 : 1u << 18;
}

static const vtx32 *geometry(void)
{
    if (verts)
        return verts;
    sizes();
    vtx32 *v = malloc(sizeof *v * 3 * num_tris);
    if (!v)
        return NULL;
    uint32_t seed = 0x2545f491u;
    const float half = (float)dim_px * 0.5f;
    for (uint32_t t = 0; t < num_tris; t++) {
        float leg = sqrtf(2.0f * (1.0f + 3.0f * bench_rng_unit(&seed)));
        float cx = 3.0f + ((float)dim_px - 6.0f) * bench_rng_unit(&seed);
        float cy = 3.0f + ((float)dim_px - 6.0f) * bench_rng_unit(&seed);
        float col = bench_rng_unit(&seed);
        const float lx[3] = {0, leg, 0}, ly[3] = {0, 0, leg};
        for (int k = 0; k < 3; k++) {
            vtx32 *o = &v[t * 3 + k];
            o->pos[0] = (cx + lx[k]) / half - 1.0f;
            o->pos[1] = 1.0f - (cy + ly[k]) / half;
            o->pos[2] = 0.0f;
            o->pos[3] = 1.0f;
            o->color[0] = col, o->color[1] = 1.0f - col, o->color[2] = 0.5f, o->color[3] = 1.0f;
        }
    }
    verts = v;
    return v;
}

/* ---- shaders ------------------------------------------------------------------- */

static void pass_vs(const void *shader, swr_vs_args *a)
{
    (void)shader;
    memcpy(&a->outputs[0], &a->inputs[0], sizeof a->outputs[0]);
    memcpy(&a->outputs[1], &a->inputs[1], sizeof a->outputs[1]);
}

/* Each lane's triangle, its 3 vertices of num_outputs attributes, as one
 * strip (the implicit end of the program ends it). */
static void pass_gs(const void *shader, swr_gs_args *a)
{
    (void)shader;
    const uint32_t no = a->num_outputs, ni = a->num_inputs;
    for (uint32_t l = 0; l < 8; l++) {
        if (!(a->active_mask & (1u << l)))
            continue;
        float *out = a->out_vertices + (size_t)l * a->max_vertices * no * 4;
        for (uint32_t v = 0; v < 3; v++)
            for (uint32_t r = 0; r < no; r++)
                for (uint32_t c = 0; c < 4; c++)
                    out[(v * no + r) * 4 + c] = a->inputs[v * ni + r].v[c][l];
        a->emit_count[l] = 3;
    }
}

static void color_ps(const void *shader, swr_ps_args *a)
{
    (void)shader;
    memcpy(&a->color[0], &a->inputs[0], sizeof a->color[0]);
}

/* ---- one run ------------------------------------------------------------------- */

#define NUM_VARIANTS 2
static const char *const variant_name[NUM_VARIANTS] = {"no_gs", "gs_pass"};
static double medians[NUM_VARIANTS][MAX_WORKERS_ARG + 1];
typedef struct call_log {
    int64_t iters[64];
    double rate[64];
    int n;
} call_log;
static call_log logs[NUM_VARIANTS][MAX_WORKERS_ARG + 1];

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void bm_run(cb_state *st, int variant)
{
    const int64_t workers = cb_range_arg(st, 0);
    const vtx32 *v = geometry();
    if (!v) {
        bench_failures++;
        cb_skip_with_error(st, "out of memory");
        return;
    }
    swr_context_desc desc = {0};
    if (workers == 0) {
        desc.single_threaded = 1;
    } else {
        char n[16];
        snprintf(n, sizeof n, "%d", (int)workers);
        knob_set("MAX_WORKER_THREADS", n);
    }
    swr_context *ctx = NULL;
    uint8_t *color = aligned_alloc(64, (size_t)dim_px * dim_px * 4);
    if (!color || swr_context_create(&desc, &ctx) != SWR_OK ||
        (workers && swr_worker_count(ctx) != (uint32_t)workers)) {
        bench_failures++;
        cb_skip_with_error(st, "context or target creation failed");
        if (ctx)
            swr_context_destroy(ctx);
        free(color);
        return;
    }
    swr_framebuffer fb = {.num_color = 1};
    fb.color[0] = (swr_surface){color, dim_px * 4, dim_px, dim_px, SWR_FORMAT_B8G8R8A8_UNORM};
    swr_set_framebuffer(ctx, &fb);
    const float h = (float)dim_px / 2.0f;
    swr_viewport vp = {{h, -h, 0.5f}, {h, h, 0.5f}};
    swr_set_viewports(ctx, 0, 1, &vp);
    swr_rasterizer_state rs = {.front_ccw = true,
                               .depth_clip_near = true,
                               .depth_clip_far = true,
                               .half_pixel_center = true,
                               .point_size = 1,
                               .line_width = 1};
    swr_set_rasterizer_state(ctx, &rs);
    swr_depth_stencil_state dsa = {0};
    swr_set_depth_stencil_state(ctx, &dsa);
    swr_blend_state blend = {0};
    blend.rt[0].colormask = SWR_MASK_RGBA;
    swr_set_blend_state(ctx, &blend);
    swr_ps_state ps = {.func = color_ps,
                       .num_inputs = 1,
                       .num_outputs = 1,
                       .position_unused = true,
                       .barycentrics_unused = true};
    ps.inputs[0] = (swr_ps_input){1, SWR_SLOT_NONE, SWR_INTERP_PERSPECTIVE};
    swr_set_ps(ctx, &ps);
    swr_vertex_layout layout = {.num_elements = 2};
    layout.elements[0] = (swr_vertex_element){0, 0, SWR_VTYPE_FLOAT32, 4, 0};
    layout.elements[1] = (swr_vertex_element){16, 0, SWR_VTYPE_FLOAT32, 4, 0};
    swr_set_vertex_layout(ctx, &layout);
    swr_vertex_buffer vb = {v, 3 * num_tris * (uint32_t)sizeof *v, sizeof *v};
    swr_set_vertex_buffers(ctx, 0, 1, &vb);
    swr_vs_state vs = {.func = pass_vs,
                       .num_inputs = 2,
                       .num_outputs = 2,
                       .position_slot = 0,
                       .point_size_slot = SWR_SLOT_NONE,
                       .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                       .viewport_index_slot = SWR_SLOT_NONE};
    swr_set_vs(ctx, &vs);
    if (variant == 1) {
        swr_gs_state gs = {.func = pass_gs,
                           .num_inputs = 2,
                           .num_outputs = 2,
                           .input_slot = {0, 1},
                           .input_topology = SWR_TOPO_TRIANGLES,
                           .output_topology = SWR_TOPO_TRIANGLE_STRIP,
                           .max_vertices = 3,
                           .position_slot = 0,
                           .point_size_slot = SWR_SLOT_NONE,
                           .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                           .viewport_index_slot = SWR_SLOT_NONE,
                           .prim_id_slot = SWR_SLOT_NONE};
        swr_set_gs(ctx, &gs);
    }
    const swr_clear_info clear = {.buffers = SWR_CLEAR_COLOR(0), .color = {0.1f, 0.1f, 0.1f, 1}};
    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = 3 * num_tris};
    swr_stats s0, s1;
    swr_get_stats(ctx, &s0);
    double t0 = now_s();
    while (cb_keep_running(st)) {
        swr_clear(ctx, &clear);
        swr_draw(ctx, &d);
        swr_store_tiles(ctx, false);
        swr_sync(ctx);
    }
    double secs = now_s() - t0;
    swr_get_stats(ctx, &s1);
    const int64_t it = cb_iterations(st);
    const uint64_t want = (uint64_t)it * num_tris;
    if (s1.prims_in - s0.prims_in != want ||
        (variant == 1 && s1.gs_primitives - s0.gs_primitives != want)) {
        bench_failures++;
        cb_skip_with_error(st, "primitive counts differ from the triangles drawn");
    } else {
        cb_counter(st, "Mtri_per_s", (double)want / 1e6, CB_COUNTER_RATE);
        call_log *l = &logs[variant][workers];
        if (l->n < 64) {
            l->iters[l->n] = it;
            l->rate[l->n] = (double)want / 1e6 / secs;
            l->n++;
        }
    }
    swr_context_destroy(ctx);
    free(color);
}

static void bm_no_gs(cb_state *st, void *user)
{
    (void)user;
    bm_run(st, 0);
}

static void bm_gs_pass(cb_state *st, void *user)
{
    (void)user;
    bm_run(st, 1);
}

__attribute__((constructor)) static void register_gs_benchmarks(void)
{
    cb_fn fns[NUM_VARIANTS] = {bm_no_gs, bm_gs_pass};
    for (int i = 0; i < NUM_VARIANTS; i++) {
        cb_bench *b = cb_register(variant_name[i], fns[i], NULL);
        cb_arg_name(b, "workers");
        for (int64_t w = 0; w <= MAX_WORKERS_ARG; w++)
            cb_arg(b, w);
        cb_use_real_time(b);
        cb_unit_set(b, CB_MS);
    }
}

/* Median rate of the calls with the largest iteration count (the
 * measurements; the smaller ones sized the run). */
static double median_of(const call_log *l)
{
    if (!l->n)
        return 0;
    int64_t top = 0;
    for (int i = 0; i < l->n; i++)
        top = l->iters[i] > top ? l->iters[i] : top;
    double v[64];
    int k = 0;
    for (int i = 0; i < l->n; i++)
        if (l->iters[i] == top)
            v[k++] = l->rate[i];
    qsort(v, (size_t)k, sizeof v[0], bench_cmp_double);
    return k % 2 ? v[k / 2] : 0.5 * (v[k / 2 - 1] + v[k / 2]);
}

int main(int argc, char **argv)
{
    int rc = cb_main(argc, argv);
    if (rc == 0) {
        FILE *f = bench_summary_stream(argc, argv);
        fprintf(f, "\n%-10s %12s %12s %12s %10s\n", "Mtri/s", "single", "1 worker", "2 workers",
                "2w/1w");
        for (int v = 0; v < NUM_VARIANTS; v++) {
            for (int w = 0; w <= MAX_WORKERS_ARG; w++)
                medians[v][w] = median_of(&logs[v][w]);
            fprintf(f, "%-10s %12.2f %12.2f %12.2f %10.2f\n", variant_name[v], medians[v][0],
                    medians[v][1], medians[v][2],
                    medians[v][1] > 0 ? medians[v][2] / medians[v][1] : 0.0);
        }
        for (int w = 0; w <= MAX_WORKERS_ARG; w++)
            if (medians[0][w] > 0)
                fprintf(f, "gs_pass / no_gs at %d worker%s: %.2f\n", w, w == 1 ? "" : "s",
                        medians[1][w] / medians[0][w]);
    }
    free(verts);
    return rc ? rc : bench_failures ? 1 : 0;
}
