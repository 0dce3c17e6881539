/*
 * tgsi_validate.c: the checks that make a tgsi_program safe to execute.
 *
 * In: a program, from the parser or built in memory by a test or tool (so
 * nothing here assumes text: every enum and count is range-checked before it
 * indexes a table). Out: true, or false with the first problem in *err. What
 * an executor may assume after a true (tgsi.h):
 *   - declarations: known files, first <= last <= TGSI_MAX_INDEX, nonzero
 *     usage masks, attributes only on files that carry them, no two
 *     declarations of one file (and CONST/HWATOMIC buffer) overlap, array ids
 *     unique per file;
 *   - instructions: operand counts of the opcode table, destinations in
 *     writable files, resource operands (SAMP, SVIEW, IMAGE, BUFFER, MEMORY,
 *     HWATOMIC) exactly in the slots the opcode reads them from, texture
 *     opcodes carry a target, nonzero write masks, swizzles 0..3, every
 *     directly indexed register declared (IMM below num_imms, CONST inside a
 *     declaration of its buffer), every array id declared for its file;
 *   - control flow: IF/UIF [ELSE] ENDIF, BGNLOOP ENDLOOP, SWITCH CASE/DEFAULT
 *     ENDSWITCH and BGNSUB ENDSUB nest; BRK only inside a loop or switch,
 *     CONT inside a loop; IF/UIF's label is its ELSE (or ENDIF when there is
 *     none), ELSE's its ENDIF, CAL's a BGNSUB; END closes the main program at
 *     depth 0 and only whole subroutines follow it; prog->end_inst is it.
 * Loop labels are informational: Mesa 22.3 prints `BGNLOOP :0` and
 * `ENDLOOP :0` for every loop (see the corpus), so a loop label may be
 * absent (-1), 0, or the matching ENDLOOP/BGNLOOP; executors match loops by
 * nesting.
 *
 * Errors carry the statement's line (0 in memory-built programs) and, when
 * the parser passes its column table (tgsi_priv.h), the column of the
 * offending operand. Cost: O(n log n) in declarations plus O(log n) per
 * operand; memory O(declarations + nesting depth). Any thread.
 */
#include "tgsi/tgsi.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_priv.h"

/* One declared range, keyed for binary search by (file, buffer, first). */
typedef struct decl_range {
    uint8_t file;
    int32_t buffer; /* CONST/HWATOMIC buffer; 0 for every other file */
    int32_t first, last;
    uint32_t decl; /* index in prog->decls */
} decl_range;

/* One open control-flow construct. */
typedef struct cf_entry {
    uint16_t opcode; /* IF, UIF, BGNLOOP, SWITCH, BGNSUB */
    uint32_t inst;   /* where it opened */
    int64_t else_inst; /* -1 until an ELSE / DEFAULT is seen */
} cf_entry;

typedef struct validator {
    const tgsi_program *prog;
    const tgsi_text_cols *cols;
    tgsi_error *err;
    decl_range *ranges; /* sorted */
    uint32_t num_ranges;
    decl_range *arrays; /* (file, array_id in .first) sorted; .decl = decl index */
    uint32_t num_arrays;
    cf_entry *stack;
    uint32_t depth, cap;
} validator;

static bool fail_at(validator *v, uint32_t line, uint32_t col, const char *fmt, ...)
{
    v->err->line = line;
    v->err->column = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->err->message, sizeof(v->err->message), fmt, ap);
    va_end(ap);
    return false;
}

static const char *file_name(unsigned f)
{
    const char *s = tgsi_file_name(f);
    return s ? s : "?";
}

static const char *op_name(unsigned op)
{
    const tgsi_opcode_info *info = tgsi_opcode_get_info(op);
    return info ? info->name : "?";
}

/* ---- declarations --------------------------------------------------------- */

static int range_cmp(const void *pa, const void *pb)
{
    const decl_range *a = pa, *b = pb;
    if (a->file != b->file)
        return a->file < b->file ? -1 : 1;
    if (a->buffer != b->buffer)
        return a->buffer < b->buffer ? -1 : 1;
    if (a->first != b->first)
        return a->first < b->first ? -1 : 1;
    return a->decl < b->decl ? -1 : a->decl > b->decl;
}

