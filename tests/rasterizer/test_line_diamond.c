/*
 * test_line_diamond.c: the diamond-exit rule on hand-derived cases, and
 * line-strip properties that follow from the spec without any reference:
 *   - splitting a segment at a point on it partitions its fragments exactly
 *     (A->B plus B->C equals A->C, no pixel twice);
 *   - at a strip joint B the pixel whose diamond holds B' is left out of the
 *     segment ending at B and drawn by the one starting there;
 *   - last_pixel adds at most that one pixel.
 * Expected pixel sets below were derived by hand from the perturbed rule
 * (p' = p - (eps, eps^2), y down); the derivation is in each comment.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "rasterizer/rast_priv.h"
#include "ref_line.h"

#define CLIP_X0 (-8)
#define CLIP_Y0 (-8)
#define CLIP_DIM 32
static const swr_rect clip = {CLIP_X0, CLIP_Y0, CLIP_X0 + CLIP_DIM, CLIP_Y0 + CLIP_DIM};

typedef struct pix {
    int x, y;
} pix;


static void raster(double xa, double ya, double xb, double yb, float width, bool last, int32_t o,
                   uint8_t *grid)
{
    int32_t x[2] = {(int32_t)(xa * 256), (int32_t)(xb * 256)};
    int32_t y[2] = {(int32_t)(ya * 256), (int32_t)(yb * 256)};
    rast_line line;
    ref_sink sink;
    ref_sink_init(&sink, clip, grid);
    if (rast_line_setup(x, y, width, last, o, &line))
        rast_line_cover(&line, o, clip, ref_sink_emit, &sink);
    if (sink.errors)
        fail_msg("emit contract: %s", sink.first_error);
}

static void expect(double xa, double ya, double xb, double yb, float width, bool last, int32_t o,
                   const pix *want, int n)
{
    uint8_t grid[CLIP_DIM * CLIP_DIM], exp[CLIP_DIM * CLIP_DIM];
    memset(exp, 0, sizeof exp);
    for (int i = 0; i < n; i++)
        exp[(want[i].y - CLIP_Y0) * CLIP_DIM + want[i].x - CLIP_X0] = 1;
    raster(xa, ya, xb, yb, width, last, o, grid);
    for (int y = 0; y < CLIP_DIM; y++)
        for (int x = 0; x < CLIP_DIM; x++)
            if (grid[y * CLIP_DIM + x] != exp[y * CLIP_DIM + x])
                fail_msg("line (%g,%g)->(%g,%g) w %g last %d o %d: pixel (%d,%d) got %d want %d", xa,
                         ya, xb, yb, (double)width, last, o, x + CLIP_X0, y + CLIP_Y0,
                         grid[y * CLIP_DIM + x], exp[y * CLIP_DIM + x]);
}

#define EXPECT(xa, ya, xb, yb, w, last, o, ...)                                                    \
    do {                                                                                           \
        const pix want_[] = {__VA_ARGS__};                                                         \
        expect(xa, ya, xb, yb, w, last, o, want_, (int)(sizeof want_ / sizeof want_[0]));          \
    } while (0)

static void test_axis_aligned(void **state)
{
    (void)state;
    /* Centre to centre: pb's pixel is the exit pixel's successor, left out. */
    EXPECT(0.5, 0.5, 4.5, 0.5, 1, false, 128, {0, 0}, {1, 0}, {2, 0}, {3, 0});
    EXPECT(0.5, 0.5, 4.5, 0.5, 1, true, 128, {0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0});
    /* Reversed: pa' = (4.5 - e, ..) is inside pixel 4's diamond. */
    EXPECT(4.5, 0.5, 0.5, 0.5, 1, false, 128, {1, 0}, {2, 0}, {3, 0}, {4, 0});
    EXPECT(4.5, 0.5, 0.5, 0.5, 1, true, 128, {0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0});
    /* Corner to corner (x = 0 and 4 are the shared left/right corners): the
     * perturbation pulls both ends left, into pixels -1 and 3. */
    EXPECT(0, 0.5, 4, 0.5, 1, false, 128, {-1, 0}, {0, 0}, {1, 0}, {2, 0});
    EXPECT(0, 0.5, 4, 0.5, 1, true, 128, {-1, 0}, {0, 0}, {1, 0}, {2, 0}, {3, 0});
    /* Vertical through centres. */
    EXPECT(0.5, 0.5, 0.5, 4.5, 1, false, 128, {0, 0}, {0, 1}, {0, 2}, {0, 3});
    EXPECT(0.5, 0.5, 0.5, 4.5, 1, true, 128, {0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4});
    /* Vertical exactly between columns 0 and 1: x' = 1 - e goes left. */
    EXPECT(1, 0.5, 1, 4.5, 1, false, 128, {0, 0}, {0, 1}, {0, 2}, {0, 3});
    EXPECT(1, 0.5, 1, 4.5, 1, true, 128, {0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4});
    /* Horizontal exactly between rows 0 and 1: y' = 1 - e^2 goes up. pb' =
     * (4.5 - e, 1 - e^2) is in no diamond and the segment stops short of
     * pixel 4's (which it would meet only for x > 4.5 - e^2). */
    EXPECT(0.5, 1, 4.5, 1, 1, false, 128, {0, 0}, {1, 0}, {2, 0}, {3, 0});
    EXPECT(0.5, 1, 4.5, 1, 1, true, 128, {0, 0}, {1, 0}, {2, 0}, {3, 0});
    EXPECT(4.5, 1, 0.5, 1, 1, false, 128, {0, 0}, {1, 0}, {2, 0}, {3, 0});
    /* Sub-pixel ends: pb = 3.25 lies inside pixel 3's diamond; pb = 3.0 is
     * the corner, pb' falls into pixel 2's. */
    EXPECT(0.5, 0.5, 3.25, 0.5, 1, false, 128, {0, 0}, {1, 0}, {2, 0});
    EXPECT(0.5, 0.5, 3.25, 0.5, 1, true, 128, {0, 0}, {1, 0}, {2, 0}, {3, 0});
    EXPECT(0.5, 0.5, 3.0, 0.5, 1, false, 128, {0, 0}, {1, 0});
    EXPECT(0.5, 0.5, 3.0, 0.5, 1, true, 128, {0, 0}, {1, 0}, {2, 0});
    /* Integer sample positions: the same geometry shifted by half a pixel. */
    EXPECT(0, 0, 4, 0, 1, false, 0, {0, 0}, {1, 0}, {2, 0}, {3, 0});
    EXPECT(0, 0, 4, 0, 1, true, 0, {0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0});
    /* A line shorter than the gap between diamonds' reach: (0.5,0.5) ->
     * (0.5,0.5) + 1/256 covers nothing (pb' in pixel 0's diamond), and with
     * last_pixel just pixel 0. */
    EXPECT(0.5, 0.5, 0.5 + 1.0 / 256, 0.5, 1, true, 128, {0, 0});
    {
        uint8_t grid[CLIP_DIM * CLIP_DIM];
        raster(0.5, 0.5, 0.5 + 1.0 / 256, 0.5, 1, false, 128, grid);
        for (int i = 0; i < CLIP_DIM * CLIP_DIM; i++)
            assert_int_equal(grid[i], 0);
    }
}

