/*
 * test_glsl_gs.c: GLSL 1.50 geometry shaders through swr_glsl (issue 20).
 *
 * In: VS + GS + FS programs as GLSL text. Out: cmocka results. Each program
 * is compiled and linked with swr_glsl; the GS's TGSI must parse and
 * validate (tgsi_parse / tgsi_validate), the semantics must chain (every
 * GENERIC the GS reads is a VS output, every GENERIC the FS reads a GS
 * output), and the GS runs in the scalar reference executor
 * (tgsi_ref_run_gs) on chosen inputs: the emitted vertices, their count
 * per lane and the strip cuts are checked against values worked out by
 * hand from the GLSL (pass-through, points to quads, amplification with
 * EndPrimitive, gl_PrimitiveIDIn, interface blocks, gl_in[i] in a loop
 * with and without unrolling). The error cases check the compile / link
 * logs the GL 3.2 / GLSL 1.50 rules call for.
 * Thread: single.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/shader_abi.h"
#include "frontend-gallium/glsl/swr_glsl.h"
#include "tgsi/tgsi.h"
#include "tgsi/tgsi_ref.h"

/* ---- helpers ------------------------------------------------------------ */

static swr_glsl_program *link3(const char *vs, const char *gs, const char *fs)
{
    const char *src[3] = {vs, gs, fs};
    swr_glsl_stage st[3] = {SWR_GLSL_VERTEX, SWR_GLSL_GEOMETRY, SWR_GLSL_FRAGMENT};
    swr_glsl_shader *s[3];
    int n = 0;
    for (int i = 0; i < 3; i++) {
        if (!src[i])
            continue;
        s[n] = swr_glsl_compile(st[i], 1, &src[i], NULL);
        if (!swr_glsl_shader_ok(s[n]))
            fprintf(stderr, "stage %d log: %s\n", (int)st[i], swr_glsl_shader_log(s[n]));
        n++;
    }
    swr_glsl_program *p = swr_glsl_link(s, n, NULL, 0);
    for (int i = 0; i < n; i++)
        swr_glsl_shader_destroy(s[i]);
    return p;
}

/* The semantics of the IN / OUT declarations of a TGSI text, by register. */
typedef struct sems {
    int n;
    char name[64][24];
} sems;

static void scan_decls(const char *text, const char *prefix, sems *out)
{
    memset(out, 0, sizeof *out);
    size_t pl = strlen(prefix);
    for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        if (strncmp(l, prefix, pl) != 0)
            continue;
        int r = atoi(l + pl);
        const char *c = strchr(l, ',');
        const char *e = strchr(l, '\n');
        if (!c || r < 0 || r >= 64)
            continue;
        c += 2;
        size_t len = 0;
        while (c + len < e && c[len] != ',' && c[len] != '\n')
            len++;
        snprintf(out->name[r], sizeof out->name[r], "%.*s", (int)len, c);
        if (r + 1 > out->n)
            out->n = r + 1;
    }
}

static int find_sem(const sems *s, const char *name)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->name[i], name) == 0)
            return i;
    return -1;
}

/* Every GENERIC the consumer reads is written by the producer. */
static void check_chain(const sems *prod_out, const sems *cons_in)
{
    for (int i = 0; i < cons_in->n; i++)
        if (strncmp(cons_in->name[i], "GENERIC", 7) == 0 &&
            find_sem(prod_out, cons_in->name[i]) < 0)
            fail_msg("input %s is not an output of the stage before", cons_in->name[i]);
}

typedef struct gs_case {
    swr_glsl_program *prog;
    tgsi_program *tp;
    sems gs_in, gs_out;
    swr_simd_vec4 inputs[6 * 32];
    swr_gs_args a;
    float *outv;
    uint8_t *cut;
} gs_case;