/* The declared range of (file, buffer) holding `index`, or NULL. */
static const decl_range *find_range(const decl_range *r, uint32_t n, unsigned file,
                                    int32_t buffer, int32_t index)
{
    decl_range key = {.file = (uint8_t)file, .buffer = buffer, .first = index, .decl = UINT32_MAX};
    uint32_t lo = 0, hi = n; /* first entry > key */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (range_cmp(&r[mid], &key) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    const decl_range *c = &r[lo - 1];
    if (c->file != file || c->buffer != buffer || index < c->first || index > c->last)
        return NULL;
    return c;
}

static bool file_is_2d_decl(unsigned f)
{
    return f == TGSI_FILE_CONSTANT || f == TGSI_FILE_HW_ATOMIC || f == TGSI_FILE_INPUT ||
           f == TGSI_FILE_OUTPUT;
}

static bool file_has_buffers(unsigned f)
{
    return f == TGSI_FILE_CONSTANT || f == TGSI_FILE_HW_ATOMIC;
}

static bool check_decl(validator *v, uint32_t i)
{
    const tgsi_decl *d = &v->prog->decls[i];
    uint32_t line = d->line, col = v->cols ? v->cols->decls[i] : 0;
    unsigned f = d->file;
    if (f >= TGSI_FILE_COUNT || f == TGSI_FILE_NULL || f == TGSI_FILE_IMMEDIATE)
        return fail_at(v, line, col, "register file %s cannot be declared (IMM has IMM lines)",
                       file_name(f));
    const char *fn = file_name(f);
    if (d->first < 0 || d->last < d->first || d->last > TGSI_MAX_INDEX)
        return fail_at(v, line, col, "bad range %s[%d..%d] (0 <= first <= last <= %d)", fn,
                       d->first, d->last, TGSI_MAX_INDEX);
    if (d->usage_mask == 0 || d->usage_mask > 0xf)
        return fail_at(v, line, col, "bad usage mask 0x%x", d->usage_mask);
    /* Fields the text cannot carry must hold their defaults, so that the
     * printed program reads back equal. */
    if ((!d->has_dim && d->dim != 0) ||
        (!d->has_semantic && (d->semantic_name || d->semantic_index)))
        return fail_at(v, line, col, "dimension or semantic fields set without has_dim / has_semantic");
    if (d->has_dim) {
        if (!file_is_2d_decl(f))
            return fail_at(v, line, col, "%s declarations are not two-dimensional", fn);
        if (d->dim < (file_has_buffers(f) ? 0 : -1) || d->dim > TGSI_MAX_INDEX)
            return fail_at(v, line, col, "bad first dimension %d of a %s declaration", d->dim, fn);
    }
    if (d->has_semantic) {
        if (f != TGSI_FILE_INPUT && f != TGSI_FILE_OUTPUT && f != TGSI_FILE_SYSTEM_VALUE)
            return fail_at(v, line, col, "a %s declaration takes no semantic", fn);
        if (d->semantic_name >= TGSI_SEMANTIC_COUNT || d->semantic_index > TGSI_MAX_INDEX)
            return fail_at(v, line, col, "bad semantic %u[%u]", d->semantic_name, d->semantic_index);
    } else if (f == TGSI_FILE_SYSTEM_VALUE) {
        return fail_at(v, line, col, "an SV declaration needs a semantic (SV[0], INSTANCEID)");
    }
    if (d->interp > TGSI_INTERPOLATE_COLOR || d->location > TGSI_INTERPOLATE_LOC_SAMPLE)
        return fail_at(v, line, col, "bad interpolation %u / location %u", d->interp, d->location);
    if ((d->interp || d->location) && (f != TGSI_FILE_INPUT || !d->has_semantic))
        return fail_at(v, line, col, "interpolation applies to IN declarations with a semantic");
    if (d->local && f != TGSI_FILE_TEMPORARY)
        return fail_at(v, line, col, "LOCAL applies to TEMP declarations");
    if (d->invariant && f != TGSI_FILE_OUTPUT)
        return fail_at(v, line, col, "INVARIANT applies to OUT declarations");
    if (d->array_id && f != TGSI_FILE_TEMPORARY && f != TGSI_FILE_INPUT && f != TGSI_FILE_OUTPUT)
        return fail_at(v, line, col, "ARRAY applies to TEMP, IN and OUT declarations");
    bool view = f == TGSI_FILE_SAMPLER_VIEW, image = f == TGSI_FILE_IMAGE;
    if (d->resource_target >= TGSI_TEXTURE_COUNT || ((view || image) != (d->resource_target != 0)))
        return fail_at(v, line, col, (view || image) ? "a %s declaration needs a texture target"
                                                     : "a %s declaration takes no texture target",
                       fn);
    for (unsigned c = 0; c < 4; c++)
        if (d->return_type[c] >= TGSI_RETURN_TYPE_COUNT || (!view && d->return_type[c]))
            return fail_at(v, line, col, "return types apply to SVIEW declarations");
    if (d->format >= tgsi_format_count() || (d->format && !image))
        return fail_at(v, line, col, "a format applies to IMAGE declarations");
    if (d->writable && !image)
        return fail_at(v, line, col, "WR applies to IMAGE declarations");
    if (d->raw && !image && f != TGSI_FILE_BUFFER)
        return fail_at(v, line, col, "RAW applies to IMAGE and BUFFER declarations");
    if (d->atomic && f != TGSI_FILE_BUFFER)
        return fail_at(v, line, col, "ATOMIC applies to BUFFER declarations");
    if (d->memory_type > 3 || (d->memory_type && f != TGSI_FILE_MEMORY))
        return fail_at(v, line, col, "SHARED/PRIVATE/INPUT apply to MEMORY declarations");
    for (unsigned c = 0; c < 4; c++)
        if (d->stream[c] > 3 || (d->stream[c] && f != TGSI_FILE_OUTPUT))
            return fail_at(v, line, col, "STREAM applies to OUT declarations, streams 0..3");
    return true;
}

static bool build_decl_tables(validator *v)
{
    const tgsi_program *prog = v->prog;
    uint32_t n = prog->num_decls;
    if (!n)
        return true;
    v->ranges = malloc((size_t)n * sizeof(decl_range));
    v->arrays = malloc((size_t)n * sizeof(decl_range));
    if (!v->ranges || !v->arrays)
        return fail_at(v, 0, 0, "out of memory");
    for (uint32_t i = 0; i < n; i++) {
        const tgsi_decl *d = &prog->decls[i];
        decl_range r = {.file = d->file,
                        .buffer = file_has_buffers(d->file) && d->has_dim ? d->dim : 0,
                        .first = d->first,
                        .last = d->last,
                        .decl = i};
        v->ranges[v->num_ranges++] = r;
        if (d->array_id) {
            r.buffer = 0;
            r.first = r.last = d->array_id;
            v->arrays[v->num_arrays++] = r;
        }
    }
    qsort(v->ranges, v->num_ranges, sizeof(decl_range), range_cmp);
    qsort(v->arrays, v->num_arrays, sizeof(decl_range), range_cmp);
    for (uint32_t i = 1; i < v->num_ranges; i++) {
        const decl_range *a = &v->ranges[i - 1], *b = &v->ranges[i];
        if (a->file == b->file && a->buffer == b->buffer && b->first <= a->last) {
            uint32_t later = a->decl > b->decl ? a->decl : b->decl;
            const tgsi_decl *d = &prog->decls[later];
            return fail_at(v, d->line, v->cols ? v->cols->decls[later] : 0,
                           "%s[%d..%d] overlaps an earlier declaration", file_name(d->file),
                           d->first, d->last);
        }
    }
    for (uint32_t i = 1; i < v->num_arrays; i++) {
        const decl_range *a = &v->arrays[i - 1], *b = &v->arrays[i];
        if (a->file == b->file && a->first == b->first) {
            uint32_t later = a->decl > b->decl ? a->decl : b->decl;
            const tgsi_decl *d = &prog->decls[later];
            return fail_at(v, d->line, v->cols ? v->cols->decls[later] : 0,
                           "ARRAY(%d) declared twice for %s", b->first, file_name(d->file));
        }
    }
    return true;
}

/* ---- operands ------------------------------------------------------------- */

typedef struct operand_ctx {
    uint32_t line, col;
    unsigned opcode;
    const char *what; /* "destination", "source 1", ... */
} operand_ctx;

static bool check_index_fields(validator *v, const operand_ctx *o, const tgsi_index *idx,
                               unsigned file)
{
    if (idx->indirect) {
        unsigned f = idx->ind_file;
        if (f != TGSI_FILE_ADDRESS && f != TGSI_FILE_TEMPORARY)
            return fail_at(v, o->line, o->col, "%s of %s: indirect addressing through %s (ADDR or TEMP only)",
                           o->what, op_name(o->opcode), file_name(f));
        if (idx->ind_swizzle > 3)
            return fail_at(v, o->line, o->col, "%s of %s: bad address component %u", o->what,
                           op_name(o->opcode), idx->ind_swizzle);
        if (idx->ind_index < 0 || idx->ind_index > TGSI_MAX_INDEX ||
            !find_range(v->ranges, v->num_ranges, f, 0, idx->ind_index))
            return fail_at(v, o->line, o->col, "%s of %s: address register %s[%d] is not declared",
                           o->what, op_name(o->opcode), file_name(f), idx->ind_index);
        if (idx->index < -TGSI_MAX_INDEX || idx->index > TGSI_MAX_INDEX)
            return fail_at(v, o->line, o->col, "%s of %s: offset %d out of range", o->what,
                           op_name(o->opcode), idx->index);
    } else if (idx->index < 0 || idx->index > TGSI_MAX_INDEX) {
        return fail_at(v, o->line, o->col, "%s of %s: register index %d out of range", o->what,
                       op_name(o->opcode), idx->index);
    }
    if (idx->array_id) {
        if (!find_range(v->arrays, v->num_arrays, file, 0, idx->array_id))
            return fail_at(v, o->line, o->col, "%s of %s: ARRAY(%u) of %s is not declared",
                           o->what, op_name(o->opcode), idx->array_id, file_name(file));
    }
    return true;
}

/* File, dimensions, indices and declaration of one register reference. */
static bool check_register(validator *v, const operand_ctx *o, unsigned file, unsigned num_dims,
                           const tgsi_index *dim, const tgsi_index *reg)
{
    const tgsi_program *prog = v->prog;
    if (file >= TGSI_FILE_COUNT || file == TGSI_FILE_NULL)
        return fail_at(v, o->line, o->col, "%s of %s: bad register file", o->what, op_name(o->opcode));
    if (num_dims != 1 && num_dims != 2)
        return fail_at(v, o->line, o->col, "%s of %s: %u dimensions", o->what, op_name(o->opcode),
                       num_dims);
    if (num_dims == 2) {
        bool ok = file_has_buffers(file) ||
                  (file == TGSI_FILE_INPUT && (prog->processor == TGSI_PROCESSOR_GEOMETRY ||
                                               prog->processor == TGSI_PROCESSOR_TESS_CTRL ||
                                               prog->processor == TGSI_PROCESSOR_TESS_EVAL)) ||
                  (file == TGSI_FILE_OUTPUT && prog->processor == TGSI_PROCESSOR_TESS_CTRL);
        if (!ok)
            return fail_at(v, o->line, o->col, "%s of %s: %s is not two-dimensional in a %s shader",
                           o->what, op_name(o->opcode), file_name(file),
                           tgsi_processor_name(prog->processor) ? tgsi_processor_name(prog->processor) : "?");
        if (!check_index_fields(v, o, dim, file))
            return false;
    }
    if (!check_index_fields(v, o, reg, file))
        return false;
    if (reg->indirect)
        return true;
    if (file == TGSI_FILE_IMMEDIATE) {
        if ((uint32_t)reg->index >= prog->num_imms)
            return fail_at(v, o->line, o->col, "%s of %s: IMM[%d] out of range (%u immediates)",
                           o->what, op_name(o->opcode), reg->index, prog->num_imms);
        return true;
    }
    int32_t buffer = 0;
    if (file_has_buffers(file) && num_dims == 2) {
        if (dim->indirect)
            return true; /* the buffer is chosen at run time */
        buffer = dim->index;
    }
    const decl_range *r = find_range(v->ranges, v->num_ranges, file, buffer, reg->index);
    if (!r) {
        if (file_has_buffers(file) && num_dims == 2)
            return fail_at(v, o->line, o->col, "%s of %s: %s[%d][%d] is not declared", o->what,
                           op_name(o->opcode), file_name(file), buffer, reg->index);
        return fail_at(v, o->line, o->col, "%s of %s: %s[%d] is not declared", o->what,
                       op_name(o->opcode), file_name(file), reg->index);
    }
    return true;
}

/* Files an arithmetic operand may name (resource files only in resource slots). */
static bool file_is_value(unsigned f)
{
    return f == TGSI_FILE_CONSTANT || f == TGSI_FILE_INPUT || f == TGSI_FILE_OUTPUT ||
           f == TGSI_FILE_TEMPORARY || f == TGSI_FILE_ADDRESS || f == TGSI_FILE_IMMEDIATE ||
           f == TGSI_FILE_SYSTEM_VALUE;
}

static bool is_memory_opcode(unsigned op)
{
    switch (op) {
    case TGSI_OPCODE_LOAD: case TGSI_OPCODE_STORE: case TGSI_OPCODE_RESQ:
    case TGSI_OPCODE_ATOMUADD: case TGSI_OPCODE_ATOMFADD: case TGSI_OPCODE_ATOMXCHG:
    case TGSI_OPCODE_ATOMCAS: case TGSI_OPCODE_ATOMAND: case TGSI_OPCODE_ATOMOR:
    case TGSI_OPCODE_ATOMXOR: case TGSI_OPCODE_ATOMUMIN: case TGSI_OPCODE_ATOMUMAX:
    case TGSI_OPCODE_ATOMIMIN: case TGSI_OPCODE_ATOMIMAX: case TGSI_OPCODE_ATOMINC_WRAP:
    case TGSI_OPCODE_ATOMDEC_WRAP:
        return true;
    default:
        return false;
    }
}

#define FB(f) (1u << TGSI_FILE_##f)
#define VALUE_FILES (FB(CONSTANT) | FB(INPUT) | FB(OUTPUT) | FB(TEMPORARY) | FB(ADDRESS) | \
                     FB(IMMEDIATE) | FB(SYSTEM_VALUE))

