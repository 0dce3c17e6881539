/*
 * tgsi_test_inputs.h: random but reproducible shader inputs for running one
 * TGSI program through two executors, and the comparison of the two runs
 * (for `swr_tgsi --run` and the executor tests).
 *
 * tgsi_test_env holds everything the args point at (inputs, constant
 * buffers sized from the program's CONST declarations, attribute planes,
 * resources with an optional sampler). tgsi_test_fill_vs/ps fill args from
 * a seed: a mix of ordinary floats in modest ranges, small integers as
 * bits, integral floats, and (at the env's special rate) specials such as
 * +-0, +-inf, NaN, denormals, FLT_MAX, INT_MIN, UINT_MAX. PS args follow
 * the lane layout of shader_abi.h: positions at the pixel centres of the
 * 4x2 block, quad_mask made of whole quads, exec_mask a non-empty subset of
 * every quad in quad_mask. Output fields are pre-filled with a pattern so
 * that "left untouched" is checked too.
 *
 * tgsi_test_compare_vs/ps compare two runs bit for bit on what the exec
 * contract (item 16) says is defined, and describe the first difference
 * (output, component, lane, both values) in `msg`.
 * Thread: callers own their envs; no globals.
 */
#ifndef SWR_TGSI_TEST_INPUTS_H
#define SWR_TGSI_TEST_INPUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/shader_abi.h"
#include "tgsi/tgsi.h"

typedef struct tgsi_test_env {
    swr_simd_vec4 inputs[SWR_MAX_ATTRIBS];
    float attrib_planes[SWR_MAX_ATTRIBS * 4 * 3];
    float *constants[SWR_MAX_CONST_BUFFERS]; /* malloc'ed, constant_count vec4 each */
    swr_shader_resources res;
    uint32_t num_outputs; /* highest declared OUT + 1 */
    /* Probability (0..1) that a random word is a special value; 0.08 by
     * default. Lower it for long programs whose loops read inputs. */
    float special_rate;
    /* Probability (0..1) that a constant word the program reads as an
     * integer (a direct CONST operand of an I/U-typed source) is a small
     * integer 0..15; 0 by default. Shaders loop over uniform integer
     * bounds, and a float's bits read as a bound (~1e9) run the loop to the
     * 65535-iteration cap, which makes corpus runs slow. */
    float const_small_int_rate;
    uint8_t *const_int_use[SWR_MAX_CONST_BUFFERS]; /* per word: read as int */
} tgsi_test_env;

/* Sizes the constant buffers from p's CONST declarations; sampler may be
 * NULL. Returns false when out of memory. */
bool tgsi_test_env_init(tgsi_test_env *env, const tgsi_program *p,
                        const swr_sampler_interface *sampler);
void tgsi_test_env_free(tgsi_test_env *env);

/* One random 32-bit word of the mix described above. */
uint32_t tgsi_test_random_word(uint64_t *rng, float special_rate);

/* Fills the env's inputs and constants and the args from `seed`. VS: the
 * args point at env->inputs and at `outputs` (SWR_MAX_ATTRIBS entries,
 * pre-filled with a pattern). */
void tgsi_test_fill_vs(tgsi_test_env *env, uint64_t seed, swr_vs_args *a,
                       swr_simd_vec4 *outputs);
void tgsi_test_fill_ps(tgsi_test_env *env, uint64_t seed, swr_ps_args *a);

/* Parses a test program written by hand: IF/UIF/ELSE lines without a
 * ":label" get the label the validator wants (their ELSE or ENDIF), and
 * BGNLOOP/ENDLOOP none is needed. Returns NULL with err filled on a parse
 * error. The caller frees with tgsi_program_free(). */
tgsi_program *tgsi_test_parse(const char *text, tgsi_error *err);

/* True when the runs agree; else false with a description in msg. */
bool tgsi_test_compare_vs(const tgsi_test_env *env, const swr_vs_args *ref,
                          const swr_vs_args *got, char *msg, size_t msg_size);
bool tgsi_test_compare_ps(const swr_ps_args *ref, const swr_ps_args *got, char *msg,
                          size_t msg_size);

#endif /* SWR_TGSI_TEST_INPUTS_H */
