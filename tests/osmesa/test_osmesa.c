/*
 * test_osmesa.c: the OSMesa API of swr's libOSMesa.so.8
 * (frontend-gallium/targets/osmesa), through the library loaded with
 * dlopen, using only OSMesa* and gl* entry points.
 *
 *   test_osmesa <library> swr   swr's library: every test
 *   test_osmesa <library> mesa  Mesa's llvmpipe libOSMesa.so.8, the oracle:
 *                               the same tests where Mesa's behaviour is the
 *                               documented one (Mesa renders no OSMESA_BGR,
 *                               keeps RGBA order for BGRA/ARGB with
 *                               GL_UNSIGNED_SHORT / GL_FLOAT, and fills
 *                               nothing for RGB / GL_UNSIGNED_SHORT; it
 *                               offers later GL versions and returns stubs
 *                               for unknown names)
 *
 * Oracles: clear colours packed by hand per format from the GL conversion
 * rule (round(c * (2^n - 1)), 5-6-5 packing with red in the top bits);
 * depth values round(d * (2^n - 1)) with the stencil in the top byte of the
 * 24/8 word; images built from scissored clears whose layout is known; the
 * exported symbol list from nm.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "gl_api.h"
#include "GL/osmesa.h"
#include "osm_loader.h"

static const char *lib_path;
static bool is_mesa;
static void *lib;

#define OSM_FUNCS(X)                                                                       \
    X(OSMesaCreateContext) X(OSMesaCreateContextExt) X(OSMesaCreateContextAttribs)        \
    X(OSMesaDestroyContext) X(OSMesaMakeCurrent) X(OSMesaGetCurrentContext)                \
    X(OSMesaPixelStore) X(OSMesaGetIntegerv) X(OSMesaGetDepthBuffer)                       \
    X(OSMesaGetColorBuffer) X(OSMesaGetProcAddress) X(OSMesaColorClamp)
#define GL_FUNCS(X)                                                                        \
    X(glClear) X(glClearColor) X(glClearDepth) X(glClearStencil) X(glScissor) X(glEnable)  \
    X(glDisable) X(glFinish) X(glFlush) X(glGetError) X(glGetString)

static struct {
#define MEMBER(n) __typeof__(&n) n;
    OSM_FUNCS(MEMBER) GL_FUNCS(MEMBER)
#undef MEMBER
} f;

#define SYM(n) OSM_SYM(f, n)
static bool load(const char *path)
{
    const osm_sym syms[] = {OSM_FUNCS(SYM) GL_FUNCS(SYM)};
    lib = osm_open(path);
    return lib && osm_resolve(lib, NULL, syms, OSM_COUNT(syms), path);
}

/* ---- helpers -------------------------------------------------------------- */

#define GUARD 64 /* bytes after every client buffer that must stay untouched */
#define FILL 0xee

typedef struct fmt_case {
    GLenum format;
    const char *name;
    int comps;
    int pos[4]; /* byte/element position of R, G, B, A; -1: absent */
} fmt_case;

static const fmt_case formats[] = {
    {OSMESA_RGBA, "RGBA", 4, {0, 1, 2, 3}}, {OSMESA_BGRA, "BGRA", 4, {2, 1, 0, 3}},
    {OSMESA_ARGB, "ARGB", 4, {1, 2, 3, 0}}, {OSMESA_RGB, "RGB", 3, {0, 1, 2, -1}},
    {OSMESA_BGR, "BGR", 3, {2, 1, 0, -1}},  {OSMESA_RGB_565, "RGB_565", 1, {0, 0, 0, -1}},
};

static const GLenum types[] = {GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT, GL_FLOAT,
                               GL_UNSIGNED_SHORT_5_6_5};

static size_t type_size(GLenum t)
{
    return t == GL_UNSIGNED_BYTE ? 1 : t == GL_FLOAT ? 4 : 2;
}

/* Whether the pair is valid in the OSMesa API (what swr accepts). */
static bool valid_pair(GLenum format, GLenum type)
{
    if (format == OSMESA_RGB_565)
        return type == GL_UNSIGNED_SHORT_5_6_5;
    return type != GL_UNSIGNED_SHORT_5_6_5;
}

/* Where Mesa 22 departs from the documented layout (see the top). */
static bool mesa_differs(GLenum format, GLenum type)
{
    if (format == OSMESA_BGR)
        return true;
    if ((format == OSMESA_BGRA || format == OSMESA_ARGB) &&
        (type == GL_UNSIGNED_SHORT || type == GL_FLOAT))
        return true;
    return format == OSMESA_RGB && type == GL_UNSIGNED_SHORT;
}

static uint32_t round_unorm(float c, unsigned bits)
{
    double m = (double)((1u << bits) - 1);
    return (uint32_t)((double)c * m + 0.5);
}

