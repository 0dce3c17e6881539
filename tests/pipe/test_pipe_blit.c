/*
 * test_pipe_blit.c: pipe_context::blit of the swr pipe driver
 * (frontend-gallium/pipe/swrp_blit.c).
 *
 * Oracles: the docs' textured-quad mapping written out in the test, dst
 * pixel (x, y) <- src at u = sx + (x - dx + 0.5) * sw / dw (likewise v),
 * nearest texel floor(u), bilinear weights frac(u - 0.5) with edge
 * clamping, computed here in double precision on the known source texels;
 * conversions by the formats' definitions (UNORM8 b <-> b / 255); and
 * pixels outside the destination box, scissor or mask must keep a
 * sentinel value.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frontend-gallium/pipe/swr_public.h"
#include "frontend-gallium/pipe/swrp_context.h"
#include "pipe_test_util.h"

static struct pipe_resource *make_tex(enum pipe_format f, uint32_t w, uint16_t h, uint16_t layers,
                                      unsigned bind)
{
    struct pipe_resource t = {.target = layers > 1 ? PIPE_TEXTURE_2D_ARRAY : PIPE_TEXTURE_2D,
                              .format = f, .width0 = w, .height0 = h, .depth0 = 1,
                              .array_size = layers, .bind = bind};
    struct pipe_resource *r = pt_screen->resource_create(pt_screen, &t);
    assert_non_null(r);
    return r;
}

/* Writes `texel_bytes`-sized texels of a whole layer from `data`. */
static void upload(struct pipe_resource *r, unsigned layer, const void *data, unsigned texel_bytes)
{
    struct pipe_box box = {0, 0, (int32_t)layer, (int32_t)r->width0, r->height0, 1};
    pt_ctx->texture_subdata(pt_ctx, r, 0, PIPE_MAP_WRITE, &box, data, r->width0 * texel_bytes,
                         (uint64_t)r->width0 * r->height0 * texel_bytes);
}

static void download(struct pipe_resource *r, unsigned layer, void *out, unsigned texel_bytes)
{
    struct pipe_box box = {0, 0, (int32_t)layer, (int32_t)r->width0, r->height0, 1};
    struct pipe_transfer *t = NULL;
    const uint8_t *p = pt_ctx->texture_map(pt_ctx, r, 0, PIPE_MAP_READ, &box, &t);
    assert_non_null(p);
    for (uint32_t y = 0; y < r->height0; y++)
        memcpy((uint8_t *)out + (size_t)y * r->width0 * texel_bytes, p + (size_t)y * t->stride,
               (size_t)r->width0 * texel_bytes);
    pt_ctx->texture_unmap(pt_ctx, t);
}

static uint32_t tex8(int x, int y)
{
    return (uint32_t)(x * 11 + 3) | (uint32_t)(y * 17 + 5) << 8 | (uint32_t)((x ^ y) * 7) << 16 |
           (uint32_t)(200 + x + y) << 24;
}

static struct pipe_blit_info blit_info(struct pipe_resource *dst, struct pipe_box db,
                                       struct pipe_resource *src, struct pipe_box sb)
{
    struct pipe_blit_info b;
    memset(&b, 0, sizeof b);
    b.dst.resource = dst;
    b.dst.box = db;
    b.dst.format = dst->format;
    b.src.resource = src;
    b.src.box = sb;
    b.src.format = src->format;
    b.mask = PIPE_MASK_RGBA;
    b.filter = PIPE_TEX_FILTER_NEAREST;
    return b;
}

#define SENTINEL 0x55555555u

/* An RGBA8 source (SW x SH) with tex8 texels and a sentinel-filled dst. */
static struct pipe_resource *src8(int sw, int sh)
{
    struct pipe_resource *s = make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, sw, sh, 1,
                                       PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET);
    uint32_t *d = malloc((size_t)sw * sh * 4);
    for (int y = 0; y < sh; y++)
        for (int x = 0; x < sw; x++)
            d[y * sw + x] = tex8(x, y);
    upload(s, 0, d, 4);
    free(d);
    return s;
}

