/*
 * tgsi.h: TGSI programs in memory, and the parser, validator and printer of
 * their text form (../shared/spec/tgsi-text.md, ../shared/spec/tgsi.rst).
 *
 * A tgsi_program is what the executors consume (the jitter's interpreter
 * and LLVM JIT, the scalar reference executor tgsi_ref.h) and what the
 * optimizer (tgsi_opt.h) rewrites in place. It is plain data in one
 * allocation per array, owned by the program and freed with
 * tgsi_program_free(). The enums keep Gallium's names (TGSI_FILE_CONSTANT,
 * TGSI_OPCODE_MAD, TGSI_SEMANTIC_GENERIC ...) so that documents and Mesa's
 * dumps map one to one; their numeric values are swr's own.
 *
 * Text in, program out: tgsi_parse() never crashes or reads out of bounds on
 * any input (it is fuzzed); on malformed text it returns false and fills a
 * tgsi_error with the 1-based line and column and what was expected. A
 * successfully parsed program is also validated (tgsi_validate), so every
 * executor may assume: operand counts and files match the opcode, registers
 * are declared and in range (direct indices), control flow is balanced and
 * labels point at the matching instruction, END is present.
 *
 * Program out, text out: tgsi_print() writes the form Mesa prints; parse →
 * print → parse yields a program equal (tgsi_program_equal) to the first.
 */
#ifndef SWR_TGSI_H
#define SWR_TGSI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgsi/tgsi_opcodes.h"

/* ---- enums --------------------------------------------------------------- */

typedef enum tgsi_processor {
    TGSI_PROCESSOR_VERTEX,    /* VERT */
    TGSI_PROCESSOR_FRAGMENT,  /* FRAG */
    TGSI_PROCESSOR_GEOMETRY,  /* GEOM */
    TGSI_PROCESSOR_TESS_CTRL, /* TESS_CTRL */
    TGSI_PROCESSOR_TESS_EVAL, /* TESS_EVAL */
    TGSI_PROCESSOR_COMPUTE,   /* COMP */
    TGSI_PROCESSOR_COUNT
} tgsi_processor;

/* Register files; text names in the comments. */
typedef enum tgsi_file {
    TGSI_FILE_NULL,         /* NULL */
    TGSI_FILE_CONSTANT,     /* CONST (2-D: [buffer][index]) */
    TGSI_FILE_INPUT,        /* IN */
    TGSI_FILE_OUTPUT,       /* OUT */
    TGSI_FILE_TEMPORARY,    /* TEMP */
    TGSI_FILE_SAMPLER,      /* SAMP */
    TGSI_FILE_ADDRESS,      /* ADDR */
    TGSI_FILE_IMMEDIATE,    /* IMM */
    TGSI_FILE_SYSTEM_VALUE, /* SV */
    TGSI_FILE_IMAGE,        /* IMAGE */
    TGSI_FILE_SAMPLER_VIEW, /* SVIEW */
    TGSI_FILE_BUFFER,       /* BUFFER */
    TGSI_FILE_MEMORY,       /* MEMORY */
    TGSI_FILE_HW_ATOMIC,    /* HWATOMIC */
    TGSI_FILE_COUNT
} tgsi_file;

typedef enum tgsi_opcode {
#define TGSI_X_ENUM(name, nd, ns, dt, st, fl) TGSI_OPCODE_##name,
    TGSI_OPCODES(TGSI_X_ENUM)
#undef TGSI_X_ENUM
    TGSI_OPCODE_COUNT
} tgsi_opcode;

/* Opcode flags (last column of TGSI_OPCODES). */
#define TGSI_OPF_TEX 0x1u
#define TGSI_OPF_LABEL 0x2u
#define TGSI_OPF_NOEXEC 0x4u

