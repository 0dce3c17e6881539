/*
 * fe_chunk.h: the context of one frontend chunk, shared by the frontend's
 * stage files (private to them; rast_priv.h has what the frontend and the
 * backend share).
 *
 * fe_draw.c's rast_fe_run fills an fe_ctx once per chunk and passes it down
 * the stages, in order:
 *   fe_dedupe.c    one VS slot per distinct vertex (fe_dedupe_vertices)
 *   fe_vs.c        fetch + vertex shader per batch of 8 slots (fe_run_vs);
 *                  outcodes and window positions per slot
 *                  (fe_transform_vertices)
 *   fe_gs.c        the geometry shader, when one is bound (fe_gs_prepare
 *                  instead of fe_dedupe, fe_gs_run after fe_run_vs)
 *   fe_so.c        stream output of the assembled primitives (fe_so_run)
 *   fe_clipcull.c  one primitive at a time: reject, clip, to window space
 *   fe_tri8.c      unclipped triangles of viewport 0, 8 at a time
 *   fe_setup.c     be_prim records of triangles, lines and points
 *   fe_bin.c       the records into the macrotiles they touch
 * Everything here runs on the worker that claimed the chunk. The small
 * helpers below are inline because the per-triangle paths of several
 * stages use them: a call per triangle would cost more than they do.
 */
#ifndef FE_CHUNK_H
#define FE_CHUNK_H

#include <math.h>
#include <string.h>

#include "common/simd.h"
#include "knobs/knobs.h"
#include "profiling/prof.h"
#include "rasterizer/rast_priv.h"

/* Per-vertex attribute floats after resolving PS inputs: front values, then
 * back values for two-sided inputs. */
#define FE_ATTR_FLOATS (SWR_MAX_ATTRIBS * 4)
/* Inputs handled by group_attribs and rec_attribs (fe_tri8.c; larger counts
 * take fe_soa_attribs): 4 inputs = 48 floats of staging per lane. */
#define FE_GROUP_ATTRIBS 4
/* Vertex records (fe_transform_vertices): words 0-4 hold the outcode, the
 * snapped x and y (24.8), window z and 1/w, 5-7 are 0; with attributes,
 * the PS-input values follow from word 8, padded with zeros to a multiple
 * of 8 words, so that a record is whole 32-byte rows. */
#define FE_VREC_POS_WORDS 8

typedef struct fe_ctx {
    const rast_fe_job *job;
    const rast_draw_state *st;
    const swr_rasterizer_state *rs;
    /* The slots of the vertices the later stages read: the VS state's, or
     * with a GS gs_view (the GS's slots and output count). fe_run_vs reads
     * the VS state itself. */
    const swr_vs_state *vs;
    const swr_ps_state *ps;
    const swr_gs_state *gs; /* NULL: no geometry shader */
    swr_vs_state gs_view;
    /* GS + stream output: primitives of the draw written before this
     * instance's (the one chunk numbers them itself, rast_so_job). */
    uint64_t gs_so_base;
    rast_bins *bins;
    rast_scratch *s;
    rast_counters *cnt;
    uint32_t num_outputs;
    uint32_t num_attribs;
    uint32_t instance;
    bool per_vertex; /* vcodes/vwin hold every VS slot's outcode and window position */
    bool seq_slots;  /* vertex k of primitive i has VS slot i * nv + k (fe_dedupe) */
    /* seq_slots, and nothing but the batched path reads the window
     * positions of a whole group of 8 triangles (all filled, no polygon
     * offset, no clip distances): fe_tri8 transforms those vertices itself
     * (fe_vertex8) and fe_transform_vertices only the rest. */
    bool seq_fused;
    /* Every distinct vertex id of the chunk lies in [vid_lo, vid_hi]
     * (fe_dedupe; vid_lo > vid_hi when not known): the range of
     * fe_fetch_prepare_range. */
    int32_t vid_lo, vid_hi;
    /* Floats per vertex record in s->vrec (fe_transform_vertices), 0 when there
     * are none; vrec_attr: the records carry the PS-input values too. */
    uint32_t vrec_words;
    bool vrec_attr;
    /* Per PS-input component j = input * 4 + comp, for the front [0] and back
     * [1] facing: the float offset inside a VS slot's batch of that
     * component's source (output * 32 + comp * 8), or -1 when the input is
     * fed by no valid output (reads as 0). See fe_attr_base(). */
    int32_t (*attr_off)[FE_ATTR_FLOATS]; /* [2]: rast_fe_run's array, entries
                                             [0, num_attribs * 4) set */
    bool same_facing_src;                /* attr_off[0] and [1] agree for every component */
    /* Line stipple of a strip or loop (fe_clipcull): the counter at the
     * start of the line being emitted and after it; the previous line's
     * second position (a line continues the strip iff it starts there);
     * count_only: a line of the strip history before this chunk, set up
     * only to advance the counter, never binned. */
    bool stip, stip_chain, count_only;
    uint32_t stip_start, stip_end, stip_prev_v1;
    /* prof_active when the chunk began: the per-batch and per-triangle
     * scopes (fe_run_vs, fe_tri8) open only if it was set, so that
     * with no capture running they cost a test of a local instead of a
     * load of prof_active per call. A capture that starts mid-chunk records
     * from the next chunk on (the chunk's own scope, begun before the
     * capture, is ignored anyway); one that stops mid-chunk stops at once,
     * since prof_begin still checks prof_active. */
    bool prof;
} fe_ctx;

