/*
 * fe_assemble.c: primitive assembly of one draw chunk.
 *
 * In:  the draw's index stream (fe_index_source) and a chunk [begin, end) of
 *      its positions. Out: the fe_prim records the chunk owns, in stream
 *      order. Runs on whichever worker took the chunk; reads only `src` and
 *      the index buffer, writes only `out` (no global state, so any number of
 *      chunks of one draw may be assembled at once).
 *
 * Model. Primitive restart cuts the stream into segments; each segment is
 * assembled as if it were a draw of its own. In every topology the j-th API
 * primitive of a segment starting at s completes at position
 *     last(j) = s + first_last + step * j            (table k_topo below)
 * and a primitive is owned by the chunk that holds last(j). So a chunk walks
 * its runs of non-restart positions and, for each run, emits the j whose
 * last(j) falls inside it: no per-vertex state machine, nothing carried from
 * the previous chunk. Two topologies also need to know whether last(j) ends
 * its segment: the line loop (its closing line is owned there) and the
 * polygon (its last triangle's closing edge is a boundary); both look one
 * position past the run, which may lie past `end`.
 *
 * Locating a chunk: without restart, the segment starts at 0 and the prim_id
 * of API primitive j is j (a polygon's triangles all take 0): O(1). With
 * restart, the segment start and the number of primitives in the
 * segments before it are found by a forward scan of [0, begin): O(begin) per
 * chunk, O(count^2 / P) per draw. Correct and simple; if it shows in
 * profiles, the caller can do one pass per draw and hand each chunk its
 * (segment start, prim base) instead.
 *
 * Positions are uint32_t in the API but computed in uint64_t here: a draw may
 * have 2^32 - 1 positions and s + 5 + 2 * j must not wrap.
 */
#include "fe_assemble.h"

#include <stddef.h>

/* Per-topology shape, in positions relative to the segment start.
 * first_last: position that completes primitive 0; step: positions between
 * the completions of consecutive primitives; out_verts: vertices per output
 * primitive; out_per_prim: outputs per API primitive (2 for quads, whose
 * 2 triangles share one prim_id; 1 otherwise, the polygon counting one per
 * triangle here because each triangle has its own completing position). */
typedef struct topo_shape {
    uint8_t first_last;
    uint8_t step;
    uint8_t out_verts;
    uint8_t out_per_prim;
} topo_shape;

static const topo_shape k_topo[SWR_TOPO_COUNT] = {
    [SWR_TOPO_POINTS] = {0, 1, 1, 1},
    [SWR_TOPO_LINES] = {1, 2, 2, 1},
    [SWR_TOPO_LINE_LOOP] = {1, 1, 2, 1}, /* + the closing line at the segment's end */
    [SWR_TOPO_LINE_STRIP] = {1, 1, 2, 1},
    [SWR_TOPO_TRIANGLES] = {2, 3, 3, 1},
    [SWR_TOPO_TRIANGLE_STRIP] = {2, 1, 3, 1},
    [SWR_TOPO_TRIANGLE_FAN] = {2, 1, 3, 1},
    [SWR_TOPO_QUADS] = {3, 4, 3, 2},
    [SWR_TOPO_QUAD_STRIP] = {3, 2, 3, 2},
    [SWR_TOPO_POLYGON] = {2, 1, 3, 1}, /* j = triangle of the fan, not API primitive */
    [SWR_TOPO_LINES_ADJACENCY] = {3, 4, 2, 1},
    [SWR_TOPO_LINE_STRIP_ADJACENCY] = {3, 1, 2, 1},
    [SWR_TOPO_TRIANGLES_ADJACENCY] = {5, 6, 3, 1},
    [SWR_TOPO_TRIANGLE_STRIP_ADJACENCY] = {5, 2, 3, 1},
};

/* ---- index stream --------------------------------------------------------- */

static uint32_t read_index(const fe_index_source *src, uint64_t p)
{
    switch (src->index_size) {
    case 1:
        return ((const uint8_t *)src->indices)[p];
    case 2:
        return ((const uint16_t *)src->indices)[p];
    default:
        return ((const uint32_t *)src->indices)[p];
    }
}

