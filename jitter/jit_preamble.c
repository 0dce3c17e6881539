/*
 * jit_preamble.c: the shader "preamble": a TGSI program's uniform-only
 * instructions, split off to run once per draw instead of once per vertex
 * or pixel (jit.h: jit_shader_preamble_vec4s / jit_shader_preamble_eval).
 *
 * A value is uniform when it is the same in every lane for the whole draw:
 * IMM, a directly indexed CONST of a buffer below SWR_DRIVER_CONST_SLOT, and
 * the components of a TEMP last written by a uniform instruction. A uniform
 * instruction is an ALU instruction at nesting depth 0 (outside every
 * IF/LOOP/SWITCH) whose sources are all uniform and whose one destination
 * is a directly indexed TEMP. Never uniform: texture and sampler opcodes,
 * derivatives, KILL/DEMOTE, READ_HELPER, CLOCK, anything reading IN, SV,
 * ADDR or an indirect register, anything writing OUT or ADDR. A TEMP that a
 * program addresses indirectly (its whole declared range) or uses as an
 * indirect index is never uniform. Inside a construct a TEMP write makes
 * the components it writes non-uniform, from the start of the outermost
 * construct on (so loop-carried and one-branch writes are covered).
 * Tracking is per component: a vec4 temp may be half uniform.
 *
 * The split (jit_preamble_split) makes two programs:
 *  - the preamble, a VERT program of the uniform instructions in their
 *    original order, plus "MOV OUT[k], TEMP[t]" snapshots: OUT[k] is the
 *    vec4 k of the constant buffer SWR_PREAMBLE_CONST_SLOT, holding TEMP[t]
 *    as it was at that point of the original program;
 *  - the main program: the original without the uniform instructions,
 *    where a source reading only uniform components of a TEMP reads
 *    CONST[SWR_PREAMBLE_CONST_SLOT][k] instead (same swizzle and
 *    modifiers), and where a read that cannot be replaced (a source mixing
 *    uniform and varying components, a texture or control-flow operand) and
 *    a construct that overwrites uniform components in some lanes only are
 *    preceded by "MOV TEMP[t].mask, CONST[15][k]" that puts the uniform
 *    components back into the register.
 * MOV moves bits unchanged, and the preamble runs the same instructions on
 * the same executor (its own jit_shader, 8 identical lanes), so the split
 * program's results are bit-identical to the unsplit one's.
 *
 * The split is made only when it pays: the hoisted non-MOV instructions
 * minus the MOVs added to the main program must be at least
 * JIT_PREAMBLE_MIN_WORK, and at most SWR_MAX_ATTRIBS snapshots (the
 * preamble's VS outputs) are used (past that, only instructions before an
 * earlier cut are hoisted). Programs with subroutines, with an indirect
 * CONST buffer index or that declare or read CONST buffers 14 or 15 are not
 * split.
 *
 * Evaluation: jit_shader_preamble_eval runs the preamble with the draw's
 * constant buffers and writes the results, followed by a key (a hash of the
 * preamble and the values of every constant it reads), so a caller that
 * keeps the previous buffer skips the run when nothing it reads changed.
 *
 * SWR_PREAMBLE_DUMP set in the environment prints both programs of every
 * split to stderr. Thread: pure functions of their arguments; a compiled
 * preamble is immutable like any jit_shader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/simd.h"
#include "jitter/jit_priv.h"

#define NO_SNAP (-1)

typedef struct split_state {
    const tgsi_program *p;
    uint32_t num_temps;
    uint8_t *uni;    /* per TEMP: components holding a uniform value */
    uint8_t *pinned; /* per TEMP: never uniform */
    int32_t *snap;   /* per TEMP: snapshot slot of its current uniform value */
    uint32_t cut;    /* instructions at or past it are not hoisted */
    /* output programs' instruction lists */
    tgsi_inst *pre, *main;
    uint32_t n_pre, n_main, cap;
    uint32_t *new_index; /* old instruction -> its index in main */
    uint32_t slots, work, restores;
    bool overflow;
} split_state;

static bool is_construct_begin(unsigned op)
{
    return op == TGSI_OPCODE_IF || op == TGSI_OPCODE_UIF || op == TGSI_OPCODE_BGNLOOP ||
           op == TGSI_OPCODE_SWITCH;
}

