/*
 * jit_interp.c: the 8-wide TGSI interpreter: decoding a program into
 * jit_ops (once, at compile time), the engine entry points, operand access
 * off the fast path, and the control-flow opcodes.
 *
 * In: a jit_shader built by jit_shader.c, and per call the engine's
 * swr_vs_args / swr_ps_args. Out: VS outputs, PS color/color1/depth/stencil
 * and exec_mask, per the register binding of jit.h and the execution
 * contract (cited "exec contract N"). Called on worker threads, many at once:
 * the decoded program is read-only and every run keeps its state (register
 * file, control-flow stack) in its own stack frame, or in a heap block for
 * very large programs.
 *
 * Control flow is structured with lane masks (8-bit sets):
 *   E = cond & brk & cont & ret & alive
 * is the set of lanes executing the current instruction; stores blend with
 * it. IF/UIF narrow cond and push a frame holding the old cond; ELSE flips
 * to the frame's cond minus the taken lanes; ENDIF restores. BGNLOOP pushes
 * (cond, brk, cont, iteration) and sets brk = E; BRK clears lanes from brk,
 * CONT from cont; ENDLOOP restores cont and loops while any lane is left and
 * fewer than 65535 iterations ran (exec contract 15). SWITCH pushes the
 * selector, sets brk = E and cond = 0; CASE/DEFAULT add the matching lanes
 * (C fall-through), BRK leaves. CAL saves all masks in a call frame and
 * starts the subroutine with the calling lanes (depth limit 32); RET clears
 * the lane from ret (subroutine) or from alive (main program).
 * Blocks no lane executes are skipped: IF/BGNLOOP/SWITCH/CAL with E = 0 jump
 * past their end, and BRK/CONT/RET that leave no lane in their construct
 * jump to its end, unwinding the frames in between (every frame records the
 * cond and brk it replaced, so popping frames wholesale restores them; see
 * unwind()).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jitter/jit_interp_priv.h"

/* Register files small enough live on the stack of the call; beyond that
 * (hundreds of temporaries) a heap block per call. */
#define JIT_STACK_BYTES 49152

/* ---- control-flow state --------------------------------------------------- */

static inline void set_E(jit_ctx *ctx)
{
    uint32_t e = ctx->cond & ctx->brk & ctx->cont & ctx->ret & ctx->alive;
    ctx->E = e;
    ctx->full = e == 0xffu;
    ctx->fast = !(ctx->fast_mask & ~e);
    ctx->mask = vi8_from_bits(e);
}

static inline jit_frame *push_frame(jit_ctx *ctx)
{
    jit_frame *f = &ctx->stack[ctx->sp++];
    f->cond = ctx->cond;
    f->brk = ctx->brk;
    f->is_switch = 0;
    return f;
}

/* Leaves every frame above func_base + depth (a BRK/CONT jumping out of
 * nested blocks): cond becomes what the outermost dropped frame replaced;
 * brk only changes when a SWITCH frame is dropped (CONT leaving a switch),
 * to what the outermost such frame replaced (BRKs since then targeted the
 * switch). */
static inline void unwind(jit_ctx *ctx, uint32_t depth)
{
    uint32_t keep = ctx->func_base + depth;
    if (ctx->sp <= keep)
        return;
    ctx->cond = ctx->stack[keep].cond;
    for (uint32_t i = keep; i < ctx->sp; i++)
        if (ctx->stack[i].is_switch) {
            ctx->brk = ctx->stack[i].brk;
            break;
        }
    ctx->sp = keep;
}

static uint32_t cond_bits_float(const jit_ctx *ctx, const jit_op *op)
{
    /* exec contract 14: src.x != 0.0f, unordered (NaN true, -0 false) */
    return vf8_movemask(vi8_as_vf8(vf8_neq(jit_fetch1(ctx, &op->src[0], 0), vf8_zero())));
}

static uint32_t cond_bits_uint(const jit_ctx *ctx, const jit_op *op)
{
    vi8 x = vf8_as_vi8(jit_fetch1(ctx, &op->src[0], 0));
    return ~vi8_movemask(vi8_eq(x, vi8_zero())) & 0xffu;
}

static uint32_t do_if(jit_ctx *ctx, const jit_op *op, uint32_t pc, uint32_t bits)
{
    push_frame(ctx);
    ctx->cond &= bits;
    set_E(ctx);
    return ctx->E ? pc + 1 : (uint32_t)op->target; /* the ELSE, or the ENDIF */
}

static uint32_t h_if(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    if (!ctx->E)
        return (uint32_t)op->target2 + 1;
    return do_if(ctx, op, pc, cond_bits_float(ctx, op));
}

static uint32_t h_uif(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    if (!ctx->E)
        return (uint32_t)op->target2 + 1;
    return do_if(ctx, op, pc, cond_bits_uint(ctx, op));
}

static uint32_t h_else(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    ctx->cond = ctx->stack[ctx->sp - 1].cond & ~ctx->cond;
    set_E(ctx);
    return ctx->E ? pc + 1 : (uint32_t)op->target; /* the ENDIF */
}

static uint32_t h_endif(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    ctx->cond = ctx->stack[--ctx->sp].cond;
    set_E(ctx);
    return pc + 1;
}

static uint32_t h_bgnloop(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    if (!ctx->E)
        return (uint32_t)op->target + 1;
    jit_frame *f = push_frame(ctx);
    f->cont = ctx->cont;
    f->iter = 1;
    ctx->brk = ctx->E;
    return pc + 1;
}

static uint32_t h_endloop(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    jit_frame *f = &ctx->stack[ctx->sp - 1];
    ctx->cont = f->cont;
    set_E(ctx);
    if (ctx->E && f->iter < JIT_MAX_LOOP_ITERATIONS) {
        f->iter++;
        return (uint32_t)op->target + 1;
    }
    ctx->cond = f->cond;
    ctx->brk = f->brk;
    ctx->sp--;
    set_E(ctx);
    return pc + 1;
}

/* BRK and CONT: the executing lanes leave through `mask`; when no lane is
 * left in the construct, jump to its end (ENDLOOP / ENDSWITCH) with the
 * frames in between dropped. */
static uint32_t leave_lanes(jit_ctx *ctx, const jit_op *op, uint32_t pc, uint32_t *mask)
{
    *mask &= ~ctx->E;
    set_E(ctx);
    if (!(ctx->brk & ctx->cont & ctx->ret & ctx->alive)) {
        unwind(ctx, op->depth);
        return (uint32_t)op->target;
    }
    return pc + 1;
}

static uint32_t h_brk(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    return leave_lanes(ctx, op, pc, &ctx->brk);
}

static uint32_t h_cont(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    return leave_lanes(ctx, op, pc, &ctx->cont);
}

static uint32_t h_switch(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    if (!ctx->E)
        return (uint32_t)op->target + 1;
    vi8 sel = vf8_as_vi8(jit_fetch1(ctx, &op->src[0], 0));
    uint32_t matched = 0;
    for (uint32_t k = 0; k < (uint32_t)op->target2; k++) {
        const jit_op *c = &ctx->ip->ops[ctx->ip->cases[op->aux + k]];
        vi8 v = vf8_as_vi8(jit_fetch1(ctx, &c->src[0], 0));
        matched |= vi8_movemask(vi8_eq(sel, v));
    }
    jit_frame *f = push_frame(ctx);
    f->is_switch = 1;
    f->sw_value = sel;
    f->sw_default = ctx->E & ~matched;
    ctx->brk = ctx->E;
    ctx->cond = 0;
    set_E(ctx);
    return pc + 1;
}

/* CASE / DEFAULT: add lanes; with none executing go to the next label. */
static uint32_t h_case(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    const jit_frame *f = &ctx->stack[ctx->sp - 1];
    vi8 v = vf8_as_vi8(jit_fetch1(ctx, &op->src[0], 0));
    ctx->cond |= ctx->brk & vi8_movemask(vi8_eq(f->sw_value, v));
    set_E(ctx);
    return ctx->E ? pc + 1 : (uint32_t)op->target;
}

static uint32_t h_default(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    ctx->cond |= ctx->brk & ctx->stack[ctx->sp - 1].sw_default;
    set_E(ctx);
    return ctx->E ? pc + 1 : (uint32_t)op->target;
}

static uint32_t h_endswitch(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    const jit_frame *f = &ctx->stack[--ctx->sp];
    ctx->cond = f->cond;
    ctx->brk = f->brk;
    set_E(ctx);
    return pc + 1;
}

static uint32_t h_cal(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    if (!ctx->E || ctx->call_depth >= JIT_MAX_CALL_DEPTH)
        return pc + 1; /* exec contract 15: deeper calls are skipped */
    jit_call *c = &ctx->calls[ctx->call_depth++];
    c->cond = ctx->cond;
    c->brk = ctx->brk;
    c->cont = ctx->cont;
    c->ret = ctx->ret;
    c->return_pc = pc + 1;
    c->sp = ctx->func_base;
    c->entry = ctx->E;
    ctx->cond = ctx->E;
    ctx->brk = ctx->cont = ctx->ret = 0xffffffffu;
    ctx->func_base = ctx->sp;
    set_E(ctx);
    return (uint32_t)op->target;
}

static uint32_t h_endsub(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    if (!ctx->call_depth)
        return pc + 1;
    const jit_call *c = &ctx->calls[--ctx->call_depth];
    ctx->sp = ctx->func_base;
    ctx->func_base = c->sp;
    ctx->cond = c->cond;
    ctx->brk = c->brk;
    ctx->cont = c->cont;
    ctx->ret = c->ret;
    set_E(ctx);
    return c->return_pc;
}

/* RET: in a subroutine the lanes wait for ENDSUB (jumped to when none is
 * left); in the main program they end (exec contract 14). */
static uint32_t h_ret(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    if (ctx->call_depth == 0) {
        ctx->alive &= ~ctx->E;
        set_E(ctx);
        return ctx->alive ? pc + 1 : JIT_PC_STOP;
    }
    ctx->ret &= ~ctx->E;
    set_E(ctx);
    if (!(ctx->ret & ctx->alive & ctx->calls[ctx->call_depth - 1].entry))
        return op->target >= 0 ? (uint32_t)op->target : pc + 1;
    return pc + 1;
}

static uint32_t h_nop(jit_ctx *ctx, const jit_op *op, uint32_t pc) { return pc + 1; }
static uint32_t h_end(jit_ctx *ctx, const jit_op *op, uint32_t pc) { return JIT_PC_STOP; }

