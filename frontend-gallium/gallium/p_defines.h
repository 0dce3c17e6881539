/*
 * p_defines.h: Gallium's enums and limits (PIPE_*), with their well-known
 * names, written from ../shared/spec/gallium-docs.md (chapters Screen,
 * Resources, Context, CSO).
 *
 * Who uses it: the pipe driver (frontend-gallium/pipe/swrp_*.c) and the GL
 * front end that drives it. Names are the interface: a document, a Mesa
 * dump or an apitrace names PIPE_BLENDFACTOR_INV_SRC_ALPHA and finds the
 * same thing here. Values are Gallium's customary ones where the engine or
 * a dump reads them (blend factors, logic ops, compare functions, stencil
 * ops, primitive types, shader stages); elsewhere they are only required to
 * be distinct bits or distinct counters, and code must use the names.
 *
 * Invariants checked by tests/pipe/test_gallium_headers.c:
 * - pipe_compare_func, pipe_stencil_op, pipe_blendfactor, pipe_blend_func,
 *   pipe_logicop, PIPE_MASK_* and pipe_prim_type equal the engine's
 *   swr_func, swr_stencil_op, swr_blend_factor, swr_blend_func, swr_logicop,
 *   SWR_MASK_* and swr_topology (common/swr_state.h), so the driver copies
 *   them without translation.
 * - pipe_shader_type equals tgsi_processor (tgsi/tgsi.h).
 * - PIPE_BLENDFACTOR_INV_x == PIPE_BLENDFACTOR_x | 0x10 for each x that has
 *   an inverse, and a logic op's value is its truth table: bit (s << 1 | d)
 *   of PIPE_LOGICOP_x is the result for source bit s and destination bit d.
 * - every PIPE_* name the docs define exists here (the test reads the docs).
 *
 * The TGSI enums (processors, files, opcodes, semantics, texture targets)
 * live in tgsi/tgsi.h and are not repeated here.
 */
#ifndef SWR_P_DEFINES_H
#define SWR_P_DEFINES_H

/* ==== limits (swr's choices; each fits the engine's SWR_MAX_*) ========== */

#define PIPE_MAX_COLOR_BUFS                          8 /* render targets (SWR_MAX_RENDER_TARGETS) */
#define PIPE_MAX_ATTRIBS                             32 /* vertex elements = VS inputs (SWR_MAX_VERTEX_ELEMENTS) */
#define PIPE_MAX_VERTEX_BUFFERS                      16 /* the engine takes 32; 16 is what GL needs */
#define PIPE_MAX_SAMPLERS                            32 /* sampler CSOs per stage (swrp_sampler.h) */
#define PIPE_MAX_SHADER_SAMPLER_VIEWS                32 /* sampler views per stage (swrp_sampler.h) */
#define PIPE_MAX_CONSTANT_BUFFERS                    16 /* per stage (SWR_MAX_CONST_BUFFERS) */
#define PIPE_MAX_VIEWPORTS                           16 /* viewports and scissors (SWR_MAX_VIEWPORTS) */
#define PIPE_MAX_CLIP_PLANES                         8 /* user planes or clip distances (SWR_MAX_CLIP_DISTANCES) */
#define PIPE_MAX_CLIP_OR_CULL_DISTANCE_COUNT         8
#define PIPE_MAX_CLIP_OR_CULL_DISTANCE_ELEMENT_COUNT 2  /* vec4 outputs holding them */
#define PIPE_MAX_SHADER_INPUTS                       32 /* SWR_MAX_ATTRIBS */
#define PIPE_MAX_SHADER_OUTPUTS                      32 /* SWR_MAX_ATTRIBS */
#define PIPE_MAX_TEXTURE_LEVELS                      16 /* 2^15 = 32768 texels on the base level */
#define PIPE_MAX_SO_BUFFERS                          4  /* stream output buffers */
#define PIPE_MAX_SO_OUTPUTS                          64 /* stream output components written */
#define PIPE_MAX_STENCIL_REFS                        2  /* front, back */

/* fence_finish's timeout (nanoseconds) meaning "wait as long as it takes". */
#define PIPE_TIMEOUT_INFINITE 0xffffffffffffffffull

/* ==== textures and sampling (used by swrp_sampler.c) ===================== */

enum pipe_texture_target {
    PIPE_BUFFER,
    PIPE_TEXTURE_1D,
    PIPE_TEXTURE_2D,
    PIPE_TEXTURE_3D,
    PIPE_TEXTURE_CUBE,
    PIPE_TEXTURE_RECT,
    PIPE_TEXTURE_1D_ARRAY,
    PIPE_TEXTURE_2D_ARRAY,
    PIPE_TEXTURE_CUBE_ARRAY,
    PIPE_MAX_TEXTURE_TYPES,
};

/* Cube faces in layer order. */
enum pipe_tex_face {
    PIPE_TEX_FACE_POS_X,
    PIPE_TEX_FACE_NEG_X,
    PIPE_TEX_FACE_POS_Y,
    PIPE_TEX_FACE_NEG_Y,
    PIPE_TEX_FACE_POS_Z,
    PIPE_TEX_FACE_NEG_Z,
    PIPE_TEX_FACE_MAX,
};

enum pipe_tex_wrap {
    PIPE_TEX_WRAP_REPEAT,
    PIPE_TEX_WRAP_CLAMP,
    PIPE_TEX_WRAP_CLAMP_TO_EDGE,
    PIPE_TEX_WRAP_CLAMP_TO_BORDER,
    PIPE_TEX_WRAP_MIRROR_REPEAT,
    PIPE_TEX_WRAP_MIRROR_CLAMP,
    PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE,
    PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER,
};

