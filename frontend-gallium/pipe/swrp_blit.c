/*
 * swrp_blit.c: pipe_context::blit on the CPU.
 *
 * In: a pipe_blit_info (src and dst level, box and view format, mask,
 * filter, scissor, render-condition flag). Out: the dst box rewritten,
 * texel by texel, from the src box scaled onto it. No engine work: the
 * source is mapped for reading and the destination for reading and
 * writing through the context's own texture_map, which waits for the
 * engine work on exactly those resources and stores / drops hot tiles as
 * a map does (swrp_context.c), so nothing needs marking afterwards.
 *
 * Coordinates (the docs' textured-quad model). dst pixel (x, y, z) of the
 * dst box (x0, y0, z0, w, h, d) samples the src box (sx, sy, sz, sw, sh,
 * sd) at
 *     u = sx + (x - x0 + 0.5) * sw / w,  v likewise,
 *     layer = floor(sz + (z - z0 + 0.5) * sd / d),
 * so a negative sw (or sh) mirrors, and a negative dst width/height is
 * turned into a positive one with both boxes mirrored. NEAREST takes texel
 * floor(u); LINEAR blends texels floor(u - 0.5) and +1 with weight
 * frac(u - 0.5) (bilinear in x and y, never across layers), both with
 * coordinates clamped to the source level (CLAMP_TO_EDGE). Depth,
 * stencil and pure-integer data are always taken NEAREST.
 * Destination pixels outside the dst level or the scissor are not
 * written; the box's layers must exist in both resources.
 *
 * Conversion: colour goes through the format table's fetch_rgba (to floats,
 * sRGB decoded) and store_rgba (clamped, rounded, sRGB encoded), with
 * channels outside mask kept from the destination. Z and S are copied as
 * values (fetch/store_depth, fetch/store_stencil) when the mask asks and
 * both formats have them. Refused (nothing written, message on stderr):
 * unknown levels or formats, colour <-> depth, integer <-> non-integer,
 * a compressed destination, empty or out-of-range boxes.
 * alpha_blend: dst = src * src.a + dst * (1 - src.a) on colour channels.
 * Same-resource overlapping blits are undefined (docs) and not detected.
 *
 * Thread: the context's thread. Cost: O(dst pixels) fetch/store calls.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "frontend-gallium/pipe/swrp_resource.h"
#include "frontend-gallium/pipe/swrp_state.h"

/* Largest |coordinate| of a box: 2^30, four times the largest texture. */
#define MAX_COORD (1 << 30)

static void complain(const char *what)
{
    fprintf(stderr, "swr: pipe: blit: %s; blit skipped\n", what);
}

/* The clamped integer range [lo, hi) of dst columns in [x0, x0 + w)
 * that lie inside [0, size) and the optional scissor [smin, smax). */
static bool clip_span(int64_t x0, int64_t w, int64_t size, bool scissor, int64_t smin, int64_t smax,
                      int64_t *lo, int64_t *hi)
{
    *lo = x0 > 0 ? x0 : 0;
    *hi = x0 + w < size ? x0 + w : size;
    if (scissor) {
        *lo = *lo > smin ? *lo : smin;
        *hi = *hi < smax ? *hi : smax;
    }
    return *lo < *hi;
}

static int32_t clampi(int64_t v, int32_t n) { return v < 0 ? 0 : v >= n ? n - 1 : (int32_t)v; }

/* One mapped layer range of a level. */
typedef struct blit_image {
    const fmt_desc *f;
    uint8_t *p; /* layer z0 of the map */
    uint32_t stride;
    uint64_t layer_stride;
    int32_t w, h;
} blit_image;

static const uint8_t *texel_ptr(const blit_image *im, int32_t x, int32_t y, int32_t layer)
{
    return im->p + (size_t)layer * im->layer_stride + (size_t)y * im->stride +
           (size_t)x * im->f->block_bytes;
}

static void fetch(const blit_image *im, int32_t x, int32_t y, int32_t layer, float out[4])
{
    fmt_fetch_texel(im->f, im->p + (size_t)layer * im->layer_stride, im->stride, (uint32_t)x,
                    (uint32_t)y, out);
}

