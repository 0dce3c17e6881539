/*
 * shader_abi.h: the calling convention between the engine and shaders.
 *
 * Every executor (C test shaders, the TGSI interpreter, the LLVM JIT) is a
 * function with one of the signatures below. A shader runs 8 lanes at once;
 * all data is structure-of-arrays: attribute a, component c, lane l lives at
 * attr[a].v[c][l] (the type swr_simd_vec4 below is laid out exactly like
 * common/simd.h's vf8x4 but needs no intrinsics header).
 *
 * Vertex shader: 8 vertices in, 8 vertices out. Lanes not in `active_mask`
 * carry garbage inputs and their outputs are ignored; the shader may compute
 * them anyway.
 *
 * Pixel shader: 8 pixels forming two 2x2 quads side by side (a 4x2 block):
 *      lane:  0 1 | 4 5        x = block_x + (lane & 1) + ((lane >> 2) << 1)
 *             2 3 | 6 7        y = block_y + ((lane >> 1) & 1)
 * So DDX within a quad is lane(1) - lane(0) and DDY is lane(2) - lane(0)
 * (coarse), and fine derivatives use the pair the lane belongs to.
 * `exec_mask` has a bit for each live lane (covered and not killed);
 * `quad_mask` has every lane of each quad that contains a live lane: lanes
 * in quad_mask but not in exec_mask are helper lanes, which run so that
 * derivatives work but never write outputs. The shader clears bits of
 * exec_mask to kill lanes.
 *
 * Who calls: rasterizer/fe_*.c (VS) and be_*.c (PS), on worker threads, many
 * threads at once: a shader must not write anything but the OUTPUT fields of
 * its args (VS: outputs; PS: color, color1, depth, stencil, exec_mask). The
 * engine sets some input fields once per primitive and relies on the shader
 * leaving them alone. Inputs a pixel shader declares unused in its state
 * (swr_ps_state.position_unused, barycentrics_unused) hold stale values.
 */
#ifndef SWR_SHADER_ABI_H
#define SWR_SHADER_ABI_H

#include <stdint.h>

#define SWR_MAX_ATTRIBS 32 /* VS inputs, VS outputs, PS inputs */
#define SWR_MAX_CONST_BUFFERS 16
/* Constant buffer slots the pipe driver keeps for itself (it reports 14
 * usable buffers to its frontends): 14 holds the driver's own constants,
 * 15 the results of a shader's preamble (jit.h, jit_preamble.c). */
#define SWR_DRIVER_CONST_SLOT 14
#define SWR_PREAMBLE_CONST_SLOT 15

typedef struct swr_simd_vec4 {
    float v[4][8] __attribute__((aligned(32)));
} swr_simd_vec4;

typedef struct swr_simd_ivec {
    int32_t v[8] __attribute__((aligned(32)));
} swr_simd_ivec;

/*
 * Texture sampling. A shader's texture instructions (TGSI TEX*, TXF, TG4,
 * LODQ, SAMPLE*, TXQ, SVIEWINFO ...) become requests to a sampler that the
 * pipe driver implements; the engine only passes the pointer along. The
 * shader computes everything that needs its lanes (coordinate derivatives
 * from the 2x2 quads, projection, array layers, shadow references); the
 * sampler owns textures, filtering, LOD selection and formats.
 *
 * Calls come from worker threads, many at once: the sampler reads its state
 * and writes only `out`. Lanes not in `mask` may hold garbage coordinates
 * and their results are ignored.
 */
typedef enum swr_tex_op {
    SWR_TEX_SAMPLE,   /* filtered; LOD from ddx/ddy, plus lod[] as a bias if has_lod */
    SWR_TEX_SAMPLE_L, /* filtered at the explicit LOD in lod[] */
    SWR_TEX_FETCH,    /* texel fetch: integer coords (int bits), level in lod_int[] */
    SWR_TEX_GATHER,   /* the 4 texels of a bilinear footprint, channel gather_comp */
    SWR_TEX_LODQ,     /* out.x = LOD accessed, out.y = computed lambda (no bias) */
} swr_tex_op;

