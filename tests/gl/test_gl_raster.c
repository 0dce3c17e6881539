/*
 * test_gl_raster.c: the gl_raster part: GL 2.1 defaults and glGet round
 * trips of the rasterizer / per-fragment state (as ints, floats, booleans),
 * errors, every cap, the CSO cache, clears with scissor and masks (checked
 * pixel by pixel on the window), queries and conditional rendering, and
 * rendering checks of depth, stencil, blending, culling and polygon offset
 * against values computed from the GL spec's equations.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"
#include "frontend-gallium/gl/context/gl_context.h"
#include "frontend-gallium/gl/raster/gl_raster.h"

#define ERR(e) assert_int_equal(glGetError(), (e))

static GLint geti(GLenum pname)
{
    GLint v[16] = {0};
    glGetIntegerv(pname, v);
    return v[0];
}

static GLfloat getf(GLenum pname)
{
    GLfloat v[16] = {0};
    glGetFloatv(pname, v);
    return v[0];
}

static GLboolean getb(GLenum pname)
{
    GLboolean v[16] = {0};
    glGetBooleanv(pname, v);
    return v[0];
}

/* Puts the state the tests touch back to GL's defaults. */
static int reset(void **state)
{
    (void)state;
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glDisable(GL_CULL_FACE);
    glDisable(GL_POLYGON_OFFSET_FILL);
    glDisable(GL_COLOR_LOGIC_OP);
    glColorMask(1, 1, 1, 1);
    glDepthMask(1);
    glStencilMask(0xff);
    glDepthFunc(GL_LESS);
    glStencilFunc(GL_ALWAYS, 0, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    glBlendFunc(GL_ONE, GL_ZERO);
    glBlendEquation(GL_FUNC_ADD);
    glFrontFace(GL_CCW);
    glCullFace(GL_BACK);
    glPolygonOffset(0, 0);
    glViewport(0, 0, GLT_W, GLT_H);
    glScissor(0, 0, GLT_W, GLT_H);
    glDepthRange(0, 1);
    glClearColor(0, 0, 0, 0);
    glClearDepth(1);
    glClearStencil(0);
    glUseProgram(0);
    while (glGetError() != GL_NO_ERROR)
        ;
    return 0;
}

/* ---- defaults ---------------------------------------------------------------- */

static void test_defaults(void **state)
{
    (void)state;
    GLint v[4];
    glGetIntegerv(GL_VIEWPORT, v);
    assert_int_equal(v[0], 0);
    assert_int_equal(v[2], GLT_W);
    assert_int_equal(v[3], GLT_H);
    glGetIntegerv(GL_SCISSOR_BOX, v);
    assert_int_equal(v[2], GLT_W);
    GLfloat f[4];
    glGetFloatv(GL_DEPTH_RANGE, f);
    assert_true(f[0] == 0.0f && f[1] == 1.0f);
    assert_int_equal(geti(GL_BLEND_SRC_RGB), GL_ONE);
    assert_int_equal(geti(GL_BLEND_SRC_ALPHA), GL_ONE);
    assert_int_equal(geti(GL_BLEND_DST_RGB), GL_ZERO);
    assert_int_equal(geti(GL_BLEND_DST_ALPHA), GL_ZERO);
    assert_int_equal(geti(GL_BLEND_EQUATION_RGB), GL_FUNC_ADD);
    assert_int_equal(geti(GL_BLEND_EQUATION_ALPHA), GL_FUNC_ADD);
    assert_int_equal(geti(GL_LOGIC_OP_MODE), GL_COPY);
    assert_int_equal(geti(GL_DEPTH_FUNC), GL_LESS);
    assert_int_equal(getb(GL_DEPTH_WRITEMASK), GL_TRUE);
    assert_true(getf(GL_DEPTH_CLEAR_VALUE) == 1.0f);
    assert_int_equal(geti(GL_STENCIL_FUNC), GL_ALWAYS);
    assert_int_equal(geti(GL_STENCIL_BACK_FUNC), GL_ALWAYS);
    assert_int_equal(geti(GL_STENCIL_VALUE_MASK), 0xff);
    assert_int_equal(geti(GL_STENCIL_WRITEMASK), 0xff);
    assert_int_equal(geti(GL_STENCIL_BACK_WRITEMASK), 0xff);
    assert_int_equal(geti(GL_STENCIL_REF), 0);
    assert_int_equal(geti(GL_STENCIL_FAIL), GL_KEEP);
    assert_int_equal(geti(GL_STENCIL_PASS_DEPTH_FAIL), GL_KEEP);
    assert_int_equal(geti(GL_STENCIL_BACK_PASS_DEPTH_PASS), GL_KEEP);
    assert_int_equal(geti(GL_CULL_FACE_MODE), GL_BACK);
    assert_int_equal(geti(GL_FRONT_FACE), GL_CCW);
    glGetIntegerv(GL_POLYGON_MODE, v);
    assert_int_equal(v[0], GL_FILL);
    assert_int_equal(v[1], GL_FILL);
    assert_true(getf(GL_LINE_WIDTH) == 1.0f);
    assert_true(getf(GL_POINT_SIZE) == 1.0f);
    assert_true(getf(GL_POINT_SIZE_MIN) == 0.0f);
    assert_true(getf(GL_POINT_FADE_THRESHOLD_SIZE) == 1.0f);
    assert_int_equal(geti(GL_POINT_SPRITE_COORD_ORIGIN), GL_UPPER_LEFT);
    assert_true(getf(GL_POLYGON_OFFSET_FACTOR) == 0.0f);
    assert_true(getf(GL_POLYGON_OFFSET_UNITS) == 0.0f);
    GLboolean b[4];
    glGetBooleanv(GL_COLOR_WRITEMASK, b);
    assert_true(b[0] && b[1] && b[2] && b[3]);
    glGetFloatv(GL_COLOR_CLEAR_VALUE, f);
    assert_true(f[0] == 0 && f[3] == 0);
    assert_int_equal(geti(GL_STENCIL_CLEAR_VALUE), 0);
    assert_int_equal(geti(GL_PERSPECTIVE_CORRECTION_HINT), GL_DONT_CARE);
    assert_int_equal(geti(GL_FRAGMENT_SHADER_DERIVATIVE_HINT), GL_DONT_CARE);
    assert_true(getf(GL_SAMPLE_COVERAGE_VALUE) == 1.0f);
    assert_int_equal(getb(GL_SAMPLE_COVERAGE_INVERT), GL_FALSE);
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, v);
    assert_true(v[0] >= GLT_W && v[1] >= GLT_H);
    glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, f);
    assert_true(f[0] == 1.0f && f[1] >= 1.0f);
    glGetFloatv(GL_ALIASED_POINT_SIZE_RANGE, f);
    assert_true(f[0] == 1.0f && f[1] >= 1.0f);
    /* caps that start enabled (GL 2.1 table 6.x): DITHER, MULTISAMPLE */
    assert_true(glIsEnabled(GL_DITHER));
    assert_true(glIsEnabled(GL_MULTISAMPLE));
    assert_false(glIsEnabled(GL_BLEND));
    assert_false(glIsEnabled(GL_DEPTH_TEST));
    ERR(GL_NO_ERROR);
}

