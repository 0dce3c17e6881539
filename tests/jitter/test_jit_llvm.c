/*
 * test_jit_llvm.c: the LLVM JIT executor (jitter/jit_llvm.c) against the
 * interpreter, bit for bit (exec_contract.md; contract 16 says which lanes
 * count):
 *  - every VERT/FRAG shader of the corpus (argv[1]) x 3 seeds through both
 *    executors with identical inputs: outputs, exec_mask and every texture
 *    request (header and the requesting lanes' values) must agree, and at
 *    least 95% of the corpus must compile natively (the rest falls back to
 *    the interpreter, which the test counts and prints);
 *  - hand-written shaders whose results are known analytically (control
 *    flow with per-lane masks, kill, derivatives, indirect addressing),
 *    checked against the expected numbers, not only against the
 *    interpreter;
 *  - the generated code uses ymm registers and no zmm (AVX2, not AVX-512);
 *  - a shader the JIT does not compile (a subroutine) still runs, through
 *    the interpreter, with the reason recorded;
 *  - compiles from four threads at once give working shaders.
 * The corpus directory must exist and hold shaders (the test fails rather
 * than pass on nothing). SWR_LLVM_CORPUS_LIMIT=n runs about n files spread
 * evenly over the corpus instead (the sanitizer builds use it).
 */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "jitter/jit.h"
#include "jitter/jit_priv.h"
#include "tgsi_corpus.h"
#include "tools/tgsi_test_inputs.h"
#include "tools/tgsi_test_sampler.h"

static const char *corpus_dir;

enum { SEEDS = 3, MAX_REQ = 64 };

typedef struct run_pair {
    swr_simd_vec4 out_a[SWR_MAX_ATTRIBS], out_b[SWR_MAX_ATTRIBS];
    swr_vs_args vs_a, vs_b;
    swr_ps_args ps_a, ps_b;
    swr_tex_request req_a[MAX_REQ];
} run_pair;

static bool same_bits_or_nan(float a, float b)
{
    uint32_t x, y;
    memcpy(&x, &a, 4);
    memcpy(&y, &b, 4);
    return x == y || (isnan(a) && isnan(b));
}

/* Two requests agree: header exactly, values in the requesting lanes. */
static bool same_request(const swr_tex_request *a, const swr_tex_request *b, char *msg,
                         size_t n)
{
    if (a->op != b->op || a->target != b->target || a->sview != b->sview ||
        a->sampler != b->sampler || a->has_lod != b->has_lod ||
        a->has_compare != b->has_compare || a->has_offsets != b->has_offsets ||
        a->gather_comp != b->gather_comp || a->mask != b->mask) {
        snprintf(msg, n, "request header differs (op %u/%u mask %02x/%02x)", a->op, b->op,
                 a->mask, b->mask);
        return false;
    }
    for (int l = 0; l < 8; l++) {
        if (!((a->mask >> l) & 1u))
            continue;
        bool ok = same_bits_or_nan(a->lod[l], b->lod[l]) && a->lod_int[l] == b->lod_int[l] &&
                  same_bits_or_nan(a->compare[l], b->compare[l]);
        for (int c = 0; c < 4; c++)
            ok = ok && same_bits_or_nan(a->coords.v[c][l], b->coords.v[c][l]);
        for (int k = 0; k < 3; k++)
            ok = ok && same_bits_or_nan(a->ddx[k][l], b->ddx[k][l]) &&
                 same_bits_or_nan(a->ddy[k][l], b->ddy[k][l]) &&
                 a->offsets[k][l] == b->offsets[k][l];
        if (!ok) {
            snprintf(msg, n, "request lane %d differs (coords %g %g vs %g %g)", l,
                     a->coords.v[0][l], a->coords.v[1][l], b->coords.v[0][l],
                     b->coords.v[1][l]);
            return false;
        }
    }
    return true;
}

static jit_shader *compile_as(const tgsi_program *prog, jit_executor ex, tgsi_error *err)
{
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    key.executor = (uint8_t)ex;
    return jit_shader_compile(prog, &key, err);
}

/* The test sampler hashes request bits into its results, NaN payloads
 * included; exec contract 1 leaves a NaN's bits open (LLVM's code
 * generator turns a + (-b) into a - b, which keeps b's sign), so requests
 * reach it with every NaN made the default quiet NaN. */
