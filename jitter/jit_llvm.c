/*
 * jit_llvm.c: the LLVM JIT executor: a tgsi_program becomes one native
 * function with the engine ABI (shader_abi.h), compiled by LLVM 15's ORC
 * LLJIT for haswell (AVX2, FMA, F16C; never AVX-512).
 *
 * In: a validated program whose interpreter form (sh->interp) is already
 * built; the interpreter stays the fallback and lends its decoded ops for
 * the rare opcodes emitted as calls (see below). Out: sh->llvm with the
 * vs/ps entry point, or false with a reason, after which the shader simply
 * runs in the interpreter. Called by jit_shader_compile on any thread; one
 * LLJIT per process behind a mutex (concurrent compiles on one LLJIT crash,
 * notes/dependencies.md), one ResourceTracker per shader.
 *
 * Semantics are the interpreter's, bit for bit (exec_contract.md):
 *  - registers are arrays of <8 x float> allocas (TEMP, ADDR, OUT, IN,
 *    IMM, SV), zeroed or filled at entry; SROA turns directly addressed
 *    ones into SSA values, indirect accesses gather/scatter per lane with
 *    the interpreter's ranges (exec contract 12). Of TEMP and OUT only the
 *    components that may be read before a store to every lane are zeroed
 *    (zinit_*): a zeroing memset of a long shader's TEMP array per call
 *    used to cost more than the shader;
 *  - control flow keeps the interpreter's lane masks (cond, brk, cont,
 *    alive as i32 bit sets, E = their AND); stores inside control flow
 *    blend with E (outside it E is every running lane and they need not);
 *    blocks no lane executes are branched over, loops really loop (at
 *    most 65535 iterations, exec contract 15);
 *  - float code uses plain fadd/fmul/fdiv/sqrt in the written order with no
 *    fast-math flags (no contraction); MIN/MAX/SSG/saturate are written as
 *    the interpreter's x86 select patterns; SIN/COS are tgsi_math.h's SIMD
 *    functions written out in IR; EX2/LG2/POW call out-of-line copies of
 *    them;
 *  - the TEX family (TEX, TXP, TXB, TXL, TXD, TEX2, TXB2, TXL2, TEX_LZ,
 *    TXF, TXF_LZ, LODQ) builds the interpreter's swr_tex_request inline and
 *    calls res->sampler->sample directly (emit_tex); filtered 2D lookups
 *    without offsets first check the sampler's fast unit (shader_abi.h
 *    swr_tex_fast_unit) and, when it is valid, sample inline instead
 *    (jit_llvm_tex.c, the sampler's own results bit for bit);
 *  - the other texture opcodes and the rare ALU opcodes (bit fields,
 *    packing, 64-bit halves ...) call the interpreter's own handler on a
 *    scratch register file holding the already swizzled and modified
 *    sources (jl_call_op), so requests to res->sampler are identical.
 * Not compiled (the shader falls back): subroutines (CAL/BGNSUB), indirect
 * PS OUT writes, an END before the last one, indirect indices from other
 * files than ADDR/TEMP. Registers live on the stack: a 512-register TEMP
 * array with indirect access takes 64 KiB of the calling thread's stack.
 * SWR_JIT_DEBUG prints compile times and fallback reasons, SWR_JIT_DUMP the
 * optimised IR.
 */
#include "jitter/jit_priv.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWR_HAVE_LLVM

#include <errno.h>
#include <pthread.h>
#include <sys/stat.h>
#include <time.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Disassembler.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "jitter/jit_interp_priv.h"
#include "jitter/jit_llvm_tex.h"
#include "tgsi/tgsi_math.h"
#include "knobs/knobs.h"

#define JL_CPU "haswell"
#define JL_FEATURES "+avx2,+fma,+f16c"
#define JL_MAX_CF 128
/* The cheap pipeline of notes/dependencies.md minus instcombine: it
 * rewrites a + (-b) into a - b, which flips the sign of a NaN result, and
 * the sampler sees NaN derivatives bit for bit (the interpreter keeps the
 * written order). */
#define JL_PASSES "function(sroa,early-cse,simplifycfg)"
/* With a batched PS entry (build_tile_entry): the 8-pixel body is inlined
 * into its block loop first, so SROA turns the per-block swr_ps_args and
 * input array into registers. */
#define JL_PASSES_TILE "always-inline,function(sroa,early-cse,simplifycfg)"

struct jit_llvm_code {
    LLVMOrcResourceTrackerRef rt;
    jit_op *ops; /* fake ops of the called handlers, indexed by instruction */
    void *entry;
    void *tile_entry; /* PS: the swr_ps_tile_func, or NULL */
    double compile_ms;
};

/* ---- process-wide JIT ----------------------------------------------------- */

static pthread_mutex_t jl_lock = PTHREAD_MUTEX_INITIALIZER;
static LLVMOrcLLJITRef jl_jit;
static LLVMTargetMachineRef jl_opt_tm; /* for the IR passes */
static char *jl_triple;
static bool jl_init_failed;
static bool jl_run_passes; /* KNOB_JIT_OPTIMIZATION_LEVEL != 0 */
static unsigned jl_counter;

static bool jl_init_locked(char *why, size_t n)
{
    if (jl_jit)
        return true;
    if (jl_init_failed) {
        snprintf(why, n, "LLVM initialisation failed earlier");
        return false;
    }
    LLVMInitializeNativeTarget();
    LLVMInitializeNativeAsmPrinter();
    LLVMInitializeNativeDisassembler();
    jl_triple = LLVMGetDefaultTargetTriple();
    LLVMTargetRef t;
    char *msg = NULL;
    if (LLVMGetTargetFromTriple(jl_triple, &t, &msg)) {
        snprintf(why, n, "no LLVM target: %s", msg ? msg : "?");
        LLVMDisposeMessage(msg);
        jl_init_failed = true;
        return false;
    }
    /* KNOB_JIT_OPTIMIZATION_LEVEL: code generation level 0..3, -1 (or any
     * other value) the aggressive level 3; at 0 the IR passes are skipped
     * too (fastest compiles, for debugging). */
    knob_init();
    int level = KNOB_JIT_OPTIMIZATION_LEVEL;
    jl_run_passes = level != 0;
    LLVMCodeGenOptLevel cg = level == 0   ? LLVMCodeGenLevelNone
                             : level == 1 ? LLVMCodeGenLevelLess
                             : level == 2 ? LLVMCodeGenLevelDefault
                                          : LLVMCodeGenLevelAggressive;
    LLVMTargetMachineRef tm = LLVMCreateTargetMachine(t, jl_triple, JL_CPU, JL_FEATURES, cg,
                                                      LLVMRelocDefault, LLVMCodeModelJITDefault);
    jl_opt_tm = LLVMCreateTargetMachine(t, jl_triple, JL_CPU, JL_FEATURES, cg, LLVMRelocDefault,
                                        LLVMCodeModelJITDefault);
    LLVMOrcLLJITBuilderRef jb = LLVMOrcCreateLLJITBuilder();
    LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(
        jb, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(tm));
    LLVMErrorRef e = LLVMOrcCreateLLJIT(&jl_jit, jb);
    if (e) {
        char *m = LLVMGetErrorMessage(e);
        snprintf(why, n, "LLJIT: %s", m);
        LLVMDisposeErrorMessage(m);
        jl_jit = NULL;
        jl_init_failed = true;
        return false;
    }
    /* memset / memcpy that the code generator may call come from the
     * process */
    LLVMOrcDefinitionGeneratorRef gen = NULL;
    e = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&gen, LLVMOrcLLJITGetGlobalPrefix(jl_jit),
                                                             NULL, NULL);
    if (e) {
        char *m = LLVMGetErrorMessage(e);
        snprintf(why, n, "process symbols: %s", m);
        LLVMDisposeErrorMessage(m);
        jl_init_failed = true;
        return false;
    }
    LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(jl_jit), gen);
    return true;
}

/* ---- helpers called from JIT code ------------------------------------------ */

/* What a missing constant element or resource table reads. */
static const float jl_zero4[4];
static const swr_shader_resources jl_zero_res;

typedef vf8 (*jl_v1_fn)(vf8);
typedef vf8 (*jl_v2_fn)(vf8, vf8);
static vf8 jl_exp2(vf8 x) { return tgsi_exp2_v8(x); }
static vf8 jl_log2(vf8 x) { return tgsi_log2_v8(x); }
static vf8 jl_pow(vf8 x, vf8 y) { return tgsi_pow_v8(x, y); }
static vf8 jl_pow_mzw(vf8 x, vf8 y) { return tgsi_pow_mzw_v8(x, y); }

/* Runs one interpreter handler: `op` reads its sources from scratch slots
 * 0..4 (offset register: slot 5) and writes slot 6. */
static void jl_call_op(const jit_op *op, float *scratch, const swr_shader_resources *res,
                       uint32_t E, uint32_t flags, const jit_shader *sh)
{
    jit_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.base[JIT_BASE_REG] = scratch;
    ctx.base[JIT_BASE_IMM] = sh->interp->imm;
    ctx.E = E & 0xffu;
    ctx.full = ctx.E == 0xffu;
    ctx.mask = vi8_from_bits(ctx.E);
    ctx.is_ps = flags & 1u;
    ctx.mzw = (flags & 2u) != 0;
    ctx.cond = ctx.brk = ctx.cont = ctx.ret = 0xffffffffu;
    ctx.alive = ctx.exec = ctx.entry_exec = ctx.E;
    ctx.ip = sh->interp;
    ctx.sh = sh;
    ctx.res = res;
    op->fn(&ctx, op, 0);
}

/* ---- IR building ------------------------------------------------------------ */

typedef struct jl_cf {
    int kind; /* IF, LOOP, SWITCH */
    LLVMValueRef saved_cond, saved_brk, saved_cont, iter, sel, swdef;
    LLVMBasicBlockRef skip, head, exit;
} jl_cf;

enum { CF_IF, CF_LOOP, CF_SWITCH };

typedef struct jl {
    LLVMContextRef C;
    LLVMModuleRef M;
    LLVMBuilderRef b, eb; /* body, entry-block (allocas, hoisted loads) */
    LLVMValueRef fn;
    LLVMBasicBlockRef entry;
    LLVMTypeRef f32, i32, i64, i8, i1, v8f, v8i, v8b, ptr, voidt;
    const tgsi_program *p;
    jit_shader *sh;
    struct jit_llvm_code *code;
    bool is_ps, mzw;
    LLVMValueRef args, res;
    LLVMValueRef file_arr[TGSI_FILE_COUNT];
    uint32_t file_n[TGSI_FILE_COUNT];
    LLVMValueRef cond, brk, cont, alive, exec, entry_exec;
    LLVMValueRef scratch, zero4;
    LLVMValueRef req, texout; /* swr_tex_request and its result (emit_tex) */
    LLVMValueRef cbase[SWR_MAX_CONST_BUFFERS], ccount[SWR_MAX_CONST_BUFFERS];
    LLVMValueRef inputs;   /* args->inputs */
    bool in_direct;        /* IN reads load from args->inputs (else the IN array) */
    uint32_t special_in;   /* PS IN registers computed at entry (POSITION, FACE) */
    jl_cf cf[JL_MAX_CF];
    int ncf;
    char why[160];
    bool failed;
    bool had_ret; /* a RET in main was emitted: alive may shrink */
    /* Zero-initialization of TEMP ([0]) and OUT ([1]), one byte per
     * component (reg * 4 + comp): zinit_def marks those already written on
     * every lane (a store_dst outside control flow and before any RET, in
     * program order: such code runs exactly once, before every later
     * instruction), zinit_need those some access (reg_ptr) reached while not
     * so written; zinit_all: an indirect access, zero the whole file. Only
     * needed components get the entry's zero store (finish_zero_init), so
     * every read sees what a fully zeroed file would give. */
    uint8_t *zinit_def[2], *zinit_need[2];
    bool zinit_all[2];
} jl;

static bool jl_fail(jl *j, const tgsi_inst *in, const char *fmt, const char *a)
{
    if (!j->failed) {
        char m[120];
        snprintf(m, sizeof m, fmt, a ? a : "");
        snprintf(j->why, sizeof j->why, "line %u: %s", in ? in->line : 0, m);
    }
    j->failed = true;
    return false;
}

static LLVMValueRef ci32(jl *j, int64_t v) { return LLVMConstInt(j->i32, (unsigned long long)v, 1); }
static LLVMValueRef ci64(jl *j, uint64_t v) { return LLVMConstInt(j->i64, v, 0); }
static LLVMValueRef splat_f(jl *j, float f)
{
    LLVMValueRef e[8];
    for (int i = 0; i < 8; i++)
        e[i] = LLVMConstReal(j->f32, f);
    return LLVMConstVector(e, 8);
}
static LLVMValueRef splat_i(jl *j, int32_t v)
{
    LLVMValueRef e[8];
    for (int i = 0; i < 8; i++)
        e[i] = ci32(j, v);
    return LLVMConstVector(e, 8);
}
static LLVMValueRef vsplat_i(jl *j, LLVMValueRef s)
{
    LLVMValueRef v = LLVMBuildInsertElement(j->b, LLVMGetUndef(j->v8i), s, ci32(j, 0), "");
    return LLVMBuildShuffleVector(j->b, v, LLVMGetUndef(j->v8i), LLVMConstNull(j->v8i), "");
}
static LLVMValueRef asi(jl *j, LLVMValueRef v) { return LLVMBuildBitCast(j->b, v, j->v8i, ""); }
static LLVMValueRef asf(jl *j, LLVMValueRef v) { return LLVMBuildBitCast(j->b, v, j->v8f, ""); }

/* Byte offset into a pointer. */
static LLVMValueRef at(jl *j, LLVMBuilderRef b, LLVMValueRef base, size_t off)
{
    LLVMValueRef o = ci64(j, off);
    return LLVMBuildGEP2(b, j->i8, base, &o, 1, "");
}

static LLVMValueRef load_a(jl *j, LLVMBuilderRef b, LLVMTypeRef t, LLVMValueRef p, unsigned al)
{
    LLVMValueRef v = LLVMBuildLoad2(b, t, p, "");
    LLVMSetAlignment(v, al);
    return v;
}
static void store_a(LLVMBuilderRef b, LLVMValueRef v, LLVMValueRef p, unsigned al)
{
    LLVMValueRef s = LLVMBuildStore(b, v, p);
    LLVMSetAlignment(s, al);
}

static LLVMValueRef intrinsic(jl *j, const char *name, LLVMTypeRef *tys, unsigned ntys,
                              LLVMValueRef *args, unsigned nargs)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef f = LLVMGetIntrinsicDeclaration(j->M, id, tys, ntys);
    LLVMTypeRef ft = LLVMIntrinsicGetType(j->C, id, tys, ntys);
    return LLVMBuildCall2(j->b, ft, f, args, nargs, "");
}
static LLVMValueRef intr1(jl *j, const char *name, LLVMValueRef x)
{
    LLVMTypeRef t = LLVMTypeOf(x);
    return intrinsic(j, name, &t, 1, &x, 1);
}

static LLVMValueRef host_fn(jl *j, void *fnp, LLVMTypeRef ft)
{
    (void)ft;
    return LLVMConstIntToPtr(ci64(j, (uint64_t)(uintptr_t)fnp), j->ptr);
}

static LLVMValueRef call_v1(jl *j, jl_v1_fn f, LLVMValueRef x)
{
    LLVMTypeRef ft = LLVMFunctionType(j->v8f, &j->v8f, 1, 0);
    return LLVMBuildCall2(j->b, ft, host_fn(j, (void *)f, ft), &x, 1, "");
}
static LLVMValueRef call_v2(jl *j, jl_v2_fn f, LLVMValueRef x, LLVMValueRef y)
{
    LLVMTypeRef ps[2] = {j->v8f, j->v8f};
    LLVMTypeRef ft = LLVMFunctionType(j->v8f, ps, 2, 0);
    LLVMValueRef a[2] = {x, y};
    return LLVMBuildCall2(j->b, ft, host_fn(j, (void *)f, ft), a, 2, "");
}

static LLVMValueRef entry_alloca(jl *j, LLVMTypeRef t, const char *name)
{
    LLVMValueRef a = LLVMBuildAlloca(j->eb, t, name);
    LLVMSetAlignment(a, 32);
    return a;
}

/* ---- masks ---------------------------------------------------------------- */

static LLVMValueRef ld32(jl *j, LLVMValueRef p) { return LLVMBuildLoad2(j->b, j->i32, p, ""); }
static void st32(jl *j, LLVMValueRef v, LLVMValueRef p) { LLVMBuildStore(j->b, v, p); }

