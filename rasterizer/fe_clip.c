/*
 * fe_clip.c: scalar homogeneous clipping of the rare primitives the frontend
 * cannot send straight to setup.
 *
 * In:  one triangle, line or point as clip vertices (fe_clip.h for the
 *      layout) and the clip parameters of the draw.
 * Out: the clipped convex polygon / segment with interpolated clip
 *      distances and attributes, or "nothing left".
 * Who: the frontend worker that owns a draw chunk, after its SIMD trivial
 *      accept/reject; pure functions, no state, safe on any thread.
 *
 * Method: Sutherland-Hodgman in clip space, one plane at a time, in a fixed
 * order (w >= eps first, then near, far, guard band -x, +x, -y, +y, user
 * distances). Every plane's signed distance d(v) is linear in the clip vertex,
 * so the intersection of an edge with the plane is a lerp of the two
 * vertices, and clip-space attributes stay exact barycentric (perspective
 * correct) interpolants of the input. Distances and lerps are evaluated in
 * double: d = guard * w - x cannot overflow for any finite float input
 * (the product of two floats is exact in double) and both weights t and
 * 1 - t keep full precision even when one vertex is 1e30 and the other 1.
 * Lerps are written (1-t) a + t b, so a convex combination of values
 * >= eps stays >= eps.
 * Output vertices are finally put back onto any plane that rounding left
 * them an ulp outside of (clamp_to_planes): every active plane then holds
 * exactly, and setup can rely on the guard band without an epsilon.
 *
 * Invariants: a vertex with d >= 0 is inside; an output polygon has 0 or
 * 3..FE_CLIP_MAX_VERTS vertices, none with w < FE_CLIP_W_EPSILON; no buffer
 * is written past FE_CLIP_MAX_VERTS, even if rounding makes a polygon
 * non-convex. Cost: O(planes * vertices * stride), ~14 KiB of stack.
 */
#include "rasterizer/fe_clip.h"

#include <assert.h>
#include <math.h>
#include <string.h>

/* Plane numbering, in the order planes are applied. w >= eps goes first so
 * that every later plane sees only vertices with w > 0, which the
 * screen-space (noperspective) parameter below relies on. */
enum {
    PLANE_W_EPS = 0,
    PLANE_NEAR,
    PLANE_FAR,
    PLANE_GUARD_NEG_X,
    PLANE_GUARD_POS_X,
    PLANE_GUARD_NEG_Y,
    PLANE_GUARD_POS_Y,
    PLANE_USER0,
    PLANE_COUNT = PLANE_USER0 + 8
};

static_assert(PLANE_COUNT + 3 <= FE_CLIP_MAX_VERTS,
              "a triangle clipped by every plane must fit in FE_CLIP_MAX_VERTS");

static uint32_t vertex_stride(const fe_clip_params *p)
{
    return FE_CLIP_ATTR + p->num_attr_floats;
}

/* The planes this draw clips against, as a bit set over PLANE_*. */
static uint32_t active_planes(const fe_clip_params *p)
{
    uint32_t mask = (1u << PLANE_W_EPS) | (1u << PLANE_GUARD_NEG_X) | (1u << PLANE_GUARD_POS_X) |
                    (1u << PLANE_GUARD_NEG_Y) | (1u << PLANE_GUARD_POS_Y);
    if (p->clip_near)
        mask |= 1u << PLANE_NEAR;
    if (p->clip_far)
        mask |= 1u << PLANE_FAR;
    mask |= (uint32_t)p->user_planes << PLANE_USER0;
    return mask;
}

/* Signed distance of v to `plane`, >= 0 inside. Linear in the vertex's
 * floats, which is what makes lerping at the zero crossing exact. */
static double plane_dist(const fe_clip_params *p, int plane, const float *v)
{
    double x = v[FE_CLIP_POS + 0], y = v[FE_CLIP_POS + 1];
    double z = v[FE_CLIP_POS + 2], w = v[FE_CLIP_POS + 3];
    switch (plane) {
    case PLANE_W_EPS:
        return w - (double)FE_CLIP_W_EPSILON;
    case PLANE_NEAR:
        return p->halfz ? z : z + w;
    case PLANE_FAR:
        return w - z;
    case PLANE_GUARD_NEG_X:
        return (double)p->guard_x * w + x;
    case PLANE_GUARD_POS_X:
        return (double)p->guard_x * w - x;
    case PLANE_GUARD_NEG_Y:
        return (double)p->guard_y * w + y;
    case PLANE_GUARD_POS_Y:
        return (double)p->guard_y * w - y;
    default:
        return v[FE_CLIP_DIST + (plane - PLANE_USER0)];
    }
}

