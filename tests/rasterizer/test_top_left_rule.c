/*
 * test_top_left_rule: hand cases of the fill rule, with answers worked out by
 * hand from the rule text (rast_priv.h): samples exactly on horizontal top /
 * bottom edges, on vertical left / right edges, on diagonal edges and on
 * vertices; both windings; the bottom-left variant; integer and half-pixel
 * sample offsets; negative tile coordinates. Each case also checks that the
 * scalar reference (ref_raster.c) agrees with the hand answer, and checks
 * the sign convention of the area returned by rast_tri_setup.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "rasterizer/rast_priv.h"
#include "ref_raster.h"

/* Map of the hand cases: pixels [-16, 32) in x and y, clip the same. */
#define MAP_O (-16)
#define MAP_N 48

typedef bool (*expect_fn)(int32_t x, int32_t y);

/* Renders the triangle (pixel coordinates * 256 + the given fx8 shift) in
 * all 6 vertex orders and compares every pixel with `expect` and with the
 * reference. */
static void check_case(const char *name, const int32_t px[3], const int32_t py[3], int32_t shift,
                       int32_t off, bool bottom, expect_fn expect)
{
    static const int perm[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1},
                                   {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
    ref_capture cap;
    ref_capture_init(&cap, MAP_O, MAP_O, MAP_N, MAP_N);
    swr_rect clip = {MAP_O, MAP_O, MAP_O + MAP_N, MAP_O + MAP_N};
    for (int p = 0; p < 6; p++) {
        int32_t x[3], y[3];
        for (int i = 0; i < 3; i++) {
            x[i] = px[perm[p][i]] * 256 + shift;
            y[i] = py[perm[p][i]] * 256 + shift;
        }
        rast_tri tri;
        int64_t area2;
        bool ok = rast_tri_setup(x, y, off, bottom, &tri, &area2);
        assert_true(ok);
        ref_capture_begin(&cap, clip);
        rast_tri_cover(&tri, off, clip, ref_capture_emit, &cap);
        if (cap.errors)
            fail_msg("%s order %d: %s", name, p, cap.first_error);
        for (int32_t yy = MAP_O; yy < MAP_O + MAP_N; yy++) {
            for (int32_t xx = MAP_O; xx < MAP_O + MAP_N; xx++) {
                uint8_t *c = ref_capture_at(&cap, xx, yy);
                bool want = expect(xx, yy);
                bool ref = ref_tri_covers(x, y, off, bottom, xx, yy);
                if (ref != want)
                    fail_msg("%s order %d: reference says %d at (%d,%d), hand answer %d", name, p,
                             ref, xx, yy, want);
                if (*c != want)
                    fail_msg("%s order %d: cover %d at (%d,%d), expected %d", name, p, *c, xx, yy,
                             want);
                *c = 0;
            }
        }
    }
    ref_capture_free(&cap);
}

/* (0,0) (4,0) (0,4): top edge y = 0 (owned), left edge x = 0 (owned),
 * hypotenuse x + y = 4 a right edge (not owned). */
static bool exp_a(int32_t x, int32_t y)
{
    return x >= 0 && y >= 0 && x + y < 4;
}
/* Same with the bottom-left rule: y = 0 is a top edge, now not owned. */
static bool exp_a_bottom(int32_t x, int32_t y)
{
    return x >= 0 && y > 0 && x + y < 4;
}
/* (0,0) (0,4) (4,4): bottom edge y = 4 (not owned under top-left), left edge
 * x = 0 (owned), diagonal x = y with the interior (x < y) to its left: a
 * right edge (not owned). */
static bool exp_b(int32_t x, int32_t y)
{
    return x >= 0 && x < y && y < 4;
}
static bool exp_b_bottom(int32_t x, int32_t y)
{
    return x >= 0 && x < y && y <= 4;
}
/* (0,0) (4,0) (4,4): top edge y = 0, right edge x = 4 (not owned), diagonal
 * x = y with the interior (y < x) to its right: a left edge (owned). */
static bool exp_c(int32_t x, int32_t y)
{
    return y >= 0 && x < 4 && y <= x;
}
static bool exp_c_bottom(int32_t x, int32_t y)
{
    return y > 0 && x < 4 && y <= x;
}
/* Unit right triangle (1,1) (2,1) (1,2): only its top-left vertex sample. */
static bool exp_d(int32_t x, int32_t y)
{
    return x == 1 && y == 1;
}
/* Apex on top (1,1) (0,2) (2,2): the apex lies on a left and a right edge
 * (not covered); the base y = 2 is a bottom edge: nothing under top-left. */
static bool exp_e(int32_t x, int32_t y)
{
    return false;
}
/* ... bottom-left: the base is owned; (0,2) is on the base and the left
 * edge, (2,2) on the base and the right edge. */
static bool exp_e_bottom(int32_t x, int32_t y)
{
    return y == 2 && (x == 0 || x == 1);
}
/* Triangle across the origin (-5,-3) (6,-3) (-5,9): tiles at negative
 * coordinates. Hypotenuse from (6,-3) to (-5,9): 12x + 11y = 39; the
 * interior is 12x + 11y < 39 and the edge is a right edge. */
static bool exp_f(int32_t x, int32_t y)
{
    return x >= -5 && y >= -3 && 12 * x + 11 * y < 39;
}
/* A sliver between sample rows: (0,0.25) (20,0.5) (0,0.75) covers nothing. */
static bool exp_none(int32_t x, int32_t y)
{
    return false;
}

static void test_integer_samples(void **state)
{
    (void)state;
    const int32_t ax[3] = {0, 4, 0}, ay[3] = {0, 0, 4};
    check_case("A", ax, ay, 0, 0, false, exp_a);
    check_case("A bottom", ax, ay, 0, 0, true, exp_a_bottom);
    const int32_t bx[3] = {0, 0, 4}, by[3] = {0, 4, 4};
    check_case("B", bx, by, 0, 0, false, exp_b);
    check_case("B bottom", bx, by, 0, 0, true, exp_b_bottom);
    const int32_t cx[3] = {0, 4, 4}, cy[3] = {0, 0, 4};
    check_case("C", cx, cy, 0, 0, false, exp_c);
    check_case("C bottom", cx, cy, 0, 0, true, exp_c_bottom);
    const int32_t dx[3] = {1, 2, 1}, dy[3] = {1, 1, 2};
    check_case("D", dx, dy, 0, 0, false, exp_d);
    const int32_t ex[3] = {1, 0, 2}, ey[3] = {1, 2, 2};
    check_case("E", ex, ey, 0, 0, false, exp_e);
    check_case("E bottom", ex, ey, 0, 0, true, exp_e_bottom);
    const int32_t fx[3] = {-5, 6, -5}, fy[3] = {-3, -3, 9};
    check_case("F", fx, fy, 0, 0, false, exp_f);
}

/* The same shapes moved by half a pixel hit the pixel centres exactly. */
static void test_half_pixel_samples(void **state)
{
    (void)state;
    const int32_t ax[3] = {0, 4, 0}, ay[3] = {0, 0, 4};
    check_case("A half", ax, ay, 128, 128, false, exp_a);
    check_case("A half bottom", ax, ay, 128, 128, true, exp_a_bottom);
    const int32_t bx[3] = {0, 0, 4}, by[3] = {0, 4, 4};
    check_case("B half", bx, by, 128, 128, false, exp_b);
    const int32_t cx[3] = {0, 4, 4}, cy[3] = {0, 0, 4};
    check_case("C half", cx, cy, 128, 128, false, exp_c);
    const int32_t ex[3] = {1, 0, 2}, ey[3] = {1, 2, 2};
    check_case("E half bottom", ex, ey, 128, 128, true, exp_e_bottom);
    const int32_t fx[3] = {-5, 6, -5}, fy[3] = {-3, -3, 9};
    check_case("F half", fx, fy, 128, 128, false, exp_f);
}

/* Large right triangles with integer vertices and edges on sample rows and
 * columns across several tiles: the owned/not-owned split must hold in the
 * trivially accepted and the partial tiles alike. (0,0) (24,0) (0,24). */
static bool exp_big(int32_t x, int32_t y)
{
    return x >= 0 && y >= 0 && x + y < 24;
}
static void test_multi_tile(void **state)
{
    (void)state;
    const int32_t x[3] = {0, 24, 0}, y[3] = {0, 0, 24};
    check_case("big", x, y, 0, 0, false, exp_big);
    check_case("big half", x, y, 128, 128, false, exp_big);
}

static void test_between_samples(void **state)
{
    (void)state;
    int32_t x[3] = {0, 20 * 256, 0}, y[3] = {64, 128, 192};
    ref_capture cap;
    ref_capture_init(&cap, MAP_O, MAP_O, MAP_N, MAP_N);
    swr_rect clip = {MAP_O, MAP_O, MAP_O + MAP_N, MAP_O + MAP_N};
    rast_tri tri;
    int64_t area2;
    assert_true(rast_tri_setup(x, y, 0, false, &tri, &area2));
    ref_capture_begin(&cap, clip);
    rast_tri_cover(&tri, 0, clip, ref_capture_emit, &cap);
    assert_int_equal(cap.emitted, 0);
    assert_int_equal(cap.errors, 0);
    for (int32_t yy = MAP_O; yy < MAP_O + MAP_N; yy++)
        for (int32_t xx = MAP_O; xx < MAP_O + MAP_N; xx++)
            assert_false(ref_tri_covers(x, y, 0, false, xx, yy) != exp_none(xx, yy));
    ref_capture_free(&cap);
}

/* area2 > 0 for clockwise on screen (y down): (0,0) -> (1,0) -> (0,1) goes
 * right, then down-left: clockwise as seen on screen. */
static void test_area_sign(void **state)
{
    (void)state;
    rast_tri tri;
    int64_t area2 = 0;
    const int32_t cw_x[3] = {0, 256, 0}, cw_y[3] = {0, 0, 256};
    assert_true(rast_tri_setup(cw_x, cw_y, 0, false, &tri, &area2));
    assert_true(area2 == 65536);
    const int32_t ccw_x[3] = {0, 0, 256}, ccw_y[3] = {0, 256, 0};
    assert_true(rast_tri_setup(ccw_x, ccw_y, 0, false, &tri, &area2));
    assert_true(area2 == -65536);
    /* Zero area: collinear, two equal vertices, all equal. */
    const int32_t col_x[3] = {0, 256, 512}, col_y[3] = {0, 128, 256};
    assert_false(rast_tri_setup(col_x, col_y, 0, false, &tri, &area2));
    assert_true(area2 == 0);
    const int32_t eq_x[3] = {5, 5, 900}, eq_y[3] = {7, 7, -3};
    assert_false(rast_tri_setup(eq_x, eq_y, 128, true, &tri, &area2));
    const int32_t pt_x[3] = {5, 5, 5}, pt_y[3] = {7, 7, 7};
    assert_false(rast_tri_setup(pt_x, pt_y, 0, false, &tri, &area2));
}

/* bbox: the pixels whose sample lies in the vertex extents, inclusive. */
static void test_bbox(void **state)
{
    (void)state;
    rast_tri tri;
    int64_t area2;
    /* x in [1.0, 3.0] px, y in [0.5, 2.25]: integer samples x 1..3, y 1..2. */
    const int32_t x[3] = {256, 768, 256}, y[3] = {128, 128, 576};
    assert_true(rast_tri_setup(x, y, 0, false, &tri, &area2));
    assert_int_equal(tri.bbox.x0, 1);
    assert_int_equal(tri.bbox.x1, 4);
    assert_int_equal(tri.bbox.y0, 1);
    assert_int_equal(tri.bbox.y1, 3);
    /* Half-pixel samples px + 0.5 in [1.0, 3.0] -> px 1..2; in [0.5, 2.25]
     * -> py 0..1. */
    assert_true(rast_tri_setup(x, y, 128, false, &tri, &area2));
    assert_int_equal(tri.bbox.x0, 1);
    assert_int_equal(tri.bbox.x1, 3);
    assert_int_equal(tri.bbox.y0, 0);
    assert_int_equal(tri.bbox.y1, 2);
    /* Negative: x in [-3.0, -1.5] -> integer samples -3..-2. */
    const int32_t nx[3] = {-768, -384, -768}, ny[3] = {0, 0, 512};
    assert_true(rast_tri_setup(nx, ny, 0, false, &tri, &area2));
    assert_int_equal(tri.bbox.x0, -3);
    assert_int_equal(tri.bbox.x1, -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_integer_samples), cmocka_unit_test(test_half_pixel_samples),
        cmocka_unit_test(test_multi_tile),      cmocka_unit_test(test_between_samples),
        cmocka_unit_test(test_area_sign),       cmocka_unit_test(test_bbox),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
