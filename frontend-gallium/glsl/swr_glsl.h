/*
 * swr_glsl.h: GLSL 1.10 / 1.20 / 1.30 / 1.40 / 1.50 (vertex, geometry,
 * fragment) / ES 1.00 to TGSI text.
 *
 * glslang (AST mode, no SPIR-V) parses and links; glsl_link.cpp lays out
 * the interfaces and glsl_codegen.cpp walks the linked tree of each stage
 * and prints TGSI text (tgsi/tgsi.h parses it); glsl_api.cpp is this API.
 * User functions are inlined at their call sites; every value lives in TEMP
 * registers; uniforms of all stages share CONST[0] with one layout.
 *
 * Value conventions of the generated code: ints and uints are native 32-bit
 * integers; bools are 0 / 0xFFFFFFFF (~0); a bool uniform is read as true
 * when any bit of its register component is set (store 0 / 0xFFFFFFFF, or
 * 0 / 1, or 0.0f / 1.0f); floats are floats;
 * samplers take no constant register (their unit is the TGSI SAMP/SVIEW
 * index, see swr_glsl_uniform.sampler).
 *
 * Varyings: gl_TexCoord[i] is GENERIC[i]; user varyings are GENERIC[8 + k],
 * one slot per vector / matrix column / array element, packed in the order
 * of their names (then the captured outputs the FS does not read, see
 * swr_glsl_link_xfb); gl_FrontColor/gl_Color COLOR[0], secondary COLOR[1], back
 * colours BCOLOR[0..1], gl_FogFragCoord FOG (.x), gl_PointSize PSIZE (.x),
 * gl_ClipDistance CLIPDIST[0..1], gl_ClipVertex CLIPVERTEX. FS: gl_FragCoord
 * POSITION (the default origin and centres: the GL frontend stores images
 * bottom-up, so row-based y is GL's window y), gl_FrontFacing FACE,
 * gl_PointCoord PCOORD; gl_FragColor COLOR[0] with
 * FS_COLOR0_WRITES_ALL_CBUFS, gl_FragData[n] COLOR[n], 1.30 `out` variables
 * COLOR[location] (see swr_glsl_link_ex), gl_FragDepth POSITION.z.
 *
 * Optimization: loops with a constant trip count (<= 32, bounded body) are
 * unrolled, and the TGSI of each stage goes through tgsi/tgsi_opt.h (constant
 * folding with the executors' exact semantics, copy propagation, common
 * subexpressions, dead code). Set SWR_GLSL_OPT=0 in the environment before
 * linking to get the plain translation (for comparisons and debugging).
 *
 * Thread safety: after swr_glsl_init, any function may be called from any
 * thread; different objects are independent; an object is not to be used by
 * two threads at once (destroy included).
 */
#ifndef SWR_GLSL_H
#define SWR_GLSL_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* SWR_GLSL_GEOMETRY: GLSL 1.50 geometry shaders (see swr_glsl_program_gs_info). */
typedef enum swr_glsl_stage { SWR_GLSL_VERTEX = 0, SWR_GLSL_FRAGMENT = 1, SWR_GLSL_GEOMETRY = 2 } swr_glsl_stage;
#define SWR_GLSL_NUM_STAGES 3
typedef struct swr_glsl_shader swr_glsl_shader;
typedef struct swr_glsl_program swr_glsl_program;

/* Process-wide, reference counted, thread safe. */
bool swr_glsl_init(void);
void swr_glsl_fini(void);

/* glShaderSource + glCompileShader. lengths may be NULL (NUL-terminated strings); a negative length
 * means NUL-terminated. Source without #version is 110 (desktop); "#version 100" is ES. Never NULL
 * except out of memory. */
swr_glsl_shader *swr_glsl_compile(swr_glsl_stage stage, int count, const char *const *strings,
                                  const int *lengths);
