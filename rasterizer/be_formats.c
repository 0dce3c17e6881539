/*
 * be_formats.c: hot-tile load/store, clear values and the block conversions
 * between native pixels and float RGBA (see be_formats.h for the contract).
 *
 * Every colour format is one of a few shapes (be_fmt_desc): 32-bit words
 * with up to four bit fields (the 8888 formats, their sRGB twins and
 * 10_10_10_2), 8- and 16-bit UNORM (R8, R8G8), float16 x4, float32 x4 and
 * float32 x1. Packed 32-bit pixels are converted fully in SIMD; the rarer
 * shapes go through small scalar lane loops where transposes would cost more
 * code than they save.
 *
 * sRGB: decoding is a 256-entry table; encoding is exact via thresholds:
 * srgb_thr[k] is the smallest float whose reference encoding is >= k + 1, so
 * q = #{k : c >= srgb_thr[k]}. A coarse table indexed by the float's
 * exponent and top 7 mantissa bits gives q at the start of each bucket; since
 * the encoding rises by less than 0.61 per bucket (slope 255/2.4 * ln2 *
 * c^(1/2.4) <= 74 per octave, 128 buckets per octave), a bucket holds at most
 * one threshold and q = base + (c >= srgb_thr[base]): two gathers per channel.
 * Both tables are built at load time from the double-precision formula.
 */
#include "rasterizer/be_formats.h"

#include <math.h>
#include <string.h>

#include "knobs/knobs.h"
#include "common/simd.h"

/* ---- format descriptors ------------------------------------------------------- */

enum be_shape {
    SHAPE_NONE,
    SHAPE_PACKED32, /* up to 4 UNORM fields in a uint32 */
    SHAPE_R8,
    SHAPE_RG8,
    SHAPE_RGBA16F,
    SHAPE_RGBA32F,
    SHAPE_R32F,
    SHAPE_DEPTH,
};

typedef struct be_fmt_desc {
    uint8_t shape;
    uint8_t bpp;
    bool srgb;     /* R, G, B are sRGB encoded */
    bool x_alpha;  /* the alpha field is X: reads as 1, written as all ones */
    uint8_t bits[4];  /* field widths of R, G, B, A (0: channel absent) */
    uint8_t shift[4]; /* field positions (PACKED32) */
} be_fmt_desc;

#define P32(r, g, b, a, srgb, x)                                                                \
    { SHAPE_PACKED32, 4, srgb, x, { 8, 8, 8, 8 }, { r, g, b, a } }

static const be_fmt_desc fmt_desc[SWR_FORMAT_COUNT] = {
    [SWR_FORMAT_B8G8R8A8_UNORM] = P32(16, 8, 0, 24, false, false),
    [SWR_FORMAT_B8G8R8X8_UNORM] = P32(16, 8, 0, 24, false, true),
    [SWR_FORMAT_R8G8B8A8_UNORM] = P32(0, 8, 16, 24, false, false),
    [SWR_FORMAT_R8G8B8X8_UNORM] = P32(0, 8, 16, 24, false, true),
    [SWR_FORMAT_B8G8R8A8_SRGB] = P32(16, 8, 0, 24, true, false),
    [SWR_FORMAT_B8G8R8X8_SRGB] = P32(16, 8, 0, 24, true, true),
    [SWR_FORMAT_R8G8B8A8_SRGB] = P32(0, 8, 16, 24, true, false),
    [SWR_FORMAT_R8G8B8X8_SRGB] = P32(0, 8, 16, 24, true, true),
    [SWR_FORMAT_A8R8G8B8_UNORM] = P32(8, 16, 24, 0, false, false),
    [SWR_FORMAT_R8_UNORM] = { SHAPE_R8, 1, false, false, { 8, 0, 0, 0 }, { 0, 0, 0, 0 } },
    [SWR_FORMAT_R8G8_UNORM] = { SHAPE_RG8, 2, false, false, { 8, 8, 0, 0 }, { 0, 8, 0, 0 } },
    [SWR_FORMAT_R16G16B16A16_FLOAT] = { SHAPE_RGBA16F, 8, false, false, { 16, 16, 16, 16 }, { 0 } },
    [SWR_FORMAT_R32G32B32A32_FLOAT] = { SHAPE_RGBA32F, 16, false, false, { 32, 32, 32, 32 }, { 0 } },
    [SWR_FORMAT_R32_FLOAT] = { SHAPE_R32F, 4, false, false, { 32, 0, 0, 0 }, { 0 } },
    [SWR_FORMAT_R10G10B10A2_UNORM] = { SHAPE_PACKED32, 4, false, false, { 10, 10, 10, 2 },
                                       { 0, 10, 20, 30 } },
    [SWR_FORMAT_Z16_UNORM] = { SHAPE_DEPTH, 2, false, false, { 0 }, { 0 } },
    [SWR_FORMAT_Z24_UNORM_S8_UINT] = { SHAPE_DEPTH, 4, false, false, { 0 }, { 0 } },
    [SWR_FORMAT_Z24X8_UNORM] = { SHAPE_DEPTH, 4, false, false, { 0 }, { 0 } },
    [SWR_FORMAT_Z32_FLOAT] = { SHAPE_DEPTH, 4, false, false, { 0 }, { 0 } },
    [SWR_FORMAT_Z32_FLOAT_S8X24_UINT] = { SHAPE_DEPTH, 8, false, false, { 0 }, { 0 } },
};

