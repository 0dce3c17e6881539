/*
 * bench_ff: what the fixed-function generator costs and produces.
 *
 * At start it prints, for typical keys, the generated instruction counts
 * and what remains per vertex / per pixel after the jitter's preamble
 * split (the pipe compiles with it: constant-only work runs once per
 * draw), and the number of constants. Then Google Benchmark times key ->
 * program generation (canonicalise, emit, fold, print), a cache hit, and
 * filling a program's constant buffer from the GL state. Run by hand:
 *   build/tests/bench_ff --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
 * CTest runs every benchmark once as a smoke test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cbench.h"
#include "frontend-gallium/gl/fixedfunc/gl_fixedfunc.h"
#include "ff_test_util.h"
#include "jitter/jit_priv.h"

/* ---- typical keys (ff_test_util.h) -------------------------------------------- */

static gl_ff_vs_key vs_gears_const_normal(void)
{
    gl_ff_vs_key k = ff_key_vs_gears(true);
    k.const_attribs = 1u << GL_FF_ATTRIB_NORMAL; /* one normal per draw (per face) */
    return k;
}

static gl_ff_fs_key fs_plain(void)
{
    gl_ff_fs_key k;
    memset(&k, 0, sizeof k);
    return k;
}

/* ---- counts --------------------------------------------------------------------- */

static void print_counts(const char *name, const gl_ff_shader *sh)
{
    tgsi_program *p = NULL;
    tgsi_error err;
    if (!tgsi_parse(sh->text, sh->text_len, &p, &err)) {
        fprintf(stderr, "%s: generated text rejected: %s\n", name, err.message);
        exit(1);
    }
    jit_preamble_split split;
    char after[64] = "no preamble split";
    if (jit_preamble_split_program(p, JIT_PREAMBLE_MIN_WORK, &split)) {
        snprintf(after, sizeof after, "%u per vertex/pixel after the split (%u to the preamble)",
                 split.main->num_insts - 1, split.hoisted);
        jit_preamble_split_free(&split);
    }
    printf("%-40s %4u instructions, %3u constants; %s\n", name, sh->num_instructions,
           sh->num_consts, after);
    tgsi_program_free(p);
}

/* ---- benchmarks ----------------------------------------------------------------- */

/* A benchmark's subject: one key of either stage. */
typedef struct subject {
    const char *name;  /* the row of the counts table */
    const char *bench; /* the benchmarks' name part */
    bool vs;
    gl_ff_vs_key v;
    gl_ff_fs_key f;
} subject;

#define NUM_SUBJECTS 8
static subject subjects[NUM_SUBJECTS];

static void bm_generate(cb_state *st, void *user)
{
    const subject *b = user;
    while (cb_keep_running(st)) {
        gl_ff_shader sh;
        if (!(b->vs ? gl_ff_vs_generate(&b->v, &sh) : gl_ff_fs_generate(&b->f, &sh)))
            abort();
        cb_do_not_optimize(sh.text);
        gl_ff_shader_fini(&sh);
    }
}

/* The draw-time path when the state changed but the program is cached:
 * canonicalise, hash, probe, compare. */
static void bm_cache_hit(cb_state *st, void *user)
{
    const subject *b = user;
    gl_ff_cache *c = gl_ff_cache_create(64, NULL, NULL);
    while (cb_keep_running(st))
        cb_do_not_optimize(b->vs ? gl_ff_cache_vs(c, &b->v) : gl_ff_cache_fs(c, &b->f));
    gl_ff_cache_destroy(c);
}

/* Refilling a program's constants after a state change (matrices
 * inverted in double, products, normalised vectors). */
static void bm_fill_constants(cb_state *st, void *user)
{
    const subject *b = user;
    gl_ff_shader sh;
    if (!gl_ff_vs_generate(&b->v, &sh))
        abort();
    gl_ff_gl_state s;
    gl_ff_gl_state_defaults(&s);
    float *buf = malloc(sh.num_consts * 4 * sizeof *buf);
    while (cb_keep_running(st)) {
        gl_ff_fill_constants(&s, sh.consts, sh.num_consts, buf);
        cb_clobber_memory();
    }
    free(buf);
    gl_ff_shader_fini(&sh);
}

int main(int argc, char **argv)
{
    gl_ff_vs_key gears = ff_key_vs_gears(true);
    gl_ff_fs_key plain = fs_plain();
    subject all[NUM_SUBJECTS] = {
        {"VS glxgears (specular zero)", "vs/gears", true, gears, plain},
        {"VS glxgears (general)", "vs/gears_specular", true, ff_key_vs_gears(false), plain},
        {"VS glxgears, normal constant per draw", "vs/gears_const_normal", true,
         vs_gears_const_normal(), plain},
        {"VS textured lit scene", "vs/textured_lit", true, ff_key_vs_textured(), plain},
        {"VS two-sided, 8 lights", "vs/twoside_8_lights", true, ff_key_vs_twoside8(), plain},
        {"FS untextured", "fs/untextured", false, gears, plain},
        {"FS textured lit scene", "fs/textured_lit", false, gears, ff_key_fs_textured()},
        {"FS 4 combine units + fog", "fs/combine4_fog", false, gears, ff_key_fs_combine4()},
    };
    char name[96];
    for (int i = 0; i < NUM_SUBJECTS; i++) {
        subject *b = &subjects[i];
        *b = all[i];
        gl_ff_shader sh;
        if (!(b->vs ? gl_ff_vs_generate(&b->v, &sh) : gl_ff_fs_generate(&b->f, &sh)))
            return 1;
        print_counts(b->name, &sh);
        gl_ff_shader_fini(&sh);
        snprintf(name, sizeof name, "generate/%s", b->bench);
        cb_unit_set(cb_register(name, bm_generate, b), CB_US);
        snprintf(name, sizeof name, "cache_hit/%s", b->bench);
        cb_register(name, bm_cache_hit, b);
        if (b->vs) {
            snprintf(name, sizeof name, "fill_constants/%s", b->bench);
            cb_register(name, bm_fill_constants, b);
        }
    }
    return cb_main(argc, argv);
}