typedef struct nan_canon_sampler {
    swr_sampler_interface base;
    tgsi_test_sampler *inner;
} nan_canon_sampler;

static void canon(float *v, size_t n)
{
    static const uint32_t qnan = 0x7fc00000u;
    for (size_t i = 0; i < n; i++)
        if (isnan(v[i]))
            memcpy(&v[i], &qnan, 4);
}

static void canon_sample(const swr_sampler_interface *self, const swr_tex_request *req,
                         swr_simd_vec4 *out)
{
    const nan_canon_sampler *s = (const nan_canon_sampler *)self;
    swr_tex_request r = *req;
    if (r.op != SWR_TEX_FETCH)
        canon(&r.coords.v[0][0], 32);
    canon(&r.ddx[0][0], 24);
    canon(&r.ddy[0][0], 24);
    canon(r.lod, 8);
    canon(r.compare, 8);
    s->inner->base.sample(&s->inner->base, &r, out);
}

static void canon_query_size(const swr_sampler_interface *self, unsigned sview,
                             const int32_t level[8], uint32_t mask, swr_simd_vec4 *out)
{
    const nan_canon_sampler *s = (const nan_canon_sampler *)self;
    s->inner->base.query_size(&s->inner->base, sview, level, mask, out);
}

static uint32_t canon_query_samples(const swr_sampler_interface *self, unsigned sview)
{
    const nan_canon_sampler *s = (const nan_canon_sampler *)self;
    return s->inner->base.query_samples(&s->inner->base, sview);
}

typedef struct corpus_stats {
    unsigned ran, bad, native, fallback, requests;
    double compile_ms_total, compile_ms_max;
    char max_name[128];
} corpus_stats;

/* 0: agree; 1: mismatch or error (printed); 2: not a VERT/FRAG shader. */
static int check_shader(const char *name, const char *text, size_t len, run_pair *rp,
                        corpus_stats *st)
{
    tgsi_error err;
    tgsi_program *prog = NULL;
    if (!tgsi_parse(text, len, &prog, &err)) {
        fprintf(stderr, "%s:%u:%u: %s\n", name, err.line, err.column, err.message);
        return 1;
    }
    if (prog->processor != TGSI_PROCESSOR_VERTEX && prog->processor != TGSI_PROCESSOR_FRAGMENT) {
        tgsi_program_free(prog);
        return 2;
    }
    jit_shader *sa = compile_as(prog, JIT_EXECUTOR_INTERP, &err);
    jit_shader *sb = sa ? compile_as(prog, JIT_EXECUTOR_LLVM, &err) : NULL;
    if (!sa || !sb) {
        fprintf(stderr, "%s: refused: %s\n", name, err.message);
        jit_shader_unref(sa);
        tgsi_program_free(prog);
        return 1;
    }
    if (sb->llvm) {
        st->native++;
        double ms = jit_llvm_compile_ms(sb->llvm);
        st->compile_ms_total += ms;
        if (ms > st->compile_ms_max) {
            st->compile_ms_max = ms;
            snprintf(st->max_name, sizeof st->max_name, "%s", name);
        }
    } else {
        st->fallback++;
        fprintf(stderr, "%s: fell back to the interpreter: %s\n", name, sb->llvm_why);
    }
    tgsi_test_sampler smp;
    tgsi_test_sampler_init(&smp, 0x5eed);
    nan_canon_sampler cs = {
        .base = {.sample = canon_sample, .query_size = canon_query_size, .query_samples = canon_query_samples},
        .inner = &smp};
    tgsi_test_env env;
    assert_true(tgsi_test_env_init(&env, prog, &cs.base));
    env.special_rate = 0.02f;
    env.const_small_int_rate = 1.0f;
    int result = 0;
    for (uint64_t seed = 1; seed <= SEEDS && !result; seed++) {
        char msg[512] = "";
        bool same;
        assert_true(tgsi_test_sampler_record(&smp, MAX_REQ));
        if (prog->processor == TGSI_PROCESSOR_VERTEX) {
            tgsi_test_fill_vs(&env, seed, &rp->vs_a, rp->out_a);
            tgsi_test_fill_vs(&env, seed, &rp->vs_b, rp->out_b);
            jit_shader_vs_func(sa)(sa, &rp->vs_a);
        } else {
            tgsi_test_fill_ps(&env, seed, &rp->ps_a);
            rp->ps_b = rp->ps_a;
            jit_shader_ps_func(sa)(sa, &rp->ps_a);
        }
        uint32_t calls_a = smp.num_calls, sq_a = smp.num_size_queries;
        uint32_t keep = calls_a < MAX_REQ ? calls_a : MAX_REQ;
        for (uint32_t k = 0; k < keep; k++)
            rp->req_a[k] = *tgsi_test_sampler_recent(&smp, k);
        assert_true(tgsi_test_sampler_record(&smp, MAX_REQ));
        if (prog->processor == TGSI_PROCESSOR_VERTEX) {
            jit_shader_vs_func(sb)(sb, &rp->vs_b);
            same = tgsi_test_compare_vs(&env, &rp->vs_a, &rp->vs_b, msg, sizeof msg);
        } else {
            jit_shader_ps_func(sb)(sb, &rp->ps_b);
            same = tgsi_test_compare_ps(&rp->ps_a, &rp->ps_b, msg, sizeof msg);
        }
        /* requests first: a differing request explains differing outputs */
        char rmsg[256] = "";
        bool same_req = smp.num_calls == calls_a && smp.num_size_queries == sq_a;
        if (!same_req)
            snprintf(rmsg, sizeof rmsg, "sampler calls: interp %u, llvm %u", calls_a,
                     smp.num_calls);
        for (uint32_t k = 0; same_req && k < keep; k++)
            same_req = same_request(&rp->req_a[k], tgsi_test_sampler_recent(&smp, k), rmsg,
                                    sizeof rmsg);
        if (!same_req) {
            snprintf(msg, sizeof msg, "%s", rmsg);
            same = false;
        }
        st->requests += calls_a;
        if (!same) {
            fprintf(stderr, "%s seed %u: %s\n", name, (unsigned)seed, msg);
            result = 1;
        }
    }
    tgsi_test_env_free(&env);
    tgsi_test_sampler_free(&smp);
    jit_shader_unref(sa);
    jit_shader_unref(sb);
    tgsi_program_free(prog);
    return result;
}

