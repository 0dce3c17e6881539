/*
 * swr_state.h: the pipeline state types shared by core, rasterizer and the
 * pipe driver. A leaf header: it includes nothing of swr but the shader ABI.
 *
 * Conventions used throughout the engine:
 * - Window coordinates: x grows right, y grows DOWN (row 0 is the first row
 *   of a surface in memory). The driver folds any y flip into the viewport
 *   scale. Pixel (px, py) covers [px, px+1) x [py, py+1); its sample point is
 *   (px + 0.5, py + 0.5) when half_pixel_center is set, (px, py) otherwise.
 * - Snapped positions are 24.8 fixed point (`_fx8` in names): round(x * 256).
 * - Zero in any descriptor field means "the default" where a default exists.
 * - Enum values follow Gallium's meaning (PIPE_FUNC_*, PIPE_STENCIL_OP_*,
 *   PIPE_BLENDFACTOR_*, ...) so that the pipe driver maps them one to one.
 */
#ifndef SWR_STATE_H
#define SWR_STATE_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "common/shader_abi.h"

#define SWR_MAX_RENDER_TARGETS   8
#define SWR_MAX_VERTEX_BUFFERS   32
#define SWR_MAX_VERTEX_ELEMENTS  32
#define SWR_MAX_VIEWPORTS        16
#define SWR_MAX_CLIP_DISTANCES   8
/* Largest render target side; also bounds scissors. 2^14 pixels keeps every
 * window coordinate inside the guard band (see rast_priv.h). */
#define SWR_MAX_SURFACE_DIM      16384

/* ---- formats ------------------------------------------------------------ */

/* Render-target and depth/stencil formats the engine renders to. Channel
 * order in the name is the order in memory, lowest address first, as in
 * Gallium (PIPE_FORMAT_B8G8R8A8_UNORM: byte 0 = B). */
#define SWR_SURFACE_FORMATS(X)                                                                   \
    X(NONE, 0)                                                                                   \
    X(B8G8R8A8_UNORM, 4)                                                                         \
    X(B8G8R8X8_UNORM, 4)                                                                         \
    X(R8G8B8A8_UNORM, 4)                                                                         \
    X(R8G8B8X8_UNORM, 4)                                                                         \
    X(B8G8R8A8_SRGB, 4)                                                                          \
    X(B8G8R8X8_SRGB, 4)                                                                          \
    X(R8G8B8A8_SRGB, 4)                                                                          \
    X(R8G8B8X8_SRGB, 4)                                                                          \
    X(A8R8G8B8_UNORM, 4)                                                                         \
    X(R8_UNORM, 1)                                                                               \
    X(R8G8_UNORM, 2)                                                                             \
    X(R16G16B16A16_FLOAT, 8)                                                                     \
    X(R32G32B32A32_FLOAT, 16)                                                                    \
    X(R32_FLOAT, 4)                                                                              \
    X(R10G10B10A2_UNORM, 4)                                                                      \
    X(Z16_UNORM, 2)                                                                              \
    X(Z24_UNORM_S8_UINT, 4)                                                                      \
    X(Z24X8_UNORM, 4)                                                                            \
    X(Z32_FLOAT, 4)                                                                              \
    X(Z32_FLOAT_S8X24_UINT, 8)

typedef enum swr_format {
#define SWR_FMT_ENUM(name, bytes) SWR_FORMAT_##name,
    SWR_SURFACE_FORMATS(SWR_FMT_ENUM)
#undef SWR_FMT_ENUM
    SWR_FORMAT_COUNT
} swr_format;

/* Vertex attribute formats (fetch). FLOAT/UNORM/SNORM/USCALED/SSCALED fetch
 * to float; UINT/SINT fetch the integer bits unchanged. Missing components
 * default to (0, 0, 0, 1) (1 is 1.0f, or integer 1 for UINT/SINT). */
