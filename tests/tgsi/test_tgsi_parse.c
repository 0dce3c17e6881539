/*
 * test_tgsi_parse.c: the TGSI text parser, validator and printer
 * (tgsi/tgsi_parse.c, tgsi_validate.c, tgsi_print.c, tgsi_program.c).
 *
 * Oracles, none of them the code under test:
 *   - the corpus: 2516 texts Mesa printed. Each must parse and validate, our
 *     print of it must equal Mesa's text up to white space, and parsing our
 *     print must give an equal program;
 *   - hand-written shaders with the field values the spec's text implies
 *     (indices, swizzle numbers, float bits computed by the C compiler);
 *   - a table of malformed texts with the line, column and message the spec
 *     of tgsi_error asks for, counted by hand;
 *   - robustness: truncations and seeded random mutations of corpus texts,
 *     each in a buffer of exactly its length (ASan sees any over-read), must
 *     parse or fail cleanly, and what parses must round-trip.
 * Argument: the corpus directory (tests/tgsi/tgsi.cmake passes SWR_TGSI_CORPUS);
 * a missing or empty corpus fails the test.
 */
#include <ctype.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tgsi/tgsi.h"
#include "test_util.h"
#include "tgsi_corpus.h"

static const char *corpus_dir;

/* ---- helpers -------------------------------------------------------------- */

static tgsi_corpus corpus;

static int load_corpus(void **state)
{
    (void)state;
    tgsi_corpus_load(corpus_dir, &corpus); /* a missing corpus fails test_corpus */
    return 0;
}

static int free_corpus(void **state)
{
    (void)state;
    tgsi_corpus_free(&corpus);
    return 0;
}

/* The text with every run of white space made one blank, none at the ends. */
static char *collapse_ws(const char *s, size_t n)
{
    char *o = malloc(n + 1);
    size_t k = 0;
    bool ws = false;
    for (size_t i = 0; i < n; i++) {
        if (isspace((unsigned char)s[i])) {
            ws = true;
            continue;
        }
        if (ws && k)
            o[k++] = ' ';
        ws = false;
        o[k++] = s[i];
    }
    o[k] = 0;
    return o;
}

/* Parses a copy of exactly `len` bytes, so any read past the end is caught. */
static bool parse_exact(const char *text, size_t len, tgsi_program **out, tgsi_error *err)
{
    char *copy = malloc(len ? len : 1);
    memcpy(copy, text, len);
    bool ok = tgsi_parse(copy, len, out, err);
    free(copy);
    return ok;
}

/* print -> parse must give a program equal to p. */
static void assert_round_trip(const tgsi_program *p, const char *what)
{
    char *t = tgsi_print(p);
    assert_non_null(t);
    tgsi_program *q = NULL;
    tgsi_error err;
    if (!parse_exact(t, strlen(t), &q, &err))
        fail_msg("%s: printed text does not parse: line %u, column %u: %s\n%s", what, err.line,
                 err.column, err.message, t);
    if (!tgsi_program_equal(p, q))
        fail_msg("%s: parse(print(p)) differs from p:\n%s", what, t);
    tgsi_program_free(q);
    free(t);
}

static tgsi_program *parse_ok(const char *text)
{
    tgsi_program *p = NULL;
    tgsi_error err;
    if (!parse_exact(text, strlen(text), &p, &err))
        fail_msg("line %u, column %u: %s", err.line, err.column, err.message);
    return p;
}

/* ---- 1. the corpus -------------------------------------------------------- */

static void test_corpus(void **state)
{
    (void)state;
    if (!corpus_dir)
        fail_msg("no corpus directory given (argument 1; CMake cache SWR_TGSI_CORPUS)");
    if (corpus.count < 100)
        fail_msg("corpus %s: %zu .tgsi files found, expected the 2516 Mesa shaders", corpus_dir,
                 corpus.count);
    size_t passed = 0;
    for (size_t i = 0; i < corpus.count; i++) {
        const tgsi_corpus_file *f = &corpus.files[i];
        tgsi_program *p = NULL;
        tgsi_error err;
        if (!parse_exact(f->text, f->len, &p, &err))
            fail_msg("%s: line %u, column %u: %s", f->name, err.line, err.column, err.message);
        assert_true(tgsi_validate(p, &err));
        assert_int_equal(p->insts[p->end_inst].opcode, TGSI_OPCODE_END);
        char *t = tgsi_print(p);
        char *want = collapse_ws(f->text, f->len), *got = collapse_ws(t, strlen(t));
        if (strcmp(want, got) != 0)
            fail_msg("%s: printed text differs from Mesa's:\n%s\n---- printed:\n%s", f->name,
                     want, t);
        free(want);
        free(got);
        free(t);
        assert_round_trip(p, f->name);
        tgsi_program_free(p);
        passed++;
    }
    print_message("corpus: %zu of %zu files parse, print back and round-trip\n", passed,
                  corpus.count);
}

/* ---- 2. hand-written shaders ---------------------------------------------- */

