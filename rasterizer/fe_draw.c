/*
 * fe_draw.c: the frontend of one draw chunk.
 *
 * In:  a rast_fe_job (draw state, the chunk's index-stream positions and
 *      instances). Out: set-up primitives (be_prim) appended to the bins of
 *      the chunk's draw context, one list per macrotile, in primitive order.
 * Thread: the worker that claimed the chunk; nobody else touches these bins
 *      until the chunk is published as done, so binning takes no lock.
 *
 * Stages, in order (each has a toss point, KNOB_TOSS_*, that ends the chunk
 * right before it):
 *   IA     fe_assemble: primitives as index-stream positions
 *          (dedupe: every distinct vertex of the chunk gets one VS slot, so
 *          an indexed mesh shades each vertex once per chunk, not per index;
 *          a direct table when the chunk's vertex ids span a small range
 *          -- indexed by position for non-indexed strips and fans --, else
 *          a hash)
 *   FETCH  fe_fetch8: 8 vertices at a time into SoA (fe_fetch8_range: the
 *          buffer range tests once per chunk for its vertex ids)
 *   VS     the vertex shader, 8 lanes
 *   clip/cull: NaN/Inf positions and primitives outside one plane are
 *          dropped; primitives that leave the guard band, cross near/far,
 *          have w <= 0 or a negative clip distance go through fe_clip
 *   SETUP_TRIS divide, viewport, snap to 24.8, edge setup, face/zero-area
 *          cull, planes for barycentrics, depth (+ polygon offset) and
 *          attributes. Unclipped triangles of viewport 0 are first screened
 *          8 at a time (process_triangles8: outcodes, snap, edge setup,
 *          double planes, empty-box cull in SIMD, bit-identical to the
 *          scalar rast_tri_setup / emit_triangle_fx, which clipped and
 *          non-filled triangles still take). Non-indexed lists of filled
 *          triangles transform their vertices right there (fe_vertex8,
 *          seq_fused) instead of through transform_vertices' arrays.
 *   BIN_TRIS append to every macrotile the bounding box touches (large
 *          triangles: only macrotiles an edge test cannot reject)
 */
#include "rasterizer/rast_internal.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "knobs/knobs.h"
#include "profiling/prof.h"
#include "rasterizer/fe_clip.h"
#include "rasterizer/be_raster_small.h"
#include "rasterizer/fe_simd.h"

/* Largest point size we rasterize; bigger sizes are clamped. */
#define FE_MAX_POINT_SIZE 4096.0f
/* Per-vertex attribute floats after resolving PS inputs: front values, then
 * back values for two-sided inputs. */
#define FE_ATTR_FLOATS (SWR_MAX_ATTRIBS * 4)
/* Inputs handled by group_attribs and rec_attribs (larger counts take
 * soa_attribs): 4 inputs = 48 floats of staging per lane. */
#define FE_GROUP_ATTRIBS 4
/* Vertex records (transform_vertices): words 0-4 hold the outcode, the
 * snapped x and y (24.8), window z and 1/w, 5-7 are 0; with attributes,
 * the PS-input values follow from word 8, padded with zeros to a multiple
 * of 8 words, so that a record is whole 32-byte rows. */
#define FE_VREC_POS_WORDS 8

typedef struct fe_ctx {
    const rast_fe_job *job;
    const rast_draw_state *st;
    const swr_rasterizer_state *rs;
    const swr_vs_state *vs;
    const swr_ps_state *ps;
    rast_bins *bins;
    rast_scratch *s;
    rast_counters *cnt;
    uint32_t num_outputs;
    uint32_t num_attribs;
    uint32_t instance;
    bool per_vertex; /* vcodes/vwin hold every VS slot's outcode and window position */
    bool seq_slots;  /* vertex k of primitive i has VS slot i * nv + k (dedupe_vertices) */
    /* seq_slots, and nothing but the batched path reads the window
     * positions of a whole group of 8 triangles (all filled, no polygon
     * offset, no clip distances): process_triangles8 transforms those
     * vertices itself (fe_vertex8) and transform_vertices only the rest. */
    bool seq_fused;
    /* Every distinct vertex id of the chunk lies in [vid_lo, vid_hi]
     * (dedupe_vertices; vid_lo > vid_hi when not known): the range of
     * fe_fetch_prepare_range. */
    int32_t vid_lo, vid_hi;
    /* Floats per vertex record in s->vrec (transform_vertices), 0 when there
     * are none; vrec_attr: the records carry the PS-input values too. */
    uint32_t vrec_words;
    bool vrec_attr;
    /* Per PS-input component j = input * 4 + comp, for the front [0] and back
     * [1] facing: the float offset inside a VS slot's batch of that
     * component's source (output * 32 + comp * 8), or -1 when the input is
     * fed by no valid output (reads as 0). See attr_base(). */
    int32_t (*attr_off)[FE_ATTR_FLOATS]; /* [2]: rast_fe_run's array, entries
                                             [0, num_attribs * 4) set */
    bool same_facing_src; /* attr_off[0] and [1] agree for every component */
    /* Line stipple of a strip or loop (rast_fe_run): the counter at the
     * start of the line being emitted and after it; the previous line's
     * second position (a line continues the strip iff it starts there);
     * count_only: a line of the strip history before this chunk, set up
     * only to advance the counter, never binned. */
    bool stip, stip_chain, count_only;
    uint32_t stip_start, stip_end, stip_prev_v1;
    /* prof_active when the chunk began: the per-batch and per-triangle
     * scopes (run_vs, process_triangles8) open only if it was set, so that
     * with no capture running they cost a test of a local instead of a
     * load of prof_active per call. A capture that starts mid-chunk records
     * from the next chunk on (the chunk's own scope, begun before the
     * capture, is ignored anyway); one that stops mid-chunk stops at once,
     * since prof_begin still checks prof_active. */
    bool prof;
} fe_ctx;

/* A vertex in window space, ready for setup. */
typedef struct fe_win_vertex {
    float x, y, z;  /* window coordinates */
    float inv_w;    /* 1 / clip w */
} fe_win_vertex;

/* ---- scratch ------------------------------------------------------------ */

static bool grow(void **p, uint32_t *cap, uint32_t need, size_t elem)
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
    free(s);
}

/* ---- vertex deduplication ------------------------------------------------- */

static inline uint32_t hash_vid(int32_t vid)
{
    uint32_t h = (uint32_t)vid * 0x9e3779b1u;
    return h ^ (h >> 15);
}

/* Prepares a table for up to `max_unique` keys (load factor <= 1/2). */
/* Makes room for at least `need` entries (a power of 2, >= 16). */
static bool hash_reserve(rast_scratch *s, uint32_t need)
{
    uint32_t cap = 16;
    while (cap < need)
        cap *= 2;
    need = cap;
    if (need > s->hash_cap) {
        free(s->hash_keys);
        free(s->hash_vals);
        s->hash_keys = malloc((size_t)need * sizeof(uint32_t));
        s->hash_vals = malloc((size_t)need * sizeof(uint32_t));
        if (!s->hash_keys || !s->hash_vals) {
            s->hash_cap = 0;
            return false;
        }
        s->hash_cap = need;
    }
    return true;
}

static bool hash_reset(rast_scratch *s, uint32_t max_unique)
{
    if (!hash_reserve(s, max_unique * 2))
        return false;
    /* vals hold slot + 1; 0 marks an empty entry. The table is sized to the
     * chunk, so clearing it costs about as much as filling it. */
    memset(s->hash_vals, 0, (size_t)s->hash_cap * sizeof(uint32_t));
    return true;
}

static inline uint32_t slot_of_vid(rast_scratch *s, uint32_t *num_unique, int32_t vid)
{
    uint32_t mask = s->hash_cap - 1;
    uint32_t h = hash_vid(vid) & mask;
    for (;;) {
        uint32_t v = s->hash_vals[h];
        if (v == 0) {
            uint32_t slot = (*num_unique)++;
            s->hash_keys[h] = (uint32_t)vid;
            s->hash_vals[h] = slot + 1;
            s->vids[slot] = vid;
            return slot;
        }
        if (s->hash_keys[h] == (uint32_t)vid)
            return v - 1;
        h = (h + 1) & mask;
    }
}

static inline uint32_t read_index(const void *ib, uint32_t size, uint32_t pos)
{
    if (size == 1)
        return ((const uint8_t *)ib)[pos];
    if (size == 2)
        return ((const uint16_t *)ib)[pos];
    return ((const uint32_t *)ib)[pos];
}

/* Fills prim_slots (3 per primitive, nv used) with the VS slot of every
 * primitive vertex and vids with the distinct vertex ids in first-use order.
 * Two passes: the vertex ids first (into prim_slots), then the slots. When
 * the ids of the chunk span a range of at most DEDUPE_DIRECT_SPAN times the
 * vertex count (always for non-indexed draws, usually for meshes), a direct
 * table over [lo, hi] replaces the hash: one load and no probing per vertex.
 * Both give the same slots in the same order. When the ids are simply
 * consecutive (non-indexed lists) the slots are the identity and neither
 * table is touched (f->seq_slots, used by process_triangles8). */
#define DEDUPE_DIRECT_SPAN 4

/* The vertex ids of `count` consecutive index-stream positions from ix into
 * ids, with their minimum and maximum (as int32) and whether id j equals
 * first + j for every j. A flat loop over one index width that the compiler
 * vectorizes; always inlined so that `size` is a constant. */
static inline __attribute__((always_inline)) void
read_ids(const void *ix, uint32_t size, uint32_t count, uint32_t base, uint32_t first,
         uint32_t *ids, int32_t *lo_out, int32_t *hi_out, bool *seq_out)
{
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    uint32_t mismatch = 0;
    for (uint32_t j = 0; j < count; j++) {
        uint32_t id = (size == 1 ? ((const uint8_t *)ix)[j]
                       : size == 2 ? ((const uint16_t *)ix)[j]
                                   : ((const uint32_t *)ix)[j]) + base;
        ids[j] = id;
        mismatch |= id ^ (first + j);
        lo = (int32_t)id < lo ? (int32_t)id : lo;
        hi = (int32_t)id > hi ? (int32_t)id : hi;
    }
    *lo_out = lo;
    *hi_out = hi;
    *seq_out = mismatch == 0;
}

