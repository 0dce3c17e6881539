/*
 * gl_pixeldraw.c: glDrawPixels, glBitmap and glCopyPixels (see
 * gl_pixeldraw.h) as one textured quad each.
 *
 * How: the image goes into a texture of its own (a name made and deleted by
 * the call) with glTexImage2D, whose unpacking applies the pixel store
 * state, the pixel unpack buffer and the pixel transfer operations exactly
 * as glDrawPixels requires (GL 2.1 section 3.6.4 shares them). The quad
 * covers the window rectangle GL gives the image: (xr, yr) to (xr + zx * w,
 * yr + zy * h) for glDrawPixels, with (xr, yr) the raster position rounded
 * to a pixel corner (a fragment for each pixel centre inside; negative
 * zooms flip), (floor(xr - xo), floor(yr - yo)) plus the bitmap's
 * size for glBitmap (never zoomed), at the raster position's depth, and is
 * drawn in immediate mode with one of four small GLSL programs, compiled
 * on first use and kept for the context's life:
 *   colour:  the fragment colour is the texel;
 *   depth:   gl_FragDepth is the texel (a depth texture), the colour the
 *            raster colour (GL_DEPTH_COMPONENT images write depth through
 *            the depth test, GL 2.1 section 4.3.1);
 *   bitmap:  texels whose bit is 0 are discarded, the colour is the raster
 *            colour.
 *   stencil: GL_STENCIL_INDEX and the stencil of GL_DEPTH_STENCIL, one
 *            pass per bit of the stencil write mask (draw_stencil).
 * The vertex shader passes window coordinates mapped to a viewport that
 * covers the whole draw framebuffer (rectangles are not clipped to the
 * viewport), so matrices, lighting and texgen do not matter.
 *
 * State: what the draw changes is saved first and put back after it — the
 * current values and raster position, polygon and clip plane state and the
 * viewport through the attrib part (gl_attrib_save/restore: the pushes of
 * glPushAttrib without its stack), the bound program and texture unit 0's
 * 2-D binding by hand. The errors of these internal commands are
 * discarded; those of the image (glTexImage2D's: format, type, buffer
 * bounds) are the command's.
 *
 * Display lists: glBitmap and glDrawPixels record themselves (gen_gl_api.py
 * SELF_LISTED): the image is unpacked at compile time into the list and
 * replayed by a callback (bitmap_replay, pixels_replay).
 *
 * Cost: one glTexImage2D of the image (RGBA8 for 8-bit colour without
 * pixel transfer, else RGBA32F or a depth format), one quad, and the saves
 * and restores above (a few dozen glGet values); glBitmap's texture is not
 * cached across calls.
 *
 * glCopyPixels reads the rectangle first (glReadPixels into memory, with
 * the pixel transfer) and draws that as glDrawPixels does without applying
 * the transfer again, so overlapping source and destination behave as read
 * before written.
 */
#include "frontend-gallium/gl/pixeldraw/gl_pixeldraw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gl/attrib/gl_attrib.h"
#include "frontend-gallium/gl/framebuffer/gl_framebuffer.h"
#include "frontend-gallium/gl/immediate/gl_immediate.h"
#include "frontend-gallium/gl/pixelpath/gl_pixelpath.h"
#include "frontend-gallium/gl/pixels/gl_pixels.h"
#include "frontend-gallium/gl/program/gl_program.h"
#include "frontend-gallium/gl/raster/gl_raster.h"
#include "frontend-gallium/gl/texture/gl_texture.h"
#include "frontend-gallium/gl/vertex/gl_vertex.h"

enum { PD_COLOR, PD_DEPTH, PD_BITMAP, PD_STENCIL, PD_NUM_PROGRAMS };

typedef struct gl_pixeldraw_state {
    GLuint program[PD_NUM_PROGRAMS]; /* 0: not made yet */
    bool failed[PD_NUM_PROGRAMS];    /* did not compile: do not try again */
} gl_pixeldraw_state;

static const char vs_text[] = "#version 110\n"
                              "void main() {\n"
                              "    gl_Position = gl_Vertex;\n"
                              "    gl_TexCoord[0] = gl_MultiTexCoord0;\n"
                              "    gl_FrontColor = gl_Color;\n"
                              "}\n";

