/*
 * test_engine_tgsi.c: corpus shaders drive the engine.
 *
 * A perspective grid mesh is drawn twice into float render targets: once
 * with TGSI shaders from ../shared/corpus/tgsi run by the interpreter, once
 * with C shaders written from the same TGSI by hand (the same float
 * operations in the same order). The two images must be identical to the
 * bit, with the worker pool and single-threaded. One pixel shader also has
 * an analytic answer: it compares DDX of gl_FragCoord.x * f(gl_FragCoord.y)
 * (lower-left origin) with f(y) and paints green where they agree, which
 * with coarse derivatives is exactly the top row of every 2x2 quad.
 *
 * argv[1] is the corpus directory. Thread: main thread; the engine's
 * workers call the shaders.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jitter/jit.h"
#include "test_util.h"

static const char *corpus_dir;

enum { W = 128, H = 128, GRID = 24 };

/* The matrix columns of CONST[0][0..3] of the vertex shader: clip =
 * c0*x + c1*y + c2*z + c3*w, a mild rotation with w in [2, 3]: the mesh
 * covers about two thirds of the window. */
static const float mvp[16] = {
    2.4f, 0.2f, 0.0f, 0.0f, /* c0 */
    -0.2f, 2.2f, 0.0f, 0.0f, /* c1 */
    0.0f, 0.0f, 0.5f, 1.0f, /* c2 */
    0.0f, 0.0f, 1.5f, 2.5f, /* c3 */
};
/* CONST[0][0] of the gl_FragCoord shader: f(y) = y * z + w. */
static const float fragcoord_const[4] = {0.0f, 0.0f, 0.01f, 0.5f};

static jit_shader *load_shader(const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", corpus_dir, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    tgsi_program *prog = NULL;
    tgsi_error err;
    if (!tgsi_parse(text, n, &prog, &err))
        fail_msg("%s:%u:%u: %s", name, err.line, err.column, err.message);
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    jit_shader *sh = jit_shader_compile(prog, &key, &err);
    tgsi_program_free(prog);
    if (!sh)
        fail_msg("%s: %s", name, err.message);
    return sh;
}

/* ---- the C twins of the corpus shaders ---------------------------------- */

/* vert-01ab8ecc61ca3354: the MVP shader
 *   MUL TEMP[0], CONST[0][1], IN[0].yyyy
 *   MAD TEMP[0], CONST[0][0], IN[0].xxxx, TEMP[0]
 *   MAD TEMP[0], CONST[0][2], IN[0].zzzz, TEMP[0]
 *   MAD OUT[0], CONST[0][3], IN[0].wwww, TEMP[0]
 *   MOV OUT[1], IN[1] */
static void c_mvp_vs(const void *shader, swr_vs_args *a)
{
    const float *m = a->res->constants[0];
    for (int c = 0; c < 4; c++) {
        for (int l = 0; l < 8; l++) {
            float t = m[4 + c] * a->inputs[0].v[1][l];
            t = m[0 + c] * a->inputs[0].v[0][l] + t;
            t = m[8 + c] * a->inputs[0].v[2][l] + t;
            a->outputs[0].v[c][l] = m[12 + c] * a->inputs[0].v[3][l] + t;
            a->outputs[1].v[c][l] = a->inputs[1].v[c][l];
        }
    }
}

/* DP4 OUT[0].c, IN[0], (0.5 in component c, 0 elsewhere) */
static void c_half_color_ps(const void *shader, swr_ps_args *a)
{
    for (int c = 0; c < 4; c++) {
        for (int l = 0; l < 8; l++) {
            float k[4] = {0, 0, 0, 0};
            k[c] = 0.5f;
            const float *v = &a->inputs[0].v[0][l];
            float d = v[0] * k[0] + v[8] * k[1];
            d = d + v[16] * k[2];
            a->color[0].v[c][l] = d + v[24] * k[3];
        }
    }
}

/* The loop shader: while (t.z < 0.6) { z' = t.z + 0.25; t.xy = t.yx; t.z = z'; } */
static void c_loop_ps(const void *shader, swr_ps_args *a)
{
    for (int l = 0; l < 8; l++) {
        float t[4];
        for (int c = 0; c < 4; c++)
            t[c] = a->inputs[0].v[c][l];
        while (t[2] < 0.6f) {
            float z = t[2] + 0.25f;
            float x = t[0];
            t[0] = t[1];
            t[1] = x;
            t[2] = z;
        }
        for (int c = 0; c < 4; c++)
            a->color[0].v[c][l] = t[c];
    }
}

/* The gl_FragCoord shader (lower-left origin, half-integer centres):
 *   t0 = y * C.z + C.w;  t1 = DDX(x * t0);  t0 = t1 - t0;
 *   OUT = 0.001 < |t0| ? red : green */
