/*
 * fmt_compressed.c: texel decoders for the block-compressed formats
 * (S3TC/DXT1-5 and their sRGB forms, RGTC1/2 UNORM and SNORM, BPTC: BC7
 * UNORM/sRGB and BC6H signed/unsigned float).
 *
 * In: one 4x4 block (8 or 16 bytes) and the texel (i, j) in it. Out: RGBA
 * floats. Every decoder reads only its block's bytes and accepts any bit
 * pattern (reserved BC7/BC6H modes decode to the value the spec gives), so
 * an application's garbage cannot make it misbehave. Texels are numbered
 * t = 4 j + i (x fastest) in every format. Pure functions, any thread.
 *
 * Written from the specifications: EXT_texture_compression_s3tc (DXT),
 * ARB_texture_compression_rgtc (RGTC), ARB_texture_compression_bptc (BPTC;
 * its tables M, P2, P3, A2, A3a, A3b, MF and F are transcribed below).
 * S3TC and RGTC interpolate in real arithmetic (the specs define the
 * palette as real-valued combinations of the endpoints); BPTC is bit exact
 * per its spec (8-bit endpoints, 6-bit weights, half-float results).
 *
 * Per-texel cost: the sampler calls one texel at a time, so the BPTC
 * decoders read the header and endpoints, then jump straight to the texel's
 * index: its bit offset is t * IB minus the anchors before it.
 */
#include "frontend-gallium/format/fmt.h"

#include <string.h>

/* ---- bit reading -------------------------------------------------------------- */

/* A 128-bit little-endian block as two words; bits numbered from bit 0 of
 * byte 0. */
typedef struct bits128 {
    uint64_t lo, hi;
} bits128;

static bits128 bits_load(const uint8_t *b)
{
    bits128 r;
    memcpy(&r.lo, b, 8);
    memcpy(&r.hi, b + 8, 8);
    return r;
}

/* n <= 32 bits starting at bit pos (pos + n <= 128). */
static uint32_t bits_get(const bits128 *b, uint32_t pos, uint32_t n)
{
    uint64_t v;
    if (n == 0)
        return 0;
    if (pos >= 64)
        v = b->hi >> (pos - 64);
    else if (pos + n <= 64)
        v = b->lo >> pos;
    else
        v = (b->lo >> pos) | (b->hi << (64 - pos));
    return (uint32_t)(v & ((1ull << n) - 1));
}

/* ---- S3TC ------------------------------------------------------------------------ */

static void rgb565_to_float(uint16_t c, float rgb[3])
{
    rgb[0] = (float)(c >> 11) / 31.0f;
    rgb[1] = (float)((c >> 5) & 63u) / 63.0f;
    rgb[2] = (float)(c & 31u) / 31.0f;
}

/* The colour half of a DXT block (8 bytes): colour0, colour1 (565, R in the
 * top bits), then 2-bit indices, texel t at bits 2t. four_always: DXT3/5
 * ignore the colour0 <= colour1 test and always use the 4-colour palette.
 * Returns the alpha implied by the palette (0 only for the transparent
 * entry of the 3-colour mode). */
static float dxt_color(const uint8_t *b, uint32_t t, bool four_always, float rgb[3])
{
    uint16_t c0 = (uint16_t)(b[0] | b[1] << 8), c1 = (uint16_t)(b[2] | b[3] << 8);
    uint32_t idx = (b[4 + t / 4] >> (2 * (t % 4))) & 3u;
    float e0[3], e1[3];
    rgb565_to_float(c0, e0);
    rgb565_to_float(c1, e1);
    bool four = four_always || c0 > c1;
    for (int k = 0; k < 3; k++) {
        switch (idx) {
        case 0: rgb[k] = e0[k]; break;
        case 1: rgb[k] = e1[k]; break;
        case 2: rgb[k] = four ? (2.0f * e0[k] + e1[k]) / 3.0f : (e0[k] + e1[k]) / 2.0f; break;
        default: rgb[k] = four ? (e0[k] + 2.0f * e1[k]) / 3.0f : 0.0f; break;
        }
    }
    return (!four && idx == 3) ? 0.0f : 1.0f;
}

/* The DXT5 alpha / RGTC channel block (8 bytes): two 8-bit endpoints, then
 * 3-bit indices (texel t at bit 16 + 3t). Endpoints are already converted
 * to floats (UNORM: v/255; SNORM: max(v/127, -1)); lo/hi are the extra
 * constants of the 6-value mode (0 and 1, or -1 and 1 for SNORM). */
static float dxt_channel(const uint8_t *b, uint32_t t, bool e0_greater, float e0, float e1,
                         float lo, float hi)
{
    uint64_t w = 0;
    for (int k = 7; k >= 2; k--)
        w = w << 8 | b[k];
    uint32_t idx = (uint32_t)(w >> (3 * t)) & 7u;
    if (idx == 0)
        return e0;
    if (idx == 1)
        return e1;
    if (e0_greater)
        return ((float)(8 - idx) * e0 + (float)(idx - 1) * e1) / 7.0f;
    if (idx == 6)
        return lo;
    if (idx == 7)
        return hi;
    return ((float)(6 - idx) * e0 + (float)(idx - 1) * e1) / 5.0f;
}

