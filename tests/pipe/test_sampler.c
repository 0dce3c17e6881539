/*
 * test_sampler.c: the pipe driver's texture sampler (swrp_sampler.c)
 * against the double-precision reference (ref_sampler.c) and analytic
 * answers.
 *
 * Random tests: every target x min/mag filter x mip filter x wrap mode
 * (unnormalized RECT: the clamp modes), random coordinates, derivatives,
 * biases, LOD clamps, offsets, swizzles and layers; depth compare with
 * every function (PCF); integer views with integer borders; TG4 with and
 * without compare; LODQ; TXF in and out of range; queries. The generic
 * path must match the reference within GENERIC_TOL; the AVX2 fast path
 * (RGBA8 / BGRA8) within FAST_TOL of the reference. Lanes the reference
 * flags ambiguous (a decision within rounding of its threshold) are
 * skipped, and at most a few percent may be.
 *
 * Analytic tests: a 2x2 texture at known points, a mip chain with one
 * colour per level at derivatives giving known LODs, cube faces on the 6
 * axes, a seamless cube edge. Robustness: NaN / inf / huge inputs and
 * garbage in masked lanes (run under ASan: every texture is an exact-size
 * malloc).
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

#include "frontend-gallium/pipe/swrp_sampler.h"
#include "ref_sampler.h"

/* Float weights and a float log2 against double: texture sizes stay <= 32
 * so u = s * size keeps ~1e-6 of absolute precision in the weights. */
#define GENERIC_TOL 1e-5
/* The fast path: weights from frac(s) * size for repeat, a polynomial log2
 * (error < 1e-7), and bilinear filtering in 16-bit fixed point (channels
 * times 128, Q15 weights: within 3 * 2^-15 ~ 9.2e-5 of full scale by
 * construction, about 4e-5 seen) before the /255. */
#define FAST_TOL 1e-4

typedef struct tex {
    swrp_sampler_view v;
    uint8_t *mem;
} tex;

static uint32_t rng_state = 12345;
static uint32_t rnd(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}
static double unit(void) { return (rnd() >> 8) * (1.0 / 16777216.0); }
static double range(double lo, double hi) { return lo + (hi - lo) * unit(); }

/* A texture with `levels` levels, exact-size allocation, random texels
 * (fill: 0 random, 1 constant colour per level = level / 10). */
static void tex_make(tex *t, enum pipe_texture_target target, enum pipe_format format, uint32_t w,
                     uint32_t h, uint32_t d, uint32_t levels, int fill)
{
    const fmt_desc *f = fmt_get(format);
    assert_non_null(f);
    memset(t, 0, sizeof *t);
    t->v.fmt = f;
    t->v.target = target;
    t->v.first_level = 0;
    t->v.last_level = levels - 1;
    bool is3d = target == PIPE_TEXTURE_3D;
    size_t total = 0;
    for (uint32_t l = 0; l < levels; l++) {
        swrp_tex_level *lv = &t->v.level[l];
        lv->width = w >> l ? w >> l : 1;
        lv->height = h >> l ? h >> l : 1;
        lv->depth = is3d ? (d >> l ? d >> l : 1) : d;
        lv->row_pitch = lv->width * f->block_bytes;
        lv->layer_pitch = lv->row_pitch * lv->height;
        lv->offset = total;
        total += (size_t)lv->layer_pitch * lv->depth;
    }
    t->mem = malloc(total);
    assert_non_null(t->mem);
    t->v.data = t->mem;
    t->v.first_layer = 0;
    t->v.last_layer = is3d ? 0 : d - 1;
    bool is_int = f->is_pure_int || f->is_pure_uint || f->is_signed_int;
    for (uint32_t l = 0; l < levels; l++) {
        swrp_tex_level *lv = &t->v.level[l];
        for (uint32_t z = 0; z < lv->depth; z++)
            for (uint32_t y = 0; y < lv->height; y++)
                for (uint32_t x = 0; x < lv->width; x++) {
                    float c[4];
                    for (int k = 0; k < 4; k++) {
                        if (is_int) {
                            int32_t iv = (int32_t)(rnd() % 2001) - 1000;
                            memcpy(&c[k], &iv, 4);
                        } else {
                            c[k] = fill ? (float)l / 10.0f + 0.01f * (float)k : (float)unit();
                        }
                    }
                    fmt_store_texel(f, t->mem + lv->offset + (size_t)z * lv->layer_pitch,
                                    lv->row_pitch, x, y, c);
                }
    }
    for (int k = 0; k < 4; k++)
        t->v.swizzle[k] = (uint8_t)k;
    swrp_sampler_view_prepare(&t->v);
}

static void tex_free(tex *t) { free(t->mem); }

static bool is_int_view(const swrp_sampler_view *v)
{
    return v->fmt->is_pure_int || v->fmt->is_pure_uint || v->fmt->is_signed_int;
}

typedef struct stats {
    long compared, skipped, failed;
} stats;

/* Runs req through the sampler and compares every masked lane with the
 * reference. */
static void check_req(swrp_sampler *smp, const swr_tex_request *req, double tol, stats *st,
                      const char *what)
{
    swr_simd_vec4 out;
    smp->iface.sample(&smp->iface, req, &out);
    const swrp_sampler_view *v = smp->views[req->sview];
    const swrp_sampler_state *ss = smp->samplers[req->sampler];
    for (int l = 0; l < 8; l++) {
        if (!(req->mask >> l & 1))
            continue;
        ref_result r;
        ref_sample(v, ss, req, l, &r);
        if (r.ambiguous) {
            st->skipped++;
            continue;
        }
        st->compared++;
        for (int c = 0; c < 4; c++) {
            double got;
            bool int_out = is_int_view(v) && req->op != SWR_TEX_LODQ;
            if (int_out) {
                int32_t b;
                memcpy(&b, &out.v[c][l], 4);
                got = v->fmt->is_pure_uint ? (double)(uint32_t)b : b;
            } else {
                got = out.v[c][l];
            }
            double err = fabs(got - r.v[c]);
            if (!(err <= (int_out ? 0 : tol)) && !(isinf(got) && got == r.v[c])) {
                if (st->failed < 10)
                    printf("%s: op %d target %d lane %d ch %d: got %.9g want %.9g "
                           "(s %g t %g r %g q %g lod %g)\n",
                           what, req->op, v->target, l, c, got, r.v[c], req->coords.v[0][l],
                           req->coords.v[1][l], req->coords.v[2][l], req->coords.v[3][l],
                           req->lod[l]);
                st->failed++;
            }
        }
    }
}

