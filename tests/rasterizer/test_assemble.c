/*
 * test_assemble.c: fe_assemble over chunked draws must concatenate to the
 * whole draw's primitive sequence.
 *
 * Oracles: (1) ref_assemble.c, a whole-draw reference written from the GL
 * tables with no notion of chunks; every topology x index width x restart
 * layout x provoking convention x count x chunking (the engine's grid for
 * several budgets, and random partitions) is compared element by element;
 * (2) hand-written primitive lists for small draws of each topology, checked
 * against both fe_assemble and the reference; (3) hand-computed last
 * primitives of 2^32 - 1 position draws (overflow).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rasterizer/fe_assemble.h"
#include "ref_assemble.h"

static const char *const k_topo_names[SWR_TOPO_COUNT] = {
    "points",    "lines",      "line_loop",     "line_strip",    "triangles",
    "tri_strip", "tri_fan",    "quads",         "quad_strip",    "polygon",
    "lines_adj", "lstrip_adj", "triangles_adj", "tri_strip_adj",
};

/* ---- helpers -------------------------------------------------------------- */

static uint64_t g_rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return (uint32_t)(g_rng >> 16);
}

static void describe(char *buf, size_t size, const fe_index_source *s)
{
    snprintf(buf, size, "%s count=%u %s idx=%u restart=%d ri=0x%x", k_topo_names[s->topology],
             s->count, s->flatshade_first ? "first" : "last", s->indices ? s->index_size : 0,
             s->restart, s->restart_index);
}

static bool prim_eq(const fe_prim *a, const fe_prim *b)
{
    return a->v[0] == b->v[0] && a->v[1] == b->v[1] && a->v[2] == b->v[2] &&
           a->prim_id == b->prim_id && a->provoking == b->provoking &&
           a->edge_flags == b->edge_flags;
}

static void fail_prims(const char *what, const fe_index_source *s, size_t i, const fe_prim *got,
                       const fe_prim *want)
{
    char d[160];
    describe(d, sizeof d, s);
    fail_msg(
        "%s: %s: prim %zu: got v=(%u,%u,%u) id=%u pv=%u ef=%u, want v=(%u,%u,%u) id=%u pv=%u ef=%u",
        what, d, i, got->v[0], got->v[1], got->v[2], got->prim_id, got->provoking, got->edge_flags,
        want->v[0], want->v[1], want->v[2], want->prim_id, want->provoking, want->edge_flags);
}

static void expect_same(const char *what, const fe_index_source *s, const fe_prim *got,
                        size_t n_got, const fe_prim *want, size_t n_want)
{
    size_t n = n_got < n_want ? n_got : n_want;
    for (size_t i = 0; i < n; i++)
        if (!prim_eq(&got[i], &want[i]))
            fail_prims(what, s, i, &got[i], &want[i]);
    if (n_got != n_want) {
        char d[160];
        describe(d, sizeof d, s);
        fail_msg("%s: %s: got %zu prims, want %zu", what, d, n_got, n_want);
    }
}

/* Assemble the draw over the partition cuts[0] = 0 < ... <= cuts[ncuts-1] =
 * count (empty ranges allowed) and return the concatenation. Checks each
 * call against fe_max_prims_for_positions and that nothing is written past
 * the returned count (canary). */
static size_t assemble_partition(const fe_index_source *s, const uint32_t *cuts, size_t ncuts,
                                 fe_prim **out)
{
    size_t cap = 16, n = 0;
    fe_prim *all = malloc(cap * sizeof(fe_prim));
    for (size_t c = 0; c + 1 < ncuts; c++) {
        uint32_t b = cuts[c], e = cuts[c + 1];
        uint32_t bound = fe_max_prims_for_positions(s->topology, e - b);
        enum { CANARY = 4 };
        fe_prim *buf = malloc(((size_t)bound + CANARY) * sizeof(fe_prim));
        memset(buf, 0xab, ((size_t)bound + CANARY) * sizeof(fe_prim));
        uint32_t restarts = 0;
        uint32_t got = fe_assemble_counted(s, b, e, buf, bound, &restarts);
        /* The restart positions of the chunk, counted from the indices. */
        uint32_t want_restarts = 0;
        const bool sized = s->index_size == 1 || s->index_size == 2 || s->index_size == 4;
        for (uint32_t p = b; s->restart && s->indices && sized && p < e && p < s->count; p++) {
            uint32_t v = s->index_size == 1   ? ((const uint8_t *)s->indices)[p]
                         : s->index_size == 2 ? ((const uint16_t *)s->indices)[p]
                                              : ((const uint32_t *)s->indices)[p];
            want_restarts += v == s->restart_index;
        }
        if (restarts != want_restarts) {
            char d[160];
            describe(d, sizeof d, s);
            fail_msg("%s: chunk [%u,%u) counted %u restarts, holds %u", d, b, e, restarts,
                     want_restarts);
        }
        if (got > bound) {
            char d[160];
            describe(d, sizeof d, s);
            fail_msg("%s: chunk [%u,%u) emitted %u > bound %u", d, b, e, got, bound);
        }
        const unsigned char *tail = (const unsigned char *)(buf + got);
        for (size_t k = 0; k < ((size_t)bound + CANARY - got) * sizeof(fe_prim); k++)
            if (tail[k] != 0xab) {
                char d[160];
                describe(d, sizeof d, s);
                fail_msg("%s: chunk [%u,%u) wrote past its %u prims", d, b, e, got);
            }
        if (n + got > cap) {
            while (n + got > cap)
                cap *= 2;
            all = realloc(all, cap * sizeof(fe_prim));
        }
        memcpy(all + n, buf, (size_t)got * sizeof(fe_prim));
        n += got;
        free(buf);
    }
    *out = all;
    return n;
}

