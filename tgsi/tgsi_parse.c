/*
 * tgsi_parse.c: TGSI text (../shared/spec/tgsi-text.md) into a tgsi_program.
 *
 * In: `len` bytes of text, not necessarily NUL-terminated, from anywhere
 * (files, tests, the fuzzer). Out: a validated program, or false with the
 * 1-based line and column of the first problem and what was expected there.
 * Reentrant; called on any thread.
 *
 * The text is read one statement per line by a recursive-descent reader over
 * a cursor that never passes `len`: every read goes through peek(), which
 * answers -1 at the end. Nothing is recursive beyond a fixed depth, every
 * loop consumes input or stops, and the arrays grow with the input (capped at
 * TGSI_MAX_STATEMENTS entries each), so any input ends in bounded time and
 * memory. Numbers are bounded as they are read (register indices by
 * TGSI_MAX_INDEX), so no arithmetic overflows.
 *
 * Accepted beyond what Mesa prints, for hand-written shaders: keywords in any
 * case; `#` or `;` starting a comment that runs to the end of the line;
 * one-letter source swizzles (`TEMP[0].x` means `.xxxx`); three-letter
 * texture-offset swizzles (w = z); properties with enumerated values written
 * as numbers; `inf`, `-inf`, `nan`, exponents and C99 hex floats in FLT32 and
 * FLT64 immediates, and `0x` followed by only hex digits as the raw bits of
 * the value (how the printer writes NaNs). The `N:` before an instruction is
 * optional and not checked; `IMM[N]` must number immediates 0, 1, 2, ...
 * Declarations, immediates and properties may appear anywhere after the
 * processor line, instructions in text order.
 */
#include "tgsi/tgsi.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tgsi/tgsi_priv.h"

/* Most statements of each kind one text may hold: 2^20 instructions of
 * ~400 bytes is 400 MiB at worst, well above any real shader (the corpus
 * tops out near a thousand) and a limit on what a hostile text can make us
 * allocate. */
#define TGSI_MAX_STATEMENTS (1u << 20)

/* Longest numeric token of an immediate: "%.17g" of a double needs 24. */
#define TGSI_MAX_NUMBER_CHARS 64

typedef struct word {
    const char *s;
    size_t n;
    uint32_t col;
} word;

typedef struct parser {
    const char *text;
    size_t len, pos;
    uint32_t line;
    size_t line_start;
    tgsi_error *err;
    bool failed;
    tgsi_program *prog;
    uint32_t cap_props, cap_decls, cap_imms, cap_insts, cap_inst_cols, cap_decl_cols;
    tgsi_inst_cols *inst_cols; /* parallel to prog->insts */
    uint32_t *decl_cols;       /* parallel to prog->decls */
} parser;

/* ---- names ---------------------------------------------------------------- */

static const char *const return_type_names[TGSI_RETURN_TYPE_COUNT] = {
    "UNORM", "SNORM", "SINT", "UINT", "FLOAT",
};
static const char *const interp_names[] = {
    "", "CONSTANT", "LINEAR", "PERSPECTIVE", "COLOR",
};
static const char *const location_names[] = {"", "CENTROID", "SAMPLE"};
static const char *const memory_type_names[] = {"GLOBAL", "SHARED", "PRIVATE", "INPUT"};
static const char *const imm_type_names[] = {"FLT32", "UINT32", "INT32", "FLT64"};
/* PIPE_PRIM order, the values of GS_INPUT/OUTPUT_PRIMITIVE and TES_PRIM_MODE. */
static const char *const prim_names[] = {
    "POINTS", "LINES", "LINE_LOOP", "LINE_STRIP", "TRIANGLES", "TRIANGLE_STRIP",
    "TRIANGLE_FAN", "QUADS", "QUAD_STRIP", "POLYGON", "LINES_ADJACENCY",
    "LINE_STRIP_ADJACENCY", "TRIANGLES_ADJACENCY", "TRIANGLE_STRIP_ADJACENCY", "PATCHES",
};
static const char *const coord_origin_names[] = {"UPPER_LEFT", "LOWER_LEFT"};
static const char *const pixel_center_names[] = {"HALF_INTEGER", "INTEGER"};
static const char *const depth_layout_names[] = {"NONE", "ANY", "GREATER", "LESS", "UNCHANGED"};
static const char *const mem_qualifier_names[] = {"COHERENT", "RESTRICT", "VOLATILE"};

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static bool word_is(const word *w, const char *name)
{
    size_t n = strlen(name);
    return w->n == n && strncasecmp(w->s, name, n) == 0;
}

/* Index of `w` in `names[0..count)`, or -1. Empty names never match. */
static int word_find(const word *w, const char *const *names, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        if (names[i] && names[i][0] && word_is(w, names[i]))
            return (int)i;
    return -1;
}

static int find_file(const word *w)
{
    for (unsigned f = 0; f < TGSI_FILE_COUNT; f++)
        if (word_is(w, tgsi_file_name(f)))
            return (int)f;
    return -1;
}

static int find_texture(const word *w)
{
    for (unsigned t = 1; t < TGSI_TEXTURE_COUNT; t++)
        if (word_is(w, tgsi_texture_name(t)))
            return (int)t;
    return -1;
}

