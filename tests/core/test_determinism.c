/*
 * test_determinism.c: the engine promises identical results for every
 * worker count and every draw chunking (swr.h: per macrotile, work runs in
 * submission order). A busy scene is rendered
 *   - single-threaded (the reference: no concurrency at all),
 *   - with 1, 2, 3 and 8 pool workers (KNOB_MAX_WORKER_THREADS; the pool is
 *     process-wide and created from the knobs by the first context, so every
 *     context is destroyed before the knob changes, which re-creates it),
 *   - with max_prims_per_draw 1, 7 and 2040 (default workers),
 * and the colour and depth buffers must be byte-identical (memcmp).
 *
 * The scene: thousands of small alpha-blended draws (a few triangles each)
 * with a state change before each (blend colour; depth func every few
 * draws), so order errors show in the blended colours; then one indexed
 * mesh of about 200k triangles (a wavy height field, depth LESS) that the
 * engine cuts into chunks. 330x210: partial macrotiles. Sanitizer builds use
 * a smaller scene.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "knobs/knobs.h"
#include "test_util.h"

#define W 330
#define H 210

typedef struct scene {
    tu_vertex *small;   /* 3 triangles per small draw */
    uint32_t num_small;
    tu_vertex *mesh;
    uint32_t *mesh_idx;
    uint32_t mesh_verts, mesh_indices;
} scene;

static scene sc;
static uint8_t *ref_color, *ref_depth;

static void build_scene(void)
{
    bool small = tu_sanitized();
    sc.num_small = small ? 400 : 3000;
    sc.small = malloc((size_t)sc.num_small * 9 * sizeof(tu_vertex));
    uint64_t seed = 42;
    for (uint32_t i = 0; i < sc.num_small * 9; i++) {
        tu_vertex *v = &sc.small[i];
        uint32_t tri = i / 3;
        float cx = tu_randf(&seed, -1, 1), cy = tu_randf(&seed, -1, 1);
        if (i % 3) { /* near the triangle's first vertex */
            cx = sc.small[tri * 3].pos[0] + tu_randf(&seed, -0.3f, 0.3f);
            cy = sc.small[tri * 3].pos[1] + tu_randf(&seed, -0.3f, 0.3f);
        }
        float z = tu_randf(&seed, -0.95f, 0.95f);
        *v = (tu_vertex){{cx, cy, z, 1},
                         {tu_randf(&seed, 0, 1), tu_randf(&seed, 0, 1), tu_randf(&seed, 0, 1),
                          tu_randf(&seed, 0.2f, 0.9f)}};
    }
    /* Height field: (n+1)^2 vertices, 2 n^2 triangles. */
    uint32_t n = small ? 100 : 317; /* 317^2 * 2 = 200978 triangles */
    sc.mesh_verts = (n + 1) * (n + 1);
    sc.mesh_indices = n * n * 6;
    sc.mesh = malloc((size_t)sc.mesh_verts * sizeof(tu_vertex));
    sc.mesh_idx = malloc((size_t)sc.mesh_indices * sizeof(uint32_t));
    for (uint32_t j = 0; j <= n; j++)
        for (uint32_t i = 0; i <= n; i++) {
            float x = -1.0f + 2.0f * i / n, y = -1.0f + 2.0f * j / n;
            float z = 0.3f * sinf(x * 9.0f) * cosf(y * 7.0f);
            float w = 1.0f + 0.5f * (x + 1.0f);
            sc.mesh[j * (n + 1) + i] =
                (tu_vertex){{x * w, y * w, z * w, w},
                            {0.5f + 0.5f * sinf(x * 5), 0.5f + 0.5f * cosf(y * 3), 0.5f + z, 1}};
        }
    uint32_t *ix = sc.mesh_idx;
    for (uint32_t j = 0; j < n; j++)
        for (uint32_t i = 0; i < n; i++) {
            uint32_t a = j * (n + 1) + i, b = a + n + 1;
            *ix++ = a, *ix++ = a + 1, *ix++ = b;
            *ix++ = a + 1, *ix++ = b + 1, *ix++ = b;
        }
}

