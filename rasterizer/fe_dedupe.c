/*
 * fe_dedupe.c: vertex deduplication of one draw chunk (the IA stage's
 * second half, counted as FEPAAssemble in the report).
 *
 * In:  the chunk's assembled primitives (s->prims: index-stream positions)
 *      and the draw's indices. Out: s->prim_slots, the VS slot of every
 *      primitive vertex, and s->vids, the vertex id of every slot in
 *      first-use order, so that an indexed mesh shades each vertex once per
 *      chunk, not once per index; f->seq_slots and the id range
 *      [f->vid_lo, f->vid_hi] for the fetch.
 * Thread: the worker that claimed the chunk (fe_draw.c).
 *
 * A direct table when the chunk's vertex ids span a small range (indexed by
 * position for non-indexed strips and fans), else a hash; both give the
 * same slots in the same order.
 */
#include "rasterizer/fe_chunk.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

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

/* Fills prim_slots (3 per primitive, nv used) with the VS slot of every
 * primitive vertex and vids with the distinct vertex ids in first-use order.
 * Two passes: the vertex ids first (into prim_slots), then the slots. When
 * the ids of the chunk span a range of at most DEDUPE_DIRECT_SPAN times the
 * vertex count (always for non-indexed draws, usually for meshes), a direct
 * table over [lo, hi] replaces the hash: one load and no probing per vertex.
 * Both give the same slots in the same order. When the ids are simply
 * consecutive (non-indexed lists) the slots are the identity and neither
 * table is touched (f->seq_slots, used by fe_tri8_run). */
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
        uint32_t id = (size == 1   ? ((const uint8_t *)ix)[j]
                       : size == 2 ? ((const uint16_t *)ix)[j]
                                   : ((const uint32_t *)ix)[j]) +
                      base;
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
 * has id first + j: the general first pass of fe_dedupe_vertices for
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
                                             : ((const uint32_t *)ib)[pos]) +
                                base;
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

bool fe_dedupe_vertices(fe_ctx *f, const void *ib, uint32_t index_size, uint32_t n, uint32_t nv,
                        uint32_t *num_unique)
{
    rast_scratch *s = f->s;
    const swr_draw_info *d = &f->job->draw;
    uint32_t *ps = s->prim_slots;
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    /* seq: vertex j of the chunk (j = i * nv + k) has id first + j -- every
     * non-indexed list -- so every id is new when first met and the slots
     * are the identity; the direct table would produce exactly that. */
    uint32_t first =
        n ? (d->indexed ? fe_read_index(ib, index_size, s->prims[0].v[0]) + (uint32_t)d->base_vertex
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
                int32_t vid =
                    d->indexed
                        ? (int32_t)(fe_read_index(ib, index_size, pos) + (uint32_t)d->base_vertex)
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
