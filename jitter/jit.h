/*
 * jit.h: TGSI programs compiled into shaders with the ABI of shader_abi.h.
 *
 * In: a validated tgsi_program (tgsi.h) and a variant key. Out: a jit_shader
 * whose vs/ps function the engine calls with the shader itself as the first
 * argument (swr_vs_state.shader / swr_ps_state.shader), plus what a driver
 * needs to wire it up (jit_shader_info: register semantics, what it reads
 * and writes). Compiled shaders are immutable and may run on any number of
 * threads at once; they are reference counted so the cache and any number
 * of pipe states can hold them.
 *
 * Register binding (the contract with the engine and the pipe driver):
 *  - VS: IN[i] reads swr_vs_args.inputs[i]; OUT[i] writes outputs[i].
 *    SV VERTEXID, VERTEXID_NOBASE, BASEVERTEX, INSTANCEID, BASEINSTANCE come
 *    from the args.
 *  - PS: IN[i] reads swr_ps_args.inputs[i], except that an IN with
 *    semantic POSITION reads gl_FragCoord (args.position adjusted for
 *    FS_COORD_ORIGIN / FS_COORD_PIXEL_CENTER) and FACE reads +1/-1 from
 *    front_facing; the driver gives those inputs any engine interpolation.
 *    OUT COLOR[n] writes color[n], or color1 for COLOR[1] when the key
 *    says dual_source (FS_COLOR0_WRITES_ALL_CBUFS is the engine's copy:
 *    swr_ps_state.color0_writes_all), OUT POSITION .z writes depth,
 *    OUT STENCIL .y writes stencil. SV POSITION, FACE, PRIMID, SAMPLEID,
 *    SAMPLEPOS, SAMPLEMASK, HELPER_INVOCATION come from the args.
 *  - CONST[b][i] reads res->constants[b][i], 0 past constant_count[b].
 *  - Texture instructions call res->sampler (0 when it is NULL).
 * Where tgsi.rst leaves a result open, tgsi/exec_contract.md decides; every
 * executor follows it, so they can be compared bit for bit.
 */
#ifndef SWR_JIT_H
#define SWR_JIT_H

#include <stdbool.h>
#include <stdint.h>

#include "common/shader_abi.h"
#include "tgsi/tgsi.h"

typedef enum jit_executor {
    JIT_EXECUTOR_INTERP, /* the AVX2 interpreter (jit_interp*.c) */
    JIT_EXECUTOR_LLVM,   /* the LLVM JIT (a later issue) */
} jit_executor;

/* Variant key: everything besides the TGSI text that changes the compiled
 * code. All bytes take part in the cache hash, so zero the whole struct
 * before filling it. The pipe driver adds fields as state demands. */
typedef struct jit_variant_key {
    uint8_t executor;    /* jit_executor */
    uint8_t dual_source; /* PS: OUT COLOR[1] is the second blend source (color1) */
    /* Split the uniform-only instructions off into a preamble (jit_preamble.c)
     * when that pays; the caller must then run jit_shader_preamble_eval and
     * bind its buffer as CONST[SWR_PREAMBLE_CONST_SLOT]. jit_cache_get sets
     * it unless SWR_SHADER_PREAMBLE=0 is in the environment. */
    uint8_t preamble;
    uint8_t reserved[13];
} jit_variant_key;

/* What a compiled shader reads and writes, from its declarations and
 * instructions. Register arrays are indexed by IN/OUT register number. */
