/*
 * test_gl_legacy_vertex.c: the vertex part's GL 1.x vertex data
 * (vertex/gl_vertex_legacy.c) through the GL API: the current values'
 * defaults and conversions (GL 2.1 table 2.9 and table 6.5), the legacy
 * arrays' state, queries and errors (GL 2.1 section 2.8 and table 2.4),
 * glInterleavedArrays (table 2.6), client states, and rendering through a
 * GLSL 1.10 program that reads gl_Vertex, gl_Color, gl_SecondaryColor,
 * gl_MultiTexCoord1 and gl_Normal from legacy arrays and current values,
 * checked against the analytic colours. The oracle is the spec's numbers.
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

static void getf(GLenum pname, float *out, int n)
{
    float v[16];
    for (int i = 0; i < 16; i++)
        v[i] = -99.0f;
    glGetFloatv(pname, v);
    memcpy(out, v, (size_t)n * sizeof *out);
}

static void expect4(GLenum pname, float x, float y, float z, float w, int n)
{
    float v[4];
    const float e[4] = {x, y, z, w};
    getf(pname, v, n);
    for (int k = 0; k < n; k++)
        if (fabsf(v[k] - e[k]) > 1e-6f)
            fail_msg("pname 0x%x [%d] = %g, expected %g", pname, k, v[k], e[k]);
}

static void test_defaults(void **state)
{
    (void)state;
    expect4(GL_CURRENT_COLOR, 1, 1, 1, 1, 4);
    expect4(GL_CURRENT_SECONDARY_COLOR, 0, 0, 0, 1, 4);
    expect4(GL_CURRENT_NORMAL, 0, 0, 1, 0, 3);
    expect4(GL_CURRENT_TEXTURE_COORDS, 0, 0, 0, 1, 4);
    expect4(GL_CURRENT_FOG_COORD, 0, 0, 0, 0, 1);
    expect4(GL_CURRENT_INDEX, 1 - 1, 0, 0, 0, 1);
    GLboolean b = GL_FALSE;
    glGetBooleanv(GL_EDGE_FLAG, &b);
    assert_true(b);
    assert_int_equal(geti(GL_CLIENT_ACTIVE_TEXTURE), GL_TEXTURE0);
    assert_false(glIsEnabled(GL_VERTEX_ARRAY));
    assert_false(glIsEnabled(GL_COLOR_ARRAY));
    assert_int_equal(geti(GL_VERTEX_ARRAY_SIZE), 4);
    assert_int_equal(geti(GL_VERTEX_ARRAY_TYPE), GL_FLOAT);
    assert_int_equal(geti(GL_COLOR_ARRAY_SIZE), 4);
    assert_int_equal(geti(GL_SECONDARY_COLOR_ARRAY_SIZE), 3);
    assert_int_equal(geti(GL_TEXTURE_COORD_ARRAY_SIZE), 4);
    assert_int_equal(geti(GL_NORMAL_ARRAY_TYPE), GL_FLOAT);
    assert_int_equal(geti(GL_FOG_COORD_ARRAY_TYPE), GL_FLOAT);
    ERR(GL_NO_ERROR);
}

static void test_current_conversions(void **state)
{
    (void)state;
    glColor4ub(255, 0, 51, 102);
    expect4(GL_CURRENT_COLOR, 1, 0, 0.2f, 0.4f, 4);
    glColor3b(-128, 127, 0); /* (2c + 1) / 255 */
    expect4(GL_CURRENT_COLOR, -1, 1, 1.0f / 255.0f, 1, 4);
    glColor4us(65535, 0, 0, 65535);
    expect4(GL_CURRENT_COLOR, 1, 0, 0, 1, 4);
    glColor4d(0.25, 0.5, 0.75, 1.0);
    expect4(GL_CURRENT_COLOR, 0.25f, 0.5f, 0.75f, 1, 4);
    /* Integer glGet of a colour maps [0,1] onto the integer range. */
    GLint ci[4];
    glColor4f(1, 0, 1, 0);
    glGetIntegerv(GL_CURRENT_COLOR, ci);
    assert_int_equal(ci[0], 2147483647);
    assert_int_equal(ci[1], 0);
    glSecondaryColor3ub(0, 255, 0);
    expect4(GL_CURRENT_SECONDARY_COLOR, 0, 1, 0, 1, 4);
    glNormal3s(32767, -32768, 0);
    expect4(GL_CURRENT_NORMAL, 1, -1, 1.0f / 65535.0f, 0, 3);
    glNormal3f(0, 0, 1);
    glTexCoord2i(3, 4); /* texture coordinates are not normalized */
    expect4(GL_CURRENT_TEXTURE_COORDS, 3, 4, 0, 1, 4);
    glMultiTexCoord3f(GL_TEXTURE1, 5, 6, 7);
    glClientActiveTexture(GL_TEXTURE1);
    expect4(GL_CURRENT_TEXTURE_COORDS, 5, 6, 7, 1, 4);
    glClientActiveTexture(GL_TEXTURE0);
    glTexCoord4f(0, 0, 0, 1);
    glFogCoordf(2.5f);
    expect4(GL_CURRENT_FOG_COORD, 2.5f, 0, 0, 0, 1);
    glFogCoordd(0);
    glIndexi(7);
    expect4(GL_CURRENT_INDEX, 7, 0, 0, 0, 1);
    glEdgeFlag(GL_FALSE);
    GLboolean b = GL_TRUE;
    glGetBooleanv(GL_EDGE_FLAG, &b);
    assert_false(b);
    glEdgeFlag(GL_TRUE);
    ERR(GL_NO_ERROR);
    /* A unit past GL_MAX_TEXTURE_COORDS (8). */
    glMultiTexCoord2f(GL_TEXTURE0 + 8, 1, 1);
    ERR(GL_INVALID_ENUM);
    glClientActiveTexture(GL_TEXTURE0 + 8);
    ERR(GL_INVALID_ENUM);
    assert_int_equal(geti(GL_MAX_TEXTURE_COORDS), 8);
    glColor4f(1, 1, 1, 1);
    glSecondaryColor3f(0, 0, 0);
}