/* A vertex in window space, ready for setup. */
typedef struct fe_win_vertex {
    float x, y, z; /* window coordinates */
    float inv_w;   /* 1 / clip w */
} fe_win_vertex;

/* Where a triangle's PS-input values come from: VS output slots (SoA, the
 * common unclipped case: gathered only for triangles that survive culling)
 * or clip vertices (AoS: front values, then back values). */
typedef struct fe_attr_src {
    const uint32_t *slots; /* 3 VS slots, or NULL */
    uint32_t prov_slot;
    const float *aos[3];
    const float *aos_prov;
} fe_attr_src;

/* ---- the stages (each called once per chunk, or per instance) ------------- */

/* fe_dedupe.c: fills s->prim_slots (3 per primitive, nv used) with the VS
 * slot of every vertex of the n primitives in s->prims and s->vids with the
 * distinct vertex ids in first-use order; sets f->seq_slots, f->vid_lo and
 * f->vid_hi. ib: the chunk's draw's indices from the draw's start (NULL
 * when not indexed). False: out of memory. */
bool fe_dedupe_vertices(fe_ctx *f, const void *ib, uint32_t index_size, uint32_t n, uint32_t nv,
                        uint32_t *num_unique);
/* fe_draw.c: grows the scratch array *p of *cap elements of elem bytes to
 * at least need (contents kept). False: out of memory (*p unchanged). */
bool fe_grow(void **p, uint32_t *cap, uint32_t need, size_t elem);
/* fe_gs.c: with a GS bound, instead of fe_dedupe_vertices: every position
 * from the lowest to the highest the GS reads of the n primitives in
 * s->prims gets a VS slot (s->vids), s->gs_in_slots the slots of each
 * primitive's GS input vertices. False: out of memory. */
bool fe_gs_prepare(fe_ctx *f, const fe_index_source *src, uint32_t n, uint32_t *num_unique);
/* fe_gs.c: runs the GS on the n primitives for the shaded instance in
 * s->vs_out; *n_out primitives of fe_gs_out_verts vertices and *verts_out
 * vertices result (s->gs_prims, gs_prim_slots, gs_vout). False: out of
 * memory. fe_gs_swap exchanges them with s->prims, prim_slots, vs_out. */
