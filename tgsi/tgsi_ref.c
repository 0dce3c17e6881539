/*
 * tgsi_ref.c: the scalar reference executor (tgsi_ref.h).
 *
 * In: a validated program, for a PS whether it is dual-source, and the ABI
 * args. Out: the outputs
 * of the args. Every register is 4 components x 8 lanes of raw 32-bit words;
 * every operation is written per lane with uint32_t / int32_t / float and
 * memcpy bit casts, in the order of the formulas of tgsi.rst. Where the spec
 * is silent the execution contract decides (cited "exec contract N").
 *
 * Control flow: all lanes walk the instructions together; a lane executes an
 * instruction when it is running (VS: active_mask, PS: quad_mask), has not
 * ended (RET in main), and every frame of the control stack admits it:
 *   IF     admits the lanes whose condition selected the current branch,
 *   LOOP   admits lanes that have not BRKed out, nor CONTinued this iteration,
 *   SWITCH admits lanes whose case matched (or fell through) and not BRKed,
 *   CALL   admits the calling lanes that have not RETurned.
 * Walking an instruction with no lane admitted does nothing, so bodies of
 * untaken branches are simply walked through. A loop repeats while any lane
 * is admitted at its ENDLOOP, at most 65535 times (exec contract 15).
 *
 * Invariants: reads never go outside the register storage (out-of-range
 * indirect reads give 0, writes are dropped: exec contract 12); the stack
 * is bounded by the program's nesting plus 32 calls.
 */
#include "tgsi/tgsi_ref.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_math.h"

enum { LANES = 8 };

/* exec contract 15: iterations per loop instance, and nested calls. */
#define REF_MAX_LOOP_ITERATIONS 65535u
#define REF_MAX_CALL_DEPTH 32u

typedef struct ref_reg {
    uint32_t c[4][LANES];
} ref_reg;

typedef enum ref_frame_kind { FRAME_IF, FRAME_LOOP, FRAME_SWITCH, FRAME_CALL } ref_frame_kind;

typedef struct ref_frame {
    ref_frame_kind kind;
    bool active[LANES]; /* IF: lanes of the current branch; others: see the essay */
    bool entry[LANES];  /* lanes executing when the frame was pushed */
    bool cond[LANES];   /* IF: the condition */
    bool cont[LANES];   /* LOOP: CONT taken in this iteration */
    bool broken[LANES]; /* SWITCH: BRK taken (no later CASE re-admits the lane) */
    uint32_t sel[LANES]; /* SWITCH: selector bits */
    uint32_t pc;        /* LOOP: first body instruction; CALL: return address;
                           SWITCH: the SWITCH instruction */
    uint32_t iteration; /* LOOP: 1-based iteration being run */
} ref_frame;

typedef struct ref_state {
    const tgsi_program *p;
    bool dual_source; /* PS: OUT COLOR[1] writes color1 (exec contract 20) */
    bool is_ps;
    bool is_gs;
    swr_vs_args *vs;
    swr_gs_args *gs;
    swr_ps_args *ps;
    const swr_shader_resources *res;

    ref_reg *temp, *out, *addr;
    uint32_t num_temp, num_out, num_addr;

    bool running[LANES];
    bool ended[LANES];
    uint32_t exec_mask;  /* PS: live lanes (KILL / DEMOTE clear bits) */
    uint32_t entry_exec; /* PS: exec_mask at entry */

    ref_frame *stack;
    uint32_t depth, cap;
    uint32_t call_depth;

    bool mul_zero_wins;     /* exec contract 10 */
    bool origin_lower_left; /* FS_COORD_ORIGIN LOWER_LEFT */
    bool center_integer;    /* FS_COORD_PIXEL_CENTER INTEGER */
} ref_state;

/* ---- bits ---------------------------------------------------------------- */

static float as_f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t as_u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static int32_t as_i(uint32_t u)
{
    int32_t i;
    memcpy(&i, &u, 4);
    return i;
}

static uint32_t from_i(int32_t i)
{
    uint32_t u;
    memcpy(&u, &i, 4);
    return u;
}

static bool is_nan(float x)
{
    return x != x;
}

/* Arithmetic shift right by n < 32, written without relying on how C shifts
 * negative numbers: a negative value is ~(~v >> n). */
static uint32_t asr(uint32_t v, unsigned n)
{
    return (v & 0x80000000u) ? ~(~v >> n) : v >> n;
}

/* ---- scalar operations (one lane, one component) ------------------------- */

/* NaN payloads: IEEE leaves open which NaN an operation with several NaN
 * operands returns, and a C compiler may swap the operands of a commutative
 * operation. The reference fixes it (exec contract 1, NaN rule of x86's
 * first source operand): the first NaN operand in the formula's order, made
 * quiet. A single NaN operand gives itself quieted, as IEEE does. */
static float quiet(float x)
{
    return as_f(as_u(x) | 0x00400000u);
}

static float f_add(float a, float b)
{
    return is_nan(a) ? quiet(a) : is_nan(b) ? quiet(b) : a + b;
}

static float f_sub(float a, float b)
{
    return is_nan(a) ? quiet(a) : is_nan(b) ? quiet(b) : a - b;
}

static float f_mul(float a, float b)
{
    return is_nan(a) ? quiet(a) : is_nan(b) ? quiet(b) : a * b;
}

static float f_div(float a, float b)
{
    return is_nan(a) ? quiet(a) : is_nan(b) ? quiet(b) : a / b;
}

static float f_fma(float a, float b, float c)
{
    return is_nan(a) ? quiet(a) : is_nan(b) ? quiet(b) : is_nan(c) ? quiet(c) : fmaf(a, b, c);
}

/* exec contract 3: one NaN -> the other operand; both NaN -> the first; of
 * -0 and +0 MIN gives -0 and MAX gives +0. */
static float ref_min(float a, float b)
{
    if (is_nan(a))
        return is_nan(b) ? a : b;
    if (is_nan(b))
        return a;
    if (a == 0.0f && b == 0.0f)
        return signbit(a) ? a : b;
    return a < b ? a : b;
}

static float ref_max(float a, float b)
{
    if (is_nan(a))
        return is_nan(b) ? a : b;
    if (is_nan(b))
        return a;
    if (a == 0.0f && b == 0.0f)
        return signbit(a) ? b : a;
    return a > b ? a : b;
}

/* exec contract 10: with MUL_ZERO_WINS / LEGACY_MATH_RULES a product with a
 * +-0 factor is +0 whatever the other factor is. */
static float ref_mul(const ref_state *st, float a, float b)
{
    if (st->mul_zero_wins && (a == 0.0f || b == 0.0f))
        return 0.0f;
    return f_mul(a, b);
}

/* exec contract 8: clamp to [0, 1], NaN -> 0; as MIN(MAX(x, 0), 1) under
 * contract 3 this also turns -0 into +0. */
static float ref_sat(float x)
{
    if (!(x > 0.0f))
        return 0.0f;
    return x > 1.0f ? 1.0f : x;
}

/* Round half to even (exec contract 1: ROUND; contract 5: ARR). nearbyintf
 * in the default rounding mode is exactly that. */
static float ref_round_even(float x)
{
    return nearbyintf(x);
}

/* exec contract 5. */
static int32_t ref_f2i(float x)
{
    if (is_nan(x))
        return 0;
    if (x >= 2147483648.0f)
        return INT32_MAX;
    if (x < -2147483648.0f)
        return INT32_MIN;
    return (int32_t)x; /* C truncates toward zero */
}

static uint32_t ref_f2u(float x)
{
    if (is_nan(x) || x < 0.0f)
        return 0;
    if (x >= 4294967296.0f)
        return UINT32_MAX;
    return (uint32_t)x;
}

/* exec contract 6. */
static uint32_t ref_idiv(uint32_t ua, uint32_t ub)
{
    int32_t a = as_i(ua), b = as_i(ub);
    if (b == 0)
        return 0xffffffffu;
    if (a == INT32_MIN && b == -1)
        return from_i(INT32_MIN);
    return from_i(a / b);
}

static uint32_t ref_imod(uint32_t ua, uint32_t ub)
{
    int32_t a = as_i(ua), b = as_i(ub);
    if (b == 0)
        return 0xffffffffu;
    if (a == INT32_MIN && b == -1)
        return 0;
    return from_i(a % b);
}

/* exec contract 7 and the pseudocode of IBFE / UBFE / BFI in tgsi.rst. */
static uint32_t ref_bfe(uint32_t value, uint32_t offset, uint32_t bits, bool is_signed)
{
    if (bits == 0)
        return 0;
    if ((uint64_t)offset + bits > 32)
        return 0;
    uint32_t v = value << (32 - offset - bits);
    return is_signed ? asr(v, 32 - bits) : v >> (32 - bits);
}

static uint32_t ref_bfi(uint32_t base, uint32_t insert, uint32_t offset, uint32_t bits)
{
    if (bits == 0 || (uint64_t)offset + bits > 32)
        return base;
    uint32_t mask = (bits == 32 ? 0xffffffffu : ((1u << bits) - 1)) << offset;
    return ((insert << offset) & mask) | (base & ~mask);
}

static uint32_t ref_brev(uint32_t v)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i++)
        if (v & (1u << i))
            r |= 1u << (31 - i);
    return r;
}

static uint32_t ref_popc(uint32_t v)
{
    uint32_t n = 0;
    for (int i = 0; i < 32; i++)
        n += (v >> i) & 1u;
    return n;
}

