/*
 * test_geometry_shader.c: the geometry shader stage (swr_set_gs,
 * rasterizer/fe_gs.c) against a scalar reference.
 *
 * The GS programs are hand-written C kernels (no JIT) over one primitive:
 * they read its input vertices and emit vertices / end strips through a
 * small emitter. The engine runs them through the swr_gs_func ABI
 * (shader_abi.h: 8 lanes, per-lane vertex buffer, emit_count, cut flags);
 * the reference runs the same kernels one primitive at a time on the
 * primitives it enumerates itself from the GL spec's tables (adjacency
 * vertices included: GL 4.6 §10.1.11-10.1.13, table 10.1 for triangle
 * strips with adjacency, written out literally below) and turns the
 * emitted strips into primitives by the GL rules. What is checked:
 *  - stream output capture of every emitted vertex (position, colour and
 *    (prim id, emit index, input vertex id, instance)) word for word against
 *    the reference's layout, sentinels included, with a roomy and a tight
 *    buffer; swr_get_stream_output's counts; gs_invocations and
 *    gs_primitives;
 *  - rendered images, bit-exact, against the same scene drawn without a GS
 *    from the reference's CPU-expanded primitives (flat colours, so the
 *    provoking vertex -- last, or first with flatshade_first -- is checked
 *    too), with max_prims_per_draw 1, 3 and the default, single-threaded
 *    and with 1 and 2 workers (order: lane 0's primitives, then lane 1's);
 *  - every GS input class with each of its draw topologies, non-indexed and
 *    indexed with restarts, 1 and 2 instances; kernels: pass-through, points
 *    to quads, triangles to 3 lines, amplification to max_vertices, zero
 *    emits and a cut in the middle of a strip;
 *  - validation: swr_set_gs limits and a draw whose topology the GS does
 *    not read.
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

#define W             64
#define H             64
#define NV            96 /* vertex ids */
#define L             40 /* index-stream positions per draw */
#define NOUT          3  /* GS outputs: position, colour, ids */
#define MAXV_AMP      85 /* 85 * 3 * 4 = 1020 <= SWR_GS_MAX_OUT_COMPONENTS */
#define MAXV          85
#define RESTART       0xffffu
#define MAX_OUT_PRIMS 20000
#define SENTINEL      0x7fc0deadu

static tu_vertex verts[NV];

/* ---- the vertex shader: slot 0 position, 1 colour, 2 (vid, instance, 0, 0) --- */

static void gs_test_vs(const void *shader, swr_vs_args *a)
{
    (void)shader;
    memcpy(&a->outputs[0], &a->inputs[0], sizeof a->outputs[0]);
    memcpy(&a->outputs[1], &a->inputs[1], sizeof a->outputs[1]);
    for (int l = 0; l < 8; l++) {
        a->outputs[2].v[0][l] = (float)a->vertex_id.v[l];
        a->outputs[2].v[1][l] = (float)a->instance_id.v[l];
        a->outputs[2].v[2][l] = 0.0f;
        a->outputs[2].v[3][l] = 0.0f;
    }
}

static void ref_vs(uint32_t vid, uint32_t inst, float out[NOUT][4])
{
    memcpy(out[0], verts[vid].pos, sizeof out[0]);
    memcpy(out[1], verts[vid].color, sizeof out[1]);
    out[2][0] = (float)vid, out[2][1] = (float)inst, out[2][2] = 0.0f, out[2][3] = 0.0f;
}

/* ---- kernels: one primitive, scalar ------------------------------------------ */

typedef struct emitter {
    float v[MAXV][NOUT][4];
    uint8_t cut[MAXV];
    uint32_t count, maxv;
} emitter;

static void em_emit(emitter *e, const float o[NOUT][4])
{
    if (e->count >= e->maxv)
        return;
    memcpy(e->v[e->count], o, sizeof e->v[0]);
    e->cut[e->count] = 0;
    e->count++;
}

static void em_end(emitter *e)
{
    if (e->count)
        e->cut[e->count - 1] = 1;
}

typedef void (*gs_kernel)(const float in[6][NOUT][4], uint32_t nvin, int32_t prim_id, emitter *e);

/* The emitted vertex: input vertex j's position moved by (dx, dy), its
 * colour, and (prim id, emit index, input vertex id, instance). */
static void out_vertex(const float in[6][NOUT][4], uint32_t j, int32_t prim_id, uint32_t k,
                       float dx, float dy, float o[NOUT][4])
{
    memcpy(o[0], in[j][0], sizeof o[0]);
    o[0][0] += dx * o[0][3];
    o[0][1] += dy * o[0][3];
    memcpy(o[1], in[j][1], sizeof o[1]);
    o[2][0] = (float)prim_id, o[2][1] = (float)k, o[2][2] = in[j][2][0], o[2][3] = in[j][2][1];
}

static void k_pass(const float in[6][NOUT][4], uint32_t nvin, int32_t prim_id, emitter *e)
{
    float o[NOUT][4];
    for (uint32_t j = 0; j < nvin; j++) {
        out_vertex(in, j, prim_id, j, 0, 0, o);
        em_emit(e, o);
    }
    em_end(e);
}

