/*
 * jit_interp_fast.c: the interpreter's run loop, with a fast path for the
 * common arithmetic instructions.
 *
 * Every op of the decoded program (jit_interp.c) also gets a jit_fop here:
 * a small kind and the byte offsets, from the register file, of each
 * component it reads and writes, with the swizzle already applied. The
 * decoder puts every direct operand in the register file (TEMP, IN, OUT,
 * the immediates and constants copied in per call), so one base pointer
 * reaches them all. The kinds are:
 *   <OP>4   all four components written, sources unswizzled and without
 *           modifiers, no _SAT: four straight SIMD steps;
 *   <OP>_n  n (1..4) destination components, any write mask, swizzle and
 *           float modifier, _SAT: one label per n, so neither a loop over
 *           the components nor a modifier test branches differently from
 *           op to op (modifiers are applied as and/xor masks, the identity
 *           pair when there is none);
 *   END     the end of the program;
 *   GENERIC everything else (control flow, texturing, indirect operands,
 *           integer-typed modifiers, PS outputs, MUL_ZERO_WINS products):
 *           the op's own handler.
 * The run loop dispatches with computed goto over the fop kinds.
 *
 * Fast kinds write all 8 lanes without blending, which is right while the
 * execution mask E holds every lane whose value can matter (ctx->fast,
 * kept by set_E: VS lanes outside active_mask and PS lanes of absent quads
 * are never looked at). Otherwise (inside divergent control flow) the loop
 * runs every op through its handler, which blends with E.
 *
 * An <OP>_n kind computes component by component, the last written one
 * first (the entry for n falls through into n - 1); an op whose
 * destination component would be read by an earlier component of the same
 * op (MOV TEMP[0].xy, TEMP[0].yx) stays GENERIC.
 */
#include <stdlib.h>

#include "jitter/jit_interp_priv.h"
#include "tgsi/tgsi_math.h"

/* Component-wise opcodes: X(name, number of sources, result from x, y, z),
 * formulas as in jit_interp_alu.c. */
#define JIT_FAST_CW_OPS(X)                                                                 \
    X(MOV, 1, x)                                                                           \
    X(ADD, 2, vf8_add(x, y))                                                               \
    X(MUL, 2, vf8_mul(x, y))                                                               \
    X(MAD, 3, vf8_add(vf8_mul(x, y), z))                                                   \
    X(MIN, 2, jit_min_c(x, y))                                                             \
    X(MAX, 2, jit_max_c(x, y))                                                             \
    X(LRP, 3, vf8_add(vf8_mul(x, y), vf8_mul(vf8_sub(jit_one8(), x), z)))                  \
    X(CMP, 3, vf8_select(vf8_lt(x, vf8_zero()), z, y))                                     \
    X(SLT, 2, jit_bool_f(vf8_lt(x, y)))                                                    \
    X(SGE, 2, jit_bool_f(vf8_ge(x, y)))                                                    \
    X(FSLT, 2, vi8_as_vf8(vf8_lt(x, y)))                                                   \
    X(FSGE, 2, vi8_as_vf8(vf8_ge(x, y)))                                                   \
    X(FSEQ, 2, vi8_as_vf8(vf8_eq(x, y)))                                                   \
    X(FSNE, 2, vi8_as_vf8(vf8_neq(x, y)))                                                  \
    X(UCMP, 3, vf8_select(vi8_eq(vf8_as_vi8(x), vi8_zero()), y, z))                        \
    X(AND, 2, vf8_and(x, y))                                                               \
    X(OR, 2, vf8_or(x, y))                                                                 \
    X(XOR, 2, vf8_xor(x, y))                                                               \
    X(UADD, 2, vi8_as_vf8(vi8_add(vf8_as_vi8(x), vf8_as_vi8(y))))                          \
    X(FLR, 1, vf8_floor(x))                                                                \
    X(FRC, 1, vf8_sub(x, vf8_floor(x)))                                                    \
    X(I2F, 1, vi8_to_vf8(vf8_as_vi8(x)))                                                   \
    X(DIV, 2, vf8_div(x, y))                                                               \
    X(SGT, 2, jit_bool_f(vf8_gt(x, y)))                                                    \
    X(SLE, 2, jit_bool_f(vf8_le(x, y)))                                                    \
    X(SEQ, 2, jit_bool_f(vf8_eq(x, y)))                                                    \
    X(SNE, 2, jit_bool_f(vf8_neq(x, y)))                                                   \
    X(SSG, 1, vf8_select(vf8_lt(x, vf8_zero()), jit_bool_f(vf8_gt(x, vf8_zero())),         \
                         vf8_set1(-1.0f)))                                                 \
    X(UARL, 1, x)                                                                          \
    X(UMUL, 2, vi8_as_vf8(vi8_mullo(vf8_as_vi8(x), vf8_as_vi8(y))))                        \
    X(SHL, 2, vi8_as_vf8(vi8_sllv(vf8_as_vi8(x), vi8_and(vf8_as_vi8(y), vi8_set1(31)))))   \
    X(ISHR, 2, vi8_as_vf8(vi8_srav(vf8_as_vi8(x), vi8_and(vf8_as_vi8(y), vi8_set1(31)))))  \
    X(USHR, 2, vi8_as_vf8(vi8_srlv(vf8_as_vi8(x), vi8_and(vf8_as_vi8(y), vi8_set1(31)))))  \
    X(ISLT, 2, vi8_as_vf8(vi8_lt(vf8_as_vi8(x), vf8_as_vi8(y))))                           \
    X(ISGE, 2, vi8_as_vf8(vi8_not(vi8_lt(vf8_as_vi8(x), vf8_as_vi8(y)))))                  \
    X(USLT, 2, vi8_as_vf8(vi8_gtu(vf8_as_vi8(y), vf8_as_vi8(x))))                          \
    X(USGE, 2, vi8_as_vf8(vi8_not(vi8_gtu(vf8_as_vi8(y), vf8_as_vi8(x)))))                 \
    X(USEQ, 2, vi8_as_vf8(vi8_eq(vf8_as_vi8(x), vf8_as_vi8(y))))                           \
    X(USNE, 2, vi8_as_vf8(vi8_not(vi8_eq(vf8_as_vi8(x), vf8_as_vi8(y)))))

