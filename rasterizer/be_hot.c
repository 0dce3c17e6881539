/*
 * be_hot.c: hot tiles: which surface each holds, loads, deferred (fast)
 * clears and stores.
 *
 * A hot tile is one macrotile of one attachment slot (8 colour slots, depth,
 * stencil) in the hot format of be_formats.h. Its state machine
 * (rast_hot_state in rast.h):
 *   INVALID --acquire--> RESOLVED --write--> DIRTY --store--> RESOLVED
 *   any --fast clear--> CLEAR --acquire--> DIRTY (filled from the value)
 *                             --store--> RESOLVED (filled and written back)
 * A hot tile that holds another surface than the one asked for is written
 * back (if DIRTY/CLEAR) and reloaded: render-target switches are safe even
 * without an explicit store, though core stores on every framebuffer change.
 * Thread: the worker holding the macrotile; no locks.
 */
#include "rasterizer/be_hot.h"

#include <stdlib.h>
#include <string.h>

#include "profiling/prof.h"
#include "rasterizer/be_formats.h"

bool rast_hot_tiles_init(rast_hot_tiles *h, uint32_t grid_w, uint32_t grid_h)
{
    memset(h, 0, sizeof *h);
    h->grid_w = grid_w;
    h->grid_h = grid_h;
    for (int s = 0; s < RAST_HOT_SLOTS; s++) {
        h->tiles[s] = calloc((size_t)grid_w * grid_h, sizeof(rast_hot_tile));
        if (!h->tiles[s]) {
            rast_hot_tiles_free(h);
            return false;
        }
    }
    return true;
}

void rast_hot_tiles_free(rast_hot_tiles *h)
{
    for (int s = 0; s < RAST_HOT_SLOTS; s++) {
        if (!h->tiles[s])
            continue;
        for (uint32_t i = 0; i < h->grid_w * h->grid_h; i++)
            free(h->tiles[s][i].mem);
        free(h->tiles[s]);
        h->tiles[s] = NULL;
    }
}

static bool surface_same(const swr_surface *a, const swr_surface *b)
{
    return a->base == b->base && a->pitch_bytes == b->pitch_bytes && a->width == b->width &&
           a->height == b->height && a->format == b->format;
}

static bool ensure_mem(rast_hot_tile *t, uint32_t bytes)
{
    if (t->mem && t->mem_bytes >= bytes)
        return true;
    free(t->mem);
    t->mem = aligned_alloc(64, bytes);
    t->mem_bytes = t->mem ? bytes : 0;
    return t->mem != NULL;
}

static void tile_origin(const rast_hot_tiles *h, uint32_t tile, uint32_t *x, uint32_t *y)
{
    *x = (tile % h->grid_w) * RAST_MT_DIM;
    *y = (tile / h->grid_w) * RAST_MT_DIM;
}

/* Brings a CLEAR-state tile's memory up to date with its clear value. */
static bool fill_clear(rast_hot_tile *t, uint32_t bpp)
{
    if (!ensure_mem(t, RAST_MT_PIXELS * bpp))
        return false;
    if (bpp == 1)
        memset(t->mem, t->clear_value[0], RAST_MT_PIXELS);
    else
        be_hot_fill(t->mem, bpp, t->clear_value);
    return true;
}

/* Writes a colour tile back to its surface if it is newer. */
static void flush_color(rast_hot_tiles *h, uint32_t slot, uint32_t tile, bool invalidate)
{
    rast_hot_tile *t = &h->tiles[slot][tile];
    uint32_t x, y;
    tile_origin(h, tile, &x, &y);
    swr_format fmt = (swr_format)t->surface.format;
    if (t->state == RAST_HOT_CLEAR) {
        if (fill_clear(t, be_hot_bpp(fmt))) {
            be_hot_store_color(&t->surface, x, y, t->mem);
            t->state = RAST_HOT_RESOLVED;
        }
    } else if (t->state == RAST_HOT_DIRTY) {
        be_hot_store_color(&t->surface, x, y, t->mem);
        t->state = RAST_HOT_RESOLVED;
    }
    if (invalidate)
        t->state = RAST_HOT_INVALID;
}