/* The vertex ids of the three vertices of primitives [0, n) into ps (3 per
 * primitive), with their minimum and maximum and whether vertex j (= 3i + k)
 * has id first + j: the general first pass of dedupe_vertices for
 * triangles, one loop per index width (0: non-indexed, id = start +
 * position), every value in a register. */
static inline __attribute__((always_inline)) void
prim_ids3(const fe_prim *prims, uint32_t n, const void *ib, uint32_t size, uint32_t base,
          uint32_t first, uint32_t *ps, int32_t *lo_out, int32_t *hi_out, bool *seq_out)
{
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    uint32_t mismatch = 0;
    for (uint32_t i = 0; i < n; i++) {
        for (uint32_t k = 0; k < 3; k++) {
            const uint32_t pos = prims[i].v[k];
            const uint32_t id = (size == 0   ? pos
                                 : size == 1 ? ((const uint8_t *)ib)[pos]
                                 : size == 2 ? ((const uint16_t *)ib)[pos]
                                             : ((const uint32_t *)ib)[pos]) + base;
            ps[i * 3 + k] = id;
            mismatch |= id ^ (first + i * 3 + k);
            lo = (int32_t)id < lo ? (int32_t)id : lo;
            hi = (int32_t)id > hi ? (int32_t)id : hi;
        }
    }
    *lo_out = lo;
    *hi_out = hi;
    *seq_out = mismatch == 0;
}

static bool dedupe_vertices(fe_ctx *f, const void *ib, uint32_t index_size, uint32_t n,
                            uint32_t nv, uint32_t *num_unique)
{
    rast_scratch *s = f->s;
    const swr_draw_info *d = &f->job->draw;
    uint32_t *ps = s->prim_slots;
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    /* seq: vertex j of the chunk (j = i * nv + k) has id first + j -- every
     * non-indexed list -- so every id is new when first met and the slots
     * are the identity; the direct table would produce exactly that. */
    uint32_t first = n ? (d->indexed ? read_index(ib, index_size, s->prims[0].v[0]) +
                                           (uint32_t)d->base_vertex
                                     : d->start + s->prims[0].v[0])
                       : 0;
    bool seq = true;
    /* Non-indexed triangle lists: primitive i is the positions v[0] + 3i ..
     * v[0] + 3i + 2 (fe_assemble), whose ids start + pos are consecutive:
     * seq holds without reading a single id. */
    const bool seq_known = n && !d->indexed && d->topology == SWR_TOPO_TRIANGLES;
    assert(!seq_known || s->prims[n - 1].v[2] == s->prims[0].v[0] + 3 * n - 1);
    /* Indexed triangle lists without restart: primitive i of the chunk is
     * the positions v[0] + 3i .. v[0] + 3i + 2 (fe_assemble), so the ids are
     * one run of 3n consecutive indices, written straight into ps. */
    /* Non-indexed triangles other than lists: vertex ids are start +
     * position, and every position of the chunk's primitives lies in
     * [0, job->end) (a non-indexed draw is one segment from position 0), so
     * when that span is small the direct table below can be indexed by
     * position at once, without the first pass for lo and hi: the same
     * slots in the same (first-use) order. [start, start + end - 1] bounds
     * the ids for vid_lo / vid_hi (a superset is fine for the fetch). */
    const uint32_t pos_span = f->job->end;
    if (n && nv == 3 && !seq_known && !d->indexed &&
        (uint64_t)pos_span <= (uint64_t)n * 3 * DEDUPE_DIRECT_SPAN + 64) {
        if (!hash_reserve(s, pos_span))
            return false;
        uint32_t *map = s->hash_vals;
        memset(map, 0, (size_t)pos_span * sizeof(uint32_t));
        int32_t *vids = s->vids;
        const uint32_t start = d->start;
        uint32_t u = 0, mismatch = 0;
        for (uint32_t i = 0; i < n; i++) {
            for (uint32_t k = 0; k < 3; k++) {
                const uint32_t pos = s->prims[i].v[k], id = start + pos;
                assert(pos < pos_span);
                mismatch |= id ^ (first + i * 3 + k);
                uint32_t v = map[pos];
                if (v == 0) {
                    vids[u] = (int32_t)id;
                    v = map[pos] = ++u;
                }
                ps[i * 3 + k] = v - 1;
            }
        }
        *num_unique = u;
        f->seq_slots = mismatch == 0; /* then u == 3n and the slots are the identity */
        f->vid_lo = (int32_t)start;
        f->vid_hi = (int32_t)(start + pos_span - 1);
        if (f->vid_hi < f->vid_lo)
            f->vid_lo = 1, f->vid_hi = 0;
        return true;
    }
    if (seq_known) {
        /* nothing to read */
    } else if (n && nv == 3 && d->indexed && d->topology == SWR_TOPO_TRIANGLES &&
               !d->primitive_restart) {
        const uint8_t *ix = (const uint8_t *)ib + (size_t)s->prims[0].v[0] * index_size;
        uint32_t base = (uint32_t)d->base_vertex;
        assert(s->prims[n - 1].v[2] == s->prims[0].v[0] + 3 * n - 1);
        if (index_size == 4)
            read_ids(ix, 4, 3 * n, base, first, ps, &lo, &hi, &seq);
        else if (index_size == 2)
            read_ids(ix, 2, 3 * n, base, first, ps, &lo, &hi, &seq);
        else
            read_ids(ix, 1, 3 * n, base, first, ps, &lo, &hi, &seq);
    } else if (nv == 3) {
        const fe_prim *pr = s->prims;
        if (!d->indexed)
            prim_ids3(pr, n, NULL, 0, d->start, first, ps, &lo, &hi, &seq);
        else if (index_size == 4)
            prim_ids3(pr, n, ib, 4, (uint32_t)d->base_vertex, first, ps, &lo, &hi, &seq);
        else if (index_size == 2)
            prim_ids3(pr, n, ib, 2, (uint32_t)d->base_vertex, first, ps, &lo, &hi, &seq);
        else
            prim_ids3(pr, n, ib, 1, (uint32_t)d->base_vertex, first, ps, &lo, &hi, &seq);
    } else {
        for (uint32_t i = 0; i < n; i++) {
            for (uint32_t k = 0; k < nv; k++) {
                uint32_t pos = s->prims[i].v[k];
                int32_t vid = d->indexed ? (int32_t)(read_index(ib, index_size, pos) +
                                                     (uint32_t)d->base_vertex)
                                         : (int32_t)(d->start + pos);
                ps[i * 3 + k] = (uint32_t)vid;
                seq &= (uint32_t)vid == first + i * nv + k;
                lo = vid < lo ? vid : lo;
                hi = vid > hi ? vid : hi;
            }
        }
    }
    uint32_t max_unique = n * nv;
    f->seq_slots = seq;
    f->vid_lo = lo;
    f->vid_hi = hi;
    if (seq && max_unique) {
        /* ids first .. first + max_unique - 1, unless that wraps in int32 */
        f->vid_lo = (int32_t)first;
        f->vid_hi = (int32_t)(first + max_unique - 1);
        if (f->vid_hi < f->vid_lo)
            f->vid_lo = 1, f->vid_hi = 0;
    }
    if (seq && nv == 3) { /* ps is dense: two flat loops the compiler vectorizes */
        int32_t *vids = s->vids;
        for (uint32_t j = 0; j < 3 * n; j++)
            vids[j] = (int32_t)(first + j);
        for (uint32_t j = 0; j < 3 * n; j++)
            ps[j] = j;
        *num_unique = max_unique;
        return true;
    }
    if (seq) {
        for (uint32_t i = 0; i < n; i++) {
            for (uint32_t k = 0; k < nv; k++) {
                uint32_t j = i * nv + k;
                s->vids[j] = (int32_t)(first + j);
                ps[i * 3 + k] = j;
            }
        }
        *num_unique = max_unique;
        return true;
    }
    uint64_t span = (uint64_t)((int64_t)hi - lo) + 1;
    if (span <= (uint64_t)max_unique * DEDUPE_DIRECT_SPAN + 64) {
        /* hash_vals as a direct table: entry vid - lo holds slot + 1, 0 = unseen. */
        if (!hash_reserve(s, (uint32_t)span))
            return false;
        uint32_t *map = s->hash_vals;
        memset(map, 0, (size_t)span * sizeof(uint32_t));
        uint32_t u = 0;
        if (nv == 3) { /* ps is dense: one flat loop */
            int32_t *vids = s->vids;
            for (uint32_t j = 0; j < 3 * n; j++) {
                uint32_t vid = ps[j];
                uint32_t *e = &map[vid - (uint32_t)lo];
                uint32_t v = *e;
                if (v == 0) {
                    vids[u] = (int32_t)vid;
                    v = *e = ++u;
                }
                ps[j] = v - 1;
            }
            *num_unique = u;
            return true;
        }
        for (uint32_t i = 0; i < n; i++) {
            for (uint32_t k = 0; k < nv; k++) {
                int32_t vid = (int32_t)ps[i * 3 + k];
                uint32_t *e = &map[(uint32_t)vid - (uint32_t)lo];
                if (*e == 0) {
                    s->vids[u] = vid;
                    *e = ++u;
                }
                ps[i * 3 + k] = *e - 1;
            }
        }
        *num_unique = u;
        return true;
    }
    if (!hash_reset(s, max_unique))
        return false;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < nv; k++)
            ps[i * 3 + k] = slot_of_vid(s, num_unique, (int32_t)ps[i * 3 + k]);
    return true;
}

/* ---- VS output access ------------------------------------------------------ */

static inline float vs_out(const fe_ctx *f, uint32_t slot, uint32_t out, uint32_t comp)
{
    return f->s->vs_out[(size_t)(slot >> 3) * f->num_outputs + out].v[comp][slot & 7];
}

/* Gathers the PS-input values of VS slot `slot` for the given facing into
 * out[input * 4 + comp]. Inputs fed by an invalid VS slot read as 0. */
