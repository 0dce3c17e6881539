/*
 * ref_line.c: the slow references of ref_line.h. Written from the spec's
 * geometric definitions, not from be_line.c's formulas: the width-1 test
 * clips the perturbed segment against the diamond's four half-planes
 * (Liang-Barsky) with eps kept as a formal variable, so every boundary case
 * is decided the way "for all small enough eps > 0" decides it. Numbers
 * a0 + a1 eps + a2 eps^2 compare lexicographically. __int128 everywhere:
 * speed does not matter here, overflow reasoning should not either.
 */
#include "ref_line.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rasterizer/rast_priv.h"

#define H 128 /* half a pixel in fx8: the diamond's radius */

typedef __int128 i128;

typedef struct epoly {
    i128 c[3]; /* c0 + c1 eps + c2 eps^2 */
} epoly;

static int epoly_sign(epoly p)
{
    for (int i = 0; i < 3; i++)
        if (p.c[i] != 0)
            return p.c[i] > 0 ? 1 : -1;
    return 0;
}

/* A fraction num / den with den > 0. */
typedef struct efrac {
    epoly num;
    i128 den;
} efrac;

/* a < b ? */
static bool efrac_lt(efrac a, efrac b)
{
    epoly d;
    for (int i = 0; i < 3; i++)
        d.c[i] = a.num.c[i] * b.den - b.num.c[i] * a.den;
    return epoly_sign(d) < 0;
}

