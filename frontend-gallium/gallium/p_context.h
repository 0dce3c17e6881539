/*
 * p_context.h: struct pipe_context, a Gallium rendering context (the docs'
 * Context and CSO chapters): the state that affects 3D rendering, the
 * objects bound to it, and the operations that draw, clear, copy, map and
 * query. Resources are not per context: they come from the screen
 * (p_screen.h) and every context of that screen may use them.
 *
 * Calling convention: the context is a table of function pointers filled by
 * the driver (swr's pipe driver, swrp_context.c) and called as
 * ctx->draw_vbo(ctx, ...). A context is used by one thread at a time;
 * different contexts of one screen may run in different threads without
 * locks. Objects a context creates (CSOs, views, surfaces, queries,
 * transfers) belong to it and must not be used with another context.
 * A pointer marked "optional" may be NULL when the matching PIPE_CAP_* is 0.
 *
 * CSOs follow one scheme: create_X_state copies a description and returns
 * an opaque handle (NULL on failure), bind_X_state makes it current (NULL
 * unbinds), delete_X_state frees it (it must not be bound). The set_*
 * functions copy small states that have no CSO.
 *
 * Everything here is asynchronous: a call records work, and the work is
 * done by the time a fence returned by a later flush signals (or earlier,
 * when a map or query result needs it).
 */
