/*
 * jit_llvm_tex.c: inline texture sampling in the LLVM JIT (jit_llvm_tex.h).
 *
 * In: a fast unit of the shader's sampler (common/shader_abi.h
 * swr_tex_fast_unit: one level of a 2D RGBA8-family texture, its wrap modes
 * and filter) and 8 lanes of (s, t). Out: IR computing the 4 channels.
 * Thread: called while jit_llvm.c builds a module (under its lock).
 *
 * Why: a TEX that calls res->sampler->sample builds a 600-byte request
 * (zero stores, derivatives) and goes through the sampler's dispatch for
 * 8 lanes; a 9-tap convolution spent most of its time there. The common
 * lookup, one level of an RGBA8 texture with nearest or bilinear filtering
 * and repeat or clamp-to-edge, is a few dozen vector instructions, emitted
 * here in the shader itself.
 *
 * Bit-exactness: the sampler's results are the oracle, so every step is
 * the AVX2 fast path's (frontend-gallium/pipe/swrp_sampler.c) in its order,
 * with the same x86 instructions where LLVM's generic operations differ at
 * the edges: maxps/minps for the clamps (a NaN goes to the lower bound),
 * cvttps2dq and cvtps2dq for the conversions (no poison out of range),
 * pmulhrsw for the Q15 blend; texels come through vpgatherdd with byte
 * offsets (faster than scalar loads on the machines measured).
 * Nearest: i = floor(clamp(s * n, +-2^24)) (NaN -> -2^24), repeat as
 * i - floor(i / n) * n corrected by one step, else clamped; the byte
 * channel times 128, times 1/255/128. Bilinear: u = (repeat ? frac(s) : s)
 * * n - 1/2 clamped to [-1, n], i0 = floor(u), weight u - i0 in Q15,
 * channels times 128 in 16-bit halves blended with pmulhrsw, then
 * converted and scaled as nearest. tests/pipe/test_sampler_inline.c holds
 * the two to the same bits.
 *
 * The unit's filter is a run-time branch (two code paths per lookup); its
 * wrap modes, channel order and padded alpha are selects.
 */
#include "jitter/jit_llvm_tex.h"

#ifdef SWR_HAVE_LLVM

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "common/shader_abi.h"
#include "tgsi/tgsi.h"

/* As swrp_sampler.c: texel-space coordinates clamp to +-2^24. */
#define TEX_COORD_LIMIT 16777216.0f

typedef struct tx {
    LLVMContextRef C;
    LLVMModuleRef M;
    LLVMBuilderRef b;
    LLVMValueRef fn;
    LLVMTypeRef f32, i32, i16, i8, v8f, v8i, v16s, ptr;
} tx;

bool jit_llvm_tex_inline_ok(unsigned opcode, unsigned tgsi_target, bool has_offsets)
{
    if (has_offsets || tgsi_target != TGSI_TEXTURE_2D)
        return false;
    switch (opcode) {
    case TGSI_OPCODE_TEX:
    case TGSI_OPCODE_TXP:
    case TGSI_OPCODE_TXB:
    case TGSI_OPCODE_TXL:
    case TGSI_OPCODE_TEX_LZ:
    case TGSI_OPCODE_TXD:
        return true;
    default:
        return false;
    }
}

/* ---- small IR helpers ------------------------------------------------------ */

static LLVMValueRef sf(tx *x, float f)
{
    LLVMValueRef e[8];
    for (int i = 0; i < 8; i++)
        e[i] = LLVMConstReal(x->f32, f);
    return LLVMConstVector(e, 8);
}

static LLVMValueRef si(tx *x, int32_t v)
{
    LLVMValueRef e[8];
    for (int i = 0; i < 8; i++)
        e[i] = LLVMConstInt(x->i32, (unsigned long long)(int64_t)v, 1);
    return LLVMConstVector(e, 8);
}

static LLVMValueRef splat(tx *x, LLVMValueRef scalar)
{
    LLVMValueRef v =
        LLVMBuildInsertElement(x->b, LLVMGetUndef(x->v8i), scalar, LLVMConstInt(x->i32, 0, 0), "");
    return LLVMBuildShuffleVector(x->b, v, LLVMGetUndef(x->v8i), LLVMConstNull(x->v8i), "");
}

