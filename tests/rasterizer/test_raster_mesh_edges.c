/*
 * test_raster_mesh_edges: watertightness of the fill rule. Meshes whose
 * outline is an axis-aligned rectangle [X0, X1] x [Y0, Y1] (fx8, random
 * sub-pixel corners) are drawn triangle by triangle, each triangle with a
 * random vertex order (so both windings), and the per-pixel hit counts are
 * compared with the analytic answer: a sample covered by the outline under
 * the fill rule is hit exactly once, every other sample never. The outline's
 * own edges follow the rule: top-left owns X0 <= X < X1, Y0 <= Y < Y1;
 * bottom-left owns X0 <= X < X1, Y0 < Y <= Y1.
 *
 * Meshes: a grid of N x M cells whose interior vertices are jittered by less
 * than 1/8 of a cell (every quad stays convex, so either diagonal splits it
 * into two positive triangles) and whose border vertices slide along the
 * border; and fans around a centre vertex strictly inside, with ring
 * vertices on the rectangle's perimeter. Vertices are sometimes snapped to
 * the sample grid so that shared edges and vertices pass exactly through
 * samples.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "rasterizer/rast_priv.h"
#include "ref_raster.h"

#define MAP      512 /* clip and map: [0, 512)^2 */
#define MAX_GRID 24

static uint64_t rng_state = 0x3e5a0000ull;

static uint64_t rnd64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int32_t rnd_in(int32_t lo, int32_t hi)
{
    return lo + (int32_t)(rnd64() % (uint64_t)((int64_t)hi - lo + 1));
}

typedef struct mesh_ctx {
    ref_capture cap;
    swr_rect clip;
    int32_t off;
    bool bottom;
    long triangles;
} mesh_ctx;

/* Draws one triangle with a random rotation and winding of its vertices. */
static void draw(mesh_ctx *m, int32_t ax, int32_t ay, int32_t bx, int32_t by, int32_t cx,
                 int32_t cy)
{
    int32_t x[3] = {ax, bx, cx}, y[3] = {ay, by, cy};
    int rot = rnd_in(0, 2);
    for (int i = 0; i < rot; i++) {
        int32_t tx = x[0], ty = y[0];
        x[0] = x[1], y[0] = y[1];
        x[1] = x[2], y[1] = y[2];
        x[2] = tx, y[2] = ty;
    }
    if (rnd_in(0, 1)) {
        int32_t tx = x[1], ty = y[1];
        x[1] = x[2], y[1] = y[2];
        x[2] = tx, y[2] = ty;
    }
    rast_tri tri;
    int64_t area2;
    ref_capture_begin(&m->cap, m->clip);
    if (rast_tri_setup(x, y, m->off, m->bottom, &tri, &area2))
        rast_tri_cover(&tri, m->off, m->clip, ref_capture_emit, &m->cap);
    if (m->cap.errors)
        fail_msg("%s", m->cap.first_error);
    m->triangles++;
}

/* Compares the hit counts with the outline rule and clears the map. */
static void check_outline(mesh_ctx *m, int32_t X0, int32_t Y0, int32_t X1, int32_t Y1,
                          const char *what, int iter)
{
    for (int32_t py = m->clip.y0; py < m->clip.y1; py++) {
        for (int32_t px = m->clip.x0; px < m->clip.x1; px++) {
            int32_t sx = px * 256 + m->off, sy = py * 256 + m->off;
            bool in_x = sx >= X0 && sx < X1;
            bool in_y = m->bottom ? (sy > Y0 && sy <= Y1) : (sy >= Y0 && sy < Y1);
            uint8_t *c = ref_capture_at(&m->cap, px, py);
            if (*c != (in_x && in_y))
                fail_msg("%s %d: pixel (%d,%d) hit %d times, expected %d (outline [%d,%d]x[%d,%d] "
                         "fx8, off %d, bottom %d)",
                         what, iter, px, py, *c, in_x && in_y, X0, X1, Y0, Y1, m->off, m->bottom);
            *c = 0;
        }
    }
}

static int32_t snap(int32_t v, int32_t g)
{
    return g > 1 ? (v / g) * g : v;
}

static void random_outline(int32_t *X0, int32_t *Y0, int32_t *X1, int32_t *Y1, int32_t max_px)
{
    int32_t w = rnd_in(64, max_px * 256), h = rnd_in(64, max_px * 256);
    *X0 = rnd_in(-8 * 256, (MAP - 8) * 256 - w);
    *Y0 = rnd_in(-8 * 256, (MAP - 8) * 256 - h);
    *X1 = *X0 + w;
    *Y1 = *Y0 + h;
}

