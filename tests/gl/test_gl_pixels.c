/*
 * test_gl_pixels.c: client pixel data <-> pipe formats (gl_pixels*.c),
 * called directly. Expected values come from the GL definitions written out
 * here (per-type normalization formulas, hand-built packed words, row
 * strides from the alignment rule), never from the converter under test.
 * glPixelStore errors and glGet go through the GL API.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"
#include "frontend-gallium/gl/context/gl_context.h"
#include "frontend-gallium/gl/pixels/gl_pixels.h"
#include "frontend-gallium/pipe/swr_public.h"

static const gl_pixelstore def_ps = {.alignment = 4};

static void near(float got, float want, float tol, const char *what)
{
    if (!(fabsf(got - want) <= tol) && !(isnan(got) && isnan(want))) {
        fail_msg("%s: got %.9g want %.9g", what, got, want);
    }
}

/* ---- GL definitions, written independently ------------------------------- */

typedef struct tdef {
    GLenum type;
    unsigned size;
    bool is_signed, is_float;
} tdef;

static const tdef plain_types[] = {
    {GL_UNSIGNED_BYTE, 1, false, false},  {GL_BYTE, 1, true, false},
    {GL_UNSIGNED_SHORT, 2, false, false}, {GL_SHORT, 2, true, false},
    {GL_UNSIGNED_INT, 4, false, false},   {GL_INT, 4, true, false},
    {GL_FLOAT, 4, false, true},           {GL_HALF_FLOAT, 2, false, true},
};

/* Raw element k (0..) of a type, and its GL value (normalized). */
static void elem_value(const tdef *t, unsigned k, uint8_t *bytes, double *value)
{
    static const uint32_t u8[] = {0, 255, 128, 1, 77, 200, 13, 254, 99, 3, 64, 180};
    static const int8_t s8[] = {0, 127, -128, -127, 64, -1, 1, 100, -100, 5, -64, 33};
    static const uint16_t u16[] = {0, 65535, 32768, 1, 1000, 40000, 7, 65534, 12345, 3, 256, 999};
    static const int16_t s16[] = {0, 32767, -32768, -32767, 16384, -1, 1, -20000, 20000, 5, 7, -9};
    static const uint32_t u32[] = {0, 4294967295u, 2147483648u, 1, 100000, 3000000000u,
                                   7, 4294967294u, 123456789,   3, 65536,  999};
    static const int32_t s32[] = {0,  2147483647, -2147483647 - 1, -2147483647, 1073741824, -1, 1,
                                  -5, 5,          123456789,       -123456789,  9};
    static const float f32[] = {0.0f,  1.0f,  0.5f, -0.25f, 2.5f,  0.125f,
                                0.75f, -1.0f, 0.3f, 100.0f, 1e-3f, 0.9f};
    /* half bits and their values: 0x3C00 = 1, 0x3800 = 0.5, 0xC000 = -2, 0x3555 ~ 0.333 */
    static const uint16_t h16[] = {0x0000, 0x3C00, 0x3800, 0xC000, 0x3555, 0x4900,
                                   0x3400, 0xBC00, 0x7BFF, 0x0001, 0x3A00, 0x2E66};
    static const double hval[] = {0.0,
                                  1.0,
                                  0.5,
                                  -2.0,
                                  0.333251953125,
                                  10.0,
                                  0.25,
                                  -1.0,
                                  65504.0,
                                  5.9604644775390625e-8,
                                  0.75,
                                  0.0999755859375};
    k %= 12;
    *value = 0.0;
    switch (t->type) {
    case GL_UNSIGNED_BYTE:
        bytes[0] = (uint8_t)u8[k];
        *value = u8[k] / 255.0;
        break;
    case GL_BYTE:
        memcpy(bytes, &s8[k], 1);
        *value = s8[k] / 127.0 < -1.0 ? -1.0 : s8[k] / 127.0;
        break;
    case GL_UNSIGNED_SHORT:
        memcpy(bytes, &u16[k], 2);
        *value = u16[k] / 65535.0;
        break;
    case GL_SHORT:
        memcpy(bytes, &s16[k], 2);
        *value = s16[k] / 32767.0 < -1.0 ? -1.0 : s16[k] / 32767.0;
        break;
    case GL_UNSIGNED_INT:
        memcpy(bytes, &u32[k], 4);
        *value = u32[k] / 4294967295.0;
        break;
    case GL_INT:
        memcpy(bytes, &s32[k], 4);
        *value = s32[k] / 2147483647.0 < -1.0 ? -1.0 : s32[k] / 2147483647.0;
        break;
    case GL_FLOAT:
        memcpy(bytes, &f32[k], 4);
        *value = f32[k];
        break;
    case GL_HALF_FLOAT:
        memcpy(bytes, &h16[k], 2);
        *value = hval[k];
        break;
    }
}

typedef struct fdef {
    GLenum format;
    unsigned n;
    int slot[4]; /* RGBA index per element; 9 = luminance */
} fdef;

static const fdef color_formats[] = {
    {GL_RED, 1, {0}},
    {GL_GREEN, 1, {1}},
    {GL_BLUE, 1, {2}},
    {GL_ALPHA, 1, {3}},
    {GL_RG, 2, {0, 1}},
    {GL_RGB, 3, {0, 1, 2}},
    {GL_BGR, 3, {2, 1, 0}},
    {GL_RGBA, 4, {0, 1, 2, 3}},
    {GL_BGRA, 4, {2, 1, 0, 3}},
    {GL_LUMINANCE, 1, {9}},
    {GL_LUMINANCE_ALPHA, 2, {9, 3}},
};

/* Every (colour format, plain type): unpack 5 pixels into RGBA32F. */
static void test_unpack_plain_to_float(void **state)
{
    (void)state;
    for (size_t fi = 0; fi < sizeof color_formats / sizeof color_formats[0]; fi++) {
        const fdef *f = &color_formats[fi];
        for (size_t ti = 0; ti < sizeof plain_types / sizeof plain_types[0]; ti++) {
            const tdef *t = &plain_types[ti];
            uint8_t src[5 * 4 * 4];
            double want[5][4];
            unsigned k = (unsigned)fi; /* vary the values per format */
            for (int x = 0; x < 5; x++) {
                want[x][0] = want[x][1] = want[x][2] = 0.0;
                want[x][3] = 1.0;
                for (unsigned e = 0; e < f->n; e++) {
                    double v;
                    elem_value(t, k++, src + (x * f->n + e) * t->size, &v);
                    if (f->slot[e] == 9)
                        want[x][0] = want[x][1] = want[x][2] = v;
                    else
                        want[x][f->slot[e]] = v;
                }
            }
            float out[5][4];
            gl_pixelstore ps = def_ps;
            ps.alignment = 1;
            assert_int_equal(gl_pixels_check(f->format, t->type), GL_NO_ERROR);
            assert_true(gl_pixels_unpack(&ps, f->format, t->type, src, 5, 1, 1,
                                         PIPE_FORMAT_R32G32B32A32_FLOAT, out, sizeof out,
                                         sizeof out));
            /* the same data into 8- and 16-bit UNORM storage: round(clamp(v) * max) */
            uint8_t o8[5][4];
            uint16_t o16[5][4];
            assert_true(gl_pixels_unpack(&ps, f->format, t->type, src, 5, 1, 1,
                                         PIPE_FORMAT_R8G8B8A8_UNORM, o8, sizeof o8, 0));
            assert_true(gl_pixels_unpack(&ps, f->format, t->type, src, 5, 1, 1,
                                         PIPE_FORMAT_R16G16B16A16_UNORM, o16, sizeof o16, 0));
            for (int x = 0; x < 5; x++)
                for (int c = 0; c < 4; c++) {
                    double v = want[x][c] < 0 ? 0 : want[x][c] > 1 ? 1 : want[x][c];
                    double e8 = v * 255.0, e16 = v * 65535.0;
                    /* exact unless the value sits on a rounding tie */
                    bool tie8 = fabs(e8 - floor(e8) - 0.5) < 1e-3;
                    bool tie16 = fabs(e16 - floor(e16) - 0.5) < 1e-2;
                    if (tie8 ? fabs(o8[x][c] - e8) > 0.51 : o8[x][c] != (int)floor(e8 + 0.5))
                        fail_msg("format 0x%x type 0x%x px %d c %d: RGBA8 %d want %.3f", f->format,
                                 t->type, x, c, o8[x][c], e8);
                    if (tie16 ? fabs(o16[x][c] - e16) > 0.51 : o16[x][c] != (int)floor(e16 + 0.5))
                        fail_msg("format 0x%x type 0x%x px %d c %d: RGBA16 %d want %.3f", f->format,
                                 t->type, x, c, o16[x][c], e16);
                }
            uint32_t oi[5][4];
            assert_false(gl_pixels_unpack(&ps, f->format, t->type, src, 5, 1, 1,
                                          PIPE_FORMAT_R32G32B32A32_UINT, oi, sizeof oi, 0));
            for (int x = 0; x < 5; x++)
                for (int c = 0; c < 4; c++) {
                    char what[96];
                    snprintf(what, sizeof what, "format 0x%x type 0x%x px %d c %d", f->format,
                             t->type, x, c);
                    near(out[x][c], (float)want[x][c], 1e-6f * (float)fmax(1.0, fabs(want[x][c])),
                         what);
                }
        }
    }
}

/* Packed types: hand-built words. */
typedef struct packed_case {
    GLenum format, type;
    uint32_t word;
    float rgba[4];
} packed_case;

