/*
 * test_tgsi_ref.c: the scalar reference executor (tgsi/tgsi_ref.c)
 * against answers worked out by hand from tgsi.rst and the execution
 * contract, so that it can be trusted as the oracle of the interpreter's
 * differential tests.
 *
 * Each case is a small program in text form run on hand-set lanes; the
 * expected bits are written literally (0x7fc00000, INT32_MIN ...) or as
 * one C float operation whose IEEE result is the spec's formula. Covered:
 * every opcode family, NaN / inf / -0 rules, integer edge cases, divergent
 * control flow (nested IF, per-lane BRK/CONT, SWITCH fallthrough, CAL/RET,
 * the loop cap), indirect addressing in and out of range, KILL_IF, coarse
 * and fine derivatives, PS position / FACE / system values, the texture
 * requests, the rejection of what no executor runs, and geometry shaders
 * (2-D IN[vertex][attr] with an indirect vertex, SV PRIMID, EMIT / ENDPRIM
 * into the per-lane vertex buffer, cut flags, max_vertices).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tgsi/tgsi_ref.h"
#include "tools/tgsi_test_inputs.h"
#include "tools/tgsi_test_sampler.h"

/* ---- helpers ------------------------------------------------------------- */

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

#define QNAN 0x7fc00000u
#define PINF 0x7f800000u
#define NINF 0xff800000u
#define NZERO 0x80000000u

#define CHECK_BITS(got, want)                                                                 \
    do {                                                                                      \
        uint32_t g_ = (got), w_ = (want);                                                     \
        if (g_ != w_)                                                                         \
            fail_msg("%s:%d: got 0x%08x (%g) want 0x%08x (%g)", __FILE__, __LINE__, g_,       \
                     (double)bf(g_), w_, (double)bf(w_));                                     \
    } while (0)

static tgsi_program *parse(const char *text)
{
    tgsi_error err;
    tgsi_program *p = tgsi_test_parse(text, &err);
    if (!p)
        fail_msg("parse error %u:%u: %s\n%s", err.line, err.column, err.message, text);
    return p;
}

typedef struct vs_ctx {
    swr_simd_vec4 in[SWR_MAX_ATTRIBS];
    swr_simd_vec4 out[SWR_MAX_ATTRIBS];
    float cb[2][64 * 4];
    swr_shader_resources res;
    swr_vs_args a;
} vs_ctx;

/* Contexts hold 32-byte aligned vectors: calloc only promises 16. */
static void *zalloc32(size_t size)
{
    size = (size + 31) & ~(size_t)31;
    void *p = aligned_alloc(32, size);
    assert_non_null(p);
    memset(p, 0, size);
    return p;
}

static vs_ctx *vs_new(void)
{
    vs_ctx *v = zalloc32(sizeof *v);
    assert_non_null(v);
    v->a.inputs = v->in;
    v->a.outputs = v->out;
    v->a.active_mask = 0xff;
    v->a.res = &v->res;
    return v;
}

static void vs_exec(vs_ctx *v, const char *text)
{
    tgsi_program *p = parse(text);
    tgsi_error err;
    if (!tgsi_ref_run_vs(p, &v->a, &err))
        fail_msg("run failed: %s", err.message);
    tgsi_program_free(p);
}

static void set_in(vs_ctx *v, int i, int c, int l, uint32_t bits)
{
    v->in[i].v[c][l] = bf(bits);
}

/* IN[i] = (x, y, z, w) in every lane. */
static void set_in4(vs_ctx *v, int i, uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
    uint32_t c4[4] = {x, y, z, w};
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < 8; l++)
            set_in(v, i, c, l, c4[c]);
}

static uint32_t out_bits(const vs_ctx *v, int i, int c, int l)
{
    return fb(v->out[i].v[c][l]);
}

/* Runs one instruction `inst` (e.g. "MAD OUT[0], IN[0], IN[1], IN[2]") on
 * IN[k] = srcs[k] replicated to all components and lanes, with the
 * property line `props` (may be ""), and returns OUT[0].x of lane 0 (all
 * lanes are checked equal). */
static uint32_t eval_props(const char *props, const char *inst, uint32_t s0, uint32_t s1,
                           uint32_t s2, uint32_t s3)
{
    char text[1024];
    snprintf(text, sizeof text,
             "VERT\n%s\nDCL IN[0..3]\nDCL OUT[0], GENERIC[0]\n%s\nEND\n", props, inst);
    vs_ctx *v = vs_new();
    set_in4(v, 0, s0, s0, s0, s0);
    set_in4(v, 1, s1, s1, s1, s1);
    set_in4(v, 2, s2, s2, s2, s2);
    set_in4(v, 3, s3, s3, s3, s3);
    vs_exec(v, text);
    uint32_t r = out_bits(v, 0, 0, 0);
    for (int l = 1; l < 8; l++)
        CHECK_BITS(out_bits(v, 0, 0, l), r);
    free(v);
    return r;
}

static uint32_t eval(const char *inst, uint32_t s0, uint32_t s1, uint32_t s2, uint32_t s3)
{
    return eval_props("", inst, s0, s1, s2, s3);
}

#define OP1(name, a) eval(name " OUT[0], IN[0]", (a), 0, 0, 0)
#define OP2(name, a, b) eval(name " OUT[0], IN[0], IN[1]", (a), (b), 0, 0)
#define OP3(name, a, b, c) eval(name " OUT[0], IN[0], IN[1], IN[2]", (a), (b), (c), 0)
#define I(x) ((uint32_t)(int32_t)(x))

/* ---- float arithmetic ---------------------------------------------------- */

static void test_float_basic(void **state)
{
    (void)state;
    CHECK_BITS(OP2("ADD", fb(1.5f), fb(2.25f)), fb(3.75f));
    CHECK_BITS(OP2("MUL", fb(3.0f), fb(-0.5f)), fb(-1.5f));
    CHECK_BITS(OP2("MUL", PINF, 0), 0xffc00000u); /* inf * 0: x86 default NaN */
    CHECK_BITS(OP2("MUL", NZERO, fb(5.0f)), NZERO);
    CHECK_BITS(OP3("MAD", fb(2.0f), fb(3.0f), fb(1.0f)), fb(7.0f));
    /* MAD rounds the product: (1 + 2^-12)^2 - 1 loses 2^-24 without FMA. */
    float a = 1.0f + 0x1p-12f;
    CHECK_BITS(OP3("MAD", fb(a), fb(a), fb(-1.0f)), fb(a * a - 1.0f));
    CHECK_BITS(OP3("FMA", fb(a), fb(a), fb(-1.0f)), fb(fmaf(a, a, -1.0f)));
    assert_true(fb(a * a - 1.0f) != fb(fmaf(a, a, -1.0f)));
    CHECK_BITS(OP2("DIV", fb(1.0f), 0), PINF);
    CHECK_BITS(OP2("DIV", fb(-1.0f), 0), NINF);
    CHECK_BITS(OP1("RCP", NZERO), NINF);
    CHECK_BITS(OP1("RCP", fb(4.0f)), fb(0.25f));
    CHECK_BITS(OP1("RSQ", fb(4.0f)), fb(0.5f));
    CHECK_BITS(OP1("SQRT", fb(9.0f)), fb(3.0f));
    CHECK_BITS(OP1("SQRT", NZERO), NZERO);
    CHECK_BITS(OP1("SQRT", fb(-1.0f)) & 0x7fc00000u, 0x7fc00000u); /* NaN */
    /* LRP = a*b + (1-a)*c, as written */
    CHECK_BITS(OP3("LRP", fb(0.25f), fb(8.0f), fb(4.0f)), fb(0.25f * 8.0f + 0.75f * 4.0f));
    /* DP3/DP4 left to right, replicated */
    uint32_t r = eval("DP4 OUT[0], IN[0], IN[1]", fb(1e8f), fb(1.0f), 0, 0);
    CHECK_BITS(r, fb(((1e8f * 1.0f + 1e8f * 1.0f) + 1e8f * 1.0f) + 1e8f * 1.0f));
}

static void test_float_rounding_ops(void **state)
{
    (void)state;
    CHECK_BITS(OP1("FLR", fb(-1.5f)), fb(-2.0f));
    CHECK_BITS(OP1("CEIL", fb(-1.5f)), fb(-1.0f));
    CHECK_BITS(OP1("CEIL", fb(-0.5f)), NZERO);
    CHECK_BITS(OP1("TRUNC", fb(-1.7f)), fb(-1.0f));
    CHECK_BITS(OP1("FRC", fb(-1.25f)), fb(0.75f));
    CHECK_BITS(OP1("FRC", PINF) & 0x7f800000u, 0x7f800000u); /* inf - inf = NaN */
    /* ROUND: half to even, sign kept */
    CHECK_BITS(OP1("ROUND", fb(2.5f)), fb(2.0f));
    CHECK_BITS(OP1("ROUND", fb(3.5f)), fb(4.0f));
    CHECK_BITS(OP1("ROUND", fb(-0.5f)), NZERO);
    CHECK_BITS(OP1("ROUND", fb(-2.5f)), fb(-2.0f));
    CHECK_BITS(OP1("ROUND", fb(0.50000006f)), fb(1.0f));
    CHECK_BITS(OP1("SSG", fb(-3.0f)), fb(-1.0f));
    CHECK_BITS(OP1("SSG", NZERO), 0);
    CHECK_BITS(OP1("SSG", QNAN), 0);
    CHECK_BITS(OP1("SSG", PINF), fb(1.0f));
    CHECK_BITS(OP3("CMP", fb(-1.0f), fb(1.0f), fb(2.0f)), fb(1.0f));
    CHECK_BITS(OP3("CMP", NZERO, fb(1.0f), fb(2.0f)), fb(2.0f));
    CHECK_BITS(OP3("CMP", QNAN, fb(1.0f), fb(2.0f)), fb(2.0f));
    CHECK_BITS(eval("LDEXP OUT[0], IN[0], IN[1]", fb(1.5f), I(3), 0, 0), fb(12.0f));
    CHECK_BITS(eval("LDEXP OUT[0], IN[0], IN[1]", fb(1.0f), I(-149), 0, 0), 1u);
    CHECK_BITS(eval("LDEXP OUT[0], IN[0], IN[1]", fb(1.0f), I(128), 0, 0), PINF);
}

