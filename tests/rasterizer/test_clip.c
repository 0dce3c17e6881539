/*
 * test_clip.c: homogeneous clipping (rasterizer/fe_clip.c).
 *
 * Oracles, none of which is output the clipper produced earlier:
 *  - analytic cases: near/far/user-plane intersections computed in double,
 *    triangles behind the eye, w crossing 0, 1e30 coordinates against the
 *    guard band, NaN/Inf inputs, points, lines, edge flags;
 *  - a reference clipper written here independently: Sutherland-Hodgman in
 *    the triangle's BARYCENTRIC space in double (the clip region is the
 *    intersection of the triangle with half-spaces d(b) = sum b_i d(v_i)
 *    >= 0). Its window-space polygon must have the area of ours; with every
 *    one of our vertices inside the triangle and the planes and our polygon
 *    convex, equal area means equal polygons;
 *  - attributes that are known functions: linear functions of the clip
 *    position (perspective-correct interpolation must reproduce them
 *    exactly), linear functions of the screen position (noperspective), and
 *    random values checked against barycentrics recovered in double;
 *  - a Liang-Barsky reference for lines and a direct reading of the rules
 *    for points.
 * Tolerances scale with the conditioning of each case: an output vertex
 * built from inputs much larger than itself can only be as precise as an
 * ulp of those inputs (see tol_window).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rasterizer/fe_clip.h"
#include "rasterizer/rast_priv.h"

#define NATTR  8
#define STRIDE (FE_CLIP_ATTR + NATTR)

/* A 1024x768 viewport: x_w = VP_CX + VP_SX * x / w, likewise y. */
#define VP_SX 512.0
#define VP_SY 384.0
#define VP_CX 512.0
#define VP_CY 384.0

/* Relative error allowed per unit of a vertex's magnitude scale: the
 * clipper rounds to float (6e-8) once per plane, up to 15 planes, plus the
 * snap products; 4e-6 leaves a factor ~4 over that worst chain. */
#define REL 4e-6

/* Attributes 0..5 perspective, 6..7 noperspective. */
static const uint8_t k_noperspective[NATTR] = {0, 0, 0, 0, 0, 0, 1, 1};

static fe_clip_params make_params(bool clip_near, bool clip_far, bool halfz, uint8_t user)
{
    fe_clip_params p;
    memset(&p, 0, sizeof p);
    /* The band [-G, G] in window x is NDC [(-G - cx) / sx, (G - cx) / sx];
     * the symmetric, conservative half-extent is (G - cx) / sx. */
    p.guard_x = (float)((RAST_GUARD_BAND - VP_CX) / VP_SX);
    p.guard_y = (float)((RAST_GUARD_BAND - VP_CY) / VP_SY);
    p.clip_near = clip_near;
    p.clip_far = clip_far;
    p.halfz = halfz;
    p.user_planes = user;
    p.num_attr_floats = NATTR;
    p.noperspective = k_noperspective;
    return p;
}

/* ---- random numbers ------------------------------------------------------ */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t rng_next(void)
{
    uint64_t x = rng_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng_state = x;
    return x * 0x2545F4914F6CDD1Dull;
}

static double rnd01(void)
{
    return (double)(rng_next() >> 11) * 0x1.0p-53;
}

static double rnd_range(double a, double b)
{
    return a + (b - a) * rnd01();
}

/* ---- window space ------------------------------------------------------- */

static double win_x(double x, double w)
{
    return VP_CX + VP_SX * (x / w);
}

static double win_y(double y, double w)
{
    return VP_CY + VP_SY * (y / w);
}

static double shoelace(int n, const double (*pts)[2])
{
    double a = 0.0;
    for (int k = 0; k < n; k++) {
        const double *p = pts[k], *q = pts[(k + 1) % n];
        a += p[0] * q[1] - q[0] * p[1];
    }
    return 0.5 * a;
}

/* ---- the reference clipper (barycentric space, double) ------------------ */

/* A plane written straight from the rules: d(v) = sum c[j] * v[j] + k over
 * the first FE_CLIP_ATTR floats of a clip vertex, inside iff d >= 0. */
typedef struct ref_plane {
    double c[FE_CLIP_ATTR];
    double k;
} ref_plane;

static int ref_planes(const fe_clip_params *p, ref_plane *pl)
{
    int n = 0;
    memset(pl, 0, sizeof(ref_plane) * 15);
    pl[n].c[3] = 1.0, pl[n].k = -(double)FE_CLIP_W_EPSILON, n++; /* w >= eps */
    if (p->clip_near) {
        pl[n].c[2] = 1.0; /* z >= 0, or z >= -w */
        if (!p->halfz)
            pl[n].c[3] = 1.0;
        n++;
    }
    if (p->clip_far)
        pl[n].c[3] = 1.0, pl[n].c[2] = -1.0, n++; /* z <= w */
    for (int axis = 0; axis < 2; axis++) {
        double g = axis == 0 ? p->guard_x : p->guard_y;
        pl[n].c[axis] = 1.0, pl[n].c[3] = g, n++;  /* x >= -g w */
        pl[n].c[axis] = -1.0, pl[n].c[3] = g, n++; /* x <= g w */
    }
    for (int i = 0; i < 8; i++)
        if (p->user_planes >> i & 1)
            pl[n].c[FE_CLIP_DIST + i] = 1.0, n++;
    return n;
}

static double ref_dist(const ref_plane *pl, const float *v)
{
    double d = pl->k;
    for (int j = 0; j < FE_CLIP_ATTR; j++)
        d += pl->c[j] * (double)v[j];
    return d;
}

#define REF_MAX 64

typedef struct ref_poly {
    int n;
    double b[REF_MAX][3];
} ref_poly;

/* Clips the whole triangle, i.e. the barycentric simplex, by every plane. */
static void ref_clip_triangle(const fe_clip_params *p, const float *const v[3], ref_poly *poly)
{
    ref_plane pl[15];
    int np = ref_planes(p, pl);
    poly->n = 3;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            poly->b[i][j] = i == j;
    for (int k = 0; k < np && poly->n > 0; k++) {
        double dv[3];
        for (int i = 0; i < 3; i++)
            dv[i] = ref_dist(&pl[k], v[i]);
        double d[REF_MAX];
        for (int i = 0; i < poly->n; i++)
            d[i] = poly->b[i][0] * dv[0] + poly->b[i][1] * dv[1] + poly->b[i][2] * dv[2];
        ref_poly next;
        next.n = 0;
        for (int i = 0; i < poly->n; i++) {
            int j = (i + 1) % poly->n;
            if (d[i] >= 0.0)
                memcpy(next.b[next.n++], poly->b[i], sizeof poly->b[i]);
            if ((d[i] >= 0.0) != (d[j] >= 0.0)) {
                /* both weights directly: 1 - s may be 1e-25 */
                double s = d[i] / (d[i] - d[j]), r = d[j] / (d[j] - d[i]);
                for (int c = 0; c < 3; c++)
                    next.b[next.n][c] = r * poly->b[i][c] + s * poly->b[j][c];
                next.n++;
            }
            assert_true(next.n < REF_MAX - 2);
        }
        *poly = next;
    }
}

/* Clip-space value j of the point with barycentrics b. */
static double bary_value(const float *const v[3], const double b[3], int j)
{
    return b[0] * v[0][j] + b[1] * v[1][j] + b[2] * v[2][j];
}

/* Window-space error bound of the point with barycentrics b: floats carry
 * relative error REL of the magnitudes they were built from, i.e. of
 * sum |b_i| |v_i| per coordinate, and X = x / w amplifies that by 1 / w. */
static double tol_window_at(const float *const v[3], const double b[3], double x, double y,
                            double w)
{
    double ax = 0, ay = 0, aw = 0;
    for (int i = 0; i < 3; i++) {
        ax += fabs(b[i]) * fabs(v[i][0]);
        ay += fabs(b[i]) * fabs(v[i][1]);
        aw += fabs(b[i]) * fabs(v[i][3]);
    }
    w = fabs(w);
    double tx = VP_SX * (ax + fabs(x / w) * aw) / w;
    double ty = VP_SY * (ay + fabs(y / w) * aw) / w;
    return REL * fmax(tx, ty) + 1e-4;
}

static double tol_window(const float *const v[3], const double b[3])
{
    return tol_window_at(v, b, bary_value(v, b, 0), bary_value(v, b, 1), bary_value(v, b, 3));
}