static void test_unpack_packed(void **state)
{
    (void)state;
    const packed_case cases[] = {
        {GL_RGB, GL_UNSIGNED_BYTE_3_3_2, 0xE0, {1, 0, 0, 1}},
        {GL_RGB, GL_UNSIGNED_BYTE_3_3_2, 0x0D, {0, 3 / 7.f, 1 / 3.f, 1}},
        {GL_RGB, GL_UNSIGNED_BYTE_2_3_3_REV, 0xC0, {0, 0, 1, 1}},
        {GL_RGB, GL_UNSIGNED_BYTE_2_3_3_REV, 0x05, {5 / 7.f, 0, 0, 1}},
        {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 0xF800, {1, 0, 0, 1}},
        {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 0x07E0, {0, 1, 0, 1}},
        {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 0x0821, {1 / 31.f, 1 / 63.f, 1 / 31.f, 1}},
        {GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV, 0x001F, {1, 0, 0, 1}},
        {GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV, 0x0040, {0, 2 / 63.f, 0, 1}},
        {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, 0x1234, {1 / 15.f, 2 / 15.f, 3 / 15.f, 4 / 15.f}},
        {GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4, 0x1234, {3 / 15.f, 2 / 15.f, 1 / 15.f, 4 / 15.f}},
        {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4_REV, 0x1234, {4 / 15.f, 3 / 15.f, 2 / 15.f, 1 / 15.f}},
        {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, 0x8001, {16 / 31.f, 0, 0, 1}},
        {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, 0x003E, {0, 0, 1, 0}},
        {GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV, 0x8001, {1 / 31.f, 0, 0, 1}},
        {GL_BGRA, GL_UNSIGNED_SHORT_1_5_5_5_REV, 0x7C00, {1, 0, 0, 0}},
        {GL_RGBA,
         GL_UNSIGNED_INT_8_8_8_8,
         0x11223344,
         {0x11 / 255.f, 0x22 / 255.f, 0x33 / 255.f, 0x44 / 255.f}},
        {GL_RGBA,
         GL_UNSIGNED_INT_8_8_8_8_REV,
         0x11223344,
         {0x44 / 255.f, 0x33 / 255.f, 0x22 / 255.f, 0x11 / 255.f}},
        {GL_BGRA,
         GL_UNSIGNED_INT_8_8_8_8_REV,
         0x11223344,
         {0x22 / 255.f, 0x33 / 255.f, 0x44 / 255.f, 0x11 / 255.f}},
        {GL_RGBA,
         GL_UNSIGNED_INT_10_10_10_2,
         (1023u << 22) | (512u << 12) | (1u << 2) | 2u,
         {1, 512 / 1023.f, 1 / 1023.f, 2 / 3.f}},
        {GL_RGBA,
         GL_UNSIGNED_INT_2_10_10_10_REV,
         1023u | (100u << 10) | (3u << 30),
         {1, 100 / 1023.f, 0, 1}},
        {GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV, 1023u | (1u << 30), {0, 0, 1, 1 / 3.f}},
        /* 11-bit float 1.0 = exponent 15 << 6; 2.0 = 16 << 6; 10-bit 0.5 = 14 << 5 */
        {GL_RGB,
         GL_UNSIGNED_INT_10F_11F_11F_REV,
         (15u << 6) | ((16u << 6) << 11) | ((14u << 5) << 22),
         {1, 2, 0.5f, 1}},
        /* shared exponent: value = m * 2^(e - 15 - 9); 1.0 = 256 with e = 16 */
        {GL_RGB,
         GL_UNSIGNED_INT_5_9_9_9_REV,
         256u | (128u << 9) | (64u << 18) | (16u << 27),
         {1, 0.5f, 0.25f, 1}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const packed_case *pc = &cases[i];
        uint8_t src[4];
        memcpy(src, &pc->word, 4); /* little-endian host: low bytes first */
        float out[4];
        assert_int_equal(gl_pixels_check(pc->format, pc->type), GL_NO_ERROR);
        assert_true(gl_pixels_unpack(&def_ps, pc->format, pc->type, src, 1, 1, 1,
                                     PIPE_FORMAT_R32G32B32A32_FLOAT, out, 16, 16));
        for (int c = 0; c < 4; c++) {
            char what[64];
            snprintf(what, sizeof what, "case %zu c %d", i, c);
            near(out[c], pc->rgba[c], 1e-6f, what);
        }
        /* and back: packing the floats gives the same word (exact values) */
        uint32_t back = 0;
        assert_true(gl_pixels_pack(&def_ps, pc->format, pc->type, &back, 1, 1, 1,
                                   PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGBA, out, 16, 16, false));
        unsigned sz =
            pc->type == GL_UNSIGNED_BYTE_3_3_2 || pc->type == GL_UNSIGNED_BYTE_2_3_3_REV ? 1
            : (pc->type >= GL_UNSIGNED_SHORT_4_4_4_4 && pc->type <= GL_UNSIGNED_SHORT_5_5_5_1) ||
                    pc->type == GL_UNSIGNED_SHORT_5_6_5 ||
                    pc->type == GL_UNSIGNED_SHORT_5_6_5_REV ||
                    pc->type == GL_UNSIGNED_SHORT_4_4_4_4_REV ||
                    pc->type == GL_UNSIGNED_SHORT_1_5_5_5_REV
                ? 2
                : 4;
        uint32_t mask = sz == 4 ? 0xffffffffu : (1u << (8 * sz)) - 1;
        if (pc->type != GL_UNSIGNED_INT_5_9_9_9_REV) /* shared exponent may renormalize */
            assert_int_equal(back & mask, pc->word & mask);
    }
}

/* Into common pipe formats (fast paths and the generic path). */
static void test_unpack_pipe_formats(void **state)
{
    (void)state;
    const uint8_t rgba[8] = {10, 20, 30, 40, 250, 128, 0, 255};
    uint8_t o[16];
    assert_true(gl_pixels_unpack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, rgba, 2, 1, 1,
                                 PIPE_FORMAT_R8G8B8A8_UNORM, o, 8, 8));
    assert_memory_equal(o, rgba, 8);
    assert_true(gl_pixels_unpack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, rgba, 2, 1, 1,
                                 PIPE_FORMAT_B8G8R8A8_UNORM, o, 8, 8));
    const uint8_t bgra[8] = {30, 20, 10, 40, 0, 128, 250, 255};
    assert_memory_equal(o, bgra, 8);
    assert_true(gl_pixels_unpack(&def_ps, GL_BGRA, GL_UNSIGNED_BYTE, bgra, 2, 1, 1,
                                 PIPE_FORMAT_R8G8B8A8_UNORM, o, 8, 8));
    assert_memory_equal(o, rgba, 8);
    assert_true(gl_pixels_unpack(&def_ps, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, bgra, 2, 1, 1,
                                 PIPE_FORMAT_B8G8R8A8_UNORM, o, 8, 8));
    assert_memory_equal(o, bgra, 8);
    assert_true(gl_pixels_unpack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, rgba, 2, 1, 1,
                                 PIPE_FORMAT_R8G8B8X8_UNORM, o, 8, 8));
    const uint8_t rgbx[8] = {10, 20, 30, 255, 250, 128, 0, 255};
    assert_memory_equal(o, rgbx, 8);
    const uint8_t rgb[6] = {10, 20, 30, 250, 128, 0};
    gl_pixelstore a1 = def_ps;
    a1.alignment = 1;
    assert_true(gl_pixels_unpack(&a1, GL_RGB, GL_UNSIGNED_BYTE, rgb, 2, 1, 1,
                                 PIPE_FORMAT_R8G8B8A8_UNORM, o, 8, 8));
    assert_memory_equal(o, rgbx, 8);
    /* 8_8_8_8 (not REV) puts R in the high byte: word 0x0A141E28 = R 10 ... */
    uint32_t w8888 = 0x0A141E28u;
    assert_true(gl_pixels_unpack(&def_ps, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, &w8888, 1, 1, 1,
                                 PIPE_FORMAT_R8G8B8A8_UNORM, o, 4, 4));
    assert_memory_equal(o, rgba, 4);
    /* generic path: floats to bytes round(x * 255), ties away from zero */
    const float fl[8] = {0.5f, 1.5f, -0.25f, 0.2f, 1.0f / 255 * 0.49f, 0.998f, 0.0f, 1.0f};
    assert_true(gl_pixels_unpack(&def_ps, GL_RGBA, GL_FLOAT, fl, 2, 1, 1,
                                 PIPE_FORMAT_R8G8B8A8_UNORM, o, 8, 8));
    const uint8_t flw[8] = {128, 255, 0, 51, 0, 254, 0, 255};
    assert_memory_equal(o, flw, 8);
    /* luminance: L8 stores L; RGBA storage gets (L, L, L, 1) */
    const uint8_t lum[2] = {7, 200};
    assert_true(gl_pixels_unpack(&def_ps, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum, 2, 1, 1,
                                 PIPE_FORMAT_L8_UNORM, o, 2, 2));
    assert_int_equal(o[0], 7);
    assert_int_equal(o[1], 200);
    assert_true(gl_pixels_unpack(&def_ps, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum, 2, 1, 1,
                                 PIPE_FORMAT_R8G8B8A8_UNORM, o, 8, 8));
    const uint8_t lrgba[8] = {7, 7, 7, 255, 200, 200, 200, 255};
    assert_memory_equal(o, lrgba, 8);
    assert_true(gl_pixels_unpack(&def_ps, GL_ALPHA, GL_UNSIGNED_BYTE, lum, 2, 1, 1,
                                 PIPE_FORMAT_A8_UNORM, o, 2, 2));
    assert_int_equal(o[1], 200);
    assert_true(gl_pixels_unpack(&def_ps, GL_ALPHA, GL_UNSIGNED_BYTE, lum, 2, 1, 1,
                                 PIPE_FORMAT_R8G8B8A8_UNORM, o, 8, 8));
    const uint8_t argba[8] = {0, 0, 0, 7, 0, 0, 0, 200};
    assert_memory_equal(o, argba, 8);
    /* 16-bit UNORM: byte b -> b * 257 */
    uint16_t o16[8];
    assert_true(gl_pixels_unpack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, rgba, 2, 1, 1,
                                 PIPE_FORMAT_R16G16B16A16_UNORM, o16, 16, 16));
    for (int i = 0; i < 8; i++)
        assert_int_equal(o16[i], rgba[i] * 257);
    /* half floats: 1.0 = 0x3C00, 0.5 = 0x3800, -2 = 0xC000 */
    const float hf[4] = {1.0f, 0.5f, -2.0f, 0.0f};
    assert_true(gl_pixels_unpack(&def_ps, GL_RGBA, GL_FLOAT, hf, 1, 1, 1,
                                 PIPE_FORMAT_R16G16B16A16_FLOAT, o16, 8, 8));
    assert_int_equal(o16[0], 0x3C00);
    assert_int_equal(o16[1], 0x3800);
    assert_int_equal(o16[2], 0xC000);
    assert_int_equal(o16[3], 0);
    /* 565: pure red */
    const uint8_t red[4] = {255, 0, 0, 0};
    assert_true(gl_pixels_unpack(&def_ps, GL_RGB, GL_UNSIGNED_BYTE, red, 1, 1, 1,
                                 PIPE_FORMAT_B5G6R5_UNORM, o16, 2, 2));
    assert_int_equal(o16[0], 0xF800);
    /* sRGB storage keeps the client's encoded values, fast and generic path */
    const uint8_t s[4] = {100, 50, 200, 30};
    assert_true(gl_pixels_unpack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, s, 1, 1, 1,
                                 PIPE_FORMAT_R8G8B8A8_SRGB, o, 4, 4));
    assert_memory_equal(o, s, 4);
    const float sf[4] = {100 / 255.f, 50 / 255.f, 200 / 255.f, 30 / 255.f};
    assert_true(gl_pixels_unpack(&def_ps, GL_RGBA, GL_FLOAT, sf, 1, 1, 1, PIPE_FORMAT_R8G8B8A8_SRGB,
                                 o, 4, 4));
    assert_memory_equal(o, s, 4);
    uint8_t back[4];
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, back, 1, 1, 1,
                               PIPE_FORMAT_R8G8B8A8_SRGB, GL_RGBA, o, 4, 4, false));
    assert_memory_equal(back, s, 4);
    /* SNORM: GL 3.0+ rule, -1 for the most negative byte */
    const int8_t sb[4] = {-128, -127, 127, 64};
    assert_true(gl_pixels_unpack(&def_ps, GL_RGBA, GL_BYTE, sb, 1, 1, 1, PIPE_FORMAT_R8G8B8A8_SNORM,
                                 o, 4, 4));
    assert_int_equal((int8_t)o[0], -127);
    assert_int_equal((int8_t)o[1], -127);
    assert_int_equal((int8_t)o[2], 127);
    assert_int_equal((int8_t)o[3], 64);
    /* kind mismatches: colour to depth, integer to normalized, compressed dst */
    assert_false(gl_pixels_unpack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, rgba, 1, 1, 1,
                                  PIPE_FORMAT_Z24_UNORM_S8_UINT, o, 4, 4));
    assert_false(gl_pixels_unpack(&def_ps, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, rgba, 1, 1, 1,
                                  PIPE_FORMAT_R8G8B8A8_UNORM, o, 4, 4));
    assert_false(gl_pixels_unpack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, rgba, 1, 1, 1,
                                  PIPE_FORMAT_R8G8B8A8_UINT, o, 4, 4));
    assert_false(gl_pixels_unpack(&def_ps, GL_DEPTH_COMPONENT, GL_FLOAT, fl, 1, 1, 1,
                                  PIPE_FORMAT_R32_FLOAT, o, 4, 4));
    uint8_t blk[16];
    assert_false(gl_pixels_unpack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, rgba, 1, 1, 1,
                                  PIPE_FORMAT_DXT1_RGB, blk, 8, 8));
    assert_false(gl_pixels_unpack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, NULL, 1, 1, 1,
                                  PIPE_FORMAT_R8G8B8A8_UNORM, o, 4, 4));
    assert_false(gl_pixels_unpack(&def_ps, GL_RGBA, 0x1234, rgba, 1, 1, 1,
                                  PIPE_FORMAT_R8G8B8A8_UNORM, o, 4, 4));
    assert_false(gl_pixels_unpack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, rgba, -1, 1, 1,
                                  PIPE_FORMAT_R8G8B8A8_UNORM, o, 4, 4));
}

