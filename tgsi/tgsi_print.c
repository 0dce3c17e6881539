/*
 * tgsi_print.c: a tgsi_program back into text, in the form Mesa prints
 * (../shared/spec/tgsi-text.md): the processor, PROPERTY, DCL and IMM lines,
 * then the instructions numbered "%3u: " and indented two spaces per open
 * IF/UIF/ELSE, loop, SWITCH and subroutine.
 *
 * The contract is the round trip: for every valid program p,
 * tgsi_parse(tgsi_print(p)) is tgsi_program_equal to p. So FLT32 immediates
 * use Mesa's "%10.4f" only when that reads back as the very same bits, and
 * otherwise the shortest of "%.9g" (exact for any finite float), inf/-inf,
 * or "0x" and the raw bits (NaNs, whose payload no decimal form keeps);
 * FLT64 likewise with "%.17g". Enumerated properties print by name when the
 * value has one. Parts the text cannot carry (fields of unused operands)
 * are not printed; tgsi_program_equal ignores them too.
 *
 * Any thread; the result is malloc'ed, NULL only when memory runs out. The
 * printer does not validate: out-of-range enums print as '?' rather than
 * crash, and indentation stops growing at TGSI_PRINT_MAX_INDENT levels so
 * that a deeply nested program cannot make the text quadratic in size.
 */
#include "tgsi/tgsi.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Indentation is cosmetic (the parser ignores it); 32 levels is deeper than
 * any real shader nests. */
#define TGSI_PRINT_MAX_INDENT 32

typedef struct sbuf {
    char *s;
    size_t len, cap;
    bool oom;
} sbuf;

static void put_n(sbuf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *s2 = realloc(b->s, cap);
        if (!s2) {
            b->oom = true;
            return;
        }
        b->s = s2;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

static void put(sbuf *b, const char *s)
{
    put_n(b, s, strlen(s));
}

static void putf(sbuf *b, const char *fmt, ...)
{
    char tmp[128];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
    va_end(ap);
    if (n > 0)
        put_n(b, tmp, (size_t)n < sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}

static const char *or_unknown(const char *s)
{
    return s ? s : "?";
}

static const char *const return_type_names[TGSI_RETURN_TYPE_COUNT] = {
    "UNORM", "SNORM", "SINT", "UINT", "FLOAT",
};
static const char *const interp_names[] = {"", "CONSTANT", "LINEAR", "PERSPECTIVE", "COLOR"};
static const char *const location_names[] = {"", "CENTROID", "SAMPLE"};
static const char *const memory_type_names[] = {"GLOBAL", "SHARED", "PRIVATE", "INPUT"};
static const char *const imm_type_names[] = {"FLT32", "UINT32", "INT32", "FLT64"};
static const char *const prim_names[] = {
    "POINTS", "LINES", "LINE_LOOP", "LINE_STRIP", "TRIANGLES", "TRIANGLE_STRIP",
    "TRIANGLE_FAN", "QUADS", "QUAD_STRIP", "POLYGON", "LINES_ADJACENCY",
    "LINE_STRIP_ADJACENCY", "TRIANGLES_ADJACENCY", "TRIANGLE_STRIP_ADJACENCY", "PATCHES",
};
static const char *const coord_origin_names[] = {"UPPER_LEFT", "LOWER_LEFT"};
static const char *const pixel_center_names[] = {"HALF_INTEGER", "INTEGER"};
static const char *const depth_layout_names[] = {"NONE", "ANY", "GREATER", "LESS", "UNCHANGED"};

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))
#define NAME_OF(table, i) ((unsigned)(i) < COUNT_OF(table) ? (table)[i] : "?")

static const char swizzle_letters[4] = {'x', 'y', 'z', 'w'};

static void print_index(sbuf *b, const tgsi_index *idx)
{
    if (idx->indirect) {
        putf(b, "[%s[%d].%c", or_unknown(tgsi_file_name(idx->ind_file)), idx->ind_index,
             swizzle_letters[idx->ind_swizzle & 3]);
        if (idx->index > 0)
            putf(b, "+%d", idx->index);
        else if (idx->index < 0)
            putf(b, "%d", idx->index);
        put(b, "]");
    } else {
        putf(b, "[%d]", idx->index);
    }
    if (idx->array_id)
        putf(b, "(%u)", idx->array_id);
}