static void gather_attribs(const fe_ctx *f, uint32_t slot, bool front, float *out)
{
    for (uint32_t i = 0; i < f->num_attribs; i++) {
        const swr_ps_input *in = &f->ps->inputs[i];
        uint32_t vs_slot = in->vs_slot;
        if (!front && in->vs_slot_back != SWR_SLOT_NONE)
            vs_slot = in->vs_slot_back;
        for (uint32_t c = 0; c < 4; c++)
            out[i * 4 + c] = vs_slot < f->num_outputs ? vs_out(f, slot, vs_slot, c) : 0.0f;
    }
}

/* Float offset of VS slot `slot`'s lane inside vs_out: value of output o,
 * component c is at vs_out_floats[attr_base(slot) + o * 32 + c * 8]. */
static inline size_t attr_base(const fe_ctx *f, uint32_t slot)
{
    return (size_t)(slot >> 3) * f->num_outputs * (sizeof(swr_simd_vec4) / sizeof(float)) +
           (slot & 7);
}

/* Fills f->attr_off from the PS inputs (the sources gather_attribs reads). */
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
    f->same_facing_src = memcmp(f->attr_off[0], f->attr_off[1],
                                (size_t)f->num_attribs * 4 * sizeof(int32_t)) == 0;
}

/* ---- binning ---------------------------------------------------------------- */

/* A new block for tile's list (the first, or the tail is full). */
static __attribute__((noinline)) bool bin_append_slow(rast_bins *b, uint32_t tile,
                                                      const be_prim *prim)
{
    rast_bin_block *t = b->tail[tile];
    rast_bin_block *nb = arena_alloc(b->arena, sizeof *nb);
    if (!nb) {
        b->out_of_memory = true;
        return false;
    }
    nb->next = NULL;
    nb->count = 1;
    nb->items[0] = prim;
    if (t) {
        t->next = nb;
    } else {
        b->head[tile] = nb;
        b->touched[b->num_touched++] = tile;
    }
    b->tail[tile] = nb;
    return true;
}

static inline __attribute__((always_inline)) bool bin_append(rast_bins *b, uint32_t tile,
                                                             const be_prim *prim)
{
    rast_bin_block *t = b->tail[tile];
    if (__builtin_expect(!t || t->count == RAST_BIN_BLOCK_ITEMS, 0))
        return bin_append_slow(b, tile, prim);
    t->items[t->count++] = prim;
    return true;
}

/* Primitives whose box spans several macrotiles (bin_prim). A triangle
 * skips the macrotiles where no sample can be inside it: some edge is
 * negative at the tile's extreme sample point for that edge (E is linear, so
 * its maximum over the tile is at the corner (x1 if a > 0 else x0, y1 if
 * b > 0 else y0)). That corner moves by RAST_MT_DIM pixels from tile to
 * tile, so E there is stepped by a and b times RAST_MT_DIM * 256 -- the
 * same exact int64 values as evaluating it per tile. */
static __attribute__((noinline)) void bin_prim_multi(fe_ctx *f, const be_prim *p, uint32_t tx0,
                                                     uint32_t tx1, uint32_t ty0, uint32_t ty1)
{
    rast_bins *b = f->bins;
    if (p->kind != BE_PRIM_TRI || (tx1 == tx0 && ty1 == ty0)) {
        for (uint32_t ty = ty0; ty <= ty1; ty++)
            for (uint32_t tx = tx0; tx <= tx1; tx++)
                if (!bin_append(b, ty * b->grid_w + tx, p))
                    return;
        f->cnt->prims_binned++;
        return;
    }
    const be_tri *tri = &p->tri;
    const int64_t off = f->st->sample_offset_fx8, span = (RAST_MT_DIM - 1) * 256;
    const int64_t x0 = (int64_t)tx0 * RAST_MT_DIM * 256 + off;
    const int64_t y0 = (int64_t)ty0 * RAST_MT_DIM * 256 + off;
    int64_t row[3], dx[3], dy[3];
    for (int k = 0; k < 3; k++) {
        row[k] = (int64_t)tri->a[k] * (tri->a[k] > 0 ? x0 + span : x0) +
                 (int64_t)tri->b[k] * (tri->b[k] > 0 ? y0 + span : y0) + tri->c[k];
        dx[k] = (int64_t)tri->a[k] * (RAST_MT_DIM * 256);
        dy[k] = (int64_t)tri->b[k] * (RAST_MT_DIM * 256);
    }
    for (uint32_t ty = ty0; ty <= ty1; ty++) {
        int64_t e0 = row[0], e1 = row[1], e2 = row[2];
        for (uint32_t tx = tx0; tx <= tx1; tx++) {
            if ((e0 | e1 | e2) >= 0 && !bin_append(b, ty * b->grid_w + tx, p))
                return;
            e0 += dx[0], e1 += dx[1], e2 += dx[2];
        }
        row[0] += dy[0], row[1] += dy[1], row[2] += dy[2];
    }
    f->cnt->prims_binned++;
}

/* Inline for the common case, a primitive inside one macrotile: one append. */
/* Bins p into every macrotile its bounding box touches, as one `bucket`
 * scope (FEBinTriangles, FEBinLines or FEBinPoints) of the report. */
static inline __attribute__((always_inline)) void bin_prim(fe_ctx *f, const be_prim *p,
                                                           prof_bucket bucket)
{
    rast_bins *b = f->bins;
    if (KNOB_TOSS_BIN_TRIS)
        return;
    prof_begin(bucket);
    uint32_t tx0 = (uint32_t)p->bbox.x0 >> RAST_MT_LOG2, tx1 = (uint32_t)(p->bbox.x1 - 1) >> RAST_MT_LOG2;
    uint32_t ty0 = (uint32_t)p->bbox.y0 >> RAST_MT_LOG2, ty1 = (uint32_t)(p->bbox.y1 - 1) >> RAST_MT_LOG2;
    if (tx1 >= b->grid_w)
        tx1 = b->grid_w - 1;
    if (ty1 >= b->grid_h)
        ty1 = b->grid_h - 1;
    if (tx0 == tx1 && ty0 == ty1) {
        if (bin_append(b, ty0 * b->grid_w + tx0, p))
            f->cnt->prims_binned++;
    } else {
        bin_prim_multi(f, p, tx0, tx1, ty0, ty1);
    }
    prof_end(bucket);
}

/* A triangle known to lie in macrotile `tile` (process_triangles8, which
 * checks KNOB_TOSS_BIN_TRIS and counts prims_binned by the return value, 1
 * when appended, once per group). prof: fe_ctx.prof. */
static inline __attribute__((always_inline)) uint32_t bin_tri_one_tile(rast_bins *b, bool prof,
                                                                       uint32_t tile, be_prim *p)
{
    if (prof)
        prof_begin(PROF_FEBinTriangles);
    const bool ok = bin_append(b, tile, p);
    if (prof)
        prof_end(PROF_FEBinTriangles);
    return ok;
}

static inline __attribute__((always_inline)) be_prim *alloc_prim(fe_ctx *f, uint8_t kind)
{
    size_t bytes = be_prim_bytes(f->num_attribs, kind);
    be_prim *p = arena_alloc(f->bins->arena, bytes);
    if (!p)
        f->bins->out_of_memory = true;
    return p;
}

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

static inline int32_t snap_fx8(float v) { return (int32_t)lrintf(v * 256.0f); }

/* be_prim.tri_flags of a set-up triangle (rast_tri_cover_inline's choice). */
static inline uint8_t tri_flags_of(const rast_tri *tri)
{
    bool small = tri->bbox.x1 - tri->bbox.x0 <= SMALL_TRI_PX &&
                 tri->bbox.y1 - tri->bbox.y0 <= SMALL_TRI_PX;
    return (uint8_t)((small ? BE_TRI_SMALL : 0) | (tri->small_edges ? BE_TRI_SMALL_EDGES : 0));
}

/* Polygon offset for a primitive whose depth slopes are dzdx, dzdy. */
static float polygon_offset(const fe_ctx *f, float dzdx, float dzdy)
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

/* ---- lines and points ----------------------------------------------------------- */

static void emit_line(fe_ctx *f, const fe_win_vertex v[2], const float *attr0, const float *attr1,
                      const float *attr_prov, float z_offset, uint32_t prim_id, bool front,
                      uint32_t vp)
{
    int32_t xf[2] = {snap_fx8(v[0].x), snap_fx8(v[1].x)};
    int32_t yf[2] = {snap_fx8(v[0].y), snap_fx8(v[1].y)};
    rast_line line;
    bool live = rast_line_setup(xf, yf, f->rs->line_width, f->rs->line_last_pixel,
                                f->st->sample_offset_fx8, &line);
    /* Smooth: the footprint is the pixels meeting the w-wide rectangle
     * (be_line_smooth.h); interpolation keeps the line's t plane. Its
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
    be_prim *p = alloc_prim(f, kind);
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
    bin_prim(f, p, PROF_FEBinLines);
}

static void emit_point(fe_ctx *f, const fe_win_vertex *v, const float *attr, float size,
                       float z_offset, uint32_t prim_id, bool front, uint32_t vp)
{
    if (!(size > 0.0f))
        return; /* NaN or non-positive size */
    if (size > FE_MAX_POINT_SIZE)
        size = FE_MAX_POINT_SIZE;
    const swr_rasterizer_state *rs = f->rs;
    bool exact = rs->point_sprite || rs->point_quad_rasterization;
    int32_t xf = snap_fx8(v->x), yf = snap_fx8(v->y);
    /* Smooth: the pixels meeting the disc of diameter size (be_line_smooth.h). */
    bool smooth = rs->point_smooth;
    swr_rect rect = smooth ? rast_smooth_point_rect(xf, yf, size)
                           : rast_point_rect(xf, yf, size, exact, f->st->sample_offset_fx8);
    if (!rect_intersect(&rect, &f->st->vp[vp].rect))
        return;
    uint8_t kind = smooth ? BE_PRIM_SMOOTH : BE_PRIM_RECT;
    be_prim *p = alloc_prim(f, kind);
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
    bin_prim(f, p, PROF_FEBinPoints);
}

/* ---- triangles ------------------------------------------------------------------ */

/* Where a triangle's PS-input values come from: VS output slots (SoA, the
 * common unclipped case: gathered only for triangles that survive culling)
 * or clip vertices (AoS: front values, then back values). */