bool fe_gs_run(fe_ctx *f, uint32_t n, uint32_t *n_out, uint32_t *verts_out);
void fe_gs_swap(rast_scratch *s);
uint32_t fe_gs_out_verts(const swr_gs_state *gs);
/* fe_vs.c: fetches and shades the num_unique VS slots of instance
 * f->instance into s->vs_out. */
void fe_run_vs(fe_ctx *f, uint32_t num_unique);
/* fe_vs.c: outcodes and window positions (and vertex records) of the
 * shaded slots from `first` (a multiple of 8) on, for viewport 0. False:
 * out of memory (the caller then takes the per-primitive path). */
bool fe_transform_vertices(fe_ctx *f, uint32_t num_unique, uint32_t first);
/* fe_so.c: stream output of the n primitives of nv vertices from
 * s->prims[first] for instance f->instance (f->job->so says where). */
void fe_so_run(fe_ctx *f, uint32_t first, uint32_t n, uint32_t nv);
/* fe_clipcull.c: the n primitives of nv vertices of the chunk, one at a
 * time, through clipping and culling to setup and binning. */
void fe_clipcull_run(fe_ctx *f, uint32_t n, uint32_t nv);
/* fe_clipcull.c: one triangle of the chunk the general way (fe_tri8 sends
 * it the ones that need clipping). */
void fe_clipcull_triangle(fe_ctx *f, const fe_prim *pr, const uint32_t slots[3]);
/* fe_tri8.c: the n triangles of the chunk when f->per_vertex holds. */
void fe_tri8_run(fe_ctx *f, uint32_t n);
/* fe_setup.c: sets up and bins one primitive whose vertices are in window
 * space (triangles: snapped too, xf[k], yf[k] == fe_snap_fx8(v[k].x),
 * fe_snap_fx8(v[k].y); edge_flags: bit k = edge k->k+1 is a boundary edge).
 * src / attr*: the PS-input values of the vertices and the provoking vertex. */
void fe_setup_triangle(fe_ctx *f, const fe_win_vertex v[3], const int32_t xf[3],
                       const int32_t yf[3], const fe_attr_src *src, uint8_t edge_flags,
                       uint32_t prim_id, uint32_t vp, float point_size);
void fe_setup_line(fe_ctx *f, const fe_win_vertex v[2], const float *attr0, const float *attr1,
                   const float *attr_prov, float z_offset, uint32_t prim_id, bool front,
                   uint32_t vp);
void fe_setup_point(fe_ctx *f, const fe_win_vertex *v, const float *attr, float size,
                    float z_offset, uint32_t prim_id, bool front, uint32_t vp);
/* fe_bin.c: the cold parts of fe_bin_prim (a new bin block; a primitive
 * spanning several macrotiles). */
bool fe_bin_append_slow(rast_bins *b, uint32_t tile, const be_prim *prim);
void fe_bin_prim_multi(fe_ctx *f, const be_prim *p, uint32_t tx0, uint32_t tx1, uint32_t ty0,
                       uint32_t ty1);

/* Index `pos` of an index buffer of `size` bytes per index (1, 2 or 4). */
static inline uint32_t fe_read_index(const void *ib, uint32_t size, uint32_t pos)
{
    if (size == 1)
        return ((const uint8_t *)ib)[pos];
    if (size == 2)
        return ((const uint16_t *)ib)[pos];
    return ((const uint32_t *)ib)[pos];
}

/* ---- VS output access ------------------------------------------------------ */

static inline float fe_vs_out(const fe_ctx *f, uint32_t slot, uint32_t out, uint32_t comp)
{
    return f->s->vs_out[(size_t)(slot >> 3) * f->num_outputs + out].v[comp][slot & 7];
}

/* Gathers the PS-input values of VS slot `slot` for the given facing into
 * out[input * 4 + comp]. Inputs fed by an invalid VS slot read as 0. */