bool swr_glsl_shader_ok(const swr_glsl_shader *s);
const char *swr_glsl_shader_log(const swr_glsl_shader *s); /* "" when empty; "ERROR: 0:LINE: ..." lines */
void swr_glsl_shader_destroy(swr_glsl_shader *s);
/* Addition: the stage the shader was compiled for. */
swr_glsl_stage swr_glsl_shader_stage(const swr_glsl_shader *s);
/* Addition: swr_glsl_compile with the context's GLSL version limit (swr_glsl_compile itself has
 * no desktop limit; the GL frontend always passes its context's). max_version is the highest
 * desktop #version the context accepts (130 for a GL 3.0 context, 330 for 3.3); a shader whose
 * #version is above it fails to compile with "ERROR: 0:LINE: #version N is not supported by
 * this context (highest M, and 100 es)". ES "#version 100" is always accepted, other ES
 * versions never. max_version <= 0 means no desktop limit. Compiling and linking run on a
 * thread with a 256 MiB stack, so deep expressions compile instead of
 * overflowing the caller's stack.
 * The limit only gates the compile: what the code generator supports of 1.40+ is listed in
 * README.md (uniform blocks; `in`/`out` interface blocks between VS, GS and FS, matched by
 * block name and member). A geometry shader needs #version 150 or later. */
swr_glsl_shader *swr_glsl_compile_ex(swr_glsl_stage stage, int count, const char *const *strings,
                                     const int *lengths, int max_version);

/* name -> location; for fragment outputs also the source index (glBindFragDataLocationIndexed:
 * 0, or 1 for the second colour of dual-source blending), 0 for attributes. */
typedef struct swr_glsl_attrib_binding {
    const char *name;
    unsigned location;
    unsigned index;
} swr_glsl_attrib_binding;

/* glLinkProgram. The shaders are only read during the call (the program keeps nothing of them,
 * so they may be destroyed afterwards). Several shaders per stage are linked together by
 * glslang. A program with one stage gets fixed-function processing for the other (GL 2.1
 * section 2.15; with no matrix stack in this library that is the identity transform with the
 * colours and texture coordinates passed through, or a fragment stage writing gl_Color). */
swr_glsl_program *swr_glsl_link(swr_glsl_shader *const *shaders, int count,
                                const swr_glsl_attrib_binding *bindings, int nbindings);
/* Addition: swr_glsl_link with fragment output bindings (glBindFragDataLocation: name -> draw
 * buffer). A user `out` variable of the fragment shader (GLSL 1.30) that is bound takes
 * COLOR[location .. location + elements - 1]; the link fails when that passes the 8 draw buffers
 * or overlaps another output. A `layout(location = L, index = I)` in the shader wins over a
 * binding. An output with index 1 (ARB_blend_func_extended) is the second colour of draw
 * buffer 0 and is written as COLOR[1]; it must be at location 0 (GL_MAX_DUAL_SOURCE_DRAW_BUFFERS
 * is 1) and excludes an output at location 1. Unbound outputs take, in declaration order, the
 * first run of free index-0 locations. Bindings of names that are not outputs are ignored. */
swr_glsl_program *swr_glsl_link_ex(swr_glsl_shader *const *shaders, int count,
                                   const swr_glsl_attrib_binding *bindings, int nbindings,
                                   const swr_glsl_attrib_binding *frag_bindings, int nfrag);
bool swr_glsl_program_ok(const swr_glsl_program *p);
const char *swr_glsl_program_log(const swr_glsl_program *p);
void swr_glsl_program_destroy(swr_glsl_program *p);

/* TGSI text of a linked stage ("VERT\n..." / "FRAG\n..." / "GEOM\n..."), NULL if link failed
 * or (geometry) the program has no such stage. */
const char *swr_glsl_program_tgsi(const swr_glsl_program *p, swr_glsl_stage stage);