/* Operand types of the spec; decide how source modifiers and _SAT apply. */
typedef enum tgsi_type {
    TGSI_TYPE_N,   /* untyped: bits move unchanged; modifiers act as on floats */
    TGSI_TYPE_F,   /* 32-bit float */
    TGSI_TYPE_I,   /* 32-bit signed */
    TGSI_TYPE_U,   /* 32-bit unsigned */
    TGSI_TYPE_D,   /* double in two components */
    TGSI_TYPE_I64, /* 64-bit signed in two components */
    TGSI_TYPE_U64, /* 64-bit unsigned in two components */
} tgsi_type;

/* Semantic names of declarations (text: POSITION, COLOR, ...). */
#define TGSI_SEMANTICS(X)                                                                  \
    X(POSITION) X(COLOR) X(BCOLOR) X(FOG) X(PSIZE) X(GENERIC) X(NORMAL) X(FACE)            \
    X(EDGEFLAG) X(PRIMID) X(INSTANCEID) X(VERTEXID) X(STENCIL) X(CLIPDIST) X(CLIPVERTEX)   \
    X(GRID_SIZE) X(BLOCK_ID) X(BLOCK_SIZE) X(THREAD_ID) X(TEXCOORD) X(PCOORD)              \
    X(VIEWPORT_INDEX) X(LAYER) X(SAMPLEID) X(SAMPLEPOS) X(SAMPLEMASK) X(INVOCATIONID)      \
    X(VERTEXID_NOBASE) X(BASEVERTEX) X(PATCH) X(TESSCOORD) X(TESSOUTER) X(TESSINNER)       \
    X(VERTICESIN) X(HELPER_INVOCATION) X(BASEINSTANCE) X(DRAWID) X(WORK_DIM)               \
    X(SUBGROUP_SIZE) X(SUBGROUP_INVOCATION) X(SUBGROUP_EQ_MASK) X(SUBGROUP_GE_MASK)        \
    X(SUBGROUP_GT_MASK) X(SUBGROUP_LE_MASK) X(SUBGROUP_LT_MASK) X(CS_USER_DATA_AMD)        \
    X(VIEWPORT_MASK) X(TESS_DEFAULT_OUTER_LEVEL) X(TESS_DEFAULT_INNER_LEVEL)

typedef enum tgsi_semantic {
#define TGSI_X_ENUM(name) TGSI_SEMANTIC_##name,
    TGSI_SEMANTICS(TGSI_X_ENUM)
#undef TGSI_X_ENUM
    TGSI_SEMANTIC_COUNT
} tgsi_semantic;

typedef enum tgsi_interpolate {
    TGSI_INTERPOLATE_NONE, /* not written in the text */
    TGSI_INTERPOLATE_CONSTANT,
    TGSI_INTERPOLATE_LINEAR,
    TGSI_INTERPOLATE_PERSPECTIVE,
    TGSI_INTERPOLATE_COLOR, /* flat or smooth as the rasterizer state says */
} tgsi_interpolate;

typedef enum tgsi_interpolate_loc {
    TGSI_INTERPOLATE_LOC_CENTER, /* not written in the text */
    TGSI_INTERPOLATE_LOC_CENTROID,
    TGSI_INTERPOLATE_LOC_SAMPLE,
} tgsi_interpolate_loc;

/* Texture targets, for instructions and SVIEW declarations (text names). */
#define TGSI_TEXTURES(X)                                                                   \
    X(BUFFER, "BUFFER") X(1D, "1D") X(2D, "2D") X(3D, "3D") X(CUBE, "CUBE")                \
    X(RECT, "RECT") X(SHADOW1D, "SHADOW1D") X(SHADOW2D, "SHADOW2D")                        \
    X(SHADOWRECT, "SHADOWRECT") X(1D_ARRAY, "1D_ARRAY") X(2D_ARRAY, "2D_ARRAY")            \
    X(SHADOW1D_ARRAY, "SHADOW1D_ARRAY") X(SHADOW2D_ARRAY, "SHADOW2D_ARRAY")                \
    X(SHADOWCUBE, "SHADOWCUBE") X(2D_MSAA, "2D_MSAA") X(2D_ARRAY_MSAA, "2D_ARRAY_MSAA")    \
    X(CUBE_ARRAY, "CUBEARRAY") X(SHADOWCUBE_ARRAY, "SHADOWCUBEARRAY")

