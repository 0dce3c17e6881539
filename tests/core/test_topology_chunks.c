/*
 * test_topology_chunks.c: cutting a draw into frontend chunks must not
 * change what is drawn.
 *
 * For every topology x {non-indexed, indexed} x {restart off, on} x
 * max_prims_per_draw in {1, 2, 3, 5, 2040}: the image equals the image of
 * the same draw in one chunk (max_prims_per_draw = 1000000), bit for bit.
 * And the one-chunk image equals the ORACLE: each primitive of the GL
 * definition, enumerated by this file (written from the GL 4.6 tables, not
 * from fe_assemble), drawn on its own as a list draw of fresh vertices.
 *
 * Order independence: the target is R32G32B32A32_FLOAT with ONE/ONE
 * blending and flat shading; every vertex carries (id + 1, 1, 0, 0), so a
 * pixel holds (sum of the provoking vertex ids + 1, number of primitives
 * covering it): small integers, exact in any order. The oracle's fresh
 * vertices all carry the provoking vertex's colour (GL's last-vertex
 * convention), so the R sum also checks the provoking vertex the engine
 * picked for every primitive, including those whose vertices straddle a
 * chunk edge.
 *
 * Geometry keeps quads, quad strips and polygons convex (two decompositions
 * of a convex quad into triangles cover the same pixels), whatever the
 * restarts: after a restart the index stream re-aligns to a quad (4) or
 * quad-strip pair (2) boundary of vertex ids.
 *
 * prims_in (swr_get_stats) counts ASSEMBLED primitives (fe_prim outputs):
 * a quad counts 2 triangles, a polygon of n vertices n - 2; points, lines
 * and triangles count 1. Checked against the oracle's count.
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

#define W 160
#define H 100
#define NV 160       /* vertex ids 0..NV-1 */
#define L 64         /* index-stream positions */
#define START 4      /* first vertex of non-indexed draws (a multiple of 4) */
#define BASE_VERTEX 1

static const uint32_t chunk_sizes[] = {1, 2, 3, 5, 2040, 1000000};
#define NUM_SIZES (sizeof chunk_sizes / sizeof chunk_sizes[0])

static tu_target targets[NUM_SIZES]; /* one context per chunk size */
static tu_target oracle;
static tu_vertex verts[NV];

/* ---- geometry ------------------------------------------------------------- */

static uint64_t hash64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb3fe1a85ec53ull;
    x ^= x >> 33;
    return x;
}

static float hash_f(uint64_t k, float lo, float hi)
{
    return lo + (hi - lo) * (float)(hash64(k) >> 40) * (1.0f / 16777216.0f);
}

static void make_geometry(uint32_t topo)
{
    for (uint32_t v = 0; v < NV; v++) {
        float x, y;
        if (topo == SWR_TOPO_QUADS) {
            uint32_t g = v / 4, c = v % 4;
            float cx = hash_f(g * 3 + 1, -0.7f, 0.7f), cy = hash_f(g * 3 + 2, -0.7f, 0.7f);
            float r = hash_f(g * 3 + 3, 0.1f, 0.3f);
            float a = (float)c * 1.5707963f + hash_f(v * 7 + 11, -0.35f, 0.35f);
            x = cx + r * cosf(a), y = cy + r * sinf(a);
        } else if (topo == SWR_TOPO_QUAD_STRIP) {
            uint32_t j = v / 2, row = j / 40;
            x = -0.95f + (float)(j % 40) * 0.047f;
            float top = 0.9f - (float)row * 0.45f + hash_f(j * 5 + 1, -0.05f, 0.05f);
            y = (v & 1) ? top - 0.3f + hash_f(j * 5 + 2, -0.05f, 0.05f) : top;
        } else if (topo == SWR_TOPO_POLYGON) {
            float a = (float)v * (6.2831853f / (NV + 4));
            x = 0.9f * cosf(a), y = 0.9f * sinf(a);
        } else {
            x = hash_f(v * 2 + 1000 * topo, -0.95f, 0.95f);
            y = hash_f(v * 2 + 1 + 1000 * topo, -0.95f, 0.95f);
        }
        verts[v] = (tu_vertex){{x, y, 0, 1}, {(float)(v + 1), 1, 0, 0}};
    }
}

/* ---- the stream ----------------------------------------------------------- */

#define RESTART (-1)