/* Geometry shaders (GLSL 1.50). A program with a geometry shader must have a vertex shader (GL 3.2
 * section 2.12: the link fails otherwise); a missing fragment shader gets the fixed-function
 * stand-in as for VS-only programs. The GS TGSI ("GEOM") carries GS_INPUT_PRIMITIVE /
 * GS_OUTPUT_PRIMITIVE / GS_MAX_OUTPUT_VERTICES / GS_INVOCATIONS 1 from the layout qualifiers;
 * gl_in[v].gl_Position / gl_PointSize / gl_ClipDistance are IN[v][..] POSITION / PSIZE /
 * CLIPDIST, user inputs (arrays, or members of an input block array) IN[v][..] GENERIC[8 + k]
 * numbered as the VS outputs they read (VS->GS varyings sorted by name, block members as
 * "Block.member"); gl_PrimitiveIDIn is SV PRIMID; outputs as a VS's plus gl_PrimitiveID (PRIMID)
 * and gl_Layer (LAYER), numbered for the FS as VS outputs are without a GS. EmitVertex() copies
 * the outputs to OUT and EMITs stream 0, EndPrimitive() is ENDPRIM of stream 0.
 * gs_info answers glGetProgramiv(GL_GEOMETRY_INPUT_TYPE / GL_GEOMETRY_OUTPUT_TYPE /
 * GL_GEOMETRY_VERTICES_OUT) with GL enums (GL_POINTS 0, GL_LINES 1, GL_TRIANGLES 4,
 * GL_LINES_ADJACENCY 0xA, GL_TRIANGLES_ADJACENCY 0xC; GL_LINE_STRIP 3, GL_TRIANGLE_STRIP 5);
 * false (outputs untouched) when the program did not link or has no GS. */
bool swr_glsl_program_gs_info(const swr_glsl_program *p, unsigned *input_type, unsigned *output_type,
                              unsigned *vertices_out);

/* Active attributes (vertex inputs). The VS declares IN[0..n-1] densely; input i reads
 * attribute location `location + i - first_input` (a matN takes N consecutive locations/inputs). */
typedef struct swr_glsl_attrib {
    const char *name;      /* as GL reports it, e.g. "position", "gl_Vertex" */
    unsigned gl_type;      /* GLenum: GL_FLOAT_VEC4 0x8B52, GL_FLOAT_MAT4 0x8B5C, GL_INT 0x1404 ... */
    unsigned array_size;   /* 1 */
    int location;          /* bound or assigned generic location; built-ins gl_Vertex=0, gl_Normal=2,
                              gl_Color=3, gl_SecondaryColor=4, gl_FogCoord=5, gl_MultiTexCoordN=8+N */
    unsigned first_input;  /* TGSI IN index of its first column */
    unsigned num_inputs;   /* 1, or N for matN */
    bool is_integer;       /* ivec/uvec attribute (GLSL 1.30 `in int`): fetched as integers */
} swr_glsl_attrib;
int swr_glsl_num_attribs(const swr_glsl_program *p);
const swr_glsl_attrib *swr_glsl_get_attrib(const swr_glsl_program *p, int i);

/* Active uniforms, shared by the stages: every stage reads CONST[0][r] with the same layout,
 * one vec4 register per scalar/vector, per matrix column, per array element. Values: float ->
 * float bits; int/sampler -> int32 bits; uint -> uint32 bits; bool -> uint32 0 or 0xFFFFFFFF
 * (any nonzero bits read as true). Samplers take no register.
 * Struct uniforms are flattened into one entry per leaf member ("s.m", "a[2].m"); arrays of
 * basic types are one entry "a[0]" with array_size N, elements at const_reg + k*regs_per_element. */
