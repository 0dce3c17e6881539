/*
 * test_pipe_query.c: queries and render_condition of the swr pipe driver
 * (frontend-gallium/pipe/swrp_query.c), driven through the pipe_context
 * table.
 *
 * Oracles: pixel counts of axis-aligned window rectangles (the top-left
 * rule covers exactly the integer pixels of [x0,x1) x [y0,y1)), minus the
 * pixels a nearer rectangle already owns in the depth buffer; primitive
 * counts of triangle lists (vertices / 3); pipeline statistics of every
 * topology computed by a scalar walk of the draw's index stream with the
 * GL primitive-count formulas (stats_expect), and clipper output counts
 * from the position of each vertex against the clip planes (one vertex
 * behind the near plane: a quadrilateral = 2 triangles, two: 1, all
 * beyond one plane: 0); the CPU clock read around the
 * calls for timestamps; and, for non-blocking results, the engine's fence
 * state while a slow C pixel shader holds a draw on an atomic flag (as in
 * test_pipe_transfer.c; it gives up after 20 s so a broken driver fails
 * instead of hanging).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "frontend-gallium/pipe/swr_public.h"
#include "frontend-gallium/pipe/swrp_context.h"
#include "frontend-gallium/pipe/swrp_resource.h"
#include "pipe_test_util.h"
#include "test_util.h"

#define W PT_W
#define H PT_H

/* The fixture with a depth test (LESS, depth written): hidden pixels are
 * not counted. */
static void fixture_init(pt_fixture *f)
{
    struct pipe_depth_stencil_alpha_state d = {0};
    d.depth.enabled = true;
    d.depth.writemask = true;
    d.depth.func = PIPE_FUNC_LESS;
    pt_fixture_init(f, &d);
}

static uint32_t pixel(struct pipe_resource *r, int x, int y);

static void fixture_fini(pt_fixture *f)
{
    /* Read both surfaces first: a read map stores the engine's hot tiles,
     * which must not be written back after the storage is freed (the
     * driver does not store them at resource destruction; see report). */
    pixel(f->rt, 0, 0);
    pixel(f->zs, 0, 0);
    pt_fixture_fini(f);
}

/* Draws `n` vertices (a triangle list) from user memory. */
static void draw_list(const pt_vtx *v, unsigned n)
{
    pt_set_user_vb(v, sizeof(pt_vtx));
    pt_draw_arrays(PIPE_PRIM_TRIANGLES, 0, n);
}

static void draw_rect(float x0, float y0, float x1, float y1, float z, const float c[4])
{
    pt_vtx v[6];
    pt_quad(v, x0, y0, x1, y1, z, c);
    draw_list(v, 6);
}

static uint32_t pixel(struct pipe_resource *r, int x, int y)
{
    struct pipe_box box = {x, y, 0, 1, 1, 1};
    struct pipe_transfer *t = NULL;
    const uint32_t *p = pt_ctx->texture_map(pt_ctx, r, 0, PIPE_MAP_READ, &box, &t);
    assert_non_null(p);
    uint32_t v = *p;
    pt_ctx->texture_unmap(pt_ctx, t);
    return v;
}

static uint64_t result_u64(struct pipe_query *q)
{
    union pipe_query_result r;
    memset(&r, 0xab, sizeof r);
    assert_true(pt_ctx->get_query_result(pt_ctx, q, true, &r));
    return r.u64;
}

static bool result_b(struct pipe_query *q)
{
    union pipe_query_result r;
    memset(&r, 0, sizeof r);
    assert_true(pt_ctx->get_query_result(pt_ctx, q, true, &r));
    return r.b;
}

static const float RED[4] = {1, 0, 0, 1}, GREEN[4] = {0, 1, 0, 1};
#define RED8 0xff0000ffu   /* R8G8B8A8 little-endian word */
#define GREEN8 0xff00ff00u

/* ---- occlusion ------------------------------------------------------------- */

