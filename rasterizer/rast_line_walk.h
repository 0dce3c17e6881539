/*
 * rast_line_walk.h: the width-1 line walk that line setup (fe_setup_line.c)
 * and line coverage (be_line.c) share, with their integer helpers: the
 * candidate major pixels of a line, the minor pixel the perturbed line
 * passes in each, and the diamond-exit tests of the end pixels. The rule
 * itself (GL 4.6 section 14.5 with the spec's perturbation) and its
 * magnitudes are derived in be_line.c's essay. Pure inline functions.
 */
#ifndef RAST_LINE_WALK_H
#define RAST_LINE_WALK_H

#include "rasterizer/rast_priv.h"

/* Half the diamond's diagonal, in fx8: 1/2 pixel. */
#define HALF_FX8 128
/* Widths and point sizes are clamped to this many pixels: the GL limits of
 * real drivers are far below, and it keeps offset endpoints within 2^24 fx8
 * (guard band 2^23 + 8192 * 128 = 2^20), so every product below stays under
 * 2^51. */
#define MAX_WIDTH_PX 8192

/* ---- integer helpers -------------------------------------------------------- */

static inline int64_t floor_div(int64_t a, int64_t b) /* b > 0 */
{
    int64_t q = a / b;
    return q - ((a % b != 0) & (a < 0));
}

static inline int64_t ceil_div(int64_t a, int64_t b) /* b > 0 */ { return -floor_div(-a, b); }

static inline int64_t abs64(int64_t a) { return a < 0 ? -a : a; }

/* ---- the walk --------------------------------------------------------------- */

/* A width-1 line in major/minor form (for x-major lines M = x, m = y).
 * Major pixel p has its sample at P = 256 p + o. The one minor pixel whose
 * diamond the (perturbed) infinite line meets in that column is
 *     minor(p) = floor((c1 + p * s) / d),
 * derived from |m(P) - (256 r + o)| < 128 with the tie rule of be_line.c's
 * essay; c1 folds the tie bias in (see walk_init). d = 256 |DM| > 0 and
 * |s| <= d, so a unit step in p moves minor by at most one.
 * Magnitudes: |fx8| < 2^24, |DM|,|Dm| < 2^25, d < 2^33, c1 < 2^51. */
typedef struct line_walk {
    int64_t c1, s, d;
    int32_t p_first, p_last;   /* major pixels whose diamond the segment may meet */
    int32_t in_first, in_last; /* interior: the segment spans the diamond's major extent */
    int32_t w;
    bool x_major, last_pixel;
    int32_t xa, ya, xb, yb; /* offset (wide) segment, fx8, original direction */
    int32_t o;
    /* Stipple (factor 0: off): counter of major pixel p is start + dir (p - p0). */
    uint32_t st_start, st_factor;
    int32_t st_p0, st_dir;
    uint32_t st_pattern;
} line_walk;

