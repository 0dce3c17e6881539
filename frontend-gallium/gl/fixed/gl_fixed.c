/*
 * gl_fixed.c: the fixed part's state life, its glGet and glEnable hooks,
 * and the matrix stacks with their commands (GL 2.1 section 2.11.2).
 *
 * The current matrix is the top of the stack glMatrixMode selects (the
 * texture stack of the active unit for GL_TEXTURE); a command multiplies
 * it on the right (M = M * T), as GL says. Products are computed in double
 * and rounded once. glPushMatrix on a full stack is GL_STACK_OVERFLOW,
 * glPopMatrix on a stack of one GL_STACK_UNDERFLOW, both without effect.
 * Thread: the context's thread.
 */
#include "frontend-gallium/gl/fixed/gl_fixed_priv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/gl/texture/gl_texture.h"

static const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

/* ---- matrix helpers ------------------------------------------------------------ */

void glf_mat_mul(float *r, const float *a, const float *b)
{
    float t[16];
    for (int c = 0; c < 4; c++)
        for (int row = 0; row < 4; row++) {
            double s = 0.0;
            for (int k = 0; k < 4; k++)
                s += (double)a[k * 4 + row] * b[c * 4 + k];
            t[c * 4 + row] = (float)s;
        }
    memcpy(r, t, sizeof t);
}

bool glf_mat_inverse(double *r, const float *mf)
{
    /* Gauss-Jordan with partial pivoting on [M | I]. */
    double a[4][8];
    for (int row = 0; row < 4; row++)
        for (int c = 0; c < 4; c++) {
            a[row][c] = mf[c * 4 + row];
            a[row][c + 4] = row == c ? 1.0 : 0.0;
        }
    for (int c = 0; c < 4; c++) {
        int p = c;
        for (int row = c + 1; row < 4; row++)
            if (fabs(a[row][c]) > fabs(a[p][c]))
                p = row;
        if (a[p][c] == 0.0 || !isfinite(a[p][c]))
            return false;
        if (p != c)
            for (int k = 0; k < 8; k++) {
                double t = a[c][k];
                a[c][k] = a[p][k];
                a[p][k] = t;
            }
        double d = a[c][c];
        for (int k = 0; k < 8; k++)
            a[c][k] /= d;
        for (int row = 0; row < 4; row++) {
            if (row == c || a[row][c] == 0.0)
                continue;
            double f = a[row][c];
            for (int k = 0; k < 8; k++)
                a[row][k] -= f * a[c][k];
        }
    }
    for (int row = 0; row < 4; row++)
        for (int c = 0; c < 4; c++)
            r[c * 4 + row] = a[row][c + 4];
    return true;
}

int glf_active_unit(struct gl_context *ctx)
{
    unsigned u = gl_texture_active_unit(ctx);
    if (u >= GL_FF_MAX_TEXTURE_UNITS) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return -1;
    }
    return (int)u;
}

/* The top of the current stack, with its depth and capacity; NULL (error
 * recorded) when the active unit has no texture matrix. */
static float *current_matrix(struct gl_context *ctx, unsigned **depth, unsigned *cap,
                             float **stack)
{
    gl_fixed_state *f = glf(ctx);
    switch (f->matrix_mode) {
    case GL_MODELVIEW:
        *depth = &f->modelview_depth;
        *cap = GLF_MODELVIEW_DEPTH;
        *stack = &f->modelview_stack[0][0];
        return f->v.modelview;
    case GL_PROJECTION:
        *depth = &f->projection_depth;
        *cap = GLF_PROJECTION_DEPTH;
        *stack = &f->projection_stack[0][0];
        return f->v.projection;
    case GL_COLOR:
        *depth = &f->color_depth;
        *cap = GLF_COLOR_DEPTH;
        *stack = &f->color_stack[0][0];
        return f->color_matrix;
    default: {
        int u = glf_active_unit(ctx);
        if (u < 0)
            return NULL;
        *depth = &f->texture_depth[u];
        *cap = GLF_TEXTURE_DEPTH;
        *stack = &f->texture_stack[u][0][0];
        return f->v.texture_matrix[u];
    }
    }
}

static float *top(struct gl_context *ctx)
{
    unsigned *depth, cap;
    float *stack;
    return current_matrix(ctx, &depth, &cap, &stack);
}

