/*
 * test_interp_gs.c: geometry shaders in the interpreter (jit_interp.c's
 * gs_body / EMIT / ENDPRIM and the flattening of IN[vertex][attr] in
 * jit_interp_build) against the scalar reference executor
 * (tgsi_ref_run_gs), bit for bit.
 *
 * For every GS input topology (points, lines, triangles, lines_adjacency,
 * triangles_adjacency) a program emits a per-lane number of vertices
 * (taken from gl_PrimitiveIDIn, 0 up to past max_vertices so that EMITs are
 * dropped), reads input vertices through an indirect vertex index and a
 * direct one, cuts strips under divergent control flow, and is run on
 * random inputs with random active masks; emit counts, cut flags and every
 * output word must equal the reference's. max_vertices 1 and 1024 are
 * among the cases.
 *
 * Every case runs under both executors of jit_variant_key (the
 * interpreter and KNOB_JIT=llvm's JIT_EXECUTOR_LLVM), so whichever code
 * path the LLVM key selects for a GEOM (today the interpreter fallback,
 * later a compiled GS) is held to the same reference.
 */
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
#include "tgsi/tgsi_ref.h"
#include "tools/tgsi_test_inputs.h"

static uint32_t rng = 12345u;
static uint32_t next_rand(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng >> 8;
}

static const struct {
    const char *name;
    uint32_t nv;
} topo[] = {
    {"POINTS", 1}, {"LINES", 2}, {"TRIANGLES", 3}, {"LINES_ADJACENCY", 4},
    {"TRIANGLES_ADJACENCY", 6},
};

/* Parses and compiles GEOM text for executor ex (failing the test with the
 * parser's or compiler's message); *prog keeps the parsed program for the
 * reference. The shader must have a GS entry point. */
static jit_shader *compile_gs(const char *text, jit_executor ex, tgsi_program **prog)
{
    tgsi_error err;
    tgsi_program *p = tgsi_test_parse(text, &err);
    if (!p)
        fail_msg("parse %u:%u: %s\n%s", err.line, err.column, err.message, text);
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    key.executor = (uint8_t)ex;
    jit_shader *sh = jit_shader_compile(p, &key, &err);
    if (!sh)
        fail_msg("compile: %s", err.message);
    assert_non_null(jit_shader_gs_func(sh));
    *prog = p;
    return sh;
}

/* Runs the invocation *in through tgsi_ref_run_gs into *ref and through
 * the executor into *got, each with its own output vertices (nfl floats,
 * prefilled with -7) and cut flags (ncut, zeroed), and fails unless emit
 * counts, cut flags and every output word agree. `what` names the case. */
static void run_against_ref(const tgsi_program *p, const jit_shader *sh, const swr_gs_args *in,
                            float *out_ref, float *out_got, size_t nfl, uint8_t *cut_ref,
                            uint8_t *cut_got, size_t ncut, swr_gs_args *ref, swr_gs_args *got,
                            const char *what)
{
    *ref = *got = *in;
    for (size_t i = 0; i < nfl; i++)
        out_ref[i] = out_got[i] = -7.0f;
    memset(cut_ref, 0, ncut);
    memset(cut_got, 0, ncut);
    ref->out_vertices = out_ref;
    ref->cut = cut_ref;
    got->out_vertices = out_got;
    got->cut = cut_got;
    tgsi_error err;
    if (!tgsi_ref_run_gs(p, ref, &err))
        fail_msg("%s: ref: %s", what, err.message);
    jit_shader_gs_func(sh)(sh, got);
    for (int l = 0; l < 8; l++)
        if (ref->emit_count[l] != got->emit_count[l])
            fail_msg("%s lane %d: emit count %u, reference %u", what, l, got->emit_count[l],
                     ref->emit_count[l]);
    if (memcmp(cut_ref, cut_got, ncut))
        fail_msg("%s: cut flags differ", what);
    if (memcmp(out_ref, out_got, nfl * sizeof(float)))
        fail_msg("%s: output vertices differ", what);
}