typedef struct swr_tex_request {
    uint8_t op;           /* swr_tex_op */
    uint8_t target;       /* tgsi_texture (tgsi/tgsi.h) */
    uint8_t sview;        /* texture unit / sampler view index */
    uint8_t sampler;      /* sampler state index (== sview for TEX-style opcodes) */
    uint8_t has_lod;      /* SWR_TEX_SAMPLE: lod[] holds a bias */
    uint8_t has_compare;  /* shadow target: compare[] holds the reference */
    uint8_t has_offsets;  /* offsets[] hold texel offsets */
    uint8_t gather_comp;  /* SWR_TEX_GATHER: channel 0..3 */
    uint32_t mask;        /* lanes that need a result */
    /* Coordinates: s, t, r in x, y, z; the array layer in the component
     * after the last coordinate (1D array: y, 2D array: z, cube array: w);
     * already divided by q for projective lookups. FETCH: int32 bits. */
    swr_simd_vec4 coords;
    /* Derivatives of s, t, r in window x and y, from the quads (zero in
     * vertex shaders, so implicit LOD is 0 there). */
    float ddx[3][8] __attribute__((aligned(32)));
    float ddy[3][8] __attribute__((aligned(32)));
    float lod[8] __attribute__((aligned(32)));      /* bias or explicit LOD */
    int32_t lod_int[8] __attribute__((aligned(32))); /* FETCH level */
    float compare[8] __attribute__((aligned(32)));
    int32_t offsets[3][8] __attribute__((aligned(32)));
} swr_tex_request;

/*
 * Inline sampling (appended to the interface; a zero-initialised interface
 * has none). For texture unit u (a TEX-style opcode, sview == sampler == u)
 * with u < fast_unit_count and fast_units[u].flags & SWR_TEX_FAST_VALID,
 * a shader may compute a SWR_TEX_SAMPLE / SWR_TEX_SAMPLE_L lookup of a
 * non-shadow 2D target without offsets itself instead of calling sample():
 * the unit then promises that sample() would return, for every
 * coordinate, LOD and derivative, the filter below of the one level
 * described, bit for bit as the pipe driver's AVX2 fast path computes it
 * (frontend-gallium/pipe/swrp_sampler.c fast_nearest / fast_bilinear /
 * fast_store; jitter/jit_llvm_tex.c writes the same steps in IR). Texels
 * are 4 UNORM8 bytes; the result is (byte 0, 1, 2, 3) / 255, with the
 * flags below swapping x and z or making w 1 (the format's channel order
 * and the view's swizzle folded together); texel (x, y) is at texels +
 * y * row_pitch + 4 * x. The unit is filled by
 * the sampler's owner before the draw and read only while it runs.
 */
#define SWR_TEX_FAST_VALID 1u     /* the unit may be sampled inline */
#define SWR_TEX_FAST_LINEAR 2u    /* bilinear, else nearest */
#define SWR_TEX_FAST_REPEAT_S 4u  /* GL_REPEAT in s, else CLAMP_TO_EDGE */
#define SWR_TEX_FAST_REPEAT_T 8u  /* GL_REPEAT in t, else CLAMP_TO_EDGE */
#define SWR_TEX_FAST_BGRA 16u      /* x from byte 2, z from byte 0 (else x 0, z 2) */
#define SWR_TEX_FAST_ALPHA_ONE 32u /* w reads 1 (X8 padding, RGB swizzles), else byte 3 */

typedef struct swr_tex_fast_unit {
    const uint8_t *texels; /* texel (0, 0) of the sampled level */
    int32_t width, height; /* texels, >= 1 */
    int32_t row_pitch;     /* bytes; every texel ends below texels + 2^31 */
    uint32_t flags;        /* SWR_TEX_FAST_*; 0: call sample() */
} swr_tex_fast_unit;