static inline void fe_gather_attribs(const fe_ctx *f, uint32_t slot, bool front, float *out)
{
    for (uint32_t i = 0; i < f->num_attribs; i++) {
        const swr_ps_input *in = &f->ps->inputs[i];
        uint32_t vs_slot = in->vs_slot;
        if (!front && in->vs_slot_back != SWR_SLOT_NONE)
            vs_slot = in->vs_slot_back;
        for (uint32_t c = 0; c < 4; c++)
            out[i * 4 + c] = vs_slot < f->num_outputs ? fe_vs_out(f, slot, vs_slot, c) : 0.0f;
    }
}

/* Float offset of slot `slot`'s lane inside a [batch][num_outputs] SoA
 * vertex array (vs_out, gs_vout). */
static inline size_t fe_attr_base_n(uint32_t num_outputs, uint32_t slot)
{
    return (size_t)(slot >> 3) * num_outputs * (sizeof(swr_simd_vec4) / sizeof(float)) + (slot & 7);
}

/* Float offset of VS slot `slot`'s lane inside vs_out: value of output o,
 * component c is at vs_out_floats[fe_attr_base(slot) + o * 32 + c * 8]. */
static inline size_t fe_attr_base(const fe_ctx *f, uint32_t slot)
{
    return (size_t)(slot >> 3) * f->num_outputs * (sizeof(swr_simd_vec4) / sizeof(float)) +
           (slot & 7);
}

/* Attribute triplets of p straight from the SoA VS outputs of the three VS
 * slots (and the provoking one for flat inputs): no per-vertex staging. */
static inline void fe_soa_attribs(const fe_ctx *f, be_prim *p, const uint32_t slots[3],
                                  uint32_t prov_slot, bool front)
{
    const float *vo = (const float *)f->s->vs_out;
    const int32_t *off = f->attr_off[front ? 0 : 1];
    const rast_draw_state *st = f->st;
    size_t b0 = fe_attr_base(f, slots[0]), b1 = fe_attr_base(f, slots[1]),
           b2 = fe_attr_base(f, slots[2]), bp = fe_attr_base(f, prov_slot);
    for (uint32_t i = 0; i < f->num_attribs; i++) {
        bool flat = st->interp[i] == SWR_INTERP_CONSTANT;
        for (uint32_t c = 0; c < 4; c++) {
            uint32_t j = i * 4 + c;
            float *t = &p->attribs[j * 3];
            int32_t o = off[j];
            if (o < 0) {
                t[0] = 0.0f, t[1] = 0.0f, t[2] = 0.0f;
            } else if (flat) {
                t[0] = vo[bp + (uint32_t)o], t[1] = 0.0f, t[2] = 0.0f;
            } else {
                float a0 = vo[b0 + (uint32_t)o];
                t[0] = a0;
                t[1] = vo[b1 + (uint32_t)o] - a0;
                t[2] = vo[b2 + (uint32_t)o] - a0;
            }
        }
    }
}

/* The viewport of a primitive (its provoking vertex's viewport index) and
 * the point size of a vertex. */
static inline uint32_t fe_prim_viewport(const fe_ctx *f, uint32_t prov_slot)
{
    uint8_t s = f->vs->viewport_index_slot;
    if (s >= f->num_outputs || f->st->num_viewports <= 1)
        return 0;
    float fv = fe_vs_out(f, prov_slot, s, 0);
    uint32_t idx;
    memcpy(&idx, &fv, 4);
    return idx < f->st->num_viewports ? idx : 0;
}

static inline float fe_prim_point_size(const fe_ctx *f, uint32_t slot)
{
    if (f->rs->point_size_per_vertex && f->vs->point_size_slot < f->num_outputs)
        return fe_vs_out(f, slot, f->vs->point_size_slot, 0);
    return f->rs->point_size;
}

/* ---- setup ---------------------------------------------------------------- */

static inline int32_t fe_snap_fx8(float v) { return (int32_t)lrintf(v * 256.0f); }

