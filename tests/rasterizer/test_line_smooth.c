/*
 * test_line_smooth.c: coverage of smooth lines and points
 * (rast_priv.h; setup in rasterizer/fe_setup_line.c, coverage in be_line.c).
 *
 * ORACLES:
 *   - per pixel, the area of the pixel square inside the shape (GL 2.1
 *     §3.4.4 rectangle of width w along the segment; §3.3.2 disc of
 *     diameter size) estimated with 16 x 16 sub-samples at cell centres.
 *     A boundary crossing a pixel passes through at most 2 * 16 cells per
 *     unit length and a cell misjudged costs 1/256, so per pixel the two may
 *     differ by at most 0.125 (two edges of the rectangle or the circle's arc
 *     within one pixel, each <= 16 cells counted half on average); the RMS
 *     over all pixels must stay below 0.02;
 *   - in total, the coverages of all pixels must sum to the shape's exact
 *     area, w * length or pi r^2 (relative error 1e-5);
 *   - the emitted footprint is exactly the pixels with non-zero coverage,
 *     and contains every pixel where a sub-sample is inside.
 * Random segments (all directions, sub-pixel endpoints, widths 0.5 .. 6)
 * and points (sizes 0.5 .. 9); stippled segments (§3.4.4: unit-length
 * pieces kept by the pattern) with the same oracles, the sum being w times
 * the kept pieces' length.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <math.h>

#include "rasterizer/rast_priv.h"
#include "ref_line.h"
#include "ref_smooth.h"

#define GRID 80

typedef ref_smooth_shape shape;

/* stipple: 0 none; else a random pattern, factor and start counter. */
static void check_shape(uint64_t *rng, bool disc, bool stipple, int *failures, double *sq_err,
                        long *npix)
{
    int32_t x[2], y[2];
    for (int i = 0; i < 2; i++) {
        x[i] = ref_rng_range(rng, 20 * 256, 60 * 256);
        y[i] = ref_rng_range(rng, 20 * 256, 60 * 256);
    }
    if (ref_rng_range(rng, 0, 5) == 0)
        y[1] = y[0];
    float w = (float)ref_rng_range(rng, 1, disc ? 36 : 24) / 4.0f;
    shape s = {.disc = disc,
               .xa = x[0] / 256.0,
               .ya = y[0] / 256.0,
               .xb = x[1] / 256.0,
               .yb = y[1] / 256.0,
               .w = w};
    rast_smooth_line l;
    swr_rect rect;
    uint32_t pieces = 0;
    if (disc) {
        rect = rast_smooth_point_rect(x[0], y[0], w);
    } else {
        if (!rast_smooth_line_setup(x, y, w, &l))
            return; /* zero length */
        rect = l.bbox;
        if (stipple) {
            s.stippled = true;
            s.pattern = (uint16_t)ref_rng_range(rng, 0, 0xffff);
            s.factor = (uint32_t)ref_rng_range(rng, 1, 4);
            s.start = (uint32_t)ref_rng_range(rng, 0, 100);
            pieces = rast_smooth_line_stipple(&l, s.pattern, s.factor, s.start);
        }
    }
    swr_rect clip = {0, 0, GRID, GRID};
    static uint8_t grid[GRID * GRID];
    ref_sink sink;
    ref_sink_init(&sink, clip, grid);
    if (disc)
        rast_smooth_point_cover(x[0], y[0], w, clip, ref_sink_emit, &sink);
    else
        rast_smooth_line_cover(&l, clip, ref_sink_emit, &sink);
    if (sink.errors) {
        print_error("emit contract: %s\n", sink.first_error);
        (*failures)++;
        return;
    }
    double total = 0;
    int bad = 0;
    for (int32_t py = 0; py < GRID; py++)
        for (int32_t px = 0; px < GRID; px++) {
            double got = disc ? rast_smooth_point_coverage(x[0], y[0], w, px, py)
                              : rast_smooth_line_coverage(&l, px, py);
            bool in_rect = px >= rect.x0 && px < rect.x1 && py >= rect.y0 && py < rect.y1;
            /* Shapes stay inside [14, 66] (endpoints in [20, 60], w <= 9). */
            bool near = px >= 14 && px < 67 && py >= 14 && py < 67;
            double want = near ? ref_smooth_sampled(&s, px, py) : 0.0;
            total += got;
            if (got > 0 || want > 0) {
                *sq_err += (got - want) * (got - want);
                (*npix)++;
            }
            bool emitted = grid[py * GRID + px] != 0;
            /* Stippled: up to two more boundaries (piece ends) per pixel. */
            double tol = s.stippled ? 0.25 : 0.125;
            if (fabs(got - want) > tol || emitted != (got > 0) || (want > 0 && !emitted) ||
                (got > 0 && !in_rect)) {
                if (bad == 0)
                    print_error("%s (%g,%g)-(%g,%g) w %g: pixel (%d,%d) coverage %g sampled %g "
                                "emitted %d\n",
                                disc ? "disc" : "line", s.xa, s.ya, s.xb, s.yb, s.w, px, py, got,
                                want, emitted);
                bad++;
            }
        }
    double dx = s.xb - s.xa, dy = s.yb - s.ya, len = sqrt(dx * dx + dy * dy);
    double area = disc ? M_PI * w * w / 4 : w * len;
    if (s.stippled) {
        /* The kept pieces' lengths: 1 each, the last len - (n - 1). */
        uint32_t n = (uint32_t)ceil(len);
        if (pieces != n) {
            print_error("stipple: %u pieces for length %.9g\n", pieces, len);
            bad++;
        }
        double kept = 0;
        for (uint32_t i = 0; i < n; i++)
            if ((s.pattern >> (((s.start + i) / s.factor) % 16)) & 1)
                kept += i + 1 < n ? 1.0 : len - (n - 1);
        area = w * kept;
    }
    if (fabs(total - area) > 1e-5 * fmax(area, 1e-3)) {
        print_error("%s w %g: coverage sums to %.9g, area %.9g\n", disc ? "disc" : "line",
                    (double)w, total, area);
        bad++;
    }
    if (bad)
        (*failures)++;
}