/* Barycentrics (in homogeneous 2D: x, y, w) of the clip point q; returns
 * det(v0, v1, v2) so that the caller can judge the conditioning. */
static double det3(const double a[3], const double b[3], const double c[3])
{
    return a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
           a[2] * (b[0] * c[1] - b[1] * c[0]);
}

static void xyw(const float *v, double out[3])
{
    out[0] = v[0], out[1] = v[1], out[2] = v[3];
}

static double bary_of(const float *const v[3], const float *q, double b[3])
{
    double r[3][3], pq[3];
    for (int i = 0; i < 3; i++)
        xyw(v[i], r[i]);
    xyw(q, pq);
    double D = det3(r[0], r[1], r[2]);
    b[0] = det3(pq, r[1], r[2]) / D;
    b[1] = det3(r[0], pq, r[2]) / D;
    b[2] = det3(r[0], r[1], pq) / D;
    return D;
}

static double norm3(const double a[3])
{
    return sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
}

/* |det| / product of row norms: 1 for orthogonal rows, 0 for degenerate. */
static double orthogonality(const float *const v[3])
{
    double r[3][3];
    for (int i = 0; i < 3; i++)
        xyw(v[i], r[i]);
    double n = norm3(r[0]) * norm3(r[1]) * norm3(r[2]);
    return n > 0 ? fabs(det3(r[0], r[1], r[2])) / n : 0.0;
}

/* ---- random cases -------------------------------------------------------- */

typedef struct tri_case {
    fe_clip_params p;
    float v[3][STRIDE];
    bool moderate;     /* coordinates within a few orders of magnitude */
    bool np_linear_ok; /* attribute 6 holds the screen-linear function */
    double L[4][4];    /* attribute k (0..3) = L[k] . position */
    double U[8][4];    /* clip distance j = U[j] . position */
    double c_np[3];    /* attribute 6 = c0 + c1 * x/w + c2 * y/w */
} tri_case;

/* A wild coordinate: zero, moderate, or anything up to 1e30 either sign. */
static double wild_value(void)
{
    double r = rnd01();
    double s = rnd01() < 0.5 ? -1.0 : 1.0;
    if (r < 0.1)
        return 0.0;
    if (r < 0.5)
        return rnd_range(-2.0, 2.0);
    return s * pow(10.0, rnd_range(-3.0, 30.0));
}

static void gen_position(tri_case *tc, float *pos, double scale, double spread)
{
    const fe_clip_params *p = &tc->p;
    double w;
    if (tc->moderate)
        w = scale * rnd_range(-0.7, 2.0);
    else
        w = wild_value();
    double x, y, z;
    if (tc->moderate) {
        x = scale * spread * rnd_range(-1.0, 1.0);
        y = scale * spread * rnd_range(-1.0, 1.0);
        z = scale * rnd_range(-2.0, 2.0);
    } else {
        x = wild_value(), y = wild_value(), z = wild_value();
    }
    /* Put some coordinates exactly on a plane: on-plane vertices are inside. */
    double r = rnd01();
    if (r < 0.05)
        x = (rnd01() < 0.5 ? -1.0 : 1.0) * (double)p->guard_x * (float)w;
    else if (r < 0.1)
        z = p->halfz ? 0.0 : -(float)w;
    else if (r < 0.15)
        z = w;
    else if (r < 0.2)
        w = FE_CLIP_W_EPSILON;
    pos[0] = (float)x, pos[1] = (float)y, pos[2] = (float)z, pos[3] = (float)w;
}

static void gen_triangle(tri_case *tc, bool moderate)
{
    memset(tc, 0, sizeof *tc);
    uint8_t user = rnd01() < 0.5 ? 0 : (uint8_t)rng_next();
    tc->p = make_params(rnd01() < 0.7, rnd01() < 0.7, rnd01() < 0.5, user);
    tc->moderate = moderate;
    double scale = pow(10.0, rnd_range(-2.0, 3.0));
    double spread = pow(10.0, rnd_range(0.0, 2.5)); /* past the guard band (61 NDC) at times */
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < 4; j++)
            tc->L[k][j] = rnd_range(-1.0, 1.0);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            tc->U[i][j] = rnd_range(-1.0, 1.0);
    for (int j = 0; j < 3; j++)
        tc->c_np[j] = rnd_range(-1.0, 1.0);
    tc->np_linear_ok = moderate;
    for (int i = 0; i < 3; i++) {
        float *v = tc->v[i];
        gen_position(tc, v, scale, spread);
        for (int j = 0; j < 8; j++)
            v[FE_CLIP_DIST + j] = (float)(tc->U[j][0] * v[0] + tc->U[j][1] * v[1] +
                                          tc->U[j][2] * v[2] + tc->U[j][3] * v[3]);
        for (int k = 0; k < 4; k++)
            v[FE_CLIP_ATTR + k] = (float)(tc->L[k][0] * v[0] + tc->L[k][1] * v[1] +
                                          tc->L[k][2] * v[2] + tc->L[k][3] * v[3]);
        v[FE_CLIP_ATTR + 4] = (float)rnd_range(-10, 10);
        v[FE_CLIP_ATTR + 5] = (float)rnd_range(-10, 10);
        double w = v[3];
        if (fabs(w) > 1e-2 * scale) {
            v[FE_CLIP_ATTR + 6] =
                (float)(tc->c_np[0] + tc->c_np[1] * (v[0] / w) + tc->c_np[2] * (v[1] / w));
            if (!isfinite(v[FE_CLIP_ATTR + 6]) || fabs(v[FE_CLIP_ATTR + 6]) > 1e6)
                tc->np_linear_ok = false;
        } else {
            tc->np_linear_ok = false;
        }
        v[FE_CLIP_ATTR + 7] = (float)rnd_range(-10, 10);
    }
}

/* ---- checking one triangle ------------------------------------------------ */

typedef struct tri_stats {
    long cases, clipped, empty, attr_checked, flags_checked, flags_skipped, ref_unreliable;
    double max_area_err; /* |A - A_ref| / tolerance */
    double max_attr_err; /* error / tolerance */
} tri_stats;

static void print_case(const tri_case *tc, const char *what)
{
    fprintf(stderr, "FAIL: %s\n  params near=%d far=%d halfz=%d user=%02x moderate=%d\n", what,
            tc->p.clip_near, tc->p.clip_far, tc->p.halfz, tc->p.user_planes, tc->moderate);
    for (int i = 0; i < 3; i++)
        fprintf(stderr, "  v%d = (%a, %a, %a, %a)  (%.9g, %.9g, %.9g, %.9g)\n", i, tc->v[i][0],
                tc->v[i][1], tc->v[i][2], tc->v[i][3], tc->v[i][0], tc->v[i][1], tc->v[i][2],
                tc->v[i][3]);
}

#define CHECK(tc, cond, ...)                                                                       \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            char msg_[512];                                                                        \
            snprintf(msg_, sizeof msg_, __VA_ARGS__);                                              \
            print_case(tc, msg_);                                                                  \
            fail_msg("%s", msg_);                                                                  \
        }                                                                                          \
    } while (0)

