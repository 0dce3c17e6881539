/*
 * test_osmesa_glsl_api.c: GL program-object API surface that real programs
 * (VTK, ParaView, old GLSL demos) use beyond GL 2.1 core, through an OSMesa
 * library loaded with dlopen and only OSMesa* / gl* entry points:
 *
 *   - GLSL 1.20 uniform initializers: the linked program starts with them
 *     (glGetUniform*, rendering), glUniform overrides them, a re-link
 *     restores them (GLSL 1.20 section 4.3.5, GL 2.1 section 2.15.3);
 *   - glBindFragDataLocation / glGetFragDataLocation (GL 3.0 section 3.12.2):
 *     bindings take effect at the next link, unbound outputs get distinct
 *     locations, rendering to two draw buffers goes where the locations say;
 *   - the ARB_shader_objects / ARB_vertex_shader names (handles are names);
 *   - glGetBooleani_v / glGetIntegeri_v of GL_BLEND and GL_COLOR_WRITEMASK
 *     (GL 3.0 section 6.1.2, EXT_draw_buffers2) and their errors.
 *
 *   test_osmesa_glsl_api <library> swr   swr's libOSMesa.so.8
 *   test_osmesa_glsl_api <library> mesa  Mesa's llvmpipe libOSMesa.so.8, the
 *                                        oracle: the same expectations hold
 *
 * Expected values come from the spec text and from the shaders' arithmetic
 * (colours exact in 8-bit unorm up to 1 step); the Mesa run confirms them.
 */
#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gl_api.h"
#include "GL/osmesa.h"
#include "osm_loader.h"

#define W 16
#define H 16

static void *lib;
static bool is_mesa;
static OSMesaContext ctx;
static uint8_t window[W * H * 4];

#define OSM_FUNCS(X)                                                                       \
    X(OSMesaCreateContextExt) X(OSMesaDestroyContext) X(OSMesaMakeCurrent)                 \
    X(OSMesaGetProcAddress)
#define GL_FUNCS(X)                                                                        \
    X(glAttachShader) X(glBindAttribLocation) X(glBindBuffer) X(glBindFragDataLocation)    \
    X(glBindFramebuffer) X(glBindRenderbuffer) X(glBufferData) X(glCheckFramebufferStatus) \
    X(glClear) X(glClearColor) X(glColorMaski) X(glCompileShader) X(glCreateProgram)       \
    X(glCreateShader) X(glDeleteBuffers) X(glDeleteFramebuffers) X(glDeleteProgram)        \
    X(glDeleteRenderbuffers) X(glDeleteShader) X(glDisableVertexAttribArray) X(glDisablei) \
    X(glDrawArrays) X(glDrawBuffers) X(glEnableVertexAttribArray) X(glEnablei) X(glFinish) \
    X(glFramebufferRenderbuffer) X(glGenBuffers) X(glGenFramebuffers)                      \
    X(glGenRenderbuffers) X(glGetAttribLocation) X(glGetBooleani_v) X(glGetError)          \
    X(glGetFragDataLocation) X(glGetIntegeri_v) X(glGetIntegerv) X(glGetProgramInfoLog)    \
    X(glGetProgramiv) X(glGetShaderInfoLog) X(glGetShaderiv) X(glGetString)                \
    X(glGetUniformLocation) X(glGetUniformfv) X(glGetUniformiv) X(glIsEnabledi)            \
    X(glIsProgram) X(glIsShader) X(glLinkProgram) X(glPixelStorei) X(glReadBuffer)         \
    X(glReadPixels) X(glRenderbufferStorage) X(glShaderSource) X(glUniform1f)              \
    X(glUseProgram) X(glVertexAttribPointer) X(glViewport) X(glColorMask) X(glBlendFunc)
#define ARB_FUNCS(X)                                                                       \
    X(glCreateShaderObjectARB) X(glShaderSourceARB) X(glCompileShaderARB)                  \
    X(glCreateProgramObjectARB) X(glAttachObjectARB) X(glDetachObjectARB)                  \
    X(glLinkProgramARB) X(glUseProgramObjectARB) X(glValidateProgramARB)                   \
    X(glDeleteObjectARB) X(glGetHandleARB) X(glGetObjectParameterivARB)                    \
    X(glGetObjectParameterfvARB) X(glGetInfoLogARB) X(glGetAttachedObjectsARB)             \
    X(glGetUniformLocationARB) X(glGetUniformfvARB) X(glGetUniformivARB)                   \
    X(glUniform4fARB) X(glUniform1iARB) X(glGetActiveUniformARB) X(glGetShaderSourceARB)   \
    X(glBindAttribLocationARB) X(glGetAttribLocationARB) X(glVertexAttribPointerARB)       \
    X(glEnableVertexAttribArrayARB) X(glDisableVertexAttribArrayARB)

static struct {
#define MEMBER(n) __typeof__(&n) n;
    OSM_FUNCS(MEMBER) GL_FUNCS(MEMBER) ARB_FUNCS(MEMBER)
#undef MEMBER
} f;