/* The engine's chunk grid: [k*P, min((k+1)*P, count)). */
static size_t grid_cuts(uint32_t count, uint32_t P, uint32_t *cuts)
{
    size_t n = 0;
    cuts[n++] = 0;
    for (uint64_t p = P; p < count; p += P)
        cuts[n++] = (uint32_t)p;
    if (count > 0)
        cuts[n++] = count;
    else
        cuts[n++] = 0;
    return n;
}

/* A random partition with uneven (sometimes empty) ranges. */
static size_t random_cuts(uint32_t count, uint32_t *cuts, uint32_t max_len)
{
    size_t n = 0;
    cuts[n++] = 0;
    uint32_t p = 0;
    while (p < count) {
        uint32_t len = rnd() % (max_len + 1); /* 0: an empty range */
        p = len > count - p ? count : p + len;
        cuts[n++] = p;
    }
    if (n == 1)
        cuts[n++] = 0;
    return n;
}

static void check_chunked(const fe_index_source *s, const fe_prim *want, size_t n_want,
                          const uint32_t *cuts, size_t ncuts, const char *what)
{
    fe_prim *got;
    size_t n_got = assemble_partition(s, cuts, ncuts, &got);
    expect_same(what, s, got, n_got, want, n_want);
    free(got);
}

/* Restart layouts of the generated index streams. */
enum layout {
    LAYOUT_NO_RESTART,      /* restart off; the data contains the would-be restart value */
    LAYOUT_MAX_SPARSE,      /* restart index = all ones of the width, ~15% of positions */
    LAYOUT_ZERO_DENSE,      /* restart index 0, ~35% */
    LAYOUT_RANDOM_VALUE,    /* a random value of the width, ~8% */
    LAYOUT_ALL,             /* every position is a restart */
    LAYOUT_PERIODIC,        /* every k-th position, k = 2..8: all short segment lengths */
    LAYOUT_UNREPRESENTABLE, /* restart index wider than the indices: never matches */
    LAYOUT_COUNT
};

static uint32_t width_max(uint32_t size)
{
    return size == 4 ? 0xffffffffu : (1u << (8 * size)) - 1;
}

static void put_index(void *ix, uint32_t size, uint32_t p, uint32_t v)
{
    if (size == 1)
        ((uint8_t *)ix)[p] = (uint8_t)v;
    else if (size == 2)
        ((uint16_t *)ix)[p] = (uint16_t)v;
    else
        ((uint32_t *)ix)[p] = v;
}

/* Fills src (indexed) and returns the index buffer (malloc'ed, exact size so
 * that ASan catches any read past count). */
static void *make_indices(fe_index_source *s, uint32_t size, enum layout lay, uint32_t count)
{
    void *ix = malloc(count ? (size_t)count * size : 1);
    uint32_t maxv = width_max(size);
    uint32_t ri = maxv, permille = 0, period = 0;
    s->restart = lay != LAYOUT_NO_RESTART;
    switch (lay) {
    case LAYOUT_NO_RESTART:
        ri = maxv, permille = 200;
        break; /* planted but inert */
    case LAYOUT_MAX_SPARSE:
        ri = maxv, permille = 150;
        break;
    case LAYOUT_ZERO_DENSE:
        ri = 0, permille = 350;
        break;
    case LAYOUT_RANDOM_VALUE:
        ri = rnd() & maxv, permille = 80;
        break;
    case LAYOUT_ALL:
        ri = rnd() & maxv, permille = 1000;
        break;
    case LAYOUT_PERIODIC:
        ri = maxv, period = 2 + count % 7;
        break;
    case LAYOUT_UNREPRESENTABLE:
        ri = size == 4 ? 0xfffffffeu : maxv + 1, permille = 0;
        break;
    default:
        break;
    }
    for (uint32_t p = 0; p < count; p++) {
        bool cut = period ? p % period == period - 1 : rnd() % 1000 < permille;
        uint32_t v;
        if (cut && lay != LAYOUT_UNREPRESENTABLE) {
            v = ri;
        } else if (lay == LAYOUT_UNREPRESENTABLE && size < 4 && rnd() % 4 == 0) {
            v = maxv; /* equals ri truncated to the width: must not restart */
        } else {
            do
                v = rnd() & maxv;
            while (s->restart && v == ri);
        }
        put_index(ix, size, p, v);
    }
    s->indices = ix;
    s->index_size = size;
    s->restart_index = ri;
    return ix;
}