enum pipe_tex_filter {
    PIPE_TEX_FILTER_NEAREST,
    PIPE_TEX_FILTER_LINEAR,
};

enum pipe_tex_mipfilter {
    PIPE_TEX_MIPFILTER_NEAREST,
    PIPE_TEX_MIPFILTER_LINEAR,
    PIPE_TEX_MIPFILTER_NONE,
};

enum pipe_tex_compare {
    PIPE_TEX_COMPARE_NONE,
    PIPE_TEX_COMPARE_R_TO_TEXTURE,
};

/* Depth, stencil, alpha and shadow-compare functions: "a FUNC b" passes. */
enum pipe_compare_func {
    PIPE_FUNC_NEVER,
    PIPE_FUNC_LESS,
    PIPE_FUNC_EQUAL,
    PIPE_FUNC_LEQUAL,
    PIPE_FUNC_GREATER,
    PIPE_FUNC_NOTEQUAL,
    PIPE_FUNC_GEQUAL,
    PIPE_FUNC_ALWAYS,
};

enum pipe_swizzle {
    PIPE_SWIZZLE_X,
    PIPE_SWIZZLE_Y,
    PIPE_SWIZZLE_Z,
    PIPE_SWIZZLE_W,
    PIPE_SWIZZLE_0,
    PIPE_SWIZZLE_1,
    PIPE_SWIZZLE_NONE,
};

/* How a sampler's border colour may interact with a view's swizzle
 * (PIPE_CAP_TEXTURE_BORDER_COLOR_QUIRK). swr has neither quirk. */
#define PIPE_QUIRK_TEXTURE_BORDER_COLOR_SWIZZLE_NV50 (1u << 0)
#define PIPE_QUIRK_TEXTURE_BORDER_COLOR_SWIZZLE_R600 (1u << 1)

/* ==== blend (CSO chapter, "Blend") ======================================= */

/* Factors with an inverse come in pairs: INV_x == x | 0x10. */
enum pipe_blendfactor {
    PIPE_BLENDFACTOR_ONE = 0x01,
    PIPE_BLENDFACTOR_SRC_COLOR = 0x02,
    PIPE_BLENDFACTOR_SRC_ALPHA = 0x03,
    PIPE_BLENDFACTOR_DST_ALPHA = 0x04,
    PIPE_BLENDFACTOR_DST_COLOR = 0x05,
    PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE = 0x06, /* min(As, 1 - Ad); 1 for alpha */
    PIPE_BLENDFACTOR_CONST_COLOR = 0x07,        /* set_blend_color */
    PIPE_BLENDFACTOR_CONST_ALPHA = 0x08,
    PIPE_BLENDFACTOR_SRC1_COLOR = 0x09, /* second (dual-source) colour output */
    PIPE_BLENDFACTOR_SRC1_ALPHA = 0x0a,
    PIPE_BLENDFACTOR_ZERO = 0x11, /* the inverse of ONE */
    PIPE_BLENDFACTOR_INV_SRC_COLOR = 0x12,
    PIPE_BLENDFACTOR_INV_SRC_ALPHA = 0x13,
    PIPE_BLENDFACTOR_INV_DST_ALPHA = 0x14,
    PIPE_BLENDFACTOR_INV_DST_COLOR = 0x15,
    PIPE_BLENDFACTOR_INV_CONST_COLOR = 0x17,
    PIPE_BLENDFACTOR_INV_CONST_ALPHA = 0x18,
    PIPE_BLENDFACTOR_INV_SRC1_COLOR = 0x19,
    PIPE_BLENDFACTOR_INV_SRC1_ALPHA = 0x1a,
};

/* Blend equations: ADD is src*sf + dst*df; MIN and MAX ignore the factors. */
enum pipe_blend_func {
    PIPE_BLEND_ADD,
    PIPE_BLEND_SUBTRACT,         /* src*sf - dst*df */
    PIPE_BLEND_REVERSE_SUBTRACT, /* dst*df - src*sf */
    PIPE_BLEND_MIN,
    PIPE_BLEND_MAX,
};

/* Logic ops, per bit of source s and destination d (GL's set and names).
 * The value is the truth table: bit (s << 1 | d) holds the result. */
enum pipe_logicop {
    PIPE_LOGICOP_CLEAR,         /* 0 */
    PIPE_LOGICOP_NOR,           /* ~(s | d) */
    PIPE_LOGICOP_AND_INVERTED,  /* ~s & d */
    PIPE_LOGICOP_COPY_INVERTED, /* ~s */
    PIPE_LOGICOP_AND_REVERSE,   /* s & ~d */
    PIPE_LOGICOP_INVERT,        /* ~d */
    PIPE_LOGICOP_XOR,           /* s ^ d */
    PIPE_LOGICOP_NAND,          /* ~(s & d) */
    PIPE_LOGICOP_AND,           /* s & d */
    PIPE_LOGICOP_EQUIV,         /* ~(s ^ d) */
    PIPE_LOGICOP_NOOP,          /* d */
    PIPE_LOGICOP_OR_INVERTED,   /* ~s | d */
    PIPE_LOGICOP_COPY,          /* s */
    PIPE_LOGICOP_OR_REVERSE,    /* s | ~d */
    PIPE_LOGICOP_OR,            /* s | d */
    PIPE_LOGICOP_SET,           /* 1 */
};