static LLVMValueRef cur_E(jl *j)
{
    LLVMValueRef e = LLVMBuildAnd(j->b, ld32(j, j->cond), ld32(j, j->brk), "");
    e = LLVMBuildAnd(j->b, e, ld32(j, j->cont), "");
    return LLVMBuildAnd(j->b, e, ld32(j, j->alive), "E");
}

/* 8-bit lane set -> <8 x i1>. */
static LLVMValueRef bits_to_mask(jl *j, LLVMValueRef bits)
{
    LLVMValueRef e[8];
    for (int i = 0; i < 8; i++)
        e[i] = ci32(j, 1 << i);
    LLVMValueRef v = LLVMBuildAnd(j->b, vsplat_i(j, bits), LLVMConstVector(e, 8), "");
    return LLVMBuildICmp(j->b, LLVMIntNE, v, LLVMConstNull(j->v8i), "");
}
static LLVMValueRef mask_to_bits(jl *j, LLVMValueRef m)
{
    LLVMValueRef b = LLVMBuildBitCast(j->b, m, j->i8, "");
    return LLVMBuildZExt(j->b, b, j->i32, "");
}
static LLVMValueRef bool_f(jl *j, LLVMValueRef m) /* 1.0f / 0.0f */
{
    return LLVMBuildSelect(j->b, m, splat_f(j, 1.0f), splat_f(j, 0.0f), "");
}
static LLVMValueRef bool_i(jl *j, LLVMValueRef m) /* ~0 / 0 as float bits */
{
    return asf(j, LLVMBuildSExt(j->b, m, j->v8i, ""));
}

/* ---- float patterns of the interpreter --------------------------------- */

/* x86 minps/maxps: second operand on NaN or equality. */
static LLVMValueRef x86_min(jl *j, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildSelect(j->b, LLVMBuildFCmp(j->b, LLVMRealOLT, a, b, ""), a, b, "");
}
static LLVMValueRef x86_max(jl *j, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildSelect(j->b, LLVMBuildFCmp(j->b, LLVMRealOGT, a, b, ""), a, b, "");
}
static LLVMValueRef saturate(jl *j, LLVMValueRef x)
{
    return x86_min(j, x86_max(j, x, splat_f(j, 0.0f)), splat_f(j, 1.0f));
}
/* exec contract 3 (jit_min_c / jit_max_c). */
static LLVMValueRef min_c(jl *j, LLVMValueRef a, LLVMValueRef b, bool is_max)
{
    LLVMValueRef m = is_max ? x86_max(j, a, b) : x86_min(j, a, b);
    LLVMValueRef bnan = LLVMBuildFCmp(j->b, LLVMRealUNO, b, b, "");
    m = LLVMBuildSelect(j->b, bnan, a, m, "");
    LLVMValueRef eq = LLVMBuildFCmp(j->b, LLVMRealOEQ, a, b, "");
    LLVMValueRef comb = is_max ? LLVMBuildAnd(j->b, asi(j, a), asi(j, b), "")
                               : LLVMBuildOr(j->b, asi(j, a), asi(j, b), "");
    return LLVMBuildSelect(j->b, eq, asf(j, comb), m, "");
}
static LLVMValueRef fmul_m(jl *j, LLVMValueRef a, LLVMValueRef b)
{
    LLVMValueRef p = LLVMBuildFMul(j->b, a, b, "");
    if (!j->mzw)
        return p;
    LLVMValueRef z = LLVMBuildOr(j->b, LLVMBuildFCmp(j->b, LLVMRealOEQ, a, splat_f(j, 0.0f), ""),
                                 LLVMBuildFCmp(j->b, LLVMRealOEQ, b, splat_f(j, 0.0f), ""), "");
    return LLVMBuildSelect(j->b, z, splat_f(j, 0.0f), p, "");
}
static LLVMValueRef floor_v(jl *j, LLVMValueRef x) { return intr1(j, "llvm.floor", x); }

/* ---- sin / cos inline ------------------------------------------------------ */

/* tgsi_math.h's tgsi_sin_v8 / tgsi_cos_v8 written out in IR, operation for
 * operation (no fast-math flags, so LLVM keeps every rounding), so the
 * results are the interpreter's bit for bit. Inline rather than a call:
 * a call clobbers every ymm register (all are caller-saved), so a shader
 * with several sines in flight spilled its live values around each. The
 * float->int conversion is the x86 one (defined for every input, like
 * vf8_to_vi8_trunc), not fptosi, which is poison out of range. */
static LLVMValueRef fma_v(jl *j, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c)
{
    LLVMTypeRef t = j->v8f;
    LLVMValueRef args[3] = {a, b, c};
    return intrinsic(j, "llvm.fma", &t, 1, args, 3);
}

static LLVMValueRef cvtt_v(jl *j, LLVMValueRef x)
{
    LLVMTypeRef ft = LLVMFunctionType(j->v8i, &j->v8f, 1, 0);
    LLVMValueRef f = LLVMGetNamedFunction(j->M, "llvm.x86.avx.cvtt.ps2dq.256");
    if (!f)
        f = LLVMAddFunction(j->M, "llvm.x86.avx.cvtt.ps2dq.256", ft);
    return LLVMBuildCall2(j->b, ft, f, &x, 1, "");
}

/* tgsi_trig_step_v8. */
static LLVMValueRef trig_step(jl *j, LLVMValueRef x, LLVMValueRef *kq)
{
    LLVMBuilderRef b = j->b;
    LLVMValueRef k =
        intr1(j, "llvm.roundeven", LLVMBuildFMul(b, x, splat_f(j, TGSI_TRIG_2_OVER_PI), ""));
    LLVMValueRef nk = LLVMBuildFNeg(b, k, "");
    LLVMValueRef r = fma_v(j, nk, splat_f(j, TGSI_TRIG_P1), x);
    r = fma_v(j, nk, splat_f(j, TGSI_TRIG_P2), r);
    r = fma_v(j, nk, splat_f(j, TGSI_TRIG_P3), r);
    LLVMValueRef q = floor_v(j, LLVMBuildFMul(b, k, splat_f(j, 0.25f), ""));
    LLVMValueRef kf = LLVMBuildFSub(b, k, LLVMBuildFMul(b, splat_f(j, 4.0f), q, ""), "");
    *kq = cvtt_v(j, kf);
    LLVMValueRef k0 = LLVMBuildFCmp(b, LLVMRealOEQ, k, splat_f(j, 0.0f), "");
    return LLVMBuildSelect(b, k0, x, r, "");
}

/* tgsi_sin_v8 (quadrant_add 0) and tgsi_cos_v8 (quadrant_add 1). */
static LLVMValueRef emit_sin_cos(jl *j, LLVMValueRef x, int quadrant_add)
{
    LLVMBuilderRef b = j->b;
    LLVMValueRef kq1, kq2;
    LLVMValueRef r = trig_step(j, x, &kq1);
    r = trig_step(j, r, &kq2);
    LLVMValueRef q = LLVMBuildAdd(b, kq1, kq2, "");
    if (quadrant_add)
        q = LLVMBuildAdd(b, q, splat_i(j, quadrant_add), "");
    LLVMValueRef one = splat_f(j, 1.0f), mone = splat_f(j, -1.0f);
    r = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOGT, r, one, ""), one, r, "");
    r = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOLT, r, mone, ""), mone, r, "");
    LLVMValueRef r2 = LLVMBuildFMul(b, r, r, "");
    /* tgsi_sin_poly_v8 */
    LLVMValueRef ps = splat_f(j, TGSI_SIN_C9);
    ps = fma_v(j, ps, r2, splat_f(j, TGSI_SIN_C7));
    ps = fma_v(j, ps, r2, splat_f(j, TGSI_SIN_C5));
    ps = fma_v(j, ps, r2, splat_f(j, TGSI_SIN_C3));
    LLVMValueRef sn = fma_v(j, LLVMBuildFMul(b, ps, r2, ""), r, r);
    sn = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOEQ, r, splat_f(j, 0.0f), ""), r, sn, "");
    /* tgsi_cos_poly_v8 */
    LLVMValueRef pc = splat_f(j, TGSI_COS_C10);
    pc = fma_v(j, pc, r2, splat_f(j, TGSI_COS_C8));
    pc = fma_v(j, pc, r2, splat_f(j, TGSI_COS_C6));
    pc = fma_v(j, pc, r2, splat_f(j, TGSI_COS_C4));
    pc = fma_v(j, pc, r2, splat_f(j, TGSI_COS_C2));
    LLVMValueRef cs = fma_v(j, pc, r2, one);
    /* tgsi_trig_quadrant_v8 */
    LLVMValueRef odd = LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildAnd(b, q, splat_i(j, 1), ""),
                                     splat_i(j, 1), "");
    LLVMValueRef neg = LLVMBuildShl(b, LLVMBuildAnd(b, q, splat_i(j, 2), ""), splat_i(j, 30), "");
    LLVMValueRef v = LLVMBuildSelect(b, odd, cs, sn, "");
    v = asf(j, LLVMBuildXor(b, asi(j, v), neg, ""));
    LLVMValueRef fin = LLVMBuildFCmp(b, LLVMRealOLT, intr1(j, "llvm.fabs", x),
                                     splat_f(j, __builtin_inff()), "");
    return LLVMBuildSelect(b, fin, v, LLVMBuildFSub(b, x, x, ""), "");
}

/* ---- registers ------------------------------------------------------------ */

static bool file_is_array(unsigned f)
{
    return f == TGSI_FILE_TEMPORARY || f == TGSI_FILE_ADDRESS || f == TGSI_FILE_OUTPUT ||
           f == TGSI_FILE_INPUT || f == TGSI_FILE_IMMEDIATE || f == TGSI_FILE_SYSTEM_VALUE;
}

/* zinit_* slot of a register file: 0 TEMP, 1 OUT, -1 not tracked. */
static int zinit_slot(unsigned file)
{
    return file == TGSI_FILE_TEMPORARY ? 0 : file == TGSI_FILE_OUTPUT ? 1 : -1;
}

/* Element pointer of a direct register component, for a store to every
 * lane (no zero-init bookkeeping; see reg_ptr). */
static LLVMValueRef reg_ptr_w(jl *j, unsigned file, uint32_t index, unsigned comp)
{
    LLVMValueRef idx[2] = {ci32(j, 0), ci32(j, (int64_t)index * 4 + comp)};
    LLVMTypeRef at_ = LLVMArrayType(j->v8f, j->file_n[file] * 4);
    return LLVMBuildInBoundsGEP2(j->b, at_, j->file_arr[file], idx, 2, "");
}

/* The same for any other access (a read, or a blended store that reads the
 * old value): the component needs its zero at entry unless it was already
 * written on every lane. */
static LLVMValueRef reg_ptr(jl *j, unsigned file, uint32_t index, unsigned comp)
{
    int z = zinit_slot(file);
    if (z >= 0 && j->zinit_need[z] && !j->zinit_def[z][index * 4 + comp])
        j->zinit_need[z][index * 4 + comp] = 1;
    LLVMValueRef idx[2] = {ci32(j, 0), ci32(j, (int64_t)index * 4 + comp)};
    LLVMTypeRef at_ = LLVMArrayType(j->v8f, j->file_n[file] * 4);
    return LLVMBuildInBoundsGEP2(j->b, at_, j->file_arr[file], idx, 2, "");
}

/* Direct CONST[buf][index] component, 0 outside the buffer (exec contract
 * 12). The buffer's pointer and size are loaded once in the entry block;
 * the element is loaded where it is used (hoisting every constant to the
 * entry makes hundreds of values live across the whole shader, and the
 * register allocator then takes seconds). */
static LLVMValueRef const_direct(jl *j, int32_t buf, int32_t index, unsigned comp)
{
    if (buf < 0 || buf >= SWR_MAX_CONST_BUFFERS || index < 0)
        return splat_f(j, 0.0f);
    LLVMBuilderRef eb = j->eb, b = j->b;
    if (!j->cbase[buf]) {
        j->cbase[buf] = LLVMBuildLoad2(
            eb, j->ptr, at(j, eb, j->res, offsetof(swr_shader_resources, constants) + 8 * (size_t)buf), "");
        LLVMValueRef n = LLVMBuildLoad2(
            eb, j->i32,
            at(j, eb, j->res, offsetof(swr_shader_resources, constant_count) + 4 * (size_t)buf), "");
        /* a NULL buffer counts as empty */
        LLVMValueRef nonnull = LLVMBuildICmp(eb, LLVMIntNE, j->cbase[buf], LLVMConstNull(j->ptr), "");
        j->ccount[buf] = LLVMBuildSelect(eb, nonnull, n, ci32(j, 0), "");
    }
    LLVMValueRef ok = LLVMBuildICmp(b, LLVMIntULT, LLVMConstInt(j->i32, (uint32_t)index, 0),
                                    j->ccount[buf], "");
    LLVMValueRef p = LLVMBuildSelect(b, ok, at(j, b, j->cbase[buf], (size_t)index * 16 + comp * 4),
                                     j->zero4, "");
    LLVMValueRef sv = load_a(j, b, j->f32, p, 4);
    LLVMValueRef v = LLVMBuildInsertElement(b, LLVMGetUndef(j->v8f), sv, ci32(j, 0), "");
    return LLVMBuildShuffleVector(b, v, LLVMGetUndef(j->v8f), LLVMConstNull(j->v8i), "");
}

static LLVMValueRef read_direct(jl *j, const tgsi_inst *in, unsigned file, int32_t index,
                                unsigned comp);

/* Lane indices of an indirect dimension: ADDR/TEMP component + index. */
static LLVMValueRef ind_index(jl *j, const tgsi_inst *in, const tgsi_index *ix)
{
    if (!ix->indirect)
        return splat_i(j, ix->index);
    if (ix->ind_file != TGSI_FILE_ADDRESS && ix->ind_file != TGSI_FILE_TEMPORARY) {
        jl_fail(j, in, "indirect index from an unsupported file", NULL);
        return splat_i(j, 0);
    }
    LLVMValueRef a = asi(j, read_direct(j, in, ix->ind_file, ix->ind_index, ix->ind_swizzle & 3));
    return LLVMBuildAdd(j->b, a, splat_i(j, ix->index), "");
}

/* The interpreter's range of an indirect access (jit_interp.c ind_place). */
static void ind_range(jl *j, unsigned file, const tgsi_index *r, int32_t *lo, int32_t *hi)
{
    *lo = 0;
    *hi = 0;
    if (file == TGSI_FILE_IMMEDIATE) {
        *hi = (int32_t)j->p->num_imms;
        return;
    }
    if (file == TGSI_FILE_ADDRESS) {
        *hi = (int32_t)j->file_n[file];
        return;
    }
    for (uint32_t i = 0; i < j->p->num_decls; i++) {
        const tgsi_decl *d = &j->p->decls[i];
        if (d->file != file)
            continue;
        if (r->array_id ? d->array_id == r->array_id
                        : (r->index >= d->first && r->index <= d->last)) {
            *lo = d->first;
            *hi = d->last + 1;
            break;
        }
    }
    if (*hi > (int32_t)j->file_n[file])
        *hi = (int32_t)j->file_n[file];
}

static LLVMValueRef lane_vec(jl *j)
{
    LLVMValueRef e[8];
    for (int i = 0; i < 8; i++)
        e[i] = ci32(j, i);
    return LLVMConstVector(e, 8);
}

static LLVMValueRef gather(jl *j, LLVMValueRef ptrs, LLVMValueRef mask)
{
    LLVMTypeRef pv = LLVMVectorType(j->ptr, 8);
    LLVMTypeRef tys[2] = {j->v8f, pv};
    LLVMValueRef a[4] = {ptrs, ci32(j, 4), mask, splat_f(j, 0.0f)};
    return intrinsic(j, "llvm.masked.gather", tys, 2, a, 4);
}

/* Indirect register-file access: float element pointers of component comp. */
static LLVMValueRef ind_ptrs(jl *j, unsigned file, LLVMValueRef idx, int32_t lo, int32_t hi,
                             unsigned comp, LLVMValueRef *valid)
{
    LLVMValueRef v = LLVMBuildAnd(
        j->b, LLVMBuildICmp(j->b, LLVMIntSGE, idx, splat_i(j, lo), ""),
        LLVMBuildICmp(j->b, LLVMIntSLT, idx, splat_i(j, hi), ""), "");
    LLVMValueRef safe = LLVMBuildSelect(j->b, v, idx, splat_i(j, lo), "");
    /* float index: (reg * 4 + comp) * 8 + lane */
    LLVMValueRef fi = LLVMBuildMul(j->b, safe, splat_i(j, 32), "");
    fi = LLVMBuildAdd(j->b, fi, splat_i(j, (int32_t)comp * 8), "");
    fi = LLVMBuildAdd(j->b, fi, lane_vec(j), "");
    *valid = v;
    if (zinit_slot(file) >= 0)
        j->zinit_all[zinit_slot(file)] = true;
    LLVMValueRef base = file == TGSI_FILE_INPUT && j->in_direct ? j->inputs : j->file_arr[file];
    return LLVMBuildGEP2(j->b, j->f32, base, &fi, 1, "");
}

