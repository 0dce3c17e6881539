/*
 * piglit_runner: runs piglit's GLSL execution tests (.shader_test files
 * from the Debian package `piglit`, read at run time, never copied into
 * the tree) through an OSMesa library loaded with dlopen.
 *
 * A .shader_test file names its requirements ([require]), its shaders
 * ([vertex shader], [fragment shader], ...), optional vertex data and a
 * list of commands ([test]): set uniforms, draw rectangles or arrays, probe
 * pixels against expected colours. The expected colours come from the GLSL
 * specification as the test's author computed them, so every probe is an
 * independent oracle. This runner implements the commands those tests use
 * for GLSL 1.10-3.30 on the GL 2.1 API and, for tests with a [geometry
 * shader] section (or .geom compiler tests), in a GL 3.2+ compatibility
 * context made the same way on both libraries; a test that needs anything else
 * (fixed-function matrices, textures, ...) is SKIPPED,
 * never guessed.
 *
 * With --ref, every test also runs on a second library (Mesa's llvmpipe
 * libOSMesa). The run then FAILS when a test passes on the reference but
 * not on the library under test, unless the test is listed in the
 * --expected file (one path relative to the piglit root per line, `#`
 * comments) with the reason it is known to fail. Tests that fail on both
 * are reported and counted but are not swr's regressions.
 *
 * Each (test, library) pair runs in its own forked child with a time
 * limit, so a crash or hang is reported as CRASH/TIMEOUT for that test and
 * the run goes on. Usage:
 *   piglit_runner --lib LIB [--ref REF] [--expected FILE] [--sample N]
 *                 [--jobs N] [--lib-glsl X.YZ] [--verbose] PIGLIT_ROOT DIR...
 * DIRs are relative to PIGLIT_ROOT and searched for *.shader_test and the
 * compiler tests *.vert, *.geom, *.frag.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <fnmatch.h>
#include <ftw.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tools/glc_api.h"

#ifndef GL_GEOMETRY_SHADER
#define GL_GEOMETRY_SHADER 0x8DD9
#endif

/* ---- results --------------------------------------------------------------------------- */

/* --lib-glsl X.YZ: the --lib library's contexts are compatibility contexts of the GL
 * version that goes with GLSL X.YZ (1.40: 3.1, 1.50: 3.2, 3.30: 3.3; made with
 * OSMesaCreateContextAttribs), and its GLSL version counts as at least X.YZ for the
 * [require] and compiler-test checks. The reference library keeps its default context
 * and answers with its own version. 0: off. */
static double g_lib_glsl_floor;
static const void *g_lib_api; /* the --lib library (g_lib_glsl_floor applies to it only) */

typedef enum pr_result { PR_PASS, PR_FAIL, PR_SKIP, PR_CRASH, PR_TIMEOUT } pr_result;
static const char *const result_name[] = {"PASS", "FAIL", "SKIP", "CRASH", "TIMEOUT"};

/* A child reports its result as the exit status and its reason on a pipe. */
#define PR_REASON_MAX 240
/* Exit statuses PR_EXIT_BASE + pr_result; anything else (a sanitizer's exit
 * code, a signal) is a crash. */
#define PR_EXIT_BASE 40

/* ---- a parsed test --------------------------------------------------------------------- */

#define PR_MAX_SHADERS 8
#define PR_MAX_ATTRS 8

typedef struct pr_shader {
    GLenum stage;
    char *src; /* owned */
} pr_shader;

typedef struct pr_attr {
    char name[64];
    GLenum type; /* GL_FLOAT, GL_INT, GL_UNSIGNED_INT */
    int comps;
} pr_attr;

typedef struct pr_test {
    char *text; /* whole file, sections split in place */
    pr_shader shaders[PR_MAX_SHADERS];
    int num_shaders;
    bool passthrough_vs;
    bool has_gs; /* a [geometry shader]: the test runs in a GL 3.2+ context on both libraries */
    char *require, *test, *vdata; /* section bodies (NUL-terminated, inside text) */
    const char *skip;             /* non-NULL: the runner cannot run this test */
} pr_test;

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = '\0';
    fclose(f);
    return s;
}

/* Splits the file into sections: a line "[name]" starts one. */
static bool parse_test(pr_test *t, char *text)
{
    memset(t, 0, sizeof *t);
    t->text = text;
    char *p = text;
    char **body = NULL;
    GLenum stage = 0;
    while (*p) {
        char *line = p;
        char *nl = strchr(p, '\n');
        p = nl ? nl + 1 : p + strlen(p);
        if (line[0] != '[')
            continue;
        char *close = strchr(line, ']');
        if (!close || (nl && close > nl))
            continue;
        *line = '\0'; /* ends the previous section's body */
        char name[64];
        size_t len = (size_t)(close - line - 1);
        if (len >= sizeof name)
            len = sizeof name - 1;
        memcpy(name, line + 1, len);
        name[len] = '\0';
        body = NULL;
        stage = 0;
        if (!strcmp(name, "require"))
            body = &t->require;
        else if (!strcmp(name, "test"))
            body = &t->test;
        else if (!strcmp(name, "vertex data"))
            body = &t->vdata;
        else if (!strcmp(name, "vertex shader"))
            stage = GL_VERTEX_SHADER;
        else if (!strcmp(name, "fragment shader"))
            stage = GL_FRAGMENT_SHADER;
        else if (!strcmp(name, "vertex shader passthrough"))
            t->passthrough_vs = true;
        else if (!strcmp(name, "geometry shader"))
            stage = GL_GEOMETRY_SHADER;
        else if (!t->skip)
            t->skip = "section not supported by the runner";
        if (stage) {
            t->has_gs |= stage == GL_GEOMETRY_SHADER;
            if (t->num_shaders == PR_MAX_SHADERS)
                return false;
            t->shaders[t->num_shaders++] = (pr_shader){stage, p};
        } else if (body) {
            *body = p;
        }
    }
    return true;
}

/* ---- GL entry points beyond glc_api ---------------------------------------------------- */

typedef struct pr_gl {
    glc_api *g;
    void (*Uniform[4])(GLint, GLsizei, const GLfloat *);
    void (*UniformI[4])(GLint, GLsizei, const GLint *);
    void (*UniformU[4])(GLint, GLsizei, const GLuint *);
    void (*UniformM[3][3])(GLint, GLsizei, GLboolean, const GLfloat *); /* [cols-2][rows-2] */
    void (*VertexAttribIPointer)(GLuint, GLint, GLenum, GLsizei, const void *);
    void (*ClipPlane)(GLenum, const GLdouble *);
    void (*ShadeModel)(GLenum);
    void (*GetFloatv)(GLenum, GLfloat *);
    /* uniform blocks (GL 3.1): the uniforms of a block are written into a
     * buffer per block, as piglit's shader_runner does */
    void (*GetUniformIndices)(GLuint, GLsizei, const GLchar *const *, GLuint *);
    void (*GetActiveUniformsiv)(GLuint, GLsizei, const GLuint *, GLenum, GLint *);
    void (*GetActiveUniformBlockiv)(GLuint, GLuint, GLenum, GLint *);
    void (*UniformBlockBinding)(GLuint, GLuint, GLuint);
    void (*BindBufferBase)(GLenum, GLuint, GLuint);
} pr_gl;

static void *sym(glc_api *g, const char *name)
{
    void *f = dlsym(g->lib, name);
    if (!f && g->OSMesaGetProcAddress)
        f = g->OSMesaGetProcAddress(name);
    return f;
}

