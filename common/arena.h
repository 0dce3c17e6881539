/*
 * arena.h: bump allocator for per-draw data (bins, set-up primitives).
 *
 * One arena per draw context. Exactly one thread allocates from it at a time
 * (the worker running the draw's frontend); the backend only reads. Reset
 * happens on the API thread when the ring slot is reused; blocks are kept for
 * reuse, so a steady-state frame allocates nothing from malloc.
 *
 * Header-only so that core (owner) and rasterizer (user) share it without a
 * dependency cycle.
 */
#ifndef SWR_ARENA_H
#define SWR_ARENA_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* 64 KiB blocks: a 2040-triangle chunk with a few attributes needs a few
 * hundred KiB, so a chunk touches a handful of blocks. */
#define ARENA_BLOCK_BYTES (64 * 1024)

typedef struct arena_block {
    struct arena_block *next;
    size_t size;
    /* data follows, 64-byte aligned */
} arena_block;

#define ARENA_HEADER_BYTES 64

typedef struct arena {
    arena_block *first;   /* every block owned, in allocation order */
    arena_block *current; /* block being filled */
    uint8_t *cursor, *end;
} arena;

static inline void arena_init(arena *a)
{
    a->first = a->current = NULL;
    a->cursor = a->end = NULL;
}

static inline void *arena_alloc_slow(arena *a, size_t bytes)
{
    /* Reuse the next kept block if it is big enough, else insert a new one. */
    arena_block *next = a->current ? a->current->next : a->first;
    if (!next || next->size < bytes) {
        size_t size = bytes > ARENA_BLOCK_BYTES ? bytes : ARENA_BLOCK_BYTES;
        arena_block *b =
            (arena_block *)aligned_alloc(64, ARENA_HEADER_BYTES + ((size + 63) & ~(size_t)63));
        if (!b)
            return NULL;
        b->size = size;
        b->next = next;
        if (a->current)
            a->current->next = b;
        else
            a->first = b;
        next = b;
    }
    a->current = next;
    a->cursor = (uint8_t *)next + ARENA_HEADER_BYTES;
    a->end = a->cursor + next->size;
    void *p = a->cursor;
    a->cursor += (bytes + 63) & ~(size_t)63;
    return p;
}

/* Returns 64-byte aligned memory, or NULL when out of memory. */
static inline void *arena_alloc(arena *a, size_t bytes)
{
    size_t rounded = (bytes + 63) & ~(size_t)63;
    if ((size_t)(a->end - a->cursor) >= rounded) {
        void *p = a->cursor;
        a->cursor += rounded;
        return p;
    }
    return arena_alloc_slow(a, bytes);
}

/* Forget every allocation; keep the blocks. */
static inline void arena_reset(arena *a)
{
    a->current = NULL;
    a->cursor = a->end = NULL;
}

static inline void arena_free(arena *a)
{
    arena_block *b = a->first;
    while (b) {
        arena_block *n = b->next;
        free(b);
        b = n;
    }
    arena_init(a);
}

#endif /* SWR_ARENA_H */
