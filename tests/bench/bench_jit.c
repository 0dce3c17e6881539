/*
 * bench_jit.c: bench_interp.c's benchmarks with the shaders compiled by the
 * LLVM JIT (key.executor = JIT_EXECUTOR_LLVM), registered as llvm/...:
 *
 *   llvm/interp/dispatch/<kind>  512 instructions of one kind on 8 lanes;
 *                                s_per_inst = time per 8-lane instruction
 *   llvm/interp/corpus/<kind>    the corpus shaders, inst_lanes_per_s
 *
 * Compare with bench_interp's interp/... numbers for the same cases. The
 * count of shaders that fell back to the interpreter is printed (they would
 * blur the comparison).
 */
#include <stdio.h>
#include <string.h>

#include "cbench.h"
#include "jitter/jit.h"
#include "jitter/jit_priv.h"

static unsigned jit_native, jit_fallback;

static jit_shader *compile_llvm(const tgsi_program *p, const jit_variant_key *k, tgsi_error *e)
{
    jit_variant_key key = *k;
    key.executor = JIT_EXECUTOR_LLVM;
    jit_shader *sh = jit_shader_compile(p, &key, e);
    if (sh && sh->llvm)
        jit_native++;
    else if (sh)
        jit_fallback++;
    return sh;
}

static cb_bench *register_llvm(const char *name, cb_fn fn, void *user)
{
    char full[128];
    snprintf(full, sizeof full, "llvm/%s", name);
    return cb_register(full, fn, user);
}

#define jit_shader_compile compile_llvm
#define cb_register register_llvm
#define main bench_interp_main
#include "bench_interp.c"
#undef main
#undef cb_register

int main(int argc, char **argv)
{
    int r = bench_interp_main(argc, argv);
    fprintf(stderr, "bench_jit: %u shaders native, %u fell back to the interpreter\n",
            jit_native, jit_fallback);
    return r;
}
