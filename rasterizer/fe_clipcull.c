/*
 * fe_clipcull.c: clipping and culling, one primitive at a time.
 *
 * In:  a primitive of the chunk (fe_prim) and the VS slots of its vertices
 *      (shaded: s->vs_out). Out: the primitive in window space handed to
 *      setup (fe_setup.c), or nothing: NaN/Inf positions and primitives
 *      outside one plane are dropped; primitives that leave the guard band,
 *      cross near/far, have w <= 0 or a negative clip distance go through
 *      the exact clipper (fe_clip.c) and come back as a fan (triangles) or
 *      a shorter line.
 * Thread: the worker that claimed the chunk.
 *
 * Lines and points always come here, and triangles when the chunk has no
 * per-vertex data (window-space positions, several viewports) or when
 * fe_tri8.c found that they need clipping. Lines of stippled strips carry
 * the stipple counter (fe_ctx.stip_*).
 */
#include "rasterizer/fe_chunk.h"

#include "rasterizer/fe_clip.h"

/* fe_setup_triangle of unsnapped window-space vertices. */
static void emit_triangle(fe_ctx *f, const fe_win_vertex v[3], const fe_attr_src *src,
                          uint8_t edge_flags, uint32_t prim_id, uint32_t vp, float point_size)
{
    int32_t xf[3], yf[3];
    for (int k = 0; k < 3; k++) {
        xf[k] = fe_snap_fx8(v[k].x);
        yf[k] = fe_snap_fx8(v[k].y);
    }
    fe_setup_triangle(f, v, xf, yf, src, edge_flags, prim_id, vp, point_size);
}

typedef struct fe_clip_vertex_buf {
    float v[FE_CLIP_ATTR + 2 * FE_ATTR_FLOATS];
} fe_clip_vertex_buf;

/* Builds a clip vertex from VS slot `slot`: position, clip distances and the
 * PS inputs for both facings. */
static void make_clip_vertex(const fe_ctx *f, uint32_t slot, float *cv)
{
    const swr_vs_state *vs = f->vs;
    for (int c = 0; c < 4; c++)
        cv[FE_CLIP_POS + c] = fe_vs_out(f, slot, vs->position_slot, c);
    for (int d = 0; d < 8; d++) {
        uint8_t s = vs->clip_dist_slot[d >> 2];
        cv[FE_CLIP_DIST + d] = s < f->num_outputs ? fe_vs_out(f, slot, s, d & 3) : 0.0f;
    }
    fe_gather_attribs(f, slot, true, cv + FE_CLIP_ATTR);
    fe_gather_attribs(f, slot, false, cv + FE_CLIP_ATTR + FE_ATTR_FLOATS);
}

static bool to_window(const fe_ctx *f, const float *pos, uint32_t vp, fe_win_vertex *out)
{
    if (f->rs->window_space_position) {
        out->x = pos[0], out->y = pos[1], out->z = pos[2];
        out->inv_w = 1.0f;
        return isfinite(pos[0]) && isfinite(pos[1]) && isfinite(pos[2]);
    }
    const swr_viewport *v = &f->st->raster->vp[vp];
    float iw = 1.0f / pos[3];
    out->x = pos[0] * iw * v->scale[0] + v->translate[0];
    out->y = pos[1] * iw * v->scale[1] + v->translate[1];
    out->z = pos[2] * iw * v->scale[2] + v->translate[2];
    out->inv_w = iw;
    return true;
}

static uint32_t outcode(const fe_ctx *f, const float *cv, uint32_t vp)
{
    float x = cv[0], y = cv[1], z = cv[2], w = cv[3];
    if (!(isfinite(x) && isfinite(y) && isfinite(z) && isfinite(w)))
        return OUT_NAN;
    const swr_rasterizer_state *rs = f->rs;
    uint32_t c = 0;
    if (x < -w)
        c |= OUT_LEFT;
    if (x > w)
        c |= OUT_RIGHT;
    if (y < -w)
        c |= OUT_BOTTOM;
    if (y > w)
        c |= OUT_TOP;
    if (rs->depth_clip_near && z < (rs->clip_halfz ? 0.0f : -w))
        c |= OUT_NEAR;
    if (rs->depth_clip_far && z > w)
        c |= OUT_FAR;
    for (int d = 0; d < 8; d++) {
        if ((rs->clip_distance_enable >> d) & 1) {
            float cd = cv[FE_CLIP_DIST + d];
            if (!(cd >= 0.0f))
                c |= OUT_USER << d;
        }
    }
    if (!(w > 0.0f))
        c |= OUT_W;
    else if (fabsf(x) > f->st->vp[vp].guard_x * w || fabsf(y) > f->st->vp[vp].guard_y * w)
        c |= OUT_GUARD;
    return c;
}

