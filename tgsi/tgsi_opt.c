/*
 * tgsi_opt.c: constant folding, copy propagation and dead code removal on
 * TGSI programs (tgsi_opt.h), such as those the GLSL path generates.
 *
 * One forward pass keeps, for every component of every TEMP, what it is
 * known to hold: nothing (UNK), a constant's bits (CONST), or the value of
 * another register's component with source modifiers (COPY). Sources of
 * each instruction are rewritten from these facts: a TEMP read whose read
 * components are all constants becomes an IMM read, one whose components are
 * all copies of one register reads that register. An instruction whose
 * sources are then all immediates is evaluated here and becomes a MOV of an
 * immediate. COPY facts carry the version of the component they copy, and a
 * write bumps the version, so a fact dies with its source.
 *
 * Control flow: at IF/UIF the facts are saved; ELSE starts again from them;
 * ENDIF and the start and end of a loop forget every register written
 * anywhere inside the construct (so no fact crosses a merge or back edge it
 * might not hold on). Code after BRK/CONT is unreachable until the next
 * ENDIF/ENDLOOP, and whatever is done to it does not matter. An IF/UIF
 * whose condition became an immediate loses its dead side and its
 * IF/ELSE/ENDIF (fold_branches), and propagation runs again, so facts now
 * flow through where the ENDIF was (unrolled loops' `x == 0 && y == 0`).
 * UARL/ARL of an immediate makes ADDR known until the next control flow
 * instruction; an immediate read through it reads the immediate directly
 * (a const array indexed by an unrolled counter), and once nothing indexes
 * through ADDR its UARL/ARLs go.
 *
 * Folding follows tgsi/exec_contract.md item by item (MAD = (a*b)+c, DP
 * left to right, MIN/MAX NaN and zero rules, F2I saturation, integer
 * division by zero, shift counts & 31, transcendentals from tgsi_math.h), so
 * an optimized program produces the same bits as the original on every
 * executor (NaN payloads aside, which the contract leaves open). Saturated
 * instructions and programs with LEGACY_MATH_RULES / MUL_ZERO_WINS products
 * are not folded.
 *
 * Then instructions without side effects whose TEMP results are never read
 * (anywhere in the program; indirect reads count for the whole array) are
 * removed, or their write masks narrowed, until nothing changes; the TEMPs
 * still referenced are renumbered densely (arrays stay contiguous) and the
 * TEMP declarations rebuilt; immediates nobody reads are dropped.
 *
 * Common subexpressions: within straight code, an instruction computing what
 * an earlier one computed from the same operands (same register versions),
 * whose result is still in place, becomes a MOV from it (and then usually
 * disappears through copy propagation).
 */
#include "tgsi/tgsi_opt.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_math.h"

enum { OV_UNK, OV_CONST, OV_COPY };

typedef struct ov {
    uint8_t kind;
    uint32_t bits; /* OV_CONST */
    tgsi_src src;  /* OV_COPY: register, component in swizzle[0], modifiers */
    uint32_t ver;  /* OV_COPY of a TEMP: the component's version when copied */
} ov;

typedef struct temp_array {
    uint16_t id;
    uint32_t first, last;
} temp_array;

/* An instruction whose result is still in its destination (CSE). */
typedef struct avail {
    tgsi_inst in;
    uint32_t dst_ver[4];
    uint32_t src_ver[TGSI_MAX_SRC][4];
} avail;
#define OPT_MAX_AVAIL 256
#define OPT_MAX_ADDR 4

typedef struct opt {
    tgsi_program *p;
    tgsi_inst *insts;
    uint32_t num_insts;
    tgsi_immediate *imms;
    uint32_t num_imms, cap_imms;
    uint32_t ntemps;
    temp_array *arrays;
    uint32_t num_arrays;
    ov (*val)[4];
    uint32_t *ver; /* per TEMP component */
    uint32_t next_ver;
    bool mzw;
    bool oom;
    avail *avail; /* ring of OPT_MAX_AVAIL */
    uint32_t num_avail, avail_next;
    uint32_t orig_imms;                       /* the program's own immediates */
    bool addr_known[OPT_MAX_ADDR][4];         /* ADDR[k].c holds addr_val */
    int32_t addr_val[OPT_MAX_ADDR][4];
} opt;

/* ---- opcode classes ------------------------------------------------------ */

/* Result component c from source components c. */
static bool is_componentwise(unsigned op)
{
    switch (op) {
    case TGSI_OPCODE_MOV: case TGSI_OPCODE_ADD: case TGSI_OPCODE_MUL: case TGSI_OPCODE_MAD:
    case TGSI_OPCODE_LRP: case TGSI_OPCODE_FMA: case TGSI_OPCODE_FRC: case TGSI_OPCODE_FLR:
    case TGSI_OPCODE_CEIL: case TGSI_OPCODE_TRUNC: case TGSI_OPCODE_ROUND: case TGSI_OPCODE_SSG:
    case TGSI_OPCODE_MIN: case TGSI_OPCODE_MAX: case TGSI_OPCODE_SLT: case TGSI_OPCODE_SGE:
    case TGSI_OPCODE_SEQ: case TGSI_OPCODE_SGT: case TGSI_OPCODE_SLE: case TGSI_OPCODE_SNE:
    case TGSI_OPCODE_DIV: case TGSI_OPCODE_CMP: case TGSI_OPCODE_UCMP: case TGSI_OPCODE_I2F:
    case TGSI_OPCODE_U2F: case TGSI_OPCODE_F2I: case TGSI_OPCODE_F2U: case TGSI_OPCODE_UADD:
    case TGSI_OPCODE_UMAD: case TGSI_OPCODE_UMUL: case TGSI_OPCODE_IDIV: case TGSI_OPCODE_UDIV:
    case TGSI_OPCODE_UMOD: case TGSI_OPCODE_MOD: case TGSI_OPCODE_NOT: case TGSI_OPCODE_AND:
    case TGSI_OPCODE_OR: case TGSI_OPCODE_XOR: case TGSI_OPCODE_IMAX: case TGSI_OPCODE_UMAX:
    case TGSI_OPCODE_IMIN: case TGSI_OPCODE_UMIN: case TGSI_OPCODE_SHL: case TGSI_OPCODE_ISHR:
    case TGSI_OPCODE_USHR: case TGSI_OPCODE_ISSG: case TGSI_OPCODE_FSLT: case TGSI_OPCODE_ISLT:
    case TGSI_OPCODE_USLT: case TGSI_OPCODE_FSGE: case TGSI_OPCODE_ISGE: case TGSI_OPCODE_USGE:
    case TGSI_OPCODE_FSEQ: case TGSI_OPCODE_USEQ: case TGSI_OPCODE_FSNE: case TGSI_OPCODE_USNE:
    case TGSI_OPCODE_INEG: case TGSI_OPCODE_IABS: case TGSI_OPCODE_DDX: case TGSI_OPCODE_DDY:
    case TGSI_OPCODE_DDX_FINE: case TGSI_OPCODE_DDY_FINE:
        return true;
    default:
        return false;
    }
}

/* Result = f(src.x [, src1.x]) in every written component. */
static bool is_replicating(unsigned op)
{
    switch (op) {
    case TGSI_OPCODE_RCP: case TGSI_OPCODE_RSQ: case TGSI_OPCODE_SQRT: case TGSI_OPCODE_EX2:
    case TGSI_OPCODE_LG2: case TGSI_OPCODE_SIN: case TGSI_OPCODE_COS: case TGSI_OPCODE_POW:
        return true;
    default:
        return false;
    }
}

static bool is_dot(unsigned op)
{
    return op == TGSI_OPCODE_DP2 || op == TGSI_OPCODE_DP3 || op == TGSI_OPCODE_DP4;
}

/* Pure arithmetic on TEMP/IN/CONST/IMM: may be removed when unused. */
static bool is_pure(unsigned op)
{
    return is_componentwise(op) || is_replicating(op) || is_dot(op);
}

/* The swizzle slots of source k that the instruction reads. */
static unsigned read_slots(const tgsi_inst *in, unsigned k)
{
    unsigned op = in->opcode;
    if (op == TGSI_OPCODE_DP2)
        return 0x3;
    if (op == TGSI_OPCODE_DP3)
        return 0x7;
    if (op == TGSI_OPCODE_DP4)
        return 0xf;
    if (is_replicating(op) || op == TGSI_OPCODE_IF || op == TGSI_OPCODE_UIF)
        return 0x1;
    if (is_componentwise(op) && in->num_dst == 1)
        return in->dst[0].write_mask;
    (void)k;
    return 0xf;
}

