/*
 * p_screen.h: struct pipe_screen, the context-independent half of a Gallium
 * driver (the docs' Screen chapter): identity strings, capability queries,
 * format support, resource creation and destruction, fences, timestamps,
 * and the factory for rendering contexts.
 *
 * One screen per driver instance; swr's comes from swr_create_screen()
 * (swr_public.h). The screen is a table of function pointers that the
 * driver fills; callers use it as screen->get_param(screen, PIPE_CAP_...).
 * A pointer marked "optional" may be NULL, meaning the feature is absent;
 * every other one is always set.
 *
 * Thread safety (docs, 4.3): every screen method may be called from any
 * thread at any time, including while contexts of this screen are in use
 * in other threads. Resources and fences belong to the screen and may be
 * used by all of its contexts.
 */
#ifndef SWR_P_SCREEN_H
#define SWR_P_SCREEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend-gallium/gallium/p_defines.h"
#include "frontend-gallium/gallium/p_format.h"
#include "frontend-gallium/gallium/p_state.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_screen {
    /* Frees the screen. Every context and resource must be gone first. */
    void (*destroy)(struct pipe_screen *screen);

    /* ---- identity: strings valid and unchanged for the screen's lifetime */

    const char *(*get_name)(struct pipe_screen *screen);          /* "swr" */
    const char *(*get_vendor)(struct pipe_screen *screen);        /* the driver's vendor */
    const char *(*get_device_vendor)(struct pipe_screen *screen); /* the device's vendor (CPU) */

    /* ---- capabilities */

    /* Integer or boolean capability; 0 for a cap the driver does not know. */
    int (*get_param)(struct pipe_screen *screen, enum pipe_cap param);
    /* Floating-point capability. */
    float (*get_paramf)(struct pipe_screen *screen, enum pipe_capf param);
    /* Capability of one shader stage; 0 for a stage the driver lacks. */
    int (*get_shader_param)(struct pipe_screen *screen, enum pipe_shader_type shader,
                            enum pipe_shader_cap param);

    /*
     * Whether a resource of `format` and `target` can serve every use in
     * `bindings` (PIPE_BIND_*) at once. sample_count 0 and 1 both mean
     * single-sampled (at most 32); storage_sample_count <= sample_count.
     */
    bool (*is_format_supported)(struct pipe_screen *screen, enum pipe_format format,
                                enum pipe_texture_target target, unsigned sample_count,
                                unsigned storage_sample_count, unsigned bindings);

    /* ---- contexts */

    /* A new rendering context. `priv` is the caller's (swapbuffers etc.);
     * flags are PIPE_CONTEXT_*. NULL on failure. */
    struct pipe_context *(*context_create)(struct pipe_screen *screen, void *priv, unsigned flags);

    /* ---- resources */

    /* Whether resource_create would succeed for `templat`, without
     * allocating (GL proxy textures). Optional. */
    bool (*can_create_resource)(struct pipe_screen *screen, const struct pipe_resource *templat);

    /* A new resource from a template (target, format, width0, height0,
     * depth0, array_size, last_level, nr_samples, nr_storage_samples,
     * usage, bind, flags), holding one reference. Contents undefined.
     * NULL when out of memory or when the template is invalid. */
    struct pipe_resource *(*resource_create)(struct pipe_screen *screen,
                                             const struct pipe_resource *templat);

    /* As resource_create, over page-aligned caller memory that must outlive
     * the resource (PIPE_CAP_RESOURCE_FROM_USER_MEMORY). Optional. */
    struct pipe_resource *(*resource_from_user_memory)(struct pipe_screen *screen,
                                                       const struct pipe_resource *templat,
                                                       void *user_memory);

    /* Frees a resource whose last reference is gone (pipe_resource_reference
     * calls it; nobody else should). */
    void (*resource_destroy)(struct pipe_screen *screen, struct pipe_resource *pt);

    /* ---- presentation */

    /* Shows one layer of a level of a PIPE_BIND_DISPLAY_TARGET resource in
     * the window system's drawable; subbox (NULL: all) is a hint. Optional:
     * swr's front ends read the pixels back themselves. */
    void (*flush_frontbuffer)(struct pipe_screen *screen, struct pipe_context *ctx,
                              struct pipe_resource *resource, unsigned level, unsigned layer,
                              void *winsys_drawable_handle, struct pipe_box *subbox);

    /* ---- fences and time */

    /* *ptr = fence, moving a reference as pipe_reference does (either may
     * be NULL); frees the old fence when its last reference goes. */
    void (*fence_reference)(struct pipe_screen *screen, struct pipe_fence_handle **ptr,
                            struct pipe_fence_handle *fence);

    /* Waits until `fence` signals or `timeout` nanoseconds pass (0: just
     * poll; PIPE_TIMEOUT_INFINITE: no limit). Returns true if signalled.
     * `ctx`, if not NULL, is the context that made the fence, which is
     * flushed first when the fence came from a PIPE_FLUSH_DEFERRED flush. */
    bool (*fence_finish)(struct pipe_screen *screen, struct pipe_context *ctx,
                         struct pipe_fence_handle *fence, uint64_t timeout);

    /* The current time in nanoseconds, on the clock of
     * PIPE_QUERY_TIMESTAMP. Does not wait for rendering. */
    uint64_t (*get_timestamp)(struct pipe_screen *screen);
};

/*
 * *ptr = res, moving one reference (either may be NULL), and destroys the
 * resource that lost its last reference through its own screen. Safe from
 * any thread, as long as the caller owns the reference *ptr holds.
 */
static inline void pipe_resource_reference(struct pipe_resource **ptr, struct pipe_resource *res)
{
    struct pipe_resource *old = *ptr;

    if (pipe_reference(old ? &old->reference : NULL, res ? &res->reference : NULL))
        old->screen->resource_destroy(old->screen, old);
    *ptr = res;
}

#ifdef __cplusplus
}
#endif

#endif /* SWR_P_SCREEN_H */
