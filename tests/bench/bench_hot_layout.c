/*
 * bench_hot_layout.c: the engine's colour hot-tile layout (the surface's own
 * B8G8R8A8_UNORM bytes, 32 bytes per 4x2 block) against a planar RGBA32F
 * layout (per block R[8] G[8] B[8] A[8] floats, 128 bytes, as OpenSWR kept
 * colour hot tiles), measuring only the work that differs between them.
 *
 * A frame is a 1024x1024 B8G8R8A8_UNORM surface and 256 macrotile hot
 * tiles allocated like the engine's (one aligned_alloc per tile: 16 KiB
 * native, 64 KiB planar, so 4 MiB against 16 MiB per frame). Tiles are
 * worked one after another, all layers of a tile before the next one, as a
 * worker does. Three variants:
 *   native        be_hot_load_color / be_hot_store_color / be_hot_fill and
 *                 the backend's inlined full-block kernels
 *                 (be_opaque8888_pixels, be_alpha8888_pixels: blend_full_tile
 *                 in be_draw.c);
 *   planar_exact  floats quantized to the 8-bit grid, round(c * 255) / 255,
 *                 on every write, so that blending reads what a UNORM8
 *                 framebuffer holds (GL's rule): the same bytes as native;
 *   planar_unq    floats stored as computed (clamped to [0, 1]), as OpenSWR
 *                 did: cheaper writes, different bytes after blending.
 * Load unpacks bytes to c / 255 (correctly rounded, as be_unpack_block);
 * store packs with clamp and round to nearest even (be_pack_block's rules).
 *
 * Benchmarks, hot/<what>/<variant>, one iteration = one frame:
 *   part/load_store  load every tile from the surface and store it back;
 *   part/clear       the deferred fast clear's fill of every tile;
 *   part/opaque8     8 full-screen opaque layers (no load or store);
 *   part/blend8      8 full-screen blended layers (SRC_ALPHA,
 *                    INV_SRC_ALPHA for RGB; ONE, INV_SRC_ALPHA for alpha:
 *                    the demo's fill scene, the engine's ALPHA_*_A1 path);
 *   scene/fill16     clear + 8 opaque + 8 blended + store: swr_demo's
 *                    `--scene fill` without its depth test (the same work in
 *                    both layouts);
 *   scene/opaque1    clear + 1 opaque layer + store (one layer per frame);
 *   scene/blend1     load + 1 blended layer + store (an overlay).
 * The shader's colour is made in registers per block (a per-layer base plus
 * a ramp over the block index), the same instructions in every variant.
 * Times are thread CPU time; counters ns_per_frame and, for layers,
 * ns_per_block. A summary after the runs prints the median ns per frame of
 * every case and the planar / native ratios of the same run.
 *
 * check/blend8_bytes checks the comparison's premise: a frame loaded from
 * random bytes, 8 blended layers, stored, through each variant and through
 * a scalar reference of the GL arithmetic (c / 255, the same float products
 * and sums, rintf of c * 255): native and planar_exact must equal the
 * reference byte for byte, planar_unq must differ (its differing-byte count
 * is a counter). A failed check fails the run and the process exit code.
 *
 * Single thread; nothing here is engine code but the native functions it
 * calls. Run: build/tests/bench_hot_layout --benchmark_repetitions=5
 * --benchmark_report_aggregates_only=true --benchmark_enable_random_interleaving=true
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "cbench.h"
#include "common/simd.h"
#include "rasterizer/be_formats.h"
#include "rasterizer/be_output.h"
#include "rasterizer/rast_priv.h"

#define SCREEN_DIM         1024
#define GRID_DIM           (SCREEN_DIM / RAST_MT_DIM) /* 16 macrotiles a side */
#define NUM_TILES          (GRID_DIM * GRID_DIM)      /* 256 */
#define TILE_BLOCKS        (RAST_MT_PIXELS / 8)       /* 512 blocks of 8 pixels per macrotile */
#define NATIVE_BLOCK_BYTES 32                         /* 8 pixels x 4 bytes */
#define PLANAR_BLOCK_BYTES 128                        /* 4 planes x 8 floats x 4 bytes */
#define MAX_LAYERS         16
#define MAX_CALLS          64
/* B8G8R8A8: R at bit 16, B at bit 0 (be_opaque8888_pixels' rs, bsh). */
#define BGRA_RS  16
#define BGRA_BSH 0