/* Channel masks: pipe_rt_blend_state::colormask, pipe_blit_info::mask. */
#define PIPE_MASK_R      0x1u
#define PIPE_MASK_G      0x2u
#define PIPE_MASK_B      0x4u
#define PIPE_MASK_A      0x8u
#define PIPE_MASK_RGBA   0xfu
#define PIPE_MASK_Z      0x10u
#define PIPE_MASK_S      0x20u
#define PIPE_MASK_ZS     0x30u
#define PIPE_MASK_RGBAZS (PIPE_MASK_RGBA | PIPE_MASK_ZS)

/* ==== depth, stencil, alpha ============================================== */

enum pipe_stencil_op {
    PIPE_STENCIL_OP_KEEP,
    PIPE_STENCIL_OP_ZERO,
    PIPE_STENCIL_OP_REPLACE, /* the reference value */
    PIPE_STENCIL_OP_INCR,    /* saturating at 2^bits - 1 */
    PIPE_STENCIL_OP_DECR,    /* saturating at 0 */
    PIPE_STENCIL_OP_INCR_WRAP,
    PIPE_STENCIL_OP_DECR_WRAP,
    PIPE_STENCIL_OP_INVERT, /* bitwise not */
};

/* ==== rasterizer ========================================================= */

/* Faces, as culled by pipe_rasterizer_state::cull_face (a bit set). */
#define PIPE_FACE_NONE           0
#define PIPE_FACE_FRONT          1
#define PIPE_FACE_BACK           2
#define PIPE_FACE_FRONT_AND_BACK (PIPE_FACE_FRONT | PIPE_FACE_BACK)

/* pipe_rasterizer_state::fill_front / fill_back. */
#define PIPE_POLYGON_MODE_FILL           0
#define PIPE_POLYGON_MODE_LINE           1
#define PIPE_POLYGON_MODE_POINT          2
#define PIPE_POLYGON_MODE_FILL_RECTANGLE 3 /* NV_fill_rectangle; swr: unsupported */

/* pipe_rasterizer_state::sprite_coord_mode: where (s, t) = (0, 0) lies. */
#define PIPE_SPRITE_COORD_UPPER_LEFT 0
#define PIPE_SPRITE_COORD_LOWER_LEFT 1

enum pipe_conservative_raster_mode {
    PIPE_CONSERVATIVE_RASTER_OFF,
    PIPE_CONSERVATIVE_RASTER_POST_SNAP, /* after snapping to the subpixel grid */
    PIPE_CONSERVATIVE_RASTER_PRE_SNAP,  /* before snapping */
};

/* ==== primitives and shader stages ======================================= */

/* pipe_draw_info::mode. The order is the engine's swr_topology. The docs'
 * flatshade_first section calls some of these PIPE_PRIMITIVE_*. */
enum pipe_prim_type {
    PIPE_PRIM_POINTS,
    PIPE_PRIM_LINES,
    PIPE_PRIM_LINE_LOOP,
    PIPE_PRIM_LINE_STRIP,
    PIPE_PRIM_TRIANGLES,
    PIPE_PRIM_TRIANGLE_STRIP,
    PIPE_PRIM_TRIANGLE_FAN,
    PIPE_PRIM_QUADS,
    PIPE_PRIM_QUAD_STRIP,
    PIPE_PRIM_POLYGON,
    PIPE_PRIM_LINES_ADJACENCY,
    PIPE_PRIM_LINE_STRIP_ADJACENCY,
    PIPE_PRIM_TRIANGLES_ADJACENCY,
    PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY,
    PIPE_PRIM_PATCHES, /* tessellation; swr: unsupported */
    PIPE_PRIM_MAX,
};

/* Shader stages, in the order of tgsi_processor. */
enum pipe_shader_type {
    PIPE_SHADER_VERTEX,
    PIPE_SHADER_FRAGMENT,
    PIPE_SHADER_GEOMETRY,
    PIPE_SHADER_TESS_CTRL,
    PIPE_SHADER_TESS_EVAL,
    PIPE_SHADER_COMPUTE,
    PIPE_SHADER_TYPES,
};

/* Program representations (PIPE_SHADER_CAP_PREFERRED_IR / SUPPORTED_IRS,
 * the latter a mask of 1 << value). swr takes TGSI, as text. */
enum pipe_shader_ir {
    PIPE_SHADER_IR_TGSI,
    PIPE_SHADER_IR_NATIVE,
    PIPE_SHADER_IR_NIR,
    PIPE_SHADER_IR_NIR_SERIALIZED,
};

/* ==== resources ========================================================== */

/* How a resource will be used; given at creation, cumulative (Screen
 * chapter, PIPE_BIND_*). */
#define PIPE_BIND_DEPTH_STENCIL       (1u << 0) /* pipe_framebuffer_state::zsbuf */
#define PIPE_BIND_RENDER_TARGET       (1u << 1) /* pipe_framebuffer_state::cbufs */
#define PIPE_BIND_BLENDABLE           (1u << 2) /* with RENDER_TARGET: blending works */
#define PIPE_BIND_SAMPLER_VIEW        (1u << 3) /* sampled by shaders */
#define PIPE_BIND_VERTEX_BUFFER       (1u << 4)
#define PIPE_BIND_INDEX_BUFFER        (1u << 5)
#define PIPE_BIND_CONSTANT_BUFFER     (1u << 6)
#define PIPE_BIND_DISPLAY_TARGET      (1u << 7) /* may go to flush_frontbuffer */
#define PIPE_BIND_STREAM_OUTPUT       (1u << 8)
#define PIPE_BIND_CURSOR              (1u << 9)
#define PIPE_BIND_CUSTOM              (1u << 10)
#define PIPE_BIND_GLOBAL              (1u << 11) /* compute global address space */
#define PIPE_BIND_SHADER_BUFFER       (1u << 12) /* formatless load/store/atomics */
#define PIPE_BIND_SHADER_IMAGE        (1u << 13) /* formatted load/store/atomics */
#define PIPE_BIND_COMPUTE_RESOURCE    (1u << 14)
#define PIPE_BIND_COMMAND_ARGS_BUFFER (1u << 15) /* indirect draw arguments */
#define PIPE_BIND_QUERY_BUFFER        (1u << 16)
#define PIPE_BIND_SCANOUT             (1u << 17) /* front buffer / scanout */
#define PIPE_BIND_SHARED              (1u << 18) /* shareable with another process */
#define PIPE_BIND_LINEAR              (1u << 19) /* no tiling */