static void test_occlusion(void **state)
{
    (void)state;
    pt_fixture f;
    fixture_init(&f);
    struct pipe_query *cnt = pt_ctx->create_query(pt_ctx, PIPE_QUERY_OCCLUSION_COUNTER, 0);
    struct pipe_query *pred = pt_ctx->create_query(pt_ctx, PIPE_QUERY_OCCLUSION_PREDICATE, 0);
    struct pipe_query *cons =
        pt_ctx->create_query(pt_ctx, PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE, 0);
    assert_non_null(cnt);
    assert_non_null(pred);
    assert_non_null(cons);

    /* A near rectangle outside any query: 32 x 16 pixels at depth 0.25. */
    draw_rect(8, 8, 40, 24, -0.5f, RED);
    /* Queried: a far 16 x 16 square at depth 0.75; the 8 x 8 corner
     * [8,16) x [8,16) lies behind the near rectangle and fails. */
    pt_ctx->begin_query(pt_ctx, cnt);
    pt_ctx->begin_query(pt_ctx, pred);
    draw_rect(0, 0, 16, 16, 0.5f, GREEN);
    pt_ctx->end_query(pt_ctx, cnt);
    pt_ctx->end_query(pt_ctx, pred);
    assert_int_equal(result_u64(cnt), 16 * 16 - 8 * 8);
    assert_true(result_b(pred));

    /* Fully hidden: 0 and false; a draw after end is not counted. */
    pt_ctx->begin_query(pt_ctx, cnt);
    pt_ctx->begin_query(pt_ctx, pred);
    pt_ctx->begin_query(pt_ctx, cons);
    draw_rect(10, 10, 30, 20, 0.9f, GREEN);
    pt_ctx->end_query(pt_ctx, cnt);
    pt_ctx->end_query(pt_ctx, pred);
    pt_ctx->end_query(pt_ctx, cons);
    draw_rect(40, 40, 50, 50, 0.0f, GREEN);
    assert_int_equal(result_u64(cnt), 0);
    assert_false(result_b(pred));
    (void)result_b(cons); /* may be true or false: only availability is checked */

    /* Begin resets; two draws are summed; nested queries are independent. */
    pt_ctx->begin_query(pt_ctx, cnt);
    draw_rect(48, 0, 64, 4, 0.0f, GREEN); /* 16 x 4, nothing in front */
    pt_ctx->begin_query(pt_ctx, pred);
    draw_rect(48, 8, 56, 10, 0.0f, GREEN); /* 8 x 2 */
    pt_ctx->end_query(pt_ctx, pred);
    pt_ctx->end_query(pt_ctx, cnt);
    assert_int_equal(result_u64(cnt), 16 * 4 + 8 * 2);
    assert_true(result_b(pred));

    /* The image agrees: the far square shows where it passed. */
    assert_int_equal(pixel(f.rt, 4, 4), GREEN8);
    assert_int_equal(pixel(f.rt, 12, 12), RED8);

    /* Misuse is refused cleanly. */
    assert_null(pt_ctx->create_query(pt_ctx, 9999, 0));
    assert_null(pt_ctx->create_query(pt_ctx, PIPE_QUERY_PIPELINE_STATISTICS_SINGLE, 99));
    struct pipe_query *fresh = pt_ctx->create_query(pt_ctx, PIPE_QUERY_OCCLUSION_COUNTER, 0);
    union pipe_query_result r;
    assert_false(pt_ctx->get_query_result(pt_ctx, fresh, false, &r)); /* never ended */
    assert_false(pt_ctx->end_query(pt_ctx, fresh));                   /* never begun */
    assert_true(pt_ctx->begin_query(pt_ctx, fresh));
    assert_false(pt_ctx->begin_query(pt_ctx, fresh)); /* already active */
    pt_ctx->destroy_query(pt_ctx, fresh);             /* destroyed while active */

    pt_ctx->destroy_query(pt_ctx, cnt);
    pt_ctx->destroy_query(pt_ctx, pred);
    pt_ctx->destroy_query(pt_ctx, cons);
    fixture_fini(&f);
}

/* ---- primitives and pipeline statistics ------------------------------------ */

static void test_primitives_and_statistics(void **state)
{
    (void)state;
    pt_fixture f;
    fixture_init(&f);
    struct pipe_query *gen = pt_ctx->create_query(pt_ctx, PIPE_QUERY_PRIMITIVES_GENERATED, 0);
    struct pipe_query *emi = pt_ctx->create_query(pt_ctx, PIPE_QUERY_PRIMITIVES_EMITTED, 0);
    struct pipe_query *so = pt_ctx->create_query(pt_ctx, PIPE_QUERY_SO_STATISTICS, 0);
    struct pipe_query *st = pt_ctx->create_query(pt_ctx, PIPE_QUERY_PIPELINE_STATISTICS, 0);
    struct pipe_query *one = pt_ctx->create_query(pt_ctx, PIPE_QUERY_PIPELINE_STATISTICS_SINGLE,
                                               PIPE_STAT_QUERY_PS_INVOCATIONS);
    assert_non_null(gen);
    assert_non_null(emi);
    assert_non_null(so);
    assert_non_null(st);
    assert_non_null(one);
    struct pipe_query *all[] = {gen, emi, so, st, one};
    for (int i = 0; i < 5; i++)
        assert_true(pt_ctx->begin_query(pt_ctx, all[i]));
    /* Three rectangles (6 triangles, 18 vertices), one entirely off
     * screen; no depth conflicts (each nearer than the clear). */
    pt_vtx v[18];
    pt_quad(v, 0, 0, 16, 16, 0.0f, RED);       /* 256 pixels */
    pt_quad(v + 6, 20, 0, 30, 5, 0.0f, GREEN); /* 50 pixels */
    pt_quad(v + 12, 100, 100, 120, 120, 0.0f, GREEN);
    draw_list(v, 18);
    for (int i = 0; i < 5; i++)
        assert_true(pt_ctx->end_query(pt_ctx, all[i]));

    assert_int_equal(result_u64(gen), 6);
    assert_int_equal(result_u64(emi), 0);
    union pipe_query_result r;
    memset(&r, 0xab, sizeof r);
    assert_true(pt_ctx->get_query_result(pt_ctx, so, true, &r));
    assert_int_equal(r.so_statistics.num_primitives_written, 0);
    assert_int_equal(r.so_statistics.primitives_storage_needed, 0);
    memset(&r, 0xab, sizeof r);
    assert_true(pt_ctx->get_query_result(pt_ctx, st, true, &r));
    const struct pipe_query_data_pipeline_statistics *ps = &r.pipeline_statistics;
    assert_int_equal(ps->ia_primitives, 6);  /* exact */
    assert_int_equal(ps->c_invocations, 6);  /* exact */
    assert_int_equal(ps->ps_invocations, 256 + 50); /* exact */
    assert_int_equal(ps->vs_invocations, 18); /* non-indexed: one per vertex */
    assert_int_equal(ps->ia_vertices, 18);
    /* The off-screen rectangle lies beyond the right clip plane: clipped
     * away (0); the others need no clipping (1 each). */
    assert_int_equal(ps->c_primitives, 4);
    assert_int_equal(ps->gs_invocations, 0);
    assert_int_equal(ps->hs_invocations, 0);
    assert_int_equal(ps->ds_invocations, 0);
    assert_int_equal(ps->cs_invocations, 0);
    assert_int_equal(result_u64(one), 256 + 50);

    for (int i = 0; i < 5; i++)
        pt_ctx->destroy_query(pt_ctx, all[i]);
    fixture_fini(&f);
}

