/*
 * gl_pixels_convert.c: client pixel data (format, type, pixel store) to and
 * from images in pipe formats: gl_pixels_check, _span, _unpack, _pack.
 *
 * The client side is written here (one pixel at a time through a float or
 * 64-bit integer RGBA group, GL 2.1 sections 3.6.4 and 4.3.2 with the GL 3.0+
 * signed normalized rule); the pipe side is the format table
 * (format/fmt.h fetch/store). Common 8-bit RGBA/BGRA cases copy rows.
 */
#include "frontend-gallium/gl/pixels/gl_pixels_priv.h"
#include "frontend-gallium/format/fmt.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* ---- client formats and types -------------------------------------------- */

enum { CK_COLOR, CK_DEPTH, CK_STENCIL, CK_DS };
#define SLOT_L 4 /* luminance: R = G = B on unpack, R + G + B on pack */

typedef struct cfmt {
    uint8_t n;    /* elements per group */
    uint8_t kind; /* CK_* */
    bool integer;
    int8_t slot[4]; /* RGBA index (or SLOT_L) of each element */
} cfmt;

static bool cfmt_get(GLenum format, cfmt *f)
{
    switch (format) {
#define CF(e, n, k, integer, a, b, c, d)                                                           \
    case e:                                                                                        \
        *f = (cfmt){n, k, integer, {a, b, c, d}};                                                  \
        return true;
        CF(GL_RED, 1, CK_COLOR, false, 0, 0, 0, 0)
        CF(GL_GREEN, 1, CK_COLOR, false, 1, 0, 0, 0)
        CF(GL_BLUE, 1, CK_COLOR, false, 2, 0, 0, 0)
        CF(GL_ALPHA, 1, CK_COLOR, false, 3, 0, 0, 0)
        CF(GL_RG, 2, CK_COLOR, false, 0, 1, 0, 0)
        CF(GL_RGB, 3, CK_COLOR, false, 0, 1, 2, 0)
        CF(GL_BGR, 3, CK_COLOR, false, 2, 1, 0, 0)
        CF(GL_RGBA, 4, CK_COLOR, false, 0, 1, 2, 3)
        CF(GL_BGRA, 4, CK_COLOR, false, 2, 1, 0, 3)
        CF(GL_LUMINANCE, 1, CK_COLOR, false, SLOT_L, 0, 0, 0)
        CF(GL_LUMINANCE_ALPHA, 2, CK_COLOR, false, SLOT_L, 3, 0, 0)
        CF(GL_RED_INTEGER, 1, CK_COLOR, true, 0, 0, 0, 0)
        CF(GL_GREEN_INTEGER, 1, CK_COLOR, true, 1, 0, 0, 0)
        CF(GL_BLUE_INTEGER, 1, CK_COLOR, true, 2, 0, 0, 0)
        CF(GL_ALPHA_INTEGER, 1, CK_COLOR, true, 3, 0, 0, 0)
        CF(GL_RG_INTEGER, 2, CK_COLOR, true, 0, 1, 0, 0)
        CF(GL_RGB_INTEGER, 3, CK_COLOR, true, 0, 1, 2, 0)
        CF(GL_BGR_INTEGER, 3, CK_COLOR, true, 2, 1, 0, 0)
        CF(GL_RGBA_INTEGER, 4, CK_COLOR, true, 0, 1, 2, 3)
        CF(GL_BGRA_INTEGER, 4, CK_COLOR, true, 2, 1, 0, 3)
        CF(GL_DEPTH_COMPONENT, 1, CK_DEPTH, false, 0, 0, 0, 0)
        CF(GL_STENCIL_INDEX, 1, CK_STENCIL, false, 0, 0, 0, 0)
        CF(GL_DEPTH_STENCIL, 1, CK_DS, false, 0, 0, 0, 0)
#undef CF
    default:
        return false;
    }
}

unsigned gl_pixels_format_components(GLenum format)
{
    cfmt f;
    return cfmt_get(format, &f) ? f.n : 0;
}

bool gl_pixels_format_is_integer(GLenum format)
{
    cfmt f;
    return cfmt_get(format, &f) && f.integer;
}

enum {
    TK_UBYTE,
    TK_BYTE,
    TK_USHORT,
    TK_SHORT,
    TK_UINT,
    TK_INT,
    TK_FLOAT,
    TK_HALF,
    TK_PACKED,   /* unsigned normalized bit fields */
    TK_PACKEDF,  /* 10F_11F_11F_REV, 5_9_9_9_REV: through the pipe format `pf` */
    TK_24_8,     /* depth 24 (high bits), stencil 8 */
    TK_F32_24_8, /* float depth, then a word with stencil in bits 0..7 */
    TK_BITMAP,
};
enum { PC_NONE, PC_RGB, PC_RGBA, PC_DS };

typedef struct ctype {
    uint8_t size; /* bytes of one element (packed: of the whole group) */
    uint8_t kind; /* TK_* */
    uint8_t pclass;
    uint8_t nfields;
    uint8_t bits[4], shift[4]; /* per element of the group, TK_PACKED */
    enum pipe_format pf;
} ctype;

static ctype packed(uint8_t size, uint8_t pclass, bool rev, uint8_t b0, uint8_t b1, uint8_t b2,
                    uint8_t b3)
{
    ctype t = {size, TK_PACKED, pclass, b3 ? 4 : 3, {b0, b1, b2, b3}, {0}, PIPE_FORMAT_NONE};
    unsigned total = size * 8u, acc = 0;
    for (unsigned i = 0; i < t.nfields; i++) {
        /* Non-REV: the first element in the most significant bits. */
        t.shift[i] = (uint8_t)(rev ? acc : total - acc - t.bits[i]);
        acc += t.bits[i];
    }
    return t;
}