static void check_triangle(const tri_case *tc, uint8_t flags_in, tri_stats *st)
{
    const fe_clip_params *p = &tc->p;
    const float *const v[3] = {tc->v[0], tc->v[1], tc->v[2]};
    float out[FE_CLIP_MAX_VERTS * STRIDE];
    uint8_t ef[FE_CLIP_MAX_VERTS];
    uint32_t n = fe_clip_triangle(p, v[0], v[1], v[2], flags_in, out, ef);
    st->cases++;
    CHECK(tc, n == 0 || (n >= 3 && n <= FE_CLIP_MAX_VERTS), "bad count %u", n);

    ref_poly ref;
    ref_clip_triangle(p, v, &ref);

    double rx[3][3];
    for (int i = 0; i < 3; i++)
        xyw(v[i], rx[i]);
    double D = det3(rx[0], rx[1], rx[2]);
    bool degenerate = orthogonality(v) < 1e-9;
    double orient = degenerate ? 0.0 : D > 0 ? 1.0 : -1.0;

    /* Reference polygon in window space and its tolerance. */
    double rp[REF_MAX][2], rtol[REF_MAX];
    bool ref_reliable = true;
    for (int k = 0; k < ref.n; k++) {
        double w = bary_value(v, ref.b[k], 3), aw = 0;
        /* Double cannot resolve w = eps out of 1e22 - 1e22: then the
         * reference's own vertex is meaningless and the area is not compared. */
        for (int i = 0; i < 3; i++)
            aw += fabs(ref.b[k][i]) * fabs(v[i][3]);
        if (!(w > 0) || 1e-15 * aw > 1e-3 * w)
            ref_reliable = false;
        rp[k][0] = win_x(bary_value(v, ref.b[k], 0), w);
        rp[k][1] = win_y(bary_value(v, ref.b[k], 1), w);
        rtol[k] = tol_window(v, ref.b[k]);
    }
    double a_ref = ref.n ? shoelace(ref.n, (const double(*)[2])rp) : 0.0;
    double tol_a = 1e-3 + 1e-6 * fabs(a_ref);
    for (int k = 0; k < ref.n; k++) {
        int j = (k + 1) % ref.n;
        tol_a += (rtol[k] + rtol[j]) * hypot(rp[j][0] - rp[k][0], rp[j][1] - rp[k][1]);
    }

    /* Ours in window space, checks per vertex. */
    double op[FE_CLIP_MAX_VERTS][2], otol[FE_CLIP_MAX_VERTS], ob[FE_CLIP_MAX_VERTS][3];
    double obe[FE_CLIP_MAX_VERTS][3]; /* error bound of ob from the rounding of q */
    ref_plane pl[15];
    int npl = ref_planes(p, pl);
    for (uint32_t k = 0; k < n; k++) {
        const float *q = out + k * STRIDE;
        CHECK(tc, q[3] >= FE_CLIP_W_EPSILON, "vertex %u has w = %g", k, q[3]);
        for (int j = 0; j < 4; j++)
            CHECK(tc, isfinite(q[j]), "vertex %u not finite", k);
        op[k][0] = win_x(q[0], q[3]);
        op[k][1] = win_y(q[1], q[3]);
        CHECK(tc,
              fabs(op[k][0]) <= RAST_GUARD_BAND * (1 + 1e-6) &&
                  fabs(op[k][1]) <= RAST_GUARD_BAND * (1 + 1e-6),
              "vertex %u outside the guard band: %g %g", k, op[k][0], op[k][1]);
        /* Every active plane holds exactly (the contract: no epsilon in
         * setup). Each d here is at most two exact products and a sum in
         * double, whose rounding cannot change the sign. */
        for (int i = 0; i < npl; i++) {
            double d = ref_dist(&pl[i], q);
            CHECK(tc, d >= 0.0, "vertex %u violates plane %d: d = %g", k, i, d);
        }
        if (degenerate) {
            /* No barycentrics: bound the error by all three inputs. */
            ob[k][0] = ob[k][1] = ob[k][2] = 1.0;
            otol[k] = tol_window_at(v, ob[k], q[0], q[1], q[3]);
            continue;
        }
        bary_of(v, q, ob[k]);
        otol[k] = tol_window_at(v, ob[k], q[0], q[1], q[3]);
        /* Inside the triangle: homogeneous edge functions D * b_i >= 0 up to
         * the rounding of q (relative REL of sum |b_i| |v_i|). */
        double qa = 0;
        for (int i = 0; i < 3; i++)
            qa += fabs(ob[k][i]) * norm3(rx[i]);
        double rq[3];
        xyw(q, rq);
        for (int i = 0; i < 3; i++) {
            const double *r1 = rx[(i + 1) % 3], *r2 = rx[(i + 2) % 3];
            double cr[3] = {r1[1] * r2[2] - r1[2] * r2[1], r1[2] * r2[0] - r1[0] * r2[2],
                            r1[0] * r2[1] - r1[1] * r2[0]};
            obe[k][i] = REL * qa * norm3(cr) / fabs(D);
            double e = det3(rq, r1, r2) * orient; /* = b_i |D| */
            double slack = 4 * REL * norm3(cr) * qa + 1e-13 * norm3(rq) * norm3(r1) * norm3(r2);
            CHECK(tc, e >= -slack, "vertex %u outside the triangle: b%d = %g (e %g, slack %g)", k,
                  i, ob[k][i], e, slack);
        }
    }
    double a_out = n ? shoelace((int)n, (const double(*)[2])op) : 0.0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t j = (k + 1) % n;
        tol_a += (otol[k] + otol[j]) * hypot(op[j][0] - op[k][0], op[j][1] - op[k][1]);
    }
    double err = fabs(a_out - a_ref);
    if (ref_reliable) {
        CHECK(tc, err <= tol_a, "area %.9g vs reference %.9g (tol %g, n %u, ref n %d)", a_out,
              a_ref, tol_a, n, ref.n);
        if (err / tol_a > st->max_area_err)
            st->max_area_err = err / tol_a;
    } else {
        st->ref_unreliable++;
    }
    st->empty += n == 0;
    st->clipped += n != 3 || memcmp(out, tc->v, sizeof tc->v) != 0;

    if (fabs(a_ref) > 2 * tol_a && !degenerate && ref_reliable) {
        CHECK(tc, a_ref * orient > 0, "reference winding disagrees with det");
        CHECK(tc, a_out * orient > 0, "winding flipped: area %g, det %g", a_out, D);
    }
    /* Convex: every turn has the polygon's orientation, up to how far
     * rounding can move the three vertices involved. */
    for (uint32_t k = 0; k < n && orient != 0; k++) {
        uint32_t i = (k + n - 1) % n, j = (k + 1) % n;
        double e1x = op[k][0] - op[i][0], e1y = op[k][1] - op[i][1];
        double e2x = op[j][0] - op[k][0], e2y = op[j][1] - op[k][1];
        double cr = (e1x * e2y - e1y * e2x) * orient;
        double slack = 2 * (otol[i] + otol[k] + otol[j]) * (hypot(e1x, e1y) + hypot(e2x, e2y));
        CHECK(tc, cr >= -slack - 1e-9, "not convex at vertex %u: %g (slack %g)", k, cr, slack);
    }

    /* Attributes, clip distances, z and edge flags, where barycentrics can
     * be recovered accurately. */
    if (!tc->moderate || n == 0 || orthogonality(v) < 0.02)
        return;
    st->attr_checked++;
    for (uint32_t k = 0; k < n; k++) {
        const float *q = out + k * STRIDE;
        const double *b = ob[k];
        double wq = q[3];
        /* Perspective-correct: exact barycentric interpolation. */
        for (int j = 2; j < FE_CLIP_ATTR + NATTR; j++) {
            if (j == 3 || j == FE_CLIP_ATTR + 6 || j == FE_CLIP_ATTR + 7)
                continue;
            double mag = 0, bmag = 0;
            for (int i = 0; i < 3; i++) {
                mag += fabs(b[i]) * fabs(v[i][j]);
                bmag += 2 * obe[k][i] * fabs(v[i][j]);
            }
            double want = bary_value(v, b, j), tol = 20 * REL * mag + bmag + 1e-30;
            if (j >= FE_CLIP_DIST && j < FE_CLIP_ATTR && (p->user_planes >> (j - FE_CLIP_DIST) & 1))
                tol += 20 * REL * mag; /* clamped to 0 if rounded below */
            double e = fabs(q[j] - want);
            CHECK(tc, e <= tol, "vertex %u float %d: %.9g, want %.9g", k, j, q[j], want);
            if (e / tol > st->max_attr_err)
                st->max_attr_err = e / tol;
        }
        /* Attributes 0..3 are L . position: exactly that at any point. */
        for (int a = 0; a < 4; a++) {
            double want = 0, mag = 0;
            for (int j = 0; j < 4; j++)
                want += tc->L[a][j] * q[j], mag += fabs(tc->L[a][j] * q[j]);
            for (int i = 0; i < 3; i++)
                mag += fabs(b[i]) * fabs(v[i][FE_CLIP_ATTR + a]);
            double e = fabs(q[FE_CLIP_ATTR + a] - want), tol = 20 * REL * mag + 1e-30;
            CHECK(tc, e <= tol, "vertex %u attr %d: %.9g, want L.p = %.9g", k, a,
                  q[FE_CLIP_ATTR + a], want);
        }
        /* Noperspective: screen-space barycentrics s_i = b_i w_i / w. */
        double s[3], smag = 0;
        for (int i = 0; i < 3; i++)
            s[i] = b[i] * v[i][3] / wq;
        for (int i = 0; i < 3; i++)
            smag += (fabs(s[i]) + 50 * obe[k][i] * fabs(v[i][3] / wq)) *
                    (fabs(v[i][FE_CLIP_ATTR + 7]) + fabs(v[i][FE_CLIP_ATTR + 6]));
        double want7 = s[0] * v[0][FE_CLIP_ATTR + 7] + s[1] * v[1][FE_CLIP_ATTR + 7] +
                       s[2] * v[2][FE_CLIP_ATTR + 7];
        double tol_np = 1e-4 * (smag + 1.0);
        CHECK(tc, fabs(q[FE_CLIP_ATTR + 7] - want7) <= tol_np,
              "vertex %u noperspective attr: %.9g, want %.9g", k, q[FE_CLIP_ATTR + 7], want7);
        if (tc->np_linear_ok) {
            double want6 = tc->c_np[0] + tc->c_np[1] * (q[0] / wq) + tc->c_np[2] * (q[1] / wq);
            double tol6 = tol_np + 1e-4 * (fabs(q[0] / wq) + fabs(q[1] / wq) + 1.0);
            CHECK(tc, fabs(q[FE_CLIP_ATTR + 6] - want6) <= tol6,
                  "vertex %u screen-linear attr: %.9g, want %.9g", k, q[FE_CLIP_ATTR + 6], want6);
        }
    }
    /* Edge flags: an output edge on input edge e (its opposite barycentric
     * is 0 at both ends) keeps flag bit e; any other edge gets 0. Edges that
     * are too short to classify or lie both on an input edge and on a plane
     * are skipped. */
    for (uint32_t k = 0; k < n; k++) {
        uint32_t j = (k + 1) % n;
        const float *qa = out + k * STRIDE, *qb = out + j * STRIDE;
        double len = hypot(op[j][0] - op[k][0], op[j][1] - op[k][1]);
        if (len < 1e-2 + 100 * (otol[k] + otol[j])) {
            st->flags_skipped++;
            continue;
        }
        int on_edge = -1, ambiguous = 0;
        for (int e = 0; e < 3; e++) {
            int o = (e + 2) % 3;
            double m = fmax(fabs(ob[k][o]), fabs(ob[j][o]));
            if (m <= 1e-5)
                on_edge = on_edge < 0 ? e : 3;
            else if (m < 1e-3)
                ambiguous = 1;
        }
        for (int i = 0; i < npl && on_edge >= 0; i++) {
            double da = ref_dist(&pl[i], qa), db = ref_dist(&pl[i], qb), mag = 0;
            for (int c = 0; c < FE_CLIP_ATTR; c++)
                mag += fabs(pl[i].c[c]) * (fabs(qa[c]) + fabs(qb[c]));
            if (fabs(da) <= 1e-5 * mag && fabs(db) <= 1e-5 * mag)
                ambiguous = 1;
        }
        if (ambiguous || on_edge == 3) {
            st->flags_skipped++;
            continue;
        }
        int want = on_edge >= 0 ? (flags_in >> on_edge & 1) : 0;
        CHECK(tc, ef[k] == want, "edge %u flag %d, want %d (input edge %d)", k, ef[k], want,
              on_edge);
        st->flags_checked++;
    }
}

