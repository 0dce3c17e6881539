/*
 * test_interp_planes.c: pixel-shader input interpolation of the backend
 * (rasterizer/be_draw.c) against an analytic oracle.
 *
 * The backend interpolates inputs two ways: per block from the barycentric
 * planes (small primitives, and primitives that need a perspective divide),
 * or from per-primitive screen-space planes of each input component (large
 * primitives without a divide). This test draws random triangles of 3 to
 * ~110 pixels (both sides of the size threshold) into an
 * R32G32B32A32_FLOAT target with a PS that copies components of three
 * inputs (one CONSTANT, two interpolated) to its colour, and checks every
 * written pixel against the value computed in double from the window-space
 * vertex positions at the pixel centre:
 *   linear:      sum l_k a_k;   perspective: sum (l_k a_k / w_k) / sum (l_k / w_k)
 *   constant:    the triangle's value (equal at its three vertices, so the
 *                provoking vertex does not matter; it differs between the
 *                two triangles of a draw, which catches a stale value).
 * Vertices lie on the 1/256 pixel grid so that snapping moves nothing; the
 * tolerance (3e-4 linear, 1e-3 perspective, values in [-1, 1]) is float
 * rounding, far below the error of a sample offset or lane placed half a
 * pixel wrong on these triangles (>= 2e-3 for the gradients drawn). Coverage
 * is checked loosely (its exact rules have their own tests): a written pixel
 * lies inside or on the triangle, a pixel clearly inside is written.
 *
 * Cases: w = 1 with PERSPECTIVE inputs (no divide: planes), varying w with
 * LINEAR inputs (planes), varying w with PERSPECTIVE inputs (divide:
 * barycentric path), and w = 1 with position and barycentrics read (planes
 * next to the position/barycentric stores).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

#define W 256
#define H 256
#define NATTR 3

typedef struct pv_vertex {
    float pos[4];
    float attr[NATTR][4];
} pv_vertex;

static void planes_vs(const void *shader, swr_vs_args *a)
{
    (void)shader;
    for (int i = 0; i < 1 + NATTR; i++)
        memcpy(&a->outputs[i], &a->inputs[i], sizeof a->outputs[i]);
}

/* colour = (in1.x, in1.w, in2.y, in0.z): both interpolated inputs, the
 * constant one, first and last components. */
static void planes_ps(const void *shader, swr_ps_args *a)
{
    (void)shader;
    memcpy(a->color[0].v[0], a->inputs[1].v[0], 32);
    memcpy(a->color[0].v[1], a->inputs[1].v[3], 32);
    memcpy(a->color[0].v[2], a->inputs[2].v[1], 32);
    memcpy(a->color[0].v[3], a->inputs[0].v[2], 32);
}

typedef struct tri_case {
    uint8_t interp;  /* of inputs 1 and 2 */
    bool vary_w;
    bool reads_pos;  /* position and barycentrics read */
} tri_case;

/* Window x of vertex positions: multiples of 1/8 pixel in [lo, hi]. */
static double grid(uint64_t *seed, double lo, double hi)
{
    return floor(tu_randf(seed, (float)lo, (float)hi) * 8.0) / 8.0;
}

/* A random triangle with window x in [x0, x1], size up to `size` pixels. */
static void random_tri(uint64_t *seed, double x0, double x1, double size, bool vary_w,
                       pv_vertex v[3], double win[3][2])
{
    double cx = grid(seed, x0 + size / 2, x1 - size / 2), cy = grid(seed, size / 2, H - size / 2);
    float konst[4];
    for (int c = 0; c < 4; c++)
        konst[c] = tu_randf(seed, -1, 1);
    for (int k = 0; k < 3; k++) {
        double wx = cx + grid(seed, -size / 2, size / 2);
        double wy = cy + grid(seed, -size / 2, size / 2);
        win[k][0] = wx;
        win[k][1] = wy;
        /* tu_viewport: x_w = x_ndc * W/2 + W/2, y_w = -y_ndc * H/2 + H/2. */
        float xn = (float)((wx - W / 2.0) / (W / 2.0)), yn = (float)((H / 2.0 - wy) / (H / 2.0));
        float w = vary_w ? tu_randf(seed, 0.5f, 3.0f) : 1.0f;
        v[k].pos[0] = xn * w, v[k].pos[1] = yn * w, v[k].pos[2] = 0.25f * w, v[k].pos[3] = w;
        memcpy(v[k].attr[0], konst, sizeof konst);
        for (int i = 1; i < NATTR; i++)
            for (int c = 0; c < 4; c++)
                v[k].attr[i][c] = tu_randf(seed, -1, 1);
    }
}