static void check_stats(const stats *st, double max_skip)
{
    printf("  compared %ld lanes, skipped %ld ambiguous, %ld channel failures\n", st->compared,
           st->skipped, st->failed);
    assert_int_equal(st->failed, 0);
    assert_true(st->compared > 0);
    assert_true(st->skipped <= max_skip * (double)(st->compared + st->skipped));
}

static const enum pipe_texture_target all_targets[] = {
    PIPE_TEXTURE_1D,   PIPE_TEXTURE_2D,       PIPE_TEXTURE_3D,       PIPE_TEXTURE_CUBE,
    PIPE_TEXTURE_RECT, PIPE_TEXTURE_1D_ARRAY, PIPE_TEXTURE_2D_ARRAY, PIPE_TEXTURE_CUBE_ARRAY,
};

/* A texture of a target with random sizes (cube faces square). */
static void tex_random(tex *t, enum pipe_texture_target target, enum pipe_format format)
{
    uint32_t w = 1u + rnd() % 24, h = 1u + rnd() % 24, d = 1;
    uint32_t levels = 1;
    switch (target) {
    case PIPE_TEXTURE_1D: h = 1; break;
    case PIPE_TEXTURE_1D_ARRAY: h = 1; d = 1 + rnd() % 5; break;
    case PIPE_TEXTURE_3D: w = 1 + rnd() % 10; h = 1 + rnd() % 10; d = 1 + rnd() % 10; break;
    case PIPE_TEXTURE_2D_ARRAY: d = 1 + rnd() % 5; break;
    case PIPE_TEXTURE_CUBE: h = w; d = 6; break;
    case PIPE_TEXTURE_CUBE_ARRAY: h = w; d = 6 * (1 + rnd() % 3); break;
    default: break;
    }
    uint32_t m = w > h ? w : h;
    if (target == PIPE_TEXTURE_3D && d > m)
        m = d;
    while ((m >> levels) > 0 && target != PIPE_TEXTURE_RECT)
        levels++;
    tex_make(t, target, format, w, h, d, levels, 0);
    /* a sub-range of levels some of the time */
    if (levels > 2 && rnd() % 3 == 0) {
        t->v.first_level = 1;
        t->v.last_level = levels - 1 - rnd() % 2;
        swrp_sampler_view_prepare(&t->v);
    }
}

static void random_swizzle(swrp_sampler_view *v)
{
    if (rnd() % 3)
        return;
    for (int k = 0; k < 4; k++)
        v->swizzle[k] = (uint8_t)(rnd() % 6);
}

/* A request with random inputs for the view's target. */
static void random_request(swr_tex_request *req, const swrp_sampler_view *v, bool normalized,
                           uint8_t op)
{
    memset(req, 0, sizeof *req);
    req->op = op;
    req->mask = rnd() & 0xff;
    if (!req->mask)
        req->mask = 1;
    req->has_lod = (uint8_t)(rnd() & 1);
    bool cube = v->target == PIPE_TEXTURE_CUBE || v->target == PIPE_TEXTURE_CUBE_ARRAY;
    req->has_offsets = (uint8_t)(!cube && rnd() % 3 == 0);
    uint32_t layers = v->last_layer - v->first_layer + 1;
    for (int l = 0; l < 8; l++) {
        for (int c = 0; c < 3; c++) {
            double size = c == 0 ? v->level[v->first_level].width
                          : c == 1 ? v->level[v->first_level].height
                                   : v->level[v->first_level].depth;
            req->coords.v[c][l] = cube ? (float)range(-1, 1)
                                  : normalized ? (float)range(-1.5, 2.5)
                                               : (float)range(-4, size + 4);
            /* derivatives of 2^-7 .. 2^2 of the base level, random direction */
            double mag = exp2(range(-7, 2)) * (normalized || cube ? 1.0 / size : 1.0);
            if (cube)
                mag = exp2(range(-9, 0));
            req->ddx[c][l] = (float)(mag * range(-1, 1));
            req->ddy[c][l] = (float)(mag * range(-1, 1));
            req->offsets[c][l] = (int32_t)(rnd() % 17) - 8;
        }
        req->coords.v[3][l] = (float)range(-1, (double)layers + 1);
        if (v->target == PIPE_TEXTURE_1D_ARRAY)
            req->coords.v[1][l] = (float)range(-1, (double)layers + 1);
        if (v->target == PIPE_TEXTURE_2D_ARRAY)
            req->coords.v[2][l] = (float)range(-1, (double)layers + 1);
        if (v->target == PIPE_TEXTURE_CUBE_ARRAY)
            req->coords.v[3][l] = (float)range(-1, (double)layers / 6 + 1);
        req->lod[l] = (float)range(-3, 6);
        req->compare[l] = (float)range(-0.1, 1.1);
    }
}