/* Replicating opcodes: X(name, source channels read, result from a[], b[]). */
#define JIT_FAST_REP_OPS(X)                                                                \
    X(DP2, 2, vf8_add(vf8_mul(a[0], b[0]), vf8_mul(a[1], b[1])))                           \
    X(DP3, 3, vf8_add(vf8_add(vf8_mul(a[0], b[0]), vf8_mul(a[1], b[1])), vf8_mul(a[2], b[2]))) \
    X(DP4, 4,                                                                              \
      vf8_add(vf8_add(vf8_add(vf8_mul(a[0], b[0]), vf8_mul(a[1], b[1])), vf8_mul(a[2], b[2])), \
              vf8_mul(a[3], b[3])))                                                        \
    X(RCP, 1, vf8_div(jit_one8(), a[0]))                                                   \
    X(RSQ, 1, vf8_div(jit_one8(), vf8_sqrt(a[0])))                                         \
    X(SQRT, 1, vf8_sqrt(a[0]))                                                             \
    X(EX2, 1, tgsi_exp2_v8(a[0]))                                                           \
    X(LG2, 1, tgsi_log2_v8(a[0]))

enum {
    JF_GENERIC,
    JF_END,
#define JF_ENUM_CW(name, ns, expr) JF_##name##4, JF_##name##_1, JF_##name##_2, JF_##name##_3, JF_##name##_4,
#define JF_ENUM_REP(name, nc, expr) JF_##name##_1, JF_##name##_2, JF_##name##_3, JF_##name##_4,
    JIT_FAST_CW_OPS(JF_ENUM_CW) JIT_FAST_REP_OPS(JF_ENUM_REP)
#undef JF_ENUM_CW
#undef JF_ENUM_REP
    JF_COUNT
};

/* Float source modifiers as masks: v = (v & and) ^ xor, by mod bits
 * (bit 0 abs, bit 1 negate; exec contract 9). */
static const _Alignas(32) uint32_t mod_masks[4][2][8] = {
#define JF_SPLAT(v) {v, v, v, v, v, v, v, v}
    {JF_SPLAT(0xffffffffu), JF_SPLAT(0u)},
    {JF_SPLAT(0x7fffffffu), JF_SPLAT(0u)},
    {JF_SPLAT(0xffffffffu), JF_SPLAT(0x80000000u)},
    {JF_SPLAT(0x7fffffffu), JF_SPLAT(0x80000000u)},
#undef JF_SPLAT
};

