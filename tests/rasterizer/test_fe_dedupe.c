/*
 * test_fe_dedupe.c: the frontend's indexed path (every distinct vertex of a
 * chunk shaded once, triangles reading shared per-vertex records) draws
 * exactly what the straightforward path draws.
 *
 * ORACLE: the same triangles as a NON-indexed list of fresh vertices: the
 * test walks the index stream itself (GL 4.6: a restart index ends the
 * segment, a segment's incomplete last triangle is dropped; an index plus
 * base vertex outside the vertex buffer fetches (0, 0, 0, 0), swr.h /
 * fe_fetch.c) and copies each referenced vertex, so no vertex is shared and
 * no index is read. Both draws run the same primitives in the same order
 * with the same vertex values, so the R32G32B32A32_FLOAT images must agree
 * bit for bit (no blending, no depth test: the last triangle wins).
 *
 * Streams: random 8/16/32-bit indices over a small pool (many repeats: the
 * direct table) or a large one with mesh-like locality (the hash), with and
 * without primitive restart, with out-of-range ids and negative base vertex;
 * positions partly outside the guard band and behind the eye (the clipper).
 * 0, 1, 2, 3 and 5 vec4 attributes (the record path takes up to 4, in pairs;
 * 5 takes the per-slot path) and flat shading, chunk sizes 1 .. 2040, single
 * threaded and with workers. The PS sums its inputs with distinct weights,
 * so a swapped or misplaced attribute changes the image.
 *
 * VS invocations (swr_get_stats): for each chunk of 3 * max_prims
 * positions (fe_positions_per_chunk for lists), the primitives it owns are
 * those whose last position falls in it (fe_assemble.h); the expected count
 * is the sum over chunks of the distinct vertex ids those primitives use --
 * less than 3 per triangle whenever vertices repeat, which is checked too.
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

#define W 96
#define H 64
#define MAX_NA 5                 /* vec4 attributes besides the position */
#define VFLOATS (4 + 4 * MAX_NA) /* floats per vertex */
#define POSITIONS 900            /* index-stream positions per draw */
#define SMALL_POOL 48
#define LARGE_POOL 40000

static uint64_t rng_state;
static uint32_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1Dull) >> 32);
}
static float rndf(float lo, float hi) { return lo + (hi - lo) * (float)(rnd() >> 8) / 16777216.0f; }

/* ---- shaders: position + na vec4 attributes through, PS sums weighted ---- */

static uint32_t g_na; /* attributes of the current pipeline */

static void vs_copy(const void *shader, swr_vs_args *a)
{
    (void)shader;
    for (uint32_t i = 0; i <= g_na; i++)
        memcpy(&a->outputs[i], &a->inputs[i], sizeof a->outputs[i]);
}

static void ps_sum(const void *shader, swr_ps_args *a)
{
    (void)shader;
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < 8; l++) {
            float acc = 0.0f, wgt = 1.0f;
            for (uint32_t i = 0; i < g_na; i++, wgt *= 3.0f)
                acc += a->inputs[i].v[c][l] * wgt;
            a->color[0].v[c][l] = acc;
        }
}

static void bind_pipeline(tu_target *t, uint32_t na, uint8_t interp)
{
    swr_context *ctx = t->ctx;
    swr_vertex_layout layout = {.num_elements = na + 1};
    for (uint32_t i = 0; i <= na; i++)
        layout.elements[i] = (swr_vertex_element){i * 16, 0, SWR_VTYPE_FLOAT32, 4, 0};
    swr_set_vertex_layout(ctx, &layout);
    swr_vs_state vs = {.func = vs_copy, .num_inputs = na + 1, .num_outputs = na + 1,
                       .position_slot = 0, .point_size_slot = SWR_SLOT_NONE,
                       .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                       .viewport_index_slot = SWR_SLOT_NONE};
    swr_set_vs(ctx, &vs);
    swr_ps_state ps = {.func = ps_sum, .num_inputs = na, .num_outputs = 1,
                       .color0_writes_all = true};
    for (uint32_t i = 0; i < na; i++)
        ps.inputs[i] = (swr_ps_input){(uint8_t)(i + 1), SWR_SLOT_NONE, interp};
    swr_set_ps(ctx, &ps);
    swr_viewport vp = tu_viewport(t->w, t->h);
    swr_set_viewports(ctx, 0, 1, &vp);
    swr_rasterizer_state rs = {.front_ccw = true, .depth_clip_near = true, .depth_clip_far = true,
                               .half_pixel_center = true, .point_size = 1, .line_width = 1};
    swr_set_rasterizer_state(ctx, &rs);
    swr_depth_stencil_state dsa = {.depth_func = SWR_FUNC_ALWAYS};
    swr_set_depth_stencil_state(ctx, &dsa);
    swr_blend_state blend = {0};
    blend.rt[0].colormask = SWR_MASK_RGBA;
    swr_set_blend_state(ctx, &blend);
}