static const uint8_t surface_bpp[SWR_FORMAT_COUNT] = {
#define BE_BPP(name, bytes) bytes,
    SWR_SURFACE_FORMATS(BE_BPP)
#undef BE_BPP
};

static const be_fmt_desc *desc_of(swr_format fmt)
{
    static const be_fmt_desc none = { SHAPE_NONE, 0, false, false, { 0 }, { 0 } };
    return (unsigned)fmt < SWR_FORMAT_COUNT ? &fmt_desc[fmt] : &none;
}

uint32_t be_surface_bpp(swr_format fmt)
{
    return (unsigned)fmt < SWR_FORMAT_COUNT ? surface_bpp[fmt] : 0;
}

uint32_t be_hot_bpp(swr_format fmt)
{
    const be_fmt_desc *d = desc_of(fmt);
    if (d->shape == SHAPE_DEPTH)
        return 4;
    return d->shape == SHAPE_NONE ? 0 : d->bpp;
}

bool be_format_is_color(swr_format fmt)
{
    uint8_t s = desc_of(fmt)->shape;
    return s != SHAPE_NONE && s != SHAPE_DEPTH;
}
bool be_format_is_depth(swr_format fmt) { return desc_of(fmt)->shape == SHAPE_DEPTH; }
bool be_format_has_stencil(swr_format fmt)
{
    return fmt == SWR_FORMAT_Z24_UNORM_S8_UINT || fmt == SWR_FORMAT_Z32_FLOAT_S8X24_UINT;
}
bool be_format_is_srgb(swr_format fmt) { return desc_of(fmt)->srgb; }
bool be_format_is_fixed(swr_format fmt)
{
    uint8_t s = desc_of(fmt)->shape;
    return s == SHAPE_PACKED32 || s == SHAPE_R8 || s == SHAPE_RG8;
}
bool be_format_is_logicop(swr_format fmt) { return be_format_is_fixed(fmt) && !be_format_is_srgb(fmt); }
uint32_t be_depth_unorm_bits(swr_format fmt)
{
    switch (fmt) {
    case SWR_FORMAT_Z16_UNORM: return 16;
    case SWR_FORMAT_Z24_UNORM_S8_UINT:
    case SWR_FORMAT_Z24X8_UNORM: return 24;
    default: return 0;
    }
}

uint32_t be_channel_bits(swr_format fmt, uint8_t colormask)
{
    const be_fmt_desc *d = desc_of(fmt);
    if (d->bpp > 4 || d->shape == SHAPE_DEPTH || d->shape == SHAPE_R32F)
        return 0;
    uint32_t m = 0;
    for (int c = 0; c < 4; c++)
        if ((colormask >> c) & 1 && d->bits[c])
            m |= ((1u << d->bits[c]) - 1) << d->shift[c];
    return m;
}

/* ---- sRGB tables ------------------------------------------------------------------ */

/* Bucket origin 2^-13: below it every value encodes to 0 (the first
 * threshold is 0.5 / (255 * 12.92) = 1.52e-4 > 2^-13 = 1.22e-4). 13 octaves
 * of 128 buckets reach 1.0, whose bucket is the last entry. */
#define SRGB_BUCKET_SHIFT 16 /* 23 mantissa bits - 7 */
#define SRGB_BUCKET_ORIGIN 0x39000000u /* 2^-13 */
#define SRGB_BUCKETS (13 * 128 + 1)

