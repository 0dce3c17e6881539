/*
 * test_gl_compare_ubo.c: uniform blocks (GL 3.1 section 2.11.4, GLSL
 * 1.40-3.30) of swr's libOSMesa.so.8 against Mesa's llvmpipe libOSMesa.so.8
 * (the oracle) in one run, in an OpenGL 3.3 core context from
 * OSMesaCreateContextAttribs.
 *
 * Each scene draws a 64x64 quad whose shaders read std140 blocks filled with
 * glBufferData / glBufferSubData and bound with glBindBufferBase or
 * glBindBufferRange: vec3 + float packing, vec2 pairs, float arrays (16-byte
 * stride), mat4 and mat3 (column- and row-major) in the vertex stage, two
 * blocks on separate binding points (glUniformBlockBinding), block arrays,
 * dynamic indexing of arrays inside a block (floats, row-major matrices,
 * bool vectors). Both libraries' images must agree within one step per channel (the
 * values are chosen so that no result sits on a rounding edge).
 *
 * Independently of llvmpipe, the reflection of one block is checked against
 * offsets worked out by hand from the std140 rules (see expect_offsets), and
 * swr alone is checked on what the spec leaves to the implementation but swr
 * promises (a buffer range shorter than the block reads zeros). The errors
 * the spec names (binding index out of range, misaligned offset, bad block
 * index) and the indexed binding queries of uniform and transform feedback
 * buffers are recorded on both libraries and must be equal.
 *
 *   test_gl_compare_ubo <swr libOSMesa> [<reference libOSMesa>]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

#define UBO_FUNCS(X)                                                                               \
    X(BindBufferBase, BINDBUFFERBASE) X(BindBufferRange, BINDBUFFERRANGE)                          \
    X(GetUniformBlockIndex, GETUNIFORMBLOCKINDEX) X(UniformBlockBinding, UNIFORMBLOCKBINDING)      \
    X(GetActiveUniformBlockiv, GETACTIVEUNIFORMBLOCKIV)                                            \
    X(GetActiveUniformBlockName, GETACTIVEUNIFORMBLOCKNAME)                                        \
    X(GetUniformIndices, GETUNIFORMINDICES) X(GetActiveUniformsiv, GETACTIVEUNIFORMSIV)            \
    X(GetActiveUniformName, GETACTIVEUNIFORMNAME) X(GetIntegeri_v, GETINTEGERI_V)                  \
    X(GetInteger64i_v, GETINTEGER64I_V)

GLC_TABLE(ubo_api, ubo_open, UBO_FUNCS)

enum { W = 64, H = 64 };

typedef struct lib {
    glc_api g;
    ubo_api u;
    glc_target t;
    GLuint vao, vbo;
} lib;

static int failures;

static bool lib_open(lib *l, const char *path)
{
    memset(l, 0, sizeof *l);
    if (!glc_open(&l->g, path) || !ubo_open(&l->u, &l->g))
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

/* ---- scenes ------------------------------------------------------------------------------- */

static const char VS_PLAIN[] = "#version 140\n"
                               "in vec2 pos;\n"
                               "out vec2 uv;\n"
                               "void main() { uv = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* A buffer with the given bytes bound to binding point `binding`. */
static GLuint make_ubo(lib *l, const void *data, size_t bytes)
{
    GLuint b;
    l->g.GenBuffers(1, &b);
    l->g.BindBuffer(GL_UNIFORM_BUFFER, b);
    l->g.BufferData(GL_UNIFORM_BUFFER, (GLsizeiptr)bytes, data, GL_DYNAMIC_DRAW);
    return b;
}

typedef struct scene {
    const char *name;
    const char *vs, *fs;
    /* sets up buffers and bindings for program p (after glUseProgram) */
    void (*setup)(lib *l, GLuint p, GLuint *bufs);
} scene;

/* 1. std140 packing: vec3 then a float in its w, two vec2 in one vec4, a
 * float array at a 16-byte stride, an int and a bool. */
