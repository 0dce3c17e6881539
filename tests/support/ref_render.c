/*
 * ref_render.c: the scalar reference renderer (formulas in ref_render.h).
 * One pixel at a time, doubles for barycentrics; speed is no goal.
 */
#include "ref_render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ref_output.h"
#include "ref_raster.h"

void ref_target_init(ref_target *t, uint32_t w, uint32_t h, swr_format cfmt, swr_format zfmt)
{
    memset(t, 0, sizeof *t);
    t->w = w;
    t->h = h;
    t->cfmt = cfmt;
    t->cbpp = ref_bpp(cfmt);
    t->zfmt = zfmt;
    t->color = calloc((size_t)w * h, t->cbpp);
    t->ambiguous = calloc((size_t)w * h, 1);
    if (zfmt != SWR_FORMAT_NONE)
        t->depth = calloc((size_t)w * h, sizeof(uint32_t));
    if (!t->color || !t->ambiguous || (zfmt != SWR_FORMAT_NONE && !t->depth))
        abort();
}

void ref_target_free(ref_target *t)
{
    free(t->color);
    free(t->depth);
    free(t->ambiguous);
    memset(t, 0, sizeof *t);
}

void ref_target_clear(ref_target *t, const float rgba[4], float depth)
{
    for (size_t i = 0; i < (size_t)t->w * t->h; i++) {
        ref_pack_pixel(t->cfmt, t->color + i * t->cbpp, rgba, SWR_MASK_RGBA);
        if (t->depth)
            t->depth[i] = ref_depth_quantize(t->zfmt, depth);
    }
    memset(t->ambiguous, 0, (size_t)t->w * t->h);
}

uint32_t ref_depth_from_surface(swr_format zfmt, const uint8_t *surface, uint32_t pitch,
                                uint32_t x, uint32_t y)
{
    uint32_t v;
    const uint8_t *p = surface + (size_t)y * pitch;
    switch (zfmt) {
    case SWR_FORMAT_Z16_UNORM: {
        uint16_t s;
        memcpy(&s, p + 2 * x, 2);
        return s;
    }
    case SWR_FORMAT_Z32_FLOAT_S8X24_UINT:
        memcpy(&v, p + 8 * (size_t)x, 4);
        return v;
    case SWR_FORMAT_Z24_UNORM_S8_UINT:
    case SWR_FORMAT_Z24X8_UNORM:
        memcpy(&v, p + 4 * (size_t)x, 4);
        return v & 0xffffffu;
    default:
        memcpy(&v, p + 4 * (size_t)x, 4);
        return v;
    }
}

/* Window-space vertex: step 1 and 2 of the header. */
typedef struct win_vertex {
    float x, y, z, iw;
    int32_t X, Y; /* 24.8 */
} win_vertex;

static win_vertex to_window(const swr_viewport *vp, const float *pos)
{
    win_vertex v;
    float iw = 1.0f / pos[3];
    float nx = pos[0] * iw, ny = pos[1] * iw, nz = pos[2] * iw;
    float sx = nx * vp->scale[0], sy = ny * vp->scale[1], sz = nz * vp->scale[2];
    v.x = sx + vp->translate[0];
    v.y = sy + vp->translate[1];
    v.z = sz + vp->translate[2];
    v.iw = iw;
    float fx = v.x * 256.0f, fy = v.y * 256.0f;
    v.X = (int32_t)nearbyintf(fx);
    v.Y = (int32_t)nearbyintf(fy);
    return v;
}

/* Is the depth decision between fragment fq and stored sq too close to
 * call (see the header)? */
static bool depth_close(swr_format zfmt, uint32_t fq, uint32_t sq, float eps)
{
    if (zfmt == SWR_FORMAT_Z32_FLOAT || zfmt == SWR_FORMAT_Z32_FLOAT_S8X24_UINT) {
        float a, b;
        memcpy(&a, &fq, 4);
        memcpy(&b, &sq, 4);
        return fabsf(a - b) <= eps;
    }
    double d = (double)fq - (double)sq;
    return fabs(d) <= eps;
}

