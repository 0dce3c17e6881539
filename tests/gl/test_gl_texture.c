/*
 * test_gl_texture.c: the texture part (gl_texture.c, gl_texture_image.c):
 * objects and units, parameters and their defaults (GL 2.1 table 6.16-6.18),
 * image specification errors (GL 2.1 section 3.8), level queries, proxies,
 * GetTexImage round trips whose expected values follow from the format
 * definitions (GL 2.1 table 6.1 for base formats read as RGBA),
 * re-specification of mutable textures, mipmap generation (box filter of
 * even sizes is an exact average), compressed images (byte round trips),
 * and sampling through GLSL against analytic expectations.
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

#define assert_gl_error(e)                                                                         \
    do {                                                                                           \
        GLenum got_ = glGetError();                                                                \
        if (got_ != (GLenum)(e))                                                                   \
            fail_msg("line %d: expected %s, got %s", __LINE__, glt_error_name(e),                 \
                     glt_error_name(got_));                                                        \
    } while (0)

static GLuint new_tex(GLenum target)
{
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    return t;
}

/* ---- objects and units ------------------------------------------------------ */

static void test_objects(void **state)
{
    (void)state;
    GLuint t[2];
    glGenTextures(2, t);
    assert_true(t[0] && t[1] && t[0] != t[1]);
    assert_int_equal(glIsTexture(t[0]), GL_FALSE); /* not bound yet */
    glBindTexture(GL_TEXTURE_2D, t[0]);
    assert_int_equal(glIsTexture(t[0]), GL_TRUE);
    GLint b = -1;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &b);
    assert_int_equal(b, (GLint)t[0]);
    glBindTexture(GL_TEXTURE_3D, t[0]); /* keeps its first target */
    assert_gl_error(GL_INVALID_OPERATION);
    glBindTexture(0x1234, t[1]);
    assert_gl_error(GL_INVALID_ENUM);

    glActiveTexture(GL_TEXTURE3);
    glBindTexture(GL_TEXTURE_CUBE_MAP, t[1]);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &b);
    assert_int_equal(b, GL_TEXTURE3);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &b);
    assert_int_equal(b, 0); /* per unit */
    glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &b);
    assert_int_equal(b, (GLint)t[1]);
    glActiveTexture(GL_TEXTURE0 + 16);
    assert_gl_error(GL_INVALID_ENUM);

    glDeleteTextures(2, t); /* unbinds everywhere */
    glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &b);
    assert_int_equal(b, 0);
    glActiveTexture(GL_TEXTURE0);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &b);
    assert_int_equal(b, 0);
    assert_int_equal(glIsTexture(t[0]), GL_FALSE);
    glDeleteTextures(-1, t);
    assert_gl_error(GL_INVALID_VALUE);

    /* Binding a name never generated creates it (GL 2.1). */
    glBindTexture(GL_TEXTURE_1D, 777);
    assert_int_equal(glIsTexture(777), GL_TRUE);
    GLuint n = 777;
    glDeleteTextures(1, &n);
    assert_gl_error(GL_NO_ERROR);
}

static void test_limits(void **state)
{
    (void)state;
    GLint v = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &v);
    assert_true(v >= 2048);
    glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &v);
    assert_true(v >= 256);
    glGetIntegerv(GL_MAX_TEXTURE_IMAGE_UNITS, &v);
    assert_int_equal(v, 16);
    glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &v);
    assert_true(v >= 256);
    GLint n = 0;
    glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
    assert_true(n >= 4 && n <= 32);
    GLint fmts[32];
    glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, fmts);
    bool dxt1 = false;
    for (GLint i = 0; i < n; i++)
        dxt1 |= fmts[i] == GL_COMPRESSED_RGB_S3TC_DXT1_EXT;
    assert_true(dxt1);
    GLfloat f = 0;
    glGetFloatv(GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT, &f);
    assert_true(f >= 2.0f);
    glEnable(GL_TEXTURE_2D);
    assert_int_equal(glIsEnabled(GL_TEXTURE_2D), GL_TRUE);
    glDisable(GL_TEXTURE_2D);
    assert_int_equal(glIsEnabled(GL_TEXTURE_2D), GL_FALSE);
    assert_gl_error(GL_NO_ERROR);
}

/* ---- parameters -------------------------------------------------------------- */

static void test_params(void **state)
{
    (void)state;
    GLuint t = new_tex(GL_TEXTURE_2D);
    GLint v = 0;
    GLfloat f[4];
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
    assert_int_equal(v, GL_NEAREST_MIPMAP_LINEAR);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &v);
    assert_int_equal(v, GL_LINEAR);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_R, &v);
    assert_int_equal(v, GL_REPEAT);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &v);
    assert_int_equal(v, 1000);
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, f);
    assert_true(f[0] == -1000.0f);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, &v);
    assert_int_equal(v, GL_LEQUAL);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, &v);
    assert_int_equal(v, GL_LUMINANCE);

    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
    assert_int_equal(v, GL_MIRRORED_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_NEAREST);
    assert_gl_error(GL_INVALID_ENUM);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    assert_gl_error(GL_INVALID_ENUM);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, -1);
    assert_gl_error(GL_INVALID_VALUE);
    glTexParameteri(GL_TEXTURE_2D, 0x1234, 0);
    assert_gl_error(GL_INVALID_ENUM);
    glTexParameteri(0x1234, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    assert_gl_error(GL_INVALID_ENUM);
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY_EXT, 0.5f);
    assert_gl_error(GL_INVALID_VALUE);

    /* Border colour: integer version maps [-2^31, 2^31-1] to [-1, 1]. */
    GLint bi[4] = {0x7fffffff, 0, 0x3fffffff, 0x7fffffff};
    glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bi);
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, f);
    assert_float_equal(f[0], 1.0f, 1e-6);
    assert_float_equal(f[1], 0.0f, 1e-6);
    assert_float_equal(f[2], 0.5f, 1e-6);
    GLfloat bf[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bf);
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, f);
    assert_memory_equal(f, bf, sizeof bf);

    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_ZERO);
    GLint sw[4];
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, sw);
    assert_int_equal(sw[0], GL_RED);
    assert_int_equal(sw[1], GL_ZERO);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_TEXTURE_2D);
    assert_gl_error(GL_INVALID_ENUM);
    glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, &v);
    assert_int_equal(v, GL_TRUE);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_RESIDENT, &v);
    assert_int_equal(v, GL_TRUE);
    assert_gl_error(GL_NO_ERROR);
    glDeleteTextures(1, &t);

    /* Rectangle textures: other defaults, no REPEAT, no mipmap filters. */
    t = new_tex(GL_TEXTURE_RECTANGLE);
    glGetTexParameteriv(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, &v);
    assert_int_equal(v, GL_LINEAR);
    glGetTexParameteriv(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, &v);
    assert_int_equal(v, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_T, GL_REPEAT);
    assert_gl_error(GL_INVALID_ENUM);
    glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    assert_gl_error(GL_INVALID_ENUM);
    glDeleteTextures(1, &t);
}

