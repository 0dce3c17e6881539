/*
 * test_gl_compare_legacy.c: GL 1.x vertex data, immediate mode and display
 * lists rendered by swr's libOSMesa.so.8 and by Mesa's llvmpipe
 * libOSMesa.so.8 (the oracle) in one run; the images must agree.
 *
 *   test_gl_compare_legacy <swr libOSMesa> [<reference libOSMesa>] [case ...]
 *
 * Until the fixed-function pipeline lands, every case draws through a
 * GLSL 1.10 program that reads the built-in attributes (gl_Vertex,
 * gl_Color, gl_SecondaryColor, gl_Normal, gl_MultiTexCoord0/1,
 * gl_FogCoord) and a uniform offset. Cases:
 *   imm_attribs  glBegin/glEnd with every attribute command and type, set
 *                per vertex, glArrayElement from client arrays, glRect,
 *                glVertexAttrib4f(0, ...) as the vertex;
 *   imm_prims    the ten primitive types, with incomplete primitives, in
 *                runs that merge and runs that do not;
 *   arrays       glInterleavedArrays and the legacy pointers drawn with
 *                glDrawArrays / glDrawElements;
 *   dlist        lists of geometry and state compiled once and replayed at
 *                several offsets, nested lists, GL_COMPILE_AND_EXECUTE,
 *                glCallLists with glListBase and several name types.
 * The entry points glc_api does not list come from each library through
 * GLC_TABLE (glc_lookup).
 * With SWR_GLC_DUMP=<dir> both images of every case are written there.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

enum { W = 160, H = 120 };

/* The legacy entry points the cases call, loaded per library. */
#define LEGACY_FUNCS(X)                                                                            \
    X(Begin, BEGIN) X(End, END) X(Vertex2f, VERTEX2F) X(Vertex3f, VERTEX3F) X(Vertex2i, VERTEX2I)   \
    X(Vertex4fv, VERTEX4FV) X(Vertex2s, VERTEX2S) X(Vertex3d, VERTEX3D) X(Color3f, COLOR3F)         \
    X(Color4f, COLOR4F) X(Color3ub, COLOR3UB) X(Color4ubv, COLOR4UBV) X(Color3s, COLOR3S)           \
    X(Color4d, COLOR4D) X(SecondaryColor3f, SECONDARYCOLOR3F)                                      \
    X(SecondaryColor3ub, SECONDARYCOLOR3UB) X(Normal3f, NORMAL3F) X(Normal3b, NORMAL3B)             \
    X(TexCoord2f, TEXCOORD2F) X(TexCoord1d, TEXCOORD1D) X(MultiTexCoord2f, MULTITEXCOORD2F)         \
    X(MultiTexCoord1s, MULTITEXCOORD1S) X(FogCoordf, FOGCOORDF) X(Rectf, RECTF) X(Recti, RECTI)     \
    X(ArrayElement, ARRAYELEMENT) X(VertexPointer, VERTEXPOINTER) X(ColorPointer, COLORPOINTER)     \
    X(NormalPointer, NORMALPOINTER) X(TexCoordPointer, TEXCOORDPOINTER)                           \
    X(SecondaryColorPointer, SECONDARYCOLORPOINTER) X(EnableClientState, ENABLECLIENTSTATE)        \
    X(DisableClientState, DISABLECLIENTSTATE) X(ClientActiveTexture, CLIENTACTIVETEXTURE)          \
    X(InterleavedArrays, INTERLEAVEDARRAYS) X(GenLists, GENLISTS) X(NewList, NEWLIST)               \
    X(EndList, ENDLIST) X(CallList, CALLLIST) X(CallLists, CALLLISTS) X(ListBase, LISTBASE)         \
    X(DeleteLists, DELETELISTS) X(EdgeFlag, EDGEFLAG)

GLC_TABLE(legacy_api, legacy_open, LEGACY_FUNCS)