typedef struct fe_attr_src {
    const uint32_t *slots; /* 3 VS slots, or NULL */
    uint32_t prov_slot;
    const float *aos[3];
    const float *aos_prov;
} fe_attr_src;

/* Resolves the values of the three vertices and the provoking vertex for
 * the given facing; buf provides storage for the SoA case. */
static void resolve_attribs(const fe_ctx *f, const fe_attr_src *src, bool front,
                            float (*buf)[FE_ATTR_FLOATS], const float *av[3], const float **ap)
{
    if (src->slots) {
        for (int k = 0; k < 3; k++) {
            gather_attribs(f, src->slots[k], front, buf[k]);
            av[k] = buf[k];
        }
        if (f->st->has_flat) {
            gather_attribs(f, src->prov_slot, front, buf[3]);
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

/* Attribute triplets of p straight from the SoA VS outputs of the three VS
 * slots (and the provoking one for flat inputs): no per-vertex staging. */
static inline void soa_attribs(const fe_ctx *f, be_prim *p, const uint32_t slots[3],
                               uint32_t prov_slot, bool front)
{
    const float *vo = (const float *)f->s->vs_out;
    const int32_t *off = f->attr_off[front ? 0 : 1];
    const rast_draw_state *st = f->st;
    size_t b0 = attr_base(f, slots[0]), b1 = attr_base(f, slots[1]), b2 = attr_base(f, slots[2]),
           bp = attr_base(f, prov_slot);
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

/* Sets up and bins one triangle whose vertices are in window space.
 * src gives the PS-input values of the vertices and of the provoking
 * vertex (for flat inputs). edge_flags: bit k = edge k->k+1 is a boundary edge. */
/* The same with the vertices already snapped: xf[k], yf[k] == snap_fx8(v[k].x), snap_fx8(v[k].y). */
static void emit_triangle_fx(fe_ctx *f, const fe_win_vertex v[3], const int32_t xf[3],
                             const int32_t yf[3], const fe_attr_src *src, uint8_t edge_flags,
                             uint32_t prim_id, uint32_t vp, float point_size)
{
    const swr_rasterizer_state *rs = f->rs;
    const rast_draw_state *st = f->st;
    prof_begin(PROF_FETriangleSetup);
    rast_tri tri;
    int64_t area2;
    bool nonzero = rast_tri_setup(xf, yf, st->sample_offset_fx8, rs->bottom_edge_rule, &tri, &area2);
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
        float z_off = offset ? polygon_offset(f, dzdx, dzdy) : 0.0f;
        for (int k = 0; k < 3; k++) {
            if (!((edge_flags >> k) & 1))
                continue;
            if (fill == SWR_FILL_LINE) {
                int k1 = (k + 1) % 3;
                fe_win_vertex e[2] = {v[k], v[k1]};
                emit_line(f, e, av[k], av[k1], ap, z_off, prim_id, front, vp);
            } else {
                emit_point(f, &v[k], av[k], point_size, z_off, prim_id, front, vp);
            }
        }
        return;
    }

    swr_rect bbox = tri.bbox;
    if (!rect_intersect(&bbox, &st->vp[vp].rect)) {
        prof_event(PROF_FECullBetweenCenters, 1);
        return;
    }
    be_prim *p = alloc_prim(f, BE_PRIM_TRI);
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
    float z_off = rs->offset_tri ? polygon_offset(f, dzdx, dzdy) : 0.0f;
    p->z[0] = dzdx, p->z[1] = dzdy, p->z[2] = v[0].z + z_off;
    for (int k = 0; k < 3; k++) {
        p->inv_w[k] = v[k].inv_w;
        p->tri.a[k] = (int32_t)tri.a[k]; /* |a|, |b| < 2^24 (be_tri) */
        p->tri.b[k] = (int32_t)tri.b[k];
        p->tri.c[k] = tri.c[k];
    }
    if (src->slots) {
        soa_attribs(f, p, src->slots, src->prov_slot, front);
        bin_prim(f, p, PROF_FEBinTriangles);
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
    bin_prim(f, p, PROF_FEBinTriangles);
}

static void emit_triangle(fe_ctx *f, const fe_win_vertex v[3], const fe_attr_src *src,
                          uint8_t edge_flags, uint32_t prim_id, uint32_t vp, float point_size)
{
    int32_t xf[3], yf[3];
    for (int k = 0; k < 3; k++) {
        xf[k] = snap_fx8(v[k].x);
        yf[k] = snap_fx8(v[k].y);
    }
    emit_triangle_fx(f, v, xf, yf, src, edge_flags, prim_id, vp, point_size);
}

/* ---- clip-space primitives ---------------------------------------------------------- */

typedef struct fe_clip_vertex_buf {
    float v[FE_CLIP_ATTR + 2 * FE_ATTR_FLOATS];
} fe_clip_vertex_buf;

/* Builds a clip vertex from VS slot `slot`: position, clip distances and the
 * PS inputs for both facings. */
static void make_clip_vertex(const fe_ctx *f, uint32_t slot, float *cv)
{
    const swr_vs_state *vs = f->vs;
    for (int c = 0; c < 4; c++)
        cv[FE_CLIP_POS + c] = vs_out(f, slot, vs->position_slot, c);
    for (int d = 0; d < 8; d++) {
        uint8_t s = vs->clip_dist_slot[d >> 2];
        cv[FE_CLIP_DIST + d] = s < f->num_outputs ? vs_out(f, slot, s, d & 3) : 0.0f;
    }
    gather_attribs(f, slot, true, cv + FE_CLIP_ATTR);
    gather_attribs(f, slot, false, cv + FE_CLIP_ATTR + FE_ATTR_FLOATS);
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

/* Outcode bits of a clip-space vertex. */
enum {
    OUT_LEFT = 1 << 0, OUT_RIGHT = 1 << 1, OUT_BOTTOM = 1 << 2, OUT_TOP = 1 << 3,
    OUT_NEAR = 1 << 4, OUT_FAR = 1 << 5, OUT_USER = 1 << 6, /* 8 bits of user planes from here */
    OUT_GUARD = 1 << 14, OUT_W = 1 << 15, OUT_NAN = 1 << 16,
};
#define OUT_REJECT_MASK ((1u << 14) - 1)
#define OUT_CLIP_MASK (OUT_NEAR | OUT_FAR | (0xffu * OUT_USER) | OUT_GUARD | OUT_W)

static uint32_t outcode(const fe_ctx *f, const float *cv, uint32_t vp)
{
    float x = cv[0], y = cv[1], z = cv[2], w = cv[3];
    if (!(isfinite(x) && isfinite(y) && isfinite(z) && isfinite(w)))
        return OUT_NAN;
    const swr_rasterizer_state *rs = f->rs;
    uint32_t c = 0;
    if (x < -w) c |= OUT_LEFT;
    if (x > w) c |= OUT_RIGHT;
    if (y < -w) c |= OUT_BOTTOM;
    if (y > w) c |= OUT_TOP;
    if (rs->depth_clip_near && z < (rs->clip_halfz ? 0.0f : -w)) c |= OUT_NEAR;
    if (rs->depth_clip_far && z > w) c |= OUT_FAR;
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

/* Viewport 0's constants for fe_vertex8. */
typedef struct fe_xform {
    vf8 sx, sy, sz, tx, ty, tz, gx, gy;
    bool clip_near, clip_far, halfz;
} fe_xform;

static void fe_xform_init(const fe_ctx *f, fe_xform *t)
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
 * are those of outcode() and to_window(). */
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

/* Outcodes and window positions of the shaded vertices from `first` (a
 * multiple of 8) on, 8 at a time, for draws where all primitives use
 * viewport 0 (no viewport-index output): the per-triangle work then only
 * combines three precomputed vertices. (process_triangles8 computes those
 * of its whole groups itself when f->seq_fused, and asks only for the
 * rest.) */
static bool transform_vertices(fe_ctx *f, uint32_t num_unique, uint32_t first)
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
    /* Records for the gather-free path of process_triangles8 (not needed
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
        /* The snap of process_triangles8, once per vertex instead of once
         * per triangle corner (the same operation on the same value). */
        const vf8 k256 = vf8_set1(256.0f);
        float *rec = s->vrec + (size_t)b * 8 * rw;
        vf8 r[8] = {vi8_as_vf8(c), vi8_as_vf8(vf8_to_vi8_round(vf8_mul(wx, k256))),
                    vi8_as_vf8(vf8_to_vi8_round(vf8_mul(wy, k256))), wz, iw, zero, zero, zero};
        vf8_transpose8(r);
        for (int l = 0; l < 8; l++)
            vf8_store_aligned(rec + (size_t)l * rw, r[l]);
        /* PS-input component j of the vertex (gather_attribs, front facing;
         * 0 where the source is invalid), 8 components per transpose. */
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

static uint32_t prim_viewport(const fe_ctx *f, uint32_t prov_slot)
{
    uint8_t s = f->vs->viewport_index_slot;
    if (s >= f->num_outputs || f->st->num_viewports <= 1)
        return 0;
    float fv = vs_out(f, prov_slot, s, 0);
    uint32_t idx;
    memcpy(&idx, &fv, 4);
    return idx < f->st->num_viewports ? idx : 0;
}

static float prim_point_size(const fe_ctx *f, uint32_t slot)
{
    if (f->rs->point_size_per_vertex && f->vs->point_size_slot < f->num_outputs)
        return vs_out(f, slot, f->vs->point_size_slot, 0);
    return f->rs->point_size;
}

/* One triangle, the general way: triangles that need clipping, and draws
 * without per-vertex data (window-space positions, several viewports).
 * Unclipped triangles of the common case go through process_triangles8. */
static void process_triangle(fe_ctx *f, const fe_prim *pr, const uint32_t slots[3])
{
    uint32_t prov = slots[pr->provoking];
    uint32_t vp = prim_viewport(f, prov);
    bool points = f->rs->fill_front == SWR_FILL_POINT || f->rs->fill_back == SWR_FILL_POINT;
    float psize = points ? prim_point_size(f, prov) : 0.0f;
    const swr_vs_state *vs = f->vs;

    if (f->rs->window_space_position) {
        fe_win_vertex wv[3];
        float attr[3][2 * FE_ATTR_FLOATS];
        for (int k = 0; k < 3; k++) {
            float pos[4];
            for (int c = 0; c < 4; c++)
                pos[c] = vs_out(f, slots[k], vs->position_slot, c);
            if (!to_window(f, pos, vp, &wv[k]))
                return;
            if (fabsf(wv[k].x) >= RAST_GUARD_BAND || fabsf(wv[k].y) >= RAST_GUARD_BAND)
                return; /* nothing to clip against in window space; drop */
            gather_attribs(f, slots[k], true, attr[k]);
            gather_attribs(f, slots[k], false, attr[k] + FE_ATTR_FLOATS);
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
    uint32_t n = fe_clip_triangle(&cp, cv[0].v, cv[1].v, cv[2].v, pr->edge_flags, poly[0].v,
                                  poly_edges);
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
        fe_attr_src src = {NULL, 0,
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

/* Plane setup of emit_triangle_fx for 8 triangles: lane l holds what the
 * scalar code computes for triangle l (vertices xf/yf in 24.8, window depths
 * z). Bit-identical: the same double operations in the same order, no
 * contraction (-ffp-contract=off), and the same rounding to float
 * (cvtpd2ps, cvtps2pd and cvtdq2pd are the C conversions). The one change:
 * xf / 256.0 is computed as xf * 2^-8, the same exact value (scaling by a
 * power of two is exact for these integers). Zero-area lanes yield inf/NaN,
 * never read. */
typedef struct fe_planes8 {
    vf8 x_ref, y_ref;
    vf8 b1x, b1y, b2x, b2y;
    vf8 dzdx, dzdy;
} fe_planes8;

/* One half of planes8 (lanes 0-3 or 4-7): out[] in fe_planes8 field order. */
static inline void planes4(vd4 X0, vd4 Y0, vd4 X1, vd4 Y1, vd4 X2, vd4 Y2, vd4 z0, vd4 z1, vd4 z2,
                           vf4 out[8])
{
    const vd4 inv256 = vd4_set1(1.0 / 256.0);
    vd4 x0 = vd4_mul(X0, inv256), y0 = vd4_mul(Y0, inv256);
    vd4 x1 = vd4_sub(vd4_mul(X1, inv256), x0), y1 = vd4_sub(vd4_mul(Y1, inv256), y0);
    vd4 x2 = vd4_sub(vd4_mul(X2, inv256), x0), y2 = vd4_sub(vd4_mul(Y2, inv256), y0);
    vd4 area = vd4_sub(vd4_mul(x1, y2), vd4_mul(x2, y1));
    vd4 inv_area = vd4_div(vd4_set1(1.0), area);
    vd4 dz1 = vd4_sub(z1, z0), dz2 = vd4_sub(z2, z0);
    out[0] = vd4_to_f4(x0);
    out[1] = vd4_to_f4(y0);
    out[2] = vd4_to_f4(vd4_mul(y2, inv_area));
    out[3] = vd4_to_f4(vd4_mul(vd4_neg(x2), inv_area));
    out[4] = vd4_to_f4(vd4_mul(vd4_neg(y1), inv_area));
    out[5] = vd4_to_f4(vd4_mul(x1, inv_area));
    out[6] = vd4_to_f4(vd4_mul(vd4_sub(vd4_mul(dz1, y2), vd4_mul(dz2, y1)), inv_area));
    out[7] = vd4_to_f4(vd4_mul(vd4_sub(vd4_mul(dz2, x1), vd4_mul(dz1, x2)), inv_area));
}

static inline void planes8(const vi8 xf[3], const vi8 yf[3], const vf8 z[3], fe_planes8 *pl)
{
    vf4 lo[8], hi[8];
    planes4(vi8_lo_to_vd4(xf[0]), vi8_lo_to_vd4(yf[0]), vi8_lo_to_vd4(xf[1]),
            vi8_lo_to_vd4(yf[1]), vi8_lo_to_vd4(xf[2]), vi8_lo_to_vd4(yf[2]),
            vf8_lo_to_vd4(z[0]), vf8_lo_to_vd4(z[1]), vf8_lo_to_vd4(z[2]), lo);
    planes4(vi8_hi_to_vd4(xf[0]), vi8_hi_to_vd4(yf[0]), vi8_hi_to_vd4(xf[1]),
            vi8_hi_to_vd4(yf[1]), vi8_hi_to_vd4(xf[2]), vi8_hi_to_vd4(yf[2]),
            vf8_hi_to_vd4(z[0]), vf8_hi_to_vd4(z[1]), vf8_hi_to_vd4(z[2]), hi);
    pl->x_ref = vf8_from_f4(lo[0], hi[0]);
    pl->y_ref = vf8_from_f4(lo[1], hi[1]);
    pl->b1x = vf8_from_f4(lo[2], hi[2]);
    pl->b1y = vf8_from_f4(lo[3], hi[3]);
    pl->b2x = vf8_from_f4(lo[4], hi[4]);
    pl->b2y = vf8_from_f4(lo[5], hi[5]);
    pl->dzdx = vf8_from_f4(lo[6], hi[6]);
    pl->dzdy = vf8_from_f4(lo[7], hi[7]);
}

/* A filled triangle's be_prim header (without attributes), as 24 32-bit
 * words that process_triangles8 builds for 8 lanes at once (three 8x8
 * transposes: the header up to tri.b[0]) and 32 bytes from
 * fe_tri8_store_tail (tri.b[1], tri.b[2], tri.c), stored straight into the
 * lanes' records with four 32-byte stores each. */
#define FE_PRIM_BLOCK 96
/* fe_prim as 32-bit words, for the gather of prim_id. */
#define FE_PRIM_WORDS 5
#define FE_PRIM_ID_WORD 3
static_assert(sizeof(fe_prim) == FE_PRIM_WORDS * 4 &&
                  offsetof(fe_prim, prim_id) == FE_PRIM_ID_WORD * 4,
              "fe_prim layout assumed by the prim_id gather of process_triangles8");
static_assert(offsetof(be_prim, prim_id) == 4 && offsetof(be_prim, bbox) == 8 &&
                  offsetof(be_prim, x_ref) == 24 && offsetof(be_prim, y_ref) == 28 &&
                  offsetof(be_prim, b1) == 32 && offsetof(be_prim, b2) == 44 &&
                  offsetof(be_prim, z) == 56 && offsetof(be_prim, inv_w) == 68 &&
                  offsetof(be_prim, tri.a) == 80 && offsetof(be_prim, tri.b) == 92 &&
                  offsetof(be_prim, tri.b[1]) == FE_PRIM_BLOCK &&
                  offsetof(be_prim, tri.c) == FE_PRIM_BLOCK + 8 &&
                  sizeof(be_prim) == FE_PRIM_BLOCK + 32,
              "be_prim layout assumed by the block copy of process_triangles8");

/*
 * soa_attribs for the 8 triangles of a group at once, without flat inputs:
 * the attribs[] of lane l's record dst[l] (num_attribs * 12 floats), the same
 * values soa_attribs writes: per component, the value at vertex 0 and the
 * differences to vertices 1 and 2 (one float subtraction each), 0 where
 * the source is invalid. Only when both facings read the same sources
 * (f->same_facing_src), so the facing of the lanes does not matter.
 * Sequential slots only: vertex k of lane l has VS slot seq_base + 3 * l + k
 * (seq_base a multiple of 8), so the 24 slots are three whole SoA batches,
 * read with plain loads. (Other slots take rec_attribs per survivor.)
 */
static void group_attribs(const fe_ctx *f, uint32_t seq_base, uint8_t *const dst[8])
{
    const uint32_t batch = f->num_outputs * (uint32_t)(sizeof(swr_simd_vec4) / sizeof(float));
    const float *vb = (const float *)f->s->vs_out + (size_t)(seq_base / 8) * batch;
    const int32_t *off = f->attr_off[0];
    const uint32_t na = f->num_attribs;
    for (uint32_t i = 0; i < na; i++) {
        vf8 r[12];
        for (uint32_t c = 0; c < 4; c++) {
            int32_t o = off[i * 4 + c];
            if (o < 0) {
                r[c * 3 + 0] = r[c * 3 + 1] = r[c * 3 + 2] = vf8_zero();
                continue;
            }
            vf8 a[3];
            const float *q = vb + (uint32_t)o;
            vf8_deinterleave3(vf8_load(q), vf8_load(q + batch), vf8_load(q + 2 * batch), a);
            r[c * 3 + 0] = a[0];
            r[c * 3 + 1] = vf8_sub(a[1], a[0]);
            r[c * 3 + 2] = vf8_sub(a[2], a[0]);
        }
        vf8 lo[8] = {r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]};
        vf8 hi[8] = {r[8], r[9], r[10], r[11], vf8_zero(), vf8_zero(), vf8_zero(), vf8_zero()};
        vf8_transpose8(lo);
        vf8_transpose8(hi);
        const size_t at = offsetof(be_prim, attribs) + (size_t)i * 12 * sizeof(float);
        for (int l = 0; l < 8; l++)
            vf8_store((float *)(void *)(dst[l] + at), lo[l]);
        if (i + 1 == na) /* the record ends 4 floats in */
            for (int l = 0; l < 8; l++)
                vf8_store_lo4((float *)(void *)(dst[l] + at) + 8, hi[l]);
        else /* 4 floats the next input overwrites */
            for (int l = 0; l < 8; l++)
                vf8_store((float *)(void *)(dst[l] + at) + 8, hi[l]);
    }
}

/*
 * soa_attribs of one triangle from the vertex records (f->vrec_attr: the
 * same conditions as group_attribs): the values of vertex 0 and the
 * differences to vertices 1 and 2 (the same float subtractions; invalid
 * sources are 0 in the records, and 0 - 0 = +0 as soa_attribs writes),
 * interleaved per component. Two inputs (8 floats) per step.
 */
/* rec: the vertex records (s->vrec), rw: f->vrec_words, na: f->num_attribs
 * -- passed in so that the caller keeps them in registers. */
static inline __attribute__((always_inline)) void rec_attribs(const float *rec, uint32_t rw,
                                                              uint32_t na, be_prim *p,
                                                              const uint32_t slots[3])
{
    const float *r0 = rec + (size_t)slots[0] * rw + FE_VREC_POS_WORDS;
    const float *r1 = rec + (size_t)slots[1] * rw + FE_VREC_POS_WORDS;
    const float *r2 = rec + (size_t)slots[2] * rw + FE_VREC_POS_WORDS;
    if (na - 1u < 2u) { /* 1 or 2 inputs, the common case: one step, no loop */
        vf8 a0 = vf8_load_aligned(r0);
        vf8 o[3];
        vf8_interleave3(a0, vf8_sub(vf8_load_aligned(r1), a0), vf8_sub(vf8_load_aligned(r2), a0),
                        o);
        vf8_store(p->attribs, o[0]);
        if (na == 2) {
            vf8_store(p->attribs + 8, o[1]);
            vf8_store(p->attribs + 16, o[2]);
        } else {
            vf8_store_lo4(p->attribs + 8, o[1]);
        }
        return;
    }
    for (uint32_t i = 0; i < na; i += 2) {
        vf8 a0 = vf8_load_aligned(r0 + i * 4);
        vf8 o[3];
        vf8_interleave3(a0, vf8_sub(vf8_load_aligned(r1 + i * 4), a0),
                        vf8_sub(vf8_load_aligned(r2 + i * 4), a0), o);
        float *d = p->attribs + i * 12;
        vf8_store(d, o[0]);
        if (i + 1 < na) {
            vf8_store(d + 8, o[1]);
            vf8_store(d + 16, o[2]);
        } else {
            vf8_store_lo4(d + 8, o[1]);
        }
    }
}

/*
 * Triangles [0, n) of the chunk when per_vertex holds (viewport 0, outcodes
 * and window positions precomputed): 8 at a time, the vertex outcodes are
 * combined, the vertices snapped and the pixel bounding boxes clipped to the
 * viewport rectangle in SIMD, so that the triangles that end up culled --
 * most of a stream of tiny triangles falls between sample points -- never
 * reach the per-triangle code. The decisions and their order are those of
 * process_triangle and emit_triangle_fx (reject, clip, zero area / face
 * cull, empty box); snapping is lrintf(v * 256) in both (cvtps2dq rounds to
 * nearest even, as lrintf does in the default rounding mode; in-guard-band
 * values fit int32).
 *
 * The setup of filled survivors is batched too: fe_tri_setup8 (the vector
 * twin of rast_tri_setup) and planes8 (the double plane math of
 * emit_triangle_fx) run once per group, and so do the records: the
 * survivors' be_prims are one arena block, and the transposes store every
 * lane's header (and, without flat inputs, group_attribs the attribute
 * triplets) straight into it, so a survivor is only binned (after
 * rec_attribs / soa_attribs and polygon offset where those apply). A
 * survivor's record takes what alloc_prim would (rec_bytes); which arena
 * address a primitive gets never shows in the output. For non-indexed lists (seq_slots) a
 * full group's 24 VS slots are consecutive, so plain loads and a
 * deinterleave replace the gathers -- in primitive
 * order, interleaved with the clipped and non-filled triangles, which take
 * the scalar paths unchanged.
 */
static void process_triangles8(fe_ctx *f, uint32_t n)
{
    rast_scratch *s = f->s;
    const swr_rasterizer_state *rs = f->rs;
    const float *vw = s->vwin;
    const size_t stride = s->vtx_cap;
    const swr_rect r = f->st->vp[0].rect;
    const int32_t off = f->st->sample_offset_fx8;
    const bool points = rs->fill_front == SWR_FILL_POINT || rs->fill_back == SWR_FILL_POINT;
    const vf8 k256 = vf8_set1(256.0f);
    fe_tri8 t8;
    fe_planes8 pl;
    /* Attribute triplets for the whole group (group_attribs) unless some
     * input is flat (the provoking slot varies per lane) or there are too
     * many for the stage, or the facings read different sources. */
    const bool simd_attr =
        !f->st->has_flat && f->same_facing_src && f->num_attribs <= FE_GROUP_ATTRIBS;
    /* Records of the lanes that produce none (process_triangles8's dst). */
    uint8_t spare[8][sizeof(be_prim) + FE_GROUP_ATTRIBS * 12 * sizeof(float)]
        __attribute__((aligned(64)));
    /* Vertex records exist unless the slots are sequential. */
    const float *rec = s->vrec;
    const uint32_t rw = f->seq_slots ? 0 : f->vrec_words;
    const uint32_t na = f->num_attribs;
    const uint32_t *const prim_slots = s->prim_slots;
    arena *const arena = f->bins->arena;
    /* arena_alloc's size of one record (alloc_prim), so that a block of k
     * records takes what k alloc_prim calls would. */
    const size_t rec_bytes = (be_prim_bytes(f->num_attribs, BE_PRIM_TRI) + 63) & ~(size_t)63;
    /* Word offsets of fe_prim.prim_id of lanes 0-7 of a group. */
    const vi8 pid_idx = vi8_add(vi8_mullo(vi8_lane_index(), vi8_set1(FE_PRIM_WORDS)),
                                vi8_set1(FE_PRIM_ID_WORD));
    /* f->seq_fused: whole groups transform their vertices here. */
    const bool fused = f->seq_fused;
    const size_t num_out = f->num_outputs, pos_slot = f->vs->position_slot;
    /* Locals, not re-read through f after every store into a record. */
    const bool prof = f->prof, toss_bin = KNOB_TOSS_BIN_TRIS;
    rast_bins *const bins = f->bins;
    fe_xform xform;
    fe_xform_init(f, &xform);
    for (uint32_t i0 = 0; i0 < n; i0 += 8) {
        uint32_t m = n - i0 < 8 ? n - i0 : 8;
        vi8 code[3], xf[3], yf[3];
        vf8 z8[3], vx[3], vy[3], iw8[3];
        const bool seq = f->seq_slots && m == 8;
        /* Where the attribute triplets of survivors come from. */
        const bool stage_attr = simd_attr && seq, rec_attr = simd_attr && rw;
        if (!seq && !rw) {
            /* The tail group of sequential slots: lane by lane (tail lanes
             * repeat the last triangle), then the snap as below. */
            int32_t c8[3][8];
            float x8[3][8], y8[3][8], zz8[3][8], w8[3][8];
            for (uint32_t l = 0; l < 8; l++) {
                const uint32_t *sl = &s->prim_slots[(i0 + (l < m ? l : m - 1)) * 3];
                for (int k = 0; k < 3; k++) {
                    c8[k][l] = (int32_t)s->vcodes[sl[k]];
                    x8[k][l] = vw[sl[k]];
                    y8[k][l] = vw[stride + sl[k]];
                    zz8[k][l] = vw[2 * stride + sl[k]];
                    w8[k][l] = vw[3 * stride + sl[k]];
                }
            }
            for (int k = 0; k < 3; k++) {
                code[k] = vi8_load(c8[k]);
                xf[k] = vf8_to_vi8_round(vf8_mul(vf8_load(x8[k]), k256));
                yf[k] = vf8_to_vi8_round(vf8_mul(vf8_load(y8[k]), k256));
                z8[k] = vf8_load(zz8[k]);
                iw8[k] = vf8_load(w8[k]);
            }
        } else if (seq && fused) {
            /* Slots 3 * i0 .. 3 * i0 + 23 are the VS batches 3 * i0 / 8 ..
             * + 2: their positions, deinterleaved, go through fe_vertex8
             * (transform_vertices' operations, so the same values). */
            const swr_simd_vec4 *q = &s->vs_out[(size_t)(i0 * 3 / 8) * num_out + pos_slot];
            vf8 cx[3], cy[3], cz[3], cw[3];
            vf8_deinterleave3(vf8_load(q[0].v[0]), vf8_load(q[num_out].v[0]),
                              vf8_load(q[2 * num_out].v[0]), cx);
            vf8_deinterleave3(vf8_load(q[0].v[1]), vf8_load(q[num_out].v[1]),
                              vf8_load(q[2 * num_out].v[1]), cy);
            vf8_deinterleave3(vf8_load(q[0].v[2]), vf8_load(q[num_out].v[2]),
                              vf8_load(q[2 * num_out].v[2]), cz);
            vf8_deinterleave3(vf8_load(q[0].v[3]), vf8_load(q[num_out].v[3]),
                              vf8_load(q[2 * num_out].v[3]), cw);
#pragma GCC unroll 3
            for (int k = 0; k < 3; k++) {
                vf8 wx, wy;
                code[k] = fe_vertex8(&xform, cx[k], cy[k], cz[k], cw[k], vi8_zero(), &wx, &wy,
                                     &z8[k], &iw8[k]);
                xf[k] = vf8_to_vi8_round(vf8_mul(wx, k256));
                yf[k] = vf8_to_vi8_round(vf8_mul(wy, k256));
            }
        } else if (seq) {
            /* Slots 3 * i0 .. 3 * i0 + 23, all < num_unique: plain loads. */
            uint32_t b = i0 * 3;
            vi8_load_deinterleave3(s->vcodes + b, code);
            vf8_load_deinterleave3(vw + b, vx);
            vf8_load_deinterleave3(vw + stride + b, vy);
            vf8_load_deinterleave3(vw + 2 * stride + b, z8);
            vf8_load_deinterleave3(vw + 3 * stride + b, iw8);
#pragma GCC unroll 3
            for (int k = 0; k < 3; k++) {
                xf[k] = vf8_to_vi8_round(vf8_mul(vx[k], k256));
                yf[k] = vf8_to_vi8_round(vf8_mul(vy[k], k256));
            }
        } else {
            /* Vertex k of the 8 lanes: 8 record rows, one transpose (no
             * gathers; the snap was done per vertex). */
            const uint32_t *slots = s->prim_slots + (size_t)i0 * 3;
            uint32_t tail_slots[24]; /* a short group: lanes from m on repeat lane m - 1 */
            if (m < 8) {
                for (uint32_t j = 0; j < 24; j++)
                    tail_slots[j] = j < 3 * m ? slots[j] : slots[3 * (m - 1) + j % 3];
                slots = tail_slots;
            }
#pragma GCC unroll 3
            for (int k = 0; k < 3; k++) {
                vf8 r[8];
                for (uint32_t l = 0; l < 8; l++)
                    r[l] = vf8_load_aligned(rec + (size_t)slots[l * 3 + k] * rw);
                vf8_transpose8(r);
                code[k] = vf8_as_vi8(r[0]);
                xf[k] = vf8_as_vi8(r[1]);
                yf[k] = vf8_as_vi8(r[2]);
                z8[k] = r[3];
                iw8[k] = r[4];
            }
        }
        vi8 any = vi8_or(vi8_or(code[0], code[1]), code[2]);
        vi8 all = vi8_and(vi8_and(code[0], code[1]), code[2]);
        vi8 rej = vi8_or(vi8_and(any, vi8_set1(OUT_NAN)), vi8_and(all, vi8_set1(OUT_REJECT_MASK)));
        uint32_t reject = ~vi8_movemask(vi8_eq(rej, vi8_zero())) & 0xff;
        uint32_t clip = ~vi8_movemask(vi8_eq(vi8_and(any, vi8_set1(OUT_CLIP_MASK)), vi8_zero())) & 0xff;
        /* Lanes neither rejected nor clipped leave the clipper unchanged
         * (c_primitives; process_triangle counts the clipped ones). */
        f->cnt->c_primitives += (uint32_t)__builtin_popcount(~(reject | clip) & ((1u << m) - 1));
        if (!(~(reject | clip) & ((1u << m) - 1))) {
            /* Nothing for the fast path: only the clipped ones need work. */
            for (uint32_t l = 0; l < m; l++) {
                if (f->bins->out_of_memory)
                    return;
                if ((clip & ~reject) & (1u << l))
                    process_triangle(f, &s->prims[i0 + l], &s->prim_slots[(i0 + l) * 3]);
            }
            continue;
        }
        if (prof)
            prof_begin(PROF_FETriangleSetup);
        fe_tri_setup8(xf, yf, off, rs->bottom_edge_rule, &t8);
        if (prof)
            prof_end(PROF_FETriangleSetup);
        /* The pixel box of rast_tri_setup, clipped to the viewport rectangle. */
        vi8 bx0 = vi8_max(vi8_load(t8.x0), vi8_set1(r.x0));
        vi8 by0 = vi8_max(vi8_load(t8.y0), vi8_set1(r.y0));
        vi8 bx1 = vi8_min(vi8_load(t8.x1), vi8_set1(r.x1));
        vi8 by1 = vi8_min(vi8_load(t8.y1), vi8_set1(r.y1));
        uint32_t empty = ~vi8_movemask(vi8_and(vi8_gt(bx1, bx0), vi8_gt(by1, by0))) & 0xff;
        /* The first FE_PRIM_BLOCK bytes of every lane's be_prim (prim_id and,
         * with polygon offset, z[2] are patched per survivor). z[2] is
         * z0 + 0.0f as in emit_triangle_fx (turns -0.0 into +0.0). */
        vi64x4 a_lo = vi64_load(t8.area2), a_hi = vi64_load(t8.area2 + 4);
        uint32_t ccw = vi64_movemask(a_lo) | (vi64_movemask(a_hi) << 4); /* area < 0 */
        uint32_t front8 = rs->front_ccw ? ccw : ~ccw & 0xff;
        /* The per-lane decisions of process_triangle / emit_triangle_fx as
         * lane masks, in their order: reject; clip; zero area or culled
         * face; a facing not filled (lines / points); empty box; else the
         * batched path ("fast"). */
        const uint32_t live = ~reject & ((1u << m) - 1);
        const uint32_t culled = vi64_zero_mask(a_lo) | (vi64_zero_mask(a_hi) << 4) |
                                (rs->cull_face & SWR_FACE_FRONT ? front8 : 0) |
                                (rs->cull_face & SWR_FACE_BACK ? ~front8 : 0);
        const uint32_t nonfill = (rs->fill_front != SWR_FILL_FILL ? front8 : 0) |
                                 (rs->fill_back != SWR_FILL_FILL ? ~front8 : 0);
        const uint32_t rest = live & ~clip & ~culled;
        const uint32_t fast = rest & ~nonfill & ~empty;
        if (prof) {
            prof_event(PROF_FECullZeroAreaAndBackface,
                       (uint64_t)__builtin_popcount(live & ~clip & culled));
            prof_event(PROF_FECullBetweenCenters,
                       (uint64_t)__builtin_popcount(rest & ~nonfill & empty));
        }
        /* Where lane l's be_prim is written: the fast lanes' records are one
         * arena block (in lane order, rec_bytes apart), filled in place by
         * the transposes below; the other lanes write into `spare` (never
         * read), so that every store is unconditional. */
        uint8_t *dst[8];
        /* bin_prim's macrotile range of the fast lanes' boxes (the same
         * unsigned shifts and clamps): one_tile = the lanes inside a single
         * macrotile, appended to bin tile8[l] without bin_prim. */
        uint32_t one_tile = 0;
        int32_t tile8[8] __attribute__((aligned(32)));
        if (fast) {
            uint8_t *blk = arena_alloc(arena, (size_t)__builtin_popcount(fast) * rec_bytes);
            if (!blk) { /* alloc_prim */
                f->bins->out_of_memory = true;
                return;
            }
            for (int l = 0; l < 8; l++)
                dst[l] = spare[l];
            for (uint32_t w = fast; w; w &= w - 1, blk += rec_bytes)
                dst[__builtin_ctz(w)] = blk;
            const vi8 one = vi8_set1(1);
            vi8 tx0 = vi8_srli(bx0, RAST_MT_LOG2), ty0 = vi8_srli(by0, RAST_MT_LOG2);
            vi8 tx1 = vi8_minu(vi8_srli(vi8_sub(bx1, one), RAST_MT_LOG2),
                               vi8_set1((int32_t)f->bins->grid_w - 1));
            vi8 ty1 = vi8_minu(vi8_srli(vi8_sub(by1, one), RAST_MT_LOG2),
                               vi8_set1((int32_t)f->bins->grid_h - 1));
            one_tile = (uint32_t)vi8_movemask(vi8_and(vi8_eq(tx0, tx1), vi8_eq(ty0, ty1))) & fast;
            vi8_store(tile8, vi8_add(vi8_mullo(ty0, vi8_set1((int32_t)f->bins->grid_w)), tx0));
            if (prof)
                prof_begin(PROF_FETriangleSetup);
            planes8(xf, yf, z8, &pl);
            if (prof)
                prof_end(PROF_FETriangleSetup);
            /* kind, front_facing, tri_flags (tri_flags_of), viewport 0. */
            const vi8 small_lim = vi8_set1(SMALL_TRI_PX + 1);
            vi8 small = vi8_and(vi8_gt(small_lim, vi8_sub(vi8_load(t8.x1), vi8_load(t8.x0))),
                                vi8_gt(small_lim, vi8_sub(vi8_load(t8.y1), vi8_load(t8.y0))));
            vi8 head = vi8_or(vi8_or(vi8_set1(BE_PRIM_TRI),
                                     vi8_and(vi8_from_bits(front8), vi8_set1(1 << 8))),
                              vi8_or(vi8_and(small, vi8_set1(BE_TRI_SMALL << 16)),
                                     vi8_and(vi8_from_bits(t8.small_edges),
                                             vi8_set1(BE_TRI_SMALL_EDGES << 16))));
            /* fe_prim.prim_id of the lanes (lanes from m on repeat lane m - 1). */
            vi8 pid = vi8_gather((const int32_t *)(const void *)&s->prims[i0],
                                 m == 8 ? pid_idx
                                        : vi8_add(vi8_mullo(vi8_min(vi8_lane_index(),
                                                                    vi8_set1((int32_t)m - 1)),
                                                            vi8_set1(FE_PRIM_WORDS)),
                                                  vi8_set1(FE_PRIM_ID_WORD)));
            vf8 r[8] = {vi8_as_vf8(head), vi8_as_vf8(pid), vi8_as_vf8(bx0), vi8_as_vf8(by0),
                        vi8_as_vf8(bx1),  vi8_as_vf8(by1), pl.x_ref,        pl.y_ref};
            vf8_transpose8(r);
            for (int l = 0; l < 8; l++)
                vf8_store_aligned((float *)(void *)dst[l], r[l]);
            vf8 q[8] = {pl.b1x, pl.b1y, vf8_zero(), pl.b2x, pl.b2y, vf8_zero(), pl.dzdx, pl.dzdy};
            vf8_transpose8(q);
            for (int l = 0; l < 8; l++)
                vf8_store_aligned((float *)(void *)(dst[l] + 32), q[l]);
            vf8 u[8] = {vf8_add(z8[0], vf8_zero()), iw8[0], iw8[1], iw8[2],
                        vi8_as_vf8(vi8_load(t8.a[0])), vi8_as_vf8(vi8_load(t8.a[1])),
                        vi8_as_vf8(vi8_load(t8.a[2])), vi8_as_vf8(vi8_load(t8.b[0]))};
            vf8_transpose8(u);
            for (int l = 0; l < 8; l++)
                vf8_store_aligned((float *)(void *)(dst[l] + 64), u[l]);
            fe_tri8_store_tail(&t8, dst, FE_PRIM_BLOCK);
            if (stage_attr)
                group_attribs(f, i0 * 3, dst);
        }
        /* The lanes with work, in primitive order. */
        const uint32_t slow = (live & clip) | (rest & nonfill);
        if (!slow && (stage_attr || rec_attr) && !rs->offset_tri) {
            /* Only filled survivors with their records complete but for
             * rec_attribs: bin them. */
            uint32_t binned = 0;
            for (uint32_t work = fast; work; work &= work - 1) {
                const uint32_t l = (uint32_t)__builtin_ctz(work);
                be_prim *p = (be_prim *)(void *)dst[l];
                if (rec_attr)
                    rec_attribs(rec, rw, na, p, &prim_slots[(i0 + l) * 3]);
                if (!((one_tile >> l) & 1))
                    bin_prim(f, p, PROF_FEBinTriangles);
                else if (!toss_bin)
                    binned += bin_tri_one_tile(bins, prof, (uint32_t)tile8[l], p);
            }
            f->cnt->prims_binned += binned;
            if (bins->out_of_memory)
                return;
            continue;
        }
        for (uint32_t work = slow | fast; work; work &= work - 1) {
            if (f->bins->out_of_memory)
                return;
            const uint32_t l = (uint32_t)__builtin_ctz(work), bit = 1u << l;
            const fe_prim *pr = &s->prims[i0 + l];
            const uint32_t *sl = &s->prim_slots[(i0 + l) * 3];
            if (clip & bit) {
                process_triangle(f, pr, sl);
                continue;
            }
            const bool front = (front8 & bit) != 0;
            uint32_t prov = sl[pr->provoking];
            if (nonfill & bit) {
                fe_win_vertex wv[3];
                int32_t txf[3], tyf[3];
                for (int k = 0; k < 3; k++) {
                    uint32_t v = sl[k];
                    wv[k] = (fe_win_vertex){vw[v], vw[stride + v], vw[2 * stride + v],
                                            vw[3 * stride + v]};
                    txf[k] = vi8_lane(xf[k], (int)l);
                    tyf[k] = vi8_lane(yf[k], (int)l);
                }
                fe_attr_src src = {sl, prov, {NULL, NULL, NULL}, NULL};
                emit_triangle_fx(f, wv, txf, tyf, &src, pr->edge_flags, pr->prim_id, 0,
                                 points ? prim_point_size(f, prov) : 0.0f);
                continue;
            }
            /* emit_triangle_fx's filled path, from the lanes of t8 and pl:
             * the record is written but for polygon offset and attributes
             * that group_attribs did not provide. */
            be_prim *p = (be_prim *)(void *)dst[l];
            if (rs->offset_tri)
                p->z[2] = vw[2 * stride + sl[0]] + polygon_offset(f, p->z[0], p->z[1]);
            if (rec_attr)
                rec_attribs(rec, rw, na, p, sl);
            else if (!stage_attr) /* else written by group_attribs */
                soa_attribs(f, p, sl, prov, front);
            if (!(one_tile & bit))
                bin_prim(f, p, PROF_FEBinTriangles);
            else if (!toss_bin)
                f->cnt->prims_binned += bin_tri_one_tile(bins, prof, (uint32_t)tile8[l], p);
        }
    }
}

static void process_line(fe_ctx *f, const fe_prim *pr, const uint32_t slots[2])
{
    uint32_t prov = slots[pr->provoking];
    uint32_t vp = prim_viewport(f, prov);
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
    emit_line(f, wv, a0 + FE_CLIP_ATTR, a1 + FE_CLIP_ATTR, cv[pr->provoking].v + FE_CLIP_ATTR,
              0.0f, pr->prim_id, true, vp);
}

static void process_point(fe_ctx *f, const fe_prim *pr, uint32_t slot)
{
    uint32_t vp = prim_viewport(f, slot);
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
    emit_point(f, &wv, cv.v + FE_CLIP_ATTR, prim_point_size(f, slot), 0.0f, pr->prim_id, true, vp);
}

/* ---- the chunk -------------------------------------------------------------------------- */

/* Restart indices among the chunk's positions [begin, end): not vertices,
 * so ia_vertices (swr_stats) leaves them out. Scans only restart draws. */
static uint32_t count_restarts(const fe_index_source *src, uint32_t begin, uint32_t end)
{
    if (!src->restart || !src->indices)
        return 0;
    uint32_t k = 0;
    for (uint32_t p = begin; p < end; p++)
        k += read_index(src->indices, src->index_size, p) == src->restart_index;
    return k;
}

static void run_vs(fe_ctx *f, uint32_t num_unique)
{
    rast_scratch *s = f->s;
    const rast_draw_state *st = f->st;
    const swr_vs_state *vs = f->vs;
    uint32_t inst_ids[8];
    for (int l = 0; l < 8; l++)
        inst_ids[l] = f->instance;
    swr_vs_args args;
    memset(&args, 0, sizeof args);
    args.inputs = s->vs_in;
    /* BASEVERTEX: the index bias, or for a non-indexed draw its first vertex
     * (tgsi.rst), so that VERTEXID_NOBASE + BASEVERTEX == VERTEXID. */
    args.base_vertex = f->job->draw.indexed ? f->job->draw.base_vertex : (int32_t)f->job->draw.start;
    args.start_instance = f->job->draw.start_instance;
    args.res = &st->shaders->res[SWR_STAGE_VS];
    for (int l = 0; l < 8; l++)
        args.instance_id.v[l] = (int32_t)f->instance;
    /* Per-vertex elements inside their buffers for the ids of the chunk:
     * the range tests once here instead of per batch (the tail batch's
     * extra lanes repeat an id of the chunk). */
    fe_fetch_range range;
    const bool ranged = fe_fetch_prepare_range(&st->layout->plan, st->buffers->vb, f->vid_lo,
                                               f->vid_hi, &range);
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
            fe_fetch8_range(&range, vid, inst_ids, f->job->draw.start_instance, mask,
                            s->vs_in);
        else
            fe_fetch8(&st->layout->plan, st->buffers->vb, vid, inst_ids,
                      f->job->draw.start_instance, mask, s->vs_in);
        if (prof)
            prof_end(PROF_FEFetchShader);
        if (toss_vs)
            continue;
        memcpy(args.vertex_id.v, vid, sizeof vid);
        args.outputs = &s->vs_out[(size_t)b * f->num_outputs];
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
    init_attr_offsets(&f);
    f.vrec_attr = !st->has_flat && f.same_facing_src && f.num_attribs <= FE_GROUP_ATTRIBS;
    f.vrec_words = FE_VREC_POS_WORDS + (f.vrec_attr ? (f.num_attribs * 4 + 7) & ~7u : 0);
    if (KNOB_TOSS_IA || !f.vs->func)
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
    f.stip = f.rs->line_stipple_enable &&
             (d->topology == SWR_TOPO_LINE_STRIP || d->topology == SWR_TOPO_LINE_LOOP);
    uint32_t begin = f.stip ? 0 : job->begin;
    uint32_t max_prims = fe_max_prims_for_positions(d->topology, job->end - begin);
    uint32_t nv = fe_topology_out_verts(d->topology);
    prof_begin(PROF_FEPAAssemble);
    bool ok = grow((void **)&s->prims, &s->prims_cap, max_prims + 1, sizeof(fe_prim));
    uint32_t slots_cap = s->prims_cap * 3;
    if (ok && slots_cap > s->prim_slots_cap) {
        uint32_t *ps = realloc(s->prim_slots, (size_t)slots_cap * sizeof(uint32_t));
        ok = ps != NULL;
        if (ps) {
            s->prim_slots = ps;
            s->prim_slots_cap = slots_cap;
        }
    }
    uint32_t n = ok ? fe_assemble(&src, begin, job->end, s->prims, max_prims + 1) : 0;
    if (!ok)
        bins->out_of_memory = true;
    const uint32_t num_inst = job->instance_end - job->instance_begin;
    cnt->ia_vertices +=
        (uint64_t)(job->end - job->begin - count_restarts(&src, job->begin, job->end)) * num_inst;
    if (n == 0 || KNOB_TOSS_FETCH) {
        prof_end(PROF_FEPAAssemble);
        prof_end(job->draw.indexed ? PROF_FEProcessDrawIndexed : PROF_FEProcessDraw);
        return;
    }

    /* Dedupe vertices: VS slot per primitive vertex. */
    uint32_t max_unique = n * nv;
    uint32_t num_unique = 0;
    if (!grow((void **)&s->vids, &s->vids_cap, max_unique + 8, sizeof(int32_t))) {
        bins->out_of_memory = true;
        prof_end(PROF_FEPAAssemble);
        prof_end(job->draw.indexed ? PROF_FEProcessDrawIndexed : PROF_FEProcessDraw);
        return;
    }
    /* Vertex reuse counts as assembly in the report (FEPAAssemble). */
    bool deduped = dedupe_vertices(&f, ib, src.index_size, n, nv, &num_unique);
    prof_end(PROF_FEPAAssemble);
    if (!deduped) {
        bins->out_of_memory = true;
        prof_end(job->draw.indexed ? PROF_FEProcessDrawIndexed : PROF_FEProcessDraw);
        return;
    }
    size_t need = (size_t)((num_unique + 7) / 8) * f.num_outputs;
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
    if (!(KNOB_TOSS_VS || KNOB_TOSS_SETUP_TRIS || f.rs->rasterizer_discard))
        cnt->c_invocations += api_prims * num_inst;
    for (uint32_t inst = job->instance_begin; inst < job->instance_end; inst++) {
        f.instance = inst;
        f.stip_chain = false; /* each instance is a new strip */
        run_vs(&f, num_unique);
        cnt->prims_in += n_own;
        if (KNOB_TOSS_VS || KNOB_TOSS_SETUP_TRIS || f.rs->rasterizer_discard)
            continue;
        f.seq_fused = f.seq_slots && nv == 3 && f.rs->fill_front == SWR_FILL_FILL &&
                      f.rs->fill_back == SWR_FILL_FILL && !f.rs->offset_tri &&
                      (f.rs->clip_distance_enable & 0xffu) == 0;
        f.per_vertex = nv == 3 && !f.rs->window_space_position &&
                       f.vs->viewport_index_slot >= f.num_outputs &&
                       transform_vertices(&f, num_unique, f.seq_fused ? 24 * (n / 8) : 0);
        if (nv == 3 && f.per_vertex) {
            process_triangles8(&f, n);
            continue;
        }
        for (uint32_t i = 0; i < n && !bins->out_of_memory; i++) {
            const fe_prim *pr = &s->prims[i];
            const uint32_t *sl = &s->prim_slots[i * 3];
            if (nv == 3)
                process_triangle(&f, pr, sl);
            else if (nv == 2) {
                /* A primitive belongs to the chunk holding its last position. */
                f.count_only = f.stip && pr->v[0] < job->begin && pr->v[1] < job->begin;
                process_line(&f, pr, sl);
            }
            else
                process_point(&f, pr, sl[0]);
        }
    }
    prof_end(job->draw.indexed ? PROF_FEProcessDrawIndexed : PROF_FEProcessDraw);
}
