/*
 * gl_raster.h: rasterizer and per-fragment state (viewport, depth range,
 * scissor, blend, depth, stencil, colour/depth/stencil masks, polygon
 * offset/mode, cull, front face, line width, point size and sprites, clip
 * distance enables, logic op, sample coverage), glClear/glClearBuffer*, and
 * queries (occlusion, timer, primitives).
 * Owner of the part: gl_raster.c, gl_clear.c, gl_query.c.
 */
#ifndef GL_RASTER_H
#define GL_RASTER_H

#include <stdbool.h>

#include "gl_api.h"
#include "frontend-gallium/gl/gl_objects.h"

struct gl_context;

typedef struct gl_raster_state {
    gl_object_table queries;
    /* the part adds the rest */
    void *priv;
} gl_raster_state;

#endif /* GL_RASTER_H */
