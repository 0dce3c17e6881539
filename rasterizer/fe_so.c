/*
 * fe_so.c: stream output (transform feedback), the frontend stage between
 * the vertex shader and clipping.
 *
 * In:  the chunk's assembled primitives (s->prims, their VS slots in
 *      s->prim_slots) and the shaded vertices of one instance (s->vs_out,
 *      SoA). Out: the declared components of every vertex of every
 *      primitive that fits, stored into the caller's buffers as swr_state.h
 *      lays them out: unclipped clip-space values, strips, fans and loops
 *      as independent primitives in assembly order.
 * Thread: the worker running the chunk. Chunks of one draw run at once on
 *      several workers, in any order, yet write in draw order without
 *      talking to each other: the API thread already knows, when it cuts the
 *      draw, how many primitives each chunk owns (rast_so_prepare, from the
 *      topology and the vertex range, one pass over the indices for restart
 *      draws: fe_chunk_output_prefix, the count form of fe_assemble), so each
 *      chunk gets the draw-wide index of its first primitive and the number
 *      of primitives that fit. Writing stops at the first primitive that
 *      does not fit, for every later chunk too, because "fits" is
 *      "draw-wide index < limit". Chunks write disjoint dwords; the buffers
 *      are the caller's until a fence after the draw.
 * Invariant: prefix[c + 1] - prefix[c] equals what fe_assemble returns for
 *      chunk c (tests/rasterizer/test_so_prefix checks it over every topology,
 *      chunk size and restart layout).
 */
#include "rasterizer/fe_chunk.h"

#include "rasterizer/fe_assemble.h"

/* ---- API thread --------------------------------------------------------------------- */

/* Called by swr_set_stream_output; never blocks. */
const char *rast_so_validate(const swr_so_state *so)
{
    if (!so)
        return NULL;
    if (so->num_decls > SWR_MAX_SO_DECLS)
        return "more than SWR_MAX_SO_DECLS stream output declarations";
    for (uint32_t b = 0; b < SWR_MAX_SO_BUFFERS; b++)
        if (so->buffers[b].offset_bytes & 3)
            return "stream output buffer offset is not a multiple of 4";
    for (uint32_t i = 0; i < so->num_decls; i++) {
        const swr_so_decl *d = &so->decls[i];
        if (d->buffer >= SWR_MAX_SO_BUFFERS)
            return "stream output declaration names a buffer past SWR_MAX_SO_BUFFERS";
        const swr_so_buffer *b = &so->buffers[d->buffer];
        if (d->num_comps < 1 || d->num_comps > 4 || d->first_comp + d->num_comps > 4)
            return "stream output declaration components outside x..w";
        if (!b->data && so->enable)
            return "stream output declaration names an unbound buffer";
        if ((uint32_t)d->dword_offset + d->num_comps > b->stride_dwords)
            return "stream output declaration does not fit its buffer's stride";
    }
    return NULL;
}

/* Called by swr_draw on the API thread while it cuts the draw; never
 * blocks. False when the draw state has no stream output. */
bool rast_so_prepare(const rast_draw_state *st, const swr_draw_info *d, uint32_t per_chunk,
                     uint32_t chunks, const uint32_t offsets[SWR_MAX_SO_BUFFERS], uint64_t *prefix,
                     rast_so_plan *plan)
{
    const swr_so_state *so = &st->so->so;
    if (!so->enable || so->num_decls == 0)
        return false;
    const uint32_t nv = fe_topology_out_verts(d->topology);
    fe_index_source src = {
        .topology = d->topology,
        .count = d->count,
        .indices = d->indexed ? (const uint8_t *)st->buffers->index_data +
                                    (size_t)d->start * st->buffers->index_size
                              : NULL,
        .index_size = d->indexed ? st->buffers->index_size : 0,
        .restart = d->indexed && d->primitive_restart,
        .restart_index = d->restart_index,
    };
    fe_chunk_output_prefix(&src, per_chunk, chunks, prefix);
    const uint64_t instances = d->instance_count ? d->instance_count : 1;
    plan->generated = prefix[chunks] * instances;

    /* The primitives that fit: in each buffer a declaration names, whole
     * primitives of nv vertices of stride_dwords dwords after the offset. */
    uint32_t used = 0;
    for (uint32_t i = 0; i < so->num_decls; i++)
        used |= 1u << so->decls[i].buffer;
    uint64_t limit = UINT64_MAX;
    for (uint32_t b = 0; b < SWR_MAX_SO_BUFFERS; b++) {
        plan->offset_after[b] = offsets[b];
        if (!(used & (1u << b)))
            continue;
        const swr_so_buffer *buf = &so->buffers[b];
        uint64_t prim_bytes = (uint64_t)nv * buf->stride_dwords * 4;
        uint64_t room = buf->size_bytes > offsets[b] ? buf->size_bytes - offsets[b] : 0;
        uint64_t fit = prim_bytes ? room / prim_bytes : 0;
        if (fit < limit)
            limit = fit;
    }
    plan->limit = limit;
    plan->written = plan->generated < limit ? plan->generated : limit;
    for (uint32_t b = 0; b < SWR_MAX_SO_BUFFERS; b++)
        if (used & (1u << b))
            plan->offset_after[b] =
                (uint32_t)(offsets[b] + plan->written * nv * so->buffers[b].stride_dwords * 4);
    return true;
}