enum { V_NATIVE, V_PLANAR_EXACT, V_PLANAR_UNQ, V_COUNT };
static const char *const variant_name[V_COUNT] = {"native", "planar_exact", "planar_unq"};

/* Google Benchmark reports a skipped run but still exits 0; main() returns
 * 1 when any run failed its check, so the CTest smoke run fails too. */
static int bench_failures;

static void bench_fail(cb_state *st, const char *msg)
{
    bench_failures++;
    cb_skip_with_error(st, msg);
}

/* ---- the shader's colour -------------------------------------------------------------------- */

/* Layer l's colour at block b: base[l] + (b & 63) * ramp, per channel (one
 * FMA). Bases lie in [0, 0.75] with alphas in [0.2, 0.6]; the ramp adds up
 * to 0.25 (R) ... 0.49 (B), 0.41 (A), so some lanes exceed 1 and exercise
 * the clamp. Layers 0-7 are the opaque ones, 8-15 the blended ones. */
typedef struct layer_colors {
    vf8x4 base[MAX_LAYERS];
    vf8x4 ramp;
} layer_colors;

static layer_colors colors;

__attribute__((constructor)) static void init_colors(void)
{
    uint32_t seed = 0x2545f491u;
    for (int l = 0; l < MAX_LAYERS; l++)
        for (int c = 0; c < 4; c++) {
            float v[8];
            for (int i = 0; i < 8; i++)
                v[i] = c == 3 ? 0.2f + 0.4f * bench_rng_unit(&seed) : 0.75f * bench_rng_unit(&seed);
            colors.base[l].v[c] = vf8_load(v);
        }
    for (int c = 0; c < 4; c++)
        colors.ramp.v[c] = vf8_set1((0.25f + 0.125f * (float)c) / 64.0f / (c == 3 ? 1.5f : 1.0f));
}

SIMD_INLINE vf8x4 shader_color(const vf8x4 *base, const vf8x4 *ramp, uint32_t b)
{
    vf8 t = vf8_set1((float)(b & 63));
    vf8x4 c;
    for (int k = 0; k < 4; k++)
        c.v[k] = vf8_fma(t, ramp->v[k], base->v[k]);
    return c;
}

/* ---- planar block kernels ------------------------------------------------------------------- */

/* c clamped to [0, 1] (NaN -> 0) and put on the 8-bit grid: be_q8's
 * integer, divided by 255 correctly rounded (the value be_unq8_byte gives
 * for the stored byte). */
SIMD_INLINE vf8 grid8(vf8 c) { return vf8_div255(vi8_to_vf8(be_q8(c))); }

/* Opaque write of one block: 4 plane stores. */
SIMD_INLINE void planar_opaque(float *blk, vf8x4 src, bool exact)
{
    for (int k = 0; k < 4; k++)
        vf8_store_aligned(blk + 8 * k, exact ? grid8(src.v[k]) : be_clamp01(src.v[k]));
}

/* Classic alpha blending of one block, the float operations of
 * be_alpha8888_pixels with a_src_one (alpha = As + Ad * (1 - As)) on dst
 * read from the planes: rgb = s*As + d*(1-As). Each sum lies in [0, 1] up
 * to an ulp of rounding, so o * 255 rounds into [0, 255] and the exact
 * variant needs no clamp before putting it on the grid. */