/* pipe_resource::flags. */
#define PIPE_RESOURCE_FLAG_MAP_PERSISTENT        (1u << 0) /* may be mapped PIPE_MAP_PERSISTENT */
#define PIPE_RESOURCE_FLAG_MAP_COHERENT          (1u << 1) /* may be mapped PIPE_MAP_COHERENT */
#define PIPE_RESOURCE_FLAG_TEXTURING_MORE_LIKELY (1u << 2)
#define PIPE_RESOURCE_FLAG_SPARSE                (1u << 3)  /* committed with resource_commit */
#define PIPE_RESOURCE_FLAG_DRV_PRIV              (1u << 8)  /* first bit the driver may use */
#define PIPE_RESOURCE_FLAG_ST_PRIV               (1u << 24) /* first bit the front end may use */

/* pipe_resource::usage: a hint only; CPU access always works. */
enum pipe_resource_usage {
    PIPE_USAGE_DEFAULT,   /* fast GPU access */
    PIPE_USAGE_IMMUTABLE, /* never changed after the first upload */
    PIPE_USAGE_DYNAMIC,   /* frequent CPU writes, each used several times */
    PIPE_USAGE_STREAM,    /* frequent CPU writes, each used once */
    PIPE_USAGE_STAGING,   /* fast CPU access */
};

/* ==== transfers (buffer_map / texture_map usage) ========================= */

/* The docs call these PIPE_TRANSFER_*; Mesa renamed them PIPE_MAP_*. Both
 * spellings are provided (the aliases below). */
enum pipe_map_flags {
    PIPE_MAP_READ = 1u << 0,  /* contents read back at map time */
    PIPE_MAP_WRITE = 1u << 1, /* contents written back by unmap */
    PIPE_MAP_READ_WRITE = PIPE_MAP_READ | PIPE_MAP_WRITE,
    PIPE_MAP_DIRECTLY = 1u << 2, /* map the storage itself or fail */
    PIPE_MAP_DISCARD_RANGE =
        1u << 8,                  /* the mapped range's old contents are dropped; not with READ */
    PIPE_MAP_DONTBLOCK = 1u << 9, /* fail rather than wait for the GPU */
    PIPE_MAP_UNSYNCHRONIZED = 1u << 10, /* do not wait for pending work on it; not with READ */
    PIPE_MAP_FLUSH_EXPLICIT =
        1u << 11, /* writes announced with transfer_flush_region; not with READ */
    PIPE_MAP_DISCARD_WHOLE_RESOURCE = 1u << 12, /* the whole resource's contents are dropped */
    PIPE_MAP_PERSISTENT = 1u << 13,             /* may stay mapped while the GPU uses it */
    PIPE_MAP_COHERENT = 1u << 14,               /* with PERSISTENT: no barrier needed either way */
};

#define PIPE_TRANSFER_READ                   PIPE_MAP_READ
#define PIPE_TRANSFER_WRITE                  PIPE_MAP_WRITE
#define PIPE_TRANSFER_READ_WRITE             PIPE_MAP_READ_WRITE
#define PIPE_TRANSFER_MAP_DIRECTLY           PIPE_MAP_DIRECTLY
#define PIPE_TRANSFER_DISCARD_RANGE          PIPE_MAP_DISCARD_RANGE
#define PIPE_TRANSFER_DONTBLOCK              PIPE_MAP_DONTBLOCK
#define PIPE_TRANSFER_UNSYNCHRONIZED         PIPE_MAP_UNSYNCHRONIZED
#define PIPE_TRANSFER_FLUSH_EXPLICIT         PIPE_MAP_FLUSH_EXPLICIT
#define PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE PIPE_MAP_DISCARD_WHOLE_RESOURCE
#define PIPE_TRANSFER_PERSISTENT             PIPE_MAP_PERSISTENT
#define PIPE_TRANSFER_COHERENT               PIPE_MAP_COHERENT

/* ==== context operations ================================================= */

/* pipe_context::clear buffers, and clear_depth_stencil's clear_flags. */
#define PIPE_CLEAR_DEPTH        (1u << 0)
#define PIPE_CLEAR_STENCIL      (1u << 1)
#define PIPE_CLEAR_COLOR0       (1u << 2)
#define PIPE_CLEAR_COLOR1       (1u << 3)
#define PIPE_CLEAR_COLOR2       (1u << 4)
#define PIPE_CLEAR_COLOR3       (1u << 5)
#define PIPE_CLEAR_COLOR4       (1u << 6)
#define PIPE_CLEAR_COLOR5       (1u << 7)
#define PIPE_CLEAR_COLOR6       (1u << 8)
#define PIPE_CLEAR_COLOR7       (1u << 9)
#define PIPE_CLEAR_COLOR        (0xffu << 2) /* all PIPE_MAX_COLOR_BUFS colour buffers */
#define PIPE_CLEAR_DEPTHSTENCIL (PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL)

