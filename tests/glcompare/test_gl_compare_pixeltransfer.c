/*
 * test_gl_compare_pixeltransfer.c: glPixelTransfer and glPixelMap of swr's
 * libOSMesa.so.8 against Mesa's llvmpipe libOSMesa.so.8 (the oracle) in
 * one run. Each case records a list of values (glGet results, pixels read
 * back, error codes) with both libraries; they must agree within a stated
 * tolerance per value (1e-5, or one step of an 8-bit value).
 *
 *   test_gl_compare_pixeltransfer <swr libOSMesa> [<reference libOSMesa>]
 *
 * Cases: state (defaults of every transfer pname and map size, set values,
 * glPixelMap{fv,uiv,usv} read back with glGetPixelMap{fv,uiv,usv}, the
 * INVALID_VALUE / INVALID_ENUM errors); readpixels (a cleared buffer read
 * as GL_FLOAT and GL_UNSIGNED_BYTE with scales and biases, then with
 * GL_MAP_COLOR and R/G/B/A maps; depth read with GL_DEPTH_SCALE/BIAS);
 * teximage (glTexImage2D of RGBA float and unsigned-byte data, and of
 * depth, with transfer on, read back with glGetTexImage with transfer off
 * and on: glGetTexImage does not apply it).
 * Where llvmpipe departs from the spec (glGetPixelMapuiv of the index maps
 * I_TO_I and S_TO_S), swr's values are checked against the spec instead.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

#define PT_FUNCS(X)                                                                                \
    X(GetFloatv, GETFLOATV) X(GetIntegerv, GETINTEGERV) X(GetBooleanv, GETBOOLEANV)                \
    X(PixelTransferf, PIXELTRANSFERF) X(PixelTransferi, PIXELTRANSFERI) X(PixelMapfv, PIXELMAPFV)  \
    X(PixelMapuiv, PIXELMAPUIV) X(PixelMapusv, PIXELMAPUSV) X(GetPixelMapfv, GETPIXELMAPFV)        \
    X(GetPixelMapuiv, GETPIXELMAPUIV) X(GetPixelMapusv, GETPIXELMAPUSV) X(GetError, GETERROR)      \
    X(ClearColor, CLEARCOLOR) X(Clear, CLEAR) X(ClearDepth, CLEARDEPTH) X(ReadPixels, READPIXELS)  \
    X(TexImage2D, TEXIMAGE2D) X(GetTexImage, GETTEXIMAGE) X(BindTexture, BINDTEXTURE)              \
    X(GenTextures, GENTEXTURES) X(DeleteTextures, DELETETEXTURES) X(PixelStorei, PIXELSTOREI)

GLC_TABLE(pt_api, pt_open, PT_FUNCS)

enum { MAXV = 4096 };
typedef struct rec {
    float v[MAXV], tol[MAXV];
    char what[MAXV][64];
    int n;
    int spec_fail; /* checks against the spec that failed (swr's run only counts) */
} rec;

static void put(rec *r, const char *what, int k, float x, float tol)
{
    if (r->n < MAXV) {
        snprintf(r->what[r->n], sizeof r->what[0], "%s[%d]", what, k);
        r->tol[r->n] = tol;
        r->v[r->n++] = x;
    }
}

static void err(pt_api *l, rec *r, const char *what) { put(r, what, 0, (float)l->GetError(), 0); }

static const GLenum PNAMES[] = {
    GL_RED_SCALE,  GL_GREEN_SCALE, GL_BLUE_SCALE,  GL_ALPHA_SCALE,  GL_RED_BIAS,
    GL_GREEN_BIAS, GL_BLUE_BIAS,   GL_ALPHA_BIAS,  GL_DEPTH_SCALE,  GL_DEPTH_BIAS,
    GL_INDEX_SHIFT, GL_INDEX_OFFSET, GL_MAP_COLOR, GL_MAP_STENCIL,
};

static void state_snapshot(pt_api *l, rec *r, const char *tag)
{
    char w[32];
    for (size_t i = 0; i < sizeof PNAMES / sizeof PNAMES[0]; i++) {
        float f = -99;
        l->GetFloatv(PNAMES[i], &f);
        snprintf(w, sizeof w, "%s.p%04x", tag, PNAMES[i]);
        put(r, w, 0, f, 1e-6f);
    }
    for (GLenum m = 0; m < 10; m++) {
        GLint n = -1;
        l->GetIntegerv(GL_PIXEL_MAP_I_TO_I_SIZE + m, &n);
        snprintf(w, sizeof w, "%s.size%u", tag, m);
        put(r, w, 0, (float)n, 0);
    }
    err(l, r, "state_err");
}

