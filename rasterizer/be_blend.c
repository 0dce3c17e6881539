/*
 * be_blend.c: GL blending and logic ops on one 8-pixel hot-tile block
 * (contract in be_output.h).
 *
 * The generic path unpacks dst to float RGBA (be_unpack_block), computes
 * src * sfactor and dst * dfactor as separate products and combines them
 * (no FMA: the scalar reference does the same two roundings), and packs
 * with the colormask (be_pack_block). The fast paths for 8888 targets do
 * the very same float operations in the same order, inlined with the field
 * positions as constants, so they equal the generic path bit for bit
 * (test_blend checks it).
 */
#include "rasterizer/be_output.h"

#include <string.h>

#include "common/simd.h"

static const swr_blend_rt *rt_state(const swr_blend_state *bs, uint32_t rt)
{
    return &bs->rt[bs->independent_blend_enable && rt < SWR_MAX_RENDER_TARGETS ? rt : 0];
}


/* Blend inputs after the fixed-point clamp. */
typedef struct blend_in {
    vf8x4 s, s1, d;
    vf8 k[4]; /* blend colour */
} blend_in;

/* Factor for channel c (3 = alpha). */
static vf8 factor(uint32_t f, int c, const blend_in *in)
{
    vf8 one = vf8_set1(1.0f);
    switch (f) {
    case SWR_BLENDFACTOR_ONE: return one;
    case SWR_BLENDFACTOR_SRC_COLOR: return in->s.v[c];
    case SWR_BLENDFACTOR_SRC_ALPHA: return in->s.v[3];
    case SWR_BLENDFACTOR_DST_ALPHA: return in->d.v[3];
    case SWR_BLENDFACTOR_DST_COLOR: return in->d.v[c];
    case SWR_BLENDFACTOR_SRC_ALPHA_SATURATE:
        return c == 3 ? one : vf8_min(in->s.v[3], vf8_sub(one, in->d.v[3]));
    case SWR_BLENDFACTOR_CONST_COLOR: return in->k[c];
    case SWR_BLENDFACTOR_CONST_ALPHA: return in->k[3];
    case SWR_BLENDFACTOR_SRC1_COLOR: return in->s1.v[c];
    case SWR_BLENDFACTOR_SRC1_ALPHA: return in->s1.v[3];
    case SWR_BLENDFACTOR_INV_SRC_COLOR: return vf8_sub(one, in->s.v[c]);
    case SWR_BLENDFACTOR_INV_SRC_ALPHA: return vf8_sub(one, in->s.v[3]);
    case SWR_BLENDFACTOR_INV_DST_ALPHA: return vf8_sub(one, in->d.v[3]);
    case SWR_BLENDFACTOR_INV_DST_COLOR: return vf8_sub(one, in->d.v[c]);
    case SWR_BLENDFACTOR_INV_CONST_COLOR: return vf8_sub(one, in->k[c]);
    case SWR_BLENDFACTOR_INV_CONST_ALPHA: return vf8_sub(one, in->k[3]);
    case SWR_BLENDFACTOR_INV_SRC1_COLOR: return vf8_sub(one, in->s1.v[c]);
    case SWR_BLENDFACTOR_INV_SRC1_ALPHA: return vf8_sub(one, in->s1.v[3]);
    default: return vf8_zero(); /* ZERO */
    }
}

static bool uses_src1(uint32_t f)
{
    return f == SWR_BLENDFACTOR_SRC1_COLOR || f == SWR_BLENDFACTOR_SRC1_ALPHA ||
           f == SWR_BLENDFACTOR_INV_SRC1_COLOR || f == SWR_BLENDFACTOR_INV_SRC1_ALPHA;
}

static vf8 combine(uint32_t func, uint32_t sf, uint32_t df, int c, const blend_in *in)
{
    vf8 s = in->s.v[c], d = in->d.v[c];
    switch (func) {
    case SWR_BLEND_MIN: return vf8_min(s, d);
    case SWR_BLEND_MAX: return vf8_max(s, d);
    default: break;
    }
    vf8 st = vf8_mul(s, factor(sf, c, in));
    vf8 dt = vf8_mul(d, factor(df, c, in));
    switch (func) {
    case SWR_BLEND_SUBTRACT: return vf8_sub(st, dt);
    case SWR_BLEND_REVERSE_SUBTRACT: return vf8_sub(dt, st);
    default: return vf8_add(st, dt);
    }
}

