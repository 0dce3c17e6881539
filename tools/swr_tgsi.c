/*
 * swr_tgsi: parse, validate, print and cross-check TGSI shaders.
 *
 *   swr_tgsi [--print] [--run] [--seeds N] [--quiet] FILE...
 *
 * Every FILE is parsed and validated (errors name the file, line and
 * column). --print writes each program back in text form. --run runs each
 * vertex and fragment shader through the AVX2 interpreter and through the
 * scalar reference executor (tgsi/tgsi_ref.c) on N sets of random
 * inputs (default 4) with a deterministic fake sampler, and reports every
 * shader whose outputs differ in any lane, with the first difference.
 * Shaders no executor runs yet (geometry, tessellation, compute, doubles,
 * images ...) are counted as skipped, with the reason.
 *
 * The last line is the summary: "files F, shaders S, errors E, mismatches
 * M, skipped K". The exit status is 0 when there was no error and no
 * mismatch, 1 otherwise, 2 for bad usage (the usage then goes to stderr;
 * --help prints it on stdout and exits 0, --version prints the version).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jitter/jit.h"
#include "swr_version.h"
#include "tgsi/tgsi.h"
#include "tgsi/tgsi_ref.h"
#include "tools/tgsi_test_inputs.h"
#include "tools/tgsi_test_sampler.h"

typedef struct totals {
    unsigned files, shaders, errors, mismatches, skipped;
} totals;

typedef struct options {
    bool print, run, quiet;
    unsigned seeds;
} options;

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

/* Runs one seed through both executors; true when they agree. */
static bool run_seed(const char *path, const tgsi_program *prog, const jit_shader *sh,
                     const jit_variant_key *key, tgsi_test_env *env, uint64_t seed,
                     char *msg, size_t msg_size)
{
    tgsi_error err;
    if (prog->processor == TGSI_PROCESSOR_VERTEX) {
        static swr_simd_vec4 out_ref[SWR_MAX_ATTRIBS], out_jit[SWR_MAX_ATTRIBS];
        swr_vs_args ref, jit;
        tgsi_test_fill_vs(env, seed, &ref, out_ref);
        tgsi_test_fill_vs(env, seed, &jit, out_jit);
        if (!tgsi_ref_run_vs(prog, &ref, &err)) {
            snprintf(msg, msg_size, "reference: %s", err.message);
            return false;
        }
        jit_shader_vs_func(sh)(sh, &jit);
        return tgsi_test_compare_vs(env, &ref, &jit, msg, msg_size);
    }
    swr_ps_args ref, jit;
    tgsi_test_fill_ps(env, seed, &ref);
    tgsi_test_fill_ps(env, seed, &jit);
    if (!tgsi_ref_run_ps(prog, key->dual_source, &ref, &err)) {
        snprintf(msg, msg_size, "reference: %s", err.message);
        return false;
    }
    jit_shader_ps_func(sh)(sh, &jit);
    return tgsi_test_compare_ps(&ref, &jit, msg, msg_size);
}

static void run_shader(const char *path, const tgsi_program *prog, const options *o, totals *t)
{
    if (prog->processor != TGSI_PROCESSOR_VERTEX && prog->processor != TGSI_PROCESSOR_FRAGMENT) {
        if (!o->quiet)
            printf("%s: skipped: %s shaders are not executed yet\n", path,
                   tgsi_processor_name(prog->processor));
        t->skipped++;
        return;
    }
    jit_variant_key key;
    memset(&key, 0, sizeof key);
    tgsi_error err;
    jit_shader *sh = jit_shader_compile(prog, &key, &err);
    if (!sh) {
        if (!o->quiet)
            printf("%s: skipped: %s\n", path, err.message);
        t->skipped++;
        return;
    }
    tgsi_test_sampler sampler;
    tgsi_test_sampler_init(&sampler, 0x5a3b1e);
    tgsi_test_env env;
    if (!tgsi_test_env_init(&env, prog, &sampler.base)) {
        fprintf(stderr, "%s: out of memory\n", path);
        t->errors++;
        jit_shader_unref(sh);
        return;
    }
    /* Few specials, and constants read as integers small: loop bounds taken
     * from random float bits would run every loop to its 65535 cap. */
    env.special_rate = 0.02f;
    env.const_small_int_rate = 1.0f;
    char msg[512];
    for (unsigned s = 0; s < o->seeds; s++) {
        if (!run_seed(path, prog, sh, &key, &env, 0x9e3779b97f4a7c15ull * (s + 1), msg,
                      sizeof msg)) {
            printf("%s: MISMATCH (seed %u): %s\n", path, s, msg);
            t->mismatches++;
            break;
        }
    }
    tgsi_test_env_free(&env);
    tgsi_test_sampler_free(&sampler);
    jit_shader_unref(sh);
}

