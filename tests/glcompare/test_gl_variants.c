/*
 * test_gl_variants.c: GL state that swr's pipe driver implements with
 * shader variants (frontend-gallium/pipe/swrp_shader_lower.c), rendered
 * by swr's libOSMesa.so.8 and by Mesa's llvmpipe libOSMesa.so.8 (the
 * oracle) in one run; the images must agree.
 *
 *   test_gl_variants <swr libOSMesa> [<reference libOSMesa>]
 *
 * Cases: glClipPlane with a vertex shader that writes gl_ClipVertex (a
 * mirrored position, so clipping by the position would differ) and with
 * one that does not (Mesa then clips the position); glPolygonStipple on
 * polygons next to lines, which it must not affect; and a draw with
 * stipple and clip planes switched off again in the same frame. Entry
 * points glc_api does not list (glClipPlane, glPolygonStipple) come from
 * OSMesaGetProcAddress of each library. The vertex shaders compute a
 * colour factor from a uniform alone (what the jitter may hoist into a
 * per-draw preamble), so variants must keep that working too.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

enum { W = 160, H = 120 };

typedef void (*clip_plane_fn)(GLenum, const GLdouble *);
typedef void (*stipple_fn)(const GLubyte *);

static const char *VS_CLIPVERTEX =
    "#version 120\n"
    "attribute vec4 pos;\n"
    "attribute vec4 attr;\n"
    "uniform vec4 tint;\n"
    "varying vec4 col;\n"
    "void main() {\n"
    "  gl_Position = pos;\n"
    "  gl_ClipVertex = vec4(-pos.x, pos.y, pos.z, pos.w);\n"
    "  col = attr * (tint * 2.0 + vec4(0.25));\n"
    "}\n";

static const char *VS_PLAIN = "#version 120\n"
                              "attribute vec4 pos;\n"
                              "attribute vec4 attr;\n"
                              "uniform vec4 tint;\n"
                              "varying vec4 col;\n"
                              "void main() {\n"
                              "  gl_Position = pos;\n"
                              "  col = attr * (tint * 2.0 + vec4(0.25));\n"
                              "}\n";

static const char *FS = "#version 120\n"
                        "varying vec4 col;\n"
                        "void main() { gl_FragColor = col; }\n";

static void draw(glc_api *g, GLenum mode, const float *pos, const float *attr, int n)
{
    g->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
    g->VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, attr);
    g->EnableVertexAttribArray(0);
    g->EnableVertexAttribArray(1);
    g->DrawArrays(mode, 0, n);
}

static void quad(glc_api *g, float x0, float y0, float x1, float y1, const float c[4][4])
{
    const float pos[] = {x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1};
    float attr[6][4];
    static const int corner[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++)
        memcpy(attr[i], c[corner[i]], sizeof attr[i]);
    draw(g, GL_TRIANGLES, pos, &attr[0][0], 6);
}

static const float GRAD[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 1}};

/* case 0: planes with gl_ClipVertex; 1: planes without; 2: stipple;
 * 3: stipple and planes together, then both off for a second draw. */
