/*
 * swr_api.c: the engine API of core/swr.h: contexts, versioned state,
 * draws (cut into frontend chunks), clears, stores, fences.
 * Thread: the context's API thread (one at a time).
 *
 * State versioning: each set call updates a pending copy of its group and
 * marks the group dirty. The next draw turns every dirty group into a new
 * immutable block and builds a new draw state (pointers to the current
 * blocks + derived values); an unchanged state is shared by all the draws
 * that use it, nothing is copied per draw. A replaced block is freed once
 * the ring's tail has passed the last draw context that used it. When only
 * state the rasterizer's derivation does not read changed (constants,
 * samplers, vertex layout and buffers: derived_stale is false), the new
 * draw state copies the previous one's derived values instead of deriving
 * them again (rast_draw_state_build). The vertex-layout block and the draw
 * state are the rasterizer's opaque types (rast.h): core sizes them and
 * fills them through its functions.
 */
#include "core/core_priv.h"

#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "knobs/knobs.h"
#include "profiling/prof.h"

const char *swr_result_string(swr_result r)
{
    switch (r) {
    case SWR_OK:
        return "ok";
    case SWR_ERROR_OUT_OF_MEMORY:
        return "out of memory";
    case SWR_ERROR_INVALID_ARGUMENT:
        return "invalid argument";
    case SWR_ERROR_UNSUPPORTED_CPU:
        return "unsupported CPU";
    case SWR_ERROR_UNSUPPORTED:
        return "unsupported";
    case SWR_ERROR_TIMEOUT:
        return "timeout";
    }
    return "unknown result";
}

/* ---- state blocks ---------------------------------------------------------- */

static size_t group_size(int g)
{
    switch (g) {
    case SG_LAYOUT:
        return rast_layout_block_bytes();
    case SG_BUFFERS:
        return sizeof(rast_buffers_block);
    case SG_SHADERS:
        return sizeof(rast_shader_block);
    case SG_RASTER:
        return sizeof(rast_raster_block);
    case SG_OUTPUT:
        return sizeof(rast_output_block);
    case SG_SO:
        return sizeof(rast_so_block);
    default:
        return sizeof(rast_fb_block);
    }
}

static const void *group_pending(swr_context *ctx, int g)
{
    switch (g) {
    case SG_LAYOUT:
        return ctx->p_layout;
    case SG_BUFFERS:
        return &ctx->p_buffers;
    case SG_SHADERS:
        return &ctx->p_shaders;
    case SG_RASTER:
        return &ctx->p_raster;
    case SG_OUTPUT:
        return &ctx->p_output;
    case SG_SO:
        return &ctx->p_so;
    default:
        return &ctx->p_fb;
    }
}

/* A block of `group` with undefined content. */
static state_block *block_alloc(swr_context *ctx, uint32_t group, size_t size)
{
    state_block *b = ctx->free_blocks[group];
    if (b) {
        ctx->free_blocks[group] = b->retired_next;
    } else {
        b = aligned_alloc(64, (sizeof(state_block) + size + 63) & ~(size_t)63);
        if (!b)
            return NULL;
    }
    b->last_use = 0;
    b->retired_next = NULL;
    b->group = group;
    return b;
}

static state_block *block_new(swr_context *ctx, uint32_t group, size_t size, const void *content)
{
    state_block *b = block_alloc(ctx, group, size);
    if (b)
        memcpy(b->content, content, size);
    return b;
}

static void block_retire(swr_context *ctx, state_block *b)
{
    if (!b)
        return;
    b->retired_next = NULL;
    if (ctx->retired_last)
        ctx->retired_last->retired_next = b;
    else
        ctx->retired = b;
    ctx->retired_last = b;
}

/* Frees retired blocks no draw context in flight can read (into the reuse
 * lists), oldest first, up to the first one still in use; `all` (the
 * context is idle or going away) frees every one to the system. */
static void free_retired(swr_context *ctx, bool all)
{
    uint64_t tail = atomic_load(&ctx->tail);
    while (ctx->retired && (all || ctx->retired->last_use < tail)) {
        state_block *b = ctx->retired;
        ctx->retired = b->retired_next;
        if (all) {
            free(b);
        } else {
            b->retired_next = ctx->free_blocks[b->group];
            ctx->free_blocks[b->group] = b;
        }
    }
    if (!ctx->retired)
        ctx->retired_last = NULL;
}

/* Frees the reuse lists. */
static void free_block_cache(swr_context *ctx)
{
    for (int g = 0; g <= SG_COUNT; g++) {
        while (ctx->free_blocks[g]) {
            state_block *b = ctx->free_blocks[g];
            ctx->free_blocks[g] = b->retired_next;
            free(b);
        }
    }
}

