/*
 * jit_cache.c: the process-wide shader cache of jit.h.
 *
 * Keyed by the 64-bit FNV-1a hash of the TGSI text continued over the
 * variant key bytes; entries also keep the text and key, so a hash
 * collision compares unequal and compiles anew. One mutex guards the table
 * (a miss compiles outside it: two threads missing on the same text both
 * compile, and the second to insert drops its copy). The table holds one
 * reference per entry; jit_cache_get hands out another. It turns on
 * key.preamble (see preamble_enabled): its caller runs the preambles.
 *
 * Bounded: the list is kept most recently used first, and when an insert
 * takes it past CACHE_MAX_UNUSED entries, the least recently used entries
 * whose shader nobody else holds (the table's is the only reference: no
 * other can appear while cache_lock is held, since references are only
 * handed out under it or taken from one already held) are dropped. A
 * program that creates 10,000 distinct shaders and deletes them no longer
 * keeps every compiled shader for the life of the process (issue 21).
 */
#include "jitter/jit.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "jitter/jit_priv.h"

typedef struct cache_entry {
    struct cache_entry *next;
    uint64_t hash;
    jit_variant_key key;
    size_t len;
    char *text;
    jit_shader *sh;
} cache_entry;

/* The cache's caller (the pipe driver) runs preambles: key.preamble is on
 * unless SWR_SHADER_PREAMBLE=0 (read once), for comparisons. */
static bool preamble_enabled(void)
{
    static atomic_int state; /* 0 unknown, 1 on, 2 off */
    int s = atomic_load_explicit(&state, memory_order_relaxed);
    if (!s) {
        const char *e = getenv("SWR_SHADER_PREAMBLE");
        s = e && strcmp(e, "0") == 0 ? 2 : 1;
        atomic_store_explicit(&state, s, memory_order_relaxed);
    }
    return s == 1;
}

/* Entries kept beyond those in use (the list may hold more while they are
 * referenced elsewhere). */
#define CACHE_MAX_UNUSED 256

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static cache_entry *cache_head;
static size_t cache_count;

static jit_shader *lookup_locked(uint64_t h, const char *text, size_t len,
                                 const jit_variant_key *key)
{
    for (cache_entry **pe = &cache_head; *pe; pe = &(*pe)->next) {
        cache_entry *e = *pe;
        if (e->hash == h && e->len == len && !memcmp(&e->key, key, sizeof(*key)) &&
            !memcmp(e->text, text, len)) {
            /* most recently used first */
            *pe = e->next;
            e->next = cache_head;
            cache_head = e;
            jit_shader_ref(e->sh);
            return e->sh;
        }
    }
    return NULL;
}

/* Unlinks the least recently used entries nobody else references until at
 * most CACHE_MAX_UNUSED are left; returns them as a list to free outside
 * the lock. */
static cache_entry *evict_locked(void)
{
    cache_entry *out = NULL;
    if (cache_count <= CACHE_MAX_UNUSED)
        return NULL;
    size_t keep = 0;
    for (cache_entry **pe = &cache_head; *pe;) {
        cache_entry *e = *pe;
        bool unused = atomic_load_explicit(&e->sh->refs, memory_order_acquire) == 1;
        if (unused && keep >= CACHE_MAX_UNUSED) {
            *pe = e->next;
            e->next = out;
            out = e;
            cache_count--;
            continue;
        }
        if (unused)
            keep++;
        pe = &e->next;
    }
    return out;
}

static void free_entries(cache_entry *e)
{
    while (e) {
        cache_entry *n = e->next;
        jit_shader_unref(e->sh);
        free(e->text);
        free(e);
        e = n;
    }
}

jit_shader *jit_cache_get(const char *text, size_t len, const jit_variant_key *key,
                          tgsi_error *err)
{
    jit_variant_key k;
    memset(&k, 0, sizeof(k));
    if (key)
        k = *key;
    k.preamble = preamble_enabled();
    uint64_t h = tgsi_hash(&k, sizeof(k), tgsi_hash(text, len, 0));
    pthread_mutex_lock(&cache_lock);
    jit_shader *sh = lookup_locked(h, text, len, &k);
    pthread_mutex_unlock(&cache_lock);
    if (sh)
        return sh;
    tgsi_program *prog = NULL;
    if (!tgsi_parse(text, len, &prog, err))
        return NULL;
    sh = jit_shader_compile(prog, &k, err);
    tgsi_program_free(prog);
    if (!sh)
        return NULL;
    cache_entry *e = malloc(sizeof(*e));
    char *copy = malloc(len ? len : 1);
    if (!e || !copy) {
        free(e);
        free(copy);
        return sh; /* works, just not cached */
    }
    memcpy(copy, text, len);
    *e = (cache_entry){NULL, h, k, len, copy, sh};
    pthread_mutex_lock(&cache_lock);
    jit_shader *other = lookup_locked(h, text, len, &k);
    if (other) {
        pthread_mutex_unlock(&cache_lock);
        free(copy);
        free(e);
        jit_shader_unref(sh);
        return other;
    }
    jit_shader_ref(sh); /* the table's reference */
    e->next = cache_head;
    cache_head = e;
    cache_count++;
    cache_entry *dropped = evict_locked();
    pthread_mutex_unlock(&cache_lock);
    free_entries(dropped);
    return sh;
}

void jit_cache_clear(void)
{
    pthread_mutex_lock(&cache_lock);
    cache_entry *e = cache_head;
    cache_head = NULL;
    cache_count = 0;
    pthread_mutex_unlock(&cache_lock);
    free_entries(e);
}
