/*
 * test_fmt_table.c: the format table (frontend-gallium/format/fmt_table.c)
 * against oracles built from the format definitions alone.
 *
 * The oracle for plain formats parses the format NAME (Gallium's rule,
 * gallium-docs.md "Formats in gallium": channels listed from the lowest
 * address / least significant bit, each letter followed by its bit count,
 * then the type suffix) and computes the stored bits and the fetched values
 * from the suffix's definition. Floats are encoded by searching all codes of
 * the small-float format for the nearest value (ties to even), not by the
 * bit arithmetic the driver uses. Then for every plain format: store of
 * special and random RGBA values gives exactly the oracle's bytes (and
 * writes nothing past the texel), and fetch of random bytes gives the
 * oracle's values. Hand-computed constants check the oracle itself
 * (UNORM8 0.5 -> 0x80, SNORM8 -1 -> 0x81, half bit patterns, 565, sRGB ...).
 * R11G11B10_FLOAT, R9G9B9E5_FLOAT and the depth/stencil formats have their
 * own tests; compressed formats are in test_fmt_compressed.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "common/swr_state.h"
#include "frontend-gallium/format/fmt.h"

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static float bitsf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}
static float rnd_range(float lo, float hi)
{
    return lo + (hi - lo) * (float)(rnd() & 0xffffff) / 16777216.0f;
}

#define FAIL_IF(cond, ...)                                                                         \
    do {                                                                                           \
        if (cond) {                                                                                \
            print_error(__VA_ARGS__);                                                              \
            fail();                                                                                \
        }                                                                                          \
    } while (0)

/* ---- oracle: small floats by exhaustive nearest search --------------------------- */

/* Value of code c (no sign) of a float with e exponent bits (bias 2^(e-1)-1)
 * and m mantissa bits, by definition. */
static double small_value(uint32_t c, int e, int m)
{
    int bias = (1 << (e - 1)) - 1;
    uint32_t ef = c >> m, mf = c & ((1u << m) - 1);
    if (ef == 0)
        return ldexp((double)mf / (1 << m), 1 - bias);
    return ldexp(1.0 + (double)mf / (1 << m), (int)ef - bias);
}

/* Nearest finite code to x >= 0 (ties to the even code); returns the code
 * count (the infinity code) when x is at least the midpoint between the
 * largest finite value and the next power of the format (IEEE overflow). */
static uint32_t small_nearest(double x, int e, int m, bool ieee_overflow)
{
    uint32_t inf = ((1u << e) - 1) << m, best = 0;
    double maxv = small_value(inf - 1, e, m);
    double ulp = maxv - small_value(inf - 2, e, m);
    if (ieee_overflow && x >= maxv + ulp / 2)
        return inf;
    if (x >= maxv)
        return inf - 1;
    /* Binary search for the last code with value <= x. */
    uint32_t lo = 0, hi = inf - 1;
    while (lo < hi) {
        uint32_t mid = (lo + hi + 1) / 2;
        if (small_value(mid, e, m) <= x)
            lo = mid;
        else
            hi = mid - 1;
    }
    best = lo;
    double d0 = x - small_value(lo, e, m), d1 = small_value(lo + 1, e, m) - x;
    if (d1 < d0 || (d1 == d0 && (lo & 1)))
        best = lo + 1;
    return best;
}

static uint32_t oracle_half(float f)
{
    uint32_t s = signbit(f) ? 0x8000u : 0;
    if (isinf(f))
        return s | 0x7c00u;
    return s | small_nearest(fabs((double)f), 5, 10, true);
}

static double oracle_half_value(uint32_t h)
{
    uint32_t c = h & 0x7fffu;
    double v = (c >> 10) == 31 ? ((c & 0x3ff) ? NAN : INFINITY) : small_value(c, 5, 10);
    return (h & 0x8000u) ? -v : v;
}

/* ---- oracle: the format name ------------------------------------------------------- */

enum otype { O_UNORM, O_SNORM, O_UINT, O_SINT, O_FLOAT, O_SRGB };

typedef struct ochan {
    char letter; /* R G B A L I X */
    int bits, offset;
} ochan;

typedef struct oformat {
    int n;
    ochan ch[4];
    enum otype type;
    int total_bits;
} oformat;

/* Parses "B5G6R5_UNORM" style names; false for the formats this oracle does
 * not describe (depth/stencil, shared exponent, 11/10 floats, compressed). */
