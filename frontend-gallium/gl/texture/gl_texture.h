/*
 * gl_texture.h: the texture part: texture objects (1D, 2D, 3D, cube,
 * rectangle, 1D/2D arrays), their images (glTexImage*, glTexSubImage*,
 * glCopyTex*, compressed images, glGenerateMipmap, glGetTexImage),
 * parameters, texture units (glTexEnv is the fixed part's), and the sampler views and sampler states a
 * draw uses. gl_texture.c holds the objects, units, parameters, glGet and
 * draw validation, gl_texture_image.c the images and their storage.
 * May call: objects, pixels, vertex, program.
 *
 * The framebuffer part sits above this one (framebuffer objects attach
 * texture images through gl_texture_surface), yet two texture commands
 * need the framebuffer: glCopyTex* read the read framebuffer's colour
 * buffer and glDeleteTextures detaches the texture from the bound
 * framebuffers. The framebuffer part provides both through
 * gl_texture_fb_calls, which gl_context.c (the one file that calls both
 * parts) connects when it makes the context; this part includes nothing of
 * the framebuffer part.
 */
#ifndef GL_TEXTURE_H
#define GL_TEXTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/gl/common/gl_common.h"

struct pipe_surface;
struct pipe_resource;

GL_PART_HOOKS(texture)
/* Draw-time validation (the draw part calls it): the sampler views and
 * sampler states of the textures the current program samples. */
bool gl_texture_validate(struct gl_context *ctx);
/* The same for an explicit list of sampler uses (the fixed-function
 * programs': sampler u = unit u; gl_program.h's gl_sampler_use). */
struct gl_sampler_use;
bool gl_texture_validate_uses(struct gl_context *ctx, const struct gl_sampler_use *uses,
                              unsigned n);

/* For the fixed part: the active texture unit (glActiveTexture), the
 * active unit's GL_TEXTURE_LOD_BIAS (glTexEnv's GL_TEXTURE_FILTER_CONTROL),
 * and what unit `unit` samples for fixed-function texturing: its enabled
 * target of highest priority (GL_TEXTURE_CUBE_MAP, _3D, _2D, _1D; 0 when
 * none or its texture is incomplete), the base format of the base image
 * (a depth texture's GL_DEPTH_TEXTURE_MODE) and whether it is a depth
 * texture compared (GL_COMPARE_R_TO_TEXTURE). */
unsigned gl_texture_active_unit(struct gl_context *ctx);
void gl_texture_set_unit_lod_bias(struct gl_context *ctx, GLfloat bias);
GLfloat gl_texture_unit_lod_bias(struct gl_context *ctx);
GLenum gl_texture_fixed_unit(struct gl_context *ctx, unsigned unit, GLenum *base_format,
                             bool *shadow);

/* What the texture part asks of the framebuffer part (see above). */
typedef struct gl_texture_fb_calls {
    /* The read framebuffer's colour read buffer, NULL if none (the
     * reference stays with the framebuffer): glCopyTex*'s source. */
    struct pipe_surface *(*read_color)(struct gl_context *ctx);
    /* Detaches texture `name` from the bound draw and read framebuffers
     * (glDeleteTextures, before the texture goes). */
    void (*texture_deleted)(struct gl_context *ctx, GLuint name);
    /* glCheckFramebufferStatus of the read framebuffer: glCopyTex* from an
     * incomplete one is GL_INVALID_FRAMEBUFFER_OPERATION. */
    GLenum (*read_status)(struct gl_context *ctx);
    /* The read framebuffer's depth (or depth/stencil) surface, NULL if
     * none: the source of glCopyTex* into depth textures. */
    struct pipe_surface *(*read_depth)(struct gl_context *ctx);
} gl_texture_fb_calls;
/* Called once, after every part's init. */
void gl_texture_connect_framebuffer(struct gl_context *ctx, const gl_texture_fb_calls *calls);

/* For FBO attachments and glCopyTex*: a surface of level `level` and layer
 * `layer` (cube face for cube maps: face index 0..5 from textarget; array
 * layer / 3D slice otherwise) of texture `name`, created from the texture's
 * current storage. NULL when the texture or that image does not exist
 * (the caller reports incompleteness). The caller owns the reference
 * (pipe_surface_reference semantics: destroy with ctx->pipe->surface_destroy).
 * *format_out gets the GL internal format of that image. */
struct pipe_surface *gl_texture_surface(struct gl_context *ctx, GLuint name, GLenum textarget,
                                        GLint level, GLint layer, GLenum *internal_format_out);

/* True when `name` is an existing texture object (glIsTexture semantics). */
bool gl_texture_exists(struct gl_context *ctx, GLuint name);
/* The target `name` was first bound to (GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP,
 * ...), GL_NONE when it is no texture: glFramebufferTexture* checks it. */
GLenum gl_texture_target(struct gl_context *ctx, GLuint name);

#endif /* GL_TEXTURE_H */
