/*
 * test_gl_framebuffer.c: the framebuffer part (gl_framebuffer.c,
 * gl_readpixels.c, gl_blit.c): window framebuffer state and bits, FBO and
 * renderbuffer objects, completeness rules of GL 3.0 section 4.4.4,
 * attachment queries, draw/read buffer errors, glReadPixels conversions,
 * pixel store and clipping, glBlitFramebuffer scaling/mirroring/errors.
 *
 * Oracles: the GL 3.0 spec's rules and values computed here from the
 * pixels written straight into the pipe resources (never through the code
 * under test): conversions by the GL formulas (unorm c -> c / 255, ...),
 * blit sampling by GL's pixel-centre rule.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"
#include "frontend-gallium/gl/context/gl_context.h"
#include "frontend-gallium/gl/framebuffer/gl_framebuffer_priv.h"

#define W GLT_W
#define H GLT_H

#define assert_gl_error(e)                                                                         \
    do {                                                                                           \
        GLenum got_ = glGetError();                                                                \
        if (got_ != (GLenum)(e))                                                                   \
            fail_msg("GL error %s, expected %s (line %d)", glt_error_name(got_),                  \
                     glt_error_name(e), __LINE__);                                                 \
    } while (0)

static struct gl_context *cur(void) { return gl_context_current(); }

/* Writes an image straight into a surface's pipe resource. */
static void fill_surface(struct pipe_surface *s, const void *data, unsigned stride)
{
    struct pipe_box b = {0, 0, (int32_t)s->u.tex.first_layer, s->width, s->height, 1};
    cur()->pipe->texture_subdata(cur()->pipe, s->texture, s->u.tex.level, PIPE_MAP_WRITE, &b, data,
                                 stride, 0);
}

static void window_surfaces(struct pipe_surface **color, struct pipe_surface **zs)
{
    struct pipe_surface *c[8] = {0};
    GLint d = 0, r = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &d);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &r);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GLenum db = 0;
    glGetIntegerv(GL_DRAW_BUFFER, (GLint *)&db);
    glDrawBuffer(GL_FRONT);
    unsigned n = gl_framebuffer_draw_surfaces(cur(), c, zs);
    assert_true(n >= 1);
    *color = c[0];
    glDrawBuffer(db);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)d);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)r);
}

/* The reference window image: RGBA8 colour and Z24S8. */
static uint8_t win_rgba[W * H * 4];
static uint32_t win_zs[W * H];

static uint8_t pat(unsigned x, unsigned y, unsigned c)
{
    switch (c) {
    case 0: return (uint8_t)(x * 4 + 1);
    case 1: return (uint8_t)(y * 4 + 2);
    case 2: return (uint8_t)((x * 7) ^ (y * 13));
    default: return (uint8_t)(255 - x - y);
    }
}

static void fill_window(void)
{
    for (unsigned y = 0; y < H; y++)
        for (unsigned x = 0; x < W; x++) {
            for (unsigned c = 0; c < 4; c++)
                win_rgba[(y * W + x) * 4 + c] = pat(x, y, c);
            uint32_t z = (x * 0x3fffu + y * 0x20001u) & 0xffffffu;
            uint32_t s = (x + 3 * y) & 0xffu;
            win_zs[y * W + x] = z | s << 24;
        }
    struct pipe_surface *c, *zs;
    window_surfaces(&c, &zs);
    assert_non_null(zs);
    fill_surface(c, win_rgba, W * 4);
    fill_surface(zs, win_zs, W * 4);
}

static unsigned unorm(uint8_t c, unsigned bits)
{
    double m = (double)((1u << bits) - 1);
    return (unsigned)floor(c / 255.0 * m + 0.5);
}

/* ---- window state ----------------------------------------------------------- */

static void test_window_defaults(void **state)
{
    (void)state;
    GLint v = -1;
    struct { GLenum pname; GLint want; } ints[] = {
        {GL_DRAW_FRAMEBUFFER_BINDING, 0}, {GL_READ_FRAMEBUFFER_BINDING, 0},
        {GL_RENDERBUFFER_BINDING, 0},     {GL_DRAW_BUFFER, GL_FRONT},
        {GL_READ_BUFFER, GL_FRONT},       {GL_DRAW_BUFFER0, GL_FRONT},
        {GL_DRAW_BUFFER1, GL_NONE},       {GL_MAX_DRAW_BUFFERS, 8},
        {GL_MAX_COLOR_ATTACHMENTS, 8},    {GL_RED_BITS, 8},
        {GL_GREEN_BITS, 8},               {GL_BLUE_BITS, 8},
        {GL_ALPHA_BITS, 8},               {GL_DEPTH_BITS, 24},
        {GL_STENCIL_BITS, 8},             {GL_SAMPLE_BUFFERS, 0},
        {GL_SAMPLES, 0},                  {GL_MAX_SAMPLES, 0},
        {GL_DOUBLEBUFFER, 0},             {GL_STEREO, 0},
        {GL_IMPLEMENTATION_COLOR_READ_FORMAT, GL_RGBA},
        {GL_IMPLEMENTATION_COLOR_READ_TYPE, GL_UNSIGNED_BYTE},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        v = -1;
        glGetIntegerv(ints[i].pname, &v);
        if (v != ints[i].want)
            fail_msg("pname 0x%x: %d, expected %d", ints[i].pname, v, ints[i].want);
    }
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &v);
    assert_true(v >= 4096);
    /* set_window's first call sets the viewport and scissor to the window. */
    GLint box[4] = {-1, -1, -1, -1};
    glGetIntegerv(GL_VIEWPORT, box);
    assert_true(box[0] == 0 && box[1] == 0 && box[2] == W && box[3] == H);
    glGetIntegerv(GL_SCISSOR_BOX, box);
    assert_true(box[0] == 0 && box[1] == 0 && box[2] == W && box[3] == H);
    glGetIntegerv(GL_SUBPIXEL_BITS, &v);
    assert_true(v >= 4);
    assert_gl_error(GL_NO_ERROR);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    assert_int_equal(glCheckFramebufferStatus(GL_READ_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    assert_int_equal(glCheckFramebufferStatus(0x1234), 0);
    assert_gl_error(GL_INVALID_ENUM);
    /* Window attachments (GL 3.0 6.1.13). */
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_FRONT_LEFT,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
    assert_int_equal(v, GL_FRAMEBUFFER_DEFAULT);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_FRONT_LEFT,
                                          GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
    assert_int_equal(v, 8);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH,
                                          GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &v);
    assert_int_equal(v, 24);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_STENCIL,
                                          GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &v);
    assert_int_equal(v, 8);
    assert_gl_error(GL_NO_ERROR);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
    assert_gl_error(GL_INVALID_OPERATION);
    unsigned w = 0, h = 0;
    gl_framebuffer_draw_size(cur(), &w, &h);
    assert_int_equal(w, W);
    assert_int_equal(h, H);
    assert_true(gl_framebuffer_draws_to_window(cur()));
}

