/*
 * tgsi_opt.h: the TGSI optimizer (tgsi_opt.c).
 *
 * The GLSL path (frontend-gallium/glsl) emits straightforward code: every
 * expression into a fresh TEMP, copies for every assignment, constants left
 * for run time. This pass works on a parsed program (tgsi.h); the GLSL path
 * runs it between code generation and the text the driver receives:
 *  - constant propagation and folding, with the executors' exact float
 *    semantics (tgsi/exec_contract.md; SIN/COS/EX2/LG2/POW through the
 *    scalar functions of tgsi/tgsi_math.h), so results keep their bits;
 *  - copy propagation (MOV chains, source modifiers composed where the
 *    consumer's operand type allows) and common subexpressions in straight
 *    code;
 *  - removal of instructions whose TEMP results nobody reads, a dense
 *    renumbering of the TEMPs that remain, unused immediates dropped.
 * Facts about registers flow forward through straight code; at IF/ELSE/ENDIF
 * and loops everything a region writes is forgotten, so the pass is safe for
 * any structured program. Programs with subroutines or SWITCH are left as
 * they are.
 */
#ifndef SWR_TGSI_OPT_H
#define SWR_TGSI_OPT_H

#include <stdbool.h>

#include "tgsi/tgsi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Optimizes `p` in place. Returns false (and leaves p unchanged) when the
 * program uses constructs the pass does not handle or memory runs out. The
 * result is validated by the caller. */
bool tgsi_opt_program(tgsi_program *p);

#ifdef __cplusplus
}
#endif

#endif /* SWR_TGSI_OPT_H */
