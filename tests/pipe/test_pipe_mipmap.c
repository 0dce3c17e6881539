/*
 * test_pipe_mipmap.c: pipe_context::generate_mipmap of the swr pipe driver
 * (frontend-gallium/pipe/swrp_mipmap.c).
 *
 * Oracles, computed here from the texels read back:
 *   - RGBA8 (UNORM): each texel of level l + 1 is the 2x2 average of its
 *     parents in level l, rounded to nearest with ties up (the channels are
 *     non-negative, so "ties away from zero", the format's store rule):
 *     (a + b + c + d + 2) / 4 in integers; one unit of tolerance for the
 *     float quotient the driver rounds.
 *   - RGBA32F 3D: the 2x2x2 average of dyadic values k / 16, which is exact
 *     in float, so compared for equality.
 *   - odd sizes (RGBA32F): the box-filter weights written out by hand
 *     (5 -> 2: 2/5 2/5 1/5 and 1/5 2/5 2/5; 3 -> 1: 1/3 each).
 *   - layers / faces outside the requested range, and levels of refused
 *     requests, keep a sentinel value.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frontend-gallium/pipe/swr_public.h"
#include "frontend-gallium/pipe/swrp_context.h"
#include "pipe_test_util.h"

#define SENTINEL 0x5a5a5a5au

static uint32_t rng_state = 12345u;
static uint32_t rng(void)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}

static struct pipe_resource *make(enum pipe_texture_target target, enum pipe_format f, uint32_t w,
                                  uint16_t h, uint16_t d, uint16_t layers, unsigned last_level)
{
    struct pipe_resource t = {.target = target, .format = f, .width0 = w, .height0 = h,
                              .depth0 = d, .array_size = layers, .last_level = last_level,
                              .bind = PIPE_BIND_SAMPLER_VIEW};
    struct pipe_resource *r = pt_screen->resource_create(pt_screen, &t);
    assert_non_null(r);
    return r;
}

static uint32_t lsize(uint32_t s, unsigned l) { return s >> l ? s >> l : 1; }

/* Writes or reads `n` layers (slices) from `z` of a whole level, packed. */
static void put(struct pipe_resource *r, unsigned level, uint32_t z, uint32_t n, const void *data,
                unsigned texel_bytes)
{
    uint32_t w = lsize(r->width0, level), h = lsize(r->height0, level);
    struct pipe_box box = {0, 0, (int32_t)z, (int32_t)w, (int32_t)h, (int32_t)n};
    pt_ctx->texture_subdata(pt_ctx, r, level, PIPE_MAP_WRITE, &box, data, w * texel_bytes,
                            (uint64_t)w * h * texel_bytes);
}

static void get(struct pipe_resource *r, unsigned level, uint32_t z, uint32_t n, void *out,
                unsigned texel_bytes)
{
    uint32_t w = lsize(r->width0, level), h = lsize(r->height0, level);
    struct pipe_box box = {0, 0, (int32_t)z, (int32_t)w, (int32_t)h, (int32_t)n};
    struct pipe_transfer *t = NULL;
    const uint8_t *p = pt_ctx->texture_map(pt_ctx, r, level, PIPE_MAP_READ, &box, &t);
    assert_non_null(p);
    for (uint32_t k = 0; k < n; k++)
        for (uint32_t y = 0; y < h; y++)
            memcpy((uint8_t *)out + ((size_t)k * h + y) * w * texel_bytes,
                   p + (size_t)k * t->layer_stride + (size_t)y * t->stride,
                   (size_t)w * texel_bytes);
    pt_ctx->texture_unmap(pt_ctx, t);
}

/* Level 0 of layers [0, layers) random; every other level SENTINEL. */
static void fill_rgba8(struct pipe_resource *r, uint32_t layers)
{
    uint32_t buf[64 * 64 * 6];
    for (unsigned l = 0; l <= r->last_level; l++) {
        uint32_t n = lsize(r->width0, l) * lsize(r->height0, l) * layers;
        assert_true(n <= 64 * 64 * 6);
        for (uint32_t i = 0; i < n; i++)
            buf[i] = l ? SENTINEL : rng();
        put(r, l, 0, layers, buf, 4);
    }
}