/* Index of the lowest / highest set bit, 0xffffffff (-1) when none. */
static uint32_t ref_lsb(uint32_t v)
{
    for (uint32_t i = 0; i < 32; i++)
        if (v & (1u << i))
            return i;
    return 0xffffffffu;
}

static uint32_t ref_umsb(uint32_t v)
{
    for (int i = 31; i >= 0; i--)
        if (v & (1u << i))
            return (uint32_t)i;
    return 0xffffffffu;
}

/* Highest bit differing from the sign bit: for negative values the highest
 * 0 bit. 0 and -1 give -1 (exec contract 7). */
static uint32_t ref_imsb(uint32_t v)
{
    return ref_umsb((v & 0x80000000u) ? ~v : v);
}

/* f32 -> f16 bits, round to nearest even; NaN keeps its sign and the top 10
 * payload bits with the quiet bit set; overflow -> inf. */
static uint32_t ref_f32_to_f16(float f)
{
    uint32_t x = as_u(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t exp = (x >> 23) & 0xffu;
    uint32_t man = x & 0x7fffffu;
    if (exp == 0xff)
        return sign | 0x7c00u | (man ? 0x200u | (man >> 13) : 0);
    /* value = 1.man * 2^(exp-127); f16 normal exponents are -14..15. */
    int32_t e = (int32_t)exp - 127;
    if (exp == 0)
        return sign; /* f32 denormals are far below the f16 range */
    if (e > 15)
        return sign | 0x7c00u;
    uint32_t m = man | 0x800000u; /* 24-bit significand */
    uint32_t shift;               /* bits of m dropped */
    uint32_t e16;
    if (e >= -14) {
        shift = 13;
        e16 = (uint32_t)(e + 15);
    } else {
        /* f16 denormal: value = m * 2^(e-23) = d * 2^-24, d = m >> (-e - 1). */
        if (e < -25)
            return sign;
        shift = (uint32_t)(-e - 1);
        e16 = 0;
    }
    uint32_t q = m >> shift;
    uint32_t rem = m & ((1u << shift) - 1);
    uint32_t half = 1u << (shift - 1);
    if (rem > half || (rem == half && (q & 1)))
        q++;
    /* q includes the implicit bit for normals; adding (e16 << 10) - 0x400
     * carries into the exponent on rounding overflow, up to inf. */
    uint32_t h = e16 ? ((e16 << 10) + q - 0x400u) : q;
    if (h >= 0x7c00u)
        h = 0x7c00u;
    return sign | h;
}

/* f16 bits -> f32, exact; NaN keeps its payload with the quiet bit set. */
static float ref_f16_to_f32(uint32_t h)
{
    uint32_t sign = (h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t man = h & 0x3ffu;
    if (exp == 0x1f)
        return as_f(sign | 0x7f800000u | (man ? 0x400000u | (man << 13) : 0));
    if (exp == 0) {
        float v = (float)man * 0x1p-24f; /* exact: man < 2^10 */
        return sign ? -v : v;
    }
    return as_f(sign | ((exp - 15 + 127) << 23) | (man << 13));
}

/* Packs of PK2US / PK4B / PK4UB: clamp (NaN -> 0), scale, round to nearest
 * even. */
static uint32_t ref_unorm(float x, float scale)
{
    float c = is_nan(x) ? 0.0f : x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
    return (uint32_t)ref_round_even(c * scale);
}

static uint32_t ref_snorm8(float x)
{
    float c = is_nan(x) ? 0.0f : x < -1.0f ? -1.0f : x > 1.0f ? 1.0f : x;
    return from_i((int32_t)ref_round_even(c * 127.0f)) & 0xffu;
}

/* ---- declarations -------------------------------------------------------- */

static const tgsi_decl *find_decl(const tgsi_program *p, unsigned file, int64_t index)
{
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file == file && index >= d->first && index <= d->last)
            return d;
    }
    return NULL;
}

static const tgsi_decl *find_array(const tgsi_program *p, unsigned file, unsigned id)
{
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file == file && d->array_id == id)
            return d;
    }
    return NULL;
}

static uint32_t file_size(const tgsi_program *p, unsigned file)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file == file && d->last >= 0 && (uint32_t)d->last + 1 > n)
            n = (uint32_t)d->last + 1;
    }
    return n;
}

static uint32_t prop_value(const tgsi_program *p, unsigned name)
{
    uint32_t v = 0;
    for (uint32_t i = 0; i < p->num_props; i++)
        if (p->props[i].name == name)
            v = p->props[i].value;
    return v;
}

/* ---- control masks ------------------------------------------------------- */

static bool frame_admits(const ref_frame *f, int l)
{
    if (f->kind == FRAME_LOOP)
        return f->active[l] && !f->cont[l];
    return f->active[l];
}

/* The lanes executing the current instruction. */
static uint32_t exec_lanes(const ref_state *st, bool m[LANES])
{
    uint32_t bits = 0;
    for (int l = 0; l < LANES; l++) {
        bool on = st->running[l] && !st->ended[l];
        for (uint32_t k = 0; on && k < st->depth; k++)
            on = frame_admits(&st->stack[k], l);
        m[l] = on;
        if (on)
            bits |= 1u << l;
    }
    return bits;
}

/* The innermost frame when it is of `kind`, else NULL (unbalanced control
 * flow, which a validated program never has). */
static ref_frame *top_frame(ref_state *st, ref_frame_kind kind)
{
    if (st->depth == 0 || st->stack[st->depth - 1].kind != kind)
        return NULL;
    return &st->stack[st->depth - 1];
}