#define SYM(n) OSM_SYM(f, n)
static bool load(const char *path)
{
    const osm_sym syms[] = {OSM_FUNCS(SYM)};
    lib = osm_open(path);
    return lib && osm_resolve(lib, NULL, syms, OSM_COUNT(syms), path);
}

static void *get_proc(const char *name) { return (void *)f.OSMesaGetProcAddress(name); }

/* GL entry points come from OSMesaGetProcAddress once a context is current. */
static bool load_gl(void)
{
    const osm_sym syms[] = {GL_FUNCS(SYM) ARB_FUNCS(SYM)};
    return osm_resolve(NULL, get_proc, syms, OSM_COUNT(syms), "OSMesaGetProcAddress");
}

static int setup(void **state)
{
    (void)state;
    ctx = f.OSMesaCreateContextExt(OSMESA_RGBA, 24, 8, 0, NULL);
    if (!ctx || !f.OSMesaMakeCurrent(ctx, window, GL_UNSIGNED_BYTE, W, H))
        return -1;
    return load_gl() ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(ctx);
    return 0;
}

#define EXPECT_ERROR(e)                                                                    \
    do {                                                                                   \
        GLenum got_ = f.glGetError();                                                      \
        if (got_ != (GLenum)(e))                                                           \
            fail_msg("line %d: expected GL error 0x%x, got 0x%x", __LINE__, (unsigned)(e), \
                     (unsigned)got_);                                                      \
    } while (0)

/* ---- helpers ----------------------------------------------------------------------- */

static GLuint shader(GLenum type, const char *src)
{
    GLuint s = f.glCreateShader(type);
    f.glShaderSource(s, 1, &src, NULL);
    f.glCompileShader(s);
    GLint ok = 0;
    f.glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048] = "";
        f.glGetShaderInfoLog(s, sizeof log, NULL, log);
        fail_msg("compile failed: %s\n%s", log, src);
    }
    return s;
}

static bool link_ok(GLuint p)
{
    f.glLinkProgram(p);
    GLint ok = 0;
    f.glGetProgramiv(p, GL_LINK_STATUS, &ok);
    return ok != 0;
}

static GLuint program(const char *vs, const char *fs, bool link)
{
    GLuint p = f.glCreateProgram();
    GLuint v = shader(GL_VERTEX_SHADER, vs), s = shader(GL_FRAGMENT_SHADER, fs);
    f.glAttachShader(p, v);
    f.glAttachShader(p, s);
    f.glDeleteShader(v);
    f.glDeleteShader(s);
    f.glBindAttribLocation(p, 0, "pos");
    if (link && !link_ok(p)) {
        char log[2048] = "";
        f.glGetProgramInfoLog(p, sizeof log, NULL, log);
        fail_msg("link failed: %s", log);
    }
    return p;
}