/* pipe_context::flush flags. */
#define PIPE_FLUSH_END_OF_FRAME   (1u << 0) /* marks the end of a frame */
#define PIPE_FLUSH_DEFERRED       (1u << 1) /* no need to flush now, but return a valid fence */
#define PIPE_FLUSH_FENCE_FD       (1u << 2)
#define PIPE_FLUSH_ASYNC          (1u << 3) /* later work of other contexts may overtake it */
#define PIPE_FLUSH_HINT_FINISH    (1u << 4) /* the caller will wait for the fence at once */
#define PIPE_FLUSH_TOP_OF_PIPE    (1u << 5) /* with DEFERRED: signal when the next command starts */
#define PIPE_FLUSH_BOTTOM_OF_PIPE (1u << 6) /* with DEFERRED: signal when the last command ends */

/* pipe_context::memory_barrier flags: what later work must see. */
#define PIPE_BARRIER_MAPPED_BUFFER    (1u << 0) /* CPU writes to persistent, non-coherent maps */
#define PIPE_BARRIER_SHADER_BUFFER    (1u << 1)
#define PIPE_BARRIER_QUERY_BUFFER     (1u << 2)
#define PIPE_BARRIER_VERTEX_BUFFER    (1u << 3)
#define PIPE_BARRIER_INDEX_BUFFER     (1u << 4)
#define PIPE_BARRIER_CONSTANT_BUFFER  (1u << 5)
#define PIPE_BARRIER_INDIRECT_BUFFER  (1u << 6)
#define PIPE_BARRIER_TEXTURE          (1u << 7)
#define PIPE_BARRIER_IMAGE            (1u << 8)
#define PIPE_BARRIER_FRAMEBUFFER      (1u << 9)
#define PIPE_BARRIER_STREAMOUT_BUFFER (1u << 10)
#define PIPE_BARRIER_GLOBAL_BUFFER    (1u << 11)
#define PIPE_BARRIER_ALL              ((1u << 12) - 1)

/* pipe_context::texture_barrier flags. */
#define PIPE_TEXTURE_BARRIER_SAMPLER     (1u << 0) /* rendered texels become sampleable */
#define PIPE_TEXTURE_BARRIER_FRAMEBUFFER (1u << 1) /* for framebuffer fetch */

/* pipe_screen::context_create flags. */
#define PIPE_CONTEXT_DEBUG                (1u << 0)
#define PIPE_CONTEXT_ROBUST_BUFFER_ACCESS (1u << 1) /* bounds-checked shader accesses */
#define PIPE_CONTEXT_COMPUTE_ONLY         (1u << 2) /* when PIPE_CAP_GRAPHICS is 0 */
#define PIPE_CONTEXT_PRIORITY_LOW         (1u << 3) /* PIPE_CAP_CONTEXT_PRIORITY_MASK bits */
#define PIPE_CONTEXT_PRIORITY_MEDIUM      (1u << 4)
#define PIPE_CONTEXT_PRIORITY_HIGH        (1u << 5)

/* pipe_context::get_device_reset_status results. */
enum pipe_reset_status {
    PIPE_NO_RESET,
    PIPE_GUILTY_CONTEXT_RESET,
    PIPE_INNOCENT_CONTEXT_RESET,
    PIPE_UNKNOWN_CONTEXT_RESET,
};

/* ==== queries and conditional rendering ================================== */

/* create_query types; the result's shape is in pipe_query_result. */
enum pipe_query_type {
    PIPE_QUERY_OCCLUSION_COUNTER,                /* u64: samples that passed every test */
    PIPE_QUERY_OCCLUSION_PREDICATE,              /* b: COUNTER != 0 */
    PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE, /* b: may also say true otherwise */
    PIPE_QUERY_TIMESTAMP,                        /* u64 ns; needs no begin_query */
    PIPE_QUERY_TIMESTAMP_DISJOINT,               /* timestamp_disjoint */
    PIPE_QUERY_TIME_ELAPSED,                     /* u64 ns */
    PIPE_QUERY_PRIMITIVES_GENERATED,             /* u64; index = vertex stream */
    PIPE_QUERY_PRIMITIVES_EMITTED,               /* u64; index = vertex stream */
    PIPE_QUERY_SO_STATISTICS,                    /* so_statistics */
    PIPE_QUERY_SO_OVERFLOW_PREDICATE,            /* b; index = stream */
    PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE,        /* b */
    PIPE_QUERY_GPU_FINISHED,                     /* b; needs no begin_query */
    PIPE_QUERY_PIPELINE_STATISTICS,              /* pipeline_statistics */
    PIPE_QUERY_PIPELINE_STATISTICS_SINGLE,       /* u64; index = pipe_statistics_query_index */
    PIPE_QUERY_TYPES,
    PIPE_QUERY_DRIVER_SPECIFIC = 256, /* first driver-defined type */
};

/* The counters of PIPE_QUERY_PIPELINE_STATISTICS, in the docs' order, which
 * is also the field order of pipe_query_data_pipeline_statistics. */
enum pipe_statistics_query_index {
    PIPE_STAT_QUERY_IA_VERTICES,   /* vertices read from vertex buffers */
    PIPE_STAT_QUERY_IA_PRIMITIVES, /* primitives read from vertex buffers */
    PIPE_STAT_QUERY_VS_INVOCATIONS,
    PIPE_STAT_QUERY_GS_INVOCATIONS,
    PIPE_STAT_QUERY_GS_PRIMITIVES,
    PIPE_STAT_QUERY_C_INVOCATIONS, /* primitives forwarded to the rasterizer */
    PIPE_STAT_QUERY_C_PRIMITIVES,  /* primitives rasterized */
    PIPE_STAT_QUERY_PS_INVOCATIONS,
    PIPE_STAT_QUERY_HS_INVOCATIONS,
    PIPE_STAT_QUERY_DS_INVOCATIONS,
    PIPE_STAT_QUERY_CS_INVOCATIONS,
    PIPE_STAT_QUERY_COUNT,
};