static void test_integer(void **state)
{
    (void)state;
    const uint8_t ub[4] = {1, 2, 200, 255};
    uint8_t o8[4];
    assert_true(gl_pixels_unpack(&def_ps, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, ub, 1, 1, 1,
                                 PIPE_FORMAT_R8G8B8A8_UINT, o8, 4, 4));
    assert_memory_equal(o8, ub, 4);
    const int8_t sb[3] = {-5, 7, -128};
    int32_t o32[4];
    assert_true(gl_pixels_unpack(&def_ps, GL_BGR_INTEGER, GL_BYTE, sb, 1, 1, 1,
                                 PIPE_FORMAT_R32G32B32A32_SINT, o32, 16, 16));
    assert_int_equal(o32[0], -128);
    assert_int_equal(o32[1], 7);
    assert_int_equal(o32[2], -5);
    assert_int_equal(o32[3], 1);
    const uint32_t ui = 300;
    assert_true(gl_pixels_unpack(&def_ps, GL_RED_INTEGER, GL_UNSIGNED_INT, &ui, 1, 1, 1,
                                 PIPE_FORMAT_R8_UINT, o8, 1, 1));
    assert_int_equal(o8[0], 255); /* clamped to the channel */
    const int32_t neg = -7;
    uint32_t ou[4];
    assert_true(gl_pixels_unpack(&def_ps, GL_GREEN_INTEGER, GL_INT, &neg, 1, 1, 1,
                                 PIPE_FORMAT_R32G32B32A32_UINT, ou, 16, 16));
    assert_int_equal(ou[0], 0);
    assert_int_equal(ou[1], 0); /* negative to unsigned clamps to 0 */
    assert_int_equal(ou[3], 1);
    const uint32_t big = 4000000000u;
    assert_true(gl_pixels_unpack(&def_ps, GL_RED_INTEGER, GL_UNSIGNED_INT, &big, 1, 1, 1,
                                 PIPE_FORMAT_R32G32B32A32_UINT, ou, 16, 16));
    assert_int_equal(ou[0], 4000000000u);
    assert_true(gl_pixels_unpack(&def_ps, GL_RED_INTEGER, GL_UNSIGNED_INT, &big, 1, 1, 1,
                                 PIPE_FORMAT_R32G32B32A32_SINT, o32, 16, 16));
    assert_int_equal(o32[0], 2147483647);
    /* packed type with an integer format: fields unnormalized */
    const uint16_t w565 = 0xFFFF;
    assert_true(gl_pixels_unpack(&def_ps, GL_RGB_INTEGER, GL_UNSIGNED_SHORT_5_6_5, &w565, 1, 1, 1,
                                 PIPE_FORMAT_R32G32B32A32_UINT, ou, 16, 16));
    assert_int_equal(ou[0], 31);
    assert_int_equal(ou[1], 63);
    assert_int_equal(ou[2], 31);
    /* pack: clamp to the client type */
    const int32_t sv[4] = {-5, 300, 70000, -70000};
    int8_t pb[4];
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA_INTEGER, GL_BYTE, pb, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_SINT, GL_RGBA, sv, 16, 16, false));
    assert_int_equal(pb[0], -5);
    assert_int_equal(pb[1], 127);
    assert_int_equal(pb[2], 127);
    assert_int_equal(pb[3], -128);
    uint16_t pu[4];
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, pu, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_SINT, GL_RGB, sv, 16, 16, false));
    assert_int_equal(pu[0], 0);
    assert_int_equal(pu[1], 300);
    assert_int_equal(pu[2], 65535);
    assert_int_equal(pu[3], 1); /* base RGB: alpha reads integer 1 */
    /* non-integer pack from an integer source fails */
    assert_false(gl_pixels_pack(&def_ps, GL_RGBA, GL_FLOAT, pu, 1, 1, 1,
                                PIPE_FORMAT_R32G32B32A32_SINT, GL_RGBA, sv, 16, 16, false));
    /* integer formats reject float types */
    assert_int_equal(gl_pixels_check(GL_RGBA_INTEGER, GL_FLOAT), GL_INVALID_OPERATION);
    assert_int_equal(gl_pixels_check(GL_RED_INTEGER, GL_HALF_FLOAT), GL_INVALID_OPERATION);
}