static bool is_construct_end(unsigned op)
{
    return op == TGSI_OPCODE_ENDIF || op == TGSI_OPCODE_ENDLOOP || op == TGSI_OPCODE_ENDSWITCH;
}

/* ALU opcodes whose results depend only on their sources: these may be
 * hoisted, and their sources may read the preamble's constant buffer. */
static bool is_alu(unsigned op)
{
    const tgsi_opcode_info *oi = tgsi_opcode_get_info(op);
    if (!oi || op >= TGSI_OPCODE_EMIT || (oi->flags & (TGSI_OPF_TEX | TGSI_OPF_LABEL |
                                                       TGSI_OPF_NOEXEC)))
        return false;
    switch (op) {
    case TGSI_OPCODE_DDX:
    case TGSI_OPCODE_DDY:
    case TGSI_OPCODE_DDX_FINE:
    case TGSI_OPCODE_DDY_FINE:
    case TGSI_OPCODE_KILL_IF:
    case TGSI_OPCODE_KILL:
    case TGSI_OPCODE_DEMOTE:
    case TGSI_OPCODE_READ_HELPER:
    case TGSI_OPCODE_CLOCK: return false;
    default: return oi->num_dst == 1 && oi->num_src >= 1;
    }
}

/* Components of source s that instruction `in` reads. */
static uint8_t src_comps(const tgsi_inst *in, unsigned s)
{
    const tgsi_src *src = &in->src[s];
    uint8_t used = 0xf; /* dst components that use the source, conservatively */
    switch (in->opcode) {
    case TGSI_OPCODE_DP2: used = 0x3; break;
    case TGSI_OPCODE_DP3: used = 0x7; break;
    case TGSI_OPCODE_MOV: case TGSI_OPCODE_ADD: case TGSI_OPCODE_MUL: case TGSI_OPCODE_MAD:
    case TGSI_OPCODE_FMA: case TGSI_OPCODE_LRP: case TGSI_OPCODE_MIN: case TGSI_OPCODE_MAX:
    case TGSI_OPCODE_SLT: case TGSI_OPCODE_SGE: case TGSI_OPCODE_SEQ: case TGSI_OPCODE_SGT:
    case TGSI_OPCODE_SLE: case TGSI_OPCODE_SNE: case TGSI_OPCODE_FRC: case TGSI_OPCODE_FLR:
    case TGSI_OPCODE_ROUND: case TGSI_OPCODE_CEIL: case TGSI_OPCODE_TRUNC:
    case TGSI_OPCODE_SSG: case TGSI_OPCODE_CMP: case TGSI_OPCODE_UCMP: case TGSI_OPCODE_DIV:
    case TGSI_OPCODE_I2F: case TGSI_OPCODE_U2F: case TGSI_OPCODE_F2I: case TGSI_OPCODE_F2U:
    case TGSI_OPCODE_UADD: case TGSI_OPCODE_UMUL: case TGSI_OPCODE_UMAD:
    case TGSI_OPCODE_IMAX: case TGSI_OPCODE_IMIN: case TGSI_OPCODE_UMAX:
    case TGSI_OPCODE_UMIN: case TGSI_OPCODE_AND: case TGSI_OPCODE_OR: case TGSI_OPCODE_XOR:
    case TGSI_OPCODE_NOT: case TGSI_OPCODE_SHL: case TGSI_OPCODE_ISHR:
    case TGSI_OPCODE_USHR: case TGSI_OPCODE_INEG: case TGSI_OPCODE_IABS:
    case TGSI_OPCODE_FSLT: case TGSI_OPCODE_FSGE: case TGSI_OPCODE_FSEQ:
    case TGSI_OPCODE_FSNE: case TGSI_OPCODE_ISLT: case TGSI_OPCODE_ISGE:
    case TGSI_OPCODE_USLT: case TGSI_OPCODE_USGE: case TGSI_OPCODE_USEQ:
    case TGSI_OPCODE_USNE:
        used = in->num_dst == 1 ? in->dst[0].write_mask & 0xf : 0xf;
        break;
    default: break;
    }
    uint8_t m = 0;
    for (unsigned c = 0; c < 4; c++)
        if (used >> c & 1)
            m |= (uint8_t)(1u << (src->swizzle[c] & 3));
    return m;
}

static bool index_ok(const split_state *st, const tgsi_index *ix)
{
    return !ix->indirect && ix->index >= 0 && (uint32_t)ix->index < st->num_temps;
}