static void test_grid_meshes(void **state)
{
    (void)state;
    mesh_ctx m = {.clip = {0, 0, MAP, MAP}};
    ref_capture_init(&m.cap, 0, 0, MAP, MAP);
    for (int it = 0; it < 300; it++) {
        m.off = rnd_in(0, 1) ? 128 : 0;
        m.bottom = rnd_in(0, 3) == 0;
        int n = rnd_in(1, MAX_GRID), k = rnd_in(1, MAX_GRID);
        /* Cell size from 1/2 pixel to ~20 pixels. */
        int32_t max_px = rnd_in(0, 2) == 0 ? 16 : rnd_in(0, 1) ? 120 : MAP - 16;
        int32_t X0, Y0, X1, Y1;
        random_outline(&X0, &Y0, &X1, &Y1, max_px);
        int32_t g = rnd_in(0, 2) == 0 ? (int32_t)(32 << rnd_in(0, 3)) : 1;
        static int32_t vx[MAX_GRID + 1][MAX_GRID + 1], vy[MAX_GRID + 1][MAX_GRID + 1];
        int32_t cw = (X1 - X0) / n, ch = (Y1 - Y0) / k;
        int32_t jx = cw / 8 - 1, jy = ch / 8 - 1; /* strictly below 1/8 cell */
        if (g > 1 && (jx < g || jy < g))
            g = 1;
        for (int j = 0; j <= k; j++) {
            for (int i = 0; i <= n; i++) {
                int32_t x = (int32_t)(X0 + ((int64_t)(X1 - X0) * i) / n);
                int32_t y = (int32_t)(Y0 + ((int64_t)(Y1 - Y0) * j) / k);
                if (i > 0 && i < n && jx > 0)
                    x = snap(x + rnd_in(-jx, jx), g);
                if (j > 0 && j < k && jy > 0)
                    y = snap(y + rnd_in(-jy, jy), g);
                vx[j][i] = x;
                vy[j][i] = y;
            }
        }
        for (int j = 0; j < k; j++) {
            for (int i = 0; i < n; i++) {
                int32_t ax = vx[j][i], ay = vy[j][i], bx = vx[j][i + 1], by = vy[j][i + 1];
                int32_t cx = vx[j + 1][i + 1], cy = vy[j + 1][i + 1];
                int32_t dx = vx[j + 1][i], dy = vy[j + 1][i];
                if (rnd_in(0, 1)) {
                    draw(&m, ax, ay, bx, by, cx, cy);
                    draw(&m, ax, ay, cx, cy, dx, dy);
                } else {
                    draw(&m, ax, ay, bx, by, dx, dy);
                    draw(&m, bx, by, cx, cy, dx, dy);
                }
            }
        }
        check_outline(&m, X0, Y0, X1, Y1, "grid", it);
    }
    printf("%ld grid triangles\n", m.triangles);
    ref_capture_free(&m.cap);
}

/* A point on the perimeter of the outline at arc length s (clockwise from the
 * top-left corner). */
static void perimeter_point(int32_t X0, int32_t Y0, int32_t X1, int32_t Y1, int64_t s, int32_t *x,
                            int32_t *y)
{
    int64_t w = X1 - X0, h = Y1 - Y0;
    if (s < w) {
        *x = (int32_t)(X0 + s), *y = Y0;
    } else if (s < w + h) {
        *x = X1, *y = (int32_t)(Y0 + s - w);
    } else if (s < 2 * w + h) {
        *x = (int32_t)(X1 - (s - w - h)), *y = Y1;
    } else {
        *x = X0, *y = (int32_t)(Y1 - (s - 2 * w - h));
    }
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static void test_fans(void **state)
{
    (void)state;
    mesh_ctx m = {.clip = {0, 0, MAP, MAP}};
    ref_capture_init(&m.cap, 0, 0, MAP, MAP);
    for (int it = 0; it < 400; it++) {
        m.off = rnd_in(0, 1) ? 128 : 0;
        m.bottom = rnd_in(0, 3) == 0;
        int32_t X0, Y0, X1, Y1;
        random_outline(&X0, &Y0, &X1, &Y1, rnd_in(0, 1) ? 24 : 300);
        if (rnd_in(0, 2) == 0) { /* outline on sample rows/columns */
            X0 = X0 / 256 * 256 + m.off, Y0 = Y0 / 256 * 256 + m.off;
            X1 = X1 / 256 * 256 + 256 + m.off, Y1 = Y1 / 256 * 256 + 256 + m.off;
        }
        int64_t w = X1 - X0, h = Y1 - Y0, per = 2 * (w + h);
        /* Centre strictly inside; sometimes on a sample point. */
        int32_t cx = rnd_in(X0 + 1, X1 - 1), cy = rnd_in(Y0 + 1, Y1 - 1);
        if (rnd_in(0, 1)) {
            int32_t sx = (cx - m.off) / 256 * 256 + m.off, sy = (cy - m.off) / 256 * 256 + m.off;
            if (sx > X0 && sx < X1 && sy > Y0 && sy < Y1)
                cx = sx, cy = sy;
        }
        /* Ring: the 4 corners plus random perimeter points, in order. */
        int64_t s[68];
        int n = 4;
        s[0] = 0, s[1] = w, s[2] = w + h, s[3] = 2 * w + h;
        int extra = rnd_in(0, 64);
        for (int i = 0; i < extra; i++)
            s[n++] = (int64_t)(rnd64() % (uint64_t)per);
        qsort(s, (size_t)n, sizeof s[0], cmp_i64);
        for (int i = 0; i < n; i++) {
            int32_t ax, ay, bx, by;
            perimeter_point(X0, Y0, X1, Y1, s[i], &ax, &ay);
            perimeter_point(X0, Y0, X1, Y1, s[(i + 1) % n], &bx, &by);
            draw(&m, cx, cy, ax, ay, bx, by);
        }
        check_outline(&m, X0, Y0, X1, Y1, "fan", it);
    }
    printf("%ld fan triangles\n", m.triangles);
    ref_capture_free(&m.cap);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_grid_meshes),
                                       cmocka_unit_test(test_fans)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