typedef struct swr_sampler_interface swr_sampler_interface;
struct swr_sampler_interface {
    /* out: 4 channels per lane; float, or int32/uint32 bits for integer
     * views (the view's return type decides, as the TGSI SVIEW says). */
    void (*sample)(const swr_sampler_interface *self, const swr_tex_request *req,
                   swr_simd_vec4 *out);
    /* TXQ / SVIEWINFO: width, height, depth or layers, and level count as
     * int32 bits for the level in level[] (per lane). */
    void (*query_size)(const swr_sampler_interface *self, unsigned sview,
                       const int32_t level[8], uint32_t mask, swr_simd_vec4 *out);
    /* TXQS / SAMPLE_INFO: samples per texel (1 when not multisampled). */
    uint32_t (*query_samples)(const swr_sampler_interface *self, unsigned sview);
    /* Inline sampling units (above): NULL or [fast_unit_count]. */
    const swr_tex_fast_unit *fast_units;
    uint32_t fast_unit_count;
};

/* Resources a shader reads. Owned by the caller's state; read only. */
typedef struct swr_shader_resources {
    const float *constants[SWR_MAX_CONST_BUFFERS]; /* vec4 arrays */
    uint32_t constant_count[SWR_MAX_CONST_BUFFERS]; /* in vec4 units; reads past it return 0 */
    const swr_sampler_interface *sampler; /* NULL: texture instructions return 0 */
} swr_shader_resources;

typedef struct swr_vs_args {
    const swr_simd_vec4 *inputs; /* [num_inputs] fetched attributes */
    swr_simd_vec4 *outputs;      /* [num_outputs] written by the shader */
    swr_simd_ivec vertex_id;     /* index value + base vertex (gl_VertexID) */
    swr_simd_ivec instance_id;   /* instance - start instance (gl_InstanceID) */
    int32_t base_vertex;
    uint32_t start_instance;
    uint32_t active_mask;        /* lanes holding real vertices */
    const swr_shader_resources *res;
} swr_vs_args;

/*
 * Geometry shader (8 input primitives at a time, lane = primitive, as the
 * VS runs 8 vertices). Inputs are the assembled primitives' VS outputs,
 * inputs[vertex * num_inputs + attr] (TGSI IN[vertex][attr]); prim_id is
 * gl_PrimitiveIDIn of each lane. Outputs go to a per-lane vertex buffer:
 * EMIT copies the OUT registers of each executing lane l to vertex
 * emit_count[l] of lane l, i.e. the floats at
 *   out_vertices[((l * max_vertices + emit_count[l]) * num_outputs + attr) * 4 + comp]
 * and increments emit_count[l]; an EMIT past max_vertices is dropped.
 * ENDPRIM sets cut[l * max_vertices + emit_count[l] - 1] = 1 (the strip
 * ends after that vertex); it does nothing when no vertex was emitted since
 * the last cut. The caller zeroes emit_count and cut; the end of the
 * program ends the last strip implicitly (the engine treats the last
 * emitted vertex as cut). Only stream 0 exists (EMIT / ENDPRIM with another
 * stream do nothing).
 */
#define SWR_GS_MAX_IN_VERTICES 6
#define SWR_GS_MAX_OUT_VERTICES 1024
#define SWR_GS_MAX_OUT_COMPONENTS 1024

typedef struct swr_gs_args {
    const swr_simd_vec4 *inputs; /* [num_in_vertices * num_inputs] */
    uint32_t num_inputs;         /* attributes per input vertex */
    uint32_t num_in_vertices;    /* 1, 2, 3, 4 (lines_adjacency) or 6 */
    swr_simd_ivec prim_id;       /* gl_PrimitiveIDIn */
    uint32_t active_mask;        /* lanes holding real primitives */
    float *out_vertices;         /* see above */
    uint8_t *cut;                /* [8 * max_vertices] */
    uint32_t num_outputs;        /* attributes per output vertex */
    uint32_t max_vertices;       /* GS_MAX_OUTPUT_VERTICES */
    uint32_t emit_count[8];
    const swr_shader_resources *res;
} swr_gs_args;