static int find_format(const word *w)
{
    unsigned n = tgsi_format_count();
    for (unsigned f = 1; f < n; f++)
        if (word_is(w, tgsi_format_name(f)))
            return (int)f;
    return -1;
}

static int find_semantic(const word *w)
{
    for (unsigned s = 0; s < TGSI_SEMANTIC_COUNT; s++)
        if (word_is(w, tgsi_semantic_name(s)))
            return (int)s;
    return -1;
}

/* Opcode of `w`, peeling _SAT and _PRECISE suffixes when the whole word is
 * not an opcode (DDX_FINE and TEX_LZ are names, not suffixed names). */
static int find_opcode(const word *w, bool *sat, bool *precise)
{
    word base = *w;
    *sat = *precise = false;
    for (;;) {
        for (unsigned op = 0; op < TGSI_OPCODE_COUNT; op++)
            if (word_is(&base, tgsi_opcode_get_info(op)->name))
                return (int)op;
        if (!*sat && base.n > 4 && strncasecmp(base.s + base.n - 4, "_SAT", 4) == 0) {
            *sat = true;
            base.n -= 4;
        } else if (!*precise && base.n > 8 &&
                   strncasecmp(base.s + base.n - 8, "_PRECISE", 8) == 0) {
            *precise = true;
            base.n -= 8;
        } else {
            return -1;
        }
    }
}

/* ---- cursor --------------------------------------------------------------- */

static uint32_t col_of(const parser *p, size_t pos)
{
    size_t c = pos - p->line_start + 1;
    return c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
}

static uint32_t cur_col(const parser *p)
{
    return col_of(p, p->pos);
}

/* Records the first error; returns false so callers can `return fail(...)`. */
static bool fail(parser *p, uint32_t col, const char *fmt, ...)
{
    if (p->failed)
        return false;
    p->failed = true;
    p->err->line = p->line;
    p->err->column = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err->message, sizeof(p->err->message), fmt, ap);
    va_end(ap);
    return false;
}

/* Skips blanks and comments, never the newline. */
static void skip_ws(parser *p)
{
    while (p->pos < p->len) {
        char c = p->text[p->pos];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            p->pos++;
        } else if (c == '#' || c == ';') {
            while (p->pos < p->len && p->text[p->pos] != '\n')
                p->pos++;
        } else {
            break;
        }
    }
}

/* Next significant byte (after blanks), '\n' at the end of a line, -1 at the
 * end of the text. */
static int peek(parser *p)
{
    skip_ws(p);
    return p->pos < p->len ? (unsigned char)p->text[p->pos] : -1;
}

/* Column of the next significant byte. */
static uint32_t tok_col(parser *p)
{
    skip_ws(p);
    return cur_col(p);
}

static bool at_eol(parser *p)
{
    int c = peek(p);
    return c == '\n' || c == -1;
}

static bool accept(parser *p, char c)
{
    if (peek(p) != (unsigned char)c)
        return false;
    p->pos++;
    return true;
}

static bool is_word_char(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '_';
}

/* Describes what is at the cursor, for "expected X, found Y" messages. */
static const char *found(parser *p, char *buf, size_t size)
{
    int c = peek(p);
    if (c == -1)
        return "end of text";
    if (c == '\n')
        return "end of line";
    if (is_word_char(c)) {
        size_t n = 0;
        while (p->pos + n < p->len && is_word_char((unsigned char)p->text[p->pos + n]) && n < 32)
            n++;
        snprintf(buf, size, "'%.*s'", (int)n, p->text + p->pos);
    } else if (c >= 0x20 && c < 0x7f) {
        snprintf(buf, size, "'%c'", c);
    } else {
        snprintf(buf, size, "byte 0x%02x", (unsigned)c);
    }
    return buf;
}

static bool fail_expected(parser *p, const char *what)
{
    char buf[48];
    return fail(p, cur_col(p), "expected %s, found %s", what, found(p, buf, sizeof(buf)));
}

static bool expect(parser *p, char c, const char *what)
{
    return accept(p, c) || fail_expected(p, what);
}

/* Reads [A-Za-z0-9_]+; false (nothing consumed) when there is none. */
static bool read_word(parser *p, word *w)
{
    skip_ws(p);
    w->s = p->text + p->pos;
    w->col = cur_col(p);
    size_t start = p->pos;
    while (p->pos < p->len && is_word_char((unsigned char)p->text[p->pos]))
        p->pos++;
    w->n = p->pos - start;
    return w->n > 0;
}

static bool expect_word(parser *p, word *w, const char *what)
{
    return read_word(p, w) || fail_expected(p, what);
}

/* Reads a decimal number <= max. */
static bool read_uint(parser *p, uint64_t max, uint64_t *out, const char *what)
{
    int c = peek(p);
    if (c < '0' || c > '9')
        return fail_expected(p, what);
    uint32_t col = cur_col(p);
    uint64_t v = 0;
    while (p->pos < p->len && p->text[p->pos] >= '0' && p->text[p->pos] <= '9') {
        v = v * 10 + (uint64_t)(p->text[p->pos] - '0');
        p->pos++;
        if (v > max) {
            while (p->pos < p->len && p->text[p->pos] >= '0' && p->text[p->pos] <= '9')
                p->pos++;
            return fail(p, col, "%s too large (at most %llu)", what, (unsigned long long)max);
        }
    }
    *out = v;
    return true;
}