static struct pipe_resource *dst8(int w, int h)
{
    struct pipe_resource *r = make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, w, h, 1,
                                       PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET);
    uint32_t *d = malloc((size_t)w * h * 4);
    for (int i = 0; i < w * h; i++)
        d[i] = SENTINEL;
    upload(r, 0, d, 4);
    free(d);
    return r;
}

/* Nearest source texel index of dst coordinate x (box start dx, width dw)
 * for source start sx, width sw (may be negative), clamped to [0, n). */
static int nearest(int x, int dx, int dw, int sx, int sw, int n)
{
    double u = sx + (x - dx + 0.5) * (double)sw / dw;
    int i = (int)floor(u);
    return i < 0 ? 0 : i >= n ? n - 1 : i;
}

/* ---- copies, scaling and flips --------------------------------------------- */

static void test_exact_copy(void **state)
{
    (void)state;
    struct pipe_resource *s = src8(37, 23), *d = dst8(40, 30);
    struct pipe_blit_info b = blit_info(d, (struct pipe_box){5, 6, 0, 20, 10, 1}, s,
                                        (struct pipe_box){3, 4, 0, 20, 10, 1});
    pt_ctx->blit(pt_ctx, &b);
    uint32_t out[40 * 30];
    download(d, 0, out, 4);
    for (int y = 0; y < 30; y++)
        for (int x = 0; x < 40; x++) {
            bool in = x >= 5 && x < 25 && y >= 6 && y < 16;
            uint32_t want = in ? tex8(x - 5 + 3, y - 6 + 4) : SENTINEL;
            assert_int_equal(out[y * 40 + x], want);
        }
    pipe_resource_reference(&s, NULL);
    pipe_resource_reference(&d, NULL);
}

static void test_scaled_nearest_and_flips(void **state)
{
    (void)state;
    struct pipe_resource *s = src8(8, 8);
    /* Each case: dst box and src box; dst is 20 x 12. */
    const struct pipe_box cases[][2] = {
        {{0, 0, 0, 20, 12, 1}, {0, 0, 0, 8, 8, 1}},   /* magnify 2.5 x 1.5 */
        {{2, 1, 0, 5, 3, 1}, {0, 0, 0, 8, 8, 1}},     /* minify */
        {{0, 0, 0, 20, 12, 1}, {8, 0, 0, -8, 8, 1}},  /* mirrored in x */
        {{0, 0, 0, 20, 12, 1}, {0, 8, 0, 8, -8, 1}},  /* mirrored in y */
        {{20, 12, 0, -20, -12, 1}, {0, 0, 0, 8, 8, 1}}, /* mirrored dst */
        {{0, 0, 0, 20, 12, 1}, {6, 4, 0, 4, 6, 1}},   /* src past the edge: clamps */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        struct pipe_resource *d = dst8(20, 12);
        struct pipe_blit_info b = blit_info(d, cases[c][0], s, cases[c][1]);
        pt_ctx->blit(pt_ctx, &b);
        uint32_t out[20 * 12];
        download(d, 0, out, 4);
        /* The oracle in normalised form: a mirrored dst box is the same
         * pixels with the source box mirrored. */
        struct pipe_box db = cases[c][0], sb = cases[c][1];
        if (db.width < 0) {
            db.x += db.width, db.width = -db.width;
            sb.x += sb.width, sb.width = -sb.width;
        }
        if (db.height < 0) {
            db.y += db.height, db.height = -db.height;
            sb.y += sb.height, sb.height = -sb.height;
        }
        for (int y = 0; y < 12; y++)
            for (int x = 0; x < 20; x++) {
                bool in = x >= db.x && x < db.x + db.width && y >= db.y && y < db.y + db.height;
                uint32_t want = SENTINEL;
                if (in)
                    want = tex8(nearest(x, db.x, db.width, sb.x, sb.width, 8),
                                nearest(y, db.y, db.height, sb.y, sb.height, 8));
                if (out[y * 20 + x] != want)
                    fail_msg("case %zu pixel (%d, %d): %08x, want %08x", c, x, y, out[y * 20 + x],
                             want);
            }
        pipe_resource_reference(&d, NULL);
    }
    /* A plain mirror is exact texel reversal. */
    struct pipe_resource *d = dst8(8, 8);
    struct pipe_blit_info b =
        blit_info(d, (struct pipe_box){0, 0, 0, 8, 8, 1}, s, (struct pipe_box){8, 8, 0, -8, -8, 1});
    pt_ctx->blit(pt_ctx, &b);
    uint32_t out[64];
    download(d, 0, out, 4);
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            assert_int_equal(out[y * 8 + x], tex8(7 - x, 7 - y));
    pipe_resource_reference(&d, NULL);
    pipe_resource_reference(&s, NULL);
}

