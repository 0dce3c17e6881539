/*
 * test_fixed_compare.c: fixed-function GL (no GLSL program) rendered by
 * swr's libOSMesa.so.8 and by Mesa's llvmpipe libOSMesa.so.8 (the oracle)
 * in the same run, image by image, plus glGet values and errors of the
 * fixed-function state compared with llvmpipe's and with the spec.
 *
 *   test_fixed_compare <swr libOSMesa> [<reference libOSMesa>] [scene ...]
 *
 * Every scene draws with glVertexAttribPointer(0) as the position (GL 2.1
 * compatibility aliases generic attribute 0 with gl_Vertex); normals,
 * colours and texture coordinates keep their current values or come from
 * texgen, so each scene exercises the transform, lighting, fog, texgen,
 * texture environment and clipping of the fixed-function programs. A
 * scene passes when the PSNR of the two images reaches its bound; the
 * state checks pass when swr's values equal llvmpipe's and the spec's
 * (errors) or agree within 1e-5 (matrices, transformed positions).
 * SWR_GLC_DUMP=<dir> writes both images of every scene as PNG.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

enum { W = 160, H = 120 };

/* The fixed-function entry points (looked up per library). */
#define FX_FUNCS(X)                                                                                \
    X(MatrixMode, MATRIXMODE) X(LoadIdentity, LOADIDENTITY) X(LoadMatrixf, LOADMATRIXF)           \
    X(MultMatrixf, MULTMATRIXF) X(LoadTransposeMatrixf, LOADTRANSPOSEMATRIXF)                      \
    X(MultTransposeMatrixd, MULTTRANSPOSEMATRIXD) X(PushMatrix, PUSHMATRIX)                        \
    X(PopMatrix, POPMATRIX) X(Rotatef, ROTATEF) X(Translatef, TRANSLATEF) X(Scalef, SCALEF)       \
    X(Frustum, FRUSTUM) X(Ortho, ORTHO) X(Lightfv, LIGHTFV) X(Lightf, LIGHTF)                     \
    X(LightModelfv, LIGHTMODELFV) X(LightModeli, LIGHTMODELI) X(Materialfv, MATERIALFV)           \
    X(Materialf, MATERIALF) X(ColorMaterial, COLORMATERIAL) X(Fogf, FOGF) X(Fogi, FOGI)           \
    X(Fogfv, FOGFV) X(TexGeni, TEXGENI) X(TexGenfv, TEXGENFV) X(TexEnvi, TEXENVI)                 \
    X(TexEnvfv, TEXENVFV) X(ClipPlane, CLIPPLANE) X(GetFloatv, GETFLOATV)                         \
    X(GetLightfv, GETLIGHTFV) X(GetTexEnviv, GETTEXENVIV) X(GetClipPlane, GETCLIPPLANE)            \
    X(GetMaterialfv, GETMATERIALFV) X(ShadeModel, SHADEMODEL) X(VertexPointer, VERTEXPOINTER)    \
    X(NormalPointer, NORMALPOINTER) X(ColorPointer, COLORPOINTER)                                 \
    X(EnableClientState, ENABLECLIENTSTATE) X(DisableClientState, DISABLECLIENTSTATE)             \
    X(Begin, BEGIN) X(End, END) X(Vertex3f, VERTEX3F) X(Normal3f, NORMAL3F) X(Color4f, COLOR4F)   \
    X(TexCoord2f, TEXCOORD2F)

typedef struct fx_api {
    glc_api *g;
#define FX_MEMBER(name, upper) PFNGL##upper##PROC name;
    FX_FUNCS(FX_MEMBER)
#undef FX_MEMBER
} fx_api;

static bool fx_open(fx_api *x, glc_api *g)
{
    x->g = g;
#define FX_LOAD(name, upper)                                                                       \
    *(void **)&x->name = g->OSMesaGetProcAddress("gl" #name);                                      \
    if (!x->name) {                                                                                \
        fprintf(stderr, "%s: no gl" #name "\n", g->path);                                          \
        return false;                                                                              \
    }
    FX_FUNCS(FX_LOAD)
#undef FX_LOAD
    return true;
}

/* ---- geometry ----------------------------------------------------------------------------- */

/* An n x n grid of quads (as triangles) over [-1, 1]^2 at z, in the xy plane. */
enum { GRID = 12, GRID_VERTS = GRID * GRID * 6 };
static float grid[GRID_VERTS * 3];

static void make_grid(void)
{
    unsigned k = 0;
    for (int j = 0; j < GRID; j++)
        for (int i = 0; i < GRID; i++) {
            static const int corner[6][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}};
            for (int c = 0; c < 6; c++) {
                grid[k++] = -1.0f + 2.0f * (float)(i + corner[c][0]) / GRID;
                grid[k++] = -1.0f + 2.0f * (float)(j + corner[c][1]) / GRID;
                grid[k++] = 0.0f;
            }
        }
}

static void draw_grid(fx_api *x)
{
    glc_api *g = x->g;
    g->VertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, grid);
    g->EnableVertexAttribArray(0);
    g->DrawArrays(GL_TRIANGLES, 0, GRID_VERTS);
    g->DisableVertexAttribArray(0);
}

static void perspective(fx_api *x)
{
    x->MatrixMode(GL_PROJECTION);
    x->LoadIdentity();
    x->Frustum(-0.8, 0.8, -0.6, 0.6, 1.0, 10.0);
    x->MatrixMode(GL_MODELVIEW);
    x->LoadIdentity();
}