/* Bit mask of the files source `s` of `op` may name. */
static uint32_t src_files(const tgsi_inst *in, unsigned s)
{
    unsigned op = in->opcode;
    const tgsi_opcode_info *info = tgsi_opcode_get_info(op);
    if (info->flags & TGSI_OPF_TEX)
        return s + 1 == info->num_src ? FB(SAMPLER) | FB(SAMPLER_VIEW) : VALUE_FILES;
    switch (op) {
    case TGSI_OPCODE_SAMPLE: case TGSI_OPCODE_SAMPLE_B: case TGSI_OPCODE_SAMPLE_C:
    case TGSI_OPCODE_SAMPLE_C_LZ: case TGSI_OPCODE_SAMPLE_D: case TGSI_OPCODE_SAMPLE_L:
    case TGSI_OPCODE_GATHER4: case TGSI_OPCODE_LOD:
        return s == 1 ? FB(SAMPLER_VIEW) : s == 2 ? FB(SAMPLER) : VALUE_FILES;
    case TGSI_OPCODE_SAMPLE_I: case TGSI_OPCODE_SAMPLE_I_MS: case TGSI_OPCODE_SVIEWINFO:
        return s == 1 ? FB(SAMPLER_VIEW) : VALUE_FILES;
    case TGSI_OPCODE_SAMPLE_POS: case TGSI_OPCODE_SAMPLE_INFO:
        return s == 0 ? VALUE_FILES | FB(SAMPLER_VIEW) | FB(SAMPLER) : VALUE_FILES;
    case TGSI_OPCODE_LOAD:
        return s == 0 ? FB(IMAGE) | FB(BUFFER) | FB(MEMORY) | FB(CONSTANT) | FB(HW_ATOMIC) |
                            FB(SAMPLER_VIEW)
                      : VALUE_FILES;
    case TGSI_OPCODE_RESQ:
        return s == 0 ? FB(IMAGE) | FB(BUFFER) | FB(SAMPLER_VIEW) : VALUE_FILES;
    case TGSI_OPCODE_IMG2HND:
        return FB(IMAGE);
    case TGSI_OPCODE_SAMP2HND:
        return FB(SAMPLER) | FB(SAMPLER_VIEW);
    case TGSI_OPCODE_CASE:
        return FB(IMMEDIATE) | FB(CONSTANT);
    default:
        if (is_memory_opcode(op) && op != TGSI_OPCODE_STORE)
            return s == 0 ? FB(IMAGE) | FB(BUFFER) | FB(MEMORY) | FB(HW_ATOMIC) : VALUE_FILES;
        return VALUE_FILES;
    }
}

