/*
 * gl_eval.h: the eval part: GL 1.x evaluators (GL 2.1 section 5.1).
 * glMap1{f,d} and glMap2{f,d} store Bezier control points for the nine targets of each
 * dimension, glMapGrid{1,2}{f,d} the grids, glEnable of the GL_MAP1_ and
 * GL_MAP2_ targets and GL_AUTO_NORMAL what is evaluated; glEvalCoord*, glEvalPoint* and
 * glEvalMesh* evaluate the enabled maps and emit the results through the
 * vertex part's commands (glColor4fv, glNormal3fv, glTexCoord4fv,
 * glVertex4fv), so they take immediate mode's path (glEvalMesh wraps its
 * points in glBegin/glEnd). glGetMap{f,d,i}v and the glGets of the grids and caps
 * are this part's.
 * May call: vertex, immediate.
 *
 * The evaluated colour, normal and texture coordinates do not change the
 * current values (GL 2.1 section 5.1: they are used for the vertex only):
 * the current values are set back after each evaluated vertex.
 * Not yet: GL_MAP*_INDEX is stored and enabled but not evaluated (there is
 * no colour-index mode). In a display list glMap1/glMap2 copy the points
 * they read (swrgl_map_values sizes them, gl_common.c).
 */
#ifndef GL_EVAL_H
#define GL_EVAL_H

#include <stdbool.h>

#include "frontend-gallium/gl/common/gl_common.h"

#define GLE_MAX_ORDER 30 /* GL_MAX_EVAL_ORDER */
#define GLE_TARGETS 9    /* COLOR_4, INDEX, NORMAL, TEXTURE_COORD_1..4, VERTEX_3, VERTEX_4 */

typedef struct gl_eval_map {
    GLint uorder, vorder; /* vorder 1 for a 1D map */
    GLfloat u1, u2, v1, v2;
    GLfloat *points; /* uorder * vorder * size floats, u fastest; NULL: the default point */
} gl_eval_map;

/* The part's state (ctx->eval). */
typedef struct gl_eval_state {
    gl_eval_map map1[GLE_TARGETS], map2[GLE_TARGETS];
    unsigned enabled1, enabled2; /* bit t: GL_MAP1/2 target t */
    bool auto_normal;
    GLint grid1_n;
    GLfloat grid1_u1, grid1_u2;
    GLint grid2_un, grid2_vn;
    GLfloat grid2_u1, grid2_u2, grid2_v1, grid2_v2;
} gl_eval_state;

GL_PART_HOOKS(eval)

#endif /* GL_EVAL_H */
