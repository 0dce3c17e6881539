/*
 * fe_draw.c: the frontend of one draw chunk, the driver of the stages.
 *
 * In:  a rast_fe_job (draw state, the chunk's index-stream positions and
 *      instances). Out: set-up primitives (be_prim) appended to the bins of
 *      the chunk's draw context, one list per macrotile, in primitive order.
 * Thread: the worker that claimed the chunk; nobody else touches these bins
 *      until the chunk is published as done, so binning takes no lock.
 *
 * Stages, in order (each has a toss point, KNOB_TOSS_*, that ends the chunk
 * right before it), each in its own file around the chunk context of
 * fe_chunk.h:
 *   IA     fe_assemble.c: primitives as index-stream positions; fe_dedupe.c:
 *          every distinct vertex of the chunk gets one VS slot, so an
 *          indexed mesh shades each vertex once per chunk, not per index
 *   FETCH  fe_fetch.c, 8 vertices at a time into SoA    } fe_vs.c, per
 *   VS     the vertex shader, 8 lanes                   } instance
 *   GS     fe_gs.c, when a geometry shader is bound: every position the
 *          GS reads gets a VS slot (instead of fe_dedupe); after the VS the
 *          primitives go through the GS 8 at a time, and its emitted strips'
 *          primitives (and vertices) replace them for the stages below
 *   SO     fe_so.c: stream output of the chunk's primitives, unclipped
 *   clip/cull fe_clipcull.c: NaN/Inf positions and primitives outside one
 *          plane are dropped; primitives that leave the guard band, cross
 *          near/far, have w <= 0 or a negative clip distance go through
 *          fe_clip.c
 *   SETUP_TRIS fe_setup.c: divide, viewport, snap to 24.8, edge setup,
 *          face/zero-area cull, planes for barycentrics, depth (+ polygon
 *          offset) and attributes. Unclipped triangles of viewport 0 take
 *          fe_tri8.c instead: 8 at a time (outcodes, snap, edge setup,
 *          double planes, empty-box cull in SIMD, bit-identical to the
 *          scalar rast_tri_setup / fe_setup_triangle, which clipped and
 *          non-filled triangles still take). Non-indexed lists of filled
 *          triangles transform their vertices right there (fe_vertex8,
 *          seq_fused) instead of through fe_transform_vertices' arrays.
 *   BIN_TRIS fe_bin.c: append to every macrotile the bounding box touches
 *          (large triangles: only macrotiles an edge test cannot reject)
 * This file also owns the per-thread scratch the stages grow.
 */
#include "rasterizer/fe_chunk.h"

#include <stdlib.h>
#include <string.h>

#include "rasterizer/fe_assemble.h"

/* ---- scratch ------------------------------------------------------------ */

bool fe_grow(void **p, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return true;
    uint32_t n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, (size_t)n * elem);
    if (!q)
        return false;
    *p = q;
    *cap = n;
    return true;
}

rast_scratch *rast_scratch_create(void)
{
    rast_scratch *s = aligned_alloc(64, (sizeof(rast_scratch) + 63) & ~(size_t)63);
    if (s)
        memset(s, 0, sizeof *s);
    return s;
}

void rast_scratch_destroy(rast_scratch *s)
{
    if (!s)
        return;
    free(s->prims);
    free(s->prim_slots);
    free(s->vids);
    free(s->hash_keys);
    free(s->hash_vals);
    free(s->vs_out);
    free(s->vcodes);
    free(s->vwin);
    free(s->vrec);
    free(s->gs_in_slots);
    free(s->gs_in);
    free(s->gs_outv);
    free(s->gs_cut);
    free(s->gs_vout);
    free(s->gs_prims);
    free(s->gs_prim_slots);
    free(s);
}

