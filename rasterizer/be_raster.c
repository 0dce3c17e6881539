/*
 * be_raster.c: triangle coverage, the hottest loop of the backend.
 *
 * In:  three vertices snapped to 24.8 fixed point (|coord| < 2^23, the guard
 *      band of rast_priv.h), the sample offset (0 or 128 fx8), the fill rule,
 *      and later a clip rectangle in pixels.
 * Out: rast_tri_setup fills a rast_tri (three int64 edge functions, the pixel
 *      bbox of possibly covered samples); rast_tri_cover emits one 64-bit mask
 *      per 8x8 raster tile in row-major order, bit layout of rast_priv.h.
 * Thread: any worker; no shared state, no allocation, no blocking.
 *
 * Invariants. E_k(X, Y) = a_k X + b_k Y + c_k at sample point (X, Y) in fx8 is
 * exact in int64 (|a|,|b| < 2^24, |X|,|Y| < 2^23, |c| < 2^48). Orientation is
 * normalized so that the interior is E > 0 for every winding, and the fill
 * rule is folded into c: an edge that must not own samples lying exactly on
 * it gets c - 1, so that "covered iff all E_k >= 0" holds for every sample
 * (E is an integer, so E_orig > 0 <=> E_orig - 1 >= 0).
 *
 * Cost model: most triangles are 1-4 pixels and touch one or two raster
 * tiles. Those (bbox <= 16 px a side) take cover_small: no tile
 * classification, each tile evaluated straight away in 32-bit lanes, 8
 * pixels (one 4x2 block) per SIMD operation, two or four block rows without
 * data-dependent branches. Larger triangles classify tiles with scalar int64
 * (three edges, a few adds per tile) and evaluate partial tiles in 32-bit
 * lanes when small_edges allows it (proof at cover_large), else in 64-bit.
 * The three-edge loops carry `#pragma GCC unroll`: left rolled, gcc keeps the
 * per-edge arrays on the stack, which cost ~40% on 1-pixel triangles.
 */
#include "rasterizer/rast_priv.h"

#include "core/simd.h"

/* Distance in fx8 from a tile's first sample row/column to its last:
 * 7 pixels of 256. The extreme samples of an 8x8 tile are its origin sample
 * plus {0, TILE_SPAN} in x and y. */
#define TILE_SPAN_FX8 (7 * 256)
/* Step from one raster tile to the next: 8 pixels of 256. */
#define TILE_STEP_FX8 (8 * 256)
/* |a|, |b| below this bound make 32-bit evaluation inside a tile exact. */
#define SMALL_EDGE_LIMIT (1 << 19)

/* Masks of the bits of a raster tile whose pixel column (row) inside the
 * tile is < n, n = 0..8, in the bit order of rast_priv.h. Derivation: column
 * x lives in blocks with (x >> 2) == block & 1, lanes with lane & 5 ==
 * ((x >> 1) & 1) << 2 | (x & 1); so column 0 is lanes {0, 2} of blocks 0, 2,
 * 4, 6 = 0x0005000500050005 and so on. Row y lives in blocks 2*(y>>1) and
 * 2*(y>>1)+1, lanes with (lane >> 1) & 1 == y & 1: row 0 = 0x33 in blocks 0
 * and 1 = 0x3333. Checked by the random tests through non-aligned clip
 * rectangles against rast_bit_of(). */
static const uint64_t col_lt_mask[9] = {
    0x0ull,
    0x0005000500050005ull,
    0x000f000f000f000full,
    0x005f005f005f005full,
    0x00ff00ff00ff00ffull,
    0x05ff05ff05ff05ffull,
    0x0fff0fff0fff0fffull,
    0x5fff5fff5fff5fffull,
    0xffffffffffffffffull,
};
static const uint64_t row_lt_mask[9] = {
    0x0ull,
    0x3333ull,
    0xffffull,
    0x3333ffffull,
    0xffffffffull,
    0x3333ffffffffull,
    0xffffffffffffull,
    0x3333ffffffffffffull,
    0xffffffffffffffffull,
};