/* render_condition modes. */
enum pipe_render_cond_flag {
    PIPE_RENDER_COND_WAIT,           /* wait for the query's result */
    PIPE_RENDER_COND_NO_WAIT,        /* draw if the result is not ready */
    PIPE_RENDER_COND_BY_REGION_WAIT, /* as WAIT; occluded regions may be skipped */
    PIPE_RENDER_COND_BY_REGION_NO_WAIT,
};

/* ==== screen capabilities ================================================ */

/* PIPE_CAP_ENDIANNESS results. */
enum pipe_endian {
    PIPE_ENDIAN_LITTLE,
    PIPE_ENDIAN_BIG,
};

/* Integer and boolean capabilities (pipe_screen::get_param), in the order
 * of the docs' Screen chapter; the last three are named in its Resources
 * chapter. The list is an X-macro so that tools and tests can name them. */
/* clang-format off */
#define PIPE_CAPS(X)                                                                               \
    X(GRAPHICS) X(NPOT_TEXTURES) X(MAX_DUAL_SOURCE_RENDER_TARGETS) X(ANISOTROPIC_FILTER)          \
    X(POINT_SPRITE) X(MAX_RENDER_TARGETS) X(OCCLUSION_QUERY) X(QUERY_TIME_ELAPSED)                \
    X(TEXTURE_SHADOW_MAP) X(TEXTURE_SWIZZLE) X(MAX_TEXTURE_2D_SIZE) X(MAX_TEXTURE_3D_LEVELS)      \
    X(MAX_TEXTURE_CUBE_LEVELS) X(TEXTURE_MIRROR_CLAMP_TO_EDGE) X(TEXTURE_MIRROR_CLAMP)            \
    X(BLEND_EQUATION_SEPARATE) X(MAX_STREAM_OUTPUT_BUFFERS) X(PRIMITIVE_RESTART)                  \
    X(INDEP_BLEND_ENABLE) X(INDEP_BLEND_FUNC) X(MAX_TEXTURE_ARRAY_LAYERS)                         \
    X(TGSI_FS_COORD_ORIGIN_UPPER_LEFT) X(TGSI_FS_COORD_ORIGIN_LOWER_LEFT)                         \
    X(TGSI_FS_COORD_PIXEL_CENTER_HALF_INTEGER) X(TGSI_FS_COORD_PIXEL_CENTER_INTEGER)              \
    X(DEPTH_CLIP_DISABLE) X(DEPTH_CLIP_DISABLE_SEPARATE) X(SHADER_STENCIL_EXPORT)                 \
    X(TGSI_INSTANCEID) X(VERTEX_ELEMENT_INSTANCE_DIVISOR) X(FRAGMENT_COLOR_CLAMPED)               \
    X(MIXED_COLORBUFFER_FORMATS) X(VERTEX_COLOR_UNCLAMPED) X(VERTEX_COLOR_CLAMPED)                \
    X(GLSL_FEATURE_LEVEL) X(GLSL_FEATURE_LEVEL_COMPATIBILITY) X(ESSL_FEATURE_LEVEL)               \
    X(QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION) X(USER_VERTEX_BUFFERS)                            \
    X(VERTEX_BUFFER_OFFSET_4BYTE_ALIGNED_ONLY) X(VERTEX_BUFFER_STRIDE_4BYTE_ALIGNED_ONLY)         \
    X(VERTEX_ELEMENT_SRC_OFFSET_4BYTE_ALIGNED_ONLY) X(COMPUTE)                                    \
    X(CONSTANT_BUFFER_OFFSET_ALIGNMENT) X(START_INSTANCE) X(QUERY_TIMESTAMP)                      \
    X(TEXTURE_MULTISAMPLE) X(MIN_MAP_BUFFER_ALIGNMENT) X(TEXTURE_BUFFER_OFFSET_ALIGNMENT)         \
    X(BUFFER_SAMPLER_VIEW_RGBA_ONLY) X(TGSI_TEXCOORD) X(PREFER_BLIT_BASED_TEXTURE_TRANSFER)       \
    X(QUERY_PIPELINE_STATISTICS) X(TEXTURE_BORDER_COLOR_QUIRK) X(MAX_TEXTURE_BUFFER_SIZE)         \
    X(MAX_VIEWPORTS) X(ENDIANNESS) X(MIXED_FRAMEBUFFER_SIZES) X(TGSI_VS_LAYER_VIEWPORT)           \
    X(MAX_GEOMETRY_OUTPUT_VERTICES) X(MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS)                       \
    X(MAX_TEXTURE_GATHER_COMPONENTS) X(TEXTURE_GATHER_SM5) X(BUFFER_MAP_PERSISTENT_COHERENT)      \
    X(TEXTURE_QUERY_LOD) X(MIN_TEXTURE_GATHER_OFFSET) X(MAX_TEXTURE_GATHER_OFFSET)                \
    X(SAMPLE_SHADING) X(TEXTURE_GATHER_OFFSETS) X(TGSI_VS_WINDOW_SPACE_POSITION)                  \
    X(MAX_VERTEX_STREAMS) X(DRAW_INDIRECT) X(MULTI_DRAW_INDIRECT)                                 \
    X(MULTI_DRAW_INDIRECT_PARAMS) X(TGSI_FS_FINE_DERIVATIVE) X(VENDOR_ID) X(DEVICE_ID)            \
    X(ACCELERATED) X(VIDEO_MEMORY) X(UMA) X(CONDITIONAL_RENDER_INVERTED)                          \
    X(MAX_VERTEX_ATTRIB_STRIDE) X(SAMPLER_VIEW_TARGET) X(CLIP_HALFZ) X(VERTEXID_NOBASE)           \
    X(POLYGON_OFFSET_CLAMP) X(MULTISAMPLE_Z_RESOLVE) X(RESOURCE_FROM_USER_MEMORY)                 \
    X(DEVICE_RESET_STATUS_QUERY) X(MAX_SHADER_PATCH_VARYINGS) X(TEXTURE_FLOAT_LINEAR)             \
    X(TEXTURE_HALF_FLOAT_LINEAR) X(DEPTH_BOUNDS_TEST) X(TGSI_TXQS) X(FORCE_PERSAMPLE_INTERP)      \
    X(SHAREABLE_SHADERS) X(COPY_BETWEEN_COMPRESSED_AND_PLAIN_FORMATS) X(CLEAR_TEXTURE)            \
    X(DRAW_PARAMETERS) X(TGSI_PACK_HALF_FLOAT) X(TGSI_FS_POSITION_IS_SYSVAL)                      \
    X(TGSI_FS_POINT_IS_SYSVAL) X(TGSI_FS_FACE_IS_INTEGER_SYSVAL)                                  \
    X(SHADER_BUFFER_OFFSET_ALIGNMENT) X(INVALIDATE_BUFFER) X(GENERATE_MIPMAP) X(STRING_MARKER)    \
    X(SURFACE_REINTERPRET_BLOCKS) X(QUERY_BUFFER_OBJECT) X(PCI_GROUP) X(PCI_BUS) X(PCI_DEVICE)    \
    X(PCI_FUNCTION) X(FRAMEBUFFER_NO_ATTACHMENT) X(ROBUST_BUFFER_ACCESS_BEHAVIOR)                 \
    X(CULL_DISTANCE) X(PRIMITIVE_RESTART_FOR_PATCHES) X(TGSI_VOTE) X(MAX_WINDOW_RECTANGLES)       \
    X(POLYGON_OFFSET_UNITS_UNSCALED) X(VIEWPORT_SUBPIXEL_BITS) X(RASTERIZER_SUBPIXEL_BITS)        \
    X(MIXED_COLOR_DEPTH_BITS) X(TGSI_ARRAY_COMPONENTS) X(STREAM_OUTPUT_INTERLEAVE_BUFFERS)        \
    X(TGSI_CAN_READ_OUTPUTS) X(GLSL_OPTIMIZE_CONSERVATIVELY) X(FBFETCH) X(FBFETCH_COHERENT)       \
    X(TGSI_MUL_ZERO_WINS) X(DOUBLES) X(INT64) X(INT64_DIVMOD) X(TGSI_TEX_TXF_LZ) X(TGSI_CLOCK)    \
    X(POLYGON_MODE_FILL_RECTANGLE) X(SPARSE_BUFFER_PAGE_SIZE) X(TGSI_BALLOT)                      \
    X(TGSI_TES_LAYER_VIEWPORT) X(CAN_BIND_CONST_BUFFER_AS_VERTEX)                                 \
    X(ALLOW_MAPPED_BUFFERS_DURING_EXECUTION) X(POST_DEPTH_COVERAGE) X(BINDLESS_TEXTURE)           \
    X(NIR_SAMPLERS_AS_DEREF) X(QUERY_SO_OVERFLOW) X(MEMOBJ) X(LOAD_CONSTBUF)                      \
    X(TGSI_ANY_REG_AS_ADDRESS) X(TILE_RASTER_ORDER) X(MAX_COMBINED_SHADER_OUTPUT_RESOURCES)       \
    X(FRAMEBUFFER_MSAA_CONSTRAINTS) X(SIGNED_VERTEX_BUFFER_OFFSET) X(CONTEXT_PRIORITY_MASK)       \
    X(FENCE_SIGNAL) X(CONSTBUF0_FLAGS) X(PACKED_UNIFORMS)                                         \
    X(CONSERVATIVE_RASTER_POST_SNAP_TRIANGLES) X(CONSERVATIVE_RASTER_POST_SNAP_POINTS_LINES)      \
    X(CONSERVATIVE_RASTER_PRE_SNAP_TRIANGLES) X(CONSERVATIVE_RASTER_PRE_SNAP_POINTS_LINES)        \
    X(CONSERVATIVE_RASTER_POST_DEPTH_COVERAGE) X(CONSERVATIVE_RASTER_INNER_COVERAGE)              \
    X(MAX_CONSERVATIVE_RASTER_SUBPIXEL_PRECISION_BIAS) X(PROGRAMMABLE_SAMPLE_LOCATIONS)           \
    X(MAX_GS_INVOCATIONS) X(MAX_SHADER_BUFFER_SIZE) X(MAX_COMBINED_SHADER_BUFFERS)                \
    X(MAX_COMBINED_HW_ATOMIC_COUNTERS) X(MAX_COMBINED_HW_ATOMIC_COUNTER_BUFFERS)                  \
    X(MAX_TEXTURE_UPLOAD_MEMORY_BUDGET) X(MAX_VERTEX_ELEMENT_SRC_OFFSET)                          \
    X(SURFACE_SAMPLE_COUNT) X(TGSI_ATOMFADD) X(RGB_OVERRIDE_DST_ALPHA_BLEND)                      \
    X(GLSL_TESS_LEVELS_AS_INPUTS) X(DEST_SURFACE_SRGB_CONTROL) X(NIR_COMPACT_ARRAYS)              \
    X(MAX_VARYINGS) X(COMPUTE_GRID_INFO_LAST_BLOCK) X(COMPUTE_SHADER_DERIVATIVE)                  \
    X(TGSI_SKIP_SHRINK_IO_ARRAYS) X(IMAGE_LOAD_FORMATTED) X(THROTTLE) X(DMABUF)                   \
    X(PREFER_COMPUTE_FOR_MULTIMEDIA) X(FRAGMENT_SHADER_INTERLOCK)                                 \
    X(CS_DERIVED_SYSTEM_VALUES_SUPPORTED) X(ATOMIC_FLOAT_MINMAX) X(TGSI_DIV)                      \
    X(FRAGMENT_SHADER_TEXTURE_LOD) X(FRAGMENT_SHADER_DERIVATIVES) X(VERTEX_SHADER_SATURATE)       \
    X(TEXTURE_SHADOW_LOD) X(SHADER_SAMPLES_IDENTICAL) X(TGSI_ATOMINC_WRAP)                        \
    X(PREFER_IMM_ARRAYS_AS_CONSTBUF) X(GL_SPIRV) X(GL_SPIRV_VARIABLE_POINTERS)                    \
    X(DEMOTE_TO_HELPER_INVOCATION) X(TGSI_TG4_COMPONENT_IN_SWIZZLE) X(FLATSHADE) X(ALPHA_TEST)    \
    X(POINT_SIZE_FIXED) X(TWO_SIDED_COLOR) X(CLIP_PLANES) X(MAX_VERTEX_BUFFERS)                   \
    X(OPENCL_INTEGER_FUNCTIONS) X(INTEGER_MULTIPLY_32X16) X(NIR_IMAGES_AS_DEREF)                  \
    X(TEXTURE_BUFFER_OBJECTS) X(CUBE_MAP_ARRAY) X(SEAMLESS_CUBE_MAP)
