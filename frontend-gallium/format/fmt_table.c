/*
 * fmt_table.c: the format table (fmt.h) and the generic texel fetch/store
 * behind it (compressed decoders: fmt_compressed.c).
 *
 * In: a pipe_format, or a pointer to one texel/block in memory. Out: RGBA
 * per the conventions of fmt.h, or the texel's bytes. Called from
 * any thread; nothing here has state after load (the sRGB decode table is
 * built by a constructor before main).
 *
 * Layout rule (gallium-docs.md, "Formats in gallium"): channels are named
 * from the lowest address (byte-aligned formats) or from the least
 * significant bit (packed formats). On a little-endian host these agree, so
 * every plain format is described the same way: up to four stored channels,
 * channel k occupying bits [sum of sizes before k, + size) counted from bit
 * 0 of byte 0. A plain_layout gives those sizes, one channel type shared by
 * every non-X channel, which channels are X padding, and the swizzle from
 * stored channels to RGBA (which also expresses L, LA, I and A).
 *
 * Each plain format gets its own fetch/store pair, generated from the
 * PLAIN_FORMATS list below: a two-line wrapper that calls the always-inlined
 * generic code with a constant layout, so the compiler specializes it (the
 * loops over channels unroll, the type switch folds away). R11G11B10_FLOAT,
 * RGB9E5 and the depth/stencil formats have hand-written functions.
 *
 * Conversions (the definitions the tests check against):
 *   UNORM n: v / (2^n - 1); store round(clamp(x, 0, 1) * (2^n - 1)), ties up.
 *   SNORM n: max(v / (2^(n-1) - 1), -1) (so -2^(n-1) also reads -1);
 *            store round(clamp(x, -1, 1) * (2^(n-1) - 1)), ties away from 0.
 *   NaN stores as 0 in normalized channels.
 *   UINT/SINT: integer bits in and out; store clamps to the channel range
 *            (input read as uint32 for UINT, int32 for SINT).
 *   FLOAT 16: IEEE binary16; 11/10-bit floats: EXT_packed_float (no sign,
 *            5-bit exponent, negative -> 0, finite overflow -> largest
 *            finite, +Inf and NaN kept); RGB9E5: EXT_texture_shared_exponent.
 *   sRGB: RGB through the sRGB curve, alpha linear.
 */
#include "frontend-gallium/format/fmt.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "common/swr_state.h"

/* ---- scalar conversions ----------------------------------------------------- */

static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Encodes f as a small float with `ebits` exponent bits (bias 2^(ebits-1)-1)
 * and `mbits` mantissa bits, round to nearest even, gradual underflow.
 * Signed (half): sign bit above the exponent, finite overflow -> infinity.
 * Unsigned (11/10-bit): negative -> 0, finite overflow -> largest finite.
 * Math: with E the biased exponent of f (at least 1, the denormal scale),
 * q = rint(f * 2^(mbits - (E - bias))) is the mantissa with its hidden bit,
 * and ((E - 1) << mbits) + q is the bit pattern in every case: a normal q in
 * [2^mbits, 2^(mbits+1)), a denormal q < 2^mbits with E = 1, and a rounding
 * carry q = 2^(mbits+1) that bumps the exponent. */
static uint32_t small_float_encode(float f, int ebits, int mbits, bool has_sign)
{
    const uint32_t exp_all = (1u << ebits) - 1;
    const int bias = (1 << (ebits - 1)) - 1;
    const uint32_t inf = exp_all << mbits;
    uint32_t sign = 0;
    if (isnan(f))
        return (has_sign ? (f2u(f) >> 31) << (ebits + mbits) : 0) | inf | (1u << (mbits - 1));
    if (signbit(f)) {
        if (!has_sign)
            return 0;
        sign = 1u << (ebits + mbits);
        f = -f;
    }
    if (isinf(f))
        return sign | inf;
    if (f == 0.0f)
        return sign;
    int e2;
    frexp(f, &e2); /* f = m * 2^e2, m in [0.5, 1): floor(log2 f) = e2 - 1 */
    int e = e2 - 1 + bias;
    if (e < 1)
        e = 1;
    double q = rint(ldexp((double)f, mbits - (e - bias)));
    double bits = ldexp((double)(e - 1), mbits) + q;
    if (bits >= (double)inf)
        return has_sign ? (sign | inf) : inf - 1;
    return sign | (uint32_t)bits;
}

static float small_float_decode(uint32_t v, int ebits, int mbits)
{
    const uint32_t exp_all = (1u << ebits) - 1;
    const int bias = (1 << (ebits - 1)) - 1;
    uint32_t e = (v >> mbits) & exp_all, m = v & ((1u << mbits) - 1);
    if (e == exp_all)
        return m ? NAN : INFINITY;
    if (e == 0)
        return ldexpf((float)m, 1 - bias - mbits);
    return ldexpf((float)(m | (1u << mbits)), (int)e - bias - mbits);
}

float fmt_half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 31u, m = h & 0x3ffu;
    if (e == 0) {
        float f = ldexpf((float)m, -24); /* denormal: m * 2^(1 - 15 - 10) */
        return sign ? -f : f;
    }
    if (e == 31)
        return u2f(sign | 0x7f800000u | (m << 13));
    /* Rebias 15 -> 127 and widen the mantissa 10 -> 23 bits. */
    return u2f(sign | ((e + 112u) << 23) | (m << 13));
}

uint16_t fmt_float_to_half(float f) { return (uint16_t)small_float_encode(f, 5, 10, true); }

