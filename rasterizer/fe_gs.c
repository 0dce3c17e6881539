/*
 * fe_gs.c: the geometry shader stage of one draw chunk (GS, between the
 * vertex shader and stream output).
 *
 * In:  the chunk's assembled primitives (s->prims, index-stream positions)
 *      and, per instance, the shaded vertices (s->vs_out). Out: the
 *      primitives the GS's emitted strips make, in the form the later
 *      stages read: their vertices in s->gs_vout laid out as s->vs_out
 *      ([batch of 8][GS output]), the primitives in s->gs_prims and their
 *      slots in s->gs_prim_slots; fe_gs_swap exchanges those with s->vs_out,
 *      s->prims and s->prim_slots so that SO, clip/cull, setup and binning
 *      run unchanged on them, and swaps back for the next instance.
 * Thread: the worker that claimed the chunk.
 *
 * Vertex slots: with a GS the chunk does not dedupe (fe_dedupe.c keeps only
 * the vertices of the assembled primitives, not adjacency): fe_gs_prepare
 * gives every position between the lowest and highest position the GS
 * reads one VS slot (slot = position - lowest), and lists per primitive
 * the slots of all its GS input vertices in the GL order (adjacency
 * included, GL 4.6 §10.1.11-10.1.13, derived below).
 * Order: primitives are gathered 8 at a time, lane = primitive in assembly
 * order, and their emitted primitives are appended lane by lane (lane 0's,
 * then lane 1's ...), so the output keeps draw order: input order first,
 * then emission order, whatever the worker count.
 * Provoking vertex of an output primitive: its last vertex, or its first
 * when the rasterizer state says flatshade_first (GL's
 * PROVOKING_VERTEX for GS output strips); strip triangles keep the winding
 * as fe_assemble's strips do (odd ones swap their first two vertices).
 * The primitive ID the PS sees is the GS's prim_id_slot output at that
 * vertex, or without one the input primitive's.
 */
#include "rasterizer/fe_chunk.h"

#include <stdlib.h>
#include <string.h>

#include "rasterizer/fe_assemble.h"

/* ---- validation (API thread) --------------------------------------------------- */

static uint32_t in_vertices(uint32_t input_topology)
{
    switch (input_topology) {
    case SWR_TOPO_POINTS:
        return 1;
    case SWR_TOPO_LINES:
        return 2;
    case SWR_TOPO_TRIANGLES:
        return 3;
    case SWR_TOPO_LINES_ADJACENCY:
        return 4;
    case SWR_TOPO_TRIANGLES_ADJACENCY:
        return 6;
    default:
        return 0;
    }
}

static uint32_t out_vertices(uint32_t output_topology)
{
    switch (output_topology) {
    case SWR_TOPO_POINTS:
        return 1;
    case SWR_TOPO_LINE_STRIP:
        return 2;
    case SWR_TOPO_TRIANGLE_STRIP:
        return 3;
    default:
        return 0;
    }
}

/* Called by swr_set_gs; never blocks. */
const char *rast_gs_validate(const swr_gs_state *gs)
{
    if (!gs || !gs->func)
        return NULL;
    if (in_vertices(gs->input_topology) == 0)
        return "geometry shader input topology is not points, lines, lines_adjacency, "
               "triangles or triangles_adjacency";
    if (out_vertices(gs->output_topology) == 0)
        return "geometry shader output topology is not points, line_strip or triangle_strip";
    if (gs->num_inputs > SWR_MAX_ATTRIBS)
        return "geometry shader reads more than SWR_MAX_ATTRIBS attributes per vertex";
    if (gs->num_outputs == 0 || gs->num_outputs > SWR_MAX_ATTRIBS)
        return "geometry shader writes no attribute or more than SWR_MAX_ATTRIBS";
    if (gs->max_vertices == 0 || gs->max_vertices > SWR_GS_MAX_OUT_VERTICES)
        return "geometry shader max_vertices outside 1..SWR_GS_MAX_OUT_VERTICES";
    if ((uint64_t)gs->max_vertices * gs->num_outputs * 4 > SWR_GS_MAX_OUT_COMPONENTS)
        return "geometry shader max_vertices * num_outputs * 4 exceeds SWR_GS_MAX_OUT_COMPONENTS";
    if (gs->position_slot >= gs->num_outputs)
        return "geometry shader position slot is not one of its outputs";
    return NULL;
}

