/*
 * test_gl_compare_copydepth.c: glCopyTexImage2D / glCopyTexSubImage2D into
 * depth and depth/stencil textures (GL 3.3 section 3.8.5: a depth internal
 * format reads the read framebuffer's depth buffer) in swr's libOSMesa.so.8
 * against Mesa's llvmpipe libOSMesa.so.8 (the oracle), in one run. VTK's
 * depth peeling copies the opaque depth this way; before this worked on
 * swr, its translucent geometry vanished.
 *
 *   test_gl_compare_copydepth <swr libOSMesa> [<reference libOSMesa>]
 *
 * Each library draws the same depth-tested triangles (three planes at
 * different, sloped depths) into its window buffer (depth 24, stencil 8)
 * and then into a framebuffer object with a DEPTH_COMPONENT32F texture, and
 * copies:
 *   - the whole depth buffer into a DEPTH_COMPONENT24 texture
 *     (glCopyTexImage2D) and a sub-rectangle of it to an offset of a second
 *     one (glCopyTexSubImage2D, the rest keeps its glTexImage2D values);
 *   - the depth and stencil (stencil written where a triangle drew) into a
 *     DEPTH24_STENCIL8 texture, read back as GL_UNSIGNED_INT_24_8;
 *   - from the FBO's float depth into a DEPTH_COMPONENT32F texture.
 * Oracles: every copied texture, read with glGetTexImage, must equal the
 * library's own glReadPixels of the depth (and stencil) buffer it was
 * copied from word for word on swr (24-bit to 24-bit and float to float
 * copies are exact; llvmpipe's within 2^-22); and each value must agree
 * with llvmpipe's within 2^-13 (both rasterize the same planes; vertex
 * snapping differs, so steep planes differ by up to 2e-5). The errors of a copy into a depth texture
 * from a framebuffer without a depth buffer, and a DEPTH_STENCIL copy from
 * one without stencil, must equal llvmpipe's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

enum { W = 64, H = 48 };

#define CD_FUNCS(X)                                                                                \
    X(Begin, BEGIN) X(End, END) X(Vertex3f, VERTEX3F) X(GetTexImage, GETTEXIMAGE)                 \
    X(StencilFunc, STENCILFUNC) X(StencilOp, STENCILOP) X(GetError, GETERROR)                     \
    X(FramebufferRenderbuffer, FRAMEBUFFERRENDERBUFFER) X(GenRenderbuffers, GENRENDERBUFFERS)

GLC_TABLE(cd_api, cd_open, CD_FUNCS)

typedef struct result {
    float depth_win[W * H];    /* glReadPixels of the window's depth */
    float copy24[W * H];       /* the DEPTH_COMPONENT24 copy */
    float sub24[W * H];        /* the sub-rectangle copy into a filled texture */
    uint32_t ds_win[W * H];    /* glReadPixels DEPTH_STENCIL, 24_8 */
    uint32_t ds_copy[W * H];   /* the DEPTH24_STENCIL8 copy */
    float depth_fbo[W * H];    /* the FBO's float depth */
    float copy32f[W * H];      /* its DEPTH_COMPONENT32F copy */
    GLenum errors[4];
} result;

static void draw_planes(cd_api *l)
{
    static const float tri[3][3][3] = {
        {{-1.0f, -1.0f, 0.8f}, {0.9f, -0.8f, -0.2f}, {-0.6f, 0.9f, 0.1f}},
        {{-0.9f, 0.7f, -0.7f}, {0.8f, 0.9f, 0.6f}, {0.2f, -0.9f, 0.3f}},
        {{0.0f, -1.0f, -0.9f}, {1.0f, 0.2f, 0.9f}, {-0.4f, 0.1f, 0.0f}},
    };
    l->Begin(GL_TRIANGLES);
    for (int t = 0; t < 3; t++)
        for (int v = 0; v < 3; v++)
            l->Vertex3f(tri[t][v][0], tri[t][v][1], tri[t][v][2]);
    l->End();
}

static GLuint depth_texture(glc_api *g, GLenum ifmt, GLenum format, GLenum type, const void *data)
{
    GLuint t = 0;
    g->GenTextures(1, &t);
    g->BindTexture(GL_TEXTURE_2D, t);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    g->TexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, W, H, 0, format, type, data);
    return t;
}

