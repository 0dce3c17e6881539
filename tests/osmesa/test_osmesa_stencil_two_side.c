/*
 * test_osmesa_stencil_two_side.c: GL_EXT_stencil_two_side through an OSMesa
 * library loaded with dlopen, with glActiveStencilFaceEXT reached through
 * OSMesaGetProcAddress as applications reach it.
 *
 *   test_osmesa_stencil_two_side <library> swr|mesa
 *
 * The rules (the extension's specification): with
 * GL_STENCIL_TEST_TWO_SIDE_EXT enabled, back-facing primitives use the
 * back stencil state; glActiveStencilFaceEXT(face) selects the state that
 * glStencilFunc, glStencilOp and glStencilMask change and that the
 * GL_STENCIL_* queries return; any face but GL_FRONT or GL_BACK is
 * GL_INVALID_ENUM. The test draws a front-facing (CCW) quad over the left
 * half and a back-facing (CW) one over the right half of a 32x32 window
 * with stencil op REPLACE and reads the stencil buffer back: with two-side
 * enabled, front ref 3 and back ref 7 give 3 | 7 (columns < 16 | >= 16);
 * with it disabled the back quad takes the front-selected glStencilFunc's
 * ref again (3: while GL_FRONT is active, glStencilFunc sets both faces of
 * the GL 2.0 state). Values counted by hand from these rules; the _mesa run
 * holds Mesa's llvmpipe to the same expectations, the oracle that the
 * rules are read right.
 */
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

static void *lib;

#define OSM_FUNCS(X) X(OSMesaCreateContextExt) X(OSMesaDestroyContext) X(OSMesaMakeCurrent)
#define GL_FUNCS(X)                                                                          \
    X(glClear) X(glClearStencil) X(glFinish) X(glGetError) X(glVertexAttribPointer)          \
    X(glEnableVertexAttribArray) X(glDrawArrays) X(glCreateShader) X(glShaderSource)         \
    X(glCompileShader) X(glCreateProgram) X(glAttachShader) X(glBindAttribLocation)          \
    X(glLinkProgram) X(glGetProgramiv) X(glUseProgram) X(glEnable) X(glDisable)              \
    X(glIsEnabled) X(glStencilFunc) X(glStencilOp) X(glStencilMask) X(glGetIntegerv)         \
    X(glReadPixels) X(glActiveStencilFaceEXT) X(glPixelStorei)

static struct {
#define MEMBER(n) __typeof__(&n) n;
    OSM_FUNCS(MEMBER) GL_FUNCS(MEMBER)
#undef MEMBER
    OSMESAproc (*OSMesaGetProcAddress)(const char *);
} f;

#define SYM(n) OSM_SYM(f, n)

static void *get_proc(const char *name) { return (void *)f.OSMesaGetProcAddress(name); }

enum { W = 32, H = 32 };

static GLint get_int(GLenum pname)
{
    GLint v = -1;
    f.glGetIntegerv(pname, &v);
    return v;
}

/* Left half CCW (front), right half CW (back). */
static void draw_quads(void)
{
    static const float quads[] = {
        -1, -1, 0, -1, 0, 1, -1, -1, 0, 1, -1, 1, /* CCW */
        0, -1, 0, 1, 1, 1, 0, -1, 1, 1, 1, -1,    /* CW */
    };
    f.glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quads);
    f.glEnableVertexAttribArray(0);
    f.glDrawArrays(GL_TRIANGLES, 0, 12);
}

/* Stencil values of row 16 at columns 8 (front quad) and 24 (back quad). */
static void read_stencil(int *front, int *back)
{
    uint8_t row[W];
    f.glPixelStorei(GL_PACK_ALIGNMENT, 1);
    f.glReadPixels(0, H / 2, W, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, row);
    *front = row[8];
    *back = row[24];
}