/* A direct TEMP operand the analysis tracks. */
static bool tracked_temp(const split_state *st, const tgsi_src *s)
{
    return s->file == TGSI_FILE_TEMPORARY && s->num_dims == 1 && index_ok(st, &s->reg) &&
           !st->pinned[s->reg.index];
}

static bool src_uniform(const split_state *st, const tgsi_inst *in, unsigned s)
{
    const tgsi_src *src = &in->src[s];
    if (src->reg.indirect || (src->num_dims == 2 && src->dim.indirect))
        return false;
    switch (src->file) {
    case TGSI_FILE_IMMEDIATE: return true;
    case TGSI_FILE_CONSTANT:
        return src->num_dims == 1 || src->dim.index < SWR_DRIVER_CONST_SLOT;
    case TGSI_FILE_TEMPORARY: {
        if (!tracked_temp(st, src))
            return false;
        uint8_t r = src_comps(in, s);
        return (st->uni[src->reg.index] & r) == r;
    }
    default: return false;
    }
}

static bool push(split_state *st, bool to_pre, const tgsi_inst *in)
{
    uint32_t *n = to_pre ? &st->n_pre : &st->n_main;
    if (*n >= st->cap)
        return false;
    (to_pre ? st->pre : st->main)[(*n)++] = *in;
    return true;
}

/* The snapshot slot of TEMP[t]'s current value, made in the preamble if
 * there is none; -1 when the slots are used up. */
static int32_t snapshot(split_state *st, uint32_t t)
{
    if (st->snap[t] != NO_SNAP)
        return st->snap[t];
    if (st->slots >= SWR_MAX_ATTRIBS) {
        st->overflow = true;
        return NO_SNAP;
    }
    tgsi_inst mov = tgsi_inst_new(TGSI_OPCODE_MOV, 1, 1);
    mov.dst[0] = tgsi_dst_reg(TGSI_FILE_OUTPUT, (int32_t)st->slots, 0xf);
    mov.src[0] = tgsi_src_reg(TGSI_FILE_TEMPORARY, (int32_t)t);
    if (!push(st, true, &mov))
        return NO_SNAP;
    st->snap[t] = (int32_t)st->slots++;
    return st->snap[t];
}

/* Points s (keeping its swizzle and modifiers) at CONST[15][slot]. */
static void const_src(tgsi_src *s, int32_t slot)
{
    s->file = TGSI_FILE_CONSTANT;
    s->num_dims = 2;
    memset(&s->dim, 0, sizeof s->dim);
    s->dim.index = SWR_PREAMBLE_CONST_SLOT;
    memset(&s->reg, 0, sizeof s->reg);
    s->reg.index = slot;
}

/* Main: MOV TEMP[t].mask, CONST[15][snapshot of t]. */
static bool restore(split_state *st, uint32_t t, uint8_t mask)
{
    int32_t k = snapshot(st, t);
    if (k == NO_SNAP)
        return false;
    tgsi_inst mov = tgsi_inst_new(TGSI_OPCODE_MOV, 1, 1);
    mov.dst[0] = tgsi_dst_reg(TGSI_FILE_TEMPORARY, (int32_t)t, mask);
    mov.src[0] = tgsi_src_reg(TGSI_FILE_CONSTANT, 0);
    const_src(&mov.src[0], k);
    st->restores++;
    return push(st, false, &mov);
}

static void pin_index(split_state *st, const tgsi_index *ix)
{
    if (ix->indirect && ix->ind_file == TGSI_FILE_TEMPORARY && ix->ind_index >= 0 &&
        (uint32_t)ix->ind_index < st->num_temps)
        st->pinned[ix->ind_index] = 1;
}

/* Pins TEMPs used as indirect indices and every declared TEMP range that
 * an indirect TEMP operand may address. */
static void pin_operand(split_state *st, uint8_t file, uint8_t num_dims, const tgsi_index *dim,
                        const tgsi_index *reg)
{
    pin_index(st, reg);
    if (num_dims == 2)
        pin_index(st, dim);
    if (file != TGSI_FILE_TEMPORARY || !reg->indirect)
        return;
    const tgsi_program *p = st->p;
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file != TGSI_FILE_TEMPORARY)
            continue;
        bool hit = reg->array_id ? d->array_id == reg->array_id
                                 : reg->index >= d->first && reg->index <= d->last;
        if (hit)
            for (int32_t r = d->first; r <= d->last && (uint32_t)r < st->num_temps; r++)
                st->pinned[r] = 1;
    }
}

