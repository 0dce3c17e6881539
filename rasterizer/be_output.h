/*
 * be_output.h: the per-block output merger: depth/stencil test and update,
 * alpha test and blending, all on 8-pixel hot-tile blocks (be_formats.h).
 *
 * Depth values travel in their hot representation as vi8 bits: Z16/Z24 the
 * quantized integer, Z32F the float's bits (be_depth_quantize). Stencil
 * values are the stencil hot tile's bytes. Lane masks are 8-bit integers
 * (bit i = lane i, shader_abi.h lane order).
 *
 * GL rules implemented: no depth buffer (z_block NULL) or depth test off ->
 * depth passes and is not written; no stencil buffer (s_block NULL) or
 * stencil off -> stencil passes and is not written. Back faces use
 * stencil[1] when stencil[1].enabled, else stencil[0]. Stencil compare:
 * (ref & valuemask) FUNC (s & valuemask); ops through the writemask:
 * s' = (s & ~wm) | (op(s) & wm), REPLACE writes the full ref (the shader's
 * per lane with be_ds_test_and_update_lanes). Depth compare:
 * fragment FUNC stored.
 *
 * Callers: the pixel backend, on the worker owning the macrotile; select the
 * specialized functions (be_ds_select, be_blend_select) once per state
 * change and call them per block. All functions are reentrant.
 */
#ifndef BE_OUTPUT_H
#define BE_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>

#include "common/simd.h"
#include "common/swr_state.h"
#include "rasterizer/be_formats.h"

/* ---- depth / stencil ---------------------------------------------------------- */

/* Fragment depth -> hot representation bits: Z16/Z24 round(clamp(z,0,1) *
 * (2^n - 1)) (NaN -> 0); Z32F the float bits unchanged (the caller clamps
 * when depth clamp is on). Lane-for-lane equal to be_depth_quantize_scalar. */
vi8 be_depth_quantize(swr_format zfmt, vf8 z);
/* The same with the format's be_depth_unorm_bits (0, 16 or 24) looked up
 * once by the caller: inline, for the per-block path. */
static inline __attribute__((always_inline)) vi8 be_depth_quantize_bits(uint32_t unorm_bits, vf8 z)
{
    if (!unorm_bits)
        return vf8_as_vi8(z);
    vf8 c = vf8_clamp(z, vf8_zero(), vf8_set1(1.0f));
    return vf8_to_vi8_round(vf8_mul(c, vf8_set1((float)((1u << unorm_bits) - 1))));
}

/* Per-lane outcome of the depth/stencil test: three disjoint subsets of the
 * live mask given to be_ds_test. */
typedef struct be_ds_result {
    uint32_t stencil_fail; /* stencil test failed */
    uint32_t depth_fail;   /* stencil passed, depth failed */
    uint32_t pass;         /* both passed */
} be_ds_result;

/* Tests one block without writing. z_block: 8 hot depth values (32 bytes)
 * or NULL; s_block: 8 stencil bytes or NULL; stencil_ref[0] front, [1] back;
 * frag_z from be_depth_quantize; only lanes in live_mask are classified. */
be_ds_result be_ds_test(const swr_depth_stencil_state *dsa, swr_format zfmt,
                        const uint8_t stencil_ref[2], bool front_facing, const void *z_block,
                        const uint8_t *s_block, vi8 frag_z, uint32_t live_mask);

/* Applies the outcome r of be_ds_test to lanes in alive_mask (the lanes that
 * survived the pixel shader's kill and the alpha test; GL updates nothing
 * for a killed fragment): fail_op on stencil_fail lanes, zfail_op on
 * depth_fail lanes, zpass_op on pass lanes, each through the writemask, and
 * writes frag_z to pass lanes when depth is enabled with depth_writemask.
 * Note for the caller: a lane that failed the early test still needs its
 * fail/zfail op applied when it is alive, so when the shader may kill and a
 * fail/zfail op is not KEEP, the shader must run on those lanes too (or the
 * test must be done late). */
void be_ds_update(const swr_depth_stencil_state *dsa, swr_format zfmt,
                  const uint8_t stencil_ref[2], bool front_facing, void *z_block, uint8_t *s_block,
                  vi8 frag_z, const be_ds_result *r, uint32_t alive_mask);

