/*
 * fe_setup_tri.c: a triangle's edge functions, the geometric half of
 * triangle setup (fe_setup.c builds the rest of the be_prim around it).
 *
 * In:  three vertices snapped to 24.8 fixed point (|coord| < 2^23, the guard
 *      band of rast_priv.h), the sample offset (0 or 128 fx8), the fill rule.
 * Out: a rast_tri: three int64 edge functions and the pixel bbox of
 *      possibly covered samples, which the backend's coverage (be_raster.c)
 *      evaluates.
 * Thread: any; a pure function.
 *
 * Invariants. E_k(X, Y) = a_k X + b_k Y + c_k at sample point (X, Y) in fx8 is
 * exact in int64 (|a|,|b| < 2^24, |X|,|Y| < 2^23, |c| < 2^48). Orientation is
 * normalized so that the interior is E > 0 for every winding, and the fill
 * rule is folded into c: an edge that must not own samples lying exactly on
 * it gets c - 1, so that "covered iff all E_k >= 0" holds for every sample
 * (E is an integer, so E_orig > 0 <=> E_orig - 1 >= 0).
 */
#include "rasterizer/rast_priv.h"

/*
 * Called by the frontend's setup once per triangle. Returns false for
 * a zero-area triangle, which covers nothing (*area2 = 0, *tri left
 * untouched). A true return may still come with an empty bbox (x0 >= x1 or
 * y0 >= y1) when the triangle falls between sample points; rast_tri_cover
 * then emits nothing. The edge order in *tri is not the vertex order when the
 * winding is negative (edges are negated, not reordered: edge k still runs
 * through vertices k and k+1).
 * Scalar twin of fe_tri_setup8 (fe_setup_tri8.h), which the frontend uses
 * for 8 unclipped triangles at a time: a change here must be made there
 * too (test_tri_setup8 compares them).
 */
bool rast_tri_setup(const int32_t x_fx8[3], const int32_t y_fx8[3], int32_t sample_offset_fx8,
                    bool bottom_edge_rule, rast_tri *tri, int64_t *area2)
{
    int64_t x0 = x_fx8[0], y0 = y_fx8[0];
    int64_t x1 = x_fx8[1], y1 = y_fx8[1];
    int64_t x2 = x_fx8[2], y2 = y_fx8[2];
    int64_t area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    *area2 = area;
    if (area == 0)
        return false;
    /* Area > 0 means clockwise on screen, where the edge function of v_k ->
     * v_j, (x_j - x_k)(Y - y_k) - (y_j - y_k)(X - x_k), is positive inside.
     * For the other winding negate every edge (without a branch: the winding
     * of a stream of tiny triangles is not predictable when culling is off):
     * s = 0 or -1, and (v ^ s) - s is v or -v. */
    const int64_t s = area >> 63;
    const int64_t xs[3] = {x0, x1, x2}, ys[3] = {y0, y1, y2};
    int64_t amax = 0;
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) {
        int j = k == 2 ? 0 : k + 1;
        int64_t a = ((ys[k] - ys[j]) ^ s) - s, b = ((xs[j] - xs[k]) ^ s) - s;
        /* (a, b) is the inward normal. Left edge: interior to the right,
         * a > 0. Top edge: horizontal (a == 0) with the interior below, at
         * larger y: b > 0; a bottom edge has b < 0. */
        bool owns = a > 0 || (a == 0 && (bottom_edge_rule ? b < 0 : b > 0));
        tri->a[k] = a;
        tri->b[k] = b;
        tri->c[k] = -(a * xs[k] + b * ys[k]) - (owns ? 0 : 1);
        amax |= (a < 0 ? -a : a) | (b < 0 ? -b : b);
    }
    tri->small_edges = amax < SMALL_EDGE_LIMIT; /* an OR is below a power of 2 iff all are */

    /* Pixels px with a sample px*256 + off in [min, max]: px >= ceil((min -
     * off) / 256) and px <= floor((max - off) / 256). >> is a floor division
     * (gcc shifts signed values arithmetically). */
    int32_t xmin = min_i32(x_fx8[0], min_i32(x_fx8[1], x_fx8[2]));
    int32_t xmax = max_i32(x_fx8[0], max_i32(x_fx8[1], x_fx8[2]));
    int32_t ymin = min_i32(y_fx8[0], min_i32(y_fx8[1], y_fx8[2]));
    int32_t ymax = max_i32(y_fx8[0], max_i32(y_fx8[1], y_fx8[2]));
    tri->bbox.x0 = (xmin - sample_offset_fx8 + 255) >> 8;
    tri->bbox.y0 = (ymin - sample_offset_fx8 + 255) >> 8;
    tri->bbox.x1 = ((xmax - sample_offset_fx8) >> 8) + 1;
    tri->bbox.y1 = ((ymax - sample_offset_fx8) >> 8) + 1;
    return true;
}
