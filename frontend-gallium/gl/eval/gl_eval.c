/*
 * gl_eval.c: evaluators (see gl_eval.h): map storage, grids, glGetMap*,
 * the glGets and caps, and the evaluation.
 *
 * Maps are stored packed, u-major (point (i, j) at (i * vorder + j) * size,
 * the order glGetMap(GL_COEFF) returns). Evaluation is de Casteljau's
 * algorithm in double on the normalized parameter u' = (u - u1) / (u2 - u1)
 * (GL 2.1 equations 5.1-5.3); its last step gives the derivative along
 * u' used for GL_AUTO_NORMAL: n = dp/du' x dp/dv' (for GL_MAP2_VERTEX_4 of
 * the projected point, i.e. with d(xyz/w) scaled by w^2). Errors as GL
 * 2.1 section 5.1: GL_INVALID_ENUM for a target that is not a map,
 * GL_INVALID_VALUE for u1 == u2, a stride below the target's size, an
 * order outside [1, GL_MAX_EVAL_ORDER], grid sizes below 1, a glEvalMesh
 * mode that is not one of its modes is GL_INVALID_ENUM.
 */
#include "frontend-gallium/gl/eval/gl_eval.h"

#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gl/immediate/gl_immediate.h"
#include "frontend-gallium/gl/vertex/gl_vertex.h"

static const int SIZE[GLE_TARGETS] = {4, 1, 3, 1, 2, 3, 4, 3, 4};
static const GLfloat DEFAULT[GLE_TARGETS][4] = {
    {1, 1, 1, 1}, {1, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}, {0, 0, 0, 1},
    {0, 0, 0, 1}, {0, 0, 0, 1}, {0, 0, 0, 1}, {0, 0, 0, 1},
};
enum { T_COLOR, T_INDEX, T_NORMAL, T_TC1, T_TC2, T_TC3, T_TC4, T_V3, T_V4 };

bool gl_eval_init(struct gl_context *ctx)
{
    gl_eval_state *s = calloc(1, sizeof *s);
    if (!s)
        return false;
    for (int t = 0; t < GLE_TARGETS; t++) {
        s->map1[t] = (gl_eval_map){1, 1, 0, 1, 0, 1, NULL};
        s->map2[t] = (gl_eval_map){1, 1, 0, 1, 0, 1, NULL};
    }
    s->grid1_n = 1;
    s->grid1_u2 = 1;
    s->grid2_un = s->grid2_vn = 1;
    s->grid2_u2 = s->grid2_v2 = 1;
    ctx->eval = s;
    return true;
}

void gl_eval_fini(struct gl_context *ctx)
{
    gl_eval_state *s = ctx->eval;
    if (!s)
        return;
    for (int t = 0; t < GLE_TARGETS; t++) {
        free(s->map1[t].points);
        free(s->map2[t].points);
    }
    free(s);
    ctx->eval = NULL;
}

/* target -> (dimension 1 or 2, index), or 0. */
static int target_index(GLenum target, int *t)
{
    if (target >= GL_MAP1_COLOR_4 && target <= GL_MAP1_VERTEX_4) {
        *t = (int)(target - GL_MAP1_COLOR_4);
        return 1;
    }
    if (target >= GL_MAP2_COLOR_4 && target <= GL_MAP2_VERTEX_4) {
        *t = (int)(target - GL_MAP2_COLOR_4);
        return 2;
    }
    return 0;
}

static const GLfloat *map_point(const gl_eval_map *m, int t, int i, int j)
{
    return m->points ? m->points + ((size_t)i * (size_t)m->vorder + (size_t)j) * (size_t)SIZE[t]
                     : DEFAULT[t];
}