/* be_ds_test then be_ds_update with alive_mask = live_mask; returns r.pass. */
uint32_t be_ds_test_and_update(const swr_depth_stencil_state *dsa, swr_format zfmt,
                               const uint8_t stencil_ref[2], bool front_facing, void *z_block,
                               uint8_t *s_block, vi8 frag_z, uint32_t live_mask);

/* be_ds_test_and_update with the shader's stencil reference (stencil
 * export, ARB_shader_stencil_export): lane i's reference for the stencil
 * test and for REPLACE is ref_lanes[i] & 0xff (32-byte aligned, the PS
 * outputs' stencil), on either face; everything else as there. The late
 * test of a shader with writes_stencil. */
uint32_t be_ds_test_and_update_lanes(const swr_depth_stencil_state *dsa, swr_format zfmt,
                                     const int32_t ref_lanes[8], bool front_facing, void *z_block,
                                     uint8_t *s_block, vi8 frag_z, uint32_t live_mask);

/* Compares with GL's func semantics (swr_func), frag FUNC stored: float
 * (NaN fails every func but NOTEQUAL and ALWAYS) and signed 32-bit int. */
SIMD_INLINE vi8 be_cmp_float(uint32_t func, vf8 a, vf8 b)
{
    switch (func) {
    case SWR_FUNC_NEVER: return vi8_zero();
    case SWR_FUNC_LESS: return vf8_lt(a, b);
    case SWR_FUNC_EQUAL: return vf8_eq(a, b);
    case SWR_FUNC_LEQUAL: return vf8_le(a, b);
    case SWR_FUNC_GREATER: return vf8_gt(a, b);
    case SWR_FUNC_NOTEQUAL: return vf8_neq(a, b);
    case SWR_FUNC_GEQUAL: return vf8_ge(a, b);
    default: return vi8_ones();
    }
}
SIMD_INLINE vi8 be_cmp_int(uint32_t func, vi8 a, vi8 b)
{
    switch (func) {
    case SWR_FUNC_NEVER: return vi8_zero();
    case SWR_FUNC_LESS: return vi8_lt(a, b);
    case SWR_FUNC_EQUAL: return vi8_eq(a, b);
    case SWR_FUNC_LEQUAL: return vi8_not(vi8_gt(a, b));
    case SWR_FUNC_GREATER: return vi8_gt(a, b);
    case SWR_FUNC_NOTEQUAL: return vi8_not(vi8_eq(a, b));
    case SWR_FUNC_GEQUAL: return vi8_not(vi8_lt(a, b));
    default: return vi8_ones();
    }
}
SIMD_INLINE vi8 be_depth_cmp(uint32_t func, bool is_float, vi8 frag, vi8 stored)
{
    return is_float ? be_cmp_float(func, vi8_as_vf8(frag), vi8_as_vf8(stored))
                    : be_cmp_int(func, frag, stored);
}

/* The depth a lane holds after a test with writes whose compare result is
 * c (be_depth_cmp): frag where c is set, else stored. A min or max where
 * that gives the same bits, one cheap op for the variable blend: float
 * LESS / GREATER (vminps / vmaxps return their second operand unless the
 * first is strictly less / greater, which is the ordered compare, NaN and
 * signed zeros included), integer LESS, LEQUAL / GREATER, GEQUAL (equal
 * integers are the same bits); else a select. func as be_depth_cmp. */
SIMD_INLINE vi8 be_depth_kept(uint32_t func, bool is_float, vi8 frag, vi8 stored, vi8 c)
{
    if (is_float && func == SWR_FUNC_LESS)
        return vf8_as_vi8(vf8_min(vi8_as_vf8(frag), vi8_as_vf8(stored)));
    if (is_float && func == SWR_FUNC_GREATER)
        return vf8_as_vi8(vf8_max(vi8_as_vf8(frag), vi8_as_vf8(stored)));
    if (!is_float && (func == SWR_FUNC_LESS || func == SWR_FUNC_LEQUAL))
        return vi8_min(frag, stored);
    if (!is_float && (func == SWR_FUNC_GREATER || func == SWR_FUNC_GEQUAL))
        return vi8_max(frag, stored);
    return vi8_select(c, stored, frag);
}