static void emission(fx_api *x, float r, float gr, float b)
{
    const float e[4] = {r, gr, b, 1.0f};
    x->Materialfv(GL_FRONT_AND_BACK, GL_EMISSION, e);
}

/* ---- scenes --------------------------------------------------------------------------------- */

/* Ortho and frustum, push/pop, rotate/translate/scale, transpose loads:
 * four grids of different emission colours (lighting on, no light). */
static void scene_transforms(fx_api *x)
{
    const float black[4] = {0, 0, 0, 1};
    x->g->Enable(GL_LIGHTING);
    x->LightModelfv(GL_LIGHT_MODEL_AMBIENT, black);
    x->MatrixMode(GL_PROJECTION);
    x->Ortho(-2, 2, -1.5, 1.5, -5, 5);
    x->MatrixMode(GL_MODELVIEW);
    x->PushMatrix();
    x->Translatef(-1.0f, 0.6f, 0);
    x->Rotatef(30, 0, 0, 1);
    x->Scalef(0.6f, 0.4f, 1);
    emission(x, 1, 0, 0);
    draw_grid(x);
    x->PopMatrix();
    x->PushMatrix();
    const float t[16] = {0.5f, 0, 0, 1.0f, 0, 0.5f, 0, 0.6f, 0, 0, 1, 0, 0, 0, 0, 1};
    x->LoadTransposeMatrixf(t); /* translate (1, 0.6) scale 0.5 */
    emission(x, 0, 1, 0);
    draw_grid(x);
    x->PopMatrix();
    /* the bottom half in perspective */
    x->MatrixMode(GL_PROJECTION);
    x->LoadIdentity();
    x->Frustum(-1, 1, -0.75, 0.75, 1, 20);
    x->MatrixMode(GL_MODELVIEW);
    x->PushMatrix();
    x->Translatef(-0.8f, -1.0f, -3.0f);
    x->Rotatef(60, 1, 0, 0);
    x->Rotatef(20, 0, 1, 0);
    x->Scalef(0.7f, 0.7f, 0.7f);
    emission(x, 0.2f, 0.4f, 1);
    draw_grid(x);
    x->PopMatrix();
    const double m[16] = {0.4, 0, 0, 0.9, 0, 0.4, 0, -0.9, 0, 0, 0.4, -3, 0, 0, 0, 1};
    x->MultTransposeMatrixd(m);
    x->Rotatef(-40, 0, 1, 0);
    emission(x, 1, 1, 0);
    draw_grid(x);
}

static void light_setup(fx_api *x, const float pos[4], const float diffuse[4])
{
    const float spec[4] = {1, 1, 1, 1}, mspec[4] = {0.8f, 0.8f, 0.8f, 1};
    x->g->Enable(GL_LIGHTING);
    x->g->Enable(GL_LIGHT0);
    x->Lightfv(GL_LIGHT0, GL_POSITION, pos);
    x->Lightfv(GL_LIGHT0, GL_DIFFUSE, diffuse);
    x->Lightfv(GL_LIGHT0, GL_SPECULAR, spec);
    x->Materialfv(GL_FRONT_AND_BACK, GL_SPECULAR, mspec);
    x->Materialf(GL_FRONT_AND_BACK, GL_SHININESS, 20);
}

/* A grid tilted away from the viewer (constant normal (0, 0, 1) in object
 * space, so eye-space normals follow the rotation). */
static void tilted_grid(fx_api *x, float angle)
{
    x->PushMatrix();
    x->Translatef(0, 0, -3.0f);
    x->Rotatef(angle, 1, 0, 0);
    x->Scalef(1.6f, 1.6f, 1.6f);
    draw_grid(x);
    x->PopMatrix();
}

static void scene_light_directional(fx_api *x)
{
    perspective(x);
    const float pos[4] = {0.3f, 0.5f, 1, 0}, dif[4] = {0.9f, 0.7f, 0.5f, 1};
    light_setup(x, pos, dif);
    tilted_grid(x, -35);
}

static void scene_light_point(fx_api *x)
{
    perspective(x);
    const float pos[4] = {0.2f, -0.3f, -2.0f, 1}, dif[4] = {1, 0.9f, 0.6f, 1};
    light_setup(x, pos, dif);
    x->Lightf(GL_LIGHT0, GL_CONSTANT_ATTENUATION, 0.3f);
    x->Lightf(GL_LIGHT0, GL_LINEAR_ATTENUATION, 0.4f);
    x->Lightf(GL_LIGHT0, GL_QUADRATIC_ATTENUATION, 0.6f);
    x->LightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, GL_TRUE);
    tilted_grid(x, -30);
}

static void scene_light_spot(fx_api *x)
{
    perspective(x);
    const float pos[4] = {0, 1.0f, -1.5f, 1}, dif[4] = {0.4f, 0.9f, 1, 1};
    const float dir[3] = {0, -1, -0.8f};
    light_setup(x, pos, dif);
    x->Lightfv(GL_LIGHT0, GL_SPOT_DIRECTION, dir);
    x->Lightf(GL_LIGHT0, GL_SPOT_CUTOFF, 35);
    x->Lightf(GL_LIGHT0, GL_SPOT_EXPONENT, 8);
    /* a second, directional light with separate specular */
    const float p1[4] = {-1, 0, 1, 0}, d1[4] = {0.3f, 0.1f, 0.1f, 1}, s1[4] = {0.5f, 0.5f, 1, 1};
    x->g->Enable(GL_LIGHT1);
    x->Lightfv(GL_LIGHT1, GL_POSITION, p1);
    x->Lightfv(GL_LIGHT1, GL_DIFFUSE, d1);
    x->Lightfv(GL_LIGHT1, GL_SPECULAR, s1);
    x->LightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
    tilted_grid(x, -60);
}