/* ---- helpers ------------------------------------------------------------- */

static bool direct(const tgsi_src *s)
{
    return !s->reg.indirect && (s->num_dims < 2 || !s->dim.indirect);
}

static bool same_reg(const tgsi_src *a, const tgsi_src *b)
{
    return a->file == b->file && a->num_dims == b->num_dims && a->reg.index == b->reg.index &&
           (a->num_dims < 2 || a->dim.index == b->dim.index) && direct(a) && direct(b);
}

static uint32_t *ver_of(opt *o, uint32_t t, unsigned c)
{
    return &o->ver[t * 4 + c];
}

static void kill_temp(opt *o, uint32_t t, unsigned mask)
{
    if (t >= o->ntemps)
        return;
    for (unsigned c = 0; c < 4; c++)
        if (mask & (1u << c)) {
            o->val[t][c].kind = OV_UNK;
            *ver_of(o, t, c) = ++o->next_ver;
        }
}

/* Forgets what a destination operand overwrites. */
static void kill_dst(opt *o, const tgsi_dst *d)
{
    if (d->file != TGSI_FILE_TEMPORARY)
        return;
    if (!d->reg.indirect) {
        kill_temp(o, (uint32_t)d->reg.index, d->write_mask);
        return;
    }
    for (uint32_t a = 0; a < o->num_arrays; a++)
        if (d->reg.array_id && o->arrays[a].id == d->reg.array_id) {
            for (uint32_t t = o->arrays[a].first; t <= o->arrays[a].last; t++)
                kill_temp(o, t, 0xf);
            return;
        }
    for (uint32_t t = 0; t < o->ntemps; t++)
        kill_temp(o, t, 0xf);
}

/* Forgets everything instructions [from, to] write. */
static void kill_region(opt *o, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i <= to && i < o->num_insts; i++)
        for (unsigned d = 0; d < o->insts[i].num_dst; d++)
            kill_dst(o, &o->insts[i].dst[d]);
}

/* The fact about component c of TEMP t, or NULL when nothing is known. */
static const ov *fact(opt *o, uint32_t t, unsigned c)
{
    if (t >= o->ntemps)
        return NULL;
    const ov *v = &o->val[t][c];
    if (v->kind == OV_UNK)
        return NULL;
    if (v->kind == OV_COPY && v->src.file == TGSI_FILE_TEMPORARY &&
        *ver_of(o, (uint32_t)v->src.reg.index, v->src.swizzle[0]) != v->ver)
        return NULL;
    return v;
}

/* An immediate holding bits[c] for the slots in mask: its index, and the
 * swizzle that reads them (unread slots repeat a read one). */
static int32_t imm_find(opt *o, const uint32_t bits[4], unsigned mask, uint8_t swz[4])
{
    unsigned first = 0;
    while (!(mask & (1u << first)))
        first++;
    for (uint32_t i = 0; i < o->num_imms; i++) {
        const tgsi_immediate *im = &o->imms[i];
        if (im->type == TGSI_IMM_FLOAT64)
            continue;
        bool ok = true;
        uint8_t s[4];
        for (unsigned c = 0; c < 4 && ok; c++) {
            if (!(mask & (1u << c)))
                continue;
            ok = false;
            for (unsigned k = 0; k < im->count; k++)
                if (im->bits[k] == bits[c]) {
                    s[c] = (uint8_t)k;
                    ok = true;
                    break;
                }
        }
        if (ok) {
            for (unsigned c = 0; c < 4; c++)
                swz[c] = (mask & (1u << c)) ? s[c] : s[first];
            return (int32_t)i;
        }
    }
    if (o->num_imms == o->cap_imms) {
        uint32_t cap = o->cap_imms ? o->cap_imms * 2 : 16;
        tgsi_immediate *n = realloc(o->imms, cap * sizeof *n);
        if (!n) {
            o->oom = true;
            return -1;
        }
        o->imms = n;
        o->cap_imms = cap;
    }
    tgsi_immediate *im = &o->imms[o->num_imms];
    memset(im, 0, sizeof *im);
    im->type = TGSI_IMM_UINT32;
    im->count = 4;
    for (unsigned c = 0; c < 4; c++) {
        im->bits[c] = (mask & (1u << c)) ? bits[c] : bits[first];
        swz[c] = (uint8_t)c;
    }
    return (int32_t)o->num_imms++;
}

/* Source modifiers as the operand type applies them (exec contract 9). */
static uint32_t apply_mods(uint32_t v, bool neg, bool abs, tgsi_type t)
{
    switch (t) {
    case TGSI_TYPE_I:
        if (abs && (int32_t)v < 0)
            v = 0u - v;
        if (neg)
            v = 0u - v;
        return v;
    case TGSI_TYPE_U:
        return neg ? 0u - v : v;
    default:
        if (abs)
            v &= 0x7fffffffu;
        if (neg)
            v ^= 0x80000000u;
        return v;
    }
}

/* ---- folding ------------------------------------------------------------- */

static float fmin_c(float a, float b)
{
    if (a != a)
        return b;
    if (b != b)
        return a;
    if (a == b)
        return signbit(a) ? a : b; /* -0 wins */
    return a < b ? a : b;
}

static float fmax_c(float a, float b)
{
    if (a != a)
        return b;
    if (b != b)
        return a;
    if (a == b)
        return signbit(a) ? b : a; /* +0 wins */
    return a > b ? a : b;
}

static uint32_t f2i_c(float f)
{
    if (f != f)
        return 0;
    if (f >= 2147483648.0f)
        return (uint32_t)INT32_MAX;
    if (f < -2147483648.0f)
        return (uint32_t)INT32_MIN;
    return (uint32_t)(int32_t)f;
}

static uint32_t f2u_c(float f)
{
    if (f != f || f <= 0.0f)
        return 0;
    if (f >= 4294967296.0f)
        return UINT32_MAX;
    return (uint32_t)f;
}

static uint32_t bool_bits(bool b)
{
    return b ? 0xffffffffu : 0u;
}

static uint32_t fbool(bool b)
{
    return tgsi_math_f2u(b ? 1.0f : 0.0f);
}