/* ---- geometry ----------------------------------------------------------- */

static float *make_pool(uint32_t nv)
{
    float *v = malloc((size_t)nv * VFLOATS * sizeof(float));
    assert_non_null(v);
    for (uint32_t i = 0; i < nv; i++) {
        float *p = v + (size_t)i * VFLOATS;
        float w = rnd() % 50 == 0 ? rndf(-1.0f, -0.1f) : rndf(0.5f, 2.0f);
        float reach = rnd() % 40 == 0 ? 3000.0f : 1.4f; /* some far beyond the guard band */
        p[0] = rndf(-reach, reach) * w;
        p[1] = rndf(-reach, reach) * w;
        p[2] = rndf(-1.1f, 1.1f) * w;
        p[3] = w;
        for (int j = 4; j < VFLOATS; j++)
            p[j] = rndf(-2.0f, 2.0f);
    }
    return v;
}

/* Random index stream of `count` entries of `size` bytes (stored as
 * uint32 in ix32 too). Ids near the previous ones (a mesh) with a few
 * jumps, out-of-range ids and restart indices. */
static void make_indices(uint32_t pool, uint32_t size, bool restart, uint32_t restart_index,
                         uint32_t count, uint32_t *ix32, void *ix)
{
    uint32_t max_id = size == 1 ? 0xff : size == 2 ? 0xffff : 0xffffffffu;
    uint32_t cur = 0;
    for (uint32_t p = 0; p < count; p++) {
        uint32_t r = rnd() % 100, v;
        if (restart && r < 4) {
            v = restart_index;
        } else if (r < 7) {
            v = pool + rnd() % 5; /* out of range (and past it with base vertex 0) */
        } else if (r < 15) {
            cur = rnd() % pool; /* a jump */
            v = cur;
        } else {
            int32_t d = (int32_t)(rnd() % 9) - 3; /* locality: repeats and neighbours */
            int64_t n = (int64_t)cur + d;
            cur = n < 0 ? 0 : n >= pool ? pool - 1 : (uint32_t)n;
            v = cur;
        }
        if (v > max_id)
            v = max_id;
        if (restart && v == restart_index && r >= 4)
            v = 0; /* a restart only where meant */
        ix32[p] = v;
        if (size == 1)
            ((uint8_t *)ix)[p] = (uint8_t)v;
        else if (size == 2)
            ((uint16_t *)ix)[p] = (uint16_t)v;
        else
            ((uint32_t *)ix)[p] = v;
    }
}

/* One triangle of the oracle's walk: its three stream positions. */
typedef struct tri_pos {
    uint32_t p[3];
} tri_pos;

/* GL's triangle list with restart: positions of each complete triangle. */
static uint32_t walk_triangles(const uint32_t *ix32, uint32_t count, bool restart,
                               uint32_t restart_index, tri_pos *out)
{
    uint32_t n = 0, have = 0, cur[3];
    for (uint32_t p = 0; p < count; p++) {
        if (restart && ix32[p] == restart_index) {
            have = 0;
            continue;
        }
        cur[have++] = p;
        if (have == 3) {
            out[n++] = (tri_pos){{cur[0], cur[1], cur[2]}};
            have = 0;
        }
    }
    return n;
}

/* Expected VS invocations of the indexed draw (header comment); chunks of
 * per_chunk positions, a triangle owned by the chunk of its p[2]. */
