/*
 * tgsi_info.c: the opcode table and the name tables of TGSI (tgsi.h).
 *
 * Everything here is constant data generated from the X-macro lists in
 * tgsi.h and tgsi_opcodes.h, plus the handful of opcodes whose sources are
 * not all of one type. Read by the parser, printer, validator and executors
 * on any thread.
 */
#include "tgsi/tgsi.h"

#include <assert.h>

#define T_N TGSI_TYPE_N
#define T_F TGSI_TYPE_F
#define T_I TGSI_TYPE_I
#define T_U TGSI_TYPE_U
#define T_D TGSI_TYPE_D
#define T_I64 TGSI_TYPE_I64
#define T_U64 TGSI_TYPE_U64

static const tgsi_opcode_info opcode_infos[] = {
#define X(name, nd, ns, dt, st, fl) {#name, nd, ns, T_##dt, T_##st, fl},
    TGSI_OPCODES(X)
#undef X
};
static_assert(sizeof(opcode_infos) / sizeof(opcode_infos[0]) == TGSI_OPCODE_COUNT,
              "opcode table matches the enum");

const tgsi_opcode_info *tgsi_opcode_get_info(unsigned opcode)
{
    return opcode < TGSI_OPCODE_COUNT ? &opcode_infos[opcode] : NULL;
}

tgsi_type tgsi_opcode_src_type(unsigned opcode, unsigned index)
{
    switch (opcode) {
    case TGSI_OPCODE_UCMP: /* selector is unsigned; the values move as bits */
        return index == 0 ? TGSI_TYPE_U : TGSI_TYPE_N;
    case TGSI_OPCODE_LDEXP: /* the exponent is an integer */
        return index == 1 ? TGSI_TYPE_I : TGSI_TYPE_F;
    case TGSI_OPCODE_DLDEXP:
        return index == 1 ? TGSI_TYPE_I : TGSI_TYPE_D;
    case TGSI_OPCODE_IBFE: /* value is signed; offset and bit count are counts */
        return index == 0 ? TGSI_TYPE_I : TGSI_TYPE_U;
    case TGSI_OPCODE_INTERP_SAMPLE: /* sample index */
        return index == 1 ? TGSI_TYPE_I : TGSI_TYPE_F;
    case TGSI_OPCODE_TXQ: /* the level */
        return TGSI_TYPE_I;
    case TGSI_OPCODE_SAMPLE_I_MS: /* coordinates and sample index */
        return index == 0 || index == 2 ? TGSI_TYPE_I : TGSI_TYPE_N;
    case TGSI_OPCODE_U64SHL:
    case TGSI_OPCODE_I64SHR:
    case TGSI_OPCODE_U64SHR: /* the shift count is 32-bit */
        return index == 1 ? TGSI_TYPE_U : opcode_infos[opcode].src_type;
    default:
        return opcode < TGSI_OPCODE_COUNT ? (tgsi_type)opcode_infos[opcode].src_type
                                          : TGSI_TYPE_N;
    }
}

static const char *const file_names[] = {
    "NULL", "CONST", "IN", "OUT", "TEMP", "SAMP", "ADDR", "IMM", "SV",
    "IMAGE", "SVIEW", "BUFFER", "MEMORY", "HWATOMIC",
};
static_assert(sizeof(file_names) / sizeof(file_names[0]) == TGSI_FILE_COUNT,
              "one name per register file");

const char *tgsi_file_name(unsigned file)
{
    return file < TGSI_FILE_COUNT ? file_names[file] : NULL;
}

static const char *const semantic_names[] = {
#define X(name) #name,
    TGSI_SEMANTICS(X)
#undef X
};
static_assert(sizeof(semantic_names) / sizeof(semantic_names[0]) == TGSI_SEMANTIC_COUNT,
              "one name per semantic");

const char *tgsi_semantic_name(unsigned semantic)
{
    return semantic < TGSI_SEMANTIC_COUNT ? semantic_names[semantic] : NULL;
}

static const char *const texture_names[] = {
    "UNKNOWN",
#define X(name, text) text,
    TGSI_TEXTURES(X)
#undef X
};
static_assert(sizeof(texture_names) / sizeof(texture_names[0]) == TGSI_TEXTURE_COUNT,
              "one name per texture target");

