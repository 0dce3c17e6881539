/*
 * swrp_context.c: the pipe context's first slice: creation and destruction,
 * flush with fences, CPU access to resources (transfers, subdata, copies,
 * buffer clears) and the per-resource synchronisation behind them.
 *
 * Synchronisation. Storage is host memory that the engine reads and writes
 * directly, so every map is a direct pointer; what a map must do is wait
 * until the engine work touching THAT resource is done (never a whole
 * swr_sync), as recorded by swrp_resource_mark_used:
 *   - CPU read: wait for the last engine write. If the resource has
 *     render-target writes of this context that may still sit in hot tiles,
 *     first queue swr_store_tiles (invalidate = false) and wait for it.
 *   - CPU write: wait for the last engine use. If the engine may hold the
 *     resource in hot tiles, queue swr_store_tiles(invalidate = true) so the
 *     next draw reloads what the CPU wrote.
 *   - UNSYNCHRONIZED: no wait, no store. DONTBLOCK: NULL instead of waiting.
 *   - DISCARD_WHOLE_RESOURCE on a busy buffer that has no open maps: new
 *     storage instead of a wait (the old goes to the screen's deferred-free
 *     list until its fences signal).
 * Work recorded by other contexts is waited for by polling (never helped:
 * only a context's own thread may drive its engine); their hot tiles are
 * stored by their own flush (the docs require a flush for cross-context
 * visibility).
 *
 * Thread: the context's thread. Resource records are locked briefly; no
 * lock is held while waiting.
 */
#include "frontend-gallium/pipe/swrp_context.h"

#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/pipe/swrp_resource.h"
#include "frontend-gallium/pipe/swrp_state.h"
#include "jitter/jit.h"

/* ---- timeline bookkeeping -------------------------------------------- */