static void load_gl(pr_gl *gl, glc_api *g)
{
    static const char *const dims = "1234";
    char n[64];
    gl->g = g;
    for (int i = 0; i < 4; i++) {
        snprintf(n, sizeof n, "glUniform%cfv", dims[i]);
        *(void **)&gl->Uniform[i] = sym(g, n);
        snprintf(n, sizeof n, "glUniform%civ", dims[i]);
        *(void **)&gl->UniformI[i] = sym(g, n);
        snprintf(n, sizeof n, "glUniform%cuiv", dims[i]);
        *(void **)&gl->UniformU[i] = sym(g, n);
    }
    for (int c = 2; c <= 4; c++)
        for (int r = 2; r <= 4; r++) {
            if (c == r)
                snprintf(n, sizeof n, "glUniformMatrix%dfv", c);
            else
                snprintf(n, sizeof n, "glUniformMatrix%dx%dfv", c, r);
            *(void **)&gl->UniformM[c - 2][r - 2] = sym(g, n);
        }
    *(void **)&gl->VertexAttribIPointer = sym(g, "glVertexAttribIPointer");
    *(void **)&gl->ClipPlane = sym(g, "glClipPlane");
    *(void **)&gl->ShadeModel = sym(g, "glShadeModel");
    *(void **)&gl->GetFloatv = sym(g, "glGetFloatv");
    *(void **)&gl->GetUniformIndices = sym(g, "glGetUniformIndices");
    *(void **)&gl->GetActiveUniformsiv = sym(g, "glGetActiveUniformsiv");
    *(void **)&gl->GetActiveUniformBlockiv = sym(g, "glGetActiveUniformBlockiv");
    *(void **)&gl->UniformBlockBinding = sym(g, "glUniformBlockBinding");
    *(void **)&gl->BindBufferBase = sym(g, "glBindBufferBase");
}

/* ---- running one test ------------------------------------------------------------------ */

#define PR_MAX_UBOS 16
typedef struct pr_run {
    pr_gl gl;
    glc_target target;
    int w, h;
    GLuint prog;
    GLuint ubo[PR_MAX_UBOS]; /* block i's buffer, at binding point i */
    int num_ubos;
    float tolerance[4];
    float clear_color[4];
    int glsl_version; /* from "GLSL >= x.yz" (110 when absent) */
    char reason[PR_REASON_MAX];
} pr_run;

static pr_result verdict(pr_run *r, pr_result res, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->reason, sizeof r->reason, fmt, ap);
    va_end(ap);
    return res;
}

/* Cuts the next whitespace-separated token from *p; NULL at the end. */
static char *token(char **p)
{
    char *s = *p;
    while (*s && isspace((unsigned char)*s))
        s++;
    if (!*s)
        return NULL;
    char *e = s;
    while (*e && !isspace((unsigned char)*e))
        e++;
    if (*e)
        *e++ = '\0';
    *p = e;
    return s;
}

/* True (and skips it) when the next token of *p is `w`; *p is unchanged otherwise. */
static bool word_next(char **p, const char *w)
{
    char *s = *p;
    while (*s && isspace((unsigned char)*s))
        s++;
    size_t n = strlen(w);
    if (strncmp(s, w, n) || (s[n] && !isspace((unsigned char)s[n])))
        return false;
    *p = s + n;
    return true;
}

/* piglit's number syntax: a float, or 0x... for the raw bits of one. */
static bool parse_float(const char *s, float *out)
{
    char *end;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        uint32_t bits = (uint32_t)strtoul(s, &end, 16);
        memcpy(out, &bits, 4);
    } else {
        *out = strtof(s, &end);
    }
    return end != s && *end == '\0';
}

/* Reads up to max numbers of the rest of the line; returns how many. */
static int parse_floats(char **p, float *v, int max)
{
    int n = 0;
    char *tok;
    while (n < max && (tok = token(p)))
        if (!parse_float(tok, &v[n++]))
            return -1;
    return n;
}

static int parse_ints(char **p, int64_t *v, int max)
{
    int n = 0;
    char *tok;
    while (n < max && (tok = token(p))) {
        char *end;
        v[n++] = strtoll(tok, &end, 0);
        if (end == tok || *end)
            return -1;
    }
    return n;
}

/* Replaces the punctuation of "probe rect rgba (x, y, w, h) (r, g, b, a)". */
static void strip_punct(char *s)
{
    for (; *s; s++)
        if (*s == '(' || *s == ')' || *s == ',')
            *s = ' ';
}

static const char *const PASSTHROUGH_VS =
    "#version 110\nattribute vec4 piglit_vertex;\nvoid main() { gl_Position = piglit_vertex; }\n";

/* Like piglit's shader_runner: every active uniform block of the program
 * gets a zero-filled buffer of its GL_UNIFORM_BLOCK_DATA_SIZE, block i at
 * binding point i; "uniform" commands naming block members write into it. */
static void make_ubos(pr_run *r)
{
    glc_api *g = r->gl.g;
    pr_gl *gl = &r->gl;
    r->num_ubos = 0;
    if (!gl->GetActiveUniformBlockiv || !gl->UniformBlockBinding || !gl->BindBufferBase)
        return;
    while (g->GetError())
        ;
    GLint n = 0;
    g->GetProgramiv(r->prog, GL_ACTIVE_UNIFORM_BLOCKS, &n);
    if (g->GetError() || n <= 0)
        return;
    for (GLint i = 0; i < n && i < PR_MAX_UBOS; i++) {
        GLint size = 0;
        gl->GetActiveUniformBlockiv(r->prog, (GLuint)i, GL_UNIFORM_BLOCK_DATA_SIZE, &size);
        void *zero = calloc(1, size > 0 ? (size_t)size : 16);
        g->GenBuffers(1, &r->ubo[i]);
        g->BindBuffer(GL_UNIFORM_BUFFER, r->ubo[i]);
        g->BufferData(GL_UNIFORM_BUFFER, size > 0 ? size : 16, zero, GL_STATIC_DRAW);
        free(zero);
        gl->UniformBlockBinding(r->prog, (GLuint)i, (GLuint)i);
        gl->BindBufferBase(GL_UNIFORM_BUFFER, (GLuint)i, r->ubo[i]);
        r->num_ubos = i + 1;
    }
    while (g->GetError())
        ;
}

/* A "uniform TYPE NAME values" of a block member: the values (n words, 4
 * bytes each: floats, ints, uints, bools as 0/1) stored at the member's
 * offset in its block's buffer; a matrix (cols x rows, values column by
 * column) at its matrix stride, transposed when the member is row-major.
 * "a[k]" is element k of array a (its array stride). */