/* ---- round trips -------------------------------------------------------------- */

static void test_roundtrips(void **state)
{
    (void)state;
    GLint v[4];
    GLfloat f[4];
    GLboolean b[4];
    glViewport(1, 2, 30, 40);
    glGetIntegerv(GL_VIEWPORT, v);
    assert_true(v[0] == 1 && v[1] == 2 && v[2] == 30 && v[3] == 40);
    glGetFloatv(GL_VIEWPORT, f);
    assert_true(f[2] == 30.0f);
    glViewport(0, 0, 1 << 30, 5); /* clamped to MAX_VIEWPORT_DIMS */
    GLint maxd[2];
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, maxd);
    glGetIntegerv(GL_VIEWPORT, v);
    assert_int_equal(v[2], maxd[0]);
    glScissor(-3, 4, 5, 6);
    glGetIntegerv(GL_SCISSOR_BOX, v);
    assert_true(v[0] == -3 && v[1] == 4 && v[2] == 5 && v[3] == 6);
    glDepthRange(-1.0, 0.25); /* clamped */
    glGetFloatv(GL_DEPTH_RANGE, f);
    assert_true(f[0] == 0.0f && f[1] == 0.25f);
    glGetIntegerv(GL_DEPTH_RANGE, v); /* normalized: 0.25 -> 0.25 * (2^31 - 1) */
    assert_true(v[0] == 0 && llabs((long long)v[1] - 536870912ll) <= 1);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_CONSTANT_COLOR, GL_DST_COLOR);
    assert_int_equal(geti(GL_BLEND_SRC_RGB), GL_SRC_ALPHA);
    assert_int_equal(geti(GL_BLEND_SRC), GL_SRC_ALPHA);
    assert_int_equal(geti(GL_BLEND_DST_RGB), GL_ONE_MINUS_SRC_ALPHA);
    assert_int_equal(geti(GL_BLEND_SRC_ALPHA), GL_CONSTANT_COLOR);
    assert_int_equal(geti(GL_BLEND_DST_ALPHA), GL_DST_COLOR);
    glBlendEquationSeparate(GL_MIN, GL_FUNC_REVERSE_SUBTRACT);
    assert_int_equal(geti(GL_BLEND_EQUATION_RGB), GL_MIN);
    assert_int_equal(geti(GL_BLEND_EQUATION_ALPHA), GL_FUNC_REVERSE_SUBTRACT);
    glBlendColor(0.25f, 2.0f, -1.0f, 0.5f); /* clamped to [0, 1] */
    glGetFloatv(GL_BLEND_COLOR, f);
    assert_true(f[0] == 0.25f && f[1] == 1.0f && f[2] == 0.0f && f[3] == 0.5f);
    glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
    glGetBooleanv(GL_COLOR_WRITEMASK, b);
    assert_true(b[0] && !b[1] && b[2] && !b[3]);
    glGetIntegerv(GL_COLOR_WRITEMASK, v);
    assert_true(v[0] == 1 && v[1] == 0);
    glColorMask(1, 1, 1, 1);
    glLogicOp(GL_XOR);
    assert_int_equal(geti(GL_LOGIC_OP_MODE), GL_XOR);
    glDepthFunc(GL_GEQUAL);
    assert_int_equal(geti(GL_DEPTH_FUNC), GL_GEQUAL);
    glDepthMask(GL_FALSE);
    assert_int_equal(getb(GL_DEPTH_WRITEMASK), GL_FALSE);
    assert_int_equal(geti(GL_DEPTH_WRITEMASK), 0);
    glClearDepth(0.5);
    assert_true(getf(GL_DEPTH_CLEAR_VALUE) == 0.5f);
    glClearDepth(7.0);
    assert_true(getf(GL_DEPTH_CLEAR_VALUE) == 1.0f);
    glClearColor(0.25f, 2.0f, -1.0f, 1.0f);
    glGetFloatv(GL_COLOR_CLEAR_VALUE, f);
    assert_true(f[0] == 0.25f && f[1] == 1.0f && f[2] == 0.0f && f[3] == 1.0f);
    glClearStencil(0x1ff);
    assert_int_equal(geti(GL_STENCIL_CLEAR_VALUE), 0x1ff);
    /* two-sided stencil */
    glStencilFuncSeparate(GL_FRONT, GL_LESS, 3, 0x0f);
    glStencilFuncSeparate(GL_BACK, GL_GREATER, 300, 0xf0); /* ref reads clamped to 255 */
    assert_int_equal(geti(GL_STENCIL_FUNC), GL_LESS);
    assert_int_equal(geti(GL_STENCIL_REF), 3);
    assert_int_equal(geti(GL_STENCIL_VALUE_MASK), 0x0f);
    assert_int_equal(geti(GL_STENCIL_BACK_FUNC), GL_GREATER);
    assert_int_equal(geti(GL_STENCIL_BACK_REF), 255);
    assert_int_equal(geti(GL_STENCIL_BACK_VALUE_MASK), 0xf0);
    glStencilOpSeparate(GL_BACK, GL_INCR_WRAP, GL_DECR, GL_INVERT);
    assert_int_equal(geti(GL_STENCIL_FAIL), GL_KEEP);
    assert_int_equal(geti(GL_STENCIL_BACK_FAIL), GL_INCR_WRAP);
    assert_int_equal(geti(GL_STENCIL_BACK_PASS_DEPTH_FAIL), GL_DECR);
    assert_int_equal(geti(GL_STENCIL_BACK_PASS_DEPTH_PASS), GL_INVERT);
    glStencilOp(GL_ZERO, GL_REPLACE, GL_INCR);
    assert_int_equal(geti(GL_STENCIL_FAIL), GL_ZERO);
    assert_int_equal(geti(GL_STENCIL_BACK_FAIL), GL_ZERO);
    assert_int_equal(geti(GL_STENCIL_PASS_DEPTH_PASS), GL_INCR);
    glStencilMaskSeparate(GL_FRONT, 0x3c);
    assert_int_equal(geti(GL_STENCIL_WRITEMASK), 0x3c);
    assert_int_equal(geti(GL_STENCIL_BACK_WRITEMASK), 0xff);
    glStencilMask(0x11);
    assert_int_equal(geti(GL_STENCIL_BACK_WRITEMASK), 0x11);
    glCullFace(GL_FRONT_AND_BACK);
    assert_int_equal(geti(GL_CULL_FACE_MODE), GL_FRONT_AND_BACK);
    glFrontFace(GL_CW);
    assert_int_equal(geti(GL_FRONT_FACE), GL_CW);
    glPolygonMode(GL_FRONT, GL_LINE);
    glPolygonMode(GL_BACK, GL_POINT);
    glGetIntegerv(GL_POLYGON_MODE, v);
    assert_true(v[0] == GL_LINE && v[1] == GL_POINT);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glPolygonOffset(1.5f, -2.0f);
    assert_true(getf(GL_POLYGON_OFFSET_FACTOR) == 1.5f);
    assert_true(getf(GL_POLYGON_OFFSET_UNITS) == -2.0f);
    glLineWidth(2.5f);
    assert_true(getf(GL_LINE_WIDTH) == 2.5f);
    assert_int_equal(geti(GL_LINE_WIDTH), 3); /* rounded */
    glLineWidth(1.0f);
    glPointSize(4.0f);
    assert_true(getf(GL_POINT_SIZE) == 4.0f);
    glPointSize(1.0f);
    glPointParameterf(GL_POINT_SIZE_MIN, 2.0f);
    glPointParameteri(GL_POINT_SIZE_MAX, 9);
    GLfloat fade = 3.0f;
    glPointParameterfv(GL_POINT_FADE_THRESHOLD_SIZE, &fade);
    GLint origin = GL_LOWER_LEFT;
    glPointParameteriv(GL_POINT_SPRITE_COORD_ORIGIN, &origin);
    assert_true(getf(GL_POINT_SIZE_MIN) == 2.0f);
    assert_true(getf(GL_POINT_SIZE_MAX) == 9.0f);
    assert_true(getf(GL_POINT_FADE_THRESHOLD_SIZE) == 3.0f);
    assert_int_equal(geti(GL_POINT_SPRITE_COORD_ORIGIN), GL_LOWER_LEFT);
    glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);
    glPointParameterf(GL_POINT_SIZE_MIN, 0.0f);
    glSampleCoverage(0.5f, GL_TRUE);
    assert_true(getf(GL_SAMPLE_COVERAGE_VALUE) == 0.5f);
    assert_int_equal(getb(GL_SAMPLE_COVERAGE_INVERT), GL_TRUE);
    glSampleCoverage(1.0f, GL_FALSE);
    glHint(GL_LINE_SMOOTH_HINT, GL_NICEST);
    glHint(GL_GENERATE_MIPMAP_HINT, GL_FASTEST);
    assert_int_equal(geti(GL_LINE_SMOOTH_HINT), GL_NICEST);
    assert_int_equal(geti(GL_GENERATE_MIPMAP_HINT), GL_FASTEST);
    GLdouble plane[4] = {1, -2, 3, -4}, back[4] = {0};
    glClipPlane(GL_CLIP_PLANE3, plane);
    glGetClipPlane(GL_CLIP_PLANE3, back);
    assert_true(memcmp(plane, back, sizeof plane) == 0);
    GLubyte stip[128], stip_back[128];
    for (int i = 0; i < 128; i++)
        stip[i] = (GLubyte)(i * 37 + 1);
    glPolygonStipple(stip);
    glGetPolygonStipple(stip_back);
    assert_memory_equal(stip, stip_back, 128);
    ERR(GL_NO_ERROR);
    /* indexed colour masks and blend enables (GL 3.0) */
    glColorMaski(2, GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
    glEnablei(GL_BLEND, 3);
    assert_true(glIsEnabledi(GL_BLEND, 3));
    assert_false(glIsEnabledi(GL_BLEND, 2));
    assert_false(glIsEnabled(GL_BLEND)); /* buffer 0 */
    glDisablei(GL_BLEND, 3);
    glColorMask(1, 1, 1, 1);
    ERR(GL_NO_ERROR);
    reset(NULL);
    glStencilMask(0xff);
    glPointParameterf(GL_POINT_SIZE_MAX, 255.0f);
    glHint(GL_LINE_SMOOTH_HINT, GL_DONT_CARE);
    glHint(GL_GENERATE_MIPMAP_HINT, GL_DONT_CARE);
}