/* f(x, y) of an RGBA32F source, per channel. */
static float srcf(int x, int y, int c)
{
    return (float)((x * 5 + y * y * 3 + c * 7) % 23) * 0.25f;
}

static void test_scaled_linear(void **state)
{
    (void)state;
    enum { SW = 5, SH = 4, DW = 13, DH = 7 };
    struct pipe_resource *s = make_tex(PIPE_FORMAT_R32G32B32A32_FLOAT, SW, SH, 1,
                                       PIPE_BIND_SAMPLER_VIEW);
    struct pipe_resource *d = make_tex(PIPE_FORMAT_R32G32B32A32_FLOAT, DW, DH, 1,
                                       PIPE_BIND_RENDER_TARGET);
    float in[SH][SW][4], out[DH][DW][4];
    for (int y = 0; y < SH; y++)
        for (int x = 0; x < SW; x++)
            for (int c = 0; c < 4; c++)
                in[y][x][c] = srcf(x, y, c);
    upload(s, 0, in, 16);
    struct pipe_blit_info b = blit_info(d, (struct pipe_box){0, 0, 0, DW, DH, 1}, s,
                                        (struct pipe_box){0, 0, 0, SW, SH, 1});
    b.filter = PIPE_TEX_FILTER_LINEAR;
    pt_ctx->blit(pt_ctx, &b);
    download(d, 0, out, 16);
    for (int y = 0; y < DH; y++)
        for (int x = 0; x < DW; x++) {
            double u = (x + 0.5) * SW / DW - 0.5, v = (y + 0.5) * SH / DH - 0.5;
            int i0 = (int)floor(u), j0 = (int)floor(v);
            double a = u - i0, bb = v - j0;
            int i1 = i0 + 1 > SW - 1 ? SW - 1 : i0 + 1, j1 = j0 + 1 > SH - 1 ? SH - 1 : j0 + 1;
            i0 = i0 < 0 ? 0 : i0;
            j0 = j0 < 0 ? 0 : j0;
            for (int c = 0; c < 4; c++) {
                double want = (1 - a) * (1 - bb) * srcf(i0, j0, c) +
                              a * (1 - bb) * srcf(i1, j0, c) + (1 - a) * bb * srcf(i0, j1, c) +
                              a * bb * srcf(i1, j1, c);
                if (fabs(out[y][x][c] - want) > 1e-4)
                    fail_msg("(%d, %d).%d: %g, want %g", x, y, c, out[y][x][c], want);
            }
        }
    pipe_resource_reference(&s, NULL);
    pipe_resource_reference(&d, NULL);
}

