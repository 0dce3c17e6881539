/*
 * jit_interp_priv.h: the interpreter's decoded program and per-call state,
 * shared by jit_interp.c (decoder, entry points, control flow),
 * jit_interp_alu.c (arithmetic, integer, bit and packing opcodes) and
 * jit_interp_tex.c (texturing and interpolation).
 *
 * Decoding happens once per compiled shader: every TGSI instruction becomes
 * one jit_op whose operands are already resolved to a base pointer and a
 * float offset (one 128-byte vec4 slot per register: 4 components x 8
 * lanes), whose swizzles and modifiers are small tables, and whose control
 * flow targets (matching ELSE/ENDIF/ENDLOOP/next CASE ...) are precomputed.
 * A run is then a loop of `pc = op->fn(ctx, op, pc)`.
 *
 * Register placement (base pointers of jit_ctx.base[]):
 *   REG  the per-call register file: TEMP, ADDR, PS OUT, SV, PS special
 *        inputs (POSITION, FACE) or a copy of all PS inputs when some IN
 *        access is indirect, and one zero slot. Lives on the caller's stack
 *        (or the heap when large), never shared between threads.
 *   IMM  the shader's immediates, each component pre-splatted to 8 lanes.
 *   IN   args->inputs (VS; PS inputs read in place).
 *   OUT  args->outputs (VS OUT is written in place).
 * Execution masks are 8-bit lane sets (bit l = lane l); see jit_interp.c
 * for the control-flow model.
 */
#ifndef SWR_JIT_INTERP_PRIV_H
#define SWR_JIT_INTERP_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "common/simd.h"
#include "jitter/jit_priv.h"

#define JIT_SLOT_FLOATS 32 /* 4 components x 8 lanes */
#define JIT_PC_STOP 0xffffffffu
/* exec contract 15 */
#define JIT_MAX_LOOP_ITERATIONS 65535u
#define JIT_MAX_CALL_DEPTH 32u

enum { JIT_BASE_REG, JIT_BASE_IMM, JIT_BASE_IN, JIT_BASE_OUT, JIT_BASE_COUNT };

enum {
    JIT_SRC_NONE,
    JIT_SRC_REG,   /* base[base] + off */
    JIT_SRC_CONST, /* CONST[cbuf = base][off], direct */
    JIT_SRC_IND,   /* indirect: ip->ind[off] */
    JIT_SRC_ZERO,  /* a register nothing backs (SAMP, SVIEW used as values) */
};

/* Source modifier bits (jit_src.mod). The operand type picks how they act
 * (exec contract 9): float/untyped act on the sign bit, I is integer abs
 * then integer negate, U negate is two's complement and abs a no-op. */
#define JIT_MOD_ABS 0x1u
#define JIT_MOD_NEG 0x2u
#define JIT_MOD_INT 0x4u  /* I typed */
#define JIT_MOD_UINT 0x8u /* U typed */

typedef struct jit_src {
    uint8_t kind;
    uint8_t base; /* JIT_BASE_* (REG), CONST buffer (CONST) */
    uint8_t mod;  /* JIT_MOD_*; 0 when no modifier */
    uint8_t file; /* tgsi_file of the operand */
    uint8_t swz[4];
    uint32_t off; /* REG: float offset of the slot; CONST: vec4 index; IND: table index */
    int32_t index; /* the register index as written (SAMP / SVIEW unit, IN number) */
} jit_src;

enum { JIT_DST_NONE, JIT_DST_REG, JIT_DST_IND };

typedef struct jit_dst {
    uint8_t kind;
    uint8_t base;
    uint8_t ps_out;  /* PS OUT register: also store to the args (jit_ps_output) */
    uint8_t pad;
    uint32_t off;    /* REG: float offset; IND: table index */
    int32_t reg;     /* OUT register number (ps_out) */
} jit_dst;

/* An indirect register access: register ADDR + index, valid in [lo, hi). */
typedef struct jit_ind {
    uint8_t base;     /* JIT_BASE_* of the file, or 0xff for CONST */
    uint8_t addr_base;
    uint8_t has_addr; /* register index is indirect */
    uint8_t dim_has_addr;
    uint8_t dim_addr_base;
    uint32_t off0;    /* float offset of register 0 of the file */
    int32_t index;
    int32_t lo, hi;
    uint32_t addr_off; /* float offset of the address lanes (slot + comp * 8) */
    int32_t dim_index; /* CONST buffer (plus the address when dim_has_addr) */
    uint32_t dim_addr_off;
} jit_ind;

