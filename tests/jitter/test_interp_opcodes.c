/*
 * test_interp_opcodes.c: the interpreter (jit_shader_compile + vs/ps func)
 * against the scalar reference executor (tgsi/tgsi_ref.c), bit
 * for bit, lane by lane.
 *
 *  - Every executable opcode of the tgsi_opcodes table (ALU, integer, bit,
 *    pack, derivative, kill, interpolation) in small programs over inputs
 *    rich in edge cases (+-0, denormals, +-inf, NaNs, FLT_MAX, INT_MIN,
 *    INT_MAX, UINT_MAX, 0, 1, -1, shift counts >= 32, zero divisors), with
 *    every write mask, _SAT on and off, negate / absolute modifiers, random
 *    swizzles and operand files (IN, CONST, IMM, TEMP), in VS and PS.
 *  - Random structured control flow (nested IF/UIF/ELSE, loops with per-lane
 *    BRK/CONT, SWITCH with fallthrough and DEFAULT, CAL/RET, KILL_IF and
 *    derivatives in divergent code) on random per-lane data.
 *  - Texture opcodes through the hashing test sampler (PS, so implicit
 *    derivatives matter), every target the validator accepts.
 * A final check asserts that every executable opcode ran at least once, so
 * the test cannot pass by silently skipping. A mismatch prints the opcode,
 * the program, the lane's inputs and both results.
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
#include "tgsi/tgsi_ref.h"
#include "tools/tgsi_test_inputs.h"
#include "test_util.h"
#include "tools/tgsi_test_sampler.h"

/* Random programs per opcode and random control-flow programs. A includer
 * whose compiles are slow (test_jit_llvm_opcodes.c: ~6 ms per program in
 * LLVM) may run fewer by defining these first. */
#ifndef OPCODE_PROGRAMS
#define OPCODE_PROGRAMS 60
#endif
#ifndef CONTROL_FLOW_PROGRAMS
#define CONTROL_FLOW_PROGRAMS 400
#endif

/* Opcodes that ran through both executors and were compared. */
static bool exercised[TGSI_OPCODE_COUNT];


static void *zalloc32(size_t size)
{
    size = (size + 31) & ~(size_t)31;
    void *p = aligned_alloc(32, size);
    assert_non_null(p);
    memset(p, 0, size);
    return p;
}

/* Both executors' args for one run (32-byte aligned). */
typedef struct run_pair {
    swr_simd_vec4 out_ref[SWR_MAX_ATTRIBS], out_jit[SWR_MAX_ATTRIBS];
    swr_vs_args vs_ref, vs_jit;
    swr_ps_args ps_ref, ps_jit;
} run_pair;

/* Inputs: each word from the random mix with a high share of specials. */
static void fill_edge_inputs(tgsi_test_env *env, uint64_t seed)
{
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 77;
    for (int a = 0; a < SWR_MAX_ATTRIBS; a++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < 8; l++) {
                uint32_t w = tgsi_test_random_word(&rng, env->special_rate);
                memcpy(&env->inputs[a].v[c][l], &w, 4);
            }
    for (int b = 0; b < SWR_MAX_CONST_BUFFERS; b++)
        for (uint32_t i = 0; env->constants[b] && i < env->res.constant_count[b] * 4; i++) {
            uint32_t w = tgsi_test_random_word(&rng, env->special_rate);
            memcpy(&env->constants[b][i], &w, 4);
        }
}

static void print_lane_inputs(const tgsi_test_env *env, int lane)
{
    for (int a = 0; a < 5; a++) {
        uint32_t w[4];
        for (int c = 0; c < 4; c++)
            memcpy(&w[c], &env->inputs[a].v[c][lane], 4);
        fprintf(stderr, "    IN[%d] lane %d = {0x%08x, 0x%08x, 0x%08x, 0x%08x}\n", a, lane, w[0],
                w[1], w[2], w[3]);
    }
}

/* Runs `text` in both executors for `seeds` input sets. Returns the number
 * of mismatching runs (printed), or -1 when the program does not parse
 * (not an error for generated texture variants: the caller decides). */