static void case_state(pt_api *l, rec *r)
{
    state_snapshot(l, r, "default");
    GLint mx = 0;
    l->GetIntegerv(GL_MAX_PIXEL_MAP_TABLE, &mx);
    put(r, "max>=32", 0, mx >= 32, 0);
    l->PixelTransferf(GL_RED_SCALE, 0.5f);
    l->PixelTransferf(GL_GREEN_BIAS, -0.25f);
    l->PixelTransferf(GL_DEPTH_SCALE, 2.0f);
    l->PixelTransferi(GL_INDEX_SHIFT, -3);
    l->PixelTransferi(GL_INDEX_OFFSET, 7);
    l->PixelTransferi(GL_MAP_COLOR, GL_TRUE);
    l->PixelTransferi(GL_MAP_STENCIL, GL_TRUE);
    state_snapshot(l, r, "set");
    const GLfloat f4[4] = {0.0f, 0.2f, 0.7f, 1.0f};
    const GLfloat fi[4] = {3, 1, 2, 0};
    const GLuint u3[3] = {0u, 2147483648u, 4294967295u};
    const GLushort s8[8] = {0, 1, 2, 3, 65535, 5, 6, 7};
    l->PixelMapfv(GL_PIXEL_MAP_R_TO_R, 4, f4);
    l->PixelMapfv(GL_PIXEL_MAP_I_TO_I, 4, fi);
    l->PixelMapuiv(GL_PIXEL_MAP_G_TO_G, 3, u3);
    l->PixelMapusv(GL_PIXEL_MAP_S_TO_S, 8, s8);
    l->PixelMapusv(GL_PIXEL_MAP_I_TO_B, 8, s8);
    err(l, r, "maps_err");
    state_snapshot(l, r, "maps");
    GLuint index_uiv[2][9];
    for (GLenum m = 0; m < 10; m++) {
        GLfloat f[256];
        GLuint u[256];
        GLushort s[256];
        for (int i = 0; i < 256; i++)
            f[i] = -7, u[i] = 7, s[i] = 7;
        l->GetPixelMapfv(GL_PIXEL_MAP_I_TO_I + m, f);
        l->GetPixelMapuiv(GL_PIXEL_MAP_I_TO_I + m, u);
        l->GetPixelMapusv(GL_PIXEL_MAP_I_TO_I + m, s);
        for (int i = 0; i < 9; i++) {
            put(r, "getfv", (int)m * 16 + i, f[i], 1e-6f);
            if (m >= 2) /* colour maps: normalized */
                put(r, "getuiv/2^24", (int)m * 16 + i, (float)(u[i] >> 24), 1);
            else /* index maps: checked against the spec below */
                index_uiv[m][i] = u[i];
            put(r, "getusv", (int)m * 16 + i, (float)s[i], 1);
        }
    }
    /* GL 2.1 6.1.3: index maps read back as integers with glGetPixelMapuiv
     * (llvmpipe returns I_TO_I normalized and S_TO_S as float bits): the
     * spec is the oracle here, the entries set above. */
    bool index_ok = true;
    for (int i = 0; i < 4; i++)
        index_ok &= index_uiv[0][i] == (GLuint)fi[i];
    for (int i = 0; i < 8; i++)
        index_ok &= index_uiv[1][i] == s8[i];
    r->spec_fail += !index_ok;
    l->PixelMapfv(GL_PIXEL_MAP_I_TO_R, 3, f4); /* not a power of two */
    err(l, r, "npot");
    l->PixelMapfv(GL_PIXEL_MAP_R_TO_R, 0, f4);
    err(l, r, "size0");
    l->PixelMapfv(GL_PIXEL_MAP_R_TO_R, 3, f4); /* R_TO_R may be any size */
    err(l, r, "r_to_r3");
    l->PixelMapfv(GL_PIXEL_MAP_R_TO_R_SIZE, 2, f4);
    err(l, r, "badmap");
    l->PixelTransferf(GL_TEXTURE_2D, 1.0f);
    err(l, r, "badpname");
}

static void read_back(pt_api *l, rec *r, const char *tag)
{
    float f[4 * 4];
    GLubyte b[4 * 4];
    for (int i = 0; i < 16; i++)
        f[i] = -9, b[i] = 9;
    l->ReadPixels(2, 2, 2, 2, GL_RGBA, GL_FLOAT, f);
    l->ReadPixels(2, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, b);
    char w[40];
    snprintf(w, sizeof w, "%s.f", tag);
    for (int i = 0; i < 16; i++)
        put(r, w, i, f[i], 1.0f / 255 + 1e-5f); /* the buffer is 8-bit */
    snprintf(w, sizeof w, "%s.ub", tag);
    for (int i = 0; i < 16; i++)
        put(r, w, i, b[i], 1);
    float z[4] = {-9, -9, -9, -9};
    l->ReadPixels(2, 2, 2, 2, GL_DEPTH_COMPONENT, GL_FLOAT, z);
    snprintf(w, sizeof w, "%s.z", tag);
    for (int i = 0; i < 4; i++)
        put(r, w, i, z[i], 1e-5f);
    err(l, r, tag);
}