/* The client pixel of colour rgba in format/type, written to out (bytes). */
static size_t expected_pixel(const fmt_case *fc, GLenum type, const float rgba[4], uint8_t *out)
{
    if (fc->format == OSMESA_RGB_565) {
        uint16_t v = (uint16_t)(round_unorm(rgba[0], 5) << 11 | round_unorm(rgba[1], 6) << 5 |
                                round_unorm(rgba[2], 5));
        memcpy(out, &v, 2);
        return 2;
    }
    size_t ts = type_size(type);
    for (int k = 0; k < 4; k++) {
        if (fc->pos[k] < 0)
            continue;
        uint8_t *d = out + (size_t)fc->pos[k] * ts;
        if (type == GL_UNSIGNED_BYTE) {
            *d = (uint8_t)round_unorm(rgba[k], 8);
        } else if (type == GL_UNSIGNED_SHORT) {
            uint16_t v = (uint16_t)round_unorm(rgba[k], 16);
            memcpy(d, &v, 2);
        } else {
            memcpy(d, &rgba[k], 4);
        }
    }
    return (size_t)fc->comps * ts;
}

static uint8_t *new_buffer(size_t bytes)
{
    uint8_t *b = malloc(bytes + GUARD);
    assert_non_null(b);
    memset(b, FILL, bytes + GUARD);
    return b;
}

static void check_guard(const uint8_t *b, size_t bytes)
{
    for (size_t i = 0; i < GUARD; i++)
        assert_int_equal(b[bytes + i], FILL);
}

/* RGBA8 pixel (x, y) of a w-wide buffer. */
static const uint8_t *px(const uint8_t *b, int w, int x, int y)
{
    return b + ((size_t)y * w + x) * 4;
}

static void assert_rgba(const uint8_t *p, unsigned r, unsigned g, unsigned b, unsigned a)
{
    if (p[0] != r || p[1] != g || p[2] != b || p[3] != a)
        fail_msg("pixel %02x%02x%02x%02x, expected %02x%02x%02x%02x", p[0], p[1], p[2], p[3], r,
                 g, b, a);
}

static void scissor_clear(int x, int y, int w, int h, float r, float g, float b, float a)
{
    f.glEnable(GL_SCISSOR_TEST);
    f.glScissor(x, y, w, h);
    f.glClearColor(r, g, b, a);
    f.glClear(GL_COLOR_BUFFER_BIT);
    f.glDisable(GL_SCISSOR_TEST);
}

/* ---- tests ---------------------------------------------------------------- */

/* Every format x type: accepted exactly when valid, and a clear colour
 * lands in every pixel packed as the format says, nothing past the end. */
static void test_formats(void **state)
{
    const float color[4] = {0.2f, 0.4f, 0.6f, 0.8f};
    const int w = 5, h = 3;
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
            const fmt_case *fc = &formats[i];
            GLenum type = types[t];
            bool valid = valid_pair(fc->format, type);
            if (is_mesa && mesa_differs(fc->format, type))
                continue;
            OSMesaContext c = f.OSMesaCreateContextExt(fc->format, 0, 0, 0, NULL);
            assert_non_null(c);
            size_t bytes = (size_t)w * h * 16;
            uint8_t *buf = new_buffer(bytes);
            GLboolean ok = f.OSMesaMakeCurrent(c, buf, type, w, h);
            if (ok != (valid ? GL_TRUE : GL_FALSE))
                fail_msg("%s/0x%x: MakeCurrent returned %d", fc->name, type, ok);
            if (ok) {
                f.glClearColor(color[0], color[1], color[2], color[3]);
                f.glClear(GL_COLOR_BUFFER_BIT);
                f.glFinish();
                assert_int_equal(f.glGetError(), GL_NO_ERROR);
                uint8_t want[16];
                size_t ps = expected_pixel(fc, type, color, want);
                for (int p = 0; p < w * h; p++)
                    if (memcmp(buf + (size_t)p * ps, want, ps) != 0)
                        fail_msg("%s/0x%x: pixel %d is wrong (first byte %02x, expected %02x)",
                                 fc->name, type, p, buf[(size_t)p * ps], want[0]);
                /* nothing written past the image */
                for (size_t b = (size_t)w * h * ps; b < bytes; b++)
                    if (buf[b] != FILL)
                        fail_msg("%s/0x%x: byte %zu past the image written", fc->name, type, b);
                f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
            }
            check_guard(buf, bytes);
            f.OSMesaDestroyContext(c);
            free(buf);
        }
    }
}

/* An asymmetric image: black, bottom row white, bottom-left pixel red
 * (GL coordinates). Y_UP = 1 puts GL row 0 in buffer row 0; 0 flips. */
static void draw_corner(void)
{
    f.glClearColor(0, 0, 0, 0);
    f.glClear(GL_COLOR_BUFFER_BIT);
    scissor_clear(0, 0, 4, 1, 1, 1, 1, 1);
    scissor_clear(0, 0, 1, 1, 1, 0, 0, 1);
    f.glFinish();
}

static void check_corner(const uint8_t *buf, int w, int h, bool y_up)
{
    for (int row = 0; row < h; row++) {
        int gl_y = y_up ? row : h - 1 - row;
        for (int x = 0; x < w; x++) {
            const uint8_t *p = px(buf, w, x, row);
            if (gl_y == 0 && x == 0)
                assert_rgba(p, 255, 0, 0, 255);
            else if (gl_y == 0)
                assert_rgba(p, 255, 255, 255, 255);
            else
                assert_rgba(p, 0, 0, 0, 0);
        }
    }
}