static int cross_run(const char *text, unsigned opcode, unsigned seeds, float special_rate,
                     bool edge_inputs, bool print)
{
    tgsi_error err;
    tgsi_program *prog = tgsi_test_parse(text, &err);
    if (!prog)
        return -1;
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    key.executor = JIT_EXECUTOR_INTERP;
    jit_shader *sh = jit_shader_compile(prog, &key, &err);
    if (!sh) {
        fprintf(stderr, "%s: interpreter refused: %s\n%s\n", tgsi_opcode_get_info(opcode)->name,
                err.message, text);
        tgsi_program_free(prog);
        return 1;
    }
    tgsi_test_sampler smp;
    tgsi_test_sampler_init(&smp, 0xabc + opcode);
    tgsi_test_env env;
    assert_true(tgsi_test_env_init(&env, prog, &smp.base));
    env.special_rate = special_rate;
    run_pair *rp = zalloc32(sizeof *rp);
    int bad = 0;
    for (unsigned s = 0; s < seeds; s++) {
        uint64_t seed = (uint64_t)opcode * 1000003u + s * 7919u + 1;
        char msg[512];
        bool same;
        uint32_t lanes;
        if (prog->processor == TGSI_PROCESSOR_VERTEX) {
            tgsi_test_fill_vs(&env, seed, &rp->vs_ref, rp->out_ref);
            if (edge_inputs)
                fill_edge_inputs(&env, seed);
            tgsi_test_fill_vs(&env, seed, &rp->vs_jit, rp->out_jit);
            if (edge_inputs)
                fill_edge_inputs(&env, seed);
            if (!tgsi_ref_run_vs(prog, &rp->vs_ref, &err))
                fail_msg("reference refused %s: %s", text, err.message);
            jit_shader_vs_func(sh)(sh, &rp->vs_jit);
            same = tgsi_test_compare_vs(&env, &rp->vs_ref, &rp->vs_jit, msg, sizeof msg);
            lanes = rp->vs_ref.active_mask;
        } else {
            tgsi_test_fill_ps(&env, seed, &rp->ps_ref);
            if (edge_inputs)
                fill_edge_inputs(&env, seed);
            rp->ps_jit = rp->ps_ref;
            if (!tgsi_ref_run_ps(prog, key.dual_source, &rp->ps_ref, &err))
                fail_msg("reference refused %s: %s", text, err.message);
            jit_shader_ps_func(sh)(sh, &rp->ps_jit);
            same = tgsi_test_compare_ps(&rp->ps_ref, &rp->ps_jit, msg, sizeof msg);
            lanes = rp->ps_ref.quad_mask;
        }
        if (!same) {
            bad++;
            if (print) {
                fprintf(stderr, "MISMATCH %s (seed %u, lanes 0x%02x): %s\n%s",
                        tgsi_opcode_get_info(opcode)->name, s, lanes, msg, text);
                const char *lp = strstr(msg, "lane ");
                print_lane_inputs(&env, lp ? atoi(lp + 5) & 7 : 0);
            }
        }
    }
    free(rp);
    tgsi_test_env_free(&env);
    tgsi_test_sampler_free(&smp);
    jit_shader_unref(sh);
    tgsi_program_free(prog);
    return bad;
}

/* Marks every opcode of a parsed program as exercised. */
static void mark_program(const char *text)
{
    tgsi_error err;
    tgsi_program *p = tgsi_test_parse(text, &err);
    if (!p)
        return;
    for (uint32_t i = 0; i < p->num_insts; i++)
        exercised[p->insts[i].opcode] = true;
    tgsi_program_free(p);
}

/* ---- one opcode at a time ------------------------------------------------ */

static bool is_control(unsigned op)
{
    switch (op) {
    case TGSI_OPCODE_CAL:
    case TGSI_OPCODE_RET:
    case TGSI_OPCODE_CONT:
    case TGSI_OPCODE_BGNLOOP:
    case TGSI_OPCODE_BGNSUB:
    case TGSI_OPCODE_ENDLOOP:
    case TGSI_OPCODE_ENDSUB:
    case TGSI_OPCODE_BRK:
    case TGSI_OPCODE_IF:
    case TGSI_OPCODE_UIF:
    case TGSI_OPCODE_ELSE:
    case TGSI_OPCODE_ENDIF:
    case TGSI_OPCODE_SWITCH:
    case TGSI_OPCODE_CASE:
    case TGSI_OPCODE_DEFAULT:
    case TGSI_OPCODE_ENDSWITCH:
    case TGSI_OPCODE_END:
        return true;
    default:
        return false;
    }
}

static bool is_sampling(unsigned op)
{
    const tgsi_opcode_info *info = tgsi_opcode_get_info(op);
    return (info->flags & TGSI_OPF_TEX) || (op >= TGSI_OPCODE_SAMPLE && op <= TGSI_OPCODE_LOD);
}

