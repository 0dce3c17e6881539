/*
 * test_gl_compare_eval.c: evaluators (glMap1/glMap2, glMapGrid,
 * glEvalCoord, glEvalPoint, glEvalMesh, GL_AUTO_NORMAL) rendered by swr's
 * libOSMesa.so.8 and by Mesa's llvmpipe libOSMesa.so.8 (the oracle) in one
 * run through the fixed-function pipeline; the images must agree (PSNR
 * bound per case), and the state a case leaves (glGetMap ORDER / DOMAIN /
 * COEFF, the grid glGets, the current colour and normal, which evaluation
 * must not change, the GL error) must be equal.
 *
 *   test_gl_compare_eval <swr libOSMesa> [<reference libOSMesa>] [case ...]
 *
 * Cases: curve (a cubic MAP1_VERTEX_3 with MAP1_COLOR_4 as EvalMesh1 lines
 * and points, EvalCoord1f and EvalPoint1 inside glBegin/glEnd, a
 * MAP1_VERTEX_4 rational curve); patch (a bicubic MAP2_VERTEX_3 with
 * MAP2_COLOR_4 and MAP2_TEXTURE_COORD_2 as colour, EvalMesh2 FILL, LINE and
 * POINT over sub-ranges); lit (GL_AUTO_NORMAL with lighting and
 * GL_NORMALIZE on a MAP2_VERTEX_3 and a MAP2_VERTEX_4 patch, and a
 * MAP2_NORMAL map); dlist (glMap1/glMap2 and meshes compiled into a list
 * whose client points are overwritten before it is called). With SWR_GLC_DUMP=<dir> both images are written there.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

enum { W = 160, H = 120 };

#define EV_FUNCS(X)                                                                                \
    X(Map1f, MAP1F) X(Map1d, MAP1D) X(Map2f, MAP2F) X(Map2d, MAP2D) X(MapGrid1f, MAPGRID1F)         \
    X(MapGrid2f, MAPGRID2F) X(MapGrid2d, MAPGRID2D) X(EvalCoord1f, EVALCOORD1F)                    \
    X(EvalCoord2f, EVALCOORD2F) X(EvalCoord2dv, EVALCOORD2DV) X(EvalPoint1, EVALPOINT1)            \
    X(EvalPoint2, EVALPOINT2) X(EvalMesh1, EVALMESH1) X(EvalMesh2, EVALMESH2)                      \
    X(GetMapfv, GETMAPFV) X(GetMapiv, GETMAPIV) X(GetFloatv, GETFLOATV) X(GetIntegerv, GETINTEGERV) \
    X(Enable, ENABLE) X(Disable, DISABLE) X(Begin, BEGIN) X(End, END) X(Color4f, COLOR4F)          \
    X(Normal3f, NORMAL3F) X(MatrixMode, MATRIXMODE) X(LoadIdentity, LOADIDENTITY) X(Ortho, ORTHO)  \
    X(PointSize, POINTSIZE) X(Lightfv, LIGHTFV) X(Materialfv, MATERIALFV) X(GetError, GETERROR)    \
    X(Translatef, TRANSLATEF) X(Rotatef, ROTATEF) X(GenLists, GENLISTS) X(NewList, NEWLIST)        \
    X(EndList, ENDLIST) X(CallList, CALLLIST) X(DeleteLists, DELETELISTS)

GLC_TABLE(ev_api, ev_open, EV_FUNCS)

enum { MAXV = 2048 };
typedef struct rec {
    float v[MAXV];
    int n;
} rec;
static void put(rec *r, float x)
{
    if (r->n < MAXV)
        r->v[r->n++] = x;
}

static void state(ev_api *l, rec *r, GLenum target)
{
    GLint order[2] = {-1, -1};
    GLfloat dom[4] = {-9, -9, -9, -9};
    GLfloat coeff[4 * 16];
    for (int i = 0; i < 64; i++)
        coeff[i] = -9;
    l->GetMapiv(target, GL_ORDER, order);
    l->GetMapfv(target, GL_DOMAIN, dom);
    l->GetMapfv(target, GL_COEFF, coeff);
    put(r, (float)order[0]);
    put(r, (float)order[1]);
    for (int i = 0; i < 4; i++)
        put(r, dom[i]);
    for (int i = 0; i < 64; i++)
        put(r, coeff[i]);
    GLfloat c[4], n[3], g[4];
    GLint seg[2];
    l->GetFloatv(GL_CURRENT_COLOR, c);
    l->GetFloatv(GL_CURRENT_NORMAL, n);
    for (int i = 0; i < 4; i++)
        put(r, c[i]);
    for (int i = 0; i < 3; i++)
        put(r, n[i]);
    l->GetFloatv(GL_MAP2_GRID_DOMAIN, g);
    l->GetIntegerv(GL_MAP2_GRID_SEGMENTS, seg);
    for (int i = 0; i < 4; i++)
        put(r, g[i]);
    put(r, (float)seg[0]);
    put(r, (float)seg[1]);
    put(r, (float)l->GetError());
}

static void case_curve(ev_api *l, rec *r)
{
    const GLfloat ctrl[4][3] = {{10, 10, 0}, {40, 110, 0}, {90, -20, 0}, {150, 100, 0}};
    const GLfloat col[2][4] = {{1, 0, 0, 1}, {0, 0.5f, 1, 1}};
    l->Map1f(GL_MAP1_VERTEX_3, 0, 1, 3, 4, &ctrl[0][0]);
    l->Map1f(GL_MAP1_COLOR_4, 0, 1, 4, 2, &col[0][0]);
    l->Enable(GL_MAP1_VERTEX_3);
    l->Enable(GL_MAP1_COLOR_4);
    l->Color4f(0.2f, 0.3f, 0.4f, 1.0f);
    l->MapGrid1f(24, 0, 1);
    l->EvalMesh1(GL_LINE, 0, 24);
    l->PointSize(3);
    l->Translatef(0, -8, 0);
    l->EvalMesh1(GL_POINT, 4, 20);
    l->Translatef(0, 16, 0);
    l->Begin(GL_LINE_STRIP);
    for (int i = 0; i <= 10; i++)
        l->EvalCoord1f((float)i / 10.0f);
    l->End();
    l->Translatef(0, -30, 0);
    l->Begin(GL_POINTS);
    for (int i = 0; i <= 24; i += 3)
        l->EvalPoint1(i);
    l->End();
    /* rational: w varies */
    const GLdouble rat[3][4] = {{20, 100, 0, 1}, {160, 200, 0, 2}, {140, 60, 0, 1}};
    l->Disable(GL_MAP1_VERTEX_3);
    l->Map1d(GL_MAP1_VERTEX_4, 2, 4, 4, 3, &rat[0][0]);
    l->Enable(GL_MAP1_VERTEX_4);
    l->MapGrid1f(16, 2, 4);
    l->EvalMesh1(GL_LINE, 0, 16);
    state(l, r, GL_MAP1_VERTEX_4);
    state(l, r, GL_MAP1_COLOR_4);
}