/* Fills f->attr_off from the PS inputs (the sources fe_gather_attribs reads). */
static void init_attr_offsets(fe_ctx *f)
{
    for (uint32_t i = 0; i < f->num_attribs; i++) {
        const swr_ps_input *in = &f->ps->inputs[i];
        for (int back = 0; back < 2; back++) {
            uint32_t vs_slot = in->vs_slot;
            if (back && in->vs_slot_back != SWR_SLOT_NONE)
                vs_slot = in->vs_slot_back;
            for (uint32_t c = 0; c < 4; c++)
                f->attr_off[back][i * 4 + c] =
                    vs_slot < f->num_outputs ? (int32_t)(vs_slot * 32 + c * 8) : -1;
        }
    }
    f->same_facing_src =
        memcmp(f->attr_off[0], f->attr_off[1], (size_t)f->num_attribs * 4 * sizeof(int32_t)) == 0;
}

/* Restart indices among the chunk's positions [begin, end): not vertices,
 * so ia_vertices (swr_stats) leaves them out. Assembly counts them on its
 * walk (fe_assemble_counted); this second scan is only for chunks that
 * assemble from before their first position (stippled strips) or could
 * not assemble. Scans only restart draws. */
static uint32_t count_restarts(const fe_index_source *src, uint32_t begin, uint32_t end)
{
    if (!src->restart || !src->indices)
        return 0;
    uint32_t k = 0;
    for (uint32_t p = begin; p < end; p++)
        k += fe_read_index(src->indices, src->index_size, p) == src->restart_index;
    return k;
}

/* The stages after the VS for one instance with a geometry shader: the GS,
 * then SO, clip/cull, setup and binning on its primitives (fe_gs_swap puts
 * them where those stages read, and back for the next instance's VS). */
static void run_gs_instance(fe_ctx *f, uint32_t n, bool discard)
{
    if (KNOB_TOSS_VS)
        return;
    uint32_t n_out = 0, verts = 0;
    if (!fe_gs_run(f, n, &n_out, &verts)) {
        f->bins->out_of_memory = true;
        return;
    }
    const uint32_t nv = fe_gs_out_verts(f->gs);
    fe_gs_swap(f->s);
    if (f->job->so.active)
        fe_so_run(f, 0, n_out, nv);
    if (!discard && n_out) {
        f->cnt->c_invocations += n_out;
        f->seq_fused = false;
        f->per_vertex = nv == 3 && !f->rs->window_space_position &&
                        f->vs->viewport_index_slot >= f->num_outputs &&
                        fe_transform_vertices(f, verts, 0);
        if (nv == 3 && f->per_vertex)
            fe_tri8_run(f, n_out);
        else
            fe_clipcull_run(f, n_out, nv);
    }
    fe_gs_swap(f->s);
}

/* ---- the chunk -------------------------------------------------------------------------- */