static uint64_t load64(const uint64_t *p)
{
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static void store64(uint64_t *p, uint64_t v)
{
    __atomic_store_n(p, v, __ATOMIC_RELEASE);
}

/* Queues a hot-tile store and records what it covers. */
static void store_tiles(swrp_context *c, bool invalidate)
{
    uint64_t before = swr_fence_submit(c->engine);
    swr_store_tiles(c->engine, invalidate);
    uint64_t after = swr_fence_submit(c->engine);
    store64(&c->tl->stored_upto, before);
    if (invalidate)
        store64(&c->tl->invalidated_upto, before);
    store64(&c->tl->store_fence, after);
    c->rt_dirty = false;
}

void swrp_resource_mark_used(struct pipe_context *ctx, struct pipe_resource *res, bool writes)
{
    if (!ctx || !res)
        return;
    swrp_context *c = swrp_context_of(ctx);
    swrp_resource *r = swrp_resource_of(res);
    uint64_t f = swr_fence_submit(c->engine);
    bool rt = writes && res->target != PIPE_BUFFER;
    pthread_mutex_lock(&r->lock);
    swrp_usage *e = NULL;
    for (int i = 0; i < SWRP_MAX_USERS && !e; i++)
        if (r->users[i].tl == c->tl)
            e = &r->users[i];
    for (int i = 0; i < SWRP_MAX_USERS && !e; i++)
        if (!r->users[i].tl || swrp_timeline_done(r->users[i].tl, r->users[i].use))
            e = &r->users[i];
    if (!e) {
        /* More contexts than entries use the resource at once: wait for the
         * first one (rare; polling, so it cannot deadlock on our engine). */
        e = &r->users[0];
        swrp_timeline_wait(e->tl, e->use, UINT64_MAX, false);
    }
    if (e->tl != c->tl) {
        if (e->tl)
            swrp_timeline_unref(e->tl);
        swrp_timeline_ref(c->tl);
        *e = (swrp_usage){.tl = c->tl};
    }
    e->use = f;
    if (writes)
        e->write = f;
    if (rt) {
        e->rt_write = f;
        e->rt_use = f;
        c->rt_dirty = true;
    }
    pthread_mutex_unlock(&r->lock);
}

/* The fences a CPU access must wait for, per user entry, with references
 * taken so they stay valid without the resource lock. */
typedef struct wait_list {
    swrp_timeline *tl[SWRP_MAX_USERS];
    uint64_t fence[SWRP_MAX_USERS];
    unsigned n;
} wait_list;

static void wait_list_release(wait_list *w)
{
    for (unsigned i = 0; i < w->n; i++)
        swrp_timeline_unref(w->tl[i]);
    w->n = 0;
}

/*
 * Stores hot tiles if the access needs it, then collects the fences to
 * wait for. Called with r->lock NOT held (it takes it).
 */
static void collect_waits(swrp_context *c, swrp_resource *r, bool cpu_writes, wait_list *w)
{
    bool need_store = false, need_invalidate = false;
    pthread_mutex_lock(&r->lock);
    for (int i = 0; i < SWRP_MAX_USERS; i++) {
        const swrp_usage *u = &r->users[i];
        if (u->tl != c->tl)
            continue;
        if (cpu_writes && u->rt_use && u->rt_use > load64(&c->tl->invalidated_upto))
            need_invalidate = true;
        else if (u->rt_write && u->rt_write > load64(&c->tl->stored_upto))
            need_store = true;
    }
    pthread_mutex_unlock(&r->lock);
    if (need_invalidate || need_store)
        store_tiles(c, need_invalidate);

    w->n = 0;
    pthread_mutex_lock(&r->lock);
    for (int i = 0; i < SWRP_MAX_USERS; i++) {
        const swrp_usage *u = &r->users[i];
        if (!u->tl)
            continue;
        uint64_t f = cpu_writes ? u->use : u->write;
        /* Render-target data reaches memory through a store; waiting for
         * the latest store covers the one that wrote this resource. */
        if (u->rt_use && load64(&u->tl->stored_upto) >= u->rt_write) {
            uint64_t s = load64(&u->tl->store_fence);
            f = s > f ? s : f;
        }
        if (!f || swrp_timeline_done(u->tl, f))
            continue;
        swrp_timeline_ref(u->tl);
        w->tl[w->n] = u->tl;
        w->fence[w->n++] = f;
    }
    pthread_mutex_unlock(&r->lock);
}

/* Waits for every fence of the list; with dontblock, fails instead. */
static bool wait_all(swrp_context *c, wait_list *w, bool dontblock)
{
    bool ok = true;
    for (unsigned i = 0; i < w->n && ok; i++) {
        if (dontblock)
            ok = swrp_timeline_done(w->tl[i], w->fence[i]);
        else
            swrp_timeline_wait(w->tl[i], w->fence[i], UINT64_MAX, w->tl[i] == c->tl);
    }
    wait_list_release(w);
    return ok;
}

void swrp_context_store_render_targets(struct pipe_context *ctx)
{
    swrp_context *c = swrp_context_of(ctx);
    if (c->rt_dirty)
        store_tiles(c, true);
}

bool swrp_context_flush_resource_writes(struct pipe_context *ctx, struct pipe_resource *res)
{
    if (!ctx || !res)
        return false;
    wait_list w;
    collect_waits(swrp_context_of(ctx), swrp_resource_of(res), false, &w);
    wait_all(swrp_context_of(ctx), &w, false);
    return true;
}

/* Replaces a busy buffer's storage (DISCARD_WHOLE_RESOURCE). False when it
 * cannot (open maps, out of memory): the caller waits instead. */
static bool orphan_storage(swrp_context *c, swrp_resource *r)
{
    uint8_t *fresh = aligned_alloc(SWRP_STORAGE_ALIGN, r->size);
    if (!fresh)
        return false;
    pthread_mutex_lock(&r->lock);
    if (r->maps) {
        pthread_mutex_unlock(&r->lock);
        free(fresh);
        return false;
    }
    uint8_t *old = r->data;
    swrp_usage users[SWRP_MAX_USERS];
    memcpy(users, r->users, sizeof users);
    memset(r->users, 0, sizeof r->users);
    __atomic_store_n(&r->data, fresh, __ATOMIC_RELEASE);
    r->generation++;
    pthread_mutex_unlock(&r->lock);
    swrp_screen_defer_free(swrp_screen_of(c->base.screen), old, users);
    return true;
}

/* ---- transfers ----------------------------------------------------------- */

typedef struct swrp_transfer {
    struct pipe_transfer base; /* first */
    uint8_t *map;              /* what map returned */
} swrp_transfer;

/* Flags that forbid PIPE_MAP_READ (docs, 7.1.21). */
#define WRITE_ONLY_FLAGS                                                                           \
    (PIPE_MAP_DISCARD_RANGE | PIPE_MAP_DISCARD_WHOLE_RESOURCE | PIPE_MAP_UNSYNCHRONIZED |          \
     PIPE_MAP_FLUSH_EXPLICIT)
#define KNOWN_MAP_FLAGS                                                                            \
    (PIPE_MAP_READ_WRITE | PIPE_MAP_DIRECTLY | WRITE_ONLY_FLAGS | PIPE_MAP_DONTBLOCK |             \
     PIPE_MAP_PERSISTENT | PIPE_MAP_COHERENT)

static bool usage_ok(const swrp_resource *r, unsigned usage)
{
    if (!(usage & PIPE_MAP_READ_WRITE) || (usage & ~KNOWN_MAP_FLAGS))
        return false;
    if ((usage & PIPE_MAP_READ) && (usage & WRITE_ONLY_FLAGS))
        return false;
    if ((usage & PIPE_MAP_PERSISTENT) && !(r->base.flags & PIPE_RESOURCE_FLAG_MAP_PERSISTENT))
        return false;
    if ((usage & PIPE_MAP_COHERENT) &&
        (!(usage & PIPE_MAP_PERSISTENT) || !(r->base.flags & PIPE_RESOURCE_FLAG_MAP_COHERENT)))
        return false;
    return true;
}

/* Whether box fits the level (and, for compressed formats, lies on block
 * boundaries except where it ends at the level's edge). */
static bool box_ok(const swrp_resource *r, unsigned level, const struct pipe_box *b)
{
    if (!b || level > r->base.last_level)
        return false;
    if (b->x < 0 || b->y < 0 || b->z < 0 || b->width <= 0 || b->height <= 0 || b->depth <= 0)
        return false;
    const swrp_level_layout *lv = &r->level[level];
    if ((uint64_t)b->x + (uint64_t)b->width > lv->width ||
        (uint64_t)b->y + (uint64_t)b->height > lv->height ||
        (uint64_t)b->z + (uint64_t)b->depth > lv->depth)
        return false;
    uint32_t bw = r->fmt->block_w, bh = r->fmt->block_h;
    uint32_t x1 = (uint32_t)(b->x + b->width), y1 = (uint32_t)(b->y + b->height);
    if ((uint32_t)b->x % bw || (uint32_t)b->y % bh)
        return false;
    if ((x1 % bw && x1 != lv->width) || (y1 % bh && y1 != lv->height))
        return false;
    return true;
}

/* Address of the box's first block. */
static uint8_t *box_ptr(const swrp_resource *r, unsigned level, const struct pipe_box *b)
{
    const swrp_level_layout *lv = &r->level[level];
    uint8_t *data = __atomic_load_n(&r->data, __ATOMIC_ACQUIRE);
    return data + lv->offset + (size_t)b->z * lv->layer_pitch +
           (size_t)(b->y / r->fmt->block_h) * lv->row_pitch +
           (size_t)(b->x / r->fmt->block_w) * r->fmt->block_bytes;
}

/*
 * Synchronises for a CPU access of `usage` and returns the box's address
 * (NULL: invalid, or DONTBLOCK and busy). Does not count a map.
 */
static uint8_t *access_begin(swrp_context *c, swrp_resource *r, unsigned level, unsigned usage,
                             const struct pipe_box *box)
{
    if (!usage_ok(r, usage) || !box_ok(r, level, box))
        return NULL;
    swrp_screen_reap(swrp_screen_of(c->base.screen), false);
    if (!(usage & PIPE_MAP_UNSYNCHRONIZED)) {
        bool writes = (usage & PIPE_MAP_WRITE) != 0;
        wait_list w;
        collect_waits(c, r, writes, &w);
        if (w.n && (usage & PIPE_MAP_DISCARD_WHOLE_RESOURCE) && r->base.target == PIPE_BUFFER &&
            orphan_storage(c, r)) {
            wait_list_release(&w);
        } else if (!wait_all(c, &w, (usage & PIPE_MAP_DONTBLOCK) != 0)) {
            return NULL;
        }
    }
    return box_ptr(r, level, box);
}

static void *resource_map(struct pipe_context *ctx, struct pipe_resource *res, unsigned level,
                          unsigned usage, const struct pipe_box *box,
                          struct pipe_transfer **transfer, bool want_buffer)
{
    if (!ctx || !res || !transfer || (res->target == PIPE_BUFFER) != want_buffer)
        return NULL;
    swrp_context *c = swrp_context_of(ctx);
    swrp_resource *r = swrp_resource_of(res);
    swrp_transfer *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    uint8_t *p = access_begin(c, r, level, usage, box);
    if (!p) {
        free(t);
        return NULL;
    }
    pipe_resource_reference(&t->base.resource, res);
    t->base.level = level;
    t->base.usage = usage;
    t->base.box = *box;
    t->base.stride = r->level[level].row_pitch;
    t->base.layer_stride = r->level[level].layer_pitch;
    t->map = p;
    pthread_mutex_lock(&r->lock);
    r->maps++;
    if (usage & PIPE_MAP_PERSISTENT)
        r->persistent_maps++;
    pthread_mutex_unlock(&r->lock);
    *transfer = &t->base;
    return p;
}

static void *buffer_map(struct pipe_context *ctx, struct pipe_resource *res, unsigned level,
                        unsigned usage, const struct pipe_box *box, struct pipe_transfer **transfer)
{
    return resource_map(ctx, res, level, usage, box, transfer, true);
}

static void *texture_map(struct pipe_context *ctx, struct pipe_resource *res, unsigned level,
                         unsigned usage, const struct pipe_box *box,
                         struct pipe_transfer **transfer)
{
    return resource_map(ctx, res, level, usage, box, transfer, false);
}

static void transfer_unmap(struct pipe_context *ctx, struct pipe_transfer *transfer)
{
    (void)ctx;
    if (!transfer)
        return;
    swrp_resource *r = swrp_resource_of(transfer->resource);
    pthread_mutex_lock(&r->lock);
    r->maps--;
    if (transfer->usage & PIPE_MAP_PERSISTENT)
        r->persistent_maps--;
    pthread_mutex_unlock(&r->lock);
    pipe_resource_reference(&transfer->resource, NULL);
    free(transfer);
}

/* Maps are direct pointers into the storage the engine reads, so an
 * explicit flush has nothing to copy. */
static void transfer_flush_region(struct pipe_context *ctx, struct pipe_transfer *transfer,
                                  const struct pipe_box *box)
{
    (void)ctx;
    (void)transfer;
    (void)box;
}

/* Copies `rows` block rows of `row_bytes`, `layers` times, between two
 * pitched images. memmove: a same-resource copy may overlap in memory
 * even though the docs forbid overlapping boxes. */
static void copy_blocks(uint8_t *dst, uint32_t dst_stride, uint64_t dst_layer, const uint8_t *src,
                        uint32_t src_stride, uint64_t src_layer, size_t row_bytes, uint32_t rows,
                        uint32_t layers)
{
    for (uint32_t z = 0; z < layers; z++)
        for (uint32_t y = 0; y < rows; y++)
            memmove(dst + z * dst_layer + (size_t)y * dst_stride,
                    src + z * src_layer + (size_t)y * src_stride, row_bytes);
}

/* Usage for a write through subdata: discard what is replaced. */
static unsigned subdata_usage(unsigned usage, bool whole)
{
    usage = (usage & ~PIPE_MAP_READ) | PIPE_MAP_WRITE;
    if (!(usage & PIPE_MAP_UNSYNCHRONIZED))
        usage |= whole ? PIPE_MAP_DISCARD_WHOLE_RESOURCE : PIPE_MAP_DISCARD_RANGE;
    return usage & ~(PIPE_MAP_PERSISTENT | PIPE_MAP_COHERENT | PIPE_MAP_FLUSH_EXPLICIT);
}

static void buffer_subdata(struct pipe_context *ctx, struct pipe_resource *res, unsigned usage,
                           unsigned offset, unsigned size, const void *data)
{
    if (!ctx || !res || !data || !size || res->target != PIPE_BUFFER)
        return;
    struct pipe_box box = {(int32_t)offset, 0, 0, (int32_t)size, 1, 1};
    if (offset > INT32_MAX || size > INT32_MAX)
        return;
    bool whole = offset == 0 && size == res->width0;
    uint8_t *p = access_begin(swrp_context_of(ctx), swrp_resource_of(res), 0,
                              subdata_usage(usage, whole), &box);
    if (p)
        memcpy(p, data, size);
}

static void texture_subdata(struct pipe_context *ctx, struct pipe_resource *res, unsigned level,
                            unsigned usage, const struct pipe_box *box, const void *data,
                            unsigned stride, uint64_t layer_stride)
{
    if (!ctx || !res || !data || !box || res->target == PIPE_BUFFER)
        return;
    swrp_resource *r = swrp_resource_of(res);
    uint8_t *p = access_begin(swrp_context_of(ctx), r, level, subdata_usage(usage, false), box);
    if (!p)
        return;
    const swrp_level_layout *lv = &r->level[level];
    uint32_t bw = r->fmt->block_w, bh = r->fmt->block_h;
    size_t row_bytes = (size_t)((uint32_t)box->width + bw - 1) / bw * r->fmt->block_bytes;
    uint32_t rows = ((uint32_t)box->height + bh - 1) / bh;
    copy_blocks(p, lv->row_pitch, lv->layer_pitch, data, stride, layer_stride, row_bytes, rows,
                (uint32_t)box->depth);
}

/* ---- copies and buffer clears ------------------------------------------ */

static bool formats_copy_compatible(const fmt_desc *a, const fmt_desc *b)
{
    return a->block_bytes == b->block_bytes && a->block_w == b->block_w && a->block_h == b->block_h;
}

/* CPU copy (the engine has no copy engine): synchronises like a read map of
 * src and a write map of dst. */
static void resource_copy_region(struct pipe_context *ctx, struct pipe_resource *dst,
                                 unsigned dst_level, unsigned dstx, unsigned dsty, unsigned dstz,
                                 struct pipe_resource *src, unsigned src_level,
                                 const struct pipe_box *src_box)
{
    if (!ctx || !dst || !src || !src_box)
        return;
    swrp_context *c = swrp_context_of(ctx);
    swrp_resource *d = swrp_resource_of(dst), *s = swrp_resource_of(src);
    if ((dst->target == PIPE_BUFFER) != (src->target == PIPE_BUFFER) ||
        !formats_copy_compatible(d->fmt, s->fmt) || dstx > INT32_MAX || dsty > INT32_MAX ||
        dstz > INT32_MAX)
        return;
    struct pipe_box dbox = {(int32_t)dstx,     (int32_t)dsty,     (int32_t)dstz,
                            src_box->width,    src_box->height,   src_box->depth};
    if (!box_ok(s, src_level, src_box) || !box_ok(d, dst_level, &dbox))
        return;
    /* Read first (it may store hot tiles), then write (it may drop them). */
    if (!access_begin(c, s, src_level, PIPE_MAP_READ, src_box))
        return;
    uint8_t *dp = access_begin(c, d, dst_level, PIPE_MAP_WRITE, &dbox);
    if (!dp)
        return;
    const uint8_t *sp = box_ptr(s, src_level, src_box);
    uint32_t bw = s->fmt->block_w, bh = s->fmt->block_h;
    size_t row_bytes = (size_t)((uint32_t)src_box->width + bw - 1) / bw * s->fmt->block_bytes;
    uint32_t rows = ((uint32_t)src_box->height + bh - 1) / bh;
    const swrp_level_layout *dl = &d->level[dst_level], *sl = &s->level[src_level];
    copy_blocks(dp, dl->row_pitch, dl->layer_pitch, sp, sl->row_pitch, sl->layer_pitch, row_bytes,
                rows, (uint32_t)src_box->depth);
}

static void clear_buffer(struct pipe_context *ctx, struct pipe_resource *res, unsigned offset,
                         unsigned size, const void *clear_value, int clear_value_size)
{
    if (!ctx || !res || !clear_value || res->target != PIPE_BUFFER || clear_value_size <= 0 ||
        !size || size % (unsigned)clear_value_size || offset > INT32_MAX || size > INT32_MAX)
        return;
    struct pipe_box box = {(int32_t)offset, 0, 0, (int32_t)size, 1, 1};
    uint8_t *p = access_begin(swrp_context_of(ctx), swrp_resource_of(res), 0,
                              PIPE_MAP_WRITE | PIPE_MAP_DISCARD_RANGE, &box);
    if (!p)
        return;
    size_t n = (size_t)clear_value_size;
    memcpy(p, clear_value, n);
    /* Doubling copies: log2(size / n) memcpy calls. */
    for (size_t done = n; done < size;) {
        size_t k = done < size - done ? done : size - done;
        memcpy(p + done, p, k);
        done += k;
    }
}

/* Fills a box of one level with one texel (PIPE_CAP_CLEAR_TEXTURE), through
 * a write map, so the engine's pending use of the storage (and hot tiles of
 * a render target) is synchronised as for any map. Compressed formats and
 * buffers are refused (clear_buffer covers buffers). */
static void clear_texture(struct pipe_context *ctx, struct pipe_resource *res, unsigned level,
                          const struct pipe_box *box, const void *data)
{
    if (!ctx || !res || !box || !data || res->target == PIPE_BUFFER || box->width <= 0 ||
        box->height <= 0 || box->depth <= 0)
        return;
    const fmt_desc *f = swrp_resource_of(res)->fmt;
    if (!f || f->is_compressed || !f->block_bytes)
        return;
    struct pipe_transfer *t = NULL;
    uint8_t *p = ctx->texture_map(ctx, res, level, PIPE_MAP_WRITE | PIPE_MAP_DISCARD_RANGE, box, &t);
    if (!p)
        return;
    size_t n = f->block_bytes, row = (size_t)box->width * n;
    for (int32_t z = 0; z < box->depth; z++)
        for (int32_t y = 0; y < box->height; y++) {
            uint8_t *line = p + (size_t)z * t->layer_stride + (size_t)y * t->stride;
            memcpy(line, data, n);
            for (size_t done = n; done < row;) {
                size_t k = done < row - done ? done : row - done;
                memcpy(line + done, line, k);
                done += k;
            }
        }
    ctx->texture_unmap(ctx, t);
}

/* ---- flush, creation, destruction ---------------------------------------- */

static void context_flush(struct pipe_context *ctx, struct pipe_fence_handle **fence,
                          unsigned flags)
{
    /* Work is queued as it is recorded: DEFERRED changes nothing. */
    swrp_context *c = swrp_context_of(ctx);
    if (c->rt_dirty)
        store_tiles(c, false);
    if (flags & PIPE_FLUSH_END_OF_FRAME)
        swr_end_frame(c->engine); /* the profiling window counts frames */
    if (fence) {
        struct pipe_fence_handle *f = swrp_fence_create(c->tl, swr_fence_submit(c->engine));
        ctx->screen->fence_reference(ctx->screen, fence, NULL);
        *fence = f;
    }
    swrp_screen_reap(swrp_screen_of(ctx->screen), false);
}

void swrp_link_cache_clear(swrp_context *c)
{
    if (c->link.valid) {
        jit_shader_unref(c->link.vs_code);
        jit_shader_unref(c->link.fs_code);
        if (c->link.gs_code)
            jit_shader_unref(c->link.gs_code);
    }
    c->link.valid = false;
    c->link.vs_code = c->link.fs_code = c->link.gs_code = NULL;
}

static void context_destroy(struct pipe_context *ctx)
{
    if (!ctx)
        return;
    swrp_context *c = swrp_context_of(ctx);
    /* Rendered tiles must reach the resources, which outlive the context. */
    if (c->rt_dirty)
        store_tiles(c, false);
    swrp_timeline_retire(c->tl);
    /* After the retire: the engine is idle, so bound state frees at once. */
    swrp_link_cache_clear(c);
    swrp_state_destroy(c);
    swrp_timeline_unref(c->tl);
    swrp_screen_reap(swrp_screen_of(ctx->screen), false);
    free(c);
}

unsigned swr_pipe_context_threads(struct pipe_context *pipe)
{
    if (!pipe || pipe->destroy != context_destroy)
        return 0;
    return swr_worker_count(((swrp_context *)pipe)->engine) + 1;
}

struct pipe_context *swrp_context_create(struct pipe_screen *screen, void *priv, unsigned flags)
{
    if (!screen || (flags & PIPE_CONTEXT_COMPUTE_ONLY))
        return NULL;
    swrp_context *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->dirty = SWRP_DIRTY_ALL;
    if (swr_context_create(NULL, &c->engine) != SWR_OK)
        goto fail;
    c->tl = swrp_timeline_create(c->engine);
    if (!c->tl)
        goto fail;
    struct pipe_context *p = &c->base;
    p->screen = screen;
    p->priv = priv;
    p->destroy = context_destroy;
    p->flush = context_flush;
    p->buffer_map = buffer_map;
    p->buffer_unmap = transfer_unmap;
    p->texture_map = texture_map;
    p->texture_unmap = transfer_unmap;
    p->transfer_flush_region = transfer_flush_region;
    p->buffer_subdata = buffer_subdata;
    p->texture_subdata = texture_subdata;
    p->resource_copy_region = resource_copy_region;
    p->clear_buffer = clear_buffer;
    p->clear_texture = clear_texture;
    if (!swrp_state_init(c))
        goto fail;
    swrp_query_init(p);
    swrp_blit_init(p);
    return p;
fail:
    if (c->tl) {
        swrp_timeline_retire(c->tl); /* destroys the engine */
        swrp_timeline_unref(c->tl);
    } else if (c->engine) {
        swr_context_destroy(c->engine);
    }
    free(c);
    return NULL;
}

swr_context *swrp_context_engine(struct pipe_context *ctx)
{
    return ctx ? swrp_context_of(ctx)->engine : NULL;
}
