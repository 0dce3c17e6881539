/*
 * swrp_mipmap.c: pipe_context::generate_mipmap on the CPU.
 *
 * In: a texture, a view format, levels [base_level, last_level] and layers
 * [first_layer, last_layer]. Out: levels base_level + 1 .. last_level of
 * those layers (array layers or cube faces, each on its own) rewritten, each
 * level from the one above it; true, or false with nothing written when the
 * request is one this path does not handle (checked before any write), so
 * the state tracker falls back to its own (shader or CPU) path.
 *
 * Filter: a box filter over each destination texel's footprint. Along one
 * axis, a source level of n texels gives m = max(1, n / 2) texels, and
 * texel i covers source interval [i * n / m, (i + 1) * n / m); each source
 * texel weighs its overlap with that interval divided by n / m. For even n
 * that is the 2x2 (2x2x2 for 3D) average with weights 1/2 per axis; for odd
 * n > 1 the footprint is 2 + 1/m texels wide and three texels share it
 * (e.g. 5 -> 2: weights 2/5 2/5 1/5 and 1/5 2/5 2/5), so no source texel is
 * skipped; for n = 1 the single texel is copied. GL leaves the filter to the
 * implementation ("a box filter is recommended"), and this one is a box
 * filter for every size.
 *
 * Arithmetic: texels go through the format table's fetch_rgba (to floats, sRGB
 * decoded to linear), the weighted sum is taken in float, and store_rgba
 * writes it (clamped; UNORM/SNORM rounded to nearest, ties away from zero;
 * floats to nearest even; sRGB re-encoded). So an RGBA8 level is
 * round((a + b + c + d) / 4) of its four parents, up to one float rounding
 * of the quotient, and a power-of-two float average is exact unless a sum
 * overflows or loses bits.
 *
 * Refused (false): a buffer, unknown levels or layers, a view format the
 * resource's storage cannot hold (block size must match), a compressed,
 * depth/stencil, pure-integer or store-less format (as resource or view).
 * base_level == last_level is a valid no-op (true). For 3D textures the
 * layer range names slices of the base level and must lie inside it; every
 * slice of each generated level is written (slices halve with the level).
 *
 * Render condition: generate_mipmap has no render_condition_enable flag,
 * and GL's conditional rendering covers drawing, clears and blits, not
 * GenerateMipmap; so it runs regardless of the current condition, as a
 * blit with render_condition_enable false does (swrp_blit.c).
 *
 * Synchronisation: each level pair is mapped through the context's own
 * texture_map (source READ, destination READ | WRITE), which waits for the
 * engine work on the resource and stores hot tiles as a map does
 * (swrp_context.c); the unmap leaves nothing to mark.
 *
 * Thread: the context's thread. Cost: O(texels written * taps), at most 27
 * fetches per texel (3 taps per axis for odd sizes), usually 4 or 8.
 */
#include <stdio.h>

#include "frontend-gallium/pipe/swrp_resource.h"
#include "frontend-gallium/pipe/swrp_state.h"

/* Up to 3 source texels per destination texel along one axis. */
typedef struct mip_taps {
    uint32_t n;
    uint32_t idx[3];
    float w[3];
} mip_taps;

/* The taps of destination texel i when n source texels become m (see the
 * essay): overlap of [i n / m, (i + 1) n / m) with each [k, k + 1),
 * normalised by the footprint n / m. Exact rationals in double: n, m are
 * at most 2^14. */
static void mip_axis_taps(uint32_t i, uint32_t n, uint32_t m, mip_taps *t)
{
    double a = (double)i * n / m, b = (double)(i + 1) * n / m, span = (double)n / m;
    t->n = 0;
    for (uint32_t k = (uint32_t)a; k < n && (double)k < b && t->n < 3; k++) {
        double lo = a > k ? a : (double)k, hi = b < k + 1.0 ? b : k + 1.0;
        if (hi <= lo)
            continue;
        t->idx[t->n] = k;
        t->w[t->n] = (float)((hi - lo) / span);
        t->n++;
    }
}

/* One mapped level: layers [0, depth) of the map. */
typedef struct mip_image {
    uint8_t *p;
    uint32_t stride;
    uint64_t layer_stride;
    uint32_t w, h, d;
    struct pipe_transfer *t;
} mip_image;