/* Makes the current draw state reflect every set call so far. */
static swr_result update_state(swr_context *ctx)
{
    if (!ctx->dirty && ctx->cur_draw)
        return SWR_OK;
    free_retired(ctx, false);
    for (int g = 0; g < SG_COUNT; g++) {
        if (!(ctx->dirty & (1u << g)) && ctx->cur[g])
            continue;
        state_block *b = block_new(ctx, (uint32_t)g, group_size(g), group_pending(ctx, g));
        if (!b)
            return SWR_ERROR_OUT_OF_MEMORY;
        block_retire(ctx, ctx->cur[g]);
        ctx->cur[g] = b;
    }
    /* Built in place in the new block (no copy through the stack). */
    state_block *b = block_alloc(ctx, SG_COUNT, rast_draw_state_bytes());
    if (!b)
        return SWR_ERROR_OUT_OF_MEMORY;
    const rast_state_blocks blocks = {
        .layout = (const rast_layout_block *)ctx->cur[SG_LAYOUT]->content,
        .buffers = (const rast_buffers_block *)ctx->cur[SG_BUFFERS]->content,
        .shaders = (const rast_shader_block *)ctx->cur[SG_SHADERS]->content,
        .raster = (const rast_raster_block *)ctx->cur[SG_RASTER]->content,
        .output = (const rast_output_block *)ctx->cur[SG_OUTPUT]->content,
        .fb = (const rast_fb_block *)ctx->cur[SG_FB]->content,
        .so = (const rast_so_block *)ctx->cur[SG_SO]->content,
    };
    bool derive = ctx->derived_stale || !ctx->cur_draw;
    rast_draw_state_build((rast_draw_state *)b->content, &blocks,
                          derive ? NULL : (const rast_draw_state *)ctx->cur_draw->content);
    block_retire(ctx, ctx->cur_draw);
    ctx->cur_draw = b;
    ctx->dirty = 0;
    ctx->derived_stale = false;
    return SWR_OK;
}

/* Records that draw context `id` reads the current state. */
static void mark_state_use(swr_context *ctx, uint64_t id)
{
    ctx->cur_draw->last_use = id;
    for (int g = 0; g < SG_COUNT; g++)
        ctx->cur[g]->last_use = id;
}

/* ---- tile grid -------------------------------------------------------------- */

static void free_grid(swr_context *ctx)
{
    for (uint32_t i = 0; i < ctx->ring_size; i++) {
        draw_context *dc = &ctx->ring[i];
        free(dc->bins.head);
        free(dc->bins.tail);
        free(dc->bins.touched);
        free((void *)dc->tile_state);
        dc->bins.head = dc->bins.tail = NULL;
        dc->bins.touched = NULL;
        dc->tile_state = NULL;
    }
    for (uint32_t w = 0; w <= ctx->num_workers; w++) {
        free(ctx->threads[w].blocked);
        ctx->threads[w].blocked = NULL;
    }
    rast_hot_tiles_free(&ctx->hot);
}

/* Grows the macrotile grid to cover w x h pixels. The grid only grows; a
 * change drains the ring first (tile ids change meaning). */
static swr_result ensure_grid(swr_context *ctx, uint32_t w, uint32_t h)
{
    uint32_t gw = (w + RAST_MT_DIM - 1) / RAST_MT_DIM, gh = (h + RAST_MT_DIM - 1) / RAST_MT_DIM;
    if (gw < 1)
        gw = 1;
    if (gh < 1)
        gh = 1;
    if (gw <= ctx->grid_w && gh <= ctx->grid_h)
        return SWR_OK;
    if (gw < ctx->grid_w)
        gw = ctx->grid_w;
    if (gh < ctx->grid_h)
        gh = ctx->grid_h;
    if (ctx->grid_w) {
        /* Write back everything the old grid holds, then rebuild. */
        draw_context *dc = core_dc_begin(ctx, DC_STORE);
        dc->store_invalidate = true;
        core_dc_all_tiles(ctx, dc, 0, 0, ctx->grid_w, ctx->grid_h);
        core_dc_publish(ctx, dc);
        core_quiesce(ctx);
    }
    free_grid(ctx);
    size_t n = (size_t)gw * gh;
    ctx->grid_w = gw;
    ctx->grid_h = gh;
    bool ok = rast_hot_tiles_init(&ctx->hot, gw, gh);
    for (uint32_t i = 0; ok && i < ctx->ring_size; i++) {
        draw_context *dc = &ctx->ring[i];
        dc->bins.head = calloc(n, sizeof(rast_bin_block *));
        dc->bins.tail = calloc(n, sizeof(rast_bin_block *));
        dc->bins.touched = calloc(n, sizeof(uint32_t));
        dc->tile_state = calloc(n, sizeof(uint8_t));
        ok = dc->bins.head && dc->bins.tail && dc->bins.touched && dc->tile_state;
    }
    for (uint32_t w2 = 0; ok && w2 <= ctx->num_workers; w2++) {
        ctx->threads[w2].blocked = calloc(n, sizeof(uint32_t));
        ctx->threads[w2].gen = 0;
        ok = ctx->threads[w2].blocked != NULL;
    }
    if (!ok) {
        free_grid(ctx);
        ctx->grid_w = ctx->grid_h = 0;
        return SWR_ERROR_OUT_OF_MEMORY;
    }
    return SWR_OK;
}

/* ---- context ----------------------------------------------------------------- */

