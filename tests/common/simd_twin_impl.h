/*
 * simd_twin_impl.h: the body of simd_twin_avx2.c and simd_twin_scalar.c:
 * one wrapper per row of simd_twin_ops.h, against whichever variant
 * common/simd.h selected, and the table TWIN_TABLE / TWIN_COUNT of them.
 */
#include <string.h>

#include "simd_twin.h"

#define OUT_F(x)   vf8_store(out_f, (x))
#define OUT_F2(x)  vf8_store(out_f + 8, (x))
#define OUT_F3(x)  vf8_store(out_f + 16, (x))
#define OUT_F4(x)  vf8_store(out_f + 24, (x))
#define OUT_I(x)   vi8_store(out, (x))
#define OUT_I2(x)  vi8_store(out + 32, (x))
#define OUT_I3(x)  vi8_store(out + 64, (x))
#define OUT_I4(x)  vi8_store(out + 96, (x))
#define OUT_U32(x) (*(uint32_t *)(void *)out = (uint32_t)(x))
#define OUT_D(x)                                                                                   \
    do {                                                                                           \
        vd4 t_ = (x);                                                                              \
        memcpy(out, &t_, 32);                                                                      \
    } while (0)

#define X(name, kind, ...)                                                                         \
    static void tw_##name(const uint8_t *in, uint8_t *out)                                         \
    {                                                                                              \
        float *out_f = (float *)(void *)out;                                                       \
        const float *in_f = (const float *)(const void *)in;                                       \
        vf8 fa = vf8_load(in_f), fb = vf8_load(in_f + 8), fc = vf8_load(in_f + 16),                \
            fd = vf8_load(in_f + 24);                                                              \
        vi8 ia = vi8_load(in), ib = vi8_load(in + 32), ic = vi8_load(in + 64),                     \
            id = vi8_load(in + 96);                                                                \
        vd4 da, db;                                                                                \
        memcpy(&da, in, 32);                                                                       \
        memcpy(&db, in + 32, 32);                                                                  \
        (void)out_f, (void)fa, (void)fb, (void)fc, (void)fd, (void)ia, (void)ib, (void)ic,         \
            (void)id, (void)da, (void)db;                                                          \
        __VA_ARGS__;                                                                               \
    }
#include "simd_twin_ops.h"
#undef X

#define X(name, kind, ...) {#name, kind, tw_##name},
const twin_op TWIN_TABLE[] = {
#include "simd_twin_ops.h"
};
#undef X
const unsigned TWIN_COUNT = sizeof TWIN_TABLE / sizeof TWIN_TABLE[0];