static bool ctype_get(GLenum type, ctype *t)
{
    switch (type) {
    case GL_UNSIGNED_BYTE:
        *t = (ctype){.size = 1, .kind = TK_UBYTE};
        return true;
    case GL_BYTE:
        *t = (ctype){.size = 1, .kind = TK_BYTE};
        return true;
    case GL_UNSIGNED_SHORT:
        *t = (ctype){.size = 2, .kind = TK_USHORT};
        return true;
    case GL_SHORT:
        *t = (ctype){.size = 2, .kind = TK_SHORT};
        return true;
    case GL_UNSIGNED_INT:
        *t = (ctype){.size = 4, .kind = TK_UINT};
        return true;
    case GL_INT:
        *t = (ctype){.size = 4, .kind = TK_INT};
        return true;
    case GL_FLOAT:
        *t = (ctype){.size = 4, .kind = TK_FLOAT};
        return true;
    case GL_HALF_FLOAT:
        *t = (ctype){.size = 2, .kind = TK_HALF};
        return true;
    case GL_BITMAP:
        *t = (ctype){.size = 1, .kind = TK_BITMAP};
        return true;
    case GL_UNSIGNED_BYTE_3_3_2:
        *t = packed(1, PC_RGB, false, 3, 3, 2, 0);
        return true;
    case GL_UNSIGNED_BYTE_2_3_3_REV:
        *t = packed(1, PC_RGB, true, 3, 3, 2, 0);
        return true;
    case GL_UNSIGNED_SHORT_5_6_5:
        *t = packed(2, PC_RGB, false, 5, 6, 5, 0);
        return true;
    case GL_UNSIGNED_SHORT_5_6_5_REV:
        *t = packed(2, PC_RGB, true, 5, 6, 5, 0);
        return true;
    case GL_UNSIGNED_SHORT_4_4_4_4:
        *t = packed(2, PC_RGBA, false, 4, 4, 4, 4);
        return true;
    case GL_UNSIGNED_SHORT_4_4_4_4_REV:
        *t = packed(2, PC_RGBA, true, 4, 4, 4, 4);
        return true;
    case GL_UNSIGNED_SHORT_5_5_5_1:
        *t = packed(2, PC_RGBA, false, 5, 5, 5, 1);
        return true;
    case GL_UNSIGNED_SHORT_1_5_5_5_REV:
        *t = packed(2, PC_RGBA, true, 5, 5, 5, 1);
        return true;
    case GL_UNSIGNED_INT_8_8_8_8:
        *t = packed(4, PC_RGBA, false, 8, 8, 8, 8);
        return true;
    case GL_UNSIGNED_INT_8_8_8_8_REV:
        *t = packed(4, PC_RGBA, true, 8, 8, 8, 8);
        return true;
    case GL_UNSIGNED_INT_10_10_10_2:
        *t = packed(4, PC_RGBA, false, 10, 10, 10, 2);
        return true;
    case GL_UNSIGNED_INT_2_10_10_10_REV:
        *t = packed(4, PC_RGBA, true, 10, 10, 10, 2);
        return true;
    case GL_UNSIGNED_INT_10F_11F_11F_REV:
        *t = (ctype){
            .size = 4, .kind = TK_PACKEDF, .pclass = PC_RGB, .pf = PIPE_FORMAT_R11G11B10_FLOAT};
        return true;
    case GL_UNSIGNED_INT_5_9_9_9_REV:
        *t = (ctype){
            .size = 4, .kind = TK_PACKEDF, .pclass = PC_RGB, .pf = PIPE_FORMAT_R9G9B9E5_FLOAT};
        return true;
    case GL_UNSIGNED_INT_24_8:
        *t = (ctype){.size = 4, .kind = TK_24_8, .pclass = PC_DS};
        return true;
    case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:
        *t = (ctype){.size = 8, .kind = TK_F32_24_8, .pclass = PC_DS};
        return true;
    default:
        return false;
    }
}

static bool is_packed_kind(unsigned k)
{
    return k == TK_PACKED || k == TK_PACKEDF || k == TK_24_8 || k == TK_F32_24_8;
}

GLenum gl_pixels_check(GLenum format, GLenum type)
{
    cfmt f;
    ctype t;
    if (!cfmt_get(format, &f) || !ctype_get(type, &t))
        return GL_INVALID_ENUM;
    if (t.kind == TK_BITMAP)
        return f.kind == CK_STENCIL ? GL_NO_ERROR : GL_INVALID_ENUM;
    switch (t.pclass) {
    case PC_RGB:
        if (format == GL_RGB || (format == GL_RGB_INTEGER && t.kind == TK_PACKED))
            break;
        return GL_INVALID_OPERATION;
    case PC_RGBA:
        if (format == GL_RGBA || format == GL_BGRA || format == GL_RGBA_INTEGER ||
            format == GL_BGRA_INTEGER)
            break;
        return GL_INVALID_OPERATION;
    case PC_DS:
        if (format == GL_DEPTH_STENCIL)
            break;
        return GL_INVALID_OPERATION;
    default:
        if (f.kind == CK_DS)
            return GL_INVALID_OPERATION;
        break;
    }
    if (f.integer && (t.kind == TK_FLOAT || t.kind == TK_HALF))
        return GL_INVALID_OPERATION;
    return GL_NO_ERROR;
}

/* ---- memory layout (GL 2.1 section 3.6.4, "Unpacking") ------------------- */

typedef struct layout {
    size_t group;  /* bytes per group (0 for GL_BITMAP) */
    size_t row;    /* bytes between rows */
    size_t image;  /* bytes between images */
    size_t start;  /* offset of the first pixel */
    unsigned bit0; /* GL_BITMAP: bit of the first pixel in its byte */
    size_t span;   /* bytes up to the end of the last pixel */
} layout;

static bool mul_ok(size_t a, size_t b, size_t *r) { return !__builtin_mul_overflow(a, b, r); }
static bool add_ok(size_t a, size_t b, size_t *r) { return !__builtin_add_overflow(a, b, r); }