static void test_format_conversion(void **state)
{
    (void)state;
    enum { N = 16 };
    struct pipe_resource *s = src8(N, N), *back = dst8(N, N);
    struct pipe_resource *f = make_tex(PIPE_FORMAT_R32G32B32A32_FLOAT, N, N, 1,
                                       PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW);
    struct pipe_box all = {0, 0, 0, N, N, 1};
    struct pipe_blit_info b = blit_info(f, all, s, all);
    pt_ctx->blit(pt_ctx, &b);
    float fl[N * N][4];
    download(f, 0, fl, 16);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++)
            for (int c = 0; c < 4; c++) {
                double want = ((tex8(x, y) >> (8 * c)) & 0xff) / 255.0;
                assert_true(fabs(fl[y * N + x][c] - want) < 1e-6);
            }
    b = blit_info(back, all, f, all);
    pt_ctx->blit(pt_ctx, &b);
    uint32_t out[N * N];
    download(back, 0, out, 4);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++)
            assert_int_equal(out[y * N + x], tex8(x, y));
    pipe_resource_reference(&s, NULL);
    pipe_resource_reference(&back, NULL);
    pipe_resource_reference(&f, NULL);
}

static void test_scissor_and_mask(void **state)
{
    (void)state;
    struct pipe_resource *s = src8(16, 16), *d = dst8(16, 16);
    struct pipe_box all = {0, 0, 0, 16, 16, 1};
    struct pipe_blit_info b = blit_info(d, all, s, all);
    b.scissor_enable = true;
    b.scissor = (struct pipe_scissor_state){4, 2, 10, 7};
    b.mask = PIPE_MASK_R | PIPE_MASK_A;
    pt_ctx->blit(pt_ctx, &b);
    uint32_t out[256];
    download(d, 0, out, 4);
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            bool in = x >= 4 && x < 10 && y >= 2 && y < 7;
            uint32_t want = in ? (tex8(x, y) & 0xff0000ffu) | (SENTINEL & 0x00ffff00u) : SENTINEL;
            assert_int_equal(out[y * 16 + x], want);
        }
    pipe_resource_reference(&s, NULL);
    pipe_resource_reference(&d, NULL);
}

/* ---- depth and stencil ------------------------------------------------------- */

static void test_depth_stencil(void **state)
{
    (void)state;
    enum { N = 8 };
    struct pipe_box all = {0, 0, 0, N, N, 1};
    /* Z32F: an exact copy of arbitrary floats, mirrored in x. */
    struct pipe_resource *zs = make_tex(PIPE_FORMAT_Z32_FLOAT, N, N, 1, PIPE_BIND_DEPTH_STENCIL);
    struct pipe_resource *zd = make_tex(PIPE_FORMAT_Z32_FLOAT, N, N, 1, PIPE_BIND_DEPTH_STENCIL);
    float z[N * N], zo[N * N];
    for (int i = 0; i < N * N; i++)
        z[i] = (float)i / 77.0f;
    upload(zs, 0, z, 4);
    struct pipe_blit_info b = blit_info(zd, all, zs, (struct pipe_box){N, 0, 0, -N, N, 1});
    b.mask = PIPE_MASK_Z;
    pt_ctx->blit(pt_ctx, &b);
    download(zd, 0, zo, 4);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++)
            assert_true(zo[y * N + x] == z[y * N + (N - 1 - x)]);

    /* Z24S8: Z only keeps stencil, S only keeps depth, ZS copies both. */
    struct pipe_resource *ss = make_tex(PIPE_FORMAT_Z24_UNORM_S8_UINT, N, N, 1,
                                        PIPE_BIND_DEPTH_STENCIL);
    struct pipe_resource *sd = make_tex(PIPE_FORMAT_Z24_UNORM_S8_UINT, N, N, 1,
                                        PIPE_BIND_DEPTH_STENCIL);
    uint32_t sv[N * N], dv[N * N], out[N * N];
    for (int i = 0; i < N * N; i++) {
        sv[i] = (uint32_t)(i * 104729u & 0xffffffu) | (uint32_t)(i * 3 + 1) << 24;
        dv[i] = 0x00abcdefu | 0x7fu << 24;
    }
    upload(ss, 0, sv, 4);
    const unsigned masks[3] = {PIPE_MASK_Z, PIPE_MASK_S, PIPE_MASK_ZS};
    for (int m = 0; m < 3; m++) {
        upload(sd, 0, dv, 4);
        b = blit_info(sd, all, ss, all);
        b.mask = masks[m];
        pt_ctx->blit(pt_ctx, &b);
        download(sd, 0, out, 4);
        for (int i = 0; i < N * N; i++) {
            uint32_t zmask = 0xffffffu, smask = 0xff000000u;
            uint32_t want = ((masks[m] & PIPE_MASK_Z) ? sv[i] : dv[i]) & zmask;
            want |= ((masks[m] & PIPE_MASK_S) ? sv[i] : dv[i]) & smask;
            assert_int_equal(out[i], want);
        }
    }
    pipe_resource_reference(&zs, NULL);
    pipe_resource_reference(&zd, NULL);
    pipe_resource_reference(&ss, NULL);
    pipe_resource_reference(&sd, NULL);
}

