/*
 * test_osmesa_accum.c: the accumulation buffer (glAccum, glClearAccum,
 * glClear(GL_ACCUM_BUFFER_BIT), the ACCUM_* queries) of an OSMesa library
 * loaded with dlopen, on a small RGBA / GL_UNSIGNED_BYTE window.
 *
 *   test_osmesa_accum <library> swr|mesa
 *
 * "mesa" runs the same expectations on Mesa's llvmpipe libOSMesa.so.8, the
 * oracle for the error rules the GL spec leaves to the implementation (a
 * read framebuffer object with the window drawn to).
 *
 * Oracles: the GL 2.1 rules of section 4.2.4 computed by hand from the
 * clear colours' bytes. Colours enter as byte / 255 (a clear stores exactly
 * that byte); the operations are chosen so that the exact result times 255
 * lies at least 0.2 away from a rounding boundary, so the 16-bit
 * accumulation buffer's quantization (2^-15) cannot move the byte, and the
 * expected byte is round(255 * clamp(result, 0, 1)).
 */
#include <math.h>
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

static bool is_mesa;
static void *lib;

#define OSM_FUNCS(X) X(OSMesaCreateContextExt) X(OSMesaDestroyContext) X(OSMesaMakeCurrent)
#define GL_FUNCS(X)                                                                        \
    X(glAccum) X(glClearAccum) X(glClear) X(glClearColor) X(glColorMask) X(glScissor)      \
    X(glEnable) X(glDisable) X(glFinish) X(glGetError) X(glGetIntegerv) X(glGetFloatv)     \
    X(glGenFramebuffers) X(glBindFramebuffer) X(glDeleteFramebuffers)                      \
    X(glGenRenderbuffers) X(glBindRenderbuffer) X(glDeleteRenderbuffers)                   \
    X(glRenderbufferStorage) X(glFramebufferRenderbuffer) X(glCheckFramebufferStatus)

static struct {
#define MEMBER(n) __typeof__(&n) n;
    OSM_FUNCS(MEMBER) GL_FUNCS(MEMBER)
#undef MEMBER
    OSMESAproc (*OSMesaGetProcAddress)(const char *);
} f;

#define SYM(n) OSM_SYM(f, n)

static void *get_proc(const char *name) { return (void *)f.OSMesaGetProcAddress(name); }

/* ---- a window -------------------------------------------------------------- */

enum { W = 8, H = 4 };

typedef struct window {
    OSMesaContext ctx;
    uint8_t buf[W * H * 4]; /* RGBA, row 0 = bottom */
} window;

static void open_window(window *w, int accum_bits)
{
    memset(w, 0, sizeof *w);
    w->ctx = f.OSMesaCreateContextExt(OSMESA_RGBA, 24, 8, accum_bits, NULL);
    assert_non_null(w->ctx);
    assert_true(f.OSMesaMakeCurrent(w->ctx, w->buf, GL_UNSIGNED_BYTE, W, H));
    static bool resolved;
    if (!resolved) {
        const osm_sym syms[] = {GL_FUNCS(SYM)};
        assert_true(osm_resolve(NULL, get_proc, syms, OSM_COUNT(syms), "OSMesaGetProcAddress"));
        resolved = true;
    }
    assert_int_equal(f.glGetError(), GL_NO_ERROR);
}

static void close_window(window *w)
{
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(w->ctx);
}

static void clear_bytes(unsigned r, unsigned g, unsigned b, unsigned a)
{
    f.glClearColor(r / 255.0f, g / 255.0f, b / 255.0f, a / 255.0f);
    f.glClear(GL_COLOR_BUFFER_BIT);
}

static void expect_error(GLenum e)
{
    GLenum got = f.glGetError();
    if (got != e)
        fail_msg("GL error 0x%x, expected 0x%x", got, e);
}