static float channel_unorm(const uint8_t *b, uint32_t t)
{
    return dxt_channel(b, t, b[0] > b[1], (float)b[0] / 255.0f, (float)b[1] / 255.0f, 0.0f, 1.0f);
}

static float snorm8_to_float(int8_t v) { return v == -128 ? -1.0f : (float)v / 127.0f; }

static float channel_snorm(const uint8_t *b, uint32_t t)
{
    int8_t r0 = (int8_t)b[0], r1 = (int8_t)b[1];
    return dxt_channel(b, t, r0 > r1, snorm8_to_float(r0), snorm8_to_float(r1), -1.0f, 1.0f);
}

static void srgb_rgb(float out[4])
{
    for (int k = 0; k < 3; k++)
        out[k] = fmt_srgb_to_linear(out[k]);
}

static void dxt1(const uint8_t *b, uint32_t t, bool has_alpha, float out[4])
{
    float a = dxt_color(b, t, false, out);
    out[3] = has_alpha ? a : 1.0f;
}

static void dxt3(const uint8_t *b, uint32_t t, float out[4])
{
    dxt_color(b + 8, t, true, out);
    out[3] = (float)((b[t / 2] >> (4 * (t % 2))) & 15u) / 15.0f;
}

static void dxt5(const uint8_t *b, uint32_t t, float out[4])
{
    dxt_color(b + 8, t, true, out);
    out[3] = channel_unorm(b, t);
}

void fmt_fetch_dxt1_rgb(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    dxt1(b, 4 * j + i, false, out);
}
void fmt_fetch_dxt1_rgba(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    dxt1(b, 4 * j + i, true, out);
}
void fmt_fetch_dxt3_rgba(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    dxt3(b, 4 * j + i, out);
}
void fmt_fetch_dxt5_rgba(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    dxt5(b, 4 * j + i, out);
}
void fmt_fetch_dxt1_srgb(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    dxt1(b, 4 * j + i, false, out);
    srgb_rgb(out);
}
void fmt_fetch_dxt1_srgba(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    dxt1(b, 4 * j + i, true, out);
    srgb_rgb(out);
}
void fmt_fetch_dxt3_srgba(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    dxt3(b, 4 * j + i, out);
    srgb_rgb(out);
}
void fmt_fetch_dxt5_srgba(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    dxt5(b, 4 * j + i, out);
    srgb_rgb(out);
}

/* ---- RGTC ----------------------------------------------------------------------- */

void fmt_fetch_rgtc1_unorm(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    out[0] = channel_unorm(b, 4 * j + i);
    out[1] = out[2] = 0.0f;
    out[3] = 1.0f;
}
void fmt_fetch_rgtc1_snorm(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    out[0] = channel_snorm(b, 4 * j + i);
    out[1] = out[2] = 0.0f;
    out[3] = 1.0f;
}
void fmt_fetch_rgtc2_unorm(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    out[0] = channel_unorm(b, 4 * j + i);
    out[1] = channel_unorm(b + 8, 4 * j + i);
    out[2] = 0.0f;
    out[3] = 1.0f;
}
void fmt_fetch_rgtc2_snorm(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    out[0] = channel_snorm(b, 4 * j + i);
    out[1] = channel_snorm(b + 8, 4 * j + i);
    out[2] = 0.0f;
    out[3] = 1.0f;
}

/* ---- BPTC shared tables (ARB_texture_compression_bptc) ------------------------------- */

/* Table.P2 and Table.P3: subset of each texel (x-major), one row per
 * partition. Each row is packed as 16 2-bit fields, texel t in bits 2t. */
#define P16(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)                                       \
    ((uint32_t)(a) | (uint32_t)(b) << 2 | (uint32_t)(c) << 4 | (uint32_t)(d) << 6 |                \
     (uint32_t)(e) << 8 | (uint32_t)(f) << 10 | (uint32_t)(g) << 12 | (uint32_t)(h) << 14 |        \
     (uint32_t)(i) << 16 | (uint32_t)(j) << 18 | (uint32_t)(k) << 20 | (uint32_t)(l) << 22 |       \
     (uint32_t)(m) << 24 | (uint32_t)(n) << 26 | (uint32_t)(o) << 28 | (uint32_t)(p) << 30)