static void k_quad(const float in[6][NOUT][4], uint32_t nvin, int32_t prim_id, emitter *e)
{
    (void)nvin;
    static const float c[4][2] = {
        {-0.06f, -0.06f}, {0.06f, -0.06f}, {-0.06f, 0.06f}, {0.06f, 0.06f}};
    float o[NOUT][4];
    for (uint32_t k = 0; k < 4; k++) {
        out_vertex(in, 0, prim_id, k, c[k][0], c[k][1], o);
        o[1][k & 3] = 0.25f * (float)k; /* each corner its own colour: provoking vertex */
        em_emit(e, o);
    }
}

static void k_lines3(const float in[6][NOUT][4], uint32_t nvin, int32_t prim_id, emitter *e)
{
    float o[NOUT][4];
    for (uint32_t k = 0; k < 3; k++) {
        out_vertex(in, k % nvin, prim_id, 2 * k, 0, 0, o);
        em_emit(e, o);
        out_vertex(in, (k + 1) % nvin, prim_id, 2 * k + 1, 0, 0, o);
        em_emit(e, o);
        em_end(e);
    }
}

static void k_amp(const float in[6][NOUT][4], uint32_t nvin, int32_t prim_id, emitter *e)
{
    float o[NOUT][4];
    for (uint32_t k = 0; k < MAXV_AMP + 3; k++) { /* the last 3 are dropped */
        float d = 0.002f * (float)(k / nvin);
        out_vertex(in, k % nvin, prim_id, k, d, -d, o);
        o[1][0] = (float)(k % 7) / 7.0f;
        em_emit(e, o);
    }
}

/* prim id % 3: 0 pass-through, 1 nothing, 2 a strip of 2, a cut, then one
 * of 3 (ENDPRIM twice in a row, the second does nothing). */
static void k_some(const float in[6][NOUT][4], uint32_t nvin, int32_t prim_id, emitter *e)
{
    float o[NOUT][4];
    if (prim_id % 3 == 0) {
        k_pass(in, nvin, prim_id, e);
    } else if (prim_id % 3 == 2) {
        for (uint32_t k = 0; k < 5; k++) {
            out_vertex(in, k % nvin, prim_id, k, 0.01f * (float)k, 0, o);
            em_emit(e, o);
            if (k == 1) {
                em_end(e);
                em_end(e);
            }
        }
    }
}

/* The engine's side: the ABI around a kernel (shader = the kernel). */
typedef struct kernel_ref {
    gs_kernel fn;
} kernel_ref;

static void gs_abi(const void *shader, swr_gs_args *a)
{
    const kernel_ref *k = shader;
    for (uint32_t l = 0; l < 8; l++) {
        if (!(a->active_mask & (1u << l)))
            continue;
        float in[6][NOUT][4];
        memset(in, 0, sizeof in);
        for (uint32_t v = 0; v < a->num_in_vertices; v++)
            for (uint32_t r = 0; r < a->num_inputs && r < NOUT; r++)
                for (uint32_t c = 0; c < 4; c++)
                    in[v][r][c] = a->inputs[v * a->num_inputs + r].v[c][l];
        static __thread emitter e;
        e.count = 0;
        e.maxv = a->max_vertices;
        k->fn(in, a->num_in_vertices, a->prim_id.v[l], &e);
        for (uint32_t i = 0; i < e.count; i++) {
            float *dst = a->out_vertices + ((size_t)l * a->max_vertices + i) * a->num_outputs * 4;
            for (uint32_t r = 0; r < a->num_outputs; r++)
                for (uint32_t c = 0; c < 4; c++)
                    dst[r * 4 + c] = r < NOUT ? e.v[i][r][c] : 0.0f;
            if (e.cut[i])
                a->cut[l * a->max_vertices + i] = 1;
        }
        a->emit_count[l] = e.count;
    }
}

/* ---- the reference ------------------------------------------------------------- */

static uint32_t in_class_verts(uint32_t cls)
{
    switch (cls) {
    case SWR_TOPO_POINTS:
        return 1;
    case SWR_TOPO_LINES:
        return 2;
    case SWR_TOPO_TRIANGLES:
        return 3;
    case SWR_TOPO_LINES_ADJACENCY:
        return 4;
    default:
        return 6;
    }
}

typedef struct rin {
    uint32_t v[6]; /* vertex ids, GS input order */
} rin;

static uint32_t put_in(rin *o, uint32_t k, const uint32_t *ids, uint32_t n)
{
    memcpy(o[k].v, ids, n * sizeof *ids);
    return k + 1;
}