static bool restart_active(const fe_index_source *src)
{
    return src->restart && src->indices != NULL;
}

/* First position in [p, end) holding the restart index, or end. One loop per
 * index width so that the O(begin) prefix scan stays a tight compare loop. */
static uint64_t find_restart(const fe_index_source *src, uint64_t p, uint64_t end)
{
    if (!restart_active(src))
        return end;
    const uint32_t r = src->restart_index;
    switch (src->index_size) {
    case 1: {
        const uint8_t *ix = src->indices;
        while (p < end && ix[p] != r)
            p++;
        return p;
    }
    case 2: {
        const uint16_t *ix = src->indices;
        while (p < end && ix[p] != r)
            p++;
        return p;
    }
    default: {
        const uint32_t *ix = src->indices;
        while (p < end && ix[p] != r)
            p++;
        return p;
    }
    }
}

static bool is_restart(const fe_index_source *src, uint64_t p)
{
    return restart_active(src) && p < src->count && read_index(src, p) == src->restart_index;
}

/* prim_ids taken by a whole segment of n positions. */
static uint64_t segment_prim_ids(uint32_t topology, uint64_t n)
{
    const topo_shape *t = &k_topo[topology];
    switch (topology) {
    case SWR_TOPO_LINE_LOOP:
        return n >= 2 ? n : 0; /* n - 1 lines + the closing one */
    case SWR_TOPO_POLYGON:
        return n >= 3 ? 1 : 0; /* a polygon of < 3 vertices is no primitive */
    default:
        return n > t->first_last ? (n - t->first_last - 1) / t->step + 1 : 0;
    }
}

/* ---- emission ------------------------------------------------------------- */

typedef struct prim_writer {
    fe_prim *out;
    uint32_t n, max;
    bool first; /* flatshade_first */
} prim_writer;

static bool put(prim_writer *w, uint64_t a, uint64_t b, uint64_t c, uint64_t id, uint8_t provoking,
                uint8_t edge_flags)
{
    if (w->n >= w->max)
        return false;
    fe_prim *o = &w->out[w->n++];
    o->v[0] = (uint32_t)a;
    o->v[1] = (uint32_t)b;
    o->v[2] = (uint32_t)c;
    o->prim_id = (uint32_t)id;
    o->provoking = provoking;
    o->edge_flags = edge_flags;
    return true;
}

/* A quad given as its outline cycle (a, b, c, d) with the provoking vertex
 * at cycle slot pv. Rotate the cycle so that the provoking vertex is d (last
 * convention) or a (first convention), which keeps the winding, then split:
 * last: (a,b,d) (b,c,d); first: (a,b,c) (a,c,d). Both triangles then hold
 * the provoking vertex, and only b-d or a-c is a diagonal (edge flags).
 * For quads pv is already at d / a; quad strips need the rotation under the
 * last convention, their last vertex 2i+3 sitting at slot c. */
static bool put_quad(prim_writer *w, const uint64_t q[4], uint32_t pv, uint64_t id)
{
    uint32_t rot = w->first ? pv : (pv + 1) & 3;
    uint64_t a = q[rot], b = q[(rot + 1) & 3], c = q[(rot + 2) & 3], d = q[(rot + 3) & 3];
    if (w->first)
        return put(w, a, b, c, id, 0, 1 | 2) && put(w, a, c, d, id, 0, 2 | 4);
    return put(w, a, b, d, id, 2, 1 | 4) && put(w, b, c, d, id, 2, 1 | 2);
}

/* Emit API primitive j of the segment starting at s (prim ids from base).
 * seg_end: last(j) is the last position of the segment. */
