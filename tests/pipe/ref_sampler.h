/*
 * ref_sampler.h: a slow scalar reference texture sampler for the tests of
 * frontend-gallium/pipe/swrp_sampler.c, written straight from the OpenGL
 * 4.6 formulas (section 8.14) in double precision, one lane at a time.
 *
 * It reads the same swrp_sampler_view / swrp_sampler_state structs and
 * texels through fmt_fetch_texel, and returns the 4 channels
 * after the view swizzle (integer views: the integer values). `ambiguous`
 * is set when the answer hinges on a decision within rounding distance of
 * its threshold (a nearest texel at a texel edge, a mip level at
 * lambda = n + 1/2, a cube face at a tie, an array layer at n + 1/2, the
 * magnification switch at lambda = 0): float and double may then both be
 * right while disagreeing, so tests skip such lanes.
 */
#ifndef SWR_REF_SAMPLER_H
#define SWR_REF_SAMPLER_H

#include <stdbool.h>

#include "frontend-gallium/pipe/swrp_sampler.h"

typedef struct ref_result {
    double v[4];
    bool ambiguous;
} ref_result;

/* Lane `l` of `req` (op SAMPLE, SAMPLE_L, FETCH, GATHER or LODQ). */
void ref_sample(const swrp_sampler_view *v, const swrp_sampler_state *ss,
                const swr_tex_request *req, int l, ref_result *r);

#endif /* SWR_REF_SAMPLER_H */
