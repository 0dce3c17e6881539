/*
 * bench_interp.c: the TGSI interpreter's throughput and per-instruction cost.
 *
 *   interp/dispatch/<kind>  a vertex shader of 512 instructions of one kind
 *                           (TEMP operands, no memory traffic beyond the
 *                           register file) run on 8 lanes; counter
 *                           s_per_inst = time per instruction for all 8
 *                           lanes: the dispatch overhead plus the op itself.
 *   interp/corpus/<kind>    every vertex or fragment shader of the corpus
 *                           that compiles, each run once per iteration on
 *                           random inputs; counter inst_lanes_per_s =
 *                           static instructions x 8 lanes per second (the
 *                           corpus shaders are nearly all straight-line).
 *
 * The corpus directory is SWR_TGSI_CORPUS (compile definition) or the
 * environment variable of the same name.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cbench.h"
#include "jitter/jit.h"
#include "tgsi_corpus.h"
#include "tools/tgsi_test_inputs.h"
#include "tools/tgsi_test_sampler.h"

#define DISPATCH_INSTS 512

typedef struct loaded_shader {
    tgsi_program *prog;
    jit_shader *sh;
    tgsi_test_env env;
    swr_vs_args vs;
    swr_ps_args ps;
    swr_simd_vec4 outputs[SWR_MAX_ATTRIBS];
} loaded_shader;

static tgsi_test_sampler sampler;

static bool load_text(loaded_shader *ls, const char *text, size_t len)
{
    tgsi_error err;
    memset(ls, 0, sizeof *ls);
    if (!tgsi_parse(text, len, &ls->prog, &err))
        return false;
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    ls->sh = jit_shader_compile(ls->prog, &key, &err);
    if (!ls->sh || !tgsi_test_env_init(&ls->env, ls->prog, &sampler.base)) {
        if (ls->sh)
            jit_shader_unref(ls->sh);
        tgsi_program_free(ls->prog);
        return false;
    }
    /* Few specials: loops that read inputs should end early. */
    ls->env.special_rate = 0.0f;
    ls->env.const_small_int_rate = 1.0f;
    if (ls->prog->processor == TGSI_PROCESSOR_VERTEX)
        tgsi_test_fill_vs(&ls->env, 1, &ls->vs, ls->outputs);
    else
        tgsi_test_fill_ps(&ls->env, 1, &ls->ps);
    return true;
}

static void run_loaded(loaded_shader *ls)
{
    if (ls->prog->processor == TGSI_PROCESSOR_VERTEX) {
        jit_shader_vs_func(ls->sh)(ls->sh, &ls->vs);
    } else {
        uint32_t mask = ls->ps.exec_mask;
        jit_shader_ps_func(ls->sh)(ls->sh, &ls->ps);
        ls->ps.exec_mask = mask; /* undo kills: every run does the same work */
    }
}

/* ---- dispatch cost ------------------------------------------------------- */

typedef struct dispatch_kind {
    const char *name;
    const char *fmt; /* one instruction; %u = dst, src a, src b */
} dispatch_kind;

static const dispatch_kind kinds[] = {
    {"MOV", "MOV TEMP[%u], TEMP[%u]"},
    {"ADD", "ADD TEMP[%u], TEMP[%u], TEMP[%u]"},
    {"MAD", "MAD TEMP[%u], TEMP[%u], TEMP[%u], TEMP[%u]"},
    {"MAD_swizzle_neg_abs", "MAD TEMP[%u].xyz, -|TEMP[%u].yzxw|, TEMP[%u].wwww, -TEMP[%u]"},
    {"DP4", "DP4 TEMP[%u], TEMP[%u], TEMP[%u]"},
    {"FSLT", "FSLT TEMP[%u], TEMP[%u], TEMP[%u]"},
    {"UCMP", "UCMP TEMP[%u], TEMP[%u], TEMP[%u], TEMP[%u]"},
    {"RCP", "RCP TEMP[%u].x, TEMP[%u].xxxx"},
    {"EX2", "EX2 TEMP[%u], TEMP[%u].xxxx"},
    {"SIN", "SIN TEMP[%u], TEMP[%u].xxxx"},
};
enum { NUM_KINDS = sizeof kinds / sizeof kinds[0] };
static loaded_shader dispatch_shaders[NUM_KINDS];