static const char FS_PACK[] =
    "#version 140\n"
    "in vec2 uv;\n"
    "out vec4 color;\n"
    "layout(std140) uniform Pack {\n"
    "  vec3 a;   /* 0 */\n"
    "  float b;  /* 12 */\n"
    "  vec2 c;   /* 16 */\n"
    "  vec2 d;   /* 24 */\n"
    "  float e[3]; /* 32, 48, 64 */\n"
    "  int k;    /* 80 */\n"
    "  bool f;   /* 84 */\n"
    "};\n"
    "void main() {\n"
    "  vec4 r = vec4(a, b);\n"
    "  if (uv.x > 0.5) r = vec4(c, d);\n"
    "  if (uv.y > 0.5) r = vec4(e[0], e[1], e[2], float(k) / 8.0);\n"
    "  if (uv.x > 0.75 && uv.y > 0.75) r = f ? vec4(0.2, 0.9, 0.3, 1.0) : vec4(1.0, 0.0, 1.0, 1.0);\n"
    "  color = r;\n"
    "}\n";
static void setup_pack(lib *l, GLuint p, GLuint *bufs)
{
    float d[24] = {0};
    d[0] = 0.1f, d[1] = 0.2f, d[2] = 0.3f, d[3] = 0.4f;
    d[4] = 0.5f, d[5] = 0.6f, d[6] = 0.7f, d[7] = 0.8f;
    d[8] = 0.15f, d[12] = 0.35f, d[16] = 0.55f;
    int k = 3, f = 1;
    memcpy(&d[20], &k, 4);
    memcpy(&d[21], &f, 4);
    bufs[0] = make_ubo(l, d, sizeof d);
    l->u.UniformBlockBinding(p, l->u.GetUniformBlockIndex(p, "Pack"), 2);
    l->u.BindBufferBase(GL_UNIFORM_BUFFER, 2, bufs[0]);
}

/* 2. matrices in the vertex stage: a column-major mat4 and a row-major mat4
 * (named instance, block-level row_major) and a row-major mat3 member. */
static const char VS_MAT[] =
    "#version 150\n"
    "in vec2 pos;\n"
    "out vec4 col;\n"
    "uniform Xf { mat4 m; layout(row_major) mat3 n; vec4 tint; } xf;\n"
    "layout(row_major) uniform Rm { mat4 r; };\n"
    "void main() {\n"
    "  vec4 p = xf.m * vec4(pos, 0.0, 1.0);\n"
    "  gl_Position = r * p;\n"
    "  col = vec4(xf.n * vec3(pos * 0.5 + 0.5, 1.0), 1.0) * xf.tint;\n"
    "}\n";
static const char FS_COL[] = "#version 150\n"
                             "in vec4 col;\n"
                             "out vec4 color;\n"
                             "void main() { color = col; }\n";
static void setup_mat(lib *l, GLuint p, GLuint *bufs)
{
    /* Xf: m at 0 (64 bytes), n at 64 (row-major mat3: 3 rows of vec4), tint at 112 */
    float x[32] = {0};
    const float m[16] = {0.8f, 0.1f, 0, 0, -0.1f, 0.7f, 0, 0, 0, 0, 1, 0, 0.05f, -0.1f, 0, 1};
    memcpy(x, m, sizeof m);
    const float n[3][3] = {{0.5f, 0.1f, 0.2f}, {0.0f, 0.6f, 0.1f}, {0.3f, 0.2f, 0.1f}}; /* rows */
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            x[16 + 4 * r + c] = n[r][c];
    x[28] = 1.0f, x[29] = 0.9f, x[30] = 0.8f, x[31] = 1.0f;
    /* Rm: a row-major rotation-ish matrix with a translation in its last column */
    const float r[16] = {0.9f, -0.2f, 0, 0.05f, 0.2f, 0.9f, 0, -0.05f, 0, 0, 1, 0, 0, 0, 0, 1};
    bufs[0] = make_ubo(l, x, sizeof x);
    bufs[1] = make_ubo(l, r, sizeof r);
    l->u.UniformBlockBinding(p, l->u.GetUniformBlockIndex(p, "Xf"), 0);
    l->u.UniformBlockBinding(p, l->u.GetUniformBlockIndex(p, "Rm"), 5);
    l->u.BindBufferBase(GL_UNIFORM_BUFFER, 0, bufs[0]);
    l->u.BindBufferBase(GL_UNIFORM_BUFFER, 5, bufs[1]);
}

