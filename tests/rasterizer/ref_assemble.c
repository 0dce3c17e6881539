/*
 * ref_assemble.c: the reference assembler (see ref_assemble.h). Deliberately
 * naive: a segment is an explicit array of its vertex positions, vertices are
 * named 1-based as in the GL tables (V(k) = k-th vertex of the segment), the
 * provoking vertex is computed as a position from the table "Provoking vertex
 * selection" and then looked up among the primitive's vertices, and edge
 * flags are derived from the outline cycle of the API primitive.
 */
#include "ref_assemble.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct prim_list {
    fe_prim *p;
    size_t n, cap;
    uint32_t next_id; /* API primitives so far in the draw */
} prim_list;

static void push(prim_list *l, uint32_t nv, const uint32_t *v, uint32_t provoking_pos,
                 uint8_t flags, uint32_t id)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->p = realloc(l->p, l->cap * sizeof(fe_prim));
        if (!l->p)
            abort();
    }
    fe_prim *o = &l->p[l->n++];
    o->v[0] = o->v[1] = o->v[2] = 0;
    int k_found = -1;
    for (uint32_t k = 0; k < nv; k++) {
        o->v[k] = v[k];
        if (v[k] == provoking_pos && k_found < 0)
            k_found = (int)k;
    }
    if (k_found < 0) {
        fprintf(stderr, "ref_assemble: provoking vertex %u not in primitive\n", provoking_pos);
        abort();
    }
    o->provoking = (uint8_t)k_found;
    o->edge_flags = flags;
    o->prim_id = id;
}

/* Is edge x-y an edge of the outline cycle c[0..m-1]? */
static bool outline_edge(const uint32_t *c, uint32_t m, uint32_t x, uint32_t y)
{
    for (uint32_t i = 0; i < m; i++) {
        uint32_t nx = c[(i + 1) % m];
        if ((c[i] == x && nx == y) || (c[i] == y && nx == x))
            return true;
    }
    return false;
}

static uint8_t tri_flags(const uint32_t *cycle, uint32_t m, const uint32_t *t)
{
    uint8_t f = 0;
    for (uint32_t k = 0; k < 3; k++)
        if (outline_edge(cycle, m, t[k], t[(k + 1) % 3]))
            f |= (uint8_t)(1u << k);
    return f;
}

/* Quad with outline cycle q[0..3] and provoking position pv: first
 * convention splits along the diagonal from pv, as (pv, s1, s2) (pv, s2, s3);
 * last convention makes pv the d of (a, b, c, d) = (s1, s2, s3, pv) and
 * splits as (a, b, d) (b, c, d); s_k = k-th successor of pv in the cycle. */
static void quad(prim_list *l, const uint32_t q[4], uint32_t pv, bool first, uint32_t id)
{
    int at = -1;
    for (int i = 0; i < 4; i++)
        if (q[i] == pv)
            at = i;
    if (at < 0)
        abort();
    uint32_t s1 = q[(at + 1) % 4], s2 = q[(at + 2) % 4], s3 = q[(at + 3) % 4];
    uint32_t t0[3], t1[3];
    if (first) {
        t0[0] = pv, t0[1] = s1, t0[2] = s2;
        t1[0] = pv, t1[1] = s2, t1[2] = s3;
    } else {
        t0[0] = s1, t0[1] = s2, t0[2] = pv;
        t1[0] = s2, t1[1] = s3, t1[2] = pv;
    }
    push(l, 3, t0, pv, tri_flags(q, 4, t0), id);
    push(l, 3, t1, pv, tri_flags(q, 4, t1), id);
}

