/*
 * test_render_reference.c: whole-engine rendering of random triangle scenes
 * against the scalar reference renderer tests/support/ref_render.c.
 *
 * - Coverage, exactly: every triangle adds (1, id, id^2 mod 4096, 0) with
 *   ONE/ONE blending into an R32G32B32A32_FLOAT target, depth off. All
 *   values are small integers, so both renderers' sums are exact: per pixel
 *   the number of covering triangles AND which ones must agree bit for bit.
 *   Also a mesh of triangles sharing edges (top-left rule: every pixel of
 *   the mesh exactly once).
 * - Opaque scenes with depth test LESS (Z32_FLOAT and Z24_UNORM_S8_UINT),
 *   per-vertex random colours, perspective and linear interpolation, into
 *   B8G8R8A8_UNORM, R8G8B8A8_UNORM and R32G32B32A32_FLOAT: colours within 1
 *   per UNORM8 channel (2e-3 for float), depth within a few units.
 *   Why a difference can occur at all: the engine interpolates in float with
 *   plane equations relative to vertex 0 (b1, b2 then the perspective
 *   divide), the reference in double from the barycentric formula; the two
 *   orders of operations round differently, which can move a value across a
 *   UNORM rounding boundary (one step) but never further. Depth decisions
 *   that are closer than the rounding (flagged by the reference as
 *   ambiguous) are excluded, and must be rare.
 * - A blended scene (SRC_ALPHA, INV_SRC_ALPHA; depth off): within 1 per
 *   channel. A one-step difference in the destination shrinks by (1 - a)
 *   at each later blend, so it cannot grow past one step (a >= 0.1).
 * Targets are 200x133: partial macrotiles on the right and bottom.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_render.h"
#include "test_util.h"

#define W 200
#define H 133

/* Random triangles, trivially inside the clip volume. Window-space size
 * up to about `size` of the viewport. w in [0.5, 3] per vertex makes
 * perspective correction matter. */
static void random_tris(uint64_t *seed, uint32_t n, float size, bool flat_color, tu_vertex *out)
{
    for (uint32_t t = 0; t < n; t++) {
        float cx = tu_randf(seed, -1, 1), cy = tu_randf(seed, -1, 1);
        float col[4] = {tu_randf(seed, 0, 1), tu_randf(seed, 0, 1), tu_randf(seed, 0, 1),
                        tu_randf(seed, 0.1f, 1)};
        for (int k = 0; k < 3; k++) {
            tu_vertex *v = &out[3 * t + k];
            float x = cx + tu_randf(seed, -size, size), y = cy + tu_randf(seed, -size, size);
            x = x < -1 ? -1 : x > 1 ? 1 : x;
            y = y < -1 ? -1 : y > 1 ? 1 : y;
            float z = tu_randf(seed, -0.9f, 0.9f);
            float w = tu_randf(seed, 0.5f, 3.0f);
            v->pos[0] = x * w, v->pos[1] = y * w, v->pos[2] = z * w, v->pos[3] = w;
            if (flat_color) {
                memcpy(v->color, col, sizeof col);
            } else {
                for (int c = 0; c < 3; c++)
                    v->color[c] = tu_randf(seed, 0, 1);
                v->color[3] = tu_randf(seed, 0.1f, 1);
            }
        }
    }
}

static void to_ref(const tu_vertex *v, uint32_t n, ref_vertex *r)
{
    memset(r, 0, n * sizeof *r);
    for (uint32_t i = 0; i < n; i++) {
        memcpy(r[i].pos, v[i].pos, sizeof r[i].pos);
        memcpy(r[i].attr[0], v[i].color, sizeof r[i].attr[0]);
    }
}

static void draw_list(swr_context *ctx, const tu_vertex *v, uint32_t n)
{
    tu_bind_vertices(ctx, v, n);
    swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = n};
    assert_int_equal(swr_draw(ctx, &d), SWR_OK);
}

static ref_state ref_default(void)
{
    ref_state rs;
    memset(&rs, 0, sizeof rs);
    rs.vp = tu_viewport(W, H);
    rs.num_attr = 1;
    rs.interp[0] = SWR_INTERP_PERSPECTIVE;
    rs.blend.rt[0].colormask = SWR_MASK_RGBA;
    return rs;
}

static const swr_blend_rt additive = {true, SWR_BLEND_ADD, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE,
                                      SWR_BLEND_ADD, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE,
                                      SWR_MASK_RGBA};

/* Renders the id-sum scene with the engine and the reference and compares
 * exactly. */