static inline int32_t min_i32(int32_t a, int32_t b)
{
    return a < b ? a : b;
}
static inline int32_t max_i32(int32_t a, int32_t b)
{
    return a > b ? a : b;
}
static inline int64_t min_i64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}
static inline int64_t max_i64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

/* Per-lane pixel offsets inside a 4x2 block (lane order of shader_abi.h):
 * lane = ((x >> 1) & 1) << 2 | (y & 1) << 1 | (x & 1). Expressed as masks so
 * that a*dx + b*dy per lane is three ANDs and two adds (no 10-cycle mullo):
 * dx = (x & 1) + 2 * ((x >> 1) & 1), dy = y & 1. */
static inline vi8 lane_offsets32(uint32_t a_px, uint32_t b_px)
{
    const vi8 x1 = vi8_set(0, -1, 0, -1, 0, -1, 0, -1);
    const vi8 x2 = vi8_set(0, 0, 0, 0, -1, -1, -1, -1);
    const vi8 y1 = vi8_set(0, 0, -1, -1, 0, 0, -1, -1);
    vi8 r = vi8_and(vi8_set1((int32_t)a_px), x1);
    r = vi8_add(r, vi8_and(vi8_set1((int32_t)(a_px * 2)), x2));
    return vi8_add(r, vi8_and(vi8_set1((int32_t)b_px), y1));
}

/* Per-triangle constants of the 32-bit block evaluator. */
typedef struct edges32 {
    vi8 lane[3];     /* a*256*dx + b*256*dy per lane of a block */
    vi8 col[3];      /* a * 4 pixels: left block -> right block */
    vi8 row[3];      /* b * 2 pixels: one block row down */
    int32_t row1[3]; /* the same as a scalar */
} edges32;

/* Exact when small_edges (|a|, |b| < 2^19: the largest value, 4 pixels of a,
 * is below 2^29). For other triangles the values wrap (unsigned arithmetic,
 * no UB) and are never used. */
static inline void edges32_init(edges32 *ed, const rast_tri *tri)
{
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) {
        uint32_t a_px = (uint32_t)tri->a[k] << 8, b_px = (uint32_t)tri->b[k] << 8;
        ed->lane[k] = lane_offsets32(a_px, b_px);
        ed->col[k] = vi8_set1((int32_t)(a_px * 4));
        ed->row[k] = vi8_set1((int32_t)(b_px * 2));
        ed->row1[k] = (int32_t)(b_px * 2);
    }
}

/*
 * Coverage of block rows [row0, row0 + nrows) of a raster tile (both blocks
 * of each row), with 32-bit lanes; e[k] is E_k at the tile's origin sample
 * as an int32. Bits of the other block rows come out set: the caller ANDs
 * with the rectangle, which lies inside the evaluated rows. nrows is a
 * compile-time 2 or 4 at every call, so the loop unrolls and the tiny-
 * triangle path runs without data-dependent branches.
 *
 * The caller guarantees that E_k at every sample of the tile fits in int32
 * (see cover_small and the proof at cover_large); intermediate sums may
 * wrap in two's complement lanes, harmless since each compared value is exact
 * modulo 2^32 and lies in int32 range.
 */
static inline __attribute__((always_inline)) uint64_t
eval_rows32(const edges32 *ed, const int32_t e[3], int32_t row0, int nrows)
{
    vi8 r[3];
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++)
        r[k] = vi8_add(vi8_set1(e[k] + row0 * ed->row1[k]), ed->lane[k]);
    uint64_t out = 0; /* sign bits: 1 = some edge negative = not covered */
