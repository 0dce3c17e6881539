/*
 * gl_common.c: the error flag, the calling thread's current context and the
 * report of a command without an implementation (called by the weak stubs
 * gen_gl_api.py generates into gl_entry.c).
 */
#include "frontend-gallium/gl/common/gl_common.h"

#include <stdio.h>
#include <string.h>

_Thread_local struct gl_context *swrgl_current_ctx;

void gl_error(struct gl_context *ctx, GLenum err)
{
    if (ctx->error == GL_NO_ERROR)
        ctx->error = err;
}

void swrgl_unimplemented(struct gl_context *ctx, const char *name)
{
    /* One line per command per process, so a log shows what a program needs. */
    static _Thread_local char last[64];
    if (strncmp(last, name, sizeof last) != 0) {
        fprintf(stderr, "swr: %s is not implemented\n", name);
        snprintf(last, sizeof last, "%s", name);
    }
    gl_error(ctx, GL_INVALID_OPERATION);
}