static uint32_t dst_files(const tgsi_inst *in)
{
    if (in->opcode == TGSI_OPCODE_STORE)
        return FB(IMAGE) | FB(BUFFER) | FB(MEMORY);
    return FB(TEMPORARY) | FB(OUTPUT) | FB(ADDRESS);
}

static void files_text(uint32_t mask, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (unsigned f = 0; f < TGSI_FILE_COUNT; f++)
        if (mask & (1u << f)) {
            int k = snprintf(buf + n, size - n, "%s%s", n ? "/" : "", file_name(f));
            if (k < 0 || (size_t)k >= size - n)
                return;
            n += (size_t)k;
        }
}

static uint32_t col_or(const validator *v, uint32_t i, uint32_t col)
{
    if (!v->cols)
        return 0;
    return col ? col : v->cols->insts[i].opcode;
}

static bool check_operands(validator *v, uint32_t i)
{
    const tgsi_inst *in = &v->prog->insts[i];
    const tgsi_opcode_info *info = tgsi_opcode_get_info(in->opcode);
    const tgsi_inst_cols *ic = v->cols ? &v->cols->insts[i] : NULL;
    uint32_t opcol = ic ? ic->opcode : 0;
    char what[32], files[96];
    if (in->num_dst != info->num_dst || in->num_src != info->num_src)
        return fail_at(v, in->line, opcol, "%s takes %u destination%s and %u source%s, not %u and %u",
                       info->name, info->num_dst, info->num_dst == 1 ? "" : "s", info->num_src,
                       info->num_src == 1 ? "" : "s", in->num_dst, in->num_src);
    if (in->saturate && info->num_dst == 0)
        return fail_at(v, in->line, opcol, "%s has no destination to saturate", info->name);
    bool tex = info->flags & TGSI_OPF_TEX, mem = is_memory_opcode(in->opcode);
    if (tex ? in->tex_target == TGSI_TEXTURE_UNKNOWN || in->tex_target >= TGSI_TEXTURE_COUNT
            : in->tex_target != TGSI_TEXTURE_UNKNOWN)
        return fail_at(v, in->line, opcol, tex ? "%s needs a texture target" : "%s takes no texture target",
                       info->name);
    if ((!tex && (in->num_tex_offsets || in->tex_return_type != 0xff)) ||
        in->num_tex_offsets > TGSI_MAX_TEX_OFFSETS ||
        (in->tex_return_type != 0xff && in->tex_return_type >= TGSI_RETURN_TYPE_COUNT))
        return fail_at(v, in->line, opcol, "%s: bad texture offsets or return type", info->name);
    if ((!mem && (in->mem_qualifier || in->mem_target || in->mem_format)) || in->mem_qualifier > 7 ||
        in->mem_target >= TGSI_TEXTURE_COUNT || in->mem_format >= tgsi_format_count())
        return fail_at(v, in->line, opcol, "%s: bad memory qualifier, target or format", info->name);
    if (!(info->flags & TGSI_OPF_LABEL) && in->label != -1)
        return fail_at(v, in->line, opcol, "%s takes no label", info->name);

    for (unsigned d = 0; d < in->num_dst; d++) {
        const tgsi_dst *dst = &in->dst[d];
        snprintf(what, sizeof(what), in->num_dst > 1 ? "destination %u" : "destination", d);
        operand_ctx o = {in->line, col_or(v, i, ic ? ic->dst[d] : 0), in->opcode, what};
        uint32_t allowed = dst_files(in);
        if (dst->file >= TGSI_FILE_COUNT || !(allowed & (1u << dst->file))) {
            files_text(allowed, files, sizeof(files));
            return fail_at(v, o.line, o.col, "%s of %s cannot be %s (expected %s)", what,
                           info->name, file_name(dst->file), files);
        }
        if (dst->write_mask == 0 || dst->write_mask > 0xf)
            return fail_at(v, o.line, o.col, "%s of %s: bad write mask 0x%x", what, info->name,
                           dst->write_mask);
        if (!check_register(v, &o, dst->file, dst->num_dims, &dst->dim, &dst->reg))
            return false;
    }
    for (unsigned s = 0; s < in->num_src; s++) {
        const tgsi_src *src = &in->src[s];
        snprintf(what, sizeof(what), "source %u", s);
        operand_ctx o = {in->line, col_or(v, i, ic ? ic->src[s] : 0), in->opcode, what};
        uint32_t allowed = src_files(in, s);
        if (src->file >= TGSI_FILE_COUNT || !(allowed & (1u << src->file))) {
            files_text(allowed, files, sizeof(files));
            return fail_at(v, o.line, o.col, "%s of %s cannot be %s (expected %s)", what,
                           info->name, file_name(src->file), files);
        }
        for (unsigned c = 0; c < 4; c++)
            if (src->swizzle[c] > 3)
                return fail_at(v, o.line, o.col, "%s of %s: bad swizzle %u", what, info->name,
                               src->swizzle[c]);
        if (!file_is_value(src->file) && (src->negate || src->absolute))
            return fail_at(v, o.line, o.col, "%s of %s: a %s operand takes no '-' or '|'", what,
                           info->name, file_name(src->file));
        if (!check_register(v, &o, src->file, src->num_dims, &src->dim, &src->reg))
            return false;
    }
    for (unsigned k = 0; k < in->num_tex_offsets; k++) {
        const tgsi_src *src = &in->tex_offsets[k];
        snprintf(what, sizeof(what), "texture offset %u", k);
        operand_ctx o = {in->line, col_or(v, i, ic ? ic->tex_offsets[k] : 0), in->opcode, what};
        if (src->file >= TGSI_FILE_COUNT || !file_is_value(src->file))
            return fail_at(v, o.line, o.col, "%s of %s cannot be %s", what, info->name,
                           file_name(src->file));
        for (unsigned c = 0; c < 4; c++)
            if (src->swizzle[c] > 3)
                return fail_at(v, o.line, o.col, "%s of %s: bad swizzle %u", what, info->name,
                               src->swizzle[c]);
        if (!check_register(v, &o, src->file, src->num_dims, &src->dim, &src->reg))
            return false;
    }
    return true;
}