/* exec contract 3/4. */
static void test_min_max_compare(void **state)
{
    (void)state;
    CHECK_BITS(OP2("MIN", NZERO, 0), NZERO);
    CHECK_BITS(OP2("MIN", 0, NZERO), NZERO);
    CHECK_BITS(OP2("MAX", NZERO, 0), 0);
    CHECK_BITS(OP2("MAX", 0, NZERO), 0);
    CHECK_BITS(OP2("MIN", QNAN, fb(2.0f)), fb(2.0f));
    CHECK_BITS(OP2("MIN", fb(2.0f), QNAN), fb(2.0f));
    CHECK_BITS(OP2("MAX", QNAN, fb(-2.0f)), fb(-2.0f));
    CHECK_BITS(OP2("MAX", QNAN, QNAN), QNAN);
    CHECK_BITS(OP2("MIN", NINF, fb(1.0f)), NINF);
    CHECK_BITS(OP2("SLT", fb(1.0f), fb(2.0f)), fb(1.0f));
    CHECK_BITS(OP2("SLT", QNAN, fb(2.0f)), 0);
    CHECK_BITS(OP2("SGE", QNAN, QNAN), 0);
    CHECK_BITS(OP2("SEQ", NZERO, 0), fb(1.0f));
    CHECK_BITS(OP2("SEQ", QNAN, QNAN), 0);
    CHECK_BITS(OP2("SNE", QNAN, QNAN), fb(1.0f));
    CHECK_BITS(OP2("SNE", fb(1.0f), fb(1.0f)), 0);
    CHECK_BITS(OP2("SGT", PINF, fb(3.0f)), fb(1.0f));
    CHECK_BITS(OP2("SLE", fb(3.0f), fb(3.0f)), fb(1.0f));
    CHECK_BITS(OP2("FSLT", fb(-1.0f), 0), 0xffffffffu);
    CHECK_BITS(OP2("FSGE", QNAN, 0), 0);
    CHECK_BITS(OP2("FSEQ", QNAN, QNAN), 0);
    CHECK_BITS(OP2("FSNE", QNAN, fb(1.0f)), 0xffffffffu);
    CHECK_BITS(OP2("FSNE", NZERO, 0), 0);
}

/* exec contract 8 (_SAT) and 10 (MUL_ZERO_WINS). */
static void test_saturate_and_zero_wins(void **state)
{
    (void)state;
    CHECK_BITS(OP1("MOV_SAT", QNAN), 0);
    CHECK_BITS(OP1("MOV_SAT", NZERO), 0);
    CHECK_BITS(OP1("MOV_SAT", fb(2.0f)), fb(1.0f));
    CHECK_BITS(OP1("MOV_SAT", fb(0.25f)), fb(0.25f));
    CHECK_BITS(OP2("ADD_SAT", fb(-3.0f), fb(1.0f)), 0);
    CHECK_BITS(OP1("MOV_SAT", NINF), 0);
    /* Integer results ignore _SAT. */
    CHECK_BITS(OP2("UADD_SAT", I(5), I(7)), I(12));
    CHECK_BITS(OP1("F2I_SAT", fb(-7.0f)), I(-7));

    const char *mzw = "PROPERTY MUL_ZERO_WINS 1";
    CHECK_BITS(eval_props(mzw, "MUL OUT[0], IN[0], IN[1]", 0, PINF, 0, 0), 0);
    CHECK_BITS(eval_props(mzw, "MUL OUT[0], IN[0], IN[1]", QNAN, NZERO, 0, 0), 0);
    CHECK_BITS(eval_props(mzw, "MUL OUT[0], IN[0], IN[1]", NZERO, fb(5.0f), 0, 0), 0);
    CHECK_BITS(eval_props(mzw, "MUL OUT[0], IN[0], IN[1]", fb(2.0f), fb(5.0f), 0, 0),
               fb(10.0f));
    CHECK_BITS(eval_props(mzw, "MAD OUT[0], IN[0], IN[1], IN[2]", 0, PINF, fb(3.0f), 0),
               fb(3.0f));
    CHECK_BITS(eval_props(mzw, "DP4 OUT[0], IN[0], IN[1]", 0, QNAN, 0, 0), 0);
    CHECK_BITS(eval_props("PROPERTY LEGACY_MATH_RULES 1", "DP3 OUT[0], IN[0], IN[1]", PINF, 0,
                          0, 0),
               0);
    /* Without the property: IEEE. */
    CHECK_BITS(OP3("MAD", 0, PINF, fb(3.0f)) & 0x7fc00000u, 0x7fc00000u);
    /* POW(1, inf): NaN in IEEE through exp2(y log2 x), 1 with zero-wins. */
    CHECK_BITS(OP2("POW", fb(1.0f), PINF) & 0x7fc00000u, 0x7fc00000u);
    CHECK_BITS(eval_props(mzw, "POW OUT[0], IN[0], IN[1]", fb(1.0f), PINF, 0, 0), fb(1.0f));
    /* LIT is not a product of contract 10. */
    CHECK_BITS(OP2("POW", fb(5.0f), 0), fb(1.0f));
}

static void test_transcendentals(void **state)
{
    (void)state;
    CHECK_BITS(OP1("EX2", fb(3.0f)), fb(8.0f));
    CHECK_BITS(OP1("EX2", fb(-2.0f)), fb(0.25f));
    CHECK_BITS(OP1("EX2", NINF), 0);
    CHECK_BITS(OP1("LG2", fb(8.0f)), fb(3.0f));
    CHECK_BITS(OP1("LG2", 0), NINF);
    CHECK_BITS(OP1("LG2", fb(1.0f)), 0);
    CHECK_BITS(OP1("LG2", fb(-1.0f)), QNAN);
    CHECK_BITS(OP1("SIN", 0), 0);
    CHECK_BITS(OP1("SIN", NZERO), NZERO);
    CHECK_BITS(OP1("COS", 0), fb(1.0f));
    CHECK_BITS(OP2("POW", fb(2.0f), fb(3.0f)), fb(8.0f));
    CHECK_BITS(OP2("POW", QNAN, 0), fb(1.0f));
    assert_true(fabsf(bf(OP1("SIN", fb(1.0f))) - 0.84147098f) < 1e-6f);
    assert_true(fabsf(bf(OP1("COS", fb(1.0f))) - 0.54030231f) < 1e-6f);

    /* EXP / LOG / LIT / DST component by component */
    vs_ctx *v = vs_new();
    set_in4(v, 0, fb(2.5f), fb(0.5f), fb(0.0f), fb(2.0f));
    set_in4(v, 1, fb(-12.0f), fb(3.0f), fb(7.0f), fb(9.0f));
    vs_exec(v, "VERT\nDCL IN[0..1]\nDCL OUT[0..4], GENERIC[0]\n"
               "EXP OUT[0], IN[0].xxxx\nLOG OUT[1], IN[1].xxxx\nLIT OUT[2], IN[0]\n"
               "DST OUT[3], IN[0], IN[1]\nLIT OUT[4], IN[1]\nEND\n");
    /* EXP(2.5) = (2^2, 0.5, 2^2.5, 1) */
    CHECK_BITS(out_bits(v, 0, 0, 3), fb(4.0f));
    CHECK_BITS(out_bits(v, 0, 1, 3), fb(0.5f));
    assert_true(fabsf(bf(out_bits(v, 0, 2, 3)) - 5.656854f) < 2e-6f);
    CHECK_BITS(out_bits(v, 0, 3, 3), fb(1.0f));
    /* LOG(-12) = (3, 12/8, log2 12, 1) */
    CHECK_BITS(out_bits(v, 1, 0, 0), fb(3.0f));
    CHECK_BITS(out_bits(v, 1, 1, 0), fb(1.5f));
    assert_true(fabsf(bf(out_bits(v, 1, 2, 0)) - 3.5849625f) < 2e-6f);
    CHECK_BITS(out_bits(v, 1, 3, 0), fb(1.0f));
    /* LIT(2.5, 0.5, 0, 2) = (1, 2.5, 0.5^2, 1) */
    CHECK_BITS(out_bits(v, 2, 0, 0), fb(1.0f));
    CHECK_BITS(out_bits(v, 2, 1, 0), fb(2.5f));
    CHECK_BITS(out_bits(v, 2, 2, 0), fb(0.25f));
    CHECK_BITS(out_bits(v, 2, 3, 0), fb(1.0f));
    /* DST = (1, 0.5 * 3, 0, 9) */
    CHECK_BITS(out_bits(v, 3, 0, 0), fb(1.0f));
    CHECK_BITS(out_bits(v, 3, 1, 0), fb(1.5f));
    CHECK_BITS(out_bits(v, 3, 2, 0), 0);
    CHECK_BITS(out_bits(v, 3, 3, 0), fb(9.0f));
    /* LIT with x <= 0: z = 0, y = max(x, 0) = 0 */
    CHECK_BITS(out_bits(v, 4, 1, 0), 0);
    CHECK_BITS(out_bits(v, 4, 2, 0), 0);
    free(v);
}

