/*
 * rast_priv.h: the contracts between the pieces of the rasterizer part.
 *
 * Frontend (fe_*.c, on the worker that owns a draw chunk):
 *   fe_fetch    vertex buffers -> SoA VS inputs, 8 vertices at a time
 *   fe_assemble index stream + topology -> primitives (vertex positions)
 *   fe_clip     homogeneous clipping of primitives that leave the guard band,
 *               cross near/far, have w <= 0 or cross a user clip distance
 * Backend (be_*.c, on the worker that holds a macrotile):
 *   be_raster   triangle coverage: 8x8 raster tiles with 64-bit masks
 *   be_line     line and point coverage (GL rules)
 *   be_formats  render-target formats: block pack/unpack, hot tile load/store
 *   be_output   depth/stencil/alpha tests and blending on hot-tile blocks
 *
 * Shared geometry conventions (see also common/swr_state.h):
 *   - positions are window coordinates snapped to 24.8 fixed point (fx8);
 *   - a pixel's sample point in fx8 is px * 256 + sample_offset_fx8, where
 *     sample_offset_fx8 is 128 for half-pixel centres and 0 otherwise;
 *   - the guard band keeps |x|, |y| < 2^15 pixels, so fx8 coordinates fit in
 *     24 bits, differences in 25 bits and edge products in 50 bits: int64
 *     never overflows.
 *
 * Raster tile and block layout (used by coverage masks and hot tiles):
 *   a raster tile is 8x8 pixels made of 8 blocks of 4x2 pixels;
 *   block = ((y & 7) >> 1) * 2 + ((x & 7) >> 2)
 *   lane  = (((x >> 1) & 1) << 2) | ((y & 1) << 1) | (x & 1)   (shader_abi.h)
 *   bit   = block * 8 + lane  in a raster tile's uint64_t coverage mask.
 * A hot tile holds one macrotile of one attachment: its raster tiles in
 * row-major order, each as 64 pixels in bit order above, each pixel in the
 * attachment's hot format (be_formats.h): so pixel (x, y) of the macrotile is
 *   index = ((y >> 3) * (RAST_MT_DIM / 8) + (x >> 3)) * 64 + bit(x, y).
 */
#ifndef RAST_PRIV_H
#define RAST_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "common/swr_state.h"

/* Macrotile: the unit of backend scheduling and of hot tiles. 64 pixels
 * (2^6): a 1024x1024 target has 256 of them, enough to keep many workers
 * busy, while an RGBA8 + Z32 hot tile pair (2 x 16 KiB) stays in L2. */
#define RAST_MT_LOG2   6
#define RAST_MT_DIM    (1 << RAST_MT_LOG2)
#define RAST_MT_PIXELS (RAST_MT_DIM * RAST_MT_DIM)
#define RAST_TILE_DIM  8 /* raster tile side */

/* Guard band, in pixels from the window origin: primitives whose vertices
 * stay strictly inside (-RAST_GUARD_BAND, RAST_GUARD_BAND) in x and y are not
 * clipped geometrically. 2^14 + margin would do for the largest surface; we
 * take 2^15 - 2^10 so that snapped values and sums of two of them stay well
 * inside 24.8 without overflow checks. */
#define RAST_GUARD_BAND 31744.0f

static inline uint32_t rast_bit_of(uint32_t x, uint32_t y)
{
    uint32_t block = ((y & 7) >> 1) * 2 + ((x & 7) >> 2);
    uint32_t lane = (((x >> 1) & 1) << 2) | ((y & 1) << 1) | (x & 1);
    return block * 8 + lane;
}

static inline uint32_t rast_hot_index(uint32_t x, uint32_t y)
{
    return ((y >> 3) * (RAST_MT_DIM / 8) + (x >> 3)) * 64 + rast_bit_of(x, y);
}

/* rast_hot_index of a raster tile's origin (x, y multiples of 8, so its
 * bit is 0): the tile's first pixel. Tile (x / 8, y / 8) starts at
 * ((y / 8) * (RAST_MT_DIM / 8) + x / 8) * 64 = y * RAST_MT_DIM + x * 8:
 * a shift and an add where rast_hot_index spends about 20 instructions on
 * the bit of a pixel that is known to be 0. */
static inline uint32_t rast_hot_tile_index(uint32_t x, uint32_t y)
{
    return y * RAST_MT_DIM + x * 8;
}

/* Receives the coverage of one 8x8 raster tile whose top-left pixel is
 * (tile_x, tile_y) (multiples of 8, absolute window pixels). `mask` is never
 * zero and has no bits outside the clip rectangle given to the rasterizer.
 * Raster tiles arrive in row-major order within the clip rectangle. */
typedef void (*rast_emit_fn)(void *user, int32_t tile_x, int32_t tile_y, uint64_t mask);
/* Receives `count` (>= 1) fully covered raster tiles side by side: tiles
 * (tile_x + 8 i, tile_y), i < count, each with mask ~0. The same as count
 * calls of the rast_emit_fn with those tiles, in that order; lets the
 * receiver hoist its per-tile set-up out of a run (the interior of a large
 * triangle). Optional: where a coverage function takes one and it is NULL,
 * full tiles go to the rast_emit_fn one by one. */
