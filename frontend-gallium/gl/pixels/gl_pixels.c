/*
 * gl_pixels.c: glPixelStore state (hooks, commands, glGet), GL internal
 * format -> base format and pipe format choice, sampler swizzles.
 * The conversions themselves live in gl_pixels_convert.c.
 */
#include "frontend-gallium/gl/pixels/gl_pixels_priv.h"

#include <math.h>
#include <stdlib.h>

/* ---- hooks --------------------------------------------------------------- */

static void store_defaults(gl_pixelstore *ps) { *ps = (gl_pixelstore){.alignment = 4}; }

bool gl_pixels_init(struct gl_context *ctx)
{
    if (!(ctx->pixels = calloc(1, sizeof *ctx->pixels)))
        return false;
    store_defaults(&ctx->pixels->pack);
    store_defaults(&ctx->pixels->unpack);
    gl_pixels_transfer_defaults(&ctx->pixels->transfer);
    ctx->pixels->unpack.transfer = &ctx->pixels->transfer;
    return true;
}

void gl_pixels_fini(struct gl_context *ctx)
{
    free(ctx->pixels);
    ctx->pixels = NULL;
}

int gl_pixels_enable(struct gl_context *ctx, GLenum cap, int op)
{
    (void)ctx;
    (void)cap;
    (void)op;
    return -1;
}

typedef enum store_field {
    SF_NONE,
    SF_ALIGNMENT,
    SF_ROW_LENGTH,
    SF_IMAGE_HEIGHT,
    SF_SKIP_PIXELS,
    SF_SKIP_ROWS,
    SF_SKIP_IMAGES,
    SF_SWAP_BYTES,
    SF_LSB_FIRST,
} store_field;

/* Which direction and field a GL_PACK_* / GL_UNPACK_* pname names. */
static store_field store_pname(struct gl_context *ctx, GLenum pname, gl_pixelstore **ps)
{
    switch (pname) {
#define DIR(P, dir)                                                                                \
    case GL_##P##_ALIGNMENT:                                                                       \
        *ps = &ctx->pixels->dir;                                                                   \
        return SF_ALIGNMENT;                                                                       \
    case GL_##P##_ROW_LENGTH:                                                                      \
        *ps = &ctx->pixels->dir;                                                                   \
        return SF_ROW_LENGTH;                                                                      \
    case GL_##P##_IMAGE_HEIGHT:                                                                    \
        *ps = &ctx->pixels->dir;                                                                   \
        return SF_IMAGE_HEIGHT;                                                                    \
    case GL_##P##_SKIP_PIXELS:                                                                     \
        *ps = &ctx->pixels->dir;                                                                   \
        return SF_SKIP_PIXELS;                                                                     \
    case GL_##P##_SKIP_ROWS:                                                                       \
        *ps = &ctx->pixels->dir;                                                                   \
        return SF_SKIP_ROWS;                                                                       \
    case GL_##P##_SKIP_IMAGES:                                                                     \
        *ps = &ctx->pixels->dir;                                                                   \
        return SF_SKIP_IMAGES;                                                                     \
    case GL_##P##_SWAP_BYTES:                                                                      \
        *ps = &ctx->pixels->dir;                                                                   \
        return SF_SWAP_BYTES;                                                                      \
    case GL_##P##_LSB_FIRST:                                                                       \
        *ps = &ctx->pixels->dir;                                                                   \
        return SF_LSB_FIRST;
        DIR(PACK, pack)
        DIR(UNPACK, unpack)
#undef DIR
    default:
        *ps = NULL;
        return SF_NONE;
    }
}

bool gl_pixels_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    gl_pixelstore *ps;
    switch (store_pname(ctx, pname, &ps)) {
    case SF_NONE:
        return gl_pixels_transfer_get(ctx, pname, v);
    case SF_ALIGNMENT:
        gl_value_int(v, ps->alignment);
        return true;
    case SF_ROW_LENGTH:
        gl_value_int(v, ps->row_length);
        return true;
    case SF_IMAGE_HEIGHT:
        gl_value_int(v, ps->image_height);
        return true;
    case SF_SKIP_PIXELS:
        gl_value_int(v, ps->skip_pixels);
        return true;
    case SF_SKIP_ROWS:
        gl_value_int(v, ps->skip_rows);
        return true;
    case SF_SKIP_IMAGES:
        gl_value_int(v, ps->skip_images);
        return true;
    case SF_SWAP_BYTES:
        gl_value_bool(v, ps->swap_bytes);
        return true;
    case SF_LSB_FIRST:
        gl_value_bool(v, ps->lsb_first);
        return true;
    }
    return false;
}