SIMD_INLINE void planar_alpha(float *blk, vf8x4 src, bool exact)
{
    vf8 as = be_clamp01(src.v[3]);
    vf8 ias = vf8_sub(vf8_set1(1.0f), as);
    for (int c = 0; c < 4; c++) {
        vf8 s = c == 3 ? as : vf8_mul(be_clamp01(src.v[c]), as);
        vf8 o = vf8_add(s, vf8_mul(vf8_load_aligned(blk + 8 * c), ias));
        if (exact)
            o = vf8_div255(vi8_to_vf8(vf8_to_vi8_round(vf8_mul(o, vf8_set1(255.0f)))));
        vf8_store_aligned(blk + 8 * c, o);
    }
}

/* ---- layers: one full-screen layer over one macrotile --------------------------------------- */

enum { K_OPAQUE, K_BLEND };

SIMD_INLINE void tile_layer(int variant, int kind, uint8_t *hot, const vf8x4 *base_in)
{
    /* Local copies: the stores to the hot tile (uint8_t) could alias the
     * globals, which would reload them for every block. */
    const vf8x4 base = *base_in, ramp = colors.ramp;
    for (uint32_t b = 0; b < TILE_BLOCKS; b++) {
        vf8x4 c = shader_color(&base, &ramp, b);
        if (variant == V_NATIVE) {
            uint8_t *blk = hot + (size_t)b * NATIVE_BLOCK_BYTES;
            if (kind == K_OPAQUE)
                vi8_store(blk, be_opaque8888_pixels(c, BGRA_RS, BGRA_BSH));
            else
                vi8_store(blk, be_alpha8888_pixels(vi8_load(blk), c, BGRA_RS, BGRA_BSH, true));
        } else {
            float *blk = (float *)(hot + (size_t)b * PLANAR_BLOCK_BYTES);
            if (kind == K_OPAQUE)
                planar_opaque(blk, c, variant == V_PLANAR_EXACT);
            else
                planar_alpha(blk, c, variant == V_PLANAR_EXACT);
        }
    }
}

/* One out-of-line function per variant and kind: the kernels specialized,
 * and one symbol each for callgrind (instructions / call / 512 = per block). */
typedef void (*layer_fn)(uint8_t *hot, const vf8x4 *base);
#define LAYER_FN(name, v, k)                                                                       \
    static __attribute__((noinline)) void name(uint8_t *hot, const vf8x4 *base)                    \
    {                                                                                              \
        tile_layer(v, k, hot, base);                                                               \
    }
LAYER_FN(layer_native_opaque, V_NATIVE, K_OPAQUE)
LAYER_FN(layer_native_blend, V_NATIVE, K_BLEND)
LAYER_FN(layer_planar_exact_opaque, V_PLANAR_EXACT, K_OPAQUE)
LAYER_FN(layer_planar_exact_blend, V_PLANAR_EXACT, K_BLEND)
LAYER_FN(layer_planar_unq_opaque, V_PLANAR_UNQ, K_OPAQUE)
LAYER_FN(layer_planar_unq_blend, V_PLANAR_UNQ, K_BLEND)
#undef LAYER_FN

static const layer_fn layer_fns[V_COUNT][2] = {
    {layer_native_opaque, layer_native_blend},
    {layer_planar_exact_opaque, layer_planar_exact_blend},
    {layer_planar_unq_opaque, layer_planar_unq_blend},
};

/* ---- planar load, store, fill --------------------------------------------------------------- */

/* Full 64x64 tile (every tile of the 1024x1024 frame is full), blocks in
 * hot order. A block's 8 pixels come from two 4-pixel row pieces in the
 * lane order of block_in (be_formats.c): [r0 0-1][r1 0-1][r0 2-3][r1 2-3]. */
