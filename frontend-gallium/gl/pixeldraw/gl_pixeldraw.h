/*
 * gl_pixeldraw.h: the pixeldraw part: GL 1.x's pixel rectangles drawn at
 * the current raster position (GL 2.1 sections 3.6.4, 3.7, 4.3.3):
 * glDrawPixels, glBitmap and glCopyPixels. Each is one texture upload and
 * one screen-aligned quad through the normal pipeline, so the per-fragment
 * operations (scissor, alpha, stencil and depth tests, blending, logic op,
 * masks) apply as to any primitive; gl_pixeldraw.c says how.
 * May call: pixels, vertex, raster, program, texture, framebuffer, fixed,
 * pixelpath, immediate, attrib.
 *
 * In: the raster position, colour and glPixelZoom (pixelpath), the unpack
 * state and pixel transfer (pixels; glTexImage2D's unpacking does both).
 * Out: fragments; glBitmap moves the raster position.
 *
 * Formats: every colour format/type pair glTexImage2D takes,
 * GL_DEPTH_COMPONENT (writes depth through the depth test),
 * GL_STENCIL_INDEX and GL_DEPTH_STENCIL (write stencil under the write mask
 * and scissor); glCopyPixels of GL_COLOR, GL_DEPTH and GL_STENCIL.
 *
 * Not yet: the fragments skip fog and texturing (the spec gives them the
 * raster position's texture coordinates and fog distance) and a bound GLSL
 * program's fragment shader; GL_COLOR_INDEX images draw nothing; images
 * larger than the largest texture are not split; the programs the part
 * compiles take program names from the share group.
 */
#ifndef GL_PIXELDRAW_H
#define GL_PIXELDRAW_H

#include <stdbool.h>

#include "frontend-gallium/gl/common/gl_common.h"

GL_PART_HOOKS(pixeldraw)

#endif /* GL_PIXELDRAW_H */
