/*
 * test_raster_random: rast_tri_setup + rast_tri_cover against the scalar
 * reference (ref_raster.c) on random triangles: every orientation, sub-pixel
 * and grid-snapped positions, degenerate ones (collinear, two or three equal
 * vertices), tiny ones, thin slivers, large ones and huge ones reaching the
 * guard band (|coord| up to 31743 px), with a 1024x1024 target clip or
 * random clip rectangles not aligned to 8, both sample offsets, both fill
 * rules. Coverage must match the reference at every pixel of clip and the
 * reference's bounds; no pixel outside that region may be emitted (checked by
 * counting), and the emit contract (row-major, non-zero, once per tile,
 * inside clip) must hold. Every other triangle goes through the backend's
 * entry instead (rast_tri_cover_packed: int32 a, b, the small-triangle and
 * small-edge flags, the box already clipped), held to the same reference;
 * half of those with runs of fully covered tiles (rast_emit_run_fn),
 * expanded into single tiles under the same contract check.
 *
 * SWR_TEST_SEED=<n> in the environment reruns with another seed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "rasterizer/be_raster_small.h"
#include "rasterizer/rast_priv.h"
#include "ref_raster.h"

#define TARGET   1024
#define GUARD_PX 31743

static uint64_t rng_state;

static uint64_t rnd64(void)
{
    /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [lo, hi]. */
static int32_t rnd_in(int32_t lo, int32_t hi)
{
    return lo + (int32_t)(rnd64() % (uint64_t)((int64_t)hi - lo + 1));
}

static int32_t clamp_guard(int32_t v)
{
    const int32_t lim = GUARD_PX * 256;
    return v < -lim ? -lim : v > lim ? lim : v;
}

typedef struct tri_case {
    int32_t x[3], y[3];
    swr_rect clip;
    int32_t off;
    bool bottom;
    int kind;
} tri_case;

enum { K_TINY, K_SMALL, K_MEDIUM, K_LARGE, K_HUGE, K_SLIVER, K_DEGENERATE, K_SNAPPED, K_COUNT };
static const char *const kind_names[K_COUNT] = {"tiny", "small",  "medium",     "large",
                                                "huge", "sliver", "degenerate", "snapped"};

static swr_rect random_clip(int32_t max_side)
{
    swr_rect c;
    c.x0 = rnd_in(0, TARGET - 1);
    c.y0 = rnd_in(0, TARGET - 1);
    c.x1 = c.x0 + rnd_in(1, max_side);
    c.y1 = c.y0 + rnd_in(1, max_side);
    c.x1 = c.x1 > TARGET ? TARGET : c.x1;
    c.y1 = c.y1 > TARGET ? TARGET : c.y1;
    return c;
}

/* A clip rectangle with borders near (cx, cy) px, so that small triangles
 * are cut by it. */
static swr_rect clip_near(int32_t cx, int32_t cy, int32_t reach)
{
    swr_rect c = {cx - rnd_in(0, reach), cy - rnd_in(0, reach), cx + rnd_in(1, reach),
                  cy + rnd_in(1, reach)};
    c.x0 = c.x0 < 0 ? 0 : c.x0;
    c.y0 = c.y0 < 0 ? 0 : c.y0;
    c.x1 = c.x1 > TARGET ? TARGET : c.x1;
    c.y1 = c.y1 > TARGET ? TARGET : c.y1;
    if (c.x1 <= c.x0 || c.y1 <= c.y0)
        c = (swr_rect){0, 0, TARGET, TARGET};
    return c;
}

