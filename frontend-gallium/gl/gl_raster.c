/* gl_raster.c: placeholder until the part is written (see gl_context.h). */
#include "frontend-gallium/gl/gl_context.h"

bool gl_raster_init(struct gl_context *ctx) { return true; }
void gl_raster_fini(struct gl_context *ctx) {}
bool gl_raster_get(struct gl_context *ctx, GLenum pname, gl_value *v) { return false; }
int gl_raster_enable(struct gl_context *ctx, GLenum cap, int op) { return -1; }
bool gl_raster_validate(struct gl_context *ctx) { return true; }