/* ---- analytic tests -------------------------------------------------------- */

static void set_vertex(float *v, double x, double y, double z, double w)
{
    memset(v, 0, STRIDE * sizeof(float));
    v[0] = (float)x, v[1] = (float)y, v[2] = (float)z, v[3] = (float)w;
    v[FE_CLIP_ATTR + 0] = (float)(x + 2 * y);
    v[FE_CLIP_ATTR + 1] = (float)w;
}

/* Exact intersection of edge a -> b with plane d (d = ca . pos), in double. */
static void exact_cross(const float *a, const float *b, const double c[4], double out[4])
{
    double da = 0, db = 0;
    for (int j = 0; j < 4; j++)
        da += c[j] * a[j], db += c[j] * b[j];
    double t = da / (da - db);
    for (int j = 0; j < 4; j++)
        out[j] = a[j] + t * ((double)b[j] - a[j]);
}

static bool has_vertex(const float *out, uint32_t n, const double want[4], double tol)
{
    for (uint32_t k = 0; k < n; k++) {
        const float *q = out + k * STRIDE;
        bool ok = true;
        for (int j = 0; j < 4; j++)
            ok = ok && fabs(q[j] - want[j]) <= tol * (1 + fabs(want[j]));
        if (ok)
            return true;
    }
    return false;
}

static void test_near_plane(void **state)
{
    (void)state;
    for (int halfz = 0; halfz < 2; halfz++) {
        fe_clip_params p = make_params(true, true, halfz, 0);
        float v[3][STRIDE], out[FE_CLIP_MAX_VERTS * STRIDE];
        uint8_t ef[FE_CLIP_MAX_VERTS];
        /* v0 in front of the near plane (perspective: w = -z_eye-ish) */
        set_vertex(v[0], 0.3, 0.2, -3.0, 0.5);
        set_vertex(v[1], 1.0, -0.5, 1.5, 2.0);
        set_vertex(v[2], -0.8, 0.9, 0.5, 1.0);
        uint32_t n = fe_clip_triangle(&p, v[0], v[1], v[2], 7, out, ef);
        assert_int_equal(n, 4);
        double c[4] = {0, 0, 1, halfz ? 0 : 1};
        double x01[4], x20[4];
        exact_cross(v[1], v[0], c, x01);
        exact_cross(v[2], v[0], c, x20);
        assert_true(has_vertex(out, n, x01, 1e-6));
        assert_true(has_vertex(out, n, x20, 1e-6));
        double v1d[4] = {v[1][0], v[1][1], v[1][2], v[1][3]};
        double v2d[4] = {v[2][0], v[2][1], v[2][2], v[2][3]};
        assert_true(has_vertex(out, n, v1d, 0));
        assert_true(has_vertex(out, n, v2d, 0));
        for (uint32_t k = 0; k < n; k++) {
            const float *q = out + k * STRIDE;
            /* on-plane vertices are snapped exactly: z_ndc = -1 (or 0) */
            if (fabs(q[0] - x01[0]) < 1e-5 || fabs(q[0] - x20[0]) < 1e-5)
                assert_true(halfz ? q[2] == 0.0f : q[2] == -q[3]);
            /* attribute 0 = x + 2y and 1 = w are linear in clip space */
            assert_true(fabs(q[FE_CLIP_ATTR] - (q[0] + 2.0 * q[1])) < 1e-5);
            assert_true(fabs(q[FE_CLIP_ATTR + 1] - q[3]) < 1e-5);
        }
        /* Winding kept: v1 comes before v2 in the output cycle. */
        int i1 = -1, i2 = -1;
        for (uint32_t k = 0; k < n; k++) {
            if (memcmp(out + k * STRIDE, v[1], STRIDE * sizeof(float)) == 0)
                i1 = (int)k;
            if (memcmp(out + k * STRIDE, v[2], STRIDE * sizeof(float)) == 0)
                i2 = (int)k;
        }
        assert_true(i1 >= 0 && i2 >= 0);
        assert_int_equal((i1 + 1) % (int)n, i2);
        /* Far plane: z > w at v1 now. */
        set_vertex(v[1], 1.0, -0.5, 3.0, 2.0);
        set_vertex(v[0], 0.3, 0.2, 0.2, 0.5);
        n = fe_clip_triangle(&p, v[0], v[1], v[2], 7, out, ef);
        assert_int_equal(n, 4);
        double cf[4] = {0, 0, -1, 1}, x[4];
        exact_cross(v[0], v[1], cf, x);
        assert_true(has_vertex(out, n, x, 1e-6));
        exact_cross(v[2], v[1], cf, x);
        assert_true(has_vertex(out, n, x, 1e-6));
        /* With depth clipping off, the same triangle is untouched. */
        p.clip_far = false;
        assert_int_equal(fe_clip_triangle(&p, v[0], v[1], v[2], 7, out, ef), 3);
        assert_memory_equal(out, v, sizeof v);
    }
}