typedef struct jit_ctx jit_ctx;
typedef struct jit_op jit_op;
typedef uint32_t (*jit_handler)(jit_ctx *ctx, const jit_op *op, uint32_t pc);

struct jit_op {
    jit_handler fn;
    uint16_t opcode;
    uint8_t wmask; /* destination write mask; 0 without a destination */
    uint8_t sat;   /* float _SAT (exec contract 8) */
    uint8_t num_src;
    uint8_t tex_target;  /* resolved texture target (tgsi_texture) */
    uint8_t num_offsets; /* texture offsets (first register in offsets) */
    uint8_t in_interp;   /* INTERP_OFFSET: tgsi_interpolate of the input */
    jit_dst dst;
    jit_src src[TGSI_MAX_SRC];
    jit_src offset;      /* texel offset register */
    int32_t target;      /* control flow: where to go (see jit_interp.c) */
    int32_t target2;
    uint32_t depth;      /* static frame depth inside the function */
    uint32_t aux;        /* SWITCH: first case index in ip->cases; CASE: count */
    uint32_t line;
};

/* One control-flow frame (IF, loop or switch), pushed and popped in
 * program order. Every frame remembers cond and brk as they were when it
 * was pushed, so a jump that leaves frames behind restores them. */
typedef struct jit_frame {
    vi8 sw_value;      /* SWITCH: the selector */
    uint32_t cond, brk;
    uint32_t cont;     /* loop: cont at entry */
    uint32_t iter;     /* loop: iteration number (1-based) */
    uint32_t sw_default; /* SWITCH: lanes no CASE matches */
    uint32_t is_switch;
    uint32_t pad[2];
} jit_frame;

typedef struct jit_call {
    uint32_t cond, brk, cont, ret;
    uint32_t return_pc, sp; /* sp: the caller's func_base */
    uint32_t entry;         /* lanes that entered the subroutine */
} jit_call;

struct jit_ctx {
    float *base[JIT_BASE_COUNT];
    vi8 mask;      /* E as lanes */
    uint32_t E;    /* lanes executing the current instruction */
    bool full;     /* E == 0xff: stores need no blend */
    bool fast;     /* E holds every lane of fast_mask: the fast path may run */
    uint32_t fast_mask; /* lanes whose values can matter (see jit_interp_fast.c) */
    bool is_ps;
    bool mzw;      /* LEGACY_MATH_RULES / MUL_ZERO_WINS (exec contract 10) */
    uint32_t cond, brk, cont, ret, alive;
    uint32_t sp, func_base, call_depth;
    uint32_t exec;       /* PS: live lanes (entry exec_mask minus kills) */
    uint32_t entry_exec; /* PS: exec_mask at entry */
    jit_frame *stack;
    jit_call calls[JIT_MAX_CALL_DEPTH + 1];
    const struct jit_interp_prog *ip;
    const jit_shader *sh;
    const swr_shader_resources *res;
    swr_ps_args *ps;
    swr_vs_args *vs;
    swr_gs_args *gs;
};

/* PS OUT register roles. */
enum { JIT_PSOUT_NONE, JIT_PSOUT_COLOR, JIT_PSOUT_DEPTH, JIT_PSOUT_STENCIL };

typedef struct jit_sv {
    uint32_t slot; /* register-file slot */
    uint8_t semantic;
} jit_sv;

typedef struct jit_zero_range {
    uint32_t off, floats;
} jit_zero_range;

/* Per-call splat of one directly read immediate component into the
 * register file (float offset). */
typedef struct jit_imm_splat {
    uint32_t dst, bits;
} jit_imm_splat;

/* Per-call splat of one directly read constant component into a register
 * file component (exec contract 12: outside the buffer reads 0). */
typedef struct jit_const_splat {
    uint32_t dst;  /* float offset in the register file */
    uint32_t word; /* float index in the buffer: vec4 index * 4 + component */
} jit_const_splat;

/* The splats of one constant buffer, consecutive in const_splat: when
 * max_index is inside the buffer (one test per buffer and call) they run
 * without a bounds test each. */
typedef struct jit_const_group {
    uint32_t buf, first, count, max_index;
} jit_const_group;

/* A fast-path instruction (jit_interp_fast.c): a kind and the byte offsets,
 * from the register file, of every component it touches. */
typedef struct jit_fop {
    uint8_t kind;
    uint8_t n;      /* destination components written */
    uint8_t sat;
    uint8_t mod[3]; /* per source: float modifier (bit 0 abs, bit 1 negate) */
    uint8_t pad[2];
    uint32_t d[4];  /* destination component i (of the n written) */
    uint32_t s[3][4]; /* source k as read for destination component i (component
                       * ops) or for channel i (dot products) */
} jit_fop;

