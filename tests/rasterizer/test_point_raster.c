/*
 * test_point_raster.c: rast_point_rect and rast_rect_cover against the
 * reference of ref_line.c: GL's non-sprite point formula (size rounded,
 * centre snapped to the pixel centre for odd sizes and to the pixel corner
 * for even ones) and, with no_round, the exact square [c - s/2, c + s/2).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "rasterizer/rast_priv.h"
#include "ref_line.h"

#define R 12 /* half side of the checked window around the point, pixels (sizes <= 10) */

/* Compares rast_point_rect with the reference over a window around the point. */
static void check_point(int32_t x, int32_t y, float size, bool no_round, int32_t o)
{
    swr_rect win = {(x >> 8) - R, (y >> 8) - R, (x >> 8) + R, (y >> 8) + R};
    uint8_t want[4 * R * R];
    ref_point_coverage(x, y, size, no_round, o, win, want);
    swr_rect r = rast_point_rect(x, y, size, no_round, o);
    for (int32_t py = win.y0; py < win.y1; py++)
        for (int32_t px = win.x0; px < win.x1; px++) {
            bool got = px >= r.x0 && px < r.x1 && py >= r.y0 && py < r.y1;
            if (got != want[(py - win.y0) * 2 * R + (px - win.x0)])
                fail_msg("point (%d,%d) fx8 size %.9g no_round %d o %d: pixel (%d,%d) got %d, "
                         "rect [%d,%d)x[%d,%d)",
                         x, y, (double)size, no_round, o, px, py, got, r.x0, r.x1, r.y0, r.y1);
        }
}

static void expect_rect(double x, double y, float size, bool no_round, swr_rect want)
{
    swr_rect r = rast_point_rect((int32_t)(x * 256), (int32_t)(y * 256), size, no_round, 128);
    if (r.x0 != want.x0 || r.y0 != want.y0 || r.x1 != want.x1 || r.y1 != want.y1)
        fail_msg("point (%g,%g) size %g no_round %d: [%d,%d)x[%d,%d), want [%d,%d)x[%d,%d)", x, y,
                 (double)size, no_round, r.x0, r.x1, r.y0, r.y1, want.x0, want.x1, want.y0, want.y1);
}

static void test_hand(void **state)
{
    (void)state;
    /* Odd sizes snap to the centre of the pixel holding the vertex. */
    expect_rect(5.0, 5.0, 1, false, (swr_rect){5, 5, 6, 6});
    expect_rect(5.99, 5.01, 1, false, (swr_rect){5, 5, 6, 6});
    expect_rect(5.5, 5.5, 3, false, (swr_rect){4, 4, 7, 7});
    /* Even sizes snap to the nearest pixel corner. */
    expect_rect(5.5, 5.5, 2, false, (swr_rect){5, 5, 7, 7});
    expect_rect(5.4, 5.4, 2, false, (swr_rect){4, 4, 6, 6});
    expect_rect(5.5, 5.25, 4, false, (swr_rect){4, 3, 8, 7});
    /* Rounding of the size: 1.4 -> 1, 1.5 -> 2, 0 and NaN -> 1. */
    expect_rect(5.5, 5.5, 1.4f, false, (swr_rect){5, 5, 6, 6});
    expect_rect(5.5, 5.5, 1.5f, false, (swr_rect){5, 5, 7, 7});
    expect_rect(5.5, 5.5, 0.0f, false, (swr_rect){5, 5, 6, 6});
    expect_rect(5.5, 5.5, NAN, false, (swr_rect){5, 5, 6, 6});
    /* Sprites: the exact square, left/top edges inclusive. */
    expect_rect(5.0, 5.0, 1, true, (swr_rect){4, 4, 5, 5});
    expect_rect(5.5, 5.5, 1, true, (swr_rect){5, 5, 6, 6});
    expect_rect(5.5, 5.5, 1.5f, true, (swr_rect){5, 5, 6, 6});
    expect_rect(5.5, 5.5, 2.0f, true, (swr_rect){4, 4, 6, 6});
    expect_rect(5.5, 5.5, 2.01f, true, (swr_rect){4, 4, 7, 7});
    expect_rect(5.5, 5.5, 0.1f, true, (swr_rect){5, 5, 6, 6});
    expect_rect(5.25, 5.5, 0.1f, true, (swr_rect){5, 5, 5, 6}); /* misses every sample */
}