/* ---- image specification errors --------------------------------------------------- */

static void test_image_errors(void **state)
{
    (void)state;
    GLuint t = new_tex(GL_TEXTURE_2D);
    uint8_t px[64 * 4] = {0};
    glTexImage2D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_ENUM);
    glTexImage2D(GL_TEXTURE_2D, -1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_VALUE);
    glTexImage2D(GL_TEXTURE_2D, 15, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_VALUE); /* > log2(16384) */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_VALUE);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, -4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_VALUE);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, 0x1234, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_ENUM);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, 0x1234, px);
    assert_gl_error(GL_INVALID_ENUM);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, px);
    assert_gl_error(GL_INVALID_OPERATION); /* packed type with the wrong count */
    glTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_VALUE);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_OPERATION);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT, px);
    assert_gl_error(GL_INVALID_OPERATION);
    glTexImage2D(GL_TEXTURE_RECTANGLE, 1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_VALUE);
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 px);
    assert_gl_error(GL_INVALID_VALUE); /* cube faces are square */
    glTexImage2D(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_ENUM);
    glTexImage1D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_ENUM);
    glTexImage3D(GL_TEXTURE_3D, 0, GL_DEPTH_COMPONENT, 2, 2, 2, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                 px);
    assert_gl_error(GL_INVALID_OPERATION);

    /* Sub-images. */
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_OPERATION); /* no image yet */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_NO_ERROR);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 2, 3, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_VALUE);
    glTexSubImage2D(GL_TEXTURE_2D, 0, -1, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_VALUE);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, -1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_VALUE);
    glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_OPERATION);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_NO_ERROR);

    /* Compressed: size must match the blocks. */
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 8, 0, 31, px);
    assert_gl_error(GL_INVALID_VALUE);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, 32, px);
    assert_gl_error(GL_INVALID_ENUM);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 8, 0, 32, px);
    assert_gl_error(GL_NO_ERROR);
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8,
                              px);
    assert_gl_error(GL_INVALID_OPERATION); /* not on a block boundary */
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 16,
                              px);
    assert_gl_error(GL_INVALID_OPERATION); /* other format */
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8,
                              px);
    assert_gl_error(GL_NO_ERROR);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_OPERATION);
    GLint sz = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &sz);
    assert_int_equal(sz, 32);
    glDeleteTextures(1, &t);
}

static void test_level_queries_and_proxies(void **state)
{
    (void)state;
    GLuint t = new_tex(GL_TEXTURE_2D);
    GLint v = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &v);
    assert_int_equal(v, 0);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
    assert_int_equal(v, 1); /* GL 2.1 initial value */
    glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 5, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    assert_gl_error(GL_NO_ERROR);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &v);
    assert_int_equal(v, 5);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_HEIGHT, &v);
    assert_int_equal(v, 3);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_DEPTH, &v);
    assert_int_equal(v, 1);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_INTERNAL_FORMAT, &v);
    assert_int_equal(v, GL_RGBA8);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_RED_SIZE, &v);
    assert_int_equal(v, 8);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_ALPHA_SIZE, &v);
    assert_int_equal(v, 8);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_DEPTH_SIZE, &v);
    assert_int_equal(v, 0);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_COMPRESSED, &v);
    assert_int_equal(v, GL_FALSE);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
    assert_gl_error(GL_INVALID_OPERATION);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, -1, GL_TEXTURE_WIDTH, &v);
    assert_gl_error(GL_INVALID_VALUE);
    glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP, 0, GL_TEXTURE_WIDTH, &v);
    assert_gl_error(GL_INVALID_ENUM);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, 0x1234, &v);
    assert_gl_error(GL_INVALID_ENUM);

    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 2, 2, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                 NULL);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_DEPTH_SIZE, &v);
    assert_true(v >= 24);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8_ALPHA8, 2, 2, 0, GL_LUMINANCE_ALPHA,
                 GL_UNSIGNED_BYTE, NULL);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_LUMINANCE_SIZE, &v);
    assert_int_equal(v, 8);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &v);
    assert_int_equal(v, 0);
    assert_gl_error(GL_NO_ERROR);

    /* Proxies answer through the level queries and allocate nothing. */
    glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 64, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &v);
    assert_int_equal(v, 64);
    glTexImage3D(GL_PROXY_TEXTURE_3D, 0, GL_RGBA8, 16, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 NULL);
    glGetTexLevelParameteriv(GL_PROXY_TEXTURE_3D, 0, GL_TEXTURE_DEPTH, &v);
    assert_int_equal(v, 16);
    glTexImage2D(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGetTexLevelParameteriv(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_TEXTURE_HEIGHT, &v);
    assert_int_equal(v, 8);
    assert_gl_error(GL_NO_ERROR);
    glDeleteTextures(1, &t);
}

/* ---- GetTexImage round trips ---------------------------------------------------------- */