/* 3. two blocks read from one buffer through glBindBufferRange at aligned
 * offsets, and a default-block uniform beside them. */
static const char FS_TWO[] = "#version 150\n"
                             "in vec2 uv;\n"
                             "out vec4 color;\n"
                             "uniform float scale;\n"
                             "uniform A { vec4 ca; vec4 cb; };\n"
                             "uniform B { vec4 cc; float w; } bb;\n"
                             "void main() {\n"
                             "  color = mix(ca, cb, uv.x) * scale + bb.cc * bb.w * uv.y;\n"
                             "}\n";
static void setup_two(lib *l, GLuint p, GLuint *bufs)
{
    /* A at byte 256, B at byte 384 (written afterwards with glBufferSubData) */
    float d[128] = {0};
    const float a[8] = {0.2f, 0.1f, 0.6f, 1.0f, 0.7f, 0.5f, 0.1f, 1.0f};
    memcpy(&d[64], a, sizeof a);
    const float b[5] = {0.1f, 0.3f, 0.2f, 0.0f, 0.5f};
    bufs[0] = make_ubo(l, d, sizeof d);
    l->g.BufferSubData(GL_UNIFORM_BUFFER, 384, sizeof b, b);
    l->u.UniformBlockBinding(p, l->u.GetUniformBlockIndex(p, "A"), 1);
    l->u.UniformBlockBinding(p, l->u.GetUniformBlockIndex(p, "B"), 3);
    l->u.BindBufferRange(GL_UNIFORM_BUFFER, 1, bufs[0], 256, 32);
    l->u.BindBufferRange(GL_UNIFORM_BUFFER, 3, bufs[0], 384, 32);
    l->g.Uniform1f(l->g.GetUniformLocation(p, "scale"), 0.75f);
}

/* 4. block arrays (each element its own binding) and an array of structs
 * indexed with a value computed in the shader. */
static const char FS_ARR[] =
    "#version 150\n"
    "in vec2 uv;\n"
    "out vec4 color;\n"
    "struct L { vec3 c; float k; };\n"
    "uniform Lights { L l[4]; int count; } lights[2];\n"
    "void main() {\n"
    "  int i = int(uv.x * 3.99);\n"
    "  vec4 r = vec4(lights[0].l[i].c * lights[0].l[i].k, 1.0);\n"
    "  if (uv.y > 0.5) r = vec4(lights[1].l[i].c, float(lights[1].count) * 0.1);\n"
    "  color = r;\n"
    "}\n";
static void setup_arr(lib *l, GLuint p, GLuint *bufs)
{
    float d[2][20];
    for (int b = 0; b < 2; b++) {
        for (int i = 0; i < 4; i++) {
            d[b][4 * i + 0] = 0.1f + 0.2f * i;
            d[b][4 * i + 1] = 0.7f - 0.15f * i + 0.1f * b;
            d[b][4 * i + 2] = 0.3f + 0.05f * i;
            d[b][4 * i + 3] = 0.5f + 0.1f * i;
        }
        int c = 3 + 4 * b;
        memcpy(&d[b][16], &c, 4);
        d[b][17] = d[b][18] = d[b][19] = 0;
    }
    bufs[0] = make_ubo(l, d[0], sizeof d[0]);
    bufs[1] = make_ubo(l, d[1], sizeof d[1]);
    l->u.UniformBlockBinding(p, l->u.GetUniformBlockIndex(p, "Lights[0]"), 7);
    l->u.UniformBlockBinding(p, l->u.GetUniformBlockIndex(p, "Lights[1]"), 8);
    l->u.BindBufferBase(GL_UNIFORM_BUFFER, 7, bufs[0]);
    l->u.BindBufferBase(GL_UNIFORM_BUFFER, 8, bufs[1]);
}

/* 5. one block read by both stages, a vec4 array indexed dynamically in the
 * vertex stage, and a later glBufferSubData between two draws. */
