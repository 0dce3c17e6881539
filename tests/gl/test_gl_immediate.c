/*
 * test_gl_immediate.c: the immediate-mode part (immediate/gl_immediate.c)
 * through the GL API: the glBegin/glEnd errors of GL 2.1 section 2.6.3
 * (nested glBegin, glEnd without glBegin, commands not allowed between
 * them, a bad mode), current values set inside glBegin/glEnd, and
 * rendering through a GLSL 1.10 program reading gl_Vertex, gl_Color and
 * gl_MultiTexCoord0, checked against analytic colours: every primitive
 * type, merged runs of glBegin/glEnd, attributes first set in the middle of
 * a batch (earlier vertices keep the default), incomplete primitives,
 * glRect, glArrayElement, generic attributes, and the flush before a state
 * change between two batches.
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

static uint8_t g_img[GLT_W * GLT_H * 4];

static void expect_px(int x, int y, int r, int g, int b, int a, int tol)
{
    const uint8_t *p = &g_img[(y * GLT_W + x) * 4];
    if (abs(p[0] - r) > tol || abs(p[1] - g) > tol || abs(p[2] - b) > tol || abs(p[3] - a) > tol)
        fail_msg("pixel (%d,%d) = %d %d %d %d, expected %d %d %d %d (tol %d)", x, y, p[0], p[1],
                 p[2], p[3], r, g, b, a, tol);
}

static void test_errors(void **state)
{
    (void)state;
    glEnd();
    ERR(GL_INVALID_OPERATION);
    glBegin(GL_POLYGON + 1);
    ERR(GL_INVALID_ENUM);
    glBegin(GL_TRIANGLES);
    glBegin(GL_TRIANGLES); /* nested: refused, the first stays open */
    glEnd();
    ERR(GL_INVALID_OPERATION);
    ERR(GL_NO_ERROR);
    /* glGetError inside glBegin/glEnd is refused as well: it returns 0 and
     * records the error. */
    glBegin(GL_POINTS);
    assert_int_equal(glGetError(), GL_NO_ERROR);
    glEnd();
    ERR(GL_INVALID_OPERATION);
    glBegin(GL_TRIANGLES);
    /* Allowed inside: the per-vertex commands. */
    glColor3f(1, 0, 0);
    glNormal3f(0, 0, 1);
    glTexCoord2f(0, 0);
    glMultiTexCoord2f(GL_TEXTURE1, 0, 0);
    glVertexAttrib4f(3, 1, 2, 3, 4);
    glEdgeFlag(GL_TRUE);
    glVertex2f(0, 0);
    /* glGetError itself is not allowed inside, so check after glEnd. */
    glClear(GL_COLOR_BUFFER_BIT);
    GLint v = -7;
    glGetIntegerv(GL_VIEWPORT, &v);
    glEnable(GL_DEPTH_TEST);
    glEnd();
    ERR(GL_INVALID_OPERATION);
    assert_int_equal(v, -7); /* the refused glGet wrote nothing */
    assert_false(glIsEnabled(GL_DEPTH_TEST));
    ERR(GL_NO_ERROR);
    /* glFinish, glNewList, glDrawArrays, glRect inside are refused too. */
    glBegin(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, 0);
    glEnd();
    ERR(GL_INVALID_OPERATION);
    glBegin(GL_POINTS);
    glRectf(0, 0, 1, 1);
    glEnd();
    ERR(GL_INVALID_OPERATION);
    glBegin(GL_POINTS);
    glFinish();
    glEnd();
    ERR(GL_INVALID_OPERATION);
    /* The last values set inside glBegin/glEnd are the current values. */
    float c[4];
    glGetFloatv(GL_CURRENT_COLOR, c);
    assert_true(c[0] == 1 && c[1] == 0 && c[2] == 0 && c[3] == 1);
    float a[4];
    glGetVertexAttribfv(3, GL_CURRENT_VERTEX_ATTRIB, a);
    assert_true(a[0] == 1 && a[3] == 4);
    glColor4f(1, 1, 1, 1);
    glVertexAttrib4f(3, 0, 0, 0, 1);
    ERR(GL_NO_ERROR);
}