static LLVMValueRef read_indirect(jl *j, const tgsi_inst *in, const tgsi_src *s, unsigned comp)
{
    LLVMValueRef idx = ind_index(j, in, &s->reg);
    if (s->file == TGSI_FILE_CONSTANT) {
        LLVMValueRef bidx = s->num_dims == 2 ? ind_index(j, in, &s->dim) : splat_i(j, 0);
        LLVMValueRef bok = LLVMBuildAnd(
            j->b, LLVMBuildICmp(j->b, LLVMIntSGE, bidx, splat_i(j, 0), ""),
            LLVMBuildICmp(j->b, LLVMIntSLT, bidx, splat_i(j, SWR_MAX_CONST_BUFFERS), ""), "");
        LLVMValueRef bsafe = LLVMBuildSelect(j->b, bok, bidx, splat_i(j, 0), "");
        /* per lane: constants[b] and constant_count[b] */
        LLVMValueRef bi64 = LLVMBuildZExt(j->b, bsafe, LLVMVectorType(j->i64, 8), "");
        LLVMValueRef pbase = LLVMBuildGEP2(j->b, j->i64,
                                           at(j, j->b, j->res, offsetof(swr_shader_resources, constants)),
                                           &bi64, 1, "");
        LLVMTypeRef pv = LLVMVectorType(j->ptr, 8), v8l = LLVMVectorType(j->i64, 8);
        LLVMTypeRef tys[2] = {v8l, pv};
        LLVMValueRef ga[4] = {pbase, ci32(j, 8), bok, LLVMConstNull(v8l)};
        LLVMValueRef bases = intrinsic(j, "llvm.masked.gather", tys, 2, ga, 4);
        LLVMValueRef pcount = LLVMBuildGEP2(
            j->b, j->i32, at(j, j->b, j->res, offsetof(swr_shader_resources, constant_count)),
            &bsafe, 1, "");
        LLVMTypeRef tys2[2] = {j->v8i, pv};
        LLVMValueRef ga2[4] = {pcount, ci32(j, 4), bok, LLVMConstNull(j->v8i)};
        LLVMValueRef counts = intrinsic(j, "llvm.masked.gather", tys2, 2, ga2, 4);
        LLVMValueRef ok = LLVMBuildAnd(
            j->b, bok, LLVMBuildICmp(j->b, LLVMIntNE, bases, LLVMConstNull(v8l), ""), "");
        ok = LLVMBuildAnd(j->b, ok, LLVMBuildICmp(j->b, LLVMIntSGE, idx, splat_i(j, 0), ""), "");
        ok = LLVMBuildAnd(j->b, ok, LLVMBuildICmp(j->b, LLVMIntULT, idx, counts, ""), "");
        LLVMValueRef isafe = LLVMBuildSelect(j->b, ok, idx, splat_i(j, 0), "");
        LLVMValueRef off = LLVMBuildZExt(j->b, isafe, v8l, "");
        off = LLVMBuildMul(j->b, off, LLVMConstVector((LLVMValueRef[]){ci64(j, 16), ci64(j, 16), ci64(j, 16), ci64(j, 16), ci64(j, 16), ci64(j, 16), ci64(j, 16), ci64(j, 16)}, 8), "");
        LLVMValueRef cadd[8];
        for (int l = 0; l < 8; l++)
            cadd[l] = ci64(j, comp * 4);
        off = LLVMBuildAdd(j->b, off, LLVMConstVector(cadd, 8), "");
        LLVMValueRef addr = LLVMBuildAdd(j->b, bases, off, "");
        LLVMValueRef ptrs = LLVMBuildIntToPtr(j->b, addr, pv, "");
        return gather(j, ptrs, ok);
    }
    if (s->num_dims == 2 || !file_is_array(s->file) || s->file == TGSI_FILE_SYSTEM_VALUE) {
        jl_fail(j, in, "unsupported indirect operand", NULL);
        return splat_f(j, 0.0f);
    }
    int32_t lo, hi;
    ind_range(j, s->file, &s->reg, &lo, &hi);
    if (lo >= hi)
        return splat_f(j, 0.0f);
    LLVMValueRef valid;
    LLVMValueRef ptrs = ind_ptrs(j, s->file, idx, lo, hi, comp, &valid);
    return gather(j, ptrs, valid);
}

static LLVMValueRef read_direct(jl *j, const tgsi_inst *in, unsigned file, int32_t index,
                                unsigned comp)
{
    switch (file) {
    case TGSI_FILE_NULL:
    case TGSI_FILE_SAMPLER:
    case TGSI_FILE_SAMPLER_VIEW: return splat_f(j, 0.0f);
    case TGSI_FILE_CONSTANT: return const_direct(j, 0, index, comp);
    default: break;
    }
    if (!file_is_array(file) || index < 0 || (uint32_t)index >= j->file_n[file]) {
        jl_fail(j, in, "unsupported or undeclared %s register", tgsi_file_name(file));
        return splat_f(j, 0.0f);
    }
    if (file == TGSI_FILE_INPUT && j->in_direct && !((j->special_in >> index) & 1u))
        return load_a(j, j->b, j->v8f,
                      at(j, j->b, j->inputs, (size_t)index * sizeof(swr_simd_vec4) + comp * 32), 32);
    return load_a(j, j->b, j->v8f, reg_ptr(j, file, (uint32_t)index, comp), 32);
}

/* Source k, component c (after swizzle), modifiers by the operand type
 * (exec contract 9). */
static LLVMValueRef fetch(jl *j, const tgsi_inst *in, unsigned k, unsigned c)
{
    const tgsi_src *s = &in->src[k];
    unsigned comp = s->swizzle[c] & 3;
    LLVMValueRef v;
    if (s->reg.indirect || (s->num_dims == 2 && s->dim.indirect))
        v = read_indirect(j, in, s, comp);
    else if (s->file == TGSI_FILE_CONSTANT)
        v = const_direct(j, s->num_dims == 2 ? s->dim.index : 0, s->reg.index, comp);
    else
        v = read_direct(j, in, s->file, s->reg.index, comp);
    if (!s->negate && !s->absolute)
        return v;
    tgsi_type t = tgsi_opcode_src_type(in->opcode, k);
    if (t == TGSI_TYPE_I) {
        LLVMValueRef x = asi(j, v);
        if (s->absolute) {
            LLVMValueRef neg = LLVMBuildICmp(j->b, LLVMIntSLT, x, splat_i(j, 0), "");
            x = LLVMBuildSelect(j->b, neg, LLVMBuildSub(j->b, splat_i(j, 0), x, ""), x, "");
        }
        if (s->negate)
            x = LLVMBuildSub(j->b, splat_i(j, 0), x, "");
        return asf(j, x);
    }
    if (t == TGSI_TYPE_U) {
        if (s->negate)
            return asf(j, LLVMBuildSub(j->b, splat_i(j, 0), asi(j, v), ""));
        return v;
    }
    LLVMValueRef x = asi(j, v);
    if (s->absolute)
        x = LLVMBuildAnd(j->b, x, splat_i(j, 0x7fffffff), "");
    if (s->negate)
        x = LLVMBuildXor(j->b, x, splat_i(j, (int32_t)0x80000000u), "");
    return asf(j, x);
}

/* PS OUT: the engine's outputs for lanes E & exec (exec contract 17/20). */
static void ps_output(jl *j, int32_t reg, unsigned wm, LLVMValueRef r[4], LLVMValueRef E)
{
    const struct jit_interp_prog *ip = j->sh->interp;
    if (reg < 0 || reg >= SWR_MAX_ATTRIBS)
        return;
    size_t off;
    unsigned comps;
    switch (ip->psout_kind[reg]) {
    case JIT_PSOUT_COLOR: {
        unsigned n = ip->psout_index[reg];
        if (n == 1 && j->sh->key.dual_source)
            off = offsetof(swr_ps_args, color1);
        else if (n < 8)
            off = offsetof(swr_ps_args, color) + n * sizeof(swr_simd_vec4);
        else
            return;
        comps = wm;
        break;
    }
    case JIT_PSOUT_DEPTH:
        off = offsetof(swr_ps_args, depth) - 2 * 32;
        comps = wm & 4;
        break;
    case JIT_PSOUT_STENCIL:
        off = offsetof(swr_ps_args, stencil) - 1 * 32;
        comps = wm & 2;
        break;
    default: return;
    }
    if (!comps)
        return;
    LLVMValueRef lanes = LLVMBuildAnd(j->b, E, ld32(j, j->exec), "");
    LLVMValueRef m = bits_to_mask(j, lanes);
    for (unsigned c = 0; c < 4; c++) {
        if (!(comps & (1u << c)))
            continue;
        LLVMValueRef p = at(j, j->b, j->args, off + c * 32);
        LLVMValueRef old = load_a(j, j->b, j->v8f, p, 32);
        store_a(j->b, LLVMBuildSelect(j->b, m, r[c], old, ""), p, 32);
    }
}

/* Stores r[] to dst 0 under the write mask and E; _SAT per exec contract 8. */
static void store_dst(jl *j, const tgsi_inst *in, LLVMValueRef r[4])
{
    if (!in->num_dst)
        return;
    const tgsi_dst *d = &in->dst[0];
    if (d->file == TGSI_FILE_NULL)
        return;
    unsigned wm = d->write_mask & 0xf;
    const tgsi_opcode_info *info = tgsi_opcode_get_info(in->opcode);
    bool sat = in->saturate && info &&
               (info->dst_type == TGSI_TYPE_F || info->dst_type == TGSI_TYPE_N);
    LLVMValueRef v[4] = {0};
    for (unsigned c = 0; c < 4; c++)
        if (wm & (1u << c))
            v[c] = sat ? saturate(j, r[c]) : r[c];
    if (d->file != TGSI_FILE_TEMPORARY && d->file != TGSI_FILE_OUTPUT &&
        d->file != TGSI_FILE_ADDRESS) {
        jl_fail(j, in, "destination file %s", tgsi_file_name(d->file));
        return;
    }
    LLVMValueRef E = cur_E(j);
    LLVMValueRef m = bits_to_mask(j, E);
    if (d->reg.indirect) {
        if (j->is_ps && d->file == TGSI_FILE_OUTPUT) {
            jl_fail(j, in, "indirect PS output write", NULL);
            return;
        }
        int32_t lo, hi;
        ind_range(j, d->file, &d->reg, &lo, &hi);
        if (lo >= hi)
            return;
        LLVMValueRef idx = ind_index(j, in, &d->reg);
        for (unsigned c = 0; c < 4; c++) {
            if (!(wm & (1u << c)))
                continue;
            LLVMValueRef valid;
            LLVMValueRef ptrs = ind_ptrs(j, d->file, idx, lo, hi, c, &valid);
            LLVMTypeRef tys[2] = {j->v8f, LLVMVectorType(j->ptr, 8)};
            LLVMValueRef a[4] = {v[c], ptrs, ci32(j, 4), LLVMBuildAnd(j->b, valid, m, "")};
            intrinsic(j, "llvm.masked.scatter", tys, 2, a, 4);
        }
        return;
    }
    if (d->reg.index < 0 || (uint32_t)d->reg.index >= j->file_n[d->file]) {
        jl_fail(j, in, "undeclared destination register", NULL);
        return;
    }
    /* Outside control flow (and before any RET) E is the running lanes
     * (VS: active_mask; PS: quad_mask, whole quads), and no other lane's
     * value can reach a compared result (exec contract 16: a VS has no
     * cross-lane operation, derivatives stay inside a quad): the store
     * needs no blend. */
    bool full = j->ncf == 0 && !j->had_ret;
    for (unsigned c = 0; c < 4; c++) {
        if (!(wm & (1u << c)))
            continue;
        if (full) {
            uint32_t k = (uint32_t)d->reg.index * 4 + c;
            int z = zinit_slot(d->file);
            store_a(j->b, v[c], reg_ptr_w(j, d->file, (uint32_t)d->reg.index, c), 32);
            if (z >= 0 && j->zinit_def[z])
                j->zinit_def[z][k] = 1;
            continue;
        }
        LLVMValueRef p = reg_ptr(j, d->file, (uint32_t)d->reg.index, c);
        LLVMValueRef old = load_a(j, j->b, j->v8f, p, 32);
        store_a(j->b, LLVMBuildSelect(j->b, m, v[c], old, ""), p, 32);
    }
    if (j->is_ps && d->file == TGSI_FILE_OUTPUT)
        ps_output(j, d->reg.index, wm, v, E);
}

/* ---- the opcodes --------------------------------------------------------- */

static LLVMValueRef shuffle(jl *j, LLVMValueRef v, const int *idx)
{
    LLVMValueRef e[8];
    for (int i = 0; i < 8; i++)
        e[i] = ci32(j, idx[i]);
    return LLVMBuildShuffleVector(j->b, v, LLVMGetUndef(j->v8f), LLVMConstVector(e, 8), "");
}

static LLVMValueRef deriv(jl *j, unsigned opc, LLVMValueRef x)
{
    static const int cx1[8] = {1, 1, 1, 1, 5, 5, 5, 5}, c0[8] = {0, 0, 0, 0, 4, 4, 4, 4};
    static const int cy1[8] = {2, 2, 2, 2, 6, 6, 6, 6};
    static const int fx1[8] = {1, 1, 3, 3, 5, 5, 7, 7}, fx0[8] = {0, 0, 2, 2, 4, 4, 6, 6};
    static const int fy1[8] = {2, 3, 2, 3, 6, 7, 6, 7}, fy0[8] = {0, 1, 0, 1, 4, 5, 4, 5};
    if (!j->is_ps)
        return splat_f(j, 0.0f);
    const int *a, *b;
    switch (opc) {
    case TGSI_OPCODE_DDX: a = cx1, b = c0; break;
    case TGSI_OPCODE_DDY: a = cy1, b = c0; break;
    case TGSI_OPCODE_DDX_FINE: a = fx1, b = fx0; break;
    default: a = fy1, b = fy0; break;
    }
    return LLVMBuildFSub(j->b, shuffle(j, x, a), shuffle(j, x, b), "");
}

/* Integer division family with the contract's results for 0 and overflow. */
static LLVMValueRef idiv_op(jl *j, unsigned opc, LLVMValueRef a, LLVMValueRef b)
{
    LLVMValueRef z = LLVMBuildICmp(j->b, LLVMIntEQ, b, splat_i(j, 0), "");
    LLVMValueRef bad = z;
    bool sgn = opc == TGSI_OPCODE_IDIV || opc == TGSI_OPCODE_MOD;
    if (sgn) {
        LLVMValueRef ov = LLVMBuildAnd(
            j->b, LLVMBuildICmp(j->b, LLVMIntEQ, a, splat_i(j, INT32_MIN), ""),
            LLVMBuildICmp(j->b, LLVMIntEQ, b, splat_i(j, -1), ""), "");
        bad = LLVMBuildOr(j->b, z, ov, "");
    }
    LLVMValueRef bs = LLVMBuildSelect(j->b, bad, splat_i(j, 1), b, "");
    LLVMValueRef r;
    switch (opc) {
    case TGSI_OPCODE_IDIV: r = LLVMBuildSDiv(j->b, a, bs, ""); break;
    case TGSI_OPCODE_MOD: r = LLVMBuildSRem(j->b, a, bs, ""); break;
    case TGSI_OPCODE_UDIV: r = LLVMBuildUDiv(j->b, a, bs, ""); break;
    default: r = LLVMBuildURem(j->b, a, bs, ""); break;
    }
    return LLVMBuildSelect(j->b, z, splat_i(j, -1), r, "");
}