static void test_draw_read_buffer_errors(void **state)
{
    (void)state;
    GLint v = 0;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDrawBuffer(GL_COLOR_ATTACHMENT0);
    assert_gl_error(GL_INVALID_OPERATION);
    glDrawBuffer(GL_FRONT_RIGHT);
    assert_gl_error(GL_INVALID_OPERATION);
    glDrawBuffer(GL_AUX0);
    assert_gl_error(GL_INVALID_OPERATION);
    glDrawBuffer(0x1234);
    assert_gl_error(GL_INVALID_ENUM);
    glDrawBuffer(GL_BACK);
    assert_gl_error(GL_NO_ERROR);
    glGetIntegerv(GL_DRAW_BUFFER, &v);
    assert_int_equal(v, GL_BACK);
    glDrawBuffer(GL_NONE);
    struct pipe_surface *c[8], *zs;
    assert_int_equal(gl_framebuffer_draw_surfaces(cur(), c, &zs), 0);
    assert_non_null(zs);
    const GLenum two[2] = {GL_FRONT_LEFT, GL_NONE};
    glDrawBuffers(2, two);
    assert_gl_error(GL_NO_ERROR);
    assert_int_equal(gl_framebuffer_draw_surfaces(cur(), c, &zs), 1);
    const GLenum multi[1] = {GL_FRONT};
    glDrawBuffers(1, multi);
    assert_gl_error(GL_INVALID_OPERATION);
    glDrawBuffers(9, two);
    assert_gl_error(GL_INVALID_VALUE);
    glDrawBuffers(-1, two);
    assert_gl_error(GL_INVALID_VALUE);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    assert_gl_error(GL_INVALID_OPERATION);
    glReadBuffer(GL_BACK);
    assert_gl_error(GL_NO_ERROR);
    glGetIntegerv(GL_READ_BUFFER, &v);
    assert_int_equal(v, GL_BACK);
    glReadBuffer(GL_FRONT);
    glDrawBuffer(GL_FRONT);

    GLuint fbo, rb;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &rb);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glGetIntegerv(GL_DRAW_BUFFER, &v);
    assert_int_equal(v, GL_COLOR_ATTACHMENT0);
    glGetIntegerv(GL_READ_BUFFER, &v);
    assert_int_equal(v, GL_COLOR_ATTACHMENT0);
    glDrawBuffer(GL_FRONT);
    assert_gl_error(GL_INVALID_OPERATION);
    glDrawBuffer(GL_COLOR_ATTACHMENT8);
    assert_gl_error(GL_INVALID_OPERATION);
    const GLenum dup[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT0};
    glDrawBuffers(2, dup);
    assert_gl_error(GL_INVALID_OPERATION);
    const GLenum swapped[3] = {GL_COLOR_ATTACHMENT3, GL_NONE, GL_COLOR_ATTACHMENT0};
    glDrawBuffers(3, swapped);
    assert_gl_error(GL_NO_ERROR);
    glGetIntegerv(GL_DRAW_BUFFER0, &v);
    assert_int_equal(v, GL_COLOR_ATTACHMENT3);
    glGetIntegerv(GL_DRAW_BUFFER1, &v);
    assert_int_equal(v, GL_NONE);
    glGetIntegerv(GL_DRAW_BUFFER2, &v);
    assert_int_equal(v, GL_COLOR_ATTACHMENT0);
    /* Draw buffer 0 names attachment 3, which is empty: complete under the
     * GL 4.1 rule swr follows (as Mesa does); nothing is drawn to it. */
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    assert_int_equal(gl_framebuffer_draw_surfaces(cur(), c, &zs), 3);
    assert_null(c[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT3, GL_RENDERBUFFER, rb);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    assert_int_equal(gl_framebuffer_draw_surfaces(cur(), c, &zs), 3);
    assert_non_null(c[0]);
    assert_null(c[1]);
    assert_non_null(c[2]);
    assert_null(zs);
    glReadBuffer(GL_COLOR_ATTACHMENT5);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    assert_null(gl_framebuffer_read_color(cur()));
    uint8_t px[4] = {1, 2, 3, 4};
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    assert_gl_error(GL_INVALID_OPERATION);
    assert_int_equal(px[0], 1);
    glReadBuffer(GL_NONE);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    assert_null(gl_framebuffer_read_color(cur()));
    assert_gl_error(GL_NO_ERROR);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
    assert_gl_error(GL_NO_ERROR);
}

/* ---- objects ----------------------------------------------------------------- */