/* Two-sided lighting: a grid turned past 90 degrees shows its back face,
 * lit with the back material and the reversed normal. */
static void scene_light_two_side(fx_api *x)
{
    perspective(x);
    const float pos[4] = {0, 0, 1, 0}, dif[4] = {1, 1, 1, 1};
    const float front[4] = {0.9f, 0.2f, 0.2f, 1}, back[4] = {0.2f, 0.3f, 0.9f, 1};
    light_setup(x, pos, dif);
    x->LightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_TRUE);
    x->Materialfv(GL_FRONT, GL_DIFFUSE, front);
    x->Materialfv(GL_BACK, GL_DIFFUSE, back);
    x->PushMatrix();
    x->Translatef(-0.9f, 0, 0);
    x->Scalef(0.5f, 0.5f, 0.5f);
    tilted_grid(x, -20);
    x->PopMatrix();
    x->PushMatrix();
    x->Translatef(0.9f, 0, 0);
    x->Scalef(0.5f, 0.5f, 0.5f);
    tilted_grid(x, 200);
    x->PopMatrix();
}

/* Colour material tracking the current colour (white) for the diffuse
 * term, normal rescaling with a scaled modelview. */
static void scene_color_material(fx_api *x)
{
    perspective(x);
    const float pos[4] = {0.5f, 0.5f, 1, 0}, dif[4] = {0.8f, 0.8f, 0.3f, 1};
    light_setup(x, pos, dif);
    x->ColorMaterial(GL_FRONT, GL_DIFFUSE);
    x->g->Enable(GL_COLOR_MATERIAL);
    x->g->Enable(GL_NORMALIZE);
    x->PushMatrix();
    x->Scalef(2, 2, 2);
    x->Translatef(0, 0, -1.5f);
    x->Rotatef(-40, 1, 0.3f, 0);
    x->Scalef(0.8f, 0.8f, 0.8f);
    draw_grid(x);
    x->PopMatrix();
}

static void fog_scene(fx_api *x, GLenum mode)
{
    perspective(x);
    const float col[4] = {0.6f, 0.7f, 0.8f, 1};
    x->g->Enable(GL_LIGHTING);
    emission(x, 1, 0.4f, 0.1f);
    x->g->Enable(GL_FOG);
    x->Fogi(GL_FOG_MODE, (GLint)mode);
    x->Fogfv(GL_FOG_COLOR, col);
    x->Fogf(GL_FOG_START, 2.0f);
    x->Fogf(GL_FOG_END, 6.0f);
    x->Fogf(GL_FOG_DENSITY, 0.35f);
    x->PushMatrix();
    x->Translatef(0, -0.5f, -4.0f);
    x->Rotatef(-75, 1, 0, 0);
    x->Scalef(2.5f, 3.0f, 1);
    draw_grid(x);
    x->PopMatrix();
}

static void scene_fog_linear(fx_api *x) { fog_scene(x, GL_LINEAR); }
static void scene_fog_exp(fx_api *x) { fog_scene(x, GL_EXP); }
static void scene_fog_exp2(fx_api *x) { fog_scene(x, GL_EXP2); }

/* A 16x16 RGBA checker on unit 0 with nearest filtering; coordinates from
 * object-linear texgen (s = x, t = y over the grid), so no coordinate
 * array is needed. */
static GLuint checker_texture(fx_api *x, GLenum format)
{
    glc_api *g = x->g;
    static uint8_t px[16 * 16 * 4];
    for (int j = 0; j < 16; j++)
        for (int i = 0; i < 16; i++) {
            uint8_t *p = px + (j * 16 + i) * 4;
            bool on = ((i >> 2) ^ (j >> 2)) & 1;
            p[0] = on ? 230 : 40;
            p[1] = (uint8_t)(i * 16);
            p[2] = (uint8_t)(j * 16);
            p[3] = on ? 255 : 96;
        }
    GLuint t;
    g->GenTextures(1, &t);
    g->BindTexture(GL_TEXTURE_2D, t);
    g->TexImage2D(GL_TEXTURE_2D, 0, (GLint)format, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    g->Enable(GL_TEXTURE_2D);
    const float sp[4] = {0.5f, 0, 0, 0.5f}, tp[4] = {0, 0.5f, 0, 0.5f};
    x->TexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    x->TexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    x->TexGenfv(GL_S, GL_OBJECT_PLANE, sp);
    x->TexGenfv(GL_T, GL_OBJECT_PLANE, tp);
    g->Enable(GL_TEXTURE_GEN_S);
    g->Enable(GL_TEXTURE_GEN_T);
    return t;
}

/* The primary colour: emission (0.9, 0.6, 0.3) and alpha from the diffuse
 * material (0.7). */
static void primary_color(fx_api *x)
{
    const float black[4] = {0, 0, 0, 1}, dif[4] = {0, 0, 0, 0.7f};
    x->g->Enable(GL_LIGHTING);
    x->LightModelfv(GL_LIGHT_MODEL_AMBIENT, black);
    x->Materialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, dif);
    emission(x, 0.9f, 0.6f, 0.3f);
}

