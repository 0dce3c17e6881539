/*
 * gl_texture_priv.h: the texture part's internal state, shared by
 * gl_texture.c (objects, units, parameters, glGet, draw validation) and
 * gl_texture_image.c (image specification, storage, read back).
 *
 * Storage model. GL textures are mutable: each (face, level) image is
 * specified alone, with any size and format. Every image records where its
 * texels live: a pipe resource (a reference), a level and a first layer in
 * it. Normally that is the texture's main resource `res`, a full mip chain
 * whose level 0 is GL level `res_base`; an image that does not fit the main
 * resource (other size or format) gets a one-level resource of its own.
 * gl_tex_storage() rebuilds the main resource from the base level when the
 * images a draw (or an FBO) needs are not all in it, copying the images
 * that fit into the new chain, and bumps the share group's tex_storage_serial.
 *
 * Sharing: texture objects belong to the share group (gl_objects.h). The
 * table and every unit binding in any context hold a reference (refs); the
 * sampler view and sampler CSO a draw derives from a texture are pipe
 * context objects, so each context caches them itself (gl_tex_view_entry,
 * found by the texture's uid). Any change to a texture bumps the group's
 * tex_change_serial so that every context validates its textures again.
 */
#ifndef GL_TEXTURE_PRIV_H
#define GL_TEXTURE_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/gl/objects/gl_objects.h"
#include "frontend-gallium/gl/program/gl_program.h"
#include "frontend-gallium/gl/texture/gl_texture.h"
#include "frontend-gallium/gallium/p_state.h"

#define GLTEX_MAX_LEVELS 15 /* 16384 = 2^14 */
#define GLTEX_MAX_SIZE 16384
#define GLTEX_MAX_3D_LEVELS 12 /* 2048 */
#define GLTEX_MAX_3D_SIZE 2048
#define GLTEX_MAX_LAYERS 2048

/* GL texture targets, as indices. */
enum {
    TEX_1D,
    TEX_2D,
    TEX_3D,
    TEX_CUBE,
    TEX_RECT,
    TEX_1D_ARRAY,
    TEX_2D_ARRAY,
    TEX_BUFFER, /* GL 3.1 buffer textures: no images, a buffer object (glTexBuffer) */
    TEX_NUM_TARGETS
};

typedef struct gl_teximage {
    bool defined;
    GLsizei width, height, depth; /* GL sizes (without border); layers in height (1D
                                     arrays) or depth (2D arrays) */
    GLint border;
    GLenum internal_format; /* as given by the application */
    GLenum base_format;     /* GL base internal format */
    enum pipe_format format;
    bool compressed;
    struct pipe_resource *res; /* a reference; NULL for zero-sized images */
    unsigned res_level, res_layer;
} gl_teximage;

typedef struct gl_texparams {
    GLenum min_filter, mag_filter, wrap_s, wrap_t, wrap_r;
    GLfloat border_color[4];
    GLint border_color_i[4]; /* for TexParameterI */
    bool border_is_int;
    GLfloat min_lod, max_lod, lod_bias, max_anisotropy, priority;
    GLint base_level, max_level;
    GLenum compare_mode, compare_func, depth_mode;
    GLint swizzle[4];
    bool generate_mipmap;
} gl_texparams;

typedef struct gl_texobj {
    GLuint name;
    unsigned refs; /* gl_ref_*: the table's + one per unit binding (any context) */
    uint64_t uid;  /* unique in the process: keys the per-context view caches */
    int target; /* TEX_*, -1 before the first bind */
    gl_texparams p;
    gl_teximage img[6][GLTEX_MAX_LEVELS];
    struct pipe_resource *res; /* main storage or NULL */
    unsigned res_base;         /* GL level of res level 0 */
    uint64_t serial; /* bumped on any change that matters to sampling */
    /* TEX_BUFFER: glTexBuffer's buffer object (its name, looked up at
     * validation, so a deleted buffer reads as none) and format. */
    GLuint buffer_name;
    enum pipe_format buffer_format;
} gl_texobj;

/* One context's sampler view of a texture and what gl_texture_validate
 * derived from it at `serial` (its fast path). */
typedef struct gl_tex_view_entry {
    uint64_t uid; /* the texture's; 0: empty */
    struct pipe_sampler_view *view; /* a reference (keeps its resource alive) */
    unsigned first, last;
    enum pipe_texture_target target;
    uint8_t swz[4];
    uint64_t serial;
    unsigned gen;
    float bias;
    void *cso;
} gl_tex_view_entry;

#define GLTEX_VIEW_CACHE 64 /* power of two; direct mapped by uid */

typedef struct gl_sampler_cache_entry {
    struct pipe_sampler_state key;
    void *cso;
} gl_sampler_cache_entry;

#define GLTEX_SAMPLER_CACHE 256

/* A sampler object (gl_sampler.c). */
typedef struct gl_sampobj gl_sampobj;