/* Links, checks the TGSI of all stages and the semantic chain. */
static void gs_setup(gs_case *c, const char *vs, const char *gs, const char *fs)
{
    memset(c, 0, sizeof *c);
    c->prog = link3(vs, gs, fs);
    if (!swr_glsl_program_ok(c->prog))
        fail_msg("link: %s", swr_glsl_program_log(c->prog));
    const char *texts[3] = {swr_glsl_program_tgsi(c->prog, SWR_GLSL_VERTEX),
                            swr_glsl_program_tgsi(c->prog, SWR_GLSL_GEOMETRY),
                            swr_glsl_program_tgsi(c->prog, SWR_GLSL_FRAGMENT)};
    for (int i = 0; i < 3; i++) {
        assert_non_null(texts[i]);
        tgsi_program *tp = NULL;
        tgsi_error err;
        if (!tgsi_parse(texts[i], strlen(texts[i]), &tp, &err))
            fail_msg("stage %d parse %u:%u %s\n%s", i, err.line, err.column, err.message, texts[i]);
        if (!tgsi_validate(tp, &err))
            fail_msg("stage %d validate: %s\n%s", i, err.message, texts[i]);
        if (i == 1)
            c->tp = tp;
        else
            tgsi_program_free(tp);
    }
    assert_true(strncmp(texts[1], "GEOM\n", 5) == 0);
    assert_non_null(strstr(texts[0], "NEXT_SHADER GEOM"));
    sems vs_out, fs_in;
    scan_decls(texts[0], "DCL OUT[", &vs_out);
    scan_decls(texts[1], "DCL IN[][", &c->gs_in);
    scan_decls(texts[1], "DCL OUT[", &c->gs_out);
    scan_decls(texts[2], "DCL IN[", &fs_in);
    check_chain(&vs_out, &c->gs_in);
    check_chain(&c->gs_out, &fs_in);
    unsigned in_t = 0, out_t = 0, maxv = 0;
    assert_true(swr_glsl_program_gs_info(c->prog, &in_t, &out_t, &maxv));
    c->a.inputs = c->inputs;
    c->a.num_inputs = (uint32_t)c->gs_in.n;
    c->a.num_outputs = (uint32_t)c->gs_out.n;
    c->a.max_vertices = maxv;
    c->a.num_in_vertices = in_t == 0 ? 1 : in_t == 1 ? 2 : in_t == 4 ? 3 : in_t == 0xA ? 4 : 6;
    c->a.active_mask = 0xff;
    c->outv = calloc((size_t)8 * maxv * (c->gs_out.n ? c->gs_out.n : 1) * 4, sizeof(float));
    c->cut = calloc((size_t)8 * maxv, 1);
    c->a.out_vertices = c->outv;
    c->a.cut = c->cut;
}

static void gs_teardown(gs_case *c)
{
    tgsi_program_free(c->tp);
    swr_glsl_program_destroy(c->prog);
    free(c->outv);
    free(c->cut);
}

/* Input `sem` of vertex v, lane l. Inputs the GS does not read are skipped. */
static void gs_in(gs_case *c, const char *sem, int v, int l, float x, float y, float z, float w)
{
    int r = find_sem(&c->gs_in, sem);
    if (r < 0)
        return;
    swr_simd_vec4 *d = &c->inputs[v * c->a.num_inputs + r];
    d->v[0][l] = x;
    d->v[1][l] = y;
    d->v[2][l] = z;
    d->v[3][l] = w;
}

static void gs_run(gs_case *c)
{
    tgsi_error err;
    memset(c->a.emit_count, 0, sizeof c->a.emit_count);
    if (!tgsi_ref_run_gs(c->tp, &c->a, &err))
        fail_msg("tgsi_ref_run_gs: %s", err.message);
}

static const float *gs_out(gs_case *c, int l, int k, const char *sem)
{
    int r = find_sem(&c->gs_out, sem);
    if (r < 0)
        fail_msg("no GS output %s", sem);
    return &c->outv[(((size_t)l * c->a.max_vertices + (size_t)k) * c->a.num_outputs + (size_t)r) *
                    4];
}

static void expect4(const float *got, float x, float y, float z, float w, const char *what)
{
    if (got[0] != x || got[1] != y || got[2] != z || got[3] != w)
        fail_msg("%s: got (%g %g %g %g), expected (%g %g %g %g)", what, got[0], got[1], got[2],
                 got[3], x, y, z, w);
}

/* The GENERIC semantic of the FS input block member / varying: the GS
 * output that the FS reads first (for single-varying programs). */