static void test_two_side(void **state)
{
    (void)state;
    static uint8_t buf[W * H * 4];
    OSMesaContext ctx = f.OSMesaCreateContextExt(OSMESA_RGBA, 24, 8, 0, NULL);
    assert_non_null(ctx);
    assert_true(f.OSMesaMakeCurrent(ctx, buf, GL_UNSIGNED_BYTE, W, H));
    const osm_sym syms[] = {GL_FUNCS(SYM)};
    assert_true(osm_resolve(NULL, get_proc, syms, OSM_COUNT(syms), "OSMesaGetProcAddress"));

    static const char *vs = "attribute vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
    static const char *fs = "void main() { gl_FragColor = vec4(1.0); }\n";
    GLuint prog = f.glCreateProgram();
    const char *src[2] = {vs, fs};
    const GLenum type[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
    for (int k = 0; k < 2; k++) {
        GLuint sh = f.glCreateShader(type[k]);
        f.glShaderSource(sh, 1, &src[k], NULL);
        f.glCompileShader(sh);
        f.glAttachShader(prog, sh);
    }
    f.glBindAttribLocation(prog, 0, "pos");
    f.glLinkProgram(prog);
    GLint linked = 0;
    f.glGetProgramiv(prog, GL_LINK_STATUS, &linked);
    assert_int_equal(linked, GL_TRUE);
    f.glUseProgram(prog);

    /* defaults and errors */
    assert_int_equal(get_int(GL_ACTIVE_STENCIL_FACE_EXT), GL_FRONT);
    assert_false(f.glIsEnabled(GL_STENCIL_TEST_TWO_SIDE_EXT));
    assert_int_equal(f.glGetError(), GL_NO_ERROR);
    f.glActiveStencilFaceEXT(GL_FRONT_AND_BACK);
    assert_int_equal(f.glGetError(), GL_INVALID_ENUM);
    assert_int_equal(get_int(GL_ACTIVE_STENCIL_FACE_EXT), GL_FRONT);

    f.glEnable(GL_STENCIL_TEST);
    f.glEnable(GL_STENCIL_TEST_TWO_SIDE_EXT);
    assert_true(f.glIsEnabled(GL_STENCIL_TEST_TWO_SIDE_EXT));
    f.glActiveStencilFaceEXT(GL_BACK);
    f.glStencilFunc(GL_ALWAYS, 7, 0xff);
    f.glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    f.glStencilMask(0x0f);
    assert_int_equal(get_int(GL_ACTIVE_STENCIL_FACE_EXT), GL_BACK);
    assert_int_equal(get_int(GL_STENCIL_REF), 7);
    assert_int_equal(get_int(GL_STENCIL_WRITEMASK), 0x0f);
    assert_int_equal(get_int(GL_STENCIL_PASS_DEPTH_PASS), GL_REPLACE);
    f.glActiveStencilFaceEXT(GL_FRONT);
    f.glStencilFunc(GL_ALWAYS, 3, 0xff);
    f.glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    assert_int_equal(get_int(GL_STENCIL_REF), 3);
    assert_int_equal(get_int(GL_STENCIL_WRITEMASK), 0xff);
    assert_int_equal(f.glGetError(), GL_NO_ERROR);

    f.glClearStencil(0);
    f.glClear(GL_STENCIL_BUFFER_BIT);
    draw_quads();
    int front = -1, back = -1;
    read_stencil(&front, &back);
    assert_int_equal(front, 3);
    assert_int_equal(back, 7);

    /* two-side off: back faces use the GL 2.0 back state, which the
     * front-selected glStencilFunc set (ref 3, write mask 0xff) */
    f.glDisable(GL_STENCIL_TEST_TWO_SIDE_EXT);
    f.glClear(GL_STENCIL_BUFFER_BIT);
    draw_quads();
    read_stencil(&front, &back);
    assert_int_equal(front, 3);
    assert_int_equal(back, 3);

    /* on again: the back state kept its ref 7 and write mask 0x0f, so the
     * REPLACE of 7 over 0xff writes (0xff & ~0x0f) | (7 & 0x0f) = 0xf7 */
    f.glEnable(GL_STENCIL_TEST_TWO_SIDE_EXT);
    f.glClearStencil(0xff);
    f.glClear(GL_STENCIL_BUFFER_BIT);
    draw_quads();
    read_stencil(&front, &back);
    assert_int_equal(front, 3);
    assert_int_equal(back, 0xf7);
    f.glFinish();
    assert_int_equal(f.glGetError(), GL_NO_ERROR);
    f.OSMesaMakeCurrent(NULL, NULL, 0, 0, 0);
    f.OSMesaDestroyContext(ctx);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <libOSMesa.so.8> [swr|mesa]\n", argv[0]);
        return 2;
    }
    const osm_sym syms[] = {OSM_FUNCS(SYM) SYM(OSMesaGetProcAddress)};
    lib = osm_open(argv[1]);
    if (!lib || !osm_resolve(lib, NULL, syms, OSM_COUNT(syms), argv[1]))
        return 1;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_two_side)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