static void test_array_state_and_errors(void **state)
{
    (void)state;
    static float data[64];
    glVertexPointer(3, GL_SHORT, 12, data);
    assert_int_equal(geti(GL_VERTEX_ARRAY_SIZE), 3);
    assert_int_equal(geti(GL_VERTEX_ARRAY_TYPE), GL_SHORT);
    assert_int_equal(geti(GL_VERTEX_ARRAY_STRIDE), 12);
    void *ptr = NULL;
    glGetPointerv(GL_VERTEX_ARRAY_POINTER, &ptr);
    assert_ptr_equal(ptr, data);
    ERR(GL_NO_ERROR);
    glVertexPointer(1, GL_FLOAT, 0, data); /* size 1 is not a vertex */
    ERR(GL_INVALID_VALUE);
    glVertexPointer(3, GL_UNSIGNED_BYTE, 0, data);
    ERR(GL_INVALID_ENUM);
    glVertexPointer(3, GL_FLOAT, -4, data);
    ERR(GL_INVALID_VALUE);
    assert_int_equal(geti(GL_VERTEX_ARRAY_TYPE), GL_SHORT); /* errors change nothing */
    glColorPointer(2, GL_FLOAT, 0, data);
    ERR(GL_INVALID_VALUE);
    glColorPointer(GL_BGRA, GL_UNSIGNED_BYTE, 0, data);
    ERR(GL_NO_ERROR);
    assert_int_equal(geti(GL_COLOR_ARRAY_SIZE), GL_BGRA);
    glColorPointer(GL_BGRA, GL_FLOAT, 0, data);
    ERR(GL_INVALID_OPERATION);
    glNormalPointer(GL_UNSIGNED_BYTE, 0, data);
    ERR(GL_INVALID_ENUM);
    glNormalPointer(GL_BYTE, 3, data);
    assert_int_equal(geti(GL_NORMAL_ARRAY_TYPE), GL_BYTE);
    glSecondaryColorPointer(4, GL_FLOAT, 0, data);
    ERR(GL_INVALID_VALUE);
    glFogCoordPointer(GL_INT, 0, data);
    ERR(GL_INVALID_ENUM);
    glTexCoordPointer(5, GL_FLOAT, 0, data);
    ERR(GL_INVALID_VALUE);
    /* glTexCoordPointer and its queries follow the client active unit. */
    glClientActiveTexture(GL_TEXTURE3);
    glTexCoordPointer(2, GL_DOUBLE, 16, data);
    glEnableClientState(GL_TEXTURE_COORD_ARRAY);
    assert_int_equal(geti(GL_TEXTURE_COORD_ARRAY_TYPE), GL_DOUBLE);
    assert_true(glIsEnabled(GL_TEXTURE_COORD_ARRAY));
    glClientActiveTexture(GL_TEXTURE0);
    assert_int_equal(geti(GL_TEXTURE_COORD_ARRAY_TYPE), GL_FLOAT);
    assert_false(glIsEnabled(GL_TEXTURE_COORD_ARRAY));
    glClientActiveTexture(GL_TEXTURE3);
    glDisableClientState(GL_TEXTURE_COORD_ARRAY);
    glClientActiveTexture(GL_TEXTURE0);
    /* Client states are not glEnable caps. */
    glEnable(GL_VERTEX_ARRAY);
    ERR(GL_INVALID_ENUM);
    glEnableClientState(GL_LIGHTING);
    ERR(GL_INVALID_ENUM);
    glEnableClientState(GL_VERTEX_ARRAY);
    GLboolean b = GL_FALSE;
    glGetBooleanv(GL_VERTEX_ARRAY, &b);
    assert_true(b);
    glDisableClientState(GL_VERTEX_ARRAY);
    assert_false(glIsEnabled(GL_VERTEX_ARRAY));
    /* The array buffer binding is captured, per array. */
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
    glColorPointer(4, GL_UNSIGNED_BYTE, 0, NULL);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    assert_int_equal(geti(GL_COLOR_ARRAY_BUFFER_BINDING), (GLint)buf);
    assert_int_equal(geti(GL_VERTEX_ARRAY_BUFFER_BINDING), 0);
    glDeleteBuffers(1, &buf);
    glColorPointer(4, GL_FLOAT, 0, NULL);
    glVertexPointer(4, GL_FLOAT, 0, NULL);
    ERR(GL_NO_ERROR);
}

