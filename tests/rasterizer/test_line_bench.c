/*
 * test_line_bench.c: cycles per line for 10- and 100-pixel width-1 lines
 * (random directions) through rast_line_setup + rast_line_cover, printed
 * for the report; speed is not asserted. As a smoke test it checks the
 * pixel count of a sample of the lines against the reference.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <math.h>

#include <cmocka.h>

#include "common/simd.h"
#include "rasterizer/rast_priv.h"
#include "ref_line.h"

#define NLINES 4096

typedef struct counter {
    uint64_t pixels;
} counter;

static void count_emit(void *user, int32_t tx, int32_t ty, uint64_t mask)
{
    (void)tx;
    (void)ty;
    ((counter *)user)->pixels += (uint64_t)__builtin_popcountll(mask);
}

static void bench(double length, float width, swr_rect clip, const char *what)
{
    static int32_t xs[NLINES][2], ys[NLINES][2];
    uint64_t rng = 31337;
    for (int i = 0; i < NLINES; i++) {
        double a = (double)ref_rng_range(&rng, 0, 62831) / 10000.0;
        double cx = 128 + ref_rng_range(&rng, -20, 20), cy = 128 + ref_rng_range(&rng, -20, 20);
        xs[i][0] = (int32_t)((cx - 0.5 * length * cos(a)) * 256);
        ys[i][0] = (int32_t)((cy - 0.5 * length * sin(a)) * 256);
        xs[i][1] = (int32_t)((cx + 0.5 * length * cos(a)) * 256);
        ys[i][1] = (int32_t)((cy + 0.5 * length * sin(a)) * 256);
    }
    /* The minimum over repetitions of small batches, summed: filters out
     * preemption on a loaded machine (CI, other builds). */
    counter c = {0};
    uint64_t total = 0;
    for (int b = 0; b < NLINES; b += 32) {
        uint64_t best = UINT64_MAX;
        for (int rep = 0; rep < 16; rep++) {
            uint64_t t0 = simd_rdtsc();
            for (int i = b; i < b + 32; i++) {
                rast_line l;
                if (rast_line_setup(xs[i], ys[i], width, false, 128, &l))
                    rast_line_cover(&l, 128, clip, count_emit, &c);
            }
            uint64_t t = simd_rdtsc() - t0;
            if (t < best)
                best = t;
        }
        total += best;
    }
    c.pixels /= 16;
    uint64_t best = total;
    print_message("%-34s %7.1f TSC cycles/line, %6.1f pixels/line\n", what, (double)best / NLINES,
                  (double)c.pixels / NLINES);
    /* Smoke check: total pixels of the first 64 lines equal the reference's. */
    static uint8_t want[256 * 256];
    uint64_t got_px = 0, want_px = 0;
    for (int i = 0; i < 64; i++) {
        counter ci = {0};
        rast_line l;
        if (rast_line_setup(xs[i], ys[i], width, false, 128, &l))
            rast_line_cover(&l, 128, clip, count_emit, &ci);
        got_px += ci.pixels;
        ref_line_coverage(xs[i], ys[i], width, false, 128, clip, want);
        for (int k = 0; k < (clip.x1 - clip.x0) * (clip.y1 - clip.y0); k++)
            want_px += want[k];
    }
    assert_int_equal(got_px, want_px);
}

static void test_bench(void **state)
{
    (void)state;
    swr_rect big = {0, 0, 256, 256}, mt = {64, 64, 128, 128};
    bench(10, 1, big, "10 px, width 1, 256x256 clip");
    bench(100, 1, big, "100 px, width 1, 256x256 clip");
    bench(10, 1, mt, "10 px, width 1, one 64x64 macrotile");
    bench(100, 1, mt, "100 px, width 1, one 64x64 macrotile");
    bench(10, 4, big, "10 px, width 4, 256x256 clip");
    bench(100, 4, big, "100 px, width 4, 256x256 clip");
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_bench)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
