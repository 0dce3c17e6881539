/*
 * test_smooth_draw.c: smooth (antialiased) lines and points through the
 * whole engine (swr_rasterizer_state.line_smooth / point_smooth: fe_setup.c
 * footprint, be_draw.c coverage applied to colour 0's alpha).
 *
 * ORACLE: GL 2.1 §3.4.4 / §3.3.2: the fragment's alpha is multiplied by
 * the area of its pixel square inside the w-wide rectangle along the
 * segment / the disc of diameter size. The test estimates that area
 * independently with 16 x 16 sub-samples at cell centres (as
 * test_line_smooth.c, whose bounds apply: at most 0.125 per pixel, RMS
 * below 0.02) and predicts the RGBA8 result of blending the constant
 * colour (1, 0.5, 0.25, A) onto black:
 *   - SRC_ALPHA / ONE_MINUS_SRC_ALPHA for colour, ONE / ZERO for alpha:
 *     rgb = c * A * cov, alpha = A * cov;
 *   - SRC_ALPHA / ONE_MINUS_SRC_ALPHA for both (the state the backend's
 *     inline alpha-blend fast path serves; smooth primitives must not take
 *     it): alpha = (A * cov)^2.
 * Per pixel and channel the error may be the sampling bound times the
 * channel's scale plus one unit of 8-bit rounding; the RMS over touched
 * pixels the RMS bound likewise. Shapes sit in disjoint 32x32 cells of a
 * 256x128 target (several macrotiles; some cells straddle macrotile
 * edges) with sub-pixel endpoints, widths 0.5..6, sizes 0.5..9. The
 * images of 0 and N workers must be bit-identical (ctest also runs this
 * with KNOB_MAX_WORKER_THREADS 1 and 2). Every fourth cell holds a
 * stippled line (§3.4.4: the kept unit pieces of the rectangle), and a
 * stippled strip checks that the counter runs on across segments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_smooth.h"
#include "test_util.h"

#define W 256
#define H 128
#define CELL 32
#define NCELL ((W / CELL) * (H / CELL))

typedef ref_smooth_shape shape;

/* Window position (fx8) -> clip-space vertex of the default viewport (exact). */
static tu_vertex vertex_of(int32_t xf, int32_t yf, float alpha)
{
    tu_vertex v = {{(float)(xf - (W / 2) * 256) / ((W / 2) * 256.0f),
                    (float)((H / 2) * 256 - yf) / ((H / 2) * 256.0f), 0.0f, 1.0f},
                   {1.0f, 0.5f, 0.25f, alpha}};
    return v;
}

static shape g_shapes[NCELL];
static tu_vertex g_verts[2 * NCELL];

static void make_shapes(uint64_t *rng, float alpha)
{
    for (int c = 0; c < NCELL; c++) {
        int32_t cx = (c % (W / CELL)) * CELL, cy = (c / (W / CELL)) * CELL;
        /* Cells 0, 2, 4...: lines; odd cells: points. Vertices in
         * [cell + 9, cell + 23): the shapes stay inside the cell. */
        bool disc = c & 1;
        int32_t xf[2], yf[2];
        for (int i = 0; i < 2; i++) {
            xf[i] = (cx + 9) * 256 + (int32_t)(tu_rand(rng) % (14 * 256));
            yf[i] = (cy + 9) * 256 + (int32_t)(tu_rand(rng) % (14 * 256));
        }
        if (!disc && c % 6 == 0)
            yf[1] = yf[0]; /* horizontal */
        if (!disc && xf[0] == xf[1] && yf[0] == yf[1])
            xf[1] += 256;
        float w = (float)(1 + tu_rand(rng) % (disc ? 36 : 24)) / 4.0f;
        g_shapes[c] = (shape){.disc = disc,
                              .xa = xf[0] / 256.0,
                              .ya = yf[0] / 256.0,
                              .xb = xf[1] / 256.0,
                              .yb = yf[1] / 256.0,
                              .w = w};
        if (!disc && c % 4 == 2) { /* stippled; each line of a list starts at 0 */
            g_shapes[c].stippled = true;
            g_shapes[c].pattern = (uint16_t)(1 + tu_rand(rng) % 0xffff);
            g_shapes[c].factor = 1 + tu_rand(rng) % 3;
        }
        g_verts[2 * c] = vertex_of(xf[0], yf[0], alpha);
        g_verts[2 * c + 1] = vertex_of(xf[1], yf[1], alpha);
    }
}