static void test_interleaved(void **state)
{
    (void)state;
    static float data[64];
    glEnableClientState(GL_EDGE_FLAG_ARRAY);
    glInterleavedArrays(GL_T2F_C4UB_V3F, 0, data);
    ERR(GL_NO_ERROR);
    /* Table 2.6: t at 0, c at 2f, v at c + 2f, stride c + 5f (c = 4 bytes). */
    assert_true(glIsEnabled(GL_VERTEX_ARRAY));
    assert_true(glIsEnabled(GL_COLOR_ARRAY));
    assert_true(glIsEnabled(GL_TEXTURE_COORD_ARRAY));
    assert_false(glIsEnabled(GL_NORMAL_ARRAY));
    assert_false(glIsEnabled(GL_EDGE_FLAG_ARRAY));
    assert_int_equal(geti(GL_VERTEX_ARRAY_STRIDE), 24);
    assert_int_equal(geti(GL_COLOR_ARRAY_TYPE), GL_UNSIGNED_BYTE);
    assert_int_equal(geti(GL_TEXTURE_COORD_ARRAY_SIZE), 2);
    void *p = NULL;
    glGetPointerv(GL_VERTEX_ARRAY_POINTER, &p);
    assert_ptr_equal(p, (char *)data + 12);
    glGetPointerv(GL_COLOR_ARRAY_POINTER, &p);
    assert_ptr_equal(p, (char *)data + 8);
    glInterleavedArrays(GL_T4F_C4F_N3F_V4F, 100, data);
    assert_true(glIsEnabled(GL_NORMAL_ARRAY));
    assert_int_equal(geti(GL_VERTEX_ARRAY_STRIDE), 100);
    assert_int_equal(geti(GL_VERTEX_ARRAY_SIZE), 4);
    glGetPointerv(GL_NORMAL_ARRAY_POINTER, &p);
    assert_ptr_equal(p, (char *)data + 32);
    glInterleavedArrays(GL_V2F, 0, data);
    assert_false(glIsEnabled(GL_NORMAL_ARRAY));
    assert_false(glIsEnabled(GL_COLOR_ARRAY));
    assert_int_equal(geti(GL_VERTEX_ARRAY_STRIDE), 8);
    glInterleavedArrays(GL_RGBA, 0, data);
    ERR(GL_INVALID_ENUM);
    glDisableClientState(GL_VERTEX_ARRAY);
    glVertexPointer(4, GL_FLOAT, 0, NULL);
    ERR(GL_NO_ERROR);
}

/* ---- rendering -------------------------------------------------------------------- */

static uint8_t g_img[GLT_W * GLT_H * 4];