static bool mip_map(struct pipe_context *ctx, struct pipe_resource *res, unsigned level,
                    uint32_t z, uint32_t n, unsigned usage, mip_image *im)
{
    const swrp_level_layout *lv = &swrp_resource_of(res)->level[level];
    struct pipe_box box = {0, 0, (int32_t)z, (int32_t)lv->width, (int32_t)lv->height, (int32_t)n};
    im->t = NULL;
    im->p = ctx->texture_map(ctx, res, level, usage, &box, &im->t);
    if (!im->p) {
        if (im->t)
            ctx->texture_unmap(ctx, im->t);
        im->t = NULL;
        return false;
    }
    im->stride = im->t->stride;
    im->layer_stride = im->t->layer_stride;
    im->w = lv->width;
    im->h = lv->height;
    im->d = n;
    return true;
}

/* Destination layer dz of `dst` from `src`: a 2D box filter per layer when
 * `is_3d` is false (dz and the source layer are the same index), 3D over
 * source slices otherwise. */
static void mip_filter_layer(const fmt_desc *f, const mip_image *src, mip_image *dst, uint32_t dz,
                             bool is_3d)
{
    mip_taps tz = {1, {dz, 0, 0}, {1.0f, 0, 0}};
    if (is_3d)
        mip_axis_taps(dz, src->d, dst->d, &tz);
    for (uint32_t y = 0; y < dst->h; y++) {
        mip_taps ty;
        mip_axis_taps(y, src->h, dst->h, &ty);
        for (uint32_t x = 0; x < dst->w; x++) {
            mip_taps tx;
            mip_axis_taps(x, src->w, dst->w, &tx);
            float sum[4] = {0, 0, 0, 0};
            for (uint32_t k = 0; k < tz.n; k++) {
                const uint8_t *slice = src->p + (size_t)tz.idx[k] * src->layer_stride;
                for (uint32_t j = 0; j < ty.n; j++)
                    for (uint32_t i = 0; i < tx.n; i++) {
                        float t[4], wgt = tz.w[k] * ty.w[j] * tx.w[i];
                        fmt_fetch_texel(f, slice, src->stride, tx.idx[i], ty.idx[j], t);
                        for (int c = 0; c < 4; c++)
                            sum[c] += t[c] * wgt;
                    }
            }
            fmt_store_texel(f, dst->p + (size_t)dz * dst->layer_stride, dst->stride, x, y, sum);
        }
    }
}

static bool mip_refuse(const char *why)
{
    fprintf(stderr, "swr: pipe: generate_mipmap: %s; refused\n", why);
    return false;
}

bool swrp_generate_mipmap(struct pipe_context *ctx, struct pipe_resource *res,
                          enum pipe_format format, unsigned base_level, unsigned last_level,
                          unsigned first_layer, unsigned last_layer)
{
    if (!ctx || !res || res->target == PIPE_BUFFER)
        return mip_refuse("missing context, resource, or a buffer");
    if (base_level > last_level || last_level > res->last_level)
        return mip_refuse("levels out of range");
    const swrp_resource *r = swrp_resource_of(res);
    const fmt_desc *f = fmt_get(format), *rf = r->fmt;
    if (!f || !rf || f->block_bytes != rf->block_bytes || f->block_w != rf->block_w ||
        f->block_h != rf->block_h)
        return mip_refuse("unknown format or one that does not fit the resource");
    /* Quiet refusals: the state tracker's fallback handles these formats. */
    if (f->is_compressed || rf->is_compressed || f->is_depth || rf->is_depth || f->is_pure_int ||
        rf->is_pure_int || !f->store_rgba)
        return false;
    bool is_3d = res->target == PIPE_TEXTURE_3D;
    if (first_layer > last_layer || last_layer >= r->level[base_level].depth)
        return mip_refuse("layers out of range");
    for (unsigned l = base_level; l < last_level; l++) {
        uint32_t z = is_3d ? 0 : first_layer;
        uint32_t sn = is_3d ? r->level[l].depth : last_layer - first_layer + 1;
        uint32_t dn = is_3d ? r->level[l + 1].depth : sn;
        mip_image src, dst;
        if (!mip_map(ctx, res, l, z, sn, PIPE_MAP_READ, &src))
            return mip_refuse("cannot map a source level");
        if (!mip_map(ctx, res, l + 1, z, dn, PIPE_MAP_READ | PIPE_MAP_WRITE, &dst)) {
            ctx->texture_unmap(ctx, src.t);
            return mip_refuse("cannot map a destination level");
        }
        for (uint32_t dz = 0; dz < dn; dz++)
            mip_filter_layer(f, &src, &dst, dz, is_3d);
        ctx->texture_unmap(ctx, dst.t);
        ctx->texture_unmap(ctx, src.t);
    }
    return true;
}
