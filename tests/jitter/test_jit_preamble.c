/*
 * test_jit_preamble.c: the preamble split (jitter/jit_preamble.c), checked
 * against the unsplit program as the oracle: a shader compiled with
 * key.preamble, run after jit_shader_preamble_eval with its results bound
 * as CONST[SWR_PREAMBLE_CONST_SLOT], must give bit for bit the outputs of
 * the same program compiled without it (exec contract 16 decides which
 * lanes count), on the interpreter and on the LLVM JIT:
 *  - random VERT and FRAG programs mixing uniform (CONST, IMM) and varying
 *    (IN) computations, nested IF/ELSE and loops, KILL_IF and DDX (operands
 *    that must be restored, not replaced), random swizzles, write masks and
 *    modifiers, with random constants; a good share of them must split;
 *  - a program shaped like swr_glbench's longfs (24 unrolled iterations of
 *    sin/cos of a uniform): all 48 SIN/COS leave the main program and the
 *    instruction count drops accordingly;
 *  - the evaluation key: an unchanged constant skips the run, a changed one
 *    the preamble reads reruns it, one it does not read does not;
 *  - programs that must not split (nothing worth hoisting, CONST[15]
 *    declared, subroutines);
 *  - every VERT/FRAG shader of the corpus (argv[1]) that splits, split vs
 *    unsplit on both executors (SWR_PREAMBLE_CORPUS_LIMIT=n: about n files
 *    spread over the corpus, for the sanitizer builds).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jitter/jit.h"
#include "tgsi/tgsi_math.h"
#include "jitter/jit_priv.h"
#include "tgsi_corpus.h"
#include "tools/tgsi_test_inputs.h"

static const char *corpus_dir;

enum { SEEDS = 3 };

static bool have_llvm(void)
{
#ifdef SWR_TEST_HAVE_LLVM
    return true;
#else
    return false;
#endif
}

static jit_shader *compile_key(const tgsi_program *p, jit_executor ex, bool preamble)
{
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    key.executor = (uint8_t)ex;
    key.preamble = preamble;
    tgsi_error err;
    jit_shader *sh = jit_shader_compile(p, &key, &err);
    if (!sh)
        fail_msg("compile: %s", err.message);
    return sh;
}

typedef struct runs {
    swr_simd_vec4 out_a[SWR_MAX_ATTRIBS], out_b[SWR_MAX_ATTRIBS];
    swr_vs_args vs_a, vs_b;
    swr_ps_args ps_a, ps_b;
} runs;

/* Runs `whole` and `split` on the same inputs; true when they agree. */
static bool compare_split(const char *name, const tgsi_program *p, jit_shader *whole,
                          jit_shader *split, runs *r)
{
    tgsi_test_env env;
    assert_true(tgsi_test_env_init(&env, p, NULL));
    env.special_rate = 0.02f;
    env.const_small_int_rate = 1.0f;
    uint32_t n = jit_shader_preamble_vec4s(split);
    float *buf = aligned_alloc(16, (n ? n : 1) * 16);
    assert_non_null(buf);
    bool same = true;
    for (uint64_t seed = 1; seed <= SEEDS && same; seed++) {
        char msg[512] = "";
        if (p->processor == TGSI_PROCESSOR_VERTEX) {
            tgsi_test_fill_vs(&env, seed, &r->vs_a, r->out_a);
            tgsi_test_fill_vs(&env, seed, &r->vs_b, r->out_b);
        } else {
            tgsi_test_fill_ps(&env, seed, &r->ps_a);
            r->ps_b = r->ps_a;
        }
        if (n) {
            assert_true(jit_shader_preamble_eval(split, &env.res, buf, NULL));
            env.res.constants[SWR_PREAMBLE_CONST_SLOT] = buf;
            env.res.constant_count[SWR_PREAMBLE_CONST_SLOT] = n;
        }
        if (p->processor == TGSI_PROCESSOR_VERTEX) {
            jit_shader_vs_func(whole)(whole, &r->vs_a);
            jit_shader_vs_func(split)(split, &r->vs_b);
            same = tgsi_test_compare_vs(&env, &r->vs_a, &r->vs_b, msg, sizeof msg);
        } else {
            jit_shader_ps_func(whole)(whole, &r->ps_a);
            jit_shader_ps_func(split)(split, &r->ps_b);
            same = tgsi_test_compare_ps(&r->ps_a, &r->ps_b, msg, sizeof msg);
        }
        env.res.constants[SWR_PREAMBLE_CONST_SLOT] = NULL;
        env.res.constant_count[SWR_PREAMBLE_CONST_SLOT] = 0;
        if (!same)
            fprintf(stderr, "%s seed %u: split differs: %s\n", name, (unsigned)seed, msg);
    }
    free(buf);
    tgsi_test_env_free(&env);
    return same;
}

