/*
 * rast_priv.h: the contracts between the pieces of the rasterizer part
 * (private to rasterizer/; core sees rast.h).
 *
 * Frontend (fe_*.c, on the worker that owns a draw chunk; fe_draw.c is the
 * chunk driver and fe_chunk.h its context):
 *   fe_assemble   index stream + topology -> primitives (positions)
 *   fe_dedupe     one VS slot per distinct vertex of the chunk
 *   fe_fetch      vertex buffers -> SoA VS inputs, 8 vertices at a time
 *   fe_vs         the vertex shader; outcodes and window positions
 *   fe_clipcull   per primitive: reject, clip (fe_clip), to window space
 *   fe_tri8       unclipped triangles of viewport 0, 8 at a time
 *   fe_setup      set-up primitives (be_prim below), binned by fe_bin
 *   fe_setup_tri, fe_setup_line   edge functions, lines, points (below)
 * Backend (be_*.c, on the worker that holds a macrotile):
 *   be_draw     the primitives of a macrotile: coverage, tests, PS, blend
 *   be_raster   triangle coverage: 8x8 raster tiles with 64-bit masks
 *   be_line     line and point coverage (GL rules)
 *   be_formats  render-target formats: block pack/unpack, hot tile load/store
 *   be_output   depth/stencil/alpha tests and blending on hot-tile blocks
 *   be_hot      hot-tile bookkeeping, clears and stores
 * rast_state.c derives the draw state (rast_draw_state below).
 *
 * Shared geometry conventions (see also common/swr_state.h):
 *   - positions are window coordinates snapped to 24.8 fixed point (fx8);
 *   - a pixel's sample point in fx8 is px * 256 + sample_offset_fx8, where
 *     sample_offset_fx8 is 128 for half-pixel centres and 0 otherwise;
 *   - the guard band keeps |x|, |y| < 2^15 pixels, so fx8 coordinates fit in
 *     24 bits, differences in 25 bits and edge products in 50 bits: int64
 *     never overflows.
 *
 * Raster tile and block layout (used by coverage masks and hot tiles):
 *   a raster tile is 8x8 pixels made of 8 blocks of 4x2 pixels;
 *   block = ((y & 7) >> 1) * 2 + ((x & 7) >> 2)
 *   lane  = (((x >> 1) & 1) << 2) | ((y & 1) << 1) | (x & 1)   (shader_abi.h)
 *   bit   = block * 8 + lane  in a raster tile's uint64_t coverage mask.
 * A hot tile holds one macrotile of one attachment: its raster tiles in
 * row-major order, each as 64 pixels in bit order above, each pixel in the
 * attachment's hot format (be_formats.h): so pixel (x, y) of the macrotile is
 *   index = ((y >> 3) * (RAST_MT_DIM / 8) + (x >> 3)) * 64 + bit(x, y).
 */
#ifndef RAST_PRIV_H
#define RAST_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/simd.h"
#include "common/swr_state.h"
#include "rasterizer/fe_assemble.h"
#include "rasterizer/fe_fetch.h"
#include "rasterizer/rast.h"

#define RAST_MT_PIXELS (RAST_MT_DIM * RAST_MT_DIM)
#define RAST_TILE_DIM  8 /* raster tile side */

/* Guard band, in pixels from the window origin: primitives whose vertices
 * stay strictly inside (-RAST_GUARD_BAND, RAST_GUARD_BAND) in x and y are not
 * clipped geometrically. 2^14 + margin would do for the largest surface; we
 * take 2^15 - 2^10 so that snapped values and sums of two of them stay well
 * inside 24.8 without overflow checks. */
#define RAST_GUARD_BAND 31744.0f