static const char *const fs_text[PD_NUM_PROGRAMS] = {
    "#version 110\n"
    "uniform sampler2D image;\n"
    "void main() { gl_FragColor = texture2D(image, gl_TexCoord[0].xy); }\n",
    "#version 110\n"
    "uniform sampler2D image;\n"
    "void main() {\n"
    "    gl_FragDepth = texture2D(image, gl_TexCoord[0].xy).r;\n"
    "    gl_FragColor = gl_Color;\n"
    "}\n",
    "#version 110\n"
    "uniform sampler2D image;\n"
    "void main() {\n"
    "    if (texture2D(image, gl_TexCoord[0].xy).a < 0.5) discard;\n"
    "    gl_FragColor = gl_Color;\n"
    "}\n",
    /* stencil: the colour says which pass (see draw_stencil): green > 0.5
     * keeps the texels whose bit red * 8 is set, else every texel */
    "#version 110\n"
    "uniform sampler2D image;\n"
    "void main() {\n"
    "    float s = floor(texture2D(image, gl_TexCoord[0].xy).r * 255.0 + 0.5);\n"
    "    float b = floor(gl_Color.r * 8.0 + 0.5);\n"
    "    if (gl_Color.g > 0.5 && mod(floor(s / exp2(b)), 2.0) < 0.5) discard;\n"
    "    gl_FragColor = vec4(0.0);\n"
    "}\n",
};

bool gl_pixeldraw_init(struct gl_context *ctx)
{
    return (ctx->pixeldraw = calloc(1, sizeof *ctx->pixeldraw)) != NULL;
}

void gl_pixeldraw_fini(struct gl_context *ctx)
{
    gl_pixeldraw_state *s = ctx->pixeldraw;
    if (!s)
        return;
    for (int i = 0; i < PD_NUM_PROGRAMS; i++)
        if (s->program[i])
            swrgl_DeleteProgram(ctx, s->program[i]);
    free(s);
    ctx->pixeldraw = NULL;
}

bool gl_pixeldraw_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    (void)ctx;
    (void)pname;
    (void)v;
    return false;
}

int gl_pixeldraw_enable(struct gl_context *ctx, GLenum cap, int op)
{
    (void)ctx;
    (void)cap;
    (void)op;
    return -1;
}

static GLuint shader(struct gl_context *ctx, GLenum type, const char *text)
{
    GLuint sh = swrgl_CreateShader(ctx, type);
    if (!sh)
        return 0;
    swrgl_ShaderSource(ctx, sh, 1, &text, NULL);
    swrgl_CompileShader(ctx, sh);
    GLint ok = 0;
    swrgl_GetShaderiv(ctx, sh, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        swrgl_DeleteShader(ctx, sh);
        return 0;
    }
    return sh;
}

/* The program of `kind`, made on first use; 0 when it cannot be made. */
static GLuint program(struct gl_context *ctx, int kind)
{
    gl_pixeldraw_state *s = ctx->pixeldraw;
    if (s->program[kind] || s->failed[kind])
        return s->program[kind];
    s->failed[kind] = true;
    GLuint vs = shader(ctx, GL_VERTEX_SHADER, vs_text);
    GLuint fs = shader(ctx, GL_FRAGMENT_SHADER, fs_text[kind]);
    GLuint prog = vs && fs ? swrgl_CreateProgram(ctx) : 0;
    if (prog) {
        swrgl_AttachShader(ctx, prog, vs);
        swrgl_AttachShader(ctx, prog, fs);
        swrgl_LinkProgram(ctx, prog);
        GLint ok = 0;
        swrgl_GetProgramiv(ctx, prog, GL_LINK_STATUS, &ok);
        if (!ok) {
            swrgl_DeleteProgram(ctx, prog);
            prog = 0;
        }
    }
    if (vs)
        swrgl_DeleteShader(ctx, vs);
    if (fs)
        swrgl_DeleteShader(ctx, fs);
    s->program[kind] = prog;
    s->failed[kind] = prog == 0;
    return prog;
}

static GLint get_int(struct gl_context *ctx, bool (*get)(struct gl_context *, GLenum, gl_value *),
                     GLenum pname)
{
    gl_value v;
    memset(&v, 0, sizeof v);
    if (!get(ctx, pname, &v))
        return 0;
    return v.type == GL_VALUE_INT ? v.i[0] : 0;
}

/* What a rectangle's draw saves and puts back (see the essay). */
typedef struct saved {
    gl_attrib_server_entry *attrib;
    GLint program, active, texture;
    bool tf_active; /* transform feedback was active (see save_state) */
} saved;

static bool save_state(struct gl_context *ctx, saved *sv, GLbitfield extra)
{
    /* Vertices batched before the rectangle are drawn with the state they
     * were given, before it changes here. */
    gl_immediate_flush(ctx);
    sv->attrib = gl_attrib_save(ctx, GL_CURRENT_BIT | GL_POLYGON_BIT | GL_VIEWPORT_BIT |
                                         GL_TRANSFORM_BIT | extra);
    if (!sv->attrib)
        return false;
    sv->program = get_int(ctx, gl_program_get, GL_CURRENT_PROGRAM);
    /* The rectangle is no primitive of the application's: while transform
     * feedback is active the part's own glUseProgram and GL_QUADS are
     * allowed (its vertex shader captures nothing). */
    sv->tf_active = ctx->vertex->tf_active;
    gl_vertex_set_tf_active(ctx, false);
    sv->active = get_int(ctx, gl_texture_get, GL_ACTIVE_TEXTURE);
    swrgl_ActiveTexture(ctx, GL_TEXTURE0);
    sv->texture = get_int(ctx, gl_texture_get, GL_TEXTURE_BINDING_2D);
    return true;
}

