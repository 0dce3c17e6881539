/*
 * test_gl_compare_xfb_capture.c: transform feedback capture end to end (GL
 * 3.0 section 2.15, GL 3.3 section 2.17): glBeginTransformFeedback /
 * glEndTransformFeedback, the GL_TRANSFORM_FEEDBACK_BUFFER indexed bindings,
 * the link of the captured varyings, glGetTransformFeedbackVarying, the
 * GL_PRIMITIVES_GENERATED and GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN
 * queries and GL_RASTERIZER_DISCARD.
 *
 * How it works: the same sequence of calls runs on swr's libOSMesa and on
 * the reference (Debian's llvmpipe) libOSMesa, in a 3.3 core context with
 * GLSL 3.30 shaders and in a 3.0 compatibility one with GLSL 1.30. Every
 * answer is appended to a record: glGetError after each call, link
 * statuses, the varyings' names, sizes and types, the indexed binding
 * queries, the query results, and the captured buffers read back with
 * glGetBufferSubData word for word (buffers are filled with a marker first,
 * so words the capture must not touch are checked too). The two records
 * must be equal. The captures cover points, lines (strips and loops) and
 * triangles (lists, strips, fans, indexed; quads in the compatibility
 * context), instanced points, interleaved and separate, vec4 / vec3 / float / int / array
 * (whole and one element) varyings, gl_Position and gl_PointSize, ranges at
 * offsets inside a buffer, several draws appending, a buffer too small
 * (written stops, generated goes on), rasterizer discard (the colour buffer
 * stays as cleared). The errors: Begin with a bad mode, twice, without a
 * program, with a program that captures nothing, with a needed binding
 * point empty; End when inactive; a draw whose mode does not match;
 * glUseProgram, glLinkProgram of the program in use and glBindBufferBase/
 * Range while active; misaligned ranges; link errors for an unknown name, a
 * name twice, an array and its element, an index past the array, a
 * separate varying of more than 4 components. A mapped transform feedback
 * buffer is no error for Begin or a draw (GL 3.3 names none; llvmpipe
 * agrees), GL_PRIMITIVES_GENERATED counts without a capture too, and
 * glDrawPixels while active draws without an error (its quad is counted as
 * generated, as llvmpipe counts it, and not captured).
 * Independently of the reference, swr's captures of gl_Position are checked
 * against the vertex data and the query counts against the numbers the
 * spec gives for the draws (analytic).
 *
 *   test_gl_compare_xfb_capture <swr libOSMesa> [<reference libOSMesa>]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

#define XFB_FUNCS(X)                                                                               \
    X(TransformFeedbackVaryings, TRANSFORMFEEDBACKVARYINGS)                                        \
    X(BeginTransformFeedback, BEGINTRANSFORMFEEDBACK)                                              \
    X(EndTransformFeedback, ENDTRANSFORMFEEDBACK) X(BindBufferBase, BINDBUFFERBASE)                \
    X(BindBufferRange, BINDBUFFERRANGE) X(GetIntegeri_v, GETINTEGERI_V)                            \
    X(GetTransformFeedbackVarying, GETTRANSFORMFEEDBACKVARYING)                                    \
    X(GetBufferSubData, GETBUFFERSUBDATA) X(GenQueries, GENQUERIES) X(BeginQuery, BEGINQUERY)      \
    X(EndQuery, ENDQUERY) X(GetQueryObjectuiv, GETQUERYOBJECTUIV)                                  \
    X(DeleteQueries, DELETEQUERIES) X(MapBuffer, MAPBUFFER) X(UnmapBuffer, UNMAPBUFFER)        \
    X(DrawPixels, DRAWPIXELS)

GLC_TABLE(xfb_api, xfb_open, XFB_FUNCS)

enum { W = 16, H = 16, NV = 12 };

typedef struct lib {
    glc_api g;
    xfb_api x;
    glc_target t;
    GLuint vao, vbo, ibo, bufs[4], q[2];
} lib;

static int failures;

static bool lib_open(lib *l, const char *path, bool compat)
{
    memset(l, 0, sizeof *l);
    if (!glc_open(&l->g, path) || !xfb_open(&l->x, &l->g))
        return false;
    if (!glc_target_create_version(&l->t, &l->g, W, H, 3, compat ? 0 : 3, !compat))
        return false;
    return true;
}

static void lib_close(lib *l)
{
    glc_target_destroy(&l->t);
    glc_close(&l->g);
}

/* ---- the record ---------------------------------------------------------- */