static void test_y_up(void **state)
{
    const int w = 4, h = 3;
    OSMesaContext c = f.OSMesaCreateContextExt(OSMESA_RGBA, 0, 0, 0, NULL);
    assert_non_null(c);
    uint8_t *buf = new_buffer((size_t)w * h * 4);
    assert_int_equal(f.OSMesaMakeCurrent(c, buf, GL_UNSIGNED_BYTE, w, h), GL_TRUE);
    GLint v = -1;
    f.OSMesaGetIntegerv(OSMESA_Y_UP, &v);
    assert_int_equal(v, 1);
    draw_corner();
    check_corner(buf, w, h, true);

    f.OSMesaPixelStore(OSMESA_Y_UP, 0);
    f.OSMesaGetIntegerv(OSMESA_Y_UP, &v);
    assert_int_equal(v, 0);
    draw_corner(); /* Mesa copies only what was rendered since the last copy */
    check_corner(buf, w, h, false);

    f.OSMesaPixelStore(OSMESA_Y_UP, 7); /* any non-zero value means 1 */
    f.OSMesaGetIntegerv(OSMESA_Y_UP, &v);
    assert_int_equal(v, 1);
    draw_corner();
    check_corner(buf, w, h, true);
    check_guard(buf, (size_t)w * h * 4);
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(c);
    free(buf);
}

/* OSMESA_ROW_LENGTH: rows `rl` pixels apart; the pixels between stay. */
static void test_row_length(void **state)
{
    const int w = 4, h = 3, rl = 7;
    OSMesaContext c = f.OSMesaCreateContextExt(OSMESA_RGBA, 0, 0, 0, NULL);
    assert_non_null(c);
    uint8_t *buf = new_buffer((size_t)rl * h * 4);
    assert_int_equal(f.OSMesaMakeCurrent(c, buf, GL_UNSIGNED_BYTE, w, h), GL_TRUE);
    GLint v = -1;
    f.OSMesaGetIntegerv(OSMESA_ROW_LENGTH, &v);
    assert_int_equal(v, 0);
    f.OSMesaPixelStore(OSMESA_ROW_LENGTH, rl);
    f.OSMesaGetIntegerv(OSMESA_ROW_LENGTH, &v);
    assert_int_equal(v, rl);
    draw_corner();
    for (int row = 0; row < h; row++)
        for (int x = 0; x < rl; x++) {
            const uint8_t *p = px(buf, rl, x, row);
            if (x >= w)
                assert_rgba(p, FILL, FILL, FILL, FILL);
            else if (row == 0)
                assert_rgba(p, 255, x == 0 ? 0 : 255, x == 0 ? 0 : 255, 255);
            else
                assert_rgba(p, 0, 0, 0, 0);
        }
    /* with Y_UP = 0 too: GL's bottom row goes to the last buffer row */
    f.OSMesaPixelStore(OSMESA_Y_UP, 0);
    draw_corner();
    assert_rgba(px(buf, rl, 0, h - 1), 255, 0, 0, 255);
    assert_rgba(px(buf, rl, 1, h - 1), 255, 255, 255, 255);
    assert_rgba(px(buf, rl, 0, 0), 0, 0, 0, 0);
    assert_rgba(px(buf, rl, w, h - 1), FILL, FILL, FILL, FILL);
    check_guard(buf, (size_t)rl * h * 4);
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(c);
    free(buf);
}

static void test_get_integerv(void **state)
{
    OSMesaContext c = f.OSMesaCreateContextExt(OSMESA_BGRA, 16, 0, 0, NULL);
    assert_non_null(c);
    float *buf = malloc(9 * 5 * 16);
    assert_non_null(buf);
    assert_int_equal(f.OSMesaMakeCurrent(c, buf, GL_FLOAT, 9, 5), GL_TRUE);
    assert_ptr_equal(f.OSMesaGetCurrentContext(), c);
    const struct {
        GLint pname, value;
    } want[] = {
        {OSMESA_WIDTH, 9},      {OSMESA_HEIGHT, 5}, {OSMESA_FORMAT, OSMESA_BGRA},
        {OSMESA_TYPE, GL_FLOAT}, {OSMESA_Y_UP, 1},   {OSMESA_ROW_LENGTH, 0},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        GLint v = -12345;
        f.OSMesaGetIntegerv(want[i].pname, &v);
        if (v != want[i].value)
            fail_msg("pname 0x%x: %d, expected %d", want[i].pname, v, want[i].value);
    }
    GLint mw = 0, mh = 0;
    f.OSMesaGetIntegerv(OSMESA_MAX_WIDTH, &mw);
    f.OSMesaGetIntegerv(OSMESA_MAX_HEIGHT, &mh);
    assert_true(mw >= 4096);
    assert_int_equal(mw, mh);
    /* an unknown pname leaves the value alone */
    GLint v = -7;
    f.OSMesaGetIntegerv(0x7777, &v);
    assert_int_equal(v, -7);
    /* a new size: the integers follow */
    float *big = malloc(20 * 11 * 16);
    assert_non_null(big);
    assert_int_equal(f.OSMesaMakeCurrent(c, big, GL_FLOAT, 20, 11), GL_TRUE);
    f.OSMesaGetIntegerv(OSMESA_WIDTH, &v);
    assert_int_equal(v, 20);
    f.OSMesaGetIntegerv(OSMESA_HEIGHT, &v);
    assert_int_equal(v, 11);
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(c);
    free(buf);
    free(big);
}