/* ---- kill (exec contract 17) ---------------------------------------------- */

static uint32_t h_kill(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    if (ctx->is_ps)
        ctx->exec &= ~ctx->E;
    return pc + 1;
}

/* GS EMIT / ENDPRIM (shader_abi.h swr_gs_args): for the executing lanes
 * whose stream operand is 0, copy the OUT slots to the lane's next vertex,
 * or mark the last emitted vertex as the end of a strip. */
static void gs_emit(jit_ctx *ctx, const jit_op *op, bool emit)
{
    swr_gs_args *g = ctx->gs;
    if (!g)
        return;
    vf8 s[4];
    jit_fetch(ctx, &op->src[0], 0x1, s);
    int32_t stream[8] __attribute__((aligned(32)));
    vi8_store(stream, vf8_as_vi8(s[0]));
    const float *out = ctx->base[JIT_BASE_REG] + (size_t)ctx->ip->vs_out_slot0 * JIT_SLOT_FLOATS;
    uint32_t lanes = ctx->E & ctx->alive;
    for (int l = 0; l < 8; l++) {
        if (!((lanes >> l) & 1u) || stream[l] != 0)
            continue;
        uint32_t n = g->emit_count[l];
        if (!emit) {
            if (n > 0 && g->cut)
                g->cut[l * g->max_vertices + n - 1] = 1;
            continue;
        }
        if (n >= g->max_vertices)
            continue;
        if (g->out_vertices) {
            float *v = g->out_vertices + ((size_t)l * g->max_vertices + n) * g->num_outputs * 4;
            for (uint32_t a = 0; a < g->num_outputs; a++)
                for (int c = 0; c < 4; c++)
                    v[a * 4 + c] = a < ctx->ip->num_outputs
                                       ? out[(size_t)a * JIT_SLOT_FLOATS + c * 8 + l]
                                       : 0.0f;
        }
        if (g->cut)
            g->cut[l * g->max_vertices + n] = 0;
        g->emit_count[l] = n + 1;
    }
}

static uint32_t h_emit(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    gs_emit(ctx, op, true);
    return pc + 1;
}

static uint32_t h_endprim(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    gs_emit(ctx, op, false);
    return pc + 1;
}

static uint32_t h_kill_if(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    vf8 a[4];
    jit_fetch(ctx, &op->src[0], 0xf, a);
    vi8 m = vi8_or(vi8_or(vf8_lt(a[0], vf8_zero()), vf8_lt(a[1], vf8_zero())),
                   vi8_or(vf8_lt(a[2], vf8_zero()), vf8_lt(a[3], vf8_zero())));
    if (ctx->is_ps)
        ctx->exec &= ~(vi8_movemask(m) & ctx->E);
    return pc + 1;
}

static uint32_t h_read_helper(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    vf8 v = ctx->is_ps ? vi8_as_vf8(vi8_not(vi8_from_bits(ctx->exec))) : vf8_zero();
    vf8 r[4] = {v, v, v, v};
    jit_store(ctx, op, r);
    return pc + 1;
}

/* ---- operand access off the fast path ------------------------------------- */

static vi8 ind_index(const jit_ctx *ctx, const jit_ind *ind)
{
    vi8 idx = vi8_set1(ind->index);
    if (ind->has_addr)
        idx = vi8_add(idx, vi8_load(ctx->base[ind->addr_base] + ind->addr_off));
    return idx;
}

/* exec contract 12/13: CONST reads outside the buffer give 0. */
static float const_read(const swr_shader_resources *res, int32_t b, int32_t i, unsigned comp)
{
    if (!res || b < 0 || b >= SWR_MAX_CONST_BUFFERS || !res->constants[b] || i < 0 ||
        (uint32_t)i >= res->constant_count[b])
        return 0.0f;
    return res->constants[b][(size_t)i * 4 + comp];
}

void jit_fetch_slow(const jit_ctx *ctx, const jit_src *s, unsigned need, vf8 out[4])
{
    if (s->kind == JIT_SRC_CONST) {
        const swr_shader_resources *res = ctx->res;
        uint32_t b = s->base;
        const float *p = res && res->constants[b] && s->off < res->constant_count[b]
                             ? res->constants[b] + (size_t)s->off * 4
                             : NULL;
        for (int c = 0; c < 4; c++)
            if (need & (1u << c))
                out[c] = p ? vf8_set1(p[s->swz[c]]) : vf8_zero();
        return;
    }
    if (s->kind != JIT_SRC_IND) {
        for (int c = 0; c < 4; c++)
            out[c] = vf8_zero();
        return;
    }
    const jit_ind *ind = &ctx->ip->ind[s->off];
    vi8 idx = ind_index(ctx, ind);
    if (ind->base == 0xff) {
        int32_t ii[8], bb[8];
        vi8_store(ii, idx);
        vi8 bv = vi8_set1(ind->dim_index);
        if (ind->dim_has_addr)
            bv = vi8_add(bv, vi8_load(ctx->base[ind->dim_addr_base] + ind->dim_addr_off));
        vi8_store(bb, bv);
        for (int c = 0; c < 4; c++) {
            if (!(need & (1u << c)))
                continue;
            float v[8];
            for (int l = 0; l < 8; l++)
                v[l] = const_read(ctx->res, bb[l], ii[l], s->swz[c]);
            out[c] = vf8_load(v);
        }
        return;
    }
    vi8 valid = vi8_and(vi8_gt(idx, vi8_set1(ind->lo - 1)), vi8_lt(idx, vi8_set1(ind->hi)));
    vi8 safe = vi8_select(valid, vi8_set1(ind->lo), idx);
    /* byte offset of lane l of component 0 of register idx */
    vi8 byte = vi8_add(vi8_slli(safe, 7), vi8_slli(vi8_lane_index(), 2));
    const float *base = ctx->base[ind->base] + ind->off0;
    for (int c = 0; c < 4; c++) {
        if (!(need & (1u << c)))
            continue;
        if (ind->lo >= ind->hi) {
            out[c] = vf8_zero();
            continue;
        }
        vf8 v = vf8_gather_bytes(base, vi8_add(byte, vi8_set1(s->swz[c] * 32)));
        out[c] = vf8_and(v, vi8_as_vf8(valid));
    }
}

/* PS OUT: the engine's outputs for `lanes` (exec contract 17/20). */
static void ps_output_lanes(jit_ctx *ctx, int32_t reg, unsigned wm, const vf8 r[4],
                            uint32_t lanes)
{
    const struct jit_interp_prog *ip = ctx->ip;
    if (!lanes || reg < 0 || reg >= SWR_MAX_ATTRIBS)
        return;
    swr_ps_args *a = ctx->ps;
    vi8 m = vi8_from_bits(lanes);
    switch (ip->psout_kind[reg]) {
    case JIT_PSOUT_COLOR: {
        unsigned n = ip->psout_index[reg];
        swr_simd_vec4 *dst = n == 1 && ctx->sh->key.dual_source ? &a->color1
                             : n < 8                            ? &a->color[n]
                                                                : NULL;
        if (!dst)
            return;
        for (int c = 0; c < 4; c++)
            if (wm & (1u << c))
                vf8_store_aligned(dst->v[c],
                                  vf8_select(m, vf8_load_aligned(dst->v[c]), r[c]));
        break;
    }
    case JIT_PSOUT_DEPTH:
        if (wm & 4)
            vf8_store_aligned(a->depth, vf8_select(m, vf8_load_aligned(a->depth), r[2]));
        break;
    case JIT_PSOUT_STENCIL:
        if (wm & 2)
            vi8_store(a->stencil,
                      vi8_select(m, vi8_load(a->stencil), vf8_as_vi8(r[1])));
        break;
    default: break;
    }
}

void jit_ps_output(jit_ctx *ctx, int32_t reg, unsigned wmask, const vf8 r[4])
{
    ps_output_lanes(ctx, reg, wmask, r, ctx->E & ctx->exec);
}

void jit_store_slow(jit_ctx *ctx, const jit_op *op, vf8 r[4])
{
    unsigned wm = op->wmask;
    const jit_dst *d = &op->dst;
    if (d->kind == JIT_DST_REG) {
        float *p = ctx->base[d->base] + d->off;
        for (int c = 0; c < 4; c++)
            if (wm & (1u << c))
                vf8_store_aligned(p + c * 8,
                                  vf8_select(ctx->mask, vf8_load_aligned(p + c * 8), r[c]));
        if (d->ps_out)
            jit_ps_output(ctx, d->reg, wm, r);
        return;
    }
    if (d->kind != JIT_DST_IND)
        return;
    /* exec contract 12: out-of-range indirect writes are dropped */
    const jit_ind *ind = &ctx->ip->ind[d->off];
    int32_t idx[8];
    vi8_store(idx, ind_index(ctx, ind));
    float vals[4][8];
    for (int c = 0; c < 4; c++)
        if (wm & (1u << c))
            vf8_store(vals[c], r[c]);
    float *base = ctx->base[ind->base] + ind->off0;
    uint32_t done = 0;
    for (int l = 0; l < 8; l++) {
        if (!(ctx->E & (1u << l)) || idx[l] < ind->lo || idx[l] >= ind->hi)
            continue;
        for (int c = 0; c < 4; c++)
            if (wm & (1u << c))
                base[(size_t)idx[l] * JIT_SLOT_FLOATS + c * 8 + l] = vals[c][l];
    }
    if (!d->ps_out)
        return;
    for (int l = 0; l < 8; l++) {
        if ((done & (1u << l)) || !(ctx->E & (1u << l)) || idx[l] < ind->lo ||
            idx[l] >= ind->hi)
            continue;
        uint32_t same = 0;
        for (int k = l; k < 8; k++)
            if (idx[k] == idx[l])
                same |= 1u << k;
        done |= same;
        ps_output_lanes(ctx, idx[l], wm, r, same & ctx->E & ctx->exec);
    }
}

/* ---- entry points ------------------------------------------------------- */

static void run(jit_ctx *ctx)
{
    set_E(ctx);
    jit_fast_run(ctx);
}

static void fill_slot(float *slot, const uint32_t bits[4])
{
    for (int c = 0; c < 4; c++)
        vi8_store(slot + c * 8, vi8_set1((int32_t)bits[c]));
}