/* ---- exact pipeline statistics ---------------------------------------------- */

static struct pipe_query_data_pipeline_statistics
stats_of_draw(const struct pipe_draw_info *info, const struct pipe_draw_start_count_bias *d)
{
    struct pipe_query *q = pt_ctx->create_query(pt_ctx, PIPE_QUERY_PIPELINE_STATISTICS, 0);
    assert_non_null(q);
    assert_true(pt_ctx->begin_query(pt_ctx, q));
    pt_ctx->draw_vbo(pt_ctx, info, 0, d, 1);
    assert_true(pt_ctx->end_query(pt_ctx, q));
    union pipe_query_result r;
    memset(&r, 0xab, sizeof r);
    assert_true(pt_ctx->get_query_result(pt_ctx, q, true, &r));
    pt_ctx->destroy_query(pt_ctx, q);
    return r.pipeline_statistics;
}

/* GL primitive counts of one segment (a draw, or the part between restart
 * indices) of n vertices: API primitives, and the points, lines or
 * triangles they are made of (a quad = 2 triangles, a polygon = n - 2). */
static uint64_t api_prims_of(unsigned mode, uint64_t n)
{
    switch (mode) {
    case PIPE_PRIM_POINTS: return n;
    case PIPE_PRIM_LINES: return n / 2;
    case PIPE_PRIM_LINE_LOOP: return n >= 2 ? n : 0;
    case PIPE_PRIM_LINE_STRIP: return n >= 2 ? n - 1 : 0;
    case PIPE_PRIM_TRIANGLES: return n / 3;
    case PIPE_PRIM_TRIANGLE_STRIP:
    case PIPE_PRIM_TRIANGLE_FAN: return n >= 3 ? n - 2 : 0;
    case PIPE_PRIM_QUADS: return n / 4;
    case PIPE_PRIM_QUAD_STRIP: return n >= 4 ? (n - 2) / 2 : 0;
    case PIPE_PRIM_POLYGON: return n >= 3 ? 1 : 0;
    case PIPE_PRIM_LINES_ADJACENCY: return n / 4;
    case PIPE_PRIM_LINE_STRIP_ADJACENCY: return n >= 4 ? n - 3 : 0;
    case PIPE_PRIM_TRIANGLES_ADJACENCY: return n / 6;
    case PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY: return n >= 6 ? (n - 4) / 2 : 0;
    default: fail(); return 0;
    }
}

static uint64_t base_prims_of(unsigned mode, uint64_t n)
{
    if (mode == PIPE_PRIM_QUADS || mode == PIPE_PRIM_QUAD_STRIP)
        return 2 * api_prims_of(mode, n);
    if (mode == PIPE_PRIM_POLYGON)
        return n >= 3 ? n - 2 : 0;
    return api_prims_of(mode, n);
}

typedef struct stats_expect {
    uint64_t ia_vertices, ia_primitives, c_primitives;
} stats_expect;

/* Walks the index stream (NULL: non-indexed) position by position. */
static stats_expect expect_of(unsigned mode, const void *idx, unsigned isz, bool restart,
                              uint32_t restart_index, unsigned count, unsigned instances)
{
    stats_expect e = {0, 0, 0};
    uint64_t seg = 0;
    for (unsigned p = 0; p <= count; p++) {
        bool cut = p == count;
        if (!cut && idx && restart) {
            uint32_t v = isz == 1 ? ((const uint8_t *)idx)[p]
                         : isz == 2 ? ((const uint16_t *)idx)[p]
                                    : ((const uint32_t *)idx)[p];
            cut = v == restart_index;
        }
        if (!cut) {
            seg++;
            continue;
        }
        e.ia_vertices += seg;
        e.ia_primitives += api_prims_of(mode, seg);
        e.c_primitives += base_prims_of(mode, seg);
        seg = 0;
    }
    e.ia_vertices *= instances;
    e.ia_primitives *= instances;
    e.c_primitives *= instances;
    return e;
}

/* Vertices on two circles well inside the view volume (vertex i at
 * position i % 16, so non-indexed draws of up to 6000 vertices read them
 * too): whatever the indices, every primitive needs no clipping. */
static pt_vtx ring[6000];

