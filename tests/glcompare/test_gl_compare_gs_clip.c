/*
 * test_gl_compare_gs_clip.c: clipping when a geometry shader is the last
 * vertex stage (GL 3.2 sections 2.12 and 2.19: what is clipped is what
 * the GS emits), rendered by
 * swr's libOSMesa and by Mesa's llvmpipe libOSMesa (the oracle) in one run.
 *
 * Scenes, 64x64 each, compared within one step per channel:
 *   core 3.3: a GS writing gl_ClipDistance[0] and [1] (two planes through
 *     the triangles) with GL_CLIP_DISTANCE0 and 1 enabled, and the same GS
 *     with only GL_CLIP_DISTANCE1 enabled (distance 0 is then ignored);
 *   compatibility 3.2: glClipPlane planes 0 and 5 with a GS that writes
 *     gl_ClipVertex, and with one that writes only gl_Position (the planes
 *     then apply to it, as Mesa does).
 * Not here: vertex colour clamping of GS outputs. glslang declares
 * gl_FrontColor and the other colour outputs in a compatibility GS from
 * GLSL 4.00 on only (1.50 has gl_ClipVertex alone), above the contexts'
 * GLSL version, so no GL program can write a GS COLOR output; the pipe
 * lowering that clamps them is checked in tests/pipe/test_pipe_variants.c.
 * Each scene must draw something on the reference (a blank image fails)
 * and must differ from the same scene without the state under test, so
 * that a driver ignoring the state fails.
 *
 *   test_gl_compare_gs_clip <swr libOSMesa> [<reference libOSMesa>]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"

#ifndef GL_GEOMETRY_SHADER
#define GL_GEOMETRY_SHADER 0x8DD9
#endif
#ifndef GL_CLIP_DISTANCE0
#define GL_CLIP_DISTANCE0 0x3000
#endif

#define CLIP_FUNCS(X) X(ClipPlane, CLIPPLANE)

GLC_TABLE(clip_api, clip_open, CLIP_FUNCS)

enum { W = 64, H = 64 };

typedef struct lib {
    glc_api g;
    clip_api x;
    glc_target t;
    GLuint vao, vbo;
} lib;

static int failures;

static bool lib_open(lib *l, const char *path, bool compat)
{
    memset(l, 0, sizeof *l);
    if (!glc_open(&l->g, path) || !clip_open(&l->x, &l->g))
        return false;
    if (!glc_target_create_version(&l->t, &l->g, W, H, 3, compat ? 2 : 3, !compat))
        return false;
    /* two triangles covering most of the viewport */
    static const float v[] = {-0.9f, -0.9f, 0.9f, -0.9f, -0.9f, 0.9f, 0.9f, -0.9f, 0.9f, 0.9f, -0.9f, 0.9f};
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

/* ---- shaders ---------------------------------------------------------------- */

static const char VS_CORE[] = "#version 150\n"
                              "in vec2 pos;\n"
                              "out vec3 color;\n"
                              "void main() { gl_Position = vec4(pos, 0.0, 1.0);"
                              " color = vec3(pos * 0.5 + 0.5, 0.75); }\n";
static const char GS_CLIPDIST[] = "#version 150\n"
                                  "layout(triangles) in;\n"
                                  "layout(triangle_strip, max_vertices = 3) out;\n"
                                  "in vec3 color[];\n"
                                  "out vec3 fcolor;\n"
                                  "out float gl_ClipDistance[2];\n"
                                  "void main() {\n"
                                  "  for (int i = 0; i < 3; i++) {\n"
                                  "    vec4 p = gl_in[i].gl_Position;\n"
                                  "    gl_Position = p; fcolor = color[i];\n"
                                  "    gl_ClipDistance[0] = p.x + 0.3;\n"
                                  "    gl_ClipDistance[1] = 0.5 - p.y - 0.5 * p.x;\n"
                                  "    EmitVertex();\n"
                                  "  }\n"
                                  "}\n";
static const char FS_CORE[] = "#version 150\n"
                              "in vec3 fcolor;\n"
                              "out vec4 o;\n"
                              "void main() { o = vec4(fcolor, 1.0); }\n";

static const char VS_COMPAT[] = "#version 150 compatibility\n"
                                "in vec2 pos;\n"
                                "out vec3 color;\n"
                                "void main() { gl_Position = vec4(pos, 0.0, 1.0);"
                                " color = vec3(pos * 0.5 + 0.5, 0.75); }\n";
/* gl_ClipVertex: the position shifted, so that planes on it differ from
 * planes on gl_Position */
static const char GS_CLIPVERTEX[] = "#version 150 compatibility\n"
                                    "layout(triangles) in;\n"
                                    "layout(triangle_strip, max_vertices = 3) out;\n"
                                    "in vec3 color[];\n"
                                    "out vec3 fcolor;\n"
                                    "void main() {\n"
                                    "  for (int i = 0; i < 3; i++) {\n"
                                    "    gl_Position = gl_in[i].gl_Position; fcolor = color[i];\n"
                                    "    gl_ClipVertex = gl_in[i].gl_Position + vec4(0.25, -0.2, 0.0, 0.0);\n"
                                    "    EmitVertex();\n"
                                    "  }\n"
                                    "}\n";