static __attribute__((noinline)) void planar_load(const swr_surface *s, uint32_t mt_x,
                                                  uint32_t mt_y, uint8_t *hot)
{
    for (uint32_t y = 0; y < RAST_MT_DIM; y += 2) {
        const uint8_t *r0 =
            (const uint8_t *)s->base + (size_t)(mt_y + y) * s->pitch_bytes + (size_t)mt_x * 4;
        const uint8_t *r1 = r0 + s->pitch_bytes;
        for (uint32_t x = 0; x < RAST_MT_DIM; x += 4) {
            float *blk = (float *)(hot + (size_t)(rast_hot_index(x, y) / 8) * PLANAR_BLOCK_BYTES);
            vi4 a = vi4_load(r0 + x * 4), b = vi4_load(r1 + x * 4);
            vi8 p = vi8_from_vi4x2(vi4_unpacklo64(a, b), vi4_unpackhi64(a, b));
            /* R, G, B, A planes from bytes 2, 1, 0, 3 of each BGRA pixel. */
            vf8_store_aligned(blk + 0, be_unq8_byte(p, 2));
            vf8_store_aligned(blk + 8, be_unq8_byte(p, 1));
            vf8_store_aligned(blk + 16, be_unq8_byte(p, 0));
            vf8_store_aligned(blk + 24, be_unq8_byte(p, 3));
        }
    }
}

static __attribute__((noinline)) void planar_store(const swr_surface *s, uint32_t mt_x,
                                                   uint32_t mt_y, const uint8_t *hot)
{
    for (uint32_t y = 0; y < RAST_MT_DIM; y += 2) {
        uint8_t *r0 = (uint8_t *)s->base + (size_t)(mt_y + y) * s->pitch_bytes + (size_t)mt_x * 4;
        uint8_t *r1 = r0 + s->pitch_bytes;
        for (uint32_t x = 0; x < RAST_MT_DIM; x += 4) {
            const float *blk =
                (const float *)(hot + (size_t)(rast_hot_index(x, y) / 8) * PLANAR_BLOCK_BYTES);
            vi8 p = be_pack8888(be_q8_sat(vf8_load_aligned(blk + 0)),
                                be_q8_sat(vf8_load_aligned(blk + 8)),
                                be_q8_sat(vf8_load_aligned(blk + 16)),
                                be_q8_sat(vf8_load_aligned(blk + 24)), BGRA_RS, BGRA_BSH);
            vi4 lo = vi8_lo128(p), hi = vi8_hi128(p);
            vi4_store(r0 + x * 4, vi4_unpacklo64(lo, hi));
            vi4_store(r1 + x * 4, vi4_unpackhi64(lo, hi));
        }
    }
}

/* The fast clear's fill: every block gets the 4 planes of the clear
 * colour (converted once per tile, as be_pack_clear_color is). */
static __attribute__((noinline)) void planar_fill(uint8_t *hot, const float rgba[4], bool exact)
{
    vf8x4 v;
    for (int k = 0; k < 4; k++)
        v.v[k] = exact ? grid8(vf8_set1(rgba[k])) : be_clamp01(vf8_set1(rgba[k]));
    for (uint32_t b = 0; b < TILE_BLOCKS; b++)
        for (int k = 0; k < 4; k++)
            vf8_store_aligned((float *)(hot + (size_t)b * PLANAR_BLOCK_BYTES) + 8 * k, v.v[k]);
}

/* ---- a frame -------------------------------------------------------------------------------- */

typedef struct frame {
    int variant;
    swr_surface surf;
    uint8_t *tiles[NUM_TILES];
} frame;

static const float clear_rgba[4] = {0.1f, 0.3f, 0.5f, 1.0f};

static void frame_free(frame *f)
{
    for (int t = 0; t < NUM_TILES; t++)
        free(f->tiles[t]);
    free(f->surf.base);
    memset(f, 0, sizeof *f);
}

