/*
 * be_line.c: line and point coverage for the backend (GL 4.6 §14.4, §14.5).
 *
 * In: snapped 24.8 endpoints, width / size, the sample offset and a clip
 * rectangle. Out: 8x8 raster tiles with 64-bit coverage masks, handed to an
 * emit callback in row-major tile order (contract in rast_priv.h). Called by
 * the worker that holds a macrotile; pure functions of their arguments, so
 * any number of threads may call them at once.
 *
 * Width-1 lines follow the diamond-exit rule WITH the spec's perturbation:
 * pixel f (sample point c) is produced iff the segment pa'->pb' meets the
 * open diamond R_f = {|x - cx| + |y - cy| < 1/2}, and pb' is not inside R_f
 * (pb' may be inside when last_pixel is set), where p' = p - (eps, eps^2)
 * for an infinitesimal eps > 0, in swr's window coordinates (y down). The
 * perturbation resolves every boundary case, so the rule is exact:
 *   - a point lies in R_f iff |u| + |v| < 1/2, or |u| + |v| == 1/2 and u > 0
 *     (u, v = point - centre): the right corner and the two right edges of
 *     the diamond count as inside, the left, top and bottom corners and the
 *     left edges do not;
 *   - a line passing exactly between two rows (x-major) goes to the upper
 *     row (smaller y) if its slope dy/dx <= 0, else to the lower one; a line
 *     passing exactly between two columns (y-major) goes to the left column.
 * The segment meets R_f iff the projections overlap on the three separating
 * axes of a segment and a diamond: (1,1), (1,-1) and the segment's normal
 * (the open hexagon R_f - S contains 0). The normal axis test is the "row
 * function" below; the other two only matter in the first and last pixel
 * columns of the major axis, so interior columns skip them.
 *
 * Wide lines (w = round(width) >= 2) are the spec's construction: the
 * segment offset by -(w-1)/2 in the minor axis is rasterized as a width-1
 * line and each fragment (M, r) becomes the minor-axis run r .. r + w - 1,
 * i.e. the run grows towards +minor (down for x-major, right for y-major)
 * so that it is centred on the original segment.
 *
 * All arithmetic is exact int64 on fx8 values; magnitudes are derived at
 * the walk set-up below.
 *
 * Line stipple (GL 2.1 §3.4.2, rast_line_stipple): a line's fragments sit
 * in consecutive major-axis pixels; the one nearest its first vertex has
 * the counter the frontend passes in (fe_draw.c carries it along strips
 * and loops) and each next major pixel one more. The whole minor-axis run
 * of a wide line shares its column's (row's) verdict.
 *
 * Smooth lines and points (be_line_smooth.h): exact pixel-square areas of
 * GL's rectangle and disc, at the end of this file. A stippled smooth line
 * is the spec's sequence of unit-length rectangles, counted by the same
 * counter as the fragments of other lines.
 */
#include "rasterizer/rast_priv.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "rasterizer/be_line_smooth.h"

/* Half the diamond's diagonal, in fx8: 1/2 pixel. */
#define HALF_FX8 128
/* Widths and point sizes are clamped to this many pixels: the GL limits of
 * real drivers are far below, and it keeps offset endpoints within 2^24 fx8
 * (guard band 2^23 + 8192 * 128 = 2^20), so every product below stays under
 * 2^51. */
#define MAX_WIDTH_PX 8192

/* ---- coverage-mask tables -------------------------------------------------- */

#define BIT(x, y)                                                                              \
    (1ull << ((((y) >> 1) * 2 + ((x) >> 2)) * 8 + ((((x) >> 1) & 1) << 2) + (((y)&1) << 1) +     \
              ((x)&1)))
#define COL(x) (BIT(x, 0) | BIT(x, 1) | BIT(x, 2) | BIT(x, 3) | BIT(x, 4) | BIT(x, 5) | BIT(x, 6) | BIT(x, 7))
#define ROW(y) (BIT(0, y) | BIT(1, y) | BIT(2, y) | BIT(3, y) | BIT(4, y) | BIT(5, y) | BIT(6, y) | BIT(7, y))