/* Every pixel inside [x0,x1) x [y0,y1) is `in`, every other one `out`. */
static void check_image(const window *w, int x0, int y0, int x1, int y1, const unsigned in[4],
                        const unsigned out[4])
{
    f.glFinish();
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const uint8_t *p = w->buf + ((size_t)y * W + x) * 4;
            const unsigned *e = x >= x0 && x < x1 && y >= y0 && y < y1 ? in : out;
            if (p[0] != e[0] || p[1] != e[1] || p[2] != e[2] || p[3] != e[3])
                fail_msg("pixel (%d,%d) = %u %u %u %u, expected %u %u %u %u", x, y, p[0], p[1],
                         p[2], p[3], e[0], e[1], e[2], e[3]);
        }
}

static void check_all(const window *w, const unsigned e[4]) { check_image(w, 0, 0, W, H, e, e); }

/* round(255 * clamp(v, 0, 1)) for a v whose 255 * v is not near .5 */
static unsigned to_byte(double v)
{
    v = v < 0 ? 0 : v > 1 ? 1 : v;
    double x = v * 255.0, frac = x - floor(x);
    if (fabs(frac - 0.5) < 0.2)
        fail_msg("%f is too close to a rounding boundary", x); /* the oracle's margin (see top) */
    return (unsigned)floor(x + 0.5);
}

/* The bytes of the colours the tests use. */
static const unsigned A[4] = {100, 30, 210, 60}, B[4] = {120, 40, 180, 250};

/* ---- queries ------------------------------------------------------------- */