#ifndef SWR_P_CONTEXT_H
#define SWR_P_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend-gallium/gallium/p_defines.h"
#include "frontend-gallium/gallium/p_format.h"
#include "frontend-gallium/gallium/p_state.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_context {
    struct pipe_screen *screen; /* the screen that created it */
    void *priv;                 /* context_create's priv, the front end's */

    /* Frees the context and everything it still owns. Bound objects are
     * unbound (their references dropped) first. */
    void (*destroy)(struct pipe_context *ctx);

    /* ---- drawing (7.1.13) */

    /*
     * Draws num_draws ranges (draws[i]) with the state in `info` and the
     * bound state. drawid_offset is DRAWID of draws[0] (it counts up by one
     * per draw). Skipped entirely while a render condition says so.
     */
    void (*draw_vbo)(struct pipe_context *ctx, const struct pipe_draw_info *info,
                     unsigned drawid_offset, const struct pipe_draw_start_count_bias *draws,
                     unsigned num_draws);

    /* ---- queries (7.1.14) and conditional rendering (7.1.15) */

    /* query_type is pipe_query_type; index is the vertex stream for
     * PRIMITIVES_GENERATED/EMITTED and the counter for
     * PIPELINE_STATISTICS_SINGLE. NULL if the type is unsupported. */
    struct pipe_query *(*create_query)(struct pipe_context *ctx, unsigned query_type,
                                       unsigned index);
    void (*destroy_query)(struct pipe_context *ctx, struct pipe_query *q);
    /* Resets the result and starts counting. False on failure. */
    bool (*begin_query)(struct pipe_context *ctx, struct pipe_query *q);
    /* Stops counting (TIMESTAMP, GPU_FINISHED: records the point). */
    bool (*end_query)(struct pipe_context *ctx, struct pipe_query *q);
    /* Fills *result and returns true when the result is ready; with wait,
     * blocks until it is. Without wait, false means "not yet". */
    bool (*get_query_result)(struct pipe_context *ctx, struct pipe_query *q, bool wait,
                             union pipe_query_result *result);
    /* Pauses (false) or resumes every active query but TIME_ELAPSED. */
    void (*set_active_query_state)(struct pipe_context *ctx, bool enable);

    /* Predicates draw_vbo and clear (and optionally blit and the
     * clear_* of surfaces) on `query`: work is skipped when the query's
     * result (non-zero is true) equals `condition`. NULL disables it. */
    void (*render_condition)(struct pipe_context *ctx, struct pipe_query *query, bool condition,
                             enum pipe_render_cond_flag mode);

    /* ---- CSOs (7.1.1) */

    void *(*create_blend_state)(struct pipe_context *ctx, const struct pipe_blend_state *state);
    void (*bind_blend_state)(struct pipe_context *ctx, void *state);
    void (*delete_blend_state)(struct pipe_context *ctx, void *state);

    void *(*create_sampler_state)(struct pipe_context *ctx, const struct pipe_sampler_state *state);
    /* Binds samplers[0 .. num_samplers-1] to slots start_slot.. of one stage;
     * a NULL entry (or samplers == NULL) unbinds. */
    void (*bind_sampler_states)(struct pipe_context *ctx, enum pipe_shader_type shader,
                                unsigned start_slot, unsigned num_samplers, void **samplers);
    void (*delete_sampler_state)(struct pipe_context *ctx, void *state);

    void *(*create_rasterizer_state)(struct pipe_context *ctx,
                                     const struct pipe_rasterizer_state *state);
    void (*bind_rasterizer_state)(struct pipe_context *ctx, void *state);
    void (*delete_rasterizer_state)(struct pipe_context *ctx, void *state);

    void *(*create_depth_stencil_alpha_state)(struct pipe_context *ctx,
                                              const struct pipe_depth_stencil_alpha_state *state);
    void (*bind_depth_stencil_alpha_state)(struct pipe_context *ctx, void *state);
    void (*delete_depth_stencil_alpha_state)(struct pipe_context *ctx, void *state);

    /* Shaders: the TGSI text is parsed and compiled here; NULL if it does
     * not parse or validate (the driver reports why). */
    void *(*create_fs_state)(struct pipe_context *ctx, const struct pipe_shader_state *state);
    void (*bind_fs_state)(struct pipe_context *ctx, void *state);
    void (*delete_fs_state)(struct pipe_context *ctx, void *state);

    void *(*create_vs_state)(struct pipe_context *ctx, const struct pipe_shader_state *state);
    void (*bind_vs_state)(struct pipe_context *ctx, void *state);
    void (*delete_vs_state)(struct pipe_context *ctx, void *state);

    /* Geometry shaders (TGSI GEOM). Binding NULL removes the stage; the
     * shader's stream_output (pipe_shader_state) then applies to its
     * output instead of the vertex shader's. */
    void *(*create_gs_state)(struct pipe_context *ctx, const struct pipe_shader_state *state);
    void (*bind_gs_state)(struct pipe_context *ctx, void *state);
    void (*delete_gs_state)(struct pipe_context *ctx, void *state);

    void *(*create_vertex_elements_state)(struct pipe_context *ctx, unsigned num_elements,
                                          const struct pipe_vertex_element *elements);
    void (*bind_vertex_elements_state)(struct pipe_context *ctx, void *state);
    void (*delete_vertex_elements_state)(struct pipe_context *ctx, void *state);

    /* ---- non-CSO state (7.1.3) */

    void (*set_blend_color)(struct pipe_context *ctx, const struct pipe_blend_color *color);
    void (*set_stencil_ref)(struct pipe_context *ctx, const struct pipe_stencil_ref *ref);
    /* Coverage mask ANDed with every fragment's (and the shader's). */
    void (*set_sample_mask)(struct pipe_context *ctx, unsigned sample_mask);
    void (*set_clip_state)(struct pipe_context *ctx, const struct pipe_clip_state *clip);
    void (*set_polygon_stipple)(struct pipe_context *ctx, const struct pipe_poly_stipple *stipple);
    /* Scissors and viewports start_slot .. start_slot + num - 1 (at most
     * PIPE_MAX_VIEWPORTS), one scissor per viewport. */
    void (*set_scissor_states)(struct pipe_context *ctx, unsigned start_slot, unsigned num_scissors,
                               const struct pipe_scissor_state *scissors);
    void (*set_viewport_states)(struct pipe_context *ctx, unsigned start_slot,
                                unsigned num_viewports,
                                const struct pipe_viewport_state *viewports);

    /* ---- resource binding (7.1.2, 7.1.5) */

    /* Takes references to the surfaces and drops the previous ones. */
    void (*set_framebuffer_state)(struct pipe_context *ctx,
                                  const struct pipe_framebuffer_state *fb);
    /* Constant buffer `index` of a stage; buf == NULL unbinds it. */
    void (*set_constant_buffer)(struct pipe_context *ctx, enum pipe_shader_type shader,
                                unsigned index, const struct pipe_constant_buffer *buf);
    /* Vertex buffers start_slot .. start_slot + count - 1; buffers == NULL
     * unbinds them. Takes references to resources. */
    void (*set_vertex_buffers)(struct pipe_context *ctx, unsigned start_slot, unsigned count,
                               const struct pipe_vertex_buffer *buffers);
    /* Sampler views of one stage; each slot takes a reference to its new
     * view and drops the old. views == NULL unbinds the range; slots outside
     * it are unchanged. */
    void (*set_sampler_views)(struct pipe_context *ctx, enum pipe_shader_type shader,
                              unsigned start_slot, unsigned num_views,
                              struct pipe_sampler_view **views);

    /* ---- stream output (7.1.9) */

    /* A target over [buffer_offset, buffer_offset + buffer_size) of
     * `buffer` (referenced), internal offset 0. NULL on failure. */
    struct pipe_stream_output_target *(*create_stream_output_target)(struct pipe_context *ctx,
                                                                     struct pipe_resource *buffer,
                                                                     unsigned buffer_offset,
                                                                     unsigned buffer_size);
    /* Frees a target whose last reference is gone (pipe_so_target_reference
     * calls it) and drops its buffer reference. */
    void (*stream_output_target_destroy)(struct pipe_context *ctx,
                                         struct pipe_stream_output_target *target);
    /* Binds targets[0..num_targets) (references taken; the rest unbound) to
     * the stream output buffers of the bound vertex shader's
     * pipe_stream_output_info. offsets[i] sets target i's internal offset in
     * bytes; (unsigned)-1 appends where it is. */
    void (*set_stream_output_targets)(struct pipe_context *ctx, unsigned num_targets,
                                      struct pipe_stream_output_target **targets,
                                      const unsigned *offsets);

    /* ---- views and surfaces (7.1.5, 7.1.8) */

    /* A view of `texture` from a template (target, format, swizzles, u);
     * holds a reference to the texture. NULL on failure. */
    struct pipe_sampler_view *(*create_sampler_view)(struct pipe_context *ctx,
                                                     struct pipe_resource *texture,
                                                     const struct pipe_sampler_view *templat);
    /* Frees a view whose last reference is gone (pipe_sampler_view_reference
     * calls it) and drops its texture reference. */
    void (*sampler_view_destroy)(struct pipe_context *ctx, struct pipe_sampler_view *view);

    /* A render-target or depth/stencil view of `resource` from a template
     * (format, u.tex level and layers, or u.buf); holds a reference. */
    struct pipe_surface *(*create_surface)(struct pipe_context *ctx, struct pipe_resource *resource,
                                           const struct pipe_surface *templat);
    void (*surface_destroy)(struct pipe_context *ctx, struct pipe_surface *surface);

    /* ---- transfers (7.1.20, 7.1.21) */

    /*
     * Maps `box` of a level (buffers: level 0, x/width in bytes) for the CPU
     * with PIPE_MAP_* `usage`, waiting for pending GPU work on the resource
     * unless UNSYNCHRONIZED (or failing with DONTBLOCK). Returns a pointer
     * to the box's first texel and sets *transfer, or returns NULL (and
     * *transfer may be set anyway).
     */
    void *(*buffer_map)(struct pipe_context *ctx, struct pipe_resource *resource, unsigned level,
                        unsigned usage, const struct pipe_box *box,
                        struct pipe_transfer **transfer);
    void (*buffer_unmap)(struct pipe_context *ctx, struct pipe_transfer *transfer);
    void *(*texture_map)(struct pipe_context *ctx, struct pipe_resource *resource, unsigned level,
                         unsigned usage, const struct pipe_box *box,
                         struct pipe_transfer **transfer);
    void (*texture_unmap)(struct pipe_context *ctx, struct pipe_transfer *transfer);
    /* With PIPE_MAP_FLUSH_EXPLICIT: box (relative to the mapped box) was
     * written. */
    void (*transfer_flush_region)(struct pipe_context *ctx, struct pipe_transfer *transfer,
                                  const struct pipe_box *box);
    /* map + write + unmap in one: `size` bytes at `offset`. */
    void (*buffer_subdata)(struct pipe_context *ctx, struct pipe_resource *resource, unsigned usage,
                           unsigned offset, unsigned size, const void *data);
    /* map + write + unmap: `data` rows `stride` bytes apart, layers
     * `layer_stride` bytes apart, into `box` of `level`. */
    void (*texture_subdata)(struct pipe_context *ctx, struct pipe_resource *resource,
                            unsigned level, unsigned usage, const struct pipe_box *box,
                            const void *data, unsigned stride, uint64_t layer_stride);

    /* ---- clears (7.1.10) */

    /* Clears whole bound surfaces: `buffers` is PIPE_CLEAR_*; ignores write
     * masks and scissors; every layer. Honours render_condition. */
    void (*clear)(struct pipe_context *ctx, unsigned buffers, const union pipe_color_union *color,
                  double depth, unsigned stencil);
    /* Clears a rectangle of any colour surface, bound or not. */
    void (*clear_render_target)(struct pipe_context *ctx, struct pipe_surface *dst,
                                const union pipe_color_union *color, unsigned dstx, unsigned dsty,
                                unsigned width, unsigned height, bool render_condition_enabled);
    /* Clears a rectangle of a depth/stencil surface; clear_flags is
     * PIPE_CLEAR_DEPTH and/or PIPE_CLEAR_STENCIL. */
    void (*clear_depth_stencil)(struct pipe_context *ctx, struct pipe_surface *dst,
                                unsigned clear_flags, double depth, unsigned stencil, unsigned dstx,
                                unsigned dsty, unsigned width, unsigned height,
                                bool render_condition_enabled);
    /* Fills a box of a texture level with one texel in its own format
     * (PIPE_CAP_CLEAR_TEXTURE). Optional. */
    void (*clear_texture)(struct pipe_context *ctx, struct pipe_resource *res, unsigned level,
                          const struct pipe_box *box, const void *data);
    /* memset of a buffer with a multi-byte value: size % clear_value_size
     * == 0. */
    void (*clear_buffer)(struct pipe_context *ctx, struct pipe_resource *res, unsigned offset,
                         unsigned size, const void *clear_value, int clear_value_size);

    /* ---- copies and blits (7.1.19) */

    /* Byte copy of a box between compatible formats; no overlap. */
    void (*resource_copy_region)(struct pipe_context *ctx, struct pipe_resource *dst,
                                 unsigned dst_level, unsigned dstx, unsigned dsty, unsigned dstz,
                                 struct pipe_resource *src, unsigned src_level,
                                 const struct pipe_box *src_box);
    /* Scaled, converting, optionally scissored copy. */
    void (*blit)(struct pipe_context *ctx, const struct pipe_blit_info *info);
    /* Rebuilds levels base_level+1 .. last_level of layers first_layer ..
     * last_layer from base_level, viewed as `format`. False: unsupported for
     * this target or format (the caller falls back). */
    bool (*generate_mipmap)(struct pipe_context *ctx, struct pipe_resource *resource,
                            enum pipe_format format, unsigned base_level, unsigned last_level,
                            unsigned first_layer, unsigned last_layer);

    /* ---- flushing, fences and barriers (7.1.16, 7.1.20) */

    /* Submits recorded work; *fence (if fence != NULL) receives a fence
     * holding one reference that signals when it is done. flags:
     * PIPE_FLUSH_*. */
    void (*flush)(struct pipe_context *ctx, struct pipe_fence_handle **fence, unsigned flags);
    /* Makes a resource ready for an external consumer (presentation,
     * another process). Optional. */
    void (*flush_resource)(struct pipe_context *ctx, struct pipe_resource *resource);
    /* Pending render target writes become visible to samplers (flags:
     * PIPE_TEXTURE_BARRIER_*). */
    void (*texture_barrier)(struct pipe_context *ctx, unsigned flags);
    /* Makes earlier writes of the kinds in flags (PIPE_BARRIER_*) visible to
     * later work. */
    void (*memory_barrier)(struct pipe_context *ctx, unsigned flags);
};