/* Fills stream[0..L-1] with vertex ids (or RESTART) for the draw. */
static void make_stream(uint32_t topo, bool indexed, bool restart, int32_t *stream)
{
    uint32_t align = topo == SWR_TOPO_QUADS ? 4 : topo == SWR_TOPO_QUAD_STRIP ? 2 : 1;
    if (!indexed) {
        for (uint32_t p = 0; p < L; p++)
            stream[p] = (int32_t)(START + p);
        return;
    }
    uint32_t v = START;
    for (uint32_t p = 0; p < L; p++) {
        /* Restarts at the very start and end, doubled ones, and about one in
         * five elsewhere: with chunks of 1..5 primitives they fall at, before
         * and after chunk edges. */
        bool r = restart && (p == 0 || p == 9 || p == 10 || p == L - 1 ||
                             hash64(p * 31 + topo) % 5 == 0);
        if (r) {
            stream[p] = RESTART;
            v = (v + align - 1) / align * align;
        } else {
            stream[p] = (int32_t)v++;
        }
    }
}

/* ---- the oracle: GL's primitives --------------------------------------------- */

typedef struct oprim {
    uint32_t nv;      /* 1, 2 or 3 */
    int32_t v[3];
    int32_t prov;
} oprim;

static uint32_t add(oprim *o, uint32_t n, uint32_t nv, int32_t a, int32_t b, int32_t c, int32_t prov)
{
    o[n] = (oprim){nv, {a, b, c}, prov};
    return n + 1;
}

/* Primitives of one restart-free segment s[0..n-1], GL 4.6 compatibility
 * profile, last-vertex provoking convention (quads: 4th vertex, quad strip:
 * 4th of the quad's (2i+3), polygon: its first vertex). */
static uint32_t segment_prims(uint32_t topo, const int32_t *s, uint32_t n, oprim *o, uint32_t k)
{
    switch (topo) {
    case SWR_TOPO_POINTS:
        for (uint32_t i = 0; i < n; i++)
            k = add(o, k, 1, s[i], 0, 0, s[i]);
        break;
    case SWR_TOPO_LINES:
        for (uint32_t i = 0; i + 1 < n; i += 2)
            k = add(o, k, 2, s[i], s[i + 1], 0, s[i + 1]);
        break;
    case SWR_TOPO_LINE_STRIP:
    case SWR_TOPO_LINE_LOOP:
        for (uint32_t i = 0; i + 1 < n; i++)
            k = add(o, k, 2, s[i], s[i + 1], 0, s[i + 1]);
        if (topo == SWR_TOPO_LINE_LOOP && n >= 2)
            k = add(o, k, 2, s[n - 1], s[0], 0, s[0]);
        break;
    case SWR_TOPO_TRIANGLES:
        for (uint32_t i = 0; i + 2 < n; i += 3)
            k = add(o, k, 3, s[i], s[i + 1], s[i + 2], s[i + 2]);
        break;
    case SWR_TOPO_TRIANGLE_STRIP:
        for (uint32_t i = 0; i + 2 < n; i++) {
            if (i & 1)
                k = add(o, k, 3, s[i + 1], s[i], s[i + 2], s[i + 2]);
            else
                k = add(o, k, 3, s[i], s[i + 1], s[i + 2], s[i + 2]);
        }
        break;
    case SWR_TOPO_TRIANGLE_FAN:
        for (uint32_t i = 0; i + 2 < n; i++)
            k = add(o, k, 3, s[0], s[i + 1], s[i + 2], s[i + 2]);
        break;
    case SWR_TOPO_QUADS:
        for (uint32_t i = 0; i + 3 < n; i += 4) {
            k = add(o, k, 3, s[i], s[i + 1], s[i + 2], s[i + 3]);
            k = add(o, k, 3, s[i], s[i + 2], s[i + 3], s[i + 3]);
        }
        break;
    case SWR_TOPO_QUAD_STRIP:
        for (uint32_t i = 0; 2 * i + 3 < n; i++) {
            int32_t a = s[2 * i], b = s[2 * i + 1], c = s[2 * i + 3], d = s[2 * i + 2];
            k = add(o, k, 3, a, b, c, c);
            k = add(o, k, 3, a, c, d, c);
        }
        break;
    case SWR_TOPO_POLYGON:
        for (uint32_t i = 1; i + 1 < n; i++)
            k = add(o, k, 3, s[0], s[i], s[i + 1], s[0]);
        break;
    case SWR_TOPO_LINES_ADJACENCY:
        for (uint32_t i = 0; i + 3 < n; i += 4)
            k = add(o, k, 2, s[i + 1], s[i + 2], 0, s[i + 2]);
        break;
    case SWR_TOPO_LINE_STRIP_ADJACENCY:
        for (uint32_t i = 0; i + 3 < n; i++)
            k = add(o, k, 2, s[i + 1], s[i + 2], 0, s[i + 2]);
        break;
    case SWR_TOPO_TRIANGLES_ADJACENCY:
        for (uint32_t i = 0; i + 5 < n; i += 6)
            k = add(o, k, 3, s[i], s[i + 2], s[i + 4], s[i + 4]);
        break;
    case SWR_TOPO_TRIANGLE_STRIP_ADJACENCY: {
        uint32_t tris = n >= 6 ? (n - 4) / 2 : 0;
        for (uint32_t i = 0; i < tris; i++) {
            if (i & 1)
                k = add(o, k, 3, s[2 * i + 2], s[2 * i], s[2 * i + 4], s[2 * i + 4]);
            else
                k = add(o, k, 3, s[2 * i], s[2 * i + 2], s[2 * i + 4], s[2 * i + 4]);
        }
        break;
    }
    default:
        break;
    }
    return k;
}