static const char *VS =
    "#version 110\n"
    "uniform vec2 offset;\n"
    "void main() {\n"
    "  gl_Position = gl_Vertex + vec4(offset, 0.0, 0.0);\n"
    "  gl_FrontColor = gl_Color * 0.6 + gl_SecondaryColor * 0.2\n"
    "      + vec4(gl_MultiTexCoord0.xy, gl_MultiTexCoord1.x, 0.0) * 0.2\n"
    "      + vec4(gl_Normal * 0.1, 0.0) + vec4(0.0, 0.0, 0.0, gl_FogCoord * 0.1);\n"
    "}\n";
static const char *FS = "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n";

typedef struct run {
    glc_api *g;
    legacy_api *l;
    GLint offset;
} run;

static void offset(run *r, float x, float y) { r->g->Uniform2f(r->offset, x, y); }

/* ---- cases ---------------------------------------------------------------------- */

static void case_imm_attribs(run *r)
{
    legacy_api *l = r->l;
    /* A fan of triangles, every vertex with its own attributes of
     * different command types. */
    l->Begin(GL_TRIANGLES);
    for (int i = 0; i < 12; i++) {
        float a0 = (float)i * 0.5236f, a1 = (float)(i + 1) * 0.5236f;
        l->Color3ub((GLubyte)(i * 20), (GLubyte)(255 - i * 20), 128);
        l->SecondaryColor3f(0.1f * (float)(i % 3), 0.5f, 0.2f);
        l->Normal3b((GLbyte)(i * 10 - 60), 40, 100);
        l->MultiTexCoord2f(GL_TEXTURE0, 0.3f, 0.6f);
        l->MultiTexCoord1s(GL_TEXTURE1, 1);
        l->FogCoordf(0.5f);
        l->Vertex2f(-0.5f, 0.3f);
        l->Color4d(1.0, 0.2, 0.1 * i, 1.0);
        l->TexCoord2f(0.9f, 0.1f);
        l->Vertex2f(-0.5f + 0.45f * cosf(a0), 0.3f + 0.6f * sinf(a0));
        l->Color3s(32767, 0, 16000);
        l->FogCoordf(2.0f);
        l->Vertex3f(-0.5f + 0.45f * cosf(a1), 0.3f + 0.6f * sinf(a1), 0.0f);
    }
    l->End();
    /* glArrayElement from client arrays, inside a strip. */
    static const float pos[8][2] = {{0.1f, -0.9f}, {0.1f, -0.4f}, {0.4f, -0.9f}, {0.4f, -0.4f},
                                    {0.7f, -0.9f}, {0.7f, -0.4f}, {0.95f, -0.9f}, {0.95f, -0.4f}};
    static const GLubyte col[8][4] = {{255, 0, 0, 255},   {0, 255, 0, 255}, {0, 0, 255, 255},
                                      {255, 255, 0, 255}, {0, 255, 255, 255}, {255, 0, 255, 255},
                                      {128, 128, 128, 255}, {255, 255, 255, 255}};
    static const float nrm[8][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0},
                                    {0, 1, 1}, {1, 0, 1}, {1, 1, 1}, {0, 0, 0}};
    l->VertexPointer(2, GL_FLOAT, 0, pos);
    l->ColorPointer(4, GL_UNSIGNED_BYTE, 0, col);
    l->NormalPointer(GL_FLOAT, 0, nrm);
    l->EnableClientState(GL_VERTEX_ARRAY);
    l->EnableClientState(GL_COLOR_ARRAY);
    l->EnableClientState(GL_NORMAL_ARRAY);
    l->Begin(GL_TRIANGLE_STRIP);
    for (int i = 0; i < 8; i++)
        l->ArrayElement(i);
    l->End();
    l->DisableClientState(GL_VERTEX_ARRAY);
    l->DisableClientState(GL_COLOR_ARRAY);
    l->DisableClientState(GL_NORMAL_ARRAY);
    /* glRect and glVertexAttrib(0) as the position. */
    l->Normal3f(0, 0, 0);
    l->FogCoordf(0);
    l->Color4f(0.2f, 0.9f, 0.4f, 1.0f);
    l->Rectf(-0.95f, -0.95f, -0.6f, -0.6f);
    l->Color3f(0.9f, 0.3f, 0.3f);
    l->Begin(GL_QUADS);
    r->g->VertexAttrib4f(0, -0.5f, -0.95f, 0, 1);
    r->g->VertexAttrib4f(0, -0.1f, -0.95f, 0, 1);
    l->Color3f(0.1f, 0.3f, 0.9f);
    r->g->VertexAttrib4f(0, -0.1f, -0.5f, 0, 1);
    r->g->VertexAttrib4f(0, -0.5f, -0.5f, 0, 1);
    l->End();
}

