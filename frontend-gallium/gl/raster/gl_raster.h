/*
 * gl_raster.h: the raster part: rasterizer and per-fragment state (viewport,
 * depth range, scissor, blend, depth, stencil, colour/depth/stencil masks,
 * polygon offset/mode and stipple, cull, front face, line width, point size
 * and sprites, clip distance enables, logic op, sample coverage, clear
 * values), queries (occlusion, timer, primitives, conditional
 * rendering) and sync objects. gl_raster.c holds the state, its
 * glGet/glEnable and its CSOs, gl_query.c the query objects, gl_sync.c the
 * fence syncs; glClear, which applies the clear values,
 * masks and scissor to the draw framebuffer, is the framebuffer part's.
 * May call: objects, pixels.
 *
 * The GL state lives in gl_raster_state as GL specifies it (enums, unclamped
 * values where glGet returns them unclamped). gl_raster_validate() turns the
 * groups marked dirty into pipe CSOs (rasterizer, blend, depth/stencil/alpha)
 * taken from a per-context cache keyed by the CSO's bytes, and into the small
 * set_* states; a draw with unchanged state costs a flag test.
 */
#ifndef GL_RASTER_H
#define GL_RASTER_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/gl/common/gl_common.h"
#include "frontend-gallium/gl/objects/gl_objects.h"

struct pipe_query;

#define SWRGL_MAX_CLIP_PLANES  8 /* CLIP_DISTANCE0..7; CLIP_PLANE0..5 alias the first six */

/* Dirty groups (gl_raster_state::dirty). */
#define GLR_DIRTY_RAST      (1u << 0)
#define GLR_DIRTY_BLEND     (1u << 1)
#define GLR_DIRTY_DSA       (1u << 2)
#define GLR_DIRTY_VIEWPORT  (1u << 3)
#define GLR_DIRTY_SCISSOR   (1u << 4)
#define GLR_DIRTY_BCOLOR    (1u << 5)
#define GLR_DIRTY_SREF      (1u << 6)
#define GLR_DIRTY_CLIP      (1u << 7)
#define GLR_DIRTY_STIPPLE   (1u << 8)
#define GLR_DIRTY_SAMPLEMSK (1u << 9)
#define GLR_DIRTY_ALL       0x3ffu

/* One face of the stencil state ([0] front, [1] back). */
typedef struct gl_stencil_face {
    GLenum func;
    GLint ref;
    GLuint value_mask, write_mask;
    GLenum fail, zfail, zpass;
} gl_stencil_face;

/* One query target's binding: the active query object (NULL if none). */
struct gl_query;

/* The part's state (ctx->raster), read by the parts that apply it (clears,
 * glAccum and blits honour the scissor and masks; the program part's
 * gl_DepthRange; indexed glGet). Only this part writes it. */