/* *ptr = surf, moving one reference; destroys the surface that lost its
 * last reference through the context that created it. */
static inline void pipe_surface_reference(struct pipe_surface **ptr, struct pipe_surface *surf)
{
    struct pipe_surface *old = *ptr;

    if (pipe_reference(old ? &old->reference : NULL, surf ? &surf->reference : NULL))
        old->context->surface_destroy(old->context, old);
    *ptr = surf;
}

/* *ptr = view, moving one reference; destroys the view that lost its last
 * reference through the context that created it. */
static inline void pipe_sampler_view_reference(struct pipe_sampler_view **ptr,
                                               struct pipe_sampler_view *view)
{
    struct pipe_sampler_view *old = *ptr;

    if (pipe_reference(old ? &old->reference : NULL, view ? &view->reference : NULL))
        old->context->sampler_view_destroy(old->context, old);
    *ptr = view;
}

/* *ptr = target, moving one reference; destroys the target that lost its
 * last reference through the context that created it. */
static inline void pipe_so_target_reference(struct pipe_stream_output_target **ptr,
                                            struct pipe_stream_output_target *target)
{
    struct pipe_stream_output_target *old = *ptr;

    if (pipe_reference(old ? &old->reference : NULL, target ? &target->reference : NULL))
        old->context->stream_output_target_destroy(old->context, old);
    *ptr = target;
}

#ifdef __cplusplus
}
#endif

#endif /* SWR_P_CONTEXT_H */
