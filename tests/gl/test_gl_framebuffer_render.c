/*
 * test_gl_framebuffer_render.c: the framebuffer part with the rest of the
 * frontend: clears and draws into texture and renderbuffer attachments,
 * the rendered texture sampled by a later draw into the window, a
 * renderbuffer blitted (scaled) into the window, multiple render targets.
 * Needs the program, vertex, raster and texture parts.
 *
 * Oracle: images computed here from the geometry (axis-aligned quads on
 * pixel edges, so coverage is exact) and GL's blit sampling rule.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define W GLT_W
#define H GLT_H

#define assert_gl_error(e)                                                                         \
    do {                                                                                           \
        GLenum got_ = glGetError();                                                                \
        if (got_ != (GLenum)(e))                                                                   \
            fail_msg("GL error %s, expected %s (line %d)", glt_error_name(got_),                  \
                     glt_error_name(e), __LINE__);                                                 \
    } while (0)

static const char *vs_color = "#version 120\n"
                              "attribute vec2 pos;\n"
                              "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_color = "#version 120\n"
                              "uniform vec4 color;\n"
                              "void main() { gl_FragColor = color; }\n";
static const char *vs_tex = "#version 120\n"
                            "attribute vec2 pos;\n"
                            "varying vec2 tc;\n"
                            "void main() { tc = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_tex = "#version 120\n"
                            "uniform sampler2D tex;\n"
                            "varying vec2 tc;\n"
                            "void main() { gl_FragColor = texture2D(tex, tc); }\n";
static const char *fs_mrt = "#version 120\n"
                            "void main() { gl_FragData[0] = vec4(1.0, 0.0, 0.0, 1.0);\n"
                            "              gl_FragData[1] = vec4(0.0, 0.0, 1.0, 1.0); }\n";

static GLuint vbo;

/* Draws the NDC rectangle [x0,x1] x [y0,y1] as a strip with program p
 * (attribute "pos"). */
static void draw_rect(GLuint p, float x0, float y0, float x1, float y1)
{
    const float v[8] = {x0, y0, x1, y0, x0, y1, x1, y1};
    if (!vbo)
        glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STREAM_DRAW);
    GLint loc = glGetAttribLocation(p, "pos");
    assert_true(loc >= 0);
    glUseProgram(p);
    glEnableVertexAttribArray((GLuint)loc);
    glVertexAttribPointer((GLuint)loc, 2, GL_FLOAT, GL_FALSE, 0, (const void *)0);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableVertexAttribArray((GLuint)loc);
}

static void set_color(GLuint p, float r, float g, float b, float a)
{
    glUseProgram(p);
    glUniform4f(glGetUniformLocation(p, "color"), r, g, b, a);
}

static void expect_pixel(const uint8_t *img, int stride_px, int x, int y, const uint8_t want[4])
{
    const uint8_t *p = img + (y * stride_px + x) * 4;
    for (int c = 0; c < 4; c++)
        if (abs((int)p[c] - (int)want[c]) > 1)
            fail_msg("pixel %d,%d = %d,%d,%d,%d, expected %d,%d,%d,%d", x, y, p[0], p[1], p[2],
                     p[3], want[0], want[1], want[2], want[3]);
}

static void test_render_to_texture(void **state)
{
    (void)state;
    enum { TW = 32, TH = 32 };
    GLuint tex, fbo;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, TW, TH, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    GLint v = -1;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
    assert_int_equal(v, GL_TEXTURE);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
    assert_int_equal(v, 0);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
    assert_int_equal(v, 8);
    glViewport(0, 0, TW, TH);
    glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
    glClear(GL_COLOR_BUFFER_BIT);
    GLuint pc = glt_program(vs_color, fs_color);
    assert_true(pc != 0);
    set_color(pc, 1, 0, 0, 1);
    draw_rect(pc, 0, -1, 1, 1); /* right half */
    assert_gl_error(GL_NO_ERROR);
    static uint8_t img[TW * TH * 4];
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, TW, TH, GL_RGBA, GL_UNSIGNED_BYTE, img);
    assert_gl_error(GL_NO_ERROR);
    const uint8_t clear[4] = {51, 102, 153, 204}, red[4] = {255, 0, 0, 255};
    for (int y = 0; y < TH; y++)
        for (int x = 0; x < TW; x++)
            expect_pixel(img, TW, x, y, x < TW / 2 ? clear : red);

    /* Sample it into the window: window pixel (x, y) -> texel (x/2, y/2). */
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, W, H);
    GLuint pt = glt_program(vs_tex, fs_tex);
    assert_true(pt != 0);
    glUseProgram(pt);
    glUniform1i(glGetUniformLocation(pt, "tex"), 0);
    draw_rect(pt, -1, -1, 1, 1);
    assert_gl_error(GL_NO_ERROR);
    static uint8_t win[W * H * 4];
    glt_read_window(win);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            expect_pixel(win, W, x, y, x < W / 2 ? clear : red);

    /* Re-specifying the texture's storage reaches the framebuffer. */
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glViewport(0, 0, 8, 4);
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glReadPixels(0, 0, 8, 4, GL_RGBA, GL_UNSIGNED_BYTE, img);
    const uint8_t green[4] = {0, 255, 0, 255};
    for (int i = 0; i < 32; i++)
        expect_pixel(img, 8, i % 8, i / 8, green);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, W, H);
    glUseProgram(0);
    glDeleteProgram(pc);
    glDeleteProgram(pt);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &tex);
    assert_gl_error(GL_NO_ERROR);
}