/* Colour from gl_Color, plus gl_MultiTexCoord0.x in blue. */
static const char *vs_imm =
    "#version 110\n"
    "void main() {\n"
    "  gl_Position = gl_Vertex;\n"
    "  gl_FrontColor = gl_Color + vec4(0.0, 0.0, gl_MultiTexCoord0.x, 0.0);\n"
    "}\n";
static const char *fs_imm = "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n";

static GLuint use_prog(void)
{
    GLuint p = glt_program(vs_imm, fs_imm);
    if (!p) {
        while (glGetError() != GL_NO_ERROR)
            ;
        return 0;
    }
    glUseProgram(p);
    return p;
}

static void clear_black(void)
{
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
}

static void test_render_primitives(void **state)
{
    (void)state;
    GLuint p = use_prog();
    if (!p)
        skip();
    glTexCoord1f(0);
    /* Four quadrants, one primitive type each, drawn in one batch where
     * the type allows: two GL_QUADS runs merge. */
    clear_black();
    glBegin(GL_QUADS); /* bottom left: red */
    glColor3f(1, 0, 0);
    glVertex2f(-1, -1);
    glVertex2f(0, -1);
    glVertex2f(0, 0);
    glVertex2f(-1, 0);
    glEnd();
    glBegin(GL_QUADS); /* bottom right: green, with an incomplete quad after it */
    glColor3f(0, 1, 0);
    glVertex2f(0, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 0);
    glVertex2f(0, 0);
    glVertex2f(-1, 1);
    glVertex2f(1, 1);
    glEnd();
    glBegin(GL_TRIANGLE_STRIP); /* top left: blue */
    glColor3f(0, 0, 1);
    glVertex2f(-1, 0);
    glVertex2f(0, 0);
    glVertex2f(-1, 1);
    glVertex2f(0, 1);
    glEnd();
    glBegin(GL_TRIANGLE_FAN); /* top right: white, per-vertex texcoord adds nothing */
    glColor3f(1, 1, 0);
    glTexCoord1f(1);
    glVertex2f(0, 0);
    glVertex2f(1, 0);
    glVertex2f(1, 1);
    glVertex2f(0, 1);
    glEnd();
    glTexCoord1f(0);
    ERR(GL_NO_ERROR);
    glt_read_window(g_img);
    expect_px(16, 16, 255, 0, 0, 255, 0);
    expect_px(48, 16, 0, 255, 0, 255, 0);
    expect_px(16, 48, 0, 0, 255, 255, 0);
    expect_px(48, 48, 255, 255, 255, 255, 0);

    /* Polygon and glRect; a triangle strip with per-vertex colours. */
    clear_black();
    glColor3f(0, 1, 1);
    glRectf(-1, -1, 0, 0);
    glBegin(GL_POLYGON);
    glColor3f(1, 0, 1);
    glVertex2f(0, 0);
    glVertex2f(1, 0);
    glVertex2f(1, 1);
    glVertex2f(0.5f, 1.2f);
    glVertex2f(0, 1);
    glEnd();
    glBegin(GL_TRIANGLES); /* left half of the top: a two-colour gradient */
    glColor3f(1, 0, 0);
    glVertex2f(-1, 0);
    glColor3f(1, 0, 0);
    glVertex2f(0, 0);
    glColor3f(0, 0, 0);
    glVertex2f(-1, 1);
    glEnd();
    glt_read_window(g_img);
    expect_px(16, 16, 0, 255, 255, 255, 0);
    expect_px(48, 48, 255, 0, 255, 255, 0);
    /* Red falls linearly from y = 0 (1) to y = 1 (0): 255 * (1 - y_ndc). */
    expect_px(2, 33, 243, 0, 0, 255, 2);
    expect_px(1, 60, 28, 0, 0, 255, 2);
    expect_px(40, 16, 0, 0, 0, 0, 0);     /* nothing drawn there */

    /* Points and lines. */
    clear_black();
    glColor3f(1, 1, 1);
    glBegin(GL_POINTS);
    glVertex2f(-0.5f + 1.0f / 64, -0.5f + 1.0f / 64); /* pixel (16, 16) centre */
    glEnd();
    glBegin(GL_LINES);
    glVertex2f(-1, 0.5f + 1.0f / 64);
    glVertex2f(1, 0.5f + 1.0f / 64);
    glEnd();
    glt_read_window(g_img);
    expect_px(16, 16, 255, 255, 255, 255, 0);
    expect_px(30, 48, 255, 255, 255, 255, 0);
    expect_px(30, 40, 0, 0, 0, 0, 0);
    glUseProgram(0);
    glDeleteProgram(p);
}