static double srgb_decode_d(double c)
{
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static float srgb8_table[256];

/* Runs before main, so readers on any thread see a filled table. */
__attribute__((constructor)) static void fmt_build_tables(void)
{
    for (int v = 0; v < 256; v++)
        srgb8_table[v] = (float)srgb_decode_d(v / 255.0);
}

float fmt_srgb8_to_linear(uint8_t v) { return srgb8_table[v]; }

float fmt_srgb_to_linear(float c) { return (float)srgb_decode_d(c); }

uint8_t fmt_linear_to_srgb8(float linear)
{
    double l = linear;
    if (!(l > 0.0))
        l = 0.0;
    if (l > 1.0)
        l = 1.0;
    double c = l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
    return (uint8_t)(c * 255.0 + 0.5);
}

static uint32_t unorm_encode(float x, uint32_t max)
{
    double d = x;
    if (!(d > 0.0))
        return 0;
    if (d >= 1.0)
        return max;
    return (uint32_t)(d * max + 0.5);
}

/* max = 2^(n-1) - 1; the result is the two's complement value, not masked. */
static int32_t snorm_encode(float x, int32_t max)
{
    double d = x;
    if (isnan(d))
        return 0;
    if (d < -1.0)
        d = -1.0;
    if (d > 1.0)
        d = 1.0;
    return (int32_t)round(d * max);
}

/* ---- plain formats: generic fetch/store ------------------------------------- */

enum chan_type { T_UNORM, T_SNORM, T_UINT, T_SINT, T_FLOAT, T_SRGB };
/* Swizzle sources: stored channel 0..3, constant zero, constant one. */
enum { S0, S1, S2, S3, SZ, SO };
/* xmask bits: which stored channel is X padding. */
enum { X0 = 1, X3 = 8 };

typedef struct plain_layout {
    uint8_t type;    /* enum chan_type of every non-X channel */
    uint8_t bits[4]; /* stored channel sizes in layout order; 0 = absent */
    uint8_t xmask;
    uint8_t swz[4];  /* R, G, B, A <- S0..S3 / SZ / SO */
} plain_layout;

static inline uint32_t mask_n(uint32_t n) { return n >= 32 ? 0xffffffffu : (1u << n) - 1; }

static inline uint32_t sign_extend(uint32_t raw, uint32_t n)
{
    return n >= 32 ? raw : (uint32_t)((int32_t)(raw << (32 - n)) >> (32 - n));
}

/* A layout is packed when some channel is not a whole 8/16/32-bit word;
 * packed layouts are at most 32 bits and are read as one word. */
static inline bool layout_packed(const plain_layout *L)
{
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        if (L->bits[k] != 0 && L->bits[k] != 8 && L->bits[k] != 16 && L->bits[k] != 32)
            return true;
    return false;
}

/* Bytes of a packed layout's word (at most 4). */
static inline uint32_t packed_bytes(const plain_layout *L)
{
    uint32_t n = (L->bits[0] + L->bits[1] + L->bits[2] + L->bits[3]) / 8u;
    return n > 4 ? 4 : n;
}

/* Raw stored value -> the float-slot bits of output component c. */
static inline uint32_t chan_decode(uint32_t type, uint32_t n, uint32_t raw, int c)
{
    switch (type) {
    case T_UNORM: return f2u((float)raw / (float)mask_n(n));
    case T_SRGB: return f2u(c < 3 ? srgb8_table[raw & 255] : (float)raw / 255.0f);
    case T_SNORM: {
        float f = (float)(int32_t)sign_extend(raw, n) / (float)mask_n(n - 1);
        return f2u(f < -1.0f ? -1.0f : f);
    }
    case T_UINT: return raw;
    case T_SINT: return sign_extend(raw, n);
    default: return n == 16 ? f2u(fmt_half_to_float((uint16_t)raw)) : raw;
    }
}

/* Float-slot value of input component c -> raw stored value (n bits). */
static inline uint32_t chan_encode(uint32_t type, uint32_t n, float x, int c)
{
    switch (type) {
    case T_UNORM: return unorm_encode(x, mask_n(n));
    case T_SRGB: return c < 3 ? fmt_linear_to_srgb8(x) : unorm_encode(x, 255);
    case T_SNORM: return (uint32_t)snorm_encode(x, (int32_t)mask_n(n - 1)) & mask_n(n);
    case T_UINT: {
        uint32_t u = f2u(x);
        return u > mask_n(n) ? mask_n(n) : u;
    }
    case T_SINT: {
        int32_t s = (int32_t)f2u(x), hi = (int32_t)mask_n(n - 1), lo = -hi - 1;
        return (uint32_t)(s < lo ? lo : s > hi ? hi : s) & mask_n(n);
    }
    default: return n == 16 ? fmt_float_to_half(x) : f2u(x);
    }
}

static inline __attribute__((always_inline)) void plain_fetch(const plain_layout *L,
                                                              const uint8_t *p, float out[4])
{
    const bool packed = layout_packed(L);
    uint32_t word = 0, raw[4] = { 0, 0, 0, 0 }, off = 0;
    if (packed)
        memcpy(&word, p, packed_bytes(L));
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++) {
        uint32_t n = L->bits[k];
        if (n == 0)
            continue;
        if (packed) {
            raw[k] = (word >> off) & mask_n(n);
        } else if (n == 8) {
            raw[k] = p[off / 8];
        } else if (n == 16) {
            uint16_t h;
            memcpy(&h, p + off / 8, 2);
            raw[k] = h;
        } else {
            memcpy(&raw[k], p + off / 8, 4);
        }
        off += n;
    }
    const bool pure_int = L->type == T_UINT || L->type == T_SINT;
#pragma GCC unroll 4
    for (int c = 0; c < 4; c++) {
        uint32_t s = L->swz[c], v;
        if (s == SZ)
            v = 0;
        else if (s == SO)
            v = pure_int ? 1u : f2u(1.0f);
        else
            v = chan_decode(L->type, L->bits[s], raw[s], c);
        out[c] = u2f(v);
    }
}

static inline __attribute__((always_inline)) void plain_store(const plain_layout *L, uint8_t *p,
                                                              const float in[4])
{
    const bool packed = layout_packed(L);
    uint32_t word = 0, off = 0;
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++) {
        uint32_t n = L->bits[k], raw;
        if (n == 0)
            continue;
        if (L->xmask & (1u << k)) {
            raw = mask_n(n);
        } else {
            int c = L->swz[0] == k ? 0 : L->swz[1] == k ? 1 : L->swz[2] == k ? 2 : 3;
            raw = chan_encode(L->type, n, in[c], c);
        }
        if (packed) {
            word |= raw << off;
        } else if (n == 8) {
            p[off / 8] = (uint8_t)raw;
        } else if (n == 16) {
            uint16_t h = (uint16_t)raw;
            memcpy(p + off / 8, &h, 2);
        } else {
            memcpy(p + off / 8, &raw, 4);
        }
        off += n;
    }
    if (packed)
        memcpy(p, &word, packed_bytes(L));
}

/* name, channel type, stored channel bits (layout order), X mask,
 * RGBA swizzle, engine format (NONE: sampler view only). */
