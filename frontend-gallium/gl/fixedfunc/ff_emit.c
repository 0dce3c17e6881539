/*
 * ff_emit.c: the TGSI emitter of the fixed-function generators (ff_emit.h).
 *
 * Instructions are kept as tgsi_inst (tgsi/tgsi.h) until ff_finish, which
 * folds final output moves, declares the registers in the order the pipe
 * and Mesa use (IN, OUT, SAMP, SVIEW, CONST, TEMP), appends END and prints.
 * Memory: the emitter's arrays grow by doubling; the program's constant
 * layout is handed to the gl_ff_shader, everything else is freed.
 */
#include "frontend-gallium/gl/fixedfunc/ff_emit.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static bool grow(ff_emit *e, void **arr, uint32_t *cap, uint32_t need, size_t elem)
{
    if (e->oom)
        return false;
    if (need <= *cap)
        return true;
    uint32_t n = *cap ? *cap * 2 : 32;
    while (n < need)
        n *= 2;
    void *p = realloc(*arr, (size_t)n * elem);
    if (!p) {
        e->oom = true;
        return false;
    }
    *arr = p;
    *cap = n;
    return true;
}

void ff_init(ff_emit *e, uint8_t processor)
{
    memset(e, 0, sizeof *e);
    e->processor = processor;
}

void ff_property(ff_emit *e, uint8_t property, uint32_t value)
{
    if (e->num_props < sizeof e->props / sizeof e->props[0]) {
        e->props[e->num_props].name = property;
        e->props[e->num_props].value = value;
        e->num_props++;
    }
}

/* ---- operands ------------------------------------------------------------------- */

int ff_temp(ff_emit *e)
{
    for (int t = 0; t < FF_MAX_TEMPS; t++)
        if (!(e->temps_busy >> t & 1)) {
            e->temps_busy |= 1ull << t;
            if ((uint32_t)t + 1 > e->num_temps)
                e->num_temps = (uint32_t)t + 1;
            return t;
        }
    /* The generators hold fewer than 20 at once; running out is a bug. */
    e->oom = true;
    return 0;
}

void ff_release(ff_emit *e, int temp)
{
    if (temp >= 0 && temp < FF_MAX_TEMPS)
        e->temps_busy &= ~(1ull << temp);
}

tgsi_dst ff_tdst(int temp, unsigned mask)
{
    return tgsi_dst_reg(TGSI_FILE_TEMPORARY, temp, (uint8_t)mask);
}

tgsi_src ff_tsrc(int temp) { return tgsi_src_reg(TGSI_FILE_TEMPORARY, temp); }

tgsi_dst ff_mask(tgsi_dst d, unsigned mask)
{
    d.write_mask &= (uint8_t)mask;
    return d;
}

tgsi_src ff_swz(tgsi_src s, unsigned x, unsigned y, unsigned z, unsigned w)
{
    uint8_t old[4];
    memcpy(old, s.swizzle, 4);
    s.swizzle[0] = old[x];
    s.swizzle[1] = old[y];
    s.swizzle[2] = old[z];
    s.swizzle[3] = old[w];
    return s;
}

tgsi_src ff_rep(tgsi_src s, unsigned c) { return ff_swz(s, c, c, c, c); }

tgsi_src ff_neg(tgsi_src s)
{
    s.negate = !s.negate;
    return s;
}

tgsi_src ff_abs(tgsi_src s)
{
    s.absolute = true;
    s.negate = false;
    return s;
}

tgsi_src ff_state(ff_emit *e, unsigned id, unsigned index, unsigned sub, unsigned row)
{
    gl_ff_state_ref r = {(uint8_t)id, (uint8_t)index, (uint8_t)sub, (uint8_t)row};
    uint32_t k;
    for (k = 0; k < e->num_consts; k++)
        if (memcmp(&e->consts[k], &r, sizeof r) == 0)
            break;
    if (k == e->num_consts) {
        if (!grow(e, (void **)&e->consts, &e->cap_consts, k + 1, sizeof r))
            k = 0;
        else
            e->consts[e->num_consts++] = r;
    }
    tgsi_src s = tgsi_src_reg(TGSI_FILE_CONSTANT, (int32_t)k);
    s.num_dims = 2;
    s.dim.index = 0;
    return s;
}

static uint32_t float_bits(float v)
{
    uint32_t b;
    memcpy(&b, &v, 4);
    return b;
}

static tgsi_src imm_src(uint32_t i) { return tgsi_src_reg(TGSI_FILE_IMMEDIATE, (int32_t)i); }