static void fill_clip_params(const fe_ctx *f, uint32_t vp, fe_clip_params *cp)
{
    memset(cp, 0, sizeof *cp);
    cp->guard_x = f->st->vp[vp].guard_x;
    cp->guard_y = f->st->vp[vp].guard_y;
    cp->clip_near = f->rs->depth_clip_near;
    cp->clip_far = f->rs->depth_clip_far;
    cp->halfz = f->rs->clip_halfz;
    cp->user_planes = f->rs->clip_distance_enable;
    cp->num_attr_floats = 2 * FE_ATTR_FLOATS;
    cp->noperspective = NULL;
}

/* One triangle, the general way: triangles that need clipping, and draws
 * without per-vertex data (window-space positions, several viewports).
 * Unclipped triangles of the common case go through fe_tri8_run. */
void fe_clipcull_triangle(fe_ctx *f, const fe_prim *pr, const uint32_t slots[3])
{
    uint32_t prov = slots[pr->provoking];
    uint32_t vp = fe_prim_viewport(f, prov);
    bool points = f->rs->fill_front == SWR_FILL_POINT || f->rs->fill_back == SWR_FILL_POINT;
    float psize = points ? fe_prim_point_size(f, prov) : 0.0f;
    const swr_vs_state *vs = f->vs;

    if (f->rs->window_space_position) {
        fe_win_vertex wv[3];
        float attr[3][2 * FE_ATTR_FLOATS];
        for (int k = 0; k < 3; k++) {
            float pos[4];
            for (int c = 0; c < 4; c++)
                pos[c] = fe_vs_out(f, slots[k], vs->position_slot, c);
            if (!to_window(f, pos, vp, &wv[k]))
                return;
            if (fabsf(wv[k].x) >= RAST_GUARD_BAND || fabsf(wv[k].y) >= RAST_GUARD_BAND)
                return; /* nothing to clip against in window space; drop */
            fe_gather_attribs(f, slots[k], true, attr[k]);
            fe_gather_attribs(f, slots[k], false, attr[k] + FE_ATTR_FLOATS);
        }
        fe_attr_src src = {NULL, 0, {attr[0], attr[1], attr[2]}, attr[pr->provoking]};
        f->cnt->c_primitives++;
        emit_triangle(f, wv, &src, pr->edge_flags, pr->prim_id, vp, psize);
        return;
    }

    fe_clip_vertex_buf cv[3];
    uint32_t codes[3];
    prof_begin(PROF_FEClipTriangles);
    for (int k = 0; k < 3; k++) {
        make_clip_vertex(f, slots[k], cv[k].v);
        codes[k] = outcode(f, cv[k].v, vp);
    }
    uint32_t any = codes[0] | codes[1] | codes[2];
    if ((any & OUT_NAN) || (codes[0] & codes[1] & codes[2] & OUT_REJECT_MASK)) {
        prof_end(PROF_FEClipTriangles);
        return;
    }
    if (!(any & OUT_CLIP_MASK)) {
        prof_end(PROF_FEClipTriangles);
        fe_win_vertex wv[3];
        for (int k = 0; k < 3; k++)
            to_window(f, cv[k].v, vp, &wv[k]);
        fe_attr_src src = {slots, prov, {NULL, NULL, NULL}, NULL};
        f->cnt->c_primitives++;
        emit_triangle(f, wv, &src, pr->edge_flags, pr->prim_id, vp, psize);
        return;
    }
    /* Exact clipping; the polygon comes back as a fan. */
    fe_clip_params cp;
    fill_clip_params(f, vp, &cp);
    static __thread fe_clip_vertex_buf poly[FE_CLIP_MAX_VERTS];
    uint8_t poly_edges[FE_CLIP_MAX_VERTS];
    uint32_t n =
        fe_clip_triangle(&cp, cv[0].v, cv[1].v, cv[2].v, pr->edge_flags, poly[0].v, poly_edges);
    prof_end(PROF_FEClipTriangles);
    if (n < 3)
        return;
    f->cnt->c_primitives += n - 2; /* the fan below */
    uint32_t stride = FE_CLIP_ATTR + 2 * FE_ATTR_FLOATS;
    fe_win_vertex wv[FE_CLIP_MAX_VERTS];
    for (uint32_t k = 0; k < n; k++)
        to_window(f, poly[0].v + k * stride, vp, &wv[k]);
    const float *prov_attr = cv[pr->provoking].v + FE_CLIP_ATTR;
    for (uint32_t k = 1; k + 1 < n; k++) {
        fe_win_vertex t[3] = {wv[0], wv[k], wv[k + 1]};
        fe_attr_src src = {NULL,
                           0,
                           {poly[0].v + FE_CLIP_ATTR, poly[0].v + k * stride + FE_CLIP_ATTR,
                            poly[0].v + (k + 1) * stride + FE_CLIP_ATTR},
                           prov_attr};
        /* Fan edges: (0,k) is a polygon edge only for k == 1, (k,k+1) always,
         * (k+1,0) only for the last triangle. */
        uint8_t e = (uint8_t)((poly_edges[k] ? 2 : 0) | (k == 1 && poly_edges[0] ? 1 : 0) |
                              (k + 2 == n && poly_edges[n - 1] ? 4 : 0));
        emit_triangle(f, t, &src, e, pr->prim_id, vp, psize);
    }
}

