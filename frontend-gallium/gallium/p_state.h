/*
 * p_state.h: the data structures of the Gallium interface: resources and
 * the views derived from them, the constant state objects (CSOs) and the
 * small "set_*" states, draw and blit descriptions, query results. Written
 * from ../shared/spec/gallium-docs.md with Gallium's well-known names, so
 * a field the docs mention (pipe_rasterizer_state::half_pixel_center,
 * pipe_sampler_view::u.buf.offset) is found here under that name.
 *
 * Who fills what: the front end (the GL state tracker) fills templates and
 * CSO descriptions and passes them by pointer; the driver copies what it
 * keeps, so a template may live on the caller's stack. Objects the driver
 * creates (pipe_resource, pipe_surface, pipe_sampler_view, pipe_transfer)
 * are returned by pointer and owned by the driver.
 *
 * Reference counting: resources, surfaces and sampler views start with a
 * count of 1 held by their creator. pipe_reference() moves one reference
 * from an old object to a new one atomically (any thread), and tells the
 * caller when the old object's last reference is gone; the typed helpers
 * (pipe_resource_reference in p_screen.h, pipe_surface_reference and
 * pipe_sampler_view_reference in p_context.h) then destroy it. In C++ the
 * type must be spelled `struct pipe_reference`: the function shares its name.
 *
 * Departures from Mesa, all deliberate: shaders arrive as TGSI text
 * (pipe_shader_state::text; there is no token stream); the index buffer
 * lives in pipe_draw_info (as in current Gallium); plain bool/uint8_t
 * fields stand where Mesa packs bitfields; no compute grid state.
 */
#ifndef SWR_P_STATE_H
#define SWR_P_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend-gallium/gallium/p_defines.h"
#include "frontend-gallium/gallium/p_format.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_context;
struct pipe_screen;

/* Opaque to the front end: created by flush, waited on by fence_finish,
 * counted by fence_reference. The driver defines it. */
struct pipe_fence_handle;

/* Opaque query object (create_query / destroy_query). */
struct pipe_query;

/* ==== reference counting ================================================= */

struct pipe_reference {
    int32_t count; /* touched only through the atomics below */
};

static inline void pipe_reference_init(struct pipe_reference *r, int32_t count)
{
    __atomic_store_n(&r->count, count, __ATOMIC_RELAXED);
}

/*
 * Makes a pointer that referenced `old` reference `now` instead: takes a
 * reference on `now` and drops one from `old` (either may be NULL). Returns
 * true when `old` just lost its last reference and must be destroyed by the
 * caller. Taking the new reference first makes old == now a no-op even when
 * the pointer held the last reference.
 *
 * Increments may be relaxed (the caller already holds a reference, so the
 * object cannot die meanwhile); the decrement is acquire-release so that
 * every thread's writes to the object happen before its destruction.
 */
static inline bool pipe_reference(struct pipe_reference *old, struct pipe_reference *now)
{
    if (old == now)
        return false;
    if (now)
        __atomic_add_fetch(&now->count, 1, __ATOMIC_RELAXED);
    return old && __atomic_sub_fetch(&old->count, 1, __ATOMIC_ACQ_REL) == 0;
}

/* ==== small value types ================================================== */

/* A 1D, 2D or 3D region of a resource, in texels (blocks' texels for
 * compressed formats). For 1D/2D arrays z/depth select layers, for cubes
 * faces, for cube arrays both (face = z % 6, cube = z / 6). Buffers use x
 * and width, in bytes. A blit's source box may have a negative width or
 * height to flip. */
struct pipe_box {
    int32_t x, y, z;
    int32_t width, height, depth;
};

/* A colour whose interpretation follows the format it meets: f for float,
 * UNORM, SNORM and sRGB formats; i / ui for SINT / UINT formats. */
union pipe_color_union {
    float f[4];
    int32_t i[4];
    uint32_t ui[4];
};

/* ==== resources and derived objects (Resources chapter) ================== */

