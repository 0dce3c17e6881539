/*
 * test_feature_common.h: helpers shared by the feature tests
 * (tests/core/test_feature_*.c) on top of tests/support/test_util.h.
 *
 * The feature vertex (fx_vertex) is 16 floats: clip-space position, then
 * three vec4 attributes a, b, c. fx_pipeline() binds a layout of four
 * FLOAT32x4 elements, a VS that copies its 4 inputs to output slots 0..3
 * (position = slot 0) and the PS fx_ps, which writes PS input `sel` (an
 * fx_ps_cfg passed as the shader pointer; NULL = input 0) to color[0].
 * PS inputs 0, 1, 2 are VS slots 1, 2, 3 (attributes a, b, c).
 *
 * Tests place geometry in WINDOW coordinates (y down, pixel (px, py) is
 * [px, px+1) x [py, py+1)); fx_win() turns them into clip space for
 * tu_viewport(), exactly when w and h are powers of two and the
 * coordinates are multiples of 1/256.
 * Thread: the test's main thread only.
 */
#ifndef TEST_FEATURE_COMMON_H
#define TEST_FEATURE_COMMON_H

#include "test_util.h"

typedef struct fx_vertex {
    float pos[4];
    float a[4];
    float b[4];
    float c[4];
} fx_vertex;

typedef struct fx_ps_cfg {
    uint32_t sel; /* PS input written to color[0] */
} fx_ps_cfg;

/* The two context flavours most tests run under: everything on the API
 * thread, and the worker pool. */
extern const swr_context_desc fx_descs[2];
extern const char *const fx_desc_names[2];

void fx_copy_vs(const void *shader, swr_vs_args *a);
void fx_ps(const void *shader, swr_ps_args *a);

swr_vs_state fx_vs_state(void);
/* Inputs 0..2 = VS slots 1..3, all with `interp`. */
swr_ps_state fx_ps_state(uint8_t interp);
/* GL defaults: no culling, fill, half-pixel centres, size/width 1, depth clip. */
swr_rasterizer_state fx_rs(void);

/* Binds layout, VS, PS (input 0 with interp), default viewport, fx_rs(),
 * depth/stencil off and blending off (RGBA written). */
void fx_pipeline(tu_target *t, uint8_t interp);

/* A vertex at window position (x, y) and window depth z (default viewport
 * of a w x h target), clip w = 1, attribute a = rgba, b = c = 0. */
fx_vertex fx_win(uint32_t w, uint32_t h, float x, float y, float z, const float rgba[4]);

/* Binds v[0..n) as vertex buffer 0 and draws them with `topology`. */
void fx_draw(swr_context *ctx, uint32_t topology, const fx_vertex *v, uint32_t n);

/* Pixel (x, y) of an R32G32B32A32_FLOAT colour target. */
const float *fx_px4(const tu_target *t, uint32_t x, uint32_t y);

/* The depth stored at pixel (x, y): the float of a Z32_FLOAT target, the
 * 24-bit integer of a Z24 one. */
double fx_stored_depth(const tu_target *t, uint32_t x, uint32_t y);
/* What fx_stored_depth should read for window depth z: z itself for
 * Z32_FLOAT, round(z (2^24 - 1)) for Z24. */
double fx_expect_depth(const tu_target *t, double z);

/* Clears colour to rgba and, with a depth buffer, depth to 1 and stencil to 0. */
void fx_clear(tu_target *t, const float r, const float g, const float b, const float a);

/* Facing convention probe. Gallium (draw_pipe_cull.c, llvmpipe) and GL with
 * a y-flipping viewport: with front_ccw, a triangle that is counter-
 * clockwise AS SEEN ON SCREEN (row 0 at the top; signed area
 * (x1-x0)(y2-y0) - (x2-x0)(y1-y0) < 0 in y-down window numbers) is front.
 * Returns true when the engine agrees (draws such a triangle with
 * cull_face BACK and front_ccw true). Tests of fill modes and two-sided
 * stencil use the engine's facing as found here, so that they check the
 * per-face state independently of the convention; the convention itself
 * is checked once, in test_feature_polygon_mode. */
bool fx_engine_front_is_screen_ccw(void);

#endif /* TEST_FEATURE_COMMON_H */
