/*
 * test_jit_llvm_opcodes.c: test_interp_opcodes.c (every opcode, random
 * control flow, texturing, against the scalar reference executor) with
 * the shaders compiled by the LLVM JIT instead of the interpreter. The
 * compile is wrapped to count how many programs ran natively; the test
 * fails if fewer than 90% did (the rest run in the interpreter and so are
 * not a test of the JIT).
 */
#include <stdio.h>
#include <stdlib.h>

#include "jitter/jit.h"
#include "jitter/jit_priv.h"

static unsigned llvm_native, llvm_fallback;

static jit_shader *compile_counted(const tgsi_program *p, const jit_variant_key *k,
                                   tgsi_error *e)
{
    jit_shader *sh = jit_shader_compile(p, k, e);
    if (sh && k && k->executor == JIT_EXECUTOR_LLVM) {
        if (sh->llvm) {
            llvm_native++;
        } else {
            llvm_fallback++;
            if (getenv("SWR_JIT_DEBUG"))
                fprintf(stderr, "fallback: %s\n", sh->llvm_why);
        }
    }
    return sh;
}

static void report_native(void)
{
    unsigned total = llvm_native + llvm_fallback;
    fprintf(stderr, "llvm: %u of %u programs compiled natively\n", llvm_native, total);
    if (total == 0 || llvm_native * 10u < total * 9u) {
        fprintf(stderr, "llvm: too few native compiles\n");
        _Exit(1);
    }
}

/* A quarter of the interpreter test's random programs (every opcode still
 * gets 15 programs x 3 input sets): LLVM compiles take ~6 ms each. */
#define OPCODE_PROGRAMS 15
#define CONTROL_FLOW_PROGRAMS 100
#define JIT_EXECUTOR_INTERP JIT_EXECUTOR_LLVM
#define jit_shader_compile compile_counted
#define main interp_opcodes_main
#include "test_interp_opcodes.c"
#undef main

int main(void)
{
    int r = interp_opcodes_main();
    report_native();
    return r;
}