static const uint32_t bptc_p2[64] = {
    P16(0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1),
    P16(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1),
    P16(0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1),
    P16(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 1, 1, 1),
    P16(0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1),
    P16(0, 0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1),
    P16(0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1),
    P16(0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1),
    P16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1),
    P16(0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    P16(0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1),
    P16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1),
    P16(0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    P16(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1),
    P16(0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    P16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1),
    P16(0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1),
    P16(0, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0),
    P16(0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0),
    P16(0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0),
    P16(0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0),
    P16(0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0),
    P16(0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0),
    P16(0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1),
    P16(0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0),
    P16(0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0),
    P16(0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0),
    P16(0, 0, 1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 1, 0, 0),
    P16(0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0),
    P16(0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0),
    P16(0, 1, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0),
    P16(0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0),
    P16(0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1),
    P16(0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1),
    P16(0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0),
    P16(0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0),
    P16(0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0),
    P16(0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0),
    P16(0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1),
    P16(0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1),
    P16(0, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0),
    P16(0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0),
    P16(0, 0, 1, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0),
    P16(0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0),
    P16(0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0),
    P16(0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1),
    P16(0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1),
    P16(0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0),
    P16(0, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0),
    P16(0, 0, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0),
    P16(0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0),
    P16(0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0),
    P16(0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1),
    P16(0, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1),
    P16(0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0),
    P16(0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 0),
    P16(0, 1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1),
    P16(0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1),
    P16(0, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1),
    P16(0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1, 1),
    P16(0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1),
    P16(0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0),
    P16(0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0),
    P16(0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1),
};

static const uint32_t bptc_p3[64] = {
    P16(0, 0, 1, 1, 0, 0, 1, 1, 0, 2, 2, 1, 2, 2, 2, 2),
    P16(0, 0, 0, 1, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 2, 1),
    P16(0, 0, 0, 0, 2, 0, 0, 1, 2, 2, 1, 1, 2, 2, 1, 1),
    P16(0, 2, 2, 2, 0, 0, 2, 2, 0, 0, 1, 1, 0, 1, 1, 1),
    P16(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2),
    P16(0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 2, 2, 0, 0, 2, 2),
    P16(0, 0, 2, 2, 0, 0, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1),
    P16(0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1),
    P16(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2),
    P16(0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2),
    P16(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2),
    P16(0, 0, 1, 2, 0, 0, 1, 2, 0, 0, 1, 2, 0, 0, 1, 2),
    P16(0, 1, 1, 2, 0, 1, 1, 2, 0, 1, 1, 2, 0, 1, 1, 2),
    P16(0, 1, 2, 2, 0, 1, 2, 2, 0, 1, 2, 2, 0, 1, 2, 2),
    P16(0, 0, 1, 1, 0, 1, 1, 2, 1, 1, 2, 2, 1, 2, 2, 2),
    P16(0, 0, 1, 1, 2, 0, 0, 1, 2, 2, 0, 0, 2, 2, 2, 0),
    P16(0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 2, 1, 1, 2, 2),
    P16(0, 1, 1, 1, 0, 0, 1, 1, 2, 0, 0, 1, 2, 2, 0, 0),
    P16(0, 0, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 2, 2),
    P16(0, 0, 2, 2, 0, 0, 2, 2, 0, 0, 2, 2, 1, 1, 1, 1),
    P16(0, 1, 1, 1, 0, 1, 1, 1, 0, 2, 2, 2, 0, 2, 2, 2),
    P16(0, 0, 0, 1, 0, 0, 0, 1, 2, 2, 2, 1, 2, 2, 2, 1),
    P16(0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 2, 2, 0, 1, 2, 2),
    P16(0, 0, 0, 0, 1, 1, 0, 0, 2, 2, 1, 0, 2, 2, 1, 0),
    P16(0, 1, 2, 2, 0, 1, 2, 2, 0, 0, 1, 1, 0, 0, 0, 0),
    P16(0, 0, 1, 2, 0, 0, 1, 2, 1, 1, 2, 2, 2, 2, 2, 2),
    P16(0, 1, 1, 0, 1, 2, 2, 1, 1, 2, 2, 1, 0, 1, 1, 0),
    P16(0, 0, 0, 0, 0, 1, 1, 0, 1, 2, 2, 1, 1, 2, 2, 1),
    P16(0, 0, 2, 2, 1, 1, 0, 2, 1, 1, 0, 2, 0, 0, 2, 2),
    P16(0, 1, 1, 0, 0, 1, 1, 0, 2, 0, 0, 2, 2, 2, 2, 2),
    P16(0, 0, 1, 1, 0, 1, 2, 2, 0, 1, 2, 2, 0, 0, 1, 1),
    P16(0, 0, 0, 0, 2, 0, 0, 0, 2, 2, 1, 1, 2, 2, 2, 1),
    P16(0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 2, 2, 1, 2, 2, 2),
    P16(0, 2, 2, 2, 0, 0, 2, 2, 0, 0, 1, 2, 0, 0, 1, 1),
    P16(0, 0, 1, 1, 0, 0, 1, 2, 0, 0, 2, 2, 0, 2, 2, 2),
    P16(0, 1, 2, 0, 0, 1, 2, 0, 0, 1, 2, 0, 0, 1, 2, 0),
    P16(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0),
    P16(0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0),
    P16(0, 1, 2, 0, 2, 0, 1, 2, 1, 2, 0, 1, 0, 1, 2, 0),
    P16(0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2, 0, 0, 1, 1),
    P16(0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0, 1, 1),
    P16(0, 1, 0, 1, 0, 1, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2),
    P16(0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 2, 1, 2, 1, 2, 1),
    P16(0, 0, 2, 2, 1, 1, 2, 2, 0, 0, 2, 2, 1, 1, 2, 2),
    P16(0, 0, 2, 2, 0, 0, 1, 1, 0, 0, 2, 2, 0, 0, 1, 1),
    P16(0, 2, 2, 0, 1, 2, 2, 1, 0, 2, 2, 0, 1, 2, 2, 1),
    P16(0, 1, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 0, 1, 0, 1),
    P16(0, 0, 0, 0, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1),
    P16(0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 2, 2, 2, 2),
    P16(0, 2, 2, 2, 0, 1, 1, 1, 0, 2, 2, 2, 0, 1, 1, 1),
    P16(0, 0, 0, 2, 1, 1, 1, 2, 0, 0, 0, 2, 1, 1, 1, 2),
    P16(0, 0, 0, 0, 2, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 2),
    P16(0, 2, 2, 2, 0, 1, 1, 1, 0, 1, 1, 1, 0, 2, 2, 2),
    P16(0, 0, 0, 2, 1, 1, 1, 2, 1, 1, 1, 2, 0, 0, 0, 2),
    P16(0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 2, 2, 2, 2),
    P16(0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 2, 2, 1, 1, 2),
    P16(0, 1, 1, 0, 0, 1, 1, 0, 2, 2, 2, 2, 2, 2, 2, 2),
    P16(0, 0, 2, 2, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 2, 2),
    P16(0, 0, 2, 2, 1, 1, 2, 2, 1, 1, 2, 2, 0, 0, 2, 2),
    P16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 2),
    P16(0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1),
    P16(0, 2, 2, 2, 1, 2, 2, 2, 0, 2, 2, 2, 1, 2, 2, 2),
    P16(0, 1, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2),
    P16(0, 1, 1, 1, 2, 0, 1, 1, 2, 2, 0, 1, 2, 2, 2, 0),
};
#undef P16