/* One component of a componentwise opcode; false if not folded. */
static bool fold_comp(unsigned op, const uint32_t *x, uint32_t *r)
{
    float a = tgsi_math_u2f(x[0]), b = tgsi_math_u2f(x[1]), c = tgsi_math_u2f(x[2]);
    int32_t ia = (int32_t)x[0], ib = (int32_t)x[1];
    uint32_t ua = x[0], ub = x[1];
    switch (op) {
    case TGSI_OPCODE_MOV: *r = ua; return true;
    case TGSI_OPCODE_ADD: *r = tgsi_math_f2u(a + b); return true;
    case TGSI_OPCODE_MUL: *r = tgsi_math_f2u(a * b); return true;
    case TGSI_OPCODE_MAD: {
        float p = a * b;
        *r = tgsi_math_f2u(p + c);
        return true;
    }
    case TGSI_OPCODE_FMA: *r = tgsi_math_f2u(fmaf(a, b, c)); return true;
    case TGSI_OPCODE_LRP: {
        float p = a * b, q = 1.0f - a, s = q * c;
        *r = tgsi_math_f2u(p + s);
        return true;
    }
    case TGSI_OPCODE_DIV: *r = tgsi_math_f2u(a / b); return true;
    case TGSI_OPCODE_FRC: *r = tgsi_math_f2u(a - floorf(a)); return true;
    case TGSI_OPCODE_FLR: *r = tgsi_math_f2u(floorf(a)); return true;
    case TGSI_OPCODE_CEIL: *r = tgsi_math_f2u(ceilf(a)); return true;
    case TGSI_OPCODE_TRUNC: *r = tgsi_math_f2u(truncf(a)); return true;
    case TGSI_OPCODE_ROUND: *r = tgsi_math_f2u(nearbyintf(a)); return true;
    case TGSI_OPCODE_SSG: *r = tgsi_math_f2u(a > 0.0f ? 1.0f : a < 0.0f ? -1.0f : 0.0f); return true;
    case TGSI_OPCODE_MIN: *r = tgsi_math_f2u(fmin_c(a, b)); return true;
    case TGSI_OPCODE_MAX: *r = tgsi_math_f2u(fmax_c(a, b)); return true;
    case TGSI_OPCODE_SLT: *r = fbool(a < b); return true;
    case TGSI_OPCODE_SGE: *r = fbool(a >= b); return true;
    case TGSI_OPCODE_SEQ: *r = fbool(a == b); return true;
    case TGSI_OPCODE_SGT: *r = fbool(a > b); return true;
    case TGSI_OPCODE_SLE: *r = fbool(a <= b); return true;
    case TGSI_OPCODE_SNE: *r = fbool(!(a == b)); return true;
    case TGSI_OPCODE_CMP: *r = a < 0.0f ? x[1] : x[2]; return true;
    case TGSI_OPCODE_UCMP: *r = ua ? x[1] : x[2]; return true;
    case TGSI_OPCODE_I2F: *r = tgsi_math_f2u((float)ia); return true;
    case TGSI_OPCODE_U2F: *r = tgsi_math_f2u((float)ua); return true;
    case TGSI_OPCODE_F2I: *r = f2i_c(a); return true;
    case TGSI_OPCODE_F2U: *r = f2u_c(a); return true;
    case TGSI_OPCODE_UADD: *r = ua + ub; return true;
    case TGSI_OPCODE_UMUL: *r = ua * ub; return true;
    case TGSI_OPCODE_UMAD: *r = ua * ub + x[2]; return true;
    case TGSI_OPCODE_UDIV: *r = ub ? ua / ub : 0xffffffffu; return true;
    case TGSI_OPCODE_UMOD: *r = ub ? ua % ub : 0xffffffffu; return true;
    case TGSI_OPCODE_IDIV:
        *r = ib == 0 ? 0xffffffffu : (ia == INT32_MIN && ib == -1) ? (uint32_t)INT32_MIN : (uint32_t)(ia / ib);
        return true;
    case TGSI_OPCODE_MOD:
        *r = ib == 0 ? 0xffffffffu : (ia == INT32_MIN && ib == -1) ? 0u : (uint32_t)(ia % ib);
        return true;
    case TGSI_OPCODE_NOT: *r = ~ua; return true;
    case TGSI_OPCODE_AND: *r = ua & ub; return true;
    case TGSI_OPCODE_OR: *r = ua | ub; return true;
    case TGSI_OPCODE_XOR: *r = ua ^ ub; return true;
    case TGSI_OPCODE_IMAX: *r = (uint32_t)(ia > ib ? ia : ib); return true;
    case TGSI_OPCODE_IMIN: *r = (uint32_t)(ia < ib ? ia : ib); return true;
    case TGSI_OPCODE_UMAX: *r = ua > ub ? ua : ub; return true;
    case TGSI_OPCODE_UMIN: *r = ua < ub ? ua : ub; return true;
    case TGSI_OPCODE_SHL: *r = ua << (ub & 31); return true;
    case TGSI_OPCODE_USHR: *r = ua >> (ub & 31); return true;
    case TGSI_OPCODE_ISHR: {
        unsigned s = ub & 31;
        /* arithmetic shift without relying on signed >> */
        *r = ia < 0 ? ~(~ua >> s) : ua >> s;
        return true;
    }
    case TGSI_OPCODE_ISSG: *r = (uint32_t)(ia > 0 ? 1 : ia < 0 ? -1 : 0); return true;
    case TGSI_OPCODE_INEG: *r = 0u - ua; return true;
    case TGSI_OPCODE_IABS: *r = ia < 0 ? 0u - ua : ua; return true;
    case TGSI_OPCODE_FSLT: *r = bool_bits(a < b); return true;
    case TGSI_OPCODE_FSGE: *r = bool_bits(a >= b); return true;
    case TGSI_OPCODE_FSEQ: *r = bool_bits(a == b); return true;
    case TGSI_OPCODE_FSNE: *r = bool_bits(!(a == b)); return true;
    case TGSI_OPCODE_ISLT: *r = bool_bits(ia < ib); return true;
    case TGSI_OPCODE_ISGE: *r = bool_bits(ia >= ib); return true;
    case TGSI_OPCODE_USLT: *r = bool_bits(ua < ub); return true;
    case TGSI_OPCODE_USGE: *r = bool_bits(ua >= ub); return true;
    case TGSI_OPCODE_USEQ: *r = bool_bits(ua == ub); return true;
    case TGSI_OPCODE_USNE: *r = bool_bits(ua != ub); return true;
    default: return false;
    }
}

/* Replicating opcodes and dot products: the one result. */
static bool fold_scalar(const opt *o, unsigned op, uint32_t s[][4], uint32_t *r)
{
    float a = tgsi_math_u2f(s[0][0]), b = tgsi_math_u2f(s[1][0]);
    switch (op) {
    case TGSI_OPCODE_RCP: *r = tgsi_math_f2u(1.0f / a); return true;
    case TGSI_OPCODE_RSQ: *r = tgsi_math_f2u(1.0f / sqrtf(a)); return true;
    case TGSI_OPCODE_SQRT: *r = tgsi_math_f2u(sqrtf(a)); return true;
    case TGSI_OPCODE_EX2: *r = tgsi_math_f2u(tgsi_exp2f(a)); return true;
    case TGSI_OPCODE_LG2: *r = tgsi_math_f2u(tgsi_log2f(a)); return true;
    case TGSI_OPCODE_SIN: *r = tgsi_math_f2u(tgsi_sinf(a)); return true;
    case TGSI_OPCODE_COS: *r = tgsi_math_f2u(tgsi_cosf(a)); return true;
    case TGSI_OPCODE_POW: *r = tgsi_math_f2u(o->mzw ? tgsi_powf_mzw(a, b) : tgsi_powf(a, b)); return true;
    case TGSI_OPCODE_DP2:
    case TGSI_OPCODE_DP3:
    case TGSI_OPCODE_DP4: {
        if (o->mzw)
            return false;
        unsigned n = op == TGSI_OPCODE_DP2 ? 2 : op == TGSI_OPCODE_DP3 ? 3 : 4;
        float acc = tgsi_math_u2f(s[0][0]) * tgsi_math_u2f(s[1][0]);
        for (unsigned c = 1; c < n; c++) {
            float p = tgsi_math_u2f(s[0][c]) * tgsi_math_u2f(s[1][c]);
            acc = acc + p;
        }
        *r = tgsi_math_f2u(acc);
        return true;
    }
    default: return false;
    }
}

/* Evaluates an instruction whose sources are all immediates; on success
 * res[c] holds each written component. */
static bool fold(const opt *o, const tgsi_inst *in, uint32_t res[4])
{
    unsigned op = in->opcode;
    if (in->saturate || in->num_dst != 1)
        return false;
    if (!is_componentwise(op) && !is_replicating(op) && !is_dot(op))
        return false;
    if (op == TGSI_OPCODE_DDX || op == TGSI_OPCODE_DDY || op == TGSI_OPCODE_DDX_FINE ||
        op == TGSI_OPCODE_DDY_FINE)
        return false;
    if (o->mzw && (op == TGSI_OPCODE_MUL || op == TGSI_OPCODE_MAD))
        return false;
    uint32_t s[TGSI_MAX_SRC][4];
    memset(s, 0, sizeof s);
    for (unsigned k = 0; k < in->num_src; k++) {
        const tgsi_src *x = &in->src[k];
        if (x->file != TGSI_FILE_IMMEDIATE || !direct(x) || x->reg.index < 0 ||
            (uint32_t)x->reg.index >= o->num_imms)
            return false;
        const tgsi_immediate *im = &o->imms[x->reg.index];
        if (im->type == TGSI_IMM_FLOAT64)
            return false;
        tgsi_type t = tgsi_opcode_src_type(op, k);
        if (t != TGSI_TYPE_F && t != TGSI_TYPE_I && t != TGSI_TYPE_U && t != TGSI_TYPE_N)
            return false;
        unsigned slots = read_slots(in, k);
        for (unsigned c = 0; c < 4; c++) {
            if (!(slots & (1u << c)))
                continue;
            if (x->swizzle[c] >= im->count)
                return false;
            s[k][c] = apply_mods(im->bits[x->swizzle[c]], x->negate, x->absolute, t);
        }
    }
    unsigned wm = in->dst[0].write_mask;
    if (is_componentwise(op)) {
        for (unsigned c = 0; c < 4; c++) {
            if (!(wm & (1u << c)))
                continue;
            uint32_t xs[TGSI_MAX_SRC];
            for (unsigned k = 0; k < TGSI_MAX_SRC; k++)
                xs[k] = s[k][c];
            if (!fold_comp(op, xs, &res[c]))
                return false;
        }
        return true;
    }
    uint32_t r;
    if (!fold_scalar(o, op, s, &r))
        return false;
    for (unsigned c = 0; c < 4; c++)
        res[c] = r;
    return true;
}