/* Component-wise binary opcodes. */
static bool alu2(jl *j, unsigned opc, LLVMValueRef x, LLVMValueRef y, LLVMValueRef *r)
{
    LLVMBuilderRef b = j->b;
    LLVMValueRef X = NULL, Y = NULL;
    switch (opc) {
    case TGSI_OPCODE_ADD: *r = LLVMBuildFAdd(b, x, y, ""); return true;
    case TGSI_OPCODE_MUL: *r = fmul_m(j, x, y); return true;
    case TGSI_OPCODE_DIV: *r = LLVMBuildFDiv(b, x, y, ""); return true;
    case TGSI_OPCODE_MIN: *r = min_c(j, x, y, false); return true;
    case TGSI_OPCODE_MAX: *r = min_c(j, x, y, true); return true;
    case TGSI_OPCODE_SLT: *r = bool_f(j, LLVMBuildFCmp(b, LLVMRealOLT, x, y, "")); return true;
    case TGSI_OPCODE_SGE: *r = bool_f(j, LLVMBuildFCmp(b, LLVMRealOGE, x, y, "")); return true;
    case TGSI_OPCODE_SGT: *r = bool_f(j, LLVMBuildFCmp(b, LLVMRealOGT, x, y, "")); return true;
    case TGSI_OPCODE_SLE: *r = bool_f(j, LLVMBuildFCmp(b, LLVMRealOLE, x, y, "")); return true;
    case TGSI_OPCODE_SEQ: *r = bool_f(j, LLVMBuildFCmp(b, LLVMRealOEQ, x, y, "")); return true;
    case TGSI_OPCODE_SNE: *r = bool_f(j, LLVMBuildFCmp(b, LLVMRealUNE, x, y, "")); return true;
    case TGSI_OPCODE_FSLT: *r = bool_i(j, LLVMBuildFCmp(b, LLVMRealOLT, x, y, "")); return true;
    case TGSI_OPCODE_FSGE: *r = bool_i(j, LLVMBuildFCmp(b, LLVMRealOGE, x, y, "")); return true;
    case TGSI_OPCODE_FSEQ: *r = bool_i(j, LLVMBuildFCmp(b, LLVMRealOEQ, x, y, "")); return true;
    case TGSI_OPCODE_FSNE: *r = bool_i(j, LLVMBuildFCmp(b, LLVMRealUNE, x, y, "")); return true;
    default: break;
    }
    X = asi(j, x);
    Y = asi(j, y);
    LLVMValueRef R;
    switch (opc) {
    case TGSI_OPCODE_UADD: R = LLVMBuildAdd(b, X, Y, ""); break;
    case TGSI_OPCODE_UMUL: R = LLVMBuildMul(b, X, Y, ""); break;
    case TGSI_OPCODE_AND: R = LLVMBuildAnd(b, X, Y, ""); break;
    case TGSI_OPCODE_OR: R = LLVMBuildOr(b, X, Y, ""); break;
    case TGSI_OPCODE_XOR: R = LLVMBuildXor(b, X, Y, ""); break;
    case TGSI_OPCODE_IMAX:
        R = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSGT, X, Y, ""), X, Y, "");
        break;
    case TGSI_OPCODE_IMIN:
        R = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, X, Y, ""), X, Y, "");
        break;
    case TGSI_OPCODE_UMAX:
        R = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, X, Y, ""), X, Y, "");
        break;
    case TGSI_OPCODE_UMIN:
        R = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, X, Y, ""), X, Y, "");
        break;
    case TGSI_OPCODE_SHL: R = LLVMBuildShl(b, X, LLVMBuildAnd(b, Y, splat_i(j, 31), ""), ""); break;
    case TGSI_OPCODE_ISHR: R = LLVMBuildAShr(b, X, LLVMBuildAnd(b, Y, splat_i(j, 31), ""), ""); break;
    case TGSI_OPCODE_USHR: R = LLVMBuildLShr(b, X, LLVMBuildAnd(b, Y, splat_i(j, 31), ""), ""); break;
    case TGSI_OPCODE_ISLT: R = LLVMBuildSExt(b, LLVMBuildICmp(b, LLVMIntSLT, X, Y, ""), j->v8i, ""); break;
    case TGSI_OPCODE_ISGE: R = LLVMBuildSExt(b, LLVMBuildICmp(b, LLVMIntSGE, X, Y, ""), j->v8i, ""); break;
    case TGSI_OPCODE_USLT: R = LLVMBuildSExt(b, LLVMBuildICmp(b, LLVMIntULT, X, Y, ""), j->v8i, ""); break;
    case TGSI_OPCODE_USGE: R = LLVMBuildSExt(b, LLVMBuildICmp(b, LLVMIntUGE, X, Y, ""), j->v8i, ""); break;
    case TGSI_OPCODE_USEQ: R = LLVMBuildSExt(b, LLVMBuildICmp(b, LLVMIntEQ, X, Y, ""), j->v8i, ""); break;
    case TGSI_OPCODE_USNE: R = LLVMBuildSExt(b, LLVMBuildICmp(b, LLVMIntNE, X, Y, ""), j->v8i, ""); break;
    case TGSI_OPCODE_IDIV:
    case TGSI_OPCODE_UDIV:
    case TGSI_OPCODE_MOD:
    case TGSI_OPCODE_UMOD: R = idiv_op(j, opc, X, Y); break;
    default: return false;
    }
    *r = asf(j, R);
    return true;
}

static bool alu1(jl *j, unsigned opc, LLVMValueRef x, LLVMValueRef *r)
{
    LLVMBuilderRef b = j->b;
    LLVMValueRef X = asi(j, x);
    LLVMTypeRef tys[2] = {j->v8i, j->v8f};
    switch (opc) {
    case TGSI_OPCODE_MOV:
    case TGSI_OPCODE_UARL: *r = x; return true;
    case TGSI_OPCODE_FLR: *r = floor_v(j, x); return true;
    case TGSI_OPCODE_CEIL: *r = intr1(j, "llvm.ceil", x); return true;
    case TGSI_OPCODE_TRUNC: *r = intr1(j, "llvm.trunc", x); return true;
    case TGSI_OPCODE_ROUND: *r = intr1(j, "llvm.roundeven", x); return true;
    case TGSI_OPCODE_FRC: *r = LLVMBuildFSub(b, x, floor_v(j, x), ""); return true;
    case TGSI_OPCODE_SSG: {
        LLVMValueRef p = bool_f(j, LLVMBuildFCmp(b, LLVMRealOGT, x, splat_f(j, 0.0f), ""));
        *r = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOLT, x, splat_f(j, 0.0f), ""),
                             splat_f(j, -1.0f), p, "");
        return true;
    }
    case TGSI_OPCODE_F2I:
        *r = asf(j, intrinsic(j, "llvm.fptosi.sat", tys, 2, &x, 1));
        return true;
    case TGSI_OPCODE_F2U:
        *r = asf(j, intrinsic(j, "llvm.fptoui.sat", tys, 2, &x, 1));
        return true;
    case TGSI_OPCODE_ARL: {
        LLVMValueRef f = floor_v(j, x);
        *r = asf(j, intrinsic(j, "llvm.fptosi.sat", tys, 2, &f, 1));
        return true;
    }
    case TGSI_OPCODE_ARR: {
        LLVMValueRef f = intr1(j, "llvm.roundeven", x);
        *r = asf(j, intrinsic(j, "llvm.fptosi.sat", tys, 2, &f, 1));
        return true;
    }
    case TGSI_OPCODE_I2F: *r = LLVMBuildSIToFP(b, X, j->v8f, ""); return true;
    case TGSI_OPCODE_U2F: *r = LLVMBuildUIToFP(b, X, j->v8f, ""); return true;
    case TGSI_OPCODE_NOT: *r = asf(j, LLVMBuildNot(b, X, "")); return true;
    case TGSI_OPCODE_INEG: *r = asf(j, LLVMBuildSub(b, splat_i(j, 0), X, "")); return true;
    case TGSI_OPCODE_IABS: {
        LLVMValueRef neg = LLVMBuildICmp(b, LLVMIntSLT, X, splat_i(j, 0), "");
        *r = asf(j, LLVMBuildSelect(b, neg, LLVMBuildSub(b, splat_i(j, 0), X, ""), X, ""));
        return true;
    }
    case TGSI_OPCODE_ISSG: {
        LLVMValueRef gt = LLVMBuildSExt(b, LLVMBuildICmp(b, LLVMIntSGT, X, splat_i(j, 0), ""), j->v8i, "");
        LLVMValueRef lt = LLVMBuildSExt(b, LLVMBuildICmp(b, LLVMIntSLT, X, splat_i(j, 0), ""), j->v8i, "");
        *r = asf(j, LLVMBuildAdd(b, LLVMBuildSub(b, splat_i(j, 0), gt, ""), lt, ""));
        return true;
    }
    case TGSI_OPCODE_DDX:
    case TGSI_OPCODE_DDY:
    case TGSI_OPCODE_DDX_FINE:
    case TGSI_OPCODE_DDY_FINE: *r = deriv(j, opc, x); return true;
    default: return false;
    }
}

static bool alu3(jl *j, unsigned opc, LLVMValueRef x, LLVMValueRef y, LLVMValueRef z,
                 LLVMValueRef *r)
{
    LLVMBuilderRef b = j->b;
    switch (opc) {
    case TGSI_OPCODE_MAD: *r = LLVMBuildFAdd(b, fmul_m(j, x, y), z, ""); return true;
    case TGSI_OPCODE_FMA: {
        LLVMValueRef a[3] = {x, y, z};
        LLVMTypeRef t = j->v8f;
        *r = intrinsic(j, "llvm.fma", &t, 1, a, 3);
        return true;
    }
    case TGSI_OPCODE_LRP:
        *r = LLVMBuildFAdd(b, LLVMBuildFMul(b, x, y, ""),
                           LLVMBuildFMul(b, LLVMBuildFSub(b, splat_f(j, 1.0f), x, ""), z, ""), "");
        return true;
    case TGSI_OPCODE_CMP:
        *r = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOLT, x, splat_f(j, 0.0f), ""), y, z, "");
        return true;
    case TGSI_OPCODE_UCMP:
        *r = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, asi(j, x), splat_i(j, 0), ""), z, y, "");
        return true;
    case TGSI_OPCODE_UMAD:
        *r = asf(j, LLVMBuildAdd(b, LLVMBuildMul(b, asi(j, x), asi(j, y), ""), asi(j, z), ""));
        return true;
    default: return false;
    }
}

/* Replicating scalar opcodes (src .x). */
static bool rep(jl *j, const tgsi_inst *in, LLVMValueRef *r)
{
    switch (in->opcode) {
    case TGSI_OPCODE_RCP:
        *r = LLVMBuildFDiv(j->b, splat_f(j, 1.0f), fetch(j, in, 0, 0), "");
        return true;
    case TGSI_OPCODE_RSQ:
        *r = LLVMBuildFDiv(j->b, splat_f(j, 1.0f), intr1(j, "llvm.sqrt", fetch(j, in, 0, 0)), "");
        return true;
    case TGSI_OPCODE_SQRT: *r = intr1(j, "llvm.sqrt", fetch(j, in, 0, 0)); return true;
    case TGSI_OPCODE_EX2: *r = call_v1(j, jl_exp2, fetch(j, in, 0, 0)); return true;
    case TGSI_OPCODE_LG2: *r = call_v1(j, jl_log2, fetch(j, in, 0, 0)); return true;
    case TGSI_OPCODE_SIN: *r = emit_sin_cos(j, fetch(j, in, 0, 0), 0); return true;
    case TGSI_OPCODE_COS: *r = emit_sin_cos(j, fetch(j, in, 0, 0), 1); return true;
    case TGSI_OPCODE_POW:
        *r = call_v2(j, j->mzw ? jl_pow_mzw : jl_pow, fetch(j, in, 0, 0), fetch(j, in, 1, 0));
        return true;
    case TGSI_OPCODE_DP2:
    case TGSI_OPCODE_DP3:
    case TGSI_OPCODE_DP4: {
        unsigned n = in->opcode == TGSI_OPCODE_DP2 ? 2 : in->opcode == TGSI_OPCODE_DP3 ? 3 : 4;
        LLVMValueRef v = fmul_m(j, fetch(j, in, 0, 0), fetch(j, in, 1, 0));
        for (unsigned c = 1; c < n; c++)
            v = LLVMBuildFAdd(j->b, v, fmul_m(j, fetch(j, in, 0, c), fetch(j, in, 1, c)), "");
        *r = v;
        return true;
    }
    default: return false;
    }
}

/* A rare opcode through the interpreter's handler (see the top). */
static bool call_op(jl *j, uint32_t i, const tgsi_inst *in)
{
    const jit_op *iop = &j->sh->interp->ops[i];
    jit_op *op = &j->code->ops[i];
    *op = *iop;
    op->wmask = 0xf;
    op->sat = 0;
    memset(&op->dst, 0, sizeof op->dst);
    op->dst.kind = JIT_DST_REG;
    op->dst.base = JIT_BASE_REG;
    op->dst.off = 6 * JIT_SLOT_FLOATS;
    LLVMTypeRef at_ = LLVMArrayType(j->v8f, 7 * 4);
    for (unsigned k = 0; k < in->num_src && k < 5; k++) {
        unsigned f = in->src[k].file;
        if (f == TGSI_FILE_SAMPLER || f == TGSI_FILE_SAMPLER_VIEW)
            continue;
        op->src[k].kind = JIT_SRC_REG;
        op->src[k].base = JIT_BASE_REG;
        op->src[k].off = k * JIT_SLOT_FLOATS;
        op->src[k].mod = 0;
        for (unsigned c = 0; c < 4; c++) {
            op->src[k].swz[c] = (uint8_t)c;
            LLVMValueRef idx[2] = {ci32(j, 0), ci32(j, k * 4 + c)};
            store_a(j->b, fetch(j, in, k, c), LLVMBuildInBoundsGEP2(j->b, at_, j->scratch, idx, 2, ""), 32);
        }
    }
    if (in->num_tex_offsets) {
        op->offset.kind = JIT_SRC_REG;
        op->offset.base = JIT_BASE_REG;
        op->offset.off = 5 * JIT_SLOT_FLOATS;
        op->offset.mod = 0;
        const tgsi_src *s = &in->tex_offsets[0];
        /* a texture offset is a plain register read, integers (exec
         * contract 21); modifiers act as integer ones */
        tgsi_inst tmp;
        memset(&tmp, 0, sizeof tmp);
        tmp.opcode = TGSI_OPCODE_INEG; /* an I-typed source */
        tmp.line = in->line;
        tmp.num_src = 1;
        tmp.src[0] = *s;
        for (unsigned c = 0; c < 4; c++) {
            op->offset.swz[c] = (uint8_t)c;
            LLVMValueRef idx[2] = {ci32(j, 0), ci32(j, 5 * 4 + c)};
            store_a(j->b, fetch(j, &tmp, 0, c), LLVMBuildInBoundsGEP2(j->b, at_, j->scratch, idx, 2, ""), 32);
        }
    }
    LLVMTypeRef ps[6] = {j->ptr, j->ptr, j->ptr, j->i32, j->i32, j->ptr};
    LLVMTypeRef ft = LLVMFunctionType(j->voidt, ps, 6, 0);
    LLVMValueRef a[6] = {
        LLVMConstIntToPtr(ci64(j, (uint64_t)(uintptr_t)op), j->ptr), j->scratch, j->res,
        cur_E(j), ci32(j, (j->is_ps ? 1 : 0) | (j->mzw ? 2 : 0)),
        LLVMConstIntToPtr(ci64(j, (uint64_t)(uintptr_t)j->sh), j->ptr)};
    LLVMBuildCall2(j->b, ft, host_fn(j, (void *)jl_call_op, ft), a, 6, "");
    LLVMValueRef r[4];
    for (unsigned c = 0; c < 4; c++) {
        LLVMValueRef idx[2] = {ci32(j, 0), ci32(j, 6 * 4 + c)};
        r[c] = load_a(j, j->b, j->v8f, LLVMBuildInBoundsGEP2(j->b, at_, j->scratch, idx, 2, ""), 32);
    }
    store_dst(j, in, r);
    return !j->failed;
}

/* ---- control flow ---------------------------------------------------------- */

static LLVMBasicBlockRef new_bb(jl *j, const char *name)
{
    return LLVMAppendBasicBlockInContext(j->C, j->fn, name);
}

/* Goes on in `cont_bb` when E != 0, else to `skip`. */
static void branch_if_none(jl *j, LLVMValueRef E, LLVMBasicBlockRef skip)
{
    LLVMBasicBlockRef go = new_bb(j, "go");
    LLVMBuildCondBr(j->b, LLVMBuildICmp(j->b, LLVMIntEQ, E, ci32(j, 0), ""), skip, go);
    LLVMPositionBuilderAtEnd(j->b, go);
}