/* ---- control flow --------------------------------------------------------- */

static bool push(validator *v, uint16_t opcode, uint32_t inst)
{
    if (v->depth == v->cap) {
        uint32_t cap = v->cap ? v->cap * 2 : 16;
        cf_entry *s = realloc(v->stack, (size_t)cap * sizeof(cf_entry));
        if (!s)
            return fail_at(v, 0, 0, "out of memory");
        v->stack = s;
        v->cap = cap;
    }
    v->stack[v->depth++] = (cf_entry){opcode, inst, -1};
    return true;
}

static const char *closer_of(unsigned op)
{
    switch (op) {
    case TGSI_OPCODE_IF:
    case TGSI_OPCODE_UIF: return "ENDIF";
    case TGSI_OPCODE_BGNLOOP: return "ENDLOOP";
    case TGSI_OPCODE_SWITCH: return "ENDSWITCH";
    default: return "ENDSUB";
    }
}

/* The label of `i` must be `target`. */
static bool check_label(validator *v, uint32_t i, int64_t target, const char *what)
{
    const tgsi_inst *in = &v->prog->insts[i];
    if (in->label == target)
        return true;
    uint32_t col = col_or(v, i, v->cols ? v->cols->insts[i].label : 0);
    if (in->label < 0)
        return fail_at(v, in->line, col, "%s needs a label (:%lld, %s)", op_name(in->opcode),
                       (long long)target, what);
    return fail_at(v, in->line, col, "bad label :%d of %s: expected :%lld (%s)", in->label,
                   op_name(in->opcode), (long long)target, what);
}