static void test_diagonal(void **state)
{
    (void)state;
    EXPECT(0.5, 0.5, 4.5, 4.5, 1, false, 128, {0, 0}, {1, 1}, {2, 2}, {3, 3});
    EXPECT(0.5, 0.5, 4.5, 4.5, 1, true, 128, {0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4});
    /* Through diamond corners: y = x - 1/2. pa' = (1 - e, 1/2 - e^2) is in
     * pixel (0,0)'s diamond; in column k the line passes exactly between rows
     * k-1 and k and, slope > 0, goes to row k; pb' is in (4,4)'s diamond. */
    EXPECT(1, 0.5, 5, 4.5, 1, false, 128, {0, 0}, {1, 1}, {2, 2}, {3, 3});
    EXPECT(1, 0.5, 5, 4.5, 1, true, 128, {0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4});
    /* Anti-diagonal through centres, going up-right. */
    EXPECT(0.5, 4.5, 4.5, 0.5, 1, false, 128, {0, 4}, {1, 3}, {2, 2}, {3, 1});
    /* y-major through corners: x = 1 + (y - 1/2)/4; rows 0 and 4 tie and go
     * left, pb' = (2 - e, 4.5 - e^2) is in (1,4)'s diamond. */
    EXPECT(1, 0.5, 2, 4.5, 1, false, 128, {0, 0}, {1, 1}, {1, 2}, {1, 3});
    EXPECT(1, 0.5, 2, 4.5, 1, true, 128, {0, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4});
}