/* ---- building ------------------------------------------------------------ */

typedef struct jf_shape {
    unsigned opcode, kind4, kind, nsrc; /* nsrc: sources, or channels for rep;
                                         * kind: the one-component form, the
                                         * n-component form is kind + n - 1 */
    bool rep;
} jf_shape;

static bool shape_of(unsigned opcode, jf_shape *sh)
{
    switch (opcode) {
#define JF_CASE_CW(name, ns, expr)                                                         \
    case TGSI_OPCODE_##name: *sh = (jf_shape){opcode, JF_##name##4, JF_##name##_1, ns, false}; return true;
#define JF_CASE_REP(name, nc, expr)                                                        \
    case TGSI_OPCODE_##name: *sh = (jf_shape){opcode, JF_##name##_1, JF_##name##_1, nc, true}; return true;
        JIT_FAST_CW_OPS(JF_CASE_CW)
        JIT_FAST_REP_OPS(JF_CASE_REP)
#undef JF_CASE_CW
#undef JF_CASE_REP
    default: return false;
    }
}

/* The fast kind of `op` (filling f), or JF_GENERIC. */
static unsigned pick(const struct jit_interp_prog *ip, const jit_op *op, jit_fop *f)
{
    jf_shape sh;
    if (op->opcode == TGSI_OPCODE_END)
        return JF_END;
    if (!shape_of(op->opcode, &sh))
        return JF_GENERIC;
    /* exec contract 10: the MUL_ZERO_WINS products stay with the handlers */
    if (ip->mzw && (op->opcode == TGSI_OPCODE_MUL || op->opcode == TGSI_OPCODE_MAD ||
                    op->opcode == TGSI_OPCODE_DP2 || op->opcode == TGSI_OPCODE_DP3 ||
                    op->opcode == TGSI_OPCODE_DP4))
        return JF_GENERIC;
    const jit_dst *d = &op->dst;
    if (d->kind != JIT_DST_REG || d->base != JIT_BASE_REG || d->ps_out || !op->wmask)
        return JF_GENERIC;
    unsigned nsrc = sh.rep ? (op->opcode == TGSI_OPCODE_DP2 || op->opcode == TGSI_OPCODE_DP3 ||
                                      op->opcode == TGSI_OPCODE_DP4
                                  ? 2u
                                  : 1u)
                           : sh.nsrc;
    bool plain = !op->sat && op->wmask == 0xf;
    for (unsigned k = 0; k < nsrc; k++) {
        const jit_src *s = &op->src[k];
        if (k >= op->num_src || s->kind != JIT_SRC_REG || s->base != JIT_BASE_REG ||
            (s->mod & (JIT_MOD_INT | JIT_MOD_UINT)))
            return JF_GENERIC;
        f->mod[k] = (uint8_t)(((s->mod & JIT_MOD_ABS) ? 1u : 0u) | ((s->mod & JIT_MOD_NEG) ? 2u : 0u));
        plain = plain && !f->mod[k];
        for (unsigned c = 0; c < 4; c++)
            plain = plain && s->swz[c] == c;
    }
    f->sat = op->sat;
    f->n = 0;
    for (unsigned c = 0; c < 4; c++) {
        if (!(op->wmask & (1u << c)))
            continue;
        unsigned i = f->n++;
        f->d[i] = (d->off + c * 8) * (uint32_t)sizeof(float);
        if (!sh.rep)
            for (unsigned k = 0; k < nsrc; k++)
                f->s[k][i] = (op->src[k].off + op->src[k].swz[c] * 8u) * (uint32_t)sizeof(float);
    }
    if (sh.rep) {
        for (unsigned k = 0; k < nsrc; k++)
            for (unsigned c = 0; c < 4; c++)
                f->s[k][c] = (op->src[k].off + op->src[k].swz[c] * 8u) * (uint32_t)sizeof(float);
        return sh.kind + f->n - 1;
    }
    if (plain)
        return sh.kind4;
    /* the n-component forms compute the last component first: component
     * j's store must not feed the read of an earlier component i */
    for (unsigned i = 0; i < f->n; i++)
        for (unsigned j = i + 1; j < f->n; j++)
            for (unsigned k = 0; k < nsrc; k++)
                if (f->s[k][i] == f->d[j])
                    return JF_GENERIC;
    return sh.kind + f->n - 1;
}