static void test_corpus(void **state)
{
    (void)state;
    tgsi_corpus corpus;
    if (!tgsi_corpus_load(corpus_dir, &corpus))
        fail_msg("cannot open the corpus directory %s", corpus_dir);
    /* SWR_LLVM_CORPUS_LIMIT=n: about n files evenly spread over the sorted
     * corpus (both stages, all kinds of shaders) instead of all. */
    const char *lim = getenv("SWR_LLVM_CORPUS_LIMIT");
    size_t limit = lim ? (size_t)strtoul(lim, NULL, 10) : 0;
    size_t stride = limit && limit < corpus.count ? corpus.count / limit : 1;

    run_pair *rp = aligned_alloc(32, (sizeof *rp + 31) & ~(size_t)31);
    assert_non_null(rp);
    corpus_stats st;
    memset(&st, 0, sizeof st);
    st.bad = (unsigned)corpus.unreadable;
    for (size_t i = 0; i < corpus.count; i += stride) {
        const tgsi_corpus_file *f = &corpus.files[i];
        int r = check_shader(f->name, f->text, f->len, rp, &st);
        st.ran += r != 2;
        st.bad += r == 1;
    }
    tgsi_corpus_free(&corpus);
    free(rp);
    double frac = st.ran ? (double)st.native / st.ran : 0.0;
    fprintf(stderr,
            "corpus: %u VERT/FRAG shaders x %d seeds, %u differ; %u native (%.1f%%), %u fell "
            "back; %u texture requests compared; compile mean %.2f ms, max %.2f ms (%s)\n",
            st.ran, SEEDS, st.bad, st.native, 100.0 * frac, st.fallback, st.requests,
            st.native ? st.compile_ms_total / st.native : 0.0, st.compile_ms_max, st.max_name);
    if (st.ran == 0)
        fail_msg("no VERT/FRAG shader found in %s", corpus_dir);
    if (st.bad)
        fail_msg("%u corpus shaders differ between the interpreter and the LLVM JIT", st.bad);
    if (frac < 0.95)
        fail_msg("only %.1f%% of the corpus compiled natively", 100.0 * frac);
}

/* ---- hand-written shaders with analytic answers ---------------------------- */