/* ---- errors ------------------------------------------------------------------ */

static void test_errors(void **state)
{
    (void)state;
    glViewport(0, 0, -1, 5);
    ERR(GL_INVALID_VALUE);
    assert_int_equal(geti(GL_VIEWPORT + 0), 0); /* unchanged x */
    GLint v[4];
    glGetIntegerv(GL_VIEWPORT, v);
    assert_int_equal(v[2], GLT_W);
    glScissor(0, 0, 5, -5);
    ERR(GL_INVALID_VALUE);
    glBlendFunc(GL_ONE, GL_SRC_COLOR + 100);
    ERR(GL_INVALID_ENUM);
    assert_int_equal(geti(GL_BLEND_DST_RGB), GL_ZERO);
    glBlendFuncSeparate(GL_ONE, GL_ONE, GL_ONE, GL_LESS);
    ERR(GL_INVALID_ENUM);
    assert_int_equal(geti(GL_BLEND_DST_RGB), GL_ZERO); /* nothing changed */
    glBlendEquation(GL_ONE);
    ERR(GL_INVALID_ENUM);
    glBlendEquationSeparate(GL_FUNC_ADD, GL_LOGIC_OP);
    ERR(GL_INVALID_ENUM);
    assert_int_equal(geti(GL_BLEND_EQUATION_RGB), GL_FUNC_ADD);
    glLogicOp(GL_ONE);
    ERR(GL_INVALID_ENUM);
    glDepthFunc(GL_FUNC_ADD);
    ERR(GL_INVALID_ENUM);
    assert_int_equal(geti(GL_DEPTH_FUNC), GL_LESS);
    glStencilFunc(GL_KEEP, 0, 0);
    ERR(GL_INVALID_ENUM);
    glStencilFuncSeparate(GL_LEFT, GL_LESS, 0, 0);
    ERR(GL_INVALID_ENUM);
    glStencilOp(GL_KEEP, GL_LESS, GL_KEEP);
    ERR(GL_INVALID_ENUM);
    glStencilOpSeparate(GL_FRONT_LEFT, GL_KEEP, GL_KEEP, GL_KEEP);
    ERR(GL_INVALID_ENUM);
    glStencilMaskSeparate(GL_NONE, 0);
    ERR(GL_INVALID_ENUM);
    assert_int_equal(geti(GL_STENCIL_WRITEMASK), 0xff);
    glCullFace(GL_CW);
    ERR(GL_INVALID_ENUM);
    glFrontFace(GL_FRONT);
    ERR(GL_INVALID_ENUM);
    glPolygonMode(GL_FRONT, GL_TRIANGLES);
    ERR(GL_INVALID_ENUM);
    glPolygonMode(GL_LEFT, GL_LINE);
    ERR(GL_INVALID_ENUM);
    glLineWidth(0.0f);
    ERR(GL_INVALID_VALUE);
    glLineWidth(-1.0f);
    ERR(GL_INVALID_VALUE);
    assert_true(getf(GL_LINE_WIDTH) == 1.0f);
    glPointSize(0.0f);
    ERR(GL_INVALID_VALUE);
    glPointParameterf(GL_POINT_SIZE_MIN, -1.0f);
    ERR(GL_INVALID_VALUE);
    glPointParameterf(GL_POINT_SPRITE_COORD_ORIGIN, 1.0f);
    ERR(GL_INVALID_ENUM);
    glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_FRONT);
    ERR(GL_INVALID_ENUM);
    glPointParameterf(GL_LINE_WIDTH, 1.0f);
    ERR(GL_INVALID_ENUM);
    glHint(GL_LINE_WIDTH, GL_NICEST);
    ERR(GL_INVALID_ENUM);
    glHint(GL_LINE_SMOOTH_HINT, GL_LESS);
    ERR(GL_INVALID_ENUM);
    GLdouble plane[4] = {0};
    glClipPlane(GL_CLIP_PLANE0 + 8, plane);
    ERR(GL_INVALID_ENUM);
    glColorMaski(8, 1, 1, 1, 1);
    ERR(GL_INVALID_VALUE);
    glEnablei(GL_BLEND, 8);
    ERR(GL_INVALID_VALUE);
    glEnablei(GL_DEPTH_TEST, 0);
    ERR(GL_INVALID_ENUM);
    glClear(0x8000);
    ERR(GL_INVALID_VALUE);
    glClear(GL_ACCUM_BUFFER_BIT); /* valid in GL 2.1, no accumulation buffer */
    ERR(GL_NO_ERROR);
    GLfloat one[4] = {1, 1, 1, 1};
    GLint ione[4] = {1, 1, 1, 1};
    glClearBufferfv(GL_STENCIL, 0, one);
    ERR(GL_INVALID_ENUM);
    glClearBufferiv(GL_DEPTH, 0, ione);
    ERR(GL_INVALID_ENUM);
    glClearBufferuiv(GL_DEPTH, 0, (const GLuint *)ione);
    ERR(GL_INVALID_ENUM);
    glClearBufferfv(GL_COLOR, 8, one);
    ERR(GL_INVALID_VALUE);
    glClearBufferfv(GL_DEPTH, 1, one);
    ERR(GL_INVALID_VALUE);
    glClearBufferfi(GL_DEPTH, 0, 1.0f, 0);
    ERR(GL_INVALID_ENUM);
    glClearBufferfi(GL_DEPTH_STENCIL, 1, 1.0f, 0);
    ERR(GL_INVALID_VALUE);
}