/* The float nearest to g * w (|g * w| < 2^128 is exact in double) on the
 * inside of the band: |result| <= |g * w| exactly. */
static float band_limit(float g, float w)
{
    double gw = (double)g * w;
    float r = (float)gw;
    if (fabs((double)r) > fabs(gw))
        r = nextafterf(r, 0.0f);
    return r;
}

/* Puts a freshly interpolated vertex on its plane, so that e.g.
 * near-clipped vertices get z_ndc = -1 (or 0) exactly rather than within an
 * ulp. Afterwards d(v) >= 0 holds exactly for this plane (d = 0 for all but
 * the guard band, where x = +-g * w rounded inwards). */
static void snap_to_plane(const fe_clip_params *p, int plane, float *v)
{
    float *pos = v + FE_CLIP_POS;
    switch (plane) {
    case PLANE_W_EPS:
        pos[3] = FE_CLIP_W_EPSILON;
        break;
    case PLANE_NEAR:
        pos[2] = p->halfz ? 0.0f : -pos[3];
        break;
    case PLANE_FAR:
        pos[2] = pos[3];
        break;
    case PLANE_GUARD_NEG_X:
        pos[0] = -band_limit(p->guard_x, pos[3]);
        break;
    case PLANE_GUARD_POS_X:
        pos[0] = band_limit(p->guard_x, pos[3]);
        break;
    case PLANE_GUARD_NEG_Y:
        pos[1] = -band_limit(p->guard_y, pos[3]);
        break;
    case PLANE_GUARD_POS_Y:
        pos[1] = band_limit(p->guard_y, pos[3]);
        break;
    default:
        v[FE_CLIP_DIST + (plane - PLANE_USER0)] = 0.0f;
        break;
    }
}

/* Writes the point where edge in -> out crosses the plane into dst, given
 * the distances d_in >= 0 > d_out: P = (1-t) in + t out with
 * t = d_in / (d_in - d_out). dst may alias `out` (every float is read before
 * it is written).
 *
 * Both weights are computed directly, t = d_in / (d_in - d_out) and
 * 1-t = -d_out / (d_in - d_out), never one as 1 minus the other: when one
 * end is 1e25 times further from the plane, 1 - t is 1e-25 and would round
 * to 0 in double, moving P onto the far vertex.
 *
 * Why always from the inside vertex: two triangles sharing an edge see it in
 * opposite directions (A->B in one, B->A in the other). Computing t and the
 * lerp from a direction fixed by the geometry rather than by the polygon's
 * edge order makes both produce the same operations on the same floats,
 * hence bit-identical vertices and no crack or double-hit pixel along the
 * shared edge. By induction this holds plane after plane: the surviving
 * piece of the shared edge is the same pair of vertices in both polygons.
 * (The two directly computed weights happen to make the formula symmetric
 * as well -- d_out - d_in is exactly -(d_in - d_out) in IEEE arithmetic --
 * but the fixed direction does not rely on that subtlety.)
 *
 * Noperspective attributes must be linear in screen space, not clip space.
 * The new vertex P = (1-t) A + t B (A = in, B = out, clip space) has
 *   P.w = W = (1-t) wA + t wB  and screen position
 *   P.x / W = ((1-t) wA / W) (A.x / wA) + (t wB / W) (B.x / wB),
 * i.e. P lies on the screen-space segment at parameter
 *   t_s = t wB / W       (and 1 - t_s = (1-t) wA / W: the weights sum to 1).
 * So a screen-linear attribute at P is (1-t_s) a_A + t_s a_B. W > 0 because
 * the w >= eps plane is applied first (for that plane itself W = eps).
 * If wB <= 0 (only possible for the w >= eps plane) t_s is <= 0: an
 * extrapolation along the projected line, which is still exactly the value
 * of the attribute's screen-linear function at P's screen position. */
static void lerp_vertex(const fe_clip_params *p, int plane, const float *in, const float *out,
                        double d_in, double d_out, float *dst)
{
    uint32_t stride = vertex_stride(p);
    double t = d_in / (d_in - d_out), u = -d_out / (d_in - d_out); /* u = 1 - t */
    double w_in = in[FE_CLIP_POS + 3], w_out = out[FE_CLIP_POS + 3];
    double w_new = u * w_in + t * w_out;
    double t_s = t, u_s = u;
    if (w_new > 0.0) {
        t_s = t * w_out / w_new;
        u_s = u * w_in / w_new;
    }

    for (uint32_t k = 0; k < FE_CLIP_ATTR; k++)
        dst[k] = (float)(u * in[k] + t * out[k]);
    for (uint32_t k = FE_CLIP_ATTR; k < stride; k++) {
        const uint8_t *np = p->noperspective;
        if (np != NULL && np[k - FE_CLIP_ATTR])
            dst[k] = (float)(u_s * in[k] + t_s * out[k]);
        else
            dst[k] = (float)(u * in[k] + t * out[k]);
    }
    snap_to_plane(p, plane, dst);
}