/* Table.A2: anchor texel of subset 1 in two-subset partitions. */
static const uint8_t bptc_a2[64] = {
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, //
    15, 2,  8,  2,  2,  8,  8,  15, 2,  8,  2,  2,  8,  8,  2,  2,  //
    15, 15, 6,  8,  2,  8,  15, 15, 2,  8,  2,  2,  2,  15, 15, 6,  //
    6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2,  15, //
};
/* Table.A3a / A3b: anchors of subsets 1 and 2 in three-subset partitions. */
static const uint8_t bptc_a3a[64] = {
    3,  3,  15, 15, 8,  3,  15, 15, 8,  8,  6,  6,  6,  5,  3,  3,  //
    3,  3,  8,  15, 3,  3,  6,  10, 5,  8,  8,  6,  8,  5,  15, 15, //
    8,  15, 3,  5,  6,  10, 8,  15, 15, 3,  15, 5,  15, 15, 15, 15, //
    3,  15, 5,  5,  5,  8,  5,  10, 5,  10, 8,  13, 15, 12, 3,  3,  //
};
static const uint8_t bptc_a3b[64] = {
    15, 8,  8,  3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,  //
    15, 8,  15, 3,  15, 8,  15, 8,  3,  15, 6,  10, 15, 15, 10, 8,  //
    15, 3,  15, 10, 10, 8,  9,  10, 6,  15, 8,  15, 3,  6,  6,  8,  //
    15, 3,  15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8,  //
};

/* 6-bit interpolation weights of 2-, 3- and 4-bit indices. */
static const uint8_t bptc_w2[4] = { 0, 21, 43, 64 };
static const uint8_t bptc_w3[8] = { 0, 9, 18, 27, 37, 46, 55, 64 };
static const uint8_t bptc_w4[16] = { 0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64 };

static uint32_t bptc_weight(uint32_t index_bits, uint32_t idx)
{
    return index_bits == 2 ? bptc_w2[idx] : index_bits == 3 ? bptc_w3[idx] : bptc_w4[idx];
}

static uint32_t bptc_subset(uint32_t ns, uint32_t part, uint32_t t)
{
    if (ns == 1)
        return 0;
    return ((ns == 2 ? bptc_p2[part] : bptc_p3[part]) >> (2 * t)) & 3u;
}

static bool bptc_is_anchor(uint32_t ns, uint32_t part, uint32_t t)
{
    if (t == 0)
        return true;
    if (ns == 2)
        return t == bptc_a2[part];
    if (ns == 3)
        return t == bptc_a3a[part] || t == bptc_a3b[part];
    return false;
}

/* Index of texel t in an index field starting at bit `start`, `ib` bits per
 * index except one bit less at each anchor. */