/* GS input primitives of one restart-free segment s[0..n-1]. */
static uint32_t segment(uint32_t topo, const uint32_t *s, uint32_t n, rin *o, uint32_t k)
{
    switch (topo) {
    case SWR_TOPO_POINTS:
        for (uint32_t i = 0; i < n; i++)
            k = put_in(o, k, (uint32_t[]){s[i]}, 1);
        break;
    case SWR_TOPO_LINES:
        for (uint32_t i = 0; i + 1 < n; i += 2)
            k = put_in(o, k, (uint32_t[]){s[i], s[i + 1]}, 2);
        break;
    case SWR_TOPO_LINE_STRIP:
    case SWR_TOPO_LINE_LOOP:
        for (uint32_t i = 0; i + 1 < n; i++)
            k = put_in(o, k, (uint32_t[]){s[i], s[i + 1]}, 2);
        if (topo == SWR_TOPO_LINE_LOOP && n >= 2)
            k = put_in(o, k, (uint32_t[]){s[n - 1], s[0]}, 2);
        break;
    case SWR_TOPO_TRIANGLES:
        for (uint32_t i = 0; i + 2 < n; i += 3)
            k = put_in(o, k, (uint32_t[]){s[i], s[i + 1], s[i + 2]}, 3);
        break;
    case SWR_TOPO_TRIANGLE_STRIP:
        for (uint32_t i = 0; i + 2 < n; i++)
            k = (i & 1) ? put_in(o, k, (uint32_t[]){s[i + 1], s[i], s[i + 2]}, 3)
                        : put_in(o, k, (uint32_t[]){s[i], s[i + 1], s[i + 2]}, 3);
        break;
    case SWR_TOPO_TRIANGLE_FAN:
        for (uint32_t i = 0; i + 2 < n; i++)
            k = put_in(o, k, (uint32_t[]){s[0], s[i + 1], s[i + 2]}, 3);
        break;
    case SWR_TOPO_LINES_ADJACENCY:
        for (uint32_t i = 0; i + 3 < n; i += 4)
            k = put_in(o, k, &s[i], 4);
        break;
    case SWR_TOPO_LINE_STRIP_ADJACENCY:
        for (uint32_t i = 0; i + 3 < n; i++)
            k = put_in(o, k, &s[i], 4);
        break;
    case SWR_TOPO_TRIANGLES_ADJACENCY:
        for (uint32_t i = 0; i + 5 < n; i += 6)
            k = put_in(o, k, &s[i], 6);
        break;
    case SWR_TOPO_TRIANGLE_STRIP_ADJACENCY: {
        /* GL 4.6 table 10.1, vertices numbered from 1: columns 1st, 2nd,
         * 3rd vertex, then the adjacent vertices of edges 1-2, 2-3, 3-1. */
        const uint32_t ntri = n >= 6 ? (n - 4) / 2 : 0;
        for (uint32_t i = 0; i < ntri; i++) {
            uint32_t t[6];
            const uint32_t j = 2 * i;
            if (ntri == 1) {
                const uint32_t r[6] = {1, 3, 5, 2, 6, 4};
                memcpy(t, r, sizeof t);
            } else if (i == 0) {
                const uint32_t r[6] = {1, 3, 5, 2, 7, 4};
                memcpy(t, r, sizeof t);
            } else if (i == ntri - 1) {
                if (i & 1) {
                    const uint32_t r[6] = {j + 3, j + 1, j + 5, j - 1, j + 4, j + 6};
                    memcpy(t, r, sizeof t);
                } else {
                    const uint32_t r[6] = {j + 1, j + 3, j + 5, j - 1, j + 6, j + 4};
                    memcpy(t, r, sizeof t);
                }
            } else if (i & 1) {
                const uint32_t r[6] = {j + 3, j + 1, j + 5, j - 1, j + 4, j + 7};
                memcpy(t, r, sizeof t);
            } else {
                const uint32_t r[6] = {j + 1, j + 3, j + 5, j - 1, j + 7, j + 4};
                memcpy(t, r, sizeof t);
            }
            /* GS order: 1st, adj 1-2, 2nd, adj 2-3, 3rd, adj 3-1 */
            const uint32_t g[6] = {s[t[0] - 1], s[t[3] - 1], s[t[1] - 1],
                                   s[t[4] - 1], s[t[2] - 1], s[t[5] - 1]};
            k = put_in(o, k, g, 6);
        }
        break;
    }
    default:
        break;
    }
    return k;
}

#define RS UINT32_MAX /* restart in the reference stream */

static uint32_t enumerate(uint32_t topo, const uint32_t *stream, uint32_t n, rin *o)
{
    uint32_t k = 0, p = 0;
    while (p < n) {
        while (p < n && stream[p] == RS)
            p++;
        uint32_t b = p;
        while (p < n && stream[p] != RS)
            p++;
        if (p > b)
            k = segment(topo, stream + b, p - b, o, k);
    }
    return k;
}

/* A reference output primitive: nv vertices of NOUT vec4s. */
typedef struct rout {
    float v[3][NOUT][4];
} rout;

typedef struct ref_result {
    rout *prims;
    uint32_t n, nv;
    uint64_t invocations;
} ref_result;

/* Runs the kernel on every input primitive of every instance and makes
 * primitives of its strips. first: flatshade_first (only the CPU expansion
 * for the image depends on it; the primitives' vertex order does not). */