static void print_register(sbuf *b, unsigned file, unsigned num_dims, const tgsi_index *dim,
                           const tgsi_index *reg)
{
    put(b, or_unknown(tgsi_file_name(file)));
    if (num_dims == 2)
        print_index(b, dim);
    print_index(b, reg);
}

static void print_dst(sbuf *b, const tgsi_dst *d)
{
    print_register(b, d->file, d->num_dims, &d->dim, &d->reg);
    if (d->write_mask != 0xf) {
        put(b, ".");
        for (unsigned c = 0; c < 4; c++)
            if (d->write_mask & (1u << c))
                put_n(b, &swizzle_letters[c], 1);
    }
}

static void print_src(sbuf *b, const tgsi_src *s)
{
    if (s->negate)
        put(b, "-");
    if (s->absolute)
        put(b, "|");
    print_register(b, s->file, s->num_dims, &s->dim, &s->reg);
    if (s->swizzle[0] != 0 || s->swizzle[1] != 1 || s->swizzle[2] != 2 || s->swizzle[3] != 3) {
        char sw[5] = {'.', swizzle_letters[s->swizzle[0] & 3], swizzle_letters[s->swizzle[1] & 3],
                      swizzle_letters[s->swizzle[2] & 3], swizzle_letters[s->swizzle[3] & 3]};
        put_n(b, sw, 5);
    }
    if (s->absolute)
        put(b, "|");
}

static void print_float(sbuf *b, uint32_t bits)
{
    float f;
    memcpy(&f, &bits, 4);
    char tmp[64];
    if (isnan(f)) {
        putf(b, "0x%08x", bits);
        return;
    }
    if (isinf(f)) {
        put(b, f < 0 ? "-inf" : "inf");
        return;
    }
    snprintf(tmp, sizeof(tmp), "%10.4f", f);
    float back = strtof(tmp, NULL);
    if (memcmp(&back, &f, 4) != 0)
        snprintf(tmp, sizeof(tmp), "%.9g", f);
    put(b, tmp);
}

static void print_double(sbuf *b, uint64_t bits)
{
    double d;
    memcpy(&d, &bits, 8);
    char tmp[64];
    if (isnan(d)) {
        putf(b, "0x%016llx", (unsigned long long)bits);
        return;
    }
    if (isinf(d)) {
        put(b, d < 0 ? "-inf" : "inf");
        return;
    }
    snprintf(tmp, sizeof(tmp), "%.15g", d);
    double back = strtod(tmp, NULL);
    if (memcmp(&back, &d, 8) != 0)
        snprintf(tmp, sizeof(tmp), "%.17g", d);
    put(b, tmp);
}

static void print_imm(sbuf *b, unsigned i, const tgsi_immediate *imm)
{
    putf(b, "IMM[%u] %s {", i, NAME_OF(imm_type_names, imm->type));
    unsigned count = imm->count > 4 ? 4 : imm->count;
    if (imm->type == TGSI_IMM_FLOAT64) {
        for (unsigned k = 0; k + 1 < count; k += 2) {
            if (k)
                put(b, ", ");
            print_double(b, (uint64_t)imm->bits[k + 1] << 32 | imm->bits[k]);
        }
    } else {
        for (unsigned k = 0; k < count; k++) {
            if (k)
                put(b, ", ");
            if (imm->type == TGSI_IMM_FLOAT32)
                print_float(b, imm->bits[k]);
            else if (imm->type == TGSI_IMM_INT32)
                putf(b, "%d", (int32_t)imm->bits[k]);
            else
                putf(b, "%u", imm->bits[k]);
        }
    }
    put(b, "}\n");
}

