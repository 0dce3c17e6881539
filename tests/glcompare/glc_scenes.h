/*
 * glc_scenes.h: small GL 2.1 + GLSL programs that cover the GL frontend's
 * features (rasterization, depth/stencil, blending, textures of many
 * formats and filters, FBOs, GLSL), each rendering one image through a
 * glc_api table. test_gl_compare runs every scene on swr's libOSMesa and on
 * Mesa's llvmpipe libOSMesa and requires the images to agree.
 */
#ifndef GLC_SCENES_H
#define GLC_SCENES_H

#include "glc_api.h"

typedef struct glc_scene {
    const char *name;
    /* Renders into the current w x h target (context fresh for the scene);
     * returns false when something the scene needs failed (a GL error, a
     * shader that did not compile). */
    bool (*draw)(glc_api *g, int w, int h);
    double min_psnr; /* dB the two images must reach */
} glc_scene;

extern const glc_scene glc_scenes[];
extern const unsigned glc_num_scenes;

#endif /* GLC_SCENES_H */