/* Inline (as process_point): fe_clipcull_run calls them per primitive. */
static inline __attribute__((always_inline)) void process_line(fe_ctx *f, const fe_prim *pr,
                                                               const uint32_t slots[2])
{
    uint32_t prov = slots[pr->provoking];
    uint32_t vp = fe_prim_viewport(f, prov);
    fe_clip_vertex_buf cv[2];
    if (f->rs->line_stipple_enable) {
        /* A line continues the counter iff it starts where the previous one
         * ended (strips, loops); a rejected line leaves it unchanged. */
        f->stip_start = f->stip_chain && pr->v[0] == f->stip_prev_v1 ? f->stip_end : 0;
        f->stip_end = f->stip_start;
        f->stip_chain = true;
        f->stip_prev_v1 = pr->v[1];
    }
    prof_begin(PROF_FEClipLines);
    for (int k = 0; k < 2; k++)
        make_clip_vertex(f, slots[k], cv[k].v);
    fe_win_vertex wv[2];
    float out[2][FE_CLIP_ATTR + 2 * FE_ATTR_FLOATS];
    const float *a0 = cv[0].v, *a1 = cv[1].v;
    if (f->rs->window_space_position) {
        if (!to_window(f, cv[0].v, vp, &wv[0]) || !to_window(f, cv[1].v, vp, &wv[1])) {
            prof_end(PROF_FEClipLines);
            return;
        }
    } else {
        uint32_t c0 = outcode(f, cv[0].v, vp), c1 = outcode(f, cv[1].v, vp);
        if (((c0 | c1) & OUT_NAN) || (c0 & c1 & OUT_REJECT_MASK)) {
            prof_end(PROF_FEClipLines);
            return;
        }
        if ((c0 | c1) & OUT_CLIP_MASK) {
            fe_clip_params cp;
            fill_clip_params(f, vp, &cp);
            if (fe_clip_line(&cp, cv[0].v, cv[1].v, out[0]) != 2) {
                prof_end(PROF_FEClipLines);
                return;
            }
            a0 = out[0];
            a1 = out[1];
        }
        to_window(f, a0, vp, &wv[0]);
        to_window(f, a1, vp, &wv[1]);
    }
    prof_end(PROF_FEClipLines);
    if (!f->count_only)
        f->cnt->c_primitives++;
    fe_setup_line(f, wv, a0 + FE_CLIP_ATTR, a1 + FE_CLIP_ATTR, cv[pr->provoking].v + FE_CLIP_ATTR,
                  0.0f, pr->prim_id, true, vp);
}

static inline __attribute__((always_inline)) void process_point(fe_ctx *f, const fe_prim *pr,
                                                                uint32_t slot)
{
    uint32_t vp = fe_prim_viewport(f, slot);
    fe_clip_vertex_buf cv;
    make_clip_vertex(f, slot, cv.v);
    fe_win_vertex wv;
    if (f->rs->window_space_position) {
        if (!to_window(f, cv.v, vp, &wv))
            return;
    } else {
        fe_clip_params cp;
        fill_clip_params(f, vp, &cp);
        if (!fe_clip_point_visible(&cp, cv.v))
            return;
        to_window(f, cv.v, vp, &wv);
    }
    f->cnt->c_primitives++;
    fe_setup_point(f, &wv, cv.v + FE_CLIP_ATTR, fe_prim_point_size(f, slot), 0.0f, pr->prim_id,
                   true, vp);
}

/* The loop of rast_fe_run for one instance of the chunk, by primitive
 * kind (nv: vertices per primitive). */
void fe_clipcull_run(fe_ctx *f, uint32_t n, uint32_t nv)
{
    rast_scratch *s = f->s;
    const uint32_t begin = f->job->begin;
    for (uint32_t i = 0; i < n && !f->bins->out_of_memory; i++) {
        const fe_prim *pr = &s->prims[i];
        const uint32_t *sl = &s->prim_slots[i * 3];
        if (nv == 3)
            fe_clipcull_triangle(f, pr, sl);
        else if (nv == 2) {
            /* A primitive belongs to the chunk holding its last position. */
            f->count_only = f->stip && pr->v[0] < begin && pr->v[1] < begin;
            process_line(f, pr, sl);
        } else
            process_point(f, pr, sl[0]);
    }
}