/* Pixels of tile-local column x / row y. */
static const uint64_t col_mask[8] = {COL(0), COL(1), COL(2), COL(3), COL(4), COL(5), COL(6), COL(7)};
static const uint64_t row_mask[8] = {ROW(0), ROW(1), ROW(2), ROW(3), ROW(4), ROW(5), ROW(6), ROW(7)};
/* Columns >= a / <= b, rows >= a / <= b. */
static const uint64_t cols_ge[8] = {
    COL(0) | COL(1) | COL(2) | COL(3) | COL(4) | COL(5) | COL(6) | COL(7),
    COL(1) | COL(2) | COL(3) | COL(4) | COL(5) | COL(6) | COL(7),
    COL(2) | COL(3) | COL(4) | COL(5) | COL(6) | COL(7),
    COL(3) | COL(4) | COL(5) | COL(6) | COL(7),
    COL(4) | COL(5) | COL(6) | COL(7),
    COL(5) | COL(6) | COL(7),
    COL(6) | COL(7),
    COL(7)};
static const uint64_t cols_le[8] = {
    COL(0),
    COL(0) | COL(1),
    COL(0) | COL(1) | COL(2),
    COL(0) | COL(1) | COL(2) | COL(3),
    COL(0) | COL(1) | COL(2) | COL(3) | COL(4),
    COL(0) | COL(1) | COL(2) | COL(3) | COL(4) | COL(5),
    COL(0) | COL(1) | COL(2) | COL(3) | COL(4) | COL(5) | COL(6),
    COL(0) | COL(1) | COL(2) | COL(3) | COL(4) | COL(5) | COL(6) | COL(7)};
static const uint64_t rows_ge[8] = {
    ROW(0) | ROW(1) | ROW(2) | ROW(3) | ROW(4) | ROW(5) | ROW(6) | ROW(7),
    ROW(1) | ROW(2) | ROW(3) | ROW(4) | ROW(5) | ROW(6) | ROW(7),
    ROW(2) | ROW(3) | ROW(4) | ROW(5) | ROW(6) | ROW(7),
    ROW(3) | ROW(4) | ROW(5) | ROW(6) | ROW(7),
    ROW(4) | ROW(5) | ROW(6) | ROW(7),
    ROW(5) | ROW(6) | ROW(7),
    ROW(6) | ROW(7),
    ROW(7)};
static const uint64_t rows_le[8] = {
    ROW(0),
    ROW(0) | ROW(1),
    ROW(0) | ROW(1) | ROW(2),
    ROW(0) | ROW(1) | ROW(2) | ROW(3),
    ROW(0) | ROW(1) | ROW(2) | ROW(3) | ROW(4),
    ROW(0) | ROW(1) | ROW(2) | ROW(3) | ROW(4) | ROW(5),
    ROW(0) | ROW(1) | ROW(2) | ROW(3) | ROW(4) | ROW(5) | ROW(6),
    ROW(0) | ROW(1) | ROW(2) | ROW(3) | ROW(4) | ROW(5) | ROW(6) | ROW(7)};

#undef COL
#undef ROW
#undef BIT

/* ---- integer helpers -------------------------------------------------------- */

static inline int64_t floor_div(int64_t a, int64_t b) /* b > 0 */
{
    int64_t q = a / b;
    return q - ((a % b != 0) & (a < 0));
}

static inline int64_t ceil_div(int64_t a, int64_t b) /* b > 0 */
{
    return -floor_div(-a, b);
}

static inline int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static inline int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int32_t max32(int32_t a, int32_t b) { return a > b ? a : b; }
static inline int32_t min32(int32_t a, int32_t b) { return a < b ? a : b; }
static inline int64_t abs64(int64_t a) { return a < 0 ? -a : a; }

static int32_t round_width(float width)
{
    if (!(width >= 1.5f)) /* also NaN */
        return 1;
    if (width >= (float)MAX_WIDTH_PX)
        return MAX_WIDTH_PX;
    return (int32_t)floorf(width + 0.5f);
}

/* ---- the walk --------------------------------------------------------------- */