static bool make_layout(const gl_pixelstore *ps, unsigned dims, const cfmt *f, const ctype *t,
                        GLsizei w, GLsizei h, GLsizei d, layout *L)
{
    if (!ps || w <= 0 || h <= 0 || d <= 0 || ps->row_length < 0 || ps->image_height < 0 ||
        ps->skip_pixels < 0 || ps->skip_rows < 0 || ps->skip_images < 0)
        return false;
    size_t a =
        ps->alignment == 1 || ps->alignment == 2 || ps->alignment == 8 ? (size_t)ps->alignment : 4;
    size_t l = ps->row_length > 0 ? (size_t)ps->row_length : (size_t)w;
    size_t rows = dims == 3 && ps->image_height > 0 ? (size_t)ps->image_height : (size_t)h;
    size_t skip_images = dims == 3 ? (size_t)ps->skip_images : 0;
    size_t t1, t2, t3;
    *L = (layout){0};
    if (t->kind == TK_BITMAP) {
        L->row = ((l + 7) / 8 + a - 1) / a * a;
        L->bit0 = (unsigned)ps->skip_pixels % 8;
        t1 = (size_t)ps->skip_pixels / 8;
        t3 = (L->bit0 + (size_t)w + 7) / 8; /* bytes of the last row */
    } else {
        size_t s = t->size;
        L->group = is_packed_kind(t->kind) ? s : s * f->n;
        if (!mul_ok(L->group, l, &L->row))
            return false;
        if (s < a)
            L->row = (L->row + a - 1) / a * a;
        if (!mul_ok(L->group, (size_t)ps->skip_pixels, &t1))
            return false;
        t3 = L->group * (size_t)w;
    }
    if (!mul_ok(L->row, rows, &L->image) || !mul_ok(L->row, (size_t)ps->skip_rows, &t2) ||
        !add_ok(t1, t2, &L->start) || !mul_ok(L->image, skip_images, &t1) ||
        !add_ok(L->start, t1, &L->start))
        return false;
    /* span = start + (d-1) image + (h-1) row + last row */
    if (!mul_ok(L->image, (size_t)d - 1, &t1) || !mul_ok(L->row, (size_t)h - 1, &t2) ||
        !add_ok(t1, t2, &t1) || !add_ok(t1, t3, &t1) || !add_ok(t1, L->start, &L->span))
        return false;
    return true;
}

size_t gl_pixels_span_dims(const gl_pixelstore *ps, unsigned dims, GLenum format, GLenum type,
                           GLsizei w, GLsizei h, GLsizei d)
{
    cfmt f = {0};
    ctype t = {0};
    layout L;
    if (gl_pixels_check(format, type) != GL_NO_ERROR)
        return 0;
    cfmt_get(format, &f);
    ctype_get(type, &t);
    if (!ps || w < 0 || h < 0 || d < 0)
        return 0;
    if (w == 0 || h == 0 || d == 0)
        return 0;
    if (!make_layout(ps, dims, &f, &t, w, h, d, &L))
        return SIZE_MAX;
    return L.span;
}

size_t gl_pixels_span(const gl_pixelstore *ps, GLenum format, GLenum type, GLsizei w, GLsizei h,
                      GLsizei d)
{
    return gl_pixels_span_dims(ps, d > 1 ? 3 : 2, format, type, w, h, d);
}

/* ---- element access -------------------------------------------------------- */

static inline uint32_t rd16(const uint8_t *p, bool swap)
{
    uint16_t v;
    memcpy(&v, p, 2);
    return swap ? __builtin_bswap16(v) : v;
}
static inline uint32_t rd32(const uint8_t *p, bool swap)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return swap ? __builtin_bswap32(v) : v;
}
static inline void wr16(uint8_t *p, uint32_t v, bool swap)
{
    uint16_t x = (uint16_t)v;
    if (swap)
        x = __builtin_bswap16(x);
    memcpy(p, &x, 2);
}
static inline void wr32(uint8_t *p, uint32_t v, bool swap)
{
    if (swap)
        v = __builtin_bswap32(v);
    memcpy(p, &v, 4);
}
static inline float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* The raw packed word of a group. */
static inline uint32_t rd_word(const uint8_t *p, unsigned size, bool swap)
{
    return size == 1 ? p[0] : size == 2 ? rd16(p, swap) : rd32(p, swap);
}
static inline void wr_word(uint8_t *p, unsigned size, uint32_t v, bool swap)
{
    if (size == 1)
        p[0] = (uint8_t)v;
    else if (size == 2)
        wr16(p, v, swap);
    else
        wr32(p, v, swap);
}

/* One non-packed element to float (normalized types per GL). */
static inline float elem_to_float(unsigned kind, const uint8_t *p, bool swap)
{
    switch (kind) {
    case TK_UBYTE:
        return p[0] / 255.0f;
    case TK_BYTE:
        return fmaxf((int8_t)p[0] / 127.0f, -1.0f);
    case TK_USHORT:
        return rd16(p, swap) / 65535.0f;
    case TK_SHORT:
        return fmaxf((int16_t)rd16(p, swap) / 32767.0f, -1.0f);
    case TK_UINT:
        return (float)(rd32(p, swap) / 4294967295.0);
    case TK_INT:
        return (float)fmax((int32_t)rd32(p, swap) / 2147483647.0, -1.0);
    case TK_FLOAT:
        return u2f(rd32(p, swap));
    case TK_HALF:
        return fmt_half_to_float((uint16_t)rd16(p, swap));
    default:
        return 0.0f;
    }
}

/* One non-packed element as an integer (no normalization). */
static inline int64_t elem_to_int(unsigned kind, const uint8_t *p, bool swap)
{
    switch (kind) {
    case TK_UBYTE:
        return p[0];
    case TK_BYTE:
        return (int8_t)p[0];
    case TK_USHORT:
        return rd16(p, swap);
    case TK_SHORT:
        return (int16_t)rd16(p, swap);
    case TK_UINT:
        return rd32(p, swap);
    case TK_INT:
        return (int32_t)rd32(p, swap);
    case TK_FLOAT:
        return (int64_t)llrintf(u2f(rd32(p, swap)));
    case TK_HALF:
        return (int64_t)llrintf(fmt_half_to_float((uint16_t)rd16(p, swap)));
    default:
        return 0;
    }
}

static inline float clamp01(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }
static inline float clamp11(float x) { return x > -1.0f ? (x < 1.0f ? x : 1.0f) : -1.0f; }
static inline double clamp01d(double x) { return x > 0.0 ? (x < 1.0 ? x : 1.0) : 0.0; }

/* round(clamp(x) * max), ties away from zero. */
static inline uint32_t unorm_enc(float x, uint32_t max)
{
    return (uint32_t)(clamp01d(x) * max + 0.5);
}
static inline int32_t snorm_enc(float x, uint32_t max)
{
    return (int32_t)lround(clamp11(x) * (double)max);
}

