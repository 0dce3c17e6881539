/*
 * gl_pixels_priv.h: what the pixels part's files share: the pixel transfer
 * state's defaults, glGet and the per-component operations the conversions
 * (gl_pixels_convert.c) apply.
 */
#ifndef GL_PIXELS_PRIV_H
#define GL_PIXELS_PRIV_H

#include "frontend-gallium/gl/pixels/gl_pixels.h"

void gl_pixels_transfer_defaults(gl_pixel_transfer *t);
bool gl_pixels_transfer_get(struct gl_context *ctx, GLenum pname, gl_value *v);

/* Scale and bias, then with GL_MAP_COLOR the clamp to [0, 1] and the R_TO_R
 * .. A_TO_A lookups (GL 2.1 section 3.6.5, "Arithmetic on Components" and
 * "RGBA to RGBA Lookup"). */
void gl_pixels_transfer_rgba(const gl_pixel_transfer *t, float v[4]);

/* Depth: scale and bias (the store clamps for fixed-point depth). */
static inline double gl_pixels_transfer_depth(const gl_pixel_transfer *t, double z)
{
    return z * t->depth_scale + t->depth_bias;
}

#endif /* GL_PIXELS_PRIV_H */