static void render(tu_target *t)
{
    swr_context *ctx = t->ctx;
    tu_pipeline(t, SWR_INTERP_PERSPECTIVE);
    const float clear[4] = {0.1f, 0.2f, 0.3f, 1.0f};
    tu_clear(t, clear, 1.0);

    tu_bind_vertices(ctx, sc.small, sc.num_small * 9);
    swr_blend_state blend = {0};
    blend.rt[0] = (swr_blend_rt){true, SWR_BLEND_ADD, SWR_BLENDFACTOR_SRC_ALPHA,
                                 SWR_BLENDFACTOR_INV_CONST_COLOR, SWR_BLEND_ADD,
                                 SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_INV_SRC_ALPHA, SWR_MASK_RGBA};
    swr_set_blend_state(ctx, &blend);
    static const uint8_t funcs[] = {SWR_FUNC_LESS, SWR_FUNC_ALWAYS, SWR_FUNC_GREATER,
                                    SWR_FUNC_LEQUAL, SWR_FUNC_NOTEQUAL};
    for (uint32_t i = 0; i < sc.num_small; i++) {
        float bc[4] = {(float)(i % 7) / 7.0f, (float)(i % 11) / 11.0f, (float)(i % 5) / 5.0f, 0.5f};
        swr_set_blend_color(ctx, bc);
        if (i % 5 == 0) {
            swr_depth_stencil_state dsa = {.depth_enabled = true, .depth_writemask = (i / 5) % 2 == 0,
                                           .depth_func = funcs[(i / 5) % 5]};
            swr_set_depth_stencil_state(ctx, &dsa);
        }
        swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .start = i * 9, .count = 9};
        assert_int_equal(swr_draw(ctx, &d), SWR_OK);
    }

    blend.rt[0] = (swr_blend_rt){.colormask = SWR_MASK_RGBA};
    swr_set_blend_state(ctx, &blend);
    swr_depth_stencil_state dsa = {.depth_enabled = true, .depth_writemask = true,
                                   .depth_func = SWR_FUNC_LESS};
    swr_set_depth_stencil_state(ctx, &dsa);
    tu_bind_vertices(ctx, sc.mesh, sc.mesh_verts);
    swr_set_index_buffer(ctx, sc.mesh_idx, 4, sc.mesh_indices * 4);
    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = sc.mesh_indices, .indexed = true};
    assert_int_equal(swr_draw(ctx, &d), SWR_OK);
    tu_finish(t);
}

static void render_with(const char *what, const swr_context_desc *desc, uint32_t expect_workers,
                        bool is_reference)
{
    tu_target t;
    assert_int_equal(tu_target_init(&t, desc, W, H, SWR_FORMAT_B8G8R8A8_UNORM, SWR_FORMAT_Z32_FLOAT),
                     SWR_OK);
    if (expect_workers != UINT32_MAX)
        assert_int_equal(swr_worker_count(t.ctx), expect_workers);
    render(&t);
    size_t cbytes = (size_t)t.cpitch * H, zbytes = (size_t)t.zpitch * H;
    if (is_reference) {
        ref_color = malloc(cbytes);
        ref_depth = malloc(zbytes);
        memcpy(ref_color, t.color, cbytes);
        memcpy(ref_depth, t.depth, zbytes);
        /* The scene must have produced something other than the clear. */
        size_t changed = 0;
        for (size_t i = 0; i < zbytes / 4; i++)
            changed += ((float *)t.depth)[i] != 1.0f;
        assert_true(changed > (size_t)W * H / 2);
    } else {
        size_t bad = tu_image_diff(what, t.color, t.cpitch, ref_color, t.cpitch, W, H, 4, 0, false, 0);
        bad += tu_image_diff(what, t.depth, t.zpitch, ref_depth, t.zpitch, W, H, 4, 0, false, 0);
        assert_int_equal(bad, 0);
        assert_memory_equal(t.color, ref_color, cbytes);
        assert_memory_equal(t.depth, ref_depth, zbytes);
    }
    tu_target_free(&t);
}

static void test_worker_counts(void **state)
{
    (void)state;
    swr_context_desc st = {.single_threaded = 1};
    render_with("single-threaded", &st, 0, true);
    static const uint32_t counts[] = {1, 2, 3, 8};
    for (int i = 0; i < 4; i++) {
        char v[16], what[64];
        snprintf(v, sizeof v, "%u", counts[i]);
        assert_true(knob_set("MAX_WORKER_THREADS", v));
        snprintf(what, sizeof what, "%u workers", counts[i]);
        /* No other context is alive: this one creates the pool anew. */
        render_with(what, NULL, counts[i], false);
    }
    assert_true(knob_set("MAX_WORKER_THREADS", "0"));
}

static void test_chunk_sizes(void **state)
{
    (void)state;
    static const uint32_t sizes[] = {1, 7, 2040};
    assert_true(knob_set("MAX_WORKER_THREADS", "3"));
    for (int i = 0; i < 3; i++) {
        char what[64];
        snprintf(what, sizeof what, "max_prims_per_draw %u", sizes[i]);
        swr_context_desc d = {.max_prims_per_draw = sizes[i]};
        render_with(what, &d, UINT32_MAX, false);
    }
    assert_true(knob_set("MAX_WORKER_THREADS", "0"));
}

static int setup(void **state)
{
    (void)state;
    build_scene();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(sc.small);
    free(sc.mesh);
    free(sc.mesh_idx);
    free(ref_color);
    free(ref_depth);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worker_counts),
        cmocka_unit_test(test_chunk_sizes),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
