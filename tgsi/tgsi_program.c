/*
 * tgsi_program.c: freeing and comparing TGSI programs (tgsi.h).
 *
 * tgsi_program_equal() is the oracle of the parse -> print -> parse round
 * trip: two programs are equal when every executor must treat them alike.
 * It compares every field except the `line` fields (text positions), and of
 * the fixed-size arrays inside an instruction or immediate only the entries
 * in use (num_dst, num_src, num_tex_offsets, count), and of an index the
 * indirect fields only when it is indirect, and of an operand the dimension
 * only when it is two-dimensional: those are the parts the text carries.
 * Callable on any thread; neither function allocates. The tgsi_*_new/_reg/
 * _range constructors for programs built in memory live here too.
 */
#include "tgsi/tgsi.h"

#include <stdlib.h>
#include <string.h>

static bool index_equal(const tgsi_index *a, const tgsi_index *b)
{
    if (a->index != b->index || a->indirect != b->indirect || a->array_id != b->array_id)
        return false;
    if (!a->indirect)
        return true;
    return a->ind_file == b->ind_file && a->ind_swizzle == b->ind_swizzle &&
           a->ind_index == b->ind_index;
}

static bool dst_equal(const tgsi_dst *a, const tgsi_dst *b)
{
    if (a->file != b->file || a->num_dims != b->num_dims || a->write_mask != b->write_mask)
        return false;
    if (a->num_dims == 2 && !index_equal(&a->dim, &b->dim))
        return false;
    return index_equal(&a->reg, &b->reg);
}

static bool src_equal(const tgsi_src *a, const tgsi_src *b)
{
    if (a->file != b->file || a->num_dims != b->num_dims || a->negate != b->negate ||
        a->absolute != b->absolute || memcmp(a->swizzle, b->swizzle, 4) != 0)
        return false;
    if (a->num_dims == 2 && !index_equal(&a->dim, &b->dim))
        return false;
    return index_equal(&a->reg, &b->reg);
}

static bool inst_equal(const tgsi_inst *a, const tgsi_inst *b)
{
    if (a->opcode != b->opcode || a->saturate != b->saturate || a->precise != b->precise ||
        a->num_dst != b->num_dst || a->num_src != b->num_src ||
        a->tex_target != b->tex_target || a->tex_return_type != b->tex_return_type ||
        a->num_tex_offsets != b->num_tex_offsets || a->mem_qualifier != b->mem_qualifier ||
        a->mem_target != b->mem_target || a->mem_format != b->mem_format ||
        a->label != b->label)
        return false;
    if (a->num_dst > TGSI_MAX_DST || a->num_src > TGSI_MAX_SRC ||
        a->num_tex_offsets > TGSI_MAX_TEX_OFFSETS)
        return false; /* malformed: not comparable */
    for (unsigned i = 0; i < a->num_dst; i++)
        if (!dst_equal(&a->dst[i], &b->dst[i]))
            return false;
    for (unsigned i = 0; i < a->num_src; i++)
        if (!src_equal(&a->src[i], &b->src[i]))
            return false;
    for (unsigned i = 0; i < a->num_tex_offsets; i++)
        if (!src_equal(&a->tex_offsets[i], &b->tex_offsets[i]))
            return false;
    return true;
}

static bool decl_equal(const tgsi_decl *a, const tgsi_decl *b)
{
    return a->file == b->file && a->has_dim == b->has_dim && a->dim == b->dim &&
           a->first == b->first && a->last == b->last && a->usage_mask == b->usage_mask &&
           a->has_semantic == b->has_semantic && a->semantic_name == b->semantic_name &&
           a->semantic_index == b->semantic_index && a->interp == b->interp &&
           a->location == b->location && a->array_id == b->array_id &&
           a->local == b->local && a->invariant == b->invariant &&
           a->resource_target == b->resource_target &&
           memcmp(a->return_type, b->return_type, 4) == 0 && a->format == b->format &&
           a->writable == b->writable && a->raw == b->raw && a->atomic == b->atomic &&
           a->memory_type == b->memory_type && memcmp(a->stream, b->stream, 4) == 0;
}

static bool imm_equal(const tgsi_immediate *a, const tgsi_immediate *b)
{
    if (a->type != b->type || a->count != b->count || a->count > 4)
        return false;
    return memcmp(a->bits, b->bits, a->count * sizeof(uint32_t)) == 0;
}

/* Deep equality; see the essay above for what is compared. */
bool tgsi_program_equal(const tgsi_program *a, const tgsi_program *b)
{
    if (a == b)
        return true;
    if (!a || !b)
        return false;
    if (a->processor != b->processor || a->num_props != b->num_props ||
        a->num_decls != b->num_decls || a->num_imms != b->num_imms ||
        a->num_insts != b->num_insts || a->end_inst != b->end_inst)
        return false;
    for (uint32_t i = 0; i < a->num_props; i++)
        if (a->props[i].name != b->props[i].name || a->props[i].value != b->props[i].value)
            return false;
    for (uint32_t i = 0; i < a->num_decls; i++)
        if (!decl_equal(&a->decls[i], &b->decls[i]))
            return false;
    for (uint32_t i = 0; i < a->num_imms; i++)
        if (!imm_equal(&a->imms[i], &b->imms[i]))
            return false;
    for (uint32_t i = 0; i < a->num_insts; i++)
        if (!inst_equal(&a->insts[i], &b->insts[i]))
            return false;
    return true;
}

/* Frees the program and its arrays; NULL is allowed. */
void tgsi_program_free(tgsi_program *prog)
{
    if (!prog)
        return;
    free(prog->props);
    free(prog->decls);
    free(prog->imms);
    free(prog->insts);
    free(prog);
}

/* ---- constructors ---------------------------------------------------------- */

tgsi_inst tgsi_inst_new(unsigned opcode, unsigned num_dst, unsigned num_src)
{
    tgsi_inst in;
    memset(&in, 0, sizeof in);
    in.opcode = (uint16_t)opcode;
    in.num_dst = (uint8_t)num_dst;
    in.num_src = (uint8_t)num_src;
    in.label = -1;
    in.tex_return_type = 0xff;
    return in;
}

tgsi_dst tgsi_dst_reg(unsigned file, int32_t index, uint8_t write_mask)
{
    tgsi_dst d;
    memset(&d, 0, sizeof d);
    d.file = (uint8_t)file;
    d.num_dims = 1;
    d.write_mask = write_mask;
    d.reg.index = index;
    return d;
}

tgsi_src tgsi_src_reg(unsigned file, int32_t index)
{
    tgsi_src s;
    memset(&s, 0, sizeof s);
    s.file = (uint8_t)file;
    s.num_dims = 1;
    for (unsigned c = 0; c < 4; c++)
        s.swizzle[c] = (uint8_t)c;
    s.reg.index = index;
    return s;
}

tgsi_decl tgsi_decl_range(unsigned file, int32_t first, int32_t last)
{
    tgsi_decl d;
    memset(&d, 0, sizeof d);
    d.file = (uint8_t)file;
    d.first = first;
    d.last = last;
    d.usage_mask = 0xf;
    return d;
}