static LLVMValueRef call_intr(tx *x, const char *name, LLVMTypeRef *tys, unsigned ntys,
                              LLVMValueRef *args, unsigned nargs)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef f = LLVMGetIntrinsicDeclaration(x->M, id, tys, ntys);
    LLVMTypeRef ft = LLVMIntrinsicGetType(x->C, id, tys, ntys);
    return LLVMBuildCall2(x->b, ft, f, args, nargs, "");
}

static LLVMValueRef x86_2(tx *x, const char *name, LLVMValueRef a, LLVMValueRef b)
{
    LLVMValueRef args[2] = {a, b};
    return call_intr(x, name, NULL, 0, args, 2);
}

/* x86 maxps / minps (LLVM llvm.x86.avx.max/min.ps.256): the second operand when either is NaN. */
static LLVMValueRef maxps(tx *x, LLVMValueRef a, LLVMValueRef b)
{
    return x86_2(x, "llvm.x86.avx.max.ps.256", a, b);
}
static LLVMValueRef minps(tx *x, LLVMValueRef a, LLVMValueRef b)
{
    return x86_2(x, "llvm.x86.avx.min.ps.256", a, b);
}
/* vf8_clamp: min(hi, max(a, lo)). */
static LLVMValueRef clampps(tx *x, LLVMValueRef a, LLVMValueRef lo, LLVMValueRef hi)
{
    return minps(x, hi, maxps(x, a, lo));
}

static LLVMValueRef floorps(tx *x, LLVMValueRef a)
{
    LLVMTypeRef t = x->v8f;
    return call_intr(x, "llvm.floor", &t, 1, &a, 1);
}

static LLVMValueRef cvtt(tx *x, LLVMValueRef a)
{
    return call_intr(x, "llvm.x86.avx.cvtt.ps2dq.256", NULL, 0, &a, 1);
}
static LLVMValueRef cvt(tx *x, LLVMValueRef a)
{
    return call_intr(x, "llvm.x86.avx.cvt.ps2dq.256", NULL, 0, &a, 1);
}
static LLVMValueRef tof(tx *x, LLVMValueRef i) { return LLVMBuildSIToFP(x->b, i, x->v8f, ""); }

static LLVMValueRef fsub(tx *x, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildFSub(x->b, a, b, "");
}
static LLVMValueRef fmul(tx *x, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildFMul(x->b, a, b, "");
}
static LLVMValueRef iadd(tx *x, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildAdd(x->b, a, b, "");
}
static LLVMValueRef isub(tx *x, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildSub(x->b, a, b, "");
}
static LLVMValueRef imul(tx *x, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildMul(x->b, a, b, "");
}
static LLVMValueRef iand(tx *x, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildAnd(x->b, a, b, "");
}
static LLVMValueRef ior(tx *x, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildOr(x->b, a, b, "");
}
static LLVMValueRef shl(tx *x, LLVMValueRef a, int n)
{
    return LLVMBuildShl(x->b, a, si(x, n), "");
}
static LLVMValueRef lshr(tx *x, LLVMValueRef a, int n)
{
    return LLVMBuildLShr(x->b, a, si(x, n), "");
}
static LLVMValueRef sel(tx *x, LLVMValueRef c, LLVMValueRef t, LLVMValueRef f)
{
    return LLVMBuildSelect(x->b, c, t, f, "");
}
static LLVMValueRef slt(tx *x, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildICmp(x->b, LLVMIntSLT, a, b, "");
}
static LLVMValueRef sgt(tx *x, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildICmp(x->b, LLVMIntSGT, a, b, "");
}
static LLVMValueRef imin(tx *x, LLVMValueRef a, LLVMValueRef b)
{
    return sel(x, slt(x, a, b), a, b);
}
static LLVMValueRef imax(tx *x, LLVMValueRef a, LLVMValueRef b)
{
    return sel(x, sgt(x, a, b), a, b);
}

/* vpgatherdd of 4-byte texels at signed byte offsets from base (the
 * sampler's vi8_gather_bytes; scalar loads measured slower). */
static LLVMValueRef gather(tx *x, LLVMValueRef base, LLVMValueRef offs)
{
    LLVMValueRef args[5] = {LLVMConstNull(x->v8i), base, offs, si(x, -1),
                            LLVMConstInt(x->i8, 1, 0)};
    return call_intr(x, "llvm.x86.avx2.gather.d.d.256", NULL, 0, args, 5);
}