/* Called by swr_draw; never blocks. */
bool rast_gs_topology_ok(const swr_gs_state *gs, uint32_t topology)
{
    switch (gs->input_topology) {
    case SWR_TOPO_POINTS:
        return topology == SWR_TOPO_POINTS;
    case SWR_TOPO_LINES:
        return topology == SWR_TOPO_LINES || topology == SWR_TOPO_LINE_STRIP ||
               topology == SWR_TOPO_LINE_LOOP;
    case SWR_TOPO_TRIANGLES:
        return topology == SWR_TOPO_TRIANGLES || topology == SWR_TOPO_TRIANGLE_STRIP ||
               topology == SWR_TOPO_TRIANGLE_FAN;
    case SWR_TOPO_LINES_ADJACENCY:
        return topology == SWR_TOPO_LINES_ADJACENCY || topology == SWR_TOPO_LINE_STRIP_ADJACENCY;
    case SWR_TOPO_TRIANGLES_ADJACENCY:
        return topology == SWR_TOPO_TRIANGLES_ADJACENCY ||
               topology == SWR_TOPO_TRIANGLE_STRIP_ADJACENCY;
    default:
        return false;
    }
}

uint32_t fe_gs_out_verts(const swr_gs_state *gs) { return out_vertices(gs->output_topology); }

/* ---- input vertices ------------------------------------------------------------------ */

static bool restart_at(const fe_index_source *src, uint64_t p)
{
    return src->restart && src->indices && p < src->count &&
           fe_read_index(src->indices, src->index_size, (uint32_t)p) == src->restart_index;
}

/* The positions of the GS input vertices of assembled primitive pr (of the
 * draw's topology) into pos[0 .. in_vertices). fe_assemble keeps of an
 * adjacency primitive only its main vertices; the others follow from them:
 *   lines_adjacency, line_strip_adjacency: main (p1, p2) -> (p1-1, p1, p2, p2+1)
 *   triangles_adjacency: main (p0, p2, p4) -> (p0, p0+1, p2, p2+1, p4, p4+1)
 *   triangle_strip_adjacency, triangle i of a segment starting at s
 *   (GL's table, 0-based; IN = 1st, adj 1-2, 2nd, adj 2-3, 3rd, adj 3-1):
 *     even i: main (s+2i, s+2i+2, s+2i+4) -> (s+2i, i==0 ? s+1 : s+2i-2,
 *             s+2i+2, last ? s+2i+5 : s+2i+6, s+2i+4, s+2i+3)
 *     odd i:  main (s+2i+2, s+2i, s+2i+4) -> (s+2i+2, s+2i-2, s+2i,
 *             s+2i+3, s+2i+4, last ? s+2i+5 : s+2i+6)
 *   where the triangle is the segment's last iff the next one's positions
 *   s+2i+6, s+2i+7 are not both in the segment; an even triangle is the
 *   segment's first iff the position before it is not (outside the draw
 *   or a restart). An even triangle has v[0] < v[1], an odd one v[0] > v[1]. */
static void gs_input_positions(const fe_index_source *src, const fe_prim *pr, uint32_t pos[6])
{
    const uint32_t *v = pr->v;
    switch (src->topology) {
    case SWR_TOPO_LINES_ADJACENCY:
    case SWR_TOPO_LINE_STRIP_ADJACENCY:
        pos[0] = v[0] - 1, pos[1] = v[0], pos[2] = v[1], pos[3] = v[1] + 1;
        return;
    case SWR_TOPO_TRIANGLES_ADJACENCY:
        for (int k = 0; k < 3; k++)
            pos[2 * k] = v[k], pos[2 * k + 1] = v[k] + 1;
        return;
    case SWR_TOPO_TRIANGLE_STRIP_ADJACENCY: {
        const uint64_t p4 = v[2];
        const bool last =
            p4 + 3 >= src->count || restart_at(src, p4 + 2) || restart_at(src, p4 + 3);
        const uint32_t far = (uint32_t)(last ? p4 + 1 : p4 + 2);
        if (v[0] < v[1]) {
            const bool first = v[0] == 0 || restart_at(src, (uint64_t)v[0] - 1);
            pos[0] = v[0], pos[1] = first ? v[0] + 1 : v[0] - 2, pos[2] = v[1];
            pos[3] = far, pos[4] = v[2], pos[5] = v[0] + 3;
        } else {
            pos[0] = v[0], pos[1] = v[1] - 2, pos[2] = v[1];
            pos[3] = v[1] + 3, pos[4] = v[2], pos[5] = far;
        }
        return;
    }
    default:
        for (uint32_t k = 0; k < 3; k++)
            pos[k] = v[k];
        return;
    }
}