static uint32_t enumerate(uint32_t topo, const int32_t *stream, oprim *o)
{
    uint32_t k = 0, p = 0;
    while (p < L) {
        while (p < L && stream[p] == RESTART)
            p++;
        uint32_t b = p;
        while (p < L && stream[p] != RESTART)
            p++;
        if (p > b)
            k = segment_prims(topo, stream + b, p - b, o, k);
    }
    return k;
}

/* Draws every oracle primitive as its own list draw; fresh vertices carry
 * the provoking vertex's colour. */
static void render_oracle(const oprim *o, uint32_t n)
{
    static tu_vertex fresh[L * 3 * 3];
    uint32_t f = 0;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < o[i].nv; k++) {
            assert_true(f < sizeof fresh / sizeof fresh[0]);
            fresh[f] = verts[o[i].v[k]];
            memcpy(fresh[f].color, verts[o[i].prov].color, sizeof fresh[f].color);
            f++;
        }
    const float zero[4] = {0};
    tu_clear(&oracle, zero, 1.0);
    tu_bind_vertices(oracle.ctx, fresh, f);
    f = 0;
    for (uint32_t i = 0; i < n; i++) {
        swr_draw_info d = {.topology = o[i].nv == 1   ? SWR_TOPO_POINTS
                                       : o[i].nv == 2 ? SWR_TOPO_LINES
                                                      : SWR_TOPO_TRIANGLES,
                           .start = f, .count = o[i].nv};
        assert_int_equal(swr_draw(oracle.ctx, &d), SWR_OK);
        f += o[i].nv;
    }
    tu_finish(&oracle);
}

/* ---- the engine draw ---------------------------------------------------------------- */

static uint8_t index_mem[L * 4];

static uint64_t render_engine(tu_target *t, uint32_t topo, bool indexed, bool restart,
                              const int32_t *stream)
{
    uint32_t isz = (uint32_t[]){1, 2, 4}[topo % 3];
    uint32_t restart_value = isz == 1 ? 0xffu : isz == 2 ? 0xffffu : 0xffffffffu;
    for (uint32_t p = 0; p < L; p++) {
        uint32_t v = stream[p] == RESTART ? restart_value : (uint32_t)(stream[p] - BASE_VERTEX);
        if (isz == 1)
            index_mem[p] = (uint8_t)v;
        else if (isz == 2)
            ((uint16_t *)index_mem)[p] = (uint16_t)v;
        else
            ((uint32_t *)index_mem)[p] = v;
    }
    swr_stats s0, s1;
    swr_sync(t->ctx);
    swr_get_stats(t->ctx, &s0);
    const float zero[4] = {0};
    tu_clear(t, zero, 1.0);
    tu_bind_vertices(t->ctx, verts, NV);
    swr_set_index_buffer(t->ctx, index_mem, isz, L * isz);
    /* Restart is requested for non-indexed draws too: it must be ignored. */
    swr_draw_info d = {.topology = topo, .start = indexed ? 0 : START, .count = L,
                       .indexed = indexed, .base_vertex = indexed ? BASE_VERTEX : 0,
                       .primitive_restart = restart, .restart_index = restart_value};
    assert_int_equal(swr_draw(t->ctx, &d), SWR_OK);
    tu_finish(t);
    swr_get_stats(t->ctx, &s1);
    return s1.prims_in - s0.prims_in;
}