static bool run(const char *path, result *r)
{
    glc_api g;
    cd_api l;
    glc_target t;
    if (!glc_open(&g, path))
        return false;
    if (!cd_open(&l, &g) || !glc_target_create(&t, &g, W, H)) {
        glc_close(&g);
        return false;
    }
    memset(r, 0, sizeof *r);
    g.Viewport(0, 0, W, H);
    g.ClearDepth(1.0);
    g.ClearStencil(0);
    g.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    g.Enable(GL_DEPTH_TEST);
    g.DepthFunc(GL_LESS);
    g.Enable(GL_STENCIL_TEST);
    l.StencilFunc(GL_ALWAYS, 0x5a, 0xff);
    l.StencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    draw_planes(&l);
    g.Disable(GL_STENCIL_TEST);
    g.ReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, r->depth_win);
    g.ReadPixels(0, 0, W, H, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, r->ds_win);

    /* whole copy into DEPTH_COMPONENT24 */
    depth_texture(&g, GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
    g.CopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 0, 0, W, H, 0);
    l.GetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, r->copy24);

    /* sub-rectangle (8, 4, 40 x 30) to offset (16, 10) of a texture of 0.25 */
    static float quarter[W * H];
    for (int i = 0; i < W * H; i++)
        quarter[i] = 0.25f;
    depth_texture(&g, GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_FLOAT, quarter);
    g.CopyTexSubImage2D(GL_TEXTURE_2D, 0, 16, 10, 8, 4, 40, 30);
    l.GetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, r->sub24);

    /* depth and stencil */
    depth_texture(&g, GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, NULL);
    g.CopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 0, 0, W, H, 0);
    l.GetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, r->ds_copy);

    /* a framebuffer object with a float depth texture */
    GLuint ztex = depth_texture(&g, GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
    GLuint ctex = 0, fbo = 0;
    g.GenTextures(1, &ctex);
    g.BindTexture(GL_TEXTURE_2D, ctex);
    g.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    g.GenFramebuffers(1, &fbo);
    g.BindFramebuffer(GL_FRAMEBUFFER, fbo);
    g.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, ctex, 0);
    g.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, ztex, 0);
    bool complete = g.CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    g.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    draw_planes(&l);
    g.ReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, r->depth_fbo);
    depth_texture(&g, GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
    g.CopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 0, 0, W, H, 0);
    l.GetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, r->copy32f);
    while (l.GetError() != GL_NO_ERROR) {
    }
    /* errors: DEPTH_STENCIL from a framebuffer without stencil, depth from
     * one without depth */
    g.CopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 0, 0, W, H, 0);
    r->errors[0] = l.GetError();
    g.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, 0, 0);
    g.CopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 0, 0, W, H, 0);
    r->errors[1] = l.GetError();
    g.CopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 8, 8);
    r->errors[2] = l.GetError();
    r->errors[3] = complete ? 0 : 1;
    g.BindFramebuffer(GL_FRAMEBUFFER, 0);
    glc_target_destroy(&t);
    glc_close(&g);
    return true;
}

static int failures;
static void fail(const char *what, int i, double a, double b)
{
    static const char *last;
    static int shown;
    if (what != last) /* a few lines per check */
        last = what, shown = 0;
    failures++;
    if (shown++ < 3)
        fprintf(stderr, "FAIL: %s at %d: %.9g vs %.9g\n", what, i, a, b);
}

/* The copy equals its source, except in the sub-rectangle case: word for
 * word on swr (tol 0), within tol on llvmpipe, whose window depth buffer
 * does not hold the same bits as its 24-bit textures. */