static void test_wide(void **state)
{
    (void)state;
    /* Width 3: offset up by 1 to y = 4.5 (row 4), runs of 3 rows down. */
    EXPECT(0.5, 5.5, 4.5, 5.5, 3, false, 128, {0, 4}, {1, 4}, {2, 4}, {3, 4}, {0, 5}, {1, 5},
           {2, 5}, {3, 5}, {0, 6}, {1, 6}, {2, 6}, {3, 6});
    /* Width 2 at y = 5.5: offset to y = 5.0, a tie that goes up to row 4. */
    EXPECT(0.5, 5.5, 4.5, 5.5, 2, false, 128, {0, 4}, {1, 4}, {2, 4}, {3, 4}, {0, 5}, {1, 5},
           {2, 5}, {3, 5});
    /* Width 2 at y = 6.0: offset to the centre row 5, run 5..6. Width 2.4
     * rounds to 2, 2.6 to 3 (run 4..6 would be offset 1 -> y = 5.0 -> tie up
     * to row 4, run 4..6). */
    EXPECT(0.5, 6, 2.5, 6, 2.4f, false, 128, {0, 5}, {1, 5}, {0, 6}, {1, 6});
    EXPECT(0.5, 6, 2.5, 6, 2.6f, false, 128, {0, 4}, {1, 4}, {0, 5}, {1, 5}, {0, 6}, {1, 6});
    /* y-major width 3: columns 4..6. */
    EXPECT(5.5, 0.5, 5.5, 3.5, 3, false, 128, {4, 0}, {5, 0}, {6, 0}, {4, 1}, {5, 1}, {6, 1},
           {4, 2}, {5, 2}, {6, 2});
    /* 45 degrees, width 4, x-major: offset segment (0.5,-1) -> (8.5,7); in
     * column k it runs exactly between rows k-2 and k-1 and goes down to
     * k-1 (also in column 0: the perturbed segment enters (0,-1)'s diamond
     * right after pa'); pb' lies in no diamond and column 8 is missed. */
    pix want[32];
    int n = 0;
    for (int k = 0; k < 8; k++)
        for (int r = k - 1; r <= k + 2; r++)
            want[n++] = (pix){k, r};
    expect(0.5, 0.5, 8.5, 8.5, 4, false, 128, want, n);
    expect(0.5, 0.5, 8.5, 8.5, 4, true, 128, want, n);
}

static void cover_grid(const int32_t *x, const int32_t *y, float w, bool last, uint8_t *grid)
{
    rast_line line;
    ref_sink sink;
    ref_sink_init(&sink, clip, grid);
    if (rast_line_setup(x, y, w, last, 128, &line))
        rast_line_cover(&line, 128, clip, ref_sink_emit, &sink);
    assert_int_equal(sink.errors, 0);
}

/* A -> C split at collinear lattice points B: fragments partition exactly. */
static void test_strip_partition(void **state)
{
    (void)state;
    uint64_t rng = 77;
    int nonempty = 0;
    for (int it = 0; it < 3000; it++) {
        int32_t ax = ref_rng_range(&rng, -4 * 256, 20 * 256), ay = ref_rng_range(&rng, -4 * 256, 20 * 256);
        int32_t vx = ref_rng_range(&rng, -300, 300), vy = ref_rng_range(&rng, -300, 300);
        if (it % 4 == 0)
            vy = 0;
        else if (it % 4 == 1)
            vy = (it & 8) ? vx : -vx;
        if (vx == 0 && vy == 0)
            vx = 1;
        int32_t i = ref_rng_range(&rng, 1, 6), j = i + ref_rng_range(&rng, 1, 6);
        int32_t A[2] = {ax, ay}, B[2] = {ax + i * vx, ay + i * vy}, C[2] = {ax + j * vx, ay + j * vy};
        float w = (float)ref_rng_range(&rng, 1, 4);
        uint8_t gac[CLIP_DIM * CLIP_DIM], gab[CLIP_DIM * CLIP_DIM], gbc[CLIP_DIM * CLIP_DIM];
        int32_t xs[2], ys[2];
        xs[0] = A[0]; ys[0] = A[1]; xs[1] = C[0]; ys[1] = C[1];
        cover_grid(xs, ys, w, false, gac);
        xs[1] = B[0]; ys[1] = B[1];
        cover_grid(xs, ys, w, false, gab);
        xs[0] = B[0]; ys[0] = B[1]; xs[1] = C[0]; ys[1] = C[1];
        cover_grid(xs, ys, w, false, gbc);
        int count = 0;
        for (int k = 0; k < CLIP_DIM * CLIP_DIM; k++) {
            if (gab[k] && gbc[k])
                fail_msg("pixel %d drawn by both halves: A (%d,%d) v (%d,%d) i %d j %d w %g", k, ax,
                         ay, vx, vy, i, j, (double)w);
            if ((gab[k] | gbc[k]) != gac[k])
                fail_msg("halves differ from the whole at pixel %d: A (%d,%d) v (%d,%d) i %d j %d",
                         k, ax, ay, vx, vy, i, j);
            count += gac[k];
        }
        nonempty += count > 0;
    }
    assert_true(nonempty > 2000);
}