static void test_fbo_objects(void **state)
{
    (void)state;
    GLuint f[2];
    GLint v;
    glGenFramebuffers(2, f);
    assert_true(f[0] && f[1] && f[0] != f[1]);
    assert_false(glIsFramebuffer(f[0])); /* GL: an object only once bound */
    glGenFramebuffers(-1, f);
    assert_gl_error(GL_INVALID_VALUE);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, f[0]);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, f[1]);
    assert_true(glIsFramebuffer(f[0]));
    assert_false(glIsFramebuffer(0));
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &v);
    assert_int_equal(v, f[0]);
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &v);
    assert_int_equal(v, f[0]);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &v);
    assert_int_equal(v, f[1]);
    assert_false(gl_framebuffer_draws_to_window(cur()));
    assert_int_equal(glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER),
                     GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
    unsigned w = 1, h = 1;
    gl_framebuffer_draw_size(cur(), &w, &h);
    assert_int_equal(w, 0);
    assert_int_equal(h, 0);
    assert_false(gl_framebuffer_validate(cur()));
    assert_gl_error(GL_INVALID_FRAMEBUFFER_OPERATION);
    glBindFramebuffer(0x1234, 0);
    assert_gl_error(GL_INVALID_ENUM);
    /* Deleting the bound framebuffers binds 0. */
    glDeleteFramebuffers(2, f);
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &v);
    assert_int_equal(v, 0);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &v);
    assert_int_equal(v, 0);
    assert_false(glIsFramebuffer(f[0]));
    assert_true(gl_framebuffer_draws_to_window(cur()));
    assert_true(gl_framebuffer_validate(cur()));
    /* Framebuffer 0 takes no attachments. */
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 0);
    assert_gl_error(GL_INVALID_OPERATION);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
    assert_gl_error(GL_INVALID_OPERATION);
    assert_gl_error(GL_NO_ERROR);
}

static void test_renderbuffer_objects(void **state)
{
    (void)state;
    GLuint rb;
    GLint v;
    glGenRenderbuffers(1, &rb);
    assert_false(glIsRenderbuffer(rb));
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
    assert_gl_error(GL_INVALID_OPERATION); /* none bound */
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
    assert_gl_error(GL_INVALID_OPERATION);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    assert_true(glIsRenderbuffer(rb));
    glGetIntegerv(GL_RENDERBUFFER_BINDING, &v);
    assert_int_equal(v, rb);
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
    assert_int_equal(v, GL_RGBA);
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
    assert_int_equal(v, 0);
    glBindRenderbuffer(GL_FRAMEBUFFER, rb);
    assert_gl_error(GL_INVALID_ENUM);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 4, 4);
    assert_gl_error(GL_INVALID_ENUM);
    glRenderbufferStorage(GL_RENDERBUFFER, 0x1234, 4, 4);
    assert_gl_error(GL_INVALID_ENUM);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, -1, 4);
    assert_gl_error(GL_INVALID_VALUE);
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &v);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, v + 1, 4);
    assert_gl_error(GL_INVALID_VALUE);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 4, 4);
    assert_gl_error(GL_INVALID_VALUE); /* > GL_MAX_SAMPLES (0) */
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 0, GL_RGBA8, 5, 3);
    assert_gl_error(GL_NO_ERROR);
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
    assert_int_equal(v, 5);
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_HEIGHT, &v);
    assert_int_equal(v, 3);
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
    assert_int_equal(v, 0);
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, 0x1234, &v);
    assert_gl_error(GL_INVALID_ENUM);

    /* Deleting a renderbuffer attached to the bound FBO detaches it; one
     * attached to an unbound FBO stays attached (and alive). */
    GLuint f[2];
    glGenFramebuffers(2, f);
    glBindFramebuffer(GL_FRAMEBUFFER, f[1]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glBindFramebuffer(GL_FRAMEBUFFER, f[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glDeleteRenderbuffers(1, &rb);
    assert_false(glIsRenderbuffer(rb));
    glGetIntegerv(GL_RENDERBUFFER_BINDING, &v);
    assert_int_equal(v, 0);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
    assert_int_equal(v, GL_NONE);
    glBindFramebuffer(GL_FRAMEBUFFER, f[1]);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
    assert_int_equal(v, GL_RENDERBUFFER);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    /* A deleted name cannot be attached any more. */
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb);
    assert_gl_error(GL_INVALID_OPERATION);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 0);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                     GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(2, f);
    assert_gl_error(GL_NO_ERROR);
}

typedef struct rb_case {
    GLenum ifmt;
    int r, g, b, a, d, s; /* -1: any value > 0 */
    GLenum component_type, encoding;
    bool color;
} rb_case;

static void check_bits(const char *what, GLenum ifmt, int got, int want)
{
    if (want < 0 ? got <= 0 : got != want)
        fail_msg("0x%x %s: %d, expected %d", ifmt, what, got, want);
}