static float srgb_decode_tab[256];
static float srgb_thr[256];              /* [255] = 2.0: never reached */
static uint8_t srgb_bucket_q[SRGB_BUCKETS + 3]; /* +3: 32-bit gathers of the last byte */

static float f32_from_bits(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* The defining formula (IEC 61966-2-1), in double, of a clamped float. */
static int srgb_encode_q_formula(float c)
{
    double x = c;
    double s = x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1.0 / 2.4) - 0.055;
    return (int)lrint(s * 255.0);
}

__attribute__((constructor)) static void be_formats_build_tables(void)
{
    for (int i = 0; i < 256; i++) {
        double s = i / 255.0;
        srgb_decode_tab[i] = (float)(s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4));
    }
    /* Smallest float in [0, 1] encoding to >= k + 1, by bisection on bits
     * (non-negative floats order like their bit patterns). */
    for (int k = 0; k < 255; k++) {
        uint32_t lo = 0, hi = 0x3f800000u; /* encode(hi) = 255 >= k + 1 */
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (srgb_encode_q_formula(f32_from_bits(mid)) >= k + 1)
                hi = mid;
            else
                lo = mid + 1;
        }
        srgb_thr[k] = f32_from_bits(lo);
    }
    srgb_thr[255] = 2.0f;
    for (int i = 0; i < SRGB_BUCKETS; i++)
        srgb_bucket_q[i] =
            (uint8_t)srgb_encode_q_formula(f32_from_bits(SRGB_BUCKET_ORIGIN + ((uint32_t)i << SRGB_BUCKET_SHIFT)));
}

/* Linear [0,1] (any float, NaN -> 0) -> sRGB code 0..255. */
SIMD_INLINE vi8 srgb_encode_q(vf8 c)
{
    c = vf8_clamp(c, vf8_zero(), vf8_set1(1.0f));
    vf8 cb = vf8_max(c, vf8_set1(f32_from_bits(SRGB_BUCKET_ORIGIN)));
    vi8 idx = vi8_srli(vi8_sub(vf8_as_vi8(cb), vi8_set1((int32_t)SRGB_BUCKET_ORIGIN)), SRGB_BUCKET_SHIFT);
    vi8 base = vi8_and(vi8_gather_bytes(srgb_bucket_q, idx), vi8_set1(0xff));
    vf8 t = vf8_gather(srgb_thr, base);
    return vi8_sub(base, vf8_ge(c, t)); /* mask lanes are -1 */
}

/* ---- packed 32-bit pixels ------------------------------------------------------------ */

SIMD_INLINE vf8 unorm_from_field(vi8 p, uint32_t shift, uint32_t bits)
{
    uint32_t maxv = (1u << bits) - 1;
    vi8 c = vi8_and(vi8_srlv(p, vi8_set1((int32_t)shift)), vi8_set1((int32_t)maxv));
    return vf8_div_unorm(vi8_to_vf8(c), (float)maxv);
}

SIMD_INLINE vi8 unorm_quantize(vf8 c, uint32_t bits)
{
    float maxv = (float)((1u << bits) - 1);
    return vf8_to_vi8_round(vf8_mul(vf8_clamp(c, vf8_zero(), vf8_set1(1.0f)), vf8_set1(maxv)));
}

static void unpack_packed32(const be_fmt_desc *d, vi8 p, vf8x4 *rgba)
{
    for (int c = 0; c < 3; c++) {
        if (d->srgb) {
            vi8 code = vi8_and(vi8_srlv(p, vi8_set1(d->shift[c])), vi8_set1(0xff));
            rgba->v[c] = vf8_gather(srgb_decode_tab, code);
        } else {
            rgba->v[c] = unorm_from_field(p, d->shift[c], d->bits[c]);
        }
    }
    rgba->v[3] = d->x_alpha ? vf8_set1(1.0f) : unorm_from_field(p, d->shift[3], d->bits[3]);
}

static vi8 pack_packed32(const be_fmt_desc *d, const vf8x4 *rgba)
{
    vi8 out = vi8_zero();
    for (int c = 0; c < 4; c++) {
        vi8 q;
        if (c == 3 && d->x_alpha)
            q = vi8_set1((1 << d->bits[3]) - 1);
        else if (c < 3 && d->srgb)
            q = srgb_encode_q(rgba->v[c]);
        else
            q = unorm_quantize(rgba->v[c], d->bits[c]);
        out = vi8_or(out, vi8_sllv(q, vi8_set1(d->shift[c])));
    }
    return out;
}

