/*
 * jit_interp_alu.c: the interpreter's handlers of the arithmetic, integer,
 * bitwise, packing and derivative opcodes (TGSI Core / Integer / Bitwise
 * ISA), 8 lanes at a time.
 *
 * Each handler fetches only the components it needs (the write mask for
 * component-wise opcodes, .x for the replicating ones), computes, and
 * stores under the write mask and the execution mask (jit_store). Where
 * tgsi.rst leaves a result open the choice is the execution contract's
 * (tgsi/exec_contract.md, cited as "exec contract N"), which the scalar
 * reference executor (tgsi/tgsi_ref.c) follows too; results must match it
 * bit for bit. Opcodes with no
 * AVX2 instruction (integer division, bit counts, ldexp) run a plain loop
 * over the lanes.
 *
 * Called from jit_interp.c's run loop on any thread; no state but the
 * per-call jit_ctx.
 */
#include <math.h>
#include <string.h>

#include "jitter/jit_interp_priv.h"
#include "tgsi/tgsi_math.h"

#define H(name) static uint32_t h_##name(jit_ctx *ctx, const jit_op *op, uint32_t pc)

/* Component-wise opcodes: x (y, z, w) are the sources' component c. */
#define CW1(name, expr)                                                                    \
    H(name)                                                                                \
    {                                                                                      \
        vf8 a[4], r[4];                                                                    \
        unsigned wm = op->wmask;                                                           \
        jit_fetch(ctx, &op->src[0], wm, a);                                                \
        for (int c = 0; c < 4; c++)                                                        \
            if (wm & (1u << c)) {                                                          \
                vf8 x = a[c];                                                              \
                r[c] = (expr);                                                             \
            }                                                                              \
        jit_store(ctx, op, r);                                                             \
        return pc + 1;                                                                     \
    }
#define CW2(name, expr)                                                                    \
    H(name)                                                                                \
    {                                                                                      \
        vf8 a[4], b[4], r[4];                                                              \
        unsigned wm = op->wmask;                                                           \
        jit_fetch(ctx, &op->src[0], wm, a);                                                \
        jit_fetch(ctx, &op->src[1], wm, b);                                                \
        for (int c = 0; c < 4; c++)                                                        \
            if (wm & (1u << c)) {                                                          \
                vf8 x = a[c], y = b[c];                                                    \
                r[c] = (expr);                                                             \
            }                                                                              \
        jit_store(ctx, op, r);                                                             \
        return pc + 1;                                                                     \
    }
#define CW3(name, expr)                                                                    \
    H(name)                                                                                \
    {                                                                                      \
        vf8 a[4], b[4], d[4], r[4];                                                        \
        unsigned wm = op->wmask;                                                           \
        jit_fetch(ctx, &op->src[0], wm, a);                                                \
        jit_fetch(ctx, &op->src[1], wm, b);                                                \
        jit_fetch(ctx, &op->src[2], wm, d);                                                \
        for (int c = 0; c < 4; c++)                                                        \
            if (wm & (1u << c)) {                                                          \
                vf8 x = a[c], y = b[c], z = d[c];                                          \
                r[c] = (expr);                                                             \
            }                                                                              \
        jit_store(ctx, op, r);                                                             \
        return pc + 1;                                                                     \
    }
