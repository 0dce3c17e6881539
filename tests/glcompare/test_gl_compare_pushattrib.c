/*
 * test_gl_compare_pushattrib.c: glPushAttrib / glPopAttrib of swr's
 * libOSMesa.so.8 against Mesa's llvmpipe libOSMesa.so.8 (the oracle) in one
 * run, and against the spec's definition of the stack.
 *
 * For every attribute group of GL 2.1 section 6.1.14 (and GL_ALL_ATTRIB_BITS)
 * the case sets state A in every group, records every queried value of
 * every group (glGetFloatv, glIsEnabled, glGetLightfv, glGetMaterialfv,
 * glGetClipPlane, glGetTexEnvfv, glGetTexGenfv, glGetPolygonStipple), pushes
 * the group, sets state B everywhere, pops, and records again. The spec
 * check (independent of llvmpipe): the queries of the pushed group read A's
 * values after the pop and every other group keeps B's; the queries of
 * GL_ENABLE_BIT are the caps of every group. The comparison: both
 * libraries' lists of values must be equal. Then the stack's own errors:
 * the 17th push is GL_STACK_OVERFLOW, a pop of the empty stack
 * GL_STACK_UNDERFLOW, both inside glBegin/glEnd GL_INVALID_OPERATION, and a
 * push/pop compiled into a display list acts when the list is called.
 *
 *   test_gl_compare_pushattrib <swr libOSMesa> [<reference libOSMesa>]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

#define PA_FUNCS(X)                                                                                          \
    X(PushAttrib, PUSHATTRIB)                                                                                \
    X(PopAttrib, POPATTRIB) X(GetFloatv, GETFLOATV) X(GetIntegerv, GETINTEGERV) X(                           \
        IsEnabled,                                                                                           \
        ISENABLED) X(Enable, ENABLE) X(Disable, DISABLE) X(GetError, GETERROR) X(Color4f, COLOR4F)           \
        X(Normal3f, NORMAL3F) X(TexCoord4f, TEXCOORD4F) X(RasterPos4f, RASTERPOS4F) X(                       \
            PointSize, POINTSIZE) X(LineWidth, LINEWIDTH) X(LineStipple, LINESTIPPLE) X(CullFace,            \
                                                                                        CULLFACE)            \
            X(FrontFace, FRONTFACE) X(PolygonMode, POLYGONMODE) X(PolygonOffset, POLYGONOFFSET) X(           \
                PolygonStipple, POLYGONSTIPPLE) X(GetPolygonStipple,                                         \
                                                  GETPOLYGONSTIPPLE) X(PixelTransferf,                       \
                                                                       PIXELTRANSFERF)                       \
                X(PixelZoom, PIXELZOOM) X(ShadeModel, SHADEMODEL) X(                                         \
                    Lightfv,                                                                                 \
                    LIGHTFV) X(GetLightfv,                                                                   \
                               GETLIGHTFV) X(Materialfv,                                                     \
                                             MATERIALFV) X(GetMaterialfv, GETMATERIALFV)                     \
                    X(LightModelfv, LIGHTMODELFV) X(LightModeli, LIGHTMODELI) X(                             \
                        ColorMaterial, COLORMATERIAL) X(Fogf, FOGF)                                          \
                        X(Fogi, FOGI) X(Fogfv, FOGFV) X(DepthFunc, DEPTHFUNC) X(                             \
                            DepthMask, DEPTHMASK) X(ClearDepth, CLEARDEPTH)                                  \
                            X(ClearAccum, CLEARACCUM) X(StencilFunc, STENCILFUNC) X(StencilOp, STENCILOP) X( \
                                StencilMask,                                                                 \
                                STENCILMASK) X(ClearStencil,                                                 \
                                               CLEARSTENCIL) X(Viewport,                                     \
                                                               VIEWPORT) X(DepthRange, DEPTHRANGE)           \
                                X(MatrixMode, MATRIXMODE) X(ClipPlane, CLIPPLANE)                            \
                                    X(GetClipPlane, GETCLIPPLANE) X(AlphaFunc, ALPHAFUNC) X(                 \
                                        BlendFuncSeparate,                                                   \
                                        BLENDFUNCSEPARATE) X(BlendEquation, BLENDEQUATION)                   \
                                        X(BlendColor, BLENDCOLOR) X(LogicOp, LOGICOP) X(                     \
                                            ClearColor,                                                      \
                                            CLEARCOLOR) X(ColorMask, COLORMASK)                              \
                                            X(Hint, HINT) X(MapGrid1f, MAPGRID1F) X(                         \
                                                MapGrid2f,                                                   \
                                                MAPGRID2F) X(ListBase,                                       \
                                                             LISTBASE) X(Scissor, SCISSOR)                   \
                                                X(SampleCoverage, SAMPLECOVERAGE) X(                         \
                                                    ActiveTexture,                                           \
                                                    ACTIVETEXTURE) X(BindTexture, BINDTEXTURE)               \
                                                    X(GenTextures,                                           \
                                                      GENTEXTURES) X(TexEnvi, TEXENVI)                       \
                                                        X(TexEnvfv, TEXENVFV) X(                             \
                                                            GetTexEnvfv,                                     \
                                                            GETTEXENVFV) X(TexGeni, TEXGENI)                 \
                                                            X(TexGenfv, TEXGENFV) X(                         \
                                                                GetTexGenfv,                                 \
                                                                GETTEXGENFV) X(TexParameteri,                \
                                                                               TEXPARAMETERI)                \
                                                                X(GetTexParameterfv,                         \
                                                                  GETTEXPARAMETERFV) X(LoadIdentity,         \
                                                                                       LOADIDENTITY)         \
                                                                    X(Translatef, TRANSLATEF) X(             \
                                                                        Rotatef,                             \
                                                                        ROTATEF) X(Begin, BEGIN)             \
                                                                        X(End,                               \
                                                                          END) X(NewList, NEWLIST)           \
                                                                            X(EndList,                       \
                                                                              ENDLIST) X(CallList,           \
                                                                                         CALLLIST)           \
                                                                                X(GenLists,                  \
                                                                                  GENLISTS)                  \
                                                                                    X(DrawBuffer,            \
                                                                                      DRAWBUFFER)

GLC_TABLE(pa_api, pa_open, PA_FUNCS)

enum { MAXV = 1 << 17 };
typedef struct rec {
    long long v[MAXV];
    int n;
} rec;
static void put(rec *r, long long x)
{
    if (r->n < MAXV)
        r->v[r->n++] = x;
}
/* Floats recorded to 1/4096: both libraries store what was set. */
static void putf(rec *r, double x) { put(r, (long long)llround(x * 4096.0)); }