static const char *topo_name(uint32_t t)
{
    static const char *n[] = {"POINTS", "LINES", "LINE_LOOP", "LINE_STRIP", "TRIANGLES",
                              "TRIANGLE_STRIP", "TRIANGLE_FAN", "QUADS", "QUAD_STRIP", "POLYGON",
                              "LINES_ADJ", "LINE_STRIP_ADJ", "TRIANGLES_ADJ", "TRI_STRIP_ADJ"};
    return t < SWR_TOPO_COUNT ? n[t] : "?";
}

static void test_all_topologies(void **state)
{
    (void)state;
    static int32_t stream[L];
    static oprim prims[L * 3];
    int failures = 0;
    for (uint32_t topo = 0; topo < SWR_TOPO_COUNT; topo++) {
        make_geometry(topo);
        for (int indexed = 0; indexed < 2; indexed++) {
            for (int restart = 0; restart < 2; restart++) {
                make_stream(topo, indexed, restart, stream);
                uint32_t n = enumerate(topo, stream, prims);
                render_oracle(prims, n);
                double covered = 0;
                for (uint32_t y = 0; y < H; y++)
                    for (uint32_t x = 0; x < W; x++)
                        covered += ((const float *)(oracle.color + (size_t)y * oracle.cpitch))[x * 4 + 1];
                assert_true(n == 0 || covered > 0); /* the test sees something */
                tu_target *one = &targets[NUM_SIZES - 1];
                uint64_t pin = render_engine(one, topo, indexed, restart, stream);
                char what[128];
                snprintf(what, sizeof what, "%s indexed=%d restart=%d: one chunk vs oracle",
                         topo_name(topo), indexed, restart);
                if (tu_image_diff(what, one->color, one->cpitch, oracle.color, oracle.cpitch, W, H,
                                  16, 0, true, 0.0f))
                    failures++;
                if (pin != n) {
                    fprintf(stderr, "%s: prims_in %llu, oracle primitives %u\n", what,
                            (unsigned long long)pin, n);
                    failures++;
                }
                /* Keep the one-chunk image; every chunking must give it. */
                for (uint32_t c = 0; c + 1 < NUM_SIZES; c++) {
                    tu_target *t = &targets[c];
                    uint64_t p = render_engine(t, topo, indexed, restart, stream);
                    snprintf(what, sizeof what, "%s indexed=%d restart=%d max_prims=%u vs one chunk",
                             topo_name(topo), indexed, restart, chunk_sizes[c]);
                    if (tu_image_diff(what, t->color, t->cpitch, one->color, one->cpitch, W, H, 16,
                                      0, true, 0.0f))
                        failures++;
                    if (p != n) {
                        fprintf(stderr, "%s: prims_in %llu, oracle primitives %u\n", what,
                                (unsigned long long)p, n);
                        failures++;
                    }
                }
            }
        }
    }
    assert_int_equal(failures, 0);
}

static void setup_pipeline(tu_target *t)
{
    tu_pipeline(t, SWR_INTERP_CONSTANT);
    swr_blend_state blend = {0};
    blend.rt[0] = (swr_blend_rt){true, SWR_BLEND_ADD, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE,
                                 SWR_BLEND_ADD, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE,
                                 SWR_MASK_RGBA};
    swr_set_blend_state(t->ctx, &blend);
}

static int group_setup(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < NUM_SIZES; i++) {
        swr_context_desc d = {.max_prims_per_draw = chunk_sizes[i]};
        if (tu_target_init(&targets[i], &d, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE))
            return -1;
        setup_pipeline(&targets[i]);
    }
    if (tu_target_init(&oracle, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE))
        return -1;
    setup_pipeline(&oracle);
    return 0;
}

static int group_teardown(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < NUM_SIZES; i++)
        tu_target_free(&targets[i]);
    tu_target_free(&oracle);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_topologies),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