static void texenv_scene(fx_api *x, GLenum mode, GLenum format)
{
    primary_color(x);
    GLuint t = checker_texture(x, format);
    const float env[4] = {0.1f, 0.8f, 0.4f, 0.5f};
    x->TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, (GLint)mode);
    x->TexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env);
    x->g->Enable(GL_BLEND);
    x->g->BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    x->MatrixMode(GL_MODELVIEW);
    x->Scalef(0.9f, 0.9f, 1);
    draw_grid(x);
    x->g->DeleteTextures(1, &t);
}

static void scene_env_modulate(fx_api *x) { texenv_scene(x, GL_MODULATE, GL_RGBA); }
static void scene_env_replace(fx_api *x) { texenv_scene(x, GL_REPLACE, GL_RGB); }
static void scene_env_decal(fx_api *x) { texenv_scene(x, GL_DECAL, GL_RGBA); }
static void scene_env_blend(fx_api *x) { texenv_scene(x, GL_BLEND, GL_LUMINANCE_ALPHA); }
static void scene_env_add(fx_api *x) { texenv_scene(x, GL_ADD, GL_INTENSITY); }
static void scene_env_modulate_alpha(fx_api *x) { texenv_scene(x, GL_MODULATE, GL_ALPHA); }

static void combine_scene(fx_api *x, GLenum rgb, GLenum alpha, int scale)
{
    primary_color(x);
    GLuint t = checker_texture(x, GL_RGBA);
    const float env[4] = {0.3f, 0.2f, 0.9f, 0.4f};
    x->TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE);
    x->TexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env);
    x->TexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, (GLint)rgb);
    x->TexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, (GLint)alpha);
    x->TexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB, GL_TEXTURE);
    x->TexEnvi(GL_TEXTURE_ENV, GL_SRC1_RGB, GL_PRIMARY_COLOR);
    x->TexEnvi(GL_TEXTURE_ENV, GL_SRC2_RGB, GL_CONSTANT);
    x->TexEnvi(GL_TEXTURE_ENV, GL_OPERAND1_RGB, GL_ONE_MINUS_SRC_COLOR);
    x->TexEnvi(GL_TEXTURE_ENV, GL_OPERAND2_RGB, GL_SRC_ALPHA);
    x->TexEnvi(GL_TEXTURE_ENV, GL_SRC0_ALPHA, GL_TEXTURE);
    x->TexEnvi(GL_TEXTURE_ENV, GL_SRC1_ALPHA, GL_CONSTANT);
    x->TexEnvi(GL_TEXTURE_ENV, GL_SRC2_ALPHA, GL_PRIMARY_COLOR);
    x->TexEnvi(GL_TEXTURE_ENV, GL_RGB_SCALE, scale);
    x->MatrixMode(GL_MODELVIEW);
    x->Scalef(0.9f, 0.9f, 1);
    draw_grid(x);
    x->g->DeleteTextures(1, &t);
}

static void scene_combine_interpolate(fx_api *x)
{
    combine_scene(x, GL_INTERPOLATE, GL_MODULATE, 1);
}
static void scene_combine_add_signed(fx_api *x) { combine_scene(x, GL_ADD_SIGNED, GL_ADD, 2); }
static void scene_combine_dot3(fx_api *x) { combine_scene(x, GL_DOT3_RGB, GL_SUBTRACT, 1); }
static void scene_combine_subtract(fx_api *x) { combine_scene(x, GL_SUBTRACT, GL_REPLACE, 4); }

/* Texgen: eye-linear planes given under a rotated modelview (stored in eye
 * space), a texture matrix, and sphere mapping on a perspective grid. */
static void scene_texgen_eye(fx_api *x)
{
    perspective(x);
    primary_color(x);
    GLuint t = checker_texture(x, GL_RGB);
    x->TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    x->PushMatrix();
    x->Rotatef(25, 0, 0, 1);
    const float sp[4] = {0.8f, 0, 0, 0.5f}, tp[4] = {0, 0.8f, 0.3f, 0.5f};
    x->TexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_EYE_LINEAR);
    x->TexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_EYE_LINEAR);
    x->TexGenfv(GL_S, GL_EYE_PLANE, sp);
    x->TexGenfv(GL_T, GL_EYE_PLANE, tp);
    x->PopMatrix();
    x->MatrixMode(GL_TEXTURE);
    x->Translatef(0.1f, 0.2f, 0);
    x->Scalef(1.5f, 1.5f, 1);
    x->MatrixMode(GL_MODELVIEW);
    tilted_grid(x, -30);
    x->g->DeleteTextures(1, &t);
}

static void scene_texgen_sphere(fx_api *x)
{
    perspective(x);
    primary_color(x);
    GLuint t = checker_texture(x, GL_RGB);
    x->TexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
    x->TexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
    x->TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    tilted_grid(x, -40);
    x->g->DeleteTextures(1, &t);
}

/* Two clip planes given under different modelviews (eye space). */
static void scene_clip_planes(fx_api *x)
{
    perspective(x);
    x->g->Enable(GL_LIGHTING);
    emission(x, 0.2f, 0.9f, 0.5f);
    x->PushMatrix();
    x->Rotatef(30, 0, 0, 1);
    const double p0[4] = {1, 0.2, 0, 0.2};
    x->ClipPlane(GL_CLIP_PLANE0, p0);
    x->PopMatrix();
    x->PushMatrix();
    x->Translatef(0, 0, -3);
    const double p1[4] = {0, -1, 0, 0.5};
    x->ClipPlane(GL_CLIP_PLANE2, p1);
    x->PopMatrix();
    x->g->Enable(GL_CLIP_PLANE0);
    x->g->Enable(GL_CLIP_PLANE2);
    tilted_grid(x, -20);
    x->g->Disable(GL_CLIP_PLANE0);
    x->g->Disable(GL_CLIP_PLANE2);
}