static bool read_u32(parser *p, uint32_t max, uint32_t *out, const char *what)
{
    uint64_t v = 0;
    if (!read_uint(p, max, &v, what))
        return false;
    *out = (uint32_t)v;
    return true;
}

/* ---- growing arrays ------------------------------------------------------- */

static bool grow(parser *p, void **arr, uint32_t *cap, uint32_t count, size_t elem,
                 const char *what)
{
    if (count < *cap)
        return true;
    if (count >= TGSI_MAX_STATEMENTS)
        return fail(p, 1, "too many %s (at most %u)", what, TGSI_MAX_STATEMENTS);
    uint32_t n = *cap ? *cap * 2 : 16;
    void *a = realloc(*arr, (size_t)n * elem);
    if (!a)
        return fail(p, 1, "out of memory");
    *arr = a;
    *cap = n;
    return true;
}

/* ---- registers and operands ----------------------------------------------- */

static bool read_swizzle_letter(int c, uint8_t *out)
{
    switch (c) {
    case 'x': case 'X': *out = TGSI_SWIZZLE_X; return true;
    case 'y': case 'Y': *out = TGSI_SWIZZLE_Y; return true;
    case 'z': case 'Z': *out = TGSI_SWIZZLE_Z; return true;
    case 'w': case 'W': *out = TGSI_SWIZZLE_W; return true;
    default: return false;
    }
}

/* `.xzw`: letters in x, y, z, w order, each at most once. */
static bool read_mask(parser *p, uint8_t *mask, const char *what)
{
    word w;
    if (!read_word(p, &w))
        return fail_expected(p, what);
    uint8_t m = 0;
    int last = -1;
    for (size_t i = 0; i < w.n; i++) {
        uint8_t c;
        if (!read_swizzle_letter((unsigned char)w.s[i], &c) || (int)c <= last || i >= 4)
            return fail(p, w.col, "bad %s '%.*s' (letters x, y, z, w in that order)", what,
                        (int)(w.n > 16 ? 16 : w.n), w.s);
        last = c;
        m |= (uint8_t)(1u << c);
    }
    *mask = m;
    return true;
}

/* `.xyzw`: four letters, or one (replicated to all four), or `short_ok`
 * letters (3 for texture offsets; 0 = none) with the last one repeated. */
static bool read_swizzle(parser *p, uint8_t sw[4], unsigned short_ok)
{
    word w;
    if (!read_word(p, &w))
        return fail_expected(p, "swizzle letters");
    if (w.n != 1 && w.n != 4 && w.n != short_ok)
        return fail(p, w.col, "bad swizzle '%.*s' (1 or 4 of the letters x, y, z, w)",
                    (int)(w.n > 16 ? 16 : w.n), w.s);
    for (size_t i = 0; i < 4; i++) {
        size_t k = i < w.n ? i : w.n - 1;
        if (!read_swizzle_letter((unsigned char)w.s[k], &sw[i]))
            return fail(p, w.col, "bad swizzle '%.*s' (1 or 4 of the letters x, y, z, w)",
                        (int)(w.n > 16 ? 16 : w.n), w.s);
    }
    return true;
}

/* One bracket of an operand: `[N]` or `[FILE[N].c+K]` / `[FILE[N].c-K]`,
 * then an optional array id `(N)`. */
static bool read_bracket(parser *p, tgsi_index *idx)
{
    memset(idx, 0, sizeof(*idx));
    if (!expect(p, '[', "'[' after the register file"))
        return false;
    int c = peek(p);
    if (c >= '0' && c <= '9') {
        uint32_t v;
        if (!read_u32(p, TGSI_MAX_INDEX, &v, "register index"))
            return false;
        idx->index = (int32_t)v;
    } else {
        word w;
        if (!read_word(p, &w))
            return fail_expected(p, "register index or address register");
        int f = find_file(&w);
        if (f < 0)
            return fail(p, w.col, "expected register index or address register, found '%.*s'",
                        (int)(w.n > 32 ? 32 : w.n), w.s);
        uint32_t v;
        idx->indirect = true;
        idx->ind_file = (uint8_t)f;
        if (!expect(p, '[', "'[' after the address register file") ||
            !read_u32(p, TGSI_MAX_INDEX, &v, "address register index") ||
            !expect(p, ']', "']' after the address register index") ||
            !expect(p, '.', "'.' and a component after the address register"))
            return false;
        idx->ind_index = (int32_t)v;
        skip_ws(p);
        uint32_t col = cur_col(p);
        if (p->pos >= p->len || !read_swizzle_letter((unsigned char)p->text[p->pos], &idx->ind_swizzle) ||
            (p->pos + 1 < p->len && is_word_char((unsigned char)p->text[p->pos + 1])))
            return fail(p, col, "expected one component letter (x, y, z or w) after the address register");
        p->pos++;
        if (accept(p, '+')) {
            if (!read_u32(p, TGSI_MAX_INDEX, &v, "register offset"))
                return false;
            idx->index = (int32_t)v;
        } else if (accept(p, '-')) {
            if (!read_u32(p, TGSI_MAX_INDEX, &v, "register offset"))
                return false;
            idx->index = -(int32_t)v;
        }
    }
    if (!expect(p, ']', "']' after register index"))
        return false;
    if (accept(p, '(')) {
        uint32_t v;
        if (!read_u32(p, TGSI_MAX_INDEX, &v, "array id") || !expect(p, ')', "')' after array id"))
            return false;
        idx->array_id = (uint16_t)v;
    }
    return true;
}