static const char *first_generic(gs_case *c)
{
    for (int i = 0; i < c->gs_out.n; i++)
        if (strncmp(c->gs_out.name[i], "GENERIC", 7) == 0)
            return c->gs_out.name[i];
    fail_msg("no GENERIC output");
    return NULL;
}

static const char *VS_COLOR = "#version 150\n"
                              "in vec4 pos; in vec3 col;\n"
                              "out vec3 color;\n"
                              "void main() { gl_Position = pos; color = col; }\n";
static const char *FS_FCOLOR = "#version 150\n"
                               "in vec3 fcolor; out vec4 o;\n"
                               "void main() { o = vec4(fcolor, 1.0); }\n";

/* ---- tests -------------------------------------------------------------- */

static void expect_link_error(const char *vs, const char *gs, const char *fs, const char *needle);

static void test_passthrough(void **state)
{
    (void)state;
    static const char *gs = "#version 150\n"
                            "layout(triangles) in;\n"
                            "layout(triangle_strip, max_vertices = 3) out;\n"
                            "in vec3 color[];\n"
                            "out vec3 fcolor;\n"
                            "void main() {\n"
                            "  for (int i = 0; i < gl_in.length(); i++) {\n"
                            "    gl_Position = gl_in[i].gl_Position;\n"
                            "    fcolor = color[i];\n"
                            "    EmitVertex();\n"
                            "  }\n"
                            "  EndPrimitive();\n"
                            "}\n";
    for (int opt = 0; opt < 2; opt++) {
        /* SWR_GLSL_OPT=0: the loop stays a loop, gl_in[i] indexes the copied inputs dynamically */
        setenv("SWR_GLSL_OPT", opt ? "1" : "0", 1);
        gs_case c;
        gs_setup(&c, VS_COLOR, gs, FS_FCOLOR);
        const char *t = swr_glsl_program_tgsi(c.prog, SWR_GLSL_GEOMETRY);
        assert_non_null(strstr(t, "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES"));
        assert_non_null(strstr(t, "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP"));
        assert_non_null(strstr(t, "PROPERTY GS_MAX_OUTPUT_VERTICES 3"));
        assert_int_equal(c.a.num_in_vertices, 3);
        for (int l = 0; l < 8; l++)
            for (int v = 0; v < 3; v++) {
                gs_in(&c, "POSITION", v, l, (float)l, (float)v, 0.5f, 1.0f);
                /* the GS reads the VS's color through the GENERIC the VS writes it to */
                for (int g = 8; g < 12; g++) {
                    char sem[24];
                    snprintf(sem, sizeof sem, "GENERIC[%d]", g);
                    gs_in(&c, sem, v, l, 10.0f * (float)v + (float)l, 2.0f, 3.0f, 0.0f);
                }
            }
        c.a.active_mask = 0xff;
        gs_run(&c);
        for (int l = 0; l < 8; l++) {
            assert_int_equal(c.a.emit_count[l], 3);
            for (int k = 0; k < 3; k++) {
                expect4(gs_out(&c, l, k, "POSITION"), (float)l, (float)k, 0.5f, 1.0f, "position");
                const float *col = gs_out(&c, l, k, first_generic(&c));
                if (col[0] != 10.0f * (float)k + (float)l || col[1] != 2.0f || col[2] != 3.0f)
                    fail_msg("colour lane %d vertex %d", l, k);
            }
            assert_int_equal(c.cut[l * 3 + 2], 1);
            assert_int_equal(c.cut[l * 3 + 0], 0);
        }
        gs_teardown(&c);
    }
    unsetenv("SWR_GLSL_OPT");
}