/*
 * A texture or a buffer. As a template for resource_create the front end
 * fills target ... flags; the driver returns its own object, which embeds
 * this struct first, with the reference count at 1 and screen set.
 * Buffers: format R8_UNORM (or R8_UINT), width0 = size in bytes, height0 =
 * depth0 = array_size = 1, last_level = 0.
 */
struct pipe_resource {
    struct pipe_reference reference;
    uint32_t width0;     /* base level width, or buffer size in bytes */
    uint16_t height0;    /* base level height; 1 for 1D (array) and buffers */
    uint16_t depth0;     /* base level depth; 1 unless PIPE_TEXTURE_3D */
    uint16_t array_size; /* layers; 6 for a cube, 6 * n for a cube array, else 1 */
    enum pipe_format format;
    enum pipe_texture_target target;
    uint8_t last_level;         /* the last mip level present (0: no mipmaps) */
    uint8_t nr_samples;         /* samples seen by the pipeline; 0 and 1: not multisampled */
    uint8_t nr_storage_samples; /* colour slots per pixel (<= nr_samples) */
    uint8_t usage;              /* pipe_resource_usage (a hint) */
    uint32_t bind;              /* PIPE_BIND_* */
    uint32_t flags;             /* PIPE_RESOURCE_FLAG_* */
    struct pipe_screen *screen; /* the screen that created it */
};

/*
 * A view of one mip level and a layer range of a texture (or a range of a
 * buffer) as a render target or depth/stencil buffer. Created by
 * pipe_context::create_surface from a template whose format and u are
 * used; holds a reference to `texture`.
 */
struct pipe_surface {
    struct pipe_reference reference;
    enum pipe_format format; /* may differ from the texture's if compatible */
    uint16_t width, height;  /* of the viewed level, in pixels */
    uint8_t nr_samples;      /* 0: the texture's */
    struct pipe_resource *texture;
    struct pipe_context *context; /* the context that created it */
    union {
        struct {
            uint32_t level;       /* mip level rendered to */
            uint32_t first_layer; /* layers (array layer, cube face, 3D slice), inclusive */
            uint32_t last_layer;
        } tex;
        struct {
            uint32_t first_element; /* texels of a PIPE_BUFFER, inclusive */
            uint32_t last_element;
        } buf;
    } u;
};

/*
 * A view of a resource for sampling (pipe_context::create_sampler_view).
 * The view's levels and layers are added to what a sampler's min_lod and a
 * shader's layer index select. Holds a reference to `texture`.
 */
struct pipe_sampler_view {
    struct pipe_reference reference;
    enum pipe_texture_target
        target;              /* may differ from the texture's (PIPE_CAP_SAMPLER_VIEW_TARGET) */
    enum pipe_format format; /* must be compatible with the texture's */
    uint8_t swizzle_r;       /* pipe_swizzle: what lands in result .x */
    uint8_t swizzle_g;
    uint8_t swizzle_b;
    uint8_t swizzle_a;
    struct pipe_resource *texture;
    struct pipe_context *context; /* the context that created it */
    union {
        struct {
            uint32_t first_layer; /* layer range, inclusive */
            uint32_t last_layer;
            uint32_t first_level; /* mip range, inclusive */
            uint32_t last_level;
        } tex;
        struct {
            uint32_t offset; /* bytes into the buffer */
            uint32_t size;   /* bytes */
        } buf;
    } u;
};

/*
 * A CPU mapping of a box of one level (buffer_map / texture_map). The
 * returned pointer addresses box.x, box.y, box.z; rows are `stride` bytes
 * apart and layers or slices `layer_stride` bytes.
 */
struct pipe_transfer {
    struct pipe_resource *resource;
    uint32_t level;
    uint32_t usage;        /* PIPE_MAP_* given to map */
    struct pipe_box box;   /* the mapped region */
    uint32_t stride;       /* bytes between block rows */
    uint64_t layer_stride; /* bytes between layers / slices */
};