static pr_result set_block_uniform(pr_run *r, const char *name, const uint32_t *words, int cols, int rows)
{
    glc_api *g = r->gl.g;
    pr_gl *gl = &r->gl;
    if (!gl->GetUniformIndices || !gl->GetActiveUniformsiv || !r->num_ubos)
        return verdict(r, PR_FAIL, "uniform %s has no location", name);
    char base[256];
    snprintf(base, sizeof base, "%s", name);
    int element = 0;
    const GLchar *nm = base;
    GLuint idx = GL_INVALID_INDEX;
    gl->GetUniformIndices(r->prog, 1, &nm, &idx);
    size_t len = strlen(base);
    if (idx == GL_INVALID_INDEX && len > 3 && base[len - 1] == ']') {
        char *open = strrchr(base, '[');
        if (open) {
            element = atoi(open + 1);
            snprintf(open, sizeof base - (size_t)(open - base), "[0]");
            gl->GetUniformIndices(r->prog, 1, &nm, &idx);
            if (idx == GL_INVALID_INDEX) {
                *open = '\0';
                gl->GetUniformIndices(r->prog, 1, &nm, &idx);
            }
        }
    }
    if (idx == GL_INVALID_INDEX)
        return verdict(r, PR_FAIL, "uniform %s has no location", name);
    GLint block = -1, offset = 0, astride = 0, mstride = 0, row_major = 0;
    gl->GetActiveUniformsiv(r->prog, 1, &idx, GL_UNIFORM_BLOCK_INDEX, &block);
    gl->GetActiveUniformsiv(r->prog, 1, &idx, GL_UNIFORM_OFFSET, &offset);
    gl->GetActiveUniformsiv(r->prog, 1, &idx, GL_UNIFORM_ARRAY_STRIDE, &astride);
    gl->GetActiveUniformsiv(r->prog, 1, &idx, GL_UNIFORM_MATRIX_STRIDE, &mstride);
    gl->GetActiveUniformsiv(r->prog, 1, &idx, GL_UNIFORM_IS_ROW_MAJOR, &row_major);
    if (block < 0 || block >= r->num_ubos || offset < 0)
        return verdict(r, PR_FAIL, "uniform %s has no location", name);
    g->BindBuffer(GL_UNIFORM_BUFFER, r->ubo[block]);
    GLintptr at = offset + (GLintptr)element * astride;
    for (int c = 0; c < cols; c++)
        for (int rr = 0; rr < rows; rr++) {
            GLintptr o = at + (cols > 1 ? (row_major ? rr * mstride + c * 4 : c * mstride + rr * 4) : rr * 4);
            g->BufferSubData(GL_UNIFORM_BUFFER, o, 4, &words[c * rows + rr]);
        }
    GLenum err = g->GetError();
    if (err)
        return verdict(r, PR_FAIL, "GL error 0x%x setting block uniform %s", err, name);
    return PR_PASS;
}

static pr_result build_program(pr_run *r, const pr_test *t, bool link_error_expected,
                               bool *linked)
{
    glc_api *g = r->gl.g;
    *linked = false;
    r->prog = g->CreateProgram();
    int n = t->num_shaders;
    for (int i = 0; i <= n; i++) {
        const char *src;
        GLenum stage;
        if (i == n) {
            if (!t->passthrough_vs)
                break;
            src = PASSTHROUGH_VS;
            stage = GL_VERTEX_SHADER;
        } else {
            src = t->shaders[i].src;
            stage = t->shaders[i].stage;
        }
        /* Like piglit, a shader without a #version directive gets the version the
         * test requires. */
        const char *p = src;
        while (*p && (isspace((unsigned char)*p) || (*p == '/' && p[1] == '/'))) {
            if (*p == '/')
                p += strcspn(p, "\n");
            else
                p++;
        }
        char header[32] = "";
        if (strncmp(p, "#version", 8) && r->glsl_version != 110)
            snprintf(header, sizeof header, "#version %d\n", r->glsl_version);
        const char *parts[2] = {header, src};
        GLuint s = g->CreateShader(stage);
        g->ShaderSource(s, 2, parts, NULL);
        g->CompileShader(s);
        GLint ok = 0;
        g->GetShaderiv(s, GL_COMPILE_STATUS, &ok);
        if (!ok) {
            if (link_error_expected)
                return PR_PASS; /* the failure the test expects came one step early */
            char log[200] = "";
            g->GetShaderInfoLog(s, sizeof log, NULL, log);
            for (char *c = log; *c; c++)
                if (*c == '\n')
                    *c = ' ';
            return verdict(r, PR_FAIL, "compile error: %s", log);
        }
        g->AttachShader(r->prog, s);
        g->DeleteShader(s);
    }
    g->BindAttribLocation(r->prog, 0, "piglit_vertex");
    g->BindAttribLocation(r->prog, 1, "piglit_texcoord");
    g->LinkProgram(r->prog);
    GLint ok = 0;
    g->GetProgramiv(r->prog, GL_LINK_STATUS, &ok);
    *linked = ok != 0;
    if (!ok && !link_error_expected) {
        char log[200] = "";
        g->GetProgramInfoLog(r->prog, sizeof log, NULL, log);
        for (char *c = log; *c; c++)
            if (*c == '\n')
                *c = ' ';
        return verdict(r, PR_FAIL, "link error: %s", log);
    }
    if (ok) {
        g->UseProgram(r->prog);
        make_ubos(r);
    }
    return PR_PASS;
}

/* [require]: GLSL/GL versions, extensions, limits, window size. */
static pr_result check_require(pr_run *r, char *req)
{
    glc_api *g = r->gl.g;
    const char *glsl = (const char *)g->GetString(GL_SHADING_LANGUAGE_VERSION);
    const char *ver = (const char *)g->GetString(GL_VERSION);
    const char *ext = (const char *)g->GetString(GL_EXTENSIONS);
    double have_glsl = glsl ? atof(glsl) : 0.0, have_gl = ver ? atof(ver) : 0.0;
    if ((const void *)g == g_lib_api && have_glsl < g_lib_glsl_floor)
        have_glsl = g_lib_glsl_floor;
    char *save = NULL;
    for (char *line = strtok_r(req, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *p = line;
        char *a = token(&p);
        if (!a)
            continue;
        char *op = token(&p), *val = token(&p);
        if (!strcmp(a, "GLSL") && op && !strcmp(op, "ES"))
            return verdict(r, PR_SKIP, "GLSL ES");
        if (!strcmp(a, "GL") && op && !strcmp(op, "ES"))
            return verdict(r, PR_SKIP, "GL ES");
        if (!strcmp(a, "GLSL") || !strcmp(a, "GL")) {
            double need = val ? atof(val) : 0.0;
            double have = a[2] == 'S' ? have_glsl : have_gl;
            if (!op || strcmp(op, ">=") || !val)
                return verdict(r, PR_SKIP, "requirement form '%s %s'", a, op ? op : "");
            if (have + 1e-6 < need)
                return verdict(r, PR_SKIP, "needs %s %s", a, val);
            if (a[2] == 'S')
                r->glsl_version = (int)(need * 100.0 + 0.5);
            continue;
        }
        if (!strcmp(a, "SIZE")) {
            if (!op || !val)
                return verdict(r, PR_SKIP, "bad SIZE");
            r->w = atoi(op);
            r->h = atoi(val);
            continue;
        }
        if (!strcmp(a, "rlimit") || !strcmp(a, "depthbuffer"))
            continue;
        if (!strncmp(a, "GL_MAX_", 7)) {
            static const struct {
                const char *name;
                GLenum e;
            } limits[] = {
                {"GL_MAX_VARYING_COMPONENTS", 0x8B4B},
                {"GL_MAX_VARYING_FLOATS", 0x8B4B},
                {"GL_MAX_FRAGMENT_UNIFORM_COMPONENTS", 0x8B49},
                {"GL_MAX_VERTEX_UNIFORM_COMPONENTS", 0x8B4A},
                {"GL_MAX_TEXTURE_IMAGE_UNITS", 0x8872},
                {"GL_MAX_VERTEX_ATTRIBS", 0x8869},
            };
            GLenum e = 0;
            for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++)
                if (!strcmp(a, limits[i].name))
                    e = limits[i].e;
            if (!e || !op || !val || strcmp(op, ">="))
                return verdict(r, PR_SKIP, "limit %s not known to the runner", a);
            GLint have = 0;
            g->GetIntegerv(e, &have);
            g->GetError();
            if (have < atoi(val))
                return verdict(r, PR_SKIP, "needs %s >= %s", a, val);
            continue;
        }
        if (!strncmp(a, "GL_", 3)) {
            size_t n = strlen(a);
            const char *e = ext;
            bool found = false;
            while (e && (e = strstr(e, a))) {
                if ((e == ext || e[-1] == ' ') && (e[n] == ' ' || e[n] == '\0')) {
                    found = true;
                    break;
                }
                e += n;
            }
            if (!found)
                return verdict(r, PR_SKIP, "needs %s", a);
            continue;
        }
        return verdict(r, PR_SKIP, "requirement '%s' not known to the runner", a);
    }
    return PR_PASS;
}

