/*
 * test_feature_flatshade.c: flat shading takes every primitive's colour
 * from its provoking vertex, as GL's provoking-vertex table says
 * (GL 4.6 compatibility profile, section "Flatshading", table "Provoking
 * vertex selection"; i is the 1-based primitive number, n the vertex count):
 *
 *   topology        first-vertex convention   last-vertex convention
 *   points          i                         i
 *   lines           2i - 1                    2i
 *   line strip      i                         i + 1
 *   line loop       i                         i + 1, and 1 for the closing line
 *   triangles       3i - 2                    3i
 *   triangle strip  i                         i + 2
 *   triangle fan    i + 1                     i + 2
 *   quads           4i - 3                    4i
 *   quad strip      2i - 1                    2i + 2
 *   polygon         1                         1
 *
 * Every vertex gets a distinct colour ((k + 1) / 64, 1 - k / 64, 0.5, 1),
 * the geometry is laid out so that each primitive owns pixels far from any
 * other primitive, and the colour there must be exactly the provoking
 * vertex's (R32G32B32A32_FLOAT target: flat values are copied, not
 * interpolated). Run with SWR_INTERP_CONSTANT and with SWR_INTERP_COLOR plus
 * rasterizer flatshade, both conventions, single-threaded and pooled; and a
 * control that SWR_INTERP_COLOR without flatshade is NOT constant.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test_feature_common.h"

#define W 128
#define H 128
#define MAXV 32

/* 0-based provoking vertex of 0-based primitive j (table above). */
static uint32_t provoking(uint32_t topo, uint32_t j, uint32_t n, bool first)
{
    uint32_t i = j + 1; /* the table's 1-based i, returned 0-based below */
    switch (topo) {
    case SWR_TOPO_LINES: return (first ? 2 * i - 1 : 2 * i) - 1;
    case SWR_TOPO_LINE_STRIP: return (first ? i : i + 1) - 1;
    case SWR_TOPO_LINE_LOOP:
        if (!first && i == n)
            return 0;
        return (first ? i : i + 1) - 1;
    case SWR_TOPO_TRIANGLES: return (first ? 3 * i - 2 : 3 * i) - 1;
    case SWR_TOPO_TRIANGLE_STRIP: return (first ? i : i + 2) - 1;
    case SWR_TOPO_TRIANGLE_FAN: return (first ? i + 1 : i + 2) - 1;
    case SWR_TOPO_QUADS: return (first ? 4 * i - 3 : 4 * i) - 1;
    case SWR_TOPO_QUAD_STRIP: return (first ? 2 * i - 1 : 2 * i + 2) - 1;
    default: return 0; /* polygon */
    }
}

static void vcolor(uint32_t k, float out[4])
{
    out[0] = (k + 1) / 64.0f;
    out[1] = 1.0f - k / 64.0f;
    out[2] = 0.5f;
    out[3] = 1.0f;
}

/* A scene: vertices in window coordinates, and for each primitive a few
 * probe pixels that only it covers. */
typedef struct scene {
    uint32_t topo;
    const char *name;
    uint32_t n;
    float xy[MAXV][2];
    uint32_t prims;
    uint32_t probes_per_prim;
    uint32_t probe[16][3][2];
} scene;

static void add_probe(scene *s, uint32_t p, uint32_t k, float x, float y)
{
    s->probe[p][k][0] = (uint32_t)floorf(x);
    s->probe[p][k][1] = (uint32_t)floorf(y);
}

/* Probes: a triangle's centroid (at least a few pixels from every edge for
 * these sizes). */
static void tri_probe(scene *s, uint32_t p, uint32_t k, uint32_t a, uint32_t b, uint32_t c)
{
    add_probe(s, p, k, (s->xy[a][0] + s->xy[b][0] + s->xy[c][0]) / 3.0f,
              (s->xy[a][1] + s->xy[b][1] + s->xy[c][1]) / 3.0f);
}