typedef struct swr_glsl_uniform {
    const char *name;
    unsigned gl_type;          /* GLenum type incl. GL_SAMPLER_2D 0x8B5E, GL_SAMPLER_2D_SHADOW ... */
    unsigned array_size;
    int const_reg;             /* -1 for samplers */
    unsigned regs_per_element; /* 1, or columns for matrices (0 for samplers) */
    int sampler;               /* TGSI SAMP/SVIEW index of element 0 (same in every stage), or -1 */
    unsigned stage_mask;       /* 1 << stage for each stage that uses it */
} swr_glsl_uniform;
int swr_glsl_num_uniforms(const swr_glsl_program *p);
const swr_glsl_uniform *swr_glsl_get_uniform(const swr_glsl_program *p, int i);
unsigned swr_glsl_num_const_regs(const swr_glsl_program *p); /* size of CONST[0] in vec4 */
/* CONST[0] as the program starts (swr_glsl_num_const_regs * 4 words, the value conventions
 * above): the GLSL 1.20 initializers of the uniforms that have one (`uniform vec2 k = vec2(1.0);`),
 * zero elsewhere. NULL when the program has no registers or did not link. */
const uint32_t *swr_glsl_const_init(const swr_glsl_program *p);

/* The fragment shader's user `out` variables (GLSL 1.30) and the draw buffer of each
 * (element 0 of an array; element k is location + k). Not gl_FragColor / gl_FragData. */
typedef struct swr_glsl_frag_output {
    const char *name;    /* declared name, without subscript */
    unsigned gl_type;    /* GL_FLOAT_VEC4 ... (element type for arrays) */
    unsigned array_size; /* 1 for non-arrays */
    int location;
    int index; /* 0, or 1: the second source of dual-source blending (TGSI COLOR[1]) */
} swr_glsl_frag_output;
int swr_glsl_num_frag_outputs(const swr_glsl_program *p);
const swr_glsl_frag_output *swr_glsl_get_frag_output(const swr_glsl_program *p, int i);
/* Uniform blocks (GLSL 1.40 / ARB_uniform_buffer_object), the API for glGetUniformBlockIndex,
 * glGetActiveUniformBlockiv, glGetActiveUniformsiv and glUniformBlockBinding. One entry per block,
 * and per element of an array of blocks ("B[0]", "B[1]"), blocks ordered by first use (vertex
 * stage first); at most 12 entries per stage (the link fails beyond), each at most
 * 65536 bytes:
 *  - entry b is TGSI constant buffer CONST[stage_const_buffer[st]][...] (1..12, numbered per
 *    stage) in each stage st of stage_mask (CONST[0] stays the default-block uniforms); the GL
 *    side binds the buffer of binding point binding[b] to pipe constant buffer slot
 *    stage_const_buffer[st] of each such stage (set_constant_buffer); a block is active when
 *    referenced or when its layout is std140 or shared;
 *  - every block is laid out std140 (shared and packed too, which GL allows), so offsets are the
 *    same in all programs and the sizes are what std140 gives;
 *  - members of blocks are also swr_glsl_uniform entries (const_reg -1, sampler -1) after the
 *    default-block uniforms, named "Block.member" ("member" for an anonymous block; structs
 *    flattened as for default uniforms, arrays of basic types one entry "m[0]"); all elements of
 *    an array of blocks list the same entries; their layout is in swr_glsl_get_uniform_layout. */
typedef struct swr_glsl_uniform_block {
    const char *name;           /* block name as GL reports it: "Block", or "Block[2]" per element */
    unsigned data_size;         /* GL_UNIFORM_BLOCK_DATA_SIZE in bytes (std140, multiple of 16) */
    int binding;                /* layout(binding = N) (GLSL 4.20 / ARB_shading_language_420pack), else 0 */
    unsigned const_buffer;      /* stage_const_buffer of the first stage in stage_mask */
    unsigned stage_const_buffer[SWR_GLSL_NUM_STAGES]; /* TGSI CONST[] index per swr_glsl_stage, 0: not in the stage */
    unsigned stage_mask;        /* 1 << stage for each stage that references it */
    unsigned num_active;        /* GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS */
    const int *active_uniforms; /* GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES: swr_glsl_get_uniform indices */
} swr_glsl_uniform_block;
int swr_glsl_num_uniform_blocks(const swr_glsl_program *p);
const swr_glsl_uniform_block *swr_glsl_get_uniform_block(const swr_glsl_program *p, int i);
/* glGetActiveUniformsiv's layout answers for uniform i (index as swr_glsl_get_uniform). For a
 * default-block uniform: block_index -1, offset / strides -1, row_major false (GL 3.1 2.11.4). */