static void ref_run(uint32_t topo, uint32_t cls, uint32_t out_topo, gs_kernel fn, uint32_t maxv,
                    const uint32_t *stream, uint32_t n, uint32_t instances, ref_result *r)
{
    static rin in_prims[L * 2 + 8];
    const uint32_t np = enumerate(topo, stream, n, in_prims);
    const uint32_t nvin = in_class_verts(cls);
    r->nv = out_topo == SWR_TOPO_TRIANGLE_STRIP ? 3 : out_topo == SWR_TOPO_LINE_STRIP ? 2 : 1;
    r->n = 0;
    r->invocations = (uint64_t)np * instances;
    static emitter e;
    for (uint32_t inst = 0; inst < instances; inst++) {
        for (uint32_t p = 0; p < np; p++) {
            float in[6][NOUT][4];
            memset(in, 0, sizeof in);
            for (uint32_t v = 0; v < nvin; v++)
                ref_vs(in_prims[p].v[v], inst, in[v]);
            e.count = 0;
            e.maxv = maxv;
            fn(in, nvin, (int32_t)p, &e);
            uint32_t strip_begin = 0;
            for (uint32_t i = 0; i < e.count; i++) {
                if (!e.cut[i] && i + 1 < e.count)
                    continue;
                /* strip [strip_begin, i] */
                const uint32_t m = i + 1 - strip_begin;
                for (uint32_t q = 0; m >= r->nv && q + r->nv <= m; q++) {
                    rout *o = &r->prims[r->n++];
                    assert_true(r->n <= MAX_OUT_PRIMS);
                    uint32_t a = q, b = q + 1, c = q + 2;
                    if (r->nv == 3 && (q & 1))
                        a = q + 1, b = q;
                    const uint32_t idx[3] = {a, b, c};
                    for (uint32_t k = 0; k < r->nv; k++)
                        memcpy(o->v[k], e.v[strip_begin + idx[k]], sizeof o->v[k]);
                }
                strip_begin = i + 1;
            }
        }
    }
}

/* ---- one case ------------------------------------------------------------------ */

typedef struct gs_case {
    const char *name;
    uint32_t cls, out_topo, maxv;
    gs_kernel fn;
} gs_case;

typedef struct draw_case {
    uint32_t topo;
    bool indexed, restart;
    uint32_t instances;
} draw_case;

static uint16_t indices[L];
static uint32_t ref_stream[L];

static void make_stream(const draw_case *dc, uint64_t *seed)
{
    for (uint32_t p = 0; p < L; p++) {
        if (!dc->indexed) {
            ref_stream[p] = p;
            continue;
        }
        const bool r = dc->restart && p > 2 && tu_rand(seed) % 9 == 0;
        indices[p] = r ? RESTART : (uint16_t)(tu_rand(seed) % NV);
        ref_stream[p] = r ? RS : indices[p];
    }
}

static void bind_engine_state(swr_context *ctx, const gs_case *gc, const kernel_ref *kr,
                              bool flat_first)
{
    swr_vertex_layout layout = {.num_elements = 2};
    layout.elements[0] = (swr_vertex_element){0, 0, SWR_VTYPE_FLOAT32, 4, 0};
    layout.elements[1] = (swr_vertex_element){16, 0, SWR_VTYPE_FLOAT32, 4, 0};
    assert_int_equal(swr_set_vertex_layout(ctx, &layout), SWR_OK);
    swr_vs_state vs = {.func = gs_test_vs,
                       .num_inputs = 2,
                       .num_outputs = 3,
                       .position_slot = 0,
                       .point_size_slot = SWR_SLOT_NONE,
                       .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                       .viewport_index_slot = SWR_SLOT_NONE};
    assert_int_equal(swr_set_vs(ctx, &vs), SWR_OK);
    swr_gs_state gs = {.func = gs_abi,
                       .shader = kr,
                       .num_inputs = 3,
                       .num_outputs = NOUT,
                       .input_slot = {0, 1, 2},
                       .input_topology = (uint8_t)gc->cls,
                       .output_topology = (uint8_t)gc->out_topo,
                       .max_vertices = gc->maxv,
                       .reads_prim_id = true,
                       .position_slot = 0,
                       .point_size_slot = SWR_SLOT_NONE,
                       .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                       .viewport_index_slot = SWR_SLOT_NONE,
                       .prim_id_slot = SWR_SLOT_NONE};
    assert_int_equal(swr_set_gs(ctx, &gs), SWR_OK);
    swr_ps_state ps = {
        .func = tu_color_ps, .num_inputs = 1, .num_outputs = 1, .color0_writes_all = true};
    ps.inputs[0] = (swr_ps_input){1, SWR_SLOT_NONE, SWR_INTERP_CONSTANT};
    assert_int_equal(swr_set_ps(ctx, &ps), SWR_OK);
    swr_rasterizer_state rs = {.front_ccw = true,
                               .depth_clip_near = true,
                               .depth_clip_far = true,
                               .half_pixel_center = true,
                               .point_size = 1,
                               .line_width = 1,
                               .flatshade_first = flat_first};
    assert_int_equal(swr_set_rasterizer_state(ctx, &rs), SWR_OK);
}

static void draw_engine(swr_context *ctx, const draw_case *dc)
{
    swr_vertex_buffer vb = {
        .data = verts, .stride_bytes = sizeof(tu_vertex), .size_bytes = sizeof verts};
    assert_int_equal(swr_set_vertex_buffers(ctx, 0, 1, &vb), SWR_OK);
    if (dc->indexed)
        assert_int_equal(swr_set_index_buffer(ctx, indices, 2, sizeof indices), SWR_OK);
    swr_draw_info di = {.topology = dc->topo,
                        .count = L,
                        .instance_count = dc->instances,
                        .indexed = dc->indexed,
                        .primitive_restart = dc->restart,
                        .restart_index = RESTART};
    assert_int_equal(swr_draw(ctx, &di), SWR_OK);
}