static void print_prop(sbuf *b, const tgsi_prop *pr)
{
    putf(b, "PROPERTY %s ", or_unknown(tgsi_property_name(pr->name)));
    const char *name = NULL;
    uint32_t v = pr->value;
    switch (pr->name) {
    case TGSI_PROPERTY_GS_INPUT_PRIMITIVE:
    case TGSI_PROPERTY_GS_OUTPUT_PRIMITIVE:
        name = v < COUNT_OF(prim_names) ? prim_names[v] : NULL;
        break;
    case TGSI_PROPERTY_FS_COORD_ORIGIN:
        name = v < COUNT_OF(coord_origin_names) ? coord_origin_names[v] : NULL;
        break;
    case TGSI_PROPERTY_FS_COORD_PIXEL_CENTER:
        name = v < COUNT_OF(pixel_center_names) ? pixel_center_names[v] : NULL;
        break;
    case TGSI_PROPERTY_FS_DEPTH_LAYOUT:
        name = v < COUNT_OF(depth_layout_names) ? depth_layout_names[v] : NULL;
        break;
    case TGSI_PROPERTY_NEXT_SHADER:
        name = tgsi_processor_name(v);
        break;
    default:
        break;
    }
    if (name)
        putf(b, "%s\n", name);
    else
        putf(b, "%u\n", v);
}

/* Semantics whose index Mesa prints even when it is 0. */
static bool semantic_always_indexed(unsigned name)
{
    return name == TGSI_SEMANTIC_GENERIC || name == TGSI_SEMANTIC_TEXCOORD ||
           name == TGSI_SEMANTIC_PATCH;
}

static void print_decl(sbuf *b, const tgsi_decl *d)
{
    putf(b, "DCL %s", or_unknown(tgsi_file_name(d->file)));
    if (d->has_dim) {
        if (d->dim < 0)
            put(b, "[]");
        else
            putf(b, "[%d]", d->dim);
    }
    if (d->first == d->last)
        putf(b, "[%d]", d->first);
    else
        putf(b, "[%d..%d]", d->first, d->last);
    if (d->usage_mask != 0xf) {
        put(b, ".");
        for (unsigned c = 0; c < 4; c++)
            if (d->usage_mask & (1u << c))
                put_n(b, &swizzle_letters[c], 1);
    }
    if (d->has_semantic) {
        putf(b, ", %s", or_unknown(tgsi_semantic_name(d->semantic_name)));
        if (d->semantic_index || semantic_always_indexed(d->semantic_name))
            putf(b, "[%u]", d->semantic_index);
    }
    if (d->stream[0] | d->stream[1] | d->stream[2] | d->stream[3])
        putf(b, ", STREAM(%u, %u, %u, %u)", d->stream[0], d->stream[1], d->stream[2],
             d->stream[3]);
    if (d->file == TGSI_FILE_SAMPLER_VIEW || d->file == TGSI_FILE_IMAGE) {
        if (d->resource_target)
            putf(b, ", %s", or_unknown(tgsi_texture_name(d->resource_target)));
    }
    if (d->file == TGSI_FILE_SAMPLER_VIEW) {
        const uint8_t *rt = d->return_type;
        if (rt[0] == rt[1] && rt[0] == rt[2] && rt[0] == rt[3])
            putf(b, ", %s", NAME_OF(return_type_names, rt[0]));
        else
            putf(b, ", %s, %s, %s, %s", NAME_OF(return_type_names, rt[0]),
                 NAME_OF(return_type_names, rt[1]), NAME_OF(return_type_names, rt[2]),
                 NAME_OF(return_type_names, rt[3]));
    }
    if (d->format)
        putf(b, ", %s", or_unknown(tgsi_format_name(d->format)));
    if (d->raw)
        put(b, ", RAW");
    if (d->writable)
        put(b, ", WR");
    if (d->atomic)
        put(b, ", ATOMIC");
    if (d->file == TGSI_FILE_MEMORY && d->memory_type)
        putf(b, ", %s", NAME_OF(memory_type_names, d->memory_type));
    if (d->interp)
        putf(b, ", %s", NAME_OF(interp_names, d->interp));
    if (d->location)
        putf(b, ", %s", NAME_OF(location_names, d->location));
    if (d->invariant)
        put(b, ", INVARIANT");
    if (d->array_id)
        putf(b, ", ARRAY(%u)", d->array_id);
    if (d->local)
        put(b, ", LOCAL");
    put(b, "\n");
}