static jl_cf *push_cf(jl *j, const tgsi_inst *in, int kind)
{
    if (j->ncf == JL_MAX_CF) {
        jl_fail(j, in, "control flow nested too deep", NULL);
        return NULL;
    }
    jl_cf *f = &j->cf[j->ncf++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->saved_cond = entry_alloca(j, j->i32, "scond");
    st32(j, ld32(j, j->cond), f->saved_cond);
    return f;
}

static jl_cf *top_cf(jl *j, const tgsi_inst *in, int kind)
{
    if (!j->ncf || j->cf[j->ncf - 1].kind != kind) {
        jl_fail(j, in, "unbalanced control flow", NULL);
        return NULL;
    }
    return &j->cf[j->ncf - 1];
}

static bool emit_cf(jl *j, uint32_t i, const tgsi_inst *in)
{
    LLVMBuilderRef b = j->b;
    switch (in->opcode) {
    case TGSI_OPCODE_IF:
    case TGSI_OPCODE_UIF: {
        LLVMValueRef x = fetch(j, in, 0, 0);
        LLVMValueRef m = in->opcode == TGSI_OPCODE_IF
                             ? LLVMBuildFCmp(b, LLVMRealUNE, x, splat_f(j, 0.0f), "")
                             : LLVMBuildICmp(b, LLVMIntNE, asi(j, x), splat_i(j, 0), "");
        jl_cf *f = push_cf(j, in, CF_IF);
        if (!f)
            return false;
        st32(j, LLVMBuildAnd(b, ld32(j, j->cond), mask_to_bits(j, m), ""), j->cond);
        f->skip = new_bb(j, "if.skip");
        branch_if_none(j, cur_E(j), f->skip);
        return true;
    }
    case TGSI_OPCODE_ELSE: {
        jl_cf *f = top_cf(j, in, CF_IF);
        if (!f)
            return false;
        LLVMBuildBr(b, f->skip);
        LLVMPositionBuilderAtEnd(b, f->skip);
        st32(j, LLVMBuildAnd(b, ld32(j, f->saved_cond), LLVMBuildNot(b, ld32(j, j->cond), ""), ""),
             j->cond);
        f->skip = new_bb(j, "else.skip");
        branch_if_none(j, cur_E(j), f->skip);
        return true;
    }
    case TGSI_OPCODE_ENDIF: {
        jl_cf *f = top_cf(j, in, CF_IF);
        if (!f)
            return false;
        LLVMBuildBr(b, f->skip);
        LLVMPositionBuilderAtEnd(b, f->skip);
        st32(j, ld32(j, f->saved_cond), j->cond);
        j->ncf--;
        return true;
    }
    case TGSI_OPCODE_BGNLOOP: {
        jl_cf *f = push_cf(j, in, CF_LOOP);
        if (!f)
            return false;
        f->saved_brk = entry_alloca(j, j->i32, "sbrk");
        f->saved_cont = entry_alloca(j, j->i32, "scont");
        f->iter = entry_alloca(j, j->i32, "iter");
        st32(j, ld32(j, j->brk), f->saved_brk);
        st32(j, ld32(j, j->cont), f->saved_cont);
        f->exit = new_bb(j, "loop.exit");
        LLVMValueRef E = cur_E(j);
        branch_if_none(j, E, f->exit);
        st32(j, E, j->brk);
        st32(j, ci32(j, 1), f->iter);
        f->head = new_bb(j, "loop.head");
        LLVMBuildBr(b, f->head);
        LLVMPositionBuilderAtEnd(b, f->head);
        return true;
    }
    case TGSI_OPCODE_ENDLOOP: {
        jl_cf *f = top_cf(j, in, CF_LOOP);
        if (!f)
            return false;
        st32(j, ld32(j, f->saved_cont), j->cont);
        LLVMValueRef E = cur_E(j);
        LLVMValueRef it = ld32(j, f->iter);
        LLVMValueRef again = LLVMBuildAnd(
            b, LLVMBuildICmp(b, LLVMIntNE, E, ci32(j, 0), ""),
            LLVMBuildICmp(b, LLVMIntULT, it, ci32(j, JIT_MAX_LOOP_ITERATIONS), ""), "");
        LLVMBasicBlockRef latch = new_bb(j, "loop.latch"), done = new_bb(j, "loop.done");
        LLVMBuildCondBr(b, again, latch, done);
        LLVMPositionBuilderAtEnd(b, latch);
        st32(j, LLVMBuildAdd(b, it, ci32(j, 1), ""), f->iter);
        LLVMBuildBr(b, f->head);
        LLVMPositionBuilderAtEnd(b, done);
        st32(j, ld32(j, f->saved_cond), j->cond);
        st32(j, ld32(j, f->saved_brk), j->brk);
        LLVMBuildBr(b, f->exit);
        LLVMPositionBuilderAtEnd(b, f->exit);
        j->ncf--;
        return true;
    }
    case TGSI_OPCODE_BRK:
    case TGSI_OPCODE_CONT: {
        LLVMValueRef reg = in->opcode == TGSI_OPCODE_BRK ? j->brk : j->cont;
        st32(j, LLVMBuildAnd(b, ld32(j, reg), LLVMBuildNot(b, cur_E(j), ""), ""), reg);
        return true;
    }
    case TGSI_OPCODE_SWITCH: {
        jl_cf *f = push_cf(j, in, CF_SWITCH);
        if (!f)
            return false;
        f->saved_brk = entry_alloca(j, j->i32, "sbrk");
        f->swdef = entry_alloca(j, j->i32, "swdef");
        f->sel = entry_alloca(j, j->v8i, "sel");
        st32(j, ld32(j, j->brk), f->saved_brk);
        f->exit = new_bb(j, "sw.exit");
        LLVMValueRef E = cur_E(j);
        branch_if_none(j, E, f->exit);
        LLVMValueRef sel = asi(j, fetch(j, in, 0, 0));
        LLVMBuildStore(b, sel, f->sel);
        LLVMValueRef matched = ci32(j, 0);
        int depth = 0;
        for (uint32_t k = i + 1; k < j->p->num_insts; k++) {
            const tgsi_inst *c = &j->p->insts[k];
            if (c->opcode == TGSI_OPCODE_SWITCH)
                depth++;
            else if (c->opcode == TGSI_OPCODE_ENDSWITCH && depth-- == 0)
                break;
            else if (c->opcode == TGSI_OPCODE_CASE && depth == 0) {
                LLVMValueRef v = asi(j, fetch(j, c, 0, 0));
                matched = LLVMBuildOr(b, matched,
                                      mask_to_bits(j, LLVMBuildICmp(b, LLVMIntEQ, sel, v, "")), "");
            }
        }
        st32(j, LLVMBuildAnd(b, E, LLVMBuildNot(b, matched, ""), ""), f->swdef);
        st32(j, E, j->brk);
        st32(j, ci32(j, 0), j->cond);
        return true;
    }
    case TGSI_OPCODE_CASE:
    case TGSI_OPCODE_DEFAULT: {
        jl_cf *f = top_cf(j, in, CF_SWITCH);
        if (!f)
            return false;
        LLVMValueRef add;
        if (in->opcode == TGSI_OPCODE_CASE) {
            LLVMValueRef sel = LLVMBuildLoad2(b, j->v8i, f->sel, "");
            add = mask_to_bits(j, LLVMBuildICmp(b, LLVMIntEQ, sel, asi(j, fetch(j, in, 0, 0)), ""));
        } else {
            add = ld32(j, f->swdef);
        }
        add = LLVMBuildAnd(b, add, ld32(j, j->brk), "");
        st32(j, LLVMBuildOr(b, ld32(j, j->cond), add, ""), j->cond);
        return true;
    }
    case TGSI_OPCODE_ENDSWITCH: {
        jl_cf *f = top_cf(j, in, CF_SWITCH);
        if (!f)
            return false;
        st32(j, ld32(j, f->saved_cond), j->cond);
        st32(j, ld32(j, f->saved_brk), j->brk);
        LLVMBuildBr(b, f->exit);
        LLVMPositionBuilderAtEnd(b, f->exit);
        j->ncf--;
        return true;
    }
    case TGSI_OPCODE_RET:
        /* main program only (subroutines fall back): the lanes end */
        j->had_ret = true;
        st32(j, LLVMBuildAnd(b, ld32(j, j->alive), LLVMBuildNot(b, cur_E(j), ""), ""), j->alive);
        return true;
    case TGSI_OPCODE_KILL:
    case TGSI_OPCODE_DEMOTE:
        if (j->is_ps)
            st32(j, LLVMBuildAnd(b, ld32(j, j->exec), LLVMBuildNot(b, cur_E(j), ""), ""), j->exec);
        return true;
    case TGSI_OPCODE_KILL_IF: {
        LLVMValueRef m = NULL;
        for (unsigned c = 0; c < 4; c++) {
            LLVMValueRef l = LLVMBuildFCmp(b, LLVMRealOLT, fetch(j, in, 0, c), splat_f(j, 0.0f), "");
            m = m ? LLVMBuildOr(b, m, l, "") : l;
        }
        if (j->is_ps) {
            LLVMValueRef k = LLVMBuildAnd(b, mask_to_bits(j, m), cur_E(j), "");
            st32(j, LLVMBuildAnd(b, ld32(j, j->exec), LLVMBuildNot(b, k, ""), ""), j->exec);
        }
        return true;
    }
    case TGSI_OPCODE_READ_HELPER: {
        LLVMValueRef v = splat_f(j, 0.0f);
        if (j->is_ps)
            v = asf(j, LLVMBuildSExt(b, LLVMBuildNot(b, bits_to_mask(j, ld32(j, j->exec)), ""), j->v8i, ""));
        LLVMValueRef r[4] = {v, v, v, v};
        store_dst(j, in, r);
        return true;
    }
    case TGSI_OPCODE_NOP:
    case TGSI_OPCODE_BGNSUB:
    case TGSI_OPCODE_ENDSUB: return true;
    default: return false;
    }
}

/* ---- texture opcodes: direct sampler calls ------------------------------------ */

/* The TEX family (all but TG4) builds its swr_tex_request in the JIT code
 * and calls res->sampler->sample itself, with the request the interpreter's
 * h_tex (jit_interp_tex.c) would make, field for field: the struct zeroed,
 * then the same fields from the same values (TXP's division, coarse
 * derivatives of the divided coordinates, offsets as integer sources), with
 * that file's target tables (jit_tex_dims and friends). */

static bool tex_direct(unsigned opc)
{
    switch (opc) {
    case TGSI_OPCODE_TEX:
    case TGSI_OPCODE_TXP:
    case TGSI_OPCODE_TXB:
    case TGSI_OPCODE_TXL:
    case TGSI_OPCODE_TXB2:
    case TGSI_OPCODE_TXL2:
    case TGSI_OPCODE_TEX2:
    case TGSI_OPCODE_TEX_LZ:
    case TGSI_OPCODE_TXD:
    case TGSI_OPCODE_LODQ:
    case TGSI_OPCODE_TXF:
    case TGSI_OPCODE_TXF_LZ: return true;
    default: return false;
    }
}

_Static_assert(sizeof(swr_tex_request) % 32 == 0 && sizeof(swr_tex_request) / 32 <= 64 &&
                   offsetof(swr_tex_request, coords) % 32 == 0,
               "emit_tex fills the request in 32-byte pieces");

static void req_store_v(jl *j, LLVMValueRef v, size_t off)
{
    store_a(j->b, v, at(j, j->b, j->req, off), 32);
}

static void req_store_u8(jl *j, unsigned v, size_t off)
{
    LLVMBuildStore(j->b, LLVMConstInt(j->i8, v, 0), at(j, j->b, j->req, off));
}

/* The run-time choice of an inline-able lookup (jit_llvm_tex_inline_ok):
 * when res->sampler has a valid fast unit `unit`, the inline lookup
 * (jit_llvm_tex.c) writes texout and jumps to the returned block; else the
 * builder is left where the request and the call are emitted, which must
 * then branch to that block too. */
static LLVMBasicBlockRef emit_tex_inline(jl *j, unsigned unit, LLVMValueRef s, LLVMValueRef t)
{
    LLVMBasicBlockRef has_smp = new_bb(j, "tex_fast_smp"), has_units = new_bb(j, "tex_fast_units"),
                      fast = new_bb(j, "tex_fast"), slow = new_bb(j, "tex_slow"),
                      done = new_bb(j, "tex_fast_done");
    LLVMValueRef smp = LLVMBuildLoad2(j->b, j->ptr, at(j, j->b, j->res, offsetof(swr_shader_resources, sampler)), "");
    LLVMBuildCondBr(j->b, LLVMBuildICmp(j->b, LLVMIntEQ, smp, LLVMConstNull(j->ptr), ""), slow, has_smp);
    LLVMPositionBuilderAtEnd(j->b, has_smp);
    LLVMValueRef units = LLVMBuildLoad2(j->b, j->ptr, at(j, j->b, smp, offsetof(swr_sampler_interface, fast_units)), "");
    LLVMValueRef count = LLVMBuildLoad2(j->b, j->i32, at(j, j->b, smp, offsetof(swr_sampler_interface, fast_unit_count)), "");
    LLVMValueRef ok = LLVMBuildAnd(j->b, LLVMBuildICmp(j->b, LLVMIntNE, units, LLVMConstNull(j->ptr), ""),
                                   LLVMBuildICmp(j->b, LLVMIntUGT, count, ci32(j, unit), ""), "");
    LLVMBuildCondBr(j->b, ok, has_units, slow);
    LLVMPositionBuilderAtEnd(j->b, has_units);
    LLVMValueRef u = at(j, j->b, units, unit * sizeof(swr_tex_fast_unit));
    LLVMValueRef flags = LLVMBuildLoad2(j->b, j->i32, at(j, j->b, u, offsetof(swr_tex_fast_unit, flags)), "");
    LLVMValueRef valid = LLVMBuildICmp(j->b, LLVMIntNE, LLVMBuildAnd(j->b, flags, ci32(j, SWR_TEX_FAST_VALID), ""),
                                       ci32(j, 0), "");
    LLVMBuildCondBr(j->b, valid, fast, slow);
    LLVMPositionBuilderAtEnd(j->b, fast);
    LLVMValueRef r[4];
    jit_llvm_tex_emit_inline(j->C, j->M, j->b, j->fn, u, s, t, cur_E(j), r);
    for (unsigned c = 0; c < 4; c++)
        store_a(j->b, r[c], at(j, j->b, j->texout, c * 32), 32);
    LLVMBuildBr(j->b, done);
    LLVMPositionBuilderAtEnd(j->b, slow);
    return done;
}

static bool emit_tex(jl *j, uint32_t i, const tgsi_inst *in)
{
    const jit_op *iop = &j->sh->interp->ops[i];
    unsigned t = iop->tex_target, opc = in->opcode;
    unsigned unit_src = in->num_src - 1u;
    LLVMValueRef s0[4], s1[2] = {splat_f(j, 0.0f), splat_f(j, 0.0f)};
    for (unsigned c = 0; c < 4; c++)
        s0[c] = fetch(j, in, 0, c);
    if (in->num_src >= 3)
        for (unsigned c = 0; c < 2; c++)
            s1[c] = fetch(j, in, 1, c);
    unsigned op = SWR_TEX_SAMPLE, has_lod = 0;
    int ref = jit_tex_ref_comp(t);
    LLVMValueRef refv = ref >= 0 ? s0[ref] : splat_f(j, 0.0f), lod = NULL, lod_int = NULL;
    bool has_ref = jit_tex_is_shadow(t), implicit = true, given = false;
    switch (opc) {
    case TGSI_OPCODE_TXP:
        for (int c = 0; c < 3; c++)
            s0[c] = LLVMBuildFDiv(j->b, s0[c], s0[3], "");
        refv = ref >= 0 ? s0[ref] : refv;
        break;
    case TGSI_OPCODE_TXB:
    case TGSI_OPCODE_TXL:
        refv = s0[2];
        lod = s0[3];
        if (opc == TGSI_OPCODE_TXB) {
            has_lod = 1;
        } else {
            op = SWR_TEX_SAMPLE_L;
            implicit = false;
        }
        break;
    case TGSI_OPCODE_TXB2:
    case TGSI_OPCODE_TXL2:
        lod = s1[0];
        if (t == TGSI_TEXTURE_SHADOWCUBE_ARRAY) {
            has_ref = true;
            refv = s1[1];
        }
        if (opc == TGSI_OPCODE_TXB2) {
            has_lod = 1;
        } else {
            op = SWR_TEX_SAMPLE_L;
            implicit = false;
        }
        break;
    case TGSI_OPCODE_TEX2: refv = s1[0]; break;
    case TGSI_OPCODE_TEX_LZ:
        op = SWR_TEX_SAMPLE_L;
        implicit = false;
        break;
    case TGSI_OPCODE_TXD:
        given = true;
        implicit = false;
        break;
    case TGSI_OPCODE_LODQ:
        op = SWR_TEX_LODQ;
        has_ref = false;
        break;
    case TGSI_OPCODE_TXF:
    case TGSI_OPCODE_TXF_LZ:
        op = SWR_TEX_FETCH;
        implicit = false;
        has_ref = false;
        if (opc == TGSI_OPCODE_TXF)
            lod_int = s0[3];
        break;
    default: break;
    }
    unsigned layer, dims = jit_tex_dims(t, &layer), n = dims + layer;
    LLVMBasicBlockRef fast_done = NULL;
    if (jit_llvm_tex_inline_ok(opc, t, in->num_tex_offsets != 0))
        fast_done = emit_tex_inline(j, iop->src[unit_src].index, s0[0], s0[1]);
    /* The request starts zeroed: every 32-byte piece the code below does
     * not fill gets a zero store (inline, unlike a memset call). */
    {
        uint64_t filled = 0; /* bit k: bytes [32k, 32k + 32) written below */
        size_t co = offsetof(swr_tex_request, coords), dx = offsetof(swr_tex_request, ddx),
               dy = offsetof(swr_tex_request, ddy);
        for (unsigned c = 0; c < n && c < 4; c++)
            filled |= 1ull << ((co + c * 32) / 32);
        if (given || (implicit && j->is_ps))
            for (unsigned k = 0; k < dims; k++)
                filled |= 1ull << ((dx + k * 32) / 32) | 1ull << ((dy + k * 32) / 32);
        if (lod)
            filled |= 1ull << (offsetof(swr_tex_request, lod) / 32);
        if (lod_int)
            filled |= 1ull << (offsetof(swr_tex_request, lod_int) / 32);
        if (has_ref)
            filled |= 1ull << (offsetof(swr_tex_request, compare) / 32);
        if (in->num_tex_offsets)
            for (unsigned k = 0; k < 3; k++)
                filled |= 1ull << ((offsetof(swr_tex_request, offsets) + k * 32) / 32);
        for (size_t k = 0; k < sizeof(swr_tex_request) / 32; k++)
            if (!(filled >> k & 1))
                req_store_v(j, splat_f(j, 0.0f), k * 32);
    }
    if (given) {
        for (unsigned k = 0; k < dims; k++) {
            req_store_v(j, fetch(j, in, 1, k), offsetof(swr_tex_request, ddx) + k * 32);
            req_store_v(j, fetch(j, in, 2, k), offsetof(swr_tex_request, ddy) + k * 32);
        }
    }
    if (lod)
        req_store_v(j, lod, offsetof(swr_tex_request, lod));
    if (lod_int)
        req_store_v(j, lod_int, offsetof(swr_tex_request, lod_int));
    req_store_u8(j, op, offsetof(swr_tex_request, op));
    req_store_u8(j, t, offsetof(swr_tex_request, target));
    req_store_u8(j, (uint8_t)iop->src[unit_src].index, offsetof(swr_tex_request, sview));
    req_store_u8(j, (uint8_t)iop->src[unit_src].index, offsetof(swr_tex_request, sampler));
    req_store_u8(j, has_lod, offsetof(swr_tex_request, has_lod));
    LLVMValueRef E = cur_E(j);
    LLVMBuildStore(j->b, E, at(j, j->b, j->req, offsetof(swr_tex_request, mask)));
    for (unsigned c = 0; c < n && c < 4; c++)
        req_store_v(j, s0[c], offsetof(swr_tex_request, coords) + c * 32);
    if (has_ref) {
        req_store_u8(j, 1, offsetof(swr_tex_request, has_compare));
        req_store_v(j, refv, offsetof(swr_tex_request, compare));
    }
    if (implicit && j->is_ps) {
        for (unsigned k = 0; k < dims; k++) {
            req_store_v(j, deriv(j, TGSI_OPCODE_DDX, s0[k]), offsetof(swr_tex_request, ddx) + k * 32);
            req_store_v(j, deriv(j, TGSI_OPCODE_DDY, s0[k]), offsetof(swr_tex_request, ddy) + k * 32);
        }
    }
    if (in->num_tex_offsets) {
        /* a texture offset is a plain register read, integers (exec
         * contract 21); modifiers act as integer ones (see call_op) */
        tgsi_inst tmp;
        memset(&tmp, 0, sizeof tmp);
        tmp.opcode = TGSI_OPCODE_INEG;
        tmp.line = in->line;
        tmp.num_src = 1;
        tmp.src[0] = in->tex_offsets[0];
        req_store_u8(j, 1, offsetof(swr_tex_request, has_offsets));
        for (unsigned k = 0; k < 3; k++)
            req_store_v(j, fetch(j, &tmp, 0, k), offsetof(swr_tex_request, offsets) + k * 32);
    }
    /* sample_call: zeros without a sampler, a sample function or lanes */
    for (unsigned c = 0; c < 4; c++)
        store_a(j->b, splat_f(j, 0.0f), at(j, j->b, j->texout, c * 32), 32);
    LLVMValueRef smp = LLVMBuildLoad2(j->b, j->ptr, at(j, j->b, j->res, offsetof(swr_shader_resources, sampler)), "");
    LLVMBasicBlockRef has_smp = new_bb(j, "tex_smp"), call = new_bb(j, "tex_call"), done = new_bb(j, "tex_done");
    LLVMBuildCondBr(j->b, LLVMBuildICmp(j->b, LLVMIntEQ, smp, LLVMConstNull(j->ptr), ""), done, has_smp);
    LLVMPositionBuilderAtEnd(j->b, has_smp);
    LLVMValueRef fnp = LLVMBuildLoad2(j->b, j->ptr, at(j, j->b, smp, offsetof(swr_sampler_interface, sample)), "");
    LLVMValueRef go = LLVMBuildAnd(j->b, LLVMBuildICmp(j->b, LLVMIntNE, fnp, LLVMConstNull(j->ptr), ""),
                                   LLVMBuildICmp(j->b, LLVMIntNE, E, ci32(j, 0), ""), "");
    LLVMBuildCondBr(j->b, go, call, done);
    LLVMPositionBuilderAtEnd(j->b, call);
    LLVMTypeRef ps[3] = {j->ptr, j->ptr, j->ptr};
    LLVMTypeRef ft = LLVMFunctionType(j->voidt, ps, 3, 0);
    LLVMValueRef a[3] = {smp, j->req, j->texout};
    LLVMBuildCall2(j->b, ft, fnp, a, 3, "");
    LLVMBuildBr(j->b, done);
    LLVMPositionBuilderAtEnd(j->b, done);
    if (fast_done) {
        LLVMBuildBr(j->b, fast_done);
        LLVMPositionBuilderAtEnd(j->b, fast_done);
    }
    LLVMValueRef r[4];
    for (unsigned c = 0; c < 4; c++)
        r[c] = load_a(j, j->b, j->v8f, at(j, j->b, j->texout, c * 32), 32);
    if (op == SWR_TEX_LODQ) /* (lod, lambda, 0, 0) */
        r[2] = r[3] = splat_f(j, 0.0f);
    store_dst(j, in, r);
    return !j->failed;
}

static bool emit_inst(jl *j, uint32_t i, const tgsi_inst *in)
{
    unsigned opc = in->opcode;
    const tgsi_opcode_info *info = tgsi_opcode_get_info(opc);
    if (!info)
        return jl_fail(j, in, "unknown opcode", NULL);
    if (emit_cf(j, i, in))
        return !j->failed;
    if (j->failed)
        return false;
    unsigned wm = in->num_dst ? in->dst[0].write_mask & 0xf : 0;
    LLVMValueRef r[4] = {0}, v;
    if (!(info->flags & TGSI_OPF_TEX) && rep(j, in, &v)) {
        r[0] = r[1] = r[2] = r[3] = v;
        store_dst(j, in, r);
        return !j->failed;
    }
    if (!(info->flags & TGSI_OPF_TEX) && in->num_src >= 1 && in->num_src <= 3 && in->num_dst == 1) {
        bool ok = true;
        for (unsigned c = 0; c < 4 && ok; c++) {
            if (!(wm & (1u << c)))
                continue;
            LLVMValueRef x = fetch(j, in, 0, c);
            if (in->num_src == 1)
                ok = alu1(j, opc, x, &r[c]);
            else if (in->num_src == 2)
                ok = alu2(j, opc, x, fetch(j, in, 1, c), &r[c]);
            else
                ok = alu3(j, opc, x, fetch(j, in, 1, c), fetch(j, in, 2, c), &r[c]);
        }
        if (ok) {
            store_dst(j, in, r);
            return !j->failed;
        }
    }
    if ((info->flags & TGSI_OPF_TEX) && tex_direct(opc))
        return emit_tex(j, i, in);
    if (j->sh->interp->ops[i].fn)
        return call_op(j, i, in);
    return jl_fail(j, in, "opcode %s not compiled", info->name);
}

/* ---- entry: register files, inputs, system values ------------------------- */

static void count_files(jl *j)
{
    const tgsi_program *p = j->p;
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file < TGSI_FILE_COUNT && file_is_array(d->file) && d->last >= 0 &&
            (uint32_t)d->last + 1 > j->file_n[d->file])
            j->file_n[d->file] = (uint32_t)d->last + 1;
    }
    j->file_n[TGSI_FILE_IMMEDIATE] = p->num_imms;
}