static uint32_t bptc_index(const bits128 *b, uint32_t start, uint32_t ib, uint32_t ns,
                           uint32_t part, uint32_t t)
{
    uint32_t pos = start + t * ib;
    for (uint32_t u = 0; u < t; u++)
        pos -= bptc_is_anchor(ns, part, u);
    return bits_get(b, pos, ib - bptc_is_anchor(ns, part, t));
}

/* ---- BC7 --------------------------------------------------------------------------- */

/* Table.M */
typedef struct bc7_mode {
    uint8_t ns, pb, rb, isb, cb, ab, epb, spb, ib, ib2;
} bc7_mode;

static const bc7_mode bc7_modes[8] = {
    { 3, 4, 0, 0, 4, 0, 1, 0, 3, 0 }, { 2, 6, 0, 0, 6, 0, 0, 1, 3, 0 },
    { 3, 6, 0, 0, 5, 0, 0, 0, 2, 0 }, { 2, 6, 0, 0, 7, 0, 1, 0, 2, 0 },
    { 1, 0, 2, 1, 5, 6, 0, 0, 2, 3 }, { 1, 0, 2, 0, 7, 8, 0, 0, 2, 2 },
    { 1, 0, 0, 0, 7, 7, 1, 0, 4, 0 }, { 2, 6, 0, 0, 5, 5, 1, 0, 2, 0 },
};

/* Endpoint component to 8 bits: the P-bit (if any) goes below the stored
 * bits, then the top bits are replicated into the remaining low bits. */
static uint32_t bc7_unquantize(uint32_t v, uint32_t n)
{
    v <<= 8 - n;
    return v | (v >> n);
}

/* Texel t of a BC7 block as 8-bit RGBA. */
static void bc7_texel(const uint8_t *blk, uint32_t t, uint8_t rgba[4])
{
    if (blk[0] == 0) { /* reserved mode 8: transparent black */
        rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0;
        return;
    }
    const uint32_t mode = (uint32_t)__builtin_ctz(blk[0]);
    const bc7_mode *m = &bc7_modes[mode];
    const bits128 b = bits_load(blk);
    uint32_t pos = mode + 1;
    const uint32_t part = bits_get(&b, pos, m->pb);
    pos += m->pb;
    const uint32_t rot = bits_get(&b, pos, m->rb);
    pos += m->rb;
    const uint32_t isb = bits_get(&b, pos, m->isb);
    pos += m->isb;
    const uint32_t ns = m->ns, s = bptc_subset(ns, part, t);

    /* Endpoints of this texel's subset: components stored as R of every
     * (subset, endpoint), then G, B and A; we read only ours. */
    uint32_t ep[2][4];
    for (uint32_t c = 0; c < 4; c++) {
        uint32_t bits = c < 3 ? m->cb : m->ab;
        for (uint32_t e = 0; e < 2; e++)
            ep[e][c] = bits_get(&b, pos + (2 * s + e) * bits, bits);
        pos += 2 * ns * bits;
    }
    uint32_t pbit[2] = { 0, 0 }, pn = 0;
    if (m->epb) {
        pbit[0] = bits_get(&b, pos + 2 * s, 1);
        pbit[1] = bits_get(&b, pos + 2 * s + 1, 1);
        pos += 2 * ns;
        pn = 1;
    } else if (m->spb) {
        pbit[0] = pbit[1] = bits_get(&b, pos + s, 1);
        pos += ns;
        pn = 1;
    }
    for (uint32_t e = 0; e < 2; e++) {
        for (uint32_t c = 0; c < 3; c++)
            ep[e][c] = bc7_unquantize(ep[e][c] << pn | pbit[e], m->cb + pn);
        ep[e][3] = m->ab ? bc7_unquantize(ep[e][3] << pn | pbit[e], m->ab + pn) : 255u;
    }

    uint32_t ci = bptc_index(&b, pos, m->ib, ns, part, t), cib = m->ib;
    uint32_t ai = ci, aib = cib;
    if (m->ib2) {
        uint32_t start2 = pos + 16 * m->ib - ns;
        uint32_t i2 = bptc_index(&b, start2, m->ib2, 1, 0, t);
        if (isb) {
            ci = i2;
            cib = m->ib2;
        } else {
            ai = i2;
            aib = m->ib2;
        }
    }
    uint32_t wc = bptc_weight(cib, ci), wa = bptc_weight(aib, ai);
    for (uint32_t c = 0; c < 4; c++) {
        uint32_t w = c < 3 ? wc : wa;
        rgba[c] = (uint8_t)(((64 - w) * ep[0][c] + w * ep[1][c] + 32) >> 6);
    }
    if (rot) { /* 1: swap A and R, 2: A and G, 3: A and B */
        uint8_t tmp = rgba[3];
        rgba[3] = rgba[rot - 1];
        rgba[rot - 1] = tmp;
    }
}

void fmt_fetch_bptc_rgba_unorm(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    uint8_t c[4];
    bc7_texel(b, 4 * j + i, c);
    for (int k = 0; k < 4; k++)
        out[k] = (float)c[k] / 255.0f;
}

