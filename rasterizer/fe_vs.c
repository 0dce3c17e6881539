/*
 * fe_vs.c: vertex fetch and the vertex shader (FETCH, VS), and the
 * per-vertex part of clipping and the viewport transform.
 *
 * In:  the chunk's distinct vertex ids (s->vids, fe_dedupe.c), the vertex
 *      layout's fetch plan and buffers, the VS. Out: s->vs_out, the shaded
 *      vertices in SoA batches of 8 ([batch][output]); with
 *      fe_transform_vertices, per VS slot the clip outcode (s->vcodes),
 *      the window position and 1/w (s->vwin) and, for the gather-free path
 *      of fe_tri8.c, a record of what a triangle reads (s->vrec).
 * Thread: the worker that claimed the chunk.
 *
 * fe_fetch8 builds 8 vertices at a time into SoA (fe_fetch8_range: the
 * buffer range tests once per chunk for its vertex ids); the VS runs 8
 * lanes wide, once per instance of the chunk.
 */
#include "rasterizer/fe_chunk.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void fe_run_vs(fe_ctx *f, uint32_t num_unique)
{
    rast_scratch *s = f->s;
    const rast_draw_state *st = f->st;
    const swr_vs_state *vs = &st->shaders->vs; /* f->vs may be a GS's view */
    uint32_t inst_ids[8];
    for (int l = 0; l < 8; l++)
        inst_ids[l] = f->instance;
    swr_vs_args args;
    memset(&args, 0, sizeof args);
    args.inputs = s->vs_in;
    /* BASEVERTEX: the index bias, or for a non-indexed draw its first vertex
     * (tgsi.rst), so that VERTEXID_NOBASE + BASEVERTEX == VERTEXID. */
    args.base_vertex =
        f->job->draw.indexed ? f->job->draw.base_vertex : (int32_t)f->job->draw.start;
    args.start_instance = f->job->draw.start_instance;
    args.res = &st->shaders->res[SWR_STAGE_VS];
    for (int l = 0; l < 8; l++)
        args.instance_id.v[l] = (int32_t)f->instance;
    /* Per-vertex elements inside their buffers for the ids of the chunk:
     * the range tests once here instead of per batch (the tail batch's
     * extra lanes repeat an id of the chunk). */
    fe_fetch_range range;
    const bool ranged =
        fe_fetch_prepare_range(&st->layout->plan, st->buffers->vb, f->vid_lo, f->vid_hi, &range);
    const bool prof = f->prof, toss_vs = KNOB_TOSS_VS;
    for (uint32_t b = 0; b * 8 < num_unique; b++) {
        uint32_t n = num_unique - b * 8 < 8 ? num_unique - b * 8 : 8;
        uint32_t mask = (1u << n) - 1;
        int32_t vid[8];
        if (n == 8)
            memcpy(vid, &s->vids[b * 8], sizeof vid);
        else
            for (uint32_t l = 0; l < 8; l++)
                vid[l] = s->vids[b * 8 + (l < n ? l : 0)];
        if (prof)
            prof_begin(PROF_FEFetchShader);
        if (ranged)
            fe_fetch8_range(&range, vid, inst_ids, f->job->draw.start_instance, mask, s->vs_in);
        else
            fe_fetch8(&st->layout->plan, st->buffers->vb, vid, inst_ids,
                      f->job->draw.start_instance, mask, s->vs_in);
        if (prof)
            prof_end(PROF_FEFetchShader);
        if (toss_vs)
            continue;
        memcpy(args.vertex_id.v, vid, sizeof vid);
        args.outputs = &s->vs_out[(size_t)b * vs->num_outputs];
        args.active_mask = mask;
        if (prof)
            prof_begin(PROF_FEVertexShader);
        vs->func(vs->shader, &args);
        if (prof)
            prof_end(PROF_FEVertexShader);
    }
    if (!toss_vs)
        f->cnt->vs_invocations += num_unique;
}

/* Outcodes and window positions of the shaded vertices from `first` (a
 * multiple of 8) on, 8 at a time, for draws where all primitives use
 * viewport 0 (no viewport-index output): the per-triangle work then only
 * combines three precomputed vertices. (fe_tri8_run computes those of its
 * whole groups itself when f->seq_fused, and asks only for the rest.) */