/* One pass over the main program with hoisting before st->cut. False on
 * out-of-slots (st->overflow) or buffer overflow. */
static bool run_split(split_state *st)
{
    const tgsi_program *p = st->p;
    memset(st->uni, 0, st->num_temps);
    for (uint32_t t = 0; t < st->num_temps; t++) {
        st->uni[t] = st->pinned[t] ? 0 : 0xf; /* TEMPs start at 0 (exec contract 11) */
        st->snap[t] = NO_SNAP;
    }
    st->n_pre = st->n_main = st->slots = st->work = st->restores = 0;
    st->overflow = false;
    unsigned depth = 0;
    for (uint32_t i = 0; i < p->num_insts; i++) {
        const tgsi_inst *in = &p->insts[i];
        unsigned op = in->opcode;
        if (depth == 0 && is_construct_begin(op)) {
            /* Components the construct writes stop being uniform here;
             * lanes that skip the writes keep the uniform value, so put it
             * back into the main program's register first. */
            unsigned d = 0;
            for (uint32_t j = i; j < p->num_insts; j++) {
                const tgsi_inst *w = &p->insts[j];
                if (is_construct_begin(w->opcode))
                    d++;
                for (unsigned k = 0; k < w->num_dst; k++) {
                    const tgsi_dst *dst = &w->dst[k];
                    if (dst->file != TGSI_FILE_TEMPORARY || !index_ok(st, &dst->reg))
                        continue;
                    uint32_t t = (uint32_t)dst->reg.index;
                    uint8_t lost = st->uni[t] & dst->write_mask;
                    if (!lost)
                        continue;
                    if (!restore(st, t, lost))
                        return false;
                    st->uni[t] &= (uint8_t)~lost;
                }
                if (is_construct_end(w->opcode) && --d == 0)
                    break;
            }
        }
        bool hoist = depth == 0 && i < st->cut && is_alu(op) && in->num_dst == 1 &&
                     in->dst[0].file == TGSI_FILE_TEMPORARY && in->dst[0].num_dims == 1 &&
                     index_ok(st, &in->dst[0].reg) && !st->pinned[in->dst[0].reg.index] &&
                     in->num_tex_offsets == 0;
        for (unsigned s = 0; hoist && s < in->num_src; s++)
            hoist = src_uniform(st, in, s);
        if (hoist) {
            if (!push(st, true, in))
                return false;
            uint32_t t = (uint32_t)in->dst[0].reg.index;
            st->uni[t] |= in->dst[0].write_mask & 0xf;
            st->snap[t] = NO_SNAP;
            if (op != TGSI_OPCODE_MOV)
                st->work++;
            st->new_index[i] = UINT32_MAX;
            continue;
        }
        /* Kept in main: replace or restore its uniform TEMP reads. */
        tgsi_inst out = *in;
        bool alu = is_alu(op);
        uint8_t need[TGSI_MAX_SRC + TGSI_MAX_TEX_OFFSETS];
        uint32_t need_t[TGSI_MAX_SRC + TGSI_MAX_TEX_OFFSETS];
        unsigned n_need = 0;
        for (unsigned s = 0; s < in->num_src + in->num_tex_offsets; s++) {
            bool is_off = s >= in->num_src;
            const tgsi_src *src = is_off ? &in->tex_offsets[s - in->num_src] : &in->src[s];
            if (!tracked_temp(st, src))
                continue;
            uint32_t t = (uint32_t)src->reg.index;
            uint8_t r = is_off ? 0xf : src_comps(in, s);
            uint8_t u = st->uni[t] & r;
            if (!u)
                continue;
            if (op == TGSI_OPCODE_CASE || op == TGSI_OPCODE_SWITCH)
                return false; /* no MOV may go between SWITCH and CASE */
            if (!is_off && alu && u == r) {
                int32_t k = snapshot(st, t);
                if (k == NO_SNAP)
                    return false;
                const_src(&out.src[s], k);
                continue;
            }
            need[n_need] = u;
            need_t[n_need++] = t;
        }
        for (unsigned a = 0; a < n_need; a++) {
            uint8_t m = need[a];
            for (unsigned b = a + 1; b < n_need; b++)
                if (need_t[b] == need_t[a]) {
                    m |= need[b];
                    need[b] = 0;
                }
            if (m && !restore(st, need_t[a], m))
                return false;
        }
        st->new_index[i] = st->n_main;
        if (!push(st, false, &out))
            return false;
        if (depth == 0)
            for (unsigned k = 0; k < in->num_dst; k++) {
                const tgsi_dst *dst = &in->dst[k];
                if (dst->file == TGSI_FILE_TEMPORARY && index_ok(st, &dst->reg))
                    st->uni[dst->reg.index] &= (uint8_t)~dst->write_mask;
            }
        if (is_construct_begin(op))
            depth++;
        else if (is_construct_end(op) && depth)
            depth--;
    }
    return true;
}

