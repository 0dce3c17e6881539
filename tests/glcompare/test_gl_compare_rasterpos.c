/*
 * test_gl_compare_rasterpos.c: the current raster position (glRasterPos*,
 * glWindowPos*) and glPixelZoom of swr's libOSMesa.so.8 against Mesa's
 * llvmpipe libOSMesa.so.8 (the oracle) in one run: each case sets state,
 * sets raster positions and reads every GL_CURRENT_RASTER_* value (and
 * GL_ZOOM_X/Y) with glGetFloatv/glGetBooleanv; both libraries' values must
 * agree within 1e-4 relative (float rounding of the transform).
 * One check has the spec as its oracle instead: a current colour outside
 * [0, 1] gives a clamped raster colour (GL 2.1 sections 2.13 and 2.14.6;
 * llvmpipe clamps it only for glWindowPos, so this is checked on swr alone).
 *
 *   test_gl_compare_rasterpos <swr libOSMesa> [<reference libOSMesa>]
 *
 * Cases: defaults (before any call); transformed (ortho and perspective
 * with modelview rotations, every command form, colours clamped, texture
 * matrices on two units read through glActiveTexture, the eye distance);
 * clipped (outside the view volume and behind an enabled clip plane: only
 * the valid bit changes); windowpos (glWindowPos* with a depth range, the
 * fog coordinate as distance); zoom. A call one library lacks fails.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

#define RP_FUNCS(X)                                                                                \
    X(GetFloatv, GETFLOATV) X(GetBooleanv, GETBOOLEANV) X(MatrixMode, MATRIXMODE)                  \
    X(LoadIdentity, LOADIDENTITY) X(Ortho, ORTHO) X(Frustum, FRUSTUM) X(Translatef, TRANSLATEF)    \
    X(Rotatef, ROTATEF) X(Scalef, SCALEF) X(Color4f, COLOR4F) X(SecondaryColor3f, SECONDARYCOLOR3F) \
    X(MultiTexCoord4f, MULTITEXCOORD4F) X(FogCoordf, FOGCOORDF) X(Fogi, FOGI)                      \
    X(ClipPlane, CLIPPLANE) X(Enable, ENABLE) X(Disable, DISABLE) X(ActiveTexture, ACTIVETEXTURE)  \
    X(DepthRange, DEPTHRANGE) X(Viewport, VIEWPORT) X(PixelZoom, PIXELZOOM)                        \
    X(RasterPos2i, RASTERPOS2I) X(RasterPos2s, RASTERPOS2S) X(RasterPos3f, RASTERPOS3F)            \
    X(RasterPos4d, RASTERPOS4D) X(RasterPos2fv, RASTERPOS2FV) X(RasterPos3dv, RASTERPOS3DV)        \
    X(RasterPos4iv, RASTERPOS4IV) X(RasterPos3sv, RASTERPOS3SV) X(WindowPos2i, WINDOWPOS2I)        \
    X(WindowPos3f, WINDOWPOS3F) X(WindowPos2dv, WINDOWPOS2DV) X(WindowPos3sv, WINDOWPOS3SV)        \
    X(WindowPos3d, WINDOWPOS3D) X(GetError, GETERROR)

GLC_TABLE(rp_api, rp_open, RP_FUNCS)

enum { MAXV = 512 };
typedef struct rec {
    float v[MAXV];
    char what[MAXV][48];
    int n;
} rec;

static void put(rec *r, const char *what, float x)
{
    if (r->n < MAXV) {
        snprintf(r->what[r->n], sizeof r->what[0], "%s", what);
        r->v[r->n++] = x;
    }
}

/* Every raster value, as a tagged list of floats. */
static void snapshot(rp_api *l, rec *r, const char *tag)
{
    static const struct { GLenum pname; int n; const char *name; } q[] = {
        {GL_CURRENT_RASTER_POSITION, 4, "pos"},       {GL_CURRENT_RASTER_COLOR, 4, "color"},
        {GL_CURRENT_RASTER_SECONDARY_COLOR, 4, "sec"}, {GL_CURRENT_RASTER_DISTANCE, 1, "dist"},
        {GL_CURRENT_RASTER_INDEX, 1, "index"},         {GL_ZOOM_X, 1, "zoomx"},
        {GL_ZOOM_Y, 1, "zoomy"},
    };
    char what[48];
    for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
        float f[4] = {-99, -99, -99, -99};
        l->GetFloatv(q[i].pname, f);
        for (int k = 0; k < q[i].n; k++) {
            snprintf(what, sizeof what, "%s.%s[%d]", tag, q[i].name, k);
            put(r, what, f[k]);
        }
    }
    for (unsigned u = 0; u < 2; u++) {
        float f[4] = {-99, -99, -99, -99};
        l->ActiveTexture(GL_TEXTURE0 + u);
        l->GetFloatv(GL_CURRENT_RASTER_TEXTURE_COORDS, f);
        for (int k = 0; k < 4; k++) {
            snprintf(what, sizeof what, "%s.tex%u[%d]", tag, u, k);
            put(r, what, f[k]);
        }
    }
    l->ActiveTexture(GL_TEXTURE0);
    GLboolean b = 7;
    l->GetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &b);
    snprintf(what, sizeof what, "%s.valid", tag);
    put(r, what, (float)b);
}