static void test_render_state_between_batches(void **state)
{
    (void)state;
    GLuint p = use_prog();
    if (!p)
        skip();
    glTexCoord1f(0);
    clear_black();
    /* Two triangle batches with a scissor change between them: the first
     * must be drawn with the old (disabled) scissor. */
    glColor3f(1, 0, 0);
    glBegin(GL_TRIANGLES);
    glVertex2f(-1, -1);
    glVertex2f(3, -1);
    glVertex2f(-1, 3);
    glEnd();
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 32, 64);
    glColor3f(0, 1, 0);
    glBegin(GL_TRIANGLES);
    glVertex2f(-1, -1);
    glVertex2f(3, -1);
    glVertex2f(-1, 3);
    glEnd();
    glDisable(GL_SCISSOR_TEST);
    glt_read_window(g_img);
    expect_px(10, 10, 0, 255, 0, 255, 0);
    expect_px(50, 10, 255, 0, 0, 255, 0);
    glUseProgram(0);
    glDeleteProgram(p);
    ERR(GL_NO_ERROR);
}

static const char *vs_generic =
    "#version 110\n"
    "attribute vec4 extra;\n"
    "void main() {\n"
    "  gl_Position = gl_Vertex;\n"
    "  gl_FrontColor = vec4(gl_Color.r, extra.g, extra.b, 1.0);\n"
    "}\n";