/* Loop labels: absent, Mesa 22.3's 0, or the matching instruction. */
static bool check_loop_label(validator *v, uint32_t i, uint32_t match)
{
    const tgsi_inst *in = &v->prog->insts[i];
    if (in->label == -1 || in->label == 0 || in->label == (int64_t)match)
        return true;
    return fail_at(v, in->line, col_or(v, i, v->cols ? v->cols->insts[i].label : 0),
                   "bad label :%d of %s: expected :0 or :%u (the matching %s)", in->label,
                   op_name(in->opcode), match, in->opcode == TGSI_OPCODE_BGNLOOP ? "ENDLOOP" : "BGNLOOP");
}

static bool check_flow(validator *v, uint32_t i, int64_t *end_inst)
{
    const tgsi_program *prog = v->prog;
    const tgsi_inst *in = &prog->insts[i];
    uint32_t col = col_or(v, i, 0);
    unsigned op = in->opcode;
    cf_entry *top = v->depth ? &v->stack[v->depth - 1] : NULL;
    bool in_sub = v->depth && v->stack[0].opcode == TGSI_OPCODE_BGNSUB;
    if (*end_inst >= 0 && !in_sub && op != TGSI_OPCODE_BGNSUB)
        return fail_at(v, in->line, col, "%s after END outside a subroutine (only BGNSUB ... ENDSUB may follow END)",
                       op_name(op));
    switch (op) {
    case TGSI_OPCODE_IF:
    case TGSI_OPCODE_UIF:
    case TGSI_OPCODE_BGNLOOP:
    case TGSI_OPCODE_SWITCH:
        return push(v, (uint16_t)op, i);
    case TGSI_OPCODE_BGNSUB:
        if (v->depth)
            return fail_at(v, in->line, col, "BGNSUB inside %s (subroutines do not nest)",
                           op_name(top->opcode));
        if (*end_inst < 0)
            return fail_at(v, in->line, col, "BGNSUB before END (subroutines follow the main program)");
        return push(v, (uint16_t)op, i);
    case TGSI_OPCODE_ELSE:
        if (!top || (top->opcode != TGSI_OPCODE_IF && top->opcode != TGSI_OPCODE_UIF) ||
            top->else_inst >= 0)
            return fail_at(v, in->line, col, "ELSE without an open IF/UIF%s%s",
                           top ? " inside " : "", top ? op_name(top->opcode) : "");
        top->else_inst = i;
        return check_label(v, top->inst, i, "the matching ELSE");
    case TGSI_OPCODE_ENDIF:
        if (!top || (top->opcode != TGSI_OPCODE_IF && top->opcode != TGSI_OPCODE_UIF))
            return fail_at(v, in->line, col, "ENDIF without an open IF/UIF%s%s",
                           top ? " inside " : "", top ? op_name(top->opcode) : "");
        v->depth--;
        if (top->else_inst >= 0)
            return check_label(v, (uint32_t)top->else_inst, i, "the matching ENDIF");
        return check_label(v, top->inst, i, "the matching ENDIF, there being no ELSE");
    case TGSI_OPCODE_ENDLOOP:
        if (!top || top->opcode != TGSI_OPCODE_BGNLOOP)
            return fail_at(v, in->line, col, "ENDLOOP without an open BGNLOOP");
        v->depth--;
        return check_loop_label(v, top->inst, i) && check_loop_label(v, i, top->inst);
    case TGSI_OPCODE_CASE:
    case TGSI_OPCODE_DEFAULT:
        if (!top || top->opcode != TGSI_OPCODE_SWITCH)
            return fail_at(v, in->line, col, "%s outside a SWITCH", op_name(op));
        if (op == TGSI_OPCODE_DEFAULT) {
            if (top->else_inst >= 0)
                return fail_at(v, in->line, col, "second DEFAULT in a SWITCH");
            top->else_inst = i;
        }
        return true;
    case TGSI_OPCODE_ENDSWITCH:
        if (!top || top->opcode != TGSI_OPCODE_SWITCH)
            return fail_at(v, in->line, col, "ENDSWITCH without an open SWITCH");
        v->depth--;
        return true;
    case TGSI_OPCODE_ENDSUB:
        if (!top || top->opcode != TGSI_OPCODE_BGNSUB)
            return fail_at(v, in->line, col, "ENDSUB without an open BGNSUB%s%s",
                           top ? " inside " : "", top ? op_name(top->opcode) : "");
        v->depth--;
        return true;
    case TGSI_OPCODE_BRK:
    case TGSI_OPCODE_CONT:
        for (uint32_t k = v->depth; k-- > 0;) {
            unsigned o = v->stack[k].opcode;
            if (o == TGSI_OPCODE_BGNLOOP || (o == TGSI_OPCODE_SWITCH && op == TGSI_OPCODE_BRK))
                return true;
            if (o == TGSI_OPCODE_BGNSUB)
                break;
        }
        return fail_at(v, in->line, col, op == TGSI_OPCODE_BRK ? "BRK outside a loop or SWITCH"
                                                               : "CONT outside a loop");
    case TGSI_OPCODE_CAL:
        if (in->label < 0 || (uint32_t)in->label >= prog->num_insts ||
            prog->insts[in->label].opcode != TGSI_OPCODE_BGNSUB)
            return fail_at(v, in->line, col_or(v, i, v->cols ? v->cols->insts[i].label : 0),
                           "CAL's label :%d is not a BGNSUB", in->label);
        return true;
    case TGSI_OPCODE_END:
        if (v->depth) {
            const tgsi_inst *o = &prog->insts[top->inst];
            return fail_at(v, in->line, col, "END inside %s (line %u has no %s)",
                           op_name(top->opcode), o->line, closer_of(top->opcode));
        }
        *end_inst = i;
        return true;
    default:
        return true;
    }
}