/* ---- layers, refusals, render condition -------------------------------------- */

static void test_layers(void **state)
{
    (void)state;
    enum { N = 4 };
    struct pipe_resource *s = make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, N, N, 3, PIPE_BIND_SAMPLER_VIEW);
    struct pipe_resource *d = make_tex(PIPE_FORMAT_R8G8B8A8_UNORM, N, N, 3,
                                       PIPE_BIND_RENDER_TARGET);
    uint32_t l[N * N], out[N * N];
    for (unsigned z = 0; z < 3; z++) {
        for (int i = 0; i < N * N; i++)
            l[i] = 0x01010101u * (z + 1) + (uint32_t)i;
        upload(s, z, l, 4);
        for (int i = 0; i < N * N; i++)
            l[i] = SENTINEL;
        upload(d, z, l, 4);
    }
    /* Layers 1..2 of src into layers 0..1 of dst. */
    struct pipe_blit_info b = blit_info(d, (struct pipe_box){0, 0, 0, N, N, 2}, s,
                                        (struct pipe_box){0, 0, 1, N, N, 2});
    pt_ctx->blit(pt_ctx, &b);
    for (unsigned z = 0; z < 3; z++) {
        download(d, z, out, 4);
        for (int i = 0; i < N * N; i++)
            assert_int_equal(out[i], z < 2 ? 0x01010101u * (z + 2) + (uint32_t)i : SENTINEL);
    }
    pipe_resource_reference(&s, NULL);
    pipe_resource_reference(&d, NULL);
}

static void expect_untouched(struct pipe_resource *d)
{
    uint32_t out[16 * 16];
    download(d, 0, out, 4);
    for (int i = 0; i < 16 * 16; i++)
        assert_int_equal(out[i], SENTINEL);
}