#pragma GCC unroll 4
    for (int i = 0; i < nrows; i++) {
        vi8 left = vi8_or(vi8_or(r[0], r[1]), r[2]);
        vi8 right = vi8_or(vi8_or(vi8_add(r[0], ed->col[0]), vi8_add(r[1], ed->col[1])),
                           vi8_add(r[2], ed->col[2]));
        uint64_t bits = vi8_movemask(left) | (vi8_movemask(right) << 8);
        out |= bits << (16 * i);
#pragma GCC unroll 3
        for (int k = 0; k < 3; k++)
            r[k] = vi8_add(r[k], ed->row[k]);
    }
    return ~(out << (16 * row0));
}

/* Block rows [by0, by1] (0..3) of a tile, evaluated as two rows when they
 * fit (starting at min(by0, 2)) or all four. */
static inline uint64_t eval_tile32(const edges32 *ed, const int32_t e[3], int32_t by0, int32_t by1)
{
    if (by1 - by0 < 2)
        return eval_rows32(ed, e, min_i32(by0, 2), 2);
    return eval_rows32(ed, e, 0, 4);
}

/*
 * Triangles whose pixel bbox is at most SMALL_TRI_PX on each side: the common
 * 1-4 pixel case. No tile classification at all: every tile of bbox ∩ clip
 * (at most 3 x 3) is evaluated directly in 32 bits.
 *
 * Why that is exact: bbox width w px means the vertex x extent is below
 * (w + 1) * 256 fx8, and the extents bound the edges: |b_k| = |x_j - x_k| and
 * |a_k| = |y_k - y_j| are at most the extents, so |a|, |b| < 17 * 256 = 4352.
 * Every sample S of a visited tile lies within 7 pixels (1792 fx8) of a pixel
 * of the bbox, whose sample lies inside the vertex extents, so |S - v_k| <
 * 4352 + 1792 per axis for every vertex v_k, and
 *   |E_k(S)| = |a_k (Sx - x_k) + b_k (Sy - y_k) + c_bias| < 2 * 4352 * 6144 + 1
 * ~ 2^25.7, far inside int32. That includes each tile's origin sample, so the
 * per-tile values may be stepped in 32 bits (the step past the last tile of a
 * row or past the last row lands within 15 pixels: |E| < 2 * 4352 * 8192 + 1,
 * still no overflow).
 */
#define SMALL_TRI_PX 16

static inline __attribute__((always_inline)) void
cover_small(const rast_tri *tri, int32_t off, swr_rect r, rast_emit_fn emit, void *user)
{
    edges32 ed;
    edges32_init(&ed, tri);
    const int32_t tx0 = r.x0 & ~7, ty0 = r.y0 & ~7;
    int32_t row_e[3], step_x[3], step_y[3];
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) {
        row_e[k] = (int32_t)(tri->a[k] * ((int64_t)tx0 * 256 + off) +
                             tri->b[k] * ((int64_t)ty0 * 256 + off) + tri->c[k]);
        step_x[k] = (int32_t)tri->a[k] * TILE_STEP_FX8;
        step_y[k] = (int32_t)tri->b[k] * TILE_STEP_FX8;
    }
    for (int32_t ty = ty0; ty < r.y1; ty += 8) {
        int32_t ry0 = max_i32(r.y0 - ty, 0), ry1 = min_i32(r.y1 - ty, 8);
        uint64_t row_mask = row_lt_mask[ry1] & ~row_lt_mask[ry0];
        int32_t e[3] = {row_e[0], row_e[1], row_e[2]};
        for (int32_t tx = tx0; tx < r.x1; tx += 8) {
            int32_t rx0 = max_i32(r.x0 - tx, 0), rx1 = min_i32(r.x1 - tx, 8);
            uint64_t mask = row_mask & (col_lt_mask[rx1] & ~col_lt_mask[rx0]);
            mask &= eval_tile32(&ed, e, ry0 >> 1, (ry1 - 1) >> 1);
            if (mask)
                emit(user, tx, ty, mask);
#pragma GCC unroll 3
            for (int k = 0; k < 3; k++)
                e[k] += step_x[k];
        }
#pragma GCC unroll 3
        for (int k = 0; k < 3; k++)
            row_e[k] += step_y[k];
    }
}

