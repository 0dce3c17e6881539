/*
 * swrp_shader_lower.c: shader variants for pipe state the engine has no
 * fixed function for. The CSO's TGSI text is parsed (tgsi/tgsi.h),
 * transformed, printed again and compiled like any other text, so each
 * variant is an ordinary entry of the jitter's shader cache.
 *
 * What a variant adds (swrp_lower_key):
 *   ucp          VS or GS (the last vertex stage): user clip planes (Gallium semantics). CLIPDIST[0] (and
 *                CLIPDIST[1] when planes 4..7 are enabled) become new
 *                outputs holding dot(plane[i], v), v the CLIPVERTEX output
 *                when the shader writes one, else POSITION. The planes are
 *                vec4s 0..7 of the driver constant buffer.
 *   clamp_color  VS or GS: COLOR and BCOLOR outputs saturated to [0, 1];
 *                FS: every COLOR output saturated.
 *   stipple      FS: polygon stipple. A prologue kills the fragment when
 *                bit (31 - x % 32) of pattern row (y % 32) is 0, x and y
 *                the engine's pixel column and row. The row words and the
 *                mapping from the shader's POSITION input back to the
 *                pixel (which depends on the shader's coordinate
 *                conventions and the framebuffer height) are driver
 *                constants (swrp_state.h, SWRP_DC_*).
 *   drawid       VS/FS: reads of the system value DRAWID become reads of
 *                driver constant SWRP_DC_DRAW_ID (the engine has no draw
 *                id; swrp_draw.c sets the constant per sub-draw). The SV
 *                declaration is removed. Always set for shaders declaring
 *                DRAWID, so their variant 0 is lowered too.
 *
 * How outputs are changed: every write to an affected output register
 * (and any read of it) is redirected to a new temporary, and an epilogue
 * before END and before each RET of the main program copies the
 * temporaries to the outputs (MOV_SAT for clamped colours) and computes
 * the clip distances from them. In a GS the epilogue goes before every
 * EMIT instead (each emitted vertex takes the outputs' values at its
 * EMIT), and the temporaries keep their values across it. Outputs written through indirect
 * addressing cannot be redirected this way: such a shader gets no variant
 * (swrp_shader_lower returns NULL and says why).
 *
 * Thread: any (pure function of its arguments).
 */
#include "frontend-gallium/pipe/swrp_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- building blocks --------------------------------------------------------- */

static tgsi_src src_of(uint8_t file, int32_t index, uint8_t sx, uint8_t sy, uint8_t sz, uint8_t sw)
{
    tgsi_src s = tgsi_src_reg(file, index);
    s.swizzle[0] = sx;
    s.swizzle[1] = sy;
    s.swizzle[2] = sz;
    s.swizzle[3] = sw;
    return s;
}

static tgsi_src src_rep(uint8_t file, int32_t index, uint8_t c)
{
    return src_of(file, index, c, c, c, c);
}

/* CONST[SWR_DRIVER_CONST_SLOT][index] */
static tgsi_src src_dc(int32_t index, uint8_t sx, uint8_t sy, uint8_t sz, uint8_t sw)
{
    tgsi_src s = src_of(TGSI_FILE_CONSTANT, index, sx, sy, sz, sw);
    s.num_dims = 2;
    s.dim.index = SWR_DRIVER_CONST_SLOT;
    return s;
}

static tgsi_inst inst_of(unsigned opcode, tgsi_dst d, unsigned nsrc, const tgsi_src *src)
{
    tgsi_inst in = tgsi_inst_new(opcode, 1, nsrc);
    in.dst[0] = d;
    for (unsigned i = 0; i < nsrc; i++)
        in.src[i] = src[i];
    return in;
}

#define INST(op, d, ...)                                                                           \
    inst_of(TGSI_OPCODE_##op, d, sizeof((tgsi_src[]){__VA_ARGS__}) / sizeof(tgsi_src),            \
            (tgsi_src[]){__VA_ARGS__})

/* A growable instruction list (prologue or epilogue). */
typedef struct inst_list {
    tgsi_inst v[64];
    unsigned n;
} inst_list;

static void push(inst_list *l, tgsi_inst in)
{
    if (l->n < sizeof l->v / sizeof l->v[0])
        l->v[l->n++] = in;
}

static bool add_decl(tgsi_program *p, const tgsi_decl *d)
{
    tgsi_decl *n = realloc(p->decls, (p->num_decls + 1) * sizeof *n);
    if (!n)
        return false;
    p->decls = n;
    p->decls[p->num_decls++] = *d;
    return true;
}

