/*
 * ref_smooth.h: the slow oracle for smooth (antialiased) lines and points.
 *
 * GL 2.1 sections 3.3.2 and 3.4.2: a smooth point covers a disc of the
 * point's diameter around its centre, a smooth line a rectangle of the
 * line's width centred on the segment (§3.4.4: stippled, the kept
 * unit-length pieces of it). A pixel's coverage is the area of
 * its unit square inside that shape, estimated here by SUB x SUB point
 * samples (error below 1/SUB of the pixel's edge length per crossing edge).
 */
#ifndef REF_SMOOTH_H
#define REF_SMOOTH_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#define REF_SMOOTH_SUB 16

typedef struct ref_smooth_shape {
    bool disc;
    double xa, ya, xb, yb, w; /* line: endpoints, width; disc: centre (xa, ya), diameter w */
    /* Line stipple (GL 2.1 §3.4.4): the rectangle is cut into pieces of
     * length 1 from (xa, ya); piece i is kept iff bit ((start + i) /
     * factor) mod 16 of pattern is set. stippled false: no stipple. */
    bool stippled;
    uint16_t pattern;
    uint32_t factor, start;
} ref_smooth_shape;

static inline bool ref_smooth_inside(const ref_smooth_shape *s, double x, double y)
{
    if (s->disc)
        return (x - s->xa) * (x - s->xa) + (y - s->ya) * (y - s->ya) <= s->w * s->w / 4;
    double dx = s->xb - s->xa, dy = s->yb - s->ya, len = sqrt(dx * dx + dy * dy);
    double ux = dx / len, uy = dy / len, mx = (s->xa + s->xb) / 2, my = (s->ya + s->yb) / 2;
    double along = (x - mx) * ux + (y - my) * uy, across = -(x - mx) * uy + (y - my) * ux;
    if (!(fabs(along) <= len / 2 && fabs(across) <= s->w / 2))
        return false;
    if (!s->stippled)
        return true;
    double from_a = along + len / 2;
    uint32_t piece = from_a >= len ? (uint32_t)ceil(len) - 1 : (uint32_t)floor(from_a);
    return (s->pattern >> (((s->start + piece) / s->factor) % 16)) & 1;
}

/* Coverage of pixel (px, py) by sampling. */
static inline double ref_smooth_sampled(const ref_smooth_shape *s, int32_t px, int32_t py)
{
    int n = 0;
    for (int j = 0; j < REF_SMOOTH_SUB; j++)
        for (int i = 0; i < REF_SMOOTH_SUB; i++)
            n += ref_smooth_inside(s, px + (i + 0.5) / REF_SMOOTH_SUB, py + (j + 0.5) / REF_SMOOTH_SUB);
    return n / (double)(REF_SMOOTH_SUB * REF_SMOOTH_SUB);
}

#endif /* REF_SMOOTH_H */