/* The part's state (ctx->texture). */
typedef struct gl_texture_state {
    gl_object_table *textures; /* the share group's */
    /* Bumped (gl_serial_bump) whenever any texture's pipe resource is
     * replaced (storage re-created), so framebuffers holding surfaces of it
     * refresh them; the share group's tex_storage_serial. */
    uint64_t *storage_serial;
    gl_texture_fb_calls fb; /* the framebuffer part's (gl_texture.h) */
    GLuint active_unit;
    gl_texobj *bound[SWRGL_MAX_TEXTURE_UNITS][TEX_NUM_TARGETS];
    gl_texobj *defaults[TEX_NUM_TARGETS]; /* name 0, shared by the units */
    gl_texobj *proxy[TEX_NUM_TARGETS];
    bool enabled[SWRGL_MAX_TEXTURE_UNITS][4]; /* fixed-function caps 1D 2D 3D CUBE */
    GLfloat lod_bias_unit[SWRGL_MAX_TEXTURE_UNITS]; /* TEXTURE_FILTER_CONTROL */
    /* Sampler objects (gl_sampler.c): the share group's, and the one bound
     * to each unit (a reference; NULL: the texture's own sampler state). */
    gl_object_table *samplers;
    gl_sampobj *sampler_bound[SWRGL_MAX_TEXTURE_UNITS];
    /* draw validation */
    bool dirty;
    unsigned num_uses;
    gl_sampler_use uses[SWRGL_MAX_SAMPLERS];
    struct pipe_sampler_view *bound_views[2][SWRGL_MAX_SAMPLERS];
    void *bound_samplers[2][SWRGL_MAX_SAMPLERS];
    unsigned num_bound[2];
    gl_sampler_cache_entry cache[GLTEX_SAMPLER_CACHE];
    unsigned cache_count;
    unsigned cache_gen; /* bumped when the cache is emptied (CSOs deleted) */
    gl_tex_view_entry views[GLTEX_VIEW_CACHE];
    uint64_t seen_change; /* the group's tex_change_serial at the last validation */
    struct pipe_resource *dummy[PIPE_MAX_TEXTURE_TYPES];
    struct pipe_sampler_view *dummy_view[PIPE_MAX_TEXTURE_TYPES];
} gl_texture_state;

static inline gl_texture_state *gltex(struct gl_context *ctx) { return ctx->texture; }

/* TEX_* of a texture target enum (GL_TEXTURE_2D...), -1 if not one. */
int gl_tex_target_index(GLenum target);
/* The texture bound to `target` of the active unit (or the default one). */
gl_texobj *gl_tex_current(struct gl_context *ctx, int target_index);
/* log2 of the largest size plus one: the levels of a full chain. */
unsigned gl_tex_chain_levels(GLsizei w, GLsizei h, GLsizei d);
/* Levels base..*last must exist for sampling; false if incomplete. */
bool gl_tex_complete(const gl_texobj *t, unsigned *last);
/* The same for sampling with parameters p (a sampler object's merge). */
/* Sampler-object state of p for glGet*Parameter (gl_texture.c): count of
   values written, 0 if pname is not sampler state. */
unsigned gl_texparams_get_sampler_state(const gl_texparams *p, GLenum pname, double *v, bool *norm);
bool gl_tex_complete_with(const gl_texobj *t, const gl_texparams *p, unsigned *last);
/* gl_sampler.c: the parameters unit `unit` samples t with (t's own, or
 * merged with the bound sampler object's into *scratch), the sampler
 * object name bound to a unit (GL_SAMPLER_BINDING), and the fini of the
 * part's sampler objects. */
const gl_texparams *gl_tex_unit_params(struct gl_context *ctx, const gl_texobj *t, unsigned unit,
                                       gl_texparams *scratch);
GLuint gl_tex_sampler_binding(struct gl_context *ctx, unsigned unit);
void gl_tex_samplers_fini(struct gl_context *ctx);
/* Whether the min filter uses mipmaps. */
bool gl_tex_min_uses_mips(GLenum min_filter);
/* Makes every defined image of levels lo..hi live in the main resource
 * (rebuilding it when needed); false when out of memory or no base image. */
bool gl_tex_storage(struct gl_context *ctx, gl_texobj *t, unsigned lo, unsigned hi);
/* Frees a texture's images and resources (not the object). */
void gl_tex_release(struct gl_context *ctx, gl_texobj *t);
/* Automatic mipmap generation after level `level` changed (GENERATE_MIPMAP). */
void gl_tex_auto_mipmap(struct gl_context *ctx, gl_texobj *t, int face, int level);
/* pipe target of a TEX_* index. */
enum pipe_texture_target gl_tex_pipe_target(int target_index);
void gl_tex_changed(struct gl_context *ctx, gl_texobj *t);

#endif /* GL_TEXTURE_PRIV_H */
