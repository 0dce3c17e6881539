/*
 * be_raster.c: triangle coverage, the hottest loop of the backend.
 *
 * In:  three vertices snapped to 24.8 fixed point (|coord| < 2^23, the guard
 *      band of rast_priv.h), the sample offset (0 or 128 fx8), the fill rule,
 *      and later a clip rectangle in pixels.
 * Out: for a triangle set up by rast_tri_setup (fe_setup_tri.c: three
 *      int64 edge functions, the pixel bbox of possibly covered samples),
 *      rast_tri_cover emits one 64-bit mask per 8x8 raster tile in
 *      row-major order, bit layout of rast_priv.h.
 * Thread: any worker; no shared state, no allocation, no blocking.
 *
 * Invariants (fe_setup_tri.c). E_k(X, Y) = a_k X + b_k Y + c_k at sample
 * point (X, Y) in fx8 is exact in int64 (|a|,|b| < 2^24, |X|,|Y| < 2^23,
 * |c| < 2^48); the interior is E > 0 for every winding and the fill rule is
 * folded into c, so "covered iff all E_k >= 0" holds for every sample.
 *
 * Cost model: most triangles are 1-4 pixels and touch one or two raster
 * tiles. Those (bbox <= 16 px a side) take cover_small: no tile
 * classification, each tile evaluated straight away in 32-bit lanes, 8
 * pixels (one 4x2 block) per SIMD operation, two or four block rows without
 * data-dependent branches. Larger triangles classify tiles with scalar int64
 * (three edges, a few adds per tile) and evaluate partial tiles in 32-bit
 * lanes when small_edges allows it (proof at rast_tri_cover_large), else in 64-bit.
 * They first classify the whole clip rectangle (a macrotile) the same way:
 * rejected or fully covered, its tiles need no tests. Fully covered tiles
 * go to an optional emit_run callback in runs (a row of them in one call),
 * so the backend pays its per-tile dispatch once per run.
 * The three-edge loops carry `#pragma GCC unroll`: left rolled, gcc keeps the
 * per-edge arrays on the stack, which cost ~40% on 1-pixel triangles.
 */
#include "rasterizer/rast_priv.h"

#include "common/simd.h"

#include "rasterizer/be_raster_small.h"

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

/* Emits rect ∩ clip as raster tiles, row-major, with the rectangle's masks
 * and no edge tests (point rectangles, and the macrotiles a large triangle
 * covers entirely). With emit_run, the fully covered tiles of a row (from
 * the first one up to the last multiple of 8 inside) are one run. Any
 * thread. */