/* ==== CSOs (CSO chapter) ================================================= */

/* Per render target blend state ("Per-rendertarget Members"). */
struct pipe_rt_blend_state {
    bool blend_enable;      /* else the colour passes unchanged (colormask still applies) */
    uint8_t rgb_func;       /* pipe_blend_func */
    uint8_t rgb_src_factor; /* pipe_blendfactor */
    uint8_t rgb_dst_factor;
    uint8_t alpha_func;
    uint8_t alpha_src_factor;
    uint8_t alpha_dst_factor;
    uint8_t colormask; /* PIPE_MASK_R/G/B/A: channels written */
};

struct pipe_blend_state {
    bool independent_blend_enable; /* else rt[0] applies to every render target */
    bool logicop_enable;           /* logic op instead of blending, on every target */
    uint8_t logicop_func;          /* pipe_logicop */
    bool dither;                   /* implementation-defined; may be ignored */
    bool alpha_to_coverage;        /* alpha decides the coverage mask */
    bool alpha_to_one;             /* alpha replaced by one */
    uint8_t max_rt;                /* highest rt[] index the state describes */
    struct pipe_rt_blend_state rt[PIPE_MAX_COLOR_BUFS];
};

/* Depth test ("Depth Members"): fragment z FUNC stored z. */
struct pipe_depth_state {
    bool enabled;
    bool writemask;   /* depth writes on */
    uint8_t func;     /* pipe_compare_func */
    bool bounds_test; /* EXT_depth_bounds_test (PIPE_CAP_DEPTH_BOUNDS_TEST) */
    float bounds_min, bounds_max;
};

/* One face's stencil test ("Stencil Members"):
 * (ref & valuemask) FUNC (stored & valuemask). */
struct pipe_stencil_state {
    bool enabled;      /* stencil[1]: two-sided stencil on */
    uint8_t func;      /* pipe_compare_func */
    uint8_t fail_op;   /* pipe_stencil_op: stencil test failed */
    uint8_t zpass_op;  /* stencil and depth passed */
    uint8_t zfail_op;  /* stencil passed, depth failed */
    uint8_t valuemask; /* ANDed with both sides of the comparison */
    uint8_t writemask; /* stencil bits written */
};

/* Alpha test ("Alpha Members"): fragment alpha FUNC ref_value. */
struct pipe_alpha_state {
    bool enabled;
    uint8_t func; /* pipe_compare_func */
    float ref_value;
};

/* Tests run in the order alpha, stencil, depth. */
struct pipe_depth_stencil_alpha_state {
    struct pipe_depth_state depth;
    struct pipe_stencil_state stencil[2]; /* [0] front (or both), [1] back */
    struct pipe_alpha_state alpha;
};

/* The rasterizer CSO ("Rasterizer"). */
struct pipe_rasterizer_state {
    /* linkage and shading */
    bool flatshade;            /* colours come from the provoking vertex */
    bool flatshade_first;      /* provoking vertex: first (else last); see the docs' exceptions */
    bool light_twoside;        /* back faces use COLOR[1] / BCOLOR */
    bool clamp_vertex_color;   /* clamp VS COLOR outputs to [0, 1] */
    bool clamp_fragment_color; /* clamp FS COLOR outputs to [0, 1] */

    /* polygons */
    bool front_ccw;     /* front faces wind counter-clockwise in window space */
    uint8_t cull_face;  /* PIPE_FACE_* (the docs' prose says cull_mode) */
    uint8_t fill_front; /* PIPE_POLYGON_MODE_* */
    uint8_t fill_back;
    bool offset_point; /* polygon offset for point-, line-, fill-mode polygons */
    bool offset_line;
    bool offset_tri;
    bool offset_units_unscaled; /* offset_units is a plain window-z offset (D3D9) */
    float offset_units;         /* bias, in units of the depth format's resolution */
    float offset_scale;         /* times the polygon's max depth slope */
    float offset_clamp;         /* > 0: upper bound, < 0: lower bound, 0: none */
    bool poly_smooth;           /* GL polygon antialiasing */
    bool poly_stipple_enable;   /* pipe_poly_stipple pattern */