#define MAXREC 20000

typedef struct rec {
    long long v[MAXREC];
    const char *what[MAXREC];
    int n;
} rec;

static const char *g_what = "";

static void put(rec *r, long long v)
{
    if (r->n < MAXREC) {
        r->what[r->n] = g_what;
        r->v[r->n++] = v;
    }
}

static void put_err(rec *r, lib *l) { put(r, l->g.GetError()); }

/* ---- shaders -------------------------------------------------------------- */

/* "#version 330" (core) or "#version 130" (compat) goes before these. The
 * FS reads v4 only: every other captured output exists for the capture. */
static const char VS[] = "in vec4 pos;\n"
                         "out vec4 v4;\n"
                         "out vec3 v3;\n"
                         "out float f;\n"
                         "flat out int i;\n"
                         "out float arr[3];\n"
                         "out mat3 m3;\n"
                         "void main() {\n"
                         "  gl_Position = pos;\n"
                         "  gl_PointSize = 1.0 + pos.x;\n"
                         "  v4 = pos * 2.0;\n"
                         "  v3 = pos.xyz + vec3(1.0);\n"
                         "  f = pos.x * pos.y;\n"
                         "  i = gl_VertexID * 3 - 1;\n"
                         "  arr[0] = pos.x; arr[1] = pos.y + 0.5; arr[2] = float(gl_VertexID);\n"
                         "  m3 = mat3(pos.x, pos.y, pos.z, 1.0, 2.0, 3.0, pos.w, 0.5, 0.25);\n"
                         "}\n";
static const char FS[] = "in vec4 v4;\n"
                         "out vec4 o;\n"
                         "void main() { o = v4; }\n";

static GLuint compile(glc_api *g, GLenum type, const char *src, bool compat)
{
    char text[2048];
    snprintf(text, sizeof text, "%s%s", compat ? "#version 130\n" : "#version 330\n", src);
    const char *s = text;
    GLuint sh = g->CreateShader(type);
    g->ShaderSource(sh, 1, &s, NULL);
    g->CompileShader(sh);
    return sh;
}

/* The built-in outputs: gl_ClipDistance redeclared with 3 elements; the
 * compatibility context adds gl_FrontColor and gl_TexCoord[1] (COMPAT). */
static const char VS_BUILTIN[] = "in vec4 pos;\n"
                                 "out float gl_ClipDistance[3];\n"
                                 "void main() {\n"
                                 "  gl_Position = pos;\n"
                                 "  gl_ClipDistance[0] = pos.x; gl_ClipDistance[1] = pos.y;\n"
                                 "  gl_ClipDistance[2] = pos.x + pos.y;\n"
                                 "  COMPAT\n"
                                 "}\n";
static const char FS_BUILTIN[] = "out vec4 o;\n"
                                 "void main() { o = vec4(1.0); }\n";

/* A program capturing `names` in `mode`, linked; its link status recorded. */
static GLuint program_of(lib *l, rec *r, bool compat, const char *vs, const char *fs,
                         const char *const *names, int n, GLenum mode)
{
    glc_api *g = &l->g;
    GLuint p = g->CreateProgram();
    GLuint v = compile(g, GL_VERTEX_SHADER, vs, compat), f = compile(g, GL_FRAGMENT_SHADER, fs, compat);
    g->AttachShader(p, v);
    g->AttachShader(p, f);
    g->DeleteShader(v);
    g->DeleteShader(f);
    g->BindAttribLocation(p, 0, "pos");
    if (n)
        l->x.TransformFeedbackVaryings(p, n, names, mode);
    g->LinkProgram(p);
    GLint ok = -1;
    g->GetProgramiv(p, GL_LINK_STATUS, &ok);
    put(r, ok);
    put_err(r, l);
    if (getenv("XFB_TEST_LOG")) {
        char log[1024] = "";
        g->GetProgramInfoLog(p, sizeof log, NULL, log);
        fprintf(stderr, "%s: %s: link %d: %s\n", g->path, n ? names[0] : "-", ok, log);
    }
    return p;
}