bool fe_gs_prepare(fe_ctx *f, const fe_index_source *src, uint32_t n, uint32_t *num_unique)
{
    rast_scratch *s = f->s;
    const swr_draw_info *d = &f->job->draw;
    const uint32_t nvin = in_vertices(f->gs->input_topology);
    if (!fe_grow((void **)&s->gs_in_slots, &s->gs_in_slots_cap, n * 6 + 6, sizeof(uint32_t)))
        return false;
    uint32_t lo = UINT32_MAX, hi = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t pos[6];
        gs_input_positions(src, &s->prims[i], pos);
        for (uint32_t k = 0; k < nvin; k++) {
            s->gs_in_slots[i * nvin + k] = pos[k];
            lo = pos[k] < lo ? pos[k] : lo;
            hi = pos[k] > hi ? pos[k] : hi;
        }
    }
    for (uint32_t j = 0; j < n * nvin; j++)
        s->gs_in_slots[j] -= lo;
    const uint32_t count = n ? hi - lo + 1 : 0;
    if (!fe_grow((void **)&s->vids, &s->vids_cap, count + 8, sizeof(int32_t)))
        return false;
    int32_t vlo = INT32_MAX, vhi = INT32_MIN;
    for (uint32_t j = 0; j < count; j++) {
        const uint32_t p = lo + j;
        int32_t vid;
        if (!d->indexed) {
            vid = (int32_t)(d->start + p);
        } else if (restart_at(src, p)) {
            /* Not a vertex: its slot is never read; shade the first one's. */
            vid = s->vids[0];
        } else {
            vid = (int32_t)(fe_read_index(src->indices, src->index_size, p) +
                            (uint32_t)d->base_vertex);
        }
        s->vids[j] = vid;
        vlo = vid < vlo ? vid : vlo;
        vhi = vid > vhi ? vid : vhi;
    }
    f->seq_slots = false;
    f->vid_lo = count ? vlo : 1;
    f->vid_hi = count ? vhi : 0;
    *num_unique = count;
    return true;
}

/* ---- running the GS ---------------------------------------------------------------- */

static bool alloc_vec4(swr_simd_vec4 **p, size_t *cap, size_t need, bool keep)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    swr_simd_vec4 *q = aligned_alloc(32, n * sizeof(swr_simd_vec4));
    if (!q)
        return false;
    if (keep && *p)
        memcpy(q, *p, *cap * sizeof(swr_simd_vec4));
    free(*p);
    *p = q;
    *cap = n;
    return true;
}

static void put_prim(rast_scratch *s, uint32_t *np, uint32_t a, uint32_t b, uint32_t c,
                     uint32_t prim_id, uint8_t provoking, uint8_t edge_flags)
{
    fe_prim *o = &s->gs_prims[*np];
    o->v[0] = a, o->v[1] = b, o->v[2] = c;
    o->prim_id = prim_id;
    o->provoking = provoking;
    o->edge_flags = edge_flags;
    uint32_t *sl = &s->gs_prim_slots[(size_t)*np * 3];
    sl[0] = a, sl[1] = b, sl[2] = c;
    (*np)++;
}