const char *tgsi_texture_name(unsigned texture)
{
    return texture < TGSI_TEXTURE_COUNT ? texture_names[texture] : NULL;
}

static const char *const processor_names[] = {
    "VERT", "FRAG", "GEOM", "TESS_CTRL", "TESS_EVAL", "COMP",
};
static_assert(sizeof(processor_names) / sizeof(processor_names[0]) == TGSI_PROCESSOR_COUNT,
              "one name per processor");

const char *tgsi_processor_name(unsigned processor)
{
    return processor < TGSI_PROCESSOR_COUNT ? processor_names[processor] : NULL;
}

static const char *const property_names[] = {
#define X(name) #name,
    TGSI_PROPERTIES(X)
#undef X
};
static_assert(sizeof(property_names) / sizeof(property_names[0]) == TGSI_PROPERTY_COUNT,
              "one name per property");

const char *tgsi_property_name(unsigned property)
{
    return property < TGSI_PROPERTY_COUNT ? property_names[property] : NULL;
}

/* The image formats GLSL's layout qualifiers name (ARB_shader_image_load_store),
 * which is what IMAGE declarations and memory instructions carry. */
static const char *const format_names[] = {
    "",
    "PIPE_FORMAT_R32G32B32A32_FLOAT", "PIPE_FORMAT_R16G16B16A16_FLOAT",
    "PIPE_FORMAT_R32G32_FLOAT",       "PIPE_FORMAT_R16G16_FLOAT",
    "PIPE_FORMAT_R11G11B10_FLOAT",    "PIPE_FORMAT_R32_FLOAT",
    "PIPE_FORMAT_R16_FLOAT",          "PIPE_FORMAT_R16G16B16A16_UNORM",
    "PIPE_FORMAT_R10G10B10A2_UNORM",  "PIPE_FORMAT_R8G8B8A8_UNORM",
    "PIPE_FORMAT_R16G16_UNORM",       "PIPE_FORMAT_R8G8_UNORM",
    "PIPE_FORMAT_R16_UNORM",          "PIPE_FORMAT_R8_UNORM",
    "PIPE_FORMAT_R16G16B16A16_SNORM", "PIPE_FORMAT_R8G8B8A8_SNORM",
    "PIPE_FORMAT_R16G16_SNORM",       "PIPE_FORMAT_R8G8_SNORM",
    "PIPE_FORMAT_R16_SNORM",          "PIPE_FORMAT_R8_SNORM",
    "PIPE_FORMAT_R32G32B32A32_UINT",  "PIPE_FORMAT_R16G16B16A16_UINT",
    "PIPE_FORMAT_R10G10B10A2_UINT",   "PIPE_FORMAT_R8G8B8A8_UINT",
    "PIPE_FORMAT_R32G32_UINT",        "PIPE_FORMAT_R16G16_UINT",
    "PIPE_FORMAT_R8G8_UINT",          "PIPE_FORMAT_R32_UINT",
    "PIPE_FORMAT_R16_UINT",           "PIPE_FORMAT_R8_UINT",
    "PIPE_FORMAT_R32G32B32A32_SINT",  "PIPE_FORMAT_R16G16B16A16_SINT",
    "PIPE_FORMAT_R8G8B8A8_SINT",      "PIPE_FORMAT_R32G32_SINT",
    "PIPE_FORMAT_R16G16_SINT",        "PIPE_FORMAT_R8G8_SINT",
    "PIPE_FORMAT_R32_SINT",           "PIPE_FORMAT_R16_SINT",
    "PIPE_FORMAT_R8_SINT",            "PIPE_FORMAT_NONE",
};

const char *tgsi_format_name(unsigned index)
{
    return index < tgsi_format_count() ? format_names[index] : NULL;
}

unsigned tgsi_format_count(void)
{
    return (unsigned)(sizeof(format_names) / sizeof(format_names[0]));
}

uint64_t tgsi_hash(const void *data, size_t len, uint64_t seed)
{
    /* FNV-1a, 64-bit: offset basis 14695981039346656037, prime 2^40 + 2^8 + 0xb3. */
    const uint8_t *p = data;
    uint64_t h = 14695981039346656037ull ^ seed;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}
