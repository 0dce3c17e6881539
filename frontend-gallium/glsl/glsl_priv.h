/*
 * glsl_priv.h: what the three files of the GLSL path share (C++ only).
 *
 *   glsl_api.cpp      the C API (swr_glsl.h): the objects behind its handles,
 *                     argument checks, the stand-in for a missing stage,
 *                     errors into logs, the reflection getters. It names no
 *                     glslang type.
 *   glsl_link.cpp     glslang's process state and parsing, the GLSL rules
 *                     glslang leaves to the linker, and the layout of every
 *                     interface: uniforms in CONST[0] and their initial
 *                     values, samplers, attribute locations and inputs,
 *                     varyings as GENERIC slots, fragment outputs; then per
 *                     stage the code generator and the TGSI optimizer, and
 *                     the reflection.
 *   glsl_codegen.cpp  one stage's glslang tree to TGSI text, in the
 *                     registers the link laid out.
 *
 * Calls go glsl_api -> glsl_link -> glsl_codegen. This header holds what
 * crosses those lines: the two objects (filled by the link, read by the
 * API); how GLSL types occupy vec4 slots (the layout and the code both
 * follow leaves()); the link context the code generator reads; and the
 * Unsupported exception, which the API turns into "ERROR: 0:LINE:
 * unsupported: ..." in the program log. Everything but the objects lives in
 * namespace glsl, which sees glslang's names.
 *
 * Thread: glslang keeps per-thread pool allocators; the link sets the
 * thread's pool around its work (see link_program), and nothing here keeps
 * glslang objects beyond one call.
 */
#ifndef SWR_GLSL_PRIV_H
#define SWR_GLSL_PRIV_H

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include <glslang/Include/PoolAlloc.h>
#include <glslang/Include/intermediate.h>
#include <glslang/MachineIndependent/localintermediate.h>
#include <glslang/Public/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>
#pragma GCC diagnostic pop

extern "C" {
#include "frontend-gallium/glsl/swr_glsl.h"
}

/* ---- the objects behind the C API's handles ----------------------------- */

struct swr_glsl_shader {
    swr_glsl_stage stage;
    std::vector<std::string> sources;
    bool ok = false;
    std::string log;
    int max_version = 0; /* highest desktop #version; <= 0: no limit */
};

struct swr_glsl_program {
    bool ok = false;
    std::string log;
    std::string tgsi[SWR_GLSL_NUM_STAGES];
    bool has_gs = false;
    unsigned gs_input = 0, gs_output = 0, gs_vertices = 0; /* GL enums, GS_MAX_OUTPUT_VERTICES */
    std::vector<std::string> attrib_names, uniform_names;
    std::vector<swr_glsl_attrib> attribs;
    std::vector<swr_glsl_uniform> uniforms;
    unsigned num_const_regs = 0;
    std::vector<uint32_t> const_init; /* CONST[0] before any glUniform: the initializers */
    std::vector<unsigned> sampler_targets;
    std::vector<std::string> frag_names;
    std::vector<swr_glsl_frag_output> frag_outputs;
    /* uniform blocks: one entry per block (array element); the layout of
     * every uniform (default-block ones: -1s), parallel to `uniforms` */
    std::vector<std::string> block_names;
    std::vector<swr_glsl_uniform_block> blocks;
    std::vector<std::vector<int>> block_active;
    std::vector<swr_glsl_uniform_layout> layouts;
    /* transform feedback: the names asked for (swr_glsl_link_xfb), then
     * the link's answers (glsl_link.cpp, xfb_resolve) */
    std::vector<std::string> xfb_request;
    bool xfb_separate = false;
    std::vector<swr_glsl_xfb_varying> xfb_varyings; /* names: xfb_request's */
    std::vector<swr_glsl_xfb_output> xfb_outputs;
    unsigned xfb_stride[4] = {0, 0, 0, 0};
};