static const char GS_POSITION[] = "#version 150 compatibility\n"
                                  "layout(triangles) in;\n"
                                  "layout(triangle_strip, max_vertices = 3) out;\n"
                                  "in vec3 color[];\n"
                                  "out vec3 fcolor;\n"
                                  "void main() {\n"
                                  "  for (int i = 0; i < 3; i++) {\n"
                                  "    gl_Position = gl_in[i].gl_Position; fcolor = color[i];\n"
                                  "    EmitVertex();\n"
                                  "  }\n"
                                  "}\n";
static const char FS_COMPAT[] = "#version 150 compatibility\n"
                                "in vec3 fcolor;\n"
                                "void main() { gl_FragColor = vec4(fcolor, 1.0); }\n";
/* ---- scenes ------------------------------------------------------------------- */

typedef struct scene {
    const char *name;
    bool compat;
    const char *vs, *gs, *fs;
    unsigned clip_enable; /* GL_CLIP_DISTANCEi / GL_CLIP_PLANEi bits */
} scene;

static const scene scenes[] = {
    {"core: GS gl_ClipDistance 0 and 1", false, VS_CORE, GS_CLIPDIST, FS_CORE, 0x3},
    {"core: GS gl_ClipDistance, 1 enabled", false, VS_CORE, GS_CLIPDIST, FS_CORE, 0x2},
    {"compat: planes 0, 5, GS gl_ClipVertex", true, VS_COMPAT, GS_CLIPVERTEX, FS_COMPAT, 0x21},
    {"compat: planes 0, 5, GS gl_Position", true, VS_COMPAT, GS_POSITION, FS_COMPAT, 0x21},
};
#define NSCENES ((int)(sizeof scenes / sizeof scenes[0]))

/* Renders scene s into l's colour buffer; `with_state` false renders the
 * control image: no clip enables. */
static bool render(lib *l, const scene *s, bool with_state)
{
    glc_target_bind(&l->t);
    glc_api *g = &l->g;
    g->BindVertexArray(l->vao);
    g->Viewport(0, 0, W, H);
    g->ClearColor(0.0f, 0.0f, 0.0f, 0.0f);
    g->Clear(GL_COLOR_BUFFER_BIT);
    GLuint p = glc_program_stages(&l->g, s->vs, s->gs, s->fs);
    GLint ok = 0;
    g->GetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[4096] = "";
        g->GetProgramInfoLog(p, sizeof log, NULL, log);
        fprintf(stderr, "%s: %s: link failed:\n%s\n", l->g.path, s->name, log);
        g->DeleteProgram(p);
        return false;
    }
    g->UseProgram(p);
    if (s->compat) {
        /* planes in eye space = clip space here (identity matrices) */
        static const double planes[6][4] = {{1, 0, 0, 0.2}, {0}, {0}, {0}, {0}, {0.3, -1, 0, 0.4}};
        for (int i = 0; i < 6; i++)
            l->x.ClipPlane(GL_CLIP_PLANE0 + (GLenum)i, planes[i]);
    }
    for (int i = 0; i < 8; i++)
        if (with_state && (s->clip_enable >> i & 1))
            g->Enable(GL_CLIP_DISTANCE0 + (GLenum)i); /* = GL_CLIP_PLANE0 + i */
    g->DrawArrays(GL_TRIANGLES, 0, 6);
    g->Finish();
    GLenum err = g->GetError();
    if (err) {
        fprintf(stderr, "%s: %s: GL error 0x%x\n", l->g.path, s->name, err);
        failures++;
    }
    for (int i = 0; i < 8; i++)
        g->Disable(GL_CLIP_DISTANCE0 + (GLenum)i);
    g->UseProgram(0);
    g->DeleteProgram(p);
    return true;
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
            fprintf(stderr, "note: no reference library (%s): control checks only\n", ref_path);
        static uint8_t control[W * H * 4];
        for (int s = 0; s < NSCENES; s++) {
            const scene *sc = &scenes[s];
            if (sc->compat != (compat != 0))
                continue;
            if (!render(&swr, sc, false)) {
                failures++;
                continue;
            }
            memcpy(control, swr.t.color, sizeof control);
            if (!render(&swr, sc, true)) {
                failures++;
                continue;
            }
            if (!memcmp(control, swr.t.color, sizeof control)) {
                fprintf(stderr, "%s: the state under test changes nothing\n", sc->name);
                failures++;
            }
            if (!have_ref)
                continue;
            if (!render(&ref, sc, true)) {
                fprintf(stderr, "reference failed scene '%s'\n", sc->name);
                failures++;
                continue;
            }
            int md = 0;
            double psnr = glc_psnr(swr.t.color, ref.t.color, W, H, &md);
            bool blank = true;
            for (int i = 0; i < W * H * 4 && blank; i++)
                blank = ref.t.color[i] == 0;
            printf("%-42s psnr %6.1f dB  max diff %d%s\n", sc->name, psnr, md, blank ? "  (blank!)" : "");
            if (md > 1 || blank) {
                char path[64];
                snprintf(path, sizeof path, "gs_clip%d_swr.png", s);
                glc_write_png(path, swr.t.color, W, H);
                snprintf(path, sizeof path, "gs_clip%d_ref.png", s);
                glc_write_png(path, ref.t.color, W, H);
                failures++;
            }
        }
        lib_close(&swr);
        if (have_ref)
            lib_close(&ref);
    }
    printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