/* ---- block conversions ------------------------------------------------------------------ */

void be_unpack_block(swr_format fmt, const void *block, vf8x4 *rgba)
{
    const be_fmt_desc *d = desc_of(fmt);
    switch (d->shape) {
    case SHAPE_PACKED32:
        unpack_packed32(d, vi8_load(block), rgba);
        return;
    case SHAPE_R8:
        rgba->v[0] = vf8_div_unorm(vi8_to_vf8(vi8_load_u8x8(block)), 255.0f);
        rgba->v[1] = rgba->v[2] = vf8_zero();
        rgba->v[3] = vf8_set1(1.0f);
        return;
    case SHAPE_RG8: {
        const uint16_t *s = block;
        int32_t r[8], g[8];
        for (int i = 0; i < 8; i++) {
            r[i] = s[i] & 0xff;
            g[i] = s[i] >> 8;
        }
        rgba->v[0] = vf8_div_unorm(vi8_to_vf8(vi8_load(r)), 255.0f);
        rgba->v[1] = vf8_div_unorm(vi8_to_vf8(vi8_load(g)), 255.0f);
        rgba->v[2] = vf8_zero();
        rgba->v[3] = vf8_set1(1.0f);
        return;
    }
    case SHAPE_RGBA16F: {
        /* 4 x (2 pixels x 4 halves) -> AoS floats -> SoA. */
        float aos[32], soa[4][8];
        for (int k = 0; k < 4; k++)
            vf8_store(aos + 8 * k, vf8_load_half8((const uint8_t *)block + 16 * k));
        for (int i = 0; i < 8; i++)
            for (int c = 0; c < 4; c++)
                soa[c][i] = aos[4 * i + c];
        for (int c = 0; c < 4; c++)
            rgba->v[c] = vf8_load(soa[c]);
        return;
    }
    case SHAPE_RGBA32F: {
        const float *s = block;
        float soa[4][8];
        for (int i = 0; i < 8; i++)
            for (int c = 0; c < 4; c++)
                soa[c][i] = s[4 * i + c];
        for (int c = 0; c < 4; c++)
            rgba->v[c] = vf8_load(soa[c]);
        return;
    }
    case SHAPE_R32F:
        rgba->v[0] = vf8_load(block);
        rgba->v[1] = rgba->v[2] = vf8_zero();
        rgba->v[3] = vf8_set1(1.0f);
        return;
    default:
        for (int c = 0; c < 4; c++)
            rgba->v[c] = vf8_zero();
        return;
    }
}

void be_pack_block(swr_format fmt, void *block, const vf8x4 *rgba, uint32_t lane_mask,
                   uint8_t colormask)
{
    const be_fmt_desc *d = desc_of(fmt);
    lane_mask &= 0xff;
    colormask &= SWR_MASK_RGBA;
    if (!lane_mask || !colormask)
        return;
    switch (d->shape) {
    case SHAPE_PACKED32: {
        vi8 q = pack_packed32(d, rgba);
        vi8 keep = vi8_set1((int32_t)be_channel_bits(fmt, colormask));
        vi8 old = vi8_load(block);
        vi8 v = vi8_or(vi8_andnot(keep, old), vi8_and(q, keep));
        vi8_store(block, vi8_select(vi8_from_bits(lane_mask), old, v));
        return;
    }
    case SHAPE_R8: {
        if (!(colormask & SWR_MASK_R))
            return;
        int32_t q[8];
        uint8_t *p = block;
        vi8_store(q, unorm_quantize(rgba->v[0], 8));
        for (int i = 0; i < 8; i++)
            if (lane_mask >> i & 1)
                p[i] = (uint8_t)q[i];
        return;
    }
    case SHAPE_RG8: {
        int32_t r[8], g[8];
        uint8_t *p = block;
        vi8_store(r, unorm_quantize(rgba->v[0], 8));
        vi8_store(g, unorm_quantize(rgba->v[1], 8));
        for (int i = 0; i < 8; i++) {
            if (!(lane_mask >> i & 1))
                continue;
            if (colormask & SWR_MASK_R)
                p[2 * i] = (uint8_t)r[i];
            if (colormask & SWR_MASK_G)
                p[2 * i + 1] = (uint8_t)g[i];
        }
        return;
    }
    case SHAPE_RGBA16F: {
        uint16_t h[4][8];
        uint16_t *p = block;
        for (int c = 0; c < 4; c++)
            vf8_store_half8(h[c], rgba->v[c]);
        for (int i = 0; i < 8; i++)
            for (int c = 0; c < 4; c++)
                if ((lane_mask >> i & 1) && (colormask >> c & 1))
                    p[4 * i + c] = h[c][i];
        return;
    }
    case SHAPE_RGBA32F: {
        float f[4][8];
        float *p = block;
        for (int c = 0; c < 4; c++)
            vf8_store(f[c], rgba->v[c]);
        for (int i = 0; i < 8; i++)
            for (int c = 0; c < 4; c++)
                if ((lane_mask >> i & 1) && (colormask >> c & 1))
                    p[4 * i + c] = f[c][i];
        return;
    }
    case SHAPE_R32F:
        if (colormask & SWR_MASK_R)
            vi8_store_lanes(block, vf8_as_vi8(rgba->v[0]), lane_mask);
        return;
    default:
        return;
    }
}