/* Non-collinear strips: the pixel whose diamond holds the joint B' belongs
 * to the segment leaving B, not to the one arriving; last_pixel adds
 * exactly that pixel. */
static void test_strip_joint(void **state)
{
    (void)state;
    uint64_t rng = 99;
    int joints_in_diamond = 0;
    for (int it = 0; it < 3000; it++) {
        int32_t p[3][2];
        for (int k = 0; k < 3; k++) {
            p[k][0] = ref_rng_range(&rng, 0, 16 * 4) * 64 + (it & 1 ? ref_rng_range(&rng, 0, 63) : 0);
            p[k][1] = ref_rng_range(&rng, 0, 16 * 4) * 64 + (it & 2 ? ref_rng_range(&rng, 0, 63) : 0);
        }
        int32_t x1[2] = {p[0][0], p[1][0]}, y1[2] = {p[0][1], p[1][1]};
        int32_t x2[2] = {p[1][0], p[2][0]}, y2[2] = {p[1][1], p[2][1]};
        uint8_t g1[CLIP_DIM * CLIP_DIM], g1l[CLIP_DIM * CLIP_DIM], g2[CLIP_DIM * CLIP_DIM];
        cover_grid(x1, y1, 1, false, g1);
        cover_grid(x1, y1, 1, true, g1l);
        cover_grid(x2, y2, 1, false, g2);
        /* The pixel holding B' (at most one: diamonds are disjoint). */
        int jx = 0, jy = 0, found = 0;
        for (int py = CLIP_Y0; py < CLIP_Y0 + CLIP_DIM; py++)
            for (int px = CLIP_X0; px < CLIP_X0 + CLIP_DIM; px++)
                if (ref_point_in_diamond(p[1][0], p[1][1], 128, px, py)) {
                    jx = px;
                    jy = py;
                    found++;
                }
        assert_true(found <= 1);
        bool degenerate1 = p[0][0] == p[1][0] && p[0][1] == p[1][1];
        bool degenerate2 = p[2][0] == p[1][0] && p[2][1] == p[1][1];
        int extra = 0;
        for (int k = 0; k < CLIP_DIM * CLIP_DIM; k++) {
            if (g1[k] && !g1l[k])
                fail_msg("last_pixel removed a pixel");
            if (g1l[k] && !g1[k]) {
                extra++;
                if (!found || k != (jy - CLIP_Y0) * CLIP_DIM + (jx - CLIP_X0))
                    fail_msg("last_pixel added a pixel that does not hold B'");
            }
        }
        assert_int_equal(extra, found && !degenerate1 ? 1 : 0);
        if (found) {
            int k = (jy - CLIP_Y0) * CLIP_DIM + (jx - CLIP_X0);
            joints_in_diamond++;
            assert_int_equal(g1[k], 0);
            /* The leaving segment starts inside: drawn unless it also ends
             * inside the same diamond. */
            bool c_inside = ref_point_in_diamond(p[2][0], p[2][1], 128, jx, jy);
            if (!degenerate2)
                assert_int_equal(g2[k], c_inside ? 0 : 1);
        }
    }
    assert_true(joints_in_diamond > 500);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_axis_aligned), cmocka_unit_test(test_diagonal),
        cmocka_unit_test(test_wide),         cmocka_unit_test(test_strip_partition),
        cmocka_unit_test(test_strip_joint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