/* A width-1 line in major/minor form (for x-major lines M = x, m = y).
 * Major pixel p has its sample at P = 256 p + o. The one minor pixel whose
 * diamond the (perturbed) infinite line meets in that column is
 *     minor(p) = floor((c1 + p * s) / d),
 * derived from |m(P) - (256 r + o)| < 128 with the tie rule of the file
 * essay; c1 folds the tie bias in (see walk_init). d = 256 |DM| > 0 and
 * |s| <= d, so a unit step in p moves minor by at most one.
 * Magnitudes: |fx8| < 2^24, |DM|,|Dm| < 2^25, d < 2^33, c1 < 2^51. */
typedef struct line_walk {
    int64_t c1, s, d;
    int32_t p_first, p_last; /* major pixels whose diamond the segment may meet */
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

static void walk_init(const rast_line *line, int32_t o, line_walk *lw)
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
static bool end_test(const line_walk *lw, int32_t px, int32_t py)
{
    int64_t cx = (int64_t)px * 256 + lw->o, cy = (int64_t)py * 256 + lw->o;
    /* Axis (1,1): s = x + y, perturbed by -eps - eps^2. Overlap of the open
     * diamond range (sc - 128, sc + 128) with [smin', smax']:
     * smin <= sc + 128 and smax > sc - 128. */
    int64_t sa = (int64_t)lw->xa + lw->ya, sb = (int64_t)lw->xb + lw->yb, sc = cx + cy;
    if (min64(sa, sb) > sc + HALF_FX8 || max64(sa, sb) <= sc - HALF_FX8)
        return false;
    /* Axis (1,-1): r = x - y, perturbed by -eps + eps^2: same form. */
    int64_t ra = (int64_t)lw->xa - lw->ya, rb = (int64_t)lw->xb - lw->yb, rc = cx - cy;
    if (min64(ra, rb) > rc + HALF_FX8 || max64(ra, rb) <= rc - HALF_FX8)
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

/* GL's stipple test for the fragment(s) of major pixel p: the whole
 * minor-axis run of a wide line shares it. The counter wraps modulo 2^32
 * like any unsigned count; 16 * factor divides 2^32 only for powers of two,
 * so a wrap (4 billion fragments in one strip) is the one inexactness. */
static inline bool stipple_keep(const line_walk *lw, int32_t p)
{
    uint32_t s = lw->st_start + (uint32_t)(lw->st_dir * (p - lw->st_p0));
    return (lw->st_pattern >> ((s / lw->st_factor) & 15)) & 1;
}

/* ---- x-major cover: tile rows, each walking its columns left to right --------- */

/* stip (a constant per instance): the line is stippled. */
static inline __attribute__((always_inline)) void
cover_x_major(const line_walk *lw, swr_rect c, rast_emit_fn emit, void *user, bool stip)
{
    const int64_t s = lw->s, d = lw->d, c1 = lw->c1;
    const int32_t w = lw->w;
    int32_t px0 = max32(c.x0, lw->p_first), px1 = min32(c.x1 - 1, lw->p_last); /* inclusive */
    if (px0 > px1)
        return;
    for (int32_t ty = c.y0 & ~7; ty < c.y1; ty += 8) {
        int32_t y0 = max32(ty, c.y0), y1 = min32(ty + 8, c.y1) - 1; /* inclusive */
        /* Columns whose run [r, r + w - 1] meets [y0, y1]: r >= y0 - w + 1
         * and r <= y1. minor() is monotone, so they form an interval. With
         * r(p) >= K <=> c1 + p s >= K d and r(p) <= K <=> c1 + p s < (K+1) d. */
        int64_t lo = y0 - w + 1, hi = y1;
        int64_t ps = px0, pe = px1;
        if (s > 0) {
            ps = max64(ps, ceil_div(lo * d - c1, s));
            pe = min64(pe, ceil_div((hi + 1) * d - c1, s) - 1);
        } else if (s < 0) {
            ps = max64(ps, floor_div(c1 - (hi + 1) * d, -s) + 1);
            pe = min64(pe, floor_div(c1 - lo * d, -s));
        } else {
            int64_t r = floor_div(c1, d);
            if (r < lo || r > hi)
                continue;
        }
        if (ps > pe)
            continue;
        int64_t num = c1 + ps * s;
        int32_t r = (int32_t)floor_div(num, d);
        int64_t rem = num - (int64_t)r * d; /* [0, d) */
        uint64_t mask = 0;
        int32_t tile_x = (int32_t)ps & ~7;
        for (int32_t p = (int32_t)ps;; p++) {
            if (walk_keep(lw, p, r) && (!stip || stipple_keep(lw, p))) {
                int32_t a = max32(r, y0) - ty, b = min32(r + w - 1, y1) - ty;
                mask |= col_mask[p & 7] & rows_ge[a] & rows_le[b];
            }
            if (p == pe || ((p + 1) & 7) == 0) {
                if (mask)
                    emit(user, tile_x, ty, mask);
                mask = 0;
                tile_x += 8;
                if (p == pe)
                    break;
            }
            rem += s;
            if (rem >= d) {
                rem -= d;
                r++;
            } else if (rem < 0) {
                rem += d;
                r--;
            }
        }
    }
}

/* ---- y-major cover: a forward walk down the rows, a band of 8 at a time ------- */

static inline __attribute__((always_inline)) void
cover_y_major(const line_walk *lw, swr_rect c, rast_emit_fn emit, void *user, bool stip)
{
    const int64_t s = lw->s, d = lw->d;
    const int32_t w = lw->w;
    int32_t py0 = max32(c.y0, lw->p_first), py1 = min32(c.y1 - 1, lw->p_last); /* inclusive */
    if (py0 > py1)
        return;
    int64_t num = lw->c1 + (int64_t)py0 * s;
    int32_t r = (int32_t)floor_div(num, d);
    int64_t rem = num - (int64_t)r * d;
    int32_t py = py0;
    while (py <= py1) {
        int32_t ty = py & ~7;
        int32_t run0[8], run1[8]; /* clipped minor run per row, run0 > run1 = empty */
        int32_t xmin = INT32_MAX, xmax = INT32_MIN;
        for (int i = 0; i < 8; i++) {
            run0[i] = 1;
            run1[i] = 0;
        }
        for (; py <= py1 && py < ty + 8; py++) {
            if (walk_keep(lw, py, r) && (!stip || stipple_keep(lw, py))) {
                int32_t a = max32(r, c.x0), b = min32(r + w - 1, c.x1 - 1);
                if (a <= b) {
                    run0[py - ty] = a;
                    run1[py - ty] = b;
                    xmin = min32(xmin, a);
                    xmax = max32(xmax, b);
                }
            }
            rem += s;
            if (rem >= d) {
                rem -= d;
                r++;
            } else if (rem < 0) {
                rem += d;
                r--;
            }
        }
        if (xmin > xmax)
            continue;
        for (int32_t tx = xmin & ~7; tx <= xmax; tx += 8) {
            uint64_t mask = 0;
            for (int i = 0; i < 8; i++) {
                int32_t a = max32(run0[i], tx), b = min32(run1[i], tx + 7);
                if (a <= b)
                    mask |= row_mask[i] & cols_ge[a - tx] & cols_le[b - tx];
            }
            if (mask)
                emit(user, tx, ty, mask);
        }
    }
}

/* ---- exported ----------------------------------------------------------------- */

/* Called by the backend per line primitive, any thread. A false return means
 * a zero-length segment, which produces no fragment even with last_pixel;
 * `line` is then filled with an empty bbox. */
bool rast_line_setup(const int32_t x_fx8[2], const int32_t y_fx8[2], float width,
                     bool last_pixel, int32_t sample_offset_fx8, rast_line *line)
{
    int64_t dx = (int64_t)x_fx8[1] - x_fx8[0], dy = (int64_t)y_fx8[1] - y_fx8[0];
    for (int i = 0; i < 2; i++) {
        line->x_fx8[i] = x_fx8[i];
        line->y_fx8[i] = y_fx8[i];
    }
    line->width_px = round_width(width);
    line->last_pixel = last_pixel;
    line->x_major = abs64(dx) >= abs64(dy);
    line->t_a = line->t_b = line->t_c = 0.0f;
    line->bbox = (swr_rect){0, 0, 0, 0};
    line->stipple_start = 0;
    line->stipple_p0 = 0;
    line->stipple_pattern = line->stipple_factor = 0;
    line->stipple_dir = 1;
    if (dx == 0 && dy == 0)
        return false;

    /* t = ((p - pa) . (pb - pa)) / |pb - pa|^2 in pixel units; the fx8
     * scale cancels except in the linear terms: t_a = 256 dx / L2. */
    double l2 = (double)(dx * dx + dy * dy); /* < 2^51: exact */
    line->t_a = (float)(256.0 * (double)dx / l2);
    line->t_b = (float)(256.0 * (double)dy / l2);
    line->t_c = (float)(-((double)x_fx8[0] * (double)dx + (double)y_fx8[0] * (double)dy) / l2);

    line_walk lw;
    walk_init(line, sample_offset_fx8, &lw);
    /* minor() is monotone, so its extremes are at the end columns. */
    int32_t r0 = walk_minor(&lw, lw.p_first), r1 = walk_minor(&lw, lw.p_last);
    int32_t m0 = min32(r0, r1), m1 = max32(r0, r1) + lw.w; /* exclusive */
    if (line->x_major)
        line->bbox = (swr_rect){lw.p_first, m0, lw.p_last + 1, m1};
    else
        line->bbox = (swr_rect){m0, lw.p_first, m1, lw.p_last + 1};
    return true;
}

/* The fragments of a line occupy the consecutive major pixels whose
 * column (row) passes walk_keep: every interior one and possibly one or two
 * end ones, which are tested directly. The counter starts at the end where
 * the line starts (vertex 0). */
uint32_t rast_line_stipple(rast_line *line, uint16_t pattern, uint32_t factor, uint32_t start,
                           int32_t sample_offset_fx8)
{
    line->stipple_pattern = pattern;
    line->stipple_factor = (uint16_t)(factor < 1 ? 1 : factor > 256 ? 256 : factor);
    line->stipple_start = start;
    line->stipple_p0 = 0;
    line->stipple_dir = 1;
    if (line->bbox.x0 >= line->bbox.x1) /* zero length: no fragment */
        return 0;
    line_walk lw;
    walk_init(line, sample_offset_fx8, &lw);
    int32_t lo = lw.p_first, hi = lw.p_last;
    while (lo <= hi && !walk_keep(&lw, lo, walk_minor(&lw, lo)))
        lo++;
    while (hi >= lo && !walk_keep(&lw, hi, walk_minor(&lw, hi)))
        hi--;
    if (lo > hi)
        return 0;
    int32_t dm = line->x_major ? line->x_fx8[1] - line->x_fx8[0] : line->y_fx8[1] - line->y_fx8[0];
    line->stipple_dir = dm >= 0 ? 1 : -1;
    line->stipple_p0 = dm >= 0 ? lo : hi;
    return (uint32_t)(hi - lo) + 1u;
}

/* Emits the line's raster tiles inside clip. Same thread rules as above;
 * `emit` runs synchronously on the calling thread. */
void rast_line_cover(const rast_line *line, int32_t sample_offset_fx8, swr_rect clip,
                     rast_emit_fn emit, void *user)
{
    swr_rect c = {max32(clip.x0, line->bbox.x0), max32(clip.y0, line->bbox.y0),
                  min32(clip.x1, line->bbox.x1), min32(clip.y1, line->bbox.y1)};
    if (c.x0 >= c.x1 || c.y0 >= c.y1)
        return;
    line_walk lw;
    walk_init(line, sample_offset_fx8, &lw);
    if (lw.x_major && !lw.st_factor)
        cover_x_major(&lw, c, emit, user, false);
    else if (lw.x_major)
        cover_x_major(&lw, c, emit, user, true);
    else if (!lw.st_factor)
        cover_y_major(&lw, c, emit, user, false);
    else
        cover_y_major(&lw, c, emit, user, true);
}

/* Point squares. Rounded sizes (no_round false) follow GL's non-sprite rule
 * literally: odd size s: centre (floor(x) + 1/2, floor(y) + 1/2), even:
 * (floor(x + 1/2), floor(y + 1/2)), and the fragments are the pixels whose
 * centres lie in the s x s square around it. Its edges fall between
 * centres, and the rule equals "sample in (xc - s/2, xc + s/2]" (right and
 * bottom edges inclusive). Unrounded sizes (sprites): sample in
 * [xc - s/2, xc + s/2) (left and top edges inclusive, rast_priv.h). With
 * integer sample positions (offset 0) everything is shifted by the offset,
 * i.e. stated for sample points. Sizes: NaN or <= 0 act as 1; at most
 * MAX_WIDTH_PX. Returns the covered pixels, possibly empty (x0 == x1). */
swr_rect rast_point_rect(int32_t x_fx8, int32_t y_fx8, float size, bool no_round,
                         int32_t sample_offset_fx8)
{
    int64_t cx = (int64_t)x_fx8 - sample_offset_fx8, cy = (int64_t)y_fx8 - sample_offset_fx8;
    if (!(size > 0.0f))
        size = 1.0f;
    if (size > (float)MAX_WIDTH_PX)
        size = (float)MAX_WIDTH_PX;
    if (!no_round) {
        int64_t h = (int64_t)floorf(size + 0.5f) * HALF_FX8; /* s/2 in fx8 */
        if (h < HALF_FX8)
            h = HALF_FX8;
        /* 256 px > cx - h  <=>  px >= floor((cx - h) / 256) + 1 */
        return (swr_rect){(int32_t)floor_div(cx - h, 256) + 1, (int32_t)floor_div(cy - h, 256) + 1,
                          (int32_t)floor_div(cx + h, 256) + 1, (int32_t)floor_div(cy + h, 256) + 1};
    }
    /* Any size below 2/256 covers exactly the samples at distance 0 (fx8
     * differences are integers), so clamping to 1/256 changes nothing and
     * keeps (cx - 128 s) exact in a double (26 integer bits + 24 bits of s
     * down to 2^-26). */
    if (size < 1.0f / 256.0f)
        size = 1.0f / 256.0f;
    double h = 128.0 * (double)size;
    /* 256 px >= cx - h  <=>  px >= ceil((cx - h) / 256); 256 px < cx + h
     * <=> px < ceil((cx + h) / 256). Division by 256 is exact. */
    swr_rect r = {(int32_t)ceil(((double)cx - h) / 256.0), (int32_t)ceil(((double)cy - h) / 256.0),
                  (int32_t)ceil(((double)cx + h) / 256.0), (int32_t)ceil(((double)cy + h) / 256.0)};
    return r;
}

/* ---- smooth lines and points (be_line_smooth.h) --------------------------------- */

/* Clips the convex polygon p[0..n) (x, y pairs) to {a x + b y <= c};
 * returns the new vertex count (at most n + 1). */
static int clip_half_plane(const double *p, int n, double a, double b, double c, double *out)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        const double *s = p + 2 * i, *e = p + 2 * ((i + 1) % n);
        double ds = a * s[0] + b * s[1] - c, de = a * e[0] + b * e[1] - c;
        if (ds <= 0) {
            out[2 * m] = s[0];
            out[2 * m + 1] = s[1];
            m++;
        }
        if ((ds < 0 && de > 0) || (ds > 0 && de < 0)) {
            double t = ds / (ds - de);
            out[2 * m] = s[0] + t * (e[0] - s[0]);
            out[2 * m + 1] = s[1] + t * (e[1] - s[1]);
            m++;
        }
    }
    return m;
}