/* Flat shading of lit geometry (the provoking vertex's colour). */
static void scene_flat_lit(fx_api *x)
{
    perspective(x);
    const float pos[4] = {0.2f, 0.1f, -2.0f, 1}, dif[4] = {1, 0.8f, 0.5f, 1};
    light_setup(x, pos, dif);
    x->ShadeModel(GL_FLAT);
    tilted_grid(x, -45);
}

/* GLSL 1.10 built-in state uniforms tracking the fixed-function state: a
 * program doing its own lighting and fog from gl_LightSource[0],
 * gl_FrontMaterial, gl_LightModel, gl_Fog, gl_NormalMatrix and the
 * matrices (gl_Vertex is attribute 0). */
static const char *const builtin_vs =
    "#version 110\n"
    "varying vec4 c;\n"
    "void main() {\n"
    "  gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
    "  vec4 e = gl_ModelViewMatrix * gl_Vertex;\n"
    "  vec3 n = normalize(gl_NormalMatrix * vec3(0.0, 0.0, 1.0));\n"
    "  vec3 l = normalize(gl_LightSource[1].position.xyz - e.xyz);\n"
    "  float d = max(dot(n, l), 0.0);\n"
    "  float sp = pow(max(dot(n, normalize(l + vec3(0.0, 0.0, 1.0))), 0.0), gl_FrontMaterial.shininess);\n"
    "  c = gl_FrontMaterial.emission + gl_LightModel.ambient * gl_FrontMaterial.ambient\n"
    "      + gl_LightSource[1].diffuse * gl_FrontMaterial.diffuse * d\n"
    "      + gl_FrontLightProduct[1].specular * sp;\n"
    "  float f = clamp((gl_Fog.end + e.z) * gl_Fog.scale, 0.0, 1.0);\n"
    "  c.rgb = mix(gl_Fog.color.rgb, c.rgb, f);\n"
    "  c.rgb += 0.1 * (gl_TextureMatrix[2] * vec4(1.0, 0.0, 0.0, 1.0)).xyz;\n"
    "  c.a = 1.0;\n"
    "}\n";
static const char *const builtin_fs =
    "#version 110\n"
    "varying vec4 c;\n"
    "void main() { gl_FragColor = c; }\n";

static void scene_glsl_builtins(fx_api *x)
{
    glc_api *g = x->g;
    perspective(x);
    const float pos[4] = {0.5f, 1.0f, -1.0f, 1}, dif[4] = {0.9f, 0.8f, 0.4f, 1};
    const float spec[4] = {0.6f, 0.6f, 1, 1}, mdif[4] = {0.7f, 0.9f, 0.6f, 1};
    const float mspec[4] = {0.9f, 0.9f, 0.9f, 1}, fogc[4] = {0.3f, 0.1f, 0.4f, 1};
    x->Lightfv(GL_LIGHT1, GL_POSITION, pos);
    x->Lightfv(GL_LIGHT1, GL_DIFFUSE, dif);
    x->Lightfv(GL_LIGHT1, GL_SPECULAR, spec);
    x->Materialfv(GL_FRONT, GL_DIFFUSE, mdif);
    x->Materialfv(GL_FRONT, GL_SPECULAR, mspec);
    x->Materialf(GL_FRONT, GL_SHININESS, 12);
    emission(x, 0.05f, 0.0f, 0.1f);
    x->Fogfv(GL_FOG_COLOR, fogc);
    x->Fogf(GL_FOG_START, 2.5f);
    x->Fogf(GL_FOG_END, 5.0f);
    g->ActiveTexture(GL_TEXTURE2);
    x->MatrixMode(GL_TEXTURE);
    x->Translatef(0.5f, 1.0f, 0.2f);
    g->ActiveTexture(GL_TEXTURE0);
    x->MatrixMode(GL_MODELVIEW);
    GLuint p = glc_program(g, builtin_vs, builtin_fs);
    if (!p)
        return;
    g->UseProgram(p);
    tilted_grid(x, -50);
    /* values changed between draws of one program reach it too */
    x->PushMatrix();
    x->Translatef(0.8f, 0.6f, -0.5f);
    x->Scalef(0.3f, 0.3f, 0.3f);
    emission(x, 0.5f, 0.0f, 0.0f);
    tilted_grid(x, 10);
    x->PopMatrix();
    g->UseProgram(0);
    g->DeleteProgram(p);
    /* and fixed function again after it */
    x->g->Enable(GL_LIGHTING);
    emission(x, 0.0f, 0.6f, 0.9f);
    x->Translatef(-0.9f, -0.6f, -2.0f);
    x->Scalef(0.2f, 0.2f, 0.2f);
    draw_grid(x);
}

/* Legacy arrays: a bumpy grid with per-vertex normals (glNormalPointer)
 * and colours (glColorPointer, unsigned bytes) tracked by the colour
 * material, lit by a positional light with separate specular. */