/* Final pass on an output vertex: makes every active plane hold EXACTLY
 * (d >= 0 evaluated in double), so that the frontend and setup need no
 * epsilon: w >= FE_CLIP_W_EPSILON, |x| <= g * w, etc. A vertex clipped by
 * an early plane is moved by the lerps of later planes, each rounding to
 * float, and may end an ulp outside the early plane; this puts it back on
 * it. The move is an ulp at most: past the w plane all w are positive and
 * every vertex inside the band has |x| <= g * w, so the lerps cannot
 * cancel. An input vertex that was inside is left alone (d >= 0 already). */
static void clamp_to_planes(const fe_clip_params *p, float *v)
{
    float *pos = v + FE_CLIP_POS;
    if (pos[3] < FE_CLIP_W_EPSILON)
        pos[3] = FE_CLIP_W_EPSILON;
    for (int plane = PLANE_GUARD_NEG_X; plane <= PLANE_GUARD_POS_Y; plane++)
        if (plane_dist(p, plane, v) < 0.0)
            snap_to_plane(p, plane, v);
    if (p->clip_near && plane_dist(p, PLANE_NEAR, v) < 0.0)
        snap_to_plane(p, PLANE_NEAR, v);
    if (p->clip_far && plane_dist(p, PLANE_FAR, v) < 0.0)
        snap_to_plane(p, PLANE_FAR, v);
    for (int k = 0; k < 8; k++)
        if ((p->user_planes >> k & 1) && v[FE_CLIP_DIST + k] < 0.0f)
            v[FE_CLIP_DIST + k] = 0.0f;
}

/* One Sutherland-Hodgman step: polygon src (n vertices, edge k from vertex k
 * to k+1 carrying flag ef_src[k]) clipped by `plane` into dst. d[] holds the
 * distances of src's vertices. Returns the new count, or 0 if it would
 * overflow FE_CLIP_MAX_VERTS (impossible for a convex polygon, which gains at
 * most one vertex; rounding can only make it non-convex by an ulp, and we
 * would rather drop such a primitive than write past the buffer).
 *
 * Edge flags: an inside vertex starts the piece of its edge that survives, so
 * it keeps the edge's flag; an intersection where the polygon enters the
 * half-space starts the surviving piece of the original edge (same flag); one
 * where it leaves starts an edge along the clip plane (flag 0). */
static uint32_t clip_polygon(const fe_clip_params *p, int plane, const float *src,
                             const uint8_t *ef_src, const double *d, uint32_t n, float *dst,
                             uint8_t *ef_dst)
{
    uint32_t stride = vertex_stride(p);
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t j = i + 1 == n ? 0 : i + 1;
        const float *a = src + i * stride, *b = src + j * stride;
        bool in_a = d[i] >= 0.0, in_b = d[j] >= 0.0;
        if (in_a) {
            if (m == FE_CLIP_MAX_VERTS)
                return 0;
            memcpy(dst + m * stride, a, stride * sizeof(float));
            ef_dst[m++] = ef_src[i];
        }
        if (in_a != in_b) {
            if (m == FE_CLIP_MAX_VERTS)
                return 0;
            if (in_a) {
                lerp_vertex(p, plane, a, b, d[i], d[j], dst + m * stride);
                ef_dst[m++] = 0;
            } else {
                lerp_vertex(p, plane, b, a, d[j], d[i], dst + m * stride);
                ef_dst[m++] = ef_src[i];
            }
        }
    }
    return m;
}

/* True if the position and every enabled clip distance are finite. */
static bool vertex_finite(const fe_clip_params *p, const float *v)
{
    for (int k = 0; k < 4; k++)
        if (!isfinite(v[FE_CLIP_POS + k]))
            return false;
    for (int k = 0; k < 8; k++)
        if ((p->user_planes >> k & 1) && !isfinite(v[FE_CLIP_DIST + k]))
            return false;
    return true;
}

static void check_params(const fe_clip_params *p)
{
    assert(p->num_attr_floats <= FE_CLIP_MAX_ATTR_FLOATS);
    assert(p->guard_x > 0.0f && isfinite(p->guard_x));
    assert(p->guard_y > 0.0f && isfinite(p->guard_y));
    (void)p;
}

/* Called by the frontend for triangles that failed its trivial accept (and,
 * in tests, for any triangle). Never blocks. 0 means nothing to rasterize. */