/* Writes depth and stencil back (they share one surface). */
static void flush_zs(rast_hot_tiles *h, uint32_t tile, bool invalidate)
{
    rast_hot_tile *tz = &h->tiles[RAST_HOT_SLOT_DEPTH][tile];
    rast_hot_tile *ts = &h->tiles[RAST_HOT_SLOT_STENCIL][tile];
    uint32_t x, y;
    tile_origin(h, tile, &x, &y);
    if (tz->state == RAST_HOT_CLEAR && fill_clear(tz, 4))
        tz->state = RAST_HOT_DIRTY;
    if (ts->state == RAST_HOT_CLEAR && fill_clear(ts, 1))
        ts->state = RAST_HOT_DIRTY;
    bool store_z = tz->state == RAST_HOT_DIRTY, store_s = ts->state == RAST_HOT_DIRTY;
    if (store_z || store_s) {
        const swr_surface *surf = store_z ? &tz->surface : &ts->surface;
        be_hot_store_zs(surf, x, y, tz->mem, ts->mem, store_z, store_s);
    }
    if (store_z)
        tz->state = RAST_HOT_RESOLVED;
    if (store_s)
        ts->state = RAST_HOT_RESOLVED;
    if (invalidate)
        tz->state = ts->state = RAST_HOT_INVALID;
}

uint8_t *be_hot_acquire(rast_hot_tiles *h, uint32_t slot, uint32_t tile, const swr_surface *surf,
                        bool write)
{
    rast_hot_tile *t = &h->tiles[slot][tile];
    /* Already dirty with this surface (every draw after the first on a
     * macrotile, once per draw chunk and macrotile): the path below would
     * change nothing. Its memory was sized for this surface's format. */
    if (t->state == RAST_HOT_DIRTY && t->mem && surface_same(&t->surface, surf))
        return (uint8_t *)t->mem;
    swr_format fmt = (swr_format)surf->format;
    uint32_t bpp = be_hot_bpp(fmt);
    if (t->state != RAST_HOT_INVALID && !surface_same(&t->surface, surf)) {
        flush_color(h, slot, tile, true);
    }
    if (!ensure_mem(t, RAST_MT_PIXELS * bpp))
        return NULL;
    if (t->state == RAST_HOT_INVALID) {
        uint32_t x, y;
        tile_origin(h, tile, &x, &y);
        be_hot_load_color(surf, x, y, t->mem);
        t->state = RAST_HOT_RESOLVED;
    } else if (t->state == RAST_HOT_CLEAR || t->state == RAST_HOT_CLEAR_STORED) {
        be_hot_fill(t->mem, bpp, t->clear_value);
        t->state = t->state == RAST_HOT_CLEAR ? RAST_HOT_DIRTY : RAST_HOT_RESOLVED;
    }
    t->surface = *surf;
    if (write)
        t->state = RAST_HOT_DIRTY;
    return (uint8_t *)t->mem;
}

void be_hot_acquire_zs(rast_hot_tiles *h, uint32_t tile, const swr_surface *surf, bool write_z,
                       bool write_s, uint8_t **z, uint8_t **s)
{
    swr_format fmt = (swr_format)surf->format;
    *z = *s = NULL;
    if (!be_format_is_depth(fmt))
        return;
    bool has_s = be_format_has_stencil(fmt);
    rast_hot_tile *tz = &h->tiles[RAST_HOT_SLOT_DEPTH][tile];
    rast_hot_tile *ts = &h->tiles[RAST_HOT_SLOT_STENCIL][tile];
    /* Depth already dirty with this surface, and stencil likewise or
     * absent from the format: the path below would change nothing. */
    if (tz->state == RAST_HOT_DIRTY && tz->mem && surface_same(&tz->surface, surf)) {
        if (ts->state == RAST_HOT_DIRTY && ts->mem && surface_same(&ts->surface, surf)) {
            *z = tz->mem;
            *s = ts->mem;
            return;
        }
        if (ts->state == RAST_HOT_INVALID && !has_s) {
            *z = tz->mem;
            return;
        }
    }
    if ((tz->state != RAST_HOT_INVALID && !surface_same(&tz->surface, surf)) ||
        (ts->state != RAST_HOT_INVALID && !surface_same(&ts->surface, surf)))
        flush_zs(h, tile, true);
    if (!has_s)
        ts->state = RAST_HOT_INVALID;
    if (!ensure_mem(tz, RAST_MT_PIXELS * 4) || (has_s && !ensure_mem(ts, RAST_MT_PIXELS)))
        return;
    bool load_z = tz->state == RAST_HOT_INVALID, load_s = has_s && ts->state == RAST_HOT_INVALID;
    if (load_z || load_s) {
        uint32_t x, y;
        tile_origin(h, tile, &x, &y);
        be_hot_load_zs(surf, x, y, load_z ? tz->mem : NULL, load_s ? ts->mem : NULL);
        if (load_z)
            tz->state = RAST_HOT_RESOLVED;
        if (load_s)
            ts->state = RAST_HOT_RESOLVED;
    }
    if (tz->state == RAST_HOT_CLEAR || tz->state == RAST_HOT_CLEAR_STORED) {
        be_hot_fill(tz->mem, 4, tz->clear_value);
        tz->state = tz->state == RAST_HOT_CLEAR ? RAST_HOT_DIRTY : RAST_HOT_RESOLVED;
    }
    if (has_s && (ts->state == RAST_HOT_CLEAR || ts->state == RAST_HOT_CLEAR_STORED)) {
        memset(ts->mem, ts->clear_value[0], RAST_MT_PIXELS);
        ts->state = ts->state == RAST_HOT_CLEAR ? RAST_HOT_DIRTY : RAST_HOT_RESOLVED;
    }
    tz->surface = *surf;
    if (write_z)
        tz->state = RAST_HOT_DIRTY;
    *z = tz->mem;
    if (has_s) {
        ts->surface = *surf;
        if (write_s)
            ts->state = RAST_HOT_DIRTY;
        *s = ts->mem;
    }
}