bool rast_smooth_line_setup(const int32_t x_fx8[2], const int32_t y_fx8[2], float width,
                            rast_smooth_line *l)
{
    double xa = x_fx8[0] / 256.0, ya = y_fx8[0] / 256.0, xb = x_fx8[1] / 256.0,
           yb = y_fx8[1] / 256.0;
    double dx = xb - xa, dy = yb - ya, len = sqrt(dx * dx + dy * dy);
    double w = width >= 1.0f / 256.0f ? (double)width : 1.0; /* also NaN */
    if (w > MAX_WIDTH_PX)
        w = MAX_WIDTH_PX;
    l->mx = (xa + xb) / 2, l->my = (ya + yb) / 2;
    l->half_len = len / 2, l->half_w = w / 2;
    l->ux = len > 0 ? dx / len : 1.0, l->uy = len > 0 ? dy / len : 0.0;
    l->stipple_pattern = 0xffff, l->stipple_factor = 1, l->stipple_start = 0;
    l->stippled = false;
    l->bbox = (swr_rect){0, 0, 0, 0};
    if (len == 0)
        return false;
    /* Corners m +- half_len u +- half_w n, n = (-uy, ux). */
    double ex = fabs(l->ux) * l->half_len + fabs(l->uy) * l->half_w;
    double ey = fabs(l->uy) * l->half_len + fabs(l->ux) * l->half_w;
    l->bbox = (swr_rect){(int32_t)floor(l->mx - ex), (int32_t)floor(l->my - ey),
                         (int32_t)floor(l->mx + ex) + 1, (int32_t)floor(l->my + ey) + 1};
    return true;
}