static void test_points_to_quads(void **state)
{
    (void)state;
    static const char *vs = "#version 150\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";
    static const char *gs = "#version 150\n"
                            "layout(points) in;\n"
                            "layout(triangle_strip, max_vertices = 4) out;\n"
                            "out vec2 uv;\n"
                            "void main() {\n"
                            "  vec4 p = gl_in[0].gl_Position;\n"
                            "  for (int i = 0; i < 4; i++) {\n"
                            "    vec2 c = vec2(float(i & 1), float(i >> 1));\n"
                            "    uv = c;\n"
                            "    gl_Position = p + vec4((c * 2.0 - 1.0) * 0.25, 0.0, 0.0);\n"
                            "    EmitVertex();\n"
                            "  }\n"
                            "}\n";
    static const char *fs =
        "#version 150\nin vec2 uv; out vec4 o;\nvoid main() { o = vec4(uv, 0.0, 1.0); }\n";
    gs_case c;
    gs_setup(&c, vs, gs, fs);
    assert_int_equal(c.a.num_in_vertices, 1);
    for (int l = 0; l < 8; l++)
        gs_in(&c, "POSITION", 0, l, 0.5f * (float)l, -1.0f, 0.0f, 1.0f);
    c.a.active_mask = 0x5a; /* lanes 1, 3, 4, 6 */
    gs_run(&c);
    for (int l = 0; l < 8; l++) {
        if (!(0x5a & (1u << l))) {
            assert_int_equal(c.a.emit_count[l], 0);
            continue;
        }
        assert_int_equal(c.a.emit_count[l], 4);
        for (int k = 0; k < 4; k++) {
            float cx = (float)(k & 1), cy = (float)(k >> 1);
            expect4(gs_out(&c, l, k, "POSITION"), 0.5f * (float)l + (cx * 2.0f - 1.0f) * 0.25f,
                    -1.0f + (cy * 2.0f - 1.0f) * 0.25f, 0.0f, 1.0f, "quad corner");
            const float *uv = gs_out(&c, l, k, first_generic(&c));
            assert_true(uv[0] == cx && uv[1] == cy);
        }
    }
    gs_teardown(&c);
}

/* triangles -> three separate 2-vertex line strips (the wireframe) */
static void test_amplify_endprimitive(void **state)
{
    (void)state;
    static const char *gs = "#version 150\n"
                            "layout(triangles) in;\n"
                            "layout(line_strip, max_vertices = 6) out;\n"
                            "in vec3 color[];\n"
                            "out vec3 fcolor;\n"
                            "void main() {\n"
                            "  for (int e = 0; e < 3; e++) {\n"
                            "    for (int j = 0; j < 2; j++) {\n"
                            "      int v = (e + j) % 3;\n"
                            "      gl_Position = gl_in[v].gl_Position;\n"
                            "      fcolor = color[v] * float(e + 1);\n"
                            "      EmitVertex();\n"
                            "    }\n"
                            "    EndPrimitive();\n"
                            "  }\n"
                            "}\n";
    gs_case c;
    gs_setup(&c, VS_COLOR, gs, FS_FCOLOR);
    assert_non_null(
        strstr(swr_glsl_program_tgsi(c.prog, SWR_GLSL_GEOMETRY), "GS_OUTPUT_PRIMITIVE LINE_STRIP"));
    for (int l = 0; l < 8; l++)
        for (int v = 0; v < 3; v++) {
            gs_in(&c, "POSITION", v, l, (float)v, (float)l, 0.0f, 1.0f);
            for (int g = 8; g < 12; g++) {
                char sem[24];
                snprintf(sem, sizeof sem, "GENERIC[%d]", g);
                gs_in(&c, sem, v, l, (float)(v + 1), 0.0f, 0.0f, 0.0f);
            }
        }
    gs_run(&c);
    for (int l = 0; l < 8; l++) {
        assert_int_equal(c.a.emit_count[l], 6);
        for (int k = 0; k < 6; k++) {
            int e = k / 2, v = (e + k % 2) % 3;
            expect4(gs_out(&c, l, k, "POSITION"), (float)v, (float)l, 0.0f, 1.0f, "edge vertex");
            assert_true(gs_out(&c, l, k, first_generic(&c))[0] == (float)(v + 1) * (float)(e + 1));
            assert_int_equal(c.cut[l * 6 + k], k % 2);
        }
    }
    gs_teardown(&c);
}

