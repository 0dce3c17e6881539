/*
 * test_so_prefix.c: the per-chunk primitive counts stream output places
 * chunks with (fe_chunk_output_prefix, rasterizer/fe_assemble.c) against
 * what the chunks actually assemble.
 *
 * Stream output lets chunks of one draw write at once because the API
 * thread knows beforehand where each chunk's primitives start: prefix[c] =
 * primitives owned by the positions before chunk c. If that count were off
 * by one anywhere, two chunks would overwrite each other's primitives or
 * leave a hole, so it must equal, for every chunk, the number fe_assemble
 * returns for that chunk -- the primitives the chunk will write. Checked
 * for every topology, draws of 0..70 positions, chunk sizes 1..9 and the
 * grid fe_positions_per_chunk makes, without and with primitive restart
 * (random restart layouts, doubled restarts, restarts at both ends and
 * right at chunk edges), for all three index sizes. The whole-draw total is
 * also checked against an independent count: the primitives a restart-free
 * segment of n vertices makes by the GL tables (n - 2 strip triangles, ...).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "rasterizer/fe_assemble.h"

#define MAXN 70

static uint64_t rng(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

/* fe_prim records of one restart-free segment of n positions, from the GL
 * primitive tables (quads and quad strips: 2 triangles per quad; polygons:
 * n - 2 triangles; adjacency: the primitives without their adjacency). */
static uint64_t gl_segment(uint32_t topo, uint64_t n)
{
    switch (topo) {
    case SWR_TOPO_POINTS: return n;
    case SWR_TOPO_LINES: return n / 2;
    case SWR_TOPO_LINE_LOOP: return n >= 2 ? n : 0;
    case SWR_TOPO_LINE_STRIP: return n >= 2 ? n - 1 : 0;
    case SWR_TOPO_TRIANGLES: return n / 3;
    case SWR_TOPO_TRIANGLE_STRIP:
    case SWR_TOPO_TRIANGLE_FAN:
    case SWR_TOPO_POLYGON: return n >= 3 ? n - 2 : 0;
    case SWR_TOPO_QUADS: return n / 4 * 2;
    case SWR_TOPO_QUAD_STRIP: return n >= 4 ? (n - 2) / 2 * 2 : 0;
    case SWR_TOPO_LINES_ADJACENCY: return n / 4;
    case SWR_TOPO_LINE_STRIP_ADJACENCY: return n >= 4 ? n - 3 : 0;
    case SWR_TOPO_TRIANGLES_ADJACENCY: return n / 6;
    case SWR_TOPO_TRIANGLE_STRIP_ADJACENCY: return n >= 6 ? (n - 4) / 2 : 0;
    default: return 0;
    }
}

static int check(const fe_index_source *src, uint32_t per_chunk, const uint32_t *stream32)
{
    static fe_prim out[4 * MAXN + 8];
    static uint64_t prefix[MAXN + 2];
    uint32_t chunks = src->count ? (src->count + per_chunk - 1) / per_chunk : 0;
    fe_chunk_output_prefix(src, per_chunk, chunks, prefix);
    int bad = 0;
    for (uint32_t c = 0; c < chunks; c++) {
        uint32_t b = c * per_chunk, e = b + per_chunk < src->count ? b + per_chunk : src->count;
        uint32_t n = fe_assemble(src, b, e, out, sizeof out / sizeof out[0]);
        if (prefix[c + 1] - prefix[c] != n) {
            if (bad++ < 3)
                fprintf(stderr,
                        "topology %u count %u per_chunk %u restart %d chunk %u: prefix says %llu, "
                        "fe_assemble %u\n",
                        src->topology, src->count, per_chunk, src->restart, c,
                        (unsigned long long)(prefix[c + 1] - prefix[c]), n);
        }
    }
    /* Independent total: segment by segment from the GL tables. */
    uint64_t total = 0, len = 0;
    for (uint32_t p = 0; p <= src->count; p++) {
        if (p == src->count || (src->restart && stream32[p] == src->restart_index)) {
            total += gl_segment(src->topology, len);
            len = 0;
        } else {
            len++;
        }
    }
    if (chunks && prefix[chunks] != total) {
        bad++;
        fprintf(stderr, "topology %u count %u per_chunk %u restart %d: total %llu, GL tables %llu\n",
                src->topology, src->count, per_chunk, src->restart,
                (unsigned long long)prefix[chunks], (unsigned long long)total);
    }
    return bad;
}

static void test_prefix_matches_assembly(void **state)
{
    (void)state;
    static uint8_t ib[MAXN * 4];
    static uint32_t stream32[MAXN];
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    int bad = 0;
    for (uint32_t topo = 0; topo < SWR_TOPO_COUNT; topo++) {
        for (uint32_t count = 0; count <= MAXN; count++) {
            for (int restart = 0; restart < 2; restart++) {
                for (uint32_t layout = 0; layout < (restart ? 6u : 1u); layout++) {
                    uint32_t isz = (uint32_t[]){1, 2, 4}[(topo + count + layout) % 3];
                    uint32_t rv = isz == 1 ? 0xffu : isz == 2 ? 0xffffu : 0xffffffffu;
                    for (uint32_t p = 0; p < count; p++) {
                        bool r = restart && (p == 0 || p == count - 1 || rng(&seed) % 5 == 0 ||
                                             (layout == 1 && p % 3 == 2) ||
                                             (layout == 2 && (p == 6 || p == 7)));
                        stream32[p] = r ? rv : p;
                        if (isz == 1)
                            ib[p] = (uint8_t)(r ? rv : p);
                        else if (isz == 2)
                            ((uint16_t *)ib)[p] = (uint16_t)(r ? rv : p);
                        else
                            ((uint32_t *)ib)[p] = r ? rv : p;
                    }
                    fe_index_source src = {.topology = topo, .count = count, .indices = ib,
                                           .index_size = isz, .restart = restart,
                                           .restart_index = rv};
                    for (uint32_t pc = 1; pc <= 9; pc++)
                        bad += check(&src, pc, stream32);
                    for (uint32_t m = 1; m <= 8; m++)
                        bad += check(&src, fe_positions_per_chunk(topo, m), stream32);
                    if (count)
                        bad += check(&src, count, stream32);
                }
            }
        }
    }
    assert_int_equal(bad, 0);
}

/* A chunk grid that overshoots the count (the last chunk shorter) and a
 * draw of a single chunk longer than the draw. */
static void test_edges(void **state)
{
    (void)state;
    uint64_t prefix[4];
    fe_index_source src = {.topology = SWR_TOPO_TRIANGLE_STRIP, .count = 10};
    fe_chunk_output_prefix(&src, 4, 3, prefix);
    assert_int_equal(prefix[0], 0);
    assert_int_equal(prefix[1], 2); /* positions 0..3: triangles 0, 1 */
    assert_int_equal(prefix[2], 6);
    assert_int_equal(prefix[3], 8);
    fe_chunk_output_prefix(&src, 100, 1, prefix);
    assert_int_equal(prefix[1], 8);
    src.topology = SWR_TOPO_LINE_LOOP;
    fe_chunk_output_prefix(&src, 5, 2, prefix);
    assert_int_equal(prefix[1], 4);  /* lines 0-1 .. 3-4 */
    assert_int_equal(prefix[2], 10); /* 9 lines + the closing one */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prefix_matches_assembly),
        cmocka_unit_test(test_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
