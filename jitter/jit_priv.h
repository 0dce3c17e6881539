/*
 * jit_priv.h: the compiled shader object behind jit.h, shared by the
 * jitter's files (jit_shader.c builds and owns it, jit_interp*.c run it,
 * jit_cache.c keeps references).
 *
 * A jit_shader is written once by jit_shader_compile on the compiling
 * thread and is read-only afterwards, so any number of worker threads may
 * run it at once; only the reference count changes (atomically).
 */
#ifndef SWR_JIT_PRIV_H
#define SWR_JIT_PRIV_H

#include <stdatomic.h>

#include "jitter/jit.h"

struct jit_interp_prog; /* jit_interp_priv.h */
struct jit_llvm_code;   /* jit_llvm.c */

struct jit_shader {
    atomic_int refs;
    /* The fields a call reads come first, with info.processor (read by
     * jit_shader_vs_func / ps_func) in the same 64-byte line: the engine
     * may cycle through many shaders, each call starting cold. */
    uint32_t interp_bytes; /* bytes of the block at `interp`, prefetched per call */
    struct jit_interp_prog *interp; /* the decoded program, owned: one block
                                     * (header, per-call tables, fast ops) */
    jit_variant_key key;
    jit_shader_info info;
    /* LLVM executor (key.executor == JIT_EXECUTOR_LLVM): the native code,
     * or NULL with the reason in llvm_why when the shader fell back to the
     * interpreter. */
    struct jit_llvm_code *llvm;
    char llvm_why[160];
    /* key.preamble and the program had uniform work: the preamble whose
     * results the main program (this shader) reads from
     * CONST[SWR_PREAMBLE_CONST_SLOT]; NULL otherwise. */
    struct jit_preamble *preamble;
};

/* ---- the preamble split (jit_preamble.c) ---- */

/* A compiled preamble: a VERT shader writing OUT[0..num_slots) and the
 * directly indexed constants it reads (the key of jit_shader_preamble_eval). */
struct jit_preamble {
    jit_shader *code;
    uint32_t num_slots;
    uint64_t hash; /* of the preamble's text */
    uint32_t num_inputs;
    struct {
        uint32_t buffer, index;
    } inputs[];
};

/* The two programs of a split (see jit_preamble.c's essay). */
typedef struct jit_preamble_split {
    tgsi_program *pre, *main;
    uint32_t num_slots; /* vec4s the preamble writes */
    uint32_t hoisted;   /* non-MOV instructions moved to the preamble */
    uint32_t restores;  /* MOVs added to the main program */
} jit_preamble_split;

/* The hoisted work must exceed the added MOVs by this much to split. */
#define JIT_PREAMBLE_MIN_WORK 4

/* Splits `prog`; false (r zeroed) when it is not worth it or not possible. */
bool jit_preamble_split_program(const tgsi_program *prog, uint32_t min_work,
                                jit_preamble_split *r);
void jit_preamble_split_free(jit_preamble_split *r);
/* Compiles a split's preamble with key's executor; NULL on failure. */
struct jit_preamble *jit_preamble_build(const tgsi_program *pre_prog, uint32_t num_slots,
                                        const jit_variant_key *key);
void jit_preamble_free(struct jit_preamble *pre);

/* Builds the interpreter's form of `prog` into sh->interp (sh->info and
 * sh->key already filled). False with err filled on what it cannot run
 * (unbalanced control flow, operand forms it does not know) or on OOM. */
bool jit_interp_build(jit_shader *sh, const tgsi_program *prog, tgsi_error *err);
void jit_interp_free(struct jit_interp_prog *ip);

/* The engine entry points (shader = the jit_shader). */
void jit_interp_vs(const void *shader, swr_vs_args *args);
void jit_interp_gs(const void *shader, swr_gs_args *args);
void jit_interp_ps(const void *shader, swr_ps_args *args);

/* The LLVM JIT (jit_llvm.c). jit_llvm_build compiles `prog` (sh->interp
 * already built: it lends the decoded ops of the opcodes run as calls)
 * into sh->llvm; false with err->message saying why when the program uses
 * what it does not compile (the shader then runs in the interpreter) or
 * when LLVM is unavailable. Thread safe (one LLJIT behind a mutex). */
bool jit_llvm_build(jit_shader *sh, const tgsi_program *prog, tgsi_error *err);
void jit_llvm_free(struct jit_llvm_code *code);
/* The native entry point (a swr_vs_func or swr_ps_func), NULL if none. */
void *jit_llvm_entry(const struct jit_llvm_code *code);
/* The batched PS entry (a swr_ps_tile_func), NULL if none. */
void *jit_llvm_tile_entry(const struct jit_llvm_code *code);
/* Wall time of the compile (IR build, passes, codegen) in ms. */
double jit_llvm_compile_ms(const struct jit_llvm_code *code);
/* Disassembles the entry function up to its ret (at most max instructions)
 * and counts instructions naming ymm / zmm registers (tests). */
bool jit_llvm_disasm_stats(const struct jit_llvm_code *code, unsigned max, unsigned *n_insts,
                           unsigned *n_ymm, unsigned *n_zmm);

#endif /* SWR_JIT_PRIV_H */