typedef enum swr_vertex_type {
    SWR_VTYPE_FLOAT32,
    SWR_VTYPE_FLOAT16,
    SWR_VTYPE_UNORM8,
    SWR_VTYPE_SNORM8,
    SWR_VTYPE_UINT8,
    SWR_VTYPE_SINT8,
    SWR_VTYPE_USCALED8,
    SWR_VTYPE_SSCALED8,
    SWR_VTYPE_UNORM16,
    SWR_VTYPE_SNORM16,
    SWR_VTYPE_UINT16,
    SWR_VTYPE_SINT16,
    SWR_VTYPE_USCALED16,
    SWR_VTYPE_SSCALED16,
    SWR_VTYPE_UNORM32,
    SWR_VTYPE_SNORM32,
    SWR_VTYPE_UINT32,
    SWR_VTYPE_SINT32,
    SWR_VTYPE_USCALED32,
    SWR_VTYPE_SSCALED32,
    SWR_VTYPE_FIXED32, /* 16.16 signed fixed point (GL_FIXED) */
    /* packed 10_10_10_2: x in bits 0..9, y 10..19, z 20..29, w 30..31 */
    SWR_VTYPE_UNORM10_10_10_2,
    SWR_VTYPE_SNORM10_10_10_2,
    SWR_VTYPE_UINT10_10_10_2,
    SWR_VTYPE_SINT10_10_10_2,
    SWR_VTYPE_USCALED10_10_10_2,
    SWR_VTYPE_SSCALED10_10_10_2,
    /* B8G8R8A8_UNORM: bytes B,G,R,A in memory, fetched as (R,G,B,A) */
    SWR_VTYPE_BGRA8_UNORM,
    /* B10G10R10A2 variants: as 10_10_10_2 with x and z swapped */
    SWR_VTYPE_BGR10A2_UNORM,
    SWR_VTYPE_BGR10A2_SNORM,
    SWR_VTYPE_BGR10A2_USCALED,
    SWR_VTYPE_BGR10A2_SSCALED,
    SWR_VTYPE_COUNT
} swr_vertex_type;

typedef struct swr_vertex_element {
    uint32_t offset_bytes;     /* from the vertex start in its buffer */
    uint16_t buffer_index;     /* which swr_vertex_buffer */
    uint8_t type;              /* swr_vertex_type */
    uint8_t components;        /* 1..4; packed types must say 4 */
    uint32_t instance_divisor; /* 0: per vertex; d > 0: per instance, advances every d instances */
} swr_vertex_element;

typedef struct swr_vertex_layout {
    uint32_t num_elements; /* each feeds VS input register i */
    swr_vertex_element elements[SWR_MAX_VERTEX_ELEMENTS];
} swr_vertex_layout;

/* A vertex buffer. The memory is the caller's and must stay valid until the
 * draws that use it are done (see swr_fence). Fetches whose bytes fall
 * outside [data, data + size_bytes) read as zero in every component. */
typedef struct swr_vertex_buffer {
    const void *data;
    uint32_t size_bytes;
    uint32_t stride_bytes;
} swr_vertex_buffer;

/* ---- topology ---------------------------------------------------------- */

typedef enum swr_topology {
    SWR_TOPO_POINTS,
    SWR_TOPO_LINES,
    SWR_TOPO_LINE_LOOP,
    SWR_TOPO_LINE_STRIP,
    SWR_TOPO_TRIANGLES,
    SWR_TOPO_TRIANGLE_STRIP,
    SWR_TOPO_TRIANGLE_FAN,
    SWR_TOPO_QUADS,
    SWR_TOPO_QUAD_STRIP,
    SWR_TOPO_POLYGON,
    SWR_TOPO_LINES_ADJACENCY,
    SWR_TOPO_LINE_STRIP_ADJACENCY,
    SWR_TOPO_TRIANGLES_ADJACENCY,
    SWR_TOPO_TRIANGLE_STRIP_ADJACENCY,
    SWR_TOPO_COUNT
} swr_topology; /* same order as PIPE_PRIM_* */

/* ---- rasterizer state ----------------------------------------------------- */