static const char every_feature[] =
    "GEOM\n"
    "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
    "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
    "PROPERTY GS_MAX_OUTPUT_VERTICES 3\n"
    "PROPERTY NEXT_SHADER FRAG\n"
    "PROPERTY FS_DEPTH_LAYOUT UNCHANGED\n"
    "DCL IN[][0], POSITION\n"
    "DCL IN[][1..2], GENERIC[1]\n"
    "DCL OUT[0], POSITION, STREAM(0, 1, 2, 3)\n"
    "DCL OUT[1..4], GENERIC[0], ARRAY(1)\n"
    "DCL CONST[0][0..9]\n"
    "DCL CONST[2][0..3]\n"
    "DCL TEMP[0..3]\n"
    "DCL TEMP[4..7], ARRAY(1), LOCAL\n"
    "DCL ADDR[0..1]\n"
    "DCL SAMP[0]\n"
    "DCL SVIEW[0], 2D_ARRAY, FLOAT\n"
    "DCL SVIEW[1], BUFFER, UINT, SINT, FLOAT, UNORM\n"
    "DCL IMAGE[0], 2D, PIPE_FORMAT_R8G8B8A8_UNORM, WR\n"
    "DCL BUFFER[0], ATOMIC\n"
    "DCL MEMORY[0], SHARED\n"
    "DCL HWATOMIC[0][0..3]\n"
    "DCL SV[0], INVOCATIONID\n"
    "IMM[0] FLT32 {    1.0000, -0.5, 1e-3, 0x7fc00001}\n"
    "IMM[1] UINT32 {1, 2, 4294967295, 0x10}\n"
    "IMM[2] INT32 {-1, 2147483647, -2147483648, 0}\n"
    "IMM[3] FLT64 {1.5, -2.25}\n"
    "  0: ARL ADDR[0].x, IN[1][1].xxxx\n"
    "  1: MOV TEMP[ADDR[0].x+4](1).xy, CONST[0][ADDR[1].y-2].wzyx\n"
    "  2: MAD_SAT TEMP[0], -|IN[ADDR[0].x][1]|, CONST[2][3].z, IMM[0]\n"
    "  3: TEX TEMP[1], TEMP[0], SAMP[0], 2D_ARRAY, TEMP[2].xyz\n"
    "  4: TXF TEMP[1], TEMP[0], SAMP[0], 2D, FLOAT, TEMP[2].xyzw, IMM[1].xxxx\n"
    "  5: SAMPLE TEMP[1], TEMP[0], SVIEW[0], SAMP[0]\n"
    "  6: LOAD TEMP[2], IMAGE[0], TEMP[0], COHERENT, VOLATILE, 2D, PIPE_FORMAT_R8G8B8A8_UNORM\n"
    "  7: STORE BUFFER[0].x, TEMP[0].xxxx, TEMP[1]\n"
    "  8: ATOMUADD TEMP[3].x, MEMORY[0], TEMP[0].xxxx, IMM[1].xxxx\n"
    "  9: UIF TEMP[0].xxxx :13\n"
    " 10:   BGNLOOP :12\n"
    " 11:     BRK\n"
    " 12:   ENDLOOP :10\n"
    " 13: ELSE :17\n"
    " 14:   SWITCH TEMP[0].xxxx\n"
    " 15:     CASE IMM[1].xxxx\n"
    " 16:   ENDSWITCH\n"
    " 17: ENDIF\n"
    " 18: FSLT_PRECISE TEMP[0].x, SV[0].xxxx, TEMP[ADDR[0].x-1](1).yyyy\n"
    " 19: CAL :21\n"
    " 20: END\n"
    " 21: BGNSUB\n"
    " 22:   RET\n"
    " 23: ENDSUB\n";

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void test_every_feature(void **state)
{
    (void)state;
    tgsi_program *p = parse_ok(every_feature);
    assert_int_equal(p->processor, TGSI_PROCESSOR_GEOMETRY);
    assert_int_equal(p->num_props, 5);
    assert_int_equal(p->props[0].value, 4); /* TRIANGLES in PIPE_PRIM order */
    assert_int_equal(p->props[1].value, 5); /* TRIANGLE_STRIP */
    assert_int_equal(p->props[3].value, TGSI_PROCESSOR_FRAGMENT);
    assert_int_equal(p->props[4].value, 4); /* UNCHANGED */

    assert_int_equal(p->num_decls, 17);
    const tgsi_decl *d = p->decls;
    assert_true(d[0].has_dim);
    assert_int_equal(d[0].dim, -1);
    assert_int_equal(d[1].first, 1);
    assert_int_equal(d[1].last, 2);
    assert_int_equal(d[1].semantic_name, TGSI_SEMANTIC_GENERIC);
    assert_int_equal(d[1].semantic_index, 1);
    assert_memory_equal(d[2].stream, ((uint8_t[4]){0, 1, 2, 3}), 4);
    assert_int_equal(d[3].array_id, 1);
    assert_int_equal(d[5].dim, 2);
    assert_true(d[7].local);
    assert_int_equal(d[7].array_id, 1);
    assert_int_equal(d[10].resource_target, TGSI_TEXTURE_2D_ARRAY);
    assert_memory_equal(d[10].return_type, ((uint8_t[4]){4, 4, 4, 4}), 4);
    assert_int_equal(d[11].resource_target, TGSI_TEXTURE_BUFFER);
    assert_memory_equal(d[11].return_type,
                        ((uint8_t[4]){TGSI_RETURN_TYPE_UINT, TGSI_RETURN_TYPE_SINT,
                                      TGSI_RETURN_TYPE_FLOAT, TGSI_RETURN_TYPE_UNORM}),
                        4);
    assert_string_equal(tgsi_format_name(d[12].format), "PIPE_FORMAT_R8G8B8A8_UNORM");
    assert_true(d[12].writable);
    assert_true(d[13].atomic);
    assert_int_equal(d[14].memory_type, 1);
    assert_int_equal(d[15].file, TGSI_FILE_HW_ATOMIC);
    assert_int_equal(d[16].semantic_name, TGSI_SEMANTIC_INVOCATIONID);

    assert_int_equal(p->num_imms, 4);
    assert_int_equal(p->imms[0].bits[0], float_bits(1.0f));
    assert_int_equal(p->imms[0].bits[1], float_bits(-0.5f));
    assert_int_equal(p->imms[0].bits[2], float_bits(1e-3f));
    assert_int_equal(p->imms[0].bits[3], 0x7fc00001u);
    assert_int_equal(p->imms[1].bits[2], 4294967295u);
    assert_int_equal(p->imms[1].bits[3], 16);
    assert_int_equal((int32_t)p->imms[2].bits[2], INT32_MIN);
    double d0 = 1.5, d1 = -2.25;
    uint32_t dw[4];
    memcpy(dw, &d0, 8);
    memcpy(dw + 2, &d1, 8);
    assert_int_equal(p->imms[3].count, 4);
    assert_memory_equal(p->imms[3].bits, dw, 16);

    assert_int_equal(p->num_insts, 24);
    assert_int_equal(p->end_inst, 20);
    const tgsi_inst *in = p->insts;
    /* 0: 2-D input */
    assert_int_equal(in[0].src[0].num_dims, 2);
    assert_int_equal(in[0].src[0].dim.index, 1);
    assert_int_equal(in[0].dst[0].write_mask, 1);
    /* 1: indirect with array id and offset; negative offset in the source */
    assert_true(in[1].dst[0].reg.indirect);
    assert_int_equal(in[1].dst[0].reg.ind_file, TGSI_FILE_ADDRESS);
    assert_int_equal(in[1].dst[0].reg.index, 4);
    assert_int_equal(in[1].dst[0].reg.array_id, 1);
    assert_int_equal(in[1].dst[0].write_mask, 3);
    assert_int_equal(in[1].src[0].reg.ind_index, 1);
    assert_int_equal(in[1].src[0].reg.ind_swizzle, TGSI_SWIZZLE_Y);
    assert_int_equal(in[1].src[0].reg.index, -2);
    assert_memory_equal(in[1].src[0].swizzle, ((uint8_t[4]){3, 2, 1, 0}), 4);
    /* 2: _SAT, -|...|, indirect first dimension, one-letter swizzle */
    assert_true(in[2].saturate);
    assert_true(in[2].src[0].negate && in[2].src[0].absolute);
    assert_true(in[2].src[0].dim.indirect);
    assert_int_equal(in[2].src[0].reg.index, 1);
    assert_memory_equal(in[2].src[1].swizzle, ((uint8_t[4]){2, 2, 2, 2}), 4);
    /* 3, 4: targets, return type, offsets */
    assert_int_equal(in[3].tex_target, TGSI_TEXTURE_2D_ARRAY);
    assert_int_equal(in[3].num_tex_offsets, 1);
    assert_memory_equal(in[3].tex_offsets[0].swizzle, ((uint8_t[4]){0, 1, 2, 2}), 4);
    assert_int_equal(in[3].tex_return_type, 0xff);
    assert_int_equal(in[4].tex_return_type, TGSI_RETURN_TYPE_FLOAT);
    assert_int_equal(in[4].num_tex_offsets, 2);
    assert_int_equal(in[4].tex_offsets[1].file, TGSI_FILE_IMMEDIATE);
    /* 6..8: memory */
    assert_int_equal(in[6].mem_qualifier, TGSI_MEMORY_COHERENT | TGSI_MEMORY_VOLATILE);
    assert_int_equal(in[6].mem_target, TGSI_TEXTURE_2D);
    assert_string_equal(tgsi_format_name(in[6].mem_format), "PIPE_FORMAT_R8G8B8A8_UNORM");
    assert_int_equal(in[7].dst[0].file, TGSI_FILE_BUFFER);
    assert_int_equal(in[8].src[0].file, TGSI_FILE_MEMORY);
    /* labels */
    assert_int_equal(in[9].label, 13);
    assert_int_equal(in[10].label, 12);
    assert_int_equal(in[12].label, 10);
    assert_int_equal(in[13].label, 17);
    assert_int_equal(in[14].label, -1);
    assert_true(in[18].precise);
    assert_int_equal(in[19].label, 21);
    assert_round_trip(p, "every feature");
    tgsi_program_free(p);
}