/* Random surface bytes (fixed seed), hot tiles loaded from it. */
static bool frame_init(frame *f, int variant)
{
    memset(f, 0, sizeof *f);
    f->variant = variant;
    size_t tile_bytes =
        (size_t)TILE_BLOCKS * (variant == V_NATIVE ? NATIVE_BLOCK_BYTES : PLANAR_BLOCK_BYTES);
    f->surf = (swr_surface){.base = aligned_alloc(64, (size_t)SCREEN_DIM * SCREEN_DIM * 4),
                            .pitch_bytes = SCREEN_DIM * 4,
                            .width = SCREEN_DIM,
                            .height = SCREEN_DIM,
                            .format = SWR_FORMAT_B8G8R8A8_UNORM};
    bool ok = f->surf.base != NULL;
    for (int t = 0; t < NUM_TILES && ok; t++)
        ok = (f->tiles[t] = aligned_alloc(64, tile_bytes)) != NULL;
    if (!ok) {
        frame_free(f);
        return false;
    }
    uint32_t seed = 0x1234567u, *px = f->surf.base;
    for (size_t i = 0; i < (size_t)SCREEN_DIM * SCREEN_DIM; i++)
        px[i] = bench_rng_next(&seed);
    for (int t = 0; t < NUM_TILES; t++) {
        uint32_t x = (uint32_t)(t % GRID_DIM) * RAST_MT_DIM,
                 y = (uint32_t)(t / GRID_DIM) * RAST_MT_DIM;
        if (variant == V_NATIVE)
            be_hot_load_color(&f->surf, x, y, f->tiles[t]);
        else
            planar_load(&f->surf, x, y, f->tiles[t]);
    }
    return true;
}

/* What a frame does per tile, in this order. */
typedef struct frame_work {
    const char *name;
    bool load, clear;
    int opaque_layers, blend_layers;
    bool store;
} frame_work;

static const frame_work works[] = {
    {"part/load_store", true, false, 0, 0, true}, {"part/clear", false, true, 0, 0, false},
    {"part/opaque8", false, false, 8, 0, false},  {"part/blend8", false, false, 0, 8, false},
    {"scene/fill16", false, true, 8, 8, true},    {"scene/opaque1", false, true, 1, 0, true},
    {"scene/blend1", true, false, 0, 1, true},
};
#define NUM_WORKS (sizeof works / sizeof works[0])

static void run_frame(frame *f, const frame_work *w)
{
    int v = f->variant;
    uint32_t native_clear = 0;
    if (w->clear) {
        uint8_t px[16];
        be_pack_clear_color(SWR_FORMAT_B8G8R8A8_UNORM, clear_rgba, px);
        memcpy(&native_clear, px, 4);
    }
    for (int t = 0; t < NUM_TILES; t++) {
        uint8_t *hot = f->tiles[t];
        uint32_t x = (uint32_t)(t % GRID_DIM) * RAST_MT_DIM,
                 y = (uint32_t)(t / GRID_DIM) * RAST_MT_DIM;
        if (w->load) {
            if (v == V_NATIVE)
                be_hot_load_color(&f->surf, x, y, hot);
            else
                planar_load(&f->surf, x, y, hot);
        }
        if (w->clear) {
            if (v == V_NATIVE)
                be_hot_fill(hot, 4, &native_clear);
            else
                planar_fill(hot, clear_rgba, v == V_PLANAR_EXACT);
        }
        for (int l = 0; l < w->opaque_layers; l++)
            layer_fns[v][K_OPAQUE](hot, &colors.base[l]);
        for (int l = 0; l < w->blend_layers; l++)
            layer_fns[v][K_BLEND](hot, &colors.base[8 + l]);
        if (w->store) {
            if (v == V_NATIVE)
                be_hot_store_color(&f->surf, x, y, hot);
            else
                planar_store(&f->surf, x, y, hot);
        }
    }
}

/* ---- results kept for the summary ----------------------------------------------------------- */

typedef struct call_log {
    int n;
    int64_t iters[MAX_CALLS];
    double ns_per_frame[MAX_CALLS];
} call_log;

static call_log logs[NUM_WORKS][V_COUNT];

typedef struct bench_case {
    int work, variant;
} bench_case;

static bench_case cases[NUM_WORKS][V_COUNT];