typedef enum tgsi_texture {
    TGSI_TEXTURE_UNKNOWN, /* no target written */
#define TGSI_X_ENUM(name, text) TGSI_TEXTURE_##name,
    TGSI_TEXTURES(TGSI_X_ENUM)
#undef TGSI_X_ENUM
    TGSI_TEXTURE_COUNT
} tgsi_texture;

/* SVIEW return types (text: UNORM SNORM SINT UINT FLOAT). */
typedef enum tgsi_return_type {
    TGSI_RETURN_TYPE_UNORM,
    TGSI_RETURN_TYPE_SNORM,
    TGSI_RETURN_TYPE_SINT,
    TGSI_RETURN_TYPE_UINT,
    TGSI_RETURN_TYPE_FLOAT,
    TGSI_RETURN_TYPE_COUNT
} tgsi_return_type;

/* Properties; enumerated values are stored as the numbers noted. */
#define TGSI_PROPERTIES(X)                                                                 \
    X(GS_INPUT_PRIMITIVE)          /* PIPE_PRIM order: POINTS 0 ... */                     \
    X(GS_OUTPUT_PRIMITIVE)                                                                 \
    X(GS_MAX_OUTPUT_VERTICES)                                                              \
    X(FS_COORD_ORIGIN)             /* UPPER_LEFT 0, LOWER_LEFT 1 */                        \
    X(FS_COORD_PIXEL_CENTER)       /* HALF_INTEGER 0, INTEGER 1 */                         \
    X(FS_COLOR0_WRITES_ALL_CBUFS)                                                          \
    X(FS_DEPTH_LAYOUT)             /* NONE 0, ANY 1, GREATER 2, LESS 3, UNCHANGED 4 */     \
    X(VS_PROHIBIT_UCPS)                                                                    \
    X(GS_INVOCATIONS)                                                                      \
    X(VS_WINDOW_SPACE_POSITION)                                                            \
    X(TCS_VERTICES_OUT)                                                                    \
    X(TES_PRIM_MODE)                                                                       \
    X(TES_SPACING)                                                                         \
    X(TES_VERTEX_ORDER_CW)                                                                 \
    X(TES_POINT_MODE)                                                                      \
    X(NUM_CLIPDIST_ENABLED)                                                                \
    X(NUM_CULLDIST_ENABLED)                                                                \
    X(FS_EARLY_DEPTH_STENCIL)                                                              \
    X(FS_POST_DEPTH_COVERAGE)                                                              \
    X(NEXT_SHADER)                 /* a tgsi_processor */                                  \
    X(CS_FIXED_BLOCK_WIDTH)                                                                \
    X(CS_FIXED_BLOCK_HEIGHT)                                                               \
    X(CS_FIXED_BLOCK_DEPTH)                                                                \
    X(MUL_ZERO_WINS)                                                                       \
    X(LEGACY_MATH_RULES)                                                                   \
    X(LAYER_VIEWPORT_RELATIVE)                                                             \
    X(FS_BLEND_EQUATION_ADVANCED)                                                          \
    X(SEPARABLE_PROGRAM)

typedef enum tgsi_property {
#define TGSI_X_ENUM(name) TGSI_PROPERTY_##name,
    TGSI_PROPERTIES(TGSI_X_ENUM)
#undef TGSI_X_ENUM
    TGSI_PROPERTY_COUNT
} tgsi_property;

typedef enum tgsi_imm_type {
    TGSI_IMM_FLOAT32,
    TGSI_IMM_UINT32,
    TGSI_IMM_INT32,
    TGSI_IMM_FLOAT64, /* two doubles in the four 32-bit words, low word first */
} tgsi_imm_type;

/* Memory qualifiers of resource instructions (text: COHERENT RESTRICT
 * VOLATILE), a bit mask. */
#define TGSI_MEMORY_COHERENT 0x1u
#define TGSI_MEMORY_RESTRICT 0x2u
#define TGSI_MEMORY_VOLATILE 0x4u