static bool emit(prim_writer *w, uint32_t topology, uint64_t s, uint64_t j, uint64_t base,
                 bool seg_end)
{
    const bool first = w->first;
    const uint64_t id = base + j;
    switch (topology) {
    case SWR_TOPO_POINTS:
        return put(w, s + j, 0, 0, id, 0, 0);
    case SWR_TOPO_LINES:
        return put(w, s + 2 * j, s + 2 * j + 1, 0, id, first ? 0 : 1, 0);
    case SWR_TOPO_LINE_STRIP:
        return put(w, s + j, s + j + 1, 0, id, first ? 0 : 1, 0);
    case SWR_TOPO_LINE_LOOP:
        if (!put(w, s + j, s + j + 1, 0, id, first ? 0 : 1, 0))
            return false;
        /* Closing line n-1 -> 0: GL's "i, i+1" with i+1 wrapping to vertex 1,
         * so the provoking slot is the same as for any line. */
        return !seg_end || put(w, s + j + 1, s, 0, id + 1, first ? 0 : 1, 0);
    case SWR_TOPO_TRIANGLES:
        return put(w, s + 3 * j, s + 3 * j + 1, s + 3 * j + 2, id, first ? 0 : 2, 7);
    case SWR_TOPO_TRIANGLE_STRIP:
        /* Odd triangles swap their first two vertices to keep the winding;
         * the first-provoking vertex (position i) then sits in slot 1. */
        if (j & 1)
            return put(w, s + j + 1, s + j, s + j + 2, id, first ? 1 : 2, 7);
        return put(w, s + j, s + j + 1, s + j + 2, id, first ? 0 : 2, 7);
    case SWR_TOPO_TRIANGLE_FAN:
        return put(w, s, s + j + 1, s + j + 2, id, first ? 1 : 2, 7);
    case SWR_TOPO_QUADS: {
        uint64_t q[4] = {s + 4 * j, s + 4 * j + 1, s + 4 * j + 2, s + 4 * j + 3};
        return put_quad(w, q, first ? 0 : 3, id);
    }
    case SWR_TOPO_QUAD_STRIP: {
        uint64_t q[4] = {s + 2 * j, s + 2 * j + 1, s + 2 * j + 3, s + 2 * j + 2};
        return put_quad(w, q, first ? 0 : 2, id);
    }
    case SWR_TOPO_POLYGON: {
        /* Fan around the first vertex, which provokes under both conventions.
         * Outline edges: 0->1 (first triangle), every i+1 -> i+2, and the
         * closing n-1 -> 0 (last triangle). */
        uint8_t flags = 2 | (j == 0 ? 1 : 0) | (seg_end ? 4 : 0);
        return put(w, s, s + j + 1, s + j + 2, base, 0, flags);
    }
    case SWR_TOPO_LINES_ADJACENCY:
        return put(w, s + 4 * j + 1, s + 4 * j + 2, 0, id, first ? 0 : 1, 0);
    case SWR_TOPO_LINE_STRIP_ADJACENCY:
        return put(w, s + j + 1, s + j + 2, 0, id, first ? 0 : 1, 0);
    case SWR_TOPO_TRIANGLES_ADJACENCY:
        return put(w, s + 6 * j, s + 6 * j + 2, s + 6 * j + 4, id, first ? 0 : 2, 7);
    case SWR_TOPO_TRIANGLE_STRIP_ADJACENCY:
        /* GL table "Triangles generated by triangle strips with adjacency":
         * the first/last/only rows differ from the middle ones only in their
         * adjacent vertices, which are dropped here. */
        if (j & 1)
            return put(w, s + 2 * j + 2, s + 2 * j, s + 2 * j + 4, id, first ? 1 : 2, 7);
        return put(w, s + 2 * j, s + 2 * j + 2, s + 2 * j + 4, id, first ? 0 : 2, 7);
    default:
        return true;
    }
}

/* Emit the primitives of the segment starting at s whose completing position
 * lies in the run [p, q) of non-restart positions. seg_ends_at_q: position q
 * is a restart or the end of the draw. */
