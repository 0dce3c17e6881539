/*
 * test_gl_dlist.c: display lists (dlist/gl_dlist.c and the recording the
 * generated entry points do) through the GL API, against GL 2.1 section
 * 5.4: names (glGenLists gives a contiguous range, glIsList,
 * glDeleteLists), the errors of glNewList/glEndList/glCallLists, GL_COMPILE
 * (recorded, not executed) against GL_COMPILE_AND_EXECUTE, data behind
 * pointers copied at compile time, the commands executed immediately
 * instead of compiled (glGenLists, client state, glGet), the nesting limit
 * GL_MAX_LIST_NESTING (64), glCallLists with glListBase and every name
 * type, and geometry (glBegin/glEnd) replayed into the image.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define ERR(e) assert_string_equal(glt_error_name(glGetError()), glt_error_name(e))

static GLint geti(GLenum pname)
{
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
}

static void color_is(float r, float g, float b, float a)
{
    float c[4];
    glGetFloatv(GL_CURRENT_COLOR, c);
    if (c[0] != r || c[1] != g || c[2] != b || c[3] != a)
        fail_msg("current colour %g %g %g %g, expected %g %g %g %g", c[0], c[1], c[2], c[3], r, g,
                 b, a);
}

static void test_names_and_errors(void **state)
{
    (void)state;
    GLuint a = glGenLists(3);
    assert_true(a != 0);
    for (GLuint i = 0; i < 3; i++)
        assert_true(glIsList(a + i));
    assert_false(glIsList(a + 3));
    GLuint b = glGenLists(2);
    assert_true(b >= a + 3 || b + 2 <= a);
    assert_int_equal(glGenLists(0), 0);
    ERR(GL_NO_ERROR);
    assert_int_equal(glGenLists(-1), 0);
    ERR(GL_INVALID_VALUE);
    glDeleteLists(a, 3);
    assert_false(glIsList(a));
    assert_false(glIsList(a + 2));
    assert_true(glIsList(b));
    glDeleteLists(b, -1);
    ERR(GL_INVALID_VALUE);
    glDeleteLists(b, 2);
    ERR(GL_NO_ERROR);

    glNewList(0, GL_COMPILE);
    ERR(GL_INVALID_VALUE);
    glNewList(5, GL_RGBA);
    ERR(GL_INVALID_ENUM);
    glEndList();
    ERR(GL_INVALID_OPERATION);
    assert_int_equal(geti(GL_MAX_LIST_NESTING), 64);
    assert_int_equal(geti(GL_LIST_INDEX), 0);
    assert_int_equal(geti(GL_LIST_MODE), 0);
    glNewList(5, GL_COMPILE);
    assert_int_equal(geti(GL_LIST_INDEX), 5); /* glGet is executed, not compiled */
    assert_int_equal(geti(GL_LIST_MODE), GL_COMPILE);
    glNewList(6, GL_COMPILE);
    ERR(GL_INVALID_OPERATION);
    glEndList();
    ERR(GL_NO_ERROR);
    assert_true(glIsList(5));
    /* glNewList inside glBegin/glEnd. */
    glBegin(GL_POINTS);
    glNewList(7, GL_COMPILE);
    glEnd();
    ERR(GL_INVALID_OPERATION);
    assert_false(glIsList(7));
    glCallLists(-1, GL_UNSIGNED_BYTE, "");
    ERR(GL_INVALID_VALUE);
    glCallLists(1, GL_RGBA, "");
    ERR(GL_INVALID_ENUM);
    glCallList(12345); /* no such list: nothing */
    ERR(GL_NO_ERROR);
    glDeleteLists(5, 1);
}