struct jit_interp_prog {
    jit_op *ops;
    uint32_t num_ops;
    jit_ind *ind;
    uint32_t num_ind;
    int32_t *cases;      /* per SWITCH: instruction indices of its CASEs */
    uint32_t num_cases;
    float *imm;          /* num_imms slots, 32-byte aligned */
    uint32_t num_imms;
    uint32_t reg_slots;  /* register file size in slots */
    uint32_t max_frames; /* control-flow stack entries */
    jit_zero_range *zero; /* parts of the register file to clear per call */
    uint32_t num_zero;
    uint32_t num_outputs;
    /* PS: */
    uint32_t pos_slot, face_slot; /* special input slots, ~0 = none */
    uint32_t in_copy_slot;        /* all inputs copied here at entry */
    uint32_t num_inputs;
    uint8_t psout_kind[SWR_MAX_ATTRIBS];
    uint8_t psout_index[SWR_MAX_ATTRIBS];
    uint32_t psout_slot0;
    jit_sv *sv;
    uint32_t num_sv;
    bool mzw;
    bool lower_left, integer_center;
    /* Every direct operand lives in the register file: VS IN and OUT, the
     * immediates and the direct constants are copied there per call. */
    uint32_t vs_out_slot0;
    /* GS: inputs are copied attribute-major, IN[v][a] at in_copy_slot +
     * a * gs_in_vertices + v (jit_interp_build flattens the 2-D operands). */
    uint32_t gs_in_vertices, gs_in_attribs;
    bool is_gs;
    jit_imm_splat *imm_splat;
    uint32_t num_imm_splat;
    jit_const_splat *const_splat; /* grouped by buffer */
    uint32_t num_const_splat;
    jit_const_group const_group[SWR_MAX_CONST_BUFFERS];
    uint32_t num_const_group;
    jit_fop *fops; /* num_ops + 1, parallel to ops */
    /* This header, then zero, imm_splat, const_splat and fops, in one
     * block (the header is its start; jit_shader.interp_bytes its size),
     * in the order a call reads them: with many shaders a call starts from
     * a cold cache, and the entry points prefetch the whole block at once
     * instead of missing on one table after another */
    void *block;
};

/* ---- operand access (inline: the hot path) ------------------------------- */

void jit_fetch_slow(const jit_ctx *ctx, const jit_src *s, unsigned need, vf8 out[4]);
void jit_store_slow(jit_ctx *ctx, const jit_op *op, vf8 r[4]);
void jit_ps_output(jit_ctx *ctx, int32_t reg, unsigned wmask, const vf8 r[4]);

static inline __attribute__((always_inline)) void jit_apply_mod(unsigned mod, unsigned need, vf8 v[4])
{
    for (int c = 0; c < 4; c++) {
        if (!(need & (1u << c)))
            continue;
        if (mod & JIT_MOD_INT) {
            vi8 x = vf8_as_vi8(v[c]);
            if (mod & JIT_MOD_ABS)
                x = vi8_select(vi8_lt(x, vi8_zero()), x, vi8_sub(vi8_zero(), x));
            if (mod & JIT_MOD_NEG)
                x = vi8_sub(vi8_zero(), x);
            v[c] = vi8_as_vf8(x);
        } else if (mod & JIT_MOD_UINT) {
            if (mod & JIT_MOD_NEG)
                v[c] = vi8_as_vf8(vi8_sub(vi8_zero(), vf8_as_vi8(v[c])));
        } else {
            if (mod & JIT_MOD_ABS)
                v[c] = vf8_abs(v[c]);
            if (mod & JIT_MOD_NEG)
                v[c] = vf8_neg(v[c]);
        }
    }
}

/* Loads the components of `need` (after swizzle) of a source. */
static inline __attribute__((always_inline)) void jit_fetch(const jit_ctx *ctx, const jit_src *s, unsigned need, vf8 out[4])
{
    if (s->kind == JIT_SRC_REG) {
        const float *p = ctx->base[s->base] + s->off;
        for (int c = 0; c < 4; c++)
            if (need & (1u << c))
                out[c] = vf8_load_aligned(p + s->swz[c] * 8);
    } else {
        jit_fetch_slow(ctx, s, need, out);
    }
    if (s->mod)
        jit_apply_mod(s->mod, need, out);
}

/* One component (after swizzle) of a source. */
static inline __attribute__((always_inline)) vf8 jit_fetch1(const jit_ctx *ctx, const jit_src *s, unsigned comp)
{
    vf8 v[4];
    jit_fetch(ctx, s, 1u << comp, v);
    return v[comp];
}