typedef enum swr_face { SWR_FACE_NONE = 0, SWR_FACE_FRONT = 1, SWR_FACE_BACK = 2, SWR_FACE_FRONT_AND_BACK = 3 } swr_face;
typedef enum swr_fill { SWR_FILL_FILL = 0, SWR_FILL_LINE = 1, SWR_FILL_POINT = 2 } swr_fill;

typedef struct swr_rasterizer_state {
    uint8_t cull_face;        /* swr_face */
    bool front_ccw;           /* front faces run counter-clockwise as seen on screen (row 0 at the top; GL's sense) */
    uint8_t fill_front;       /* swr_fill */
    uint8_t fill_back;        /* swr_fill */
    bool offset_point, offset_line, offset_tri; /* polygon offset per fill mode */
    float offset_units;
    float offset_scale;
    float offset_clamp;       /* 0: no clamp */
    bool offset_units_unscaled; /* units are window-z units, not multiples of the format's r */
    bool depth_clip_near;     /* clip at z_near (true is GL's default) */
    bool depth_clip_far;
    bool depth_clamp;         /* clamp fragment z to [min(n,f), max(n,f)] */
    bool clip_halfz;          /* clip volume z is [0, w] instead of [-w, w] */
    bool flatshade;           /* all colours/varyings declared flat use the provoking vertex */
    bool flatshade_first;     /* provoking vertex: first (true) or last (false) */
    bool half_pixel_center;   /* GL: true */
    bool bottom_edge_rule;    /* fill rule uses bottom/left edges instead of top/left */
    bool scissor_enable;
    bool point_size_per_vertex; /* take point size from the VS output */
    float point_size;         /* when not per vertex */
    bool point_sprite;        /* points generate sprite coordinates */
    bool sprite_origin_lower_left; /* t = 0 at the bottom (GL_LOWER_LEFT) */
    uint8_t sprite_coord_enable; /* which PS inputs are replaced with (s, t, 0, 1): bit i = input i */
    bool point_quad_rasterization; /* points rasterize as a square whose size is not rounded */
    float line_width;
    bool line_last_pixel;     /* draw the last pixel of a line (D3D style) */
    /* GL line stipple: a fragment of a line whose stipple counter is s is
     * kept iff bit (s / factor) % 16 of the pattern is set. The counter
     * counts fragments along the major axis from a line's first vertex and
     * restarts at 0 for each independent line (LINES), each strip / loop and
     * each instance; strips and loops carry it from segment to segment. */
    bool line_stipple_enable;
    uint16_t line_stipple_pattern; /* bit 0 first */
    uint16_t line_stipple_factor;  /* 1..256 (0 acts as 1) */
    /* GL smooth (antialiased) lines / points (GL 2.1 §3.4.4, §3.3.2): a line
     * is the w-wide rectangle along the segment, a point the disc of
     * diameter size; each fragment's colour-0 alpha is multiplied by the
     * area of its pixel square inside the shape (rasterizer/rast_priv.h).
     * line_smooth overrides stipple and last_pixel; point_smooth overrides
     * sprites and point_quad_rasterization. */
    bool line_smooth;
    bool point_smooth;
    bool window_space_position; /* VS position is already in window space: no clip, no divide, no viewport */
    uint8_t clip_distance_enable; /* bit i: clip against VS clip distance i */
    bool rasterizer_discard;
} swr_rasterizer_state;

/* Maps NDC to window: x_w = x_ndc * scale[0] + translate[0], likewise y and
 * z. The depth range (for depth clamping) is where z_ndc = -1 (0 with
 * clip_halfz) and +1 map to. */
typedef struct swr_viewport {
    float scale[3];
    float translate[3];
} swr_viewport;

typedef struct swr_rect {
    int32_t x0, y0, x1, y1; /* [x0, x1) x [y0, y1) in pixels */
} swr_rect;

/* ---- depth / stencil / alpha ---------------------------------------------------- */

/* Same values as PIPE_FUNC_*. */
typedef enum swr_func {
    SWR_FUNC_NEVER, SWR_FUNC_LESS, SWR_FUNC_EQUAL, SWR_FUNC_LEQUAL,
    SWR_FUNC_GREATER, SWR_FUNC_NOTEQUAL, SWR_FUNC_GEQUAL, SWR_FUNC_ALWAYS
} swr_func;