/* Swizzle components. */
enum { TGSI_SWIZZLE_X, TGSI_SWIZZLE_Y, TGSI_SWIZZLE_Z, TGSI_SWIZZLE_W };

/* ---- program ------------------------------------------------------------- */

/* One dimension of a register reference: FILE[index] or, when indirect,
 * FILE[ADDR[ind_index].<ind_swizzle> + index] (ind_file is ADDRESS in
 * everything Mesa prints; TEMP is allowed too). array_id names the TEMP/IN/OUT
 * array an indirect access stays inside ("(1)" after the bracket); 0 = none. */
typedef struct tgsi_index {
    int32_t index;
    bool indirect;
    uint8_t ind_file;    /* tgsi_file */
    uint8_t ind_swizzle; /* TGSI_SWIZZLE_* */
    int32_t ind_index;
    uint16_t array_id;
} tgsi_index;

typedef struct tgsi_dst {
    uint8_t file;       /* tgsi_file */
    uint8_t num_dims;   /* 1, or 2 for 2-D files (CONST, per-vertex IN/OUT) */
    uint8_t write_mask; /* bit c for component c; 0xf when none written */
    tgsi_index dim;     /* first bracket when num_dims == 2 */
    tgsi_index reg;     /* the register index (last bracket) */
} tgsi_dst;

typedef struct tgsi_src {
    uint8_t file;
    uint8_t num_dims;
    uint8_t swizzle[4]; /* TGSI_SWIZZLE_*; identity when none written */
    bool negate;
    bool absolute;
    tgsi_index dim;
    tgsi_index reg;
} tgsi_src;

#define TGSI_MAX_DST 2
#define TGSI_MAX_SRC 5
#define TGSI_MAX_TEX_OFFSETS 4

typedef struct tgsi_inst {
    uint16_t opcode; /* tgsi_opcode */
    bool saturate;   /* _SAT */
    bool precise;    /* _PRECISE */
    uint8_t num_dst, num_src;
    uint8_t tex_target;         /* tgsi_texture, for TGSI_OPF_TEX opcodes */
    uint8_t tex_return_type;    /* tgsi_return_type when printed, else 0xff */
    uint8_t num_tex_offsets;
    uint8_t mem_qualifier;      /* TGSI_MEMORY_* */
    uint8_t mem_target;         /* tgsi_texture of an IMAGE access, or UNKNOWN */
    uint16_t mem_format;        /* index into tgsi_format_names(), 0 = none */
    int32_t label;              /* branch target instruction, -1 = none */
    tgsi_dst dst[TGSI_MAX_DST];
    tgsi_src src[TGSI_MAX_SRC];
    tgsi_src tex_offsets[TGSI_MAX_TEX_OFFSETS];
    uint32_t line; /* 1-based source line, for messages */
} tgsi_inst;

typedef struct tgsi_decl {
    uint8_t file;
    bool has_dim;          /* 2-D declaration: CONST[b][...], IN[n][...], IN[][...] */
    int32_t dim;           /* CONST buffer / vertex count; -1 for "[]" */
    int32_t first, last;   /* register range */
    uint8_t usage_mask;    /* .xyzw after the register; 0xf when none written */
    bool has_semantic;
    uint8_t semantic_name; /* tgsi_semantic */
    uint32_t semantic_index;
    uint8_t interp;        /* tgsi_interpolate */
    uint8_t location;      /* tgsi_interpolate_loc */
    uint16_t array_id;     /* ARRAY(n); 0 = none */
    bool local;            /* LOCAL */
    bool invariant;        /* INVARIANT */
    /* SVIEW: target and per-component return types. IMAGE/BUFFER: target,
     * format, WR/RAW/ATOMIC flags. MEMORY: type (SHARED/GLOBAL/...). */
    uint8_t resource_target;    /* tgsi_texture */
    uint8_t return_type[4];     /* tgsi_return_type */
    uint16_t format;            /* index into tgsi_format_names(), 0 = none */
    bool writable, raw, atomic; /* WR, RAW, ATOMIC */
    uint8_t memory_type;        /* 0 GLOBAL, 1 SHARED, 2 PRIVATE, 3 INPUT */
    uint8_t stream[4];          /* GS output streams; 0 when not written */
    uint32_t line;
} tgsi_decl;

