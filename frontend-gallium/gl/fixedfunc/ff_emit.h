/*
 * ff_emit.h: the small TGSI emitter the fixed-function generators write
 * with (gl_ff_vs.c, gl_ff_fs.c).
 *
 * A generator asks for registers (temporaries, inputs by attribute or
 * semantic, outputs by semantic, constants by state reference, immediates
 * by value) and appends instructions on tgsi_src / tgsi_dst operands
 * (tgsi/tgsi.h) with swizzles, negation, absolute value and write masks.
 * ff_finish() declares what was used, runs one peephole (a final
 * "MOV OUT, TEMP" folds into the instructions that computed the
 * temporary), validates in debug builds and prints the program as text
 * (tgsi_print), so the text is always one the parser reads back.
 *
 * Constants and immediates are deduplicated: asking twice for the same
 * state reference gives the same CONST[0][k]; a scalar immediate reuses any
 * immediate component holding the same bits (IMM[i].zzzz). Temporaries are
 * allocated lowest-free and released by the generator, so TEMP counts stay
 * small. Out-of-memory is sticky: every call after it is a no-op and
 * ff_finish returns false.
 *
 * Thread: an ff_emit is used by one generator call on one thread.
 */
#ifndef SWR_FF_EMIT_H
#define SWR_FF_EMIT_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/gl/fixedfunc/gl_fixedfunc.h"
#include "tgsi/tgsi.h"

/* Write masks. */
#define FF_X    0x1u
#define FF_Y    0x2u
#define FF_Z    0x4u
#define FF_W    0x8u
#define FF_XYZ  0x7u
#define FF_XYZW 0xfu

#define FF_MAX_IO    32 /* SWR_MAX_ATTRIBS */
#define FF_MAX_TEMPS 64

typedef struct ff_io {
    uint8_t semantic; /* tgsi_semantic; 0xff: none (VS inputs) */
    uint8_t index;
    uint8_t interp; /* tgsi_interpolate */
} ff_io;

typedef struct ff_emit {
    uint8_t processor; /* tgsi_processor */
    bool oom;
    tgsi_inst *insts;
    uint32_t num_insts, cap_insts;
    ff_io in[FF_MAX_IO], out[FF_MAX_IO];
    uint8_t vs_attrib[FF_MAX_IO]; /* VS: IN[i] reads gl_ff_attrib vs_attrib[i] */
    uint32_t num_in, num_out;
    tgsi_immediate *imms;
    uint8_t *imm_used; /* components in use per immediate */
    uint32_t num_imms, cap_imms, cap_imm_used;
    gl_ff_state_ref *consts;
    uint32_t num_consts, cap_consts;
    uint64_t temps_busy;
    uint32_t num_temps;                              /* highest temporary used + 1 */
    uint8_t samplers;                                /* bit u: SAMP[u] used */
    uint8_t sampler_target[GL_FF_MAX_TEXTURE_UNITS]; /* tgsi_texture */
    tgsi_prop props[2];
    uint32_t num_props;
} ff_emit;

void ff_init(ff_emit *e, uint8_t processor);
/* Builds the program into *out (owning its memory) and frees the emitter's
 * own memory. False (with *out zeroed) on out-of-memory. */
bool ff_finish(ff_emit *e, gl_ff_shader *out);
void ff_property(ff_emit *e, uint8_t property, uint32_t value);

/* ---- operands ----------------------------------------------------------------- */

int ff_temp(ff_emit *e);
void ff_release(ff_emit *e, int temp);
tgsi_dst ff_tdst(int temp, unsigned mask);
tgsi_src ff_tsrc(int temp);
/* A dst with a narrower write mask (mask & the dst's own). */
tgsi_dst ff_mask(tgsi_dst d, unsigned mask);
/* Swizzles compose: ff_swz(ff_swz(s, w,z,y,x), x,x,y,y) reads s.wwzz. */
tgsi_src ff_swz(tgsi_src s, unsigned x, unsigned y, unsigned z, unsigned w);
tgsi_src ff_rep(tgsi_src s, unsigned c); /* s.cccc */
tgsi_src ff_neg(tgsi_src s);
tgsi_src ff_abs(tgsi_src s);

/* CONST[0][k] holding state value (id, index, sub, row). */
tgsi_src ff_state(ff_emit *e, unsigned id, unsigned index, unsigned sub, unsigned row);
/* An immediate: a scalar replicated, or a vec4. */
tgsi_src ff_imm(ff_emit *e, float v);
tgsi_src ff_imm4(ff_emit *e, float x, float y, float z, float w);

/* VS: the IN register of attribute a (declared on first use). */
tgsi_src ff_vs_input(ff_emit *e, unsigned attrib);
/* FS: the IN register of (semantic, index) with an interpolation. */
tgsi_src ff_fs_input(ff_emit *e, unsigned semantic, unsigned index, unsigned interp);
/* The OUT register of (semantic, index), full write mask. */
tgsi_dst ff_output(ff_emit *e, unsigned semantic, unsigned index);

/* ---- instructions -------------------------------------------------------------- */

/* dst = op(srcs); sat: _SAT. */
void ff_op(ff_emit *e, unsigned opcode, bool sat, tgsi_dst d, unsigned nsrc, const tgsi_src *src);
/* A texture instruction (TEX / TXP) on unit `unit`, target a tgsi_texture. */
void ff_tex(ff_emit *e, unsigned opcode, tgsi_dst d, tgsi_src coord, unsigned unit,
            unsigned target);

#define FF_OP(e, OP, d, ...)                                                                       \
    ff_op((e), TGSI_OPCODE_##OP, false, (d), sizeof((tgsi_src[]){__VA_ARGS__}) / sizeof(tgsi_src), \
          (tgsi_src[]){__VA_ARGS__})
#define FF_OP_SAT(e, OP, sat, d, ...)                                                              \
    ff_op((e), TGSI_OPCODE_##OP, (sat), (d), sizeof((tgsi_src[]){__VA_ARGS__}) / sizeof(tgsi_src), \
          (tgsi_src[]){__VA_ARGS__})

#endif /* SWR_FF_EMIT_H */
