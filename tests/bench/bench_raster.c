/*
 * bench_raster.c: backend kernels in isolation, single thread.
 *
 * tri/<class>: rast_tri_setup + rast_tri_cover (rasterizer/be_raster.c) per
 *   triangle, as the backend calls them: the clip is the 64x64 macrotile the
 *   triangle lies in (small classes) or every one of the 256 macrotiles of a
 *   1024x1024 target in turn (fullscreen: one setup, 256 covers). Classes:
 *   area_1, area_4, area_64 (random right isosceles triangles of that area in
 *   px^2, random rotation, 1024 of them cycled) and fullscreen. The emit
 *   callback only counts pixels (popcount of the mask), so the time is the
 *   rasterizer's plus one indirect call per raster tile. Counters: ns_per_tri
 *   (thread CPU time, so that preemption on a shared machine does not count),
 *   cyc_per_tri (that time in cycles of the TSC rate printed in the label:
 *   nominal cycles, not core cycles under turbo) and px_per_tri (the average
 *   coverage, checked against the area: a wrong class size fails the run).
 * tri_setup_only/area_4: rast_tri_setup alone, to split the two.
 *
 * om/<path>: the output merger on a 64x64 B8G8R8A8_UNORM hot tile (16 KiB,
 *   cache resident), one 8-pixel block per call, all 512 blocks of the tile
 *   per iteration: be_blend_select's opaque and alpha (SRC_ALPHA /
 *   INV_SRC_ALPHA) fast paths, a partial lane mask on the opaque path, the
 *   generic be_blend_block (DST_COLOR * src, a modulate, has no fast path),
 *   and be_ds_select's Z32F LEQUAL + write test. Counter: ns_per_block.
 *   Each run first checks one block's result against the analytic bytes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include "bench_util.h"
#include "cbench.h"
#include "common/simd.h"
#include "rasterizer/be_formats.h"
#include "rasterizer/be_output.h"
#include "rasterizer/rast_priv.h"

#define SCREEN_DIM 1024
#define NUM_TRIS 1024 /* power of two: cycled with a mask */
#define SAMPLE_OFFSET_FX8 128

/* Google Benchmark reports a skipped run but still exits 0; main() returns
 * 1 when any run failed its check, so the CTest smoke run fails too. */
static int bench_failures;

static void bench_fail(cb_state *st, const char *msg)
{
    bench_failures++;
    cb_skip_with_error(st, msg);
}

/* ---- clocks ---------------------------------------------------------------------------- */

/* TSC ticks per ns, measured once over 20 ms of wall time. */
static double tsc_ghz(void)
{
    static double ghz;
    if (ghz == 0) {
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        uint64_t t0 = __rdtsc();
        do
            clock_gettime(CLOCK_MONOTONIC, &b);
        while ((b.tv_sec - a.tv_sec) * 1000000000ll + (b.tv_nsec - a.tv_nsec) < 20000000ll);
        uint64_t t1 = __rdtsc();
        double ns = (double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec);
        ghz = (double)(t1 - t0) / ns;
    }
    return ghz;
}

/* ---- triangles --------------------------------------------------------------------- */

typedef struct bench_tri {
    int32_t x_fx8[3], y_fx8[3];
    swr_rect clip; /* the macrotile holding the triangle */
} bench_tri;

typedef struct tri_class {
    const char *name;
    float area; /* px^2; 0: the full-screen triangle */
} tri_class;

static const tri_class classes[] = {{"area_1", 1}, {"area_4", 4}, {"area_64", 64},
                                    {"fullscreen", 0}};

typedef struct emit_sink {
    uint64_t pixels, tiles;
} emit_sink;

static void count_emit(void *user, int32_t tile_x, int32_t tile_y, uint64_t mask)
{
    (void)tile_x, (void)tile_y;
    emit_sink *s = user;
    s->pixels += (uint64_t)__builtin_popcountll(mask);
    s->tiles++;
}


/* Right isosceles triangles of the given area, randomly rotated about their
 * centroid, placed so that they lie inside one macrotile (a margin of the
 * circumradius, at most 8 px for area 64). */