bool fe_gs_run(fe_ctx *f, uint32_t n, uint32_t *n_out, uint32_t *verts_out)
{
    rast_scratch *s = f->s;
    const swr_gs_state *gs = f->gs;
    const uint32_t vs_nout = f->st->shaders->vs.num_outputs;
    const uint32_t nvin = in_vertices(gs->input_topology);
    const uint32_t nvout = out_vertices(gs->output_topology);
    const uint32_t maxv = gs->max_vertices, nout = gs->num_outputs, nin = gs->num_inputs;
    const bool first = f->rs->flatshade_first;
    *n_out = 0;
    *verts_out = 0;
    const size_t out_floats = (size_t)8 * maxv * nout * 4;
    if (!alloc_vec4(&s->gs_in, &s->gs_in_cap, (size_t)nvin * nin + 1, false) ||
        !fe_grow((void **)&s->gs_outv, &s->gs_outv_cap, (uint32_t)out_floats + 8, sizeof(float)) ||
        !fe_grow((void **)&s->gs_cut, &s->gs_cut_cap, 8 * maxv, 1))
        return false;
    swr_gs_args args;
    memset(&args, 0, sizeof args);
    args.inputs = s->gs_in;
    args.num_inputs = nin;
    args.num_in_vertices = nvin;
    args.out_vertices = s->gs_outv;
    args.cut = s->gs_cut;
    args.num_outputs = nout;
    args.max_vertices = maxv;
    args.res = &f->st->shaders->res[SWR_STAGE_GS];
    const float *vo = (const float *)s->vs_out;
    uint32_t verts = 0, np = 0;
    for (uint32_t b0 = 0; b0 < n; b0 += 8) {
        const uint32_t lanes = n - b0 < 8 ? n - b0 : 8;
        /* Gather: input vertex k, attribute a of lane l from VS slot
         * gs_in_slots[(b0 + l) * nvin + k], output input_slot[a]. */
        for (uint32_t k = 0; k < nvin; k++) {
            for (uint32_t a = 0; a < nin; a++) {
                swr_simd_vec4 *dst = &s->gs_in[k * nin + a];
                const uint32_t m = gs->input_slot[a];
                for (uint32_t l = 0; l < 8; l++) {
                    if (l >= lanes || m >= vs_nout) {
                        for (uint32_t c = 0; c < 4; c++)
                            dst->v[c][l] = 0.0f;
                        continue;
                    }
                    const uint32_t slot = s->gs_in_slots[(b0 + l) * nvin + k];
                    const float *src = vo + fe_attr_base_n(vs_nout, slot) + m * 32;
                    for (uint32_t c = 0; c < 4; c++)
                        dst->v[c][l] = src[c * 8];
                }
            }
        }
        for (uint32_t l = 0; l < 8; l++) {
            args.prim_id.v[l] = l < lanes ? (int32_t)s->prims[b0 + l].prim_id : 0;
            args.emit_count[l] = 0;
        }
        args.active_mask = (1u << lanes) - 1;
        memset(s->gs_cut, 0, 8 * maxv);
        gs->func(gs->shader, &args); /* no bucket of its own: inside FEProcessDraw */
        /* Room for what this batch emitted: vertices in gs_vout, and at most
         * one primitive per vertex. */
        uint32_t emitted = 0;
        for (uint32_t l = 0; l < lanes; l++) {
            if (args.emit_count[l] > maxv)
                args.emit_count[l] = maxv;
            emitted += args.emit_count[l];
        }
        const uint32_t need = verts + emitted;
        if (!alloc_vec4(&s->gs_vout, &s->gs_vout_cap, (size_t)((need + 7) / 8) * nout, true) ||
            !fe_grow((void **)&s->gs_prims, &s->gs_prims_cap, need + 1, sizeof(fe_prim)) ||
            !fe_grow((void **)&s->gs_prim_slots, &s->gs_prim_slots_cap, 3 * need + 3,
                     sizeof(uint32_t)))
            return false;
        float *gv = (float *)s->gs_vout;
        const uint32_t pid_slot = gs->prim_id_slot;
        for (uint32_t l = 0; l < lanes; l++) {
            uint32_t prim_id = s->prims[b0 + l].prim_id;
            uint32_t strip = 0; /* vertices of the current strip so far */
            for (uint32_t e = 0; e < args.emit_count[l]; e++) {
                const uint32_t u = verts++;
                const float *src = s->gs_outv + ((size_t)l * maxv + e) * nout * 4;
                float *dst = gv + fe_attr_base_n(nout, u);
                for (uint32_t a = 0; a < nout; a++)
                    for (uint32_t c = 0; c < 4; c++)
                        dst[a * 32 + c * 8] = src[a * 4 + c];
                strip++;
                if (pid_slot < nout && strip >= nvout) {
                    /* The provoking vertex's (first: the primitive's first
                     * in strip order, u + 1 - nvout; last: u). */
                    const uint32_t pv = first ? u + 1 - nvout : u;
                    memcpy(&prim_id, gv + fe_attr_base_n(nout, pv) + pid_slot * 32, 4);
                }
                if (nvout == 1) {
                    put_prim(s, &np, u, 0, 0, prim_id, 0, 0);
                } else if (nvout == 2 && strip >= 2) {
                    put_prim(s, &np, u - 1, u, 0, prim_id, first ? 0 : 1, 0);
                } else if (nvout == 3 && strip >= 3) {
                    if ((strip - 3) & 1)
                        put_prim(s, &np, u - 1, u - 2, u, prim_id, first ? 1 : 2, 7);
                    else
                        put_prim(s, &np, u - 2, u - 1, u, prim_id, first ? 0 : 2, 7);
                }
                if (s->gs_cut[l * maxv + e])
                    strip = 0;
            }
        }
    }
    f->cnt->gs_invocations += n;
    f->cnt->gs_primitives += np;
    *n_out = np;
    *verts_out = verts;
    return true;
}

#define SWAP(T, a, b)                                                                              \
    do {                                                                                           \
        T t_ = (a);                                                                                \
        (a) = (b);                                                                                 \
        (b) = t_;                                                                                  \
    } while (0)

void fe_gs_swap(rast_scratch *s)
{
    SWAP(swr_simd_vec4 *, s->vs_out, s->gs_vout);
    SWAP(size_t, s->vs_out_cap, s->gs_vout_cap);
    SWAP(fe_prim *, s->prims, s->gs_prims);
    SWAP(uint32_t, s->prims_cap, s->gs_prims_cap);
    SWAP(uint32_t *, s->prim_slots, s->gs_prim_slots);
    SWAP(uint32_t, s->prim_slots_cap, s->gs_prim_slots_cap);
}