/* The reference's primitives as a GS-free list draw with the pass-through
 * VS, in order; first: the provoking vertex is a triangle's first, so an
 * odd strip triangle (strip vertices q+1, q, q+2) is rotated to (q, q+2,
 * q+1): the same triangle, its provoking vertex q in slot 0. */
static tu_vertex *expand(const ref_result *r, bool first, uint32_t *count)
{
    tu_vertex *v = malloc(sizeof *v * (r->n * r->nv + 1));
    uint32_t k = 0;
    for (uint32_t p = 0; p < r->n; p++) {
        uint32_t order[3] = {0, 1, 2};
        /* strip order is recoverable from the emit index (o[2][1]). */
        if (r->nv == 3 && first && r->prims[p].v[0][2][1] > r->prims[p].v[1][2][1])
            order[0] = 1, order[1] = 2, order[2] = 0;
        for (uint32_t j = 0; j < r->nv; j++) {
            memcpy(v[k].pos, r->prims[p].v[order[j]][0], sizeof v[k].pos);
            memcpy(v[k].color, r->prims[p].v[order[j]][1], sizeof v[k].color);
            k++;
        }
    }
    *count = k;
    return v;
}

static const uint32_t class_topos[][3] = {
    [SWR_TOPO_POINTS] = {SWR_TOPO_POINTS, SWR_TOPO_POINTS, SWR_TOPO_POINTS},
    [SWR_TOPO_LINES] = {SWR_TOPO_LINES, SWR_TOPO_LINE_STRIP, SWR_TOPO_LINE_LOOP},
    [SWR_TOPO_TRIANGLES] = {SWR_TOPO_TRIANGLES, SWR_TOPO_TRIANGLE_STRIP, SWR_TOPO_TRIANGLE_FAN},
    [SWR_TOPO_LINES_ADJACENCY] = {SWR_TOPO_LINES_ADJACENCY, SWR_TOPO_LINE_STRIP_ADJACENCY,
                                  SWR_TOPO_LINE_STRIP_ADJACENCY},
    [SWR_TOPO_TRIANGLES_ADJACENCY] = {SWR_TOPO_TRIANGLES_ADJACENCY,
                                      SWR_TOPO_TRIANGLE_STRIP_ADJACENCY,
                                      SWR_TOPO_TRIANGLE_STRIP_ADJACENCY},
};

static const gs_case gs_cases[] = {
    {"points pass", SWR_TOPO_POINTS, SWR_TOPO_POINTS, 1, k_pass},
    {"points to quads", SWR_TOPO_POINTS, SWR_TOPO_TRIANGLE_STRIP, 4, k_quad},
    {"lines pass", SWR_TOPO_LINES, SWR_TOPO_LINE_STRIP, 2, k_pass},
    {"lines some", SWR_TOPO_LINES, SWR_TOPO_LINE_STRIP, 5, k_some},
    {"triangles pass", SWR_TOPO_TRIANGLES, SWR_TOPO_TRIANGLE_STRIP, 3, k_pass},
    {"triangles to 3 lines", SWR_TOPO_TRIANGLES, SWR_TOPO_LINE_STRIP, 6, k_lines3},
    {"triangles amplified", SWR_TOPO_TRIANGLES, SWR_TOPO_TRIANGLE_STRIP, MAXV_AMP, k_amp},
    {"triangles some", SWR_TOPO_TRIANGLES, SWR_TOPO_TRIANGLE_STRIP, 5, k_some},
    {"lines_adjacency pass", SWR_TOPO_LINES_ADJACENCY, SWR_TOPO_LINE_STRIP, 4, k_pass},
    {"lines_adjacency as points", SWR_TOPO_LINES_ADJACENCY, SWR_TOPO_POINTS, 4, k_pass},
    {"triangles_adjacency pass", SWR_TOPO_TRIANGLES_ADJACENCY, SWR_TOPO_TRIANGLE_STRIP, 6, k_pass},
    {"triangles_adjacency some", SWR_TOPO_TRIANGLES_ADJACENCY, SWR_TOPO_TRIANGLE_STRIP, 6, k_some},
};
#define NUM_GS_CASES (sizeof gs_cases / sizeof gs_cases[0])

static const draw_case draw_kinds[] = {
    {0, false, false, 1},
    {0, true, false, 2},
    {0, true, true, 1},
};

static ref_result ref;