static void test_primitive_id(void **state)
{
    (void)state;
    static const char *vs = "#version 150\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";
    static const char *gs = "#version 150\n"
                            "layout(lines) in;\n"
                            "layout(points, max_vertices = 2) out;\n"
                            "flat out int pid;\n"
                            "void main() {\n"
                            "  for (int i = 0; i < 2; i++) {\n"
                            "    gl_Position = gl_in[i].gl_Position;\n"
                            "    pid = gl_PrimitiveIDIn * 10 + i;\n"
                            "    gl_PrimitiveID = gl_PrimitiveIDIn + 100;\n"
                            "    if (gl_PrimitiveIDIn != 3) EmitVertex();\n"
                            "  }\n"
                            "}\n";
    static const char *fs =
        "#version 150\nflat in int pid; out vec4 o;\n"
        "void main() { o = vec4(float(pid), float(gl_PrimitiveID), 0.0, 1.0); }\n";
    gs_case c;
    gs_setup(&c, vs, gs, fs);
    assert_int_equal(c.a.num_in_vertices, 2);
    for (int l = 0; l < 8; l++) {
        c.a.prim_id.v[l] = l;
        for (int v = 0; v < 2; v++)
            gs_in(&c, "POSITION", v, l, (float)v, 0.0f, 0.0f, 1.0f);
    }
    gs_run(&c);
    for (int l = 0; l < 8; l++) {
        assert_int_equal(c.a.emit_count[l], l == 3 ? 0 : 2);
        for (int k = 0; k < (int)c.a.emit_count[l]; k++) {
            int32_t pid, prim;
            memcpy(&pid, gs_out(&c, l, k, first_generic(&c)), 4);
            memcpy(&prim, gs_out(&c, l, k, "PRIMID"), 4);
            assert_int_equal(pid, l * 10 + k);
            assert_int_equal(prim, l + 100);
        }
    }
    gs_teardown(&c);
}

static void test_interface_blocks(void **state)
{
    (void)state;
    static const char *vs =
        "#version 150\n"
        "in vec4 pos; in vec3 nrm;\n"
        "out VS_OUT { vec3 n; float k; } vs_out;\n"
        "void main() { gl_Position = pos; vs_out.n = nrm; vs_out.k = pos.x; }\n";
    static const char *gs = "#version 150\n"
                            "layout(triangles) in;\n"
                            "layout(triangle_strip, max_vertices = 3) out;\n"
                            "in VS_OUT { vec3 n; float k; } gs_in[];\n"
                            "out GS_OUT { vec3 n2; };\n"
                            "void main() {\n"
                            "  for (int i = 0; i < 3; i++) {\n"
                            "    gl_Position = gl_in[i].gl_Position;\n"
                            "    n2 = gs_in[i].n * gs_in[i].k;\n"
                            "    EmitVertex();\n"
                            "  }\n"
                            "}\n";
    static const char *fs = "#version 150\n"
                            "in GS_OUT { vec3 n2; } fs_in;\n"
                            "out vec4 o;\n"
                            "void main() { o = vec4(fs_in.n2, 1.0); }\n";
    gs_case c;
    gs_setup(&c, vs, gs, fs);
    /* VS_OUT.k and VS_OUT.n in name order: GENERIC[8] is k, GENERIC[9] n */
    assert_true(find_sem(&c.gs_in, "GENERIC[8]") >= 0 && find_sem(&c.gs_in, "GENERIC[9]") >= 0);
    for (int l = 0; l < 8; l++)
        for (int v = 0; v < 3; v++) {
            gs_in(&c, "POSITION", v, l, (float)v, 0.0f, 0.0f, 1.0f);
            gs_in(&c, "GENERIC[8]", v, l, (float)(l + 2), 0.0f, 0.0f, 0.0f);
            gs_in(&c, "GENERIC[9]", v, l, 1.0f, (float)v, -1.0f, 0.0f);
        }
    gs_run(&c);
    for (int l = 0; l < 8; l++) {
        assert_int_equal(c.a.emit_count[l], 3);
        for (int k = 0; k < 3; k++) {
            const float *n2 = gs_out(&c, l, k, "GENERIC[8]");
            float s = (float)(l + 2);
            assert_true(n2[0] == s && n2[1] == (float)k * s && n2[2] == -s);
        }
    }
    gs_teardown(&c);
}