/* Pack: float source -> every plain type, rebase and luminance rules. */
static void test_pack(void **state)
{
    (void)state;
    const float src[4] = {0.5f, 1.5f, -0.5f, 0.2f};
    uint8_t ub[4];
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, ub, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGBA, src, 16, 16, false));
    assert_int_equal(ub[0], 128);
    assert_int_equal(ub[1], 255);
    assert_int_equal(ub[2], 0);
    assert_int_equal(ub[3], 51);
    int8_t sb[4];
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_BYTE, sb, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGBA, src, 16, 16, false));
    assert_int_equal(sb[0], 64); /* 63.5 rounds away from zero */
    assert_int_equal(sb[1], 127);
    assert_int_equal(sb[2], -64);
    assert_int_equal(sb[3], 25);
    int16_t ss[4];
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_SHORT, ss, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGBA, src, 16, 16, false));
    assert_int_equal(ss[0], 16384);
    assert_int_equal(ss[2], -16384);
    uint32_t ui[4];
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_UNSIGNED_INT, ui, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGBA, src, 16, 16, false));
    assert_int_equal(ui[0], 2147483648u);
    assert_int_equal(ui[1], 4294967295u);
    assert_int_equal(ui[2], 0);
    float f[4];
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_FLOAT, f, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGBA, src, 16, 16, false));
    assert_memory_equal(f, src, 16);
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_FLOAT, f, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGBA, src, 16, 16, true));
    assert_true(f[0] == 0.5f && f[1] == 1.0f && f[2] == 0.0f && f[3] == 0.2f);
    uint16_t h[4];
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_HALF_FLOAT, h, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGBA, src, 16, 16, false));
    assert_int_equal(h[0], 0x3800);
    assert_int_equal(h[1], 0x3E00);
    assert_int_equal(h[2], 0xB800);
    /* luminance: RGB source sums, L source reads R */
    const float c3[4] = {0.2f, 0.3f, 0.4f, 0.7f};
    float l[2];
    assert_true(gl_pixels_pack(&def_ps, GL_LUMINANCE_ALPHA, GL_FLOAT, l, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGBA, c3, 16, 16, false));
    near(l[0], 0.9f, 1e-6f, "L = R+G+B");
    near(l[1], 0.7f, 1e-6f, "A");
    assert_true(gl_pixels_pack(&def_ps, GL_LUMINANCE_ALPHA, GL_FLOAT, l, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_FLOAT, GL_LUMINANCE, c3, 16, 16, false));
    near(l[0], 0.2f, 1e-6f, "L of a luminance source");
    near(l[1], 1.0f, 0, "A of a luminance source");
    const float big[4] = {0.6f, 0.5f, 0.4f, 1};
    assert_true(gl_pixels_pack(&def_ps, GL_LUMINANCE, GL_UNSIGNED_BYTE, ub, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGB, big, 16, 16, false));
    assert_int_equal(ub[0], 255);
    assert_true(gl_pixels_pack(&def_ps, GL_LUMINANCE, GL_FLOAT, f, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGB, big, 16, 16, false));
    near(f[0], 1.5f, 1e-6f, "unclamped float L");
    assert_true(gl_pixels_pack(&def_ps, GL_LUMINANCE, GL_FLOAT, f, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGB, big, 16, 16, true));
    near(f[0], 1.0f, 0, "clamped float L");
    /* rebase: ALPHA source, RGB source, L8 pipe format, RGBA storage of L */
    const uint8_t px[4] = {10, 20, 30, 40};
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, ub, 1, 1, 1,
                               PIPE_FORMAT_R8G8B8A8_UNORM, GL_ALPHA, px, 4, 4, false));
    assert_true(ub[0] == 0 && ub[1] == 0 && ub[2] == 0 && ub[3] == 40);
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, ub, 1, 1, 1,
                               PIPE_FORMAT_R8G8B8A8_UNORM, GL_RGB, px, 4, 4, false));
    assert_true(ub[0] == 10 && ub[1] == 20 && ub[2] == 30 && ub[3] == 255);
    assert_true(gl_pixels_pack(&def_ps, GL_BGRA, GL_UNSIGNED_BYTE, ub, 1, 1, 1,
                               PIPE_FORMAT_R8G8B8A8_UNORM, GL_RGBA, px, 4, 4, false));
    assert_true(ub[0] == 30 && ub[1] == 20 && ub[2] == 10 && ub[3] == 40);
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, ub, 1, 1, 1,
                               PIPE_FORMAT_B8G8R8A8_UNORM, GL_RGBA, px, 4, 4, false));
    assert_true(ub[0] == 30 && ub[1] == 20 && ub[2] == 10 && ub[3] == 40);
    assert_true(gl_pixels_pack(&def_ps, GL_BGRA, GL_UNSIGNED_BYTE, ub, 1, 1, 1,
                               PIPE_FORMAT_R8G8B8A8_UNORM, GL_RGB, px, 4, 4, false));
    assert_true(ub[0] == 30 && ub[1] == 20 && ub[2] == 10 && ub[3] == 255);
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, ub, 1, 1, 1,
                               PIPE_FORMAT_R8G8B8X8_UNORM, GL_RGBA, px, 4, 4, false));
    assert_true(ub[0] == 10 && ub[1] == 20 && ub[2] == 30 && ub[3] == 255);
    const uint8_t l8 = 77;
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, ub, 1, 1, 1,
                               PIPE_FORMAT_L8_UNORM, GL_LUMINANCE, &l8, 1, 1, false));
    assert_true(ub[0] == 77 && ub[1] == 0 && ub[2] == 0 && ub[3] == 255);
    assert_true(gl_pixels_pack(&def_ps, GL_LUMINANCE, GL_UNSIGNED_BYTE, ub, 1, 1, 1,
                               PIPE_FORMAT_L8_UNORM, GL_LUMINANCE, &l8, 1, 1, false));
    assert_int_equal(ub[0], 77);
    const uint8_t lstore[4] = {77, 77, 77, 255}; /* L in RGBA storage */
    assert_true(gl_pixels_pack(&def_ps, GL_LUMINANCE, GL_UNSIGNED_BYTE, ub, 1, 1, 1,
                               PIPE_FORMAT_R8G8B8A8_UNORM, GL_LUMINANCE, lstore, 4, 4, false));
    assert_int_equal(ub[0], 77);
    const uint8_t i8 = 99;
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, ub, 1, 1, 1,
                               PIPE_FORMAT_I8_UNORM, GL_INTENSITY, &i8, 1, 1, false));
    assert_true(ub[0] == 99 && ub[1] == 0 && ub[2] == 0 && ub[3] == 255);
    /* compressed source decodes: DXT1 block, colour0 = white, all texels index 0 */
    const uint8_t dxt[8] = {0xff, 0xff, 0, 0, 0, 0, 0, 0};
    uint8_t px4[4 * 4 * 4];
    assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_UNSIGNED_BYTE, px4, 4, 4, 1,
                               PIPE_FORMAT_DXT1_RGB, GL_RGB, dxt, 8, 8, false));
    for (int i = 0; i < 64; i++)
        assert_int_equal(px4[i], 255);
}

/* Round trips through RGBA32F for every colour format and exact types. */
static void test_round_trip(void **state)
{
    (void)state;
    const GLenum types[] = {GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT, GL_FLOAT, GL_HALF_FLOAT, GL_BYTE};
    for (size_t fi = 0; fi < sizeof color_formats / sizeof color_formats[0]; fi++) {
        const fdef *f = &color_formats[fi];
        for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) {
            const tdef *t = NULL;
            for (size_t k = 0; k < sizeof plain_types / sizeof plain_types[0]; k++)
                if (plain_types[k].type == types[ti])
                    t = &plain_types[k];
            uint8_t src[7 * 4 * 4 + 4], back[7 * 4 * 4 + 4];
            unsigned n = 0;
            for (int x = 0; x < 7; x++)
                for (unsigned e = 0; e < f->n; e++) {
                    double v;
                    unsigned k = 3 * x + e;
                    if (t->type == GL_BYTE && k % 12 == 2)
                        k++; /* -128 reads as -1 and packs back as -127 */
                    elem_value(t, k, src + n, &v);
                    n += t->size;
                }
            float tmp[7][4];
            gl_pixelstore ps = def_ps;
            ps.alignment = 1;
            assert_true(gl_pixels_unpack(&ps, f->format, t->type, src, 7, 1, 1,
                                         PIPE_FORMAT_R32G32B32A32_FLOAT, tmp, sizeof tmp, 0));
            GLenum base = f->format == GL_LUMINANCE         ? GL_LUMINANCE
                          : f->format == GL_LUMINANCE_ALPHA ? GL_LUMINANCE_ALPHA
                                                            : GL_RGBA;
            memset(back, 0xcd, sizeof back);
            assert_true(gl_pixels_pack(&ps, f->format, t->type, back, 7, 1, 1,
                                       PIPE_FORMAT_R32G32B32A32_FLOAT, base, tmp, sizeof tmp, 0,
                                       false));
            if (memcmp(src, back, n) != 0)
                fail_msg("round trip format 0x%x type 0x%x", f->format, t->type);
            if (back[n] != 0xcd)
                fail_msg("round trip format 0x%x type 0x%x wrote past the end", f->format, t->type);
        }
    }
}

/* ---- pixel store -------------------------------------------------------------- */

/* Row stride by GL 2.1 eq. 3.?: k = n*l if s >= a, else a/s * ceil(s*n*l / a). */
static size_t gl_row_bytes(size_t s, size_t n, size_t l, size_t a)
{
    if (s >= a)
        return n * l * s;
    return a * ((s * n * l + a - 1) / a);
}

static void test_alignment_and_skips(void **state)
{
    (void)state;
    const unsigned aligns[] = {1, 2, 4, 8};
    for (int ai = 0; ai < 4; ai++) {
        for (int w = 1; w <= 7; w++) {
            for (int variant = 0; variant < 3; variant++) {
                /* variant 0: RGB/UBYTE, 1: RGB/USHORT, 2: LA/FLOAT */
                GLenum format = variant == 2 ? GL_LUMINANCE_ALPHA : GL_RGB;
                GLenum type = variant == 0   ? GL_UNSIGNED_BYTE
                              : variant == 1 ? GL_UNSIGNED_SHORT
                                             : GL_FLOAT;
                size_t s = variant == 0 ? 1 : variant == 1 ? 2 : 4, n = variant == 2 ? 2 : 3;
                gl_pixelstore ps = def_ps;
                ps.alignment = (GLint)aligns[ai];
                ps.row_length = variant == 1 ? w + 3 : 0;
                ps.skip_pixels = variant;
                ps.skip_rows = 1;
                size_t l = ps.row_length ? (size_t)ps.row_length : (size_t)w;
                size_t row = gl_row_bytes(s, n, l, aligns[ai]);
                const int h = 3;
                size_t start = (size_t)ps.skip_rows * row + (size_t)ps.skip_pixels * n * s;
                size_t span = start + (h - 1) * row + (size_t)w * n * s;
                assert_int_equal(gl_pixels_span(&ps, format, type, w, h, 1), span);
                uint8_t *buf = malloc(span), *buf2 = malloc(span);
                /* element values from their position */
                float want[3][7][4];
                memset(buf, 0xcd, span);
                for (int y = 0; y < h; y++)
                    for (int x = 0; x < w; x++) {
                        float el[3];
                        for (size_t e = 0; e < n; e++) {
                            unsigned v = (unsigned)(y * 50 + x * 7 + e * 3 + 1);
                            uint8_t *p = buf + start + y * row + (x * n + e) * s;
                            if (s == 1) {
                                *p = (uint8_t)v;
                                el[e] = v / 255.0f;
                            } else if (s == 2) {
                                uint16_t u = (uint16_t)(v * 300);
                                memcpy(p, &u, 2);
                                el[e] = u / 65535.0f;
                            } else {
                                float fv = v / 256.0f;
                                memcpy(p, &fv, 4);
                                el[e] = fv;
                            }
                        }
                        if (n == 3) {
                            want[y][x][0] = el[0];
                            want[y][x][1] = el[1];
                            want[y][x][2] = el[2];
                            want[y][x][3] = 1;
                        } else {
                            want[y][x][0] = want[y][x][1] = want[y][x][2] = el[0];
                            want[y][x][3] = el[1];
                        }
                    }
                float out[3][7][4];
                assert_true(gl_pixels_unpack(&ps, format, type, buf, w, h, 1,
                                             PIPE_FORMAT_R32G32B32A32_FLOAT, out, 7 * 16, 0));
                for (int y = 0; y < h; y++)
                    for (int x = 0; x < w; x++)
                        for (int c = 0; c < 4; c++)
                            near(out[y][x][c], want[y][x][c], 1e-6f, "alignment unpack");
                /* pack back into the same layout: data equal, gaps untouched */
                memset(buf2, 0xcd, span);
                assert_true(
                    gl_pixels_pack(&ps, format, type, buf2, w, h, 1, PIPE_FORMAT_R32G32B32A32_FLOAT,
                                   n == 3 ? GL_RGB : GL_LUMINANCE_ALPHA, out, 7 * 16, 0, false));
                assert_memory_equal(buf, buf2, span);
                free(buf);
                free(buf2);
            }
        }
    }
    /* fast path with alignment padding and skips: RGB/UBYTE -> RGBA8 */
    gl_pixelstore ps = def_ps;
    ps.skip_pixels = 2;
    ps.skip_rows = 1;
    ps.row_length = 5;
    uint8_t src[3 * 16]; /* row = ceil(15/4)*4 = 16 bytes */
    for (int i = 0; i < (int)sizeof src; i++)
        src[i] = (uint8_t)i;
    uint8_t o[2][3][4];
    assert_true(gl_pixels_unpack(&ps, GL_RGB, GL_UNSIGNED_BYTE, src, 3, 2, 1,
                                 PIPE_FORMAT_R8G8B8A8_UNORM, o, 12, 0));
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 3; x++)
            for (int c = 0; c < 4; c++)
                assert_int_equal(o[y][x][c], c == 3 ? 255 : 16 * (y + 1) + 3 * (x + 2) + c);
}

