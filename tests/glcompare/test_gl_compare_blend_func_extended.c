/*
 * test_gl_compare_blend_func_extended.c: dual-source blending
 * (ARB_blend_func_extended, core in GL 3.3) of swr's libOSMesa.so.8 against
 * Mesa's llvmpipe libOSMesa.so.8 (the oracle) in one run, in an OpenGL 3.3
 * core context from OSMesaCreateContextAttribs.
 *
 * Each scene clears a 64x64 target to a gradient-free colour, then draws a
 * quad whose fragment shader writes two colours that vary over the quad:
 * the first to (location 0, index 0), the second to (location 0, index 1),
 * placed either by `layout(location = 0, index = 1)` (GLSL 3.30) or by
 * glBindFragDataLocationIndexed before the link (GLSL 1.50, no layout), and
 * blends with the SRC1 factors (SRC1_COLOR, ONE_MINUS_SRC1_COLOR, SRC1_ALPHA,
 * ONE_MINUS_SRC1_ALPHA) through glBlendFunc and glBlendFuncSeparate. Both
 * libraries' images must agree within two steps per channel (llvmpipe
 * rounds each blend product to 8 bits) and 45 dB PSNR.
 *
 * The queries and errors of the extension spec are recorded on both
 * libraries and must be equal: glGetFragDataIndex / glGetFragDataLocation
 * of both outputs and of a name that is no output, GetFragDataIndex of an
 * unlinked program (INVALID_OPERATION), GL_MAX_DUAL_SOURCE_DRAW_BUFFERS,
 * glBindFragDataLocationIndexed with index 2, with index 1 at colour 1, at
 * colour 8, and with a gl_ name, and a draw with SRC1 blending into two
 * draw buffers of a framebuffer object (INVALID_OPERATION; without
 * blending the same draw is no error). Independently of llvmpipe, the
 * expected values the spec fixes are checked on swr (index 1 -> 1, unknown
 * name -> -1, the error codes), and swr must list GL_ARB_blend_func_extended.
 *
 *   test_gl_compare_blend_func_extended <swr libOSMesa> [<reference libOSMesa>]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

#define BFE_FUNCS(X)                                                                               \
    X(BindFragDataLocationIndexed, BINDFRAGDATALOCATIONINDEXED)                                    \
    X(GetFragDataIndex, GETFRAGDATAINDEX) X(GetFragDataLocation, GETFRAGDATALOCATION)              \
    X(GetStringi, GETSTRINGI) X(FramebufferRenderbuffer, FRAMEBUFFERRENDERBUFFER)

GLC_TABLE(bfe_api, bfe_open, BFE_FUNCS)

enum { W = 64, H = 64 };

typedef struct lib {
    glc_api g;
    bfe_api x;
    glc_target t;
    GLuint vao, vbo;
} lib;

static int failures;

static bool lib_open(lib *l, const char *path)
{
    memset(l, 0, sizeof *l);
    if (!glc_open(&l->g, path) || !bfe_open(&l->x, &l->g))
        return false;
    if (!glc_target_create_version(&l->t, &l->g, W, H, 3, 3, true))
        return false;
    static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    l->g.GenVertexArrays(1, &l->vao);
    l->g.BindVertexArray(l->vao);
    l->g.GenBuffers(1, &l->vbo);
    l->g.BindBuffer(GL_ARRAY_BUFFER, l->vbo);
    l->g.BufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    l->g.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    l->g.EnableVertexAttribArray(0);
    return true;
}

static void lib_close(lib *l)
{
    glc_target_destroy(&l->t);
    glc_close(&l->g);
}

/* ---- programs ----------------------------------------------------------------------------- */

static const char VS[] = "#version 150\n"
                         "in vec2 pos;\n"
                         "out vec2 uv;\n"
                         "void main() { uv = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* both colours vary over the quad, the second's alpha across x */
#define FS_BODY                                                                                    \
    "void main() {\n"                                                                              \
    "  c0 = vec4(uv.x, 0.25 + 0.5 * uv.y, 0.8 - 0.6 * uv.x, 0.3 + 0.6 * uv.y);\n"                 \
    "  c1 = vec4(0.9 - 0.8 * uv.y, uv.x * uv.y, 0.5, 0.1 + 0.8 * uv.x);\n"                        \
    "}\n"