void fmt_fetch_bptc_srgba(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    uint8_t c[4];
    bc7_texel(b, 4 * j + i, c);
    for (int k = 0; k < 3; k++)
        out[k] = fmt_srgb8_to_linear(c[k]);
    out[3] = (float)c[3] / 255.0f;
}

/* ---- BC6H -------------------------------------------------------------------------- */

/* Endpoint variables of Table.F: r0 g0 b0 r1 g1 b1 r2 g2 b2 r3 g3 b3. */
enum { R0, G0, B0, R1, G1, B1, R2, G2, B2, R3, G3, B3 };

/* One Table.F field v[a:b]: the first bit read lands in v[b], the next in
 * the bit after it towards a (down when a < b: the reversed fields). */
typedef struct bc6_field {
    uint8_t var, a, b;
} bc6_field;

#define F(v, a, b) { v, a, b }
#define F1(v, a) { v, a, a }

static const bc6_field bc6_f0[] = {
    F1(G2, 4),     F1(B2, 4),    F1(B3, 4),    F(R0, 9, 0),  F(G0, 9, 0), F(B0, 9, 0), F(R1, 4, 0),
    F1(G3, 4),     F(G2, 3, 0),  F(G1, 4, 0),  F1(B3, 0),    F(G3, 3, 0), F(B1, 4, 0), F1(B3, 1),
    F(B2, 3, 0),   F(R2, 4, 0),  F1(B3, 2),    F(R3, 4, 0),  F1(B3, 3),
};
static const bc6_field bc6_f1[] = {
    F1(G2, 5),   F1(G3, 4),   F1(G3, 5),   F(R0, 6, 0), F1(B3, 0),   F1(B3, 1),   F1(B2, 4),
    F(G0, 6, 0), F1(B2, 5),   F1(B3, 2),   F1(G2, 4),   F(B0, 6, 0), F1(B3, 3),   F1(B3, 5),
    F1(B3, 4),   F(R1, 5, 0), F(G2, 3, 0), F(G1, 5, 0), F(G3, 3, 0), F(B1, 5, 0), F(B2, 3, 0),
    F(R2, 5, 0), F(R3, 5, 0),
};
static const bc6_field bc6_f2[] = {
    F(R0, 9, 0),  F(G0, 9, 0),  F(B0, 9, 0), F(R1, 4, 0), F1(R0, 10), F(G2, 3, 0),
    F(G1, 3, 0),  F1(G0, 10),   F1(B3, 0),   F(G3, 3, 0), F(B1, 3, 0), F1(B0, 10),
    F1(B3, 1),    F(B2, 3, 0),  F(R2, 4, 0), F1(B3, 2),   F(R3, 4, 0), F1(B3, 3),
};
static const bc6_field bc6_f6[] = {
    F(R0, 9, 0), F(G0, 9, 0), F(B0, 9, 0), F(R1, 3, 0), F1(R0, 10),  F1(G3, 4),   F(G2, 3, 0),
    F(G1, 4, 0), F1(G0, 10),  F(G3, 3, 0), F(B1, 3, 0), F1(B0, 10),  F1(B3, 1),   F(B2, 3, 0),
    F(R2, 3, 0), F1(B3, 0),   F1(B3, 2),   F(R3, 3, 0), F1(G2, 4),   F1(B3, 3),
};
static const bc6_field bc6_f10[] = {
    F(R0, 9, 0), F(G0, 9, 0), F(B0, 9, 0), F(R1, 3, 0), F1(R0, 10),  F1(B2, 4),   F(G2, 3, 0),
    F(G1, 3, 0), F1(G0, 10),  F1(B3, 0),   F(G3, 3, 0), F(B1, 4, 0), F1(B0, 10),  F(B2, 3, 0),
    F(R2, 3, 0), F1(B3, 1),   F1(B3, 2),   F(R3, 3, 0), F1(B3, 4),   F1(B3, 3),
};
static const bc6_field bc6_f14[] = {
    F(R0, 8, 0), F1(B2, 4),   F(G0, 8, 0), F1(G2, 4),   F(B0, 8, 0), F1(B3, 4),   F(R1, 4, 0),
    F1(G3, 4),   F(G2, 3, 0), F(G1, 4, 0), F1(B3, 0),   F(G3, 3, 0), F(B1, 4, 0), F1(B3, 1),
    F(B2, 3, 0), F(R2, 4, 0), F1(B3, 2),   F(R3, 4, 0), F1(B3, 3),
};
static const bc6_field bc6_f18[] = {
    F(R0, 7, 0), F1(G3, 4),   F1(B2, 4),   F(G0, 7, 0), F1(B3, 2),   F1(G2, 4),   F(B0, 7, 0),
    F1(B3, 3),   F1(B3, 4),   F(R1, 5, 0), F(G2, 3, 0), F(G1, 4, 0), F1(B3, 0),   F(G3, 3, 0),
    F(B1, 4, 0), F1(B3, 1),   F(B2, 3, 0), F(R2, 5, 0), F(R3, 5, 0),
};
static const bc6_field bc6_f22[] = {
    F(R0, 7, 0), F1(B3, 0),   F1(B2, 4),   F(G0, 7, 0), F1(G2, 5),   F1(G2, 4),   F(B0, 7, 0),
    F1(G3, 5),   F1(B3, 4),   F(R1, 4, 0), F1(G3, 4),   F(G2, 3, 0), F(G1, 5, 0), F(G3, 3, 0),
    F(B1, 4, 0), F1(B3, 1),   F(B2, 3, 0), F(R2, 4, 0), F1(B3, 2),   F(R3, 4, 0), F1(B3, 3),
};
static const bc6_field bc6_f26[] = {
    F(R0, 7, 0), F1(B3, 1),   F1(B2, 4),   F(G0, 7, 0), F1(B2, 5),   F1(G2, 4),   F(B0, 7, 0),
    F1(B3, 5),   F1(B3, 4),   F(R1, 4, 0), F1(G3, 4),   F(G2, 3, 0), F(G1, 4, 0), F1(B3, 0),
    F(G3, 3, 0), F(B1, 5, 0), F(B2, 3, 0), F(R2, 4, 0), F1(B3, 2),   F(R3, 4, 0), F1(B3, 3),
};
static const bc6_field bc6_f30[] = {
    F(R0, 5, 0), F1(G3, 4),   F1(B3, 0),   F1(B3, 1),   F1(B2, 4),   F(G0, 5, 0), F1(G2, 5),
    F1(B2, 5),   F1(B3, 2),   F1(G2, 4),   F(B0, 5, 0), F1(G3, 5),   F1(B3, 3),   F1(B3, 5),
    F1(B3, 4),   F(R1, 5, 0), F(G2, 3, 0), F(G1, 5, 0), F(G3, 3, 0), F(B1, 5, 0), F(B2, 3, 0),
    F(R2, 5, 0), F(R3, 5, 0),
};
static const bc6_field bc6_f3[] = {
    F(R0, 9, 0), F(G0, 9, 0), F(B0, 9, 0), F(R1, 9, 0), F(G1, 9, 0), F(B1, 9, 0),
};
static const bc6_field bc6_f7[] = {
    F(R0, 9, 0), F(G0, 9, 0), F(B0, 9, 0), F(R1, 8, 0), F1(R0, 10),
    F(G1, 8, 0), F1(G0, 10),  F(B1, 8, 0), F1(B0, 10),
};
static const bc6_field bc6_f11[] = {
    F(R0, 9, 0), F(G0, 9, 0),   F(B0, 9, 0), F(R1, 7, 0),   F(R0, 10, 11),
    F(G1, 7, 0), F(G0, 10, 11), F(B1, 7, 0), F(B0, 10, 11),
};
static const bc6_field bc6_f15[] = {
    F(R0, 9, 0), F(G0, 9, 0),   F(B0, 9, 0), F(R1, 3, 0),   F(R0, 10, 15),
    F(G1, 3, 0), F(G0, 10, 15), F(B1, 3, 0), F(B0, 10, 15),
};
#undef F
#undef F1