static void free_prog(tgsi_program *p)
{
    tgsi_program_free(p);
}

/* A program with p's header and the given instructions (copied). */
static tgsi_program *make_prog(const tgsi_program *p, tgsi_processor proc, const tgsi_inst *insts,
                               uint32_t n)
{
    tgsi_program *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    q->processor = proc;
    q->props = calloc(p->num_props + 1, sizeof *q->props);
    q->decls = calloc(p->num_decls + 1, sizeof *q->decls);
    q->imms = calloc(p->num_imms + 1, sizeof *q->imms);
    q->insts = calloc(n + 1, sizeof *q->insts);
    if (!q->props || !q->decls || !q->imms || !q->insts) {
        free_prog(q);
        return NULL;
    }
    if (p->num_imms)
        memcpy(q->imms, p->imms, p->num_imms * sizeof *q->imms);
    q->num_imms = p->num_imms;
    memcpy(q->insts, insts, n * sizeof *q->insts);
    q->num_insts = n;
    return q;
}

void jit_preamble_split_free(jit_preamble_split *r)
{
    free_prog(r->pre);
    free_prog(r->main);
    memset(r, 0, sizeof *r);
}

bool jit_preamble_split_program(const tgsi_program *p, uint32_t min_work, jit_preamble_split *r)
{
    memset(r, 0, sizeof *r);
    if (!p || (p->processor != TGSI_PROCESSOR_VERTEX && p->processor != TGSI_PROCESSOR_FRAGMENT) ||
        p->num_insts == 0 || p->end_inst != p->num_insts - 1)
        return false;
    split_state st;
    memset(&st, 0, sizeof st);
    st.p = p;
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file == TGSI_FILE_CONSTANT && d->has_dim && d->dim >= SWR_DRIVER_CONST_SLOT)
            return false;
        if (d->file == TGSI_FILE_TEMPORARY && d->last >= 0 && (uint32_t)d->last + 1 > st.num_temps)
            st.num_temps = (uint32_t)d->last + 1;
    }
    if (!st.num_temps)
        return false;
    for (uint32_t i = 0; i < p->num_insts; i++) {
        const tgsi_inst *in = &p->insts[i];
        if (in->opcode == TGSI_OPCODE_CAL || in->opcode == TGSI_OPCODE_BGNSUB)
            return false;
        for (unsigned s = 0; s < in->num_src; s++)
            if (in->src[s].file == TGSI_FILE_CONSTANT && in->src[s].num_dims == 2 &&
                (in->src[s].dim.indirect || in->src[s].dim.index >= SWR_DRIVER_CONST_SLOT))
                return false;
    }
    bool ok = false;
    st.uni = calloc(st.num_temps, 1);
    st.pinned = calloc(st.num_temps, 1);
    st.snap = calloc(st.num_temps, sizeof *st.snap);
    st.new_index = calloc(p->num_insts, sizeof *st.new_index);
    /* main: every instruction plus a restore per operand and written
     * component set; preamble: every instruction plus the snapshots */
    st.cap = p->num_insts * (2 + TGSI_MAX_SRC + TGSI_MAX_TEX_OFFSETS + TGSI_MAX_DST) +
             SWR_MAX_ATTRIBS + 1;
    st.pre = calloc(st.cap, sizeof *st.pre);
    st.main = calloc(st.cap, sizeof *st.main);
    if (!st.uni || !st.pinned || !st.snap || !st.new_index || !st.pre || !st.main)
        goto done;
    for (uint32_t i = 0; i < p->num_insts; i++) {
        const tgsi_inst *in = &p->insts[i];
        for (unsigned s = 0; s < in->num_src; s++)
            pin_operand(&st, in->src[s].file, in->src[s].num_dims, &in->src[s].dim,
                        &in->src[s].reg);
        for (unsigned s = 0; s < in->num_tex_offsets; s++)
            pin_operand(&st, in->tex_offsets[s].file, in->tex_offsets[s].num_dims,
                        &in->tex_offsets[s].dim, &in->tex_offsets[s].reg);
        for (unsigned d = 0; d < in->num_dst; d++)
            pin_operand(&st, in->dst[d].file, in->dst[d].num_dims, &in->dst[d].dim,
                        &in->dst[d].reg);
    }
    /* Out of snapshot slots: hoist only before an earlier cut. */
    st.cut = p->num_insts;
    while (!run_split(&st)) {
        if (!st.overflow || st.cut == 0)
            goto done;
        st.cut = st.cut / 4 * 3;
    }
    if (st.slots == 0 || st.work < st.restores + min_work)
        goto done;
    /* Labels and END of main point at the instructions' new places. */
    for (uint32_t i = 0; i < st.n_main; i++) {
        tgsi_inst *in = &st.main[i];
        if (in->label >= 0 && (uint32_t)in->label < p->num_insts) {
            uint32_t ni = st.new_index[in->label];
            if (ni == UINT32_MAX)
                goto done; /* a label at a hoisted instruction: not expected */
            in->label = (int32_t)ni;
        }
    }
    /* preamble: END */
    tgsi_inst end = tgsi_inst_new(TGSI_OPCODE_END, 0, 0);
    if (!push(&st, true, &end))
        goto done;
    r->pre = make_prog(p, TGSI_PROCESSOR_VERTEX, st.pre, st.n_pre);
    r->main = make_prog(p, p->processor, st.main, st.n_main);
    if (!r->pre || !r->main)
        goto done;
    r->main->end_inst = st.new_index[p->end_inst];
    r->pre->end_inst = st.n_pre - 1;
    if (p->num_props)
        memcpy(r->main->props, p->props, p->num_props * sizeof *p->props);
    r->main->num_props = p->num_props;
    for (uint32_t i = 0; i < p->num_props; i++)
        if (p->props[i].name == TGSI_PROPERTY_MUL_ZERO_WINS ||
            p->props[i].name == TGSI_PROPERTY_LEGACY_MATH_RULES)
            r->pre->props[r->pre->num_props++] = p->props[i];
    if (p->num_decls)
        memcpy(r->main->decls, p->decls, p->num_decls * sizeof *p->decls);
    r->main->num_decls = p->num_decls;
    for (uint32_t i = 0; i < p->num_decls; i++)
        if (p->decls[i].file == TGSI_FILE_TEMPORARY || p->decls[i].file == TGSI_FILE_CONSTANT)
            r->pre->decls[r->pre->num_decls++] = p->decls[i];
    tgsi_decl cd = tgsi_decl_range(TGSI_FILE_CONSTANT, 0, (int32_t)st.slots - 1);
    cd.has_dim = true;
    cd.dim = SWR_PREAMBLE_CONST_SLOT;
    r->main->decls[r->main->num_decls++] = cd;
    tgsi_decl od = tgsi_decl_range(TGSI_FILE_OUTPUT, 0, (int32_t)st.slots - 1);
    od.has_semantic = true;
    od.semantic_name = TGSI_SEMANTIC_GENERIC;
    r->pre->decls[r->pre->num_decls++] = od;
    tgsi_error err;
    if (!tgsi_validate(r->pre, &err) || !tgsi_validate(r->main, &err)) {
        if (getenv("SWR_JIT_DEBUG"))
            fprintf(stderr, "swr: preamble split invalid (%s); not split\n", err.message);
        goto done;
    }
    r->num_slots = st.slots;
    r->hoisted = st.work;
    r->restores = st.restores;
    ok = true;
    if (getenv("SWR_PREAMBLE_DUMP")) {
        char *a = tgsi_print(r->pre), *b = tgsi_print(r->main);
        fprintf(stderr, "---- preamble (%u slots, %u hoisted, %u restores)\n%s---- main\n%s",
                st.slots, st.work, st.restores, a ? a : "", b ? b : "");
        free(a);
        free(b);
    }
