/*
 * swrp_context.h: swr's pipe_context. It owns one engine context
 * (swr_context, core/swr.h) and the timeline its fences count on
 * (swrp_priv.h). The first slice (swrp_context.c) implements flush with
 * fences, transfers (buffer_map/texture_map and the subdata shortcuts),
 * resource_copy_region and clear_buffer; the second (swrp_state.h:
 * swrp_state.c, swrp_shader.c, swrp_draw.c) adds CSOs, state, draw_vbo and
 * clears on top of the hooks below; swrp_query.c adds queries and render
 * conditions, swrp_blit.c the (CPU) blit.
 *
 * The contract for code that queues engine work (draw_vbo, clear, ...):
 *  1. Build the engine state from the resources' CURRENT storage
 *     (swrp_resource_level, swrp_sampler_view_from_resource) at the draw,
 *     not at bind time: a DISCARD_WHOLE_RESOURCE map may have orphaned a
 *     buffer's storage since (swrp_resource::generation tells).
 *  2. Queue the work (swr_draw / swr_clear / ...).
 *  3. Call swrp_resource_mark_used(ctx, res, writes) for every resource the
 *     work reads (vertex, index, constant buffers, sampled textures:
 *     writes = false) or writes (bound colour and depth/stencil surfaces:
 *     writes = true, even when masks make the draw write nothing, because
 *     the engine caches those surfaces in its hot tiles either way).
 * A map then waits only for the marked work of that resource and stores
 * hot tiles only when the resource has unstored render-target writes.
 *
 * Thread: one thread at a time per context (Gallium's rule); resources may
 * be shared with contexts on other threads.
 */
#ifndef SWRP_CONTEXT_H
#define SWRP_CONTEXT_H

#include <stdbool.h>

#include "core/swr.h"
#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/pipe/swrp_priv.h"

struct swrp_bound;
struct jit_shader;

/* The result of the last shader link (swrp_draw.c send_state): the engine
 * vertex, pixel and rasterizer states that swrp_shader_link and the bound
 * rasterizer CSO gave for the key below. A draw with the same key neither
 * links again nor compares those three states with what was last sent
 * (they are what was sent, unless a failed draw cleared sent_any). The
 * variants are referenced (jit_shader_ref), so no other shader can take
 * their addresses while they are cached; deleting a rasterizer CSO clears
 * the cache (swrp_state.c). A shader CSO at a reused address would have to
 * be bound with these very variants, so it compiled from the same text:
 * the same link. */
typedef struct swrp_link_cache {
    bool valid;
    struct jit_shader *vs_code, *fs_code; /* references held while valid */
    struct jit_shader *gs_code;           /* NULL, or a reference held while valid */
    const void *vs_cso, *rast_cso, *gs_cso;
    bool dual_source;
    uint32_t num_elements;
    swr_vs_state vs;
    swr_ps_state ps;
    swr_gs_state gs;
    swr_rasterizer_state rs;
} swrp_link_cache;

typedef struct swrp_context {
    struct pipe_context base; /* first */
    swr_context *engine;      /* owned */
    swrp_timeline *tl;        /* owned reference; tl->engine == engine */
    bool rt_dirty;            /* render-target writes queued since the last store */
    struct swrp_bound *bound; /* owned: CSOs and state of the second slice (swrp_state.h) */
    /* SWRP_DIRTY_* bits: the bind/set hooks (swrp_state.c) set them; the
     * draw path (swrp_draw.c) sends those groups and clears them, so state
     * that was not touched costs no compare per draw. */
    uint32_t dirty;
    /* Storage (swrp_resource::data) of each surface the framebuffer last
     * sent to the engine was built from: colour buffers, then depth. */
    const void *fb_sent_data[PIPE_MAX_COLOR_BUFS + 1];
    /* Vertex buffer slots at and above it were sent empty (swrp_draw.c
     * send_vertex_buffers builds and compares only the slots below it and
     * below the highest bound one). */
    uint32_t vb_sent_slots;
    swrp_link_cache link;
} swrp_context;

enum {
    SWRP_DIRTY_FB = 1u << 0,       /* set_framebuffer_state */
    SWRP_DIRTY_VIEWPORT = 1u << 1, /* set_viewport_states */
    SWRP_DIRTY_SCISSOR = 1u << 2,  /* set_scissor_states */
    SWRP_DIRTY_BLEND = 1u << 3,    /* bind_blend_state */
    SWRP_DIRTY_DSA = 1u << 4,      /* bind_dsa_state */
    SWRP_DIRTY_VELEMS = 1u << 5,   /* bind_vertex_elements_state */
    SWRP_DIRTY_BLEND_COLOR = 1u << 6, /* set_blend_color */
    SWRP_DIRTY_STENCIL_REF = 1u << 7, /* set_stencil_ref */
    SWRP_DIRTY_ALL = (1u << 8) - 1
};

static inline swrp_context *swrp_context_of(struct pipe_context *ctx)
{
    return (swrp_context *)ctx;
}

/* Drops the link cache and its shader references. */
void swrp_link_cache_clear(swrp_context *c);

/* The screen's context_create. */
struct pipe_context *swrp_context_create(struct pipe_screen *screen, void *priv, unsigned flags);

/* The engine context, for the next slice and for tests that drive the
 * engine directly. NULL for NULL. */
swr_context *swrp_context_engine(struct pipe_context *ctx);

/* Records that the engine work queued so far on ctx reads (writes = false)
 * or writes `res`; call right after queuing it. See the contract above. */
void swrp_resource_mark_used(struct pipe_context *ctx, struct pipe_resource *res, bool writes);

/*
 * Makes ctx's render-target writes to `res` visible in its memory: stores
 * the engine's hot tiles if (and only if) res has unstored render-target
 * writes on this context, then waits for the work that writes res. Cheap
 * when there is nothing to do. Called by maps for reading; the next slice
 * calls it before CPU-side reads of rendered data (blit fallbacks, query
 * buffers). Returns false only on a NULL argument.
 */
/* Queues a store of every hot tile to the bound surfaces' memory (and
 * drops the tiles), without waiting: called when the framebuffer is about to
 * change, before the old surfaces' references go, so that a resource freed
 * right after still has its tiles written back before its storage is
 * released (the caller then marks the old surfaces used). */
void swrp_context_store_render_targets(struct pipe_context *ctx);
bool swrp_context_flush_resource_writes(struct pipe_context *ctx, struct pipe_resource *res);

#endif /* SWRP_CONTEXT_H */