/* Comments, blank lines, free white space, lower case, CRLF. */
static void test_free_form(void **state)
{
    (void)state;
    const char *a = "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n"
                    "  0: MOV OUT[0], IN[0].xyzw\n  1: END\n";
    const char *b = "# a comment line\r\n\r\n   frag   \r\n"
                    "dcl   in [ 0 ] ,generic[0],perspective ; trailing comment\r\n"
                    "DCL OUT[0],COLOR\n\n"
                    "mov out[0] , in[0]\r\nEND";
    tgsi_program *pa = parse_ok(a), *pb = parse_ok(b);
    assert_true(tgsi_program_equal(pa, pb));
    tgsi_program_free(pa);
    tgsi_program_free(pb);
}

/* Float immediates: every bit pattern class prints and parses back exactly. */
static void test_float_round_trip(void **state)
{
    (void)state;
    uint32_t seed = 12345;
    for (int rep = 0; rep < 200; rep++) {
        char text[512];
        uint32_t bits[4];
        for (int k = 0; k < 4; k++) {
            seed = seed * 1664525u + 1013904223u;
            bits[k] = seed;
        }
        static const uint32_t special[] = {0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                           0xffc00001u, 0x00000001u, 0x007fffffu, 0x7f7fffffu,
                                           0x3f800000u, 0x3dcccccdu, 0x4b800001u, 0x33800000u};
        if (rep < 3)
            memcpy(bits, special + 4 * rep, sizeof(bits));
        snprintf(text, sizeof(text),
                 "VERT\nDCL OUT[0], POSITION\nIMM[0] UINT32 {%u, %u, %u, %u}\n"
                 "  0: MOV OUT[0], IMM[0]\n  1: END\n",
                 bits[0], bits[1], bits[2], bits[3]);
        tgsi_program *p = parse_ok(text);
        p->imms[0].type = TGSI_IMM_FLOAT32;
        char *t = tgsi_print(p);
        tgsi_program *q = parse_ok(t);
        assert_memory_equal(q->imms[0].bits, bits, sizeof(bits));
        assert_int_equal(q->imms[0].type, TGSI_IMM_FLOAT32);
        free(t);
        tgsi_program_free(q);
        /* The same bits as two doubles. */
        p->imms[0].type = TGSI_IMM_FLOAT64;
        t = tgsi_print(p);
        q = parse_ok(t);
        assert_memory_equal(q->imms[0].bits, bits, sizeof(bits));
        free(t);
        tgsi_program_free(q);
        tgsi_program_free(p);
    }
    /* Mesa's form stays Mesa's form. */
    tgsi_program *p = parse_ok("FRAG\nDCL OUT[0], COLOR\n"
                               "IMM[0] FLT32 {    1.0000,    -0.5000,     0.0000,     2.2500}\n"
                               "  0: MOV OUT[0], IMM[0]\n  1: END\n");
    char *t = tgsi_print(p);
    assert_non_null(strstr(t, "IMM[0] FLT32 {    1.0000,    -0.5000,     0.0000,     2.2500}"));
    free(t);
    tgsi_program_free(p);
}