/* Area of pixel (px, py)'s square inside the part of the line's rectangle
 * between t0 and t1 along the line (t from the centre, t0 < t1). */
static double part_area(const rast_smooth_line *l, int32_t px, int32_t py, double t0, double t1)
{
    /* The pixel square relative to the segment's centre, clipped to the
     * four sides of the part. */
    double x0 = px - l->mx, y0 = py - l->my;
    double a[2 * 8] = {x0, y0, x0 + 1, y0, x0 + 1, y0 + 1, x0, y0 + 1}, b[2 * 8];
    double nx = -l->uy, ny = l->ux;
    int n = 4;
    n = clip_half_plane(a, n, l->ux, l->uy, t1, b);
    n = clip_half_plane(b, n, -l->ux, -l->uy, -t0, a);
    n = clip_half_plane(a, n, nx, ny, l->half_w, b);
    n = clip_half_plane(b, n, -nx, -ny, l->half_w, a);
    double area2 = 0;
    for (int i = 0; i < n; i++) {
        const double *s = a + 2 * i, *e = a + 2 * ((i + 1) % n);
        area2 += s[0] * e[1] - e[0] * s[1];
    }
    return fabs(area2) / 2;
}

uint32_t rast_smooth_line_stipple(rast_smooth_line *l, uint16_t pattern, uint32_t factor,
                                  uint32_t start)
{
    l->stipple_pattern = pattern;
    l->stipple_factor = (uint16_t)(factor < 1 ? 1 : factor > 256 ? 256 : factor);
    l->stipple_start = start;
    l->stippled = true;
    return (uint32_t)ceil(2 * l->half_len);
}