/* Same values as PIPE_STENCIL_OP_*. */
typedef enum swr_stencil_op {
    SWR_STENCIL_OP_KEEP, SWR_STENCIL_OP_ZERO, SWR_STENCIL_OP_REPLACE, SWR_STENCIL_OP_INCR,
    SWR_STENCIL_OP_DECR, SWR_STENCIL_OP_INCR_WRAP, SWR_STENCIL_OP_DECR_WRAP, SWR_STENCIL_OP_INVERT
} swr_stencil_op;

typedef struct swr_stencil_face {
    bool enabled;
    uint8_t func;     /* swr_func: ref & valuemask  FUNC  stencil & valuemask */
    uint8_t fail_op;  /* stencil test failed */
    uint8_t zfail_op; /* stencil passed, depth failed */
    uint8_t zpass_op; /* both passed */
    uint8_t valuemask;
    uint8_t writemask;
} swr_stencil_face;

typedef struct swr_depth_stencil_state {
    bool depth_enabled;
    bool depth_writemask;
    uint8_t depth_func;            /* swr_func: fragment z FUNC stored z */
    swr_stencil_face stencil[2];   /* [0] front, [1] back (used when stencil[1].enabled) */
    bool alpha_enabled;
    uint8_t alpha_func;            /* swr_func: fragment alpha FUNC alpha_ref */
    float alpha_ref;
} swr_depth_stencil_state;

/* ---- blend ------------------------------------------------------------------ */

/* Same values as PIPE_BLENDFACTOR_*. */
typedef enum swr_blend_factor {
    SWR_BLENDFACTOR_ONE = 1,
    SWR_BLENDFACTOR_SRC_COLOR = 2,
    SWR_BLENDFACTOR_SRC_ALPHA = 3,
    SWR_BLENDFACTOR_DST_ALPHA = 4,
    SWR_BLENDFACTOR_DST_COLOR = 5,
    SWR_BLENDFACTOR_SRC_ALPHA_SATURATE = 6,
    SWR_BLENDFACTOR_CONST_COLOR = 7,
    SWR_BLENDFACTOR_CONST_ALPHA = 8,
    SWR_BLENDFACTOR_SRC1_COLOR = 9,
    SWR_BLENDFACTOR_SRC1_ALPHA = 10,
    SWR_BLENDFACTOR_ZERO = 0x11,
    SWR_BLENDFACTOR_INV_SRC_COLOR = 0x12,
    SWR_BLENDFACTOR_INV_SRC_ALPHA = 0x13,
    SWR_BLENDFACTOR_INV_DST_ALPHA = 0x14,
    SWR_BLENDFACTOR_INV_DST_COLOR = 0x15,
    SWR_BLENDFACTOR_INV_CONST_COLOR = 0x17,
    SWR_BLENDFACTOR_INV_CONST_ALPHA = 0x18,
    SWR_BLENDFACTOR_INV_SRC1_COLOR = 0x19,
    SWR_BLENDFACTOR_INV_SRC1_ALPHA = 0x1A,
} swr_blend_factor;

/* Same values as PIPE_BLEND_*. */
typedef enum swr_blend_func {
    SWR_BLEND_ADD, SWR_BLEND_SUBTRACT, SWR_BLEND_REVERSE_SUBTRACT, SWR_BLEND_MIN, SWR_BLEND_MAX
} swr_blend_func;

/* Same values as PIPE_LOGICOP_* (CLEAR = 0 ... SET = 15; dst' = f(src, dst)). */
typedef enum swr_logicop {
    SWR_LOGICOP_CLEAR, SWR_LOGICOP_NOR, SWR_LOGICOP_AND_INVERTED, SWR_LOGICOP_COPY_INVERTED,
    SWR_LOGICOP_AND_REVERSE, SWR_LOGICOP_INVERT, SWR_LOGICOP_XOR, SWR_LOGICOP_NAND,
    SWR_LOGICOP_AND, SWR_LOGICOP_EQUIV, SWR_LOGICOP_NOOP, SWR_LOGICOP_OR_INVERTED,
    SWR_LOGICOP_COPY, SWR_LOGICOP_OR_REVERSE, SWR_LOGICOP_OR, SWR_LOGICOP_SET
} swr_logicop;

