/*
 * test_stream_output.c: stream output (swr_set_stream_output) against a
 * scalar reference of what GL transform feedback writes.
 *
 * The reference (this file, written from the GL rules and the layout in
 * common/swr_state.h, not from the engine) enumerates the primitives of a
 * draw -- strips, fans and loops as independent primitives (a strip's odd
 * triangle i as (i+1, i, i+2), a fan's as (0, i+1, i+2), a loop's closing
 * line (n-1, 0), adjacency primitives without their adjacent vertices),
 * restart segments, instance after instance -- evaluates the vertex shader
 * for each vertex in C, and lays the declared components out in buffers
 * filled with a sentinel: primitive g goes at offset + (g * nv + k) *
 * stride, and only while whole primitives fit in every buffer named by a
 * declaration. The engine's buffers must equal the reference's word for
 * word, sentinels included (nothing written out of place, nothing past the
 * first primitive that does not fit).
 *
 * Every case is: draw A (the topology under test, non-indexed, indexed, or
 * indexed with restarts; 1 or 3 instances), then draw B (points) appended
 * after it: B starts where A's written primitives end, and after an
 * overflow a point may still fit where a triangle did not. Interleaved mode
 * (one buffer, a gap between components) and separate mode (four buffers,
 * one of them fed by an output the shader does not write: zeros), with
 * roomy and tight buffers. swr_get_stream_output's counts and offsets and
 * the swr_stats counters (summed by the workers) must agree with the
 * reference.
 *
 * Chunking and threading: every case runs with max_prims_per_draw 1, 2, 3, 7
 * and 1000000 (one chunk), each single-threaded and with 1, 2 and 4 pool
 * workers; each run is compared with the reference, so all are identical.
 * The test carries the "engine" label, so the TSan build runs it; CTest
 * runs it once more with KNOB_SINGLE_THREADED=1 (every context on the API
 * thread, whatever its descriptor says).
 *
 * Also: stippled line strips and loops (whose chunks assemble the lines
 * before them too), rasterizer discard (stream output written, nothing
 * rendered, no clipper invocations) and the validation of
 * swr_set_stream_output.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "knobs/knobs.h"
#include "test_util.h"

#define W 64
#define H 64
#define NV 128 /* vertex ids */
#define L 60   /* index-stream positions of draw A */
#define START 5
#define BASE_VERTEX 3
#define B_COUNT 7 /* points of draw B */
#define SENTINEL 0x7fc0deadu
#define MAX_WORDS 16384

static const uint32_t chunk_sizes[] = {1, 2, 3, 7, 1000000};
#define NUM_SIZES (sizeof chunk_sizes / sizeof chunk_sizes[0])

static tu_vertex verts[NV];

/* ---- the vertex shader, in the engine and in the reference --------------------- */

/* Slot 0: position, slot 1: colour, slot 2: (vertex id, instance id,
 * 3 * x, y - instance id). */
static void so_vs(const void *shader, swr_vs_args *a)
{
    (void)shader;
    memcpy(&a->outputs[0], &a->inputs[0], sizeof a->outputs[0]);
    memcpy(&a->outputs[1], &a->inputs[1], sizeof a->outputs[1]);
    for (int l = 0; l < 8; l++) {
        a->outputs[2].v[0][l] = (float)a->vertex_id.v[l];
        a->outputs[2].v[1][l] = (float)a->instance_id.v[l];
        a->outputs[2].v[2][l] = a->inputs[0].v[0][l] * 3.0f;
        a->outputs[2].v[3][l] = a->inputs[0].v[1][l] - (float)a->instance_id.v[l];
    }
}

static void ref_vs(uint32_t vid, uint32_t inst, float out[3][4])
{
    memcpy(out[0], verts[vid].pos, sizeof out[0]);
    memcpy(out[1], verts[vid].color, sizeof out[1]);
    out[2][0] = (float)vid;
    out[2][1] = (float)inst;
    out[2][2] = verts[vid].pos[0] * 3.0f;
    out[2][3] = verts[vid].pos[1] - (float)inst;
}

/* ---- the reference's primitives ------------------------------------------------- */

typedef struct rprim {
    uint32_t v[3];
} rprim;