static void test_compile_modes(void **state)
{
    (void)state;
    glColor4f(1, 1, 1, 1);
    GLuint l = glGenLists(2);
    float c[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    glNewList(l, GL_COMPILE);
    glColor4fv(c); /* recorded, not executed */
    glEndList();
    color_is(1, 1, 1, 1);
    c[0] = 0; /* the list holds a copy */
    glCallList(l);
    color_is(0.25f, 0.5f, 0.75f, 1.0f);

    glNewList(l + 1, GL_COMPILE_AND_EXECUTE);
    glColor3f(0, 1, 0);
    glEndList();
    color_is(0, 1, 0, 1);
    glColor3f(1, 1, 1);
    glCallList(l + 1);
    color_is(0, 1, 0, 1);

    /* Replacing a list. */
    glNewList(l, GL_COMPILE);
    glColor3f(0, 0, 1);
    glEndList();
    glCallList(l);
    color_is(0, 0, 1, 1);

    /* Executed immediately while compiling, never compiled: client state,
     * glGenLists. */
    glNewList(l, GL_COMPILE);
    glEnableClientState(GL_COLOR_ARRAY);
    GLuint inner = glGenLists(1);
    glColor3f(1, 0, 0);
    glEndList();
    assert_true(inner != 0 && glIsList(inner));
    assert_true(glIsEnabled(GL_COLOR_ARRAY));
    glDisableClientState(GL_COLOR_ARRAY);
    glCallList(l);
    assert_false(glIsEnabled(GL_COLOR_ARRAY));
    color_is(1, 0, 0, 1);

    /* A list calling a list, compiled with GL_COMPILE_AND_EXECUTE: the
     * called list's commands are not copied into the new one. */
    glNewList(inner, GL_COMPILE);
    glSecondaryColor3f(0, 0, 1);
    glEndList();
    glSecondaryColor3f(0, 0, 0);
    glNewList(l + 1, GL_COMPILE_AND_EXECUTE);
    glCallList(inner);
    glEndList();
    float s[4];
    glGetFloatv(GL_CURRENT_SECONDARY_COLOR, s);
    assert_true(s[2] == 1.0f);
    glNewList(inner, GL_COMPILE); /* now the inner list sets green */
    glSecondaryColor3f(0, 1, 0);
    glEndList();
    glCallList(l + 1);
    glGetFloatv(GL_CURRENT_SECONDARY_COLOR, s);
    assert_true(s[1] == 1.0f && s[2] == 0.0f);
    glSecondaryColor3f(0, 0, 0);
    glColor4f(1, 1, 1, 1);
    glDeleteLists(l, 2);
    glDeleteLists(inner, 1);
    ERR(GL_NO_ERROR);
}

static void test_nesting_limit(void **state)
{
    (void)state;
    /* Lists base+1 .. base+64 each call the next; base+65 sets the colour.
     * Calling base+1 nests 65 deep: past the limit, the colour stays.
     * Calling base+2 nests 64 deep: it is set. */
    GLuint base = glGenLists(66);
    for (GLuint k = 1; k <= 64; k++) {
        glNewList(base + k, GL_COMPILE);
        glCallList(base + k + 1);
        glEndList();
    }
    glNewList(base + 65, GL_COMPILE);
    glColor3f(0, 0, 1);
    glEndList();
    glColor3f(1, 1, 1);
    glCallList(base + 1);
    color_is(1, 1, 1, 1);
    glCallList(base + 2);
    color_is(0, 0, 1, 1);
    /* A list calling itself ends at the limit. */
    glNewList(base, GL_COMPILE);
    glCallList(base);
    glEndList();
    glCallList(base);
    ERR(GL_NO_ERROR);
    glDeleteLists(base, 66);
    glColor3f(1, 1, 1);
}

static void test_call_lists_types(void **state)
{
    (void)state;
    /* Lists base+1 .. base+4 set one attribute each; every type encodes
     * names 1, 2, 3, 4 relative to glListBase. */
    GLuint base = glGenLists(300);
    GLuint b = base + 256; /* so that GL_2_BYTES' high byte is exercised */
    glNewList(b + 1, GL_COMPILE);
    glColor3f(0, 0, 0);
    glEndList();
    glNewList(b + 2, GL_COMPILE);
    glSecondaryColor3f(1, 1, 1);
    glEndList();
    glNewList(b + 3, GL_COMPILE);
    glNormal3f(1, 0, 0);
    glEndList();
    glNewList(b + 4, GL_COMPILE);
    glTexCoord1f(9);
    glEndList();
    const GLbyte i8[4] = {1, 2, 3, 4};
    const GLubyte u8[4] = {1, 2, 3, 4};
    const GLshort i16[4] = {1, 2, 3, 4};
    const GLushort u16[4] = {1, 2, 3, 4};
    const GLint i32[4] = {1, 2, 3, 4};
    const GLuint u32[4] = {1, 2, 3, 4};
    const GLfloat f32[4] = {1, 2, 3, 4};
    /* From base: 256 + k, big-endian. */
    const GLubyte two[8] = {1, 1, 1, 2, 1, 3, 1, 4};
    const GLubyte three[12] = {0, 1, 1, 0, 1, 2, 0, 1, 3, 0, 1, 4};
    const GLubyte four[16] = {0, 0, 1, 1, 0, 0, 1, 2, 0, 0, 1, 3, 0, 0, 1, 4};
    const struct {
        GLenum type;
        const void *names;
        GLuint list_base;
    } cases[] = {
        {GL_BYTE, i8, b},        {GL_UNSIGNED_BYTE, u8, b}, {GL_SHORT, i16, b},
        {GL_UNSIGNED_SHORT, u16, b}, {GL_INT, i32, b},      {GL_UNSIGNED_INT, u32, b},
        {GL_FLOAT, f32, b},      {GL_2_BYTES, two, base},   {GL_3_BYTES, three, base},
        {GL_4_BYTES, four, base},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        glColor3f(1, 1, 1);
        glSecondaryColor3f(0, 0, 0);
        glNormal3f(0, 0, 1);
        glTexCoord1f(0);
        glListBase(cases[i].list_base);
        assert_int_equal(geti(GL_LIST_BASE), (GLint)cases[i].list_base);
        /* Recorded in a list too: the names are copied at compile time. */
        glNewList(base + 1, GL_COMPILE);
        glCallLists(4, cases[i].type, cases[i].names);
        glEndList();
        glCallList(base + 1);
        float c[4], s[4], n[3], t[4];
        glGetFloatv(GL_CURRENT_COLOR, c);
        glGetFloatv(GL_CURRENT_SECONDARY_COLOR, s);
        glGetFloatv(GL_CURRENT_NORMAL, n);
        glGetFloatv(GL_CURRENT_TEXTURE_COORDS, t);
        if (c[0] != 0 || s[0] != 1 || n[0] != 1 || t[0] != 9)
            fail_msg("type 0x%x: colour %g secondary %g normal %g texcoord %g", cases[i].type, c[0],
                     s[0], n[0], t[0]);
    }
    glListBase(0);
    glColor3f(1, 1, 1);
    glSecondaryColor3f(0, 0, 0);
    glNormal3f(0, 0, 1);
    glTexCoord1f(0);
    glDeleteLists(base, 300);
    ERR(GL_NO_ERROR);
}

static uint8_t g_img[GLT_W * GLT_H * 4];

static void expect_px(int x, int y, int r, int g, int b, int a, int tol)
{
    const uint8_t *p = &g_img[(y * GLT_W + x) * 4];
    if (abs(p[0] - r) > tol || abs(p[1] - g) > tol || abs(p[2] - b) > tol || abs(p[3] - a) > tol)
        fail_msg("pixel (%d,%d) = %d %d %d %d, expected %d %d %d %d (tol %d)", x, y, p[0], p[1],
                 p[2], p[3], r, g, b, a, tol);
}

static const char *vs_off =
    "#version 110\n"
    "uniform vec2 offset;\n"
    "void main() { gl_Position = gl_Vertex + vec4(offset, 0.0, 0.0); gl_FrontColor = gl_Color; }\n";
static const char *fs_col = "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n";

static void test_render_geometry(void **state)
{
    (void)state;
    GLuint p = glt_program(vs_off, fs_col);
    if (!p) {
        while (glGetError() != GL_NO_ERROR)
            ;
        skip();
    }
    glUseProgram(p);
    GLint off = glGetUniformLocation(p, "offset");
    GLuint l = glGenLists(2);
    /* A quad in the bottom-left quadrant, its colour from the list's
     * glColor; a second list sets the offset and calls the first. */
    glNewList(l, GL_COMPILE);
    glBegin(GL_QUADS);
    glColor3f(1, 0, 0);
    glVertex2f(-1, -1);
    glVertex2f(0, -1);
    glVertex2f(0, 0);
    glVertex2f(-1, 0);
    glEnd();
    glEndList();
    glNewList(l + 1, GL_COMPILE);
    glUniform2f(off, 1, 1);
    glCallList(l);
    glUniform2f(off, 0, 0);
    glEndList();
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glt_read_window(g_img);
    expect_px(16, 16, 0, 0, 0, 0, 0); /* compiling drew nothing */
    glUniform2f(off, 0, 0);
    glCallList(l);
    glCallList(l + 1);
    glt_read_window(g_img);
    expect_px(16, 16, 255, 0, 0, 255, 0);
    expect_px(48, 48, 255, 0, 0, 255, 0);
    expect_px(48, 16, 0, 0, 0, 0, 0);
    expect_px(16, 48, 0, 0, 0, 0, 0);
    ERR(GL_NO_ERROR);
    glDeleteLists(l, 2);
    glColor3f(1, 1, 1);
    glUseProgram(0);
    glDeleteProgram(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_and_errors),
        cmocka_unit_test(test_compile_modes),
        cmocka_unit_test(test_nesting_limit),
        cmocka_unit_test(test_call_lists_types),
        cmocka_unit_test(test_render_geometry),
    };
    return cmocka_run_group_tests(tests, glt_setup, glt_teardown);
}