#define PLAIN_FORMATS(P)                                                                           \
    P(R8_UNORM, T_UNORM, 8, 0, 0, 0, 0, S0, SZ, SZ, SO, R8_UNORM)                                  \
    P(R8G8_UNORM, T_UNORM, 8, 8, 0, 0, 0, S0, S1, SZ, SO, R8G8_UNORM)                              \
    P(R8G8B8_UNORM, T_UNORM, 8, 8, 8, 0, 0, S0, S1, S2, SO, NONE)                                  \
    P(B8G8R8_UNORM, T_UNORM, 8, 8, 8, 0, 0, S2, S1, S0, SO, NONE)                                  \
    P(R8G8B8A8_UNORM, T_UNORM, 8, 8, 8, 8, 0, S0, S1, S2, S3, R8G8B8A8_UNORM)                      \
    P(R8G8B8X8_UNORM, T_UNORM, 8, 8, 8, 8, X3, S0, S1, S2, SO, R8G8B8X8_UNORM)                     \
    P(B8G8R8A8_UNORM, T_UNORM, 8, 8, 8, 8, 0, S2, S1, S0, S3, B8G8R8A8_UNORM)                      \
    P(B8G8R8X8_UNORM, T_UNORM, 8, 8, 8, 8, X3, S2, S1, S0, SO, B8G8R8X8_UNORM)                     \
    P(A8R8G8B8_UNORM, T_UNORM, 8, 8, 8, 8, 0, S1, S2, S3, S0, A8R8G8B8_UNORM)                      \
    P(X8R8G8B8_UNORM, T_UNORM, 8, 8, 8, 8, X0, S1, S2, S3, SO, NONE)                               \
    P(A8B8G8R8_UNORM, T_UNORM, 8, 8, 8, 8, 0, S3, S2, S1, S0, NONE)                                \
    P(X8B8G8R8_UNORM, T_UNORM, 8, 8, 8, 8, X0, S3, S2, S1, SO, NONE)                               \
    P(R8_SRGB, T_SRGB, 8, 0, 0, 0, 0, S0, SZ, SZ, SO, NONE)                                        \
    P(R8G8_SRGB, T_SRGB, 8, 8, 0, 0, 0, S0, S1, SZ, SO, NONE)                                      \
    P(R8G8B8_SRGB, T_SRGB, 8, 8, 8, 0, 0, S0, S1, S2, SO, NONE)                                    \
    P(R8G8B8A8_SRGB, T_SRGB, 8, 8, 8, 8, 0, S0, S1, S2, S3, R8G8B8A8_SRGB)                         \
    P(R8G8B8X8_SRGB, T_SRGB, 8, 8, 8, 8, X3, S0, S1, S2, SO, R8G8B8X8_SRGB)                        \
    P(B8G8R8A8_SRGB, T_SRGB, 8, 8, 8, 8, 0, S2, S1, S0, S3, B8G8R8A8_SRGB)                         \
    P(B8G8R8X8_SRGB, T_SRGB, 8, 8, 8, 8, X3, S2, S1, S0, SO, B8G8R8X8_SRGB)                        \
    P(A8R8G8B8_SRGB, T_SRGB, 8, 8, 8, 8, 0, S1, S2, S3, S0, NONE)                                  \
    P(X8R8G8B8_SRGB, T_SRGB, 8, 8, 8, 8, X0, S1, S2, S3, SO, NONE)                                 \
    P(A8B8G8R8_SRGB, T_SRGB, 8, 8, 8, 8, 0, S3, S2, S1, S0, NONE)                                  \
    P(X8B8G8R8_SRGB, T_SRGB, 8, 8, 8, 8, X0, S3, S2, S1, SO, NONE)                                 \
    P(R8_SNORM, T_SNORM, 8, 0, 0, 0, 0, S0, SZ, SZ, SO, NONE)                                      \
    P(R8G8_SNORM, T_SNORM, 8, 8, 0, 0, 0, S0, S1, SZ, SO, NONE)                                    \
    P(R8G8B8_SNORM, T_SNORM, 8, 8, 8, 0, 0, S0, S1, S2, SO, NONE)                                  \
    P(R8G8B8A8_SNORM, T_SNORM, 8, 8, 8, 8, 0, S0, S1, S2, S3, NONE)                                \
    P(R8_UINT, T_UINT, 8, 0, 0, 0, 0, S0, SZ, SZ, SO, NONE)                                        \
    P(R8G8_UINT, T_UINT, 8, 8, 0, 0, 0, S0, S1, SZ, SO, NONE)                                      \
    P(R8G8B8_UINT, T_UINT, 8, 8, 8, 0, 0, S0, S1, S2, SO, NONE)                                    \
    P(R8G8B8A8_UINT, T_UINT, 8, 8, 8, 8, 0, S0, S1, S2, S3, NONE)                                  \
    P(R8_SINT, T_SINT, 8, 0, 0, 0, 0, S0, SZ, SZ, SO, NONE)                                        \
    P(R8G8_SINT, T_SINT, 8, 8, 0, 0, 0, S0, S1, SZ, SO, NONE)                                      \
    P(R8G8B8_SINT, T_SINT, 8, 8, 8, 0, 0, S0, S1, S2, SO, NONE)                                    \
    P(R8G8B8A8_SINT, T_SINT, 8, 8, 8, 8, 0, S0, S1, S2, S3, NONE)                                  \
    P(A8_UNORM, T_UNORM, 8, 0, 0, 0, 0, SZ, SZ, SZ, S0, NONE)                                      \
    P(L8_UNORM, T_UNORM, 8, 0, 0, 0, 0, S0, S0, S0, SO, NONE)                                      \
    P(L8A8_UNORM, T_UNORM, 8, 8, 0, 0, 0, S0, S0, S0, S1, NONE)                                    \
    P(I8_UNORM, T_UNORM, 8, 0, 0, 0, 0, S0, S0, S0, S0, NONE)                                      \
    P(L8_SRGB, T_SRGB, 8, 0, 0, 0, 0, S0, S0, S0, SO, NONE)                                        \
    P(L8A8_SRGB, T_SRGB, 8, 8, 0, 0, 0, S0, S0, S0, S1, NONE)                                      \
    P(A8_SNORM, T_SNORM, 8, 0, 0, 0, 0, SZ, SZ, SZ, S0, NONE)                                      \
    P(L8_SNORM, T_SNORM, 8, 0, 0, 0, 0, S0, S0, S0, SO, NONE)                                      \
    P(L8A8_SNORM, T_SNORM, 8, 8, 0, 0, 0, S0, S0, S0, S1, NONE)                                    \
    P(I8_SNORM, T_SNORM, 8, 0, 0, 0, 0, S0, S0, S0, S0, NONE)                                      \
    P(A8_UINT, T_UINT, 8, 0, 0, 0, 0, SZ, SZ, SZ, S0, NONE)                                        \
    P(L8_UINT, T_UINT, 8, 0, 0, 0, 0, S0, S0, S0, SO, NONE)                                        \
    P(L8A8_UINT, T_UINT, 8, 8, 0, 0, 0, S0, S0, S0, S1, NONE)                                      \
    P(I8_UINT, T_UINT, 8, 0, 0, 0, 0, S0, S0, S0, S0, NONE)                                        \
    P(A8_SINT, T_SINT, 8, 0, 0, 0, 0, SZ, SZ, SZ, S0, NONE)                                        \
    P(L8_SINT, T_SINT, 8, 0, 0, 0, 0, S0, S0, S0, SO, NONE)                                        \
    P(L8A8_SINT, T_SINT, 8, 8, 0, 0, 0, S0, S0, S0, S1, NONE)                                      \
    P(I8_SINT, T_SINT, 8, 0, 0, 0, 0, S0, S0, S0, S0, NONE)                                        \
    P(R16_UNORM, T_UNORM, 16, 0, 0, 0, 0, S0, SZ, SZ, SO, NONE)                                    \
    P(R16G16_UNORM, T_UNORM, 16, 16, 0, 0, 0, S0, S1, SZ, SO, NONE)                                \
    P(R16G16B16_UNORM, T_UNORM, 16, 16, 16, 0, 0, S0, S1, S2, SO, NONE)                            \
    P(R16G16B16A16_UNORM, T_UNORM, 16, 16, 16, 16, 0, S0, S1, S2, S3, NONE)                        \
    P(R16_SNORM, T_SNORM, 16, 0, 0, 0, 0, S0, SZ, SZ, SO, NONE)                                    \
    P(R16G16_SNORM, T_SNORM, 16, 16, 0, 0, 0, S0, S1, SZ, SO, NONE)                                \
    P(R16G16B16_SNORM, T_SNORM, 16, 16, 16, 0, 0, S0, S1, S2, SO, NONE)                            \
    P(R16G16B16A16_SNORM, T_SNORM, 16, 16, 16, 16, 0, S0, S1, S2, S3, NONE)                        \
    P(R16_UINT, T_UINT, 16, 0, 0, 0, 0, S0, SZ, SZ, SO, NONE)                                      \
    P(R16G16_UINT, T_UINT, 16, 16, 0, 0, 0, S0, S1, SZ, SO, NONE)                                  \
    P(R16G16B16_UINT, T_UINT, 16, 16, 16, 0, 0, S0, S1, S2, SO, NONE)                              \
    P(R16G16B16A16_UINT, T_UINT, 16, 16, 16, 16, 0, S0, S1, S2, S3, NONE)                          \
    P(R16_SINT, T_SINT, 16, 0, 0, 0, 0, S0, SZ, SZ, SO, NONE)                                      \
    P(R16G16_SINT, T_SINT, 16, 16, 0, 0, 0, S0, S1, SZ, SO, NONE)                                  \
    P(R16G16B16_SINT, T_SINT, 16, 16, 16, 0, 0, S0, S1, S2, SO, NONE)                              \
    P(R16G16B16A16_SINT, T_SINT, 16, 16, 16, 16, 0, S0, S1, S2, S3, NONE)                          \
    P(R16_FLOAT, T_FLOAT, 16, 0, 0, 0, 0, S0, SZ, SZ, SO, NONE)                                    \
    P(R16G16_FLOAT, T_FLOAT, 16, 16, 0, 0, 0, S0, S1, SZ, SO, NONE)                                \
    P(R16G16B16_FLOAT, T_FLOAT, 16, 16, 16, 0, 0, S0, S1, S2, SO, NONE)                            \
    P(R16G16B16A16_FLOAT, T_FLOAT, 16, 16, 16, 16, 0, S0, S1, S2, S3, R16G16B16A16_FLOAT)          \
    P(A16_UNORM, T_UNORM, 16, 0, 0, 0, 0, SZ, SZ, SZ, S0, NONE)                                    \
    P(L16_UNORM, T_UNORM, 16, 0, 0, 0, 0, S0, S0, S0, SO, NONE)                                    \
    P(L16A16_UNORM, T_UNORM, 16, 16, 0, 0, 0, S0, S0, S0, S1, NONE)                                \
    P(I16_UNORM, T_UNORM, 16, 0, 0, 0, 0, S0, S0, S0, S0, NONE)                                    \
    P(A16_SNORM, T_SNORM, 16, 0, 0, 0, 0, SZ, SZ, SZ, S0, NONE)                                    \
    P(L16_SNORM, T_SNORM, 16, 0, 0, 0, 0, S0, S0, S0, SO, NONE)                                    \
    P(L16A16_SNORM, T_SNORM, 16, 16, 0, 0, 0, S0, S0, S0, S1, NONE)                                \
    P(I16_SNORM, T_SNORM, 16, 0, 0, 0, 0, S0, S0, S0, S0, NONE)                                    \
    P(A16_UINT, T_UINT, 16, 0, 0, 0, 0, SZ, SZ, SZ, S0, NONE)                                      \
    P(L16_UINT, T_UINT, 16, 0, 0, 0, 0, S0, S0, S0, SO, NONE)                                      \
    P(L16A16_UINT, T_UINT, 16, 16, 0, 0, 0, S0, S0, S0, S1, NONE)                                  \
    P(I16_UINT, T_UINT, 16, 0, 0, 0, 0, S0, S0, S0, S0, NONE)                                      \
    P(A16_SINT, T_SINT, 16, 0, 0, 0, 0, SZ, SZ, SZ, S0, NONE)                                      \
    P(L16_SINT, T_SINT, 16, 0, 0, 0, 0, S0, S0, S0, SO, NONE)                                      \
    P(L16A16_SINT, T_SINT, 16, 16, 0, 0, 0, S0, S0, S0, S1, NONE)                                  \
    P(I16_SINT, T_SINT, 16, 0, 0, 0, 0, S0, S0, S0, S0, NONE)                                      \
    P(A16_FLOAT, T_FLOAT, 16, 0, 0, 0, 0, SZ, SZ, SZ, S0, NONE)                                    \
    P(L16_FLOAT, T_FLOAT, 16, 0, 0, 0, 0, S0, S0, S0, SO, NONE)                                    \
    P(L16A16_FLOAT, T_FLOAT, 16, 16, 0, 0, 0, S0, S0, S0, S1, NONE)                                \
    P(I16_FLOAT, T_FLOAT, 16, 0, 0, 0, 0, S0, S0, S0, S0, NONE)                                    \
    P(R32_FLOAT, T_FLOAT, 32, 0, 0, 0, 0, S0, SZ, SZ, SO, R32_FLOAT)                               \
    P(R32G32_FLOAT, T_FLOAT, 32, 32, 0, 0, 0, S0, S1, SZ, SO, NONE)                                \
    P(R32G32B32_FLOAT, T_FLOAT, 32, 32, 32, 0, 0, S0, S1, S2, SO, NONE)                            \
    P(R32G32B32A32_FLOAT, T_FLOAT, 32, 32, 32, 32, 0, S0, S1, S2, S3, R32G32B32A32_FLOAT)          \
    P(R32_UINT, T_UINT, 32, 0, 0, 0, 0, S0, SZ, SZ, SO, NONE)                                      \
    P(R32G32_UINT, T_UINT, 32, 32, 0, 0, 0, S0, S1, SZ, SO, NONE)                                  \
    P(R32G32B32_UINT, T_UINT, 32, 32, 32, 0, 0, S0, S1, S2, SO, NONE)                              \
    P(R32G32B32A32_UINT, T_UINT, 32, 32, 32, 32, 0, S0, S1, S2, S3, NONE)                          \
    P(R32_SINT, T_SINT, 32, 0, 0, 0, 0, S0, SZ, SZ, SO, NONE)                                      \
    P(R32G32_SINT, T_SINT, 32, 32, 0, 0, 0, S0, S1, SZ, SO, NONE)                                  \
    P(R32G32B32_SINT, T_SINT, 32, 32, 32, 0, 0, S0, S1, S2, SO, NONE)                              \
    P(R32G32B32A32_SINT, T_SINT, 32, 32, 32, 32, 0, S0, S1, S2, S3, NONE)                          \
    P(A32_FLOAT, T_FLOAT, 32, 0, 0, 0, 0, SZ, SZ, SZ, S0, NONE)                                    \
    P(L32_FLOAT, T_FLOAT, 32, 0, 0, 0, 0, S0, S0, S0, SO, NONE)                                    \
    P(L32A32_FLOAT, T_FLOAT, 32, 32, 0, 0, 0, S0, S0, S0, S1, NONE)                                \
    P(I32_FLOAT, T_FLOAT, 32, 0, 0, 0, 0, S0, S0, S0, S0, NONE)                                    \
    P(A32_UINT, T_UINT, 32, 0, 0, 0, 0, SZ, SZ, SZ, S0, NONE)                                      \
    P(L32_UINT, T_UINT, 32, 0, 0, 0, 0, S0, S0, S0, SO, NONE)                                      \
    P(L32A32_UINT, T_UINT, 32, 32, 0, 0, 0, S0, S0, S0, S1, NONE)                                  \
    P(I32_UINT, T_UINT, 32, 0, 0, 0, 0, S0, S0, S0, S0, NONE)                                      \
    P(A32_SINT, T_SINT, 32, 0, 0, 0, 0, SZ, SZ, SZ, S0, NONE)                                      \
    P(L32_SINT, T_SINT, 32, 0, 0, 0, 0, S0, S0, S0, SO, NONE)                                      \
    P(L32A32_SINT, T_SINT, 32, 32, 0, 0, 0, S0, S0, S0, S1, NONE)                                  \
    P(I32_SINT, T_SINT, 32, 0, 0, 0, 0, S0, S0, S0, S0, NONE)                                      \
    P(B5G6R5_UNORM, T_UNORM, 5, 6, 5, 0, 0, S2, S1, S0, SO, NONE)                                  \
    P(R5G6B5_UNORM, T_UNORM, 5, 6, 5, 0, 0, S0, S1, S2, SO, NONE)                                  \
    P(B5G5R5A1_UNORM, T_UNORM, 5, 5, 5, 1, 0, S2, S1, S0, S3, NONE)                                \
    P(B5G5R5X1_UNORM, T_UNORM, 5, 5, 5, 1, X3, S2, S1, S0, SO, NONE)                               \
    P(R5G5B5A1_UNORM, T_UNORM, 5, 5, 5, 1, 0, S0, S1, S2, S3, NONE)                                \
    P(A1B5G5R5_UNORM, T_UNORM, 1, 5, 5, 5, 0, S3, S2, S1, S0, NONE)                                \
    P(B4G4R4A4_UNORM, T_UNORM, 4, 4, 4, 4, 0, S2, S1, S0, S3, NONE)                                \
    P(B4G4R4X4_UNORM, T_UNORM, 4, 4, 4, 4, X3, S2, S1, S0, SO, NONE)                               \
    P(R4G4B4A4_UNORM, T_UNORM, 4, 4, 4, 4, 0, S0, S1, S2, S3, NONE)                                \
    P(A4B4G4R4_UNORM, T_UNORM, 4, 4, 4, 4, 0, S3, S2, S1, S0, NONE)                                \
    P(R10G10B10A2_UNORM, T_UNORM, 10, 10, 10, 2, 0, S0, S1, S2, S3, R10G10B10A2_UNORM)             \
    P(R10G10B10X2_UNORM, T_UNORM, 10, 10, 10, 2, X3, S0, S1, S2, SO, NONE)                         \
    P(R10G10B10A2_SNORM, T_SNORM, 10, 10, 10, 2, 0, S0, S1, S2, S3, NONE)                          \
    P(R10G10B10A2_UINT, T_UINT, 10, 10, 10, 2, 0, S0, S1, S2, S3, NONE)                            \
    P(B10G10R10A2_UNORM, T_UNORM, 10, 10, 10, 2, 0, S2, S1, S0, S3, NONE)                          \
    P(B10G10R10X2_UNORM, T_UNORM, 10, 10, 10, 2, X3, S2, S1, S0, SO, NONE)                         \
    P(B10G10R10A2_UINT, T_UINT, 10, 10, 10, 2, 0, S2, S1, S0, S3, NONE)

