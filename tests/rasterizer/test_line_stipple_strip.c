/*
 * test_line_stipple_strip.c: stippled line strips, loops and lists through
 * the whole engine (frontend chunks carrying the stipple counter, backend
 * line coverage), for every chunk size and worker count.
 *
 * ORACLE: GL 2.1 §3.4.2 evaluated on the exact coverage of ref_line.c: the
 * test walks the primitives itself (strip i -> i+1, the loop's closing
 * line, a restart index ending a strip, LINES independent), gives each
 * line's fragment columns lo..hi (from its reference coverage) consecutive
 * counter values from its first vertex on, continuing the previous line's
 * count inside a strip or loop and restarting at 0 otherwise, keeps a
 * fragment iff pattern bit (counter / factor) % 16 is set, and paints the
 * union. Vertices are on the 1/256 grid of a 128x128 target so that window
 * coordinates are exact. The engine image (white on black) must match it
 * pixel for pixel, single-threaded and with workers (run by ctest with
 * KNOB_MAX_WORKER_THREADS 1 and 2 too), with KNOB_MAX_PRIMS_PER_DRAW
 * chunks of 1, 7 and 2040 primitives.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_line.h"
#include "test_util.h"

#define S 128
#define NV 700

static const uint32_t chunk_sizes[] = {1, 7, 2040};
#define NUM_CHUNKS (sizeof chunk_sizes / sizeof chunk_sizes[0])

typedef struct strip_case {
    uint32_t topology;
    bool indexed, restart;
    float width;
    uint16_t pattern;
    uint32_t factor;
} strip_case;

/* Window position (fx8) -> clip-space vertex of the default viewport. */
static tu_vertex vertex_of(int32_t xf, int32_t yf)
{
    tu_vertex v = {{(float)(xf - 64 * 256) / (64.0f * 256.0f),
                    (float)(64 * 256 - yf) / (64.0f * 256.0f), 0.0f, 1.0f},
                   {1.0f, 1.0f, 1.0f, 1.0f}};
    return v;
}

/* One line of the oracle: paints its kept fragments into `want`, returns
 * the counter after it. */
static uint32_t oracle_line(const int32_t *xf, const int32_t *yf, uint32_t a, uint32_t b,
                            const strip_case *c, uint32_t start, uint8_t *want)
{
    static uint8_t cov[S * S];
    int32_t x[2] = {xf[a], xf[b]}, y[2] = {yf[a], yf[b]};
    swr_rect all = {0, 0, S, S};
    ref_line_coverage(x, y, c->width, false, 128, all, cov);
    int64_t dx = (int64_t)x[1] - x[0], dy = (int64_t)y[1] - y[0];
    bool xmaj = llabs(dx) >= llabs(dy), up = (xmaj ? dx : dy) >= 0;
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    for (int32_t py = 0; py < S; py++)
        for (int32_t px = 0; px < S; px++)
            if (cov[py * S + px]) {
                int32_t M = xmaj ? px : py;
                lo = M < lo ? M : lo;
                hi = M > hi ? M : hi;
            }
    if (lo > hi)
        return start;
    for (int32_t py = 0; py < S; py++)
        for (int32_t px = 0; px < S; px++) {
            if (!cov[py * S + px])
                continue;
            int32_t M = xmaj ? px : py;
            uint32_t s = start + (uint32_t)(up ? M - lo : hi - M);
            if ((c->pattern >> ((s / c->factor) & 15)) & 1)
                want[py * S + px] = 1;
        }
    return start + (uint32_t)(hi - lo + 1);
}

static int g_bad;

