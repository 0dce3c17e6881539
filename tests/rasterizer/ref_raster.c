/*
 * ref_raster.c: the scalar coverage oracle (see ref_raster.h).
 *
 * A sample S is covered iff, for each edge of the triangle, S lies strictly on
 * the interior side of the edge's line, or exactly on the line and the edge
 * owns its samples: with the top-left rule, top edges (horizontal, third
 * vertex below, at larger y since y grows down) and left edges (not
 * horizontal, third vertex strictly to the right of the line at the third
 * vertex's height, i.e. the interior to the right); with the bottom-left
 * rule, bottom edges (horizontal, third vertex above) and left edges.
 * Everything is int64: coordinates are < 2^23 in magnitude, so products of
 * differences stay below 2^50.
 */
#include "ref_raster.h"

/* Twice the signed area of (p, q, r), positive when p -> q -> r turns
 * clockwise on screen (y down). */
static int64_t orient(int64_t px, int64_t py, int64_t qx, int64_t qy, int64_t rx, int64_t ry)
{
    return (qx - px) * (ry - py) - (rx - px) * (qy - py);
}

static int sign64(int64_t v)
{
    return (v > 0) - (v < 0);
}

/* Does the edge (i, j) of the triangle own samples lying exactly on it? l is
 * the third vertex. */
static bool edge_owns(const int32_t x[3], const int32_t y[3], int i, int j, int l,
                      bool bottom_edge_rule)
{
    if (y[i] == y[j]) {
        bool top = y[l] > y[i]; /* interior below: a top edge */
        return bottom_edge_rule ? !top : top;
    }
    /* The line's x at height y[l]: x[i] + (x[j] - x[i]) * (y[l] - y[i]) /
     * (y[j] - y[i]). The third vertex is to the right iff x[l] exceeds it;
     * multiply through by (y[j] - y[i]) and mind its sign. */
    int64_t dy = (int64_t)y[j] - y[i];
    int64_t lhs = ((int64_t)x[l] - x[i]) * dy;
    int64_t rhs = ((int64_t)x[j] - x[i]) * ((int64_t)y[l] - y[i]);
    return dy > 0 ? lhs > rhs : lhs < rhs;
}

bool ref_tri_covers(const int32_t x[3], const int32_t y[3], int32_t off, bool bottom_edge_rule,
                    int32_t px, int32_t py)
{
    int64_t area = orient(x[0], y[0], x[1], y[1], x[2], y[2]);
    if (area == 0)
        return false;
    int64_t sx = (int64_t)px * 256 + off, sy = (int64_t)py * 256 + off;
    static const int e[3][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}};
    for (int k = 0; k < 3; k++) {
        int i = e[k][0], j = e[k][1], l = e[k][2];
        /* Same side as the third vertex: same sign as orient(i, j, l). */
        int s = sign64(orient(x[i], y[i], x[j], y[j], sx, sy)) * sign64(area);
        if (s < 0)
            return false;
        if (s == 0 && !edge_owns(x, y, i, j, l, bottom_edge_rule))
            return false;
    }
    return true;
}

swr_rect ref_tri_bounds(const int32_t x[3], const int32_t y[3])
{
    int32_t x0 = x[0], x1 = x[0], y0 = y[0], y1 = y[0];
    for (int i = 1; i < 3; i++) {
        x0 = x[i] < x0 ? x[i] : x0;
        x1 = x[i] > x1 ? x[i] : x1;
        y0 = y[i] < y0 ? y[i] : y0;
        y1 = y[i] > y1 ? y[i] : y1;
    }
    /* floor(v / 256) - 1 .. floor(v / 256) + 2 exclusive. */
    swr_rect r = {(x0 >> 8) - 1, (y0 >> 8) - 1, (x1 >> 8) + 2, (y1 >> 8) + 2};
    return r;
}

/* ---- capture -------------------------------------------------------------- */

#include <stdio.h>
#include <stdlib.h>

/* The pixel of bit `bit` of a raster tile: the inverse of rast_bit_of(),
 * written from the layout text of rast_priv.h (block = 4x2 pixels, blocks in
 * row-major 2 x 4 order; lane = ((x >> 1) & 1) << 2 | (y & 1) << 1 | (x & 1)). */
static void bit_pixel(int bit, int32_t *x, int32_t *y)
{
    int block = bit >> 3, lane = bit & 7;
    *x = (block & 1) * 4 + ((lane >> 2) & 1) * 2 + (lane & 1);
    *y = (block >> 1) * 2 + ((lane >> 1) & 1);
}

void ref_capture_init(ref_capture *cap, int32_t ox, int32_t oy, int32_t w, int32_t h)
{
    *cap = (ref_capture){.ox = ox, .oy = oy, .w = w, .h = h};
    cap->count = calloc((size_t)w * (size_t)h, 1);
    if (!cap->count)
        abort();
}

void ref_capture_free(ref_capture *cap)
{
    free(cap->count);
    cap->count = NULL;
}

void ref_capture_begin(ref_capture *cap, swr_rect clip)
{
    cap->clip = clip;
    cap->started = false;
    cap->emitted = 0;
}

static void capture_error(ref_capture *cap, const char *what, int32_t tx, int32_t ty)
{
    if (cap->errors++ == 0)
        snprintf(cap->first_error, sizeof cap->first_error, "%s (tile %d,%d)", what, tx, ty);
}

void ref_capture_emit(void *user, int32_t tx, int32_t ty, uint64_t mask)
{
    ref_capture *cap = user;
    if ((tx & 7) || (ty & 7))
        capture_error(cap, "tile origin not a multiple of 8", tx, ty);
    if (!mask)
        capture_error(cap, "zero mask emitted", tx, ty);
    if (cap->started && !(ty > cap->last_ty || (ty == cap->last_ty && tx > cap->last_tx)))
        capture_error(cap, "tiles not in strictly increasing row-major order", tx, ty);
    cap->started = true;
    cap->last_tx = tx;
    cap->last_ty = ty;
    for (int bit = 0; bit < 64; bit++) {
        if (!((mask >> bit) & 1))
            continue;
        int32_t dx, dy;
        bit_pixel(bit, &dx, &dy);
        int32_t x = tx + dx, y = ty + dy;
        if (x < cap->clip.x0 || x >= cap->clip.x1 || y < cap->clip.y0 || y >= cap->clip.y1) {
            capture_error(cap, "pixel outside the clip rect emitted", tx, ty);
            continue;
        }
        if (x < cap->ox || x >= cap->ox + cap->w || y < cap->oy || y >= cap->oy + cap->h) {
            capture_error(cap, "pixel outside the test map emitted", tx, ty);
            continue;
        }
        uint8_t *c = ref_capture_at(cap, x, y);
        if (*c < 255)
            (*c)++;
        cap->emitted++;
    }
}