static void print_inst(sbuf *b, unsigned n, unsigned indent, const tgsi_inst *in)
{
    static const char spaces[2 * TGSI_PRINT_MAX_INDENT + 1] =
        "                                                                ";
    const tgsi_opcode_info *info = tgsi_opcode_get_info(in->opcode);
    putf(b, "%3u: ", n);
    put_n(b, spaces, 2 * (indent < TGSI_PRINT_MAX_INDENT ? indent : TGSI_PRINT_MAX_INDENT));
    put(b, info ? info->name : "?");
    if (in->saturate)
        put(b, "_SAT");
    if (in->precise)
        put(b, "_PRECISE");
    unsigned k = 0;
    for (unsigned i = 0; i < in->num_dst && i < TGSI_MAX_DST; i++, k++) {
        put(b, k ? ", " : " ");
        print_dst(b, &in->dst[i]);
    }
    for (unsigned i = 0; i < in->num_src && i < TGSI_MAX_SRC; i++, k++) {
        put(b, k ? ", " : " ");
        print_src(b, &in->src[i]);
    }
    if (info && (info->flags & TGSI_OPF_TEX)) {
        putf(b, ", %s", or_unknown(tgsi_texture_name(in->tex_target)));
        if (in->tex_return_type != 0xff)
            putf(b, ", %s", NAME_OF(return_type_names, in->tex_return_type));
        for (unsigned i = 0; i < in->num_tex_offsets && i < TGSI_MAX_TEX_OFFSETS; i++) {
            put(b, ", ");
            print_src(b, &in->tex_offsets[i]);
        }
    }
    static const char *const qualifiers[] = {"COHERENT", "RESTRICT", "VOLATILE"};
    for (unsigned q = 0; q < 3; q++)
        if (in->mem_qualifier & (1u << q))
            putf(b, ", %s", qualifiers[q]);
    if (in->mem_target)
        putf(b, ", %s", or_unknown(tgsi_texture_name(in->mem_target)));
    if (in->mem_format)
        putf(b, ", %s", or_unknown(tgsi_format_name(in->mem_format)));
    if (in->label >= 0)
        putf(b, " :%d", in->label);
    put(b, "\n");
}

/* Called by tests, tools and the shader cache's debug dumps; see tgsi.h. */
char *tgsi_print(const tgsi_program *prog)
{
    sbuf b = {0};
    putf(&b, "%s\n", or_unknown(tgsi_processor_name(prog->processor)));
    for (uint32_t i = 0; i < prog->num_props; i++)
        print_prop(&b, &prog->props[i]);
    for (uint32_t i = 0; i < prog->num_decls; i++)
        print_decl(&b, &prog->decls[i]);
    for (uint32_t i = 0; i < prog->num_imms; i++)
        print_imm(&b, i, &prog->imms[i]);
    unsigned indent = 0;
    for (uint32_t i = 0; i < prog->num_insts; i++) {
        const tgsi_inst *in = &prog->insts[i];
        switch (in->opcode) {
        case TGSI_OPCODE_ELSE:
        case TGSI_OPCODE_ENDIF:
        case TGSI_OPCODE_ENDLOOP:
        case TGSI_OPCODE_ENDSWITCH:
        case TGSI_OPCODE_ENDSUB:
            indent -= indent > 0;
            break;
        default:
            break;
        }
        print_inst(&b, i, indent, in);
        switch (in->opcode) {
        case TGSI_OPCODE_IF:
        case TGSI_OPCODE_UIF:
        case TGSI_OPCODE_ELSE:
        case TGSI_OPCODE_BGNLOOP:
        case TGSI_OPCODE_SWITCH:
        case TGSI_OPCODE_BGNSUB:
            indent++;
            break;
        default:
            break;
        }
    }
    if (b.oom || !b.s) {
        free(b.s);
        return NULL;
    }
    return b.s;
}