typedef struct roundtrip {
    GLenum ifmt, fmt, type;
    uint8_t in[8];    /* one texel of client data (fmt/type) */
    GLenum rfmt, rtype;
    uint8_t out[16]; /* expected read back (rfmt/rtype) */
    unsigned out_bytes;
} roundtrip;

static void test_get_tex_image(void **state)
{
    (void)state;
    static const roundtrip cases[] = {
        {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, {10, 20, 30, 40}, GL_RGBA, GL_UNSIGNED_BYTE,
         {10, 20, 30, 40}, 4},
        {GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, {10, 20, 30, 40}, GL_RGBA, GL_UNSIGNED_BYTE,
         {30, 20, 10, 40}, 4},
        {GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, {1, 2, 3}, GL_RGBA, GL_UNSIGNED_BYTE, {1, 2, 3, 255},
         4},
        /* GL 2.1 table 6.1: L -> (L, 0, 0, 1), A -> (0, 0, 0, A); I reads as
         * (I, 0, 0, 1) like llvmpipe (checked with libOSMesa.so.8) */
        {GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE, {77}, GL_RGBA, GL_UNSIGNED_BYTE,
         {77, 0, 0, 255}, 4},
        {GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, {77, 99}, GL_RGBA,
         GL_UNSIGNED_BYTE, {77, 0, 0, 99}, 4},
        {GL_INTENSITY8, GL_RED, GL_UNSIGNED_BYTE, {55}, GL_RGBA, GL_UNSIGNED_BYTE,
         {55, 0, 0, 255}, 4},
        {GL_ALPHA8, GL_ALPHA, GL_UNSIGNED_BYTE, {200}, GL_RGBA, GL_UNSIGNED_BYTE, {0, 0, 0, 200},
         4},
        {GL_R8, GL_RED, GL_UNSIGNED_BYTE, {66}, GL_RGBA, GL_UNSIGNED_BYTE, {66, 0, 0, 255}, 4},
        {GL_RG8, GL_RG, GL_UNSIGNED_BYTE, {66, 88}, GL_RGBA, GL_UNSIGNED_BYTE, {66, 88, 0, 255},
         4},
        /* 5-6-5: 31 -> 255, 0x20 of 63 -> round(32 * 255 / 63) = 130, 0 */
        {GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, {0x00, 0xfc}, GL_RGB, GL_UNSIGNED_BYTE,
         {255, 130, 0}, 3},
        /* float 0.5 into UNORM8: round(127.5) = 128 */
        {GL_RGBA8, GL_RGBA, GL_FLOAT, {0, 0, 0, 0x3f, 0, 0, 0, 0}, GL_RED, GL_UNSIGNED_BYTE, {128},
         1},
        /* ubyte 255 as float 1.0 */
        {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, {255, 0, 0, 0}, GL_RED, GL_FLOAT,
         {0, 0, 0x80, 0x3f}, 4},
        /* half float exact: 0x3c00 = 1.0, 0xc000 = -2.0 */
        {GL_RGBA16F, GL_RG, GL_HALF_FLOAT, {0x00, 0x3c, 0x00, 0xc0}, GL_RG, GL_FLOAT,
         {0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0}, 8},
        {GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, {1, 2, 250, 7}, GL_RGBA_INTEGER,
         GL_UNSIGNED_BYTE, {1, 2, 250, 7}, 4},
    };
    GLuint t = new_tex(GL_TEXTURE_2D);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const roundtrip *c = &cases[i];
        uint8_t in[4][8], out[4][16];
        for (int k = 0; k < 4; k++)
            memcpy(in[k], c->in, 8);
        /* 2x2 image of the same texel; the client data is packed (alignment 1). */
        uint8_t packed[64];
        GLint bpp = 0;
        switch (c->type) {
        case GL_UNSIGNED_SHORT_5_6_5: bpp = 2; break;
        case GL_FLOAT: bpp = 4 * (c->fmt == GL_RGBA ? 4 : c->fmt == GL_RG ? 2 : 1); break;
        case GL_HALF_FLOAT: bpp = 2 * (c->fmt == GL_RG ? 2 : 4); break;
        default:
            bpp = c->fmt == GL_RGBA || c->fmt == GL_BGRA || c->fmt == GL_RGBA_INTEGER ? 4
                  : c->fmt == GL_RGB                                                  ? 3
                  : c->fmt == GL_LUMINANCE_ALPHA || c->fmt == GL_RG                   ? 2
                                                                                      : 1;
        }
        uint8_t texel[16] = {0};
        memcpy(texel, c->in, 8);
        if (c->type == GL_FLOAT && c->fmt == GL_RGBA) {
            float f4[4] = {0.5f, 0.5f, 0.5f, 0.5f};
            memcpy(texel, f4, 16);
        }
        for (int k = 0; k < 4; k++)
            memcpy(packed + k * bpp, texel, (size_t)bpp);
        (void)in;
        glTexImage2D(GL_TEXTURE_2D, 0, (GLint)c->ifmt, 2, 2, 0, c->fmt, c->type, packed);
        GLenum e = glGetError();
        if (e != GL_NO_ERROR)
            fail_msg("case %zu: TexImage2D: %s", i, glt_error_name(e));
        memset(out, 0xcd, sizeof out);
        glGetTexImage(GL_TEXTURE_2D, 0, c->rfmt, c->rtype, out);
        e = glGetError();
        if (e != GL_NO_ERROR)
            fail_msg("case %zu: GetTexImage: %s", i, glt_error_name(e));
        const uint8_t *o = &out[0][0];
        for (int k = 0; k < 4; k++) {
            if (memcmp(o + k * c->out_bytes, c->out, c->out_bytes)) {
                fprintf(stderr, "case %zu texel %d:", i, k);
                for (unsigned b = 0; b < c->out_bytes; b++)
                    fprintf(stderr, " %u/%u", o[k * c->out_bytes + b], c->out[b]);
                fprintf(stderr, "\n");
                fail_msg("case %zu: round trip mismatch", i);
            }
        }
        assert_int_equal(o[4 * c->out_bytes], 0xcd); /* nothing written past the image */
    }
    /* Depth: 0.5 in a 24-bit depth texture reads back within 2^-24. */
    float d[4] = {0.5f, 0.25f, 1.0f, 0.0f}, r[4] = {0};
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 2, 2, 0, GL_DEPTH_COMPONENT, GL_FLOAT, d);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, r);
    assert_gl_error(GL_NO_ERROR);
    for (int k = 0; k < 4; k++)
        assert_float_equal(r[k], d[k], 1.0 / (1 << 23));
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, r);
    assert_gl_error(GL_INVALID_OPERATION); /* depth image, colour format */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, r);
    assert_gl_error(GL_INVALID_OPERATION);
    glGetTexImage(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA, GL_UNSIGNED_BYTE, r);
    assert_gl_error(GL_INVALID_ENUM);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glDeleteTextures(1, &t);
}