static inline void elem_from_float(unsigned kind, uint8_t *p, float x, bool swap)
{
    switch (kind) {
    case TK_UBYTE:
        p[0] = (uint8_t)unorm_enc(x, 255);
        break;
    case TK_BYTE:
        p[0] = (uint8_t)(int8_t)snorm_enc(x, 127);
        break;
    case TK_USHORT:
        wr16(p, unorm_enc(x, 65535), swap);
        break;
    case TK_SHORT:
        wr16(p, (uint32_t)snorm_enc(x, 32767), swap);
        break;
    case TK_UINT:
        wr32(p, unorm_enc(x, 4294967295u), swap);
        break;
    case TK_INT:
        wr32(p, (uint32_t)snorm_enc(x, 2147483647u), swap);
        break;
    case TK_FLOAT:
        wr32(p, f2u(x), swap);
        break;
    case TK_HALF:
        wr16(p, fmt_float_to_half(x), swap);
        break;
    default:
        break;
    }
}

static inline int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static inline void elem_from_int(unsigned kind, uint8_t *p, int64_t v, bool swap)
{
    switch (kind) {
    case TK_UBYTE:
        p[0] = (uint8_t)clamp64(v, 0, 255);
        break;
    case TK_BYTE:
        p[0] = (uint8_t)(int8_t)clamp64(v, -128, 127);
        break;
    case TK_USHORT:
        wr16(p, (uint32_t)clamp64(v, 0, 65535), swap);
        break;
    case TK_SHORT:
        wr16(p, (uint32_t)(int32_t)clamp64(v, -32768, 32767), swap);
        break;
    case TK_UINT:
        wr32(p, (uint32_t)clamp64(v, 0, 4294967295ll), swap);
        break;
    case TK_INT:
        wr32(p, (uint32_t)(int32_t)clamp64(v, INT32_MIN, INT32_MAX), swap);
        break;
    case TK_FLOAT:
        wr32(p, f2u((float)v), swap);
        break;
    case TK_HALF:
        wr16(p, fmt_float_to_half((float)v), swap);
        break;
    default:
        break;
    }
}

/* ---- pipe side --------------------------------------------------------------- */

/* sRGB formats convert as their linear twin: GL moves the encoded values. */
static enum pipe_format linear_twin(enum pipe_format f)
{
    switch (f) {
#define TW(s, u)                                                                                   \
    case PIPE_FORMAT_##s:                                                                          \
        return PIPE_FORMAT_##u;
        TW(R8_SRGB, R8_UNORM)
        TW(R8G8_SRGB, R8G8_UNORM)
        TW(R8G8B8_SRGB, R8G8B8_UNORM)
        TW(R8G8B8A8_SRGB, R8G8B8A8_UNORM)
        TW(R8G8B8X8_SRGB, R8G8B8X8_UNORM)
        TW(B8G8R8A8_SRGB, B8G8R8A8_UNORM)
        TW(B8G8R8X8_SRGB, B8G8R8X8_UNORM)
        TW(A8R8G8B8_SRGB, A8R8G8B8_UNORM)
        TW(X8R8G8B8_SRGB, X8R8G8B8_UNORM)
        TW(A8B8G8R8_SRGB, A8B8G8R8_UNORM)
        TW(X8B8G8R8_SRGB, X8B8G8R8_UNORM)
        TW(L8_SRGB, L8_UNORM)
        TW(L8A8_SRGB, L8A8_UNORM)
        TW(DXT1_SRGB, DXT1_RGB)
        TW(DXT1_SRGBA, DXT1_RGBA)
        TW(DXT3_SRGBA, DXT3_RGBA)
        TW(DXT5_SRGBA, DXT5_RGBA)
        TW(BPTC_SRGBA, BPTC_RGBA_UNORM)
#undef TW
    default:
        return f;
    }
}

static inline bool desc_is_int(const fmt_desc *d)
{
    return d->is_pure_int || d->is_pure_uint || d->is_signed_int;
}
static inline bool desc_is_uint(const fmt_desc *d) { return d->is_pure_uint; }

static bool is_float_depth(enum pipe_format f)
{
    return f == PIPE_FORMAT_Z32_FLOAT || f == PIPE_FORMAT_Z32_FLOAT_S8X24_UINT;
}

/* Depth through doubles for the UNORM depth formats (the table's float
 * interface loses the last bit of 24- and 32-bit depth). */
static inline uint32_t load32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static void store_depth_d(const fmt_desc *pd, uint8_t *t, double z)
{
    uint32_t w;
    uint16_t h;
    z = clamp01d(z);
    switch (pd->format) {
    case PIPE_FORMAT_Z16_UNORM:
        h = (uint16_t)(z * 65535.0 + 0.5);
        memcpy(t, &h, 2);
        return;
    case PIPE_FORMAT_Z24_UNORM_S8_UINT:
        w = (load32(t) & 0xff000000u) | (uint32_t)(z * 16777215.0 + 0.5);
        break;
    case PIPE_FORMAT_Z24X8_UNORM:
        w = (uint32_t)(z * 16777215.0 + 0.5);
        break;
    case PIPE_FORMAT_S8_UINT_Z24_UNORM:
        w = (load32(t) & 0xffu) | ((uint32_t)(z * 16777215.0 + 0.5) << 8);
        break;
    case PIPE_FORMAT_X8Z24_UNORM:
        w = (uint32_t)(z * 16777215.0 + 0.5) << 8;
        break;
    case PIPE_FORMAT_Z32_UNORM:
        w = (uint32_t)(z * 4294967295.0 + 0.5);
        break;
    default:
        pd->store_depth(t, (float)z);
        return;
    }
    memcpy(t, &w, 4);
}

static double fetch_depth_d(const fmt_desc *pd, const uint8_t *t)
{
    uint16_t h;
    switch (pd->format) {
    case PIPE_FORMAT_Z16_UNORM:
        memcpy(&h, t, 2);
        return h / 65535.0;
    case PIPE_FORMAT_Z24_UNORM_S8_UINT:
    case PIPE_FORMAT_Z24X8_UNORM:
        return (load32(t) & 0xffffffu) / 16777215.0;
    case PIPE_FORMAT_S8_UINT_Z24_UNORM:
    case PIPE_FORMAT_X8Z24_UNORM:
        return (load32(t) >> 8) / 16777215.0;
    case PIPE_FORMAT_Z32_UNORM:
        return load32(t) / 4294967295.0;
    default:
        return pd->fetch_depth(t);
    }
}

