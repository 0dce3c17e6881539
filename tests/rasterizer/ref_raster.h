/*
 * ref_raster.h: a slow scalar reference for triangle coverage, the oracle of
 * the rasterizer tests. Written straight from the rules of rast_priv.h and
 * swr_state.h, sharing no code with rasterizer/be_raster.c: edge functions
 * come from the ORIGINAL vertices (no normalization, no folded fill rule) and
 * edges are classified top / bottom / left / right from vertex coordinates.
 */
#ifndef REF_RASTER_H
#define REF_RASTER_H

#include <stdbool.h>
#include <stdint.h>

#include "common/swr_state.h"

/* True iff the sample point of pixel (px, py) is covered by the triangle with
 * fx8 vertices (x[i], y[i]) under the top-left rule (bottom-left when
 * bottom_edge_rule). Zero-area triangles cover nothing. */
bool ref_tri_covers(const int32_t x_fx8[3], const int32_t y_fx8[3], int32_t sample_offset_fx8,
                    bool bottom_edge_rule, int32_t px, int32_t py);

/* A pixel rectangle that contains every pixel ref_tri_covers() can accept
 * (generous: vertex extents widened by a pixel on each side). */
swr_rect ref_tri_bounds(const int32_t x_fx8[3], const int32_t y_fx8[3]);

/* ---- capturing rast_tri_cover() output ------------------------------------ */

/* A per-pixel counter map over [ox, ox + w) x [oy, oy + h) that an emit
 * callback fills, checking the emit contract of rast_priv.h on the way:
 * tile origins are multiples of 8, masks are non-zero, tiles of one cover
 * call arrive in strictly increasing row-major order (so each at most once),
 * and no bit lies outside `clip` or outside the map. */
typedef struct ref_capture {
    uint8_t *count; /* w * h counters, row-major */
    int32_t ox, oy, w, h;
    swr_rect clip;
    /* per cover call */
    bool started;
    int32_t last_tx, last_ty;
    uint64_t emitted; /* covered pixels emitted since ref_capture_begin */
    /* sticky */
    int errors;
    char first_error[160];
} ref_capture;

/* Allocates a zeroed map (abort on failure). */
void ref_capture_init(ref_capture *cap, int32_t ox, int32_t oy, int32_t w, int32_t h);
void ref_capture_free(ref_capture *cap);
/* Starts one rast_tri_cover() call with the given clip. */
void ref_capture_begin(ref_capture *cap, swr_rect clip);
/* The rast_emit_fn; user is a ref_capture. */
void ref_capture_emit(void *user, int32_t tile_x, int32_t tile_y, uint64_t mask);
/* Counter of pixel (x, y), which must lie in the map. */
static inline uint8_t *ref_capture_at(ref_capture *cap, int32_t x, int32_t y)
{
    return &cap->count[(size_t)(y - cap->oy) * (size_t)cap->w + (size_t)(x - cap->ox)];
}

#endif /* REF_RASTER_H */