#define PLAIN_FUNCS(n, t, b0, b1, b2, b3, xm, r, g, b, a, eng)                                    \
    static const plain_layout lay_##n = { t, { b0, b1, b2, b3 }, xm, { r, g, b, a } };             \
    static void fetch_##n(const uint8_t *blk, uint32_t i, uint32_t j, float out[4])                \
    {                                                                                              \
        plain_fetch(&lay_##n, blk, out);                                                           \
    }                                                                                              \
    static void store_##n(uint8_t *blk, uint32_t i, uint32_t j, const float in[4])                 \
    {                                                                                              \
        plain_store(&lay_##n, blk, in);                                                            \
    }
PLAIN_FORMATS(PLAIN_FUNCS)
#undef PLAIN_FUNCS

/* ---- R11G11B10_FLOAT and R9G9B9E5_FLOAT ------------------------------------------- */

/* R in bits 0..10 and G in 11..21 (5-bit exponent, 6-bit mantissa), B in
 * 22..31 (5-bit exponent, 5-bit mantissa). */
static void fetch_r11g11b10(const uint8_t *blk, uint32_t i, uint32_t j, float out[4])
{
    uint32_t w;
    memcpy(&w, blk, 4);
    out[0] = small_float_decode(w & 0x7ffu, 5, 6);
    out[1] = small_float_decode((w >> 11) & 0x7ffu, 5, 6);
    out[2] = small_float_decode(w >> 22, 5, 5);
    out[3] = 1.0f;
}

static void store_r11g11b10(uint8_t *blk, uint32_t i, uint32_t j, const float in[4])
{
    uint32_t w = small_float_encode(in[0], 5, 6, false) |
                 small_float_encode(in[1], 5, 6, false) << 11 |
                 small_float_encode(in[2], 5, 5, false) << 22;
    memcpy(blk, &w, 4);
}

/* EXT_texture_shared_exponent: N = 9 mantissa bits, B = 15, Emax = 31.
 * R, G, B mantissas in bits 0..8, 9..17, 18..26, exponent in 27..31;
 * value = mantissa * 2^(exp - B - N). */
enum { RGB9E5_N = 9, RGB9E5_B = 15, RGB9E5_EMAX = 31 };

static void fetch_rgb9e5(const uint8_t *blk, uint32_t i, uint32_t j, float out[4])
{
    uint32_t w;
    memcpy(&w, blk, 4);
    int e = (int)(w >> 27) - RGB9E5_B - RGB9E5_N;
    out[0] = ldexpf((float)(w & 511u), e);
    out[1] = ldexpf((float)((w >> 9) & 511u), e);
    out[2] = ldexpf((float)((w >> 18) & 511u), e);
    out[3] = 1.0f;
}

/* The extension's encoding, step by step: clamp to [0, sharedexp_max]
 * (NaN -> 0), shared exponent from the largest channel, bumped when its
 * rounded mantissa reaches 2^N, then each mantissa rounded. floor(log2 x)
 * comes exactly from frexp. */
static void store_rgb9e5(uint8_t *blk, uint32_t i, uint32_t j, const float in[4])
{
    /* sharedexp_max = (2^N - 1) / 2^N * 2^(Emax - B) = 511/512 * 65536 = 65408 */
    const double max_val = 65408.0;
    double c[3];
    for (int k = 0; k < 3; k++) {
        double v = in[k];
        c[k] = !(v > 0.0) ? 0.0 : v > max_val ? max_val : v;
    }
    double maxc = fmax(c[0], fmax(c[1], c[2]));
    int exp_p = -RGB9E5_B - 1;
    if (maxc > 0.0) {
        int e2;
        frexp(maxc, &e2);
        if (e2 - 1 > exp_p)
            exp_p = e2 - 1;
    }
    exp_p += 1 + RGB9E5_B;
    int exp_s = exp_p;
    double max_s = floor(ldexp(maxc, RGB9E5_B + RGB9E5_N - exp_p) + 0.5);
    if (max_s == (double)(1 << RGB9E5_N))
        exp_s = exp_p + 1;
    uint32_t w = (uint32_t)exp_s << 27;
    for (int k = 0; k < 3; k++) {
        uint32_t m = (uint32_t)floor(ldexp(c[k], RGB9E5_B + RGB9E5_N - exp_s) + 0.5);
        w |= m << (9 * k);
    }
    memcpy(blk, &w, 4);
}

/* ---- depth and stencil ----------------------------------------------------------- */

static uint32_t load32(const uint8_t *p)
{
    uint32_t w;
    memcpy(&w, p, 4);
    return w;
}

static void put32(uint8_t *p, uint32_t w) { memcpy(p, &w, 4); }

static float fetch_depth_z16(const uint8_t *t)
{
    uint16_t h;
    memcpy(&h, t, 2);
    return (float)h / 65535.0f;
}
static void store_depth_z16(uint8_t *t, float z)
{
    uint16_t h = (uint16_t)unorm_encode(z, 65535);
    memcpy(t, &h, 2);
}
static float fetch_depth_z32(const uint8_t *t) { return (float)(load32(t) / 4294967295.0); }
static void store_depth_z32(uint8_t *t, float z) { put32(t, unorm_encode(z, 0xffffffffu)); }
static float fetch_depth_z32f(const uint8_t *t) { return u2f(load32(t)); }
static void store_depth_z32f(uint8_t *t, float z) { put32(t, f2u(z)); }
/* Z in the low 24 bits (Z24_UNORM_S8_UINT, Z24X8_UNORM). */
static float fetch_depth_z24lo(const uint8_t *t)
{
    return (float)(load32(t) & 0xffffffu) / 16777215.0f;
}
static void store_depth_z24lo(uint8_t *t, float z)
{
    put32(t, (load32(t) & 0xff000000u) | unorm_encode(z, 0xffffffu));
}
static void store_depth_z24x8(uint8_t *t, float z) { put32(t, unorm_encode(z, 0xffffffu)); }
/* Z in the high 24 bits (S8_UINT_Z24_UNORM, X8Z24_UNORM). */
static float fetch_depth_z24hi(const uint8_t *t) { return (float)(load32(t) >> 8) / 16777215.0f; }
static void store_depth_z24hi(uint8_t *t, float z)
{
    put32(t, (load32(t) & 0xffu) | unorm_encode(z, 0xffffffu) << 8);
}
static void store_depth_x8z24(uint8_t *t, float z) { put32(t, unorm_encode(z, 0xffffffu) << 8); }
static uint8_t fetch_stencil_b0(const uint8_t *t) { return t[0]; }
static void store_stencil_b0(uint8_t *t, uint8_t s) { t[0] = s; }
static uint8_t fetch_stencil_b3(const uint8_t *t) { return t[3]; }
static void store_stencil_b3(uint8_t *t, uint8_t s) { t[3] = s; }
static uint8_t fetch_stencil_b4(const uint8_t *t) { return t[4]; }
static void store_stencil_b4(uint8_t *t, uint8_t s) { t[4] = s; }

/* fetch_rgba / store_rgba of a depth format: (Z, 0, 0, 1), depth from in[0]. */
#define DEPTH_RGBA(n, fetch_z, store_z)                                                            \
    static void fetch_##n(const uint8_t *blk, uint32_t i, uint32_t j, float out[4])                \
    {                                                                                              \
        out[0] = fetch_z(blk);                                                                     \
        out[1] = out[2] = 0.0f;                                                                    \
        out[3] = 1.0f;                                                                             \
    }                                                                                              \
    static void store_##n(uint8_t *blk, uint32_t i, uint32_t j, const float in[4])                 \
    {                                                                                              \
        store_z(blk, in[0]);                                                                       \
    }
DEPTH_RGBA(Z16_UNORM, fetch_depth_z16, store_depth_z16)
DEPTH_RGBA(Z32_UNORM, fetch_depth_z32, store_depth_z32)
DEPTH_RGBA(Z32_FLOAT, fetch_depth_z32f, store_depth_z32f)
DEPTH_RGBA(Z24_UNORM_S8_UINT, fetch_depth_z24lo, store_depth_z24lo)
DEPTH_RGBA(S8_UINT_Z24_UNORM, fetch_depth_z24hi, store_depth_z24hi)
DEPTH_RGBA(Z24X8_UNORM, fetch_depth_z24lo, store_depth_z24x8)
DEPTH_RGBA(X8Z24_UNORM, fetch_depth_z24hi, store_depth_x8z24)
DEPTH_RGBA(Z32_FLOAT_S8X24_UINT, fetch_depth_z32f, store_depth_z32f)
#undef DEPTH_RGBA

/* S8_UINT: (s, 0, 0, 1) as uint bits; store takes in[0] as uint, clamped. */
static void fetch_S8_UINT(const uint8_t *blk, uint32_t i, uint32_t j, float out[4])
{
    out[0] = u2f(blk[0]);
    out[1] = out[2] = 0.0f;
    out[3] = u2f(1u);
}
static void store_S8_UINT(uint8_t *blk, uint32_t i, uint32_t j, const float in[4])
{
    uint32_t s = f2u(in[0]);
    blk[0] = (uint8_t)(s > 255u ? 255u : s);
}

/* ---- exported entry points --------------------------------------------------------- */

static const fmt_desc format_table[PIPE_FORMAT_COUNT];

/* Any thread. NULL for NONE, unsupported or out-of-range values. */
const fmt_desc *fmt_get(enum pipe_format f)
{
    if ((unsigned)f >= PIPE_FORMAT_COUNT || format_table[f].name == NULL)
        return NULL;
    return &format_table[f];
}

/* Any thread; linear search over the table. */
const fmt_desc *fmt_by_name(const char *name)
{
    static const char prefix[] = "PIPE_FORMAT_";
    if (name == NULL)
        return NULL;
    for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
        const char *n = format_table[f].name;
        if (n == NULL)
            continue;
        if (strcmp(n, name) == 0 || strcmp(n + sizeof(prefix) - 1, name) == 0)
            return &format_table[f];
    }
    return NULL;
}

void fmt_fetch_texel(const fmt_desc *d, const uint8_t *slice, uint32_t row_pitch, uint32_t x,
                     uint32_t y, float out[4])
{
    const uint8_t *blk =
        slice + (size_t)(y / d->block_h) * row_pitch + (size_t)(x / d->block_w) * d->block_bytes;
    d->fetch_rgba(blk, x % d->block_w, y % d->block_h, out);
}

void fmt_store_texel(const fmt_desc *d, uint8_t *slice, uint32_t row_pitch, uint32_t x, uint32_t y,
                     const float in[4])
{
    if (d->store_rgba == NULL)
        return;
    uint8_t *blk =
        slice + (size_t)(y / d->block_h) * row_pitch + (size_t)(x / d->block_w) * d->block_bytes;
    d->store_rgba(blk, x % d->block_w, y % d->block_h, in);
}

/* ---- the table ----------------------------------------------------------------------- */

#define PLAIN_DESC(n, t, b0, b1, b2, b3, xm, r, g, b, a, eng)                                     \
    [PIPE_FORMAT_##n] = { .format = PIPE_FORMAT_##n,                                               \
                          .name = "PIPE_FORMAT_" #n,                                               \
                          .block_w = 1,                                                            \
                          .block_h = 1,                                                            \
                          .block_bytes = (b0 + b1 + b2 + b3) / 8,                                  \
                          .nr_channels = (b0 > 0) + (b1 > 0) + (b2 > 0) + (b3 > 0),                \
                          .is_srgb = t == T_SRGB,                                                  \
                          .is_pure_int = t == T_UINT || t == T_SINT,                               \
                          .is_pure_uint = t == T_UINT,                                             \
                          .is_signed_int = t == T_SINT,                                            \
                          .is_normalized = t == T_UNORM || t == T_SNORM || t == T_SRGB,            \
                          .is_float = t == T_FLOAT,                                                \
                          .fetch_rgba = fetch_##n,                                                 \
                          .store_rgba = store_##n,                                                 \
                          .engine_format = SWR_FORMAT_##eng },

#define DEPTH_DESC(n, bytes, nch, z, s, unorm, fz, sz, fs, ss, eng)                                \
    [PIPE_FORMAT_##n] = { .format = PIPE_FORMAT_##n,                                               \
                          .name = "PIPE_FORMAT_" #n,                                               \
                          .block_w = 1,                                                            \
                          .block_h = 1,                                                            \
                          .block_bytes = bytes,                                                    \
                          .nr_channels = nch,                                                      \
                          .is_depth = z,                                                           \
                          .has_stencil = s,                                                        \
                          .is_pure_int = !z,                                                       \
                          .is_pure_uint = !z,                                                      \
                          .is_normalized = unorm,                                                  \
                          .is_float = z && !unorm,                                                 \
                          .fetch_rgba = fetch_##n,                                                 \
                          .store_rgba = store_##n,                                                 \
                          .fetch_depth = fz,                                                       \
                          .fetch_stencil = fs,                                                     \
                          .store_depth = sz,                                                       \
                          .store_stencil = ss,                                                     \
                          .engine_format = SWR_FORMAT_##eng },

#define COMPRESSED_DESC(n, bytes, nch, srgb, flt, fn)                                              \
    [PIPE_FORMAT_##n] = { .format = PIPE_FORMAT_##n,                                               \
                          .name = "PIPE_FORMAT_" #n,                                               \
                          .block_w = 4,                                                            \
                          .block_h = 4,                                                            \
                          .block_bytes = bytes,                                                    \
                          .nr_channels = nch,                                                      \
                          .is_compressed = true,                                                   \
                          .is_srgb = srgb,                                                         \
                          .is_normalized = !flt,                                                   \
                          .is_float = flt,                                                         \
                          .fetch_rgba = fn,                                                        \
                          .engine_format = SWR_FORMAT_NONE },

static const fmt_desc format_table[PIPE_FORMAT_COUNT] = {
    PLAIN_FORMATS(PLAIN_DESC)
    [PIPE_FORMAT_R11G11B10_FLOAT] = { .format = PIPE_FORMAT_R11G11B10_FLOAT,
                                      .name = "PIPE_FORMAT_R11G11B10_FLOAT",
                                      .block_w = 1, .block_h = 1, .block_bytes = 4,
                                      .nr_channels = 3, .is_float = true,
                                      .fetch_rgba = fetch_r11g11b10,
                                      .store_rgba = store_r11g11b10,
                                      .engine_format = SWR_FORMAT_NONE },
    [PIPE_FORMAT_R9G9B9E5_FLOAT] = { .format = PIPE_FORMAT_R9G9B9E5_FLOAT,
                                     .name = "PIPE_FORMAT_R9G9B9E5_FLOAT",
                                     .block_w = 1, .block_h = 1, .block_bytes = 4,
                                     .nr_channels = 4, .is_float = true,
                                     .fetch_rgba = fetch_rgb9e5,
                                     .store_rgba = store_rgb9e5,
                                     .engine_format = SWR_FORMAT_NONE },
    /* name, bytes, channels, depth, stencil, unorm, depth fetch/store, stencil fetch/store */
    DEPTH_DESC(Z16_UNORM, 2, 1, true, false, true, fetch_depth_z16, store_depth_z16, NULL, NULL,
               Z16_UNORM)
    DEPTH_DESC(Z32_UNORM, 4, 1, true, false, true, fetch_depth_z32, store_depth_z32, NULL, NULL,
               NONE)
    DEPTH_DESC(Z32_FLOAT, 4, 1, true, false, false, fetch_depth_z32f, store_depth_z32f, NULL, NULL,
               Z32_FLOAT)
    DEPTH_DESC(Z24_UNORM_S8_UINT, 4, 2, true, true, true, fetch_depth_z24lo, store_depth_z24lo,
               fetch_stencil_b3, store_stencil_b3, Z24_UNORM_S8_UINT)
    DEPTH_DESC(S8_UINT_Z24_UNORM, 4, 2, true, true, true, fetch_depth_z24hi, store_depth_z24hi,
               fetch_stencil_b0, store_stencil_b0, NONE)
    DEPTH_DESC(Z24X8_UNORM, 4, 2, true, false, true, fetch_depth_z24lo, store_depth_z24x8, NULL,
               NULL, Z24X8_UNORM)
    DEPTH_DESC(X8Z24_UNORM, 4, 2, true, false, true, fetch_depth_z24hi, store_depth_x8z24, NULL,
               NULL, NONE)
    DEPTH_DESC(Z32_FLOAT_S8X24_UINT, 8, 3, true, true, false, fetch_depth_z32f, store_depth_z32f,
               fetch_stencil_b4, store_stencil_b4, Z32_FLOAT_S8X24_UINT)
    DEPTH_DESC(S8_UINT, 1, 1, false, true, false, NULL, NULL, fetch_stencil_b0, store_stencil_b0,
               NONE)
    /* name, block bytes, channels, sRGB, float, decoder */
    COMPRESSED_DESC(DXT1_RGB, 8, 3, false, false, fmt_fetch_dxt1_rgb)
    COMPRESSED_DESC(DXT1_RGBA, 8, 4, false, false, fmt_fetch_dxt1_rgba)
    COMPRESSED_DESC(DXT3_RGBA, 16, 4, false, false, fmt_fetch_dxt3_rgba)
    COMPRESSED_DESC(DXT5_RGBA, 16, 4, false, false, fmt_fetch_dxt5_rgba)
    COMPRESSED_DESC(DXT1_SRGB, 8, 3, true, false, fmt_fetch_dxt1_srgb)
    COMPRESSED_DESC(DXT1_SRGBA, 8, 4, true, false, fmt_fetch_dxt1_srgba)
    COMPRESSED_DESC(DXT3_SRGBA, 16, 4, true, false, fmt_fetch_dxt3_srgba)
    COMPRESSED_DESC(DXT5_SRGBA, 16, 4, true, false, fmt_fetch_dxt5_srgba)
    COMPRESSED_DESC(RGTC1_UNORM, 8, 1, false, false, fmt_fetch_rgtc1_unorm)
    COMPRESSED_DESC(RGTC1_SNORM, 8, 1, false, false, fmt_fetch_rgtc1_snorm)
    COMPRESSED_DESC(RGTC2_UNORM, 16, 2, false, false, fmt_fetch_rgtc2_unorm)
    COMPRESSED_DESC(RGTC2_SNORM, 16, 2, false, false, fmt_fetch_rgtc2_snorm)
    COMPRESSED_DESC(BPTC_RGBA_UNORM, 16, 4, false, false, fmt_fetch_bptc_rgba_unorm)
    COMPRESSED_DESC(BPTC_SRGBA, 16, 4, true, false, fmt_fetch_bptc_srgba)
    COMPRESSED_DESC(BPTC_RGB_FLOAT, 16, 3, false, true, fmt_fetch_bptc_rgb_float)
    COMPRESSED_DESC(BPTC_RGB_UFLOAT, 16, 3, false, true, fmt_fetch_bptc_rgb_ufloat)
};

/* Every name of p_format.h has an entry: the plain list, 2 packed floats,
 * 9 depth/stencil and 16 compressed formats, plus NONE. */
#define COUNT_ONE(...) +1
_Static_assert(1 PLAIN_FORMATS(COUNT_ONE) + 2 + 9 + 16 == PIPE_FORMAT_COUNT,
               "format_table must describe every format of p_format.h");
#undef COUNT_ONE