static void test_renderbuffer_blit(void **state)
{
    (void)state;
    GLuint fbo, rb[2];
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(2, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, W, H);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glViewport(0, 0, W, H);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    GLuint pc = glt_program(vs_color, fs_color);
    assert_true(pc != 0);
    set_color(pc, 0, 1, 0, 1);
    draw_rect(pc, -1, -1, 0, 0); /* lower-left quadrant: pixels [0,32) x [0,32) */
    assert_gl_error(GL_NO_ERROR);

    /* Clear the window, then blit the renderbuffer at half size. */
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glBlitFramebuffer(0, 0, W, H, 8, 4, 8 + W / 2, 4 + H / 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    assert_gl_error(GL_NO_ERROR);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    static uint8_t win[W * H * 4];
    glt_read_window(win);
    const uint8_t black[4] = {0, 0, 0, 0}, green[4] = {0, 255, 0, 255}, blue[4] = {0, 0, 255, 255};
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const uint8_t *want = black;
            if (x >= 8 && x < 8 + W / 2 && y >= 4 && y < 4 + H / 2) {
                /* GL 4.3.3: source = floor((d + 0.5 - d0) * 2). */
                int sx = (int)floor((x + 0.5 - 8) * 2), sy = (int)floor((y + 0.5 - 4) * 2);
                want = sx < W / 2 && sy < H / 2 ? green : blue;
            }
            expect_pixel(win, W, x, y, want);
        }

    /* The scissor test clips blits: a 1:1 blit of the whole renderbuffer
     * through the scissor box (20, 24, 30, 10). */
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(20, 24, 30, 10);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glDisable(GL_SCISSOR_TEST);
    glScissor(0, 0, W, H);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    assert_gl_error(GL_NO_ERROR);
    glt_read_window(win);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = x >= 20 && x < 50 && y >= 24 && y < 34;
            const uint8_t *want = !in ? black : x < W / 2 && y < H / 2 ? green : blue;
            expect_pixel(win, W, x, y, want);
        }
    glUseProgram(0);
    glDeleteProgram(pc);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(2, rb);
    assert_gl_error(GL_NO_ERROR);
}

static void test_multiple_render_targets(void **state)
{
    (void)state;
    GLuint fbo, rb[2];
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(2, rb);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    for (int i = 0; i < 2; i++) {
        glBindRenderbuffer(GL_RENDERBUFFER, rb[i]);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
        /* rb[0] at attachment 2, rb[1] at attachment 0 */
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, i ? GL_COLOR_ATTACHMENT0 : GL_COLOR_ATTACHMENT2,
                                  GL_RENDERBUFFER, rb[i]);
    }
    const GLenum bufs[2] = {GL_COLOR_ATTACHMENT2, GL_COLOR_ATTACHMENT0};
    glDrawBuffers(2, bufs);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glViewport(0, 0, 16, 16);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT); /* both draw buffers */
    GLuint p = glt_program(vs_color, fs_mrt);
    assert_true(p != 0);
    draw_rect(p, -1, -1, 1, 0); /* bottom half */
    assert_gl_error(GL_NO_ERROR);
    static uint8_t img[16 * 16 * 4];
    const uint8_t none[4] = {0, 0, 0, 0}, red[4] = {255, 0, 0, 255}, blue[4] = {0, 0, 255, 255};
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    for (int k = 0; k < 2; k++) {
        glReadBuffer(k ? GL_COLOR_ATTACHMENT0 : GL_COLOR_ATTACHMENT2);
        glReadPixels(0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, img);
        assert_gl_error(GL_NO_ERROR);
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 16; x++)
                expect_pixel(img, 16, x, y, y >= 8 ? none : k ? blue : red);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, W, H);
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(2, rb);
    assert_gl_error(GL_NO_ERROR);
}