/* exec contract 8: clamp to [0, 1], NaN -> 0 (x86 max returns its second
 * operand for NaN), -0 -> +0. */
static inline __attribute__((always_inline)) vf8 jit_saturate(vf8 x)
{
    return vf8_min(vf8_max(x, vf8_zero()), vf8_set1(1.0f));
}

/* ---- float helpers shared by the ALU handlers and the fast path --------- */

static inline __attribute__((always_inline)) vf8 jit_one8(void) { return vf8_set1(1.0f); }
static inline __attribute__((always_inline)) vf8 jit_bool_f(vi8 m) { return vf8_and(vi8_as_vf8(m), jit_one8()); }

/* exec contract 10: with MUL_ZERO_WINS a product with a +-0 factor is +0. */
static inline __attribute__((always_inline)) vf8 jit_mul_zw(vf8 a, vf8 b)
{
    vi8 z = vi8_or(vf8_eq(a, vf8_zero()), vf8_eq(b, vf8_zero()));
    return vf8_select(z, vf8_mul(a, b), vf8_zero());
}

static inline __attribute__((always_inline)) vf8 jit_mul_m(const jit_ctx *ctx, vf8 a, vf8 b)
{
    return ctx->mzw ? jit_mul_zw(a, b) : vf8_mul(a, b);
}

/* exec contract 3: fminf/fmaxf for one NaN; MIN(+-0) = -0, MAX(+-0) = +0.
 * x86 min/max return the second operand on NaN or equality, so: fix the
 * NaN-in-b case, and on equality combine the sign bits. */
static inline __attribute__((always_inline)) vf8 jit_min_c(vf8 a, vf8 b)
{
    vf8 m = vf8_min(a, b);
    m = vf8_select(vf8_isnan(b), m, a);
    return vf8_select(vf8_eq(a, b), m, vf8_or(a, b));
}

static inline __attribute__((always_inline)) vf8 jit_max_c(vf8 a, vf8 b)
{
    vf8 m = vf8_max(a, b);
    m = vf8_select(vf8_isnan(b), m, a);
    return vf8_select(vf8_eq(a, b), m, vf8_and(a, b));
}

/* Writes r[] to the destination under the write mask and E. */
static inline __attribute__((always_inline)) void jit_store(jit_ctx *ctx, const jit_op *op, vf8 r[4])
{
    unsigned wm = op->wmask;
    if (op->sat)
        for (int c = 0; c < 4; c++)
            if (wm & (1u << c))
                r[c] = jit_saturate(r[c]);
    if (op->dst.kind != JIT_DST_REG || op->dst.ps_out) {
        jit_store_slow(ctx, op, r);
        return;
    }
    float *p = ctx->base[op->dst.base] + op->dst.off;
    if (ctx->full) {
        for (int c = 0; c < 4; c++)
            if (wm & (1u << c))
                vf8_store_aligned(p + c * 8, r[c]);
    } else {
        for (int c = 0; c < 4; c++)
            if (wm & (1u << c))
                vf8_store_aligned(p + c * 8,
                                  vf8_select(ctx->mask, vf8_load_aligned(p + c * 8), r[c]));
    }
}

/* Handlers of the opcode families; NULL for an opcode the file does not
 * implement. */
jit_handler jit_alu_handler(unsigned opcode);
/* The same with the MUL_ZERO_WINS forms of MUL and MAD (chosen at decode
 * time so the common case carries no test). */
jit_handler jit_alu_handler_mzw(unsigned opcode);
jit_handler jit_tex_handler(unsigned opcode);
/* Texture-target facts shared by h_tex and the LLVM JIT's emit_tex
 * (jit_interp_tex.c): spatial coordinates (s, t, r) with *layer = 1 for
 * arrays; whether the target compares against a reference; the src0
 * component holding a TEX shadow reference (z; w for 2D arrays and cube
 * maps; -1 for cube arrays, whose reference is 0). */
unsigned jit_tex_dims(unsigned t, unsigned *layer);
bool jit_tex_is_shadow(unsigned t);
int jit_tex_ref_comp(unsigned t);

/* Fast path (jit_interp_fast.c): picks a specialised kind per op at
 * decode time (false on OOM), and runs a program from pc 0. */
bool jit_fast_build(struct jit_interp_prog *ip);
void jit_fast_run(jit_ctx *ctx);

/* Quad helpers (exec contract 18). */
vf8 jit_ddx_coarse(vf8 v);
vf8 jit_ddy_coarse(vf8 v);

#endif /* SWR_JIT_INTERP_PRIV_H */