static const char FS_LAYOUT[] = "#version 330\n"
                                "in vec2 uv;\n"
                                "layout(location = 0, index = 0) out vec4 c0;\n"
                                "layout(location = 0, index = 1) out vec4 c1;\n" FS_BODY;
static const char FS_BOUND[] = "#version 150\n"
                               "in vec2 uv;\n"
                               "out vec4 c1;\n" /* declared first: the bindings decide */
                               "out vec4 c0;\n" FS_BODY;

/* The program of vs and fs; bind_api: glBindFragDataLocationIndexed places
 * c0 and c1 before the link. 0 when it does not link. */
static GLuint make_program(lib *l, const char *fs, bool bind_api)
{
    glc_api *g = &l->g;
    GLuint v = g->CreateShader(GL_VERTEX_SHADER), f = g->CreateShader(GL_FRAGMENT_SHADER);
    const char *vs = VS;
    g->ShaderSource(v, 1, &vs, NULL);
    g->ShaderSource(f, 1, &fs, NULL);
    g->CompileShader(v);
    g->CompileShader(f);
    GLuint p = g->CreateProgram();
    g->AttachShader(p, v);
    g->AttachShader(p, f);
    g->BindAttribLocation(p, 0, "pos");
    if (bind_api) {
        l->x.BindFragDataLocationIndexed(p, 0, 1, "c1");
        l->x.BindFragDataLocationIndexed(p, 0, 0, "c0");
    }
    g->LinkProgram(p);
    g->DeleteShader(v);
    g->DeleteShader(f);
    GLint ok = 0;
    g->GetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[4096] = "";
        g->GetProgramInfoLog(p, sizeof log, NULL, log);
        fprintf(stderr, "%s: link failed:\n%s\n", g->path, log);
        g->DeleteProgram(p);
        return 0;
    }
    return p;
}

/* ---- scenes ------------------------------------------------------------------------------- */

typedef struct scene {
    const char *name;
    const char *fs;
    bool bind_api;
    GLenum src_rgb, dst_rgb, src_a, dst_a;
} scene;

static const scene scenes[] = {
    {"layout index 1: SRC1_COLOR, ONE_MINUS_SRC1_COLOR", FS_LAYOUT, false, GL_SRC1_COLOR,
     GL_ONE_MINUS_SRC1_COLOR, GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_COLOR},
    {"layout index 1: ONE, ONE_MINUS_SRC1_ALPHA", FS_LAYOUT, false, GL_ONE, GL_ONE_MINUS_SRC1_ALPHA,
     GL_ONE, GL_ONE_MINUS_SRC1_ALPHA},
    {"BindFragDataLocationIndexed: SRC1_ALPHA, ONE_MINUS_SRC1_ALPHA", FS_BOUND, true, GL_SRC1_ALPHA,
     GL_ONE_MINUS_SRC1_ALPHA, GL_SRC1_ALPHA, GL_ONE_MINUS_SRC1_ALPHA},
    {"BindFragDataLocationIndexed: separate SRC_ALPHA/SRC1_COLOR, ONE/SRC1_ALPHA", FS_BOUND, true,
     GL_SRC_ALPHA, GL_SRC1_COLOR, GL_ONE, GL_SRC1_ALPHA},
    {"layout index 1: separate ONE_MINUS_SRC1_COLOR/DST_COLOR, ZERO/ONE_MINUS_SRC1_ALPHA", FS_LAYOUT,
     false, GL_ONE_MINUS_SRC1_COLOR, GL_DST_COLOR, GL_ZERO, GL_ONE_MINUS_SRC1_ALPHA},
};
enum { NSCENES = sizeof scenes / sizeof scenes[0] };

/* Renders scene s; false when its program does not link or the draw
 * records an error. */
static bool render(lib *l, const scene *s)
{
    glc_target_bind(&l->t);
    glc_api *g = &l->g;
    g->BindVertexArray(l->vao);
    g->Viewport(0, 0, W, H);
    g->ClearColor(0.4f, 0.6f, 0.2f, 0.7f);
    g->Clear(GL_COLOR_BUFFER_BIT);
    GLuint p = make_program(l, s->fs, s->bind_api);
    if (!p)
        return false;
    g->UseProgram(p);
    g->Enable(GL_BLEND);
    g->BlendFuncSeparate(s->src_rgb, s->dst_rgb, s->src_a, s->dst_a);
    g->DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    g->Finish();
    GLenum err = g->GetError();
    g->Disable(GL_BLEND);
    g->BlendFunc(GL_ONE, GL_ZERO);
    g->UseProgram(0);
    g->DeleteProgram(p);
    if (err) {
        fprintf(stderr, "%s: %s: GL error 0x%x\n", g->path, s->name, err);
        return false;
    }
    return true;
}