static uint64_t expected_vs_chunks(const uint32_t *ix32, const tri_pos *tris, uint32_t ntris,
                                   int32_t base_vertex, uint32_t per_chunk)
{
    uint64_t total = 0;
    uint32_t t = 0;
    while (t < ntris) {
        uint32_t chunk = tris[t].p[2] / per_chunk;
        uint32_t ids[3 * POSITIONS], n = 0;
        for (; t < ntris && tris[t].p[2] / per_chunk == chunk; t++) {
            for (int k = 0; k < 3; k++) {
                uint32_t id = ix32[tris[t].p[k]] + (uint32_t)base_vertex;
                bool seen = false;
                for (uint32_t j = 0; j < n && !seen; j++)
                    seen = ids[j] == id;
                if (!seen)
                    ids[n++] = id;
            }
        }
        total += n;
    }
    return total;
}

static uint64_t expected_vs(const uint32_t *ix32, const tri_pos *tris, uint32_t ntris,
                            int32_t base_vertex, uint32_t max_prims)
{
    return expected_vs_chunks(ix32, tris, ntris, base_vertex, 3 * max_prims);
}

/* ---- the comparison ------------------------------------------------------ */

typedef struct cfg {
    uint32_t na;
    uint8_t interp;
    uint32_t index_size;
    bool restart;
    uint32_t pool;
    int32_t base_vertex;
} cfg;

static const uint32_t chunk_sizes[] = {1, 5, 64, 2040};
#define NUM_CHUNKS (sizeof chunk_sizes / sizeof chunk_sizes[0])

static void render(tu_target *t, const cfg *c, const float *verts, uint32_t nverts,
                   const void *ix, const swr_draw_info *d, swr_stats *stats)
{
    g_na = c->na;
    bind_pipeline(t, c->na, c->interp);
    swr_vertex_buffer vb = {verts, nverts * VFLOATS * (uint32_t)sizeof(float),
                            VFLOATS * sizeof(float)};
    swr_set_vertex_buffers(t->ctx, 0, 1, &vb);
    if (ix)
        swr_set_index_buffer(t->ctx, ix, c->index_size, POSITIONS * c->index_size);
    const float bg[4] = {0.25f, -1.0f, 0.5f, 7.0f};
    tu_clear(t, bg, 1.0);
    swr_stats before, after;
    swr_sync(t->ctx);
    swr_get_stats(t->ctx, &before);
    assert_int_equal(swr_draw(t->ctx, d), SWR_OK);
    tu_finish(t);
    swr_get_stats(t->ctx, &after);
    stats->vs_invocations = after.vs_invocations - before.vs_invocations;
    stats->prims_in = after.prims_in - before.prims_in;
}

static void run_cfg(const cfg *c, tu_target *oracle, tu_target *targets[NUM_CHUNKS][2])
{
    float *pool = make_pool(c->pool);
    uint32_t ix32[POSITIONS];
    uint32_t ix_store[POSITIONS];
    uint32_t restart_index = c->index_size == 1 ? 0xff : c->index_size == 2 ? 0xffff : 0xffffffffu;
    make_indices(c->pool, c->index_size, c->restart, restart_index, POSITIONS, ix32, ix_store);
    static tri_pos tris[POSITIONS / 3];
    uint32_t ntris = walk_triangles(ix32, POSITIONS, c->restart, restart_index, tris);

    /* The oracle's fresh vertices. */
    float *flat = calloc((size_t)ntris * 3 * VFLOATS, sizeof(float));
    assert_non_null(flat);
    for (uint32_t t = 0; t < ntris; t++)
        for (int k = 0; k < 3; k++) {
            int64_t id = (int64_t)(int32_t)(ix32[tris[t].p[k]] + (uint32_t)c->base_vertex);
            if (id >= 0 && id < c->pool) /* else (0, 0, 0, 0): calloc */
                memcpy(flat + ((size_t)t * 3 + k) * VFLOATS, pool + (size_t)id * VFLOATS,
                       VFLOATS * sizeof(float));
        }
    swr_draw_info od = {.topology = SWR_TOPO_TRIANGLES, .count = ntris * 3, .instance_count = 1};
    swr_stats ostats;
    render(oracle, c, flat, ntris * 3, NULL, &od, &ostats);
    assert_int_equal(ostats.prims_in, ntris);

    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = POSITIONS, .instance_count = 1,
                       .indexed = true, .base_vertex = c->base_vertex,
                       .primitive_restart = c->restart, .restart_index = restart_index};
    for (uint32_t s = 0; s < NUM_CHUNKS; s++) {
        for (int th = 0; th < 2; th++) {
            tu_target *t = targets[s][th];
            swr_stats st;
            render(t, c, pool, c->pool, ix_store, &d, &st);
            char what[160];
            snprintf(what, sizeof what,
                     "na %u interp %u size %u restart %d pool %u base %d chunk %u threads %d",
                     c->na, c->interp, c->index_size, c->restart, c->pool, c->base_vertex,
                     chunk_sizes[s], th);
            size_t bad = 0;
            for (uint32_t y = 0; y < H; y++)
                if (memcmp(t->color + (size_t)y * t->cpitch, oracle->color + (size_t)y * oracle->cpitch,
                           (size_t)W * 16) != 0)
                    bad++;
            if (bad)
                fprintf(stderr, "%s: %zu rows differ from the oracle\n", what, bad);
            assert_int_equal(bad, 0);
            assert_int_equal(st.prims_in, ntris);
            uint64_t want = expected_vs(ix32, tris, ntris, c->base_vertex, chunk_sizes[s]);
            if (st.vs_invocations != want)
                fprintf(stderr, "%s: %llu VS invocations, expected %llu\n", what,
                        (unsigned long long)st.vs_invocations, (unsigned long long)want);
            assert_int_equal(st.vs_invocations, want);
            /* Sharing pays once a chunk holds several triangles. */
            if (chunk_sizes[s] >= 64)
                assert_true(st.vs_invocations < 3ull * ntris);
        }
    }
    free(flat);
    free(pool);
}