static void init_ring(void)
{
    static const float c8[8][2] = {{0.8f, 0},  {0.56f, 0.56f},   {0, 0.8f},  {-0.56f, 0.56f},
                                   {-0.8f, 0}, {-0.56f, -0.56f}, {0, -0.8f}, {0.56f, -0.56f}};
    for (int i = 0; i < 6000; i++) {
        float k = i % 16 < 8 ? 1.0f : 0.5f;
        ring[i] = (pt_vtx){{c8[i & 7][0] * k, c8[i & 7][1] * k, 0.25f, 1}, {0, 1, 0, 1}};
    }
}

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static void check_stats_case(unsigned mode, unsigned count, unsigned isz, bool restart,
                             unsigned instances, uint32_t seed)
{
    static uint32_t idx32[6000];
    static uint16_t idx16[6000];
    static uint8_t idx8[6000];
    assert_true(count <= 6000);
    const uint32_t rindex = isz == 1 ? 0xffu : isz == 2 ? 0xffffu : 0xffffffffu;
    for (unsigned p = 0; p < count; p++) {
        uint32_t r = lcg(&seed);
        uint32_t v = restart && r % 11 == 0 ? rindex : r % 16;
        idx32[p] = v;
        idx16[p] = (uint16_t)v;
        idx8[p] = (uint8_t)v;
    }
    const void *idx = isz == 1 ? (const void *)idx8 : isz == 2 ? (const void *)idx16
                    : isz == 4 ? (const void *)idx32 : NULL;
    struct pipe_draw_info info = {.mode = (uint8_t)mode, .index_size = (uint8_t)isz,
                                  .instance_count = instances, .has_user_indices = isz != 0,
                                  .primitive_restart = restart, .restart_index = rindex};
    info.index.user = idx;
    struct pipe_draw_start_count_bias d = {.start = 0, .count = count};
    struct pipe_query_data_pipeline_statistics got = stats_of_draw(&info, &d);
    stats_expect e = expect_of(mode, idx, isz, restart, rindex, count, instances);
    if (got.ia_vertices != e.ia_vertices || got.ia_primitives != e.ia_primitives ||
        got.c_invocations != e.ia_primitives || got.c_primitives != e.c_primitives)
        print_error("mode %u count %u isz %u restart %d instances %u: ia_vertices %llu/%llu "
                    "ia_primitives %llu/%llu c_invocations %llu c_primitives %llu/%llu\n",
                    mode, count, isz, restart, instances, (unsigned long long)got.ia_vertices,
                    (unsigned long long)e.ia_vertices, (unsigned long long)got.ia_primitives,
                    (unsigned long long)e.ia_primitives, (unsigned long long)got.c_invocations,
                    (unsigned long long)got.c_primitives, (unsigned long long)e.c_primitives);
    assert_int_equal(got.ia_vertices, e.ia_vertices);
    assert_int_equal(got.ia_primitives, e.ia_primitives);
    assert_int_equal(got.c_invocations, e.ia_primitives);
    assert_int_equal(got.c_primitives, e.c_primitives);
    /* Every vertex of an assembled primitive is shaded, at least once per
     * instance (how often beyond that is implementation-defined). */
    if (e.ia_primitives)
        assert_true(got.vs_invocations >= instances);
    assert_int_equal(got.gs_invocations, 0);
    assert_int_equal(got.gs_primitives, 0);
    assert_int_equal(got.hs_invocations, 0);
    assert_int_equal(got.ds_invocations, 0);
    assert_int_equal(got.cs_invocations, 0);
}

static void test_statistics_topologies(void **state)
{
    (void)state;
    pt_fixture f;
    fixture_init(&f);
    init_ring();
    pt_set_user_vb(ring, sizeof(pt_vtx));
    uint32_t seed = 12345;
    for (unsigned mode = PIPE_PRIM_POINTS; mode <= PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY; mode++) {
        /* Small counts: incomplete primitives, one chunk, several
         * instances per chunk. */
        for (unsigned count = 1; count <= 13; count++)
            for (unsigned isz = 0; isz <= 4; isz = isz ? isz * 2 : 1)
                for (int restart = 0; restart <= (isz != 0); restart++)
                    check_stats_case(mode, count, isz, restart, 1 + count % 3, seed++);
        /* Several chunks (2040 primitives each), with and without restart. */
        check_stats_case(mode, 5003, 0, false, 2, seed++);
        check_stats_case(mode, 5003, 2, false, 1, seed++);
        check_stats_case(mode, 4999, 2, true, 2, seed++);
        check_stats_case(mode, 4998, 4, true, 1, seed++);
        check_stats_case(mode, 255 * 3, 1, true, 3, seed++);
    }
    /* A stippled line strip carries its pattern across chunks by
     * re-assembling earlier lines (never counted twice). */
    struct pipe_rasterizer_state rs = {.half_pixel_center = true, .depth_clip_near = true,
                                       .depth_clip_far = true, .line_width = 1, .point_size = 1,
                                       .line_stipple_enable = true, .line_stipple_factor = 1,
                                       .line_stipple_pattern = 0x0f0f};
    void *stip = pt_ctx->create_rasterizer_state(pt_ctx, &rs);
    pt_ctx->bind_rasterizer_state(pt_ctx, stip);
    check_stats_case(PIPE_PRIM_LINE_STRIP, 5000, 0, false, 1, seed++);
    check_stats_case(PIPE_PRIM_LINE_LOOP, 4500, 2, true, 2, seed++);
    pt_ctx->bind_rasterizer_state(pt_ctx, f.rast);
    pt_ctx->delete_rasterizer_state(pt_ctx, stip);

    /* A non-zero start and index bias change nothing; the single-counter
     * query reads the same counters. */
    static const uint16_t ix[8] = {20, 21, 22, 23, 0xffff, 24, 25, 26};
    struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLE_STRIP, .index_size = 2,
                                  .instance_count = 2, .has_user_indices = true,
                                  .primitive_restart = true, .restart_index = 0xffff};
    info.index.user = ix;
    struct pipe_draw_start_count_bias d = {.start = 1, .count = 7, .index_bias = -20};
    struct pipe_query *one[PIPE_STAT_QUERY_COUNT];
    for (unsigned i = 0; i < PIPE_STAT_QUERY_COUNT; i++) {
        one[i] = pt_ctx->create_query(pt_ctx, PIPE_QUERY_PIPELINE_STATISTICS_SINGLE, i);
        assert_non_null(one[i]);
        assert_true(pt_ctx->begin_query(pt_ctx, one[i]));
    }
    struct pipe_query_data_pipeline_statistics all = stats_of_draw(&info, &d);
    for (unsigned i = 0; i < PIPE_STAT_QUERY_COUNT; i++)
        assert_true(pt_ctx->end_query(pt_ctx, one[i]));
    /* positions 1..7: 21 22 23 | 24 25 26 -> 6 vertices, 1 + 1 triangles */
    assert_int_equal(all.ia_vertices, 6 * 2);
    assert_int_equal(all.ia_primitives, 2 * 2);
    assert_int_equal(all.c_primitives, 2 * 2);
    uint64_t words[PIPE_STAT_QUERY_COUNT];
    memcpy(words, &all, sizeof words);
    for (unsigned i = 0; i < PIPE_STAT_QUERY_COUNT; i++) {
        assert_int_equal(result_u64(one[i]), words[i]);
        pt_ctx->destroy_query(pt_ctx, one[i]);
    }
    fixture_fini(&f);
}

