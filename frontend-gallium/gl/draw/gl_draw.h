/*
 * gl_draw.h: the draw part: glDrawArrays, glDrawElements,
 * glDrawRangeElements, the multi-draws, the instanced draws, their base
 * vertex forms and primitive restart. A draw
 * validates the state of every part it uses (framebuffer, raster, program,
 * textures, in that order) and hands the pipe the vertex state it derives
 * from the bound VAO and the current attribute values (gl_draw.c).
 * With no GLSL program current, the fixed part's programs draw (gl_fixed.h).
 * May call: vertex, raster, program, texture, framebuffer, fixed.
 */
#ifndef GL_DRAW_H
#define GL_DRAW_H

#include <stdbool.h>

#include "frontend-gallium/gl/common/gl_common.h"

/* The part's hooks: its pname is GL_PRIMITIVE_RESTART_INDEX, its cap
 * GL_PRIMITIVE_RESTART. */
GL_PART_HOOKS(draw)

/* The draws skip re-sending vertex buffers and the vertex-elements CSO when
 * they did not change since the last draw. A part that binds its own (a
 * meta operation drawing through the pipe) calls this afterwards. */
void gl_draw_pipe_state_lost(struct gl_context *ctx);

#endif /* GL_DRAW_H */