    /* points */
    uint32_t sprite_coord_enable;  /* bit k: FS GENERIC (or TEXCOORD) input k gets (s, t, 0, 1) */
    uint8_t sprite_coord_mode;     /* PIPE_SPRITE_COORD_*: corner where (s, t) = (0, 0) */
    bool point_quad_rasterization; /* points follow quad (sprite) rules */
    bool point_tri_clip;           /* clip points as quads, after expansion (D3D) */
    bool point_smooth;             /* round points */
    bool point_size_per_vertex;    /* point size comes from the VS PSIZE output */
    float point_size;              /* otherwise this, in pixels */

    /* lines */
    bool line_smooth; /* antialiased lines */
    bool line_stipple_enable;
    uint8_t line_stipple_factor;   /* each pattern bit repeats factor + 1 times */
    uint16_t line_stipple_pattern; /* on/off bits, bit 0 first */
    bool line_last_pixel;          /* draw the last pixel (GL omits it) */
    float line_width;              /* in pixels */

    /* everything else */
    bool scissor;                /* scissor test on (pipe_scissor_state) */
    bool multisample;            /* MSAA rasterization */
    bool force_persample_interp; /* ARB_sample_shading (GL3 style) */
    bool half_pixel_center;      /* pixel centres at (0.5, 0.5) (GL, D3D10+), else (0, 0) */
    bool bottom_edge_rule;       /* samples on bottom/left edges are inside, else top/left */
    bool rasterizer_discard;     /* no rasterization at all (queries and stream out still run) */
    bool depth_clip_near;        /* clip at the near plane, else clamp z per pixel */
    bool depth_clip_far;
    bool depth_clamp;                 /* clamp fragment z to the viewport's depth range */
    bool clip_halfz;                  /* clip space z in [0, w] (D3D), else [-w, w] (GL) */
    uint8_t clip_plane_enable;        /* bit k: half-space k (user plane or clip distance k) on */
    uint8_t conservative_raster_mode; /* pipe_conservative_raster_mode; swr: OFF */
    float conservative_raster_dilate;
    uint8_t subpixel_precision_x; /* bias to the subpixel precision, conservative only */
    uint8_t subpixel_precision_y;
};

/* A texture sampler CSO ("Sampler"). */
struct pipe_sampler_state {
    uint8_t wrap_s; /* pipe_tex_wrap for S, T, R */
    uint8_t wrap_t;
    uint8_t wrap_r;
    uint8_t min_img_filter; /* pipe_tex_filter when minifying */
    uint8_t mag_img_filter; /* pipe_tex_filter when magnifying */
    uint8_t min_mip_filter; /* pipe_tex_mipfilter */
    uint8_t compare_mode;   /* pipe_tex_compare: shadow comparison with R */
    uint8_t compare_func;   /* pipe_compare_func for it */
    bool normalized_coords; /* [0, 1] coordinates; else texels (CLAMP* wraps only) */
    bool seamless_cube_map; /* filter across cube faces */
    uint8_t max_anisotropy; /* 0 or 1: anisotropic filtering off */
    float lod_bias;         /* added to the computed LOD */
    float min_lod;          /* LOD clamp, after the bias */
    float max_lod;
    union pipe_color_union border_color; /* read per the view's format */
};

/*
 * Stream output (transform feedback) of a vertex shader: which output
 * components go to which buffer. Part of pipe_shader_state.
 */
struct pipe_stream_output {
    uint8_t register_index;  /* shader output register */
    uint8_t start_component; /* first component, 0..3 */
    uint8_t num_components;  /* 1..4 */
    uint8_t output_buffer;   /* 0 .. PIPE_MAX_SO_BUFFERS - 1 */
    uint16_t dst_offset;     /* in dwords from the vertex's start in the buffer */
    uint8_t stream;          /* vertex stream */
};