/* Sub-images with pixel store state, 3D and array images, cube faces. */
static void test_sub_images_and_targets(void **state)
{
    (void)state;
    GLuint t = new_tex(GL_TEXTURE_2D);
    uint8_t img[8 * 8 * 4];
    for (int i = 0; i < 8 * 8 * 4; i++)
        img[i] = (uint8_t)i;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    /* write a 2x3 block taken from (1, 2) of a 5-wide client image at (4, 3) */
    uint8_t client[5 * 5 * 4];
    for (int i = 0; i < 5 * 5 * 4; i++)
        client[i] = (uint8_t)(200 + i % 50);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 5);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 2);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 3, 2, 3, GL_RGBA, GL_UNSIGNED_BYTE, client);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
    assert_gl_error(GL_NO_ERROR);
    uint8_t out[8 * 8 * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            for (int c = 0; c < 4; c++) {
                int exp = img[(y * 8 + x) * 4 + c];
                if (x >= 4 && x < 6 && y >= 3 && y < 6)
                    exp = client[((y - 3 + 2) * 5 + (x - 4 + 1)) * 4 + c];
                assert_int_equal(out[(y * 8 + x) * 4 + c], exp);
            }
    glDeleteTextures(1, &t);

    /* 3D: slices keep their order; 2D array likewise. */
    GLenum targets[2] = {GL_TEXTURE_3D, GL_TEXTURE_2D_ARRAY};
    for (int k = 0; k < 2; k++) {
        t = new_tex(targets[k]);
        uint8_t vol[4 * 2 * 3 * 4];
        for (int i = 0; i < (int)sizeof vol; i++)
            vol[i] = (uint8_t)(i * 3);
        glTexImage3D(targets[k], 0, GL_RGBA8, 4, 2, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, vol);
        uint8_t slice[4 * 2 * 4];
        memset(slice, 9, sizeof slice);
        glTexSubImage3D(targets[k], 0, 0, 0, 1, 4, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, slice);
        assert_gl_error(GL_NO_ERROR);
        uint8_t vout[sizeof vol];
        glGetTexImage(targets[k], 0, GL_RGBA, GL_UNSIGNED_BYTE, vout);
        for (int i = 0; i < (int)sizeof vol; i++)
            assert_int_equal(vout[i], i >= 32 && i < 64 ? 9 : vol[i]);
        GLint v;
        glGetTexLevelParameteriv(targets[k], 0, GL_TEXTURE_DEPTH, &v);
        assert_int_equal(v, 3);
        glDeleteTextures(1, &t);
    }

    /* 1D array: height is the layer count. */
    t = new_tex(GL_TEXTURE_1D_ARRAY);
    uint8_t rows[4 * 3 * 4];
    for (int i = 0; i < (int)sizeof rows; i++)
        rows[i] = (uint8_t)(i + 1);
    glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, rows);
    uint8_t rout[sizeof rows];
    glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, rout);
    assert_memory_equal(rout, rows, sizeof rows);
    assert_gl_error(GL_NO_ERROR);
    glDeleteTextures(1, &t);

    /* Cube faces are separate images. */
    t = new_tex(GL_TEXTURE_CUBE_MAP);
    for (int f = 0; f < 6; f++) {
        uint8_t face[2 * 2 * 4];
        memset(face, 10 * (f + 1), sizeof face);
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 2, 2, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, face);
    }
    for (int f = 0; f < 6; f++) {
        uint8_t face[2 * 2 * 4];
        glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, GL_UNSIGNED_BYTE, face);
        for (int i = 0; i < 16; i++)
            assert_int_equal(face[i], 10 * (f + 1));
    }
    assert_gl_error(GL_NO_ERROR);
    glDeleteTextures(1, &t);
}