/* `count` random shapes from `seed` (stipple: stippled lines only, else
 * lines and discs alternating) through check_shape; the RMS error over all
 * their pixels must stay below rms_bound. */
static void check_random_shapes(uint64_t seed, int count, bool stipple, double rms_bound)
{
    uint64_t rng = seed;
    int failures = 0;
    double sq = 0;
    long n = 0;
    for (int i = 0; i < count && failures < 4; i++)
        check_shape(&rng, !stipple && (i & 1), stipple, &failures, &sq, &n);
    double rms = sqrt(sq / (double)(n ? n : 1));
    if (rms >= rms_bound)
        print_error("RMS coverage error %g over %ld pixels\n", rms, n);
    assert_int_equal(failures, 0);
    assert_true(rms < rms_bound);
}

static void test_smooth_coverage(void **state)
{
    (void)state;
    check_random_shapes(0xa11a5edull, 200, false, 0.02);
}

/* Stippled lines (GL 2.1 §3.4.4): random segments, patterns, factors and
 * start counters against the sampled kept pieces; the RMS bound is looser
 * because the piece ends add boundaries. */
static void test_smooth_stipple(void **state)
{
    (void)state;
    check_random_shapes(0x57199e5ull, 150, true, 0.03);

    /* Exact: width 1 along row 5 from x = 10 to 20 (pixel edges): pattern
     * 0x5555 keeps the even pieces, i.e. pixels 10, 12, ..., 18; start 1
     * the odd ones; factor 2 pairs. */
    rast_smooth_line l;
    int32_t x[2] = {10 * 256, 20 * 256}, y[2] = {5 * 256 + 128, 5 * 256 + 128};
    static const struct {
        uint32_t factor, start;
        int period, phase;
    } cases[] = {{1, 0, 2, 0}, {1, 1, 2, 1}, {2, 0, 4, 0}, {2, 3, 4, 3}};
    for (int c = 0; c < 4; c++) {
        assert_true(rast_smooth_line_setup(x, y, 1.0f, &l));
        assert_int_equal(rast_smooth_line_stipple(&l, 0x5555, cases[c].factor, cases[c].start), 10);
        for (int px = 10; px < 20; px++) {
            int k = (px - 10 + cases[c].phase) % cases[c].period;
            float want = k < cases[c].period / 2 ? 1.0f : 0.0f;
            assert_float_equal(rast_smooth_line_coverage(&l, px, 5), want, 1e-6f);
        }
    }
    /* Length 3.5 counts 4 pieces; the last, half long, from the pattern's
     * bit 3. */
    int32_t xs[2] = {10 * 256, 13 * 256 + 128};
    assert_true(rast_smooth_line_setup(xs, y, 1.0f, &l));
    assert_int_equal(rast_smooth_line_stipple(&l, 0x0008, 1, 0), 4);
    assert_float_equal(rast_smooth_line_coverage(&l, 12, 5), 0.0f, 1e-6f);
    assert_float_equal(rast_smooth_line_coverage(&l, 13, 5), 0.5f, 1e-6f);
}

/* Axis-aligned cases with known areas: a width-1 horizontal line from pixel
 * edge to pixel edge covers whole pixels; centred on a row's middle it
 * covers half of two rows. */
static void test_smooth_exact_cases(void **state)
{
    (void)state;
    rast_smooth_line l;
    int32_t x[2] = {10 * 256, 20 * 256}, y[2] = {5 * 256 + 128, 5 * 256 + 128};
    assert_true(rast_smooth_line_setup(x, y, 1.0f, &l));
    for (int px = 10; px < 20; px++)
        assert_float_equal(rast_smooth_line_coverage(&l, px, 5), 1.0f, 1e-6f);
    assert_float_equal(rast_smooth_line_coverage(&l, 9, 5), 0.0f, 1e-6f);
    assert_float_equal(rast_smooth_line_coverage(&l, 20, 5), 0.0f, 1e-6f);
    int32_t y2[2] = {5 * 256, 5 * 256};
    assert_true(rast_smooth_line_setup(x, y2, 1.0f, &l));
    assert_float_equal(rast_smooth_line_coverage(&l, 12, 4), 0.5f, 1e-6f);
    assert_float_equal(rast_smooth_line_coverage(&l, 12, 5), 0.5f, 1e-6f);
    /* A disc of diameter 8 centred on a pixel corner: the four pixels at
     * the centre are fully inside, total pi * 16. */
    assert_float_equal(rast_smooth_point_coverage(40 * 256, 40 * 256, 8.0f, 39, 39), 1.0f, 1e-6f);
    assert_float_equal(rast_smooth_point_coverage(40 * 256, 40 * 256, 8.0f, 44, 40), 0.0f, 1e-6f);
    int32_t z[2] = {x[0], x[0]};
    assert_false(rast_smooth_line_setup(z, y, 1.0f, &l));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_smooth_coverage),
        cmocka_unit_test(test_smooth_exact_cases),
        cmocka_unit_test(test_smooth_stipple),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
