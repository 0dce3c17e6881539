/*
 * fe_setup.c: primitive setup (SETUP_TRIS), window-space primitives ->
 * be_prim records, binned at once (fe_bin_prim).
 *
 * In:  one triangle, line or point in window space with the sources of its
 *      PS inputs (fe_attr_src: VS slots or clip vertices). Out: a be_prim in
 *      the draw context's arena (rast_priv.h: edge functions or the line or
 *      point shape, the barycentric and depth planes with polygon offset,
 *      attribute triplets), appended to the bins.
 * Thread: the worker that claimed the chunk.
 *
 * Triangles: snap to 24.8, edge setup (rast_tri_setup, fe_setup_tri.c),
 * zero-area and face cull, box clipped to the viewport rectangle; polygon
 * mode LINE and POINT turn the boundary edges / vertices into lines and
 * points. Lines and points: their shapes (fe_setup_line.c) and the stipple
 * counter of strips (fe_ctx.stip_*). The unclipped triangles of the common
 * case take fe_tri8.c instead, which does the same 8 at a time and comes
 * here only for non-filled ones.
 */
#include "rasterizer/fe_chunk.h"

/* Largest point size we rasterize; bigger sizes are clamped. */
#define FE_MAX_POINT_SIZE 4096.0f

static bool rect_intersect(swr_rect *r, const swr_rect *c)
{
    if (r->x0 < c->x0)
        r->x0 = c->x0;
    if (r->y0 < c->y0)
        r->y0 = c->y0;
    if (r->x1 > c->x1)
        r->x1 = c->x1;
    if (r->y1 > c->y1)
        r->y1 = c->y1;
    return r->x0 < r->x1 && r->y0 < r->y1;
}

/* be_prim.tri_flags of a set-up triangle (rast_tri_cover_inline's choice). */
static inline uint8_t tri_flags_of(const rast_tri *tri)
{
    bool small =
        tri->bbox.x1 - tri->bbox.x0 <= SMALL_TRI_PX && tri->bbox.y1 - tri->bbox.y0 <= SMALL_TRI_PX;
    return (uint8_t)((small ? BE_TRI_SMALL : 0) | (tri->small_edges ? BE_TRI_SMALL_EDGES : 0));
}

/* ---- lines and points ----------------------------------------------------------- */