void be_pack_clear_color(swr_format fmt, const float rgba[4], uint8_t out[16])
{
    uint8_t block[8 * 16];
    vf8x4 v;
    for (int c = 0; c < 4; c++)
        v.v[c] = vf8_set1(rgba[c]);
    memset(block, 0, sizeof(block));
    memset(out, 0, 16);
    if (!be_format_is_color(fmt))
        return;
    be_pack_block(fmt, block, &v, 0xff, SWR_MASK_RGBA);
    memcpy(out, block, be_hot_bpp(fmt));
}

void be_hot_fill(void *hot, uint32_t bpp, const void *pixel)
{
    uint8_t *dst = hot;
    size_t total = (size_t)RAST_MT_PIXELS * bpp;
    if (bpp == 0)
        return;
    if (32 % bpp) { /* no such format today; kept correct anyway */
        for (size_t o = 0; o < total; o += bpp)
            memcpy(dst + o, pixel, bpp);
        return;
    }
    /* bpp divides 32: one 32-byte pattern repeats across the tile. */
    uint8_t pat[32];
    for (uint32_t i = 0; i < 32; i += bpp)
        memcpy(pat + i, pixel, bpp);
    vi8 v = vi8_load(pat);
    for (size_t o = 0; o < total; o += 32)
        vi8_store(dst + o, v);
}

uint32_t be_depth_quantize_scalar(swr_format fmt, float z)
{
    uint32_t bits = be_depth_unorm_bits(fmt);
    if (!bits)
        return f32_bits(z);
    float c = z > 0.0f ? (z < 1.0f ? z : 1.0f) : 0.0f; /* NaN -> 0 */
    return (uint32_t)lrintf(c * (float)((1u << bits) - 1));
}

/* ---- hot tile load / store ----------------------------------------------------------------- */

/* The part of the macrotile inside the surface, in macrotile pixels. */
static void mt_extent(const swr_surface *s, uint32_t mt_x, uint32_t mt_y, uint32_t *w, uint32_t *h)
{
    *w = s->width > mt_x ? s->width - mt_x : 0;
    *h = s->height > mt_y ? s->height - mt_y : 0;
    if (*w > RAST_MT_DIM)
        *w = RAST_MT_DIM;
    if (*h > RAST_MT_DIM)
        *h = RAST_MT_DIM;
}

static uint8_t *surf_px(const swr_surface *s, uint32_t x, uint32_t y, uint32_t bpp)
{
    return (uint8_t *)s->base + (size_t)y * s->pitch_bytes + (size_t)x * bpp;
}

/* A block is [row0 px0-1][row1 px0-1][row0 px2-3][row1 px2-3] in lane
 * order, each piece 2 * bpp bytes; bpp is a constant after inlining. */
SIMD_INLINE void block_in(uint8_t *blk, const uint8_t *r0, const uint8_t *r1, uint32_t bpp)
{
    if (bpp == 4) {
        vi4 a = vi4_load(r0), b = vi4_load(r1);
        vi4_store(blk, vi4_unpacklo64(a, b));
        vi4_store(blk + 16, vi4_unpackhi64(a, b));
        return;
    }
    memcpy(blk, r0, 2 * bpp);
    memcpy(blk + 2 * bpp, r1, 2 * bpp);
    memcpy(blk + 4 * bpp, r0 + 2 * bpp, 2 * bpp);
    memcpy(blk + 6 * bpp, r1 + 2 * bpp, 2 * bpp);
}