static void c_fragcoord_ps(const void *shader, swr_ps_args *a)
{
    const float *k = a->res->constants[0];
    float t1[8], t0[8];
    for (int l = 0; l < 8; l++) {
        float y = (float)a->fb_height - a->position.v[1][l];
        t0[l] = y * k[2] + k[3];
        t1[l] = a->position.v[0][l] * t0[l];
    }
    for (int l = 0; l < 8; l++) {
        int q = l & 4; /* first lane of the lane's quad */
        float d = t1[q + 1] - t1[q];
        float diff = d + -t0[l];
        bool red = 0.001f < fabsf(diff);
        float rgba[4] = {red ? 1.0f : 0.0f, red ? 0.0f : 1.0f, 0.0f, 1.0f};
        for (int c = 0; c < 4; c++)
            a->color[0].v[c][l] = rgba[c];
    }
}

/* ---- scene ---------------------------------------------------------------- */

typedef struct scene_vertex {
    float pos[4];
    float color[4];
} scene_vertex;

static scene_vertex verts[(GRID + 1) * (GRID + 1)];
static uint32_t indices[GRID * GRID * 6];

static void build_scene(void)
{
    uint64_t rng = 0x5eed1234;
    for (int j = 0; j <= GRID; j++) {
        for (int i = 0; i <= GRID; i++) {
            scene_vertex *v = &verts[j * (GRID + 1) + i];
            float x = -0.9f + 1.8f * (float)i / GRID, y = -0.9f + 1.8f * (float)j / GRID;
            v->pos[0] = x;
            v->pos[1] = y;
            v->pos[2] = 0.5f * sinf(3.0f * x) * cosf(2.0f * y);
            v->pos[3] = 1.0f;
            for (int c = 0; c < 4; c++)
                v->color[c] = tu_randf(&rng, 0.0f, 1.0f);
        }
    }
    uint32_t n = 0;
    for (uint32_t j = 0; j < GRID; j++) {
        for (uint32_t i = 0; i < GRID; i++) {
            uint32_t a = j * (GRID + 1) + i, b = a + 1, c = a + GRID + 1, d = c + 1;
            uint32_t q[6] = {a, b, c, b, d, c};
            memcpy(&indices[n], q, sizeof q);
            n += 6;
        }
    }
}

typedef struct shader_pair {
    swr_vs_func vs_func;
    const void *vs_shader;
    swr_ps_func ps_func;
    const void *ps_shader;
    bool ps_reads_position;
    uint8_t ps_interp; /* of PS input 0 */
} shader_pair;

static void render(tu_target *t, const shader_pair *sp)
{
    swr_context *ctx = t->ctx;
    swr_vertex_layout layout = {.num_elements = 2};
    layout.elements[0] = (swr_vertex_element){0, 0, SWR_VTYPE_FLOAT32, 4, 0};
    layout.elements[1] = (swr_vertex_element){16, 0, SWR_VTYPE_FLOAT32, 4, 0};
    swr_set_vertex_layout(ctx, &layout);
    swr_vertex_buffer vb = {verts, sizeof verts, sizeof(scene_vertex)};
    swr_set_vertex_buffers(ctx, 0, 1, &vb);
    swr_set_index_buffer(ctx, indices, 4, sizeof indices);
    swr_vs_state vs = {.func = sp->vs_func, .shader = sp->vs_shader, .num_inputs = 2,
                       .num_outputs = 2, .position_slot = 0, .point_size_slot = SWR_SLOT_NONE,
                       .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                       .viewport_index_slot = SWR_SLOT_NONE};
    swr_set_vs(ctx, &vs);
    swr_ps_state ps = {.func = sp->ps_func, .shader = sp->ps_shader, .num_inputs = 1,
                       .num_outputs = 1, .color0_writes_all = true,
                       .position_unused = !sp->ps_reads_position};
    ps.inputs[0] = (swr_ps_input){1, SWR_SLOT_NONE, sp->ps_interp};
    swr_set_ps(ctx, &ps);
    swr_set_constant_buffer(ctx, SWR_STAGE_VS, 0, mvp, 4);
    swr_set_constant_buffer(ctx, SWR_STAGE_PS, 0, fragcoord_const, 1);
    swr_viewport vp = tu_viewport(t->w, t->h);
    swr_set_viewports(ctx, 0, 1, &vp);
    swr_rasterizer_state rs = {.front_ccw = true, .depth_clip_near = true, .depth_clip_far = true,
                               .half_pixel_center = true, .point_size = 1, .line_width = 1};
    swr_set_rasterizer_state(ctx, &rs);
    swr_depth_stencil_state dsa = {.depth_enabled = true, .depth_writemask = true,
                                   .depth_func = SWR_FUNC_LESS};
    swr_set_depth_stencil_state(ctx, &dsa);
    swr_blend_state blend = {0};
    blend.rt[0].colormask = SWR_MASK_RGBA;
    swr_set_blend_state(ctx, &blend);
    const float clear[4] = {0.25f, 0.25f, 0.25f, 0.25f};
    tu_clear(t, clear, 1.0);
    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = GRID * GRID * 6, .indexed = true};
    assert_int_equal(swr_draw(ctx, &d), SWR_OK);
    tu_finish(t);
}

/* Renders the pair with both context flavours and compares to the C image.
 * Returns the number of covered (non-clear) pixels of the TGSI image. */