typedef struct swr_glsl_uniform_layout {
    int block_index;   /* GL_UNIFORM_BLOCK_INDEX */
    int offset;        /* GL_UNIFORM_OFFSET: bytes from the block start */
    int array_stride;  /* GL_UNIFORM_ARRAY_STRIDE: bytes, 0 for non-arrays */
    int matrix_stride; /* GL_UNIFORM_MATRIX_STRIDE: bytes between columns (rows if row_major), 0 if not a matrix */
    bool row_major;    /* GL_UNIFORM_IS_ROW_MAJOR */
} swr_glsl_uniform_layout;
/* Fills *out and returns true for a valid index; false (out untouched) otherwise. */
bool swr_glsl_get_uniform_layout(const swr_glsl_program *p, int i, swr_glsl_uniform_layout *out);

unsigned swr_glsl_num_samplers(const swr_glsl_program *p);
/* TGSI texture target (TGSI_TEXTURE_*, tgsi/tgsi.h) of each sampler index. */
unsigned swr_glsl_sampler_target(const swr_glsl_program *p, unsigned sampler);

/* ---- transform feedback (GL 3.0 section 2.15, 3.3 section 2.17) ------------------------------ */
/* Addition: swr_glsl_link_ex that also captures the vertex shader outputs `xfb_names` (the
 * program's glTransformFeedbackVaryings: user outputs, "name[i]" array elements, gl_Position,
 * gl_PointSize, gl_ClipDistance[i], and the compatibility colours, gl_TexCoord[i],
 * gl_FogFragCoord, gl_ClipVertex) into one buffer (separate false: GL_INTERLEAVED_ATTRIBS) or
 * buffer i for name i (GL_SEPARATE_ATTRIBS). An unknown name, a name given twice (an array and
 * one of its elements are two names), an index past the array, more than 64 interleaved components or more
 * than 4 components of one separate varying fail the link with a line in the log. Captured user
 * outputs the FS does not read get GENERIC slots after those it reads. */
swr_glsl_program *swr_glsl_link_xfb(swr_glsl_shader *const *shaders, int count,
                                    const swr_glsl_attrib_binding *bindings, int nbindings,
                                    const swr_glsl_attrib_binding *frag_bindings, int nfrag,
                                    const char *const *xfb_names, int nxfb, bool separate);
/* glGetTransformFeedbackVarying's answers for captured name i (in the order given). */
typedef struct swr_glsl_xfb_varying {
    const char *name; /* as given */
    unsigned gl_type; /* GL_FLOAT_VEC4, GL_INT, ... (of one element) */
    int size;         /* elements: the array length for a whole array, else 1 */
} swr_glsl_xfb_varying;
int swr_glsl_num_xfb_varyings(const swr_glsl_program *p);
const swr_glsl_xfb_varying *swr_glsl_get_xfb_varying(const swr_glsl_program *p, int i);
/* The capture layout, pipe_stream_output-shaped: components first..first+num-1 of the vertex
 * shader's OUT[reg] go to dword dst_offset of each vertex's record in buffer `buffer`; records
 * are swr_glsl_xfb_stride(p, buffer) dwords apart (0: the buffer is not written). */
typedef struct swr_glsl_xfb_output {
    unsigned reg, first_component, num_components, buffer, dst_offset;
} swr_glsl_xfb_output;
int swr_glsl_num_xfb_outputs(const swr_glsl_program *p);
const swr_glsl_xfb_output *swr_glsl_get_xfb_output(const swr_glsl_program *p, int i);
unsigned swr_glsl_xfb_stride(const swr_glsl_program *p, unsigned buffer);

#ifdef __cplusplus
}
#endif

#endif /* SWR_GLSL_H */
