/*
 * gl_framebuffer.h: the window framebuffer (name 0, given by the window
 * system), framebuffer objects, renderbuffers, glDrawBuffer(s)/glReadBuffer,
 * completeness, glReadPixels, glBlitFramebuffer, the accumulation buffer.
 * Owner of the part: gl_framebuffer.c (and gl_readpixels.c, gl_accum.c etc.).
 */
#ifndef GL_FRAMEBUFFER_H
#define GL_FRAMEBUFFER_H

#include <stdbool.h>
#include <stdint.h>

#include "gl_api.h"
#include "frontend-gallium/gl/gl_objects.h"
#include "frontend-gallium/gallium/p_format.h"

struct gl_context;
struct pipe_resource;
struct pipe_surface;

typedef struct gl_framebuffer_state {
    gl_object_table framebuffers;
    gl_object_table *renderbuffers; /* the share group's */
    GLfloat accum_clear[4];         /* glClearAccum, clamped to [-1, 1] */
    /* the part adds the rest */
    void *priv;
} gl_framebuffer_state;

/* The window system's buffers for framebuffer 0 (any may be NULL; a new
 * call replaces the old ones; the framebuffer takes its own references).
 * width/height are the window size; glViewport and glScissor are set to it
 * on the first call for this context, as GL specifies for the first
 * MakeCurrent. */
void gl_framebuffer_set_window(struct gl_context *ctx, struct pipe_resource *color,
                               struct pipe_resource *depth_stencil, unsigned width,
                               unsigned height);

/* The size of the draw framebuffer (0 x 0 when incomplete). */
void gl_framebuffer_draw_size(struct gl_context *ctx, unsigned *width, unsigned *height);

/* True when framebuffer 0 is bound for drawing. */
bool gl_framebuffer_draws_to_window(struct gl_context *ctx);

/* For glCopyTex*: the read framebuffer's colour read buffer (NULL if none;
 * the reference stays with the framebuffer). */
struct pipe_surface *gl_framebuffer_read_color(struct gl_context *ctx);

/* For glClear: the colour buffers drawn to (NULL entries for GL_NONE) and the
 * depth/stencil surface (NULL if none) of the draw framebuffer; returns the
 * number of draw buffers. The references stay with the framebuffer. */
unsigned gl_framebuffer_draw_surfaces(struct gl_context *ctx, struct pipe_surface **colors,
                                      struct pipe_surface **depth_stencil);

/* For glDeleteTextures (texture part): detaches texture `name` from the
 * bound draw and read framebuffers, as GL specifies. Other framebuffers keep
 * the attachment and find the image gone at their next refresh (the texture
 * part bumps ctx->texture.storage_serial). */
void gl_framebuffer_texture_deleted(struct gl_context *ctx, GLuint name);

/* ---- shared by the part's own files (gl_framebuffer.c, gl_readpixels.c,
 * gl_blit.c); other parts should not need these ---- */

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
/* For glClear(GL_ACCUM_BUFFER_BIT) (gl_accum.c): sets the rectangle of the
 * accumulation buffer to ACCUM_CLEAR_VALUE when the draw framebuffer is the
 * window and has one (FBOs have none: nothing happens). */
void gl_accum_clear(struct gl_context *ctx, unsigned x, unsigned y, unsigned w, unsigned h);

#endif /* GL_FRAMEBUFFER_H */