static uint32_t out_verts(uint32_t topo)
{
    switch (topo) {
    case SWR_TOPO_POINTS:
        return 1;
    case SWR_TOPO_LINES:
    case SWR_TOPO_LINE_LOOP:
    case SWR_TOPO_LINE_STRIP:
    case SWR_TOPO_LINES_ADJACENCY:
    case SWR_TOPO_LINE_STRIP_ADJACENCY:
        return 2;
    default:
        return 3;
    }
}

static uint32_t put(rprim *o, uint32_t k, uint32_t a, uint32_t b, uint32_t c)
{
    o[k] = (rprim){{a, b, c}};
    return k + 1;
}

/* The primitives of one restart-free segment s[0..n-1] (vertex ids). */
static uint32_t segment(uint32_t topo, const uint32_t *s, uint32_t n, rprim *o, uint32_t k)
{
    switch (topo) {
    case SWR_TOPO_POINTS:
        for (uint32_t i = 0; i < n; i++)
            k = put(o, k, s[i], 0, 0);
        break;
    case SWR_TOPO_LINES:
        for (uint32_t i = 0; i + 1 < n; i += 2)
            k = put(o, k, s[i], s[i + 1], 0);
        break;
    case SWR_TOPO_LINE_STRIP:
    case SWR_TOPO_LINE_LOOP:
        for (uint32_t i = 0; i + 1 < n; i++)
            k = put(o, k, s[i], s[i + 1], 0);
        if (topo == SWR_TOPO_LINE_LOOP && n >= 2)
            k = put(o, k, s[n - 1], s[0], 0);
        break;
    case SWR_TOPO_TRIANGLES:
        for (uint32_t i = 0; i + 2 < n; i += 3)
            k = put(o, k, s[i], s[i + 1], s[i + 2]);
        break;
    case SWR_TOPO_TRIANGLE_STRIP:
        for (uint32_t i = 0; i + 2 < n; i++)
            k = (i & 1) ? put(o, k, s[i + 1], s[i], s[i + 2]) : put(o, k, s[i], s[i + 1], s[i + 2]);
        break;
    case SWR_TOPO_TRIANGLE_FAN:
        for (uint32_t i = 0; i + 2 < n; i++)
            k = put(o, k, s[0], s[i + 1], s[i + 2]);
        break;
    case SWR_TOPO_LINES_ADJACENCY:
        for (uint32_t i = 0; i + 3 < n; i += 4)
            k = put(o, k, s[i + 1], s[i + 2], 0);
        break;
    case SWR_TOPO_LINE_STRIP_ADJACENCY:
        for (uint32_t i = 0; i + 3 < n; i++)
            k = put(o, k, s[i + 1], s[i + 2], 0);
        break;
    case SWR_TOPO_TRIANGLES_ADJACENCY:
        for (uint32_t i = 0; i + 5 < n; i += 6)
            k = put(o, k, s[i], s[i + 2], s[i + 4]);
        break;
    case SWR_TOPO_TRIANGLE_STRIP_ADJACENCY:
        for (uint32_t i = 0; n >= 6 && i < (n - 4) / 2; i++)
            k = (i & 1) ? put(o, k, s[2 * i + 2], s[2 * i], s[2 * i + 4])
                        : put(o, k, s[2 * i], s[2 * i + 2], s[2 * i + 4]);
        break;
    default:
        break;
    }
    return k;
}

#define RESTART UINT32_MAX

/* stream[0..n-1]: vertex ids or RESTART. */
static uint32_t enumerate(uint32_t topo, const uint32_t *stream, uint32_t n, rprim *o)
{
    uint32_t k = 0, p = 0;
    while (p < n) {
        while (p < n && stream[p] == RESTART)
            p++;
        uint32_t b = p;
        while (p < n && stream[p] != RESTART)
            p++;
        if (p > b)
            k = segment(topo, stream + b, p - b, o, k);
    }
    return k;
}

/* ---- the stream output configurations -------------------------------------------- */

typedef struct so_case {
    swr_so_state so;
    uint32_t words[SWR_MAX_SO_BUFFERS]; /* buffer sizes in dwords */
} so_case;

/* Interleaved: one buffer, stride 11: slot 2 xyzw at 0, colour yz at 4, a
 * gap at 6, position xyzw at 7. Separate: slot 2 xyzw | colour w | position
 * xyz | slot 5 (not written by the shader) x. */