static bool render_case(glc_api *g, int which, uint8_t *out)
{
    glc_target t;
    if (!glc_target_create(&t, g, W, H))
        return false;
    clip_plane_fn clip_plane = (clip_plane_fn)(uintptr_t)g->OSMesaGetProcAddress("glClipPlane");
    stipple_fn stipple = (stipple_fn)(uintptr_t)g->OSMesaGetProcAddress("glPolygonStipple");
    bool ok = clip_plane && stipple;
    GLuint prog = glc_program(g, which == 0 ? VS_CLIPVERTEX : VS_PLAIN, FS);
    ok = ok && prog;
    if (ok) {
        g->Viewport(0, 0, W, H);
        g->ClearColor(0.1f, 0.1f, 0.1f, 1);
        g->Clear(GL_COLOR_BUFFER_BIT);
        g->BindAttribLocation(prog, 0, "pos");
        g->BindAttribLocation(prog, 1, "attr");
        g->LinkProgram(prog);
        g->UseProgram(prog);
        /* A uniform-only expression: the jitter may hoist it into a
         * preamble, which the clip-plane variant must keep working. */
        g->Uniform4f(g->GetUniformLocation(prog, "tint"), 0.375f, 0.25f, 0.125f, 0.375f);
        /* Plane edges off pixel centres: x >= 0.03 (with ClipVertex: the
         * mirrored x <= -0.03), y >= -0.41, x + 0.7 y <= 0.55. */
        const GLdouble p0[4] = {1, 0, 0, -0.03}, p3[4] = {0, 1, 0, 0.41},
                       p5[4] = {-1, -0.7, 0, 0.55};
        GLubyte pat[128];
        for (int i = 0; i < 128; i++)
            pat[i] = (GLubyte)((i * 37 + (i >> 2) * 11) ^ 0x5a);
        if (which != 2) {
            clip_plane(GL_CLIP_PLANE0, p0);
            clip_plane(GL_CLIP_PLANE3, p3);
            clip_plane(GL_CLIP_PLANE5, p5);
            g->Enable(GL_CLIP_PLANE0);
            g->Enable(GL_CLIP_PLANE3);
            g->Enable(GL_CLIP_PLANE5);
        }
        if (which >= 2) {
            stipple(pat);
            g->Enable(GL_POLYGON_STIPPLE);
        }
        quad(g, -0.9f, -0.9f, 0.9f, 0.9f, GRAD);
        if (which >= 2) {
            /* lines are not stippled */
            const float lp[] = {-1, 0.95f, 1, 0.95f, -0.95f, -1, -0.95f, 1};
            const float lc[4][4] = {{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}};
            draw(g, GL_LINES, lp, &lc[0][0], 4);
        }
        if (which == 3) {
            g->Disable(GL_POLYGON_STIPPLE);
            g->Disable(GL_CLIP_PLANE0);
            g->Disable(GL_CLIP_PLANE3);
            g->Disable(GL_CLIP_PLANE5);
            quad(g, 0.5f, 0.5f, 0.85f, 0.85f, GRAD);
        }
        g->Finish();
        ok = g->GetError() == GL_NO_ERROR;
        g->UseProgram(0);
        g->DeleteProgram(prog);
    }
    memcpy(out, t.color, (size_t)W * H * 4);
    glc_target_destroy(&t);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>]\n", argv[0]);
        return 2;
    }
    const char *ref_path = argc > 2 && argv[2][0] ? argv[2] : glc_reference_library();
    glc_api swr, ref;
    if (!glc_open(&swr, argv[1]) || !glc_open(&ref, ref_path))
        return 1;
    static const char *names[] = {"ucp_clipvertex", "ucp_position", "poly_stipple",
                                  "stipple_ucp_off"};
    uint8_t *a = malloc((size_t)W * H * 4), *b = malloc((size_t)W * H * 4);
    int failed = 0;
    for (int i = 0; i < 4; i++) {
        bool ok_swr = render_case(&swr, i, a);
        bool ok_ref = render_case(&ref, i, b);
        int md = 0;
        double psnr = glc_psnr(a, b, W, H, &md);
        /* Also require that the state did something: the image differs
         * from the same draw without it (a lit pixel count well below the
         * full quad's). */
        int lit = 0;
        for (int p = 0; p < W * H; p++)
            lit += a[4 * p] > 40 || a[4 * p + 1] > 40 || a[4 * p + 2] > 40;
        bool pass = ok_swr && ok_ref && psnr >= 40.0 && lit < (int)(0.81 * W * H * 0.8);
        printf("%-16s PSNR %6.2f dB, max diff %3d, lit %5d: %s%s%s\n", names[i],
               isinf(psnr) ? 99.99 : psnr, md, lit, pass ? "ok" : "FAIL",
               ok_swr ? "" : " [swr reported a problem]", ok_ref ? "" : " [reference problem]");
        if (!pass) {
            failed++;
            char path[256];
            snprintf(path, sizeof path, "%s-swr.png", names[i]);
            glc_write_png(path, a, W, H);
            snprintf(path, sizeof path, "%s-ref.png", names[i]);
            glc_write_png(path, b, W, H);
        }
    }
    free(a);
    free(b);
    glc_close(&swr);
    glc_close(&ref);
    return failed ? 1 : 0;
}