static void store_e(jl *j, unsigned file, uint32_t reg, unsigned c, LLVMValueRef v)
{
    LLVMValueRef idx[2] = {ci32(j, 0), ci32(j, (int64_t)reg * 4 + c)};
    LLVMTypeRef at_ = LLVMArrayType(j->v8f, j->file_n[file] * 4);
    store_a(j->eb, v, LLVMBuildInBoundsGEP2(j->eb, at_, j->file_arr[file], idx, 2, ""), 32);
}

static LLVMValueRef esplat_i(jl *j, LLVMValueRef s) /* in the entry block */
{
    LLVMValueRef v = LLVMBuildInsertElement(j->eb, LLVMGetUndef(j->v8i), s, ci32(j, 0), "");
    v = LLVMBuildShuffleVector(j->eb, v, LLVMGetUndef(j->v8i), LLVMConstNull(j->v8i), "");
    return LLVMBuildBitCast(j->eb, v, j->v8f, "");
}

static LLVMValueRef eload_v(jl *j, size_t off)
{
    return load_a(j, j->eb, j->v8f, at(j, j->eb, j->args, off), 32);
}

static LLVMValueRef eload_i(jl *j, size_t off)
{
    return LLVMBuildLoad2(j->eb, j->i32, at(j, j->eb, j->args, off), "");
}

/* gl_FragCoord, exec contract 19. */
static void ps_position(jl *j, LLVMValueRef out[4])
{
    LLVMBuilderRef b = j->eb;
    const struct jit_interp_prog *ip = j->sh->interp;
    size_t po = offsetof(swr_ps_args, position);
    LLVMValueRef x = eload_v(j, po), y = eload_v(j, po + 32);
    if (ip->integer_center)
        x = LLVMBuildFSub(b, x, splat_f(j, 0.5f), "");
    if (ip->lower_left) {
        LLVMValueRef h = LLVMBuildUIToFP(b, eload_i(j, offsetof(swr_ps_args, fb_height)), j->f32, "");
        LLVMValueRef hv = LLVMBuildInsertElement(b, LLVMGetUndef(j->v8f), h, ci32(j, 0), "");
        hv = LLVMBuildShuffleVector(b, hv, LLVMGetUndef(j->v8f), LLVMConstNull(j->v8i), "");
        y = LLVMBuildFSub(b, hv, y, "");
    }
    if (ip->integer_center)
        y = LLVMBuildFSub(b, y, splat_f(j, 0.5f), "");
    out[0] = x;
    out[1] = y;
    out[2] = eload_v(j, po + 64);
    out[3] = eload_v(j, po + 96);
}

