/*
 * gl_common.c: the error flag, the calling thread's current context and the
 * report of a command without an implementation (called by the weak stubs
 * gen_gl_api.py generates into gl_entry.c): one line per command and
 * context, unless KNOB_GL_REPORT_UNIMPLEMENTED is false.
 */
#include "frontend-gallium/gl/common/gl_common.h"

#include <stdio.h>

#include "knobs/knobs.h"

_Thread_local struct gl_context *swrgl_current_ctx;

void gl_error(struct gl_context *ctx, GLenum err)
{
    if (ctx->error == GL_NO_ERROR)
        ctx->error = err;
}

void swrgl_unimplemented(struct gl_context *ctx, unsigned index, const char *name)
{
    /* One line per command per context (a bit per command in the context),
     * so a log shows what a program needs without one line per call;
     * KNOB_GL_REPORT_UNIMPLEMENTED=0 silences it. The context belongs to
     * the calling thread, so the bits need no lock. */
    if (index < SWRGL_IMPL_COUNT) {
        uint8_t bit = (uint8_t)(1u << (index & 7));
        if (!(ctx->unimplemented_reported[index >> 3] & bit)) {
            ctx->unimplemented_reported[index >> 3] |= bit;
            if (KNOB_GL_REPORT_UNIMPLEMENTED)
                fprintf(stderr, "swr: %s is not implemented (GL_INVALID_OPERATION)\n", name);
        }
    }
    gl_error(ctx, GL_INVALID_OPERATION);
}