/* A new buffer size: the internal buffers follow it (a clear fills the new
 * buffer completely), and the image stays right side up. */
static void test_resize(void **state)
{
    OSMesaContext c = f.OSMesaCreateContextExt(OSMESA_RGBA, 24, 8, 0, NULL);
    assert_non_null(c);
    uint8_t *small = new_buffer(4 * 4 * 4), *big = new_buffer(13 * 9 * 4);
    assert_int_equal(f.OSMesaMakeCurrent(c, small, GL_UNSIGNED_BYTE, 4, 4), GL_TRUE);
    f.glClearColor(0, 0, 1, 1);
    f.glClear(GL_COLOR_BUFFER_BIT);
    f.glFinish();
    assert_rgba(px(small, 4, 3, 3), 0, 0, 255, 255);
    assert_int_equal(f.OSMesaMakeCurrent(c, big, GL_UNSIGNED_BYTE, 13, 9), GL_TRUE);
    f.glClearColor(0, 1, 0, 1);
    f.glClear(GL_COLOR_BUFFER_BIT);
    scissor_clear(12, 8, 1, 1, 1, 0, 0, 1);
    f.glFinish();
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 13; x++)
            if (x == 12 && y == 8)
                assert_rgba(px(big, 13, x, y), 255, 0, 0, 255);
            else
                assert_rgba(px(big, 13, x, y), 0, 255, 0, 255);
    check_guard(big, 13 * 9 * 4);
    /* the old buffer was not written after the switch */
    assert_rgba(px(small, 4, 3, 3), 0, 0, 255, 255);
    check_guard(small, 4 * 4 * 4);
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(c);
    free(small);
    free(big);
}

/* OSMesaGetDepthBuffer: bytes per value and values for each depth request,
 * rows bottom-up, refreshed by glFinish. */
static void test_depth_buffer(void **state)
{
    const struct {
        int depth, stencil, bpv;
    } cases[] = {{24, 8, 4}, {16, 0, 2}, {24, 0, 4}, {32, 0, 4}, {0, 0, 0}};
    const int w = 5, h = 4;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        OSMesaContext c =
            f.OSMesaCreateContextExt(OSMESA_RGBA, cases[i].depth, cases[i].stencil, 0, NULL);
        assert_non_null(c);
        uint8_t *buf = new_buffer((size_t)w * h * 4);
        assert_int_equal(f.OSMesaMakeCurrent(c, buf, GL_UNSIGNED_BYTE, w, h), GL_TRUE);
        f.glClearDepth(0.25);
        f.glClearStencil(0x12);
        f.glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        f.glFinish();
        GLint dw = -1, dh = -1, bpv = -1;
        void *p = (void *)1;
        GLboolean ok = f.OSMesaGetDepthBuffer(c, &dw, &dh, &bpv, &p);
        if (cases[i].depth == 0) {
            assert_int_equal(ok, GL_FALSE);
            assert_null(p);
            assert_int_equal(bpv, 0);
        } else {
            assert_int_equal(ok, GL_TRUE);
            assert_int_equal(dw, w);
            assert_int_equal(dh, h);
            assert_int_equal(bpv, cases[i].bpv);
            assert_non_null(p);
            unsigned bits = bpv == 2 ? 16 : 24;
            uint32_t stencil = cases[i].stencil ? 0x12u << 24 : 0;
            uint32_t z25 = round_unorm(0.25f, bits), z75 = round_unorm(0.75f, bits);
            for (int k = 0; k < w * h; k++) {
                uint32_t v = bpv == 2 ? ((uint16_t *)p)[k] : ((uint32_t *)p)[k];
                if (v != (z25 | stencil))
                    fail_msg("depth %d/%d value %d: 0x%x, expected 0x%x", cases[i].depth,
                             cases[i].stencil, k, v, z25 | stencil);
            }
            /* the bottom row (GL y = 0) to 0.75: row 0 of the copy, after glFinish */
            f.glEnable(GL_SCISSOR_TEST);
            f.glScissor(0, 0, w, 1);
            f.glClearDepth(0.75);
            f.glClear(GL_DEPTH_BUFFER_BIT);
            f.glDisable(GL_SCISSOR_TEST);
            f.glFinish();
            for (int k = 0; k < w * h; k++) {
                uint32_t v = bpv == 2 ? ((uint16_t *)p)[k] : ((uint32_t *)p)[k];
                uint32_t want = (k < w ? z75 : z25) | stencil;
                if (v != want)
                    fail_msg("depth %d/%d after reclear, value %d: 0x%x, expected 0x%x",
                             cases[i].depth, cases[i].stencil, k, v, want);
            }
        }
        f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
        f.OSMesaDestroyContext(c);
        free(buf);
    }
}