/* The depth-only test and update (stencil off on both faces, depth test
 * on): what be_ds_select returns for such a state, inline, for callers that
 * want no call per block. func = depth_func & 7, is_float = no unorm bits,
 * write = depth_writemask != 0. Returns the passing lanes of live. */
SIMD_INLINE uint32_t be_ds_depth_only(uint32_t func, bool is_float, bool write, void *z_block,
                                      vi8 frag_z, uint32_t live_mask)
{
    if (!z_block)
        return live_mask & 0xff;
    vi8 old = vi8_load(z_block);
    uint32_t pass = live_mask & vi8_movemask(be_depth_cmp(func, is_float, frag_z, old));
    if (write && pass)
        vi8_store_lanes_over(z_block, old, frag_z, pass);
    return pass;
}

be_ds_fn be_ds_select(const swr_depth_stencil_state *dsa, swr_format zfmt);

/* ---- alpha test ------------------------------------------------------------------ */

/* Lanes of mask whose alpha FUNC ref holds (func: swr_func; NaN alpha fails
 * every func but NOTEQUAL and ALWAYS). */
uint32_t be_alpha_test(uint8_t func, float ref, vf8 alpha, uint32_t mask);

/* ---- blending ----------------------------------------------------------------------- */

/* Blends src0 (and src1 for dual-source factors; may be NULL otherwise) into
 * the 8-pixel hot block of colour format fmt for render target rt
 * (rt[0]'s state when !independent_blend_enable), lanes in lane_mask only:
 *  - fixed-point targets (UNORM, sRGB): src0, src1 and blend_color clamped
 *    to [0,1] first; sRGB dst decoded to linear and the result re-encoded;
 *  - float targets: unclamped;
 *  - result = src * sfactor FUNC dst * dfactor, separately for RGB and A;
 *    MIN/MAX ignore the factors; SRC_ALPHA_SATURATE = (f,f,f,1),
 *    f = min(As, 1 - Ad); X/missing dst alpha reads as 1;
 *  - logic op (logicop_enable) replaces blending on UNORM non-sRGB targets,
 *    on the quantized integers of the packed pixel; ignored on sRGB and
 *    float targets;
 *  - written through colormask and lane_mask (be_pack_block rules). */
void be_blend_block(const swr_blend_state *bs, uint32_t rt, const float blend_color[4],
                    swr_format fmt, void *hot_block, const vf8x4 *src0, const vf8x4 *src1,
                    uint32_t lane_mask);

/* A function equivalent to be_blend_block for this state, rt and format:
 * fast paths for opaque writes and classic alpha blending (SRC_ALPHA,
 * INV_SRC_ALPHA, ADD; alpha factors the same or ONE, INV_SRC_ALPHA) on
 * B8G8R8A8/R8G8B8A8 UNORM with a full colormask, a no-op when colormask is
 * 0, be_blend_block otherwise. Never NULL. */
be_blend_fn be_blend_select(const swr_blend_state *bs, uint32_t rt, swr_format fmt);

be_blend_kind be_blend_classify(const swr_blend_state *bs, uint32_t rt, swr_format fmt);

/* ---- 8888 fast paths (inline; be_blend.c wraps them for be_blend_select) --- */
/* They do the very same float operations in the same order as
 * be_blend_block, with the field positions as constants, so they equal it
 * bit for bit (test_blend checks it). rs/bsh: bit positions of R and B.
 * The final quantization leaves part of the clamp to the saturating pack
 * (be_q8_sat, be_pack8888), with the same bytes as be_q8. */

SIMD_INLINE vf8 be_clamp01(vf8 a) { return vf8_clamp(a, vf8_zero(), vf8_set1(1.0f)); }

SIMD_INLINE vi8 be_q8(vf8 c)
{
    return vf8_to_vi8_round(vf8_mul(be_clamp01(c), vf8_set1(255.0f)));
}

/* be_q8 up to saturation to [0, 255] (vi8_pack_u8x4 does it): min(1, c) *
 * 255 rounded. c in [0, 1]: the same value; c > 1 or +inf: 255 exactly;
 * c < 0 or -inf: <= 0 or INT32_MIN (conversion overflow), both -> 0; NaN
 * (min returns its second operand, c): INT32_MIN -> 0, as clamp's 0. The
 * min stays for the overflow of large c, which would convert to INT32_MIN. */