static void scene_legacy_arrays(fx_api *x)
{
    static float pos[GRID_VERTS * 3], nrm[GRID_VERTS * 3];
    static uint8_t col[GRID_VERTS * 4];
    for (int v = 0; v < GRID_VERTS; v++) {
        float px = grid[v * 3], py = grid[v * 3 + 1];
        pos[v * 3] = px;
        pos[v * 3 + 1] = py;
        pos[v * 3 + 2] = 0.2f * sinf(3 * px) * cosf(2 * py);
        float nx = -0.6f * cosf(3 * px) * cosf(2 * py), ny = 0.4f * sinf(3 * px) * sinf(2 * py);
        nrm[v * 3] = nx;
        nrm[v * 3 + 1] = ny;
        nrm[v * 3 + 2] = 1.0f;
        col[v * 4] = (uint8_t)(128 + 120 * px);
        col[v * 4 + 1] = (uint8_t)(128 + 120 * py);
        col[v * 4 + 2] = 180;
        col[v * 4 + 3] = 255;
    }
    perspective(x);
    const float lp[4] = {0.5f, 0.8f, -1.5f, 1}, dif[4] = {1, 1, 1, 1};
    light_setup(x, lp, dif);
    x->LightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
    x->ColorMaterial(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE);
    x->g->Enable(GL_COLOR_MATERIAL);
    x->g->Enable(GL_NORMALIZE);
    x->g->Enable(GL_DEPTH_TEST);
    x->VertexPointer(3, GL_FLOAT, 0, pos);
    x->NormalPointer(GL_FLOAT, 0, nrm);
    x->ColorPointer(4, GL_UNSIGNED_BYTE, 0, col);
    x->EnableClientState(GL_VERTEX_ARRAY);
    x->EnableClientState(GL_NORMAL_ARRAY);
    x->EnableClientState(GL_COLOR_ARRAY);
    x->PushMatrix();
    x->Translatef(0, 0, -3.0f);
    x->Rotatef(-40, 1, 0, 0);
    x->Scalef(1.5f, 1.5f, 1.5f);
    x->g->DrawArrays(GL_TRIANGLES, 0, GRID_VERTS);
    x->PopMatrix();
    x->DisableClientState(GL_VERTEX_ARRAY);
    x->DisableClientState(GL_NORMAL_ARRAY);
    x->DisableClientState(GL_COLOR_ARRAY);
}

/* Immediate mode: glBegin/glEnd with per-vertex colour, normal and
 * texture coordinates, unlit-then-lit, textured and fogged. */
static void scene_immediate(fx_api *x)
{
    perspective(x);
    GLuint t = checker_texture(x, GL_RGBA);
    x->g->Disable(GL_TEXTURE_GEN_S);
    x->g->Disable(GL_TEXTURE_GEN_T);
    x->TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    x->Translatef(0, 0, -3.0f);
    x->Begin(GL_TRIANGLE_STRIP);
    for (int i = 0; i <= 8; i++) {
        float u = (float)i / 8;
        x->Color4f(u, 1 - u, 0.5f, 1);
        x->TexCoord2f(2 * u, 0);
        x->Vertex3f(-1.6f + 3.2f * u, -1.2f, -0.5f * u);
        x->TexCoord2f(2 * u, 1);
        x->Vertex3f(-1.6f + 3.2f * u, -0.1f, -0.5f * u);
    }
    x->End();
    x->g->Disable(GL_TEXTURE_2D);
    const float lp[4] = {0, 0, 1, 0}, dif[4] = {0.9f, 0.9f, 0.7f, 1};
    light_setup(x, lp, dif);
    x->g->Enable(GL_COLOR_MATERIAL);
    x->g->Enable(GL_FOG);
    x->Fogi(GL_FOG_MODE, GL_EXP);
    x->Fogf(GL_FOG_DENSITY, 0.25f);
    x->Begin(GL_TRIANGLES);
    for (int i = 0; i < 6; i++) {
        float a = (float)i * 1.0472f, b = a + 1.0472f;
        x->Color4f(0.3f + 0.1f * i, 0.8f, 0.2f, 1);
        x->Normal3f(0, 0, 1);
        x->Vertex3f(0, 0.7f, 0);
        x->Normal3f(cosf(a), sinf(a), 0.5f);
        x->Vertex3f(0.8f * cosf(a), 0.7f + 0.6f * sinf(a), -0.5f);
        x->Normal3f(cosf(b), sinf(b), 0.5f);
        x->Vertex3f(0.8f * cosf(b), 0.7f + 0.6f * sinf(b), -0.5f);
    }
    x->End();
    x->g->DeleteTextures(1, &t);
}

typedef struct fx_scene {
    const char *name;
    double min_psnr;
    void (*run)(fx_api *x);
} fx_scene;

static const fx_scene scenes[] = {
    {"transforms", 40, scene_transforms},
    {"light_directional", 40, scene_light_directional},
    {"light_point", 40, scene_light_point},
    {"light_spot", 38, scene_light_spot},
    {"light_two_side", 40, scene_light_two_side},
    {"color_material", 40, scene_color_material},
    {"flat_lit", 40, scene_flat_lit},
    {"fog_linear", 40, scene_fog_linear},
    {"fog_exp", 40, scene_fog_exp},
    {"fog_exp2", 40, scene_fog_exp2},
    {"env_modulate", 36, scene_env_modulate},
    {"env_modulate_alpha", 36, scene_env_modulate_alpha},
    {"env_replace", 36, scene_env_replace},
    {"env_decal", 36, scene_env_decal},
    {"env_blend", 36, scene_env_blend},
    {"env_add", 36, scene_env_add},
    {"combine_interpolate", 36, scene_combine_interpolate},
    {"combine_add_signed", 36, scene_combine_add_signed},
    {"combine_dot3", 36, scene_combine_dot3},
    {"combine_subtract", 36, scene_combine_subtract},
    {"texgen_eye", 34, scene_texgen_eye},
    {"texgen_sphere", 34, scene_texgen_sphere},
    {"clip_planes", 36, scene_clip_planes},
    {"glsl_builtins", 36, scene_glsl_builtins},
    {"legacy_arrays", 38, scene_legacy_arrays},
    {"immediate", 36, scene_immediate},
};