SIMD_INLINE void block_out(const uint8_t *blk, uint8_t *r0, uint8_t *r1, uint32_t bpp)
{
    if (bpp == 4) {
        vi4 lo = vi4_load(blk), hi = vi4_load(blk + 16); /* [a0 a1 b0 b1] [a2 a3 b2 b3] */
        vi4_store(r0, vi4_unpacklo64(lo, hi));
        vi4_store(r1, vi4_unpackhi64(lo, hi));
        return;
    }
    memcpy(r0, blk, 2 * bpp);
    memcpy(r1, blk + 2 * bpp, 2 * bpp);
    memcpy(r0 + 2 * bpp, blk + 4 * bpp, 2 * bpp);
    memcpy(r1 + 2 * bpp, blk + 6 * bpp, 2 * bpp);
}

/* The whole 4x2 blocks of a macrotile's first w4 x h2 pixels (w4 a
 * multiple of 4, h2 of 2; 64 x 64 for a full tile), in hot order. Edge
 * macrotiles of a window whose size is not a multiple of 64 take this
 * path for their block-aligned part and the per-pixel one for the rest. */
SIMD_INLINE void tile_block_copy(const swr_surface *s, uint32_t mt_x, uint32_t mt_y, uint8_t *hot,
                                 uint32_t bpp, bool load, uint32_t w4, uint32_t h2)
{
    for (uint32_t y = 0; y < h2; y += 2) {
        uint8_t *r0 = surf_px(s, mt_x, mt_y + y, bpp);
        uint8_t *r1 = r0 + s->pitch_bytes;
        for (uint32_t x = 0; x < w4; x += 4) {
            uint8_t *blk = hot + (size_t)rast_hot_index(x, y) * bpp;
            if (load)
                block_in(blk, r0 + x * bpp, r1 + x * bpp, bpp);
            else
                block_out(blk, r0 + x * bpp, r1 + x * bpp, bpp);
        }
    }
}

static void color_copy(const swr_surface *s, uint32_t mt_x, uint32_t mt_y, uint8_t *hot, bool load)
{
    uint32_t bpp = be_surface_bpp(s->format), w, h;
    if (!bpp || !be_format_is_color(s->format))
        return;
    mt_extent(s, mt_x, mt_y, &w, &h);
    /* KNOB_USE_GENERIC_STORETILE: stores take the per-pixel path below,
     * which gives the same bytes (a check of the fast path, and a fallback). */
    uint32_t w4 = w & ~3u, h2 = h & ~1u;
    if (!load && KNOB_USE_GENERIC_STORETILE)
        w4 = h2 = 0;
    switch (bpp) {
    case 1: tile_block_copy(s, mt_x, mt_y, hot, 1, load, w4, h2); break;
    case 2: tile_block_copy(s, mt_x, mt_y, hot, 2, load, w4, h2); break;
    case 4: tile_block_copy(s, mt_x, mt_y, hot, 4, load, w4, h2); break;
    case 8: tile_block_copy(s, mt_x, mt_y, hot, 8, load, w4, h2); break;
    case 16: tile_block_copy(s, mt_x, mt_y, hot, 16, load, w4, h2); break;
    default: w4 = h2 = 0; break;
    }
    for (uint32_t y = 0; y < h; y++) {
        uint8_t *row = surf_px(s, mt_x, mt_y + y, bpp);
        for (uint32_t x = y < h2 ? w4 : 0; x < w; x++) {
            uint8_t *hp = hot + (size_t)rast_hot_index(x, y) * bpp;
            if (load)
                memcpy(hp, row + x * bpp, bpp);
            else
                memcpy(row + x * bpp, hp, bpp);
        }
    }
}

void be_hot_load_color(const swr_surface *surf, uint32_t mt_x, uint32_t mt_y, void *hot)
{
    color_copy(surf, mt_x, mt_y, hot, true);
}

void be_hot_store_color(const swr_surface *surf, uint32_t mt_x, uint32_t mt_y, const void *hot)
{
    color_copy(surf, mt_x, mt_y, (uint8_t *)hot, false);
}