static void draw(tu_target *t, bool alpha_blend)
{
    tu_pipeline(t, SWR_INTERP_PERSPECTIVE);
    swr_depth_stencil_state dsa = {.depth_func = SWR_FUNC_ALWAYS};
    swr_set_depth_stencil_state(t->ctx, &dsa);
    swr_blend_state blend = {0};
    blend.rt[0] = (swr_blend_rt){true,
                                 SWR_BLEND_ADD,
                                 SWR_BLENDFACTOR_SRC_ALPHA,
                                 SWR_BLENDFACTOR_INV_SRC_ALPHA,
                                 SWR_BLEND_ADD,
                                 alpha_blend ? SWR_BLENDFACTOR_SRC_ALPHA : SWR_BLENDFACTOR_ONE,
                                 alpha_blend ? SWR_BLENDFACTOR_INV_SRC_ALPHA : SWR_BLENDFACTOR_ZERO,
                                 SWR_MASK_RGBA};
    swr_set_blend_state(t->ctx, &blend);
    tu_bind_vertices(t->ctx, g_verts, 2 * NCELL);
    const float black[4] = {0, 0, 0, 0};
    tu_clear(t, black, 1.0);
    for (int c = 0; c < NCELL; c++) {
        const shape *s = &g_shapes[c];
        swr_rasterizer_state rs = {.front_ccw = true,
                                   .depth_clip_near = true,
                                   .depth_clip_far = true,
                                   .half_pixel_center = true,
                                   .point_size = s->disc ? (float)s->w : 1.0f,
                                   .line_width = s->disc ? 1.0f : (float)s->w,
                                   .line_smooth = true,
                                   .point_smooth = true,
                                   .line_stipple_enable = s->stippled,
                                   .line_stipple_pattern = s->pattern,
                                   .line_stipple_factor = s->stippled ? s->factor : 1};
        swr_set_rasterizer_state(t->ctx, &rs);
        swr_draw_info d = {.topology = s->disc ? SWR_TOPO_POINTS : SWR_TOPO_LINES,
                           .start = 2 * (uint32_t)c, .count = s->disc ? 1 : 2,
                           .instance_count = 1};
        assert_int_equal(swr_draw(t->ctx, &d), SWR_OK);
    }
    tu_finish(t);
}