static void random_state(swrp_sampler_state *ss, unsigned minf, unsigned magf, unsigned mip,
                         unsigned wrap, bool normalized)
{
    memset(ss, 0, sizeof *ss);
    ss->wrap_s = ss->wrap_t = ss->wrap_r = (uint8_t)wrap;
    ss->min_img_filter = (uint8_t)minf;
    ss->mag_img_filter = (uint8_t)magf;
    ss->min_mip_filter = (uint8_t)mip;
    ss->normalized_coords = normalized;
    ss->seamless_cube_map = rnd() & 1;
    ss->lod_bias = rnd() % 2 ? (float)range(-2, 2) : 0.0f;
    ss->min_lod = rnd() % 2 ? (float)range(-1, 2) : 0.0f;
    ss->max_lod = rnd() % 4 ? 1000.0f : (float)range(ss->min_lod, 4);
    for (int k = 0; k < 4; k++)
        ss->border_color.f[k] = (float)range(-0.5, 1.5);
}

/* Every target x filter x mip filter x wrap, float texels, generic path. */
static void test_random_float(void **unused)
{
    stats st = {0, 0, 0};
    swrp_sampler smp;
    swrp_sampler_init(&smp);
    smp.no_fast_path = true;
    for (unsigned ti = 0; ti < sizeof all_targets / sizeof all_targets[0]; ti++) {
        enum pipe_texture_target target = all_targets[ti];
        bool normalized = target != PIPE_TEXTURE_RECT;
        for (unsigned wrap = 0; wrap <= PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER; wrap++) {
            if (!normalized && wrap != PIPE_TEX_WRAP_CLAMP && wrap != PIPE_TEX_WRAP_CLAMP_TO_EDGE &&
                wrap != PIPE_TEX_WRAP_CLAMP_TO_BORDER)
                continue;
            for (unsigned f = 0; f < 12; f++) {
                tex t;
                swrp_sampler_state ss;
                tex_random(&t, target, PIPE_FORMAT_R32G32B32A32_FLOAT);
                random_swizzle(&t.v);
                random_state(&ss, f & 1, (f >> 1) & 1, f >> 2, wrap, normalized);
                smp.views[0] = &t.v;
                smp.samplers[0] = &ss;
                for (int k = 0; k < 3; k++) {
                    swr_tex_request req;
                    random_request(&req, &t.v, normalized,
                                   k == 2 ? SWR_TEX_SAMPLE_L : SWR_TEX_SAMPLE);
                    check_req(&smp, &req, GENERIC_TOL, &st, "float");
                }
                tex_free(&t);
            }
        }
    }
    check_stats(&st, 0.05);
}

/* Anisotropic filtering (2D, 3D, cube), generic path. */
static void test_random_aniso(void **unused)
{
    stats st = {0, 0, 0};
    swrp_sampler smp;
    swrp_sampler_init(&smp);
    static const enum pipe_texture_target targets[] = {PIPE_TEXTURE_2D, PIPE_TEXTURE_3D,
                                                       PIPE_TEXTURE_CUBE, PIPE_TEXTURE_2D_ARRAY};
    for (unsigned ti = 0; ti < 4; ti++)
        for (int it = 0; it < 40; it++) {
            tex t;
            swrp_sampler_state ss;
            tex_random(&t, targets[ti], PIPE_FORMAT_R32G32B32A32_FLOAT);
            random_state(&ss, rnd() & 1, rnd() & 1, rnd() % 3, rnd() % 8, true);
            ss.max_anisotropy = 2 + rnd() % 15;
            smp.views[0] = &t.v;
            smp.samplers[0] = &ss;
            swr_tex_request req;
            random_request(&req, &t.v, true, SWR_TEX_SAMPLE);
            /* stretch one axis so the ratio is well above 1 */
            for (int l = 0; l < 8; l++)
                for (int c = 0; c < 3; c++)
                    req.ddx[c][l] *= (float)range(1, 12);
            check_req(&smp, &req, GENERIC_TOL, &st, "aniso");
            tex_free(&t);
        }
    check_stats(&st, 0.1);
}

/* RGBA8 / BGRA8 / their X8 forms / sRGB 2D: the fast path where it
 * applies (and the generic path otherwise) against the reference. */
static void test_random_rgba8(void **unused)
{
    stats st_fast = {0, 0, 0}, st_gen = {0, 0, 0};
    static const enum pipe_format fmts[] = {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8A8_UNORM,
                                            PIPE_FORMAT_R8G8B8X8_UNORM, PIPE_FORMAT_B8G8R8X8_UNORM,
                                            PIPE_FORMAT_R8G8B8A8_SRGB};
    for (unsigned fi = 0; fi < 5; fi++)
        for (unsigned wrap = 0; wrap <= PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER; wrap++)
            for (unsigned f = 0; f < 12; f++)
                for (int fast = 0; fast < 2; fast++) {
                    swrp_sampler smp;
                    swrp_sampler_init(&smp);
                    smp.no_fast_path = !fast;
                    tex t;
                    swrp_sampler_state ss;
                    tex_random(&t, PIPE_TEXTURE_2D, fmts[fi]);
                    random_swizzle(&t.v);
                    random_state(&ss, f & 1, (f >> 1) & 1, f >> 2, wrap, true);
                    smp.views[0] = &t.v;
                    smp.samplers[0] = &ss;
                    for (int k = 0; k < 4; k++) {
                        swr_tex_request req;
                        random_request(&req, &t.v, true, k == 3 ? SWR_TEX_SAMPLE_L : SWR_TEX_SAMPLE);
                        if (fast)
                            req.has_offsets = 0;
                        check_req(&smp, &req, fast ? FAST_TOL : GENERIC_TOL,
                                  fast ? &st_fast : &st_gen, fast ? "rgba8 fast" : "rgba8");
                    }
                    tex_free(&t);
                }
    check_stats(&st_fast, 0.05);
    check_stats(&st_gen, 0.05);
}

/* RGBA8 / BGRA8 magnified in all 8 lanes (derivatives below one texel,
 * no positive bias or min_lod): the fast path's base-level shortcut must
 * agree with the reference on textures with several distinct levels. */