/* Built-in outputs, uniforms and a uniform block read by the GS (CONST[0]
 * and its block's constant buffer), clip distances and point size passed
 * through gl_in, gl_Layer. */
static void test_builtins_uniforms(void **state)
{
    (void)state;
    static const char *vs =
        "#version 150\n"
        "in vec4 pos;\n"
        "void main() { gl_Position = pos; gl_ClipDistance[0] = pos.x; gl_ClipDistance[1] = pos.y;\n"
        "  gl_PointSize = 3.0; }\n";
    static const char *gs = "#version 150\n"
                            "layout(points) in;\n"
                            "layout(points, max_vertices = 2) out;\n"
                            "uniform float scale;\n"
                            "uniform B { vec4 off; };\n"
                            "out float gl_ClipDistance[2];\n"
                            "void main() {\n"
                            "  for (int i = 0; i < 2; i++) {\n"
                            "    gl_Position = gl_in[0].gl_Position * scale + off * float(i);\n"
                            "    gl_ClipDistance[0] = gl_in[0].gl_ClipDistance[1];\n"
                            "    gl_ClipDistance[1] = gl_in[0].gl_ClipDistance[0];\n"
                            "    gl_PointSize = gl_in[0].gl_PointSize + float(i);\n"
                            "    gl_Layer = i + 1;\n"
                            "    EmitVertex();\n"
                            "  }\n"
                            "}\n";
    static const char *fs = "#version 150\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
    gs_case c;
    gs_setup(&c, vs, gs, fs);
    /* the uniform: in CONST[0] of the GS only; the block: the GS's buffer 1 */
    int nu = swr_glsl_num_uniforms(c.prog), ui = -1;
    for (int i = 0; i < nu; i++)
        if (strcmp(swr_glsl_get_uniform(c.prog, i)->name, "scale") == 0)
            ui = i;
    assert_true(ui >= 0);
    const swr_glsl_uniform *u = swr_glsl_get_uniform(c.prog, ui);
    assert_int_equal(u->stage_mask, 1u << SWR_GLSL_GEOMETRY);
    assert_int_equal(swr_glsl_num_uniform_blocks(c.prog), 1);
    const swr_glsl_uniform_block *b = swr_glsl_get_uniform_block(c.prog, 0);
    assert_int_equal(b->stage_mask, 1u << SWR_GLSL_GEOMETRY);
    assert_int_equal(b->stage_const_buffer[SWR_GLSL_GEOMETRY], 1);
    assert_int_equal(b->stage_const_buffer[SWR_GLSL_VERTEX], 0);
    static float c0[4][4], c1[1][4] = {{0.25f, 0.5f, 0.75f, 1.0f}};
    c0[u->const_reg][0] = 2.0f;
    swr_shader_resources res;
    memset(&res, 0, sizeof res);
    res.constants[0] = &c0[0][0];
    res.constant_count[0] = 4;
    res.constants[1] = &c1[0][0];
    res.constant_count[1] = 1;
    c.a.res = &res;
    for (int l = 0; l < 8; l++) {
        gs_in(&c, "POSITION", 0, l, (float)l, 1.0f, -1.0f, 1.0f);
        gs_in(&c, "CLIPDIST", 0, l, 10.0f + (float)l, 20.0f + (float)l, 0.0f, 0.0f);
        gs_in(&c, "PSIZE", 0, l, 3.0f, 0.0f, 0.0f, 0.0f);
    }
    assert_true(find_sem(&c.gs_in, "CLIPDIST") >= 0 && find_sem(&c.gs_in, "PSIZE") >= 0);
    gs_run(&c);
    for (int l = 0; l < 8; l++) {
        assert_int_equal(c.a.emit_count[l], 2);
        for (int k = 0; k < 2; k++) {
            expect4(gs_out(&c, l, k, "POSITION"), 2.0f * (float)l + 0.25f * (float)k,
                    2.0f + 0.5f * (float)k, -2.0f + 0.75f * (float)k, 2.0f + (float)k,
                    "scaled position");
            const float *cd = gs_out(&c, l, k, "CLIPDIST");
            assert_true(cd[0] == 20.0f + (float)l && cd[1] == 10.0f + (float)l);
            assert_true(gs_out(&c, l, k, "PSIZE")[0] == 3.0f + (float)k);
            int32_t layer;
            memcpy(&layer, gs_out(&c, l, k, "LAYER"), 4);
            assert_int_equal(layer, k + 1);
        }
    }
    gs_teardown(&c);
}