static void test_color_buffer(void **state)
{
    OSMesaContext c = f.OSMesaCreateContextExt(OSMESA_ARGB, 0, 0, 0, NULL);
    assert_non_null(c);
    GLint w = -1, h = -1, fmt = -1;
    void *p = (void *)1;
    assert_int_equal(f.OSMesaGetColorBuffer(c, &w, &h, &fmt, &p), GL_FALSE);
    assert_null(p);
    uint8_t *buf = new_buffer(6 * 2 * 4);
    assert_int_equal(f.OSMesaMakeCurrent(c, buf, GL_UNSIGNED_BYTE, 6, 2), GL_TRUE);
    assert_int_equal(f.OSMesaGetColorBuffer(c, &w, &h, &fmt, &p), GL_TRUE);
    assert_int_equal(w, 6);
    assert_int_equal(h, 2);
    assert_int_equal(fmt, OSMESA_ARGB);
    assert_ptr_equal(p, buf);
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    /* still the buffer of the last MakeCurrent when not current */
    assert_int_equal(f.OSMesaGetColorBuffer(c, &w, &h, &fmt, &p), GL_TRUE);
    assert_ptr_equal(p, buf);
    f.OSMesaDestroyContext(c);
    free(buf);
}

static void test_proc_address(void **state)
{
    static const char *names[] = {
        "OSMesaCreateContext",  "OSMesaCreateContextExt", "OSMesaCreateContextAttribs",
        "OSMesaDestroyContext", "OSMesaMakeCurrent",      "OSMesaGetCurrentContext",
        "OSMesaPixelStore",     "OSMesaGetIntegerv",      "OSMesaGetDepthBuffer",
        "OSMesaGetColorBuffer", "OSMesaGetProcAddress",   "OSMesaColorClamp",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        OSMESAproc p = f.OSMesaGetProcAddress(names[i]);
        if ((void *)p != dlsym(lib, names[i]))
            fail_msg("OSMesaGetProcAddress(%s) is not the exported function", names[i]);
    }
    /* GL entry points: callable through the returned pointer */
    PFNGLGETSTRINGPROC get_string = (PFNGLGETSTRINGPROC)f.OSMesaGetProcAddress("glGetString");
    PFNGLCLEARCOLORPROC clear_color = (PFNGLCLEARCOLORPROC)f.OSMesaGetProcAddress("glClearColor");
    PFNGLCLEARPROC clear = (PFNGLCLEARPROC)f.OSMesaGetProcAddress("glClear");
    PFNGLFINISHPROC finish = (PFNGLFINISHPROC)f.OSMesaGetProcAddress("glFinish");
    assert_non_null(get_string);
    assert_non_null(clear);
    assert_non_null(f.OSMesaGetProcAddress("glGenFramebuffers"));
    assert_non_null(f.OSMesaGetProcAddress("glBindVertexArray"));
    if (!is_mesa) {
        assert_ptr_equal((void *)clear, dlsym(lib, "glClear"));
        assert_null(f.OSMesaGetProcAddress("glNoSuchFunction"));
        assert_null(f.OSMesaGetProcAddress("OSMesaNoSuchFunction"));
        assert_null(f.OSMesaGetProcAddress(NULL));
    }
    OSMesaContext c = f.OSMesaCreateContextExt(OSMESA_RGBA, 0, 0, 0, NULL);
    uint8_t buf[4 * 4];
    assert_int_equal(f.OSMesaMakeCurrent(c, buf, GL_UNSIGNED_BYTE, 2, 2), GL_TRUE);
    const char *v = (const char *)get_string(GL_VERSION);
    assert_non_null(v);
    assert_true(v[0] >= '2' && v[0] <= '9' && v[1] == '.');
    clear_color(1, 0, 1, 0);
    clear(GL_COLOR_BUFFER_BIT);
    finish();
    assert_rgba(buf, 255, 0, 255, 0);
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(c);
}

/* Several contexts on one thread, interleaved; making another context
 * current (or none) leaves the previous one's image in its buffer. */