static const int sig[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool ref_point_in_diamond(int32_t x_fx8, int32_t y_fx8, int32_t o, int32_t px, int32_t py)
{
    i128 cx = (i128)px * 256 + o, cy = (i128)py * 256 + o;
    for (int k = 0; k < 4; k++) {
        int sx = sig[k][0], sy = sig[k][1];
        /* sx (x - eps - cx) + sy (y - eps^2 - cy) < H  <=>  H - A + sx eps + sy eps^2 > 0 */
        epoly r = {{H - (sx * ((i128)x_fx8 - cx) + sy * ((i128)y_fx8 - cy)), sx, sy}};
        if (epoly_sign(r) <= 0)
            return false;
    }
    return true;
}

static bool segment_meets_diamond(int32_t xa, int32_t ya, int32_t xb, int32_t yb, int32_t o,
                                  int32_t px, int32_t py)
{
    i128 cx = (i128)px * 256 + o, cy = (i128)py * 256 + o;
    i128 dx = (i128)xb - xa, dy = (i128)yb - ya;
    efrac lower[5], upper[5];
    int nl = 0, nu = 0;
    lower[nl++] = (efrac){{{0, 0, 0}}, 1}; /* t >= 0 */
    upper[nu++] = (efrac){{{1, 0, 0}}, 1}; /* t <= 1 */
    for (int k = 0; k < 4; k++) {
        int sx = sig[k][0], sy = sig[k][1];
        /* P(t) = pa' + t d:  t B < R with R = H - A + sx eps + sy eps^2. */
        i128 A = sx * ((i128)xa - cx) + sy * ((i128)ya - cy);
        i128 B = sx * dx + sy * dy;
        epoly R = {{H - A, sx, sy}};
        if (B == 0) {
            if (epoly_sign(R) <= 0)
                return false;
        } else if (B > 0) {
            upper[nu++] = (efrac){R, B};
        } else {
            epoly nR = {{-R.c[0], -R.c[1], -R.c[2]}};
            lower[nl++] = (efrac){nR, -B};
        }
    }
    /* The t-set is an intersection of intervals: non-empty iff each lower
     * bound is below each upper bound. All pairs are strict except
     * (t >= 0, t <= 1), which always holds. */
    for (int i = 0; i < nl; i++)
        for (int j = 0; j < nu; j++) {
            if (i == 0 && j == 0)
                continue;
            if (!efrac_lt(lower[i], upper[j]))
                return false;
        }
    return true;
}

bool ref_line_fragment_w1(int32_t xa, int32_t ya, int32_t xb, int32_t yb, bool last_pixel,
                          int32_t o, int32_t px, int32_t py)
{
    if (xa == xb && ya == yb)
        return false; /* pb' is in every diamond pa' is in */
    /* Cheap reject: the open diamond lies in the open disc of radius H
     * around its centre, so a segment whose bounding box or supporting line
     * is farther than H misses it for any small eps. */
    i128 cx = (i128)px * 256 + o, cy = (i128)py * 256 + o;
    if (cx <= (xa < xb ? xa : xb) - H - 1 || cx >= (xa > xb ? xa : xb) + H + 1 ||
        cy <= (ya < yb ? ya : yb) - H - 1 || cy >= (ya > yb ? ya : yb) + H + 1)
        return false;
    i128 dx = (i128)xb - xa, dy = (i128)yb - ya;
    i128 n = -dy * (cx - xa) + dx * (cy - ya);
    if (n * n > (i128)H * H * (dx * dx + dy * dy))
        return false;
    if (!segment_meets_diamond(xa, ya, xb, yb, o, px, py))
        return false;
    return last_pixel || !ref_point_in_diamond(xb, yb, o, px, py);
}

int32_t ref_line_width(float width)
{
    if (!(width >= 1.5f))
        return 1;
    if (width >= 8192.0f)
        return 8192;
    return (int32_t)floor((double)width + 0.5);
}

void ref_line_coverage(const int32_t x_fx8[2], const int32_t y_fx8[2], float width,
                       bool last_pixel, int32_t o, swr_rect rect, uint8_t *out)
{
    int32_t W = rect.x1 - rect.x0, Hh = rect.y1 - rect.y0;
    memset(out, 0, (size_t)W * (size_t)Hh);
    int64_t dx = (int64_t)x_fx8[1] - x_fx8[0], dy = (int64_t)y_fx8[1] - y_fx8[0];
    if (dx == 0 && dy == 0)
        return;
    int32_t w = ref_line_width(width);
    bool x_major = llabs(dx) >= llabs(dy);
    /* The spec's construction: segment offset by -(w-1)/2 in the minor
     * axis, rasterized with width 1; each fragment grows into a run of w
     * towards +minor. */
    int32_t off = (w - 1) * 128;
    int32_t xa = x_fx8[0], ya = y_fx8[0], xb = x_fx8[1], yb = y_fx8[1];
    if (x_major) {
        ya -= off;
        yb -= off;
    } else {
        xa -= off;
        xb -= off;
    }
    /* Width-1 fragments over rect extended by w-1 on the low minor side. */
    swr_rect e = rect;
    if (x_major)
        e.y0 -= w - 1;
    else
        e.x0 -= w - 1;
    int32_t EW = e.x1 - e.x0, EH = e.y1 - e.y0;
    uint8_t *g = calloc((size_t)EW * (size_t)EH, 1);
    assert(g);
    for (int32_t y = e.y0; y < e.y1; y++)
        for (int32_t x = e.x0; x < e.x1; x++)
            g[(size_t)(y - e.y0) * EW + (x - e.x0)] =
                ref_line_fragment_w1(xa, ya, xb, yb, last_pixel, o, x, y);
    for (int32_t y = rect.y0; y < rect.y1; y++)
        for (int32_t x = rect.x0; x < rect.x1; x++) {
            uint8_t c = 0;
            for (int32_t k = 0; k < w && !c; k++) {
                int32_t fx = x_major ? x : x - k, fy = x_major ? y - k : y;
                c = g[(size_t)(fy - e.y0) * EW + (fx - e.x0)];
            }
            out[(size_t)(y - rect.y0) * W + (x - rect.x0)] = c;
        }
    free(g);
}

/* sample_diff >= -128 s (lower) or sample_diff < 128 s (upper), exactly:
 * s = M 2^(e-24) with M an integer. */
static bool cmp_half_size(int64_t diff, float s, bool lower)
{
    int e;
    float f = frexpf(s, &e);
    i128 M = (i128)ldexpf(f, 24);
    int sh = e - 24 + 7; /* 128 s = M 2^sh */
    i128 l = diff, r = M;
    assert(sh > -90 && sh < 40);
    if (sh >= 0)
        r <<= sh;
    else
        l *= (i128)1 << -sh;
    return lower ? l >= -r : l < r;
}

void ref_point_coverage(int32_t x_fx8, int32_t y_fx8, float size, bool no_round, int32_t o,
                        swr_rect rect, uint8_t *out)
{
    int32_t W = rect.x1 - rect.x0;
    if (!(size > 0.0f))
        size = 1.0f;
    if (size > 8192.0f)
        size = 8192.0f;
    int64_t lo[2], hi[2]; /* inclusive pixel ranges, x and y (rounded case) */
    if (!no_round) {
        int64_t s = (int64_t)floor((double)size + 0.5);
        if (s < 1)
            s = 1;
        int64_t c[2] = {x_fx8, y_fx8};
        for (int a = 0; a < 2; a++) {
            /* GL frame (pixel centres at half integers): xt = (c - o)/256 + 1/2. */
            int64_t num = c[a] - o + 128;
            if (s & 1) {
                /* centre floor(xt) + 1/2; centres within (s-1)/2 of it */
                int64_t f = (int64_t)floor((double)num / 256.0);
                lo[a] = f - (s - 1) / 2;
                hi[a] = f + (s - 1) / 2;
            } else {
                /* centre floor(xt + 1/2), an integer; centres k + 1/2 in
                 * (centre - s/2, centre + s/2) */
                int64_t f = (int64_t)floor((double)(num + 128) / 256.0);
                lo[a] = f - s / 2;
                hi[a] = f + s / 2 - 1;
            }
        }
    }
    for (int32_t y = rect.y0; y < rect.y1; y++)
        for (int32_t x = rect.x0; x < rect.x1; x++) {
            bool c;
            if (!no_round) {
                c = x >= lo[0] && x <= hi[0] && y >= lo[1] && y <= hi[1];
            } else {
                int64_t ddx = (int64_t)x * 256 + o - x_fx8, ddy = (int64_t)y * 256 + o - y_fx8;
                c = cmp_half_size(ddx, size, true) && cmp_half_size(ddx, size, false) &&
                    cmp_half_size(ddy, size, true) && cmp_half_size(ddy, size, false);
            }
            out[(size_t)(y - rect.y0) * W + (x - rect.x0)] = c;
        }
}

void ref_sink_init(ref_sink *sink, swr_rect clip, uint8_t *grid)
{
    sink->clip = clip;
    sink->grid = grid;
    sink->last_tx = INT32_MIN;
    sink->last_ty = INT32_MIN;
    sink->tiles = 0;
    sink->errors = 0;
    sink->first_error[0] = 0;
    memset(grid, 0, (size_t)(clip.x1 - clip.x0) * (size_t)(clip.y1 - clip.y0));
}

static void sink_error(ref_sink *s, const char *msg, int32_t tx, int32_t ty, uint64_t mask)
{
    if (s->errors++ == 0)
        snprintf(s->first_error, sizeof s->first_error, "%s (tile %d,%d mask %016llx)", msg, tx, ty,
                 (unsigned long long)mask);
}

void ref_sink_emit(void *user, int32_t tx, int32_t ty, uint64_t mask)
{
    ref_sink *s = user;
    s->tiles++;
    if ((tx & 7) || (ty & 7))
        sink_error(s, "tile origin not a multiple of 8", tx, ty, mask);
    if (!mask)
        sink_error(s, "zero mask", tx, ty, mask);
    if (ty < s->last_ty || (ty == s->last_ty && tx <= s->last_tx))
        sink_error(s, "tiles not in strictly increasing row-major order", tx, ty, mask);
    s->last_tx = tx;
    s->last_ty = ty;
    int32_t W = s->clip.x1 - s->clip.x0;
    for (int32_t y = ty; y < ty + 8; y++)
        for (int32_t x = tx; x < tx + 8; x++) {
            if (!(mask >> rast_bit_of((uint32_t)x, (uint32_t)y) & 1))
                continue;
            if (x < s->clip.x0 || x >= s->clip.x1 || y < s->clip.y0 || y >= s->clip.y1) {
                sink_error(s, "bit outside clip", tx, ty, mask);
                continue;
            }
            s->grid[(size_t)(y - s->clip.y0) * W + (x - s->clip.x0)] = 1;
        }
}