/* Called by swr_draw for a draw with a geometry shader; never blocks. */
uint64_t rast_so_gs_limit(const rast_draw_state *st, const uint32_t offsets[SWR_MAX_SO_BUFFERS])
{
    const swr_so_state *so = &st->so->so;
    const uint32_t nv = fe_gs_out_verts(&st->shaders->gs);
    uint32_t used = 0;
    for (uint32_t i = 0; i < so->num_decls; i++)
        used |= 1u << so->decls[i].buffer;
    uint64_t limit = UINT64_MAX;
    for (uint32_t b = 0; b < SWR_MAX_SO_BUFFERS; b++) {
        if (!(used & (1u << b)))
            continue;
        const swr_so_buffer *buf = &so->buffers[b];
        uint64_t prim_bytes = (uint64_t)nv * buf->stride_dwords * 4;
        uint64_t room = buf->size_bytes > offsets[b] ? buf->size_bytes - offsets[b] : 0;
        uint64_t fit = prim_bytes ? room / prim_bytes : 0;
        if (fit < limit)
            limit = fit;
    }
    return limit;
}

/* ---- worker ------------------------------------------------------------------------- */

/* Called by rast_fe_run once per instance, after the vertex shader: the n
 * primitives from s->prims[first] are the chunk's own (first skips the
 * stipple history of a strip). Never blocks; writes only the dwords of its
 * own primitives. */
void fe_so_run(fe_ctx *f, uint32_t first, uint32_t n, uint32_t nv)
{
    const rast_so_job *j = &f->job->so;
    const swr_so_state *so = &f->st->so->so;
    /* With a GS the one chunk of the draw numbers the primitives itself. */
    const uint64_t g0 = j->gs_generated
                            ? f->gs_so_base
                            : (uint64_t)f->instance * j->prims_per_instance + j->prim_base;
    if (j->gs_generated)
        f->gs_so_base += n;
    const uint64_t room = g0 < j->limit ? j->limit - g0 : 0;
    const uint32_t written = room < n ? (uint32_t)room : n;
    f->cnt->so_prims_generated += n;
    f->cnt->so_prims_written += written;
    if (written == 0)
        return;

    /* Per declaration: dword 0 of primitive g0's vertex 0, and the stride. */
    float *base[SWR_MAX_SO_DECLS];
    uint32_t stride[SWR_MAX_SO_DECLS];
    for (uint32_t i = 0; i < so->num_decls; i++) {
        const swr_so_decl *d = &so->decls[i];
        const swr_so_buffer *b = &so->buffers[d->buffer];
        stride[i] = b->stride_dwords;
        base[i] = (float *)b->data + j->offset_bytes[d->buffer] / 4 + g0 * nv * b->stride_dwords +
                  d->dword_offset;
    }
    const uint32_t *slots = f->s->prim_slots + (size_t)first * 3;
    for (uint32_t p = 0; p < written; p++) {
        for (uint32_t k = 0; k < nv; k++) {
            const uint32_t slot = slots[p * 3 + k];
            const size_t vert = (size_t)p * nv + k;
            for (uint32_t i = 0; i < so->num_decls; i++) {
                const swr_so_decl *d = &so->decls[i];
                float *dst = base[i] + vert * stride[i];
                for (uint32_t c = 0; c < d->num_comps; c++)
                    dst[c] = d->vs_slot < f->num_outputs
                                 ? fe_vs_out(f, slot, d->vs_slot, d->first_comp + c)
                                 : 0.0f;
            }
        }
    }
}
