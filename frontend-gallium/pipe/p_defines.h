/*
 * p_defines.h: Gallium's enums (PIPE_*), with their well-known names and
 * values, written from ../shared/spec/gallium-docs.md.
 *
 * This first part holds what texture sampling needs: texture targets, wrap
 * modes, filters, compare functions and swizzles. The rest of the Gallium
 * interface (caps, bind flags, map flags, queries ...) joins it with the
 * pipe driver.
 */
#ifndef SWR_P_DEFINES_H
#define SWR_P_DEFINES_H

enum pipe_texture_target {
    PIPE_BUFFER,
    PIPE_TEXTURE_1D,
    PIPE_TEXTURE_2D,
    PIPE_TEXTURE_3D,
    PIPE_TEXTURE_CUBE,
    PIPE_TEXTURE_RECT,
    PIPE_TEXTURE_1D_ARRAY,
    PIPE_TEXTURE_2D_ARRAY,
    PIPE_TEXTURE_CUBE_ARRAY,
    PIPE_MAX_TEXTURE_TYPES,
};

/* Cube faces in layer order. */
enum pipe_tex_face {
    PIPE_TEX_FACE_POS_X,
    PIPE_TEX_FACE_NEG_X,
    PIPE_TEX_FACE_POS_Y,
    PIPE_TEX_FACE_NEG_Y,
    PIPE_TEX_FACE_POS_Z,
    PIPE_TEX_FACE_NEG_Z,
    PIPE_TEX_FACE_MAX,
};

enum pipe_tex_wrap {
    PIPE_TEX_WRAP_REPEAT,
    PIPE_TEX_WRAP_CLAMP,
    PIPE_TEX_WRAP_CLAMP_TO_EDGE,
    PIPE_TEX_WRAP_CLAMP_TO_BORDER,
    PIPE_TEX_WRAP_MIRROR_REPEAT,
    PIPE_TEX_WRAP_MIRROR_CLAMP,
    PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE,
    PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER,
};

enum pipe_tex_filter {
    PIPE_TEX_FILTER_NEAREST,
    PIPE_TEX_FILTER_LINEAR,
};

enum pipe_tex_mipfilter {
    PIPE_TEX_MIPFILTER_NEAREST,
    PIPE_TEX_MIPFILTER_LINEAR,
    PIPE_TEX_MIPFILTER_NONE,
};

enum pipe_tex_compare {
    PIPE_TEX_COMPARE_NONE,
    PIPE_TEX_COMPARE_R_TO_TEXTURE,
};

enum pipe_compare_func {
    PIPE_FUNC_NEVER,
    PIPE_FUNC_LESS,
    PIPE_FUNC_EQUAL,
    PIPE_FUNC_LEQUAL,
    PIPE_FUNC_GREATER,
    PIPE_FUNC_NOTEQUAL,
    PIPE_FUNC_GEQUAL,
    PIPE_FUNC_ALWAYS,
};

enum pipe_swizzle {
    PIPE_SWIZZLE_X,
    PIPE_SWIZZLE_Y,
    PIPE_SWIZZLE_Z,
    PIPE_SWIZZLE_W,
    PIPE_SWIZZLE_0,
    PIPE_SWIZZLE_1,
    PIPE_SWIZZLE_NONE,
};

#endif /* SWR_P_DEFINES_H */
