/*
 * swrp_state.h: the pipe context's second slice: its CSOs, the state bound
 * to it, and the draw-time step that turns that state into engine state.
 * Private to swrp_state.c (CSOs and set_* calls), swrp_shader.c (shader
 * CSOs and VS -> PS linkage) and swrp_draw.c (draw_vbo and clears).
 *
 * Translation happens once per CSO creation: each CSO holds the engine
 * struct it stands for (swr_blend_state, swr_depth_stencil_state,
 * swr_rasterizer_state, swr_vertex_layout) or the compiled shader. What
 * depends on several objects (the PS input linkage, sprite coordinates
 * that Gallium names by GENERIC index and the engine by PS input slot, the
 * shader variant that dual-source blending selects) and what depends on
 * resource storage (which a DISCARD map may replace) is resolved at the
 * draw, by swrp_state_validate(), which sends the engine only what changed.
 *
 * Lifetimes. The engine keeps POINTERS to constant data, vertex and index
 * data, the sampler and the compiled shaders until the draws using them are
 * done. So: user constant buffers are copied into chunks reused once their
 * last draw signalled (swrp_const_chunk; a copy equal to the slot's current
 * one, or to the other stage's, is shared instead of made again), user
 * vertex/index data into blocks freed through the screen's deferred-free
 * list once the last draw that used them signalled; the sampler a draw uses is an immutable
 * snapshot (views and sampler states copied), replaced, never modified,
 * when the bindings change; a shader CSO deleted while draws still use it
 * is kept on the context's zombie list until they are done.
 *
 * Thread: the context's thread only (Gallium's rule).
 */
#ifndef SWRP_STATE_H
#define SWRP_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/swr.h"
#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/pipe/swrp_context.h"
#include "frontend-gallium/pipe/swrp_sampler.h"
#include "jitter/jit.h"

/* Shader stages with engine support; the pipe's VERTEX, FRAGMENT and
 * GEOMETRY have the same numbers as SWR_STAGE_VS, SWR_STAGE_PS and
 * SWR_STAGE_GS. */
#define SWRP_NUM_STAGES 3

/* The driver's own constants (user clip planes, polygon stipple), read by
 * shader variants (swrp_shader_lower.c) from constant buffer
 * SWR_DRIVER_CONST_SLOT (common/shader_abi.h). Layout in vec4s: */
#define SWRP_DC_UCP 0           /* 8 planes */
#define SWRP_DC_STIPPLE_POS 8   /* (1, a, 0, 0), (c, b, 0, 0): x = pos.x + c, row = a * pos.y + b */
#define SWRP_DC_STIPPLE_ROWS 16 /* 32 pattern rows, the row's bits in .x (bit 31: column 0) */
#define SWRP_DC_DRAW_ID 48      /* the sub-draw's DRAWID (integer bits) in all four components */
#define SWRP_DC_VEC4S 49

typedef struct swrp_blend_cso {
    swr_blend_state swr;
    bool dual_source; /* rt[0] blends with SRC1 factors: PS variant with color1 */
} swrp_blend_cso;

typedef struct swrp_dsa_cso {
    swr_depth_stencil_state swr;
} swrp_dsa_cso;

typedef struct swrp_rast_cso {
    swr_rasterizer_state swr; /* sprite_coord_enable left 0: mapped per FS at the draw */
    uint32_t sprite_coord_enable; /* Gallium's mask over GENERIC indices */
    bool light_twoside;
    uint8_t clip_plane_enable;
    bool scissor;
    bool clamp_vertex_color, clamp_fragment_color; /* shader variants */
    bool poly_stipple_enable;                      /* FS variant, filled polygons only */
} swrp_rast_cso;

typedef struct swrp_velems_cso {
    swr_vertex_layout layout;
    uint8_t elem_bytes[SWR_MAX_VERTEX_ELEMENTS]; /* bytes one fetch reads */
} swrp_velems_cso;