static void build(uint32_t topo, scene *s)
{
    memset(s, 0, sizeof *s);
    s->topo = topo;
    s->probes_per_prim = 1;
    switch (topo) {
    case SWR_TOPO_LINES:
        s->name = "lines";
        s->n = 8;
        for (uint32_t j = 0; j < 4; j++) {
            float y = 10.5f + 20.0f * j;
            s->xy[2 * j][0] = 8.5f, s->xy[2 * j][1] = y;
            s->xy[2 * j + 1][0] = 100.5f, s->xy[2 * j + 1][1] = y;
            add_probe(s, j, 0, 50.5f, y);
        }
        s->prims = 4;
        break;
    case SWR_TOPO_LINE_STRIP:
    case SWR_TOPO_LINE_LOOP: {
        /* A rectangle's outline, corners in order; the loop closes it, the
         * strip adds the closing side as an explicit 5th vertex. */
        s->name = topo == SWR_TOPO_LINE_LOOP ? "line loop" : "line strip";
        const float c[5][2] = {{10.5f, 10.5f}, {110.5f, 10.5f}, {110.5f, 90.5f}, {10.5f, 90.5f},
                               {10.5f, 10.5f}};
        s->n = topo == SWR_TOPO_LINE_LOOP ? 4 : 5;
        for (uint32_t k = 0; k < s->n; k++)
            s->xy[k][0] = c[k][0], s->xy[k][1] = c[k][1];
        s->prims = 4;
        for (uint32_t j = 0; j < 4; j++)
            add_probe(s, j, 0, (c[j][0] + c[j + 1][0]) / 2, (c[j][1] + c[j + 1][1]) / 2);
        break;
    }
    case SWR_TOPO_TRIANGLES:
        s->name = "triangles";
        s->n = 12;
        for (uint32_t j = 0; j < 4; j++) {
            float x = 4.0f + 30.0f * j, y = 10.0f + 25.0f * j;
            const float t[3][2] = {{x, y}, {x + 24, y + 4}, {x + 6, y + 28}};
            for (uint32_t k = 0; k < 3; k++)
                s->xy[3 * j + k][0] = t[k][0], s->xy[3 * j + k][1] = t[k][1];
            tri_probe(s, j, 0, 3 * j, 3 * j + 1, 3 * j + 2);
        }
        s->prims = 4;
        break;
    case SWR_TOPO_TRIANGLE_STRIP:
        s->name = "triangle strip";
        s->n = 10;
        for (uint32_t k = 0; k < 10; k++) {
            s->xy[k][0] = 8.0f + 24.0f * (k / 2);
            s->xy[k][1] = (k & 1) ? 100.0f : 20.0f;
        }
        s->prims = 8;
        for (uint32_t j = 0; j < 8; j++)
            tri_probe(s, j, 0, j, j + 1, j + 2);
        break;
    case SWR_TOPO_TRIANGLE_FAN:
        s->name = "triangle fan";
        s->n = 9;
        s->xy[0][0] = 64, s->xy[0][1] = 64;
        for (uint32_t k = 1; k < 9; k++) {
            float a = (float)(k - 1) * 0.8f;
            s->xy[k][0] = 64 + 60 * cosf(a), s->xy[k][1] = 64 + 60 * sinf(a);
        }
        s->prims = 7;
        for (uint32_t j = 0; j < 7; j++)
            tri_probe(s, j, 0, 0, j + 1, j + 2);
        break;
    case SWR_TOPO_QUADS:
        s->name = "quads";
        s->n = 16;
        s->probes_per_prim = 2;
        for (uint32_t j = 0; j < 4; j++) {
            float x = 4.0f + 31.0f * j, y = 8.0f + 28.0f * j;
            const float q[4][2] = {{x, y}, {x + 24, y}, {x + 24, y + 24}, {x, y + 24}};
            for (uint32_t k = 0; k < 4; k++)
                s->xy[4 * j + k][0] = q[k][0], s->xy[4 * j + k][1] = q[k][1];
            /* one probe in each half, whichever diagonal splits it */
            add_probe(s, j, 0, x + 5, y + 19);
            add_probe(s, j, 1, x + 19, y + 5);
        }
        s->prims = 4;
        break;
    case SWR_TOPO_QUAD_STRIP:
        s->name = "quad strip";
        s->n = 10;
        s->probes_per_prim = 2;
        for (uint32_t k = 0; k < 10; k++) {
            s->xy[k][0] = 8.0f + 28.0f * (k / 2);
            s->xy[k][1] = (k & 1) ? 110.0f : 16.0f;
        }
        s->prims = 4;
        for (uint32_t j = 0; j < 4; j++) {
            float x = 8.0f + 28.0f * j;
            add_probe(s, j, 0, x + 5, 100);
            add_probe(s, j, 1, x + 23, 26);
        }
        break;
    default: /* polygon: a convex hexagon */
        s->name = "polygon";
        s->n = 6;
        s->probes_per_prim = 3;
        for (uint32_t k = 0; k < 6; k++) {
            float a = k * 1.0471976f;
            s->xy[k][0] = 64 + 50 * cosf(a), s->xy[k][1] = 64 + 50 * sinf(a);
        }
        s->prims = 1;
        add_probe(s, 0, 0, 64, 30);
        add_probe(s, 0, 1, 30, 70);
        add_probe(s, 0, 2, 90, 90);
        break;
    }
}