/* [vertex data]: a header of name/type/count columns, then rows. */
typedef struct pr_vdata {
    pr_attr attrs[PR_MAX_ATTRS];
    int num_attrs, stride_words, rows;
    uint32_t *data; /* rows x stride_words, each word a float or an int */
} pr_vdata;

static pr_result parse_vdata(pr_run *r, char *text, pr_vdata *vd)
{
    memset(vd, 0, sizeof *vd);
    char *save = NULL;
    bool header = true;
    size_t cap = 0;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *p = line, *tok;
        if (header) {
            while ((tok = token(&p))) {
                if (vd->num_attrs == PR_MAX_ATTRS)
                    return verdict(r, PR_SKIP, "too many vertex attributes");
                pr_attr *a = &vd->attrs[vd->num_attrs];
                char *s1 = strchr(tok, '/'), *s2 = s1 ? strchr(s1 + 1, '/') : NULL;
                if (!s1 || !s2)
                    return verdict(r, PR_SKIP, "vertex data column '%s'", tok);
                *s1 = *s2 = '\0';
                snprintf(a->name, sizeof a->name, "%s", tok);
                const char *ty = s1 + 1, *cnt = s2 + 1;
                a->type = !strcmp(ty, "float") ? GL_FLOAT
                          : !strcmp(ty, "int") ? GL_INT
                          : !strcmp(ty, "uint") ? GL_UNSIGNED_INT
                                                : 0;
                if (!a->type)
                    return verdict(r, PR_SKIP, "vertex data type '%s'", ty);
                const char *digits = cnt;
                while (*digits && !isdigit((unsigned char)*digits))
                    digits++;
                a->comps = atoi(digits);
                if (a->comps < 1 || a->comps > 4 || strchr(digits, '/'))
                    return verdict(r, PR_SKIP, "vertex data count '%s'", cnt);
                vd->stride_words += a->comps;
                vd->num_attrs++;
            }
            if (vd->num_attrs)
                header = false;
            continue;
        }
        int words = 0;
        uint32_t row[64];
        for (int i = 0; i < vd->num_attrs; i++)
            for (int c = 0; c < vd->attrs[i].comps; c++) {
                tok = token(&p);
                if (!tok) {
                    if (i == 0 && c == 0)
                        goto next_line; /* blank line */
                    return verdict(r, PR_SKIP, "short vertex data row");
                }
                if (vd->attrs[i].type == GL_FLOAT) {
                    float f;
                    if (!parse_float(tok, &f))
                        return verdict(r, PR_SKIP, "vertex data value '%s'", tok);
                    memcpy(&row[words++], &f, 4);
                } else {
                    row[words++] = (uint32_t)strtoll(tok, NULL, 0);
                }
            }
        if ((size_t)(vd->rows + 1) * (size_t)vd->stride_words > cap) {
            cap = cap ? cap * 2 : 1024;
            while (cap < (size_t)(vd->rows + 1) * (size_t)vd->stride_words)
                cap *= 2;
            uint32_t *d = realloc(vd->data, cap * 4);
            if (!d)
                return verdict(r, PR_SKIP, "out of memory");
            vd->data = d;
        }
        memcpy(vd->data + (size_t)vd->rows * (size_t)vd->stride_words, row, (size_t)words * 4);
        vd->rows++;
    next_line:;
    }
    return PR_PASS;
}

static pr_result bind_vdata(pr_run *r, const pr_vdata *vd)
{
    glc_api *g = r->gl.g;
    int offset = 0;
    for (int i = 0; i < vd->num_attrs; i++) {
        const pr_attr *a = &vd->attrs[i];
        GLint loc = !strcmp(a->name, "gl_Vertex") ? 0 : g->GetAttribLocation(r->prog, a->name);
        if (loc < 0) {
            if (!strncmp(a->name, "gl_", 3))
                return verdict(r, PR_SKIP, "fixed-function array %s", a->name);
            offset += a->comps; /* an attribute the linker removed */
            continue;
        }
        const void *ptr = vd->data + offset;
        GLsizei stride = vd->stride_words * 4;
        if (a->type == GL_FLOAT) {
            g->VertexAttribPointer((GLuint)loc, a->comps, GL_FLOAT, GL_FALSE, stride, ptr);
        } else {
            if (!r->gl.VertexAttribIPointer)
                return verdict(r, PR_SKIP, "no glVertexAttribIPointer");
            r->gl.VertexAttribIPointer((GLuint)loc, a->comps, a->type, stride, ptr);
        }
        g->EnableVertexAttribArray((GLuint)loc);
        offset += a->comps;
    }
    return PR_PASS;
}

static pr_result set_uniform(pr_run *r, char *p)
{
    glc_api *g = r->gl.g;
    char *type = token(&p), *name = token(&p);
    if (!type || !name)
        return verdict(r, PR_SKIP, "bad uniform command");
    GLint loc = g->GetUniformLocation(r->prog, name);
    int comps = 1;
    char kind = 'f';
    const char *base = type;
    if (!strncmp(type, "mat", 3) || !strncmp(type, "dmat", 4)) {
        if (type[0] == 'd')
            return verdict(r, PR_SKIP, "double uniforms");
        int c = type[3] - '0', rr = type[4] == 'x' ? type[5] - '0' : c;
        if (c < 2 || c > 4 || rr < 2 || rr > 4 || !r->gl.UniformM[c - 2][rr - 2])
            return verdict(r, PR_SKIP, "uniform type %s", type);
        float v[16];
        if (parse_floats(&p, v, c * rr) != c * rr)
            return verdict(r, PR_SKIP, "bad %s values", type);
        if (loc < 0) {
            uint32_t w[16];
            memcpy(w, v, sizeof w);
            return set_block_uniform(r, name, w, c, rr);
        }
        r->gl.UniformM[c - 2][rr - 2](loc, 1, GL_FALSE, v);
        return PR_PASS;
    }
    if (!strcmp(base, "float"))
        kind = 'f';
    else if (!strcmp(base, "int") || !strcmp(base, "bool"))
        kind = 'i';
    else if (!strcmp(base, "uint"))
        kind = 'u';
    else if (!strncmp(base, "vec", 3))
        kind = 'f', comps = base[3] - '0';
    else if (!strncmp(base, "ivec", 4) || !strncmp(base, "bvec", 4))
        kind = 'i', comps = base[4] - '0';
    else if (!strncmp(base, "uvec", 4))
        kind = 'u', comps = base[4] - '0';
    else
        return verdict(r, PR_SKIP, "uniform type %s", type);
    if (comps < 1 || comps > 4)
        return verdict(r, PR_SKIP, "uniform type %s", type);
    if (loc < 0) {
        uint32_t w[4];
        if (kind == 'f') {
            float v[4];
            if (parse_floats(&p, v, comps) != comps)
                return verdict(r, PR_SKIP, "bad %s values", type);
            memcpy(w, v, sizeof w);
        } else {
            int64_t v[4];
            if (parse_ints(&p, v, comps) != comps)
                return verdict(r, PR_SKIP, "bad %s values", type);
            for (int i = 0; i < comps; i++)
                w[i] = (uint32_t)v[i];
        }
        return set_block_uniform(r, name, w, 1, comps);
    }
    if (kind == 'f') {
        float v[4];
        if (parse_floats(&p, v, comps) != comps || !r->gl.Uniform[comps - 1])
            return verdict(r, PR_SKIP, "bad %s values", type);
        r->gl.Uniform[comps - 1](loc, 1, v);
    } else {
        int64_t v[4];
        if (parse_ints(&p, v, comps) != comps)
            return verdict(r, PR_SKIP, "bad %s values", type);
        if (kind == 'i') {
            GLint iv[4];
            for (int i = 0; i < comps; i++)
                iv[i] = (GLint)v[i];
            if (!r->gl.UniformI[comps - 1])
                return verdict(r, PR_SKIP, "no glUniform*iv");
            r->gl.UniformI[comps - 1](loc, 1, iv);
        } else {
            GLuint uv[4];
            for (int i = 0; i < comps; i++)
                uv[i] = (GLuint)v[i];
            if (!r->gl.UniformU[comps - 1])
                return verdict(r, PR_SKIP, "no glUniform*uiv");
            r->gl.UniformU[comps - 1](loc, 1, uv);
        }
    }
    GLenum err = g->GetError();
    if (err)
        return verdict(r, PR_FAIL, "GL error 0x%x setting uniform %s", err, name);
    return PR_PASS;
}

