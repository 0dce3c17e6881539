/*
 * simd_twin.h: what simd_twin_avx2.c and simd_twin_scalar.c export to
 * test_simd_twin.c: the vocabulary's functions (simd_twin_ops.h) compiled
 * against each variant, as one table of wrappers each.
 */
#ifndef SIMD_TWIN_H
#define SIMD_TWIN_H

#include <stdint.h>

/* What an op's input slots must hold (test_simd_twin.c fills them). */
enum twin_kind {
    TW_F,      /* floats: specials, NaN (the default quiet one), random */
    TW_FNONAN, /* floats without NaN (fma: which NaN an FMA returns is not ours) */
    TW_FHALF,  /* floats around the half range, ties of half rounding included */
    TW_FM,     /* floats, slot 3 a lane mask (random sign bits) */
    TW_I,      /* 32-bit ints: specials, small, random */
    TW_IM,     /* ints, slot 3 a lane mask */
    TW_SHIFT,  /* ints, slot 1 shift counts 0..40 and some huge ones */
    TW_GATHER, /* ints, slot 3 element indices 0..23 into the input */
    TW_D,      /* doubles: specials, NaN (the default quiet one), random */
    TW_UNORM,  /* integer floats 0..1023 */
};

#define TWIN_IN_BYTES  128
#define TWIN_OUT_BYTES 256

typedef struct twin_op {
    const char *name;
    int kind;
    /* in: TWIN_IN_BYTES, out: TWIN_OUT_BYTES, both 64-byte aligned */
    void (*run)(const uint8_t *in, uint8_t *out);
} twin_op;

extern const twin_op twin_avx2_ops[], twin_scalar_ops[];
extern const unsigned twin_avx2_count, twin_scalar_count;

#endif /* SIMD_TWIN_H */