/* One surface pixel -> hot depth bits and stencil byte. */
static void zs_split(swr_format fmt, const uint8_t *px, uint32_t *z, uint8_t *s)
{
    uint32_t v = 0;
    switch (fmt) {
    case SWR_FORMAT_Z16_UNORM: {
        uint16_t h;
        memcpy(&h, px, 2);
        *z = h;
        *s = 0;
        return;
    }
    case SWR_FORMAT_Z32_FLOAT_S8X24_UINT:
        memcpy(z, px, 4);
        *s = px[4];
        return;
    case SWR_FORMAT_Z32_FLOAT:
        memcpy(z, px, 4);
        *s = 0;
        return;
    default: /* Z24S8, Z24X8 */
        memcpy(&v, px, 4);
        *z = v & 0xffffffu;
        *s = (uint8_t)(v >> 24);
        return;
    }
}

static void zs_merge(swr_format fmt, uint8_t *px, uint32_t z, uint8_t s, bool store_z, bool store_s)
{
    uint32_t v;
    switch (fmt) {
    case SWR_FORMAT_Z16_UNORM:
        if (store_z) {
            uint16_t h = (uint16_t)z;
            memcpy(px, &h, 2);
        }
        return;
    case SWR_FORMAT_Z32_FLOAT:
        if (store_z)
            memcpy(px, &z, 4);
        return;
    case SWR_FORMAT_Z32_FLOAT_S8X24_UINT:
        if (store_z)
            memcpy(px, &z, 4);
        if (store_s)
            px[4] = s;
        return;
    case SWR_FORMAT_Z24X8_UNORM:
        if (store_z) {
            v = z & 0xffffffu;
            memcpy(px, &v, 4);
        }
        return;
    default: /* Z24S8 */
        memcpy(&v, px, 4);
        if (store_z)
            v = (v & 0xff000000u) | (z & 0xffffffu);
        if (store_s)
            v = (v & 0xffffffu) | ((uint32_t)s << 24);
        memcpy(px, &v, 4);
        return;
    }
}

/* Full-tile SIMD path for the 4-byte packed formats Z24S8 / Z24X8. */
static void z24_block_load(const swr_surface *s, uint32_t mt_x, uint32_t mt_y, uint32_t *hot_z,
                           uint8_t *hot_s, uint32_t w4, uint32_t h2)
{
    for (uint32_t y = 0; y < h2; y += 2) {
        const uint8_t *r0 = surf_px(s, mt_x, mt_y + y, 4);
        const uint8_t *r1 = r0 + s->pitch_bytes;
        for (uint32_t x = 0; x < w4; x += 4) {
            vi4 a = vi4_load(r0 + 4 * x), b = vi4_load(r1 + 4 * x);
            vi8 p = vi8_from_vi4x2(vi4_unpacklo64(a, b), vi4_unpackhi64(a, b));
            uint32_t i = rast_hot_index(x, y);
            if (hot_z)
                vi8_store(hot_z + i, vi8_and(p, vi8_set1(0xffffff)));
            if (hot_s)
                vi8_store_u8x8(hot_s + i, vi8_srli(p, 24));
        }
    }
}

static void z24s8_block_store(const swr_surface *s, uint32_t mt_x, uint32_t mt_y,
                              const uint32_t *hot_z, const uint8_t *hot_s, bool store_z,
                              bool store_s, bool has_stencil, uint32_t w4, uint32_t h2)
{
    vi8 zbits = vi8_set1(store_z ? 0xffffff : 0);
    vi8 sbits = vi8_set1(store_s && has_stencil ? (int32_t)0xff000000u : 0);
    vi8 xbits = vi8_set1(has_stencil ? 0 : (int32_t)0xff000000u); /* X: written as 0 */
    vi8 keep = vi8_not(vi8_or(vi8_or(zbits, sbits), xbits));
    bool keep_any = !(store_z && (store_s || !has_stencil)); /* keep has a set bit */
    for (uint32_t y = 0; y < h2; y += 2) {
        uint8_t *r0 = surf_px(s, mt_x, mt_y + y, 4);
        uint8_t *r1 = r0 + s->pitch_bytes;
        for (uint32_t x = 0; x < w4; x += 4) {
            uint32_t i = rast_hot_index(x, y);
            vi8 v = vi8_zero();
            if (store_z)
                v = vi8_and(vi8_load(hot_z + i), zbits);
            if (store_s && has_stencil)
                v = vi8_or(v, vi8_slli(vi8_load_u8x8(hot_s + i), 24));
            if (keep_any) { /* only a partial store reads what it keeps */
                vi4 a = vi4_load(r0 + 4 * x), b = vi4_load(r1 + 4 * x);
                vi8 old = vi8_from_vi4x2(vi4_unpacklo64(a, b), vi4_unpackhi64(a, b));
                v = vi8_or(v, vi8_and(old, keep));
            }
            vi4 lo = vi8_lo128(v), hi = vi8_hi128(v);
            vi4_store(r0 + 4 * x, vi4_unpacklo64(lo, hi));
            vi4_store(r1 + 4 * x, vi4_unpackhi64(lo, hi));
        }
    }
}