/* clang-format on */

enum pipe_cap {
#define PIPE_CAP_ENUM(name) PIPE_CAP_##name,
    PIPE_CAPS(PIPE_CAP_ENUM)
#undef PIPE_CAP_ENUM
        PIPE_CAP_COUNT
};

/* Floating-point capabilities (pipe_screen::get_paramf). */
enum pipe_capf {
    PIPE_CAPF_MAX_LINE_WIDTH,
    PIPE_CAPF_MAX_LINE_WIDTH_AA,
    PIPE_CAPF_MAX_POINT_WIDTH,
    PIPE_CAPF_MAX_POINT_WIDTH_AA,
    PIPE_CAPF_MAX_TEXTURE_ANISOTROPY,
    PIPE_CAPF_MAX_TEXTURE_LOD_BIAS,
    PIPE_CAPF_MIN_CONSERVATIVE_RASTER_DILATE,
    PIPE_CAPF_MAX_CONSERVATIVE_RASTER_DILATE,
    PIPE_CAPF_CONSERVATIVE_RASTER_DILATE_GRANULARITY,
    PIPE_CAPF_COUNT
};

/* Per-stage capabilities (pipe_screen::get_shader_param), docs' order. */
/* clang-format off */
#define PIPE_SHADER_CAPS(X)                                                                        \
    X(MAX_INSTRUCTIONS) X(MAX_ALU_INSTRUCTIONS) X(MAX_TEX_INSTRUCTIONS) X(MAX_TEX_INDIRECTIONS)    \
    X(MAX_CONTROL_FLOW_DEPTH) X(MAX_INPUTS) X(MAX_OUTPUTS) X(MAX_CONST_BUFFER_SIZE)                \
    X(MAX_CONST_BUFFERS) X(MAX_TEMPS) X(TGSI_CONT_SUPPORTED) X(INDIRECT_INPUT_ADDR)                \
    X(INDIRECT_OUTPUT_ADDR) X(INDIRECT_TEMP_ADDR) X(INDIRECT_CONST_ADDR) X(SUBROUTINES)            \
    X(INTEGERS) X(INT64_ATOMICS) X(FP16) X(MAX_TEXTURE_SAMPLERS) X(PREFERRED_IR)                   \
    X(MAX_SAMPLER_VIEWS) X(TGSI_DROUND_SUPPORTED) X(TGSI_DFRACEXP_DLDEXP_SUPPORTED)                \
    X(TGSI_LDEXP_SUPPORTED) X(TGSI_FMA_SUPPORTED) X(TGSI_ANY_INOUT_DECL_RANGE)                     \
    X(MAX_UNROLL_ITERATIONS_HINT) X(MAX_SHADER_BUFFERS) X(SUPPORTED_IRS) X(MAX_SHADER_IMAGES)      \
    X(LOWER_IF_THRESHOLD) X(TGSI_SKIP_MERGE_REGISTERS) X(MAX_HW_ATOMIC_COUNTERS)                   \
    X(MAX_HW_ATOMIC_COUNTER_BUFFERS)
/* clang-format on */

enum pipe_shader_cap {
#define PIPE_SHADER_CAP_ENUM(name) PIPE_SHADER_CAP_##name,
    PIPE_SHADER_CAPS(PIPE_SHADER_CAP_ENUM)
#undef PIPE_SHADER_CAP_ENUM
        PIPE_SHADER_CAP_COUNT
};

#endif /* SWR_P_DEFINES_H */
