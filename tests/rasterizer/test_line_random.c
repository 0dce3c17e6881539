/*
 * test_line_random.c: random lines through rast_line_setup/rast_line_cover
 * against the exact reference of ref_line.c, pixel by pixel over the clip
 * rectangle, plus the emit contract and the bbox promise. Lines cover all
 * octants, axis-aligned and 45-degree directions, endpoints on pixel centres,
 * edges and corners (fractions 0, 1/4, 1/2, 3/4) and random sub-pixel ones,
 * zero and tiny lengths, lines crossing far beyond the clip, widths 1..8
 * (integer and fractional), both sample offsets and last_pixel on/off.
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

#define NUM_LINES 30000

static int32_t rand_coord(uint64_t *rng, int32_t lo_px, int32_t hi_px)
{
    static const int32_t fracs[4] = {0, 64, 128, 192};
    int32_t px = ref_rng_range(rng, lo_px, hi_px);
    int32_t f = ref_rng_range(rng, 0, 7) < 4 ? fracs[ref_rng_range(rng, 0, 3)] : ref_rng_range(rng, 0, 255);
    return px * 256 + f;
}

static float rand_width(uint64_t *rng)
{
    switch (ref_rng_range(rng, 0, 3)) {
    case 0:
    case 1:
        return 1.0f;
    case 2:
        return (float)ref_rng_range(rng, 1, 8);
    default:
        return 0.5f + (float)ref_rng_range(rng, 0, 8000) / 1000.0f;
    }
}

static int check_line(const int32_t x[2], const int32_t y[2], float width, bool last_pixel,
                      int32_t o, swr_rect clip, uint8_t *got, uint8_t *want)
{
    int32_t W = clip.x1 - clip.x0, Hh = clip.y1 - clip.y0;
    ref_line_coverage(x, y, width, last_pixel, o, clip, want);
    rast_line line;
    bool ok = rast_line_setup(x, y, width, last_pixel, o, &line);
    ref_sink sink;
    ref_sink_init(&sink, clip, got);
    if (ok)
        rast_line_cover(&line, o, clip, ref_sink_emit, &sink);
    bool zero = x[0] == x[1] && y[0] == y[1];
    int bad = 0;
    if (ok == zero) {
        print_error("setup returned %d for a %s line\n", ok, zero ? "zero-length" : "non-zero");
        bad++;
    }
    if (sink.errors) {
        print_error("emit contract: %s\n", sink.first_error);
        bad++;
    }
    for (int32_t py = 0; py < Hh; py++)
        for (int32_t px = 0; px < W; px++) {
            uint8_t g = got[py * W + px], r = want[py * W + px];
            int32_t X = clip.x0 + px, Y = clip.y0 + py;
            if (g != r) {
                if (bad < 4)
                    print_error("pixel (%d,%d): got %d want %d\n", X, Y, g, r);
                bad++;
            }
            if (r && ok &&
                (X < line.bbox.x0 || X >= line.bbox.x1 || Y < line.bbox.y0 || Y >= line.bbox.y1)) {
                if (bad < 4)
                    print_error("pixel (%d,%d) outside bbox [%d,%d)x[%d,%d)\n", X, Y, line.bbox.x0,
                                line.bbox.x1, line.bbox.y0, line.bbox.y1);
                bad++;
            }
        }
    if (bad)
        print_error("line (%d,%d)->(%d,%d) fx8, width %.9g, last_pixel %d, offset %d, clip "
                    "[%d,%d)x[%d,%d)\n",
                    x[0], y[0], x[1], y[1], (double)width, last_pixel, o, clip.x0, clip.x1, clip.y0,
                    clip.y1);
    return bad;
}

static void test_random_lines(void **state)
{
    (void)state;
    uint64_t rng = 0x9E3779B97F4A7C15ull;
    static uint8_t got[256 * 256], want[256 * 256];
    int failures = 0, covered_lines = 0;
    for (int i = 0; i < NUM_LINES && failures < 5; i++) {
        swr_rect clip;
        int32_t cw = ref_rng_range(&rng, 0, 9) == 0 ? ref_rng_range(&rng, 1, 200) : ref_rng_range(&rng, 1, 72);
        int32_t ch = ref_rng_range(&rng, 0, 9) == 0 ? ref_rng_range(&rng, 1, 200) : ref_rng_range(&rng, 1, 72);
        clip.x0 = ref_rng_range(&rng, 0, 300);
        clip.y0 = ref_rng_range(&rng, 0, 300);
        clip.x1 = clip.x0 + cw;
        clip.y1 = clip.y0 + ch;
        int32_t x[2], y[2];
        x[0] = rand_coord(&rng, clip.x0 - 30, clip.x1 + 30);
        y[0] = rand_coord(&rng, clip.y0 - 30, clip.y1 + 30);
        int32_t len = ref_rng_range(&rng, 0, 3) == 0 ? ref_rng_range(&rng, 0, 8) : ref_rng_range(&rng, 0, 90);
        int32_t sx = ref_rng_range(&rng, 0, 1) ? 1 : -1, sy = ref_rng_range(&rng, 0, 1) ? 1 : -1;
        switch (ref_rng_range(&rng, 0, 7)) {
        case 0: /* horizontal */
            x[1] = x[0] + sx * (len * 256 + ref_rng_range(&rng, 0, 255));
            y[1] = y[0];
            break;
        case 1: /* vertical */
            x[1] = x[0];
            y[1] = y[0] + sy * (len * 256 + ref_rng_range(&rng, 0, 255));
            break;
        case 2: { /* exact 45 degrees */
            int32_t d = len * 256 + ref_rng_range(&rng, 0, 255);
            x[1] = x[0] + sx * d;
            y[1] = y[0] + sy * d;
            break;
        }
        case 3: /* tiny, including zero */
            x[1] = x[0] + ref_rng_range(&rng, -3, 3);
            y[1] = y[0] + ref_rng_range(&rng, -3, 3);
            break;
        case 4: /* long, crossing the clip from far away */
            x[0] = ref_rng_range(&rng, -30000 * 256, 30000 * 256);
            y[0] = ref_rng_range(&rng, -30000 * 256, 30000 * 256);
            x[1] = 2 * (clip.x0 * 256 + ref_rng_range(&rng, 0, cw * 256)) - x[0];
            y[1] = 2 * (clip.y0 * 256 + ref_rng_range(&rng, 0, ch * 256)) - y[0];
            if (x[1] < -31000 * 256 || x[1] > 31000 * 256 || y[1] < -31000 * 256 || y[1] > 31000 * 256) {
                x[1] = clip.x0 * 256 + ref_rng_range(&rng, 0, cw * 256);
                y[1] = clip.y0 * 256 + ref_rng_range(&rng, 0, ch * 256);
            }
            break;
        case 5: /* integer slope ratios through lattice points */
            x[1] = x[0] + sx * 128 * ref_rng_range(&rng, 0, 2 * len + 1);
            y[1] = y[0] + sy * 128 * ref_rng_range(&rng, 0, 2 * len + 1);
            break;
        default:
            x[1] = rand_coord(&rng, clip.x0 - 30, clip.x1 + 30);
            y[1] = rand_coord(&rng, clip.y0 - 30, clip.y1 + 30);
            break;
        }
        float width = rand_width(&rng);
        bool last_pixel = ref_rng_range(&rng, 0, 1);
        int32_t o = ref_rng_range(&rng, 0, 3) == 0 ? 0 : 128;
        int bad = check_line(x, y, width, last_pixel, o, clip, got, want);
        if (bad)
            failures++;
        for (int32_t k = 0; k < cw * ch; k++)
            if (want[k]) {
                covered_lines++;
                break;
            }
    }
    print_message("%d random lines, %d of them cover pixels in their clip\n", NUM_LINES, covered_lines);
    assert_int_equal(failures, 0);
    /* The generator must actually exercise coverage, not only misses. */
    assert_true(covered_lines > NUM_LINES / 3);
}

/* A clip much larger than a macrotile, with long lines of all widths: the
 * tile-row walk and the y-major band walk across many tiles. */
static void test_large_clip(void **state)
{
    (void)state;
    uint64_t rng = 12345;
    static uint8_t got[256 * 256], want[256 * 256];
    swr_rect clip = {3, 5, 253, 250};
    int failures = 0;
    for (int i = 0; i < 300 && failures < 3; i++) {
        int32_t x[2], y[2];
        for (int k = 0; k < 2; k++) {
            x[k] = rand_coord(&rng, -20, 275);
            y[k] = rand_coord(&rng, -20, 270);
        }
        float width = (float)ref_rng_range(&rng, 1, 12);
        if (check_line(x, y, width, ref_rng_range(&rng, 0, 1), 128, clip, got, want))
            failures++;
    }
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_lines),
        cmocka_unit_test(test_large_clip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
