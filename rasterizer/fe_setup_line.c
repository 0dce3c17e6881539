/*
 * fe_setup_line.c: the shapes of lines and points, the geometric half of
 * their setup (fe_setup.c builds the be_prim around them).
 *
 * In:  snapped 24.8 endpoints / centre, width or size, the sample offset.
 * Out: a rast_line (endpoints, rounded width, the major axis, the t plane,
 *      the pixel bbox, stipple parameters), a point's pixel rectangle, or a
 *      smooth line's rectangle and a smooth point's footprint (rast_priv.h);
 *      the backend's coverage (be_line.c) reads them.
 * Thread: any; pure functions of their arguments.
 *
 * The rules (GL 4.6 section 14.4, 14.5; smooth: GL 2.1 section 3.3.2,
 * 3.4.4) are derived in be_line.c's essay; the walk both files use is in
 * rast_line_walk.h.
 */
#include "rasterizer/rast_line_walk.h"

#include <math.h>

static int32_t round_width(float width)
{
    if (!(width >= 1.5f)) /* also NaN */
        return 1;
    if (width >= (float)MAX_WIDTH_PX)
        return MAX_WIDTH_PX;
    return (int32_t)floorf(width + 0.5f);
}

/* Called by the frontend's setup per line primitive, any thread. A false
 * return means
 * a zero-length segment, which produces no fragment even with last_pixel;
 * `line` is then filled with an empty bbox. */
bool rast_line_setup(const int32_t x_fx8[2], const int32_t y_fx8[2], float width, bool last_pixel,
                     int32_t sample_offset_fx8, rast_line *line)
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
    int32_t m0 = min_i32(r0, r1), m1 = max_i32(r0, r1) + lw.w; /* exclusive */
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

/* ---- smooth lines and points ----------------------------------------------------- */

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

uint32_t rast_smooth_line_stipple(rast_smooth_line *l, uint16_t pattern, uint32_t factor,
                                  uint32_t start)
{
    l->stipple_pattern = pattern;
    l->stipple_factor = (uint16_t)(factor < 1 ? 1 : factor > 256 ? 256 : factor);
    l->stipple_start = start;
    l->stippled = true;
    return (uint32_t)ceil(2 * l->half_len);
}

swr_rect rast_smooth_point_rect(int32_t x_fx8, int32_t y_fx8, float size)
{
    double r = point_radius(size), cx = x_fx8 / 256.0, cy = y_fx8 / 256.0;
    return (swr_rect){(int32_t)floor(cx - r), (int32_t)floor(cy - r), (int32_t)floor(cx + r) + 1,
                      (int32_t)floor(cy + r) + 1};
}