/* exec contract 5 and 1 (conversions). */
static void test_conversions(void **state)
{
    (void)state;
    CHECK_BITS(OP1("F2I", fb(-1.7f)), I(-1));
    CHECK_BITS(OP1("F2I", QNAN), 0);
    CHECK_BITS(OP1("F2I", fb(3e9f)), I(INT32_MAX));
    CHECK_BITS(OP1("F2I", fb(-3e9f)), I(INT32_MIN));
    CHECK_BITS(OP1("F2I", fb(-2147483648.0f)), I(INT32_MIN));
    CHECK_BITS(OP1("F2I", PINF), I(INT32_MAX));
    CHECK_BITS(OP1("F2U", fb(3.9f)), 3);
    CHECK_BITS(OP1("F2U", fb(-0.5f)), 0);
    CHECK_BITS(OP1("F2U", fb(-5.0f)), 0);
    CHECK_BITS(OP1("F2U", fb(5e9f)), UINT32_MAX);
    CHECK_BITS(OP1("F2U", fb(4294967040.0f)), 4294967040u);
    CHECK_BITS(OP1("F2U", QNAN), 0);
    CHECK_BITS(OP1("I2F", I(-3)), fb(-3.0f));
    CHECK_BITS(OP1("I2F", I(16777217)), fb(16777216.0f)); /* ties to even */
    CHECK_BITS(OP1("U2F", UINT32_MAX), fb(4294967296.0f));
    CHECK_BITS(OP1("ARL", fb(-0.5f)), I(-1));
    CHECK_BITS(OP1("ARL", fb(2.9f)), I(2));
    CHECK_BITS(OP1("ARR", fb(2.5f)), I(2));
    CHECK_BITS(OP1("ARR", fb(-1.5f)), I(-2));
    CHECK_BITS(OP1("ARR", QNAN), 0);
    CHECK_BITS(OP1("UARL", 0xdeadbeefu), 0xdeadbeefu);
    /* pack / unpack */
    CHECK_BITS(OP1("PK2H", fb(1.0f)), 0x3c003c00u);
    CHECK_BITS(eval("PK2H OUT[0], IN[0]", fb(65520.0f), 0, 0, 0), 0x7c007c00u); /* rounds to inf */
    CHECK_BITS(eval("PK2H OUT[0], IN[0]", fb(0x1p-24f), 0, 0, 0), 0x00010001u); /* denormal */
    CHECK_BITS(OP1("PK4UB", fb(0.5f)), 0x80808080u); /* 127.5 -> 128 (even) */
    CHECK_BITS(OP1("PK4UB", QNAN), 0);
    CHECK_BITS(OP1("PK4B", fb(-1.0f)), 0x81818181u);
    CHECK_BITS(OP1("PK2US", fb(2.0f)), 0xffffffffu);
    CHECK_BITS(OP1("UP2H", 0xbc003c00u), fb(1.0f));
    CHECK_BITS(eval("UP2H OUT[0], IN[0].yxzw", 0xbc003c00u, 0, 0, 0), fb(1.0f));
    vs_ctx *v = vs_new();
    set_in4(v, 0, 0xbc003c00u, 0x80ff7f01u, 0, 0);
    vs_exec(v, "VERT\nDCL IN[0]\nDCL OUT[0..2], GENERIC[0]\nUP2H OUT[0], IN[0].xxxx\n"
               "UP4B OUT[1], IN[0].yyyy\nUP4UB OUT[2], IN[0].yyyy\nEND\n");
    CHECK_BITS(out_bits(v, 0, 0, 0), fb(1.0f));
    CHECK_BITS(out_bits(v, 0, 1, 0), fb(-1.0f));
    CHECK_BITS(out_bits(v, 0, 2, 0), fb(1.0f));
    CHECK_BITS(out_bits(v, 0, 3, 0), fb(-1.0f));
    CHECK_BITS(out_bits(v, 1, 0, 0), fb(1.0f / 127.0f));
    CHECK_BITS(out_bits(v, 1, 1, 0), fb(1.0f));
    CHECK_BITS(out_bits(v, 1, 2, 0), fb(-1.0f / 127.0f));
    CHECK_BITS(out_bits(v, 1, 3, 0), fb(-1.0f)); /* -128/127 clamps to -1 */
    CHECK_BITS(out_bits(v, 2, 0, 0), fb(1.0f / 255.0f));
    CHECK_BITS(out_bits(v, 2, 3, 0), fb(128.0f / 255.0f));
    free(v);
}

/* exec contract 6/7 and the integer ISA. */
static void test_integer_ops(void **state)
{
    (void)state;
    CHECK_BITS(OP2("UADD", UINT32_MAX, 2), 1);
    CHECK_BITS(OP3("UMAD", 0x10000u, 0x10000u, 5), 5);
    CHECK_BITS(OP2("UMUL", I(-3), I(7)), I(-21));
    CHECK_BITS(OP2("IMUL_HI", I(-1), I(1)), 0xffffffffu);
    CHECK_BITS(OP2("IMUL_HI", I(INT32_MIN), I(INT32_MIN)), 0x40000000u);
    CHECK_BITS(OP2("UMUL_HI", UINT32_MAX, UINT32_MAX), 0xfffffffeu);
    CHECK_BITS(OP2("IDIV", I(-7), I(2)), I(-3));
    CHECK_BITS(OP2("IDIV", I(7), 0), 0xffffffffu);
    CHECK_BITS(OP2("IDIV", I(INT32_MIN), I(-1)), I(INT32_MIN));
    CHECK_BITS(OP2("MOD", I(-7), I(2)), I(-1));
    CHECK_BITS(OP2("MOD", I(7), I(-2)), I(1));
    CHECK_BITS(OP2("MOD", I(7), 0), 0xffffffffu);
    CHECK_BITS(OP2("MOD", I(INT32_MIN), I(-1)), 0);
    CHECK_BITS(OP2("UDIV", 7, 0), 0xffffffffu);
    CHECK_BITS(OP2("UDIV", UINT32_MAX, 2), 0x7fffffffu);
    CHECK_BITS(OP2("UMOD", 7, 0), 0xffffffffu);
    CHECK_BITS(OP2("UMOD", 7, 4), 3);
    CHECK_BITS(OP1("NOT", 0x0f0f0f0fu), 0xf0f0f0f0u);
    CHECK_BITS(OP2("AND", 0xff00ff00u, 0x0ff00ff0u), 0x0f000f00u);
    CHECK_BITS(OP2("OR", 0xff00ff00u, 0x0ff00ff0u), 0xfff0fff0u);
    CHECK_BITS(OP2("XOR", 0xff00ff00u, 0x0ff00ff0u), 0xf0f0f0f0u);
    CHECK_BITS(OP2("IMAX", I(-1), I(1)), I(1));
    CHECK_BITS(OP2("UMAX", I(-1), I(1)), I(-1));
    CHECK_BITS(OP2("IMIN", I(INT32_MIN), I(INT32_MAX)), I(INT32_MIN));
    CHECK_BITS(OP2("UMIN", I(-1), I(1)), 1);
    CHECK_BITS(OP2("SHL", 1, 33), 2); /* count & 31 */
    CHECK_BITS(OP2("SHL", 1, 31), 0x80000000u);
    CHECK_BITS(OP2("ISHR", I(-8), 1), I(-4));
    CHECK_BITS(OP2("ISHR", I(INT32_MIN), 31), 0xffffffffu);
    CHECK_BITS(OP2("ISHR", I(-8), 32), I(-8));
    CHECK_BITS(OP2("USHR", 0x80000000u, 31), 1);
    CHECK_BITS(OP2("USHR", 0x80000000u, 0xffffffffu), 1);
    CHECK_BITS(OP3("UCMP", 0, 5, 6), 6);
    CHECK_BITS(OP3("UCMP", 0x80000000u, 5, 6), 5);
    CHECK_BITS(OP1("ISSG", I(-5)), I(-1));
    CHECK_BITS(OP1("ISSG", 0), 0);
    CHECK_BITS(OP1("ISSG", I(9)), 1);
    CHECK_BITS(OP2("ISLT", I(-1), 0), 0xffffffffu);
    CHECK_BITS(OP2("USLT", I(-1), 0), 0);
    CHECK_BITS(OP2("ISGE", I(INT32_MIN), I(INT32_MIN)), 0xffffffffu);
    CHECK_BITS(OP2("USGE", 0, 1), 0);
    CHECK_BITS(OP2("USEQ", 7, 7), 0xffffffffu);
    CHECK_BITS(OP2("USNE", 7, 7), 0);
    CHECK_BITS(OP1("INEG", I(INT32_MIN)), I(INT32_MIN));
    CHECK_BITS(OP1("INEG", I(5)), I(-5));
    CHECK_BITS(OP1("IABS", I(INT32_MIN)), I(INT32_MIN));
    CHECK_BITS(OP1("IABS", I(-5)), I(5));
    /* bitfields (exec contract 7) */
    CHECK_BITS(OP3("UBFE", 0xabcd1234u, 8, 8), 0x12);
    CHECK_BITS(OP3("IBFE", 0xabcd1234u, 28, 4), 0xfffffffau);
    CHECK_BITS(OP3("IBFE", 0xabcd1234u, 0, 32), 0xabcd1234u);
    CHECK_BITS(OP3("UBFE", 0xabcd1234u, 4, 0), 0);
    CHECK_BITS(OP3("UBFE", 0xabcd1234u, 30, 4), 0);   /* offset + bits > 32 */
    CHECK_BITS(OP3("IBFE", 0xabcd1234u, 32, 1), 0);   /* offset >= 32 */
    CHECK_BITS(OP3("UBFE", 0xabcd1234u, 0, 33), 0);   /* bits > 32 */
    CHECK_BITS(OP3("UBFE", 0xabcd1234u, 0xffffffffu, 2), 0); /* "negative" offset */
    CHECK_BITS(eval("BFI OUT[0], IN[0], IN[1], IN[2], IN[3]", 0xffffffffu, 0, 4, 8),
               0xfffff00fu);
    CHECK_BITS(eval("BFI OUT[0], IN[0], IN[1], IN[2], IN[3]", 0x12345678u, 0xabu, 0, 32), 0xabu);
    CHECK_BITS(eval("BFI OUT[0], IN[0], IN[1], IN[2], IN[3]", 0x12345678u, 0xabu, 4, 0),
               0x12345678u);
    CHECK_BITS(eval("BFI OUT[0], IN[0], IN[1], IN[2], IN[3]", 0x12345678u, 0xabu, 30, 4),
               0x12345678u);
    CHECK_BITS(OP1("BREV", 1), 0x80000000u);
    CHECK_BITS(OP1("BREV", 0x12345678u), 0x1e6a2c48u);
    CHECK_BITS(OP1("POPC", 0xf0f0f0f1u), 17);
    CHECK_BITS(OP1("LSB", 0), 0xffffffffu);
    CHECK_BITS(OP1("LSB", 0x80000000u), 31);
    CHECK_BITS(OP1("UMSB", 0), 0xffffffffu);
    CHECK_BITS(OP1("UMSB", 0x00010001u), 16);
    CHECK_BITS(OP1("IMSB", 0), 0xffffffffu);
    CHECK_BITS(OP1("IMSB", 0xffffffffu), 0xffffffffu);
    CHECK_BITS(OP1("IMSB", 0x80000000u), 30);
    CHECK_BITS(OP1("IMSB", I(-5)), 2); /* ...11111011: highest 0 is bit 2 */
    CHECK_BITS(OP1("IMSB", 5), 2);
}