/* ---- queries and errors ------------------------------------------------------------------- */

/* Records the answers in rec; checks on the way what the spec fixes. */
static void check_queries(lib *l, bool is_ref, long long *rec, int *nrec)
{
    glc_api *g = &l->g;
    glc_target_bind(&l->t);
    while (g->GetError())
        ;
#define REC(v) (rec[(*nrec)++] = (long long)(v))
#define WANT(what, got, want)                                                                      \
    do {                                                                                           \
        long long got_ = (long long)(got);                                                         \
        REC(got_);                                                                                 \
        if (got_ != (long long)(want)) {                                                           \
            fprintf(stderr, "%s: %s: %lld, want %lld\n", g->path, what, got_, (long long)(want)); \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)
    GLint max_dual = -1;
    g->GetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &max_dual);
    WANT("GL_MAX_DUAL_SOURCE_DRAW_BUFFERS", max_dual, 1);

    for (int api = 0; api < 2; api++) {
        GLuint p = make_program(l, api ? FS_BOUND : FS_LAYOUT, api);
        if (!p) {
            failures++;
            continue;
        }
        WANT("GetFragDataIndex(c0)", l->x.GetFragDataIndex(p, "c0"), 0);
        WANT("GetFragDataIndex(c1)", l->x.GetFragDataIndex(p, "c1"), 1);
        WANT("GetFragDataIndex(none)", l->x.GetFragDataIndex(p, "none"), -1);
        WANT("GetFragDataLocation(c0)", l->x.GetFragDataLocation(p, "c0"), 0);
        WANT("GetFragDataLocation(c1)", l->x.GetFragDataLocation(p, "c1"), 0);
        WANT("error after the queries", g->GetError(), GL_NO_ERROR);
        g->DeleteProgram(p);
    }

    GLuint p = g->CreateProgram();
    WANT("GetFragDataIndex(unlinked)", l->x.GetFragDataIndex(p, "c0"), -1);
    WANT("GetFragDataIndex(unlinked) error", g->GetError(), GL_INVALID_OPERATION);
    l->x.BindFragDataLocationIndexed(p, 0, 2, "c");
    WANT("BindFragDataLocationIndexed index 2", g->GetError(), GL_INVALID_VALUE);
    l->x.BindFragDataLocationIndexed(p, 1, 1, "c");
    WANT("BindFragDataLocationIndexed colour 1 index 1", g->GetError(), GL_INVALID_VALUE);
    l->x.BindFragDataLocationIndexed(p, 8, 0, "c");
    WANT("BindFragDataLocationIndexed colour 8", g->GetError(), GL_INVALID_VALUE);
    l->x.BindFragDataLocationIndexed(p, 0, 1, "gl_c");
    WANT("BindFragDataLocationIndexed gl_ name", g->GetError(), GL_INVALID_OPERATION);
    l->x.BindFragDataLocationIndexed(p, 7, 0, "c");
    WANT("BindFragDataLocationIndexed colour 7 index 0", g->GetError(), GL_NO_ERROR);
    g->DeleteProgram(p);

    /* two draw buffers: SRC1 blending draws nothing (INVALID_OPERATION) */
    GLuint fb, rb[2];
    g->GenFramebuffers(1, &fb);
    g->BindFramebuffer(GL_FRAMEBUFFER, fb);
    g->GenRenderbuffers(2, rb);
    for (int i = 0; i < 2; i++) {
        g->BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
        g->RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
        g->FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + (GLenum)i, GL_RENDERBUFFER,
                                   rb[i]);
    }
    static const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
    g->DrawBuffers(2, bufs);
    WANT("two-buffer framebuffer", g->CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    p = make_program(l, FS_LAYOUT, false);
    g->UseProgram(p);
    g->BindVertexArray(l->vao);
    g->Viewport(0, 0, 8, 8);
    g->DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    WANT("draw to two buffers without blending", g->GetError(), GL_NO_ERROR);
    g->Enable(GL_BLEND);
    g->BlendFunc(GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_COLOR);
    g->DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    WANT("SRC1 blending into two draw buffers", g->GetError(), GL_INVALID_OPERATION);
    /* Back to one draw buffer the draw is valid again (ARB_blend_func_extended
     * counts the draw buffers at the draw). llvmpipe keeps the error (its
     * draw validation is not redone after glDrawBuffers here), so this is
     * checked on swr alone and not recorded. */
    g->DrawBuffers(1, bufs);
    g->DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    GLenum one_buffer_err = g->GetError();
    if (!is_ref && one_buffer_err != GL_NO_ERROR) {
        fprintf(stderr, "%s: SRC1 blending into one draw buffer: 0x%x, want no error\n", g->path,
                one_buffer_err);
        failures++;
    }
    g->Disable(GL_BLEND);
    g->BlendFunc(GL_ONE, GL_ZERO);
    g->UseProgram(0);
    g->DeleteProgram(p);
    g->BindFramebuffer(GL_FRAMEBUFFER, 0);
    g->DeleteFramebuffers(1, &fb);
    g->DeleteRenderbuffers(2, rb);
    g->Viewport(0, 0, W, H);
    g->Finish();
#undef WANT
#undef REC
}