/* A depth element as a double, [0,1]-clamped when `clamp`. */
static inline double elem_to_depth_d(unsigned kind, const uint8_t *p, bool swap, bool clamp)
{
    double z;
    switch (kind) {
    case TK_UBYTE:
        z = p[0] / 255.0;
        break;
    case TK_BYTE:
        z = fmax((int8_t)p[0] / 127.0, -1.0);
        break;
    case TK_USHORT:
        z = rd16(p, swap) / 65535.0;
        break;
    case TK_SHORT:
        z = fmax((int16_t)rd16(p, swap) / 32767.0, -1.0);
        break;
    case TK_UINT:
        z = rd32(p, swap) / 4294967295.0;
        break;
    case TK_INT:
        z = fmax((int32_t)rd32(p, swap) / 2147483647.0, -1.0);
        break;
    case TK_FLOAT:
        z = u2f(rd32(p, swap));
        break;
    case TK_HALF:
        z = fmt_half_to_float((uint16_t)rd16(p, swap));
        break;
    default:
        z = 0.0;
        break;
    }
    return clamp ? clamp01d(z) : z;
}

static inline void depth_to_elem(unsigned kind, uint8_t *p, double z, bool swap)
{
    double c = clamp01d(z);
    switch (kind) {
    case TK_UBYTE:
        p[0] = (uint8_t)(c * 255.0 + 0.5);
        break;
    case TK_BYTE:
        p[0] = (uint8_t)(c * 127.0 + 0.5);
        break;
    case TK_USHORT:
        wr16(p, (uint32_t)(c * 65535.0 + 0.5), swap);
        break;
    case TK_SHORT:
        wr16(p, (uint32_t)(c * 32767.0 + 0.5), swap);
        break;
    case TK_UINT:
        wr32(p, (uint32_t)(c * 4294967295.0 + 0.5), swap);
        break;
    case TK_INT:
        wr32(p, (uint32_t)(c * 2147483647.0 + 0.5), swap);
        break;
    case TK_FLOAT:
        wr32(p, f2u((float)z), swap);
        break;
    case TK_HALF:
        wr16(p, fmt_float_to_half((float)z), swap);
        break;
    default:
        break;
    }
}

/* ---- pixel-level conversion --------------------------------------------------- */

typedef struct conv {
    cfmt f;
    ctype t;
    layout L;
    bool swap, lsb_first;
    const fmt_desc *pd;
    const fmt_desc *pfd; /* TK_PACKEDF client word format */
    const gl_pixel_transfer *xfer; /* pixel transfer to apply, NULL if none */
} conv;

static bool conv_init(conv *c, const gl_pixelstore *ps, unsigned dims, GLenum format, GLenum type,
                      GLsizei w, GLsizei h, GLsizei d, enum pipe_format pf)
{
    *c = (conv){0};
    if (gl_pixels_check(format, type) != GL_NO_ERROR)
        return false;
    cfmt_get(format, &c->f);
    ctype_get(type, &c->t);
    if (!make_layout(ps, dims, &c->f, &c->t, w, h, d, &c->L))
        return false;
    c->swap = ps->swap_bytes != GL_FALSE;
    c->lsb_first = ps->lsb_first != GL_FALSE;
    c->xfer = ps->transfer && !ps->transfer->identity ? ps->transfer : NULL;
    c->pd = fmt_get(linear_twin(pf));
    c->pfd = c->t.kind == TK_PACKEDF ? fmt_get(c->t.pf) : NULL;
    if (!c->pd || (c->t.kind == TK_PACKEDF && !c->pfd))
        return false;
    /* What the pipe format can hold must match the client format's kind. */
    const fmt_desc *pd = c->pd;
    switch (c->f.kind) {
    case CK_COLOR:
        if (pd->is_depth || pd->format == PIPE_FORMAT_S8_UINT || c->f.integer != desc_is_int(pd))
            return false;
        return true;
    case CK_DEPTH:
        return pd->is_depth && pd->fetch_depth && pd->store_depth;
    case CK_STENCIL:
        return pd->fetch_stencil && pd->store_stencil;
    case CK_DS:
        return pd->is_depth && (pd->store_depth || pd->store_stencil);
    }
    return false;
}

/* Client group at p -> float RGBA (non-integer colour formats). */
static inline void group_to_float(const conv *c, const uint8_t *p, float v[4])
{
    float e[4] = {0, 0, 0, 0};
    v[0] = v[1] = v[2] = 0.0f;
    v[3] = 1.0f;
    if (c->t.kind == TK_PACKED) {
        uint32_t w = rd_word(p, c->t.size, c->swap);
        for (unsigned i = 0; i < c->t.nfields; i++) {
            uint32_t m = (1u << c->t.bits[i]) - 1;
            e[i] = (float)((w >> c->t.shift[i]) & m) / (float)m;
        }
    } else if (c->t.kind == TK_PACKEDF) {
        uint8_t word[4];
        wr32(word, rd32(p, c->swap), false);
        float o[4];
        c->pfd->fetch_rgba(word, 0, 0, o);
        e[0] = o[0];
        e[1] = o[1];
        e[2] = o[2];
    } else {
        for (unsigned i = 0; i < c->f.n; i++)
            e[i] = elem_to_float(c->t.kind, p + i * c->t.size, c->swap);
    }
    for (unsigned i = 0; i < c->f.n; i++) {
        int s = c->f.slot[i];
        if (s == SLOT_L)
            v[0] = v[1] = v[2] = e[i];
        else
            v[s] = e[i];
    }
}

/* Client group at p -> integer RGBA (integer formats). */
static inline void group_to_int(const conv *c, const uint8_t *p, int64_t v[4])
{
    int64_t e[4] = {0, 0, 0, 0};
    v[0] = v[1] = v[2] = 0;
    v[3] = 1;
    if (c->t.kind == TK_PACKED) {
        uint32_t w = rd_word(p, c->t.size, c->swap);
        for (unsigned i = 0; i < c->t.nfields; i++)
            e[i] = (w >> c->t.shift[i]) & ((1u << c->t.bits[i]) - 1);
    } else {
        for (unsigned i = 0; i < c->f.n; i++)
            e[i] = elem_to_int(c->t.kind, p + i * c->t.size, c->swap);
    }
    for (unsigned i = 0; i < c->f.n; i++)
        v[c->f.slot[i]] = e[i];
}

