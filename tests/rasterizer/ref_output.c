/*
 * ref_output.c: the scalar reference of the output merger (see
 * ref_output.h). Straight from the formulas: float math with one rounding
 * per C operation (the project builds with -ffp-contract=off), lrintf for
 * round-to-nearest-even, the sRGB curve of IEC 61966-2-1 in double, half
 * floats by scaling in double. Slow and obvious on purpose.
 */
#include "ref_output.h"

#include <math.h>
#include <string.h>

float ref_srgb_decode(uint32_t code)
{
    double s = code / 255.0;
    return (float)(s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4));
}

static float clamp01(float c)
{
    if (!(c > 0.0f)) /* NaN too */
        return 0.0f;
    return c < 1.0f ? c : 1.0f;
}

int ref_srgb_encode_q(float linear)
{
    double x = clamp01(linear);
    double s = x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1.0 / 2.4) - 0.055;
    return (int)lrint(s * 255.0);
}

uint32_t ref_unorm_q(float c, uint32_t bits)
{
    float maxv = (float)((1u << bits) - 1);
    return (uint32_t)lrintf(clamp01(c) * maxv);
}

uint16_t ref_half_from_float(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000);
    if (isnan(f))
        return (uint16_t)(sign | 0x7e00 | ((u & 0x7fffff) >> 13));
    double a = fabs((double)f);
    if (isinf(f))
        return sign | 0x7c00;
    if (a < ldexp(1.0, -14)) /* subnormal grid 2^-24; q = 1024 is the smallest normal */
        return (uint16_t)(sign | (uint16_t)nearbyint(a * ldexp(1.0, 24)));
    int e;
    frexp(a, &e); /* a = m * 2^e, m in [0.5, 1): the leading bit is 2^(e-1) */
    int E = e - 1;
    double q = nearbyint(a / ldexp(1.0, E - 10)); /* 1024..2048 */
    if (q >= 2048.0) {
        q = 1024.0;
        E++;
    }
    if (E > 15)
        return sign | 0x7c00;
    return (uint16_t)(sign | (uint16_t)((E + 15) << 10) | (uint16_t)(q - 1024.0));
}

float ref_float_from_half(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    float sign = (h & 0x8000) ? -1.0f : 1.0f;
    if (e == 31)
        return m ? NAN : sign * INFINITY;
    if (e == 0)
        return sign * (float)ldexp(m, -24);
    return sign * (float)ldexp(1024 + m, e - 25);
}

/* Byte offsets of R, G, B, A in 8-bit-channel formats: -1 absent, -2 X. */
static bool byte_layout(swr_format fmt, int off[4])
{
    static const struct { swr_format f; int o[4]; } t[] = {
        { SWR_FORMAT_B8G8R8A8_UNORM, { 2, 1, 0, 3 } },  { SWR_FORMAT_B8G8R8X8_UNORM, { 2, 1, 0, -2 } },
        { SWR_FORMAT_R8G8B8A8_UNORM, { 0, 1, 2, 3 } },  { SWR_FORMAT_R8G8B8X8_UNORM, { 0, 1, 2, -2 } },
        { SWR_FORMAT_B8G8R8A8_SRGB, { 2, 1, 0, 3 } },   { SWR_FORMAT_B8G8R8X8_SRGB, { 2, 1, 0, -2 } },
        { SWR_FORMAT_R8G8B8A8_SRGB, { 0, 1, 2, 3 } },   { SWR_FORMAT_R8G8B8X8_SRGB, { 0, 1, 2, -2 } },
        { SWR_FORMAT_A8R8G8B8_UNORM, { 1, 2, 3, 0 } },  { SWR_FORMAT_R8_UNORM, { 0, -1, -1, -1 } },
        { SWR_FORMAT_R8G8_UNORM, { 0, 1, -1, -1 } },
    };
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
        if (t[i].f == fmt) {
            memcpy(off, t[i].o, sizeof(t[i].o));
            return true;
        }
    return false;
}

bool ref_is_srgb(swr_format fmt)
{
    return fmt == SWR_FORMAT_B8G8R8A8_SRGB || fmt == SWR_FORMAT_B8G8R8X8_SRGB ||
           fmt == SWR_FORMAT_R8G8B8A8_SRGB || fmt == SWR_FORMAT_R8G8B8X8_SRGB;
}

bool ref_is_fixed(swr_format fmt)
{
    int off[4];
    return byte_layout(fmt, off) || fmt == SWR_FORMAT_R10G10B10A2_UNORM;
}

uint32_t ref_bpp(swr_format fmt)
{
    switch (fmt) {
    case SWR_FORMAT_R8_UNORM: return 1;
    case SWR_FORMAT_R8G8_UNORM: return 2;
    case SWR_FORMAT_R16G16B16A16_FLOAT: return 8;
    case SWR_FORMAT_R32G32B32A32_FLOAT: return 16;
    default: return 4;
    }
}