static bool ps_only(unsigned op)
{
    switch (op) {
    case TGSI_OPCODE_KILL:
    case TGSI_OPCODE_KILL_IF:
    case TGSI_OPCODE_DEMOTE:
    case TGSI_OPCODE_READ_HELPER:
    case TGSI_OPCODE_INTERP_CENTROID:
    case TGSI_OPCODE_INTERP_SAMPLE:
    case TGSI_OPCODE_INTERP_OFFSET:
        return true;
    default:
        return false;
    }
}

static const char *mask_text(unsigned m)
{
    static char buf[8];
    if (m == 0xf)
        return "";
    char *p = buf;
    *p++ = '.';
    for (int c = 0; c < 4; c++)
        if ((m >> c) & 1)
            *p++ = "xyzw"[c];
    *p = 0;
    return buf;
}

/* A random source operand n: file, swizzle and modifiers. */
static void src_text(char *out, size_t size, uint64_t *rng, unsigned op, unsigned n, int mods)
{
    char reg[48];
    unsigned f = tu_rand(rng) % 8;
    if (op >= TGSI_OPCODE_INTERP_CENTROID && op <= TGSI_OPCODE_INTERP_OFFSET && n == 0)
        f = 0; /* the interpolated operand must be an input */
    if (f < 4)
        snprintf(reg, sizeof reg, "IN[%u]", n);
    else if (f == 4)
        snprintf(reg, sizeof reg, "CONST[0][%u]", n);
    else if (f == 5)
        snprintf(reg, sizeof reg, "IMM[%u]", n);
    else
        snprintf(reg, sizeof reg, "TEMP[%u]", n + 1);
    char swz[6] = ".xyzw";
    if (tu_rand(rng) % 3)
        for (int c = 0; c < 4; c++)
            swz[1 + c] = "xyzw"[tu_rand(rng) % 4];
    bool neg = mods & 1, abs_ = mods & 2;
    snprintf(out, size, "%s%s%s%s%s", neg ? "-" : "", abs_ ? "|" : "", reg, swz, abs_ ? "|" : "");
}

/* Builds one program exercising `op` (variant v picks mask, _SAT, modifiers
 * and VS/PS). */