/* Float RGBA -> client group at p. */
static inline void float_to_group(const conv *c, uint8_t *p, const float v[4], bool clamp)
{
    float e[4] = {0, 0, 0, 0};
    for (unsigned i = 0; i < c->f.n; i++) {
        int s = c->f.slot[i];
        if (s == SLOT_L) {
            float l = v[0] + v[1] + v[2];
            e[i] = clamp ? clamp01(l) : l;
        } else {
            e[i] = v[s];
        }
    }
    if (c->t.kind == TK_PACKED) {
        uint32_t w = 0;
        for (unsigned i = 0; i < c->t.nfields; i++) {
            uint32_t m = (1u << c->t.bits[i]) - 1;
            w |= unorm_enc(e[i], m) << c->t.shift[i];
        }
        wr_word(p, c->t.size, w, c->swap);
    } else if (c->t.kind == TK_PACKEDF) {
        uint8_t word[4] = {0, 0, 0, 0};
        float in[4] = {e[0], e[1], e[2], 1.0f};
        c->pfd->store_rgba(word, 0, 0, in);
        wr32(p, rd32(word, false), c->swap);
    } else {
        for (unsigned i = 0; i < c->f.n; i++)
            elem_from_float(c->t.kind, p + i * c->t.size, e[i], c->swap);
    }
}

static inline void int_to_group(const conv *c, uint8_t *p, const int64_t v[4])
{
    if (c->t.kind == TK_PACKED) {
        uint32_t w = 0;
        for (unsigned i = 0; i < c->t.nfields; i++) {
            int64_t m = ((int64_t)1 << c->t.bits[i]) - 1;
            w |= (uint32_t)clamp64(v[c->f.slot[i]], 0, m) << c->t.shift[i];
        }
        wr_word(p, c->t.size, w, c->swap);
    } else {
        for (unsigned i = 0; i < c->f.n; i++)
            elem_from_int(c->t.kind, p + i * c->t.size, v[c->f.slot[i]], c->swap);
    }
}

static inline uint8_t elem_to_stencil(const conv *c, const uint8_t *row, size_t x)
{
    if (c->t.kind == TK_BITMAP) {
        size_t bit = c->L.bit0 + x;
        unsigned b = (unsigned)(bit % 8);
        return (uint8_t)((row[bit / 8] >> (c->lsb_first ? b : 7 - b)) & 1);
    }
    return (uint8_t)elem_to_int(c->t.kind, row + x * c->L.group, c->swap);
}

static inline void stencil_to_elem(const conv *c, uint8_t *row, size_t x, uint8_t s)
{
    if (c->t.kind == TK_BITMAP) {
        size_t bit = c->L.bit0 + x;
        unsigned b = (unsigned)(bit % 8);
        uint8_t m = (uint8_t)(1u << (c->lsb_first ? b : 7 - b));
        row[bit / 8] = (uint8_t)((s & 1) ? (row[bit / 8] | m) : (row[bit / 8] & ~m));
        return;
    }
    elem_from_int(c->t.kind, row + x * c->L.group, s, c->swap);
}

/* ---- fast paths ------------------------------------------------------------------ */

enum { FP_NONE, FP_COPY, FP_SWAP_RB, FP_RGB_TO_RGBX, FP_SET_A, FP_COPY_F32 };

/* 8-bit RGBA client order: 0 none, 1 RGBA, 2 BGRA, 3 RGB. */
static unsigned byte_order(const cfmt *f, GLenum format, const ctype *t, bool swap)
{
    bool bytes =
        t->kind == TK_UBYTE || (t->kind == TK_PACKED && t->size == 4 && t->bits[0] == 8 &&
                                ((t->shift[0] == 0) != swap)); /* 8_8_8_8_REV, or 8_8_8_8 swapped */
    (void)f;
    if (!bytes)
        return 0;
    if (format == GL_RGBA)
        return 1;
    if (format == GL_BGRA)
        return 2;
    if (format == GL_RGB && t->kind == TK_UBYTE)
        return 3;
    return 0;
}

static unsigned fast_path(unsigned order, enum pipe_format pf, bool pack, GLenum base)
{
    bool rgba = pf == PIPE_FORMAT_R8G8B8A8_UNORM, bgra = pf == PIPE_FORMAT_B8G8R8A8_UNORM;
    bool rgbx = pf == PIPE_FORMAT_R8G8B8X8_UNORM, bgrx = pf == PIPE_FORMAT_B8G8R8X8_UNORM;
    if (!pack) {
        if ((order == 1 && rgba) || (order == 2 && bgra))
            return FP_COPY;
        if ((order == 1 && bgra) || (order == 2 && rgba))
            return FP_SWAP_RB;
        if ((order == 1 && rgbx) || (order == 2 && bgrx))
            return FP_SET_A;
        if (order == 3 && (rgbx || rgba))
            return FP_RGB_TO_RGBX;
        return FP_NONE;
    }
    if (order != 1 && order != 2)
        return FP_NONE;
    if (base != 0 && base != GL_RGBA && base != GL_RGB)
        return FP_NONE;
    bool same = (order == 1 && (rgba || rgbx)) || (order == 2 && (bgra || bgrx));
    bool swapped = (order == 1 && (bgra || bgrx)) || (order == 2 && (rgba || rgbx));
    if (!same && !swapped)
        return FP_NONE;
    if (base == GL_RGB || rgbx || bgrx)
        return same ? FP_SET_A : FP_NONE; /* swapped + alpha: generic path */
    return same ? FP_COPY : FP_SWAP_RB;
}

static void fast_row(unsigned fp, uint8_t *d, const uint8_t *s, size_t w)
{
    switch (fp) {
    case FP_COPY:
        memcpy(d, s, w * 4);
        break;
    case FP_COPY_F32:
        memcpy(d, s, w * 16);
        break;
    case FP_SWAP_RB:
        for (size_t x = 0; x < w; x++) {
            uint8_t r = s[4 * x], g = s[4 * x + 1], b = s[4 * x + 2], a = s[4 * x + 3];
            d[4 * x] = b;
            d[4 * x + 1] = g;
            d[4 * x + 2] = r;
            d[4 * x + 3] = a;
        }
        break;
    case FP_SET_A:
        for (size_t x = 0; x < w; x++) {
            memcpy(d + 4 * x, s + 4 * x, 3);
            d[4 * x + 3] = 0xff;
        }
        break;
    case FP_RGB_TO_RGBX:
        for (size_t x = 0; x < w; x++) {
            memcpy(d + 4 * x, s + 3 * x, 3);
            d[4 * x + 3] = 0xff;
        }
        break;
    default:
        break;
    }
}