static void check_coverage(const char *what, tu_vertex *v, uint32_t ntris, const swr_context_desc *desc)
{
    for (uint32_t t = 0; t < ntris; t++)
        for (int k = 0; k < 3; k++) {
            float *c = v[3 * t + k].color;
            c[0] = 1, c[1] = (float)(t + 1), c[2] = (float)(((t + 1) * (t + 1)) % 4096), c[3] = 0;
        }
    tu_target tt;
    assert_int_equal(tu_target_init(&tt, desc, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE),
                     SWR_OK);
    tu_pipeline(&tt, SWR_INTERP_CONSTANT);
    swr_blend_state blend = {0};
    blend.rt[0] = additive;
    swr_set_blend_state(tt.ctx, &blend);
    const float zero[4] = {0, 0, 0, 0};
    tu_clear(&tt, zero, 1.0);
    draw_list(tt.ctx, v, ntris * 3);
    tu_finish(&tt);

    ref_state rs = ref_default();
    rs.interp[0] = SWR_INTERP_CONSTANT;
    rs.blend = blend;
    ref_target rt;
    ref_target_init(&rt, W, H, SWR_FORMAT_R32G32B32A32_FLOAT, SWR_FORMAT_NONE);
    ref_target_clear(&rt, zero, 1.0f);
    ref_vertex *rv = malloc(ntris * 3 * sizeof *rv);
    assert_non_null(rv);
    to_ref(v, ntris * 3, rv);
    uint64_t frags = ref_render_triangles(&rs, &rt, rv, ntris);
    assert_true(frags > 0);

    size_t bad = tu_image_diff(what, tt.color, tt.cpitch, rt.color, W * 16, W, H, 16, 0, true, 0.0f);
    assert_int_equal(bad, 0);
    swr_stats s;
    swr_get_stats(tt.ctx, &s);
    assert_int_equal(s.ps_invocations, frags);
    free(rv);
    ref_target_free(&rt);
    tu_target_free(&tt);
}

static void test_coverage_random(void **state)
{
    (void)state;
    uint64_t seed = 0x1234567;
    enum { N = 400 };
    tu_vertex *v = malloc(N * 3 * sizeof *v);
    assert_non_null(v);
    for (int round = 0; round < 3; round++) {
        /* Small, medium and large triangles. */
        random_tris(&seed, N, round == 0 ? 0.05f : round == 1 ? 0.25f : 0.9f, true, v);
        check_coverage("coverage random", v, N, NULL);
    }
    /* Single-threaded engine too. */
    random_tris(&seed, N, 0.2f, true, v);
    swr_context_desc st = {.single_threaded = 1};
    check_coverage("coverage random (single-threaded)", v, N, &st);
    free(v);
}

/* A jittered grid: every interior pixel belongs to exactly one triangle. */
static void test_coverage_mesh(void **state)
{
    (void)state;
    enum { GX = 17, GY = 11 };
    uint64_t seed = 99;
    float px[GY + 1][GX + 1][2];
    for (int j = 0; j <= GY; j++)
        for (int i = 0; i <= GX; i++) {
            float x = -1.0f + 2.0f * i / GX, y = -1.0f + 2.0f * j / GY;
            if (i > 0 && i < GX)
                x += tu_randf(&seed, -0.3f, 0.3f) * (2.0f / GX);
            if (j > 0 && j < GY)
                y += tu_randf(&seed, -0.3f, 0.3f) * (2.0f / GY);
            px[j][i][0] = x, px[j][i][1] = y;
        }
    tu_vertex *v = calloc(GX * GY * 6, sizeof *v);
    assert_non_null(v);
    uint32_t n = 0;
    for (int j = 0; j < GY; j++)
        for (int i = 0; i < GX; i++) {
            const int q[6][2] = {{i, j}, {i + 1, j}, {i + 1, j + 1}, {i, j}, {i + 1, j + 1}, {i, j + 1}};
            for (int k = 0; k < 6; k++) {
                float w = 1.0f + (float)((q[k][0] * 7 + q[k][1] * 3) % 5) * 0.25f;
                tu_vertex *o = &v[n++];
                o->pos[0] = px[q[k][1]][q[k][0]][0] * w;
                o->pos[1] = px[q[k][1]][q[k][0]][1] * w;
                o->pos[2] = 0;
                o->pos[3] = w;
            }
        }
    check_coverage("coverage mesh", v, n / 3, NULL);
    free(v);
}

typedef struct scene_cfg {
    swr_format cfmt, zfmt;
    uint8_t interp;
    bool blended;
    float size;
} scene_cfg;