/* dst' = op(src, dst) on the packed pixels (bitwise ops act on every bit
 * alike, so whole bytes are combined), then merged by colormask and lanes. */
static void logic_op_block(uint32_t op, swr_format fmt, uint8_t *block, const vf8x4 *src,
                           uint32_t lane_mask, uint8_t colormask)
{
    uint32_t bpp = be_hot_bpp(fmt);
    uint8_t sblk[32];
    memcpy(sblk, block, 8 * bpp);
    be_pack_block(fmt, sblk, src, 0xff, SWR_MASK_RGBA);
    uint32_t keep = be_channel_bits(fmt, colormask);
    for (uint32_t i = 0; i < 8; i++) {
        if (!(lane_mask >> i & 1))
            continue;
        uint32_t s = 0, d = 0, r;
        memcpy(&s, sblk + i * bpp, bpp);
        memcpy(&d, block + i * bpp, bpp);
        switch (op & 15) {
        case SWR_LOGICOP_CLEAR: r = 0; break;
        case SWR_LOGICOP_NOR: r = ~(s | d); break;
        case SWR_LOGICOP_AND_INVERTED: r = ~s & d; break;
        case SWR_LOGICOP_COPY_INVERTED: r = ~s; break;
        case SWR_LOGICOP_AND_REVERSE: r = s & ~d; break;
        case SWR_LOGICOP_INVERT: r = ~d; break;
        case SWR_LOGICOP_XOR: r = s ^ d; break;
        case SWR_LOGICOP_NAND: r = ~(s & d); break;
        case SWR_LOGICOP_AND: r = s & d; break;
        case SWR_LOGICOP_EQUIV: r = ~(s ^ d); break;
        case SWR_LOGICOP_NOOP: r = d; break;
        case SWR_LOGICOP_OR_INVERTED: r = ~s | d; break;
        case SWR_LOGICOP_COPY: r = s; break;
        case SWR_LOGICOP_OR_REVERSE: r = s | ~d; break;
        case SWR_LOGICOP_OR: r = s | d; break;
        default: r = ~0u; break; /* SET */
        }
        r = (d & ~keep) | (r & keep);
        memcpy(block + i * bpp, &r, bpp);
    }
}

void be_blend_block(const swr_blend_state *bs, uint32_t rt, const float blend_color[4],
                    swr_format fmt, void *hot_block, const vf8x4 *src0, const vf8x4 *src1,
                    uint32_t lane_mask)
{
    const swr_blend_rt *r = rt_state(bs, rt);
    uint8_t cm = r->colormask & SWR_MASK_RGBA;
    lane_mask &= 0xff;
    if (!cm || !lane_mask)
        return;
    if (bs->logicop_enable && be_format_is_logicop(fmt)) {
        logic_op_block(bs->logicop_func, fmt, hot_block, src0, lane_mask, cm);
        return;
    }
    if (!r->blend_enable) {
        be_pack_block(fmt, hot_block, src0, lane_mask, cm);
        return;
    }
    bool fixed = be_format_is_fixed(fmt);
    bool need_s1 = uses_src1(r->rgb_src_factor) || uses_src1(r->rgb_dst_factor) ||
                   uses_src1(r->alpha_src_factor) || uses_src1(r->alpha_dst_factor);
    blend_in in;
    for (int c = 0; c < 4; c++) {
        float k = blend_color[c];
        if (fixed)
            k = k > 0.0f ? (k < 1.0f ? k : 1.0f) : 0.0f; /* NaN -> 0, as clamp01 */
        in.k[c] = vf8_set1(k);
        in.s.v[c] = fixed ? be_clamp01(src0->v[c]) : src0->v[c];
        in.s1.v[c] = !need_s1 || !src1 ? vf8_zero() : fixed ? be_clamp01(src1->v[c]) : src1->v[c];
    }
    be_unpack_block(fmt, hot_block, &in.d);
    vf8x4 out;
    for (int c = 0; c < 3; c++)
        out.v[c] = combine(r->rgb_func, r->rgb_src_factor, r->rgb_dst_factor, c, &in);
    out.v[3] = combine(r->alpha_func, r->alpha_src_factor, r->alpha_dst_factor, 3, &in);
    be_pack_block(fmt, hot_block, &out, lane_mask, cm);
}

/* ---- fast paths ----------------------------------------------------------------------------- */