static bool setup_entry(jl *j)
{
    LLVMBuilderRef b = j->eb;
    const tgsi_program *p = j->p;
    for (unsigned f = 0; f < TGSI_FILE_COUNT; f++) {
        if (!file_is_array(f) || !j->file_n[f])
            continue;
        j->file_arr[f] = entry_alloca(j, LLVMArrayType(j->v8f, j->file_n[f] * 4), tgsi_file_name(f));
    }
    j->cond = entry_alloca(j, j->i32, "cond");
    j->brk = entry_alloca(j, j->i32, "brk");
    j->cont = entry_alloca(j, j->i32, "cont");
    j->alive = entry_alloca(j, j->i32, "alive");
    j->exec = entry_alloca(j, j->i32, "exec");
    j->scratch = entry_alloca(j, LLVMArrayType(j->v8f, 7 * 4), "scratch");
    j->req = entry_alloca(j, LLVMArrayType(j->v8f, (sizeof(swr_tex_request) + 31) / 32), "texreq");
    j->texout = entry_alloca(j, LLVMArrayType(j->v8f, 4), "texout");
    j->zero4 = LLVMConstIntToPtr(ci64(j, (uint64_t)(uintptr_t)jl_zero4), j->ptr);
    /* res: a zeroed table stands in for NULL (no constants, no sampler) */
    LLVMValueRef zres = LLVMConstIntToPtr(ci64(j, (uint64_t)(uintptr_t)&jl_zero_res), j->ptr);
    size_t res_off = j->is_ps ? offsetof(swr_ps_args, res) : offsetof(swr_vs_args, res);
    LLVMValueRef res = LLVMBuildLoad2(b, j->ptr, at(j, b, j->args, res_off), "res");
    j->res = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, res, LLVMConstNull(j->ptr), ""), zres, res, "");

    LLVMValueRef all = ci32(j, -1);
    LLVMBuildStore(b, all, j->cond);
    LLVMBuildStore(b, all, j->brk);
    LLVMBuildStore(b, all, j->cont);
    LLVMValueRef alive, exec;
    if (j->is_ps) {
        alive = LLVMBuildAnd(b, eload_i(j, offsetof(swr_ps_args, quad_mask)), ci32(j, 0xff), "");
        exec = LLVMBuildAnd(b, eload_i(j, offsetof(swr_ps_args, exec_mask)), ci32(j, 0xff), "");
    } else {
        alive = LLVMBuildAnd(b, eload_i(j, offsetof(swr_vs_args, active_mask)), ci32(j, 0xff), "");
        exec = alive;
    }
    LLVMBuildStore(b, alive, j->alive);
    LLVMBuildStore(b, exec, j->exec);
    j->entry_exec = exec;

    /* TEMP, ADDR, OUT: 0 (exec contract 11). ADDR here; TEMP and OUT
     * where needed, by finish_zero_init once the body is emitted. */
    if (j->file_n[TGSI_FILE_ADDRESS])
        LLVMBuildMemSet(b, j->file_arr[TGSI_FILE_ADDRESS], LLVMConstInt(j->i8, 0, 0),
                        ci64(j, (uint64_t)j->file_n[TGSI_FILE_ADDRESS] * 4 * 32), 32);
    const unsigned zf[2] = {TGSI_FILE_TEMPORARY, TGSI_FILE_OUTPUT};
    for (int z = 0; z < 2; z++) {
        size_t n = (size_t)j->file_n[zf[z]] * 4;
        if (!n)
            continue;
        j->zinit_def[z] = calloc(n, 1);
        j->zinit_need[z] = calloc(n, 1);
        if (!j->zinit_def[z] || !j->zinit_need[z])
            return jl_fail(j, NULL, "out of memory", NULL);
    }
    /* IMM */
    for (uint32_t i = 0; i < p->num_imms; i++)
        for (unsigned c = 0; c < 4; c++) {
            LLVMValueRef e = LLVMConstBitCast(splat_i(j, (int32_t)p->imms[i].bits[c]), j->v8f);
            store_e(j, TGSI_FILE_IMMEDIATE, i, c, e);
        }
    /* IN */
    uint32_t nin = j->file_n[TGSI_FILE_INPUT];
    if (nin) {
        size_t io = j->is_ps ? offsetof(swr_ps_args, inputs) : offsetof(swr_vs_args, inputs);
        LLVMValueRef inp = LLVMBuildLoad2(b, j->ptr, at(j, b, j->args, io), "inputs");
        j->inputs = inp;
        const jit_shader_info *info = &j->sh->info;
        /* Inputs are read where used, from args->inputs; PS POSITION and
         * FACE are computed here into the IN array, and with those an
         * indirect IN access reads the whole array, copied here. */
        bool ind_in = false;
        for (uint32_t i = 0; i < p->num_insts; i++)
            for (unsigned k = 0; k < p->insts[i].num_src; k++)
                ind_in |= p->insts[i].src[k].file == TGSI_FILE_INPUT && p->insts[i].src[k].reg.indirect;
        for (uint32_t r = 0; r < nin && j->is_ps; r++)
            if (info->input_semantic[r] == TGSI_SEMANTIC_POSITION ||
                info->input_semantic[r] == TGSI_SEMANTIC_FACE)
                j->special_in |= 1u << r;
        j->in_direct = !(j->special_in && ind_in);
        for (uint32_t r = 0; r < nin; r++) {
            uint8_t sem = info->input_semantic[r];
            LLVMValueRef v[4];
            if (j->in_direct && !((j->special_in >> r) & 1u))
                continue;
            if (j->is_ps && sem == TGSI_SEMANTIC_POSITION) {
                ps_position(j, v);
            } else if (j->is_ps && sem == TGSI_SEMANTIC_FACE) {
                LLVMValueRef ff = eload_i(j, offsetof(swr_ps_args, front_facing));
                LLVMValueRef front = LLVMBuildICmp(b, LLVMIntNE, ff, ci32(j, 0), "");
                LLVMValueRef s = LLVMBuildSelect(b, front, ci32(j, 0x3f800000), ci32(j, (int32_t)0xbf800000u), "");
                v[0] = esplat_i(j, s);
                v[1] = v[2] = splat_f(j, 0.0f);
                v[3] = splat_f(j, 1.0f);
            } else {
                for (unsigned c = 0; c < 4; c++)
                    v[c] = load_a(j, b, j->v8f, at(j, b, inp, (size_t)r * sizeof(swr_simd_vec4) + c * 32), 32);
            }
            for (unsigned c = 0; c < 4; c++)
                store_e(j, TGSI_FILE_INPUT, r, c, v[c]);
        }
    }
    /* SV */
    int32_t sv_sem[64];
    uint32_t nsv = j->file_n[TGSI_FILE_SYSTEM_VALUE];
    if (nsv > 64)
        return jl_fail(j, NULL, "too many system values", NULL);
    for (uint32_t r = 0; r < nsv; r++)
        sv_sem[r] = -1;
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file == TGSI_FILE_SYSTEM_VALUE && d->has_semantic)
            for (int32_t r = d->first; r <= d->last && r >= 0; r++)
                sv_sem[r] = d->semantic_name;
    }
    for (uint32_t r = 0; r < nsv; r++) {
        LLVMValueRef v[4];
        LLVMValueRef z = splat_f(j, 0.0f);
        v[0] = v[1] = v[2] = v[3] = z;
        if (!j->is_ps) {
            LLVMValueRef x = NULL;
            switch (sv_sem[r]) {
            case TGSI_SEMANTIC_VERTEXID: x = eload_v(j, offsetof(swr_vs_args, vertex_id)); break;
            case TGSI_SEMANTIC_VERTEXID_NOBASE: {
                LLVMValueRef vi = LLVMBuildBitCast(b, eload_v(j, offsetof(swr_vs_args, vertex_id)), j->v8i, "");
                LLVMValueRef bv = LLVMBuildBitCast(b, esplat_i(j, eload_i(j, offsetof(swr_vs_args, base_vertex))), j->v8i, "");
                x = LLVMBuildBitCast(b, LLVMBuildSub(b, vi, bv, ""), j->v8f, "");
                break;
            }
            case TGSI_SEMANTIC_BASEVERTEX: x = esplat_i(j, eload_i(j, offsetof(swr_vs_args, base_vertex))); break;
            case TGSI_SEMANTIC_INSTANCEID: x = eload_v(j, offsetof(swr_vs_args, instance_id)); break;
            case TGSI_SEMANTIC_BASEINSTANCE: x = esplat_i(j, eload_i(j, offsetof(swr_vs_args, start_instance))); break;
            default: break;
            }
            if (x)
                v[0] = v[1] = v[2] = v[3] = x;
        } else {
            switch (sv_sem[r]) {
            case TGSI_SEMANTIC_POSITION: ps_position(j, v); break;
            case TGSI_SEMANTIC_FACE: {
                LLVMValueRef ff = eload_i(j, offsetof(swr_ps_args, front_facing));
                LLVMValueRef front = LLVMBuildICmp(b, LLVMIntNE, ff, ci32(j, 0), "");
                v[0] = esplat_i(j, LLVMBuildSExt(b, front, j->i32, ""));
                v[3] = LLVMConstBitCast(splat_i(j, 1), j->v8f);
                break;
            }
            case TGSI_SEMANTIC_PRIMID:
                v[0] = v[1] = v[2] = v[3] = esplat_i(j, eload_i(j, offsetof(swr_ps_args, prim_id)));
                break;
            case TGSI_SEMANTIC_SAMPLEPOS: v[0] = v[1] = splat_f(j, 0.5f); break;
            case TGSI_SEMANTIC_SAMPLEMASK: v[0] = LLVMConstBitCast(splat_i(j, 1), j->v8f); break;
            case TGSI_SEMANTIC_HELPER_INVOCATION: {
                LLVMValueRef e[8];
                for (int l = 0; l < 8; l++)
                    e[l] = ci32(j, 1 << l);
                LLVMValueRef ev = LLVMBuildInsertElement(b, LLVMGetUndef(j->v8i), exec, ci32(j, 0), "");
                ev = LLVMBuildShuffleVector(b, ev, LLVMGetUndef(j->v8i), LLVMConstNull(j->v8i), "");
                ev = LLVMBuildAnd(b, ev, LLVMConstVector(e, 8), "");
                LLVMValueRef h = LLVMBuildICmp(b, LLVMIntEQ, ev, LLVMConstNull(j->v8i), "");
                v[0] = LLVMBuildBitCast(b, LLVMBuildSExt(b, h, j->v8i, ""), j->v8f, "");
                v[1] = v[2] = v[3] = v[0];
                break;
            }
            default: break;
            }
        }
        for (unsigned c = 0; c < 4; c++)
            store_e(j, TGSI_FILE_SYSTEM_VALUE, r, c, v[c]);
    }
    return !j->failed;
}

/* The entry's zero stores for the TEMP and OUT components the body may
 * read before writing them on every lane (zinit_*): one memset of the file
 * when most of it (or an indirectly accessed file) needs it, else a
 * zero store per component. */
static void finish_zero_init(jl *j)
{
    const unsigned zf[2] = {TGSI_FILE_TEMPORARY, TGSI_FILE_OUTPUT};
    for (int z = 0; z < 2; z++) {
        uint32_t n = j->file_n[zf[z]] * 4, need = 0;
        if (!n || !j->zinit_need[z])
            continue;
        for (uint32_t k = 0; k < n; k++)
            need += j->zinit_need[z][k];
        if (j->zinit_all[z] || need * 2 > n) {
            LLVMBuildMemSet(j->eb, j->file_arr[zf[z]], LLVMConstInt(j->i8, 0, 0),
                            ci64(j, (uint64_t)n * 32), 32);
            continue;
        }
        for (uint32_t k = 0; k < n; k++)
            if (j->zinit_need[z][k])
                store_e(j, zf[z], k / 4, k % 4, LLVMConstNull(j->v8f));
    }
}

static bool scan_supported(jl *j)
{
    const tgsi_program *p = j->p;
    for (uint32_t i = 0; i < p->num_insts; i++) {
        unsigned opc = p->insts[i].opcode;
        if (opc == TGSI_OPCODE_CAL || opc == TGSI_OPCODE_BGNSUB)
            return jl_fail(j, &p->insts[i], "subroutines are not compiled", NULL);
        if (opc == TGSI_OPCODE_END && i != p->end_inst)
            return jl_fail(j, &p->insts[i], "END before the end", NULL);
    }
    if (p->end_inst >= p->num_insts)
        return jl_fail(j, NULL, "no END", NULL);
    return true;
}

/* Creates `dir` and its missing parents (mkdir -p). */
static bool make_dirs(const char *dir)
{
    char path[4096];
    size_t n = strlen(dir);
    if (n == 0 || n >= sizeof path)
        return false;
    memcpy(path, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (path[i] != '/' && path[i] != '\0')
            continue;
        char c = path[i];
        path[i] = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            return false;
        path[i] = c;
    }
    return true;
}

/* KNOB_DUMP_SHADER_IR: the shader's TGSI (once, with the IR as built) and
 * its module at `stage` ("built": as emitted and verified; "optimized":
 * after the passes) as <KNOB_DEBUG_OUTPUT_DIR>/<name>.tgsi and
 * <name>_<stage>.ll. Called under jl_lock, so names do not collide. */
static void dump_ir(jl *j, const char *name, const char *stage)
{
    if (!KNOB_DUMP_SHADER_IR)
        return;
    const char *dir = KNOB_DEBUG_OUTPUT_DIR;
    char path[4096];
    if (!make_dirs(dir)) {
        fprintf(stderr, "swr: warning: KNOB_DUMP_SHADER_IR: cannot create %s\n", dir);
        return;
    }
    if (strcmp(stage, "built") == 0) {
        char *text = tgsi_print(j->p);
        snprintf(path, sizeof path, "%s/%s.tgsi", dir, name);
        FILE *f = text ? fopen(path, "w") : NULL;
        if (f) {
            fputs(text, f);
            fclose(f);
        }
        free(text);
    }
    snprintf(path, sizeof path, "%s/%s_%s.ll", dir, name, stage);
    char *msg = NULL;
    if (LLVMPrintModuleToFile(j->M, path, &msg))
        fprintf(stderr, "swr: warning: KNOB_DUMP_SHADER_IR: %s: %s\n", path, msg ? msg : "?");
    LLVMDisposeMessage(msg);
}

static bool build_ir(jl *j, const char *name)
{
    const tgsi_program *p = j->p;
    LLVMTypeRef ps[2] = {j->ptr, j->ptr};
    LLVMTypeRef ft = LLVMFunctionType(j->voidt, ps, 2, 0);
    j->fn = LLVMAddFunction(j->M, name, ft);
    LLVMAddAttributeAtIndex(j->fn, LLVMAttributeFunctionIndex,
                            LLVMCreateStringAttribute(j->C, "target-cpu", 10, JL_CPU, strlen(JL_CPU)));
    LLVMAddAttributeAtIndex(j->fn, LLVMAttributeFunctionIndex,
                            LLVMCreateStringAttribute(j->C, "target-features", 15, JL_FEATURES,
                                                      strlen(JL_FEATURES)));
    j->args = LLVMGetParam(j->fn, 1);
    j->entry = new_bb(j, "entry");
    LLVMBasicBlockRef body = new_bb(j, "body");
    LLVMPositionBuilderAtEnd(j->eb, j->entry);
    LLVMPositionBuilderAtEnd(j->b, body);
    if (!scan_supported(j) || !setup_entry(j))
        return false;
    for (uint32_t i = 0; i < p->end_inst && !j->failed; i++)
        if (!emit_inst(j, i, &p->insts[i]))
            return false;
    if (j->ncf)
        return jl_fail(j, NULL, "unbalanced control flow", NULL);
    /* exit */
    if (j->is_ps) {
        LLVMValueRef ex = ld32(j, j->exec);
        LLVMBuildStore(j->b, ex, at(j, j->b, j->args, offsetof(swr_ps_args, exec_mask)));
    } else {
        uint32_t nout = j->file_n[TGSI_FILE_OUTPUT];
        if (nout) {
            LLVMValueRef outp = LLVMBuildLoad2(j->b, j->ptr, at(j, j->b, j->args, offsetof(swr_vs_args, outputs)), "");
            for (uint32_t r = 0; r < nout; r++)
                for (unsigned c = 0; c < 4; c++) {
                    LLVMValueRef v = load_a(j, j->b, j->v8f, reg_ptr(j, TGSI_FILE_OUTPUT, r, c), 32);
                    store_a(j->b, v, at(j, j->b, outp, (size_t)r * sizeof(swr_simd_vec4) + c * 32), 32);
                }
        }
    }
    LLVMBuildRetVoid(j->b);
    finish_zero_init(j);
    LLVMBuildBr(j->eb, body);
    return !j->failed;
}

/*
 * The batched PS entry (swr_ps_tile_func, shader_abi.h): a loop over the 8
 * blocks of a raster tile that, for each block with live lanes, fills a
 * local swr_ps_args (the per-block fields, and the inputs as in_off[b] +
 * in_lanes, the sum the engine does for the 8-pixel entry), calls the
 * 8-pixel function `body` (always inlined, so the local args become
 * registers) and copies exec_mask and the outputs the shader writes to the
 * block's swr_ps_tile_out. Each block therefore computes exactly what the
 * 8-pixel entry computes on the same inputs.
 */
/* The batched entry inlines the 8-pixel body into its block loop, which
 * doubles the compile time. Build it only where the backend can call it
 * (a PS that does not read POSITION: the engine keeps the 8-pixel entry
 * for those) and where it pays: the per-block overhead it removes is ~100
 * instructions, small beside a long shader (longfs's FS: -3% executed,
 * compile 19 -> 88 ms). SWR_JIT_NO_TILE=1 turns it off. */
static bool tile_entry_pays(const jl *j)
{
    if (!j->is_ps || j->p->num_insts > JIT_PS_TILE_MAX_INSTS || getenv("SWR_JIT_NO_TILE"))
        return false;
    for (uint32_t r = 0; r < j->file_n[TGSI_FILE_INPUT] && r < SWR_MAX_ATTRIBS; r++)
        if (j->sh->info.input_semantic[r] == TGSI_SEMANTIC_POSITION)
            return false;
    return true;
}

static bool build_tile_entry(jl *j, const char *name)
{
    const struct jit_interp_prog *ip = j->sh->interp;
    LLVMTypeRef ps[2] = {j->ptr, j->ptr};
    LLVMTypeRef ft = LLVMFunctionType(j->voidt, ps, 2, 0);
    LLVMValueRef fn = LLVMAddFunction(j->M, name, ft);
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                            LLVMCreateStringAttribute(j->C, "target-cpu", 10, JL_CPU, strlen(JL_CPU)));
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                            LLVMCreateStringAttribute(j->C, "target-features", 15, JL_FEATURES,
                                                      strlen(JL_FEATURES)));
    unsigned ai = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
    LLVMAddAttributeAtIndex(j->fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(j->C, ai, 0));
    LLVMValueRef shader = LLVMGetParam(fn, 0), ta = LLVMGetParam(fn, 1);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(j->C);
    LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(j->C, fn, "entry");
    LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(j->C, fn, "loop");
    LLVMBasicBlockRef shade = LLVMAppendBasicBlockInContext(j->C, fn, "shade");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->C, fn, "done");
    LLVMPositionBuilderAtEnd(b, entry);
    LLVMValueRef args = LLVMBuildAlloca(b, LLVMArrayType(j->v8f, (sizeof(swr_ps_args) + 31) / 32), "args");
    LLVMSetAlignment(args, 32);
    uint32_t nin = j->file_n[TGSI_FILE_INPUT];
    if (nin > SWR_MAX_ATTRIBS)
        nin = SWR_MAX_ATTRIBS;
    LLVMValueRef inp = LLVMBuildAlloca(b, LLVMArrayType(j->v8f, nin * 4 + 1), "inputs");
    LLVMSetAlignment(inp, 32);
    /* The per-tile fields. */
    LLVMBuildStore(b, inp, at(j, b, args, offsetof(swr_ps_args, inputs)));
#define TA_COPY(field, type)                                                                      \
    LLVMBuildStore(b, LLVMBuildLoad2(b, type, at(j, b, ta, offsetof(swr_ps_tile_args, field)), ""), \
                   at(j, b, args, offsetof(swr_ps_args, field)))
    TA_COPY(attrib_planes, j->ptr);
    TA_COPY(res, j->ptr);
    TA_COPY(front_facing, j->i32);
    TA_COPY(prim_id, j->i32);
    TA_COPY(fb_height, j->i32);