static void test_3d_store(void **state)
{
    (void)state;
    gl_pixelstore ps = def_ps;
    ps.alignment = 1;
    ps.image_height = 3;
    ps.skip_images = 1;
    /* 2x2x2 RED/UBYTE: image stride = 3 rows * 2 bytes = 6 */
    uint8_t src[6 * 3];
    for (int i = 0; i < 18; i++)
        src[i] = (uint8_t)(i + 1);
    assert_int_equal(gl_pixels_span(&ps, GL_RED, GL_UNSIGNED_BYTE, 2, 2, 2), 6 + 6 + 2 + 2);
    uint8_t o[2][2][2];
    assert_true(gl_pixels_unpack(&ps, GL_RED, GL_UNSIGNED_BYTE, src, 2, 2, 2, PIPE_FORMAT_R8_UNORM,
                                 o, 2, 4));
    for (int z = 0; z < 2; z++)
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 2; x++)
                assert_int_equal(o[z][y][x], 6 * (z + 1) + 2 * y + x + 1);
    /* d == 1: a 2-D image ignores SKIP_IMAGES and IMAGE_HEIGHT */
    assert_int_equal(gl_pixels_span(&ps, GL_RED, GL_UNSIGNED_BYTE, 2, 2, 1), 4);
    assert_true(gl_pixels_unpack(&ps, GL_RED, GL_UNSIGNED_BYTE, src, 2, 2, 1, PIPE_FORMAT_R8_UNORM,
                                 o, 2, 4));
    assert_int_equal(o[0][0][0], 1);
    assert_int_equal(o[0][1][1], 4);
    /* ... unless the caller says it is 3-D */
    assert_int_equal(gl_pixels_span_dims(&ps, 3, GL_RED, GL_UNSIGNED_BYTE, 2, 2, 1), 10);
    assert_true(gl_pixels_unpack_dims(&ps, 3, GL_RED, GL_UNSIGNED_BYTE, src, 2, 2, 1,
                                      PIPE_FORMAT_R8_UNORM, o, 2, 4));
    assert_int_equal(o[0][0][0], 7);
    /* pack 3-D */
    uint8_t back[18];
    memset(back, 0, sizeof back);
    uint8_t img[2][2][2] = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}};
    assert_true(gl_pixels_pack(&ps, GL_RED, GL_UNSIGNED_BYTE, back, 2, 2, 2, PIPE_FORMAT_R8_UNORM,
                               GL_RED, img, 2, 4, false));
    const uint8_t wantb[18] = {0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 0, 0, 5, 6, 7, 8, 0, 0};
    assert_memory_equal(back, wantb, 18);
}

static void test_swap_bytes(void **state)
{
    (void)state;
    gl_pixelstore ps = def_ps;
    ps.swap_bytes = GL_TRUE;
    /* big-endian shorts 0x1234, 0xFFFF */
    const uint8_t be16[4] = {0x12, 0x34, 0xff, 0xff};
    float out[2][4];
    assert_true(gl_pixels_unpack(&ps, GL_LUMINANCE, GL_UNSIGNED_SHORT, be16, 2, 1, 1,
                                 PIPE_FORMAT_R32G32B32A32_FLOAT, out, 32, 0));
    near(out[0][0], 0x1234 / 65535.0f, 1e-7f, "swap16");
    near(out[1][2], 1.0f, 0, "swap16 b");
    const uint8_t be32[4] = {0x3f, 0x80, 0x00, 0x00}; /* 1.0f big-endian */
    assert_true(gl_pixels_unpack(&ps, GL_RED, GL_FLOAT, be32, 1, 1, 1,
                                 PIPE_FORMAT_R32G32B32A32_FLOAT, out, 16, 0));
    near(out[0][0], 1.0f, 0, "swap float");
    const uint8_t beu[4] = {0x80, 0x00, 0x00, 0x00}; /* 2^31 */
    assert_true(gl_pixels_unpack(&ps, GL_RED, GL_UNSIGNED_INT, beu, 1, 1, 1,
                                 PIPE_FORMAT_R32G32B32A32_FLOAT, out, 16, 0));
    near(out[0][0], (float)(2147483648.0 / 4294967295.0), 1e-7f, "swap uint");
    const uint8_t be565[2] = {0xF8, 0x00}; /* 0xF800 = red */
    assert_true(gl_pixels_unpack(&ps, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, be565, 1, 1, 1,
                                 PIPE_FORMAT_R32G32B32A32_FLOAT, out, 16, 0));
    assert_true(out[0][0] == 1.0f && out[0][1] == 0.0f && out[0][2] == 0.0f);
    /* 8_8_8_8 with swap reads bytes in RGBA order */
    const uint8_t b4[4] = {10, 20, 30, 40};
    uint8_t o[4];
    assert_true(gl_pixels_unpack(&ps, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, b4, 1, 1, 1,
                                 PIPE_FORMAT_R8G8B8A8_UNORM, o, 4, 0));
    assert_memory_equal(o, b4, 4);
    assert_true(gl_pixels_unpack(&ps, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8_REV, b4, 1, 1, 1,
                                 PIPE_FORMAT_R8G8B8A8_UNORM, o, 4, 0));
    const uint8_t rev[4] = {40, 30, 20, 10};
    assert_memory_equal(o, rev, 4);
    /* bytes are not swapped */
    assert_true(gl_pixels_unpack(&ps, GL_RGBA, GL_UNSIGNED_BYTE, b4, 1, 1, 1,
                                 PIPE_FORMAT_R8G8B8A8_UNORM, o, 4, 0));
    assert_memory_equal(o, b4, 4);
    /* pack with swap */
    const float one[4] = {1.0f, 0, 0, 1};
    uint8_t p4[4];
    assert_true(gl_pixels_pack(&ps, GL_RED, GL_FLOAT, p4, 1, 1, 1, PIPE_FORMAT_R32G32B32A32_FLOAT,
                               GL_RGBA, one, 16, 0, false));
    assert_memory_equal(p4, be32, 4);
    assert_true(gl_pixels_pack(&ps, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, p4, 1, 1, 1,
                               PIPE_FORMAT_R32G32B32A32_FLOAT, GL_RGBA, one, 16, 0, false));
    assert_memory_equal(p4, be565, 2);
}

/* ---- check() and span() ------------------------------------------------------- */