/* One draw description compared under several chunkings. */
static void check_draw(const fe_index_source *s, const uint32_t *budgets, size_t nbudgets,
                       int nrandom, uint32_t random_max_len)
{
    fe_prim *want;
    size_t n_want = ref_assemble(s, &want);
    uint32_t *cuts = malloc(((size_t)s->count + 2) * 2 * sizeof(uint32_t) + 64);
    for (size_t b = 0; b < nbudgets; b++) {
        uint32_t P = fe_positions_per_chunk(s->topology, budgets[b]);
        assert_true(P >= 1);
        size_t nc = grid_cuts(s->count, P, cuts);
        check_chunked(s, want, n_want, cuts, nc, "grid");
    }
    for (int r = 0; r < nrandom; r++) {
        size_t nc = random_cuts(s->count, cuts, random_max_len);
        check_chunked(s, want, n_want, cuts, nc, "random partition");
    }
    /* Truncation: max_out smaller than what the whole draw yields keeps the
     * prefix and returns max_out. */
    if (n_want > 1 && s->count > 0) {
        uint32_t m = (uint32_t)(n_want / 2);
        fe_prim *buf = malloc(((size_t)m + 1) * sizeof(fe_prim));
        memset(buf, 0xab, ((size_t)m + 1) * sizeof(fe_prim));
        uint32_t got = fe_assemble(s, 0, s->count, buf, m);
        assert_int_equal(got, m);
        expect_same("truncated", s, buf, got, want, m);
        const unsigned char *tail = (const unsigned char *)(buf + m);
        for (size_t k = 0; k < sizeof(fe_prim); k++)
            assert_int_equal(tail[k], 0xab);
        free(buf);
    }
    free(cuts);
    free(want);
}

/* ---- tests ---------------------------------------------------------------- */

/* Every topology, index width, restart layout, convention and small count,
 * over the engine grid for several budgets and random partitions. */
static void test_matches_reference_small(void **state)
{
    (void)state;
    static const uint32_t budgets[] = {1, 2, 3, 7, 2040};
    static const uint32_t extra_counts[] = {57, 64, 100, 255, 256, 257};
    for (uint32_t topo = 0; topo < SWR_TOPO_COUNT; topo++)
        for (int first = 0; first < 2; first++)
            for (uint32_t ci = 0; ci < 41 + sizeof extra_counts / sizeof extra_counts[0]; ci++) {
                uint32_t count = ci <= 40 ? ci : extra_counts[ci - 41];
                /* non-indexed, restart off and on (on is ignored without indices) */
                for (int rs = 0; rs < 2; rs++) {
                    fe_index_source s = {.topology = topo,
                                         .count = count,
                                         .restart = rs,
                                         .restart_index = 0,
                                         .flatshade_first = first};
                    check_draw(&s, budgets, 5, 2, 9);
                }
                static const uint32_t sizes[] = {1, 2, 4};
                for (int si = 0; si < 3; si++)
                    for (int lay = 0; lay < LAYOUT_COUNT; lay++) {
                        fe_index_source s = {
                            .topology = topo, .count = count, .flatshade_first = first};
                        void *ix = make_indices(&s, sizes[si], (enum layout)lay, count);
                        check_draw(&s, budgets, 5, 2, 9);
                        free(ix);
                    }
            }
}

/* Larger draws: many chunks, long strips/fans/polygons spanning chunks,
 * restarts far from chunk starts. */
static void test_matches_reference_large(void **state)
{
    (void)state;
    static const uint32_t counts[] = {1000, 4099, 100003};
    for (uint32_t topo = 0; topo < SWR_TOPO_COUNT; topo++)
        for (int first = 0; first < 2; first++)
            for (int ci = 0; ci < 3; ci++) {
                uint32_t count = counts[ci];
                const uint32_t small_budgets[] = {7, 2040, 65536};
                const uint32_t big_budgets[] = {2040, 65536};
                const uint32_t *budgets = count <= 4099 ? small_budgets : big_budgets;
                size_t nb = count <= 4099 ? 3 : 2;
                int nrandom = count <= 4099 ? 1 : 0;
                fe_index_source s = {.topology = topo, .count = count, .flatshade_first = first};
                check_draw(&s, budgets, nb, nrandom, 300);
                static const struct {
                    uint32_t size;
                    enum layout lay;
                } cfg[] = {{4, LAYOUT_MAX_SPARSE},
                           {2, LAYOUT_RANDOM_VALUE},
                           {1, LAYOUT_ZERO_DENSE},
                           {4, LAYOUT_NO_RESTART}};
                for (int k = 0; k < 4; k++) {
                    fe_index_source si = {
                        .topology = topo, .count = count, .flatshade_first = first};
                    void *ix = make_indices(&si, cfg[k].size, cfg[k].lay, count);
                    check_draw(&si, budgets, nb, nrandom, 300);
                    free(ix);
                }
            }
}