/* FILE[a] or FILE[a][b]. */
static bool read_register(parser *p, uint8_t *file, uint8_t *num_dims, tgsi_index *dim,
                          tgsi_index *reg)
{
    word w;
    if (!read_word(p, &w))
        return fail_expected(p, "register (TEMP[0], IN[1], ...)");
    int f = find_file(&w);
    if (f < 0)
        return fail(p, w.col, "unknown register file '%.*s'", (int)(w.n > 32 ? 32 : w.n), w.s);
    *file = (uint8_t)f;
    tgsi_index first;
    if (!read_bracket(p, &first))
        return false;
    if (peek(p) == '[') {
        *dim = first;
        *num_dims = 2;
        return read_bracket(p, reg);
    }
    memset(dim, 0, sizeof(*dim));
    *num_dims = 1;
    *reg = first;
    return true;
}

static bool read_dst(parser *p, tgsi_dst *d, uint32_t *col)
{
    int c = peek(p);
    *col = cur_col(p);
    if (c == '-' || c == '|')
        return fail(p, *col, "a destination takes no '-' or '|' modifier");
    memset(d, 0, sizeof(*d));
    if (!read_register(p, &d->file, &d->num_dims, &d->dim, &d->reg))
        return false;
    d->write_mask = 0xf;
    if (accept(p, '.'))
        return read_mask(p, &d->write_mask, "write mask");
    return true;
}

static bool read_src(parser *p, tgsi_src *s, uint32_t *col, unsigned short_swizzle)
{
    memset(s, 0, sizeof(*s));
    *col = tok_col(p);
    s->negate = accept(p, '-');
    s->absolute = accept(p, '|');
    if (!read_register(p, &s->file, &s->num_dims, &s->dim, &s->reg))
        return false;
    for (unsigned i = 0; i < 4; i++)
        s->swizzle[i] = (uint8_t)i;
    if (accept(p, '.') && !read_swizzle(p, s->swizzle, short_swizzle))
        return false;
    if (s->absolute && !expect(p, '|', "'|' closing the absolute value"))
        return false;
    return true;
}

/* ---- statements ----------------------------------------------------------- */

static bool parse_property(parser *p)
{
    tgsi_program *prog = p->prog;
    word w;
    if (!expect_word(p, &w, "property name"))
        return false;
    int name = -1;
    for (unsigned i = 0; i < TGSI_PROPERTY_COUNT; i++)
        if (word_is(&w, tgsi_property_name(i)))
            name = (int)i;
    if (name < 0)
        return fail(p, w.col, "unknown property '%.*s'", (int)(w.n > 32 ? 32 : w.n), w.s);
    uint32_t value;
    int c = peek(p);
    if (c >= '0' && c <= '9') {
        if (!read_u32(p, UINT32_MAX, &value, "property value"))
            return false;
    } else {
        word v;
        if (!expect_word(p, &v, "property value"))
            return false;
        int k = -1;
        switch (name) {
        case TGSI_PROPERTY_GS_INPUT_PRIMITIVE:
        case TGSI_PROPERTY_GS_OUTPUT_PRIMITIVE:
        case TGSI_PROPERTY_TES_PRIM_MODE:
            k = word_find(&v, prim_names, COUNT_OF(prim_names));
            break;
        case TGSI_PROPERTY_FS_COORD_ORIGIN:
            k = word_find(&v, coord_origin_names, COUNT_OF(coord_origin_names));
            break;
        case TGSI_PROPERTY_FS_COORD_PIXEL_CENTER:
            k = word_find(&v, pixel_center_names, COUNT_OF(pixel_center_names));
            break;
        case TGSI_PROPERTY_FS_DEPTH_LAYOUT:
            k = word_find(&v, depth_layout_names, COUNT_OF(depth_layout_names));
            break;
        case TGSI_PROPERTY_NEXT_SHADER:
            for (unsigned i = 0; i < TGSI_PROCESSOR_COUNT; i++)
                if (word_is(&v, tgsi_processor_name(i)))
                    k = (int)i;
            break;
        default:
            break;
        }
        if (k < 0)
            return fail(p, v.col, "unknown value '%.*s' for property %s",
                        (int)(v.n > 32 ? 32 : v.n), v.s, tgsi_property_name((unsigned)name));
        value = (uint32_t)k;
    }
    if (!grow(p, (void **)&prog->props, &p->cap_props, prog->num_props, sizeof(tgsi_prop),
              "properties"))
        return false;
    tgsi_prop *pr = &prog->props[prog->num_props++];
    pr->name = (uint8_t)name;
    pr->value = value;
    pr->line = p->line;
    return true;
}

