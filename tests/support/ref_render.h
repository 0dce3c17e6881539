/*
 * ref_render.h: a slow scalar reference renderer of triangles, written from
 * the rules of common/swr_state.h and rasterizer/rast_priv.h, sharing no code
 * with the rasterizer part. It is the oracle of tests/core/test_render_reference.c.
 * Coverage comes from tests/rasterizer/ref_raster.c (ref_tri_covers), the
 * depth test, blending and pixel packing from tests/rasterizer/ref_output.c
 * (independent oracles written by other helpers).
 *
 * Input: triangles in clip space, three ref_vertex each, all TRIVIALLY
 * INSIDE the clip volume (-w <= x, y, z <= w, w > 0): the reference does not
 * clip (tests of clipping use analytic checks). No culling.
 *
 * Per triangle, exactly:
 *  1. Divide and viewport, in float, in this order (the engine's convention,
 *     -ffp-contract=off):  iw = 1.0f / w;  x_w = (x * iw) * scale[0] + translate[0];
 *     likewise y_w, z_w.
 *  2. Snap: X = round_half_even(x_w * 256.0f) (24.8 fixed point), same for Y.
 *  3. Coverage: pixel (px, py) with px in [0, width), py in [0, height) is
 *     covered iff ref_tri_covers(X, Y, 128 (half-pixel centres), top-left
 *     rule) -- sample point (px + 1/2, py + 1/2).
 *  4. Barycentrics at the sample point S, in double, from the SNAPPED
 *     positions P_k = (X_k, Y_k) / 256:
 *       A  = cross(P1 - P0, P2 - P0)
 *       l1 = cross(S - P0, P2 - P0) / A ... written as the usual
 *       l1 = ((Sx-P0x)(P2y-P0y) - (Sy-P0y)(P2x-P0x)) / A,
 *       l2 = ((P1x-P0x)(Sy-P0y) - (P1y-P0y)(Sx-P0x)) / A,  l0 = 1 - l1 - l2.
 *  5. Attributes (per PS input i, per component):
 *       LINEAR:       a = l0 a0 + l1 a1 + l2 a2
 *       PERSPECTIVE:  q_k = l_k * iw_k;  a = (q0 a0 + q1 a1 + q2 a2) / (q0 + q1 + q2)
 *       CONSTANT:     a = a_prov, the provoking vertex: vertex 2 (last), or
 *                     vertex 0 when flatshade_first.
 *  6. Depth: z = l0 z_w0 + l1 z_w1 + l2 z_w2 (screen-space linear), clamped
 *     to [0, 1]; quantized with ref_depth_quantize (Z32_FLOAT: the float's
 *     bits; Z24: round(z * (2^24 - 1))); tested and written with
 *     ref_depth_stencil (stencil off).
 *  7. Colour: the PS output is input 0; ref_blend_pixel (UNORM: clamp,
 *     blend in float, round(c * 255) with round-half-even) into the target.
 *
 * Depth ambiguity: the engine evaluates depth with its own float plane
 * equation, so at a pixel where the fragment depth and the stored depth are
 * within `depth_eps` (Z32_FLOAT: float difference; fixed formats: that many
 * quantization units) the two renderers may legitimately decide the test
 * differently. Such pixels are flagged in `ambiguous` (sticky: once the
 * stored depth may differ, every later result at the pixel may too).
 */
#ifndef REF_RENDER_H
#define REF_RENDER_H

#include <stdbool.h>
#include <stdint.h>

#include "common/swr_state.h"

#define REF_MAX_ATTR 4

typedef struct ref_vertex {
    float pos[4];                  /* clip space */
    float attr[REF_MAX_ATTR][4];   /* PS inputs; attr[0] is the output colour */
} ref_vertex;

typedef struct ref_state {
    swr_viewport vp;
    uint32_t num_attr;             /* <= REF_MAX_ATTR */
    uint8_t interp[REF_MAX_ATTR];  /* SWR_INTERP_CONSTANT / LINEAR / PERSPECTIVE */
    bool flatshade_first;
    swr_depth_stencil_state dsa;   /* depth only; stencil must be disabled */
    swr_blend_state blend;
    float blend_color[4];
    float depth_eps;
} ref_state;

/* A render target and optional depth buffer. Colour pixels are in the
 * surface format (ref_output's pack/unpack); depth is one uint32_t per
 * pixel holding the quantized ("hot") value: float bits for Z32_FLOAT,
 * the 24-bit value for Z24 formats. */
typedef struct ref_target {
    uint32_t w, h;
    swr_format cfmt;
    uint8_t *color;      /* w * h * bpp bytes, tightly packed */
    uint32_t cbpp;
    swr_format zfmt;     /* NONE: no depth buffer */
    uint32_t *depth;     /* w * h */
    uint8_t *ambiguous;  /* w * h flags, or NULL */
} ref_target;

/* Allocates (zeroed) buffers; aborts on allocation failure. */
void ref_target_init(ref_target *t, uint32_t w, uint32_t h, swr_format cfmt, swr_format zfmt);
void ref_target_free(ref_target *t);
/* Fills colour with rgba (packed as the format packs it) and depth with the
 * quantized `depth`; clears the ambiguity flags. */
void ref_target_clear(ref_target *t, const float rgba[4], float depth);

/* Renders num_tris triangles (tris[3 * i + k]) in order. Returns the number
 * of covered pixels (fragments), whether they passed depth or not. */
uint64_t ref_render_triangles(const ref_state *st, ref_target *t, const ref_vertex *tris,
                              uint32_t num_tris);

/* The engine's depth surface value at (x, y) converted to the reference's
 * representation (Z32_FLOAT: the bits; Z24_UNORM_S8_UINT / Z24X8: bits 0..23). */
uint32_t ref_depth_from_surface(swr_format zfmt, const uint8_t *surface, uint32_t pitch,
                                uint32_t x, uint32_t y);

#endif /* REF_RENDER_H */