static uint32_t new_imm(ff_emit *e)
{
    uint32_t i = e->num_imms;
    if (!grow(e, (void **)&e->imms, &e->cap_imms, i + 1, sizeof *e->imms))
        return 0;
    if (!grow(e, (void **)&e->imm_used, &e->cap_imm_used, i + 1, 1))
        return 0;
    memset(&e->imms[i], 0, sizeof e->imms[i]);
    e->imms[i].type = TGSI_IMM_FLOAT32;
    e->imms[i].count = 4;
    e->imm_used[i] = 0;
    e->num_imms++;
    return i;
}

tgsi_src ff_imm(ff_emit *e, float v)
{
    uint32_t bits = float_bits(v);
    for (uint32_t i = 0; i < e->num_imms; i++)
        for (unsigned c = 0; c < e->imm_used[i]; c++)
            if (e->imms[i].bits[c] == bits)
                return ff_rep(imm_src(i), c);
    uint32_t i = e->num_imms;
    if (i == 0 || e->imm_used[i - 1] == 4)
        i = new_imm(e);
    else
        i--;
    if (e->oom)
        return imm_src(0);
    unsigned c = e->imm_used[i]++;
    e->imms[i].bits[c] = bits;
    return ff_rep(imm_src(i), c);
}

tgsi_src ff_imm4(ff_emit *e, float x, float y, float z, float w)
{
    uint32_t want[4] = {float_bits(x), float_bits(y), float_bits(z), float_bits(w)};
    for (uint32_t i = 0; i < e->num_imms; i++)
        if (e->imm_used[i] == 4 && memcmp(e->imms[i].bits, want, sizeof want) == 0)
            return imm_src(i);
    uint32_t i = new_imm(e);
    if (e->oom)
        return imm_src(0);
    memcpy(e->imms[i].bits, want, sizeof want);
    e->imm_used[i] = 4;
    return imm_src(i);
}

tgsi_src ff_vs_input(ff_emit *e, unsigned attrib)
{
    for (uint32_t i = 0; i < e->num_in; i++)
        if (e->vs_attrib[i] == attrib)
            return tgsi_src_reg(TGSI_FILE_INPUT, (int32_t)i);
    if (e->num_in == FF_MAX_IO) {
        e->oom = true;
        return tgsi_src_reg(TGSI_FILE_INPUT, 0);
    }
    uint32_t i = e->num_in++;
    e->vs_attrib[i] = (uint8_t)attrib;
    e->in[i].semantic = 0xff;
    return tgsi_src_reg(TGSI_FILE_INPUT, (int32_t)i);
}

tgsi_src ff_fs_input(ff_emit *e, unsigned semantic, unsigned index, unsigned interp)
{
    for (uint32_t i = 0; i < e->num_in; i++)
        if (e->in[i].semantic == semantic && e->in[i].index == index)
            return tgsi_src_reg(TGSI_FILE_INPUT, (int32_t)i);
    if (e->num_in == FF_MAX_IO) {
        e->oom = true;
        return tgsi_src_reg(TGSI_FILE_INPUT, 0);
    }
    uint32_t i = e->num_in++;
    e->in[i] = (ff_io){(uint8_t)semantic, (uint8_t)index, (uint8_t)interp};
    return tgsi_src_reg(TGSI_FILE_INPUT, (int32_t)i);
}

tgsi_dst ff_output(ff_emit *e, unsigned semantic, unsigned index)
{
    for (uint32_t i = 0; i < e->num_out; i++)
        if (e->out[i].semantic == semantic && e->out[i].index == index)
            return tgsi_dst_reg(TGSI_FILE_OUTPUT, (int32_t)i, FF_XYZW);
    if (e->num_out == FF_MAX_IO) {
        e->oom = true;
        return tgsi_dst_reg(TGSI_FILE_OUTPUT, 0, FF_XYZW);
    }
    uint32_t i = e->num_out++;
    e->out[i] = (ff_io){(uint8_t)semantic, (uint8_t)index, TGSI_INTERPOLATE_NONE};
    return tgsi_dst_reg(TGSI_FILE_OUTPUT, (int32_t)i, FF_XYZW);
}

/* ---- instructions --------------------------------------------------------------- */

static tgsi_inst *append(ff_emit *e)
{
    if (!grow(e, (void **)&e->insts, &e->cap_insts, e->num_insts + 1, sizeof *e->insts))
        return NULL;
    return &e->insts[e->num_insts++];
}

void ff_op(ff_emit *e, unsigned opcode, bool sat, tgsi_dst d, unsigned nsrc, const tgsi_src *src)
{
    tgsi_inst *in = append(e);
    if (!in)
        return;
    *in = tgsi_inst_new(opcode, 1, nsrc);
    in->saturate = sat;
    in->dst[0] = d;
    for (unsigned i = 0; i < nsrc; i++)
        in->src[i] = src[i];
}