static bool emit_run(prim_writer *w, uint32_t topology, uint64_t s, uint64_t base, uint64_t p,
                     uint64_t q, bool seg_ends_at_q)
{
    const topo_shape *t = &k_topo[topology];
    const uint64_t lo = p - s, hi = q - s; /* relative run [lo, hi) */
    if (hi <= t->first_last)
        return true;
    uint64_t j = lo > t->first_last ? (lo - t->first_last + t->step - 1) / t->step : 0;
    const uint64_t j_last = (hi - 1 - t->first_last) / t->step;
    if ((topology == SWR_TOPO_TRIANGLES || topology == SWR_TOPO_TRIANGLE_STRIP ||
         topology == SWR_TOPO_TRIANGLE_FAN) &&
        j <= j_last && j_last - j < (uint64_t)(w->max - w->n)) {
        /* The common triangle topologies: emit's cases in one loop each,
         * without the per-primitive switch and bounds test (the run fits). */
        fe_prim *o = w->out + w->n;
        w->n += (uint32_t)(j_last - j + 1);
        const uint8_t pv_last = 2;
        if (topology == SWR_TOPO_TRIANGLES) {
            const uint8_t pv = w->first ? 0 : pv_last;
            for (; j <= j_last; j++, o++) {
                o->v[0] = (uint32_t)(s + 3 * j);
                o->v[1] = (uint32_t)(s + 3 * j + 1);
                o->v[2] = (uint32_t)(s + 3 * j + 2);
                o->prim_id = (uint32_t)(base + j);
                o->provoking = pv;
                o->edge_flags = 7;
            }
        } else if (topology == SWR_TOPO_TRIANGLE_FAN) {
            const uint8_t pv = w->first ? 1 : pv_last;
            for (; j <= j_last; j++, o++) {
                o->v[0] = (uint32_t)s;
                o->v[1] = (uint32_t)(s + j + 1);
                o->v[2] = (uint32_t)(s + j + 2);
                o->prim_id = (uint32_t)(base + j);
                o->provoking = pv;
                o->edge_flags = 7;
            }
        } else {
            for (; j <= j_last; j++, o++) {
                const uint64_t odd = j & 1;
                o->v[0] = (uint32_t)(s + j + odd);
                o->v[1] = (uint32_t)(s + j + 1 - odd);
                o->v[2] = (uint32_t)(s + j + 2);
                o->prim_id = (uint32_t)(base + j);
                o->provoking = w->first ? (uint8_t)odd : pv_last;
                o->edge_flags = 7;
            }
        }
        return true;
    }
    for (; j <= j_last; j++) {
        bool seg_end = seg_ends_at_q && t->first_last + t->step * j == hi - 1;
        if (!emit(w, topology, s, j, base, seg_end))
            return false;
    }
    return true;
}

/* ---- exported ------------------------------------------------------------- */

/* Called by the draw setup and the chunk workers; pure functions. */
uint32_t fe_topology_out_verts(uint32_t topology)
{
    return topology < SWR_TOPO_COUNT ? k_topo[topology].out_verts : 0;
}

uint32_t fe_max_prims_for_positions(uint32_t topology, uint32_t positions)
{
    if (topology >= SWR_TOPO_COUNT)
        return 0;
    const topo_shape *t = &k_topo[topology];
    const uint64_t n = positions;
    /* Within a segment completions are `step` apart; across a restart the
     * next one is at least first_last + 2 >= step positions later. So a range
     * of n positions holds at most ceil(n / step) completions. */
    uint64_t bound = (n + t->step - 1) / t->step * t->out_per_prim;
    /* A line loop's end position also owns the closing line, but every end
     * but the range's last is followed by a restart position in the range,
     * which owns nothing: n + 1 at most. */
    if (topology == SWR_TOPO_LINE_LOOP && n > 0)
        bound += 1;
    return bound > UINT32_MAX ? UINT32_MAX : (uint32_t)bound;
}

uint32_t fe_positions_per_chunk(uint32_t topology, uint32_t max_prims)
{
    if (topology >= SWR_TOPO_COUNT)
        return 0;
    const topo_shape *t = &k_topo[topology];
    const uint64_t m = max_prims ? max_prims : 1;
    uint64_t p;
    if (topology == SWR_TOPO_LINE_LOOP) {
        p = m > 1 ? m - 1 : 1; /* p positions own up to p + 1 lines */
    } else {
        uint64_t prims = m / t->out_per_prim;
        p = (prims ? prims : 1) * t->step;
    }
    if (p > UINT32_MAX)
        p = UINT32_MAX / t->step * t->step;
    return (uint32_t)p;
}

