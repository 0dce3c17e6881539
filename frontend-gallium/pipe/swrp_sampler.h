/*
 * swrp_sampler.h: the pipe driver's texture sampler, the implementation of
 * the shader ABI's swr_sampler_interface (common/shader_abi.h).
 *
 * The pipe context resolves its bound sampler views and sampler CSOs into
 * the plain structs below (no Gallium objects, no reference counts) and
 * hands &swrp_sampler.iface to the shaders through swr_shader_resources.
 * Shaders call it from many worker threads at once; everything here is read
 * only while a draw can sample from it, and the sampler writes nothing but
 * the caller's `out`.
 *
 * What the context must guarantee (the sampler trusts it; shader inputs it
 * never trusts): `data + level[l].offset` for every level l in
 * first_level..last_level holds `depth` slices (3D) or layers (arrays,
 * cubes: 6 faces per cube) of `layer_pitch` bytes, each `height` block rows
 * of `row_pitch` bytes, in the view's format. Buffers: `num_elements`
 * texels of `fmt->block_bytes` from data + level[0].offset +
 * first_element * block_bytes. Whatever the coordinates, LODs, layers or
 * levels a shader passes, the sampler reads only that memory.
 */
#ifndef SWRP_SAMPLER_H
#define SWRP_SAMPLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend-gallium/gallium/p_defines.h"
#include "frontend-gallium/format/fmt.h"
#include "common/shader_abi.h"

#define SWRP_MAX_SAMPLER_VIEWS 32 /* PIPE_MAX_SHADER_SAMPLER_VIEWS */
#define SWRP_MAX_SAMPLERS 32      /* PIPE_MAX_SAMPLERS */
#define SWRP_MAX_TEXTURE_LEVELS 16 /* 32768-texel textures */
#define SWRP_MAX_LOD_BIAS 16.0f   /* PIPE_CAPF_MAX_TEXTURE_LOD_BIAS */

/* One mip level of the viewed resource, indexed by the resource's level
 * number (not relative to first_level). */
typedef struct swrp_tex_level {
    size_t offset;        /* bytes from view->data to slice/layer 0 */
    uint32_t row_pitch;   /* bytes between block rows */
    uint32_t layer_pitch; /* bytes between 3D slices, array layers or cube faces */
    uint32_t width, height, depth; /* texels; depth = slices (3D) or layers (arrays, cubes) */
} swrp_tex_level;

typedef struct swrp_sampler_view {
    const fmt_desc *fmt;
    const uint8_t *data;
    enum pipe_texture_target target;
    uint32_t first_level, last_level; /* resource levels */
    uint32_t first_layer, last_layer; /* resource layers (cube faces count one each) */
    uint32_t first_element, num_elements; /* PIPE_BUFFER, in texels */
    uint8_t swizzle[4];                   /* pipe_swizzle, applied after sampling */
    swrp_tex_level level[SWRP_MAX_TEXTURE_LEVELS];
    /* Derived by swrp_sampler_view_prepare(); all zero (a view that was
     * never prepared) just means the fast path is never taken. */
    uint8_t fast_kind; /* 0 none, 1 R8G8B8A8_UNORM, 2 B8G8R8A8_UNORM, 3 R8G8B8X8_UNORM, 4 B8G8R8X8_UNORM (2D) */
    int32_t fast_width[SWRP_MAX_TEXTURE_LEVELS], fast_height[SWRP_MAX_TEXTURE_LEVELS];
    int32_t fast_offset[SWRP_MAX_TEXTURE_LEVELS], fast_pitch[SWRP_MAX_TEXTURE_LEVELS];
} swrp_sampler_view;

typedef struct swrp_sampler_state {
    uint8_t wrap_s, wrap_t, wrap_r;         /* pipe_tex_wrap */
    uint8_t min_img_filter, mag_img_filter; /* pipe_tex_filter */
    uint8_t min_mip_filter;                 /* pipe_tex_mipfilter */
    uint8_t compare_mode, compare_func;     /* pipe_tex_compare, pipe_compare_func */
    bool normalized_coords, seamless_cube_map;
    uint32_t max_anisotropy; /* 0 or 1: off */
    float lod_bias, min_lod, max_lod;
    union {
        float f[4];
        int32_t i[4];
        uint32_t ui[4];
    } border_color; /* f for float/normalized views, i/ui bits for integer views */
} swrp_sampler_state;

typedef struct swrp_sampler {
    swr_sampler_interface iface; /* first: shaders get &iface */
    const swrp_sampler_view *views[SWRP_MAX_SAMPLER_VIEWS];
    const swrp_sampler_state *samplers[SWRP_MAX_SAMPLERS];
    bool no_fast_path; /* tests and benchmarks: always take the generic path */
    /* iface.fast_units points here; filled by swrp_sampler_prepare_units. */
    swr_tex_fast_unit fast_units[SWRP_MAX_SAMPLER_VIEWS];
} swrp_sampler;

/* Sets the interface functions and clears every slot (unbound views and
 * samplers return 0). */
void swrp_sampler_init(swrp_sampler *s);

/* Fills a view's derived fields once its other fields are set (by the pipe
 * context when it builds the view, on the API thread). Cheap; call again
 * after changing the view. */
void swrp_sampler_view_prepare(swrp_sampler_view *v);

/* Fills the inline sampling units (shader_abi.h swr_tex_fast_unit) from
 * views[u] and samplers[u] once both are set (by the pipe context when it
 * builds a draw's sampler snapshot, on the API thread; call again after
 * changing either or no_fast_path). A unit is valid when sample() would
 * take the fast path for every TEX-style lookup on it and that path filters
 * one level: a prepared 2D RGBA8 / BGRA8 / RGBX8 / BGRX8 UNORM view whose
 * swizzle keeps green in y and puts red and blue in x and z (either way
 * round) and alpha or 1 in w, normalized coordinates, no compare, no
 * anisotropy, min = mag filter (NEAREST or LINEAR), REPEAT or
 * CLAMP_TO_EDGE in s and t, and no mip filter or a single level. Every
 * other unit has flags 0, and so has every unit with no_fast_path or with
 * SWR_NO_INLINE_TEX set in the environment (measurements: the shaders then
 * call sample() as before). */
void swrp_sampler_prepare_units(swrp_sampler *s);

#endif /* SWRP_SAMPLER_H */