static void run_case(const char *prim, uint32_t nv, uint32_t maxv, jit_executor ex)
{
    char text[4096];
    snprintf(text, sizeof text,
             "GEOM\n"
             "PROPERTY GS_INPUT_PRIMITIVE %s\n"
             "PROPERTY GS_OUTPUT_PRIMITIVE LINE_STRIP\n"
             "PROPERTY GS_MAX_OUTPUT_VERTICES %u\n"
             "PROPERTY GS_INVOCATIONS 1\n"
             "DCL IN[][0], POSITION\n"
             "DCL IN[][1], GENERIC[0]\n"
             "DCL SV[0], PRIMID\n"
             "DCL OUT[0], POSITION\n"
             "DCL OUT[1], GENERIC[0]\n"
             "DCL OUT[2], GENERIC[1]\n"
             "DCL TEMP[0..1]\n"
             "DCL ADDR[0]\n"
             "IMM[0] INT32 {0, 1, %u, 3}\n"
             "IMM[1] FLT32 {0.5, 2.0, -1.0, 0.0}\n"
             "  0: MOV TEMP[0].x, IMM[0].xxxx\n"
             "  1: BGNLOOP\n"
             "  2:   ISGE TEMP[0].y, TEMP[0].xxxx, SV[0].xxxx\n"
             "  3:   UIF TEMP[0].yyyy\n"
             "  4:     BRK\n"
             "  5:   ENDIF\n"
             "  6:   UMOD TEMP[0].z, TEMP[0].xxxx, IMM[0].zzzz\n"
             "  7:   UARL ADDR[0].x, TEMP[0].zzzz\n"
             "  8:   MAD OUT[0], IN[ADDR[0].x][0], IMM[1].xxxx, IN[0][1]\n"
             "  9:   ADD OUT[1], IN[ADDR[0].x][1], IN[%u][0].wzyx\n"
             " 10:   I2F TEMP[1].x, TEMP[0].xxxx\n"
             " 11:   MOV OUT[2].xy, TEMP[1].xxxx\n"
             " 12:   EMIT IMM[0].xxxx\n"
             " 13:   UMOD TEMP[0].w, TEMP[0].xxxx, IMM[0].wwww\n"
             " 14:   USEQ TEMP[0].w, TEMP[0].wwww, IMM[0].yyyy\n"
             " 15:   UIF TEMP[0].wwww\n"
             " 16:     ENDPRIM IMM[0].xxxx\n"
             " 17:   ELSE\n"
             " 18:     MUL OUT[2].zw, OUT[0].xxxx, IMM[1].yyyy\n"
             " 19:   ENDIF\n"
             " 20:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
             " 21: ENDLOOP\n"
             " 22: ENDPRIM IMM[0].xxxx\n"
             " 23: END\n",
             prim, maxv, nv, nv - 1);
    tgsi_program *p;
    jit_shader *sh = compile_gs(text, ex, &p);
    assert_null(jit_shader_vs_func(sh));
    enum { NA = 2, NO = 3 };
    swr_simd_vec4 *in = aligned_alloc(32, sizeof(swr_simd_vec4) * 6 * NA);
    size_t nfl = (size_t)8 * maxv * NO * 4;
    float *out_ref = malloc(nfl * sizeof(float)), *out_jit = malloc(nfl * sizeof(float));
    uint8_t *cut_ref = malloc((size_t)8 * maxv), *cut_jit = malloc((size_t)8 * maxv);
    assert_true(in && out_ref && out_jit && cut_ref && cut_jit);
    for (int round = 0; round < 20; round++) {
        for (size_t i = 0; i < 6 * NA; i++)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < 8; l++)
                    in[i].v[c][l] = (float)((int)(next_rand() % 2001) - 1000) / 64.0f;
        swr_gs_args a, r, b;
        memset(&a, 0, sizeof a);
        a.inputs = in;
        a.num_inputs = NA;
        a.num_in_vertices = nv;
        for (int l = 0; l < 8; l++)
            a.prim_id.v[l] = (int32_t)(next_rand() % (maxv + 3));
        a.active_mask = round == 0 ? 0xffu : next_rand() & 0xffu;
        a.num_outputs = NO;
        a.max_vertices = maxv;
        char what[64];
        snprintf(what, sizeof what, "%s max %u", prim, maxv);
        run_against_ref(p, sh, &a, out_ref, out_jit, nfl, cut_ref, cut_jit, (size_t)8 * maxv, &r,
                        &b, what);
        uint32_t total = 0;
        for (int l = 0; l < 8; l++)
            total += r.emit_count[l];
        if (round == 0)
            assert_true(total > 0); /* the case exercises EMIT */
    }
    free(in);
    free(out_ref);
    free(out_jit);
    free(cut_ref);
    free(cut_jit);
    jit_shader_unref(sh);
    tgsi_program_free(p);
}

static void test_gs_topologies(void **state)
{
    (void)state;
    static const uint32_t maxv[] = {1, 4, 7, 1024};
    for (size_t t = 0; t < sizeof topo / sizeof topo[0]; t++)
        for (size_t m = 0; m < sizeof maxv / sizeof maxv[0]; m++)
            for (int ex = JIT_EXECUTOR_INTERP; ex <= JIT_EXECUTOR_LLVM; ex++)
                run_case(topo[t].name, topo[t].nv, maxv[m], (jit_executor)ex);
}

/* A point expanded into a quad strip with 32 outputs (SWR_MAX_ATTRIBS, so
 * max_vertices 4 stays within SWR_GS_MAX_OUT_COMPONENTS): OUT registers are
 * rewritten between EMITs, and lanes whose PRIMID is odd emit only three
 * corners (divergent counts under an IF). With SWR_GS_BENCH=N the case also
 * times N calls (8 invocations each) and prints the rate. */