/* ---- nearest ---------------------------------------------------------------- */

/* fast_nearest_axis: the texel index along one axis. */
static LLVMValueRef nearest_axis(tx *x, bool repeat, LLVMValueRef s, LLVMValueRef n,
                                 LLVMValueRef nf)
{
    LLVMValueRef u = fmul(x, s, nf);
    LLVMValueRef nan = LLVMBuildFCmp(x->b, LLVMRealUNO, u, u, "");
    u = sel(x, nan, sf(x, -TEX_COORD_LIMIT), u);
    u = clampps(x, u, sf(x, -TEX_COORD_LIMIT), sf(x, TEX_COORD_LIMIT));
    LLVMValueRef fl = floorps(x, u);
    LLVMValueRef i = cvtt(x, fl);
    LLVMValueRef nm1 = isub(x, n, si(x, 1));
    if (!repeat)
        return imin(x, imax(x, i, si(x, 0)), nm1);
    LLVMValueRef q = cvtt(x, floorps(x, LLVMBuildFDiv(x->b, fl, nf, "")));
    LLVMValueRef m = isub(x, i, imul(x, q, n));
    m = sel(x, slt(x, m, si(x, 0)), iadd(x, m, n), m);
    return sel(x, sgt(x, m, nm1), isub(x, m, n), m);
}

/* fast_nearest: the 4 byte channels times 128 (exact). */
static void nearest(tx *x, const LLVMValueRef *lv, bool rep_s, bool rep_t, LLVMValueRef s,
                    LLVMValueRef t, LLVMValueRef live, LLVMValueRef ch[4])
{
    LLVMValueRef texels = lv[0], w = lv[1], h = lv[2], pitch = lv[3];
    LLVMValueRef i = nearest_axis(x, rep_s, s, w, tof(x, w));
    LLVMValueRef j = nearest_axis(x, rep_t, t, h, tof(x, h));
    LLVMValueRef at = iand(x, live, iadd(x, imul(x, j, pitch), shl(x, i, 2)));
    LLVMValueRef tex = gather(x, texels, at);
    for (int c = 0; c < 4; c++)
        ch[c] = fmul(x, tof(x, iand(x, lshr(x, tex, 8 * c), si(x, 0xff))), sf(x, 128.0f));
}

/* ---- bilinear --------------------------------------------------------------- */

/* fast_axis: the two texel indices and the weight along one axis. */
static void linear_axis(tx *x, bool repeat, LLVMValueRef s, LLVMValueRef n, LLVMValueRef nf,
                        LLVMValueRef *i0, LLVMValueRef *i1, LLVMValueRef *a)
{
    LLVMValueRef u;
    if (repeat)
        u = fsub(x, fmul(x, fsub(x, s, floorps(x, s)), nf), sf(x, 0.5f));
    else
        u = fsub(x, fmul(x, s, nf), sf(x, 0.5f));
    u = clampps(x, u, sf(x, -1.0f), nf);
    LLVMValueRef fl = floorps(x, u);
    *a = fsub(x, u, fl);
    LLVMValueRef i = cvtt(x, fl);
    LLVMValueRef nm1 = isub(x, n, si(x, 1));
    LLVMValueRef one = si(x, 1), zero = si(x, 0);
    if (repeat) {
        i = sel(x, slt(x, i, zero), iadd(x, i, n), i);
        i = sel(x, sgt(x, i, nm1), isub(x, i, n), i);
        LLVMValueRef j = iadd(x, i, one);
        *i0 = i;
        *i1 = sel(x, sgt(x, j, nm1), isub(x, j, n), j);
    } else {
        *i0 = imin(x, imax(x, i, zero), nm1);
        *i1 = imin(x, imax(x, iadd(x, i, one), zero), nm1);
    }
}

/* fast_weight_q15: round(a * 2^15) capped at 2^15 - 1, in both halves. */
static LLVMValueRef weight_q15(tx *x, LLVMValueRef a)
{
    LLVMValueRef w = imin(x, cvt(x, fmul(x, a, sf(x, 32768.0f))), si(x, 32767));
    return ior(x, w, shl(x, w, 16));
}