static bool parse_name(const char *full, oformat *o)
{
    const char *name = full + strlen("PIPE_FORMAT_");
    const char *us = strrchr(name, '_');
    if (!us || strstr(name, "DXT") || strstr(name, "RGTC") || strstr(name, "BPTC") ||
        strchr(name, 'Z') || strncmp(name, "S8", 2) == 0 || strstr(name, "E5") ||
        strstr(name, "G11"))
        return false;
    const char *t = us + 1;
    if (!strcmp(t, "UNORM"))
        o->type = O_UNORM;
    else if (!strcmp(t, "SNORM"))
        o->type = O_SNORM;
    else if (!strcmp(t, "UINT"))
        o->type = O_UINT;
    else if (!strcmp(t, "SINT"))
        o->type = O_SINT;
    else if (!strcmp(t, "FLOAT"))
        o->type = O_FLOAT;
    else if (!strcmp(t, "SRGB"))
        o->type = O_SRGB;
    else
        return false;
    o->n = 0;
    int off = 0;
    for (const char *p = name; p < us;) {
        ochan *c = &o->ch[o->n++];
        c->letter = *p++;
        c->bits = (int)strtol(p, (char **)&p, 10);
        c->offset = off;
        off += c->bits;
    }
    o->total_bits = off;
    return true;
}

static int src_component(char letter)
{
    switch (letter) {
    case 'G': return 1;
    case 'B': return 2;
    case 'A': return 3;
    default: return 0; /* R, L, I */
    }
}