void ff_tex(ff_emit *e, unsigned opcode, tgsi_dst d, tgsi_src coord, unsigned unit, unsigned target)
{
    tgsi_inst *in = append(e);
    if (!in)
        return;
    *in = tgsi_inst_new(opcode, 1, 2);
    in->dst[0] = d;
    in->src[0] = coord;
    in->src[1] = tgsi_src_reg(TGSI_FILE_SAMPLER, (int32_t)unit);
    in->tex_target = (uint8_t)target;
    e->samplers |= (uint8_t)(1u << unit);
    e->sampler_target[unit] = (uint8_t)target;
}

/* ---- finishing ------------------------------------------------------------------ */

static bool reads_temp(const tgsi_inst *in, int32_t t)
{
    for (unsigned s = 0; s < in->num_src; s++)
        if (in->src[s].file == TGSI_FILE_TEMPORARY && in->src[s].reg.index == t)
            return true;
    return false;
}

/* Channels of TEMP[t] an instruction may read (every swizzle letter of
 * every operand on t: more than the opcode reads, never less). */
static unsigned temp_channels_read(const tgsi_inst *in, int32_t t)
{
    unsigned m = 0;
    for (unsigned s = 0; s < in->num_src; s++)
        if (in->src[s].file == TGSI_FILE_TEMPORARY && in->src[s].reg.index == t)
            for (unsigned c = 0; c < 4; c++)
                m |= 1u << in->src[s].swizzle[c];
    return m;
}

static bool writes_temp(const tgsi_inst *in, int32_t t)
{
    return in->num_dst && in->dst[0].file == TGSI_FILE_TEMPORARY && in->dst[0].reg.index == t;
}

static bool is_identity(const tgsi_src *s)
{
    return s->swizzle[0] == 0 && s->swizzle[1] == 1 && s->swizzle[2] == 2 && s->swizzle[3] == 3;
}

/*
 * "MOV[_SAT] OUT[o].M, TEMP[t]" (no modifiers, identity swizzle) where
 * nothing after it reads channels M of TEMP[t] before rewriting them: the
 * instructions that last wrote those channels write OUT[o] instead (with
 * the MOV's _SAT), and the MOV goes. Walking
 * back from the MOV, each writer of t gives its channels still needed; the
 * walk stops successfully when all of M is given, and fails when an
 * instruction reads t before that (the value it reads must stay in t; an
 * instruction that both reads and writes t is renamed, then ends the walk)
 * or when the program start is reached; it also fails when another
 * instruction writes OUT[o] inside the renamed stretch, or when a writer
 * also writes channels no longer needed (a later instruction may read
 * those from t).
 */
static bool fold_output_move(ff_emit *e, uint32_t i)
{
    tgsi_inst *mov = &e->insts[i];
    if (mov->opcode != TGSI_OPCODE_MOV || mov->dst[0].file != TGSI_FILE_OUTPUT)
        return false;
    const tgsi_src *s = &mov->src[0];
    if (s->file != TGSI_FILE_TEMPORARY || s->negate || s->absolute || !is_identity(s))
        return false;
    int32_t t = s->reg.index;
    /* After the MOV, channels M of t must not be read before rewritten. */
    unsigned live = mov->dst[0].write_mask;
    for (uint32_t j = i + 1; j < e->num_insts && live; j++) {
        const tgsi_inst *in = &e->insts[j];
        if (temp_channels_read(in, t) & live)
            return false;
        if (writes_temp(in, t))
            live &= ~(unsigned)in->dst[0].write_mask;
    }
    unsigned need = mov->dst[0].write_mask;
    uint32_t rename[16], nrename = 0;
    uint32_t j = i;
    bool ok = false;
    while (j-- > 0) {
        tgsi_inst *in = &e->insts[j];
        if (writes_temp(in, t) && (in->dst[0].write_mask & need)) {
            /* its other channels may be read later: it must keep them */
            if ((in->dst[0].write_mask & ~need) || nrename == 16)
                return false;
            rename[nrename++] = j;
            need &= ~(unsigned)in->dst[0].write_mask;
        }
        if (need == 0) {
            ok = true;
            break;
        }
        if (reads_temp(in, t))
            return false;
    }
    if (!ok)
        return false;
    /* Another write of OUT[o] between the first renamed writer and the MOV
     * would now be overwritten, or overwrite. */
    int32_t o = mov->dst[0].reg.index;
    for (uint32_t k = rename[nrename - 1] + 1; k < i; k++) {
        const tgsi_inst *in = &e->insts[k];
        bool renamed = false;
        for (uint32_t r = 0; r < nrename; r++)
            renamed |= rename[r] == k;
        if (!renamed && in->num_dst && in->dst[0].file == TGSI_FILE_OUTPUT &&
            in->dst[0].reg.index == o)
            return false;
    }
    for (uint32_t k = 0; k < nrename; k++) {
        tgsi_inst *in = &e->insts[rename[k]];
        uint8_t m = in->dst[0].write_mask;
        in->dst[0] = mov->dst[0];
        in->dst[0].write_mask = m;
        in->saturate |= mov->saturate;
    }
    memmove(mov, mov + 1, (e->num_insts - i - 1) * sizeof *mov);
    e->num_insts--;
    return true;
}