void rast_rect_cover(swr_rect rect, swr_rect clip, rast_emit_fn emit, rast_emit_run_fn emit_run,
                     void *user)
{
    const swr_rect r = {max_i32(rect.x0, clip.x0), max_i32(rect.y0, clip.y0),
                        min_i32(rect.x1, clip.x1), min_i32(rect.y1, clip.y1)};
    if (r.x0 >= r.x1 || r.y0 >= r.y1)
        return;
    for (int32_t ty = r.y0 & ~7; ty < r.y1; ty += 8) {
        int32_t ry0 = max_i32(r.y0 - ty, 0), ry1 = min_i32(r.y1 - ty, 8);
        uint64_t row_mask = row_lt_mask[ry1] & ~row_lt_mask[ry0];
        for (int32_t tx = r.x0 & ~7; tx < r.x1;) {
            int32_t rx0 = max_i32(r.x0 - tx, 0), rx1 = min_i32(r.x1 - tx, 8);
            uint64_t mask = row_mask & col_lt_mask[rx1] & ~col_lt_mask[rx0]; /* never 0 */
            if (emit_run && mask == ~(uint64_t)0) {
                /* tx >= r.x0 and tx + 8 <= r.x1: every tile up to r.x1's
                 * last multiple of 8 is full too. */
                uint32_t n = (uint32_t)(((r.x1 & ~7) - tx) >> 3);
                emit_run(user, tx, ty, n);
                tx += 8 * (int32_t)n;
                continue;
            }
            emit(user, tx, ty, mask);
            tx += 8;
        }
    }
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
 *
 * The whole rectangle is classified first, the same way with its extreme
 * samples (spans (w - 1) * 256 and (h - 1) * 256 instead of TILE_SPAN_FX8):
 * the backend calls this per macrotile, and the two triangles of a
 * full-screen quad each cover most macrotiles entirely and miss the rest
 * entirely, so their 64 tiles need no tests one by one (|a| (w - 1) * 256 <
 * 2^24 * 2^24 for any rectangle inside the guard band: no overflow).
 */
void rast_tri_cover_large(const rast_tri *tri, int32_t sample_offset_fx8, swr_rect r,
                          rast_emit_fn emit, rast_emit_run_fn emit_run, void *user)
{
    {
        /* The rectangle: rejected, or covered everywhere. */
        const int64_t span_x = (int64_t)(r.x1 - 1 - r.x0) * 256,
                      span_y = (int64_t)(r.y1 - 1 - r.y0) * 256;
        int64_t hi_or = 0, lo_or = 0;
#pragma GCC unroll 3
        for (int k = 0; k < 3; k++) {
            int64_t e = tri->a[k] * ((int64_t)r.x0 * 256 + sample_offset_fx8) +
                        tri->b[k] * ((int64_t)r.y0 * 256 + sample_offset_fx8) + tri->c[k];
            int64_t ax = tri->a[k] * span_x, by = tri->b[k] * span_y;
            int64_t lo = e + min_i64(0, ax) + min_i64(0, by);
            int64_t hi = e + max_i64(0, ax) + max_i64(0, by);
            hi_or |= hi < 0 ? -1 : 0; /* some edge negative at every sample */
            lo_or |= lo;
        }
        if (hi_or < 0)
            return;
        if (lo_or >= 0) {
            rast_rect_cover(r, r, emit, emit_run, user);
            return;
        }
    }

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
    const int32_t a32[3] = {(int32_t)tri->a[0], (int32_t)tri->a[1], (int32_t)tri->a[2]};
    const int32_t b32[3] = {(int32_t)tri->b[0], (int32_t)tri->b[1], (int32_t)tri->b[2]};
    edges32_init(&ed, a32, b32);

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
        /* Each edge at the tile's largest (hi) and smallest (lo) corner,
         * stepped along the row: the reject / accept tests of a tile are
         * then two ORs, with fewer values live across the emit call than
         * e, min_off and max_off (fewer spills). Exact integer sums, so the
         * same tests as E + max_off, E + min_off. */
        int64_t hi0 = row_e[0] + max_off[0], hi1 = row_e[1] + max_off[1],
                hi2 = row_e[2] + max_off[2];
        int64_t lo0 = row_e[0] + min_off[0], lo1 = row_e[1] + min_off[1],
                lo2 = row_e[2] + min_off[2];
        /* The pending run of fully covered tiles (emit_run): run_n tiles
         * from run_x, emitted before the next tile of the row is and at
         * the row's end, so the order stays row-major. */
        int32_t run_x = 0;
        uint32_t run_n = 0;
        for (int32_t tx = tx0; tx < r.x1; tx += 8) {
            /* Reject: some edge negative at its largest corner. */
            if ((hi0 | hi1 | hi2) >= 0) {
                uint64_t mask = row_mask;
                /* The rectangle's columns, unless it spans the whole tile. */
                if (tx < r.x0 || tx + 8 > r.x1) {
                    int32_t rx0 = max_i32(r.x0 - tx, 0), rx1 = min_i32(r.x1 - tx, 8);
                    mask &= col_lt_mask[rx1] & ~col_lt_mask[rx0];
                }
                bool accept = (lo0 | lo1 | lo2) >= 0;
                if (accept && emit_run && mask == ~(uint64_t)0) {
                    run_x = run_n ? run_x : tx;
                    run_n++;
                    mask = 0; /* in the run */
                } else if (run_n) {
                    emit_run(user, run_x, ty, run_n);
                    run_n = 0;
                }
                if (!accept) {
                    /* Partial: evaluate the blocks the rectangle touches. */
                    int64_t ec[3] = {min_i64(lo0 - min_off[0], neg_min_off[0]),
                                     min_i64(lo1 - min_off[1], neg_min_off[1]),
                                     min_i64(lo2 - min_off[2], neg_min_off[2])};
                    int32_t rx0 = max_i32(r.x0 - tx, 0), rx1 = min_i32(r.x1 - tx, 8);
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
            hi0 += step_x[0];
            hi1 += step_x[1];
            hi2 += step_x[2];
            lo0 += step_x[0];
            lo1 += step_x[1];
            lo2 += step_x[2];
        }
        if (run_n)
            emit_run(user, run_x, ty, run_n);
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
    rast_tri_cover_inline(tri, sample_offset_fx8, clip, emit, user);
}