static size_t compare_pair(const shader_pair *tgsi, const shader_pair *c)
{
    static const swr_context_desc descs[2] = {{.single_threaded = true}, {0}};
    size_t covered = 0;
    for (int d = 0; d < 2; d++) {
        tu_target a, b;
        assert_int_equal(tu_target_init(&a, &descs[d], W, H, SWR_FORMAT_R32G32B32A32_FLOAT,
                                        SWR_FORMAT_Z32_FLOAT),
                         SWR_OK);
        assert_int_equal(tu_target_init(&b, &descs[d], W, H, SWR_FORMAT_R32G32B32A32_FLOAT,
                                        SWR_FORMAT_Z32_FLOAT),
                         SWR_OK);
        render(&a, tgsi);
        render(&b, c);
        size_t bad = tu_image_diff(d ? "workers" : "single-threaded", a.color, a.cpitch,
                                   b.color, b.cpitch, W, H, 16, 0, false, 0.0f);
        assert_int_equal(bad, 0);
        covered = 0;
        for (uint32_t y = 0; y < H; y++) {
            for (uint32_t x = 0; x < W; x++) {
                const float *p = (const float *)(a.color + y * a.cpitch) + 4 * x;
                covered += p[3] != 0.25f || p[0] != 0.25f;
            }
        }
        tu_target_free(&a);
        tu_target_free(&b);
    }
    return covered;
}

static const char *const VS_MVP = "vert-01ab8ecc61ca3354.tgsi";

static jit_shader *vs_mvp;

static int setup(void **state)
{
    build_scene();
    vs_mvp = load_shader(VS_MVP);
    return 0;
}

static int teardown(void **state)
{
    jit_shader_unref(vs_mvp);
    return 0;
}

static void check_ps(const char *name, swr_ps_func c_func, uint8_t interp, size_t min_covered)
{
    jit_shader *ps = load_shader(name);
    const jit_shader_info *info = jit_shader_get_info(ps);
    shader_pair tg = {jit_shader_vs_func(vs_mvp), vs_mvp, jit_shader_ps_func(ps), ps,
                      info->reads_position, interp};
    shader_pair cc = {c_mvp_vs, NULL, c_func, NULL, info->reads_position, interp};
    size_t covered = compare_pair(&tg, &cc);
    /* The mesh covers most of the window: the images are not trivially equal. */
    if (covered < min_covered)
        fail_msg("%s: only %zu pixels covered", name, covered);
    jit_shader_unref(ps);
}

static void test_vs_mvp_ps_dp4(void **state)
{
    check_ps("frag-16c9b5a985fd78e2.tgsi", c_half_color_ps, SWR_INTERP_COLOR, W * H / 2);
}

static void test_ps_loop_brk(void **state)
{
    check_ps("frag-f5f4bc631620edc9.tgsi", c_loop_ps, SWR_INTERP_PERSPECTIVE, W * H / 2);
}

static void test_ps_fragcoord_ddx(void **state)
{
    check_ps("frag-31b1d5dd50bcf4ff.tgsi", c_fragcoord_ps, SWR_INTERP_LINEAR, W * H / 2);
    /* Analytic: the derivative is right everywhere, so no pixel is red. */
    jit_shader *ps = load_shader("frag-31b1d5dd50bcf4ff.tgsi");
    shader_pair tg = {jit_shader_vs_func(vs_mvp), vs_mvp, jit_shader_ps_func(ps), ps, true,
                      SWR_INTERP_LINEAR};
    tu_target t;
    assert_int_equal(tu_target_init(&t, NULL, W, H, SWR_FORMAT_R32G32B32A32_FLOAT,
                                    SWR_FORMAT_Z32_FLOAT),
                     SWR_OK);
    render(&t, &tg);
    /* Coarse DDX takes the quad's top row: there x * f(y) differs between
     * neighbours by exactly f(y) (green); on the bottom row f differs from
     * the top row's by C.z = 0.01 > 0.001 (red). Quads start on even window
     * rows, whatever the gl_FragCoord origin. */
    size_t right = 0, wrong = 0;
    for (uint32_t y = 0; y < H; y++) {
        for (uint32_t x = 0; x < W; x++) {
            const float *p = (const float *)(t.color + y * t.cpitch) + 4 * x;
            if (p[0] == 0.25f && p[3] == 0.25f)
                continue; /* not covered */
            bool green = p[0] == 0.0f && p[1] == 1.0f && p[2] == 0.0f && p[3] == 1.0f;
            bool red = p[0] == 1.0f && p[1] == 0.0f && p[2] == 0.0f && p[3] == 1.0f;
            if ((y % 2 == 0 && green) || (y % 2 == 1 && red))
                right++;
            else
                wrong++;
        }
    }
    tu_target_free(&t);
    jit_shader_unref(ps);
    assert_int_equal(wrong, 0);
    assert_true(right >= W * H / 2);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <corpus dir>\n", argv[0]);
        return 1;
    }
    corpus_dir = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vs_mvp_ps_dp4),
        cmocka_unit_test(test_ps_loop_brk),
        cmocka_unit_test(test_ps_fragcoord_ddx),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