/* `[N]`, `[N..M]` or (first bracket of a 2-D declaration only) `[]`. */
static bool read_decl_range(parser *p, int32_t *first, int32_t *last, bool *empty, bool allow_empty)
{
    uint32_t a, b;
    if (!expect(p, '[', "'[' after the register file"))
        return false;
    *empty = false;
    if (allow_empty && accept(p, ']')) {
        *empty = true;
        return true;
    }
    if (!read_u32(p, TGSI_MAX_INDEX, &a, "register index"))
        return false;
    b = a;
    if (accept(p, '.')) {
        if (!expect(p, '.', "'..' in a register range") ||
            !read_u32(p, TGSI_MAX_INDEX, &b, "last register of the range"))
            return false;
    }
    if (!expect(p, ']', "']' after register index"))
        return false;
    *first = (int32_t)a;
    *last = (int32_t)b;
    return true;
}

static bool parse_decl(parser *p)
{
    tgsi_program *prog = p->prog;
    tgsi_decl d;
    memset(&d, 0, sizeof(d));
    d.line = p->line;
    word w;
    if (!expect_word(p, &w, "register file after DCL"))
        return false;
    uint32_t decl_col = w.col;
    int f = find_file(&w);
    if (f < 0)
        return fail(p, w.col, "unknown register file '%.*s'", (int)(w.n > 32 ? 32 : w.n), w.s);
    d.file = (uint8_t)f;

    int32_t a0, a1;
    bool empty;
    uint32_t col = tok_col(p);
    if (!read_decl_range(p, &a0, &a1, &empty, true))
        return false;
    if (peek(p) == '[') {
        if (!empty && a0 != a1)
            return fail(p, col, "the first index of a 2-D declaration is not a range");
        d.has_dim = true;
        d.dim = empty ? -1 : a0;
        bool e2;
        if (!read_decl_range(p, &d.first, &d.last, &e2, false))
            return false;
    } else {
        if (empty)
            return fail(p, col + 1, "expected register index, found ']'");
        d.first = a0;
        d.last = a1;
    }
    d.usage_mask = 0xf;
    if (accept(p, '.') && !read_mask(p, &d.usage_mask, "usage mask"))
        return false;

    unsigned num_ret = 0;
    uint32_t ret_col = 0;
    bool have_target = false, have_format = false, have_mem = false;
    while (accept(p, ',')) {
        if (!expect_word(p, &w, "declaration attribute"))
            return false;
        int k;
#define DUP(cond) \
    if (cond)     \
    return fail(p, w.col, "duplicate declaration attribute '%.*s'", (int)(w.n > 32 ? 32 : w.n), w.s)
        if (word_is(&w, "ARRAY")) {
            uint32_t v;
            DUP(d.array_id);
            if (!expect(p, '(', "'(' after ARRAY") ||
                !read_u32(p, TGSI_MAX_INDEX, &v, "array id") ||
                !expect(p, ')', "')' after the array id"))
                return false;
            if (v == 0)
                return fail(p, w.col, "array id 0 is reserved (ids start at 1)");
            d.array_id = (uint16_t)v;
        } else if (word_is(&w, "STREAM")) {
            if (!expect(p, '(', "'(' after STREAM"))
                return false;
            for (unsigned i = 0; i < 4; i++) {
                uint32_t v;
                if ((i > 0 && !expect(p, ',', "',' between the four streams")) ||
                    !read_u32(p, 3, &v, "stream number"))
                    return false;
                d.stream[i] = (uint8_t)v;
            }
            if (!expect(p, ')', "')' after the four streams"))
                return false;
        } else if (word_is(&w, "LOCAL")) {
            DUP(d.local);
            d.local = true;
        } else if (word_is(&w, "INVARIANT")) {
            DUP(d.invariant);
            d.invariant = true;
        } else if (word_is(&w, "WR")) {
            DUP(d.writable);
            d.writable = true;
        } else if (word_is(&w, "RAW")) {
            DUP(d.raw);
            d.raw = true;
        } else if (word_is(&w, "ATOMIC")) {
            DUP(d.atomic);
            d.atomic = true;
        } else if ((k = word_find(&w, memory_type_names, COUNT_OF(memory_type_names))) >= 0) {
            DUP(have_mem);
            have_mem = true;
            d.memory_type = (uint8_t)k;
        } else if (!d.has_semantic && (k = find_semantic(&w)) >= 0) {
            d.has_semantic = true;
            d.semantic_name = (uint8_t)k;
            if (accept(p, '[')) {
                if (!read_u32(p, TGSI_MAX_INDEX, &d.semantic_index, "semantic index") ||
                    !expect(p, ']', "']' after the semantic index"))
                    return false;
            }
        } else if ((k = word_find(&w, interp_names, COUNT_OF(interp_names))) >= 0) {
            DUP(d.interp);
            d.interp = (uint8_t)k;
        } else if ((k = word_find(&w, location_names, COUNT_OF(location_names))) >= 0) {
            DUP(d.location);
            d.location = (uint8_t)k;
        } else if ((k = find_texture(&w)) >= 0) {
            DUP(have_target);
            have_target = true;
            d.resource_target = (uint8_t)k;
        } else if ((k = word_find(&w, return_type_names, COUNT_OF(return_type_names))) >= 0) {
            if (num_ret == 4)
                return fail(p, w.col, "more than four return types");
            if (num_ret == 0)
                ret_col = w.col;
            d.return_type[num_ret++] = (uint8_t)k;
        } else if ((k = find_format(&w)) >= 0) {
            DUP(have_format);
            have_format = true;
            d.format = (uint16_t)k;
        } else {
            return fail(p, w.col, "unknown declaration attribute '%.*s'",
                        (int)(w.n > 32 ? 32 : w.n), w.s);
        }
#undef DUP
    }
    if (num_ret == 1) {
        for (unsigned i = 1; i < 4; i++)
            d.return_type[i] = d.return_type[0];
    } else if (num_ret != 0 && num_ret != 4) {
        return fail(p, ret_col, "expected 1 or 4 return types, found %u", num_ret);
    }

    if (!grow(p, (void **)&prog->decls, &p->cap_decls, prog->num_decls, sizeof(tgsi_decl),
              "declarations"))
        return false;
    if (!grow(p, (void **)&p->decl_cols, &p->cap_decl_cols, prog->num_decls, sizeof(uint32_t),
              "declarations"))
        return false;
    p->decl_cols[prog->num_decls] = decl_col;
    prog->decls[prog->num_decls++] = d;
    return true;
}