static void test_check_table(void **state)
{
    (void)state;
    const struct {
        GLenum format, type, err;
    } t[] = {
        {GL_RGBA, GL_UNSIGNED_BYTE, GL_NO_ERROR},
        {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_NO_ERROR},
        {GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, GL_INVALID_OPERATION},
        {GL_BGR, GL_UNSIGNED_SHORT_5_6_5, GL_INVALID_OPERATION},
        {GL_RGB, GL_UNSIGNED_BYTE_3_3_2, GL_NO_ERROR},
        {GL_RGBA, GL_UNSIGNED_BYTE_3_3_2, GL_INVALID_OPERATION},
        {GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, GL_INVALID_OPERATION},
        {GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4_REV, GL_NO_ERROR},
        {GL_LUMINANCE, GL_UNSIGNED_INT_8_8_8_8, GL_INVALID_OPERATION},
        {GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_NO_ERROR},
        {GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, GL_NO_ERROR},
        {GL_RGB_INTEGER, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_INVALID_OPERATION},
        {GL_RGBA, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_INVALID_OPERATION},
        {GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, GL_NO_ERROR},
        {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_NO_ERROR},
        {GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_NO_ERROR},
        {GL_DEPTH_STENCIL, GL_UNSIGNED_INT, GL_INVALID_OPERATION},
        {GL_DEPTH_COMPONENT, GL_UNSIGNED_INT_24_8, GL_INVALID_OPERATION},
        {GL_RGBA, GL_UNSIGNED_INT_24_8, GL_INVALID_OPERATION},
        {GL_DEPTH_COMPONENT, GL_FLOAT, GL_NO_ERROR},
        {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT_5_6_5, GL_INVALID_OPERATION},
        {GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, GL_NO_ERROR},
        {GL_STENCIL_INDEX, GL_BITMAP, GL_NO_ERROR},
        {GL_RGBA, GL_BITMAP, GL_INVALID_ENUM},
        {GL_COLOR_INDEX, GL_UNSIGNED_BYTE, GL_INVALID_ENUM},
        {GL_INTENSITY, GL_UNSIGNED_BYTE, GL_INVALID_ENUM},
        {GL_RGBA, 0x1234, GL_INVALID_ENUM},
        {0x1234, GL_UNSIGNED_BYTE, GL_INVALID_ENUM},
        {GL_RGBA_INTEGER, GL_FLOAT, GL_INVALID_OPERATION},
        {GL_BGRA_INTEGER, GL_SHORT, GL_NO_ERROR},
        {GL_LUMINANCE_ALPHA, GL_HALF_FLOAT, GL_NO_ERROR},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (gl_pixels_check(t[i].format, t[i].type) != t[i].err)
            fail_msg("check(0x%x, 0x%x) = 0x%x, want 0x%x", t[i].format, t[i].type,
                     gl_pixels_check(t[i].format, t[i].type), t[i].err);
}

static void test_span(void **state)
{
    (void)state;
    gl_pixelstore ps = def_ps;
    assert_int_equal(gl_pixels_span(&ps, GL_RGBA, GL_UNSIGNED_BYTE, 5, 3, 1), 60);
    assert_int_equal(gl_pixels_span(&ps, GL_RGB, GL_UNSIGNED_BYTE, 5, 3, 1), 47);
    ps.skip_pixels = 1;
    ps.skip_rows = 2;
    assert_int_equal(gl_pixels_span(&ps, GL_RGB, GL_UNSIGNED_BYTE, 5, 3, 1), 47 + 3 + 32);
    ps = def_ps;
    assert_int_equal(gl_pixels_span(&ps, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 3, 2, 1), 8 + 6);
    assert_int_equal(
        gl_pixels_span(&ps, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, 3, 2, 1), 24 + 24);
    ps.alignment = 8;
    assert_int_equal(gl_pixels_span(&ps, GL_RGB, GL_FLOAT, 1, 2, 1), 16 + 12);
    ps.alignment = 1;
    /* BITMAP: ceil(w / 8) bytes per row; SKIP_PIXELS counts bits */
    assert_int_equal(gl_pixels_span(&ps, GL_STENCIL_INDEX, GL_BITMAP, 10, 3, 1), 2 * 2 + 2);
    ps.skip_pixels = 7;
    assert_int_equal(gl_pixels_span(&ps, GL_STENCIL_INDEX, GL_BITMAP, 10, 1, 1), 3);
    ps = def_ps;
    assert_int_equal(gl_pixels_span(&ps, GL_STENCIL_INDEX, GL_BITMAP, 10, 3, 1), 2 * 4 + 2);
    /* invalid and empty */
    assert_int_equal(gl_pixels_span(&ps, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, 3, 2, 1), 0);
    assert_int_equal(gl_pixels_span(&ps, GL_RGBA, GL_UNSIGNED_BYTE, 0, 2, 1), 0);
    assert_int_equal(gl_pixels_span(&ps, GL_RGBA, GL_UNSIGNED_BYTE, -1, 2, 1), 0);
    assert_int_equal(gl_pixels_span(NULL, GL_RGBA, GL_UNSIGNED_BYTE, 1, 2, 1), 0);
    /* overflow saturates */
    ps.row_length = 0x7fffffff;
    ps.image_height = 0x7fffffff;
    ps.skip_images = 0x7fffffff;
    assert_true(gl_pixels_span(&ps, GL_RGBA, GL_FLOAT, 0x7fffffff, 0x7fffffff, 0x7fffffff) ==
                SIZE_MAX);
}

/* ---- depth and stencil -------------------------------------------------------- */

static void test_depth_stencil(void **state)
{
    (void)state;
    uint32_t z[2] = {0xAB000000u, 0xAB000000u};
    const uint16_t us[2] = {65535, 32768};
    assert_true(gl_pixels_unpack(&def_ps, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, us, 2, 1, 1,
                                 PIPE_FORMAT_Z24_UNORM_S8_UINT, z, 8, 0));
    assert_int_equal(z[0], 0xABFFFFFFu); /* stencil (high byte) kept */
    assert_int_equal(z[1] & 0xffffff, (uint32_t)lround(32768 / 65535.0 * 16777215.0));
    uint16_t z16[2];
    assert_true(gl_pixels_unpack(&def_ps, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, us, 2, 1, 1,
                                 PIPE_FORMAT_Z16_UNORM, z16, 4, 0));
    assert_int_equal(z16[0], 65535);
    assert_int_equal(z16[1], 32768);
    const float fz[2] = {-0.5f, 1.5f};
    assert_true(gl_pixels_unpack(&def_ps, GL_DEPTH_COMPONENT, GL_FLOAT, fz, 2, 1, 1,
                                 PIPE_FORMAT_Z24X8_UNORM, z, 8, 0));
    assert_int_equal(z[0] & 0xffffff, 0);
    assert_int_equal(z[1] & 0xffffff, 0xffffff);
    float zf[2];
    assert_true(gl_pixels_unpack(&def_ps, GL_DEPTH_COMPONENT, GL_FLOAT, fz, 2, 1, 1,
                                 PIPE_FORMAT_Z32_FLOAT, zf, 8, 0));
    assert_true(zf[0] == -0.5f && zf[1] == 1.5f); /* float depth: not clamped */
    /* stencil into a combined format keeps depth */
    z[0] = z[1] = 0x00123456u;
    const uint8_t st[2] = {0x7f, 0x81};
    assert_true(gl_pixels_unpack(&def_ps, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st, 2, 1, 1,
                                 PIPE_FORMAT_Z24_UNORM_S8_UINT, z, 8, 0));
    assert_int_equal(z[0], 0x7f123456u);
    assert_int_equal(z[1], 0x81123456u);
    uint8_t s8[10];
    /* BITMAP, MSB first then LSB first: byte 0xA0 = bits 1,0,1,0,0,... */
    const uint8_t bm[2] = {0xA0, 0x80};
    gl_pixelstore ps = def_ps;
    assert_true(gl_pixels_unpack(&ps, GL_STENCIL_INDEX, GL_BITMAP, bm, 9, 1, 1, PIPE_FORMAT_S8_UINT,
                                 s8, 9, 0));
    const uint8_t msb[9] = {1, 0, 1, 0, 0, 0, 0, 0, 1};
    assert_memory_equal(s8, msb, 9);
    ps.lsb_first = GL_TRUE;
    assert_true(gl_pixels_unpack(&ps, GL_STENCIL_INDEX, GL_BITMAP, bm, 9, 1, 1, PIPE_FORMAT_S8_UINT,
                                 s8, 9, 0));
    const uint8_t lsb[9] = {0, 0, 0, 0, 0, 1, 0, 1, 0};
    assert_memory_equal(s8, lsb, 9);
    uint8_t bmback[2] = {0, 0};
    assert_true(gl_pixels_pack(&ps, GL_STENCIL_INDEX, GL_BITMAP, bmback, 9, 1, 1,
                               PIPE_FORMAT_S8_UINT, 0, s8, 9, 0, false));
    assert_int_equal(bmback[0], 0xA0);
    assert_int_equal(bmback[1], 0x00);
    /* DEPTH_STENCIL 24_8: depth in the high 24 bits of the client word */
    const uint32_t ds = 0xABCDEF12u;
    assert_true(gl_pixels_unpack(&def_ps, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &ds, 1, 1, 1,
                                 PIPE_FORMAT_Z24_UNORM_S8_UINT, z, 4, 0));
    assert_int_equal(z[0], 0x12ABCDEFu);
    assert_true(gl_pixels_unpack(&def_ps, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &ds, 1, 1, 1,
                                 PIPE_FORMAT_S8_UINT_Z24_UNORM, z, 4, 0));
    assert_int_equal(z[0], 0xABCDEF12u);
    uint32_t dsb = 0;
    assert_true(gl_pixels_pack(&def_ps, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &dsb, 1, 1, 1,
                               PIPE_FORMAT_S8_UINT_Z24_UNORM, 0, z, 4, 0, false));
    assert_int_equal(dsb, 0xABCDEF12u);
    /* FLOAT_32_UNSIGNED_INT_24_8_REV */
    struct {
        float z;
        uint32_t s;
    } f32s = {0.25f, 0xFFFFFF07u}, back;
    uint8_t zs8[8];
    memset(zs8, 0, 8);
    assert_true(gl_pixels_unpack(&def_ps, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
                                 &f32s, 1, 1, 1, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, zs8, 8, 0));
    float zz;
    memcpy(&zz, zs8, 4);
    assert_true(zz == 0.25f);
    assert_int_equal(zs8[4], 7);
    assert_true(gl_pixels_pack(&def_ps, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, &back,
                               1, 1, 1, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, 0, zs8, 8, 0, false));
    assert_true(back.z == 0.25f);
    assert_int_equal(back.s, 7);
    /* pack depth to types */
    const uint32_t z24 = 0x00800000u; /* 8388608 / 16777215 */
    float pf;
    assert_true(gl_pixels_pack(&def_ps, GL_DEPTH_COMPONENT, GL_FLOAT, &pf, 1, 1, 1,
                               PIPE_FORMAT_Z24X8_UNORM, 0, &z24, 4, 0, false));
    near(pf, (float)(8388608 / 16777215.0), 1e-7f, "z24 -> float");
    uint16_t pu;
    assert_true(gl_pixels_pack(&def_ps, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, &pu, 1, 1, 1,
                               PIPE_FORMAT_Z24X8_UNORM, 0, &z24, 4, 0, false));
    assert_int_equal(pu, 32768);
    uint32_t pui;
    assert_true(gl_pixels_pack(&def_ps, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, &pui, 1, 1, 1,
                               PIPE_FORMAT_Z24X8_UNORM, 0, &z24, 4, 0, false));
    assert_true(fabs(pui - 8388608 / 16777215.0 * 4294967295.0) < 512.0);
    uint8_t ps8;
    const uint32_t zs = 0x42000000u;
    assert_true(gl_pixels_pack(&def_ps, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &ps8, 1, 1, 1,
                               PIPE_FORMAT_Z24_UNORM_S8_UINT, 0, &zs, 4, 0, false));
    assert_int_equal(ps8, 0x42);
    float psf;
    assert_true(gl_pixels_pack(&def_ps, GL_STENCIL_INDEX, GL_FLOAT, &psf, 1, 1, 1,
                               PIPE_FORMAT_Z24_UNORM_S8_UINT, 0, &zs, 4, 0, false));
    assert_true(psf == 66.0f);
    /* mismatches */
    assert_false(gl_pixels_pack(&def_ps, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &ps8, 1, 1, 1,
                                PIPE_FORMAT_Z24X8_UNORM, 0, &zs, 4, 0, false));
    assert_false(gl_pixels_pack(&def_ps, GL_DEPTH_COMPONENT, GL_FLOAT, &pf, 1, 1, 1,
                                PIPE_FORMAT_R8G8B8A8_UNORM, 0, &zs, 4, 0, false));
    assert_false(gl_pixels_pack(&def_ps, GL_RGBA, GL_FLOAT, &pf, 1, 1, 1, PIPE_FORMAT_Z24X8_UNORM,
                                0, &zs, 4, 0, false));
}

/* ---- format choice -------------------------------------------------------------- */

typedef struct ifcase {
    GLenum internal, base;
    int bits; /* minimum bits per colour channel (0: skip), -1: float, -2: int, -3: uint */
} ifcase;

static const ifcase ifcases[] = {
    {1, GL_LUMINANCE, 8},
    {2, GL_LUMINANCE_ALPHA, 8},
    {3, GL_RGB, 8},
    {4, GL_RGBA, 8},
    {GL_ALPHA, GL_ALPHA, 8},
    {GL_LUMINANCE, GL_LUMINANCE, 8},
    {GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, 8},
    {GL_INTENSITY, GL_INTENSITY, 8},
    {GL_RGB, GL_RGB, 8},
    {GL_RGBA, GL_RGBA, 8},
    {GL_RED, GL_RED, 8},
    {GL_RG, GL_RG, 8},
    {GL_ALPHA8, GL_ALPHA, 8},
    {GL_ALPHA16, GL_ALPHA, 16},
    {GL_LUMINANCE8, GL_LUMINANCE, 8},
    {GL_LUMINANCE16, GL_LUMINANCE, 16},
    {GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, 8},
    {GL_LUMINANCE16_ALPHA16, GL_LUMINANCE_ALPHA, 16},
    {GL_INTENSITY8, GL_INTENSITY, 8},
    {GL_INTENSITY16, GL_INTENSITY, 16},
    {GL_R3_G3_B2, GL_RGB, 3},
    {GL_RGB4, GL_RGB, 4},
    {GL_RGB5, GL_RGB, 5},
    {GL_RGB8, GL_RGB, 8},
    {GL_RGB10, GL_RGB, 10},
    {GL_RGB12, GL_RGB, 12},
    {GL_RGB16, GL_RGB, 16},
    {GL_RGBA2, GL_RGBA, 2},
    {GL_RGBA4, GL_RGBA, 4},
    {GL_RGBA8, GL_RGBA, 8},
    {GL_RGBA12, GL_RGBA, 12},
    {GL_RGBA16, GL_RGBA, 16},
    {GL_RGB5_A1, GL_RGBA, 5},
    {GL_RGB10_A2, GL_RGBA, 10},
    {GL_SRGB8, GL_RGB, 8},
    {GL_SRGB8_ALPHA8, GL_RGBA, 8},
    {GL_SLUMINANCE8, GL_LUMINANCE, 8},
    {GL_SLUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, 8},
    {GL_R8, GL_RED, 8},
    {GL_RG8, GL_RG, 8},
    {GL_R16, GL_RED, 16},
    {GL_RG16, GL_RG, 16},
    {GL_R16F, GL_RED, -1},
    {GL_RG16F, GL_RG, -1},
    {GL_RGB16F, GL_RGB, -1},
    {GL_RGBA16F, GL_RGBA, -1},
    {GL_R32F, GL_RED, -1},
    {GL_RG32F, GL_RG, -1},
    {GL_RGB32F, GL_RGB, -1},
    {GL_RGBA32F, GL_RGBA, -1},
    {GL_R11F_G11F_B10F, GL_RGB, -1},
    {GL_RGB9_E5, GL_RGB, -1},
    {GL_R8I, GL_RED, -2},
    {GL_R8UI, GL_RED, -3},
    {GL_R16I, GL_RED, -2},
    {GL_R16UI, GL_RED, -3},
    {GL_R32I, GL_RED, -2},
    {GL_R32UI, GL_RED, -3},
    {GL_RG8I, GL_RG, -2},
    {GL_RG8UI, GL_RG, -3},
    {GL_RG16I, GL_RG, -2},
    {GL_RG16UI, GL_RG, -3},
    {GL_RG32I, GL_RG, -2},
    {GL_RG32UI, GL_RG, -3},
    {GL_RGB8I, GL_RGB, -2},
    {GL_RGB8UI, GL_RGB, -3},
    {GL_RGB16I, GL_RGB, -2},
    {GL_RGB16UI, GL_RGB, -3},
    {GL_RGB32I, GL_RGB, -2},
    {GL_RGB32UI, GL_RGB, -3},
    {GL_RGBA8I, GL_RGBA, -2},
    {GL_RGBA8UI, GL_RGBA, -3},
    {GL_RGBA16I, GL_RGBA, -2},
    {GL_RGBA16UI, GL_RGBA, -3},
    {GL_RGBA32I, GL_RGBA, -2},
    {GL_RGBA32UI, GL_RGBA, -3},
    {GL_COMPRESSED_RGB, GL_RGB, 8},
    {GL_COMPRESSED_RGBA, GL_RGBA, 8},
    {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_RGB, 5},
    {GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_RGBA, 5},
    {GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_RGBA, 4},
    {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_RGBA, 5},
    {GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, GL_RGB, 5},
    {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, GL_RGBA, 5},
    {GL_COMPRESSED_RED_RGTC1, GL_RED, 8},
    {GL_COMPRESSED_SIGNED_RED_RGTC1, GL_RED, 7},
    {GL_COMPRESSED_RG_RGTC2, GL_RG, 8},
    {GL_COMPRESSED_SIGNED_RG_RGTC2, GL_RG, 7},
    {GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, 16},
    {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, 16},
    {GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, 24},
    {GL_DEPTH_COMPONENT32, GL_DEPTH_COMPONENT, 24},
    {GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, -1},
    {GL_DEPTH_STENCIL, GL_DEPTH_STENCIL, 24},
    {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, 24},
    {GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, -1},
};

/* What sampling a texel of `base` with stored RGBA `v` must give (GL 2.1 table 3.20). */
static void gl_sample(GLenum base, const float v[4], float o[4])
{
    switch (base) {
    case GL_ALPHA:
        o[0] = o[1] = o[2] = 0;
        o[3] = v[3];
        break;
    case GL_LUMINANCE:
        o[0] = o[1] = o[2] = v[0];
        o[3] = 1;
        break;
    case GL_LUMINANCE_ALPHA:
        o[0] = o[1] = o[2] = v[0];
        o[3] = v[3];
        break;
    case GL_INTENSITY:
        o[0] = o[1] = o[2] = o[3] = v[0];
        break;
    case GL_RED:
        o[0] = v[0];
        o[1] = o[2] = 0;
        o[3] = 1;
        break;
    case GL_RG:
        o[0] = v[0];
        o[1] = v[1];
        o[2] = 0;
        o[3] = 1;
        break;
    case GL_RGB:
        o[0] = v[0];
        o[1] = v[1];
        o[2] = v[2];
        o[3] = 1;
        break;
    default:
        memcpy(o, v, 16);
        break;
    }
}

static void test_choose_format(void **state)
{
    (void)state;
    struct pipe_screen *screen = swr_create_screen();
    assert_non_null(screen);
    for (size_t i = 0; i < sizeof ifcases / sizeof ifcases[0]; i++) {
        const ifcase *c = &ifcases[i];
        char what[96];
        snprintf(what, sizeof what, "internal 0x%x", c->internal);
        if (gl_pixels_base_format(c->internal) != c->base)
            fail_msg("%s: base 0x%x", what, gl_pixels_base_format(c->internal));
        bool depth = c->base == GL_DEPTH_COMPONENT || c->base == GL_DEPTH_STENCIL;
        unsigned binds[2] = {PIPE_BIND_SAMPLER_VIEW,
                             depth ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET};
        for (int b = 0; b < 2; b++) {
            enum pipe_format f = gl_pixels_choose_format(screen, c->internal, 0, 0, binds[b]);
            bool is_compressed_ifmt = c->internal >= GL_COMPRESSED_RGB_S3TC_DXT1_EXT &&
                                      c->internal <= GL_COMPRESSED_RGBA_S3TC_DXT5_EXT;
            if (f == PIPE_FORMAT_NONE) {
                if (b == 1 && (c->internal == GL_RGB9_E5 || is_compressed_ifmt || c->bits <= -2 ||
                               c->internal == GL_COMPRESSED_SRGB_S3TC_DXT1_EXT ||
                               c->internal == GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT ||
                               (c->internal >= GL_COMPRESSED_RED_RGTC1 &&
                                c->internal <= GL_COMPRESSED_SIGNED_RG_RGTC2)))
                    continue; /* not renderable in GL, or no integer render targets */
                fail_msg("%s bind %u: no format", what, binds[b]);
            }
            assert_true(screen->is_format_supported(screen, f, PIPE_TEXTURE_2D, 0, 0, binds[b]));
            if (depth) {
                /* depth precision: 1/2^bits steps survive */
                float zin = c->bits > 0 ? 3.0f / (float)(1 << c->bits) : 0.3f, zout = -1;
                uint8_t tex[8];
                assert_true(gl_pixels_unpack(&def_ps, GL_DEPTH_COMPONENT, GL_FLOAT, &zin, 1, 1, 1,
                                             f, tex, 8, 0));
                assert_true(gl_pixels_pack(&def_ps, GL_DEPTH_COMPONENT, GL_FLOAT, &zout, 1, 1, 1, f,
                                           c->base, tex, 8, 0, false));
                near(zout, zin, c->bits > 0 ? 0.5f / (float)(1 << c->bits) * 1.01f : 1e-7f, what);
                if (c->base == GL_DEPTH_STENCIL) {
                    uint8_t s = 0xa5, sb = 0;
                    assert_true(gl_pixels_unpack(&def_ps, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s, 1,
                                                 1, 1, f, tex, 8, 0));
                    assert_true(gl_pixels_pack(&def_ps, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &sb, 1,
                                               1, 1, f, c->base, tex, 8, 0, false));
                    assert_int_equal(sb, 0xa5);
                }
                continue;
            }
            uint8_t tex[16];
            unsigned char swz[4];
            gl_pixels_format_swizzle(c->base, f, swz);
            if (c->bits <= -2) {
                /* integers: 100 and (for signed) -100 survive */
                int32_t in[4] = {100, c->bits == -2 ? -100 : 7, 50, 9}, out[4];
                assert_true(
                    gl_pixels_unpack(&def_ps, GL_RGBA_INTEGER, GL_INT, in, 1, 1, 1, f, tex, 16, 0));
                assert_true(gl_pixels_pack(&def_ps, GL_RGBA_INTEGER, GL_INT, out, 1, 1, 1, f,
                                           c->base, tex, 16, 0, false));
                assert_int_equal(out[0], 100);
                if (c->base != GL_RED)
                    assert_int_equal(out[1], in[1]);
                if (c->base == GL_RGBA)
                    assert_int_equal(out[3], 9);
                else
                    assert_int_equal(out[3], 1);
                continue;
            }
            /* colour: a value needing `bits` bits survives within half a step,
               each channel of the base format independently */
            float step = c->bits > 0 ? 1.0f / (float)((1 << c->bits) - 1) : 0.0f;
            float in[4], out[4], tol;
            if (c->bits == -1) {
                in[0] = 1.5f;
                in[1] = 0.25f;
                in[2] = 3.0f;
                in[3] = 0.5f;
                tol = 1e-2f;
            } else {
                in[0] = 3 * step;
                in[1] = 1 - 2 * step;
                in[2] = 5 * step > 1 ? 1 : 5 * step;
                in[3] = 1 - step;
                if (c->internal == GL_RGB10_A2 || c->internal == GL_RGB5_A1)
                    in[3] = 1; /* 2- and 1-bit alpha */
                tol = step * 0.5f * 1.01f;
                if (c->internal == GL_RGB9_E5 || c->internal == GL_R11F_G11F_B10F)
                    tol = 1e-2f;
            }
            if (c->internal == GL_COMPRESSED_SIGNED_RED_RGTC1 ||
                c->internal == GL_COMPRESSED_SIGNED_RG_RGTC2)
                in[1] = -0.5f;
            memset(tex, 0, sizeof tex);
            assert_true(gl_pixels_unpack(&def_ps, GL_RGBA, GL_FLOAT, in, 1, 1, 1, f, tex, 16, 0));
            /* what the texture unit sees: fetch through the swizzle */
            float stored[4], view[4], want[4];
            assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_FLOAT, stored, 1, 1, 1, f, 0, tex, 16,
                                       0, false));
            for (int k = 0; k < 4; k++)
                view[k] = swz[k] <= PIPE_SWIZZLE_W   ? stored[swz[k]]
                          : swz[k] == PIPE_SWIZZLE_0 ? 0.0f
                                                     : 1.0f;
            /* GL: the internal format keeps L = R, I = R, A = A of the RGBA group */
            gl_sample(c->base, in, want);
            for (int k = 0; k < 4; k++) {
                char w2[128];
                snprintf(w2, sizeof w2, "%s format %d sampled c %d", what, (int)f, k);
                near(view[k], want[k], tol * (float)fmax(1.0, fabs(want[k])), w2);
            }
            /* and glGetTexImage with the base format */
            assert_true(gl_pixels_pack(&def_ps, GL_RGBA, GL_FLOAT, out, 1, 1, 1, f, c->base, tex,
                                       16, 0, false));
            for (int k = 0; k < 4; k++) {
                float wk = c->base == GL_LUMINANCE || c->base == GL_INTENSITY ||
                                   c->base == GL_LUMINANCE_ALPHA
                               ? (k == 0   ? in[0]
                                  : k == 3 ? (c->base == GL_LUMINANCE_ALPHA ? in[3] : 1)
                                           : 0)
                               : want[k];
                if (c->base == GL_INTENSITY && k == 3)
                    wk = 1;
                near(out[k], wk, tol * (float)fmax(1.0, fabs(wk)), what);
            }
        }
    }
    /* render preference: an RGB8 texture is renderable */
    enum pipe_format f =
        gl_pixels_choose_format(screen, GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, PIPE_BIND_SAMPLER_VIEW);
    assert_true(screen->is_format_supported(screen, f, PIPE_TEXTURE_2D, 0, 0,
                                            PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET));
    /* unknown, stencil-only textures */
    assert_int_equal(gl_pixels_choose_format(screen, 0x1234, 0, 0, PIPE_BIND_SAMPLER_VIEW),
                     PIPE_FORMAT_NONE);
    assert_int_equal(gl_pixels_base_format(0x1234), 0);
    assert_int_equal(
        gl_pixels_choose_format(screen, GL_STENCIL_INDEX8, 0, 0, PIPE_BIND_SAMPLER_VIEW),
        PIPE_FORMAT_NONE);
    f = gl_pixels_choose_format(screen, GL_STENCIL_INDEX8, 0, 0, PIPE_BIND_DEPTH_STENCIL);
    assert_int_not_equal(f, PIPE_FORMAT_NONE);
    assert_true(
        screen->is_format_supported(screen, f, PIPE_TEXTURE_2D, 0, 0, PIPE_BIND_DEPTH_STENCIL));
    /* unsized depth guided by the client type */
    assert_int_equal(gl_pixels_choose_format(screen, GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT,
                                             GL_FLOAT, PIPE_BIND_SAMPLER_VIEW),
                     PIPE_FORMAT_Z32_FLOAT);
    /* compressed formats for glCompressedTexImage */
    assert_int_equal(gl_pixels_choose_compressed_format(screen, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT,
                                                        PIPE_BIND_SAMPLER_VIEW),
                     PIPE_FORMAT_DXT5_RGBA);
    assert_int_equal(gl_pixels_choose_compressed_format(screen, GL_COMPRESSED_SIGNED_RG_RGTC2,
                                                        PIPE_BIND_SAMPLER_VIEW),
                     PIPE_FORMAT_RGTC2_SNORM);
    assert_int_equal(gl_pixels_choose_compressed_format(screen, GL_RGBA8, PIPE_BIND_SAMPLER_VIEW),
                     PIPE_FORMAT_NONE);
    assert_int_equal(gl_pixels_choose_format(NULL, GL_RGBA8, 0, 0, PIPE_BIND_SAMPLER_VIEW),
                     PIPE_FORMAT_NONE);
    screen->destroy(screen);
}

