/*
 * p_format.h: enum pipe_format, with Gallium's names, for the formats swr
 * implements (and only those: a format missing here is one swr refuses).
 *
 * PIPE_FORMATS(X) lists every name without its PIPE_FORMAT_ prefix; the enum
 * is generated from it, NONE = 0 first, and PIPE_FORMAT_COUNT closes it.
 * Tables indexed by format (frontend-gallium/format/fmt_table.c) use
 * designated initializers and are static_assert-ed against PIPE_FORMAT_COUNT. The numeric values are
 * swr's own: Gallium's values change between Mesa versions, only the names
 * are the interface.
 *
 * Naming rule (../shared/spec/gallium-docs.md, "Formats in gallium"): the
 * channels are listed from the lowest address for byte-aligned formats
 * (B8G8R8A8: byte 0 = B) and from the least significant bit for packed ones
 * (B5G6R5: B in bits 0..4). On a little-endian host both read the same:
 * channel k starts at the sum of the sizes of the channels before it, counted
 * in bits from bit 0 of byte 0. fmt_table.c relies on this.
 */
#ifndef SWR_P_FORMAT_H
#define SWR_P_FORMAT_H

#define PIPE_FORMATS(X)                                                                            \
    X(NONE)                                                                                        \
    /* 8-bit UNORM and sRGB, RGBA orders */                                                        \
    X(R8_UNORM)                                                                                    \
    X(R8G8_UNORM)                                                                                  \
    X(R8G8B8_UNORM)                                                                                \
    X(B8G8R8_UNORM)                                                                                \
    X(R8G8B8A8_UNORM)                                                                              \
    X(R8G8B8X8_UNORM)                                                                              \
    X(B8G8R8A8_UNORM)                                                                              \
    X(B8G8R8X8_UNORM)                                                                              \
    X(A8R8G8B8_UNORM)                                                                              \
    X(X8R8G8B8_UNORM)                                                                              \
    X(A8B8G8R8_UNORM)                                                                              \
    X(X8B8G8R8_UNORM)                                                                              \
    X(R8_SRGB)                                                                                     \
    X(R8G8_SRGB)                                                                                   \
    X(R8G8B8_SRGB)                                                                                 \
    X(R8G8B8A8_SRGB)                                                                               \
    X(R8G8B8X8_SRGB)                                                                               \
    X(B8G8R8A8_SRGB)                                                                               \
    X(B8G8R8X8_SRGB)                                                                               \
    X(A8R8G8B8_SRGB)                                                                               \
    X(X8R8G8B8_SRGB)                                                                               \
    X(A8B8G8R8_SRGB)                                                                               \
    X(X8B8G8R8_SRGB)                                                                               \
    /* 8-bit SNORM, UINT, SINT */                                                                  \
    X(R8_SNORM)                                                                                    \
    X(R8G8_SNORM)                                                                                  \
    X(R8G8B8_SNORM)                                                                                \
    X(R8G8B8A8_SNORM)                                                                              \
    X(R8_UINT)                                                                                     \
    X(R8G8_UINT)                                                                                   \
    X(R8G8B8_UINT)                                                                                 \
    X(R8G8B8A8_UINT)                                                                               \
    X(R8_SINT)                                                                                     \
    X(R8G8_SINT)                                                                                   \
    X(R8G8B8_SINT)                                                                                 \
    X(R8G8B8A8_SINT)                                                                               \
    /* 8-bit A, L, LA, I */                                                                        \
    X(A8_UNORM)                                                                                    \
    X(L8_UNORM)                                                                                    \
    X(L8A8_UNORM)                                                                                  \
    X(I8_UNORM)                                                                                    \
    X(L8_SRGB)                                                                                     \
    X(L8A8_SRGB)                                                                                   \
    X(A8_SNORM)                                                                                    \
    X(L8_SNORM)                                                                                    \
    X(L8A8_SNORM)                                                                                  \
    X(I8_SNORM)                                                                                    \
    X(A8_UINT)                                                                                     \
    X(L8_UINT)                                                                                     \
    X(L8A8_UINT)                                                                                   \
    X(I8_UINT)                                                                                     \
    X(A8_SINT)                                                                                     \
    X(L8_SINT)                                                                                     \
    X(L8A8_SINT)                                                                                   \
    X(I8_SINT)                                                                                     \
    /* 16-bit */                                                                                   \
    X(R16_UNORM)                                                                                   \
    X(R16G16_UNORM)                                                                                \
    X(R16G16B16_UNORM)                                                                             \
    X(R16G16B16A16_UNORM)                                                                          \
    X(R16_SNORM)                                                                                   \
    X(R16G16_SNORM)                                                                                \
    X(R16G16B16_SNORM)                                                                             \
    X(R16G16B16A16_SNORM)                                                                          \
    X(R16_UINT)                                                                                    \
    X(R16G16_UINT)                                                                                 \
    X(R16G16B16_UINT)                                                                              \
    X(R16G16B16A16_UINT)                                                                           \
    X(R16_SINT)                                                                                    \
    X(R16G16_SINT)                                                                                 \
    X(R16G16B16_SINT)                                                                              \
    X(R16G16B16A16_SINT)                                                                           \
    X(R16_FLOAT)                                                                                   \
    X(R16G16_FLOAT)                                                                                \
    X(R16G16B16_FLOAT)                                                                             \
    X(R16G16B16A16_FLOAT)                                                                          \
    X(A16_UNORM)                                                                                   \
    X(L16_UNORM)                                                                                   \
    X(L16A16_UNORM)                                                                                \
    X(I16_UNORM)                                                                                   \
    X(A16_SNORM)                                                                                   \
    X(L16_SNORM)                                                                                   \
    X(L16A16_SNORM)                                                                                \
    X(I16_SNORM)                                                                                   \
    X(A16_UINT)                                                                                    \
    X(L16_UINT)                                                                                    \
    X(L16A16_UINT)                                                                                 \
    X(I16_UINT)                                                                                    \
    X(A16_SINT)                                                                                    \
    X(L16_SINT)                                                                                    \
    X(L16A16_SINT)                                                                                 \
    X(I16_SINT)                                                                                    \
    X(A16_FLOAT)                                                                                   \
    X(L16_FLOAT)                                                                                   \
    X(L16A16_FLOAT)                                                                                \
    X(I16_FLOAT)                                                                                   \
    /* 32-bit */                                                                                   \
    X(R32_FLOAT)                                                                                   \
    X(R32G32_FLOAT)                                                                                \
    X(R32G32B32_FLOAT)                                                                             \
    X(R32G32B32A32_FLOAT)                                                                          \
    X(R32_UINT)                                                                                    \
    X(R32G32_UINT)                                                                                 \
    X(R32G32B32_UINT)                                                                              \
    X(R32G32B32A32_UINT)                                                                           \
    X(R32_SINT)                                                                                    \
    X(R32G32_SINT)                                                                                 \
    X(R32G32B32_SINT)                                                                              \
    X(R32G32B32A32_SINT)                                                                           \
    X(A32_FLOAT)                                                                                   \
    X(L32_FLOAT)                                                                                   \
    X(L32A32_FLOAT)                                                                                \
    X(I32_FLOAT)                                                                                   \
    X(A32_UINT)                                                                                    \
    X(L32_UINT)                                                                                    \
    X(L32A32_UINT)                                                                                 \
    X(I32_UINT)                                                                                    \
    X(A32_SINT)                                                                                    \
    X(L32_SINT)                                                                                    \
    X(L32A32_SINT)                                                                                 \
    X(I32_SINT)                                                                                    \
    /* packed */                                                                                   \
    X(B5G6R5_UNORM)                                                                                \
    X(R5G6B5_UNORM)                                                                                \
    X(B5G5R5A1_UNORM)                                                                              \
    X(B5G5R5X1_UNORM)                                                                              \
    X(R5G5B5A1_UNORM)                                                                              \
    X(A1B5G5R5_UNORM)                                                                              \
    X(B4G4R4A4_UNORM)                                                                              \
    X(B4G4R4X4_UNORM)                                                                              \
    X(R4G4B4A4_UNORM)                                                                              \
    X(A4B4G4R4_UNORM)                                                                              \
    X(R10G10B10A2_UNORM)                                                                           \
    X(R10G10B10X2_UNORM)                                                                           \
    X(R10G10B10A2_SNORM)                                                                           \
    X(R10G10B10A2_UINT)                                                                            \
    X(B10G10R10A2_UNORM)                                                                           \
    X(B10G10R10X2_UNORM)                                                                           \
    X(B10G10R10A2_UINT)                                                                            \
    X(R11G11B10_FLOAT)                                                                             \
    X(R9G9B9E5_FLOAT)                                                                              \
    /* depth and stencil */                                                                        \
    X(Z16_UNORM)                                                                                   \
    X(Z32_UNORM)                                                                                   \
    X(Z32_FLOAT)                                                                                   \
    X(Z24_UNORM_S8_UINT)                                                                           \
    X(S8_UINT_Z24_UNORM)                                                                           \
    X(Z24X8_UNORM)                                                                                 \
    X(X8Z24_UNORM)                                                                                 \
    X(Z32_FLOAT_S8X24_UINT)                                                                        \
    X(S8_UINT)                                                                                     \
    /* compressed (4x4 blocks) */                                                                  \
    X(DXT1_RGB)                                                                                    \
    X(DXT1_RGBA)                                                                                   \
    X(DXT3_RGBA)                                                                                   \
    X(DXT5_RGBA)                                                                                   \
    X(DXT1_SRGB)                                                                                   \
    X(DXT1_SRGBA)                                                                                  \
    X(DXT3_SRGBA)                                                                                  \
    X(DXT5_SRGBA)                                                                                  \
    X(RGTC1_UNORM)                                                                                 \
    X(RGTC1_SNORM)                                                                                 \
    X(RGTC2_UNORM)                                                                                 \
    X(RGTC2_SNORM)                                                                                 \
    X(BPTC_RGBA_UNORM)                                                                             \
    X(BPTC_SRGBA)                                                                                  \
    X(BPTC_RGB_FLOAT)                                                                              \
    X(BPTC_RGB_UFLOAT)

enum pipe_format {
#define PIPE_FORMAT_ENUM(name) PIPE_FORMAT_##name,
    PIPE_FORMATS(PIPE_FORMAT_ENUM)
#undef PIPE_FORMAT_ENUM
    PIPE_FORMAT_COUNT
};

#endif /* SWR_P_FORMAT_H */