static void test_random_rgba8_magnify(void **unused)
{
    stats st = {0, 0, 0};
    static const enum pipe_format fmts[] = {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8A8_UNORM,
                                            PIPE_FORMAT_R8G8B8X8_UNORM, PIPE_FORMAT_B8G8R8X8_UNORM};
    static const unsigned wraps[] = {PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_EDGE};
    for (unsigned fi = 0; fi < 4; fi++)
        for (unsigned wi = 0; wi < 2; wi++)
            for (unsigned mip = 0; mip < 3; mip++)
                for (int rep = 0; rep < 8; rep++) {
                    swrp_sampler smp;
                    swrp_sampler_init(&smp);
                    tex t;
                    swrp_sampler_state ss;
                    tex_make(&t, PIPE_TEXTURE_2D, fmts[fi], 4 + rnd() % 20, 4 + rnd() % 20, 1, 3, 0);
                    random_swizzle(&t.v);
                    random_state(&ss, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_LINEAR, mip, wraps[wi],
                                 true);
                    ss.lod_bias = -(float)range(0, 2) * (float)(rnd() & 1);
                    ss.min_lod = -(float)range(0, 1) * (float)(rnd() & 1);
                    smp.views[0] = &t.v;
                    smp.samplers[0] = &ss;
                    for (int k = 0; k < 4; k++) {
                        swr_tex_request req;
                        random_request(&req, &t.v, true, SWR_TEX_SAMPLE);
                        req.has_offsets = 0;
                        req.has_lod = (uint8_t)(k & 1);
                        if (k == 3)
                            req.mask = 0xff;
                        float w = (float)t.v.level[0].width, h = (float)t.v.level[0].height;
                        for (int l = 0; l < 8; l++) {
                            /* |d(u, v)| <= 0.7 texels: rho < 1 */
                            req.ddx[0][l] = (float)range(-0.49, 0.49) / w;
                            req.ddx[1][l] = (float)range(-0.49, 0.49) / h;
                            req.ddy[0][l] = (float)range(-0.49, 0.49) / w;
                            req.ddy[1][l] = (float)range(-0.49, 0.49) / h;
                            req.lod[l] = -(float)range(0, 3);
                        }
                        check_req(&smp, &req, FAST_TOL, &st, "rgba8 magnify");
                    }
                    tex_free(&t);
                }
    check_stats(&st, 0.05);
}

/* Depth compare with every function and filter (PCF), Z32F and Z16. */
static void test_random_compare(void **unused)
{
    stats st = {0, 0, 0};
    swrp_sampler smp;
    swrp_sampler_init(&smp);
    static const enum pipe_texture_target targets[] = {PIPE_TEXTURE_1D, PIPE_TEXTURE_2D,
                                                       PIPE_TEXTURE_CUBE, PIPE_TEXTURE_2D_ARRAY,
                                                       PIPE_TEXTURE_CUBE_ARRAY};
    static const enum pipe_format fmts[] = {PIPE_FORMAT_Z32_FLOAT, PIPE_FORMAT_Z16_UNORM};
    for (unsigned ti = 0; ti < 5; ti++)
        for (unsigned fi = 0; fi < 2; fi++)
            for (unsigned func = 0; func < 8; func++)
                for (unsigned f = 0; f < 12; f += 1) {
                    tex t;
                    swrp_sampler_state ss;
                    tex_random(&t, targets[ti], fmts[fi]);
                    random_state(&ss, f & 1, (f >> 1) & 1, f >> 2, rnd() % 8, true);
                    ss.compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE;
                    ss.compare_func = (uint8_t)func;
                    smp.views[0] = &t.v;
                    smp.samplers[0] = &ss;
                    swr_tex_request req;
                    random_request(&req, &t.v, true, rnd() & 1 ? SWR_TEX_SAMPLE : SWR_TEX_SAMPLE_L);
                    req.has_compare = 1;
                    /* some references exactly on stored depths, for EQUAL */
                    if (rnd() & 1) {
                        const swrp_tex_level *lv = &t.v.level[t.v.first_level];
                        float px[4];
                        fmt_fetch_texel(t.v.fmt, t.v.data + lv->offset, lv->row_pitch, 0, 0, px);
                        for (int l = 0; l < 8; l++)
                            req.compare[l] = px[0];
                    }
                    check_req(&smp, &req, GENERIC_TOL, &st, "compare");
                    tex_free(&t);
                }
    check_stats(&st, 0.05);
}

/* Integer views: nearest only, integer borders, exact. */
static void test_random_integer(void **unused)
{
    stats st = {0, 0, 0};
    swrp_sampler smp;
    swrp_sampler_init(&smp);
    static const enum pipe_format fmts[] = {PIPE_FORMAT_R32G32B32A32_SINT,
                                            PIPE_FORMAT_R32G32B32A32_UINT};
    for (unsigned ti = 0; ti < 8; ti++)
        for (unsigned fi = 0; fi < 2; fi++)
            for (unsigned wrap = 0; wrap <= PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER; wrap++) {
                bool normalized = all_targets[ti] != PIPE_TEXTURE_RECT;
                tex t;
                swrp_sampler_state ss;
                tex_random(&t, all_targets[ti], fmts[fi]);
                random_swizzle(&t.v);
                random_state(&ss, rnd() & 1, rnd() & 1, rnd() % 3, wrap, normalized);
                for (int k = 0; k < 4; k++)
                    ss.border_color.i[k] = (int32_t)(rnd() % 100000) - 50000;
                smp.views[0] = &t.v;
                smp.samplers[0] = &ss;
                swr_tex_request req;
                random_request(&req, &t.v, normalized, SWR_TEX_SAMPLE);
                check_req(&smp, &req, 0, &st, "integer");
                tex_free(&t);
            }
    check_stats(&st, 0.05);
}

/* TG4 on 2D, 2D array, cube, cube array, every wrap, with and without
 * compare, every component, random swizzles. */