static int32_t add_imm(tgsi_program *p, uint8_t type, const uint32_t bits[4])
{
    tgsi_immediate *n = realloc(p->imms, (p->num_imms + 1) * sizeof *n);
    if (!n)
        return -1;
    p->imms = n;
    tgsi_immediate *m = &n[p->num_imms];
    memset(m, 0, sizeof *m);
    m->type = type;
    m->count = 4;
    memcpy(m->bits, bits, sizeof m->bits);
    return (int32_t)p->num_imms++;
}

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* ---- the transformation --------------------------------------------------------- */

typedef struct lower_state {
    tgsi_program *p;
    int32_t redirect[SWR_MAX_ATTRIBS]; /* output register -> temp, -1: untouched */
    uint8_t written[SWR_MAX_ATTRIBS];  /* write masks seen on redirected outputs */
    bool saturate[SWR_MAX_ATTRIBS];
    int32_t next_temp, next_addr, next_out, next_in;
} lower_state;

static void fail(const char *why)
{
    fprintf(stderr, "swr: pipe: shader variant not built: %s\n", why);
}

/* Is instruction i one `epi` goes before: END and every RET of the main
 * program, or in a GS every EMIT (in subroutines too). */
static bool is_exit(const tgsi_program *p, uint32_t i)
{
    if (p->processor == TGSI_PROCESSOR_GEOMETRY)
        return p->insts[i].opcode == TGSI_OPCODE_EMIT;
    return i <= p->end_inst && (p->insts[i].opcode == TGSI_OPCODE_RET || i == p->end_inst);
}

/* Inserts `pro` before instruction 0 and `epi` before every exit
 * (is_exit); fixes labels and end_inst. */
static bool splice(tgsi_program *p, const inst_list *pro, const inst_list *epi)
{
    uint32_t exits = 0;
    for (uint32_t i = 0; i < p->num_insts; i++)
        exits += is_exit(p, i);
    uint32_t total = p->num_insts + pro->n + exits * epi->n;
    tgsi_inst *out = malloc(total * sizeof *out);
    uint32_t *map = malloc(p->num_insts * sizeof *map);
    if (!out || !map) {
        free(out);
        free(map);
        return false;
    }
    uint32_t n = 0;
    for (uint32_t i = 0; i < pro->n; i++) {
        out[n] = pro->v[i];
        out[n++].line = p->num_insts ? p->insts[0].line : 0;
    }
    for (uint32_t i = 0; i < p->num_insts; i++) {
        const tgsi_inst *in = &p->insts[i];
        if (is_exit(p, i))
            for (uint32_t e = 0; e < epi->n; e++) {
                out[n] = epi->v[e];
                out[n++].line = in->line;
            }
        map[i] = n;
        out[n++] = *in;
    }
    /* A label names an instruction (an ELSE, ENDIF, loop end, subroutine
     * ...), which keeps its meaning at its new position. */
    for (uint32_t i = 0; i < n; i++)
        if (out[i].label >= 0 && (uint32_t)out[i].label < p->num_insts)
            out[i].label = (int32_t)map[out[i].label];
    p->end_inst = map[p->end_inst];
    free(p->insts);
    free(map);
    p->insts = out;
    p->num_insts = n;
    return true;
}

/* Redirects direct accesses of the marked outputs to their temporaries.
 * False when an output is accessed indirectly (cannot be redirected). */
static bool redirect_outputs(lower_state *s)
{
    tgsi_program *p = s->p;
    for (uint32_t i = 0; i < p->num_insts; i++) {
        tgsi_inst *in = &p->insts[i];
        for (unsigned k = 0; k < in->num_dst && k < TGSI_MAX_DST; k++) {
            tgsi_dst *d = &in->dst[k];
            if (d->file != TGSI_FILE_OUTPUT)
                continue;
            if (d->reg.indirect || d->num_dims != 1)
                return false;
            int32_t r = d->reg.index;
            if (r < 0 || r >= SWR_MAX_ATTRIBS || s->redirect[r] < 0)
                continue;
            s->written[r] |= d->write_mask;
            d->file = TGSI_FILE_TEMPORARY;
            d->reg.index = s->redirect[r];
            d->reg.array_id = 0;
        }
        for (unsigned k = 0; k < in->num_src && k < TGSI_MAX_SRC; k++) {
            tgsi_src *src = &in->src[k];
            if (src->file != TGSI_FILE_OUTPUT)
                continue;
            if (src->reg.indirect || src->num_dims != 1)
                return false;
            int32_t r = src->reg.index;
            if (r < 0 || r >= SWR_MAX_ATTRIBS || s->redirect[r] < 0)
                continue;
            src->file = TGSI_FILE_TEMPORARY;
            src->reg.index = s->redirect[r];
            src->reg.array_id = 0;
        }
    }
    return true;
}

