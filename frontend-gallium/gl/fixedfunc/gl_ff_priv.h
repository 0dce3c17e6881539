/*
 * gl_ff_priv.h: what the key rules (gl_ff_key.c) tell the generators
 * (gl_ff_vs.c, gl_ff_fs.c) and the cache: one definition of which key
 * fields imply which work, shared so that canonical keys and generated
 * code cannot disagree.
 */
#ifndef SWR_GL_FF_PRIV_H
#define SWR_GL_FF_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/gl/fixedfunc/gl_ff_key.h"

/* The eye-space normal is used (lighting with a light, or a texgen mode
 * that reads it on a written unit). */
bool ff_vs_needs_normal(const gl_ff_vs_key *k);
/* GL_FF_FACE_* whose material `term` (GL_FF_CM_EMISSION, _AMBIENT,
 * _DIFFUSE, _SPECULAR) is the colour attribute. */
unsigned ff_vs_tracked_faces(const gl_ff_vs_key *k, unsigned term);
/* Bit a: attribute a (gl_ff_attrib) is read, as an input or a constant. */
uint16_t ff_vs_attribs_read(const gl_ff_vs_key *k);
/* Arguments a combine function reads under an environment mode. */
unsigned ff_combine_args(unsigned mode, unsigned func);

#endif /* SWR_GL_FF_PRIV_H */