#define SWR_MASK_R 1
#define SWR_MASK_G 2
#define SWR_MASK_B 4
#define SWR_MASK_A 8
#define SWR_MASK_RGBA 15

typedef struct swr_blend_rt {
    bool blend_enable;
    uint8_t rgb_func, rgb_src_factor, rgb_dst_factor;       /* swr_blend_func, swr_blend_factor */
    uint8_t alpha_func, alpha_src_factor, alpha_dst_factor;
    uint8_t colormask; /* SWR_MASK_* */
} swr_blend_rt;

typedef struct swr_blend_state {
    bool independent_blend_enable; /* else rt[0] applies to every target */
    bool logicop_enable;           /* applies to UNORM targets; replaces blending */
    uint8_t logicop_func;          /* swr_logicop */
    bool dither;                   /* accepted, ignored */
    bool alpha_to_coverage;        /* ignored until multisampling */
    bool alpha_to_one;             /* ignored until multisampling */
    swr_blend_rt rt[SWR_MAX_RENDER_TARGETS];
} swr_blend_state;

/* ---- surfaces ---------------------------------------------------------- */

/* A render target or depth/stencil surface: linear rows of pixels. For
 * Z32_FLOAT_S8X24_UINT each pixel is 8 bytes: float z, then the stencil byte,
 * then 3 unused bytes. Z24_UNORM_S8_UINT: bits 0..23 depth, 24..31 stencil. */
typedef struct swr_surface {
    void *base;
    uint32_t pitch_bytes;
    uint32_t width, height;
    uint32_t format; /* swr_format */
} swr_surface;

typedef struct swr_framebuffer {
    uint32_t width, height;    /* rendering area; 0 = the smallest attachment */
    uint32_t num_color;
    swr_surface color[SWR_MAX_RENDER_TARGETS];
    swr_surface zs;            /* format NONE: no depth/stencil buffer */
} swr_framebuffer;

/* ---- shaders ------------------------------------------------------------ */

#define SWR_SLOT_NONE 0xff

typedef struct swr_vs_state {
    swr_vs_func func;
    const void *shader;        /* passed to func */
    uint32_t num_inputs;       /* attributes fetched (= vertex layout elements) */
    uint32_t num_outputs;      /* output slots written */
    uint8_t position_slot;     /* clip-space position (or window position, see rasterizer state) */
    uint8_t point_size_slot;   /* SWR_SLOT_NONE or slot whose .x is the point size */
    uint8_t clip_dist_slot[2]; /* SWR_SLOT_NONE or slots holding clip distances 0-3 / 4-7 */
    uint8_t viewport_index_slot; /* SWR_SLOT_NONE or slot whose .x (int bits) selects the viewport */
} swr_vs_state;

typedef enum swr_interp {
    SWR_INTERP_CONSTANT,    /* flat: provoking vertex */
    SWR_INTERP_LINEAR,      /* noperspective */
    SWR_INTERP_PERSPECTIVE,
    SWR_INTERP_COLOR,       /* perspective, or flat when the rasterizer state says flatshade */
} swr_interp;

typedef struct swr_ps_input {
    uint8_t vs_slot;      /* VS output feeding this input (front faces) */
    uint8_t vs_slot_back; /* SWR_SLOT_NONE, or the slot used for back faces (two-sided colour) */
    uint8_t interp;       /* swr_interp */
} swr_ps_input;