static jit_shader *compile_text(const char *text)
{
    tgsi_error err;
    tgsi_program *prog = NULL;
    if (!tgsi_parse(text, strlen(text), &prog, &err))
        fail_msg("parse: %u: %s", err.line, err.message);
    jit_shader *sh = compile_as(prog, JIT_EXECUTOR_LLVM, &err);
    tgsi_program_free(prog);
    if (!sh)
        fail_msg("compile: %s", err.message);
    if (!sh->llvm)
        fail_msg("not compiled natively: %s", sh->llvm_why);
    return sh;
}

/* Per-lane loop and IF: OUT[0].x = sum_{i < n} i for n = IN[0].x (lanes
 * with n = 0..7), and a second output tells even from odd n; a lane
 * outside active_mask keeps its garbage input out of the answer. */
static void test_vs_loop_if(void **state)
{
    (void)state;
    jit_shader *sh = compile_text(
        "VERT\n"
        "DCL IN[0]\n"
        "DCL OUT[0], GENERIC[0]\n"
        "DCL TEMP[0..1]\n"
        "IMM[0] FLT32 { 0.0, 1.0, 2.0, 0.5 }\n"
        "  0: MOV TEMP[0].x, IMM[0].xxxx\n"
        "  1: MOV TEMP[1].x, IMM[0].xxxx\n"
        "  2: BGNLOOP\n"
        "  3:   FSGE TEMP[0].y, TEMP[1].xxxx, IN[0].xxxx\n"
        "  4:   UIF TEMP[0].yyyy :6\n"
        "  5:     BRK\n"
        "  6:   ENDIF\n"
        "  7:   ADD TEMP[0].x, TEMP[0].xxxx, TEMP[1].xxxx\n"
        "  8:   ADD TEMP[1].x, TEMP[1].xxxx, IMM[0].yyyy\n"
        "  9: ENDLOOP\n"
        " 10: MOV OUT[0].x, TEMP[0].xxxx\n"
        " 11: MUL TEMP[0].z, IN[0].xxxx, IMM[0].wwww\n"
        " 12: FRC TEMP[0].z, TEMP[0].zzzz\n"
        " 13: IF TEMP[0].zzzz :15\n"
        " 14:   MOV OUT[0].y, IMM[0].yyyy\n"
        " 15: ELSE :17\n"
        " 16:   MOV OUT[0].y, IMM[0].zzzz\n"
        " 17: ENDIF\n"
        " 18: END\n");
    swr_simd_vec4 in, out;
    memset(&in, 0, sizeof in);
    memset(&out, 0x55, sizeof out);
    for (int l = 0; l < 8; l++)
        in.v[0][l] = (float)l;
    swr_vs_args a;
    memset(&a, 0, sizeof a);
    a.inputs = &in;
    a.outputs = &out;
    a.active_mask = 0x7f;
    jit_shader_vs_func(sh)(sh, &a);
    for (int l = 0; l < 7; l++) {
        assert_true(out.v[0][l] == (float)(l * (l - 1) / 2));
        assert_true(out.v[1][l] == ((l & 1) ? 1.0f : 2.0f));
    }
    jit_shader_unref(sh);
}

/* Fills a large part of the stack below the caller with a non-zero
 * pattern, so that a register the JIT failed to zero reads garbage. */
static __attribute__((noinline)) void dirty_stack(void)
{
    volatile unsigned char junk[65536];
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = 0xa5;
}

/* TEMP and OUT start at 0 (exec contract 11) however they are first read:
 * a read before any write at top level, a read inside a loop of a register
 * written only after the loop, a loop counter, a write inside an IF read
 * after it (only the lanes that took the IF see it), components never
 * written next to written ones, and an OUT register only partly written.
 * The JIT zeroes only what may be read before a store to every lane, so
 * each case checks that analysis against the analytic value. */