done:
    if (!ok)
        jit_preamble_split_free(r);
    free(st.uni);
    free(st.pinned);
    free(st.snap);
    free(st.new_index);
    free(st.pre);
    free(st.main);
    return ok;
}

/* ---- the compiled preamble -------------------------------------------------------- */

void jit_preamble_free(struct jit_preamble *pre)
{
    if (!pre)
        return;
    jit_shader_unref(pre->code);
    free(pre);
}

struct jit_preamble *jit_preamble_build(const tgsi_program *pre_prog, uint32_t num_slots,
                                        const jit_variant_key *key)
{
    /* the distinct directly indexed constants the preamble reads */
    uint32_t n = 0;
    for (uint32_t i = 0; i < pre_prog->num_insts; i++)
        n += pre_prog->insts[i].num_src;
    struct jit_preamble *pre = calloc(1, sizeof *pre + n * sizeof pre->inputs[0]);
    if (!pre)
        return NULL;
    for (uint32_t i = 0; i < pre_prog->num_insts; i++) {
        const tgsi_inst *in = &pre_prog->insts[i];
        for (unsigned s = 0; s < in->num_src; s++) {
            const tgsi_src *src = &in->src[s];
            if (src->file != TGSI_FILE_CONSTANT)
                continue;
            uint32_t b = src->num_dims == 2 ? (uint32_t)src->dim.index : 0;
            uint32_t ix = (uint32_t)src->reg.index;
            bool seen = false;
            for (uint32_t k = 0; k < pre->num_inputs && !seen; k++)
                seen = pre->inputs[k].buffer == b && pre->inputs[k].index == ix;
            if (!seen) {
                pre->inputs[pre->num_inputs].buffer = b;
                pre->inputs[pre->num_inputs++].index = ix;
            }
        }
    }
    jit_variant_key k;
    memset(&k, 0, sizeof k);
    k.executor = key->executor;
    tgsi_error err;
    pre->code = jit_shader_compile(pre_prog, &k, &err);
    if (!pre->code) {
        if (getenv("SWR_JIT_DEBUG"))
            fprintf(stderr, "swr: preamble not compiled (%s); not split\n", err.message);
        free(pre);
        return NULL;
    }
    pre->num_slots = num_slots;
    char *text = tgsi_print(pre_prog);
    pre->hash = text ? tgsi_hash(text, strlen(text), 0x9e3779b97f4a7c15ull) : (uint64_t)(uintptr_t)pre;
    free(text);
    return pre;
}