/* 0 agree (not split), 1 agree (split), -1 differ. Both executors. */
static int check_program(const char *name, const tgsi_program *p, runs *r)
{
    int split = 0;
    for (int ex = 0; ex < (have_llvm() ? 2 : 1); ex++) {
        jit_executor e = ex ? JIT_EXECUTOR_LLVM : JIT_EXECUTOR_INTERP;
        jit_shader *a = compile_key(p, e, false), *b = compile_key(p, e, true);
        assert_int_equal(jit_shader_preamble_vec4s(a), 0);
        split = jit_shader_preamble_vec4s(b) != 0;
        bool same = compare_split(name, p, a, b, r);
        jit_shader_unref(a);
        jit_shader_unref(b);
        if (!same) {
            char *text = tgsi_print(p);
            fprintf(stderr, "%s (%s):\n%s", name, ex ? "llvm" : "interp", text ? text : "");
            free(text);
            return -1;
        }
    }
    return split;
}

/* ---- random programs ------------------------------------------------------- */

typedef struct gen {
    uint64_t rng;
    char *buf;
    size_t len, cap;
    unsigned n_inst;
    bool frag;
} gen;

static uint32_t rnd(gen *g, uint32_t n)
{
    g->rng ^= g->rng << 13;
    g->rng ^= g->rng >> 7;
    g->rng ^= g->rng << 17;
    return (uint32_t)(g->rng >> 11) % n;
}

static void emit(gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(g->buf + g->len, g->cap - g->len, fmt, ap);
    va_end(ap);
    assert_true(k >= 0 && (size_t)k < g->cap - g->len);
    g->len += (size_t)k;
}

static void src(gen *g, bool allow_in)
{
    static const char sw[] = "xyzw";
    uint32_t f = rnd(g, 20);
    if (rnd(g, 5) == 0)
        emit(g, "-");
    bool abs = rnd(g, 10) == 0;
    if (abs)
        emit(g, "|");
    if (f < 7)
        emit(g, "CONST[0][%u]", rnd(g, 8));
    else if (f < 10)
        emit(g, "IMM[%u]", rnd(g, 3));
    else if (f < 18 || !allow_in)
        emit(g, "TEMP[%u]", rnd(g, 6));
    else
        emit(g, "IN[%u]", rnd(g, 2));
    if (rnd(g, 4))
        emit(g, ".%c%c%c%c", sw[rnd(g, 4)], sw[rnd(g, 4)], sw[rnd(g, 4)], sw[rnd(g, 4)]);
    if (abs)
        emit(g, "|");
}

static void dst(gen *g)
{
    static const char *masks[] = {"", ".x", ".y", ".xy", ".xyz", ".zw", ".w", ".xz"};
    emit(g, "TEMP[%u]%s", rnd(g, 6), masks[rnd(g, 8)]);
}

static void alu(gen *g)
{
    static const struct {
        const char *op;
        unsigned ns;
    } ops[] = {{"ADD", 2}, {"MUL", 2}, {"MAD", 3}, {"SIN", 1}, {"COS", 1}, {"MIN", 2},
               {"MAX", 2}, {"DP3", 2}, {"DP2", 2}, {"FRC", 1}, {"RCP", 1}, {"MOV", 1},
               {"CMP", 3}, {"LRP", 3}, {"SLT", 2}, {"FLR", 1}, {"EX2", 1}, {"DP4", 2}};
    unsigned o = rnd(g, sizeof ops / sizeof ops[0]);
    emit(g, "  %u: %s ", g->n_inst++, ops[o].op);
    dst(g);
    /* mostly uniform operands, so that splits happen */
    bool varying = rnd(g, 3) == 0;
    for (unsigned s = 0; s < ops[o].ns; s++) {
        emit(g, ", ");
        src(g, varying);
    }
    emit(g, "\n");
}