/* ---- propagation --------------------------------------------------------- */

/* An immediate read through ADDR whose value is known (an unrolled loop's
 * counter indexing a const array) reads the immediate directly, when the
 * index lands inside the program's own immediates (outside, the read gives
 * 0 and is left alone: exec contract items 12 and IMM). */
static void rewrite_indirect_imm(opt *o, tgsi_src *s)
{
    if (s->file != TGSI_FILE_IMMEDIATE || !s->reg.indirect || s->reg.ind_file != TGSI_FILE_ADDRESS ||
        s->reg.ind_index < 0 || s->reg.ind_index >= OPT_MAX_ADDR || s->reg.ind_swizzle > 3)
        return;
    unsigned k = (unsigned)s->reg.ind_index, c = s->reg.ind_swizzle;
    if (!o->addr_known[k][c])
        return;
    int64_t i = (int64_t)o->addr_val[k][c] + s->reg.index;
    if (i < 0 || i >= (int64_t)o->orig_imms)
        return;
    s->reg.index = (int32_t)i;
    s->reg.indirect = false;
    s->reg.ind_file = 0;
    s->reg.ind_index = 0;
    s->reg.ind_swizzle = 0;
    s->reg.array_id = 0;
}

/* What an instruction leaves in ADDR: UARL / ARL of an immediate is known
 * (UARL: the bits, ARL: floor then the F2I rule), any other write is not. */
static void record_addr(opt *o, const tgsi_inst *in)
{
    for (unsigned d = 0; d < in->num_dst; d++) {
        const tgsi_dst *x = &in->dst[d];
        if (x->file != TGSI_FILE_ADDRESS)
            continue;
        if (x->reg.indirect || x->reg.index < 0 || x->reg.index >= OPT_MAX_ADDR) {
            memset(o->addr_known, 0, sizeof o->addr_known);
            continue;
        }
        const tgsi_src *s = &in->src[0];
        bool imm = d == 0 && in->num_src == 1 && (in->opcode == TGSI_OPCODE_UARL || in->opcode == TGSI_OPCODE_ARL) &&
                   s->file == TGSI_FILE_IMMEDIATE && direct(s) && s->reg.index >= 0 &&
                   (uint32_t)s->reg.index < o->num_imms && o->imms[s->reg.index].type != TGSI_IMM_FLOAT64;
        for (unsigned c = 0; c < 4; c++) {
            if (!(x->write_mask & (1u << c)))
                continue;
            unsigned sc = s->swizzle[c];
            bool known = imm && sc < o->imms[s->reg.index].count;
            o->addr_known[x->reg.index][c] = known;
            if (!known)
                continue;
            uint32_t b = o->imms[s->reg.index].bits[sc];
            if (in->opcode == TGSI_OPCODE_UARL) {
                o->addr_val[x->reg.index][c] = (int32_t)apply_mods(b, s->negate, s->absolute, TGSI_TYPE_I);
            } else {
                b = apply_mods(b, s->negate, s->absolute, TGSI_TYPE_F);
                float f;
                memcpy(&f, &b, 4);
                o->addr_val[x->reg.index][c] = (int32_t)f2i_c(floorf(f));
            }
        }
    }
}

static void rewrite_src(opt *o, tgsi_inst *in, unsigned k)
{
    tgsi_src *s = &in->src[k];
    if (s->file != TGSI_FILE_TEMPORARY || !direct(s) || s->reg.index < 0)
        return;
    uint32_t t = (uint32_t)s->reg.index;
    unsigned m = read_slots(in, k);
    if (!m || t >= o->ntemps)
        return;
    bool all_const = true, all_copy = true;
    const ov *first = NULL;
    const ov *f[4] = {NULL, NULL, NULL, NULL};
    uint32_t bits[4] = {0, 0, 0, 0};
    for (unsigned c = 0; c < 4; c++) {
        if (!(m & (1u << c)))
            continue;
        f[c] = fact(o, t, s->swizzle[c]);
        if (!f[c])
            return;
        if (f[c]->kind == OV_CONST) {
            bits[c] = f[c]->bits;
            all_copy = false;
        } else {
            all_const = false;
            if (!first)
                first = f[c];
            else if (!same_reg(&first->src, &f[c]->src) || first->src.negate != f[c]->src.negate ||
                     first->src.absolute != f[c]->src.absolute)
                all_copy = false;
        }
    }
    if (all_const) {
        uint8_t swz[4];
        int32_t idx = imm_find(o, bits, m, swz);
        if (idx < 0)
            return;
        s->file = TGSI_FILE_IMMEDIATE;
        s->num_dims = 1;
        memset(&s->reg, 0, sizeof s->reg);
        s->reg.index = idx;
        memset(&s->dim, 0, sizeof s->dim);
        memcpy(s->swizzle, swz, 4);
        return;
    }
    if (!all_copy || !first)
        return;
    /* Compose this operand's modifiers over the copy's: the copy's were
     * applied by MOV (bit operations); this operand's type must apply them
     * the same way to be merged. */
    bool cn = first->src.negate, ca = first->src.absolute;
    tgsi_type ty = tgsi_opcode_src_type(in->opcode, k);
    if ((cn || ca) && ty != TGSI_TYPE_F && ty != TGSI_TYPE_N)
        return;
    bool neg, abs;
    if (s->absolute) {
        abs = true;
        neg = s->negate;
    } else {
        abs = ca;
        neg = cn != s->negate;
    }
    tgsi_src n = first->src;
    unsigned fc = 0;
    while (!(m & (1u << fc)))
        fc++;
    for (unsigned c = 0; c < 4; c++)
        n.swizzle[c] = f[(m & (1u << c)) ? c : fc]->src.swizzle[0];
    n.negate = neg;
    n.absolute = abs;
    *s = n;
}

/* Facts after an instruction that was not folded away, or after a MOV. */
static void record(opt *o, const tgsi_inst *in)
{
    ov facts[4];
    bool have = false;
    const tgsi_dst *d = &in->dst[0];
    if (in->opcode == TGSI_OPCODE_MOV && !in->saturate && in->num_dst == 1 &&
        d->file == TGSI_FILE_TEMPORARY && !d->reg.indirect && direct(&in->src[0])) {
        const tgsi_src *s = &in->src[0];
        have = true;
        for (unsigned c = 0; c < 4; c++) {
            facts[c].kind = OV_UNK;
            if (!(d->write_mask & (1u << c)))
                continue;
            unsigned sc = s->swizzle[c];
            if (s->file == TGSI_FILE_IMMEDIATE) {
                if (s->reg.index < 0 || (uint32_t)s->reg.index >= o->num_imms)
                    continue;
                const tgsi_immediate *im = &o->imms[s->reg.index];
                if (im->type == TGSI_IMM_FLOAT64 || sc >= im->count)
                    continue;
                facts[c].kind = OV_CONST;
                facts[c].bits = apply_mods(im->bits[sc], s->negate, s->absolute, TGSI_TYPE_N);
            } else if (s->file == TGSI_FILE_TEMPORARY || s->file == TGSI_FILE_INPUT ||
                       s->file == TGSI_FILE_CONSTANT || s->file == TGSI_FILE_SYSTEM_VALUE) {
                if (s->file == TGSI_FILE_TEMPORARY &&
                    (s->reg.index == d->reg.index || s->reg.index < 0 || (uint32_t)s->reg.index >= o->ntemps))
                    continue;
                facts[c].kind = OV_COPY;
                facts[c].src = *s;
                facts[c].src.swizzle[0] = facts[c].src.swizzle[1] = facts[c].src.swizzle[2] =
                    facts[c].src.swizzle[3] = (uint8_t)sc;
                facts[c].ver = s->file == TGSI_FILE_TEMPORARY ? *ver_of(o, (uint32_t)s->reg.index, sc) : 0;
            }
        }
    }
    for (unsigned k = 0; k < in->num_dst; k++)
        kill_dst(o, &in->dst[k]);
    if (have && (uint32_t)d->reg.index < o->ntemps)
        for (unsigned c = 0; c < 4; c++)
            if (d->write_mask & (1u << c))
                o->val[d->reg.index][c] = facts[c];
}

