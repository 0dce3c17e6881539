/*
 * test_hardening.c: hostile input to swr's libOSMesa.so.8 (issue 21), each
 * case a regression test of one finding of the adversarial suite.
 *
 *   test_hardening <case> <swr libOSMesa> [<reference libOSMesa>]
 *
 * Cases (one CTest test each, hardening.cmake):
 *  - draw_unaligned: glDrawElements from an element buffer at an offset
 *    that is not a multiple of the index size, with a count reaching far
 *    past the buffer's end. The indices past the end must not be read
 *    (the ASan build reports a heap-buffer-overflow otherwise); GL_NO_ERROR
 *    on both libraries; the triangle made of the in-buffer indices is drawn.
 *  - rects: every rectangle command (glCopyTexImage2D, glCopyTexSubImage2D,
 *    glReadPixels, glBlitFramebuffer, glScissor, glViewport, glTexSubImage2D)
 *    with x/y near INT_MIN/INT_MAX and large sizes; the GL error of each call
 *    must be llvmpipe's (the oracle) and, in the ASan+UBSan build, no signed
 *    overflow may be reported (UBSan halts on it there).
 *  - errors: glCopyTex(Sub)Image2D from an incomplete framebuffer is
 *    GL_INVALID_FRAMEBUFFER_OPERATION; glFramebufferTexture2D with a cube
 *    face on a 2D texture or GL_TEXTURE_2D on a cube map is
 *    GL_INVALID_OPERATION (the spec's errors, and llvmpipe's).
 *  - glsl_deep: a fragment shader with one expression of 100,000 chained
 *    terms compiles and links, or fails with a log; the process survives
 *    (it overflowed the 8 MiB stack before). swr only: llvmpipe crashes.
 *  - glsl_arrays: uniform float a[100000000], a mat4 uniform array of
 *    5e7, a local array of 1e8 and one of INT_MAX elements fail to compile
 *    with a log naming the limit, and the process' peak RSS (getrusage
 *    ru_maxrss) stays below 1 GiB (it reached 8-9 GiB).
 *  - glsl_versions: #version 140/150/330/400/300 es fail to compile with a
 *    log saying the version is not supported (the context reports GLSL
 *    1.30), 100/110/120/130 compile; a non-recursive chain of 200 functions
 *    links (as on llvmpipe), a recursive pair does not (nor on llvmpipe).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "tools/glc_api.h"

enum { W = 32, H = 32 };

static int failures;

#define CHECK(cond, ...)                                                                          \
    do {                                                                                          \
        if (!(cond)) {                                                                            \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                  \
            fprintf(stderr, __VA_ARGS__);                                                         \
            fprintf(stderr, "\n");                                                                \
            failures++;                                                                           \
        }                                                                                         \
    } while (0)

static void drain_errors(glc_api *g)
{
    for (int i = 0; i < 16 && g->GetError() != GL_NO_ERROR; i++)
        ;
}

/* ---- shaders ---------------------------------------------------------------- */

static GLuint compile(glc_api *g, GLenum type, const char *src, GLint *ok, char *log, size_t logn)
{
    GLuint s = g->CreateShader(type);
    g->ShaderSource(s, 1, &src, NULL);
    g->CompileShader(s);
    g->GetShaderiv(s, GL_COMPILE_STATUS, ok);
    log[0] = 0;
    g->GetShaderInfoLog(s, (GLsizei)logn, NULL, log);
    return s;
}

static const char *VS_POS = "#version 110\n"
                            "attribute vec4 pos;\n"
                            "void main() { gl_Position = pos; }\n";

/* Links vs + fs; *log gets the first failing log. Returns link status. */
static GLint link_pair(glc_api *g, const char *vs, const char *fs, char *log, size_t logn)
{
    GLint ok = 0;
    GLuint v = compile(g, GL_VERTEX_SHADER, vs, &ok, log, logn);
    if (!ok) {
        g->DeleteShader(v);
        return 0;
    }
    GLuint f = compile(g, GL_FRAGMENT_SHADER, fs, &ok, log, logn);
    if (!ok) {
        g->DeleteShader(v);
        g->DeleteShader(f);
        return 0;
    }
    GLuint p = g->CreateProgram();
    g->AttachShader(p, v);
    g->AttachShader(p, f);
    g->BindAttribLocation(p, 0, "pos");
    g->LinkProgram(p);
    g->GetProgramiv(p, GL_LINK_STATUS, &ok);
    log[0] = 0;
    g->GetProgramInfoLog(p, (GLsizei)logn, NULL, log);
    g->DeleteShader(v);
    g->DeleteShader(f);
    g->DeleteProgram(p);
    return ok;
}

