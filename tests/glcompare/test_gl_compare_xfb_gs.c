/*
 * test_gl_compare_xfb_gs.c: transform feedback of geometry shader outputs
 * (GL 3.2 section 2.15: with a geometry shader the captured varyings are
 * its outputs, the primitives its output primitives, and its output type,
 * not the draw's mode, must match glBeginTransformFeedback's mode).
 *
 * How it works: the same calls run on swr's libOSMesa and on the reference
 * (Debian's llvmpipe) libOSMesa in a 3.3 core context; every answer goes
 * into a record (glGetError, link statuses, glGetTransformFeedbackVarying,
 * the GL_PRIMITIVES_GENERATED / GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN
 * results and the captured buffers word for word, the buffers filled with a
 * marker first) and the two records must be equal. The scenes: a GS that
 * amplifies each point into a 4-vertex triangle strip (2 triangles)
 * capturing gl_Position, a varying the FS reads and one it does not
 * (interleaved), and the same into separate buffers; a GS making line
 * strips from triangles with EndPrimitive; a buffer too small (written
 * stops, generated goes on); GL_PRIMITIVES_GENERATED without a capture.
 * Errors: Begin(GL_POINTS) with a GS emitting
 * triangle strips and a GL_POINTS draw is INVALID_OPERATION at the draw,
 * Begin(GL_TRIANGLES) with a GL_POINTS draw is fine; capturing a name only
 * the VS writes fails the link. Independently of the reference, swr's
 * captured gl_Position words and query counts are checked against the
 * analytic values of the shaders.
 *
 *   test_gl_compare_xfb_gs <swr libOSMesa> [<reference libOSMesa>]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

#ifndef GL_GEOMETRY_SHADER
#define GL_GEOMETRY_SHADER 0x8DD9
#endif

#define XFB_FUNCS(X)                                                                               \
    X(TransformFeedbackVaryings, TRANSFORMFEEDBACKVARYINGS)                                        \
    X(BeginTransformFeedback, BEGINTRANSFORMFEEDBACK)                                              \
    X(EndTransformFeedback, ENDTRANSFORMFEEDBACK) X(BindBufferBase, BINDBUFFERBASE)                \
    X(BindBufferRange, BINDBUFFERRANGE)                                                            \
    X(GetTransformFeedbackVarying, GETTRANSFORMFEEDBACKVARYING)                                    \
    X(GetBufferSubData, GETBUFFERSUBDATA) X(GenQueries, GENQUERIES) X(BeginQuery, BEGINQUERY)      \
    X(EndQuery, ENDQUERY) X(GetQueryObjectuiv, GETQUERYOBJECTUIV) X(DeleteQueries, DELETEQUERIES)

GLC_TABLE(xfb_api, xfb_open, XFB_FUNCS)

enum { W = 16, H = 16, NV = 8 };

typedef struct lib {
    glc_api g;
    xfb_api x;
    glc_target t;
    GLuint vao, vbo, bufs[3], q[2];
} lib;

static int failures;

static bool lib_open(lib *l, const char *path)
{
    memset(l, 0, sizeof *l);
    if (!glc_open(&l->g, path) || !xfb_open(&l->x, &l->g))
        return false;
    if (!glc_target_create_version(&l->t, &l->g, W, H, 3, 3, true))
        return false;
    return true;
}

static void lib_close(lib *l)
{
    glc_target_destroy(&l->t);
    glc_close(&l->g);
}

/* ---- the record ---------------------------------------------------------- */

#define MAXREC 8000

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

static void expect(const char *what, long long got, long long want)
{
    if (got != want) {
        fprintf(stderr, "%s: got %lld, want %lld\n", what, got, want);
        failures++;
    }
}

/* ---- shaders -------------------------------------------------------------- */

static const char VS[] = "#version 330\n"
                         "in vec4 pos;\n"
                         "out vec4 vc;\n"
                         "out float vonly;\n"
                         "void main() { gl_Position = pos; vc = pos * 2.0; vonly = pos.x; }\n";
/* each point: a 4-vertex strip around it (2 triangles); col is read by the
 * FS, k is captured only */