/* Mutable textures: levels given one by one and re-specified. */
static void test_respecify_and_mipmaps(void **state)
{
    (void)state;
    GLuint t = new_tex(GL_TEXTURE_2D);
    uint8_t red[4 * 4 * 4], green[8 * 8 * 4], blue[2 * 2 * 4], out[8 * 8 * 4];
    for (int i = 0; i < 16; i++)
        memcpy(red + 4 * i, (uint8_t[]){255, 0, 0, 255}, 4);
    for (int i = 0; i < 64; i++)
        memcpy(green + 4 * i, (uint8_t[]){0, 255, 0, 255}, 4);
    for (int i = 0; i < 4; i++)
        memcpy(blue + 4 * i, (uint8_t[]){0, 0, 255, 255}, 4);
    /* levels out of order and with a base change */
    glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, blue);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
    assert_memory_equal(out, blue, sizeof blue);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, green);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
    assert_memory_equal(out, green, sizeof green);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
    assert_memory_equal(out, blue, sizeof blue); /* level 1 kept its 2x2 image */
    GLint w;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &w);
    assert_int_equal(w, 2);
    /* back to 4x4: level 1 fits the chain again */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
    assert_memory_equal(out, blue, sizeof blue);
    assert_gl_error(GL_NO_ERROR);

    /* GenerateMipmap: a 4x4 of 2x2 blocks -> level 1 has the block values,
     * level 2 their average (box filter; exact for even sizes). */
    uint8_t src[4 * 4 * 4];
    static const uint8_t blk[4] = {0, 100, 40, 200};
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            for (int c = 0; c < 4; c++)
                src[(y * 4 + x) * 4 + c] = (uint8_t)(blk[(y / 2) * 2 + x / 2] + c);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
    glGenerateMipmap(GL_TEXTURE_2D);
    assert_gl_error(GL_NO_ERROR);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 2, GL_TEXTURE_WIDTH, &w);
    assert_int_equal(w, 1);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
    for (int i = 0; i < 4; i++)
        for (int c = 0; c < 4; c++)
            assert_int_equal(out[i * 4 + c], blk[i] + c);
    glGetTexImage(GL_TEXTURE_2D, 2, GL_RGBA, GL_UNSIGNED_BYTE, out);
    for (int c = 0; c < 4; c++)
        assert_int_equal(out[c], (0 + 100 + 40 + 200) / 4 + c);
    glGenerateMipmap(GL_TEXTURE_RECTANGLE);
    assert_gl_error(GL_INVALID_ENUM);

    /* GENERATE_MIPMAP: changing level 0 regenerates the chain. */
    glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, red);
    glGetTexImage(GL_TEXTURE_2D, 2, GL_RGBA, GL_UNSIGNED_BYTE, out);
    assert_memory_equal(out, red, 4);
    assert_gl_error(GL_NO_ERROR);
    glDeleteTextures(1, &t);

    /* Cube map generation needs cube completeness. */
    t = new_tex(GL_TEXTURE_CUBE_MAP);
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 red);
    glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
    assert_gl_error(GL_INVALID_OPERATION);
    glDeleteTextures(1, &t);
}

static void test_compressed_roundtrip(void **state)
{
    (void)state;
    GLuint t = new_tex(GL_TEXTURE_2D);
    uint8_t blocks[2 * 2 * 16], out[sizeof blocks];
    for (int i = 0; i < (int)sizeof blocks; i++)
        blocks[i] = (uint8_t)(i * 7 + 3);
    static const GLenum fmts[] = {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_COMPRESSED_RG_RGTC2,
                                  GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT};
    for (int k = 0; k < 3; k++) {
        glCompressedTexImage2D(GL_TEXTURE_2D, 0, fmts[k], 8, 8, 0, sizeof blocks, blocks);
        assert_gl_error(GL_NO_ERROR);
        memset(out, 0, sizeof out);
        glGetCompressedTexImage(GL_TEXTURE_2D, 0, out);
        assert_memory_equal(out, blocks, sizeof blocks);
        GLint v;
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &v);
        assert_int_equal(v, GL_TRUE);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
        assert_int_equal(v, (GLint)fmts[k]);
    }
    /* DXT1 RGB block: colour0 = white (0xffff), colour1 = black, all indices
     * 0 -> every texel white; decoded by GetTexImage. */
    uint8_t dxt1[8] = {0xff, 0xff, 0x00, 0x00, 0, 0, 0, 0};
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 0, 8, dxt1);
    uint8_t rgba[4 * 4 * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    assert_gl_error(GL_NO_ERROR);
    for (int i = 0; i < 64; i++)
        assert_int_equal(rgba[i], 255);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, out);
    assert_gl_error(GL_INVALID_OPERATION);
    glDeleteTextures(1, &t);
}

/* ---- sampling --------------------------------------------------------------------- */

/* tc is the window position in [0, 1] (pixel centres at (i + 0.5) / 64),
 * independent of gl_FragCoord's origin. */
static const char *vs_src = "attribute vec2 pos;\n"
                            "varying vec2 tc;\n"
                            "void main() { tc = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";

static uint8_t win[GLT_W * GLT_H * 4];

/* Draws a full-window quad with `fs` (uniform sampler "tex" on unit 0) and
 * reads the window back; false when the program does not build. */
static bool draw_vs_fs(const char *vs, const char *fs)
{
    GLuint p = glt_program(vs, fs);
    if (!p)
        return false;
    glUseProgram(p);
    GLint loc = glGetUniformLocation(p, "tex");
    if (loc >= 0)
        glUniform1i(loc, 0);
    GLint a = glGetAttribLocation(p, "pos");
    static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexAttribPointer((GLuint)a, 2, GL_FLOAT, GL_FALSE, 0, quad);
    glEnableVertexAttribArray((GLuint)a);
    glViewport(0, 0, GLT_W, GLT_H);
    glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableVertexAttribArray((GLuint)a);
    glUseProgram(0);
    glDeleteProgram(p);
    glt_read_window(win);
    return glGetError() == GL_NO_ERROR;
}

static bool draw_fs(const char *fs) { return draw_vs_fs(vs_src, fs); }

static const uint8_t *px(int x, int y) { return &win[(y * GLT_W + x) * 4]; }

static void expect_px(int x, int y, int r, int g, int b, int a, int tol)
{
    const uint8_t *p = px(x, y);
    int e[4] = {r, g, b, a};
    for (int c = 0; c < 4; c++)
        if (abs(p[c] - e[c]) > tol)
            fail_msg("pixel (%d,%d): got %d %d %d %d, expected %d %d %d %d", x, y, p[0], p[1],
                     p[2], p[3], r, g, b, a);
}

#define FS_2D(coord)                                                                               \
    "uniform sampler2D tex;\nvarying vec2 tc;\n"                                                                   \
    "void main() { gl_FragColor = texture2D(tex, " coord "); }\n"

static bool sampling_available(void)
{
    static int avail = -1;
    if (avail < 0) {
        GLuint p = glt_program(vs_src, FS_2D("vec2(0.5)"));
        avail = p != 0;
        if (p)
            glDeleteProgram(p);
        glGetError();
    }
    return avail == 1;
}