/* The output register declared with (semantic, index), or -1. */
static int32_t find_reg(const tgsi_program *p, uint8_t file, uint8_t sem, uint32_t idx)
{
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file != file || !d->has_semantic || d->semantic_name != sem)
            continue;
        if (idx >= d->semantic_index && idx - d->semantic_index <= (uint32_t)(d->last - d->first))
            return d->first + (int32_t)(idx - d->semantic_index);
    }
    return -1;
}

/* SV DRAWID -> CONST[SWR_DRIVER_CONST_SLOT][SWRP_DC_DRAW_ID] (same swizzle
 * and modifiers: the constant holds the id in every component), and the SV
 * declarations dropped. False when the SV is read through indirect
 * addressing (never written by state trackers). */
static bool lower_drawid(tgsi_program *p)
{
    uint32_t i = 0;
    while (i < p->num_decls) {
        const tgsi_decl *d = &p->decls[i];
        if (d->file != TGSI_FILE_SYSTEM_VALUE || !d->has_semantic ||
            d->semantic_name != TGSI_SEMANTIC_DRAWID) {
            i++;
            continue;
        }
        int32_t first = d->first, last = d->last;
        for (uint32_t n = 0; n < p->num_insts; n++) {
            tgsi_inst *in = &p->insts[n];
            for (unsigned k = 0; k < in->num_src && k < TGSI_MAX_SRC; k++) {
                tgsi_src *src = &in->src[k];
                if (src->file != TGSI_FILE_SYSTEM_VALUE)
                    continue;
                if (src->reg.indirect) {
                    fail("SV DRAWID read through indirect addressing");
                    return false;
                }
                if (src->reg.index < first || src->reg.index > last)
                    continue;
                tgsi_src c = src_dc(SWRP_DC_DRAW_ID, src->swizzle[0], src->swizzle[1],
                                    src->swizzle[2], src->swizzle[3]);
                c.negate = src->negate;
                c.absolute = src->absolute;
                *src = c;
            }
        }
        memmove(&p->decls[i], &p->decls[i + 1], (p->num_decls - i - 1) * sizeof *p->decls);
        p->num_decls--;
    }
    return true;
}

