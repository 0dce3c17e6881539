/*
 * test_util.h: shared helpers of the engine tests (tests/core/): a context
 * with a framebuffer in caller-visible memory, the simple C shaders every
 * test uses, and image comparison with a readable report.
 *
 * The standard vertex (tu_vertex) is 8 floats: clip-space position xyzw,
 * then an RGBA colour. tu_pipeline() binds the matching layout, a VS that
 * passes both through (position slot 0, colour slot 1) and a PS that writes
 * the interpolated colour (PS input 0 = VS slot 1, interpolation chosen by
 * the caller) to every render target.
 *
 * The default viewport maps NDC to the whole target with +y up (scale y
 * negative, as the demo does) and z_ndc [-1, 1] to [0, 1]:
 *   x_w = x_ndc * w/2 + w/2,  y_w = y_ndc * (-h/2) + h/2,  z_w = z_ndc * 0.5 + 0.5.
 * Thread: the test's main thread only.
 */
#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/swr.h"

typedef struct tu_vertex {
    float pos[4];
    float color[4];
} tu_vertex;

/* A context plus one colour target and an optional depth buffer, all in
 * malloc'ed memory (pitch = width * bytes per pixel). */
typedef struct tu_target {
    swr_context *ctx;
    uint32_t w, h;
    swr_format cfmt, zfmt;
    uint8_t *color;
    uint32_t cpitch, cbpp;
    uint8_t *depth;
    uint32_t zpitch, zbpp;
} tu_target;

/* Bytes per pixel of a surface format (0 for NONE / unknown). */
uint32_t tu_format_bpp(swr_format fmt);

/* Creates the context (desc may be NULL) and the surfaces, binds them.
 * zfmt may be SWR_FORMAT_NONE. Returns SWR_OK or the failing call's code. */
swr_result tu_target_init(tu_target *t, const swr_context_desc *desc, uint32_t w, uint32_t h,
                          swr_format cfmt, swr_format zfmt);
/* Destroys the context (waits for its work) and frees the surfaces. */
void tu_target_free(tu_target *t);

/* The default viewport of the header comment for a w x h target. */
swr_viewport tu_viewport(uint32_t w, uint32_t h);

/* Binds layout (2 x FLOAT32x4 at offsets 0 and 16, stride 32), the
 * pass-through VS, the colour PS with `interp` for its input, the default
 * viewport, a rasterizer state with GL defaults and no culling, depth off
 * and blending off. */
void tu_pipeline(tu_target *t, uint8_t interp);

/* Binds `n` vertices as vertex buffer 0 (memory stays the caller's). */
void tu_bind_vertices(swr_context *ctx, const tu_vertex *v, uint32_t n);

/* Clears colour (and depth when the target has a depth buffer). */
void tu_clear(tu_target *t, const float rgba[4], double depth);

/* store_tiles + sync: afterwards the surfaces hold the rendered image. */
void tu_finish(tu_target *t);

/* The C shaders (usable with any swr_vs_state / swr_ps_state). */
void tu_passthrough_vs(const void *shader, swr_vs_args *a);
void tu_color_ps(const void *shader, swr_ps_args *a);

/* Compares two images of w x h pixels of `bpp` bytes (pitches may differ).
 * A pixel differs when any of its bytes differs by more than `tol` (UNORM8
 * channels) -- or, with float_channels, when any float channel differs by
 * more than `ftol`. Prints the first few differing pixels and a count to
 * stderr under `what`. Returns the number of differing pixels. */
size_t tu_image_diff(const char *what, const uint8_t *a, uint32_t apitch, const uint8_t *b,
                     uint32_t bpitch, uint32_t w, uint32_t h, uint32_t bpp, uint32_t tol,
                     bool float_channels, float ftol);

/* xorshift64* random numbers, deterministic per seed. */
static inline uint32_t tu_rand(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return (uint32_t)((x * 0x2545F4914F6CDD1Dull) >> 32);
}
static inline float tu_randf(uint64_t *s, float lo, float hi)
{
    return lo + (hi - lo) * (float)(tu_rand(s) >> 8) * (1.0f / 16777216.0f);
}

/* True when built with ASan or TSan (tests shrink their workloads). */
bool tu_sanitized(void);

#endif /* TEST_UTIL_H */