/* Checks level l + 1 of `layer` against the 2x2 average of level l. */
static void check_rgba8_level(struct pipe_resource *r, unsigned l, uint32_t layer)
{
    uint32_t sw = lsize(r->width0, l), sh = lsize(r->height0, l);
    uint32_t dw = lsize(r->width0, l + 1), dh = lsize(r->height0, l + 1);
    assert_true(sw == 2 * dw && sh == 2 * dh); /* the tests use even sizes */
    uint32_t src[64 * 64], dst[32 * 32];
    get(r, l, layer, 1, src, 4);
    get(r, l + 1, layer, 1, dst, 4);
    for (uint32_t y = 0; y < dh; y++)
        for (uint32_t x = 0; x < dw; x++)
            for (int c = 0; c < 4; c++) {
                unsigned sum = 0;
                for (int j = 0; j < 2; j++)
                    for (int i = 0; i < 2; i++)
                        sum += (src[(2 * y + j) * sw + 2 * x + i] >> (8 * c)) & 0xff;
                int want = (int)((sum + 2) / 4);
                int got = (int)((dst[y * dw + x] >> (8 * c)) & 0xff);
                if (abs(got - want) > 1)
                    fail_msg("level %u layer %u (%u,%u) channel %d: got %d want %d", l + 1, layer,
                             x, y, c, got, want);
            }
}

static void expect_sentinel(struct pipe_resource *r, unsigned level, uint32_t layer)
{
    uint32_t out[64 * 64];
    uint32_t n = lsize(r->width0, level) * lsize(r->height0, level);
    get(r, level, layer, 1, out, 4);
    for (uint32_t i = 0; i < n; i++)
        assert_int_equal(out[i], SENTINEL);
}

static void test_cap(void **state)
{
    (void)state;
    assert_int_equal(pt_screen->get_param(pt_screen, PIPE_CAP_GENERATE_MIPMAP), 1);
    assert_non_null(pt_ctx->generate_mipmap);
}

static void test_rgba8_2d(void **state)
{
    (void)state;
    struct pipe_resource *r = make(PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 3);
    fill_rgba8(r, 1);
    assert_true(pt_ctx->generate_mipmap(pt_ctx, r, r->format, 0, 3, 0, 0));
    for (unsigned l = 0; l < 3; l++)
        check_rgba8_level(r, l, 0);
    /* A non-square chain down to 1x1 (16x4 -> 8x2 -> 4x1 -> 2x1 -> 1x1):
     * the last two steps average only horizontally. */
    struct pipe_resource *q = make(PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 16, 4, 1, 1, 4);
    fill_rgba8(q, 1);
    assert_true(pt_ctx->generate_mipmap(pt_ctx, q, q->format, 0, 4, 0, 0));
    check_rgba8_level(q, 0, 0);
    check_rgba8_level(q, 1, 0);
    uint32_t a[4], b[2], c[1];
    get(q, 2, 0, 1, a, 4);
    get(q, 3, 0, 1, b, 4);
    get(q, 4, 0, 1, c, 4);
    for (int ch = 0; ch < 4; ch++) {
        for (int x = 0; x < 2; x++) {
            unsigned s = ((a[2 * x] >> (8 * ch)) & 0xff) + ((a[2 * x + 1] >> (8 * ch)) & 0xff);
            assert_true(abs((int)((b[x] >> (8 * ch)) & 0xff) - (int)((s + 1) / 2)) <= 1);
        }
        unsigned s = ((b[0] >> (8 * ch)) & 0xff) + ((b[1] >> (8 * ch)) & 0xff);
        assert_true(abs((int)((c[0] >> (8 * ch)) & 0xff) - (int)((s + 1) / 2)) <= 1);
    }
    /* base_level > 0 leaves the levels above it alone. */
    uint32_t before[16], after[16];
    get(r, 1, 0, 1, before, 4);
    uint32_t s16[16];
    for (int i = 0; i < 16; i++)
        s16[i] = SENTINEL;
    put(r, 2, 0, 1, s16, 4);
    assert_true(pt_ctx->generate_mipmap(pt_ctx, r, r->format, 1, 2, 0, 0));
    get(r, 1, 0, 1, after, 4);
    assert_memory_equal(before, after, sizeof before);
    check_rgba8_level(r, 1, 0);
    pipe_resource_reference(&r, NULL);
    pipe_resource_reference(&q, NULL);
}