static double srgb_decode(double c)
{
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static uint32_t encode_chan(enum otype t, int n, float x, bool alpha)
{
    double maxu = n == 32 ? 4294967295.0 : (double)((1ull << n) - 1);
    double maxs = (double)((1ull << (n - 1)) - 1);
    uint32_t mask = n == 32 ? 0xffffffffu : (1u << n) - 1;
    switch (t) {
    case O_SRGB:
        if (!alpha) {
            double l = isnan(x) ? 0 : fmin(fmax(x, 0.0), 1.0);
            double c = l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055;
            return (uint32_t)floor(c * 255 + 0.5);
        }
        __attribute__((fallthrough)); /* alpha is plain UNORM */
    case O_UNORM: {
        double v = isnan(x) ? 0 : fmin(fmax(x, 0.0), 1.0);
        return (uint32_t)floor(v * maxu + 0.5);
    }
    case O_SNORM: {
        double v = isnan(x) ? 0 : fmin(fmax(x, -1.0), 1.0) * maxs;
        long r = v >= 0 ? (long)floor(v + 0.5) : -(long)floor(-v + 0.5);
        return (uint32_t)r & mask;
    }
    case O_UINT: {
        uint32_t u = fbits(x);
        return u > mask ? mask : u;
    }
    case O_SINT: {
        int64_t s = (int32_t)fbits(x), hi = (int64_t)maxs, lo = -hi - 1;
        return (uint32_t)(s < lo ? lo : s > hi ? hi : s) & mask;
    }
    default: return n == 16 ? oracle_half(x) : fbits(x);
    }
}

/* Decoded value of a raw channel, as float-slot bits. */
static uint32_t decode_chan(enum otype t, int n, uint32_t raw, bool alpha)
{
    double maxu = (double)((1ull << n) - 1), maxs = (double)((1ull << (n - 1)) - 1);
    int64_t s = (raw & (1ull << (n - 1))) ? (int64_t)raw - (int64_t)(1ull << n) : (int64_t)raw;
    switch (t) {
    case O_SRGB:
        if (!alpha)
            return fbits((float)srgb_decode(raw / 255.0));
        __attribute__((fallthrough));
    case O_UNORM: return fbits((float)(raw / maxu));
    case O_SNORM: return fbits((float)fmax(s / maxs, -1.0));
    case O_UINT: return raw;
    case O_SINT: return (uint32_t)(int32_t)s;
    default: return n == 16 ? fbits((float)oracle_half_value(raw)) : raw;
    }
}

static void put_bits(uint8_t *p, int off, int n, uint32_t v)
{
    for (int k = 0; k < n; k++)
        if ((v >> k) & 1)
            p[(off + k) / 8] |= (uint8_t)(1u << ((off + k) % 8));
}

static uint32_t get_bits(const uint8_t *p, int off, int n)
{
    uint32_t v = 0;
    for (int k = 0; k < n; k++)
        v |= (uint32_t)((p[(off + k) / 8] >> ((off + k) % 8)) & 1) << k;
    return v;
}

static void oracle_store(const oformat *o, const float in[4], uint8_t *bytes)
{
    memset(bytes, 0, 16);
    for (int k = 0; k < o->n; k++) {
        const ochan *c = &o->ch[k];
        uint32_t raw = c->letter == 'X'
                           ? (c->bits == 32 ? 0xffffffffu : (1u << c->bits) - 1)
                           : encode_chan(o->type, c->bits, in[src_component(c->letter)],
                                         c->letter == 'A');
        put_bits(bytes, c->offset, c->bits, raw);
    }
}

static void oracle_fetch(const oformat *o, const uint8_t *bytes, uint32_t out[4])
{
    bool pure_int = o->type == O_UINT || o->type == O_SINT;
    out[0] = out[1] = out[2] = 0;
    out[3] = pure_int ? 1u : fbits(1.0f);
    for (int k = 0; k < o->n; k++) {
        const ochan *c = &o->ch[k];
        if (c->letter == 'X')
            continue;
        uint32_t raw = get_bits(bytes, c->offset, c->bits);
        switch (c->letter) {
        case 'L':
            out[0] = out[1] = out[2] = decode_chan(o->type, c->bits, raw, false);
            break;
        case 'I':
            out[0] = out[1] = out[2] = out[3] = decode_chan(o->type, c->bits, raw, false);
            break;
        default:
            out[src_component(c->letter)] = decode_chan(o->type, c->bits, raw, c->letter == 'A');
        }
    }
}

/* Same float within one ulp (the oracle divides in double, then rounds),
 * NaN matching NaN; integer formats compare bits. */
static bool close_bits(uint32_t a, uint32_t b, bool pure_int)
{
    if (pure_int)
        return a == b;
    float fa = bitsf(a), fb = bitsf(b);
    if (isnan(fa) || isnan(fb))
        return isnan(fa) && isnan(fb);
    if (isinf(fa) || isinf(fb))
        return fa == fb;
    return fabsf(fa - fb) <= 1.2e-7f * fmaxf(fabsf(fb), 1e-30f) || fa == fb;
}

/* ---- tests -------------------------------------------------------------------------- */

static const char *const all_names[] = {
#define NAME(n) "PIPE_FORMAT_" #n,
    PIPE_FORMATS(NAME)
#undef NAME
};

/* Every format of p_format.h has its descriptor, in place, findable by
 * name; the flags agree with the name. */
static void test_table_complete(void **state)
{
    assert_null(fmt_get(PIPE_FORMAT_NONE));
    assert_null(fmt_get(PIPE_FORMAT_COUNT));
    assert_null(fmt_get((enum pipe_format)-1));
    assert_null(fmt_by_name("PIPE_FORMAT_R8G8B8A8_FOO"));
    assert_null(fmt_by_name(NULL));
    for (int f = 1; f < PIPE_FORMAT_COUNT; f++) {
        const fmt_desc *d = fmt_get((enum pipe_format)f);
        FAIL_IF(d == NULL, "%s has no descriptor\n", all_names[f]);
        FAIL_IF((int)d->format != f || strcmp(d->name, all_names[f]) != 0,
                "entry %d is %s, expected %s\n", f, d->name, all_names[f]);
        assert_ptr_equal(fmt_by_name(d->name), d);
        assert_ptr_equal(fmt_by_name(d->name + strlen("PIPE_FORMAT_")), d);
        const char *n = d->name;
        bool compressed = strstr(n, "DXT") || strstr(n, "RGTC") || strstr(n, "BPTC");
        assert_int_equal(d->is_compressed, compressed);
        assert_int_equal(d->block_w, compressed ? 4 : 1);
        assert_int_equal(d->block_h, compressed ? 4 : 1);
        assert_int_equal(d->is_srgb, strstr(n, "SRGB") != NULL);
        assert_non_null(d->fetch_rgba);
        assert_int_equal(d->store_rgba == NULL, compressed);
        assert_int_equal(d->fetch_depth != NULL, d->is_depth);
        assert_int_equal(d->fetch_stencil != NULL, d->has_stencil);
        assert_int_equal(d->is_pure_int, d->is_pure_uint || d->is_signed_int);
        assert_true(d->is_pure_int + d->is_normalized + d->is_float == 1);
        oformat o;
        if (parse_name(n, &o)) {
            assert_int_equal(d->block_bytes * 8, o.total_bits);
            assert_int_equal(d->nr_channels, o.n);
            assert_int_equal(d->is_pure_uint, o.type == O_UINT);
            assert_int_equal(d->is_signed_int, o.type == O_SINT);
            assert_int_equal(d->is_float, o.type == O_FLOAT);
        }
    }
}

/* Exactly the formats the engine renders are renderable, each as the
 * engine format of the same name. */
static void test_renderable(void **state)
{
    static const char *const swr_names[] = {
#define SNAME(n, bytes) "PIPE_FORMAT_" #n,
        SWR_SURFACE_FORMATS(SNAME)
#undef SNAME
    };
    int renderable = 0;
    for (int f = 1; f < PIPE_FORMAT_COUNT; f++) {
        const fmt_desc *d = fmt_get((enum pipe_format)f);
        if (!fmt_is_renderable(d))
            continue;
        renderable++;
        FAIL_IF(d->engine_format >= SWR_FORMAT_COUNT ||
                    strcmp(swr_names[d->engine_format], d->name) != 0,
                "%s renders as engine format %u\n", d->name, d->engine_format);
    }
    /* Every engine format except NONE is reachable. */
    assert_int_equal(renderable, SWR_FORMAT_COUNT - 1);
}

static void store_bytes(const char *name, const float in[4], uint8_t out[16])
{
    const fmt_desc *d = fmt_by_name(name);
    assert_non_null(d);
    memset(out, 0, 16);
    d->store_rgba(out, 0, 0, in);
}

/* Constants computed by hand from the definitions, to check the oracle. */
static void test_known_values(void **state)
{
    uint8_t b[16];
    float out[4];

    store_bytes("R8G8B8A8_UNORM", (float[]){ 0.5f, 1.0f, 0.0f, 2.0f }, b);
    assert_memory_equal(b, ((uint8_t[]){ 0x80, 0xff, 0x00, 0xff }), 4);
    store_bytes("B8G8R8A8_UNORM", (float[]){ 1.0f, 0.0f, 0.2f, 0.0f }, b);
    assert_memory_equal(b, ((uint8_t[]){ 0x33, 0x00, 0xff, 0x00 }), 4); /* 0.2*255 = 51 */
    store_bytes("B8G8R8X8_UNORM", (float[]){ 0, 0, 0, 0 }, b);
    assert_int_equal(b[3], 0xff);
    store_bytes("R8_SNORM", (float[]){ -1.0f, 0, 0, 0 }, b);
    assert_int_equal(b[0], 0x81); /* -127 */
    store_bytes("R8_SNORM", (float[]){ -0.5f, 0, 0, 0 }, b);
    assert_int_equal(b[0], (uint8_t)-64); /* -63.5 rounds away from zero */
    fmt_by_name("R8_SNORM")->fetch_rgba((const uint8_t[]){ 0x80 }, 0, 0, out);
    assert_true(out[0] == -1.0f);
    store_bytes("R16_FLOAT", (float[]){ 1.0f, 0, 0, 0 }, b);
    assert_int_equal(b[0] | b[1] << 8, 0x3c00);
    store_bytes("R16_FLOAT", (float[]){ 65504.0f, 0, 0, 0 }, b);
    assert_int_equal(b[0] | b[1] << 8, 0x7bff);
    store_bytes("R16_FLOAT", (float[]){ 65520.0f, 0, 0, 0 }, b); /* halfway to 2^16: inf */
    assert_int_equal(b[0] | b[1] << 8, 0x7c00);
    store_bytes("R16_FLOAT", (float[]){ -0x1p-24f, 0, 0, 0 }, b); /* smallest denormal */
    assert_int_equal(b[0] | b[1] << 8, 0x8001);
    store_bytes("R16_FLOAT", (float[]){ 0x1.002p0f, 0, 0, 0 }, b); /* halfway: to even */
    assert_int_equal(b[0] | b[1] << 8, 0x3c00);
    store_bytes("R16_FLOAT", (float[]){ NAN, 0, 0, 0 }, b);
    assert_true((b[1] & 0x7c) == 0x7c && ((b[0] | b[1] << 8) & 0x3ff) != 0);
    store_bytes("B5G6R5_UNORM", (float[]){ 1.0f, 0.0f, 0.0f, 1.0f }, b);
    assert_int_equal(b[0] | b[1] << 8, 0xf800); /* R in the top 5 bits */
    store_bytes("R5G6B5_UNORM", (float[]){ 1.0f, 0.0f, 0.0f, 1.0f }, b);
    assert_int_equal(b[0] | b[1] << 8, 0x001f);
    store_bytes("B5G5R5A1_UNORM", (float[]){ 0.0f, 0.0f, 1.0f, 1.0f }, b);
    assert_int_equal(b[0] | b[1] << 8, 0x801f);
    store_bytes("A1B5G5R5_UNORM", (float[]){ 0.0f, 0.0f, 0.0f, 1.0f }, b);
    assert_int_equal(b[0] | b[1] << 8, 0x0001);
    store_bytes("R10G10B10A2_UNORM", (float[]){ 1.0f, 0.0f, 0.0f, 1.0f / 3.0f }, b);
    assert_int_equal(b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24, 0x400003ffu);
    store_bytes("R8G8B8A8_SRGB", (float[]){ 0.5f, 0.0f, 1.0f, 0.5f }, b);
    /* 1.055 * 0.5^(1/2.4) - 0.055 = 0.7354 -> 187.5 -> 188 */
    assert_memory_equal(b, ((uint8_t[]){ 188, 0, 255, 128 }), 4);
    store_bytes("L8A8_SRGB", (float[]){ 0.5f, 0.9f, 0.9f, 0.5f }, b);
    assert_memory_equal(b, ((uint8_t[]){ 188, 128 }), 2);
    store_bytes("A8_UNORM", (float[]){ 1.0f, 1.0f, 1.0f, 0.6f }, b);
    assert_int_equal(b[0], 153);
    store_bytes("R8_UINT", (float[]){ bitsf(300), 0, 0, 0 }, b);
    assert_int_equal(b[0], 255);
    store_bytes("R8_SINT", (float[]){ bitsf((uint32_t)-300), 0, 0, 0 }, b);
    assert_int_equal(b[0], 0x80);
    fmt_by_name("I8_UINT")->fetch_rgba((const uint8_t[]){ 7 }, 0, 0, out);
    for (int c = 0; c < 4; c++)
        assert_int_equal(fbits(out[c]), 7);
    fmt_by_name("R8G8_SINT")->fetch_rgba((const uint8_t[]){ 0xff, 2 }, 0, 0, out);
    assert_int_equal(fbits(out[0]), 0xffffffffu);
    assert_int_equal(fbits(out[3]), 1u);
    fmt_by_name("L8A8_UNORM")->fetch_rgba((const uint8_t[]){ 255, 51 }, 0, 0, out);
    assert_true(out[0] == 1.0f && out[1] == 1.0f && out[2] == 1.0f && out[3] == 0.2f);
}

static void check_plain_format(const fmt_desc *d, const oformat *o, const float in[4])
{
    uint8_t want[16], got[20];
    oracle_store(o, in, want);
    memset(got, 0xa5, sizeof(got));
    d->store_rgba(got, 0, 0, in);
    for (int k = d->block_bytes; k < 20; k++)
        FAIL_IF(got[k] != 0xa5, "%s: store wrote byte %d past the texel\n", d->name, k);
    bool nan_in = false;
    for (int c = 0; c < 4; c++)
        nan_in |= isnan(in[c]) && o->type == O_FLOAT;
    if (!nan_in && memcmp(want, got, d->block_bytes) != 0) {
        print_error("%s: store (%a %a %a %a) [%08x %08x %08x %08x]\n", d->name, in[0], in[1],
                    in[2], in[3], fbits(in[0]), fbits(in[1]), fbits(in[2]), fbits(in[3]));
        for (int k = 0; k < d->block_bytes; k++)
            print_error("  byte %d: got %02x want %02x\n", k, got[k], want[k]);
        fail();
    }
}

static void check_plain_fetch(const fmt_desc *d, const oformat *o, const uint8_t *bytes)
{
    uint32_t want[4];
    float got[4];
    oracle_fetch(o, bytes, want);
    d->fetch_rgba(bytes, 0, 0, got);
    bool pure_int = o->type == O_UINT || o->type == O_SINT;
    for (int c = 0; c < 4; c++)
        FAIL_IF(!close_bits(fbits(got[c]), want[c], pure_int),
                "%s: fetch component %d got %a (%08x) want %a (%08x), bytes %02x %02x %02x %02x\n",
                d->name, c, got[c], fbits(got[c]), bitsf(want[c]), want[c], bytes[0], bytes[1],
                bytes[2], bytes[3]);
}

/* A representative input value for channel type t. */
static float sample_value(enum otype t, int trial)
{
    static const float special[] = { 0.0f, 1.0f, 0.5f, -1.0f, -0.5f, 2.0f, -3.0f, 0.25f,
                                     1.0f / 3.0f, 0.999f, 0.001f, -0.0f, 1e-9f, -1e-9f };
    const int ns = (int)(sizeof(special) / sizeof(special[0]));
    switch (t) {
    case O_UINT:
    case O_SINT: {
        static const uint32_t ints[] = { 0, 1, 2, 127, 128, 255, 256, 32767, 32768, 65535, 65536,
                                         0x7fffffff, 0x80000000u, 0xffffffffu, 0xffffff80u,
                                         0xffff8000u, 0xfffffe00u, 3, 511, 512 };
        if (trial < 20)
            return bitsf(ints[(trial + rnd()) % 20]);
        return bitsf(rnd() % 3 == 0 ? rnd() : (rnd() & 0x3ff) - 0x200);
    }
    case O_FLOAT: {
        static const float fl[] = { 65504.0f, 65519.99f, 65520.0f, 1e6f, -1e6f, 0x1p-14f,
                                    0x1p-24f, 0x1p-25f, 0x1.8p-25f, 0x1.004p0f, 0x1.006p0f,
                                    INFINITY, -INFINITY, 3.14159f };
        if (trial < ns)
            return special[trial];
        if (trial < ns + 14)
            return fl[trial - ns];
        switch (rnd() % 3) {
        case 0: return rnd_range(-2.0f, 2.0f);
        case 1: return ldexpf(rnd_range(1.0f, 2.0f), (int)(rnd() % 40) - 28) * (rnd() & 1 ? 1 : -1);
        default: return bitsf(rnd() & 0xbfffffffu); /* any float below 2 in magnitude exponent */
        }
    }
    default:
        if (trial < ns)
            return special[trial];
        return rnd_range(-1.25f, 1.25f);
    }
}

/* Every plain format: stores and fetches against the name oracle. */
static void test_plain_formats(void **state)
{
    int tested = 0;
    for (int f = 1; f < PIPE_FORMAT_COUNT; f++) {
        const fmt_desc *d = fmt_get((enum pipe_format)f);
        oformat o;
        if (!parse_name(d->name, &o))
            continue;
        tested++;
        for (int trial = 0; trial < 300; trial++) {
            float in[4];
            for (int c = 0; c < 4; c++)
                in[c] = sample_value(o.type, trial < 40 ? (trial + c * 3) % 40 : trial);
            check_plain_format(d, &o, in);
            /* Round trip: what was stored fetches as the definition says. */
            uint8_t bytes[16];
            memset(bytes, 0, sizeof(bytes));
            d->store_rgba(bytes, 0, 0, in);
            check_plain_fetch(d, &o, bytes);
            /* Any bytes fetch as the definition says. */
            for (int k = 0; k < 16; k++)
                bytes[k] = (uint8_t)rnd();
            check_plain_fetch(d, &o, bytes);
        }
    }
    /* All formats but 2 packed floats, 9 depth/stencil and 16 compressed. */
    assert_int_equal(tested, PIPE_FORMAT_COUNT - 1 - 2 - 9 - 16);
}

/* Exhaustive over the 16-bit codes: every half decodes to its value, and
 * re-encoding the decoded value gives the code back (NaNs stay NaN). */
static void test_half_exhaustive(void **state)
{
    for (uint32_t h = 0; h < 65536; h++) {
        float f = fmt_half_to_float((uint16_t)h);
        double want = oracle_half_value(h);
        if (isnan(want)) {
            assert_true(isnan(f));
            uint16_t back = fmt_float_to_half(f);
            assert_true((back & 0x7c00) == 0x7c00 && (back & 0x3ff) != 0);
            continue;
        }
        FAIL_IF((double)f != want, "half %04x -> %a, want %a\n", h, f, want);
        FAIL_IF(fmt_float_to_half(f) != h, "half %04x does not round trip\n", h);
    }
}

/* ---- R11G11B10_FLOAT and R9G9B9E5_FLOAT ---------------------------------------------- */

static uint32_t oracle_uf(float x, int m)
{
    if (isnan(x))
        return 0xffffffffu; /* checked separately */
    if (!(x > 0))
        return 0;
    if (isinf(x))
        return 31u << m;
    return small_nearest(x, 5, m, false);
}

static void test_r11g11b10(void **state)
{
    const fmt_desc *d = fmt_get(PIPE_FORMAT_R11G11B10_FLOAT);
    uint8_t b[4];
    float out[4];
    d->store_rgba(b, 0, 0, (float[]){ 1.0f, 1.0f, 1.0f, 0.0f });
    /* 1.0: exponent 15, mantissa 0 -> 15 << 6 (11-bit) and 15 << 5 (10-bit) */
    uint32_t w = b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24;
    assert_int_equal(w, 0x3c0u | 0x3c0u << 11 | 0x1e0u << 22);
    d->store_rgba(b, 0, 0, (float[]){ 1e9f, -5.0f, NAN, 0 });
    memcpy(&w, b, 4);
    assert_int_equal(w & 0x7ff, 0x7bf); /* largest finite 11-bit: 65024 */
    assert_int_equal((w >> 11) & 0x7ff, 0);
    assert_true((w >> 22 & 0x3e0) == 0x3e0 && (w >> 22 & 0x1f) != 0); /* NaN */
    for (int trial = 0; trial < 3000; trial++) {
        float in[4] = { 0, 0, 0, 0 };
        for (int c = 0; c < 3; c++)
            in[c] = trial % 3 ? ldexpf(rnd_range(1.0f, 2.0f), (int)(rnd() % 40) - 22)
                              : rnd_range(-0.5f, 4.0f);
        d->store_rgba(b, 0, 0, in);
        memcpy(&w, b, 4);
        uint32_t want = oracle_uf(in[0], 6) | oracle_uf(in[1], 6) << 11 | oracle_uf(in[2], 5) << 22;
        FAIL_IF(w != want, "R11G11B10 store %a %a %a: %08x want %08x\n", in[0], in[1], in[2], w,
                want);
        w = rnd();
        memcpy(b, &w, 4);
        d->fetch_rgba(b, 0, 0, out);
        uint32_t code[3] = { w & 0x7ff, (w >> 11) & 0x7ff, w >> 22 };
        for (int c = 0; c < 3; c++) {
            int m = c == 2 ? 5 : 6;
            double v = (code[c] >> m) == 31 ? ((code[c] & ((1u << m) - 1)) ? NAN : INFINITY)
                                            : small_value(code[c], 5, m);
            FAIL_IF(!(isnan(v) ? isnan(out[c]) : (double)out[c] == v),
                    "R11G11B10 fetch %08x comp %d: %a want %a\n", w, c, out[c], v);
        }
        assert_true(out[3] == 1.0f);
    }
}

/* The smallest shared exponent whose rounded mantissas fit in 9 bits
 * (EXT_texture_shared_exponent: values clamp to [0, 65408] first). */
static uint32_t oracle_rgb9e5(const float in[3])
{
    double c[3], maxc = 0;
    for (int k = 0; k < 3; k++) {
        c[k] = isnan(in[k]) ? 0 : fmin(fmax(in[k], 0.0), 65408.0);
        maxc = fmax(maxc, c[k]);
    }
    for (int e = 0; e < 32; e++) {
        double scale = ldexp(1.0, e - 24);
        if (floor(maxc / scale + 0.5) > 511)
            continue;
        uint32_t w = (uint32_t)e << 27;
        for (int k = 0; k < 3; k++)
            w |= (uint32_t)floor(c[k] / scale + 0.5) << (9 * k);
        return w;
    }
    return 0xffffffffu;
}

static void test_rgb9e5(void **state)
{
    const fmt_desc *d = fmt_get(PIPE_FORMAT_R9G9B9E5_FLOAT);
    uint8_t b[4];
    float out[4];
    uint32_t w;
    /* 1.0: mantissa 256, exponent 16 (256 * 2^(16-24) = 1) */
    d->store_rgba(b, 0, 0, (float[]){ 1.0f, 0.5f, 0.0f, 0.0f });
    memcpy(&w, b, 4);
    assert_int_equal(w, 256u | 128u << 9 | 16u << 27);
    /* 0.999: 511.5 at exponent 15 rounds to 512: the exponent bumps to 16 */
    d->store_rgba(b, 0, 0, (float[]){ 511.5f / 512.0f, 0.0f, 0.0f, 0.0f });
    memcpy(&w, b, 4);
    assert_int_equal(w, 256u | 16u << 27);
    for (int trial = 0; trial < 3000; trial++) {
        float in[4] = { 0, 0, 0, 0 };
        for (int c = 0; c < 3; c++)
            in[c] = trial % 2 ? ldexpf(rnd_range(1.0f, 2.0f), (int)(rnd() % 50) - 30)
                              : rnd_range(-1.0f, 3.0f);
        if (trial % 7 == 0)
            in[rnd() % 3] = 1e6f;
        d->store_rgba(b, 0, 0, in);
        memcpy(&w, b, 4);
        uint32_t want = oracle_rgb9e5(in);
        FAIL_IF(w != want, "RGB9E5 store %a %a %a: %08x want %08x\n", in[0], in[1], in[2], w, want);
        w = rnd();
        memcpy(b, &w, 4);
        d->fetch_rgba(b, 0, 0, out);
        for (int c = 0; c < 3; c++) {
            double v = ((w >> (9 * c)) & 511) * ldexp(1.0, (int)(w >> 27) - 24);
            assert_true((double)out[c] == v);
        }
        assert_true(out[3] == 1.0f);
    }
}

/* ---- depth and stencil ------------------------------------------------------------------ */

typedef struct zcase {
    const char *name;
    int bytes, z_bits, z_shift, s_byte; /* z_bits 0: float at byte 0; s_byte -1: none */
} zcase;

static void test_depth_stencil(void **state)
{
    static const zcase cases[] = {
        { "Z16_UNORM", 2, 16, 0, -1 },         { "Z32_UNORM", 4, 32, 0, -1 },
        { "Z32_FLOAT", 4, 0, 0, -1 },          { "Z24_UNORM_S8_UINT", 4, 24, 0, 3 },
        { "S8_UINT_Z24_UNORM", 4, 24, 8, 0 },  { "Z24X8_UNORM", 4, 24, 0, -1 },
        { "X8Z24_UNORM", 4, 24, 8, -1 },       { "Z32_FLOAT_S8X24_UINT", 8, 0, 0, 4 },
    };
    static const float zs[] = { 0.0f,      1.0f,  0.5f,  0.25f, 1.0f / 3.0f,
                                0.999999f, 1e-7f, -0.5f, 2.0f };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        const zcase *zc = &cases[k];
        const fmt_desc *d = fmt_by_name(zc->name);
        assert_non_null(d);
        assert_true(d->is_depth);
        assert_int_equal(d->block_bytes, zc->bytes);
        assert_int_equal(d->has_stencil, zc->s_byte >= 0);
        for (size_t t = 0; t < sizeof(zs) / sizeof(zs[0]) + 200; t++) {
            float z = t < sizeof(zs) / sizeof(zs[0]) ? zs[t] : rnd_range(0.0f, 1.0f);
            uint8_t s = (uint8_t)rnd(), px[8], want[8];
            memset(px, 0x5a, 8);
            memset(want, 0x5a, 8);
            /* Expected bytes by the definition: z bits, then the stencil byte. */
            if (zc->z_bits == 0) {
                memcpy(want, &z, 4);
            } else {
                double max = ldexp(1.0, zc->z_bits) - 1;
                uint64_t q = (uint64_t)floor(fmin(fmax(z, 0.0), 1.0) * max + 0.5);
                uint64_t word = 0;
                memcpy(&word, want, zc->bytes);
                uint64_t fieldmask = (((uint64_t)1 << zc->z_bits) - 1) << zc->z_shift;
                word = (word & ~fieldmask) | (q << zc->z_shift);
                /* The X bits of Z24X8 / X8Z24 are written as zero. */
                if (zc->s_byte < 0 && zc->z_bits == 24)
                    word &= fieldmask;
                memcpy(want, &word, zc->bytes);
            }
            if (zc->s_byte >= 0)
                want[zc->s_byte] = s;
            d->store_depth(px, z);
            if (d->store_stencil)
                d->store_stencil(px, s);
            FAIL_IF(memcmp(px, want, zc->bytes) != 0, "%s store z %a s %u\n", zc->name, z, s);
            if (d->has_stencil)
                assert_int_equal(d->fetch_stencil(px), s);
            float zr = d->fetch_depth(px);
            double zwant;
            if (zc->z_bits == 0) {
                zwant = z;
            } else {
                uint64_t word = 0;
                memcpy(&word, px, zc->bytes);
                zwant = (double)((word >> zc->z_shift) & (((uint64_t)1 << zc->z_bits) - 1)) /
                        (ldexp(1.0, zc->z_bits) - 1);
            }
            FAIL_IF(fabs(zr - zwant) > 6e-8 * fmax(zwant, 1e-30) && zr != (float)zwant,
                    "%s fetch z %a want %a\n", zc->name, zr, zwant);
            /* fetch_rgba = (Z, 0, 0, 1); store_rgba writes depth only. */
            float rgba[4];
            d->fetch_rgba(px, 0, 0, rgba);
            assert_true(rgba[0] == zr && rgba[1] == 0.0f && rgba[2] == 0.0f && rgba[3] == 1.0f);
            uint8_t px2[8];
            memcpy(px2, px, 8);
            d->store_rgba(px2, 0, 0, (float[]){ z, 0.7f, 0.7f, 0.7f });
            assert_memory_equal(px2, px, 8);
        }
    }
    const fmt_desc *s8 = fmt_get(PIPE_FORMAT_S8_UINT);
    uint8_t px = 0;
    float out[4];
    assert_false(s8->is_depth);
    assert_true(s8->has_stencil && s8->is_pure_uint);
    s8->store_rgba(&px, 0, 0, (float[]){ bitsf(200), 0, 0, 0 });
    assert_int_equal(px, 200);
    s8->store_rgba(&px, 0, 0, (float[]){ bitsf(1000), 0, 0, 0 });
    assert_int_equal(px, 255);
    s8->store_stencil(&px, 17);
    assert_int_equal(s8->fetch_stencil(&px), 17);
    s8->fetch_rgba(&px, 0, 0, out);
    assert_int_equal(fbits(out[0]), 17);
    assert_int_equal(fbits(out[3]), 1);
}