/* exec contract 9: modifiers by operand type; swizzles; write masks. */
static void test_modifiers_swizzle_mask(void **state)
{
    (void)state;
    CHECK_BITS(OP1("MOV", QNAN), QNAN);
    CHECK_BITS(eval("MOV OUT[0], -IN[0]", QNAN, 0, 0, 0), 0xffc00000u);
    CHECK_BITS(eval("MOV OUT[0], -IN[0]", 0, 0, 0, 0), NZERO);
    CHECK_BITS(eval("MOV OUT[0], |IN[0]|", 0xffc00001u, 0, 0, 0), 0x7fc00001u);
    CHECK_BITS(eval("MOV OUT[0], -|IN[0]|", fb(2.0f), 0, 0, 0), fb(-2.0f));
    CHECK_BITS(eval("ADD OUT[0], -IN[0], IN[1]", fb(2.0f), fb(5.0f), 0, 0), fb(3.0f));
    /* I: integer abs then negate, wrapping */
    CHECK_BITS(eval("IMAX OUT[0], -IN[0], IN[1]", I(5), I(-100), 0, 0), I(-5));
    CHECK_BITS(eval("IMAX OUT[0], |IN[0]|, IN[1]", I(-7), I(-100), 0, 0), I(7));
    CHECK_BITS(eval("IMAX OUT[0], -|IN[0]|, IN[1]", I(-7), I(-100), 0, 0), I(-7));
    CHECK_BITS(eval("IMAX OUT[0], -IN[0], IN[1]", I(INT32_MIN), I(INT32_MIN), 0, 0),
               I(INT32_MIN));
    /* U: negate is two's complement, absolute a no-op */
    CHECK_BITS(eval("UADD OUT[0], -IN[0], IN[1]", 3, 10, 0, 0), 7);
    CHECK_BITS(eval("UADD OUT[0], |IN[0]|, IN[1]", 0xfffffffdu, 10, 0, 0), 7);
    /* UCMP: selector U, values as floats */
    CHECK_BITS(eval("UCMP OUT[0], IN[0], -IN[1], IN[2]", 1, fb(2.0f), 0, 0), fb(-2.0f));
    /* F2I source is F: -|x| */
    CHECK_BITS(eval("F2I OUT[0], -|IN[0]|", fb(3.5f), 0, 0, 0), I(-3));

    vs_ctx *v = vs_new();
    set_in4(v, 0, fb(1.0f), fb(2.0f), fb(3.0f), fb(4.0f));
    vs_exec(v, "VERT\nDCL IN[0]\nDCL OUT[0..1], GENERIC[0]\nMOV OUT[0].yw, IN[0].wzyx\n"
               "DP3 OUT[1].xz, IN[0].zzzz, IN[0].xyzx\nEND\n");
    for (int l = 0; l < 8; l++) {
        CHECK_BITS(out_bits(v, 0, 0, l), 0); /* unwritten outputs start at 0 */
        CHECK_BITS(out_bits(v, 0, 1, l), fb(3.0f));
        CHECK_BITS(out_bits(v, 0, 2, l), 0);
        CHECK_BITS(out_bits(v, 0, 3, l), fb(1.0f));
        CHECK_BITS(out_bits(v, 1, 0, l), fb(18.0f));
        CHECK_BITS(out_bits(v, 1, 1, l), 0);
        CHECK_BITS(out_bits(v, 1, 2, l), fb(18.0f));
    }
    free(v);
}

/* ---- control flow -------------------------------------------------------- */

/* IN[0].x = lane as an integer. */
static vs_ctx *lanes_ctx(void)
{
    vs_ctx *v = vs_new();
    for (int l = 0; l < 8; l++)
        for (int c = 0; c < 4; c++)
            set_in(v, 0, c, l, (uint32_t)l);
    return v;
}

static void test_nested_if(void **state)
{
    (void)state;
    vs_ctx *v = lanes_ctx();
    vs_exec(v, "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
               "IMM[0] UINT32 {4, 1, 0, 0}\nIMM[1] UINT32 {10, 20, 30, 40}\n"
               "USLT TEMP[0].x, IN[0].xxxx, IMM[0].xxxx\n"
               "AND TEMP[0].y, IN[0].xxxx, IMM[0].yyyy\n"
               "UIF TEMP[0].xxxx\n"
               "  UIF TEMP[0].yyyy\n    MOV OUT[0].x, IMM[1].xxxx\n"
               "  ELSE\n    MOV OUT[0].x, IMM[1].yyyy\n  ENDIF\n"
               "ELSE\n"
               "  UIF TEMP[0].yyyy\n    MOV OUT[0].x, IMM[1].zzzz\n  ENDIF\n"
               "  MOV OUT[0].y, IMM[1].wwww\n"
               "ENDIF\nEND\n");
    for (int l = 0; l < 8; l++) {
        uint32_t x = l < 4 ? ((l & 1) ? 10 : 20) : ((l & 1) ? 30 : 0);
        CHECK_BITS(out_bits(v, 0, 0, l), x);
        CHECK_BITS(out_bits(v, 0, 1, l), l < 4 ? 0 : 40);
    }
    free(v);

    /* IF is a float compare: -0 false, NaN true (exec contract 14). */
    v = vs_new();
    uint32_t conds[8] = {0, NZERO, QNAN, fb(1.0f), 1, 0x80000001u, NINF, 0};
    for (int l = 0; l < 8; l++)
        set_in(v, 0, 0, l, conds[l]);
    vs_exec(v, "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nIMM[0] UINT32 {1, 2, 0, 0}\n"
               "IF IN[0].xxxx\n MOV OUT[0].x, IMM[0].xxxx\nENDIF\n"
               "UIF IN[0].xxxx\n MOV OUT[0].y, IMM[0].yyyy\nENDIF\nEND\n");
    for (int l = 0; l < 8; l++) {
        bool ftrue = !(bf(conds[l]) == 0.0f);
        CHECK_BITS(out_bits(v, 0, 0, l), ftrue ? 1 : 0);
        CHECK_BITS(out_bits(v, 0, 1, l), conds[l] ? 2 : 0);
    }
    free(v);
}

static void test_loops(void **state)
{
    (void)state;
    /* Lane l counts to l (BRK per lane); odd iterations skipped by CONT
     * add to y. */
    vs_ctx *v = lanes_ctx();
    vs_exec(v, "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..1]\n"
               "IMM[0] UINT32 {1, 0, 0, 0}\n"
               "MOV TEMP[0], IMM[0].yyyy\n"
               "BGNLOOP\n"
               "  USGE TEMP[1].x, TEMP[0].xxxx, IN[0].xxxx\n"
               "  UIF TEMP[1].xxxx\n    BRK\n  ENDIF\n"
               "  UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
               "  AND TEMP[1].y, TEMP[0].xxxx, IMM[0].xxxx\n"
               "  UIF TEMP[1].yyyy\n    CONT\n  ENDIF\n"
               "  UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].xxxx\n"
               "ENDLOOP\n"
               "MOV OUT[0], TEMP[0]\nEND\n");
    for (int l = 0; l < 8; l++) {
        CHECK_BITS(out_bits(v, 0, 0, l), (uint32_t)l);
        CHECK_BITS(out_bits(v, 0, 1, l), (uint32_t)l / 2); /* even counts */
    }
    free(v);

    /* Nested loops: BRK leaves only the inner one. */
    v = lanes_ctx();
    vs_exec(v, "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..2]\n"
               "IMM[0] UINT32 {1, 0, 3, 0}\n"
               "MOV TEMP[0], IMM[0].yyyy\n"
               "BGNLOOP\n"
               "  USGE TEMP[1].x, TEMP[0].xxxx, IMM[0].zzzz\n"
               "  UIF TEMP[1].xxxx\n    BRK\n  ENDIF\n"
               "  UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
               "  MOV TEMP[2].x, IMM[0].yyyy\n"
               "  BGNLOOP\n"
               "    USGE TEMP[1].y, TEMP[2].xxxx, IN[0].xxxx\n"
               "    UIF TEMP[1].yyyy\n      BRK\n    ENDIF\n"
               "    UADD TEMP[2].x, TEMP[2].xxxx, IMM[0].xxxx\n"
               "    UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].xxxx\n"
               "  ENDLOOP\n"
               "ENDLOOP\n"
               "MOV OUT[0], TEMP[0]\nEND\n");
    for (int l = 0; l < 8; l++) {
        CHECK_BITS(out_bits(v, 0, 0, l), 3);
        CHECK_BITS(out_bits(v, 0, 1, l), 3u * (uint32_t)l);
    }
    free(v);

    /* The cap (exec contract 15): an endless loop runs 65535 iterations. */
    v = vs_new();
    v->a.active_mask = 0x5;
    vs_exec(v, "VERT\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\nIMM[0] UINT32 {1, 0, 0, 0}\n"
               "MOV TEMP[0], IMM[0].yyyy\n"
               "BGNLOOP\n  UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\nENDLOOP\n"
               "MOV OUT[0], TEMP[0]\nEND\n");
    CHECK_BITS(out_bits(v, 0, 0, 0), 65535);
    CHECK_BITS(out_bits(v, 0, 0, 2), 65535);
    free(v);
}