static ref_frame *push_frame(ref_state *st, ref_frame_kind kind)
{
    if (st->depth == st->cap) {
        uint32_t cap = st->cap ? st->cap * 2 : 16;
        ref_frame *s = realloc(st->stack, cap * sizeof *s);
        if (!s)
            return NULL;
        st->stack = s;
        st->cap = cap;
    }
    ref_frame *f = &st->stack[st->depth++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    return f;
}

/* Innermost frame of one of the kinds in `mask` (bit per kind), stopping at
 * a CALL frame unless CALL is asked for; NULL when none. */
static ref_frame *innermost(ref_state *st, unsigned mask)
{
    for (uint32_t k = st->depth; k-- > 0;) {
        ref_frame *f = &st->stack[k];
        if (mask & (1u << f->kind))
            return f;
        if (f->kind == FRAME_CALL)
            return NULL;
    }
    return NULL;
}

/* ---- register access ----------------------------------------------------- */

static uint32_t reg_word(const ref_reg *file, uint32_t n, int64_t i, int c, int l)
{
    return i >= 0 && i < n ? file[i].c[c][l] : 0;
}

/* ADDR[k].c (or TEMP[k].c) of lane l as int32: the indirect part of an index. */
static int64_t indirect_value(const ref_state *st, const tgsi_index *idx, int l)
{
    int c = idx->ind_swizzle & 3;
    if (idx->ind_file == TGSI_FILE_ADDRESS)
        return as_i(reg_word(st->addr, st->num_addr, idx->ind_index, c, l));
    if (idx->ind_file == TGSI_FILE_TEMPORARY)
        return as_i(reg_word(st->temp, st->num_temp, idx->ind_index, c, l));
    return 0;
}

/* The register index of lane l, and whether it is in range (exec contract
 * 12). Direct indices are in range (the validator checked them); CONST is
 * range-checked against constant_count when read. */
static bool resolve_index(const ref_state *st, unsigned file, const tgsi_index *idx, int l,
                          int64_t *out)
{
    *out = idx->index;
    if (!idx->indirect)
        return true;
    int64_t i = idx->index + indirect_value(st, idx, l);
    *out = i;
    if (file == TGSI_FILE_CONSTANT)
        return true;
    if (file == TGSI_FILE_IMMEDIATE)
        return i >= 0 && i < st->p->num_imms;
    const tgsi_decl *d = idx->array_id ? find_array(st->p, file, idx->array_id)
                                       : find_decl(st->p, file, idx->index);
    return d && i >= d->first && i <= d->last;
}

/* Window position as the shader sees it (exec contract 19). */
static uint32_t ps_position(const ref_state *st, int c, int l)
{
    const swr_ps_args *a = st->ps;
    float v = a->position.v[c][l];
    if (c == 0) {
        if (st->center_integer)
            v = v - 0.5f;
    } else if (c == 1) {
        if (st->origin_lower_left)
            v = (float)a->fb_height - v;
        if (st->center_integer)
            v = v - 0.5f;
    }
    return as_u(v);
}

static uint32_t read_sysval(const ref_state *st, unsigned sem, int c, int l)
{
    if (st->is_gs) {
        (void)c;
        return sem == TGSI_SEMANTIC_PRIMID ? from_i(st->gs->prim_id.v[l]) : 0;
    }
    if (!st->is_ps) {
        const swr_vs_args *a = st->vs;
        switch (sem) {
        case TGSI_SEMANTIC_VERTEXID:
            return from_i(a->vertex_id.v[l]);
        case TGSI_SEMANTIC_VERTEXID_NOBASE:
            return from_i(a->vertex_id.v[l]) - from_i(a->base_vertex);
        case TGSI_SEMANTIC_BASEVERTEX:
            return from_i(a->base_vertex);
        case TGSI_SEMANTIC_INSTANCEID:
            return from_i(a->instance_id.v[l]);
        case TGSI_SEMANTIC_BASEINSTANCE:
            return a->start_instance;
        default:
            return 0;
        }
    }
    const swr_ps_args *a = st->ps;
    switch (sem) {
    case TGSI_SEMANTIC_POSITION:
        return ps_position(st, c, l);
    case TGSI_SEMANTIC_FACE:
        return c == 0 ? (a->front_facing ? 0xffffffffu : 0) : c == 3 ? 1u : 0;
    case TGSI_SEMANTIC_PRIMID:
        return a->prim_id;
    case TGSI_SEMANTIC_SAMPLEID:
        return 0;
    case TGSI_SEMANTIC_SAMPLEPOS:
        return c < 2 ? as_u(0.5f) : 0;
    case TGSI_SEMANTIC_SAMPLEMASK:
        return c == 0 ? 1u : 0;
    case TGSI_SEMANTIC_HELPER_INVOCATION:
        return (st->entry_exec >> l) & 1u ? 0 : 0xffffffffu;
    default:
        return 0;
    }
}

static uint32_t read_input(const ref_state *st, int64_t i, int c, int l)
{
    if (i < 0 || i >= SWR_MAX_ATTRIBS)
        return 0;
    if (!st->is_ps)
        return st->vs->inputs ? as_u(st->vs->inputs[i].v[c][l]) : 0;
    const tgsi_decl *d = find_decl(st->p, TGSI_FILE_INPUT, i);
    if (d && d->has_semantic && d->semantic_name == TGSI_SEMANTIC_POSITION)
        return ps_position(st, c, l);
    if (d && d->has_semantic && d->semantic_name == TGSI_SEMANTIC_FACE) {
        static const float face[4] = {0.0f, 0.0f, 0.0f, 1.0f};
        if (c == 0)
            return as_u(st->ps->front_facing ? 1.0f : -1.0f);
        return as_u(face[c]);
    }
    return st->ps->inputs ? as_u(st->ps->inputs[i].v[c][l]) : 0;
}

/* exec contract 12/13: 0 past constant_count, for a NULL buffer, and for a
 * buffer index outside 0..15. */
static uint32_t read_const(const ref_state *st, int64_t buffer, int64_t i, int c)
{
    if (!st->res || buffer < 0 || buffer >= SWR_MAX_CONST_BUFFERS)
        return 0;
    const float *cb = st->res->constants[buffer];
    if (!cb || i < 0 || i >= st->res->constant_count[buffer])
        return 0;
    return as_u(cb[i * 4 + c]);
}

/* Raw word of component c of a source operand's register for lane l, before
 * swizzle and modifiers. */
static uint32_t read_word(const ref_state *st, const tgsi_src *s, int c, int l)
{
    int64_t i;
    if (!resolve_index(st, s->file, &s->reg, l, &i))
        return 0;
    switch (s->file) {
    case TGSI_FILE_TEMPORARY:
        return reg_word(st->temp, st->num_temp, i, c, l);
    case TGSI_FILE_OUTPUT:
        return reg_word(st->out, st->num_out, i, c, l);
    case TGSI_FILE_ADDRESS:
        return reg_word(st->addr, st->num_addr, i, c, l);
    case TGSI_FILE_IMMEDIATE:
        return i >= 0 && i < st->p->num_imms ? st->p->imms[i].bits[c] : 0;
    case TGSI_FILE_INPUT:
        if (st->is_gs) {
            /* IN[vertex][attr]: the vertex is the first dimension. */
            int64_t v = 0;
            if (s->num_dims == 2)
                resolve_index(st, TGSI_FILE_INPUT, &s->dim, l, &v);
            const swr_gs_args *g = st->gs;
            if (!g->inputs || v < 0 || v >= g->num_in_vertices || i < 0 || i >= g->num_inputs)
                return 0;
            return as_u(g->inputs[v * g->num_inputs + i].v[c][l]);
        }
        return read_input(st, i, c, l);
    case TGSI_FILE_CONSTANT: {
        int64_t b = 0;
        if (s->num_dims == 2) {
            resolve_index(st, TGSI_FILE_CONSTANT, &s->dim, l, &b);
        }
        return read_const(st, b, i, c);
    }
    case TGSI_FILE_SYSTEM_VALUE: {
        const tgsi_decl *d = find_decl(st->p, TGSI_FILE_SYSTEM_VALUE, i);
        return d && d->has_semantic ? read_sysval(st, d->semantic_name, c, l) : 0;
    }
    default:
        return 0;
    }
}

/* exec contract 9: modifiers by operand type; negate after absolute. */
static uint32_t apply_modifiers(uint32_t v, tgsi_type type, bool absolute, bool negate)
{
    switch (type) {
    case TGSI_TYPE_I:
        if (absolute && (v & 0x80000000u))
            v = 0u - v;
        if (negate)
            v = 0u - v;
        return v;
    case TGSI_TYPE_U:
        if (negate)
            v = 0u - v;
        return v;
    default: /* F and N: sign-bit operations */
        if (absolute)
            v &= 0x7fffffffu;
        if (negate)
            v ^= 0x80000000u;
        return v;
    }
}

/* Source `n` of `inst` for every lane (all 8, whatever the masks: the
 * derivatives need the neighbours), swizzled and modified. */
static void fetch_src(const ref_state *st, const tgsi_inst *inst, unsigned n,
                      uint32_t v[4][LANES])
{
    const tgsi_src *s = &inst->src[n];
    tgsi_type type = tgsi_opcode_src_type(inst->opcode, n);
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < LANES; l++)
            v[c][l] = apply_modifiers(read_word(st, s, s->swizzle[c] & 3, l), type, s->absolute,
                                      s->negate);
}

/* exec contract 17/20: OUT writes reach the args for running lanes (VS) or
 * live lanes (PS). */
static void write_output_arg(ref_state *st, int64_t i, int c, int l, uint32_t v)
{
    if (i < 0 || i >= SWR_MAX_ATTRIBS || st->is_gs)
        return; /* GS outputs leave with EMIT */
    if (!st->is_ps) {
        if (st->vs->outputs)
            st->vs->outputs[i].v[c][l] = as_f(v);
        return;
    }
    swr_ps_args *a = st->ps;
    if (!((st->exec_mask >> l) & 1u))
        return;
    const tgsi_decl *d = find_decl(st->p, TGSI_FILE_OUTPUT, i);
    if (!d || !d->has_semantic)
        return;
    /* A ranged declaration numbers its registers' semantics consecutively. */
    uint64_t sem_index = d->semantic_index + (uint64_t)(i - d->first);
    switch (d->semantic_name) {
    case TGSI_SEMANTIC_COLOR:
        if (sem_index == 1 && st->dual_source)
            a->color1.v[c][l] = as_f(v);
        else if (sem_index < 8)
            a->color[sem_index].v[c][l] = as_f(v);
        return;
    case TGSI_SEMANTIC_POSITION:
        if (c == 2)
            a->depth[l] = as_f(v);
        return;
    case TGSI_SEMANTIC_STENCIL:
        if (c == 1)
            a->stencil[l] = as_i(v);
        return;
    default:
        return;
    }
}

/* Writes `v` to destination 0 of `inst` for the lanes in m, the components
 * in the write mask; _SAT on float results (exec contract 8; MOV and UCMP's
 * untyped results count as floats, as for their source modifiers). */
static void write_dst(ref_state *st, const tgsi_inst *inst, uint32_t v[4][LANES],
                      const bool m[LANES])
{
    if (inst->num_dst == 0)
        return;
    const tgsi_dst *d = &inst->dst[0];
    const tgsi_opcode_info *info = tgsi_opcode_get_info(inst->opcode);
    bool sat = inst->saturate && (info->dst_type == TGSI_TYPE_F || info->dst_type == TGSI_TYPE_N);
    for (int l = 0; l < LANES; l++) {
        if (!m[l])
            continue;
        int64_t i;
        if (!resolve_index(st, d->file, &d->reg, l, &i))
            continue;
        for (int c = 0; c < 4; c++) {
            if (!((d->write_mask >> c) & 1))
                continue;
            uint32_t w = sat ? as_u(ref_sat(as_f(v[c][l]))) : v[c][l];
            switch (d->file) {
            case TGSI_FILE_TEMPORARY:
                if (i >= 0 && i < st->num_temp)
                    st->temp[i].c[c][l] = w;
                break;
            case TGSI_FILE_ADDRESS:
                if (i >= 0 && i < st->num_addr)
                    st->addr[i].c[c][l] = w;
                break;
            case TGSI_FILE_OUTPUT:
                if (i >= 0 && i < st->num_out)
                    st->out[i].c[c][l] = w;
                write_output_arg(st, i, c, l, w);
                break;
            default:
                break;
            }
        }
    }
}

/* ---- derivatives (exec contract 18) -------------------------------------- */

/* Lane l is in-quad index q = l & 3 of the quad starting at lane l & 4:
 * q = 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right. */
static float deriv(const ref_state *st, const uint32_t v[LANES], int l, bool dy, bool fine)
{
    if (!st->is_ps)
        return 0.0f;
    int base = l & 4, q = l & 3;
    int a, b; /* result = v[b] - v[a] */
    if (!fine) {
        a = base;
        b = base + (dy ? 2 : 1);
    } else if (!dy) {
        a = base + (q & 2);
        b = a + 1;
    } else {
        a = base + (q & 1);
        b = a + 2;
    }
    return f_sub(as_f(v[b]), as_f(v[a]));
}

/* ---- texturing (exec contract 21/22) ------------------------------------- */