/* Polygon offset for a primitive whose depth slopes are dzdx, dzdy. */
static inline float fe_polygon_offset(const fe_ctx *f, float dzdx, float dzdy)
{
    const swr_rasterizer_state *rs = f->rs;
    float m = fmaxf(fabsf(dzdx), fabsf(dzdy));
    float r = rs->offset_units_unscaled ? 1.0f : f->st->depth_offset_r;
    float off = m * rs->offset_scale + r * rs->offset_units;
    if (rs->offset_clamp > 0.0f)
        off = fminf(off, rs->offset_clamp);
    else if (rs->offset_clamp < 0.0f)
        off = fmaxf(off, rs->offset_clamp);
    return isfinite(off) ? off : 0.0f;
}

/* ---- clip space ---------------------------------------------------------- */

/* Outcode bits of a clip-space vertex. */
enum {
    OUT_LEFT = 1 << 0,
    OUT_RIGHT = 1 << 1,
    OUT_BOTTOM = 1 << 2,
    OUT_TOP = 1 << 3,
    OUT_NEAR = 1 << 4,
    OUT_FAR = 1 << 5,
    OUT_USER = 1 << 6, /* 8 bits of user planes from here */
    OUT_GUARD = 1 << 14,
    OUT_W = 1 << 15,
    OUT_NAN = 1 << 16,
};
#define OUT_REJECT_MASK ((1u << 14) - 1)
#define OUT_CLIP_MASK   (OUT_NEAR | OUT_FAR | (0xffu * OUT_USER) | OUT_GUARD | OUT_W)

/* Viewport 0's constants for fe_vertex8. */
typedef struct fe_xform {
    vf8 sx, sy, sz, tx, ty, tz, gx, gy;
    bool clip_near, clip_far, halfz;
} fe_xform;

static inline void fe_xform_init(const fe_ctx *f, fe_xform *t)
{
    const swr_viewport *v = &f->st->raster->vp[0];
    const rast_viewport_derived *d = &f->st->vp[0];
    t->sx = vf8_set1(v->scale[0]), t->sy = vf8_set1(v->scale[1]), t->sz = vf8_set1(v->scale[2]);
    t->tx = vf8_set1(v->translate[0]), t->ty = vf8_set1(v->translate[1]);
    t->tz = vf8_set1(v->translate[2]);
    t->gx = vf8_set1(d->guard_x), t->gy = vf8_set1(d->guard_y);
    t->clip_near = f->rs->depth_clip_near;
    t->clip_far = f->rs->depth_clip_far;
    t->halfz = f->rs->clip_halfz;
}

/* The outcode (returned) and window x, y, z and 1/w of 8 clip-space
 * vertices for viewport 0; user: their OUT_USER bits. The bits and formulas
 * are those of fe_clipcull.c's outcode() and to_window(). */
static inline __attribute__((always_inline)) vi8 fe_vertex8(const fe_xform *t, vf8 x, vf8 y, vf8 z,
                                                            vf8 w, vi8 user, vf8 *wx, vf8 *wy,
                                                            vf8 *wz, vf8 *iw)
{
    const vf8 zero = vf8_zero();
    vi8 finite = vi8_and(vi8_and(vf8_isfinite(x), vf8_isfinite(y)),
                         vi8_and(vf8_isfinite(z), vf8_isfinite(w)));
    vf8 nw = vf8_neg(w);
    vi8 c = vi8_or(user, vi8_and(vf8_lt(x, nw), vi8_set1(OUT_LEFT)));
    c = vi8_or(c, vi8_and(vf8_gt(x, w), vi8_set1(OUT_RIGHT)));
    c = vi8_or(c, vi8_and(vf8_lt(y, nw), vi8_set1(OUT_BOTTOM)));
    c = vi8_or(c, vi8_and(vf8_gt(y, w), vi8_set1(OUT_TOP)));
    if (t->clip_near)
        c = vi8_or(c, vi8_and(vf8_lt(z, t->halfz ? zero : nw), vi8_set1(OUT_NEAR)));
    if (t->clip_far)
        c = vi8_or(c, vi8_and(vf8_gt(z, w), vi8_set1(OUT_FAR)));
    vi8 wpos = vf8_gt(w, zero);
    c = vi8_or(c, vi8_andnot(wpos, vi8_set1(OUT_W)));
    vi8 out_guard =
        vi8_or(vf8_gt(vf8_abs(x), vf8_mul(t->gx, w)), vf8_gt(vf8_abs(y), vf8_mul(t->gy, w)));
    c = vi8_or(c, vi8_and(vi8_and(wpos, out_guard), vi8_set1(OUT_GUARD)));
    c = vi8_select(finite, vi8_set1(OUT_NAN), c);
    vf8 r = vf8_div(vf8_set1(1.0f), w);
    *iw = r;
    *wx = vf8_add(vf8_mul(vf8_mul(x, r), t->sx), t->tx);
    *wy = vf8_add(vf8_mul(vf8_mul(y, r), t->sy), t->ty);
    *wz = vf8_add(vf8_mul(vf8_mul(z, r), t->sz), t->tz);
    return c;
}