static void test_array_layers(void **state)
{
    (void)state;
    struct pipe_resource *r =
        make(PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 4, 3);
    fill_rgba8(r, 4);
    assert_true(pt_ctx->generate_mipmap(pt_ctx, r, r->format, 0, 3, 1, 2));
    for (uint32_t layer = 1; layer <= 2; layer++)
        for (unsigned l = 0; l < 3; l++)
            check_rgba8_level(r, l, layer);
    for (unsigned l = 1; l <= 3; l++) {
        expect_sentinel(r, l, 0);
        expect_sentinel(r, l, 3);
    }
    pipe_resource_reference(&r, NULL);
}

static void test_cube_faces(void **state)
{
    (void)state;
    struct pipe_resource *r = make(PIPE_TEXTURE_CUBE, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 6, 2);
    fill_rgba8(r, 6);
    assert_true(pt_ctx->generate_mipmap(pt_ctx, r, r->format, 0, 2, 0, 5));
    for (uint32_t face = 0; face < 6; face++)
        for (unsigned l = 0; l < 2; l++)
            check_rgba8_level(r, l, face);
    pipe_resource_reference(&r, NULL);
}

static void test_3d_float(void **state)
{
    (void)state;
    struct pipe_resource *r = make(PIPE_TEXTURE_3D, PIPE_FORMAT_R32G32B32A32_FLOAT, 4, 4, 4, 1, 2);
    float l0[4 * 4 * 4][4], l1[2 * 2 * 2][4], l2[1][4];
    for (int i = 0; i < 64; i++)
        for (int c = 0; c < 4; c++)
            l0[i][c] = (float)(int)(rng() % 512 - 256) / 16.0f; /* dyadic: sums exact */
    put(r, 0, 0, 4, l0, 16);
    memset(l1, 0x7f, sizeof l1);
    memset(l2, 0x7f, sizeof l2);
    put(r, 1, 0, 2, l1, 16);
    put(r, 2, 0, 1, l2, 16);
    assert_true(pt_ctx->generate_mipmap(pt_ctx, r, r->format, 0, 2, 0, 3));
    get(r, 1, 0, 2, l1, 16);
    get(r, 2, 0, 1, l2, 16);
    for (int z = 0; z < 2; z++)
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 2; x++)
                for (int c = 0; c < 4; c++) {
                    float sum = 0;
                    for (int k = 0; k < 8; k++)
                        sum += l0[((2 * z + (k >> 2)) * 4 + 2 * y + ((k >> 1) & 1)) * 4 + 2 * x +
                                  (k & 1)][c];
                    assert_true(l1[(z * 2 + y) * 2 + x][c] == sum / 8);
                }
    for (int c = 0; c < 4; c++) {
        float sum = 0;
        for (int k = 0; k < 8; k++)
            sum += l1[k][c];
        assert_true(l2[0][c] == sum / 8);
    }
    pipe_resource_reference(&r, NULL);
}

/* 5x3 -> 2x1: every source texel counts, weights written out by hand. */
static void test_odd_sizes(void **state)
{
    (void)state;
    struct pipe_resource *r = make(PIPE_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_FLOAT, 5, 3, 1, 1, 1);
    float l0[15][4], l1[2][4];
    for (int i = 0; i < 15; i++)
        for (int c = 0; c < 4; c++)
            l0[i][c] = (float)(rng() % 1000) / 100.0f;
    put(r, 0, 0, 1, l0, 16);
    assert_true(pt_ctx->generate_mipmap(pt_ctx, r, r->format, 0, 1, 0, 0));
    get(r, 1, 0, 1, l1, 16);
    static const double wx[2][5] = {{0.4, 0.4, 0.2, 0, 0}, {0, 0, 0.2, 0.4, 0.4}};
    for (int x = 0; x < 2; x++)
        for (int c = 0; c < 4; c++) {
            double want = 0;
            for (int y = 0; y < 3; y++)
                for (int i = 0; i < 5; i++)
                    want += wx[x][i] / 3.0 * l0[y * 5 + i][c];
            assert_float_equal(l1[x][c], want, 1e-4);
        }
    pipe_resource_reference(&r, NULL);
}