static void test_behind_eye(void **state)
{
    (void)state;
    for (int depth = 0; depth < 2; depth++) {
        fe_clip_params p = make_params(depth, depth, false, 0);
        float v[3][STRIDE], out[FE_CLIP_MAX_VERTS * STRIDE];
        uint8_t ef[FE_CLIP_MAX_VERTS];
        set_vertex(v[0], 0.1, 0.1, 0.5, -1.0);
        set_vertex(v[1], 2.0, 0.1, 0.5, -3.0);
        set_vertex(v[2], 0.1, -4.0, -0.5, -0.5);
        assert_int_equal(fe_clip_triangle(&p, v[0], v[1], v[2], 7, out, ef), 0);
        set_vertex(v[2], 0.1, -4.0, -0.5, 0.0); /* w = 0 is still outside w >= eps */
        assert_int_equal(fe_clip_triangle(&p, v[0], v[1], v[2], 7, out, ef), 0);
        assert_int_equal(fe_clip_line(&p, v[0], v[1], out), 0);
        assert_false(fe_clip_point_visible(&p, v[0]));
        assert_false(fe_clip_point_visible(&p, v[2]));
    }
}

static void test_w_crosses_zero(void **state)
{
    (void)state;
    fe_clip_params p = make_params(false, false, false, 0);
    float v[3][STRIDE], out[FE_CLIP_MAX_VERTS * STRIDE];
    uint8_t ef[FE_CLIP_MAX_VERTS];
    set_vertex(v[0], 0.0, 0.0, 0.5, 1.0);
    set_vertex(v[1], 1e-6, 0.0, 0.5, -1.0);
    set_vertex(v[2], 0.0, 1e-6, 0.5, 1.0);
    uint32_t n = fe_clip_triangle(&p, v[0], v[1], v[2], 7, out, ef);
    assert_int_equal(n, 4);
    /* Edge v0 -> v1 meets w = eps at t = (1 - eps) / 2. */
    double eps = FE_CLIP_W_EPSILON, t = (1.0 - eps) / 2.0;
    double want[4] = {t * (double)v[1][0], 0.0, 0.5, eps};
    assert_true(has_vertex(out, n, want, 1e-6));
    int on_eps = 0;
    for (uint32_t k = 0; k < n; k++) {
        const float *q = out + k * STRIDE;
        assert_true(q[3] >= FE_CLIP_W_EPSILON);
        on_eps += q[3] == FE_CLIP_W_EPSILON;
    }
    assert_int_equal(on_eps, 2);
    /* Edge flags: v0->v1 (bit 0) and v1->v2 (bit 1) are cut, v2->v0 (bit 2)
     * survives whole. Output: v0, I01, I12, v2 -> flags 1, 0, 1, 1 for
     * flags_in = 7 and 0, 0, 0, 1 for flags_in = 4. */
    assert_memory_equal(out, v[0], STRIDE * sizeof(float));
    assert_int_equal(ef[0], 1);
    assert_int_equal(ef[1], 0);
    assert_int_equal(ef[2], 1);
    assert_int_equal(ef[3], 1);
    n = fe_clip_triangle(&p, v[0], v[1], v[2], 4, out, ef);
    assert_int_equal(n, 4);
    assert_int_equal(ef[0], 0);
    assert_int_equal(ef[1], 0);
    assert_int_equal(ef[2], 0);
    assert_int_equal(ef[3], 1);
}

static void test_guard_band_huge(void **state)
{
    (void)state;
    fe_clip_params p = make_params(true, true, false, 0);
    float v[3][STRIDE], out[FE_CLIP_MAX_VERTS * STRIDE];
    uint8_t ef[FE_CLIP_MAX_VERTS];
    /* Contains the whole band: the output is the band's rectangle. */
    set_vertex(v[0], 1e30, 0.0, 0.0, 1.0);
    set_vertex(v[1], 0.0, 1e30, 0.0, 1.0);
    set_vertex(v[2], -1e30, -1e30, 0.0, 1.0);
    uint32_t n = fe_clip_triangle(&p, v[0], v[1], v[2], 7, out, ef);
    assert_true(n >= 4);
    double pts[FE_CLIP_MAX_VERTS][2];
    for (uint32_t k = 0; k < n; k++) {
        const float *q = out + k * STRIDE;
        pts[k][0] = win_x(q[0], q[3]);
        pts[k][1] = win_y(q[1], q[3]);
        assert_true(fabs(pts[k][0]) <= RAST_GUARD_BAND * (1 + 1e-7));
        assert_true(fabs(pts[k][1]) <= RAST_GUARD_BAND * (1 + 1e-7));
        assert_int_equal(ef[k], 0);
    }
    double wband = 2.0 * p.guard_x * VP_SX, hband = 2.0 * p.guard_y * VP_SY;
    assert_true(fabs(shoelace((int)n, (const double(*)[2])pts) - wband * hband) <
                1e-6 * wband * hband);
    /* Huge in all of x, y, w with w varying: still inside the band. */
    set_vertex(v[0], 3e30, -1e29, 1e30, 2e30);
    set_vertex(v[1], -2e30, 1e30, 5e29, 1e30);
    set_vertex(v[2], 1.0, 2e30, 0.0, 1e30);
    n = fe_clip_triangle(&p, v[0], v[1], v[2], 7, out, ef);
    assert_true(n >= 3);
    for (uint32_t k = 0; k < n; k++) {
        const float *q = out + k * STRIDE;
        assert_true(q[3] >= FE_CLIP_W_EPSILON);
        assert_true(fabs(win_x(q[0], q[3])) <= RAST_GUARD_BAND * (1 + 1e-7));
        assert_true(fabs(win_y(q[1], q[3])) <= RAST_GUARD_BAND * (1 + 1e-7));
    }
    /* Extreme floats, mixed with small ones: must not overflow to Inf/NaN. */
    set_vertex(v[0], 3.4e38, -3.4e38, 3.4e38, 1.0);
    set_vertex(v[1], -3.4e38, 1e-30, -3.4e38, 3.4e38);
    set_vertex(v[2], 1e-3, 3.4e38, 0.0, -3.4e38);
    n = fe_clip_triangle(&p, v[0], v[1], v[2], 7, out, ef);
    for (uint32_t k = 0; k < n; k++) {
        const float *q = out + k * STRIDE;
        for (int j = 0; j < FE_CLIP_ATTR; j++) /* attribute 0 = x + 2y is Inf at v2 */
            assert_true(isfinite(q[j]));
        assert_true(q[3] >= FE_CLIP_W_EPSILON);
        assert_true(fabs(win_x(q[0], q[3])) <= RAST_GUARD_BAND * (1 + 1e-7));
        assert_true(fabs(win_y(q[1], q[3])) <= RAST_GUARD_BAND * (1 + 1e-7));
    }
}

static void test_nan_inf(void **state)
{
    (void)state;
    fe_clip_params p = make_params(true, true, false, 0x05);
    float v[3][STRIDE], out[FE_CLIP_MAX_VERTS * STRIDE];
    uint8_t ef[FE_CLIP_MAX_VERTS];
    const float bad[3] = {NAN, INFINITY, -INFINITY};
    for (int which = 0; which < 3; which++) {
        for (int j = 0; j < FE_CLIP_ATTR; j++) {
            for (int b = 0; b < 3; b++) {
                set_vertex(v[0], 0.0, 0.0, 0.5, 1.0);
                set_vertex(v[1], 0.5, 0.0, 0.5, 1.0);
                set_vertex(v[2], 0.0, 0.5, 0.5, 1.0);
                for (int i = 0; i < 3; i++)
                    v[i][FE_CLIP_DIST + 0] = v[i][FE_CLIP_DIST + 2] = 1.0f;
                v[which][j] = bad[b];
                bool matters = j < 4 || j == FE_CLIP_DIST + 0 || j == FE_CLIP_DIST + 2;
                uint32_t n = fe_clip_triangle(&p, v[0], v[1], v[2], 7, out, ef);
                assert_int_equal(n, matters ? 0 : 3);
                int other = (which + 1) % 3;
                assert_int_equal(fe_clip_line(&p, v[which], v[other], out), matters ? 0 : 2);
                assert_int_equal(fe_clip_line(&p, v[other], v[which], out), matters ? 0 : 2);
                assert_int_equal(fe_clip_point_visible(&p, v[which]), !matters);
            }
        }
    }
    /* NaN attributes are carried, not a reason to cull. */
    set_vertex(v[0], 0.0, 0.0, 0.5, 1.0);
    set_vertex(v[1], 0.5, 0.0, 0.5, 1.0);
    set_vertex(v[2], 0.0, 0.5, 5.0, 1.0);
    for (int i = 0; i < 3; i++)
        v[i][FE_CLIP_DIST + 0] = v[i][FE_CLIP_DIST + 2] = 1.0f;
    v[2][FE_CLIP_ATTR + 3] = NAN;
    assert_int_equal(fe_clip_triangle(&p, v[0], v[1], v[2], 7, out, ef), 4);
}