static void test_renderbuffer_formats(void **state)
{
    (void)state;
    static const rb_case cases[] = {
        {GL_RGBA8, 8, 8, 8, 8, 0, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, true},
        {GL_RGBA, -1, -1, -1, -1, 0, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, true},
        {GL_RGB8, 8, 8, 8, 0, 0, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, true},
        {GL_RGB, -1, -1, -1, 0, 0, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, true},
        {GL_RGBA4, -1, -1, -1, -1, 0, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, true},
        {GL_RGB5_A1, -1, -1, -1, -1, 0, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, true},
        {GL_RGB565, -1, -1, -1, 0, 0, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, true},
        {GL_RGB10_A2, 10, 10, 10, 2, 0, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, true},
        {GL_R8, 8, 0, 0, 0, 0, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, true},
        {GL_RG8, 8, 8, 0, 0, 0, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, true},
        {GL_SRGB8_ALPHA8, 8, 8, 8, 8, 0, 0, GL_UNSIGNED_NORMALIZED, GL_SRGB, true},
        {GL_RGBA16F, 16, 16, 16, 16, 0, 0, GL_FLOAT, GL_LINEAR, true},
        {GL_RGBA32F, 32, 32, 32, 32, 0, 0, GL_FLOAT, GL_LINEAR, true},
        {GL_R32F, 32, 0, 0, 0, 0, 0, GL_FLOAT, GL_LINEAR, true},
        {GL_ALPHA8, 0, 0, 0, 8, 0, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, true},
        {GL_DEPTH_COMPONENT16, 0, 0, 0, 0, 16, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, false},
        {GL_DEPTH_COMPONENT24, 0, 0, 0, 0, 24, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, false},
        {GL_DEPTH_COMPONENT, 0, 0, 0, 0, -1, 0, GL_UNSIGNED_NORMALIZED, GL_LINEAR, false},
        {GL_DEPTH_COMPONENT32F, 0, 0, 0, 0, 32, 0, GL_FLOAT, GL_LINEAR, false},
        {GL_DEPTH24_STENCIL8, 0, 0, 0, 0, 24, 8, GL_UNSIGNED_NORMALIZED, GL_LINEAR, false},
        {GL_DEPTH32F_STENCIL8, 0, 0, 0, 0, 32, 8, GL_FLOAT, GL_LINEAR, false},
        /* stored packed with depth (Z24S8): its component type */
        {GL_STENCIL_INDEX8, 0, 0, 0, 0, 0, 8, GL_UNSIGNED_NORMALIZED, GL_LINEAR, false},
    };
    GLuint rb, fbo;
    glGenRenderbuffers(1, &rb);
    glGenFramebuffers(1, &fbo);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const rb_case *k = &cases[i];
        glRenderbufferStorage(GL_RENDERBUFFER, k->ifmt, 16, 8);
        GLenum e = glGetError();
        if (e != GL_NO_ERROR)
            fail_msg("RenderbufferStorage 0x%x: %s", k->ifmt, glt_error_name(e));
        GLint v[6];
        const GLenum p[6] = {GL_RENDERBUFFER_RED_SIZE,   GL_RENDERBUFFER_GREEN_SIZE,
                             GL_RENDERBUFFER_BLUE_SIZE,  GL_RENDERBUFFER_ALPHA_SIZE,
                             GL_RENDERBUFFER_DEPTH_SIZE, GL_RENDERBUFFER_STENCIL_SIZE};
        for (int j = 0; j < 6; j++)
            glGetRenderbufferParameteriv(GL_RENDERBUFFER, p[j], &v[j]);
        const int want[6] = {k->r, k->g, k->b, k->a, k->d, k->s};
        for (int j = 0; j < 6; j++)
            check_bits("renderbuffer size", k->ifmt, v[j], want[j]);
        glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &v[0]);
        assert_int_equal(v[0], k->ifmt);

        /* Attach where it belongs: complete, and the queries agree. */
        GLenum point = k->color ? GL_COLOR_ATTACHMENT0
                       : k->s && k->d ? GL_DEPTH_STENCIL_ATTACHMENT
                       : k->s         ? GL_STENCIL_ATTACHMENT
                                      : GL_DEPTH_ATTACHMENT;
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, point, GL_RENDERBUFFER, rb);
        if (!k->color) {
            glDrawBuffer(GL_NONE);
            glReadBuffer(GL_NONE);
        }
        GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        if (st != GL_FRAMEBUFFER_COMPLETE)
            fail_msg("0x%x: status 0x%x", k->ifmt, st);
        GLenum qpoint = point == GL_DEPTH_STENCIL_ATTACHMENT ? GL_DEPTH_ATTACHMENT : point;
        const GLenum fp[6] = {
            GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE,   GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE,
            GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE,  GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE,
            GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE};
        for (int j = 0; j < 6; j++) {
            GLint x = -1;
            glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, qpoint, fp[j], &x);
            if (k->s && k->d && j == 5)
                continue; /* packed: the depth attachment's image has stencil too */
            check_bits("attachment size", k->ifmt, x, want[j]);
        }
        GLint x = 0;
        glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, point == GL_STENCIL_ATTACHMENT
                                                  ? GL_STENCIL_ATTACHMENT : qpoint,
                                              GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &x);
        assert_int_equal(x, k->component_type);
        if (k->color) {
            glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, point,
                                                  GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &x);
            assert_int_equal(x, k->encoding);
        }
        glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, point,
                                              GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &x);
        assert_int_equal(x, rb);
        assert_gl_error(GL_NO_ERROR);
        /* The wrong kind of attachment point: INCOMPLETE_ATTACHMENT. */
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, point, GL_RENDERBUFFER, 0);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, k->color ? GL_DEPTH_ATTACHMENT
                                                           : GL_COLOR_ATTACHMENT0,
                                  GL_RENDERBUFFER, rb);
        glDrawBuffer(GL_COLOR_ATTACHMENT0);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        if (st != GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT)
            fail_msg("0x%x at the wrong point: status 0x%x", k->ifmt, st);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 0);
        assert_gl_error(GL_NO_ERROR);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
    assert_gl_error(GL_NO_ERROR);
}

static void test_completeness_and_queries(void **state)
{
    (void)state;
    GLuint rb[4], fbo;
    GLint v;
    glGenRenderbuffers(4, rb);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 32, 16);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, 20, 24);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[2]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_STENCIL_INDEX8, 32, 16);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[3]); /* no storage: 0 x 0 */
    assert_gl_error(GL_NO_ERROR);

    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[3]);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    /* Sizes may differ (ARB_framebuffer_object): the area is the smallest. */
    unsigned w, h;
    gl_framebuffer_draw_size(cur(), &w, &h);
    assert_int_equal(w, 20);
    assert_int_equal(h, 16);
    glGetIntegerv(GL_DEPTH_BITS, &v);
    assert_int_equal(v, 24);
    glGetIntegerv(GL_STENCIL_BITS, &v);
    assert_int_equal(v, 0);
    glGetIntegerv(GL_RED_BITS, &v);
    assert_int_equal(v, 8);
    /* A renderbuffer's storage change reaches the framebuffer. */
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 40, 40);
    gl_framebuffer_draw_size(cur(), &w, &h);
    assert_int_equal(w, 32);
    assert_int_equal(h, 16);
    glGetIntegerv(GL_DEPTH_BITS, &v);
    assert_int_equal(v, 16);
    /* Separate depth and stencil images: unsupported by swr (one Z/S buffer). */
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[2]);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_UNSUPPORTED);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
    assert_gl_error(GL_INVALID_OPERATION); /* different images */
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, 0);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glGetIntegerv(GL_STENCIL_BITS, &v);
    assert_int_equal(v, 8);
    glGetIntegerv(GL_DEPTH_BITS, &v);
    assert_int_equal(v, 0);

    /* Queries on an empty point: type NONE, name 0, the rest INVALID_ENUM. */
    v = -1;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT7,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
    assert_int_equal(v, GL_NONE);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT7,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
    assert_int_equal(v, 0);
    assert_gl_error(GL_NO_ERROR);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT7,
                                          GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
    assert_gl_error(GL_INVALID_ENUM);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
    assert_gl_error(GL_INVALID_ENUM); /* not a texture */
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT8,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
    assert_gl_error(GL_INVALID_OPERATION);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
    assert_gl_error(GL_INVALID_ENUM);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rb[0]);
    assert_gl_error(GL_INVALID_ENUM);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, 0x1234, GL_RENDERBUFFER, rb[0]);
    assert_gl_error(GL_INVALID_ENUM);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 77777);
    assert_gl_error(GL_INVALID_OPERATION);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 77777, 0);
    assert_gl_error(GL_INVALID_OPERATION);
    /* DEPTH_STENCIL_ATTACHMENT sets both points. */
    GLuint ds;
    glGenRenderbuffers(1, &ds);
    glBindRenderbuffer(GL_RENDERBUFFER, ds);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 32, 16);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, ds);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
    assert_int_equal(v, ds);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
    assert_int_equal(v, ds);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                          GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
    assert_gl_error(GL_INVALID_OPERATION);
    struct pipe_surface *c[8], *zs;
    assert_int_equal(gl_framebuffer_draw_surfaces(cur(), c, &zs), 1);
    assert_non_null(zs);
    assert_true(gl_framebuffer_validate(cur()));
    assert_gl_error(GL_NO_ERROR);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(4, rb);
    glDeleteRenderbuffers(1, &ds);
    assert_true(gl_framebuffer_validate(cur()));
    assert_gl_error(GL_NO_ERROR);
}

