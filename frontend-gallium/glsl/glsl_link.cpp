/*
 * glsl_link.cpp: parsing with glslang, the link of the stages (VS and FS,
 * and a GS between them when the program has one) and the layout of their
 * interfaces (glsl_priv.h: process_init, compile_shader,
 * link_program).
 *
 * Compile parses a shader with glslang for its log (the API keeps the
 * source). Link parses every shader again into fresh glslang objects (so a
 * shader may take part in any number of programs, from any thread), checks
 * what glslang leaves to the linker (varyings the FS reads are written by
 * the VS with the same type and, in GLSL 1.30, interpolation; colour
 * qualifiers agree; one kind of fragment output; gl_Position written),
 * links, and lays out the interfaces:
 *  - uniforms: CONST[0] registers in declaration order, VS first, each of
 *    slots_of() registers; sampler numbers in the same order; the initial
 *    CONST[0] words from GLSL 1.20 initializers;
 *  - uniform blocks: by block name, each element its own constant buffer
 *    CONST[1..12], numbered per stage, members at their std140 byte offsets (the rules are
 *    written out above std140_align), whatever layout the block names;
 *  - attributes: the built-ins at their NVIDIA-aliased locations, bound ones
 *    where glBindAttribLocation put them, the rest at the first free run;
 *    IN registers follow the locations in order;
 *  - varyings: user varyings the FS reads, sorted by name, GENERIC[8] on
 *    (0..7 are gl_TexCoord's); members of in/out interface blocks as
 *    "Block.member" among them (blocks match by block name); with a GS the
 *    same twice, VS -> GS (assign_varyings into gs_varyings, the GS inputs
 *    being per-vertex arrays of the VS outputs) and GS -> FS;
 *  - geometry shader layout: GS_* properties from the layout qualifiers and
 *    the GL_GEOMETRY_* answers (gs_reflect);
 *  - transform feedback (at the end of this file): the captured names
 *    resolved against the output declarations of the final text of the
 *    last vertex-processing stage (the GS if any, GL 3.2 section 2.15) into
 *    pipe_stream_output-shaped entries, with the GL 3.0 link errors (the
 *    transform feedback varyings the FS does not read get GENERIC slots
 *    after the FS's);
 *  - fragment outputs: gl_FragColor / gl_FragData, or the 1.30 `out`
 *    variables where glBindFragDataLocation put them or at the first free
 *    run of the 8 draw buffers.
 * Then each stage goes through the code generator (glsl_codegen.cpp), the
 * integer samplers' SVIEW types are fixed up, the text is parsed back as a
 * self check and optimized (tgsi/tgsi_opt.h) unless SWR_GLSL_OPT=0, and the
 * reflection (attributes, flattened uniforms, fragment outputs, sampler
 * targets) is filled in. How GLSL types map to slots (leaves()) is here
 * too: it is the layout every register file follows.
 */
#include "frontend-gallium/glsl/glsl_priv.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

extern "C" {
#include "common/shader_abi.h"
#include "tgsi/tgsi.h"
#include "tgsi/tgsi_opt.h"
}