/* A program built in memory: validated, printed, parsed back equal. */
static void test_in_memory(void **state)
{
    (void)state;
    tgsi_program *p = calloc(1, sizeof(*p));
    p->processor = TGSI_PROCESSOR_FRAGMENT;
    p->num_decls = 2;
    p->decls = calloc(2, sizeof(tgsi_decl));
    p->decls[0] = (tgsi_decl){.file = TGSI_FILE_OUTPUT, .usage_mask = 0xf, .has_semantic = true,
                              .semantic_name = TGSI_SEMANTIC_COLOR};
    p->decls[1] = (tgsi_decl){.file = TGSI_FILE_CONSTANT, .has_dim = true, .first = 0, .last = 3,
                              .usage_mask = 0xf};
    p->num_insts = 2;
    p->insts = calloc(2, sizeof(tgsi_inst));
    for (int i = 0; i < 2; i++) {
        p->insts[i].label = -1;
        p->insts[i].tex_return_type = 0xff;
    }
    tgsi_inst *mov = &p->insts[0];
    mov->opcode = TGSI_OPCODE_MOV;
    mov->num_dst = mov->num_src = 1;
    mov->dst[0] = (tgsi_dst){.file = TGSI_FILE_OUTPUT, .num_dims = 1, .write_mask = 0xf};
    mov->src[0] = (tgsi_src){.file = TGSI_FILE_CONSTANT, .num_dims = 2, .swizzle = {3, 2, 1, 0}};
    mov->src[0].reg.index = 3;
    p->insts[1].opcode = TGSI_OPCODE_END;
    p->end_inst = 1;
    tgsi_error err;
    assert_true(tgsi_validate(p, &err));
    char *t = tgsi_print(p);
    assert_string_equal(t, "FRAG\nDCL OUT[0], COLOR\nDCL CONST[0][0..3]\n"
                           "  0: MOV OUT[0], CONST[0][3].wzyx\n  1: END\n");
    free(t);
    assert_round_trip(p, "in memory");

    /* Each corruption is caught. */
    mov->src[0].reg.index = 4;
    assert_false(tgsi_validate(p, &err));
    assert_non_null(strstr(err.message, "CONST[0][4] is not declared"));
    mov->src[0].reg.index = 3;
    mov->src[0].swizzle[2] = 4;
    assert_false(tgsi_validate(p, &err));
    assert_non_null(strstr(err.message, "bad swizzle"));
    mov->src[0].swizzle[2] = 1;
    mov->dst[0].write_mask = 0;
    assert_false(tgsi_validate(p, &err));
    assert_non_null(strstr(err.message, "bad write mask"));
    mov->dst[0].write_mask = 0xf;
    mov->num_src = 2;
    assert_false(tgsi_validate(p, &err));
    assert_non_null(strstr(err.message, "MOV takes 1 destination and 1 source"));
    mov->num_src = 1;
    p->end_inst = 0;
    assert_false(tgsi_validate(p, &err));
    assert_non_null(strstr(err.message, "end_inst"));
    p->end_inst = 1;
    p->insts[1].opcode = TGSI_OPCODE_NOP;
    assert_false(tgsi_validate(p, &err));
    assert_non_null(strstr(err.message, "missing END"));
    p->insts[1].opcode = TGSI_OPCODE_END;
    assert_true(tgsi_validate(p, &err));
    tgsi_program_free(p);
}