static void test_switch(void **state)
{
    (void)state;
    /* case 1: x += 1, falls into case 2: x += 10, BRK; default (in the
     * middle): x += 100, falls into case 5: x += 1000 (no BRK at the end). */
    vs_ctx *v = lanes_ctx();
    vs_exec(v, "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
               "IMM[0] UINT32 {1, 10, 100, 1000}\nIMM[1] UINT32 {1, 2, 5, 0}\n"
               "MOV TEMP[0], IMM[1].wwww\n"
               "SWITCH IN[0].xxxx\n"
               "CASE IMM[1].xxxx\n  UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
               "CASE IMM[1].yyyy\n  UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n  BRK\n"
               "DEFAULT\n  UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].zzzz\n"
               "CASE IMM[1].zzzz\n  UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].wwww\n"
               "ENDSWITCH\n"
               "MOV OUT[0], TEMP[0]\nEND\n");
    for (int l = 0; l < 8; l++) {
        uint32_t want = l == 1 ? 11 : l == 2 ? 10 : l == 5 ? 1000 : 1100;
        CHECK_BITS(out_bits(v, 0, 0, l), want);
    }
    free(v);

    /* BRK inside a switch inside a loop leaves the switch only; CONT in the
     * switch continues the loop. */
    v = lanes_ctx();
    vs_exec(v, "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..1]\n"
               "IMM[0] UINT32 {1, 0, 4, 0}\n"
               "MOV TEMP[0], IMM[0].yyyy\n"
               "BGNLOOP\n"
               "  USGE TEMP[1].x, TEMP[0].xxxx, IMM[0].zzzz\n"
               "  UIF TEMP[1].xxxx\n    BRK\n  ENDIF\n"
               "  UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
               "  AND TEMP[1].y, IN[0].xxxx, IMM[0].xxxx\n"
               "  SWITCH TEMP[1].yyyy\n"
               "  CASE IMM[0].xxxx\n    BRK\n"
               "  DEFAULT\n    CONT\n"
               "  ENDSWITCH\n"
               "  UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].xxxx\n"
               "ENDLOOP\n"
               "MOV OUT[0], TEMP[0]\nEND\n");
    for (int l = 0; l < 8; l++) {
        CHECK_BITS(out_bits(v, 0, 0, l), 4);
        CHECK_BITS(out_bits(v, 0, 1, l), (l & 1) ? 4 : 0);
    }
    free(v);
}

static void test_subroutines(void **state)
{
    (void)state;
    /* main: CAL sub; lanes >= 4 RET in main before writing w.
     * sub: x = 7; lanes with bit 0 RET early; others y = 9. */
    vs_ctx *v = lanes_ctx();
    vs_exec(v, "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
               "IMM[0] UINT32 {7, 9, 4, 1}\n"
               "0: CAL :8\n"
               "1: USGE TEMP[0].x, IN[0].xxxx, IMM[0].zzzz\n"
               "2: UIF TEMP[0].xxxx\n"
               "3: RET\n"
               "4: ENDIF\n"
               "5: MOV OUT[0].w, IMM[0].wwww\n"
               "6: CAL :8\n"
               "7: END\n"
               "8: BGNSUB\n"
               "9: MOV OUT[0].x, IMM[0].xxxx\n"
               "10: AND TEMP[0].y, IN[0].xxxx, IMM[0].wwww\n"
               "11: UIF TEMP[0].yyyy\n"
               "12: RET\n"
               "13: ENDIF\n"
               "14: UADD OUT[0].y, OUT[0].yyyy, IMM[0].yyyy\n"
               "15: ENDSUB\n");
    for (int l = 0; l < 8; l++) {
        CHECK_BITS(out_bits(v, 0, 0, l), 7);
        uint32_t calls = l < 4 ? 2 : 1;
        CHECK_BITS(out_bits(v, 0, 1, l), (l & 1) ? 0 : 9 * calls);
        CHECK_BITS(out_bits(v, 0, 3, l), l < 4 ? 1 : 0);
    }
    free(v);

    /* Unbounded recursion stops at 32 nested calls (exec contract 15). */
    v = vs_new();
    vs_exec(v, "VERT\nDCL OUT[0], GENERIC[0]\nIMM[0] UINT32 {1, 0, 0, 0}\n"
               "0: CAL :2\n1: END\n2: BGNSUB\n"
               "3: UADD OUT[0].x, OUT[0].xxxx, IMM[0].xxxx\n4: CAL :2\n5: ENDSUB\n");
    CHECK_BITS(out_bits(v, 0, 0, 0), 32);
    free(v);
}

/* ---- registers ----------------------------------------------------------- */

/* exec contract 12/13. */
static void test_indirect(void **state)
{
    (void)state;
    vs_ctx *v = vs_new();
    /* ADDR per lane: -2 .. 5 */
    for (int l = 0; l < 8; l++)
        set_in(v, 0, 0, l, I(l - 2));
    for (int i = 0; i < 64 * 4; i++)
        v->cb[0][i] = (float)(i + 1);
    v->res.constants[0] = v->cb[0];
    v->res.constant_count[0] = 3;
    vs_exec(v, "VERT\nDCL IN[0]\nDCL OUT[0..3], GENERIC[0]\nDCL TEMP[0..1]\n"
               "DCL TEMP[2..4], ARRAY(1)\nDCL ADDR[0]\nDCL CONST[0][0..7]\n"
               "IMM[0] FLT32 {1.0, 2.0, 3.0, 4.0}\n"
               "UARL ADDR[0].x, IN[0].xxxx\n"
               "MOV TEMP[2], IMM[0].xxxx\nMOV TEMP[3], IMM[0].yyyy\nMOV TEMP[4], IMM[0].zzzz\n"
               /* read TEMP[ADDR+3](1): in range for ADDR in -1..1 */
               "MOV OUT[0], TEMP[ADDR[0].x+3](1)\n"
               /* write TEMP[ADDR+2](1) = 4: in range for ADDR 0..2 */
               "MOV TEMP[ADDR[0].x+2](1), IMM[0].wwww\n"
               "MOV OUT[1].x, TEMP[2].xxxx\nMOV OUT[1].y, TEMP[3].xxxx\n"
               "MOV OUT[1].z, TEMP[4].xxxx\nMOV OUT[1].w, TEMP[1].xxxx\n"
               /* CONST[ADDR+1]: in range for ADDR -1..1 (count 3) */
               "MOV OUT[2], CONST[0][ADDR[0].x+1]\n"
               /* direct past constant_count: 0 */
               "MOV OUT[3], CONST[0][5]\n"
               "END\n");
    for (int l = 0; l < 8; l++) {
        int a = l - 2;
        float want0 = (a >= -1 && a <= 1) ? (float)(a + 2) : 0.0f;
        CHECK_BITS(out_bits(v, 0, 0, l), fb(want0));
        CHECK_BITS(out_bits(v, 1, 0, l), fb(a == 0 ? 4.0f : 1.0f));
        CHECK_BITS(out_bits(v, 1, 1, l), fb(a == 1 ? 4.0f : 2.0f));
        CHECK_BITS(out_bits(v, 1, 2, l), fb(a == 2 ? 4.0f : 3.0f));
        CHECK_BITS(out_bits(v, 1, 3, l), 0); /* TEMP[1] untouched */
        int ci = a + 1;
        CHECK_BITS(out_bits(v, 2, 1, l), fb(ci >= 0 && ci < 3 ? (float)(ci * 4 + 2) : 0.0f));
        CHECK_BITS(out_bits(v, 3, 0, l), 0);
    }
    free(v);

    /* 2-D CONST with an indirect buffer; NULL buffer reads 0. */
    v = vs_new();
    for (int l = 0; l < 8; l++)
        set_in(v, 0, 0, l, I(l - 1));
    v->cb[0][0] = 5.0f;
    v->cb[1][0] = 6.0f;
    v->res.constants[0] = v->cb[0];
    v->res.constants[1] = v->cb[1];
    v->res.constant_count[0] = v->res.constant_count[1] = 1;
    v->res.constant_count[2] = 1; /* constants[2] NULL */
    vs_exec(v, "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL ADDR[0]\nDCL CONST[0][0]\n"
               "DCL CONST[1][0]\nDCL CONST[2][0]\n"
               "UARL ADDR[0].x, IN[0].xxxx\nMOV OUT[0], CONST[ADDR[0].x][0]\nEND\n");
    for (int l = 0; l < 8; l++) {
        int b = l - 1;
        CHECK_BITS(out_bits(v, 0, 0, l), fb(b == 0 ? 5.0f : b == 1 ? 6.0f : 0.0f));
    }
    free(v);
}