typedef void (*rast_emit_run_fn)(void *user, int32_t tile_x, int32_t tile_y, uint32_t count);

/* ---- triangles (be_raster.c) ---------------------------------------------- */

/* Edge functions of a set-up triangle. For a pixel whose sample point in fx8
 * is (X, Y): E_k = a[k] * X + b[k] * Y + c[k]; the sample is covered iff all
 * three E_k >= 0. Orientation is normalized (inside is positive whatever the
 * winding) and the fill rule is folded into c (non-top-left edges carry -1). */
typedef struct rast_tri {
    int64_t a[3], b[3], c[3];
    swr_rect bbox;    /* pixels whose sample may be covered; not clipped, possibly empty */
    bool small_edges; /* every |a|,|b| < 2^19: 32-bit evaluation inside 8x8 tiles is exact */
} rast_tri;

/* Sets up edges for the triangle with snapped vertices (x_fx8[i], y_fx8[i]).
 * Returns false for a zero-area triangle (which covers nothing). `*area2`
 * receives twice the signed area in fx8^2 units, positive when the vertices
 * run clockwise on screen (y down) -- i.e. counter-clockwise in GL's y-up
 * window coordinates. Fill rule: top-left (a sample exactly on an edge is
 * covered iff the edge is a top edge -- horizontal with the interior below
 * it, at larger y -- or a left edge), or bottom-left when bottom_edge_rule. */
bool rast_tri_setup(const int32_t x_fx8[3], const int32_t y_fx8[3], int32_t sample_offset_fx8,
                    bool bottom_edge_rule, rast_tri *tri, int64_t *area2);

/* Emits every raster tile in which the triangle covers a sample inside
 * `clip` (pixels). Trivially accepts/rejects 8x8 raster tiles from their
 * corners, evaluates partial tiles 4x2 blocks (8 lanes) at a time. */
void rast_tri_cover(const rast_tri *tri, int32_t sample_offset_fx8, swr_rect clip,
                    rast_emit_fn emit, void *user);

/* Emits a pixel rectangle (intersected with clip) as raster tiles, no edge
 * tests (point rectangles, macrotiles a triangle covers entirely); with
 * emit_run (optional), fully covered tiles side by side as runs. */
void rast_rect_cover(swr_rect rect, swr_rect clip, rast_emit_fn emit, rast_emit_run_fn emit_run,
                     void *user);

/* ---- lines and points (be_line.c) -------------------------------------------- */

typedef struct rast_line {
    int32_t x_fx8[2], y_fx8[2];
    int32_t width_px; /* rounded width, >= 1 */
    bool last_pixel;
    bool x_major;
    /* Interpolation parameter t(x, y) = t_a * x + t_b * y + t_c, where (x, y)
     * is a pixel's sample point in window pixels (px + offset / 256, not the
     * pixel index): 0 at vertex 0, 1 at vertex 1. */
    float t_a, t_b, t_c;
    swr_rect bbox;
    /* Line stipple (rast_line_stipple; stipple_factor 0: off): fragments of
     * major-axis pixel p have counter stipple_start + stipple_dir * (p -
     * stipple_p0), p0 being the first fragment's major pixel. */
    uint32_t stipple_start;
    int32_t stipple_p0;
    uint16_t stipple_pattern, stipple_factor;
    int8_t stipple_dir;
} rast_line;

/* Width-1 lines follow GL's diamond-exit rule; wider lines are the spec's
 * replicated columns (x-major) / rows (y-major), i.e. a parallelogram with
 * vertical (horizontal) short sides. Returns false if the line covers
 * nothing (zero length). */
bool rast_line_setup(const int32_t x_fx8[2], const int32_t y_fx8[2], float width, bool last_pixel,
                     int32_t sample_offset_fx8, rast_line *line);
void rast_line_cover(const rast_line *line, int32_t sample_offset_fx8, swr_rect clip,
                     rast_emit_fn emit, void *user);
/* Turns stipple on for a set-up line whose first fragment has counter
 * `start` (factor 1..256). Returns the line's fragment count along the major
 * axis (what the counter advances by; 0 for an empty line). */
uint32_t rast_line_stipple(rast_line *line, uint16_t pattern, uint32_t factor, uint32_t start,
                           int32_t sample_offset_fx8);

/* A point of the given size centred at (x_fx8, y_fx8): covers the pixels
 * whose sample point lies inside the square of side `size`. With no_round
 * (sprites) the exact size is used and the square is [c - s/2, c + s/2)
 * (left/top edges inclusive); otherwise the size is rounded to an integer
 * >= 1 and GL's non-sprite rule applies: odd sizes centre on floor(c) + 1/2,
 * even sizes on floor(c + 1/2), sample points in (c - s/2, c + s/2].
 * Returns the covered rectangle (possibly empty). */
swr_rect rast_point_rect(int32_t x_fx8, int32_t y_fx8, float size, bool no_round,
                         int32_t sample_offset_fx8);

#endif /* RAST_PRIV_H */