/* Reads one numeric token of an immediate list into buf (NUL-terminated). */
static bool read_number_token(parser *p, char *buf, uint32_t *col)
{
    skip_ws(p);
    *col = cur_col(p);
    size_t n = 0;
    while (p->pos < p->len) {
        char c = p->text[p->pos];
        if (!is_word_char((unsigned char)c) && c != '.' && c != '+' && c != '-')
            break;
        if (n + 1 >= TGSI_MAX_NUMBER_CHARS)
            return fail(p, *col, "number too long");
        buf[n++] = c;
        p->pos++;
    }
    buf[n] = 0;
    if (n == 0)
        return fail_expected(p, "a number");
    return true;
}

/* "0x" followed by 1..digits hex digits only: raw bits. */
static bool parse_hex_bits(const char *s, unsigned digits, uint64_t *out)
{
    if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !s[2])
        return false;
    uint64_t v = 0;
    unsigned n = 0;
    for (const char *c = s + 2; *c; c++, n++) {
        int h;
        if (*c >= '0' && *c <= '9')
            h = *c - '0';
        else if (*c >= 'a' && *c <= 'f')
            h = *c - 'a' + 10;
        else if (*c >= 'A' && *c <= 'F')
            h = *c - 'A' + 10;
        else
            return false;
        if (n >= digits)
            return false;
        v = v << 4 | (uint64_t)h;
    }
    *out = v;
    return true;
}