static void set_current(rp_api *l)
{
    l->Color4f(0.25f, 0.9f, 0.1f, 0.75f);
    l->SecondaryColor3f(0.1f, 0.2f, 0.3f);
    l->MultiTexCoord4f(GL_TEXTURE0, 0.5f, 0.25f, 0.125f, 1.0f);
    l->MultiTexCoord4f(GL_TEXTURE1, 2.0f, 3.0f, 4.0f, 2.0f);
    l->FogCoordf(3.5f);
}

static void case_defaults(rp_api *l, rec *r) { snapshot(l, r, "defaults"); }

static void case_transformed(rp_api *l, rec *r)
{
    set_current(l);
    l->MatrixMode(GL_TEXTURE);
    l->ActiveTexture(GL_TEXTURE1);
    l->Scalef(0.5f, 2.0f, 1.0f);
    l->Translatef(0.25f, 0.0f, 1.0f);
    l->ActiveTexture(GL_TEXTURE0);
    l->MatrixMode(GL_PROJECTION);
    l->Ortho(0, 160, 0, 120, -10, 10);
    l->MatrixMode(GL_MODELVIEW);
    l->RasterPos2i(20, 30);
    snapshot(l, r, "ortho2i");
    l->RasterPos2s(-0, 119);
    snapshot(l, r, "ortho2s");
    l->Translatef(10, 5, 2);
    l->Rotatef(30, 0, 0, 1);
    l->RasterPos3f(40.5f, 20.25f, 3.0f);
    snapshot(l, r, "ortho3f");
    const GLint iv[4] = {8, 6, 2, 2};
    l->RasterPos4iv(iv);
    snapshot(l, r, "ortho4iv");
    l->MatrixMode(GL_PROJECTION);
    l->LoadIdentity();
    l->Frustum(-1, 1, -0.75, 0.75, 1, 50);
    l->MatrixMode(GL_MODELVIEW);
    l->LoadIdentity();
    l->Translatef(0.5f, -0.25f, -6);
    l->Rotatef(40, 1, 1, 0);
    l->RasterPos4d(0.3, 0.7, -1.1, 1.25);
    snapshot(l, r, "persp4d");
    const GLfloat fv[2] = {-1.5f, 1.0f};
    l->RasterPos2fv(fv);
    snapshot(l, r, "persp2fv");
    const GLdouble dv[3] = {1, 2, 3};
    l->Viewport(10, 20, 100, 60);
    l->DepthRange(0.25, 0.75);
    l->RasterPos3dv(dv);
    snapshot(l, r, "persp3dv");
    l->Fogi(GL_FOG_COORD_SRC, GL_FOG_COORD);
    const GLshort sv[3] = {-1, 0, 1};
    l->RasterPos3sv(sv);
    snapshot(l, r, "fogcoord3sv");
}

static void case_clipped(rp_api *l, rec *r)
{
    set_current(l);
    l->MatrixMode(GL_PROJECTION);
    l->Ortho(0, 160, 0, 120, -10, 10);
    l->MatrixMode(GL_MODELVIEW);
    l->RasterPos2i(50, 60);
    snapshot(l, r, "inside");
    l->Color4f(0.9f, 0.8f, 0.7f, 0.6f);
    l->RasterPos2i(170, 60); /* right of the volume */
    snapshot(l, r, "right");
    l->RasterPos3f(10, 10, 20); /* beyond far */
    snapshot(l, r, "far");
    l->RasterPos2i(159, 119); /* inside again */
    snapshot(l, r, "inside2");
    const GLdouble plane[4] = {-1, 0, 0, 80}; /* keeps x <= 80 */
    l->ClipPlane(GL_CLIP_PLANE0, plane);
    l->Enable(GL_CLIP_PLANE0);
    l->RasterPos2i(79, 5);
    snapshot(l, r, "plane_in");
    l->RasterPos2i(81, 5);
    snapshot(l, r, "plane_out");
    l->Disable(GL_CLIP_PLANE0);
    l->RasterPos2i(81, 5);
    snapshot(l, r, "plane_off");
}