static void default_state(swr_context *ctx)
{
    swr_rasterizer_state *rs = &ctx->p_raster.rs;
    rs->front_ccw = true;
    rs->depth_clip_near = rs->depth_clip_far = true;
    rs->half_pixel_center = true;
    rs->point_size = 1.0f;
    rs->line_width = 1.0f;
    for (int i = 0; i < SWR_MAX_VIEWPORTS; i++) {
        ctx->p_raster.scissor[i] = (swr_rect){0, 0, SWR_MAX_SURFACE_DIM, SWR_MAX_SURFACE_DIM};
        ctx->p_raster.vp[i].scale[2] = 0.5f;
        ctx->p_raster.vp[i].translate[2] = 0.5f;
    }
    ctx->p_output.dsa.depth_func = SWR_FUNC_LESS;
    for (int i = 0; i < SWR_MAX_RENDER_TARGETS; i++) {
        swr_blend_rt *b = &ctx->p_output.blend.rt[i];
        b->colormask = SWR_MASK_RGBA;
        b->rgb_src_factor = b->alpha_src_factor = SWR_BLENDFACTOR_ONE;
        b->rgb_dst_factor = b->alpha_dst_factor = SWR_BLENDFACTOR_ZERO;
    }
    ctx->p_shaders.vs.position_slot = 0;
    ctx->p_shaders.vs.point_size_slot = SWR_SLOT_NONE;
    ctx->p_shaders.vs.clip_dist_slot[0] = ctx->p_shaders.vs.clip_dist_slot[1] = SWR_SLOT_NONE;
    ctx->p_shaders.vs.viewport_index_slot = SWR_SLOT_NONE;
    static const swr_vertex_layout no_layout;
    rast_layout_block_set(ctx->p_layout, &no_layout, NULL);
    ctx->dirty = (1u << SG_COUNT) - 1;
    ctx->derived_stale = true;
}

swr_result swr_context_create(const swr_context_desc *desc, swr_context **out)
{
    static const swr_context_desc zero;
    if (!out)
        return SWR_ERROR_INVALID_ARGUMENT;
    *out = NULL;
    if (!desc)
        desc = &zero;
    /* The load-time gate in cpu_check.c has already exited on such a CPU;
     * this keeps the documented result for any path around it. */
    const char *msg;
    if (swr_check_cpu(&msg) != SWR_OK) {
        fprintf(stderr, "swr: this CPU lacks %s; swr needs an x86-64 CPU with AVX2, FMA and F16C\n",
                msg);
        return SWR_ERROR_UNSUPPORTED_CPU;
    }
    knob_init(); /* prints the listing once when KNOB_PRINT_KNOBS asks for it */
    swr_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return SWR_ERROR_OUT_OF_MEMORY;
    ctx->ring_size =
        desc->max_draws_in_flight ? desc->max_draws_in_flight : KNOB_MAX_DRAWS_IN_FLIGHT;
    if (ctx->ring_size < 2)
        ctx->ring_size = 2;
    if (ctx->ring_size > 65536)
        ctx->ring_size = 65536;
    ctx->max_prims = desc->max_prims_per_draw ? desc->max_prims_per_draw : KNOB_MAX_PRIMS_PER_DRAW;
    if (ctx->max_prims < 1)
        ctx->max_prims = 1;
    ctx->single_threaded = desc->single_threaded || KNOB_SINGLE_THREADED;
    if (!ctx->single_threaded) {
        ctx->pool = thr_pool_acquire(desc->workers);
        if (!ctx->pool)
            ctx->single_threaded = true;
    }
    ctx->num_workers = ctx->pool ? thr_pool_worker_count(ctx->pool) : 0;
    ctx->api_index = ctx->num_workers;
    ctx->threads = calloc(ctx->num_workers + 1, sizeof(core_thread));
    ctx->hazard = calloc(ctx->num_workers + 1, sizeof(_Atomic uint64_t));
    ctx->ring = calloc(ctx->ring_size, sizeof(draw_context));
    ctx->p_layout = calloc(1, rast_layout_block_bytes());
    bool ok = ctx->threads && ctx->hazard && ctx->ring && ctx->p_layout;
    for (uint32_t w = 0; ok && w <= ctx->num_workers; w++) {
        ctx->threads[w].scratch = rast_scratch_create();
        ok = ctx->threads[w].scratch != NULL;
    }
    if (ok) {
        for (uint32_t w = 0; w <= ctx->num_workers; w++)
            atomic_init(&ctx->hazard[w], HAZARD_NONE);
        for (uint32_t i = 0; i < ctx->ring_size; i++) {
            arena_init(&ctx->ring[i].arena);
            /* Slot i first holds id i; until then it must not look retired. */
            atomic_init(&ctx->ring[i].id, UINT64_MAX);
        }
        default_state(ctx);
        ok = ensure_grid(ctx, RAST_MT_DIM, RAST_MT_DIM) == SWR_OK;
    }
    if (!ok) {
        swr_context_destroy(ctx);
        return SWR_ERROR_OUT_OF_MEMORY;
    }
    prof_thread_register(true, 0);
    if (ctx->pool) {
        ctx->client = thr_pool_add_client(ctx->pool, core_pool_work, ctx);
        if (!ctx->client) {
            thr_pool_release(ctx->pool);
            ctx->pool = NULL;
            ctx->single_threaded = true;
        }
    }
    *out = ctx;
    return SWR_OK;
}

void swr_context_destroy(swr_context *ctx)
{
    if (!ctx)
        return;
    if (ctx->ring && ctx->threads && ctx->grid_w)
        core_drain(ctx);
    /* A capture still running (the frame window was not reached) is written
     * out now rather than lost. */
    if (prof_active) {
        prof_stop_capture();
        prof_flush_report("rdtsc.txt");
    }
    if (ctx->client)
        thr_pool_remove_client(ctx->pool, ctx->client);
    if (ctx->pool)
        thr_pool_release(ctx->pool);
    if (ctx->ring && ctx->threads)
        free_grid(ctx);
    if (ctx->ring) {
        for (uint32_t i = 0; i < ctx->ring_size; i++)
            arena_free(&ctx->ring[i].arena);
    }
    if (ctx->threads) {
        for (uint32_t w = 0; w <= ctx->num_workers; w++)
            rast_scratch_destroy(ctx->threads[w].scratch);
    }
    for (int g = 0; g < SG_COUNT; g++)
        free(ctx->cur[g]);
    free(ctx->cur_draw);
    free_retired(ctx, true);
    free_block_cache(ctx);
    free(ctx->ring);
    free((void *)ctx->hazard);
    free(ctx->threads);
    free(ctx->p_layout);
    free(ctx->so_prefix);
    free(ctx);
}