/* Spatial coordinates (s, t, r) and array layer of a target. */
static void target_layout(unsigned target, unsigned *dims, unsigned *layer)
{
    *layer = 0;
    switch (target) {
    case TGSI_TEXTURE_BUFFER:
    case TGSI_TEXTURE_1D:
    case TGSI_TEXTURE_SHADOW1D:
        *dims = 1;
        return;
    case TGSI_TEXTURE_1D_ARRAY:
    case TGSI_TEXTURE_SHADOW1D_ARRAY:
        *dims = 1;
        *layer = 1;
        return;
    case TGSI_TEXTURE_2D_ARRAY:
    case TGSI_TEXTURE_SHADOW2D_ARRAY:
    case TGSI_TEXTURE_2D_ARRAY_MSAA:
        *dims = 2;
        *layer = 1;
        return;
    case TGSI_TEXTURE_3D:
    case TGSI_TEXTURE_CUBE:
    case TGSI_TEXTURE_SHADOWCUBE:
        *dims = 3;
        return;
    case TGSI_TEXTURE_CUBE_ARRAY:
    case TGSI_TEXTURE_SHADOWCUBE_ARRAY:
        *dims = 3;
        *layer = 1;
        return;
    default: /* 2D, RECT, SHADOW2D, SHADOWRECT, 2D_MSAA, UNKNOWN */
        *dims = 2;
        return;
    }
}

static bool target_is_shadow(unsigned target)
{
    switch (target) {
    case TGSI_TEXTURE_SHADOW1D:
    case TGSI_TEXTURE_SHADOW2D:
    case TGSI_TEXTURE_SHADOWRECT:
    case TGSI_TEXTURE_SHADOW1D_ARRAY:
    case TGSI_TEXTURE_SHADOW2D_ARRAY:
    case TGSI_TEXTURE_SHADOWCUBE:
    case TGSI_TEXTURE_SHADOWCUBE_ARRAY:
        return true;
    default:
        return false;
    }
}

/* Component of src0 holding the shadow reference for TEX (tgsi.rst, TEX):
 * z without arrays and for 1D arrays, w for 2D arrays and cube maps; -1 for
 * shadow cube arrays, whose reference TEX cannot carry (TEX2 does). */
static int tex_shadow_comp(unsigned target)
{
    switch (target) {
    case TGSI_TEXTURE_SHADOW2D_ARRAY:
    case TGSI_TEXTURE_SHADOWCUBE:
        return 3;
    case TGSI_TEXTURE_SHADOWCUBE_ARRAY:
        return -1;
    default:
        return 2;
    }
}

static unsigned sview_target(const tgsi_program *p, int32_t index)
{
    const tgsi_decl *d = find_decl(p, TGSI_FILE_SAMPLER_VIEW, index);
    return d ? d->resource_target : TGSI_TEXTURE_UNKNOWN;
}

/* Executes a texture or resource-sampling instruction for the lanes in m. */
static void exec_tex(ref_state *st, const tgsi_inst *inst, const bool m[LANES],
                     uint32_t mask_bits)
{
    unsigned op = inst->opcode;
    uint32_t res[4][LANES];
    memset(res, 0, sizeof res);
    const swr_sampler_interface *smp = st->res ? st->res->sampler : NULL;

    uint32_t s[TGSI_MAX_SRC][4][LANES];
    for (unsigned n = 0; n < inst->num_src; n++)
        fetch_src(st, inst, n, s[n]);

    /* Queries first: no coordinates. */
    if (op == TGSI_OPCODE_TXQ || op == TGSI_OPCODE_SVIEWINFO) {
        unsigned unit = (unsigned)inst->src[1].reg.index;
        if (smp && mask_bits) {
            int32_t level[LANES];
            for (int l = 0; l < LANES; l++)
                level[l] = as_i(s[0][0][l]);
            swr_simd_vec4 out;
            memset(&out, 0, sizeof out);
            smp->query_size(smp, unit, level, mask_bits, &out);
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < LANES; l++)
                    res[c][l] = as_u(out.v[c][l]);
        }
        write_dst(st, inst, res, m);
        return;
    }
    if (op == TGSI_OPCODE_TXQS || op == TGSI_OPCODE_SAMPLE_INFO ||
        op == TGSI_OPCODE_SAMPLE_POS) {
        const tgsi_src *u = &inst->src[0];
        uint32_t raw[4] = {0, 0, 0, 0};
        if (op == TGSI_OPCODE_SAMPLE_POS) {
            raw[0] = raw[1] = as_u(0.5f); /* exec contract 22 */
        } else {
            raw[0] = 1; /* SAMPLE_INFO of the render target: single sampled */
            if (op == TGSI_OPCODE_TXQS || u->file == TGSI_FILE_SAMPLER_VIEW)
                raw[0] = smp ? smp->query_samples(smp, (unsigned)u->reg.index) : 0;
        }
        /* SAMPLE_INFO / SAMPLE_POS: "the source register may have an
         * optional swizzle to apply to the returned result" (tgsi.rst). */
        bool swizzled = op != TGSI_OPCODE_TXQS;
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < LANES; l++)
                res[c][l] = raw[swizzled ? (u->swizzle[c] & 3) : c];
        write_dst(st, inst, res, m);
        return;
    }

    swr_tex_request req;
    memset(&req, 0, sizeof req);
    req.mask = mask_bits;
    unsigned target = inst->tex_target;
    uint32_t p[4][LANES]; /* coordinate source */
    memcpy(p, s[0], sizeof p);
    int ref_src = -1, ref_comp = -1;  /* shadow reference: s[ref_src][ref_comp] */
    int lod_src = -1, lod_comp = -1;  /* bias or explicit LOD */
    int ddx_src = -1, ddy_src = -1;   /* explicit derivatives */
    bool implicit = false;            /* derivatives from the quad */
    int swizzle_src = -1; /* SVIEW operand whose swizzle applies to the result */
    unsigned unit_src = 1;
    int gather_comp = 0;

    switch (op) {
    case TGSI_OPCODE_TEX:
    case TGSI_OPCODE_TXP:
    case TGSI_OPCODE_TEX_LZ:
        if (op == TGSI_OPCODE_TXP) {
            /* coord.xyz = src0.xyz / src0.w, coord.w = src0.w */
            for (int c = 0; c < 3; c++)
                for (int l = 0; l < LANES; l++)
                    p[c][l] = as_u(f_div(as_f(s[0][c][l]), as_f(s[0][3][l])));
        }
        req.op = op == TGSI_OPCODE_TEX_LZ ? SWR_TEX_SAMPLE_L : SWR_TEX_SAMPLE; /* LZ: lod 0 */
        implicit = op != TGSI_OPCODE_TEX_LZ;
        if (target_is_shadow(target)) {
            ref_src = 0;
            ref_comp = tex_shadow_comp(target);
        }
        break;
    case TGSI_OPCODE_TEX2:
        req.op = SWR_TEX_SAMPLE;
        implicit = true;
        unit_src = 2;
        if (target_is_shadow(target)) {
            ref_src = 1;
            ref_comp = 0;
        }
        break;
    case TGSI_OPCODE_TXB:
    case TGSI_OPCODE_TXL:
        req.op = op == TGSI_OPCODE_TXB ? SWR_TEX_SAMPLE : SWR_TEX_SAMPLE_L;
        req.has_lod = op == TGSI_OPCODE_TXB;
        implicit = op == TGSI_OPCODE_TXB;
        lod_src = 0;
        lod_comp = 3;
        if (target_is_shadow(target)) {
            ref_src = 0;
            ref_comp = 2; /* "always in src.z" */
        }
        break;
    case TGSI_OPCODE_TXB2:
    case TGSI_OPCODE_TXL2:
        req.op = op == TGSI_OPCODE_TXB2 ? SWR_TEX_SAMPLE : SWR_TEX_SAMPLE_L;
        req.has_lod = op == TGSI_OPCODE_TXB2;
        implicit = op == TGSI_OPCODE_TXB2;
        unit_src = 2;
        lod_src = 1;
        lod_comp = 0;
        if (target == TGSI_TEXTURE_SHADOWCUBE_ARRAY) {
            ref_src = 1;
            ref_comp = 1;
        } else if (target_is_shadow(target)) {
            ref_src = 0;
            ref_comp = tex_shadow_comp(target);
        }
        break;
    case TGSI_OPCODE_TXD:
        req.op = SWR_TEX_SAMPLE;
        unit_src = 3;
        ddx_src = 1;
        ddy_src = 2;
        if (target_is_shadow(target)) {
            ref_src = 0;
            ref_comp = tex_shadow_comp(target);
        }
        break;
    case TGSI_OPCODE_TXF:
    case TGSI_OPCODE_TXF_LZ:
        req.op = SWR_TEX_FETCH;
        if (op == TGSI_OPCODE_TXF) {
            lod_src = 0;
            lod_comp = 3;
        }
        break;
    case TGSI_OPCODE_TG4:
        req.op = SWR_TEX_GATHER;
        unit_src = 2;
        if (target_is_shadow(target)) {
            ref_src = target == TGSI_TEXTURE_SHADOWCUBE_ARRAY ? 1 : 0;
            ref_comp = target == TGSI_TEXTURE_SHADOWCUBE_ARRAY ? 0 : tex_shadow_comp(target);
        } else {
            /* The component is src1.x, an integer; one per instruction, so
             * the first executing lane's value, masked to 0..3. */
            for (int l = 0; l < LANES; l++) {
                if (m[l]) {
                    gather_comp = (int)(s[1][0][l] & 3u);
                    break;
                }
            }
        }
        break;
    case TGSI_OPCODE_LODQ:
        req.op = SWR_TEX_LODQ;
        implicit = true;
        break;
    /* SAMPLE family: src1 SVIEW, src2 SAMP; target from the SVIEW decl. */
    case TGSI_OPCODE_SAMPLE:
    case TGSI_OPCODE_SAMPLE_B:
    case TGSI_OPCODE_SAMPLE_C:
    case TGSI_OPCODE_SAMPLE_C_LZ:
    case TGSI_OPCODE_SAMPLE_D:
    case TGSI_OPCODE_SAMPLE_L:
    case TGSI_OPCODE_GATHER4:
    case TGSI_OPCODE_LOD:
    case TGSI_OPCODE_SAMPLE_I:
    case TGSI_OPCODE_SAMPLE_I_MS:
        target = sview_target(st->p, inst->src[1].reg.index);
        swizzle_src = 1;
        switch (op) {
        case TGSI_OPCODE_SAMPLE:
            req.op = SWR_TEX_SAMPLE;
            implicit = true;
            break;
        case TGSI_OPCODE_SAMPLE_B:
            req.op = SWR_TEX_SAMPLE;
            req.has_lod = 1;
            implicit = true;
            lod_src = 3;
            lod_comp = 0;
            break;
        case TGSI_OPCODE_SAMPLE_C:
            req.op = SWR_TEX_SAMPLE;
            implicit = true;
            ref_src = 3;
            ref_comp = 0;
            break;
        case TGSI_OPCODE_SAMPLE_C_LZ:
            req.op = SWR_TEX_SAMPLE_L; /* lod[] stays 0 */
            ref_src = 3;
            ref_comp = 0;
            break;
        case TGSI_OPCODE_SAMPLE_D:
            req.op = SWR_TEX_SAMPLE;
            ddx_src = 3;
            ddy_src = 4;
            break;
        case TGSI_OPCODE_SAMPLE_L:
            req.op = SWR_TEX_SAMPLE_L;
            lod_src = 3;
            lod_comp = 0;
            break;
        case TGSI_OPCODE_GATHER4:
            req.op = SWR_TEX_GATHER;
            gather_comp = inst->src[2].swizzle[0] & 3;
            break;
        case TGSI_OPCODE_LOD:
            req.op = SWR_TEX_LODQ;
            implicit = true;
            break;
        case TGSI_OPCODE_SAMPLE_I:
            req.op = SWR_TEX_FETCH;
            lod_src = 0;
            lod_comp = 3;
            break;
        default: /* SAMPLE_I_MS: the sample index takes the level's place */
            req.op = SWR_TEX_FETCH;
            lod_src = 2;
            lod_comp = 0;
            break;
        }
        break;
    default:
        return;
    }

    if (swizzle_src >= 0) {
        req.sview = (uint8_t)inst->src[1].reg.index;
        req.sampler = (op == TGSI_OPCODE_SAMPLE_I || op == TGSI_OPCODE_SAMPLE_I_MS)
                          ? req.sview
                          : (uint8_t)inst->src[2].reg.index;
    } else {
        req.sview = req.sampler = (uint8_t)inst->src[unit_src].reg.index;
    }
    req.target = (uint8_t)target;
    req.gather_comp = (uint8_t)gather_comp;

    unsigned dims, layer;
    target_layout(target, &dims, &layer);
    for (unsigned c = 0; c < dims + layer && c < 4; c++)
        for (int l = 0; l < LANES; l++)
            req.coords.v[c][l] = as_f(p[c][l]);

    if (ref_src >= 0) {
        req.has_compare = 1;
        for (int l = 0; l < LANES; l++)
            req.compare[l] = ref_comp >= 0 ? as_f((ref_src == 0 ? p : s[ref_src])[ref_comp][l])
                                           : 0.0f;
    }
    if (lod_src >= 0) {
        for (int l = 0; l < LANES; l++) {
            uint32_t w = (lod_src == 0 ? p : s[lod_src])[lod_comp][l];
            if (req.op == SWR_TEX_FETCH)
                req.lod_int[l] = as_i(w);
            else
                req.lod[l] = as_f(w);
        }
    }
    for (unsigned k = 0; k < dims && k < 3; k++) {
        for (int l = 0; l < LANES; l++) {
            if (ddx_src >= 0) {
                req.ddx[k][l] = as_f(s[ddx_src][k][l]);
                req.ddy[k][l] = as_f(s[ddy_src][k][l]);
            } else if (implicit) {
                req.ddx[k][l] = deriv(st, p[k], l, false, false);
                req.ddy[k][l] = deriv(st, p[k], l, true, false);
            }
        }
    }
    if (inst->num_tex_offsets > 0) {
        const tgsi_src *o = &inst->tex_offsets[0];
        req.has_offsets = 1;
        for (int k = 0; k < 3; k++)
            for (int l = 0; l < LANES; l++)
                req.offsets[k][l] =
                    as_i(apply_modifiers(read_word(st, o, o->swizzle[k] & 3, l), TGSI_TYPE_I,
                                         o->absolute, o->negate));
    }

    if (smp && mask_bits) {
        swr_simd_vec4 out;
        memset(&out, 0, sizeof out);
        smp->sample(smp, &req, &out);
        uint32_t raw[4][LANES];
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < LANES; l++)
                raw[c][l] = as_u(out.v[c][l]);
        if (req.op == SWR_TEX_LODQ) /* LOD/LODQ: (lod, lambda, 0, 0) */
            for (int l = 0; l < LANES; l++)
                raw[2][l] = raw[3][l] = 0;
        for (int c = 0; c < 4; c++) {
            int from = swizzle_src >= 0 ? (inst->src[swizzle_src].swizzle[c] & 3) : c;
            for (int l = 0; l < LANES; l++)
                res[c][l] = raw[from][l];
        }
    }
    write_dst(st, inst, res, m);
}