/* Hand-written expectations straight from the GL tables. */
typedef struct hand_prim {
    uint32_t v0, v1, v2, id, pv, ef;
} hand_prim;

typedef struct hand_case {
    const char *name;
    uint32_t topo;
    bool first;
    uint32_t count;
    const uint8_t *indices; /* 8-bit, restart index 0xff, or NULL */
    size_t n;
    hand_prim p[8];
} hand_case;

#define R 0xff
static const uint8_t k_strip_restart[] = {10, 11, 12, R, 13, 14, 15, 16};
static const uint8_t k_quad_restart[] = {1, 2, 3, R, 4, 5, 6, 7};
static const uint8_t k_loop_restart[] = {1, 2, R, 3, 4, 5};
static const uint8_t k_poly_restart[] = {1, 2, 3, 4, R, 5, 6, R, 7, 8, 9};
static const uint8_t k_all_restart[] = {R, R, R, R};
#undef R

static const hand_case k_hand[] = {
    {"points",
     SWR_TOPO_POINTS,
     false,
     3,
     NULL,
     3,
     {{0, 0, 0, 0, 0, 0}, {1, 0, 0, 1, 0, 0}, {2, 0, 0, 2, 0, 0}}},
    {"lines 5 last", SWR_TOPO_LINES, false, 5, NULL, 2, {{0, 1, 0, 0, 1, 0}, {2, 3, 0, 1, 1, 0}}},
    {"lines 5 first", SWR_TOPO_LINES, true, 5, NULL, 2, {{0, 1, 0, 0, 0, 0}, {2, 3, 0, 1, 0, 0}}},
    {"line strip 3",
     SWR_TOPO_LINE_STRIP,
     false,
     3,
     NULL,
     2,
     {{0, 1, 0, 0, 1, 0}, {1, 2, 0, 1, 1, 0}}},
    {"line loop 4 first",
     SWR_TOPO_LINE_LOOP,
     true,
     4,
     NULL,
     4,
     {{0, 1, 0, 0, 0, 0}, {1, 2, 0, 1, 0, 0}, {2, 3, 0, 2, 0, 0}, {3, 0, 0, 3, 0, 0}}},
    {"line loop 4 last",
     SWR_TOPO_LINE_LOOP,
     false,
     4,
     NULL,
     4,
     {{0, 1, 0, 0, 1, 0}, {1, 2, 0, 1, 1, 0}, {2, 3, 0, 2, 1, 0}, {3, 0, 0, 3, 1, 0}}},
    {"line loop 2",
     SWR_TOPO_LINE_LOOP,
     false,
     2,
     NULL,
     2,
     {{0, 1, 0, 0, 1, 0}, {1, 0, 0, 1, 1, 0}}},
    {"line loop 1", SWR_TOPO_LINE_LOOP, false, 1, NULL, 0, {{0}}},
    {"triangles 7 last",
     SWR_TOPO_TRIANGLES,
     false,
     7,
     NULL,
     2,
     {{0, 1, 2, 0, 2, 7}, {3, 4, 5, 1, 2, 7}}},
    {"strip 5 last",
     SWR_TOPO_TRIANGLE_STRIP,
     false,
     5,
     NULL,
     3,
     {{0, 1, 2, 0, 2, 7}, {2, 1, 3, 1, 2, 7}, {2, 3, 4, 2, 2, 7}}},
    {"strip 5 first",
     SWR_TOPO_TRIANGLE_STRIP,
     true,
     5,
     NULL,
     3,
     {{0, 1, 2, 0, 0, 7}, {2, 1, 3, 1, 1, 7}, {2, 3, 4, 2, 0, 7}}},
    {"fan 6 first",
     SWR_TOPO_TRIANGLE_FAN,
     true,
     6,
     NULL,
     4,
     {{0, 1, 2, 0, 1, 7}, {0, 2, 3, 1, 1, 7}, {0, 3, 4, 2, 1, 7}, {0, 4, 5, 3, 1, 7}}},
    {"fan 6 last",
     SWR_TOPO_TRIANGLE_FAN,
     false,
     6,
     NULL,
     4,
     {{0, 1, 2, 0, 2, 7}, {0, 2, 3, 1, 2, 7}, {0, 3, 4, 2, 2, 7}, {0, 4, 5, 3, 2, 7}}},
    {"quads 7 last", SWR_TOPO_QUADS, false, 7, NULL, 2, {{0, 1, 3, 0, 2, 5}, {1, 2, 3, 0, 2, 3}}},
    {"quads 7 first", SWR_TOPO_QUADS, true, 7, NULL, 2, {{0, 1, 2, 0, 0, 3}, {0, 2, 3, 0, 0, 6}}},
    {"quads 8 last",
     SWR_TOPO_QUADS,
     false,
     8,
     NULL,
     4,
     {{0, 1, 3, 0, 2, 5}, {1, 2, 3, 0, 2, 3}, {4, 5, 7, 1, 2, 5}, {5, 6, 7, 1, 2, 3}}},
    /* quad i = (2i, 2i+1, 2i+3, 2i+2); provoking 2i (first) / 2i+3 (last) */
    {"quad strip 7 first",
     SWR_TOPO_QUAD_STRIP,
     true,
     7,
     NULL,
     4,
     {{0, 1, 3, 0, 0, 3}, {0, 3, 2, 0, 0, 6}, {2, 3, 5, 1, 0, 3}, {2, 5, 4, 1, 0, 6}}},
    {"quad strip 7 last",
     SWR_TOPO_QUAD_STRIP,
     false,
     7,
     NULL,
     4,
     {{2, 0, 3, 0, 2, 5}, {0, 1, 3, 0, 2, 3}, {4, 2, 5, 1, 2, 5}, {2, 3, 5, 1, 2, 3}}},
    {"polygon 5 last",
     SWR_TOPO_POLYGON,
     false,
     5,
     NULL,
     3,
     {{0, 1, 2, 0, 0, 3}, {0, 2, 3, 0, 0, 2}, {0, 3, 4, 0, 0, 6}}},
    {"polygon 5 first",
     SWR_TOPO_POLYGON,
     true,
     5,
     NULL,
     3,
     {{0, 1, 2, 0, 0, 3}, {0, 2, 3, 0, 0, 2}, {0, 3, 4, 0, 0, 6}}},
    {"polygon 3", SWR_TOPO_POLYGON, false, 3, NULL, 1, {{0, 1, 2, 0, 0, 7}}},
    {"polygon 2", SWR_TOPO_POLYGON, false, 2, NULL, 0, {{0}}},
    {"lines adj 9 first",
     SWR_TOPO_LINES_ADJACENCY,
     true,
     9,
     NULL,
     2,
     {{1, 2, 0, 0, 0, 0}, {5, 6, 0, 1, 0, 0}}},
    {"lines adj 9 last",
     SWR_TOPO_LINES_ADJACENCY,
     false,
     9,
     NULL,
     2,
     {{1, 2, 0, 0, 1, 0}, {5, 6, 0, 1, 1, 0}}},
    {"line strip adj 5 first",
     SWR_TOPO_LINE_STRIP_ADJACENCY,
     true,
     5,
     NULL,
     2,
     {{1, 2, 0, 0, 0, 0}, {2, 3, 0, 1, 0, 0}}},
    {"line strip adj 3", SWR_TOPO_LINE_STRIP_ADJACENCY, true, 3, NULL, 0, {{0}}},
    {"triangles adj 13 first",
     SWR_TOPO_TRIANGLES_ADJACENCY,
     true,
     13,
     NULL,
     2,
     {{0, 2, 4, 0, 0, 7}, {6, 8, 10, 1, 0, 7}}},
    {"triangles adj 13 last",
     SWR_TOPO_TRIANGLES_ADJACENCY,
     false,
     13,
     NULL,
     2,
     {{0, 2, 4, 0, 2, 7}, {6, 8, 10, 1, 2, 7}}},
    {"tri strip adj 9 first",
     SWR_TOPO_TRIANGLE_STRIP_ADJACENCY,
     true,
     9,
     NULL,
     2,
     {{0, 2, 4, 0, 0, 7}, {4, 2, 6, 1, 1, 7}}},
    {"tri strip adj 10 last",
     SWR_TOPO_TRIANGLE_STRIP_ADJACENCY,
     false,
     10,
     NULL,
     3,
     {{0, 2, 4, 0, 2, 7}, {4, 2, 6, 1, 2, 7}, {4, 6, 8, 2, 2, 7}}},
    {"tri strip adj 6", SWR_TOPO_TRIANGLE_STRIP_ADJACENCY, true, 6, NULL, 1, {{0, 2, 4, 0, 0, 7}}},
    {"tri strip adj 5", SWR_TOPO_TRIANGLE_STRIP_ADJACENCY, true, 5, NULL, 0, {{0}}},
    /* restarts: parity, grouping, loop start and polygon all begin anew; ids go on */
    {"strip restart last",
     SWR_TOPO_TRIANGLE_STRIP,
     false,
     8,
     k_strip_restart,
     3,
     {{0, 1, 2, 0, 2, 7}, {4, 5, 6, 1, 2, 7}, {6, 5, 7, 2, 2, 7}}},
    {"strip restart first",
     SWR_TOPO_TRIANGLE_STRIP,
     true,
     8,
     k_strip_restart,
     3,
     {{0, 1, 2, 0, 0, 7}, {4, 5, 6, 1, 0, 7}, {6, 5, 7, 2, 1, 7}}},
    {"quads restart",
     SWR_TOPO_QUADS,
     false,
     8,
     k_quad_restart,
     2,
     {{4, 5, 7, 0, 2, 5}, {5, 6, 7, 0, 2, 3}}},
    {"fan restart",
     SWR_TOPO_TRIANGLE_FAN,
     false,
     8,
     k_strip_restart,
     3,
     {{0, 1, 2, 0, 2, 7}, {4, 5, 6, 1, 2, 7}, {4, 6, 7, 2, 2, 7}}},
    {"loop restart",
     SWR_TOPO_LINE_LOOP,
     true,
     6,
     k_loop_restart,
     5,
     {{0, 1, 0, 0, 0, 0},
      {1, 0, 0, 1, 0, 0},
      {3, 4, 0, 2, 0, 0},
      {4, 5, 0, 3, 0, 0},
      {5, 3, 0, 4, 0, 0}}},
    {"polygon restart",
     SWR_TOPO_POLYGON,
     false,
     11,
     k_poly_restart,
     3,
     {{0, 1, 2, 0, 0, 3}, {0, 2, 3, 0, 0, 6}, {8, 9, 10, 1, 0, 7}}},
    {"all restart", SWR_TOPO_POINTS, false, 4, k_all_restart, 0, {{0}}},
};