static GLuint program(lib *l, rec *r, bool compat, const char *const *names, int n, GLenum mode)
{
    return program_of(l, r, compat, VS, FS, names, n, mode);
}

/* ---- data ----------------------------------------------------------------- */

static float vertex_data[NV][4];

static void make_vertices(void)
{
    for (int i = 0; i < NV; i++) {
        vertex_data[i][0] = (float)i * 0.125f - 0.7f;
        vertex_data[i][1] = (float)((i * 5) % 7) * 0.2f - 0.6f;
        vertex_data[i][2] = (float)(i % 3) * 0.25f;
        vertex_data[i][3] = 1.0f;
    }
}

#define MARK 0xDEADBEEFu
#define BUF_WORDS 256

/* Fills buffer b with the marker. */
static void reset_buffer(lib *l, GLuint b)
{
    static uint32_t words[BUF_WORDS];
    for (int i = 0; i < BUF_WORDS; i++)
        words[i] = MARK;
    l->g.BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
    l->g.BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof words, words, GL_STREAM_READ);
}

/* Records the first `words` words of buffer b; the words are returned too. */
static void put_buffer(lib *l, rec *r, GLuint b, int words, uint32_t *out)
{
    uint32_t w[BUF_WORDS];
    memset(w, 0, sizeof w);
    l->g.BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
    l->x.GetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, (GLsizeiptr)words * 4, w);
    put_err(r, l);
    for (int i = 0; i < words; i++)
        put(r, w[i]);
    if (out)
        memcpy(out, w, (size_t)words * 4);
}

static void begin_queries(lib *l)
{
    l->x.BeginQuery(GL_PRIMITIVES_GENERATED, l->q[0]);
    l->x.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, l->q[1]);
}

/* Ends both queries and records their results (also returned). */
static void end_queries(lib *l, rec *r, GLuint *gen, GLuint *written)
{
    l->x.EndQuery(GL_PRIMITIVES_GENERATED);
    l->x.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
    GLuint a = 12345, b = 12345;
    l->x.GetQueryObjectuiv(l->q[0], GL_QUERY_RESULT, &a);
    l->x.GetQueryObjectuiv(l->q[1], GL_QUERY_RESULT, &b);
    put(r, a);
    put(r, b);
    put_err(r, l);
    if (gen)
        *gen = a;
    if (written)
        *written = b;
}

static void expect(const char *what, long long got, long long want)
{
    if (got != want) {
        fprintf(stderr, "%s: got %lld, want %lld\n", what, got, want);
        failures++;
    }
}

static void put_varyings(lib *l, rec *r, GLuint p)
{
    GLint n = -1;
    l->g.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &n);
    put(r, n);
    for (GLint i = 0; i <= n && i < 8; i++) { /* one past the end: INVALID_VALUE */
        char name[64] = "";
        GLsizei len = -1, size = -1;
        GLenum type = 0;
        l->x.GetTransformFeedbackVarying(p, (GLuint)i, sizeof name, &len, &size, &type, name);
        put_err(r, l);
        put(r, len);
        put(r, size);
        put(r, type);
        for (int c = 0; c < len && c < 64; c++)
            put(r, name[c]);
    }
}

static void put_bindings(lib *l, rec *r)
{
    static const GLenum q[] = {GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, GL_TRANSFORM_FEEDBACK_BUFFER_START,
                               GL_TRANSFORM_FEEDBACK_BUFFER_SIZE};
    for (GLuint i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            GLint v = -1;
            l->x.GetIntegeri_v(q[k], i, &v);
            /* buffer names may differ between the libraries: their index here */
            if (k == 0)
                for (int b = 0; b < 4; b++)
                    if (v && (GLuint)v == l->bufs[b])
                        v = 100 + b;
            put(r, v);
            put_err(r, l);
        }
}

/* ---- the sequence ---------------------------------------------------------- */