static void block(gen *g, unsigned depth, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        uint32_t k = rnd(g, 24);
        if (k < 2 && depth < 2) {
            emit(g, "  %u: IF ", g->n_inst++);
            src(g, true);
            emit(g, "\n");
            block(g, depth + 1, 1 + rnd(g, 4));
            if (rnd(g, 2)) {
                emit(g, "  %u: ELSE\n", g->n_inst++);
                block(g, depth + 1, 1 + rnd(g, 4));
            }
            emit(g, "  %u: ENDIF\n", g->n_inst++);
        } else if (k < 3 && depth < 2) {
            /* 3 iterations: TEMP[6], TEMP[7] count */
            emit(g, "  %u: MOV TEMP[7].x, IMM[0].wwww\n", g->n_inst++);
            emit(g, "  %u: BGNLOOP\n", g->n_inst++);
            block(g, depth + 1, 1 + rnd(g, 4));
            emit(g, "  %u: ADD TEMP[7].x, TEMP[7].xxxx, IMM[1].xxxx\n", g->n_inst++);
            emit(g, "  %u: SGE TEMP[6].x, TEMP[7].xxxx, IMM[1].zzzz\n", g->n_inst++);
            emit(g, "  %u: IF TEMP[6].xxxx\n", g->n_inst++);
            emit(g, "  %u: BRK\n", g->n_inst++);
            emit(g, "  %u: ENDIF\n", g->n_inst++);
            emit(g, "  %u: ENDLOOP\n", g->n_inst++);
        } else if (k < 4 && g->frag) {
            emit(g, "  %u: KILL_IF ", g->n_inst++);
            src(g, true);
            emit(g, "\n");
        } else if (k < 5 && g->frag) {
            emit(g, "  %u: DDX ", g->n_inst++);
            dst(g);
            emit(g, ", ");
            src(g, true);
            emit(g, "\n");
        } else {
            alu(g);
        }
    }
}

static tgsi_program *random_program(uint64_t seed, bool frag, char *text, size_t cap)
{
    gen g = {seed * 0x9e3779b97f4a7c15ull + 1, text, 0, cap, 0, frag};
    if (frag)
        emit(&g, "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL IN[1], GENERIC[1], LINEAR\n"
                 "DCL OUT[0], COLOR\nDCL OUT[1], COLOR[1]\n");
    else
        emit(&g, "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], POSITION\nDCL OUT[1], GENERIC[0]\n");
    emit(&g, "DCL CONST[0][0..7]\nDCL TEMP[0..7]\n"
             "IMM[0] FLT32 { 0.5, -1.25, 2.0, 0.0}\n"
             "IMM[1] FLT32 { 1.0, 0.37, 3.0, -0.75}\n"
             "IMM[2] FLT32 { 0.53, 0.7, -2.5, 8.0}\n");
    block(&g, 0, 6 + rnd(&g, 20));
    emit(&g, "  %u: ADD OUT[0], TEMP[%u], TEMP[%u]\n", g.n_inst, rnd(&g, 6), rnd(&g, 6));
    g.n_inst++;
    emit(&g, "  %u: MOV OUT[1], TEMP[%u]\n", g.n_inst, rnd(&g, 6));
    g.n_inst++;
    emit(&g, "  %u: END\n", g.n_inst);
    tgsi_error err;
    tgsi_program *p = tgsi_test_parse(text, &err);
    if (!p)
        fail_msg("generated program does not parse: %u:%u %s\n%s", err.line, err.column,
                 err.message, text);
    return p;
}

static void test_random(void **state)
{
    (void)state;
    runs *r = aligned_alloc(32, (sizeof *r + 31) & ~(size_t)31);
    assert_non_null(r);
    static char text[65536];
    unsigned n = 0, split = 0, bad = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        for (int frag = 0; frag < 2; frag++) {
            tgsi_program *p = random_program(seed, frag, text, sizeof text);
            char name[64];
            snprintf(name, sizeof name, "random %s seed %u", frag ? "FRAG" : "VERT",
                     (unsigned)seed);
            int k = check_program(name, p, r);
            n++;
            split += k == 1;
            bad += k < 0;
            tgsi_program_free(p);
        }
    }
    free(r);
    fprintf(stderr, "random: %u programs, %u split, %u differ\n", n, split, bad);
    assert_int_equal(bad, 0);
    assert_true(split * 4 >= n); /* the generator favours uniform work */
}

