/*
 * gl_framebuffer_priv.h: what the framebuffer part's files share:
 * gl_framebuffer.c (framebuffers, renderbuffers, completeness, the window and
 * its accumulation buffer) with gl_clear.c, gl_readpixels.c, gl_blit.c and
 * gl_accum.c. Not for other parts: they use gl_framebuffer.h.
 */
#ifndef GL_FRAMEBUFFER_PRIV_H
#define GL_FRAMEBUFFER_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/gl/framebuffer/gl_framebuffer.h"
#include "frontend-gallium/gallium/p_format.h"

/* What a pipe format stores, as the GL queries (RED_SIZE.., COMPONENT_TYPE,
 * COLOR_ENCODING) report it. */
typedef struct gl_fb_format_info {
    unsigned char r, g, b, a, d, s; /* bits */
    GLenum component_type;          /* UNSIGNED_NORMALIZED, FLOAT, INT, ... ; NONE */
    bool srgb;
} gl_fb_format_info;
void gl_fb_format_info_get(enum pipe_format f, gl_fb_format_info *out);

enum gl_fb_buffer_kind { GL_FB_COLOR, GL_FB_DEPTH, GL_FB_STENCIL };

/* Completeness of the framebuffer bound to GL_READ_FRAMEBUFFER (read) or
 * GL_DRAW_FRAMEBUFFER (!read), surfaces refreshed first. */
GLenum gl_fb_status(struct gl_context *ctx, bool read);
/* The read framebuffer's surface for `kind` (colour: the read buffer), NULL
 * when absent; *base_format gets its GL base internal format. */
struct pipe_surface *gl_fb_read_surface(struct gl_context *ctx, enum gl_fb_buffer_kind kind,
                                        GLenum *base_format);
/* The draw framebuffer's depth or stencil surface (NULL when absent). */
struct pipe_surface *gl_fb_draw_zs_surface(struct gl_context *ctx, enum gl_fb_buffer_kind kind);
/* GL_CLAMP_READ_COLOR state: whether ReadPixels clamps colours read from a
 * buffer of this kind (`float_buffer`: the buffer stores floats). */
bool gl_fb_read_clamp(struct gl_context *ctx, bool float_buffer);

/* The accumulation buffer (GL 2.1 section 4.2.4; window framebuffer only,
 * when gl_context_desc.accum_bits > 0): RGBA, GL_FB_ACCUM_BITS signed
 * normalized bits per channel (stored s means s / 32767), rows bottom-up,
 * the window's size (re-made, cleared to 0, when gl_framebuffer_set_window
 * changes the size). NULL when the context has none or the window is not
 * set yet. gl_accum.c does the arithmetic. */
#define GL_FB_ACCUM_BITS 16
int16_t *gl_fb_accum_buffer(struct gl_context *ctx, unsigned *width, unsigned *height);
/* GL_ACCUM_CLEAR_VALUE (glClearAccum, gl_accum.c), clamped to [-1, 1]. */
GLfloat *gl_fb_accum_clear_value(struct gl_context *ctx);
/* For glClear(GL_ACCUM_BUFFER_BIT) (gl_accum.c): sets the rectangle of the
 * accumulation buffer to ACCUM_CLEAR_VALUE when the draw framebuffer is the
 * window and has one (FBOs have none: nothing happens). */
void gl_accum_clear(struct gl_context *ctx, unsigned x, unsigned y, unsigned w, unsigned h);

#endif /* GL_FRAMEBUFFER_PRIV_H */