#define REQUIRE_SAMPLING()                                                                         \
    do {                                                                                           \
        if (!sampling_available())                                                                 \
            skip();                                                                                \
    } while (0)

static void test_sample_nearest_and_incomplete(void **state)
{
    (void)state;
    REQUIRE_SAMPLING();
    GLuint t = new_tex(GL_TEXTURE_2D);
    uint8_t tex[4 * 4 * 4];
    for (int i = 0; i < 16; i++) {
        tex[i * 4 + 0] = (uint8_t)(i * 16);
        tex[i * 4 + 1] = (uint8_t)(255 - i * 16);
        tex[i * 4 + 2] = (uint8_t)(i * 5);
        tex[i * 4 + 3] = 255;
    }
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex);
    /* default min filter needs mipmaps: incomplete -> (0, 0, 0, 1) */
    assert_true(draw_fs(FS_2D("tc")));
    expect_px(10, 10, 0, 0, 0, 255, 0);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    assert_true(draw_fs(FS_2D("tc")));
    for (int y = 0; y < GLT_H; y += 5)
        for (int x = 0; x < GLT_W; x += 3) {
            const uint8_t *e = &tex[((y / 16) * 4 + x / 16) * 4];
            expect_px(x, y, e[0], e[1], e[2], e[3], 0);
        }
    /* bilinear along s on a 2x1 texture, clamp to edge: value at s is the
     * mix of texel 0 and 1 with weight frac(2s - 0.5) clamped */
    uint8_t two[8] = {0, 0, 0, 255, 255, 0, 0, 255};
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, two);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    assert_true(draw_fs(FS_2D("tc")));
    for (int x = 0; x < GLT_W; x++) {
        double s = (x + 0.5) / 64.0, u = s * 2 - 0.5;
        double w = u < 0 ? 0 : u > 1 ? 1 : u;
        expect_px(x, 7, (int)lround(w * 255), 0, 0, 255, 2);
    }
    glDeleteTextures(1, &t);
}

static void test_sample_mip_selection(void **state)
{
    (void)state;
    REQUIRE_SAMPLING();
    GLuint t = new_tex(GL_TEXTURE_2D);
    static const uint8_t colors[9][4] = {{255, 0, 0, 255},   {0, 255, 0, 255},  {0, 0, 255, 255},
                                         {255, 255, 0, 255}, {0, 255, 255, 255}, {255, 0, 255, 255},
                                         {9, 9, 9, 255},     {99, 99, 99, 255}, {199, 9, 99, 255}};
    uint8_t *buf = malloc(256 * 256 * 4);
    for (int l = 0; l < 9; l++) {
        int s = 256 >> l;
        for (int i = 0; i < s * s; i++)
            memcpy(buf + 4 * i, colors[l], 4);
        glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, s, s, 0, GL_RGBA, GL_UNSIGNED_BYTE, buf);
    }
    free(buf);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    /* 256 texels over 64 pixels: lambda = 2 */
    assert_true(draw_fs(FS_2D("tc")));
    expect_px(20, 20, 0, 0, 255, 255, 0);
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 3.0f);
    assert_true(draw_fs(FS_2D("tc")));
    expect_px(20, 20, 255, 255, 0, 255, 0);
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, -1000.0f);
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, 1.0f);
    assert_true(draw_fs(FS_2D("tc")));
    expect_px(20, 20, 0, 255, 0, 255, 0);
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, 1000.0f);
    /* BASE_LEVEL 1: lambda is measured on the base level (128 texels over
     * 64 pixels: 1), so level 1 + 1 = 2 */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
    assert_true(draw_fs(FS_2D("tc")));
    expect_px(20, 20, 0, 0, 255, 255, 0);
    /* LOD bias 2 -> level 1 + 3 = 4 */
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 2.0f);
    assert_true(draw_fs(FS_2D("tc")));
    expect_px(20, 20, 0, 255, 255, 255, 0);
    /* MAX_LEVEL 3 clamps it to level 3 */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 3);
    assert_true(draw_fs(FS_2D("tc")));
    expect_px(20, 20, 255, 255, 0, 255, 0);
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 0.0f);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 2);
    /* BASE_LEVEL above MAX_LEVEL: incomplete */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 3);
    assert_true(draw_fs(FS_2D("tc")));
    expect_px(20, 20, 0, 0, 0, 255, 0);
    glDeleteTextures(1, &t);
}

static void test_sample_wrap_and_border(void **state)
{
    (void)state;
    REQUIRE_SAMPLING();
    GLuint t = new_tex(GL_TEXTURE_2D);
    uint8_t two[8] = {50, 0, 0, 255, 250, 0, 0, 255};
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, two);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    GLfloat border[4] = {0.0f, 1.0f, 0.0f, 1.0f};
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    static const GLenum modes[] = {GL_REPEAT, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER,
                                   GL_MIRRORED_REPEAT};
    for (int m = 0; m < 4; m++) {
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, (GLint)modes[m]);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        /* s in [-1, 3): 4 texel periods over 64 pixels */
        assert_true(draw_fs(FS_2D("vec2(tc.x * 4.0 - 1.0, 0.5)")));
        for (int x = 0; x < GLT_W; x++) {
            double s = (x + 0.5) / 16.0 - 1.0;
            double u = s * 2; /* texel space */
            int i = (int)floor(u), texel = -1;
            switch (modes[m]) {
            case GL_REPEAT: texel = ((i % 2) + 2) % 2; break;
            case GL_CLAMP_TO_EDGE: texel = i < 0 ? 0 : i > 1 ? 1 : i; break;
            case GL_CLAMP_TO_BORDER: texel = i < 0 || i > 1 ? -1 : i; break;
            default: {
                int p = ((i % 4) + 4) % 4; /* mirrored period of 2 texels */
                texel = p < 2 ? p : 3 - p;
            }
            }
            if (texel < 0)
                expect_px(x, 3, 0, 255, 0, 255, 0);
            else
                expect_px(x, 3, two[texel * 4], 0, 0, 255, 0);
        }
    }
    glDeleteTextures(1, &t);
}

