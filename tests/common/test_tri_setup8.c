/*
 * test_tri_setup8.c: the frontend's 8-wide edge setup (fe_tri_setup8,
 * rasterizer/fe_setup_tri8.h) -- a whole kernel -- compiled against the
 * AVX2 variant and the scalar twin of the SIMD vocabulary, on random
 * triangles.
 *
 * ORACLE: rast_tri_setup (fe_setup_tri.c), the scalar setup the kernel is
 * the twin of: for every lane the same doubled area, and for non-zero
 * areas the same edge coefficients, fill-rule constants, pixel box and
 * small-edge flag. And the two builds of the kernel agree byte for byte
 * on the whole fe_tri8 (zero-area lanes included), which is what the
 * scalar twin promises.
 *
 * Triangles: tiny ones anywhere in the guard band (most of a mesh), large
 * ones across it, degenerate ones (a repeated vertex, collinear), and
 * axis-aligned edges (the top-left rule's cases), both windings, both
 * sample offsets, both edge rules.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "rasterizer/fe_setup_tri8.h"
#include "tri_setup8.h"

#define ROUNDS    50000
#define LIMIT_FX8 (31743 * 256) /* inside the guard band (rast_priv.h) */

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint32_t rnd(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}
static int32_t rnd_in(int32_t lo, int32_t hi)
{
    return lo + (int32_t)(rnd() % (uint32_t)(hi - lo + 1));
}

static void random_triangle(int32_t x[3], int32_t y[3])
{
    int32_t cx = rnd_in(-LIMIT_FX8 + 4096, LIMIT_FX8 - 4096);
    int32_t cy = rnd_in(-LIMIT_FX8 + 4096, LIMIT_FX8 - 4096);
    int shape = (int)(rnd() % 6);
    for (int k = 0; k < 3; k++) {
        if (shape <= 2) { /* tiny: within 4 pixels */
            x[k] = cx + rnd_in(-1024, 1024);
            y[k] = cy + rnd_in(-1024, 1024);
        } else if (shape == 3) { /* anywhere in the band */
            x[k] = rnd_in(-LIMIT_FX8, LIMIT_FX8);
            y[k] = rnd_in(-LIMIT_FX8, LIMIT_FX8);
        } else { /* pixel-aligned small: horizontal and vertical edges */
            x[k] = cx + 256 * rnd_in(-3, 3) + (shape == 5 ? 128 : 0);
            y[k] = cy + 256 * rnd_in(-3, 3);
        }
    }
    if (rnd() % 16 == 0) { /* degenerate */
        x[2] = x[rnd() % 2];
        y[2] = y[0] + (y[1] - y[0]) * (rnd() % 2);
    }
}

static void kernel_matches_scalar_setup(void **state)
{
    (void)state;
    long checked = 0, nonzero = 0, failures = 0;
    for (int r = 0; r < ROUNDS && failures < 10; r++) {
        int32_t x[3][8], y[3][8];
        for (int l = 0; l < 8; l++) {
            int32_t tx[3], ty[3];
            random_triangle(tx, ty);
            for (int k = 0; k < 3; k++)
                x[k][l] = tx[k], y[k][l] = ty[k];
        }
        const int32_t off = (r & 1) ? 128 : 0;
        const bool bottom = (r & 2) != 0;
        fe_tri8 tv, ts;
        memset(&tv, 0x5a, sizeof tv);
        memset(&ts, 0x5a, sizeof ts);
        tri_setup8_avx2(x, y, off, bottom, &tv);
        tri_setup8_scalar(x, y, off, bottom, &ts);
        if (memcmp(&tv, &ts, sizeof tv) != 0) {
            printf("round %d: the AVX2 and scalar builds differ\n", r);
            failures++;
        }
        for (int l = 0; l < 8; l++) {
            int32_t lx[3] = {x[0][l], x[1][l], x[2][l]}, ly[3] = {y[0][l], y[1][l], y[2][l]};
            rast_tri ref;
            int64_t area2;
            bool live = rast_tri_setup(lx, ly, off, bottom, &ref, &area2);
            checked++;
            if (tv.area2[l] != area2) {
                printf("round %d lane %d: area2 %lld, scalar setup %lld\n", r, l,
                       (long long)tv.area2[l], (long long)area2);
                failures++;
                continue;
            }
            if (!live)
                continue;
            nonzero++;
            rast_tri got;
            fe_tri8_get(&tv, (uint32_t)l, &got);
            bool same = got.bbox.x0 == ref.bbox.x0 && got.bbox.y0 == ref.bbox.y0 &&
                        got.bbox.x1 == ref.bbox.x1 && got.bbox.y1 == ref.bbox.y1 &&
                        got.small_edges == ref.small_edges;
            for (int k = 0; k < 3; k++)
                same &= got.a[k] == ref.a[k] && got.b[k] == ref.b[k] && got.c[k] == ref.c[k];
            if (!same) {
                printf("round %d lane %d: edges or box differ from rast_tri_setup\n", r, l);
                failures++;
            }
        }
    }
    printf("%ld triangles (%ld with area), %ld failures\n", checked, nonzero, failures);
    assert_true(nonzero > checked / 2);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(kernel_matches_scalar_setup)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