/* ---- unpack ---------------------------------------------------------------------- */

static void unpack_row(const conv *c, const uint8_t *s, uint8_t *d, size_t w, enum pipe_format pf)
{
    const fmt_desc *pd = c->pd;
    const size_t bb = pd->block_bytes, g = c->L.group;
    switch (c->f.kind) {
    case CK_COLOR:
        if (c->f.integer) {
            const bool to_uint = desc_is_uint(pd);
            for (size_t x = 0; x < w; x++) {
                int64_t v[4];
                float in[4];
                group_to_int(c, s + x * g, v);
                for (int k = 0; k < 4; k++) {
                    uint32_t bits = to_uint
                                        ? (uint32_t)clamp64(v[k], 0, 4294967295ll)
                                        : (uint32_t)(int32_t)clamp64(v[k], INT32_MIN, INT32_MAX);
                    in[k] = u2f(bits);
                }
                pd->store_rgba(d + x * bb, 0, 0, in);
            }
        } else {
            for (size_t x = 0; x < w; x++) {
                float v[4];
                group_to_float(c, s + x * g, v);
                if (c->xfer)
                    gl_pixels_transfer_rgba(c->xfer, v);
                pd->store_rgba(d + x * bb, 0, 0, v);
            }
        }
        break;
    case CK_DEPTH: {
        const bool clamp = !is_float_depth(pf);
        if (c->xfer) {
            for (size_t x = 0; x < w; x++) {
                double z = gl_pixels_transfer_depth(
                    c->xfer, elem_to_depth_d(c->t.kind, s + x * g, c->swap, false));
                if (clamp)
                    store_depth_d(pd, d + x * bb, z < 0.0 ? 0.0 : z > 1.0 ? 1.0 : z);
                else
                    pd->store_depth(d + x * bb, (float)z);
            }
        } else if (!clamp) {
            for (size_t x = 0; x < w; x++)
                pd->store_depth(d + x * bb,
                                (float)elem_to_depth_d(c->t.kind, s + x * g, c->swap, false));
        } else {
            for (size_t x = 0; x < w; x++)
                store_depth_d(pd, d + x * bb, elem_to_depth_d(c->t.kind, s + x * g, c->swap, true));
        }
        break;
    }
    case CK_STENCIL:
        for (size_t x = 0; x < w; x++)
            pd->store_stencil(d + x * bb, elem_to_stencil(c, s, x));
        break;
    case CK_DS:
        for (size_t x = 0; x < w; x++) {
            const uint8_t *p = s + x * g;
            double z;
            uint8_t st;
            if (c->t.kind == TK_24_8) {
                uint32_t word = rd32(p, c->swap);
                z = (word >> 8) / 16777215.0;
                st = (uint8_t)word;
            } else {
                z = u2f(rd32(p, c->swap));
                st = (uint8_t)rd32(p + 4, c->swap);
            }
            if (pd->store_depth && is_float_depth(pf))
                pd->store_depth(d + x * bb, (float)z);
            else if (pd->store_depth)
                store_depth_d(pd, d + x * bb, z);
            if (pd->store_stencil)
                pd->store_stencil(d + x * bb, st);
        }
        break;
    }
}

bool gl_pixels_unpack_dims(const gl_pixelstore *ps, unsigned dims, GLenum format, GLenum type,
                           const void *src, GLsizei w, GLsizei h, GLsizei d,
                           enum pipe_format dst_format, void *dst, size_t dst_stride,
                           size_t dst_layer_stride)
{
    conv c;
    if (w < 0 || h < 0 || d < 0)
        return false;
    if (w == 0 || h == 0 || d == 0) {
        cfmt f;
        ctype t;
        return gl_pixels_check(format, type) == GL_NO_ERROR && cfmt_get(format, &f) &&
               ctype_get(type, &t) && fmt_get(dst_format);
    }
    if (!src || !dst || !conv_init(&c, ps, dims, format, type, w, h, d, dst_format))
        return false;
    if (c.pd->is_compressed || c.pd->block_w != 1 || c.pd->block_h != 1 || !c.pd->store_rgba)
        return false;
    enum pipe_format lf = c.pd->format;
    unsigned fp = FP_NONE;
    if (c.f.kind == CK_COLOR && !c.f.integer)
        fp = fast_path(byte_order(&c.f, format, &c.t, c.swap), lf, false, 0);
    if (format == GL_RGBA && c.t.kind == TK_FLOAT && !c.swap &&
        lf == PIPE_FORMAT_R32G32B32A32_FLOAT)
        fp = FP_COPY_F32;
    if (c.xfer)
        fp = FP_NONE;
    const uint8_t *base = (const uint8_t *)src + c.L.start;
    for (GLsizei z = 0; z < d; z++) {
        for (GLsizei y = 0; y < h; y++) {
            const uint8_t *s = base + (size_t)z * c.L.image + (size_t)y * c.L.row;
            uint8_t *o = (uint8_t *)dst + (size_t)z * dst_layer_stride + (size_t)y * dst_stride;
            if (fp != FP_NONE)
                fast_row(fp, o, s, (size_t)w);
            else
                unpack_row(&c, s, o, (size_t)w, lf);
        }
    }
    return true;
}

bool gl_pixels_unpack(const gl_pixelstore *ps, GLenum format, GLenum type, const void *src,
                      GLsizei w, GLsizei h, GLsizei d, enum pipe_format dst_format, void *dst,
                      size_t dst_stride, size_t dst_layer_stride)
{
    return gl_pixels_unpack_dims(ps, d > 1 ? 3 : 2, format, type, src, w, h, d, dst_format, dst,
                                 dst_stride, dst_layer_stride);
}

/* ---- pack -------------------------------------------------------------------------- */

static inline void rebase_float(GLenum base, float v[4])
{
    switch (base) {
    case GL_RGB:
        v[3] = 1.0f;
        break;
    case GL_RG:
        v[2] = 0.0f;
        v[3] = 1.0f;
        break;
    case GL_RED:
    case GL_LUMINANCE:
    case GL_INTENSITY:
        v[1] = v[2] = 0.0f;
        v[3] = 1.0f;
        break;
    case GL_LUMINANCE_ALPHA:
        v[1] = v[2] = 0.0f;
        break;
    case GL_ALPHA:
        v[0] = v[1] = v[2] = 0.0f;
        break;
    default:
        break;
    }
}