static void make_case(so_case *c, bool separate, uint32_t offset_words)
{
    memset(c, 0, sizeof *c);
    c->so.enable = true;
    if (!separate) {
        c->so.num_decls = 3;
        c->so.decls[0] = (swr_so_decl){0, 2, 0, 4, 0};
        c->so.decls[1] = (swr_so_decl){0, 1, 1, 2, 4};
        c->so.decls[2] = (swr_so_decl){0, 0, 0, 4, 7};
        c->so.buffers[0] = (swr_so_buffer){NULL, 0, offset_words * 4, 11};
    } else {
        c->so.num_decls = 4;
        c->so.decls[0] = (swr_so_decl){0, 2, 0, 4, 0};
        c->so.decls[1] = (swr_so_decl){1, 1, 3, 1, 0};
        c->so.decls[2] = (swr_so_decl){2, 0, 0, 3, 0};
        c->so.decls[3] = (swr_so_decl){3, 5, 0, 1, 0};
        static const uint32_t strides[4] = {4, 1, 3, 1};
        for (uint32_t b = 0; b < 4; b++)
            c->so.buffers[b] =
                (swr_so_buffer){NULL, 0, (offset_words + b) * 4 % 16, strides[b]};
    }
}

/* The reference: appends draw (topology, stream, instances) to buffers
 * `mem` (sizes from c, offsets in *off), returns generated and written. */
static void ref_draw(const so_case *c, uint32_t *const mem[4], uint32_t off[4], uint32_t topo,
                     const uint32_t *stream, uint32_t n, uint32_t instances, uint64_t *gen,
                     uint64_t *written)
{
    static rprim prims[L * 3];
    uint32_t np = enumerate(topo, stream, n, prims);
    uint32_t nv = out_verts(topo);
    *gen = (uint64_t)np * instances;
    *written = 0;
    for (uint32_t inst = 0; inst < instances; inst++) {
        for (uint32_t i = 0; i < np; i++) {
            bool fits = true;
            for (uint32_t d = 0; d < c->so.num_decls; d++) {
                uint32_t b = c->so.decls[d].buffer;
                if ((uint64_t)off[b] + (uint64_t)nv * c->so.buffers[b].stride_dwords * 4 >
                    c->words[b] * 4)
                    fits = false;
            }
            if (!fits)
                return; /* writing stops at the first primitive that does not fit */
            for (uint32_t k = 0; k < nv; k++) {
                float o[3][4];
                ref_vs(prims[i].v[k], inst, o);
                for (uint32_t d = 0; d < c->so.num_decls; d++) {
                    const swr_so_decl *dc = &c->so.decls[d];
                    uint32_t *dst = mem[dc->buffer] + off[dc->buffer] / 4 +
                                    k * c->so.buffers[dc->buffer].stride_dwords + dc->dword_offset;
                    for (uint32_t j = 0; j < dc->num_comps; j++) {
                        float v = dc->vs_slot < 3 ? o[dc->vs_slot][dc->first_comp + j] : 0.0f;
                        memcpy(&dst[j], &v, 4);
                    }
                }
            }
            uint32_t used = 0;
            for (uint32_t d = 0; d < c->so.num_decls; d++)
                used |= 1u << c->so.decls[d].buffer;
            for (uint32_t b = 0; b < 4; b++)
                if (used & (1u << b))
                    off[b] += nv * c->so.buffers[b].stride_dwords * 4;
            (*written)++;
        }
    }
}

/* ---- the engine runs ------------------------------------------------------------------ */

static void setup_pipeline(tu_target *t)
{
    tu_pipeline(t, SWR_INTERP_PERSPECTIVE);
    swr_vs_state vs = {.func = so_vs, .num_inputs = 2, .num_outputs = 3, .position_slot = 0,
                       .point_size_slot = SWR_SLOT_NONE,
                       .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                       .viewport_index_slot = SWR_SLOT_NONE};
    assert_int_equal(swr_set_vs(t->ctx, &vs), SWR_OK);
    tu_bind_vertices(t->ctx, verts, NV);
}