bool jit_fast_build(struct jit_interp_prog *ip)
{
    ip->fops = calloc(ip->num_ops + 1, sizeof(jit_fop));
    if (!ip->fops)
        return false;
    for (uint32_t i = 0; i < ip->num_ops; i++)
        ip->fops[i].kind = (uint8_t)pick(ip, &ip->ops[i], &ip->fops[i]);
    return true;
}

/* ---- running ------------------------------------------------------------- */

static inline __attribute__((always_inline)) vf8 ld(const char *R, uint32_t off)
{
    return vf8_load_aligned((const float *)(const void *)(R + off));
}

static inline __attribute__((always_inline)) void st(char *R, uint32_t off, vf8 v)
{
    vf8_store_aligned((float *)(void *)(R + off), v);
}

static inline __attribute__((always_inline)) vf8 ld_mod(const char *R, uint32_t off, unsigned m)
{
    /* without a branch: m = 0 is the identity mask pair, and a branch
     * shared by every op of a kind mispredicts as m changes */
    return vf8_xor(vf8_and(ld(R, off), vf8_load_aligned((const float *)mod_masks[m][0])),
                   vf8_load_aligned((const float *)mod_masks[m][1]));
}

/* GCC's global CSE hoists the kinds' constants (masks, 1.0, 31) into the
 * one dispatch block it merges the computed gotos into, so every
 * instruction would pay for all of them; its manual advises -fno-gcse for
 * computed-goto interpreters. */
#if defined(__GNUC__) && !defined(__clang__)
#define JF_DISPATCH_OPT __attribute__((optimize("no-gcse")))
#else
#define JF_DISPATCH_OPT
#endif