static void test_hand_cases(void **state)
{
    (void)state;
    static const uint32_t budgets[] = {1, 2, 3, 7, 2040};
    for (size_t c = 0; c < sizeof k_hand / sizeof k_hand[0]; c++) {
        const hand_case *h = &k_hand[c];
        fe_index_source s = {.topology = h->topo, .count = h->count, .flatshade_first = h->first};
        if (h->indices) {
            s.indices = h->indices;
            s.index_size = 1;
            s.restart = true;
            s.restart_index = 0xff;
        }
        fe_prim want[8];
        for (size_t i = 0; i < h->n; i++) {
            want[i] = (fe_prim){.v = {h->p[i].v0, h->p[i].v1, h->p[i].v2},
                                .prim_id = h->p[i].id,
                                .provoking = (uint8_t)h->p[i].pv,
                                .edge_flags = (uint8_t)h->p[i].ef};
        }
        /* the reference agrees with the hand-written list ... */
        fe_prim *ref;
        size_t n_ref = ref_assemble(&s, &ref);
        expect_same(h->name, &s, ref, n_ref, want, h->n);
        free(ref);
        /* ... and so does every chunking of fe_assemble */
        uint32_t cuts[64];
        for (size_t b = 0; b < 5; b++) {
            size_t nc = grid_cuts(s.count, fe_positions_per_chunk(s.topology, budgets[b]), cuts);
            check_chunked(&s, want, h->n, cuts, nc, h->name);
        }
        for (int r = 0; r < 20; r++) {
            size_t nc = random_cuts(s.count, cuts, 3);
            check_chunked(&s, want, h->n, cuts, nc, h->name);
        }
    }
}