static void test_swizzle(void **state)
{
    (void)state;
    unsigned char s[4];
    gl_pixels_format_swizzle(GL_LUMINANCE, PIPE_FORMAT_R8G8B8A8_UNORM, s);
    assert_true(s[0] == PIPE_SWIZZLE_X && s[1] == PIPE_SWIZZLE_X && s[2] == PIPE_SWIZZLE_X &&
                s[3] == PIPE_SWIZZLE_1);
    gl_pixels_format_swizzle(GL_ALPHA, PIPE_FORMAT_A8_UNORM, s);
    assert_true(s[0] == PIPE_SWIZZLE_0 && s[1] == PIPE_SWIZZLE_0 && s[2] == PIPE_SWIZZLE_0 &&
                s[3] == PIPE_SWIZZLE_W);
    gl_pixels_format_swizzle(GL_INTENSITY, PIPE_FORMAT_R8G8B8A8_UNORM, s);
    assert_true(s[0] == PIPE_SWIZZLE_X && s[3] == PIPE_SWIZZLE_X);
    gl_pixels_format_swizzle(GL_RGBA, PIPE_FORMAT_R8G8B8A8_UNORM, s);
    assert_true(s[0] == PIPE_SWIZZLE_X && s[1] == PIPE_SWIZZLE_Y && s[2] == PIPE_SWIZZLE_Z &&
                s[3] == PIPE_SWIZZLE_W);
}