/* Stream output of one case in a fresh context: every word. */
static void check_so(const gs_case *gc, const draw_case *dc, bool tight)
{
    tu_target t;
    swr_context_desc desc = {.workers = 2};
    assert_int_equal(tu_target_init(&t, &desc, W, H, SWR_FORMAT_R8G8B8A8_UNORM, SWR_FORMAT_NONE),
                     SWR_OK);
    kernel_ref kr = {gc->fn};
    bind_engine_state(t.ctx, gc, &kr, false);
    const uint32_t stride = NOUT * 4, offset_words = 3;
    const uint32_t full = offset_words + ref.n * ref.nv * stride;
    const uint32_t words = tight ? offset_words + (ref.n / 2) * ref.nv * stride + 5 : full + 8;
    uint32_t *buf = malloc((size_t)words * 4 + 4);
    for (uint32_t i = 0; i < words; i++)
        buf[i] = SENTINEL;
    swr_so_state so = {.enable = true, .num_decls = NOUT};
    so.buffers[0] = (swr_so_buffer){buf, words * 4, offset_words * 4, stride};
    for (uint32_t r = 0; r < NOUT; r++)
        so.decls[r] = (swr_so_decl){0, (uint8_t)r, 0, 4, (uint16_t)(r * 4)};
    assert_int_equal(swr_set_stream_output(t.ctx, &so), SWR_OK);
    swr_stats s0, s1;
    swr_sync(t.ctx);
    swr_get_stats(t.ctx, &s0);
    draw_engine(t.ctx, dc);
    swr_sync(t.ctx);
    swr_get_stats(t.ctx, &s1);
    swr_so_result res;
    assert_int_equal(swr_get_stream_output(t.ctx, &res), SWR_OK);
    const uint64_t fit = (words - offset_words) / (ref.nv * stride);
    const uint64_t written = ref.n < fit ? ref.n : fit;
    assert_int_equal(res.prims_generated, ref.n);
    assert_int_equal(res.prims_written, written);
    assert_int_equal(res.offset_bytes[0], (offset_words + written * ref.nv * stride) * 4);
    assert_int_equal(s1.gs_invocations - s0.gs_invocations, ref.invocations);
    assert_int_equal(s1.gs_primitives - s0.gs_primitives, ref.n);
    uint32_t bad = 0;
    for (uint32_t i = 0; i < words; i++) {
        uint32_t expect = SENTINEL;
        if (i >= offset_words && i < offset_words + written * ref.nv * stride) {
            const uint32_t w = i - offset_words, vert = w / stride, comp = w % stride;
            memcpy(&expect, &ref.prims[vert / ref.nv].v[vert % ref.nv][comp / 4][comp % 4], 4);
        }
        if (buf[i] != expect && bad++ < 5)
            fprintf(stderr, "%s topo %u%s%s: SO word %u is %08x, expected %08x\n", gc->name,
                    dc->topo, dc->indexed ? " indexed" : "", dc->restart ? " restart" : "", i,
                    buf[i], expect);
    }
    assert_int_equal(bad, 0);
    free(buf);
    tu_target_free(&t);
}

/* The GS image against the expanded draw's, in one context per config. */
static void check_image(const gs_case *gc, const draw_case *dc, const swr_context_desc *desc,
                        bool first)
{
    tu_target t;
    assert_int_equal(tu_target_init(&t, desc, W, H, SWR_FORMAT_R8G8B8A8_UNORM, SWR_FORMAT_NONE),
                     SWR_OK);
    const float bg[4] = {0.1f, 0.2f, 0.3f, 1.0f};
    uint32_t nexp = 0;
    tu_vertex *ev = expand(&ref, first, &nexp);
    /* Without GS: the expanded primitives. */
    tu_pipeline(&t, SWR_INTERP_CONSTANT);
    swr_rasterizer_state rs = {.front_ccw = true,
                               .depth_clip_near = true,
                               .depth_clip_far = true,
                               .half_pixel_center = true,
                               .point_size = 1,
                               .line_width = 1,
                               .flatshade_first = first};
    swr_set_rasterizer_state(t.ctx, &rs);
    tu_clear(&t, bg, 1.0);
    if (nexp) {
        tu_bind_vertices(t.ctx, ev, nexp);
        const uint32_t list = ref.nv == 3   ? SWR_TOPO_TRIANGLES
                              : ref.nv == 2 ? SWR_TOPO_LINES
                                            : SWR_TOPO_POINTS;
        swr_draw_info di = {.topology = list, .count = nexp};
        assert_int_equal(swr_draw(t.ctx, &di), SWR_OK);
    }
    tu_finish(&t);
    const size_t bytes = (size_t)t.cpitch * H;
    uint8_t *expect = malloc(bytes);
    memcpy(expect, t.color, bytes);
    /* With GS. */
    kernel_ref kr = {gc->fn};
    bind_engine_state(t.ctx, gc, &kr, first);
    tu_clear(&t, bg, 1.0);
    draw_engine(t.ctx, dc);
    tu_finish(&t);
    char what[160];
    snprintf(what, sizeof what, "%s topo %u%s%s inst %u first %d max_prims %u workers %u", gc->name,
             dc->topo, dc->indexed ? " indexed" : "", dc->restart ? " restart" : "", dc->instances,
             first, desc->max_prims_per_draw, desc->workers);
    size_t diff = tu_image_diff(what, expect, t.cpitch, t.color, t.cpitch, W, H, 4, 0, false, 0);
    assert_int_equal(diff, 0);
    assert_int_equal(swr_set_gs(t.ctx, NULL), SWR_OK);
    free(expect);
    free(ev);
    tu_target_free(&t);
}