static void patch(GLfloat p[4][4][3], float x0, float y0, float sx, float sy)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            p[i][j][0] = x0 + sx * (float)j;
            p[i][j][1] = y0 + sy * (float)i;
            p[i][j][2] = ((i == 1 || i == 2) && (j == 1 || j == 2)) ? 15.0f : -5.0f * (float)(i - j);
        }
}

static void case_patch(ev_api *l, rec *r)
{
    GLfloat p[4][4][3];
    patch(p, 10, 10, 22, 20);
    const GLfloat col[2][2][4] = {{{1, 0, 0, 1}, {0, 1, 0, 1}}, {{0, 0, 1, 1}, {1, 1, 0, 0.5f}}};
    l->Map2f(GL_MAP2_VERTEX_3, 0, 1, 3, 4, 0, 1, 12, 4, &p[0][0][0]);
    l->Map2f(GL_MAP2_COLOR_4, 0, 1, 4, 2, 0, 1, 8, 2, &col[0][0][0]);
    /* Set before evaluating: llvmpipe leaves an evaluated colour current
     * when glColor was never called in the context (GL 2.1 5.1: evaluation
     * does not change current values); once set, both keep it. */
    l->Color4f(0.6f, 0.5f, 0.4f, 0.3f);
    l->Enable(GL_MAP2_VERTEX_3);
    l->Enable(GL_MAP2_COLOR_4);
    l->MapGrid2f(8, 0, 1, 6, 0, 1);
    l->EvalMesh2(GL_FILL, 0, 8, 0, 6);
    l->Translatef(80, 0, 0);
    l->EvalMesh2(GL_LINE, 1, 7, 0, 5);
    l->Translatef(0, 60, 0);
    l->PointSize(2);
    l->EvalMesh2(GL_POINT, 0, 8, 0, 6);
    l->Translatef(-80, 0, 0);
    l->MapGrid2f(5, 0.2f, 0.8f, 4, 0.1f, 0.9f);
    l->EvalMesh2(GL_FILL, 0, 5, 0, 4);
    l->Begin(GL_TRIANGLES);
    const GLdouble uv[3][2] = {{0, 0}, {1, 0}, {0.5, 1}};
    for (int i = 0; i < 3; i++)
        l->EvalCoord2dv(uv[i]);
    l->EvalPoint2(0, 0);
    l->EvalCoord2f(0.3f, 0.2f);
    l->EvalPoint2(5, 4);
    l->End();
    state(l, r, GL_MAP2_VERTEX_3);
    state(l, r, GL_MAP2_COLOR_4);
}