/* ---- ALU ----------------------------------------------------------------- */

/* Component-wise and replicated operations of one instruction for all lanes
 * (values of lanes outside m are computed and discarded). Returns false for
 * opcodes not handled here. */
static bool exec_alu(ref_state *st, const tgsi_inst *inst, uint32_t r[4][LANES])
{
    uint32_t s[TGSI_MAX_SRC][4][LANES];
    for (unsigned n = 0; n < inst->num_src; n++)
        fetch_src(st, inst, n, s[n]);
    unsigned op = inst->opcode;

    for (int l = 0; l < LANES; l++) {
        /* Float views of the x components, for replicated results. */
        float x0 = as_f(s[0][0][l]);
        float x1 = inst->num_src > 1 ? as_f(s[1][0][l]) : 0.0f;
        switch (op) {
        case TGSI_OPCODE_RCP:
            for (int c = 0; c < 4; c++)
                r[c][l] = as_u(1.0f / x0);
            continue;
        case TGSI_OPCODE_RSQ:
            for (int c = 0; c < 4; c++)
                r[c][l] = as_u(1.0f / sqrtf(x0));
            continue;
        case TGSI_OPCODE_SQRT:
            for (int c = 0; c < 4; c++)
                r[c][l] = as_u(sqrtf(x0));
            continue;
        case TGSI_OPCODE_EX2:
            for (int c = 0; c < 4; c++)
                r[c][l] = as_u(tgsi_exp2f(x0));
            continue;
        case TGSI_OPCODE_LG2:
            for (int c = 0; c < 4; c++)
                r[c][l] = as_u(tgsi_log2f(x0));
            continue;
        case TGSI_OPCODE_SIN:
            for (int c = 0; c < 4; c++)
                r[c][l] = as_u(tgsi_sinf(x0));
            continue;
        case TGSI_OPCODE_COS:
            for (int c = 0; c < 4; c++)
                r[c][l] = as_u(tgsi_cosf(x0));
            continue;
        case TGSI_OPCODE_POW: {
            float v = st->mul_zero_wins ? tgsi_powf_mzw(x0, x1) : tgsi_powf(x0, x1);
            for (int c = 0; c < 4; c++)
                r[c][l] = as_u(v);
            continue;
        }
        case TGSI_OPCODE_DP2:
        case TGSI_OPCODE_DP3:
        case TGSI_OPCODE_DP4: {
            int n = op == TGSI_OPCODE_DP2 ? 2 : op == TGSI_OPCODE_DP3 ? 3 : 4;
            float sum = ref_mul(st, as_f(s[0][0][l]), as_f(s[1][0][l]));
            for (int c = 1; c < n; c++)
                sum = f_add(sum, ref_mul(st, as_f(s[0][c][l]), as_f(s[1][c][l])));
            for (int c = 0; c < 4; c++)
                r[c][l] = as_u(sum);
            continue;
        }
        case TGSI_OPCODE_LIT: {
            /* clamp() as tgsi.rst defines it: (x < y) ? y : (x > z) ? z : x */
            float w = as_f(s[0][3][l]);
            float e = w < -128.0f ? -128.0f : w > 128.0f ? 128.0f : w;
            r[0][l] = r[3][l] = as_u(1.0f);
            r[1][l] = as_u(ref_max(x0, 0.0f));
            r[2][l] = as_u(x0 > 0.0f ? tgsi_powf(ref_max(as_f(s[0][1][l]), 0.0f), e) : 0.0f);
            continue;
        }
        case TGSI_OPCODE_EXP: {
            float fl = floorf(x0);
            r[0][l] = as_u(tgsi_exp2f(fl));
            r[1][l] = as_u(f_sub(x0, fl));
            r[2][l] = as_u(tgsi_exp2f(x0));
            r[3][l] = as_u(1.0f);
            continue;
        }
        case TGSI_OPCODE_LOG: {
            float ax = fabsf(x0);
            float fl = floorf(tgsi_log2f(ax));
            r[0][l] = as_u(fl);
            r[1][l] = as_u(f_div(ax, tgsi_exp2f(fl)));
            r[2][l] = as_u(tgsi_log2f(ax));
            r[3][l] = as_u(1.0f);
            continue;
        }
        case TGSI_OPCODE_DST:
            r[0][l] = as_u(1.0f);
            r[1][l] = as_u(f_mul(as_f(s[0][1][l]), as_f(s[1][1][l])));
            r[2][l] = s[0][2][l];
            r[3][l] = s[1][3][l];
            continue;
        case TGSI_OPCODE_PK2H: {
            uint32_t v = ref_f32_to_f16(x0) | (ref_f32_to_f16(as_f(s[0][1][l])) << 16);
            for (int c = 0; c < 4; c++)
                r[c][l] = v;
            continue;
        }
        case TGSI_OPCODE_PK2US: {
            uint32_t v = ref_unorm(x0, 65535.0f) | (ref_unorm(as_f(s[0][1][l]), 65535.0f) << 16);
            for (int c = 0; c < 4; c++)
                r[c][l] = v;
            continue;
        }
        case TGSI_OPCODE_PK4B:
        case TGSI_OPCODE_PK4UB: {
            uint32_t v = 0;
            for (int c = 0; c < 4; c++) {
                float f = as_f(s[0][c][l]);
                uint32_t b = op == TGSI_OPCODE_PK4B ? ref_snorm8(f) : ref_unorm(f, 255.0f);
                v |= b << (8 * c);
            }
            for (int c = 0; c < 4; c++)
                r[c][l] = v;
            continue;
        }
        case TGSI_OPCODE_UP2H:
        case TGSI_OPCODE_UP2US: {
            uint32_t w = s[0][0][l];
            float lo, hi;
            if (op == TGSI_OPCODE_UP2H) {
                lo = ref_f16_to_f32(w & 0xffffu);
                hi = ref_f16_to_f32(w >> 16);
            } else {
                lo = (float)(w & 0xffffu) / 65535.0f;
                hi = (float)(w >> 16) / 65535.0f;
            }
            r[0][l] = r[2][l] = as_u(lo);
            r[1][l] = r[3][l] = as_u(hi);
            continue;
        }
        case TGSI_OPCODE_UP4B:
        case TGSI_OPCODE_UP4UB: {
            uint32_t w = s[0][0][l];
            for (int c = 0; c < 4; c++) {
                uint32_t b = (w >> (8 * c)) & 0xffu;
                float f;
                if (op == TGSI_OPCODE_UP4UB) {
                    f = (float)b / 255.0f;
                } else {
                    int32_t sb = b >= 128 ? (int32_t)b - 256 : (int32_t)b;
                    f = ref_max((float)sb / 127.0f, -1.0f);
                }
                r[c][l] = as_u(f);
            }
            continue;
        }
        case TGSI_OPCODE_TXQS:
        default:
            break;
        }

        for (int c = 0; c < 4; c++) {
            uint32_t a = s[0][c][l];
            uint32_t b = inst->num_src > 1 ? s[1][c][l] : 0;
            uint32_t d = inst->num_src > 2 ? s[2][c][l] : 0;
            uint32_t e = inst->num_src > 3 ? s[3][c][l] : 0;
            float fa = as_f(a), fb = as_f(b), fd = as_f(d);
            uint32_t v;
            switch (op) {
            case TGSI_OPCODE_MOV:
                v = a;
                break;
            case TGSI_OPCODE_ARL:
                v = from_i(ref_f2i(floorf(fa)));
                break;
            case TGSI_OPCODE_ARR:
                v = from_i(ref_f2i(ref_round_even(fa)));
                break;
            case TGSI_OPCODE_UARL:
                v = a;
                break;
            case TGSI_OPCODE_MUL:
                v = as_u(ref_mul(st, fa, fb));
                break;
            case TGSI_OPCODE_ADD:
                v = as_u(f_add(fa, fb));
                break;
            case TGSI_OPCODE_MIN:
                v = as_u(ref_min(fa, fb));
                break;
            case TGSI_OPCODE_MAX:
                v = as_u(ref_max(fa, fb));
                break;
            case TGSI_OPCODE_SLT:
                v = as_u(fa < fb ? 1.0f : 0.0f);
                break;
            case TGSI_OPCODE_SGE:
                v = as_u(fa >= fb ? 1.0f : 0.0f);
                break;
            case TGSI_OPCODE_SEQ:
                v = as_u(fa == fb ? 1.0f : 0.0f);
                break;
            case TGSI_OPCODE_SGT:
                v = as_u(fa > fb ? 1.0f : 0.0f);
                break;
            case TGSI_OPCODE_SLE:
                v = as_u(fa <= fb ? 1.0f : 0.0f);
                break;
            case TGSI_OPCODE_SNE: /* unordered: NaN != x (exec contract 4) */
                v = as_u(!(fa == fb) ? 1.0f : 0.0f);
                break;
            case TGSI_OPCODE_MAD:
                v = as_u(f_add(ref_mul(st, fa, fb), fd));
                break;
            case TGSI_OPCODE_LRP:
                v = as_u(f_add(f_mul(fa, fb), f_mul(f_sub(1.0f, fa), fd)));
                break;
            case TGSI_OPCODE_FMA:
                v = as_u(f_fma(fa, fb, fd));
                break;
            case TGSI_OPCODE_FRC:
                v = as_u(f_sub(fa, floorf(fa)));
                break;
            case TGSI_OPCODE_FLR:
                v = as_u(floorf(fa));
                break;
            case TGSI_OPCODE_CEIL:
                v = as_u(ceilf(fa));
                break;
            case TGSI_OPCODE_TRUNC:
                v = as_u(truncf(fa));
                break;
            case TGSI_OPCODE_ROUND:
                v = as_u(ref_round_even(fa));
                break;
            case TGSI_OPCODE_LDEXP:
                v = as_u(ldexpf(fa, as_i(b)));
                break;
            case TGSI_OPCODE_DIV:
                v = as_u(f_div(fa, fb));
                break;
            case TGSI_OPCODE_SSG:
                v = as_u(fa > 0.0f ? 1.0f : fa < 0.0f ? -1.0f : 0.0f);
                break;
            case TGSI_OPCODE_CMP:
                v = fa < 0.0f ? b : d;
                break;
            case TGSI_OPCODE_I2F:
                v = as_u((float)as_i(a));
                break;
            case TGSI_OPCODE_U2F:
                v = as_u((float)a);
                break;
            case TGSI_OPCODE_F2I:
                v = from_i(ref_f2i(fa));
                break;
            case TGSI_OPCODE_F2U:
                v = ref_f2u(fa);
                break;
            case TGSI_OPCODE_UADD:
                v = a + b;
                break;
            case TGSI_OPCODE_UMAD:
                v = a * b + d;
                break;
            case TGSI_OPCODE_UMUL:
                v = a * b;
                break;
            case TGSI_OPCODE_IMUL_HI:
                v = (uint32_t)((uint64_t)((int64_t)as_i(a) * (int64_t)as_i(b)) >> 32);
                break;
            case TGSI_OPCODE_UMUL_HI:
                v = (uint32_t)(((uint64_t)a * (uint64_t)b) >> 32);
                break;
            case TGSI_OPCODE_IDIV:
                v = ref_idiv(a, b);
                break;
            case TGSI_OPCODE_UDIV:
                v = b ? a / b : 0xffffffffu;
                break;
            case TGSI_OPCODE_UMOD:
                v = b ? a % b : 0xffffffffu;
                break;
            case TGSI_OPCODE_MOD:
                v = ref_imod(a, b);
                break;
            case TGSI_OPCODE_NOT:
                v = ~a;
                break;
            case TGSI_OPCODE_AND:
                v = a & b;
                break;
            case TGSI_OPCODE_OR:
                v = a | b;
                break;
            case TGSI_OPCODE_XOR:
                v = a ^ b;
                break;
            case TGSI_OPCODE_IMAX:
                v = as_i(a) > as_i(b) ? a : b;
                break;
            case TGSI_OPCODE_UMAX:
                v = a > b ? a : b;
                break;
            case TGSI_OPCODE_IMIN:
                v = as_i(a) < as_i(b) ? a : b;
                break;
            case TGSI_OPCODE_UMIN:
                v = a < b ? a : b;
                break;
            case TGSI_OPCODE_SHL:
                v = a << (b & 31u);
                break;
            case TGSI_OPCODE_ISHR:
                v = asr(a, b & 31u);
                break;
            case TGSI_OPCODE_USHR:
                v = a >> (b & 31u);
                break;
            case TGSI_OPCODE_UCMP:
                v = a ? b : d;
                break;
            case TGSI_OPCODE_ISSG:
                v = as_i(a) < 0 ? 0xffffffffu : as_i(a) > 0 ? 1u : 0u;
                break;
            case TGSI_OPCODE_FSLT:
                v = fa < fb ? 0xffffffffu : 0;
                break;
            case TGSI_OPCODE_FSGE:
                v = fa >= fb ? 0xffffffffu : 0;
                break;
            case TGSI_OPCODE_FSEQ:
                v = fa == fb ? 0xffffffffu : 0;
                break;
            case TGSI_OPCODE_FSNE:
                v = !(fa == fb) ? 0xffffffffu : 0;
                break;
            case TGSI_OPCODE_ISLT:
                v = as_i(a) < as_i(b) ? 0xffffffffu : 0;
                break;
            case TGSI_OPCODE_ISGE:
                v = as_i(a) >= as_i(b) ? 0xffffffffu : 0;
                break;
            case TGSI_OPCODE_USLT:
                v = a < b ? 0xffffffffu : 0;
                break;
            case TGSI_OPCODE_USGE:
                v = a >= b ? 0xffffffffu : 0;
                break;
            case TGSI_OPCODE_USEQ:
                v = a == b ? 0xffffffffu : 0;
                break;
            case TGSI_OPCODE_USNE:
                v = a != b ? 0xffffffffu : 0;
                break;
            case TGSI_OPCODE_INEG:
                v = 0u - a;
                break;
            case TGSI_OPCODE_IABS:
                v = (a & 0x80000000u) ? 0u - a : a;
                break;
            case TGSI_OPCODE_IBFE:
                v = ref_bfe(a, b, d, true);
                break;
            case TGSI_OPCODE_UBFE:
                v = ref_bfe(a, b, d, false);
                break;
            case TGSI_OPCODE_BFI:
                v = ref_bfi(a, b, d, e);
                break;
            case TGSI_OPCODE_BREV:
                v = ref_brev(a);
                break;
            case TGSI_OPCODE_POPC:
                v = ref_popc(a);
                break;
            case TGSI_OPCODE_LSB:
                v = ref_lsb(a);
                break;
            case TGSI_OPCODE_IMSB:
                v = ref_imsb(a);
                break;
            case TGSI_OPCODE_UMSB:
                v = ref_umsb(a);
                break;
            case TGSI_OPCODE_DDX:
            case TGSI_OPCODE_DDY:
            case TGSI_OPCODE_DDX_FINE:
            case TGSI_OPCODE_DDY_FINE:
                v = as_u(deriv(st, s[0][c], l,
                               op == TGSI_OPCODE_DDY || op == TGSI_OPCODE_DDY_FINE,
                               op == TGSI_OPCODE_DDX_FINE || op == TGSI_OPCODE_DDY_FINE));
                break;
            case TGSI_OPCODE_INTERP_CENTROID:
            case TGSI_OPCODE_INTERP_SAMPLE:
                /* Single-sampled: the centroid and every sample are the
                 * pixel centre, where the input was interpolated. */
                v = a;
                break;
            case TGSI_OPCODE_INTERP_OFFSET: {
                /* value + ddx * offset.x + ddy * offset.y, the attribute's
                 * plane through the quad (exact for linear attributes). */
                float ox = as_f(s[1][0][l]), oy = as_f(s[1][1][l]);
                float vx = deriv(st, s[0][c], l, false, false);
                float vy = deriv(st, s[0][c], l, true, false);
                v = as_u(f_add(f_add(fa, f_mul(vx, ox)), f_mul(vy, oy)));
                break;
            }
            case TGSI_OPCODE_CLOCK:
                v = 0; /* deterministic: both executors give 0 */
                break;
            default:
                return false;
            }
            r[c][l] = v;
        }
    }
    return true;
}