void ref_unpack_pixel(swr_format fmt, const uint8_t *px, float rgba[4])
{
    int off[4];
    const float def[4] = { 0.0f, 0.0f, 0.0f, 1.0f };
    if (byte_layout(fmt, off)) {
        for (int c = 0; c < 4; c++) {
            if (off[c] < 0)
                rgba[c] = def[c];
            else if (c < 3 && ref_is_srgb(fmt))
                rgba[c] = ref_srgb_decode(px[off[c]]);
            else
                rgba[c] = (float)px[off[c]] / 255.0f;
        }
        return;
    }
    switch (fmt) {
    case SWR_FORMAT_R10G10B10A2_UNORM: {
        uint32_t v;
        memcpy(&v, px, 4);
        rgba[0] = (float)(v & 1023) / 1023.0f;
        rgba[1] = (float)((v >> 10) & 1023) / 1023.0f;
        rgba[2] = (float)((v >> 20) & 1023) / 1023.0f;
        rgba[3] = (float)(v >> 30) / 3.0f;
        return;
    }
    case SWR_FORMAT_R16G16B16A16_FLOAT:
        for (int c = 0; c < 4; c++) {
            uint16_t h;
            memcpy(&h, px + 2 * c, 2);
            rgba[c] = ref_float_from_half(h);
        }
        return;
    case SWR_FORMAT_R32G32B32A32_FLOAT:
        memcpy(rgba, px, 16);
        return;
    case SWR_FORMAT_R32_FLOAT:
        memcpy(rgba, px, 4);
        for (int c = 1; c < 4; c++)
            rgba[c] = def[c];
        return;
    default:
        for (int c = 0; c < 4; c++)
            rgba[c] = 0.0f;
        return;
    }
}

void ref_pack_pixel(swr_format fmt, uint8_t *px, const float rgba[4], uint8_t colormask)
{
    int off[4];
    if (byte_layout(fmt, off)) {
        for (int c = 0; c < 4; c++) {
            if (!(colormask >> c & 1) || off[c] == -1)
                continue;
            if (off[c] == -2)
                px[3] = 255; /* X is written as one */
            else if (c < 3 && ref_is_srgb(fmt))
                px[off[c]] = (uint8_t)ref_srgb_encode_q(rgba[c]);
            else
                px[off[c]] = (uint8_t)ref_unorm_q(rgba[c], 8);
        }
        return;
    }
    switch (fmt) {
    case SWR_FORMAT_R10G10B10A2_UNORM: {
        uint32_t v;
        memcpy(&v, px, 4);
        const int bits[4] = { 10, 10, 10, 2 }, pos[4] = { 0, 10, 20, 30 };
        for (int c = 0; c < 4; c++) {
            if (!(colormask >> c & 1))
                continue;
            uint32_t m = ((1u << bits[c]) - 1) << pos[c];
            v = (v & ~m) | (ref_unorm_q(rgba[c], (uint32_t)bits[c]) << pos[c]);
        }
        memcpy(px, &v, 4);
        return;
    }
    case SWR_FORMAT_R16G16B16A16_FLOAT:
        for (int c = 0; c < 4; c++)
            if (colormask >> c & 1) {
                uint16_t h = ref_half_from_float(rgba[c]);
                memcpy(px + 2 * c, &h, 2);
            }
        return;
    case SWR_FORMAT_R32G32B32A32_FLOAT:
        for (int c = 0; c < 4; c++)
            if (colormask >> c & 1)
                memcpy(px + 4 * c, &rgba[c], 4);
        return;
    case SWR_FORMAT_R32_FLOAT:
        if (colormask & 1)
            memcpy(px, &rgba[0], 4);
        return;
    default:
        return;
    }
}

uint32_t ref_depth_quantize(swr_format zfmt, float z)
{
    switch (zfmt) {
    case SWR_FORMAT_Z16_UNORM: return (uint32_t)lrintf(clamp01(z) * 65535.0f);
    case SWR_FORMAT_Z24_UNORM_S8_UINT:
    case SWR_FORMAT_Z24X8_UNORM: return (uint32_t)lrintf(clamp01(z) * 16777215.0f);
    default: {
        uint32_t u;
        memcpy(&u, &z, 4);
        return u;
    }
    }
}

static bool cmp_func(uint8_t func, double a, double b)
{
    switch (func) {
    case SWR_FUNC_NEVER: return false;
    case SWR_FUNC_LESS: return a < b;
    case SWR_FUNC_EQUAL: return a == b;
    case SWR_FUNC_LEQUAL: return a <= b;
    case SWR_FUNC_GREATER: return a > b;
    case SWR_FUNC_NOTEQUAL: return a != b;
    case SWR_FUNC_GEQUAL: return a >= b;
    default: return true;
    }
}