static const char VS_SHARED[] = "#version 330\n"
                                "layout(location = 0) in vec2 pos;\n"
                                "out vec4 col;\n"
                                "layout(std140) uniform S { vec4 pal[4]; vec2 off; };\n"
                                "void main() {\n"
                                "  int i = (pos.x > 0.0 ? 1 : 0) + (pos.y > 0.0 ? 2 : 0);\n"
                                "  col = pal[i];\n"
                                "  gl_Position = vec4(pos * 0.5 + off, 0.0, 1.0);\n"
                                "}\n";
static const char FS_SHARED[] = "#version 330\n"
                                "in vec4 col;\n"
                                "out vec4 color;\n"
                                "layout(std140) uniform S { vec4 pal[4]; vec2 off; };\n"
                                "void main() { color = col + vec4(off, 0.0, 0.0); }\n";
static void setup_shared(lib *l, GLuint p, GLuint *bufs)
{
    float d[20] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 0, 1, -0.25f, 0.125f, 0, 0};
    bufs[0] = make_ubo(l, d, sizeof d);
    l->u.UniformBlockBinding(p, l->u.GetUniformBlockIndex(p, "S"), 4);
    l->u.BindBufferBase(GL_UNIFORM_BUFFER, 4, bufs[0]);
    l->g.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    const float off[2] = {0.375f, -0.25f};
    l->g.BufferSubData(GL_UNIFORM_BUFFER, 64, sizeof off, off);
}

/* 6. dynamic indices into a float array, an array of row-major matrices and
 * a bvec3 array (bools as any nonzero word) of one block. Offsets: rm[3] at
 * 0 (stride 32: two rows of vec2 at 16), flags[4] at 96 (stride 16), vals[40]
 * at 160 (stride 16); 800 bytes. */
static const char FS_DYN[] =
    "#version 150\n"
    "in vec2 uv;\n"
    "out vec4 color;\n"
    "layout(std140, row_major) uniform Big { mat2 rm[3]; bvec3 flags[4]; float vals[40]; };\n"
    "void main() {\n"
    "  int i = int(uv.x * 39.99);\n"
    "  int j = int(uv.y * 2.99);\n"
    "  int k = int(uv.x * 3.99);\n"
    "  vec2 m = rm[j] * uv;\n"
    "  color = vec4(vals[i], m, flags[k].y ? 1.0 : (flags[k].z ? 0.5 : 0.25));\n"
    "}\n";
static void setup_dyn(lib *l, GLuint p, GLuint *bufs)
{
    float d[200] = {0};
    for (int j = 0; j < 3; j++) {
        d[8 * j + 0] = 0.3f + 0.1f * j; /* row 0 */
        d[8 * j + 1] = 0.2f;
        d[8 * j + 4] = -0.1f * j; /* row 1 */
        d[8 * j + 5] = 0.6f;
    }
    const int flags[4][3] = {{0, 2, 0}, {0, 0, -1}, {1, 0, 0}, {0, 1, 1}};
    for (int k = 0; k < 4; k++)
        memcpy(&d[24 + 4 * k], flags[k], sizeof flags[k]);
    for (int i = 0; i < 40; i++)
        d[40 + 4 * i] = (float)i / 40.0f + 0.01f;
    bufs[0] = make_ubo(l, d, sizeof d);
    l->u.UniformBlockBinding(p, l->u.GetUniformBlockIndex(p, "Big"), 6);
    l->u.BindBufferBase(GL_UNIFORM_BUFFER, 6, bufs[0]);
}

static const scene scenes[] = {
    {"std140 packing", VS_PLAIN, FS_PACK, setup_pack},
    {"matrices (column / row major)", VS_MAT, FS_COL, setup_mat},
    {"two blocks, buffer ranges", VS_PLAIN, FS_TWO, setup_two},
    {"block arrays, struct arrays", VS_PLAIN, FS_ARR, setup_arr},
    {"block in both stages, dynamic index, BufferSubData", VS_SHARED, FS_SHARED, setup_shared},
    {"dynamic indices: floats, row-major mat2, bvec3", VS_PLAIN, FS_DYN, setup_dyn},
};
enum { NSCENES = sizeof scenes / sizeof scenes[0] };