static void emitter_free(ff_emit *e)
{
    free(e->insts);
    free(e->imms);
    free(e->imm_used);
    free(e->consts);
    e->insts = NULL;
    e->imms = NULL;
    e->imm_used = NULL;
    e->consts = NULL;
}

bool ff_finish(ff_emit *e, gl_ff_shader *out)
{
    memset(out, 0, sizeof *out);
    for (uint32_t i = e->num_insts; i-- > 0;)
        fold_output_move(e, i);
    tgsi_inst *end = append(e);
    if (end)
        *end = tgsi_inst_new(TGSI_OPCODE_END, 0, 0);
    tgsi_program *p = calloc(1, sizeof *p);
    uint32_t max_decls = e->num_in + e->num_out + 2 * GL_FF_MAX_TEXTURE_UNITS + 2;
    if (p) {
        p->decls = calloc(max_decls, sizeof *p->decls);
        p->props = calloc(e->num_props ? e->num_props : 1, sizeof *p->props);
    }
    if (e->oom || !p || !p->decls || !p->props)
        goto fail;

    p->processor = (tgsi_processor)e->processor;
    memcpy(p->props, e->props, e->num_props * sizeof *p->props);
    p->num_props = e->num_props;
    for (uint32_t i = 0; i < e->num_in; i++) {
        tgsi_decl d = tgsi_decl_range(TGSI_FILE_INPUT, (int32_t)i, (int32_t)i);
        if (e->in[i].semantic != 0xff) {
            d.has_semantic = true;
            d.semantic_name = e->in[i].semantic;
            d.semantic_index = e->in[i].index;
            d.interp = e->in[i].interp;
        }
        p->decls[p->num_decls++] = d;
    }
    for (uint32_t i = 0; i < e->num_out; i++) {
        tgsi_decl d = tgsi_decl_range(TGSI_FILE_OUTPUT, (int32_t)i, (int32_t)i);
        d.has_semantic = true;
        d.semantic_name = e->out[i].semantic;
        d.semantic_index = e->out[i].index;
        p->decls[p->num_decls++] = d;
    }
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++)
        if (e->samplers >> u & 1)
            p->decls[p->num_decls++] = tgsi_decl_range(TGSI_FILE_SAMPLER, (int32_t)u, (int32_t)u);
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++)
        if (e->samplers >> u & 1) {
            tgsi_decl d = tgsi_decl_range(TGSI_FILE_SAMPLER_VIEW, (int32_t)u, (int32_t)u);
            d.resource_target = e->sampler_target[u];
            memset(d.return_type, TGSI_RETURN_TYPE_FLOAT, 4);
            p->decls[p->num_decls++] = d;
        }
    if (e->num_consts) {
        tgsi_decl d = tgsi_decl_range(TGSI_FILE_CONSTANT, 0, (int32_t)e->num_consts - 1);
        d.has_dim = true;
        d.dim = 0;
        p->decls[p->num_decls++] = d;
    }
    if (e->num_temps)
        p->decls[p->num_decls++] =
            tgsi_decl_range(TGSI_FILE_TEMPORARY, 0, (int32_t)e->num_temps - 1);
    p->imms = e->imms;
    p->num_imms = e->num_imms;
    p->insts = e->insts;
    p->num_insts = e->num_insts;
    p->end_inst = e->num_insts - 1;
    e->imms = NULL;
    e->insts = NULL;

#ifndef NDEBUG
    /* A generator bug otherwise: the pipe would reject the text. */
    tgsi_error err;
    assert(tgsi_validate(p, &err));
#endif
    char *text = tgsi_print(p);
    if (!text)
        goto fail;
    out->text = text;
    out->text_len = strlen(text);
    out->num_instructions = p->num_insts - 1;
    out->consts = e->consts;
    out->num_consts = e->num_consts;
    e->consts = NULL;
    out->num_inputs = e->processor == TGSI_PROCESSOR_VERTEX ? (uint8_t)e->num_in : 0;
    for (uint32_t i = 0; i < out->num_inputs; i++)
        out->inputs[i] = e->vs_attrib[i];
    out->samplers = e->samplers;
    tgsi_program_free(p);
    emitter_free(e);
    return true;
fail:
    tgsi_program_free(p);
    emitter_free(e);
    memset(out, 0, sizeof *out);
    return false;
}

void gl_ff_shader_fini(gl_ff_shader *sh)
{
    if (!sh)
        return;
    free(sh->text);
    free(sh->consts);
    memset(sh, 0, sizeof *sh);
}
