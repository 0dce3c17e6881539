/*
 * fe_setup_tri8.h: fe_tri_setup8, the edge setup of 8 triangles at once --
 * the vector twin of rast_tri_setup (fe_setup_tri.c), used by fe_tri8.c.
 *
 * In:  8 triangles as snapped 24.8 vertices in vi8 lanes.
 * Out: an fe_tri8 whose lane l holds exactly what rast_tri_setup produces
 *      for triangle l: area2, a/b/c, small_edges and the unclipped pixel
 *      bbox (test_tri_setup8 checks it on random triangles).
 * Thread: pure functions, any thread.
 *
 * Why 32x32->64 products are exact: vertices lie in the guard band, |coord|
 * < 2^23 fx8 (rast_priv.h), so every difference of two coordinates -- and so
 * every edge coefficient a, b -- is below 2^24 in magnitude and fits an int32
 * lane; vi64_mul32 multiplies the sign-extended low halves of 64-bit lanes,
 * and a*x, b*y (< 2^47) and the area terms (< 2^48) are exact in int64.
 */
#ifndef FE_SETUP_TRI8_H
#define FE_SETUP_TRI8_H

#include "common/simd.h"
#include "rasterizer/rast_priv.h"

/* Lane l = rast_tri_setup's results for triangle l (a and b as int32:
 * |a|, |b| < 2^24); see fe_tri8_get. */
typedef struct fe_tri8 {
    int64_t area2[8];
    int32_t a[3][8], b[3][8];
    int64_t c[3][8];
    int32_t x0[8], y0[8], x1[8], y1[8]; /* unclipped pixel bbox */
    uint32_t small_edges;               /* bit l */
} fe_tri8;

/* Coefficients of 4 edges' lanes: the 64-bit values of one half. */
SIMD_INLINE void fe_tri8_c_half(vi64x4 a, vi64x4 b, vi64x4 x, vi64x4 y, vi64x4 not_owned,
                                int64_t *c)
{
    vi64x4 prod = vi64_add(vi64_mul32(a, x), vi64_mul32(b, y));
    vi64_store(c, vi64_add(vi64_sub(vi64_set1(0), prod), not_owned));
}

/*
 * The vector twin of rast_tri_setup for 8 triangles (x[k], y[k]: vertex k in
 * 24.8, inside the guard band). Same formulas lane by lane; where the scalar
 * code branches the vector code selects. Lanes with zero area come out with
 * area2 == 0 and unspecified other fields (the scalar function returns false
 * and leaves *tri untouched).
 */
static inline void fe_tri_setup8(const vi8 x[3], const vi8 y[3], int32_t sample_offset_fx8,
                                 bool bottom_edge_rule, fe_tri8 *t)
{
    /* area2 in two halves of 4 int64 lanes. */
    vi8 d1x = vi8_sub(x[1], x[0]), d1y = vi8_sub(y[1], y[0]);
    vi8 d2x = vi8_sub(x[2], x[0]), d2y = vi8_sub(y[2], y[0]);
    vi64x4 area_lo = vi64_sub(vi64_mul32(vi8_lo_to_vi64(d1x), vi8_lo_to_vi64(d2y)),
                              vi64_mul32(vi8_lo_to_vi64(d2x), vi8_lo_to_vi64(d1y)));
    vi64x4 area_hi = vi64_sub(vi64_mul32(vi8_hi_to_vi64(d1x), vi8_hi_to_vi64(d2y)),
                              vi64_mul32(vi8_hi_to_vi64(d2x), vi8_hi_to_vi64(d1y)));
    vi64_store(t->area2, area_lo);
    vi64_store(t->area2 + 4, area_hi);
    /* s = -1 in the lanes of negative area (32-bit lanes suffice: |a|, |b| <
     * 2^24, so (v ^ s) - s cannot overflow). */
    vi8 s = vi8_from_bits(vi64_movemask(area_lo) | (vi64_movemask(area_hi) << 4));
    vi8 amax = vi8_zero();
    const vi8 zero = vi8_zero();
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) {
        int j = k == 2 ? 0 : k + 1;
        vi8 a = vi8_sub(vi8_xor(vi8_sub(y[k], y[j]), s), s);
        vi8 b = vi8_sub(vi8_xor(vi8_sub(x[j], x[k]), s), s);
        vi8 b_owns = bottom_edge_rule ? vi8_lt(b, zero) : vi8_gt(b, zero);
        vi8 owns = vi8_or(vi8_gt(a, zero), vi8_and(vi8_eq(a, zero), b_owns));
        vi8 not_owned = vi8_not(owns); /* -1 where the edge gives up its samples */
        vi64x4 alo = vi8_lo_to_vi64(a), ahi = vi8_hi_to_vi64(a);
        vi64x4 blo = vi8_lo_to_vi64(b), bhi = vi8_hi_to_vi64(b);
        vi8_store(t->a[k], a);
        vi8_store(t->b[k], b);
        fe_tri8_c_half(alo, blo, vi8_lo_to_vi64(x[k]), vi8_lo_to_vi64(y[k]),
                       vi8_lo_to_vi64(not_owned), t->c[k]);
        fe_tri8_c_half(ahi, bhi, vi8_hi_to_vi64(x[k]), vi8_hi_to_vi64(y[k]),
                       vi8_hi_to_vi64(not_owned), t->c[k] + 4);
        amax = vi8_or(amax, vi8_or(vi8_abs(a), vi8_abs(b)));
    }
    t->small_edges = vi8_movemask(vi8_lt(amax, vi8_set1(SMALL_EDGE_LIMIT)));
    vi8 xmin = vi8_min(vi8_min(x[0], x[1]), x[2]), xmax = vi8_max(vi8_max(x[0], x[1]), x[2]);
    vi8 ymin = vi8_min(vi8_min(y[0], y[1]), y[2]), ymax = vi8_max(vi8_max(y[0], y[1]), y[2]);
    vi8 bias = vi8_set1(255 - sample_offset_fx8), moff = vi8_set1(-sample_offset_fx8);
    vi8_store(t->x0, vi8_srai(vi8_add(xmin, bias), 8));
    vi8_store(t->y0, vi8_srai(vi8_add(ymin, bias), 8));
    vi8_store(t->x1, vi8_add(vi8_srai(vi8_add(xmax, moff), 8), vi8_set1(1)));
    vi8_store(t->y1, vi8_add(vi8_srai(vi8_add(ymax, moff), 8), vi8_set1(1)));
}

/* Lane l of t as the rast_tri rast_tri_setup would have written. */
static inline void fe_tri8_get(const fe_tri8 *t, uint32_t l, rast_tri *tri)
{
    for (int k = 0; k < 3; k++) {
        tri->a[k] = t->a[k][l];
        tri->b[k] = t->b[k][l];
        tri->c[k] = t->c[k][l];
    }
    tri->bbox = (swr_rect){t->x0[l], t->y0[l], t->x1[l], t->y1[l]};
    tri->small_edges = (t->small_edges >> l) & 1;
}

#endif /* FE_SETUP_TRI8_H */