/* Renders scene s; false when its program does not link. */
static bool render(lib *l, const scene *s)
{
    glc_target_bind(&l->t);
    glc_api *g = &l->g;
    g->BindVertexArray(l->vao);
    g->Viewport(0, 0, W, H);
    g->ClearColor(0.0f, 0.0f, 0.0f, 0.0f);
    g->Clear(GL_COLOR_BUFFER_BIT);
    /* "pos" at location 0 in every vertex shader */
    GLuint v = g->CreateShader(GL_VERTEX_SHADER), f = g->CreateShader(GL_FRAGMENT_SHADER);
    g->ShaderSource(v, 1, &s->vs, NULL);
    g->ShaderSource(f, 1, &s->fs, NULL);
    g->CompileShader(v);
    g->CompileShader(f);
    GLuint p = g->CreateProgram();
    g->AttachShader(p, v);
    g->AttachShader(p, f);
    g->BindAttribLocation(p, 0, "pos");
    g->LinkProgram(p);
    GLint ok = 0;
    g->GetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[4096] = "", vlog[4096] = "", flog[4096] = "";
        g->GetProgramInfoLog(p, sizeof log, NULL, log);
        g->GetShaderInfoLog(v, sizeof vlog, NULL, vlog);
        g->GetShaderInfoLog(f, sizeof flog, NULL, flog);
        fprintf(stderr, "%s: %s: link failed:\n%s\n%s\n%s\n", l->g.path, s->name, log, vlog, flog);
        return false;
    }
    g->UseProgram(p);
    GLuint bufs[4] = {0};
    s->setup(l, p, bufs);
    g->DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    g->Finish();
    GLenum err = g->GetError();
    if (err) {
        fprintf(stderr, "%s: %s: GL error 0x%x\n", l->g.path, s->name, err);
        failures++;
    }
    g->UseProgram(0);
    g->DeleteProgram(p);
    g->DeleteShader(v);
    g->DeleteShader(f);
    g->DeleteBuffers(4, bufs);
    return true;
}

/* ---- reflection against std140 by hand ------------------------------------------------------ */

/* GL 3.1 section 2.11.4 rules applied by hand to
 *   layout(std140) uniform R {
 *     float a;        // rule 1: offset 0
 *     vec2 b;         // rule 2: aligned to 8 -> 8
 *     vec3 c;         // rule 3: aligned to 16 -> 16
 *     float d;        // right after c: 28
 *     float e[2];     // rule 4: stride 16, aligned to 16 -> 32 (ends at 64)
 *     mat3 f;         // rule 5: columns vec3 at stride 16 -> 64 (ends at 112)
 *     layout(row_major) mat2x3 g; // rule 7: 3 rows of vec2, stride 16 -> 112 (ends at 160)
 *     struct S { vec2 p; float q; } s; // rule 9: aligned 16 -> 160, p 160, q 168 (size 16)
 *     vec4 h[2];      // 176, stride 16 (ends at 208)
 *     int i;          // 208
 *   };                // data size: 212 rounded up to 16 = 224
 */
static const char VS_REFL[] = "#version 140\n"
                              "in vec2 pos;\n"
                              "struct S { vec2 p; float q; };\n"
                              "layout(std140) uniform R {\n"
                              "  float a; vec2 b; vec3 c; float d; float e[2]; mat3 f;\n"
                              "  layout(row_major) mat2x3 g; S s; vec4 h[2]; int i;\n"
                              "};\n"
                              "void main() {\n"
                              "  gl_Position = vec4(pos, a + b.x + c.x + d + e[1] + f[0].x + g[1].y + s.p.x"
                              " + s.q + h[1].x + float(i), 1.0);\n"
                              "}\n";
static const char FS_REFL[] = "#version 140\n"
                              "out vec4 color;\n"
                              "void main() { color = vec4(1.0); }\n";