static void test_several_contexts(void **state)
{
    OSMesaContext a = f.OSMesaCreateContextExt(OSMESA_RGBA, 24, 8, 0, NULL);
    OSMesaContext b = f.OSMesaCreateContextExt(OSMESA_BGRA, 16, 0, 0, NULL);
    assert_non_null(a);
    assert_non_null(b);
    assert_ptr_not_equal(a, b);
    uint8_t *ba = new_buffer(8 * 8 * 4), *bb = new_buffer(6 * 5 * 4);

    assert_int_equal(f.OSMesaMakeCurrent(a, ba, GL_UNSIGNED_BYTE, 8, 8), GL_TRUE);
    f.glClearColor(1, 0, 0, 1);
    f.glClear(GL_COLOR_BUFFER_BIT);
    assert_int_equal(f.OSMesaMakeCurrent(b, bb, GL_UNSIGNED_BYTE, 6, 5), GL_TRUE);
    assert_ptr_equal(f.OSMesaGetCurrentContext(), b);
    /* a was flushed into its buffer when b became current */
    assert_rgba(px(ba, 8, 7, 7), 255, 0, 0, 255);
    f.glClearColor(0, 1, 0, 0.2f);
    f.glClear(GL_COLOR_BUFFER_BIT);
    assert_int_equal(f.OSMesaMakeCurrent(a, ba, GL_UNSIGNED_BYTE, 8, 8), GL_TRUE);
    /* a's own state (scissor and clear colour) is kept across the switches */
    scissor_clear(0, 0, 2, 2, 0, 0, 1, 1);
    f.glFinish();
    assert_int_equal(f.OSMesaMakeCurrent(b, bb, GL_UNSIGNED_BYTE, 6, 5), GL_TRUE);
    scissor_clear(5, 4, 1, 1, 1, 1, 1, 1);
    assert_int_equal(f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0), GL_TRUE);
    assert_null(f.OSMesaGetCurrentContext());

    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            if (x < 2 && y < 2)
                assert_rgba(px(ba, 8, x, y), 0, 0, 255, 255);
            else
                assert_rgba(px(ba, 8, x, y), 255, 0, 0, 255);
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 6; x++)
            if (x == 5 && y == 4)
                assert_rgba(px(bb, 6, x, y), 255, 255, 255, 255);
            else /* BGRA bytes of (0, 1, 0, 0.2) */
                assert_rgba(px(bb, 6, x, y), 0, 255, 0, 51);
    check_guard(ba, 8 * 8 * 4);
    check_guard(bb, 6 * 5 * 4);
    f.OSMesaDestroyContext(a);
    f.OSMesaDestroyContext(b);
    free(ba);
    free(bb);
}

/* Two threads, each with its own context current, rendering at once. */
typedef struct thread_job {
    int id;
    int failures;
    pthread_barrier_t *barrier;
} thread_job;

static void *thread_main(void *arg)
{
    thread_job *job = arg;
    const int w = 33, h = 17;
    OSMesaContext c = f.OSMesaCreateContextExt(OSMESA_RGBA, 24, 8, 0, NULL);
    uint8_t *buf = malloc((size_t)w * h * 4);
    pthread_barrier_wait(job->barrier);
    if (!c || !buf || !f.OSMesaMakeCurrent(c, buf, GL_UNSIGNED_BYTE, w, h)) {
        job->failures++;
        pthread_barrier_wait(job->barrier);
        free(buf);
        f.OSMesaDestroyContext(c);
        return NULL;
    }
    pthread_barrier_wait(job->barrier);
    if (f.OSMesaGetCurrentContext() != c)
        job->failures++;
    for (int it = 0; it < 40; it++) {
        uint8_t r = (uint8_t)(job->id * 100 + it), g = (uint8_t)(it * 3), bl = (uint8_t)job->id;
        f.glClearColor(r / 255.0f, g / 255.0f, bl / 255.0f, 1.0f);
        f.glClear(GL_COLOR_BUFFER_BIT);
        f.glFinish();
        for (int k = 0; k < w * h; k++) {
            const uint8_t *p = buf + (size_t)k * 4;
            if (p[0] != r || p[1] != g || p[2] != bl || p[3] != 255) {
                job->failures++;
                break;
            }
        }
    }
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(c);
    free(buf);
    return NULL;
}

static void test_two_threads(void **state)
{
    pthread_barrier_t barrier;
    pthread_barrier_init(&barrier, NULL, 2);
    thread_job jobs[2] = {{1, 0, &barrier}, {2, 0, &barrier}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&th[i], NULL, thread_main, &jobs[i]), 0);
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&barrier);
    assert_int_equal(jobs[0].failures, 0);
    assert_int_equal(jobs[1].failures, 0);
    /* the main thread never had a context */
    assert_null(f.OSMesaGetCurrentContext());
}