static void build_op_program(char *text, size_t size, unsigned op, unsigned v, uint64_t *rng)
{
    const tgsi_opcode_info *info = tgsi_opcode_get_info(op);
    bool ps = ps_only(op) || (op >= TGSI_OPCODE_DDX && op <= TGSI_OPCODE_DDY_FINE) || (v & 1);
    unsigned mask = 1 + v % 15;
    bool sat = (v / 15) & 1;
    char *t = text;
    char *end = text + size;
    t += snprintf(t, (size_t)(end - t), "%s\n", ps ? "FRAG" : "VERT");
    if (v % 7 == 3)
        t += snprintf(t, (size_t)(end - t), "PROPERTY MUL_ZERO_WINS 1\n");
    t += snprintf(t, (size_t)(end - t),
                  "DCL IN[0..7], GENERIC[0]%s\nDCL OUT[0], %s\nDCL CONST[0][0..7]\n"
                  "DCL TEMP[0..7]\nDCL TEMP[8..15], ARRAY(1)\nDCL ADDR[0]\n",
                  ps ? ", PERSPECTIVE" : "", ps ? "COLOR" : "GENERIC[0]");
    for (int i = 0; i < 5; i++) {
        uint32_t w[4];
        for (int c = 0; c < 4; c++)
            w[c] = tgsi_test_random_word(rng, 0.4f);
        t += snprintf(t, (size_t)(end - t), "IMM[%d] UINT32 {%u, %u, %u, %u}\n", i, w[0], w[1],
                      w[2], w[3]);
    }
    /* TEMP[1..5] hold copies of inputs, TEMP[0] a background for masks,
     * the ARRAY a recognisable ramp for ADDR lookups. */
    t += snprintf(t, (size_t)(end - t), "MOV TEMP[0], IN[7]\n");
    for (int i = 1; i <= 5; i++)
        t += snprintf(t, (size_t)(end - t), "MOV TEMP[%d], IN[%d].yzwx\n", i, i - 1);
    for (int i = 8; i < 16; i++)
        t += snprintf(t, (size_t)(end - t), "MOV TEMP[%d], IMM[%d]\n", i, i % 5);

    char srcs[TGSI_MAX_SRC][64];
    for (unsigned n = 0; n < info->num_src; n++) {
        int mods = (int)((v >> (2 * n + 1)) & 3);
        if (tu_rand(rng) % 4 == 0)
            mods = 0;
        src_text(srcs[n], sizeof srcs[n], rng, op, n, mods);
    }
    char args[512] = "";
    for (unsigned n = 0; n < info->num_src; n++) {
        strcat(args, n || info->num_dst ? ", " : " ");
        strcat(args, srcs[n]);
    }
    const char *satx = sat ? "_SAT" : "";
    if (op == TGSI_OPCODE_ARL || op == TGSI_OPCODE_ARR || op == TGSI_OPCODE_UARL) {
        t += snprintf(t, (size_t)(end - t), "%s%s ADDR[0]%s%s\n", info->name, satx,
                      mask_text(mask), args);
        for (int c = 0; c < 4; c++)
            t += snprintf(t, (size_t)(end - t), "MOV TEMP[0].%c, TEMP[ADDR[0].%c+10](1).%c%c%c%c\n",
                          "xyzw"[c], "xyzw"[c], "xyzw"[c], "xyzw"[c], "xyzw"[c], "xyzw"[c]);
    } else if (info->num_dst == 0) {
        /* KILL, KILL_IF, DEMOTE: under a per-lane condition for KILL. */
        if (op == TGSI_OPCODE_KILL_IF)
            t += snprintf(t, (size_t)(end - t), "KILL_IF%s\n", args);
        else
            t += snprintf(t, (size_t)(end - t), "FSLT TEMP[6].x, IN[5].xxxx, IN[6].xxxx\n"
                                                "UIF TEMP[6].xxxx\n%s\nENDIF\n",
                          info->name);
        if (ps)
            t += snprintf(t, (size_t)(end - t),
                          "READ_HELPER TEMP[0].%c\nDDX TEMP[0].w, IN[3].xxxx\n", "xyz"[v % 3]);
    } else {
        t += snprintf(t, (size_t)(end - t), "%s%s TEMP[0]%s%s\n", info->name, satx,
                      mask_text(mask), args);
    }
    t += snprintf(t, (size_t)(end - t), "MOV OUT[0], TEMP[0]\nEND\n");
}

static void test_every_opcode(void **state)
{
    (void)state;
    unsigned tested = 0, bad_ops = 0;
    for (unsigned op = 0; op < TGSI_OPCODE_COUNT; op++) {
        const tgsi_opcode_info *info = tgsi_opcode_get_info(op);
        if ((info->flags & TGSI_OPF_NOEXEC) || is_control(op) || is_sampling(op))
            continue;
        uint64_t rng = 0x1234567ull + op * 0x9E3779B97F4A7C15ull;
        unsigned bad_programs = 0;
        for (unsigned v = 0; v < OPCODE_PROGRAMS; v++) {
            char text[8192];
            build_op_program(text, sizeof text, op, v, &rng);
            int r = cross_run(text, op, 3, 0.35f, true, bad_programs < 3);
            if (r < 0) {
                tgsi_error err;
                tgsi_test_parse(text, &err);
                fail_msg("%s: generated program does not parse: %u:%u %s\n%s", info->name,
                         err.line, err.column, err.message, text);
            }
            if (r > 0)
                bad_programs++;
        }
        if (bad_programs) {
            fprintf(stderr, "%s: %u of 60 programs differ\n", info->name, bad_programs);
            bad_ops++;
        }
        exercised[op] = true;
        tested++;
    }
    assert_true(tested > 100);
    if (bad_ops)
        fail_msg("%u opcodes differ between the interpreter and the reference", bad_ops);
    exercised[TGSI_OPCODE_MOV] = exercised[TGSI_OPCODE_END] = true;
}

/* ---- random control flow ------------------------------------------------- */

typedef struct gen {
    char *t, *end;
    uint64_t rng;
    bool ps;
    int subs;           /* subroutines to emit after END */
    int inst;           /* instructions so far (for CAL labels) */
    int cal_fix[64];    /* instruction numbers of CALs, patched later */
    int cal_sub[64];
    int num_cal;
} gen;

static void emit(gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(g->t, (size_t)(g->end - g->t), fmt, ap);
    va_end(ap);
    if (n > 0 && n < g->end - g->t)
        g->t += n;
    g->inst++;
}