typedef struct swr_ps_args {
    /* Inputs, interpolated by the engine as the PS state asks (constant,
     * linear or perspective) at the pixel centres. */
    const swr_simd_vec4 *inputs;
    /* Window position: x, y = pixel centre; z = depth in [0,1] after
     * polygon offset; w = 1 / clip w (gl_FragCoord). */
    swr_simd_vec4 position;
    /* Barycentric weights of vertices 1 and 2 at the pixel centres, linear
     * (screen space) and perspective-corrected; vertex 0 gets 1 - b1 - b2. */
    float bary_linear[2][8] __attribute__((aligned(32)));
    float bary_persp[2][8] __attribute__((aligned(32)));
    /* Per-primitive attribute values for re-interpolation (TGSI INTERP_*):
     * attrib_planes[(input * 4 + comp) * 3 + k] = value at vertex 0, then
     * (vertex1 - vertex0), (vertex2 - vertex0); flat inputs have k=1,2 zero. */
    const float *attrib_planes;
    uint32_t front_facing; /* 1 front, 0 back */
    uint32_t prim_id;
    uint32_t block_x, block_y; /* window position of lane 0 */
    uint32_t fb_height;        /* for gl_FragCoord with a lower-left origin */
    uint32_t quad_mask;        /* see above */
    uint32_t exec_mask;        /* in: live lanes; out: live lanes after kill */
    /* Outputs: colour per render target, and depth/stencil when the PS
     * state says the shader writes them. */
    swr_simd_vec4 color[8];
    swr_simd_vec4 color1;      /* second colour for dual-source blending (RT 0) */
    float depth[8] __attribute__((aligned(32)));
    int32_t stencil[8] __attribute__((aligned(32)));
    const swr_shader_resources *res;
} swr_ps_args;

/*
 * Batched pixel shader (optional, swr_ps_state.tile_func): the blocks of one
 * 8x8 raster tile in one call. Block b (0..7) is the 4x2 block at
 * (tile_x + (b & 1) * 4, tile_y + (b >> 1) * 2), lanes as above; it runs
 * when exec_mask[b] is non-zero, exactly as the 8-pixel entry would with
 * block_x/y, quad_mask[b] and exec_mask[b] (helper lanes, kill, derivatives
 * within its quads), and writes its outputs to out[b] and its live lanes
 * after kill to exec_mask[b]; blocks with exec_mask[b] == 0 are skipped and
 * their out[b] left alone. The engine calls it only when every input is an
 * affine function of the window position (no perspective divide) and the
 * PS state flags position and barycentrics unused: input r, component c at
 * lane l of block b is in_off[r * 4 + c][b] + in_lanes[r * 4 + c][l] (a
 * constant input has in_off -0.0f, so the sum is the value bit for bit).
 * Each block's result must be bit-identical to the 8-pixel entry's on the
 * same inputs (tests/jitter/test_ps_tile.c checks it).
 */
typedef struct swr_ps_tile_out {
    swr_simd_vec4 color[8];
    swr_simd_vec4 color1;
    float depth[8] __attribute__((aligned(32)));
    int32_t stencil[8] __attribute__((aligned(32)));
} swr_ps_tile_out;

typedef struct swr_ps_tile_args {
    const float *in_lanes[SWR_MAX_ATTRIBS * 4]; /* 8 floats each, 32-byte aligned */
    const float *in_off[SWR_MAX_ATTRIBS * 4];   /* 8 floats each (one per block) */
    const float *attrib_planes;                 /* as swr_ps_args */
    const swr_shader_resources *res;
    uint32_t front_facing, prim_id, fb_height;
    uint32_t tile_x, tile_y;                    /* window position of block 0's lane 0 */
    uint32_t quad_mask[8];
    uint32_t exec_mask[8]; /* in: live lanes per block (0: not shaded); out: after kill */
    swr_ps_tile_out *out;  /* [8], 32-byte aligned */
} swr_ps_tile_args;

/* `shader` is the executor's own compiled form (NULL for plain C shaders). */
typedef void (*swr_vs_func)(const void *shader, swr_vs_args *args);
typedef void (*swr_gs_func)(const void *shader, swr_gs_args *args);
typedef void (*swr_ps_func)(const void *shader, swr_ps_args *args);
typedef void (*swr_ps_tile_func)(const void *shader, swr_ps_tile_args *args);

#endif /* SWR_SHADER_ABI_H */