/* ---- common subexpressions ---------------------------------------------- */

static bool cse_candidate(const tgsi_inst *in)
{
    if (!is_pure(in->opcode) || in->opcode == TGSI_OPCODE_MOV || in->num_dst != 1 ||
        in->dst[0].file != TGSI_FILE_TEMPORARY || in->dst[0].reg.indirect)
        return false;
    for (unsigned k = 0; k < in->num_src; k++)
        if (!direct(&in->src[k]) || in->src[k].file == TGSI_FILE_OUTPUT)
            return false;
    return true;
}

static bool same_src(const tgsi_src *a, const tgsi_src *b, unsigned slots)
{
    if (a->file != b->file || a->num_dims != b->num_dims || a->reg.index != b->reg.index ||
        (a->num_dims > 1 && a->dim.index != b->dim.index) || a->negate != b->negate || a->absolute != b->absolute)
        return false;
    for (unsigned c = 0; c < 4; c++)
        if ((slots & (1u << c)) && a->swizzle[c] != b->swizzle[c])
            return false;
    return true;
}

/* Versions of the TEMP components an instruction reads. */
static void src_versions(opt *o, const tgsi_inst *in, uint32_t v[TGSI_MAX_SRC][4])
{
    memset(v, 0, sizeof(uint32_t) * TGSI_MAX_SRC * 4);
    for (unsigned k = 0; k < in->num_src; k++) {
        const tgsi_src *x = &in->src[k];
        if (x->file != TGSI_FILE_TEMPORARY || x->reg.index < 0 || (uint32_t)x->reg.index >= o->ntemps)
            continue;
        for (unsigned c = 0; c < 4; c++)
            v[k][c] = *ver_of(o, (uint32_t)x->reg.index, x->swizzle[c]);
    }
}

/* An earlier instruction computing the same value, still in its register. */
static const avail *cse_find(opt *o, const tgsi_inst *in)
{
    uint32_t sv[TGSI_MAX_SRC][4];
    src_versions(o, in, sv);
    for (uint32_t e = 0; e < o->num_avail; e++) {
        const avail *a = &o->avail[e];
        const tgsi_inst *p = &a->in;
        if (p->opcode != in->opcode || p->saturate != in->saturate || p->num_src != in->num_src ||
            p->dst[0].write_mask != in->dst[0].write_mask)
            continue;
        bool same = true;
        for (unsigned k = 0; k < in->num_src && same; k++) {
            unsigned slots = read_slots(in, k);
            same = same_src(&p->src[k], &in->src[k], slots);
            for (unsigned c = 0; c < 4 && same; c++)
                if ((slots & (1u << c)) && in->src[k].file == TGSI_FILE_TEMPORARY)
                    same = a->src_ver[k][c] == sv[k][c];
        }
        uint32_t t = (uint32_t)p->dst[0].reg.index;
        for (unsigned c = 0; c < 4 && same; c++)
            if (p->dst[0].write_mask & (1u << c))
                same = *ver_of(o, t, c) == a->dst_ver[c];
        if (same)
            return a;
    }
    return NULL;
}

/* Forgets every available instruction. The ring restarts at 0 as well:
 * cse_find looks at entries [0, num_avail), which are the live ones only
 * while avail_next == num_avail (or the ring is full); otherwise it would
 * find entries from before the reset, e.g. a THEN side's results in the
 * ELSE side, whose versions still match there. */
static void cse_clear(opt *o)
{
    o->num_avail = 0;
    o->avail_next = 0;
}

static void cse_add(opt *o, const tgsi_inst *in, uint32_t sv[TGSI_MAX_SRC][4])
{
    avail *a = &o->avail[o->avail_next];
    o->avail_next = (o->avail_next + 1) % OPT_MAX_AVAIL;
    if (o->num_avail < OPT_MAX_AVAIL)
        o->num_avail++;
    a->in = *in;
    memcpy(a->src_ver, sv, sizeof a->src_ver);
    for (unsigned c = 0; c < 4; c++)
        a->dst_ver[c] = *ver_of(o, (uint32_t)in->dst[0].reg.index, c);
}

typedef struct cf_frame {
    uint32_t start;
    ov (*saved)[4];
} cf_frame;

static bool propagate(opt *o)
{
    uint32_t n = o->num_insts;
    /* IF/BGNLOOP <-> their ENDIF/ENDLOOP */
    uint32_t *match = malloc((n ? n : 1) * sizeof *match);
    uint32_t *stack = malloc((n ? n : 1) * sizeof *stack);
    cf_frame *frames = malloc((n ? n : 1) * sizeof *frames);
    size_t vsize = (size_t)o->ntemps * sizeof *o->val;
    bool ok = match && stack && frames;
    uint32_t depth = 0;
    for (uint32_t i = 0; ok && i < n; i++) {
        unsigned op = o->insts[i].opcode;
        match[i] = i;
        if (op == TGSI_OPCODE_IF || op == TGSI_OPCODE_UIF || op == TGSI_OPCODE_BGNLOOP)
            stack[depth++] = i;
        else if ((op == TGSI_OPCODE_ENDIF || op == TGSI_OPCODE_ENDLOOP) && depth) {
            match[stack[--depth]] = i;
            match[i] = stack[depth];
        }
    }
    uint32_t nf = 0;
    for (uint32_t i = 0; ok && i < n; i++) {
        tgsi_inst *in = &o->insts[i];
        unsigned op = in->opcode;
        for (unsigned k = 0; k < in->num_src; k++) {
            rewrite_indirect_imm(o, &in->src[k]);
            rewrite_src(o, in, k);
        }
        if (tgsi_opcode_get_info(op)->flags & TGSI_OPF_LABEL || op == TGSI_OPCODE_BRK || op == TGSI_OPCODE_CONT ||
            op == TGSI_OPCODE_ELSE || op == TGSI_OPCODE_ENDIF || op == TGSI_OPCODE_ENDLOOP) {
            cse_clear(o); /* no CSE across control flow */
            memset(o->addr_known, 0, sizeof o->addr_known); /* nor ADDR facts */
        }
        record_addr(o, in);
        switch (op) {
        case TGSI_OPCODE_IF:
        case TGSI_OPCODE_UIF: {
            cf_frame *f = &frames[nf++];
            f->start = i;
            f->saved = malloc(vsize ? vsize : 1);
            if (!f->saved) {
                ok = false;
                break;
            }
            memcpy(f->saved, o->val, vsize);
            continue;
        }
        case TGSI_OPCODE_ELSE:
            if (nf)
                memcpy(o->val, frames[nf - 1].saved, vsize);
            continue;
        case TGSI_OPCODE_ENDIF:
            if (nf) {
                cf_frame *f = &frames[--nf];
                memcpy(o->val, f->saved, vsize);
                free(f->saved);
                kill_region(o, f->start, i);
            }
            continue;
        case TGSI_OPCODE_BGNLOOP:
            kill_region(o, i, match[i]);
            continue;
        case TGSI_OPCODE_ENDLOOP:
            kill_region(o, match[i], i);
            continue;
        default: break;
        }
        uint32_t res[4];
        if (fold(o, in, res)) {
            uint8_t swz[4];
            int32_t idx = imm_find(o, res, in->dst[0].write_mask, swz);
            if (idx < 0) {
                ok = false;
                break;
            }
            tgsi_inst mv = *in;
            mv.opcode = TGSI_OPCODE_MOV;
            mv.num_src = 1;
            memset(mv.src, 0, sizeof mv.src);
            mv.src[0].file = TGSI_FILE_IMMEDIATE;
            mv.src[0].num_dims = 1;
            mv.src[0].reg.index = idx;
            memcpy(mv.src[0].swizzle, swz, 4);
            *in = mv;
        } else if (cse_candidate(in)) {
            const avail *a = cse_find(o, in);
            if (a) {
                /* the value is in a->in's destination, same components */
                tgsi_inst mv = *in;
                mv.opcode = TGSI_OPCODE_MOV;
                mv.num_src = 1;
                mv.saturate = false;
                memset(mv.src, 0, sizeof mv.src);
                mv.src[0].file = TGSI_FILE_TEMPORARY;
                mv.src[0].num_dims = 1;
                mv.src[0].reg.index = a->in.dst[0].reg.index;
                for (unsigned c = 0; c < 4; c++)
                    mv.src[0].swizzle[c] = (uint8_t)c;
                *in = mv;
            } else {
                uint32_t sv[TGSI_MAX_SRC][4];
                src_versions(o, in, sv);
                record(o, in);
                cse_add(o, in, sv);
                continue;
            }
        }
        record(o, in);
    }
    while (nf)
        free(frames[--nf].saved);
    free(match);
    free(stack);
    free(frames);
    return ok && !o->oom;
}