static void test_render_widening_and_generic(void **state)
{
    (void)state;
    GLuint p = glt_program(vs_generic, fs_imm);
    if (!p) {
        while (glGetError() != GL_NO_ERROR)
            ;
        skip();
    }
    glBindAttribLocation(p, 6, "extra");
    glLinkProgram(p);
    glUseProgram(p);
    assert_int_equal(glGetAttribLocation(p, "extra"), 6);
    clear_black();
    glColor3f(1, 0, 0);
    glBegin(GL_QUADS);
    /* Left quad before generic attribute 6 is ever set: default (0,0,0,1). */
    glVertex2f(-1, -1);
    glVertex2f(0, -1);
    glVertex2f(0, 1);
    glVertex2f(-1, 1);
    /* Right quad after: green and blue from it. */
    glVertexAttrib4f(6, 0, 0.6f, 0.4f, 1);
    glVertex2f(0, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(0, 1);
    glEnd();
    glt_read_window(g_img);
    expect_px(16, 32, 255, 0, 0, 255, 0);
    expect_px(48, 32, 255, 153, 102, 255, 1);

    /* glVertexAttrib(0) provokes a vertex like glVertex; glArrayElement
     * reads the enabled arrays. */
    clear_black();
    static const float pos[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    static const GLubyte col[4][3] = {{0, 0, 0}, {0, 0, 0}, {255, 0, 0}, {255, 0, 0}};
    glVertexPointer(2, GL_FLOAT, 0, pos);
    glColorPointer(3, GL_UNSIGNED_BYTE, 0, col);
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glVertexAttrib4f(6, 0, 0, 0, 1);
    glBegin(GL_QUADS);
    for (int i = 0; i < 4; i++)
        glArrayElement(i);
    glEnd();
    glDisableClientState(GL_VERTEX_ARRAY);
    glDisableClientState(GL_COLOR_ARRAY);
    glt_read_window(g_img);
    expect_px(32, 1, 4, 0, 0, 255, 6);    /* bottom: black-ish */
    expect_px(32, 62, 251, 0, 0, 255, 6); /* top: red */
    /* The current colour after glArrayElement is the last element's. */
    float c[4];
    glGetFloatv(GL_CURRENT_COLOR, c);
    assert_true(c[0] == 1.0f && c[1] == 0.0f);
    clear_black();
    glColor3f(0, 0, 0);
    glBegin(GL_TRIANGLES);
    glVertexAttrib2f(0, -1, -1);
    glVertexAttrib2f(0, 3, -1);
    glVertexAttrib4f(6, 0, 1, 0, 1);
    glVertexAttrib2f(0, -1, 3);
    glEnd();
    glt_read_window(g_img);
    /* Green is the third vertex's weight, (y_ndc + 1) / 4. */
    expect_px(1, 62, 0, 124, 0, 255, 2);
    ERR(GL_NO_ERROR);
    glVertexAttrib4f(6, 0, 0, 0, 1);
    glColor4f(1, 1, 1, 1);
    glUseProgram(0);
    glDeleteProgram(p);
}

static void test_render_many_strips(void **state)
{
    (void)state;
    GLuint p = use_prog();
    if (!p)
        skip();
    /* 64 one-pixel-high strips, each its own glBegin/glEnd: one multi-draw.
     * Row y gets red = 4 * y. */
    clear_black();
    for (int y = 0; y < 64; y++) {
        float y0 = -1 + y / 32.0f, y1 = -1 + (y + 1) / 32.0f;
        glColor3ub((GLubyte)(4 * y), 0, 0);
        glBegin(GL_TRIANGLE_STRIP);
        for (int x = 0; x <= 8; x++) {
            glVertex2f(-1 + x / 4.0f, y0);
            glVertex2f(-1 + x / 4.0f, y1);
        }
        glEnd();
    }
    glt_read_window(g_img);
    for (int y = 0; y < 64; y += 7)
        expect_px(y % 64, y, 4 * y, 0, 0, 255, 0);
    glUseProgram(0);
    glDeleteProgram(p);
    ERR(GL_NO_ERROR);
}

static void test_render_long_begin(void **state)
{
    (void)state;
    GLuint p = use_prog();
    if (!p)
        skip();
    /* One glBegin(GL_TRIANGLES) of 3 x 4096 pixel-sized quads (147456
     * vertices): the batch is cut and drawn in pieces while it is open.
     * Passes 0 and 1 draw red, pass 2 the final colour; any triangle lost
     * at a cut leaves red or black behind. */
    clear_black();
    glBegin(GL_TRIANGLES);
    for (int pass = 0; pass < 3; pass++)
        for (int y = 0; y < 64; y++)
            for (int x = 0; x < 64; x++) {
                if (pass < 2)
                    glColor3f(1, 0, 0);
                else
                    glColor3ub(0, (GLubyte)(4 * x), (GLubyte)(4 * y));
                float x0 = -1 + x / 32.0f, x1 = x0 + 1 / 32.0f;
                float y0 = -1 + y / 32.0f, y1 = y0 + 1 / 32.0f;
                glVertex2f(x0, y0);
                glVertex2f(x1, y0);
                glVertex2f(x1, y1);
                glVertex2f(x0, y0);
                glVertex2f(x1, y1);
                glVertex2f(x0, y1);
            }
    glEnd();
    glt_read_window(g_img);
    for (int y = 0; y < 64; y++)
        for (int x = 0; x < 64; x++)
            expect_px(x, y, 0, 4 * x, 4 * y, 255, 0);
    glUseProgram(0);
    glDeleteProgram(p);
    ERR(GL_NO_ERROR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_render_primitives),
        cmocka_unit_test(test_render_state_between_batches),
        cmocka_unit_test(test_render_widening_and_generic),
        cmocka_unit_test(test_render_many_strips),
        cmocka_unit_test(test_render_long_begin),
    };
    return cmocka_run_group_tests(tests, glt_setup, glt_teardown);
}