/* ---- caps -------------------------------------------------------------------- */

static void test_caps(void **state)
{
    (void)state;
    static const GLenum caps[] = {
        GL_SCISSOR_TEST, GL_BLEND, GL_COLOR_LOGIC_OP, GL_DITHER, GL_SAMPLE_ALPHA_TO_COVERAGE,
        GL_SAMPLE_ALPHA_TO_ONE, GL_SAMPLE_COVERAGE, GL_MULTISAMPLE, GL_DEPTH_TEST,
        GL_STENCIL_TEST, GL_CULL_FACE, GL_POLYGON_OFFSET_FILL, GL_POLYGON_OFFSET_LINE,
        GL_POLYGON_OFFSET_POINT, GL_POLYGON_SMOOTH, GL_POLYGON_STIPPLE, GL_LINE_SMOOTH,
        GL_LINE_STIPPLE, GL_POINT_SMOOTH, GL_POINT_SPRITE, GL_VERTEX_PROGRAM_POINT_SIZE,
        GL_CLIP_DISTANCE0, GL_CLIP_DISTANCE5, GL_CLIP_DISTANCE7, GL_CLIP_PLANE2,
        GL_RASTERIZER_DISCARD, GL_ALPHA_TEST, GL_DEPTH_CLAMP,
    };
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        GLboolean was = glIsEnabled(caps[i]);
        glEnable(caps[i]);
        assert_true(glIsEnabled(caps[i]));
        assert_int_equal(getb(caps[i]), GL_TRUE);
        assert_int_equal(geti(caps[i]), 1);
        glDisable(caps[i]);
        assert_false(glIsEnabled(caps[i]));
        assert_true(getf(caps[i]) == 0.0f);
        if (was)
            glEnable(caps[i]);
        if (glGetError() != GL_NO_ERROR)
            fail_msg("cap 0x%x raised an error", caps[i]);
    }
    /* CLIP_PLANEk is CLIP_DISTANCEk */
    glEnable(GL_CLIP_PLANE1);
    assert_true(glIsEnabled(GL_CLIP_DISTANCE1));
    glDisable(GL_CLIP_DISTANCE1);
    assert_false(glIsEnabled(GL_CLIP_PLANE1));
    glEnable(GL_CLIP_DISTANCE0 + 8);
    ERR(GL_INVALID_ENUM);
}

/* ---- CSO cache --------------------------------------------------------------- */

static void test_cso_cache(void **state)
{
    (void)state;
    struct gl_context *ctx = gl_context_current();
    assert_true(gl_raster_validate(ctx));
    unsigned base = gl_raster_cso_creates(ctx);
    /* Two distinct states of each CSO kind, toggled many times. */
    for (int i = 0; i < 50; i++) {
        if (i & 1) {
            glEnable(GL_BLEND);
            glEnable(GL_DEPTH_TEST);
            glEnable(GL_CULL_FACE);
        } else {
            glDisable(GL_BLEND);
            glDisable(GL_DEPTH_TEST);
            glDisable(GL_CULL_FACE);
        }
        assert_true(gl_raster_validate(ctx));
    }
    /* at most the new states: one per kind and parity */
    assert_true(gl_raster_cso_creates(ctx) - base <= 6);
    unsigned after = gl_raster_cso_creates(ctx);
    for (int i = 0; i < 10; i++) {
        glDisable(GL_BLEND);
        glEnable(GL_BLEND);
        assert_true(gl_raster_validate(ctx));
    }
    assert_int_equal(gl_raster_cso_creates(ctx), after);
    /* a new state creates one */
    glBlendFunc(GL_SRC_ALPHA, GL_ONE);
    assert_true(gl_raster_validate(ctx));
    assert_int_equal(gl_raster_cso_creates(ctx), after + 1);
    /* many distinct states stay bounded and keep working */
    for (int i = 0; i < 600; i++) {
        glPolygonOffset((float)i, 0);
        glEnable(GL_POLYGON_OFFSET_FILL);
        assert_true(gl_raster_validate(ctx));
    }
    reset(NULL);
    assert_true(gl_raster_validate(ctx));
    ERR(GL_NO_ERROR);
}

/* ---- clears ------------------------------------------------------------------ */

static uint8_t pix[GLT_W * GLT_H * 4];

static const uint8_t *px(int x, int y) { return pix + ((size_t)y * GLT_W + (size_t)x) * 4; }

static uint8_t unorm8(float f)
{
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    return (uint8_t)lrintf(f * 255.0f);
}

static void expect_px(int x, int y, uint8_t r, uint8_t g, uint8_t b, uint8_t a, int tol)
{
    const uint8_t *p = px(x, y);
    if (abs(p[0] - r) > tol || abs(p[1] - g) > tol || abs(p[2] - b) > tol || abs(p[3] - a) > tol)
        fail_msg("pixel (%d,%d) = %d %d %d %d, expected %d %d %d %d", x, y, p[0], p[1], p[2],
                 p[3], r, g, b, a);
}

