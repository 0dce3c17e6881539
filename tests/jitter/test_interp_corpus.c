/*
 * test_interp_corpus.c: every VERT and FRAG shader of the corpus (argv[1],
 * ../shared/corpus/tgsi) runs in the interpreter and in the scalar
 * reference executor on three sets of random inputs, with identical
 * outputs bit for bit (exec contract 16 says which lanes count).
 *
 * A missing or empty corpus directory fails the test (it must not pass by
 * finding nothing). Each mismatch names the file, the seed and the first
 * differing output; the test fails when any shader differs or does not
 * parse / compile.
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
#include "tgsi_corpus.h"
#include "tgsi/tgsi_ref.h"
#include "tools/tgsi_test_inputs.h"
#include "tools/tgsi_test_sampler.h"

static const char *corpus_dir;

enum { SEEDS = 3 };

typedef struct run_pair {
    swr_simd_vec4 out_ref[SWR_MAX_ATTRIBS], out_jit[SWR_MAX_ATTRIBS];
    swr_vs_args vs_ref, vs_jit;
    swr_ps_args ps_ref, ps_jit;
} run_pair;

/* 0: agree; 1: mismatch or error (printed); 2: not a VERT/FRAG shader. */
static int check_shader(const char *name, const char *text, size_t len, run_pair *rp)
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
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    key.executor = JIT_EXECUTOR_INTERP;
    jit_shader *sh = jit_shader_compile(prog, &key, &err);
    if (!sh) {
        fprintf(stderr, "%s: interpreter refused: %s\n", name, err.message);
        tgsi_program_free(prog);
        return 1;
    }
    tgsi_test_sampler smp;
    tgsi_test_sampler_init(&smp, 0x5eed);
    tgsi_test_env env;
    assert_true(tgsi_test_env_init(&env, prog, &smp.base));
    env.special_rate = 0.02f;
    env.const_small_int_rate = 1.0f;
    int result = 0;
    for (uint64_t seed = 1; seed <= SEEDS && !result; seed++) {
        char msg[512];
        bool same;
        if (prog->processor == TGSI_PROCESSOR_VERTEX) {
            tgsi_test_fill_vs(&env, seed, &rp->vs_ref, rp->out_ref);
            tgsi_test_fill_vs(&env, seed, &rp->vs_jit, rp->out_jit);
            if (!tgsi_ref_run_vs(prog, &rp->vs_ref, &err))
                fail_msg("%s: reference refused: %s", name, err.message);
            jit_shader_vs_func(sh)(sh, &rp->vs_jit);
            same = tgsi_test_compare_vs(&env, &rp->vs_ref, &rp->vs_jit, msg, sizeof msg);
        } else {
            tgsi_test_fill_ps(&env, seed, &rp->ps_ref);
            rp->ps_jit = rp->ps_ref;
            if (!tgsi_ref_run_ps(prog, key.dual_source, &rp->ps_ref, &err))
                fail_msg("%s: reference refused: %s", name, err.message);
            jit_shader_ps_func(sh)(sh, &rp->ps_jit);
            same = tgsi_test_compare_ps(&rp->ps_ref, &rp->ps_jit, msg, sizeof msg);
        }
        if (!same) {
            fprintf(stderr, "%s seed %u: %s\n", name, (unsigned)seed, msg);
            result = 1;
        }
    }
    tgsi_test_env_free(&env);
    tgsi_test_sampler_free(&smp);
    jit_shader_unref(sh);
    tgsi_program_free(prog);
    return result;
}

static void test_corpus(void **state)
{
    (void)state;
    tgsi_corpus corpus;
    if (!tgsi_corpus_load(corpus_dir, &corpus))
        fail_msg("cannot open the corpus directory %s", corpus_dir);
    run_pair *rp = aligned_alloc(32, (sizeof *rp + 31) & ~(size_t)31);
    assert_non_null(rp);
    unsigned ran = 0, bad = (unsigned)corpus.unreadable;
    for (size_t i = 0; i < corpus.count; i++) {
        const tgsi_corpus_file *f = &corpus.files[i];
        int r = check_shader(f->name, f->text, f->len, rp);
        ran += r != 2;
        bad += r == 1;
    }
    tgsi_corpus_free(&corpus);
    free(rp);
    fprintf(stderr, "corpus: %u VERT/FRAG shaders x %d seeds, %u differ or unreadable\n", ran,
            SEEDS, bad);
    if (ran == 0)
        fail_msg("no VERT/FRAG shader found in %s", corpus_dir);
    if (bad)
        fail_msg("%u corpus shaders differ between the interpreter and the reference", bad);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
        return 1;
    }
    corpus_dir = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
