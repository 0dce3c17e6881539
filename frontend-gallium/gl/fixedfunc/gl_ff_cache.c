/*
 * gl_ff_cache.c: the bounded cache of generated fixed-function programs
 * (gl_ff.h).
 *
 * One table per stage: `max` entries in an array, found through an open
 * addressing index (linear probing, power-of-two size >= 2 max, so the
 * load stays <= 1/2) keyed by the 64-bit hash of the canonical key; a hit
 * compares the whole key. Recency is a per-cache counter stamped on each
 * hit; a miss in a full table evicts the entry with the oldest stamp (an
 * O(max) scan) and rebuilds the index (O(max)), both only on misses, which
 * generation (microseconds) dominates anyway.
 *
 * Hit path: one canonicalisation of the key copy, one hash (25 words for a
 * fragment key), one probe on average, one memcmp.
 *
 * Thread: a cache belongs to its creator's thread (one per GL context).
 */
#include "frontend-gallium/gl/fixedfunc/gl_fixedfunc.h"

#include <stdlib.h>
#include <string.h>

typedef union any_key {
    gl_ff_vs_key vs;
    gl_ff_fs_key fs;
} any_key;

typedef struct slot_entry {
    uint64_t hash;
    uint64_t stamp;
    any_key key;
    gl_ff_cache_entry pub;
} slot_entry;

typedef struct stage_table {
    slot_entry *entries;
    uint32_t count, max;
    uint32_t *index; /* entry + 1, 0 = empty */
    uint32_t index_mask;
    size_t key_size;
} stage_table;

struct gl_ff_cache {
    stage_table vs, fs;
    uint64_t clock;
    gl_ff_user_destroy destroy;
    void *ctx;
    gl_ff_cache_stats stats;
};

static bool table_init(stage_table *t, uint32_t max, size_t key_size)
{
    uint32_t n = 2;
    while (n < 2 * max)
        n *= 2;
    t->entries = calloc(max, sizeof *t->entries);
    t->index = calloc(n, sizeof *t->index);
    t->index_mask = n - 1;
    t->max = max;
    t->count = 0;
    t->key_size = key_size;
    return t->entries && t->index;
}

static void entry_drop(gl_ff_cache *c, slot_entry *s)
{
    if (s->pub.user && c->destroy)
        c->destroy(s->pub.user, c->ctx);
    gl_ff_shader_fini(&s->pub.shader);
    s->pub.user = NULL;
}

static void table_fini(gl_ff_cache *c, stage_table *t)
{
    for (uint32_t i = 0; i < t->count; i++)
        entry_drop(c, &t->entries[i]);
    free(t->entries);
    free(t->index);
}

static void index_insert(stage_table *t, uint32_t e)
{
    uint32_t i = (uint32_t)t->entries[e].hash & t->index_mask;
    while (t->index[i])
        i = (i + 1) & t->index_mask;
    t->index[i] = e + 1;
}

gl_ff_cache *gl_ff_cache_create(uint32_t max_entries, gl_ff_user_destroy destroy, void *ctx)
{
    if (max_entries == 0)
        max_entries = 1;
    gl_ff_cache *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->destroy = destroy;
    c->ctx = ctx;
    if (!table_init(&c->vs, max_entries, sizeof(gl_ff_vs_key)) ||
        !table_init(&c->fs, max_entries, sizeof(gl_ff_fs_key))) {
        gl_ff_cache_destroy(c);
        return NULL;
    }
    return c;
}

void gl_ff_cache_destroy(gl_ff_cache *c)
{
    if (!c)
        return;
    table_fini(c, &c->vs);
    table_fini(c, &c->fs);
    free(c);
}

/* The slot of the least recently used entry, emptied; the index rebuilt
 * without it. */
static uint32_t evict(gl_ff_cache *c, stage_table *t)
{
    uint32_t lru = 0;
    for (uint32_t i = 1; i < t->count; i++)
        if (t->entries[i].stamp < t->entries[lru].stamp)
            lru = i;
    entry_drop(c, &t->entries[lru]);
    memset(t->index, 0, (size_t)(t->index_mask + 1) * sizeof *t->index);
    for (uint32_t i = 0; i < t->count; i++)
        if (i != lru)
            index_insert(t, i);
    c->stats.evictions++;
    return lru;
}

static gl_ff_cache_entry *lookup(gl_ff_cache *c, stage_table *t, const any_key *key, bool vs)
{
    uint64_t h = gl_ff_key_hash(key, t->key_size);
    for (uint32_t i = (uint32_t)h & t->index_mask; t->index[i]; i = (i + 1) & t->index_mask) {
        slot_entry *s = &t->entries[t->index[i] - 1];
        if (s->hash == h && memcmp(&s->key, key, t->key_size) == 0) {
            s->stamp = ++c->clock;
            c->stats.hits++;
            return &s->pub;
        }
    }
    c->stats.misses++;
    gl_ff_shader sh;
    if (!(vs ? gl_ff_vs_generate(&key->vs, &sh) : gl_ff_fs_generate(&key->fs, &sh)))
        return NULL;
    uint32_t e = t->count < t->max ? t->count++ : evict(c, t);
    slot_entry *s = &t->entries[e];
    s->hash = h;
    s->stamp = ++c->clock;
    memcpy(&s->key, key, t->key_size);
    s->pub.shader = sh;
    s->pub.user = NULL;
    index_insert(t, e);
    return &s->pub;
}

/* The GL part calls these at draw time when its fixed-function state is dirty. */
gl_ff_cache_entry *gl_ff_cache_vs(gl_ff_cache *c, const gl_ff_vs_key *key)
{
    any_key k = {.vs = *key};
    gl_ff_vs_key_canonicalize(&k.vs);
    return lookup(c, &c->vs, &k, true);
}

gl_ff_cache_entry *gl_ff_cache_fs(gl_ff_cache *c, const gl_ff_fs_key *key)
{
    any_key k = {.fs = *key};
    gl_ff_fs_key_canonicalize(&k.fs);
    return lookup(c, &c->fs, &k, false);
}

gl_ff_cache_stats gl_ff_cache_get_stats(const gl_ff_cache *c) { return c->stats; }