static void prim(run *r, GLenum mode, float cx, float cy, int n)
{
    legacy_api *l = r->l;
    l->Begin(mode);
    for (int i = 0; i < n; i++) {
        float a = (float)i * 6.2831853f / (float)n;
        l->Color3f(0.5f + 0.5f * cosf(a), 0.5f + 0.5f * sinf(a), (float)i / (float)n);
        float rad = (i & 1) ? 0.12f : 0.18f;
        if (mode == GL_QUAD_STRIP || mode == GL_TRIANGLE_STRIP)
            l->Vertex2f(cx - 0.18f + 0.36f * (float)(i / 2) / (float)(n / 2), cy + ((i & 1) ? 0.15f : -0.15f));
        else
            l->Vertex2f(cx + rad * cosf(a), cy + rad * sinf(a));
    }
    l->End();
}

static void case_imm_prims(run *r)
{
    r->l->SecondaryColor3f(0, 0, 0);
    r->l->Normal3f(0, 0, 0);
    r->l->MultiTexCoord2f(GL_TEXTURE0, 0, 0);
    r->l->MultiTexCoord2f(GL_TEXTURE1, 0, 0);
    r->l->FogCoordf(0);
    const GLenum modes[10] = {GL_POINTS, GL_LINES, GL_LINE_LOOP, GL_LINE_STRIP, GL_TRIANGLES,
                              GL_TRIANGLE_STRIP, GL_TRIANGLE_FAN, GL_QUADS, GL_QUAD_STRIP,
                              GL_POLYGON};
    for (int k = 0; k < 10; k++) {
        float cx = -0.8f + 0.4f * (float)(k % 5), cy = k < 5 ? 0.5f : -0.5f;
        /* Odd counts leave incomplete primitives to drop; each type twice
         * in a row (merged for the independent types). */
        prim(r, modes[k], cx, cy, 9);
        prim(r, modes[k], cx, cy - 0.05f, 7);
    }
}