/* VS -> FS interface blocks without a GS (named and anonymous), and a
 * VS + GS program without an FS (the fixed-function stand-in). */
static void test_vs_fs_blocks(void **state)
{
    (void)state;
    static const char *vs =
        "#version 150\n"
        "in vec4 pos;\n"
        "out V { vec2 a; flat int k; } v;\n"
        "out W { float w; };\n"
        "void main() { gl_Position = pos; v.a = pos.xy; v.k = 7; w = pos.z; }\n";
    static const char *fs = "#version 150\n"
                            "in V { vec2 a; flat int k; } f;\n"
                            "in W { float w; };\n"
                            "out vec4 o;\n"
                            "void main() { o = vec4(f.a, w, float(f.k)); }\n";
    swr_glsl_program *p = link3(vs, NULL, fs);
    if (!swr_glsl_program_ok(p))
        fail_msg("%s", swr_glsl_program_log(p));
    sems vo, fi;
    scan_decls(swr_glsl_program_tgsi(p, SWR_GLSL_VERTEX), "DCL OUT[", &vo);
    scan_decls(swr_glsl_program_tgsi(p, SWR_GLSL_FRAGMENT), "DCL IN[", &fi);
    check_chain(&vo, &fi);
    /* V.a, V.k, W.w in name order: GENERIC[8], [9], [10]; V.k flat */
    const char *ft = swr_glsl_program_tgsi(p, SWR_GLSL_FRAGMENT);
    assert_non_null(strstr(ft, "GENERIC[9], CONSTANT"));
    assert_non_null(strstr(ft, "GENERIC[8], PERSPECTIVE"));
    assert_non_null(strstr(ft, "GENERIC[10], PERSPECTIVE"));
    assert_null(swr_glsl_program_tgsi(p, SWR_GLSL_GEOMETRY));
    assert_false(swr_glsl_program_gs_info(p, NULL, NULL, NULL));
    swr_glsl_program_destroy(p);
    /* a block member of another type does not link */
    expect_link_error(vs, NULL,
                      "#version 150\nin V { vec3 a; flat int k; } f;\nout vec4 o;\n"
                      "void main() { o = vec4(f.a, 1.0); }\n",
                      "V");
    /* VS + GS, no FS */
    static const char *vs2 = "#version 150\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";
    static const char *gs2 =
        "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
        "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n";
    p = link3(vs2, gs2, NULL);
    if (!swr_glsl_program_ok(p))
        fail_msg("%s", swr_glsl_program_log(p));
    assert_non_null(swr_glsl_program_tgsi(p, SWR_GLSL_GEOMETRY));
    swr_glsl_program_destroy(p);
}

static void expect_link_error(const char *vs, const char *gs, const char *fs, const char *needle)
{
    swr_glsl_program *p = link3(vs, gs, fs);
    if (swr_glsl_program_ok(p))
        fail_msg("linked, expected an error with '%s'", needle);
    if (!strstr(swr_glsl_program_log(p), needle))
        fail_msg("log '%s' lacks '%s'", swr_glsl_program_log(p), needle);
    swr_glsl_program_destroy(p);
}

