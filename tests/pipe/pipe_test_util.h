/*
 * pipe_test_util.h: scaffolding shared by the pipe driver's tests
 * (test_pipe_draw.c, test_pipe_query.c, test_pipe_blit.c,
 * test_pipe_transfer.c): one screen and one context for a cmocka group,
 * resource/surface/shader/CSO constructors, a standard render fixture,
 * quads given by their window rectangle, draws from user memory and
 * RGBA8 readback.
 *
 * Every helper works on the globals pt_screen and pt_ctx, which
 * pt_group_setup() creates and pt_group_teardown() destroys (pass both to
 * cmocka_run_group_tests). Tests that need a second context create it
 * themselves.
 *
 * The fixture is a PT_W x PT_H (64 x 64) R8G8B8A8_UNORM render target with
 * a Z24_UNORM_S8_UINT depth buffer, cleared to transparent black and depth
 * 1. Its viewport maps NDC to window coordinates with x_w = 32 x + 32,
 * y_w = 32 y + 32 (y grows with the row number), z_w = z / 2 + 1/2, so
 * pt_quad() takes a window rectangle directly. Its CSOs: no culling with
 * half-pixel centres, blending off with all channels written, the depth/
 * stencil state the caller gives (zero = all tests off), vertices of
 * struct pt_vtx (float4 position at 0, float4 colour at 16, buffer 0) and
 * the pass-through shaders PT_VS_PASS / PT_FS_PASS (colour in GENERIC[0]).
 * Thread: the test's main thread only.
 */
#ifndef PIPE_TEST_UTIL_H
#define PIPE_TEST_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend-gallium/pipe/swr_public.h"

#define PT_W 64
#define PT_H 64

extern struct pipe_screen *pt_screen;
extern struct pipe_context *pt_ctx;

/* cmocka group setup/teardown: create and destroy pt_screen and pt_ctx. */
int pt_group_setup(void **state);
int pt_group_teardown(void **state);

/* VERT: OUT[0] POSITION = IN[0], OUT[1] GENERIC[0] = IN[1].
 * FRAG: COLOR = GENERIC[0] (perspective). */
extern const char *const PT_VS_PASS;
extern const char *const PT_FS_PASS;

/* A 2D texture of one level and layer (NULL on failure). */
struct pipe_resource *pt_make_tex(enum pipe_format f, uint32_t w, uint16_t h, unsigned bind);
/* A buffer of `size` bytes, filled from `data` when it is not NULL. */
struct pipe_resource *pt_make_buffer(uint32_t size, unsigned bind, const void *data);
struct pipe_surface *pt_make_surface(struct pipe_resource *r);
/* A vertex (vs true) or fragment shader from TGSI text. */
void *pt_make_shader(const char *text, bool vs);
void *pt_default_rast(void);
void *pt_plain_blend(void);
/* pos (float4 at 0) and colour (float4 at 16) from buffer 0. */
void *pt_pos_color_velems(void);
/* A PT_W x PT_H framebuffer with one colour buffer, or two if c1 is set. */
void pt_bind_fb(struct pipe_surface *c0, struct pipe_surface *c1, struct pipe_surface *zs);

typedef struct pt_fixture {
    struct pipe_resource *rt, *zs;
    struct pipe_surface *cs, *zss;
    void *rast, *blend, *dsa, *velems, *vs, *fs;
} pt_fixture;

/* Creates, binds and clears the fixture; `dsa` NULL means all tests off. */
void pt_fixture_init(pt_fixture *f, const struct pipe_depth_stencil_alpha_state *dsa);
/* Unbinds everything (so the CSOs may be deleted) and frees the fixture. */
void pt_fixture_fini(pt_fixture *f);

typedef struct pt_vtx {
    float pos[4];
    float color[4];
} pt_vtx;

/* Window x (or y) to NDC for the fixture's 64-pixel viewport. */
static inline float pt_nx(float wx) { return wx / 32.0f - 1.0f; }

/* Two triangles (6 vertices) covering window rectangle [x0,x1) x [y0,y1)
 * at NDC z, all of colour c. */
void pt_quad(pt_vtx *v, float x0, float y0, float x1, float y1, float z, const float c[4]);
/* Binds `data` as vertex buffer 0 from user memory. */
void pt_set_user_vb(const void *data, uint16_t stride);
/* One non-indexed, single-instance draw. */
void pt_draw_arrays(unsigned mode, unsigned start, unsigned count);

/* Reads a whole 4-byte-per-texel level 0 into `out` (width0 * height0). */
void pt_read_rgba(struct pipe_resource *r, uint32_t *out);
/* The R8G8B8A8_UNORM word of a colour: round(255 x), x clamped to [0, 1]. */
uint32_t pt_rgba8(float r, float g, float b, float a);

/* Whether each 8-bit channel of a and b differs by at most tol. */
bool pt_close8(uint32_t a, uint32_t b, int tol);

/* Reads r's RGBA8 pixels and checks every one against expect(x, y, arg)
 * within tol per channel; prints the first mismatches and fails. */
typedef uint32_t (*pt_expect_fn)(int x, int y, const void *arg);
void pt_check_image(struct pipe_resource *r, pt_expect_fn expect, const void *arg, int tol);

#endif
