/*
 * glc_scenes.h: small GL 2.1 + GLSL programs that cover the GL frontend's
 * features (rasterization, depth/stencil, blending, textures of many
 * formats and filters, FBOs, GLSL), each rendering one image through a
 * glc_api table. test_gl_compare runs every scene on swr's libOSMesa and on
 * Mesa's llvmpipe libOSMesa and requires the images to agree.
 *
 * A scene is a table row: clear colour, program (shader texts with
 * attribute 0 = "pos", 1 = "attr"), uniforms, an optional pattern texture,
 * state toggles, quads and the PSNR bound. glc_scene_render() is the one
 * runner: it sets the row up, calls the row's hook (for what needs code),
 * draws the row's quads, tears everything down and checks glGetError.
 */
#ifndef GLC_SCENES_H
#define GLC_SCENES_H

#include "tools/glc_api.h"

/* One glUniform* call on the scene's program. */
typedef struct glc_uniform {
    const char *name; /* NULL ends the list */
    char kind;        /* 'i': Uniform1i(v[0]); 'f': Uniform<n>f; 'v': Uniform1fv of n;
                       * 'm': UniformMatrix2fv */
    int n;
    float v[4];
} glc_uniform;

/* A quad from client arrays: pos from (x0,y0)-(x1,y1) in NDC, attr the
 * four corners' extra values (4 floats each, counter-clockwise from
 * x0,y0) or NULL for none. */
typedef struct glc_quad {
    float x0, y0, x1, y1;
    const float *attr;
} glc_quad;

/* What the runner made for a scene (program, textures, buffers it deletes
 * at the end); glc_scenes.c defines it. */
typedef struct glc_run glc_run;

enum { GLC_SCENE_UNIFORMS = 8, GLC_SCENE_ENABLES = 2 };

typedef struct glc_scene {
    const char *name;
    double min_psnr;            /* dB the two images must reach */
    float clear[4];             /* colour; depth 1 and stencil 0 */
    const char *vs, *fs;        /* fs NULL: no program (or the hook makes one) */
    glc_uniform uniforms[GLC_SCENE_UNIFORMS];
    struct {                    /* a pattern texture on unit 0 (size 0: none) */
        int size, cell;
        GLenum min, mag;
    } pattern;
    GLenum enables[GLC_SCENE_ENABLES]; /* glEnable'd before the hook, disabled after */
    bool blend;                 /* glEnable(GL_BLEND) + glBlendFunc(blend_src, blend_dst) */
    GLenum blend_src, blend_dst;
    /* Runs after the set-up, before the quads; false when something the
     * scene needs failed. */
    bool (*hook)(glc_api *g, glc_run *r);
    const glc_quad *quads;
    unsigned num_quads;
    int accum_bits;             /* the context's accumulation buffer bits (0: none) */
} glc_scene;

extern const glc_scene glc_scenes[];
extern const unsigned glc_num_scenes;

/* Renders scene s into the current w x h target (context fresh for the
 * scene, made with s->accum_bits); false when something the scene needs
 * failed (a GL error, a shader that did not compile). */
bool glc_scene_render(glc_api *g, const glc_scene *s, int w, int h);

#endif /* GLC_SCENES_H */