static void restore_state(struct gl_context *ctx, saved *sv)
{
    swrgl_BindTexture(ctx, GL_TEXTURE_2D, (GLuint)sv->texture);
    swrgl_ActiveTexture(ctx, (GLenum)sv->active);
    swrgl_UseProgram(ctx, (GLuint)sv->program);
    gl_vertex_set_tf_active(ctx, sv->tf_active);
    gl_attrib_restore(ctx, sv->attrib);
}

/* Makes texture unit 0's 2-D texture a new texture holding the image
 * (glTexImage2D with the context's unpack state); returns its name, or 0
 * with the image's error recorded. `ps`, when not NULL, replaces the unpack
 * state and unbinds the unpack buffer for the upload (glCopyPixels'
 * memory). */
static GLuint upload(struct gl_context *ctx, GLint internal, GLsizei w, GLsizei h, GLenum format,
                     GLenum type, const void *pixels, const gl_pixelstore *ps)
{
    GLuint tex = 0;
    swrgl_GenTextures(ctx, 1, &tex);
    swrgl_BindTexture(ctx, GL_TEXTURE_2D, tex);
    swrgl_TexParameteri(ctx, GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    swrgl_TexParameteri(ctx, GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    swrgl_TexParameteri(ctx, GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    swrgl_TexParameteri(ctx, GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    gl_pixelstore unpack = ctx->pixels->unpack;
    gl_buffer *unpack_buffer = ctx->vertex->pixel_unpack_buffer;
    if (ps) {
        ctx->pixels->unpack = *ps;
        ctx->vertex->pixel_unpack_buffer = NULL;
    }
    const GLenum err = ctx->error;
    ctx->error = GL_NO_ERROR;
    swrgl_TexImage2D(ctx, GL_TEXTURE_2D, 0, internal, w, h, 0, format, type, pixels);
    const GLenum image_err = ctx->error;
    ctx->error = err;
    if (ps) {
        ctx->pixels->unpack = unpack;
        ctx->vertex->pixel_unpack_buffer = unpack_buffer;
    }
    if (image_err != GL_NO_ERROR) {
        swrgl_DeleteTextures(ctx, 1, &tex);
        gl_error(ctx, image_err);
        return 0;
    }
    return tex;
}

/* The pixels whose centres lie in the window interval between a and b
 * (half-open on the far side, so that an image zoomed by an integer
 * covers exactly zoom pixels per texel): lo <= p < hi. */
static void pixel_span(double a, double b, double *lo, double *hi)
{
    const double l = a < b ? a : b, h = a < b ? b : a;
    *lo = ceil(l - 0.5);
    *hi = ceil(h - 0.5);
}

/* Draws the image rectangle (x0, y0)..(x1, y1) (the raster position and the
 * zoomed far corner, in window coordinates; x1 < x0 flips) of a tw x th
 * texture at the raster position's depth with program `kind` sampling
 * texture unit 0. The quad's edges lie on pixel edges (pixel_span), so no
 * pixel centre is on an edge; its texture coordinates follow the image, so
 * a pixel centre samples the texel whose zoomed rectangle holds it, plus
 * 1/1024 texel so that a centre on a texel boundary takes the texel above
 * it, as the half-open rectangles of GL 2.1 section 3.6.4 do. */
static void draw_quad(struct gl_context *ctx, int kind, double x0, double y0, double x1, double y1,
                      GLsizei tw, GLsizei th)
{
    const gl_pixelpath_state *rp = ctx->pixelpath;
    GLuint prog = program(ctx, kind);
    unsigned fw = 0, fh = 0;
    gl_framebuffer_draw_size(ctx, &fw, &fh);
    if (!prog || !fw || !fh)
        return;
    swrgl_UseProgram(ctx, prog);
    swrgl_Viewport(ctx, 0, 0, (GLsizei)fw, (GLsizei)fh);
    swrgl_DepthRange(ctx, 0.0, 1.0);
    for (unsigned i = 0; i < 6; i++)
        gl_raster_enable(ctx, GL_CLIP_PLANE0 + i, GL_ENABLE_OP_OFF);
    static const GLenum off[] = {GL_CULL_FACE, GL_POLYGON_STIPPLE, GL_POLYGON_SMOOTH,
                                 GL_POLYGON_OFFSET_FILL};
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++)
        gl_raster_enable(ctx, off[i], GL_ENABLE_OP_OFF);
    swrgl_PolygonMode(ctx, GL_FRONT_AND_BACK, GL_FILL);
    double px0, px1, py0, py1;
    pixel_span(x0, x1, &px0, &px1);
    pixel_span(y0, y1, &py0, &py1);
    if (px1 <= px0 || py1 <= py0)
        return;
    const double ex = (x1 > x0 ? 1.0 : -1.0) / (1024.0 * tw);
    const double ey = (y1 > y0 ? 1.0 : -1.0) / (1024.0 * th);
    const float u0 = (float)((px0 - x0) / (x1 - x0) + ex),
                u1 = (float)((px1 - x0) / (x1 - x0) + ex);
    const float v0 = (float)((py0 - y0) / (y1 - y0) + ey),
                v1 = (float)((py1 - y0) / (y1 - y0) + ey);
    const float nx0 = (float)(2.0 * px0 / fw - 1.0), nx1 = (float)(2.0 * px1 / fw - 1.0);
    const float ny0 = (float)(2.0 * py0 / fh - 1.0), ny1 = (float)(2.0 * py1 / fh - 1.0);
    const float z = 2.0f * rp->pos[2] - 1.0f;
    if (kind != PD_STENCIL)
        swrgl_Color4fv(ctx, rp->color);
    swrgl_Begin(ctx, GL_QUADS);
    swrgl_TexCoord2f(ctx, u0, v0);
    swrgl_Vertex4f(ctx, nx0, ny0, z, 1.0f);
    swrgl_TexCoord2f(ctx, u1, v0);
    swrgl_Vertex4f(ctx, nx1, ny0, z, 1.0f);
    swrgl_TexCoord2f(ctx, u1, v1);
    swrgl_Vertex4f(ctx, nx1, ny1, z, 1.0f);
    swrgl_TexCoord2f(ctx, u0, v1);
    swrgl_Vertex4f(ctx, nx0, ny1, z, 1.0f);
    swrgl_End(ctx);
    gl_immediate_flush(ctx);
}

static bool is_depth(GLenum format) { return format == GL_DEPTH_COMPONENT; }

static bool is_color(GLenum format)
{
    switch (format) {
    case GL_RED:
    case GL_GREEN:
    case GL_BLUE:
    case GL_ALPHA:
    case GL_RGB:
    case GL_BGR:
    case GL_RGBA:
    case GL_BGRA:
    case GL_LUMINANCE:
    case GL_LUMINANCE_ALPHA:
    case GL_RG:
    case GL_ABGR_EXT:
        return true;
    default:
        return false;
    }
}

/* The client image's source: client memory, or the bound pixel unpack
 * buffer mapped (then *xfer is set; unmap with gl_buffer_read_end). NULL
 * with the error recorded when the buffer is mapped or too small. */
static const uint8_t *source_begin(struct gl_context *ctx, const gl_pixelstore *ps, GLenum format,
                                   GLenum type, GLsizei w, GLsizei h, const void *pixels,
                                   bool *mapped, struct pipe_transfer **xfer)
{
    gl_buffer *pbo = ctx->vertex->pixel_unpack_buffer;
    *mapped = false;
    if (!pbo)
        return pixels;
    if (pbo->mapped) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    const size_t need = gl_pixels_span(ps, format, type, w, h, 1);
    const size_t off = (size_t)(uintptr_t)pixels;
    if (need == SIZE_MAX || off > (size_t)pbo->size || need > (size_t)pbo->size - off) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    const uint8_t *map = gl_buffer_read_begin(ctx, pbo, xfer);
    if (!map) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    *mapped = true;
    return map + off;
}

static gl_pixelstore tight_store(const gl_pixelstore *from)
{
    gl_pixelstore t = *from;
    t.row_length = t.skip_rows = t.skip_pixels = t.image_height = t.skip_images = 0;
    t.alignment = 1;
    t.swap_bytes = t.lsb_first = GL_FALSE;
    t.transfer = NULL;
    return t;
}

/* GL_STENCIL_INDEX and the stencil of GL_DEPTH_STENCIL (GL 2.1 section
 * 4.3.1: stencil indices are written under the stencil write mask and the
 * scissor, no other per-fragment test): stencil bytes, w x h, as an R8
 * texture drawn in passes that write through the stencil operation
 * GL_REPLACE with the depth test off and colours masked: one pass writes
 * 0 to the masked bits of the rectangle, then one pass per bit b of the
 * write mask writes 1s (reference 0xff, write mask 1 << b) where the
 * texel's bit b is set (the others are discarded). Nine quads at most. */
static void draw_stencil(struct gl_context *ctx, const GLubyte *bytes, GLsizei w, GLsizei h,
                         double x0, double y0, double x1, double y1)
{
    const GLuint write_mask = (GLuint)get_int(ctx, gl_raster_get, GL_STENCIL_WRITEMASK) & 0xffu;
    const gl_pixelstore tight = tight_store(&ctx->pixels->unpack);
    GLuint tex = upload(ctx, GL_R8, w, h, GL_RED, GL_UNSIGNED_BYTE, bytes, &tight);
    if (!tex)
        return;
    swrgl_ColorMask(ctx, GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    swrgl_DepthMask(ctx, GL_FALSE);
    gl_raster_enable(ctx, GL_DEPTH_TEST, GL_ENABLE_OP_OFF);
    gl_raster_enable(ctx, GL_ALPHA_TEST, GL_ENABLE_OP_OFF);
    gl_raster_enable(ctx, GL_STENCIL_TEST_TWO_SIDE_EXT, GL_ENABLE_OP_OFF);
    gl_raster_enable(ctx, GL_STENCIL_TEST, GL_ENABLE_OP_ON);
    swrgl_StencilOpSeparate(ctx, GL_FRONT_AND_BACK, GL_REPLACE, GL_REPLACE, GL_REPLACE);
    for (int b = -1; b < 8; b++) {
        const GLuint m = b < 0 ? write_mask : write_mask & (1u << b);
        if (!m)
            continue;
        swrgl_StencilFuncSeparate(ctx, GL_FRONT_AND_BACK, GL_ALWAYS, b < 0 ? 0 : 0xff, 0xff);
        swrgl_StencilMaskSeparate(ctx, GL_FRONT_AND_BACK, m);
        const GLfloat pass[4] = {b < 0 ? 0.0f : b / 8.0f, b < 0 ? 0.0f : 1.0f, 0.0f, 1.0f};
        swrgl_Color4fv(ctx, pass);
        draw_quad(ctx, PD_STENCIL, x0, y0, x1, y1, w, h);
    }
    swrgl_DeleteTextures(ctx, 1, &tex);
}

/* GL_STENCIL_INDEX and GL_DEPTH_STENCIL images: unpacked here (the
 * texture part takes neither as it must be drawn), depth drawn with the
 * depth program (colours masked), stencil with draw_stencil. */
static void draw_depth_stencil(struct gl_context *ctx, GLsizei w, GLsizei h, GLenum format,
                               GLenum type, const void *pixels, const gl_pixelstore *ps_in)
{
    const gl_pixelstore *ps = ps_in ? ps_in : &ctx->pixels->unpack;
    const bool ds = format == GL_DEPTH_STENCIL;
    struct pipe_transfer *xfer = NULL;
    bool mapped = false;
    const uint8_t *src =
        ps_in ? pixels : source_begin(ctx, ps, format, type, w, h, pixels, &mapped, &xfer);
    if (!src)
        return;
    const size_t n = (size_t)w * (size_t)h;
    uint32_t *words = ds ? malloc(n * 4) : NULL;
    GLubyte *bytes = malloc(n);
    GLenum err = !bytes || (ds && !words) ? GL_OUT_OF_MEMORY : GL_NO_ERROR;
    if (!err) {
        const bool ok =
            ds ? gl_pixels_unpack(ps, format, type, src, w, h, 1, PIPE_FORMAT_S8_UINT_Z24_UNORM,
                                  words, (size_t)w * 4, n * 4)
               : gl_pixels_unpack(ps, format, type, src, w, h, 1, PIPE_FORMAT_S8_UINT, bytes,
                                  (size_t)w, n);
        err = ok ? GL_NO_ERROR : GL_INVALID_OPERATION;
    }
    if (mapped)
        gl_buffer_read_end(ctx, xfer);
    saved sv;
    if (!err &&
        !save_state(ctx, &sv, GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
        err = GL_OUT_OF_MEMORY;
    if (err) {
        gl_error(ctx, err);
        free(words);
        free(bytes);
        return;
    }
    const gl_pixelpath_state *rp = ctx->pixelpath;
    const double x0 = floor(rp->pos[0] + 0.5), y0 = floor(rp->pos[1] + 0.5);
    const double x1 = x0 + rp->zoom_x * w, y1 = y0 + rp->zoom_y * h;
    if (ds) {
        /* S8_UINT_Z24_UNORM words are GL_UNSIGNED_INT_24_8's layout. */
        for (size_t i = 0; i < n; i++)
            bytes[i] = (GLubyte)(words[i] & 0xffu);
        const gl_pixelstore tight = tight_store(ps);
        GLuint tex = upload(ctx, GL_DEPTH24_STENCIL8, w, h, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8,
                            words, &tight);
        if (tex) {
            swrgl_ColorMask(ctx, GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
            draw_quad(ctx, PD_DEPTH, x0, y0, x1, y1, w, h);
            swrgl_DeleteTextures(ctx, 1, &tex);
        }
    }
    draw_stencil(ctx, bytes, w, h, x0, y0, x1, y1);
    restore_state(ctx, &sv);
    free(words);
    free(bytes);
}

/* glDrawPixels of an image (client memory or the unpack buffer; `ps` as
 * for upload) at the raster position with glPixelZoom. */
static void draw_pixels(struct gl_context *ctx, GLsizei w, GLsizei h, GLenum format, GLenum type,
                        const void *pixels, const gl_pixelstore *ps)
{
    if (w < 0 || h < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLenum err = gl_pixels_check(format, type);
    if (err != GL_NO_ERROR) {
        gl_error(ctx, err);
        return;
    }
    const bool depth = is_depth(format);
    const gl_pixelpath_state *rp = ctx->pixelpath;
    if (format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL) {
        if (rp->valid && w && h)
            draw_depth_stencil(ctx, w, h, format, type, pixels, ps);
        return;
    }
    if (!depth && !is_color(format))
        return; /* GL_COLOR_INDEX: not yet */
    if (!rp->valid || !w || !h)
        return;
    saved sv;
    if (!save_state(ctx, &sv, 0)) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    /* 8-bit images without pixel transfer keep 4 bytes a pixel (exact: the
     * texel reads back as the client's c / 255); the rest are kept as floats
     * so that the transfer's results and float data reach the fragments
     * unrounded. */
    const gl_pixelstore *eff = ps ? ps : &ctx->pixels->unpack;
    const bool bytes = (type == GL_UNSIGNED_BYTE || type == GL_UNSIGNED_INT_8_8_8_8 ||
                        type == GL_UNSIGNED_INT_8_8_8_8_REV) &&
                       (!eff->transfer || eff->transfer->identity);
    const GLint internal = depth ? GL_DEPTH_COMPONENT32F : bytes ? GL_RGBA8 : GL_RGBA32F;
    GLuint tex = upload(ctx, internal, w, h, format, type, pixels, ps);
    if (tex) {
        /* The raster position rounded to the nearest pixel corner, as the
         * conformance tests expect (and llvmpipe does): an unzoomed image
         * then covers whole pixels wherever the raster position lies. */
        const double x0 = floor(rp->pos[0] + 0.5), y0 = floor(rp->pos[1] + 0.5);
        draw_quad(ctx, depth ? PD_DEPTH : PD_COLOR, x0, y0, x0 + rp->zoom_x * w,
                  y0 + rp->zoom_y * h, w, h);
    }
    restore_state(ctx, &sv);
    if (tex)
        swrgl_DeleteTextures(ctx, 1, &tex);
}

/* A glDrawPixels compiled into a display list: the image unpacked at
 * compile time with the pixel store state of the compile (GL 2.1 section
 * 5.4), in the format/type it replays as (tightly packed), after this
 * header; format 0: nothing to draw. The pixel transfer is server state
 * and applies at replay (as llvmpipe does). */
typedef struct listed_pixels {
    GLsizei width, height;
    GLenum format, type;
} listed_pixels;

static void pixels_replay(struct gl_context *ctx, const void *data)
{
    listed_pixels lp;
    memcpy(&lp, data, sizeof lp);
    if (!ctx || !lp.format)
        return;
    gl_pixelstore tight = tight_store(&ctx->pixels->unpack);
    tight.transfer = ctx->pixels->unpack.transfer;
    draw_pixels(ctx, lp.width, lp.height, lp.format, lp.type,
                (const uint8_t *)data + sizeof(listed_pixels), &tight);
}

static void pixels_record(struct gl_context *ctx, GLsizei w, GLsizei h, GLenum format, GLenum type,
                          const void *pixels)
{
    if (w < 0 || h < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    const GLenum err = gl_pixels_check(format, type);
    if (err != GL_NO_ERROR) {
        gl_error(ctx, err);
        return;
    }
    listed_pixels lp = {w, h, 0, 0};
    enum pipe_format pf = PIPE_FORMAT_NONE;
    size_t bpp = 0;
    if (is_color(format)) {
        lp.format = GL_RGBA, lp.type = GL_FLOAT, pf = PIPE_FORMAT_R32G32B32A32_FLOAT, bpp = 16;
    } else if (format == GL_DEPTH_COMPONENT) {
        lp.format = format, lp.type = GL_FLOAT, pf = PIPE_FORMAT_Z32_FLOAT, bpp = 4;
    } else if (format == GL_STENCIL_INDEX) {
        lp.format = format, lp.type = GL_UNSIGNED_BYTE, pf = PIPE_FORMAT_S8_UINT, bpp = 1;
    } else if (format == GL_DEPTH_STENCIL) {
        lp.format = format, lp.type = GL_UNSIGNED_INT_24_8, pf = PIPE_FORMAT_S8_UINT_Z24_UNORM;
        bpp = 4;
    }
    const size_t n = lp.format && w && h ? (size_t)w * (size_t)h * bpp : 0;
    struct pipe_transfer *xfer = NULL;
    bool mapped = false;
    const uint8_t *src = NULL;
    if (n && !(src = source_begin(ctx, &ctx->pixels->unpack, format, type, w, h, pixels, &mapped,
                                  &xfer)))
        return;
    gl_pixelstore unpack = ctx->pixels->unpack;
    unpack.transfer = NULL;
    uint8_t *m = ctx->list_record(ctx, SWRGL_OP_CALLBACK, SWRGL_CALLBACK_DATA + sizeof lp + n);
    if (m) {
        uint8_t *dst = m + SWRGL_CALLBACK_DATA + sizeof lp;
        if (n &&
            !gl_pixels_unpack(&unpack, format, type, src, w, h, 1, pf, dst, (size_t)w * bpp, n)) {
            lp.format = 0;
            gl_error(ctx, GL_INVALID_OPERATION);
        }
        if (!n)
            lp.format = 0;
        ((struct swrgl_args_callback *)m)->fn = pixels_replay;
        memcpy(m + SWRGL_CALLBACK_DATA, &lp, sizeof lp);
    }
    if (mapped)
        gl_buffer_read_end(ctx, xfer);
}

/* Self-listed (gen_gl_api.py SELF_LISTED): compiled by pixels_record. */
void swrgl_DrawPixels(struct gl_context *ctx, GLsizei width, GLsizei height, GLenum format,
                      GLenum type, const void *pixels)
{
    if (ctx->hook_bits & SWRGL_HOOK_LIST) {
        pixels_record(ctx, width, height, format, type, pixels);
        if (ctx->hook_bits & SWRGL_HOOK_LIST_ONLY)
            return;
    }
    draw_pixels(ctx, width, height, format, type, pixels, NULL);
}

/* ---- glBitmap -------------------------------------------------------------- */

/* The bitmap (GL_COLOR_INDEX / GL_BITMAP with the unpack state: row length,
 * skips, alignment, LSB_FIRST) as w x h alpha bytes, 255 for a set bit. */
static bool unpack_bitmap(const gl_pixelstore *ps, const GLubyte *src, GLsizei w, GLsizei h,
                          GLubyte *out)
{
    const GLint row_len = ps->row_length > 0 ? ps->row_length : w;
    const GLint align = ps->alignment > 0 ? ps->alignment : 4;
    size_t stride = ((size_t)row_len + 7) / 8;
    stride = (stride + (size_t)align - 1) / (size_t)align * (size_t)align;
    const GLubyte *base = src + (size_t)ps->skip_rows * stride;
    for (GLsizei y = 0; y < h; y++)
        for (GLsizei x = 0; x < w; x++) {
            const size_t bit = (size_t)ps->skip_pixels + (size_t)x;
            const GLubyte byte = base[(size_t)y * stride + bit / 8];
            const int on = ps->lsb_first ? (byte >> (bit % 8)) & 1 : (byte >> (7 - bit % 8)) & 1;
            out[(size_t)y * (size_t)w + (size_t)x] = on ? 255 : 0;
        }
    return true;
}

/* Draws a bitmap given as w x h alpha bytes at the raster position and
 * moves the raster position (the raster position is valid). */
static void bitmap_draw(struct gl_context *ctx, GLsizei width, GLsizei height, GLfloat xorig,
                        GLfloat yorig, const GLubyte *alpha)
{
    gl_pixelpath_state *rp = ctx->pixelpath;
    saved sv;
    if (!save_state(ctx, &sv, 0)) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    const gl_pixelstore tight = tight_store(&ctx->pixels->unpack);
    GLuint tex = upload(ctx, GL_ALPHA8, width, height, GL_ALPHA, GL_UNSIGNED_BYTE, alpha, &tight);
    if (tex) {
        const double x0 = floor((double)rp->pos[0] - xorig);
        const double y0 = floor((double)rp->pos[1] - yorig);
        draw_quad(ctx, PD_BITMAP, x0, y0, x0 + width, y0 + height, width, height);
    }
    restore_state(ctx, &sv);
    if (tex)
        swrgl_DeleteTextures(ctx, 1, &tex);
}

/* A glBitmap compiled into a display list: its arguments and the bitmap
 * unpacked at compile time (GL 2.1 section 5.4), alpha bytes after them. */
typedef struct listed_bitmap {
    GLsizei width, height;
    GLfloat xorig, yorig, xmove, ymove;
} listed_bitmap;

static void bitmap_replay(struct gl_context *ctx, const void *data)
{
    listed_bitmap b;
    memcpy(&b, data, sizeof b);
    if (!ctx || !ctx->pixelpath->valid)
        return;
    if (b.width && b.height)
        bitmap_draw(ctx, b.width, b.height, b.xorig, b.yorig,
                    (const GLubyte *)data + sizeof(listed_bitmap));
    ctx->pixelpath->pos[0] += b.xmove;
    ctx->pixelpath->pos[1] += b.ymove;
}

/* Records the bitmap into the list being compiled (alpha: NULL for an
 * empty bitmap); out of memory is recorded by list_record. */
static void bitmap_record(struct gl_context *ctx, const listed_bitmap *b, const GLubyte *alpha)
{
    const size_t n = alpha ? (size_t)b->width * (size_t)b->height : 0;
    uint8_t *m = ctx->list_record(ctx, SWRGL_OP_CALLBACK, SWRGL_CALLBACK_DATA + sizeof *b + n);
    if (!m)
        return;
    struct swrgl_args_callback *a = (struct swrgl_args_callback *)m;
    a->fn = bitmap_replay;
    listed_bitmap rec = *b;
    if (!alpha) /* nothing to draw (a NULL bitmap): the replay only moves */
        rec.width = rec.height = 0;
    memcpy(m + SWRGL_CALLBACK_DATA, &rec, sizeof rec);
    if (n)
        memcpy(m + SWRGL_CALLBACK_DATA + sizeof *b, alpha, n);
}

/* Self-listed (gen_gl_api.py SELF_LISTED): compiled here, with the bitmap
 * unpacked under the unpack state of the compile. */
void swrgl_Bitmap(struct gl_context *ctx, GLsizei width, GLsizei height, GLfloat xorig,
                  GLfloat yorig, GLfloat xmove, GLfloat ymove, const GLubyte *bitmap)
{
    if (width < 0 || height < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    const bool listing = (ctx->hook_bits & SWRGL_HOOK_LIST) != 0;
    const bool execute = !(ctx->hook_bits & SWRGL_HOOK_LIST_ONLY);
    gl_pixelpath_state *rp = ctx->pixelpath;
    const listed_bitmap lb = {width, height, xorig, yorig, xmove, ymove};
    GLubyte *alpha = NULL;
    if (width && height && (bitmap || ctx->vertex->pixel_unpack_buffer) && (listing || rp->valid)) {
        struct pipe_transfer *xfer = NULL;
        bool mapped = false;
        const uint8_t *src = source_begin(ctx, &ctx->pixels->unpack, GL_COLOR_INDEX, GL_BITMAP,
                                          width, height, bitmap, &mapped, &xfer);
        if (!src)
            return;
        alpha = malloc((size_t)width * (size_t)height);
        if (alpha)
            unpack_bitmap(&ctx->pixels->unpack, src, width, height, alpha);
        if (mapped)
            gl_buffer_read_end(ctx, xfer);
        if (!alpha) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
    }
    if (listing)
        bitmap_record(ctx, &lb, alpha);
    if (execute && rp->valid) {
        if (alpha)
            bitmap_draw(ctx, width, height, xorig, yorig, alpha);
        /* GL 2.1 section 3.7: an invalid raster position ignores the bitmap,
         * move included. */
        rp->pos[0] += xmove;
        rp->pos[1] += ymove;
    }
    free(alpha);
}

/* ---- glCopyPixels ----------------------------------------------------------- */

void swrgl_CopyPixels(struct gl_context *ctx, GLint x, GLint y, GLsizei width, GLsizei height,
                      GLenum type)
{
    if (width < 0 || height < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    /* GL_DEPTH_STENCIL: EXT_packed_depth_stencil's copy of both. */
    if (type != GL_COLOR && type != GL_DEPTH && type != GL_STENCIL && type != GL_DEPTH_STENCIL) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (!ctx->pixelpath->valid || !width || !height)
        return;
    const GLenum format = type == GL_COLOR           ? GL_RGBA
                          : type == GL_DEPTH         ? GL_DEPTH_COMPONENT
                          : type == GL_DEPTH_STENCIL ? GL_DEPTH_STENCIL
                                                     : GL_STENCIL_INDEX;
    const GLenum data_type = type == GL_STENCIL         ? GL_UNSIGNED_BYTE
                             : type == GL_DEPTH_STENCIL ? GL_UNSIGNED_INT_24_8
                                                        : GL_FLOAT;
    const size_t comps = type == GL_COLOR ? 4 : 1;
    float *img = malloc((size_t)width * (size_t)height * comps * sizeof(float));
    if (!img) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    /* Read with the pixel transfer and tight packing into memory. */
    gl_pixelstore tight = ctx->pixels->pack;
    tight.row_length = tight.skip_rows = tight.skip_pixels = tight.image_height = 0;
    tight.skip_images = 0;
    tight.alignment = 1;
    tight.swap_bytes = tight.lsb_first = GL_FALSE;
    tight.transfer = NULL;
    const gl_pixelstore pack = ctx->pixels->pack;
    gl_buffer *pack_buffer = ctx->vertex->pixel_pack_buffer;
    ctx->pixels->pack = tight;
    ctx->vertex->pixel_pack_buffer = NULL;
    const GLenum err = ctx->error;
    ctx->error = GL_NO_ERROR;
    swrgl_ReadPixels(ctx, x, y, width, height, format, data_type, img);
    const GLenum read_err = ctx->error;
    ctx->error = err;
    ctx->pixels->pack = pack;
    ctx->vertex->pixel_pack_buffer = pack_buffer;
    if (read_err != GL_NO_ERROR) {
        free(img);
        gl_error(ctx, read_err);
        return;
    }
    /* Draw it without applying the transfer a second time. */
    draw_pixels(ctx, width, height, format, data_type, img, &tight);
    free(img);
}