void fe_setup_line(fe_ctx *f, const fe_win_vertex v[2], const float *attr0, const float *attr1,
                   const float *attr_prov, float z_offset, uint32_t prim_id, bool front,
                   uint32_t vp)
{
    int32_t xf[2] = {fe_snap_fx8(v[0].x), fe_snap_fx8(v[1].x)};
    int32_t yf[2] = {fe_snap_fx8(v[0].y), fe_snap_fx8(v[1].y)};
    rast_line line;
    bool live = rast_line_setup(xf, yf, f->rs->line_width, f->rs->line_last_pixel,
                                f->st->sample_offset_fx8, &line);
    /* Smooth: the footprint is the pixels meeting the w-wide rectangle
     * (rast_priv.h); interpolation keeps the line's t plane. Its
     * stipple counts unit rectangles, not fragments. */
    bool smooth = f->rs->line_smooth;
    be_smooth sm;
    bool smooth_live = false;
    if (smooth) {
        sm.disc = false;
        sm.x_fx8 = sm.y_fx8 = 0;
        sm.size = 0.0f;
        smooth_live = rast_smooth_line_setup(xf, yf, f->rs->line_width, &sm.line);
    }
    if (f->rs->line_stipple_enable) {
        uint32_t n =
            smooth
                ? (smooth_live ? rast_smooth_line_stipple(&sm.line, f->rs->line_stipple_pattern,
                                                          f->rs->line_stipple_factor, f->stip_start)
                               : 0)
                : rast_line_stipple(&line, f->rs->line_stipple_pattern, f->rs->line_stipple_factor,
                                    f->stip_start, f->st->sample_offset_fx8);
        f->stip_end = f->stip_start + n;
    }
    if (!live || f->count_only || (smooth && !smooth_live))
        return;
    swr_rect bbox = smooth ? sm.line.bbox : line.bbox;
    if (!rect_intersect(&bbox, &f->st->vp[vp].rect))
        return;
    uint8_t kind = smooth ? BE_PRIM_SMOOTH : BE_PRIM_LINE;
    be_prim *p = fe_alloc_prim(f, kind);
    if (!p)
        return;
    p->kind = kind;
    p->front_facing = front;
    p->tri_flags = 0;
    p->viewport = (uint8_t)vp;
    p->prim_id = prim_id;
    p->bbox = bbox;
    p->x_ref = p->y_ref = 0.0f;
    p->b1[0] = line.t_a, p->b1[1] = line.t_b, p->b1[2] = line.t_c;
    p->b2[0] = p->b2[1] = p->b2[2] = 0.0f;
    float dz = v[1].z - v[0].z;
    p->z[0] = dz * line.t_a;
    p->z[1] = dz * line.t_b;
    p->z[2] = v[0].z + dz * line.t_c + z_offset;
    p->inv_w[0] = v[0].inv_w, p->inv_w[1] = v[1].inv_w, p->inv_w[2] = v[0].inv_w;
    if (smooth)
        *be_smooth_of(p, f->num_attribs) = sm;
    else
        *be_line_of(p, f->num_attribs) = line;
    for (uint32_t i = 0; i < f->num_attribs; i++) {
        bool flat = f->st->interp[i] == SWR_INTERP_CONSTANT;
        for (uint32_t c = 0; c < 4; c++) {
            float *t = &p->attribs[(i * 4 + c) * 3];
            if (flat) {
                t[0] = attr_prov[i * 4 + c], t[1] = 0.0f, t[2] = 0.0f;
            } else {
                t[0] = attr0[i * 4 + c];
                t[1] = attr1[i * 4 + c] - attr0[i * 4 + c];
                t[2] = 0.0f;
            }
        }
    }
    fe_bin_prim(f, p, PROF_FEBinLines);
}

void fe_setup_point(fe_ctx *f, const fe_win_vertex *v, const float *attr, float size,
                    float z_offset, uint32_t prim_id, bool front, uint32_t vp)
{
    if (!(size > 0.0f))
        return; /* NaN or non-positive size */
    if (size > FE_MAX_POINT_SIZE)
        size = FE_MAX_POINT_SIZE;
    const swr_rasterizer_state *rs = f->rs;
    bool exact = rs->point_sprite || rs->point_quad_rasterization;
    int32_t xf = fe_snap_fx8(v->x), yf = fe_snap_fx8(v->y);
    /* Smooth: the pixels meeting the disc of diameter size (rast_priv.h). */
    bool smooth = rs->point_smooth;
    swr_rect rect = smooth ? rast_smooth_point_rect(xf, yf, size)
                           : rast_point_rect(xf, yf, size, exact, f->st->sample_offset_fx8);
    if (!rect_intersect(&rect, &f->st->vp[vp].rect))
        return;
    uint8_t kind = smooth ? BE_PRIM_SMOOTH : BE_PRIM_RECT;
    be_prim *p = fe_alloc_prim(f, kind);
    if (!p)
        return;
    p->kind = kind;
    if (smooth) {
        be_smooth *sm = be_smooth_of(p, f->num_attribs);
        memset(&sm->line, 0, sizeof sm->line);
        sm->disc = true;
        sm->x_fx8 = xf;
        sm->y_fx8 = yf;
        sm->size = size;
    }
    p->front_facing = front;
    p->tri_flags = 0;
    p->viewport = (uint8_t)vp;
    p->prim_id = prim_id;
    p->bbox = rect;
    p->x_ref = p->y_ref = 0.0f;
    /* Sprite coordinates: s = 1/2 + (x - xc) / size, t likewise in y (y down
     * in window space; a lower-left origin flips t). */
    float xc = (float)xf / 256.0f, yc = (float)yf / 256.0f, inv = 1.0f / size;
    float tsign = rs->sprite_origin_lower_left ? -1.0f : 1.0f;
    p->b1[0] = inv, p->b1[1] = 0.0f, p->b1[2] = 0.5f - xc * inv;
    p->b2[0] = 0.0f, p->b2[1] = tsign * inv, p->b2[2] = 0.5f - tsign * yc * inv;
    p->z[0] = p->z[1] = 0.0f;
    p->z[2] = v->z + z_offset;
    p->inv_w[0] = p->inv_w[1] = p->inv_w[2] = v->inv_w;
    for (uint32_t i = 0; i < f->num_attribs; i++) {
        bool sprite = (f->st->sprite_mask >> i) & 1;
        for (uint32_t c = 0; c < 4; c++) {
            float *t = &p->attribs[(i * 4 + c) * 3];
            if (sprite) {
                /* (s, t, 0, 1) */
                t[0] = c == 3 ? 1.0f : 0.0f;
                t[1] = c == 0 ? 1.0f : 0.0f;
                t[2] = c == 1 ? 1.0f : 0.0f;
            } else {
                t[0] = attr[i * 4 + c], t[1] = 0.0f, t[2] = 0.0f;
            }
        }
    }
    fe_bin_prim(f, p, PROF_FEBinPoints);
}