static const char GS_QUAD[] = "#version 150\n"
                              "layout(points) in;\n"
                              "layout(triangle_strip, max_vertices = 4) out;\n"
                              "in vec4 vc[];\n"
                              "out vec4 col;\n"
                              "out float k;\n"
                              "void main() {\n"
                              "  for (int i = 0; i < 4; i++) {\n"
                              "    vec2 d = vec2(float(i & 1), float(i >> 1)) * 0.125;\n"
                              "    gl_Position = gl_in[0].gl_Position + vec4(d, 0.0, 0.0);\n"
                              "    col = vc[0] + vec4(float(i));\n"
                              "    k = float(gl_PrimitiveIDIn * 10 + i);\n"
                              "    EmitVertex();\n"
                              "  }\n"
                              "}\n";
/* each triangle: its outline as a closed 4-vertex line strip, then a
 * 2-vertex strip of its first edge (EndPrimitive between): 4 lines */
static const char GS_LINES[] = "#version 150\n"
                               "layout(triangles) in;\n"
                               "layout(line_strip, max_vertices = 6) out;\n"
                               "in vec4 vc[];\n"
                               "out vec4 col;\n"
                               "out float k;\n"
                               "void main() {\n"
                               "  for (int i = 0; i < 4; i++) {\n"
                               "    gl_Position = gl_in[i % 3].gl_Position; col = vc[i % 3]; k = float(i);\n"
                               "    EmitVertex();\n"
                               "  }\n"
                               "  EndPrimitive();\n"
                               "  for (int i = 0; i < 2; i++) {\n"
                               "    gl_Position = gl_in[i].gl_Position * 0.5; col = vec4(0.5); k = -1.0;\n"
                               "    EmitVertex();\n"
                               "  }\n"
                               "}\n";
static const char FS[] = "#version 330\n"
                         "in vec4 col;\n"
                         "out vec4 o;\n"
                         "void main() { o = col; }\n";

static GLuint program(lib *l, rec *r, const char *gs, const char *const *names, int n, GLenum mode)
{
    glc_api *g = &l->g;
    GLuint p = g->CreateProgram();
    GLuint s[3] = {glc_shader(g, GL_VERTEX_SHADER, VS), glc_shader(g, GL_GEOMETRY_SHADER, gs),
                   glc_shader(g, GL_FRAGMENT_SHADER, FS)};
    for (int i = 0; i < 3; i++) {
        g->AttachShader(p, s[i]);
        g->DeleteShader(s[i]);
    }
    g->BindAttribLocation(p, 0, "pos");
    l->x.TransformFeedbackVaryings(p, n, names, mode);
    g->LinkProgram(p);
    GLint ok = -1;
    g->GetProgramiv(p, GL_LINK_STATUS, &ok);
    put(r, ok);
    put_err(r, l);
    if (getenv("XFB_TEST_LOG")) {
        char log[1024] = "";
        g->GetProgramInfoLog(p, sizeof log, NULL, log);
        fprintf(stderr, "%s: %s: link %d: %s\n", g->path, names[0], ok, log);
    }
    GLint nv = -1;
    /* (llvmpipe crashes on this query of a program that failed to link) */
    if (ok)
        g->GetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &nv);
    put(r, nv);
    for (GLint i = 0; i < nv && i < 4; i++) {
        char name[32] = "";
        GLsizei len = -1, size = -1;
        GLenum type = 0;
        l->x.GetTransformFeedbackVarying(p, (GLuint)i, sizeof name, &len, &size, &type, name);
        put(r, len);
        put(r, size);
        put(r, type);
        for (int c = 0; c < len && c < 32; c++)
            put(r, name[c]);
    }
    put_err(r, l);
    return p;
}

/* ---- data ----------------------------------------------------------------- */

static float vertex_data[NV][4];

#define MARK 0xDEADBEEFu
#define BUF_WORDS 512

static void reset_buffer(lib *l, GLuint b)
{
    static uint32_t words[BUF_WORDS];
    for (int i = 0; i < BUF_WORDS; i++)
        words[i] = MARK;
    l->g.BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
    l->g.BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof words, words, GL_STREAM_READ);
}

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
    *gen = a;
    *written = b;
}

static float word_float(uint32_t w)
{
    float f;
    memcpy(&f, &w, 4);
    return f;
}

/* The analytic strip vertex v (0..3) of point p of GS_QUAD. */
static void quad_vertex(int p, int v, float out[4])
{
    out[0] = vertex_data[p][0] + (float)(v & 1) * 0.125f;
    out[1] = vertex_data[p][1] + (float)(v >> 1) * 0.125f;
    out[2] = vertex_data[p][2];
    out[3] = vertex_data[p][3];
}

/* ---- the sequence ---------------------------------------------------------- */