/* What a shader variant adds to the CSO's program (swrp_shader_lower.c). */
typedef struct swrp_lower_key {
    uint8_t ucp;      /* VS or GS (the last vertex stage): 0 none; 1 planes 0..3 into
                       * CLIPDIST[0]; 2 also 4..7 into CLIPDIST[1] */
    bool clamp_color; /* VS or GS: COLOR/BCOLOR outputs, FS: COLOR outputs saturated */
    bool stipple;     /* FS: polygon stipple kill */
    bool drawid;      /* VS/FS: SV DRAWID reads driver constant SWRP_DC_DRAW_ID instead; set
                       * for every variant of a shader that declares it (variant[0] too) */
} swrp_lower_key;

/* Variant index: bit 0 dual_source, bit 1 clamp_color, bit 2 stipple,
 * bits 3..4 ucp. */
#define SWRP_NUM_VARIANTS 24

typedef struct swrp_shader_cso {
    char *text; /* copy of the TGSI text, for further variants */
    size_t len;
    uint8_t processor;          /* tgsi_processor */
    jit_shader *variant[SWRP_NUM_VARIANTS]; /* [0] at creation, the rest on first use */
    const jit_shader_info *info; /* of variant[0] (variants may add inputs/outputs) */
    bool writes_color;          /* VS: COLOR or BCOLOR output; FS: COLOR output */
    bool writes_clipdist;       /* VS: CLIPDIST output */
    bool reads_drawid;          /* declares SV DRAWID: every variant lowered (swrp_lower_key) */
    bool lower_failed[SWRP_NUM_VARIANTS]; /* variant refused: variant[0] is used instead */
    uint64_t last_use;          /* engine fence after the last draw using it */
    struct pipe_stream_output_info so_info; /* VS, GS: its stream output (swrp_so.c) */
    /* GS: its PROPERTYs (PIPE_PRIM values; GS_INVOCATIONS is 1). */
    uint8_t gs_input_prim, gs_output_prim;
    uint32_t gs_max_vertices;
} swrp_shader_cso;

/* Storage for copies of user constant buffers. A draw loop that changes a
 * uniform before every draw makes two small copies per draw (one per
 * stage); malloc + a deferred-free record each cost more than the draw's
 * own state handling, so copies are carved out of chunks instead. A chunk
 * is reused whole, once no slot holds a copy in it (refs) and the engine
 * has passed the last draw that read one (last_use). */
typedef struct swrp_const_chunk {
    struct swrp_const_chunk *next; /* every chunk of the context */
    uint64_t last_use;             /* engine fence after the last draw that read a copy */
    uint32_t used_bytes, cap_bytes;
    uint32_t refs;                 /* slots whose `user` points into data */
    _Alignas(64) unsigned char data[];
} swrp_const_chunk;

/* A constant buffer slot: a resource range, or a copy of user memory. */
typedef struct swrp_const_slot {
    struct pipe_resource *buffer; /* reference */
    uint32_t offset, size;        /* bytes */
    float *user;                  /* immutable copy in user_chunk, vec4-padded with zeros */
    uint32_t user_vec4s;
    uint32_t user_bytes;          /* bytes the caller gave (the rest is padding) */
    swrp_const_chunk *user_chunk; /* holds `user`; its last_use covers this slot's draws */
} swrp_const_slot;

/* One stage's immutable sampler, as the engine sees it during draws. */
typedef struct swrp_sampler_snapshot {
    swrp_sampler sampler; /* points into views[] and states[] below */
    swrp_sampler_view views[SWRP_MAX_SAMPLER_VIEWS];
    swrp_sampler_state states[SWRP_MAX_SAMPLERS];
    const uint8_t *data[SWRP_MAX_SAMPLER_VIEWS]; /* storage each view was built from */
    uint64_t last_use;
} swrp_sampler_snapshot;

typedef struct swrp_zombie_shader {
    struct swrp_zombie_shader *next;
    swrp_shader_cso *cso;
} swrp_zombie_shader;