/* Resolves the values of the three vertices and the provoking vertex for
 * the given facing; buf provides storage for the SoA case. */
static void resolve_attribs(const fe_ctx *f, const fe_attr_src *src, bool front,
                            float (*buf)[FE_ATTR_FLOATS], const float *av[3], const float **ap)
{
    if (src->slots) {
        for (int k = 0; k < 3; k++) {
            fe_gather_attribs(f, src->slots[k], front, buf[k]);
            av[k] = buf[k];
        }
        if (f->st->has_flat) {
            fe_gather_attribs(f, src->prov_slot, front, buf[3]);
            *ap = buf[3];
        } else {
            *ap = buf[0]; /* unused: no input is flat */
        }
        return;
    }
    for (int k = 0; k < 3; k++)
        av[k] = src->aos[k] + (front ? 0 : FE_ATTR_FLOATS);
    *ap = src->aos_prov + (front ? 0 : FE_ATTR_FLOATS);
}

/* One triangle in window space, snapped (fe_chunk.h). Filled: one be_prim
 * with its planes; other fill modes: its boundary edges as lines or its
 * vertices as points. */
void fe_setup_triangle(fe_ctx *f, const fe_win_vertex v[3], const int32_t xf[3],
                       const int32_t yf[3], const fe_attr_src *src, uint8_t edge_flags,
                       uint32_t prim_id, uint32_t vp, float point_size)
{
    const swr_rasterizer_state *rs = f->rs;
    const rast_draw_state *st = f->st;
    prof_begin(PROF_FETriangleSetup);
    rast_tri tri;
    int64_t area2;
    bool nonzero =
        rast_tri_setup(xf, yf, st->sample_offset_fx8, rs->bottom_edge_rule, &tri, &area2);
    prof_end(PROF_FETriangleSetup);
    /* In y-down window coordinates a positive area2 runs clockwise as seen on
     * screen; GL's counter-clockwise (front by default) is area2 < 0. The
     * viewport's y flip keeps what is seen on screen, so this is GL's sense. */
    bool ccw = area2 < 0;
    bool front = rs->front_ccw ? ccw : !ccw;
    if (!nonzero || (rs->cull_face & (front ? SWR_FACE_FRONT : SWR_FACE_BACK))) {
        prof_event(PROF_FECullZeroAreaAndBackface, 1);
        return;
    }
    uint8_t fill = front ? rs->fill_front : rs->fill_back;
    float abuf[4][FE_ATTR_FLOATS];
    const float *av[3], *ap;

    /* Depth slopes (needed for polygon offset in every fill mode). */
    double x0 = xf[0] / 256.0, y0 = yf[0] / 256.0;
    double x1 = xf[1] / 256.0 - x0, y1 = yf[1] / 256.0 - y0;
    double x2 = xf[2] / 256.0 - x0, y2 = yf[2] / 256.0 - y0;
    double area = x1 * y2 - x2 * y1;
    double inv_area = 1.0 / area;
    double dz1 = (double)v[1].z - v[0].z, dz2 = (double)v[2].z - v[0].z;
    float dzdx = (float)((dz1 * y2 - dz2 * y1) * inv_area);
    float dzdy = (float)((dz2 * x1 - dz1 * x2) * inv_area);

    if (fill != SWR_FILL_FILL) {
        resolve_attribs(f, src, front, abuf, av, &ap);
        bool offset = fill == SWR_FILL_LINE ? rs->offset_line : rs->offset_point;
        float z_off = offset ? fe_polygon_offset(f, dzdx, dzdy) : 0.0f;
        for (int k = 0; k < 3; k++) {
            if (!((edge_flags >> k) & 1))
                continue;
            if (fill == SWR_FILL_LINE) {
                int k1 = (k + 1) % 3;
                fe_win_vertex e[2] = {v[k], v[k1]};
                fe_setup_line(f, e, av[k], av[k1], ap, z_off, prim_id, front, vp);
            } else {
                fe_setup_point(f, &v[k], av[k], point_size, z_off, prim_id, front, vp);
            }
        }
        return;
    }

    swr_rect bbox = tri.bbox;
    if (!rect_intersect(&bbox, &st->vp[vp].rect)) {
        prof_event(PROF_FECullBetweenCenters, 1);
        return;
    }
    be_prim *p = fe_alloc_prim(f, BE_PRIM_TRI);
    if (!p)
        return;
    p->kind = BE_PRIM_TRI;
    p->front_facing = front;
    p->tri_flags = tri_flags_of(&tri);
    p->viewport = (uint8_t)vp;
    p->prim_id = prim_id;
    p->bbox = bbox;
    p->x_ref = (float)x0;
    p->y_ref = (float)y0;
    p->b1[0] = (float)(y2 * inv_area), p->b1[1] = (float)(-x2 * inv_area), p->b1[2] = 0.0f;
    p->b2[0] = (float)(-y1 * inv_area), p->b2[1] = (float)(x1 * inv_area), p->b2[2] = 0.0f;
    float z_off = rs->offset_tri ? fe_polygon_offset(f, dzdx, dzdy) : 0.0f;
    p->z[0] = dzdx, p->z[1] = dzdy, p->z[2] = v[0].z + z_off;
    for (int k = 0; k < 3; k++) {
        p->inv_w[k] = v[k].inv_w;
        p->tri.a[k] = (int32_t)tri.a[k]; /* |a|, |b| < 2^24 (be_tri) */
        p->tri.b[k] = (int32_t)tri.b[k];
        p->tri.c[k] = tri.c[k];
    }
    if (src->slots) {
        fe_soa_attribs(f, p, src->slots, src->prov_slot, front);
        fe_bin_prim(f, p, PROF_FEBinTriangles);
        return;
    }
    resolve_attribs(f, src, front, abuf, av, &ap);
    for (uint32_t i = 0; i < f->num_attribs; i++) {
        bool flat = st->interp[i] == SWR_INTERP_CONSTANT;
        for (uint32_t c = 0; c < 4; c++) {
            float *t = &p->attribs[(i * 4 + c) * 3];
            uint32_t j = i * 4 + c;
            if (flat) {
                t[0] = ap[j], t[1] = 0.0f, t[2] = 0.0f;
            } else {
                t[0] = av[0][j];
                t[1] = av[1][j] - av[0][j];
                t[2] = av[2][j] - av[0][j];
            }
        }
    }
    fe_bin_prim(f, p, PROF_FEBinTriangles);
}