static void make_vertices(void)
{
    uint64_t seed = 12345;
    for (uint32_t v = 0; v < NV; v++) {
        /* Some vertices outside the view volume: stream output writes
         * unclipped values. */
        verts[v] = (tu_vertex){{tu_randf(&seed, -1.4f, 1.4f), tu_randf(&seed, -1.4f, 1.4f),
                                tu_randf(&seed, -0.5f, 0.5f), tu_randf(&seed, 0.8f, 1.2f)},
                               {(float)v + 1.0f, (float)v * 2.0f, 0.5f, -(float)v}};
    }
}

/* Fills stream[] (vertex ids or RESTART) and the index buffer for kind 0
 * (non-indexed), 1 (indexed), 2 (indexed with restarts). */
static uint32_t index_mem[L];
static void make_stream(uint32_t kind, uint32_t topo, uint32_t *stream)
{
    uint64_t seed = 777 + topo * 13 + kind;
    for (uint32_t p = 0; p < L; p++) {
        if (kind == 0) {
            stream[p] = START + p;
            continue;
        }
        bool r = kind == 2 && (p == 0 || p == 11 || p == 12 || p == L - 1 || tu_rand(&seed) % 6 == 0);
        uint32_t idx = tu_rand(&seed) % (NV - BASE_VERTEX);
        stream[p] = r ? RESTART : idx + BASE_VERTEX;
        index_mem[p] = r ? 0xffffffffu : idx;
    }
}

static const uint32_t topologies[] = {
    SWR_TOPO_POINTS,         SWR_TOPO_LINES,         SWR_TOPO_LINE_LOOP,
    SWR_TOPO_LINE_STRIP,     SWR_TOPO_TRIANGLES,     SWR_TOPO_TRIANGLE_STRIP,
    SWR_TOPO_TRIANGLE_FAN,   SWR_TOPO_LINES_ADJACENCY, SWR_TOPO_LINE_STRIP_ADJACENCY,
    SWR_TOPO_TRIANGLES_ADJACENCY, SWR_TOPO_TRIANGLE_STRIP_ADJACENCY,
};
#define NUM_TOPOS (sizeof topologies / sizeof topologies[0])

static uint32_t *eng_mem[4], *ref_mem[4];
/* Cases whose draw A overflowed after writing some primitives, and whose
 * draw B then still wrote a point: the test must have seen both. */
static uint32_t partial_overflows, writes_after_overflow;