static void test_refusals(void **state)
{
    (void)state;
    struct pipe_resource *u = make(PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UINT, 8, 8, 1, 1, 1);
    fill_rgba8(u, 1);
    assert_false(pt_ctx->generate_mipmap(pt_ctx, u, u->format, 0, 1, 0, 0));
    expect_sentinel(u, 1, 0);
    struct pipe_resource *f = make(PIPE_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_UINT, 4, 4, 1, 1, 1);
    assert_false(pt_ctx->generate_mipmap(pt_ctx, f, f->format, 0, 1, 0, 0));
    struct pipe_resource *dxt = make(PIPE_TEXTURE_2D, PIPE_FORMAT_DXT1_RGBA, 8, 8, 1, 1, 1);
    assert_false(pt_ctx->generate_mipmap(pt_ctx, dxt, dxt->format, 0, 1, 0, 0));
    struct pipe_resource *z = make(PIPE_TEXTURE_2D, PIPE_FORMAT_Z24_UNORM_S8_UINT, 8, 8, 1, 1, 1);
    assert_false(pt_ctx->generate_mipmap(pt_ctx, z, z->format, 0, 1, 0, 0));

    struct pipe_resource *r = make(PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 1);
    fill_rgba8(r, 1);
    /* A view of another block size, bad levels and layers. */
    assert_false(pt_ctx->generate_mipmap(pt_ctx, r, PIPE_FORMAT_R32G32B32A32_FLOAT, 0, 1, 0, 0));
    assert_false(pt_ctx->generate_mipmap(pt_ctx, r, r->format, 0, 2, 0, 0));
    assert_false(pt_ctx->generate_mipmap(pt_ctx, r, r->format, 1, 0, 0, 0));
    assert_false(pt_ctx->generate_mipmap(pt_ctx, r, r->format, 0, 1, 0, 1));
    assert_false(pt_ctx->generate_mipmap(pt_ctx, r, r->format, 0, 1, 1, 0));
    /* An integer view of UNORM storage is refused too. */
    assert_false(pt_ctx->generate_mipmap(pt_ctx, r, PIPE_FORMAT_R8G8B8A8_UINT, 0, 1, 0, 0));
    expect_sentinel(r, 1, 0);
    /* base == last: nothing to do, success. */
    assert_true(pt_ctx->generate_mipmap(pt_ctx, r, r->format, 1, 1, 0, 0));
    expect_sentinel(r, 1, 0);
    pipe_resource_reference(&u, NULL);
    pipe_resource_reference(&f, NULL);
    pipe_resource_reference(&dxt, NULL);
    pipe_resource_reference(&z, NULL);
    pipe_resource_reference(&r, NULL);
}

/* generate_mipmap has no render-condition flag: a failing condition does
 * not stop it (swrp_mipmap.c essay). */
static void test_render_condition_ignored(void **state)
{
    (void)state;
    struct pipe_resource *r = make(PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 1);
    fill_rgba8(r, 1);
    struct pipe_query *q = pt_ctx->create_query(pt_ctx, PIPE_QUERY_OCCLUSION_PREDICATE, 0);
    assert_non_null(q);
    pt_ctx->begin_query(pt_ctx, q);
    pt_ctx->end_query(pt_ctx, q); /* nothing drawn: FALSE */
    pt_ctx->render_condition(pt_ctx, q, false, PIPE_RENDER_COND_WAIT);
    assert_true(pt_ctx->generate_mipmap(pt_ctx, r, r->format, 0, 1, 0, 0));
    pt_ctx->render_condition(pt_ctx, NULL, false, 0);
    check_rgba8_level(r, 0, 0);
    pt_ctx->destroy_query(pt_ctx, q);
    pipe_resource_reference(&r, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cap),
        cmocka_unit_test(test_rgba8_2d),
        cmocka_unit_test(test_array_layers),
        cmocka_unit_test(test_cube_faces),
        cmocka_unit_test(test_3d_float),
        cmocka_unit_test(test_odd_sizes),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_render_condition_ignored),
    };
    return cmocka_run_group_tests(tests, pt_group_setup, pt_group_teardown);
}