static void blend_noop(const swr_blend_state *bs, uint32_t rt, const float blend_color[4],
                       swr_format fmt, void *hot_block, const vf8x4 *src0, const vf8x4 *src1,
                       uint32_t lane_mask)
{
}

static void opaque_bgra8(const swr_blend_state *bs, uint32_t rt, const float blend_color[4],
                         swr_format fmt, void *hot_block, const vf8x4 *src0, const vf8x4 *src1,
                         uint32_t lane_mask)
{
    be_opaque8888(hot_block, src0, lane_mask, 16, 0);
}

static void opaque_rgba8(const swr_blend_state *bs, uint32_t rt, const float blend_color[4],
                         swr_format fmt, void *hot_block, const vf8x4 *src0, const vf8x4 *src1,
                         uint32_t lane_mask)
{
    be_opaque8888(hot_block, src0, lane_mask, 0, 16);
}

#define BE_ALPHA_FN(name, rs, bsh, one)                                                          \
    static void name(const swr_blend_state *bs, uint32_t rt, const float blend_color[4],         \
                     swr_format fmt, void *hot_block, const vf8x4 *src0, const vf8x4 *src1,      \
                     uint32_t lane_mask)                                                         \
    {                                                                                            \
        be_alpha8888(hot_block, src0, lane_mask, rs, bsh, one);                                  \
    }
BE_ALPHA_FN(alpha_bgra8, 16, 0, false)
BE_ALPHA_FN(alpha_rgba8, 0, 16, false)
BE_ALPHA_FN(alpha_bgra8_a1, 16, 0, true)
BE_ALPHA_FN(alpha_rgba8_a1, 0, 16, true)

be_blend_kind be_blend_classify(const swr_blend_state *bs, uint32_t rt, swr_format fmt)
{
    const swr_blend_rt *r = rt_state(bs, rt);
    uint8_t cm = r->colormask & SWR_MASK_RGBA;
    if (!cm)
        return BE_BLEND_NOOP;
    bool bgra = fmt == SWR_FORMAT_B8G8R8A8_UNORM, rgba = fmt == SWR_FORMAT_R8G8B8A8_UNORM;
    if (!(bgra || rgba) || cm != SWR_MASK_RGBA)
        return BE_BLEND_CALL;
    if (bs->logicop_enable) {
        if (bs->logicop_func == SWR_LOGICOP_COPY)
            return bgra ? BE_BLEND_OPAQUE_BGRA8 : BE_BLEND_OPAQUE_RGBA8;
        return BE_BLEND_CALL;
    }
    if (!r->blend_enable)
        return bgra ? BE_BLEND_OPAQUE_BGRA8 : BE_BLEND_OPAQUE_RGBA8;
    if (r->rgb_func == SWR_BLEND_ADD && r->alpha_func == SWR_BLEND_ADD &&
        r->rgb_src_factor == SWR_BLENDFACTOR_SRC_ALPHA &&
        r->rgb_dst_factor == SWR_BLENDFACTOR_INV_SRC_ALPHA &&
        r->alpha_dst_factor == SWR_BLENDFACTOR_INV_SRC_ALPHA) {
        if (r->alpha_src_factor == SWR_BLENDFACTOR_SRC_ALPHA)
            return bgra ? BE_BLEND_ALPHA_BGRA8 : BE_BLEND_ALPHA_RGBA8;
        if (r->alpha_src_factor == SWR_BLENDFACTOR_ONE)
            return bgra ? BE_BLEND_ALPHA_BGRA8_A1 : BE_BLEND_ALPHA_RGBA8_A1;
    }
    return BE_BLEND_CALL;
}

be_blend_fn be_blend_select(const swr_blend_state *bs, uint32_t rt, swr_format fmt)
{
    switch (be_blend_classify(bs, rt, fmt)) {
    case BE_BLEND_NOOP: return blend_noop;
    case BE_BLEND_OPAQUE_BGRA8: return opaque_bgra8;
    case BE_BLEND_OPAQUE_RGBA8: return opaque_rgba8;
    case BE_BLEND_ALPHA_BGRA8: return alpha_bgra8;
    case BE_BLEND_ALPHA_RGBA8: return alpha_rgba8;
    case BE_BLEND_ALPHA_BGRA8_A1: return alpha_bgra8_a1;
    case BE_BLEND_ALPHA_RGBA8_A1: return alpha_rgba8_a1;
    default: return be_blend_block;
    }
}