static void test_queries(void **state)
{
    (void)state;
    static const GLenum bits[4] = {GL_ACCUM_RED_BITS, GL_ACCUM_GREEN_BITS, GL_ACCUM_BLUE_BITS,
                                   GL_ACCUM_ALPHA_BITS};
    static window w; /* static: outlives a failed test that left it current */
    /* Asked for 16 or 32 bits: 16 stored per channel (what both libraries
     * keep: signed 16-bit normalized). */
    for (int req = 0; req < 3; req++) {
        open_window(&w, req == 0 ? 0 : req == 1 ? 16 : 32);
        for (int i = 0; i < 4; i++) {
            GLint v = -1;
            f.glGetIntegerv(bits[i], &v);
            assert_int_equal(v, req == 0 ? 0 : 16);
        }
        expect_error(GL_NO_ERROR);
        close_window(&w);
    }

    open_window(&w, 16);
    GLfloat c[4] = {9, 9, 9, 9};
    f.glGetFloatv(GL_ACCUM_CLEAR_VALUE, c);
    for (int i = 0; i < 4; i++)
        assert_true(c[i] == 0.0f);
    /* Clamped to [-1, 1] when set. */
    f.glClearAccum(0.5f, -0.25f, 2.0f, -3.0f);
    f.glGetFloatv(GL_ACCUM_CLEAR_VALUE, c);
    assert_true(c[0] == 0.5f && c[1] == -0.25f && c[2] == 1.0f && c[3] == -1.0f);
    /* As integers: [-1, 1] maps linearly to [-(2^31 - 1), 2^31 - 1] (GL 2.1
     * section 6.1.2; rounding of the inexact ones is left open). */
    GLint iv[4];
    f.glGetIntegerv(GL_ACCUM_CLEAR_VALUE, iv);
    assert_true(llabs((long long)iv[0] - 1073741823LL) <= 1);
    assert_true(llabs((long long)iv[1] + 536870911LL) <= 1);
    assert_int_equal(iv[2], 2147483647);
    assert_int_equal(iv[3], -2147483647);
    expect_error(GL_NO_ERROR);

    /* A framebuffer object has no accumulation buffer. */
    GLuint fbo, rb;
    f.glGenFramebuffers(1, &fbo);
    f.glGenRenderbuffers(1, &rb);
    f.glBindRenderbuffer(GL_RENDERBUFFER, rb);
    f.glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    f.glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    f.glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    assert_int_equal(f.glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    GLint v = -1;
    f.glGetIntegerv(GL_ACCUM_RED_BITS, &v);
    assert_int_equal(v, 0);
    f.glBindFramebuffer(GL_FRAMEBUFFER, 0);
    f.glDeleteFramebuffers(1, &fbo);
    f.glDeleteRenderbuffers(1, &rb);
    expect_error(GL_NO_ERROR);
    close_window(&w);
}

/* ---- errors -------------------------------------------------------------- */

static void test_errors(void **state)
{
    (void)state;
    static window w; /* static: outlives a failed test that left it current */
    open_window(&w, 0);
    f.glAccum(GL_TEXTURE_2D, 1.0f); /* the op is checked first */
    expect_error(GL_INVALID_ENUM);
    f.glAccum(GL_ACCUM, 1.0f); /* no accumulation buffer */
    expect_error(GL_INVALID_OPERATION);
    f.glAccum(GL_RETURN, 1.0f);
    expect_error(GL_INVALID_OPERATION);
    f.glClear(GL_ACCUM_BUFFER_BIT); /* clearing a buffer that is not there: nothing */
    expect_error(GL_NO_ERROR);
    close_window(&w);

    open_window(&w, 16);
    static const GLenum ops[5] = {GL_ACCUM, GL_LOAD, GL_RETURN, GL_MULT, GL_ADD};
    for (int i = 0; i < 5; i++) {
        f.glAccum(ops[i], 1.0f);
        expect_error(GL_NO_ERROR);
    }
    f.glAccum(GL_ACCUM_BUFFER_BIT, 1.0f);
    expect_error(GL_INVALID_ENUM);
    f.glAccum(GL_ZERO, 1.0f);
    expect_error(GL_INVALID_ENUM);

    /* The accumulation buffer is the window's: with a framebuffer object
     * bound for drawing, or for reading, glAccum fails and changes nothing;
     * glClear(GL_ACCUM_BUFFER_BIT) of the FBO clears nothing. */
    f.glClearAccum(0.0f, 0.0f, 0.0f, 0.0f);
    f.glClear(GL_ACCUM_BUFFER_BIT);
    clear_bytes(A[0], A[1], A[2], A[3]);
    f.glAccum(GL_LOAD, 1.0f);
    GLuint fbo, rb;
    f.glGenFramebuffers(1, &fbo);
    f.glGenRenderbuffers(1, &rb);
    f.glBindRenderbuffer(GL_RENDERBUFFER, rb);
    f.glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    f.glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    f.glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    assert_int_equal(f.glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    expect_error(GL_NO_ERROR);
    for (int i = 0; i < 5; i++) {
        f.glAccum(ops[i], 0.5f);
        expect_error(GL_INVALID_OPERATION);
    }
    f.glAccum(GL_TEXTURE_2D, 1.0f);
    expect_error(GL_INVALID_ENUM);
    f.glClearAccum(1.0f, 1.0f, 1.0f, 1.0f);
    f.glClear(GL_ACCUM_BUFFER_BIT);
    expect_error(GL_NO_ERROR);
    f.glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0); /* read: the FBO, draw: the window */
    f.glAccum(GL_MULT, 0.5f);
    expect_error(GL_INVALID_OPERATION);
    f.glBindFramebuffer(GL_FRAMEBUFFER, 0);
    f.glDeleteFramebuffers(1, &fbo);
    f.glDeleteRenderbuffers(1, &rb);
    clear_bytes(0, 0, 0, 0);
    f.glAccum(GL_RETURN, 1.0f); /* still what LOAD put there */
    expect_error(GL_NO_ERROR);
    check_all(&w, A);
    close_window(&w);
}

/* ---- arithmetic ---------------------------------------------------------- */

static void test_arithmetic(void **state)
{
    (void)state;
    static window w; /* static: outlives a failed test that left it current */
    open_window(&w, 16);
    unsigned e[4];

    /* LOAD 0.5 of A, ACCUM 0.25 of B, RETURN 2: 2 (A / 2 + B / 4) = A + B / 2
     * (blue clamps to 1). */
    clear_bytes(A[0], A[1], A[2], A[3]);
    f.glAccum(GL_LOAD, 0.5f);
    clear_bytes(B[0], B[1], B[2], B[3]);
    f.glAccum(GL_ACCUM, 0.25f);
    clear_bytes(0, 0, 0, 0);
    f.glAccum(GL_RETURN, 2.0f);
    for (int i = 0; i < 4; i++)
        e[i] = to_byte(2.0 * (0.5 * A[i] / 255.0 + 0.25 * B[i] / 255.0));
    assert_int_equal(e[2], 255);
    check_all(&w, e);

    /* LOAD 1 of A, MULT 0.5, ADD 0.25, RETURN 1: A / 2 + 0.25. */
    clear_bytes(A[0], A[1], A[2], A[3]);
    f.glAccum(GL_LOAD, 1.0f);
    f.glAccum(GL_MULT, 0.5f);
    f.glAccum(GL_ADD, 0.25f);
    clear_bytes(0, 0, 0, 0);
    f.glAccum(GL_RETURN, 1.0f);
    for (int i = 0; i < 4; i++)
        e[i] = to_byte(0.5 * A[i] / 255.0 + 0.25);
    check_all(&w, e);

    /* Negative values: LOAD 1 of A, ADD -0.25, RETURN 1 clamps to 0. */
    clear_bytes(A[0], A[1], A[2], A[3]);
    f.glAccum(GL_LOAD, 1.0f);
    f.glAccum(GL_ADD, -0.25f);
    f.glAccum(GL_RETURN, 1.0f);
    for (int i = 0; i < 4; i++)
        e[i] = to_byte(A[i] / 255.0 - 0.25);
    assert_int_equal(e[1], 0);
    check_all(&w, e);

    /* A negative LOAD, ACCUM back above zero, RETURN 4: 4 (-B / 4 + A / 2). */
    clear_bytes(B[0], B[1], B[2], B[3]);
    f.glAccum(GL_LOAD, -0.25f);
    clear_bytes(A[0], A[1], A[2], A[3]);
    f.glAccum(GL_ACCUM, 0.5f);
    f.glAccum(GL_RETURN, 4.0f);
    for (int i = 0; i < 4; i++)
        e[i] = to_byte(4.0 * (-0.25 * B[i] / 255.0 + 0.5 * A[i] / 255.0));
    check_all(&w, e);

    /* glClearAccum + glClear, RETURN 1. */
    f.glClearAccum(0.25f, 0.75f, -0.5f, 1.0f);
    f.glClear(GL_ACCUM_BUFFER_BIT);
    f.glAccum(GL_RETURN, 1.0f);
    const unsigned c[4] = {to_byte(0.25), to_byte(0.75), 0, 255};
    check_all(&w, c);
    expect_error(GL_NO_ERROR);
    close_window(&w);
}

/* ---- scissor and colour masks ------------------------------------------------ */

static void test_scissor_and_masks(void **state)
{
    (void)state;
    static window w; /* static: outlives a failed test that left it current */
    open_window(&w, 16);
    static const unsigned zero[4] = {0, 0, 0, 0};
    unsigned e[4];

    /* A scissored LOAD loads only the box. */
    f.glClearAccum(0.0f, 0.0f, 0.0f, 0.0f);
    f.glClear(GL_ACCUM_BUFFER_BIT);
    clear_bytes(A[0], A[1], A[2], A[3]);
    f.glEnable(GL_SCISSOR_TEST);
    f.glScissor(2, 1, 4, 2);
    f.glAccum(GL_LOAD, 1.0f);
    f.glDisable(GL_SCISSOR_TEST);
    clear_bytes(0, 0, 0, 0);
    f.glAccum(GL_RETURN, 1.0f);
    check_image(&w, 2, 1, 6, 3, A, zero);

    /* A scissored RETURN writes only the box; ADD and MULT in another box
     * change only that box. Accumulation now: A in (2,1)-(6,3), else 0. */
    f.glEnable(GL_SCISSOR_TEST);
    f.glScissor(0, 0, 4, 4); /* overlaps the left half of the loaded box */
    f.glAccum(GL_MULT, 0.5f);
    f.glAccum(GL_ADD, 0.25f);
    f.glDisable(GL_SCISSOR_TEST);
    clear_bytes(B[0], B[1], B[2], B[3]);
    f.glEnable(GL_SCISSOR_TEST);
    f.glScissor(3, 0, 5, 4); /* x 3..7 */
    f.glAccum(GL_RETURN, 1.0f);
    f.glDisable(GL_SCISSOR_TEST);
    f.glFinish();
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            double acc[4];
            bool loaded = x >= 2 && x < 6 && y >= 1 && y < 3, scaled = x < 4;
            for (int i = 0; i < 4; i++) {
                acc[i] = loaded ? A[i] / 255.0 : 0.0;
                if (scaled)
                    acc[i] = acc[i] * 0.5 + 0.25;
            }
            const uint8_t *p = w.buf + ((size_t)y * W + x) * 4;
            for (int i = 0; i < 4; i++) {
                unsigned want = x >= 3 ? to_byte(acc[i]) : B[i];
                if (p[i] != want)
                    fail_msg("pixel (%d,%d) channel %d = %u, expected %u", x, y, i, p[i], want);
            }
        }

    /* RETURN with a colour mask keeps the masked channels. */
    f.glClearAccum(0.0f, 0.0f, 0.0f, 0.0f);
    f.glClear(GL_ACCUM_BUFFER_BIT);
    clear_bytes(A[0], A[1], A[2], A[3]);
    f.glAccum(GL_LOAD, 1.0f);
    clear_bytes(255, 255, 255, 255);
    f.glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
    f.glAccum(GL_RETURN, 0.5f);
    f.glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    for (int i = 0; i < 4; i++)
        e[i] = i == 1 || i == 3 ? 255 : to_byte(0.5 * A[i] / 255.0);
    check_all(&w, e);

    /* glClear(GL_ACCUM_BUFFER_BIT) honours the scissor box and ignores the
     * colour mask. */
    f.glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    f.glClearAccum(0.25f, 0.6f, 0.75f, 1.0f);
    f.glEnable(GL_SCISSOR_TEST);
    f.glScissor(1, 1, 3, 3);
    f.glClear(GL_ACCUM_BUFFER_BIT);
    f.glDisable(GL_SCISSOR_TEST);
    f.glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    clear_bytes(0, 0, 0, 0);
    f.glAccum(GL_RETURN, 1.0f);
    const unsigned in[4] = {to_byte(0.25), to_byte(0.6), to_byte(0.75), 255};
    check_image(&w, 1, 1, 4, 4, in, A);
    expect_error(GL_NO_ERROR);
    close_window(&w);
}