typedef struct swrp_bound {
    /* CSOs (not owned). */
    swrp_blend_cso *blend;
    swrp_dsa_cso *dsa;
    swrp_rast_cso *rast;
    swrp_velems_cso *velems;
    swrp_shader_cso *vs, *fs;
    swrp_shader_cso *gs; /* NULL: no geometry shader */

    /* Small states. */
    struct pipe_blend_color blend_color;
    struct pipe_stencil_ref stencil_ref;
    unsigned sample_mask;           /* stored; no MSAA yet */
    struct pipe_clip_state clip;    /* user planes: driver constants of the VS variant */
    struct pipe_poly_stipple stipple; /* rows: driver constants of the FS variant */
    swr_rect scissor[SWR_MAX_VIEWPORTS];
    swr_viewport viewport[SWR_MAX_VIEWPORTS];

    /* Resources (references held). */
    struct pipe_framebuffer_state fb;
    swrp_const_slot cb[SWRP_NUM_STAGES][PIPE_MAX_CONSTANT_BUFFERS];
    swrp_const_chunk *const_chunks; /* owned list */
    swrp_const_chunk *const_cur;    /* the chunk copies are carved from */
    struct pipe_vertex_buffer vb[PIPE_MAX_VERTEX_BUFFERS]; /* user pointers are not kept past a draw */
    struct pipe_sampler_view *views[SWRP_NUM_STAGES][SWRP_MAX_SAMPLER_VIEWS];
    const swrp_sampler_state *samplers[SWRP_NUM_STAGES][SWRP_MAX_SAMPLERS];
    /* Bit i: slot i of vb[] (stride, buffer or user pointer), cb[s] (a
     * buffer or a user copy) or views[s] is set. Kept by the set_* calls
     * so that the per-draw loops visit bound slots only. */
    uint32_t vb_mask;
    uint32_t cb_mask[SWRP_NUM_STAGES];
    uint32_t view_mask[SWRP_NUM_STAGES];

    /* Engine-side state: what was last sent, so unchanged state is not resent. */
    bool sent_any;
    swr_blend_state sent_blend;
    swr_depth_stencil_state sent_dsa;
    swr_rasterizer_state sent_rs;
    swr_vertex_layout sent_layout;
    swr_vs_state sent_vs;
    swr_ps_state sent_ps;
    swr_gs_state sent_gs;
    float sent_blend_color[4];
    uint8_t sent_stencil_ref[2];
    swr_rect sent_scissor[SWR_MAX_VIEWPORTS];
    swr_viewport sent_viewport[SWR_MAX_VIEWPORTS];
    swr_vertex_buffer sent_vb[PIPE_MAX_VERTEX_BUFFERS];
    const float *sent_const[SWRP_NUM_STAGES][PIPE_MAX_CONSTANT_BUFFERS];
    uint32_t sent_const_count[SWRP_NUM_STAGES][PIPE_MAX_CONSTANT_BUFFERS];
    uint32_t sent_const_mask[SWRP_NUM_STAGES]; /* slots sent with a pointer or a count */
    bool sampler_dirty[SWRP_NUM_STAGES];
    swrp_sampler_snapshot *snap[SWRP_NUM_STAGES]; /* owned; NULL: nothing bound */
    const swr_sampler_interface *sent_sampler[SWRP_NUM_STAGES];

    swrp_zombie_shader *zombies;

    /* Stream output targets (references held; swrp_so.c) and whether the
     * engine was last sent a stream output state. */
    struct pipe_stream_output_target *so_targets[PIPE_MAX_SO_BUFFERS];
    unsigned num_so_targets;
    bool so_sent;
    swr_so_state sent_so; /* as sent, offsets advanced to the engine's after each draw_vbo */

    /* Queries and the render condition (swrp_query.c). */
    struct pipe_query *query_pending; /* queries with an engine snapshot still to take */
    struct pipe_query *cond_query;    /* render_condition's query (not owned); NULL: none */
    bool cond_condition;
    unsigned cond_mode; /* pipe_render_cond_flag */
} swrp_bound;