/* The same for large edges, in 64-bit lanes: a block is two vi64x4 (lanes
 * 0-3 and 4-7). Only triangles with an edge longer than 2048 pixels in x or y
 * come here, and only for their tiles along the edges. */
static uint64_t cover_partial64(const rast_tri *tri, const int64_t e0[3], int32_t bx0, int32_t bx1,
                                int32_t by0, int32_t by1)
{
    vi64x4 lo[3], hi[3];
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) {
        int64_t ax = tri->a[k] * 256, by = tri->b[k] * 256;
        /* lanes 0-3: (0,0) (1,0) (0,1) (1,1); lanes 4-7: the same + (2,0). */
        lo[k] = vi64_set(0, ax, by, ax + by);
        hi[k] = vi64_add(lo[k], vi64_set1(2 * ax));
    }
    uint64_t out = 0;
    for (int32_t by = by0; by <= by1; by++) {
        for (int32_t bx = bx0; bx <= bx1; bx++) {
            vi64x4 ol = vi64_set1(0), oh = vi64_set1(0);
#pragma GCC unroll 3
            for (int k = 0; k < 3; k++) {
                int64_t base = e0[k] + tri->a[k] * (bx * 1024) + tri->b[k] * (by * 512);
                vi64x4 vb = vi64_set1(base);
                ol = vi8_or(ol, vi64_add(vb, lo[k]));
                oh = vi8_or(oh, vi64_add(vb, hi[k]));
            }
            uint64_t bits = vi64_movemask(ol) | (vi64_movemask(oh) << 4);
            out |= bits << (8 * (by * 2 + bx));
        }
    }
    return ~out;
}

/*
 * Called by the backend (or the binner) once per triangle. Returns false for
 * a zero-area triangle, which covers nothing (*area2 = 0, *tri left
 * untouched). A true return may still come with an empty bbox (x0 >= x1 or
 * y0 >= y1) when the triangle falls between sample points; rast_tri_cover
 * then emits nothing. The edge order in *tri is not the vertex order when the
 * winding is negative (edges are negated, not reordered: edge k still runs
 * through vertices k and k+1).
 * Scalar twin of fe_tri_setup8 (fe_simd.h), which the frontend uses for
 * 8 unclipped triangles at a time: a change here must be made there too.
 */
bool rast_tri_setup(const int32_t x_fx8[3], const int32_t y_fx8[3], int32_t sample_offset_fx8,
                    bool bottom_edge_rule, rast_tri *tri, int64_t *area2)
{
    int64_t x0 = x_fx8[0], y0 = y_fx8[0];
    int64_t x1 = x_fx8[1], y1 = y_fx8[1];
    int64_t x2 = x_fx8[2], y2 = y_fx8[2];
    int64_t area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    *area2 = area;
    if (area == 0)
        return false;
    /* Area > 0 means clockwise on screen, where the edge function of v_k ->
     * v_j, (x_j - x_k)(Y - y_k) - (y_j - y_k)(X - x_k), is positive inside.
     * For the other winding negate every edge (without a branch: the winding
     * of a stream of tiny triangles is not predictable when culling is off):
     * s = 0 or -1, and (v ^ s) - s is v or -v. */
    const int64_t s = area >> 63;
    const int64_t xs[3] = {x0, x1, x2}, ys[3] = {y0, y1, y2};
    int64_t amax = 0;
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) {
        int j = k == 2 ? 0 : k + 1;
        int64_t a = ((ys[k] - ys[j]) ^ s) - s, b = ((xs[j] - xs[k]) ^ s) - s;
        /* (a, b) is the inward normal. Left edge: interior to the right,
         * a > 0. Top edge: horizontal (a == 0) with the interior below, at
         * larger y: b > 0; a bottom edge has b < 0. */
        bool owns = a > 0 || (a == 0 && (bottom_edge_rule ? b < 0 : b > 0));
        tri->a[k] = a;
        tri->b[k] = b;
        tri->c[k] = -(a * xs[k] + b * ys[k]) - (owns ? 0 : 1);
        amax |= (a < 0 ? -a : a) | (b < 0 ? -b : b);
    }
    tri->small_edges = amax < SMALL_EDGE_LIMIT; /* an OR is below a power of 2 iff all are */

    /* Pixels px with a sample px*256 + off in [min, max]: px >= ceil((min -
     * off) / 256) and px <= floor((max - off) / 256). >> is a floor division
     * (gcc shifts signed values arithmetically). */
    int32_t xmin = min_i32(x_fx8[0], min_i32(x_fx8[1], x_fx8[2]));
    int32_t xmax = max_i32(x_fx8[0], max_i32(x_fx8[1], x_fx8[2]));
    int32_t ymin = min_i32(y_fx8[0], min_i32(y_fx8[1], y_fx8[2]));
    int32_t ymax = max_i32(y_fx8[0], max_i32(y_fx8[1], y_fx8[2]));
    tri->bbox.x0 = (xmin - sample_offset_fx8 + 255) >> 8;
    tri->bbox.y0 = (ymin - sample_offset_fx8 + 255) >> 8;
    tri->bbox.x1 = ((xmax - sample_offset_fx8) >> 8) + 1;
    tri->bbox.y1 = ((ymax - sample_offset_fx8) >> 8) + 1;
    return true;
}

