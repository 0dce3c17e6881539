/*
 * swrp_resource.h: swr's pipe_resource: linear storage in host memory, its
 * layout (computed once at creation), and the record of which engine work
 * used it, so a map waits for that work only.
 *
 * Layout of a texture (every target but PIPE_BUFFER), per mip level l:
 *   width_l = max(1, width0 >> l), height_l likewise (1D: 1), and depth_l =
 *   max(1, depth0 >> l) slices for 3D or array_size layers otherwise (cube:
 *   6 faces, cube array: 6 * n, in face order +X -X +Y -Y +Z -Z);
 *   row_pitch = align64(ceil(width_l / block_w) * block_bytes);
 *   layer_pitch = row_pitch * ceil(height_l / block_h);
 *   level l starts at offset_l = sum of layer_pitch_k * depth_k for k < l,
 *   and slice/layer z of it at offset_l + z * layer_pitch_l.
 * Rows start on 64-byte boundaries: a 64-pixel macrotile row of any format
 * is a multiple of 64 bytes, so hot-tile stores of horizontally adjacent
 * macrotiles (by different workers) never share a cache line, and the
 * engine's SIMD tile copies and the sampler's fast path read whole lines.
 * The engine writes only pixels inside the surface (be_formats.h), so no
 * padding past the last row or column is needed. The storage itself is
 * 64-byte aligned. A buffer is width0 bytes (rounded up to 64) with one
 * "level" of width0 x 1 x 1.
 *
 * Threads: the layout is immutable; the storage pointer changes only when
 * a DISCARD_WHOLE_RESOURCE map orphans a busy buffer (generation counts
 * that), on the thread of the mapping context. The usage record is guarded
 * by `lock` (contexts on different threads may use one resource).
 */
#ifndef SWRP_RESOURCE_H
#define SWRP_RESOURCE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/gallium/p_screen.h"
#include "frontend-gallium/format/fmt.h"
#include "frontend-gallium/pipe/swrp_priv.h"
#include "frontend-gallium/pipe/swrp_sampler.h"

/* Limits (PIPE_CAP_MAX_TEXTURE_2D_SIZE, 3D and cube levels, array layers). */
#define SWRP_MAX_TEXTURE_2D_SIZE 16384 /* = SWR_MAX_SURFACE_DIM: every 2D level is renderable */
#define SWRP_MAX_TEXTURE_3D_SIZE 2048  /* 2048^3 RGBA8 is 32 GiB already */
#define SWRP_MAX_TEXTURE_ARRAY_LAYERS 2048
/* Largest resource: 64 GiB. Keeps every size computation far from
 * overflow (16384^2 texels * 16 bytes * 2048 layers would be 8 TiB) and
 * turns absurd templates into a clean NULL instead of an allocator abort. */
#define SWRP_MAX_RESOURCE_BYTES (1ull << 36)
#define SWRP_STORAGE_ALIGN 64 /* cache line; see the essay */

typedef struct swrp_level_layout {
    size_t offset;         /* bytes from the storage start to slice/layer 0 */
    uint32_t row_pitch;    /* bytes between block rows */
    uint64_t layer_pitch;  /* bytes between slices / layers / faces */
    uint32_t width, height, depth; /* texels; depth = 3D slices or layers */
    uint32_t nblocks_x, nblocks_y; /* blocks per row, block rows */
} swrp_level_layout;

typedef struct swrp_resource {
    struct pipe_resource base; /* first */
    const fmt_desc *fmt;
    uint8_t *data;        /* 64-byte aligned; see generation */
    size_t size;          /* bytes of data */
    uint32_t generation;  /* bumped each time `data` is replaced (orphaning) */
    uint32_t num_layers;  /* array_size (cube: 6 * cubes), 1 for 3D and buffers */
    swrp_level_layout level[PIPE_MAX_TEXTURE_LEVELS];
    /* Guarded by lock. */
    pthread_mutex_t lock;
    swrp_usage users[SWRP_MAX_USERS];
    uint32_t maps;            /* open transfers (orphaning waits for none) */
    uint32_t persistent_maps; /* open PIPE_MAP_PERSISTENT transfers */
} swrp_resource;

static inline swrp_resource *swrp_resource_of(struct pipe_resource *r)
{
    return (swrp_resource *)r;
}

/* Where one level/layer lives: what an engine swr_surface or a sampler
 * level needs. */
typedef struct swrp_level_ptr {
    uint8_t *ptr;          /* block (0, 0) of slice/layer `layer` */
    uint32_t row_pitch;    /* bytes */
    uint64_t layer_pitch;  /* bytes */
    uint32_t width, height, depth;
} swrp_level_ptr;

/* False (and *out untouched) when level or layer is out of range. layer
 * indexes 3D slices of that level, or array layers / cube faces. Reads the
 * current storage pointer: call it when the engine state is built, after
 * the last map that could have orphaned the storage (see generation). */
bool swrp_resource_level(const struct pipe_resource *res, unsigned level, unsigned layer,
                         swrp_level_ptr *out);

/*
 * Fills a sampler view from `res` and a pipe_sampler_view template
 * (format, target, swizzles, u.tex levels and layers or u.buf range) and
 * prepares it (swrp_sampler_view_prepare). False when the template does not
 * fit the resource: unknown or incompatible format (block size must match),
 * levels or layers outside it, a buffer range outside it or not a whole
 * number of texels, or a target the resource cannot be viewed as.
 * The view points at the current storage (see swrp_resource_level).
 */
bool swrp_sampler_view_from_resource(swrp_sampler_view *out, const struct pipe_resource *res,
                                     const struct pipe_sampler_view *templ);

/* The layout rules above, for tests and can_create_resource: fills
 * level[0..last_level], *num_layers and *total_bytes; false if the template
 * is invalid or too large. Pure. */
bool swrp_resource_layout(const struct pipe_resource *templ, swrp_level_layout *level,
                          uint32_t *num_layers, uint64_t *total_bytes);

/* Whether (format, target, samples, bind) is something swr supports; the
 * rules of is_format_supported (swrp_screen.c). */
bool swrp_format_supported(enum pipe_format format, enum pipe_texture_target target,
                           unsigned sample_count, unsigned storage_sample_count, unsigned bind);

/*
 * The engine vertex type for a vertex element format: *vtype is an
 * swr_vertex_type, *components 1..4 (4 for packed types). False when the
 * engine cannot fetch the format (the screen then refuses VERTEX_BUFFER).
 */
bool swrp_vertex_format(enum pipe_format f, uint8_t *vtype, uint8_t *components);

/* Screen hooks (swrp_resource.c). */
void swrp_resource_init_screen(struct pipe_screen *screen);

#endif /* SWRP_RESOURCE_H */