static void test_user_plane(void **state)
{
    (void)state;
    fe_clip_params p = make_params(true, true, false, 0x40);
    float v[3][STRIDE], out[FE_CLIP_MAX_VERTS * STRIDE];
    uint8_t ef[FE_CLIP_MAX_VERTS];
    set_vertex(v[0], 0.0, 0.0, 0.5, 1.0);
    set_vertex(v[1], 0.8, 0.0, 0.5, 2.0);
    set_vertex(v[2], 0.0, 0.8, 0.5, 1.0);
    /* distance 6 = 0.25 - x (in clip space), distance 3 garbage (disabled) */
    for (int i = 0; i < 3; i++) {
        v[i][FE_CLIP_DIST + 6] = 0.25f - v[i][0];
        v[i][FE_CLIP_DIST + 3] = i == 1 ? NAN : -5.0f;
    }
    uint32_t n = fe_clip_triangle(&p, v[0], v[1], v[2], 7, out, ef);
    assert_int_equal(n, 4);
    for (uint32_t k = 0; k < n; k++) {
        const float *q = out + k * STRIDE;
        assert_true(q[0] <= 0.25f + 1e-7f);
        assert_true(q[FE_CLIP_DIST + 6] >= 0.0f);
        assert_true(fabs(q[FE_CLIP_DIST + 6] - (0.25 - q[0])) < 1e-6);
    }
    /* d = 0.25 - x is affine, not linear, in position: compute directly. */
    double x[4], t = (0.25 - 0.0) / (0.25 - (0.25 - 0.8)); /* from v0 to v1 */
    for (int j = 0; j < 4; j++)
        x[j] = v[0][j] + t * ((double)v[1][j] - v[0][j]);
    assert_true(has_vertex(out, n, x, 1e-6));
    t = (0.25 - 0.0) / (0.25 + 0.55); /* from v2 to v1 */
    for (int j = 0; j < 4; j++)
        x[j] = v[2][j] + t * ((double)v[1][j] - v[2][j]);
    assert_true(has_vertex(out, n, x, 1e-6));
    /* all negative: culled; point and line likewise */
    for (int i = 0; i < 3; i++)
        v[i][FE_CLIP_DIST + 6] = -1e-30f;
    assert_int_equal(fe_clip_triangle(&p, v[0], v[1], v[2], 7, out, ef), 0);
    assert_int_equal(fe_clip_line(&p, v[0], v[1], out), 0);
    assert_false(fe_clip_point_visible(&p, v[0]));
    v[0][FE_CLIP_DIST + 6] = 0.0f; /* on the plane is inside */
    assert_true(fe_clip_point_visible(&p, v[0]));
}

static void test_trivial_accept_identity(void **state)
{
    (void)state;
    fe_clip_params p = make_params(true, true, true, 0xff);
    float v[3][STRIDE], out[FE_CLIP_MAX_VERTS * STRIDE];
    uint8_t ef[FE_CLIP_MAX_VERTS];
    set_vertex(v[0], -1.0, -1.0, 0.0, 1.0); /* exactly on near (halfz) and the view volume */
    set_vertex(v[1], 61.0, 0.0, 1.0, 1.0);  /* exactly on far and the guard band */
    set_vertex(v[2], 0.0, 1.0, 0.5, 1.0);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 8; j++)
            v[i][FE_CLIP_DIST + j] = (float)(i * j);
    for (int f = 0; f < 8; f++) {
        assert_int_equal(fe_clip_triangle(&p, v[0], v[1], v[2], (uint8_t)f, out, ef), 3);
        assert_memory_equal(out, v, sizeof v);
        for (int k = 0; k < 3; k++)
            assert_int_equal(ef[k], f >> k & 1);
    }
}

/* Two triangles share edge A-B, which crosses the near plane and leaves the
 * guard band; their third vertices differ (and trigger different planes).
 * The clipped vertices on the shared edge must be bit-identical. */
static void collect_flagged(const float *out, uint32_t n, const uint8_t *ef, float *set, int *count)
{
    *count = 0;
    for (uint32_t k = 0; k < n; k++) {
        if (!ef[k])
            continue;
        memcpy(set + (*count)++ * STRIDE, out + k * STRIDE, STRIDE * sizeof(float));
        memcpy(set + (*count)++ * STRIDE, out + (k + 1) % n * STRIDE, STRIDE * sizeof(float));
    }
}

static bool in_set(const float *v, const float *set, int count)
{
    for (int i = 0; i < count; i++)
        if (memcmp(v, set + i * STRIDE, STRIDE * sizeof(float)) == 0)
            return true;
    return false;
}

/* Returns the number of shared-edge vertices that were created by clipping. */
static int check_shared_edge(const fe_clip_params *p, const float *a, const float *b,
                             const float *c, const float *d)
{
    float out1[FE_CLIP_MAX_VERTS * STRIDE], out2[FE_CLIP_MAX_VERTS * STRIDE];
    float set1[2 * FE_CLIP_MAX_VERTS * STRIDE], set2[2 * FE_CLIP_MAX_VERTS * STRIDE];
    uint8_t ef1[FE_CLIP_MAX_VERTS], ef2[FE_CLIP_MAX_VERTS];
    uint32_t n1 = fe_clip_triangle(p, a, b, c, 1, out1, ef1); /* flag only A->B */
    uint32_t n2 = fe_clip_triangle(p, b, a, d, 1, out2, ef2); /* flag only B->A */
    int c1 = 0, c2 = 0;
    collect_flagged(out1, n1, ef1, set1, &c1);
    collect_flagged(out2, n2, ef2, set2, &c2);
    int created = 0;
    for (int i = 0; i < c1; i++) {
        if (!in_set(set1 + i * STRIDE, set2, c2)) {
            fprintf(stderr, "shared-edge vertex %d of the first triangle missing in the second\n",
                    i);
            fail();
        }
        created += memcmp(set1 + i * STRIDE, a, STRIDE * sizeof(float)) != 0 &&
                   memcmp(set1 + i * STRIDE, b, STRIDE * sizeof(float)) != 0;
    }
    for (int i = 0; i < c2; i++)
        if (!in_set(set2 + i * STRIDE, set1, c1)) {
            fprintf(stderr, "shared-edge vertex %d of the second triangle missing in the first\n",
                    i);
            fail();
        }
    return created;
}