/* ---- longfs ---------------------------------------------------------------- */

/* What the GLSL path makes of longfs's loop, unrolled: per iteration
 * q = p + vec2(sin(t + i*0.37), cos(t*0.7 + i*0.53)), d = dot(q, q),
 * c += k / (d + 0.05), p = rotate(p) * 1.02. */
static void longfs_text(char *text, size_t cap)
{
    size_t len = 0;
    unsigned n = 0;
#define E(...) len += (size_t)snprintf(text + len, cap - len, __VA_ARGS__)
    E("FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL CONST[0][0]\n"
      "DCL TEMP[0..7]\n"
      "IMM[0] FLT32 { 4.0, -2.0, 0.7, 0.05}\n"
      "IMM[1] FLT32 { 0.96, -0.28, 0.28, 1.02}\n"
      "IMM[2] FLT32 { 0.02, 0.015, 0.03, 1.0}\n");
    for (unsigned i = 0; i < 24; i++)
        E("IMM[%u] FLT32 { %.2f, %.2f, %.3f, 0.0}\n", 3 + i, 0.37 * i, 0.53 * i, 0.001 * i);
    E("  %u: MAD TEMP[0].xy, IN[0].xyyy, IMM[0].xxxx, IMM[0].yyyy\n", n++);
    E("  %u: MOV TEMP[1], IMM[0].wwww\n", n++);
    E("  %u: MUL TEMP[7].x, CONST[0][0].xxxx, IMM[0].zzzz\n", n++);
    for (unsigned i = 0; i < 24; i++) {
        E("  %u: ADD TEMP[2].x, CONST[0][0].xxxx, IMM[%u].xxxx\n", n++, 3 + i);
        E("  %u: SIN TEMP[3].x, TEMP[2].xxxx\n", n++);
        E("  %u: ADD TEMP[2].y, TEMP[7].xxxx, IMM[%u].yyyy\n", n++, 3 + i);
        E("  %u: COS TEMP[3].y, TEMP[2].yyyy\n", n++);
        E("  %u: ADD TEMP[4].xy, TEMP[0].xyyy, TEMP[3].xyyy\n", n++);
        E("  %u: DP2 TEMP[5].x, TEMP[4].xyyy, TEMP[4].xyyy\n", n++);
        E("  %u: ADD TEMP[5].x, TEMP[5].xxxx, IMM[0].wwww\n", n++);
        E("  %u: RCP TEMP[5].x, TEMP[5].xxxx\n", n++);
        E("  %u: MAD TEMP[1].xyz, IMM[2].xyzz, TEMP[5].xxxx, TEMP[1].xyzz\n", n++);
        E("  %u: MUL TEMP[6].xy, TEMP[0].xxxx, IMM[1].xyyy\n", n++);
        E("  %u: MAD TEMP[6].xy, TEMP[0].yyyy, IMM[1].zxxx, TEMP[6].xyyy\n", n++);
        E("  %u: MUL TEMP[0].xy, TEMP[6].xyyy, IMM[1].wwww\n", n++);
    }
    E("  %u: MOV OUT[0], TEMP[1]\n  %u: END\n", n, n + 1);
#undef E
}

static unsigned count_op(const tgsi_program *p, unsigned op)
{
    unsigned k = 0;
    for (uint32_t i = 0; i < p->num_insts; i++)
        k += p->insts[i].opcode == op;
    return k;
}