/* Pixels of an image that are not the clear colour: a scene must draw
 * something (at least 5% of the image) to count. */
static int drawn_pixels(const uint8_t *img)
{
    int n = 0;
    for (int i = 0; i < W * H; i++) {
        const uint8_t *p = img + 4 * i;
        n += abs(p[0] - 26) > 2 || abs(p[1] - 26) > 2 || abs(p[2] - 38) > 2;
    }
    return n;
}

/* Renders one scene in a fresh context; false on a GL error. */
static bool render(glc_api *g, const fx_scene *s, uint8_t *out)
{
    glc_target t;
    if (!glc_target_create(&t, g, W, H))
        return false;
    fx_api x;
    bool ok = fx_open(&x, g);
    if (ok) {
        g->Viewport(0, 0, W, H);
        g->ClearColor(0.1f, 0.1f, 0.15f, 1);
        g->Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        s->run(&x);
        g->Finish();
        GLenum e = g->GetError();
        if (e != GL_NO_ERROR) {
            fprintf(stderr, "%s: scene %s: GL error 0x%x\n", g->path, s->name, e);
            ok = false;
        }
    }
    memcpy(out, t.color, (size_t)W * H * 4);
    glc_target_destroy(&t);
    return ok;
}

/* ---- state checks ------------------------------------------------------------------------- */

typedef struct fx_state {
    float mv[16], proj[16], tex[16];
    float light_pos[4], spot_dir[4], clip[4];
    GLint depth_mv, env_mode, combine_rgb;
    GLenum errors[8];
} fx_state;

static void read_state(fx_api *x, fx_state *st)
{
    glc_api *g = x->g;
    memset(st, 0, sizeof *st);
    x->MatrixMode(GL_PROJECTION);
    x->Ortho(-1, 3, -2, 2, 0.5, 9);
    x->MatrixMode(GL_MODELVIEW);
    x->Translatef(1, 2, 3);
    x->Rotatef(33, 1, 2, 3);
    x->PushMatrix();
    x->Scalef(2, 3, 4);
    const float lp[4] = {1, 2, 3, 1}, sd[4] = {0, 0, -1, 0};
    x->Lightfv(GL_LIGHT3, GL_POSITION, lp);
    x->Lightfv(GL_LIGHT3, GL_SPOT_DIRECTION, sd);
    const double cp[4] = {1, -1, 0.5, 2};
    x->ClipPlane(GL_CLIP_PLANE1, cp);
    g->GetIntegerv(GL_MODELVIEW_STACK_DEPTH, &st->depth_mv);
    x->PopMatrix();
    x->GetFloatv(GL_MODELVIEW_MATRIX, st->mv);
    x->GetFloatv(GL_PROJECTION_MATRIX, st->proj);
    x->MatrixMode(GL_TEXTURE);
    x->Rotatef(90, 0, 0, 1);
    x->GetFloatv(GL_TEXTURE_MATRIX, st->tex);
    x->MatrixMode(GL_MODELVIEW);
    x->GetLightfv(GL_LIGHT3, GL_POSITION, st->light_pos);
    x->GetLightfv(GL_LIGHT3, GL_SPOT_DIRECTION, st->spot_dir);
    double c[4];
    x->GetClipPlane(GL_CLIP_PLANE1, c);
    for (int k = 0; k < 4; k++)
        st->clip[k] = (float)c[k];
    x->TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE);
    x->TexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_DOT3_RGBA);
    x->GetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &st->env_mode);
    x->GetTexEnviv(GL_TEXTURE_ENV, GL_COMBINE_RGB, &st->combine_rgb);
    g->GetError();
    /* errors, one per check */
    unsigned e = 0;
    for (int i = 0; i < 32; i++) /* the stack holds 32: 31 pushes fit */
        x->PushMatrix();
    st->errors[e++] = g->GetError(); /* STACK_OVERFLOW on the 32nd */
    for (int i = 0; i < 32; i++)
        x->PopMatrix();
    st->errors[e++] = g->GetError(); /* STACK_UNDERFLOW on the 32nd */
    x->MatrixMode(GL_TEXTURE_2D);
    st->errors[e++] = g->GetError(); /* INVALID_ENUM */
    const float v[4] = {0};
    x->Lightfv(GL_LIGHT0 + 8, GL_DIFFUSE, v);
    st->errors[e++] = g->GetError(); /* INVALID_ENUM */
    x->Materialf(GL_FRONT, GL_SHININESS, 200);
    st->errors[e++] = g->GetError(); /* INVALID_VALUE */
    x->Lightf(GL_LIGHT0, GL_SPOT_CUTOFF, 120);
    st->errors[e++] = g->GetError(); /* INVALID_VALUE */
    x->Frustum(-1, 1, -1, 1, 0, 1);
    st->errors[e++] = g->GetError(); /* INVALID_VALUE */
    x->TexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_TEXTURE);
    st->errors[e++] = g->GetError(); /* INVALID_ENUM */
}