/* One non-indexed draw of `n` clip-space vertices under rasterizer state
 * `rs` (NULL: the fixture's). */
static struct pipe_query_data_pipeline_statistics
clip_stats(pt_fixture *f, unsigned mode, const pt_vtx *v, unsigned n,
           const struct pipe_rasterizer_state *rs)
{
    void *cso = NULL;
    if (rs) {
        cso = pt_ctx->create_rasterizer_state(pt_ctx, rs);
        pt_ctx->bind_rasterizer_state(pt_ctx, cso);
    }
    pt_set_user_vb(v, sizeof(pt_vtx));
    struct pipe_draw_info info = {.mode = (uint8_t)mode, .instance_count = 1};
    struct pipe_draw_start_count_bias d = {.start = 0, .count = n};
    struct pipe_query_data_pipeline_statistics s = stats_of_draw(&info, &d);
    if (cso) {
        pt_ctx->bind_rasterizer_state(pt_ctx, f->rast);
        pt_ctx->delete_rasterizer_state(pt_ctx, cso);
    }
    return s;
}

static pt_vtx cv(float x, float y, float z, float w)
{
    return (pt_vtx){{x, y, z, w}, {1, 1, 1, 1}};
}

/* Triangles output by the clipper for a triangle, by the documented rule:
 * 0 if all three vertices are beyond one plane (only x > w and z < -w
 * occur here), 1 if none is behind the near plane (the x sides are left to
 * the guard band), else the fan of the polygon cut by the near plane: k
 * vertices behind it leave 3 - k + 2 corners, 3 - k triangles. */
static unsigned clip_rule(const pt_vtx t[3])
{
    unsigned right = 0, behind = 0;
    for (int k = 0; k < 3; k++) {
        right += t[k].pos[0] > t[k].pos[3];
        behind += t[k].pos[2] < -t[k].pos[3];
    }
    if (right == 3 || behind == 3)
        return 0;
    return behind ? 3 - behind : 1;
}