/* Draws the rectangle as a 4-vertex triangle strip: (x,y) (x+w,y) (x,y+h)
 * (x+w,y+h), which faces front (counter-clockwise). */
static void draw_rect(pr_run *r, const float *xywh, const float *tex)
{
    glc_api *g = r->gl.g;
    float x = xywh[0], y = xywh[1], w = xywh[2], h = xywh[3];
    float v[16] = {x, y, 0, 1, x + w, y, 0, 1, x, y + h, 0, 1, x + w, y + h, 0, 1};
    g->VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, v);
    g->EnableVertexAttribArray(0);
    float t[8];
    if (tex) {
        float s0 = tex[0], t0 = tex[1], s1 = tex[0] + tex[2], t1 = tex[1] + tex[3];
        float tv[8] = {s0, t0, s1, t0, s0, t1, s1, t1};
        memcpy(t, tv, sizeof t);
        g->VertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, t);
        g->EnableVertexAttribArray(1);
    }
    g->DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    g->DisableVertexAttribArray(0);
    if (tex)
        g->DisableVertexAttribArray(1);
}

static const struct {
    const char *name;
    GLenum e;
} prim_modes[] = {
    {"GL_POINTS", GL_POINTS},
    {"GL_LINES", GL_LINES},
    {"GL_LINE_STRIP", GL_LINE_STRIP},
    {"GL_LINE_LOOP", GL_LINE_LOOP},
    {"GL_TRIANGLES", GL_TRIANGLES},
    {"GL_TRIANGLE_STRIP", GL_TRIANGLE_STRIP},
    {"GL_TRIANGLE_FAN", GL_TRIANGLE_FAN},
    {"GL_LINES_ADJACENCY", 0x000A},
    {"GL_LINE_STRIP_ADJACENCY", 0x000B},
    {"GL_TRIANGLES_ADJACENCY", 0x000C},
    {"GL_TRIANGLE_STRIP_ADJACENCY", 0x000D},
};

static const struct {
    const char *name;
    GLenum e;
} caps[] = {
    {"GL_VERTEX_PROGRAM_TWO_SIDE", 0x8643}, {"GL_VERTEX_PROGRAM_POINT_SIZE", 0x8642},
    {"GL_PROGRAM_POINT_SIZE", 0x8642},      {"GL_BLEND", GL_BLEND},
    {"GL_DEPTH_TEST", GL_DEPTH_TEST},       {"GL_CULL_FACE", GL_CULL_FACE},
    {"GL_STENCIL_TEST", GL_STENCIL_TEST},   {"GL_SCISSOR_TEST", GL_SCISSOR_TEST},
};

static bool cap_of(const char *name, GLenum *e)
{
    int i;
    if (sscanf(name, "GL_CLIP_PLANE%d", &i) == 1 || sscanf(name, "GL_CLIP_DISTANCE%d", &i) == 1) {
        *e = 0x3000 + (GLenum)i;
        return i >= 0 && i < 8;
    }
    for (size_t k = 0; k < sizeof caps / sizeof caps[0]; k++)
        if (!strcmp(name, caps[k].name)) {
            *e = caps[k].e;
            return true;
        }
    return false;
}

/* Compares the pixels of a rectangle with an expected colour. */
static pr_result probe(pr_run *r, int x, int y, int w, int h, const float *want, int comps)
{
    glc_api *g = r->gl.g;
    g->Finish();
    if (x < 0 || y < 0 || w <= 0 || h <= 0 || x + w > r->w || y + h > r->h)
        return verdict(r, PR_FAIL, "probe (%d,%d %dx%d) outside the window", x, y, w, h);
    for (int j = y; j < y + h; j++)
        for (int i = x; i < x + w; i++) {
            const uint8_t *px = r->target.color + ((size_t)j * (size_t)r->w + (size_t)i) * 4;
            for (int c = 0; c < comps; c++) {
                float got = (float)px[c] / 255.0f;
                if (fabsf(got - want[c]) > r->tolerance[c])
                    return verdict(r, PR_FAIL,
                                   "probe at (%d,%d): got %.3f %.3f %.3f %.3f, want %.3f %.3f %.3f "
                                   "%.3f",
                                   i, j, px[0] / 255.0, px[1] / 255.0, px[2] / 255.0,
                                   px[3] / 255.0, want[0], want[1], want[2],
                                   comps > 3 ? want[3] : 0.0);
            }
        }
    return PR_PASS;
}

static pr_result run_probe(pr_run *r, char *p, bool relative)
{
    char *what = token(&p);
    if (!what)
        return verdict(r, PR_SKIP, "bad probe");
    bool rect = false, all = false;
    if (!strcmp(what, "rect")) {
        rect = true;
        what = token(&p);
    } else if (!strcmp(what, "all")) {
        all = true;
        what = token(&p);
    }
    if (!what || (strcmp(what, "rgb") && strcmp(what, "rgba")))
        return verdict(r, PR_SKIP, "probe kind '%s'", what ? what : "");
    int comps = what[3] ? 4 : 3;
    strip_punct(p);
    float v[8];
    int pos = all ? 0 : rect ? 4 : 2;
    if (parse_floats(&p, v, pos + comps) != pos + comps)
        return verdict(r, PR_SKIP, "bad probe values");
    int x = 0, y = 0, w = r->w, h = r->h;
    if (!all) {
        if (relative) {
            x = (int)(v[0] * (float)r->w);
            y = (int)(v[1] * (float)r->h);
            if (rect) {
                w = (int)(v[2] * (float)r->w);
                h = (int)(v[3] * (float)r->h);
            } else {
                w = h = 1;
                x = x >= r->w ? r->w - 1 : x;
                y = y >= r->h ? r->h - 1 : y;
            }
        } else {
            x = (int)v[0];
            y = (int)v[1];
            w = rect ? (int)v[2] : 1;
            h = rect ? (int)v[3] : 1;
        }
    }
    return probe(r, x, y, w, h, v + pos, comps);
}