/* fast_lerp16: a + mulhrs(b - a, w) on 16-bit halves. */
static LLVMValueRef lerp16(tx *x, LLVMValueRef a, LLVMValueRef b, LLVMValueRef w)
{
    LLVMValueRef a16 = LLVMBuildBitCast(x->b, a, x->v16s, "");
    LLVMValueRef b16 = LLVMBuildBitCast(x->b, b, x->v16s, "");
    LLVMValueRef w16 = LLVMBuildBitCast(x->b, w, x->v16s, "");
    LLVMValueRef d = LLVMBuildSub(x->b, b16, a16, "");
    LLVMValueRef args[2] = {d, w16};
    LLVMValueRef p = call_intr(x, "llvm.x86.avx2.pmul.hr.sw", NULL, 0, args, 2);
    return LLVMBuildBitCast(x->b, LLVMBuildAdd(x->b, a16, p, ""), x->v8i, "");
}

#define CH_MASK 0x7f807f80
static LLVMValueRef even(tx *x, LLVMValueRef t) { return iand(x, shl(x, t, 7), si(x, CH_MASK)); }
static LLVMValueRef odd(tx *x, LLVMValueRef t) { return iand(x, lshr(x, t, 1), si(x, CH_MASK)); }

static LLVMBasicBlockRef block(tx *x, const char *name)
{
    return LLVMAppendBasicBlockInContext(x->C, x->fn, name);
}

/* fast_bilinear. Its texel pairs as 8-byte loads, taken when every lane's
 * columns are neighbours, read the same texels as 4 gathers; the gathers
 * measured faster here (33 against 40 ns per lookup). Lanes outside `live`
 * read offset 0. */
static void bilinear(tx *x, const LLVMValueRef *lv, bool rep_s, bool rep_t, LLVMValueRef s,
                     LLVMValueRef t, LLVMValueRef live, LLVMValueRef ch[4])
{
    LLVMValueRef texels = lv[0], w = lv[1], h = lv[2], pitch = lv[3];
    LLVMValueRef i0, i1, j0, j1, a, b;
    linear_axis(x, rep_s, s, w, tof(x, w), &i0, &i1, &a);
    linear_axis(x, rep_t, t, h, tof(x, h), &j0, &j1, &b);
    LLVMValueRef r0 = iand(x, live, imul(x, j0, pitch)), r1 = iand(x, live, imul(x, j1, pitch));
    LLVMValueRef o0 = iand(x, live, shl(x, i0, 2)), o1 = iand(x, live, shl(x, i1, 2));
    LLVMValueRef t00 = gather(x, texels, iadd(x, r0, o0));
    LLVMValueRef t10 = gather(x, texels, iadd(x, r0, o1));
    LLVMValueRef t01 = gather(x, texels, iadd(x, r1, o0));
    LLVMValueRef t11 = gather(x, texels, iadd(x, r1, o1));
    LLVMValueRef wa = weight_q15(x, a), wb = weight_q15(x, b);
    LLVMValueRef e = lerp16(x, lerp16(x, even(x, t00), even(x, t10), wa),
                            lerp16(x, even(x, t01), even(x, t11), wa), wb);
    LLVMValueRef o = lerp16(x, lerp16(x, odd(x, t00), odd(x, t10), wa),
                            lerp16(x, odd(x, t01), odd(x, t11), wa), wb);
    LLVMValueRef lo = si(x, 0xffff);
    ch[0] = tof(x, iand(x, e, lo));
    ch[1] = tof(x, iand(x, o, lo));
    ch[2] = tof(x, lshr(x, e, 16));
    ch[3] = tof(x, lshr(x, o, 16));
}

/* ---- the lookup ---------------------------------------------------------------- */

static LLVMValueRef load_field(tx *x, LLVMValueRef unit, size_t off, LLVMTypeRef t)
{
    LLVMValueRef o = LLVMConstInt(LLVMInt64TypeInContext(x->C), off, 0);
    LLVMValueRef p = LLVMBuildGEP2(x->b, x->i8, unit, &o, 1, "");
    return LLVMBuildLoad2(x->b, t, p, "");
}

static LLVMValueRef flag_mask(tx *x, LLVMValueRef flags, uint32_t bit)
{
    LLVMValueRef v = iand(x, flags, si(x, (int32_t)bit));
    return LLVMBuildICmp(x->b, LLVMIntNE, v, si(x, 0), "");
}