uint32_t jit_shader_preamble_vec4s(const jit_shader *sh)
{
    const struct jit_preamble *pre = sh ? sh->preamble : NULL;
    return pre ? pre->num_slots + 1 + pre->num_inputs : 0;
}

bool jit_shader_preamble_eval(const jit_shader *sh, const swr_shader_resources *res, float *buf,
                              const float *prev)
{
    const struct jit_preamble *pre = sh ? sh->preamble : NULL;
    if (!pre)
        return false;
    uint32_t *key = (uint32_t *)(void *)(buf + pre->num_slots * 4);
    key[0] = (uint32_t)pre->hash;
    key[1] = (uint32_t)(pre->hash >> 32);
    key[2] = pre->num_slots;
    key[3] = pre->num_inputs;
    float *vals = buf + (pre->num_slots + 1) * 4;
    for (uint32_t k = 0; k < pre->num_inputs; k++) {
        uint32_t b = pre->inputs[k].buffer, ix = pre->inputs[k].index;
        const float *src = res && b < SWR_MAX_CONST_BUFFERS && res->constants[b] &&
                                   ix < res->constant_count[b]
                               ? res->constants[b] + ix * 4
                               : NULL;
        if (src)
            memcpy(vals + k * 4, src, 16);
        else
            memset(vals + k * 4, 0, 16);
    }
    size_t key_bytes = (1 + pre->num_inputs) * 16;
    if (prev && memcmp(prev + pre->num_slots * 4, key, key_bytes) == 0)
        return false;
    static const swr_simd_vec4 no_inputs[1];
    swr_simd_vec4 outs[SWR_MAX_ATTRIBS];
    swr_vs_args a;
    memset(&a, 0, sizeof a);
    a.inputs = no_inputs;
    a.outputs = outs;
    a.active_mask = 0xff;
    a.res = res;
    /* The main program runs in the engine's FP environment (common/simd.h),
     * so its uniform part does too, on whatever thread evaluates it. */
    uint32_t csr = simd_fp_enter();
    jit_shader_vs_func(pre->code)(pre->code, &a);
    simd_fp_leave(csr);
    for (uint32_t k = 0; k < pre->num_slots; k++)
        for (unsigned c = 0; c < 4; c++)
            buf[k * 4 + c] = outs[k].v[c][0];
    return true;
}