static bool parse_imm(parser *p)
{
    tgsi_program *prog = p->prog;
    tgsi_immediate imm;
    memset(&imm, 0, sizeof(imm));
    imm.line = p->line;
    uint32_t idx;
    uint32_t col = tok_col(p);
    if (!expect(p, '[', "'[' after IMM") || !read_u32(p, UINT32_MAX, &idx, "immediate index") ||
        !expect(p, ']', "']' after the immediate index"))
        return false;
    if (idx != prog->num_imms)
        return fail(p, col + 1, "immediate IMM[%u] out of order: expected IMM[%u]", idx,
                    prog->num_imms);
    word w;
    if (!expect_word(p, &w, "immediate type (FLT32, UINT32, INT32, FLT64)"))
        return false;
    int type = word_find(&w, imm_type_names, COUNT_OF(imm_type_names));
    if (type < 0)
        return fail(p, w.col, "unknown immediate type '%.*s' (FLT32, UINT32, INT32, FLT64)",
                    (int)(w.n > 32 ? 32 : w.n), w.s);
    imm.type = (uint8_t)type;
    if (!expect(p, '{', "'{' before the immediate values"))
        return false;
    unsigned max_values = type == TGSI_IMM_FLOAT64 ? 2 : 4;
    unsigned nvals = 0;
    do {
        char buf[TGSI_MAX_NUMBER_CHARS];
        uint32_t vcol;
        if (nvals == max_values)
            return fail(p, tok_col(p), "expected '}' after %u values",
                        max_values);
        if (!read_number_token(p, buf, &vcol))
            return false;
        uint64_t bits;
        char *end;
        switch (type) {
        case TGSI_IMM_UINT32: {
            if (parse_hex_bits(buf, 8, &bits)) {
                imm.bits[nvals] = (uint32_t)bits;
                break;
            }
            errno = 0;
            if (buf[0] < '0' || buf[0] > '9')
                return fail(p, vcol, "bad UINT32 value '%s'", buf);
            unsigned long long v = strtoull(buf, &end, 10);
            if (*end || errno || v > UINT32_MAX)
                return fail(p, vcol, "bad UINT32 value '%s'", buf);
            imm.bits[nvals] = (uint32_t)v;
            break;
        }
        case TGSI_IMM_INT32: {
            errno = 0;
            const char *d = buf + (buf[0] == '-' || buf[0] == '+');
            if (*d < '0' || *d > '9')
                return fail(p, vcol, "bad INT32 value '%s'", buf);
            long long v = strtoll(buf, &end, 10);
            if (*end || errno || v > INT32_MAX || v < INT32_MIN)
                return fail(p, vcol, "bad INT32 value '%s'", buf);
            int32_t i = (int32_t)v;
            memcpy(&imm.bits[nvals], &i, 4);
            break;
        }
        case TGSI_IMM_FLOAT32: {
            if (parse_hex_bits(buf, 8, &bits)) {
                imm.bits[nvals] = (uint32_t)bits;
                break;
            }
            float f = strtof(buf, &end);
            if (end == buf || *end)
                return fail(p, vcol, "bad FLT32 value '%s'", buf);
            memcpy(&imm.bits[nvals], &f, 4);
            break;
        }
        default: {
            if (!parse_hex_bits(buf, 16, &bits)) {
                double d = strtod(buf, &end);
                if (end == buf || *end)
                    return fail(p, vcol, "bad FLT64 value '%s'", buf);
                memcpy(&bits, &d, 8);
            }
            imm.bits[2 * nvals] = (uint32_t)bits;
            imm.bits[2 * nvals + 1] = (uint32_t)(bits >> 32);
            break;
        }
        }
        nvals++;
    } while (accept(p, ','));
    if (!expect(p, '}', "',' or '}' in the immediate values"))
        return false;
    imm.count = (uint8_t)(type == TGSI_IMM_FLOAT64 ? 2 * nvals : nvals);
    if (!grow(p, (void **)&prog->imms, &p->cap_imms, prog->num_imms, sizeof(tgsi_immediate),
              "immediates"))
        return false;
    prog->imms[prog->num_imms++] = imm;
    return true;
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

static bool fail_count(parser *p, const tgsi_opcode_info *info, const char *what)
{
    return fail(p, cur_col(p), "%s: %s takes %u destination%s and %u source%s", what,
                info->name, info->num_dst, info->num_dst == 1 ? "" : "s", info->num_src,
                info->num_src == 1 ? "" : "s");
}

static bool parse_inst(parser *p)
{
    tgsi_program *prog = p->prog;
    int c = peek(p);
    if (c >= '0' && c <= '9') {
        uint32_t n;
        if (!read_u32(p, UINT32_MAX, &n, "instruction number") ||
            !expect(p, ':', "':' after the instruction number"))
            return false;
    }
    word w;
    if (!expect_word(p, &w, "opcode"))
        return false;
    tgsi_inst inst = tgsi_inst_new(TGSI_OPCODE_NOP, 0, 0);
    tgsi_inst_cols cols;
    memset(&cols, 0, sizeof(cols));
    cols.opcode = w.col;
    inst.line = p->line;
    int op = find_opcode(&w, &inst.saturate, &inst.precise);
    if (op < 0)
        return fail(p, w.col, "unknown opcode '%.*s'", (int)(w.n > 32 ? 32 : w.n), w.s);
    const tgsi_opcode_info *info = tgsi_opcode_get_info((unsigned)op);
    inst.opcode = (uint16_t)op;
    inst.num_dst = info->num_dst;
    inst.num_src = info->num_src;

    unsigned total = info->num_dst + info->num_src;
    for (unsigned i = 0; i < total; i++) {
        if (i > 0 && !accept(p, ',')) {
            if (at_eol(p) || peek(p) == ':')
                return fail_count(p, info, "too few operands");
            return fail_expected(p, "',' between operands");
        }
        if (i == 0 && (at_eol(p) || peek(p) == ':'))
            return fail_count(p, info, "too few operands");
        if (i < info->num_dst) {
            if (!read_dst(p, &inst.dst[i], &cols.dst[i]))
                return false;
        } else {
            unsigned s = i - info->num_dst;
            if (!read_src(p, &inst.src[s], &cols.src[s], 0))
                return false;
        }
    }

    if (info->flags & TGSI_OPF_TEX) {
        word t;
        if (!accept(p, ',')) {
            if (at_eol(p))
                return fail(p, cur_col(p), "expected ',' and the texture target after the sources of %s",
                            info->name);
            return fail_expected(p, "',' between operands");
        }
        if (!read_word(p, &t) || find_texture(&t) < 0) {
            if (t.n && find_file(&t) >= 0)
                return fail_count(p, info, "too many operands");
            return fail(p, t.col, "expected texture target after the sources of %s", info->name);
        }
        cols.target = t.col;
        inst.tex_target = (uint8_t)find_texture(&t);
        while (accept(p, ',')) {
            size_t save = p->pos;
            word r;
            int k;
            if (read_word(p, &r) && inst.num_tex_offsets == 0 &&
                inst.tex_return_type == 0xff &&
                (k = word_find(&r, return_type_names, COUNT_OF(return_type_names))) >= 0) {
                inst.tex_return_type = (uint8_t)k;
                continue;
            }
            p->pos = save;
            if (inst.num_tex_offsets == TGSI_MAX_TEX_OFFSETS)
                return fail(p, tok_col(p), "more than %u texture offsets",
                            TGSI_MAX_TEX_OFFSETS);
            unsigned k2 = inst.num_tex_offsets++;
            if (!read_src(p, &inst.tex_offsets[k2], &cols.tex_offsets[k2], 3))
                return false;
        }
    } else if (is_memory_opcode((unsigned)op)) {
        bool have_target = false, have_format = false;
        while (accept(p, ',')) {
            word m;
            int k;
            if (!read_word(p, &m))
                return fail_expected(p, "memory qualifier, image target or format");
            if ((k = word_find(&m, mem_qualifier_names, COUNT_OF(mem_qualifier_names))) >= 0) {
                if (inst.mem_qualifier & (1u << k))
                    return fail(p, m.col, "duplicate memory qualifier '%s'", mem_qualifier_names[k]);
                inst.mem_qualifier |= (uint8_t)(1u << k);
            } else if (!have_target && (k = find_texture(&m)) >= 0) {
                have_target = true;
                cols.target = m.col;
                inst.mem_target = (uint8_t)k;
            } else if (!have_format && (k = find_format(&m)) >= 0) {
                have_format = true;
                inst.mem_format = (uint16_t)k;
            } else if (find_file(&m) >= 0) {
                p->pos = (size_t)(m.s - p->text);
                return fail_count(p, info, "too many operands");
            } else {
                return fail(p, m.col, "expected memory qualifier, image target or format, found '%.*s'",
                            (int)(m.n > 32 ? 32 : m.n), m.s);
            }
        }
    } else if (peek(p) == ',') {
        return fail_count(p, info, "too many operands");
    }

    if (peek(p) == ':') {
        cols.label = cur_col(p);
        if (!(info->flags & TGSI_OPF_LABEL))
            return fail(p, cols.label, "%s takes no label", info->name);
        p->pos++;
        uint32_t v;
        if (!read_u32(p, INT32_MAX, &v, "label (instruction number)"))
            return false;
        inst.label = (int32_t)v;
    }

    if (!grow(p, (void **)&prog->insts, &p->cap_insts, prog->num_insts, sizeof(tgsi_inst),
              "instructions"))
        return false;
    if (!grow(p, (void **)&p->inst_cols, &p->cap_inst_cols, prog->num_insts,
              sizeof(tgsi_inst_cols), "instructions"))
        return false;
    p->inst_cols[prog->num_insts] = cols;
    prog->insts[prog->num_insts++] = inst;
    return true;
}

static bool parse_statement(parser *p)
{
    int c = peek(p);
    if (c >= '0' && c <= '9')
        return parse_inst(p);
    size_t save = p->pos;
    word w;
    if (!read_word(p, &w))
        return fail_expected(p, "a declaration, immediate or instruction");
    if (word_is(&w, "PROPERTY"))
        return parse_property(p);
    if (word_is(&w, "DCL"))
        return parse_decl(p);
    if (word_is(&w, "IMM") && peek(p) == '[')
        return parse_imm(p);
    p->pos = save;
    return parse_inst(p);
}

/* Skips blank lines; false at the end of the text. */
static bool next_statement(parser *p)
{
    for (;;) {
        int c = peek(p);
        if (c == -1)
            return false;
        if (c != '\n')
            return true;
        p->pos++;
        p->line++;
        p->line_start = p->pos;
    }
}

static bool end_statement(parser *p, const char *what)
{
    if (at_eol(p))
        return true;
    char buf[48];
    return fail(p, cur_col(p), "unexpected %s after the %s", found(p, buf, sizeof(buf)), what);
}

static bool parse_text(parser *p)
{
    if (!next_statement(p))
        return fail(p, 1, "empty text: expected processor (VERT, FRAG, GEOM, TESS_CTRL, TESS_EVAL, COMP)");
    word w;
    if (!expect_word(p, &w, "processor (VERT, FRAG, GEOM, TESS_CTRL, TESS_EVAL, COMP)"))
        return false;
    int proc = -1;
    for (unsigned i = 0; i < TGSI_PROCESSOR_COUNT; i++)
        if (word_is(&w, tgsi_processor_name(i)))
            proc = (int)i;
    if (proc < 0)
        return fail(p, w.col,
                    "unknown processor '%.*s' (VERT, FRAG, GEOM, TESS_CTRL, TESS_EVAL, COMP)",
                    (int)(w.n > 32 ? 32 : w.n), w.s);
    p->prog->processor = (tgsi_processor)proc;
    if (!end_statement(p, "processor"))
        return false;
    while (next_statement(p)) {
        uint32_t before = p->prog->num_insts;
        if (!parse_statement(p))
            return false;
        if (!end_statement(p, p->prog->num_insts != before ? "instruction" : "statement"))
            return false;
    }
    return true;
}

/* Called by anyone with shader text; see tgsi.h. Errors: *out is NULL and
 * err holds the first problem (syntax, then validation). */
bool tgsi_parse(const char *text, size_t len, tgsi_program **out, tgsi_error *err)
{
    tgsi_error local;
    if (!err)
        err = &local;
    memset(err, 0, sizeof(*err));
    *out = NULL;
    parser p;
    memset(&p, 0, sizeof(p));
    p.text = text ? text : "";
    p.len = text ? len : 0;
    p.line = 1;
    p.err = err;
    p.prog = calloc(1, sizeof(tgsi_program));
    if (!p.prog) {
        snprintf(err->message, sizeof(err->message), "out of memory");
        return false;
    }
    bool ok = parse_text(&p);
    if (ok) {
        tgsi_text_cols cols = {
            .insts = p.inst_cols,
            .decls = p.decl_cols,
            .end_line = p.line,
            .end_column = cur_col(&p),
        };
        ok = tgsi_validate_located(p.prog, &cols, &p.prog->end_inst, err);
    }
    free(p.inst_cols);
    free(p.decl_cols);
    if (!ok) {
        tgsi_program_free(p.prog);
        return false;
    }
    *out = p.prog;
    return true;
}