static void make_tris(bench_tri *t, float area)
{
    uint32_t seed = 0x9e3779b9u;
    float leg = sqrtf(2.0f * area), margin = leg + 1.0f;
    for (int i = 0; i < NUM_TRIS; i++) {
        int32_t mx = (int32_t)(bench_rng_next(&seed) % (SCREEN_DIM / RAST_MT_DIM)) * RAST_MT_DIM;
        int32_t my = (int32_t)(bench_rng_next(&seed) % (SCREEN_DIM / RAST_MT_DIM)) * RAST_MT_DIM;
        float cx = mx + margin + (RAST_MT_DIM - 2 * margin) * bench_rng_unit(&seed);
        float cy = my + margin + (RAST_MT_DIM - 2 * margin) * bench_rng_unit(&seed);
        float ang = 6.2831853f * bench_rng_unit(&seed), c = cosf(ang), s = sinf(ang);
        const float lx[3] = {0, leg, 0}, ly[3] = {0, 0, leg};
        for (int k = 0; k < 3; k++) {
            float dx = lx[k] - leg / 3, dy = ly[k] - leg / 3;
            t[i].x_fx8[k] = (int32_t)lrintf((cx + c * dx - s * dy) * 256.0f);
            t[i].y_fx8[k] = (int32_t)lrintf((cy + s * dx + c * dy) * 256.0f);
        }
        t[i].clip = (swr_rect){mx, my, mx + RAST_MT_DIM, my + RAST_MT_DIM};
    }
}

static void bm_tri(cb_state *st, void *user)
{
    const tri_class *cls = user;
    static bench_tri tris[NUM_TRIS];
    emit_sink sink = {0, 0};
    rast_tri tri;
    int64_t area2;
    uint64_t n = 0;
    double t0, t1;
    if (cls->area > 0) {
        make_tris(tris, cls->area);
        t0 = bench_cpu_ns();
        while (cb_keep_running(st)) {
            const bench_tri *b = &tris[n++ & (NUM_TRIS - 1)];
            if (rast_tri_setup(b->x_fx8, b->y_fx8, SAMPLE_OFFSET_FX8, false, &tri, &area2))
                rast_tri_cover(&tri, SAMPLE_OFFSET_FX8, b->clip, count_emit, &sink);
        }
        t1 = bench_cpu_ns();
    } else {
        /* Far enough beyond the screen that every pixel is inside. */
        const int32_t x[3] = {-16 * 256, 3 * SCREEN_DIM * 256, -16 * 256};
        const int32_t y[3] = {-16 * 256, -16 * 256, 3 * SCREEN_DIM * 256};
        t0 = bench_cpu_ns();
        while (cb_keep_running(st)) {
            if (rast_tri_setup(x, y, SAMPLE_OFFSET_FX8, false, &tri, &area2))
                for (int32_t my = 0; my < SCREEN_DIM; my += RAST_MT_DIM)
                    for (int32_t mx = 0; mx < SCREEN_DIM; mx += RAST_MT_DIM) {
                        swr_rect clip = {mx, my, mx + RAST_MT_DIM, my + RAST_MT_DIM};
                        rast_tri_cover(&tri, SAMPLE_OFFSET_FX8, clip, count_emit, &sink);
                    }
            n++;
        }
        t1 = bench_cpu_ns();
    }
    double px = (double)sink.pixels / (double)n;
    /* Coverage sanity: the mean over 1024 random triangles is within a few
     * percent of the area (more loosely for 1 px^2: sample-point luck). */
    bool ok = cls->area > 0 ? fabs(px - cls->area) <= 0.15 * cls->area + 0.1
                            : sink.pixels == n * (uint64_t)SCREEN_DIM * SCREEN_DIM;
    if (n >= NUM_TRIS || cls->area == 0) {
        if (!ok) {
            bench_fail(st, "average coverage does not match the triangle area");
            return;
        }
    }
    char label[64];
    snprintf(label, sizeof label, "TSC %.2f GHz", tsc_ghz());
    cb_set_label(st, label);
    cb_set_items_processed(st, (int64_t)n);
    cb_counter(st, "ns_per_tri", (double)n * 1e-9, CB_COUNTER_RATE | CB_COUNTER_INVERT);
    cb_counter(st, "cyc_per_tri", (t1 - t0) * tsc_ghz() / (double)n, CB_COUNTER_DEFAULT);
    cb_counter(st, "px_per_tri", px, CB_COUNTER_DEFAULT);
}