/* The filter and wrap modes select one of 8 variants, each with its modes
 * as constants as the C fast path compiles them. A variant is a function
 * of the module (internal, fastcc, not inlined), made by the first lookup
 * that needs it and called by every other: a 9-tap shader ran as fast so
 * (17.6 / 27.7 ms nearest / linear in test_sampler_inline's
 * SWR_INLINE_BENCH_PS) as with 8 copies of the filter at every lookup,
 * with far less code to compile. */
#define VARIANT_BITS (SWR_TEX_FAST_LINEAR | SWR_TEX_FAST_REPEAT_S | SWR_TEX_FAST_REPEAT_T)

static void tx_types(tx *x, LLVMContextRef C)
{
    x->f32 = LLVMFloatTypeInContext(C);
    x->i32 = LLVMInt32TypeInContext(C);
    x->i16 = LLVMInt16TypeInContext(C);
    x->i8 = LLVMInt8TypeInContext(C);
    x->v8f = LLVMVectorType(x->f32, 8);
    x->v8i = LLVMVectorType(x->i32, 8);
    x->v16s = LLVMVectorType(x->i16, 16);
    x->ptr = LLVMPointerTypeInContext(C, 0);
}

static LLVMTypeRef variant_ret(tx *x)
{
    LLVMTypeRef e[4] = {x->v8f, x->v8f, x->v8f, x->v8f};
    return LLVMStructTypeInContext(x->C, e, 4, 0);
}

static LLVMTypeRef variant_type(tx *x)
{
    LLVMTypeRef ps[4] = {x->ptr, x->v8f, x->v8f, x->v8i};
    return LLVMFunctionType(variant_ret(x), ps, 4, 0);
}

static void copy_attr(LLVMContextRef C, LLVMValueRef from, LLVMValueRef to, const char *k)
{
    LLVMAttributeRef a =
        LLVMGetStringAttributeAtIndex(from, LLVMAttributeFunctionIndex, k, (unsigned)strlen(k));
    if (a)
        LLVMAddAttributeAtIndex(to, LLVMAttributeFunctionIndex, a);
    (void)C;
}

/* The variant function for `f` (VARIANT_BITS), built on first use:
 * (unit, s, t, live) -> the 4 channels, scaled and masked (fast_store). */
static LLVMValueRef variant_fn(tx *caller, uint32_t f)
{
    char name[40];
    snprintf(name, sizeof name, "swr_tex_fast_%u", f);
    LLVMValueRef fn = LLVMGetNamedFunction(caller->M, name);
    if (fn)
        return fn;
    fn = LLVMAddFunction(caller->M, name, variant_type(caller));
    LLVMSetLinkage(fn, LLVMInternalLinkage);
    LLVMSetFunctionCallConv(fn, LLVMFastCallConv);
    copy_attr(caller->C, caller->fn, fn, "target-cpu");
    copy_attr(caller->C, caller->fn, fn, "target-features");
    unsigned ni = LLVMGetEnumAttributeKindForName("noinline", 8);
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(caller->C, ni, 0));
    tx X = *caller;
    tx *x = &X;
    x->fn = fn;
    x->b = LLVMCreateBuilderInContext(x->C);
    LLVMPositionBuilderAtEnd(x->b, LLVMAppendBasicBlockInContext(x->C, fn, "entry"));
    LLVMValueRef unit = LLVMGetParam(fn, 0), s = LLVMGetParam(fn, 1), t = LLVMGetParam(fn, 2),
                 live = LLVMGetParam(fn, 3);
    LLVMValueRef lv[4];
    lv[0] = load_field(x, unit, offsetof(swr_tex_fast_unit, texels), x->ptr);
    lv[1] = splat(x, load_field(x, unit, offsetof(swr_tex_fast_unit, width), x->i32));
    lv[2] = splat(x, load_field(x, unit, offsetof(swr_tex_fast_unit, height), x->i32));
    lv[3] = splat(x, load_field(x, unit, offsetof(swr_tex_fast_unit, row_pitch), x->i32));
    LLVMValueRef flags = splat(x, load_field(x, unit, offsetof(swr_tex_fast_unit, flags), x->i32));
    bool rs = f & SWR_TEX_FAST_REPEAT_S, rt = f & SWR_TEX_FAST_REPEAT_T;
    LLVMValueRef ch[4];
    if (f & SWR_TEX_FAST_LINEAR)
        bilinear(x, lv, rs, rt, s, t, live, ch);
    else
        nearest(x, lv, rs, rt, s, t, live, ch);
    /* fast_store: channel order, padded alpha, 1/255 of the x128 units */
    LLVMValueRef bgra = flag_mask(x, flags, SWR_TEX_FAST_BGRA);
    LLVMValueRef alpha_one = flag_mask(x, flags, SWR_TEX_FAST_ALPHA_ONE);
    LLVMValueRef scale = sf(x, (1.0f / 255.0f) / 128.0f);
    LLVMValueRef r[4];
    r[0] = fmul(x, sel(x, bgra, ch[2], ch[0]), scale);
    r[1] = fmul(x, ch[1], scale);
    r[2] = fmul(x, sel(x, bgra, ch[0], ch[2]), scale);
    r[3] = sel(x, alpha_one, sf(x, 1.0f), fmul(x, ch[3], scale));
    LLVMValueRef ret = LLVMGetUndef(variant_ret(x));
    for (unsigned c = 0; c < 4; c++) {
        LLVMValueRef m = LLVMBuildBitCast(
            x->b, iand(x, live, LLVMBuildBitCast(x->b, r[c], x->v8i, "")), x->v8f, "");
        ret = LLVMBuildInsertValue(x->b, ret, m, c, "");
    }
    LLVMBuildRet(x->b, ret);
    LLVMDisposeBuilder(x->b);
    return fn;
}