static void test_sample_formats_swizzle(void **state)
{
    (void)state;
    REQUIRE_SAMPLING();
    GLuint t = new_tex(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    uint8_t v[2] = {100, 60};
    struct {
        GLenum ifmt, fmt;
        int r, g, b, a;
    } cases[] = {
        {GL_LUMINANCE8, GL_LUMINANCE, 100, 100, 100, 255},
        {GL_ALPHA8, GL_ALPHA, 0, 0, 0, 100},
        {GL_INTENSITY8, GL_RED, 100, 100, 100, 100},
        {GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, 100, 100, 100, 60},
        {GL_R8, GL_RED, 100, 0, 0, 255},
        {GL_RG8, GL_RG, 100, 60, 0, 255},
    };
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        glTexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[i].ifmt, 1, 1, 0, cases[i].fmt,
                     GL_UNSIGNED_BYTE, v);
        assert_true(draw_fs(FS_2D("vec2(0.5)")));
        expect_px(5, 5, cases[i].r, cases[i].g, cases[i].b, cases[i].a, 0);
    }
    /* texture swizzle on top of L: (L, 0, 1, L) */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, v);
    GLint sw[4] = {GL_RED, GL_ZERO, GL_ONE, GL_GREEN};
    glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, sw);
    assert_true(draw_fs(FS_2D("vec2(0.5)")));
    expect_px(5, 5, 100, 0, 255, 100, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glDeleteTextures(1, &t);
}

static void test_sample_shadow(void **state)
{
    (void)state;
    REQUIRE_SAMPLING();
    GLuint t = new_tex(GL_TEXTURE_2D);
    float d = 0.5f;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 1, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                 &d);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    /* r = x / 64: r <= 0.5 passes on the left half */
    const char *fs = "uniform sampler2DShadow tex;\nvarying vec2 tc;\n"
                     "void main() { gl_FragColor = shadow2D(tex, vec3(0.5, 0.5, "
                     "tc.x)); }\n";
    assert_true(draw_fs(fs));
    expect_px(10, 10, 255, 255, 255, 255, 0);
    expect_px(50, 10, 0, 0, 0, 255, 0);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_ALPHA);
    assert_true(draw_fs(fs));
    expect_px(10, 10, 0, 0, 0, 0, 0);
    expect_px(50, 10, 0, 0, 0, 255, 0);
    /* without compare the depth value itself, as luminance */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_NONE);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE);
    assert_true(draw_fs(FS_2D("vec2(0.5)")));
    expect_px(10, 10, 128, 128, 128, 255, 1);
    glDeleteTextures(1, &t);
}

static void test_sample_cube_3d_array(void **state)
{
    (void)state;
    REQUIRE_SAMPLING();
    /* cube: +X, -X, +Y, -Y, +Z, -Z faces in distinct colours */
    GLuint t = new_tex(GL_TEXTURE_CUBE_MAP);
    static const uint8_t fc[6][4] = {{255, 0, 0, 255},   {0, 255, 0, 255},   {0, 0, 255, 255},
                                     {255, 255, 0, 255}, {0, 255, 255, 255}, {255, 0, 255, 255}};
    for (int f = 0; f < 6; f++) {
        uint8_t face[4 * 4 * 4];
        for (int i = 0; i < 16; i++)
            memcpy(face + 4 * i, fc[f], 4);
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, face);
    }
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    /* the direction depends on the pixel's sixth of the window width */
    const char *fs = "uniform samplerCube tex;\n"
                     "void main() {\n"
                     "  int k = int(gl_FragCoord.x / 64.0 * 6.0);\n"
                     "  vec3 d = vec3(0.1, 0.2, 0.3);\n"
                     "  if (k == 0) d.x = 1.0; else if (k == 1) d.x = -1.0;\n"
                     "  else if (k == 2) d.y = 1.0; else if (k == 3) d.y = -1.0;\n"
                     "  else if (k == 4) d.z = 1.0; else d.z = -1.0;\n"
                     "  gl_FragColor = textureCube(tex, d);\n"
                     "}\n";
    assert_true(draw_fs(fs));
    for (int f = 0; f < 6; f++) {
        int x = (int)((f + 0.5) * 64.0 / 6.0);
        expect_px(x, 30, fc[f][0], fc[f][1], fc[f][2], fc[f][3], 0);
    }
    glDeleteTextures(1, &t);

    /* 3D: r selects the slice */
    t = new_tex(GL_TEXTURE_3D);
    uint8_t vol[4][4];
    for (int z = 0; z < 4; z++) {
        vol[z][0] = (uint8_t)(z * 60);
        vol[z][1] = 10;
        vol[z][2] = 20;
        vol[z][3] = 255;
    }
    glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 1, 1, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, vol);
    glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    const char *fs3 = "uniform sampler3D tex;\nvarying vec2 tc;\n"
                      "void main() { gl_FragColor = texture3D(tex, vec3(0.5, 0.5, "
                      "tc.x)); }\n";
    assert_true(draw_fs(fs3));
    for (int z = 0; z < 4; z++)
        expect_px(z * 16 + 8, 5, z * 60, 10, 20, 255, 0);
    glDeleteTextures(1, &t);

    /* 2D array (GLSL 1.30): the layer coordinate is not normalised */
    t = new_tex(GL_TEXTURE_2D_ARRAY);
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 1, 1, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, vol);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    const char *fsa = "#version 130\n"
                      "uniform sampler2DArray tex;\n"
                      "void main() { gl_FragColor = texture(tex, vec3(0.5, 0.5, "
                      "floor(gl_FragCoord.x / 16.0))); }\n";
    const char *vsa = "#version 130\nin vec2 pos;\n"
                      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
    assert_true(draw_vs_fs(vsa, fsa));
    for (int z = 0; z < 4; z++)
        expect_px(z * 16 + 8, 5, z * 60, 10, 20, 255, 0);
    glDeleteTextures(1, &t);
}