static void test_clear_scissor_masks(void **state)
{
    (void)state;
    glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
    glClear(GL_COLOR_BUFFER_BIT);
    ERR(GL_NO_ERROR);
    glt_read_window(pix);
    for (int y = 0; y < GLT_H; y++)
        for (int x = 0; x < GLT_W; x++)
            expect_px(x, y, unorm8(0.2f), unorm8(0.4f), unorm8(0.6f), unorm8(0.8f), 0);

    /* scissored clear: exactly the box (y counted from the bottom) */
    glEnable(GL_SCISSOR_TEST);
    glScissor(10, 20, 5, 7);
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glt_read_window(pix);
    for (int y = 0; y < GLT_H; y++)
        for (int x = 0; x < GLT_W; x++) {
            bool in = x >= 10 && x < 15 && y >= 20 && y < 27;
            if (in)
                expect_px(x, y, 255, 0, 0, 255, 0);
            else
                expect_px(x, y, unorm8(0.2f), unorm8(0.4f), unorm8(0.6f), unorm8(0.8f), 0);
        }

    /* colour mask, whole buffer */
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
    glClear(GL_COLOR_BUFFER_BIT);
    glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glt_read_window(pix);
    for (int y = 0; y < GLT_H; y++)
        for (int x = 0; x < GLT_W; x++)
            expect_px(x, y, 255, unorm8(0.4f), 255, unorm8(0.8f), 0);

    /* mask and scissor together; a scissor partly outside the window */
    glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_FALSE);
    glEnable(GL_SCISSOR_TEST);
    glScissor(-5, 60, 10, 100);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glt_read_window(pix);
    for (int y = 0; y < GLT_H; y++)
        for (int x = 0; x < GLT_W; x++) {
            bool in = x < 5 && y >= 60;
            expect_px(x, y, 255, in ? 0 : unorm8(0.4f), 255, unorm8(0.8f), 0);
        }

    /* all channels masked: nothing changes */
    glDisable(GL_SCISSOR_TEST);
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glClear(GL_COLOR_BUFFER_BIT);
    glt_read_window(pix);
    expect_px(30, 30, 255, unorm8(0.4f), 255, unorm8(0.8f), 0);

    /* ClearBufferfv on draw buffer 0, scissored, and an empty scissor */
    glColorMask(1, 1, 1, 1);
    GLfloat c[4] = {0, 0, 1, 1};
    glClearBufferfv(GL_COLOR, 0, c);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 32, 64);
    GLfloat c2[4] = {0, 1, 0, 1};
    glClearBufferfv(GL_COLOR, 0, c2);
    glScissor(40, 40, 0, 10);
    glClearBufferfv(GL_COLOR, 0, c);
    ERR(GL_NO_ERROR);
    glt_read_window(pix);
    for (int y = 0; y < GLT_H; y += 3)
        for (int x = 0; x < GLT_W; x++)
            expect_px(x, y, 0, x < 32 ? 255 : 0, x < 32 ? 0 : 255, 255, 0);

    /* rasterizer discard drops clears (GL 3.0) */
    glDisable(GL_SCISSOR_TEST);
    glEnable(GL_RASTERIZER_DISCARD);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_RASTERIZER_DISCARD);
    glt_read_window(pix);
    expect_px(5, 5, 0, 255, 0, 255, 0);
    reset(NULL);
}

/* ---- queries (no drawing) ------------------------------------------------------ */

static void test_query_objects(void **state)
{
    (void)state;
    GLuint q[3] = {0};
    glGenQueries(3, q);
    assert_true(q[0] && q[1] && q[2] && q[0] != q[1]);
    assert_false(glIsQuery(q[0])); /* not an object before BeginQuery */
    GLint cur = -1;
    glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &cur);
    assert_int_equal(cur, 0);
    GLint bits = 0;
    glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &bits);
    assert_true(bits >= 32);
    glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &bits);
    assert_int_equal(bits, 1);
    glGetQueryiv(GL_TEXTURE_2D, GL_QUERY_COUNTER_BITS, &bits);
    ERR(GL_INVALID_ENUM);
    glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_RESULT, &bits);
    ERR(GL_INVALID_ENUM);

    glBeginQuery(GL_SAMPLES_PASSED, 0);
    ERR(GL_INVALID_OPERATION);
    glEndQuery(GL_SAMPLES_PASSED);
    ERR(GL_INVALID_OPERATION);
    glBeginQuery(GL_TIMESTAMP, q[0]);
    ERR(GL_INVALID_ENUM);

    glBeginQuery(GL_SAMPLES_PASSED, q[0]);
    ERR(GL_NO_ERROR);
    assert_true(glIsQuery(q[0]));
    glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &cur);
    assert_int_equal(cur, (GLint)q[0]);
    glBeginQuery(GL_SAMPLES_PASSED, q[1]); /* target already active */
    ERR(GL_INVALID_OPERATION);
    glBeginQuery(GL_TIME_ELAPSED, q[0]); /* query already active */
    ERR(GL_INVALID_OPERATION);
    GLuint res = 7;
    glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &res); /* active */
    ERR(GL_INVALID_OPERATION);
    assert_int_equal(res, 7);
    glEndQuery(GL_SAMPLES_PASSED);
    ERR(GL_NO_ERROR);
    glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &res);
    ERR(GL_NO_ERROR);
    assert_int_equal(res, 0); /* nothing drawn */
    GLint avail = 0;
    glGetQueryObjectiv(q[0], GL_QUERY_RESULT_AVAILABLE, &avail);
    assert_int_equal(avail, 1);
    glGetQueryObjectiv(q[0], GL_QUERY_COUNTER_BITS, &avail);
    ERR(GL_INVALID_ENUM);
    glGetQueryObjectiv(q[2], GL_QUERY_RESULT, &avail); /* generated, never begun */
    ERR(GL_INVALID_OPERATION);
    glGetQueryObjectiv(12345, GL_QUERY_RESULT, &avail);
    ERR(GL_INVALID_OPERATION);
    /* a query object keeps its target */
    glBeginQuery(GL_TIME_ELAPSED, q[0]);
    ERR(GL_INVALID_OPERATION);

    /* time elapsed and timestamps */
    glBeginQuery(GL_TIME_ELAPSED, q[1]);
    glEndQuery(GL_TIME_ELAPSED);
    GLuint64 ns = ~0ull;
    glGetQueryObjectui64v(q[1], GL_QUERY_RESULT, &ns);
    ERR(GL_NO_ERROR);
    assert_true(ns < 10000000000ull);
    glQueryCounter(q[2], GL_TIMESTAMP);
    GLint64 t0 = 0;
    GLdouble t1 = 0;
    glGetQueryObjecti64v(q[2], GL_QUERY_RESULT, &t0);
    glGetDoublev(GL_TIMESTAMP, &t1); /* the same clock, read later */
    ERR(GL_NO_ERROR);
    assert_true(t0 > 0 && t1 >= (double)t0 - 1e4);
    glQueryCounter(q[2], GL_SAMPLES_PASSED);
    ERR(GL_INVALID_ENUM);

    /* primitives generated with nothing drawn */
    GLuint pg = 0;
    glGenQueries(1, &pg);
    glBeginQuery(GL_PRIMITIVES_GENERATED, pg);
    glEndQuery(GL_PRIMITIVES_GENERATED);
    glGetQueryObjectuiv(pg, GL_QUERY_RESULT, &res);
    ERR(GL_NO_ERROR);
    assert_int_equal(res, 0);

    /* conditional rendering errors */
    glBeginConditionalRender(q[0], GL_LESS);
    ERR(GL_INVALID_ENUM);
    glBeginConditionalRender(q[1], GL_QUERY_WAIT); /* TIME_ELAPSED query */
    ERR(GL_INVALID_OPERATION);
    glBeginConditionalRender(999, GL_QUERY_WAIT);
    ERR(GL_INVALID_OPERATION);
    glEndConditionalRender();
    ERR(GL_INVALID_OPERATION);
    glBeginConditionalRender(q[0], GL_QUERY_WAIT);
    ERR(GL_NO_ERROR);
    glBeginConditionalRender(q[0], GL_QUERY_WAIT);
    ERR(GL_INVALID_OPERATION);
    glBeginQuery(GL_SAMPLES_PASSED, q[0]); /* used by the condition */
    ERR(GL_INVALID_OPERATION);
    /* q[0] passed nothing: a clear is skipped */
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEndConditionalRender();
    ERR(GL_NO_ERROR);
    glt_read_window(pix);
    assert_true(px(3, 3)[0] != 255 || px(3, 3)[1] != 255 || px(3, 3)[2] != 255);

    /* deleting an active query ends it */
    glBeginQuery(GL_SAMPLES_PASSED, q[0]);
    glDeleteQueries(1, &q[0]);
    ERR(GL_NO_ERROR);
    assert_false(glIsQuery(q[0]));
    glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &cur);
    assert_int_equal(cur, 0);
    glDeleteQueries(-1, q);
    ERR(GL_INVALID_VALUE);
    glGenQueries(-1, q);
    ERR(GL_INVALID_VALUE);
    glDeleteQueries(3, q);
    glDeleteQueries(1, &pg);
    ERR(GL_NO_ERROR);
    reset(NULL);
}

