/*
 * test_toss_points.c: each KNOB_TOSS_* knob ends a draw at its stage
 * (rasterizer/fe_*.c, be_draw.c, core/swr_api.c, core/ctx_ring.c): the
 * target keeps only the clear, and swr_get_stats shows exactly the stages
 * that ran:
 *   TOSS_DRAW       swr_draw returns at once: draws 0, nothing else
 *   TOSS_QUEUE_FE   queued (draws 1) but the frontend never runs
 *   TOSS_IA         frontend returns before assembly: all counters 0
 *   TOSS_FETCH      assembled, stops before fetch: prims_in 0, vs 0
 *   TOSS_VS         fetched, no vertex shader ran: vs_invocations 0 (the
 *                   counter is "vertices shaded"), prims_in counted
 *   TOSS_SETUP_TRIS VS ran: vs_invocations = vertices, prims_in = 2, nothing binned
 *   TOSS_BIN_TRIS   set up, not binned: prims_binned 0
 *   TOSS_RS         binned (prims_binned 2), no pixel shaded
 * The vertex shader counts its own active lanes, an oracle independent of
 * the engine's counters. Knobs are globals: each case resets its knob and
 * then checks that a normal draw renders again.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "knobs/knobs.h"
#include "test_util.h"

#define W 100
#define H 70

static _Atomic uint64_t vs_lanes;

static void counting_vs(const void *shader, swr_vs_args *a)
{
    atomic_fetch_add(&vs_lanes, (uint64_t)__builtin_popcount(a->active_mask));
    tu_passthrough_vs(shader, a);
}

/* A pixel-aligned rectangle [16, 56) x [10, 40) as two triangles (NDC from
 * the default viewport: x_w = (x + 1) * 50, y_w = (1 - y) * 35). */
#define RX0 16
#define RX1 56
#define RY0 10
#define RY1 40
static tu_vertex quad[6];

static void make_quad(void)
{
    float x0 = RX0 / 50.0f - 1, x1 = RX1 / 50.0f - 1;
    float y0 = 1 - RY0 / 35.0f, y1 = 1 - RY1 / 35.0f;
    const float p[6][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y0}, {x1, y1}, {x0, y1}};
    for (int k = 0; k < 6; k++)
        quad[k] = (tu_vertex){{p[k][0], p[k][1], 0, 1}, {0, 1, 0, 1}};
}

typedef struct expect {
    const char *knob;
    int64_t draws, vs, prims_in, binned, ps; /* -1: not checked */
} expect;

static void draw_scene(tu_target *t, swr_stats *delta, uint64_t *lanes)
{
    swr_stats s0, s1;
    swr_sync(t->ctx);
    swr_get_stats(t->ctx, &s0);
    atomic_store(&vs_lanes, 0);
    const float clear[4] = {1, 0, 0, 1};
    tu_clear(t, clear, 1.0);
    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = 6};
    assert_int_equal(swr_draw(t->ctx, &d), SWR_OK);
    tu_finish(t);
    swr_get_stats(t->ctx, &s1);
    delta->draws = s1.draws - s0.draws;
    delta->vs_invocations = s1.vs_invocations - s0.vs_invocations;
    delta->prims_in = s1.prims_in - s0.prims_in;
    delta->prims_binned = s1.prims_binned - s0.prims_binned;
    delta->ps_invocations = s1.ps_invocations - s0.ps_invocations;
    delta->samples_passed = s1.samples_passed - s0.samples_passed;
    *lanes = atomic_load(&vs_lanes);
}

/* Green pixels inside the rectangle, red (the clear) elsewhere. */
static size_t count_green(const tu_target *t)
{
    size_t g = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const uint8_t *p = t->color + (size_t)y * t->cpitch + 4 * x; /* B G R A */
            g += p[1] == 255 && p[2] == 0;
        }
    return g;
}

static int check(const char *knob, int64_t want, uint64_t got, const char *what)
{
    if (want < 0 || (uint64_t)want == got)
        return 0;
    fprintf(stderr, "%s: %s = %llu, expected %lld\n", knob, what, (unsigned long long)got,
            (long long)want);
    return 1;
}

static void test_toss_points(void **state)
{
    (void)state;
    make_quad();
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_B8G8R8A8_UNORM, SWR_FORMAT_NONE), SWR_OK);
    tu_pipeline(&t, SWR_INTERP_PERSPECTIVE);
    swr_vs_state vs = {.func = counting_vs, .num_inputs = 2, .num_outputs = 2, .position_slot = 0,
                       .point_size_slot = SWR_SLOT_NONE,
                       .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                       .viewport_index_slot = SWR_SLOT_NONE};
    swr_set_vs(t.ctx, &vs);
    tu_bind_vertices(t.ctx, quad, 6);

    const int64_t area = (RX1 - RX0) * (RY1 - RY0);
    swr_stats d;
    uint64_t lanes;
    /* Baseline: every stage runs. 4 distinct vertices (dedupe), 2 triangles. */
    draw_scene(&t, &d, &lanes);
    assert_int_equal(count_green(&t), area);
    assert_int_equal(d.draws, 1);
    assert_int_equal(d.vs_invocations, lanes);
    assert_true(lanes >= 4 && lanes <= 6);
    assert_int_equal(d.prims_in, 2);
    assert_int_equal(d.prims_binned, 2);
    assert_int_equal(d.ps_invocations, area);
    assert_int_equal(d.samples_passed, area);
    const int64_t nv = (int64_t)lanes;

    const expect cases[] = {
        {"TOSS_DRAW", 0, 0, 0, 0, 0},
        {"TOSS_QUEUE_FE", 1, 0, 0, 0, 0},
        {"TOSS_IA", 1, 0, 0, 0, 0},
        {"TOSS_FETCH", 1, 0, 0, 0, 0},
        {"TOSS_VS", 1, 0, 2, 0, 0},
        {"TOSS_SETUP_TRIS", 1, nv, 2, 0, 0},
        {"TOSS_BIN_TRIS", 1, nv, 2, 0, 0},
        {"TOSS_RS", 1, nv, 2, 2, 0},
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const expect *e = &cases[i];
        assert_true(knob_set(e->knob, "1"));
        draw_scene(&t, &d, &lanes);
        assert_true(knob_set(e->knob, "0"));
        size_t green = count_green(&t);
        if (green) {
            fprintf(stderr, "%s: %zu pixels drawn, expected none\n", e->knob, green);
            failures++;
        }
        failures += check(e->knob, e->draws, d.draws, "draws");
        failures += check(e->knob, e->vs, d.vs_invocations, "vs_invocations");
        failures += check(e->knob, e->vs, lanes, "vertices the VS actually shaded");
        failures += check(e->knob, e->prims_in, d.prims_in, "prims_in");
        failures += check(e->knob, e->binned, d.prims_binned, "prims_binned");
        failures += check(e->knob, e->ps, d.ps_invocations, "ps_invocations");
        failures += check(e->knob, e->ps, d.samples_passed, "samples_passed");
        /* Reset: a normal draw renders again. */
        draw_scene(&t, &d, &lanes);
        assert_int_equal(count_green(&t), area);
        assert_int_equal(d.ps_invocations, area);
    }
    tu_target_free(&t);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_toss_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
