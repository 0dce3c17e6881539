/*
 * gl_xfb.h: transform feedback's part of the draws (gl_xfb.c), for
 * gl_draw.c only: the state's life with the draw part's, and the check
 * every draw makes of its primitive mode.
 */
#ifndef GL_XFB_H
#define GL_XFB_H

#include <stdbool.h>

#include "frontend-gallium/gl/common/gl_common.h"

struct gl_xfb_state;
/* The draw part's pointer to the state (gl_draw.c keeps it). */
struct gl_xfb_state **gl_draw_xfb_slot(struct gl_context *ctx);

bool gl_xfb_init(struct gl_context *ctx);
void gl_xfb_fini(struct gl_context *ctx); /* ends an active transform feedback */
/* GL 3.0 section 2.15: while transform feedback is active a draw's mode
 * must make the primitives of glBeginTransformFeedback's mode; false with
 * GL_INVALID_OPERATION recorded when it does not. */
bool gl_xfb_mode_ok(struct gl_context *ctx, GLenum mode);

#endif /* GL_XFB_H */