/* ---- rendering ---------------------------------------------------------------- */

static GLuint prog;
static GLint loc_pos, loc_color;

static const char *vs_src = "attribute vec4 pos;\n"
                            "void main() { gl_Position = pos; }\n";
static const char *fs_src = "uniform vec4 color;\n"
                            "void main() { gl_FragColor = color; }\n";

static bool have_program(void)
{
    if (!prog) {
        prog = glt_program(vs_src, fs_src);
        while (glGetError() != GL_NO_ERROR)
            ;
        if (!prog)
            return false;
        loc_pos = glGetAttribLocation(prog, "pos");
        loc_color = glGetUniformLocation(prog, "color");
    }
    return prog != 0 && loc_pos >= 0 && loc_color >= 0;
}

/* Pixel x maps to NDC x / 32 - 1 on the 64 x 64 window. */
static float ndc(int p) { return (float)p / 32.0f - 1.0f; }

/* A rectangle of pixels [x0, x1) x [y0, y1) at NDC depth z; counter-clockwise
 * unless cw. */
static void draw_rect(int x0, int y0, int x1, int y1, float z, const float *color, bool cw)
{
    float v[4][4] = {
        {ndc(x0), ndc(y0), z, 1}, {ndc(x1), ndc(y0), z, 1},
        {ndc(x1), ndc(y1), z, 1}, {ndc(x0), ndc(y1), z, 1},
    };
    if (cw) {
        float t[4];
        memcpy(t, v[1], sizeof t);
        memcpy(v[1], v[3], sizeof t);
        memcpy(v[3], t, sizeof t);
    }
    glUseProgram(prog);
    glUniform4fv(loc_color, 1, color);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexAttribPointer((GLuint)loc_pos, 4, GL_FLOAT, GL_FALSE, 0, v);
    glEnableVertexAttribArray((GLuint)loc_pos);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
    glDisableVertexAttribArray((GLuint)loc_pos);
}

static const float RED[4] = {1, 0, 0, 1}, GREEN[4] = {0, 1, 0, 1}, BLUE[4] = {0, 0, 1, 1};

#define NEED_PROGRAM()                                                                             \
    do {                                                                                           \
        if (!have_program()) {                                                                     \
            fprintf(stderr, "no GLSL program support yet: rendering check skipped\n");            \
            skip();                                                                                \
        }                                                                                          \
    } while (0)

static void test_render_depth(void **state)
{
    (void)state;
    NEED_PROGRAM();
    glClearColor(0, 0, 0, 1);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    draw_rect(0, 0, 64, 64, 0.0f, RED, false);   /* window z 0.5 */
    draw_rect(0, 0, 32, 64, 0.6f, GREEN, false); /* behind: fails LESS */
    draw_rect(32, 0, 64, 64, -0.6f, BLUE, false); /* in front */
    ERR(GL_NO_ERROR);
    glt_read_window(pix);
    expect_px(10, 10, 255, 0, 0, 255, 0);
    expect_px(50, 10, 0, 0, 255, 255, 0);
    /* GREATER passes the far one; DepthMask(FALSE) keeps the stored z */
    glDepthFunc(GL_GREATER);
    glDepthMask(GL_FALSE);
    draw_rect(0, 0, 32, 64, 0.6f, GREEN, false);
    glDepthFunc(GL_LESS);
    draw_rect(0, 0, 32, 32, 0.3f, BLUE, false); /* z 0.65 < stored 0.5? no: fails */
    glt_read_window(pix);
    expect_px(10, 10, 0, 255, 0, 255, 0);
    expect_px(10, 40, 0, 255, 0, 255, 0);
    /* depth clear honours the scissor: clear the left half to 0, then LEQUAL */
    glDepthMask(GL_TRUE);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 32, 64);
    glClearDepth(0.0);
    glClear(GL_DEPTH_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    draw_rect(0, 0, 64, 64, -0.9f, RED, false); /* z 0.05: fails where 0, passes over 0.5 */
    glt_read_window(pix);
    expect_px(10, 10, 0, 255, 0, 255, 0);
    expect_px(50, 10, 255, 0, 0, 255, 0);
    reset(NULL);
}