/* The quad [-1,1]^2 through attribute "pos". */
static void draw_quad(GLuint p)
{
    static const GLfloat quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    GLuint vbo = 0;
    f.glGenBuffers(1, &vbo);
    f.glBindBuffer(GL_ARRAY_BUFFER, vbo);
    f.glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    GLint loc = f.glGetAttribLocation(p, "pos");
    assert_true(loc >= 0);
    f.glVertexAttribPointer((GLuint)loc, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    f.glEnableVertexAttribArray((GLuint)loc);
    f.glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    f.glDisableVertexAttribArray((GLuint)loc);
    f.glBindBuffer(GL_ARRAY_BUFFER, 0);
    f.glDeleteBuffers(1, &vbo);
}

static int unorm8(float v) { return (int)(v * 255.0f + 0.5f); }

/* Every pixel of the W x H RGBA8 image equals rgba within one step. */
static void expect_image(const uint8_t *img, const float rgba[4], int line)
{
    for (int i = 0; i < W * H; i++)
        for (int c = 0; c < 4; c++) {
            int want = unorm8(rgba[c]), got = img[i * 4 + c];
            if (got < want - 1 || got > want + 1)
                fail_msg("line %d: pixel %d channel %d = %d, expected %d", line, i, c, got, want);
        }
}

static void expect_window(const float rgba[4], int line)
{
    f.glFinish();
    expect_image(window, rgba, line);
}

static void expect_floats(GLuint p, const char *name, const float *want, int n, int line)
{
    GLfloat got[16];
    for (int i = 0; i < 16; i++)
        got[i] = -999.0f;
    GLint loc = f.glGetUniformLocation(p, name);
    if (loc < 0)
        fail_msg("line %d: no location for %s", line, name);
    f.glGetUniformfv(p, loc, got);
    for (int i = 0; i < n; i++)
        if (got[i] != want[i])
            fail_msg("line %d: %s[%d] = %g, expected %g", line, name, i, got[i], want[i]);
    EXPECT_ERROR(GL_NO_ERROR);
}

static GLint uniform_int(GLuint p, const char *name)
{
    GLint v = -999;
    f.glGetUniformiv(p, f.glGetUniformLocation(p, name), &v);
    return v;
}

/* ---- GLSL 1.20 uniform initializers ------------------------------------------------- */

static const char *vs_init = "#version 120\n"
                             "attribute vec2 pos;\n"
                             "uniform vec2 offs = vec2(0.0, 0.0);\n"
                             "uniform float vk = 0.125;\n"
                             "varying float v;\n"
                             "void main() { v = vk; gl_Position = vec4(pos + offs, 0.0, 1.0); }\n";

static const char *fs_init = "#version 120\n"
                             "struct S { float x; vec2 y; };\n"
                             "uniform float k = 0.25;\n"
                             "uniform vec3 c3 = vec3(0.5, 0.75, 1.0);\n"
                             "uniform mat2 m = mat2(0.1, 0.2, 0.3, 0.4);\n"
                             "uniform float arr[3] = float[3](0.1, 0.2, 0.6);\n"
                             "uniform int i = 2;\n"
                             "uniform bool b = true;\n"
                             "uniform S s = S(0.3, vec2(0.4, 0.5));\n"
                             "uniform float unset;\n"
                             "varying float v;\n"
                             "void main() {\n"
                             "  gl_FragColor = vec4(k + unset,\n"
                             "                      m[1][0] + arr[i] - s.x,\n"
                             "                      c3.y * s.y.y + v,\n"
                             "                      b ? 1.0 : 0.0);\n"
                             "}\n";

static void test_uniform_initializers(void **state)
{
    (void)state;
    f.glViewport(0, 0, W, H);
    GLuint p = program(vs_init, fs_init, true);
    EXPECT_ERROR(GL_NO_ERROR);

    /* glGetUniform after the link: the initializers, 0 without one. */
    const float k = 0.25f, c3[3] = {0.5f, 0.75f, 1.0f}, m[4] = {0.1f, 0.2f, 0.3f, 0.4f};
    const float arr1 = 0.2f, sx = 0.3f, sy[2] = {0.4f, 0.5f}, zero2[2] = {0, 0}, vk = 0.125f;
    expect_floats(p, "k", &k, 1, __LINE__);
    expect_floats(p, "c3", c3, 3, __LINE__);
    expect_floats(p, "m", m, 4, __LINE__);
    expect_floats(p, "arr[1]", &arr1, 1, __LINE__);
    expect_floats(p, "s.x", &sx, 1, __LINE__);
    expect_floats(p, "s.y", sy, 2, __LINE__);
    expect_floats(p, "unset", zero2, 1, __LINE__);
    expect_floats(p, "offs", zero2, 2, __LINE__);
    expect_floats(p, "vk", &vk, 1, __LINE__);
    assert_int_equal(uniform_int(p, "i"), 2);
    assert_int_equal(uniform_int(p, "b"), 1);
    EXPECT_ERROR(GL_NO_ERROR);

    /* Rendering sees them: (0.25, 0.3 + 0.6 - 0.3, 0.75 * 0.5 + 0.125, 1). */
    f.glUseProgram(p);
    f.glClearColor(0, 0, 0, 0);
    f.glClear(GL_COLOR_BUFFER_BIT);
    draw_quad(p);
    const float want[4] = {0.25f, 0.6f, 0.5f, 1.0f};
    expect_window(want, __LINE__);

    /* glUniform replaces an initialized value ... */
    f.glUniform1f(f.glGetUniformLocation(p, "k"), 0.5f);
    draw_quad(p);
    const float want2[4] = {0.5f, 0.6f, 0.5f, 1.0f};
    expect_window(want2, __LINE__);
    /* ... and a re-link starts again from the initializers. */
    assert_true(link_ok(p));
    expect_floats(p, "k", &k, 1, __LINE__);
    draw_quad(p);
    expect_window(want, __LINE__);
    EXPECT_ERROR(GL_NO_ERROR);
    f.glUseProgram(0);
    f.glDeleteProgram(p);
}

/* GLSL 1.30 types: uint, ivec, bvec, non-square matrices, arrays of
 * vectors and of structs; and what the link says about initializers. */
static void test_uniform_initializers_130(void **state)
{
    (void)state;
    const char *vs = "#version 130\n"
                     "in vec2 pos;\n"
                     "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
    const char *fs = "#version 130\n"
                     "struct T { int n; vec2 w; };\n"
                     "uniform uint u = 7u;\n"
                     "uniform ivec2 iv = ivec2(-3, 4);\n"
                     "uniform bvec3 bv = bvec3(true, false, true);\n"
                     "uniform mat2x3 m = mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);\n"
                     "uniform vec2 va[2] = vec2[2](vec2(0.5, 1.5), vec2(2.5, 3.5));\n"
                     "uniform T t[2] = T[2](T(1, vec2(0.25)), T(2, vec2(0.75, 0.125)));\n"
                     "out vec4 c;\n"
                     "void main() {\n"
                     "  float x = float(u) + float(iv.x + iv.y) + (bv.x && !bv.y && bv.z ? 1.0 : 0.0)\n"
                     "          + m[1][2] + va[1].y + float(t[1].n) + t[1].w.y;\n"
                     "  c = vec4(x / 32.0, 0.0, 0.0, 1.0);\n"
                     "}\n";
    GLuint p = program(vs, fs, true);
    GLint ivv[3] = {0, 0, 0};
    assert_int_equal(uniform_int(p, "u"), 7);
    f.glGetUniformiv(p, f.glGetUniformLocation(p, "iv"), ivv);
    assert_true(ivv[0] == -3 && ivv[1] == 4);
    f.glGetUniformiv(p, f.glGetUniformLocation(p, "bv"), ivv);
    assert_true(ivv[0] == 1 && ivv[1] == 0 && ivv[2] == 1);
    const float m[6] = {1, 2, 3, 4, 5, 6}, va1[2] = {2.5f, 3.5f}, w1[2] = {0.75f, 0.125f};
    expect_floats(p, "m", m, 6, __LINE__);
    expect_floats(p, "va[1]", va1, 2, __LINE__);
    expect_floats(p, "t[1].w", w1, 2, __LINE__);
    assert_int_equal(uniform_int(p, "t[0].n"), 1);
    assert_int_equal(uniform_int(p, "t[1].n"), 2);
    EXPECT_ERROR(GL_NO_ERROR);
    /* 7 + 1 + 1 + 6 + 3.5 + 2 + 0.125 = 20.625 -> 20.625 / 32 */
    f.glViewport(0, 0, W, H);
    f.glUseProgram(p);
    draw_quad(p);
    const float want[4] = {20.625f / 32.0f, 0, 0, 1};
    expect_window(want, __LINE__);
    f.glUseProgram(0);
    f.glDeleteProgram(p);

    /* The same uniform initialized in both stages: fine when the values
     * agree, a link error when they differ. */
    const char *vs_k = "#version 120\n"
                       "attribute vec2 pos;\n"
                       "uniform float k = 0.5;\n"
                       "void main() { gl_Position = vec4(pos * k * 2.0, 0.0, 1.0); }\n";
    const char *fs_same = "#version 120\n"
                          "uniform float k = 0.5;\n"
                          "void main() { gl_FragColor = vec4(k); }\n";
    const char *fs_other = "#version 120\n"
                           "uniform float k = 0.25;\n"
                           "void main() { gl_FragColor = vec4(k); }\n";
    p = program(vs_k, fs_same, true);
    const float half = 0.5f;
    expect_floats(p, "k", &half, 1, __LINE__);
    f.glDeleteProgram(p);
    p = program(vs_k, fs_other, false);
    assert_false(link_ok(p));
    f.glDeleteProgram(p);
    EXPECT_ERROR(GL_NO_ERROR);
}

/* ---- fragment output locations ----------------------------------------------------- */

static const char *vs_130 = "#version 130\n"
                            "in vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_two_outs = "#version 130\n"
                                 "out vec4 red;\n"
                                 "out vec4 blue;\n"
                                 "void main() { red = vec4(1.0, 0.0, 0.0, 1.0);\n"
                                 "              blue = vec4(0.0, 0.0, 1.0, 1.0); }\n";

/* Draws with p into an FBO whose draw buffers 0 and 1 are colour
 * attachments 0 and 1, cleared to `clear`, and reads both back; `state`
 * (may be NULL) runs after the clear and is undone by `unstate`. */
static void render_mrt_with(GLuint p, uint8_t img[2][W * H * 4], const float clear[4],
                            void (*state)(void), void (*unstate)(void))
{
    GLuint fbo, rb[2];
    f.glGenFramebuffers(1, &fbo);
    f.glGenRenderbuffers(2, rb);
    f.glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    for (int i = 0; i < 2; i++) {
        f.glBindRenderbuffer(GL_RENDERBUFFER, rb[i]);
        f.glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
        f.glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + (GLenum)i, GL_RENDERBUFFER,
                                    rb[i]);
    }
    const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
    f.glDrawBuffers(2, bufs);
    assert_int_equal(f.glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    f.glViewport(0, 0, W, H);
    f.glClearColor(clear[0], clear[1], clear[2], clear[3]);
    f.glClear(GL_COLOR_BUFFER_BIT);
    if (state)
        state();
    f.glUseProgram(p);
    draw_quad(p);
    f.glUseProgram(0);
    if (unstate)
        unstate();
    f.glPixelStorei(GL_PACK_ALIGNMENT, 1);
    for (int i = 0; i < 2; i++) {
        f.glReadBuffer(GL_COLOR_ATTACHMENT0 + (GLenum)i);
        f.glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, img[i]);
    }
    EXPECT_ERROR(GL_NO_ERROR);
    f.glBindFramebuffer(GL_FRAMEBUFFER, 0);
    f.glDeleteFramebuffers(1, &fbo);
    f.glDeleteRenderbuffers(2, rb);
}

