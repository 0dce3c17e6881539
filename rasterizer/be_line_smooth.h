/*
 * be_line_smooth.h: coverage of smooth (antialiased) lines and points,
 * GL 2.1 §3.4.4 and §3.3.2 (implemented in be_line.c).
 *
 * GL: a smooth line is the rectangle of width w (not rounded) centred on
 * the segment, running from one endpoint to the other (no extension past
 * them); a smooth point is the disc of diameter `size` centred on the
 * point. Each fragment's coverage is the area of the pixel square [x, x+1]
 * x [y, y+1] (window pixels) inside that shape, and it multiplies the
 * fragment's alpha (colour output 0) before blending. Fragments are the
 * pixels with non-zero coverage. Stippled, the rectangle is cut into
 * unit-length pieces and only the kept ones count.
 *
 * The areas are exact up to double rounding: polygon clipping for the
 * rectangle, closed-form circle-segment integrals for the disc.
 * Any thread; pure functions of their arguments.
 *
 * Use: fe_draw.c bins a BE_PRIM_SMOOTH primitive with this footprint
 * (swr_rasterizer_state.line_smooth / point_smooth) and be_draw.c
 * (apply_smooth) multiplies colour 0's alpha by the coverage after the PS.
 */
#ifndef BE_LINE_SMOOTH_H
#define BE_LINE_SMOOTH_H

#include <stdbool.h>
#include <stdint.h>

#include "rasterizer/rast_priv.h"

typedef struct rast_smooth_line {
    double mx, my;     /* centre of the segment, window pixels */
    double ux, uy;     /* unit direction */
    double half_len, half_w;
    swr_rect bbox;     /* pixels whose square may meet the rectangle */
    /* Line stipple (rast_smooth_line_stipple); stippled false: none. */
    uint16_t stipple_pattern, stipple_factor;
    uint32_t stipple_start;
    bool stippled;
} rast_smooth_line;

/* Endpoints in fx8 (the snapped window positions), width in pixels (NaN
 * or < 1/256 acts as 1). False for a zero-length segment (no fragment). */
bool rast_smooth_line_setup(const int32_t x_fx8[2], const int32_t y_fx8[2], float width,
                            rast_smooth_line *l);
/* Line stipple (GL 2.1 §3.4.4): the rectangle is a sequence of rectangles
 * of length 1 along the line (the last may be shorter), numbered from the
 * first vertex; rectangle i is kept iff bit ((start + i) / factor) mod 16
 * of pattern is set (factor clamped to [1, 256]). Coverage and footprint
 * then count only the kept ones. Returns the number of rectangles,
 * ceil(length): what the stipple counter advances by. */
uint32_t rast_smooth_line_stipple(rast_smooth_line *l, uint16_t pattern, uint32_t factor,
                                  uint32_t start);
/* Area of pixel (px, py)'s square inside the line's rectangle (the kept
 * rectangles when stippled), in [0, 1]. */
float rast_smooth_line_coverage(const rast_smooth_line *l, int32_t px, int32_t py);
/* Emits the raster tiles of the pixels with non-zero coverage inside clip
 * (the emit contract of rast_priv.h). */
void rast_smooth_line_cover(const rast_smooth_line *l, swr_rect clip, rast_emit_fn emit,
                            void *user);

/* The disc of diameter `size` (NaN or <= 0 acts as 1) at (x_fx8, y_fx8):
 * the pixels whose square may meet it, and the area of a pixel's square
 * inside it. */
swr_rect rast_smooth_point_rect(int32_t x_fx8, int32_t y_fx8, float size);
float rast_smooth_point_coverage(int32_t x_fx8, int32_t y_fx8, float size, int32_t px,
                                 int32_t py);
/* Emits the pixels with non-zero coverage inside clip as raster tiles. */
void rast_smooth_point_cover(int32_t x_fx8, int32_t y_fx8, float size, swr_rect clip,
                             rast_emit_fn emit, void *user);

#endif /* BE_LINE_SMOOTH_H */