static void case_arrays(run *r)
{
    legacy_api *l = r->l;
    r->l->SecondaryColor3f(0, 0, 0);
    r->l->FogCoordf(0);
    r->l->MultiTexCoord2f(GL_TEXTURE1, 0, 0);
    /* T2F_C4F_N3F_V3F: 12 floats per vertex. */
    float v[4][12];
    static const float xy[4][2] = {{-0.9f, -0.9f}, {-0.1f, -0.9f}, {-0.1f, 0.8f}, {-0.9f, 0.8f}};
    for (int i = 0; i < 4; i++) {
        float *p = v[i];
        p[0] = 0.25f * (float)i;
        p[1] = 1.0f - 0.25f * (float)i;
        p[2] = (i & 1) ? 1.0f : 0.2f;
        p[3] = (i & 2) ? 0.9f : 0.1f;
        p[4] = 0.5f;
        p[5] = 1.0f;
        p[6] = 0;
        p[7] = 0;
        p[8] = 1;
        p[9] = xy[i][0];
        p[10] = xy[i][1];
        p[11] = 0;
    }
    l->InterleavedArrays(GL_T2F_C4F_N3F_V3F, 0, v);
    const GLubyte idx[6] = {0, 1, 2, 0, 2, 3};
    r->g->DrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx);
    /* Separate pointers of several types, texture unit 1 through the
     * client active texture. */
    static const GLshort pos[6][2] = {{0, -1}, {1, -1}, {1, 1}, {0, -1}, {1, 1}, {0, 1}};
    static const GLubyte bgra[6][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255},
                                       {255, 0, 0, 255}, {0, 0, 255, 255}, {255, 255, 0, 255}};
    static const float tc1[6] = {0, 0.5f, 1, 0, 1, 0.25f};
    static const GLubyte sec[6][3] = {{0, 0, 0}, {255, 0, 0}, {0, 255, 0},
                                      {0, 0, 0}, {0, 255, 0}, {0, 0, 255}};
    l->DisableClientState(GL_NORMAL_ARRAY);
    l->DisableClientState(GL_TEXTURE_COORD_ARRAY);
    l->Normal3f(0, 0, 0);
    l->MultiTexCoord2f(GL_TEXTURE0, 0, 0);
    l->VertexPointer(2, GL_SHORT, 0, pos);
    l->ColorPointer(GL_BGRA, GL_UNSIGNED_BYTE, 0, bgra);
    l->SecondaryColorPointer(3, GL_UNSIGNED_BYTE, 0, sec);
    l->EnableClientState(GL_SECONDARY_COLOR_ARRAY);
    l->ClientActiveTexture(GL_TEXTURE1);
    l->TexCoordPointer(1, GL_FLOAT, 0, tc1);
    l->EnableClientState(GL_TEXTURE_COORD_ARRAY);
    l->ClientActiveTexture(GL_TEXTURE0);
    r->g->DrawArrays(GL_TRIANGLES, 0, 6);
    l->ClientActiveTexture(GL_TEXTURE1);
    l->DisableClientState(GL_TEXTURE_COORD_ARRAY);
    l->ClientActiveTexture(GL_TEXTURE0);
    l->DisableClientState(GL_SECONDARY_COLOR_ARRAY);
    l->DisableClientState(GL_VERTEX_ARRAY);
    l->DisableClientState(GL_COLOR_ARRAY);
}

static void case_dlist(run *r)
{
    legacy_api *l = r->l;
    l->SecondaryColor3f(0, 0, 0);
    l->Normal3f(0, 0, 0);
    l->MultiTexCoord2f(GL_TEXTURE0, 0, 0);
    l->MultiTexCoord2f(GL_TEXTURE1, 0, 0);
    l->FogCoordf(0);
    GLuint base = l->GenLists(8);
    /* base: a shaded star; base+1: a colour; base+2: calls base+1 then
     * base; base+3..5 for glCallLists. */
    l->NewList(base, GL_COMPILE);
    l->Begin(GL_TRIANGLE_FAN);
    l->Vertex2f(0, 0);
    for (int i = 0; i <= 10; i++) {
        float a = (float)i * 0.6283185f, rad = (i & 1) ? 0.08f : 0.2f;
        l->SecondaryColor3f((float)i / 10.0f, 0, 0);
        l->Vertex2f(rad * cosf(a), rad * sinf(a));
    }
    l->End();
    l->EndList();
    l->NewList(base + 1, GL_COMPILE);
    l->Color3f(0.2f, 0.8f, 0.4f);
    l->EndList();
    l->NewList(base + 2, GL_COMPILE);
    l->CallList(base + 1);
    l->CallList(base);
    l->EndList();
    l->NewList(base + 3, GL_COMPILE_AND_EXECUTE); /* executes now: colour only */
    l->Color3f(0.9f, 0.1f, 0.1f);
    l->EndList();
    l->NewList(base + 4, GL_COMPILE);
    offset(r, 0.5f, -0.6f);
    l->Rectf(-0.1f, -0.1f, 0.1f, 0.1f);
    l->EndList();
    l->NewList(base + 5, GL_COMPILE);
    offset(r, 0.8f, -0.6f);
    l->Recti(0, 0, 1, 1);
    l->EndList();
    for (int k = 0; k < 4; k++) {
        offset(r, -0.7f + 0.45f * (float)k, 0.5f);
        l->CallList(k & 1 ? base + 2 : base);
    }
    offset(r, -0.6f, -0.4f);
    l->Color3f(0.3f, 0.3f, 0.9f);
    l->CallList(base);
    const GLubyte names[3] = {3, 4, 5};
    const GLuint names32[2] = {1, 0};
    l->ListBase(base);
    l->CallLists(3, GL_UNSIGNED_BYTE, names);
    offset(r, 0.0f, -0.3f);
    l->CallLists(2, GL_UNSIGNED_INT, names32);
    l->ListBase(0);
    offset(r, 0, 0);
    l->DeleteLists(base, 8);
}