/* ---- draw_unaligned ------------------------------------------------------------ */

static void draw_unaligned(glc_api *g, const char *name)
{
    glc_target t;
    if (!glc_target_create(&t, g, W, H)) {
        failures++;
        return;
    }
    char log[1024];
    GLuint prog = glc_program(g, VS_POS, "#version 110\nvoid main() { gl_FragColor = vec4(1.0); }\n");
    CHECK(prog, "%s: program", name);
    g->UseProgram(prog);
    static const float pos[] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1};
    /* positions in a buffer object: the unaligned reads below form large
     * vertex numbers, which a buffer bounds (client memory would not) */
    GLuint vb;
    g->GenBuffers(1, &vb);
    g->BindBuffer(GL_ARRAY_BUFFER, vb);
    g->BufferData(GL_ARRAY_BUFFER, sizeof pos, pos, GL_STATIC_DRAW);
    g->EnableVertexAttribArray(0);
    g->VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
    /* 64 bytes: byte 1 starts the unsigned shorts 0, 1, 2, then zeros. */
    uint8_t bytes[64];
    memset(bytes, 0, sizeof bytes);
    uint16_t idx[3] = {0, 1, 2};
    memcpy(bytes + 1, idx, sizeof idx);
    GLuint eb;
    g->GenBuffers(1, &eb);
    g->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, eb);
    g->BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof bytes, bytes, GL_STATIC_DRAW);
    g->ClearColor(0, 0, 0, 0);
    g->Clear(GL_COLOR_BUFFER_BIT);
    drain_errors(g);
    /* 600 indices (1200 bytes) from a 64-byte buffer, and 3 of them */
    g->DrawElements(GL_TRIANGLES, 600, GL_UNSIGNED_SHORT, (const void *)(uintptr_t)1);
    CHECK(g->GetError() == GL_NO_ERROR, "%s: DrawElements count past the end", name);
    g->DrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, (const void *)(uintptr_t)1);
    CHECK(g->GetError() == GL_NO_ERROR, "%s: DrawElements unaligned", name);
    g->Finish();
    /* the triangle (0,1,2) covers the lower-left half */
    /* (swr draws from unaligned offsets; llvmpipe draws nothing there) */
    CHECK(strcmp(name, "swr") != 0 || t.color[(2 * W + 2) * 4] == 255,
          "%s: triangle from in-buffer indices not drawn", name);
    g->DrawElements(GL_TRIANGLES, 1 << 20, GL_UNSIGNED_INT, (const void *)(uintptr_t)3);
    g->DrawElements(GL_TRIANGLES, 7, GL_UNSIGNED_INT, (const void *)(uintptr_t)63);
    g->DrawRangeElements(GL_TRIANGLES, 0, 2, 1000, GL_UNSIGNED_SHORT, (const void *)(uintptr_t)1);
    CHECK(g->GetError() == GL_NO_ERROR, "%s: DrawElements hostile", name);
    g->Finish();
    g->DeleteBuffers(1, &eb);
    g->DeleteBuffers(1, &vb);
    g->DeleteProgram(prog);
    (void)log;
    glc_target_destroy(&t);
}

/* ---- rects -------------------------------------------------------------------- */

static const GLint HOSTILE_XY[] = {INT_MIN, INT_MIN + 1, -65536, -1, 0, 1, 31, 65536, INT_MAX - 1, INT_MAX};
static const GLint HOSTILE_WH[] = {0, 1, 16, 65536, INT_MAX - 1, INT_MAX};
#define NXY (int)(sizeof HOSTILE_XY / sizeof HOSTILE_XY[0])
#define NWH (int)(sizeof HOSTILE_WH / sizeof HOSTILE_WH[0])

typedef struct rect_log {
    GLenum *errs;
    size_t n, cap;
} rect_log;

static volatile size_t g_calls;
static void note(rect_log *l, GLenum e)
{
    g_calls++;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->errs = realloc(l->errs, l->cap * sizeof *l->errs);
    }
    l->errs[l->n++] = e;
}

