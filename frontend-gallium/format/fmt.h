/*
 * fmt.h: the format table and codecs of the Gallium formats swr supports.
 * One descriptor per format (p_format.h lists them): block size, channels,
 * type flags, texel fetch to RGBA and store from RGBA, depth/stencil
 * access, and the engine format it renders as.
 *
 * Who uses it: the pipe driver (the screen's is_format_supported: a format
 * without a descriptor is refused; one with engine_format !=
 * SWR_FORMAT_NONE is a RENDER_TARGET or DEPTH_STENCIL format, every other
 * one SAMPLER_VIEW only; the texture sampler's fetch_rgba; transfers,
 * clears, blits and mipmaps) and the GL frontend (pixel transfers between
 * client memory and images; block sizes, channel types and sizes for its
 * texture rules and queries). Both see only this header. Everything here
 * is pure and reentrant; the descriptors are static const.
 *
 * Value conventions of fetch_rgba / store_rgba (see the struct):
 *   - normalized, float and depth formats exchange floats; sRGB channels are
 *     decoded to linear on fetch and encoded on store (alpha stays linear);
 *   - pure integer formats exchange the int32/uint32 BITS in the float slots;
 *   - missing channels read (0, 0, 0, 1) (1 as integer 1 for pure integers);
 *     L = (L, L, L, 1), LA = (L, L, L, A), I = (I, I, I, I), A = (0, 0, 0, A);
 *   - X (padding) channels are ignored on fetch and written as all ones for
 *     colour formats, as zero by Z24X8/X8Z24 depth stores (as the engine
 *     does); the X bytes of Z32_FLOAT_S8X24_UINT are left alone.
 */
#ifndef SWR_FMT_H
#define SWR_FMT_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/gallium/p_format.h"

typedef struct fmt_desc {
    enum pipe_format format;
    const char *name;          /* "PIPE_FORMAT_R8G8B8A8_UNORM" */
    uint8_t block_w, block_h;  /* 1x1, or 4x4 for compressed */
    uint8_t block_bytes;
    uint8_t nr_channels;       /* channels in the name, X included */
    bool is_compressed, is_srgb, is_depth, has_stencil, is_pure_int, is_pure_uint, is_signed_int,
        is_normalized, is_float;
    /* Texel (i, j) of the block at `block` (i < block_w, j < block_h) to RGBA:
       floats for normalized/float/depth formats (sRGB already decoded to linear;
       missing channels 0,0,0,1; L = (L,L,L,1), LA = (L,L,L,A), I = (I,I,I,I), A = (0,0,0,A);
       depth formats give (Z,0,0,1); stencil-only gives stencil as uint bits in x),
       or int32/uint32 bits for pure integer formats (missing alpha = 1 as integer). */
    void (*fetch_rgba)(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
    /* The inverse for non-compressed formats (NULL for compressed):
       float in -> clamp/round per the format definition (UNORM: round(clamp(x,0,1)*max),
       SNORM: round(clamp(x,-1,1)*max), sRGB: encode; half floats; 11/10-bit floats;
       9_9_9_E5), integer formats take int bits (clamp to the channel range).
       Rounding is to nearest, ties away from zero, for normalized channels, and
       to nearest even for floats. On depth/stencil formats it writes in[0] as
       the depth and leaves the stencil bits alone (S8_UINT: in[0] as uint bits). */
    void (*store_rgba)(uint8_t *block, uint32_t i, uint32_t j, const float in[4]);
    /* Depth/stencil access for depth formats: z in [0,1] (or float), stencil 0..255.
       NULL for others (fetch_stencil/store_stencil also NULL without stencil,
       fetch_depth/store_depth NULL for S8_UINT). */
    float (*fetch_depth)(const uint8_t *texel);
    uint8_t (*fetch_stencil)(const uint8_t *texel);
    void (*store_depth)(uint8_t *texel, float z);
    void (*store_stencil)(uint8_t *texel, uint8_t s);
    uint32_t engine_format; /* swr_format it renders as; SWR_FORMAT_NONE (0): not renderable */
} fmt_desc;

/* NULL when swr does not support f (including NONE and out-of-range values). */
const fmt_desc *fmt_get(enum pipe_format f);
/* By full name ("PIPE_FORMAT_R8G8B8A8_UNORM") or without the prefix
 * ("R8G8B8A8_UNORM"); NULL when unknown. Linear search: not for hot paths. */
const fmt_desc *fmt_by_name(const char *name);
/* True when the engine can render to the format (colour or depth/stencil). */
static inline bool fmt_is_renderable(const fmt_desc *d)
{
    return d && d->engine_format != 0;
}

/* Whole-image helpers: fetch/store texel (x, y) of a 2-D slice with row pitch
 * in bytes (for compressed formats the pitch is of a row of blocks). store
 * does nothing on compressed formats. The caller keeps (x, y) in range. */
void fmt_fetch_texel(const fmt_desc *d, const uint8_t *slice, uint32_t row_pitch, uint32_t x,
                     uint32_t y, float out[4]);
void fmt_store_texel(const fmt_desc *d, uint8_t *slice, uint32_t row_pitch, uint32_t x, uint32_t y,
                     const float in[4]);

/* Scalar conversions shared by the table, the compressed decoders and the
 * sampler. Half floats: IEEE binary16, round to nearest even, overflow to
 * infinity, NaN stays NaN. sRGB: the sRGB transfer function, 8-bit encode
 * rounds the exact (double) value to nearest. */
float fmt_half_to_float(uint16_t h);
uint16_t fmt_float_to_half(float f);
float fmt_srgb8_to_linear(uint8_t v);       /* table lookup */
float fmt_srgb_to_linear(float c);          /* formula, for non-8-bit sources */
uint8_t fmt_linear_to_srgb8(float linear);

/* Compressed block decoders (fmt_compressed.c): texel (i, j) of one
 * 4x4 block to RGBA floats, with the fetch_rgba signature. */
void fmt_fetch_dxt1_rgb(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_dxt1_rgba(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_dxt3_rgba(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_dxt5_rgba(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_dxt1_srgb(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_dxt1_srgba(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_dxt3_srgba(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_dxt5_srgba(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_rgtc1_unorm(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_rgtc1_snorm(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_rgtc2_unorm(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_rgtc2_snorm(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_bptc_rgba_unorm(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_bptc_srgba(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_bptc_rgb_float(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);
void fmt_fetch_bptc_rgb_ufloat(const uint8_t *block, uint32_t i, uint32_t j, float out[4]);

#endif /* SWR_FMT_H */