/* ---- 3. precise errors ---------------------------------------------------- */

/* A valid program; the cases below replace its instruction lines. */
#define PRELUDE                                                                            \
    "FRAG\n"                                  /* line 1 */                                 \
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"    /* 2 */                                      \
    "DCL OUT[0], COLOR\n"                     /* 3 */                                      \
    "DCL CONST[0][0..3]\n"                    /* 4 */                                      \
    "DCL TEMP[0..1]\n"                        /* 5 */                                      \
    "DCL TEMP[2..3], ARRAY(1)\n"              /* 6 */                                      \
    "DCL ADDR[0]\n"                           /* 7 */                                      \
    "DCL SAMP[0]\n"                           /* 8 */                                      \
    "IMM[0] FLT32 {    1.0000,     0.0000,     0.0000,     0.0000}\n" /* 9 */

typedef struct error_case {
    const char *text;
    uint32_t line, column;
    const char *message; /* substring */
} error_case;

/* Columns are 1-based byte offsets in the line, counted by hand: in
 * "  0: MOV OUT[0], IN[0]" the opcode is column 6, OUT 10, IN 18. */
static const error_case error_cases[] = {
    {PRELUDE "  0: FOO OUT[0], IN[0]\n  1: END\n", 10, 6, "unknown opcode 'FOO'"},
    {PRELUDE "  0: MOV_SAT_SAT OUT[0], IN[0]\n  1: END\n", 10, 6, "unknown opcode"},
    {PRELUDE "  0: ADD OUT[0], IN[0]\n  1: END\n", 10, 23, "too few operands: ADD takes 1 destination and 2 sources"},
    {PRELUDE "  0: MOV OUT[0], IN[0], IN[0]\n  1: END\n", 10, 23, "too many operands: MOV takes 1 destination and 1 source"},
    {PRELUDE "  0: END OUT[0]\n", 10, 10, "unexpected 'OUT' after the instruction"},
    {PRELUDE "  0: MOV IN[0], IN[0]\n  1: END\n", 10, 10, "destination of MOV cannot be IN"},
    {PRELUDE "  0: MOV -OUT[0], IN[0]\n  1: END\n", 10, 10, "a destination takes no '-'"},
    {PRELUDE "  0: MOV OUT[0], TEMP[5]\n  1: END\n", 10, 18, "TEMP[5] is not declared"},
    {PRELUDE "  0: MOV OUT[0], CONST[1][0]\n  1: END\n", 10, 18, "CONST[1][0] is not declared"},
    {PRELUDE "  0: MOV OUT[0], CONST[0][4]\n  1: END\n", 10, 18, "CONST[0][4] is not declared"},
    {PRELUDE "  0: MOV OUT[0], IMM[1]\n  1: END\n", 10, 18, "IMM[1] out of range (1 immediates)"},
    {PRELUDE "  0: MOV OUT[0], IN[0].xyzq\n  1: END\n", 10, 24, "bad swizzle 'xyzq'"},
    {PRELUDE "  0: MOV OUT[0], IN[0].xy\n  1: END\n", 10, 24, "bad swizzle 'xy'"},
    {PRELUDE "  0: MOV OUT[0].yx, IN[0]\n  1: END\n", 10, 17, "bad write mask 'yx'"},
    {PRELUDE "  0: MOV OUT[0].xyzwx, IN[0]\n  1: END\n", 10, 17, "bad write mask"},
    {PRELUDE "  0: MOV OUT[0], TEMP[ADDR[0].x](2)\n  1: END\n", 10, 18, "ARRAY(2) of TEMP is not declared"},
    {PRELUDE "  0: MOV OUT[0], TEMP[ADDR[1].x]\n  1: END\n", 10, 18, "address register ADDR[1] is not declared"},
    {PRELUDE "  0: MOV OUT[0], TEMP[ADDR[0].q]\n  1: END\n", 10, 31, "expected one component letter"},
    {PRELUDE "  0: MOV OUT[0], IN[0]\n", 11, 1, "missing END"},
    {PRELUDE "  0: UIF IN[0].xxxx :2\n  1: END\n", 11, 6, "END inside UIF"},
    {PRELUDE "  0: UIF IN[0].xxxx :2\n  1: ELSE :2\n  2: ENDIF\n  3: END\n", 10, 21, "bad label :2 of UIF: expected :1"},
    {PRELUDE "  0: UIF IN[0].xxxx :1\n  1: ELSE :3\n  2: ENDIF\n  3: END\n", 11, 11, "bad label :3 of ELSE: expected :2"},
    {PRELUDE "  0: UIF IN[0].xxxx\n  1: ENDIF\n  2: END\n", 10, 6, "UIF needs a label"},
    {PRELUDE "  0: ENDIF\n  1: END\n", 10, 6, "ENDIF without an open IF/UIF"},
    {PRELUDE "  0: BGNLOOP :0\n  1: ENDIF\n  2: END\n", 11, 6, "ENDIF without an open IF/UIF inside BGNLOOP"},
    {PRELUDE "  0: ENDLOOP :0\n  1: END\n", 10, 6, "ENDLOOP without an open BGNLOOP"},
    {PRELUDE "  0: BGNLOOP :0\n  1: END\n", 11, 6, "END inside BGNLOOP"},
    {PRELUDE "  0: BGNLOOP :7\n  1: ENDLOOP :0\n  2: END\n", 10, 14, "bad label :7 of BGNLOOP"},
    {PRELUDE "  0: BRK\n  1: END\n", 10, 6, "BRK outside a loop or SWITCH"},
    {PRELUDE "  0: SWITCH IN[0].xxxx\n  1: CONT\n  2: ENDSWITCH\n  3: END\n", 11, 6, "CONT outside a loop"},
    {PRELUDE "  0: CASE IMM[0].xxxx\n  1: END\n", 10, 6, "CASE outside a SWITCH"},
    {PRELUDE "  0: SWITCH IN[0].xxxx\n  1: CASE TEMP[0].xxxx\n  2: ENDSWITCH\n  3: END\n", 11, 11, "source 0 of CASE cannot be TEMP"},
    {PRELUDE "  0: SWITCH IN[0].xxxx\n  1: END\n", 11, 6, "END inside SWITCH"},
    {PRELUDE "  0: SWITCH IN[0].xxxx\n  1: DEFAULT\n  2: DEFAULT\n  3: ENDSWITCH\n  4: END\n", 12, 6, "second DEFAULT"},
    {PRELUDE "  0: END\n  1: BGNSUB\n  2: RET\n", 11, 6, "BGNSUB without ENDSUB"},
    {PRELUDE "  0: END\n  1: ENDSUB\n", 11, 6, "ENDSUB after END outside a subroutine"},
    {PRELUDE "  0: END\n  1: MOV OUT[0], IN[0]\n", 11, 6, "MOV after END outside a subroutine"},
    {PRELUDE "  0: BGNSUB\n  1: ENDSUB\n  2: END\n", 10, 6, "BGNSUB before END"},
    {PRELUDE "  0: CAL :1\n  1: END\n", 10, 10, "CAL's label :1 is not a BGNSUB"},
    {PRELUDE "  0: MOV OUT[0], IN[0] :1\n  1: END\n", 10, 24, "MOV takes no label"},
    {PRELUDE "  0: TEX OUT[0], IN[0], SAMP[0]\n  1: END\n", 10, 32, "expected ',' and the texture target"},
    {PRELUDE "  0: TEX OUT[0], IN[0], SAMP[0], 4D\n  1: END\n", 10, 34, "expected texture target"},
    {PRELUDE "  0: TEX OUT[0], SAMP[0], IN[0], 2D\n  1: END\n", 10, 18, "source 0 of TEX cannot be SAMP"},
    {PRELUDE "  0: TEX OUT[0], IN[0], TEMP[0], 2D\n  1: END\n", 10, 25, "source 1 of TEX cannot be TEMP (expected SAMP/SVIEW)"},
    {PRELUDE "  0: ADD OUT[0], SAMP[0], IN[0]\n  1: END\n", 10, 18, "source 0 of ADD cannot be SAMP"},
    /* truncated lines */
    {PRELUDE "  0: MOV OUT[0], IN[", 10, 21, "expected register index or address register, found end of text"},
    {PRELUDE "  0: MOV OUT[0], IN[0\n  1: END\n", 10, 22, "expected ']' after register index, found end of line"},
    {PRELUDE "  0: MOV OUT[0], IN[0],\n  1: END\n", 10, 23, "too many operands"},
    {PRELUDE "  0: MOV OUT[0],\n  1: END\n", 10, 17, "expected register"},
    {PRELUDE "  0: MOV OUT[0], |IN[0]\n  1: END\n", 10, 24, "expected '|' closing the absolute value"},
    {PRELUDE "  0: UIF IN[0].xxxx :\n  1: END\n", 10, 22, "expected label"},
    {"FRAG\nDCL TEMP[0\n", 2, 11, "expected ']' after register index"},
    {"FRAG\nDCL TEMP[0..]\n", 2, 13, "expected last register of the range"},
    {"FRAG\nDCL TEMP[0], ARRAY(0)\n", 2, 14, "array id 0 is reserved"},
    {"FRAG\nDCL TEMP[0], FOO\n", 2, 14, "unknown declaration attribute 'FOO'"},
    {"FRAG\nDCL SVIEW[0], 2D, FLOAT, FLOAT\n", 2, 19, "expected 1 or 4 return types, found 2"},
    {"FRAG\nDCL TEMP[0..3]\nDCL TEMP[3]\n  0: END\n", 3, 5, "TEMP[3..3] overlaps an earlier declaration"},
    {"FRAG\nDCL TEMP[3..1]\n  0: END\n", 2, 5, "bad range TEMP[3..1]"},
    {"FRAG\nDCL TEMP[0], COLOR\n  0: END\n", 2, 5, "a TEMP declaration takes no semantic"},
    {"FRAG\nDCL SV[0]\n  0: END\n", 2, 5, "needs a semantic"},
    {"FRAG\nDCL SVIEW[0]\n  0: END\n", 2, 5, "a SVIEW declaration needs a texture target"},
    {"FRAG\nDCL TEMP[70000]\n", 2, 10, "register index too large (at most 65535)"},
    {"FRAG\nIMM[1] UINT32 {0, 0, 0, 0}\n", 2, 5, "IMM[1] out of order: expected IMM[0]"},
    {"FRAG\nIMM[0] UINT32 {0, 0, 0, 0, 0}\n", 2, 28, "expected '}' after 4 values"},
    {"FRAG\nIMM[0] UINT32 {0, -1}\n", 2, 19, "bad UINT32 value '-1'"},
    {"FRAG\nIMM[0] UINT32 {4294967296}\n", 2, 16, "bad UINT32 value"},
    {"FRAG\nIMM[0] FLT32 {1.0, 2.0q}\n", 2, 20, "bad FLT32 value '2.0q'"},
    {"FRAG\nIMM[0] FLT32 {1.0, 2.0\n", 2, 23, "expected ',' or '}'"},
    {"FRAG\nIMM[0] FLT16 {1.0}\n", 2, 8, "unknown immediate type 'FLT16'"},
    {"FRAG\nPROPERTY FS_COORD_ORIGIN MIDDLE\n", 2, 26, "unknown value 'MIDDLE' for property FS_COORD_ORIGIN"},
    {"FRAG\nPROPERTY FS_COORD_ORIGIN 2\n  0: END\n", 2, 0, "out of range (0..1)"},
    {"FRAG\nPROPERTY NO_SUCH 1\n", 2, 10, "unknown property 'NO_SUCH'"},
    {"FRAGMENT\n", 1, 1, "unknown processor 'FRAGMENT'"},
    {"\n\n", 3, 1, "empty text"},
    {"DCL TEMP[0]\n", 1, 1, "unknown processor 'DCL'"},
    {"FRAG\n  0: MOV OUT[0], IN[0]\n\x01", 3, 1, "expected a declaration, immediate or instruction, found byte 0x01"},
};