/* Runs the sweep on g's context; each call's error goes to l. */
enum { SKIPPED = 0xffff };

static void rects_sweep(glc_api *g, rect_log *l, bool is_ref)
{
    GLuint tex;
    g->GenTextures(1, &tex);
    g->BindTexture(GL_TEXTURE_2D, tex);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GLuint fbo, rb;
    g->GenFramebuffers(1, &fbo);
    g->GenRenderbuffers(1, &rb);
    g->BindRenderbuffer(GL_RENDERBUFFER, rb);
    g->RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
    g->BindFramebuffer(GL_FRAMEBUFFER, fbo);
    g->FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    g->BindFramebuffer(GL_FRAMEBUFFER, 0);
    drain_errors(g);
    static uint8_t pixels[16 * 16 * 4 * 4];
    for (int i = 0; i < NXY; i++)
        for (int j = 0; j < NXY; j++) {
            GLint x = HOSTILE_XY[i], y = HOSTILE_XY[j];
            for (int a = 0; a < NWH; a++) {
                GLint w = HOSTILE_WH[a];
                GLint h = HOSTILE_WH[(a + i) % NWH];
                g->CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, x, y, w > 16 ? 16 : w, h > 16 ? 16 : h, 0);
                note(l, g->GetError());
                g->CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, x, y, w, h, 0);
                note(l, g->GetError());
                g->CopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, x, y, w > 16 ? 16 : w, h > 16 ? 16 : h);
                note(l, g->GetError());
                g->CopyTexSubImage2D(GL_TEXTURE_2D, 0, x, y, 0, 0, w, h);
                /* offset + size past INT_MAX: Mesa's int sum wraps and
                 * llvmpipe reports no error; the spec's is INVALID_VALUE */
                GLenum e3 = g->GetError();
                if ((int64_t)x + w > INT_MAX || (int64_t)y + h > INT_MAX) {
                    CHECK(is_ref || e3 == GL_INVALID_VALUE, "rects: CopyTexSubImage2D(%d, %d, %d, %d): 0x%x",
                          x, y, w, h, e3);
                    e3 = SKIPPED;
                }
                note(l, e3);
                /* client memory holds 16x16 pixels: the clipped part of any
                 * rectangle up to 16x16 fits */
                /* llvmpipe crashes on some of these too: swr alone, whose
                 * error must be none (the size is valid, the rest clips) */
                if (!is_ref) {
                    g->ReadPixels(x, y, w > 16 ? 16 : w, h > 16 ? 16 : h, GL_RGBA,
                                  GL_UNSIGNED_BYTE, pixels);
                    GLenum e = g->GetError();
                    CHECK(e == GL_NO_ERROR, "rects: ReadPixels(%d, %d, %d, %d): 0x%x", x, y, w, h, e);
                }
                note(l, SKIPPED);
                /* llvmpipe crashes here (x + w overflows in Mesa): its
                 * run skips the call and swr's error is checked against
                 * the spec's (GL 2.1 3.8.2: GL_INVALID_VALUE when the
                 * rectangle leaves the 16x16 image) */
                GLint sw = w > 16 ? 16 : w, sh = h > 16 ? 16 : h;
                g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
                if (!is_ref) {
                    g->TexSubImage2D(GL_TEXTURE_2D, 0, x, y, sw, sh, GL_RGBA, GL_UNSIGNED_BYTE,
                                     pixels);
                    GLenum e = g->GetError();
                    bool out = x < 0 || y < 0 || (int64_t)x + sw > 16 || (int64_t)y + sh > 16;
                    CHECK(e == (out ? GL_INVALID_VALUE : GL_NO_ERROR),
                          "rects: TexSubImage2D(%d, %d, %d, %d): 0x%x", x, y, sw, sh, e);
                }
                note(l, SKIPPED);
                g->Scissor(x, y, w, h);
                note(l, g->GetError());
                g->Viewport(x, y, w, h);
                note(l, g->GetError());
                g->Enable(GL_SCISSOR_TEST);
                g->Clear(GL_COLOR_BUFFER_BIT);
                g->Disable(GL_SCISSOR_TEST);
                note(l, g->GetError());
                g->BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
                g->BlitFramebuffer(x, y, (GLint)((unsigned)x + (unsigned)w), h, 0, 0, 16, 16,
                                   GL_COLOR_BUFFER_BIT, GL_NEAREST);
                note(l, g->GetError());
                g->BlitFramebuffer(0, 0, 16, 16, x, y, w, (GLint)((unsigned)y + (unsigned)h),
                                   GL_COLOR_BUFFER_BIT, GL_LINEAR);
                note(l, g->GetError());
                g->BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
            }
        }
    g->Finish();
    g->DeleteFramebuffers(1, &fbo);
    g->DeleteRenderbuffers(1, &rb);
    g->DeleteTextures(1, &tex);
}