/* Bad arguments: NULL, GL_FALSE, no crash, the current context unchanged. */
static void test_bad_arguments(void **state)
{
    uint8_t buf[16 * 16 * 4];
    assert_null(f.OSMesaCreateContextExt(0x1234, 24, 8, 0, NULL));
    assert_null(f.OSMesaCreateContextExt(OSMESA_RGBA, -1, 8, 0, NULL));
    const int unknown[] = {0x7777, 1, 0};
    assert_null(f.OSMesaCreateContextAttribs(unknown, NULL));
    const int bad_profile[] = {OSMESA_PROFILE, 0x1234, 0};
    assert_null(f.OSMesaCreateContextAttribs(bad_profile, NULL));
    const int bad_major[] = {OSMESA_CONTEXT_MAJOR_VERSION, 0, 0};
    assert_null(f.OSMesaCreateContextAttribs(bad_major, NULL));
    const int v21[] = {OSMESA_FORMAT, OSMESA_RGBA, OSMESA_DEPTH_BITS, 24,
                       OSMESA_PROFILE, OSMESA_COMPAT_PROFILE,
                       OSMESA_CONTEXT_MAJOR_VERSION, 2, OSMESA_CONTEXT_MINOR_VERSION, 1, 0};
    OSMesaContext c21 = f.OSMesaCreateContextAttribs(v21, NULL);
    assert_non_null(c21);
    f.OSMesaDestroyContext(c21);
    if (!is_mesa) {
        /* more than swr offers (4.0), and a version GL never had: refused */
        const int v40[] = {OSMESA_CONTEXT_MAJOR_VERSION, 4, OSMESA_CONTEXT_MINOR_VERSION, 0, 0};
        assert_null(f.OSMesaCreateContextAttribs(v40, NULL));
        const int v22[] = {OSMESA_CONTEXT_MAJOR_VERSION, 2, OSMESA_CONTEXT_MINOR_VERSION, 2, 0};
        assert_null(f.OSMesaCreateContextAttribs(v22, NULL));
        /* no list at all: the defaults (Mesa dereferences it) */
        OSMesaContext cn = f.OSMesaCreateContextAttribs(NULL, NULL);
        assert_non_null(cn);
        f.OSMesaDestroyContext(cn);
    }

    OSMesaContext c = f.OSMesaCreateContext(OSMESA_RGBA, NULL);
    assert_non_null(c);
    assert_int_equal(f.OSMesaMakeCurrent(c, buf, GL_UNSIGNED_BYTE, 16, 16), GL_TRUE);
    assert_int_equal(f.OSMesaMakeCurrent(NULL, buf, GL_UNSIGNED_BYTE, 4, 4), GL_FALSE);
    assert_int_equal(f.OSMesaMakeCurrent(c, NULL, GL_UNSIGNED_BYTE, 4, 4), GL_FALSE);
    assert_int_equal(f.OSMesaMakeCurrent(c, buf, GL_UNSIGNED_BYTE, 0, 4), GL_FALSE);
    assert_int_equal(f.OSMesaMakeCurrent(c, buf, GL_UNSIGNED_BYTE, 4, -1), GL_FALSE);
    assert_int_equal(f.OSMesaMakeCurrent(c, buf, GL_INT, 4, 4), GL_FALSE);
    assert_int_equal(f.OSMesaMakeCurrent(c, buf, GL_UNSIGNED_SHORT_5_6_5, 4, 4), GL_FALSE);
    assert_int_equal(f.OSMesaMakeCurrent(c, buf, 0xdead, 4, 4), GL_FALSE);
    if (!is_mesa)
        assert_int_equal(f.OSMesaMakeCurrent(c, buf, GL_UNSIGNED_BYTE, 1 << 20, 1), GL_FALSE);
    /* still current with its old buffer, and working */
    assert_ptr_equal(f.OSMesaGetCurrentContext(), c);
    GLint v = 0;
    f.OSMesaGetIntegerv(OSMESA_WIDTH, &v);
    assert_int_equal(v, 16);
    f.glClearColor(0, 1, 1, 1);
    f.glClear(GL_COLOR_BUFFER_BIT);
    f.glFinish();
    assert_rgba(px(buf, 16, 15, 15), 0, 255, 255, 255);

    f.OSMesaPixelStore(0x7777, 1); /* reported, ignored */
    f.OSMesaGetIntegerv(OSMESA_ROW_LENGTH, &v);
    assert_int_equal(v, 0);

    OSMesaContext ci = f.OSMesaCreateContextExt(OSMESA_COLOR_INDEX, 0, 0, 0, NULL);
    if (ci) { /* accepted at creation (Mesa), never renderable */
        assert_int_equal(f.OSMesaMakeCurrent(ci, buf, GL_UNSIGNED_BYTE, 4, 4), GL_FALSE);
        f.OSMesaDestroyContext(ci);
    }
    OSMesaContext c565 = f.OSMesaCreateContextExt(OSMESA_RGB_565, 0, 0, 0, NULL);
    assert_non_null(c565);
    assert_int_equal(f.OSMesaMakeCurrent(c565, buf, GL_UNSIGNED_BYTE, 4, 4), GL_FALSE);
    assert_int_equal(f.OSMesaMakeCurrent(c565, buf, GL_FLOAT, 4, 4), GL_FALSE);
    f.OSMesaDestroyContext(c565);
    assert_ptr_equal(f.OSMesaGetCurrentContext(), c);

    if (!is_mesa) { /* Mesa dereferences these */
        GLint w = -1, h = -1, bpv = -1;
        void *p = (void *)1;
        assert_int_equal(f.OSMesaGetDepthBuffer(NULL, &w, &h, &bpv, &p), GL_FALSE);
        assert_null(p);
        assert_int_equal(f.OSMesaGetColorBuffer(NULL, &w, &h, &bpv, &p), GL_FALSE);
        f.OSMesaGetIntegerv(OSMESA_WIDTH, NULL);
    }
    f.OSMesaDestroyContext(NULL);
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(c);
    if (!is_mesa) { /* no current context: nothing to act on, no crash */
        f.OSMesaPixelStore(OSMESA_Y_UP, 0);
        v = 5;
        f.OSMesaGetIntegerv(OSMESA_WIDTH, &v);
        assert_int_equal(v, 0);
        f.OSMesaColorClamp(GL_TRUE);
    }
}