/* ---- glPixelStore and glGet --------------------------------------------------- */

static void test_pixel_store_api(void **state)
{
    (void)state;
    GLint v = -1;
    const GLenum ints[] = {GL_PACK_ROW_LENGTH,     GL_PACK_IMAGE_HEIGHT,  GL_PACK_SKIP_PIXELS,
                           GL_PACK_SKIP_ROWS,      GL_PACK_SKIP_IMAGES,   GL_UNPACK_ROW_LENGTH,
                           GL_UNPACK_IMAGE_HEIGHT, GL_UNPACK_SKIP_PIXELS, GL_UNPACK_SKIP_ROWS,
                           GL_UNPACK_SKIP_IMAGES};
    glGetIntegerv(GL_PACK_ALIGNMENT, &v);
    assert_int_equal(v, 4);
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
    assert_int_equal(v, 4);
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        v = -1;
        glGetIntegerv(ints[i], &v);
        assert_int_equal(v, 0);
    }
    GLboolean b = GL_TRUE;
    glGetBooleanv(GL_UNPACK_SWAP_BYTES, &b);
    assert_int_equal(b, GL_FALSE);
    glGetBooleanv(GL_PACK_LSB_FIRST, &b);
    assert_int_equal(b, GL_FALSE);
    assert_int_equal(glGetError(), GL_NO_ERROR);
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        glPixelStorei(ints[i], (GLint)(i + 3));
        glGetIntegerv(ints[i], &v);
        assert_int_equal(v, (GLint)(i + 3));
        glPixelStorei(ints[i], -1);
        assert_int_equal(glGetError(), GL_INVALID_VALUE);
        glGetIntegerv(ints[i], &v);
        assert_int_equal(v, (GLint)(i + 3)); /* unchanged */
        glPixelStorei(ints[i], 0);
    }
    const GLint aligns[] = {1, 2, 4, 8};
    for (int i = 0; i < 4; i++) {
        glPixelStorei(GL_UNPACK_ALIGNMENT, aligns[i]);
        glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
        assert_int_equal(v, aligns[i]);
    }
    const GLint bad[] = {0, 3, 5, 16, -4};
    for (int i = 0; i < 5; i++) {
        glPixelStorei(GL_PACK_ALIGNMENT, bad[i]);
        assert_int_equal(glGetError(), GL_INVALID_VALUE);
    }
    glGetIntegerv(GL_PACK_ALIGNMENT, &v);
    assert_int_equal(v, 4);
    glPixelStorei(GL_UNPACK_SWAP_BYTES, 5);
    glGetBooleanv(GL_UNPACK_SWAP_BYTES, &b);
    assert_int_equal(b, GL_TRUE);
    glPixelStorei(GL_UNPACK_SWAP_BYTES, 0);
    glPixelStoref(GL_PACK_LSB_FIRST, 1.0f);
    glGetBooleanv(GL_PACK_LSB_FIRST, &b);
    assert_int_equal(b, GL_TRUE);
    glPixelStorei(GL_PACK_LSB_FIRST, GL_FALSE);
    glPixelStoref(GL_PACK_ROW_LENGTH, 2.6f);
    glGetIntegerv(GL_PACK_ROW_LENGTH, &v);
    assert_int_equal(v, 3);
    glPixelStoref(GL_PACK_ALIGNMENT, 2.0f);
    glGetIntegerv(GL_PACK_ALIGNMENT, &v);
    assert_int_equal(v, 2);
    glPixelStoref(GL_PACK_ALIGNMENT, 3.0f);
    assert_int_equal(glGetError(), GL_INVALID_VALUE);
    glPixelStoref(GL_PACK_SKIP_ROWS, -2.0f);
    assert_int_equal(glGetError(), GL_INVALID_VALUE);
    glPixelStorei(GL_TEXTURE_2D, 1);
    assert_int_equal(glGetError(), GL_INVALID_ENUM);
    glPixelStoref(0x1234, 1.0f);
    assert_int_equal(glGetError(), GL_INVALID_ENUM);
    float fv = 0;
    glGetFloatv(GL_PACK_ALIGNMENT, &fv);
    assert_true(fv == 2.0f);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    assert_int_equal(glGetError(), GL_NO_ERROR);
    /* the state lands in ctx->pixels for the other parts */
    struct gl_context *ctx = gl_context_current();
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 9);
    assert_int_equal(ctx->pixels->unpack.skip_rows, 9);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
    /* not a cap of this part */
    assert_int_equal(gl_pixels_enable(ctx, GL_UNPACK_ALIGNMENT, GL_ENABLE_OP_QUERY), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unpack_plain_to_float),
        cmocka_unit_test(test_unpack_packed),
        cmocka_unit_test(test_unpack_pipe_formats),
        cmocka_unit_test(test_integer),
        cmocka_unit_test(test_pack),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_alignment_and_skips),
        cmocka_unit_test(test_3d_store),
        cmocka_unit_test(test_swap_bytes),
        cmocka_unit_test(test_check_table),
        cmocka_unit_test(test_span),
        cmocka_unit_test(test_depth_stencil),
        cmocka_unit_test(test_choose_format),
        cmocka_unit_test(test_swizzle),
        cmocka_unit_test(test_pixel_store_api),
    };
    return cmocka_run_group_tests(tests, glt_setup, glt_teardown);
}