static const char *cond_reg(gen *g)
{
    static char buf[32];
    static const char *const sw = "xyzw";
    unsigned k = tu_rand(&g->rng) % 6;
    if (k < 3)
        snprintf(buf, sizeof buf, "TEMP[%u].%c%c%c%c", 1 + tu_rand(&g->rng) % 3,
                 sw[k], sw[k], sw[k], sw[k]);
    else
        snprintf(buf, sizeof buf, "IN[%u].%c%c%c%c", tu_rand(&g->rng) % 4, sw[k - 3], sw[k - 3],
                 sw[k - 3], sw[k - 3]);
    return buf;
}

/* Data operations. Float and integer values live in separate registers
 * (float: TEMP[1..2], IN[0..1]; integer: TEMP[3..4], IN[2..3]; FSLT turns
 * floats into an integer mask): which NaN a float operation with two NaN
 * operands returns is not part of the contract (exec contract 1), so a
 * NaN's bits must never reach an integer operation, whose result would then
 * differ for real. Control flow, the subject here, reads both kinds. */
static void gen_alu(gen *g)
{
    static const char *const float_ops[] = {
        "ADD TEMP[%u], TEMP[%u], IN[%u]", "MAD TEMP[%u], TEMP[%u], IN[%u], TEMP[1]",
        "MUL TEMP[%u], TEMP[%u], IN[%u].wzyx", "MAX TEMP[%u], TEMP[%u], -IN[%u]",
        "SGE TEMP[%u], TEMP[%u], IN[%u]",
    };
    static const char *const int_ops[] = {
        "UADD TEMP[%u], TEMP[%u], IN[%u]", "XOR TEMP[%u], TEMP[%u], IN[%u]",
        "USHR TEMP[%u], TEMP[%u], IN[%u]", "AND TEMP[%u], TEMP[%u], IN[%u]",
    };
    enum { NF = sizeof float_ops / sizeof float_ops[0], NI = sizeof int_ops / sizeof int_ops[0] };
    unsigned k = tu_rand(&g->rng) % (NF + NI + 1);
    unsigned d = tu_rand(&g->rng) % 2, a = tu_rand(&g->rng) % 2, b = tu_rand(&g->rng) % 2;
    char line[128];
    if (k < NF)
        snprintf(line, sizeof line, float_ops[k], 1 + d, 1 + a, b);
    else if (k < NF + NI)
        snprintf(line, sizeof line, int_ops[k - NF], 3 + d, 3 + a, 2 + b);
    else
        snprintf(line, sizeof line, "FSLT TEMP[%u], TEMP[%u], IN[%u]", 3 + d, 1 + a, b);
    emit(g, "%s\n", line);
    if (g->ps && tu_rand(&g->rng) % 4 == 0)
        emit(g, "DDX TEMP[%u], TEMP[%u]\n", 1 + tu_rand(&g->rng) % 2, 1 + tu_rand(&g->rng) % 2);
}

static void gen_block(gen *g, int depth, bool in_loop, bool in_switch, bool in_sub);