static void make_case(tri_case *t)
{
    int r = rnd_in(0, 99);
    int kind = r < 28   ? K_TINY
               : r < 46 ? K_SMALL
               : r < 60 ? K_MEDIUM
               : r < 68 ? K_LARGE
               : r < 76 ? K_HUGE
               : r < 84 ? K_SLIVER
               : r < 92 ? K_DEGENERATE
                        : K_SNAPPED;
    t->kind = kind;
    t->off = rnd_in(0, 1) ? 128 : 0;
    t->bottom = rnd_in(0, 3) == 0;
    int32_t cx = rnd_in(-16 * 256, (TARGET + 16) * 256),
            cy = rnd_in(-16 * 256, (TARGET + 16) * 256);
    int32_t spread = 0;
    switch (kind) {
    case K_TINY:
        spread = 384;
        break;
    case K_SMALL:
        spread = 4 * 256;
        break;
    case K_MEDIUM:
        spread = 40 * 256;
        break;
    case K_SNAPPED:
        spread = rnd_in(1, 12) * 256;
        break;
    default:
        break;
    }
    if (spread) {
        for (int i = 0; i < 3; i++) {
            t->x[i] = cx + rnd_in(-spread, spread);
            t->y[i] = cy + rnd_in(-spread, spread);
        }
    } else if (kind == K_LARGE) {
        for (int i = 0; i < 3; i++) {
            t->x[i] = rnd_in(-200 * 256, (TARGET + 200) * 256);
            t->y[i] = rnd_in(-200 * 256, (TARGET + 200) * 256);
        }
    } else if (kind == K_HUGE) {
        /* Vertices anywhere in the guard band; keep one near the target half
         * of the time so that the interesting part crosses the clip. */
        for (int i = 0; i < 3; i++) {
            t->x[i] = rnd_in(-GUARD_PX * 256, GUARD_PX * 256);
            t->y[i] = rnd_in(-GUARD_PX * 256, GUARD_PX * 256);
        }
        if (rnd_in(0, 1)) {
            t->x[0] = cx;
            t->y[0] = cy;
        }
        if (rnd_in(0, 3) == 0) { /* guard-band extremes */
            t->x[1] = rnd_in(0, 1) ? GUARD_PX * 256 : -GUARD_PX * 256;
            t->y[2] = rnd_in(0, 1) ? GUARD_PX * 256 : -GUARD_PX * 256;
        }
    } else if (kind == K_SLIVER) {
        /* v2 on the segment v0 v1 (fraction t), pushed off by a few fx8
         * units: a sliver thinner than a pixel. */
        int32_t len = rnd_in(0, 2) == 0 ? 3000 * 256 : rnd_in(0, 1) ? 200 * 256 : 20 * 256;
        t->x[0] = cx;
        t->y[0] = cy;
        t->x[1] = clamp_guard(cx + rnd_in(-len, len));
        t->y[1] = clamp_guard(cy + rnd_in(-len, len));
        int64_t num = rnd_in(0, 1024);
        t->x[2] = clamp_guard(
            (int32_t)(t->x[0] + ((int64_t)(t->x[1] - t->x[0]) * num) / 1024 + rnd_in(-160, 160)));
        t->y[2] = clamp_guard(
            (int32_t)(t->y[0] + ((int64_t)(t->y[1] - t->y[0]) * num) / 1024 + rnd_in(-160, 160)));
    } else { /* K_DEGENERATE */
        int32_t dx = rnd_in(-600, 600), dy = rnd_in(-600, 600);
        int m = rnd_in(-3, 3);
        t->x[0] = cx;
        t->y[0] = cy;
        switch (rnd_in(0, 2)) {
        case 0: /* collinear */
            t->x[1] = cx + dx;
            t->y[1] = cy + dy;
            t->x[2] = cx + m * dx;
            t->y[2] = cy + m * dy;
            break;
        case 1: /* two equal vertices */
            t->x[1] = cx + dx;
            t->y[1] = cy + dy;
            t->x[2] = cx;
            t->y[2] = cy;
            break;
        default: /* all equal, or almost degenerate: off the line by 1 */
            t->x[1] = cx + dx;
            t->y[1] = cy + dy;
            t->x[2] = cx + m * dx + rnd_in(0, 1);
            t->y[2] = cy + m * dy;
            break;
        }
    }
    /* Snap to coarse grids so that edges and vertices hit sample points
     * exactly, which is where the fill rule matters. */
    if (kind == K_SNAPPED || rnd_in(0, 4) == 0) {
        int32_t g = kind == K_HUGE ? 256 : (int32_t)(16 << rnd_in(0, 4));
        for (int i = 0; i < 3; i++) {
            t->x[i] = t->x[i] / g * g;
            t->y[i] = t->y[i] / g * g;
        }
    }
    /* Clip: the whole target, a random rectangle, or one cutting the
     * triangle. Large and huge triangles mostly get small random rectangles:
     * the comparison costs one reference evaluation per clip pixel. */
    int32_t cpx = t->x[0] >> 8, cpy = t->y[0] >> 8;
    int c = rnd_in(0, 99);
    if (kind == K_LARGE || kind == K_HUGE || kind == K_SLIVER) {
        t->clip = c < 1 ? (swr_rect){0, 0, TARGET, TARGET} : random_clip(c < 30 ? 96 : 24);
        if (c >= 40 && cpx >= 0 && cpy >= 0 && cpx < TARGET && cpy < TARGET)
            t->clip = clip_near(cpx, cpy, 40);
    } else if (c < 50) {
        t->clip = (swr_rect){0, 0, TARGET, TARGET};
    } else if (c < 75) {
        t->clip = random_clip(rnd_in(0, 1) ? 40 : TARGET);
    } else {
        t->clip = clip_near(cpx < 0            ? 0
                            : cpx > TARGET - 1 ? TARGET - 1
                                               : cpx,
                            cpy < 0            ? 0
                            : cpy > TARGET - 1 ? TARGET - 1
                                               : cpy,
                            12);
    }
}