static void test_errors(void **state)
{
    (void)state;
    size_t failures = 0;
    for (size_t i = 0; i < sizeof(error_cases) / sizeof(error_cases[0]); i++) {
        const error_case *c = &error_cases[i];
        tgsi_program *p = (tgsi_program *)1;
        tgsi_error err;
        bool ok = parse_exact(c->text, strlen(c->text), &p, &err);
        if (ok) {
            print_error("case %zu parsed but should fail with '%s'\n", i, c->message);
            tgsi_program_free(p);
            failures++;
            continue;
        }
        assert_null(p);
        if (err.line != c->line || err.column != c->column || !strstr(err.message, c->message)) {
            print_error("case %zu: got line %u, column %u: %s\n"
                        "  expected line %u, column %u: ...%s...\n",
                        i, err.line, err.column, err.message, c->line, c->column, c->message);
            failures++;
        }
    }
    assert_int_equal(failures, 0);
}

/* ---- 4. robustness -------------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rng(void)
{
    return tu_rand(&rng_state); /* deterministic, so a failure reproduces */
}

/* Parse must succeed or fail with a position; success must round-trip. */
static void check_any(const char *text, size_t len, size_t *parsed)
{
    tgsi_program *p = NULL;
    tgsi_error err;
    if (parse_exact(text, len, &p, &err)) {
        assert_non_null(p);
        assert_round_trip(p, "mutated text");
        tgsi_program_free(p);
        (*parsed)++;
    } else {
        assert_null(p);
        assert_true(err.message[0] != 0);
        assert_true(err.line >= 1);
    }
}

