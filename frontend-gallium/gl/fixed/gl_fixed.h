/*
 * gl_fixed.h: the fixed part: GL's fixed-function state and its draw-time
 * binding. It owns the matrix stacks (modelview, projection, texture per
 * unit, colour) and their commands, lighting and materials (glLight*,
 * glLightModel*, glMaterial*, glColorMaterial), fog, texture coordinate
 * generation, the texture environments (glTexEnv*, moved here from the
 * texture part, which keeps GL_TEXTURE_LOD_BIAS), glClipPlane (planes go to
 * the raster part in eye space), the point distance attenuation, the
 * enables of all these and every glGet of them. gl_fixed.c holds the state,
 * its hooks and the matrix commands; gl_fixed_light.c lighting, fog,
 * texgen, texenv and clip planes; gl_fixed_validate.c the draw binding.
 * May call: fixedfunc, objects, vertex, raster, program, texture.
 *
 * Values live in a gl_ff_gl_state (fixedfunc/gl_ff_state.h), exactly the
 * values the generated programs and GLSL's built-in uniforms read: light
 * positions, spot directions, texgen eye planes and clip planes are stored
 * as GL specifies, transformed by the modelview current at the call.
 *
 * The draw binding (gl_fixed_validate), for a draw with no GLSL program:
 * the key (fixedfunc/gl_ff_key.h) is built from this state, the raster
 * part's (alpha test, shade model, point sprites are its) and the texture
 * part's units; the programs come from the context's gl_ff_cache, whose
 * entries carry the pipe CSOs; constant buffer 0 of each stage is filled
 * with gl_ff_fill_constants when a value changed (a serial bumped by every
 * command that changes a value) or a new program was bound. Attributes with
 * no enabled array are read from constants (const_attribs), so the vertex
 * inputs are exactly the enabled arrays.
 *
 * Errors: as GL specifies (INVALID_ENUM, INVALID_VALUE, STACK_OVERFLOW,
 * STACK_UNDERFLOW); out of memory at validation is GL_OUT_OF_MEMORY and a
 * skipped draw. Thread: the context's thread.
 */
#ifndef GL_FIXED_H
#define GL_FIXED_H

#include <stdbool.h>

#include "frontend-gallium/gl/common/gl_common.h"
#include "frontend-gallium/gl/fixedfunc/gl_fixedfunc.h"
#include "frontend-gallium/gl/program/gl_program.h"
#include "frontend-gallium/gl/vertex/gl_vertex.h"

GL_PART_HOOKS(fixed)

/* What a fixed-function draw fetches: VS input i reads arrays[i] (an
 * enabled array), and the samplers the fragment program uses (sampler u =
 * unit u) for the texture part's validation. */
typedef struct gl_fixed_draw {
    unsigned num_inputs;
    const gl_attrib_array *arrays[GL_FF_ATTRIB_COUNT];
    unsigned num_samplers;
    gl_sampler_use samplers[GL_FF_MAX_TEXTURE_UNITS];
} gl_fixed_draw;

/* Binds the fixed-function VS and FS and their constants, and sets the
 * raster part's fixed-function bits (gl_raster_set_fixed); call it before
 * gl_raster_validate. False (GL_OUT_OF_MEMORY recorded) when the draw must
 * be skipped. */
bool gl_fixed_validate(struct gl_context *ctx, gl_fixed_draw *out);

/* The next gl_fixed_validate binds its shaders and constants again (another
 * part bound its own, e.g. a GLSL program's draw). */
void gl_fixed_invalidate_pipe(struct gl_context *ctx);

/* The fixed-function values (GLSL's built-in uniforms read them; the
 * values of other parts are refreshed first) and a serial bumped whenever
 * one of them changes: call gl_fixed_values first. */
const gl_ff_gl_state *gl_fixed_values(struct gl_context *ctx);
uint64_t gl_fixed_values_serial(struct gl_context *ctx);

/* Fixed-function validation statistics for tests and benchmarks. */
typedef struct gl_fixed_stats {
    uint64_t key_builds;      /* validations that rebuilt the keys */
    uint64_t shader_binds;    /* CSO binds (VS + FS) */
    uint64_t const_uploads;   /* constant buffer fills */
    gl_ff_cache_stats cache;
} gl_fixed_stats;
gl_fixed_stats gl_fixed_get_stats(struct gl_context *ctx);

/* GL_FOG_COORD_SRC (the raster distance of the pixelpath part reads it). */
GLenum gl_fixed_fog_coord_src(struct gl_context *ctx);

#endif /* GL_FIXED_H */