static inline void walk_init(const rast_line *line, int32_t o, line_walk *lw)
{
    lw->w = line->width_px;
    lw->x_major = line->x_major;
    lw->last_pixel = line->last_pixel;
    lw->o = o;
    lw->st_factor = line->stipple_factor;
    lw->st_start = line->stipple_start;
    lw->st_p0 = line->stipple_p0;
    lw->st_dir = line->stipple_dir;
    lw->st_pattern = line->stipple_pattern;
    int32_t off = (line->width_px - 1) * HALF_FX8; /* (w - 1) / 2 pixels */
    lw->xa = line->x_fx8[0];
    lw->ya = line->y_fx8[0];
    lw->xb = line->x_fx8[1];
    lw->yb = line->y_fx8[1];
    if (line->x_major) {
        lw->ya -= off;
        lw->yb -= off;
    } else {
        lw->xa -= off;
        lw->xb -= off;
    }
    int64_t Ma = line->x_major ? lw->xa : lw->ya, Mb = line->x_major ? lw->xb : lw->yb;
    int64_t ma = line->x_major ? lw->ya : lw->xa, mb = line->x_major ? lw->yb : lw->xb;
    /* Orient so that DM > 0: the perturbed infinite line does not depend on
     * the direction. */
    int64_t M0 = Ma, m0 = ma, DM = Mb - Ma, Dm = mb - ma;
    if (DM < 0) {
        M0 = Mb;
        m0 = mb;
        DM = -DM;
        Dm = -Dm;
    }
    int64_t Mmin = M0, Mmax = M0 + DM;
    /* Ties (the line exactly between two minor pixels): m' = m + Dm/DM eps -
     * eps^2 for x-major goes up (to the smaller pixel) iff Dm <= 0; for
     * y-major x' = x + eps^2 Dm/DM - eps always goes left. Subtracting 1
     * from the numerator moves exact multiples of d to the smaller pixel. */
    int64_t tie = line->x_major ? (Dm <= 0) : 1;
    lw->d = 256 * DM;
    lw->s = 256 * Dm;
    lw->c1 = (m0 - o + HALF_FX8) * DM + (o - M0) * Dm - tie;
    /* Candidate columns: the perturbed segment's major range [Mmin - e,
     * Mmax - e] (e = eps for x-major, eps^2 for y-major) meets the open
     * range (P - 128, P + 128): Mmin <= P + 128 and Mmax > P - 128. */
    lw->p_first = (int32_t)ceil_div(Mmin - HALF_FX8 - o, 256);
    lw->p_last = (int32_t)ceil_div(Mmax + HALF_FX8 - o, 256) - 1;
    /* Interior: it contains [P - 128, P + 128]: Mmin <= P - 128, Mmax > P + 128. */
    lw->in_first = (int32_t)ceil_div(Mmin + HALF_FX8 - o, 256);
    lw->in_last = (int32_t)ceil_div(Mmax - HALF_FX8 - o, 256) - 1;
}

static inline int32_t walk_minor(const line_walk *lw, int32_t p)
{
    return (int32_t)floor_div(lw->c1 + (int64_t)p * lw->s, lw->d);
}

/* The two diamond-axis tests and the pb exclusion for pixel (px, py), whose
 * normal-axis test (the row function) already passed. Only needed outside
 * the interior. */
static inline bool end_test(const line_walk *lw, int32_t px, int32_t py)
{
    int64_t cx = (int64_t)px * 256 + lw->o, cy = (int64_t)py * 256 + lw->o;
    /* Axis (1,1): s = x + y, perturbed by -eps - eps^2. Overlap of the open
     * diamond range (sc - 128, sc + 128) with [smin', smax']:
     * smin <= sc + 128 and smax > sc - 128. */
    int64_t sa = (int64_t)lw->xa + lw->ya, sb = (int64_t)lw->xb + lw->yb, sc = cx + cy;
    if (min_i64(sa, sb) > sc + HALF_FX8 || max_i64(sa, sb) <= sc - HALF_FX8)
        return false;
    /* Axis (1,-1): r = x - y, perturbed by -eps + eps^2: same form. */
    int64_t ra = (int64_t)lw->xa - lw->ya, rb = (int64_t)lw->xb - lw->yb, rc = cx - cy;
    if (min_i64(ra, rb) > rc + HALF_FX8 || max_i64(ra, rb) <= rc - HALF_FX8)
        return false;
    if (!lw->last_pixel) {
        /* pb' = pb - (eps, eps^2) inside the diamond: |u - eps| + |v - eps^2|
         * < 1/2, i.e. |u| + |v| < 1/2, or == 1/2 with u > 0. */
        int64_t u = lw->xb - cx, v = lw->yb - cy;
        int64_t l1 = abs64(u) + abs64(v);
        if (l1 < HALF_FX8 || (l1 == HALF_FX8 && u > 0))
            return false;
    }
    return true;
}

static inline bool walk_keep(const line_walk *lw, int32_t p, int32_t r)
{
    if (p >= lw->in_first && p <= lw->in_last)
        return true;
    return lw->x_major ? end_test(lw, p, r) : end_test(lw, r, p);
}

/* Half the diameter of a smooth point of `size` (NaN or <= 0 acts as 1),
 * clamped like other sizes. */
static inline double point_radius(float size)
{
    double s = size > 0.0f ? (double)size : 1.0; /* also NaN */
    return (s > MAX_WIDTH_PX ? MAX_WIDTH_PX : s) / 2;
}

#endif /* RAST_LINE_WALK_H */