/* Bilinear sample at (u, v) in texel units, clamped to the edge. */
static void sample_linear(const blit_image *im, double u, double v, int32_t layer, float out[4])
{
    double fu = u - 0.5, fv = v - 0.5;
    double iu = floor(fu), iv = floor(fv);
    float a = (float)(fu - iu), b = (float)(fv - iv);
    int32_t x0 = clampi((int64_t)iu, im->w), x1 = clampi((int64_t)iu + 1, im->w);
    int32_t y0 = clampi((int64_t)iv, im->h), y1 = clampi((int64_t)iv + 1, im->h);
    float t00[4], t10[4], t01[4], t11[4];
    fetch(im, x0, y0, layer, t00);
    fetch(im, x1, y0, layer, t10);
    fetch(im, x0, y1, layer, t01);
    fetch(im, x1, y1, layer, t11);
    for (int c = 0; c < 4; c++) {
        float top = t00[c] + (t10[c] - t00[c]) * a;
        float bot = t01[c] + (t11[c] - t01[c]) * a;
        out[c] = top + (bot - top) * b;
    }
}

/* Maps layers [z, z + n) of the whole level. */
static bool map_image(struct pipe_context *ctx, struct pipe_resource *res, unsigned level,
                      enum pipe_format view, int32_t z, int32_t n, unsigned usage, blit_image *im,
                      struct pipe_transfer **t)
{
    const swrp_resource *r = swrp_resource_of(res);
    const swrp_level_layout *lv = &r->level[level];
    struct pipe_box box = {0, 0, z, (int32_t)lv->width, (int32_t)lv->height, n};
    *t = NULL;
    im->p = ctx->texture_map(ctx, res, level, usage, &box, t);
    if (!im->p) {
        if (*t)
            ctx->texture_unmap(ctx, *t);
        *t = NULL;
        return false;
    }
    im->f = fmt_get(view);
    im->stride = (*t)->stride;
    im->layer_stride = (*t)->layer_stride;
    im->w = (int32_t)lv->width;
    im->h = (int32_t)lv->height;
    return true;
}

/* Whether `view` may reinterpret the resource's storage. */
static bool view_ok(const struct pipe_resource *res, const fmt_desc *v)
{
    const fmt_desc *rf = swrp_resource_of((struct pipe_resource *)res)->fmt;
    return v && rf && v->block_bytes == rf->block_bytes && v->block_w == rf->block_w &&
           v->block_h == rf->block_h;
}

static bool level_ok(const struct pipe_resource *res, unsigned level)
{
    return res && res->target != PIPE_BUFFER && level <= res->last_level;
}