static void test_shared_edge(void **state)
{
    (void)state;
    fe_clip_params p = make_params(true, true, false, 0x03);
    float a[STRIDE], b[STRIDE], c[STRIDE], d[STRIDE];
    set_vertex(a, 0.3, 0.1, -2.7, 0.7);   /* behind near */
    set_vertex(b, 130.0, 40.1, 1.9, 2.1); /* past the guard band in x */
    set_vertex(c, -0.4, 0.9, 0.3, 1.3);
    set_vertex(d, 0.5, -0.8, 0.9, 1.1);
    a[FE_CLIP_DIST] = 1, b[FE_CLIP_DIST] = 1, c[FE_CLIP_DIST] = -1, d[FE_CLIP_DIST] = 1;
    a[FE_CLIP_DIST + 1] = 1, b[FE_CLIP_DIST + 1] = 1, c[FE_CLIP_DIST + 1] = 1,
                     d[FE_CLIP_DIST + 1] = -3;
    /* The shared piece runs from the near-plane crossing to the guard-band
     * crossing: one flagged edge, both ends created by clipping. */
    assert_int_equal(check_shared_edge(&p, a, b, c, d), 2);

    /* Random pairs, wild and moderate. */
    long created = 0;
    for (int iter = 0; iter < 20000; iter++) {
        tri_case t1, t2;
        gen_triangle(&t1, iter & 1);
        t2 = t1;
        gen_position(&t2, t2.v[2], pow(10.0, rnd_range(-2.0, 3.0)), 50.0);
        for (int j = 0; j < 8; j++)
            t2.v[2][FE_CLIP_DIST + j] = (float)rnd_range(-1, 1);
        created += check_shared_edge(&t1.p, t1.v[0], t1.v[1], t1.v[2], t2.v[2]);
    }

    /* The hard case: A and B exactly on the guard plane x = g w, the near
     * plane cutting A-B. The near-plane vertex lands an ulp inside or
     * outside the guard plane; C is outside it, D inside, so only the
     * polygon's current vertices (not the input's outcodes) tell both
     * triangles alike whether to clip it again. */
    for (int iter = 0; iter < 20000; iter++) {
        float wa = (float)rnd_range(0.5, 3.0), wb = (float)rnd_range(0.5, 3.0);
        set_vertex(a, 0, rnd_range(-1, 1), rnd_range(-0.9, 0.9) * wa, wa);
        set_vertex(b, 0, rnd_range(-1, 1), -rnd_range(1.1, 3.0) * wb, wb);
        a[0] = (float)((double)p.guard_x * wa);
        b[0] = (float)((double)p.guard_x * wb);
        if ((double)a[0] > (double)p.guard_x * wa)
            a[0] = nextafterf(a[0], 0);
        if ((double)b[0] > (double)p.guard_x * wb)
            b[0] = nextafterf(b[0], 0);
        set_vertex(c, p.guard_x * rnd_range(1.5, 3.0), rnd_range(-1, 1), 0.5, 1.0);
        set_vertex(d, rnd_range(-1, 1), rnd_range(-1, 1), 0.5, 1.0);
        for (int j = 0; j < 2; j++)
            a[FE_CLIP_DIST + j] = b[FE_CLIP_DIST + j] = c[FE_CLIP_DIST + j] = d[FE_CLIP_DIST + j] =
                1.0f;
        created += check_shared_edge(&p, a, b, c, d);
        created += check_shared_edge(&p, a, b, d, c);
    }
    printf("shared edge: %ld clipped vertices on shared edges compared bitwise\n", created);
    assert_true(created > 1000);
}

static void test_random_triangles(void **state)
{
    (void)state;
    tri_stats st;
    memset(&st, 0, sizeof st);
    rng_state = 0x1234567ull;
    for (int iter = 0; iter < 100000; iter++) {
        tri_case tc;
        gen_triangle(&tc, iter % 4 != 0);
        check_triangle(&tc, (uint8_t)(rng_next() & 7), &st);
    }
    printf("random triangles: %ld cases, %ld clipped, %ld empty, attributes checked on %ld, "
           "edge flags checked %ld (skipped %ld), area not compared (reference imprecise) %ld, "
           "max area err/tol %.3g, max attr err/tol %.3g\n",
           st.cases, st.clipped, st.empty, st.attr_checked, st.flags_checked, st.flags_skipped,
           st.ref_unreliable, st.max_area_err, st.max_attr_err);
    /* The generator must exercise the interesting paths. */
    assert_true(st.clipped > st.cases / 4);
    assert_true(st.empty > st.cases / 20);
    assert_true(st.attr_checked > st.cases / 4);
    assert_true(st.flags_checked > st.cases);
}

/* ---- lines ------------------------------------------------------------------ */

static void test_line_analytic(void **state)
{
    (void)state;
    fe_clip_params p = make_params(true, true, true, 0);
    float v[2][STRIDE], out[2 * STRIDE], rev[2 * STRIDE];
    set_vertex(v[0], 0.0, 0.0, -1.0, 1.0); /* behind near (z < 0) */
    set_vertex(v[1], 0.5, 0.5, 0.5, 2.0);
    assert_int_equal(fe_clip_line(&p, v[0], v[1], out), 2);
    double c[4] = {0, 0, 1, 0}, x[4];
    exact_cross(v[1], v[0], c, x); /* z = 0 at t = 1/3 from v0 */
    assert_true(has_vertex(out, 1, x, 1e-7));
    assert_true(out[2] == 0.0f);
    assert_memory_equal(out + STRIDE, v[1], STRIDE * sizeof(float));
    assert_true(fabs(out[FE_CLIP_ATTR] - (out[0] + 2.0 * out[1])) < 1e-6);
    /* Reversed: the same points, swapped. */
    assert_int_equal(fe_clip_line(&p, v[1], v[0], rev), 2);
    assert_memory_equal(rev, out + STRIDE, STRIDE * sizeof(float));
    assert_memory_equal(rev + STRIDE, out, STRIDE * sizeof(float));
    /* Both ends past the guard band on the same side: nothing. */
    set_vertex(v[0], 100.0, 0.0, 0.5, 1.0);
    set_vertex(v[1], 1e30, 1.0, 0.5, 1.0);
    assert_int_equal(fe_clip_line(&p, v[0], v[1], out), 0);
    /* Across the whole band: both ends land on it. */
    set_vertex(v[0], -1e30, 0.0, 0.5, 1.0);
    set_vertex(v[1], 1e30, 0.0, 0.5, 1.0);
    assert_int_equal(fe_clip_line(&p, v[0], v[1], out), 2);
    assert_true(out[0] == -p.guard_x && out[STRIDE] == p.guard_x);
    /* Both ends exactly on the guard plane x = g w, the near plane cutting
     * the line: the cut end must still satisfy x <= g w exactly. */
    ref_plane pl[15];
    int npl = ref_planes(&p, pl);
    for (int iter = 0; iter < 20000; iter++) {
        float wa = (float)rnd_range(0.5, 3.0), wb = (float)rnd_range(0.5, 3.0);
        set_vertex(v[0], 0, rnd_range(-1, 1), rnd_range(0.1, 0.9) * wa, wa);
        set_vertex(v[1], 0, rnd_range(-1, 1), -rnd_range(0.1, 3.0) * wb, wb);
        for (int e = 0; e < 2; e++) {
            double gw = (double)p.guard_x * v[e][3];
            v[e][0] = (float)gw;
            if ((double)v[e][0] > gw)
                v[e][0] = nextafterf(v[e][0], 0);
        }
        assert_int_equal(fe_clip_line(&p, v[0], v[1], out), 2);
        for (int e = 0; e < 2; e++)
            for (int i = 0; i < npl; i++)
                assert_true(ref_dist(&pl[i], out + e * STRIDE) >= 0.0);
    }
    /* Noperspective attribute follows the screen: attribute 6 = x / w. */
    set_vertex(v[0], 0.0, 0.0, 0.5, 1.0);
    set_vertex(v[1], 4.0, 0.0, 0.5, -1.0); /* behind the eye */
    p.clip_near = p.clip_far = false;
    v[0][FE_CLIP_ATTR + 6] = 0.0f;
    v[1][FE_CLIP_ATTR + 6] = -4.0f;
    assert_int_equal(fe_clip_line(&p, v[0], v[1], out), 2);
    const float *q = out + STRIDE;
    assert_true(q[3] >= FE_CLIP_W_EPSILON);
    assert_true(fabs(q[FE_CLIP_ATTR + 6] - q[0] / q[3]) < 1e-4 * fabs(q[0] / q[3]));
}

/* A parameter s along a -> b together with r = 1 - s, each computed
 * directly so that both ends of a segment spanning 1e30 to 1 keep their
 * precision (s = 1 - 1e-25 would round to 1). */
typedef struct lb_param {
    double s, r;
} lb_param;

static bool lb_less(lb_param a, lb_param b)
{
    if (a.s <= 0.5 && b.s <= 0.5)
        return a.s < b.s;
    if (a.s >= 0.5 && b.s >= 0.5)
        return a.r > b.r;
    return a.s < b.s;
}

/* Liang-Barsky: the part of a -> b inside every plane, each plane's d
 * shifted by `margin` times the magnitude of its terms. True if empty. */
static bool lb_clip(const ref_plane *pl, int npl, const float *a, const float *b, double margin,
                    lb_param *s0, lb_param *s1)
{
    s0->s = 0.0, s0->r = 1.0, s1->s = 1.0, s1->r = 0.0;
    bool empty = false;
    for (int i = 0; i < npl; i++) {
        double ma = fabs(pl[i].k), mb = fabs(pl[i].k);
        for (int j = 0; j < FE_CLIP_ATTR; j++)
            ma += fabs(pl[i].c[j] * a[j]), mb += fabs(pl[i].c[j] * b[j]);
        double da = ref_dist(&pl[i], a) + margin * ma, db = ref_dist(&pl[i], b) + margin * mb;
        lb_param x = {da / (da - db), db / (db - da)};
        if (da < 0 && db < 0)
            empty = true;
        else if (da < 0 && lb_less(*s0, x))
            *s0 = x;
        else if (db < 0 && lb_less(x, *s1))
            *s1 = x;
    }
    return empty || lb_less(*s1, *s0);
}

