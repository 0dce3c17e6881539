/*
 * be_formats.h: render-target formats in the backend's hot tiles.
 *
 * A hot tile holds one 64x64 macrotile of one attachment in the layout of
 * rast_priv.h: raster tiles of 8x8 in row-major order, each 8 blocks of 4x2
 * pixels, each block 8 pixels in shader lane order. A block is therefore
 * 8 * be_hot_bpp(fmt) contiguous bytes: be_hot_block() finds it.
 *
 * Hot formats:
 *   colour  the surface's own pixel bytes (loading a tile is a pure reorder);
 *   depth   4 bytes per pixel: Z16/Z24 the quantized integer 0..2^n-1 as
 *           uint32, Z32F the float;
 *   stencil a separate hot tile of 1 byte per pixel (S8 formats only).
 *
 * Block conversions work on SoA float RGBA (vf8x4, v[0] = R ... v[3] = A):
 * unpack gives UNORM c / (2^n - 1), sRGB decoded to linear, missing or X
 * channels as (0, 0, 0, 1). Pack clamps UNORM to [0, 1] (NaN -> 0) and
 * rounds to nearest even; sRGB encodes exactly (the same integer as
 * round(255 * srgb_encode(c)) evaluated in double); float16 rounds to
 * nearest even; float formats are not clamped. X channels are written as
 * all ones (1.0) under the alpha bit of the colormask.
 *
 * Callers: the pixel backend on the worker that owns the macrotile. All
 * functions are reentrant; the sRGB tables are built once at load time by a
 * constructor in be_formats.c.
 */
#ifndef BE_FORMATS_H
#define BE_FORMATS_H

#include <stdbool.h>
#include <stdint.h>

#include "common/simd.h"
#include "common/swr_state.h"
#include "rasterizer/rast_priv.h"

/* Bytes per pixel in the surface (the X-macro's size), 0 for NONE/unknown. */
uint32_t be_surface_bpp(swr_format fmt);
/* Bytes per pixel in the hot tile: colour = surface bpp; depth = 4 (the
 * stencil hot tile is separate, 1 byte per pixel); 0 for NONE. */
uint32_t be_hot_bpp(swr_format fmt);

bool be_format_is_color(swr_format fmt);
bool be_format_is_depth(swr_format fmt);   /* the five Z formats */
bool be_format_has_stencil(swr_format fmt); /* Z24_UNORM_S8_UINT, Z32_FLOAT_S8X24_UINT */
bool be_format_is_srgb(swr_format fmt);
/* Fixed-point colour (UNORM or sRGB): blending clamps src/dst/const to [0,1]. */
bool be_format_is_fixed(swr_format fmt);
/* UNORM colour without sRGB: the targets logic ops apply to. */
bool be_format_is_logicop(swr_format fmt);
/* Depth bits of Z16/Z24 formats (16 or 24), 0 for float depth and others. */
uint32_t be_depth_unorm_bits(swr_format fmt);

/* The block containing macrotile pixel (x, y), x, y in [0, 64). */
static inline void *be_hot_block(void *hot, uint32_t bpp, uint32_t x, uint32_t y)
{
    return (uint8_t *)hot + (size_t)(rast_hot_index(x, y) & ~7u) * bpp;
}

/* ---- hot tile load / store ------------------------------------------------ */
/* Copy the macrotile whose top-left pixel is (mt_x, mt_y) (multiples of 64)
 * between a surface and a hot tile of RAST_MT_PIXELS * be_hot_bpp bytes.
 * Only pixels inside the surface are touched; hot pixels outside it are left
 * as they are on load. Full 64x64 tiles of 4-byte formats take a SIMD path. */
void be_hot_load_color(const swr_surface *surf, uint32_t mt_x, uint32_t mt_y, void *hot);
void be_hot_store_color(const swr_surface *surf, uint32_t mt_x, uint32_t mt_y, const void *hot);
/* Depth/stencil: splits packed Z24S8 / Z32FS8X24 into the depth hot tile
 * (4 bytes per pixel) and the stencil hot tile (1 byte per pixel). hot_z or
 * hot_s may be NULL to skip that part (hot_s is ignored for formats without
 * stencil). Store merges: with store_z only, the stencil bits of the surface
 * are preserved and vice versa; the X bits of Z24X8 are written as 0, the 3
 * unused bytes of Z32FS8X24 are preserved. */
void be_hot_load_zs(const swr_surface *surf, uint32_t mt_x, uint32_t mt_y, void *hot_z,
                    uint8_t *hot_s);
void be_hot_store_zs(const swr_surface *surf, uint32_t mt_x, uint32_t mt_y, const void *hot_z,
                     const uint8_t *hot_s, bool store_z, bool store_s);

/* ---- clears ------------------------------------------------------------------ */
/* The native (= hot) pixel of a colour format for clear colour rgba, by the
 * pack rules above; writes be_hot_bpp(fmt) bytes of out, zeroes the rest. */
void be_pack_clear_color(swr_format fmt, const float rgba[4], uint8_t out[16]);
/* Fill a whole hot tile (RAST_MT_PIXELS pixels of bpp bytes) with one pixel. */
void be_hot_fill(void *hot, uint32_t bpp, const void *pixel);
/* The hot depth value of z as uint32 bits: Z16/Z24 round(clamp(z,0,1) *
 * (2^n - 1)) (float multiply, then round to nearest even; NaN -> 0); Z32F
 * the float's bits unchanged. Fill the depth hot tile with be_hot_fill(hot,
 * 4, &value) and the stencil tile with memset. */
uint32_t be_depth_quantize_scalar(swr_format fmt, float z);

/* ---- block conversions ---------------------------------------------------------- */
/* 8 hot pixels of a colour format -> float RGBA. */
void be_unpack_block(swr_format fmt, const void *block, vf8x4 *rgba);
/* Float RGBA -> native, merged into the existing block: only lanes in
 * lane_mask (bit i = lane i) and channels in colormask (SWR_MASK_*) change. */
void be_pack_block(swr_format fmt, void *block, const vf8x4 *rgba, uint32_t lane_mask,
                   uint8_t colormask);

/* Bits of the native pixel (low be_hot_bpp bytes, formats with bpp <= 4)
 * belonging to the channels in colormask; X bits count as alpha. */
uint32_t be_channel_bits(swr_format fmt, uint8_t colormask);

#endif /* BE_FORMATS_H */