/* CopyTexImage/CopyTexSubImage read the read framebuffer (window, bottom-up). */
static void test_copy_tex_image(void **state)
{
    (void)state;
    REQUIRE_SAMPLING();
    GLuint t = new_tex(GL_TEXTURE_2D);
    /* window: left half red, right half blue (drawn by a shader) */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 (uint8_t[]){0, 0, 0, 0});
    assert_true(draw_fs("varying vec2 tc;\n"
                        "void main() { gl_FragColor = tc.x < 0.5 ? vec4(1.0, 0.0, 0.0, 1.0) "
                        ": vec4(0.0, 0.0, 1.0, tc.y); }\n"));
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 30, 10, 4, 2, 0);
    assert_gl_error(GL_NO_ERROR);
    uint8_t out[4 * 2 * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 4; x++) {
            const uint8_t *w = px(30 + x, 10 + y), *o = &out[(y * 4 + x) * 4];
            assert_memory_equal(o, w, 4);
        }
    assert_int_equal(out[0], 255);
    assert_int_equal(out[3 * 4 + 2], 255);
    /* sub-copy into the middle */
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 40, 5, 2, 1);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
    assert_memory_equal(&out[(1 * 4 + 1) * 4], px(40, 5), 4);
    assert_memory_equal(&out[(1 * 4 + 2) * 4], px(41, 5), 4);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 3, 1, 40, 5, 2, 1);
    assert_gl_error(GL_INVALID_VALUE);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 3);
    assert_gl_error(GL_INVALID_VALUE);
    glDeleteTextures(1, &t);
}

/* Pixel unpack/pack buffers: the pointer is an offset into the buffer. */
static void test_pixel_buffers(void **state)
{
    (void)state;
    GLuint t = new_tex(GL_TEXTURE_2D), b = 0;
    uint8_t data[16 + 2 * 2 * 4];
    for (int i = 0; i < (int)sizeof data; i++)
        data[i] = (uint8_t)(i * 11);
    glGenBuffers(1, &b);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, b);
    glBufferData(GL_PIXEL_UNPACK_BUFFER, sizeof data, data, GL_STATIC_DRAW);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)16);
    assert_gl_error(GL_NO_ERROR);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)20);
    assert_gl_error(GL_INVALID_OPERATION); /* past the buffer's end */
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    uint8_t out[16];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
    assert_memory_equal(out, data + 16, 16);
    /* pack into a buffer at offset 4, then read it back */
    glBindBuffer(GL_PIXEL_PACK_BUFFER, b);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)4);
    assert_gl_error(GL_NO_ERROR);
    glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 4, 16, out);
    assert_memory_equal(out, data + 16, 16);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glDeleteBuffers(1, &b);
    glDeleteTextures(1, &t);
    assert_gl_error(GL_NO_ERROR);
}

/* Render to a texture through an FBO, then sample it. */
static void test_render_to_texture(void **state)
{
    (void)state;
    REQUIRE_SAMPLING();
    GLuint t = new_tex(GL_TEXTURE_2D), fb = 0;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glDeleteFramebuffers(1, &fb);
        glDeleteTextures(1, &t);
        skip();
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glBindTexture(GL_TEXTURE_2D, t);
    assert_true(draw_fs(FS_2D("tc")));
    expect_px(33, 17, 0, 255, 0, 255, 0);
    glDeleteTextures(1, &t);
    assert_gl_error(GL_NO_ERROR);
}

/* Many sampler states (more than the CSO cache holds) and texture switches
 * between draws: each draw must see its own texture and parameters. */
static void test_state_churn(void **state)
{
    (void)state;
    REQUIRE_SAMPLING();
    GLuint t[2];
    glGenTextures(2, t);
    static const uint8_t c[2][4] = {{255, 0, 0, 255}, {0, 0, 255, 255}};
    for (int k = 0; k < 2; k++) {
        glBindTexture(GL_TEXTURE_2D, t[k]);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, c[k]);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    }
    GLuint p = glt_program(vs_src, FS_2D("tc"));
    assert_true(p != 0);
    glUseProgram(p);
    GLint a = glGetAttribLocation(p, "pos");
    static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    glVertexAttribPointer((GLuint)a, 2, GL_FLOAT, GL_FALSE, 0, quad);
    glEnableVertexAttribArray((GLuint)a);
    for (int i = 0; i < 280; i++) {
        glBindTexture(GL_TEXTURE_2D, t[i & 1]);
        glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, (float)i / 64.0f);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        if (i % 97 == 0 || i >= 278) {
            glt_read_window(win);
            expect_px(7, 9, c[i & 1][0], c[i & 1][1], c[i & 1][2], c[i & 1][3], 0);
        }
    }
    glDisableVertexAttribArray((GLuint)a);
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteTextures(2, t);
    assert_gl_error(GL_NO_ERROR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_objects),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_params),
        cmocka_unit_test(test_image_errors),
        cmocka_unit_test(test_level_queries_and_proxies),
        cmocka_unit_test(test_get_tex_image),
        cmocka_unit_test(test_sub_images_and_targets),
        cmocka_unit_test(test_respecify_and_mipmaps),
        cmocka_unit_test(test_compressed_roundtrip),
        cmocka_unit_test(test_sample_nearest_and_incomplete),
        cmocka_unit_test(test_sample_mip_selection),
        cmocka_unit_test(test_sample_wrap_and_border),
        cmocka_unit_test(test_sample_formats_swizzle),
        cmocka_unit_test(test_sample_shadow),
        cmocka_unit_test(test_sample_cube_3d_array),
        cmocka_unit_test(test_copy_tex_image),
        cmocka_unit_test(test_pixel_buffers),
        cmocka_unit_test(test_render_to_texture),
        cmocka_unit_test(test_state_churn),
    };
    return cmocka_run_group_tests(tests, glt_setup, glt_teardown);
}
