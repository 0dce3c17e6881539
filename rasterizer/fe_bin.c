/*
 * fe_bin.c: binning, the frontend's last stage (BIN_TRIS): a set-up
 * primitive is appended to the bin of every macrotile it may cover, in
 * primitive order.
 *
 * In:  be_prim records (fe_setup.c, fe_tri8.c). Out: the chunk's draw
 *      context's bins (rast_bins: per macrotile, a list of blocks of
 *      RAST_BIN_BLOCK_ITEMS pointers, allocated in the draw context's
 *      arena).
 * Thread: the worker that claimed the chunk; nobody else touches these bins
 *      until the chunk is published as done, so binning takes no lock.
 *
 * The common case -- a primitive inside one macrotile appended to a block
 * with room -- is inline (fe_bin_prim, fe_bin_append in fe_chunk.h); this
 * file holds the rest: a new block, and primitives spanning several
 * macrotiles (large triangles: only macrotiles an edge test cannot reject).
 */
#include "rasterizer/fe_chunk.h"

/* A new block for tile's list (the first, or the tail is full). */
__attribute__((noinline)) bool fe_bin_append_slow(rast_bins *b, uint32_t tile, const be_prim *prim)
{
    rast_bin_block *t = b->tail[tile];
    rast_bin_block *nb = arena_alloc(b->arena, sizeof *nb);
    if (!nb) {
        b->out_of_memory = true;
        return false;
    }
    nb->next = NULL;
    nb->count = 1;
    nb->items[0] = prim;
    if (t) {
        t->next = nb;
    } else {
        b->head[tile] = nb;
        b->touched[b->num_touched++] = tile;
    }
    b->tail[tile] = nb;
    return true;
}

/* Primitives whose box spans several macrotiles (fe_bin_prim). A triangle
 * skips the macrotiles where no sample can be inside it: some edge is
 * negative at the tile's extreme sample point for that edge (E is linear, so
 * its maximum over the tile is at the corner (x1 if a > 0 else x0, y1 if
 * b > 0 else y0)). That corner moves by RAST_MT_DIM pixels from tile to
 * tile, so E there is stepped by a and b times RAST_MT_DIM * 256 -- the
 * same exact int64 values as evaluating it per tile. */
__attribute__((noinline)) void fe_bin_prim_multi(fe_ctx *f, const be_prim *p, uint32_t tx0,
                                                 uint32_t tx1, uint32_t ty0, uint32_t ty1)
{
    rast_bins *b = f->bins;
    if (p->kind != BE_PRIM_TRI || (tx1 == tx0 && ty1 == ty0)) {
        for (uint32_t ty = ty0; ty <= ty1; ty++)
            for (uint32_t tx = tx0; tx <= tx1; tx++)
                if (!fe_bin_append(b, ty * b->grid_w + tx, p))
                    return;
        f->cnt->prims_binned++;
        return;
    }
    const be_tri *tri = &p->tri;
    const int64_t off = f->st->sample_offset_fx8, span = (RAST_MT_DIM - 1) * 256;
    const int64_t x0 = (int64_t)tx0 * RAST_MT_DIM * 256 + off;
    const int64_t y0 = (int64_t)ty0 * RAST_MT_DIM * 256 + off;
    int64_t row[3], dx[3], dy[3];
    for (int k = 0; k < 3; k++) {
        row[k] = (int64_t)tri->a[k] * (tri->a[k] > 0 ? x0 + span : x0) +
                 (int64_t)tri->b[k] * (tri->b[k] > 0 ? y0 + span : y0) + tri->c[k];
        dx[k] = (int64_t)tri->a[k] * (RAST_MT_DIM * 256);
        dy[k] = (int64_t)tri->b[k] * (RAST_MT_DIM * 256);
    }
    for (uint32_t ty = ty0; ty <= ty1; ty++) {
        int64_t e0 = row[0], e1 = row[1], e2 = row[2];
        for (uint32_t tx = tx0; tx <= tx1; tx++) {
            if ((e0 | e1 | e2) >= 0 && !fe_bin_append(b, ty * b->grid_w + tx, p))
                return;
            e0 += dx[0], e1 += dx[1], e2 += dx[2];
        }
        row[0] += dy[0], row[1] += dy[1], row[2] += dy[2];
    }
    f->cnt->prims_binned++;
}