namespace glsl
{

using namespace glslang;

/* ---- errors ------------------------------------------------------------- */

/* Thrown for internal failures and constructs swr does not translate; the
 * API catches it (glsl_api.cpp). */
struct Unsupported {
    int line;
    std::string what;
};

[[noreturn]] inline void unsupported(int line, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    throw Unsupported{line, buf};
}

inline EShLanguage lang_of(int stage)
{
    return stage == SWR_GLSL_VERTEX ? EShLangVertex : stage == SWR_GLSL_GEOMETRY ? EShLangGeometry : EShLangFragment;
}

/* ---- types as vec4 slots (glsl_link.cpp) -------------------------------- */

/* What a slot's components hold: float, int, uint or bool (~0 / 0). */
enum Kind : uint8_t { KF, KI, KU, KB };

/* One vec4 slot of a value: n components (1..4) of one kind. */
struct Leaf {
    int n;
    Kind k;
};

Kind kind_of(const TType &t);
/* The slots of a type in order: array elements, struct members, matrix
 * columns one slot each; samplers take none. Every register layout (TEMP
 * arrays, CONST[0], GENERIC varyings, attribute inputs) follows it. */
void leaves(const TType &t, std::vector<Leaf> &out);
int slots_of(const TType &t);
/* Samplers inside a type, in leaf order. */
int samplers_of(const TType &t);
unsigned tex_target(const TSampler &s); /* TGSI_TEXTURE_* */
unsigned gl_type_of(const TType &t);    /* GL_FLOAT_VEC4, GL_SAMPLER_2D, ... */
inline int array_len(const TType &t, int dflt)
{
    return t.isSizedArray() ? t.getOuterArraySize() : dflt;
}

/* ---- the link context (glsl_link.cpp fills it, glsl_codegen.cpp reads it) */

struct UniformVar {
    std::string name;
    const TType *type;
    int reg, sampler;
    unsigned stage_mask;
};

/* Uniform blocks (GLSL 1.40): every block is laid out std140 (GL 3.1
 * section 2.11.4; shared and packed take the same offsets, which GL allows).
 * One leaf of a block, in leaves() order: n components of kind k at byte
 * `offset` of the block, `stride` bytes apart (4, or 16 for a column of a
 * row-major matrix, whose components sit in consecutive rows). */
struct BlockLeaf {
    int offset, n;
    Kind k;
    int stride;
};
/* std140 base alignment and size in bytes of a type in a block; rm: the
 * matrix layout inherited from the enclosing block or struct. */
int std140_align(const TType &t, bool rm);
int std140_size(const TType &t, bool rm);
/* The stride of consecutive elements of array type t. */
int std140_array_stride(const TType &t, bool rm);
/* rm as a member's own layout qualifier leaves it (row_major /
 * column_major, else inherited). */
bool member_row_major(const TType &m, bool inherited);
/* The leaves of t placed at byte base (aligned), appended to out. */
void std140_leaves(const TType &t, bool rm, int base, std::vector<BlockLeaf> &out);

struct BlockVar {
    std::string name;        /* block name as GL knows it (the type name) */
    const TType *type;       /* the instance's type (an array for block arrays) */
    bool anonymous;          /* no instance name: members are named bare */
    int cbuf[SWR_GLSL_NUM_STAGES];             /* per stage: element e is CONST[cbuf + e]; -1: not in the stage */
    int elements;            /* 1, or the array size */
    unsigned stage_mask;
    int size;                /* bytes of one element (GL_UNIFORM_BLOCK_DATA_SIZE) */
    std::vector<BlockLeaf> leaves; /* of one element */
};

struct VaryingSlot {
    int generic; /* first GENERIC index */
    const TType *vs_type;
};

struct AttribVar {
    std::string name;
    const TType *type;
    int location, first_input, num_inputs;
};

struct LinkCtx {
    std::vector<UniformVar> uniforms;
    std::map<std::string, int> uniform_index;
    int num_const_regs = 0;
    std::vector<BlockVar> blocks;
    std::map<std::string, int> block_index; /* by block name */
    std::vector<unsigned> sampler_targets;
    std::vector<AttribVar> attribs;
    std::map<std::string, VaryingSlot> varyings;  /* user varyings read by the FS */
    /* With a geometry shader: the user varyings the GS reads from the VS
     * (`varyings` are then the GS outputs the FS reads), keyed by name, or
     * "Block.member" for members of interface blocks (as `varyings`). */
    bool has_gs = false;
    std::map<std::string, VaryingSlot> gs_varyings;
    std::map<std::string, const TType *> used[SWR_GLSL_NUM_STAGES]; /* globals referenced per stage */
    std::vector<std::string> order[SWR_GLSL_NUM_STAGES];            /* declaration order (linker objects) */
    std::map<std::string, const TType *> declared[SWR_GLSL_NUM_STAGES];
    bool uses_ftransform = false;
    /* GLSL 1.20 uniform initializers (the folded constant glslang keeps on
     * the uniform's symbols), per stage */
    std::map<std::string, TConstUnionArray> inits[SWR_GLSL_NUM_STAGES];
    /* FS user `out` variables: first COLOR index (glBindFragDataLocation or
     * the first free run in declaration order) */
    std::map<std::string, int> frag_loc;
    /* and their source index (ARB_blend_func_extended: 1 is the second
     * colour of draw buffer 0, TGSI COLOR[1]) */
    std::map<std::string, int> frag_index;
    TType mat4_type{EbtFloat, EvqUniform, 0, 4, 4};
    TType vec4_in_type{EbtFloat, EvqVaryingIn, 4};
};

inline bool is_uniform(const TType &t) { return t.getQualifier().storage == EvqUniform; }
inline bool is_uniform_block(const TType &t) { return is_uniform(t) && t.getBasicType() == EbtBlock; }

/* ---- entry points ------------------------------------------------------- */

/* glsl_codegen.cpp: the TGSI text of `stage` (SWR_GLSL_VERTEX/FRAGMENT/GEOMETRY) of
 * the linked intermediate `im`, in the layout of `ctx`, into `out`;
 * `optimize` allows loop unrolling. Throws Unsupported. */
void gen_stage(LinkCtx &ctx, int stage, TIntermediate *im, std::string &out, bool optimize);

/* glsl_link.cpp. process_init/fini: glslang's process state, counted (the
 * first init and the last fini do the work); false when glslang fails. */
bool process_init();
void process_fini();
/* Parses s's sources with glslang: sets s->ok and s->log (glslang's log,
 * then the rules it leaves unchecked). */
void compile_shader(swr_glsl_shader *s);
/* Links the shaders (each compiled, VS and FS present, a GS optional) into p: on success
 * p->ok, the TGSI of every stage and the reflection; otherwise p->log says
 * why. May throw Unsupported or std::exception. */
void link_program(swr_glsl_program *p, swr_glsl_shader *const *shaders, int count,
                  const swr_glsl_attrib_binding *bindings, int nbindings,
                  const swr_glsl_attrib_binding *frag_bindings, int nfrag);

/* Transform feedback (glsl_link.cpp, called by link_program). Gives the
 * user outputs of p->xfb_request that ctx.varyings lacks (outputs the FS
 * does not read) GENERIC slots from `gen` on; returns the next free one. */
int xfb_add_varyings(LinkCtx &ctx, const swr_glsl_program *p, int gen);
/* Once the VS's TGSI is final: resolves p->xfb_request into
 * p->xfb_varyings / xfb_outputs / xfb_stride; false with the reason in
 * p->log for a name the GL rules reject. */
bool xfb_resolve(const LinkCtx &ctx, swr_glsl_program *p);

} /* namespace glsl */

#endif /* SWR_GLSL_PRIV_H */