static void case_lit(ev_api *l, rec *r)
{
    const GLfloat pos[4] = {0.3f, 0.5f, 1.0f, 0.0f};
    const GLfloat diff[4] = {0.9f, 0.7f, 0.3f, 1};
    l->Lightfv(GL_LIGHT0, GL_POSITION, pos);
    l->Materialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, diff);
    l->Enable(GL_LIGHTING);
    l->Enable(GL_LIGHT0);
    l->Enable(GL_NORMALIZE);
    l->Enable(GL_AUTO_NORMAL);
    GLfloat p[4][4][3];
    patch(p, 10, 10, 20, 30);
    l->Map2f(GL_MAP2_VERTEX_3, 0, 1, 3, 4, 0, 1, 12, 4, &p[0][0][0]);
    l->Enable(GL_MAP2_VERTEX_3);
    l->MapGrid2d(10, 0, 1, 10, 0, 1);
    l->EvalMesh2(GL_FILL, 0, 10, 0, 10);
    /* rational patch, 3x2 control points, its own domain */
    GLfloat q[2][3][4];
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 3; i++) {
            float w = i == 1 ? 2.0f : 1.0f;
            q[j][i][0] = (85.0f + 30.0f * (float)i) * w;
            q[j][i][1] = (15.0f + 90.0f * (float)j) * w;
            q[j][i][2] = (i == 1 ? 30.0f : 0.0f) * w;
            q[j][i][3] = w;
        }
    l->Disable(GL_MAP2_VERTEX_3);
    l->Map2f(GL_MAP2_VERTEX_4, -1, 1, 4, 3, 0, 2, 12, 2, &q[0][0][0]);
    l->Enable(GL_MAP2_VERTEX_4);
    l->MapGrid2f(12, -1, 1, 6, 0, 2);
    l->EvalMesh2(GL_FILL, 0, 12, 0, 6);
    /* an explicit normal map instead of AUTO_NORMAL */
    l->Disable(GL_AUTO_NORMAL);
    const GLfloat nrm[2][2][3] = {{{0, 0, 1}, {1, 0, 0.2f}}, {{0, 1, 0.3f}, {-1, -1, 1}}};
    l->Map2f(GL_MAP2_NORMAL, -1, 1, 3, 2, 0, 2, 6, 2, &nrm[0][0][0]);
    l->Enable(GL_MAP2_NORMAL);
    l->Translatef(-5, -5, 0);
    l->Normal3f(0, 0, 1);
    l->EvalMesh2(GL_LINE, 0, 12, 0, 6);
    l->Disable(GL_LIGHTING);
    state(l, r, GL_MAP2_VERTEX_4);
    state(l, r, GL_MAP2_NORMAL);
}

/* A patch and a curve compiled into a list, their client points then
 * overwritten: the list must draw the points of compile time. */
static void case_dlist(ev_api *l, rec *r)
{
    GLfloat p[4][4][3];
    patch(p, 10, 10, 15, 12);
    GLfloat c1[3][4] = {{80, 10, 0, 1}, {170, 60, 0, 1}, {90, 110, 0, 1}};
    GLuint list = l->GenLists(1);
    l->NewList(list, GL_COMPILE);
    l->Map2f(GL_MAP2_VERTEX_3, 0, 1, 3, 4, 0, 1, 12, 4, &p[0][0][0]);
    l->Map1f(GL_MAP1_VERTEX_4, 0, 1, 4, 3, &c1[0][0]);
    l->Enable(GL_MAP2_VERTEX_3);
    l->Enable(GL_MAP1_VERTEX_4);
    l->MapGrid2f(6, 0, 1, 6, 0, 1);
    l->MapGrid1f(20, 0, 1);
    l->Color4f(0.9f, 0.6f, 0.2f, 1);
    l->EvalMesh2(GL_FILL, 0, 6, 0, 6);
    l->Color4f(0.3f, 0.9f, 0.9f, 1);
    l->EvalMesh1(GL_LINE, 0, 20);
    l->EndList();
    memset(p, 0, sizeof p);
    memset(c1, 0, sizeof c1);
    l->CallList(list);
    l->Translatef(0, 50, 0);
    l->CallList(list);
    l->DeleteLists(list, 1);
    state(l, r, GL_MAP2_VERTEX_3);
    state(l, r, GL_MAP1_VERTEX_4);
}