static void fill_slot_v(float *slot, vi8 x, vi8 y, vi8 z, vi8 w)
{
    vi8_store(slot, x);
    vi8_store(slot + 8, y);
    vi8_store(slot + 16, z);
    vi8_store(slot + 24, w);
}

/* gl_FragCoord, exec contract 19. */
static void ps_position(const jit_ctx *ctx, const swr_ps_args *a, float *slot)
{
    const struct jit_interp_prog *ip = ctx->ip;
    vf8 x = vf8_load_aligned(a->position.v[0]);
    vf8 y = vf8_load_aligned(a->position.v[1]);
    if (ip->integer_center)
        x = vf8_sub(x, vf8_set1(0.5f));
    if (ip->lower_left)
        y = vf8_sub(vf8_set1((float)a->fb_height), y);
    if (ip->integer_center)
        y = vf8_sub(y, vf8_set1(0.5f));
    vf8_store_aligned(slot, x);
    vf8_store_aligned(slot + 8, y);
    vf8_store_aligned(slot + 16, vf8_load_aligned(a->position.v[2]));
    vf8_store_aligned(slot + 24, vf8_load_aligned(a->position.v[3]));
}

static void fill_sv_vs(const jit_ctx *ctx, const swr_vs_args *a)
{
    const struct jit_interp_prog *ip = ctx->ip;
    for (uint32_t i = 0; i < ip->num_sv; i++) {
        float *slot = ctx->base[JIT_BASE_REG] + (size_t)ip->sv[i].slot * JIT_SLOT_FLOATS;
        vi8 v;
        switch (ip->sv[i].semantic) {
        case TGSI_SEMANTIC_VERTEXID: v = vi8_load(a->vertex_id.v); break;
        case TGSI_SEMANTIC_VERTEXID_NOBASE:
            v = vi8_sub(vi8_load(a->vertex_id.v), vi8_set1(a->base_vertex));
            break;
        case TGSI_SEMANTIC_BASEVERTEX: v = vi8_set1(a->base_vertex); break;
        case TGSI_SEMANTIC_INSTANCEID: v = vi8_load(a->instance_id.v); break;
        case TGSI_SEMANTIC_BASEINSTANCE: v = vi8_set1((int32_t)a->start_instance); break;
        default: v = vi8_zero(); break;
        }
        fill_slot_v(slot, v, v, v, v);
    }
}

static void fill_sv_ps(const jit_ctx *ctx, const swr_ps_args *a)
{
    const struct jit_interp_prog *ip = ctx->ip;
    for (uint32_t i = 0; i < ip->num_sv; i++) {
        float *slot = ctx->base[JIT_BASE_REG] + (size_t)ip->sv[i].slot * JIT_SLOT_FLOATS;
        switch (ip->sv[i].semantic) {
        case TGSI_SEMANTIC_POSITION: ps_position(ctx, a, slot); break;
        case TGSI_SEMANTIC_FACE: {
            /* exec contract 19: (front ? ~0 : 0, 0, 0, 1) as bits */
            uint32_t b[4] = {a->front_facing ? 0xffffffffu : 0u, 0, 0, 1};
            fill_slot(slot, b);
            break;
        }
        case TGSI_SEMANTIC_PRIMID: {
            uint32_t b[4] = {a->prim_id, a->prim_id, a->prim_id, a->prim_id};
            fill_slot(slot, b);
            break;
        }
        case TGSI_SEMANTIC_SAMPLEPOS: {
            uint32_t h = 0x3f000000u; /* 0.5f */
            uint32_t b[4] = {h, h, 0, 0};
            fill_slot(slot, b);
            break;
        }
        case TGSI_SEMANTIC_SAMPLEMASK: {
            uint32_t b[4] = {1, 0, 0, 0};
            fill_slot(slot, b);
            break;
        }
        case TGSI_SEMANTIC_HELPER_INVOCATION: {
            vi8 h = vi8_not(vi8_from_bits(ctx->entry_exec));
            fill_slot_v(slot, h, h, h, h);
            break;
        }
        default: {
            uint32_t b[4] = {0, 0, 0, 0};
            fill_slot(slot, b);
            break;
        }
        }
    }
}

/* Sets up the per-call memory: register file then frame stack, 32-byte
 * aligned inside `mem`. */
static size_t call_bytes(const struct jit_interp_prog *ip)
{
    return (size_t)ip->reg_slots * JIT_SLOT_FLOATS * sizeof(float) +
           (size_t)ip->max_frames * sizeof(jit_frame) + 32;
}

static void ctx_init(jit_ctx *ctx, const jit_shader *sh, uint8_t *mem)
{
    const struct jit_interp_prog *ip = sh->interp;
    float *regs = (float *)(((uintptr_t)mem + 31) & ~(uintptr_t)31);
    ctx->sh = sh;
    ctx->ip = ip;
    ctx->base[JIT_BASE_REG] = regs;
    ctx->base[JIT_BASE_IMM] = ip->imm;
    ctx->stack = (jit_frame *)(regs + (size_t)ip->reg_slots * JIT_SLOT_FLOATS);
    ctx->sp = ctx->func_base = ctx->call_depth = 0;
    ctx->cond = ctx->brk = ctx->cont = ctx->ret = 0xffffffffu;
    ctx->mzw = ip->mzw;
    /* ranges are whole slots: no call into memset for 128 bytes */
    for (uint32_t i = 0; i < ip->num_zero; i++) {
        float *z = regs + ip->zero[i].off;
        for (uint32_t k = 0; k < ip->zero[i].floats; k += 8)
            vf8_store_aligned(z + k, vf8_zero());
    }
    for (uint32_t i = 0; i < ip->num_imm_splat; i++)
        vi8_store(regs + ip->imm_splat[i].dst, vi8_set1((int32_t)ip->imm_splat[i].bits));
}

/* A call starts with cold caches when the engine cycles through many
 * shaders: everything it reads is requested up front, so the misses
 * overlap instead of forming a chain (block -> table -> constant). */
static inline void prefetch_lines(const void *p, size_t bytes)
{
    if (!p)
        return;
    const char *c = (const char *)((uintptr_t)p & ~(uintptr_t)63);
    const char *e = (const char *)p + bytes;
    for (; c < e; c += 64)
        __builtin_prefetch(c);
}

/* Before the program header arrives: the resource table's buffer
 * pointers and counts, and the first input. */
static inline void prefetch_entry(const swr_simd_vec4 *inputs, const swr_shader_resources *res)
{
    prefetch_lines(inputs, sizeof(swr_simd_vec4));
    if (res) {
        prefetch_lines(res, sizeof res->constants);
        prefetch_lines(res->constant_count, sizeof res->constant_count);
    }
}

static void prefetch_call(const struct jit_interp_prog *ip, const swr_simd_vec4 *inputs,
                          const swr_shader_resources *res)
{
    prefetch_lines(inputs, (size_t)ip->num_inputs * sizeof(swr_simd_vec4));
    if (!res)
        return;
    for (uint32_t g = 0; g < ip->num_const_group; g++) {
        const jit_const_group *cg = &ip->const_group[g];
        const float *b = res->constants[cg->buf];
        if (!b || cg->max_index >= res->constant_count[cg->buf])
            continue; /* the splat's slow path; rare */
        for (uint32_t i = cg->first; i < cg->first + cg->count; i++)
            __builtin_prefetch(b + ip->const_splat[i].word);
    }
}

/* The directly read constant components, splatted (exec contract 12). */
static void splat_constants(const jit_ctx *ctx)
{
    const struct jit_interp_prog *ip = ctx->ip;
    const swr_shader_resources *res = ctx->res;
    float *regs = ctx->base[JIT_BASE_REG];
    for (uint32_t g = 0; g < ip->num_const_group; g++) {
        const jit_const_group *cg = &ip->const_group[g];
        const jit_const_splat *e = &ip->const_splat[cg->first];
        const float *b = res ? res->constants[cg->buf] : NULL;
        uint32_t count = b ? res->constant_count[cg->buf] : 0;
        if (cg->max_index < count) {
            for (uint32_t i = 0; i < cg->count; i++)
                vf8_store_aligned(regs + e[i].dst, vf8_set1(b[e[i].word]));
        } else {
            for (uint32_t i = 0; i < cg->count; i++)
                vf8_store_aligned(regs + e[i].dst, e[i].word / 4 < count
                                                       ? vf8_set1(b[e[i].word])
                                                       : vf8_zero());
        }
    }
}

static void copy_inputs(const jit_ctx *ctx, const swr_simd_vec4 *inputs)
{
    const struct jit_interp_prog *ip = ctx->ip;
    float *dst = ctx->base[JIT_BASE_REG] + (size_t)ip->in_copy_slot * JIT_SLOT_FLOATS;
    const float *src = (const float *)inputs;
    for (size_t k = 0; k < (size_t)ip->num_inputs * JIT_SLOT_FLOATS; k += 8)
        vf8_store_aligned(dst + k, vf8_load_aligned(src + k));
}

static void vs_body(const jit_shader *sh, swr_vs_args *args, uint8_t *mem)
{
    jit_ctx ctx;
    const struct jit_interp_prog *ip = sh->interp;
    prefetch_call(ip, args->inputs, args->res);
    for (uint32_t i = 0; args->outputs && i < ip->num_outputs; i++) {
        __builtin_prefetch(&args->outputs[i], 1); /* for writing */
        __builtin_prefetch((const char *)&args->outputs[i] + 64, 1);
    }
    ctx_init(&ctx, sh, mem);
    ctx.base[JIT_BASE_IN] = (float *)args->inputs;
    ctx.base[JIT_BASE_OUT] = (float *)args->outputs;
    ctx.is_ps = false;
    ctx.res = args->res;
    ctx.vs = args;
    ctx.ps = NULL;
    ctx.alive = args->active_mask & 0xffu;
    ctx.exec = ctx.entry_exec = ctx.alive;
    /* lanes outside active_mask are never looked at (exec contract 16),
     * and a VS has no cross-lane operation */
    ctx.fast_mask = ctx.alive;
    copy_inputs(&ctx, args->inputs);
    splat_constants(&ctx);
    fill_sv_vs(&ctx, args);
    run(&ctx);
    /* exec contract 20: the outputs, written or still 0 */
    const float *out = ctx.base[JIT_BASE_REG] + (size_t)ip->vs_out_slot0 * JIT_SLOT_FLOATS;
    float *dst = (float *)args->outputs;
    for (size_t k = 0; k < (size_t)ip->num_outputs * JIT_SLOT_FLOATS; k += 8)
        vf8_store_aligned(dst + k, vf8_load_aligned(out + k));
}