static void do_file(const char *path, const options *o, totals *t)
{
    t->files++;
    size_t len = 0;
    char *text = read_file(path, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read the file\n", path);
        t->errors++;
        return;
    }
    tgsi_program *prog = NULL;
    tgsi_error err;
    bool ok = tgsi_parse(text, len, &prog, &err);
    free(text);
    if (!ok) {
        fprintf(stderr, "%s:%u:%u: error: %s\n", path, err.line, err.column, err.message);
        t->errors++;
        return;
    }
    t->shaders++;
    if (o->print) {
        char *out = tgsi_print(prog);
        if (!out) {
            fprintf(stderr, "%s: out of memory\n", path);
            t->errors++;
        } else {
            if (!o->quiet)
                printf("# %s\n", path);
            fputs(out, stdout);
            free(out);
        }
    }
    if (o->run)
        run_shader(path, prog, o, t);
    tgsi_program_free(prog);
}

static int usage(FILE *to, int status)
{
    fprintf(to,
            "usage: swr_tgsi [--print] [--run] [--seeds N] [--quiet] FILE...\n"
            "  --print     print each program in TGSI text form\n"
            "  --run       run vertex/fragment shaders through the interpreter and the\n"
            "              scalar reference on random inputs; report any lane that differs\n"
            "  --seeds N   random input sets per shader with --run (default 4)\n"
            "  --quiet     print only errors and the summary line\n"
            "  --help      this text;  --version  the swr version\n");
    return status;
}

int main(int argc, char **argv)
{
    options o = {.seeds = 4};
    int first_file = argc;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            return usage(stdout, 0);
        } else if (!strcmp(argv[i], "--version")) {
            printf("swr_tgsi (swr) %s\n", SWR_VERSION_STRING);
            return 0;
        } else if (!strcmp(argv[i], "--print") || !strcmp(argv[i], "-p")) {
            o.print = true;
        } else if (!strcmp(argv[i], "--run") || !strcmp(argv[i], "-r")) {
            o.run = true;
        } else if (!strcmp(argv[i], "--quiet") || !strcmp(argv[i], "-q")) {
            o.quiet = true;
        } else if (!strcmp(argv[i], "--seeds") || !strcmp(argv[i], "-s")) {
            char *end = NULL;
            if (i + 1 >= argc)
                return usage(stderr, 2);
            unsigned long n = strtoul(argv[++i], &end, 10);
            if (!end || *end || n == 0 || n > 100000)
                return usage(stderr, 2);
            o.seeds = (unsigned)n;
        } else if (!strcmp(argv[i], "--")) {
            first_file = i + 1;
            break;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return usage(stderr, 2);
        } else {
            first_file = i;
            break;
        }
    }
    if (first_file >= argc)
        return usage(stderr, 2);
    totals t = {0};
    for (int i = first_file; i < argc; i++)
        do_file(argv[i], &o, &t);
    printf("files %u, shaders %u, errors %u, mismatches %u, skipped %u\n", t.files, t.shaders,
           t.errors, t.mismatches, t.skipped);
    return t.errors || t.mismatches ? 1 : 0;
}
