/*
 * rast_internal.h: types shared by the frontend driver (fe_draw.c) and the
 * backend driver (be_draw.c, be_hot.c): the set-up primitive that travels
 * through the bins, the per-thread scratch, and the backend's part of state
 * derivation (be_draw_derive, called by rast_state.c).
 */
#ifndef RAST_INTERNAL_H
#define RAST_INTERNAL_H

#include "rasterizer/fe_assemble.h"
#include "rasterizer/rast.h"
#include "rasterizer/be_line_smooth.h"

/* BE_PRIM_SMOOTH: a smooth line or point (swr_rasterizer_state.line_smooth /
 * point_smooth); its be_smooth follows the attributes (be_smooth_of) and the
 * backend multiplies colour 0's alpha by each pixel's coverage. */
enum be_prim_kind { BE_PRIM_TRI, BE_PRIM_LINE, BE_PRIM_RECT, BE_PRIM_SMOOTH };

/* The shape of a BE_PRIM_SMOOTH primitive (be_line_smooth.h). */
typedef struct be_smooth {
    rast_smooth_line line; /* !disc */
    int32_t x_fx8, y_fx8;  /* disc: centre */
    float size;            /* disc: diameter */
    bool disc;
} be_smooth;

/* One primitive after setup, allocated in the draw context's arena by the
 * frontend and read by every macrotile it was binned to.
 *
 * Interpolation is plane based: for a plane p and a sample point (x, y) in
 * window pixels, p(x, y) = p[0] * (x - x_ref) + p[1] * (y - y_ref) + p[2].
 * b1, b2 are the screen-space barycentric weights of vertices 1 and 2
 * (vertex 0 gets 1 - b1 - b2); lines use b1 = t along the line and b2 = 0,
 * points b1 = s, b2 = t of the sprite square. Perspective correction uses
 * inv_w at the three vertices. Attribute values come as triplets
 * (value at vertex 0, vertex 1 - vertex 0, vertex 2 - vertex 0) per PS input
 * component: 4 * 3 floats per input. */
/* A triangle's edge functions in a be_prim: rast_tri's a, b and c. |a|, |b|
 * < 2^24 (rast_priv.h: differences of guard-band coordinates), so int32 holds
 * them exactly; c needs int64. rast_tri's bbox is not kept: be_prim.bbox is
 * it clipped to the viewport, which is all the backend intersects with, and
 * the two facts it derived from it are be_prim.tri_flags. */
typedef struct be_tri {
    int32_t a[3], b[3];
    int64_t c[3];
} be_tri;

/* be_prim.tri_flags */
enum {
    BE_TRI_SMALL = 1,       /* unclipped bbox at most SMALL_TRI_PX a side (cover_small) */
    BE_TRI_SMALL_EDGES = 2, /* rast_tri.small_edges */
};

/* The layout keeps the record of a triangle with one input (the common
 * pass-through case) at 128 + 48 = 176 bytes, 3 cache lines in the
 * 64-byte-granular arena: the per-draw depth clamp range is read from
 * rast_draw_state (vp[viewport]) and a line's rast_line lives after the
 * attributes (be_line_of). */
typedef struct be_prim {
    uint8_t kind;
    uint8_t front_facing;
    uint8_t tri_flags;
    uint8_t viewport;
    uint32_t prim_id;
    swr_rect bbox; /* covered pixels lie inside; clipped to the viewport rect */
    float x_ref, y_ref;
    float b1[3], b2[3];
    float z[3];
    float inv_w[3];
    be_tri tri;      /* BE_PRIM_TRI only */
    float attribs[]; /* num_attribs * 12; a line's rast_line follows */
} be_prim;

/* Bytes of a be_prim with num_attribs inputs (lines: plus a rast_line). */
static inline size_t be_prim_bytes(uint32_t num_attribs, uint8_t kind)
{
    return sizeof(be_prim) + (size_t)num_attribs * 12 * sizeof(float) +
           (kind == BE_PRIM_LINE     ? sizeof(rast_line)
            : kind == BE_PRIM_SMOOTH ? sizeof(be_smooth)
                                     : 0);
}

/* The rast_line of a BE_PRIM_LINE primitive. */
static inline rast_line *be_line_of(const be_prim *p, uint32_t num_attribs)
{
    return (rast_line *)(void *)((uint8_t *)(uintptr_t)p + sizeof(be_prim) +
                                 (size_t)num_attribs * 12 * sizeof(float));
}

/* The be_smooth of a BE_PRIM_SMOOTH primitive. */
static inline be_smooth *be_smooth_of(const be_prim *p, uint32_t num_attribs)
{
    return (be_smooth *)(void *)((uint8_t *)(uintptr_t)p + sizeof(be_prim) +
                                 (size_t)num_attribs * 12 * sizeof(float));
}

/* Per-thread scratch, grown on demand. */
struct rast_scratch {
    /* frontend */
    fe_prim *prims;
    uint32_t prims_cap;
    uint32_t *prim_slots;    /* 3 per primitive: VS output slot of each vertex */
    uint32_t prim_slots_cap; /* entries of prim_slots */
    int32_t *vids;           /* unique vertex ids of the chunk, in first-use order */
    uint32_t vids_cap;
    uint32_t *hash_keys; /* open addressing: vid of the entry */
    uint32_t *hash_vals; /* slot + 1 (0 = empty); also the direct table of dedupe_vertices */
    uint32_t hash_cap;
    swr_simd_vec4 *vs_out; /* [batch][num_outputs] */
    size_t vs_out_cap;     /* in swr_simd_vec4 */
    swr_simd_vec4 vs_in[SWR_MAX_ATTRIBS];
    uint32_t *vcodes; /* per VS slot: clip outcode (fe_draw.c) */
    float *vwin;      /* per VS slot: window x, y, z, 1/w as 4 arrays of vtx_cap */
    uint32_t vtx_cap;
    float *vrec;     /* per VS slot: a record of what a triangle reads (fe_draw.c) */
    size_t vrec_cap; /* in floats */
    /* backend */
    swr_simd_vec4 ps_inputs[SWR_MAX_ATTRIBS];
    swr_ps_args ps_args;
    /* Screen-space input planes of the current primitive (be_draw.c,
     * prepare_prim), one per component of each non-constant input, in the
     * order of rast_be_setup.var_attr: value at a lane =
     * plane_lanes[k][lane] + plane_a[k] * dx + plane_b[k] * dy for the block
     * origin (dx, dy) relative to the primitive's reference point;
     * plane_off[k][b] is that scalar part for block b of the current raster
     * tile. */
    float plane_lanes[SWR_MAX_ATTRIBS * 4][8] __attribute__((aligned(32)));
    float plane_off[SWR_MAX_ATTRIBS * 4][8] __attribute__((aligned(32)));
    float plane_a[SWR_MAX_ATTRIBS * 4], plane_b[SWR_MAX_ATTRIBS * 4];
};

/* Fills st->be (be_draw.c); rast_derive_state calls it last. */
void be_draw_derive(rast_draw_state *st);

#endif /* RAST_INTERNAL_H */