static void gs_body(const jit_shader *sh, swr_gs_args *args, uint8_t *mem)
{
    jit_ctx ctx;
    const struct jit_interp_prog *ip = sh->interp;
    ctx_init(&ctx, sh, mem);
    float *regs = ctx.base[JIT_BASE_REG];
    ctx.base[JIT_BASE_IN] = NULL;
    ctx.base[JIT_BASE_OUT] = NULL;
    ctx.is_ps = false;
    ctx.res = args->res;
    ctx.vs = NULL;
    ctx.ps = NULL;
    ctx.gs = args;
    ctx.alive = args->active_mask & 0xffu;
    ctx.exec = ctx.entry_exec = ctx.alive;
    ctx.fast_mask = ctx.alive;
    /* OUT starts at 0 (exec contract 20) and EMIT reads all of it */
    for (size_t k = 0; k < (size_t)ip->num_outputs * JIT_SLOT_FLOATS; k += 8)
        vf8_store_aligned(regs + (size_t)ip->vs_out_slot0 * JIT_SLOT_FLOATS + k, vf8_zero());
    /* IN[v][a] attribute-major; what the args do not hold reads 0 */
    uint32_t nv = ip->gs_in_vertices, na = ip->gs_in_attribs;
    for (uint32_t a = 0; a < na; a++)
        for (uint32_t v = 0; v < nv; v++) {
            float *dst = regs + ((size_t)ip->in_copy_slot + a * nv + v) * JIT_SLOT_FLOATS;
            bool have = args->inputs && v < args->num_in_vertices && a < args->num_inputs;
            const float *src = have ? &args->inputs[v * args->num_inputs + a].v[0][0] : NULL;
            for (size_t k = 0; k < JIT_SLOT_FLOATS; k += 8)
                vf8_store_aligned(dst + k, src ? vf8_load_aligned(src + k) : vf8_zero());
        }
    splat_constants(&ctx);
    for (uint32_t i = 0; i < ip->num_sv; i++) {
        float *slot = regs + (size_t)ip->sv[i].slot * JIT_SLOT_FLOATS;
        vi8 v = ip->sv[i].semantic == TGSI_SEMANTIC_PRIMID ? vi8_load(args->prim_id.v)
                                                           : vi8_zero();
        fill_slot_v(slot, v, v, v, v);
    }
    run(&ctx);
}

void jit_interp_gs(const void *shader, swr_gs_args *args)
{
    const jit_shader *sh = shader;
    size_t n = call_bytes(sh->interp);
    if (n <= JIT_STACK_BYTES) {
        uint8_t mem[n];
        gs_body(sh, args, mem);
        return;
    }
    uint8_t *mem = malloc(n);
    if (!mem)
        return; /* out of memory: nothing emitted */
    gs_body(sh, args, mem);
    free(mem);
}

static void ps_body(const jit_shader *sh, swr_ps_args *args, uint8_t *mem)
{
    jit_ctx ctx;
    const struct jit_interp_prog *ip = sh->interp;
    prefetch_call(ip, args->inputs, args->res);
    ctx_init(&ctx, sh, mem);
    float *regs = ctx.base[JIT_BASE_REG];
    ctx.base[JIT_BASE_IN] = (float *)args->inputs;
    ctx.base[JIT_BASE_OUT] = NULL;
    ctx.is_ps = true;
    ctx.res = args->res;
    ctx.ps = args;
    ctx.vs = NULL;
    ctx.alive = args->quad_mask & 0xffu;
    ctx.exec = ctx.entry_exec = args->exec_mask & 0xffu;
    /* Lanes outside quad_mask matter only when a running lane of their
     * quad can read them (derivatives): so the fast path, which writes
     * every lane, needs all running lanes when a quad is partial. */
    uint32_t q = ctx.alive;
    bool whole_quads = ((q & 0xfu) == 0 || (q & 0xfu) == 0xfu) &&
                       ((q & 0xf0u) == 0 || (q & 0xf0u) == 0xf0u);
    ctx.fast_mask = whole_quads ? q : 0xffu;
    copy_inputs(&ctx, args->inputs);
    splat_constants(&ctx);
    if (ip->pos_slot != ~0u)
        ps_position(&ctx, args, regs + (size_t)ip->pos_slot * JIT_SLOT_FLOATS);
    if (ip->face_slot != ~0u) {
        /* exec contract 19: IN FACE = (front ? 1 : -1, 0, 0, 1) */
        uint32_t b[4] = {args->front_facing ? 0x3f800000u : 0xbf800000u, 0, 0, 0x3f800000u};
        fill_slot(regs + (size_t)ip->face_slot * JIT_SLOT_FLOATS, b);
    }
    fill_sv_ps(&ctx, args);
    run(&ctx);
    args->exec_mask = ctx.exec;
}

void jit_interp_vs(const void *shader, swr_vs_args *args)
{
    const jit_shader *sh = shader;
    prefetch_lines(sh->interp, sh->interp_bytes < 2048 ? sh->interp_bytes : 2048);
    prefetch_entry(args->inputs, args->res);
    size_t n = call_bytes(sh->interp);
    if (n <= JIT_STACK_BYTES) {
        uint8_t mem[n];
        vs_body(sh, args, mem);
        return;
    }
    uint8_t *mem = malloc(n);
    if (!mem)
        return; /* out of memory: the outputs stay as they were */
    vs_body(sh, args, mem);
    free(mem);
}

void jit_interp_ps(const void *shader, swr_ps_args *args)
{
    const jit_shader *sh = shader;
    prefetch_lines(sh->interp, sh->interp_bytes < 2048 ? sh->interp_bytes : 2048);
    prefetch_entry(args->inputs, args->res);
    size_t n = call_bytes(sh->interp);
    if (n <= JIT_STACK_BYTES) {
        uint8_t mem[n];
        ps_body(sh, args, mem);
        return;
    }
    uint8_t *mem = malloc(n);
    if (!mem)
        return;
    ps_body(sh, args, mem);
    free(mem);
}

/* ---- decoding ------------------------------------------------------------ */

/* Where each register file lives, built from the declarations. */
typedef struct jit_layout {
    const tgsi_program *prog;
    bool is_ps;
    uint32_t num_temps, num_addrs, num_outputs, num_inputs, num_sv;
    uint32_t temp_slot0, addr_slot0, psout_slot0, sv_slot0, zero_slot;
    uint32_t pos_slot, face_slot, in_copy_slot;
    uint32_t vs_out_slot0, imm_slot0, const_slot0;
    uint8_t *imm_used;     /* per immediate: components read directly */
    uint32_t *const_key;   /* per constant slot: buffer << 24 | vec4 index */
    uint8_t *const_used;   /* per constant slot: components read */
    uint32_t num_const, cap_const;
    int32_t pos_reg, face_reg;
    int32_t *sv_semantic; /* per SV register: tgsi_semantic or -1 */
    jit_ind *ind;
    uint32_t num_ind, cap_ind;
} jit_layout;

static bool fail_at(tgsi_error *err, uint32_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail_at(tgsi_error *err, uint32_t line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err->line = line;
    err->column = 0;
    vsnprintf(err->message, sizeof(err->message), fmt, ap);
    va_end(ap);
    return false;
}

/* The declared range of `file` containing `index` (or with `array_id`). */
static void decl_range(const tgsi_program *p, unsigned file, int32_t index, uint16_t array_id,
                       int32_t *lo, int32_t *hi)
{
    *lo = 0;
    *hi = 0;
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file != file)
            continue;
        if (array_id ? d->array_id == array_id : (index >= d->first && index <= d->last)) {
            *lo = d->first;
            *hi = d->last + 1;
            return;
        }
    }
}

static int32_t add_ind(jit_layout *L)
{
    if (L->num_ind == L->cap_ind) {
        uint32_t cap = L->cap_ind ? L->cap_ind * 2 : 16;
        jit_ind *n = realloc(L->ind, cap * sizeof(*n));
        if (!n)
            return -1;
        L->ind = n;
        L->cap_ind = cap;
    }
    memset(&L->ind[L->num_ind], 0, sizeof(jit_ind));
    return (int32_t)L->num_ind++;
}

/* Base and float offset of register `index` of a direct access. */
static bool reg_place(const jit_layout *L, unsigned file, int32_t index, uint8_t *base,
                      uint32_t *off, const char **why)
{
    uint32_t slot;
    switch (file) {
    case TGSI_FILE_TEMPORARY:
        *base = JIT_BASE_REG;
        slot = L->temp_slot0 + (uint32_t)index;
        break;
    case TGSI_FILE_ADDRESS:
        *base = JIT_BASE_REG;
        slot = L->addr_slot0 + (uint32_t)index;
        break;
    case TGSI_FILE_IMMEDIATE:
        if ((uint32_t)index >= L->prog->num_imms) {
            *why = "IMM register not declared";
            return false;
        }
        *base = JIT_BASE_REG;
        slot = L->imm_slot0 + (uint32_t)index;
        break;
    case TGSI_FILE_INPUT:
        if ((uint32_t)index >= L->num_inputs) {
            *why = "IN register not declared";
            return false;
        }
        *base = JIT_BASE_REG;
        slot = L->in_copy_slot + (uint32_t)index;
        break;
    case TGSI_FILE_OUTPUT:
        if ((uint32_t)index >= L->num_outputs) {
            *why = "OUT register not declared";
            return false;
        }
        *base = JIT_BASE_REG;
        slot = L->psout_slot0 + (uint32_t)index;
        break;
    case TGSI_FILE_SYSTEM_VALUE:
        if ((uint32_t)index >= L->num_sv || L->sv_semantic[index] < 0) {
            *why = "SV register not declared";
            return false;
        }
        *base = JIT_BASE_REG;
        slot = L->sv_slot0 + (uint32_t)index;
        break;
    default: *why = "unsupported register file"; return false;
    }
    *off = slot * JIT_SLOT_FLOATS;
    return true;
}