static bool near(double a, double b, double tol) { return fabs(a - b) <= tol; }
static void self_check(const char *lib, const result *r, double tol)
{
    const double tol24 = tol * 16777215.0;
    char what[96];
    int covered = 0;
    for (int i = 0; i < W * H; i++) {
        int x = i % W, y = i / W;
        covered += r->depth_win[i] < 1.0f;
        snprintf(what, sizeof what, "%s: DEPTH_COMPONENT24 copy vs glReadPixels", lib);
        if (!near(r->copy24[i], r->depth_win[i], tol))
            fail(what, i, r->copy24[i], r->depth_win[i]);
        bool inside = x >= 16 && x < 56 && y >= 10 && y < 40;
        /* outside: 0.25 as a 24-bit depth holds it */
        const double d24 = 16777215.0;
        float want = inside ? r->depth_win[(y - 10 + 4) * W + (x - 16 + 8)]
                            : (float)(floor(0.25 * d24 + 0.5) / d24);
        snprintf(what, sizeof what, "%s: glCopyTexSubImage2D", lib);
        if (!near(r->sub24[i], want, tol))
            fail(what, i, r->sub24[i], want);
        snprintf(what, sizeof what, "%s: DEPTH24_STENCIL8 copy vs glReadPixels", lib);
        if ((r->ds_copy[i] & 0xff) != (r->ds_win[i] & 0xff) ||
            !near(r->ds_copy[i] >> 8, r->ds_win[i] >> 8, tol24))
            fail(what, i, r->ds_copy[i], r->ds_win[i]);
        snprintf(what, sizeof what, "%s: DEPTH_COMPONENT32F copy from the FBO", lib);
        if (!near(r->copy32f[i], r->depth_fbo[i], tol))
            fail(what, i, r->copy32f[i], r->depth_fbo[i]);
    }
    /* the scene must have drawn: most pixels nearer than the clear value,
     * stencil 0x5a where it drew */
    if (covered < W * H / 3) {
        fprintf(stderr, "FAIL: %s: the planes cover only %d pixels\n", lib, covered);
        failures++;
    }
    int stencilled = 0;
    for (int i = 0; i < W * H; i++)
        stencilled += (r->ds_win[i] & 0xff) == 0x5a;
    if (stencilled < W * H / 3) {
        fprintf(stderr, "FAIL: %s: stencil written at only %d pixels\n", lib, stencilled);
        failures++;
    }
    if (r->errors[3]) {
        fprintf(stderr, "FAIL: %s: the FBO is not complete\n", lib);
        failures++;
    }
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>]\n", argv[0]);
        return 2;
    }
    const char *ref = argc == 3 && argv[2][0] ? argv[2] : glc_reference_library();
    static result swr, mesa;
    if (!run(argv[1], &swr) || !run(ref, &mesa))
        return 1;
    self_check("swr", &swr, 0.0);
    self_check("llvmpipe", &mesa, 1.0 / (1 << 22));
    /* the two rasterize the same planes; interpolated depth differs by the
     * plane's slope times the two snapping rules' difference (seen: 2e-5 on
     * the steepest plane, 0.009 per pixel) */
    const double tol = 1.0 / (1 << 13);
    for (int i = 0; i < W * H; i++) {
        if (fabs(swr.copy24[i] - mesa.copy24[i]) > tol)
            fail("DEPTH_COMPONENT24 copy, swr vs llvmpipe", i, swr.copy24[i], mesa.copy24[i]);
        if (fabs(swr.sub24[i] - mesa.sub24[i]) > tol)
            fail("sub-rectangle copy, swr vs llvmpipe", i, swr.sub24[i], mesa.sub24[i]);
        if ((swr.ds_copy[i] & 0xff) != (mesa.ds_copy[i] & 0xff) ||
            fabs((double)(swr.ds_copy[i] >> 8) - (double)(mesa.ds_copy[i] >> 8)) > tol * 16777215.0)
            fail("DEPTH24_STENCIL8 copy, swr vs llvmpipe", i, swr.ds_copy[i], mesa.ds_copy[i]);
        if (fabs(swr.copy32f[i] - mesa.copy32f[i]) > tol)
            fail("DEPTH_COMPONENT32F copy, swr vs llvmpipe", i, swr.copy32f[i], mesa.copy32f[i]);
    }
    static const char *const err_names[3] = {"DEPTH_STENCIL copy without stencil",
                                             "depth copy without depth",
                                             "depth sub-copy without depth"};
    for (int k = 0; k < 3; k++) {
        printf("%-40s swr 0x%04x llvmpipe 0x%04x\n", err_names[k], swr.errors[k], mesa.errors[k]);
        if (swr.errors[k] != mesa.errors[k]) {
            fprintf(stderr, "FAIL: %s: swr gives 0x%x, llvmpipe 0x%x\n", err_names[k], swr.errors[k],
                    mesa.errors[k]);
            failures++;
        }
    }
    if (failures) {
        fprintf(stderr, "%d failure(s)\n", failures);
        return 1;
    }
    printf("PASS: depth copies equal their sources and llvmpipe's\n");
    return 0;
}