namespace glsl {

/* ---- types as vec4 slots ------------------------------------------------ */

Kind kind_of(const TType &t)
{
    switch (t.getBasicType()) {
    case EbtInt: return KI;
    case EbtUint: return KU;
    case EbtBool: return KB;
    default: return KF;
    }
}

void leaves(const TType &t, std::vector<Leaf> &out)
{
    if (t.isArray()) {
        /* unsized: only the built-in gl_TexCoord / gl_FragData / gl_ClipDistance (8) */
        int n = t.isSizedArray() ? t.getOuterArraySize() : 8;
        TType e(t, 0);
        std::vector<Leaf> one;
        leaves(e, one);
        for (int i = 0; i < n; i++)
            out.insert(out.end(), one.begin(), one.end());
    } else if (t.isStruct()) {
        for (const TTypeLoc &m : *t.getStruct())
            leaves(*m.type, out);
    } else if (t.getBasicType() == EbtSampler) {
    } else if (t.isMatrix()) {
        for (int c = 0; c < t.getMatrixCols(); c++)
            out.push_back({t.getMatrixRows(), kind_of(t)});
    } else {
        out.push_back({std::max(1, t.getVectorSize()), kind_of(t)});
    }
}

/* What GL_MAX_{VERTEX,FRAGMENT}_UNIFORM_COMPONENTS report: the pipe
 * driver's 64 KiB constant buffer (frontend-gallium/pipe/swrp_screen.c). */
static const long long MAX_UNIFORM_COMPONENTS = 16384;
/* Temporary vec4 slots a shader may declare (locals and globals). */
static const long long MAX_TEMP_SLOTS = 65536;

int slots_of(const TType &t)
{
    std::vector<Leaf> l;
    leaves(t, l);
    return (int)l.size();
}

/* ---- std140 (GL 3.1 section 2.11.4, "Standard Uniform Block Layout") ---
 * Rules as numbered there: (1) a scalar aligns to 4 bytes; (2)/(3) vec2 to
 * 8, vec3 and vec4 to 16; (4) an array of scalars or vectors aligns to, and
 * strides by, its element's alignment rounded up to 16; (5)/(6) a
 * column-major matCxR is an array of C vecR, (7) a row-major one an array of
 * R vecC; (9) a struct aligns to its largest member alignment rounded up to
 * 16 and its size is padded to that; (10) an array of structs strides by the
 * padded struct size. */

static int round_up(int v, int a) { return (v + a - 1) / a * a; }

bool member_row_major(const TType &m, bool inherited)
{
    TLayoutMatrix lm = m.getQualifier().layoutMatrix;
    return lm == ElmRowMajor ? true : lm == ElmColumnMajor ? false : inherited;
}

int std140_align(const TType &t, bool rm)
{
    if (t.isArray())
        return round_up(std140_align(TType(t, 0), rm), 16);
    if (t.isStruct()) {
        int a = 16;
        for (const TTypeLoc &m : *t.getStruct())
            a = std::max(a, std140_align(*m.type, member_row_major(*m.type, rm)));
        return round_up(a, 16);
    }
    if (t.isMatrix())
        return 16;
    int n = std::max(1, t.getVectorSize());
    return n == 1 ? 4 : n == 2 ? 8 : 16;
}

int std140_array_stride(const TType &t, bool rm)
{
    TType e(t, 0);
    return round_up(std140_size(e, rm), std140_align(t, rm));
}

int std140_size(const TType &t, bool rm)
{
    if (t.isArray())
        return array_len(t, 1) * std140_array_stride(t, rm);
    if (t.isStruct()) {
        int at = 0;
        for (const TTypeLoc &m : *t.getStruct()) {
            bool mrm = member_row_major(*m.type, rm);
            at = round_up(at, std140_align(*m.type, mrm)) + std140_size(*m.type, mrm);
        }
        return round_up(at, std140_align(t, rm));
    }
    if (t.isMatrix())
        return 16 * (rm ? t.getMatrixRows() : t.getMatrixCols());
    return 4 * std::max(1, t.getVectorSize());
}

void std140_leaves(const TType &t, bool rm, int base, std::vector<BlockLeaf> &out)
{
    if (t.isArray()) {
        TType e(t, 0);
        int stride = std140_array_stride(t, rm);
        for (int i = 0; i < array_len(t, 1); i++)
            std140_leaves(e, rm, base + i * stride, out);
    } else if (t.isStruct()) {
        int at = base;
        for (const TTypeLoc &m : *t.getStruct()) {
            bool mrm = member_row_major(*m.type, rm);
            at = round_up(at, std140_align(*m.type, mrm));
            std140_leaves(*m.type, mrm, at, out);
            at += std140_size(*m.type, mrm);
        }
    } else if (t.isMatrix()) {
        for (int c = 0; c < t.getMatrixCols(); c++) {
            if (rm)
                out.push_back({base + 4 * c, t.getMatrixRows(), kind_of(t), 16});
            else
                out.push_back({base + 16 * c, t.getMatrixRows(), kind_of(t), 4});
        }
    } else if (t.getBasicType() != EbtSampler) {
        out.push_back({base, std::max(1, t.getVectorSize()), kind_of(t), 4});
    }
}

/* slots_of without building the leaves: saturates at 2^40 instead of
 * expanding a[100000000] (the size checks below run before anything is
 * laid out). */
static long long slots_counted(const TType &t)
{
    const long long cap = 1LL << 40;
    if (t.isArray()) {
        long long n = t.isSizedArray() ? t.getOuterArraySize() : 8;
        long long e = slots_counted(TType(t, 0));
        return n > 0 && e > cap / n ? cap : n * e;
    }
    if (t.isStruct()) {
        long long n = 0;
        for (const TTypeLoc &m : *t.getStruct())
            n = std::min(cap, n + slots_counted(*m.type));
        return n;
    }
    if (t.getBasicType() == EbtSampler)
        return 0;
    return t.isMatrix() ? t.getMatrixCols() : 1;
}

/* Sums the vec4 slots of each class of variable a shader declares. */
class SizeScan : public TIntermTraverser {
  public:
    struct Class {
        long long slots = 0;
        int line = 0;
        std::string name; /* the largest one */
        long long largest = 0;
    } uniforms, io, temps;
    std::map<long long, bool> seen;
    void visitSymbol(TIntermSymbol *s) override
    {
        if (!seen.emplace(s->getId(), true).second)
            return;
        const TType &t = s->getType();
        TStorageQualifier q = t.getQualifier().storage;
        if (q == EvqConst || q == EvqConstReadOnly)
            return;
        /* (a uniform block is in a buffer, not in CONST[0]: the link checks
         * it against GL_MAX_UNIFORM_BLOCK_SIZE) */
        if (is_uniform_block(t))
            return;
        Class &c = q == EvqUniform ? uniforms : (q == EvqVaryingIn || q == EvqVaryingOut) ? io : temps;
        long long n = slots_counted(t);
        c.slots = std::min(1LL << 40, c.slots + n);
        if (n > c.largest) {
            c.largest = n;
            c.name = s->getName().c_str();
            c.line = s->getLoc().line;
        }
    }
};

int samplers_of(const TType &t)
{
    if (t.isArray())
        return (t.isSizedArray() ? t.getOuterArraySize() : 8) * samplers_of(TType(t, 0));
    if (t.isStruct()) {
        int n = 0;
        for (const TTypeLoc &m : *t.getStruct())
            n += samplers_of(*m.type);
        return n;
    }
    return t.getBasicType() == EbtSampler ? 1 : 0;
}

unsigned tex_target(const TSampler &s)
{
    switch (s.dim) {
    case Esd1D:
        if (s.arrayed) return s.shadow ? TGSI_TEXTURE_SHADOW1D_ARRAY : TGSI_TEXTURE_1D_ARRAY;
        return s.shadow ? TGSI_TEXTURE_SHADOW1D : TGSI_TEXTURE_1D;
    case Esd2D:
        if (s.ms) return s.arrayed ? TGSI_TEXTURE_2D_ARRAY_MSAA : TGSI_TEXTURE_2D_MSAA;
        if (s.arrayed) return s.shadow ? TGSI_TEXTURE_SHADOW2D_ARRAY : TGSI_TEXTURE_2D_ARRAY;
        return s.shadow ? TGSI_TEXTURE_SHADOW2D : TGSI_TEXTURE_2D;
    case Esd3D: return TGSI_TEXTURE_3D;
    case EsdCube:
        if (s.arrayed) return s.shadow ? TGSI_TEXTURE_SHADOWCUBE_ARRAY : TGSI_TEXTURE_CUBE_ARRAY;
        return s.shadow ? TGSI_TEXTURE_SHADOWCUBE : TGSI_TEXTURE_CUBE;
    case EsdRect: return s.shadow ? TGSI_TEXTURE_SHADOWRECT : TGSI_TEXTURE_RECT;
    case EsdBuffer: return TGSI_TEXTURE_BUFFER;
    default: return TGSI_TEXTURE_UNKNOWN;
    }
}

unsigned gl_type_of(const TType &t)
{
    if (t.getBasicType() == EbtSampler) {
        const TSampler &s = t.getSampler();
        static const unsigned f[] = {0x8B5D, 0x8B5E, 0x8B5F, 0x8B60, 0x8B63, 0x8DC2};
        static const unsigned fi[] = {0x8DC9, 0x8DCA, 0x8DCB, 0x8DCC, 0x8DCD, 0x8DD0};
        static const unsigned fu[] = {0x8DD1, 0x8DD2, 0x8DD3, 0x8DD4, 0x8DD5, 0x8DD8};
        int d = s.dim == Esd1D ? 0 : s.dim == Esd2D ? 1 : s.dim == Esd3D ? 2 : s.dim == EsdCube ? 3
                : s.dim == EsdRect ? 4 : 5;
        if (s.shadow) {
            if (s.arrayed) return d == 0 ? 0x8DC3 : 0x8DC4;
            return d == 0 ? 0x8B61 : d == 1 ? 0x8B62 : d == 3 ? 0x8DC5 : 0x8B64;
        }
        if (s.arrayed) {
            unsigned base = s.type == EbtInt ? 0x8DCE : s.type == EbtUint ? 0x8DD6 : 0x8DC0;
            return base + (d == 0 ? 0 : 1);
        }
        return (s.type == EbtInt ? fi : s.type == EbtUint ? fu : f)[d];
    }
    if (t.isMatrix()) {
        int c = t.getMatrixCols(), r = t.getMatrixRows();
        if (c == r) return 0x8B5A + (c - 2);
        static const unsigned nsq[3][3] = {{0, 0x8B65, 0x8B66}, {0x8B67, 0, 0x8B68}, {0x8B69, 0x8B6A, 0}};
        return nsq[c - 2][r - 2];
    }
    int n = std::max(1, t.getVectorSize());
    switch (t.getBasicType()) {
    case EbtInt: return n == 1 ? 0x1404 : 0x8B53 + (n - 2);
    case EbtUint: return n == 1 ? 0x1405 : 0x8DC6 + (n - 2);
    case EbtBool: return n == 1 ? 0x8B56 : 0x8B57 + (n - 2);
    default: return n == 1 ? 0x1406 : 0x8B50 + (n - 2);
    }
}

namespace {

/* ---- process state ------------------------------------------------------ */

std::mutex g_init_lock;
int g_init_count;
TBuiltInResource g_res;

void init_resources()
{
    g_res = *GetDefaultResources();
    g_res.maxLights = 8;
    g_res.maxClipPlanes = 8;
    g_res.maxTextureUnits = 8;
    g_res.maxTextureCoords = 8;
    g_res.maxVertexAttribs = 16;
    g_res.maxVertexUniformComponents = 4096;
    g_res.maxVaryingFloats = 64;
    g_res.maxVertexTextureImageUnits = 16;
    g_res.maxCombinedTextureImageUnits = 32;
    g_res.maxTextureImageUnits = 16;
    g_res.maxFragmentUniformComponents = 4096;
    g_res.maxDrawBuffers = 8;
    g_res.maxVertexUniformVectors = 1024;
    g_res.maxVaryingVectors = 16;
    g_res.maxFragmentUniformVectors = 1024;
    g_res.maxClipDistances = 8;
    g_res.maxVaryingComponents = 64;
    /* geometry shaders: what the engine runs (common/shader_abi.h
     * SWR_GS_MAX_OUT_VERTICES / SWR_GS_MAX_OUT_COMPONENTS) */
    g_res.maxGeometryOutputVertices = 1024;
    g_res.maxGeometryTotalOutputComponents = 1024;
    g_res.maxGeometryOutputComponents = 128;
    g_res.maxGeometryInputComponents = 64;
    g_res.maxGeometryVaryingComponents = 64;
    g_res.maxGeometryUniformComponents = 4096;
    g_res.maxGeometryTextureImageUnits = 16;
}

/* ---- what each stage uses and declares ---------------------------------- */

/* Records the initializer of a uniform symbol, if it has one. */
void note_init(LinkCtx *ctx, int stage, const std::string &name, const TIntermSymbol *s)
{
    if (is_uniform(s->getType()) && !s->getConstArray().empty())
        ctx->inits[stage].emplace(name, s->getConstArray());
}

/* GLSL 1.40+ declares the vertex outputs gl_Position, gl_PointSize,
 * gl_ClipDistance (and gl_ClipVertex) as members of the built-in block
 * gl_PerVertex; glslang reads `gl_Position` as a member of an anonymous
 * block. The rest of this file and the code generator know them as plain
 * built-in variables (GLSL 1.10-1.30), so each access to a member of
 * gl_PerVertex becomes a symbol of that member's name, type and built-in
 * storage, before anything looks at the tree. */
class PerVertexFlattener : public TIntermTraverser {
  public:
    TIntermTyped *flat(TIntermNode *n)
    {
        TIntermBinary *b = n ? n->getAsBinaryNode() : nullptr;
        if (!b || b->getOp() != EOpIndexDirectStruct || !b->getLeft()->getAsSymbolNode())
            return nullptr;
        const TType &bt = b->getLeft()->getType();
        if (bt.getBasicType() != EbtBlock || bt.getTypeName() != "gl_PerVertex" || !bt.getStruct())
            return nullptr;
        int k = b->getRight()->getAsConstantUnion()->getConstArray()[0].getIConst();
        const TType &mt = *(*bt.getStruct())[k].type;
        TType *t = new TType;
        t->shallowCopy(mt);
        TQualifier &q = t->getQualifier();
        switch (q.builtIn) {
        case EbvPosition: q.storage = EvqPosition; break;
        case EbvPointSize: q.storage = EvqPointSize; break;
        case EbvClipVertex: q.storage = EvqClipVertex; break;
        default: q.storage = EvqVaryingOut; break;
        }
        /* A synthetic id per member; in unsigned arithmetic, since a
         * redeclared built-in block's id (glslang's built-in range) times 64
         * overflows a signed long long. */
        unsigned long long member_id = (unsigned long long)b->getLeft()->getAsSymbolNode()->getId() * 64u + k + 1u;
        TIntermSymbol *sym = new TIntermSymbol((long long)member_id, mt.getFieldName(), *t);
        sym->setLoc(b->getLoc());
        return sym;
    }
    bool visitBinary(TVisit, TIntermBinary *b) override
    {
        if (TIntermTyped *r = flat(b->getLeft()))
            b->setLeft(r);
        if (TIntermTyped *r = flat(b->getRight()))
            b->setRight(r);
        return true;
    }
    bool visitUnary(TVisit, TIntermUnary *u) override
    {
        if (TIntermTyped *r = flat(u->getOperand()))
            u->setOperand(r);
        return true;
    }
    bool visitAggregate(TVisit, TIntermAggregate *a) override
    {
        for (TIntermNode *&c : a->getSequence())
            if (TIntermTyped *r = flat(c))
                c = r;
        return true;
    }
};

/* Finds the globals a stage references (TIntermTraverser). */
class Collector : public TIntermTraverser {
  public:
    LinkCtx *ctx;
    int stage;
    void visitSymbol(TIntermSymbol *s) override
    {
        TStorageQualifier q = s->getQualifier().storage;
        if (q == EvqTemporary || q == EvqIn || q == EvqOut || q == EvqInOut || q == EvqConstReadOnly ||
            q == EvqConst)
            return;
        std::string name = s->getName().c_str();
        if (name.compare(0, 5, "anon@") == 0 && s->getType().getBasicType() != EbtBlock)
            return;
        ctx->used[stage].emplace(name, &s->getType());
        note_init(ctx, stage, name, s);
    }
    bool visitAggregate(TVisit, TIntermAggregate *a) override
    {
        if (a->getOp() == EOpLinkerObjects)
            return false;
        if (a->getOp() == EOpFtransform) {
            ctx->uses_ftransform = true;
            ctx->used[stage].emplace("gl_ModelViewProjectionMatrix", &ctx->mat4_type);
            ctx->used[stage].emplace("gl_Vertex", &ctx->vec4_in_type);
        }
        return true;
    }
};

class Declared : public TIntermTraverser {
  public:
    LinkCtx *ctx;
    int stage;
    bool in_linker = false;
    bool visitAggregate(TVisit v, TIntermAggregate *a) override
    {
        if (a->getOp() == EOpLinkerObjects) {
            for (TIntermNode *n : a->getSequence()) {
                TIntermSymbol *s = n->getAsSymbolNode();
                if (!s)
                    continue;
                std::string name = s->getName().c_str();
                if (ctx->declared[stage].emplace(name, &s->getType()).second)
                    ctx->order[stage].push_back(name);
                note_init(ctx, stage, name, s);
            }
            return false;
        }
        return true;
    }
};

/* Inputs and outputs of one compiled shader (varyings, user fragment
 * outputs, gl_FragColor and gl_FragData): type text, storage, the line of
 * the first mention and of the first use outside the linker objects (for
 * compile and link errors with line numbers). */
struct IOSym {
    std::string type;
    std::string elem_type; /* arrays: the element's type text (GS inputs are arrays of the VS's) */
    std::string interp; /* "flat", "noperspective", "smooth" or "" (no qualifier) */
    TStorageQualifier storage;
    int line = 0;
    int use_line = 0; /* 0: never used outside the linker objects */
    bool used = false;
    bool int_unflat = false; /* an interface block with an integer member not qualified flat */
};
/* True when t (a block member, or inside one) holds an integer that neither it
 * nor its block (flat_block) qualifies flat. */
bool has_unflat_int(const TType &t, bool flat_block)
{
    if (flat_block || t.getQualifier().flat)
        return false;
    if (t.isStruct()) {
        for (const TTypeLoc &m : *t.getStruct())
            if (has_unflat_int(*m.type, false))
                return true;
        return false;
    }
    TBasicType b = t.getBasicType();
    return b == EbtInt || b == EbtUint;
}
class IOScan : public TIntermTraverser {
  public:
    std::map<std::string, IOSym> syms;
    bool in_linker = false;
    void visitSymbol(TIntermSymbol *s) override
    {
        TStorageQualifier q = s->getQualifier().storage;
        std::string name = s->getName().c_str();
        if (q != EvqVaryingIn && q != EvqVaryingOut && name != "gl_FragColor" && name != "gl_FragData")
            return;
        /* in/out blocks take part by block name (GLSL 1.50 4.3.7) */
        if (s->getType().getBasicType() == EbtBlock) {
            std::string bn = s->getType().getTypeName().c_str();
            if (bn.compare(0, 3, "gl_") == 0)
                return;
            name = "block " + bn;
        }
        IOSym &e = syms[name];
        if (e.line == 0) {
            e.type = s->getType().getCompleteString(true, false, false).c_str();
            e.type.erase(0, e.type.find_first_not_of(' '));
            if (s->getType().isArray()) {
                TType el(s->getType(), 0);
                e.elem_type = el.getCompleteString(true, false, false).c_str();
                e.elem_type.erase(0, e.elem_type.find_first_not_of(' '));
            }
            e.storage = q;
            e.line = s->getLoc().line;
            const TQualifier &qq = s->getQualifier();
            e.interp = qq.flat ? "flat" : qq.nopersp ? "noperspective" : qq.smooth ? "smooth" : "";
            if (s->getType().getBasicType() == EbtBlock)
                for (const TTypeLoc &m : *s->getType().getStruct())
                    e.int_unflat = e.int_unflat || has_unflat_int(*m.type, qq.flat);
        }
        if (!in_linker && !e.used) {
            e.used = true;
            e.use_line = std::max(1, s->getLoc().line);
        }
    }
    bool visitAggregate(TVisit v, TIntermAggregate *a) override
    {
        if (a->getOp() == EOpLinkerObjects)
            in_linker = v == EvPreVisit;
        return true;
    }
};

/* ---- parsing ------------------------------------------------------------ */

struct Parsed {
    std::vector<std::unique_ptr<TShader>> shaders;
    std::vector<std::vector<const char *>> ptrs;
    std::vector<std::vector<int>> lens;
};

bool parse_shader(TShader &sh, const swr_glsl_shader *s, std::vector<const char *> &ptrs, std::vector<int> &lens)
{
    for (const std::string &src : s->sources) {
        ptrs.push_back(src.c_str());
        lens.push_back((int)src.size());
    }
    sh.setStringsWithLengths(ptrs.data(), lens.data(), (int)ptrs.size());
    /* GLSL 1.10/1.20 vertex shaders have texture*Lod without an extension;
     * glslang wants GL_ARB_shader_texture_lod for them. */
    std::string all;
    for (const std::string &src : s->sources)
        all += src;
    size_t v = all.find("#version");
    bool es = false;
    if (v != std::string::npos) {
        size_t d = all.find_first_not_of(" \t", v + 8);
        es = d != std::string::npos && all.compare(d, 3, "100") == 0;
        es = es || all.find(" es", d) < all.find('\n', d);
    }
    /* GLSL 1.10-1.30 with ARB_uniform_buffer_object: glslang 12 parses the
     * blocks but reads `layout` as a keyword before 1.40 only when
     * ARB_explicit_attrib_location or 420pack is on, so `layout(std140)`
     * would be a syntax error; the preamble turns the former on for such
     * shaders (they then also accept explicit locations, a leniency). */
    int version = 110;
    if (v != std::string::npos)
        version = atoi(all.c_str() + v + 8);
    bool ubo_ext = false;
    for (size_t at = all.find("#extension"); !es && version < 140 && at != std::string::npos;
         at = all.find("#extension", at + 10)) {
        /* "#extension GL_ARB_uniform_buffer_object : enable | require | warn" */
        std::string line = all.substr(at + 10, all.find('\n', at) - (at + 10));
        size_t n = line.find("GL_ARB_uniform_buffer_object"), c = line.find(':');
        if (n != std::string::npos && c != std::string::npos && c > n)
            ubo_ext = line.find("disable", c) == std::string::npos;
    }
    static const char lod[] = "#extension GL_ARB_shader_texture_lod : enable\n";
    static const char lod_ubo[] = "#extension GL_ARB_shader_texture_lod : enable\n"
                                  "#extension GL_ARB_explicit_attrib_location : enable\n";
    static const char ubo[] = "#extension GL_ARB_explicit_attrib_location : enable\n";
    /* GLSL 1.50 7.1 lets a shader redeclare the gl_PerVertex blocks (to
     * size gl_ClipDistance or use a subset); glslang 12 allows that only
     * from 4.10 or with ARB_separate_shader_objects, so 1.50-4.00 shaders
     * get the extension turned on (it also lets them put layout(location)
     * on varyings, a leniency). */
    static const char sso[] = "#extension GL_ARB_separate_shader_objects : enable\n";
    std::string preamble;
    if (!es && s->stage == SWR_GLSL_VERTEX)
        preamble = ubo_ext ? lod_ubo : lod;
    else if (ubo_ext)
        preamble = ubo;
    if (!es && version >= 150 && version < 410)
        preamble += sso;
    if (!preamble.empty())
        sh.setPreamble(preamble.c_str());
    EShLanguage l = lang_of(s->stage);
    sh.setEnvInput(EShSourceGlsl, l, EShClientNone, 0);
    sh.setEnvClient(EShClientNone, (EShTargetClientVersion)0);
    sh.setEnvTarget(EShTargetNone, (EShTargetLanguageVersion)0);
    return sh.parse(&g_res, 110, ENoProfile, false, false, EShMsgDefault);
}

/* Builtin attribute locations (NVIDIA aliasing). */
int builtin_attrib_location(const std::string &n)
{
    if (n == "gl_Vertex") return 0;
    if (n == "gl_Normal") return 2;
    if (n == "gl_Color") return 3;
    if (n == "gl_SecondaryColor") return 4;
    if (n == "gl_FogCoord") return 5;
    if (n.compare(0, 16, "gl_MultiTexCoord") == 0) return 8 + atoi(n.c_str() + 16);
    return -1;
}

/* ---- interface layout --------------------------------------------------- */

void flatten_uniform(swr_glsl_program *p, const std::string &name, const TType &t, int &reg, int &smp,
                     unsigned mask)
{
    if (t.isStruct() || (t.isArray() && TType(t, 0).isStruct())) {
        if (t.isArray()) {
            TType e(t, 0);
            for (int i = 0; i < array_len(t, 1); i++)
                flatten_uniform(p, name + "[" + std::to_string(i) + "]", e, reg, smp, mask);
            return;
        }
        for (const TTypeLoc &m : *t.getStruct())
            flatten_uniform(p, name + "." + m.type->getFieldName().c_str(), *m.type, reg, smp, mask);
        return;
    }
    swr_glsl_uniform u{};
    bool arr = t.isArray();
    TType e = arr ? TType(t, 0) : TType();
    const TType &et = arr ? e : t;
    u.gl_type = gl_type_of(et);
    u.array_size = arr ? array_len(t, 1) : 1;
    u.stage_mask = mask;
    if (et.getBasicType() == EbtSampler) {
        u.const_reg = -1;
        u.regs_per_element = 0;
        u.sampler = smp;
        smp += u.array_size;
    } else {
        u.const_reg = reg;
        u.regs_per_element = et.isMatrix() ? et.getMatrixCols() : 1;
        u.sampler = -1;
        reg += u.regs_per_element * u.array_size;
    }
    p->uniform_names.push_back(arr ? name + "[0]" : name);
    p->uniforms.push_back(u);
}

/* The reflection of a uniform block's member t (GL 3.1 section 2.11.4:
 * "B.m", "B.s.m", "B.a[0]" with its array size), at byte offset base. */
void flatten_block_member(swr_glsl_program *p, const std::string &name, const TType &t, bool rm, int base,
                          int block, unsigned mask)
{
    if (t.isStruct() || (t.isArray() && TType(t, 0).isStruct())) {
        if (t.isArray()) {
            TType e(t, 0);
            int stride = std140_array_stride(t, rm);
            for (int i = 0; i < array_len(t, 1); i++)
                flatten_block_member(p, name + "[" + std::to_string(i) + "]", e, rm, base + i * stride, block,
                                     mask);
            return;
        }
        int at = base;
        for (const TTypeLoc &m : *t.getStruct()) {
            bool mrm = member_row_major(*m.type, rm);
            at = round_up(at, std140_align(*m.type, mrm));
            flatten_block_member(p, name + "." + m.type->getFieldName().c_str(), *m.type, mrm, at, block, mask);
            at += std140_size(*m.type, mrm);
        }
        return;
    }
    bool arr = t.isArray();
    TType e = arr ? TType(t, 0) : TType();
    const TType &et = arr ? e : t;
    swr_glsl_uniform u{};
    u.gl_type = gl_type_of(et);
    u.array_size = arr ? array_len(t, 1) : 1;
    u.const_reg = -1;
    u.regs_per_element = 0;
    u.sampler = -1;
    u.stage_mask = mask;
    swr_glsl_uniform_layout l{};
    l.block_index = block;
    l.offset = base;
    l.array_stride = arr ? std140_array_stride(t, rm) : 0;
    l.matrix_stride = et.isMatrix() ? 16 : 0;
    l.row_major = et.isMatrix() && rm;
    p->uniform_names.push_back(arr ? name + "[0]" : name);
    p->uniforms.push_back(u);
    p->layouts.push_back(l);
}

void assign_sampler_targets(LinkCtx &ctx, const TType &t, int &smp)
{
    if (t.isArray()) {
        TType e(t, 0);
        for (int i = 0; i < array_len(t, 1); i++)
            assign_sampler_targets(ctx, e, smp);
    } else if (t.isStruct()) {
        for (const TTypeLoc &m : *t.getStruct())
            assign_sampler_targets(ctx, *m.type, smp);
    } else if (t.getBasicType() == EbtSampler) {
        if ((int)ctx.sampler_targets.size() <= smp)
            ctx.sampler_targets.resize(smp + 1);
        ctx.sampler_targets[smp++] = tex_target(t.getSampler());
    }
}

std::string link_error(const std::string &msg) { return "ERROR: 0:0: " + msg + "\n"; }

bool same_type(const TType &a, const TType &b) { return a == b; }

/* Fixes the SVIEW return types for integer samplers. */
void fix_sview_types(LinkCtx &ctx, const std::vector<TBasicType> &stypes, std::string &text)
{
    for (size_t i = 0; i < stypes.size(); i++) {
        TBasicType bt = stypes[i];
        if (bt == EbtFloat)
            continue;
        std::string key = "DCL SVIEW[" + std::to_string(i) + "], " + tgsi_texture_name(ctx.sampler_targets[i]) + ", FLOAT";
        size_t p = text.find(key);
        if (p != std::string::npos)
            text.replace(p + key.size() - 5, 5, bt == EbtInt ? "SINT" : "UINT");
    }
}

void collect_sampler_types(const TType &t, std::vector<TBasicType> &out)
{
    if (t.isArray()) {
        for (int i = 0; i < array_len(t, 1); i++)
            collect_sampler_types(TType(t, 0), out);
    } else if (t.isStruct()) {
        for (const TTypeLoc &m : *t.getStruct())
            collect_sampler_types(*m.type, out);
    } else if (t.getBasicType() == EbtSampler) {
        out.push_back(t.getSampler().type);
    }
}

/* Writes the constant `c` (from index *at on) into the CONST[0] words of a
 * uniform of type t starting at register *reg, in the layout of leaves(). */
void store_init(std::vector<uint32_t> &words, const TType &t, const TConstUnionArray &c, int &at, int &reg)
{
    if (t.isArray()) {
        TType e(t, 0);
        for (int i = 0; i < array_len(t, 1); i++)
            store_init(words, e, c, at, reg);
        return;
    }
    if (t.isStruct()) {
        for (const TTypeLoc &m : *t.getStruct())
            store_init(words, *m.type, c, at, reg);
        return;
    }
    if (t.getBasicType() == EbtSampler) {
        at++; /* (samplers cannot have initializers; keep the count right) */
        return;
    }
    int cols = t.isMatrix() ? t.getMatrixCols() : 1;
    int rows = t.isMatrix() ? t.getMatrixRows() : std::max(1, t.getVectorSize());
    Kind k = kind_of(t);
    for (int col = 0; col < cols; col++, reg++) {
        for (int row = 0; row < rows; row++, at++) {
            if (at >= c.size() || (size_t)reg * 4 + row >= words.size())
                continue;
            const TConstUnion &u = c[at];
            double d = 0;
            switch (u.getType()) {
            case EbtInt: d = u.getIConst(); break;
            case EbtUint: d = u.getUConst(); break;
            case EbtBool: d = u.getBConst() ? 1 : 0; break;
            default: d = u.getDConst(); break;
            }
            uint32_t w;
            if (k == KF) {
                float f = (float)d;
                memcpy(&w, &f, 4);
            } else if (k == KB) {
                w = d != 0 ? 0xFFFFFFFFu : 0u;
            } else if (k == KU) {
                w = (uint32_t)d;
            } else {
                w = (uint32_t)(int32_t)d;
            }
            words[(size_t)reg * 4 + row] = w;
        }
    }
}

/* Two initializers of the same uniform (one per stage) agree. */
bool same_init(const TConstUnionArray &a, const TConstUnionArray &b)
{
    if (a.size() != b.size())
        return false;
    for (int i = 0; i < a.size(); i++)
        if (!(a[i] == b[i]))
            return false;
    return true;
}

/* The draw buffer and source index (ARB_blend_func_extended: 0, or 1 for
 * the second colour of dual-source blending) an output was put at: its
 * `layout(location = L, index = I)` in the shader, else its
 * glBindFragDataLocation(Indexed) binding; false when it has neither.
 * The shader's layout wins over the API binding (GLSL 3.30 4.3.8.2). */
static bool frag_output_placement(const TType &t, const std::string &n, const swr_glsl_attrib_binding *frag_bindings,
                                  int nfrag, int max_loc, int *loc, int *index)
{
    const TQualifier &q = t.getQualifier();
    if (q.hasLocation()) {
        *loc = std::min((int)q.layoutLocation, max_loc);
        *index = q.hasIndex() ? (int)q.layoutIndex : 0;
        return true;
    }
    bool found = false;
    for (int b = 0; b < nfrag; b++)
        if (frag_bindings[b].name && n == frag_bindings[b].name) {
            *loc = frag_bindings[b].location >= (unsigned)max_loc ? max_loc : (int)frag_bindings[b].location;
            *index = (int)frag_bindings[b].index;
            found = true;
        }
    return found;
}

/* Fragment outputs (GLSL 1.30 `out`): the placed ones (frag_output_placement)
 * where they were put, the others in declaration order at the first free
 * run of index-0 locations; fills ctx.frag_loc, ctx.frag_index and the
 * reflection. An index-1 output is the second source of draw buffer 0
 * (MAX_DUAL_SOURCE_DRAW_BUFFERS is 1), which the fragment shader writes
 * as COLOR[1] (frag_color_semantic), so it cannot share a program with an
 * output at location 1. False with a link error in the log when they do
 * not fit. */
bool assign_frag_outputs(LinkCtx &ctx, swr_glsl_program *p, const swr_glsl_attrib_binding *frag_bindings,
                         int nfrag)
{
    std::vector<std::string> names;
    auto add = [&](const std::string &n, const TType &t) {
        if (t.getQualifier().storage == EvqVaryingOut && n.compare(0, 3, "gl_") != 0 &&
            std::find(names.begin(), names.end(), n) == names.end())
            names.push_back(n);
    };
    for (const std::string &n : ctx.order[1])
        add(n, *ctx.declared[1].at(n));
    for (auto &kv : ctx.used[1])
        add(kv.first, *kv.second);
    const int max_loc = 8;         /* draw buffers */
    const int max_dual_source = 1; /* GL_MAX_DUAL_SOURCE_DRAW_BUFFERS */
    bool taken[2][max_loc] = {{false}};
    std::vector<std::string> unbound;
    for (const std::string &n : names) {
        const TType *t = ctx.declared[1].count(n) ? ctx.declared[1].at(n) : ctx.used[1].at(n);
        int slots = slots_of(*t), loc = -1, index = 0;
        if (!frag_output_placement(*t, n, frag_bindings, nfrag, max_loc, &loc, &index)) {
            unbound.push_back(n);
            continue;
        }
        if (index > 1 || (index == 1 && loc + slots > max_dual_source)) {
            p->log += link_error("link: fragment output '" + n + "' with index " + std::to_string(index) +
                                 " at location " + std::to_string(loc) +
                                 " passes GL_MAX_DUAL_SOURCE_DRAW_BUFFERS");
            return false;
        }
        for (int i = 0; i < slots; i++) {
            if (loc + i >= max_loc || taken[index][loc + i]) {
                p->log += link_error("link: fragment output '" + n + "' bound to location " +
                                     std::to_string(loc) + (loc + i >= max_loc ? " does not fit the draw buffers"
                                                                               : " overlaps another output"));
                return false;
            }
            taken[index][loc + i] = true;
        }
        ctx.frag_loc[n] = loc;
        ctx.frag_index[n] = index;
    }
    for (const std::string &n : unbound) {
        const TType *t = ctx.declared[1].count(n) ? ctx.declared[1].at(n) : ctx.used[1].at(n);
        int slots = slots_of(*t), loc = -1;
        for (int l = 0; l + slots <= max_loc && loc < 0; l++) {
            bool ok = true;
            for (int i = 0; i < slots; i++)
                ok = ok && !taken[0][l + i];
            if (ok)
                loc = l;
        }
        if (loc < 0) {
            p->log += link_error("link: too many fragment outputs");
            return false;
        }
        for (int i = 0; i < slots; i++)
            taken[0][loc + i] = true;
        ctx.frag_loc[n] = loc;
        ctx.frag_index[n] = 0;
    }
    if (taken[1][0] && taken[0][1]) {
        p->log += link_error("link: a fragment output at location 1 cannot be linked with a second-source "
                             "(index 1) output");
        return false;
    }
    for (const std::string &n : names) {
        const TType *t = ctx.declared[1].count(n) ? ctx.declared[1].at(n) : ctx.used[1].at(n);
        swr_glsl_frag_output o{};
        o.location = ctx.frag_loc.at(n);
        o.index = ctx.frag_index.at(n);
        o.array_size = t->isArray() ? (unsigned)array_len(*t, 1) : 1;
        if (t->isArray()) {
            TType e(*t, 0);
            o.gl_type = gl_type_of(e);
        } else {
            o.gl_type = gl_type_of(*t);
        }
        p->frag_names.push_back(n);
        p->frag_outputs.push_back(o);
    }
    return true;
}

} /* namespace */

/* ---- entry points ------------------------------------------------------- */

bool process_init()
{
    std::lock_guard<std::mutex> l(g_init_lock);
    if (g_init_count++ == 0) {
        if (!InitializeProcess()) {
            g_init_count--;
            return false;
        }
        init_resources();
    }
    return true;
}

void process_fini()
{
    std::lock_guard<std::mutex> l(g_init_lock);
    if (g_init_count > 0 && --g_init_count == 0)
        FinalizeProcess();
}

/* GLSL 1.50 4.3.7: a block name has no use at global scope but as a block
 * name. glslang 12 dereferences a null pointer when a block is declared
 * with the name of a function declared before it, so the preprocessed text
 * is scanned first: a block (`in`/`out`/`uniform`/`buffer` NAME `{` at
 * global scope) whose name is also a global function name is the spec's
 * compile error, reported here in either order (only for #version 140 and
 * later, which have blocks). Returns the log line, or
 * "" when there is no such clash (or the text does not preprocess: then
 * the parse reports the error). */
std::string block_name_clash(const swr_glsl_shader *s)
{
    std::string all;
    for (const std::string &src : s->sources)
        all += src;
    /* Blocks exist from GLSL 1.40 on: older shaders (and ES 1.00) cannot
     * declare one, so they skip the extra preprocessing. */
    int version = 0; /* the highest #version anywhere (one may sit in a comment) */
    for (size_t v = all.find("#version"); v != std::string::npos; v = all.find("#version", v + 8))
        version = std::max(version, atoi(all.c_str() + v + 8));
    if (version < 140)
        return "";
    TShader pre(lang_of(s->stage));
    const char *ptr = all.c_str();
    int len = (int)all.size();
    pre.setStringsWithLengths(&ptr, &len, 1);
    std::string out;
    TShader::ForbidIncluder inc;
    if (!pre.preprocess(&g_res, 110, ENoProfile, false, false, EShMsgDefault, &out, inc))
        return "";
    struct Tok {
        std::string t;
        int line;
    };
    std::vector<Tok> toks;
    int line = 1;
    for (size_t i = 0; i < out.size();) {
        char c = out[i];
        if (c == '\n') {
            line++;
            i++;
        } else if (isalpha((unsigned char)c) || c == '_') {
            size_t j = i;
            while (j < out.size() && (isalnum((unsigned char)out[j]) || out[j] == '_'))
                j++;
            toks.push_back({out.substr(i, j - i), line});
            i = j;
        } else if (c == '{' || c == '}' || c == '(' || c == ')' || c == ';') {
            toks.push_back({std::string(1, c), line});
            i++;
        } else {
            if (!isspace((unsigned char)c))
                toks.push_back({std::string(1, c), line});
            i++;
        }
    }
    std::vector<std::string> funcs;
    std::vector<const Tok *> blocks;
    int depth = 0, paren = 0;
    for (size_t i = 0; i < toks.size(); i++) {
        const std::string &t = toks[i].t;
        if (t == "(")
            paren++;
        else if (t == ")")
            paren--;
        else if (t == "}")
            depth--;
        else if (t == "{") {
            if (depth == 0 && paren == 0 && i >= 2) {
                const std::string &q = toks[i - 2].t;
                if (q == "in" || q == "out" || q == "uniform" || q == "buffer")
                    blocks.push_back(&toks[i - 1]);
            }
            depth++;
        } else if (depth == 0 && paren == 0 && i + 1 < toks.size() && toks[i + 1].t == "(" &&
                   (isalpha((unsigned char)t[0]) || t[0] == '_')) {
            funcs.push_back(t);
        }
    }
    for (const Tok *b : blocks)
        if (std::find(funcs.begin(), funcs.end(), b->t) != funcs.end())
            return "ERROR: 0:" + std::to_string(b->line) + ": '" + b->t +
                   "' : block name is also the name of a function (a block name may only name the "
                   "block, GLSL 1.50 4.3.7)\n";
    return "";
}

/* GLSL 1.50 section 4.3.7 rules on uniform block arrays that glslang 12
 * leaves unchecked: "All indexes used to index a uniform block array must
 * be constant integral expressions" (until GLSL 4.00, which allows dynamically
 * uniform ones) and "uniform block array declarations must specify an array
 * size". The first offending line of each. */
class BlockArrayScan : public TIntermTraverser {
  public:
    int dynamic_line = 0, unsized_line = 0;
    bool visitBinary(TVisit, TIntermBinary *b) override
    {
        if (b->getOp() == EOpIndexIndirect && is_uniform_block(b->getLeft()->getType()) &&
            b->getLeft()->getType().isArray() && !dynamic_line)
            dynamic_line = std::max(1, b->getLoc().line);
        return true;
    }
    void visitSymbol(TIntermSymbol *s) override
    {
        const TType &t = s->getType();
        if (is_uniform_block(t) && t.isArray() && (t.isUnsizedArray() || t.isImplicitlySizedArray()) &&
            !unsized_line)
            unsized_line = std::max(1, s->getLoc().line);
    }
};

void compile_shader(swr_glsl_shader *s)
{
    std::string clash = block_name_clash(s);
    if (!clash.empty()) {
        s->ok = false;
        s->log = clash;
        return;
    }
    TShader sh(lang_of(s->stage));
    std::vector<const char *> ptrs;
    std::vector<int> lens;
    s->ok = parse_shader(sh, s, ptrs, lens);
    s->log = sh.getInfoLog();
    if (s->ok && sh.getIntermediate()) {
        /* glslang accepts every version it knows (up to 4.60); the context
         * supports up to s->max_version (<= 0: no limit) and ES 1.00. The
         * error names the line of the #version directive. */
        int v = sh.getIntermediate()->getVersion();
        bool es = sh.getIntermediate()->getProfile() == EEsProfile;
        if ((es && v != 100) || (!es && s->max_version > 0 && v > s->max_version)) {
            int line = 1;
            for (const std::string &src : s->sources) {
                size_t at = src.find("#version");
                if (at != std::string::npos) {
                    line += (int)std::count(src.begin(), src.begin() + (long)at, '\n');
                    break;
                }
                line += (int)std::count(src.begin(), src.end(), '\n');
            }
            s->log += "ERROR: 0:" + std::to_string(line) + ": #version " + std::to_string(v) +
                      (es ? " es" : "") + " is not supported by this context (highest " +
                      std::to_string(s->max_version > 0 ? s->max_version : 460) + ", and 100 es)\n";
            s->ok = false;
        }
    }
    if (s->ok && sh.getIntermediate() && sh.getIntermediate()->getTreeRoot()) {
        /* The limits, checked before any array is laid out slot by slot
         * (uniform float a[100000000] would otherwise take gigabytes). */
        TPoolAllocator pool;
        TPoolAllocator &prev = GetThreadPoolAllocator();
        SetThreadPoolAllocator(&pool);
        SizeScan scan;
        sh.getIntermediate()->getTreeRoot()->traverse(&scan);
        SetThreadPoolAllocator(&prev);
        bool vs = s->stage == SWR_GLSL_VERTEX;
        struct {
            const SizeScan::Class *c;
            long long max_slots;
            const char *what, *limit;
        } checks[] = {
            {&scan.uniforms, MAX_UNIFORM_COMPONENTS / 4,
             "uniform", vs ? "GL_MAX_VERTEX_UNIFORM_COMPONENTS"
                        : s->stage == SWR_GLSL_GEOMETRY ? "GL_MAX_GEOMETRY_UNIFORM_COMPONENTS"
                                                         : "GL_MAX_FRAGMENT_UNIFORM_COMPONENTS"},
            /* a sanity bound only (the link checks the varyings exactly):
             * attributes, built-in and user varyings stay far below it */
            {&scan.io, 256, "input and output", "the 1024 components a stage's interface can hold"},
            {&scan.temps, MAX_TEMP_SLOTS, "temporary", "the 65536 temporary vec4 registers"},
        };
        for (auto &ck : checks)
            if (s->ok && ck.c->slots > ck.max_slots) {
                long long f = ck.max_slots * 4;
                s->log += "ERROR: 0:" + std::to_string(std::max(1, ck.c->line)) + ": '" + ck.c->name +
                          "' : " + ck.what + " storage of " + std::to_string(ck.c->slots * 4) +
                          " components exceeds " + ck.limit + " (" + std::to_string(f) + ")\n";
                s->ok = false;
            }
    }
    if (s->ok && sh.getIntermediate() && sh.getIntermediate()->getTreeRoot() &&
        sh.getIntermediate()->getVersion() >= 140 && sh.getIntermediate()->getProfile() != EEsProfile) {
        TPoolAllocator pool;
        TPoolAllocator &prev = GetThreadPoolAllocator();
        SetThreadPoolAllocator(&pool);
        BlockArrayScan scan;
        sh.getIntermediate()->getTreeRoot()->traverse(&scan);
        SetThreadPoolAllocator(&prev);
        if (scan.unsized_line) {
            s->log += "ERROR: 0:" + std::to_string(scan.unsized_line) +
                      ": a uniform block array must declare its size (GLSL 1.50 4.3.7)\n";
            s->ok = false;
        } else if (scan.dynamic_line && sh.getIntermediate()->getVersion() < 400) {
            s->log += "ERROR: 0:" + std::to_string(scan.dynamic_line) +
                      ": a uniform block array may only be indexed with a constant integral expression"
                      " (GLSL 1.50 4.3.7)\n";
            s->ok = false;
        }
    }
    if (s->ok && s->stage == SWR_GLSL_FRAGMENT && sh.getIntermediate() && sh.getIntermediate()->getTreeRoot()) {
        /* GLSL 1.10 7.2 / 1.30 4.3.4: a fragment shader may statically assign
         * gl_FragColor, or gl_FragData, or its own outputs, but not two of
         * them (glslang does not check this). */
        TPoolAllocator pool;
        TPoolAllocator &prev = GetThreadPoolAllocator();
        SetThreadPoolAllocator(&pool);
        IOScan scan;
        sh.getIntermediate()->getTreeRoot()->traverse(&scan);
        int line[3] = {0, 0, 0}; /* gl_FragColor, gl_FragData, user outputs */
        for (auto &kv : scan.syms) {
            const std::string &n = kv.first;
            int k = n == "gl_FragColor" ? 0
                    : n == "gl_FragData" ? 1
                    : (kv.second.storage == EvqVaryingOut && n.compare(0, 3, "gl_") != 0) ? 2
                                                                                        : -1;
            if (k >= 0 && kv.second.use_line && (!line[k] || kv.second.use_line < line[k]))
                line[k] = kv.second.use_line;
        }
        SetThreadPoolAllocator(&prev);
        /* GLSL 1.50 4.3.4: integer fragment inputs are flat; glslang checks
         * plain variables but not the members of an input block (the error
         * names the line where the block is first seen, its first use). */
        for (auto &kv : scan.syms)
            if (s->ok && kv.second.storage == EvqVaryingIn && kv.second.int_unflat) {
                s->log += "ERROR: 0:" + std::to_string(std::max(1, kv.second.line)) +
                          ": an integer member of an input block must be qualified flat\n";
                s->ok = false;
            }
        static const char *const names[3] = {"gl_FragColor", "gl_FragData", "a user-defined output"};
        for (int a = 0; a < 3 && s->ok; a++)
            for (int b = a + 1; b < 3 && s->ok; b++)
                if (line[a] && line[b]) {
                    s->log += "ERROR: 0:" + std::to_string(std::max(line[a], line[b])) +
                              ": a fragment shader may not write both " + names[a] + " and " + names[b] + "\n";
                    s->ok = false;
                }
    }
}

/* The user varyings stage `consumer` reads, laid out as GENERIC[8 + k]
 * slots in the order of their names (a member of an interface block is
 * "Block.member": blocks match by block name, GLSL 1.50 4.3.7, and all
 * members of a block that is read get slots), checked against the outputs
 * `producer` declares (same type, same members). A GS input is an array of
 * what the VS writes, one element per vertex. Errors into p->log. */
bool assign_varyings(LinkCtx &ctx, swr_glsl_program *p, int consumer, int producer,
                     std::map<std::string, VaryingSlot> &out)
{
    static const char *const stage_names[] = {"vertex", "fragment", "geometry"};
    const std::string cn = stage_names[consumer], pn = stage_names[producer];
    std::vector<std::pair<std::string, const TType *>> keys;
    for (auto &kv : ctx.used[consumer]) {
        const TType &t = *kv.second;
        if (t.getQualifier().storage != EvqVaryingIn || kv.first.compare(0, 3, "gl_") == 0)
            continue;
        const TType *et = &t;
        if (consumer == SWR_GLSL_GEOMETRY) {
            if (!t.isArray()) {
                p->log += link_error("link: geometry shader input '" + kv.first + "' must be an array");
                return false;
            }
            et = new TType(t, 0);
        }
        if (et->getBasicType() == EbtBlock) {
            std::string bn = et->getTypeName().c_str();
            if (bn.compare(0, 3, "gl_") == 0)
                continue;
            const TType *pt = nullptr;
            for (auto &d : ctx.declared[producer])
                if (d.second->getQualifier().storage == EvqVaryingOut && d.second->getBasicType() == EbtBlock &&
                    bn == d.second->getTypeName().c_str())
                    pt = d.second;
            if (!pt) {
                p->log += link_error("link: " + cn + " shader input block '" + bn + "' is not written by the " +
                                     pn + " shader");
                return false;
            }
            if (pt->isArray() || pt->getStruct()->size() != et->getStruct()->size()) {
                p->log += link_error("link: interface block '" + bn + "' has different members in the " + pn +
                                     " and " + cn + " shaders");
                return false;
            }
            for (size_t m = 0; m < et->getStruct()->size(); m++) {
                const TType &cm = *(*et->getStruct())[m].type, &pm = *(*pt->getStruct())[m].type;
                if (cm.getFieldName() != pm.getFieldName() ||
                    cm.getCompleteString(true, false, false) != pm.getCompleteString(true, false, false)) {
                    p->log += link_error("link: interface block '" + bn + "' has different members in the " +
                                         pn + " and " + cn + " shaders");
                    return false;
                }
                keys.push_back({bn + "." + cm.getFieldName().c_str(), &cm});
            }
            continue;
        }
        auto it = ctx.declared[producer].find(kv.first);
        if (it == ctx.declared[producer].end() || it->second->getQualifier().storage != EvqVaryingOut) {
            p->log += link_error("link: " + cn + " shader varying '" + kv.first + "' is not written by the " + pn +
                                 " shader");
            return false;
        }
        if (it->second->getCompleteString(true, false, false) != et->getCompleteString(true, false, false)) {
            p->log += link_error("link: varying '" + kv.first + "' has type " +
                                 std::string(it->second->getBasicTypeString().c_str()) + " in the " + pn +
                                 " shader and " + std::string(et->getBasicTypeString().c_str()) + " in the " +
                                 cn + " shader");
            return false;
        }
        keys.push_back({kv.first, et});
    }
    std::sort(keys.begin(), keys.end(),
              [](const std::pair<std::string, const TType *> &a, const std::pair<std::string, const TType *> &b) {
                  return a.first < b.first;
              });
    int gen = 8;
    for (auto &k : keys) {
        out[k.first] = {gen, k.second};
        gen += slots_of(*k.second);
    }
    return true;
}

/* glGetProgramiv's GL_GEOMETRY_* answers from the GS layout qualifiers
 * (glslang's link requires the input and output primitive and
 * max_vertices, GLSL 1.50 4.3.8.1 / 4.3.8.2). */
void gs_reflect(swr_glsl_program *p, TIntermediate *im)
{
    p->has_gs = true;
    switch (im->getInputPrimitive()) {
    case ElgPoints: p->gs_input = 0x0000; break;            /* GL_POINTS */
    case ElgLines: p->gs_input = 0x0001; break;             /* GL_LINES */
    case ElgLinesAdjacency: p->gs_input = 0x000A; break;    /* GL_LINES_ADJACENCY */
    case ElgTrianglesAdjacency: p->gs_input = 0x000C; break; /* GL_TRIANGLES_ADJACENCY */
    default: p->gs_input = 0x0004; break;                   /* GL_TRIANGLES */
    }
    switch (im->getOutputPrimitive()) {
    case ElgPoints: p->gs_output = 0x0000; break;     /* GL_POINTS */
    case ElgLineStrip: p->gs_output = 0x0003; break;  /* GL_LINE_STRIP */
    default: p->gs_output = 0x0005; break;            /* GL_TRIANGLE_STRIP */
    }
    p->gs_vertices = (unsigned)im->getVertices();
}

void link_program(swr_glsl_program *p, swr_glsl_shader *const *shaders, int count,
                  const swr_glsl_attrib_binding *bindings, int nbindings,
                  const swr_glsl_attrib_binding *frag_bindings, int nfrag)
{
    Parsed ps;
    TProgram prog;
    /* glslang objects set the thread's pool as they like; our traversals
     * and TType copies use this one (set again after each glslang call). */
    TPoolAllocator pool;
    TPoolAllocator &prev = GetThreadPoolAllocator();
    struct Restore {
        TPoolAllocator &prev;
        ~Restore() { SetThreadPoolAllocator(&prev); }
    } restore{prev};
    bool have[SWR_GLSL_NUM_STAGES] = {false, false, false};
    ps.ptrs.resize(count);
    ps.lens.resize(count);
    for (int i = 0; i < count; i++) {
        const swr_glsl_shader *s = shaders[i];
        if (!s || !s->ok) {
            p->log += link_error("link: shader " + std::to_string(i) + " did not compile");
            return;
        }
        ps.shaders.emplace_back(new TShader(lang_of(s->stage)));
        if (!parse_shader(*ps.shaders.back(), s, ps.ptrs[i], ps.lens[i])) {
            p->log += ps.shaders.back()->getInfoLog();
            return;
        }
        have[s->stage] = true;
        prog.addShader(ps.shaders.back().get());
    }
    if (have[SWR_GLSL_GEOMETRY] && !have[SWR_GLSL_VERTEX]) {
        /* GL 3.2 section 2.12 (LinkProgram): a program with a geometry
         * shader and no vertex shader does not link */
        p->log += link_error("link: a program with a geometry shader must also have a vertex shader");
        return;
    }
    if (!have[0] || !have[1]) {
        p->log += link_error(std::string("link: missing ") + (have[0] ? "fragment" : "vertex") + " shader");
        return;
    }
    const bool gs = have[SWR_GLSL_GEOMETRY];
    SetThreadPoolAllocator(&pool);
    int glsl_version = 0; /* the highest #version of the program's shaders */
    {
        /* user varyings a stage reads must be outputs of the stage before
         * it (the GS with one, else the VS) of the same type */
        std::map<std::string, IOSym> outs[SWR_GLSL_NUM_STAGES], ins[SWR_GLSL_NUM_STAGES], colors;
        for (int i = 0; i < count; i++) {
            IOScan sc;
            TIntermediate *im = ps.shaders[i]->getIntermediate();
            if (!im || !im->getTreeRoot())
                continue;
            glsl_version = std::max(glsl_version, im->getVersion());
            im->getTreeRoot()->traverse(&sc);
            int st = shaders[i]->stage;
            for (auto &kv : sc.syms) {
                static const char *const color_vars[] = {"gl_FrontColor", "gl_BackColor",
                                                         "gl_FrontSecondaryColor",
                                                         "gl_BackSecondaryColor"};
                /* (a redeclared colour that is never used does not take part) */
                bool vs = st == SWR_GLSL_VERTEX;
                for (const char *c : color_vars)
                    if (vs && kv.first == c && kv.second.used)
                        colors.emplace(kv.first, kv.second);
                if (st == SWR_GLSL_FRAGMENT && (kv.first == "gl_Color" || kv.first == "gl_SecondaryColor") &&
                    kv.second.storage == EvqVaryingIn && kv.second.used)
                    colors.emplace(kv.first, kv.second);
                if (kv.first.compare(0, 3, "gl_") == 0)
                    continue;
                if (kv.second.storage == EvqVaryingOut && st != SWR_GLSL_FRAGMENT) {
                    auto it = outs[st].find(kv.first);
                    if (it == outs[st].end())
                        outs[st].emplace(kv.first, kv.second);
                    else
                        it->second.used = it->second.used || kv.second.used;
                }
                if (kv.second.storage == EvqVaryingIn && st != SWR_GLSL_VERTEX) {
                    auto it = ins[st].find(kv.first);
                    if (it == ins[st].end())
                        ins[st].emplace(kv.first, kv.second);
                    else
                        it->second.used = it->second.used || kv.second.used;
                }
            }
        }
        static const char *const stage_names[] = {"vertex", "fragment", "geometry"};
        /* (consumer, producer): FS <- GS <- VS, or FS <- VS */
        int pairs[2][2] = {{SWR_GLSL_FRAGMENT, gs ? SWR_GLSL_GEOMETRY : SWR_GLSL_VERTEX},
                           {SWR_GLSL_GEOMETRY, SWR_GLSL_VERTEX}};
        for (int pi = 0; pi < (gs ? 2 : 1); pi++) {
            int cs = pairs[pi][0], pst = pairs[pi][1];
            const char *cn = stage_names[cs], *pn = stage_names[pst];
            for (auto &kv : ins[cs]) {
                auto it = outs[pst].find(kv.first);
                bool block = kv.first.compare(0, 6, "block ") == 0;
                std::string what = block ? "input block '" + kv.first.substr(6) + "'"
                                         : "varying '" + kv.first + "'";
                if (it == outs[pst].end()) {
                    if (!kv.second.used)
                        continue;
                    p->log += "ERROR: 0:" + std::to_string(kv.second.line) + ": link: " + cn + " shader " +
                              what + " is not written by the " + pn + " shader\n";
                    return;
                }
                if (kv.second.used && !it->second.used && !block) {
                    p->log += "ERROR: 0:" + std::to_string(kv.second.line) + ": link: " + cn + " shader " +
                              what + " is declared but never written by the " + pn + " shader\n";
                    return;
                }
                /* (glslang marks unqualified VS outputs and FS inputs smooth
                 * but not a GS's; the GS is 1.50, where no qualifier is smooth) */
                auto interp_of = [&](const IOSym &x) {
                    return gs && x.interp.empty() ? std::string("smooth") : x.interp;
                };
                if (glsl_version >= 130 && interp_of(it->second) != interp_of(kv.second)) {
                    p->log += "ERROR: 0:" + std::to_string(kv.second.line) + ": link: " + what +
                              " has interpolation '" + (it->second.interp.empty() ? "none" : it->second.interp) +
                              "' in the " + pn + " shader but '" +
                              (kv.second.interp.empty() ? "none" : kv.second.interp) + "' in the " + cn +
                              " shader (GLSL 1.30: they must match)\n";
                    return;
                }
                /* a GS input is an array of what the VS writes (GLSL 1.50 4.3.4) */
                const std::string &ct = cs == SWR_GLSL_GEOMETRY ? kv.second.elem_type : kv.second.type;
                if (cs == SWR_GLSL_GEOMETRY && ct.empty()) {
                    p->log += "ERROR: 0:" + std::to_string(kv.second.line) + ": link: geometry shader " + what +
                              " must be an array\n";
                    return;
                }
                if (it->second.type != ct) {
                    p->log += "ERROR: 0:" + std::to_string(kv.second.line) + ": link: " + what + " is " +
                              it->second.type + " in the " + pn + " shader (line " +
                              std::to_string(it->second.line) + ") but " + ct + " in the " + cn + " shader\n";
                    return;
                }
            }
        }
        {
            /* GLSL 1.30 4.3.7: gl_Color reads gl_FrontColor and gl_BackColor (and the
             * secondary colours likewise), so their interpolation qualifiers must agree. */
            static const char *const groups[2][3] = {{"gl_FrontColor", "gl_BackColor", "gl_Color"},
                                                     {"gl_FrontSecondaryColor", "gl_BackSecondaryColor",
                                                      "gl_SecondaryColor"}};
            for (const auto &g : groups) {
                if (glsl_version < 130)
                    break;
                const IOSym *first = nullptr;
                const char *first_name = nullptr;
                for (const char *n : g) {
                    auto it = colors.find(n);
                    if (it == colors.end())
                        continue;
                    if (!first) {
                        first = &it->second;
                        first_name = n;
                    } else if (it->second.interp != first->interp) {
                        p->log += "ERROR: 0:" + std::to_string(it->second.line) + ": link: " + n +
                                  " and " + first_name + " have different interpolation qualifiers\n";
                        return;
                    }
                }
            }
        }
    }
    if (!prog.link(EShMsgDefault)) {
        p->log += prog.getInfoLog();
        if (p->log.find("ERROR") == std::string::npos)
            p->log += link_error("link failed");
        return;
    }
    SetThreadPoolAllocator(&pool);

    LinkCtx ctx;
    ctx.has_gs = gs;
    TIntermediate *ims[SWR_GLSL_NUM_STAGES] = {nullptr, nullptr, nullptr};
    /* the stages present, in the order their uniforms and blocks are laid
     * out (VS, FS, then GS, so VS+FS programs keep their layout) */
    std::vector<int> stages = {SWR_GLSL_VERTEX, SWR_GLSL_FRAGMENT};
    if (gs)
        stages.push_back(SWR_GLSL_GEOMETRY);
    for (int st : stages) {
        ims[st] = prog.getIntermediate(lang_of(st));
        if (!ims[st] || !ims[st]->getTreeRoot()) {
            p->log += link_error("link: empty stage");
            return;
        }
        PerVertexFlattener pv;
        ims[st]->getTreeRoot()->traverse(&pv);
        Collector c;
        c.ctx = &ctx;
        c.stage = st;
        ims[st]->getTreeRoot()->traverse(&c);
        Declared d;
        d.ctx = &ctx;
        d.stage = st;
        ims[st]->getTreeRoot()->traverse(&d);
    }
    /* uniforms: declaration order, VS first */
    int reg = 0, smp = 0;
    for (int st : stages) {
        std::vector<std::string> names = ctx.order[st];
        for (auto &kv : ctx.used[st])
            if (std::find(names.begin(), names.end(), kv.first) == names.end())
                names.push_back(kv.first);
        for (const std::string &n : names) {
            auto it = ctx.used[st].find(n);
            if (it == ctx.used[st].end() || !is_uniform(*it->second) || is_uniform_block(*it->second))
                continue;
            auto ex = ctx.uniform_index.find(n);
            if (ex != ctx.uniform_index.end()) {
                UniformVar &u = ctx.uniforms[ex->second];
                if (!same_type(*u.type, *it->second)) {
                    p->log += link_error("link: uniform '" + n + "' has different types in two stages");
                    return;
                }
                u.stage_mask |= 1u << st;
                continue;
            }
            UniformVar u;
            u.name = n;
            u.type = it->second;
            u.reg = reg;
            u.sampler = samplers_of(*u.type) ? smp : -1;
            u.stage_mask = 1u << st;
            reg += slots_of(*u.type);
            assign_sampler_targets(ctx, *u.type, smp);
            ctx.uniform_index[n] = (int)ctx.uniforms.size();
            ctx.uniforms.push_back(u);
        }
    }
    ctx.num_const_regs = reg;
    /* uniform blocks: by block name, VS first, declaration order; a block
     * is active when a stage references it or (std140 / shared, whose
     * layout GL requires to stay) declares it. Each stage numbers its
     * blocks: element e of block k is constant buffer CONST[cbuf[st] + e]
     * of stage st (1..12; slot 0 is CONST[0]), so a program may have 12
     * blocks per stage and 24 in all. */
    {
        int next[SWR_GLSL_NUM_STAGES] = {1, 1, 1};
        auto take_slots = [&](BlockVar &b, int st) {
            if (b.cbuf[st] >= 0)
                return true;
            b.cbuf[st] = next[st];
            next[st] += b.elements;
            if (next[st] > 13) { /* GL_MAX_{VERTEX,FRAGMENT}_UNIFORM_BLOCKS */
                p->log += link_error(std::string("link: too many uniform blocks in the ") +
                                     (st == SWR_GLSL_VERTEX     ? "vertex"
                                      : st == SWR_GLSL_GEOMETRY ? "geometry"
                                                                : "fragment") +
                                     " shader (at most 12)");
                return false;
            }
            return true;
        };
        for (int st : stages) {
            std::vector<std::string> names = ctx.order[st];
            for (auto &kv : ctx.used[st])
                if (std::find(names.begin(), names.end(), kv.first) == names.end())
                    names.push_back(kv.first);
            for (const std::string &n : names) {
                auto it = ctx.used[st].find(n);
                const TType *t = nullptr;
                if (it != ctx.used[st].end()) {
                    t = it->second;
                } else {
                    auto d = ctx.declared[st].find(n);
                    if (d != ctx.declared[st].end() && is_uniform_block(*d->second) &&
                        d->second->getQualifier().layoutPacking != ElpPacked)
                        t = d->second;
                }
                if (!t || !is_uniform_block(*t))
                    continue;
                std::string bname = t->getTypeName().c_str();
                auto ex = ctx.block_index.find(bname);
                if (ex != ctx.block_index.end()) {
                    BlockVar &b = ctx.blocks[ex->second];
                    if (!same_type(*b.type, *t)) {
                        p->log += link_error("link: uniform block '" + bname +
                                             "' is declared differently in the two stages");
                        return;
                    }
                    b.stage_mask |= 1u << st;
                    if (!take_slots(b, st))
                        return;
                    continue;
                }
                BlockVar b;
                b.name = bname;
                b.type = t;
                b.anonymous = n.compare(0, 5, "anon@") == 0;
                b.cbuf[0] = b.cbuf[1] = b.cbuf[2] = -1;
                b.elements = array_len(*t, 1);
                b.stage_mask = 1u << st;
                bool rm = t->getQualifier().layoutMatrix == ElmRowMajor;
                TType e = t->isArray() ? TType(*t, 0) : TType();
                const TType &et = t->isArray() ? e : *t;
                /* every slot takes 4 bytes or more: past 16384 slots the
                 * block is over the limit, checked before it is laid out
                 * (and before the sizes could overflow) */
                if (slots_counted(et) > 65536 / 4) {
                    p->log += link_error("link: uniform block '" + bname +
                                         "' is larger than GL_MAX_UNIFORM_BLOCK_SIZE (65536 bytes)");
                    return;
                }
                b.size = std140_size(et, rm);
                std140_leaves(et, rm, 0, b.leaves);
                if (!take_slots(b, st))
                    return;
                if (b.size > 65536) {
                    p->log += link_error("link: uniform block '" + bname +
                                         "' is larger than GL_MAX_UNIFORM_BLOCK_SIZE (65536 bytes)");
                    return;
                }
                ctx.block_index[bname] = (int)ctx.blocks.size();
                ctx.blocks.push_back(b);
            }
        }
    }
    /* uniform initializers (GLSL 1.20 section 4.3.5): the initial CONST[0] */
    p->const_init.assign((size_t)reg * 4, 0u);
    for (const UniformVar &u : ctx.uniforms) {
        const TConstUnionArray *c = nullptr;
        for (int st : stages) {
            auto it = ctx.inits[st].find(u.name);
            if (it == ctx.inits[st].end())
                continue;
            if (c && !same_init(*c, it->second)) {
                p->log += link_error("link: uniform '" + u.name +
                                     "' has different initializers in two stages");
                return;
            }
            c = &it->second;
        }
        if (c) {
            int at = 0, r = u.reg;
            store_init(p->const_init, *u.type, *c, at, r);
        }
    }
    if (!assign_frag_outputs(ctx, p, frag_bindings, nfrag))
        return;
    /* attributes */
    {
        std::vector<AttribVar> av;
        bool taken[32] = {false};
        std::vector<std::string> names;
        for (auto &kv : ctx.used[0]) {
            TStorageQualifier q = kv.second->getQualifier().storage;
            if (q == EvqVaryingIn)
                names.push_back(kv.first);
        }
        /* declaration order first */
        std::vector<std::string> sorted;
        for (const std::string &n : ctx.order[0])
            if (std::find(names.begin(), names.end(), n) != names.end())
                sorted.push_back(n);
        for (const std::string &n : names)
            if (std::find(sorted.begin(), sorted.end(), n) == sorted.end())
                sorted.push_back(n);
        for (const std::string &n : sorted) {
            const TType *t = ctx.used[0].at(n);
            AttribVar a;
            a.name = n;
            a.type = t;
            a.num_inputs = t->isMatrix() ? t->getMatrixCols() : 1;
            a.location = builtin_attrib_location(n);
            if (a.location < 0 && n.compare(0, 3, "gl_") == 0)
                unsupported(0, "vertex input '%s'", n.c_str());
            for (int b = 0; b < nbindings && a.location < 0; b++)
                if (bindings[b].name && n == bindings[b].name)
                    a.location = (int)bindings[b].location;
            if (a.location >= 0) {
                for (int i = 0; i < a.num_inputs; i++)
                    if (a.location + i < 32)
                        taken[a.location + i] = true;
            }
            av.push_back(a);
        }
        for (AttribVar &a : av) {
            if (a.location >= 0)
                continue;
            for (int l = 0; l + a.num_inputs <= 16; l++) {
                bool ok = true;
                for (int i = 0; i < a.num_inputs; i++)
                    ok = ok && !taken[l + i];
                if (ok) {
                    a.location = l;
                    for (int i = 0; i < a.num_inputs; i++)
                        taken[l + i] = true;
                    break;
                }
            }
            if (a.location < 0) {
                p->log += link_error("link: too many vertex attributes");
                return;
            }
        }
        std::sort(av.begin(), av.end(), [](const AttribVar &x, const AttribVar &y) { return x.location < y.location; });
        int in = 0;
        for (AttribVar &a : av) {
            a.first_input = in;
            in += a.num_inputs;
        }
        if (in > SWR_MAX_ATTRIBS) {
            p->log += link_error("link: too many vertex inputs");
            return;
        }
        ctx.attribs = av;
    }
    /* varyings: the user inputs the FS reads (and, with a GS, those the GS
     * reads) are outputs of the stage before of the same type */
    if (!assign_varyings(ctx, p, SWR_GLSL_FRAGMENT, gs ? SWR_GLSL_GEOMETRY : SWR_GLSL_VERTEX, ctx.varyings))
        return;
    if (gs && !assign_varyings(ctx, p, SWR_GLSL_GEOMETRY, SWR_GLSL_VERTEX, ctx.gs_varyings))
        return;
    /* Transform feedback captures the outputs of the last vertex-processing
     * stage: the GS's when there is one (GL 3.2 section 2.15), else the
     * VS's. The captured outputs the FS does not read get slots after the
     * FS's (ctx.varyings is what that stage writes: gen_stage's out_map). */
    {
        int gen = 8;
        for (auto &kv : ctx.varyings)
            gen = std::max(gen, kv.second.generic + slots_of(*kv.second.vs_type));
        xfb_add_varyings(ctx, p, gen);
    }
    std::vector<TBasicType> stypes;
    for (const UniformVar &u : ctx.uniforms)
        collect_sampler_types(*u.type, stypes);
    /* SWR_GLSL_OPT=0: no loop unrolling and no TGSI optimizer (tgsi/tgsi_opt.h) */
    const char *opt_env = getenv("SWR_GLSL_OPT");
    bool optimize = !opt_env || strcmp(opt_env, "0") != 0;
    for (int st : stages) {
        gen_stage(ctx, st, ims[st], p->tgsi[st], optimize);
        fix_sview_types(ctx, stypes, p->tgsi[st]);
    }
    if (gs)
        gs_reflect(p, ims[SWR_GLSL_GEOMETRY]);
    /* GLSL 1.10-1.30 section 7.1: every vertex shader writes gl_Position. From
     * 1.40 on (7.1) an unwritten gl_Position is only undefined, not an error. */
    if (glsl_version < 140 && p->tgsi[SWR_GLSL_VERTEX].find(", POSITION") == std::string::npos) {
        p->log += link_error("link: the vertex shader does not write gl_Position");
        return;
    }
    /* self check, then the optimizer */
    for (int st : stages) {
        tgsi_program *tp = nullptr;
        tgsi_error err;
        if (!tgsi_parse(p->tgsi[st].c_str(), p->tgsi[st].size(), &tp, &err)) {
            /* A shader whose intermediate values need more registers than
             * TGSI has (an expression of 100,000 terms) is too large, not
             * an internal error. */
            if (strstr(err.message, "register") && strstr(err.message, "too large")) {
                p->log += std::string("ERROR: 0:0: the ") +
                          (st == SWR_GLSL_VERTEX ? "vertex" : st == SWR_GLSL_GEOMETRY ? "geometry" : "fragment") +
                          " shader is too large: it needs more than the 65536 registers of a"
                          " register file (" + err.message + ")\n";
                return;
            }
            p->log += "ERROR: 0:0: internal: generated TGSI does not validate (" + std::to_string(err.line) +
                      ":" + std::to_string(err.column) + ": " + err.message + ")\n";
            return;
        }
        if (optimize && tgsi_opt_program(tp)) {
            /* (should it not validate, the unoptimized text stays) */
            char *text = tgsi_validate(tp, &err) ? tgsi_print(tp) : nullptr;
            if (text)
                p->tgsi[st] = text;
            free(text);
        }
        tgsi_program_free(tp);
    }
    /* reflection */
    for (const AttribVar &a : ctx.attribs) {
        swr_glsl_attrib r{};
        r.gl_type = gl_type_of(*a.type);
        r.array_size = 1;
        r.location = a.location;
        r.first_input = a.first_input;
        r.num_inputs = a.num_inputs;
        r.is_integer = kind_of(*a.type) == KI || kind_of(*a.type) == KU;
        p->attrib_names.push_back(a.name);
        p->attribs.push_back(r);
    }
    for (const UniformVar &u : ctx.uniforms) {
        int r = u.reg, s = u.sampler < 0 ? 0 : u.sampler;
        flatten_uniform(p, u.name, *u.type, r, s, u.stage_mask);
    }
    p->layouts.assign(p->uniforms.size(), swr_glsl_uniform_layout{-1, -1, -1, -1, false});
    for (const BlockVar &b : ctx.blocks) {
        int first = (int)p->blocks.size();
        size_t first_u = p->uniforms.size();
        TType e = b.type->isArray() ? TType(*b.type, 0) : TType();
        const TType &et = b.type->isArray() ? e : *b.type;
        flatten_block_member(p, b.anonymous ? "" : b.name, et, et.getQualifier().layoutMatrix == ElmRowMajor,
                             0, first, b.stage_mask);
        std::vector<int> active;
        for (size_t i = first_u; i < p->uniforms.size(); i++) {
            /* the bare names of an anonymous block's members: "" + ".m" */
            if (b.anonymous && p->uniform_names[i][0] == '.')
                p->uniform_names[i].erase(0, 1);
            active.push_back((int)i);
        }
        for (int k = 0; k < b.elements; k++) {
            swr_glsl_uniform_block ub{};
            ub.data_size = (unsigned)b.size;
            ub.binding = b.type->getQualifier().hasBinding() ? (int)b.type->getQualifier().layoutBinding + k : 0;
            for (int st = 0; st < SWR_GLSL_NUM_STAGES; st++)
                ub.stage_const_buffer[st] = b.cbuf[st] >= 0 ? (unsigned)(b.cbuf[st] + k) : 0;
            ub.const_buffer = ub.stage_const_buffer[ub.stage_const_buffer[0]   ? 0
                                                    : ub.stage_const_buffer[1] ? 1
                                                                               : 2];
            ub.stage_mask = b.stage_mask;
            ub.num_active = (unsigned)active.size();
            p->block_names.push_back(b.type->isArray() ? b.name + "[" + std::to_string(k) + "]" : b.name);
            p->block_active.push_back(active);
            p->blocks.push_back(ub);
        }
    }
    p->num_const_regs = ctx.num_const_regs;
    p->sampler_targets = ctx.sampler_targets;
    /* the last vertex-processing stage (GS or VS) feeds transform feedback */
    if (!xfb_resolve(ctx, p))
        return;
    p->ok = true;
}

/* ---- transform feedback ------------------------------------------------- */

namespace {

/* A captured name split: "v[2]" is base "v", element 2; "v" element -1. */
struct XfbName {
    std::string base;
    int element = -1;
    bool ok = true;
};

XfbName xfb_split(const std::string &n)
{
    XfbName x;
    size_t lb = n.find('[');
    if (lb == std::string::npos) {
        x.base = n;
        return x;
    }
    x.base = n.substr(0, lb);
    size_t rb = n.find(']', lb);
    std::string digits = rb == std::string::npos ? "" : n.substr(lb + 1, rb - lb - 1);
    x.ok = rb == n.size() - 1 && !digits.empty() && digits.size() < 6 &&
           std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
    x.element = x.ok ? atoi(digits.c_str()) : -1;
    return x;
}

/* Built-in outputs that can be captured: semantic, components, GL type;
 * arrays (gl_TexCoord, gl_ClipDistance) are handled by name. */
struct XfbBuiltin {
    const char *name, *sem;
    int index, comps;
    unsigned gl_type;
};
const XfbBuiltin xfb_builtins[] = {
    {"gl_Position", "POSITION", 0, 4, 0x8B52 /* GL_FLOAT_VEC4 */},
    {"gl_PointSize", "PSIZE", 0, 1, 0x1406 /* GL_FLOAT */},
    {"gl_ClipVertex", "CLIPVERTEX", 0, 4, 0x8B52},
    {"gl_FrontColor", "COLOR", 0, 4, 0x8B52},
    {"gl_FrontSecondaryColor", "COLOR", 1, 4, 0x8B52},
    {"gl_BackColor", "BCOLOR", 0, 4, 0x8B52},
    {"gl_BackSecondaryColor", "BCOLOR", 1, 4, 0x8B52},
    {"gl_FogFragCoord", "FOG", 0, 1, 0x1406},
};

/* One run of components of one output semantic ("GENERIC", 9). */
struct XfbPiece {
    std::string sem;
    int index, first, n;
};

/* "DCL OUT[3].xy, CLIPDIST[1]" lines of the text: (semantic, index) -> OUT register. */
std::map<std::pair<std::string, int>, unsigned> xfb_out_regs(const std::string &text)
{
    std::map<std::pair<std::string, int>, unsigned> regs;
    size_t at = 0;
    while ((at = text.find("DCL OUT[", at)) != std::string::npos) {
        size_t eol = text.find('\n', at);
        std::string line = text.substr(at, eol == std::string::npos ? std::string::npos : eol - at);
        at += 8;
        unsigned reg = (unsigned)strtoul(line.c_str() + 8, nullptr, 10);
        size_t comma = line.find(',');
        if (comma == std::string::npos)
            continue;
        size_t s = line.find_first_not_of(' ', comma + 1);
        if (s == std::string::npos)
            continue;
        size_t e = s;
        while (e < line.size() && (isalnum((unsigned char)line[e]) || line[e] == '_'))
            e++;
        int index = 0;
        if (e < line.size() && line[e] == '[')
            index = atoi(line.c_str() + e + 1);
        regs[{line.substr(s, e - s), index}] = reg;
    }
    return regs;
}

/* The stage whose outputs are captured: the GS when there is one. */
int xfb_stage(const LinkCtx &ctx) { return ctx.has_gs ? SWR_GLSL_GEOMETRY : SWR_GLSL_VERTEX; }

} /* namespace */

int xfb_add_varyings(LinkCtx &ctx, const swr_glsl_program *p, int gen)
{
    for (const std::string &n : p->xfb_request) {
        XfbName x = xfb_split(n);
        if (!x.ok || x.base.compare(0, 3, "gl_") == 0 || ctx.varyings.count(x.base))
            continue;
        const auto &declared = ctx.declared[xfb_stage(ctx)];
        auto it = declared.find(x.base);
        if (it == declared.end() || it->second->getQualifier().storage != EvqVaryingOut ||
            it->second->getBasicType() == EbtStruct)
            continue; /* xfb_resolve reports it */
        ctx.varyings[x.base] = {gen, it->second};
        gen += slots_of(*it->second);
    }
    return gen;
}

bool xfb_resolve(const LinkCtx &ctx, swr_glsl_program *p)
{
    p->xfb_varyings.clear();
    p->xfb_outputs.clear();
    for (unsigned &s : p->xfb_stride)
        s = 0;
    if (p->xfb_request.empty())
        return true;
    auto fail = [&](const std::string &n, const std::string &why) {
        p->log += link_error("link: transform feedback varying '" + n + "' " + why);
        return false;
    };
    const int xs = xfb_stage(ctx);
    const std::string stage_name = xs == SWR_GLSL_GEOMETRY ? "geometry" : "vertex";
    auto regs = xfb_out_regs(p->tgsi[xs]);
    /* what is captured so far, per base name: whole (-1) or elements */
    std::map<std::string, std::vector<int>> taken;
    int total = 0;
    for (size_t v = 0; v < p->xfb_request.size(); v++) {
        const std::string &n = p->xfb_request[v];
        XfbName x = xfb_split(n);
        if (!x.ok)
            return fail(n, "is not a variable name or an array element");
        std::vector<XfbPiece> pieces;
        swr_glsl_xfb_varying r{};
        r.size = 1;
        auto declared = [&](const char *name) -> const TType * {
            auto d = ctx.declared[xs].find(name);
            if (d != ctx.declared[xs].end())
                return d->second;
            auto u = ctx.used[xs].find(name);
            return u != ctx.used[xs].end() ? u->second : nullptr;
        };
        /* the array length of base (elements of an array built-in or user array) */
        int len = -1;
        if (x.base == "gl_TexCoord" || x.base == "gl_ClipDistance") {
            const TType *t = declared(x.base.c_str());
            if (!t)
                return fail(n, "is not written by the " + stage_name + " shader");
            len = array_len(*t, 8);
            r.gl_type = x.base == "gl_TexCoord" ? 0x8B52 : 0x1406;
            int first = x.element < 0 ? 0 : x.element, count = x.element < 0 ? len : 1;
            if (x.element >= len)
                return fail(n, "indexes past the end of the array");
            r.size = count;
            for (int k = first; k < first + count; k++) {
                if (x.base == "gl_TexCoord")
                    pieces.push_back({"GENERIC", k, 0, 4});
                else if (!pieces.empty() && pieces.back().index == k / 4)
                    pieces.back().n++;
                else
                    pieces.push_back({"CLIPDIST", k / 4, k % 4, 1});
            }
        } else if (x.base.compare(0, 3, "gl_") == 0) {
            const XfbBuiltin *b = nullptr;
            for (const XfbBuiltin &c : xfb_builtins)
                if (x.base == c.name)
                    b = &c;
            if (!b || x.element >= 0)
                return fail(n, "is not an output of the " + stage_name + " shader");
            r.gl_type = b->gl_type;
            pieces.push_back({b->sem, b->index, 0, b->comps});
        } else {
            auto it = ctx.varyings.find(x.base);
            const TType *t = it != ctx.varyings.end() ? it->second.vs_type : nullptr;
            if (!t)
                return fail(n, "is not an output of the " + stage_name + " shader");
            if (x.element >= 0 && !t->isArray())
                return fail(n, "indexes a variable that is not an array");
            int slot = it->second.generic;
            TType elem = t->isArray() ? TType(*t, 0) : TType();
            const TType &et = t->isArray() ? elem : *t;
            if (t->isArray()) {
                len = array_len(*t, 1);
                if (x.element >= len)
                    return fail(n, "indexes past the end of the array");
            }
            std::vector<Leaf> lv;
            if (x.element >= 0) {
                slot += x.element * slots_of(et);
                leaves(et, lv);
            } else {
                leaves(*t, lv);
                r.size = t->isArray() ? len : 1;
            }
            r.gl_type = gl_type_of(et);
            for (const Leaf &l : lv)
                pieces.push_back({"GENERIC", slot++, 0, l.n});
        }
        /* GL 3.0 section 2.15.3: no varying twice (a whole array and one of
         * its elements are two varyings, as Mesa takes them) */
        std::vector<int> &t = taken[x.base];
        for (int e : t)
            if (e == x.element)
                return fail(n, "is captured more than once");
        t.push_back(x.element);
        int comps = 0;
        for (const XfbPiece &pc : pieces)
            comps += pc.n;
        if (p->xfb_separate && comps > 4)
            return fail(n, "has " + std::to_string(comps) +
                               " components, more than GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS (4)");
        total += comps;
        if (!p->xfb_separate && total > 64) {
            p->log += link_error("link: the transform feedback varyings have " + std::to_string(total) +
                                 " components, more than GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS (64)");
            return false;
        }
        unsigned buffer = p->xfb_separate ? (unsigned)v : 0;
        if (buffer >= 4) {
            p->log += link_error("link: more than GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS (4) separate "
                                 "transform feedback varyings");
            return false;
        }
        for (const XfbPiece &pc : pieces) {
            auto reg = regs.find({pc.sem, pc.index});
            if (reg == regs.end())
                return fail(n, "is not written by the " + stage_name + " shader");
            p->xfb_outputs.push_back(
                {reg->second, (unsigned)pc.first, (unsigned)pc.n, buffer, p->xfb_stride[buffer]});
            p->xfb_stride[buffer] += (unsigned)pc.n;
        }
        p->xfb_varyings.push_back(r);
    }
    return true;
}

} /* namespace glsl */