static void test_vs_system_values(void **state)
{
    (void)state;
    vs_ctx *v = vs_new();
    v->a.base_vertex = 100;
    v->a.start_instance = 7;
    for (int l = 0; l < 8; l++) {
        v->a.vertex_id.v[l] = 100 + l * 3;
        v->a.instance_id.v[l] = l;
    }
    v->a.active_mask = 0x6f;
    for (int i = 0; i < 6; i++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < 8; l++)
                v->out[i].v[c][l] = -9.0f;
    vs_exec(v, "VERT\nDCL SV[0], VERTEXID\nDCL SV[1], VERTEXID_NOBASE\nDCL SV[2], BASEVERTEX\n"
               "DCL SV[3], INSTANCEID\nDCL SV[4], BASEINSTANCE\nDCL OUT[0..5], GENERIC[0]\n"
               "MOV OUT[0], SV[0]\nMOV OUT[1], SV[1].wzyx\nMOV OUT[2], SV[2]\n"
               "MOV OUT[3], SV[3]\nMOV OUT[4], SV[4]\nEND\n");
    for (int l = 0; l < 8; l++) {
        if (!((0x6f >> l) & 1)) {
            CHECK_BITS(out_bits(v, 0, 0, l), fb(-9.0f)); /* not running: untouched */
            continue;
        }
        for (int c = 0; c < 4; c++) {
            CHECK_BITS(out_bits(v, 0, c, l), (uint32_t)(100 + l * 3));
            CHECK_BITS(out_bits(v, 1, c, l), (uint32_t)(l * 3));
            CHECK_BITS(out_bits(v, 2, c, l), 100);
            CHECK_BITS(out_bits(v, 3, c, l), (uint32_t)l);
            CHECK_BITS(out_bits(v, 4, c, l), 7);
            CHECK_BITS(out_bits(v, 5, c, l), 0); /* declared, unwritten: zeroed */
        }
    }
    free(v);
}

/* ---- pixel shaders ------------------------------------------------------- */

typedef struct ps_ctx {
    swr_simd_vec4 in[SWR_MAX_ATTRIBS];
    swr_shader_resources res;
    swr_ps_args a;
} ps_ctx;

static ps_ctx *ps_new(void)
{
    ps_ctx *p = zalloc32(sizeof *p);
    assert_non_null(p);
    p->a.inputs = p->in;
    p->a.res = &p->res;
    p->a.quad_mask = 0xff;
    p->a.exec_mask = 0xff;
    p->a.block_x = 10;
    p->a.block_y = 20;
    p->a.fb_height = 100;
    for (int l = 0; l < 8; l++) {
        p->a.position.v[0][l] = (float)(10 + (l & 1) + ((l >> 2) << 1)) + 0.5f;
        p->a.position.v[1][l] = (float)(20 + ((l >> 1) & 1)) + 0.5f;
        p->a.position.v[2][l] = 0.25f;
        p->a.position.v[3][l] = 2.0f;
    }
    return p;
}

static void ps_exec_dual(ps_ctx *p, const char *text, bool dual)
{
    tgsi_program *prog = parse(text);
    tgsi_error err;
    if (!tgsi_ref_run_ps(prog, dual, &p->a, &err))
        fail_msg("run failed: %s", err.message);
    tgsi_program_free(prog);
}

static void ps_exec(ps_ctx *p, const char *text)
{
    ps_exec_dual(p, text, false);
}

static uint32_t color_bits(const ps_ctx *p, int rt, int c, int l)
{
    return fb(p->a.color[rt].v[c][l]);
}

static void test_derivatives(void **state)
{
    (void)state;
    ps_ctx *p = ps_new();
    /* v = lane^2 + 10 * lane: quad 0 lanes 0..3: 0, 11, 24, 39 */
    for (int l = 0; l < 8; l++)
        p->in[0].v[0][l] = (float)(l * l + 10 * l);
    ps_exec(p, "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL OUT[1], COLOR[1]\n"
               "DDX OUT[0].x, IN[0].xxxx\nDDY OUT[0].y, IN[0].xxxx\n"
               "DDX_FINE OUT[0].z, IN[0].xxxx\nDDY_FINE OUT[0].w, IN[0].xxxx\n"
               "DDX OUT[1], -IN[0].xxxx\nEND\n");
    for (int l = 0; l < 8; l++) {
        int b = l & 4, q = l & 3;
        float v0 = p->in[0].v[0][b], v1 = p->in[0].v[0][b + 1], v2 = p->in[0].v[0][b + 2],
              v3 = p->in[0].v[0][b + 3];
        CHECK_BITS(color_bits(p, 0, 0, l), fb(v1 - v0));
        CHECK_BITS(color_bits(p, 0, 1, l), fb(v2 - v0));
        CHECK_BITS(color_bits(p, 0, 2, l), fb(q < 2 ? v1 - v0 : v3 - v2));
        CHECK_BITS(color_bits(p, 0, 3, l), fb((q & 1) ? v3 - v1 : v2 - v0));
        CHECK_BITS(color_bits(p, 1, 0, l), fb(-v1 - -v0));
    }
    free(p);

    /* In a VS derivatives are 0. */
    CHECK_BITS(OP1("DDX", fb(5.0f)), 0);
    CHECK_BITS(OP1("DDY_FINE", fb(5.0f)), 0);
}

/* exec contract 19. */
static void test_ps_position_face(void **state)
{
    (void)state;
    static const char *const props[4] = {
        "",
        "PROPERTY FS_COORD_ORIGIN LOWER_LEFT",
        "PROPERTY FS_COORD_PIXEL_CENTER INTEGER",
        "PROPERTY FS_COORD_ORIGIN LOWER_LEFT\nPROPERTY FS_COORD_PIXEL_CENTER INTEGER",
    };
    for (int k = 0; k < 4; k++) {
        for (int sv = 0; sv < 2; sv++) {
            ps_ctx *p = ps_new();
            p->a.front_facing = k & 1;
            char text[1024];
            snprintf(text, sizeof text,
                     "FRAG\n%s\n%s\nDCL IN[1], FACE, CONSTANT\nDCL SV[0], FACE\n"
                     "DCL OUT[0], COLOR\nDCL OUT[1], COLOR[1]\nDCL OUT[2], COLOR[2]\n"
                     "MOV OUT[0], %s\nMOV OUT[1], IN[1]\nMOV OUT[2], SV[0]\nEND\n",
                     props[k], sv ? "DCL SV[1], POSITION" : "DCL IN[0], POSITION, LINEAR",
                     sv ? "SV[1]" : "IN[0]");
            ps_exec(p, text);
            bool ll = k & 1, integer = k & 2;
            for (int l = 0; l < 8; l++) {
                float x = p->a.position.v[0][l], y = p->a.position.v[1][l];
                float wx = integer ? x - 0.5f : x;
                float wy = ll ? 100.0f - y : y;
                if (integer)
                    wy -= 0.5f;
                CHECK_BITS(color_bits(p, 0, 0, l), fb(wx));
                CHECK_BITS(color_bits(p, 0, 1, l), fb(wy));
                CHECK_BITS(color_bits(p, 0, 2, l), fb(0.25f));
                CHECK_BITS(color_bits(p, 0, 3, l), fb(2.0f));
                CHECK_BITS(color_bits(p, 1, 0, l), fb((k & 1) ? 1.0f : -1.0f));
                CHECK_BITS(color_bits(p, 1, 1, l), 0);
                CHECK_BITS(color_bits(p, 1, 3, l), fb(1.0f));
                CHECK_BITS(color_bits(p, 2, 0, l), (k & 1) ? 0xffffffffu : 0);
                CHECK_BITS(color_bits(p, 2, 3, l), 1);
            }
            free(p);
        }
    }
}

static void test_ps_system_values(void **state)
{
    (void)state;
    ps_ctx *p = ps_new();
    p->a.prim_id = 1234;
    p->a.quad_mask = 0xf0;
    p->a.exec_mask = 0x50;
    ps_exec(p, "FRAG\nDCL SV[0], PRIMID\nDCL OUT[0], COLOR\nMOV OUT[0], SV[0]\nEND\n");
    for (int l = 0; l < 8; l++)
        for (int c = 0; c < 4; c++)
            CHECK_BITS(color_bits(p, 0, c, l), ((0x50 >> l) & 1) ? 1234 : 0);
    free(p);

    p = ps_new();
    p->a.quad_mask = 0xff;
    p->a.exec_mask = 0x3c;
    ps_exec(p, "FRAG\nDCL SV[0], SAMPLEID\nDCL SV[1], SAMPLEPOS\nDCL SV[2], SAMPLEMASK\n"
               "DCL SV[3], HELPER_INVOCATION\nDCL TEMP[0]\n"
               "DCL OUT[0], COLOR\nDCL OUT[1], COLOR[1]\nDCL OUT[2], COLOR[2]\n"
               "DCL OUT[3], COLOR[3]\nDCL OUT[4], COLOR[4]\n"
               "MOV OUT[0], SV[0]\nMOV OUT[1], SV[1]\nMOV OUT[2], SV[2]\n"
               "MOV TEMP[0], SV[3]\nUCMP OUT[3], TEMP[0], SV[2].xxxx, SV[2].yyyy\n"
               "READ_HELPER TEMP[0]\nMOV OUT[4], TEMP[0]\nEND\n");
    for (int l = 0; l < 8; l++) {
        if (!((0x3c >> l) & 1))
            continue;
        for (int c = 0; c < 4; c++)
            CHECK_BITS(color_bits(p, 0, c, l), 0);
        CHECK_BITS(color_bits(p, 1, 0, l), fb(0.5f));
        CHECK_BITS(color_bits(p, 1, 1, l), fb(0.5f));
        CHECK_BITS(color_bits(p, 1, 2, l), 0);
        CHECK_BITS(color_bits(p, 2, 0, l), 1);
        CHECK_BITS(color_bits(p, 2, 1, l), 0);
        CHECK_BITS(color_bits(p, 3, 0, l), 0); /* live lanes are not helpers */
        CHECK_BITS(color_bits(p, 4, 0, l), 0);
    }
    free(p);
}