/* Fills an indirect-access table entry for `file` (register dimension). */
static bool ind_place(jit_layout *L, unsigned file, const tgsi_index *r, jit_ind *ind,
                      const char **why)
{
    ind->index = r->index;
    ind->has_addr = r->indirect;
    if (r->indirect) {
        uint8_t ab;
        uint32_t ao;
        if (r->ind_file != TGSI_FILE_ADDRESS && r->ind_file != TGSI_FILE_TEMPORARY) {
            *why = "indirect index from an unsupported file";
            return false;
        }
        if (!reg_place(L, r->ind_file, r->ind_index, &ab, &ao, why))
            return false;
        ind->addr_base = ab;
        ind->addr_off = ao + (r->ind_swizzle & 3) * 8;
    }
    uint8_t b;
    uint32_t o;
    switch (file) {
    case TGSI_FILE_CONSTANT: ind->base = 0xff; return true;
    case TGSI_FILE_IMMEDIATE:
        /* read from the shader's immediates (the register file holds only
         * the directly read components) */
        ind->lo = 0;
        ind->hi = (int32_t)L->prog->num_imms;
        ind->base = JIT_BASE_IMM;
        ind->off0 = 0;
        return true;
    case TGSI_FILE_TEMPORARY:
    case TGSI_FILE_INPUT:
    case TGSI_FILE_OUTPUT:
        decl_range(L->prog, file, r->index, r->array_id, &ind->lo, &ind->hi);
        if (file == TGSI_FILE_INPUT && ind->hi > (int32_t)L->num_inputs)
            ind->hi = (int32_t)L->num_inputs;
        if (file == TGSI_FILE_OUTPUT && ind->hi > (int32_t)L->num_outputs)
            ind->hi = (int32_t)L->num_outputs;
        if (file == TGSI_FILE_TEMPORARY && ind->hi > (int32_t)L->num_temps)
            ind->hi = (int32_t)L->num_temps;
        if (ind->lo >= ind->hi)
            return true;
        break;
    case TGSI_FILE_ADDRESS:
        ind->lo = 0;
        ind->hi = (int32_t)L->num_addrs;
        break;
    default: *why = "unsupported indirect register file"; return false;
    }
    if (!reg_place(L, file, 0, &b, &o, why))
        return false;
    ind->base = b;
    ind->off0 = o;
    return true;
}

/* The register-file slot that holds CONST[buf][index] (splatted per call),
 * recording the components `swz` reads; -1 on OOM. */
static int32_t const_slot(jit_layout *L, uint32_t buf, uint32_t index, const uint8_t swz[4])
{
    uint32_t key = buf << 24 | (index & 0xffffffu), k;
    for (k = 0; k < L->num_const; k++)
        if (L->const_key[k] == key)
            break;
    if (k == L->num_const) {
        if (index > 0xffffffu)
            return (int32_t)L->zero_slot; /* past any buffer: reads 0 */
        if (L->num_const == L->cap_const) {
            uint32_t cap = L->cap_const ? L->cap_const * 2 : 16;
            uint32_t *nk = realloc(L->const_key, cap * sizeof(*nk));
            if (!nk)
                return -1;
            L->const_key = nk;
            uint8_t *nu = realloc(L->const_used, cap);
            if (!nu)
                return -1;
            L->const_used = nu;
            L->cap_const = cap;
        }
        L->const_key[k] = key;
        L->const_used[k] = 0;
        L->num_const++;
    }
    for (int c = 0; c < 4; c++)
        L->const_used[k] |= (uint8_t)(1u << swz[c]);
    return (int32_t)(L->const_slot0 + k);
}

static bool decode_src(jit_layout *L, const tgsi_inst *in, unsigned i, const tgsi_src *s,
                       jit_src *o, const char **why)
{
    memset(o, 0, sizeof(*o));
    o->file = s->file;
    o->index = s->reg.index;
    for (int c = 0; c < 4; c++)
        o->swz[c] = s->swizzle[c] & 3;
    if (s->negate || s->absolute) {
        tgsi_type t = tgsi_opcode_src_type(in->opcode, i);
        o->mod = (s->absolute ? JIT_MOD_ABS : 0) | (s->negate ? JIT_MOD_NEG : 0) |
                 (t == TGSI_TYPE_I ? JIT_MOD_INT : t == TGSI_TYPE_U ? JIT_MOD_UINT : 0);
    }
    switch (s->file) {
    case TGSI_FILE_NULL:
    case TGSI_FILE_SAMPLER:
    case TGSI_FILE_SAMPLER_VIEW: o->kind = JIT_SRC_ZERO; return true;
    case TGSI_FILE_CONSTANT: {
        int32_t buf = s->num_dims == 2 ? s->dim.index : 0;
        bool dim_ind = s->num_dims == 2 && s->dim.indirect;
        if (!s->reg.indirect && !dim_ind) {
            if (buf < 0 || buf >= SWR_MAX_CONST_BUFFERS || s->reg.index < 0) {
                o->kind = JIT_SRC_ZERO;
                return true;
            }
            int32_t slot = const_slot(L, (uint32_t)buf, (uint32_t)s->reg.index, o->swz);
            if (slot < 0) {
                *why = "out of memory";
                return false;
            }
            o->kind = JIT_SRC_REG;
            o->base = JIT_BASE_REG;
            o->off = (uint32_t)slot * JIT_SLOT_FLOATS;
            return true;
        }
        int32_t k = add_ind(L);
        if (k < 0) {
            *why = "out of memory";
            return false;
        }
        jit_ind *ind = &L->ind[k];
        if (!ind_place(L, s->file, &s->reg, ind, why))
            return false;
        ind->dim_index = buf;
        if (dim_ind) {
            uint8_t ab;
            uint32_t ao;
            if (!reg_place(L, s->dim.ind_file, s->dim.ind_index, &ab, &ao, why))
                return false;
            ind->dim_has_addr = 1;
            ind->dim_addr_base = ab;
            ind->dim_addr_off = ao + (s->dim.ind_swizzle & 3) * 8;
        }
        o->kind = JIT_SRC_IND;
        o->off = (uint32_t)k;
        return true;
    }
    default: break;
    }
    if (s->reg.indirect) {
        int32_t k = add_ind(L);
        if (k < 0) {
            *why = "out of memory";
            return false;
        }
        if (!ind_place(L, s->file, &s->reg, &L->ind[k], why))
            return false;
        o->kind = JIT_SRC_IND;
        o->off = (uint32_t)k;
        return true;
    }
    if (s->reg.index < 0) {
        *why = "negative register index";
        return false;
    }
    o->kind = JIT_SRC_REG;
    if (s->file == TGSI_FILE_IMMEDIATE && (uint32_t)s->reg.index < L->prog->num_imms)
        for (int c = 0; c < 4; c++)
            L->imm_used[s->reg.index] |= (uint8_t)(1u << o->swz[c]);
    return reg_place(L, s->file, s->reg.index, &o->base, &o->off, why);
}

static bool decode_dst(jit_layout *L, const tgsi_dst *d, jit_dst *o, const char **why)
{
    memset(o, 0, sizeof(*o));
    o->reg = d->reg.index;
    if (d->file == TGSI_FILE_NULL)
        return true;
    if (d->file != TGSI_FILE_TEMPORARY && d->file != TGSI_FILE_OUTPUT &&
        d->file != TGSI_FILE_ADDRESS) {
        *why = "register file cannot be written";
        return false;
    }
    o->ps_out = L->is_ps && d->file == TGSI_FILE_OUTPUT;
    if (d->reg.indirect) {
        int32_t k = add_ind(L);
        if (k < 0) {
            *why = "out of memory";
            return false;
        }
        if (!ind_place(L, d->file, &d->reg, &L->ind[k], why))
            return false;
        o->kind = L->ind[k].lo < L->ind[k].hi ? JIT_DST_IND : JIT_DST_NONE;
        o->off = (uint32_t)k;
        return true;
    }
    if (d->reg.index < 0) {
        *why = "negative register index";
        return false;
    }
    o->kind = JIT_DST_REG;
    return reg_place(L, d->file, d->reg.index, &o->base, &o->off, why);
}

static bool is_cf(unsigned opc)
{
    switch (opc) {
    case TGSI_OPCODE_IF: case TGSI_OPCODE_UIF: case TGSI_OPCODE_ELSE:
    case TGSI_OPCODE_ENDIF: case TGSI_OPCODE_BGNLOOP: case TGSI_OPCODE_ENDLOOP:
    case TGSI_OPCODE_BRK: case TGSI_OPCODE_CONT: case TGSI_OPCODE_SWITCH:
    case TGSI_OPCODE_CASE: case TGSI_OPCODE_DEFAULT: case TGSI_OPCODE_ENDSWITCH:
    case TGSI_OPCODE_CAL: case TGSI_OPCODE_RET: case TGSI_OPCODE_BGNSUB:
    case TGSI_OPCODE_ENDSUB: case TGSI_OPCODE_END: return true;
    default: return false;
    }
}

/* Which slots of the register file must be cleared per call (exec contract
 * 11). A component needs no clearing when the straight-line code before the
 * first control-flow instruction writes it (with every running lane
 * executing) before anything reads it; everything else is cleared. */
static bool plan_zeroing(struct jit_interp_prog *ip, const jit_layout *L, const jit_op *ops,
                         uint32_t n_ops)
{
    uint32_t n = ip->reg_slots;
    uint8_t *written = calloc(n, 1), *need = calloc(n, 1);
    if (!written || !need) {
        free(written);
        free(need);
        return false;
    }
    for (uint32_t i = 0; i < n_ops; i++) {
        const jit_op *op = &ops[i];
        if (is_cf(op->opcode))
            break;
        bool stop = false;
        for (unsigned s = 0; s <= op->num_src; s++) {
            const jit_src *src = s < op->num_src ? &op->src[s] : &op->offset;
            if (src->kind == JIT_SRC_IND) {
                stop = true;
                continue;
            }
            if (src->kind != JIT_SRC_REG || src->base != JIT_BASE_REG)
                continue;
            uint32_t slot = src->off / JIT_SLOT_FLOATS;
            for (int c = 0; c < 4; c++)
                if (!(written[slot] & (1u << src->swz[c])))
                    need[slot] |= 1u << src->swz[c];
        }
        if (op->dst.kind == JIT_DST_IND)
            stop = true;
        if (stop)
            break;
        if (op->dst.kind == JIT_DST_REG && op->dst.base == JIT_BASE_REG)
            written[op->dst.off / JIT_SLOT_FLOATS] |= op->wmask;
    }
    for (uint32_t s = 0; s < n; s++)
        need[s] |= ~written[s] & 0xf;
    /* Only TEMP, ADDR and OUT slots start at zero; inputs, SVs, immediates
     * and constants are filled at entry, the zero slot is cleared always. */
    uint32_t lo = L->temp_slot0, hi = L->sv_slot0; /* temps, addrs, outs */
    ip->zero = calloc(hi - lo + 2, sizeof(jit_zero_range));
    if (!ip->zero) {
        free(written);
        free(need);
        return false;
    }
    ip->num_zero = 0;
    for (uint32_t s = lo; s < hi; s++) {
        if (!need[s])
            continue;
        if (ip->num_zero && ip->zero[ip->num_zero - 1].off +
                                    ip->zero[ip->num_zero - 1].floats ==
                                s * JIT_SLOT_FLOATS)
            ip->zero[ip->num_zero - 1].floats += JIT_SLOT_FLOATS;
        else
            ip->zero[ip->num_zero++] = (jit_zero_range){s * JIT_SLOT_FLOATS, JIT_SLOT_FLOATS};
    }
    ip->zero[ip->num_zero++] =
        (jit_zero_range){L->zero_slot * JIT_SLOT_FLOATS, JIT_SLOT_FLOATS};
    free(written);
    free(need);
    return true;
}