/* A new window size gives a new accumulation buffer of that size. */
static void test_resize(void **state)
{
    (void)state;
    static window w; /* static: outlives a failed test that left it current */
    open_window(&w, 16);
    static uint8_t big[2 * W * 2 * H * 4];
    assert_true(f.OSMesaMakeCurrent(w.ctx, big, GL_UNSIGNED_BYTE, 2 * W, 2 * H));
    clear_bytes(A[0], A[1], A[2], A[3]);
    f.glAccum(GL_LOAD, 1.0f);
    clear_bytes(0, 0, 0, 0);
    f.glAccum(GL_RETURN, 1.0f);
    f.glFinish();
    for (size_t i = 0; i < sizeof big; i += 4)
        if (memcmp(big + i, (const uint8_t[]){A[0], A[1], A[2], A[3]}, 4) != 0)
            fail_msg("pixel %zu of the resized window", i / 4);
    expect_error(GL_NO_ERROR);
    close_window(&w);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s <libOSMesa.so> swr|mesa\n", argv[0]);
        return 2;
    }
    is_mesa = strcmp(argv[2], "mesa") == 0;
    const osm_sym syms[] = {OSM_FUNCS(SYM) SYM(OSMesaGetProcAddress)};
    lib = osm_open(argv[1]);
    if (!lib || !osm_resolve(lib, NULL, syms, OSM_COUNT(syms), argv[1]))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_queries),    cmocka_unit_test(test_errors),
        cmocka_unit_test(test_arithmetic), cmocka_unit_test(test_scissor_and_masks),
        cmocka_unit_test(test_resize),
    };
    return cmocka_run_group_tests_name(is_mesa ? "accum (Mesa oracle)" : "accum (swr)", tests,
                                       NULL, NULL);
}