static void load(struct gl_context *ctx, const float *m)
{
    float *t = top(ctx);
    if (!t)
        return;
    memcpy(t, m, 16 * sizeof *t);
    fixed_changed(ctx);
}

static void mult(struct gl_context *ctx, const float *m)
{
    float *t = top(ctx);
    if (!t)
        return;
    glf_mat_mul(t, t, m);
    fixed_changed(ctx);
}

static void transpose_f(float *r, const GLfloat *m)
{
    for (int c = 0; c < 4; c++)
        for (int row = 0; row < 4; row++)
            r[c * 4 + row] = m[row * 4 + c];
}

static void transpose_d(float *r, const GLdouble *m)
{
    for (int c = 0; c < 4; c++)
        for (int row = 0; row < 4; row++)
            r[c * 4 + row] = (float)m[row * 4 + c];
}

/* ---- matrix commands ------------------------------------------------------------ */

void swrgl_MatrixMode(struct gl_context *ctx, GLenum mode)
{
    if (mode != GL_MODELVIEW && mode != GL_PROJECTION && mode != GL_TEXTURE && mode != GL_COLOR) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    glf(ctx)->matrix_mode = mode;
}

void swrgl_LoadIdentity(struct gl_context *ctx) { load(ctx, identity); }

void swrgl_LoadMatrixf(struct gl_context *ctx, const GLfloat *m)
{
    if (m)
        load(ctx, m);
}

void swrgl_LoadMatrixd(struct gl_context *ctx, const GLdouble *m)
{
    if (!m)
        return;
    float f[16];
    for (int i = 0; i < 16; i++)
        f[i] = (float)m[i];
    load(ctx, f);
}

void swrgl_MultMatrixf(struct gl_context *ctx, const GLfloat *m)
{
    if (m)
        mult(ctx, m);
}

void swrgl_MultMatrixd(struct gl_context *ctx, const GLdouble *m)
{
    if (!m)
        return;
    float f[16];
    for (int i = 0; i < 16; i++)
        f[i] = (float)m[i];
    mult(ctx, f);
}

void swrgl_LoadTransposeMatrixf(struct gl_context *ctx, const GLfloat *m)
{
    if (!m)
        return;
    float f[16];
    transpose_f(f, m);
    load(ctx, f);
}

void swrgl_LoadTransposeMatrixd(struct gl_context *ctx, const GLdouble *m)
{
    if (!m)
        return;
    float f[16];
    transpose_d(f, m);
    load(ctx, f);
}

void swrgl_MultTransposeMatrixf(struct gl_context *ctx, const GLfloat *m)
{
    if (!m)
        return;
    float f[16];
    transpose_f(f, m);
    mult(ctx, f);
}

void swrgl_MultTransposeMatrixd(struct gl_context *ctx, const GLdouble *m)
{
    if (!m)
        return;
    float f[16];
    transpose_d(f, m);
    mult(ctx, f);
}

void swrgl_LoadTransposeMatrixfARB(struct gl_context *ctx, const GLfloat *m)
{
    swrgl_LoadTransposeMatrixf(ctx, m);
}
void swrgl_LoadTransposeMatrixdARB(struct gl_context *ctx, const GLdouble *m)
{
    swrgl_LoadTransposeMatrixd(ctx, m);
}
void swrgl_MultTransposeMatrixfARB(struct gl_context *ctx, const GLfloat *m)
{
    swrgl_MultTransposeMatrixf(ctx, m);
}
void swrgl_MultTransposeMatrixdARB(struct gl_context *ctx, const GLdouble *m)
{
    swrgl_MultTransposeMatrixd(ctx, m);
}

void swrgl_PushMatrix(struct gl_context *ctx)
{
    unsigned *depth, cap;
    float *stack;
    float *t = current_matrix(ctx, &depth, &cap, &stack);
    if (!t)
        return;
    if (*depth >= cap) {
        gl_error(ctx, GL_STACK_OVERFLOW);
        return;
    }
    memcpy(stack + (*depth - 1) * 16, t, 16 * sizeof *t);
    (*depth)++;
}