void be_hot_load_zs(const swr_surface *surf, uint32_t mt_x, uint32_t mt_y, void *hot_z,
                    uint8_t *hot_s)
{
    swr_format fmt = (swr_format)surf->format;
    uint32_t bpp = be_surface_bpp(fmt), w, h;
    if (!be_format_is_depth(fmt))
        return;
    if (!be_format_has_stencil(fmt))
        hot_s = NULL;
    mt_extent(surf, mt_x, mt_y, &w, &h);
    uint32_t w4 = w & ~3u, h2 = h & ~1u;
    if (fmt == SWR_FORMAT_Z32_FLOAT) {
        if (hot_z)
            tile_block_copy(surf, mt_x, mt_y, hot_z, 4, true, w4, h2);
    } else if (fmt == SWR_FORMAT_Z24_UNORM_S8_UINT || fmt == SWR_FORMAT_Z24X8_UNORM) {
        z24_block_load(surf, mt_x, mt_y, hot_z, hot_s, w4, h2);
    } else {
        w4 = h2 = 0;
    }
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *row = surf_px(surf, mt_x, mt_y + y, bpp);
        for (uint32_t x = y < h2 ? w4 : 0; x < w; x++) {
            uint32_t i = rast_hot_index(x, y), z;
            uint8_t s;
            zs_split(fmt, row + x * bpp, &z, &s);
            if (hot_z)
                memcpy((uint8_t *)hot_z + 4 * (size_t)i, &z, 4);
            if (hot_s)
                hot_s[i] = s;
        }
    }
}

void be_hot_store_zs(const swr_surface *surf, uint32_t mt_x, uint32_t mt_y, const void *hot_z,
                     const uint8_t *hot_s, bool store_z, bool store_s)
{
    swr_format fmt = (swr_format)surf->format;
    uint32_t bpp = be_surface_bpp(fmt), w, h;
    if (!be_format_is_depth(fmt))
        return;
    store_z = store_z && hot_z;
    store_s = store_s && hot_s && be_format_has_stencil(fmt);
    if (!store_z && !store_s)
        return;
    mt_extent(surf, mt_x, mt_y, &w, &h);
    uint32_t w4 = w & ~3u, h2 = h & ~1u;
    if (KNOB_USE_GENERIC_STORETILE) {
        w4 = h2 = 0;
    } else if (fmt == SWR_FORMAT_Z32_FLOAT) {
        tile_block_copy(surf, mt_x, mt_y, (uint8_t *)hot_z, 4, false, w4, h2);
    } else if (fmt == SWR_FORMAT_Z24_UNORM_S8_UINT || fmt == SWR_FORMAT_Z24X8_UNORM) {
        z24s8_block_store(surf, mt_x, mt_y, hot_z, hot_s, store_z, store_s,
                          fmt == SWR_FORMAT_Z24_UNORM_S8_UINT, w4, h2);
    } else {
        w4 = h2 = 0;
    }
    for (uint32_t y = 0; y < h; y++) {
        uint8_t *row = surf_px(surf, mt_x, mt_y + y, bpp);
        for (uint32_t x = y < h2 ? w4 : 0; x < w; x++) {
            uint32_t i = rast_hot_index(x, y), z = 0;
            uint8_t s = 0;
            if (store_z)
                memcpy(&z, (const uint8_t *)hot_z + 4 * (size_t)i, 4);
            if (store_s)
                s = hot_s[i];
            zs_merge(fmt, row + x * bpp, z, s, store_z, store_s);
        }
    }
}