/* ---- constant branches ---------------------------------------------------- */

/* IF/UIF whose condition propagation turned into an immediate: every lane
 * takes the same side, so the IF, the side not taken and the ELSE/ENDIF go
 * (exec contract item 14: IF tests src.x != 0.0f as a float compare, UIF
 * src.x's bits != 0). The side kept runs under the same mask it ran under
 * before, so derivatives, BRK and KILL in it behave as they did. Returns
 * whether anything went (facts can then cross the old ENDIF: propagate
 * again). */
static bool fold_branches(opt *o, bool *changed)
{
    uint32_t n = o->num_insts;
    *changed = false;
    uint32_t *else_of = malloc((n ? n : 1) * sizeof *else_of);
    uint32_t *end_of = malloc((n ? n : 1) * sizeof *end_of);
    uint32_t *stack = malloc((n ? n : 1) * sizeof *stack);
    bool ok = else_of && end_of && stack;
    uint32_t depth = 0;
    for (uint32_t i = 0; ok && i < n; i++) {
        unsigned op = o->insts[i].opcode;
        else_of[i] = end_of[i] = UINT32_MAX;
        if (op == TGSI_OPCODE_IF || op == TGSI_OPCODE_UIF || op == TGSI_OPCODE_BGNLOOP)
            stack[depth++] = i;
        else if (op == TGSI_OPCODE_ELSE && depth)
            else_of[stack[depth - 1]] = i;
        else if ((op == TGSI_OPCODE_ENDIF || op == TGSI_OPCODE_ENDLOOP) && depth)
            end_of[stack[--depth]] = i;
    }
    for (uint32_t i = 0; ok && i < n; i++) {
        tgsi_inst *in = &o->insts[i];
        unsigned op = in->opcode;
        if ((op != TGSI_OPCODE_IF && op != TGSI_OPCODE_UIF) || end_of[i] == UINT32_MAX)
            continue;
        const tgsi_src *c = &in->src[0];
        if (c->file != TGSI_FILE_IMMEDIATE || !direct(c) || c->reg.index < 0 ||
            (uint32_t)c->reg.index >= o->num_imms || o->imms[c->reg.index].type == TGSI_IMM_FLOAT64 ||
            c->swizzle[0] >= o->imms[c->reg.index].count)
            continue;
        uint32_t bits = o->imms[c->reg.index].bits[c->swizzle[0]];
        bool taken;
        if (op == TGSI_OPCODE_UIF) {
            if (c->negate || c->absolute)
                continue;
            taken = bits != 0;
        } else {
            bits = apply_mods(bits, c->negate, c->absolute, TGSI_TYPE_F);
            float f;
            memcpy(&f, &bits, 4);
            taken = f != 0.0f;
        }
        uint32_t els = else_of[i], end = end_of[i];
        /* drop [from, to] */
        uint32_t from = taken ? (els != UINT32_MAX ? els : end) : i;
        uint32_t to = taken ? end : (els != UINT32_MAX ? els : end);
        for (uint32_t k = from; k <= to; k++)
            o->insts[k].opcode = TGSI_OPCODE_NOP;
        o->insts[taken ? i : end].opcode = TGSI_OPCODE_NOP;
        *changed = true;
        i = taken ? i : to; /* a constant IF inside the dropped side needs nothing */
    }
    if (ok && *changed) {
        uint32_t w = 0;
        for (uint32_t i = 0; i < n; i++)
            if (o->insts[i].opcode != TGSI_OPCODE_NOP)
                o->insts[w++] = o->insts[i];
        o->num_insts = w;
    }
    free(else_of);
    free(end_of);
    free(stack);
    return ok;
}

/* ---- dead code ----------------------------------------------------------- */

static void mark_read(const opt *o, uint8_t *readm, const tgsi_src *s, unsigned slots)
{
    if (s->file == TGSI_FILE_TEMPORARY) {
        if (!s->reg.indirect) {
            if (s->reg.index >= 0 && (uint32_t)s->reg.index < o->ntemps)
                for (unsigned c = 0; c < 4; c++)
                    if (slots & (1u << c))
                        readm[s->reg.index] |= (uint8_t)(1u << s->swizzle[c]);
        } else {
            bool found = false;
            for (uint32_t a = 0; a < o->num_arrays; a++)
                if (s->reg.array_id && o->arrays[a].id == s->reg.array_id) {
                    for (uint32_t t = o->arrays[a].first; t <= o->arrays[a].last; t++)
                        readm[t] = 0xf;
                    found = true;
                }
            if (!found)
                memset(readm, 0xf, o->ntemps);
        }
    }
    /* TEMP used as an address register */
    if (s->reg.indirect && s->reg.ind_file == TGSI_FILE_TEMPORARY && s->reg.ind_index >= 0 &&
        (uint32_t)s->reg.ind_index < o->ntemps)
        readm[s->reg.ind_index] |= (uint8_t)(1u << s->reg.ind_swizzle);
    if (s->num_dims > 1 && s->dim.indirect && s->dim.ind_file == TGSI_FILE_TEMPORARY &&
        s->dim.ind_index >= 0 && (uint32_t)s->dim.ind_index < o->ntemps)
        readm[s->dim.ind_index] |= (uint8_t)(1u << s->dim.ind_swizzle);
}

/* Marks every TEMP component the instruction reads: its sources, texture
 * offsets, and the address registers of indirect destinations. */
static void mark_inst_reads(const opt *o, uint8_t *readm, const tgsi_inst *in)
{
    for (unsigned k = 0; k < in->num_src; k++)
        mark_read(o, readm, &in->src[k], read_slots(in, k));
    for (unsigned k = 0; k < in->num_tex_offsets; k++)
        mark_read(o, readm, &in->tex_offsets[k], 0xf);
    for (unsigned k = 0; k < in->num_dst; k++) {
        tgsi_src a;
        memset(&a, 0, sizeof a);
        a.file = TGSI_FILE_NULL;
        a.reg = in->dst[k].reg;
        a.num_dims = in->dst[k].num_dims;
        a.dim = in->dst[k].dim;
        mark_read(o, readm, &a, 0);
    }
}

static bool dead_stores(opt *o);

/* Does any operand index through ADDR? */
static bool reads_addr(const opt *o)
{
    for (uint32_t i = 0; i < o->num_insts; i++) {
        const tgsi_inst *in = &o->insts[i];
        for (unsigned k = 0; k < in->num_src + in->num_tex_offsets; k++) {
            const tgsi_src *x = k < in->num_src ? &in->src[k] : &in->tex_offsets[k - in->num_src];
            if (x->file == TGSI_FILE_ADDRESS || (x->reg.indirect && x->reg.ind_file == TGSI_FILE_ADDRESS) ||
                (x->num_dims > 1 && x->dim.indirect && x->dim.ind_file == TGSI_FILE_ADDRESS))
                return true;
        }
        for (unsigned k = 0; k < in->num_dst; k++) {
            const tgsi_dst *x = &in->dst[k];
            if ((x->reg.indirect && x->reg.ind_file == TGSI_FILE_ADDRESS) ||
                (x->num_dims > 1 && x->dim.indirect && x->dim.ind_file == TGSI_FILE_ADDRESS))
                return true;
        }
    }
    return false;
}