static void render_mrt(GLuint p, uint8_t img[2][W * H * 4])
{
    const float black[4] = {0, 0, 0, 0};
    render_mrt_with(p, img, black, NULL, NULL);
}

static void test_frag_data_location(void **state)
{
    (void)state;
    static uint8_t img[2][W * H * 4];
    const float red[4] = {1, 0, 0, 1}, blue[4] = {0, 0, 1, 1};

    /* Unbound: the linker assigns distinct draw buffers, and the outputs go there. */
    GLuint p = program(vs_130, fs_two_outs, true);
    GLint lr = f.glGetFragDataLocation(p, "red"), lb = f.glGetFragDataLocation(p, "blue");
    EXPECT_ERROR(GL_NO_ERROR);
    assert_true(lr >= 0 && lr <= 1 && lb >= 0 && lb <= 1 && lr != lb);
    render_mrt(p, img);
    expect_image(img[lr], red, __LINE__);
    expect_image(img[lb], blue, __LINE__);

    /* Bindings wait for the next link, then decide the draw buffers. */
    f.glBindFragDataLocation(p, (GLuint)lb, "red");
    f.glBindFragDataLocation(p, (GLuint)lr, "blue");
    f.glBindFragDataLocation(p, 5, "not_an_output"); /* allowed, ignored */
    EXPECT_ERROR(GL_NO_ERROR);
    assert_int_equal(f.glGetFragDataLocation(p, "red"), lr);
    assert_true(link_ok(p));
    assert_int_equal(f.glGetFragDataLocation(p, "red"), lb);
    assert_int_equal(f.glGetFragDataLocation(p, "blue"), lr);
    assert_int_equal(f.glGetFragDataLocation(p, "not_an_output"), -1);
    assert_int_equal(f.glGetFragDataLocation(p, "gl_FragColor"), -1);
    render_mrt(p, img);
    expect_image(img[lb], red, __LINE__);
    expect_image(img[lr], blue, __LINE__);

    /* Errors (GL 3.0 section 3.12.2). */
    GLint max_db = 0;
    f.glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_db);
    f.glBindFragDataLocation(p, (GLuint)max_db, "red");
    EXPECT_ERROR(GL_INVALID_VALUE);
    f.glBindFragDataLocation(p, 0, "gl_FragColor");
    EXPECT_ERROR(GL_INVALID_OPERATION);
    f.glBindFragDataLocation(0xdead, 0, "red");
    EXPECT_ERROR(GL_INVALID_VALUE);
    /* Two outputs bound to one draw buffer: the link fails. */
    f.glBindFragDataLocation(p, 1, "red");
    f.glBindFragDataLocation(p, 1, "blue");
    assert_false(link_ok(p));
    assert_int_equal(f.glGetFragDataLocation(p, "red"), -1);
    EXPECT_ERROR(GL_INVALID_OPERATION); /* not linked */
    f.glDeleteProgram(p);

    /* One output bound to draw buffer 1 (buffer 0 is then undefined, not checked). */
    const char *fs_one = "#version 130\n"
                         "out vec4 col;\n"
                         "void main() { col = vec4(0.0, 1.0, 0.0, 1.0); }\n";
    p = program(vs_130, fs_one, false);
    f.glBindFragDataLocation(p, 1, "col");
    assert_true(link_ok(p));
    assert_int_equal(f.glGetFragDataLocation(p, "col"), 1);
    render_mrt(p, img);
    const float green[4] = {0, 1, 0, 1};
    expect_image(img[1], green, __LINE__);
    f.glDeleteProgram(p);

    /* An array output: element k at location + k. */
    const char *fs_arr = "#version 130\n"
                         "out vec4 o[2];\n"
                         "void main() { o[0] = vec4(1.0, 0.0, 0.0, 1.0);\n"
                         "              o[1] = vec4(0.0, 0.0, 1.0, 1.0); }\n";
    p = program(vs_130, fs_arr, true);
    assert_int_equal(f.glGetFragDataLocation(p, "o"), 0);
    assert_int_equal(f.glGetFragDataLocation(p, "o[1]"), 1);
    render_mrt(p, img);
    expect_image(img[0], red, __LINE__);
    expect_image(img[1], blue, __LINE__);
    f.glDeleteProgram(p);
    EXPECT_ERROR(GL_NO_ERROR);
}