static void rects(glc_api *swr, glc_api *ref)
{
    rect_log ls = {0}, lr = {0};
    glc_target ts, tr;
    if (!glc_target_create(&ts, swr, W, H)) {
        failures++;
        return;
    }
    rects_sweep(swr, &ls, false);
    glc_target_destroy(&ts);
    if (ref && glc_target_create(&tr, ref, W, H)) {
        rects_sweep(ref, &lr, true);
        glc_target_destroy(&tr);
        CHECK(ls.n == lr.n, "rects: %zu calls vs %zu", ls.n, lr.n);
        int shown = 0;
        for (size_t i = 0; i < ls.n && i < lr.n; i++)
            if (ls.errs[i] != lr.errs[i]) {
                if (shown++ < 10)
                    fprintf(stderr, "rects: call %zu (command %zu of the cycle): swr 0x%x, llvmpipe 0x%x\n",
                            i, i % 11, ls.errs[i], lr.errs[i]);
                failures++;
            }
    }
    printf("rects: %zu calls\n", ls.n);
    free(ls.errs);
    free(lr.errs);
}

/* ---- errors ------------------------------------------------------------------- */

static void errors(glc_api *g, const char *name)
{
    glc_target t;
    if (!glc_target_create(&t, g, W, H)) {
        failures++;
        return;
    }
    GLuint tex2d, cube, fbo;
    g->GenTextures(1, &tex2d);
    g->BindTexture(GL_TEXTURE_2D, tex2d);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    g->GenTextures(1, &cube);
    g->BindTexture(GL_TEXTURE_CUBE_MAP, cube);
    for (int f = 0; f < 6; f++)
        g->TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, 16, 16, 0, GL_RGBA,
                      GL_UNSIGNED_BYTE, NULL);
    g->GenFramebuffers(1, &fbo);
    g->BindFramebuffer(GL_FRAMEBUFFER, fbo);
    drain_errors(g);
    /* no attachment: incomplete */
    g->CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 8, 8, 0);
    GLenum e = g->GetError();
    CHECK(e == GL_INVALID_FRAMEBUFFER_OPERATION, "%s: CopyTexImage2D incomplete: 0x%x", name, e);
    g->CopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 8, 8);
    e = g->GetError();
    CHECK(e == GL_INVALID_FRAMEBUFFER_OPERATION, "%s: CopyTexSubImage2D incomplete: 0x%x", name, e);
    g->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_Z,
                            tex2d, 0);
    e = g->GetError();
    CHECK(e == GL_INVALID_OPERATION, "%s: cube face of a 2D texture: 0x%x", name, e);
    g->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, cube, 0);
    e = g->GetError();
    CHECK(e == GL_INVALID_OPERATION, "%s: GL_TEXTURE_2D of a cube map: 0x%x", name, e);
    g->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y,
                            cube, 0);
    e = g->GetError();
    CHECK(e == GL_NO_ERROR, "%s: cube face of a cube map: 0x%x", name, e);
    g->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex2d, 0);
    e = g->GetError();
    CHECK(e == GL_NO_ERROR, "%s: 2D texture: 0x%x", name, e);
    CHECK(g->CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "%s: complete", name);
    g->CopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, 0, 0, 0, 0, 8, 8);
    e = g->GetError();
    CHECK(e == GL_NO_ERROR, "%s: CopyTexSubImage2D complete: 0x%x", name, e);
    g->BindFramebuffer(GL_FRAMEBUFFER, 0);
    g->DeleteFramebuffers(1, &fbo);
    g->DeleteTextures(1, &tex2d);
    g->DeleteTextures(1, &cube);
    glc_target_destroy(&t);
}

/* ---- GLSL --------------------------------------------------------------------- */

