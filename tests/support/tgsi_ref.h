/*
 * tgsi_ref.h: the scalar reference executor of TGSI, the oracle of the
 * interpreter's tests.
 *
 * Runs a validated tgsi_program on the 8 lanes of one swr_vs_args /
 * swr_ps_args exactly as jit.h's "Register binding" comment says, with the
 * choices of the execution contract (jitter/exec_contract.md, cited as
 * "exec contract N" in tgsi_ref.c) wherever tgsi.rst is silent. The lanes
 * run in lock step, instruction by instruction (derivatives need the quad's
 * neighbours), but every value is computed one lane at a time with plain
 * scalar C, written from the spec's formulas and meant to be obviously
 * right rather than fast.
 *
 * Inputs and outputs are those of the engine ABI (shader_abi.h): the caller
 * fills the args as the engine would; the run writes VS outputs / PS
 * color, color1, depth, stencil and exec_mask. Returns false with a message
 * (nothing written) for programs no executor runs: processors other than
 * VERT/FRAG, TGSI_OPF_NOEXEC opcodes, IMAGE/BUFFER/MEMORY operands, or out of
 * memory. Never crashes on a validated program. Thread: any; no globals.
 */
#ifndef SWR_TGSI_REF_H
#define SWR_TGSI_REF_H

#include <stdbool.h>

#include "jitter/jit.h"
#include "common/shader_abi.h"
#include "jitter/tgsi.h"

bool tgsi_ref_run_vs(const tgsi_program *p, const jit_variant_key *key, swr_vs_args *a,
                     tgsi_error *err);
bool tgsi_ref_run_ps(const tgsi_program *p, const jit_variant_key *key, swr_ps_args *a,
                     tgsi_error *err);

#endif /* SWR_TGSI_REF_H */