static void test_truncations(void **state)
{
    (void)state;
    assert_true(corpus.count >= 100);
    size_t runs = 0, parsed = 0;
    for (size_t i = 0; i < corpus.count; i += 10) {
        const tgsi_corpus_file *f = &corpus.files[i];
        size_t stride = f->len / 40 + 1;
        for (size_t n = 0; n <= f->len; n += stride, runs++)
            check_any(f->text, n, &parsed);
    }
    print_message("truncations: %zu runs, %zu parsed\n", runs, parsed);
}

static void test_mutations(void **state)
{
    (void)state;
    assert_true(corpus.count >= 100);
    static const char alphabet[] = "[]().,:|-+ \n\t0123456789xyzwXYZW_ADDRTEMPCONSTIMM{}#;\0\xff";
    size_t runs = 0, parsed = 0;
    char *buf = NULL;
    for (size_t i = 0; i < corpus.count; i += 10) {
        const tgsi_corpus_file *f = &corpus.files[i];
        buf = realloc(buf, f->len + 64);
        for (int m = 0; m < 24; m++, runs++) {
            memcpy(buf, f->text, f->len);
            size_t len = f->len;
            unsigned edits = 1 + rng() % 4;
            for (unsigned e = 0; e < edits && len > 0; e++) {
                size_t at = rng() % len;
                switch (rng() % 5) {
                case 0: /* replace with a syntax byte */
                    buf[at] = alphabet[rng() % (sizeof(alphabet) - 1)];
                    break;
                case 1: /* random byte */
                    buf[at] = (char)rng();
                    break;
                case 2: /* delete a run */
                {
                    size_t n = 1 + rng() % 8;
                    if (at + n > len)
                        n = len - at;
                    memmove(buf + at, buf + at + n, len - at - n);
                    len -= n;
                    break;
                }
                case 3: /* insert a syntax byte */
                    if (len < f->len + 60) {
                        memmove(buf + at + 1, buf + at, len - at);
                        buf[at] = alphabet[rng() % (sizeof(alphabet) - 1)];
                        len++;
                    }
                    break;
                default: /* change a digit: indices, labels, counts */
                    for (size_t k = at; k < len; k++)
                        if (buf[k] >= '0' && buf[k] <= '9') {
                            buf[k] = (char)('0' + rng() % 10);
                            break;
                        }
                    break;
                }
            }
            check_any(buf, len, &parsed);
        }
    }
    free(buf);
    print_message("mutations: %zu runs, %zu parsed\n", runs, parsed);
}