static void glsl_deep(glc_api *g)
{
    glc_target t;
    if (!glc_target_create(&t, g, W, H)) {
        failures++;
        return;
    }
    enum { TERMS = 100000 };
    const char *head = "#version 110\nuniform float u;\nvoid main() {\n  float v = u";
    const char *tail = ";\n  gl_FragColor = vec4(v);\n}\n";
    size_t n = strlen(head) + strlen(tail) + TERMS * 4 + 1;
    char *src = malloc(n), *p = src;
    p += sprintf(p, "%s", head);
    for (int i = 1; i < TERMS; i++)
        p += sprintf(p, " + u");
    sprintf(p, "%s", tail);
    static char log[4096];
    GLint ok = link_pair(g, VS_POS, src, log, sizeof log);
    printf("glsl_deep: %d terms: %s %s\n", TERMS, ok ? "linked" : "failed:", ok ? "" : log);
    CHECK(ok || strstr(log, "too large"), "glsl_deep: failed without a log saying why: %s", log);
    free(src);
    glc_target_destroy(&t);
}

static long max_rss_kib(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

static void glsl_arrays(glc_api *g)
{
    glc_target t;
    if (!glc_target_create(&t, g, W, H)) {
        failures++;
        return;
    }
    static const struct {
        const char *fs, *expect;
    } cases[] = {
        {"#version 110\nuniform float a[100000000];\nuniform int i;\n"
         "void main() { gl_FragColor = vec4(a[i]); }\n",
         "GL_MAX_FRAGMENT_UNIFORM_COMPONENTS"},
        {"#version 120\nuniform mat4 m[50000000];\nuniform int i;\n"
         "void main() { gl_FragColor = m[i][0]; }\n",
         "GL_MAX_FRAGMENT_UNIFORM_COMPONENTS"},
        {"#version 110\nuniform int i;\n"
         "void main() { float a[100000000]; a[i] = 1.0; gl_FragColor = vec4(a[i]); }\n",
         "temporary"},
        {"#version 110\nuniform int i;\n"
         "void main() { float a[2147483647]; a[i] = 1.0; gl_FragColor = vec4(a[i]); }\n",
         "temporary"},
        {"#version 110\nuniform vec4 a[2147483647];\nuniform int i;\n"
         "void main() { gl_FragColor = a[i]; }\n",
         "GL_MAX_FRAGMENT_UNIFORM_COMPONENTS"},
    };
    static char log[4096];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        GLint ok = link_pair(g, VS_POS, cases[c].fs, log, sizeof log);
        CHECK(!ok, "glsl_arrays %zu: linked", c);
        CHECK(strstr(log, cases[c].expect), "glsl_arrays %zu: log lacks '%s': %s", c,
              cases[c].expect, log);
    }
    /* the limit itself (GL_MAX_FRAGMENT_UNIFORM_COMPONENTS is 16384): 4095 vec4 and an
     * int (4096 slots) pass, 4096 and an int do not */
    GLint ok = link_pair(g, VS_POS,
                         "#version 110\nuniform vec4 a[4095];\nuniform int i;\n"
                         "void main() { gl_FragColor = a[i]; }\n",
                         log, sizeof log);
    CHECK(ok, "glsl_arrays: 4095 vec4 uniforms: %s", log);
    ok = link_pair(g, VS_POS,
                   "#version 110\nuniform vec4 a[4096];\nuniform int i;\n"
                   "void main() { gl_FragColor = a[i]; }\n",
                   log, sizeof log);
    CHECK(!ok && strstr(log, "GL_MAX_FRAGMENT_UNIFORM_COMPONENTS"), "glsl_arrays: 4096 vec4: %s", log);
    long rss = max_rss_kib();
    printf("glsl_arrays: peak RSS %ld KiB\n", rss);
    CHECK(rss < 1024 * 1024, "glsl_arrays: peak RSS %ld KiB >= 1 GiB", rss);
    glc_target_destroy(&t);
}

/* A chain f199 -> f198 -> ... -> f0, each adding one. */
static char *call_chain_fs(int depth)
{
    size_t n = (size_t)depth * 80 + 256;
    char *s = malloc(n), *p = s;
    p += sprintf(p, "#version 110\nuniform float u;\nfloat f0(float x) { return x + 1.0; }\n");
    for (int i = 1; i < depth; i++)
        p += sprintf(p, "float f%d(float x) { return f%d(x) + 1.0; }\n", i, i - 1);
    sprintf(p, "void main() { gl_FragColor = vec4(f%d(u)); }\n", depth - 1);
    return s;
}