/* Texture attachments of every kind: mip level, cube face, 3D slice, array
 * layer, depth texture; cleared through the FBO and read back with
 * glGetTexImage (the texture part), so only the attached image changes. */
static void test_texture_attachments(void **state)
{
    (void)state;
    GLuint fbo, tex[5];
    GLint v;
    glGenFramebuffers(1, &fbo);
    glGenTextures(5, tex);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    static uint8_t init[16 * 16 * 16 * 4], img[16 * 16 * 16 * 4];
    memset(init, 0x11, sizeof init);
    const uint8_t c8[4] = {255, 128, 0, 255}; /* clear colour (1, 0.5020, 0, 1) */
    glClearColor(1.0f, 128 / 255.0f, 0.0f, 1.0f);

    /* Mip level 1 of a 16x16 texture: an 8x8 framebuffer. */
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, init);
    glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, init);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], -1);
    assert_gl_error(GL_INVALID_VALUE);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, tex[0], 0);
    assert_gl_error(GL_INVALID_OPERATION);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 1);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
    assert_int_equal(v, 1);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
    assert_int_equal(v, tex[0]);
    glViewport(0, 0, 8, 8);
    glClear(GL_COLOR_BUFFER_BIT);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, img);
    for (int i = 0; i < 64; i++)
        expect_pixel(img, 8, i % 8, i / 8, c8);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    assert_memory_equal(img, init, 16 * 16 * 4);

    /* A cube face. */
    glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
    for (int f = 0; f < 6; f++)
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 8, 8, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, init);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y,
                           tex[1], 0);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE, &v);
    assert_int_equal(v, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y);
    glClear(GL_COLOR_BUFFER_BIT);
    for (int f = 0; f < 6; f++) {
        glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
        if (GL_TEXTURE_CUBE_MAP_POSITIVE_X + f == GL_TEXTURE_CUBE_MAP_NEGATIVE_Y) {
            for (int i = 0; i < 64; i++)
                expect_pixel(img, 8, i % 8, i / 8, c8);
        } else {
            assert_memory_equal(img, init, 8 * 8 * 4);
        }
    }

    /* Slice 2 of a 3D texture, layer 1 of a 2D array. */
    glBindTexture(GL_TEXTURE_3D, tex[2]);
    glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, init);
    glFramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, tex[2], 0, 2);
    glBindTexture(GL_TEXTURE_2D_ARRAY, tex[3]);
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, init);
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, tex[3], 0, 1);
    const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
    glDrawBuffers(2, bufs);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v);
    assert_int_equal(v, 2);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                                          GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v);
    assert_int_equal(v, 1);
    glViewport(0, 0, 4, 4);
    glClear(GL_COLOR_BUFFER_BIT);
    assert_gl_error(GL_NO_ERROR);
    const GLenum targets[2] = {GL_TEXTURE_3D, GL_TEXTURE_2D_ARRAY};
    const int hit[2] = {2, 1}, layers[2] = {4, 3};
    for (int k = 0; k < 2; k++) {
        glGetTexImage(targets[k], 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
        for (int l = 0; l < layers[k]; l++)
            for (int i = 0; i < 16; i++) {
                const uint8_t *want = l == hit[k] ? c8 : init;
                expect_pixel(img + l * 64, 4, i % 4, i / 4, want);
            }
    }
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, 0, 0);
    glDrawBuffer(GL_COLOR_ATTACHMENT0);

    /* A depth texture at the depth attachment. */
    glBindTexture(GL_TEXTURE_2D, tex[4]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                 NULL);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex[4], 0);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                          GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &v);
    assert_int_equal(v, 24);
    glClearDepth(0.25);
    glClear(GL_DEPTH_BUFFER_BIT);
    float z[16];
    glReadPixels(0, 0, 4, 4, GL_DEPTH_COMPONENT, GL_FLOAT, z);
    assert_gl_error(GL_NO_ERROR);
    for (int i = 0; i < 16; i++)
        assert_float_equal(z[i], 0.25f, 1.0 / 16777215.0);
    /* A colour texture cannot be the depth attachment. */
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex[0], 0);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                     GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
    /* Nor a depth texture a colour one. */
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, 0, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[4], 0);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                     GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
    /* A missing level: incomplete. */
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 3);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                     GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
    assert_gl_error(GL_NO_ERROR);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, W, H);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(5, tex);
    assert_gl_error(GL_NO_ERROR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_render_to_texture),
        cmocka_unit_test(test_renderbuffer_blit),
        cmocka_unit_test(test_multiple_render_targets),
        cmocka_unit_test(test_texture_attachments),
    };
    return cmocka_run_group_tests(tests, glt_setup, glt_teardown);
}