static void check_reflection(lib *l, long long *rec, int *nrec)
{
    glc_api *g = &l->g;
    glc_target_bind(&l->t);
    GLuint p = glc_program(g, VS_REFL, FS_REFL);
    if (!p) {
        failures++;
        return;
    }
    static const struct {
        const char *name;
        GLint offset, array_stride, matrix_stride, row_major, size;
        GLenum type;
    } want[] = {
        {"a", 0, 0, 0, 0, 1, GL_FLOAT},
        {"b", 8, 0, 0, 0, 1, GL_FLOAT_VEC2},
        {"c", 16, 0, 0, 0, 1, GL_FLOAT_VEC3},
        {"d", 28, 0, 0, 0, 1, GL_FLOAT},
        {"e[0]", 32, 16, 0, 0, 2, GL_FLOAT},
        {"f", 64, 0, 16, 0, 1, GL_FLOAT_MAT3},
        {"g", 112, 0, 16, 1, 1, GL_FLOAT_MAT2x3},
        {"s.p", 160, 0, 0, 0, 1, GL_FLOAT_VEC2},
        {"s.q", 168, 0, 0, 0, 1, GL_FLOAT},
        {"h[0]", 176, 16, 0, 0, 2, GL_FLOAT_VEC4},
        {"i", 208, 0, 0, 0, 1, GL_INT},
    };
    enum { N = sizeof want / sizeof want[0] };
    GLuint bi = l->u.GetUniformBlockIndex(p, "R");
    GLint size = -1, nact = -1;
    l->u.GetActiveUniformBlockiv(p, bi, GL_UNIFORM_BLOCK_DATA_SIZE, &size);
    l->u.GetActiveUniformBlockiv(p, bi, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS, &nact);
    if (bi == GL_INVALID_INDEX || size != 224 || nact != N) {
        fprintf(stderr, "%s: block R: index %u, data size %d (want 224), %d active (want %d)\n",
                g->path, bi, size, nact, (int)N);
        failures++;
    }
    rec[(*nrec)++] = size;
    rec[(*nrec)++] = nact;
    char bname[32] = "";
    GLsizei blen = -1;
    l->u.GetActiveUniformBlockName(p, bi, sizeof bname, &blen, bname);
    if (strcmp(bname, "R") || blen != 1) {
        fprintf(stderr, "%s: block name '%s' (%d)\n", g->path, bname, blen);
        failures++;
    }
    for (int k = 0; k < N; k++) {
        const char *nm = want[k].name;
        GLuint idx = GL_INVALID_INDEX;
        l->u.GetUniformIndices(p, 1, &nm, &idx);
        if (idx == GL_INVALID_INDEX) {
            fprintf(stderr, "%s: no uniform '%s'\n", g->path, nm);
            failures++;
            continue;
        }
        GLint v[7];
        static const GLenum pn[7] = {GL_UNIFORM_OFFSET,      GL_UNIFORM_ARRAY_STRIDE,
                                     GL_UNIFORM_MATRIX_STRIDE, GL_UNIFORM_IS_ROW_MAJOR,
                                     GL_UNIFORM_SIZE,        GL_UNIFORM_TYPE,
                                     GL_UNIFORM_BLOCK_INDEX};
        for (int q = 0; q < 7; q++) {
            v[q] = -7;
            l->u.GetActiveUniformsiv(p, 1, &idx, pn[q], &v[q]);
            rec[(*nrec)++] = v[q];
        }
        if (v[0] != want[k].offset || v[1] != want[k].array_stride || v[2] != want[k].matrix_stride ||
            v[3] != want[k].row_major || v[4] != want[k].size || (GLenum)v[5] != want[k].type ||
            (GLuint)v[6] != bi) {
            fprintf(stderr,
                    "%s: '%s': offset %d stride %d mstride %d row_major %d size %d type 0x%x block %d;"
                    " want %d %d %d %d %d 0x%x %u\n",
                    g->path, nm, v[0], v[1], v[2], v[3], v[4], v[5], v[6], want[k].offset,
                    want[k].array_stride, want[k].matrix_stride, want[k].row_major, want[k].size,
                    want[k].type, bi);
            failures++;
        }
        char name[64] = "";
        l->u.GetActiveUniformName(p, idx, sizeof name, NULL, name);
        if (strcmp(name, nm)) {
            fprintf(stderr, "%s: uniform %u is '%s', want '%s'\n", g->path, idx, name, nm);
            failures++;
        }
    }
    /* members of a block have no location */
    if (g->GetUniformLocation(p, "a") != -1) {
        fprintf(stderr, "%s: block member 'a' has a location\n", g->path);
        failures++;
    }
    /* errors the spec names */
    while (g->GetError())
        ;
    GLint x;
    l->u.GetActiveUniformBlockiv(p, 7, GL_UNIFORM_BLOCK_DATA_SIZE, &x);
    rec[(*nrec)++] = g->GetError(); /* INVALID_VALUE */
    l->u.UniformBlockBinding(p, 7, 0);
    rec[(*nrec)++] = g->GetError(); /* INVALID_VALUE */
    GLint maxb = 0;
    g->GetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &maxb);
    l->u.UniformBlockBinding(p, bi, (GLuint)maxb);
    rec[(*nrec)++] = g->GetError(); /* INVALID_VALUE */
    GLuint b;
    g->GenBuffers(1, &b);
    g->BindBuffer(GL_UNIFORM_BUFFER, b);
    g->BufferData(GL_UNIFORM_BUFFER, 1024, NULL, GL_STATIC_DRAW);
    l->u.BindBufferBase(GL_UNIFORM_BUFFER, (GLuint)maxb, b);
    rec[(*nrec)++] = g->GetError(); /* INVALID_VALUE */
    GLint align = 0;
    g->GetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
    if (align > 1) {
        l->u.BindBufferRange(GL_UNIFORM_BUFFER, 1, b, align / 2, 64);
        if (g->GetError() != GL_INVALID_VALUE) {
            fprintf(stderr, "%s: misaligned range offset accepted\n", g->path);
            failures++;
        }
    }
    l->u.BindBufferRange(GL_UNIFORM_BUFFER, 1, b, 0, 0);
    rec[(*nrec)++] = g->GetError(); /* INVALID_VALUE */
    l->u.BindBufferRange(GL_UNIFORM_BUFFER, 1, b, (GLintptr)align * 2, 96);
    rec[(*nrec)++] = g->GetError();
    GLint iv = -1;
    GLint64 i64 = -1;
    l->u.GetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 1, &iv);
    rec[(*nrec)++] = iv == (GLint)b;
    l->u.GetInteger64i_v(GL_UNIFORM_BUFFER_START, 1, &i64);
    rec[(*nrec)++] = i64 == align * 2;
    l->u.GetInteger64i_v(GL_UNIFORM_BUFFER_SIZE, 1, &i64);
    rec[(*nrec)++] = i64;
    l->u.GetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, (GLuint)maxb, &iv);
    rec[(*nrec)++] = g->GetError(); /* INVALID_VALUE */
    g->GetIntegerv(GL_UNIFORM_BUFFER_BINDING, &iv);
    rec[(*nrec)++] = iv == (GLint)b;
    static const GLenum lim[] = {GL_MAX_VERTEX_UNIFORM_BLOCKS, GL_MAX_FRAGMENT_UNIFORM_BLOCKS,
                                 GL_MAX_COMBINED_UNIFORM_BLOCKS, GL_MAX_UNIFORM_BLOCK_SIZE,
                                 GL_MAX_UNIFORM_BUFFER_BINDINGS};
    static const GLint lim_min[] = {12, 12, 36, 16384, 36};
    for (size_t k = 0; k < sizeof lim / sizeof lim[0]; k++) {
        GLint m = 0;
        g->GetIntegerv(lim[k], &m);
        if (m < lim_min[k]) {
            fprintf(stderr, "%s: limit 0x%x is %d (< %d)\n", g->path, lim[k], m, lim_min[k]);
            failures++;
        }
    }
    rec[(*nrec)++] = g->GetError();
    /* transform feedback buffer bindings (GL 3.0 section 2.15): stored and
     * queried; offsets and sizes must be multiples of 4 */
    l->u.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 1, b, 8, 64);
    rec[(*nrec)++] = g->GetError();
    l->u.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &iv);
    rec[(*nrec)++] = iv == (GLint)b;
    l->u.GetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_START, 1, &i64);
    rec[(*nrec)++] = i64;
    l->u.GetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 1, &i64);
    rec[(*nrec)++] = i64;
    l->u.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 2, b, 2, 64);
    rec[(*nrec)++] = g->GetError(); /* INVALID_VALUE */
    l->u.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
    l->u.GetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 0, &i64);
    rec[(*nrec)++] = i64; /* 0: the whole buffer */
    /* 4: GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS of both libraries (the
     * GL 3.0 minimum) */
    l->u.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 4, b);
    rec[(*nrec)++] = g->GetError(); /* INVALID_VALUE */
    g->GetIntegerv(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, &iv);
    rec[(*nrec)++] = iv == (GLint)b;
    /* deleting the buffer unbinds it from the indexed points too */
    g->DeleteBuffers(1, &b);
    l->u.GetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 1, &iv);
    rec[(*nrec)++] = iv;
    l->u.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &iv);
    rec[(*nrec)++] = iv;
    rec[(*nrec)++] = g->GetError();
    g->DeleteProgram(p);
}