static void gen_stmt(gen *g, int depth, bool in_loop, bool in_switch, bool in_sub)
{
    unsigned k = tu_rand(&g->rng) % (depth >= 3 ? 2 : 10);
    switch (k) {
    case 0:
    case 1:
        gen_alu(g);
        return;
    case 2:
    case 3:
        emit(g, "%s %s\n", (tu_rand(&g->rng) & 1) ? "IF" : "UIF", cond_reg(g));
        gen_block(g, depth + 1, in_loop, in_switch, in_sub);
        if (tu_rand(&g->rng) & 1) {
            emit(g, "ELSE\n");
            gen_block(g, depth + 1, in_loop, in_switch, in_sub);
        }
        emit(g, "ENDIF\n");
        return;
    case 4: {
        /* A loop with a counter in TEMP[5+depth].x incremented first (so a
         * CONT cannot make it endless) and a per-lane bound in 0..7. */
        unsigned c = (in_sub ? 7u : 5u) + (unsigned)depth; /* TEMP[5..7] main, [8..9] subs */
        emit(g, "MOV TEMP[%u].x, IMM[0].wwww\n", c);
        emit(g, "AND TEMP[%u].y, IN[%u].xxxx, IMM[0].zzzz\n", c, tu_rand(&g->rng) % 4);
        emit(g, "BGNLOOP\n");
        emit(g, "UADD TEMP[%u].x, TEMP[%u].xxxx, IMM[0].xxxx\n", c, c);
        emit(g, "USLT TEMP[%u].z, TEMP[%u].yyyy, TEMP[%u].xxxx\n", c, c, c);
        emit(g, "UIF TEMP[%u].zzzz\n", c);
        emit(g, "BRK\n");
        emit(g, "ENDIF\n");
        gen_block(g, depth + 1, true, false, in_sub);
        emit(g, "ENDLOOP\n");
        return;
    }
    case 5:
        if (in_loop || in_switch) {
            emit(g, "UIF %s\n", cond_reg(g));
            emit(g, "%s\n", (in_loop && !in_switch && (tu_rand(&g->rng) & 1)) ? "CONT" : "BRK");
            emit(g, "ENDIF\n");
        } else {
            gen_alu(g);
        }
        return;
    case 6: {
        emit(g, "AND TEMP[4].w, IN[%u].yyyy, IMM[0].yyyy\n", tu_rand(&g->rng) % 4);
        emit(g, "SWITCH TEMP[4].wwww\n");
        int def = (int)(tu_rand(&g->rng) % 4);
        for (int cs = 0; cs < 3; cs++) {
            if (cs == def)
                emit(g, "DEFAULT\n");
            emit(g, "CASE IMM[1].%c%c%c%c\n", "xyzw"[cs], "xyzw"[cs], "xyzw"[cs], "xyzw"[cs]);
            gen_block(g, depth + 1, in_loop, true, in_sub);
            if (tu_rand(&g->rng) % 3)
                emit(g, "BRK\n");
        }
        if (def == 3) {
            emit(g, "DEFAULT\n");
            gen_block(g, depth + 1, in_loop, true, in_sub);
        }
        emit(g, "ENDSWITCH\n");
        return;
    }
    case 7:
        if (!in_sub && g->subs < 2 && g->num_cal < 64) {
            g->cal_fix[g->num_cal] = g->inst;
            g->cal_sub[g->num_cal++] = (int)(tu_rand(&g->rng) % 2);
            emit(g, "CAL :@\n");
        } else if (in_sub || (tu_rand(&g->rng) & 1)) {
            emit(g, "UIF %s\n", cond_reg(g));
            emit(g, "RET\n");
            emit(g, "ENDIF\n");
        }
        return;
    case 8:
        if (g->ps) {
            if (tu_rand(&g->rng) & 1)
                emit(g, "KILL_IF %s\n", cond_reg(g));
            else {
                emit(g, "UIF %s\n", cond_reg(g));
                emit(g, "%s\n", (tu_rand(&g->rng) & 1) ? "DEMOTE" : "KILL");
                emit(g, "ENDIF\n");
            }
            emit(g, "READ_HELPER TEMP[3].w\n");
        } else {
            gen_alu(g);
        }
        return;
    default:
        emit(g, "MOV OUT[%u], TEMP[%u]\n", tu_rand(&g->rng) % 2, 1 + tu_rand(&g->rng) % 4);
        return;
    }
}

static void gen_block(gen *g, int depth, bool in_loop, bool in_switch, bool in_sub)
{
    unsigned n = 1 + tu_rand(&g->rng) % 3;
    for (unsigned i = 0; i < n; i++)
        gen_stmt(g, depth, in_loop, in_switch, in_sub);
}

/* Generates a random program into text; CAL labels are patched by index. */
static void gen_program(char *text, size_t size, uint64_t seed, bool ps)
{
    char body[16384];
    gen g;
    memset(&g, 0, sizeof g);
    g.t = body;
    g.end = body + sizeof body;
    g.rng = seed * 0x9E3779B97F4A7C15ull + 3;
    g.ps = ps;
    for (int i = 1; i <= 4; i++)
        emit(&g, "MOV TEMP[%d], IN[%d]\n", i, i - 1);
    gen_block(&g, 0, false, false, false);
    gen_block(&g, 0, false, false, false);
    emit(&g, "MOV OUT[0], TEMP[1]\n");
    emit(&g, "MOV OUT[1], TEMP[2]\n");
    emit(&g, "END\n");
    int sub_start[2];
    for (int s = 0; s < 2; s++) {
        sub_start[s] = g.inst;
        emit(&g, "BGNSUB\n");
        gen_block(&g, 1, false, false, true);
        emit(&g, "ENDSUB\n");
    }
    /* Header, then the body with CAL labels filled in. */
    char *t = text, *end = text + size;
    t += snprintf(t, (size_t)(end - t),
                  "%s\nDCL IN[0..3], GENERIC[0]%s\nDCL OUT[0], %s\nDCL OUT[1], %s\n"
                  "DCL TEMP[0..9]\nIMM[0] UINT32 {1, 3, 7, 0}\nIMM[1] UINT32 {0, 1, 2, 3}\n",
                  ps ? "FRAG" : "VERT", ps ? ", PERSPECTIVE" : "", ps ? "COLOR" : "GENERIC[0]",
                  ps ? "COLOR[1]" : "GENERIC[1]");
    int cal = 0;
    for (const char *b = body; *b && t < end - 16;) {
        const char *at = strstr(b, ":@");
        if (!at) {
            t += snprintf(t, (size_t)(end - t), "%s", b);
            break;
        }
        t += snprintf(t, (size_t)(end - t), "%.*s:%d", (int)(at - b), b,
                      sub_start[g.cal_sub[cal++]]);
        b = at + 2;
    }
}