static void run(lib *l, rec *r, bool compat, bool is_swr)
{
    glc_api *g = &l->g;
    xfb_api *x = &l->x;
    glc_target_bind(&l->t);
    g_what = "setup";
    g->Viewport(0, 0, W, H);
    g->GenVertexArrays(1, &l->vao);
    g->BindVertexArray(l->vao);
    g->GenBuffers(1, &l->vbo);
    g->BindBuffer(GL_ARRAY_BUFFER, l->vbo);
    g->BufferData(GL_ARRAY_BUFFER, sizeof vertex_data, vertex_data, GL_STATIC_DRAW);
    g->VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
    g->EnableVertexAttribArray(0);
    static const GLushort indices[] = {0, 2, 4, 5, 3, 1, 7, 9, 11};
    g->GenBuffers(1, &l->ibo);
    g->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, l->ibo);
    g->BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof indices, indices, GL_STATIC_DRAW);
    g->GenBuffers(4, l->bufs);
    x->GenQueries(2, l->q);
    for (int b = 0; b < 4; b++)
        reset_buffer(l, l->bufs[b]);
    put_err(r, l);

    /* 1. points, interleaved gl_Position, v4, f; two draws append */
    g_what = "points interleaved";
    static const char *const n1[] = {"gl_Position", "v4", "f"};
    GLuint p1 = program(l, r, compat, n1, 3, GL_INTERLEAVED_ATTRIBS);
    put_varyings(l, r, p1);
    g->UseProgram(p1);
    x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0]);
    put_err(r, l);
    put_bindings(l, r);
    begin_queries(l);
    x->BeginTransformFeedback(GL_POINTS);
    put_err(r, l);
    g->DrawArrays(GL_POINTS, 0, 5);
    g->DrawArrays(GL_POINTS, 7, 3);
    g->DrawArraysInstancedARB(GL_POINTS, 10, 2, 2); /* instance by instance */
    put_err(r, l);
    x->EndTransformFeedback();
    put_err(r, l);
    GLuint gen = 0, written = 0;
    end_queries(l, r, &gen, &written);
    uint32_t words[BUF_WORDS];
    put_buffer(l, r, l->bufs[0], 12 * 9 + 4, words);
    if (is_swr) {
        expect("points: generated", gen, 12);
        expect("points: written", written, 12);
        /* vertex k of the capture: gl_Position is the vertex's position */
        static const int src[12] = {0, 1, 2, 3, 4, 7, 8, 9, 10, 11, 10, 11};
        for (int k = 0; k < 12; k++)
            for (int c = 0; c < 4; c++) {
                uint32_t want;
                memcpy(&want, &vertex_data[src[k]][c], 4);
                expect("points: captured gl_Position", words[k * 9 + c], want);
            }
        expect("points: the word after the capture", words[12 * 9], MARK);
    }

    /* 2. lines, interleaved v3, i, whole arr: a strip and a loop */
    g_what = "lines interleaved";
    reset_buffer(l, l->bufs[0]);
    static const char *const n2[] = {"v3", "i", "arr"};
    GLuint p2 = program(l, r, compat, n2, 3, GL_INTERLEAVED_ATTRIBS);
    put_varyings(l, r, p2);
    g->UseProgram(p2);
    x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0]);
    begin_queries(l);
    x->BeginTransformFeedback(GL_LINES);
    g->DrawArrays(GL_LINE_STRIP, 0, 4);
    g->DrawArrays(GL_LINE_LOOP, 4, 3);
    g->DrawArrays(GL_LINES, 8, 2);
    put_err(r, l);
    x->EndTransformFeedback();
    end_queries(l, r, &gen, &written);
    put_buffer(l, r, l->bufs[0], 7 * 2 * 7 + 2, NULL);
    if (is_swr) {
        expect("lines: generated", gen, 3 + 3 + 1);
        expect("lines: written", written, 7);
    }

    /* 3. triangles, separate gl_Position, v3, arr[1], i into ranges */
    g_what = "triangles separate";
    for (int b = 0; b < 4; b++)
        reset_buffer(l, l->bufs[b]);
    static const char *const n3[] = {"gl_Position", "v3", "arr[1]", "i"};
    GLuint p3 = program(l, r, compat, n3, 4, GL_SEPARATE_ATTRIBS);
    put_varyings(l, r, p3);
    g->UseProgram(p3);
    x->BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0], 16, 600);
    x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, l->bufs[1]);
    x->BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 2, l->bufs[2], 8, 400);
    x->BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 3, l->bufs[3], 4, 200);
    put_err(r, l);
    put_bindings(l, r);
    begin_queries(l);
    x->BeginTransformFeedback(GL_TRIANGLES);
    put_err(r, l);
    g->DrawArrays(GL_TRIANGLES, 0, 6);
    g->DrawArrays(GL_TRIANGLE_STRIP, 2, 5);
    g->DrawArrays(GL_TRIANGLE_FAN, 5, 5);
    g->DrawElements(GL_TRIANGLES, 9, GL_UNSIGNED_SHORT, NULL);
    if (compat)
        g->DrawArrays(GL_QUADS, 0, 8);
    put_err(r, l);
    x->EndTransformFeedback();
    end_queries(l, r, &gen, &written);
    unsigned tris = 2 + 3 + 3 + 3 + (compat ? 4 : 0);
    if (is_swr) {
        expect("triangles: generated", gen, tris);
        /* buffer 0's range holds 600 / 16 vertices: 12 triangles */
        expect("triangles: written", written, tris < 12 ? tris : 12);
    }
    put_buffer(l, r, l->bufs[0], 4 + (int)tris * 3 * 4 + 2, NULL);
    put_buffer(l, r, l->bufs[1], (int)tris * 3 * 3 + 2, NULL);
    put_buffer(l, r, l->bufs[2], 2 + (int)tris * 3 + 2, NULL);
    put_buffer(l, r, l->bufs[3], 1 + (int)tris * 3 + 2, NULL);

    /* 4. overflow: room for two triangles of v4; the third on is dropped
     * (written stops, generated goes on), also in a later draw */
    g_what = "overflow";
    reset_buffer(l, l->bufs[0]);
    static const char *const n4[] = {"v4"};
    GLuint p4 = program(l, r, compat, n4, 1, GL_INTERLEAVED_ATTRIBS);
    g->UseProgram(p4);
    x->BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0], 32, 2 * 3 * 16 + 20);
    begin_queries(l);
    x->BeginTransformFeedback(GL_TRIANGLES);
    g->DrawArrays(GL_TRIANGLES, 0, 9);
    g->DrawArrays(GL_TRIANGLES, 0, 3);
    x->EndTransformFeedback();
    end_queries(l, r, &gen, &written);
    put_buffer(l, r, l->bufs[0], 8 + 2 * 3 * 4 + 8, NULL);
    if (is_swr) {
        expect("overflow: generated", gen, 4);
        expect("overflow: written", written, 2);
    }

    /* 5. rasterizer discard: captured, nothing drawn */
    g_what = "rasterizer discard";
    reset_buffer(l, l->bufs[0]);
    static const char *const n5[] = {"gl_PointSize", "f", "arr[2]"};
    GLuint p5 = program(l, r, compat, n5, 3, GL_INTERLEAVED_ATTRIBS);
    put_varyings(l, r, p5);
    g->UseProgram(p5);
    x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0]);
    g->ClearColor(0.25f, 0.5f, 0.75f, 1.0f);
    g->Clear(GL_COLOR_BUFFER_BIT);
    g->Enable(GL_RASTERIZER_DISCARD);
    begin_queries(l);
    x->BeginTransformFeedback(GL_TRIANGLES);
    g->DrawArrays(GL_TRIANGLES, 0, 12);
    x->EndTransformFeedback();
    end_queries(l, r, &gen, &written);
    g->Disable(GL_RASTERIZER_DISCARD);
    put_err(r, l);
    put_buffer(l, r, l->bufs[0], 12 * 3 + 2, NULL);
    uint8_t px[W * H * 4];
    g->ReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int changed = 0;
    for (int i = 0; i < W * H; i++)
        changed += px[4 * i] != 64 || px[4 * i + 1] != 128 || px[4 * i + 2] != 191;
    put(r, changed);
    if (is_swr) {
        expect("discard: pixels drawn", changed, 0);
        expect("discard: generated", gen, 4);
        expect("discard: written", written, 4);
    }

    /* 6. built-in outputs: gl_ClipDistance whole and one element, and in
     * the compatibility context gl_FrontColor and gl_TexCoord[1] */
    g_what = "built-ins";
    reset_buffer(l, l->bufs[0]);
    char vsb[1024];
    {
        const char *at = strstr(VS_BUILTIN, "COMPAT");
        snprintf(vsb, sizeof vsb, "%.*s%s%s", (int)(at - VS_BUILTIN), VS_BUILTIN,
                 compat ? "gl_FrontColor = pos.yxzw; gl_TexCoord[1] = pos * 3.0;" : "",
                 at + strlen("COMPAT"));
    }
    static const char *const n6[] = {"gl_ClipDistance[1]", "gl_Position", "gl_ClipDistance"};
    GLuint p6 = program_of(l, r, compat, vsb, FS_BUILTIN, n6, 3, GL_INTERLEAVED_ATTRIBS);
    put_varyings(l, r, p6);
    g->UseProgram(p6);
    x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0]);
    begin_queries(l);
    x->BeginTransformFeedback(GL_LINES);
    g->DrawArrays(GL_LINES, 1, 4);
    x->EndTransformFeedback();
    end_queries(l, r, &gen, &written);
    put_buffer(l, r, l->bufs[0], 4 * 8 + 2, NULL);
    g->UseProgram(0);
    g->DeleteProgram(p6);
    if (compat && is_swr) {
        /* gl_FrontColor and gl_TexCoord[1], against the analytic values
         * alone: the reference captures gl_Position in their place. GL 3.0
         * section 2.15: vertices are captured after vertex colour clamping
         * (GL_CLAMP_VERTEX_COLOR is TRUE by default). */
        static rec scratch;
        scratch.n = 0;
        reset_buffer(l, l->bufs[0]);
        static const char *const n7[] = {"gl_FrontColor", "gl_TexCoord[1]"};
        GLuint p7 = program_of(l, &scratch, compat, vsb, FS_BUILTIN, n7, 2, GL_INTERLEAVED_ATTRIBS);
        g->UseProgram(p7);
        x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0]);
        x->BeginTransformFeedback(GL_POINTS);
        g->DrawArrays(GL_POINTS, 0, NV);
        x->EndTransformFeedback();
        uint32_t w[BUF_WORDS];
        put_buffer(l, &scratch, l->bufs[0], NV * 8 + 1, w);
        for (int k = 0; k < NV; k++) {
            const float *q = vertex_data[k];
            float want[8] = {q[1], q[0], q[2], q[3], q[0] * 3.0f, q[1] * 3.0f, q[2] * 3.0f, q[3] * 3.0f};
            for (int c = 0; c < 4; c++)
                want[c] = want[c] < 0.0f ? 0.0f : want[c] > 1.0f ? 1.0f : want[c];
            for (int c = 0; c < 8; c++) {
                float got;
                memcpy(&got, &w[k * 8 + c], 4);
                if (got != want[c]) {
                    fprintf(stderr, "compat built-ins: vertex %d word %d: got %g, want %g\n", k, c,
                            (double)got, (double)want[c]);
                    failures++;
                }
            }
        }
        expect("compat built-ins: the word after the capture", w[NV * 8], MARK);
        g->UseProgram(0);
        g->DeleteProgram(p7);
    }

    /* 7. errors of Begin, End, draws and bindings */
    g_what = "errors";
    g->UseProgram(p1);
    x->BeginTransformFeedback(GL_LINE_STRIP);
    put_err(r, l); /* INVALID_ENUM */
    x->EndTransformFeedback();
    put_err(r, l); /* INVALID_OPERATION: not active */
    g->UseProgram(0);
    x->BeginTransformFeedback(GL_POINTS);
    put_err(r, l); /* INVALID_OPERATION: no program */
    GLuint p0 = program(l, r, compat, NULL, 0, GL_INTERLEAVED_ATTRIBS);
    g->UseProgram(p0);
    x->BeginTransformFeedback(GL_POINTS);
    put_err(r, l); /* INVALID_OPERATION: nothing captured */
    g->UseProgram(p3);
    x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 2, 0);
    put_err(r, l);
    x->BeginTransformFeedback(GL_POINTS);
    put_err(r, l); /* INVALID_OPERATION: binding point 2 is empty */
    x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 2, l->bufs[2]);
    g->UseProgram(p1);
    x->BeginTransformFeedback(GL_POINTS);
    put_err(r, l);
    x->BeginTransformFeedback(GL_POINTS);
    put_err(r, l); /* INVALID_OPERATION: active */
    g->DrawArrays(GL_LINES, 0, 2);
    put_err(r, l); /* INVALID_OPERATION: mode */
    g->DrawArrays(GL_TRIANGLES, 0, 3);
    put_err(r, l); /* INVALID_OPERATION: mode */
    g->DrawElements(GL_LINE_LOOP, 3, GL_UNSIGNED_SHORT, NULL);
    put_err(r, l); /* INVALID_OPERATION: mode */
    g->DrawArrays(GL_POINTS, 0, 2);
    put_err(r, l);
    g->UseProgram(p2);
    put_err(r, l); /* INVALID_OPERATION */
    g->LinkProgram(p1);
    put_err(r, l); /* INVALID_OPERATION */
    x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[1]);
    put_err(r, l); /* INVALID_OPERATION */
    x->BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 1, l->bufs[1], 0, 64);
    put_err(r, l); /* INVALID_OPERATION */
    g->BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, l->bufs[3]);
    put_err(r, l); /* the generic binding may change */
    g->BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, l->bufs[0]);
    {
        static uint32_t words[BUF_WORDS];
        g->BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof words, words, GL_STREAM_READ);
        put_err(r, l);
        g->BufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 16, words);
        put_err(r, l);
    }
    x->EndTransformFeedback();
    put_err(r, l);
    g->UseProgram(p2);
    x->BeginTransformFeedback(GL_LINES);
    g->DrawArrays(GL_TRIANGLES, 0, 3);
    put_err(r, l); /* INVALID_OPERATION */
    g->DrawArrays(GL_POINTS, 0, 3);
    put_err(r, l); /* INVALID_OPERATION */
    x->EndTransformFeedback();
    put_err(r, l);
    x->BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0], 2, 64);
    put_err(r, l); /* INVALID_VALUE: offset */
    x->BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0], 0, 62);
    put_err(r, l); /* INVALID_VALUE: size */
    x->BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0], 0, 0);
    put_err(r, l); /* INVALID_VALUE: size */
    x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 4, l->bufs[0]);
    put_err(r, l); /* INVALID_VALUE: index */
    GLint v = -1;
    x->GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 4, &v);
    put_err(r, l); /* INVALID_VALUE */
    put_bindings(l, r);
    {
        char name[8];
        GLsizei len, size;
        GLenum type;
        x->GetTransformFeedbackVarying(p1 + 1000, 0, sizeof name, &len, &size, &type, name);
    }
    put_err(r, l); /* INVALID_VALUE */

    if (compat) {
        /* glDrawPixels while active: the rectangle is no captured primitive */
        g_what = "drawpixels while active";
        reset_buffer(l, l->bufs[0]);
        g->UseProgram(p1);
        x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0]);
        begin_queries(l);
        x->BeginTransformFeedback(GL_POINTS);
        g->DrawArrays(GL_POINTS, 0, 2);
        static const uint8_t img[2 * 2 * 4] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255};
        x->DrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, img);
        put_err(r, l);
        g->DrawArrays(GL_POINTS, 2, 2);
        put_err(r, l);
        GLint cur = -1;
        g->GetIntegerv(GL_CURRENT_PROGRAM, &cur);
        put(r, (GLuint)cur == p1);
        x->EndTransformFeedback();
        put_err(r, l);
        end_queries(l, r, NULL, NULL);
        put_buffer(l, r, l->bufs[0], 4 * 9 + 2, NULL);
        /* the image is drawn (llvmpipe's read back is all zeros here, so
         * this is checked against the image for swr alone) */
        g->ReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
        if (is_swr)
            for (int i = 0; i < 16; i++)
                expect("drawpixels while active: pixel byte", px[i], img[i]);
    }

    /* mapped buffers: Begin with a binding point's buffer mapped, and a
     * draw while one is mapped */
    g->UseProgram(p1);
    x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0]);
    g->BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, l->bufs[0]);
    put(r, x->MapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, GL_READ_ONLY) != NULL);
    put_err(r, l);
    x->BeginTransformFeedback(GL_POINTS);
    put_err(r, l);
    g->DrawArrays(GL_POINTS, 0, 1);
    put_err(r, l);
    x->EndTransformFeedback();
    put_err(r, l);
    g->BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, l->bufs[0]);
    put(r, x->UnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER));
    put_err(r, l);

    /* GL_PRIMITIVES_GENERATED counts without transform feedback too */
    g_what = "queries without capture";
    begin_queries(l);
    g->DrawArrays(GL_TRIANGLES, 0, 9);
    g->DrawArrays(GL_POINTS, 0, 4);
    end_queries(l, r, &gen, &written);
    if (is_swr) {
        expect("without capture: generated", gen, 3 + 4);
        expect("without capture: written", written, 0);
    }
    g->UseProgram(0);

    /* 8. link errors */
    g_what = "link errors";
    static const char *const bad[][2] = {
        {"nosuch", NULL}, {"v4", "v4"}, {"arr", "arr[1]"}, {"arr[3]", NULL}, {"v4[0]", NULL},
        {"arr[1]", "arr[1]"}, {"gl_Position", "gl_Position"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        /* (llvmpipe crashes on GL_TRANSFORM_FEEDBACK_VARYINGS of these) */
        GLuint p = program(l, r, compat, bad[i], bad[i][1] ? 2 : 1, GL_INTERLEAVED_ATTRIBS);
        g->DeleteProgram(p);
    }
    static const char *const m3[] = {"m3"};
    GLuint pm;
    if (is_swr) {
        /* 9 components of one separate varying: more than swr's
         * GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS (4, the spec's
         * minimum; llvmpipe's limit is larger, so not compared) */
        static rec scratch;
        scratch.n = 0;
        pm = program(l, &scratch, compat, m3, 1, GL_SEPARATE_ATTRIBS);
        expect("a separate mat3: link status", scratch.v[0], 0);
        g->DeleteProgram(pm);
    }
    pm = program(l, r, compat, m3, 1, GL_INTERLEAVED_ATTRIBS);
    put_varyings(l, r, pm);
    g->DeleteProgram(pm);

    g->UseProgram(0);
    GLuint progs[] = {p0, p1, p2, p3, p4, p5};
    for (unsigned i = 0; i < sizeof progs / sizeof progs[0]; i++)
        g->DeleteProgram(progs[i]);
    x->DeleteQueries(2, l->q);
    put_err(r, l);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>]\n", argv[0]);
        return 2;
    }
    make_vertices();
    const char *ref_path = argc > 2 ? argv[2] : glc_reference_library();
    for (int compat = 0; compat < 2; compat++) {
        static lib swr, ref;
        if (!lib_open(&swr, argv[1], compat))
            return 1;
        bool have_ref = lib_open(&ref, ref_path, compat);
        if (!have_ref)
            fprintf(stderr, "note: no reference library (%s): swr-only checks\n", ref_path);
        static rec ra, rb;
        memset(&ra, 0, sizeof ra);
        memset(&rb, 0, sizeof rb);
        run(&swr, &ra, compat, true);
        if (have_ref) {
            run(&ref, &rb, compat, false);
            if (getenv("XFB_TEST_DUMP"))
                for (int i = 0; i < ra.n && i < rb.n; i++)
                    fprintf(stderr, "%d %s %llx %llx\n", i, ra.what[i], ra.v[i], rb.v[i]);
            int shown = 0;
            if (ra.n != rb.n) {
                fprintf(stderr, "record lengths differ: swr %d ref %d\n", ra.n, rb.n);
                failures++;
            }
            for (int i = 0; i < ra.n && i < rb.n; i++)
                if (ra.v[i] != rb.v[i] || ra.what[i] != rb.what[i]) {
                    if (shown++ < 40)
                        fprintf(stderr, "  %s [%d] swr %lld (0x%llx) ref %lld (0x%llx)\n", ra.what[i], i,
                                ra.v[i], ra.v[i], rb.v[i], rb.v[i]);
                }
            if (shown) {
                fprintf(stderr, "%s: %d answers differ from the reference\n", compat ? "3.0 compat" : "3.3 core",
                        shown);
                failures++;
            }
            printf("%s: compared %d answers with the reference\n", compat ? "3.0 compat" : "3.3 core", ra.n);
        }
        lib_close(&swr);
        if (have_ref)
            lib_close(&ref);
    }
    printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