/* Integer form: X, Y are the vi8 views. */
#define CW2I(name, expr)                                                                   \
    static inline vi8 int2_##name(vi8 X, vi8 Y) { return (expr); }                         \
    CW2(name, vi8_as_vf8(int2_##name(vf8_as_vi8(x), vf8_as_vi8(y))))

/* Replicating opcodes: one value from src .x (and src1 .x), written to every
 * enabled component. */
#define REP1(name, expr)                                                                   \
    H(name)                                                                                \
    {                                                                                      \
        vf8 x = jit_fetch1(ctx, &op->src[0], 0);                                           \
        vf8 v = (expr);                                                                    \
        vf8 r[4] = {v, v, v, v};                                                           \
        jit_store(ctx, op, r);                                                             \
        return pc + 1;                                                                     \
    }

/* Per-lane scalar loops for what AVX2 cannot do: `fn` maps uint32 lanes. */
typedef uint32_t (*lane1_fn)(uint32_t a);
typedef uint32_t (*lane2_fn)(uint32_t a, uint32_t b);
typedef uint32_t (*lane3_fn)(uint32_t a, uint32_t b, uint32_t c);

static vf8 lanes1(vf8 a, lane1_fn fn)
{
    uint32_t x[8], r[8];
    vi8_store(x, vf8_as_vi8(a));
    for (int l = 0; l < 8; l++)
        r[l] = fn(x[l]);
    return vi8_as_vf8(vi8_load(r));
}

static vf8 lanes2(vf8 a, vf8 b, lane2_fn fn)
{
    uint32_t x[8], y[8], r[8];
    vi8_store(x, vf8_as_vi8(a));
    vi8_store(y, vf8_as_vi8(b));
    for (int l = 0; l < 8; l++)
        r[l] = fn(x[l], y[l]);
    return vi8_as_vf8(vi8_load(r));
}

static vf8 lanes3(vf8 a, vf8 b, vf8 c, lane3_fn fn)
{
    uint32_t x[8], y[8], z[8], r[8];
    vi8_store(x, vf8_as_vi8(a));
    vi8_store(y, vf8_as_vi8(b));
    vi8_store(z, vf8_as_vi8(c));
    for (int l = 0; l < 8; l++)
        r[l] = fn(x[l], y[l], z[l]);
    return vi8_as_vf8(vi8_load(r));
}

/* ---- float helpers ------------------------------------------------------- */

static inline vf8 frc(vf8 x) { return vf8_sub(x, vf8_floor(x)); }

/* exec contract 1: (x > 0) ? 1 : (x < 0) ? -1 : 0, NaN -> 0. */
static inline vf8 ssg(vf8 x)
{
    vf8 r = jit_bool_f(vf8_gt(x, vf8_zero()));
    return vf8_select(vf8_lt(x, vf8_zero()), r, vf8_set1(-1.0f));
}

/* exec contract 5: F2I truncates; NaN -> 0, >= 2^31 -> INT32_MAX,
 * < -2^31 -> INT32_MIN (cvtt already gives INT32_MIN there). */
static inline vi8 f2i(vf8 x)
{
    vi8 r = vf8_to_vi8_trunc(x);
    r = vi8_select(vf8_ge(x, vf8_set1(0x1p31f)), r, vi8_set1(INT32_MAX));
    return vi8_select(vf8_isnan(x), r, vi8_zero());
}

/* exec contract 5: F2U truncates; NaN and negatives -> 0, >= 2^32 -> max. */
static inline vi8 f2u(vf8 x)
{
    vi8 lo = vf8_to_vi8_trunc(x);
    vi8 hi = vi8_xor(vf8_to_vi8_trunc(vf8_sub(x, vf8_set1(0x1p31f))), vi8_set1(INT32_MIN));
    vi8 r = vi8_select(vf8_ge(x, vf8_set1(0x1p31f)), lo, hi);
    r = vi8_select(vf8_ge(x, vf8_set1(0x1p32f)), r, vi8_ones());
    return vi8_select(vf8_gt(x, vf8_zero()), vi8_zero(), r);
}

/* ---- core float opcodes -------------------------------------------------- */

H(mov)
{
    vf8 a[4];
    jit_fetch(ctx, &op->src[0], op->wmask, a);
    jit_store(ctx, op, a);
    return pc + 1;
}

CW2(add, vf8_add(x, y))
CW2(mul, vf8_mul(x, y))
CW2(mul_zw, jit_mul_zw(x, y))
CW3(mad, vf8_add(vf8_mul(x, y), z))
CW3(mad_zw, vf8_add(jit_mul_zw(x, y), z))
CW3(fma, vf8_fma(x, y, z))
CW3(lrp, vf8_add(vf8_mul(x, y), vf8_mul(vf8_sub(jit_one8(), x), z)))
CW3(cmp, vf8_select(vf8_lt(x, vf8_zero()), z, y))
CW2(div, vf8_div(x, y))
CW2(min, jit_min_c(x, y))
CW2(max, jit_max_c(x, y))
CW2(slt, jit_bool_f(vf8_lt(x, y)))
CW2(sge, jit_bool_f(vf8_ge(x, y)))
CW2(sgt, jit_bool_f(vf8_gt(x, y)))
CW2(sle, jit_bool_f(vf8_le(x, y)))
CW2(seq, jit_bool_f(vf8_eq(x, y)))
CW2(sne, jit_bool_f(vf8_neq(x, y)))
CW1(frc, frc(x))
CW1(flr, vf8_floor(x))
CW1(ceil, vf8_ceil(x))
CW1(trunc, vf8_trunc(x))
CW1(round, vf8_round_even(x))
CW1(ssg, ssg(x))
CW1(arl, vi8_as_vf8(f2i(vf8_floor(x))))
CW1(arr, vi8_as_vf8(f2i(vf8_round_even(x))))
CW1(f2i, vi8_as_vf8(f2i(x)))
CW1(f2u, vi8_as_vf8(f2u(x)))
CW1(i2f, vi8_to_vf8(vf8_as_vi8(x)))
CW1(u2f, vu8_to_vf8(vf8_as_vi8(x)))
REP1(rcp, vf8_div(jit_one8(), x))
REP1(rsq, vf8_div(jit_one8(), vf8_sqrt(x)))
REP1(sqrt, vf8_sqrt(x))
REP1(ex2, tgsi_exp2_v8(x))
REP1(lg2, tgsi_log2_v8(x))
REP1(sin, tgsi_sin_v8(x))
REP1(cos, tgsi_cos_v8(x))

static float ldexp_lane(float x, int32_t n)
{
    /* ldexpf rounds once; clamp n so the int stays sane (anything past
     * +-300 already gives 0 or inf for every float x). */
    n = n > 300 ? 300 : n < -300 ? -300 : n;
    return ldexpf(x, n);
}

H(ldexp)
{
    vf8 a[4], b[4], r[4];
    unsigned wm = op->wmask;
    jit_fetch(ctx, &op->src[0], wm, a);
    jit_fetch(ctx, &op->src[1], wm, b);
    for (int c = 0; c < 4; c++) {
        if (!(wm & (1u << c)))
            continue;
        float x[8];
        int32_t n[8];
        vf8_store(x, a[c]);
        vi8_store(n, vf8_as_vi8(b[c]));
        for (int l = 0; l < 8; l++)
            x[l] = ldexp_lane(x[l], n[l]);
        r[c] = vf8_load(x);
    }
    jit_store(ctx, op, r);
    return pc + 1;
}

H(pow)
{
    vf8 x = jit_fetch1(ctx, &op->src[0], 0);
    vf8 y = jit_fetch1(ctx, &op->src[1], 0);
    vf8 v = ctx->mzw ? tgsi_pow_mzw_v8(x, y) : tgsi_pow_v8(x, y);
    vf8 r[4] = {v, v, v, v};
    jit_store(ctx, op, r);
    return pc + 1;
}

/* DP2/DP3/DP4, left to right (exec contract 1), products per contract 10. */
static uint32_t dp(jit_ctx *ctx, const jit_op *op, uint32_t pc, unsigned n)
{
    vf8 a[4], b[4];
    unsigned need = (1u << n) - 1;
    jit_fetch(ctx, &op->src[0], need, a);
    jit_fetch(ctx, &op->src[1], need, b);
    vf8 v = jit_mul_m(ctx, a[0], b[0]);
    for (unsigned c = 1; c < n; c++)
        v = vf8_add(v, jit_mul_m(ctx, a[c], b[c]));
    vf8 r[4] = {v, v, v, v};
    jit_store(ctx, op, r);
    return pc + 1;
}

H(dp2) { return dp(ctx, op, pc, 2); }
H(dp3) { return dp(ctx, op, pc, 3); }
H(dp4) { return dp(ctx, op, pc, 4); }

H(dst)
{
    vf8 a[4], b[4];
    jit_fetch(ctx, &op->src[0], 0x6, a);
    jit_fetch(ctx, &op->src[1], 0xa, b);
    vf8 r[4] = {jit_one8(), vf8_mul(a[1], b[1]), a[2], b[3]};
    jit_store(ctx, op, r);
    return pc + 1;
}

/* LIT: y = max(x, 0); z = x > 0 ? pow(max(y, 0), clamp(w, -128, 128)) : 0,
 * max with the contract-3 rules, clamp as tgsi.rst defines it
 * ((x < lo) ? lo : (x > hi) ? hi : x, so NaN passes), and tgsi_math.h's pow
 * (the plain form: contract 10 names the POW opcode only). */
H(lit)
{
    vf8 a[4];
    jit_fetch(ctx, &op->src[0], 0xb, a);
    vf8 y = jit_max_c(a[0], vf8_zero());
    vf8 base = jit_max_c(a[1], vf8_zero());
    vf8 e = vf8_select(vf8_gt(a[3], vf8_set1(128.0f)), a[3], vf8_set1(128.0f));
    e = vf8_select(vf8_lt(a[3], vf8_set1(-128.0f)), e, vf8_set1(-128.0f));
    vf8 p = tgsi_pow_v8(base, e);
    vf8 z = vf8_select(vf8_gt(a[0], vf8_zero()), vf8_zero(), p);
    vf8 r[4] = {jit_one8(), y, z, jit_one8()};
    jit_store(ctx, op, r);
    return pc + 1;
}

/* EXP: (2^floor(x), x - floor(x), 2^x, 1). */
H(exp)
{
    vf8 x = jit_fetch1(ctx, &op->src[0], 0);
    vf8 fl = vf8_floor(x);
    vf8 r[4] = {tgsi_exp2_v8(fl), vf8_sub(x, fl), tgsi_exp2_v8(x), jit_one8()};
    jit_store(ctx, op, r);
    return pc + 1;
}

/* LOG: l = log2|x|: (floor(l), |x| / 2^floor(l), l, 1) as the spec writes. */
H(log)
{
    vf8 ax = vf8_abs(jit_fetch1(ctx, &op->src[0], 0));
    vf8 l = tgsi_log2_v8(ax);
    vf8 fl = vf8_floor(l);
    vf8 r[4] = {fl, vf8_div(ax, tgsi_exp2_v8(fl)), l, jit_one8()};
    jit_store(ctx, op, r);
    return pc + 1;
}

/* ---- derivatives (exec contract 18) -------------------------------------- */

static inline vf8 permute_f(vf8 v, vi8 idx) { return vi8_as_vf8(vi8_permute(vf8_as_vi8(v), idx)); }

vf8 jit_ddx_coarse(vf8 v)
{
    return vf8_sub(permute_f(v, vi8_set(1, 1, 1, 1, 5, 5, 5, 5)),
                   permute_f(v, vi8_set(0, 0, 0, 0, 4, 4, 4, 4)));
}

vf8 jit_ddy_coarse(vf8 v)
{
    return vf8_sub(permute_f(v, vi8_set(2, 2, 2, 2, 6, 6, 6, 6)),
                   permute_f(v, vi8_set(0, 0, 0, 0, 4, 4, 4, 4)));
}

static inline vf8 ddx_fine(vf8 v)
{
    return vf8_sub(permute_f(v, vi8_set(1, 1, 3, 3, 5, 5, 7, 7)),
                   permute_f(v, vi8_set(0, 0, 2, 2, 4, 4, 6, 6)));
}

static inline vf8 ddy_fine(vf8 v)
{
    return vf8_sub(permute_f(v, vi8_set(2, 3, 2, 3, 6, 7, 6, 7)),
                   permute_f(v, vi8_set(0, 1, 0, 1, 4, 5, 4, 5)));
}

/* In a VS there are no quads: derivatives are 0. */
CW1(ddx, ctx->is_ps ? jit_ddx_coarse(x) : vf8_zero())
CW1(ddy, ctx->is_ps ? jit_ddy_coarse(x) : vf8_zero())
CW1(ddx_fine, ctx->is_ps ? ddx_fine(x) : vf8_zero())
CW1(ddy_fine, ctx->is_ps ? ddy_fine(x) : vf8_zero())

/* ---- integer opcodes ----------------------------------------------------- */

#define I2(name, expr) CW2I(name, expr)
I2(uadd, vi8_add(X, Y))
I2(umul, vi8_mullo(X, Y))
I2(and, vi8_and(X, Y))
I2(or, vi8_or(X, Y))
I2(xor, vi8_xor(X, Y))
I2(imax, vi8_max(X, Y))
I2(umax, vi8_maxu(X, Y))
I2(imin, vi8_min(X, Y))
I2(umin, vi8_minu(X, Y))
/* exec contract 7: shift counts & 31 */
I2(shl, vi8_sllv(X, vi8_and(Y, vi8_set1(31))))
I2(ishr, vi8_srav(X, vi8_and(Y, vi8_set1(31))))
I2(ushr, vi8_srlv(X, vi8_and(Y, vi8_set1(31))))
I2(islt, vi8_lt(X, Y))
I2(isge, vi8_not(vi8_lt(X, Y)))
I2(uslt, vi8_gtu(Y, X))
I2(usge, vi8_not(vi8_gtu(Y, X)))
I2(useq, vi8_eq(X, Y))
I2(usne, vi8_not(vi8_eq(X, Y)))
/* exec contract 4: ordered, except FSNE */
CW2(fslt, vi8_as_vf8(vf8_lt(x, y)))
CW2(fsge, vi8_as_vf8(vf8_ge(x, y)))
CW2(fseq, vi8_as_vf8(vf8_eq(x, y)))
CW2(fsne, vi8_as_vf8(vf8_neq(x, y)))
CW3(umad, vi8_as_vf8(vi8_add(vi8_mullo(vf8_as_vi8(x), vf8_as_vi8(y)), vf8_as_vi8(z))))
CW3(ucmp, vf8_select(vi8_eq(vf8_as_vi8(x), vi8_zero()), y, z))
CW1(not, vi8_as_vf8(vi8_not(vf8_as_vi8(x))))
CW1(ineg, vi8_as_vf8(vi8_sub(vi8_zero(), vf8_as_vi8(x))))
CW1(iabs, vi8_as_vf8(vi8_select(vi8_lt(vf8_as_vi8(x), vi8_zero()), vf8_as_vi8(x),
                                vi8_sub(vi8_zero(), vf8_as_vi8(x)))))
CW1(issg, vi8_as_vf8(vi8_add(vi8_sub(vi8_zero(), vi8_gt(vf8_as_vi8(x), vi8_zero())),
                             vi8_lt(vf8_as_vi8(x), vi8_zero()))))
CW1(uarl, x)

static uint32_t l_imul_hi(uint32_t a, uint32_t b)
{
    return (uint32_t)(uint64_t)(((int64_t)(int32_t)a * (int64_t)(int32_t)b) >> 32);
}
static uint32_t l_umul_hi(uint32_t a, uint32_t b)
{
    return (uint32_t)(((uint64_t)a * b) >> 32);
}
/* exec contract 6 */
static uint32_t l_idiv(uint32_t a, uint32_t b)
{
    int32_t x = (int32_t)a, y = (int32_t)b;
    if (y == 0)
        return 0xffffffffu;
    if (x == INT32_MIN && y == -1)
        return (uint32_t)INT32_MIN;
    return (uint32_t)(x / y);
}
static uint32_t l_mod(uint32_t a, uint32_t b)
{
    int32_t x = (int32_t)a, y = (int32_t)b;
    if (y == 0)
        return 0xffffffffu;
    if (x == INT32_MIN && y == -1)
        return 0;
    return (uint32_t)(x % y);
}
static uint32_t l_udiv(uint32_t a, uint32_t b) { return b ? a / b : 0xffffffffu; }
static uint32_t l_umod(uint32_t a, uint32_t b) { return b ? a % b : 0xffffffffu; }
/* exec contract 7 */
static uint32_t l_ibfe(uint32_t v, uint32_t off, uint32_t bits)
{
    if (bits == 0 || (uint64_t)off + bits > 32)
        return 0;
    return (uint32_t)((int32_t)(v << (32 - off - bits)) >> (32 - bits));
}
static uint32_t l_ubfe(uint32_t v, uint32_t off, uint32_t bits)
{
    if (bits == 0 || (uint64_t)off + bits > 32)
        return 0;
    return (v << (32 - off - bits)) >> (32 - bits);
}
static uint32_t l_brev(uint32_t v)
{
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
    return (v >> 16) | (v << 16);
}
static uint32_t l_popc(uint32_t v) { return (uint32_t)__builtin_popcount(v); }
static uint32_t l_lsb(uint32_t v) { return v ? (uint32_t)__builtin_ctz(v) : 0xffffffffu; }
static uint32_t l_umsb(uint32_t v) { return v ? 31u - (uint32_t)__builtin_clz(v) : 0xffffffffu; }
static uint32_t l_imsb(uint32_t v) { return l_umsb((int32_t)v < 0 ? ~v : v); }

CW2(imul_hi, lanes2(x, y, l_imul_hi))
CW2(umul_hi, lanes2(x, y, l_umul_hi))
CW2(idiv, lanes2(x, y, l_idiv))
CW2(mod, lanes2(x, y, l_mod))
CW2(udiv, lanes2(x, y, l_udiv))
CW2(umod, lanes2(x, y, l_umod))
CW3(ibfe, lanes3(x, y, z, l_ibfe))
CW3(ubfe, lanes3(x, y, z, l_ubfe))
CW1(brev, lanes1(x, l_brev))
CW1(popc, lanes1(x, l_popc))
CW1(lsb, lanes1(x, l_lsb))
CW1(imsb, lanes1(x, l_imsb))
CW1(umsb, lanes1(x, l_umsb))

/* BFI(base, insert, offset, bits), exec contract 7. */
H(bfi)
{
    vf8 s[4][4], r[4];
    unsigned wm = op->wmask;
    for (int i = 0; i < 4; i++)
        jit_fetch(ctx, &op->src[i], wm, s[i]);
    for (int c = 0; c < 4; c++) {
        if (!(wm & (1u << c)))
            continue;
        uint32_t base[8], ins[8], off[8], bits[8];
        vi8_store(base, vf8_as_vi8(s[0][c]));
        vi8_store(ins, vf8_as_vi8(s[1][c]));
        vi8_store(off, vf8_as_vi8(s[2][c]));
        vi8_store(bits, vf8_as_vi8(s[3][c]));
        for (int l = 0; l < 8; l++) {
            if (bits[l] == 0 || (uint64_t)off[l] + bits[l] > 32)
                continue; /* base */
            uint32_t mask = (bits[l] == 32 ? 0xffffffffu : ((1u << bits[l]) - 1u)) << off[l];
            base[l] = ((ins[l] << off[l]) & mask) | (base[l] & ~mask);
        }
        r[c] = vi8_as_vf8(vi8_load(base));
    }
    jit_store(ctx, op, r);
    return pc + 1;
}

/* ---- pack / unpack ------------------------------------------------------- */
/* Choices where tgsi.rst is silent: f32_to_f16 rounds to nearest even (F16C,
 * as C's _Float16 conversion); unorm/snorm pack clamps (NaN -> 0) then
 * rounds x * (2^n - 1) to nearest even; unpack divides by 2^n - 1 (snorm:
 * by 127, then max with -1). */

static inline vi8 unorm_pack(vf8 x, float scale)
{
    vf8 c = jit_saturate(x);
    return vf8_to_vi8_round(vf8_mul(c, vf8_set1(scale)));
}

static inline vi8 snorm8_pack(vf8 x)
{
    vf8 c = vf8_min(vf8_max(x, vf8_set1(-1.0f)), vf8_set1(1.0f)); /* NaN -> -1 ... */
    c = vf8_select(vf8_isnan(x), c, vf8_zero());                     /* ... so NaN -> 0 */
    return vi8_and(vf8_to_vi8_round(vf8_mul(c, vf8_set1(127.0f))), vi8_set1(0xff));
}

static uint32_t rep_store(jit_ctx *ctx, const jit_op *op, uint32_t pc, vi8 v)
{
    vf8 f = vi8_as_vf8(v);
    vf8 r[4] = {f, f, f, f};
    jit_store(ctx, op, r);
    return pc + 1;
}

H(pk2h)
{
    vf8 a[4];
    jit_fetch(ctx, &op->src[0], 0x3, a);
    uint16_t hx[8], hy[8];
    int32_t r[8];
    vh8 px = vf8_to_half(a[0]), py = vf8_to_half(a[1]);
    memcpy(hx, &px, 16);
    memcpy(hy, &py, 16);
    for (int l = 0; l < 8; l++)
        r[l] = (int32_t)((uint32_t)hx[l] | ((uint32_t)hy[l] << 16));
    return rep_store(ctx, op, pc, vi8_load(r));
}

H(pk2us)
{
    vf8 a[4];
    jit_fetch(ctx, &op->src[0], 0x3, a);
    vi8 v = vi8_or(unorm_pack(a[0], 65535.0f), vi8_slli(unorm_pack(a[1], 65535.0f), 16));
    return rep_store(ctx, op, pc, v);
}

H(pk4b)
{
    vf8 a[4];
    jit_fetch(ctx, &op->src[0], 0xf, a);
    vi8 v = vi8_or(vi8_or(snorm8_pack(a[0]), vi8_slli(snorm8_pack(a[1]), 8)),
                   vi8_or(vi8_slli(snorm8_pack(a[2]), 16), vi8_slli(snorm8_pack(a[3]), 24)));
    return rep_store(ctx, op, pc, v);
}

H(pk4ub)
{
    vf8 a[4];
    jit_fetch(ctx, &op->src[0], 0xf, a);
    vi8 v = vi8_or(vi8_or(unorm_pack(a[0], 255.0f), vi8_slli(unorm_pack(a[1], 255.0f), 8)),
                   vi8_or(vi8_slli(unorm_pack(a[2], 255.0f), 16),
                          vi8_slli(unorm_pack(a[3], 255.0f), 24)));
    return rep_store(ctx, op, pc, v);
}

static inline vf8 half_lanes(vi8 h16)
{
    _Alignas(32) int32_t t[8];
    uint16_t h[8];
    vi8_store(t, h16);
    for (int l = 0; l < 8; l++)
        h[l] = (uint16_t)t[l];
    vh8 p;
    memcpy(&p, h, 16);
    return vf8_from_half(p);
}

H(up2h)
{
    vi8 x = vf8_as_vi8(jit_fetch1(ctx, &op->src[0], 0));
    vf8 lo = half_lanes(vi8_and(x, vi8_set1(0xffff))), hi = half_lanes(vi8_srli(x, 16));
    vf8 r[4] = {lo, hi, lo, hi};
    jit_store(ctx, op, r);
    return pc + 1;
}

H(up2us)
{
    vi8 x = vf8_as_vi8(jit_fetch1(ctx, &op->src[0], 0));
    vf8 k = vf8_set1(65535.0f);
    vf8 lo = vf8_div(vi8_to_vf8(vi8_and(x, vi8_set1(0xffff))), k);
    vf8 hi = vf8_div(vi8_to_vf8(vi8_srli(x, 16)), k);
    vf8 r[4] = {lo, hi, lo, hi};
    jit_store(ctx, op, r);
    return pc + 1;
}

H(up4b)
{
    vi8 x = vf8_as_vi8(jit_fetch1(ctx, &op->src[0], 0));
    vf8 r[4];
    for (int c = 0; c < 4; c++) {
        vi8 b = vi8_srai(vi8_sllv(x, vi8_set1(24 - 8 * c)), 24);
        r[c] = vf8_max(vf8_div(vi8_to_vf8(b), vf8_set1(127.0f)), vf8_set1(-1.0f));
    }
    jit_store(ctx, op, r);
    return pc + 1;
}

H(up4ub)
{
    vi8 x = vf8_as_vi8(jit_fetch1(ctx, &op->src[0], 0));
    vf8 r[4];
    for (int c = 0; c < 4; c++)
        r[c] = vf8_div(vi8_to_vf8(vi8_and(vi8_srlv(x, vi8_set1(8 * c)), vi8_set1(0xff))),
                       vf8_set1(255.0f));
    jit_store(ctx, op, r);
    return pc + 1;
}

/* CLOCK: 0 in every component, as the scalar reference gives, so the
 * two executors stay comparable bit for bit (tgsi.rst only asks for a
 * non-decreasing value, which a constant is). */
H(clock)
{
    vf8 r[4] = {vf8_zero(), vf8_zero(), vf8_zero(), vf8_zero()};
    jit_store(ctx, op, r);
    return pc + 1;
}

jit_handler jit_alu_handler(unsigned opcode)
{
    switch (opcode) {
#define C(op, fn)                                                                          \
    case TGSI_OPCODE_##op: return h_##fn;
        C(MOV, mov) C(ADD, add) C(MUL, mul) C(MAD, mad) C(FMA, fma) C(LRP, lrp) C(CMP, cmp)
        C(DIV, div) C(MIN, min) C(MAX, max) C(SLT, slt) C(SGE, sge) C(SGT, sgt) C(SLE, sle)
        C(SEQ, seq) C(SNE, sne) C(FRC, frc) C(FLR, flr) C(CEIL, ceil) C(TRUNC, trunc)
        C(ROUND, round) C(SSG, ssg) C(ARL, arl) C(ARR, arr) C(F2I, f2i) C(F2U, f2u)
        C(I2F, i2f) C(U2F, u2f) C(RCP, rcp) C(RSQ, rsq) C(SQRT, sqrt) C(EX2, ex2) C(LG2, lg2)
        C(SIN, sin) C(COS, cos) C(LDEXP, ldexp) C(POW, pow) C(DP2, dp2) C(DP3, dp3)
        C(DP4, dp4) C(DST, dst) C(LIT, lit) C(EXP, exp) C(LOG, log) C(DDX, ddx) C(DDY, ddy)
        C(DDX_FINE, ddx_fine) C(DDY_FINE, ddy_fine) C(UADD, uadd) C(UMUL, umul) C(AND, and)
        C(OR, or) C(XOR, xor) C(IMAX, imax) C(UMAX, umax) C(IMIN, imin) C(UMIN, umin)
        C(SHL, shl) C(ISHR, ishr) C(USHR, ushr) C(ISLT, islt) C(ISGE, isge) C(USLT, uslt)
        C(USGE, usge) C(USEQ, useq) C(USNE, usne) C(FSLT, fslt) C(FSGE, fsge) C(FSEQ, fseq)
        C(FSNE, fsne) C(UMAD, umad) C(UCMP, ucmp) C(NOT, not) C(INEG, ineg) C(IABS, iabs)
        C(ISSG, issg) C(UARL, uarl) C(IMUL_HI, imul_hi) C(UMUL_HI, umul_hi) C(IDIV, idiv)
        C(MOD, mod) C(UDIV, udiv) C(UMOD, umod) C(IBFE, ibfe) C(UBFE, ubfe) C(BFI, bfi)
        C(BREV, brev) C(POPC, popc) C(LSB, lsb) C(IMSB, imsb) C(UMSB, umsb) C(PK2H, pk2h)
        C(PK2US, pk2us) C(PK4B, pk4b) C(PK4UB, pk4ub) C(UP2H, up2h) C(UP2US, up2us)
        C(UP4B, up4b) C(UP4UB, up4ub) C(CLOCK, clock)
#undef C
    default: return NULL;
    }
}

jit_handler jit_alu_handler_mzw(unsigned opcode)
{
    if (opcode == TGSI_OPCODE_MUL)
        return h_mul_zw;
    if (opcode == TGSI_OPCODE_MAD)
        return h_mad_zw;
    return jit_alu_handler(opcode);
}