static void test_zero_init(void **state)
{
    (void)state;
    jit_shader *sh = compile_text(
        "VERT\n"
        "DCL IN[0]\n"
        "DCL OUT[0], GENERIC[0]\n"
        "DCL OUT[1], GENERIC[1]\n"
        "DCL TEMP[0..3]\n"
        "IMM[0] FLT32 { 1.0, 2.0, 3.0, 4.0 }\n"
        "  0: ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
        "  1: MOV TEMP[1].x, IMM[0].yyyy\n"
        "  2: BGNLOOP\n"
        "  3:   ADD TEMP[2].x, TEMP[2].xxxx, TEMP[3].xxxx\n"
        "  4:   ADD TEMP[3].y, TEMP[3].yyyy, IMM[0].xxxx\n"
        "  5:   FSGE TEMP[0].w, TEMP[3].yyyy, IMM[0].zzzz\n"
        "  6:   UIF TEMP[0].wwww :8\n"
        "  7:     BRK\n"
        "  8:   ENDIF\n"
        "  9: ENDLOOP\n"
        " 10: MOV TEMP[3].x, IMM[0].wwww\n"
        " 11: IF IN[0].xxxx :13\n"
        " 12:   MOV TEMP[1].z, IMM[0].zzzz\n"
        " 13: ENDIF\n"
        " 14: MOV OUT[0].x, TEMP[0].xxxx\n"
        " 15: ADD OUT[0].y, TEMP[2].xxxx, TEMP[3].yyyy\n"
        " 16: MOV OUT[0].z, TEMP[1].zzzz\n"
        " 17: ADD OUT[0].w, TEMP[1].wwww, TEMP[3].xxxx\n"
        " 18: MOV OUT[1].x, TEMP[1].xxxx\n"
        " 19: END\n");
    swr_simd_vec4 in, out[2];
    memset(&in, 0, sizeof in);
    for (int l = 0; l < 8; l++)
        in.v[0][l] = (float)(l & 1);
    for (int rep = 0; rep < 2; rep++) {
        memset(out, 0x55, sizeof out);
        swr_vs_args a;
        memset(&a, 0, sizeof a);
        a.inputs = &in;
        a.outputs = out;
        a.active_mask = 0xff;
        dirty_stack();
        jit_shader_vs_func(sh)(sh, &a);
        for (int l = 0; l < 8; l++) {
            assert_true(out[0].v[0][l] == 1.0f); /* 0 + 1 */
            assert_true(out[0].v[1][l] == 3.0f); /* 3 x (0 + 0), counter 3 */
            assert_true(out[0].v[2][l] == ((l & 1) ? 3.0f : 0.0f));
            assert_true(out[0].v[3][l] == 4.0f); /* 0 + 4 */
            assert_true(out[1].v[0][l] == 2.0f);
            for (int c = 1; c < 4; c++)
                assert_true(out[1].v[c][l] == 0.0f); /* never written */
        }
    }
    jit_shader_unref(sh);
}

/* KILL_IF, derivatives on the 2x2 quads, a PS colour output: lane l has
 * IN[0].x = l * l; DDX (coarse) of a quad is v[1] - v[0], DDY v[2] - v[0];
 * lanes with IN[0].y < 0 die. */
static void test_ps_kill_derivs(void **state)
{
    (void)state;
    jit_shader *sh = compile_text(
        "FRAG\n"
        "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
        "DCL OUT[0], COLOR\n"
        "DCL TEMP[0]\n"
        "  0: DDX TEMP[0].x, IN[0].xxxx\n"
        "  1: DDY TEMP[0].y, IN[0].xxxx\n"
        "  2: DDX_FINE TEMP[0].z, IN[0].xxxx\n"
        "  3: KILL_IF IN[0].yyyy\n"
        "  4: MOV OUT[0], TEMP[0]\n"
        "  5: END\n");
    swr_simd_vec4 in;
    memset(&in, 0, sizeof in);
    for (int l = 0; l < 8; l++) {
        in.v[0][l] = (float)(l * l);
        in.v[1][l] = l == 3 ? -1.0f : 1.0f;
    }
    swr_ps_args *a = aligned_alloc(32, sizeof *a);
    memset(a, 0, sizeof *a);
    a->inputs = &in;
    a->quad_mask = 0xff;
    a->exec_mask = 0xfe; /* lane 0 a helper */
    for (int l = 0; l < 8; l++)
        a->color[0].v[3][l] = 42.0f;
    jit_shader_ps_func(sh)(sh, a);
    assert_int_equal(a->exec_mask, 0xf6);
    for (int l = 0; l < 8; l++) {
        int q = l & 4;
        float ddx = (float)((q + 1) * (q + 1) - q * q), ddy = (float)((q + 2) * (q + 2) - q * q);
        int left = l & ~1;
        float fine = (float)((left + 1) * (left + 1) - left * left);
        if (!((a->exec_mask >> l) & 1u)) {
            assert_true(a->color[0].v[0][l] == 0.0f); /* never written */
            continue;
        }
        assert_true(a->color[0].v[0][l] == ddx);
        assert_true(a->color[0].v[1][l] == ddy);
        assert_true(a->color[0].v[2][l] == fine);
        assert_true(a->color[0].v[3][l] == 0.0f); /* TEMP starts at 0 */
    }
    free(a);
    jit_shader_unref(sh);
}