/* One case on one context; returns the number of mismatches. */
static int run_case(tu_target *t, const char *what, uint32_t topo, uint32_t kind,
                    uint32_t instances, bool separate, bool tight)
{
    static uint32_t stream[L];
    make_stream(kind, topo, stream);
    so_case c;
    make_case(&c, separate, 2);
    /* Roomy: every primitive of A (3 instances) and B fits, with spare
     * words after; tight: about 40% of A's primitives, plus part of one. */
    static rprim prims[L * 3];
    uint32_t np = enumerate(topo, stream, L, prims) * instances;
    uint32_t nv = out_verts(topo);
    for (uint32_t b = 0; b < 4; b++) {
        uint32_t stride = c.so.buffers[b].stride_dwords;
        uint32_t off = c.so.buffers[b].offset_bytes / 4;
        uint32_t need = off + (np * nv + B_COUNT) * stride;
        c.words[b] = tight ? off + (np * 2 / 5) * nv * stride + stride * nv / 2 + 1 : need + 9;
        if (!stride)
            c.words[b] = 0;
        assert_true(c.words[b] <= MAX_WORDS);
        for (uint32_t i = 0; i < MAX_WORDS; i++)
            eng_mem[b][i] = ref_mem[b][i] = SENTINEL;
        if (stride) {
            c.so.buffers[b].data = eng_mem[b];
            c.so.buffers[b].size_bytes = c.words[b] * 4;
        }
    }
    swr_context *ctx = t->ctx;
    swr_stats s0, s1;
    swr_sync(ctx);
    swr_get_stats(ctx, &s0);
    assert_int_equal(swr_set_stream_output(ctx, &c.so), SWR_OK);
    swr_set_index_buffer(ctx, index_mem, 4, sizeof index_mem);
    swr_draw_info a = {.topology = topo, .start = kind ? 0 : START, .count = L,
                       .instance_count = instances, .indexed = kind != 0,
                       .base_vertex = kind ? BASE_VERTEX : 0, .primitive_restart = kind == 2,
                       .restart_index = 0xffffffffu};
    assert_int_equal(swr_draw(ctx, &a), SWR_OK);
    swr_so_result ra, rb;
    assert_int_equal(swr_get_stream_output(ctx, &ra), SWR_OK);
    swr_draw_info bd = {.topology = SWR_TOPO_POINTS, .start = 40, .count = B_COUNT};
    assert_int_equal(swr_draw(ctx, &bd), SWR_OK);
    assert_int_equal(swr_get_stream_output(ctx, &rb), SWR_OK);
    swr_sync(ctx);
    swr_get_stats(ctx, &s1);

    uint32_t off[4];
    for (uint32_t b = 0; b < 4; b++)
        off[b] = c.so.buffers[b].offset_bytes;
    uint64_t ga, wa, gb, wb;
    ref_draw(&c, ref_mem, off, topo, stream, L, instances, &ga, &wa);
    uint32_t off_a[4];
    memcpy(off_a, off, sizeof off);
    uint32_t bstream[B_COUNT];
    for (uint32_t i = 0; i < B_COUNT; i++)
        bstream[i] = 40 + i;
    ref_draw(&c, ref_mem, off, SWR_TOPO_POINTS, bstream, B_COUNT, 1, &gb, &wb);

    partial_overflows += wa > 0 && wa < ga;
    writes_after_overflow += wa < ga && wb > 0;
    int bad = 0;
    if (ra.prims_generated != ga || ra.prims_written != wa || ra.overflow != (wa < ga) ||
        rb.prims_generated != gb || rb.prims_written != wb) {
        fprintf(stderr, "%s: results A %llu/%llu B %llu/%llu, reference A %llu/%llu B %llu/%llu\n",
                what, (unsigned long long)ra.prims_written, (unsigned long long)ra.prims_generated,
                (unsigned long long)rb.prims_written, (unsigned long long)rb.prims_generated,
                (unsigned long long)wa, (unsigned long long)ga, (unsigned long long)wb,
                (unsigned long long)gb);
        bad++;
    }
    if (memcmp(ra.offset_bytes, off_a, sizeof off_a) || memcmp(rb.offset_bytes, off, sizeof off)) {
        fprintf(stderr, "%s: offsets after A %u after B %u, reference %u %u\n", what,
                ra.offset_bytes[0], rb.offset_bytes[0], off_a[0], off[0]);
        bad++;
    }
    if (s1.so_prims_generated - s0.so_prims_generated != ga + gb ||
        s1.so_prims_written - s0.so_prims_written != wa + wb) {
        fprintf(stderr, "%s: stats %llu/%llu, reference %llu/%llu\n", what,
                (unsigned long long)(s1.so_prims_written - s0.so_prims_written),
                (unsigned long long)(s1.so_prims_generated - s0.so_prims_generated),
                (unsigned long long)(wa + wb), (unsigned long long)(ga + gb));
        bad++;
    }
    for (uint32_t b = 0; b < 4; b++) {
        for (uint32_t i = 0; i < MAX_WORDS; i++) {
            if (eng_mem[b][i] != ref_mem[b][i]) {
                float e, r;
                memcpy(&e, &eng_mem[b][i], 4);
                memcpy(&r, &ref_mem[b][i], 4);
                fprintf(stderr, "%s: buffer %u dword %u: %08x (%g), reference %08x (%g)\n", what, b,
                        i, eng_mem[b][i], e, ref_mem[b][i], r);
                bad++;
                break;
            }
        }
    }
    return bad;
}

static const char *topo_name(uint32_t t)
{
    static const char *n[] = {"POINTS", "LINES", "LINE_LOOP", "LINE_STRIP", "TRIANGLES",
                              "TRIANGLE_STRIP", "TRIANGLE_FAN", "QUADS", "QUAD_STRIP", "POLYGON",
                              "LINES_ADJ", "LINE_STRIP_ADJ", "TRIANGLES_ADJ", "TRI_STRIP_ADJ"};
    return t < SWR_TOPO_COUNT ? n[t] : "?";
}