static void case_readpixels(pt_api *l, rec *r)
{
    l->ClearColor(0.2f, 0.4f, 0.6f, 0.8f);
    l->ClearDepth(0.25);
    l->Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    read_back(l, r, "plain");
    l->PixelTransferf(GL_RED_SCALE, 2.0f);
    l->PixelTransferf(GL_GREEN_SCALE, -1.0f);
    l->PixelTransferf(GL_GREEN_BIAS, 0.5f);
    l->PixelTransferf(GL_BLUE_BIAS, 0.6f); /* over 1: clamped for bytes */
    l->PixelTransferf(GL_ALPHA_SCALE, 0.5f);
    l->PixelTransferf(GL_DEPTH_SCALE, 2.0f);
    l->PixelTransferf(GL_DEPTH_BIAS, 0.125f);
    read_back(l, r, "scalebias");
    const GLfloat rmap[4] = {1.0f, 0.75f, 0.5f, 0.25f};
    const GLfloat amap[2] = {0.125f, 0.875f};
    l->PixelMapfv(GL_PIXEL_MAP_R_TO_R, 4, rmap);
    l->PixelMapfv(GL_PIXEL_MAP_A_TO_A, 2, amap);
    l->PixelTransferi(GL_MAP_COLOR, GL_TRUE);
    read_back(l, r, "mapped");
}

static void tex_back(pt_api *l, rec *r, const char *tag, GLenum format, int n)
{
    float f[4 * 16];
    for (int i = 0; i < 64; i++)
        f[i] = -9;
    l->GetTexImage(GL_TEXTURE_2D, 0, format, GL_FLOAT, f);
    char w[40];
    snprintf(w, sizeof w, "%s", tag);
    for (int i = 0; i < n; i++)
        put(r, w, i, f[i], 1.0f / 255 + 1e-5f);
    err(l, r, tag);
}

static void case_teximage(pt_api *l, rec *r)
{
    GLuint t;
    l->GenTextures(1, &t);
    l->BindTexture(GL_TEXTURE_2D, t);
    l->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    float texf[4 * 16];
    GLubyte texb[4 * 16];
    float depth[16];
    for (int i = 0; i < 64; i++) {
        texf[i] = (float)((i * 37) % 64) / 63.0f;
        texb[i] = (GLubyte)((i * 53) % 256);
    }
    for (int i = 0; i < 16; i++)
        depth[i] = (float)i / 20.0f;
    l->PixelTransferf(GL_RED_SCALE, 0.5f);
    l->PixelTransferf(GL_BLUE_BIAS, 0.25f);
    l->PixelTransferf(GL_ALPHA_SCALE, -1.0f);
    l->PixelTransferf(GL_ALPHA_BIAS, 1.0f);
    l->PixelTransferf(GL_DEPTH_SCALE, 0.5f);
    l->PixelTransferf(GL_DEPTH_BIAS, 0.25f);
    l->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_FLOAT, texf);
    tex_back(l, r, "rgba_f", GL_RGBA, 64);
    l->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texb);
    tex_back(l, r, "rgba_ub_getwithtransfer", GL_RGBA, 64);
    const GLfloat gmap[4] = {0.9f, 0.6f, 0.3f, 0.0f};
    l->PixelMapfv(GL_PIXEL_MAP_G_TO_G, 4, gmap);
    l->PixelTransferi(GL_MAP_COLOR, GL_TRUE);
    l->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_BGRA, GL_UNSIGNED_BYTE, texb);
    l->PixelTransferi(GL_MAP_COLOR, GL_FALSE);
    tex_back(l, r, "bgra_ub_mapped", GL_RGBA, 64);
    l->TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                  depth);
    l->PixelTransferf(GL_DEPTH_SCALE, 1.0f);
    l->PixelTransferf(GL_DEPTH_BIAS, 0.0f);
    tex_back(l, r, "depth", GL_DEPTH_COMPONENT, 16);
    l->DeleteTextures(1, &t);
}

typedef struct pt_case {
    const char *name;
    void (*fn)(pt_api *l, rec *r);
} pt_case;

static const pt_case cases[] = {
    {"state", case_state}, {"readpixels", case_readpixels}, {"teximage", case_teximage},
};

static bool run(glc_api *g, pt_api *l, const pt_case *c, rec *r)
{
    glc_target t;
    if (!glc_target_create(&t, g, 16, 16))
        return false;
    r->n = 0;
    r->spec_fail = 0;
    c->fn(l, r);
    glc_target_destroy(&t);
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
    pt_api lswr, lref;
    if (!glc_open(&swr, argv[1]) || !glc_open(&ref, ref_path) || !pt_open(&lswr, &swr) ||
        !pt_open(&lref, &ref))
        return 1;
    static rec a, b;
    int failed = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bool ok = run(&swr, &lswr, &cases[i], &a) && run(&ref, &lref, &cases[i], &b) && a.n == b.n;
        int bad = 0;
        for (int k = 0; ok && k < a.n; k++) {
            if (!(fabsf(a.v[k] - b.v[k]) <= b.tol[k])) {
                if (bad++ < 12)
                    fprintf(stderr, "  %s: swr %g, llvmpipe %g\n", a.what[k], a.v[k], b.v[k]);
            }
        }
        if (a.spec_fail)
            fprintf(stderr, "  %s: %d check(s) against the spec failed\n", cases[i].name,
                    a.spec_fail);
        bool pass = ok && bad == 0 && a.spec_fail == 0;
        printf("%-12s %4d values  %s\n", cases[i].name, a.n, pass ? "ok" : "FAIL");
        failed += !pass;
    }
    return failed ? 1 : 0;
}
