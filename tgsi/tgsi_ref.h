/*
 * tgsi_ref.h: the scalar reference executor of TGSI, the oracle of the
 * executors' tests and of `swr_tgsi --run`.
 *
 * Runs a validated tgsi_program on the 8 lanes of one swr_vs_args /
 * swr_ps_args with the register binding every executor uses (written out
 * in jitter/jit.h, "Register binding": IN/OUT/CONST/SV to the ABI fields),
 * with the choices of the execution contract (tgsi/exec_contract.md, cited
 * as "exec contract N" in tgsi_ref.c) wherever tgsi.rst is silent. The
 * lanes run in lock step, instruction by instruction (derivatives need the
 * quad's neighbours), but every value is computed one lane at a time with
 * plain scalar C, written from the spec's formulas and meant to be
 * obviously right rather than fast.
 *
 * Inputs and outputs are those of the engine ABI (shader_abi.h): the caller
 * fills the args as the engine would; the run writes VS outputs / PS
 * color, color1, depth, stencil and exec_mask. `dual_source` is the one
 * choice besides the program that changes a run (the executors take it from
 * their variant key): OUT COLOR[1] then writes color1. Returns false with a
 * message (nothing written) for programs no executor runs: processors other
 * than VERT/FRAG/GEOM, TGSI_OPF_NOEXEC opcodes (but EMIT / ENDPRIM in GEOM), IMAGE/BUFFER/MEMORY operands, or
 * out of memory. Never crashes on a validated program. Thread: any; no
 * globals.
 */
#ifndef SWR_TGSI_REF_H
#define SWR_TGSI_REF_H

#include <stdbool.h>

#include "common/shader_abi.h"
#include "tgsi/tgsi.h"

bool tgsi_ref_run_vs(const tgsi_program *p, swr_vs_args *a, tgsi_error *err);
/* GEOM: IN[vertex][attr] from a->inputs, SV PRIMID from a->prim_id; EMIT /
 * ENDPRIM fill the per-lane vertex buffer as shader_abi.h's swr_gs_args says. */
bool tgsi_ref_run_gs(const tgsi_program *p, swr_gs_args *a, tgsi_error *err);
bool tgsi_ref_run_ps(const tgsi_program *p, bool dual_source, swr_ps_args *a, tgsi_error *err);

#endif /* SWR_TGSI_REF_H */