static void expect_px(int x, int y, int r, int g, int b, int a, int tol)
{
    const uint8_t *p = &g_img[(y * GLT_W + x) * 4];
    if (abs(p[0] - r) > tol || abs(p[1] - g) > tol || abs(p[2] - b) > tol || abs(p[3] - a) > tol)
        fail_msg("pixel (%d,%d) = %d %d %d %d, expected %d %d %d %d (tol %d)", x, y, p[0], p[1],
                 p[2], p[3], r, g, b, a, tol);
}

/* Reads every built-in attribute: red from gl_Color, green from
 * gl_SecondaryColor, blue from gl_MultiTexCoord1.x, alpha from gl_Normal.z. */
static const char *vs_builtins =
    "#version 110\n"
    "void main() {\n"
    "  gl_Position = gl_Vertex;\n"
    "  gl_FrontColor = vec4(gl_Color.r, gl_SecondaryColor.g, gl_MultiTexCoord1.x, gl_Normal.z);\n"
    "}\n";
static const char *fs_color = "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n";

static void test_render_builtins(void **state)
{
    (void)state;
    GLuint prog = glt_program(vs_builtins, fs_color);
    if (!prog) {
        while (glGetError() != GL_NO_ERROR)
            ;
        skip();
    }
    glUseProgram(prog);
    /* Left half and right half as two triangles each (GL_TRIANGLES). */
    static const GLshort pos[12][2] = {{-1, -1}, {0, -1}, {0, 1}, {-1, -1}, {0, 1}, {-1, 1},
                                       {0, -1},  {1, -1}, {1, 1}, {0, -1},  {1, 1}, {0, 1}};
    GLubyte colors[12][4];
    for (int i = 0; i < 12; i++) {
        colors[i][0] = i < 6 ? 51 : 204;
        colors[i][1] = colors[i][2] = 0;
        colors[i][3] = 255;
    }
    glVertexPointer(2, GL_SHORT, 0, pos);
    glEnableClientState(GL_VERTEX_ARRAY);
    glColorPointer(4, GL_UNSIGNED_BYTE, 0, colors);
    glEnableClientState(GL_COLOR_ARRAY);
    /* Current values for the rest. */
    glSecondaryColor3f(0, 0.6f, 0);
    glMultiTexCoord1f(GL_TEXTURE1, 0.4f);
    glNormal3f(0, 0, 0.8f);
    /* A generic current value at location 3 must not leak into gl_Color
     * (GL 2.1: only attribute 0 aliases a built-in). */
    glVertexAttrib4f(3, 0, 0, 0, 0);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 12);
    ERR(GL_NO_ERROR);
    glt_read_window(g_img);
    expect_px(8, 32, 51, 153, 102, 204, 1);
    expect_px(56, 32, 204, 153, 102, 204, 1);

    /* Generic array 0 takes precedence over the vertex array: an array
     * that puts everything off screen draws nothing. */
    static const float away[12][2] = {{5, 5}, {6, 5}, {6, 6}, {5, 5}, {6, 5}, {6, 6},
                                      {5, 5}, {6, 5}, {6, 6}, {5, 5}, {6, 5}, {6, 6}};
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, away);
    glEnableVertexAttribArray(0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 12);
    glt_read_window(g_img);
    expect_px(8, 32, 0, 0, 0, 0, 0);
    glDisableVertexAttribArray(0);

    /* glInterleavedArrays C3F_V3F, drawn with glArrayElement-free DrawArrays. */
    float inter[3][6] = {{0, 0, 1, -1, -1, 0}, {0, 0, 1, 3, -1, 0}, {0, 0, 1, -1, 3, 0}};
    glInterleavedArrays(GL_C3F_V3F, 0, inter);
    glColor4f(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glt_read_window(g_img);
    expect_px(32, 32, 0, 153, 102, 204, 1); /* red 0 from the array's colour */
    ERR(GL_NO_ERROR);

    glDisableClientState(GL_VERTEX_ARRAY);
    glDisableClientState(GL_COLOR_ARRAY);
    glUseProgram(0);
    glDeleteProgram(prog);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_current_conversions),
        cmocka_unit_test(test_array_state_and_errors),
        cmocka_unit_test(test_interleaved),
        cmocka_unit_test(test_render_builtins),
    };
    return cmocka_run_group_tests(tests, glt_setup, glt_teardown);
}