static const char *RECURSIVE_FS = "#version 110\nuniform float u;\n"
                                  "float g(float x);\n"
                                  "float f(float x) { return x > 0.0 ? g(x - 1.0) : 0.0; }\n"
                                  "float g(float x) { return f(x) + 1.0; }\n"
                                  "void main() { gl_FragColor = vec4(f(u)); }\n";

static void glsl_versions(glc_api *swr, glc_api *ref)
{
    glc_target t;
    if (!glc_target_create(&t, swr, W, H)) {
        failures++;
        return;
    }
    static char log[4096];
    static const char *const bad[] = {"140", "150", "330", "400", "300 es"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char src[256];
        snprintf(src, sizeof src, "#version %s\n%svoid main() { gl_FragColor = vec4(1.0); }\n",
                 bad[i], strstr(bad[i], "es") ? "precision mediump float;\nout vec4 c;\n" : "");
        if (strcmp(bad[i], "140") != 0 && strcmp(bad[i], "130") != 0)
            snprintf(src, sizeof src, "#version %s\n%sout vec4 c;\nvoid main() { c = vec4(1.0); }\n",
                     bad[i], strstr(bad[i], "es") ? "precision mediump float;\n" : "");
        GLint ok;
        GLuint s = compile(swr, GL_FRAGMENT_SHADER, src, &ok, log, sizeof log);
        CHECK(!ok, "version %s compiled", bad[i]);
        CHECK(strstr(log, "not supported"), "version %s: log: %s", bad[i], log);
        swr->DeleteShader(s);
    }
    static const char *const good[] = {
        "#version 100\nprecision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n",
        "#version 110\nvoid main() { gl_FragColor = vec4(1.0); }\n",
        "#version 120\nvoid main() { gl_FragColor = vec4(1.0); }\n",
        "#version 130\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n",
        "void main() { gl_FragColor = vec4(1.0); }\n",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        GLint ok;
        GLuint s = compile(swr, GL_FRAGMENT_SHADER, good[i], &ok, log, sizeof log);
        CHECK(ok, "good shader %zu: %s", i, log);
        swr->DeleteShader(s);
    }
    char *chain = call_chain_fs(200);
    GLint ok = link_pair(swr, VS_POS, chain, log, sizeof log);
    CHECK(ok, "200-deep call chain: %s", log);
    GLint nested = link_pair(swr, VS_POS,
                             "#version 110\nuniform float u;\nfloat h(float x) { return 0.5 * x; }\n"
                             "void main() { gl_FragColor = vec4(h(h(u))); }\n",
                             log, sizeof log);
    CHECK(nested, "h(h(u)) is no recursion: %s", log);
    GLint rec = link_pair(swr, VS_POS, RECURSIVE_FS, log, sizeof log);
    CHECK(!rec, "recursion linked");
    glc_target_destroy(&t);
    glc_target tr;
    if (ref && glc_target_create(&tr, ref, W, H)) {
        GLint rok = link_pair(ref, VS_POS, chain, log, sizeof log);
        CHECK(rok == ok, "200-deep chain: llvmpipe %d, swr %d", rok, ok);
        GLint rrec = link_pair(ref, VS_POS, RECURSIVE_FS, log, sizeof log);
        CHECK(rrec == rec, "recursion: llvmpipe %d, swr %d", rrec, rec);
        glc_target_destroy(&tr);
    }
    free(chain);
}


/* ---- growth ------------------------------------------------------------------- */

/* Resident set in KiB (/proc/self/statm: pages). */
static long rss_kib(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long size = 0, res = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &size, &res) != 2)
            res = 0;
        fclose(f);
    }
    return res * 4;
}

/* One cycle: a distinct program (its constant differs), linked, drawn once,
 * deleted. */
static void program_cycle(glc_api *g, int i)
{
    char fs[256];
    snprintf(fs, sizeof fs,
             "#version 110\nuniform float u;\n"
             "void main() { gl_FragColor = vec4(u * %d.0, 0.25, 0.5, 1.0); }\n", i);
    GLuint p = glc_program(g, VS_POS, fs);
    if (!p) {
        failures++;
        return;
    }
    g->UseProgram(p);
    static const float pos[] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1};
    g->EnableVertexAttribArray(0);
    g->VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, pos);
    g->DrawArrays(GL_TRIANGLES, 0, 3);
    g->UseProgram(0);
    g->DeleteProgram(p);
}