static void run(lib *l, rec *r, bool is_swr)
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
    g->GenBuffers(3, l->bufs);
    x->GenQueries(2, l->q);
    put_err(r, l);
    GLuint gen = 0, written = 0;
    uint32_t w[BUF_WORDS];

    /* 1. points amplified into triangle strips, interleaved */
    g_what = "amplify interleaved";
    reset_buffer(l, l->bufs[0]);
    static const char *const n1[] = {"gl_Position", "col", "k"};
    GLuint p1 = program(l, r, GS_QUAD, n1, 3, GL_INTERLEAVED_ATTRIBS);
    g->UseProgram(p1);
    x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0]);
    begin_queries(l);
    x->BeginTransformFeedback(GL_TRIANGLES);
    put_err(r, l);
    g->DrawArrays(GL_POINTS, 0, 3);
    g->DrawArrays(GL_POINTS, 5, 2);
    put_err(r, l);
    x->EndTransformFeedback();
    put_err(r, l);
    end_queries(l, r, &gen, &written);
    const int stride1 = 4 + 4 + 1;
    put_buffer(l, r, l->bufs[0], 5 * 2 * 3 * stride1 + 2, w);
    if (is_swr) {
        expect("amplify: generated", gen, 10);
        expect("amplify: written", written, 10);
        /* triangle t of a strip: vertices t, t+1, t+2 with the winding kept
         * (GL 3.2 section 2.15: odd triangles swap their first two) */
        static const int src[5] = {0, 1, 2, 5, 6};
        static const int tri[2][3] = {{0, 1, 2}, {2, 1, 3}};
        for (int pt = 0; pt < 5; pt++)
            for (int t = 0; t < 2; t++)
                for (int v = 0; v < 3; v++) {
                    int at = ((pt * 2 + t) * 3 + v) * stride1;
                    float want[4];
                    quad_vertex(src[pt], tri[t][v], want);
                    for (int c = 0; c < 4; c++)
                        if (word_float(w[at + c]) != want[c]) {
                            fprintf(stderr, "amplify: point %d triangle %d vertex %d comp %d: got %g want %g\n",
                                    pt, t, v, c, (double)word_float(w[at + c]), (double)want[c]);
                            failures++;
                        }
                }
        expect("amplify: the word after the capture", w[5 * 6 * stride1], MARK);
    }

    /* 2. the same into separate buffers */
    g_what = "amplify separate";
    for (int b = 0; b < 3; b++)
        reset_buffer(l, l->bufs[b]);
    static const char *const n2[] = {"k", "gl_Position", "col"};
    GLuint p2 = program(l, r, GS_QUAD, n2, 3, GL_SEPARATE_ATTRIBS);
    g->UseProgram(p2);
    for (GLuint b = 0; b < 3; b++)
        x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, b, l->bufs[b]);
    begin_queries(l);
    x->BeginTransformFeedback(GL_TRIANGLES);
    g->DrawArrays(GL_POINTS, 1, 4);
    put_err(r, l);
    x->EndTransformFeedback();
    end_queries(l, r, &gen, &written);
    put_buffer(l, r, l->bufs[0], 4 * 6 + 2, NULL);
    put_buffer(l, r, l->bufs[1], 4 * 6 * 4 + 2, NULL);
    put_buffer(l, r, l->bufs[2], 4 * 6 * 4 + 2, NULL);
    if (is_swr) {
        expect("separate: generated", gen, 8);
        expect("separate: written", written, 8);
    }

    /* 3. line strips from triangles, with EndPrimitive */
    g_what = "line strips";
    reset_buffer(l, l->bufs[0]);
    static const char *const n3[] = {"gl_Position", "k"};
    GLuint p3 = program(l, r, GS_LINES, n3, 2, GL_INTERLEAVED_ATTRIBS);
    g->UseProgram(p3);
    x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0]);
    begin_queries(l);
    x->BeginTransformFeedback(GL_LINES);
    g->DrawArrays(GL_TRIANGLES, 0, 6);
    g->DrawArrays(GL_TRIANGLE_STRIP, 2, 4);
    put_err(r, l);
    x->EndTransformFeedback();
    end_queries(l, r, &gen, &written);
    put_buffer(l, r, l->bufs[0], 4 * 4 * 2 * 5 + 2, w);
    if (is_swr) {
        expect("lines: generated", gen, 4 * 4);
        expect("lines: written", written, 4 * 4);
        /* the first triangle's outline: (0,1), (1,2), (2,0), then (0,1)/2 */
        static const int ends[3][2] = {{0, 1}, {1, 2}, {2, 0}};
        for (int e = 0; e < 3; e++)
            for (int v = 0; v < 2; v++)
                for (int c = 0; c < 4; c++) {
                    float got = word_float(w[(e * 2 + v) * 5 + c]);
                    if (got != vertex_data[ends[e][v]][c]) {
                        fprintf(stderr, "lines: edge %d vertex %d comp %d: got %g want %g\n", e, v, c,
                                (double)got, (double)vertex_data[ends[e][v]][c]);
                        failures++;
                    }
                }
    }

    /* 4. overflow: room for 3 triangles of the amplified strips */
    g_what = "overflow";
    reset_buffer(l, l->bufs[0]);
    g->UseProgram(p1);
    x->BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0], 16, 3 * 3 * stride1 * 4 + 8);
    begin_queries(l);
    x->BeginTransformFeedback(GL_TRIANGLES);
    g->DrawArrays(GL_POINTS, 0, 4);
    x->EndTransformFeedback();
    end_queries(l, r, &gen, &written);
    put_buffer(l, r, l->bufs[0], 4 + 3 * 3 * stride1 + 4, NULL);
    if (is_swr) {
        expect("overflow: generated", gen, 8);
        expect("overflow: written", written, 3);
    }

    /* GL_PRIMITIVES_GENERATED counts the GS's primitives without a capture
     * too (two programs' draws: triangle strips, then line strips) */
    g_what = "queries without capture";
    begin_queries(l);
    g->DrawArrays(GL_POINTS, 0, 3);
    g->UseProgram(p3);
    g->DrawArrays(GL_TRIANGLES, 0, 3);
    end_queries(l, r, &gen, &written);
    if (is_swr) {
        expect("without capture: generated", gen, 3 * 2 + 4);
        expect("without capture: written", written, 0);
    }
    g->UseProgram(p1);

    /* 5. errors: the GS output type is what Begin's mode must match */
    g_what = "errors";
    x->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, l->bufs[0]);
    x->BeginTransformFeedback(GL_POINTS);
    put_err(r, l);
    g->DrawArrays(GL_POINTS, 0, 1);
    put_err(r, l); /* INVALID_OPERATION: triangle strips into GL_POINTS */
    x->EndTransformFeedback();
    put_err(r, l);
    g->UseProgram(p3);
    x->BeginTransformFeedback(GL_TRIANGLES);
    g->DrawArrays(GL_TRIANGLES, 0, 3);
    put_err(r, l); /* INVALID_OPERATION: line strips into GL_TRIANGLES */
    x->EndTransformFeedback();
    put_err(r, l);
    g->UseProgram(0);
    static const char *const n5[] = {"vonly"};
    GLuint p5 = program(l, r, GS_QUAD, n5, 1, GL_INTERLEAVED_ATTRIBS); /* only the VS writes it */
    if (is_swr) {
        GLint ok = -1;
        g->GetProgramiv(p5, GL_LINK_STATUS, &ok);
        expect("a VS-only varying: link status", ok, 0);
    }
    g->DeleteProgram(p5);
    GLuint progs[] = {p1, p2, p3};
    for (unsigned i = 0; i < 3; i++)
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
    for (int i = 0; i < NV; i++) {
        vertex_data[i][0] = (float)i * 0.125f - 0.5f;
        vertex_data[i][1] = (float)((i * 3) % 5) * 0.25f - 0.5f;
        vertex_data[i][2] = (float)(i % 3) * 0.25f;
        vertex_data[i][3] = 1.0f;
    }
    const char *ref_path = argc > 2 ? argv[2] : glc_reference_library();
    static lib swr, ref;
    if (!lib_open(&swr, argv[1]))
        return 1;
    bool have_ref = lib_open(&ref, ref_path);
    if (!have_ref)
        fprintf(stderr, "note: no reference library (%s): swr-only checks\n", ref_path);
    static rec ra, rb;
    run(&swr, &ra, true);
    if (have_ref) {
        run(&ref, &rb, false);
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
                    fprintf(stderr, "  %s [%d] swr %lld (0x%llx) ref %lld (0x%llx)\n", ra.what[i], i, ra.v[i],
                            ra.v[i], rb.v[i], rb.v[i]);
            }
        if (shown) {
            fprintf(stderr, "%d answers differ from the reference\n", shown);
            failures++;
        }
        printf("compared %d answers with the reference\n", ra.n);
    }
    lib_close(&swr);
    if (have_ref)
        lib_close(&ref);
    printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