/* ---- the state of each group, A (v = 0) and B (v = 1) ---- */

static void set_state(pa_api *l, int v, GLuint *tex)
{
    const float a = v ? 0.75f : 0.25f;
    /* CURRENT */
    l->Color4f(a, 0.5f, 1.0f - a, 0.125f);
    l->Normal3f(0.0f, a, 1.0f);
    l->TexCoord4f(a, 2.0f, 3.0f, 1.0f);
    l->MatrixMode(GL_MODELVIEW);
    l->LoadIdentity();
    l->Disable(GL_LIGHTING); /* the raster colour unlit (swr does not light it yet) */
    l->RasterPos4f(v ? -0.5f : 0.25f, 0.125f, 0.0f, 1.0f);
    /* POINT, LINE, POLYGON */
    l->PointSize(v ? 3.0f : 2.0f);
    (v ? l->Enable : l->Disable)(GL_POINT_SMOOTH);
    l->LineWidth(v ? 2.0f : 1.0f);
    l->LineStipple(v ? 3 : 1, v ? 0xF0F0 : 0x1234);
    (v ? l->Disable : l->Enable)(GL_LINE_STIPPLE);
    l->CullFace(v ? GL_FRONT : GL_BACK);
    l->FrontFace(v ? GL_CW : GL_CCW);
    l->PolygonMode(GL_FRONT, v ? GL_LINE : GL_FILL);
    l->PolygonMode(GL_BACK, v ? GL_POINT : GL_LINE);
    l->PolygonOffset(a, 2.0f * a);
    (v ? l->Enable : l->Disable)(GL_CULL_FACE);
    (v ? l->Disable : l->Enable)(GL_POLYGON_OFFSET_FILL);
    GLubyte stip[128];
    for (int i = 0; i < 128; i++)
        stip[i] = (GLubyte)(v ? i * 7 : 255 - i);
    l->PolygonStipple(stip);
    /* PIXEL_MODE */
    l->PixelTransferf(GL_RED_SCALE, v ? 2.0f : 0.5f);
    l->PixelTransferf(GL_DEPTH_BIAS, a);
    l->PixelZoom(v ? 2.0f : 1.0f, v ? -1.0f : 3.0f);
    /* LIGHTING (the modelview is set so the eye-space values differ from the set ones) */
    l->MatrixMode(GL_MODELVIEW);
    l->LoadIdentity();
    l->Translatef(1.0f, 2.0f, 3.0f);
    l->Rotatef(30.0f, 0.0f, 0.0f, 1.0f);
    l->ShadeModel(v ? GL_FLAT : GL_SMOOTH);
    const GLfloat col[4] = {a, 0.25f, 0.5f, 1.0f}, pos[4] = {a, 1.0f, 2.0f, v ? 0.0f : 1.0f};
    l->Lightfv(GL_LIGHT1, GL_DIFFUSE, col);
    l->Lightfv(GL_LIGHT1, GL_POSITION, pos);
    l->Lightfv(GL_LIGHT2, GL_SPOT_DIRECTION, pos);
    l->Materialfv(GL_FRONT, GL_SPECULAR, col);
    l->Materialfv(GL_BACK, GL_EMISSION, col);
    l->LightModelfv(GL_LIGHT_MODEL_AMBIENT, col);
    l->LightModeli(GL_LIGHT_MODEL_TWO_SIDE, v);
    l->ColorMaterial(v ? GL_BACK : GL_FRONT, v ? GL_AMBIENT : GL_DIFFUSE);
    (v ? l->Enable : l->Disable)(GL_LIGHTING);
    (v ? l->Disable : l->Enable)(GL_LIGHT1);
    /* FOG */
    l->Fogi(GL_FOG_MODE, v ? GL_EXP : GL_LINEAR);
    l->Fogf(GL_FOG_START, a);
    l->Fogf(GL_FOG_DENSITY, 2.0f * a);
    l->Fogfv(GL_FOG_COLOR, col);
    (v ? l->Enable : l->Disable)(GL_FOG);
    /* DEPTH, ACCUM, STENCIL */
    l->DepthFunc(v ? GL_GREATER : GL_LEQUAL);
    l->DepthMask(v ? GL_FALSE : GL_TRUE);
    l->ClearDepth(a);
    (v ? l->Enable : l->Disable)(GL_DEPTH_TEST);
    l->ClearAccum(a, 0.5f, -a, 1.0f);
    l->StencilFunc(v ? GL_EQUAL : GL_ALWAYS, v ? 3 : 1, v ? 0x0F : 0xF0);
    l->StencilOp(v ? GL_INCR : GL_KEEP, v ? GL_DECR : GL_ZERO, v ? GL_INVERT : GL_REPLACE);
    l->StencilMask(v ? 0x3C : 0xC3);
    l->ClearStencil(v ? 5 : 2);
    (v ? l->Disable : l->Enable)(GL_STENCIL_TEST);
    /* VIEWPORT */
    l->Viewport(v ? 1 : 2, v ? 3 : 4, v ? 10 : 12, v ? 11 : 13);
    l->DepthRange(a, 1.0f - a / 2.0f);
    /* TRANSFORM (the clip plane under the modelview set above) */
    const GLdouble plane[4] = {a, 1.0, -2.0, 0.5};
    l->ClipPlane(GL_CLIP_PLANE2, plane);
    (v ? l->Enable : l->Disable)(GL_CLIP_PLANE2);
    (v ? l->Enable : l->Disable)(GL_NORMALIZE);
    /* COLOR_BUFFER */
    l->AlphaFunc(v ? GL_GREATER : GL_LESS, a);
    l->BlendFuncSeparate(v ? GL_ONE : GL_SRC_ALPHA, v ? GL_ZERO : GL_ONE_MINUS_SRC_ALPHA,
                         v ? GL_DST_ALPHA : GL_ONE, v ? GL_SRC_COLOR : GL_ZERO);
    l->BlendEquation(v ? GL_FUNC_SUBTRACT : GL_FUNC_ADD);
    l->BlendColor(a, a, 0.5f, 1.0f);
    l->LogicOp(v ? GL_XOR : GL_AND);
    l->ClearColor(a, 0.0f, 1.0f, 0.5f);
    l->ColorMask(GL_TRUE, v ? GL_FALSE : GL_TRUE, GL_TRUE, v ? GL_TRUE : GL_FALSE);
    l->DrawBuffer(v ? GL_NONE : GL_FRONT);
    (v ? l->Enable : l->Disable)(GL_BLEND);
    (v ? l->Disable : l->Enable)(GL_ALPHA_TEST);
    (v ? l->Enable : l->Disable)(GL_COLOR_LOGIC_OP);
    /* HINT, EVAL, LIST, SCISSOR, MULTISAMPLE */
    l->Hint(GL_FOG_HINT, v ? GL_NICEST : GL_FASTEST);
    l->Hint(GL_PERSPECTIVE_CORRECTION_HINT, v ? GL_FASTEST : GL_NICEST);
    l->MapGrid1f(v ? 7 : 3, a, 2.0f);
    l->MapGrid2f(v ? 5 : 2, 0.0f, a, v ? 9 : 4, a, 1.0f);
    (v ? l->Enable : l->Disable)(GL_MAP2_VERTEX_3);
    (v ? l->Disable : l->Enable)(GL_AUTO_NORMAL);
    l->ListBase(v ? 100 : 7);
    l->Scissor(v ? 1 : 0, 2, v ? 5 : 9, 6);
    (v ? l->Enable : l->Disable)(GL_SCISSOR_TEST);
    l->SampleCoverage(a, v ? GL_TRUE : GL_FALSE);
    (v ? l->Enable : l->Disable)(GL_SAMPLE_ALPHA_TO_COVERAGE);
    /* TEXTURE: units 0 and 1 */
    for (int u = 0; u < 2; u++) {
        l->ActiveTexture(GL_TEXTURE0 + u);
        l->BindTexture(GL_TEXTURE_2D, tex[v * 2 + u]);
        (v ^ u ? l->Enable : l->Disable)(GL_TEXTURE_2D);
        (v ^ u ? l->Disable : l->Enable)(GL_TEXTURE_GEN_S);
        l->TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, v ^ u ? GL_DECAL : GL_ADD);
        l->TexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, col);
        l->TexGeni(GL_T, GL_TEXTURE_GEN_MODE, v ? GL_EYE_LINEAR : GL_SPHERE_MAP);
        l->TexGenfv(GL_S, GL_EYE_PLANE, col);
        l->TexGenfv(GL_R, GL_OBJECT_PLANE, pos);
    }
    /* a parameter of tex[0] (bound to unit 0 in A): B changes it while
     * tex[2] is bound, and a pop of GL_TEXTURE_BIT puts it back */
    l->ActiveTexture(GL_TEXTURE0);
    l->BindTexture(GL_TEXTURE_2D, tex[0]);
    l->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, v ? GL_NEAREST : GL_LINEAR);
    l->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, v ? GL_CLAMP_TO_EDGE : GL_MIRRORED_REPEAT);
    l->BindTexture(GL_TEXTURE_2D, tex[v * 2]);
    l->ActiveTexture(v ? GL_TEXTURE1 : GL_TEXTURE0);
    /* TRANSFORM's matrix mode last (the setters above switch it) */
    l->MatrixMode(v ? GL_PROJECTION : GL_TEXTURE);
}