/* Table.MF plus the field list of Table.F for the mode. */
typedef struct bc6_mode {
    uint8_t transformed, two_subsets, epb, delta[3], mode_bits, nfields;
    const bc6_field *fields;
} bc6_mode;

#define MODE(tr, pb, epb, dr, dg, db, mb, f)                                                       \
    { tr, pb != 0, epb, { dr, dg, db }, mb, sizeof(f) / sizeof(f[0]), f }
/* Indexed by the 5 low bits; the 2-bit modes 0 and 1 fill every slot whose
 * low two bits are 0 or 1. Reserved slots have epb = 0. */
static const bc6_mode bc6_modes[32] = {
    [2] = MODE(1, 5, 11, 5, 4, 4, 5, bc6_f2),   [3] = MODE(0, 0, 10, 10, 10, 10, 5, bc6_f3),
    [6] = MODE(1, 5, 11, 4, 5, 4, 5, bc6_f6),   [7] = MODE(1, 0, 11, 9, 9, 9, 5, bc6_f7),
    [10] = MODE(1, 5, 11, 4, 4, 5, 5, bc6_f10), [11] = MODE(1, 0, 12, 8, 8, 8, 5, bc6_f11),
    [14] = MODE(1, 5, 9, 5, 5, 5, 5, bc6_f14),  [15] = MODE(1, 0, 16, 4, 4, 4, 5, bc6_f15),
    [18] = MODE(1, 5, 8, 6, 5, 5, 5, bc6_f18),  [22] = MODE(1, 5, 8, 5, 6, 5, 5, bc6_f22),
    [26] = MODE(1, 5, 8, 5, 5, 6, 5, bc6_f26),  [30] = MODE(0, 5, 6, 6, 6, 6, 5, bc6_f30),
};
static const bc6_mode bc6_mode0 = MODE(1, 5, 10, 5, 5, 5, 2, bc6_f0);
static const bc6_mode bc6_mode1 = MODE(1, 5, 7, 6, 6, 6, 2, bc6_f1);
#undef MODE