/* EXT_draw_buffers2 / GL 3.0 per-buffer state reaches rendering: blending
 * on draw buffer 0 only, green writes off on draw buffer 1 only. */
static void per_buffer_state(void)
{
    f.glBlendFunc(GL_ONE, GL_ONE);
    f.glEnablei(GL_BLEND, 0);
    f.glColorMaski(1, GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
}

static void per_buffer_state_off(void)
{
    f.glDisablei(GL_BLEND, 0);
    f.glColorMaski(1, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    f.glBlendFunc(GL_ONE, GL_ZERO);
}

static void test_draw_buffers2_render(void **state)
{
    (void)state;
    static uint8_t img[2][W * H * 4];
    GLuint p = program(vs_130, fs_two_outs, false);
    f.glBindFragDataLocation(p, 0, "red");
    f.glBindFragDataLocation(p, 1, "blue");
    assert_true(link_ok(p));
    const float grey[4] = {0.25f, 0.5f, 0.25f, 0.5f};
    render_mrt_with(p, img, grey, per_buffer_state, per_buffer_state_off);
    /* 0: grey + red (blended, saturating); 1: blue with the grey's green kept */
    const float want0[4] = {1.0f, 0.5f, 0.25f, 1.0f}, want1[4] = {0.0f, 0.5f, 1.0f, 1.0f};
    expect_image(img[0], want0, __LINE__);
    expect_image(img[1], want1, __LINE__);
    f.glDeleteProgram(p);
    EXPECT_ERROR(GL_NO_ERROR);
}

/* ---- ARB_shader_objects ------------------------------------------------------------ */

static void test_arb_shader_objects(void **state)
{
    (void)state;
    const char *ext = (const char *)f.glGetString(GL_EXTENSIONS);
    assert_non_null(ext);
    assert_non_null(strstr(ext, "GL_ARB_shader_objects"));
    assert_non_null(strstr(ext, "GL_ARB_vertex_shader"));
    assert_non_null(strstr(ext, "GL_ARB_fragment_shader"));

    const char *vs = "attribute vec2 pos;\n"
                     "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
    const char *fs = "uniform vec4 col;\n"
                     "void main() { gl_FragColor = col; }\n";
    GLhandleARB v = f.glCreateShaderObjectARB(GL_VERTEX_SHADER_ARB);
    GLhandleARB s = f.glCreateShaderObjectARB(GL_FRAGMENT_SHADER_ARB);
    f.glShaderSourceARB(v, 1, &vs, NULL);
    f.glShaderSourceARB(s, 1, &fs, NULL);
    f.glCompileShaderARB(v);
    f.glCompileShaderARB(s);
    GLint iv = -1;
    f.glGetObjectParameterivARB(v, GL_OBJECT_COMPILE_STATUS_ARB, &iv);
    assert_int_equal(iv, 1);
    f.glGetObjectParameterivARB(v, GL_OBJECT_TYPE_ARB, &iv);
    assert_int_equal(iv, GL_SHADER_OBJECT_ARB);
    f.glGetObjectParameterivARB(s, GL_OBJECT_SUBTYPE_ARB, &iv);
    assert_int_equal(iv, GL_FRAGMENT_SHADER_ARB);
    GLfloat fv = -1;
    f.glGetObjectParameterfvARB(s, GL_OBJECT_COMPILE_STATUS_ARB, &fv);
    assert_true(fv == 1.0f);
    f.glGetObjectParameterivARB(s, GL_OBJECT_SHADER_SOURCE_LENGTH_ARB, &iv);
    assert_int_equal(iv, (GLint)strlen(fs) + 1);
    char text[256];
    GLsizei len = -1;
    f.glGetShaderSourceARB(s, sizeof text, &len, text);
    assert_string_equal(text, fs);
    EXPECT_ERROR(GL_NO_ERROR);

    GLhandleARB p = f.glCreateProgramObjectARB();
    f.glGetObjectParameterivARB(p, GL_OBJECT_TYPE_ARB, &iv);
    assert_int_equal(iv, GL_PROGRAM_OBJECT_ARB);
    f.glAttachObjectARB(p, v);
    f.glAttachObjectARB(p, s);
    f.glBindAttribLocationARB(p, 3, "pos");
    f.glLinkProgramARB(p);
    f.glGetObjectParameterivARB(p, GL_OBJECT_LINK_STATUS_ARB, &iv);
    assert_int_equal(iv, 1);
    assert_int_equal(f.glGetAttribLocationARB(p, "pos"), 3);
    f.glGetObjectParameterivARB(p, GL_OBJECT_ATTACHED_OBJECTS_ARB, &iv);
    assert_int_equal(iv, 2);
    GLhandleARB objs[4] = {0, 0, 0, 0};
    GLsizei n = -1;
    f.glGetAttachedObjectsARB(p, 4, &n, objs);
    assert_int_equal(n, 2);
    assert_true((objs[0] == v && objs[1] == s) || (objs[0] == s && objs[1] == v));
    f.glGetObjectParameterivARB(p, GL_OBJECT_ACTIVE_UNIFORMS_ARB, &iv);
    assert_int_equal(iv, 1);
    GLint size = 0;
    GLenum type = 0;
    f.glGetActiveUniformARB(p, 0, sizeof text, &len, &size, &type, text);
    assert_string_equal(text, "col");
    assert_int_equal(type, GL_FLOAT_VEC4_ARB);
    f.glValidateProgramARB(p);
    f.glGetObjectParameterivARB(p, GL_OBJECT_VALIDATE_STATUS_ARB, &iv);
    assert_int_equal(iv, 1);
    EXPECT_ERROR(GL_NO_ERROR);

    /* Use it: the handle is the program name. */
    assert_int_equal(f.glGetHandleARB(GL_PROGRAM_OBJECT_ARB), 0);
    f.glUseProgramObjectARB(p);
    assert_int_equal(f.glGetHandleARB(GL_PROGRAM_OBJECT_ARB), p);
    GLint cur = 0;
    f.glGetIntegerv(GL_CURRENT_PROGRAM, &cur);
    assert_int_equal(cur, (GLint)p);
    GLint loc = f.glGetUniformLocationARB(p, "col");
    f.glUniform4fARB(loc, 0.0f, 0.5f, 1.0f, 1.0f);
    GLfloat col[4] = {0, 0, 0, 0};
    f.glGetUniformfvARB(p, loc, col);
    assert_true(col[0] == 0.0f && col[1] == 0.5f && col[2] == 1.0f && col[3] == 1.0f);
    static const GLfloat quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    GLuint vbo = 0;
    f.glGenBuffers(1, &vbo);
    f.glBindBuffer(GL_ARRAY_BUFFER, vbo);
    f.glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    f.glVertexAttribPointerARB(3, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    f.glEnableVertexAttribArrayARB(3);
    f.glViewport(0, 0, W, H);
    f.glClearColor(0, 0, 0, 0);
    f.glClear(GL_COLOR_BUFFER_BIT);
    f.glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    f.glDisableVertexAttribArrayARB(3);
    f.glDeleteBuffers(1, &vbo);
    const float want[4] = {0.0f, 0.5f, 1.0f, 1.0f};
    expect_window(want, __LINE__);
    EXPECT_ERROR(GL_NO_ERROR);

    /* A failing compile: the info log through the ARB names. */
    GLhandleARB bad = f.glCreateShaderObjectARB(GL_FRAGMENT_SHADER_ARB);
    const char *broken = "void main() { gl_FragColor = undeclared; }\n";
    f.glShaderSourceARB(bad, 1, &broken, NULL);
    f.glCompileShaderARB(bad);
    f.glGetObjectParameterivARB(bad, GL_OBJECT_COMPILE_STATUS_ARB, &iv);
    assert_int_equal(iv, 0);
    GLint log_len = 0;
    f.glGetObjectParameterivARB(bad, GL_OBJECT_INFO_LOG_LENGTH_ARB, &log_len);
    assert_true(log_len > 1);
    char log[1024];
    f.glGetInfoLogARB(bad, sizeof log, &len, log);
    assert_int_equal(len, log_len - 1);
    assert_int_equal((GLint)strlen(log), log_len - 1);
    f.glDeleteObjectARB(bad);
    assert_false(f.glIsShader(bad));
    EXPECT_ERROR(GL_NO_ERROR);

    /* Errors (ARB_shader_objects, "Errors"): a handle GL did not generate is
     * INVALID_VALUE, a pname of the other kind of object INVALID_OPERATION,
     * and a pname the command does not take INVALID_ENUM (GL 2.5). Mesa
     * differs in two: INVALID_OPERATION for GetInfoLogARB of an unknown
     * handle, INVALID_ENUM for a pname of the other kind of object. */
    iv = 77;
    f.glGetObjectParameterivARB(0xdead, GL_OBJECT_TYPE_ARB, &iv);
    EXPECT_ERROR(GL_INVALID_VALUE);
    assert_int_equal(iv, 77);
    f.glGetObjectParameterivARB(p, 0x1234, &iv);
    EXPECT_ERROR(GL_INVALID_ENUM);
    assert_int_equal(iv, 77);
    f.glGetObjectParameterivARB(p, GL_OBJECT_COMPILE_STATUS_ARB, &iv);
    EXPECT_ERROR(is_mesa ? GL_INVALID_ENUM : GL_INVALID_OPERATION);
    f.glGetObjectParameterivARB(v, GL_OBJECT_LINK_STATUS_ARB, &iv);
    EXPECT_ERROR(is_mesa ? GL_INVALID_ENUM : GL_INVALID_OPERATION);
    fv = 5.0f;
    f.glGetObjectParameterfvARB(v, GL_OBJECT_ATTACHED_OBJECTS_ARB, &fv);
    EXPECT_ERROR(is_mesa ? GL_INVALID_ENUM : GL_INVALID_OPERATION);
    if (!is_mesa) /* "params will be unmodified" (Mesa writes the float anyway) */
        assert_true(fv == 5.0f);
    assert_int_equal(iv, 77);
    f.glGetInfoLogARB(0xdead, sizeof log, &len, log);
    EXPECT_ERROR(is_mesa ? GL_INVALID_OPERATION : GL_INVALID_VALUE);
    f.glDeleteObjectARB(0xdead);
    EXPECT_ERROR(GL_INVALID_VALUE);
    f.glDeleteObjectARB(0); /* silently ignored */
    EXPECT_ERROR(GL_NO_ERROR);
    (void)f.glGetHandleARB(GL_VERTEX_SHADER_ARB);
    EXPECT_ERROR(GL_INVALID_ENUM);

    /* Deleting the program in use only flags it; detaching frees a flagged shader. */
    f.glDeleteObjectARB(s);
    assert_true(f.glIsShader(s)); /* still attached */
    f.glGetObjectParameterivARB(s, GL_OBJECT_DELETE_STATUS_ARB, &iv);
    assert_int_equal(iv, 1);
    f.glDetachObjectARB(p, s);
    assert_false(f.glIsShader(s));
    f.glDeleteObjectARB(p);
    assert_true(f.glIsProgram(p));
    f.glGetObjectParameterivARB(p, GL_OBJECT_DELETE_STATUS_ARB, &iv);
    assert_int_equal(iv, 1);
    f.glUseProgramObjectARB(0);
    assert_false(f.glIsProgram(p));
    assert_true(f.glIsShader(v)); /* never deleted */
    f.glDeleteObjectARB(v);
    assert_false(f.glIsShader(v));
    EXPECT_ERROR(GL_NO_ERROR);
}

/* ---- indexed state ------------------------------------------------------------------ */

static void test_indexed_gets(void **state)
{
    (void)state;
    const char *ext = (const char *)f.glGetString(GL_EXTENSIONS);
    assert_non_null(strstr(ext, "GL_EXT_draw_buffers2"));
    GLint max_db = 0;
    f.glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_db);
    assert_true(max_db >= 2);
    GLuint last = (GLuint)max_db - 1;

    /* Initial state (GL 3.0 tables 6.21/6.22): blending off, all writes on. */
    GLboolean b[4] = {9, 9, 9, 9};
    GLint iv[4] = {9, 9, 9, 9};
    for (GLuint i = 0; i <= last; i++) {
        f.glGetBooleani_v(GL_BLEND, i, b);
        assert_int_equal(b[0], GL_FALSE);
        f.glGetBooleani_v(GL_COLOR_WRITEMASK, i, b);
        assert_true(b[0] == GL_TRUE && b[1] == GL_TRUE && b[2] == GL_TRUE && b[3] == GL_TRUE);
    }
    EXPECT_ERROR(GL_NO_ERROR);

    f.glColorMaski(1, GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
    f.glEnablei(GL_BLEND, last);
    f.glGetBooleani_v(GL_COLOR_WRITEMASK, 1, b);
    assert_true(b[0] == GL_TRUE && b[1] == GL_FALSE && b[2] == GL_TRUE && b[3] == GL_FALSE);
    f.glGetIntegeri_v(GL_COLOR_WRITEMASK, 1, iv);
    assert_true(iv[0] == 1 && iv[1] == 0 && iv[2] == 1 && iv[3] == 0);
    f.glGetIntegeri_v(GL_COLOR_WRITEMASK, 0, iv);
    assert_true(iv[0] == 1 && iv[1] == 1 && iv[2] == 1 && iv[3] == 1);
    f.glGetBooleani_v(GL_BLEND, last, b);
    assert_int_equal(b[0], GL_TRUE);
    f.glGetIntegeri_v(GL_BLEND, last, iv);
    assert_int_equal(iv[0], 1);
    f.glGetBooleani_v(GL_BLEND, 0, b);
    assert_int_equal(b[0], GL_FALSE);
    assert_true(f.glIsEnabledi(GL_BLEND, last));
    EXPECT_ERROR(GL_NO_ERROR);

    /* Errors: an index past the draw buffers, a target without indexed state. */
    b[0] = 9;
    f.glGetBooleani_v(GL_BLEND, (GLuint)max_db, b);
    EXPECT_ERROR(GL_INVALID_VALUE);
    assert_int_equal(b[0], 9);
    f.glGetIntegeri_v(GL_COLOR_WRITEMASK, (GLuint)max_db, iv);
    EXPECT_ERROR(GL_INVALID_VALUE);
    f.glGetIntegeri_v(GL_DEPTH_TEST, 0, iv);
    EXPECT_ERROR(GL_INVALID_ENUM);
    f.glGetBooleani_v(0x1234, 0, b);
    EXPECT_ERROR(GL_INVALID_ENUM);

    /* glColorMask sets every buffer. */
    f.glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    f.glDisablei(GL_BLEND, last);
    f.glGetBooleani_v(GL_COLOR_WRITEMASK, 1, b);
    assert_true(b[0] == GL_TRUE && b[1] == GL_TRUE && b[2] == GL_TRUE && b[3] == GL_TRUE);
    EXPECT_ERROR(GL_NO_ERROR);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s <libOSMesa.so> swr|mesa\n", argv[0]);
        return 2;
    }
    if (!load(argv[1]))
        return 1;
    is_mesa = strcmp(argv[2], "mesa") == 0;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uniform_initializers),
        cmocka_unit_test(test_uniform_initializers_130),
        cmocka_unit_test(test_frag_data_location),
        cmocka_unit_test(test_draw_buffers2_render),
        cmocka_unit_test(test_arb_shader_objects),
        cmocka_unit_test(test_indexed_gets),
    };
    return cmocka_run_group_tests_name(is_mesa ? "GLSL API (Mesa oracle)" : "GLSL API (swr)", tests,
                                       setup, teardown);
}