/* ---- the queries, each tagged with the bits whose pop restores it ---- */

enum { Q_FLOAT, Q_ENABLED, Q_LIGHT, Q_MATERIAL, Q_CLIP, Q_TEXENV, Q_TEXGEN, Q_STIPPLE, Q_TEXPARAM };
typedef struct query {
    GLbitfield bits;
    int kind;
    GLenum pname, arg;
    int unit;
} query;

#define EN(bit, cap)                                                                               \
    {                                                                                              \
        (bit) | GL_ENABLE_BIT, Q_ENABLED, cap, 0, 0                                                \
    }
#define FV(bit, pname)                                                                             \
    {                                                                                              \
        bit, Q_FLOAT, pname, 0, 0                                                                  \
    }
static const query queries[] = {
    FV(GL_CURRENT_BIT, GL_CURRENT_COLOR),
    FV(GL_CURRENT_BIT, GL_CURRENT_NORMAL),
    FV(GL_CURRENT_BIT, GL_CURRENT_TEXTURE_COORDS),
    FV(GL_CURRENT_BIT, GL_CURRENT_RASTER_POSITION),
    FV(GL_CURRENT_BIT, GL_CURRENT_RASTER_COLOR),
    FV(GL_POINT_BIT, GL_POINT_SIZE),
    EN(GL_POINT_BIT, GL_POINT_SMOOTH),
    FV(GL_LINE_BIT, GL_LINE_WIDTH),
    FV(GL_LINE_BIT, GL_LINE_STIPPLE_PATTERN),
    FV(GL_LINE_BIT, GL_LINE_STIPPLE_REPEAT),
    EN(GL_LINE_BIT, GL_LINE_STIPPLE),
    FV(GL_POLYGON_BIT, GL_CULL_FACE_MODE),
    FV(GL_POLYGON_BIT, GL_FRONT_FACE),
    FV(GL_POLYGON_BIT, GL_POLYGON_MODE),
    FV(GL_POLYGON_BIT, GL_POLYGON_OFFSET_FACTOR),
    FV(GL_POLYGON_BIT, GL_POLYGON_OFFSET_UNITS),
    EN(GL_POLYGON_BIT, GL_CULL_FACE),
    EN(GL_POLYGON_BIT, GL_POLYGON_OFFSET_FILL),
    {GL_POLYGON_STIPPLE_BIT, Q_STIPPLE, 0, 0, 0},
    FV(GL_PIXEL_MODE_BIT, GL_RED_SCALE),
    FV(GL_PIXEL_MODE_BIT, GL_DEPTH_BIAS),
    FV(GL_PIXEL_MODE_BIT, GL_ZOOM_X),
    FV(GL_PIXEL_MODE_BIT, GL_ZOOM_Y),
    FV(GL_LIGHTING_BIT, GL_SHADE_MODEL),
    FV(GL_LIGHTING_BIT, GL_LIGHT_MODEL_AMBIENT),
    FV(GL_LIGHTING_BIT, GL_LIGHT_MODEL_TWO_SIDE),
    FV(GL_LIGHTING_BIT, GL_COLOR_MATERIAL_FACE),
    FV(GL_LIGHTING_BIT, GL_COLOR_MATERIAL_PARAMETER),
    {GL_LIGHTING_BIT, Q_LIGHT, GL_LIGHT1, GL_DIFFUSE, 0},
    {GL_LIGHTING_BIT, Q_LIGHT, GL_LIGHT1, GL_POSITION, 0},
    {GL_LIGHTING_BIT, Q_LIGHT, GL_LIGHT2, GL_SPOT_DIRECTION, 0},
    {GL_LIGHTING_BIT, Q_MATERIAL, GL_FRONT, GL_SPECULAR, 0},
    {GL_LIGHTING_BIT, Q_MATERIAL, GL_BACK, GL_EMISSION, 0},
    EN(GL_LIGHTING_BIT, GL_LIGHTING),
    EN(GL_LIGHTING_BIT, GL_LIGHT1),
    FV(GL_FOG_BIT, GL_FOG_MODE),
    FV(GL_FOG_BIT, GL_FOG_START),
    FV(GL_FOG_BIT, GL_FOG_DENSITY),
    FV(GL_FOG_BIT, GL_FOG_COLOR),
    EN(GL_FOG_BIT, GL_FOG),
    FV(GL_DEPTH_BUFFER_BIT, GL_DEPTH_FUNC),
    FV(GL_DEPTH_BUFFER_BIT, GL_DEPTH_WRITEMASK),
    FV(GL_DEPTH_BUFFER_BIT, GL_DEPTH_CLEAR_VALUE),
    EN(GL_DEPTH_BUFFER_BIT, GL_DEPTH_TEST),
    FV(GL_ACCUM_BUFFER_BIT, GL_ACCUM_CLEAR_VALUE),
    FV(GL_STENCIL_BUFFER_BIT, GL_STENCIL_FUNC),
    FV(GL_STENCIL_BUFFER_BIT, GL_STENCIL_REF),
    FV(GL_STENCIL_BUFFER_BIT, GL_STENCIL_VALUE_MASK),
    FV(GL_STENCIL_BUFFER_BIT, GL_STENCIL_FAIL),
    FV(GL_STENCIL_BUFFER_BIT, GL_STENCIL_PASS_DEPTH_FAIL),
    FV(GL_STENCIL_BUFFER_BIT, GL_STENCIL_PASS_DEPTH_PASS),
    FV(GL_STENCIL_BUFFER_BIT, GL_STENCIL_WRITEMASK),
    FV(GL_STENCIL_BUFFER_BIT, GL_STENCIL_BACK_FUNC),
    FV(GL_STENCIL_BUFFER_BIT, GL_STENCIL_BACK_WRITEMASK),
    FV(GL_STENCIL_BUFFER_BIT, GL_STENCIL_CLEAR_VALUE),
    EN(GL_STENCIL_BUFFER_BIT, GL_STENCIL_TEST),
    FV(GL_VIEWPORT_BIT, GL_VIEWPORT),
    FV(GL_VIEWPORT_BIT, GL_DEPTH_RANGE),
    FV(GL_TRANSFORM_BIT, GL_MATRIX_MODE),
    {GL_TRANSFORM_BIT, Q_CLIP, GL_CLIP_PLANE2, 0, 0},
    EN(GL_TRANSFORM_BIT, GL_CLIP_PLANE2),
    EN(GL_TRANSFORM_BIT, GL_NORMALIZE),
    FV(GL_COLOR_BUFFER_BIT, GL_ALPHA_TEST_FUNC),
    FV(GL_COLOR_BUFFER_BIT, GL_ALPHA_TEST_REF),
    FV(GL_COLOR_BUFFER_BIT, GL_BLEND_SRC_RGB),
    FV(GL_COLOR_BUFFER_BIT, GL_BLEND_DST_RGB),
    FV(GL_COLOR_BUFFER_BIT, GL_BLEND_SRC_ALPHA),
    FV(GL_COLOR_BUFFER_BIT, GL_BLEND_DST_ALPHA),
    FV(GL_COLOR_BUFFER_BIT, GL_BLEND_EQUATION_RGB),
    FV(GL_COLOR_BUFFER_BIT, GL_BLEND_COLOR),
    FV(GL_COLOR_BUFFER_BIT, GL_LOGIC_OP_MODE),
    FV(GL_COLOR_BUFFER_BIT, GL_COLOR_CLEAR_VALUE),
    FV(GL_COLOR_BUFFER_BIT, GL_COLOR_WRITEMASK),
    FV(GL_COLOR_BUFFER_BIT, GL_DRAW_BUFFER),
    EN(GL_COLOR_BUFFER_BIT, GL_BLEND),
    EN(GL_COLOR_BUFFER_BIT, GL_ALPHA_TEST),
    EN(GL_COLOR_BUFFER_BIT, GL_COLOR_LOGIC_OP),
    FV(GL_HINT_BIT, GL_FOG_HINT),
    FV(GL_HINT_BIT, GL_PERSPECTIVE_CORRECTION_HINT),
    FV(GL_EVAL_BIT, GL_MAP1_GRID_DOMAIN),
    FV(GL_EVAL_BIT, GL_MAP1_GRID_SEGMENTS),
    FV(GL_EVAL_BIT, GL_MAP2_GRID_DOMAIN),
    FV(GL_EVAL_BIT, GL_MAP2_GRID_SEGMENTS),
    EN(GL_EVAL_BIT, GL_MAP2_VERTEX_3),
    EN(GL_EVAL_BIT, GL_AUTO_NORMAL),
    FV(GL_LIST_BIT, GL_LIST_BASE),
    FV(GL_SCISSOR_BIT, GL_SCISSOR_BOX),
    EN(GL_SCISSOR_BIT, GL_SCISSOR_TEST),
    FV(GL_MULTISAMPLE_BIT, GL_SAMPLE_COVERAGE_VALUE),
    FV(GL_MULTISAMPLE_BIT, GL_SAMPLE_COVERAGE_INVERT),
    EN(GL_MULTISAMPLE_BIT, GL_SAMPLE_ALPHA_TO_COVERAGE),
    FV(GL_TEXTURE_BIT, GL_ACTIVE_TEXTURE),
    {GL_TEXTURE_BIT, Q_FLOAT, GL_TEXTURE_BINDING_2D, 0, 0},
    {GL_TEXTURE_BIT, Q_FLOAT, GL_TEXTURE_BINDING_2D, 0, 1},
    {GL_TEXTURE_BIT | GL_ENABLE_BIT, Q_ENABLED, GL_TEXTURE_2D, 0, 0},
    {GL_TEXTURE_BIT | GL_ENABLE_BIT, Q_ENABLED, GL_TEXTURE_2D, 0, 1},
    {GL_TEXTURE_BIT | GL_ENABLE_BIT, Q_ENABLED, GL_TEXTURE_GEN_S, 0, 0},
    {GL_TEXTURE_BIT | GL_ENABLE_BIT, Q_ENABLED, GL_TEXTURE_GEN_S, 0, 1},
    {GL_TEXTURE_BIT, Q_TEXENV, GL_TEXTURE_ENV_MODE, 0, 0},
    {GL_TEXTURE_BIT, Q_TEXENV, GL_TEXTURE_ENV_MODE, 0, 1},
    {GL_TEXTURE_BIT, Q_TEXENV, GL_TEXTURE_ENV_COLOR, 0, 1},
    {GL_TEXTURE_BIT, Q_TEXGEN, GL_TEXTURE_GEN_MODE, GL_T, 0},
    {GL_TEXTURE_BIT, Q_TEXGEN, GL_EYE_PLANE, GL_S, 1},
    {GL_TEXTURE_BIT, Q_TEXGEN, GL_OBJECT_PLANE, GL_R, 0},
    {GL_TEXTURE_BIT, Q_TEXPARAM, GL_TEXTURE_MIN_FILTER, 0, 0},
    {GL_TEXTURE_BIT, Q_TEXPARAM, GL_TEXTURE_WRAP_T, 0, 0},
};
enum { NQ = sizeof queries / sizeof queries[0] };