/* ---- glReadPixels --------------------------------------------------------------- */

static void test_readpixels_color(void **state)
{
    (void)state;
    fill_window();
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    static uint8_t buf[W * H * 16];
    /* RGBA / UNSIGNED_BYTE: the image itself. */
    memset(buf, 0xcd, sizeof buf);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, buf);
    assert_gl_error(GL_NO_ERROR);
    assert_memory_equal(buf, win_rgba, W * H * 4);
    /* BGRA. */
    glReadPixels(3, 5, 7, 9, GL_BGRA, GL_UNSIGNED_BYTE, buf);
    for (unsigned y = 0; y < 9; y++)
        for (unsigned x = 0; x < 7; x++) {
            const uint8_t *p = buf + (y * 7 + x) * 4;
            assert_int_equal(p[0], pat(x + 3, y + 5, 2));
            assert_int_equal(p[1], pat(x + 3, y + 5, 1));
            assert_int_equal(p[2], pat(x + 3, y + 5, 0));
            assert_int_equal(p[3], pat(x + 3, y + 5, 3));
        }
    /* RGB with PACK_ALIGNMENT 4: rows of 5 pixels padded to 16 bytes; the
     * padding is not written. */
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    memset(buf, 0xcd, sizeof buf);
    glReadPixels(10, 20, 5, 3, GL_RGB, GL_UNSIGNED_BYTE, buf);
    for (unsigned y = 0; y < 3; y++) {
        for (unsigned x = 0; x < 5; x++)
            for (unsigned c = 0; c < 3; c++)
                assert_int_equal(buf[y * 16 + x * 3 + c], pat(x + 10, y + 20, c));
        if (y < 2)
            assert_int_equal(buf[y * 16 + 15], 0xcd);
    }
    /* FLOAT: c / 255. */
    float *f = (float *)buf;
    glReadPixels(1, 2, 4, 4, GL_RGBA, GL_FLOAT, f);
    for (unsigned i = 0; i < 16; i++)
        for (unsigned c = 0; c < 4; c++)
            assert_float_equal(f[i * 4 + c], pat(1 + i % 4, 2 + i / 4, c) / 255.0f, 1e-6);
    /* UNSIGNED_SHORT: c * 65535 / 255 = c * 257. */
    uint16_t *s = (uint16_t *)buf;
    glReadPixels(30, 31, 4, 2, GL_RGBA, GL_UNSIGNED_SHORT, s);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned c = 0; c < 4; c++)
            assert_int_equal(s[i * 4 + c], pat(30 + i % 4, 31 + i / 4, c) * 257u);
    /* Single components: RED, ALPHA, and LUMINANCE = clamp(R + G + B)
     * (GL 2.1 section 4.3.2, "Conversion to L"). */
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    const GLenum single[3] = {GL_RED, GL_ALPHA, GL_LUMINANCE};
    for (int k = 0; k < 3; k++) {
        glReadPixels(0, 7, W, 1, single[k], GL_UNSIGNED_BYTE, buf);
        assert_gl_error(GL_NO_ERROR);
        for (unsigned x = 0; x < W; x++) {
            unsigned sum = pat(x, 7, 0) + pat(x, 7, 1) + pat(x, 7, 2);
            unsigned want = k == 0 ? pat(x, 7, 0) : k == 1 ? pat(x, 7, 3) : sum > 255 ? 255 : sum;
            assert_int_equal(buf[x], want);
        }
    }
    /* Packed 5_6_5 and 8_8_8_8_REV. */
    glReadPixels(8, 9, 4, 1, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, s);
    for (unsigned x = 0; x < 4; x++) {
        unsigned want = unorm(pat(x + 8, 9, 0), 5) << 11 | unorm(pat(x + 8, 9, 1), 6) << 5 |
                        unorm(pat(x + 8, 9, 2), 5);
        assert_int_equal(s[x], want);
    }
    uint32_t *u = (uint32_t *)buf;
    glReadPixels(8, 9, 4, 1, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8_REV, u);
    for (unsigned x = 0; x < 4; x++) {
        uint32_t want = (uint32_t)pat(x + 8, 9, 0) | (uint32_t)pat(x + 8, 9, 1) << 8 |
                        (uint32_t)pat(x + 8, 9, 2) << 16 | (uint32_t)pat(x + 8, 9, 3) << 24;
        assert_int_equal(u[x], want);
    }
    assert_gl_error(GL_NO_ERROR);
}