typedef struct swr_ps_state {
    swr_ps_func func;
    const void *shader;
    /* Optional batched entry (shader_abi.h), same shader; NULL: the backend
     * calls func per 4x2 block. */
    swr_ps_tile_func tile_func;
    uint32_t num_inputs;
    swr_ps_input inputs[SWR_MAX_ATTRIBS];
    uint32_t num_outputs;     /* render targets written: color[0..num_outputs-1] */
    bool color0_writes_all;   /* color[0] goes to every bound render target */
    bool writes_depth;        /* args.depth replaces the interpolated depth */
    bool writes_stencil;      /* args.stencil replaces the stencil reference */
    bool can_kill;            /* the shader may clear exec_mask (discard) */
    bool early_depth_stencil; /* force early tests even if the shader kills or writes depth */
    bool dual_source;         /* color1 is the second blend source of RT 0 */
    /* Usage hints the shader compiler fills from what the shader reads. Zero
     * (the default) means "the shader may read it": the backend fills the
     * field of swr_ps_args for every 4x2 block. True lets it skip the work;
     * a shader that reads a field flagged unused sees stale values. */
    bool position_unused;     /* args.position (gl_FragCoord) is not read */
    bool barycentrics_unused; /* args.bary_linear and args.bary_persp are not read */
} swr_ps_state;

/* Geometry shader (rasterizer/fe_gs.c; shader_abi.h has its ABI). It runs on
 * every primitive the draw assembles, 8 primitives per call, and its
 * emitted strips replace them: stream output, clipping, setup and the PS
 * then see the GS's outputs where they would see the VS's (swr_ps_input
 * vs_slot and swr_so_decl vs_slot name GS output slots while a GS is
 * bound, and the slots below replace the VS state's).
 * input_topology: the primitive class the GS reads, SWR_TOPO_POINTS,
 *   _LINES, _LINES_ADJACENCY, _TRIANGLES or _TRIANGLES_ADJACENCY (the
 *   values of TGSI's GS_INPUT_PRIMITIVE); a draw must use a topology of
 *   that class (lines: lists, strips, loops; triangles: lists, strips,
 *   fans; adjacency: lists and strips), else swr_draw rejects it.
 * output_topology: SWR_TOPO_POINTS, _LINE_STRIP or _TRIANGLE_STRIP.
 * Input attribute a of every input vertex is VS output input_slot[a]
 *   (SWR_SLOT_NONE or a slot the VS does not write: reads 0).
 * Limits (swr_set_gs checks): num_inputs * vertices per input primitive
 *   <= SWR_MAX_ATTRIBS * SWR_GS_MAX_IN_VERTICES, num_outputs <=
 *   SWR_MAX_ATTRIBS, 1 <= max_vertices <= SWR_GS_MAX_OUT_VERTICES and
 *   max_vertices * num_outputs * 4 <= SWR_GS_MAX_OUT_COMPONENTS. */
typedef struct swr_gs_state {
    swr_gs_func func;     /* NULL: no geometry shader */
    const void *shader;   /* passed to func */
    uint32_t num_inputs;  /* attributes per input vertex */
    uint32_t num_outputs; /* attributes per emitted vertex */
    uint8_t input_slot[SWR_MAX_ATTRIBS];
    uint8_t input_topology;  /* swr_topology, see above */
    uint8_t output_topology; /* swr_topology, see above */
    uint32_t max_vertices;   /* per input primitive (GS_MAX_OUTPUT_VERTICES) */
    bool reads_prim_id;      /* the GS reads gl_PrimitiveIDIn (informational) */
    uint8_t position_slot;   /* as swr_vs_state, over the GS outputs */
    uint8_t point_size_slot;
    uint8_t clip_dist_slot[2];
    uint8_t viewport_index_slot;
    /* SWR_SLOT_NONE, or the output slot whose .x (int bits) at an output
     * primitive's provoking vertex is the primitive ID the PS sees
     * (gl_PrimitiveID); without it the PS sees the input primitive's. */
    uint8_t prim_id_slot;
} swr_gs_state;

typedef enum swr_shader_stage {
    SWR_STAGE_VS,
    SWR_STAGE_PS,
    SWR_STAGE_GS,
    SWR_STAGE_COUNT
} swr_shader_stage;