/* OSMesaColorClamp on a float buffer: in-range colours pass unchanged. */
static void test_color_clamp(void **state)
{
    OSMesaContext c = f.OSMesaCreateContextExt(OSMESA_RGBA, 0, 0, 0, NULL);
    float buf[3 * 2 * 4];
    assert_int_equal(f.OSMesaMakeCurrent(c, buf, GL_FLOAT, 3, 2), GL_TRUE);
    for (int on = 1; on >= 0; on--) {
        f.OSMesaColorClamp(on ? GL_TRUE : GL_FALSE);
        f.glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
        f.glClear(GL_COLOR_BUFFER_BIT);
        f.glFinish();
        for (int k = 0; k < 6; k++) {
            assert_true(buf[k * 4 + 0] == 0.25f && buf[k * 4 + 1] == 0.5f);
            assert_true(buf[k * 4 + 2] == 0.75f && buf[k * 4 + 3] == 1.0f);
        }
    }
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(c);
}

/* The exported dynamic symbols are the GL entry points and OSMesa*. */
static void test_exported_symbols(void **state)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "nm -D --defined-only '%s'", lib_path);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char line[1024];
    int n = 0, osmesa = 0, gl = 0;
    bool clear = false, make_current = false;
    while (fgets(line, sizeof line, p)) {
        char addr[64], kind[8], name[512];
        if (sscanf(line, "%63s %7s %511s", addr, kind, name) != 3)
            fail_msg("unexpected nm line: %s", line);
        n++;
        if (strncmp(name, "OSMesa", 6) == 0)
            osmesa++;
        else if (name[0] == 'g' && name[1] == 'l' && name[2] >= 'A' && name[2] <= 'Z')
            gl++;
        else
            fail_msg("unexpected exported symbol %s", name);
        clear |= strcmp(name, "glClear") == 0;
        make_current |= strcmp(name, "OSMesaMakeCurrent") == 0;
    }
    assert_int_equal(pclose(p), 0);
    assert_true(clear && make_current);
    assert_true(osmesa >= 12);
    assert_true(gl > 300);
    assert_int_equal(n, osmesa + gl);
}

/* GALLIUM_DRIVER=llvmpipe: one line on stderr, and the context still
 * works (swr). Run in a child process: the line comes once per process. */
static int gallium_child(void)
{
    OSMesaContext a = f.OSMesaCreateContextExt(OSMESA_RGBA, 0, 0, 0, NULL);
    OSMesaContext b = f.OSMesaCreateContextExt(OSMESA_RGBA, 0, 0, 0, NULL);
    uint8_t buf[4 * 4];
    if (!a || !b || !f.OSMesaMakeCurrent(a, buf, GL_UNSIGNED_BYTE, 2, 2))
        return 3;
    f.glClearColor(1, 1, 0, 1);
    f.glClear(GL_COLOR_BUFFER_BIT);
    f.glFinish();
    int r = buf[0] == 255 && buf[1] == 255 && buf[2] == 0 ? 0 : 4;
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(a);
    f.OSMesaDestroyContext(b);
    return r;
}

static void test_gallium_driver_message(void **state)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(fds[1], 2);
        close(fds[0]);
        close(fds[1]);
        setenv("GALLIUM_DRIVER", "llvmpipe", 1);
        execl("/proc/self/exe", "test_osmesa", lib_path, "gallium-child", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    char out[4096];
    size_t len = 0;
    ssize_t r;
    while (len < sizeof out - 1 && (r = read(fds[0], out + len, sizeof out - 1 - len)) > 0)
        len += (size_t)r;
    out[len] = '\0';
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    assert_true(WIFEXITED(status));
    if (WEXITSTATUS(status) != 0)
        fail_msg("child exited with %d; stderr: %s", WEXITSTATUS(status), out);
    const char *msg = "swr: libOSMesa: GALLIUM_DRIVER=llvmpipe requested, but this library "
                      "only provides swr\n";
    const char *at = strstr(out, msg);
    if (!at)
        fail_msg("message missing; stderr was: %s", out);
    assert_null(strstr(at + 1, msg)); /* once, for two contexts */
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s <libOSMesa.so> swr|mesa\n", argv[0]);
        return 2;
    }
    lib_path = argv[1];
    if (!load(lib_path))
        return 1;
    if (strcmp(argv[2], "gallium-child") == 0)
        return gallium_child();
    is_mesa = strcmp(argv[2], "mesa") == 0;

    const struct CMUnitTest common[] = {
        cmocka_unit_test(test_formats),        cmocka_unit_test(test_y_up),
        cmocka_unit_test(test_row_length),     cmocka_unit_test(test_get_integerv),
        cmocka_unit_test(test_resize),         cmocka_unit_test(test_depth_buffer),
        cmocka_unit_test(test_color_buffer),   cmocka_unit_test(test_proc_address),
        cmocka_unit_test(test_several_contexts), cmocka_unit_test(test_two_threads),
        cmocka_unit_test(test_bad_arguments),  cmocka_unit_test(test_color_clamp),
    };
    const struct CMUnitTest swr_only[] = {
        cmocka_unit_test(test_exported_symbols),
        cmocka_unit_test(test_gallium_driver_message),
    };
    int failed = cmocka_run_group_tests_name(is_mesa ? "osmesa (Mesa oracle)" : "osmesa (swr)",
                                             common, NULL, NULL);
    if (!is_mesa)
        failed += cmocka_run_group_tests_name("osmesa (swr library)", swr_only, NULL, NULL);
    return failed;
}