static void test_random_lines(void **state)
{
    (void)state;
    rng_state = 0xABCDEFull;
    long nonempty = 0, cut = 0, ambiguous = 0;
    for (int iter = 0; iter < 100000; iter++) {
        tri_case tc;
        gen_triangle(&tc, iter % 4 != 0);
        const fe_clip_params *p = &tc.p;
        const float *a = tc.v[0], *b = tc.v[1];
        float out[2 * STRIDE];
        uint32_t n = fe_clip_line(p, a, b, out);
        /* Liang-Barsky over the parameter s of a + s (b - a). */
        ref_plane pl[15];
        int npl = ref_planes(p, pl);
        lb_param s0, s1;
        bool empty = lb_clip(pl, npl, a, b, 0.0, &s0, &s1);
        /* With every plane moved outwards / inwards by a rounding margin:
         * a line only these disagree about may go either way. */
        lb_param t0, t1;
        bool empty_loose = lb_clip(pl, npl, a, b, 1e-6, &t0, &t1);
        bool empty_strict = lb_clip(pl, npl, a, b, -1e-6, &t0, &t1);
        if (empty_loose && n != 0) {
            print_case(&tc, "line kept but the reference culls it");
            fail();
        }
        if (empty != empty_strict || empty != empty_loose) {
            ambiguous++;
            continue;
        }
        const float *const tri[3] = {a, b, tc.v[2]};
        double b0[3] = {s0.r, s0.s, 0}, b1[3] = {s1.r, s1.s, 0};
        double tol0 = tol_window(tri, b0), tol1 = tol_window(tri, b1);
        double r0x = win_x(bary_value(tri, b0, 0), bary_value(tri, b0, 3));
        double r0y = win_y(bary_value(tri, b0, 1), bary_value(tri, b0, 3));
        double r1x = win_x(bary_value(tri, b1, 0), bary_value(tri, b1, 3));
        double r1y = win_y(bary_value(tri, b1, 1), bary_value(tri, b1, 3));
        if (n == 0) {
            if (!empty && hypot(r1x - r0x, r1y - r0y) > tol0 + tol1) {
                print_case(&tc, "line culled but the reference keeps it");
                fail();
            }
            continue;
        }
        nonempty++;
        cut += memcmp(out, a, STRIDE * sizeof(float)) != 0 ||
               memcmp(out + STRIDE, b, STRIDE * sizeof(float)) != 0;
        double o0x = win_x(out[0], out[3]), o0y = win_y(out[1], out[3]);
        double o1x = win_x(out[STRIDE], out[STRIDE + 3]),
               o1y = win_y(out[STRIDE + 1], out[STRIDE + 3]);
        for (int e = 0; e < 2; e++) {
            const float *q = out + e * STRIDE;
            if (!(q[3] >= FE_CLIP_W_EPSILON)) {
                print_case(&tc, "line end with w < eps");
                fail();
            }
            for (int i = 0; i < npl; i++)
                if (!(ref_dist(&pl[i], q) >= 0.0)) {
                    print_case(&tc, "line end violates a plane");
                    fail();
                }
            if (fabs(win_x(q[0], q[3])) > RAST_GUARD_BAND * (1 + 1e-6) ||
                fabs(win_y(q[1], q[3])) > RAST_GUARD_BAND * (1 + 1e-6)) {
                print_case(&tc, "line end outside the guard band");
                fail();
            }
        }
        if (hypot(o0x - r0x, o0y - r0y) > tol0 || hypot(o1x - r1x, o1y - r1y) > tol1) {
            fprintf(stderr, "mine (%g %g)-(%g %g) ref (%g %g)-(%g %g) tol %g %g\n", o0x, o0y, o1x,
                    o1y, r0x, r0y, r1x, r1y, tol0, tol1);
            print_case(&tc, "line end points differ from the reference");
            fail();
        }
        /* Attributes 0..3 = L . position, exactly, where precise. */
        if (tc.moderate) {
            for (int e = 0; e < 2; e++) {
                const float *q = out + e * STRIDE;
                for (int k = 0; k < 4; k++) {
                    double want = 0, mag = 0;
                    for (int j = 0; j < 4; j++)
                        want += tc.L[k][j] * q[j],
                            mag += fabs(tc.L[k][j]) * (fabs(a[j]) + fabs(b[j]));
                    if (fabs(q[FE_CLIP_ATTR + k] - want) > 20 * REL * mag + 1e-30) {
                        print_case(&tc, "line attribute is not L . position");
                        fail();
                    }
                }
            }
        }
    }
    printf("random lines: %ld kept, %ld of them cut, %ld within rounding of a plane skipped\n",
           nonempty, cut, ambiguous);
    assert_true(nonempty > 10000 && cut > 5000);
}

/* ---- points ------------------------------------------------------------------ */

static void test_points(void **state)
{
    (void)state;
    struct {
        float x, y, z, w;
        bool near, far, halfz, visible;
    } cases[] = {
        {0, 0, 0.5f, 1, true, true, false, true},
        {1, -1, 1, 1, true, true, false, true},          /* corners and far are inside */
        {1.0000001f, 0, 0, 1, true, true, false, false}, /* view volume, not guard band */
        {0, 0, -1, 1, true, true, false, true},          /* on near */
        {0, 0, -1.0000001f, 1, true, true, false, false},
        {0, 0, -1.0000001f, 1, false, true, false, true}, /* near clipping off */
        {0, 0, -0.0f, 1, true, true, true, true},         /* halfz near z >= 0 */
        {0, 0, -1e-30f, 1, true, true, true, false},
        {0, 0, 2, 1, true, false, false, true}, /* far clipping off */
        {0, 0, 2, 1, true, true, false, false},
        {0, 0, 0, 0, false, false, false, false}, /* w = 0 */
        {0, 0, 0, -1, false, false, false, false},
        {-0.5f, 0.5f, 0, 1e-30f, false, false, false, false},
        {1e-31f, 0, 0, 1e-30f, false, false, false, true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fe_clip_params p = make_params(cases[i].near, cases[i].far, cases[i].halfz, 0);
        float v[STRIDE];
        set_vertex(v, cases[i].x, cases[i].y, cases[i].z, cases[i].w);
        if (fe_clip_point_visible(&p, v) != cases[i].visible) {
            fprintf(stderr, "point case %zu\n", i);
            fail();
        }
    }
    /* Random points against a direct reading of the rules in double. */
    rng_state = 0x55AA55ull;
    long visible = 0;
    for (int iter = 0; iter < 100000; iter++) {
        tri_case tc;
        gen_triangle(&tc, iter % 2 == 0);
        const float *v = tc.v[0];
        const fe_clip_params *p = &tc.p;
        double x = v[0], y = v[1], z = v[2], w = v[3];
        bool want = w > 0 && fabs(x) <= w && fabs(y) <= w;
        if (p->clip_near)
            want = want && (p->halfz ? z >= 0 : z >= -w);
        if (p->clip_far)
            want = want && z <= w;
        for (int j = 0; j < 8; j++)
            if (p->user_planes >> j & 1)
                want = want && v[FE_CLIP_DIST + j] >= 0;
        visible += want;
        if (fe_clip_point_visible(p, v) != want) {
            print_case(&tc, "point visibility");
            fail();
        }
    }
    assert_true(visible > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_near_plane),
        cmocka_unit_test(test_behind_eye),
        cmocka_unit_test(test_w_crosses_zero),
        cmocka_unit_test(test_guard_band_huge),
        cmocka_unit_test(test_nan_inf),
        cmocka_unit_test(test_user_plane),
        cmocka_unit_test(test_trivial_accept_identity),
        cmocka_unit_test(test_shared_edge),
        cmocka_unit_test(test_random_triangles),
        cmocka_unit_test(test_line_analytic),
        cmocka_unit_test(test_random_lines),
        cmocka_unit_test(test_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