void swrgl_PopMatrix(struct gl_context *ctx)
{
    unsigned *depth, cap;
    float *stack;
    float *t = current_matrix(ctx, &depth, &cap, &stack);
    if (!t)
        return;
    if (*depth <= 1) {
        gl_error(ctx, GL_STACK_UNDERFLOW);
        return;
    }
    (*depth)--;
    memcpy(t, stack + (*depth - 1) * 16, 16 * sizeof *t);
    fixed_changed(ctx);
}

static void rotate(struct gl_context *ctx, double angle, double x, double y, double z)
{
    double l = sqrt(x * x + y * y + z * z);
    float m[16];
    memcpy(m, identity, sizeof m);
    if (l > 0.0) {
        x /= l;
        y /= l;
        z /= l;
        double a = angle * (M_PI / 180.0), c = cos(a), s = sin(a), t = 1.0 - c;
        /* GL 2.1 equation 2.5's rotation, column-major */
        m[0] = (float)(x * x * t + c);
        m[1] = (float)(y * x * t + z * s);
        m[2] = (float)(x * z * t - y * s);
        m[4] = (float)(x * y * t - z * s);
        m[5] = (float)(y * y * t + c);
        m[6] = (float)(y * z * t + x * s);
        m[8] = (float)(x * z * t + y * s);
        m[9] = (float)(y * z * t - x * s);
        m[10] = (float)(z * z * t + c);
    }
    mult(ctx, m);
}

void swrgl_Rotatef(struct gl_context *ctx, GLfloat angle, GLfloat x, GLfloat y, GLfloat z)
{
    rotate(ctx, angle, x, y, z);
}

void swrgl_Rotated(struct gl_context *ctx, GLdouble angle, GLdouble x, GLdouble y, GLdouble z)
{
    rotate(ctx, angle, x, y, z);
}

static void translate(struct gl_context *ctx, double x, double y, double z)
{
    float m[16];
    memcpy(m, identity, sizeof m);
    m[12] = (float)x;
    m[13] = (float)y;
    m[14] = (float)z;
    mult(ctx, m);
}

void swrgl_Translatef(struct gl_context *ctx, GLfloat x, GLfloat y, GLfloat z)
{
    translate(ctx, x, y, z);
}

void swrgl_Translated(struct gl_context *ctx, GLdouble x, GLdouble y, GLdouble z)
{
    translate(ctx, x, y, z);
}

static void scale(struct gl_context *ctx, double x, double y, double z)
{
    float m[16];
    memcpy(m, identity, sizeof m);
    m[0] = (float)x;
    m[5] = (float)y;
    m[10] = (float)z;
    mult(ctx, m);
}

void swrgl_Scalef(struct gl_context *ctx, GLfloat x, GLfloat y, GLfloat z) { scale(ctx, x, y, z); }

void swrgl_Scaled(struct gl_context *ctx, GLdouble x, GLdouble y, GLdouble z)
{
    scale(ctx, x, y, z);
}

void swrgl_Frustum(struct gl_context *ctx, GLdouble l, GLdouble r, GLdouble b, GLdouble t,
                   GLdouble n, GLdouble f)
{
    if (n <= 0.0 || f <= 0.0 || l == r || b == t || n == f) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    float m[16] = {0};
    m[0] = (float)(2.0 * n / (r - l));
    m[5] = (float)(2.0 * n / (t - b));
    m[8] = (float)((r + l) / (r - l));
    m[9] = (float)((t + b) / (t - b));
    m[10] = (float)(-(f + n) / (f - n));
    m[11] = -1.0f;
    m[14] = (float)(-2.0 * f * n / (f - n));
    mult(ctx, m);
}

void swrgl_Ortho(struct gl_context *ctx, GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n,
                 GLdouble f)
{
    if (l == r || b == t || n == f) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    float m[16];
    memcpy(m, identity, sizeof m);
    m[0] = (float)(2.0 / (r - l));
    m[5] = (float)(2.0 / (t - b));
    m[10] = (float)(-2.0 / (f - n));
    m[12] = (float)(-(r + l) / (r - l));
    m[13] = (float)(-(t + b) / (t - b));
    m[14] = (float)(-(f + n) / (f - n));
    mult(ctx, m);
}

/* ---- hooks ------------------------------------------------------------------------ */