/*
 * Triangles larger than SMALL_TRI_PX: tiles classified in int64.
 *
 * Tile classification is exact: over a tile's 64 samples E_k ranges over
 * [E_k + min_off_k, E_k + max_off_k] (E_k at the tile's origin sample, the
 * offsets the smallest/largest of {0, 1792 a} + {0, 1792 b}), the values at
 * the four extreme samples. Reject if some edge is < 0 at all of them, accept
 * if every edge is >= 0 at all of them.
 *
 * Why 32-bit lanes are exact in partial tiles (small_edges: |a|, |b| <
 * 2^19). D_k = max_off_k - min_off_k = (|a_k| + |b_k|) * 1792 is the spread of
 * E_k over the tile. The tile was not rejected, so E_k + max_off_k >= 0 for
 * every edge. We replace E_k by E'_k = min(E_k, -min_off_k): for an edge that
 * straddles the tile (E_k + min_off_k < 0) nothing changes; for an edge that
 * is inside at all 64 samples the smallest sample value becomes exactly 0, so
 * the edge still passes everywhere (only partial edges need evaluating; this
 * skips the others without a branch). Then E'_k >= -max_off_k and every
 * sample value E'_k + off lies in [E'_k + min_off_k, E'_k + max_off_k] within
 * [-D_k, D_k], and
 *   D_k <= (2 * (2^19 - 1)) * 1792 < 2^20 * 1792 = 1879048192 < 2^31 - 1.
 * (With |a|, |b| up to 2^20 the bound would fail; the random test catches a
 * looser small_edges threshold.)
 */