/* The values where a library's pop breaks the spec (skip[k]: value k of
 * the comparison list): llvmpipe's own deviations are reported and left out
 * of the comparison with swr, which must follow the spec everywhere. */
static unsigned char skip_ref[MAXV];

/* Records query q; returns how many values it put. */
static int snap_one(pa_api *l, rec *r, const query *q)
{
    const int n0 = r->n;
    GLfloat f[16];
    for (int k = 0; k < 16; k++)
        f[k] = -1234.0f;
    GLint unit = 0;
    l->GetIntegerv(GL_ACTIVE_TEXTURE, &unit);
    /* Every query but GL_ACTIVE_TEXTURE's reads the unit it names. */
    const bool switch_unit = q->pname != GL_ACTIVE_TEXTURE;
    if (switch_unit)
        l->ActiveTexture(GL_TEXTURE0 + q->unit);
    switch (q->kind) {
    case Q_FLOAT:
        l->GetFloatv(q->pname, f);
        break;
    case Q_ENABLED:
        f[0] = l->IsEnabled(q->pname);
        break;
    case Q_LIGHT:
        l->GetLightfv(q->pname, q->arg, f);
        break;
    case Q_MATERIAL:
        l->GetMaterialfv(q->pname, q->arg, f);
        break;
    case Q_CLIP: {
        GLdouble d[4] = {0};
        l->GetClipPlane(q->pname, d);
        for (int k = 0; k < 4; k++)
            f[k] = (GLfloat)d[k];
        break;
    }
    case Q_TEXENV:
        l->GetTexEnvfv(GL_TEXTURE_ENV, q->pname, f);
        break;
    case Q_TEXGEN:
        l->GetTexGenfv(q->arg, q->pname, f);
        break;
    case Q_TEXPARAM:
        l->GetTexParameterfv(GL_TEXTURE_2D, q->pname, f);
        break;
    case Q_STIPPLE: {
        GLubyte s[128];
        l->GetPolygonStipple(s);
        for (int k = 0; k < 128; k += 8) {
            long long x = 0;
            memcpy(&x, s + k, 8);
            put(r, x);
        }
        break;
    }
    }
    if (switch_unit)
        l->ActiveTexture((GLenum)unit);
    if (q->kind != Q_STIPPLE)
        for (int k = 0; k < 16; k++)
            putf(r, f[k]);
    return r->n - n0;
}