static pr_result run_commands(pr_run *r, const pr_test *t, char *cmds, const pr_vdata *vd)
{
    glc_api *g = r->gl.g;
    char *save = NULL;
    for (char *line = strtok_r(cmds, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *p = line;
        char *cmd = token(&p);
        if (!cmd)
            continue;
        pr_result res = PR_PASS;
        if (!strcmp(cmd, "uniform")) {
            res = set_uniform(r, p);
        } else if (!strcmp(cmd, "draw")) {
            char *what = token(&p);
            if (what && !strcmp(what, "rect")) {
                bool ortho = word_next(&p, "ortho");
                bool tex = !ortho && word_next(&p, "tex");
                float v[8];
                int want = tex ? 8 : 4;
                if (parse_floats(&p, v, want) != want)
                    return verdict(r, PR_SKIP, "draw rect form");
                if (ortho) {
                    v[0] = v[0] * 2.0f / (float)r->w - 1.0f;
                    v[1] = v[1] * 2.0f / (float)r->h - 1.0f;
                    v[2] = v[2] * 2.0f / (float)r->w;
                    v[3] = v[3] * 2.0f / (float)r->h;
                }
                draw_rect(r, v, tex ? v + 4 : NULL);
            } else if (what && !strcmp(what, "arrays")) {
                char *mode = token(&p);
                int64_t fc[2];
                if (!mode || parse_ints(&p, fc, 2) != 2)
                    return verdict(r, PR_SKIP, "draw arrays form");
                GLenum m = 0xffff;
                for (size_t k = 0; k < sizeof prim_modes / sizeof prim_modes[0]; k++)
                    if (!strcmp(mode, prim_modes[k].name))
                        m = prim_modes[k].e;
                if (m == 0xffff)
                    return verdict(r, PR_SKIP, "draw mode %s", mode);
                if (!vd || !vd->rows)
                    return verdict(r, PR_SKIP, "draw arrays without vertex data");
                res = bind_vdata(r, vd);
                if (res == PR_PASS)
                    g->DrawArrays(m, (GLint)fc[0], (GLsizei)fc[1]);
            } else {
                return verdict(r, PR_SKIP, "draw %s", what ? what : "");
            }
        } else if (!strcmp(cmd, "probe")) {
            res = run_probe(r, p, false);
        } else if (!strcmp(cmd, "relative")) {
            char *pr = token(&p);
            if (!pr || strcmp(pr, "probe"))
                return verdict(r, PR_SKIP, "relative %s", pr ? pr : "");
            res = run_probe(r, p, true);
        } else if (!strcmp(cmd, "clear")) {
            char *what = token(&p);
            if (!what) {
                g->ClearColor(r->clear_color[0], r->clear_color[1], r->clear_color[2],
                              r->clear_color[3]);
                g->Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
            } else if (!strcmp(what, "color")) {
                if (parse_floats(&p, r->clear_color, 4) != 4)
                    return verdict(r, PR_SKIP, "clear color form");
            } else {
                return verdict(r, PR_SKIP, "clear %s", what);
            }
        } else if (!strcmp(cmd, "enable") || !strcmp(cmd, "disable")) {
            char *name = token(&p);
            GLenum e;
            if (!name || !cap_of(name, &e))
                return verdict(r, PR_SKIP, "%s %s", cmd, name ? name : "");
            if (cmd[0] == 'e')
                g->Enable(e);
            else
                g->Disable(e);
        } else if (!strcmp(cmd, "clip")) {
            char *pl = token(&p);
            int64_t i;
            float f[4];
            if (!pl || strcmp(pl, "plane") || parse_ints(&p, &i, 1) != 1 ||
                parse_floats(&p, f, 4) != 4 || !r->gl.ClipPlane)
                return verdict(r, PR_SKIP, "clip plane form");
            GLdouble d[4] = {f[0], f[1], f[2], f[3]};
            r->gl.ClipPlane(0x3000 + (GLenum)i, d);
        } else if (!strcmp(cmd, "shade")) {
            char *m = token(&p), *v = token(&p);
            if (!m || strcmp(m, "model") || !v || !r->gl.ShadeModel)
                return verdict(r, PR_SKIP, "shade model form");
            r->gl.ShadeModel(!strcmp(v, "flat") ? 0x1D00 : 0x1D01);
        } else if (!strcmp(cmd, "tolerance")) {
            if (parse_floats(&p, r->tolerance, 4) != 4)
                return verdict(r, PR_SKIP, "tolerance form");
        } else if (!strcmp(cmd, "link")) {
            continue; /* handled before the commands run */
        } else {
            return verdict(r, PR_SKIP, "command '%s' not supported by the runner", cmd);
        }
        if (res != PR_PASS)
            return res;
    }
    (void)t;
    return PR_PASS;
}

/* Which "link error"/"link success" the test expects, if any. */
static bool expects_link_error(const char *cmds)
{
    const char *s = cmds;
    while (s && (s = strstr(s, "link error"))) {
        if (s == cmds || s[-1] == '\n')
            return true;
        s++;
    }
    return false;
}

/* A test with a geometry shader needs glCreateShader(GL_GEOMETRY_SHADER), which
 * takes a GL 3.2 context: such a test gets a compatibility context of GL 3.2, or
 * of the higher version its [require] names, on whichever library runs it (both
 * the same way; a context already higher, --lib-glsl's, is kept). The caller is
 * the forked child of one test, so changing `g` lasts for that test only. Tests
 * without a geometry shader keep the context they always had. */
static void need_gs_context(glc_api *g, int version)
{
    if (version < 32)
        version = 32;
    if (g->context_version < version)
        g->context_version = version;
}

/* The GL version of a [require] "GL >= X.Y" line, as 10 * X + Y; 0 without one.
 * Reads `req` without changing it (check_require tokenises it later). */
static int required_gl_version(const char *req)
{
    for (const char *line = req; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        int major, minor;
        while (*line == ' ' || *line == '\t')
            line++;
        if (sscanf(line, "GL >= %d.%d", &major, &minor) == 2)
            return major * 10 + minor;
    }
    return 0;
}

/* A glslparsertest file (.vert / .geom / .frag): the whole file is one shader; its
 * "// [config]" block says whether it must compile (and, with check_link,
 * link) or fail. */
static pr_result run_parser_test(pr_run *r, glc_api *g, const char *path, char *text)
{
    size_t plen = strlen(path);
    GLenum stage = !strcmp(path + plen - 5, ".vert")   ? GL_VERTEX_SHADER
                   : !strcmp(path + plen - 5, ".geom") ? GL_GEOMETRY_SHADER
                                                       : GL_FRAGMENT_SHADER;
    char *cfg = strstr(text, "[config]");
    char *end = cfg ? strstr(cfg, "[end config]") : NULL;
    if (!cfg || !end)
        return verdict(r, PR_SKIP, "no [config] block");
    int expect = -1;
    bool check_link = false;
    double version = 1.10;
    bool es = false;
    char extensions[512] = "";
    for (char *line = cfg; line && line < end; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        /* "// key: value" or, in generated files, " * key: value" */
        char key[64], val[512];
        const char *q = line;
        while (*q == ' ' || *q == '\t' || *q == '/' || *q == '*')
            q++;
        if (sscanf(q, "%63[a-z_]: %511[^\n]", key, val) != 2)
            continue;
        if (!strcmp(key, "expect_result"))
            expect = !strncmp(val, "pass", 4) ? 1 : !strncmp(val, "fail", 4) ? 0 : -1;
        else if (!strcmp(key, "glsl_version")) {
            version = atof(val);
            es = strstr(val, "es") != NULL;
        }
        else if (!strcmp(key, "check_link"))
            check_link = !strncmp(val, "true", 4);
        else if (!strcmp(key, "require_extensions"))
            snprintf(extensions, sizeof extensions, "%s", val);
    }
    if (expect < 0)
        return verdict(r, PR_SKIP, "no expect_result");
    if (version < 1.10 - 1e-6 || es)
        return verdict(r, PR_SKIP, "GLSL ES");
    if (stage == GL_GEOMETRY_SHADER)
        need_gs_context(g, version >= 3.295 ? 33 : 32);
    if (!glc_target_create(&r->target, g, 16, 16))
        return verdict(r, PR_FAIL, "no context");
    char req[640];
    snprintf(req, sizeof req, "GLSL >= %.2f\n", version);
    char *p = extensions, *tok;
    while ((tok = token(&p))) {
        if (tok[0] == '!')
            return verdict(r, PR_SKIP, "needs %s absent", tok + 1);
        size_t n = strlen(req);
        snprintf(req + n, sizeof req - n, "%s\n", tok);
    }
    pr_result res = check_require(r, req);
    if (res != PR_PASS)
        return res;
    const char *src = text;
    GLuint sh = g->CreateShader(stage);
    g->ShaderSource(sh, 1, &src, NULL);
    g->CompileShader(sh);
    GLint ok = 0;
    g->GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    char log[200] = "";
    if (!ok)
        g->GetShaderInfoLog(sh, sizeof log, NULL, log);
    if (ok && check_link) {
        GLuint prog = g->CreateProgram();
        g->AttachShader(prog, sh);
        g->LinkProgram(prog);
        g->GetProgramiv(prog, GL_LINK_STATUS, &ok);
        if (!ok)
            g->GetProgramInfoLog(prog, sizeof log, NULL, log);
    }
    for (char *c = log; *c; c++)
        if (*c == '\n')
            *c = ' ';
    if ((ok != 0) == (expect == 1))
        return PR_PASS;
    return ok ? verdict(r, PR_FAIL, "accepted, but the test expects an error")
              : verdict(r, PR_FAIL, "rejected: %s", log);
}

static pr_result run_test(pr_run *r, glc_api *g, const char *path)
{
    char *text = read_file(path);
    if (!text)
        return verdict(r, PR_SKIP, "cannot read file");
    size_t plen = strlen(path);
    if (plen > 5 && (!strcmp(path + plen - 5, ".vert") || !strcmp(path + plen - 5, ".frag") ||
                     !strcmp(path + plen - 5, ".geom"))) {
        r->w = r->h = 16;
        load_gl(&r->gl, g);
        return run_parser_test(r, g, path, text);
    }
    pr_test t;
    if (!parse_test(&t, text))
        return verdict(r, PR_SKIP, "too many shaders");
    if (t.skip)
        return verdict(r, PR_SKIP, "%s", t.skip);
    if (!t.test)
        return verdict(r, PR_SKIP, "no [test] section");
    r->w = r->h = 250; /* piglit's default window */
    r->glsl_version = 110;
    for (int c = 0; c < 4; c++)
        r->tolerance[c] = 0.01f;
    load_gl(&r->gl, g);
    if (t.has_gs)
        need_gs_context(g, t.require ? required_gl_version(t.require) : 0);
    /* The requirements need a current context; create the default window first and
     * recreate it if SIZE asks for another. */
    if (!glc_target_create(&r->target, g, r->w, r->h))
        return verdict(r, PR_FAIL, "no context");
    if (t.require) {
        pr_result req = check_require(r, t.require);
        if (req != PR_PASS)
            return req;
        if (r->w != 250 || r->h != 250) {
            glc_target_destroy(&r->target);
            if (!glc_target_create(&r->target, g, r->w, r->h))
                return verdict(r, PR_FAIL, "no context");
        }
    }
    bool link_error = expects_link_error(t.test);
    bool linked;
    pr_result res = build_program(r, &t, link_error, &linked);
    if (res != PR_PASS || *r->reason)
        return res;
    if (link_error)
        return linked ? verdict(r, PR_FAIL, "linked, but the test expects a link error")
                      : PR_PASS;
    pr_vdata vd;
    memset(&vd, 0, sizeof vd);
    if (t.vdata) {
        res = parse_vdata(r, t.vdata, &vd);
        if (res != PR_PASS)
            return res;
    }
    g->Viewport(0, 0, r->w, r->h);
    res = run_commands(r, &t, t.test, &vd);
    if (res == PR_PASS) {
        GLenum err = g->GetError();
        if (err)
            res = verdict(r, PR_FAIL, "GL error 0x%x", err);
    }
    return res;
}

/* ---- processes ------------------------------------------------------------------------- */

typedef struct pr_job {
    pid_t pid;
    int fd;
    int test, lib;
} pr_job;

typedef struct pr_outcome {
    pr_result res;
    char reason[PR_REASON_MAX];
} pr_outcome;

static void child_main(glc_api *g, const char *path, int fd, unsigned timeout)
{
    alarm(timeout);
    pr_run r;
    memset(&r, 0, sizeof r);
    pr_result res = run_test(&r, g, path);
    if (write(fd, r.reason, strlen(r.reason)) < 0) {
        /* the parent reads the exit status either way */
    }
    close(fd);
    fflush(NULL);
    _exit(PR_EXIT_BASE + (int)res);
}

static char **paths;

/* Runs tests todo[0..n) on `g`, `jobs` children at a time; the outcome of
 * test t goes to out[t * 2 + slot]. */
static bool run_all(glc_api *g, const size_t *todo, size_t n, pr_outcome *out, int slot,
                    int sample, int jobs, unsigned timeout)
{
    pr_job *run = calloc((size_t)jobs, sizeof *run);
    if (!run)
        return false;
    size_t next = 0, done = 0;
    int active = 0;
    fflush(NULL);
    while (done < n) {
        while (active < jobs && next < n) {
            size_t t = todo[next++];
            int fds[2];
            if (pipe(fds) != 0)
                return false;
            pid_t pid = fork();
            if (pid < 0)
                return false;
            if (pid == 0) {
                close(fds[0]);
                child_main(g, paths[t * (size_t)sample], fds[1], timeout);
            }
            close(fds[1]);
            run[active++] = (pr_job){pid, fds[0], (int)t, slot};
        }
        int status;
        pid_t pid = wait(&status);
        if (pid < 0)
            return false;
        for (int k = 0; k < active; k++) {
            if (run[k].pid != pid)
                continue;
            pr_outcome *o = &out[(size_t)run[k].test * 2 + (size_t)slot];
            ssize_t got = read(run[k].fd, o->reason, sizeof o->reason - 1);
            o->reason[got > 0 ? got : 0] = '\0';
            close(run[k].fd);
            int code = WIFEXITED(status) ? WEXITSTATUS(status) - PR_EXIT_BASE : -1;
            if (code >= PR_PASS && code <= PR_SKIP)
                o->res = (pr_result)code;
            else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
                o->res = PR_TIMEOUT;
            else
                o->res = PR_CRASH;
            if (o->res == PR_CRASH && WIFSIGNALED(status))
                snprintf(o->reason, sizeof o->reason, "signal %d", WTERMSIG(status));
            else if (o->res == PR_CRASH)
                snprintf(o->reason, sizeof o->reason, "exit status %d", WEXITSTATUS(status));
            run[k] = run[--active];
            done++;
            break;
        }
    }
    free(run);
    return true;
}

static size_t num_paths, cap_paths;

static int collect(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)ftw;
    size_t n = strlen(path);
    bool shader_test = n > 12 && !strcmp(path + n - 12, ".shader_test");
    bool parser_test = n > 5 && (!strcmp(path + n - 5, ".vert") || !strcmp(path + n - 5, ".frag") ||
                                 !strcmp(path + n - 5, ".geom"));
    if (flag == FTW_F && (shader_test || parser_test)) {
        if (num_paths == cap_paths) {
            cap_paths = cap_paths ? cap_paths * 2 : 1024;
            char **p = realloc(paths, cap_paths * sizeof *paths);
            if (!p)
                return 1;
            paths = p;
        }
        paths[num_paths++] = strdup(path);
    }
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool listed_exact(char **list, size_t n, const char *rel)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(list[i], rel))
            return true;
    return false;
}