static inline int32_t min_i32(int32_t a, int32_t b) { return a < b ? a : b; }
static inline int32_t max_i32(int32_t a, int32_t b) { return a > b ? a : b; }
static inline int64_t min_i64(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t max_i64(int64_t a, int64_t b) { return a > b ? a : b; }

static inline uint32_t rast_bit_of(uint32_t x, uint32_t y)
{
    uint32_t block = ((y & 7) >> 1) * 2 + ((x & 7) >> 2);
    uint32_t lane = (((x >> 1) & 1) << 2) | ((y & 1) << 1) | (x & 1);
    return block * 8 + lane;
}

static inline uint32_t rast_hot_index(uint32_t x, uint32_t y)
{
    return ((y >> 3) * (RAST_MT_DIM / 8) + (x >> 3)) * 64 + rast_bit_of(x, y);
}

/* rast_hot_index of a raster tile's origin (x, y multiples of 8, so its
 * bit is 0): the tile's first pixel. Tile (x / 8, y / 8) starts at
 * ((y / 8) * (RAST_MT_DIM / 8) + x / 8) * 64 = y * RAST_MT_DIM + x * 8:
 * a shift and an add where rast_hot_index spends about 20 instructions on
 * the bit of a pixel that is known to be 0. */
static inline uint32_t rast_hot_tile_index(uint32_t x, uint32_t y)
{
    return y * RAST_MT_DIM + x * 8;
}

/* Receives the coverage of one 8x8 raster tile whose top-left pixel is
 * (tile_x, tile_y) (multiples of 8, absolute window pixels). `mask` is never
 * zero and has no bits outside the clip rectangle given to the rasterizer.
 * Raster tiles arrive in row-major order within the clip rectangle. */
typedef void (*rast_emit_fn)(void *user, int32_t tile_x, int32_t tile_y, uint64_t mask);
/* Receives `count` (>= 1) fully covered raster tiles side by side: tiles
 * (tile_x + 8 i, tile_y), i < count, each with mask ~0. The same as count
 * calls of the rast_emit_fn with those tiles, in that order; lets the
 * receiver hoist its per-tile set-up out of a run (the interior of a large
 * triangle). Optional: where a coverage function takes one and it is NULL,
 * full tiles go to the rast_emit_fn one by one. */
typedef void (*rast_emit_run_fn)(void *user, int32_t tile_x, int32_t tile_y, uint32_t count);

/* ---- triangles (fe_setup_tri.c: setup; be_raster.c: coverage) ------------ */

/* Edge functions of a set-up triangle. For a pixel whose sample point in fx8
 * is (X, Y): E_k = a[k] * X + b[k] * Y + c[k]; the sample is covered iff all
 * three E_k >= 0. Orientation is normalized (inside is positive whatever the
 * winding) and the fill rule is folded into c (non-top-left edges carry -1). */
/* Triangles whose pixel bbox is at most SMALL_TRI_PX a side take the
 * backend's small path (be_raster_small.h derives why 32-bit evaluation is
 * exact there); edges with every |a|, |b| < SMALL_EDGE_LIMIT may be
 * evaluated in 32 bits inside an 8x8 tile (proof at rast_tri_cover_large,
 * be_raster.c). Setup records both facts per triangle. */
#define SMALL_TRI_PX     16
#define SMALL_EDGE_LIMIT (1 << 19)

typedef struct rast_tri {
    int64_t a[3], b[3], c[3];
    swr_rect bbox;    /* pixels whose sample may be covered; not clipped, possibly empty */
    bool small_edges; /* every |a|,|b| < SMALL_EDGE_LIMIT: 32-bit evaluation inside 8x8 tiles is
                         exact */
} rast_tri;

/* Sets up edges for the triangle with snapped vertices (x_fx8[i], y_fx8[i]).
 * Returns false for a zero-area triangle (which covers nothing). `*area2`
 * receives twice the signed area in fx8^2 units, positive when the vertices
 * run clockwise on screen (y down) -- i.e. counter-clockwise in GL's y-up
 * window coordinates. Fill rule: top-left (a sample exactly on an edge is
 * covered iff the edge is a top edge -- horizontal with the interior below
 * it, at larger y -- or a left edge), or bottom-left when bottom_edge_rule. */
bool rast_tri_setup(const int32_t x_fx8[3], const int32_t y_fx8[3], int32_t sample_offset_fx8,
                    bool bottom_edge_rule, rast_tri *tri, int64_t *area2);

/* Emits every raster tile in which the triangle covers a sample inside
 * `clip` (pixels). Trivially accepts/rejects 8x8 raster tiles from their
 * corners, evaluates partial tiles 4x2 blocks (8 lanes) at a time. */
void rast_tri_cover(const rast_tri *tri, int32_t sample_offset_fx8, swr_rect clip,
                    rast_emit_fn emit, void *user);

/* Emits a pixel rectangle (intersected with clip) as raster tiles, no edge
 * tests (point rectangles, macrotiles a triangle covers entirely); with
 * emit_run (optional), fully covered tiles side by side as runs. */
void rast_rect_cover(swr_rect rect, swr_rect clip, rast_emit_fn emit, rast_emit_run_fn emit_run,
                     void *user);

/* ---- lines and points (fe_setup_line.c: setup; be_line.c: coverage) -------- */

typedef struct rast_line {
    int32_t x_fx8[2], y_fx8[2];
    int32_t width_px; /* rounded width, >= 1 */
    bool last_pixel;
    bool x_major;
    /* Interpolation parameter t(x, y) = t_a * x + t_b * y + t_c, where (x, y)
     * is a pixel's sample point in window pixels (px + offset / 256, not the
     * pixel index): 0 at vertex 0, 1 at vertex 1. */
    float t_a, t_b, t_c;
    swr_rect bbox;
    /* Line stipple (rast_line_stipple; stipple_factor 0: off): fragments of
     * major-axis pixel p have counter stipple_start + stipple_dir * (p -
     * stipple_p0), p0 being the first fragment's major pixel. */
    uint32_t stipple_start;
    int32_t stipple_p0;
    uint16_t stipple_pattern, stipple_factor;
    int8_t stipple_dir;
} rast_line;

/* Width-1 lines follow GL's diamond-exit rule; wider lines are the spec's
 * replicated columns (x-major) / rows (y-major), i.e. a parallelogram with
 * vertical (horizontal) short sides. Returns false if the line covers
 * nothing (zero length). */
bool rast_line_setup(const int32_t x_fx8[2], const int32_t y_fx8[2], float width, bool last_pixel,
                     int32_t sample_offset_fx8, rast_line *line);
void rast_line_cover(const rast_line *line, int32_t sample_offset_fx8, swr_rect clip,
                     rast_emit_fn emit, void *user);
/* Turns stipple on for a set-up line whose first fragment has counter
 * `start` (factor 1..256). Returns the line's fragment count along the major
 * axis (what the counter advances by; 0 for an empty line). */
uint32_t rast_line_stipple(rast_line *line, uint16_t pattern, uint32_t factor, uint32_t start,
                           int32_t sample_offset_fx8);

/* A point of the given size centred at (x_fx8, y_fx8): covers the pixels
 * whose sample point lies inside the square of side `size`. With no_round
 * (sprites) the exact size is used and the square is [c - s/2, c + s/2)
 * (left/top edges inclusive); otherwise the size is rounded to an integer
 * >= 1 and GL's non-sprite rule applies: odd sizes centre on floor(c) + 1/2,
 * even sizes on floor(c + 1/2), sample points in (c - s/2, c + s/2].
 * Returns the covered rectangle (possibly empty). */
swr_rect rast_point_rect(int32_t x_fx8, int32_t y_fx8, float size, bool no_round,
                         int32_t sample_offset_fx8);

/* ---- smooth lines and points (fe_setup_line.c: setup; be_line.c: coverage) --
 *
 * GL: a smooth line is the rectangle of width w (not rounded) centred on
 * the segment, running from one endpoint to the other (no extension past
 * them); a smooth point is the disc of diameter `size` centred on the
 * point. Each fragment's coverage is the area of the pixel square [x, x+1]
 * x [y, y+1] (window pixels) inside that shape, and it multiplies the
 * fragment's alpha (colour output 0) before blending. Fragments are the
 * pixels with non-zero coverage. Stippled, the rectangle is cut into
 * unit-length pieces and only the kept ones count.
 *
 * The areas are exact up to double rounding: polygon clipping for the
 * rectangle, closed-form circle-segment integrals for the disc.
 * Any thread; pure functions of their arguments.
 *
 * Use: fe_setup.c bins a BE_PRIM_SMOOTH primitive with this footprint
 * (swr_rasterizer_state.line_smooth / point_smooth) and be_draw.c
 * (apply_smooth) multiplies colour 0's alpha by the coverage after the PS.
 */

typedef struct rast_smooth_line {
    double mx, my; /* centre of the segment, window pixels */
    double ux, uy; /* unit direction */
    double half_len, half_w;
    swr_rect bbox; /* pixels whose square may meet the rectangle */
    /* Line stipple (rast_smooth_line_stipple); stippled false: none. */
    uint16_t stipple_pattern, stipple_factor;
    uint32_t stipple_start;
    bool stippled;
} rast_smooth_line;

/* Endpoints in fx8 (the snapped window positions), width in pixels (NaN
 * or < 1/256 acts as 1). False for a zero-length segment (no fragment). */
bool rast_smooth_line_setup(const int32_t x_fx8[2], const int32_t y_fx8[2], float width,
                            rast_smooth_line *l);
/* Line stipple (GL 2.1 §3.4.4): the rectangle is a sequence of rectangles
 * of length 1 along the line (the last may be shorter), numbered from the
 * first vertex; rectangle i is kept iff bit ((start + i) / factor) mod 16
 * of pattern is set (factor clamped to [1, 256]). Coverage and footprint
 * then count only the kept ones. Returns the number of rectangles,
 * ceil(length): what the stipple counter advances by. */
uint32_t rast_smooth_line_stipple(rast_smooth_line *l, uint16_t pattern, uint32_t factor,
                                  uint32_t start);
/* Area of pixel (px, py)'s square inside the line's rectangle (the kept
 * rectangles when stippled), in [0, 1]. */
float rast_smooth_line_coverage(const rast_smooth_line *l, int32_t px, int32_t py);
/* Emits the raster tiles of the pixels with non-zero coverage inside clip
 * (the emit contract above). */
void rast_smooth_line_cover(const rast_smooth_line *l, swr_rect clip, rast_emit_fn emit,
                            void *user);

/* The disc of diameter `size` (NaN or <= 0 acts as 1) at (x_fx8, y_fx8):
 * the pixels whose square may meet it, and the area of a pixel's square
 * inside it. */
swr_rect rast_smooth_point_rect(int32_t x_fx8, int32_t y_fx8, float size);
float rast_smooth_point_coverage(int32_t x_fx8, int32_t y_fx8, float size, int32_t px, int32_t py);
/* Emits the pixels with non-zero coverage inside clip as raster tiles. */
void rast_smooth_point_cover(int32_t x_fx8, int32_t y_fx8, float size, swr_rect clip,
                             rast_emit_fn emit, void *user);

/* ---- draw state (rast_state.c) ------------------------------------------------ */

struct rast_layout_block {
    swr_vertex_layout layout;
    fe_fetch_plan plan;
};

/* The per-state kernels the draw state carries, selected by be_output.h
 * (be_ds_select, be_blend_select, be_blend_classify).
 *
 * be_ds_fn: the combined early test specialized for a state and depth format (the
 * format is bound at selection): same result and effects as
 * be_ds_test_and_update. Specializations exist for every depth func with
 * and without depth writes and no stencil, in float and integer depth, and
 * for depth and stencil both off; everything else gets a generic one. The
 * returned function depends only on the fields of dsa read at selection;
 * pass the same dsa (or an equal one) at call time. */
typedef uint32_t (*be_ds_fn)(const swr_depth_stencil_state *dsa, const uint8_t stencil_ref[2],
                             bool front_facing, void *z_block, uint8_t *s_block, vi8 frag_z,
                             uint32_t live_mask);

typedef void (*be_blend_fn)(const swr_blend_state *bs, uint32_t rt, const float blend_color[4],
                            swr_format fmt, void *hot_block, const vf8x4 *src0, const vf8x4 *src1,
                            uint32_t lane_mask);
/* What be_blend_select picks, as a value, so that the pixel backend can
 * inline be_output.h's fast paths (BE_BLEND_CALL: call the selected
 * function). */
typedef enum be_blend_kind {
    BE_BLEND_CALL,
    BE_BLEND_NOOP,
    BE_BLEND_OPAQUE_BGRA8,
    BE_BLEND_OPAQUE_RGBA8,
    BE_BLEND_ALPHA_BGRA8, /* alpha: As*As + Ad*(1-As) */
    BE_BLEND_ALPHA_RGBA8,
    BE_BLEND_ALPHA_BGRA8_A1, /* alpha: As*1 + Ad*(1-As) */
    BE_BLEND_ALPHA_RGBA8_A1,
} be_blend_kind;

/* Per-viewport values derived once per state change. */
typedef struct rast_viewport_derived {
    swr_rect rect;          /* pixels a primitive may touch: viewport ∩ framebuffer ∩ scissor */
    float guard_x, guard_y; /* guard band in clip-space units (see fe_clip.h) */
    float depth_lo, depth_hi; /* depth clamp range */
} rast_viewport_derived;

/* The backend's decisions that depend only on the draw state, made by
 * rast_derive_state (be_draw_derive) instead of by rast_be_draw_tile once
 * per (draw chunk, macrotile): a chunk of small triangles touches a
 * macrotile with a handful of them, and decoding the state there cost
 * about as much as rasterizing one. be_draw.c copies the struct into its
 * tile context and reads it per block. */
typedef struct rast_be_setup {
    uint32_t color_bpp[SWR_MAX_RENDER_TARGETS]; /* be_hot_bpp of each written target, else 0 */
    uint32_t zbits; /* be_depth_unorm_bits of the depth format with ds_enabled, else 0 */
    bool early_ds, late_ds, alpha_test; /* tests done per block, and when */
    /* Depth-only test (no stencil) done inline instead of through ds_fn:
     * the kernel be_ds_select picks, without the call and its spills. */
    bool ds_inline, ds_float, ds_write;
    uint32_t ds_func; /* swr_func & 7 */
    /* The late test uses the shader's stencil output as the reference
     * (ARB_shader_stencil_export): the shader writes it, the format has
     * stencil and depth/stencil is on. */
    bool ds_shader_stencil_ref;
    be_blend_kind blend_kind; /* rt 0 alone with an 8888 fast path, else BE_BLEND_CALL */
    uint8_t common;           /* be_draw.c's common-state instance (BE_COMMON_*) */
    /* What the shader reads: position, barycentrics, a perspective divide
     * (barycentrics or a PERSPECTIVE input). */
    bool want_pos, want_bary, want_div;
    /* The non-constant and the constant PS inputs, in input order. */
    uint8_t var_attr[SWR_MAX_ATTRIBS], const_attr[SWR_MAX_ATTRIBS];
    uint32_t num_var, num_const;
} rast_be_setup;

/* Everything a draw reads (rast.h): the blocks, then the derived values. */
struct rast_draw_state {
    const rast_layout_block *layout;
    const rast_buffers_block *buffers;
    const rast_shader_block *shaders;
    const rast_raster_block *raster;
    const rast_output_block *output;
    const rast_fb_block *fb;
    const rast_so_block *so;

    /* derived */
    uint32_t fb_width, fb_height;
    int32_t sample_offset_fx8;
    uint32_t num_attribs;              /* PS inputs carried per primitive */
    uint8_t interp[SWR_MAX_ATTRIBS];   /* resolved: CONSTANT, LINEAR or PERSPECTIVE */
    uint32_t sprite_mask;              /* PS inputs replaced by point sprite coordinates */
    bool has_flat;                     /* some input is CONSTANT */
    uint32_t rt_mask;                  /* render targets written (bound, format, colormask) */
    bool early_ds;                     /* depth/stencil before the PS */
    bool ds_enabled;                   /* depth or stencil test on (with a surface to test) */
    bool depth_writes, stencil_writes; /* the draw may modify depth / stencil */
    be_ds_fn ds_fn;                    /* selected for (dsa, depth format) */
    be_blend_fn blend_fn[SWR_MAX_RENDER_TARGETS]; /* selected per (blend, format) */
    bool depth_clamp;
    float depth_offset_r; /* minimum resolvable depth difference for fixed formats */
    uint32_t num_viewports;
    rast_viewport_derived vp[SWR_MAX_VIEWPORTS];
    rast_be_setup be; /* last: be_draw_derive reads the fields above */
};

/* Fills the derived fields from the blocks (rast_state.c). */
void rast_derive_state(rast_draw_state *st);
/* Fills st->be (be_draw.c); rast_derive_state calls it last. */
void be_draw_derive(rast_draw_state *st);

/* ---- bins ------------------------------------------------------------------------ */

#define RAST_BIN_BLOCK_ITEMS 30

struct rast_bin_block {
    struct rast_bin_block *next;
    uint32_t count;
    const void *items[RAST_BIN_BLOCK_ITEMS]; /* be_prim pointers, in primitive order */
};

/* ---- set-up primitives (fe_setup.c writes them, be_draw.c reads them) ------ */

/* BE_PRIM_SMOOTH: a smooth line or point (swr_rasterizer_state.line_smooth /
 * point_smooth); its be_smooth follows the attributes (be_smooth_of) and the
 * backend multiplies colour 0's alpha by each pixel's coverage. */
enum be_prim_kind { BE_PRIM_TRI, BE_PRIM_LINE, BE_PRIM_RECT, BE_PRIM_SMOOTH };

/* The shape of a BE_PRIM_SMOOTH primitive (smooth lines and points above). */
typedef struct be_smooth {
    rast_smooth_line line; /* !disc */
    int32_t x_fx8, y_fx8;  /* disc: centre */
    float size;            /* disc: diameter */
    bool disc;
} be_smooth;

/* One primitive after setup, allocated in the draw context's arena by the
 * frontend and read by every macrotile it was binned to.
 *
 * Interpolation is plane based: for a plane p and a sample point (x, y) in
 * window pixels, p(x, y) = p[0] * (x - x_ref) + p[1] * (y - y_ref) + p[2].
 * b1, b2 are the screen-space barycentric weights of vertices 1 and 2
 * (vertex 0 gets 1 - b1 - b2); lines use b1 = t along the line and b2 = 0,
 * points b1 = s, b2 = t of the sprite square. Perspective correction uses
 * inv_w at the three vertices. Attribute values come as triplets
 * (value at vertex 0, vertex 1 - vertex 0, vertex 2 - vertex 0) per PS input
 * component: 4 * 3 floats per input. */
/* A triangle's edge functions in a be_prim: rast_tri's a, b and c. |a|, |b|
 * < 2^24 (differences of guard-band coordinates), so int32 holds
 * them exactly; c needs int64. rast_tri's bbox is not kept: be_prim.bbox is
 * it clipped to the viewport, which is all the backend intersects with, and
 * the two facts it derived from it are be_prim.tri_flags. */
typedef struct be_tri {
    int32_t a[3], b[3];
    int64_t c[3];
} be_tri;

/* be_prim.tri_flags */
enum {
    BE_TRI_SMALL = 1,       /* unclipped bbox at most SMALL_TRI_PX a side (cover_small) */
    BE_TRI_SMALL_EDGES = 2, /* rast_tri.small_edges */
};

/* The layout keeps the record of a triangle with one input (the common
 * pass-through case) at 128 + 48 = 176 bytes, 3 cache lines in the
 * 64-byte-granular arena: the per-draw depth clamp range is read from
 * rast_draw_state (vp[viewport]) and a line's rast_line lives after the
 * attributes (be_line_of). */
typedef struct be_prim {
    uint8_t kind;
    uint8_t front_facing;
    uint8_t tri_flags;
    uint8_t viewport;
    uint32_t prim_id;
    swr_rect bbox; /* covered pixels lie inside; clipped to the viewport rect */
    float x_ref, y_ref;
    float b1[3], b2[3];
    float z[3];
    float inv_w[3];
    be_tri tri;      /* BE_PRIM_TRI only */
    float attribs[]; /* num_attribs * 12; a line's rast_line follows */
} be_prim;

/* Bytes of a be_prim with num_attribs inputs (lines: plus a rast_line). */
static inline size_t be_prim_bytes(uint32_t num_attribs, uint8_t kind)
{
    return sizeof(be_prim) + (size_t)num_attribs * 12 * sizeof(float) +
           (kind == BE_PRIM_LINE     ? sizeof(rast_line)
            : kind == BE_PRIM_SMOOTH ? sizeof(be_smooth)
                                     : 0);
}

/* The rast_line of a BE_PRIM_LINE primitive. */
static inline rast_line *be_line_of(const be_prim *p, uint32_t num_attribs)
{
    return (rast_line *)(void *)((uint8_t *)(uintptr_t)p + sizeof(be_prim) +
                                 (size_t)num_attribs * 12 * sizeof(float));
}

/* The be_smooth of a BE_PRIM_SMOOTH primitive. */
static inline be_smooth *be_smooth_of(const be_prim *p, uint32_t num_attribs)
{
    return (be_smooth *)(void *)((uint8_t *)(uintptr_t)p + sizeof(be_prim) +
                                 (size_t)num_attribs * 12 * sizeof(float));
}

/* ---- hot tiles (be_hot.c) ------------------------------------------------------ */

enum rast_hot_state {
    RAST_HOT_INVALID,      /* hot memory unusable; the surface holds the data */
    RAST_HOT_RESOLVED,     /* hot memory equals the surface */
    RAST_HOT_DIRTY,        /* hot memory is newer than the surface */
    RAST_HOT_CLEAR,        /* a fast clear is pending: hot memory and surface are stale */
    RAST_HOT_CLEAR_STORED, /* surface holds the clear value; hot memory not filled */
};

#define RAST_HOT_SLOT_DEPTH   SWR_MAX_RENDER_TARGETS
#define RAST_HOT_SLOT_STENCIL (SWR_MAX_RENDER_TARGETS + 1)

struct rast_hot_tile {
    void *mem;
    uint32_t mem_bytes;
    uint8_t state;           /* rast_hot_state */
    swr_surface surface;     /* what the hot memory belongs to */
    uint8_t clear_value[16]; /* hot-format pixel for CLEAR states */
};

/* ---- per-thread scratch (fe_draw.c creates it, the stages grow it) ------------- */

/* Per-thread scratch, grown on demand. */
struct rast_scratch {
    /* frontend */
    fe_prim *prims;
    uint32_t prims_cap;
    uint32_t *prim_slots;    /* 3 per primitive: VS output slot of each vertex */
    uint32_t prim_slots_cap; /* entries of prim_slots */
    int32_t *vids;           /* unique vertex ids of the chunk, in first-use order */
    uint32_t vids_cap;
    uint32_t *hash_keys; /* open addressing: vid of the entry */
    uint32_t *hash_vals; /* slot + 1 (0 = empty); also fe_dedupe's direct table */
    uint32_t hash_cap;
    swr_simd_vec4 *vs_out; /* [batch][num_outputs] */
    size_t vs_out_cap;     /* in swr_simd_vec4 */
    swr_simd_vec4 vs_in[SWR_MAX_ATTRIBS];
    uint32_t *vcodes; /* per VS slot: clip outcode (fe_vs.c) */
    float *vwin;      /* per VS slot: window x, y, z, 1/w as 4 arrays of vtx_cap */
    uint32_t vtx_cap;
    float *vrec;     /* per VS slot: a record of what a triangle reads (fe_vs.c) */
    size_t vrec_cap; /* in floats */
    /* geometry shader (fe_gs.c): per input primitive the VS slots of its
     * GS input vertices; the call's inputs, per-lane vertex buffer and cut
     * flags; the emitted vertices ([batch][GS output], as vs_out), and the
     * primitives they make with their slots (as prims, prim_slots). */
    uint32_t *gs_in_slots;
    uint32_t gs_in_slots_cap;
    swr_simd_vec4 *gs_in;
    size_t gs_in_cap;
    float *gs_outv;
    uint32_t gs_outv_cap;
    uint8_t *gs_cut;
    uint32_t gs_cut_cap;
    swr_simd_vec4 *gs_vout;
    size_t gs_vout_cap;
    fe_prim *gs_prims;
    uint32_t gs_prims_cap;
    uint32_t *gs_prim_slots;
    uint32_t gs_prim_slots_cap;
    /* backend */
    swr_simd_vec4 ps_inputs[SWR_MAX_ATTRIBS];
    swr_ps_args ps_args;
    /* Screen-space input planes of the current primitive (be_draw.c,
     * prepare_prim), one per component of each non-constant input, in the
     * order of rast_be_setup.var_attr: value at a lane =
     * plane_lanes[k][lane] + plane_a[k] * dx + plane_b[k] * dy for the block
     * origin (dx, dy) relative to the primitive's reference point;
     * plane_off[k][b] is that scalar part for block b of the current raster
     * tile. */
    float plane_lanes[SWR_MAX_ATTRIBS * 4][8] __attribute__((aligned(32)));
    float plane_off[SWR_MAX_ATTRIBS * 4][8] __attribute__((aligned(32)));
    float plane_a[SWR_MAX_ATTRIBS * 4], plane_b[SWR_MAX_ATTRIBS * 4];
};

#endif /* RAST_PRIV_H */