void rast_fe_run(const rast_fe_job *job, rast_bins *bins, rast_scratch *s, rast_counters *cnt)
{
    const rast_draw_state *st = job->st;
    /* Outside fe_ctx so that its initialisation does not clear it. */
    int32_t attr_off[2][FE_ATTR_FLOATS];
    fe_ctx f = {
        .attr_off = attr_off,
        .job = job,
        .st = st,
        .rs = &st->raster->rs,
        .vs = &st->shaders->vs,
        .ps = &st->shaders->ps,
        .bins = bins,
        .s = s,
        .cnt = cnt,
        .num_outputs = st->shaders->vs.num_outputs,
        .num_attribs = st->num_attribs,
        .prof = __atomic_load_n(&prof_active, __ATOMIC_RELAXED) != 0,
    };
    if (__builtin_expect(st->shaders->gs.func != NULL, 0)) {
        /* The later stages read the GS's outputs (fe_ctx.vs). */
        const swr_gs_state *gs = &st->shaders->gs;
        f.gs = gs;
        f.gs_view = (swr_vs_state){
            .num_outputs = gs->num_outputs,
            .position_slot = gs->position_slot,
            .point_size_slot = gs->point_size_slot,
            .clip_dist_slot = {gs->clip_dist_slot[0], gs->clip_dist_slot[1]},
            .viewport_index_slot = gs->viewport_index_slot,
        };
        f.vs = &f.gs_view;
        f.num_outputs = gs->num_outputs;
    }
    init_attr_offsets(&f);
    f.vrec_attr = !st->has_flat && f.same_facing_src && f.num_attribs <= FE_GROUP_ATTRIBS;
    f.vrec_words = FE_VREC_POS_WORDS + (f.vrec_attr ? (f.num_attribs * 4 + 7) & ~7u : 0);
    if (KNOB_TOSS_IA || !st->shaders->vs.func)
        return;
    prof_begin(job->draw.indexed ? PROF_FEProcessDrawIndexed : PROF_FEProcessDraw);

    /* IA: primitives of this chunk as index-stream positions. */
    const swr_draw_info *d = &job->draw;
    const void *ib = d->indexed ? (const uint8_t *)st->buffers->index_data +
                                      (size_t)d->start * st->buffers->index_size
                                : NULL;
    fe_index_source src = {
        .topology = d->topology,
        .count = d->count,
        .indices = ib,
        .index_size = d->indexed ? st->buffers->index_size : 0,
        .restart = d->indexed && d->primitive_restart,
        .restart_index = d->restart_index,
        .flatshade_first = f.rs->flatshade_first,
    };
    /* Stippled strips and loops carry the stipple counter across chunks:
     * a chunk also assembles, shades and sets up the lines before it (from
     * position 0), counting only, so the result does not depend on the
     * chunking. Costs O(begin) per chunk, for stippled strips only. */
    f.stip = f.rs->line_stipple_enable && !f.gs &&
             (d->topology == SWR_TOPO_LINE_STRIP || d->topology == SWR_TOPO_LINE_LOOP);
    uint32_t begin = f.stip ? 0 : job->begin;
    uint32_t max_prims = fe_max_prims_for_positions(d->topology, job->end - begin);
    uint32_t nv = fe_topology_out_verts(d->topology);
    prof_begin(PROF_FEPAAssemble);
    bool ok = fe_grow((void **)&s->prims, &s->prims_cap, max_prims + 1, sizeof(fe_prim));
    uint32_t slots_cap = s->prims_cap * 3;
    if (ok && slots_cap > s->prim_slots_cap) {
        uint32_t *ps = realloc(s->prim_slots, (size_t)slots_cap * sizeof(uint32_t));
        ok = ps != NULL;
        if (ps) {
            s->prim_slots = ps;
            s->prim_slots_cap = slots_cap;
        }
    }
    uint32_t restarts = 0;
    uint32_t n =
        ok ? fe_assemble_counted(&src, begin, job->end, s->prims, max_prims + 1, &restarts) : 0;
    if (!ok)
        bins->out_of_memory = true;
    if (!ok || begin != job->begin)
        restarts = count_restarts(&src, job->begin, job->end);
    const uint32_t num_inst = job->instance_end - job->instance_begin;
    cnt->ia_vertices += (uint64_t)(job->end - job->begin - restarts) * num_inst;
    if (n == 0 || KNOB_TOSS_FETCH) {
        prof_end(PROF_FEPAAssemble);
        prof_end(job->draw.indexed ? PROF_FEProcessDrawIndexed : PROF_FEProcessDraw);
        return;
    }

    /* Dedupe vertices: VS slot per primitive vertex (fe_dedupe.c). */
    uint32_t max_unique = n * nv;
    uint32_t num_unique = 0;
    if (!fe_grow((void **)&s->vids, &s->vids_cap, max_unique + 8, sizeof(int32_t))) {
        bins->out_of_memory = true;
        prof_end(PROF_FEPAAssemble);
        prof_end(job->draw.indexed ? PROF_FEProcessDrawIndexed : PROF_FEProcessDraw);
        return;
    }
    /* Vertex reuse counts as assembly in the report (FEPAAssemble). */
    bool deduped = f.gs ? fe_gs_prepare(&f, &src, n, &num_unique)
                        : fe_dedupe_vertices(&f, ib, src.index_size, n, nv, &num_unique);
    prof_end(PROF_FEPAAssemble);
    if (!deduped) {
        bins->out_of_memory = true;
        prof_end(job->draw.indexed ? PROF_FEProcessDrawIndexed : PROF_FEProcessDraw);
        return;
    }
    size_t need = (size_t)((num_unique + 7) / 8) * st->shaders->vs.num_outputs;
    if (need > s->vs_out_cap) {
        free(s->vs_out);
        s->vs_out = aligned_alloc(32, need * sizeof(swr_simd_vec4));
        s->vs_out_cap = s->vs_out ? need : 0;
        if (!s->vs_out) {
            bins->out_of_memory = true;
            prof_end(job->draw.indexed ? PROF_FEProcessDrawIndexed : PROF_FEProcessDraw);
            return;
        }
    }

    uint32_t n_own = n; /* primitives of this chunk (not the stipple history) */
    if (f.stip) {
        n_own = 0;
        for (uint32_t i = 0; i < n; i++)
            n_own += s->prims[i].v[0] >= job->begin || s->prims[i].v[1] >= job->begin;
    }
    /* API primitives (swr_stats): a quad's two triangles are one; a polygon
     * counts at its first triangle, the only one whose edge 0 is an
     * outline edge (fe_assemble). */
    uint64_t api_prims = n_own;
    if (d->topology == SWR_TOPO_QUADS || d->topology == SWR_TOPO_QUAD_STRIP) {
        api_prims = n_own / 2;
    } else if (d->topology == SWR_TOPO_POLYGON) {
        api_prims = 0;
        for (uint32_t i = 0; i < n; i++)
            api_prims += s->prims[i].edge_flags & 1;
    }
    cnt->ia_primitives += api_prims * num_inst;
    const bool discard = KNOB_TOSS_VS || KNOB_TOSS_SETUP_TRIS || f.rs->rasterizer_discard ||
                         st->so->so.rasterizer_discard;
    if (!discard && !f.gs)
        cnt->c_invocations += api_prims * num_inst;
    for (uint32_t inst = job->instance_begin; inst < job->instance_end; inst++) {
        f.instance = inst;
        f.stip_chain = false; /* each instance is a new strip */
        /* FETCH, VS */
        fe_run_vs(&f, num_unique);
        cnt->prims_in += n_own;
        if (__builtin_expect(f.gs != NULL, 0)) {
            run_gs_instance(&f, n, discard);
            continue;
        }
        if (job->so.active)
            fe_so_run(&f, n - n_own, n_own, nv);
        if (discard)
            continue;
        /* clip/cull, SETUP_TRIS, BIN_TRIS: unclipped triangles of viewport 0
         * 8 at a time when every vertex's outcode and window position are
         * known, else one primitive at a time. */
        f.seq_fused = f.seq_slots && nv == 3 && f.rs->fill_front == SWR_FILL_FILL &&
                      f.rs->fill_back == SWR_FILL_FILL && !f.rs->offset_tri &&
                      (f.rs->clip_distance_enable & 0xffu) == 0;
        f.per_vertex = nv == 3 && !f.rs->window_space_position &&
                       f.vs->viewport_index_slot >= f.num_outputs &&
                       fe_transform_vertices(&f, num_unique, f.seq_fused ? 24 * (n / 8) : 0);
        if (nv == 3 && f.per_vertex)
            fe_tri8_run(&f, n);
        else
            fe_clipcull_run(&f, n, nv);
    }
    if (f.gs && job->so.active && job->so.gs_generated)
        *job->so.gs_generated = f.gs_so_base;
    prof_end(job->draw.indexed ? PROF_FEProcessDrawIndexed : PROF_FEProcessDraw);
}