/* Control-flow matching: fills targets, depths and the switch case lists. */
typedef struct cf_entry {
    uint16_t opcode;
    uint32_t pc;
    uint32_t else_pc;
    uint32_t pending0;   /* index into the pending BRK/CONT list */
} cf_entry;

static bool match_cf(struct jit_interp_prog *ip, const tgsi_program *p, tgsi_error *err)
{
    uint32_t n = p->num_insts;
    cf_entry *st = malloc((n + 1) * sizeof(*st));
    uint32_t *pend = malloc((n + 1) * sizeof(*pend));
    int32_t *cases = malloc((n + 1) * sizeof(*cases));
    uint32_t sp = 0, npend = 0, ncases = 0, func_base = 0, max_depth = 0;
    bool in_sub = false, ok = false;
    if (!st || !pend || !cases) {
        snprintf(err->message, sizeof(err->message), "out of memory");
        goto done;
    }
    for (uint32_t i = 0; i < n; i++) {
        jit_op *op = &ip->ops[i];
        unsigned opc = p->insts[i].opcode;
        uint32_t line = p->insts[i].line;
        op->depth = sp - func_base;
        switch (opc) {
        case TGSI_OPCODE_IF:
        case TGSI_OPCODE_UIF:
        case TGSI_OPCODE_BGNLOOP:
        case TGSI_OPCODE_SWITCH:
            st[sp] = (cf_entry){(uint16_t)opc, i, ~0u, npend};
            sp++;
            if (sp - func_base > max_depth)
                max_depth = sp - func_base;
            break;
        case TGSI_OPCODE_ELSE:
            if (sp == func_base ||
                (st[sp - 1].opcode != TGSI_OPCODE_IF && st[sp - 1].opcode != TGSI_OPCODE_UIF) ||
                st[sp - 1].else_pc != ~0u) {
                fail_at(err, line, "ELSE without IF");
                goto done;
            }
            st[sp - 1].else_pc = i;
            ip->ops[st[sp - 1].pc].target = (int32_t)i;
            break;
        case TGSI_OPCODE_ENDIF:
            if (sp == func_base ||
                (st[sp - 1].opcode != TGSI_OPCODE_IF && st[sp - 1].opcode != TGSI_OPCODE_UIF)) {
                fail_at(err, line, "ENDIF without IF");
                goto done;
            }
            sp--;
            op->depth = sp - func_base;
            ip->ops[st[sp].pc].target2 = (int32_t)i;
            if (st[sp].else_pc == ~0u)
                ip->ops[st[sp].pc].target = (int32_t)i;
            else
                ip->ops[st[sp].else_pc].target = (int32_t)i;
            break;
        case TGSI_OPCODE_ENDLOOP:
        case TGSI_OPCODE_ENDSWITCH: {
            uint16_t want = opc == TGSI_OPCODE_ENDLOOP ? TGSI_OPCODE_BGNLOOP : TGSI_OPCODE_SWITCH;
            if (sp == func_base || st[sp - 1].opcode != want) {
                fail_at(err, line, "%s without its opening instruction",
                        opc == TGSI_OPCODE_ENDLOOP ? "ENDLOOP" : "ENDSWITCH");
                goto done;
            }
            sp--;
            op->depth = sp - func_base + 1; /* the frame is still there */
            ip->ops[st[sp].pc].target = (int32_t)i;
            op->target = (int32_t)st[sp].pc;
            /* BRK/CONT recorded since the construct opened belong to it
             * (inner ones were resolved when their construct closed),
             * except CONT inside a switch, which waits for its loop. */
            uint32_t keep = st[sp].pending0;
            for (uint32_t k = st[sp].pending0; k < npend; k++) {
                if (opc == TGSI_OPCODE_ENDSWITCH && p->insts[pend[k]].opcode == TGSI_OPCODE_CONT)
                    pend[keep++] = pend[k];
                else
                    ip->ops[pend[k]].target = (int32_t)i;
            }
            npend = keep;
            if (opc == TGSI_OPCODE_ENDSWITCH) {
                jit_op *sw = &ip->ops[st[sp].pc];
                sw->aux = ncases;
                sw->target2 = 0;
                for (uint32_t k = st[sp].pc + 1; k < i; k++)
                    if (p->insts[k].opcode == TGSI_OPCODE_CASE && ip->ops[k].aux == st[sp].pc) {
                        cases[ncases++] = (int32_t)k;
                        sw->target2++;
                    }
                /* the CASE / DEFAULT chain: each one's target is the next label */
                int32_t next = (int32_t)i;
                for (uint32_t k = i; k > st[sp].pc; k--) {
                    unsigned o2 = p->insts[k - 1].opcode;
                    if ((o2 == TGSI_OPCODE_CASE || o2 == TGSI_OPCODE_DEFAULT) &&
                        ip->ops[k - 1].aux == st[sp].pc) {
                        ip->ops[k - 1].target = next;
                        next = (int32_t)(k - 1);
                    }
                }
            }
            break;
        }
        case TGSI_OPCODE_CASE:
        case TGSI_OPCODE_DEFAULT:
            if (sp == func_base || st[sp - 1].opcode != TGSI_OPCODE_SWITCH) {
                fail_at(err, line, "%s outside SWITCH",
                        opc == TGSI_OPCODE_CASE ? "CASE" : "DEFAULT");
                goto done;
            }
            op->aux = st[sp - 1].pc;
            break;
        case TGSI_OPCODE_BRK:
        case TGSI_OPCODE_CONT: {
            uint32_t k = sp;
            while (k > func_base &&
                   !(st[k - 1].opcode == TGSI_OPCODE_BGNLOOP ||
                     (opc == TGSI_OPCODE_BRK && st[k - 1].opcode == TGSI_OPCODE_SWITCH)))
                k--;
            if (k == func_base) {
                fail_at(err, line, "%s outside a loop", opc == TGSI_OPCODE_BRK ? "BRK" : "CONT");
                goto done;
            }
            op->depth = k - func_base;
            /* resolved at the matching ENDLOOP / ENDSWITCH: record in the
             * pending list of that construct (kept in stack order) */
            pend[npend++] = i;
            break;
        }
        case TGSI_OPCODE_BGNSUB:
            if (sp != func_base || in_sub) {
                fail_at(err, line, "BGNSUB inside a block");
                goto done;
            }
            in_sub = true;
            func_base = sp;
            break;
        case TGSI_OPCODE_ENDSUB:
            if (!in_sub || sp != func_base) {
                fail_at(err, line, "ENDSUB without BGNSUB");
                goto done;
            }
            in_sub = false;
            for (uint32_t k = i; k > 0; k--) { /* RETs of this subroutine */
                if (p->insts[k - 1].opcode == TGSI_OPCODE_BGNSUB)
                    break;
                if (p->insts[k - 1].opcode == TGSI_OPCODE_RET)
                    ip->ops[k - 1].target = (int32_t)i;
            }
            break;
        case TGSI_OPCODE_CAL:
            if (p->insts[i].label < 0 || (uint32_t)p->insts[i].label >= n) {
                fail_at(err, line, "CAL label %d out of range", (int)p->insts[i].label);
                goto done;
            }
            op->target = p->insts[i].label;
            break;
        case TGSI_OPCODE_RET: op->target = -1; break;
        default: break;
        }
    }
    if (sp != func_base || in_sub) {
        fail_at(err, sp ? p->insts[st[sp - 1].pc].line : 0, "unterminated block");
        goto done;
    }
    ip->cases = cases;
    ip->num_cases = ncases;
    cases = NULL;
    ip->max_frames = (max_depth + 1) * (JIT_MAX_CALL_DEPTH + 1);
    ok = true;
done:
    free(st);
    free(pend);
    free(cases);
    return ok;
}

