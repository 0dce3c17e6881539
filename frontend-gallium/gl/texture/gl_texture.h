/*
 * gl_texture.h: texture objects (1D, 2D, 3D, cube, rectangle, 1D/2D
 * arrays), their images (glTexImage*, glTexSubImage*, glCopyTex*,
 * compressed images, glGenerateMipmap, glGetTexImage), parameters, texture
 * units, and the sampler views and sampler states a draw uses.
 * Owner of the part: gl_texture.c (and more gl_texture_*.c files).
 */
#ifndef GL_TEXTURE_H
#define GL_TEXTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/gl/common/gl_common.h"

struct pipe_surface;
struct pipe_resource;

GL_PART_HOOKS(texture)
bool gl_texture_validate(struct gl_context *ctx);

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

#endif /* GL_TEXTURE_H */