static void run_quads(jit_executor ex)
{
    enum { NO = 32, MAXV = 4 };
    char text[8192];
    size_t n = 0;
    n += (size_t)snprintf(text + n, sizeof text - n,
                          "GEOM\n"
                          "PROPERTY GS_INPUT_PRIMITIVE POINTS\n"
                          "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
                          "PROPERTY GS_MAX_OUTPUT_VERTICES %u\n"
                          "PROPERTY GS_INVOCATIONS 1\n"
                          "DCL IN[][0], POSITION\n"
                          "DCL IN[][1], GENERIC[0]\n"
                          "DCL SV[0], PRIMID\n"
                          "DCL OUT[0], POSITION\n",
                          (unsigned)MAXV);
    for (int a = 1; a < NO; a++)
        n += (size_t)snprintf(text + n, sizeof text - n, "DCL OUT[%d], GENERIC[%d]\n", a, a - 1);
    n += (size_t)snprintf(text + n, sizeof text - n,
                          "DCL TEMP[0..1]\n"
                          "IMM[0] FLT32 {-0.25, 0.25, 0.0, 1.0}\n"
                          "IMM[1] INT32 {1, 0, 0, 0}\n");
    int pc = 0;
    static const char *corner[4] = {"xxzz", "yxzz", "xyzz", "yyzz"};
    for (int v = 0; v < 4; v++) {
        if (v == 3)
            n += (size_t)snprintf(text + n, sizeof text - n,
                                  "%d: AND TEMP[1].x, SV[0].xxxx, IMM[1].xxxx\n"
                                  "%d: UIF TEMP[1].xxxx\n"
                                  "%d: ELSE\n",
                                  pc, pc + 1, pc + 2), pc += 3;
        n += (size_t)snprintf(text + n, sizeof text - n, "%d: ADD OUT[0], IN[0][0], IMM[0].%s\n",
                              pc++, corner[v]);
        for (int a = 1; a < NO; a++)
            n += (size_t)snprintf(text + n, sizeof text - n,
                                  "%d: MAD OUT[%d], IN[0][1], IMM[0].%s, IN[0][0].wzyx\n", pc++, a,
                                  corner[(v + a) & 3]);
        n += (size_t)snprintf(text + n, sizeof text - n, "%d: EMIT IMM[1].yyyy\n", pc++);
        if (v == 3)
            n += (size_t)snprintf(text + n, sizeof text - n, "%d: ENDIF\n", pc++);
    }
    n += (size_t)snprintf(text + n, sizeof text - n, "%d: END\n", pc);
    assert_true(n < sizeof text);
    tgsi_program *p;
    jit_shader *sh = compile_gs(text, ex, &p);
    swr_gs_func fn = jit_shader_gs_func(sh);
    swr_simd_vec4 *in = aligned_alloc(32, sizeof(swr_simd_vec4) * 2);
    size_t nfl = (size_t)8 * MAXV * NO * 4;
    float *out_ref = malloc(nfl * sizeof(float)), *out_jit = malloc(nfl * sizeof(float));
    uint8_t cut_ref[8 * MAXV], cut_jit[8 * MAXV];
    assert_true(in && out_ref && out_jit);
    swr_gs_args a, r, b;
    for (int round = 0; round < 20; round++) {
        for (size_t i = 0; i < 2; i++)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < 8; l++)
                    in[i].v[c][l] = (float)((int)(next_rand() % 2001) - 1000) / 64.0f;
        memset(&a, 0, sizeof a);
        a.inputs = in;
        a.num_inputs = 2;
        a.num_in_vertices = 1;
        for (int l = 0; l < 8; l++)
            a.prim_id.v[l] = (int32_t)(next_rand() % 1000);
        a.active_mask = round == 0 ? 0xffu : next_rand() & 0xffu;
        a.num_outputs = NO;
        a.max_vertices = MAXV;
        run_against_ref(p, sh, &a, out_ref, out_jit, nfl, cut_ref, cut_jit, sizeof cut_ref, &r, &b,
                        "quads");
        /* Analytic: active lanes emit 4 corners, 3 when PRIMID is odd. */
        for (int l = 0; l < 8; l++) {
            uint32_t want = (a.active_mask >> l & 1) ? 4u - (uint32_t)(a.prim_id.v[l] & 1) : 0u;
            assert_int_equal(r.emit_count[l], want);
        }
    }
    const char *bench = getenv("SWR_GS_BENCH");
    if (bench) {
        long calls = atol(bench);
        b.active_mask = 0xffu;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (long i = 0; i < calls; i++)
            fn(sh, &b);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        printf("gs quads executor %d: %ld invocations in %.3f s (%.1f M/s)\n", (int)ex, calls * 8,
               s, (double)calls * 8 / s * 1e-6);
    }
    free(in);
    free(out_ref);
    free(out_jit);
    jit_shader_unref(sh);
    tgsi_program_free(p);
}

static void test_gs_quads_32_outputs(void **state)
{
    (void)state;
    for (int ex = JIT_EXECUTOR_INTERP; ex <= JIT_EXECUTOR_LLVM; ex++)
        run_quads((jit_executor)ex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gs_topologies),
        cmocka_unit_test(test_gs_quads_32_outputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