static inline void rebase_int(GLenum base, int64_t v[4])
{
    switch (base) {
    case GL_RGB:
        v[3] = 1;
        break;
    case GL_RG:
        v[2] = 0;
        v[3] = 1;
        break;
    case GL_RED:
    case GL_LUMINANCE:
    case GL_INTENSITY:
        v[1] = v[2] = 0;
        v[3] = 1;
        break;
    case GL_LUMINANCE_ALPHA:
        v[1] = v[2] = 0;
        break;
    case GL_ALPHA:
        v[0] = v[1] = v[2] = 0;
        break;
    default:
        break;
    }
}

static void pack_row(const conv *c, const uint8_t *slice, size_t stride, uint32_t y, uint8_t *o,
                     size_t w, GLenum base, bool clamp)
{
    const fmt_desc *pd = c->pd;
    const size_t bb = pd->block_bytes, g = c->L.group;
    const uint8_t *row = slice + (size_t)y * stride;
    switch (c->f.kind) {
    case CK_COLOR:
        if (c->f.integer) {
            const bool from_uint = desc_is_uint(pd);
            for (size_t x = 0; x < w; x++) {
                float f[4];
                int64_t v[4];
                fmt_fetch_texel(pd, slice, (uint32_t)stride, (uint32_t)x, y, f);
                for (int k = 0; k < 4; k++)
                    v[k] = from_uint ? (int64_t)f2u(f[k]) : (int64_t)(int32_t)f2u(f[k]);
                rebase_int(base, v);
                int_to_group(c, o + x * g, v);
            }
        } else {
            /* Normalized client types clamp to their range when encoding. */
            for (size_t x = 0; x < w; x++) {
                float v[4];
                fmt_fetch_texel(pd, slice, (uint32_t)stride, (uint32_t)x, y, v);
                rebase_float(base, v);
                if (clamp)
                    for (int k = 0; k < 4; k++)
                        v[k] = clamp01(v[k]);
                /* After the read clamp: GL 2.1 4.3.2 clamps the transferred
                 * value only for non-float types (float_to_group does). */
                if (c->xfer)
                    gl_pixels_transfer_rgba(c->xfer, v);
                float_to_group(c, o + x * g, v, clamp);
            }
        }
        break;
    case CK_DEPTH:
        for (size_t x = 0; x < w; x++) {
            double z = fetch_depth_d(pd, row + x * bb);
            if (c->xfer)
                z = gl_pixels_transfer_depth(c->xfer, z);
            depth_to_elem(c->t.kind, o + x * g, z, c->swap);
        }
        break;
    case CK_STENCIL:
        for (size_t x = 0; x < w; x++)
            stencil_to_elem(c, o, x, pd->fetch_stencil(row + x * bb));
        break;
    case CK_DS:
        for (size_t x = 0; x < w; x++) {
            const uint8_t *p = row + x * bb;
            double z = fetch_depth_d(pd, p);
            uint8_t st = pd->fetch_stencil ? pd->fetch_stencil(p) : 0;
            if (c->t.kind == TK_24_8) {
                wr32(o + x * g, ((uint32_t)(clamp01d(z) * 16777215.0 + 0.5) << 8) | st, c->swap);
            } else {
                wr32(o + x * g, f2u((float)z), c->swap);
                wr32(o + x * g + 4, st, c->swap);
            }
        }
        break;
    }
}

bool gl_pixels_pack_dims(const gl_pixelstore *ps, unsigned dims, GLenum format, GLenum type,
                         void *dst, GLsizei w, GLsizei h, GLsizei d, enum pipe_format src_format,
                         GLenum base_format, const void *src, size_t src_stride,
                         size_t src_layer_stride, bool clamp)
{
    conv c;
    if (w < 0 || h < 0 || d < 0)
        return false;
    if (w == 0 || h == 0 || d == 0)
        return gl_pixels_check(format, type) == GL_NO_ERROR && fmt_get(src_format);
    if (!src || !dst || !conv_init(&c, ps, dims, format, type, w, h, d, src_format))
        return false;
    if (c.f.kind == CK_DEPTH && !c.pd->fetch_depth)
        return false;
    if (c.f.kind == CK_DS && !c.pd->fetch_depth)
        return false;
    if (c.f.kind != CK_COLOR && c.pd->is_compressed)
        return false;
    if (src_stride > UINT32_MAX)
        return false;
    unsigned fp = FP_NONE;
    if (c.f.kind == CK_COLOR && !c.f.integer)
        fp = fast_path(byte_order(&c.f, format, &c.t, c.swap), c.pd->format, true, base_format);
    if (format == GL_RGBA && c.t.kind == TK_FLOAT && !c.swap && !clamp &&
        c.pd->format == PIPE_FORMAT_R32G32B32A32_FLOAT &&
        (base_format == 0 || base_format == GL_RGBA))
        fp = FP_COPY_F32;
    if (c.xfer)
        fp = FP_NONE;
    uint8_t *base = (uint8_t *)dst + c.L.start;
    for (GLsizei z = 0; z < d; z++) {
        const uint8_t *slice = (const uint8_t *)src + (size_t)z * src_layer_stride;
        for (GLsizei y = 0; y < h; y++) {
            uint8_t *o = base + (size_t)z * c.L.image + (size_t)y * c.L.row;
            if (fp != FP_NONE)
                fast_row(fp, o, slice + (size_t)y * src_stride, (size_t)w);
            else
                pack_row(&c, slice, src_stride, (uint32_t)y, o, (size_t)w, base_format, clamp);
        }
    }
    return true;
}

bool gl_pixels_pack(const gl_pixelstore *ps, GLenum format, GLenum type, void *dst, GLsizei w,
                    GLsizei h, GLsizei d, enum pipe_format src_format, GLenum base_format,
                    const void *src, size_t src_stride, size_t src_layer_stride, bool clamp)
{
    return gl_pixels_pack_dims(ps, d > 1 ? 3 : 2, format, type, dst, w, h, d, src_format,
                               base_format, src, src_stride, src_layer_stride, clamp);
}