static void snap(pa_api *l, rec *r, int *start)
{
    for (int i = 0; i < NQ; i++) {
        start[i] = r->n;
        snap_one(l, r, &queries[i]);
    }
    start[NQ] = r->n;
}

static const GLbitfield groups[] = {
    GL_CURRENT_BIT,
    GL_POINT_BIT,
    GL_LINE_BIT,
    GL_POLYGON_BIT,
    GL_POLYGON_STIPPLE_BIT,
    GL_PIXEL_MODE_BIT,
    GL_LIGHTING_BIT,
    GL_FOG_BIT,
    GL_DEPTH_BUFFER_BIT,
    GL_ACCUM_BUFFER_BIT,
    GL_STENCIL_BUFFER_BIT,
    GL_VIEWPORT_BIT,
    GL_TRANSFORM_BIT,
    GL_ENABLE_BIT,
    GL_COLOR_BUFFER_BIT,
    GL_HINT_BIT,
    GL_EVAL_BIT,
    GL_LIST_BIT,
    GL_TEXTURE_BIT,
    GL_SCISSOR_BIT,
    GL_MULTISAMPLE_BIT,
    GL_ALL_ATTRIB_BITS,
};
enum { NG = sizeof groups / sizeof groups[0] };

static void run_case(pa_api *l, rec *r, int *spec_fail, unsigned char *skip)
{
    GLuint tex[4];
    l->GenTextures(4, tex);
    static rec before, changed, after;
    static int sb[NQ + 1], sc[NQ + 1], sa[NQ + 1];
    for (int g = 0; g < NG; g++) {
        set_state(l, 0, tex);
        before.n = changed.n = after.n = 0;
        snap(l, &before, sb);
        l->PushAttrib(groups[g]);
        set_state(l, 1, tex);
        snap(l, &changed, sc);
        l->PopAttrib();
        snap(l, &after, sa);
        put(r, l->GetError());
        const int base = r->n;
        for (int i = 0; i < after.n; i++)
            put(r, after.v[i]);
        for (int i = 0; i < NQ; i++) {
            const rec *want = (queries[i].bits & groups[g]) ? &before : &changed;
            const int n = sa[i + 1] - sa[i];
            if (memcmp(after.v + sa[i], want->v + sa[i], (size_t)n * sizeof after.v[0])) {
                for (int k = 0; skip && k < n && base + sa[i] + k < MAXV; k++)
                    skip[base + sa[i] + k] = 1;
                if (*spec_fail < 20)
                    fprintf(stderr, "  %s: group 0x%x: query %d (pname 0x%x) not %s\n",
                            skip ? "llvmpipe" : "swr", groups[g], i, queries[i].pname,
                            want == &before ? "restored" : "kept");
                (*spec_fail)++;
            }
        }
    }
    /* The stack's errors and its depth. */
    GLint depth = -1, max = -1;
    l->GetIntegerv(GL_MAX_ATTRIB_STACK_DEPTH, &max);
    put(r, max >= 16);
    for (int i = 0; i < max; i++)
        l->PushAttrib(GL_LIST_BIT);
    put(r, l->GetError());
    l->GetIntegerv(GL_ATTRIB_STACK_DEPTH, &depth);
    put(r, depth == max);
    l->PushAttrib(GL_LIST_BIT);
    put(r, l->GetError()); /* GL_STACK_OVERFLOW */
    for (int i = 0; i < max; i++)
        l->PopAttrib();
    put(r, l->GetError());
    l->PopAttrib();
    put(r, l->GetError()); /* GL_STACK_UNDERFLOW */
    l->Begin(GL_POINTS);
    l->PushAttrib(GL_LIST_BIT);
    l->End();
    put(r, l->GetError()); /* GL_INVALID_OPERATION */
    l->GetIntegerv(GL_ATTRIB_STACK_DEPTH, &depth);
    put(r, depth);
    /* Compiled into a list: nothing happens until the list is called. */
    l->ListBase(5);
    GLuint list = l->GenLists(1);
    l->NewList(list, GL_COMPILE);
    l->PushAttrib(GL_LIST_BIT);
    l->ListBase(9);
    l->EndList();
    GLint base = -1;
    l->GetIntegerv(GL_LIST_BASE, &base);
    put(r, base);
    l->CallList(list);
    l->GetIntegerv(GL_LIST_BASE, &base);
    put(r, base);
    l->GetIntegerv(GL_ATTRIB_STACK_DEPTH, &depth);
    put(r, depth);
    l->PopAttrib();
    l->GetIntegerv(GL_LIST_BASE, &base);
    put(r, base);
    put(r, l->GetError());
    l->PushAttrib(GL_ALL_ATTRIB_BITS); /* left on the stack at destruction */
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>]\n", argv[0]);
        return 2;
    }
    const char *ref_path = argc > 2 && argv[2][0] ? argv[2] : glc_reference_library();
    glc_api swr, ref;
    pa_api lswr, lref;
    if (!glc_open(&swr, argv[1]) || !glc_open(&ref, ref_path) || !pa_open(&lswr, &swr) ||
        !pa_open(&lref, &ref))
        return 1;
    static rec a, b;
    int spec_swr = 0, spec_ref = 0;
    glc_target t;
    if (!glc_target_create_accum(&t, &swr, 16, 16, 16))
        return 1;
    run_case(&lswr, &a, &spec_swr, NULL);
    glc_target_destroy(&t);
    if (!glc_target_create_accum(&t, &ref, 16, 16, 16))
        return 1;
    run_case(&lref, &b, &spec_ref, skip_ref);
    glc_target_destroy(&t);
    int bad = a.n != b.n;
    for (int k = 0; k < a.n && k < b.n; k++)
        if (a.v[k] != b.v[k] && !skip_ref[k] && bad++ < 12)
            fprintf(stderr, "  value %d: swr %lld, llvmpipe %lld\n", k, a.v[k], b.v[k]);
    if (spec_swr)
        fprintf(stderr, "  swr: %d values not restored or not kept by a pop\n", spec_swr);
    const bool pass = !bad && !spec_swr;
    printf("pushattrib %d groups, %d values  %s (llvmpipe's own spec check: %d failures)\n", NG,
           a.n, pass ? "ok" : "FAIL", spec_ref);
    return pass ? 0 : 1;
}