/* swr alone: a range shorter than the block reads zeros past its end. */
static void check_short_range(lib *l)
{
    glc_api *g = &l->g;
    glc_target_bind(&l->t);
    static const char fs[] = "#version 140\n"
                             "out vec4 color;\n"
                             "uniform Z { vec4 first; vec4 pad[62]; vec4 last; };\n"
                             "void main() { color = first + last; }\n";
    GLuint p = glc_program(g, VS_PLAIN, fs);
    if (!p) {
        failures++;
        return;
    }
    float d[256];
    for (int i = 0; i < 256; i++)
        d[i] = 0.5f;
    GLuint b;
    g->GenBuffers(1, &b);
    g->BindBuffer(GL_UNIFORM_BUFFER, b);
    g->BufferData(GL_UNIFORM_BUFFER, 32, d, GL_STATIC_DRAW); /* 2 of the block's 64 vec4 */
    l->u.BindBufferRange(GL_UNIFORM_BUFFER, 0, b, 0, 32);
    g->UseProgram(p);
    g->BindVertexArray(l->vao);
    g->Clear(GL_COLOR_BUFFER_BIT);
    g->DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    g->Finish();
    const uint8_t *px = l->t.color + ((H / 2) * W + W / 2) * 4;
    if (abs(px[0] - 128) > 1 || abs(px[3] - 128) > 1) {
        fprintf(stderr, "short range: pixel %d %d %d %d, want 128 (first) + 0 (last, past the end)\n",
                px[0], px[1], px[2], px[3]);
        failures++;
    }
    /* no buffer at all: zeros */
    l->u.BindBufferBase(GL_UNIFORM_BUFFER, 0, 0);
    g->Clear(GL_COLOR_BUFFER_BIT);
    g->DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    g->Finish();
    if (px[0] || px[3]) {
        fprintf(stderr, "no buffer: pixel %d %d %d %d, want 0\n", px[0], px[1], px[2], px[3]);
        failures++;
    }
    g->UseProgram(0);
    g->DeleteProgram(p);
    g->DeleteBuffers(1, &b);
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
        bool a = render(&swr, &scenes[s]);
        if (!a) {
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
        bool blank = true;
        for (int i = 0; i < W * H * 4 && blank; i++)
            blank = ref.t.color[i] == 0;
        printf("%-52s psnr %6.1f dB  max diff %d%s\n", scenes[s].name, psnr, md, blank ? "  (blank!)" : "");
        if (md > 1 || blank) {
            char path[64];
            snprintf(path, sizeof path, "ubo_scene%d_swr.png", s);
            glc_write_png(path, swr.t.color, W, H);
            snprintf(path, sizeof path, "ubo_scene%d_ref.png", s);
            glc_write_png(path, ref.t.color, W, H);
            failures++;
        }
    }

    long long ra[256], rb[256];
    int na = 0, nb = 0;
    check_reflection(&swr, ra, &na);
    if (have_ref) {
        check_reflection(&ref, rb, &nb);
        if (na != nb || memcmp(ra, rb, (size_t)na * sizeof ra[0])) {
            fprintf(stderr, "reflection / error answers differ from the reference:\n");
            for (int i = 0; i < na && i < nb; i++)
                if (ra[i] != rb[i])
                    fprintf(stderr, "  [%d] swr %lld ref %lld\n", i, ra[i], rb[i]);
            failures++;
        }
    }
    check_short_range(&swr);

    lib_close(&swr);
    if (have_ref)
        lib_close(&ref);
    printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
