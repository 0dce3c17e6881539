/*
 * gl_raster_priv.h: what gl_raster.c (state, CSOs, hooks), gl_query.c
 * (query objects, conditional rendering) and gl_sync.c (sync objects) share. Not for other parts: they
 * use gl_raster.h.
 */
#ifndef GL_RASTER_PRIV_H
#define GL_RASTER_PRIV_H

#include "frontend-gallium/gl/raster/gl_raster.h"

/* The query half of the part's hooks (gl_raster_init/fini/get call them). */
bool glr_query_init(struct gl_context *ctx);
void glr_query_fini(struct gl_context *ctx);
bool glr_query_get(struct gl_context *ctx, GLenum pname, gl_value *v);
/* The sync-object half (gl_sync.c): GL_MAX_SERVER_WAIT_TIMEOUT, and the
 * group's last context freeing the syncs left. */
bool glr_sync_get(struct gl_context *ctx, GLenum pname, gl_value *v);
void glr_sync_fini(struct gl_context *ctx);

#endif /* GL_RASTER_PRIV_H */