static void test_statistics_clipping(void **state)
{
    (void)state;
    pt_fixture f;
    fixture_init(&f);
    struct pipe_query_data_pipeline_statistics s;
    const pt_vtx inside[3] = {cv(-0.5f, -0.5f, 0, 1), cv(0.5f, -0.5f, 0, 1), cv(0, 0.5f, 0, 1)};
    s = clip_stats(&f, PIPE_PRIM_TRIANGLES, inside, 3, NULL);
    assert_int_equal(s.c_invocations, 1);
    assert_int_equal(s.c_primitives, 1);
    assert_true(s.ps_invocations > 0);
    /* One vertex behind the near plane: a quadrilateral, 2 triangles. */
    const pt_vtx near1[3] = {cv(-0.5f, -0.5f, 0, 1), cv(0.5f, -0.5f, 0, 1), cv(0, 0.5f, -3, 1)};
    s = clip_stats(&f, PIPE_PRIM_TRIANGLES, near1, 3, NULL);
    assert_int_equal(s.c_invocations, 1);
    assert_int_equal(s.c_primitives, 2);
    assert_true(s.ps_invocations > 0);
    /* Two behind: a triangle. */
    const pt_vtx near2[3] = {cv(-0.5f, -0.5f, 0, 1), cv(0.5f, -0.5f, -3, 1), cv(0, 0.5f, -3, 1)};
    s = clip_stats(&f, PIPE_PRIM_TRIANGLES, near2, 3, NULL);
    assert_int_equal(s.c_primitives, 1);
    /* Entirely beyond the right plane: 0, nothing shaded. */
    const pt_vtx right[3] = {cv(1.5f, -0.5f, 0, 1), cv(2.5f, -0.5f, 0, 1), cv(2, 0.5f, 0, 1)};
    s = clip_stats(&f, PIPE_PRIM_TRIANGLES, right, 3, NULL);
    assert_int_equal(s.ia_primitives, 1);
    assert_int_equal(s.c_invocations, 1);
    assert_int_equal(s.c_primitives, 0);
    assert_int_equal(s.ps_invocations, 0);
    /* Crossing the right plane only: within the guard band, passed whole. */
    const pt_vtx cross[3] = {cv(0.5f, -0.5f, 0, 1), cv(1.5f, -0.5f, 0, 1), cv(1, 0.5f, 0, 1)};
    s = clip_stats(&f, PIPE_PRIM_TRIANGLES, cross, 3, NULL);
    assert_int_equal(s.c_primitives, 1);
    assert_true(s.ps_invocations > 0);
    /* Face culling and zero area come after the clipper: counted there,
     * nothing shaded. The inside triangle is counter-clockwise (front). */
    struct pipe_rasterizer_state rs = {.half_pixel_center = true, .depth_clip_near = true,
                                       .depth_clip_far = true, .front_ccw = true,
                                       .cull_face = PIPE_FACE_FRONT, .line_width = 1,
                                       .point_size = 1};
    s = clip_stats(&f, PIPE_PRIM_TRIANGLES, inside, 3, &rs);
    assert_int_equal(s.c_primitives, 1);
    assert_int_equal(s.ps_invocations, 0);
    s = clip_stats(&f, PIPE_PRIM_TRIANGLES, near1, 3, &rs);
    assert_int_equal(s.c_primitives, 2);
    assert_int_equal(s.ps_invocations, 0);
    const pt_vtx flat[3] = {cv(-0.5f, -0.5f, 0, 1), cv(0, 0, 0, 1), cv(0.5f, 0.5f, 0, 1)};
    s = clip_stats(&f, PIPE_PRIM_TRIANGLES, flat, 3, NULL);
    assert_int_equal(s.c_primitives, 1);
    assert_int_equal(s.ps_invocations, 0);
    /* Rasterizer discard drops primitives before the clipper. */
    struct pipe_rasterizer_state rd = {.half_pixel_center = true, .depth_clip_near = true,
                                       .depth_clip_far = true, .line_width = 1,
                                       .point_size = 1, .rasterizer_discard = true};
    s = clip_stats(&f, PIPE_PRIM_TRIANGLES, near1, 3, &rd);
    assert_int_equal(s.ia_vertices, 3);
    assert_int_equal(s.ia_primitives, 1);
    assert_int_equal(s.c_invocations, 0);
    assert_int_equal(s.c_primitives, 0);
    assert_int_equal(s.ps_invocations, 0);
    /* Polygon mode LINE: the clipper still outputs triangles (their edges
     * are drawn later). */
    struct pipe_rasterizer_state rl = rs;
    rl.cull_face = PIPE_FACE_NONE;
    rl.fill_front = rl.fill_back = PIPE_POLYGON_MODE_LINE;
    s = clip_stats(&f, PIPE_PRIM_TRIANGLES, near1, 3, &rl);
    assert_int_equal(s.c_primitives, 2);

    /* Lines: inside 1, cut by the near plane 1, beyond it 0. */
    const pt_vtx lines[6] = {cv(-0.5f, 0, 0, 1), cv(0.5f, 0, 0, 1),  cv(-0.5f, 0.2f, 0, 1),
                             cv(0.5f, 0.2f, -3, 1), cv(-0.5f, 0.4f, -2, 1), cv(0.5f, 0.4f, -3, 1)};
    s = clip_stats(&f, PIPE_PRIM_LINES, lines, 6, NULL);
    assert_int_equal(s.c_invocations, 3);
    assert_int_equal(s.c_primitives, 2);
    /* Points: clipped by their centre. */
    const pt_vtx pts[4] = {cv(0, 0, 0, 1), cv(0.5f, 0.5f, 0, 1), cv(2, 0, 0, 1), cv(0, 0, 2, 1)};
    s = clip_stats(&f, PIPE_PRIM_POINTS, pts, 4, NULL);
    assert_int_equal(s.c_invocations, 4);
    assert_int_equal(s.c_primitives, 2);

    /* Many triangles through the batched path, mixed: inside, cut by the
     * near plane, beyond the right or the near plane; compared with the
     * rule per triangle. */
    enum { NT = 3001 };
    static pt_vtx many[NT * 3];
    uint32_t seed = 99;
    unsigned expect = 0;
    for (unsigned t = 0; t < NT; t++) {
        pt_vtx *tri = &many[t * 3];
        unsigned kind = lcg(&seed) % 5;
        for (int k = 0; k < 3; k++) {
            float x = (float)(lcg(&seed) % 1000) / 1000.0f - 0.5f;
            float y = (float)(lcg(&seed) % 1000) / 1000.0f - 0.5f;
            float z = 0.5f;
            if (kind == 1 && k == 0)
                z = -3;
            if (kind == 2 && k > 0)
                z = -3;
            if (kind == 3)
                x += 3;
            if (kind == 4)
                z = -2;
            tri[k] = cv(x, y, z, 1);
        }
        expect += clip_rule(tri);
    }
    s = clip_stats(&f, PIPE_PRIM_TRIANGLES, many, NT * 3, NULL);
    assert_int_equal(s.ia_primitives, NT);
    assert_int_equal(s.c_invocations, NT);
    assert_int_equal(s.c_primitives, expect);
    fixture_fini(&f);
}

/* ---- time ----------------------------------------------------------------- */

static uint64_t cpu_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static void test_time(void **state)
{
    (void)state;
    pt_fixture f;
    fixture_init(&f);
    struct pipe_query *ts1 = pt_ctx->create_query(pt_ctx, PIPE_QUERY_TIMESTAMP, 0);
    struct pipe_query *ts2 = pt_ctx->create_query(pt_ctx, PIPE_QUERY_TIMESTAMP, 0);
    struct pipe_query *el = pt_ctx->create_query(pt_ctx, PIPE_QUERY_TIME_ELAPSED, 0);
    struct pipe_query *fin = pt_ctx->create_query(pt_ctx, PIPE_QUERY_GPU_FINISHED, 0);
    struct pipe_query *dj = pt_ctx->create_query(pt_ctx, PIPE_QUERY_TIMESTAMP_DISJOINT, 0);
    assert_non_null(ts1);
    assert_non_null(ts2);
    assert_non_null(el);
    assert_non_null(fin);
    assert_non_null(dj);

    uint64_t t0 = pt_screen->get_timestamp(pt_screen);
    pt_ctx->begin_query(pt_ctx, dj);
    pt_ctx->end_query(pt_ctx, ts1); /* TIMESTAMP needs no begin */
    pt_ctx->begin_query(pt_ctx, el);
    for (int i = 0; i < 20; i++)
        draw_rect(0, 0, 64, 64, 0.0f, i & 1 ? RED : GREEN);
    pt_ctx->end_query(pt_ctx, el);
    pt_ctx->end_query(pt_ctx, ts2);
    pt_ctx->end_query(pt_ctx, fin);
    pt_ctx->end_query(pt_ctx, dj);
    assert_true(result_b(fin));
    uint64_t a = result_u64(ts1), b = result_u64(ts2), e = result_u64(el);
    uint64_t t1 = pt_screen->get_timestamp(pt_screen);
    assert_true(t0 <= a);
    assert_true(a <= b);
    assert_true(b <= t1);
    assert_true(e > 0);
    assert_true(e <= t1 - t0);
    union pipe_query_result r;
    assert_true(pt_ctx->get_query_result(pt_ctx, dj, true, &r));
    assert_int_equal(r.timestamp_disjoint.frequency, 1000000000u);
    assert_false(r.timestamp_disjoint.disjoint);
    /* The screen's clock is the monotonic clock. */
    uint64_t c = cpu_ns();
    assert_true(t1 <= c);

    pt_ctx->destroy_query(pt_ctx, ts1);
    pt_ctx->destroy_query(pt_ctx, ts2);
    pt_ctx->destroy_query(pt_ctx, el);
    pt_ctx->destroy_query(pt_ctx, fin);
    pt_ctx->destroy_query(pt_ctx, dj);
    fixture_fini(&f);
}