/* The oracle target (single context, default chunking) and one target per
 * chunk size, single-threaded (th 0) and with workers (th 1). */
static void open_targets(tu_target *oracle, tu_target tgt[NUM_CHUNKS][2])
{
    assert_int_equal(tu_target_init(oracle, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT,
                                    SWR_FORMAT_NONE),
                     SWR_OK);
    for (uint32_t s = 0; s < NUM_CHUNKS; s++)
        for (int th = 0; th < 2; th++) {
            swr_context_desc desc = {.max_prims_per_draw = chunk_sizes[s],
                                     .single_threaded = th == 0};
            assert_int_equal(tu_target_init(&tgt[s][th], &desc, W, H,
                                            SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                             SWR_OK);
        }
}

static void close_targets(tu_target *oracle, tu_target tgt[NUM_CHUNKS][2])
{
    for (uint32_t s = 0; s < NUM_CHUNKS; s++)
        for (int th = 0; th < 2; th++)
            tu_target_free(&tgt[s][th]);
    tu_target_free(oracle);
}

static void test_dedupe_matches_fresh_vertices(void **state)
{
    (void)state;
    static tu_target oracle;
    static tu_target tgt[NUM_CHUNKS][2];
    tu_target *targets[NUM_CHUNKS][2];
    open_targets(&oracle, tgt);
    for (uint32_t s = 0; s < NUM_CHUNKS; s++)
        for (int th = 0; th < 2; th++)
            targets[s][th] = &tgt[s][th];
    /* 0: no PS input (depth-only style), the coverage alone shows against
     * the clear colour; the record path then writes no attribute. */
    static const uint32_t nas[] = {1, 2, 3, 5, 0};
    static const uint32_t sizes[] = {1, 2, 4};
    rng_state = 0x9e3779b97f4a7c15ull;
    for (uint32_t a = 0; a < sizeof nas / sizeof nas[0]; a++)
        for (uint32_t z = 0; z < 3; z++)
            for (int r = 0; r < 2; r++)
                for (int p = 0; p < 2; p++) {
                    cfg c = {.na = nas[a], .interp = SWR_INTERP_PERSPECTIVE,
                             .index_size = sizes[z], .restart = r, .pool = p ? LARGE_POOL : SMALL_POOL,
                             .base_vertex = (int32_t)(rnd() % 5) - 2};
                    if (sizes[z] == 1 && p)
                        c.pool = 200; /* 8-bit ids cannot reach a large pool */
                    run_cfg(&c, &oracle, targets);
                }
    /* Flat inputs (the per-slot attribute path) and linear interpolation. */
    cfg flat = {.na = 2, .interp = SWR_INTERP_CONSTANT, .index_size = 4, .restart = true,
                .pool = SMALL_POOL, .base_vertex = 1};
    run_cfg(&flat, &oracle, targets);
    cfg lin = {.na = 3, .interp = SWR_INTERP_LINEAR, .index_size = 2, .restart = false,
               .pool = LARGE_POOL, .base_vertex = 0};
    run_cfg(&lin, &oracle, targets);
    close_targets(&oracle, tgt);
}

/* Non-indexed strips and fans (dedupe by position: vertex ids start +
 * position) against the same triangles as a list of fresh vertices, by GL's
 * rules: strip triangle i = (i, i+1, i+2), odd ones (i+1, i, i+2); fan
 * triangle i = (0, i+1, i+2); the last vertex provokes in all. Chunks of
 * max_prims positions (one completion per position), a triangle owned by
 * the chunk of its last position, so a chunk shades the distinct positions
 * its triangles use. */
static void test_nonindexed_strips_fans(void **state)
{
    (void)state;
    static tu_target oracle;
    static tu_target tgt[NUM_CHUNKS][2];
    open_targets(&oracle, tgt);
    rng_state = 0x2545f4914f6cdd1dull;
    static const uint32_t counts[] = {3, 4, 37, 300};
    static const uint32_t nas[] = {1, 2, 5};
    uint32_t ident[POSITIONS];
    for (uint32_t p = 0; p < POSITIONS; p++)
        ident[p] = p;
    for (int fan = 0; fan < 2; fan++)
        for (uint32_t ci = 0; ci < 4; ci++)
            for (uint32_t a = 0; a < 4; a++) {
                cfg c = {.na = a < 3 ? nas[a] : 2,
                         .interp = a < 3 ? SWR_INTERP_PERSPECTIVE : SWR_INTERP_CONSTANT};
                const uint32_t count = counts[ci], start = rnd() % 5;
                c.pool = start + count;
                float *pool = make_pool(c.pool);
                static tri_pos tris[POSITIONS];
                uint32_t ntris = count - 2;
                for (uint32_t i = 0; i < ntris; i++)
                    tris[i] = fan ? (tri_pos){{0, i + 1, i + 2}}
                                  : (i & 1 ? (tri_pos){{i + 1, i, i + 2}}
                                           : (tri_pos){{i, i + 1, i + 2}});
                float *flat = malloc((size_t)ntris * 3 * VFLOATS * sizeof(float));
                assert_non_null(flat);
                for (uint32_t t = 0; t < ntris; t++)
                    for (int k = 0; k < 3; k++)
                        memcpy(flat + ((size_t)t * 3 + k) * VFLOATS,
                               pool + (size_t)(start + tris[t].p[k]) * VFLOATS,
                               VFLOATS * sizeof(float));
                swr_draw_info od = {.topology = SWR_TOPO_TRIANGLES, .count = ntris * 3,
                                    .instance_count = 1};
                swr_stats ostats;
                render(&oracle, &c, flat, ntris * 3, NULL, &od, &ostats);
                swr_draw_info d = {.topology = fan ? SWR_TOPO_TRIANGLE_FAN
                                                   : SWR_TOPO_TRIANGLE_STRIP,
                                   .start = start, .count = count, .instance_count = 1};
                for (uint32_t s = 0; s < NUM_CHUNKS; s++)
                    for (int th = 0; th < 2; th++) {
                        tu_target *t = &tgt[s][th];
                        swr_stats st;
                        render(t, &c, pool, c.pool, NULL, &d, &st);
                        size_t bad = 0;
                        for (uint32_t y = 0; y < H; y++)
                            if (memcmp(t->color + (size_t)y * t->cpitch,
                                       oracle.color + (size_t)y * oracle.cpitch,
                                       (size_t)W * 16) != 0)
                                bad++;
                        if (bad)
                            fprintf(stderr, "%s count %u na %u interp %u chunk %u threads %d: "
                                    "%zu rows differ\n", fan ? "fan" : "strip", count, c.na,
                                    c.interp, chunk_sizes[s], th, bad);
                        assert_int_equal(bad, 0);
                        assert_int_equal(st.prims_in, ntris);
                        assert_int_equal(st.vs_invocations,
                                         expected_vs_chunks(ident, tris, ntris, 0,
                                                            chunk_sizes[s]));
                    }
                free(flat);
                free(pool);
            }
    close_targets(&oracle, tgt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dedupe_matches_fresh_vertices),
        cmocka_unit_test(test_nonindexed_strips_fans),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
