/*
 * test_gl_compare_xfb.c: the program side of transform feedback (GL 3.0
 * section 2.15.3, GL 3.3 section 2.11.7): glTransformFeedbackVaryings, the
 * program queries GL_TRANSFORM_FEEDBACK_BUFFER_MODE / _VARYINGS /
 * _VARYING_MAX_LENGTH and the transform feedback limits of glGetIntegerv.
 *
 * How it works: the same sequence of calls runs on swr's libOSMesa and on
 * the reference (Debian's llvmpipe) libOSMesa, in a 3.3 core context with
 * GLSL 3.30 shaders and in a 3.0 compatibility one with GLSL 1.30; every
 * answer (query values and glGetError after each call) is appended to a
 * record and the two records must be equal. The sequence covers the errors
 * the spec names (a bad buffer mode is INVALID_ENUM; a negative count, more
 * than GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS names in separate mode and
 * a name that is no program are INVALID_VALUE), and the queries before and
 * after a link (the maximum name length is the linked program's; the mode
 * and the count follow the last glTransformFeedbackVaryings, as llvmpipe
 * answers).
 * Independently of the reference, swr's record is checked against the
 * values the spec gives (the limits are the GL 3.0 table 6.48 minimums the
 * brief asks for; the lengths count the terminating NUL).
 *
 *   test_gl_compare_xfb <swr libOSMesa> [<reference libOSMesa>]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

#define XFB_FUNCS(X) X(TransformFeedbackVaryings, TRANSFORMFEEDBACKVARYINGS)

GLC_TABLE(xfb_api, xfb_open, XFB_FUNCS)

enum { W = 16, H = 16 };

typedef struct lib {
    glc_api g;
    xfb_api x;
    glc_target t;
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

/* "#version 330" (core) or "#version 130" (compat) goes before these */
static const char VS[] = "in vec4 pos;\n"
                         "out vec4 color;\n"
                         "out float weight;\n"
                         "void main() { gl_Position = pos; color = pos * 0.5; weight = pos.x; }\n";
static const char FS[] = "in vec4 color;\n"
                         "in float weight;\n"
                         "out vec4 o;\n"
                         "void main() { o = color * weight; }\n";

#define MAXREC 64

typedef struct rec {
    long long v[MAXREC];
    int n;
} rec;

static void put(rec *r, long long v)
{
    if (r->n < MAXREC)
        r->v[r->n++] = v;
}

static void put_err(rec *r, lib *l) { put(r, l->g.GetError()); }

static void put_prog(rec *r, lib *l, GLuint p)
{
    static const GLenum q[] = {GL_TRANSFORM_FEEDBACK_BUFFER_MODE, GL_TRANSFORM_FEEDBACK_VARYINGS,
                               GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH, GL_LINK_STATUS};
    for (unsigned i = 0; i < sizeof q / sizeof q[0]; i++) {
        GLint v = -12345;
        l->g.GetProgramiv(p, q[i], &v);
        put(r, v);
    }
    put_err(r, l);
}