/* All cases on contexts of every chunk size, with `desc` for the threads. */
static int run_all(const char *threads, const swr_context_desc *desc)
{
    tu_target t[NUM_SIZES];
    for (uint32_t i = 0; i < NUM_SIZES; i++) {
        swr_context_desc d = *desc;
        d.max_prims_per_draw = chunk_sizes[i];
        assert_int_equal(tu_target_init(&t[i], &d, W, H, SWR_FORMAT_R8G8B8A8_UNORM,
                                        SWR_FORMAT_NONE),
                         SWR_OK);
        setup_pipeline(&t[i]);
        bool single = desc->single_threaded || KNOB_SINGLE_THREADED;
        assert_int_equal(swr_worker_count(t[i].ctx), single ? 0 : desc->workers);
    }
    partial_overflows = writes_after_overflow = 0;
    int bad = 0;
    for (uint32_t ti = 0; ti < NUM_TOPOS; ti++)
        for (uint32_t kind = 0; kind < 3; kind++)
            for (uint32_t inst = 1; inst <= 3; inst += 2)
                for (int sep = 0; sep < 2; sep++)
                    for (int tight = 0; tight < 2; tight++)
                        for (uint32_t i = 0; i < NUM_SIZES; i++) {
                            char what[160];
                            snprintf(what, sizeof what,
                                     "%s %s %s instances=%u %s %s max_prims=%u", threads,
                                     topo_name(topologies[ti]),
                                     kind == 0 ? "non-indexed" : kind == 1 ? "indexed" : "restart",
                                     inst, sep ? "separate" : "interleaved",
                                     tight ? "tight" : "roomy", chunk_sizes[i]);
                            bad += run_case(&t[i], what, topologies[ti], kind, inst, sep, tight);
                        }
    for (uint32_t i = 0; i < NUM_SIZES; i++)
        tu_target_free(&t[i]);
    assert_true(partial_overflows > 100);
    assert_true(writes_after_overflow > 100);
    return bad;
}

static void test_single_threaded(void **state)
{
    (void)state;
    swr_context_desc d = {.single_threaded = 1};
    assert_int_equal(run_all("single-threaded", &d), 0);
}

/* No other context is alive between these: each run_all's first context
 * creates the pool with its worker count. */
static void test_workers(void **state)
{
    (void)state;
    static const uint32_t counts[] = {1, 2, 4};
    for (int i = 0; i < 3; i++) {
        char what[32];
        snprintf(what, sizeof what, "%u workers", counts[i]);
        swr_context_desc d = {.workers = counts[i]};
        assert_int_equal(run_all(what, &d), 0);
    }
}

/* A large draw cut into thousands of chunks that 4 workers run at once: a
 * triangle list over a big vertex buffer, vertex k of the draw being
 * vertex k, with a buffer that overflows in the middle of a chunk. */
#define BIG_VERTS 60000
static void test_big_draw_workers(void **state)
{
    (void)state;
    tu_vertex *big = malloc(BIG_VERTS * sizeof *big);
    uint32_t *got = malloc(BIG_VERTS * 4 * 4 + 64), *want = malloc(BIG_VERTS * 4 * 4 + 64);
    assert_non_null(big);
    assert_non_null(got);
    assert_non_null(want);
    uint64_t seed = 99;
    for (uint32_t v = 0; v < BIG_VERTS; v++)
        big[v] = (tu_vertex){{tu_randf(&seed, -1, 1), tu_randf(&seed, -1, 1), 0, 1},
                             {(float)v, 0, 0, 1}};
    static const uint32_t sizes[] = {7, 0};
    for (int si = 0; si < 2; si++) {
        tu_target t;
        swr_context_desc d = {.max_prims_per_draw = sizes[si], .workers = 4};
        assert_int_equal(tu_target_init(&t, &d, W, H, SWR_FORMAT_R8G8B8A8_UNORM, SWR_FORMAT_NONE),
                         SWR_OK);
        setup_pipeline(&t);
        tu_bind_vertices(t.ctx, big, BIG_VERTS);
        /* Room for 13001 triangles and a bit: 39003 vertices of 4 dwords. */
        const uint32_t fit_tris = 13001, words = fit_tris * 3 * 4 + 5;
        for (uint32_t i = 0; i < BIG_VERTS * 4 + 16; i++)
            got[i] = want[i] = SENTINEL;
        swr_so_state so = {.enable = true, .num_decls = 1};
        so.decls[0] = (swr_so_decl){0, 2, 0, 4, 0};
        so.buffers[0] = (swr_so_buffer){got, words * 4, 0, 4};
        assert_int_equal(swr_set_stream_output(t.ctx, &so), SWR_OK);
        swr_draw_info di = {.topology = SWR_TOPO_TRIANGLES, .count = BIG_VERTS};
        assert_int_equal(swr_draw(t.ctx, &di), SWR_OK);
        swr_so_result r;
        assert_int_equal(swr_get_stream_output(t.ctx, &r), SWR_OK);
        swr_sync(t.ctx);
        assert_int_equal(r.prims_generated, BIG_VERTS / 3);
        assert_int_equal(r.prims_written, fit_tris);
        for (uint32_t v = 0; v < fit_tris * 3; v++) {
            /* so_vs's slot 2 for vertex v of instance 0. */
            float g[4] = {(float)v, 0.0f, big[v].pos[0] * 3.0f, big[v].pos[1]};
            memcpy(&want[v * 4], g, 16);
        }
        assert_memory_equal(got, want, (BIG_VERTS * 4 + 16) * 4);
        tu_target_free(&t);
    }
    free(big);
    free(got);
    free(want);
}

