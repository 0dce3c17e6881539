/*
 * ref_line.h: slow scalar references for line and point coverage, written
 * straight from GL 4.6 §14.4.2 / §14.5, and a coverage sink that records
 * what rast_*_cover emits and checks the emit contract of rast_priv.h.
 * Test-only code; single-threaded.
 */
#ifndef REF_LINE_H
#define REF_LINE_H

#include <stdbool.h>
#include <stdint.h>

#include "common/swr_state.h"

/* Width-1 rule for one pixel, exact: does the segment pa' -> pb' (p' = p -
 * (eps, eps^2)) meet the open diamond of pixel (px, py), with pb' not inside
 * it unless last_pixel. Liang-Barsky clipping against the diamond's four
 * open half-planes, with eps carried symbolically. */
bool ref_line_fragment_w1(int32_t xa_fx8, int32_t ya_fx8, int32_t xb_fx8, int32_t yb_fx8,
                          bool last_pixel, int32_t sample_offset_fx8, int32_t px, int32_t py);

/* Is p' = p - (eps, eps^2) inside pixel (px, py)'s open diamond? */
bool ref_point_in_diamond(int32_t x_fx8, int32_t y_fx8, int32_t sample_offset_fx8, int32_t px,
                          int32_t py);

/* The GL width: round to nearest (ties up), < 1.5 (and NaN) -> 1, <= 8192. */
int32_t ref_line_width(float width);

/* Coverage of a line over `rect`: out[(y - rect.y0) * width + (x - rect.x0)]
 * = 1 if covered. Wide lines by the spec's construction (offset -(w-1)/2 in
 * the minor axis, runs of w growing towards +minor). Zero-length: nothing. */
void ref_line_coverage(const int32_t x_fx8[2], const int32_t y_fx8[2], float width,
                       bool last_pixel, int32_t sample_offset_fx8, swr_rect rect, uint8_t *out);

/* Coverage of a point, same layout. !no_round: GL's non-sprite formula
 * (odd/even centre snapping); no_round: samples in [c - s/2, c + s/2). */
void ref_point_coverage(int32_t x_fx8, int32_t y_fx8, float size, bool no_round,
                        int32_t sample_offset_fx8, swr_rect rect, uint8_t *out);

/* Records emitted tiles into a grid over `clip` and checks the contract:
 * tile origins are multiples of 8, masks are non-zero with no bit outside
 * clip, tiles arrive in strictly increasing row-major order. */
typedef struct ref_sink {
    swr_rect clip;
    uint8_t *grid; /* (clip.y1 - clip.y0) x (clip.x1 - clip.x0) */
    int32_t last_tx, last_ty;
    int tiles;
    int errors;
    char first_error[160];
} ref_sink;

/* Deterministic test randomness (xorshift64*). */
static inline uint64_t ref_rng_next(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1Dull;
}
/* Uniform in [lo, hi]. */
static inline int32_t ref_rng_range(uint64_t *state, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(ref_rng_next(state) % (uint64_t)((int64_t)hi - lo + 1));
}

void ref_sink_init(ref_sink *sink, swr_rect clip, uint8_t *grid);
void ref_sink_emit(void *user, int32_t tile_x, int32_t tile_y, uint64_t mask);

#endif /* REF_LINE_H */