static void run_scene(const scene_cfg *cfg, uint64_t seed)
{
    enum { N = 300 };
    tu_vertex *v = malloc(N * 3 * sizeof *v);
    ref_vertex *rv = malloc(N * 3 * sizeof *rv);
    assert_non_null(v);
    assert_non_null(rv);
    random_tris(&seed, N, cfg->size, false, v);
    to_ref(v, N * 3, rv);

    tu_target tt;
    assert_int_equal(tu_target_init(&tt, NULL, W, H, cfg->cfmt, cfg->zfmt), SWR_OK);
    tu_pipeline(&tt, cfg->interp);
    ref_state rs = ref_default();
    rs.interp[0] = cfg->interp;
    if (cfg->zfmt != SWR_FORMAT_NONE) {
        swr_depth_stencil_state dsa = {.depth_enabled = true, .depth_writemask = true,
                                       .depth_func = SWR_FUNC_LESS};
        swr_set_depth_stencil_state(tt.ctx, &dsa);
        rs.dsa = dsa;
        rs.depth_eps = cfg->zfmt == SWR_FORMAT_Z32_FLOAT ? 1e-5f : 200.0f;
    }
    if (cfg->blended) {
        swr_blend_state blend = {0};
        blend.rt[0] = (swr_blend_rt){true, SWR_BLEND_ADD, SWR_BLENDFACTOR_SRC_ALPHA,
                                     SWR_BLENDFACTOR_INV_SRC_ALPHA, SWR_BLEND_ADD,
                                     SWR_BLENDFACTOR_SRC_ALPHA, SWR_BLENDFACTOR_INV_SRC_ALPHA,
                                     SWR_MASK_RGBA};
        swr_set_blend_state(tt.ctx, &blend);
        rs.blend = blend;
    }
    const float clear[4] = {0.2f, 0.4f, 0.6f, 1.0f};
    tu_clear(&tt, clear, 1.0);
    draw_list(tt.ctx, v, N * 3);
    tu_finish(&tt);

    ref_target rt;
    ref_target_init(&rt, W, H, cfg->cfmt, cfg->zfmt);
    ref_target_clear(&rt, clear, 1.0f);
    ref_render_triangles(&rs, &rt, rv, N);

    /* Ambiguous pixels: copy the engine's value into the reference so the
     * diff ignores them; count them. */
    size_t ambiguous = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++)
            if (rt.ambiguous[y * W + x]) {
                ambiguous++;
                memcpy(rt.color + ((size_t)y * W + x) * rt.cbpp,
                       tt.color + (size_t)y * tt.cpitch + (size_t)x * tt.cbpp, rt.cbpp);
            }
    assert_true(ambiguous * 200 < (size_t)W * H); /* < 0.5% */

    char what[96];
    snprintf(what, sizeof what, "scene fmt %u z %u interp %u blend %d", cfg->cfmt, cfg->zfmt,
             cfg->interp, cfg->blended);
    bool isfloat = cfg->cfmt == SWR_FORMAT_R32G32B32A32_FLOAT;
    size_t bad = tu_image_diff(what, tt.color, tt.cpitch, rt.color, W * rt.cbpp, W, H, rt.cbpp, 1,
                               isfloat, 2e-3f);
    assert_int_equal(bad, 0);

    if (cfg->zfmt != SWR_FORMAT_NONE) {
        size_t zbad = 0;
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++) {
                if (rt.ambiguous[y * W + x])
                    continue;
                uint32_t e = ref_depth_from_surface(cfg->zfmt, tt.depth, tt.zpitch, x, y);
                uint32_t r = rt.depth[y * W + x];
                bool ok;
                if (cfg->zfmt == SWR_FORMAT_Z32_FLOAT) {
                    float fe, fr;
                    memcpy(&fe, &e, 4);
                    memcpy(&fr, &r, 4);
                    ok = fabsf(fe - fr) <= 1e-5f;
                } else {
                    ok = (e > r ? e - r : r - e) <= 200;
                }
                if (!ok && zbad++ < 5)
                    fprintf(stderr, "%s: depth (%u, %u) engine %#x ref %#x\n", what, x, y, e, r);
            }
        assert_int_equal(zbad, 0);
    }
    ref_target_free(&rt);
    tu_target_free(&tt);
    free(v);
    free(rv);
}

static void test_opaque_depth(void **state)
{
    (void)state;
    const swr_format cfmts[] = {SWR_FORMAT_B8G8R8A8_UNORM, SWR_FORMAT_R8G8B8A8_UNORM,
                                SWR_FORMAT_R32G32B32A32_FLOAT};
    const swr_format zfmts[] = {SWR_FORMAT_Z32_FLOAT, SWR_FORMAT_Z24_UNORM_S8_UINT};
    uint64_t seed = 7;
    for (int c = 0; c < 3; c++)
        for (int z = 0; z < 2; z++)
            for (int i = 0; i < 2; i++) {
                scene_cfg cfg = {cfmts[c], zfmts[z],
                                 i ? SWR_INTERP_LINEAR : SWR_INTERP_PERSPECTIVE, false, 0.3f};
                run_scene(&cfg, seed++);
            }
}

static void test_blended(void **state)
{
    (void)state;
    const swr_format cfmts[] = {SWR_FORMAT_B8G8R8A8_UNORM, SWR_FORMAT_R8G8B8A8_UNORM,
                                SWR_FORMAT_R32G32B32A32_FLOAT};
    uint64_t seed = 1000;
    for (int c = 0; c < 3; c++) {
        scene_cfg cfg = {cfmts[c], SWR_FORMAT_NONE, SWR_INTERP_PERSPECTIVE, true, 0.3f};
        run_scene(&cfg, seed++);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_coverage_random),
        cmocka_unit_test(test_coverage_mesh),
        cmocka_unit_test(test_opaque_depth),
        cmocka_unit_test(test_blended),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
