/*
 * tgsi_opcodes.h: every TGSI opcode of ../shared/spec/tgsi.rst, one line each.
 *
 *   X(NAME, num_dst, num_src, dst_type, src_type, flags)
 *
 * num_src counts register operands only: the texture target, texture offsets,
 * branch labels and memory qualifiers are not sources (they live in their own
 * fields of tgsi_inst). dst_type/src_type are the operand types of the spec
 * (TGSI_TYPE_*, letters below) and decide how negate/absolute modifiers and
 * _SAT apply; the few opcodes whose sources differ in type are listed in
 * tgsi_opcode_src_type() (tgsi_info.c). Flags:
 *   TEX    ends with a texture target (and optional offsets)
 *   LABEL  carries a branch target (`:N`)
 *   NOEXEC parsed, validated and printed, but no executor runs it yet: a
 *          shader using it fails to compile with a clear message
 * Type letters: F float, I int32, U uint32, D double, I64/U64 64-bit ints,
 * N untyped (moves bits; modifiers act as on floats).
 */
#ifndef SWR_TGSI_OPCODES_H
#define SWR_TGSI_OPCODES_H

#define TGSI_OPCODES(X)                                   \
    /* Core ISA */                                        \
    X(ARL, 1, 1, I, F, 0)                                 \
    X(MOV, 1, 1, N, N, 0)                                 \
    X(LIT, 1, 1, F, F, 0)                                 \
    X(RCP, 1, 1, F, F, 0)                                 \
    X(RSQ, 1, 1, F, F, 0)                                 \
    X(EXP, 1, 1, F, F, 0)                                 \
    X(LOG, 1, 1, F, F, 0)                                 \
    X(MUL, 1, 2, F, F, 0)                                 \
    X(ADD, 1, 2, F, F, 0)                                 \
    X(DP3, 1, 2, F, F, 0)                                 \
    X(DP4, 1, 2, F, F, 0)                                 \
    X(DST, 1, 2, F, F, 0)                                 \
    X(MIN, 1, 2, F, F, 0)                                 \
    X(MAX, 1, 2, F, F, 0)                                 \
    X(SLT, 1, 2, F, F, 0)                                 \
    X(SGE, 1, 2, F, F, 0)                                 \
    X(MAD, 1, 3, F, F, 0)                                 \
    X(LRP, 1, 3, F, F, 0)                                 \
    X(FMA, 1, 3, F, F, 0)                                 \
    X(SQRT, 1, 1, F, F, 0)                                \
    X(FRC, 1, 1, F, F, 0)                                 \
    X(FLR, 1, 1, F, F, 0)                                 \
    X(ROUND, 1, 1, F, F, 0)                               \
    X(EX2, 1, 1, F, F, 0)                                 \
    X(LG2, 1, 1, F, F, 0)                                 \
    X(POW, 1, 2, F, F, 0)                                 \
    X(LDEXP, 1, 2, F, F, 0)                               \
    X(COS, 1, 1, F, F, 0)                                 \
    X(DDX, 1, 1, F, F, 0)                                 \
    X(DDY, 1, 1, F, F, 0)                                 \
    X(DDX_FINE, 1, 1, F, F, 0)                            \
    X(DDY_FINE, 1, 1, F, F, 0)                            \
    X(PK2H, 1, 1, U, F, 0)                                \
    X(PK2US, 1, 1, U, F, 0)                               \
    X(PK4B, 1, 1, U, F, 0)                                \
    X(PK4UB, 1, 1, U, F, 0)                               \
    X(SEQ, 1, 2, F, F, 0)                                 \
    X(SGT, 1, 2, F, F, 0)                                 \
    X(SIN, 1, 1, F, F, 0)                                 \
    X(SLE, 1, 2, F, F, 0)                                 \
    X(SNE, 1, 2, F, F, 0)                                 \
    X(TEX, 1, 2, F, F, TGSI_OPF_TEX)                      \
    X(TEX2, 1, 3, F, F, TGSI_OPF_TEX)                     \
    X(TXD, 1, 4, F, F, TGSI_OPF_TEX)                      \
    X(TXP, 1, 2, F, F, TGSI_OPF_TEX)                      \
    X(UP2H, 1, 1, F, U, 0)                                \
    X(UP2US, 1, 1, F, U, 0)                               \
    X(UP4B, 1, 1, F, U, 0)                                \
    X(UP4UB, 1, 1, F, U, 0)                               \
    X(ARR, 1, 1, I, F, 0)                                 \
    X(SSG, 1, 1, F, F, 0)                                 \
    X(CMP, 1, 3, F, F, 0)                                 \
    X(KILL_IF, 0, 1, F, F, 0)                             \
    X(KILL, 0, 0, F, F, 0)                                \
    X(DEMOTE, 0, 0, F, F, 0)                              \
    X(READ_HELPER, 1, 0, U, U, 0)                         \
    X(TXB, 1, 2, F, F, TGSI_OPF_TEX)                      \
    X(TXB2, 1, 3, F, F, TGSI_OPF_TEX)                     \
    X(DIV, 1, 2, F, F, 0)                                 \
    X(DP2, 1, 2, F, F, 0)                                 \
    X(TEX_LZ, 1, 2, F, F, TGSI_OPF_TEX)                   \
    X(TXL, 1, 2, F, F, TGSI_OPF_TEX)                      \
    X(TXL2, 1, 3, F, F, TGSI_OPF_TEX)                     \
    X(CEIL, 1, 1, F, F, 0)                                \
    X(TRUNC, 1, 1, F, F, 0)                               \
    X(MOD, 1, 2, I, I, 0)                                 \
    X(UARL, 1, 1, I, U, 0)                                \
    X(TXF, 1, 2, F, I, TGSI_OPF_TEX)                      \
    X(TXF_LZ, 1, 2, F, I, TGSI_OPF_TEX)                   \
    X(TXQ, 1, 2, I, I, TGSI_OPF_TEX)                      \
    X(TXQS, 1, 1, U, U, TGSI_OPF_TEX)                     \
    X(TG4, 1, 3, F, F, TGSI_OPF_TEX)                      \
    X(LODQ, 1, 2, F, F, TGSI_OPF_TEX)                     \
    X(CLOCK, 1, 0, U, U, 0)                                \
    /* Integer ISA */                                     \
    X(I2F, 1, 1, F, I, 0)                                 \
    X(U2F, 1, 1, F, U, 0)                                 \
    X(F2I, 1, 1, I, F, 0)                                 \
    X(F2U, 1, 1, U, F, 0)                                 \
    X(UADD, 1, 2, U, U, 0)                                \
    X(UMAD, 1, 3, U, U, 0)                                \
    X(UMUL, 1, 2, U, U, 0)                                \
    X(IMUL_HI, 1, 2, I, I, 0)                             \
    X(UMUL_HI, 1, 2, U, U, 0)                             \
    X(IDIV, 1, 2, I, I, 0)                                \
    X(UDIV, 1, 2, U, U, 0)                                \
    X(UMOD, 1, 2, U, U, 0)                                \
    X(NOT, 1, 1, U, U, 0)                                 \
    X(AND, 1, 2, U, U, 0)                                 \
    X(OR, 1, 2, U, U, 0)                                  \
    X(XOR, 1, 2, U, U, 0)                                 \
    X(IMAX, 1, 2, I, I, 0)                                \
    X(UMAX, 1, 2, U, U, 0)                                \
    X(IMIN, 1, 2, I, I, 0)                                \
    X(UMIN, 1, 2, U, U, 0)                                \
    X(SHL, 1, 2, U, U, 0)                                 \
    X(ISHR, 1, 2, I, I, 0)                                \
    X(USHR, 1, 2, U, U, 0)                                \
    X(UCMP, 1, 3, N, U, 0)                                \
    X(ISSG, 1, 1, I, I, 0)                                \
    X(FSLT, 1, 2, U, F, 0)                                \
    X(ISLT, 1, 2, U, I, 0)                                \
    X(USLT, 1, 2, U, U, 0)                                \
    X(FSGE, 1, 2, U, F, 0)                                \
    X(ISGE, 1, 2, U, I, 0)                                \
    X(USGE, 1, 2, U, U, 0)                                \
    X(FSEQ, 1, 2, U, F, 0)                                \
    X(USEQ, 1, 2, U, U, 0)                                \
    X(FSNE, 1, 2, U, F, 0)                                \
    X(USNE, 1, 2, U, U, 0)                                \
    X(INEG, 1, 1, I, I, 0)                                \
    X(IABS, 1, 1, I, I, 0)                                \
    /* Bitwise ISA */                                     \
    X(IBFE, 1, 3, I, I, 0)                                \
    X(UBFE, 1, 3, U, U, 0)                                \
    X(BFI, 1, 4, U, U, 0)                                 \
    X(BREV, 1, 1, U, U, 0)                                \
    X(POPC, 1, 1, U, U, 0)                                \
    X(LSB, 1, 1, U, U, 0)                                 \
    X(IMSB, 1, 1, I, I, 0)                                \
    X(UMSB, 1, 1, U, U, 0)                                \
    /* Geometry ISA */                                    \
    X(EMIT, 0, 1, U, U, TGSI_OPF_NOEXEC)                  \
    X(ENDPRIM, 0, 1, U, U, TGSI_OPF_NOEXEC)               \
    /* GLSL ISA */                                        \
    X(CAL, 0, 0, N, N, TGSI_OPF_LABEL)                    \
    X(RET, 0, 0, N, N, 0)                                 \
    X(CONT, 0, 0, N, N, 0)                                \
    X(BGNLOOP, 0, 0, N, N, TGSI_OPF_LABEL)                \
    X(BGNSUB, 0, 0, N, N, 0)                              \
    X(ENDLOOP, 0, 0, N, N, TGSI_OPF_LABEL)                \
    X(ENDSUB, 0, 0, N, N, 0)                              \
    X(NOP, 0, 0, N, N, 0)                                 \
    X(BRK, 0, 0, N, N, 0)                                 \
    X(IF, 0, 1, N, F, TGSI_OPF_LABEL)                     \
    X(UIF, 0, 1, N, U, TGSI_OPF_LABEL)                    \
    X(ELSE, 0, 0, N, N, TGSI_OPF_LABEL)                   \
    X(ENDIF, 0, 0, N, N, 0)                               \
    X(SWITCH, 0, 1, N, U, 0)                              \
    X(CASE, 0, 1, N, U, 0)                                \
    X(DEFAULT, 0, 0, N, N, 0)                             \
    X(ENDSWITCH, 0, 0, N, N, 0)                           \
    X(END, 0, 0, N, N, 0)                                 \
    /* Interpolation ISA */                               \
    X(INTERP_CENTROID, 1, 1, F, F, 0)                     \
    X(INTERP_SAMPLE, 1, 2, F, F, 0)                       \
    X(INTERP_OFFSET, 1, 2, F, F, 0)                       \
    /* Double ISA */                                      \
    X(DABS, 1, 1, D, D, TGSI_OPF_NOEXEC)                  \
    X(DNEG, 1, 1, D, D, TGSI_OPF_NOEXEC)                  \
    X(DADD, 1, 2, D, D, TGSI_OPF_NOEXEC)                  \
    X(DSEQ, 1, 2, U, D, TGSI_OPF_NOEXEC)                  \
    X(DSNE, 1, 2, U, D, TGSI_OPF_NOEXEC)                  \
    X(DSLT, 1, 2, U, D, TGSI_OPF_NOEXEC)                  \
    X(DSGE, 1, 2, U, D, TGSI_OPF_NOEXEC)                  \
    X(DFRAC, 1, 1, D, D, TGSI_OPF_NOEXEC)                 \
    X(DTRUNC, 1, 1, D, D, TGSI_OPF_NOEXEC)                \
    X(DCEIL, 1, 1, D, D, TGSI_OPF_NOEXEC)                 \
    X(DFLR, 1, 1, D, D, TGSI_OPF_NOEXEC)                  \
    X(DROUND, 1, 1, D, D, TGSI_OPF_NOEXEC)                \
    X(DSSG, 1, 1, D, D, TGSI_OPF_NOEXEC)                  \
    X(DLDEXP, 1, 2, D, D, TGSI_OPF_NOEXEC)                \
    X(DFRACEXP, 2, 1, D, D, TGSI_OPF_NOEXEC)              \
    X(DMIN, 1, 2, D, D, TGSI_OPF_NOEXEC)                  \
    X(DMAX, 1, 2, D, D, TGSI_OPF_NOEXEC)                  \
    X(DMUL, 1, 2, D, D, TGSI_OPF_NOEXEC)                  \
    X(DMAD, 1, 3, D, D, TGSI_OPF_NOEXEC)                  \
    X(DFMA, 1, 3, D, D, TGSI_OPF_NOEXEC)                  \
    X(DDIV, 1, 2, D, D, TGSI_OPF_NOEXEC)                  \
    X(DRCP, 1, 1, D, D, TGSI_OPF_NOEXEC)                  \
    X(DSQRT, 1, 1, D, D, TGSI_OPF_NOEXEC)                 \
    X(DRSQ, 1, 1, D, D, TGSI_OPF_NOEXEC)                  \
    X(F2D, 1, 1, D, F, TGSI_OPF_NOEXEC)                   \
    X(D2F, 1, 1, F, D, TGSI_OPF_NOEXEC)                   \
    X(I2D, 1, 1, D, I, TGSI_OPF_NOEXEC)                   \
    X(D2I, 1, 1, I, D, TGSI_OPF_NOEXEC)                   \
    X(U2D, 1, 1, D, U, TGSI_OPF_NOEXEC)                   \
    X(D2U, 1, 1, U, D, TGSI_OPF_NOEXEC)                   \
    /* 64-bit Integer ISA */                              \
    X(I64ABS, 1, 1, I64, I64, TGSI_OPF_NOEXEC)            \
    X(I64NEG, 1, 1, I64, I64, TGSI_OPF_NOEXEC)            \
    X(I64SSG, 1, 1, I64, I64, TGSI_OPF_NOEXEC)            \
    X(U64ADD, 1, 2, U64, U64, TGSI_OPF_NOEXEC)            \
    X(U64MUL, 1, 2, U64, U64, TGSI_OPF_NOEXEC)            \
    X(U64SEQ, 1, 2, U, U64, TGSI_OPF_NOEXEC)              \
    X(U64SNE, 1, 2, U, U64, TGSI_OPF_NOEXEC)              \
    X(U64SLT, 1, 2, U, U64, TGSI_OPF_NOEXEC)              \
    X(U64SGE, 1, 2, U, U64, TGSI_OPF_NOEXEC)              \
    X(I64SLT, 1, 2, U, I64, TGSI_OPF_NOEXEC)              \
    X(I64SGE, 1, 2, U, I64, TGSI_OPF_NOEXEC)              \
    X(I64MIN, 1, 2, I64, I64, TGSI_OPF_NOEXEC)            \
    X(U64MIN, 1, 2, U64, U64, TGSI_OPF_NOEXEC)            \
    X(I64MAX, 1, 2, I64, I64, TGSI_OPF_NOEXEC)            \
    X(U64MAX, 1, 2, U64, U64, TGSI_OPF_NOEXEC)            \
    X(U64SHL, 1, 2, U64, U64, TGSI_OPF_NOEXEC)            \
    X(I64SHR, 1, 2, I64, I64, TGSI_OPF_NOEXEC)            \
    X(U64SHR, 1, 2, U64, U64, TGSI_OPF_NOEXEC)            \
    X(I64DIV, 1, 2, I64, I64, TGSI_OPF_NOEXEC)            \
    X(U64DIV, 1, 2, U64, U64, TGSI_OPF_NOEXEC)            \
    X(U64MOD, 1, 2, U64, U64, TGSI_OPF_NOEXEC)            \
    X(I64MOD, 1, 2, I64, I64, TGSI_OPF_NOEXEC)            \
    X(F2U64, 1, 1, U64, F, TGSI_OPF_NOEXEC)               \
    X(F2I64, 1, 1, I64, F, TGSI_OPF_NOEXEC)               \
    X(U2I64, 1, 1, I64, U, TGSI_OPF_NOEXEC)               \
    X(I2I64, 1, 1, I64, I, TGSI_OPF_NOEXEC)               \
    X(D2U64, 1, 1, U64, D, TGSI_OPF_NOEXEC)               \
    X(D2I64, 1, 1, I64, D, TGSI_OPF_NOEXEC)               \
    X(U642F, 1, 1, F, U64, TGSI_OPF_NOEXEC)               \
    X(I642F, 1, 1, F, I64, TGSI_OPF_NOEXEC)               \
    X(U642D, 1, 1, D, U64, TGSI_OPF_NOEXEC)               \
    X(I642D, 1, 1, D, I64, TGSI_OPF_NOEXEC)               \
    /* Resource sampling (SAMPLE* family) */              \
    X(SAMPLE, 1, 3, F, F, 0)                              \
    X(SAMPLE_I, 1, 2, F, I, 0)                            \
    X(SAMPLE_I_MS, 1, 3, F, I, 0)                         \
    X(SAMPLE_B, 1, 4, F, F, 0)                            \
    X(SAMPLE_C, 1, 4, F, F, 0)                            \
    X(SAMPLE_C_LZ, 1, 4, F, F, 0)                         \
    X(SAMPLE_D, 1, 5, F, F, 0)                            \
    X(SAMPLE_L, 1, 4, F, F, 0)                            \
    X(GATHER4, 1, 3, F, F, 0)                             \
    X(SVIEWINFO, 1, 2, I, I, 0)                           \
    X(SAMPLE_POS, 1, 2, F, U, 0)                          \
    X(SAMPLE_INFO, 1, 1, U, U, 0)                         \
    X(LOD, 1, 3, F, F, 0)                                 \
    /* Resource access, bindless, synchronization */      \
    X(LOAD, 1, 2, N, U, TGSI_OPF_NOEXEC)                  \
    X(STORE, 1, 2, N, N, TGSI_OPF_NOEXEC)                 \
    X(RESQ, 1, 1, U, U, TGSI_OPF_NOEXEC)                  \
    X(FBFETCH, 1, 1, F, F, TGSI_OPF_NOEXEC)               \
    X(IMG2HND, 1, 1, U, U, TGSI_OPF_NOEXEC)               \
    X(SAMP2HND, 1, 1, U, U, TGSI_OPF_NOEXEC)              \
    X(BARRIER, 0, 0, N, N, TGSI_OPF_NOEXEC)               \
    X(MEMBAR, 0, 1, U, U, TGSI_OPF_NOEXEC)                \
    /* Atomics */                                         \
    X(ATOMUADD, 1, 3, U, U, TGSI_OPF_NOEXEC)              \
    X(ATOMFADD, 1, 3, F, F, TGSI_OPF_NOEXEC)              \
    X(ATOMXCHG, 1, 3, N, N, TGSI_OPF_NOEXEC)              \
    X(ATOMCAS, 1, 4, N, N, TGSI_OPF_NOEXEC)               \
    X(ATOMAND, 1, 3, U, U, TGSI_OPF_NOEXEC)               \
    X(ATOMOR, 1, 3, U, U, TGSI_OPF_NOEXEC)                \
    X(ATOMXOR, 1, 3, U, U, TGSI_OPF_NOEXEC)               \
    X(ATOMUMIN, 1, 3, U, U, TGSI_OPF_NOEXEC)              \
    X(ATOMUMAX, 1, 3, U, U, TGSI_OPF_NOEXEC)              \
    X(ATOMIMIN, 1, 3, I, I, TGSI_OPF_NOEXEC)              \
    X(ATOMIMAX, 1, 3, I, I, TGSI_OPF_NOEXEC)              \
    X(ATOMINC_WRAP, 1, 3, U, U, TGSI_OPF_NOEXEC)          \
    X(ATOMDEC_WRAP, 1, 3, U, U, TGSI_OPF_NOEXEC)          \
    /* Inter-lane */                                      \
    X(VOTE_ANY, 1, 1, U, U, TGSI_OPF_NOEXEC)              \
    X(VOTE_ALL, 1, 1, U, U, TGSI_OPF_NOEXEC)              \
    X(VOTE_EQ, 1, 1, U, U, TGSI_OPF_NOEXEC)               \
    X(BALLOT, 1, 1, U, U, TGSI_OPF_NOEXEC)                \
    X(READ_FIRST, 1, 1, N, N, TGSI_OPF_NOEXEC)            \
    X(READ_INVOC, 1, 2, N, N, TGSI_OPF_NOEXEC)

#endif /* SWR_TGSI_OPCODES_H */