/* ---- the run ------------------------------------------------------------- */

static bool fail(tgsi_error *err, uint32_t line, const char *msg, const char *arg)
{
    if (err) {
        err->line = line;
        err->column = 0;
        snprintf(err->message, sizeof err->message, msg, arg);
    }
    return false;
}

/* Rejects what no executor runs (the list of jit.h's jit_shader_compile). */
static bool check_program(const tgsi_program *p, tgsi_processor want, tgsi_error *err)
{
    if (p->processor != want)
        return fail(err, 0, "processor %s is not run by the reference executor",
                    tgsi_processor_name(p->processor));
    for (uint32_t i = 0; i < p->num_insts; i++) {
        const tgsi_inst *in = &p->insts[i];
        const tgsi_opcode_info *info = tgsi_opcode_get_info(in->opcode);
        if (!info)
            return fail(err, in->line, "bad opcode%s", "");
        bool gs_op = want == TGSI_PROCESSOR_GEOMETRY &&
                     (in->opcode == TGSI_OPCODE_EMIT || in->opcode == TGSI_OPCODE_ENDPRIM);
        if ((info->flags & TGSI_OPF_NOEXEC) && !gs_op)
            return fail(err, in->line, "opcode %s is not executable", info->name);
        for (unsigned n = 0; n < in->num_src + in->num_dst; n++) {
            unsigned f = n < in->num_src ? in->src[n].file : in->dst[n - in->num_src].file;
            if (f == TGSI_FILE_IMAGE || f == TGSI_FILE_BUFFER || f == TGSI_FILE_MEMORY ||
                f == TGSI_FILE_HW_ATOMIC)
                return fail(err, in->line, "register file %s is not supported",
                            tgsi_file_name(f));
        }
    }
    return true;
}