static uint8_t stencil_apply(uint8_t op, uint8_t s, uint8_t ref)
{
    switch (op) {
    case SWR_STENCIL_OP_KEEP: return s;
    case SWR_STENCIL_OP_ZERO: return 0;
    case SWR_STENCIL_OP_REPLACE: return ref;
    case SWR_STENCIL_OP_INCR: return s == 255 ? 255 : (uint8_t)(s + 1);
    case SWR_STENCIL_OP_DECR: return s == 0 ? 0 : (uint8_t)(s - 1);
    case SWR_STENCIL_OP_INCR_WRAP: return (uint8_t)(s + 1);
    case SWR_STENCIL_OP_DECR_WRAP: return (uint8_t)(s - 1);
    default: return (uint8_t)~s; /* INVERT */
    }
}

int ref_depth_stencil(const swr_depth_stencil_state *dsa, swr_format zfmt,
                      const uint8_t ref[2], bool front, uint32_t *z, uint8_t *s, uint32_t frag_z,
                      bool alive)
{
    const swr_stencil_face *f =
        !front && dsa->stencil[1].enabled ? &dsa->stencil[1] : &dsa->stencil[0];
    uint8_t r = ref[front ? 0 : 1];
    bool use_s = f->enabled && s;
    bool spass = !use_s || cmp_func(f->func, r & f->valuemask, *s & f->valuemask);
    bool zpass = true;
    if (spass && dsa->depth_enabled && z) {
        if (zfmt == SWR_FORMAT_Z32_FLOAT || zfmt == SWR_FORMAT_Z32_FLOAT_S8X24_UINT) {
            float a, b;
            memcpy(&a, &frag_z, 4);
            memcpy(&b, z, 4);
            zpass = cmp_func(dsa->depth_func, a, b); /* NaN: only NOTEQUAL/ALWAYS pass */
        } else {
            zpass = cmp_func(dsa->depth_func, frag_z, *z);
        }
    }
    int outcome = !spass ? 0 : !zpass ? 1 : 2;
    if (!alive)
        return outcome;
    if (use_s) {
        uint8_t op = outcome == 0 ? f->fail_op : outcome == 1 ? f->zfail_op : f->zpass_op;
        uint8_t nv = stencil_apply(op, *s, r);
        *s = (uint8_t)((*s & ~f->writemask) | (nv & f->writemask));
    }
    if (outcome == 2 && dsa->depth_enabled && dsa->depth_writemask && z)
        *z = frag_z;
    return outcome;
}

bool ref_alpha_test(uint8_t func, float ref, float alpha) { return cmp_func(func, alpha, ref); }

static float blend_factor(uint8_t f, int c, const float s[4], const float s1[4], const float d[4],
                          const float k[4])
{
    switch (f) {
    case SWR_BLENDFACTOR_ONE: return 1.0f;
    case SWR_BLENDFACTOR_SRC_COLOR: return s[c];
    case SWR_BLENDFACTOR_SRC_ALPHA: return s[3];
    case SWR_BLENDFACTOR_DST_ALPHA: return d[3];
    case SWR_BLENDFACTOR_DST_COLOR: return d[c];
    case SWR_BLENDFACTOR_SRC_ALPHA_SATURATE: {
        if (c == 3)
            return 1.0f;
        float ia = 1.0f - d[3];
        return s[3] < ia ? s[3] : ia;
    }
    case SWR_BLENDFACTOR_CONST_COLOR: return k[c];
    case SWR_BLENDFACTOR_CONST_ALPHA: return k[3];
    case SWR_BLENDFACTOR_SRC1_COLOR: return s1[c];
    case SWR_BLENDFACTOR_SRC1_ALPHA: return s1[3];
    case SWR_BLENDFACTOR_ZERO: return 0.0f;
    case SWR_BLENDFACTOR_INV_SRC_COLOR: return 1.0f - s[c];
    case SWR_BLENDFACTOR_INV_SRC_ALPHA: return 1.0f - s[3];
    case SWR_BLENDFACTOR_INV_DST_ALPHA: return 1.0f - d[3];
    case SWR_BLENDFACTOR_INV_DST_COLOR: return 1.0f - d[c];
    case SWR_BLENDFACTOR_INV_CONST_COLOR: return 1.0f - k[c];
    case SWR_BLENDFACTOR_INV_CONST_ALPHA: return 1.0f - k[3];
    case SWR_BLENDFACTOR_INV_SRC1_COLOR: return 1.0f - s1[c];
    case SWR_BLENDFACTOR_INV_SRC1_ALPHA: return 1.0f - s1[3];
    default: return 0.0f;
    }
}