static bool lists_extension(lib *l, const char *name)
{
    GLint n = 0;
    l->g.GetIntegerv(GL_NUM_EXTENSIONS, &n);
    for (GLint i = 0; i < n; i++) {
        const char *e = (const char *)l->x.GetStringi(GL_EXTENSIONS, (GLuint)i);
        if (e && strcmp(e, name) == 0)
            return true;
    }
    return false;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>]\n", argv[0]);
        return 2;
    }
    const char *ref_path = argc > 2 ? argv[2] : glc_reference_library();
    static lib swr, ref;
    if (!lib_open(&swr, argv[1]))
        return 1;
    bool have_ref = lib_open(&ref, ref_path);
    if (!have_ref)
        fprintf(stderr, "note: no reference library (%s): swr-only checks\n", ref_path);

    for (int s = 0; s < NSCENES; s++) {
        if (!render(&swr, &scenes[s])) {
            failures++;
            continue;
        }
        if (!have_ref)
            continue;
        if (!render(&ref, &scenes[s])) {
            fprintf(stderr, "reference failed scene '%s'\n", scenes[s].name);
            failures++;
            continue;
        }
        int md = 0;
        double psnr = glc_psnr(swr.t.color, ref.t.color, W, H, &md);
        /* the blend must have changed the cleared colour somewhere */
        bool untouched = true;
        for (int i = 0; i < W * H && untouched; i++)
            untouched = abs(ref.t.color[4 * i] - 102) <= 1 && abs(ref.t.color[4 * i + 1] - 153) <= 1;
        printf("%-76s psnr %6.1f dB  max diff %d%s\n", scenes[s].name, psnr, md,
               untouched ? "  (untouched!)" : "");
        /* llvmpipe blends RGBA8 in 8-bit fixed point, rounding each
         * product, so a sum of two products may be two steps from swr's
         * float blend; more than that, or a low PSNR, is a wrong colour. */
        if (md > 2 || psnr < 45.0 || untouched) {
            char path[64];
            snprintf(path, sizeof path, "bfe_scene%d_swr.png", s);
            glc_write_png(path, swr.t.color, W, H);
            snprintf(path, sizeof path, "bfe_scene%d_ref.png", s);
            glc_write_png(path, ref.t.color, W, H);
            failures++;
        }
    }

    long long ra[128], rb[128];
    int na = 0, nb = 0;
    check_queries(&swr, false, ra, &na);
    if (have_ref) {
        check_queries(&ref, true, rb, &nb);
        if (na != nb || memcmp(ra, rb, (size_t)na * sizeof ra[0])) {
            fprintf(stderr, "query / error answers differ from the reference:\n");
            for (int i = 0; i < na && i < nb; i++)
                if (ra[i] != rb[i])
                    fprintf(stderr, "  [%d] swr %lld ref %lld\n", i, ra[i], rb[i]);
            failures++;
        }
    }
    if (!lists_extension(&swr, "GL_ARB_blend_func_extended")) {
        fprintf(stderr, "swr does not list GL_ARB_blend_func_extended in a 3.3 context\n");
        failures++;
    }

    lib_close(&swr);
    if (have_ref)
        lib_close(&ref);
    printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