static bool build_layout(jit_layout *L, const tgsi_program *p, bool is_ps, tgsi_error *err)
{
    memset(L, 0, sizeof(*L));
    L->prog = p;
    L->is_ps = is_ps;
    L->pos_reg = L->face_reg = -1;
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        uint32_t end = (uint32_t)d->last + 1;
        if (d->last < d->first || d->first < 0)
            continue;
        switch (d->file) {
        case TGSI_FILE_TEMPORARY: L->num_temps = end > L->num_temps ? end : L->num_temps; break;
        case TGSI_FILE_ADDRESS: L->num_addrs = end > L->num_addrs ? end : L->num_addrs; break;
        case TGSI_FILE_INPUT:
            L->num_inputs = end > L->num_inputs ? end : L->num_inputs;
            if (is_ps && d->has_semantic && d->semantic_name == TGSI_SEMANTIC_POSITION)
                L->pos_reg = d->first;
            if (is_ps && d->has_semantic && d->semantic_name == TGSI_SEMANTIC_FACE)
                L->face_reg = d->first;
            break;
        case TGSI_FILE_OUTPUT:
            L->num_outputs = end > L->num_outputs ? end : L->num_outputs;
            break;
        case TGSI_FILE_SYSTEM_VALUE: L->num_sv = end > L->num_sv ? end : L->num_sv; break;
        default: break;
        }
    }
    /* Registers used beyond the declarations (TEMP, ADDR) still get slots:
     * programs built in memory may skip declaring them. */
    for (uint32_t i = 0; i < p->num_insts; i++) {
        const tgsi_inst *in = &p->insts[i];
        for (unsigned k = 0; k < in->num_src + in->num_dst; k++) {
            unsigned file = k < in->num_src ? in->src[k].file : in->dst[k - in->num_src].file;
            const tgsi_index *r = k < in->num_src ? &in->src[k].reg : &in->dst[k - in->num_src].reg;
            if (r->indirect && r->ind_file == TGSI_FILE_ADDRESS && r->ind_index >= 0 &&
                (uint32_t)r->ind_index + 1 > L->num_addrs && r->ind_index < 65536)
                L->num_addrs = (uint32_t)r->ind_index + 1;
            if (r->index < 0 || r->index >= 65536)
                continue;
            if (file == TGSI_FILE_TEMPORARY && (uint32_t)r->index + 1 > L->num_temps && !r->indirect)
                L->num_temps = (uint32_t)r->index + 1;
            if (file == TGSI_FILE_ADDRESS && (uint32_t)r->index + 1 > L->num_addrs)
                L->num_addrs = (uint32_t)r->index + 1;
        }
    }
    uint32_t max_in = p->processor == TGSI_PROCESSOR_GEOMETRY ? SWR_MAX_ATTRIBS * 6
                                                              : SWR_MAX_ATTRIBS;
    if (L->num_inputs > max_in || L->num_outputs > SWR_MAX_ATTRIBS) {
        err->line = 0;
        snprintf(err->message, sizeof(err->message), "more than %d inputs or outputs",
                 SWR_MAX_ATTRIBS);
        return false;
    }
    L->sv_semantic = malloc((L->num_sv + 1) * sizeof(int32_t));
    if (!L->sv_semantic) {
        snprintf(err->message, sizeof(err->message), "out of memory");
        return false;
    }
    for (uint32_t i = 0; i < L->num_sv; i++)
        L->sv_semantic[i] = -1;
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file == TGSI_FILE_SYSTEM_VALUE && d->first >= 0)
            for (int32_t r = d->first; r <= d->last; r++)
                L->sv_semantic[r] = d->has_semantic ? d->semantic_name : TGSI_SEMANTIC_COUNT;
    }
    uint32_t s = 0;
    L->temp_slot0 = s;
    s += L->num_temps;
    L->addr_slot0 = s;
    s += L->num_addrs;
    /* VS outputs are written here and copied out after the run; PS outputs
     * keep a copy here for reads (the engine's outputs are masked). */
    L->psout_slot0 = L->vs_out_slot0 = s;
    s += L->num_outputs;
    L->sv_slot0 = s;
    s += L->num_sv;
    /* Inputs are copied in at entry, so that every direct operand is an
     * offset from the register file (the fast path's single base). */
    L->pos_slot = L->face_slot = ~0u;
    L->in_copy_slot = s;
    s += L->num_inputs;
    if (is_ps) {
        if (L->pos_reg >= 0)
            L->pos_slot = L->in_copy_slot + (uint32_t)L->pos_reg;
        if (L->face_reg >= 0)
            L->face_slot = L->in_copy_slot + (uint32_t)L->face_reg;
    }
    L->zero_slot = s++;
    L->imm_slot0 = s;
    s += p->num_imms;
    L->const_slot0 = s; /* then one slot per directly read CONST register */
    L->imm_used = calloc(p->num_imms + 1, 1);
    if (!L->imm_used) {
        snprintf(err->message, sizeof(err->message), "out of memory");
        return false;
    }
    return true;
}

static void free_layout(jit_layout *L)
{
    free(L->ind);
    free(L->sv_semantic);
    free(L->imm_used);
    free(L->const_key);
    free(L->const_used);
}

/* The per-call splats of the directly read immediate and constant
 * components. */
static bool plan_operand_copies(struct jit_interp_prog *ip, const jit_layout *L)
{
    uint32_t nimm = L->prog->num_imms;
    ip->imm_splat = calloc((size_t)nimm * 4 + 1, sizeof(jit_imm_splat));
    ip->const_splat = calloc((size_t)L->num_const * 4 + 1, sizeof(jit_const_splat));
    if (!ip->imm_splat || !ip->const_splat)
        return false;
    for (uint32_t i = 0; i < nimm; i++)
        for (uint32_t c = 0; c < 4; c++)
            if (L->imm_used[i] & (1u << c))
                ip->imm_splat[ip->num_imm_splat++] = (jit_imm_splat){
                    (L->imm_slot0 + i) * JIT_SLOT_FLOATS + c * 8, L->prog->imms[i].bits[c]};
    for (uint32_t buf = 0; buf < SWR_MAX_CONST_BUFFERS; buf++) {
        jit_const_group g = {buf, ip->num_const_splat, 0, 0};
        for (uint32_t k = 0; k < L->num_const; k++) {
            uint32_t index = L->const_key[k] & 0xffffffu;
            if (L->const_key[k] >> 24 != buf)
                continue;
            for (uint32_t c = 0; c < 4; c++)
                if (L->const_used[k] & (1u << c)) {
                    ip->const_splat[ip->num_const_splat++] = (jit_const_splat){
                        (L->const_slot0 + k) * JIT_SLOT_FLOATS + c * 8, index * 4 + c};
                    g.count++;
                    g.max_index = index > g.max_index ? index : g.max_index;
                }
        }
        if (g.count)
            ip->const_group[ip->num_const_group++] = g;
    }
    return true;
}

/* Moves the program header and the per-call tables into one block (see
 * jit_interp_prog.block): *ipp becomes the block's header. */
static bool pack_runtime(struct jit_interp_prog **ipp, uint32_t *bytes)
{
    struct jit_interp_prog *ip = *ipp;
    size_t sz[4] = {ip->num_zero * sizeof(jit_zero_range), ip->num_imm_splat * sizeof(jit_imm_splat),
                    ip->num_const_splat * sizeof(jit_const_splat),
                    (ip->num_ops + 1) * sizeof(jit_fop)};
    void **ptr[4] = {(void **)&ip->zero, (void **)&ip->imm_splat, (void **)&ip->const_splat,
                     (void **)&ip->fops};
    size_t head = (sizeof *ip + 63) & ~(size_t)63, total = head;
    for (int i = 0; i < 4; i++)
        total += (sz[i] + 31) & ~(size_t)31;
    total = (total + 63) & ~(size_t)63;
    if (total > UINT32_MAX)
        return false;
    uint8_t *block = aligned_alloc(64, total);
    if (!block)
        return false;
    size_t at = head;
    for (int i = 0; i < 4; i++) {
        memcpy(block + at, *ptr[i], sz[i]);
        free(*ptr[i]);
        *ptr[i] = block + at;
        at += (sz[i] + 31) & ~(size_t)31;
    }
    ip->block = block;
    memcpy(block, ip, sizeof *ip);
    free(ip);
    *ipp = (struct jit_interp_prog *)(void *)block;
    *bytes = (uint32_t)total;
    return true;
}

static jit_handler cf_handler(unsigned opc)
{
    switch (opc) {
    case TGSI_OPCODE_IF: return h_if;
    case TGSI_OPCODE_UIF: return h_uif;
    case TGSI_OPCODE_ELSE: return h_else;
    case TGSI_OPCODE_ENDIF: return h_endif;
    case TGSI_OPCODE_BGNLOOP: return h_bgnloop;
    case TGSI_OPCODE_ENDLOOP: return h_endloop;
    case TGSI_OPCODE_BRK: return h_brk;
    case TGSI_OPCODE_CONT: return h_cont;
    case TGSI_OPCODE_SWITCH: return h_switch;
    case TGSI_OPCODE_CASE: return h_case;
    case TGSI_OPCODE_DEFAULT: return h_default;
    case TGSI_OPCODE_ENDSWITCH: return h_endswitch;
    case TGSI_OPCODE_CAL: return h_cal;
    case TGSI_OPCODE_RET: return h_ret;
    case TGSI_OPCODE_BGNSUB: return h_nop;
    case TGSI_OPCODE_ENDSUB: return h_endsub;
    case TGSI_OPCODE_NOP: return h_nop;
    case TGSI_OPCODE_END: return h_end;
    case TGSI_OPCODE_KILL: return h_kill;
    case TGSI_OPCODE_DEMOTE: return h_kill;
    case TGSI_OPCODE_KILL_IF: return h_kill_if;
    case TGSI_OPCODE_READ_HELPER: return h_read_helper;
    case TGSI_OPCODE_EMIT: return h_emit;
    case TGSI_OPCODE_ENDPRIM: return h_endprim;
    default: return NULL;
    }
}

static uint32_t prop_value(const tgsi_program *p, unsigned name)
{
    for (uint32_t i = 0; i < p->num_props; i++)
        if (p->props[i].name == name)
            return p->props[i].value;
    return 0;
}

static bool interp_build(jit_shader *sh, const tgsi_program *p, tgsi_error *err, uint32_t gs_nv,
                         uint32_t gs_na);

/* Vertices per input primitive of GS_INPUT_PRIMITIVE (PIPE_PRIM order). */
static uint32_t gs_vertices(uint32_t prim)
{
    switch (prim) {
    case 0: return 1;  /* POINTS */
    case 1: return 2;  /* LINES */
    case 4: return 3;  /* TRIANGLES */
    case 10: return 4; /* LINES_ADJACENCY */
    case 12: return 6; /* TRIANGLES_ADJACENCY */
    default: return 0;
    }
}

/* A GS becomes a 1-D program for the decoder: IN[v][a] is register
 * a * nv + v (attribute-major, so that an indirect vertex index is an
 * indirect register index within the attribute's nv registers), each input
 * declaration one range of nv registers per attribute. */