static const float sentinel = -7.0f;

/* Checks the pixels of triangle v/win against the oracle; returns the
 * number of bad pixels (printing the first few). */
static size_t check_tri(const tu_target *tt, const tri_case *tc, const pv_vertex v[3],
                        const double win[3][2], int32_t px0, int32_t px1, const char *what)
{
    double x0 = win[0][0], y0 = win[0][1];
    double e1x = win[1][0] - x0, e1y = win[1][1] - y0, e2x = win[2][0] - x0, e2y = win[2][1] - y0;
    double area = e1x * e2y - e2x * e1y;
    if (fabs(area) < 1.0)
        return 0; /* degenerate: nothing to check */
    double tol = tc->interp == SWR_INTERP_PERSPECTIVE && tc->vary_w ? 1e-3 : 3e-4;
    size_t bad = 0;
    for (int32_t y = 0; y < H; y++)
        for (int32_t x = px0; x < px1; x++) {
            const float *px = (const float *)(tt->color + (size_t)y * tt->cpitch + (size_t)x * 16);
            bool written = px[0] != sentinel;
            double dx = x + 0.5 - x0, dy = y + 0.5 - y0;
            double l1 = (dx * e2y - e2x * dy) / area, l2 = (e1x * dy - dx * e1y) / area;
            double l[3] = {1 - l1 - l2, l1, l2};
            double lmin = fmin(l[0], fmin(l[1], l[2]));
            if (!written) {
                if (lmin > 1e-6) {
                    if (bad++ < 5)
                        fprintf(stderr, "%s: (%d, %d) inside but not written\n", what, x, y);
                }
                continue;
            }
            if (lmin < -1e-6) {
                if (bad++ < 5)
                    fprintf(stderr, "%s: (%d, %d) written outside (%g)\n", what, x, y, lmin);
                continue;
            }
            double q[3], qs = 0;
            for (int k = 0; k < 3; k++) {
                q[k] = tc->interp == SWR_INTERP_PERSPECTIVE ? l[k] / v[k].pos[3] : l[k];
                qs += q[k];
            }
            /* The PS's channels: in1.x, in1.w, in2.y, in0.z. */
            const int ai[4] = {1, 1, 2, 0}, ci[4] = {0, 3, 1, 2};
            for (int ch = 0; ch < 4; ch++) {
                double want = 0;
                for (int k = 0; k < 3; k++)
                    want += q[k] * v[k].attr[ai[ch]][ci[ch]];
                want /= qs;
                if (ai[ch] == 0)
                    want = v[0].attr[0][ci[ch]];
                bool ok = ai[ch] == 0 ? px[ch] == (float)want : fabs(px[ch] - want) <= tol;
                if (!ok) {
                    if (bad++ < 5)
                        fprintf(stderr, "%s: (%d, %d) channel %d engine %.7g oracle %.7g\n", what,
                                x, y, ch, (double)px[ch], want);
                    break;
                }
            }
        }
    return bad;
}