/* Indirect CONST and TEMP array access with out-of-range lanes (0). */
static void test_indirect(void **state)
{
    (void)state;
    jit_shader *sh = compile_text(
        "VERT\n"
        "DCL IN[0]\n"
        "DCL OUT[0], GENERIC[0]\n"
        "DCL CONST[0][0..3]\n"
        "DCL TEMP[0..3], ARRAY(1)\n"
        "DCL TEMP[4]\n"
        "DCL ADDR[0]\n"
        "IMM[0] FLT32 { 10.0, 20.0, 30.0, 40.0 }\n"
        "  0: MOV TEMP[0].x, IMM[0].xxxx\n"
        "  1: MOV TEMP[1].x, IMM[0].yyyy\n"
        "  2: MOV TEMP[2].x, IMM[0].zzzz\n"
        "  3: MOV TEMP[3].x, IMM[0].wwww\n"
        "  4: UARL ADDR[0].x, IN[0].xxxx\n"
        "  5: MOV OUT[0].x, TEMP[ADDR[0].x](1).xxxx\n"
        "  6: MOV OUT[0].y, CONST[0][ADDR[0].x].yyyy\n"
        "  7: MOV TEMP[ADDR[0].x](1).y, IMM[0].xxxx\n"
        "  8: ADD OUT[0].z, TEMP[1].yyyy, TEMP[2].yyyy\n"
        "  9: END\n");
    float consts[4][4];
    for (int i = 0; i < 4; i++)
        for (int c = 0; c < 4; c++)
            consts[i][c] = (float)(100 * i + c);
    swr_shader_resources res;
    memset(&res, 0, sizeof res);
    res.constants[0] = &consts[0][0];
    res.constant_count[0] = 3; /* CONST[0][3] reads 0 */
    swr_simd_vec4 in, out;
    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    int32_t idx[8] = {0, 1, 2, 3, 4, -1, 1, 2};
    memcpy(in.v[0], idx, sizeof idx);
    swr_vs_args a;
    memset(&a, 0, sizeof a);
    a.inputs = &in;
    a.outputs = &out;
    a.active_mask = 0xff;
    a.res = &res;
    jit_shader_vs_func(sh)(sh, &a);
    for (int l = 0; l < 8; l++) {
        int i = idx[l];
        float t = i >= 0 && i < 4 ? 10.0f * (float)(i + 1) : 0.0f;
        float c = i >= 0 && i < 3 ? (float)(100 * i + 1) : 0.0f;
        assert_true(out.v[0][l] == t);
        assert_true(out.v[1][l] == c);
        float z = (i == 1 ? 10.0f : 0.0f) + (i == 2 ? 10.0f : 0.0f);
        assert_true(out.v[2][l] == z);
    }
    /* no resource table at all: constants read 0 (exec contract 12) */
    a.res = NULL;
    memset(&out, 0x55, sizeof out);
    jit_shader_vs_func(sh)(sh, &a);
    for (int l = 0; l < 8; l++)
        assert_true(out.v[1][l] == 0.0f);
    jit_shader_unref(sh);
}

/* The JIT code is AVX2: ymm registers, never zmm. */
static void test_disassembly(void **state)
{
    (void)state;
    jit_shader *sh = compile_text("FRAG\n"
                                  "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                                  "DCL OUT[0], COLOR\n"
                                  "DCL TEMP[0]\n"
                                  "IMM[0] FLT32 { 0.5, 2.0, 3.0, 4.0 }\n"
                                  "  0: MAD TEMP[0], IN[0], IMM[0], IMM[0].yxwz\n"
                                  "  1: DP4 TEMP[0].w, TEMP[0], IN[0]\n"
                                  "  2: MOV_SAT OUT[0], TEMP[0]\n"
                                  "  3: END\n");
    unsigned n, ymm, zmm;
    assert_true(jit_llvm_disasm_stats(sh->llvm, 4096, &n, &ymm, &zmm));
    fprintf(stderr, "disassembly: %u instructions, %u with ymm, %u with zmm\n", n, ymm, zmm);
    assert_true(n > 5);
    assert_true(ymm > 0);
    assert_int_equal(zmm, 0);
    jit_shader_unref(sh);
}