/* Whole-image helpers: texel (x, y) lives at y * pitch + x * bytes; for
 * compressed formats at the block (x/4, y/4), texel (x%4, y%4). */
static void test_texel_helpers(void **state)
{
    const fmt_desc *d = fmt_get(PIPE_FORMAT_R16G16_UNORM);
    uint8_t img[7 * 40];
    memset(img, 0, sizeof(img));
    const uint32_t pitch = 40;
    for (uint32_t y = 0; y < 7; y++)
        for (uint32_t x = 0; x < 9; x++)
            fmt_store_texel(d, img, pitch, x, y,
                            (float[]){(x + 1) / 65535.0f, (y + 1) / 65535.0f, 0, 0});
    for (uint32_t y = 0; y < 7; y++)
        for (uint32_t x = 0; x < 9; x++) {
            uint16_t r, g;
            memcpy(&r, img + y * pitch + x * 4, 2);
            memcpy(&g, img + y * pitch + x * 4 + 2, 2);
            assert_int_equal(r, x + 1);
            assert_int_equal(g, y + 1);
            float out[4];
            fmt_fetch_texel(d, img, pitch, x, y, out);
            assert_true(out[0] == (float)(x + 1) / 65535.0f);
        }
    /* DXT1: two blocks side by side, the second all colour0 = white. */
    const fmt_desc *dx = fmt_get(PIPE_FORMAT_DXT1_RGB);
    uint8_t blocks[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0 };
    float out[4];
    fmt_fetch_texel(dx, blocks, 16, 5, 2, out);
    assert_true(out[0] == 1.0f && out[1] == 1.0f && out[2] == 1.0f);
    fmt_fetch_texel(dx, blocks, 16, 3, 3, out);
    assert_true(out[0] == 0.0f);
    fmt_store_texel(dx, blocks, 16, 0, 0, (float[]){ 1, 1, 1, 1 }); /* no-op */
    assert_int_equal(blocks[0], 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_complete), cmocka_unit_test(test_renderable),
        cmocka_unit_test(test_known_values),   cmocka_unit_test(test_plain_formats),
        cmocka_unit_test(test_half_exhaustive), cmocka_unit_test(test_r11g11b10),
        cmocka_unit_test(test_rgb9e5),         cmocka_unit_test(test_depth_stencil),
        cmocka_unit_test(test_texel_helpers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