static void bm_frame(cb_state *st, void *user)
{
    const bench_case *bc = user;
    const frame_work *w = &works[bc->work];
    frame f;
    if (!frame_init(&f, bc->variant)) {
        bench_fail(st, "out of memory");
        return;
    }
    run_frame(&f, w); /* warm: first touch of the pages is done by init */
    int64_t n = 0;
    double t0 = bench_cpu_ns();
    while (cb_keep_running(st)) {
        run_frame(&f, w);
        cb_clobber_memory();
        n++;
    }
    double ns = (bench_cpu_ns() - t0) / (double)n;
    int layers = w->opaque_layers + w->blend_layers;
    cb_counter(st, "ns_per_frame", ns, CB_COUNTER_DEFAULT);
    if (layers)
        cb_counter(st, "ns_per_block", ns / ((double)layers * NUM_TILES * TILE_BLOCKS),
                   CB_COUNTER_DEFAULT);
    cb_set_items_processed(st, n * (int64_t)SCREEN_DIM * SCREEN_DIM * (layers ? layers : 1));
    call_log *l = &logs[bc->work][bc->variant];
    if (l->n < MAX_CALLS) {
        l->iters[l->n] = n;
        l->ns_per_frame[l->n] = ns;
        l->n++;
    }
    frame_free(&f);
}

/* ---- correctness check ---------------------------------------------------------------------- */

#define CHECK_LAYERS 8

/* The scalar reference of 8 blended layers over the frame's initial bytes:
 * per pixel and layer, d = byte / 255 (correctly rounded, as vf8_div255),
 * s clamped, rgb = s*As + d*(1-As), alpha = As + Ad*(1-As), each product
 * and sum rounded to float in that order, byte = rintf(o * 255) (round to
 * nearest even) saturated. The lane of a pixel follows rast_hot_index. */
static void reference_blend(uint8_t *px_bytes)
{
    float colors_f[MAX_LAYERS][4][8], ramp[4];
    for (int l = 0; l < MAX_LAYERS; l++)
        for (int c = 0; c < 4; c++)
            vf8_store(colors_f[l][c], colors.base[l].v[c]);
    for (int c = 0; c < 4; c++) {
        float r[8];
        vf8_store(r, colors.ramp.v[c]);
        ramp[c] = r[0];
    }
    for (uint32_t y = 0; y < SCREEN_DIM; y++)
        for (uint32_t x = 0; x < SCREEN_DIM; x++) {
            uint32_t idx = rast_hot_index(x % RAST_MT_DIM, y % RAST_MT_DIM);
            uint32_t b = idx / 8, lane = idx % 8;
            uint8_t *p = px_bytes + ((size_t)y * SCREEN_DIM + x) * 4; /* B G R A */
            for (int l = 0; l < CHECK_LAYERS; l++) {
                float src[4];
                for (int c = 0; c < 4; c++) {
                    float v = fmaf((float)(b & 63), ramp[c], colors_f[8 + l][c][lane]);
                    src[c] = v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
                }
                float as = src[3], ias = 1.0f - as;
                static const int byte_of_channel[4] = {2, 1, 0, 3};
                for (int c = 0; c < 4; c++) {
                    float d = (float)p[byte_of_channel[c]] / 255.0f;
                    float s = c == 3 ? as : src[c] * as;
                    float dt = d * ias;
                    float o = s + dt;
                    float q = rintf(o * 255.0f);
                    p[byte_of_channel[c]] = (uint8_t)(q < 0.0f ? 0.0f : q > 255.0f ? 255.0f : q);
                }
            }
        }
}

/* Bytes of the surface after load, CHECK_LAYERS blended layers and store. */
static bool blended_bytes(int variant, uint8_t *out)
{
    frame f;
    if (!frame_init(&f, variant))
        return false;
    frame_work w = {"check", false, false, 0, CHECK_LAYERS, true};
    run_frame(&f, &w);
    memcpy(out, f.surf.base, (size_t)SCREEN_DIM * SCREEN_DIM * 4);
    frame_free(&f);
    return true;
}

static size_t count_diff(const uint8_t *a, const uint8_t *b, size_t n, int *max_abs)
{
    size_t d = 0;
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) {
            d++;
            int e = abs((int)a[i] - (int)b[i]);
            if (e > *max_abs)
                *max_abs = e;
        }
    return d;
}