static void test_gs_cases(void **state)
{
    (void)state;
    uint64_t seed = 0x1234567;
    for (uint32_t i = 0; i < NV; i++) {
        verts[i] = (tu_vertex){
            {tu_randf(&seed, -0.9f, 0.9f), tu_randf(&seed, -0.9f, 0.9f),
             tu_randf(&seed, -0.5f, 0.5f), 1.0f},
            {tu_randf(&seed, 0, 1), tu_randf(&seed, 0, 1), tu_randf(&seed, 0, 1), 1.0f}};
    }
    ref.prims = malloc(sizeof *ref.prims * MAX_OUT_PRIMS);
    const swr_context_desc descs[] = {
        {.single_threaded = 1, .max_prims_per_draw = 1}, {.single_threaded = 1},
        {.workers = 1, .max_prims_per_draw = 3},         {.workers = 2, .max_prims_per_draw = 1},
        {.workers = 2, .max_prims_per_draw = 3},         {.workers = 2},
    };
    const bool quick = tu_sanitized();
    for (uint32_t g = 0; g < NUM_GS_CASES; g++) {
        const gs_case *gc = &gs_cases[g];
        for (uint32_t tk = 0; tk < 3; tk++) {
            if (tk > 0 && class_topos[gc->cls][tk] == class_topos[gc->cls][tk - 1])
                continue;
            for (uint32_t dk = 0; dk < sizeof draw_kinds / sizeof draw_kinds[0]; dk++) {
                draw_case dc = draw_kinds[dk];
                dc.topo = class_topos[gc->cls][tk];
                make_stream(&dc, &seed);
                ref_run(dc.topo, gc->cls, gc->out_topo, gc->fn, gc->maxv, ref_stream, L,
                        dc.instances, &ref);
                check_so(gc, &dc, false);
                check_so(gc, &dc, true);
                for (uint32_t c = 0; c < sizeof descs / sizeof descs[0]; c++) {
                    if (quick && c % 2)
                        continue;
                    check_image(gc, &dc, &descs[c], false);
                    check_image(gc, &dc, &descs[c], true);
                }
            }
        }
    }
    free(ref.prims);
}

static void test_validation(void **state)
{
    (void)state;
    tu_target t;
    swr_context_desc desc = {.single_threaded = 1};
    assert_int_equal(tu_target_init(&t, &desc, W, H, SWR_FORMAT_R8G8B8A8_UNORM, SWR_FORMAT_NONE),
                     SWR_OK);
    kernel_ref kr = {k_pass};
    swr_gs_state ok = {.func = gs_abi,
                       .shader = &kr,
                       .num_inputs = 3,
                       .num_outputs = NOUT,
                       .input_slot = {0, 1, 2},
                       .input_topology = SWR_TOPO_TRIANGLES,
                       .output_topology = SWR_TOPO_TRIANGLE_STRIP,
                       .max_vertices = 3,
                       .position_slot = 0,
                       .point_size_slot = SWR_SLOT_NONE,
                       .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                       .viewport_index_slot = SWR_SLOT_NONE,
                       .prim_id_slot = SWR_SLOT_NONE};
    assert_null(swr_gs_validate(&ok));
    assert_null(swr_gs_validate(NULL));
    swr_gs_state b = ok;
    b.max_vertices = SWR_GS_MAX_OUT_COMPONENTS / (NOUT * 4) + 1;
    assert_non_null(swr_gs_validate(&b));
    assert_int_equal(swr_set_gs(t.ctx, &b), SWR_ERROR_INVALID_ARGUMENT);
    b = ok, b.max_vertices = 0;
    assert_int_equal(swr_set_gs(t.ctx, &b), SWR_ERROR_INVALID_ARGUMENT);
    b = ok, b.input_topology = SWR_TOPO_TRIANGLE_STRIP;
    assert_int_equal(swr_set_gs(t.ctx, &b), SWR_ERROR_INVALID_ARGUMENT);
    b = ok, b.output_topology = SWR_TOPO_TRIANGLES;
    assert_int_equal(swr_set_gs(t.ctx, &b), SWR_ERROR_INVALID_ARGUMENT);
    b = ok, b.position_slot = NOUT;
    assert_int_equal(swr_set_gs(t.ctx, &b), SWR_ERROR_INVALID_ARGUMENT);
    b = ok, b.num_outputs = SWR_MAX_ATTRIBS + 1;
    assert_int_equal(swr_set_gs(t.ctx, &b), SWR_ERROR_INVALID_ARGUMENT);
    assert_int_equal(swr_set_gs(NULL, &ok), SWR_ERROR_INVALID_ARGUMENT);
    /* A draw the GS does not read is rejected and draws nothing. */
    gs_case gc = {"v", SWR_TOPO_TRIANGLES, SWR_TOPO_TRIANGLE_STRIP, 3, k_pass};
    bind_engine_state(t.ctx, &gc, &kr, false);
    swr_stats s0, s1;
    swr_get_stats(t.ctx, &s0);
    static const uint32_t bad_topos[] = {SWR_TOPO_POINTS, SWR_TOPO_LINES, SWR_TOPO_QUADS,
                                         SWR_TOPO_TRIANGLES_ADJACENCY, SWR_TOPO_POLYGON};
    swr_vertex_buffer vb = {
        .data = verts, .stride_bytes = sizeof(tu_vertex), .size_bytes = sizeof verts};
    swr_set_vertex_buffers(t.ctx, 0, 1, &vb);
    for (uint32_t i = 0; i < sizeof bad_topos / sizeof bad_topos[0]; i++) {
        swr_draw_info di = {.topology = bad_topos[i], .count = 12};
        assert_int_equal(swr_draw(t.ctx, &di), SWR_ERROR_INVALID_ARGUMENT);
    }
    swr_draw_info good = {.topology = SWR_TOPO_TRIANGLE_FAN, .count = 12};
    assert_int_equal(swr_draw(t.ctx, &good), SWR_OK);
    swr_sync(t.ctx);
    swr_get_stats(t.ctx, &s1);
    assert_int_equal(s1.gs_invocations - s0.gs_invocations, 10);
    /* NULL unbinds: the same draw then runs no GS. */
    assert_int_equal(swr_set_gs(t.ctx, NULL), SWR_OK);
    swr_draw_info pts = {.topology = SWR_TOPO_POINTS, .count = 12};
    assert_int_equal(swr_draw(t.ctx, &pts), SWR_OK);
    swr_sync(t.ctx);
    swr_get_stats(t.ctx, &s0);
    assert_int_equal(s0.gs_invocations, s1.gs_invocations);
    tu_target_free(&t);
}