static void run_case(const strip_case *c, tu_target *targets[NUM_CHUNKS][2], uint64_t *rng)
{
    /* A random walk with steps of 1..24 pixels, inside [4, S - 4). */
    static int32_t xf[NV], yf[NV];
    static tu_vertex verts[NV];
    xf[0] = yf[0] = 64 * 256;
    for (uint32_t i = 1; i < NV; i++) {
        int32_t nx, ny;
        do {
            nx = xf[i - 1] + (int32_t)(tu_rand(rng) % (48 * 256)) - 24 * 256;
            ny = yf[i - 1] + (int32_t)(tu_rand(rng) % (48 * 256)) - 24 * 256;
            if (tu_rand(rng) % 4 == 0) /* on a centre */
                nx = (nx & ~255) | 128;
        } while (nx < 4 * 256 || nx >= (S - 4) * 256 || ny < 4 * 256 || ny >= (S - 4) * 256);
        xf[i] = nx;
        yf[i] = ny;
    }
    for (uint32_t i = 0; i < NV; i++)
        verts[i] = vertex_of(xf[i], yf[i]);
    /* Indices: identity with a restart every ~50 positions. */
    static uint32_t ix[NV];
    const uint32_t restart_index = 0xffffffffu;
    for (uint32_t i = 0; i < NV; i++)
        ix[i] = c->restart && i % 53 == 20 ? restart_index : i;

    /* The oracle. */
    static uint8_t want[S * S];
    memset(want, 0, sizeof want);
    uint32_t count = 0, seg_first = 0;
    bool have_prev = false; /* previous vertex of the current strip */
    for (uint32_t i = 0; i <= NV; i++) {
        bool brk = i == NV || ix[i] == restart_index;
        if (c->topology == SWR_TOPO_LINES) {
            if (i + 1 < NV && i % 2 == 0)
                oracle_line(xf, yf, i, i + 1, c, 0, want);
            continue;
        }
        if (brk) {
            /* Close the loop of positions seg_first .. i-1 (2+ vertices). */
            if (c->topology == SWR_TOPO_LINE_LOOP && have_prev && i - seg_first >= 2)
                count = oracle_line(xf, yf, i - 1, seg_first, c, count, want);
            have_prev = false;
            seg_first = i + 1;
            continue;
        }
        if (!have_prev) {
            count = 0;
            have_prev = true;
            continue;
        }
        count = oracle_line(xf, yf, i - 1, i, c, count, want);
    }

    for (uint32_t s = 0; s < NUM_CHUNKS; s++)
        for (int th = 0; th < 2; th++) {
            tu_target *t = targets[s][th];
            tu_pipeline(t, SWR_INTERP_PERSPECTIVE);
            swr_rasterizer_state rs = {.front_ccw = true, .depth_clip_near = true,
                                       .depth_clip_far = true, .half_pixel_center = true,
                                       .point_size = 1, .line_width = c->width,
                                       .line_stipple_enable = true,
                                       .line_stipple_pattern = c->pattern,
                                       .line_stipple_factor = (uint16_t)c->factor};
            swr_set_rasterizer_state(t->ctx, &rs);
            swr_depth_stencil_state dsa = {.depth_func = SWR_FUNC_ALWAYS};
            swr_set_depth_stencil_state(t->ctx, &dsa);
            tu_bind_vertices(t->ctx, verts, NV);
            if (c->indexed)
                swr_set_index_buffer(t->ctx, ix, 4, sizeof ix);
            const float black[4] = {0, 0, 0, 0};
            tu_clear(t, black, 1.0);
            swr_draw_info d = {.topology = c->topology, .count = NV, .instance_count = 2,
                               .indexed = c->indexed, .primitive_restart = c->restart,
                               .restart_index = restart_index};
            assert_int_equal(swr_draw(t->ctx, &d), SWR_OK);
            tu_finish(t);
            int bad = 0;
            for (uint32_t y = 0; y < S; y++)
                for (uint32_t x = 0; x < S; x++) {
                    bool got = t->color[y * t->cpitch + x * 4] != 0;
                    if (got != (want[y * S + x] != 0)) {
                        if (bad < 4)
                            fprintf(stderr,
                                    "topology %u indexed %d restart %d width %g pattern %04x "
                                    "factor %u chunk %u threaded %d: pixel (%u,%u) got %d want "
                                    "%d\n",
                                    c->topology, c->indexed, c->restart, (double)c->width,
                                    c->pattern, c->factor, chunk_sizes[s], th, x, y, got,
                                    want[y * S + x]);
                        bad++;
                    }
                }
            if (bad) {
                int ng = 0, nw = 0;
                for (uint32_t k = 0; k < S * S; k++) {
                    ng += t->color[(k / S) * t->cpitch + (k % S) * 4] != 0;
                    nw += want[k] != 0;
                }
                fprintf(stderr, "%d pixels differ; %d lit, %d expected\n", bad, ng, nw);
            }
            g_bad += bad;
        }
}

static void test_stipple_strips(void **state)
{
    (void)state;
    static tu_target tgt[NUM_CHUNKS][2];
    tu_target *targets[NUM_CHUNKS][2];
    for (uint32_t s = 0; s < NUM_CHUNKS; s++)
        for (int th = 0; th < 2; th++) {
            swr_context_desc desc = {.max_prims_per_draw = chunk_sizes[s],
                                     .single_threaded = th == 0};
            assert_int_equal(tu_target_init(&tgt[s][th], &desc, S, S, SWR_FORMAT_R8G8B8A8_UNORM,
                                            SWR_FORMAT_NONE),
                             SWR_OK);
            targets[s][th] = &tgt[s][th];
        }
    static const strip_case cases[] = {
        {SWR_TOPO_LINE_STRIP, false, false, 1.0f, 0x33f1, 1},
        {SWR_TOPO_LINE_STRIP, false, false, 3.0f, 0x00ff, 3},
        {SWR_TOPO_LINE_LOOP, false, false, 1.0f, 0x5555, 2},
        {SWR_TOPO_LINE_STRIP, true, true, 1.0f, 0x0f0f, 1},
        {SWR_TOPO_LINE_LOOP, true, true, 2.0f, 0xc3a5, 1},
        {SWR_TOPO_LINES, false, false, 1.0f, 0x1111, 1},
    };
    uint64_t rng = 0x57177e5ull;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i], targets, &rng);
    assert_int_equal(g_bad, 0);
    for (uint32_t s = 0; s < NUM_CHUNKS; s++)
        for (int th = 0; th < 2; th++)
            tu_target_free(&tgt[s][th]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stipple_strips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