/* What the backend does with a triangle the frontend packed into a be_prim
 * (rast_priv.h): a, b narrowed to int32, the flags fe_setup.c derives
 * from the unclipped box and small_edges, the box clipped first. */
/* Runs of fully covered tiles (rast_emit_run_fn) are, by contract, count
 * calls of the emit function with mask ~0: expanded here into the capture,
 * whose emit contract check then covers the runs' order and extent too. */
static long runs_seen, run_tiles_seen;

static void capture_run(void *user, int32_t tile_x, int32_t tile_y, uint32_t count)
{
    if (count == 0)
        fail_msg("run of 0 tiles at (%d,%d)", tile_x, tile_y);
    runs_seen++;
    run_tiles_seen += count;
    for (uint32_t i = 0; i < count; i++)
        ref_capture_emit(user, tile_x + 8 * (int32_t)i, tile_y, ~(uint64_t)0);
}

static void cover_packed(const rast_tri *tri, int32_t off, swr_rect clip, bool runs,
                         rast_emit_fn emit, void *user)
{
    swr_rect r = {tri->bbox.x0 > clip.x0 ? tri->bbox.x0 : clip.x0,
                  tri->bbox.y0 > clip.y0 ? tri->bbox.y0 : clip.y0,
                  tri->bbox.x1 < clip.x1 ? tri->bbox.x1 : clip.x1,
                  tri->bbox.y1 < clip.y1 ? tri->bbox.y1 : clip.y1};
    if (r.x0 >= r.x1 || r.y0 >= r.y1)
        return;
    int32_t a[3], b[3];
    for (int k = 0; k < 3; k++) {
        if (tri->a[k] != (int32_t)tri->a[k] || tri->b[k] != (int32_t)tri->b[k])
            fail_msg("edge coefficient outside int32: a %lld b %lld", (long long)tri->a[k],
                     (long long)tri->b[k]);
        a[k] = (int32_t)tri->a[k];
        b[k] = (int32_t)tri->b[k];
    }
    bool small =
        tri->bbox.x1 - tri->bbox.x0 <= SMALL_TRI_PX && tri->bbox.y1 - tri->bbox.y0 <= SMALL_TRI_PX;
    if (runs)
        rast_tri_cover_packed_runs(a, b, tri->c, small, tri->small_edges, off, r, emit,
                                   capture_run, user);
    else
        rast_tri_cover_packed(a, b, tri->c, small, tri->small_edges, off, r, emit, user);
}

static uint64_t env_seed(uint64_t dflt)
{
    const char *s = getenv("SWR_TEST_SEED");
    return s ? strtoull(s, NULL, 0) : dflt;
}