#undef TA_COPY
    LLVMValueRef tile_x = LLVMBuildLoad2(b, j->i32, at(j, b, ta, offsetof(swr_ps_tile_args, tile_x)), "");
    LLVMValueRef tile_y = LLVMBuildLoad2(b, j->i32, at(j, b, ta, offsetof(swr_ps_tile_args, tile_y)), "");
    LLVMValueRef outp = LLVMBuildLoad2(b, j->ptr, at(j, b, ta, offsetof(swr_ps_tile_args, out)), "out");
    LLVMValueRef lanes[SWR_MAX_ATTRIBS * 4], offrow[SWR_MAX_ATTRIBS * 4];
    for (uint32_t k = 0; k < nin * 4; k++) {
        LLVMValueRef lp = LLVMBuildLoad2(
            b, j->ptr, at(j, b, ta, offsetof(swr_ps_tile_args, in_lanes) + k * sizeof(void *)), "");
        lanes[k] = load_a(j, b, j->v8f, lp, 32);
        offrow[k] = LLVMBuildLoad2(
            b, j->ptr, at(j, b, ta, offsetof(swr_ps_tile_args, in_off) + k * sizeof(void *)), "");
    }
    /* The blocks to shade as bits (exec_mask[b] != 0, one vector compare);
     * the loop takes them lowest first with a bit scan, so a tile with one
     * covered block costs one iteration, not eight tests. */
    LLVMValueRef exv = load_a(j, b, j->v8i, at(j, b, ta, offsetof(swr_ps_tile_args, exec_mask)), 4);
    LLVMValueRef live8 = LLVMBuildBitCast(
        b, LLVMBuildICmp(b, LLVMIntNE, exv, LLVMConstNull(j->v8i), ""), j->i8, "");
    LLVMValueRef live0 = LLVMBuildZExt(b, live8, j->i32, "live");
    LLVMBuildBr(b, loop);

    LLVMPositionBuilderAtEnd(b, loop);
    LLVMValueRef bits = LLVMBuildPhi(b, j->i32, "bits");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, bits, ci32(j, 0), ""), done, shade);

    LLVMPositionBuilderAtEnd(b, shade);
    LLVMTypeRef cttz_t = j->i32;
    unsigned cttz_id = LLVMLookupIntrinsicID("llvm.cttz", 9);
    LLVMValueRef cttz_args[2] = {bits, LLVMConstInt(j->i1, 1, 0)};
    LLVMValueRef bi = LLVMBuildCall2(b, LLVMIntrinsicGetType(j->C, cttz_id, &cttz_t, 1),
                                     LLVMGetIntrinsicDeclaration(j->M, cttz_id, &cttz_t, 1),
                                     cttz_args, 2, "b");
    LLVMValueRef bits1 = LLVMBuildAnd(b, bits, LLVMBuildSub(b, bits, ci32(j, 1), ""), "");
    LLVMValueRef bi64 = LLVMBuildZExt(b, bi, j->i64, "");
    LLVMValueRef b4 = LLVMBuildMul(b, bi64, ci64(j, 4), "");
    LLVMValueRef exp_ = LLVMBuildGEP2(b, j->i8, at(j, b, ta, offsetof(swr_ps_tile_args, exec_mask)), &b4, 1, "");
    LLVMValueRef qmp = LLVMBuildGEP2(b, j->i8, at(j, b, ta, offsetof(swr_ps_tile_args, quad_mask)), &b4, 1, "");
    LLVMValueRef ex = LLVMBuildLoad2(b, j->i32, exp_, "");
    LLVMBuildStore(b, ex, at(j, b, args, offsetof(swr_ps_args, exec_mask)));
    LLVMBuildStore(b, LLVMBuildLoad2(b, j->i32, qmp, ""), at(j, b, args, offsetof(swr_ps_args, quad_mask)));
    LLVMValueRef bx = LLVMBuildAdd(b, tile_x, LLVMBuildShl(b, LLVMBuildAnd(b, bi, ci32(j, 1), ""), ci32(j, 2), ""), "");
    LLVMValueRef by = LLVMBuildAdd(b, tile_y, LLVMBuildShl(b, LLVMBuildLShr(b, bi, ci32(j, 1), ""), ci32(j, 1), ""), "");
    LLVMBuildStore(b, bx, at(j, b, args, offsetof(swr_ps_args, block_x)));
    LLVMBuildStore(b, by, at(j, b, args, offsetof(swr_ps_args, block_y)));
    for (uint32_t k = 0; k < nin * 4; k++) {
        LLVMValueRef op = LLVMBuildGEP2(b, j->f32, offrow[k], &bi64, 1, "");
        LLVMValueRef o = LLVMBuildLoad2(b, j->f32, op, "");
        LLVMValueRef ov = LLVMBuildInsertElement(b, LLVMGetUndef(j->v8f), o, ci32(j, 0), "");
        ov = LLVMBuildShuffleVector(b, ov, LLVMGetUndef(j->v8f), LLVMConstNull(j->v8i), "");
        store_a(b, LLVMBuildFAdd(b, ov, lanes[k], ""), at(j, b, inp, (size_t)k * 32), 32);
    }
    LLVMValueRef ob = LLVMBuildMul(b, bi64, ci64(j, sizeof(swr_ps_tile_out)), "");
    LLVMValueRef outb = LLVMBuildGEP2(b, j->i8, outp, &ob, 1, "");
    /* The outputs the shader writes (ps_output's offsets): out[b] plays the
     * part of the 8-pixel entry's args, so lanes and components the shader
     * does not write keep what out[b] held, as they would in args. */
    size_t cp_from[SWR_MAX_ATTRIBS + 2], cp_to[SWR_MAX_ATTRIBS + 2];
    unsigned cp_n[SWR_MAX_ATTRIBS + 2], ncp = 0;
    for (uint32_t r = 0; r < SWR_MAX_ATTRIBS; r++) {
        size_t from, to;
        unsigned n = 4;
        switch (ip->psout_kind[r]) {
        case JIT_PSOUT_COLOR: {
            unsigned c = ip->psout_index[r];
            if (c == 1 && j->sh->key.dual_source) {
                from = offsetof(swr_ps_args, color1);
                to = offsetof(swr_ps_tile_out, color1);
            } else if (c < 8) {
                from = offsetof(swr_ps_args, color) + c * sizeof(swr_simd_vec4);
                to = offsetof(swr_ps_tile_out, color) + c * sizeof(swr_simd_vec4);
            } else {
                continue;
            }
            break;
        }
        case JIT_PSOUT_DEPTH:
            from = offsetof(swr_ps_args, depth);
            to = offsetof(swr_ps_tile_out, depth);
            n = 1;
            break;
        case JIT_PSOUT_STENCIL:
            from = offsetof(swr_ps_args, stencil);
            to = offsetof(swr_ps_tile_out, stencil);
            n = 1;
            break;
        default: continue;
        }
        cp_from[ncp] = from;
        cp_to[ncp] = to;
        cp_n[ncp++] = n;
    }
    for (unsigned k = 0; k < ncp; k++)
        for (unsigned c = 0; c < cp_n[k]; c++)
            store_a(b, load_a(j, b, j->v8f, at(j, b, outb, cp_to[k] + c * 32), 32),
                    at(j, b, args, cp_from[k] + c * 32), 32);
    LLVMValueRef cargs[2] = {shader, args};
    LLVMBuildCall2(b, ft, j->fn, cargs, 2, "");
    LLVMBuildStore(b, LLVMBuildLoad2(b, j->i32, at(j, b, args, offsetof(swr_ps_args, exec_mask)), ""), exp_);
    for (unsigned k = 0; k < ncp; k++)
        for (unsigned c = 0; c < cp_n[k]; c++)
            store_a(b, load_a(j, b, j->v8f, at(j, b, args, cp_from[k] + c * 32), 32),
                    at(j, b, outb, cp_to[k] + c * 32), 32);
    LLVMBuildBr(b, loop);
    /* The back edge leaves from the builder's current block (shade: the
     * body is one call here, inlined later by JL_PASSES_TILE). */
    LLVMValueRef inc_v[2] = {live0, bits1};
    LLVMBasicBlockRef inc_b[2] = {entry, LLVMGetInsertBlock(b)};
    LLVMAddIncoming(bits, inc_v, inc_b, 2);

    LLVMPositionBuilderAtEnd(b, done);
    LLVMBuildRetVoid(b);
    LLVMDisposeBuilder(b);
    return true;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* CPU time: other processes share the cores */
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static bool llvm_err(LLVMErrorRef e, char *why, size_t n, const char *what)
{
    if (!e)
        return false;
    char *m = LLVMGetErrorMessage(e);
    snprintf(why, n, "%s: %s", what, m);
    LLVMDisposeErrorMessage(m);
    return true;
}

bool jit_llvm_build(jit_shader *sh, const tgsi_program *prog, tgsi_error *err)
{
    char why[200] = "";
    if (!sh->interp) {
        snprintf(err->message, sizeof err->message, "llvm: no interpreter form");
        return false;
    }
    double t0 = now_ms();
    struct jit_llvm_code *code = calloc(1, sizeof *code);
    jl *j = calloc(1, sizeof *j);
    jit_op *ops = calloc(prog->num_insts + 1, sizeof(jit_op));
    bool ok = false;
    if (!code || !j || !ops) {
        snprintf(why, sizeof why, "out of memory");
        goto done;
    }
    code->ops = ops;
    ops = NULL;
    pthread_mutex_lock(&jl_lock);
    if (!jl_init_locked(why, sizeof why)) {
        pthread_mutex_unlock(&jl_lock);
        goto done;
    }
    char name[64];
    snprintf(name, sizeof name, "swr_shader_%u", ++jl_counter);
    LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
    j->C = LLVMOrcThreadSafeContextGetContext(tsc);
    j->M = LLVMModuleCreateWithNameInContext(name, j->C);
    LLVMSetTarget(j->M, jl_triple);
    j->b = LLVMCreateBuilderInContext(j->C);
    j->eb = LLVMCreateBuilderInContext(j->C);
    j->f32 = LLVMFloatTypeInContext(j->C);
    j->i32 = LLVMInt32TypeInContext(j->C);
    j->i64 = LLVMInt64TypeInContext(j->C);
    j->i8 = LLVMInt8TypeInContext(j->C);
    j->i1 = LLVMInt1TypeInContext(j->C);
    j->v8f = LLVMVectorType(j->f32, 8);
    j->v8i = LLVMVectorType(j->i32, 8);
    j->v8b = LLVMVectorType(j->i1, 8);
    j->ptr = LLVMPointerTypeInContext(j->C, 0);
    j->voidt = LLVMVoidTypeInContext(j->C);
    j->p = prog;
    j->sh = sh;
    j->code = code;
    j->is_ps = prog->processor == TGSI_PROCESSOR_FRAGMENT;
    j->mzw = sh->interp->mzw;
    count_files(j);
    bool built = build_ir(j, name);
    char tile_name[80];
    snprintf(tile_name, sizeof tile_name, "%s_tile", name);
    bool tile = built && tile_entry_pays(j) && build_tile_entry(j, tile_name);
    LLVMDisposeBuilder(j->b);
    LLVMDisposeBuilder(j->eb);
    if (built) {
        char *msg = NULL;
        if (LLVMVerifyModule(j->M, LLVMReturnStatusAction, &msg)) {
            snprintf(why, sizeof why, "IR does not verify: %.150s", msg ? msg : "?");
            built = false;
        }
        LLVMDisposeMessage(msg);
    } else {
        snprintf(why, sizeof why, "%s", j->why);
    }
    if (built)
        dump_ir(j, name, "built");
    double t_ir = now_ms();
    if (built && jl_run_passes) {
        LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
        LLVMErrorRef e = LLVMRunPasses(j->M, tile ? JL_PASSES_TILE : JL_PASSES,
                                       jl_opt_tm, po);
        LLVMDisposePassBuilderOptions(po);
        if (llvm_err(e, why, sizeof why, "passes"))
            built = false;
    }
    if (!built) {
        LLVMDisposeModule(j->M);
        LLVMOrcDisposeThreadSafeContext(tsc);
        pthread_mutex_unlock(&jl_lock);
        goto done;
    }
    double t_opt = now_ms();
    if (jl_run_passes)
        dump_ir(j, name, "optimized");
    if (getenv("SWR_JIT_DUMP")) {
        char *ir = LLVMPrintModuleToString(j->M);
        fprintf(stderr, "%s\n", ir);
        LLVMDisposeMessage(ir);
    }
    LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(jl_jit);
    code->rt = LLVMOrcJITDylibCreateResourceTracker(jd);
    LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(j->M, tsc);
    LLVMErrorRef e = LLVMOrcLLJITAddLLVMIRModuleWithRT(jl_jit, code->rt, tsm);
    LLVMOrcDisposeThreadSafeContext(tsc);
    if (llvm_err(e, why, sizeof why, "add module")) {
        LLVMOrcDisposeThreadSafeModule(tsm);
    } else {
        LLVMOrcJITTargetAddress addr = 0;
        e = LLVMOrcLLJITLookup(jl_jit, &addr, name);
        if (!llvm_err(e, why, sizeof why, "lookup") && addr) {
            code->entry = (void *)(uintptr_t)addr;
            ok = true;
        }
        addr = 0;
        if (ok && tile) {
            e = LLVMOrcLLJITLookup(jl_jit, &addr, tile_name);
            if (llvm_err(e, why, sizeof why, "lookup") || !addr)
                ok = false;
            else
                code->tile_entry = (void *)(uintptr_t)addr;
        }
    }
    if (!ok) {
        LLVMOrcResourceTrackerRemove(code->rt);
        LLVMOrcReleaseResourceTracker(code->rt);
        code->rt = NULL;
    }
    pthread_mutex_unlock(&jl_lock);
done:
    if (ok) {
        code->compile_ms = now_ms() - t0;
        if (getenv("SWR_JIT_DEBUG"))
            fprintf(stderr, "swr: llvm compile %.2f ms (IR %.2f, passes %.2f, codegen %.2f)\n",
                    code->compile_ms, t_ir - t0, t_opt - t_ir, now_ms() - t_opt);
        sh->llvm = code;
        code = NULL;
    } else {
        snprintf(err->message, sizeof err->message, "llvm: %s", why);
    }
    if (code) {
        free(code->ops);
        free(code);
    }
    free(ops);
    if (j)
        for (int z = 0; z < 2; z++) {
            free(j->zinit_def[z]);
            free(j->zinit_need[z]);
        }
    free(j);
    return ok;
}

void jit_llvm_free(struct jit_llvm_code *code)
{
    if (!code)
        return;
    if (code->rt) {
        pthread_mutex_lock(&jl_lock);
        LLVMOrcResourceTrackerRemove(code->rt);
        LLVMOrcReleaseResourceTracker(code->rt);
        pthread_mutex_unlock(&jl_lock);
    }
    free(code->ops);
    free(code);
}

void *jit_llvm_entry(const struct jit_llvm_code *code) { return code ? code->entry : NULL; }

void *jit_llvm_tile_entry(const struct jit_llvm_code *code)
{
    return code ? code->tile_entry : NULL;
}

double jit_llvm_compile_ms(const struct jit_llvm_code *code) { return code ? code->compile_ms : 0; }

/* Walks the code from the entry until a ret (or `max` instructions) and
 * counts instructions that name ymm and zmm registers. */
bool jit_llvm_disasm_stats(const struct jit_llvm_code *code, unsigned max, unsigned *n_insts,
                           unsigned *n_ymm, unsigned *n_zmm)
{
    *n_insts = *n_ymm = *n_zmm = 0;
    if (!code || !code->entry)
        return false;
    pthread_mutex_lock(&jl_lock);
    LLVMDisasmContextRef dc = LLVMCreateDisasmCPUFeatures(jl_triple, JL_CPU, JL_FEATURES, NULL, 0, NULL, NULL);
    pthread_mutex_unlock(&jl_lock);
    if (!dc)
        return false;
    LLVMSetDisasmOptions(dc, LLVMDisassembler_Option_AsmPrinterVariant);
    uint8_t *pc = code->entry;
    for (unsigned k = 0; k < max; k++) {
        char text[256];
        size_t n = LLVMDisasmInstruction(dc, pc, 16, (uint64_t)(uintptr_t)pc, text, sizeof text);
        if (!n)
            break;
        (*n_insts)++;
        *n_ymm += strstr(text, "ymm") != NULL;
        *n_zmm += strstr(text, "zmm") != NULL;
        pc += n;
        if (strstr(text, "ret"))
            break;
    }
    LLVMDisasmDispose(dc);
    return *n_insts > 0;
}

#else /* !SWR_HAVE_LLVM */

bool jit_llvm_build(jit_shader *sh, const tgsi_program *prog, tgsi_error *err)
{
    (void)sh;
    (void)prog;
    snprintf(err->message, sizeof err->message, "llvm: built without LLVM");
    return false;
}

void jit_llvm_free(struct jit_llvm_code *code) { (void)code; }
void *jit_llvm_entry(const struct jit_llvm_code *code)
{
    (void)code;
    return NULL;
}
void *jit_llvm_tile_entry(const struct jit_llvm_code *code)
{
    (void)code;
    return NULL;
}
double jit_llvm_compile_ms(const struct jit_llvm_code *code)
{
    (void)code;
    return 0;
}
bool jit_llvm_disasm_stats(const struct jit_llvm_code *code, unsigned max, unsigned *n_insts,
                           unsigned *n_ymm, unsigned *n_zmm)
{
    (void)code;
    (void)max;
    *n_insts = *n_ymm = *n_zmm = 0;
    return false;
}

#endif