/* Checks the image against the sampled oracle; returns the failures. */
static int check(const tu_target *t, float alpha, bool alpha_blend)
{
    static const double rgb[3] = {1.0, 0.5, 0.25};
    int bad = 0;
    double sq = 0;
    long n = 0;
    for (int32_t py = 0; py < H; py++)
        for (int32_t px = 0; px < W; px++) {
            const shape *s = &g_shapes[(py / CELL) * (W / CELL) + px / CELL];
            double cov = ref_smooth_sampled(s, px, py);
            double a = alpha * cov;
            double want[4] = {rgb[0] * a, rgb[1] * a, rgb[2] * a, alpha_blend ? a * a : a};
            /* d(want)/d(cov): the channel's scale of a coverage error. */
            double scale[4] = {rgb[0] * alpha, rgb[1] * alpha, rgb[2] * alpha,
                               alpha_blend ? 2 * alpha * alpha : alpha};
            const uint8_t *got = t->color + (size_t)py * t->cpitch + (size_t)px * 4;
            bool touched = cov > 0;
            for (int k = 0; k < 4; k++) {
                double g = got[k] / 255.0, e = g - want[k];
                touched |= got[k] != 0;
                /* Stippled: up to two more boundaries (piece ends) per pixel. */
                if (fabs(e) > (s->stippled ? 0.25 : 0.125) * scale[k] + 1.0 / 255) {
                    if (bad < 5)
                        fprintf(stderr,
                                "%s (%g,%g)-(%g,%g) w %g blend %d: pixel (%d,%d) ch %d got %u "
                                "want %.2f (sampled coverage %g)\n",
                                s->disc ? "point" : "line", s->xa, s->ya, s->xb, s->yb, s->w,
                                alpha_blend, px, py, k, got[k], want[k] * 255, cov);
                    bad++;
                }
            }
            if (touched) {
                /* The red channel's coverage estimate (c * A * cov, c = 1),
                 * against the sampled one. */
                double gc = got[0] / 255.0 / alpha;
                sq += (gc - cov) * (gc - cov);
                n++;
            }
        }
    double rms = sqrt(sq / (double)(n ? n : 1));
    /* 0.02 sampling RMS plus the 8-bit rounding of red (1/2 unit / A). */
    if (rms >= 0.02 + 0.5 / 255 / alpha) {
        fprintf(stderr, "blend %d: RMS coverage error %g over %ld pixels\n", alpha_blend, rms, n);
        bad++;
    }
    if (n < 200) {
        fprintf(stderr, "only %ld pixels touched\n", n);
        bad++;
    }
    return bad;
}

static void test_smooth_draw(void **state)
{
    (void)state;
    static tu_target tgt[2];
    for (int th = 0; th < 2; th++) {
        swr_context_desc desc = {.single_threaded = th == 0};
        assert_int_equal(tu_target_init(&tgt[th], &desc, W, H, SWR_FORMAT_R8G8B8A8_UNORM,
                                        SWR_FORMAT_NONE),
                         SWR_OK);
    }
    uint64_t rng = 0x5300747bull;
    int bad = 0;
    static uint8_t first[W * H * 4];
    for (int round = 0; round < 4; round++) {
        float alpha = round & 1 ? 1.0f : 0.8f;
        bool alpha_blend = round >= 2;
        make_shapes(&rng, alpha);
        for (int th = 0; th < 2; th++) {
            draw(&tgt[th], alpha_blend);
            bad += check(&tgt[th], alpha, alpha_blend);
            for (uint32_t y = 0; y < H; y++) {
                const uint8_t *row = tgt[th].color + (size_t)y * tgt[th].cpitch;
                if (th == 0)
                    memcpy(first + (size_t)y * W * 4, row, W * 4);
                else if (memcmp(first + (size_t)y * W * 4, row, W * 4) != 0) {
                    fprintf(stderr, "round %d: row %u differs between 0 and N workers\n", round,
                            y);
                    bad++;
                }
            }
        }
    }
    for (int th = 0; th < 2; th++)
        tu_target_free(&tgt[th]);
    assert_int_equal(bad, 0);
}

/* A stippled smooth line strip carries the counter from one segment to the
 * next by the number of unit pieces, ceil(length) (GL 2.1 §3.4.4), not by
 * fragments: (8, 2.5) -> (11, 6.5) (length 5, 4 rows of fragments) ->
 * (19, 6.5), width 1, pattern 0x5555: the second segment starts at count
 * 5, so its piece over pixel 11 is dropped and the one over pixel 12 kept
 * (a count of 4 or 0 would give the opposite). Colours add (SRC_ALPHA,
 * ONE): red is the sum of the two segments' coverages. */