static bool close_floats(const char *what, const float *a, const float *b, int n)
{
    for (int i = 0; i < n; i++) {
        if (!(fabsf(a[i] - b[i]) <= 1e-5f * (1.0f + fabsf(b[i])))) {
            printf("state %s[%d]: swr %.7g, reference %.7g\n", what, i, a[i], b[i]);
            return false;
        }
    }
    return true;
}

static bool check_state(glc_api *swr, glc_api *ref)
{
    fx_state st[2];
    glc_api *gs[2] = {swr, ref};
    for (int k = 0; k < 2; k++) {
        glc_target t;
        fx_api x;
        if (!glc_target_create(&t, gs[k], 8, 8) || !fx_open(&x, gs[k]))
            return false;
        read_state(&x, &st[k]);
        glc_target_destroy(&t);
    }
    static const GLenum expected[8] = {GL_STACK_OVERFLOW, GL_STACK_UNDERFLOW, GL_INVALID_ENUM,
                                       GL_INVALID_ENUM,   GL_INVALID_VALUE,   GL_INVALID_VALUE,
                                       GL_INVALID_VALUE,  GL_INVALID_ENUM};
    bool ok = close_floats("modelview", st[0].mv, st[1].mv, 16) &&
              close_floats("projection", st[0].proj, st[1].proj, 16) &&
              close_floats("texture", st[0].tex, st[1].tex, 16) &&
              close_floats("light position", st[0].light_pos, st[1].light_pos, 4) &&
              close_floats("spot direction", st[0].spot_dir, st[1].spot_dir, 3) &&
              close_floats("clip plane", st[0].clip, st[1].clip, 4);
    if (st[0].depth_mv != 2 || st[1].depth_mv != 2 || st[0].env_mode != GL_COMBINE ||
        st[0].combine_rgb != GL_DOT3_RGBA || st[1].combine_rgb != GL_DOT3_RGBA) {
        printf("state: stack depth %d/%d, env mode 0x%x, combine 0x%x/0x%x\n", st[0].depth_mv,
               st[1].depth_mv, st[0].env_mode, st[0].combine_rgb, st[1].combine_rgb);
        ok = false;
    }
    for (int i = 0; i < 8; i++) {
        if (st[0].errors[i] != expected[i] || st[1].errors[i] != expected[i]) {
            printf("error check %d: swr 0x%x, reference 0x%x, spec 0x%x\n", i, st[0].errors[i],
                   st[1].errors[i], expected[i]);
            ok = false;
        }
    }
    printf("%-20s %s\n", "state and errors", ok ? "ok" : "FAIL");
    return ok;
}

/* ---- main ------------------------------------------------------------------------------------ */

static bool selected(int argc, char **argv, const char *name)
{
    if (argc <= 3)
        return true;
    for (int i = 3; i < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return true;
    return false;
}

static void dump(const char *dir, const char *scene, const char *who, const uint8_t *img)
{
    char path[512];
    snprintf(path, sizeof path, "%s/fixed-%s-%s.png", dir, scene, who);
    if (!glc_write_png(path, img, W, H))
        fprintf(stderr, "cannot write %s\n", path);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>] [scene ...]\n", argv[0]);
        return 2;
    }
    const char *ref_path = argc > 2 && argv[2][0] ? argv[2] : glc_reference_library();
    glc_api swr, ref;
    if (!glc_open(&swr, argv[1]) || !glc_open(&ref, ref_path))
        return 1;
    make_grid();
    const char *dump_dir = getenv("SWR_GLC_DUMP");
    uint8_t *a = malloc((size_t)W * H * 4), *b = malloc((size_t)W * H * 4);
    int failed = 0, run = 0;
    printf("%-20s %10s %8s  %s\n", "scene", "PSNR (dB)", "max diff", "result");
    for (size_t i = 0; i < sizeof scenes / sizeof scenes[0]; i++) {
        const fx_scene *s = &scenes[i];
        if (!selected(argc, argv, s->name))
            continue;
        run++;
        bool ok_swr = render(&swr, s, a);
        bool ok_ref = render(&ref, s, b);
        int md = 0;
        double psnr = glc_psnr(a, b, W, H, &md);
        bool drew = drawn_pixels(b) >= W * H / 20;
        bool pass = ok_swr && ok_ref && drew && psnr >= s->min_psnr;
        printf("%-20s %10.2f %8d  %s (bound %.0f dB)%s%s%s\n", s->name, isinf(psnr) ? 99.99 : psnr,
               md, pass ? "ok" : "FAIL", s->min_psnr, ok_swr ? "" : " [swr reported a problem]",
               ok_ref ? "" : " [reference reported a problem]",
               drew ? "" : " [the reference drew almost nothing]");
        failed += !pass;
        if (dump_dir || !pass) {
            dump(dump_dir ? dump_dir : ".", s->name, "swr", a);
            dump(dump_dir ? dump_dir : ".", s->name, "ref", b);
        }
    }
    if (argc <= 3) {
        run++;
        failed += !check_state(&swr, &ref);
    }
    printf("%d of %d checks agree with %s\n", run - failed, run, ref_path);
    free(a);
    free(b);
    glc_close(&swr);
    glc_close(&ref);
    return failed || run == 0 ? 1 : 0;
}