uint32_t swr_worker_count(const swr_context *ctx) { return ctx ? ctx->num_workers : 0; }

/* ---- set state ----------------------------------------------------------------- */

#define MARK(g) (ctx->dirty |= 1u << (g))
/* For state the draw state derives values from (rast_draw_state_build). */
#define MARK_DERIVED(g) (ctx->dirty |= 1u << (g), ctx->derived_stale = true)

swr_result swr_set_vertex_layout(swr_context *ctx, const swr_vertex_layout *layout)
{
    if (!ctx || !layout)
        return SWR_ERROR_INVALID_ARGUMENT;
    const char *err = NULL;
    if (!rast_layout_block_set(ctx->p_layout, layout, &err)) {
        fprintf(stderr, "swr: invalid vertex layout: %s\n", err ? err : "?");
        return SWR_ERROR_INVALID_ARGUMENT;
    }
    MARK(SG_LAYOUT);
    return SWR_OK;
}

swr_result swr_set_vertex_buffers(swr_context *ctx, uint32_t first, uint32_t count,
                                  const swr_vertex_buffer *buffers)
{
    if (!ctx || (count && !buffers) || first > SWR_MAX_VERTEX_BUFFERS ||
        count > SWR_MAX_VERTEX_BUFFERS - first)
        return SWR_ERROR_INVALID_ARGUMENT;
    memcpy(&ctx->p_buffers.vb[first], buffers, count * sizeof *buffers);
    MARK(SG_BUFFERS);
    return SWR_OK;
}

swr_result swr_set_index_buffer(swr_context *ctx, const void *data, uint32_t index_size,
                                uint32_t size_bytes)
{
    if (!ctx || (data && index_size != 1 && index_size != 2 && index_size != 4))
        return SWR_ERROR_INVALID_ARGUMENT;
    ctx->p_buffers.index_data = data;
    ctx->p_buffers.index_size = data ? index_size : 0;
    ctx->p_buffers.index_bytes = data ? size_bytes : 0;
    MARK(SG_BUFFERS);
    return SWR_OK;
}

swr_result swr_set_vs(swr_context *ctx, const swr_vs_state *vs)
{
    if (!ctx || !vs || vs->num_outputs > SWR_MAX_ATTRIBS || vs->num_inputs > SWR_MAX_ATTRIBS ||
        (vs->func && vs->position_slot >= vs->num_outputs))
        return SWR_ERROR_INVALID_ARGUMENT;
    ctx->p_shaders.vs = *vs;
    MARK_DERIVED(SG_SHADERS);
    return SWR_OK;
}

swr_result swr_set_ps(swr_context *ctx, const swr_ps_state *ps)
{
    if (!ctx || !ps || ps->num_inputs > SWR_MAX_ATTRIBS || ps->num_outputs > SWR_MAX_RENDER_TARGETS)
        return SWR_ERROR_INVALID_ARGUMENT;
    for (uint32_t i = 0; i < ps->num_inputs; i++)
        if (ps->inputs[i].interp > SWR_INTERP_COLOR)
            return SWR_ERROR_INVALID_ARGUMENT;
    ctx->p_shaders.ps = *ps;
    MARK_DERIVED(SG_SHADERS);
    return SWR_OK;
}

const char *swr_gs_validate(const swr_gs_state *gs) { return rast_gs_validate(gs); }

swr_result swr_set_gs(swr_context *ctx, const swr_gs_state *gs)
{
    if (!ctx || rast_gs_validate(gs))
        return SWR_ERROR_INVALID_ARGUMENT;
    if (gs && gs->func)
        ctx->p_shaders.gs = *gs;
    else
        memset(&ctx->p_shaders.gs, 0, sizeof ctx->p_shaders.gs);
    MARK_DERIVED(SG_SHADERS);
    return SWR_OK;
}

swr_result swr_set_constant_buffer(swr_context *ctx, uint32_t stage, uint32_t index,
                                   const float *data, uint32_t vec4_count)
{
    if (!ctx || stage >= SWR_STAGE_COUNT || index >= SWR_MAX_CONST_BUFFERS)
        return SWR_ERROR_INVALID_ARGUMENT;
    ctx->p_shaders.res[stage].constants[index] = data;
    ctx->p_shaders.res[stage].constant_count[index] = data ? vec4_count : 0;
    MARK(SG_SHADERS);
    return SWR_OK;
}

swr_result swr_set_sampler(swr_context *ctx, uint32_t stage, const swr_sampler_interface *sampler)
{
    if (!ctx || stage >= SWR_STAGE_COUNT)
        return SWR_ERROR_INVALID_ARGUMENT;
    ctx->p_shaders.res[stage].sampler = sampler;
    MARK(SG_SHADERS);
    return SWR_OK;
}

swr_result swr_set_rasterizer_state(swr_context *ctx, const swr_rasterizer_state *rs)
{
    if (!ctx || !rs || rs->cull_face > SWR_FACE_FRONT_AND_BACK || rs->fill_front > SWR_FILL_POINT ||
        rs->fill_back > SWR_FILL_POINT)
        return SWR_ERROR_INVALID_ARGUMENT;
    ctx->p_raster.rs = *rs;
    MARK_DERIVED(SG_RASTER);
    return SWR_OK;
}