static void test_render_stencil(void **state)
{
    (void)state;
    NEED_PROGRAM();
    glClearColor(0, 0, 0, 1);
    glClearStencil(0);
    glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glEnable(GL_STENCIL_TEST);
    /* write 1 in the left half, INCR twice in the bottom-left quarter */
    glStencilFunc(GL_ALWAYS, 1, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    draw_rect(0, 0, 32, 64, 0, RED, false);
    glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
    draw_rect(0, 0, 32, 32, 0, RED, false);
    draw_rect(0, 0, 32, 32, 0, RED, false);
    /* stencil 3 bottom-left, 1 top-left, 0 right */
    glClear(GL_COLOR_BUFFER_BIT);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    glStencilFunc(GL_EQUAL, 1, 0xff);
    draw_rect(0, 0, 64, 64, 0, GREEN, false);
    glStencilFunc(GL_LESS, 2, 0xff); /* 2 < stored */
    draw_rect(0, 0, 64, 64, 0, BLUE, false);
    glt_read_window(pix);
    expect_px(10, 50, 0, 255, 0, 255, 0);
    expect_px(10, 10, 0, 0, 255, 255, 0);
    expect_px(50, 10, 0, 0, 0, 255, 0);
    /* masked stencil clear: 0xff into 0x0f only -> bottom-left 3 | 0x0f = 0x0f */
    glStencilMask(0x0f);
    glClearStencil(0xff);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 16, 16);
    glClear(GL_STENCIL_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    glStencilMask(0xff);
    glClear(GL_COLOR_BUFFER_BIT);
    glStencilFunc(GL_EQUAL, 0x0f, 0xff);
    draw_rect(0, 0, 64, 64, 0, RED, false);
    glt_read_window(pix);
    expect_px(5, 5, 255, 0, 0, 255, 0);
    expect_px(20, 20, 0, 0, 0, 255, 0);
    /* two-sided: back faces use the back state */
    glClearStencil(0);
    glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glStencilFuncSeparate(GL_FRONT, GL_NEVER, 0, 0xff);
    glStencilFuncSeparate(GL_BACK, GL_ALWAYS, 0, 0xff);
    draw_rect(0, 0, 32, 64, 0, GREEN, false); /* front: rejected */
    draw_rect(32, 0, 64, 64, 0, GREEN, true); /* back: drawn */
    glt_read_window(pix);
    expect_px(10, 10, 0, 0, 0, 255, 0);
    expect_px(50, 10, 0, 255, 0, 255, 0);
    reset(NULL);
}

/* GL 2.1 section 4.1.8 on UNORM8 values; returns the expected byte. */
static float blend_eq(GLenum eq, float s, float sf, float d, float df)
{
    float r;
    switch (eq) {
    case GL_FUNC_ADD: r = s * sf + d * df; break;
    case GL_FUNC_SUBTRACT: r = s * sf - d * df; break;
    case GL_FUNC_REVERSE_SUBTRACT: r = d * df - s * sf; break;
    case GL_MIN: r = s < d ? s : d; break;
    default: r = s > d ? s : d; break;
    }
    return r;
}

static void test_render_blend(void **state)
{
    (void)state;
    NEED_PROGRAM();
    static const GLenum eqs[] = {GL_FUNC_ADD, GL_FUNC_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT, GL_MIN,
                                 GL_MAX};
    const float dst[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    const float src[4] = {0.5f, 0.25f, 1.0f, 0.5f};
    for (size_t e = 0; e < sizeof eqs / sizeof eqs[0]; e++) {
        glDisable(GL_BLEND);
        glClearColor(dst[0], dst[1], dst[2], dst[3]);
        glClear(GL_COLOR_BUFFER_BIT);
        glEnable(GL_BLEND);
        glBlendEquation(eqs[e]);
        glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
        draw_rect(0, 0, 64, 64, 0, src, false);
        ERR(GL_NO_ERROR);
        glt_read_window(pix);
        float d8[4], s8[4];
        for (int c = 0; c < 4; c++) {
            d8[c] = unorm8(dst[c]) / 255.0f;
            s8[c] = src[c];
        }
        uint8_t want[4];
        for (int c = 0; c < 4; c++)
            want[c] = unorm8(blend_eq(eqs[e], s8[c], s8[3], d8[c], 1.0f - s8[3]));
        expect_px(20, 20, want[0], want[1], want[2], want[3], 1);
    }
    /* constant colour and separate alpha function */
    glDisable(GL_BLEND);
    glClearColor(dst[0], dst[1], dst[2], dst[3]);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendColor(0.5f, 0.5f, 0.5f, 0.25f);
    glBlendFuncSeparate(GL_CONSTANT_COLOR, GL_ZERO, GL_ZERO, GL_CONSTANT_ALPHA);
    draw_rect(0, 0, 64, 64, 0, src, false);
    glt_read_window(pix);
    expect_px(20, 20, unorm8(0.25f), unorm8(0.125f), unorm8(0.5f), unorm8(0.25f), 1);
    /* colour mask on draws */
    glDisable(GL_BLEND);
    glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
    draw_rect(0, 0, 64, 64, 0, GREEN, false);
    glt_read_window(pix);
    expect_px(20, 20, unorm8(0.25f), 255, unorm8(0.5f), 255, 1);
    reset(NULL);
}

static void test_render_cull_offset(void **state)
{
    (void)state;
    NEED_PROGRAM();
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_CULL_FACE);
    draw_rect(0, 0, 32, 64, 0, RED, false); /* CCW = front: kept */
    draw_rect(32, 0, 64, 64, 0, RED, true); /* CW = back: culled */
    glt_read_window(pix);
    expect_px(10, 10, 255, 0, 0, 255, 0);
    expect_px(50, 10, 0, 0, 0, 255, 0);
    glFrontFace(GL_CW); /* now the CW one is front */
    draw_rect(32, 0, 64, 64, 0, GREEN, true);
    draw_rect(0, 0, 32, 64, 0, GREEN, false);
    glt_read_window(pix);
    expect_px(10, 10, 255, 0, 0, 255, 0);
    expect_px(50, 10, 0, 255, 0, 255, 0);
    glCullFace(GL_FRONT_AND_BACK);
    draw_rect(0, 0, 64, 64, 0, BLUE, false);
    glt_read_window(pix);
    expect_px(10, 10, 255, 0, 0, 255, 0);
    reset(NULL);

    /* polygon offset: a coplanar second pass fails LESS without it */
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    draw_rect(0, 0, 64, 64, 0.2f, RED, false);
    draw_rect(0, 0, 32, 64, 0.2f, GREEN, false);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(0.0f, -4.0f);
    draw_rect(32, 0, 64, 64, 0.2f, BLUE, false);
    glt_read_window(pix);
    expect_px(10, 10, 255, 0, 0, 255, 0);
    expect_px(50, 10, 0, 0, 255, 255, 0);
    reset(NULL);
}

static void test_render_scissor_viewport(void **state)
{
    (void)state;
    NEED_PROGRAM();
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    /* viewport: the full-NDC quad lands on [16, 48) x [8, 24) */
    glViewport(16, 8, 32, 16);
    draw_rect(0, 0, 64, 64, 0, RED, false);
    glViewport(0, 0, GLT_W, GLT_H);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 40, 8, 4);
    draw_rect(0, 0, 64, 64, 0, GREEN, false);
    glt_read_window(pix);
    for (int y = 0; y < GLT_H; y++)
        for (int x = 0; x < GLT_W; x++) {
            bool red = x >= 16 && x < 48 && y >= 8 && y < 24;
            bool green = x < 8 && y >= 40 && y < 44;
            expect_px(x, y, red ? 255 : 0, green ? 255 : 0, 0, 255, 0);
        }
    reset(NULL);
}

static void test_occlusion_query(void **state)
{
    (void)state;
    NEED_PROGRAM();
    GLuint q[2];
    glGenQueries(2, q);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glBeginQuery(GL_SAMPLES_PASSED, q[0]);
    draw_rect(8, 8, 24, 40, 0, RED, false); /* 16 x 32 pixels */
    glEndQuery(GL_SAMPLES_PASSED);
    GLuint n = 0;
    glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &n);
    ERR(GL_NO_ERROR);
    assert_int_equal(n, 16 * 32);
    /* depth-rejected fragments do not count */
    glEnable(GL_DEPTH_TEST);
    draw_rect(0, 0, 64, 64, -0.5f, RED, false);
    glBeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
    draw_rect(8, 8, 24, 40, 0.5f, GREEN, false);
    glEndQuery(GL_ANY_SAMPLES_PASSED);
    glGetQueryObjectuiv(q[1], GL_QUERY_RESULT, &n);
    assert_int_equal(n, 0);
    glBeginQuery(GL_SAMPLES_PASSED, q[0]);
    draw_rect(0, 0, 10, 10, -0.9f, GREEN, false);
    glEndQuery(GL_SAMPLES_PASSED);
    glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &n);
    assert_int_equal(n, 100);
    /* conditional rendering on a query that passed nothing skips the draw */
    glDisable(GL_DEPTH_TEST);
    glClear(GL_COLOR_BUFFER_BIT);
    glBeginConditionalRender(q[1], GL_QUERY_WAIT);
    draw_rect(0, 0, 64, 64, 0, BLUE, false);
    glEndConditionalRender();
    glBeginConditionalRender(q[0], GL_QUERY_WAIT);
    draw_rect(0, 0, 64, 64, 0, GREEN, false);
    glEndConditionalRender();
    ERR(GL_NO_ERROR);
    glt_read_window(pix);
    expect_px(30, 30, 0, 255, 0, 255, 0);
    glDeleteQueries(2, q);
    reset(NULL);
}