uint64_t ref_render_triangles(const ref_state *st, ref_target *t, const ref_vertex *tris,
                              uint32_t num_tris)
{
    uint64_t frags = 0;
    const swr_viewport *vp = &st->vp;
    /* Pixels whose sample lies inside the viewport rectangle. */
    double vx0 = vp->translate[0] - fabs(vp->scale[0]), vx1 = vp->translate[0] + fabs(vp->scale[0]);
    double vy0 = vp->translate[1] - fabs(vp->scale[1]), vy1 = vp->translate[1] + fabs(vp->scale[1]);
    for (uint32_t ti = 0; ti < num_tris; ti++) {
        const ref_vertex *tv = &tris[3 * ti];
        win_vertex v[3];
        int32_t X[3], Y[3];
        for (int k = 0; k < 3; k++) {
            v[k] = to_window(vp, tv[k].pos);
            X[k] = v[k].X;
            Y[k] = v[k].Y;
        }
        swr_rect r = ref_tri_bounds(X, Y);
        if (r.x0 < 0)
            r.x0 = 0;
        if (r.y0 < 0)
            r.y0 = 0;
        if (r.x1 > (int32_t)t->w)
            r.x1 = (int32_t)t->w;
        if (r.y1 > (int32_t)t->h)
            r.y1 = (int32_t)t->h;
        double p0x = X[0] / 256.0, p0y = Y[0] / 256.0;
        double e1x = X[1] / 256.0 - p0x, e1y = Y[1] / 256.0 - p0y;
        double e2x = X[2] / 256.0 - p0x, e2y = Y[2] / 256.0 - p0y;
        double area = e1x * e2y - e1y * e2x;
        int prov = st->flatshade_first ? 0 : 2;
        for (int32_t py = r.y0; py < r.y1; py++) {
            for (int32_t px = r.x0; px < r.x1; px++) {
                double sx = px + 0.5, sy = py + 0.5;
                if (sx < vx0 || sx >= vx1 || sy < vy0 || sy >= vy1)
                    continue;
                if (!ref_tri_covers(X, Y, 128, false, px, py))
                    continue;
                frags++;
                double dx = sx - p0x, dy = sy - p0y;
                double l1 = (dx * e2y - dy * e2x) / area;
                double l2 = (e1x * dy - e1y * dx) / area;
                double l0 = 1.0 - l1 - l2;
                size_t pi = (size_t)py * t->w + (size_t)px;

                if (t->depth && st->dsa.depth_enabled) {
                    double z = l0 * v[0].z + l1 * v[1].z + l2 * v[2].z;
                    z = z < 0 ? 0 : z > 1 ? 1 : z;
                    uint32_t fq = ref_depth_quantize(t->zfmt, (float)z);
                    if (depth_close(t->zfmt, fq, t->depth[pi], st->depth_eps))
                        t->ambiguous[pi] = 1;
                    const uint8_t sref[2] = {0, 0};
                    if (ref_depth_stencil(&st->dsa, t->zfmt, sref, true, &t->depth[pi], NULL, fq,
                                          true) != 2)
                        continue;
                }

                float out[REF_MAX_ATTR][4];
                double q0 = l0 * v[0].iw, q1 = l1 * v[1].iw, q2 = l2 * v[2].iw;
                double qs = q0 + q1 + q2;
                for (uint32_t i = 0; i < st->num_attr; i++) {
                    for (int c = 0; c < 4; c++) {
                        double a0 = tv[0].attr[i][c], a1 = tv[1].attr[i][c], a2 = tv[2].attr[i][c];
                        double a;
                        switch (st->interp[i]) {
                        case SWR_INTERP_CONSTANT: a = tv[prov].attr[i][c]; break;
                        case SWR_INTERP_LINEAR: a = l0 * a0 + l1 * a1 + l2 * a2; break;
                        default: a = (q0 * a0 + q1 * a1 + q2 * a2) / qs; break;
                        }
                        out[i][c] = (float)a;
                    }
                }
                ref_blend_pixel(&st->blend, 0, st->blend_color, t->cfmt,
                                t->color + pi * t->cbpp, out[0], NULL);
            }
        }
    }
    return frags;
}