/* ---- render condition ------------------------------------------------------ */

static void test_render_condition(void **state)
{
    (void)state;
    pt_fixture f;
    fixture_init(&f);
    struct pipe_query *zero = pt_ctx->create_query(pt_ctx, PIPE_QUERY_OCCLUSION_COUNTER, 0);
    struct pipe_query *some = pt_ctx->create_query(pt_ctx, PIPE_QUERY_OCCLUSION_PREDICATE, 0);
    assert_non_null(zero);
    assert_non_null(some);
    pt_ctx->begin_query(pt_ctx, zero);
    pt_ctx->end_query(pt_ctx, zero); /* nothing drawn: 0 (FALSE) */
    pt_ctx->begin_query(pt_ctx, some);
    draw_rect(60, 60, 64, 64, 0.0f, RED); /* TRUE */
    pt_ctx->end_query(pt_ctx, some);

    static const enum pipe_render_cond_flag modes[4] = {
        PIPE_RENDER_COND_WAIT, PIPE_RENDER_COND_NO_WAIT, PIPE_RENDER_COND_BY_REGION_WAIT,
        PIPE_RENDER_COND_BY_REGION_NO_WAIT};
    for (int m = 0; m < 4; m++) {
        union pipe_color_union black = {{0, 0, 0, 0}}, green = {{0, 1, 0, 1}};
        pt_ctx->render_condition(pt_ctx, NULL, false, 0);
        pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTHSTENCIL, &black, 1.0, 0);

        /* Skipped when the result equals the condition. In NO_WAIT modes
         * the results are available by now (get_query_result waited). */
        result_u64(zero);
        result_b(some);
        pt_ctx->render_condition(pt_ctx, zero, false, modes[m]);
        draw_rect(0, 0, 8, 8, 0.0f, RED);
        pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &green, 1.0, 0);
        pt_ctx->clear_render_target(pt_ctx, f.cs, &green, 40, 40, 4, 4, true);
        assert_int_equal(pixel(f.rt, 2, 2), 0);
        assert_int_equal(pixel(f.rt, 30, 30), 0);
        assert_int_equal(pixel(f.rt, 41, 41), 0);
        /* render_condition_enabled = false ignores it. */
        pt_ctx->clear_render_target(pt_ctx, f.cs, &green, 40, 40, 4, 4, false);
        assert_int_equal(pixel(f.rt, 41, 41), GREEN8);

        /* condition TRUE on a FALSE result: runs. */
        pt_ctx->render_condition(pt_ctx, zero, true, modes[m]);
        draw_rect(0, 0, 8, 8, 0.0f, RED);
        assert_int_equal(pixel(f.rt, 2, 2), RED8);

        /* A TRUE predicate with condition TRUE: skipped; FALSE: runs. */
        pt_ctx->render_condition(pt_ctx, some, true, modes[m]);
        draw_rect(10, 0, 18, 8, 0.0f, RED);
        assert_int_equal(pixel(f.rt, 12, 2), 0);
        pt_ctx->render_condition(pt_ctx, some, false, modes[m]);
        pt_ctx->clear(pt_ctx, PIPE_CLEAR_COLOR0, &green, 1.0, 0);
        assert_int_equal(pixel(f.rt, 12, 2), GREEN8);
    }
    pt_ctx->render_condition(pt_ctx, zero, false, PIPE_RENDER_COND_WAIT);
    pt_ctx->destroy_query(pt_ctx, zero); /* destroying the condition's query disables it */
    draw_rect(0, 0, 8, 8, -0.5f, GREEN);
    assert_int_equal(pixel(f.rt, 2, 2), GREEN8);
    pt_ctx->destroy_query(pt_ctx, some);
    fixture_fini(&f);
}

/* ---- non-blocking results with a held draw --------------------------------- */

static int release_flag;
static const uint64_t SPIN_LIMIT_NS = 20ull * 1000000000ull;

static void slow_ps(const void *shader, swr_ps_args *a)
{
    (void)shader;
    uint64_t t0 = cpu_ns();
    while (!__atomic_load_n(&release_flag, __ATOMIC_ACQUIRE) && cpu_ns() - t0 < SPIN_LIMIT_NS) {
        struct timespec nap = {0, 100000};
        nanosleep(&nap, NULL);
    }
    memcpy(&a->color[0], &a->inputs[0], sizeof a->color[0]);
}