/* 2^32 - 1 positions (non-indexed): the last primitive, computed by hand,
 * and seamless ids between the last two grid chunks. */
static void test_huge_counts(void **state)
{
    (void)state;
    const uint32_t N = 0xffffffffu;
    /* last primitive, last-vertex convention (see the derivations in the
     * comments: N = 2^32 - 1 = 3 * 1431655765, N mod 4 = 3, N mod 6 = 3) */
    static const hand_prim last[SWR_TOPO_COUNT] = {
        [SWR_TOPO_POINTS] = {4294967294u, 0, 0, 4294967294u, 0, 0},
        [SWR_TOPO_LINES] = {4294967292u, 4294967293u, 0, 2147483646u, 1, 0}, /* (N-1)/2 lines */
        [SWR_TOPO_LINE_LOOP] = {4294967294u, 0, 0, 4294967294u, 1, 0}, /* closing line N-1 -> 0 */
        [SWR_TOPO_LINE_STRIP] = {4294967293u, 4294967294u, 0, 4294967293u, 1, 0},
        [SWR_TOPO_TRIANGLES] = {4294967292u, 4294967293u, 4294967294u, 1431655764u, 2, 7},
        [SWR_TOPO_TRIANGLE_STRIP] = {4294967292u, 4294967293u, 4294967294u, 4294967292u, 2,
                                     7}, /* even */
        [SWR_TOPO_TRIANGLE_FAN] = {0, 4294967293u, 4294967294u, 4294967292u, 2, 7},
        [SWR_TOPO_QUADS] = {4294967289u, 4294967290u, 4294967291u, 1073741822u, 2,
                            3}, /* quad 4q..4q+3 */
        [SWR_TOPO_QUAD_STRIP] = {4294967290u, 4294967291u, 4294967293u, 2147483645u, 2, 3},
        [SWR_TOPO_POLYGON] = {0, 4294967293u, 4294967294u, 0, 0, 6},
        [SWR_TOPO_LINES_ADJACENCY] = {4294967289u, 4294967290u, 0, 1073741822u, 1, 0},
        [SWR_TOPO_LINE_STRIP_ADJACENCY] = {4294967292u, 4294967293u, 0, 4294967291u, 1, 0},
        [SWR_TOPO_TRIANGLES_ADJACENCY] = {4294967286u, 4294967288u, 4294967290u, 715827881u, 2, 7},
        [SWR_TOPO_TRIANGLE_STRIP_ADJACENCY] = {4294967288u, 4294967290u, 4294967292u, 2147483644u,
                                               2, 7},
    };
    for (uint32_t topo = 0; topo < SWR_TOPO_COUNT; topo++) {
        fe_index_source s = {.topology = topo, .count = N, .flatshade_first = false};
        uint32_t P = fe_positions_per_chunk(topo, 2040);
        uint32_t k = (N - 1) / P; /* last grid chunk */
        uint64_t b1 = (uint64_t)k * P, b0 = b1 - P;
        uint32_t cap = fe_max_prims_for_positions(topo, P);
        fe_prim *a = malloc(sizeof(fe_prim) * cap), *b = malloc(sizeof(fe_prim) * cap);
        uint32_t na = fe_assemble(&s, (uint32_t)b0, (uint32_t)b1, a, cap);
        uint32_t nb = fe_assemble(&s, (uint32_t)b1, N, b, cap);
        assert_true(na > 0 && nb > 0);
        const fe_prim *l = &b[nb - 1];
        fe_prim want = {.v = {last[topo].v0, last[topo].v1, last[topo].v2},
                        .prim_id = last[topo].id,
                        .provoking = (uint8_t)last[topo].pv,
                        .edge_flags = (uint8_t)last[topo].ef};
        if (!prim_eq(l, &want))
            fail_prims("huge last", &s, nb - 1, l, &want);
        /* ids are continuous across the two chunks (polygon: all 0; quads: 2 per id) */
        uint32_t step_out = (topo == SWR_TOPO_QUADS || topo == SWR_TOPO_QUAD_STRIP) ? 2 : 1;
        uint32_t expect_next = topo == SWR_TOPO_POLYGON ? 0 : a[na - 1].prim_id + 1;
        assert_int_equal(b[0].prim_id, expect_next);
        for (uint32_t i = 0; i < nb; i++) {
            assert_true(b[i].v[0] < N && b[i].v[1] < N && b[i].v[2] < N);
            if (topo != SWR_TOPO_POLYGON && topo != SWR_TOPO_LINE_LOOP)
                assert_int_equal(b[i].prim_id, b[0].prim_id + i / step_out);
        }
        /* A huge draw's first chunk is as in a small one: spot check. */
        uint32_t n0 = fe_assemble(&s, 0, P, a, cap);
        assert_true(n0 > 0);
        assert_int_equal(a[0].prim_id, 0);
        /* restart on a non-indexed huge draw is ignored, and O(1) to locate */
        s.restart = true;
        s.restart_index = 0;
        assert_int_equal(fe_assemble(&s, (uint32_t)b1, N, a, cap), nb);
        assert_true(prim_eq(&a[nb - 1], &want));
        free(a);
        free(b);
    }
}