float rast_smooth_line_coverage(const rast_smooth_line *l, int32_t px, int32_t py)
{
    double c = 0;
    if (!l->stippled) {
        c = part_area(l, px, py, -l->half_len, l->half_len);
    } else {
        /* Unit rectangle i spans t in [-half_len + i, -half_len + i + 1]
         * (the last one ends at half_len); the pixel square's projection
         * on the line meets at most three of them. */
        double tc = (px + 0.5 - l->mx) * l->ux + (py + 0.5 - l->my) * l->uy;
        double reach = 0.5 * (fabs(l->ux) + fabs(l->uy));
        double n = ceil(2 * l->half_len);
        double i0 = fmax(floor(tc - reach + l->half_len), 0);
        double i1 = fmin(floor(tc + reach + l->half_len), n - 1);
        for (double i = i0; i <= i1; i++) {
            uint32_t s = l->stipple_start + (uint32_t)i;
            if (!((l->stipple_pattern >> ((s / l->stipple_factor) & 15)) & 1))
                continue;
            double t0 = -l->half_len + i, t1 = fmin(t0 + 1, l->half_len);
            c += part_area(l, px, py, t0, t1);
        }
    }
    return c > 1.0 ? 1.0f : (float)c;
}

/* Emits the pixels of rect with coverage > 0 (cov_fn) inside clip. */
typedef float (*smooth_cov_fn)(const void *shape, int32_t px, int32_t py);