static void bm_check(cb_state *st, void *user)
{
    (void)user;
    size_t n = (size_t)SCREEN_DIM * SCREEN_DIM * 4;
    uint8_t *ref = malloc(n), *got[V_COUNT] = {malloc(n), malloc(n), malloc(n)};
    frame f0;
    bool ok = ref && got[0] && got[1] && got[2] && frame_init(&f0, V_NATIVE);
    if (ok) {
        memcpy(ref, f0.surf.base, n); /* frame_init's random bytes */
        frame_free(&f0);
        reference_blend(ref);
        for (int v = 0; v < V_COUNT && ok; v++)
            ok = blended_bytes(v, got[v]);
    }
    if (!ok) {
        bench_fail(st, "out of memory");
    } else {
        int max_abs[V_COUNT] = {0, 0, 0};
        size_t diff[V_COUNT];
        for (int v = 0; v < V_COUNT; v++)
            diff[v] = count_diff(got[v], ref, n, &max_abs[v]);
        while (cb_keep_running(st))
            cb_do_not_optimize(diff);
        cb_counter(st, "diff_native", (double)diff[V_NATIVE], CB_COUNTER_DEFAULT);
        cb_counter(st, "diff_planar_exact", (double)diff[V_PLANAR_EXACT], CB_COUNTER_DEFAULT);
        cb_counter(st, "diff_planar_unq", (double)diff[V_PLANAR_UNQ], CB_COUNTER_DEFAULT);
        cb_counter(st, "maxerr_planar_unq", (double)max_abs[V_PLANAR_UNQ], CB_COUNTER_DEFAULT);
        if (diff[V_NATIVE] || diff[V_PLANAR_EXACT])
            bench_fail(st, "native or planar_exact bytes differ from the scalar reference");
        else if (!diff[V_PLANAR_UNQ])
            bench_fail(st, "planar_unq gave the reference bytes: the comparison's premise fails");
    }
    free(ref);
    for (int v = 0; v < V_COUNT; v++)
        free(got[v]);
}

/* ---- registration, main, summary ------------------------------------------------------------ */

__attribute__((constructor)) static void register_hot_layout_benchmarks(void)
{
    char name[96];
    cb_register("check/blend8_bytes", bm_check, NULL);
    for (size_t w = 0; w < NUM_WORKS; w++)
        for (int v = 0; v < V_COUNT; v++) {
            cases[w][v] = (bench_case){(int)w, v};
            snprintf(name, sizeof name, "hot/%s/%s", works[w].name, variant_name[v]);
            cb_unit_set(cb_register(name, bm_frame, &cases[w][v]), CB_US);
        }
}

static void print_summary(FILE *f)
{
    bool ran = false;
    for (size_t w = 0; w < NUM_WORKS; w++)
        for (int v = 0; v < V_COUNT; v++)
            ran |= logs[w][v].n > 0;
    if (!ran)
        return;
    fprintf(f, "\nhot-tile layout summary (1024x1024 B8G8R8A8_UNORM, 256 tiles; median ns/frame "
               "of the measured runs, thread CPU time)\n");
    fprintf(f, "%-18s %12s %12s %12s %9s %9s\n", "work", "native", "planar_exact", "planar_unq",
            "exact/nat", "unq/nat");
    for (size_t w = 0; w < NUM_WORKS; w++) {
        double m[V_COUNT];
        bool any = false;
        for (int v = 0; v < V_COUNT; v++) {
            m[v] = bench_median_of_measured(logs[w][v].iters, logs[w][v].ns_per_frame, logs[w][v].n,
                                            0.0);
            any |= m[v] > 0;
        }
        if (!any)
            continue;
        fprintf(f, "%-18s", works[w].name);
        for (int v = 0; v < V_COUNT; v++)
            fprintf(f, " %12.0f", m[v]);
        for (int v = V_PLANAR_EXACT; v <= V_PLANAR_UNQ; v++) {
            if (m[v] > 0 && m[V_NATIVE] > 0)
                fprintf(f, " %8.2fx", m[v] / m[V_NATIVE]);
            else
                fprintf(f, " %9s", "-");
        }
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
    return rc ? rc : bench_failures ? 1 : 0;
}