/* The primitive ID the PS sees: the GS's prim_id_slot output. Points on
 * a grid become squares whose vertices carry 3 * id + 1 (int bits) in
 * output 2's x; the PS writes red = (that & 7) / 7, checked at every
 * square's centre. */
static void k_quad_pid(const float in[6][NOUT][4], uint32_t nvin, int32_t prim_id, emitter *e)
{
    k_quad(in, nvin, prim_id, e);
    const uint32_t v = 3u * (uint32_t)prim_id + 1u;
    for (uint32_t k = 0; k < e->count; k++)
        memcpy(&e->v[k][2][0], &v, 4);
}

static void pid_ps(const void *shader, swr_ps_args *a)
{
    (void)shader;
    for (int l = 0; l < 8; l++) {
        a->color[0].v[0][l] = (float)(a->prim_id & 7) / 7.0f;
        a->color[0].v[1][l] = 0.0f;
        a->color[0].v[2][l] = 0.0f;
        a->color[0].v[3][l] = 1.0f;
    }
}

static void test_prim_id_slot(void **state)
{
    (void)state;
    tu_target t;
    swr_context_desc desc = {.workers = 2, .max_prims_per_draw = 3};
    assert_int_equal(tu_target_init(&t, &desc, W, H, SWR_FORMAT_R8G8B8A8_UNORM, SWR_FORMAT_NONE),
                     SWR_OK);
    kernel_ref kr = {k_quad_pid};
    gs_case gc = {"pid", SWR_TOPO_POINTS, SWR_TOPO_TRIANGLE_STRIP, 4, k_quad_pid};
    tu_pipeline(&t, SWR_INTERP_CONSTANT); /* viewport, blend, depth off */
    bind_engine_state(t.ctx, &gc, &kr, false);
    swr_gs_state gs = {.func = gs_abi,
                       .shader = &kr,
                       .num_inputs = 3,
                       .num_outputs = NOUT,
                       .input_slot = {0, 1, 2},
                       .input_topology = SWR_TOPO_POINTS,
                       .output_topology = SWR_TOPO_TRIANGLE_STRIP,
                       .max_vertices = 4,
                       .position_slot = 0,
                       .point_size_slot = SWR_SLOT_NONE,
                       .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                       .viewport_index_slot = SWR_SLOT_NONE,
                       .prim_id_slot = 2};
    assert_int_equal(swr_set_gs(t.ctx, &gs), SWR_OK);
    swr_ps_state ps = {.func = pid_ps, .num_outputs = 1, .color0_writes_all = true};
    assert_int_equal(swr_set_ps(t.ctx, &ps), SWR_OK);
    /* 4 x 4 points, 16 px apart: squares of 0.06 NDC = 1.9 px half side. */
    tu_vertex pts[16];
    for (int i = 0; i < 16; i++)
        pts[i] = (tu_vertex){{-0.75f + 0.5f * (float)(i % 4), 0.75f - 0.5f * (float)(i / 4), 0, 1},
                             {1, 1, 1, 1}};
    memcpy(verts, pts, sizeof pts);
    const float bg[4] = {0, 0.5f, 0, 1};
    tu_clear(&t, bg, 1.0);
    swr_vertex_buffer vb = {
        .data = verts, .stride_bytes = sizeof(tu_vertex), .size_bytes = sizeof verts};
    assert_int_equal(swr_set_vertex_buffers(t.ctx, 0, 1, &vb), SWR_OK);
    swr_draw_info di = {.topology = SWR_TOPO_POINTS, .count = 16};
    assert_int_equal(swr_draw(t.ctx, &di), SWR_OK);
    tu_finish(&t);
    for (int i = 0; i < 16; i++) {
        const int x = 8 + 16 * (i % 4), y = 8 + 16 * (i / 4);
        const uint8_t *px = t.color + (size_t)y * t.cpitch + (size_t)x * 4;
        const uint32_t want = (uint32_t)lrintf((float)((3u * (uint32_t)i + 1u) & 7) / 7.0f * 255);
        if (px[0] != want || px[1] != 0)
            fprintf(stderr, "square %d: pixel (%d, %d) is %u %u %u, expected red %u\n", i, x, y,
                    px[0], px[1], px[2], want);
        assert_int_equal(px[0], want);
        assert_int_equal(px[1], 0); /* drawn over the clear colour */
    }
    tu_target_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validation),
        cmocka_unit_test(test_gs_cases),
        cmocka_unit_test(test_prim_id_slot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