typedef struct gl_raster_state {
    gl_object_table queries;
    void *priv; /* struct glr_cache: the CSO cache (gl_raster.c) */

    unsigned dirty; /* GLR_DIRTY_* */

    /* viewport, depth range, scissor */
    GLint viewport[4];
    GLdouble depth_range[2];
    GLint scissor[4];
    bool scissor_test;

    /* blending and colour writes */
    bool blend[SWRGL_MAX_DRAW_BUFFERS];
    GLenum blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha;
    GLenum blend_eq_rgb, blend_eq_alpha;
    GLfloat blend_color[4];
    GLboolean color_mask[SWRGL_MAX_DRAW_BUFFERS][4];
    GLenum logic_op;
    bool color_logic_op, index_logic_op, dither;
    bool alpha_to_coverage, alpha_to_one, sample_coverage, multisample;
    GLfloat sample_coverage_value;
    bool sample_coverage_invert;
    /* GL 3.2 GL_SAMPLE_MASK and glSampleMaski: stored and queried; with
     * one sample per pixel (GL_SAMPLE_BUFFERS 0) they affect nothing. */
    bool sample_mask;
    GLbitfield sample_mask_value;
    GLenum clamp_vertex, clamp_fragment; /* defaults; glClampColor is the framebuffer part's */
    bool alpha_test;
    GLenum alpha_func;
    GLfloat alpha_ref;

    /* depth and stencil */
    bool depth_test, depth_mask, depth_clamp;
    GLenum depth_func;
    bool stencil_test;
    gl_stencil_face stencil[2];
    /* GL_EXT_stencil_two_side: with GL_STENCIL_TEST_TWO_SIDE_EXT enabled,
     * back faces use stencil_ext_back instead of stencil[1]; while
     * glActiveStencilFaceEXT(GL_BACK) is in effect, glStencilFunc/Op/Mask
     * and the GL_STENCIL_* (front) queries address stencil_ext_back.
     * Read the back state the draws use through gl_raster_stencil_back(). */
    bool stencil_two_side;
    GLenum active_stencil_face; /* GL_FRONT or GL_BACK */
    gl_stencil_face stencil_ext_back;

    /* clear values */
    GLfloat clear_color[4];
    GLdouble clear_depth;
    GLint clear_stencil;

    /* polygons, lines, points */
    bool cull;
    GLenum cull_face, front_face, shade_model, provoking_vertex;
    GLenum polygon_mode[2]; /* front, back */
    GLfloat offset_factor, offset_units;
    bool offset_fill, offset_line, offset_point;
    bool polygon_smooth, polygon_stipple;
    GLubyte stipple[128]; /* glPolygonStipple: 32 rows of 4 bytes, MSB first */
    GLfloat line_width;
    bool line_smooth, line_stipple;
    GLint line_stipple_factor;
    GLushort line_stipple_pattern;
    GLfloat point_size, point_size_min, point_size_max, point_fade;
    GLfloat point_attenuation[3]; /* GL_POINT_DISTANCE_ATTENUATION (the fixed part's programs use it) */
    GLenum sprite_origin;
    bool point_sprite, point_smooth, program_point_size;
    uint8_t clip_enable; /* bit k: CLIP_DISTANCEk */
    GLdouble clip_plane[SWRGL_MAX_CLIP_PLANES][4];
    bool rasterizer_discard;
    /* what the fixed-function programs of the last draw need (gl_raster_set_fixed) */
    struct gl_raster_fixed {
        bool on;                     /* the draws use fixed-function programs */
        bool light_twoside;          /* back faces read the VS's back colours */
        bool clamp_in_shader;        /* the VS clamps its colours: pipe clamp off */
        bool point_size_per_vertex;  /* point attenuation: the VS writes PSIZE */
        uint8_t sprite_coord_enable; /* GL_COORD_REPLACE per unit */
    } fixed;

    /* glHint, indexed by glr_hint_index() */
    GLenum hints[8];

    /* queries (gl_query.c) */
    struct gl_query *active[6]; /* by glq_target_index() */
    struct gl_query *cond_query; /* conditional render in progress, or NULL */
} gl_raster_state;

GL_PART_HOOKS(raster)
/* Draw-time validation (the draw part calls it): the groups marked dirty
 * become CSOs and set_* states; false (GL_OUT_OF_MEMORY recorded) when a
 * CSO cannot be made. */
bool gl_raster_validate(struct gl_context *ctx);
/* ARB_blend_func_extended: true when a draw buffer with blending enabled
 * uses a SRC1 factor (the fragment shader's second colour), which allows
 * at most GL_MAX_DUAL_SOURCE_DRAW_BUFFERS (1) draw buffers (the draw part
 * checks). */
bool gl_raster_blend_reads_src1(struct gl_context *ctx);

/* The stencil state back faces use: stencil[1], or stencil_ext_back while
 * GL_STENCIL_TEST_TWO_SIDE_EXT is enabled. */
const gl_stencil_face *gl_raster_stencil_back(const gl_raster_state *r);

/* For the program part (user clip planes through gl_ClipVertex): plane k
 * in eye space (as glClipPlane stored it), and the enabled planes (bit k). */
const GLdouble *gl_raster_clip_plane(struct gl_context *ctx, unsigned k);
unsigned gl_raster_clip_enables(struct gl_context *ctx);

/* For the fixed part: glClipPlane's plane k, already in eye space. */
void gl_raster_set_clip_plane(struct gl_context *ctx, unsigned k, const GLdouble plane[4]);

/* For the fixed part (before gl_raster_validate): the rasterizer bits its
 * programs need; NULL (the draw part, for GLSL draws): none. */
typedef struct gl_raster_fixed gl_raster_fixed;
void gl_raster_set_fixed(struct gl_context *ctx, const gl_raster_fixed *fixed);

/* Marks every pipe state of this part for re-sending (after something else
 * bound CSOs of its own, e.g. a blit through the pipe). */
void gl_raster_invalidate(struct gl_context *ctx);

/* CSOs this part has created so far (tests check that toggling between two
 * states reuses them). */
unsigned gl_raster_cso_creates(struct gl_context *ctx);

/* The part of a width x height buffer that scissoring leaves (all of it
 * with the scissor test off): box = {x0, y0, x1, y1}, half-open. False when
 * it is empty. Clears and glAccum use it. */
bool gl_raster_scissored_area(struct gl_context *ctx, unsigned width, unsigned height,
                              unsigned box[4]);

#endif /* GL_RASTER_H */