static void test_errors(void **state)
{
    (void)state;
    static const char *vs = "#version 150\nin vec4 pos;\nout vec3 color;\n"
                            "void main() { gl_Position = pos; color = pos.xyz; }\n";
    static const char *fs =
        "#version 150\nin vec3 fcolor; out vec4 o;\nvoid main() { o = vec4(fcolor, 1.0); }\n";
    /* no output layout */
    expect_link_error(vs,
                      "#version 150\nlayout(triangles) in;\nin vec3 color[]; out vec3 fcolor;\n"
                      "void main() { fcolor = color[0]; EmitVertex(); }\n",
                      fs, "ERROR");
    /* no input layout */
    expect_link_error(
        vs,
        "#version 150\nlayout(points, max_vertices = 1) out;\nin vec3 color[]; out vec3 fcolor;\n"
        "void main() { fcolor = color[0]; EmitVertex(); }\n",
        fs, "ERROR");
    /* a varying of another type */
    expect_link_error(vs,
                      "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
                      "in vec4 color[]; out vec3 fcolor;\n"
                      "void main() { fcolor = color[0].xyz; EmitVertex(); }\n",
                      fs, "color");
    /* a GS input the VS does not write */
    expect_link_error(vs,
                      "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
                      "in vec3 other[]; out vec3 fcolor;\n"
                      "void main() { fcolor = other[0]; EmitVertex(); }\n",
                      fs, "other");
    /* an FS input the GS does not write (the VS does) */
    expect_link_error("#version 150\nin vec4 pos;\nout vec3 fcolor;\nvoid main() { gl_Position = "
                      "pos; fcolor = pos.xyz; }\n",
                      "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
                      "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n",
                      fs, "geometry shader");
    /* a GS without a VS (GL 3.2 section 2.12) */
    expect_link_error(NULL,
                      "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
                      "void main() { gl_Position = vec4(0.0); EmitVertex(); }\n",
                      fs, "vertex shader");
    /* max_vertices beyond GL_MAX_GEOMETRY_OUTPUT_VERTICES (1024), a GS in #version 130, an input
     * array of the wrong size */
    static const char *bad[] = {
        "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1025) out;\n"
        "void main() { EmitVertex(); }\n",
        /* an input array sized against the input primitive (GLSL 1.50 4.3.4) */
        "#version 150\nlayout(triangles) in;\nlayout(points, max_vertices = 1) out;\n"
        "in vec3 color[2];\nvoid main() { gl_Position = vec4(color[0], 1.0); EmitVertex(); }\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        swr_glsl_shader *s = swr_glsl_compile(SWR_GLSL_GEOMETRY, 1, &bad[i], NULL);
        if (swr_glsl_shader_ok(s))
            fail_msg("compiled: %s", bad[i]);
        assert_non_null(strstr(swr_glsl_shader_log(s), "ERROR"));
        swr_glsl_shader_destroy(s);
    }
    /* a GS below #version 150 (otherwise valid text) */
    static const char *gs130 = "#version 130\nvoid main() { gl_Position = vec4(0.0); }\n";
    swr_glsl_shader *g130 = swr_glsl_compile(SWR_GLSL_GEOMETRY, 1, &gs130, NULL);
    assert_false(swr_glsl_shader_ok(g130));
    if (!strstr(swr_glsl_shader_log(g130), "150"))
        fail_msg("GS 1.30 log: %s", swr_glsl_shader_log(g130));
    swr_glsl_shader_destroy(g130);
    /* EmitVertex() is no built-in of a vertex shader */
    static const char *vs_emit =
        "#version 150\nvoid main() { gl_Position = vec4(0.0); EmitVertex(); }\n";
    swr_glsl_shader *ve = swr_glsl_compile(SWR_GLSL_VERTEX, 1, &vs_emit, NULL);
    assert_false(swr_glsl_shader_ok(ve));
    swr_glsl_shader_destroy(ve);
    /* max_vertices = 1024 is accepted */
    static const char *ok =
        "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1024) out;\n"
        "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n";
    swr_glsl_shader *s = swr_glsl_compile(SWR_GLSL_GEOMETRY, 1, &ok, NULL);
    if (!swr_glsl_shader_ok(s))
        fail_msg("%s", swr_glsl_shader_log(s));
    swr_glsl_shader_destroy(s);
}

int main(void)
{
    if (!swr_glsl_init())
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_passthrough),          cmocka_unit_test(test_points_to_quads),
        cmocka_unit_test(test_amplify_endprimitive), cmocka_unit_test(test_primitive_id),
        cmocka_unit_test(test_interface_blocks),     cmocka_unit_test(test_builtins_uniforms),
        cmocka_unit_test(test_vs_fs_blocks),         cmocka_unit_test(test_errors),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    swr_glsl_fini();
    return r;
}