swr_result swr_set_viewports(swr_context *ctx, uint32_t first, uint32_t count,
                             const swr_viewport *vps)
{
    if (!ctx || (count && !vps) || first > SWR_MAX_VIEWPORTS || count > SWR_MAX_VIEWPORTS - first)
        return SWR_ERROR_INVALID_ARGUMENT;
    memcpy(&ctx->p_raster.vp[first], vps, count * sizeof *vps);
    MARK_DERIVED(SG_RASTER);
    return SWR_OK;
}

swr_result swr_set_scissors(swr_context *ctx, uint32_t first, uint32_t count, const swr_rect *rects)
{
    if (!ctx || (count && !rects) || first > SWR_MAX_VIEWPORTS || count > SWR_MAX_VIEWPORTS - first)
        return SWR_ERROR_INVALID_ARGUMENT;
    memcpy(&ctx->p_raster.scissor[first], rects, count * sizeof *rects);
    MARK_DERIVED(SG_RASTER);
    return SWR_OK;
}

swr_result swr_set_depth_stencil_state(swr_context *ctx, const swr_depth_stencil_state *dsa)
{
    if (!ctx || !dsa || dsa->depth_func > SWR_FUNC_ALWAYS || dsa->alpha_func > SWR_FUNC_ALWAYS)
        return SWR_ERROR_INVALID_ARGUMENT;
    for (int i = 0; i < 2; i++) {
        const swr_stencil_face *s = &dsa->stencil[i];
        if (s->func > SWR_FUNC_ALWAYS || s->fail_op > SWR_STENCIL_OP_INVERT ||
            s->zfail_op > SWR_STENCIL_OP_INVERT || s->zpass_op > SWR_STENCIL_OP_INVERT)
            return SWR_ERROR_INVALID_ARGUMENT;
    }
    ctx->p_output.dsa = *dsa;
    MARK_DERIVED(SG_OUTPUT);
    return SWR_OK;
}

swr_result swr_set_stencil_ref(swr_context *ctx, uint8_t front, uint8_t back)
{
    if (!ctx)
        return SWR_ERROR_INVALID_ARGUMENT;
    ctx->p_output.stencil_ref[0] = front;
    ctx->p_output.stencil_ref[1] = back;
    MARK_DERIVED(SG_OUTPUT);
    return SWR_OK;
}

static bool valid_factor(uint8_t f)
{
    return (f >= SWR_BLENDFACTOR_ONE && f <= SWR_BLENDFACTOR_SRC1_ALPHA) ||
           (f >= SWR_BLENDFACTOR_ZERO && f <= SWR_BLENDFACTOR_INV_SRC1_ALPHA && f != 0x16);
}

swr_result swr_set_blend_state(swr_context *ctx, const swr_blend_state *blend)
{
    if (!ctx || !blend || blend->logicop_func > SWR_LOGICOP_SET)
        return SWR_ERROR_INVALID_ARGUMENT;
    for (int i = 0; i < SWR_MAX_RENDER_TARGETS; i++) {
        const swr_blend_rt *b = &blend->rt[i];
        if (!b->blend_enable)
            continue;
        if (b->rgb_func > SWR_BLEND_MAX || b->alpha_func > SWR_BLEND_MAX ||
            !valid_factor(b->rgb_src_factor) || !valid_factor(b->rgb_dst_factor) ||
            !valid_factor(b->alpha_src_factor) || !valid_factor(b->alpha_dst_factor))
            return SWR_ERROR_INVALID_ARGUMENT;
    }
    ctx->p_output.blend = *blend;
    MARK_DERIVED(SG_OUTPUT);
    return SWR_OK;
}

swr_result swr_set_blend_color(swr_context *ctx, const float rgba[4])
{
    if (!ctx || !rgba)
        return SWR_ERROR_INVALID_ARGUMENT;
    memcpy(ctx->p_output.blend_color, rgba, sizeof ctx->p_output.blend_color);
    MARK_DERIVED(SG_OUTPUT);
    return SWR_OK;
}

static bool valid_surface(const swr_surface *s, bool depth)
{
    if (s->format == SWR_FORMAT_NONE)
        return true;
    if (s->format >= SWR_FORMAT_COUNT || !s->base || !s->width || !s->height ||
        s->width > SWR_MAX_SURFACE_DIM || s->height > SWR_MAX_SURFACE_DIM)
        return false;
    swr_format f = (swr_format)s->format;
    if (depth ? !rast_format_is_depth(f) : !rast_format_is_color(f))
        return false;
    return (uint64_t)s->pitch_bytes >= (uint64_t)s->width * rast_surface_bpp(f);
}