static void test_random_gather(void **unused)
{
    stats st = {0, 0, 0};
    swrp_sampler smp;
    swrp_sampler_init(&smp);
    static const enum pipe_texture_target targets[] = {PIPE_TEXTURE_2D, PIPE_TEXTURE_2D_ARRAY,
                                                       PIPE_TEXTURE_CUBE, PIPE_TEXTURE_CUBE_ARRAY,
                                                       PIPE_TEXTURE_RECT};
    for (unsigned ti = 0; ti < 5; ti++)
        for (unsigned wrap = 0; wrap <= PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER; wrap++)
            for (int it = 0; it < 12; it++) {
                bool normalized = targets[ti] != PIPE_TEXTURE_RECT;
                bool depth = it % 3 == 2;
                tex t;
                swrp_sampler_state ss;
                tex_random(&t, targets[ti], depth ? PIPE_FORMAT_Z32_FLOAT
                                            : it % 3 ? PIPE_FORMAT_R32G32B32A32_FLOAT
                                                     : PIPE_FORMAT_R32G32B32A32_SINT);
                random_swizzle(&t.v);
                random_state(&ss, rnd() & 1, rnd() & 1, rnd() % 3, wrap, normalized);
                if (depth) {
                    ss.compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE;
                    ss.compare_func = (uint8_t)(rnd() % 8);
                }
                smp.views[0] = &t.v;
                smp.samplers[0] = &ss;
                swr_tex_request req;
                random_request(&req, &t.v, normalized, SWR_TEX_GATHER);
                req.gather_comp = (uint8_t)(rnd() % 4);
                req.has_compare = depth;
                check_req(&smp, &req, GENERIC_TOL, &st, "gather");
                tex_free(&t);
            }
    check_stats(&st, 0.05);
}

/* LODQ on 1D, 2D, 3D, cube with every mip filter. */
static void test_random_lodq(void **unused)
{
    stats st = {0, 0, 0};
    swrp_sampler smp;
    swrp_sampler_init(&smp);
    for (unsigned ti = 0; ti < 8; ti++)
        for (int it = 0; it < 30; it++) {
            bool normalized = all_targets[ti] != PIPE_TEXTURE_RECT;
            tex t;
            swrp_sampler_state ss;
            tex_random(&t, all_targets[ti], PIPE_FORMAT_R32G32B32A32_FLOAT);
            random_state(&ss, rnd() & 1, rnd() & 1, rnd() % 3, 0, normalized);
            if (it & 1)
                ss.max_anisotropy = 2 + rnd() % 8;
            smp.views[0] = &t.v;
            smp.samplers[0] = &ss;
            swr_tex_request req;
            random_request(&req, &t.v, normalized, SWR_TEX_LODQ);
            check_req(&smp, &req, 1e-5, &st, "lodq");
            tex_free(&t);
        }
    check_stats(&st, 0.05);
}

/* TXF in and out of range (texels, levels, layers, buffer elements). */
static void test_random_fetch(void **unused)
{
    stats st = {0, 0, 0};
    swrp_sampler smp;
    swrp_sampler_init(&smp);
    for (unsigned ti = 0; ti < 9; ti++)
        for (int it = 0; it < 20; it++) {
            tex t;
            enum pipe_format fmt = it & 1 ? PIPE_FORMAT_R32G32B32A32_SINT : PIPE_FORMAT_R8G8B8A8_UNORM;
            if (ti == 8) {
                tex_make(&t, PIPE_TEXTURE_2D, fmt, 16, 1, 1, 1, 0);
                t.v.target = PIPE_BUFFER;
                t.v.first_element = rnd() % 4;
                t.v.num_elements = 16 - t.v.first_element - rnd() % 4;
            } else {
                tex_random(&t, all_targets[ti], fmt);
            }
            random_swizzle(&t.v);
            smp.views[3] = &t.v;
            smp.samplers[3] = NULL; /* TXF needs no sampler */
            swr_tex_request req;
            random_request(&req, &t.v, true, SWR_TEX_FETCH);
            req.sview = 3;
            req.sampler = 3;
            const swrp_tex_level *lv = &t.v.level[t.v.first_level];
            int32_t lim[4] = {(int32_t)lv->width, (int32_t)lv->height, (int32_t)lv->depth,
                              (int32_t)(t.v.last_layer - t.v.first_layer + 1)};
            for (int l = 0; l < 8; l++) {
                for (int c = 0; c < 4; c++) {
                    int32_t x = (int32_t)(rnd() % (uint32_t)(lim[c] + 4)) - 2;
                    memcpy(&req.coords.v[c][l], &x, 4);
                }
                req.lod_int[l] = (int32_t)(rnd() % (t.v.last_level - t.v.first_level + 3)) - 1;
                for (int c = 0; c < 3; c++)
                    req.offsets[c][l] = (int32_t)(rnd() % 3) - 1;
            }
            /* check_req reads smp->samplers[req->sampler] only to pass it on */
            check_req(&smp, &req, 1e-6, &st, "fetch");
            tex_free(&t);
        }
    check_stats(&st, 0.0);
}

/* ---- analytic tests ---------------------------------------------------------- */

static swr_tex_request base_req(uint8_t op)
{
    swr_tex_request req;
    memset(&req, 0, sizeof req);
    req.op = op;
    req.mask = 0xff;
    return req;
}

/* 2x2 RGBA8: texel centres give the texels, the middle gives the mean,
 * clamp-to-edge at a corner gives the corner texel. Fast and generic. */