/* Pathological shapes: deep nesting, long lines, huge numbers. */
static void test_pathological(void **state)
{
    (void)state;
    size_t parsed = 0;
    /* 20000 nested loops: linear time, bounded indentation in the print. */
    size_t n = 20000, cap = n * 32 + 64, len = 0;
    char *t = malloc(cap);
    len += (size_t)snprintf(t + len, cap - len, "VERT\n");
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(t + len, cap - len, "BGNLOOP :0\n");
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(t + len, cap - len, "ENDLOOP :0\n");
    len += (size_t)snprintf(t + len, cap - len, "END\n");
    check_any(t, len, &parsed);
    assert_int_equal(parsed, 1);
    /* A 100000-digit number and a 100000-letter word. */
    memset(t, '9', cap);
    memcpy(t, "FRAG\nDCL TEMP[", 14);
    check_any(t, 100000, &parsed);
    memset(t + 14, 'x', 100000);
    check_any(t, 100014, &parsed);
    free(t);
}

int main(int argc, char **argv)
{
    corpus_dir = argc > 1 ? argv[1] : NULL;
    if (argc > 2) /* a test name pattern, to run one test by hand */
        cmocka_set_test_filter(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),          cmocka_unit_test(test_every_feature),
        cmocka_unit_test(test_free_form),       cmocka_unit_test(test_float_round_trip),
        cmocka_unit_test(test_in_memory),       cmocka_unit_test(test_errors),
        cmocka_unit_test(test_truncations),     cmocka_unit_test(test_mutations),
        cmocka_unit_test(test_pathological),
    };
    return cmocka_run_group_tests(tests, load_corpus, free_corpus);
}