static __attribute__((noinline)) void cover_large(const rast_tri *tri, int32_t sample_offset_fx8,
                                                  swr_rect r, rast_emit_fn emit, void *user)
{
    int64_t min_off[3], max_off[3], neg_min_off[3];
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) {
        int64_t ax = tri->a[k] * TILE_SPAN_FX8, by = tri->b[k] * TILE_SPAN_FX8;
        min_off[k] = min_i64(0, ax) + min_i64(0, by);
        max_off[k] = max_i64(0, ax) + max_i64(0, by);
        neg_min_off[k] = -min_off[k];
    }

    /* Used only when small_edges; initialized always (it is cheap next to a
     * large triangle's tile loop, and keeps the compiler's flow analysis
     * simple). */
    edges32 ed;
    edges32_init(&ed, tri);

    const int32_t tx0 = r.x0 & ~7, ty0 = r.y0 & ~7;
    /* E at the origin sample of tile (tx0, ty0). */
    int64_t row_e[3];
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) {
        row_e[k] = tri->a[k] * ((int64_t)tx0 * 256 + sample_offset_fx8) +
                   tri->b[k] * ((int64_t)ty0 * 256 + sample_offset_fx8) + tri->c[k];
    }
    const int64_t step_x[3] = {tri->a[0] * TILE_STEP_FX8, tri->a[1] * TILE_STEP_FX8,
                               tri->a[2] * TILE_STEP_FX8};
    const int64_t step_y[3] = {tri->b[0] * TILE_STEP_FX8, tri->b[1] * TILE_STEP_FX8,
                               tri->b[2] * TILE_STEP_FX8};

    for (int32_t ty = ty0; ty < r.y1; ty += 8) {
        /* The rectangle's rows inside this tile row, 0..8. */
        int32_t ry0 = max_i32(r.y0 - ty, 0), ry1 = min_i32(r.y1 - ty, 8);
        uint64_t row_mask = row_lt_mask[ry1] & ~row_lt_mask[ry0];
        int64_t e[3] = {row_e[0], row_e[1], row_e[2]};
        for (int32_t tx = tx0; tx < r.x1; tx += 8) {
            /* Reject: some edge negative at its largest corner. */
            int64_t hi = (e[0] + max_off[0]) | (e[1] + max_off[1]) | (e[2] + max_off[2]);
            if (hi >= 0) {
                int32_t rx0 = max_i32(r.x0 - tx, 0), rx1 = min_i32(r.x1 - tx, 8);
                uint64_t mask = row_mask & (col_lt_mask[rx1] & ~col_lt_mask[rx0]);
                int64_t lo = (e[0] + min_off[0]) | (e[1] + min_off[1]) | (e[2] + min_off[2]);
                if (lo < 0) {
                    /* Partial: evaluate the blocks the rectangle touches. */
                    int64_t ec[3] = {min_i64(e[0], neg_min_off[0]), min_i64(e[1], neg_min_off[1]),
                                     min_i64(e[2], neg_min_off[2])};
                    int32_t bx0 = rx0 >> 2, bx1 = (rx1 - 1) >> 2;
                    int32_t by0 = ry0 >> 1, by1 = (ry1 - 1) >> 1;
                    if (tri->small_edges) {
                        int32_t e32[3] = {(int32_t)ec[0], (int32_t)ec[1], (int32_t)ec[2]};
                        mask &= eval_tile32(&ed, e32, by0, by1);
                    } else
                        mask &= cover_partial64(tri, ec, bx0, bx1, by0, by1);
                }
                if (mask)
                    emit(user, tx, ty, mask);
            }
            e[0] += step_x[0];
            e[1] += step_x[1];
            e[2] += step_x[2];
        }
        row_e[0] += step_y[0];
        row_e[1] += step_y[1];
        row_e[2] += step_y[2];
    }
}

/*
 * Called by the backend per (triangle, macrotile) with the macrotile's rect
 * (or a scissor inside it) as clip. Calls `emit` synchronously, in row-major
 * tile order, once per raster tile with a non-zero mask; nothing else.
 */
void rast_tri_cover(const rast_tri *tri, int32_t sample_offset_fx8, swr_rect clip,
                    rast_emit_fn emit, void *user)
{
    swr_rect r = {
        max_i32(tri->bbox.x0, clip.x0),
        max_i32(tri->bbox.y0, clip.y0),
        min_i32(tri->bbox.x1, clip.x1),
        min_i32(tri->bbox.y1, clip.y1),
    };
    if (r.x0 >= r.x1 || r.y0 >= r.y1)
        return;
    if (tri->bbox.x1 - tri->bbox.x0 <= SMALL_TRI_PX && tri->bbox.y1 - tri->bbox.y0 <= SMALL_TRI_PX)
        cover_small(tri, sample_offset_fx8, r, emit, user);
    else
        cover_large(tri, sample_offset_fx8, r, emit, user);
}
