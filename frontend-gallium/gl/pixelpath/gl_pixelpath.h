/*
 * gl_pixelpath.h: the pixelpath part: GL 1.x's legacy pixel paths. For now
 * it owns the current raster position (GL 2.1 section 2.13): glRasterPos*
 * transforms a point by the current modelview and projection matrices,
 * clips it against the view volume and the enabled clip planes (the valid
 * bit), maps it to window coordinates with the viewport and depth range,
 * and latches the current colours, texture coordinates and eye distance;
 * glWindowPos* sets window coordinates directly. The glGets of
 * GL_CURRENT_RASTER_* and GL_PIXEL_ZOOM_X/Y (glPixelZoom, stored for the
 * pixel rectangles to come) are this part's.
 * May call: fixed, raster, texture.
 *
 * In: the fixed part's values (matrices, current attributes, clip planes
 * in eye space, fog coordinate source), the raster part's viewport, depth
 * range and clip plane enables, the texture unit the fixed part reports as
 * active. Out: the state below, read by glBitmap/glDrawPixels (to come).
 *
 * Not yet: the raster colour under GL_LIGHTING is the current colour (the
 * lit colour needs the fixed-function lighting on the CPU), texgen is not
 * applied to the raster texture coordinates, a bound GLSL program's vertex
 * shader is not run (the fixed-function transform is used).
 */
#ifndef GL_PIXELPATH_H
#define GL_PIXELPATH_H

#include <stdbool.h>

#include "frontend-gallium/gl/common/gl_common.h"
#include "frontend-gallium/gl/fixed/gl_fixed.h"

#define GLPP_MAX_UNITS GL_FF_MAX_TEXTURE_UNITS

/* The part's state (ctx->pixelpath). */
typedef struct gl_pixelpath_state {
    GLfloat pos[4]; /* window x, y, z and clip w */
    bool valid;
    GLfloat color[4], secondary[4];
    GLfloat texcoord[GLPP_MAX_UNITS][4];
    GLfloat distance;
    GLfloat index;
    GLfloat zoom_x, zoom_y;
} gl_pixelpath_state;

GL_PART_HOOKS(pixelpath)

#endif /* GL_PIXELPATH_H */