bool jit_interp_build(jit_shader *sh, const tgsi_program *p, tgsi_error *err)
{
    if (p->processor != TGSI_PROCESSOR_GEOMETRY)
        return interp_build(sh, p, err, 0, 0);
    bool has_prim = false;
    for (uint32_t i = 0; i < p->num_props; i++)
        has_prim |= p->props[i].name == TGSI_PROPERTY_GS_INPUT_PRIMITIVE;
    uint32_t nv = gs_vertices(prop_value(p, TGSI_PROPERTY_GS_INPUT_PRIMITIVE));
    if (!nv || !has_prim) {
        fail_at(err, 0, "GS_INPUT_PRIMITIVE missing or not points, lines, triangles or adjacency");
        return false;
    }
    uint32_t na = 0, nd = 0;
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file == TGSI_FILE_INPUT && d->first >= 0 && d->last >= d->first) {
            na = (uint32_t)d->last + 1 > na ? (uint32_t)d->last + 1 : na;
            nd += (uint32_t)(d->last - d->first) + 1;
        } else
            nd++;
    }
    if (na > SWR_MAX_ATTRIBS) {
        fail_at(err, 0, "more than %d GS inputs", SWR_MAX_ATTRIBS);
        return false;
    }
    tgsi_program q = *p;
    q.decls = calloc(nd + 1, sizeof(tgsi_decl));
    q.insts = calloc(p->num_insts + 1, sizeof(tgsi_inst));
    bool ok = q.decls && q.insts;
    if (!ok)
        snprintf(err->message, sizeof(err->message), "out of memory");
    q.num_decls = 0;
    for (uint32_t i = 0; ok && i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file != TGSI_FILE_INPUT || d->first < 0 || d->last < d->first) {
            q.decls[q.num_decls++] = *d;
            continue;
        }
        for (int32_t a = d->first; a <= d->last; a++) {
            tgsi_decl e = *d;
            e.has_dim = false;
            e.dim = 0;
            e.array_id = 0;
            e.first = a * (int32_t)nv;
            e.last = e.first + (int32_t)nv - 1;
            q.decls[q.num_decls++] = e;
        }
    }
    for (uint32_t i = 0; ok && i < p->num_insts; i++) {
        q.insts[i] = p->insts[i];
        tgsi_inst *in = &q.insts[i];
        for (unsigned s = 0; s < in->num_src && s < TGSI_MAX_SRC; s++) {
            tgsi_src *src = &in->src[s];
            if (src->file != TGSI_FILE_INPUT)
                continue;
            if (src->num_dims != 2 || src->reg.indirect) {
                fail_at(err, in->line, "GS input without a vertex index or with an indirect "
                                       "attribute index");
                ok = false;
                break;
            }
            tgsi_index r = src->dim;
            r.index = src->reg.index * (int32_t)nv + src->dim.index;
            r.array_id = 0;
            src->reg = r;
            src->num_dims = 1;
            memset(&src->dim, 0, sizeof src->dim);
        }
    }
    if (ok)
        ok = interp_build(sh, &q, err, nv, na);
    free(q.decls);
    free(q.insts);
    return ok;
}

static bool interp_build(jit_shader *sh, const tgsi_program *p, tgsi_error *err, uint32_t gs_nv,
                         uint32_t gs_na)
{
    bool is_ps = p->processor == TGSI_PROCESSOR_FRAGMENT;
    jit_layout L;
    struct jit_interp_prog *ip = calloc(1, sizeof(*ip));
    if (!ip) {
        snprintf(err->message, sizeof(err->message), "out of memory");
        return false;
    }
    sh->interp = ip;
    if (!build_layout(&L, p, is_ps, err))
        goto fail;
    ip->mzw = prop_value(p, TGSI_PROPERTY_MUL_ZERO_WINS) ||
              prop_value(p, TGSI_PROPERTY_LEGACY_MATH_RULES);
    ip->lower_left = prop_value(p, TGSI_PROPERTY_FS_COORD_ORIGIN) == 1;
    ip->integer_center = prop_value(p, TGSI_PROPERTY_FS_COORD_PIXEL_CENTER) == 1;
    ip->num_outputs = L.num_outputs;
    ip->num_inputs = L.num_inputs;
    ip->pos_slot = L.pos_slot;
    ip->face_slot = L.face_slot;
    ip->in_copy_slot = L.in_copy_slot;
    ip->psout_slot0 = L.psout_slot0;
    ip->vs_out_slot0 = L.vs_out_slot0;
    ip->is_gs = gs_nv != 0;
    ip->gs_in_vertices = gs_nv;
    ip->gs_in_attribs = gs_na;
    /* immediates, pre-splatted */
    ip->num_imms = p->num_imms;
    ip->imm = aligned_alloc(32, ((size_t)p->num_imms + 1) * JIT_SLOT_FLOATS * sizeof(float));
    if (!ip->imm)
        goto oom;
    for (uint32_t i = 0; i < p->num_imms; i++)
        fill_slot(ip->imm + (size_t)i * JIT_SLOT_FLOATS, p->imms[i].bits);
    /* system values */
    ip->sv = calloc(L.num_sv + 1, sizeof(jit_sv));
    if (!ip->sv)
        goto oom;
    for (uint32_t i = 0; i < L.num_sv; i++)
        if (L.sv_semantic[i] >= 0)
            ip->sv[ip->num_sv++] = (jit_sv){L.sv_slot0 + i, (uint8_t)L.sv_semantic[i]};
    /* PS outputs */
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (!is_ps || d->file != TGSI_FILE_OUTPUT || !d->has_semantic || d->first < 0)
            continue;
        for (int32_t r = d->first; r <= d->last && r < SWR_MAX_ATTRIBS; r++) {
            uint8_t kind = d->semantic_name == TGSI_SEMANTIC_COLOR      ? JIT_PSOUT_COLOR
                           : d->semantic_name == TGSI_SEMANTIC_POSITION ? JIT_PSOUT_DEPTH
                           : d->semantic_name == TGSI_SEMANTIC_STENCIL  ? JIT_PSOUT_STENCIL
                                                                        : JIT_PSOUT_NONE;
            ip->psout_kind[r] = kind;
            ip->psout_index[r] = (uint8_t)(d->semantic_index + (uint32_t)(r - d->first));
        }
    }
    /* instructions */
    ip->num_ops = p->num_insts;
    ip->ops = calloc(p->num_insts + 1, sizeof(jit_op));
    if (!ip->ops)
        goto oom;
    for (uint32_t i = 0; i < p->num_insts; i++) {
        const tgsi_inst *in = &p->insts[i];
        jit_op *op = &ip->ops[i];
        const char *why = NULL;
        op->opcode = in->opcode;
        op->line = in->line;
        op->num_src = in->num_src;
        op->target = op->target2 = -1;
        const tgsi_opcode_info *info = tgsi_opcode_get_info(in->opcode);
        /* _SAT clamps float results (exec contract 8); MOV/UCMP's untyped
         * results count as float (Mesa emits MOV_SAT for float clamps). */
        op->sat = in->saturate && info &&
                  (info->dst_type == TGSI_TYPE_F || info->dst_type == TGSI_TYPE_N);
        op->tex_target = in->tex_target;
        op->num_offsets = in->num_tex_offsets;
        op->fn = cf_handler(in->opcode);
        if (!op->fn)
            op->fn = ip->mzw ? jit_alu_handler_mzw(in->opcode) : jit_alu_handler(in->opcode);
        if (!op->fn)
            op->fn = jit_tex_handler(in->opcode);
        if (!op->fn) {
            fail_at(err, in->line, "opcode %s is not executable", info ? info->name : "?");
            goto fail;
        }
        for (unsigned s = 0; s < in->num_src && s < TGSI_MAX_SRC; s++)
            if (!decode_src(&L, in, s, &in->src[s], &op->src[s], &why)) {
                fail_at(err, in->line, "%s source %u: %s", info ? info->name : "?", s, why);
                goto fail;
            }
        if (in->num_tex_offsets &&
            !decode_src(&L, in, 0, &in->tex_offsets[0], &op->offset, &why)) {
            fail_at(err, in->line, "%s texture offset: %s", info ? info->name : "?", why);
            goto fail;
        }
        if (op->offset.mod) /* offsets are integers */
            op->offset.mod = (op->offset.mod & (JIT_MOD_ABS | JIT_MOD_NEG)) | JIT_MOD_INT;
        if (in->num_dst) {
            if (!decode_dst(&L, &in->dst[0], &op->dst, &why)) {
                fail_at(err, in->line, "%s destination: %s", info ? info->name : "?", why);
                goto fail;
            }
            op->wmask = op->dst.kind == JIT_DST_NONE ? 0 : in->dst[0].write_mask & 0xf;
        }
        /* INTERP_*: the input's interpolation */
        if (in->num_src && in->src[0].file == TGSI_FILE_INPUT) {
            for (uint32_t d = 0; d < p->num_decls; d++)
                if (p->decls[d].file == TGSI_FILE_INPUT && in->src[0].reg.index >= p->decls[d].first &&
                    in->src[0].reg.index <= p->decls[d].last)
                    op->in_interp = p->decls[d].interp;
        }
        /* SAMPLE*: the target comes from the SVIEW declaration */
        if (in->num_src >= 2 && in->src[1].file == TGSI_FILE_SAMPLER_VIEW) {
            for (uint32_t d = 0; d < p->num_decls; d++)
                if (p->decls[d].file == TGSI_FILE_SAMPLER_VIEW &&
                    in->src[1].reg.index >= p->decls[d].first &&
                    in->src[1].reg.index <= p->decls[d].last)
                    op->tex_target = p->decls[d].resource_target;
        }
    }
    if (!match_cf(ip, p, err))
        goto fail;
    if (p->num_insts == 0 || p->insts[p->num_insts - 1].opcode != TGSI_OPCODE_END) {
        /* a run must stop even without a final END: make sure one exists */
        bool has_end = false;
        for (uint32_t i = 0; i < p->num_insts; i++)
            has_end |= p->insts[i].opcode == TGSI_OPCODE_END;
        if (!has_end) {
            fail_at(err, 0, "program has no END");
            goto fail;
        }
    }
    ip->ind = L.ind;
    ip->num_ind = L.num_ind;
    L.ind = NULL;
    ip->reg_slots = L.const_slot0 + L.num_const;
    if (!plan_operand_copies(ip, &L) || !plan_zeroing(ip, &L, ip->ops, ip->num_ops) ||
        !jit_fast_build(ip) || !pack_runtime(&ip, &sh->interp_bytes))
        goto oom;
    sh->interp = ip;
    free_layout(&L);
    return true;
oom:
    snprintf(err->message, sizeof(err->message), "out of memory");
fail:
    free_layout(&L);
    jit_interp_free(ip);
    sh->interp = NULL;
    return false;
}

void jit_interp_free(struct jit_interp_prog *ip)
{
    if (!ip)
        return;
    free(ip->ops);
    free(ip->ind);
    free(ip->cases);
    free(ip->imm);
    free(ip->sv);
    if (ip->block) {
        free(ip->block); /* the header is part of it */
        return;
    }
    free(ip->zero);
    free(ip->imm_splat);
    free(ip->const_splat);
    free(ip->fops);
    free(ip);
}