/* Entries are fnmatch patterns (a plain path matches itself). */
static bool listed(char **list, size_t n, const char *rel)
{
    for (size_t i = 0; i < n; i++)
        if (fnmatch(list[i], rel, FNM_PATHNAME) == 0)
            return true;
    return false;
}

/* The entries point into *text, which the caller frees after the list. */
static char **read_list(const char *path, size_t *n, char **text_out)
{
    *n = 0;
    *text_out = NULL;
    if (!path)
        return NULL;
    char *text = read_file(path);
    *text_out = text;
    if (!text) {
        fprintf(stderr, "piglit_runner: cannot read %s\n", path);
        exit(2);
    }
    char **list = NULL;
    size_t cap = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *p = line, *tok = token(&p);
        if (!tok)
            continue;
        if (*n == cap) {
            cap = cap ? cap * 2 : 64;
            list = realloc(list, cap * sizeof *list);
            if (!list)
                exit(2);
        }
        list[(*n)++] = tok;
    }
    return list;
}

int main(int argc, char **argv)
{
    const char *lib = NULL, *ref = NULL, *expected = NULL;
    int sample = 1, jobs = 2;
    bool verbose = false;
    unsigned timeout = 60;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (!strcmp(argv[i], "--lib") && i + 1 < argc)
            lib = argv[++i];
        else if (!strcmp(argv[i], "--ref") && i + 1 < argc)
            ref = argv[++i];
        else if (!strcmp(argv[i], "--expected") && i + 1 < argc)
            expected = argv[++i];
        else if (!strcmp(argv[i], "--sample") && i + 1 < argc)
            sample = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--jobs") && i + 1 < argc)
            jobs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--timeout") && i + 1 < argc)
            timeout = (unsigned)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--lib-glsl") && i + 1 < argc)
            g_lib_glsl_floor = atof(argv[++i]);
        else if (!strcmp(argv[i], "--verbose"))
            verbose = true;
        else
            break;
    }
    if (!lib || argc - i < 2 || sample < 1 || jobs < 1) {
        fprintf(stderr, "usage: piglit_runner --lib LIB [--ref REF] [--expected FILE] "
                        "[--sample N] [--jobs N] [--timeout S] [--lib-glsl X.YZ] [--verbose] PIGLIT_ROOT DIR...\n");
        return 2;
    }
    const char *root = argv[i++];
    size_t root_len = strlen(root);
    for (; i < argc; i++) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/%s", root, argv[i]);
        if (nftw(dir, collect, 16, FTW_PHYS) != 0) {
            fprintf(stderr, "piglit_runner: cannot search %s: %s\n", dir, strerror(errno));
            return 2;
        }
    }
    if (!num_paths) {
        fprintf(stderr, "piglit_runner: no .shader_test files found under %s\n", root);
        return 2;
    }
    qsort(paths, num_paths, sizeof *paths, cmp_str);

    glc_api libs[2];
    memset(libs, 0, sizeof libs);
    int nlibs = ref ? 2 : 1;
    g_lib_api = &libs[0];
    if (!glc_open(&libs[0], lib) || (ref && !glc_open(&libs[1], ref)))
        return 2;
    if (g_lib_glsl_floor >= 1.395)
        libs[0].context_version = g_lib_glsl_floor >= 3.295 ? 33 : g_lib_glsl_floor >= 1.495 ? 32 : 31;
    size_t nexp;
    char *exp_text;
    char **exp = read_list(expected, &nexp, &exp_text);

    size_t ntests = (num_paths + (size_t)sample - 1) / (size_t)sample;
    pr_outcome *out = calloc(ntests * 2, sizeof *out);
    size_t *todo = calloc(ntests, sizeof *todo);
    if (!out || !todo)
        return 2;
    /* Pass 1: every test on the library under test. Pass 2: the reference
     * runs only the tests that did not pass there (that is all the verdict
     * needs, and it halves the run). */
    for (size_t t = 0; t < ntests; t++)
        todo[t] = t;
    if (!run_all(&libs[0], todo, ntests, out, 0, sample, jobs, timeout))
        return 2;
    size_t nref = 0;
    for (size_t t = 0; t < ntests; t++) {
        out[t * 2 + 1].res = PR_SKIP;
        snprintf(out[t * 2 + 1].reason, PR_REASON_MAX, "not run: passed or skipped on %s", lib);
        if (ref && out[t * 2].res != PR_PASS && out[t * 2].res != PR_SKIP)
            todo[nref++] = t;
    }
    if (ref && !run_all(&libs[1], todo, nref, out, 1, sample, jobs, timeout))
        return 2;

    size_t count[2][5] = {{0}}, regress = 0, both_fail = 0, ref_only_fail = 0, exp_pass = 0;
    size_t listed_fail = 0;
    for (size_t t = 0; t < ntests; t++) {
        const char *path = paths[t * (size_t)sample];
        const char *rel = path + root_len + (path[root_len] == '/');
        pr_outcome *o = &out[t * 2];
        count[0][o[0].res]++;
        if (nlibs == 2 && o[0].res != PR_PASS && o[0].res != PR_SKIP)
            count[1][o[1].res]++;
        bool bad = o[0].res != PR_PASS && o[0].res != PR_SKIP;
        bool is_expected = listed(exp, nexp, rel);
        if (nlibs == 2) {
            bool ref_pass = o[1].res == PR_PASS;
            if (bad && ref_pass && !is_expected) {
                regress++;
                printf("REGRESSION %s: %s %s\n", rel, result_name[o[0].res], o[0].reason);
            } else if (bad && ref_pass) {
                listed_fail++;
                if (verbose)
                    printf("expected   %s: %s %s\n", rel, result_name[o[0].res], o[0].reason);
            } else if (bad) {
                both_fail++;
                if (verbose)
                    printf("both fail  %s: %s %s | ref: %s %s\n", rel, result_name[o[0].res],
                           o[0].reason, result_name[o[1].res], o[1].reason);
            } else if (o[0].res == PR_PASS && o[1].res != PR_PASS && o[1].res != PR_SKIP) {
                ref_only_fail++;
                if (verbose)
                    printf("ref fails  %s: %s %s\n", rel, result_name[o[1].res], o[1].reason);
            }
            if (is_expected && o[0].res == PR_PASS && !strpbrk(rel, "*?[") &&
                listed_exact(exp, nexp, rel)) {
                exp_pass++;
                printf("note: %s is listed as expected to fail but passes\n", rel);
            }
        } else if (bad || verbose) {
            printf("%-7s %s %s\n", result_name[o[0].res], rel, o[0].reason);
        }
    }
    for (int l = 0; l < nlibs; l++) {
        size_t of = l ? nref : ntests;
        size_t ran = of - count[l][PR_SKIP];
        if (l)
            printf("reference, on the %zu tests that did not pass above:\n", nref);
        printf("%s: %zu tests: pass %zu, fail %zu, crash %zu, timeout %zu, skip %zu (%.1f%% of "
               "those run pass)\n",
               l ? ref : lib, of, count[l][PR_PASS], count[l][PR_FAIL], count[l][PR_CRASH],
               count[l][PR_TIMEOUT], count[l][PR_SKIP],
               ran ? 100.0 * (double)count[l][PR_PASS] / (double)ran : 0.0);
    }
    if (nlibs == 2)
        printf("against the reference: %zu regressions, %zu listed failures, %zu fail on both, "
               "%zu fail only on the reference, %zu listed but passing\n",
               regress, listed_fail, both_fail, ref_only_fail, exp_pass);
    bool ok = nlibs == 2 ? regress == 0 : count[0][PR_CRASH] + count[0][PR_TIMEOUT] == 0;
    for (int l = 0; l < nlibs; l++)
        glc_close(&libs[l]);
    free(out);
    free(todo);
    free(exp);
    free(exp_text);
    for (size_t k = 0; k < num_paths; k++)
        free(paths[k]);
    free(paths);
    return ok ? 0 : 1;
}
