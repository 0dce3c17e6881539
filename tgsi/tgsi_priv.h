/*
 * tgsi_priv.h: what the TGSI text parser hands the validator so that errors
 * found after parsing still point at a column of the text.
 *
 * tgsi_parse.c records, while it reads, the 1-based column of every operand,
 * target and label of each instruction and of every declaration's register,
 * and calls tgsi_validate_located() with that table. tgsi_validate() (public,
 * tgsi.h) is the same check with no table: its errors carry the statement's
 * line (0 for programs built in memory) and column 0. Only the parser and
 * the validator include this header.
 */
#ifndef SWR_TGSI_PRIV_H
#define SWR_TGSI_PRIV_H

#include "tgsi/tgsi.h"

/* Columns of one instruction's parts; 0 where the text has no such part. */
typedef struct tgsi_inst_cols {
    uint32_t opcode;
    uint32_t dst[TGSI_MAX_DST];
    uint32_t src[TGSI_MAX_SRC];
    uint32_t tex_offsets[TGSI_MAX_TEX_OFFSETS];
    uint32_t target; /* texture target or memory target word */
    uint32_t label;  /* the ':' of the label */
} tgsi_inst_cols;

typedef struct tgsi_text_cols {
    const tgsi_inst_cols *insts; /* one per instruction */
    const uint32_t *decls;       /* column of each declaration's register file */
    uint32_t end_line, end_column; /* just past the last character */
} tgsi_text_cols;

/* tgsi_validate() with error positions taken from `cols` (may be NULL). With
 * a non-NULL end_inst it stores the main program's END there instead of
 * checking prog->end_inst (the parser's case: it fills the field). */
bool tgsi_validate_located(const tgsi_program *prog, const tgsi_text_cols *cols,
                           uint32_t *end_inst, tgsi_error *err);

/* Largest register index, declaration bound, semantic index and array id the
 * text form accepts: TGSI's tokens hold them in 16 bits, and executors size
 * register files from declared ranges, so a bound keeps a hostile text from
 * asking them for gigabytes. */
#define TGSI_MAX_INDEX 65535

#endif /* SWR_TGSI_PRIV_H */