static void test_nonblocking(void **state)
{
    (void)state;
    /* A context of its own: the engine is driven directly here. */
    struct pipe_context *c2 = pt_screen->context_create(pt_screen, NULL, 0);
    assert_non_null(c2);
    swr_context *e = swrp_context_engine(c2);
    if (swr_worker_count(e) == 0) {
        c2->destroy(c2);
        skip(); /* single-threaded: the held draw would run inside swr_draw */
    }
    __atomic_store_n(&release_flag, 0, __ATOMIC_RELEASE);
    struct pipe_resource *A =
        pt_make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, W, H, PIPE_BIND_RENDER_TARGET);
    struct pipe_resource *B =
        pt_make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, W, H, PIPE_BIND_RENDER_TARGET);
    assert_non_null(A);
    assert_non_null(B);
    struct pipe_surface *bs =
        c2->create_surface(c2, B, &(struct pipe_surface){.format = B->format});
    assert_non_null(bs);

    tu_target tt = {.ctx = e, .w = W, .h = H};
    tu_pipeline(&tt, SWR_INTERP_PERSPECTIVE);
    swr_ps_state ps = {.func = slow_ps, .num_inputs = 1, .num_outputs = 1,
                       .color0_writes_all = true};
    ps.inputs[0] = (swr_ps_input){1, SWR_SLOT_NONE, SWR_INTERP_PERSPECTIVE};
    swr_set_ps(e, &ps);
    swrp_level_ptr lp;
    assert_true(swrp_resource_level(A, 0, 0, &lp));
    swr_framebuffer fb = {.width = W, .height = H, .num_color = 1};
    fb.color[0] = (swr_surface){lp.ptr, lp.row_pitch, W, H,
                                fmt_get(A->format)->engine_format};
    assert_int_equal(swr_set_framebuffer(e, &fb), SWR_OK);
    tu_vertex v[3];
    const float pos[3][2] = {{-1, -1}, {3, -1}, {-1, 3}};
    for (int i = 0; i < 3; i++)
        v[i] = (tu_vertex){{pos[i][0], pos[i][1], 0, 1}, {0, 0, 1, 1}};
    swr_vertex_buffer vb = {v, sizeof v, sizeof(tu_vertex)};
    swr_set_vertex_buffers(e, 0, 1, &vb);

    struct pipe_query *q = c2->create_query(c2, PIPE_QUERY_OCCLUSION_COUNTER, 0);
    struct pipe_query *fin = c2->create_query(c2, PIPE_QUERY_GPU_FINISHED, 0);
    assert_non_null(q);
    assert_non_null(fin);
    assert_true(c2->begin_query(c2, q));
    swr_draw_info di = {.topology = SWR_TOPO_TRIANGLES, .count = 3};
    assert_int_equal(swr_draw(e, &di), SWR_OK);
    swrp_resource_mark_used(c2, A, true);
    swr_fence held = swr_fence_submit(e);
    assert_true(c2->end_query(c2, q));
    assert_true(c2->end_query(c2, fin));

    /* Not ready while the draw is held; GPU_FINISHED answers "no". */
    union pipe_query_result r;
    assert_false(c2->get_query_result(c2, q, false, &r));
    memset(&r, 0xff, sizeof r);
    assert_true(c2->get_query_result(c2, fin, false, &r));
    assert_false(r.b);
    assert_false(swr_fence_done(e, held));

    /* NO_WAIT with the result unavailable renders (a CPU clear of an
     * unrelated surface, which does not wait for the held draw). */
    union pipe_color_union green = {{0, 1, 0, 1}}, red = {{1, 0, 0, 1}};
    c2->render_condition(c2, q, false, PIPE_RENDER_COND_NO_WAIT);
    c2->clear_render_target(c2, bs, &green, 0, 0, W, H, true);
    assert_false(swr_fence_done(e, held));
    struct pipe_transfer *t = NULL;
    const uint32_t *pb = c2->texture_map(c2, B, 0, PIPE_MAP_READ,
                                         &(struct pipe_box){0, 0, 0, 1, 1, 1}, &t);
    assert_non_null(pb);
    assert_int_equal(*pb, GREEN8);
    c2->texture_unmap(c2, t);

    /* Release: wait = true returns the full count; then a WAIT condition
     * on it (TRUE == TRUE) skips. */
    __atomic_store_n(&release_flag, 1, __ATOMIC_RELEASE);
    memset(&r, 0, sizeof r);
    assert_true(c2->get_query_result(c2, q, true, &r));
    assert_int_equal(r.u64, W * H);
    assert_true(swr_fence_done(e, held));
    assert_true(c2->get_query_result(c2, fin, false, &r));
    assert_true(r.b);
    c2->render_condition(c2, q, true, PIPE_RENDER_COND_WAIT);
    c2->clear_render_target(c2, bs, &red, 0, 0, W, H, true);
    pb = c2->texture_map(c2, B, 0, PIPE_MAP_READ, &(struct pipe_box){0, 0, 0, 1, 1, 1}, &t);
    assert_non_null(pb);
    assert_int_equal(*pb, GREEN8);
    c2->texture_unmap(c2, t);

    c2->render_condition(c2, NULL, false, 0);
    c2->destroy_query(c2, q);
    c2->destroy_query(c2, fin);
    pipe_surface_reference(&bs, NULL);
    c2->destroy(c2);
    pipe_resource_reference(&A, NULL);
    pipe_resource_reference(&B, NULL);
}

int main(void)
{
    /* Some tests hold a draw on a worker and check the API thread does not
     * wait for it; the load governor would run that draw on the API thread
     * when the machine is busy (as KNOB_SINGLE_THREADED does, which they
     * skip), so it is off here. */
    setenv("KNOB_ADAPT_TO_LOAD", "0", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_occlusion),
        cmocka_unit_test(test_primitives_and_statistics),
        cmocka_unit_test(test_statistics_topologies),
        cmocka_unit_test(test_statistics_clipping),
        cmocka_unit_test(test_time),
        cmocka_unit_test(test_render_condition),
        cmocka_unit_test(test_nonblocking),
    };
    return cmocka_run_group_tests(tests, pt_group_setup, pt_group_teardown);
}
