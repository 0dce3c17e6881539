/*
 * fe_clip.h: the frontend's scalar homogeneous clipper.
 *
 * The frontend trivially accepts (every vertex inside the guard band, the
 * enabled depth planes and user distances, w > 0) and trivially rejects
 * primitives with SIMD; only the rare rest comes here, one primitive at a
 * time, on the worker that owns the draw chunk. The functions are pure: no
 * state, no allocation, thread-safe, never block. They are nevertheless
 * correct for ANY input, trivially acceptable or rejectable ones included.
 *
 * A clip vertex is a flat array of floats:
 *   [0..3]  clip-space position x, y, z, w          (FE_CLIP_POS)
 *   [4..11] the 8 user clip distances               (FE_CLIP_DIST; only the
 *           enabled ones are read for clipping, all 8 are interpolated)
 *   [12..]  num_attr_floats attribute floats         (FE_CLIP_ATTR)
 * so a vertex is `FE_CLIP_ATTR + num_attr_floats` floats (the "stride").
 */
#ifndef FE_CLIP_H
#define FE_CLIP_H

#include <stdbool.h>
#include <stdint.h>

#include "common/swr_state.h"

#define FE_CLIP_POS             0
#define FE_CLIP_DIST            4
#define FE_CLIP_ATTR            12
/* Every PS input for both facings (two-sided colour): 2 x 4 x 32. */
#define FE_CLIP_MAX_ATTR_FLOATS (2 * 4 * SWR_MAX_ATTRIBS)
/* A convex polygon clipped by one more plane gains at most one vertex. The
 * planes are w >= eps, near, far, 4 guard-band sides and 8 user distances:
 * 15, so a triangle ends with at most 3 + 15 = 18 vertices; 24 leaves margin. */
#define FE_CLIP_MAX_VERTS 24

/* The clipper always keeps w >= FE_CLIP_W_EPSILON so that no output vertex
 * has w <= 0 and the perspective divide is finite. Clip-space w is usually
 * eye-space distance (GL units); only geometry closer than 1e-6 units to the
 * eye plane is lost, and only when depth clipping is off (a near plane, which
 * any projection puts much further out, removes it anyway). Much smaller
 * values would let 1/w span more than float's 24 bits across one triangle
 * and ruin perspective interpolation in setup. */
#define FE_CLIP_W_EPSILON 1e-6f

typedef struct fe_clip_params {
    /* Guard band half-extent in clip-space units: inside is
     * -guard_x*w <= x <= guard_x*w and likewise y. The caller derives them
     * from the viewport so that the band maps into +-RAST_GUARD_BAND window
     * pixels (with a viewport centred at c and half-size s: (G - |c|) / |s|).
     * Must be finite and > 0. */
    float guard_x, guard_y;
    bool clip_near, clip_far; /* depth clipping per plane (depth_clip_near/far) */
    bool halfz;               /* near plane is z >= 0 (else z >= -w); far is z <= w */
    uint8_t user_planes;      /* bit i: clip against distance i (clip_dist[i] >= 0 is inside) */
    uint32_t num_attr_floats; /* attribute floats per vertex (<= FE_CLIP_MAX_ATTR_FLOATS) */
    /* NULL, or one byte per attribute float: 1 = interpolate linearly in
     * SCREEN space (noperspective varyings), 0 = in clip space
     * (perspective-correct; flat attributes may use either). */
    const uint8_t *noperspective;
} fe_clip_params;

/* Clips triangle (v0, v1, v2) (each `FE_CLIP_ATTR + num_attr_floats` floats)
 * against w >= FE_CLIP_W_EPSILON, the enabled depth planes, the guard band
 * and the enabled user distances. A vertex exactly on a plane is inside.
 *
 * Output: the clipped convex polygon, vertex k at out + k * stride, in the
 * winding of the input; `out` must hold FE_CLIP_MAX_VERTS vertices and must
 * not overlap the inputs. Edge flags: input bit 0 is edge v0->v1, bit 1
 * v1->v2, bit 2 v2->v0; edge_flags_out[k] (FE_CLIP_MAX_VERTS bytes) is 1 iff
 * polygon edge out[k] -> out[k+1 mod n] lies on an edge of the input triangle
 * whose flag was set, 0 if clipping created it.
 *
 * Returns the vertex count: 0 if nothing is left (or the position or an
 * enabled clip distance of an input vertex is NaN or infinite), else
 * 3..FE_CLIP_MAX_VERTS. The polygon may be degenerate (zero area, repeated
 * vertices) when the triangle only touches the clip region: setup rejects
 * those. Every output vertex satisfies every active plane EXACTLY (d >= 0
 * evaluated in double, e.g. w >= FE_CLIP_W_EPSILON and |x| <= guard_x * w),
 * so the window position is within the guard band up to the rounding of
 * the divide and viewport transform. Vertices on a shared edge of two
 * triangles clip to bit-identical points whatever the triangles' third
 * vertices are. Uses about 14 KiB of stack. */
uint32_t fe_clip_triangle(const fe_clip_params *p, const float *v0, const float *v1,
                          const float *v2, uint8_t edge_flags_in, float *out,
                          uint8_t *edge_flags_out);

/* Clips the segment v0 -> v1 against the same planes. Returns 2 with the
 * clipped endpoints (in the input order) in out (2 vertices), or 0 if nothing
 * is left or the input holds NaN/Inf in a position or enabled distance. */
uint32_t fe_clip_line(const fe_clip_params *p, const float *v0, const float *v1, float *out);

/* Points: true if the point survives: -w <= x, y <= w (the view volume, NOT
 * the guard band: wide points are clipped by their centre like GL),
 * the enabled depth planes, w > 0, all enabled clip distances >= 0, and a
 * finite position and enabled distances. */
bool fe_clip_point_visible(const fe_clip_params *p, const float *v);

#endif /* FE_CLIP_H */