static void test_random_triangles(void **state)
{
    (void)state;
    const int n = 120000;
    uint64_t seed = env_seed(0x5eed1234abcdull);
    rng_state = seed;
    ref_capture cap;
    ref_capture_init(&cap, 0, 0, TARGET, TARGET);
    long per_kind[K_COUNT] = {0}, covered_kind[K_COUNT] = {0};
    long small_edges = 0, large_edges = 0, zero_area = 0, pixels_checked = 0;
    for (int it = 0; it < n; it++) {
        tri_case t;
        make_case(&t);
        per_kind[t.kind]++;
        rast_tri tri;
        int64_t area2;
        ref_capture_begin(&cap, t.clip);
        if (rast_tri_setup(t.x, t.y, t.off, t.bottom, &tri, &area2)) {
            tri.small_edges ? small_edges++ : large_edges++;
            if (it & 1)
                cover_packed(&tri, t.off, t.clip, it & 2, ref_capture_emit, &cap);
            else
                rast_tri_cover(&tri, t.off, t.clip, ref_capture_emit, &cap);
        } else {
            zero_area++;
        }
        /* Oracle area: twice the signed area from the original vertices. */
        int64_t want_area = ((int64_t)t.x[1] - t.x[0]) * ((int64_t)t.y[2] - t.y[0]) -
                            ((int64_t)t.x[2] - t.x[0]) * ((int64_t)t.y[1] - t.y[0]);
        if (area2 != want_area)
            fail_msg("triangle %d: area2 %lld, expected %lld", it, (long long)area2,
                     (long long)want_area);
        if (cap.errors)
            fail_msg("seed %#llx triangle %d (%s): %s", (unsigned long long)seed, it,
                     kind_names[t.kind], cap.first_error);
        swr_rect b = ref_tri_bounds(t.x, t.y);
        swr_rect reg = {b.x0 > t.clip.x0 ? b.x0 : t.clip.x0, b.y0 > t.clip.y0 ? b.y0 : t.clip.y0,
                        b.x1 < t.clip.x1 ? b.x1 : t.clip.x1, b.y1 < t.clip.y1 ? b.y1 : t.clip.y1};
        uint64_t in_region = 0;
        for (int32_t y = reg.y0; y < reg.y1; y++) {
            for (int32_t x = reg.x0; x < reg.x1; x++) {
                uint8_t *c = ref_capture_at(&cap, x, y);
                bool want = ref_tri_covers(t.x, t.y, t.off, t.bottom, x, y);
                if (*c != want)
                    fail_msg("seed %#llx triangle %d (%s): pixel (%d,%d) cover %d reference %d; "
                             "verts (%d,%d) (%d,%d) (%d,%d) fx8, off %d, bottom %d, "
                             "clip [%d,%d)x[%d,%d)",
                             (unsigned long long)seed, it, kind_names[t.kind], x, y, *c, want,
                             t.x[0], t.y[0], t.x[1], t.y[1], t.x[2], t.y[2], t.off, t.bottom,
                             t.clip.x0, t.clip.x1, t.clip.y0, t.clip.y1);
                in_region += *c;
                *c = 0;
            }
        }
        pixels_checked +=
            reg.x1 > reg.x0 && reg.y1 > reg.y0 ? (long)(reg.x1 - reg.x0) * (reg.y1 - reg.y0) : 0;
        if (in_region != cap.emitted)
            fail_msg("seed %#llx triangle %d (%s): %llu pixels emitted outside the reference "
                     "bounds",
                     (unsigned long long)seed, it, kind_names[t.kind],
                     (unsigned long long)(cap.emitted - in_region));
        if (cap.emitted)
            covered_kind[t.kind]++;
    }
    ref_capture_free(&cap);
    printf("seed %#llx: %d triangles, %ld small-edge, %ld large-edge, %ld zero-area, "
           "%ld pixels compared; %ld runs of %ld fully covered tiles\n",
           (unsigned long long)seed, n, small_edges, large_edges, zero_area, pixels_checked,
           runs_seen, run_tiles_seen);
    /* The run path must have been exercised, with runs longer than a tile. */
    assert_true(runs_seen > 100 && run_tiles_seen > runs_seen);
    for (int k = 0; k < K_COUNT; k++)
        printf("  %-10s %6ld (%ld covering some pixel)\n", kind_names[k], per_kind[k],
               covered_kind[k]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_random_triangles)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