static void smooth_cover(swr_rect rect, swr_rect clip, smooth_cov_fn cov, const void *shape,
                         rast_emit_fn emit, void *user)
{
    int32_t x0 = max32(rect.x0, clip.x0), y0 = max32(rect.y0, clip.y0);
    int32_t x1 = min32(rect.x1, clip.x1), y1 = min32(rect.y1, clip.y1);
    for (int32_t ty = y0 & ~7; ty < y1; ty += 8)
        for (int32_t tx = x0 & ~7; tx < x1; tx += 8) {
            uint64_t mask = 0;
            for (int32_t y = max32(ty, y0); y < min32(ty + 8, y1); y++)
                for (int32_t x = max32(tx, x0); x < min32(tx + 8, x1); x++)
                    if (cov(shape, x, y) > 0.0f)
                        mask |= col_mask[x - tx] & row_mask[y - ty];
            if (mask)
                emit(user, tx, ty, mask);
        }
}

static float line_cov_fn(const void *shape, int32_t px, int32_t py)
{
    return rast_smooth_line_coverage(shape, px, py);
}

void rast_smooth_line_cover(const rast_smooth_line *l, swr_rect clip, rast_emit_fn emit,
                            void *user)
{
    smooth_cover(l->bbox, clip, line_cov_fn, l, emit, user);
}