static void test_longfs(void **state)
{
    (void)state;
    static char text[32768];
    longfs_text(text, sizeof text);
    tgsi_error err;
    tgsi_program *p = tgsi_test_parse(text, &err);
    if (!p)
        fail_msg("longfs: %u: %s", err.line, err.message);
    jit_preamble_split sp;
    assert_true(jit_preamble_split_program(p, JIT_PREAMBLE_MIN_WORK, &sp));
    assert_int_equal(count_op(p, TGSI_OPCODE_SIN) + count_op(p, TGSI_OPCODE_COS), 48);
    assert_int_equal(count_op(sp.main, TGSI_OPCODE_SIN) + count_op(sp.main, TGSI_OPCODE_COS), 0);
    assert_int_equal(count_op(sp.pre, TGSI_OPCODE_SIN) + count_op(sp.pre, TGSI_OPCODE_COS), 48);
    /* 24 x (2 ADD + SIN + COS) and the MUL by 0.7 leave the main program */
    assert_true(sp.main->num_insts + 24 * 4 + 1 <= p->num_insts);
    fprintf(stderr, "longfs: %u instructions -> main %u + preamble %u (%u slots)\n",
            p->num_insts, sp.main->num_insts, sp.pre->num_insts, sp.num_slots);
    jit_preamble_split_free(&sp);
    runs *r = aligned_alloc(32, (sizeof *r + 31) & ~(size_t)31);
    assert_non_null(r);
    assert_int_equal(check_program("longfs", p, r), 1);
    jit_shader *sh = compile_key(p, JIT_EXECUTOR_INTERP, true);
    assert_true(jit_shader_get_info(sh)->num_instructions + 24 * 4 <= p->num_insts);
    assert_true(jit_shader_get_info(sh)->const_buffers_used >> SWR_PREAMBLE_CONST_SLOT & 1);
    jit_shader_unref(sh);
    free(r);
    tgsi_program_free(p);
}

/* ---- the evaluation key ------------------------------------------------------ */

static void test_eval_key(void **state)
{
    (void)state;
    static const char *text = "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n"
                              "DCL CONST[0][0..3]\nDCL TEMP[0..1]\n"
                              "IMM[0] FLT32 { 0.5, 2.0, 3.0, 1.0}\n"
                              "  0: MUL TEMP[0], CONST[0][1], IMM[0].yyyy\n"
                              "  1: SIN TEMP[0].x, TEMP[0].xxxx\n"
                              "  2: COS TEMP[0].y, TEMP[0].yyyy\n"
                              "  3: ADD TEMP[0].z, TEMP[0].xxxx, CONST[0][2].zzzz\n"
                              "  4: EX2 TEMP[0].w, TEMP[0].zzzz\n"
                              "  5: MUL OUT[0], TEMP[0], IN[0]\n"
                              "  6: END\n";
    tgsi_error err;
    tgsi_program *p = tgsi_test_parse(text, &err);
    assert_non_null(p);
    jit_shader *sh = compile_key(p, JIT_EXECUTOR_INTERP, true);
    uint32_t n = jit_shader_preamble_vec4s(sh);
    assert_true(n > 0);
    float c[4][4] = {{1, 2, 3, 4}, {0.25f, 0.5f, 0.75f, 1}, {5, 6, 7, 8}, {9, 9, 9, 9}};
    swr_shader_resources res;
    memset(&res, 0, sizeof res);
    res.constants[0] = &c[0][0];
    res.constant_count[0] = 4;
    float *a = calloc(n, 16), *b = calloc(n, 16);
    assert_true(jit_shader_preamble_eval(sh, &res, a, NULL));
    /* sin(CONST[0][1].x * 2) is among the results */
    bool found = false;
    for (uint32_t i = 0; i < n * 4 && !found; i++)
        found = a[i] == tgsi_sinf(0.25f * 2.0f);
    assert_true(found);
    assert_false(jit_shader_preamble_eval(sh, &res, b, a)); /* nothing changed */
    c[3][0] = 42;                                            /* not read */
    c[0][0] = 42;                                            /* not read */
    assert_false(jit_shader_preamble_eval(sh, &res, b, a));
    c[2][2] = 1; /* read */
    assert_true(jit_shader_preamble_eval(sh, &res, b, a));
    assert_memory_not_equal(a, b, n * 16);
    c[2][2] = 7;
    res.constant_count[0] = 2; /* CONST[0][2] now reads 0 */
    assert_true(jit_shader_preamble_eval(sh, &res, b, a));
    free(a);
    free(b);
    jit_shader_unref(sh);
    tgsi_program_free(p);
}

/* ---- programs that keep whole ---------------------------------------------------- */