static void test_2x2(void **unused)
{
    static const uint8_t px[4][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255},
                                     {255, 255, 255, 0}}; /* (0,0) (1,0) (0,1) (1,1) */
    tex t;
    tex_make(&t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1, 0);
    memcpy(t.mem, px, 16);
    swrp_sampler_state ss;
    memset(&ss, 0, sizeof ss);
    ss.normalized_coords = true;
    ss.wrap_s = ss.wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
    ss.min_img_filter = ss.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
    ss.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
    ss.max_lod = 100;
    for (int fast = 0; fast < 2; fast++) {
        swrp_sampler smp;
        swrp_sampler_init(&smp);
        smp.no_fast_path = !fast;
        smp.views[0] = &t.v;
        smp.samplers[0] = &ss;
        swr_tex_request req = base_req(SWR_TEX_SAMPLE);
        float pts[8][2] = {{0.25f, 0.25f}, {0.75f, 0.25f}, {0.25f, 0.75f}, {0.75f, 0.75f},
                           {0.5f, 0.5f},   {0.0f, 0.0f},   {1.0f, 1.0f},   {0.5f, 0.25f}};
        for (int l = 0; l < 8; l++) {
            req.coords.v[0][l] = pts[l][0];
            req.coords.v[1][l] = pts[l][1];
        }
        swr_simd_vec4 out;
        smp.iface.sample(&smp.iface, &req, &out);
        for (int c = 0; c < 4; c++) {
            for (int l = 0; l < 4; l++)
                assert_float_equal(out.v[c][l], px[l][c] / 255.0f, 1e-6);
            float mean = (px[0][c] + px[1][c] + px[2][c] + px[3][c]) / (4 * 255.0f);
            assert_float_equal(out.v[c][4], mean, 1e-6);
            assert_float_equal(out.v[c][5], px[0][c] / 255.0f, 1e-6);
            assert_float_equal(out.v[c][6], px[3][c] / 255.0f, 1e-6);
            assert_float_equal(out.v[c][7], (px[0][c] + px[1][c]) / (2 * 255.0f), 1e-6);
        }
    }
    tex_free(&t);
}

/* 64x64 with level k = constant k/10 (+0.01 per channel): derivatives of
 * 2^k / 64 give lambda = k; nearest mip picks level k, linear at k + 1/4
 * gives 3/4 of level k and 1/4 of level k+1; bias and min/max LOD move it. */
static void test_mip_chain(void **unused)
{
    tex t;
    tex_make(&t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_FLOAT, 64, 64, 1, 7, 1);
    tex t8;
    tex_make(&t8, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 7, 1);
    swrp_sampler_state ss;
    memset(&ss, 0, sizeof ss);
    ss.normalized_coords = true;
    ss.min_img_filter = ss.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
    ss.max_lod = 100;
    for (int fast = 0; fast < 2; fast++) {
        swrp_sampler smp;
        swrp_sampler_init(&smp);
        smp.no_fast_path = !fast;
        smp.views[0] = fast ? &t8.v : &t.v;
        smp.samplers[0] = &ss;
        float tol = fast ? 1.0f / 255 : 1e-6f;
        for (int mip = 0; mip < 2; mip++) {
            ss.min_mip_filter = mip ? PIPE_TEX_MIPFILTER_LINEAR : PIPE_TEX_MIPFILTER_NEAREST;
            swr_tex_request req = base_req(SWR_TEX_SAMPLE);
            for (int l = 0; l < 8; l++) {
                float lam = l < 7 ? (float)l + (mip ? 0.25f : 0.0f) : 9.0f; /* 9: past the end */
                req.coords.v[0][l] = 0.3f;
                req.coords.v[1][l] = 0.6f;
                req.ddx[0][l] = exp2f(lam) / 64.0f;
                req.ddy[1][l] = exp2f(lam - 1) / 64.0f;
            }
            swr_simd_vec4 out;
            smp.iface.sample(&smp.iface, &req, &out);
            for (int l = 0; l < 8; l++) {
                float want = l >= 6 ? 0.6f : mip ? (l * 0.75f + (l + 1) * 0.25f) / 10 : l / 10.0f;
                assert_float_equal(out.v[0][l], want, tol);
                assert_float_equal(out.v[2][l], want + 0.02f, tol);
            }
            /* explicit LOD with the sampler's bias and clamps */
            ss.lod_bias = 1.0f;
            ss.min_lod = 2.0f;
            ss.max_lod = 4.0f;
            req = base_req(SWR_TEX_SAMPLE_L);
            for (int l = 0; l < 8; l++)
                req.lod[l] = (float)l - 1.0f; /* +1 bias -> l, clamped to [2, 4] */
            smp.iface.sample(&smp.iface, &req, &out);
            for (int l = 0; l < 8; l++) {
                float want = (float)(l < 2 ? 2 : l > 4 ? 4 : l) / 10;
                assert_float_equal(out.v[0][l], want, tol);
            }
            /* LODQ: lambda_base and the level accessed */
            if (!fast) {
                req = base_req(SWR_TEX_LODQ);
                ss.lod_bias = 0;
                ss.min_lod = 0;
                ss.max_lod = 100;
                for (int l = 0; l < 8; l++)
                    req.ddx[0][l] = exp2f((float)l - 2) / 64.0f;
                smp.iface.sample(&smp.iface, &req, &out);
                for (int l = 0; l < 8; l++) {
                    float lam = (float)l - 2;
                    float acc = lam <= 0 ? 0 : fminf(lam, 6);
                    assert_float_equal(out.v[1][l], lam, 1e-5);
                    assert_float_equal(out.v[0][l], acc, 1e-5);
                }
            }
            ss.lod_bias = 0;
            ss.min_lod = 0;
            ss.max_lod = 100;
        }
    }
    tex_free(&t);
    tex_free(&t8);
}

/* A cube with one constant colour per face: the 6 axes (and directions
 * near them) select faces +X -X +Y -Y +Z -Z in layer order. */