uint32_t fe_clip_triangle(const fe_clip_params *p, const float *v0, const float *v1,
                          const float *v2, uint8_t edge_flags_in, float *out,
                          uint8_t *edge_flags_out)
{
    check_params(p);
    if (!vertex_finite(p, v0) || !vertex_finite(p, v1) || !vertex_finite(p, v2))
        return 0;

    uint32_t stride = vertex_stride(p);
    /* Ping-pong between the caller's buffer and this one (26 KiB at most). */
    float scratch[FE_CLIP_MAX_VERTS * (FE_CLIP_ATTR + FE_CLIP_MAX_ATTR_FLOATS)];
    uint8_t ef_scratch[FE_CLIP_MAX_VERTS];
    float *src = out, *dst = scratch;
    uint8_t *ef_src = edge_flags_out, *ef_dst = ef_scratch;

    memcpy(src + 0 * stride, v0, stride * sizeof(float));
    memcpy(src + 1 * stride, v1, stride * sizeof(float));
    memcpy(src + 2 * stride, v2, stride * sizeof(float));
    for (int k = 0; k < 3; k++)
        ef_src[k] = edge_flags_in >> k & 1;
    uint32_t n = 3;

    /* Every plane is examined on the CURRENT polygon, never skipped on the
     * strength of the input vertices' outcodes: a vertex created by an
     * earlier plane may land an ulp outside a plane the input satisfied,
     * and a neighbour sharing the edge (with a different third vertex) must
     * make the same decision for it to stay bit-identical. Skipping a plane
     * only when all current vertices are inside is equivalent to clipping. */
    uint32_t planes = active_planes(p);
    for (int plane = 0; plane < PLANE_COUNT; plane++) {
        if (!(planes >> plane & 1))
            continue;
        double d[FE_CLIP_MAX_VERTS];
        uint32_t inside = 0;
        for (uint32_t i = 0; i < n; i++) {
            d[i] = plane_dist(p, plane, src + i * stride);
            inside += d[i] >= 0.0;
        }
        if (inside == n)
            continue;
        if (inside == 0)
            return 0;
        n = clip_polygon(p, plane, src, ef_src, d, n, dst, ef_dst);
        if (n == 0)
            return 0;
        float *tf = src;
        src = dst;
        dst = tf;
        uint8_t *tu = ef_src;
        ef_src = ef_dst;
        ef_dst = tu;
    }

    if (src != out) {
        memcpy(out, src, n * stride * sizeof(float));
        memcpy(edge_flags_out, ef_src, n);
    }
    for (uint32_t i = 0; i < n; i++)
        clamp_to_planes(p, out + i * stride);
    return n;
}

/* Called by the frontend for lines that failed its trivial accept. Each
 * plane that separates the endpoints moves the outside one onto it, lerped
 * from the inside one as for triangles (so a segment clips to the same
 * points whichever way round it is given). */
uint32_t fe_clip_line(const fe_clip_params *p, const float *v0, const float *v1, float *out)
{
    check_params(p);
    if (!vertex_finite(p, v0) || !vertex_finite(p, v1))
        return 0;

    uint32_t stride = vertex_stride(p);
    float *a = out, *b = out + stride;
    memcpy(a, v0, stride * sizeof(float));
    memcpy(b, v1, stride * sizeof(float));

    uint32_t planes = active_planes(p);
    for (int plane = 0; plane < PLANE_COUNT; plane++) {
        if (!(planes >> plane & 1))
            continue;
        double da = plane_dist(p, plane, a), db = plane_dist(p, plane, b);
        bool in_a = da >= 0.0, in_b = db >= 0.0;
        if (in_a && in_b)
            continue;
        if (!in_a && !in_b)
            return 0;
        if (in_a)
            lerp_vertex(p, plane, a, b, da, db, b);
        else
            lerp_vertex(p, plane, b, a, db, da, a);
    }
    clamp_to_planes(p, a);
    clamp_to_planes(p, b);
    return 2;
}

/* Called by the frontend for every point (cheap enough not to need a SIMD
 * pre-pass). Written as "inside" tests so that NaN compares as outside. */
bool fe_clip_point_visible(const fe_clip_params *p, const float *v)
{
    if (!vertex_finite(p, v))
        return false;
    float x = v[FE_CLIP_POS + 0], y = v[FE_CLIP_POS + 1];
    float z = v[FE_CLIP_POS + 2], w = v[FE_CLIP_POS + 3];
    if (!(w > 0.0f && x >= -w && x <= w && y >= -w && y <= w))
        return false;
    if (p->clip_near && !(p->halfz ? z >= 0.0f : z >= -w))
        return false;
    if (p->clip_far && !(z <= w))
        return false;
    for (int k = 0; k < 8; k++)
        if ((p->user_planes >> k & 1) && !(v[FE_CLIP_DIST + k] >= 0.0f))
            return false;
    return true;
}