/* One restart segment: vertex positions seg[0..n-1]. */
static void segment(prim_list *l, uint32_t topo, const uint32_t *seg, uint32_t n, bool first)
{
#define V(k) (seg[(k)-1]) /* 1-based vertex k of the segment */
    uint32_t t[3];
    switch (topo) {
    case SWR_TOPO_POINTS:
        for (uint32_t i = 1; i <= n; i++) {
            t[0] = V(i);
            push(l, 1, t, V(i), 0, l->next_id++);
        }
        break;
    case SWR_TOPO_LINES:
        for (uint32_t i = 1; 2 * i <= n; i++) {
            t[0] = V(2 * i - 1), t[1] = V(2 * i);
            push(l, 2, t, first ? V(2 * i - 1) : V(2 * i), 0, l->next_id++);
        }
        break;
    case SWR_TOPO_LINE_STRIP:
    case SWR_TOPO_LINE_LOOP: {
        uint32_t lines = n < 2 ? 0 : (topo == SWR_TOPO_LINE_LOOP ? n : n - 1);
        for (uint32_t i = 1; i <= lines; i++) {
            uint32_t a = V(i), b = V(i == n ? 1 : i + 1); /* loop: line n closes to vertex 1 */
            t[0] = a, t[1] = b;
            push(l, 2, t, first ? a : b, 0, l->next_id++);
        }
        break;
    }
    case SWR_TOPO_TRIANGLES:
        for (uint32_t i = 1; 3 * i <= n; i++) {
            t[0] = V(3 * i - 2), t[1] = V(3 * i - 1), t[2] = V(3 * i);
            push(l, 3, t, first ? V(3 * i - 2) : V(3 * i), 7, l->next_id++);
        }
        break;
    case SWR_TOPO_TRIANGLE_STRIP:
        for (uint32_t i = 1; i + 2 <= n; i++) {
            if (i % 2 == 1) /* 0-based even */
                t[0] = V(i), t[1] = V(i + 1), t[2] = V(i + 2);
            else
                t[0] = V(i + 1), t[1] = V(i), t[2] = V(i + 2);
            push(l, 3, t, first ? V(i) : V(i + 2), 7, l->next_id++);
        }
        break;
    case SWR_TOPO_TRIANGLE_FAN:
        for (uint32_t i = 1; i + 2 <= n; i++) {
            t[0] = V(1), t[1] = V(i + 1), t[2] = V(i + 2);
            push(l, 3, t, first ? V(i + 1) : V(i + 2), 7, l->next_id++);
        }
        break;
    case SWR_TOPO_QUADS:
        for (uint32_t i = 1; 4 * i <= n; i++) {
            uint32_t q[4] = {V(4 * i - 3), V(4 * i - 2), V(4 * i - 1), V(4 * i)};
            quad(l, q, first ? V(4 * i - 3) : V(4 * i), first, l->next_id++);
        }
        break;
    case SWR_TOPO_QUAD_STRIP:
        for (uint32_t i = 1; 2 * i + 2 <= n; i++) {
            /* GL: quad i is vertices 2i-1, 2i, 2i+2, 2i+1 in outline order. */
            uint32_t q[4] = {V(2 * i - 1), V(2 * i), V(2 * i + 2), V(2 * i + 1)};
            quad(l, q, first ? V(2 * i - 1) : V(2 * i + 2), first, l->next_id++);
        }
        break;
    case SWR_TOPO_POLYGON:
        if (n >= 3) {
            /* Outline of the polygon: vertex k to vertex k+1, and n back to 1.
             * Triangle i is vertices 1, i+1, i+2; its edges by vertex number: */
            for (uint32_t i = 1; i + 2 <= n; i++) {
                uint32_t num[3] = {1, i + 1, i + 2};
                uint8_t flags = 0;
                for (uint32_t k = 0; k < 3; k++) {
                    uint32_t x = num[k], y = num[(k + 1) % 3];
                    uint32_t lo = x < y ? x : y, hi = x < y ? y : x;
                    if (hi - lo == 1 || (lo == 1 && hi == n))
                        flags |= (uint8_t)(1u << k);
                }
                t[0] = V(1), t[1] = V(i + 1), t[2] = V(i + 2);
                push(l, 3, t, V(1), flags, l->next_id);
            }
            l->next_id++;
        }
        break;
    case SWR_TOPO_LINES_ADJACENCY:
        for (uint32_t i = 1; 4 * i <= n; i++) {
            t[0] = V(4 * i - 2), t[1] = V(4 * i - 1);
            push(l, 2, t, first ? V(4 * i - 2) : V(4 * i - 1), 0, l->next_id++);
        }
        break;
    case SWR_TOPO_LINE_STRIP_ADJACENCY:
        for (uint32_t i = 1; i + 3 <= n; i++) {
            t[0] = V(i + 1), t[1] = V(i + 2);
            push(l, 2, t, first ? V(i + 1) : V(i + 2), 0, l->next_id++);
        }
        break;
    case SWR_TOPO_TRIANGLES_ADJACENCY:
        for (uint32_t i = 1; 6 * i <= n; i++) {
            t[0] = V(6 * i - 5), t[1] = V(6 * i - 3), t[2] = V(6 * i - 1);
            push(l, 3, t, first ? V(6 * i - 5) : V(6 * i - 1), 7, l->next_id++);
        }
        break;
    case SWR_TOPO_TRIANGLE_STRIP_ADJACENCY: {
        /* GL table "Triangles generated by triangle strips with adjacency",
         * 0-based triangle i, 1-based vertices; the adjacent-vertex columns
         * (2nd/4th/6th) are not output. Rows: only (i = 0, one triangle):
         * 1 3 5; first (i = 0): 1 3 5; middle/last, i odd: 2i+3 2i+1 2i+5;
         * middle/last, i even: 2i+1 2i+3 2i+5. */
        uint32_t tris = n >= 6 ? (n - 4) / 2 : 0;
        for (uint32_t i = 0; i < tris; i++) {
            if (i == 0)
                t[0] = V(1), t[1] = V(3), t[2] = V(5);
            else if (i % 2 == 1)
                t[0] = V(2 * i + 3), t[1] = V(2 * i + 1), t[2] = V(2 * i + 5);
            else
                t[0] = V(2 * i + 1), t[1] = V(2 * i + 3), t[2] = V(2 * i + 5);
            uint32_t gi = i + 1; /* 1-based primitive number of the provoking table */
            push(l, 3, t, first ? V(2 * gi - 1) : V(2 * gi + 3), 7, l->next_id++);
        }
        break;
    }
    default:
        break;
    }
#undef V
}

size_t ref_assemble(const fe_index_source *src, fe_prim **out)
{
    prim_list l = {0};
    *out = NULL;
    if (src->topology >= SWR_TOPO_COUNT)
        return 0;
    bool indexed = src->indices != NULL;
    if (indexed && src->index_size != 1 && src->index_size != 2 && src->index_size != 4)
        return 0;
    uint32_t *seg = malloc(((size_t)src->count + 1) * sizeof(uint32_t));
    if (!seg)
        abort();
    uint32_t n = 0;
    for (uint64_t p = 0; p <= src->count; p++) {
        bool cut = p == src->count;
        if (!cut && indexed && src->restart) {
            uint32_t value;
            if (src->index_size == 1)
                value = ((const uint8_t *)src->indices)[p];
            else if (src->index_size == 2)
                value = ((const uint16_t *)src->indices)[p];
            else
                value = ((const uint32_t *)src->indices)[p];
            cut = value == src->restart_index;
        }
        if (cut) {
            segment(&l, src->topology, seg, n, src->flatshade_first);
            n = 0;
        } else {
            seg[n++] = (uint32_t)p;
        }
    }
    free(seg);
    *out = l.p;
    return l.n;
}
