/*
 * be_hot.h: hot-tile bookkeeping for the backend (be_hot.c).
 * Thread: the worker holding the macrotile.
 */
#ifndef BE_HOT_H
#define BE_HOT_H

#include "rasterizer/rast_priv.h"

/* Makes the colour hot tile of `slot` for `tile` hold `surf`'s pixels
 * (loading, or filling a pending fast clear) and returns its memory; marks it
 * dirty when `write`. NULL if out of memory. */
uint8_t *be_hot_acquire(rast_hot_tiles *h, uint32_t slot, uint32_t tile, const swr_surface *surf,
                        bool write);
/* Same for a depth/stencil surface: *z / *s receive the depth and stencil hot
 * memory (NULL when the format lacks that aspect). */
void be_hot_acquire_zs(rast_hot_tiles *h, uint32_t tile, const swr_surface *surf, bool write_z,
                       bool write_s, uint8_t **z, uint8_t **s);

#endif /* BE_HOT_H */