static void test_control_flow(void **state)
{
    (void)state;
    unsigned bad = 0;
    for (unsigned i = 0; i < CONTROL_FLOW_PROGRAMS; i++) {
        char text[32768];
        bool ps = i & 1;
        gen_program(text, sizeof text, i + 1, ps);
        int r = cross_run(text, TGSI_OPCODE_IF, 2, 0.05f, false, bad < 3);
        if (r < 0) {
            tgsi_error err;
            tgsi_test_parse(text, &err);
            fail_msg("generated program %u does not parse: %u:%u %s\n%s", i, err.line,
                     err.column, err.message, text);
        }
        if (r > 0)
            bad++;
        mark_program(text);
    }
    if (bad)
        fail_msg("control flow: %u of 400 programs differ", bad);
}

/* ---- textures ------------------------------------------------------------ */

static void test_textures(void **state)
{
    (void)state;
    unsigned bad = 0;
    for (unsigned op = 0; op < TGSI_OPCODE_COUNT; op++) {
        const tgsi_opcode_info *info = tgsi_opcode_get_info(op);
        if ((info->flags & TGSI_OPF_NOEXEC) || !is_sampling(op))
            continue;
        bool any = false;
        unsigned op_bad = 0, op_runs = 0;
        for (unsigned target = 1; target < TGSI_TEXTURE_COUNT; target++) {
            for (unsigned v = 0; v < 4; v++) {
                char text[4096];
                char *t = text, *end = text + sizeof text;
                bool tex = info->flags & TGSI_OPF_TEX;
                bool ps = v != 3;
                t += snprintf(t, (size_t)(end - t),
                              "%s\nDCL IN[0..4], GENERIC[0]%s\nDCL OUT[0], %s\nDCL SAMP[0..2]\n"
                              "DCL SVIEW[0..2], %s, FLOAT\nDCL TEMP[0..5]\n"
                              "IMM[0] INT32 {1, -2, 3, 0}\nIMM[1] FLT32 {0.5, 0.0, 0.0, 0.0}\n",
                              ps ? "FRAG" : "VERT", ps ? ", PERSPECTIVE" : "",
                              ps ? "COLOR" : "GENERIC[0]", tgsi_texture_name(target));
                t += snprintf(t, (size_t)(end - t),
                              "MOV TEMP[0], IN[0]\nMOV TEMP[1], IN[1]\nMOV TEMP[2], IN[2]\n"
                              "MOV TEMP[3], IN[3]\nMOV TEMP[5], IN[4]\n");
                /* Integer coordinates for fetches: small ints. */
                if (op == TGSI_OPCODE_TXF || op == TGSI_OPCODE_TXF_LZ ||
                    op == TGSI_OPCODE_SAMPLE_I || op == TGSI_OPCODE_SAMPLE_I_MS ||
                    op == TGSI_OPCODE_TXQ || op == TGSI_OPCODE_SVIEWINFO)
                    t += snprintf(t, (size_t)(end - t), "F2I TEMP[0], IN[0]\n");
                if (v == 2) /* divergent: only some lanes sample */
                    t += snprintf(t, (size_t)(end - t), "FSLT TEMP[4].x, IN[4].xxxx, IMM[1].xxxx\n"
                                                        "UIF TEMP[4].xxxx\n");
                const char *unit = "SAMP[1]";
                char line[256];
                if (tex) {
                    /* operands: coord, [extra...], unit */
                    char extra[96] = "";
                    for (unsigned n = 1; n + 1 < info->num_src; n++) {
                        char one[24];
                        snprintf(one, sizeof one, ", TEMP[%u]", n);
                        strcat(extra, one);
                    }
                    if (op == TGSI_OPCODE_TG4)
                        snprintf(extra, sizeof extra, ", IMM[0].%c%c%c%c", "xwzy"[v & 3],
                                 "xwzy"[v & 3], "xwzy"[v & 3], "xwzy"[v & 3]);
                    const char *offs = (v == 1) ? ", IMM[0]" : "";
                    if (op == TGSI_OPCODE_TXQS)
                        snprintf(line, sizeof line, "TXQS TEMP[3], %s, %s\n", unit,
                                 tgsi_texture_name(target));
                    else
                        snprintf(line, sizeof line, "%s TEMP[3], TEMP[0]%s, %s, %s%s\n",
                                 info->name, extra, unit, tgsi_texture_name(target), offs);
                } else {
                    const char *sv = v == 1 ? "SVIEW[1].zxyw" : "SVIEW[1]";
                    switch (op) {
                    case TGSI_OPCODE_SAMPLE:
                    case TGSI_OPCODE_GATHER4:
                    case TGSI_OPCODE_LOD:
                        snprintf(line, sizeof line, "%s TEMP[3], TEMP[0], %s, SAMP[2]\n",
                                 info->name, sv);
                        break;
                    case TGSI_OPCODE_SAMPLE_I:
                        snprintf(line, sizeof line, "SAMPLE_I TEMP[3], TEMP[0], %s\n", sv);
                        break;
                    case TGSI_OPCODE_SAMPLE_I_MS:
                        snprintf(line, sizeof line, "SAMPLE_I_MS TEMP[3], TEMP[0], %s, TEMP[1]\n",
                                 sv);
                        break;
                    case TGSI_OPCODE_SAMPLE_D:
                        snprintf(line, sizeof line,
                                 "SAMPLE_D TEMP[3], TEMP[0], %s, SAMP[2], TEMP[1], TEMP[2]\n", sv);
                        break;
                    case TGSI_OPCODE_SVIEWINFO:
                        snprintf(line, sizeof line, "SVIEWINFO TEMP[3], TEMP[0], %s\n", sv);
                        break;
                    case TGSI_OPCODE_SAMPLE_POS:
                        snprintf(line, sizeof line, "SAMPLE_POS TEMP[3], %s, TEMP[1]\n", sv);
                        break;
                    case TGSI_OPCODE_SAMPLE_INFO:
                        snprintf(line, sizeof line, "SAMPLE_INFO TEMP[3], %s\n", sv);
                        break;
                    default: /* SAMPLE_B, _C, _C_LZ, _L: one scalar more */
                        snprintf(line, sizeof line, "%s TEMP[3], TEMP[0], %s, SAMP[2], TEMP[1].x\n",
                                 info->name, sv);
                        break;
                    }
                }
                t += snprintf(t, (size_t)(end - t), "%s", line);
                if (v == 2)
                    t += snprintf(t, (size_t)(end - t), "ENDIF\n");
                t += snprintf(t, (size_t)(end - t), "MOV OUT[0], TEMP[3]\nEND\n");
                int r = cross_run(text, op, 2, 0.05f, false, op_bad < 2);
                if (r < 0)
                    continue; /* target not valid for this opcode */
                any = true;
                op_runs++;
                if (r > 0)
                    op_bad++;
            }
        }
        if (!any)
            fail_msg("%s: no texture target accepted", info->name);
        if (op_bad)
            fprintf(stderr, "%s: %u of %u programs differ\n", info->name, op_bad, op_runs);
        bad += op_bad;
        exercised[op] = true;
    }
    if (bad)
        fail_msg("textures: %u programs differ", bad);
}

/* Every executable opcode ran in one of the tests above. Runs last. */
static void test_coverage(void **state)
{
    (void)state;
    unsigned missing = 0;
    for (unsigned op = 0; op < TGSI_OPCODE_COUNT; op++) {
        const tgsi_opcode_info *info = tgsi_opcode_get_info(op);
        if (info->flags & TGSI_OPF_NOEXEC)
            continue;
        if (!exercised[op]) {
            fprintf(stderr, "opcode %s was not exercised\n", info->name);
            missing++;
        }
    }
    assert_int_equal(missing, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_opcode),
        cmocka_unit_test(test_control_flow),
        cmocka_unit_test(test_textures),
        cmocka_unit_test(test_coverage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