/* Stippled line strips and loops: each chunk also assembles the lines
 * before it (to carry the stipple counter), which it must not write. */
static void test_stippled_strips(void **state)
{
    (void)state;
    int bad = 0;
    for (uint32_t i = 0; i < NUM_SIZES; i++) {
        tu_target t;
        swr_context_desc d = {.max_prims_per_draw = chunk_sizes[i]};
        assert_int_equal(tu_target_init(&t, &d, W, H, SWR_FORMAT_R8G8B8A8_UNORM, SWR_FORMAT_NONE),
                         SWR_OK);
        setup_pipeline(&t);
        swr_rasterizer_state rs = {.front_ccw = true, .depth_clip_near = true,
                                   .depth_clip_far = true, .half_pixel_center = true,
                                   .point_size = 1, .line_width = 1, .line_stipple_enable = true,
                                   .line_stipple_pattern = 0x0f0f, .line_stipple_factor = 1};
        assert_int_equal(swr_set_rasterizer_state(t.ctx, &rs), SWR_OK);
        static const uint32_t topos[2] = {SWR_TOPO_LINE_STRIP, SWR_TOPO_LINE_LOOP};
        for (int ti = 0; ti < 2; ti++)
            for (uint32_t kind = 0; kind < 3; kind++)
                for (int tight = 0; tight < 2; tight++) {
                    char what[128];
                    snprintf(what, sizeof what, "stippled %s kind=%u %s max_prims=%u",
                             topo_name(topos[ti]), kind, tight ? "tight" : "roomy", chunk_sizes[i]);
                    bad += run_case(&t, what, topos[ti], kind, 3, false, tight);
                }
        tu_target_free(&t);
    }
    assert_int_equal(bad, 0);
}

/* Rasterizer discard: stream output is written, nothing reaches the
 * clipper or the framebuffer; without it the same draw renders. */
static void test_rasterizer_discard(void **state)
{
    (void)state;
    tu_target t;
    swr_context_desc d = {.max_prims_per_draw = 3};
    assert_int_equal(tu_target_init(&t, &d, W, H, SWR_FORMAT_R8G8B8A8_UNORM, SWR_FORMAT_NONE),
                     SWR_OK);
    setup_pipeline(&t);
    static tu_vertex big[6] = {
        {{-1, -1, 0, 1}, {1, 1, 1, 1}}, {{1, -1, 0, 1}, {1, 1, 1, 1}}, {{1, 1, 0, 1}, {1, 1, 1, 1}},
        {{-1, -1, 0, 1}, {1, 1, 1, 1}}, {{1, 1, 0, 1}, {1, 1, 1, 1}}, {{-1, 1, 0, 1}, {1, 1, 1, 1}},
    };
    tu_bind_vertices(t.ctx, big, 6);
    static float buf[64];
    for (int pass = 0; pass < 2; pass++) {
        bool discard = pass == 0;
        memset(buf, 0, sizeof buf);
        swr_so_state so = {.enable = true, .rasterizer_discard = discard, .num_decls = 1};
        so.decls[0] = (swr_so_decl){0, 0, 0, 4, 0};
        so.buffers[0] = (swr_so_buffer){buf, sizeof buf, 0, 4};
        assert_int_equal(swr_set_stream_output(t.ctx, &so), SWR_OK);
        const float zero[4] = {0};
        tu_clear(&t, zero, 1.0);
        swr_stats s0, s1;
        swr_sync(t.ctx);
        swr_get_stats(t.ctx, &s0);
        swr_draw_info di = {.topology = SWR_TOPO_TRIANGLES, .count = 6};
        assert_int_equal(swr_draw(t.ctx, &di), SWR_OK);
        tu_finish(&t);
        swr_get_stats(t.ctx, &s1);
        uint32_t lit = 0;
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++)
                lit += t.color[(size_t)y * t.cpitch + x * 4] != 0;
        assert_int_equal(lit, discard ? 0 : W * H);
        assert_int_equal(s1.c_invocations - s0.c_invocations, discard ? 0 : 2);
        assert_int_equal(s1.so_prims_written - s0.so_prims_written, 2);
        for (uint32_t v = 0; v < 6; v++)
            assert_memory_equal(&buf[v * 4], big[v].pos, 16);
    }
    tu_target_free(&t);
}