bool fe_transform_vertices(fe_ctx *f, uint32_t num_unique, uint32_t first)
{
    rast_scratch *s = f->s;
    uint32_t cap = (num_unique + 7) & ~7u;
    if (cap > s->vtx_cap) {
        free(s->vcodes);
        free(s->vwin);
        s->vcodes = aligned_alloc(32, (size_t)cap * sizeof(uint32_t));
        s->vwin = aligned_alloc(32, (size_t)cap * 4 * sizeof(float));
        s->vtx_cap = s->vcodes && s->vwin ? cap : 0;
        if (!s->vtx_cap)
            return false;
    }
    const swr_rasterizer_state *rs = f->rs;
    size_t stride = s->vtx_cap;
    fe_xform xf;
    fe_xform_init(f, &xf);
    const vf8 zero = vf8_zero();
    /* Records for the gather-free path of fe_tri8_run (not needed
     * when the slots are sequential: plain loads serve that case). */
    const uint32_t rw = f->seq_slots ? 0 : f->vrec_words;
    if (rw && (size_t)cap * rw > s->vrec_cap) {
        free(s->vrec);
        s->vrec = aligned_alloc(64, (size_t)cap * rw * sizeof(float));
        s->vrec_cap = s->vrec ? (size_t)cap * rw : 0;
        if (!s->vrec)
            return false;
    }
    const float *vo = (const float *)s->vs_out;
    const uint32_t batch = f->num_outputs * (uint32_t)(sizeof(swr_simd_vec4) / sizeof(float));
    const uint32_t attr_floats = f->vrec_attr ? f->num_attribs * 4 : 0;
    /* The state the loop reads, in locals: its stores cannot change them,
     * but the compiler cannot tell. */
    const swr_simd_vec4 *const vs_out = s->vs_out;
    const uint32_t num_outputs = f->num_outputs, position_slot = f->vs->position_slot;
    const uint32_t clip_dist = rs->clip_distance_enable & 0xffu;
    float *const vwin = s->vwin;
    uint32_t *const vcodes = s->vcodes;
    assert(first % 8 == 0);
    for (uint32_t b = first / 8; b * 8 < num_unique; b++) {
        const swr_simd_vec4 *pos = &vs_out[(size_t)b * num_outputs + position_slot];
        vf8 x = vf8_load(pos->v[0]), y = vf8_load(pos->v[1]), z = vf8_load(pos->v[2]),
            w = vf8_load(pos->v[3]);
        vi8 user = vi8_zero();
        for (uint32_t ce = clip_dist; ce; ce &= ce - 1) {
            const int k = __builtin_ctz(ce);
            uint8_t slot = f->vs->clip_dist_slot[k >> 2];
            vf8 cd = slot < num_outputs ? vf8_load(vs_out[(size_t)b * num_outputs + slot].v[k & 3])
                                        : zero;
            user = vi8_or(user, vi8_andnot(vf8_ge(cd, zero), vi8_set1(OUT_USER << k)));
        }
        vf8 wx, wy, wz, iw;
        vi8 c = fe_vertex8(&xf, x, y, z, w, user, &wx, &wy, &wz, &iw);
        vi8_store(&vcodes[b * 8], c);
        vf8_store(&vwin[b * 8], wx);
        vf8_store(&vwin[stride + b * 8], wy);
        vf8_store(&vwin[2 * stride + b * 8], wz);
        vf8_store(&vwin[3 * stride + b * 8], iw);
        if (!rw)
            continue;
        /* The snap of fe_tri8_run, once per vertex instead of once
         * per triangle corner (the same operation on the same value). */
        const vf8 k256 = vf8_set1(256.0f);
        float *rec = s->vrec + (size_t)b * 8 * rw;
        vf8 r[8] = {vi8_as_vf8(c),
                    vi8_as_vf8(vf8_to_vi8_round(vf8_mul(wx, k256))),
                    vi8_as_vf8(vf8_to_vi8_round(vf8_mul(wy, k256))),
                    wz,
                    iw,
                    zero,
                    zero,
                    zero};
        vf8_transpose8(r);
        for (int l = 0; l < 8; l++)
            vf8_store_aligned(rec + (size_t)l * rw, r[l]);
        /* PS-input component j of the vertex (fe_gather_attribs, front
         * facing; 0 where the source is invalid), 8 components per
         * transpose. */
        for (uint32_t j0 = 0; j0 < attr_floats; j0 += 8) {
            for (uint32_t t = 0; t < 8; t++) {
                int32_t o = j0 + t < attr_floats ? f->attr_off[0][j0 + t] : -1;
                r[t] = o < 0 ? zero : vf8_load(vo + (size_t)b * batch + (uint32_t)o);
            }
            vf8_transpose8(r);
            for (int l = 0; l < 8; l++)
                vf8_store_aligned(rec + (size_t)l * rw + FE_VREC_POS_WORDS + j0, r[l]);
        }
    }
    return true;
}