static void test_invalid(void **state)
{
    (void)state;
    struct pipe_resource *s = src8(16, 16), *d = dst8(16, 16);
    struct pipe_resource *z = make_tex(PIPE_FORMAT_Z32_FLOAT, 16, 16, 1, PIPE_BIND_DEPTH_STENCIL);
    struct pipe_resource *dxt = make_tex(PIPE_FORMAT_DXT1_RGBA, 16, 16, 1, PIPE_BIND_SAMPLER_VIEW);
    struct pipe_box all = {0, 0, 0, 16, 16, 1};
    static const uint8_t zero_blocks[4 * 4 * 8] = {0};
    pt_ctx->texture_subdata(pt_ctx, dxt, 0, PIPE_MAP_WRITE, &all, zero_blocks, 4 * 8,
                            sizeof zero_blocks);
    struct pipe_blit_info b;

    pt_ctx->blit(pt_ctx, NULL);
    b = blit_info(d, all, s, all);
    b.src.level = 1; /* no such level */
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, all, s, (struct pipe_box){0, 0, 1, 16, 16, 1}); /* no layer 1 */
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, (struct pipe_box){0, 0, 0, 16, 16, 2}, s, all); /* dst layers */
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, all, s, (struct pipe_box){16, 0, 0, 16, 16, 1}); /* src outside */
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, all, s, (struct pipe_box){-40, 0, 0, 16, 16, 1});
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, all, s, (struct pipe_box){INT32_MIN, 0, 0, INT32_MIN, 16, 1}); /* absurd */
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, (struct pipe_box){INT32_MAX, 0, 0, INT32_MIN, 16, 1}, s, all);
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, all, s, (struct pipe_box){0, 0, 0, 0, 16, 1}); /* empty */
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, (struct pipe_box){16, 16, 0, 8, 8, 1}, s, all); /* dst outside: no-op */
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, all, z, all); /* depth -> colour */
    b.mask = PIPE_MASK_RGBAZS;
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, all, s, all);
    b.src.format = PIPE_FORMAT_NONE;
    pt_ctx->blit(pt_ctx, &b);
    b.src.format = PIPE_FORMAT_R32G32B32A32_FLOAT; /* does not fit the storage */
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, all, s, all);
    b.dst.format = PIPE_FORMAT_R8G8B8A8_UINT; /* integer <-> normalized */
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, all, s, all);
    b.mask = 0; /* nothing to copy */
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, all, s, all);
    b.src.resource = NULL;
    pt_ctx->blit(pt_ctx, &b);
    expect_untouched(d);
    /* A compressed destination is refused; a compressed source decodes. */
    b = blit_info(dxt, all, s, all);
    pt_ctx->blit(pt_ctx, &b);
    b = blit_info(d, all, dxt, all);
    pt_ctx->blit(pt_ctx, &b);
    uint32_t out[256];
    download(d, 0, out, 4);
    /* An all-zero DXT1 block: colour0 <= colour1, index 0 = colour0 =
     * opaque black. */
    for (int i = 0; i < 256; i++)
        assert_int_equal(out[i], 0xff000000u);

    pipe_resource_reference(&s, NULL);
    pipe_resource_reference(&d, NULL);
    pipe_resource_reference(&z, NULL);
    pipe_resource_reference(&dxt, NULL);
}

static void test_render_condition(void **state)
{
    (void)state;
    struct pipe_resource *s = src8(16, 16), *d = dst8(16, 16);
    struct pipe_box all = {0, 0, 0, 16, 16, 1};
    struct pipe_query *q = pt_ctx->create_query(pt_ctx, PIPE_QUERY_OCCLUSION_PREDICATE, 0);
    assert_non_null(q);
    pt_ctx->begin_query(pt_ctx, q);
    pt_ctx->end_query(pt_ctx, q); /* nothing drawn: FALSE */
    pt_ctx->render_condition(pt_ctx, q, false, PIPE_RENDER_COND_WAIT);
    struct pipe_blit_info b = blit_info(d, all, s, all);
    b.render_condition_enable = true;
    pt_ctx->blit(pt_ctx, &b); /* skipped */
    expect_untouched(d);
    b.render_condition_enable = false;
    pt_ctx->blit(pt_ctx, &b); /* runs */
    uint32_t out[256];
    download(d, 0, out, 4);
    assert_int_equal(out[17], tex8(1, 1));
    pt_ctx->render_condition(pt_ctx, NULL, false, 0);
    pt_ctx->destroy_query(pt_ctx, q);
    pipe_resource_reference(&s, NULL);
    pipe_resource_reference(&d, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_copy),
        cmocka_unit_test(test_scaled_nearest_and_flips),
        cmocka_unit_test(test_scaled_linear),
        cmocka_unit_test(test_format_conversion),
        cmocka_unit_test(test_scissor_and_mask),
        cmocka_unit_test(test_depth_stencil),
        cmocka_unit_test(test_layers),
        cmocka_unit_test(test_invalid),
        cmocka_unit_test(test_render_condition),
    };
    return cmocka_run_group_tests(tests, pt_group_setup, pt_group_teardown);
}