static void case_windowpos(rp_api *l, rec *r)
{
    set_current(l);
    l->MatrixMode(GL_PROJECTION);
    l->Ortho(0, 10, 0, 10, -1, 1); /* ignored by glWindowPos */
    l->MatrixMode(GL_MODELVIEW);
    l->RasterPos2i(20, 20); /* invalid first */
    l->WindowPos2i(7, 9);
    snapshot(l, r, "wp2i");
    l->DepthRange(0.2, 0.6);
    l->WindowPos3f(-5.5f, 300.25f, 0.5f);
    snapshot(l, r, "wp3f");
    l->WindowPos3d(1, 2, 1.5); /* z clamped to 1 */
    snapshot(l, r, "wp3d");
    const GLdouble dv[2] = {33.5, 44.75};
    l->WindowPos2dv(dv);
    snapshot(l, r, "wp2dv");
    l->Fogi(GL_FOG_COORD_SRC, GL_FOG_COORD);
    const GLshort sv[3] = {3, 4, 0};
    l->WindowPos3sv(sv);
    snapshot(l, r, "wp3sv_fog");
}

static void case_zoom(rp_api *l, rec *r)
{
    l->PixelZoom(2.5f, -1.0f);
    snapshot(l, r, "zoom");
}

typedef struct rp_case {
    const char *name;
    void (*fn)(rp_api *l, rec *r);
} rp_case;

static const rp_case cases[] = {
    {"defaults", case_defaults}, {"transformed", case_transformed}, {"clipped", case_clipped},
    {"windowpos", case_windowpos}, {"zoom", case_zoom},
};

static bool run(glc_api *g, rp_api *l, const rp_case *c, rec *r)
{
    glc_target t;
    if (!glc_target_create(&t, g, 160, 120))
        return false;
    r->n = 0;
    c->fn(l, r);
    GLenum e = l->GetError();
    glc_target_destroy(&t);
    if (e != GL_NO_ERROR) {
        fprintf(stderr, "%s: %s: GL error 0x%x\n", g->path, c->name, e);
        return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>]\n", argv[0]);
        return 2;
    }
    const char *ref_path = argc > 2 && argv[2][0] ? argv[2] : glc_reference_library();
    glc_api swr, ref;
    rp_api lswr, lref;
    if (!glc_open(&swr, argv[1]) || !glc_open(&ref, ref_path) || !rp_open(&lswr, &swr) ||
        !rp_open(&lref, &ref))
        return 1;
    static rec a, b;
    int failed = 0;
    {
        glc_target t;
        float f[4] = {-9, -9, -9, -9};
        if (glc_target_create(&t, &swr, 16, 16)) {
            lswr.Color4f(0.25f, 1.5f, -0.5f, 0.75f);
            lswr.RasterPos2i(0, 0);
            lswr.GetFloatv(GL_CURRENT_RASTER_COLOR, f);
            glc_target_destroy(&t);
        }
        bool pass = f[0] == 0.25f && f[1] == 1.0f && f[2] == 0.0f && f[3] == 0.75f;
        printf("%-12s raster colour (%g %g %g %g)  %s (spec: clamped)\n", "clamp", f[0], f[1],
               f[2], f[3], pass ? "ok" : "FAIL");
        failed += !pass;
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bool ok = run(&swr, &lswr, &cases[i], &a) && run(&ref, &lref, &cases[i], &b) && a.n == b.n;
        int bad = 0;
        for (int k = 0; ok && k < a.n; k++) {
            float tol = 1e-4f * fmaxf(1.0f, fabsf(b.v[k]));
            if (!(fabsf(a.v[k] - b.v[k]) <= tol)) {
                if (bad++ < 10)
                    fprintf(stderr, "  %s: swr %g, llvmpipe %g\n", a.what[k], a.v[k], b.v[k]);
            }
        }
        bool pass = ok && bad == 0;
        printf("%-12s %3d values  %s\n", cases[i].name, a.n, pass ? "ok" : "FAIL");
        failed += !pass;
    }
    return failed ? 1 : 0;
}
