/* gl_texture.c: placeholder until the part is written (see gl_context.h). */
#include "frontend-gallium/gl/gl_context.h"

bool gl_texture_init(struct gl_context *ctx) { return true; }
void gl_texture_fini(struct gl_context *ctx) {}
bool gl_texture_get(struct gl_context *ctx, GLenum pname, gl_value *v) { return false; }
int gl_texture_enable(struct gl_context *ctx, GLenum cap, int op) { return -1; }
bool gl_texture_validate(struct gl_context *ctx) { return true; }
struct pipe_surface *gl_texture_surface(struct gl_context *ctx, GLuint name, GLenum textarget,
                                        GLint level, GLint layer, GLenum *internal_format_out)
{
    return NULL;
}
bool gl_texture_exists(struct gl_context *ctx, GLuint name) { return false; }