void jit_llvm_tex_emit_inline(LLVMContextRef C, LLVMModuleRef M, LLVMBuilderRef b, LLVMValueRef fn,
                              LLVMValueRef unit, LLVMValueRef s, LLVMValueRef t, LLVMValueRef exec,
                              LLVMValueRef out[4])
{
    tx X = {.C = C, .M = M, .b = b, .fn = fn};
    tx *x = &X;
    tx_types(x, C);
    LLVMValueRef flags1 = load_field(x, unit, offsetof(swr_tex_fast_unit, flags), x->i32);
    /* vi8_from_bits(mask): lane l is all ones when bit l is set */
    LLVMValueRef e[8];
    for (int l = 0; l < 8; l++)
        e[l] = LLVMConstInt(x->i32, 1u << l, 0);
    LLVMValueRef bits = LLVMConstVector(e, 8);
    LLVMValueRef lanes = iand(x, splat(x, exec), bits);
    LLVMValueRef live = LLVMBuildSExt(b, LLVMBuildICmp(b, LLVMIntEQ, lanes, bits, ""), x->v8i, "");

    LLVMBasicBlockRef join = block(x, "tex_inline_done");
    LLVMBasicBlockRef vb[8];
    LLVMValueRef res[8];
    for (int k = 0; k < 8; k++)
        vb[k] = block(x, "tex_inline_variant");
    LLVMValueRef var = LLVMBuildAnd(b, flags1, LLVMConstInt(x->i32, VARIANT_BITS, 0), "");
    LLVMValueRef sw = LLVMBuildSwitch(b, var, vb[0], 7);
    for (int k = 1; k < 8; k++)
        LLVMAddCase(sw, LLVMConstInt(x->i32, (unsigned)k * 2u, 0), vb[k]);
    for (int k = 0; k < 8; k++) {
        LLVMValueRef vf = variant_fn(x, (uint32_t)k * 2u);
        LLVMPositionBuilderAtEnd(b, vb[k]);
        LLVMValueRef args[4] = {unit, s, t, live};
        res[k] = LLVMBuildCall2(b, variant_type(x), vf, args, 4, "");
        LLVMSetInstructionCallConv(res[k], LLVMFastCallConv);
        LLVMBuildBr(b, join);
    }
    LLVMPositionBuilderAtEnd(b, join);
    LLVMValueRef r = LLVMBuildPhi(b, variant_ret(x), "");
    LLVMAddIncoming(r, res, vb, 8);
    for (unsigned c = 0; c < 4; c++)
        out[c] = LLVMBuildExtractValue(b, r, c, "");
}

#endif /* SWR_HAVE_LLVM */
