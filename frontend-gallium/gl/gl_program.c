/* gl_program.c: placeholder until the part is written (see gl_context.h). */
#include "frontend-gallium/gl/gl_context.h"

bool gl_program_init(struct gl_context *ctx) { return true; }
void gl_program_fini(struct gl_context *ctx) {}
bool gl_program_get(struct gl_context *ctx, GLenum pname, gl_value *v) { return false; }
int gl_program_enable(struct gl_context *ctx, GLenum cap, int op) { return -1; }
bool gl_program_validate(struct gl_context *ctx) { return true; }
unsigned gl_program_vs_inputs(struct gl_context *ctx, gl_vs_input *inputs) { return 0; }
unsigned gl_program_sampler_uses(struct gl_context *ctx, gl_sampler_use *uses) { return 0; }