JF_DISPATCH_OPT void jit_fast_run(jit_ctx *ctx)
{
    static const void *const fast_tab[JF_COUNT] = {
        [JF_GENERIC] = &&generic,
        [JF_END] = &&end,
#define JF_TAB_CW(name, ns, expr)                                                          \
    [JF_##name##4] = &&k_##name##4, [JF_##name##_1] = &&k_##name##_1,                      \
    [JF_##name##_2] = &&k_##name##_2, [JF_##name##_3] = &&k_##name##_3,                   \
    [JF_##name##_4] = &&k_##name##_4,
#define JF_TAB_REP(name, nc, expr)                                                         \
    [JF_##name##_1] = &&k_##name##_1, [JF_##name##_2] = &&k_##name##_2,                    \
    [JF_##name##_3] = &&k_##name##_3, [JF_##name##_4] = &&k_##name##_4,
        JIT_FAST_CW_OPS(JF_TAB_CW) JIT_FAST_REP_OPS(JF_TAB_REP)
#undef JF_TAB_CW
#undef JF_TAB_REP
    };
    static const void *const slow_tab[JF_COUNT] = {
#define JF_SLOW_CW(name, ns, expr)                                                         \
    [JF_##name##4] = &&generic, [JF_##name##_1] = &&generic, [JF_##name##_2] = &&generic,  \
    [JF_##name##_3] = &&generic, [JF_##name##_4] = &&generic,
#define JF_SLOW_REP(name, nc, expr)                                                        \
    [JF_##name##_1] = &&generic, [JF_##name##_2] = &&generic, [JF_##name##_3] = &&generic, \
    [JF_##name##_4] = &&generic,
        [JF_GENERIC] = &&generic, [JF_END] = &&end, JIT_FAST_CW_OPS(JF_SLOW_CW) JIT_FAST_REP_OPS(JF_SLOW_REP)
#undef JF_SLOW_CW
#undef JF_SLOW_REP
    };
    const struct jit_interp_prog *ip = ctx->ip;
    const jit_op *ops = ip->ops;
    const jit_fop *fops = ip->fops;
    char *R = (char *)ctx->base[JIT_BASE_REG];
    const void *const *tab = ctx->fast ? fast_tab : slow_tab;
    uint32_t pc = 0;
    const jit_fop *f;

#define JF_NEXT()                                                                          \
    do {                                                                                   \
        pc++;                                                                              \
        goto *tab[fops[pc].kind];                                                          \
    } while (0)

    goto *tab[fops[pc].kind];

generic:
    pc = ops[pc].fn(ctx, &ops[pc], pc);
    if (pc == JIT_PC_STOP)
        return;
    tab = ctx->fast ? fast_tab : slow_tab;
    goto *tab[fops[pc].kind];

end:
    return;

/* One component of a component-wise kind, and the n-component forms
 * (n fixed per label: no loop or modifier branch whose outcome changes
 * from op to op). */
#define JF_CW_COMP(ns, expr, i)                                                            \
    {                                                                                      \
        vf8 x = ld_mod(R, f->s[0][i], f->mod[0]);                                          \
        vf8 y = ns > 1 ? ld_mod(R, f->s[ns > 1][i], f->mod[ns > 1]) : x;                   \
        vf8 z = ns > 2 ? ld_mod(R, f->s[ns > 2 ? 2 : 0][i], f->mod[ns > 2 ? 2 : 0]) : x;   \
        (void)y;                                                                           \
        (void)z;                                                                           \
        vf8 r = (expr);                                                                    \
        st(R, f->d[i], f->sat ? jit_saturate(r) : r);                                      \
    }
#define JF_BODY_CW(name, ns, expr)                                                         \
    k_##name##4 : f = &fops[pc];                                                           \
    {                                                                                      \
        const char *pa = R + f->s[0][0], *pb = R + f->s[ns > 1][0],                        \
                   *pz = R + f->s[ns > 2 ? 2 : 0][0];                                      \
        char *pd = R + f->d[0];                                                            \
        (void)pb;                                                                          \
        (void)pz;                                                                          \
        for (uint32_t c = 0; c < 4; c++) {                                                 \
            vf8 x = ld(pa, c * 32), y = ns > 1 ? ld(pb, c * 32) : x,                       \
                z = ns > 2 ? ld(pz, c * 32) : x;                                           \
            (void)y;                                                                       \
            (void)z;                                                                       \
            st(pd, c * 32, (expr));                                                        \
        }                                                                                  \
    }                                                                                      \
    JF_NEXT();                                                                             \
    k_##name##_4 : f = &fops[pc];                                                          \
    JF_CW_COMP(ns, expr, 3)                                                                \
    k_##name##_3 : f = &fops[pc];                                                          \
    JF_CW_COMP(ns, expr, 2)                                                                \
    k_##name##_2 : f = &fops[pc];                                                          \
    JF_CW_COMP(ns, expr, 1)                                                                \
    k_##name##_1 : f = &fops[pc];                                                          \
    JF_CW_COMP(ns, expr, 0)                                                                \
    JF_NEXT();
    JIT_FAST_CW_OPS(JF_BODY_CW)
#undef JF_BODY_CW
#undef JF_CW_COMP

#define JF_REP_N(name, nc, expr, n)                                                        \
    k_##name##_##n : f = &fops[pc];                                                        \
    {                                                                                      \
        vf8 a[4], b[4];                                                                    \
        for (unsigned c = 0; c < nc; c++) {                                                \
            a[c] = ld_mod(R, f->s[0][c], f->mod[0]);                                       \
            b[c] = nc > 1 ? ld_mod(R, f->s[1][c], f->mod[1]) : a[c];                       \
        }                                                                                  \
        (void)b;                                                                           \
        vf8 v = (expr);                                                                    \
        if (f->sat)                                                                        \
            v = jit_saturate(v);                                                           \
        for (uint32_t i = 0; i < n; i++)                                                   \
            st(R, f->d[i], v);                                                             \
    }                                                                                      \
    JF_NEXT();
#define JF_BODY_REP(name, nc, expr)                                                        \
    JF_REP_N(name, nc, expr, 1)                                                            \
    JF_REP_N(name, nc, expr, 2) JF_REP_N(name, nc, expr, 3) JF_REP_N(name, nc, expr, 4)
    JIT_FAST_REP_OPS(JF_BODY_REP)
#undef JF_BODY_REP
#undef JF_REP_N
#undef JF_NEXT
}