/* One cycle: FBO + texture + renderbuffer, a clear and a draw, deleted. */
static void fbo_cycle(glc_api *g, GLuint prog)
{
    GLuint tex, rb, fbo;
    g->GenTextures(1, &tex);
    g->BindTexture(GL_TEXTURE_2D, tex);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    g->GenRenderbuffers(1, &rb);
    g->BindRenderbuffer(GL_RENDERBUFFER, rb);
    g->RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, 32, 32);
    g->GenFramebuffers(1, &fbo);
    g->BindFramebuffer(GL_FRAMEBUFFER, fbo);
    g->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    g->FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
    g->Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    g->UseProgram(prog);
    static const float pos[] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1};
    g->EnableVertexAttribArray(0);
    g->VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, pos);
    g->DrawArrays(GL_TRIANGLES, 0, 3);
    g->BindFramebuffer(GL_FRAMEBUFFER, 0);
    g->DeleteFramebuffers(1, &fbo);
    g->DeleteRenderbuffers(1, &rb);
    g->DeleteTextures(1, &tex);
}

static void growth(glc_api *g, bool programs)
{
    glc_target t;
    if (!glc_target_create(&t, g, W, H)) {
        failures++;
        return;
    }
    GLuint prog = glc_program(g, VS_POS, "#version 110\nvoid main() { gl_FragColor = vec4(1.0); }\n");
    enum { WARM = 500, CYCLES = 2000 };
    for (int i = 0; i < WARM; i++)
        programs ? program_cycle(g, i) : fbo_cycle(g, prog);
    g->Finish();
    long before = rss_kib();
    for (int i = 0; i < CYCLES; i++)
        programs ? program_cycle(g, WARM + i) : fbo_cycle(g, prog);
    g->Finish();
    long after = rss_kib();
    printf("growth_%s: RSS %ld KiB after %d warm-up cycles, %ld KiB after %d more (%+ld KiB)\n",
           programs ? "programs" : "fbo", before, WARM, after, CYCLES, after - before);
    CHECK(after - before < 8 * 1024, "growth: %ld KiB over %d cycles (bound 8 MiB)", after - before,
          CYCLES);
    g->DeleteProgram(prog);
    glc_target_destroy(&t);
}

#include <signal.h>
#include <unistd.h>
static void on_segv(int sig)
{
    char b[128];
    int n = snprintf(b, sizeof b, "test_hardening: SIGSEGV after rectangle call %zu (command %zu of the cycle)\n", g_calls, g_calls % 11);
    write(2, b, (size_t)n);
    _exit(3);
}
int main(int argc, char **argv)
{
    signal(SIGSEGV, on_segv);
    if (argc < 3) {
        fprintf(stderr, "usage: test_hardening <case> <swr libOSMesa> [<reference libOSMesa>]\n");
        return 2;
    }
    const char *c = argv[1];
    glc_api swr, ref;
    if (!glc_open(&swr, argv[2]))
        return 1;
    bool have_ref = argc > 3 && glc_open(&ref, argv[3]);
    if (argc > 3 && !have_ref)
        return 1;
    if (!strcmp(c, "draw_unaligned")) {
        draw_unaligned(&swr, "swr");
        if (have_ref)
            draw_unaligned(&ref, "llvmpipe");
    } else if (!strcmp(c, "rects")) {
        rects(&swr, have_ref ? &ref : NULL);
    } else if (!strcmp(c, "errors")) {
        errors(&swr, "swr");
        if (have_ref)
            errors(&ref, "llvmpipe");
    } else if (!strcmp(c, "glsl_deep")) {
        glsl_deep(&swr);
    } else if (!strcmp(c, "glsl_arrays")) {
        glsl_arrays(&swr);
    } else if (!strcmp(c, "glsl_versions")) {
        glsl_versions(&swr, have_ref ? &ref : NULL);
    } else if (!strcmp(c, "growth_programs")) {
        growth(&swr, true);
    } else if (!strcmp(c, "growth_fbo")) {
        growth(&swr, false);
    } else {
        fprintf(stderr, "test_hardening: unknown case %s\n", c);
        return 2;
    }
    glc_close(&swr);
    if (have_ref)
        glc_close(&ref);
    printf("%s: %d failure(s)\n", c, failures);
    return failures ? 1 : 0;
}