static void test_smooth_stipple_strip(void **state)
{
    (void)state;
    for (int th = 0; th < 2; th++) {
        tu_target t;
        swr_context_desc desc = {.single_threaded = th == 0};
        assert_int_equal(
            tu_target_init(&t, &desc, W, H, SWR_FORMAT_R8G8B8A8_UNORM, SWR_FORMAT_NONE), SWR_OK);
        tu_pipeline(&t, SWR_INTERP_PERSPECTIVE);
        swr_depth_stencil_state dsa = {.depth_func = SWR_FUNC_ALWAYS};
        swr_set_depth_stencil_state(t.ctx, &dsa);
        swr_blend_state blend = {0};
        blend.rt[0] = (swr_blend_rt){
            true,          SWR_BLEND_ADD,       SWR_BLENDFACTOR_SRC_ALPHA, SWR_BLENDFACTOR_ONE,
            SWR_BLEND_ADD, SWR_BLENDFACTOR_ONE, SWR_BLENDFACTOR_ONE,       SWR_MASK_RGBA};
        swr_set_blend_state(t.ctx, &blend);
        static tu_vertex v[3];
        const int32_t xs[3] = {8 * 256, 11 * 256, 19 * 256};
        const int32_t ys[3] = {2 * 256 + 128, 6 * 256 + 128, 6 * 256 + 128};
        for (int i = 0; i < 3; i++)
            v[i] = vertex_of(xs[i], ys[i], 1.0f);
        tu_bind_vertices(t.ctx, v, 3);
        const float black[4] = {0, 0, 0, 0};
        tu_clear(&t, black, 1.0);
        swr_rasterizer_state rs = {.front_ccw = true,
                                   .depth_clip_near = true,
                                   .depth_clip_far = true,
                                   .half_pixel_center = true,
                                   .point_size = 1.0f,
                                   .line_width = 1.0f,
                                   .line_smooth = true,
                                   .line_stipple_enable = true,
                                   .line_stipple_pattern = 0x5555,
                                   .line_stipple_factor = 1};
        swr_set_rasterizer_state(t.ctx, &rs);
        swr_draw_info d = {.topology = SWR_TOPO_LINE_STRIP, .count = 3, .instance_count = 1};
        assert_int_equal(swr_draw(t.ctx, &d), SWR_OK);
        tu_finish(&t);
        shape seg[2] = {{.xa = 8,
                         .ya = 2.5,
                         .xb = 11,
                         .yb = 6.5,
                         .w = 1,
                         .stippled = true,
                         .pattern = 0x5555,
                         .factor = 1,
                         .start = 0},
                        {.xa = 11,
                         .ya = 6.5,
                         .xb = 19,
                         .yb = 6.5,
                         .w = 1,
                         .stippled = true,
                         .pattern = 0x5555,
                         .factor = 1,
                         .start = 5}};
        int bad = 0;
        for (int32_t py = 0; py < 10; py++)
            for (int32_t px = 4; px < 24; px++) {
                double want =
                    ref_smooth_sampled(&seg[0], px, py) + ref_smooth_sampled(&seg[1], px, py);
                double got = t.color[(size_t)py * t.cpitch + (size_t)px * 4] / 255.0;
                /* the sampling bound of a stippled line (test_line_smooth) */
                if (fabs(got - want) > 0.25 + 1.0 / 255 && bad++ < 4)
                    fprintf(stderr, "strip %d: pixel (%d,%d) red %g, want %g\n", th, px, py, got,
                            want);
            }
        /* Row 6 right of the joint: pieces 6, 8, ... over pixels 12, 14, ...
         * are kept, 7, 9, ... over 13, 15, ... dropped, exactly. */
        for (int32_t px = 12; px < 19; px++) {
            int want = (px - 12) % 2 == 0 ? 255 : 0;
            int got = t.color[(size_t)6 * t.cpitch + (size_t)px * 4];
            if (got != want && bad++ < 8)
                fprintf(stderr, "strip %d: pixel (%d,6) red %d, want %d\n", th, px, got, want);
        }
        tu_target_free(&t);
        assert_int_equal(bad, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_smooth_draw),
        cmocka_unit_test(test_smooth_stipple_strip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