static bool dead_code(opt *o)
{
    uint8_t *readm = malloc(o->ntemps ? o->ntemps : 1);
    if (!readm)
        return false;
    /* UARL / ARL into an ADDR nothing indexes through any more (const
     * arrays read directly once their index was known) */
    if (!reads_addr(o)) {
        uint32_t w = 0;
        for (uint32_t i = 0; i < o->num_insts; i++) {
            const tgsi_inst *in = &o->insts[i];
            if ((in->opcode == TGSI_OPCODE_UARL || in->opcode == TGSI_OPCODE_ARL) && in->num_dst == 1 &&
                in->dst[0].file == TGSI_FILE_ADDRESS)
                continue;
            o->insts[w++] = *in;
        }
        o->num_insts = w;
    }
    bool changed = true;
    while (changed) {
        changed = false;
        memset(readm, 0, o->ntemps);
        for (uint32_t i = 0; i < o->num_insts; i++) {
            mark_inst_reads(o, readm, &o->insts[i]);
        }
        uint32_t w = 0;
        for (uint32_t i = 0; i < o->num_insts; i++) {
            tgsi_inst *in = &o->insts[i];
            const tgsi_dst *d = &in->dst[0];
            if (is_pure(in->opcode) && in->num_dst == 1 && d->file == TGSI_FILE_TEMPORARY && !d->reg.indirect &&
                d->reg.index >= 0 && (uint32_t)d->reg.index < o->ntemps) {
                unsigned live = d->write_mask & readm[d->reg.index];
                if (!live) {
                    changed = true;
                    continue;
                }
                if (live != d->write_mask) {
                    in->dst[0].write_mask = (uint8_t)live;
                    changed = true;
                }
            }
            o->insts[w++] = *in;
        }
        o->num_insts = w;
        changed = dead_stores(o) || changed;
    }
    free(readm);
    return true;
}

/* Dead stores in straight code: walking back from each control flow
 * instruction (everything live there) or from END (nothing live: outputs are
 * OUT registers), a pure instruction whose TEMP components are all written
 * again before any read goes away, one partly so written is narrowed. */
static bool dead_stores(opt *o)
{
    uint8_t *live = malloc(o->ntemps ? o->ntemps : 1);
    if (!live)
        return false;
    memset(live, 0xf, o->ntemps);
    bool changed = false;
    for (uint32_t i = o->num_insts; i-- > 0;) {
        tgsi_inst *in = &o->insts[i];
        unsigned op = in->opcode;
        if (op == TGSI_OPCODE_END) {
            memset(live, 0, o->ntemps);
            continue;
        }
        if ((tgsi_opcode_get_info(op)->flags & TGSI_OPF_LABEL) || op == TGSI_OPCODE_BRK || op == TGSI_OPCODE_CONT ||
            op == TGSI_OPCODE_ELSE || op == TGSI_OPCODE_ENDIF || op == TGSI_OPCODE_ENDLOOP) {
            memset(live, 0xf, o->ntemps);
            for (unsigned k = 0; k < in->num_src; k++)
                mark_read(o, live, &in->src[k], read_slots(in, k));
            continue;
        }
        const tgsi_dst *d = &in->dst[0];
        bool direct_temp = in->num_dst == 1 && d->file == TGSI_FILE_TEMPORARY && !d->reg.indirect &&
                           d->reg.index >= 0 && (uint32_t)d->reg.index < o->ntemps;
        if (direct_temp && is_pure(op)) {
            unsigned keep = d->write_mask & live[d->reg.index];
            if (!keep) {
                in->opcode = TGSI_OPCODE_NOP;
                in->num_dst = in->num_src = 0;
                in->num_tex_offsets = 0;
                changed = true;
                continue;
            }
            if (keep != d->write_mask) {
                in->dst[0].write_mask = (uint8_t)keep;
                changed = true;
            }
        }
        if (direct_temp)
            live[d->reg.index] &= (uint8_t)~d->write_mask;
        mark_inst_reads(o, live, in);
    }
    /* drop the NOPs */
    uint32_t w = 0;
    for (uint32_t i = 0; i < o->num_insts; i++)
        if (o->insts[i].opcode != TGSI_OPCODE_NOP)
            o->insts[w++] = o->insts[i];
    o->num_insts = w;
    free(live);
    return changed;
}

/* Labels of the structured control flow after instructions moved. */
static bool relabel(opt *o)
{
    uint32_t n = o->num_insts;
    uint32_t *stack = malloc((n ? n : 1) * sizeof *stack);
    if (!stack)
        return false;
    uint32_t depth = 0;
    bool end_found = false;
    for (uint32_t i = 0; i < n; i++) {
        tgsi_inst *in = &o->insts[i];
        switch (in->opcode) {
        case TGSI_OPCODE_IF:
        case TGSI_OPCODE_UIF:
        case TGSI_OPCODE_BGNLOOP:
            stack[depth++] = i;
            break;
        case TGSI_OPCODE_ELSE:
            if (depth) {
                o->insts[stack[depth - 1]].label = (int32_t)i;
                stack[depth - 1] = i;
            }
            break;
        case TGSI_OPCODE_ENDIF:
            if (depth)
                o->insts[stack[--depth]].label = (int32_t)i;
            break;
        case TGSI_OPCODE_ENDLOOP:
            if (depth) {
                uint32_t b = stack[--depth];
                o->insts[b].label = (int32_t)i;
                in->label = (int32_t)b;
            }
            break;
        case TGSI_OPCODE_END:
            if (!end_found && depth == 0) {
                o->p->end_inst = i;
                end_found = true;
            }
            break;
        default: break;
        }
    }
    free(stack);
    return end_found;
}

/* ---- TEMP renumbering ---------------------------------------------------- */

static void remap_index(const int32_t *map, uint32_t ntemps, uint8_t file, tgsi_index *x)
{
    if (file == TGSI_FILE_TEMPORARY && x->index >= 0 && (uint32_t)x->index < ntemps && map[x->index] >= 0)
        x->index = map[x->index];
    if (x->indirect && x->ind_file == TGSI_FILE_TEMPORARY && x->ind_index >= 0 &&
        (uint32_t)x->ind_index < ntemps && map[x->ind_index] >= 0)
        x->ind_index = map[x->ind_index];
}

static bool renumber(opt *o, tgsi_decl **decls_out, uint32_t *num_decls_out)
{
    tgsi_program *p = o->p;
    uint32_t nt = o->ntemps;
    uint8_t *used = calloc(nt ? nt : 1, 1);
    int32_t *map = malloc((nt ? nt : 1) * sizeof *map);
    uint16_t *owner = calloc(nt ? nt : 1, sizeof *owner);
    uint8_t *local = calloc(nt ? nt : 1, 1);
    tgsi_decl *decls = malloc((p->num_decls + nt + 1) * sizeof *decls);
    if (!used || !map || !owner || !local || !decls) {
        free(used);
        free(map);
        free(owner);
        free(local);
        free(decls);
        return false;
    }
    for (uint32_t a = 0; a < o->num_arrays; a++)
        for (uint32_t t = o->arrays[a].first; t <= o->arrays[a].last && t < nt; t++)
            owner[t] = o->arrays[a].id;
    for (uint32_t i = 0; i < p->num_decls; i++)
        if (p->decls[i].file == TGSI_FILE_TEMPORARY && p->decls[i].local)
            for (int32_t t = p->decls[i].first; t <= p->decls[i].last && t >= 0 && (uint32_t)t < nt; t++)
                local[t] = 1;
    for (uint32_t i = 0; i < o->num_insts; i++) {
        const tgsi_inst *in = &o->insts[i];
        for (unsigned k = 0; k < in->num_dst; k++)
            if (in->dst[k].file == TGSI_FILE_TEMPORARY && in->dst[k].reg.index >= 0 &&
                (uint32_t)in->dst[k].reg.index < nt)
                used[in->dst[k].reg.index] = 1;
        for (unsigned k = 0; k < in->num_src; k++)
            if (in->src[k].file == TGSI_FILE_TEMPORARY && in->src[k].reg.index >= 0 &&
                (uint32_t)in->src[k].reg.index < nt)
                used[in->src[k].reg.index] = 1;
        for (unsigned k = 0; k < in->num_tex_offsets; k++)
            if (in->tex_offsets[k].file == TGSI_FILE_TEMPORARY && in->tex_offsets[k].reg.index >= 0 &&
                (uint32_t)in->tex_offsets[k].reg.index < nt)
                used[in->tex_offsets[k].reg.index] = 1;
    }
    /* arrays: all or nothing, contiguous */
    uint32_t next = 0, nd = 0;
    for (uint32_t i = 0; i < p->num_decls; i++)
        if (p->decls[i].file != TGSI_FILE_TEMPORARY)
            decls[nd++] = p->decls[i];
    uint32_t t = 0;
    while (t < nt) {
        if (owner[t]) {
            uint32_t e = t;
            while (e + 1 < nt && owner[e + 1] == owner[t])
                e++;
            bool any = false;
            for (uint32_t k = t; k <= e; k++)
                any = any || used[k];
            if (any) {
                tgsi_decl d;
                memset(&d, 0, sizeof d);
                d.file = TGSI_FILE_TEMPORARY;
                d.first = (int32_t)next;
                d.last = (int32_t)(next + (e - t));
                d.usage_mask = 0xf;
                d.array_id = owner[t];
                d.local = local[t];
                decls[nd++] = d;
            }
            for (uint32_t k = t; k <= e; k++)
                map[k] = any ? (int32_t)next++ : -1;
            t = e + 1;
            continue;
        }
        if (!used[t]) {
            map[t] = -1;
            t++;
            continue;
        }
        uint32_t e = t;
        while (e + 1 < nt && !owner[e + 1] && used[e + 1] && local[e + 1] == local[t])
            e++;
        tgsi_decl d;
        memset(&d, 0, sizeof d);
        d.file = TGSI_FILE_TEMPORARY;
        d.first = (int32_t)next;
        d.last = (int32_t)(next + (e - t));
        d.usage_mask = 0xf;
        d.local = local[t];
        /* merge with the previous plain run */
        if (nd && decls[nd - 1].file == TGSI_FILE_TEMPORARY && !decls[nd - 1].array_id &&
            decls[nd - 1].last + 1 == d.first && decls[nd - 1].local == d.local)
            decls[nd - 1].last = d.last;
        else
            decls[nd++] = d;
        for (uint32_t k = t; k <= e; k++)
            map[k] = (int32_t)next++;
        t = e + 1;
    }
    for (uint32_t i = 0; i < o->num_insts; i++) {
        tgsi_inst *in = &o->insts[i];
        for (unsigned k = 0; k < in->num_dst; k++) {
            remap_index(map, nt, in->dst[k].file, &in->dst[k].reg);
            remap_index(map, nt, TGSI_FILE_NULL, &in->dst[k].dim);
        }
        for (unsigned k = 0; k < in->num_src; k++) {
            remap_index(map, nt, in->src[k].file, &in->src[k].reg);
            remap_index(map, nt, TGSI_FILE_NULL, &in->src[k].dim);
        }
        for (unsigned k = 0; k < in->num_tex_offsets; k++)
            remap_index(map, nt, in->tex_offsets[k].file, &in->tex_offsets[k].reg);
    }
    free(used);
    free(map);
    free(owner);
    free(local);
    *decls_out = decls;
    *num_decls_out = nd;
    return true;
}