/* ---- binning (fe_bin.c) ----------------------------------------------------- */

static inline __attribute__((always_inline)) bool fe_bin_append(rast_bins *b, uint32_t tile,
                                                                const be_prim *prim)
{
    rast_bin_block *t = b->tail[tile];
    if (__builtin_expect(!t || t->count == RAST_BIN_BLOCK_ITEMS, 0))
        return fe_bin_append_slow(b, tile, prim);
    t->items[t->count++] = prim;
    return true;
}

/* Bins p into every macrotile its bounding box touches, as one `bucket`
 * scope (FEBinTriangles, FEBinLines or FEBinPoints) of the report. Inline
 * for the common case, a primitive inside one macrotile: one append. */
static inline __attribute__((always_inline)) void fe_bin_prim(fe_ctx *f, const be_prim *p,
                                                              prof_bucket bucket)
{
    rast_bins *b = f->bins;
    if (KNOB_TOSS_BIN_TRIS)
        return;
    prof_begin(bucket);
    uint32_t tx0 = (uint32_t)p->bbox.x0 >> RAST_MT_LOG2,
             tx1 = (uint32_t)(p->bbox.x1 - 1) >> RAST_MT_LOG2;
    uint32_t ty0 = (uint32_t)p->bbox.y0 >> RAST_MT_LOG2,
             ty1 = (uint32_t)(p->bbox.y1 - 1) >> RAST_MT_LOG2;
    if (tx1 >= b->grid_w)
        tx1 = b->grid_w - 1;
    if (ty1 >= b->grid_h)
        ty1 = b->grid_h - 1;
    if (tx0 == tx1 && ty0 == ty1) {
        if (fe_bin_append(b, ty0 * b->grid_w + tx0, p))
            f->cnt->prims_binned++;
    } else {
        fe_bin_prim_multi(f, p, tx0, tx1, ty0, ty1);
    }
    prof_end(bucket);
}

/* A triangle known to lie in macrotile `tile` (fe_tri8, which
 * checks KNOB_TOSS_BIN_TRIS and counts prims_binned by the return value, 1
 * when appended, once per group). prof: fe_ctx.prof. */
static inline __attribute__((always_inline)) uint32_t fe_bin_tri_one_tile(rast_bins *b, bool prof,
                                                                          uint32_t tile, be_prim *p)
{
    if (prof)
        prof_begin(PROF_FEBinTriangles);
    const bool ok = fe_bin_append(b, tile, p);
    if (prof)
        prof_end(PROF_FEBinTriangles);
    return ok;
}

/* A be_prim of `kind` in the draw context's arena (NULL: out of memory). */
static inline __attribute__((always_inline)) be_prim *fe_alloc_prim(fe_ctx *f, uint8_t kind)
{
    size_t bytes = be_prim_bytes(f->num_attribs, kind);
    be_prim *p = arena_alloc(f->bins->arena, bytes);
    if (!p)
        f->bins->out_of_memory = true;
    return p;
}

#endif /* FE_CHUNK_H */