static void test_readpixels_store_and_clip(void **state)
{
    (void)state;
    fill_window();
    /* ROW_LENGTH 20, SKIP_PIXELS 3, SKIP_ROWS 2, ALIGNMENT 8 (RGBA rows of
     * 80 bytes are aligned already). */
    static uint8_t buf[20 * 16 * 4];
    memset(buf, 0xee, sizeof buf);
    glPixelStorei(GL_PACK_ROW_LENGTH, 20);
    glPixelStorei(GL_PACK_SKIP_PIXELS, 3);
    glPixelStorei(GL_PACK_SKIP_ROWS, 2);
    glPixelStorei(GL_PACK_ALIGNMENT, 8);
    glReadPixels(40, 50, 6, 5, GL_RGBA, GL_UNSIGNED_BYTE, buf);
    assert_gl_error(GL_NO_ERROR);
    for (unsigned y = 0; y < 16; y++)
        for (unsigned x = 0; x < 20; x++)
            for (unsigned c = 0; c < 4; c++) {
                bool in = x >= 3 && x < 9 && y >= 2 && y < 7;
                uint8_t want = in ? pat(40 + x - 3, 50 + y - 2, c) : 0xee;
                assert_int_equal(buf[(y * 20 + x) * 4 + c], want);
            }
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
    glPixelStorei(GL_PACK_SKIP_ROWS, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);

    /* A rectangle reaching past every edge: outside pixels are untouched. */
    enum { RW = W + 10, RH = H + 6 };
    static uint8_t big[RW * RH * 4];
    memset(big, 0x5a, sizeof big);
    glReadPixels(-4, -3, RW, RH, GL_RGBA, GL_UNSIGNED_BYTE, big);
    assert_gl_error(GL_NO_ERROR);
    for (int y = 0; y < RH; y++)
        for (int x = 0; x < RW; x++) {
            int wx = x - 4, wy = y - 3;
            bool in = wx >= 0 && wx < W && wy >= 0 && wy < H;
            for (unsigned c = 0; c < 4; c++)
                assert_int_equal(big[(y * RW + x) * 4 + c],
                                 in ? pat((unsigned)wx, (unsigned)wy, c) : 0x5a);
        }
    /* Entirely outside, or empty: nothing written, no error. */
    memset(big, 0x5a, 16);
    glReadPixels(W, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, big);
    glReadPixels(0, 0, 0, 2, GL_RGBA, GL_UNSIGNED_BYTE, big);
    assert_gl_error(GL_NO_ERROR);
    assert_int_equal(big[0], 0x5a);
    /* Errors. */
    glReadPixels(0, 0, -1, 2, GL_RGBA, GL_UNSIGNED_BYTE, big);
    assert_gl_error(GL_INVALID_VALUE);
    glReadPixels(0, 0, 1, 1, 0x1234, GL_UNSIGNED_BYTE, big);
    assert_gl_error(GL_INVALID_ENUM);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, big);
    assert_gl_error(GL_INVALID_OPERATION);
    glReadBuffer(GL_NONE);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, big);
    assert_gl_error(GL_INVALID_OPERATION);
    glReadBuffer(GL_FRONT);
    assert_gl_error(GL_NO_ERROR);
}

static void test_readpixels_depth_stencil(void **state)
{
    (void)state;
    fill_window();
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    static float z[W * 4];
    static uint32_t zu[W * 4];
    static uint8_t st[W * 4];
    glReadPixels(0, 10, W, 4, GL_DEPTH_COMPONENT, GL_FLOAT, z);
    glReadPixels(0, 10, W, 4, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, zu);
    glReadPixels(0, 10, W, 4, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
    assert_gl_error(GL_NO_ERROR);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < W; x++) {
            uint32_t v = win_zs[(y + 10) * W + x];
            double zf = (v & 0xffffff) / 16777215.0;
            assert_float_equal(z[y * W + x], zf, 1e-7);
            double want = zf * 4294967295.0;
            double got = zu[y * W + x];
            if (fabs(got - want) > 256.0)
                fail_msg("depth uint at %u,%u: %.0f, expected %.0f", x, y, got, want);
            assert_int_equal(st[y * W + x], v >> 24);
        }
    glReadPixels(0, 10, W, 4, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, zu);
    assert_gl_error(GL_NO_ERROR);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < W; x++) {
            uint32_t v = win_zs[(y + 10) * W + x];
            assert_int_equal(zu[y * W + x], (v & 0xffffff) << 8 | v >> 24);
        }
    /* No depth buffer in an FBO with colour only: INVALID_OPERATION. */
    GLuint fbo, rb;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, st);
    assert_gl_error(GL_INVALID_FRAMEBUFFER_OPERATION);
    glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, z);
    assert_gl_error(GL_INVALID_OPERATION);
    glReadPixels(0, 0, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
    assert_gl_error(GL_INVALID_OPERATION);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
    assert_gl_error(GL_NO_ERROR);
}

static void test_readpixels_pbo(void **state)
{
    (void)state;
    fill_window();
    GLuint pbo;
    glGenBuffers(1, &pbo);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
    glBufferData(GL_PIXEL_PACK_BUFFER, 16 + 8 * 8 * 4, NULL, GL_STREAM_READ);
    assert_gl_error(GL_NO_ERROR);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(5, 6, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)16);
    assert_gl_error(GL_NO_ERROR);
    /* One byte too many: INVALID_OPERATION. */
    glReadPixels(5, 6, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)17);
    assert_gl_error(GL_INVALID_OPERATION);
    const uint8_t *p = glMapBuffer(GL_PIXEL_PACK_BUFFER, GL_READ_ONLY);
    assert_non_null(p);
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++)
            for (unsigned c = 0; c < 4; c++)
                assert_int_equal(p[16 + (y * 8 + x) * 4 + c], pat(x + 5, y + 6, c));
    /* Mapped: INVALID_OPERATION. */
    glReadPixels(5, 6, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    assert_gl_error(GL_INVALID_OPERATION);
    glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glDeleteBuffers(1, &pbo);
    assert_gl_error(GL_NO_ERROR);
}