static inline swrp_bound *swrp_bound_of(struct pipe_context *ctx)
{
    return swrp_context_of(ctx)->bound;
}

/* swrp_state.c: allocates c->bound and fills the CSO and set_* hooks.
 * False when out of memory. */
bool swrp_state_init(swrp_context *c);
/* Drops every binding and frees the bound state. Called after the engine
 * retired all work (context destruction), so nothing is waited for. */
void swrp_state_destroy(swrp_context *c);

/* Frees `mem` once the engine fence `fence` of c has signalled. */
void swrp_state_defer_free(swrp_context *c, void *mem, uint64_t fence);

/* swrp_shader.c: the shader hooks; frees zombie shaders whose draws are
 * done (all of them with force). */
void swrp_shader_init(struct pipe_context *ctx);
void swrp_shader_reap(swrp_context *c, bool force);
/* The compiled variant for dual-source blending and the lowering key
 * (NULL: out of memory or compile error, reported on stderr). A variant
 * that cannot be built falls back to the plain shader, once reported. */
jit_shader *swrp_shader_variant(swrp_shader_cso *s, bool dual_source, const swrp_lower_key *key);
/* swrp_shader_lower.c: the TGSI text of `text` with key's additions
 * (malloc'ed, *out_len set), or NULL (not parseable, or not lowerable:
 * reported on stderr). */
char *swrp_shader_lower(const char *text, size_t len, const swrp_lower_key *key, size_t *out_len);
/* Sets the driver constant buffer (SWRP_DC_VEC4S vec4s) of both stages
 * (swrp_state.c; an equal copy already bound is kept). */
void swrp_state_set_driver_constants(swrp_context *c, const float *data);
/* Fills the engine VS and PS states: slots by semantic, PS inputs linked
 * to VS outputs by (semantic, index), interpolation, flags. Also returns
 * the engine sprite mask (PS input slots) for Gallium's GENERIC mask.
 * With a GS (gs_code not NULL) the GS inputs are linked to VS outputs and
 * the PS inputs to GS outputs the same way, and *out_gs is filled (else
 * zeroed: no GS). */
void swrp_shader_link(const swrp_shader_cso *vs, jit_shader *vs_code, const swrp_shader_cso *fs,
                      jit_shader *fs_code, const swrp_shader_cso *gs, jit_shader *gs_code,
                      const swrp_rast_cso *rast, bool dual_source, uint32_t num_vertex_elements,
                      swr_vs_state *out_vs, swr_ps_state *out_ps, swr_gs_state *out_gs,
                      uint8_t *sprite_mask);

/* swrp_draw.c: the draw and clear hooks. */
void swrp_draw_init(struct pipe_context *ctx);

/* swrp_query.c: the query and render_condition hooks. */
void swrp_query_init(struct pipe_context *ctx);
/* Call right before queuing an swr_draw: takes the engine-counter
 * snapshots that queries still wait for (waiting for their fences), so
 * no draw runs while one is pending. See swrp_query.c. */
void swrp_query_before_draw(swrp_context *c);
/* Whether the render condition lets work run now (waits for the query's
 * result in the WAIT modes). True without a condition. */
bool swrp_query_render_allowed(swrp_context *c);

/* swrp_so.c: the stream output target hooks, and draw_vbo's stream
 * output: before its draws (false: not accepted, reported; skip the draw)
 * and after them (reads the targets' offsets back, marks their buffers). */
void swrp_so_init(struct pipe_context *ctx);
bool swrp_so_before_draws(swrp_context *c);
void swrp_so_after_draws(swrp_context *c);

/* swrp_blit.c: the blit hook; it also installs generate_mipmap. */
void swrp_blit_init(struct pipe_context *ctx);
/* swrp_mipmap.c: pipe_context::generate_mipmap (box filter on the CPU). */
bool swrp_generate_mipmap(struct pipe_context *ctx, struct pipe_resource *res,
                          enum pipe_format format, unsigned base_level, unsigned last_level,
                          unsigned first_layer, unsigned last_layer);

#endif /* SWRP_STATE_H */