static bool same_fb(const swr_framebuffer *a, const swr_framebuffer *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

swr_result swr_set_framebuffer(swr_context *ctx, const swr_framebuffer *fb)
{
    if (!ctx || !fb || fb->num_color > SWR_MAX_RENDER_TARGETS || fb->width > SWR_MAX_SURFACE_DIM ||
        fb->height > SWR_MAX_SURFACE_DIM)
        return SWR_ERROR_INVALID_ARGUMENT;
    for (uint32_t i = 0; i < fb->num_color; i++)
        if (!valid_surface(&fb->color[i], false))
            return SWR_ERROR_INVALID_ARGUMENT;
    if (!valid_surface(&fb->zs, true))
        return SWR_ERROR_INVALID_ARGUMENT;
    swr_framebuffer copy = *fb;
    for (uint32_t i = fb->num_color; i < SWR_MAX_RENDER_TARGETS; i++)
        memset(&copy.color[i], 0, sizeof copy.color[i]);
    if (same_fb(&copy, &ctx->p_fb.fb))
        return SWR_OK;
    if (ctx->fb_used) {
        swr_result r = swr_store_tiles(ctx, false);
        if (r != SWR_OK)
            return r;
    }
    uint32_t w = 0, h = 0;
    for (uint32_t i = 0; i < fb->num_color; i++) {
        w = fb->color[i].width > w ? fb->color[i].width : w;
        h = fb->color[i].height > h ? fb->color[i].height : h;
    }
    if (fb->zs.format != SWR_FORMAT_NONE) {
        w = fb->zs.width > w ? fb->zs.width : w;
        h = fb->zs.height > h ? fb->zs.height : h;
    }
    swr_result r = ensure_grid(ctx, w > fb->width ? w : fb->width, h > fb->height ? h : fb->height);
    if (r != SWR_OK)
        return r;
    ctx->p_fb.fb = copy;
    ctx->fb_used = false;
    MARK_DERIVED(SG_FB);
    return SWR_OK;
}

/* ---- stream output ---------------------------------------------------------------- */

swr_result swr_set_stream_output(swr_context *ctx, const swr_so_state *so)
{
    if (!ctx)
        return SWR_ERROR_INVALID_ARGUMENT;
    if (rast_so_validate(so))
        return SWR_ERROR_INVALID_ARGUMENT;
    if (so)
        ctx->p_so.so = *so;
    else
        memset(&ctx->p_so.so, 0, sizeof ctx->p_so.so);
    /* Declarations past num_decls are never read; zero them so that equal
     * states are equal blocks. */
    memset(ctx->p_so.so.decls + ctx->p_so.so.num_decls, 0,
           (SWR_MAX_SO_DECLS - ctx->p_so.so.num_decls) * sizeof(swr_so_decl));
    for (uint32_t b = 0; b < SWR_MAX_SO_BUFFERS; b++)
        ctx->so_offset[b] = ctx->p_so.so.buffers[b].offset_bytes;
    MARK(SG_SO);
    return SWR_OK;
}

swr_result swr_get_stream_output(swr_context *ctx, swr_so_result *out)
{
    if (!ctx || !out)
        return SWR_ERROR_INVALID_ARGUMENT;
    *out = ctx->so_last;
    memcpy(out->offset_bytes, ctx->so_offset, sizeof out->offset_bytes);
    return SWR_OK;
}

/* Plans the stream output of a draw of `chunks` chunks (rast_so_prepare) into
 * so: the chunks' jobs then differ only in prim_base. False: stream output is
 * off (so->active false), or out of memory for the per-chunk counts. */
static bool plan_stream_output(swr_context *ctx, const rast_draw_state *st, const swr_draw_info *d,
                               uint32_t per_chunk, uint32_t chunks, rast_so_job *so)
{
    memset(so, 0, sizeof *so);
    if (!ctx->p_so.so.enable)
        return true;
    if (chunks + 1 > ctx->so_prefix_cap) {
        uint64_t *p = realloc(ctx->so_prefix, ((size_t)chunks + 1) * sizeof(uint64_t));
        if (!p)
            return false;
        ctx->so_prefix = p;
        ctx->so_prefix_cap = chunks + 1;
    }
    if (ctx->p_shaders.gs.func) {
        /* One chunk numbering its own primitives; swr_draw waits for it and
         * finish_gs_stream_output fills the results. */
        if (ctx->p_so.so.num_decls == 0)
            return true;
        so->active = true;
        so->limit = rast_so_gs_limit(st, ctx->so_offset);
        memcpy(so->offset_bytes, ctx->so_offset, sizeof so->offset_bytes);
        ctx->so_gs_generated = 0;
        so->gs_generated = &ctx->so_gs_generated;
        return true;
    }
    rast_so_plan plan;
    if (!rast_so_prepare(st, d, per_chunk, chunks, ctx->so_offset, ctx->so_prefix, &plan))
        return true;
    so->active = true;
    so->prims_per_instance = ctx->so_prefix[chunks];
    so->limit = plan.limit;
    memcpy(so->offset_bytes, ctx->so_offset, sizeof so->offset_bytes);
    ctx->so_last.prims_generated = plan.generated;
    ctx->so_last.prims_written = plan.written;
    ctx->so_last.overflow = plan.written < plan.generated;
    memcpy(ctx->so_offset, plan.offset_after, sizeof ctx->so_offset);
    return true;
}

/* After a draw with a geometry shader and stream output has run: its
 * results and the offsets for the next draw, from the primitive count the
 * chunk stored (API thread, after the wait). */
static void finish_gs_stream_output(swr_context *ctx, const rast_so_job *so)
{
    const swr_so_state *sos = &ctx->p_so.so;
    const uint64_t generated = ctx->so_gs_generated;
    const uint64_t written = generated < so->limit ? generated : so->limit;
    const uint32_t t = ctx->p_shaders.gs.output_topology;
    const uint64_t nv = t == SWR_TOPO_TRIANGLE_STRIP ? 3 : t == SWR_TOPO_LINE_STRIP ? 2 : 1;
    uint32_t used = 0;
    for (uint32_t i = 0; i < sos->num_decls; i++)
        used |= 1u << sos->decls[i].buffer;
    for (uint32_t b = 0; b < SWR_MAX_SO_BUFFERS; b++)
        if (used & (1u << b))
            ctx->so_offset[b] =
                (uint32_t)(so->offset_bytes[b] + written * nv * sos->buffers[b].stride_dwords * 4);
    ctx->so_last.prims_generated = generated;
    ctx->so_last.prims_written = written;
    ctx->so_last.overflow = written < generated;
}

/* ---- work ----------------------------------------------------------------------------- */

/* Cuts a draw of `count` positions (> 0) into frontend chunks: by
 * index-stream positions, and small draws are grouped by instances so a
 * chunk carries about max_prims prims. Fills ctx->cut. */
static void cut_draw(swr_context *ctx, uint32_t topology, uint32_t count)
{
    uint32_t per_chunk =
        KNOB_DISABLE_SPLIT_DRAW ? count : rast_positions_per_chunk(topology, ctx->max_prims);
    if (per_chunk == 0)
        per_chunk = count;
    uint32_t chunks = (uint32_t)(((uint64_t)count + per_chunk - 1) / per_chunk);
    uint32_t inst_step = 1;
    if (chunks == 1 && !KNOB_DISABLE_SPLIT_DRAW) {
        /* fe_assemble's bound: what one instance emits at most. */
        uint64_t prims = (uint64_t)rast_max_prims_for_positions(topology, count) + 1;
        inst_step = (uint32_t)(ctx->max_prims / prims);
        if (inst_step < 1)
            inst_step = 1;
    }
    ctx->cut.topology = topology;
    ctx->cut.count = count;
    ctx->cut.per_chunk = per_chunk;
    ctx->cut.inst_step = inst_step;
}

swr_result swr_draw(swr_context *ctx, const swr_draw_info *info)
{
    if (!ctx || !info || info->topology >= SWR_TOPO_COUNT)
        return SWR_ERROR_INVALID_ARGUMENT;
    swr_draw_info d = *info;
    if (d.indexed) {
        uint32_t isz = ctx->p_buffers.index_size;
        if (!ctx->p_buffers.index_data || !isz)
            return SWR_ERROR_INVALID_ARGUMENT;
        /* Indices past the end of the buffer are not drawn. */
        uint64_t avail = ctx->p_buffers.index_bytes / isz;
        if (d.start >= avail)
            d.count = 0;
        else if ((uint64_t)d.start + d.count > avail)
            d.count = (uint32_t)(avail - d.start);
    }
    if (d.instance_count == 0)
        d.instance_count = 1;
    if (ctx->p_so.so.enable)
        memset(&ctx->so_last, 0, sizeof ctx->so_last);
    /* A geometry shader reads one class of primitives (GL: INVALID_OPERATION). */
    if (ctx->p_shaders.gs.func && !rast_gs_topology_ok(&ctx->p_shaders.gs, d.topology))
        return SWR_ERROR_INVALID_ARGUMENT;
    if (d.count == 0 || KNOB_TOSS_DRAW)
        return SWR_OK;
    prof_begin(d.indexed ? PROF_APIDrawIndexed : PROF_APIDraw);
    swr_result r = update_state(ctx);
    if (r != SWR_OK) {
        prof_end(d.indexed ? PROF_APIDrawIndexed : PROF_APIDraw);
        return r;
    }
    const rast_draw_state *st = (const rast_draw_state *)ctx->cur_draw->content;
    ctx->fb_used = true;
    ctx->draws++;

    if (ctx->cut.count != d.count || ctx->cut.topology != d.topology)
        cut_draw(ctx, d.topology, d.count);
    uint32_t per_chunk = ctx->cut.per_chunk, inst_step = ctx->cut.inst_step;
    /* GS + stream output: one chunk (rast_so_job.gs_generated). */
    const bool gs_so = ctx->p_shaders.gs.func && ctx->p_so.so.enable && ctx->p_so.so.num_decls;
    if (gs_so)
        per_chunk = d.count, inst_step = d.instance_count;
    uint32_t chunks = (uint32_t)(((uint64_t)d.count + per_chunk - 1) / per_chunk);
    rast_so_job so;
    if (!plan_stream_output(ctx, st, &d, per_chunk, chunks, &so)) {
        prof_end(d.indexed ? PROF_APIDrawIndexed : PROF_APIDraw);
        return SWR_ERROR_OUT_OF_MEMORY;
    }
    for (uint32_t i0 = 0; i0 < d.instance_count; i0 += inst_step) {
        uint32_t i1 = d.instance_count - i0 < inst_step ? d.instance_count : i0 + inst_step;
        for (uint32_t c = 0; c < chunks; c++) {
            draw_context *dc = core_dc_begin(ctx, DC_DRAW);
            dc->fe.st = st;
            dc->fe.draw = d;
            dc->fe.begin = c * per_chunk;
            dc->fe.end = (uint64_t)(c + 1) * per_chunk < d.count ? (c + 1) * per_chunk : d.count;
            dc->fe.instance_begin = i0;
            dc->fe.instance_end = i1;
            dc->fe.so = so;
            if (so.active)
                dc->fe.so.prim_base = ctx->so_prefix[c];
            mark_state_use(ctx, atomic_load_explicit(&dc->id, memory_order_relaxed));
            core_dc_publish(ctx, dc);
        }
    }
    prof_end(d.indexed ? PROF_APIDrawIndexed : PROF_APIDraw);
    if (gs_so && so.active) {
        swr_result w = swr_sync(ctx);
        if (w != SWR_OK)
            return w;
        finish_gs_stream_output(ctx, &so);
    }
    return SWR_OK;
}

swr_result swr_clear(swr_context *ctx, const swr_clear_info *info)
{
    if (!ctx || !info)
        return SWR_ERROR_INVALID_ARGUMENT;
    prof_begin(PROF_APIClearRenderTarget);
    swr_result r = update_state(ctx);
    if (r != SWR_OK) {
        prof_end(PROF_APIClearRenderTarget);
        return r;
    }
    const rast_draw_state *st = (const rast_draw_state *)ctx->cur_draw->content;
    uint32_t w, h;
    rast_draw_state_area(st, &w, &h);
    uint32_t x0 = 0, y0 = 0, x1 = w, y1 = h;
    if (info->use_rect) {
        if (info->rect.x0 > 0)
            x0 = (uint32_t)info->rect.x0;
        if (info->rect.y0 > 0)
            y0 = (uint32_t)info->rect.y0;
        if (info->rect.x1 < (int32_t)x1)
            x1 = info->rect.x1 > 0 ? (uint32_t)info->rect.x1 : 0;
        if (info->rect.y1 < (int32_t)y1)
            y1 = info->rect.y1 > 0 ? (uint32_t)info->rect.y1 : 0;
    }
    if (x0 >= x1 || y0 >= y1 || !info->buffers) {
        prof_end(PROF_APIClearRenderTarget);
        return SWR_OK;
    }
    ctx->fb_used = true;
    draw_context *dc = core_dc_begin(ctx, DC_CLEAR);
    dc->clear.fb = (const rast_fb_block *)ctx->cur[SG_FB]->content;
    dc->clear.width = w;
    dc->clear.height = h;
    dc->clear.info = *info;
    dc->clear.fast = KNOB_FAST_CLEAR;
    mark_state_use(ctx, atomic_load_explicit(&dc->id, memory_order_relaxed));
    core_dc_all_tiles(ctx, dc, x0 / RAST_MT_DIM, y0 / RAST_MT_DIM,
                      (x1 + RAST_MT_DIM - 1) / RAST_MT_DIM, (y1 + RAST_MT_DIM - 1) / RAST_MT_DIM);
    core_dc_publish(ctx, dc);
    prof_end(PROF_APIClearRenderTarget);
    return SWR_OK;
}

swr_result swr_store_tiles(swr_context *ctx, bool invalidate)
{
    if (!ctx)
        return SWR_ERROR_INVALID_ARGUMENT;
    prof_begin(PROF_APIStoreTiles);
    draw_context *dc = core_dc_begin(ctx, DC_STORE);
    dc->store_invalidate = invalidate;
    core_dc_all_tiles(ctx, dc, 0, 0, ctx->grid_w, ctx->grid_h);
    core_dc_publish(ctx, dc);
    prof_end(PROF_APIStoreTiles);
    return SWR_OK;
}

void swr_end_frame(swr_context *ctx)
{
    (void)ctx;
    prof_end_frame();
}

/* ---- synchronisation ------------------------------------------------------------------ */

swr_fence swr_fence_submit(swr_context *ctx)
{
    if (!ctx)
        return 0;
    return atomic_load_explicit(&ctx->head, memory_order_relaxed);
}

bool swr_fence_done(swr_context *ctx, swr_fence fence)
{
    if (!ctx)
        return true;
    core_advance_tail(ctx);
    return atomic_load(&ctx->tail) >= fence;
}

static bool fence_reached(swr_context *ctx, uint64_t fence)
{
    return atomic_load(&ctx->tail) >= fence;
}

swr_result swr_fence_wait(swr_context *ctx, swr_fence fence, uint64_t timeout_ns)
{
    if (!ctx)
        return SWR_ERROR_INVALID_ARGUMENT;
    if (timeout_ns == UINT64_MAX) {
        core_help_until(ctx, fence_reached, fence);
        return SWR_OK;
    }
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (!fence_reached(ctx, fence)) {
        if (!core_work(ctx, ctx->api_index)) {
            clock_gettime(CLOCK_MONOTONIC, &t);
            uint64_t ns =
                (uint64_t)(t.tv_sec - t0.tv_sec) * 1000000000u + (uint64_t)(t.tv_nsec - t0.tv_nsec);
            if (ns >= timeout_ns)
                return SWR_ERROR_TIMEOUT;
            sched_yield();
        }
    }
    return SWR_OK;
}

swr_result swr_sync(swr_context *ctx)
{
    if (!ctx)
        return SWR_ERROR_INVALID_ARGUMENT;
    prof_begin(PROF_APISync);
    core_drain(ctx);
    free_retired(ctx, false);
    prof_end(PROF_APISync);
    return SWR_OK;
}

void swr_get_stats(swr_context *ctx, swr_stats *out)
{
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (!ctx)
        return;
    out->draws = ctx->draws;
    for (uint32_t w = 0; w <= ctx->num_workers; w++) {
        const rast_counters *c = &ctx->threads[w].counters;
        out->vs_invocations += c->vs_invocations;
        out->prims_in += c->prims_in;
        out->prims_binned += c->prims_binned;
        out->ps_invocations += c->ps_invocations;
        out->samples_passed += c->samples_passed;
        out->ia_vertices += c->ia_vertices;
        out->ia_primitives += c->ia_primitives;
        out->c_invocations += c->c_invocations;
        out->c_primitives += c->c_primitives;
        out->so_prims_generated += c->so_prims_generated;
        out->so_prims_written += c->so_prims_written;
        out->gs_invocations += c->gs_invocations;
        out->gs_primitives += c->gs_primitives;
    }
}
