/*
 * gl_common.c: the error flag, the calling thread's current context and the
 * report of a command without an implementation (called by the weak stubs
 * gen_gl_api.py generates into gl_entry.c): one line per command and
 * context, unless KNOB_GL_REPORT_UNIMPLEMENTED is false.
 */
#include "frontend-gallium/gl/common/gl_common.h"

#include <stdio.h>
#include <string.h>

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

/* ---- what the generated display-list recording needs ---- */

size_t swrgl_map_values(GLenum target, GLint ustride, GLint uorder, GLint vstride, GLint vorder)
{
    /* Components of each evaluator target (GL 2.1 table 5.1), in the
     * order of GL_MAP1_COLOR_4 .. GL_MAP1_VERTEX_4 (and the MAP2 ones). */
    static const unsigned size[9] = {4, 1, 3, 1, 2, 3, 4, 3, 4};
    unsigned k;
    if (target >= GL_MAP1_COLOR_4 && target <= GL_MAP1_VERTEX_4)
        k = size[target - GL_MAP1_COLOR_4];
    else if (target >= GL_MAP2_COLOR_4 && target <= GL_MAP2_VERTEX_4)
        k = size[target - GL_MAP2_COLOR_4];
    else
        return 0;
    if (uorder < 1 || vorder < 1 || uorder > 30 || vorder > 30 || ustride < (GLint)k ||
        (vorder > 1 && vstride < (GLint)k))
        return 0; /* the command reports the error when the list runs */
    return (size_t)(uorder - 1) * (size_t)ustride + (size_t)(vorder - 1) * (size_t)vstride + k;
}

unsigned swrgl_pname_values(GLenum pname)
{
    /* The values a vector parameter command (glLightfv, glMaterialfv,
     * glFogfv, glTexEnvfv, glTexGenfv, glTexParameterfv, glLightModelfv,
     * glPointParameterfv) reads for `pname`; 1 for every scalar pname and
     * every pname the command would reject anyway. */
    switch (pname) {
    case GL_AMBIENT:
    case GL_DIFFUSE:
    case GL_SPECULAR:
    case GL_POSITION:
    case GL_EMISSION:
    case GL_AMBIENT_AND_DIFFUSE:
    case GL_FOG_COLOR:
    case GL_TEXTURE_ENV_COLOR:
    case GL_OBJECT_PLANE:
    case GL_EYE_PLANE:
    case GL_TEXTURE_BORDER_COLOR:
    case GL_LIGHT_MODEL_AMBIENT:
    case GL_TEXTURE_SWIZZLE_RGBA:
        return 4;
    case GL_SPOT_DIRECTION:
    case GL_COLOR_INDEXES:
    case GL_POINT_DISTANCE_ATTENUATION:
        return 3;
    default:
        return 1;
    }
}

size_t swrgl_list_names_bytes(GLsizei n, GLenum type)
{
    static const unsigned bytes[] = {1, 1, 2, 2, 4, 4, 4, 2, 3, 4}; /* GL_BYTE .. GL_4_BYTES */
    if (n <= 0 || type < GL_BYTE || type > GL_4_BYTES)
        return 0;
    return (size_t)n * bytes[type - GL_BYTE];
}

void swrgl_list_not_compiled(struct gl_context *ctx, const char *name)
{
    (void)ctx;
    static _Thread_local char last[64];
    if (strncmp(last, name, sizeof last) != 0) {
        fprintf(stderr, "swr: %s is not compiled into display lists yet: executed now\n", name);
        snprintf(last, sizeof last, "%s", name);
    }
}