/* Bad input never crashes and yields nothing. */
static void test_bad_input(void **state)
{
    (void)state;
    fe_prim out[64];
    uint16_t ix[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    for (uint32_t topo = 0; topo < SWR_TOPO_COUNT; topo++) {
        fe_index_source s = {.topology = topo, .count = 0};
        assert_int_equal(fe_assemble(&s, 0, 0, out, 64), 0); /* count 0 */
        s.count = 16;
        assert_int_equal(fe_assemble(&s, 5, 5, out, 64), 0);   /* empty range */
        assert_int_equal(fe_assemble(&s, 9, 3, out, 64), 0);   /* begin > end */
        assert_int_equal(fe_assemble(&s, 16, 40, out, 64), 0); /* begin past count */
        assert_int_equal(fe_assemble(&s, 0, 16, out, 0), 0);   /* no room */
        assert_int_equal(fe_assemble(&s, 0, 16, NULL, 64), 0); /* no buffer */
        /* end past count is clamped: same as [0, count) */
        fe_prim ref[64];
        uint32_t n = fe_assemble(&s, 0, 16, ref, 64);
        assert_int_equal(fe_assemble(&s, 0, 0xffffffffu, out, 64), n);
        for (uint32_t i = 0; i < n; i++)
            assert_true(prim_eq(&out[i], &ref[i]));
        /* bad index sizes */
        s.indices = ix;
        for (uint32_t size = 0; size < 9; size++) {
            if (size == 1 || size == 2 || size == 4)
                continue;
            s.index_size = size;
            s.restart = size & 1;
            assert_int_equal(fe_assemble(&s, 0, 16, out, 64), 0);
        }
        /* count smaller than one primitive: only points and loops of 2... */
        fe_index_source one = {.topology = topo, .count = 1};
        assert_int_equal(fe_assemble(&one, 0, 1, out, 64), topo == SWR_TOPO_POINTS ? 1 : 0);
    }
    /* unknown topology */
    fe_index_source s = {.topology = SWR_TOPO_COUNT, .count = 16};
    assert_int_equal(fe_assemble(&s, 0, 16, out, 64), 0);
    assert_int_equal(fe_topology_out_verts(SWR_TOPO_COUNT), 0);
    assert_int_equal(fe_positions_per_chunk(SWR_TOPO_COUNT, 10), 0);
    assert_int_equal(fe_max_prims_for_positions(77, 10), 0);
    /* a stream of nothing but restarts, any width */
    static const uint32_t all32[5] = {0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
                                      0xffffffffu};
    for (uint32_t topo = 0; topo < SWR_TOPO_COUNT; topo++) {
        fe_index_source r = {.topology = topo,
                             .count = 5,
                             .indices = all32,
                             .index_size = 4,
                             .restart = true,
                             .restart_index = 0xffffffffu};
        for (uint32_t b = 0; b <= 5; b++)
            for (uint32_t e = b; e <= 5; e++)
                assert_int_equal(fe_assemble(&r, b, e, out, 64), 0);
    }
}

/* Chunk sizing: list-stride multiples, at least one primitive, and the
 * emitted count bound fits the budget. */
static void test_chunk_sizing(void **state)
{
    (void)state;
    static const uint32_t out_verts[SWR_TOPO_COUNT] = {1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 2, 2, 3, 3};
    static const uint32_t list_stride[SWR_TOPO_COUNT] = {
        [SWR_TOPO_POINTS] = 1, [SWR_TOPO_LINES] = 2,           [SWR_TOPO_TRIANGLES] = 3,
        [SWR_TOPO_QUADS] = 4,  [SWR_TOPO_LINES_ADJACENCY] = 4, [SWR_TOPO_TRIANGLES_ADJACENCY] = 6};
    for (uint32_t topo = 0; topo < SWR_TOPO_COUNT; topo++) {
        assert_int_equal(fe_topology_out_verts(topo), out_verts[topo]);
        /* outputs per position-range bound in the worst single position */
        uint32_t min_budget =
            (topo == SWR_TOPO_QUADS || topo == SWR_TOPO_QUAD_STRIP || topo == SWR_TOPO_LINE_LOOP)
                ? 2
                : 1;
        for (uint32_t m = 0; m < 5000; m = m < 64 ? m + 1 : m * 3 + 1) {
            uint32_t P = fe_positions_per_chunk(topo, m);
            assert_true(P >= 1);
            if (list_stride[topo]) {
                assert_int_equal(P % list_stride[topo], 0);
            }
            if (m >= min_budget)
                assert_true(fe_max_prims_for_positions(topo, P) <= m);
        }
        uint32_t Pmax = fe_positions_per_chunk(topo, 0xffffffffu);
        assert_true(Pmax >= 1);
        if (list_stride[topo])
            assert_int_equal(Pmax % list_stride[topo], 0);
        /* saturation, not wrap-around */
        assert_true(fe_max_prims_for_positions(topo, 0xffffffffu) >= 0xffffffffu / 6);
    }
}

/* fe_max_prims_for_positions is an upper bound for every range of every
 * restart layout (exhaustive over 2^12 layouts of a 12-position draw), and a
 * tight one for ranges of up to 4 positions. */
static void test_bound_exhaustive(void **state)
{
    (void)state;
    enum { N = 12 };
    uint8_t ix[N];
    fe_prim out[64];
    for (uint32_t topo = 0; topo < SWR_TOPO_COUNT; topo++) {
        uint32_t max_seen[N + 1] = {0};
        for (uint32_t layout = 0; layout < (1u << N); layout++) {
            for (uint32_t p = 0; p < N; p++)
                ix[p] = (layout >> p) & 1 ? 0xff : (uint8_t)p;
            for (int first = 0; first < 2; first++) {
                fe_index_source s = {.topology = topo,
                                     .count = N,
                                     .indices = ix,
                                     .index_size = 1,
                                     .restart = true,
                                     .restart_index = 0xff,
                                     .flatshade_first = first};
                for (uint32_t b = 0; b < N; b++)
                    for (uint32_t e = b + 1; e <= N; e++) {
                        uint32_t n = fe_assemble(&s, b, e, out, 64);
                        uint32_t bound = fe_max_prims_for_positions(topo, e - b);
                        if (n > bound)
                            fail_msg("%s layout 0x%x [%u,%u): %u prims > bound %u",
                                     k_topo_names[topo], layout, b, e, n, bound);
                        if (n > max_seen[e - b])
                            max_seen[e - b] = n;
                    }
            }
        }
        for (uint32_t len = 1; len <= 4; len++)
            if (max_seen[len] != fe_max_prims_for_positions(topo, len))
                fail_msg("%s: bound for %u positions is %u, worst case seen %u", k_topo_names[topo],
                         len, fe_max_prims_for_positions(topo, len), max_seen[len]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_cases),
        cmocka_unit_test(test_matches_reference_small),
        cmocka_unit_test(test_matches_reference_large),
        cmocka_unit_test(test_huge_counts),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_chunk_sizing),
        cmocka_unit_test(test_bound_exhaustive),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