/* Writes one hot value into the pixels of `r` (macrotile-local pixel
 * coordinates), through a per-channel byte mask for colour. */
static void fill_rect(uint8_t *mem, uint32_t bpp, const uint8_t *value, const uint8_t *bytemask,
                      swr_rect r)
{
    for (int32_t y = r.y0; y < r.y1; y++) {
        for (int32_t x = r.x0; x < r.x1; x++) {
            uint8_t *px = mem + (size_t)rast_hot_index((uint32_t)x, (uint32_t)y) * bpp;
            for (uint32_t b = 0; b < bpp; b++)
                px[b] = (uint8_t)((px[b] & ~bytemask[b]) | (value[b] & bytemask[b]));
        }
    }
}

void rast_be_clear_tile(const rast_clear_job *job, uint32_t tile, rast_hot_tiles *h)
{
    prof_begin(PROF_BEClear);
    const swr_framebuffer *fb = &job->fb->fb;
    const swr_clear_info *ci = &job->info;
    uint32_t mx, my;
    tile_origin(h, tile, &mx, &my);
    /* Part of the macrotile to clear, in macrotile-local pixels. */
    swr_rect r = {0, 0, RAST_MT_DIM, RAST_MT_DIM};
    uint32_t w = job->width, hgt = job->height;
    if ((int64_t)mx + RAST_MT_DIM > (int64_t)w)
        r.x1 = (int32_t)(w - mx);
    if ((int64_t)my + RAST_MT_DIM > (int64_t)hgt)
        r.y1 = (int32_t)(hgt - my);
    if (ci->use_rect) {
        swr_rect c = {ci->rect.x0 - (int32_t)mx, ci->rect.y0 - (int32_t)my,
                      ci->rect.x1 - (int32_t)mx, ci->rect.y1 - (int32_t)my};
        if (c.x0 > r.x0)
            r.x0 = c.x0;
        if (c.y0 > r.y0)
            r.y0 = c.y0;
        if (c.x1 < r.x1)
            r.x1 = c.x1;
        if (c.y1 < r.y1)
            r.y1 = c.y1;
    }
    if (r.x0 >= r.x1 || r.y0 >= r.y1) {
        prof_end(PROF_BEClear);
        return;
    }
    /* A clear of the whole visible part of the tile may be deferred. */
    bool whole = r.x0 == 0 && r.y0 == 0 &&
                 (uint32_t)r.x1 + mx >= (mx + RAST_MT_DIM < w ? mx + RAST_MT_DIM : w) &&
                 (uint32_t)r.y1 + my >= (my + RAST_MT_DIM < hgt ? my + RAST_MT_DIM : hgt);

    for (uint32_t rt = 0; rt < fb->num_color; rt++) {
        const swr_surface *surf = &fb->color[rt];
        if (!(ci->buffers & SWR_CLEAR_COLOR(rt)) || surf->format == SWR_FORMAT_NONE)
            continue;
        swr_format fmt = (swr_format)surf->format;
        uint8_t value[16];
        be_pack_clear_color(fmt, ci->color, value);
        uint8_t cm = ci->colormask[rt] ? ci->colormask[rt] : SWR_MASK_RGBA;
        uint32_t bpp = be_hot_bpp(fmt);
        if (job->fast && whole && cm == SWR_MASK_RGBA) {
            rast_hot_tile *t = &h->tiles[rt][tile];
            if (t->state != RAST_HOT_INVALID && !surface_same(&t->surface, surf))
                flush_color(h, rt, tile, true);
            t->surface = *surf;
            memcpy(t->clear_value, value, sizeof value);
            t->state = RAST_HOT_CLEAR;
            continue;
        }
        uint8_t *mem = be_hot_acquire(h, rt, tile, surf, true);
        if (!mem)
            continue;
        /* Byte mask from the channel mask: pack all-ones through the format. */
        uint8_t bytemask[16];
        uint32_t bits = be_channel_bits(fmt, cm);
        memset(bytemask, 0, sizeof bytemask);
        if (cm == SWR_MASK_RGBA) {
            memset(bytemask, 0xff, bpp);
        } else {
            /* be_channel_bits gives a bit mask within a 32-bit pixel; wider
             * (float) formats have one 4- or 2-byte channel per component. */
            if (bpp <= 4) {
                memcpy(bytemask, &bits, bpp);
            } else {
                uint32_t cb = bpp / 4;
                for (uint32_t c = 0; c < 4; c++)
                    if ((cm >> c) & 1)
                        memset(bytemask + c * cb, 0xff, cb);
            }
        }
        fill_rect(mem, bpp, value, bytemask, r);
    }

    const swr_surface *zs = &fb->zs;
    swr_format zfmt = (swr_format)zs->format;
    bool cz = (ci->buffers & SWR_CLEAR_DEPTH) && be_format_is_depth(zfmt);
    bool cs = (ci->buffers & SWR_CLEAR_STENCIL) && be_format_has_stencil(zfmt);
    if (cz || cs) {
        uint32_t zval = be_depth_quantize_scalar(zfmt, (float)ci->depth);
        uint8_t swm = ci->stencil_writemask ? ci->stencil_writemask : 0xff;
        rast_hot_tile *tz = &h->tiles[RAST_HOT_SLOT_DEPTH][tile];
        rast_hot_tile *ts = &h->tiles[RAST_HOT_SLOT_STENCIL][tile];
        bool fast_z = job->fast && whole && cz;
        bool fast_s = job->fast && whole && cs && swm == 0xff;
        if ((fast_z || !cz) && (fast_s || !cs)) {
            if ((tz->state != RAST_HOT_INVALID && !surface_same(&tz->surface, zs)) ||
                (ts->state != RAST_HOT_INVALID && !surface_same(&ts->surface, zs)))
                flush_zs(h, tile, true);
            if (cz) {
                tz->surface = *zs;
                memcpy(tz->clear_value, &zval, 4);
                tz->state = RAST_HOT_CLEAR;
            }
            if (cs) {
                ts->surface = *zs;
                ts->clear_value[0] = ci->stencil;
                ts->state = RAST_HOT_CLEAR;
            }
        } else {
            uint8_t *zm, *sm;
            be_hot_acquire_zs(h, tile, zs, cz, cs, &zm, &sm);
            uint8_t ones[4] = {0xff, 0xff, 0xff, 0xff};
            if (cz && zm)
                fill_rect(zm, 4, (const uint8_t *)&zval, ones, r);
            if (cs && sm)
                fill_rect(sm, 1, &ci->stencil, &swm, r);
        }
    }
    prof_end(PROF_BEClear);
}

void rast_be_store_tile(uint32_t tile, bool invalidate, rast_hot_tiles *h)
{
    prof_begin(PROF_BEStoreTiles);
    for (uint32_t slot = 0; slot < SWR_MAX_RENDER_TARGETS; slot++) {
        if (h->tiles[slot][tile].state != RAST_HOT_INVALID)
            flush_color(h, slot, tile, invalidate);
    }
    if (h->tiles[RAST_HOT_SLOT_DEPTH][tile].state != RAST_HOT_INVALID ||
        h->tiles[RAST_HOT_SLOT_STENCIL][tile].state != RAST_HOT_INVALID)
        flush_zs(h, tile, invalidate);
    prof_end(PROF_BEStoreTiles);
}
