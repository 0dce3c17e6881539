/*
 * be_raster_small.h: the small-triangle coverage path of be_raster.c as
 * inline code, so that a caller with a fixed emit function (the backend's
 * emit_raster_tile) gets it inlined into the raster-tile loop instead of
 * called through a pointer per raster tile. be_raster.c's rast_tri_cover is
 * this same code with the emit pointer it is given. The derivations (edge
 * ranges, 32-bit exactness) are in the comments below and in be_raster.c.
 */
#ifndef BE_RASTER_SMALL_H
#define BE_RASTER_SMALL_H

#include "common/simd.h"
#include "rasterizer/rast_priv.h"
/* Distance in fx8 from a tile's first sample row/column to its last:
 * 7 pixels of 256. The extreme samples of an 8x8 tile are its origin sample
 * plus {0, TILE_SPAN} in x and y. */
#define TILE_SPAN_FX8 (7 * 256)
/* Step from one raster tile to the next: 8 pixels of 256. */
#define TILE_STEP_FX8 (8 * 256)

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

/* Per-triangle constants of the 32-bit block evaluator. */
typedef struct edges32 {
    vi8 lane[3];     /* a*256*dx + b*256*dy per lane of a block */
    vi8 col[3];      /* a * 4 pixels: left block -> right block */
    vi8 row[3];      /* b * 2 pixels: one block row down */
    int32_t row1[3]; /* the same as a scalar */
} edges32;

/* Exact when small_edges (|a|, |b| < 2^19: the largest value, 4 pixels of a,
 * is below 2^29). For other triangles the values wrap (unsigned arithmetic,
 * no UB) and are never used. a, b: the edge coefficients (|a|, |b| < 2^24
 * for every triangle, so int32 holds them). */
static inline void edges32_init(edges32 *ed, const int32_t a[3], const int32_t b[3])
{
    /* Per-lane pixel offsets inside a 4x2 block (lane order of
     * shader_abi.h): lane = ((x >> 1) & 1) << 2 | (y & 1) << 1 | (x & 1).
     * Expressed as masks so that a*dx + b*dy per lane is three ANDs and two
     * adds (no 10-cycle mullo): dx = (x & 1) + 2 * ((x >> 1) & 1), dy = y &
     * 1. Everything from one broadcast of a and one of b: the lane shifts
     * give the bits of the unsigned scalar products (a << 8, ...). */
    const vi8 x1 = vi8_set(0, -1, 0, -1, 0, -1, 0, -1);
    const vi8 x2 = vi8_set(0, 0, 0, 0, -1, -1, -1, -1);
    const vi8 y1 = vi8_set(0, 0, -1, -1, 0, 0, -1, -1);
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) {
        vi8 a_px = vi8_slli(vi8_set1(a[k]), 8), b_px = vi8_slli(vi8_set1(b[k]), 8);
        vi8 l = vi8_add(vi8_and(a_px, x1), vi8_and(vi8_slli(a_px, 1), x2));
        ed->lane[k] = vi8_add(l, vi8_and(b_px, y1));
        ed->col[k] = vi8_slli(a_px, 2);
        ed->row[k] = vi8_slli(b_px, 1);
        ed->row1[k] = (int32_t)((uint32_t)b[k] << 9);
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
 * (see cover_small and the proof at rast_tri_cover_large in be_raster.c); intermediate sums may
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
 * still no overflow). (SMALL_TRI_PX is in rast_priv.h: the frontend flags
 * such triangles in be_prim.tri_flags.)
 */

/* A raster tile's coverage found by cover_small_tiles. */
typedef struct small_tile {
    int32_t x, y;
    uint64_t mask;
} small_tile;

/* The rectangle spans at most 3 raster tiles a side (SMALL_TRI_PX = 16). */
#define SMALL_TRI_MAX_TILES 9

/* Coverage of a small triangle inside r as the list of its raster tiles with
 * a non-zero mask, in row-major order; returns their count. The tiles are
 * found first and emitted afterwards (cover_small), so that the emit
 * function, inlined by the backend, has one call site and the tile walk
 * keeps its state in registers instead of across the shading code. a, b, c:
 * the triangle's edge functions (rast_tri's, a and b as int32). */