/* Compiles from several threads at once (one LLJIT behind a mutex) give
 * working shaders: thread t compiles OUT = IN * (t + 1) + t (a distinct
 * program each round, so the cache does not help) and runs it. */
typedef struct thread_job {
    int t;
    int bad;
} thread_job;

static void *compile_thread(void *arg)
{
    thread_job *job = arg;
    for (int round = 0; round < 8; round++) {
        char text[512];
        float k = (float)(job->t + 1), b = (float)(job->t + 100 * round);
        snprintf(text, sizeof text,
                 "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nIMM[0] FLT32 { %.1f, %.1f, 0.0, 0.0 }\n"
                 "  0: MAD OUT[0], IN[0], IMM[0].xxxx, IMM[0].yyyy\n  1: END\n",
                 k, b);
        tgsi_error err;
        tgsi_program *prog = NULL;
        if (!tgsi_parse(text, strlen(text), &prog, &err)) {
            job->bad++;
            continue;
        }
        jit_shader *sh = compile_as(prog, JIT_EXECUTOR_LLVM, &err);
        tgsi_program_free(prog);
        if (!sh || !sh->llvm) {
            job->bad++;
            jit_shader_unref(sh);
            continue;
        }
        swr_simd_vec4 in, out;
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < 8; l++)
                in.v[c][l] = (float)(l + c);
        swr_vs_args a;
        memset(&a, 0, sizeof a);
        a.inputs = &in;
        a.outputs = &out;
        a.active_mask = 0xff;
        jit_shader_vs_func(sh)(sh, &a);
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < 8; l++)
                job->bad += out.v[c][l] != (float)(l + c) * k + b;
        jit_shader_unref(sh);
    }
    return NULL;
}

static void test_threads(void **state)
{
    (void)state;
    enum { N = 4 };
    pthread_t th[N];
    thread_job jobs[N];
    for (int t = 0; t < N; t++) {
        jobs[t].t = t;
        jobs[t].bad = 0;
        assert_int_equal(pthread_create(&th[t], NULL, compile_thread, &jobs[t]), 0);
    }
    for (int t = 0; t < N; t++) {
        pthread_join(th[t], NULL);
        assert_int_equal(jobs[t].bad, 0);
    }
}

/* What the JIT does not compile runs in the interpreter, with a reason. */
static void test_fallback(void **state)
{
    (void)state;
    const char *text = "VERT\n"
                       "DCL IN[0]\n"
                       "DCL OUT[0], GENERIC[0]\n"
                       "  0: CAL :2\n"
                       "  1: END\n"
                       "  2: BGNSUB\n"
                       "  3:   MOV OUT[0], IN[0]\n"
                       "  4: RET\n"
                       "  5: ENDSUB\n";
    tgsi_error err;
    tgsi_program *prog = NULL;
    if (!tgsi_parse(text, strlen(text), &prog, &err))
        fail_msg("parse: %u: %s", err.line, err.message);
    jit_shader *sh = compile_as(prog, JIT_EXECUTOR_LLVM, &err);
    tgsi_program_free(prog);
    assert_non_null(sh);
    assert_null(sh->llvm);
    assert_non_null(strstr(sh->llvm_why, "subroutine"));
    swr_simd_vec4 in, out;
    for (int l = 0; l < 8; l++)
        for (int c = 0; c < 4; c++)
            in.v[c][l] = (float)(l + 10 * c);
    memset(&out, 0, sizeof out);
    swr_vs_args a;
    memset(&a, 0, sizeof a);
    a.inputs = &in;
    a.outputs = &out;
    a.active_mask = 0xff;
    jit_shader_vs_func(sh)(sh, &a);
    assert_memory_equal(&in, &out, sizeof in);
    jit_shader_unref(sh);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
        return 1;
    }
    corpus_dir = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vs_loop_if),    cmocka_unit_test(test_ps_kill_derivs),
        cmocka_unit_test(test_zero_init),
        cmocka_unit_test(test_indirect),      cmocka_unit_test(test_disassembly),
        cmocka_unit_test(test_fallback),      cmocka_unit_test(test_threads),
        cmocka_unit_test(test_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