/* Float colour buffers: ReadPixels does not clamp them by default
 * (CLAMP_READ_COLOR = FIXED_ONLY), glClampColor(TRUE) clamps. */
static void test_readpixels_float_clamp(void **state)
{
    (void)state;
    GLint v;
    glGetIntegerv(GL_CLAMP_READ_COLOR, &v);
    assert_int_equal(v, GL_FIXED_ONLY);
    GLuint fbo, rb;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32F, 4, 1);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    GLenum base;
    struct pipe_surface *s = gl_fb_read_surface(cur(), GL_FB_COLOR, &base);
    assert_non_null(s);
    assert_int_equal(s->format, PIPE_FORMAT_R32G32B32A32_FLOAT);
    const float src[16] = {2.5f, -1.0f, 0.25f, 1.0f, 0.0f, 7.0f, -0.5f, 0.5f,
                           1.0f, 1.0f,  1.0f,  1.0f, 3.0f, 0.0f, 0.0f,  -2.0f};
    fill_surface(s, src, sizeof src);
    float got[16];
    glReadPixels(0, 0, 4, 1, GL_RGBA, GL_FLOAT, got);
    assert_gl_error(GL_NO_ERROR);
    assert_memory_equal(got, src, sizeof got);
    glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &v);
    assert_int_equal(v, GL_FLOAT);
    glClampColor(GL_CLAMP_READ_COLOR, GL_TRUE);
    glReadPixels(0, 0, 4, 1, GL_RGBA, GL_FLOAT, got);
    for (int i = 0; i < 16; i++)
        assert_float_equal(got[i], src[i] < 0 ? 0.0f : src[i] > 1 ? 1.0f : src[i], 0);
    glClampColor(GL_CLAMP_READ_COLOR, 0x1234);
    assert_gl_error(GL_INVALID_ENUM);
    glClampColor(0x1234, GL_TRUE);
    assert_gl_error(GL_INVALID_ENUM);
    glClampColor(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
    assert_gl_error(GL_NO_ERROR);
}

/* ---- glBlitFramebuffer ------------------------------------------------------------- */

/* GL 3.0 4.3.3: destination pixel centre -> source pixel, NEAREST. */
static int blit_src(int d, int s0, int s1, int d0, int d1)
{
    double u = s0 + (d + 0.5 - d0) * (double)(s1 - s0) / (double)(d1 - d0);
    return (int)floor(u);
}

static void blit_case(GLuint rbfbo, const uint8_t *src, int sw, int sh, int sx0, int sy0, int sx1,
                      int sy1, int dx0, int dy0, int dx1, int dy1)
{
    fill_window(); /* destination starts as the window pattern */
    glBindFramebuffer(GL_READ_FRAMEBUFFER, rbfbo);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitFramebuffer(sx0, sy0, sx1, sy1, dx0, dy0, dx1, dy1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    assert_gl_error(GL_NO_ERROR);
    static uint8_t got[W * H * 4];
    glt_read_window(got);
    int xl = dx0 < dx1 ? dx0 : dx1, xh = dx0 < dx1 ? dx1 : dx0;
    int yl = dy0 < dy1 ? dy0 : dy1, yh = dy0 < dy1 ? dy1 : dy0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const uint8_t *want = win_rgba + (y * W + x) * 4;
            if (x >= xl && x < xh && y >= yl && y < yh) {
                int sx = blit_src(x, sx0, sx1, dx0, dx1), sy = blit_src(y, sy0, sy1, dy0, dy1);
                if (sx >= 0 && sx < sw && sy >= 0 && sy < sh)
                    want = src + (sy * sw + sx) * 4;
            }
            if (memcmp(got + (y * W + x) * 4, want, 4) != 0)
                fail_msg("blit (%d,%d %d,%d)->(%d,%d %d,%d): pixel %d,%d is %02x%02x%02x%02x, "
                         "expected %02x%02x%02x%02x",
                         sx0, sy0, sx1, sy1, dx0, dy0, dx1, dy1, x, y, got[(y * W + x) * 4],
                         got[(y * W + x) * 4 + 1], got[(y * W + x) * 4 + 2],
                         got[(y * W + x) * 4 + 3], want[0], want[1], want[2], want[3]);
        }
}