static void test_render_points_logicop(void **state)
{
    (void)state;
    NEED_PROGRAM();
    GLuint sprite = glt_program("attribute vec4 pos;\n"
                                "void main() { gl_Position = pos; gl_PointSize = 16.0; }\n",
                                "#version 120\nvoid main() { gl_FragColor = vec4(gl_PointCoord, 0.0, 1.0); }\n");
    while (glGetError() != GL_NO_ERROR)
        ;
    if (sprite) {
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glUseProgram(sprite);
        GLint lp = glGetAttribLocation(sprite, "pos");
        float v[4] = {0, 0, 0, 1}; /* centre: the point covers [24, 40) */
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        glVertexAttribPointer((GLuint)lp, 4, GL_FLOAT, GL_FALSE, 0, v);
        glEnableVertexAttribArray((GLuint)lp);
        glEnable(GL_POINT_SPRITE);
        glEnable(GL_VERTEX_PROGRAM_POINT_SIZE);
        glDrawArrays(GL_POINTS, 0, 1);
        glt_read_window(pix);
        /* UPPER_LEFT: s grows to the right, t grows downwards (GL 2.1 3.4.1):
         * pixel centre (24.5, 39.5) -> (1/32, 1/32); (39.5, 24.5) -> (31/32, 31/32) */
        expect_px(24, 39, unorm8(1 / 32.0f), unorm8(1 / 32.0f), 0, 255, 1);
        expect_px(39, 24, unorm8(31 / 32.0f), unorm8(31 / 32.0f), 0, 255, 1);
        expect_px(23, 30, 0, 0, 0, 255, 0);
        glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
        glDrawArrays(GL_POINTS, 0, 1);
        glt_read_window(pix);
        expect_px(24, 39, unorm8(1 / 32.0f), unorm8(31 / 32.0f), 0, 255, 1);
        expect_px(39, 24, unorm8(31 / 32.0f), unorm8(1 / 32.0f), 0, 255, 1);
        /* without VERTEX_PROGRAM_POINT_SIZE the size is glPointSize's */
        glDisable(GL_VERTEX_PROGRAM_POINT_SIZE);
        glPointSize(4.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_POINTS, 0, 1);
        glt_read_window(pix);
        assert_true(px(30, 30)[3] == 255 && px(33, 33)[0] > 0 && px(25, 25)[0] == 0);
        expect_px(27, 27, 0, 0, 0, 255, 0);
        glDisableVertexAttribArray((GLuint)lp);
        glDisable(GL_POINT_SPRITE);
        glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);
        glPointSize(1.0f);
        glUseProgram(0);
        glDeleteProgram(sprite);
        ERR(GL_NO_ERROR);
    } else {
        fprintf(stderr, "gl_PointCoord program did not build: sprite check skipped\n");
    }
    /* logic op replaces blending: XOR of 0x55.. with the source */
    glClearColor(0x55 / 255.0f, 0x0f / 255.0f, 1.0f, 0.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND); /* ignored while the logic op is on */
    glEnable(GL_COLOR_LOGIC_OP);
    glLogicOp(GL_XOR);
    const float c[4] = {0xff / 255.0f, 0x3c / 255.0f, 0.0f, 1.0f};
    draw_rect(0, 0, 64, 64, 0, c, false);
    glt_read_window(pix);
    expect_px(7, 7, 0x55 ^ 0xff, 0x0f ^ 0x3c, 0xff, 0xff, 0);
    reset(NULL);
}

static void test_clear_buffer_zs(void **state)
{
    (void)state;
    NEED_PROGRAM();
    /* ClearBufferfi: depth 0.25 and stencil 7 at once; ClearBufferiv(STENCIL) on a scissor */
    glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.25f, 7);
    glEnable(GL_SCISSOR_TEST);
    glScissor(32, 0, 32, 64);
    GLint s = 9;
    glClearBufferiv(GL_STENCIL, 0, &s);
    GLfloat z = 1.0f;
    glScissor(0, 32, 64, 32);
    glClearBufferfv(GL_DEPTH, 0, &z);
    glDisable(GL_SCISSOR_TEST);
    ERR(GL_NO_ERROR);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_EQUAL, 7, 0xff);
    draw_rect(0, 0, 64, 64, 0, RED, false);
    glStencilFunc(GL_EQUAL, 9, 0xff);
    draw_rect(0, 0, 64, 64, 0, GREEN, false);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    draw_rect(0, 0, 64, 64, -0.2f, BLUE, false); /* z 0.4: passes only where 1.0 */
    glt_read_window(pix);
    expect_px(10, 10, 255, 0, 0, 255, 0);
    expect_px(50, 10, 0, 255, 0, 255, 0);
    expect_px(10, 50, 0, 0, 255, 255, 0);
    expect_px(50, 50, 0, 0, 255, 255, 0);
    /* the depth mask blocks depth clears */
    glClearDepth(1.0);
    glClear(GL_DEPTH_BUFFER_BIT); /* DepthMask is FALSE: no effect */
    glClear(GL_COLOR_BUFFER_BIT);
    draw_rect(0, 0, 64, 64, -0.2f, BLUE, false);
    glt_read_window(pix);
    expect_px(10, 10, 0, 0, 0, 255, 0);
    expect_px(10, 50, 0, 0, 255, 255, 0);
    reset(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_defaults, reset),
        cmocka_unit_test_setup(test_roundtrips, reset),
        cmocka_unit_test_setup(test_errors, reset),
        cmocka_unit_test_setup(test_caps, reset),
        cmocka_unit_test_setup(test_cso_cache, reset),
        cmocka_unit_test_setup(test_clear_scissor_masks, reset),
        cmocka_unit_test_setup(test_query_objects, reset),
        cmocka_unit_test_setup(test_render_depth, reset),
        cmocka_unit_test_setup(test_render_stencil, reset),
        cmocka_unit_test_setup(test_render_blend, reset),
        cmocka_unit_test_setup(test_render_cull_offset, reset),
        cmocka_unit_test_setup(test_render_scissor_viewport, reset),
        cmocka_unit_test_setup(test_occlusion_query, reset),
        cmocka_unit_test_setup(test_render_points_logicop, reset),
        cmocka_unit_test_setup(test_clear_buffer_zs, reset),
    };
    return cmocka_run_group_tests(tests, glt_setup, glt_teardown);
}