/* exec contract 17/20: kills, outputs only for live lanes, dual source,
 * depth and stencil. */
static void test_kill_and_outputs(void **state)
{
    (void)state;
    ps_ctx *p = ps_new();
    p->a.exec_mask = 0xfe; /* lane 0 a helper */
    float xs[8] = {1.0f, -1.0f, 0.0f, -0.0f, bf(QNAN), 2.0f, -INFINITY, 3.0f};
    for (int l = 0; l < 8; l++) {
        p->in[0].v[0][l] = xs[l];
        for (int c = 1; c < 4; c++)
            p->in[0].v[c][l] = 1.0f;
        p->a.color[0].v[0][l] = p->a.color1.v[0][l] = -5.0f;
        p->a.color[1].v[0][l] = -6.0f;
        p->a.depth[l] = -7.0f;
        p->a.stencil[l] = -8;
    }
    p->in[0].v[3][7] = -1.0f; /* lane 7 killed by w */
    ps_exec_dual(p,
                 "FRAG\nDCL IN[0], GENERIC[0], LINEAR\nDCL OUT[0], COLOR\n"
                 "DCL OUT[1], COLOR[1]\nDCL OUT[2], POSITION\nDCL OUT[3], STENCIL\n"
                 "DCL TEMP[0]\nIMM[0] FLT32 {0.5, 0.75, 0.125, 3.0}\n"
                 "IMM[1] INT32 {9, 11, 0, 0}\n"
                 "KILL_IF IN[0]\n"
                 "READ_HELPER TEMP[0]\n"
                 "MOV OUT[0], TEMP[0]\nMOV OUT[1], IMM[0]\nMOV OUT[2], IMM[0].yxzw\n"
                 "MOV OUT[3], IMM[1]\nEND\n",
                 true);
    uint32_t live = 0xfe & ~((1u << 1) | (1u << 6) | (1u << 7)); /* -0 and NaN survive */
    assert_int_equal(p->a.exec_mask, live);
    for (int l = 0; l < 8; l++) {
        bool on = (live >> l) & 1;
        CHECK_BITS(color_bits(p, 0, 0, l), on ? 0 : fb(-5.0f));
        CHECK_BITS(fb(p->a.color1.v[0][l]), on ? fb(0.5f) : fb(-5.0f)); /* dual source */
        CHECK_BITS(color_bits(p, 1, 0, l), fb(-6.0f)); /* color[1] untouched */
        CHECK_BITS(fb(p->a.depth[l]), on ? fb(0.125f) : fb(-7.0f));
        assert_int_equal(p->a.stencil[l], on ? 11 : -8);
    }
    free(p);

    /* KILL under control flow kills only the lanes in the branch; killed
     * lanes keep running for derivatives; READ_HELPER sees the kill. */
    p = ps_new();
    for (int l = 0; l < 8; l++)
        p->in[0].v[0][l] = (float)l;
    ps_exec(p, "FRAG\nDCL IN[0], GENERIC[0], LINEAR\nDCL OUT[0], COLOR\nDCL OUT[1], COLOR[1]\n"
               "DCL TEMP[0]\nIMM[0] FLT32 {2.5, 0, 0, 0}\n"
               "SLT TEMP[0].x, IN[0].xxxx, IMM[0].xxxx\n"
               "IF TEMP[0].xxxx\n  DEMOTE\nENDIF\n"
               "MUL TEMP[0].y, IN[0].xxxx, IN[0].xxxx\n"
               "DDX OUT[0], TEMP[0].yyyy\nREAD_HELPER OUT[1]\nEND\n");
    assert_int_equal(p->a.exec_mask, 0xf8);
    for (int l = 3; l < 8; l++) {
        int b = l & 4;
        CHECK_BITS(color_bits(p, 0, 0, l), fb((float)((b + 1) * (b + 1) - b * b)));
        CHECK_BITS(color_bits(p, 1, 0, l), 0);
    }
    free(p);
}

/* ---- textures (exec contract 21/22) -------------------------------------- */

static void test_texture_requests(void **state)
{
    (void)state;
    tgsi_test_sampler smp;
    tgsi_test_sampler_init(&smp, 42);
    assert_true(tgsi_test_sampler_record(&smp, 8));
    ps_ctx *p = ps_new();
    p->res.sampler = &smp.base;
    p->a.exec_mask = 0x7f;
    for (int l = 0; l < 8; l++) {
        p->in[0].v[0][l] = (float)(l * 3);     /* s */
        p->in[0].v[1][l] = (float)(l * l);     /* t */
        p->in[0].v[2][l] = 0.5f + (float)l;    /* r / ref */
        p->in[0].v[3][l] = 2.0f;               /* q / bias / lod */
        memcpy(&p->in[1].v[0][l], &(int32_t){l - 1}, 4);
        memcpy(&p->in[1].v[1][l], &(int32_t){7}, 4);
        memcpy(&p->in[1].v[2][l], &(int32_t){-3}, 4);
        memcpy(&p->in[1].v[3][l], &(int32_t){2}, 4);
    }
    ps_exec(p, "FRAG\nDCL IN[0..1], GENERIC[0], LINEAR\nDCL OUT[0..4], COLOR\n"
               "DCL SAMP[0..3]\nDCL TEMP[0]\nIMM[0] INT32 {1, -2, 3, 0}\n"
               "TXP OUT[0], IN[0], SAMP[1], SHADOW2D\n"            /* call 0 */
               "TXB OUT[1], IN[0], SAMP[2], 2D\n"                  /* call 1 */
               "TXF OUT[2], IN[1], SAMP[3], 2D_ARRAY, IMM[0]\n"     /* call 2 */
               "TEX OUT[3], IN[0], SAMP[0], 1D_ARRAY\n"             /* call 3 */
               "TXQ OUT[4], IN[1], SAMP[2], 2D\n"
               "END\n");
    assert_int_equal(smp.num_calls, 4);

    const swr_tex_request *r = tgsi_test_sampler_recent(&smp, 3); /* TXP */
    assert_non_null(r);
    assert_int_equal(r->op, SWR_TEX_SAMPLE);
    assert_int_equal(r->target, TGSI_TEXTURE_SHADOW2D);
    assert_int_equal(r->sview, 1);
    assert_int_equal(r->sampler, 1);
    assert_int_equal(r->mask, 0xff); /* helpers need results too: all running lanes */
    assert_int_equal(r->has_compare, 1);
    assert_int_equal(r->has_lod, 0);
    for (int l = 0; l < 8; l++) {
        int b = l & 4;
        CHECK_BITS(fb(r->coords.v[0][l]), fb((float)(l * 3) / 2.0f));
        CHECK_BITS(fb(r->coords.v[1][l]), fb((float)(l * l) / 2.0f));
        CHECK_BITS(fb(r->coords.v[2][l]), 0);
        CHECK_BITS(fb(r->coords.v[3][l]), 0);
        CHECK_BITS(fb(r->compare[l]), fb((0.5f + (float)l) / 2.0f));
        CHECK_BITS(fb(r->ddx[0][l]), fb((float)((b + 1) * 3) / 2.0f - (float)(b * 3) / 2.0f));
        CHECK_BITS(fb(r->ddy[1][l]),
                   fb((float)((b + 2) * (b + 2)) / 2.0f - (float)(b * b) / 2.0f));
        CHECK_BITS(fb(r->ddx[2][l]), 0);
        /* the result is the sampler's value for this request */
        if ((0x7f >> l) & 1)
            for (int c = 0; c < 4; c++)
                CHECK_BITS(color_bits(p, 0, c, l), fb(tgsi_test_sampler_value(&smp, r, l, c)));
    }

    r = tgsi_test_sampler_recent(&smp, 2); /* TXB */
    assert_int_equal(r->op, SWR_TEX_SAMPLE);
    assert_int_equal(r->has_lod, 1);
    assert_int_equal(r->has_compare, 0);
    for (int l = 0; l < 8; l++) {
        CHECK_BITS(fb(r->lod[l]), fb(2.0f));
        CHECK_BITS(fb(r->coords.v[0][l]), fb((float)(l * 3)));
        CHECK_BITS(fb(r->coords.v[2][l]), 0);
    }

    r = tgsi_test_sampler_recent(&smp, 1); /* TXF */
    assert_int_equal(r->op, SWR_TEX_FETCH);
    assert_int_equal(r->target, TGSI_TEXTURE_2D_ARRAY);
    assert_int_equal(r->has_offsets, 1);
    for (int l = 0; l < 8; l++) {
        int32_t x;
        memcpy(&x, &r->coords.v[0][l], 4);
        assert_int_equal(x, l - 1);
        memcpy(&x, &r->coords.v[2][l], 4);
        assert_int_equal(x, -3); /* the layer */
        assert_int_equal(r->lod_int[l], 2);
        assert_int_equal(r->offsets[0][l], 1);
        assert_int_equal(r->offsets[1][l], -2);
        assert_int_equal(r->offsets[2][l], 3);
        CHECK_BITS(fb(r->ddx[0][l]), 0);
    }

    r = tgsi_test_sampler_recent(&smp, 0); /* TEX 1D_ARRAY: s and the layer in y */
    for (int l = 0; l < 8; l++) {
        CHECK_BITS(fb(r->coords.v[1][l]), fb((float)(l * l)));
        CHECK_BITS(fb(r->coords.v[2][l]), 0);
        CHECK_BITS(fb(r->ddx[1][l]), 0); /* the layer has no derivative */
    }

    /* TXQ: the sampler's size for the level in src0.x. */
    assert_int_equal(smp.num_size_queries, 1);
    assert_int_equal(smp.last_query_sview, 2);
    for (int l = 0; l < 8; l++) {
        if (!((0x7f >> l) & 1))
            continue;
        for (int c = 0; c < 4; c++)
            CHECK_BITS(color_bits(p, 4, c, l), (uint32_t)tgsi_test_sampler_size(&smp, 2, l - 1, c));
    }
    free(p);
    tgsi_test_sampler_free(&smp);

    /* No sampler: results are 0. */
    p = ps_new();
    ps_exec(p, "FRAG\nDCL IN[0], GENERIC[0], LINEAR\nDCL OUT[0], COLOR\nDCL SAMP[0]\n"
               "TEX OUT[0], IN[0], SAMP[0], 2D\nEND\n");
    CHECK_BITS(color_bits(p, 0, 0, 0), 0);
    free(p);
}