/* Shared by glPixelStorei/f: `param` already converted as GL specifies
 * (booleans: nonzero is true; integers: rounded). */
static void pixel_store(struct gl_context *ctx, GLenum pname, GLint param, bool nonzero)
{
    gl_pixelstore *ps;
    store_field f = store_pname(ctx, pname, &ps);
    if (f == SF_NONE) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (f == SF_SWAP_BYTES || f == SF_LSB_FIRST) {
        if (f == SF_SWAP_BYTES)
            ps->swap_bytes = nonzero ? GL_TRUE : GL_FALSE;
        else
            ps->lsb_first = nonzero ? GL_TRUE : GL_FALSE;
        return;
    }
    if (param < 0 || (f == SF_ALIGNMENT && param != 1 && param != 2 && param != 4 && param != 8)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    switch (f) {
    case SF_ALIGNMENT:
        ps->alignment = param;
        break;
    case SF_ROW_LENGTH:
        ps->row_length = param;
        break;
    case SF_IMAGE_HEIGHT:
        ps->image_height = param;
        break;
    case SF_SKIP_PIXELS:
        ps->skip_pixels = param;
        break;
    case SF_SKIP_ROWS:
        ps->skip_rows = param;
        break;
    case SF_SKIP_IMAGES:
        ps->skip_images = param;
        break;
    default:
        break;
    }
}

void swrgl_PixelStorei(struct gl_context *ctx, GLenum pname, GLint param)
{
    pixel_store(ctx, pname, param, param != 0);
}

void swrgl_PixelStoref(struct gl_context *ctx, GLenum pname, GLfloat param)
{
    /* GL: a float for an integer parameter is rounded to the nearest integer. */
    GLint i;
    if (isnan(param))
        i = -1; /* reported as INVALID_VALUE for the integer fields */
    else if (param >= 2147483647.0f)
        i = 2147483647;
    else if (param <= -2147483648.0f)
        i = -2147483647 - 1;
    else
        i = (GLint)lroundf(param);
    pixel_store(ctx, pname, i, param != 0.0f);
}

/* ---- internal formats ------------------------------------------------------ */

/* Everything about one internal format: base format, the pipe formats to
 * try in order, and flags. */
enum {
    IF_RENDER_PREF = 1, /* prefer a renderable format for SAMPLER_VIEW (render to texture) */
    IF_STENCIL = 2,     /* stencil-only: never a sampler view */
};

typedef struct ifmt_info {
    GLenum internal;
    GLenum base;
    uint8_t flags;
    enum pipe_format cand[5];
} ifmt_info;

#define F(x) PIPE_FORMAT_##x
#define C1(a)                                                                                      \
    {                                                                                              \
        F(a)                                                                                       \
    }
#define C2(a, b)                                                                                   \
    {                                                                                              \
        F(a), F(b)                                                                                 \
    }
#define C3(a, b, c)                                                                                \
    {                                                                                              \
        F(a), F(b), F(c)                                                                           \
    }
#define C4(a, b, c, d)                                                                             \
    {                                                                                              \
        F(a), F(b), F(c), F(d)                                                                     \
    }
#define C5(a, b, c, d, e)                                                                          \
    {                                                                                              \
        F(a), F(b), F(c), F(d), F(e)                                                               \
    }
#define RP IF_RENDER_PREF

static const ifmt_info ifmts[] = {
    /* unsized and generic compressed (swr does not compress) */
    {1, GL_LUMINANCE, 0, C2(L8_UNORM, R8G8B8A8_UNORM)},
    {2, GL_LUMINANCE_ALPHA, 0, C2(L8A8_UNORM, R8G8B8A8_UNORM)},
    {3, GL_RGB, RP, C4(R8G8B8X8_UNORM, R8G8B8A8_UNORM, B8G8R8X8_UNORM, B8G8R8A8_UNORM)},
    {4, GL_RGBA, RP, C2(R8G8B8A8_UNORM, B8G8R8A8_UNORM)},
    {GL_ALPHA, GL_ALPHA, 0, C2(A8_UNORM, R8G8B8A8_UNORM)},
    {GL_LUMINANCE, GL_LUMINANCE, 0, C2(L8_UNORM, R8G8B8A8_UNORM)},
    {GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, 0, C2(L8A8_UNORM, R8G8B8A8_UNORM)},
    {GL_INTENSITY, GL_INTENSITY, 0, C2(I8_UNORM, R8G8B8A8_UNORM)},
    {GL_RGB, GL_RGB, RP, C4(R8G8B8X8_UNORM, R8G8B8A8_UNORM, B8G8R8X8_UNORM, B8G8R8A8_UNORM)},
    {GL_RGBA, GL_RGBA, RP, C2(R8G8B8A8_UNORM, B8G8R8A8_UNORM)},
    {GL_RED, GL_RED, RP, C2(R8_UNORM, R8G8B8A8_UNORM)},
    {GL_RG, GL_RG, RP, C2(R8G8_UNORM, R8G8B8A8_UNORM)},
    {GL_COMPRESSED_ALPHA, GL_ALPHA, 0, C2(A8_UNORM, R8G8B8A8_UNORM)},
    {GL_COMPRESSED_LUMINANCE, GL_LUMINANCE, 0, C2(L8_UNORM, R8G8B8A8_UNORM)},
    {GL_COMPRESSED_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, 0, C2(L8A8_UNORM, R8G8B8A8_UNORM)},
    {GL_COMPRESSED_INTENSITY, GL_INTENSITY, 0, C2(I8_UNORM, R8G8B8A8_UNORM)},
    {GL_COMPRESSED_RGB, GL_RGB, RP, C3(R8G8B8X8_UNORM, R8G8B8A8_UNORM, B8G8R8A8_UNORM)},
    {GL_COMPRESSED_RGBA, GL_RGBA, RP, C2(R8G8B8A8_UNORM, B8G8R8A8_UNORM)},
    {GL_COMPRESSED_RED, GL_RED, RP, C2(R8_UNORM, R8G8B8A8_UNORM)},
    {GL_COMPRESSED_RG, GL_RG, RP, C2(R8G8_UNORM, R8G8B8A8_UNORM)},
    /* sized alpha / luminance / intensity */
    {GL_ALPHA4, GL_ALPHA, 0, C2(A8_UNORM, R8G8B8A8_UNORM)},
    {GL_ALPHA8, GL_ALPHA, 0, C2(A8_UNORM, R8G8B8A8_UNORM)},
    {GL_ALPHA12, GL_ALPHA, 0, C3(A16_UNORM, R16G16B16A16_UNORM, R32G32B32A32_FLOAT)},
    {GL_ALPHA16, GL_ALPHA, 0, C3(A16_UNORM, R16G16B16A16_UNORM, R32G32B32A32_FLOAT)},
    {GL_LUMINANCE4, GL_LUMINANCE, 0, C2(L8_UNORM, R8G8B8A8_UNORM)},
    {GL_LUMINANCE8, GL_LUMINANCE, 0, C2(L8_UNORM, R8G8B8A8_UNORM)},
    {GL_LUMINANCE12, GL_LUMINANCE, 0, C3(L16_UNORM, R16G16B16A16_UNORM, R32G32B32A32_FLOAT)},
    {GL_LUMINANCE16, GL_LUMINANCE, 0, C3(L16_UNORM, R16G16B16A16_UNORM, R32G32B32A32_FLOAT)},
    {GL_LUMINANCE4_ALPHA4, GL_LUMINANCE_ALPHA, 0, C2(L8A8_UNORM, R8G8B8A8_UNORM)},
    {GL_LUMINANCE6_ALPHA2, GL_LUMINANCE_ALPHA, 0, C2(L8A8_UNORM, R8G8B8A8_UNORM)},
    {GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, 0, C2(L8A8_UNORM, R8G8B8A8_UNORM)},
    {GL_LUMINANCE12_ALPHA4, GL_LUMINANCE_ALPHA, 0,
     C3(L16A16_UNORM, R16G16B16A16_UNORM, R32G32B32A32_FLOAT)},
    {GL_LUMINANCE12_ALPHA12, GL_LUMINANCE_ALPHA, 0,
     C3(L16A16_UNORM, R16G16B16A16_UNORM, R32G32B32A32_FLOAT)},
    {GL_LUMINANCE16_ALPHA16, GL_LUMINANCE_ALPHA, 0,
     C3(L16A16_UNORM, R16G16B16A16_UNORM, R32G32B32A32_FLOAT)},
    {GL_INTENSITY4, GL_INTENSITY, 0, C2(I8_UNORM, R8G8B8A8_UNORM)},
    {GL_INTENSITY8, GL_INTENSITY, 0, C2(I8_UNORM, R8G8B8A8_UNORM)},
    {GL_INTENSITY12, GL_INTENSITY, 0, C3(I16_UNORM, R16G16B16A16_UNORM, R32G32B32A32_FLOAT)},
    {GL_INTENSITY16, GL_INTENSITY, 0, C3(I16_UNORM, R16G16B16A16_UNORM, R32G32B32A32_FLOAT)},
    /* sized RGB(A) */
    {GL_R3_G3_B2, GL_RGB, RP, C3(R8G8B8X8_UNORM, R8G8B8A8_UNORM, B8G8R8A8_UNORM)},
    {GL_RGB4, GL_RGB, RP, C3(R8G8B8X8_UNORM, R8G8B8A8_UNORM, B8G8R8A8_UNORM)},
    {GL_RGB5, GL_RGB, RP, C3(R8G8B8X8_UNORM, R8G8B8A8_UNORM, B8G8R8A8_UNORM)},
    {GL_RGB565, GL_RGB, RP, C3(B5G6R5_UNORM, R8G8B8X8_UNORM, R8G8B8A8_UNORM)},
    {GL_RGB8, GL_RGB, RP, C4(R8G8B8X8_UNORM, R8G8B8A8_UNORM, B8G8R8X8_UNORM, B8G8R8A8_UNORM)},
    {GL_RGB10, GL_RGB, RP, C3(R10G10B10X2_UNORM, R10G10B10A2_UNORM, R16G16B16A16_UNORM)},
    {GL_RGB12, GL_RGB, 0, C3(R16G16B16A16_UNORM, R16G16B16_UNORM, R32G32B32A32_FLOAT)},
    {GL_RGB16, GL_RGB, 0, C3(R16G16B16A16_UNORM, R16G16B16_UNORM, R32G32B32A32_FLOAT)},
    {GL_RGBA2, GL_RGBA, RP, C2(R8G8B8A8_UNORM, B8G8R8A8_UNORM)},
    {GL_RGBA4, GL_RGBA, RP, C2(R8G8B8A8_UNORM, B8G8R8A8_UNORM)},
    {GL_RGB5_A1, GL_RGBA, RP, C2(R8G8B8A8_UNORM, B8G8R8A8_UNORM)},
    {GL_RGBA8, GL_RGBA, RP, C2(R8G8B8A8_UNORM, B8G8R8A8_UNORM)},
    {GL_RGB10_A2, GL_RGBA, RP, C3(R10G10B10A2_UNORM, B10G10R10A2_UNORM, R16G16B16A16_UNORM)},
    {GL_RGBA12, GL_RGBA, 0, C2(R16G16B16A16_UNORM, R32G32B32A32_FLOAT)},
    {GL_RGBA16, GL_RGBA, 0, C2(R16G16B16A16_UNORM, R32G32B32A32_FLOAT)},
    {GL_R8, GL_RED, RP, C2(R8_UNORM, R8G8B8A8_UNORM)},
    {GL_RG8, GL_RG, RP, C2(R8G8_UNORM, R8G8B8A8_UNORM)},
    {GL_R16, GL_RED, 0, C3(R16_UNORM, R16G16B16A16_UNORM, R32G32B32A32_FLOAT)},
    {GL_RG16, GL_RG, 0, C3(R16G16_UNORM, R16G16B16A16_UNORM, R32G32B32A32_FLOAT)},
    /* signed normalized (GL 3.1) */
    {GL_R8_SNORM, GL_RED, RP, C2(R8_SNORM, R8G8B8A8_SNORM)},
    {GL_RG8_SNORM, GL_RG, RP, C2(R8G8_SNORM, R8G8B8A8_SNORM)},
    {GL_RGB8_SNORM, GL_RGB, RP, C2(R8G8B8A8_SNORM, R8G8B8_SNORM)},
    {GL_RGBA8_SNORM, GL_RGBA, RP, C1(R8G8B8A8_SNORM)},
    {GL_R16_SNORM, GL_RED, RP, C2(R16_SNORM, R16G16B16A16_SNORM)},
    {GL_RG16_SNORM, GL_RG, RP, C2(R16G16_SNORM, R16G16B16A16_SNORM)},
    {GL_RGB16_SNORM, GL_RGB, RP, C2(R16G16B16A16_SNORM, R16G16B16_SNORM)},
    {GL_RGBA16_SNORM, GL_RGBA, RP, C1(R16G16B16A16_SNORM)},
    /* sRGB */
    {GL_SRGB, GL_RGB, RP, C4(R8G8B8X8_SRGB, R8G8B8A8_SRGB, B8G8R8X8_SRGB, B8G8R8A8_SRGB)},
    {GL_SRGB8, GL_RGB, RP, C4(R8G8B8X8_SRGB, R8G8B8A8_SRGB, B8G8R8X8_SRGB, B8G8R8A8_SRGB)},
    {GL_COMPRESSED_SRGB, GL_RGB, RP, C3(R8G8B8X8_SRGB, R8G8B8A8_SRGB, B8G8R8A8_SRGB)},
    {GL_SRGB_ALPHA, GL_RGBA, RP, C2(R8G8B8A8_SRGB, B8G8R8A8_SRGB)},
    {GL_SRGB8_ALPHA8, GL_RGBA, RP, C2(R8G8B8A8_SRGB, B8G8R8A8_SRGB)},
    {GL_COMPRESSED_SRGB_ALPHA, GL_RGBA, RP, C2(R8G8B8A8_SRGB, B8G8R8A8_SRGB)},
    {GL_SLUMINANCE, GL_LUMINANCE, 0, C2(L8_SRGB, R8G8B8A8_SRGB)},
    {GL_SLUMINANCE8, GL_LUMINANCE, 0, C2(L8_SRGB, R8G8B8A8_SRGB)},
    {GL_COMPRESSED_SLUMINANCE, GL_LUMINANCE, 0, C2(L8_SRGB, R8G8B8A8_SRGB)},
    {GL_SLUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, 0, C2(L8A8_SRGB, R8G8B8A8_SRGB)},
    {GL_SLUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, 0, C2(L8A8_SRGB, R8G8B8A8_SRGB)},
    {GL_COMPRESSED_SLUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, 0, C2(L8A8_SRGB, R8G8B8A8_SRGB)},
    /* float */
    {GL_R16F, GL_RED, RP, C4(R16_FLOAT, R32_FLOAT, R16G16B16A16_FLOAT, R32G32B32A32_FLOAT)},
    {GL_RG16F, GL_RG, RP, C3(R16G16_FLOAT, R16G16B16A16_FLOAT, R32G32B32A32_FLOAT)},
    {GL_RGB16F, GL_RGB, RP, C3(R16G16B16A16_FLOAT, R16G16B16_FLOAT, R32G32B32A32_FLOAT)},
    {GL_RGBA16F, GL_RGBA, RP, C2(R16G16B16A16_FLOAT, R32G32B32A32_FLOAT)},
    {GL_R32F, GL_RED, RP, C2(R32_FLOAT, R32G32B32A32_FLOAT)},
    {GL_RG32F, GL_RG, RP, C2(R32G32_FLOAT, R32G32B32A32_FLOAT)},
    {GL_RGB32F, GL_RGB, RP, C2(R32G32B32A32_FLOAT, R32G32B32_FLOAT)},
    {GL_RGBA32F, GL_RGBA, RP, C1(R32G32B32A32_FLOAT)},
    {GL_R11F_G11F_B10F, GL_RGB, RP, C3(R11G11B10_FLOAT, R16G16B16A16_FLOAT, R32G32B32A32_FLOAT)},
    {GL_RGB9_E5, GL_RGB, 0, C3(R9G9B9E5_FLOAT, R16G16B16A16_FLOAT, R32G32B32A32_FLOAT)},
    {GL_ALPHA16F_ARB, GL_ALPHA, 0, C3(A16_FLOAT, R16G16B16A16_FLOAT, R32G32B32A32_FLOAT)},
    {GL_ALPHA32F_ARB, GL_ALPHA, 0, C2(A32_FLOAT, R32G32B32A32_FLOAT)},
    {GL_LUMINANCE16F_ARB, GL_LUMINANCE, 0, C3(L16_FLOAT, R16G16B16A16_FLOAT, R32G32B32A32_FLOAT)},
    {GL_LUMINANCE32F_ARB, GL_LUMINANCE, 0, C2(L32_FLOAT, R32G32B32A32_FLOAT)},
    {GL_LUMINANCE_ALPHA16F_ARB, GL_LUMINANCE_ALPHA, 0,
     C3(L16A16_FLOAT, R16G16B16A16_FLOAT, R32G32B32A32_FLOAT)},
    {GL_LUMINANCE_ALPHA32F_ARB, GL_LUMINANCE_ALPHA, 0, C2(L32A32_FLOAT, R32G32B32A32_FLOAT)},
    {GL_INTENSITY16F_ARB, GL_INTENSITY, 0, C3(I16_FLOAT, R16G16B16A16_FLOAT, R32G32B32A32_FLOAT)},
    {GL_INTENSITY32F_ARB, GL_INTENSITY, 0, C2(I32_FLOAT, R32G32B32A32_FLOAT)},
    /* integer */
    {GL_R8I, GL_RED, RP, C2(R8_SINT, R8G8B8A8_SINT)},
    {GL_R8UI, GL_RED, RP, C2(R8_UINT, R8G8B8A8_UINT)},
    {GL_R16I, GL_RED, RP, C2(R16_SINT, R16G16B16A16_SINT)},
    {GL_R16UI, GL_RED, RP, C2(R16_UINT, R16G16B16A16_UINT)},
    {GL_R32I, GL_RED, RP, C2(R32_SINT, R32G32B32A32_SINT)},
    {GL_R32UI, GL_RED, RP, C2(R32_UINT, R32G32B32A32_UINT)},
    {GL_RG8I, GL_RG, RP, C2(R8G8_SINT, R8G8B8A8_SINT)},
    {GL_RG8UI, GL_RG, RP, C2(R8G8_UINT, R8G8B8A8_UINT)},
    {GL_RG16I, GL_RG, RP, C2(R16G16_SINT, R16G16B16A16_SINT)},
    {GL_RG16UI, GL_RG, RP, C2(R16G16_UINT, R16G16B16A16_UINT)},
    {GL_RG32I, GL_RG, RP, C2(R32G32_SINT, R32G32B32A32_SINT)},
    {GL_RG32UI, GL_RG, RP, C2(R32G32_UINT, R32G32B32A32_UINT)},
    {GL_RGB8I, GL_RGB, RP, C2(R8G8B8A8_SINT, R8G8B8_SINT)},
    {GL_RGB8UI, GL_RGB, RP, C2(R8G8B8A8_UINT, R8G8B8_UINT)},
    {GL_RGB16I, GL_RGB, RP, C2(R16G16B16A16_SINT, R16G16B16_SINT)},
    {GL_RGB16UI, GL_RGB, RP, C2(R16G16B16A16_UINT, R16G16B16_UINT)},
    {GL_RGB32I, GL_RGB, RP, C2(R32G32B32A32_SINT, R32G32B32_SINT)},
    {GL_RGB32UI, GL_RGB, RP, C2(R32G32B32A32_UINT, R32G32B32_UINT)},
    {GL_RGBA8I, GL_RGBA, RP, C1(R8G8B8A8_SINT)},
    {GL_RGBA8UI, GL_RGBA, RP, C1(R8G8B8A8_UINT)},
    {GL_RGBA16I, GL_RGBA, RP, C1(R16G16B16A16_SINT)},
    {GL_RGBA16UI, GL_RGBA, RP, C1(R16G16B16A16_UINT)},
    {GL_RGBA32I, GL_RGBA, RP, C1(R32G32B32A32_SINT)},
    {GL_RGBA32UI, GL_RGBA, RP, C1(R32G32B32A32_UINT)},
    /* depth and stencil */
    {GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, RP,
     C4(Z24X8_UNORM, Z24_UNORM_S8_UINT, X8Z24_UNORM, Z32_FLOAT)},
    {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, RP,
     C4(Z16_UNORM, Z24X8_UNORM, Z24_UNORM_S8_UINT, Z32_FLOAT)},
    {GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, RP,
     C4(Z24X8_UNORM, Z24_UNORM_S8_UINT, X8Z24_UNORM, Z32_FLOAT)},
    {GL_DEPTH_COMPONENT32, GL_DEPTH_COMPONENT, RP,
     C4(Z32_UNORM, Z32_FLOAT, Z24X8_UNORM, Z24_UNORM_S8_UINT)},
    {GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, RP, C2(Z32_FLOAT, Z32_FLOAT_S8X24_UINT)},
    {GL_DEPTH_STENCIL, GL_DEPTH_STENCIL, RP,
     C3(Z24_UNORM_S8_UINT, S8_UINT_Z24_UNORM, Z32_FLOAT_S8X24_UINT)},
    {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, RP,
     C3(Z24_UNORM_S8_UINT, S8_UINT_Z24_UNORM, Z32_FLOAT_S8X24_UINT)},
    {GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, RP, C1(Z32_FLOAT_S8X24_UINT)},
    {GL_STENCIL_INDEX, GL_STENCIL_INDEX, IF_STENCIL,
     C3(S8_UINT, Z24_UNORM_S8_UINT, S8_UINT_Z24_UNORM)},
    {GL_STENCIL_INDEX1, GL_STENCIL_INDEX, IF_STENCIL,
     C3(S8_UINT, Z24_UNORM_S8_UINT, S8_UINT_Z24_UNORM)},
    {GL_STENCIL_INDEX4, GL_STENCIL_INDEX, IF_STENCIL,
     C3(S8_UINT, Z24_UNORM_S8_UINT, S8_UINT_Z24_UNORM)},
    {GL_STENCIL_INDEX8, GL_STENCIL_INDEX, IF_STENCIL,
     C3(S8_UINT, Z24_UNORM_S8_UINT, S8_UINT_Z24_UNORM)},
    {GL_STENCIL_INDEX16, GL_STENCIL_INDEX, IF_STENCIL,
     C3(S8_UINT, Z24_UNORM_S8_UINT, S8_UINT_Z24_UNORM)},
    /* specific compressed formats: uncompressed storage for glTexImage */
    {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_RGB, 0, C2(R8G8B8X8_UNORM, R8G8B8A8_UNORM)},
    {GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_RGBA, 0, C1(R8G8B8A8_UNORM)},
    {GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_RGBA, 0, C1(R8G8B8A8_UNORM)},
    {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_RGBA, 0, C1(R8G8B8A8_UNORM)},
    {GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, GL_RGB, 0, C2(R8G8B8X8_SRGB, R8G8B8A8_SRGB)},
    {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT, GL_RGBA, 0, C1(R8G8B8A8_SRGB)},
    {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT, GL_RGBA, 0, C1(R8G8B8A8_SRGB)},
    {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, GL_RGBA, 0, C1(R8G8B8A8_SRGB)},
    {GL_COMPRESSED_RED_RGTC1, GL_RED, 0, C2(R8_UNORM, R8G8B8A8_UNORM)},
    {GL_COMPRESSED_SIGNED_RED_RGTC1, GL_RED, 0, C3(R8_SNORM, R16_SNORM, R8G8B8A8_SNORM)},
    {GL_COMPRESSED_RG_RGTC2, GL_RG, 0, C2(R8G8_UNORM, R8G8B8A8_UNORM)},
    {GL_COMPRESSED_SIGNED_RG_RGTC2, GL_RG, 0, C3(R8G8_SNORM, R16G16_SNORM, R8G8B8A8_SNORM)},
    {GL_COMPRESSED_RGBA_BPTC_UNORM, GL_RGBA, 0, C1(R8G8B8A8_UNORM)},
    {GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, GL_RGBA, 0, C1(R8G8B8A8_SRGB)},
    {GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, GL_RGB, 0, C2(R16G16B16A16_FLOAT, R32G32B32A32_FLOAT)},
    {GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, GL_RGB, 0, C2(R16G16B16A16_FLOAT, R32G32B32A32_FLOAT)},
};

#undef F
#undef C1
#undef C2
#undef C3
#undef C4
#undef C5
#undef RP

static const ifmt_info *ifmt_find(GLenum internal)
{
    for (size_t i = 0; i < sizeof ifmts / sizeof ifmts[0]; i++)
        if (ifmts[i].internal == internal)
            return &ifmts[i];
    return NULL;
}

GLenum gl_pixels_base_format(GLenum internal_format)
{
    const ifmt_info *f = ifmt_find(internal_format);
    return f ? f->base : 0;
}

static bool supported(struct pipe_screen *screen, enum pipe_format f, unsigned bind)
{
    return screen->is_format_supported(screen, f, PIPE_TEXTURE_2D, 0, 0, bind);
}

enum pipe_format gl_pixels_choose_format(struct pipe_screen *screen, GLenum internal_format,
                                         GLenum format, GLenum type, unsigned bind)
{
    const ifmt_info *info = ifmt_find(internal_format);
    if (!screen || !info)
        return PIPE_FORMAT_NONE;
    if ((info->flags & IF_STENCIL) && (bind & PIPE_BIND_SAMPLER_VIEW))
        return PIPE_FORMAT_NONE;
    enum pipe_format cand[6];
    size_t n = 0;
    /* Unsized formats: the client type may ask for more precision. */
    if (internal_format == GL_DEPTH_COMPONENT && type == GL_UNSIGNED_SHORT)
        cand[n++] = PIPE_FORMAT_Z16_UNORM;
    if (internal_format == GL_DEPTH_COMPONENT && type == GL_FLOAT)
        cand[n++] = PIPE_FORMAT_Z32_FLOAT;
    if (internal_format == GL_DEPTH_STENCIL && type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
        cand[n++] = PIPE_FORMAT_Z32_FLOAT_S8X24_UINT;
    if ((internal_format == GL_RGBA || internal_format == 4) &&
        type == GL_UNSIGNED_INT_2_10_10_10_REV)
        cand[n++] = PIPE_FORMAT_R10G10B10A2_UNORM;
    (void)format;
    for (size_t i = 0; i < 5 && info->cand[i] != PIPE_FORMAT_NONE; i++)
        cand[n++] = info->cand[i];
    /* Prefer formats a texture can also be rendered to. */
    if ((info->flags & IF_RENDER_PREF) && bind == PIPE_BIND_SAMPLER_VIEW) {
        unsigned extra = info->base == GL_DEPTH_COMPONENT || info->base == GL_DEPTH_STENCIL
                             ? PIPE_BIND_DEPTH_STENCIL
                             : PIPE_BIND_RENDER_TARGET;
        for (size_t i = 0; i < n; i++)
            if (supported(screen, cand[i], bind | extra))
                return cand[i];
    }
    for (size_t i = 0; i < n; i++)
        if (supported(screen, cand[i], bind))
            return cand[i];
    return PIPE_FORMAT_NONE;
}

enum pipe_format gl_pixels_choose_compressed_format(struct pipe_screen *screen,
                                                    GLenum internal_format, unsigned bind)
{
    enum pipe_format f;
    switch (internal_format) {
    case GL_COMPRESSED_RGB_S3TC_DXT1_EXT:
        f = PIPE_FORMAT_DXT1_RGB;
        break;
    case GL_COMPRESSED_RGBA_S3TC_DXT1_EXT:
        f = PIPE_FORMAT_DXT1_RGBA;
        break;
    case GL_COMPRESSED_RGBA_S3TC_DXT3_EXT:
        f = PIPE_FORMAT_DXT3_RGBA;
        break;
    case GL_COMPRESSED_RGBA_S3TC_DXT5_EXT:
        f = PIPE_FORMAT_DXT5_RGBA;
        break;
    case GL_COMPRESSED_SRGB_S3TC_DXT1_EXT:
        f = PIPE_FORMAT_DXT1_SRGB;
        break;
    case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT:
        f = PIPE_FORMAT_DXT1_SRGBA;
        break;
    case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT:
        f = PIPE_FORMAT_DXT3_SRGBA;
        break;
    case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT:
        f = PIPE_FORMAT_DXT5_SRGBA;
        break;
    case GL_COMPRESSED_RED_RGTC1:
        f = PIPE_FORMAT_RGTC1_UNORM;
        break;
    case GL_COMPRESSED_SIGNED_RED_RGTC1:
        f = PIPE_FORMAT_RGTC1_SNORM;
        break;
    case GL_COMPRESSED_RG_RGTC2:
        f = PIPE_FORMAT_RGTC2_UNORM;
        break;
    case GL_COMPRESSED_SIGNED_RG_RGTC2:
        f = PIPE_FORMAT_RGTC2_SNORM;
        break;
    case GL_COMPRESSED_RGBA_BPTC_UNORM:
        f = PIPE_FORMAT_BPTC_RGBA_UNORM;
        break;
    case GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM:
        f = PIPE_FORMAT_BPTC_SRGBA;
        break;
    case GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT:
        f = PIPE_FORMAT_BPTC_RGB_FLOAT;
        break;
    case GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT:
        f = PIPE_FORMAT_BPTC_RGB_UFLOAT;
        break;
    default:
        return PIPE_FORMAT_NONE;
    }
    return screen && supported(screen, f, bind) ? f : PIPE_FORMAT_NONE;
}

void gl_pixels_format_swizzle(GLenum base_format, enum pipe_format f, unsigned char swizzle[4])
{
    (void)f; /* L/A/I pipe formats fetch their value in x and w, like RGBA storage */
    enum {
        X = PIPE_SWIZZLE_X,
        Y = PIPE_SWIZZLE_Y,
        Z = PIPE_SWIZZLE_Z,
        W = PIPE_SWIZZLE_W,
        S0 = PIPE_SWIZZLE_0,
        S1 = PIPE_SWIZZLE_1
    };
    unsigned char s[4] = {X, Y, Z, W};
    switch (base_format) {
    case GL_ALPHA:
        s[0] = s[1] = s[2] = S0;
        break;
    case GL_LUMINANCE:
        s[1] = s[2] = X;
        s[3] = S1;
        break;
    case GL_LUMINANCE_ALPHA:
        s[1] = s[2] = X;
        break;
    case GL_INTENSITY:
        s[1] = s[2] = s[3] = X;
        break;
    case GL_RED:
        s[1] = s[2] = S0;
        s[3] = S1;
        break;
    case GL_RG:
        s[2] = S0;
        s[3] = S1;
        break;
    case GL_RGB:
        s[3] = S1;
        break;
    default:
        break;
    }
    for (int i = 0; i < 4; i++)
        swizzle[i] = s[i];
}