static bool lower(lower_state *s, const swrp_lower_key *key)
{
    tgsi_program *p = s->p;
    /* the vertex stage that feeds the rasterizer: VS, or GS when bound */
    bool is_vs = p->processor == TGSI_PROCESSOR_VERTEX || p->processor == TGSI_PROCESSOR_GEOMETRY;
    if (key->drawid && !lower_drawid(p))
        return false;
    for (int i = 0; i < SWR_MAX_ATTRIBS; i++)
        s->redirect[i] = -1;
    for (uint32_t i = 0; i < p->num_decls; i++) {
        const tgsi_decl *d = &p->decls[i];
        int32_t end = d->last + 1;
        if (d->file == TGSI_FILE_TEMPORARY && end > s->next_temp)
            s->next_temp = end;
        if (d->file == TGSI_FILE_ADDRESS && end > s->next_addr)
            s->next_addr = end;
        if (d->file == TGSI_FILE_OUTPUT && end > s->next_out)
            s->next_out = end;
        if (d->file == TGSI_FILE_INPUT && !d->has_dim && end > s->next_in)
            s->next_in = end;
    }

    int32_t temp0 = s->next_temp;

    /* Outputs to redirect. */
    int32_t clip_src = -1;
    if (is_vs && key->ucp) {
        /* The shader's own clip distances win (Gallium): then no planes. */
        bool own = find_reg(p, TGSI_FILE_OUTPUT, TGSI_SEMANTIC_CLIPDIST, 0) >= 0;
        clip_src = own ? -1 : find_reg(p, TGSI_FILE_OUTPUT, TGSI_SEMANTIC_CLIPVERTEX, 0);
        if (!own && clip_src < 0)
            clip_src = find_reg(p, TGSI_FILE_OUTPUT, TGSI_SEMANTIC_POSITION, 0);
        if (clip_src < 0 || clip_src >= SWR_MAX_ATTRIBS)
            clip_src = -1; /* no position: the draw is refused anyway */
        else
            s->redirect[clip_src] = s->next_temp++;
    }
    if (key->clamp_color) {
        for (uint32_t i = 0; i < p->num_decls; i++) {
            const tgsi_decl *d = &p->decls[i];
            if (d->file != TGSI_FILE_OUTPUT || !d->has_semantic ||
                !(d->semantic_name == TGSI_SEMANTIC_COLOR ||
                  (is_vs && d->semantic_name == TGSI_SEMANTIC_BCOLOR)))
                continue;
            for (int32_t r = d->first; r <= d->last && r < SWR_MAX_ATTRIBS; r++) {
                if (r < 0)
                    continue;
                if (s->redirect[r] < 0)
                    s->redirect[r] = s->next_temp++;
                s->saturate[r] = true;
            }
        }
    }
    if (!redirect_outputs(s)) {
        fail("an output is written through indirect addressing");
        return false;
    }

    inst_list *pro = calloc(1, sizeof *pro), *epi = calloc(1, sizeof *epi);
    bool ok = pro && epi;
    int32_t st = -1, addr = -1, posin = -1, imm_u = -1, imm_f = -1;
    if (ok && key->stipple && !is_vs) {
        st = s->next_temp++;
        posin = find_reg(p, TGSI_FILE_INPUT, TGSI_SEMANTIC_POSITION, 0);
        addr = s->next_addr;
        imm_u = add_imm(p, TGSI_IMM_UINT32, (const uint32_t[4]){31, 1, 0, 0});
        imm_f = add_imm(p, TGSI_IMM_FLOAT32, (const uint32_t[4]){f32_bits(-0.5f), 0, 0, 0});
        ok = imm_u >= 0 && imm_f >= 0;
        if (ok && posin < 0) {
            if (s->next_in >= SWR_MAX_ATTRIBS) {
                fail("no input register left for the fragment position");
                ok = false;
            } else {
                posin = s->next_in++;
                tgsi_decl d = tgsi_decl_range(TGSI_FILE_INPUT, posin, posin);
                d.has_semantic = true;
                d.semantic_name = TGSI_SEMANTIC_POSITION;
                d.interp = TGSI_INTERPOLATE_LINEAR;
                ok = add_decl(p, &d);
            }
        }
    }
    if (ok && clip_src >= 0) {
        /* Whatever the shader leaves unwritten of v reads as (0, 0, 0, 1). */
        int32_t one = add_imm(p, TGSI_IMM_FLOAT32, (const uint32_t[4]){0, 0, 0, f32_bits(1.0f)});
        ok = one >= 0;
        if (ok)
            push(pro, INST(MOV, tgsi_dst_reg(TGSI_FILE_TEMPORARY, s->redirect[clip_src], 0xf),
                           tgsi_src_reg(TGSI_FILE_IMMEDIATE, one)));
    }
    if (!ok)
        goto out;

    /* Prologue: polygon stipple. */
    if (st >= 0) {
        const uint8_t X = 0, Y = 1, Z = 2;
        tgsi_dst sxy = tgsi_dst_reg(TGSI_FILE_TEMPORARY, st, 0x3);
        tgsi_dst sz = tgsi_dst_reg(TGSI_FILE_TEMPORARY, st, 0x4);
        tgsi_src s_xyyy = src_of(TGSI_FILE_TEMPORARY, st, X, Y, Y, Y);
        tgsi_src s_z = src_rep(TGSI_FILE_TEMPORARY, st, Z);
        /* column, row = (unsigned)(position * scale + bias) % 32 (positive) */
        push(pro, INST(MAD, sxy, src_of(TGSI_FILE_INPUT, posin, X, Y, Y, Y),
                       src_dc(SWRP_DC_STIPPLE_POS, X, Y, Y, Y),
                       src_dc(SWRP_DC_STIPPLE_POS + 1, X, Y, Y, Y)));
        push(pro, INST(F2U, sxy, s_xyyy));
        push(pro, INST(AND, sxy, s_xyyy, src_rep(TGSI_FILE_IMMEDIATE, imm_u, X)));
        /* shift = 31 - column */
        push(pro, INST(XOR, tgsi_dst_reg(TGSI_FILE_TEMPORARY, st, 0x1), src_rep(TGSI_FILE_TEMPORARY, st, X),
                       src_rep(TGSI_FILE_IMMEDIATE, imm_u, X)));
        push(pro, INST(UARL, tgsi_dst_reg(TGSI_FILE_ADDRESS, addr, 0x1),
                       src_rep(TGSI_FILE_TEMPORARY, st, Y)));
        tgsi_src row = src_dc(SWRP_DC_STIPPLE_ROWS, X, X, X, X);
        row.reg.indirect = true;
        row.reg.ind_file = TGSI_FILE_ADDRESS;
        row.reg.ind_index = addr;
        row.reg.ind_swizzle = TGSI_SWIZZLE_X;
        push(pro, INST(MOV, sz, row));
        push(pro, INST(USHR, sz, s_z, src_rep(TGSI_FILE_TEMPORARY, st, X)));
        push(pro, INST(AND, sz, s_z, src_rep(TGSI_FILE_IMMEDIATE, imm_u, Y)));
        push(pro, INST(U2F, sz, s_z));
        push(pro, INST(ADD, sz, s_z, src_rep(TGSI_FILE_IMMEDIATE, imm_f, X)));
        tgsi_inst kill = INST(KILL_IF, tgsi_dst_reg(TGSI_FILE_NULL, 0, 0xf), s_z);
        kill.num_dst = 0;
        push(pro, kill);
    }

    /* Epilogue: outputs from their temporaries, then clip distances. */
    for (int32_t r = 0; r < SWR_MAX_ATTRIBS; r++) {
        if (s->redirect[r] < 0 || !s->written[r])
            continue;
        tgsi_inst mov = INST(MOV, tgsi_dst_reg(TGSI_FILE_OUTPUT, r, s->written[r]),
                             tgsi_src_reg(TGSI_FILE_TEMPORARY, s->redirect[r]));
        mov.saturate = s->saturate[r];
        push(epi, mov);
    }
    int32_t num_planes = 0, cd0 = -1;
    if (clip_src >= 0) {
        num_planes = key->ucp > 1 ? 8 : 4;
        if (s->next_out + num_planes / 4 > SWR_MAX_ATTRIBS) {
            fail("no output register left for the clip distances");
            ok = false;
            goto out;
        }
        cd0 = s->next_out;
        for (int32_t i = 0; i < num_planes; i++)
            push(epi, INST(DP4, tgsi_dst_reg(TGSI_FILE_OUTPUT, cd0 + i / 4, (uint8_t)(1u << (i % 4))),
                           tgsi_src_reg(TGSI_FILE_TEMPORARY, s->redirect[clip_src]),
                           src_dc(SWRP_DC_UCP + i, 0, 1, 2, 3)));
        for (int32_t k = 0; k < num_planes / 4 && ok; k++) {
            tgsi_decl d = tgsi_decl_range(TGSI_FILE_OUTPUT, cd0 + k, cd0 + k);
            d.has_semantic = true;
            d.semantic_name = TGSI_SEMANTIC_CLIPDIST;
            d.semantic_index = (uint32_t)k;
            ok = add_decl(p, &d);
        }
    }

    /* Declarations of what the new code uses: every temporary from temp0 on is new. */
    if (ok && s->next_temp > temp0) {
        tgsi_decl d = tgsi_decl_range(TGSI_FILE_TEMPORARY, temp0, s->next_temp - 1);
        ok = add_decl(p, &d);
    }
    if (ok && addr >= 0) {
        tgsi_decl d = tgsi_decl_range(TGSI_FILE_ADDRESS, addr, addr);
        ok = add_decl(p, &d);
    }
    /* The driver constants, for the variants that read them (clip planes,
     * stipple, draw id). A shader reading this slot is never split into a preamble
     * (jit_preamble.c), since the preamble is evaluated from the
     * frontend's slots only (swrp_draw.c); a clamp-only variant keeps its
     * preamble. */
    if (ok && (key->ucp || key->stipple || key->drawid)) {
        tgsi_decl d = tgsi_decl_range(TGSI_FILE_CONSTANT, 0, SWRP_DC_VEC4S - 1);
        d.has_dim = true;
        d.dim = SWR_DRIVER_CONST_SLOT;
        ok = add_decl(p, &d);
    }
    if (ok)
        ok = splice(p, pro, epi);
out:
    free(pro);
    free(epi);
    return ok;
}

char *swrp_shader_lower(const char *text, size_t len, const swrp_lower_key *key, size_t *out_len)
{
    tgsi_program *p = NULL;
    tgsi_error err;
    memset(&err, 0, sizeof err);
    if (!tgsi_parse(text, len, &p, &err))
        return NULL;
    lower_state s;
    memset(&s, 0, sizeof s);
    s.p = p;
    char *res = NULL;
    if (lower(&s, key))
        res = tgsi_print(p);
    tgsi_program_free(p);
    if (res)
        *out_len = strlen(res);
    return res;
}