bool gl_fixed_init(struct gl_context *ctx)
{
    gl_fixed_state *f = calloc(1, sizeof *f);
    if (!f)
        return false;
    ctx->fixed = f;
    gl_ff_gl_state_defaults(&f->v);
    f->matrix_mode = GL_MODELVIEW;
    f->modelview_depth = f->projection_depth = f->color_depth = 1;
    memcpy(f->color_matrix, identity, sizeof identity);
    for (unsigned u = 0; u < GL_FF_MAX_TEXTURE_UNITS; u++)
        f->texture_depth[u] = 1;
    glf_light_defaults(f);
    f->key_dirty = true;
    f->serial = 1;
    if (!glf_validate_init(ctx)) {
        free(f);
        ctx->fixed = NULL;
        return false;
    }
    return true;
}

void gl_fixed_fini(struct gl_context *ctx)
{
    if (!ctx->fixed)
        return;
    glf_validate_fini(ctx);
    free(ctx->fixed);
    ctx->fixed = NULL;
}

static void value_matrix(gl_value *v, const float *m, bool transpose)
{
    v->type = GL_VALUE_FLOAT;
    v->count = 16;
    for (int c = 0; c < 4; c++)
        for (int row = 0; row < 4; row++)
            v->f[transpose ? row * 4 + c : c * 4 + row] = m[c * 4 + row];
}

bool gl_fixed_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    gl_fixed_state *f = glf(ctx);
    unsigned u = gl_texture_active_unit(ctx);
    const float *texm = u < GL_FF_MAX_TEXTURE_UNITS ? f->v.texture_matrix[u] : identity;
    unsigned texd = u < GL_FF_MAX_TEXTURE_UNITS ? f->texture_depth[u] : 1;
    switch (pname) {
    case GL_MATRIX_MODE: gl_value_int(v, (GLint)f->matrix_mode); return true;
    case GL_MODELVIEW_MATRIX: value_matrix(v, f->v.modelview, false); return true;
    case GL_PROJECTION_MATRIX: value_matrix(v, f->v.projection, false); return true;
    case GL_TEXTURE_MATRIX: value_matrix(v, texm, false); return true;
    case GL_COLOR_MATRIX: value_matrix(v, f->color_matrix, false); return true;
    case GL_TRANSPOSE_MODELVIEW_MATRIX: value_matrix(v, f->v.modelview, true); return true;
    case GL_TRANSPOSE_PROJECTION_MATRIX: value_matrix(v, f->v.projection, true); return true;
    case GL_TRANSPOSE_TEXTURE_MATRIX: value_matrix(v, texm, true); return true;
    case GL_TRANSPOSE_COLOR_MATRIX: value_matrix(v, f->color_matrix, true); return true;
    case GL_MODELVIEW_STACK_DEPTH: gl_value_int(v, (GLint)f->modelview_depth); return true;
    case GL_PROJECTION_STACK_DEPTH: gl_value_int(v, (GLint)f->projection_depth); return true;
    case GL_TEXTURE_STACK_DEPTH: gl_value_int(v, (GLint)texd); return true;
    case GL_COLOR_MATRIX_STACK_DEPTH: gl_value_int(v, (GLint)f->color_depth); return true;
    case GL_MAX_MODELVIEW_STACK_DEPTH: gl_value_int(v, GLF_MODELVIEW_DEPTH); return true;
    case GL_MAX_PROJECTION_STACK_DEPTH: gl_value_int(v, GLF_PROJECTION_DEPTH); return true;
    case GL_MAX_TEXTURE_STACK_DEPTH: gl_value_int(v, GLF_TEXTURE_DEPTH); return true;
    case GL_MAX_COLOR_MATRIX_STACK_DEPTH: gl_value_int(v, GLF_COLOR_DEPTH); return true;
    default: return glf_light_get(ctx, pname, v);
    }
}

int gl_fixed_enable(struct gl_context *ctx, GLenum cap, int op)
{
    return glf_light_enable(ctx, cap, op);
}

const gl_ff_gl_state *gl_fixed_values(struct gl_context *ctx)
{
    glf_refresh_values(ctx);
    return &glf(ctx)->v;
}

uint64_t gl_fixed_values_serial(struct gl_context *ctx) { return glf(ctx)->serial; }

GLenum gl_fixed_fog_coord_src(struct gl_context *ctx) { return glf(ctx)->fog_coord_src; }