static bool build_dispatch(unsigned k)
{
    size_t cap = 64 * DISPATCH_INSTS + 512, n = 0;
    char *text = malloc(cap);
    if (!text)
        return false;
    n += (size_t)snprintf(text + n, cap - n,
                          "VERT\nDCL IN[0]\nDCL OUT[0], POSITION\nDCL TEMP[0..7]\n"
                          "IMM[0] FLT32 {0.5, 0.25, 0.125, 1.0}\n"
                          "  0: MOV TEMP[0], IN[0]\n");
    for (unsigned r = 1; r < 8; r++)
        n += (size_t)snprintf(text + n, cap - n, "MAD TEMP[%u], IN[0], IMM[0].xyzw, IMM[0].%c\n",
                              r, "xyzw"[r & 3]);
    for (unsigned i = 0; i < DISPATCH_INSTS; i++) {
        n += (size_t)snprintf(text + n, cap - n, kinds[k].fmt, i % 8, (i + 3) % 8, (i + 5) % 8,
                              (i + 6) % 8);
        n += (size_t)snprintf(text + n, cap - n, "\n");
    }
    n += (size_t)snprintf(text + n, cap - n, "MOV OUT[0], TEMP[0]\nEND\n");
    bool ok = load_text(&dispatch_shaders[k], text, n);
    free(text);
    return ok;
}

static void bm_dispatch(cb_state *st, void *user)
{
    loaded_shader *ls = user;
    while (cb_keep_running(st))
        run_loaded(ls);
    /* Straight-line: the 8 set-up instructions, the body, MOV and END. */
    double insts = (double)(ls->prog->num_insts);
    /* insts per iteration, as a rate, inverted: seconds per instruction. */
    cb_counter(st, "s_per_inst", insts, CB_COUNTER_ITER_INVARIANT_RATE | CB_COUNTER_INVERT);
    cb_set_items_processed(st, cb_iterations(st) * (int64_t)insts * 8);
}

/* ---- corpus throughput ----------------------------------------------------- */

typedef struct corpus_set {
    loaded_shader **shaders; /* each 32-byte aligned, as the SIMD args need */
    unsigned count;
    uint64_t static_insts;
} corpus_set;

static corpus_set corpus[2]; /* VERT, FRAG */

static void load_corpus(const char *dir)
{
    tgsi_corpus files;
    if (!tgsi_corpus_load(dir, &files)) {
        fprintf(stderr, "bench_interp: no corpus at %s\n", dir);
        return;
    }
    for (size_t i = 0; i < files.count; i++) {
        const tgsi_corpus_file *f = &files.files[i];
        int kind = !strncmp(f->name, "vert-", 5) ? 0 : !strncmp(f->name, "frag-", 5) ? 1 : -1;
        if (kind < 0)
            continue;
        corpus_set *cs = &corpus[kind];
        loaded_shader **grown = realloc(cs->shaders, (cs->count + 1) * sizeof *grown);
        if (!grown)
            break;
        cs->shaders = grown;
        loaded_shader *ls = aligned_alloc(32, (sizeof *ls + 31) & ~(size_t)31);
        if (ls && load_text(ls, f->text, f->len)) {
            cs->static_insts += ls->prog->num_insts;
            cs->shaders[cs->count++] = ls;
        } else {
            free(ls);
        }
    }
    tgsi_corpus_free(&files);
}

static void bm_corpus(cb_state *st, void *user)
{
    corpus_set *cs = user;
    while (cb_keep_running(st)) {
        for (unsigned i = 0; i < cs->count; i++)
            run_loaded(cs->shaders[i]);
    }
    cb_counter(st, "inst_lanes_per_s", (double)cb_iterations(st) * (double)cs->static_insts * 8,
               CB_COUNTER_RATE);
    cb_counter(st, "shaders", cs->count, CB_COUNTER_DEFAULT);
}

int main(int argc, char **argv)
{
    tgsi_test_sampler_init(&sampler, 7);
    char name[96];
    for (unsigned k = 0; k < NUM_KINDS; k++) {
        if (!build_dispatch(k)) {
            fprintf(stderr, "bench_interp: dispatch shader %s does not compile\n",
                    kinds[k].name);
            return 1;
        }
        snprintf(name, sizeof name, "interp/dispatch/%s", kinds[k].name);
        cb_register(name, bm_dispatch, &dispatch_shaders[k]);
    }
    const char *dir = getenv("SWR_TGSI_CORPUS");
    load_corpus(dir ? dir : SWR_TGSI_CORPUS);
    if (!corpus[0].count || !corpus[1].count) {
        fprintf(stderr, "bench_interp: the corpus gave no runnable shaders\n");
        return 1;
    }
    cb_register("interp/corpus/vert", bm_corpus, &corpus[0]);
    cb_register("interp/corpus/frag", bm_corpus, &corpus[1]);
    return cb_main(argc, argv);
}