static bool cond_true(unsigned op, uint32_t w)
{
    /* exec contract 14: IF is a float compare (-0 false, NaN true), UIF
     * compares the bits. */
    return op == TGSI_OPCODE_UIF ? w != 0 : !(as_f(w) == 0.0f);
}

/* EMIT (copy OUT to the lane's next vertex) or ENDPRIM (cut after the
 * last emitted vertex) for the lanes in m whose stream operand is 0. */
static void gs_emit(ref_state *st, bool emit, const uint32_t stream[4][LANES],
                    const bool m[LANES])
{
    swr_gs_args *g = st->gs;
    for (int l = 0; l < LANES; l++) {
        if (!m[l] || stream[0][l] != 0)
            continue;
        uint32_t n = g->emit_count[l];
        if (!emit) {
            if (n > 0 && g->cut)
                g->cut[l * g->max_vertices + n - 1] = 1;
            continue;
        }
        if (n >= g->max_vertices)
            continue;
        if (g->out_vertices)
            for (uint32_t a = 0; a < g->num_outputs; a++)
                for (int c = 0; c < 4; c++)
                    g->out_vertices[(((size_t)l * g->max_vertices + n) * g->num_outputs + a) * 4 +
                                    c] = as_f(reg_word(st->out, st->num_out, a, c, l));
        if (g->cut)
            g->cut[l * g->max_vertices + n] = 0;
        g->emit_count[l] = n + 1;
    }
}