/* Called by a frontend worker for its chunk; never blocks. Returns the number
 * of primitives written; 0 for bad input or a chunk that owns none. The
 * restart positions the walk meets in [begin, end) are counted on the way
 * (the chunk's ia_vertices leave them out), so nobody reads the indices
 * again for them; when out fills up the walk goes on counting. */
uint32_t fe_assemble_counted(const fe_index_source *src, uint32_t begin, uint32_t end,
                             fe_prim *out, uint32_t max_out, uint32_t *restarts)
{
    uint32_t dummy;
    if (!restarts)
        restarts = &dummy;
    *restarts = 0;
    if (src == NULL || out == NULL || src->topology >= SWR_TOPO_COUNT)
        return 0;
    if (src->indices != NULL && src->index_size != 1 && src->index_size != 2 &&
        src->index_size != 4)
        return 0;
    if (end > src->count)
        end = src->count;
    if (begin >= end)
        return 0;

    const uint32_t topo = src->topology;
    prim_writer w = {.out = out, .n = 0, .max = max_out, .first = src->flatshade_first};

    /* Segment holding `begin` and the prim ids used before it. Without
     * restart: O(1). With restart: a forward scan of [0, begin), O(begin)
     * (see the file essay). */
    uint64_t seg = 0, base = 0;
    if (restart_active(src)) {
        for (uint64_t r = find_restart(src, 0, begin); r < begin;
             r = find_restart(src, r + 1, begin)) {
            base += segment_prim_ids(topo, r - seg);
            seg = r + 1;
        }
    }

    uint64_t p = begin;
    bool full = false;
    while (p < end) {
        uint64_t q = find_restart(src, p, end);
        if (q > p && !full) {
            bool seg_ends = q == src->count || is_restart(src, q);
            full = !emit_run(&w, topo, seg, base, p, q, seg_ends);
        }
        if (q < end) { /* restart at q: a new segment begins after it */
            (*restarts)++;
            base += segment_prim_ids(topo, q - seg);
            seg = q + 1;
            q++;
        }
        p = q;
    }
    return w.n;
}

uint32_t fe_assemble(const fe_index_source *src, uint32_t begin, uint32_t end, fe_prim *out,
                     uint32_t max_out)
{
    return fe_assemble_counted(src, begin, end, out, max_out, NULL);
}

/* Outputs (fe_prim records) owned by the first L positions of a segment:
 * the completions at relative positions < L; a line loop's closing line
 * only once the segment is known to end there (complete). */
static uint64_t segment_outputs(uint32_t topology, uint64_t L, bool complete)
{
    const topo_shape *t = &k_topo[topology];
    uint64_t k = L > t->first_last ? (L - 1 - t->first_last) / t->step + 1 : 0;
    uint64_t n = k * t->out_per_prim;
    if (topology == SWR_TOPO_LINE_LOOP && complete && L >= 2)
        n++;
    return n;
}

/* Called by stream output's draw preparation on the API thread. The same
 * model as fe_assemble_counted (a primitive belongs to the chunk holding its
 * last position), summed instead of emitted, so prefix[c + 1] - prefix[c]
 * is exactly what fe_assemble returns for chunk c. One forward pass: the
 * restart positions are visited once for the whole draw. */
void fe_chunk_output_prefix(const fe_index_source *src, uint32_t per_chunk, uint32_t chunks,
                            uint64_t *prefix)
{
    prefix[0] = 0;
    if (!src || src->topology >= SWR_TOPO_COUNT || per_chunk == 0) {
        for (uint32_t c = 1; c <= chunks; c++)
            prefix[c] = 0;
        return;
    }
    const uint32_t topo = src->topology;
    uint64_t seg = 0, base = 0, p = 0;
    for (uint32_t c = 1; c <= chunks; c++) {
        uint64_t b = (uint64_t)c * per_chunk;
        if (c == chunks || b > src->count)
            b = src->count;
        if (b < p)
            b = p;
        for (uint64_t r = find_restart(src, p, b); r < b; r = find_restart(src, r + 1, b)) {
            base += segment_outputs(topo, r - seg, true);
            seg = r + 1;
        }
        p = b;
        bool complete = b >= src->count || is_restart(src, b);
        prefix[c] = base + (b > seg ? segment_outputs(topo, b - seg, complete) : 0);
    }
}