struct pipe_stream_output_info {
    uint32_t num_outputs;                 /* 0: no stream output */
    uint16_t stride[PIPE_MAX_SO_BUFFERS]; /* dwords per vertex in each buffer */
    struct pipe_stream_output output[PIPE_MAX_SO_OUTPUTS];
};

/* A stream output target (7.1.9): the byte range [buffer_offset,
 * buffer_offset + buffer_size) of a buffer that stream output writes
 * primitives into. The driver's object starts with this one and also keeps
 * the internal offset (bytes already written) that set_stream_output_targets
 * sets or appends at. */
struct pipe_stream_output_target {
    struct pipe_reference reference;
    struct pipe_resource *buffer; /* referenced */
    struct pipe_context *context; /* the context that created it */
    unsigned buffer_offset;
    unsigned buffer_size;
};

/* A shader CSO ("Shader"): create_vs_state / create_fs_state. */
struct pipe_shader_state {
    const char *text; /* TGSI, in its text form (NUL-terminated); copied by the driver */
    struct pipe_stream_output_info stream_output;
};

/* One vertex attribute ("Vertex Elements"). Its address is buffer_offset +
 * stride * i + src_offset, with i the vertex index, or instanceID /
 * instance_divisor for per-instance data. */
struct pipe_vertex_element {
    uint32_t src_offset;          /* bytes from the vertex's start */
    uint32_t instance_divisor;    /* 0: per vertex; n: advances every n instances */
    uint32_t vertex_buffer_index; /* which pipe_vertex_buffer */
    enum pipe_format src_format;  /* missing components read as (0, 0, 0, 1) */
};

/* ==== non-CSO state (set_*) ============================================== */

struct pipe_blend_color {
    float color[4]; /* PIPE_BLENDFACTOR_CONST_* */
};

struct pipe_stencil_ref {
    uint8_t ref_value[2]; /* front, back */
};

/* User clip planes: a point p is inside plane k when dot(ucp[k], p) >= 0. */
struct pipe_clip_state {
    float ucp[PIPE_MAX_CLIP_PLANES][4];
};

/* 32x32 polygon stipple: row y is stipple[y], bit 31 - x for pixel x. */
struct pipe_poly_stipple {
    uint32_t stipple[32];
};

/* Window coordinates from NDC: x_w = x * scale[0] + translate[0], and
 * likewise y and z. */
struct pipe_viewport_state {
    float scale[3];
    float translate[3];
};

/* The scissor rectangle: pixels [minx, maxx) x [miny, maxy). */
struct pipe_scissor_state {
    uint16_t minx, miny; /* inclusive */
    uint16_t maxx, maxy; /* exclusive */
};

/* The bound render targets. Every surface must have been created with
 * PIPE_BIND_RENDER_TARGET or PIPE_BIND_DEPTH_STENCIL respectively. */
struct pipe_framebuffer_state {
    uint16_t width, height; /* the rendering area, in pixels */
    uint16_t layers;        /* 0 or 1 unless layered rendering */
    uint8_t samples;        /* without attachments (PIPE_CAP_FRAMEBUFFER_NO_ATTACHMENT) */
    uint8_t nr_cbufs;       /* cbufs[0 .. nr_cbufs-1]; entries may be NULL */
    struct pipe_surface *cbufs[PIPE_MAX_COLOR_BUFS];
    struct pipe_surface *zsbuf; /* NULL: no depth/stencil buffer */
};

/* A constant buffer of one stage: a resource range, or user memory. */
struct pipe_constant_buffer {
    struct pipe_resource *buffer; /* NULL when user_buffer is used */
    uint32_t buffer_offset;       /* bytes; PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT */
    uint32_t buffer_size;         /* bytes */
    const void *user_buffer;      /* caller's memory, copied by set_constant_buffer */
};

/* A vertex buffer: a resource or, if is_user_buffer, the caller's memory,
 * which must stay valid until the draw_vbo calls that read it return. */