typedef struct ev_case {
    const char *name;
    double min_psnr;
    void (*fn)(ev_api *l, rec *r);
} ev_case;

static const ev_case cases[] = {
    {"curve", 30.0, case_curve}, /* lines and points: rasterization rules differ per pixel */
    {"patch", 30.0, case_patch},
    {"lit", 34.0, case_lit},
    {"dlist", 30.0, case_dlist},
};

static bool render(glc_api *g, ev_api *l, const ev_case *c, uint8_t *out, rec *r)
{
    glc_target t;
    if (!glc_target_create(&t, g, W, H))
        return false;
    g->Viewport(0, 0, W, H);
    g->ClearColor(0.05f, 0.05f, 0.1f, 1.0f);
    g->Clear(GL_COLOR_BUFFER_BIT);
    l->MatrixMode(GL_PROJECTION);
    l->LoadIdentity();
    l->Ortho(0, W, 0, H, -100, 100);
    l->MatrixMode(GL_MODELVIEW);
    l->LoadIdentity();
    r->n = 0;
    c->fn(l, r);
    g->Finish();
    GLenum e = g->GetError();
    bool ok = e == GL_NO_ERROR;
    if (!ok)
        fprintf(stderr, "%s: %s: GL error 0x%x\n", g->path, c->name, e);
    memcpy(out, t.color, (size_t)W * H * 4);
    glc_target_destroy(&t);
    return ok;
}

static void dump(const char *dir, const char *name, const char *who, const uint8_t *img)
{
    char path[512];
    snprintf(path, sizeof path, "%s/eval-%s-%s.png", dir, name, who);
    if (!glc_write_png(path, img, W, H))
        fprintf(stderr, "cannot write %s\n", path);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>] [case ...]\n", argv[0]);
        return 2;
    }
    const char *ref_path = argc > 2 && argv[2][0] ? argv[2] : glc_reference_library();
    glc_api swr, ref;
    ev_api lswr, lref;
    if (!glc_open(&swr, argv[1]) || !glc_open(&ref, ref_path) || !ev_open(&lswr, &swr) ||
        !ev_open(&lref, &ref))
        return 1;
    const char *dir = getenv("SWR_GLC_DUMP");
    uint8_t *a = malloc((size_t)W * H * 4), *b = malloc((size_t)W * H * 4);
    static rec ra, rb;
    int failed = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const ev_case *c = &cases[i];
        bool sel = argc <= 3;
        for (int k = 3; k < argc; k++)
            sel |= strcmp(argv[k], c->name) == 0;
        if (!sel)
            continue;
        bool ok_swr = render(&swr, &lswr, c, a, &ra);
        bool ok_ref = render(&ref, &lref, c, b, &rb);
        int bad = ra.n == rb.n ? 0 : 1;
        for (int k = 0; !bad && k < ra.n; k++)
            if (!(fabsf(ra.v[k] - rb.v[k]) <= 1e-4f * fmaxf(1.0f, fabsf(rb.v[k])))) {
                fprintf(stderr, "  %s: state value %d: swr %g, llvmpipe %g\n", c->name, k,
                        ra.v[k], rb.v[k]);
                bad = 1;
            }
        int md = 0;
        double psnr = glc_psnr(a, b, W, H, &md);
        bool pass = ok_swr && ok_ref && psnr >= c->min_psnr && !bad;
        printf("%-8s %8.2f dB  max diff %3d  state %s  %s (bound %.0f dB)\n", c->name,
               isinf(psnr) ? 99.99 : psnr, md, bad ? "differs" : "equal", pass ? "ok" : "FAIL",
               c->min_psnr);
        if (dir || !pass) {
            dump(dir ? dir : ".", c->name, "swr", a);
            dump(dir ? dir : ".", c->name, "ref", b);
        }
        failed += !pass;
    }
    free(a);
    free(b);
    return failed ? 1 : 0;
}