typedef struct legacy_case {
    const char *name;
    double min_psnr;
    void (*fn)(run *r);
} legacy_case;

static const legacy_case cases[] = {
    {"imm_attribs", 38.0, case_imm_attribs},
    {"imm_prims", 36.0, case_imm_prims}, /* line ends, the star-shaped polygon (non-convex: undefined) */
    {"arrays", 38.0, case_arrays},
    {"dlist", 38.0, case_dlist},
};

static bool render(glc_api *g, legacy_api *l, const legacy_case *c, uint8_t *out)
{
    glc_target t;
    if (!glc_target_create(&t, g, W, H))
        return false;
    g->Viewport(0, 0, W, H);
    g->ClearColor(0.05f, 0.05f, 0.1f, 1.0f);
    g->Clear(GL_COLOR_BUFFER_BIT);
    GLuint p = glc_program(g, VS, FS);
    bool ok = p != 0;
    if (ok) {
        g->UseProgram(p);
        run r = {g, l, g->GetUniformLocation(p, "offset")};
        offset(&r, 0, 0);
        c->fn(&r);
        g->UseProgram(0);
        g->DeleteProgram(p);
    }
    g->Finish();
    GLenum e = g->GetError();
    if (e != GL_NO_ERROR) {
        fprintf(stderr, "%s: %s: GL error 0x%x\n", g->path, c->name, e);
        ok = false;
    }
    memcpy(out, t.color, (size_t)W * H * 4);
    glc_target_destroy(&t);
    return ok;
}

static void dump(const char *dir, const char *name, const char *who, const uint8_t *img)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s-%s.png", dir, name, who);
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
    legacy_api lswr, lref;
    if (!glc_open(&swr, argv[1]) || !glc_open(&ref, ref_path) || !legacy_open(&lswr, &swr) ||
        !legacy_open(&lref, &ref))
        return 1;
    const char *dir = getenv("SWR_GLC_DUMP");
    uint8_t *a = malloc((size_t)W * H * 4), *b = malloc((size_t)W * H * 4);
    int failed = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const legacy_case *c = &cases[i];
        bool sel = argc <= 3;
        for (int k = 3; k < argc; k++)
            sel |= strcmp(argv[k], c->name) == 0;
        if (!sel)
            continue;
        bool ok_swr = render(&swr, &lswr, c, a);
        bool ok_ref = render(&ref, &lref, c, b);
        int md = 0;
        double psnr = glc_psnr(a, b, W, H, &md);
        bool pass = ok_swr && ok_ref && psnr >= c->min_psnr;
        printf("%-12s %8.2f dB  max diff %3d  %s (bound %.0f dB)\n", c->name,
               isinf(psnr) ? 99.99 : psnr, md, pass ? "ok" : "FAIL", c->min_psnr);
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