static void test_random(void **state)
{
    (void)state;
    uint64_t rng = 1234567;
    for (int it = 0; it < 40000; it++) {
        int32_t x = ref_rng_range(&rng, 0, 200 * 256), y = ref_rng_range(&rng, 0, 200 * 256);
        if (it % 4 == 0) { /* on pixel edges and centres */
            x &= ~127;
            y &= ~127;
        }
        float size;
        switch (it % 5) {
        case 0:
        case 1:
            size = (float)ref_rng_range(&rng, 1, 9);
            break;
        case 2:
            size = (float)ref_rng_range(&rng, 1, 36) * 0.25f; /* halves and quarters */
            break;
        case 3:
            size = (float)ref_rng_range(&rng, 1, 10000) / 1000.0f;
            break;
        default:
            size = (float)ref_rng_range(&rng, 1, 1 << 20) * 0x1p-17f;
            break;
        }
        check_point(x, y, size, it & 1, (it & 2) ? 0 : 128);
    }
}

/* A run of fully covered tiles is, by contract, count calls of the emit
 * function with mask ~0: expanded into the sink, whose contract check
 * covers the runs' order and extent too. */
static long runs_seen;

static void sink_run(void *user, int32_t tile_x, int32_t tile_y, uint32_t count)
{
    if (count == 0)
        fail_msg("run of 0 tiles at (%d,%d)", tile_x, tile_y);
    runs_seen++;
    for (uint32_t i = 0; i < count; i++)
        ref_sink_emit(user, tile_x + 8 * (int32_t)i, tile_y, ~(uint64_t)0);
}

/* rast_rect_cover of point rects through random clips, via the sink; every
 * other one with runs of fully covered tiles. */
static void test_rect_cover(void **state)
{
    (void)state;
    uint64_t rng = 555;
    static uint8_t grid[128 * 128], want[128 * 128];
    for (int it = 0; it < 5000; it++) {
        swr_rect clip;
        clip.x0 = ref_rng_range(&rng, 0, 60);
        clip.y0 = ref_rng_range(&rng, 0, 60);
        clip.x1 = clip.x0 + ref_rng_range(&rng, 1, 68);
        clip.y1 = clip.y0 + ref_rng_range(&rng, 1, 68);
        int32_t x = ref_rng_range(&rng, -10 * 256, 140 * 256), y = ref_rng_range(&rng, -10 * 256, 140 * 256);
        float size = (float)ref_rng_range(&rng, 1, 160) * 0.25f;
        bool no_round = it & 1;
        swr_rect r = rast_point_rect(x, y, size, no_round, 128);
        ref_sink sink;
        ref_sink_init(&sink, clip, grid);
        rast_rect_cover(r, clip, ref_sink_emit, (it & 2) ? sink_run : NULL, &sink);
        if (sink.errors)
            fail_msg("emit contract: %s", sink.first_error);
        ref_point_coverage(x, y, size, no_round, 128, clip, want);
        int32_t n = (clip.x1 - clip.x0) * (clip.y1 - clip.y0);
        if (memcmp(grid, want, (size_t)n) != 0)
            fail_msg("point (%d,%d) size %g no_round %d clip [%d,%d)x[%d,%d): coverage differs", x,
                     y, (double)size, no_round, clip.x0, clip.x1, clip.y0, clip.y1);
    }
    assert_true(runs_seen > 100); /* the run path was exercised */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_rect_cover),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