/* Bad states are rejected and leave the previous one in place. */
static void test_validation(void **state)
{
    (void)state;
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R8G8B8A8_UNORM, SWR_FORMAT_NONE),
                     SWR_OK);
    setup_pipeline(&t);
    static float buf[16];
    swr_so_state good = {.enable = true, .num_decls = 1};
    good.decls[0] = (swr_so_decl){0, 2, 0, 1, 0};
    good.buffers[0] = (swr_so_buffer){buf, sizeof buf, 0, 1};
    assert_int_equal(swr_set_stream_output(t.ctx, &good), SWR_OK);
    swr_so_state bad[7];
    for (int i = 0; i < 7; i++)
        bad[i] = good;
    bad[0].num_decls = SWR_MAX_SO_DECLS + 1;
    bad[1].decls[0].buffer = SWR_MAX_SO_BUFFERS;
    bad[2].decls[0].num_comps = 0;
    bad[3].decls[0].first_comp = 3, bad[3].decls[0].num_comps = 2;
    bad[4].buffers[0].data = NULL;
    bad[5].decls[0].dword_offset = 1; /* past the stride of 1 */
    bad[6].buffers[0].offset_bytes = 2;
    for (int i = 0; i < 7; i++)
        assert_int_equal(swr_set_stream_output(t.ctx, &bad[i]), SWR_ERROR_INVALID_ARGUMENT);
    assert_int_equal(swr_set_stream_output(NULL, &good), SWR_ERROR_INVALID_ARGUMENT);
    assert_int_equal(swr_get_stream_output(t.ctx, NULL), SWR_ERROR_INVALID_ARGUMENT);
    /* The good state is still the one in use: vertex ids 10..13 land in buf. */
    for (int i = 0; i < 16; i++)
        buf[i] = -1.0f;
    swr_draw_info di = {.topology = SWR_TOPO_POINTS, .start = 10, .count = 4};
    assert_int_equal(swr_draw(t.ctx, &di), SWR_OK);
    swr_sync(t.ctx);
    for (int i = 0; i < 4; i++)
        assert_true(buf[i] == (float)(10 + i));
    assert_true(buf[4] == -1.0f);
    /* Off: nothing more is written. */
    assert_int_equal(swr_set_stream_output(t.ctx, NULL), SWR_OK);
    for (int i = 0; i < 16; i++)
        buf[i] = -1.0f;
    assert_int_equal(swr_draw(t.ctx, &di), SWR_OK);
    swr_sync(t.ctx);
    for (int i = 0; i < 16; i++)
        assert_true(buf[i] == -1.0f);
    tu_target_free(&t);
}

static int setup(void **state)
{
    (void)state;
    make_vertices();
    for (int b = 0; b < 4; b++) {
        eng_mem[b] = malloc(MAX_WORDS * 4);
        ref_mem[b] = malloc(MAX_WORDS * 4);
        if (!eng_mem[b] || !ref_mem[b])
            return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (int b = 0; b < 4; b++) {
        free(eng_mem[b]);
        free(ref_mem[b]);
    }
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validation),
        cmocka_unit_test(test_rasterizer_discard),
        cmocka_unit_test(test_stippled_strips),
        cmocka_unit_test(test_single_threaded),
        cmocka_unit_test(test_workers),
        cmocka_unit_test(test_big_draw_workers),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