/* Runs the instructions from pc 0 to the main END. */
static bool run(ref_state *st, tgsi_error *err)
{
    const tgsi_program *p = st->p;
    uint32_t pc = 0;
    bool m[LANES];
    while (pc < p->num_insts) {
        const tgsi_inst *inst = &p->insts[pc];
        unsigned op = inst->opcode;
        uint32_t bits = exec_lanes(st, m);
        uint32_t next = pc + 1;
        uint32_t v[4][LANES];
        ref_frame *f;

        switch (op) {
        case TGSI_OPCODE_END:
            return true;
        case TGSI_OPCODE_NOP:
        case TGSI_OPCODE_BGNSUB:
            break;
        case TGSI_OPCODE_IF:
        case TGSI_OPCODE_UIF:
            fetch_src(st, inst, 0, v);
            if (!(f = push_frame(st, FRAME_IF)))
                return fail(err, 0, "out of memory%s", "");
            for (int l = 0; l < LANES; l++) {
                f->entry[l] = m[l];
                f->cond[l] = cond_true(op, v[0][l]);
                f->active[l] = m[l] && f->cond[l];
            }
            break;
        case TGSI_OPCODE_ELSE:
            if (!(f = top_frame(st, FRAME_IF)))
                return fail(err, inst->line, "unbalanced %s", "ELSE");
            for (int l = 0; l < LANES; l++)
                f->active[l] = f->entry[l] && !f->cond[l];
            break;
        case TGSI_OPCODE_ENDIF:
        case TGSI_OPCODE_ENDSWITCH:
            if (!top_frame(st, op == TGSI_OPCODE_ENDIF ? FRAME_IF : FRAME_SWITCH))
                return fail(err, inst->line, "unbalanced %s", op == TGSI_OPCODE_ENDIF ? "ENDIF" : "ENDSWITCH");
            st->depth--;
            break;
        case TGSI_OPCODE_BGNLOOP:
            if (!(f = push_frame(st, FRAME_LOOP)))
                return fail(err, 0, "out of memory%s", "");
            for (int l = 0; l < LANES; l++)
                f->active[l] = f->entry[l] = m[l];
            f->pc = pc + 1;
            f->iteration = 1;
            break;
        case TGSI_OPCODE_ENDLOOP:
            if (!(f = top_frame(st, FRAME_LOOP)))
                return fail(err, inst->line, "unbalanced %s", "ENDLOOP");
            memset(f->cont, 0, sizeof f->cont);
            f->iteration++;
            if (exec_lanes(st, m) && f->iteration <= REF_MAX_LOOP_ITERATIONS)
                next = f->pc;
            else
                st->depth--; /* exec contract 15: past the cap all lanes leave */
            break;
        case TGSI_OPCODE_BRK:
            f = innermost(st, (1u << FRAME_LOOP) | (1u << FRAME_SWITCH));
            if (f)
                for (int l = 0; l < LANES; l++)
                    if (m[l]) {
                        f->active[l] = false;
                        f->broken[l] = true;
                    }
            break;
        case TGSI_OPCODE_CONT:
            f = innermost(st, 1u << FRAME_LOOP);
            if (f)
                for (int l = 0; l < LANES; l++)
                    if (m[l])
                        f->cont[l] = true;
            break;
        case TGSI_OPCODE_SWITCH:
            fetch_src(st, inst, 0, v);
            if (!(f = push_frame(st, FRAME_SWITCH)))
                return fail(err, 0, "out of memory%s", "");
            for (int l = 0; l < LANES; l++) {
                f->entry[l] = m[l];
                f->sel[l] = v[0][l];
            }
            f->pc = pc;
            break;
        case TGSI_OPCODE_CASE:
            fetch_src(st, inst, 0, v);
            if (!(f = top_frame(st, FRAME_SWITCH)))
                return fail(err, inst->line, "unbalanced %s", "CASE");
            for (int l = 0; l < LANES; l++)
                if (f->entry[l] && !f->broken[l] && f->sel[l] == v[0][l])
                    f->active[l] = true;
            break;
        case TGSI_OPCODE_DEFAULT: {
            /* Admits the lanes no CASE of this switch matches: scan the
             * switch's own CASEs (nested switches skipped). */
            if (!(f = top_frame(st, FRAME_SWITCH)))
                return fail(err, inst->line, "unbalanced %s", "DEFAULT");
            bool matched[LANES] = {false};
            int nest = 0;
            for (uint32_t k = f->pc + 1; k < p->num_insts; k++) {
                unsigned o = p->insts[k].opcode;
                if (o == TGSI_OPCODE_SWITCH)
                    nest++;
                else if (o == TGSI_OPCODE_ENDSWITCH && nest-- == 0)
                    break;
                else if (o == TGSI_OPCODE_CASE && nest == 0) {
                    uint32_t cv[4][LANES];
                    fetch_src(st, &p->insts[k], 0, cv);
                    for (int l = 0; l < LANES; l++)
                        matched[l] = matched[l] || f->sel[l] == cv[0][l];
                }
            }
            for (int l = 0; l < LANES; l++)
                if (f->entry[l] && !f->broken[l] && !matched[l])
                    f->active[l] = true;
            break;
        }
        case TGSI_OPCODE_CAL:
            if (!bits || st->call_depth >= REF_MAX_CALL_DEPTH || inst->label < 0 ||
                (uint32_t)inst->label >= p->num_insts)
                break;
            if (!(f = push_frame(st, FRAME_CALL)))
                return fail(err, 0, "out of memory%s", "");
            for (int l = 0; l < LANES; l++)
                f->active[l] = f->entry[l] = m[l];
            f->pc = pc + 1;
            st->call_depth++;
            next = (uint32_t)inst->label;
            break;
        case TGSI_OPCODE_RET:
            f = innermost(st, 1u << FRAME_CALL);
            for (int l = 0; l < LANES; l++) {
                if (!m[l])
                    continue;
                if (f)
                    f->active[l] = false;
                else
                    st->ended[l] = true; /* RET in main ends the lane */
            }
            break;
        case TGSI_OPCODE_ENDSUB:
            f = innermost(st, 1u << FRAME_CALL);
            if (!f)
                return true; /* walked into a subroutine from main: stop */
            next = f->pc;
            st->depth = (uint32_t)(f - st->stack);
            st->call_depth--;
            break;
        case TGSI_OPCODE_EMIT:
        case TGSI_OPCODE_ENDPRIM:
            fetch_src(st, inst, 0, v);
            if (st->is_gs)
                gs_emit(st, op == TGSI_OPCODE_EMIT, v, m);
            break;
        case TGSI_OPCODE_KILL:
            if (st->is_ps)
                st->exec_mask &= ~bits;
            break;
        case TGSI_OPCODE_DEMOTE:
            if (st->is_ps)
                st->exec_mask &= ~bits;
            break;
        case TGSI_OPCODE_KILL_IF:
            fetch_src(st, inst, 0, v);
            if (st->is_ps)
                for (int l = 0; l < LANES; l++)
                    if (m[l] && (as_f(v[0][l]) < 0.0f || as_f(v[1][l]) < 0.0f ||
                                 as_f(v[2][l]) < 0.0f || as_f(v[3][l]) < 0.0f))
                        st->exec_mask &= ~(1u << l);
            break;
        case TGSI_OPCODE_READ_HELPER:
            for (int l = 0; l < LANES; l++)
                for (int c = 0; c < 4; c++)
                    v[c][l] = st->is_ps && ((st->exec_mask >> l) & 1u) ? 0 : 0xffffffffu;
            write_dst(st, inst, v, m);
            break;
        default: {
            const tgsi_opcode_info *info = tgsi_opcode_get_info(op);
            bool sampling = (info->flags & TGSI_OPF_TEX) || op == TGSI_OPCODE_TXQS ||
                            (op >= TGSI_OPCODE_SAMPLE && op <= TGSI_OPCODE_LOD);
            if (sampling) {
                exec_tex(st, inst, m, bits);
                break;
            }
            memset(v, 0, sizeof v);
            if (!exec_alu(st, inst, v))
                return fail(err, inst->line, "opcode %s has no reference", info->name);
            write_dst(st, inst, v, m);
            break;
        }
        }
        pc = next;
    }
    return true;
}

static bool state_init(ref_state *st, const tgsi_program *p, bool dual_source, tgsi_error *err)
{
    memset(st, 0, sizeof *st);
    st->p = p;
    st->dual_source = dual_source;
    st->num_temp = file_size(p, TGSI_FILE_TEMPORARY);
    st->num_out = file_size(p, TGSI_FILE_OUTPUT);
    st->num_addr = file_size(p, TGSI_FILE_ADDRESS);
    /* exec contract 11: TEMP, OUT and ADDR start at 0. */
    st->temp = calloc(st->num_temp ? st->num_temp : 1, sizeof(ref_reg));
    st->out = calloc(st->num_out ? st->num_out : 1, sizeof(ref_reg));
    st->addr = calloc(st->num_addr ? st->num_addr : 1, sizeof(ref_reg));
    if (!st->temp || !st->out || !st->addr)
        return fail(err, 0, "out of memory%s", "");
    st->mul_zero_wins = prop_value(p, TGSI_PROPERTY_MUL_ZERO_WINS) != 0 ||
                        prop_value(p, TGSI_PROPERTY_LEGACY_MATH_RULES) != 0;
    st->origin_lower_left = prop_value(p, TGSI_PROPERTY_FS_COORD_ORIGIN) == 1;
    st->center_integer = prop_value(p, TGSI_PROPERTY_FS_COORD_PIXEL_CENTER) == 1;
    return true;
}

static void state_free(ref_state *st)
{
    free(st->temp);
    free(st->out);
    free(st->addr);
    free(st->stack);
}

bool tgsi_ref_run_vs(const tgsi_program *p, swr_vs_args *a, tgsi_error *err)
{
    if (!check_program(p, TGSI_PROCESSOR_VERTEX, err))
        return false;
    ref_state st;
    bool ok = state_init(&st, p, false, err);
    if (ok) {
        st.vs = a;
        st.res = a->res;
        for (int l = 0; l < LANES; l++)
            st.running[l] = (a->active_mask >> l) & 1u;
        /* exec contract 20: outputs start at 0 for the running lanes. */
        uint32_t nout = st.num_out < SWR_MAX_ATTRIBS ? st.num_out : SWR_MAX_ATTRIBS;
        for (uint32_t i = 0; i < nout && a->outputs; i++)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < LANES; l++)
                    if (st.running[l])
                        a->outputs[i].v[c][l] = 0.0f;
        ok = run(&st, err);
    }
    state_free(&st);
    return ok;
}

bool tgsi_ref_run_gs(const tgsi_program *p, swr_gs_args *a, tgsi_error *err)
{
    if (!check_program(p, TGSI_PROCESSOR_GEOMETRY, err))
        return false;
    if (a->max_vertices > SWR_GS_MAX_OUT_VERTICES ||
        (uint64_t)a->num_outputs * 4 > SWR_GS_MAX_OUT_COMPONENTS ||
        a->num_in_vertices > SWR_GS_MAX_IN_VERTICES)
        return fail(err, 0, "geometry shader limits exceeded%s", "");
    ref_state st;
    bool ok = state_init(&st, p, false, err);
    if (ok) {
        st.gs = a;
        st.is_gs = true;
        st.res = a->res;
        for (int l = 0; l < LANES; l++)
            st.running[l] = (a->active_mask >> l) & 1u;
        ok = run(&st, err);
    }
    state_free(&st);
    return ok;
}

bool tgsi_ref_run_ps(const tgsi_program *p, bool dual_source, swr_ps_args *a, tgsi_error *err)
{
    if (!check_program(p, TGSI_PROCESSOR_FRAGMENT, err))
        return false;
    ref_state st;
    bool ok = state_init(&st, p, dual_source, err);
    if (ok) {
        st.ps = a;
        st.is_ps = true;
        st.res = a->res;
        for (int l = 0; l < LANES; l++)
            st.running[l] = (a->quad_mask >> l) & 1u; /* exec contract 17 */
        st.exec_mask = st.entry_exec = a->exec_mask;
        ok = run(&st, err);
        if (ok)
            a->exec_mask = st.exec_mask;
    }
    state_free(&st);
    return ok;
}