static int32_t sext(uint32_t v, uint32_t n)
{
    return n >= 32 ? (int32_t)v : (int32_t)(v << (32 - n)) >> (32 - n);
}

static int32_t bc6_unquantize(int32_t x, uint32_t epb, bool is_signed)
{
    if (!is_signed) {
        if (epb >= 15 || x == 0)
            return x;
        if (x == (int32_t)((1u << epb) - 1))
            return 0xffff;
        return ((x << 15) + 0x4000) >> (epb - 1);
    }
    if (epb >= 16)
        return x;
    bool neg = x < 0;
    int32_t unq, ax = neg ? -x : x;
    if (ax == 0)
        unq = 0;
    else if (ax >= (int32_t)((1u << (epb - 1)) - 1))
        unq = 0x7fff;
    else
        unq = ((ax << 15) + 0x4000) >> (epb - 1);
    return neg ? -unq : unq;
}

/* floor(x / 64), also for negative x (the interpolation of signed values). */
static int32_t floor_div64(int32_t x) { return x >= 0 ? x / 64 : -((-x + 63) / 64); }

static void bc6_texel(const uint8_t *blk, uint32_t t, bool is_signed, float out[4])
{
    const bits128 b = bits_load(blk);
    const bc6_mode *m;
    uint32_t low2 = blk[0] & 3u;
    if (low2 == 0)
        m = &bc6_mode0;
    else if (low2 == 1)
        m = &bc6_mode1;
    else
        m = &bc6_modes[blk[0] & 31u];
    out[3] = 1.0f;
    if (m->epb == 0) { /* reserved: 19, 23, 27, 31 */
        out[0] = out[1] = out[2] = 0.0f;
        return;
    }

    uint32_t v[12] = { 0 }, pos = m->mode_bits;
    for (uint32_t f = 0; f < m->nfields; f++) {
        const bc6_field *fd = &m->fields[f];
        int step = fd->a >= fd->b ? 1 : -1;
        uint32_t n = (uint32_t)(fd->a >= fd->b ? fd->a - fd->b : fd->b - fd->a) + 1;
        for (uint32_t k = 0; k < n; k++)
            v[fd->var] |= bits_get(&b, pos + k, 1) << (fd->b + step * (int)k);
        pos += n;
    }
    const uint32_t ns = m->two_subsets ? 2 : 1;
    const uint32_t part = ns == 2 ? bits_get(&b, pos, 5) : 0;
    pos += ns == 2 ? 5 : 0;
    const uint32_t s = bptc_subset(ns, part, t);

    /* Endpoints e0..e3 as signed integers per the spec's sign-extension and
     * transform rules; channel c of endpoint e is v[3 e + c]. */
    int32_t e[4][3];
    for (uint32_t c = 0; c < 3; c++) {
        uint32_t mask = (1u << m->epb) - 1;
        e[0][c] = is_signed ? sext(v[c], m->epb) : (int32_t)v[c];
        for (uint32_t k = 1; k < 2 * ns; k++) {
            uint32_t raw = v[3 * k + c];
            int32_t d = (is_signed || m->transformed) ? sext(raw, m->delta[c]) : (int32_t)raw;
            if (m->transformed) {
                uint32_t sum = (v[c] + (uint32_t)d) & mask;
                d = is_signed ? sext(sum, m->epb) : (int32_t)sum;
            }
            e[k][c] = d;
        }
    }

    const uint32_t ib = ns == 2 ? 3 : 4;
    const uint32_t w = bptc_weight(ib, bptc_index(&b, pos, ib, ns, part, t));
    for (uint32_t c = 0; c < 3; c++) {
        int32_t a = bc6_unquantize(e[2 * s][c], m->epb, is_signed);
        int32_t z = bc6_unquantize(e[2 * s + 1][c], m->epb, is_signed);
        int32_t x = floor_div64(a * (int32_t)(64 - w) + z * (int32_t)w + 32);
        uint16_t h;
        if (!is_signed)
            h = (uint16_t)((x * 31) >> 6); /* 0xffff * 31/64 = 0x7bff, the largest finite half */
        else if (x < 0)
            h = (uint16_t)((((-x) * 31) >> 5) | 0x8000);
        else
            h = (uint16_t)((x * 31) >> 5);
        out[c] = fmt_half_to_float(h);
    }
}

void fmt_fetch_bptc_rgb_float(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    bc6_texel(b, 4 * j + i, true, out);
}

void fmt_fetch_bptc_rgb_ufloat(const uint8_t *b, uint32_t i, uint32_t j, float out[4])
{
    bc6_texel(b, 4 * j + i, false, out);
}