static void test_cube_faces(void **unused)
{
    tex t;
    tex_make(&t, PIPE_TEXTURE_CUBE, PIPE_FORMAT_R32G32B32A32_FLOAT, 4, 4, 6, 1, 0);
    for (uint32_t f = 0; f < 6; f++)
        for (uint32_t y = 0; y < 4; y++)
            for (uint32_t x = 0; x < 4; x++) {
                float c[4] = {(float)f, (float)x, (float)y, 1};
                fmt_store_texel(t.v.fmt, t.mem + (size_t)f * t.v.level[0].layer_pitch,
                                t.v.level[0].row_pitch, x, y, c);
            }
    swrp_sampler_state ss;
    memset(&ss, 0, sizeof ss);
    ss.normalized_coords = true;
    ss.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
    swrp_sampler smp;
    swrp_sampler_init(&smp);
    smp.views[0] = &t.v;
    smp.samplers[0] = &ss;
    swr_tex_request req = base_req(SWR_TEX_SAMPLE_L);
    static const float dirs[6][3] = {{1, 0.1f, 0.2f}, {-1, 0.1f, 0.2f}, {0.1f, 1, 0.2f},
                                     {0.1f, -1, 0.2f}, {0.1f, 0.2f, 1}, {0.1f, 0.2f, -1}};
    for (int l = 0; l < 6; l++)
        for (int c = 0; c < 3; c++)
            req.coords.v[c][l] = dirs[l][c];
    req.mask = 0x3f;
    swr_simd_vec4 out;
    smp.iface.sample(&smp.iface, &req, &out);
    /* table 8.19 (sc, tc) for each face, s = (sc/ma + 1)/2 * 4 -> texel */
    static const float sc[6] = {-0.2f, 0.2f, 0.1f, 0.1f, 0.1f, -0.1f};
    static const float tc[6] = {-0.1f, -0.1f, 0.2f, -0.2f, -0.2f, -0.2f};
    for (int l = 0; l < 6; l++) {
        assert_float_equal(out.v[0][l], (float)l, 0);
        assert_float_equal(out.v[1][l], floorf((sc[l] + 1) * 2), 0);
        assert_float_equal(out.v[2][l], floorf((tc[l] + 1) * 2), 0);
    }
    /* Seamless: linear at the +X face's edge toward +Y (t = 0 side: tc = -1
     * is -y = -1, i.e. y = 1). Direction (1, 1 - tiny, 0): half +X texel
     * (i, 0) and half a +Y texel. */
    ss.mag_img_filter = ss.min_img_filter = PIPE_TEX_FILTER_LINEAR;
    ss.seamless_cube_map = true;
    req = base_req(SWR_TEX_SAMPLE_L);
    req.mask = 1;
    req.coords.v[0][0] = 1.0f;
    req.coords.v[1][0] = 0.99999f;
    req.coords.v[2][0] = 0.25f; /* sc = -0.25 -> s = 0.375 -> u = 1.5: texel 1 only */
    smp.iface.sample(&smp.iface, &req, &out);
    assert_float_equal(out.v[0][0], (0.0f + 2.0f) / 2, 1e-3); /* faces +X (0) and +Y (2) */
    ss.seamless_cube_map = false;
    smp.iface.sample(&smp.iface, &req, &out);
    assert_float_equal(out.v[0][0], 0.0f, 1e-6); /* clamp to edge stays on +X */
    tex_free(&t);
}

/* TG4 order on a 2x2: (i0,j1), (i1,j1), (i1,j0), (i0,j0). */
static void test_gather_order(void **unused)
{
    tex t;
    tex_make(&t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_FLOAT, 2, 2, 1, 1, 0);
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 2; x++) {
            float c[4] = {(float)(x + 2 * y), 10.0f + (float)(x + 2 * y), 0, 1};
            fmt_store_texel(t.v.fmt, t.mem, t.v.level[0].row_pitch, x, y, c);
        }
    swrp_sampler_state ss;
    memset(&ss, 0, sizeof ss);
    ss.normalized_coords = true;
    ss.wrap_s = ss.wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
    swrp_sampler smp;
    swrp_sampler_init(&smp);
    smp.views[0] = &t.v;
    smp.samplers[0] = &ss;
    swr_tex_request req = base_req(SWR_TEX_GATHER);
    req.mask = 1;
    req.coords.v[0][0] = 0.5f;
    req.coords.v[1][0] = 0.5f;
    req.gather_comp = 1;
    swr_simd_vec4 out;
    smp.iface.sample(&smp.iface, &req, &out);
    assert_float_equal(out.v[0][0], 12.0f, 0); /* (0,1) */
    assert_float_equal(out.v[1][0], 13.0f, 0); /* (1,1) */
    assert_float_equal(out.v[2][0], 11.0f, 0); /* (1,0) */
    assert_float_equal(out.v[3][0], 10.0f, 0); /* (0,0) */
    tex_free(&t);
}