/* Draws scene s with the given mode; returns the number of wrong probes. */
static int run_scene(tu_target *t, const scene *s, uint8_t interp, bool flatshade, bool first)
{
    fx_vertex v[MAXV];
    for (uint32_t k = 0; k < s->n; k++) {
        float c[4];
        vcolor(k, c);
        v[k] = fx_win(W, H, s->xy[k][0], s->xy[k][1], 0.5f, c);
    }
    fx_pipeline(t, interp);
    swr_rasterizer_state rs = fx_rs();
    rs.flatshade = flatshade;
    rs.flatshade_first = first;
    swr_set_rasterizer_state(t->ctx, &rs);
    fx_clear(t, -1, -1, -1, -1);
    fx_draw(t->ctx, s->topo, v, s->n);
    tu_finish(t);
    int bad = 0;
    for (uint32_t j = 0; j < s->prims; j++) {
        float want[4];
        vcolor(provoking(s->topo, j, s->n, first), want);
        for (uint32_t k = 0; k < s->probes_per_prim; k++) {
            uint32_t x = s->probe[j][k][0], y = s->probe[j][k][1];
            const float *got = fx_px4(t, x, y);
            if (memcmp(got, want, sizeof want) != 0) {
                if (bad++ < 4)
                    fprintf(stderr,
                            "%s, %s-vertex, interp %u: prim %u probe (%u, %u): got (%g %g %g %g), "
                            "want vertex %u (%g %g %g %g)\n",
                            s->name, first ? "first" : "last", interp, j, x, y, got[0], got[1],
                            got[2], got[3], provoking(s->topo, j, s->n, first), want[0], want[1],
                            want[2], want[3]);
            }
        }
    }
    return bad;
}

static const uint32_t k_topos[] = {SWR_TOPO_LINES, SWR_TOPO_LINE_STRIP, SWR_TOPO_LINE_LOOP,
                                   SWR_TOPO_TRIANGLES, SWR_TOPO_TRIANGLE_STRIP,
                                   SWR_TOPO_TRIANGLE_FAN, SWR_TOPO_QUADS, SWR_TOPO_QUAD_STRIP,
                                   SWR_TOPO_POLYGON};

static void run_all(const swr_context_desc *desc, uint8_t interp, bool flatshade)
{
    tu_target t;
    assert_int_equal(tu_target_init(&t, desc, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                     SWR_OK);
    int bad = 0;
    for (size_t i = 0; i < sizeof k_topos / sizeof k_topos[0]; i++) {
        scene s;
        build(k_topos[i], &s);
        for (int first = 0; first < 2; first++)
            bad += run_scene(&t, &s, interp, flatshade, first);
    }
    tu_target_free(&t);
    assert_int_equal(bad, 0);
}

static void test_constant_interp(void **state)
{
    (void)state;
    for (int d = 0; d < 2; d++)
        run_all(&fx_descs[d], SWR_INTERP_CONSTANT, false);
}

static void test_color_interp_flatshade(void **state)
{
    (void)state;
    for (int d = 0; d < 2; d++)
        run_all(&fx_descs[d], SWR_INTERP_COLOR, true);
}

/* Control: SWR_INTERP_COLOR without flatshade is smooth, so a probe inside
 * a triangle differs from every vertex colour. */
static void test_color_interp_smooth(void **state)
{
    (void)state;
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                     SWR_OK);
    scene s;
    build(SWR_TOPO_TRIANGLES, &s);
    fprintf(stderr, "control (smooth shading): the mismatches below are expected\n");
    int bad = run_scene(&t, &s, SWR_INTERP_COLOR, false, false);
    assert_int_equal(bad, (int)s.prims);
    tu_target_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_constant_interp),
        cmocka_unit_test(test_color_interp_flatshade),
        cmocka_unit_test(test_color_interp_smooth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