static void run_case(const tri_case *tc, uint64_t seed)
{
    tu_target tt;
    assert_int_equal(tu_target_init(&tt, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT,
                                    SWR_FORMAT_NONE),
                     SWR_OK);
    tu_pipeline(&tt, SWR_INTERP_LINEAR);
    swr_vertex_layout layout = {.num_elements = 1 + NATTR};
    for (uint32_t i = 0; i < 1 + NATTR; i++)
        layout.elements[i] = (swr_vertex_element){i * 16, 0, SWR_VTYPE_FLOAT32, 4, 0};
    swr_set_vertex_layout(tt.ctx, &layout);
    swr_vs_state vs = {.func = planes_vs, .num_inputs = 1 + NATTR, .num_outputs = 1 + NATTR,
                       .position_slot = 0, .point_size_slot = SWR_SLOT_NONE,
                       .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                       .viewport_index_slot = SWR_SLOT_NONE};
    swr_set_vs(tt.ctx, &vs);
    swr_ps_state ps = {.func = planes_ps, .num_inputs = NATTR, .num_outputs = 1,
                       .color0_writes_all = true, .position_unused = !tc->reads_pos,
                       .barycentrics_unused = !tc->reads_pos};
    ps.inputs[0] = (swr_ps_input){1, SWR_SLOT_NONE, SWR_INTERP_CONSTANT};
    ps.inputs[1] = (swr_ps_input){2, SWR_SLOT_NONE, tc->interp};
    ps.inputs[2] = (swr_ps_input){3, SWR_SLOT_NONE, tc->interp};
    swr_set_ps(tt.ctx, &ps);

    const float clear[4] = {sentinel, sentinel, sentinel, sentinel};
    const double sizes[] = {3, 6, 12, 24, 48, 96};
    uint32_t rounds = tu_sanitized() ? 6 : 24;
    for (uint32_t r = 0; r < rounds; r++) {
        /* Two triangles per draw, in disjoint halves of the target. */
        pv_vertex v[6];
        double win[6][2];
        double size = sizes[r % 6] * (1.0 + (r / 6) * 0.05); /* <= 110 */
        random_tri(&seed, 2, W / 2 - 6, size, tc->vary_w, v, win);
        random_tri(&seed, W / 2 + 6, W - 2, size, tc->vary_w, v + 3, win + 3);
        tu_clear(&tt, clear, 1.0);
        swr_vertex_buffer vb = {v, sizeof v, sizeof v[0]};
        swr_set_vertex_buffers(tt.ctx, 0, 1, &vb);
        swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = 6};
        swr_draw(tt.ctx, &d);
        tu_finish(&tt);
        char what[128];
        snprintf(what, sizeof what, "interp %u vary_w %d pos %d size %.0f round %u", tc->interp,
                 tc->vary_w, tc->reads_pos, size, r);
        size_t bad = check_tri(&tt, tc, v, (const double(*)[2])win, 0, W / 2, what);
        bad += check_tri(&tt, tc, v + 3, (const double(*)[2])(win + 3), W / 2, W, what);
        assert_int_equal(bad, 0);
    }
    tu_target_free(&tt);
}

static void test_planes_no_divide(void **state)
{
    (void)state;
    tri_case tc = {SWR_INTERP_PERSPECTIVE, false, false};
    run_case(&tc, 0x1234567ull);
}

static void test_planes_linear_varying_w(void **state)
{
    (void)state;
    tri_case tc = {SWR_INTERP_LINEAR, true, false};
    run_case(&tc, 0x2345678ull);
}

static void test_perspective_divide(void **state)
{
    (void)state;
    tri_case tc = {SWR_INTERP_PERSPECTIVE, true, false};
    run_case(&tc, 0x3456789ull);
}

static void test_planes_with_position(void **state)
{
    (void)state;
    tri_case tc = {SWR_INTERP_PERSPECTIVE, false, true};
    run_case(&tc, 0x456789aull);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_planes_no_divide),
        cmocka_unit_test(test_planes_linear_varying_w),
        cmocka_unit_test(test_perspective_divide),
        cmocka_unit_test(test_planes_with_position),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