/* ---- draws and clears ------------------------------------------------ */

typedef struct swr_draw_info {
    uint32_t topology;       /* swr_topology */
    uint32_t start;          /* first vertex, or first index position when indexed */
    uint32_t count;          /* vertices or indices */
    uint32_t instance_count; /* 0 is treated as 1 */
    uint32_t start_instance;
    bool indexed;
    int32_t base_vertex;     /* added to every index */
    bool primitive_restart;
    uint32_t restart_index;
} swr_draw_info;

/* ---- stream output (transform feedback) ----------------------------- */

/* Stream output writes the vertices of every primitive a draw assembles
 * (after the vertex shader, before clipping: unclipped clip-space values)
 * into up to SWR_MAX_SO_BUFFERS buffers, in draw order. Strips, fans and
 * loops are written as independent primitives (a strip of n vertices
 * writes n - 2 triangles of 3 vertices each; a loop also writes its closing
 * line), in the vertex order primitive assembly gives them: an odd strip
 * triangle i is (i+1, i, i+2), a fan triangle (0, i+1, i+2). Vertex k of
 * primitive g (counted from the start of the draw, instances one after
 * the other) of a primitive of nv vertices lands at dword
 *     offset_bytes / 4 + (g * nv + k) * stride_dwords + decl.dword_offset
 * of each declaration's buffer. A primitive is written only if it fits in
 * every buffer a declaration names (offset_bytes + (g + 1) * nv *
 * stride_dwords * 4 <= size_bytes); the first one that does not fit stops
 * writing for the rest of the draw (GL: "primitives written" stops there,
 * "primitives generated" goes on). */
#define SWR_MAX_SO_BUFFERS 4
#define SWR_MAX_SO_DECLS   64

typedef struct swr_so_buffer {
    void *data;             /* caller's memory; NULL: unbound */
    uint32_t size_bytes;    /* bytes from data that may be written */
    uint32_t offset_bytes;  /* where the draw's first primitive goes (multiple of 4) */
    uint32_t stride_dwords; /* dwords per vertex */
} swr_so_buffer;

/* num_comps components of VS output vs_slot, from first_comp on, go to the
 * dwords [dword_offset, dword_offset + num_comps) of each vertex in buffer
 * `buffer`. GL's interleaved mode is one buffer with consecutive offsets
 * (gaps for skipped components), separate mode one buffer per output. An
 * output slot the vertex shader does not write stores 0. */
typedef struct swr_so_decl {
    uint8_t buffer;     /* < SWR_MAX_SO_BUFFERS */
    uint8_t vs_slot;
    uint8_t first_comp; /* first_comp + num_comps <= 4 */
    uint8_t num_comps;  /* 1..4 */
    uint16_t dword_offset; /* dword_offset + num_comps <= the buffer's stride_dwords */
} swr_so_decl;

typedef struct swr_so_state {
    bool enable;
    /* Primitives end after stream output: no clipping, setup, binning or
     * rasterization (GL_RASTERIZER_DISCARD). Applies with enable false too. */
    bool rasterizer_discard;
    uint32_t num_decls;
    swr_so_buffer buffers[SWR_MAX_SO_BUFFERS];
    swr_so_decl decls[SWR_MAX_SO_DECLS];
} swr_so_state;

#define SWR_CLEAR_COLOR(i) (1u << (i))
#define SWR_CLEAR_COLOR_ALL 0xffu
#define SWR_CLEAR_DEPTH   (1u << 8)
#define SWR_CLEAR_STENCIL (1u << 9)

typedef struct swr_clear_info {
    uint32_t buffers;     /* SWR_CLEAR_* */
    float color[4];
    double depth;
    uint8_t stencil;
    uint8_t stencil_writemask; /* 0 is treated as 0xff */
    uint8_t colormask[SWR_MAX_RENDER_TARGETS]; /* SWR_MASK_* per target; 0 is treated as RGBA */
    bool use_rect;        /* clear only rect (a scissored clear) */
    swr_rect rect;
} swr_clear_info;

#endif /* SWR_STATE_H */