typedef struct jit_shader_info {
    uint8_t processor; /* tgsi_processor */
    uint32_t num_inputs, num_outputs; /* highest declared IN/OUT + 1 */
    uint8_t input_semantic[SWR_MAX_ATTRIBS];  /* tgsi_semantic, 0xff = none */
    uint8_t input_semantic_index[SWR_MAX_ATTRIBS];
    uint8_t input_interp[SWR_MAX_ATTRIBS];    /* tgsi_interpolate */
    uint8_t input_location[SWR_MAX_ATTRIBS];  /* tgsi_interpolate_loc */
    uint8_t input_usage_mask[SWR_MAX_ATTRIBS];
    uint8_t output_semantic[SWR_MAX_ATTRIBS];
    uint8_t output_semantic_index[SWR_MAX_ATTRIBS];
    uint8_t output_usage_mask[SWR_MAX_ATTRIBS];
    uint64_t system_values_read; /* bit per tgsi_semantic */
    uint32_t samplers_used;      /* bit per SAMP / SVIEW index */
    uint32_t const_buffers_used; /* bit per CONST buffer */
    bool uses_kill;              /* KILL, KILL_IF or DEMOTE */
    bool uses_derivatives;       /* DDX/DDY or implicit-LOD texturing */
    bool reads_position, reads_face, reads_primid;
    bool writes_depth, writes_stencil, writes_samplemask;
    bool color0_writes_all_cbufs, early_depth_stencil, window_space_position;
    bool coord_origin_lower_left, pixel_center_integer;
    uint8_t num_clipdist_enabled;
    uint32_t num_instructions;
} jit_shader_info;

typedef struct jit_shader jit_shader;

/* Compiles a validated program. Returns NULL with err filled when the program
 * uses what no executor runs yet (TGSI_OPF_NOEXEC opcodes other than a
 * GEOM's EMIT / ENDPRIM, TESS/COMP processors; a GEOM runs in the
 * interpreter whatever the executor, IN[vertex][attr] read from
 * swr_gs_args.inputs, SV PRIMID from prim_id, EMIT / ENDPRIM as
 * shader_abi.h says), IMAGE/BUFFER/MEMORY files) or on out-of-memory. The shader
 * does not keep `prog`. */
jit_shader *jit_shader_compile(const tgsi_program *prog, const jit_variant_key *key,
                               tgsi_error *err);
void jit_shader_ref(jit_shader *sh);
void jit_shader_unref(jit_shader *sh);

const jit_shader_info *jit_shader_get_info(const jit_shader *sh);
/* The entry point for the engine; NULL when the processor does not match. */
swr_vs_func jit_shader_vs_func(const jit_shader *sh);
swr_gs_func jit_shader_gs_func(const jit_shader *sh);
swr_ps_func jit_shader_ps_func(const jit_shader *sh);
/* The batched entry of the same pixel shader (shader_abi.h), or NULL when
 * its executor has none (the interpreter), when the shader reads POSITION
 * (the engine would not call it) or has more than JIT_PS_TILE_MAX_INSTS
 * instructions (there the call overhead it saves is small beside the
 * doubled compile time): swr_ps_state.tile_func. */
#define JIT_PS_TILE_MAX_INSTS 160
swr_ps_tile_func jit_shader_ps_tile_func(const jit_shader *sh);

/* The preamble of a shader compiled with key.preamble (jit_preamble.c):
 * instructions whose sources are all uniform (IMM, direct CONST, TEMPs
 * they wrote) run once per draw, and the shader reads their results from
 * constant buffer SWR_PREAMBLE_CONST_SLOT.
 * jit_shader_preamble_vec4s: that buffer's size in vec4s (the results, then
 * a key of what the preamble read), 0 when the shader has no preamble.
 * jit_shader_preamble_eval: fills `buf` (that many vec4s) for a draw with
 * the constant buffers `res` (sampler unused). With `prev` (the buffer of an
 * earlier evaluation of this shader, or NULL) whose key matches, nothing
 * the preamble reads changed: returns false and only the key part of buf is
 * written, so prev stays valid; otherwise runs the preamble and returns
 * true. Thread safe (reads the shader only). */
uint32_t jit_shader_preamble_vec4s(const jit_shader *sh);
bool jit_shader_preamble_eval(const jit_shader *sh, const swr_shader_resources *res, float *buf,
                              const float *prev);

/* Process-wide cache keyed by a hash of (text, key): parses, validates and
 * compiles on a miss. Returns a new reference (release with
 * jit_shader_unref) or NULL with err filled. Thread safe. */
jit_shader *jit_cache_get(const char *text, size_t len, const jit_variant_key *key,
                          tgsi_error *err);
/* Drops every cached shader (shaders still referenced elsewhere live on). */
void jit_cache_clear(void);

#endif /* SWR_JIT_H */