/* Stores a map; src element (i, j, k) is at src[i * ustride + j * vstride + k]. */
static void map_store(struct gl_context *ctx, int dim, GLenum target, double u1, double u2,
                      GLint ustride, GLint uorder, double v1, double v2, GLint vstride, GLint vorder,
                      const GLfloat *fsrc, const GLdouble *dsrc)
{
    int t;
    if (target_index(target, &t) != dim) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    const int k = SIZE[t];
    if (u1 == u2 || ustride < k || uorder < 1 || uorder > GLE_MAX_ORDER ||
        (dim == 2 && (v1 == v2 || vstride < k || vorder < 1 || vorder > GLE_MAX_ORDER)) ||
        (!fsrc && !dsrc)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLfloat *p = malloc((size_t)uorder * (size_t)vorder * (size_t)k * sizeof *p);
    if (!p) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    for (int i = 0; i < uorder; i++)
        for (int j = 0; j < vorder; j++)
            for (int c = 0; c < k; c++) {
                size_t at = (size_t)i * (size_t)ustride + (size_t)j * (size_t)vstride + (size_t)c;
                p[((size_t)i * (size_t)vorder + (size_t)j) * (size_t)k + (size_t)c] =
                    fsrc ? fsrc[at] : (GLfloat)dsrc[at];
            }
    gl_eval_map *m = dim == 1 ? &ctx->eval->map1[t] : &ctx->eval->map2[t];
    free(m->points);
    *m = (gl_eval_map){uorder, dim == 2 ? vorder : 1, (GLfloat)u1, (GLfloat)u2,
                       dim == 2 ? (GLfloat)v1 : 0, dim == 2 ? (GLfloat)v2 : 1, p};
}

void swrgl_Map1f(struct gl_context *ctx, GLenum target, GLfloat u1, GLfloat u2, GLint stride,
                 GLint order, const GLfloat *points)
{
    map_store(ctx, 1, target, u1, u2, stride, order, 0, 1, 4, 1, points, NULL);
}
void swrgl_Map1d(struct gl_context *ctx, GLenum target, GLdouble u1, GLdouble u2, GLint stride,
                 GLint order, const GLdouble *points)
{
    map_store(ctx, 1, target, u1, u2, stride, order, 0, 1, 4, 1, NULL, points);
}
void swrgl_Map2f(struct gl_context *ctx, GLenum target, GLfloat u1, GLfloat u2, GLint ustride,
                 GLint uorder, GLfloat v1, GLfloat v2, GLint vstride, GLint vorder,
                 const GLfloat *points)
{
    map_store(ctx, 2, target, u1, u2, ustride, uorder, v1, v2, vstride, vorder, points, NULL);
}
void swrgl_Map2d(struct gl_context *ctx, GLenum target, GLdouble u1, GLdouble u2, GLint ustride,
                 GLint uorder, GLdouble v1, GLdouble v2, GLint vstride, GLint vorder,
                 const GLdouble *points)
{
    map_store(ctx, 2, target, u1, u2, ustride, uorder, v1, v2, vstride, vorder, NULL, points);
}

static void grid1(struct gl_context *ctx, GLint un, double u1, double u2)
{
    if (un < 1) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    ctx->eval->grid1_n = un;
    ctx->eval->grid1_u1 = (GLfloat)u1;
    ctx->eval->grid1_u2 = (GLfloat)u2;
}
static void grid2(struct gl_context *ctx, GLint un, double u1, double u2, GLint vn, double v1,
                  double v2)
{
    if (un < 1 || vn < 1) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_eval_state *s = ctx->eval;
    s->grid2_un = un;
    s->grid2_vn = vn;
    s->grid2_u1 = (GLfloat)u1;
    s->grid2_u2 = (GLfloat)u2;
    s->grid2_v1 = (GLfloat)v1;
    s->grid2_v2 = (GLfloat)v2;
}
void swrgl_MapGrid1f(struct gl_context *ctx, GLint un, GLfloat u1, GLfloat u2) { grid1(ctx, un, u1, u2); }
void swrgl_MapGrid1d(struct gl_context *ctx, GLint un, GLdouble u1, GLdouble u2) { grid1(ctx, un, u1, u2); }
void swrgl_MapGrid2f(struct gl_context *ctx, GLint un, GLfloat u1, GLfloat u2, GLint vn, GLfloat v1,
                     GLfloat v2)
{
    grid2(ctx, un, u1, u2, vn, v1, v2);
}
void swrgl_MapGrid2d(struct gl_context *ctx, GLint un, GLdouble u1, GLdouble u2, GLint vn,
                     GLdouble v1, GLdouble v2)
{
    grid2(ctx, un, u1, u2, vn, v1, v2);
}

/* ---- evaluation ---------------------------------------------------------------- */

/* de Casteljau over n points of k components (stride k) at t: value and,
 * if d, the derivative along t. pts is scratch (overwritten). */
static void casteljau(double *pts, int n, int k, double t, double *out, double *d)
{
    for (int c = 0; c < k; c++)
        if (d)
            d[c] = 0.0;
    for (int level = n - 1; level > 0; level--) {
        if (level == 1 && d)
            for (int c = 0; c < k; c++)
                d[c] = (n - 1) * (pts[k + c] - pts[c]);
        for (int i = 0; i < level; i++)
            for (int c = 0; c < k; c++)
                pts[i * k + c] = (1.0 - t) * pts[i * k + c] + t * pts[(i + 1) * k + c];
    }
    for (int c = 0; c < k; c++)
        out[c] = pts[c];
}

/* Evaluates map target t of dimension dim at normalized (u, v): out[4],
 * du/dv (2D only, may be NULL). */
static void eval_map(const gl_eval_map *m, int t, int dim, double u, double v, double out[4],
                     double du[4], double dv[4])
{
    const int k = SIZE[t];
    double tmp[GLE_MAX_ORDER * 4], col[GLE_MAX_ORDER * 4], val[4];
    if (dim == 1) {
        for (int i = 0; i < m->uorder; i++)
            for (int c = 0; c < k; c++)
                tmp[i * k + c] = map_point(m, t, i, 0)[c];
        casteljau(tmp, m->uorder, k, u, out, NULL);
        return;
    }
    /* along v for each u row, then along u (value and du) */
    for (int i = 0; i < m->uorder; i++) {
        for (int j = 0; j < m->vorder; j++)
            for (int c = 0; c < k; c++)
                tmp[j * k + c] = map_point(m, t, i, j)[c];
        casteljau(tmp, m->vorder, k, v, col + i * k, NULL);
    }
    casteljau(col, m->uorder, k, u, out, du);
    if (dv) {
        for (int j = 0; j < m->vorder; j++) {
            for (int i = 0; i < m->uorder; i++)
                for (int c = 0; c < k; c++)
                    tmp[i * k + c] = map_point(m, t, i, j)[c];
            casteljau(tmp, m->uorder, k, u, col + j * k, NULL);
        }
        casteljau(col, m->vorder, k, v, val, dv);
    }
}

static void fill(double out[4], int k, const double in[4])
{
    static const double def[4] = {0, 0, 0, 1};
    for (int c = 0; c < 4; c++)
        out[c] = c < k ? in[c] : def[c];
}

/* Evaluates every enabled map of dimension dim at (u, v) (domain values) and
 * emits the vertex; the current values are restored afterwards. */
static void eval_coord(struct gl_context *ctx, int dim, double u, double v)
{
    gl_eval_state *s = ctx->eval;
    const unsigned en = dim == 1 ? s->enabled1 : s->enabled2;
    const gl_eval_map *maps = dim == 1 ? s->map1 : s->map2;
    int vt = (en & (1u << T_V4)) ? T_V4 : (en & (1u << T_V3)) ? T_V3 : -1;
    if (vt < 0)
        return;
    gl_vertex_state *vs = ctx->vertex;
    gl_attrib_value *cur = vs->current;
    const gl_attrib_value saved_color = cur[GLV_CURRENT_LEGACY + GL_FF_ATTRIB_COLOR0];
    const gl_attrib_value saved_normal = cur[GLV_CURRENT_LEGACY + GL_FF_ATTRIB_NORMAL];
    const gl_attrib_value saved_tc = cur[GLV_CURRENT_LEGACY + GL_FF_ATTRIB_TEXCOORD0];
    bool set_color = false, set_normal = false, set_tc = false;
#define NORM(m, x, a, b) (((x) - (m)->a) / ((m)->b - (m)->a))
    double r[4], f[4];
    GLfloat g[4];
    if (en & (1u << T_COLOR)) {
        const gl_eval_map *m = &maps[T_COLOR];
        eval_map(m, T_COLOR, dim, NORM(m, u, u1, u2), dim == 2 ? NORM(m, v, v1, v2) : 0, r, NULL,
                 NULL);
        for (int c = 0; c < 4; c++)
            g[c] = (GLfloat)r[c];
        swrgl_Color4fv(ctx, g);
        set_color = true;
    }
    const gl_eval_map *mv = &maps[vt];
    const double vu = NORM(mv, u, u1, u2), vv = dim == 2 ? NORM(mv, v, v1, v2) : 0;
    double p[4], du[4], dv[4];
    const bool autonorm = dim == 2 && s->auto_normal;
    eval_map(mv, vt, dim, vu, vv, p, autonorm ? du : NULL, autonorm ? dv : NULL);
    if (autonorm) {
        if (vt == T_V4) { /* derivatives of xyz / w, times w^2 */
            for (int c = 0; c < 3; c++) {
                du[c] = du[c] * p[3] - du[3] * p[c];
                dv[c] = dv[c] * p[3] - dv[3] * p[c];
            }
        }
        const GLfloat n[3] = {(GLfloat)(du[1] * dv[2] - du[2] * dv[1]),
                              (GLfloat)(du[2] * dv[0] - du[0] * dv[2]),
                              (GLfloat)(du[0] * dv[1] - du[1] * dv[0])};
        swrgl_Normal3fv(ctx, n);
        set_normal = true;
    } else if (en & (1u << T_NORMAL)) {
        const gl_eval_map *m = &maps[T_NORMAL];
        eval_map(m, T_NORMAL, dim, NORM(m, u, u1, u2), dim == 2 ? NORM(m, v, v1, v2) : 0, r, NULL,
                 NULL);
        const GLfloat n[3] = {(GLfloat)r[0], (GLfloat)r[1], (GLfloat)r[2]};
        swrgl_Normal3fv(ctx, n);
        set_normal = true;
    }
    for (int tt = T_TC4; tt >= T_TC1; tt--) {
        if (!(en & (1u << tt)))
            continue;
        const gl_eval_map *m = &maps[tt];
        eval_map(m, tt, dim, NORM(m, u, u1, u2), dim == 2 ? NORM(m, v, v1, v2) : 0, r, NULL, NULL);
        fill(f, SIZE[tt], r);
        for (int c = 0; c < 4; c++)
            g[c] = (GLfloat)f[c];
        swrgl_TexCoord4fv(ctx, g);
        set_tc = true;
        break;
    }
#undef NORM
    fill(f, SIZE[vt], p);
    for (int c = 0; c < 4; c++)
        g[c] = (GLfloat)f[c];
    swrgl_Vertex4fv(ctx, g);
    if (set_color)
        swrgl_Color4fv(ctx, saved_color.f);
    if (set_normal)
        swrgl_Normal3fv(ctx, saved_normal.f);
    if (set_tc)
        swrgl_TexCoord4fv(ctx, saved_tc.f);
}

void swrgl_EvalCoord1f(struct gl_context *ctx, GLfloat u) { eval_coord(ctx, 1, u, 0); }
void swrgl_EvalCoord1d(struct gl_context *ctx, GLdouble u) { eval_coord(ctx, 1, u, 0); }
void swrgl_EvalCoord1fv(struct gl_context *ctx, const GLfloat *u) { eval_coord(ctx, 1, u[0], 0); }
void swrgl_EvalCoord1dv(struct gl_context *ctx, const GLdouble *u) { eval_coord(ctx, 1, u[0], 0); }
void swrgl_EvalCoord2f(struct gl_context *ctx, GLfloat u, GLfloat v) { eval_coord(ctx, 2, u, v); }
void swrgl_EvalCoord2d(struct gl_context *ctx, GLdouble u, GLdouble v) { eval_coord(ctx, 2, u, v); }
void swrgl_EvalCoord2fv(struct gl_context *ctx, const GLfloat *u) { eval_coord(ctx, 2, u[0], u[1]); }
void swrgl_EvalCoord2dv(struct gl_context *ctx, const GLdouble *u)
{
    eval_coord(ctx, 2, u[0], u[1]);
}

/* Grid point i (and j) in domain values, as GL 2.1 equation 5.5 computes it. */
static double grid_u1(const gl_eval_state *s, GLint i)
{
    return i == s->grid1_n ? s->grid1_u2
                           : s->grid1_u1 + i * ((double)s->grid1_u2 - s->grid1_u1) / s->grid1_n;
}
static double grid_u2(const gl_eval_state *s, GLint i)
{
    return i == s->grid2_un ? s->grid2_u2
                            : s->grid2_u1 + i * ((double)s->grid2_u2 - s->grid2_u1) / s->grid2_un;
}
static double grid_v2(const gl_eval_state *s, GLint j)
{
    return j == s->grid2_vn ? s->grid2_v2
                            : s->grid2_v1 + j * ((double)s->grid2_v2 - s->grid2_v1) / s->grid2_vn;
}

void swrgl_EvalPoint1(struct gl_context *ctx, GLint i) { eval_coord(ctx, 1, grid_u1(ctx->eval, i), 0); }
void swrgl_EvalPoint2(struct gl_context *ctx, GLint i, GLint j)
{
    eval_coord(ctx, 2, grid_u2(ctx->eval, i), grid_v2(ctx->eval, j));
}

void swrgl_EvalMesh1(struct gl_context *ctx, GLenum mode, GLint i1, GLint i2)
{
    GLenum prim;
    switch (mode) {
    case GL_POINT: prim = GL_POINTS; break;
    case GL_LINE: prim = GL_LINE_STRIP; break;
    default: gl_error(ctx, GL_INVALID_ENUM); return;
    }
    if (i1 > i2)
        return;
    swrgl_Begin(ctx, prim);
    for (GLint i = i1; i <= i2; i++)
        eval_coord(ctx, 1, grid_u1(ctx->eval, i), 0);
    swrgl_End(ctx);
}

void swrgl_EvalMesh2(struct gl_context *ctx, GLenum mode, GLint i1, GLint i2, GLint j1, GLint j2)
{
    const gl_eval_state *s = ctx->eval;
    if (mode != GL_POINT && mode != GL_LINE && mode != GL_FILL) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (i1 > i2 || j1 > j2)
        return;
    if (mode == GL_POINT) {
        swrgl_Begin(ctx, GL_POINTS);
        for (GLint j = j1; j <= j2; j++)
            for (GLint i = i1; i <= i2; i++)
                eval_coord(ctx, 2, grid_u2(s, i), grid_v2(s, j));
        swrgl_End(ctx);
    } else if (mode == GL_LINE) {
        for (GLint j = j1; j <= j2; j++) {
            swrgl_Begin(ctx, GL_LINE_STRIP);
            for (GLint i = i1; i <= i2; i++)
                eval_coord(ctx, 2, grid_u2(s, i), grid_v2(s, j));
            swrgl_End(ctx);
        }
        for (GLint i = i1; i <= i2; i++) {
            swrgl_Begin(ctx, GL_LINE_STRIP);
            for (GLint j = j1; j <= j2; j++)
                eval_coord(ctx, 2, grid_u2(s, i), grid_v2(s, j));
            swrgl_End(ctx);
        }
    } else {
        for (GLint j = j1; j < j2; j++) {
            swrgl_Begin(ctx, GL_QUAD_STRIP);
            for (GLint i = i1; i <= i2; i++) {
                eval_coord(ctx, 2, grid_u2(s, i), grid_v2(s, j));
                eval_coord(ctx, 2, grid_u2(s, i), grid_v2(s, j + 1));
            }
            swrgl_End(ctx);
        }
    }
}

/* ---- queries --------------------------------------------------------------------- */

/* glGetMap: writes the values as doubles into out (count returned), -1 on error. */
static int get_map(struct gl_context *ctx, GLenum target, GLenum query, double *out, size_t cap)
{
    int t, dim = target_index(target, &t);
    if (!dim) {
        gl_error(ctx, GL_INVALID_ENUM);
        return -1;
    }
    const gl_eval_map *m = dim == 1 ? &ctx->eval->map1[t] : &ctx->eval->map2[t];
    switch (query) {
    case GL_ORDER:
        out[0] = m->uorder;
        out[1] = m->vorder;
        return dim;
    case GL_DOMAIN:
        out[0] = m->u1;
        out[1] = m->u2;
        out[2] = m->v1;
        out[3] = m->v2;
        return dim * 2;
    case GL_COEFF: {
        size_t n = 0;
        for (int i = 0; i < m->uorder; i++)
            for (int j = 0; j < m->vorder; j++)
                for (int c = 0; c < SIZE[t] && n < cap; c++)
                    out[n++] = map_point(m, t, i, j)[c];
        return (int)n;
    }
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return -1;
    }
}

#define GET_MAP_CAP (GLE_MAX_ORDER * GLE_MAX_ORDER * 4)
void swrgl_GetMapdv(struct gl_context *ctx, GLenum target, GLenum query, GLdouble *v)
{
    static double buf[GET_MAP_CAP];
    int n = get_map(ctx, target, query, buf, GET_MAP_CAP);
    for (int i = 0; v && i < n; i++)
        v[i] = buf[i];
}
void swrgl_GetMapfv(struct gl_context *ctx, GLenum target, GLenum query, GLfloat *v)
{
    static double buf[GET_MAP_CAP];
    int n = get_map(ctx, target, query, buf, GET_MAP_CAP);
    for (int i = 0; v && i < n; i++)
        v[i] = (GLfloat)buf[i];
}
void swrgl_GetMapiv(struct gl_context *ctx, GLenum target, GLenum query, GLint *v)
{
    static double buf[GET_MAP_CAP];
    int n = get_map(ctx, target, query, buf, GET_MAP_CAP);
    for (int i = 0; v && i < n; i++)
        v[i] = (GLint)(buf[i] < 0 ? buf[i] - 0.5 : buf[i] + 0.5);
}

bool gl_eval_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    const gl_eval_state *s = ctx->eval;
    switch (pname) {
    case GL_MAX_EVAL_ORDER: gl_value_int(v, GLE_MAX_ORDER); return true;
    case GL_MAP1_GRID_SEGMENTS: gl_value_int(v, s->grid1_n); return true;
    case GL_MAP1_GRID_DOMAIN:
        v->type = GL_VALUE_FLOAT;
        v->count = 2;
        v->f[0] = s->grid1_u1;
        v->f[1] = s->grid1_u2;
        return true;
    case GL_MAP2_GRID_SEGMENTS:
        v->type = GL_VALUE_INT;
        v->count = 2;
        v->i[0] = s->grid2_un;
        v->i[1] = s->grid2_vn;
        return true;
    case GL_MAP2_GRID_DOMAIN:
        v->type = GL_VALUE_FLOAT;
        v->count = 4;
        v->f[0] = s->grid2_u1;
        v->f[1] = s->grid2_u2;
        v->f[2] = s->grid2_v1;
        v->f[3] = s->grid2_v2;
        return true;
    default: break;
    }
    int op = gl_eval_enable(ctx, pname, GL_ENABLE_OP_QUERY);
    if (op < 0)
        return false;
    gl_value_bool(v, op != 0);
    return true;
}

int gl_eval_enable(struct gl_context *ctx, GLenum cap, int op)
{
    gl_eval_state *s = ctx->eval;
    bool *flag = NULL;
    unsigned *bits = NULL, bit = 0;
    int t;
    if (cap == GL_AUTO_NORMAL)
        flag = &s->auto_normal;
    else if (target_index(cap, &t) == 1)
        bits = &s->enabled1, bit = 1u << t;
    else if (target_index(cap, &t) == 2)
        bits = &s->enabled2, bit = 1u << t;
    else
        return -1;
    if (op != GL_ENABLE_OP_QUERY) {
        if (flag)
            *flag = op == GL_ENABLE_OP_ON;
        else if (op == GL_ENABLE_OP_ON)
            *bits |= bit;
        else
            *bits &= ~bit;
    }
    return flag ? *flag : (*bits & bit) != 0;
}