static uint32_t logic(uint8_t op, uint32_t s, uint32_t d)
{
    switch (op) {
    case SWR_LOGICOP_CLEAR: return 0;
    case SWR_LOGICOP_NOR: return ~(s | d);
    case SWR_LOGICOP_AND_INVERTED: return ~s & d;
    case SWR_LOGICOP_COPY_INVERTED: return ~s;
    case SWR_LOGICOP_AND_REVERSE: return s & ~d;
    case SWR_LOGICOP_INVERT: return ~d;
    case SWR_LOGICOP_XOR: return s ^ d;
    case SWR_LOGICOP_NAND: return ~(s & d);
    case SWR_LOGICOP_AND: return s & d;
    case SWR_LOGICOP_EQUIV: return ~(s ^ d);
    case SWR_LOGICOP_NOOP: return d;
    case SWR_LOGICOP_OR_INVERTED: return ~s | d;
    case SWR_LOGICOP_COPY: return s;
    case SWR_LOGICOP_OR_REVERSE: return s | ~d;
    case SWR_LOGICOP_OR: return s | d;
    default: return ~0u;
    }
}

/* Logic op per channel on the quantized integers (X channel: src = all ones). */
static void ref_logic_pixel(uint8_t op, swr_format fmt, uint8_t *px, const float s[4], uint8_t cm)
{
    int off[4];
    if (byte_layout(fmt, off)) {
        for (int c = 0; c < 4; c++) {
            if (!(cm >> c & 1) || off[c] == -1)
                continue;
            int o = off[c] == -2 ? 3 : off[c];
            uint32_t sq = off[c] == -2 ? 255 : ref_unorm_q(s[c], 8);
            px[o] = (uint8_t)(logic(op, sq, px[o]) & 255);
        }
        return;
    }
    /* R10G10B10A2 */
    uint32_t v;
    memcpy(&v, px, 4);
    const int bits[4] = { 10, 10, 10, 2 }, pos[4] = { 0, 10, 20, 30 };
    for (int c = 0; c < 4; c++) {
        if (!(cm >> c & 1))
            continue;
        uint32_t maxv = (1u << bits[c]) - 1;
        uint32_t d = (v >> pos[c]) & maxv;
        uint32_t r = logic(op, ref_unorm_q(s[c], (uint32_t)bits[c]), d) & maxv;
        v = (v & ~(maxv << pos[c])) | (r << pos[c]);
    }
    memcpy(px, &v, 4);
}

void ref_blend_pixel(const swr_blend_state *bs, uint32_t rt, const float blend_color[4],
                     swr_format fmt, uint8_t *px, const float s0[4], const float s1[4])
{
    const swr_blend_rt *r = &bs->rt[bs->independent_blend_enable ? rt : 0];
    uint8_t cm = r->colormask & 15;
    bool fixed = ref_is_fixed(fmt);
    if (bs->logicop_enable && fixed && !ref_is_srgb(fmt)) {
        ref_logic_pixel(bs->logicop_func, fmt, px, s0, cm);
        return;
    }
    if (!r->blend_enable) {
        ref_pack_pixel(fmt, px, s0, cm);
        return;
    }
    float s[4], t[4], d[4], k[4], out[4];
    const float zero[4] = { 0, 0, 0, 0 };
    if (!s1)
        s1 = zero;
    for (int c = 0; c < 4; c++) {
        s[c] = fixed ? clamp01(s0[c]) : s0[c];
        t[c] = fixed ? clamp01(s1[c]) : s1[c];
        k[c] = fixed ? clamp01(blend_color[c]) : blend_color[c];
    }
    ref_unpack_pixel(fmt, px, d);
    for (int c = 0; c < 4; c++) {
        uint8_t func = c < 3 ? r->rgb_func : r->alpha_func;
        uint8_t sf = c < 3 ? r->rgb_src_factor : r->alpha_src_factor;
        uint8_t df = c < 3 ? r->rgb_dst_factor : r->alpha_dst_factor;
        float st = s[c] * blend_factor(sf, c, s, t, d, k);
        float dt = d[c] * blend_factor(df, c, s, t, d, k);
        switch (func) {
        case SWR_BLEND_ADD: out[c] = st + dt; break;
        case SWR_BLEND_SUBTRACT: out[c] = st - dt; break;
        case SWR_BLEND_REVERSE_SUBTRACT: out[c] = dt - st; break;
        case SWR_BLEND_MIN: out[c] = s[c] < d[c] ? s[c] : d[c]; break;
        default: out[c] = s[c] > d[c] ? s[c] : d[c]; break;
        }
    }
    ref_pack_pixel(fmt, px, out, cm);
}