/* The recorded sequence; see the file comment. */
static void run(lib *l, rec *r, bool compat)
{
    glc_api *g = &l->g;
    glc_target_bind(&l->t);
    static const GLenum limits[] = {GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS,
                                    GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS,
                                    GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS};
    for (unsigned i = 0; i < 3; i++) {
        GLint v = -1;
        g->GetIntegerv(limits[i], &v);
        put(r, v >= 0);  /* the values differ between drivers: compared below for swr */
        put_err(r, l);
    }
    const char *version = compat ? "#version 130\n" : "#version 330\n";
    char vs[512], fs[512];
    snprintf(vs, sizeof vs, "%s%s", version, VS);
    snprintf(fs, sizeof fs, "%s%s", version, FS);
    GLuint p = glc_program(g, vs, fs);
    if (!p) {
        fprintf(stderr, "program did not link\n");
        failures++;
        return;
    }
    put_prog(r, l, p); /* linked without varyings: interleaved, 0, 0 */
    const char *names[] = {"color", "gl_Position", "weight", "color", "weight"};
    l->x.TransformFeedbackVaryings(p, 2, names, GL_TRIANGLES);
    put_err(r, l); /* INVALID_ENUM */
    l->x.TransformFeedbackVaryings(p, -1, names, GL_INTERLEAVED_ATTRIBS);
    put_err(r, l); /* INVALID_VALUE */
    l->x.TransformFeedbackVaryings(p, 5, names, GL_SEPARATE_ATTRIBS);
    put_err(r, l); /* INVALID_VALUE: more than 4 separate attributes */
    l->x.TransformFeedbackVaryings(p + 1000, 1, names, GL_INTERLEAVED_ATTRIBS);
    put_err(r, l); /* INVALID_VALUE: no such name */
    l->x.TransformFeedbackVaryings(p, 2, names, GL_SEPARATE_ATTRIBS);
    put_err(r, l);
    put_prog(r, l, p); /* mode and count are the new ones, the length the link's */
    g->LinkProgram(p);
    put_err(r, l);
    put_prog(r, l, p); /* separate, 2, strlen("gl_Position") + 1 */
    l->x.TransformFeedbackVaryings(p, 3, names, GL_INTERLEAVED_ATTRIBS);
    put_err(r, l);
    g->LinkProgram(p);
    put_err(r, l);
    put_prog(r, l, p); /* interleaved, 3, 12 */
    l->x.TransformFeedbackVaryings(p, 0, NULL, GL_INTERLEAVED_ATTRIBS);
    g->LinkProgram(p);
    put_err(r, l);
    put_prog(r, l, p); /* interleaved, 0, 0 */
    g->DeleteProgram(p);
    put_err(r, l);
}

static void expect(const char *what, long long got, long long want)
{
    if (got != want) {
        fprintf(stderr, "%s: got %lld, want %lld\n", what, got, want);
        failures++;
    }
}

/* The spec's answers for swr alone. */
static void check_swr(lib *l, const rec *r)
{
    GLint v = -1;
    l->g.GetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, &v);
    expect("MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS", v, 64);
    l->g.GetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, &v);
    expect("MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS", v, 4);
    l->g.GetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS, &v);
    expect("MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS", v, 4);
    static const long long want[] = {
        1, 0, 1, 0, 1, 0,
        GL_INTERLEAVED_ATTRIBS, 0, 0, 1, 0,
        GL_INVALID_ENUM, GL_INVALID_VALUE, GL_INVALID_VALUE, GL_INVALID_VALUE, 0,
        GL_SEPARATE_ATTRIBS, 2, 0, 1, 0,
        0,
        GL_SEPARATE_ATTRIBS, 2, 12, 1, 0,
        0, 0,
        GL_INTERLEAVED_ATTRIBS, 3, 12, 1, 0,
        0,
        GL_INTERLEAVED_ATTRIBS, 0, 0, 1, 0,
        0,
    };
    int n = (int)(sizeof want / sizeof want[0]);
    expect("record length", r->n, n);
    for (int i = 0; i < n && i < r->n; i++) {
        char what[32];
        snprintf(what, sizeof what, "record[%d]", i);
        expect(what, r->v[i], want[i]);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>]\n", argv[0]);
        return 2;
    }
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
        run(&swr, &ra, compat);
        check_swr(&swr, &ra);
        if (have_ref) {
            run(&ref, &rb, compat);
            if (ra.n != rb.n || memcmp(ra.v, rb.v, (size_t)ra.n * sizeof ra.v[0])) {
                fprintf(stderr, "answers differ from the reference:\n");
                for (int i = 0; i < ra.n && i < rb.n; i++)
                    if (ra.v[i] != rb.v[i])
                        fprintf(stderr, "  [%d] swr %lld ref %lld\n", i, ra.v[i], rb.v[i]);
                failures++;
            }
            printf("%s: compared %d answers with the reference\n", compat ? "3.0 compat" : "3.3 core",
                   ra.n);
        }
        lib_close(&swr);
        if (have_ref)
            lib_close(&ref);
    }
    printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