static void blit(struct pipe_context *ctx, const struct pipe_blit_info *info)
{
    if (!ctx || !info)
        return;
    swrp_context *c = swrp_context_of(ctx);
    struct pipe_resource *sres = info->src.resource, *dres = info->dst.resource;
    if (!level_ok(sres, info->src.level) || !level_ok(dres, info->dst.level)) {
        complain("missing resource, buffer, or level out of range");
        return;
    }
    const fmt_desc *sf = fmt_get(info->src.format);
    const fmt_desc *df = fmt_get(info->dst.format);
    if (!view_ok(sres, sf) || !view_ok(dres, df)) {
        complain("unknown format or one that does not fit the resource");
        return;
    }
    if (sf->is_depth != df->is_depth || sf->is_pure_int != df->is_pure_int || df->is_compressed ||
        !df->store_rgba) {
        complain("unsupported format combination");
        return;
    }
    if (info->render_condition_enable && !swrp_query_render_allowed(c))
        return;

    /* Normalise a mirrored destination into a mirrored source. The bound
     * keeps every sum and negation below far from int32 overflow. */
    struct pipe_box db = info->dst.box, sb = info->src.box;
    const int32_t coords[12] = {db.x, db.y, db.z, db.width, db.height, db.depth,
                                sb.x, sb.y, sb.z, sb.width, sb.height, sb.depth};
    for (int i = 0; i < 12; i++)
        if (coords[i] > MAX_COORD || coords[i] < -MAX_COORD) {
            complain("box coordinates out of range");
            return;
        }
    if (db.width < 0) {
        db.x += db.width;
        db.width = -db.width;
        sb.x += sb.width;
        sb.width = -sb.width;
    }
    if (db.height < 0) {
        db.y += db.height;
        db.height = -db.height;
        sb.y += sb.height;
        sb.height = -sb.height;
    }
    const swrp_level_layout *dl = &swrp_resource_of(dres)->level[info->dst.level];
    const swrp_level_layout *sl = &swrp_resource_of(sres)->level[info->src.level];
    if (!db.width || !db.height || db.depth <= 0 || !sb.width || !sb.height || sb.depth <= 0 ||
        db.z < 0 || (uint64_t)db.z + (uint64_t)db.depth > dl->depth || sb.z < 0 ||
        (uint64_t)sb.z + (uint64_t)sb.depth > sl->depth) {
        complain("empty box or layers out of range");
        return;
    }
    /* The source rectangle must overlap its level (edges clamp). */
    int64_t sx_lo = sb.width > 0 ? sb.x : (int64_t)sb.x + sb.width;
    int64_t sy_lo = sb.height > 0 ? sb.y : (int64_t)sb.y + sb.height;
    int64_t sx_w = sb.width > 0 ? sb.width : -(int64_t)sb.width;
    int64_t sy_h = sb.height > 0 ? sb.height : -(int64_t)sb.height;
    if (sx_lo >= sl->width || sy_lo >= sl->height || sx_lo + sx_w <= 0 || sy_lo + sy_h <= 0) {
        complain("source box outside the source level");
        return;
    }
    const struct pipe_scissor_state *sc = &info->scissor;
    int64_t x_lo, x_hi, y_lo, y_hi;
    if (!clip_span(db.x, db.width, dl->width, info->scissor_enable, sc->minx, sc->maxx, &x_lo,
                   &x_hi) ||
        !clip_span(db.y, db.height, dl->height, info->scissor_enable, sc->miny, sc->maxy, &y_lo,
                   &y_hi))
        return; /* nothing visible: a valid no-op */

    bool do_z = false, do_s = false, do_rgba = false;
    unsigned cmask = info->mask & PIPE_MASK_RGBA;
    if (df->is_depth) {
        do_z = (info->mask & PIPE_MASK_Z) && sf->fetch_depth && df->store_depth;
        do_s = (info->mask & PIPE_MASK_S) && sf->fetch_stencil && df->store_stencil;
    } else {
        do_rgba = cmask != 0;
    }
    if (!do_z && !do_s && !do_rgba)
        return;
    bool linear = info->filter == PIPE_TEX_FILTER_LINEAR && !df->is_depth && !sf->is_pure_int &&
                  (sx_w != db.width || sy_h != db.height);

    /* Read first (may store hot tiles of src), then write (may drop dst's). */
    blit_image si, di;
    struct pipe_transfer *st, *dt;
    if (!map_image(ctx, sres, info->src.level, info->src.format, sb.z, sb.depth, PIPE_MAP_READ, &si,
                   &st)) {
        complain("cannot map the source");
        return;
    }
    if (!map_image(ctx, dres, info->dst.level, info->dst.format, db.z, db.depth,
                   PIPE_MAP_READ | PIPE_MAP_WRITE, &di, &dt)) {
        ctx->texture_unmap(ctx, st);
        complain("cannot map the destination");
        return;
    }

    double xs = (double)sb.width / db.width, ys = (double)sb.height / db.height;
    double zs = (double)sb.depth / db.depth;
    for (int32_t z = 0; z < db.depth; z++) {
        int32_t slayer = (int32_t)floor((z + 0.5) * zs); /* relative to sb.z */
        slayer = slayer < sb.depth ? slayer : sb.depth - 1;
        for (int64_t y = y_lo; y < y_hi; y++) {
            double v = sb.y + ((double)(y - db.y) + 0.5) * ys;
            int32_t ty = clampi((int64_t)floor(v), si.h);
            for (int64_t x = x_lo; x < x_hi; x++) {
                double u = sb.x + ((double)(x - db.x) + 0.5) * xs;
                int32_t tx = clampi((int64_t)floor(u), si.w);
                uint8_t *dp = (uint8_t *)texel_ptr(&di, (int32_t)x, (int32_t)y, z);
                if (do_z)
                    df->store_depth(dp, sf->fetch_depth(texel_ptr(&si, tx, ty, slayer)));
                if (do_s)
                    df->store_stencil(dp, sf->fetch_stencil(texel_ptr(&si, tx, ty, slayer)));
                if (!do_rgba)
                    continue;
                float s[4], d[4];
                if (linear)
                    sample_linear(&si, u, v, slayer, s);
                else
                    fetch(&si, tx, ty, slayer, s);
                if (cmask != PIPE_MASK_RGBA || info->alpha_blend)
                    fetch(&di, (int32_t)x, (int32_t)y, z, d);
                if (info->alpha_blend && !df->is_pure_int)
                    for (int k = 0; k < 3; k++)
                        s[k] = s[k] * s[3] + d[k] * (1.0f - s[3]);
                if (cmask != PIPE_MASK_RGBA)
                    for (int k = 0; k < 4; k++)
                        if (!(cmask & (1u << k)))
                            s[k] = d[k];
                df->store_rgba(dp, 0, 0, s);
            }
        }
    }
    ctx->texture_unmap(ctx, dt);
    ctx->texture_unmap(ctx, st);
}

void swrp_blit_init(struct pipe_context *ctx)
{
    ctx->blit = blit;
    ctx->generate_mipmap = swrp_generate_mipmap; /* swrp_mipmap.c */
}