SIMD_INLINE vi8 be_q8_sat(vf8 c)
{
    return vf8_to_vi8_round(vf8_mul(vf8_min(vf8_set1(1.0f), c), vf8_set1(255.0f)));
}

/* Four quantized channels (be_q8 or be_q8_sat values, in R G B A order)
 * -> 8 packed pixels with R at bit rs and B at bit bsh (0 or 16). */
SIMD_INLINE vi8 be_pack8888(vi8 r, vi8 g, vi8 b, vi8 a, int rs, int bsh)
{
    (void)bsh;
    return rs == 0 ? vi8_pack_u8x4(r, g, b, a) : vi8_pack_u8x4(b, g, r, a);
}

/* c / 255 correctly rounded for the byte c at byte k (a constant) of each
 * packed pixel of p. */
SIMD_INLINE vf8 be_unq8_byte(vi8 p, int k)
{
    return vf8_div255(vi8_to_vf8(vi8_byte_of(p, k)));
}

/* Opaque write, colormask RGBA, as packed pixels (be_opaque8888_v stores
 * them). */
SIMD_INLINE vi8 be_opaque8888_pixels(vf8x4 src, int rs, int bsh)
{
    return be_pack8888(be_q8_sat(src.v[0]), be_q8_sat(src.v[1]), be_q8_sat(src.v[2]),
                       be_q8_sat(src.v[3]), rs, bsh);
}

/* Opaque write, colormask RGBA. The _v variants take the colour by value
 * so that the pixel backend's inlined path keeps it in registers between
 * the load of the shader's outputs and the pack (no trip through a stack
 * vf8x4); the pointer forms are the same code. */
SIMD_INLINE void be_opaque8888_v(void *block, vf8x4 src, uint32_t lane_mask, int rs, int bsh)
{
    vi8_store_lanes(block, be_opaque8888_pixels(src, rs, bsh), lane_mask);
}
SIMD_INLINE void be_opaque8888(void *block, const vf8x4 *src, uint32_t lane_mask, int rs, int bsh)
{
    be_opaque8888_v(block, *src, lane_mask, rs, bsh);
}

/* Classic alpha blending of the packed pixels p: rgb = s*As + d*(1-As);
 * alpha = a_src_one ? As : As*As, plus Ad*(1-As). Same products and sums as
 * be_blend_block. Each sum lies in [0, 2] (clamped sources, d and 1-As in
 * [0, 1], no NaN), so its clamp to [0, 1] is the pack's saturation. */
SIMD_INLINE vi8 be_alpha8888_pixels(vi8 p, vf8x4 src, int rs, int bsh, bool a_src_one)
{
    vf8 as = be_clamp01(src.v[3]);
    vf8 ias = vf8_sub(vf8_set1(1.0f), as);
    vi8 q[4];
    for (int c = 0; c < 4; c++) {
        int k = (c == 0 ? rs : c == 1 ? 8 : c == 2 ? bsh : 24) / 8;
        vf8 s = c == 3 ? as : be_clamp01(src.v[c]);
        vf8 st = c == 3 && a_src_one ? vf8_mul(s, vf8_set1(1.0f)) : vf8_mul(s, as);
        vf8 o = vf8_add(st, vf8_mul(be_unq8_byte(p, k), ias));
        q[c] = vf8_to_vi8_round(vf8_mul(o, vf8_set1(255.0f)));
    }
    return be_pack8888(q[0], q[1], q[2], q[3], rs, bsh);
}

SIMD_INLINE void be_alpha8888_v(void *block, vf8x4 src, uint32_t lane_mask, int rs, int bsh,
                                bool a_src_one)
{
    vi8 p = vi8_load(block);
    vi8_store_lanes_over(block, p, be_alpha8888_pixels(p, src, rs, bsh, a_src_one), lane_mask);
}
SIMD_INLINE void be_alpha8888(void *block, const vf8x4 *src, uint32_t lane_mask, int rs, int bsh,
                              bool a_src_one)
{
    be_alpha8888_v(block, *src, lane_mask, rs, bsh, a_src_one);
}

#endif /* BE_OUTPUT_H */