static void bm_tri_setup_only(cb_state *st, void *user)
{
    static bench_tri tris[NUM_TRIS];
    rast_tri tri;
    int64_t area2;
    uint64_t n = 0;
    make_tris(tris, ((const tri_class *)user)->area);
    double t0 = bench_cpu_ns();
    while (cb_keep_running(st)) {
        const bench_tri *b = &tris[n++ & (NUM_TRIS - 1)];
        rast_tri_setup(b->x_fx8, b->y_fx8, SAMPLE_OFFSET_FX8, false, &tri, &area2);
        cb_do_not_optimize(&tri);
    }
    double t1 = bench_cpu_ns();
    cb_set_items_processed(st, (int64_t)n);
    cb_counter(st, "ns_per_tri", (double)n * 1e-9, CB_COUNTER_RATE | CB_COUNTER_INVERT);
    cb_counter(st, "cyc_per_tri", (t1 - t0) * tsc_ghz() / (double)n, CB_COUNTER_DEFAULT);
}

/* ---- output merger --------------------------------------------------------------------- */

#define HOT_BLOCKS (RAST_MT_PIXELS / 8)
#define NUM_SRC 8

typedef enum om_path { OM_OPAQUE, OM_OPAQUE_PARTIAL, OM_ALPHA, OM_GENERIC, OM_DEPTH } om_path;

typedef struct om_case {
    const char *name;
    om_path path;
} om_case;

static const om_case om_cases[] = {
    {"om/blend_opaque_bgra8", OM_OPAQUE},      {"om/blend_opaque_bgra8_mask5a", OM_OPAQUE_PARTIAL},
    {"om/blend_alpha_bgra8", OM_ALPHA},        {"om/blend_generic_modulate_bgra8", OM_GENERIC},
    {"om/depth_z32f_lequal_write", OM_DEPTH},
};

static swr_blend_state om_blend_state(om_path p)
{
    swr_blend_state bs = {0};
    bs.rt[0].colormask = SWR_MASK_RGBA;
    if (p == OM_ALPHA)
        bs.rt[0] = (swr_blend_rt){true, SWR_BLEND_ADD, SWR_BLENDFACTOR_SRC_ALPHA,
                                  SWR_BLENDFACTOR_INV_SRC_ALPHA, SWR_BLEND_ADD,
                                  SWR_BLENDFACTOR_SRC_ALPHA, SWR_BLENDFACTOR_INV_SRC_ALPHA,
                                  SWR_MASK_RGBA};
    else if (p == OM_GENERIC)
        bs.rt[0] = (swr_blend_rt){true, SWR_BLEND_ADD, SWR_BLENDFACTOR_DST_COLOR,
                                  SWR_BLENDFACTOR_ZERO, SWR_BLEND_ADD, SWR_BLENDFACTOR_DST_ALPHA,
                                  SWR_BLENDFACTOR_ZERO, SWR_MASK_RGBA};
    return bs;
}

/* One block through fn with src (r, g, b, a) over a dst of all 0xff bytes;
 * returns whether lane 0 holds the expected B8G8R8A8 bytes: opaque writes
 * round(255 c); alpha gives c * a + 1 * (1 - a); modulate gives c * 1. */
static bool om_check(be_blend_fn fn, const swr_blend_state *bs, om_path p)
{
    const float c[4] = {1.0f, 0.0f, 0.2f, 0.6f}; /* r, g, b, a */
    static const float zero4[4];
    vf8x4 src = {{vf8_set1(c[0]), vf8_set1(c[1]), vf8_set1(c[2]), vf8_set1(c[3])}};
    uint8_t block[32];
    memset(block, 0xff, sizeof block);
    fn(bs, 0, zero4, SWR_FORMAT_B8G8R8A8_UNORM, block, &src, NULL, 0xff);
    float want[4]; /* b, g, r, a in [0, 1] */
    for (int k = 0; k < 4; k++) {
        float s = c[k == 3 ? 3 : 2 - k];
        want[k] = p == OM_ALPHA ? s * c[3] + (1.0f - c[3]) : s;
    }
    for (int k = 0; k < 4; k++)
        if (fabsf((float)block[k] - 255.0f * want[k]) > 1.0f)
            return false;
    return true;
}