struct pipe_vertex_buffer {
    uint16_t stride; /* bytes between vertices (0: every vertex reads the same) */
    bool is_user_buffer;
    uint32_t buffer_offset; /* bytes to vertex 0 */
    union {
        struct pipe_resource *resource;
        const void *user;
    } buffer;
};

/* ==== draws ============================================================== */

/*
 * What draw_vbo draws, besides the ranges in pipe_draw_start_count_bias.
 * Indexed when index_size != 0: indices come from index.resource (bytes
 * from its start, so draws[].start counts indices) or, if has_user_indices,
 * from index.user. Restart is compared before index_bias is added.
 */
struct pipe_draw_info {
    uint8_t mode;               /* pipe_prim_type */
    uint8_t index_size;         /* 0 (not indexed), 1, 2 or 4 bytes */
    uint8_t vertices_per_patch; /* PIPE_PRIM_PATCHES only */
    bool has_user_indices;      /* index.user rather than index.resource */
    bool primitive_restart;
    bool index_bounds_valid; /* min_index and max_index are meaningful */
    uint32_t restart_index;
    uint32_t start_instance; /* first INSTANCEID */
    uint32_t instance_count; /* instances [start_instance, start_instance + count) */
    uint32_t min_index;      /* bounds of the fetched indices (after index_bias); */
    uint32_t max_index;      /* over-estimates are fine, under-estimates undefined */
    union {
        struct pipe_resource *resource;
        const void *user;
    } index;
};

/* One draw of a multi-draw: vertices (or index positions) start .. start +
 * count - 1; index_bias is added to every fetched index. */
struct pipe_draw_start_count_bias {
    uint32_t start;
    uint32_t count;
    int32_t index_bias;
};

/* ==== blits ============================================================== */

/* pipe_context::blit: scaled, format-converting copy between two levels. */
struct pipe_blit_info {
    struct {
        struct pipe_resource *resource;
        uint32_t level;
        struct pipe_box box;     /* src: negative width/height flip */
        enum pipe_format format; /* view format, compatible with the resource's */
    } dst, src;
    uint32_t mask;       /* PIPE_MASK_*: channels (and Z/S) copied */
    uint32_t filter;     /* pipe_tex_filter when scaling */
    bool scissor_enable; /* clip dst to scissor */
    struct pipe_scissor_state scissor;
    bool render_condition_enable; /* honour render_condition */
    bool alpha_blend;             /* blend src over dst with src alpha */
};

/* ==== query results ====================================================== */

struct pipe_query_data_so_statistics {
    uint64_t num_primitives_written;    /* = PRIMITIVES_EMITTED */
    uint64_t primitives_storage_needed; /* had the buffers been infinite */
};

struct pipe_query_data_timestamp_disjoint {
    uint64_t frequency; /* timer resolution, Hz */
    bool disjoint;      /* true: timestamps in the query are unreliable */
};

/* PIPE_QUERY_PIPELINE_STATISTICS, in pipe_statistics_query_index order. */
struct pipe_query_data_pipeline_statistics {
    uint64_t ia_vertices;
    uint64_t ia_primitives;
    uint64_t vs_invocations;
    uint64_t gs_invocations;
    uint64_t gs_primitives;
    uint64_t c_invocations;
    uint64_t c_primitives;
    uint64_t ps_invocations;
    uint64_t hs_invocations;
    uint64_t ds_invocations;
    uint64_t cs_invocations;
};

/* get_query_result's answer; pipe_query_type says which member. */
union pipe_query_result {
    bool b;       /* predicates, GPU_FINISHED */
    uint64_t u64; /* counters, timestamps, elapsed ns */
    int64_t i64;
    float f;
    struct pipe_query_data_so_statistics so_statistics;
    struct pipe_query_data_timestamp_disjoint timestamp_disjoint;
    struct pipe_query_data_pipeline_statistics pipeline_statistics;
};

#ifdef __cplusplus
}
#endif

#endif /* SWR_P_STATE_H */
