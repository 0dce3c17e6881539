/*
 * test_line_stipple.c: GL line stipple in the line rasterizer
 * (rast_line_stipple + rast_line_cover, rasterizer/be_line.c).
 *
 * ORACLE: GL 2.1 §3.4.2 applied to the exact coverage of ref_line.c. The
 * reference coverage of a line (any width) is computed without stipple; its
 * fragments occupy the consecutive major-axis pixels lo..hi (checked), the
 * counter of major pixel M is start + (M - lo) when the line runs towards
 * +major from its first vertex and start + (hi - M) otherwise, and every
 * fragment of that column (the whole width) is kept iff pattern bit
 * (counter / factor) % 16 is set. The count returned by rast_line_stipple
 * must be hi - lo + 1 (0 for no fragment). Random lines of all octants,
 * widths 1..6, both sample offsets, last_pixel on/off, random patterns,
 * factors 1..256 and start counters, and random clip rectangles (the clip
 * must not shift the counter).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rasterizer/rast_priv.h"
#include "ref_line.h"

#define NUM_LINES 20000
#define SPAN 48 /* endpoints in [0, SPAN) pixels */
#define GRID (SPAN + 16)

static void check_one(uint64_t *rng, int *failures)
{
    int32_t x[2], y[2];
    for (int i = 0; i < 2; i++) {
        x[i] = ref_rng_range(rng, 0, SPAN * 256 - 1);
        y[i] = ref_rng_range(rng, 0, SPAN * 256 - 1);
        if (ref_rng_range(rng, 0, 3) == 0) { /* on centres / edges */
            x[i] &= ~127;
            y[i] &= ~127;
        }
    }
    if (ref_rng_range(rng, 0, 7) == 0)
        y[1] = y[0]; /* horizontal */
    else if (ref_rng_range(rng, 0, 7) == 0)
        x[1] = x[0]; /* vertical */
    float width = ref_rng_range(rng, 0, 2) ? 1.0f : (float)ref_rng_range(rng, 1, 6);
    bool last_pixel = ref_rng_range(rng, 0, 1);
    int32_t o = ref_rng_range(rng, 0, 1) ? 128 : 0;
    uint16_t pattern = (uint16_t)ref_rng_next(rng);
    uint32_t factor = ref_rng_range(rng, 0, 3) ? (uint32_t)ref_rng_range(rng, 1, 4)
                                               : (uint32_t)ref_rng_range(rng, 1, 256);
    uint32_t start = ref_rng_range(rng, 0, 1) ? 0 : (uint32_t)ref_rng_range(rng, 0, 100000);

    /* The whole line, unstippled, by the reference. */
    swr_rect all = {-8, -8, SPAN + 8, SPAN + 8};
    static uint8_t cov[GRID * GRID], got[GRID * GRID];
    ref_line_coverage(x, y, width, last_pixel, o, all, cov);
    int64_t dx = (int64_t)x[1] - x[0], dy = (int64_t)y[1] - y[0];
    bool xmaj = llabs(dx) >= llabs(dy);
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    for (int32_t py = 0; py < GRID; py++)
        for (int32_t px = 0; px < GRID; px++)
            if (cov[py * GRID + px]) {
                int32_t M = (xmaj ? px : py) + all.x0;
                lo = M < lo ? M : lo;
                hi = M > hi ? M : hi;
            }
    /* Contiguity of the fragment columns (the counter's premise). */
    for (int32_t M = lo; M <= hi; M++) {
        bool any = false;
        for (int32_t k = 0; k < GRID && !any; k++)
            any = xmaj ? cov[k * GRID + (M - all.x0)] : cov[(M - all.y0) * GRID + k];
        if (!any) {
            print_error("reference fragments not contiguous at %d\n", M);
            (*failures)++;
            return;
        }
    }
    uint32_t want_n = lo <= hi ? (uint32_t)(hi - lo + 1) : 0;
    bool up = (xmaj ? dx : dy) >= 0;

    rast_line line;
    bool ok = rast_line_setup(x, y, width, last_pixel, o, &line);
    uint32_t n = rast_line_stipple(&line, pattern, factor, start, o);
    if (n != want_n) {
        print_error("line (%d,%d)-(%d,%d) w %g lp %d o %d: count %u want %u\n", x[0], y[0], x[1],
                    y[1], (double)width, last_pixel, o, n, want_n);
        (*failures)++;
        return;
    }
    /* A random clip (possibly the whole grid). */
    swr_rect clip = all;
    if (ref_rng_range(rng, 0, 1)) {
        clip.x0 = ref_rng_range(rng, -8, SPAN);
        clip.y0 = ref_rng_range(rng, -8, SPAN);
        clip.x1 = ref_rng_range(rng, clip.x0 + 1, SPAN + 8);
        clip.y1 = ref_rng_range(rng, clip.y0 + 1, SPAN + 8);
    }
    int32_t cw = clip.x1 - clip.x0, ch = clip.y1 - clip.y0;
    ref_sink sink;
    ref_sink_init(&sink, clip, got);
    if (ok)
        rast_line_cover(&line, o, clip, ref_sink_emit, &sink);
    if (sink.errors) {
        print_error("emit contract: %s\n", sink.first_error);
        (*failures)++;
        return;
    }
    int bad = 0;
    for (int32_t py = 0; py < ch; py++)
        for (int32_t px = 0; px < cw; px++) {
            int32_t X = clip.x0 + px, Y = clip.y0 + py;
            bool c = cov[(Y - all.y0) * GRID + (X - all.x0)];
            int32_t M = xmaj ? X : Y;
            bool want = false;
            if (c) { /* then lo <= M <= hi */
                uint32_t s = start + (uint32_t)(up ? M - lo : hi - M);
                want = (pattern >> ((s / factor) & 15)) & 1;
            }
            if (want != (got[py * cw + px] != 0)) {
                if (bad == 0)
                    print_error("line (%d,%d)-(%d,%d) w %g lp %d o %d pat %04x f %u s %u: pixel "
                                "(%d,%d) got %d want %d\n",
                                x[0], y[0], x[1], y[1], (double)width, last_pixel, o, pattern,
                                factor, start, X, Y, got[py * cw + px], want);
                bad++;
            }
        }
    if (bad)
        (*failures)++;
}

static void test_stipple_random(void **state)
{
    (void)state;
    uint64_t rng = 0x5171bb1e5eedull;
    int failures = 0;
    for (int i = 0; i < NUM_LINES && failures < 5; i++)
        check_one(&rng, &failures);
    assert_int_equal(failures, 0);
}

/* Without rast_line_stipple a line is not stippled; pattern 0xffff keeps
 * everything; factor bounds are clamped. */
static void test_stipple_trivial(void **state)
{
    (void)state;
    int32_t x[2] = {10 * 256 + 128, 40 * 256 + 128}, y[2] = {5 * 256 + 128, 17 * 256 + 128};
    rast_line line;
    assert_true(rast_line_setup(x, y, 1.0f, false, 128, &line));
    assert_int_equal(line.stipple_factor, 0);
    assert_int_equal(rast_line_stipple(&line, 0xffff, 1, 7, 128), 30);
    assert_int_equal(rast_line_stipple(&line, 0x0f0f, 1000, 0, 128), 30);
    assert_int_equal(line.stipple_factor, 256);
    int32_t z[2] = {x[0], x[0]}, w[2] = {y[0], y[0]};
    assert_false(rast_line_setup(z, w, 1.0f, true, 128, &line));
    assert_int_equal(rast_line_stipple(&line, 0x0f0f, 1, 0, 128), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stipple_random),
        cmocka_unit_test(test_stipple_trivial),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
