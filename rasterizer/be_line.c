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
 * the counter the frontend passes in (fe_clipcull.c carries it along strips
 * and loops) and each next major pixel one more. The whole minor-axis run
 * of a wide line shares its column's (row's) verdict.
 *
 * Smooth lines and points (rast_priv.h): exact pixel-square areas of
 * GL's rectangle and disc, at the end of this file. A stippled smooth line
 * is the spec's sequence of unit-length rectangles, counted by the same
 * counter as the fragments of other lines.
 */
#include "rasterizer/rast_priv.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "rasterizer/rast_line_walk.h"

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
    int32_t px0 = max_i32(c.x0, lw->p_first), px1 = min_i32(c.x1 - 1, lw->p_last); /* inclusive */
    if (px0 > px1)
        return;
    for (int32_t ty = c.y0 & ~7; ty < c.y1; ty += 8) {
        int32_t y0 = max_i32(ty, c.y0), y1 = min_i32(ty + 8, c.y1) - 1; /* inclusive */
        /* Columns whose run [r, r + w - 1] meets [y0, y1]: r >= y0 - w + 1
         * and r <= y1. minor() is monotone, so they form an interval. With
         * r(p) >= K <=> c1 + p s >= K d and r(p) <= K <=> c1 + p s < (K+1) d. */
        int64_t lo = y0 - w + 1, hi = y1;
        int64_t ps = px0, pe = px1;
        if (s > 0) {
            ps = max_i64(ps, ceil_div(lo * d - c1, s));
            pe = min_i64(pe, ceil_div((hi + 1) * d - c1, s) - 1);
        } else if (s < 0) {
            ps = max_i64(ps, floor_div(c1 - (hi + 1) * d, -s) + 1);
            pe = min_i64(pe, floor_div(c1 - lo * d, -s));
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
                int32_t a = max_i32(r, y0) - ty, b = min_i32(r + w - 1, y1) - ty;
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
    int32_t py0 = max_i32(c.y0, lw->p_first), py1 = min_i32(c.y1 - 1, lw->p_last); /* inclusive */
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
                int32_t a = max_i32(r, c.x0), b = min_i32(r + w - 1, c.x1 - 1);
                if (a <= b) {
                    run0[py - ty] = a;
                    run1[py - ty] = b;
                    xmin = min_i32(xmin, a);
                    xmax = max_i32(xmax, b);
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
                int32_t a = max_i32(run0[i], tx), b = min_i32(run1[i], tx + 7);
                if (a <= b)
                    mask |= row_mask[i] & cols_ge[a - tx] & cols_le[b - tx];
            }
            if (mask)
                emit(user, tx, ty, mask);
        }
    }
}

/* ---- exported ----------------------------------------------------------------- */

/* Emits the line's raster tiles inside clip. Same thread rules as above;
 * `emit` runs synchronously on the calling thread. */
void rast_line_cover(const rast_line *line, int32_t sample_offset_fx8, swr_rect clip,
                     rast_emit_fn emit, void *user)
{
    swr_rect c = {max_i32(clip.x0, line->bbox.x0), max_i32(clip.y0, line->bbox.y0),
                  min_i32(clip.x1, line->bbox.x1), min_i32(clip.y1, line->bbox.y1)};
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

/* ---- smooth lines and points (rast_priv.h) --------------------------------------- */

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
    int32_t x0 = max_i32(rect.x0, clip.x0), y0 = max_i32(rect.y0, clip.y0);
    int32_t x1 = min_i32(rect.x1, clip.x1), y1 = min_i32(rect.y1, clip.y1);
    for (int32_t ty = y0 & ~7; ty < y1; ty += 8)
        for (int32_t tx = x0 & ~7; tx < x1; tx += 8) {
            uint64_t mask = 0;
            for (int32_t y = max_i32(ty, y0); y < min_i32(ty + 8, y1); y++)
                for (int32_t x = max_i32(tx, x0); x < min_i32(tx + 8, x1); x++)
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