static double point_radius(float size)
{
    double s = size > 0.0f ? (double)size : 1.0; /* also NaN */
    return (s > MAX_WIDTH_PX ? MAX_WIDTH_PX : s) / 2;
}

swr_rect rast_smooth_point_rect(int32_t x_fx8, int32_t y_fx8, float size)
{
    double r = point_radius(size), cx = x_fx8 / 256.0, cy = y_fx8 / 256.0;
    return (swr_rect){(int32_t)floor(cx - r), (int32_t)floor(cy - r), (int32_t)floor(cx + r) + 1,
                      (int32_t)floor(cy + r) + 1};
}

/* Antiderivative of sqrt(r^2 - x^2) on [-r, r]. */
static double circ_F(double x, double r)
{
    double t = x / r;
    t = t < -1 ? -1 : t > 1 ? 1 : t;
    double h = r * r - x * x;
    return 0.5 * (x * sqrt(h > 0 ? h : 0) + r * r * asin(t));
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Area of the disc of radius r at the origin inside [x0, x1] x [y0, y1]:
 * the integral over x of the overlap of [y0, y1] with [-h(x), h(x)],
 * h = sqrt(r^2 - x^2), split where the overlap changes form. */
static double disc_rect_area(double r, double x0, double x1, double y0, double y1)
{
    double lo = x0 > -r ? x0 : -r, hi = x1 < r ? x1 : r;
    if (lo >= hi || y0 >= r || y1 <= -r)
        return 0;
    double bp[8];
    int n = 0;
    bp[n++] = lo;
    bp[n++] = hi;
    const double ys[2] = {y0, y1};
    for (int k = 0; k < 2; k++)
        if (fabs(ys[k]) < r) {
            double s = sqrt(r * r - ys[k] * ys[k]);
            if (s > lo && s < hi)
                bp[n++] = s;
            if (-s > lo && -s < hi)
                bp[n++] = -s;
        }
    qsort(bp, (size_t)n, sizeof bp[0], cmp_double);
    double area = 0;
    for (int i = 0; i + 1 < n; i++) {
        double a = bp[i], b = bp[i + 1];
        if (b <= a)
            continue;
        double m = (a + b) / 2, hm = sqrt(r * r - m * m);
        double top = y1 < hm ? y1 : hm, bot = y0 > -hm ? y0 : -hm;
        if (top <= bot)
            continue;
        double Fh = circ_F(b, r) - circ_F(a, r);
        area += (y1 < hm ? y1 * (b - a) : Fh) - (y0 > -hm ? y0 * (b - a) : -Fh);
    }
    return area;
}

float rast_smooth_point_coverage(int32_t x_fx8, int32_t y_fx8, float size, int32_t px,
                                 int32_t py)
{
    double cx = x_fx8 / 256.0, cy = y_fx8 / 256.0;
    double c = disc_rect_area(point_radius(size), px - cx, px + 1 - cx, py - cy, py + 1 - cy);
    return c > 1.0 ? 1.0f : c < 0.0 ? 0.0f : (float)c;
}

typedef struct smooth_point {
    int32_t x, y;
    float size;
} smooth_point;

static float point_cov_fn(const void *shape, int32_t px, int32_t py)
{
    const smooth_point *p = shape;
    return rast_smooth_point_coverage(p->x, p->y, p->size, px, py);
}

void rast_smooth_point_cover(int32_t x_fx8, int32_t y_fx8, float size, swr_rect clip,
                             rast_emit_fn emit, void *user)
{
    smooth_point p = {x_fx8, y_fx8, size};
    smooth_cover(rast_smooth_point_rect(x_fx8, y_fx8, size), clip, point_cov_fn, &p, emit, user);
}