static void bm_om(cb_state *st, void *user)
{
    const om_case *oc = user;
    uint8_t *hot = aligned_alloc(64, RAST_MT_PIXELS * 4);
    float *zhot = aligned_alloc(64, RAST_MT_PIXELS * 4);
    if (!hot || !zhot) {
        bench_fail(st, "out of memory");
        free(hot);
        free(zhot);
        return;
    }
    for (int i = 0; i < RAST_MT_PIXELS * 4; i++)
        hot[i] = (uint8_t)(i * 37);
    for (int i = 0; i < RAST_MT_PIXELS; i++)
        zhot[i] = 1.0f;
    vf8x4 src[NUM_SRC];
    for (int s = 0; s < NUM_SRC; s++)
        for (int k = 0; k < 4; k++)
            src[s].v[k] = vf8_set(0.1f * s, 0.2f, 0.3f * k, 0.05f * (s + k), 0.5f, 0.7f,
                                  0.9f, 1.0f);
    static const float blend_color[4] = {0, 0, 0, 0};
    swr_blend_state bs = om_blend_state(oc->path);
    uint32_t mask = oc->path == OM_OPAQUE_PARTIAL ? 0x5a : 0xff;
    int64_t blocks = 0;
    if (oc->path == OM_DEPTH) {
        swr_depth_stencil_state dsa = {.depth_enabled = true, .depth_writemask = true,
                                       .depth_func = SWR_FUNC_LEQUAL};
        be_ds_fn fn = be_ds_select(&dsa, SWR_FORMAT_Z32_FLOAT);
        const uint8_t ref[2] = {0, 0};
        vi8 fz = be_depth_quantize(SWR_FORMAT_Z32_FLOAT, vf8_set1(0.5f));
        /* Check: the first block passes everywhere and now holds 0.5. */
        uint32_t pass = fn(&dsa, ref, true, zhot, NULL, fz, 0xff);
        if (pass != 0xff || zhot[0] != 0.5f || zhot[7] != 0.5f) {
            bench_fail(st, "depth LEQUAL did not pass and write 0.5");
        } else {
            uint32_t acc = 0;
            while (cb_keep_running(st)) {
                for (int b = 0; b < HOT_BLOCKS; b++)
                    acc += fn(&dsa, ref, true, zhot + b * 8, NULL, fz, 0xff);
                blocks += HOT_BLOCKS;
            }
            cb_do_not_optimize(&acc);
        }
    } else {
        be_blend_fn fn = be_blend_select(&bs, 0, SWR_FORMAT_B8G8R8A8_UNORM);
        if ((oc->path == OM_GENERIC) != (fn == be_blend_block)) {
            bench_fail(st, "be_blend_select chose an unexpected path");
        } else if (!om_check(fn, &bs, oc->path)) {
            bench_fail(st, "blended block differs from the analytic bytes");
        } else {
            while (cb_keep_running(st)) {
                for (int b = 0; b < HOT_BLOCKS; b++)
                    fn(&bs, 0, blend_color, SWR_FORMAT_B8G8R8A8_UNORM, hot + b * 32,
                       &src[b & (NUM_SRC - 1)], NULL, mask);
                blocks += HOT_BLOCKS;
                cb_clobber_memory();
            }
        }
    }
    cb_set_items_processed(st, blocks);
    cb_counter(st, "ns_per_block", (double)blocks * 1e-9, CB_COUNTER_RATE | CB_COUNTER_INVERT);
    free(hot);
    free(zhot);
}

__attribute__((constructor)) static void register_raster_benchmarks(void)
{
    char name[64];
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++) {
        snprintf(name, sizeof name, "tri/%s", classes[i].name);
        cb_register(name, bm_tri, (void *)&classes[i]);
    }
    cb_register("tri_setup_only/area_4", bm_tri_setup_only, (void *)&classes[1]);
    for (size_t i = 0; i < sizeof om_cases / sizeof om_cases[0]; i++)
        cb_register(om_cases[i].name, bm_om, (void *)&om_cases[i]);
}

int main(int argc, char **argv)
{
    int rc = cb_main(argc, argv);
    return rc ? rc : bench_failures ? 1 : 0;
}