static void test_no_split(void **state)
{
    (void)state;
    static const char *texts[] = {
        /* nothing uniform worth a slot */
        "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL CONST[0][0]\n"
        "DCL TEMP[0]\n  0: MOV TEMP[0], CONST[0][0]\n  1: MUL OUT[0], TEMP[0], IN[0]\n"
        "  2: END\n",
        /* uniform work, but the program declares the preamble's buffer */
        "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL CONST[0][0]\n"
        "DCL CONST[15][0]\nDCL TEMP[0]\n  0: SIN TEMP[0].x, CONST[0][0].xxxx\n"
        "  1: COS TEMP[0].y, CONST[0][0].yyyy\n  2: EX2 TEMP[0].z, CONST[0][0].zzzz\n"
        "  3: LG2 TEMP[0].w, CONST[0][0].wwww\n  4: RCP TEMP[0].x, TEMP[0].xxxx\n"
        "  5: ADD TEMP[0], TEMP[0], CONST[15][0]\n  6: MUL OUT[0], TEMP[0], IN[0]\n"
        "  7: END\n",
        /* uniform work only inside a loop */
        "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL CONST[0][0]\n"
        "DCL TEMP[0]\n  0: BGNLOOP\n  1: SIN TEMP[0].x, CONST[0][0].xxxx\n"
        "  2: COS TEMP[0].y, CONST[0][0].yyyy\n  3: EX2 TEMP[0].z, CONST[0][0].zzzz\n"
        "  4: LG2 TEMP[0].w, CONST[0][0].wwww\n  5: RCP TEMP[0].x, TEMP[0].xxxx\n"
        "  6: BRK\n  7: ENDLOOP\n  8: MUL OUT[0], TEMP[0], IN[0]\n  9: END\n",
    };
    for (unsigned i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        tgsi_error err;
        tgsi_program *p = tgsi_test_parse(texts[i], &err);
        if (!p)
            fail_msg("text %u: %u: %s", i, err.line, err.message);
        jit_preamble_split sp;
        assert_false(jit_preamble_split_program(p, JIT_PREAMBLE_MIN_WORK, &sp));
        jit_shader *sh = compile_key(p, JIT_EXECUTOR_INTERP, true);
        assert_int_equal(jit_shader_preamble_vec4s(sh), 0);
        jit_shader_unref(sh);
        tgsi_program_free(p);
    }
}

/* ---- corpus ---------------------------------------------------------------- */

static void test_corpus(void **state)
{
    (void)state;
    tgsi_corpus corpus;
    if (!tgsi_corpus_load(corpus_dir, &corpus))
        fail_msg("cannot open the corpus directory %s", corpus_dir);
    const char *lim = getenv("SWR_PREAMBLE_CORPUS_LIMIT");
    size_t limit = lim ? (size_t)strtoul(lim, NULL, 10) : 0;
    size_t stride = limit && limit < corpus.count ? corpus.count / limit : 1;
    runs *r = aligned_alloc(32, (sizeof *r + 31) & ~(size_t)31);
    assert_non_null(r);
    unsigned ran = 0, split = 0, bad = 0, hoisted = 0;
    for (size_t i = 0; i < corpus.count; i += stride) {
        const tgsi_corpus_file *f = &corpus.files[i];
        tgsi_error err;
        tgsi_program *p = NULL;
        if (!tgsi_parse(f->text, f->len, &p, &err))
            continue;
        if (p->processor != TGSI_PROCESSOR_VERTEX && p->processor != TGSI_PROCESSOR_FRAGMENT) {
            tgsi_program_free(p);
            continue;
        }
        ran++;
        jit_preamble_split sp;
        if (jit_preamble_split_program(p, JIT_PREAMBLE_MIN_WORK, &sp)) {
            hoisted += sp.hoisted;
            jit_preamble_split_free(&sp);
            jit_variant_key key;
            memset(&key, 0, sizeof key);
            jit_shader *probe = jit_shader_compile(p, &key, &err);
            if (probe) { /* what the executors refuse is not this test's business */
                jit_shader_unref(probe);
                int k = check_program(f->name, p, r);
                split += k == 1;
                bad += k < 0;
            }
        }
        tgsi_program_free(p);
    }
    tgsi_corpus_free(&corpus);
    free(r);
    fprintf(stderr, "corpus: %u VERT/FRAG shaders, %u split (%u instructions hoisted), %u differ\n",
            ran, split, hoisted, bad);
    if (ran == 0)
        fail_msg("no VERT/FRAG shader found in %s", corpus_dir);
    assert_int_equal(bad, 0);
    assert_true(split > 0);
}

int main(int argc, char **argv)
{
    corpus_dir = argc > 1 ? argv[1] : "../shared/corpus/tgsi";
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_longfs),   cmocka_unit_test(test_eval_key),
        cmocka_unit_test(test_no_split), cmocka_unit_test(test_random),
        cmocka_unit_test(test_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