/* Drops immediates nothing reads any more (unless some read is indirect). */
static void prune_imms(opt *o)
{
    uint32_t n = o->num_imms;
    int32_t *map = malloc((n ? n : 1) * sizeof *map);
    if (!map)
        return;
    for (uint32_t i = 0; i < n; i++)
        map[i] = -1;
    for (uint32_t i = 0; i < o->num_insts; i++) {
        const tgsi_inst *in = &o->insts[i];
        for (unsigned k = 0; k < in->num_src + in->num_tex_offsets; k++) {
            const tgsi_src *x = k < in->num_src ? &in->src[k] : &in->tex_offsets[k - in->num_src];
            if (x->file != TGSI_FILE_IMMEDIATE)
                continue;
            if (x->reg.indirect || x->reg.index < 0 || (uint32_t)x->reg.index >= n) {
                free(map);
                return;
            }
            map[x->reg.index] = 0;
        }
    }
    uint32_t w = 0;
    for (uint32_t i = 0; i < n; i++)
        if (map[i] == 0) {
            o->imms[w] = o->imms[i];
            map[i] = (int32_t)w++;
        }
    o->num_imms = w;
    for (uint32_t i = 0; i < o->num_insts; i++) {
        tgsi_inst *in = &o->insts[i];
        for (unsigned k = 0; k < in->num_src + in->num_tex_offsets; k++) {
            tgsi_src *x = k < in->num_src ? &in->src[k] : &in->tex_offsets[k - in->num_src];
            if (x->file == TGSI_FILE_IMMEDIATE)
                x->reg.index = map[x->reg.index];
        }
    }
    free(map);
}

/* ---- driver -------------------------------------------------------------- */

bool tgsi_opt_program(tgsi_program *p)
{
    for (uint32_t i = 0; i < p->num_insts; i++) {
        switch (p->insts[i].opcode) {
        case TGSI_OPCODE_CAL: case TGSI_OPCODE_RET: case TGSI_OPCODE_BGNSUB: case TGSI_OPCODE_ENDSUB:
        case TGSI_OPCODE_SWITCH: case TGSI_OPCODE_CASE: case TGSI_OPCODE_DEFAULT: case TGSI_OPCODE_ENDSWITCH:
            return false;
        default: break;
        }
        for (unsigned k = 0; k < p->insts[i].num_dst; k++)
            if (p->insts[i].dst[k].file == TGSI_FILE_TEMPORARY && p->insts[i].dst[k].num_dims != 1)
                return false;
    }
    opt o;
    memset(&o, 0, sizeof o);
    o.p = p;
    for (uint32_t i = 0; i < p->num_props; i++)
        if ((p->props[i].name == TGSI_PROPERTY_LEGACY_MATH_RULES || p->props[i].name == TGSI_PROPERTY_MUL_ZERO_WINS) &&
            p->props[i].value)
            o.mzw = true;
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file != TGSI_FILE_TEMPORARY)
            continue;
        if (d->first < 0 || d->last < d->first)
            return false;
        if ((uint32_t)d->last + 1 > o.ntemps)
            o.ntemps = (uint32_t)d->last + 1;
        if (d->array_id)
            o.num_arrays++;
    }
    bool ok = true;
    o.arrays = malloc((o.num_arrays ? o.num_arrays : 1) * sizeof *o.arrays);
    o.val = calloc(o.ntemps ? o.ntemps : 1, sizeof *o.val);
    o.ver = calloc(o.ntemps ? o.ntemps * 4 : 1, sizeof *o.ver);
    o.insts = malloc((p->num_insts ? p->num_insts : 1) * sizeof *o.insts);
    o.avail = malloc(OPT_MAX_AVAIL * sizeof *o.avail);
    o.cap_imms = p->num_imms + 16;
    o.imms = malloc(o.cap_imms * sizeof *o.imms);
    ok = o.arrays && o.val && o.ver && o.insts && o.imms && o.avail;
    if (ok) {
        uint32_t a = 0;
        for (uint32_t i = 0; i < p->num_decls; i++)
            if (p->decls[i].file == TGSI_FILE_TEMPORARY && p->decls[i].array_id) {
                o.arrays[a].id = p->decls[i].array_id;
                o.arrays[a].first = (uint32_t)p->decls[i].first;
                o.arrays[a].last = (uint32_t)p->decls[i].last;
                a++;
            }
        if (p->num_insts)
            memcpy(o.insts, p->insts, p->num_insts * sizeof *o.insts);
        o.num_insts = p->num_insts;
        if (p->num_imms)
            memcpy(o.imms, p->imms, p->num_imms * sizeof *o.imms);
        o.num_imms = p->num_imms;
        o.orig_imms = p->num_imms;
    }
    ok = ok && propagate(&o);
    /* constant branches go, then what they hid folds too (a few rounds:
     * each can expose conditions of the next, as unrolled && / || do) */
    for (int round = 0; ok && round < 4; round++) {
        bool changed = false;
        ok = fold_branches(&o, &changed);
        if (!ok || !changed)
            break;
        memset(o.val, 0, (size_t)o.ntemps * sizeof *o.val);
        cse_clear(&o);
        memset(o.addr_known, 0, sizeof o.addr_known);
        ok = propagate(&o);
    }
    ok = ok && dead_code(&o);
    uint32_t old_end = p->end_inst;
    tgsi_decl *decls = NULL;
    uint32_t num_decls = 0;
    ok = ok && relabel(&o) && renumber(&o, &decls, &num_decls);
    if (ok)
        prune_imms(&o);
    free(o.arrays);
    free(o.avail);
    free(o.val);
    free(o.ver);
    if (!ok) {
        p->end_inst = old_end;
        free(o.insts);
        free(o.imms);
        free(decls);
        return false;
    }
    free(p->insts);
    p->insts = o.insts;
    p->num_insts = o.num_insts;
    free(p->imms);
    p->imms = o.imms;
    p->num_imms = o.num_imms;
    free(p->decls);
    p->decls = decls;
    p->num_decls = num_decls;
    return true;
}