/* TXQ per target and level; TXQS. */
static void test_queries(void **unused)
{
    struct {
        enum pipe_texture_target target;
        uint32_t w, h, d;
        int32_t want[3]; /* level 1 */
    } cases[] = {
        {PIPE_TEXTURE_1D, 16, 1, 1, {8, 0, 0}},        {PIPE_TEXTURE_2D, 16, 8, 1, {8, 4, 0}},
        {PIPE_TEXTURE_RECT, 16, 8, 1, {8, 4, 0}},      {PIPE_TEXTURE_3D, 16, 8, 4, {8, 4, 2}},
        {PIPE_TEXTURE_CUBE, 16, 16, 6, {8, 8, 0}},     {PIPE_TEXTURE_1D_ARRAY, 16, 1, 5, {8, 5, 0}},
        {PIPE_TEXTURE_2D_ARRAY, 16, 8, 5, {8, 4, 5}},  {PIPE_TEXTURE_CUBE_ARRAY, 16, 16, 12, {8, 8, 2}},
    };
    swrp_sampler smp;
    swrp_sampler_init(&smp);
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tex t;
        tex_make(&t, cases[i].target, PIPE_FORMAT_R8G8B8A8_UNORM, cases[i].w, cases[i].h,
                 cases[i].d, 3, 0);
        smp.views[1] = &t.v;
        int32_t level[8] = {1, 1, 0, 3, -1, 2, 1, 1};
        swr_simd_vec4 out;
        smp.iface.query_size(&smp.iface, 1, level, 0x7f, &out);
        int32_t r[4][8];
        memcpy(r, out.v, sizeof r);
        for (int c = 0; c < 3; c++)
            assert_int_equal(r[c][0], cases[i].want[c]);
        assert_int_equal(r[3][0], 3);
        assert_int_equal(r[0][2], (int32_t)cases[i].w);
        assert_int_equal(r[0][3], 0); /* level 3 does not exist */
        assert_int_equal(r[0][4], 0);
        assert_int_equal(r[0][7], 0); /* outside the mask */
        assert_int_equal(smp.iface.query_samples(&smp.iface, 1), 1);
        tex_free(&t);
    }
    tex b;
    tex_make(&b, PIPE_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_FLOAT, 10, 1, 1, 1, 0);
    b.v.target = PIPE_BUFFER;
    b.v.num_elements = 7;
    smp.views[1] = &b.v;
    int32_t level[8] = {0};
    swr_simd_vec4 out;
    smp.iface.query_size(&smp.iface, 1, level, 1, &out);
    int32_t x;
    memcpy(&x, &out.v[0][0], 4);
    assert_int_equal(x, 7);
    tex_free(&b);
    assert_int_equal(smp.iface.query_samples(&smp.iface, 5), 0);
}

/* Garbage: NaN, inf, huge, negative and out-of-range values everywhere,
 * every op and target; the result must not matter, only that nothing reads
 * outside the texture (ASan) or traps (UBSan). Masked-off lanes get 0. */
static void test_garbage(void **unused)
{
    static const float bad[] = {NAN, INFINITY, -INFINITY, 1e30f, -1e30f, 3e9f, -3e9f, 0.0f, -0.0f,
                                1e-40f, 0.5f};
    swrp_sampler smp;
    swrp_sampler_init(&smp);
    for (int fast = 0; fast < 2; fast++) {
        smp.no_fast_path = !fast;
        for (unsigned ti = 0; ti < 8; ti++)
            for (int it = 0; it < 40; it++) {
                tex t;
                swrp_sampler_state ss;
                tex_random(&t, all_targets[ti],
                           it % 3 == 0 ? PIPE_FORMAT_R8G8B8A8_UNORM
                           : it % 3 == 1 ? PIPE_FORMAT_Z16_UNORM : PIPE_FORMAT_R32G32B32A32_SINT);
                random_state(&ss, rnd() & 1, rnd() & 1, rnd() % 3, rnd() % 8, rnd() & 1);
                ss.max_anisotropy = rnd() % 17;
                ss.compare_mode = (uint8_t)(rnd() & 1);
                ss.min_lod = bad[rnd() % 11];
                ss.max_lod = rnd() & 1 ? bad[rnd() % 11] : 1000.0f;
                ss.lod_bias = bad[rnd() % 11];
                smp.views[0] = &t.v;
                smp.samplers[0] = &ss;
                swr_tex_request req;
                for (uint8_t op = 0; op <= SWR_TEX_LODQ; op++) {
                    memset(&req, 0, sizeof req);
                    req.op = op;
                    req.mask = rnd() & 0xff;
                    req.has_lod = rnd() & 1;
                    req.has_compare = rnd() & 1;
                    req.has_offsets = rnd() & 1;
                    req.gather_comp = (uint8_t)rnd();
                    float *f = (float *)&req.coords;
                    for (size_t k = 0; k < sizeof req.coords / 4; k++)
                        f[k] = bad[rnd() % 11];
                    for (int c = 0; c < 3; c++)
                        for (int l = 0; l < 8; l++) {
                            req.ddx[c][l] = bad[rnd() % 11];
                            req.ddy[c][l] = bad[rnd() % 11];
                            req.offsets[c][l] = (int32_t)rnd();
                        }
                    for (int l = 0; l < 8; l++) {
                        req.lod[l] = bad[rnd() % 11];
                        req.lod_int[l] = (int32_t)rnd();
                        req.compare[l] = bad[rnd() % 11];
                        if (op == SWR_TEX_FETCH)
                            for (int c = 0; c < 4; c++) {
                                int32_t x = (int32_t)rnd() >> (rnd() % 32);
                                memcpy(&req.coords.v[c][l], &x, 4);
                            }
                    }
                    swr_simd_vec4 out;
                    smp.iface.sample(&smp.iface, &req, &out);
                    for (int l = 0; l < 8; l++)
                        if (!(req.mask >> l & 1))
                            for (int c = 0; c < 4; c++)
                                assert_true(out.v[c][l] == 0.0f);
                }
                /* out-of-range slots and unbound views */
                req.sview = 200;
                swr_simd_vec4 out;
                smp.iface.sample(&smp.iface, &req, &out);
                int32_t lv[8] = {-5, 100, 0x7fffffff, (int32_t)0x80000000, 3, 2, 1, 0};
                smp.iface.query_size(&smp.iface, (unsigned)rnd() % 40, lv, 0xff, &out);
                smp.iface.query_size(&smp.iface, 0, lv, 0xff, &out);
                tex_free(&t);
            }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_2x2),
        cmocka_unit_test(test_mip_chain),
        cmocka_unit_test(test_cube_faces),
        cmocka_unit_test(test_gather_order),
        cmocka_unit_test(test_queries),
        cmocka_unit_test(test_random_float),
        cmocka_unit_test(test_random_aniso),
        cmocka_unit_test(test_random_rgba8),
        cmocka_unit_test(test_random_rgba8_magnify),
        cmocka_unit_test(test_random_compare),
        cmocka_unit_test(test_random_integer),
        cmocka_unit_test(test_random_gather),
        cmocka_unit_test(test_random_lodq),
        cmocka_unit_test(test_random_fetch),
        cmocka_unit_test(test_garbage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