/* The sampler's value depends on every field that matters. */
static void test_sampler_sensitivity(void **state)
{
    (void)state;
    tgsi_test_sampler smp;
    tgsi_test_sampler_init(&smp, 1);
    swr_tex_request a;
    memset(&a, 0, sizeof a);
    a.op = SWR_TEX_SAMPLE;
    a.mask = 0xff;
    float base = tgsi_test_sampler_value(&smp, &a, 0, 0);
    assert_true(base >= 0.0f && base < 1.0f);
    swr_tex_request b = a;
    b.coords.v[3][0] = 1e-30f;
    assert_true(tgsi_test_sampler_value(&smp, &b, 0, 0) != base);
    b = a;
    b.ddy[2][0] = -0.0f;
    assert_true(tgsi_test_sampler_value(&smp, &b, 0, 0) != base);
    b = a;
    b.sampler = 1;
    assert_true(tgsi_test_sampler_value(&smp, &b, 0, 0) != base);
    b = a;
    b.has_lod = 1;
    b.lod[0] = 0.5f;
    assert_true(tgsi_test_sampler_value(&smp, &b, 0, 0) != base);
    b = a;
    b.lod[0] = 0.5f; /* not a bias without has_lod: ignored */
    assert_true(tgsi_test_sampler_value(&smp, &b, 0, 0) == base);
    b = a;
    b.has_compare = 1;
    b.compare[0] = 0.25f;
    float cmp = tgsi_test_sampler_value(&smp, &b, 0, 0);
    b.compare[0] = 0.5f;
    assert_true(tgsi_test_sampler_value(&smp, &b, 0, 0) != cmp);
    assert_true(tgsi_test_sampler_value(&smp, &a, 0, 1) != base);
    assert_true(tgsi_test_sampler_samples(&smp, 0) >= 1);
}

/* ---- rejection ----------------------------------------------------------- */

static void test_rejects(void **state)
{
    (void)state;
    tgsi_error err;
    tgsi_program *p = parse("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                            "DADD TEMP[0].xy, IN[0], IN[0]\nEND\n");
    vs_ctx *v = vs_new();
    assert_false(tgsi_ref_run_vs(p, &v->a, &err));
    assert_non_null(strstr(err.message, "DADD"));
    tgsi_program_free(p);

    p = parse("FRAG\nDCL OUT[0], COLOR\nEND\n");
    assert_false(tgsi_ref_run_vs(p, &v->a, &err));
    assert_non_null(strstr(err.message, "FRAG"));
    tgsi_program_free(p);

    p = parse("GEOM\nPROPERTY GS_INPUT_PRIMITIVE TRIANGLES\nPROPERTY GS_OUTPUT_PRIMITIVE "
              "TRIANGLE_STRIP\nPROPERTY GS_MAX_OUTPUT_VERTICES 3\nDCL OUT[0], POSITION\nEND\n");
    assert_false(tgsi_ref_run_vs(p, &v->a, &err));
    assert_non_null(strstr(err.message, "GEOM"));
    tgsi_program_free(p);
    free(v);
}

/* ---- geometry shaders ---------------------------------------------------- */

/* Input value of lane l, vertex v, attribute a, component c: exact floats. */
static float gs_in_value(int l, int v, int a, int c)
{
    return (float)(l * 100 + v * 10 + a) + (float)c * 0.25f;
}

/* A GS whose lane l emits gl_PrimitiveIDIn (= l) vertices, vertex k copying
 * input vertex k % 3 through an indirect vertex index, ENDPRIM after every
 * odd k; max_vertices 4 drops the later EMITs (swr_gs_args in shader_abi.h),
 * inactive lane 7 emits nothing. */
static void test_gs_emit_cut(void **state)
{
    (void)state;
    tgsi_program *p = parse("GEOM\n"
                            "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
                            "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
                            "PROPERTY GS_MAX_OUTPUT_VERTICES 4\n"
                            "PROPERTY GS_INVOCATIONS 1\n"
                            "DCL IN[][0], POSITION\n"
                            "DCL IN[][1], GENERIC[0]\n"
                            "DCL SV[0], PRIMID\n"
                            "DCL OUT[0], POSITION\n"
                            "DCL OUT[1], GENERIC[0]\n"
                            "DCL TEMP[0]\n"
                            "DCL ADDR[0]\n"
                            "IMM[0] INT32 {0, 1, 3, 2}\n"
                            "  0: MOV TEMP[0].x, IMM[0].xxxx\n"
                            "  1: BGNLOOP\n"
                            "  2:   ISGE TEMP[0].y, TEMP[0].xxxx, SV[0].xxxx\n"
                            "  3:   UIF TEMP[0].yyyy\n"
                            "  4:     BRK\n"
                            "  5:   ENDIF\n"
                            "  6:   UMOD TEMP[0].z, TEMP[0].xxxx, IMM[0].zzzz\n"
                            "  7:   UARL ADDR[0].x, TEMP[0].zzzz\n"
                            "  8:   MOV OUT[0], IN[ADDR[0].x][0]\n"
                            "  9:   MOV OUT[1], IN[ADDR[0].x][1]\n"
                            " 10:   I2F OUT[1].x, TEMP[0].xxxx\n"
                            " 11:   EMIT IMM[0].xxxx\n"
                            " 12:   UMOD TEMP[0].w, TEMP[0].xxxx, IMM[0].wwww\n"
                            " 13:   UIF TEMP[0].wwww\n"
                            " 14:     ENDPRIM IMM[0].xxxx\n"
                            " 15:   ENDIF\n"
                            " 16:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                            " 17: ENDLOOP\n"
                            " 18: END\n");
    enum { NV = 3, NA = 2, MAXV = 4 };
    swr_simd_vec4 *in = zalloc32(sizeof(swr_simd_vec4) * NV * NA);
    static float outv[8 * MAXV * NA * 4];
    static uint8_t cut[8 * MAXV];
    for (int v = 0; v < NV; v++)
        for (int a = 0; a < NA; a++)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < 8; l++)
                    in[v * NA + a].v[c][l] = gs_in_value(l, v, a, c);
    for (size_t i = 0; i < sizeof outv / sizeof outv[0]; i++)
        outv[i] = -1.0f;
    memset(cut, 0, sizeof cut);
    swr_gs_args g;
    memset(&g, 0, sizeof g);
    g.inputs = in;
    g.num_inputs = NA;
    g.num_in_vertices = NV;
    for (int l = 0; l < 8; l++)
        g.prim_id.v[l] = l;
    g.active_mask = 0x7f;
    g.out_vertices = outv;
    g.cut = cut;
    g.num_outputs = NA;
    g.max_vertices = MAXV;
    tgsi_error err;
    if (!tgsi_ref_run_gs(p, &g, &err))
        fail_msg("run: %s", err.message);
    for (int l = 0; l < 8; l++) {
        uint32_t want_n = l == 7 ? 0 : (uint32_t)(l < MAXV ? l : MAXV);
        assert_int_equal(g.emit_count[l], want_n);
        for (uint32_t k = 0; k < MAXV; k++) {
            const float *vtx = &outv[((size_t)l * MAXV + k) * NA * 4];
            for (int a = 0; a < NA; a++)
                for (int c = 0; c < 4; c++) {
                    float want = k >= want_n        ? -1.0f
                                 : a == 1 && c == 0 ? (float)k
                                                    : gs_in_value(l, (int)(k % 3), a, c);
                    CHECK_BITS(fb(vtx[a * 4 + c]), fb(want));
                }
            assert_int_equal(cut[l * MAXV + k], k < want_n && (k & 1) ? 1 : 0);
        }
    }
    /* The VS entry rejects a GS program, the GS entry a VS program. */
    tgsi_program *vs = parse("VERT\nDCL OUT[0], POSITION\nEND\n");
    assert_false(tgsi_ref_run_gs(vs, &g, &err));
    assert_non_null(strstr(err.message, "VERT"));
    tgsi_program_free(vs);
    free(in);
    tgsi_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_float_basic),
        cmocka_unit_test(test_float_rounding_ops),
        cmocka_unit_test(test_min_max_compare),
        cmocka_unit_test(test_saturate_and_zero_wins),
        cmocka_unit_test(test_transcendentals),
        cmocka_unit_test(test_conversions),
        cmocka_unit_test(test_integer_ops),
        cmocka_unit_test(test_modifiers_swizzle_mask),
        cmocka_unit_test(test_nested_if),
        cmocka_unit_test(test_loops),
        cmocka_unit_test(test_switch),
        cmocka_unit_test(test_subroutines),
        cmocka_unit_test(test_indirect),
        cmocka_unit_test(test_vs_system_values),
        cmocka_unit_test(test_derivatives),
        cmocka_unit_test(test_ps_position_face),
        cmocka_unit_test(test_ps_system_values),
        cmocka_unit_test(test_kill_and_outputs),
        cmocka_unit_test(test_texture_requests),
        cmocka_unit_test(test_sampler_sensitivity),
        cmocka_unit_test(test_rejects),
        cmocka_unit_test(test_gs_emit_cut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
