/*
 * tri_setup8.h: fe_tri_setup8 (rasterizer/fe_setup_tri8.h) compiled against
 * the AVX2 variant of the SIMD vocabulary (tri_setup8_avx2.c) and against
 * its scalar twin (tri_setup8_scalar.c), for test_tri_setup8.
 */
#ifndef TRI_SETUP8_H
#define TRI_SETUP8_H

#include <stdbool.h>
#include <stdint.h>

struct fe_tri8;
/* Vertex k of lane l at (x[k][l], y[k][l]) in 24.8. */
void tri_setup8_avx2(const int32_t x[3][8], const int32_t y[3][8], int32_t sample_offset_fx8,
                     bool bottom_edge_rule, struct fe_tri8 *t);
void tri_setup8_scalar(const int32_t x[3][8], const int32_t y[3][8], int32_t sample_offset_fx8,
                       bool bottom_edge_rule, struct fe_tri8 *t);

/* The body of both: the kernel on vertices loaded from the arrays. */
#define TRI_SETUP8_WRAPPER(name)                                                                   \
    void name(const int32_t x[3][8], const int32_t y[3][8], int32_t sample_offset_fx8,            \
              bool bottom_edge_rule, struct fe_tri8 *t)                                            \
    {                                                                                              \
        vi8 vx[3], vy[3];                                                                          \
        for (int k = 0; k < 3; k++) {                                                              \
            vx[k] = vi8_load(x[k]);                                                                \
            vy[k] = vi8_load(y[k]);                                                                \
        }                                                                                          \
        fe_tri_setup8(vx, vy, sample_offset_fx8, bottom_edge_rule, t);                             \
    }

#endif /* TRI_SETUP8_H */