static void test_blit_color(void **state)
{
    (void)state;
    enum { SW = 16, SH = 12 };
    static uint8_t src[SW * SH * 4];
    for (int i = 0; i < SW * SH; i++) {
        src[i * 4 + 0] = (uint8_t)(i * 3);
        src[i * 4 + 1] = (uint8_t)(255 - i);
        src[i * 4 + 2] = (uint8_t)(i * 17);
        src[i * 4 + 3] = (uint8_t)(100 + i % 7);
    }
    GLuint fbo, rb;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, SW, SH);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    assert_int_equal(glCheckFramebufferStatus(GL_READ_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    GLenum base;
    struct pipe_surface *s = gl_fb_read_surface(cur(), GL_FB_COLOR, &base);
    assert_non_null(s);
    assert_int_equal(base, GL_RGBA);
    fill_surface(s, src, SW * 4);
    /* The renderbuffer reads back what was written. */
    static uint8_t back[SW * SH * 4];
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, SW, SH, GL_RGBA, GL_UNSIGNED_BYTE, back);
    assert_memory_equal(back, src, sizeof back);

    blit_case(fbo, src, SW, SH, 0, 0, SW, SH, 5, 7, 5 + SW, 7 + SH);           /* 1:1 */
    blit_case(fbo, src, SW, SH, 0, 0, SW, SH, 2, 3, 2 + 2 * SW, 3 + 3 * SH);   /* 2x, 3x */
    blit_case(fbo, src, SW, SH, 0, 0, SW, SH, 40, 30, 4, 2);                   /* mirrored dst */
    blit_case(fbo, src, SW, SH, SW, 0, 0, SH, 1, 1, 25, 40);                   /* mirrored src */
    blit_case(fbo, src, SW, SH, 3, 2, 13, 11, 10, 10, 17, 15);                 /* shrink */
    blit_case(fbo, src, SW, SH, -4, -2, SW + 3, SH, 50, 40, 50 + SW + 7, 40 + SH + 2); /* clipped */
    blit_case(fbo, src, SW, SH, SW + 3, SH, -4, -2, 0, 0, SW + 7, SH + 2);     /* clipped, mirrored */

    /* LINEAR on a 1:1 blit samples pixel centres: same as NEAREST. */
    fill_window();
    glBlitFramebuffer(0, 0, SW, SH, 0, 0, SW, SH, GL_COLOR_BUFFER_BIT, GL_LINEAR);
    assert_gl_error(GL_NO_ERROR);
    static uint8_t got[W * H * 4];
    glt_read_window(got);
    for (int y = 0; y < SH; y++)
        assert_memory_equal(got + y * W * 4, src + y * SW * 4, SW * 4);

    /* Errors. */
    glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, 0x1, GL_NEAREST);
    assert_gl_error(GL_INVALID_VALUE);
    glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_LINEAR_MIPMAP_LINEAR);
    assert_gl_error(GL_INVALID_ENUM);
    glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_DEPTH_BUFFER_BIT, GL_LINEAR);
    assert_gl_error(GL_INVALID_OPERATION);
    /* Depth requested but the read FBO has none: silently ignored. */
    glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
    assert_gl_error(GL_NO_ERROR);
    /* Depth formats must match. */
    GLuint zrb;
    glGenRenderbuffers(1, &zrb);
    glBindRenderbuffer(GL_RENDERBUFFER, zrb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, SW, SH);
    glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, zrb);
    glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
    assert_gl_error(GL_INVALID_OPERATION);
    /* Incomplete read framebuffer. */
    glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 0);
    glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, 0);
    glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    assert_gl_error(GL_INVALID_FRAMEBUFFER_OPERATION);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
    glDeleteRenderbuffers(1, &zrb);
    assert_gl_error(GL_NO_ERROR);
}

/* Blits convert formats: float (out of range too) -> the window's RGBA8,
 * clamped and rounded as GL's conversion to fixed point (2.3.5.2). */
static void test_blit_convert(void **state)
{
    (void)state;
    fill_window();
    GLuint fbo, rb;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32F, 2, 1);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    GLenum base;
    struct pipe_surface *s = gl_fb_read_surface(cur(), GL_FB_COLOR, &base);
    assert_non_null(s);
    const float src[8] = {0.2f, 0.6f, 2.0f, -1.0f, 1.0f, 0.0f, 0.8f, 0.4f};
    fill_surface(s, src, sizeof src);
    /* Each source pixel to a 3x2 block at (10, 20). */
    glBlitFramebuffer(0, 0, 2, 1, 10, 20, 16, 22, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    assert_gl_error(GL_NO_ERROR);
    static uint8_t got[W * H * 4];
    glt_read_window(got);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int c = 0; c < 4; c++) {
                int want = win_rgba[(y * W + x) * 4 + c];
                if (x >= 10 && x < 16 && y >= 20 && y < 22) {
                    float f = src[(x - 10) / 3 * 4 + c];
                    f = f < 0 ? 0 : f > 1 ? 1 : f;
                    want = (int)floor(f * 255.0 + 0.5);
                }
                if (got[(y * W + x) * 4 + c] != want)
                    fail_msg("pixel %d,%d channel %d: %d, expected %d", x, y, c,
                             got[(y * W + x) * 4 + c], want);
            }
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
    assert_gl_error(GL_NO_ERROR);
}

static void test_blit_depth_stencil(void **state)
{
    (void)state;
    fill_window();
    GLuint fbo, rb;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, W, H);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
    glDrawBuffer(GL_NONE);
    glReadBuffer(GL_NONE);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    assert_int_equal(glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    struct pipe_surface *zs = gl_fb_draw_zs_surface(cur(), GL_FB_DEPTH);
    assert_non_null(zs);
    assert_int_equal(zs->format, PIPE_FORMAT_Z24_UNORM_S8_UINT); /* matches the window's */
    static uint32_t zero[W * H];
    memset(zero, 0, sizeof zero);
    fill_surface(zs, zero, W * 4);
    /* Window (read) -> FBO (draw), depth only, mirrored in x, 1:1. */
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, W, H, W, 0, 0, H, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
    assert_gl_error(GL_NO_ERROR);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    static uint32_t got[W * H];
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, W, H, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, got);
    assert_gl_error(GL_NO_ERROR);
    for (unsigned y = 0; y < H; y++)
        for (unsigned x = 0; x < W; x++) {
            uint32_t v = win_zs[y * W + (W - 1 - x)];
            assert_int_equal(got[y * W + x], (v & 0xffffff) << 8); /* stencil stays 0 */
        }
    /* Now stencil, not mirrored. */
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glReadPixels(0, 0, W, H, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, got);
    assert_gl_error(GL_NO_ERROR);
    for (unsigned y = 0; y < H; y++)
        for (unsigned x = 0; x < W; x++) {
            uint32_t zv = win_zs[y * W + (W - 1 - x)], sv = win_zs[y * W + x];
            assert_int_equal(got[y * W + x], (zv & 0xffffff) << 8 | sv >> 24);
        }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
    assert_gl_error(GL_NO_ERROR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_window_defaults),
        cmocka_unit_test(test_draw_read_buffer_errors),
        cmocka_unit_test(test_fbo_objects),
        cmocka_unit_test(test_renderbuffer_objects),
        cmocka_unit_test(test_renderbuffer_formats),
        cmocka_unit_test(test_completeness_and_queries),
        cmocka_unit_test(test_readpixels_color),
        cmocka_unit_test(test_readpixels_store_and_clip),
        cmocka_unit_test(test_readpixels_depth_stencil),
        cmocka_unit_test(test_readpixels_pbo),
        cmocka_unit_test(test_readpixels_float_clamp),
        cmocka_unit_test(test_blit_color),
        cmocka_unit_test(test_blit_convert),
        cmocka_unit_test(test_blit_depth_stencil),
    };
    return cmocka_run_group_tests(tests, glt_setup, glt_teardown);
}