static bool check_props(validator *v)
{
    const tgsi_program *prog = v->prog;
    for (uint32_t i = 0; i < prog->num_props; i++) {
        const tgsi_prop *pr = &prog->props[i];
        uint32_t max = UINT32_MAX;
        switch (pr->name) {
        case TGSI_PROPERTY_GS_INPUT_PRIMITIVE:
        case TGSI_PROPERTY_GS_OUTPUT_PRIMITIVE:
        case TGSI_PROPERTY_TES_PRIM_MODE: max = 14; break;
        case TGSI_PROPERTY_FS_COORD_ORIGIN:
        case TGSI_PROPERTY_FS_COORD_PIXEL_CENTER: max = 1; break;
        case TGSI_PROPERTY_FS_DEPTH_LAYOUT: max = 4; break;
        case TGSI_PROPERTY_NEXT_SHADER: max = TGSI_PROCESSOR_COUNT - 1; break;
        default:
            if (pr->name >= TGSI_PROPERTY_COUNT)
                return fail_at(v, pr->line, 0, "unknown property %u", pr->name);
            break;
        }
        if (pr->value > max)
            return fail_at(v, pr->line, 0, "value %u of property %s out of range (0..%u)",
                           pr->value, tgsi_property_name(pr->name), max);
    }
    return true;
}

