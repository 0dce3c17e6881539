/*
 * test_line_param.c: the interpolation parameter of rast_line_setup,
 * t(x, y) = t_a x + t_b y + t_c at pixel sample points (window pixel units),
 * against the analytic t = ((p - pa) . (pb - pa)) / |pb - pa|^2 (GL 4.6 eq.
 * 14.1) computed exactly in integers and divided once in double.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "rasterizer/rast_priv.h"
#include "ref_line.h"

static double exact_t(const int32_t *x, const int32_t *y, int64_t sx_fx8, int64_t sy_fx8)
{
    int64_t dx = (int64_t)x[1] - x[0], dy = (int64_t)y[1] - y[0];
    __int128 num = (__int128)(sx_fx8 - x[0]) * dx + (__int128)(sy_fx8 - y[0]) * dy;
    return (double)num / (double)(dx * dx + dy * dy);
}

static void test_hand(void **state)
{
    (void)state;
    /* (10.5, 5.5) -> (20.5, 5.5): t = (x - 10.5) / 10. */
    int32_t x[2] = {10 * 256 + 128, 20 * 256 + 128}, y[2] = {5 * 256 + 128, 5 * 256 + 128};
    rast_line l;
    assert_true(rast_line_setup(x, y, 1.0f, false, 128, &l));
    assert_float_equal(l.t_a, 0.1f, 1e-7f);
    assert_float_equal(l.t_b, 0.0f, 0.0f);
    assert_float_equal(l.t_c, -1.05f, 1e-6f);
    assert_float_equal(l.t_a * 15.5f + l.t_b * 5.5f + l.t_c, 0.5f, 1e-6f);
    /* Vertical, upwards: (3, 8) -> (3, 0): t = (8 - y) / 8, independent of x. */
    int32_t x2[2] = {3 * 256, 3 * 256}, y2[2] = {8 * 256, 0};
    assert_true(rast_line_setup(x2, y2, 3.0f, true, 0, &l));
    assert_float_equal(l.t_a, 0.0f, 0.0f);
    assert_float_equal(l.t_b, -0.125f, 1e-8f);
    assert_float_equal(l.t_c, 1.0f, 1e-7f);
    /* Diagonal: t of (2,2) on (0,0) -> (4,4) is 1/2, of (4,0) too (projection). */
    int32_t x3[2] = {0, 4 * 256}, y3[2] = {0, 4 * 256};
    assert_true(rast_line_setup(x3, y3, 1.0f, false, 128, &l));
    assert_float_equal(l.t_a * 4.0f + l.t_b * 0.0f + l.t_c, 0.5f, 1e-7f);
    assert_float_equal(l.t_a * 2.0f + l.t_b * 2.0f + l.t_c, 0.5f, 1e-7f);
}

static void test_random(void **state)
{
    (void)state;
    uint64_t rng = 4242;
    double worst = 0;
    for (int it = 0; it < 20000; it++) {
        int32_t base = ref_rng_range(&rng, 0, 3) == 0 ? 16000 : 500;
        int32_t x[2], y[2];
        for (int k = 0; k < 2; k++) {
            x[k] = ref_rng_range(&rng, 0, base * 256);
            y[k] = ref_rng_range(&rng, 0, base * 256);
        }
        if (it % 3 == 0) { /* short lines near each other */
            x[1] = x[0] + ref_rng_range(&rng, -4000, 4000);
            y[1] = y[0] + ref_rng_range(&rng, -4000, 4000);
        }
        int32_t o = (it & 1) ? 128 : 0;
        rast_line l;
        bool ok = rast_line_setup(x, y, 1.0f, false, o, &l);
        if (x[0] == x[1] && y[0] == y[1]) {
            assert_false(ok);
            continue;
        }
        assert_true(ok);
        /* Pixels around both ends and between. */
        for (int k = 0; k < 8; k++) {
            double f = (double)ref_rng_range(&rng, -100, 1100) / 1000.0;
            int32_t px = (int32_t)floor((x[0] + f * (x[1] - x[0])) / 256.0) + ref_rng_range(&rng, -2, 2);
            int32_t py = (int32_t)floor((y[0] + f * (y[1] - y[0])) / 256.0) + ref_rng_range(&rng, -2, 2);
            int64_t sx = (int64_t)px * 256 + o, sy = (int64_t)py * 256 + o;
            float xs = (float)sx / 256.0f, ys = (float)sy / 256.0f;
            float got = l.t_a * xs + l.t_b * ys + l.t_c;
            double want = exact_t(x, y, sx, sy);
            /* Float coefficients and a float evaluation: a few ulps of the
             * largest term. */
            double mag = fabs((double)l.t_a * xs) + fabs((double)l.t_b * ys) + fabs((double)l.t_c);
            double err = fabs((double)got - want), tol = 4.0 * 0x1p-24 * mag + 1e-9;
            if (err / tol > worst)
                worst = err / tol;
            if (err > tol)
                fail_msg("line (%d,%d)->(%d,%d) o %d pixel (%d,%d): t %.9g want %.9g", x[0], y[0],
                         x[1], y[1], o, px, py, (double)got, want);
        }
    }
    print_message("worst error: %.3f of tolerance\n", worst);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand),
        cmocka_unit_test(test_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
