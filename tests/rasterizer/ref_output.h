/*
 * ref_output.h: scalar reference of the output merger, one pixel and one
 * channel at a time, written from the GL spec / Gallium docs rather than
 * from rasterizer/be_*.c. The oracle of test_formats, test_depth_stencil and
 * test_blend.
 */
#ifndef REF_OUTPUT_H
#define REF_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>

#include "common/swr_state.h"

float ref_srgb_decode(uint32_t code);
int ref_srgb_encode_q(float linear);
uint32_t ref_unorm_q(float c, uint32_t bits);
uint16_t ref_half_from_float(float f);
float ref_float_from_half(uint16_t h);

/* Surface (= hot) bytes per pixel of a colour format. */
uint32_t ref_bpp(swr_format fmt);
bool ref_is_fixed(swr_format fmt); /* UNORM or sRGB colour */
bool ref_is_srgb(swr_format fmt);

/* One native pixel -> float RGBA and back (pack merges the channels in
 * colormask into the existing pixel). */
void ref_unpack_pixel(swr_format fmt, const uint8_t *px, float rgba[4]);
void ref_pack_pixel(swr_format fmt, uint8_t *px, const float rgba[4], uint8_t colormask);

uint32_t ref_depth_quantize(swr_format zfmt, float z);

/* Depth/stencil on one pixel: *z (hot bits) / *s may be NULL (no buffer).
 * Returns 0 stencil failed, 1 depth failed, 2 passed; applies the updates
 * only when alive. */
int ref_depth_stencil(const swr_depth_stencil_state *dsa, swr_format zfmt,
                      const uint8_t ref[2], bool front, uint32_t *z, uint8_t *s, uint32_t frag_z,
                      bool alive);

bool ref_alpha_test(uint8_t func, float ref, float alpha);

/* Blend (or logic op, or plain write) of one pixel. */
void ref_blend_pixel(const swr_blend_state *bs, uint32_t rt, const float blend_color[4],
                     swr_format fmt, uint8_t *px, const float s0[4], const float s1[4]);

/* Test randomness: xorshift64*, deterministic per seed. */
static inline uint32_t ref_rand(uint64_t *st)
{
    uint64_t x = *st;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *st = x;
    return (uint32_t)((x * 0x2545F4914F6CDD1Dull) >> 32);
}
static inline float ref_randf(uint64_t *st, float lo, float hi)
{
    return lo + (hi - lo) * (float)(ref_rand(st) >> 8) * (1.0f / 16777216.0f);
}

#endif /* REF_OUTPUT_H */