static bool validate(validator *v, uint32_t *end_out)
{
    const tgsi_program *prog = v->prog;
    if ((unsigned)prog->processor >= TGSI_PROCESSOR_COUNT)
        return fail_at(v, 0, 0, "unknown processor %u", (unsigned)prog->processor);
    if (!check_props(v))
        return false;
    for (uint32_t i = 0; i < prog->num_decls; i++)
        if (!check_decl(v, i))
            return false;
    if (!build_decl_tables(v))
        return false;
    for (uint32_t i = 0; i < prog->num_imms; i++) {
        const tgsi_immediate *imm = &prog->imms[i];
        bool ok = imm->type <= TGSI_IMM_FLOAT64 &&
                  (imm->type == TGSI_IMM_FLOAT64 ? imm->count == 2 || imm->count == 4
                                                 : imm->count >= 1 && imm->count <= 4);
        if (!ok)
            return fail_at(v, imm->line, 0, "IMM[%u]: bad type %u or count %u", i, imm->type,
                           imm->count);
    }
    int64_t end_inst = -1;
    for (uint32_t i = 0; i < prog->num_insts; i++) {
        const tgsi_inst *in = &prog->insts[i];
        if (in->opcode >= TGSI_OPCODE_COUNT)
            return fail_at(v, in->line, 0, "unknown opcode %u", in->opcode);
        if (!check_operands(v, i) || !check_flow(v, i, &end_inst))
            return false;
    }
    if (v->depth) {
        const cf_entry *top = &v->stack[v->depth - 1];
        const tgsi_inst *in = &prog->insts[top->inst];
        return fail_at(v, in->line, col_or(v, top->inst, 0), "%s without %s", op_name(top->opcode),
                       closer_of(top->opcode));
    }
    if (end_inst < 0) {
        if (v->cols)
            return fail_at(v, v->cols->end_line, v->cols->end_column, "missing END");
        return fail_at(v, 0, 0, "missing END");
    }
    *end_out = (uint32_t)end_inst;
    return true;
}

/* The parser's entry: as tgsi_validate(), with columns; on success stores the
 * main program's END in *end_inst when end_inst is not NULL, and otherwise
 * checks that prog->end_inst names it. */
bool tgsi_validate_located(const tgsi_program *prog, const tgsi_text_cols *cols,
                           uint32_t *end_inst, tgsi_error *err)
{
    tgsi_error local;
    if (!err)
        err = &local;
    memset(err, 0, sizeof(*err));
    validator v = {.prog = prog, .cols = cols, .err = err};
    uint32_t end = 0;
    bool ok = validate(&v, &end);
    free(v.ranges);
    free(v.arrays);
    free(v.stack);
    if (!ok)
        return false;
    if (end_inst)
        *end_inst = end;
    else if (prog->end_inst != end)
        return fail_at(&v, 0, 0, "end_inst is %u but the main program's END is instruction %u",
                       prog->end_inst, end);
    return true;
}

/* Checks a program built in memory; see tgsi.h. Also checks that
 * prog->end_inst names the main program's END. */
bool tgsi_validate(const tgsi_program *prog, tgsi_error *err)
{
    return tgsi_validate_located(prog, NULL, NULL, err);
}