static inline __attribute__((always_inline)) uint32_t
cover_small_tiles(const int32_t a[3], const int32_t b[3], const int64_t c[3], int32_t off,
                  swr_rect r, small_tile out[SMALL_TRI_MAX_TILES])
{
    edges32 ed;
    edges32_init(&ed, a, b);
    const int32_t tx0 = r.x0 & ~7, ty0 = r.y0 & ~7;
    int32_t row_e[3];
    /* E at the first tile's origin sample in 32-bit unsigned arithmetic: the
     * result is E modulo 2^32, and E itself fits int32 (above), so the
     * conversion back is exact. */
    const uint32_t ox = (uint32_t)tx0 * 256u + (uint32_t)off,
                   oy = (uint32_t)ty0 * 256u + (uint32_t)off;
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++)
        row_e[k] = (int32_t)((uint32_t)a[k] * ox + (uint32_t)b[k] * oy + (uint32_t)c[k]);
    if (((r.x1 - 1) & ~7) == tx0 && ((r.y1 - 1) & ~7) == ty0) {
        /* The whole rectangle lies in one raster tile (most tiny
         * triangles): the loop body below once, without steps and clamps. */
        const int32_t rx0 = r.x0 - tx0, rx1 = r.x1 - tx0;
        const int32_t ry0 = r.y0 - ty0, ry1 = r.y1 - ty0;
        uint64_t mask =
            (row_lt_mask[ry1] & ~row_lt_mask[ry0]) & (col_lt_mask[rx1] & ~col_lt_mask[rx0]);
        mask &= eval_tile32(&ed, row_e, ry0 >> 1, (ry1 - 1) >> 1);
        out[0] = (small_tile){tx0, ty0, mask};
        return mask != 0;
    }
    int32_t step_x[3], step_y[3];
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) {
        step_x[k] = a[k] * TILE_STEP_FX8;
        step_y[k] = b[k] * TILE_STEP_FX8;
    }
    uint32_t n = 0;
    for (int32_t ty = ty0; ty < r.y1; ty += 8) {
        int32_t ry0 = max_i32(r.y0 - ty, 0), ry1 = min_i32(r.y1 - ty, 8);
        uint64_t row_mask = row_lt_mask[ry1] & ~row_lt_mask[ry0];
        int32_t e[3] = {row_e[0], row_e[1], row_e[2]};
        for (int32_t tx = tx0; tx < r.x1; tx += 8) {
            int32_t rx0 = max_i32(r.x0 - tx, 0), rx1 = min_i32(r.x1 - tx, 8);
            uint64_t mask = row_mask & (col_lt_mask[rx1] & ~col_lt_mask[rx0]);
            mask &= eval_tile32(&ed, e, ry0 >> 1, (ry1 - 1) >> 1);
            out[n] = (small_tile){tx, ty, mask};
            n += mask != 0;
#pragma GCC unroll 3
            for (int k = 0; k < 3; k++)
                e[k] += step_x[k];
        }
#pragma GCC unroll 3
        for (int k = 0; k < 3; k++)
            row_e[k] += step_y[k];
    }
    return n;
}

/* Small triangles: cover_small_tiles, then emit per tile. */
static inline __attribute__((always_inline)) void
cover_small(const int32_t a[3], const int32_t b[3], const int64_t c[3], int32_t off, swr_rect r,
            rast_emit_fn emit, void *user)
{
    small_tile tiles[SMALL_TRI_MAX_TILES];
    uint32_t n = cover_small_tiles(a, b, c, off, r, tiles);
    for (uint32_t i = 0; i < n; i++)
        emit(user, tiles[i].x, tiles[i].y, tiles[i].mask);
}

/* Triangles larger than SMALL_TRI_PX (be_raster.c). Fully covered tiles
 * go to emit_run in runs when it is not NULL, else to emit. */
void rast_tri_cover_large(const rast_tri *tri, int32_t sample_offset_fx8, swr_rect r,
                          rast_emit_fn emit, rast_emit_run_fn emit_run, void *user);

/* rast_tri_cover (rast_priv.h), inline: `emit` is called directly when it
 * is a compile-time constant at the call site. */
static inline __attribute__((always_inline)) void
rast_tri_cover_inline(const rast_tri *tri, int32_t sample_offset_fx8, swr_rect clip,
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
    if (tri->bbox.x1 - tri->bbox.x0 <= SMALL_TRI_PX &&
        tri->bbox.y1 - tri->bbox.y0 <= SMALL_TRI_PX) {
        const int32_t a[3] = {(int32_t)tri->a[0], (int32_t)tri->a[1], (int32_t)tri->a[2]};
        const int32_t b[3] = {(int32_t)tri->b[0], (int32_t)tri->b[1], (int32_t)tri->b[2]};
        cover_small(a, b, tri->c, sample_offset_fx8, r, emit, user);
    } else {
        rast_tri_cover_large(tri, sample_offset_fx8, r, emit, NULL, user);
    }
}

/* The same for the packed edges of the backend's be_prim (rast_priv.h):
 * a, b as int32, c, and the two facts rast_tri_cover_inline derives from
 * rast_tri's unclipped bbox and small_edges, computed by the frontend.
 * r: the pixels to cover, already inside the triangle's bbox, non-empty.
 * emit_run (may be NULL): runs of fully covered tiles of a large triangle
 * (a small one has at most 3 tiles a side and emits them one by one). */
static inline __attribute__((always_inline)) void
rast_tri_cover_packed_runs(const int32_t a[3], const int32_t b[3], const int64_t c[3], bool small,
                           bool small_edges, int32_t sample_offset_fx8, swr_rect r,
                           rast_emit_fn emit, rast_emit_run_fn emit_run, void *user)
{
    if (small) {
        cover_small(a, b, c, sample_offset_fx8, r, emit, user);
        return;
    }
    rast_tri tri = {.a = {a[0], a[1], a[2]},
                    .b = {b[0], b[1], b[2]},
                    .c = {c[0], c[1], c[2]},
                    .small_edges = small_edges};
    rast_tri_cover_large(&tri, sample_offset_fx8, r, emit, emit_run, user);
}

/* rast_tri_cover_packed_runs without runs: every tile through emit. */
static inline __attribute__((always_inline)) void
rast_tri_cover_packed(const int32_t a[3], const int32_t b[3], const int64_t c[3], bool small,
                      bool small_edges, int32_t sample_offset_fx8, swr_rect r, rast_emit_fn emit,
                      void *user)
{
    rast_tri_cover_packed_runs(a, b, c, small, small_edges, sample_offset_fx8, r, emit, NULL, user);
}

#endif /* BE_RASTER_SMALL_H */