typedef struct tgsi_immediate {
    uint8_t type; /* tgsi_imm_type */
    uint8_t count; /* values written, 1..4 (FLT64: 2 or 4 words) */
    uint32_t bits[4];
    uint32_t line;
} tgsi_immediate;

typedef struct tgsi_prop {
    uint8_t name; /* tgsi_property */
    uint32_t value;
    uint32_t line;
} tgsi_prop;

typedef struct tgsi_program {
    tgsi_processor processor;
    tgsi_prop *props;
    uint32_t num_props;
    tgsi_decl *decls; /* in text order */
    uint32_t num_decls;
    tgsi_immediate *imms; /* IMM[i] is imms[i] */
    uint32_t num_imms;
    tgsi_inst *insts; /* instruction i is insts[i] */
    uint32_t num_insts;
    uint32_t end_inst; /* index of the END of the main program */
} tgsi_program;

typedef struct tgsi_error {
    uint32_t line, column; /* 1-based; 0 when the error has no position */
    char message[256];
} tgsi_error;

/* ---- opcode and name tables (tgsi_info.c) -------------------------------- */

typedef struct tgsi_opcode_info {
    const char *name;
    uint8_t num_dst, num_src;
    uint8_t dst_type, src_type; /* tgsi_type */
    uint32_t flags;             /* TGSI_OPF_* */
} tgsi_opcode_info;

const tgsi_opcode_info *tgsi_opcode_get_info(unsigned opcode);
/* Type of source `index` of `opcode` (most are the table's src_type; e.g.
 * LDEXP's src1 is I, UCMP's src1/src2 are N, IBFE's src1/src2 are U). */
tgsi_type tgsi_opcode_src_type(unsigned opcode, unsigned index);
const char *tgsi_file_name(unsigned file);
const char *tgsi_semantic_name(unsigned semantic);
const char *tgsi_texture_name(unsigned texture);
const char *tgsi_processor_name(unsigned processor);
const char *tgsi_property_name(unsigned property);
/* Image formats named in IMAGE declarations and memory instructions
 * (PIPE_FORMAT_*): index 0 is "" (none). */
const char *tgsi_format_name(unsigned index);
unsigned tgsi_format_count(void);

/* ---- parse, validate, print (tgsi_parse.c, tgsi_validate.c, tgsi_print.c) */

/* Parses `len` bytes of text (need not be NUL-terminated) and validates the
 * result. On success *out owns a new program. On failure returns false,
 * *out is NULL and err says where and why. */
bool tgsi_parse(const char *text, size_t len, tgsi_program **out, tgsi_error *err);

/* Checks a program built in memory (the parser calls it too). */
bool tgsi_validate(const tgsi_program *prog, tgsi_error *err);

/* Prints the program in text form into a malloc'ed NUL-terminated string
 * (caller frees), or NULL when out of memory. */
char *tgsi_print(const tgsi_program *prog);

bool tgsi_program_equal(const tgsi_program *a, const tgsi_program *b);
void tgsi_program_free(tgsi_program *prog);

/* Building blocks for programs made or changed in memory (the parser,
 * shader variants, preambles): zeroed values with the fields every one
 * needs set. An instruction has no label and no texture return type; a
 * register operand is one-dimensional and reads .xyzw; a declared range
 * has usage .xyzw. */
tgsi_inst tgsi_inst_new(unsigned opcode, unsigned num_dst, unsigned num_src);
tgsi_dst tgsi_dst_reg(unsigned file, int32_t index, uint8_t write_mask);
tgsi_src tgsi_src_reg(unsigned file, int32_t index);
tgsi_decl tgsi_decl_range(unsigned file, int32_t first, int32_t last);

/* 64-bit FNV-1a of bytes; the shader cache keys on it. */
uint64_t tgsi_hash(const void *data, size_t len, uint64_t seed);

#endif /* SWR_TGSI_H */
