/*
 * swrp_priv.h: what the pipe driver's screen, resources and contexts share
 * and nobody outside frontend-gallium/pipe/ sees: the engine timeline a
 * context's fences count on, the fence object, the screen object and its
 * list of storage waiting for the engine before it may be freed.
 *
 * Timelines. Each pipe context owns one swr_context (core/swr.h), whose
 * fences are a counter: fence f has signalled once the engine retired its
 * first f work items. A swrp_timeline wraps that swr_context so objects
 * that outlive the context (fences, resources that remember which work
 * used them, orphaned storage) can still ask "is f done?": they hold a
 * reference to the timeline, and when the context is destroyed (which
 * waits for all its work) the timeline's engine pointer becomes NULL and
 * every fence on it reads as signalled.
 *
 * Threads. swr_fence_done() only reads atomics and may run on any thread;
 * swr_fence_wait() and swr_store_tiles() help with / queue work as the
 * context's API thread and may only run on the thread using the context.
 * `lock` orders pollers against the context's destruction; the context's
 * own thread never needs it to use the engine.
 */
#ifndef SWRP_PRIV_H
#define SWRP_PRIV_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/swr.h"
#include "frontend-gallium/gallium/p_screen.h"

typedef struct swrp_timeline {
    int32_t refcount;    /* atomic; the context holds one reference */
    pthread_mutex_t lock; /* guards `engine` against destruction while polling */
    swr_context *engine; /* NULL once the context is gone: everything signalled */
    /* Written by the context's thread, read by any (atomics): hot-tile
     * bookkeeping, see swrp_context_flush_resource_writes(). */
    uint64_t stored_upto;      /* RT writes with fence <= this are in memory once */
    uint64_t store_fence;      /* ... this fence (the store's) signals */
    uint64_t invalidated_upto; /* hot tiles of work <= this were dropped */
} swrp_timeline;

swrp_timeline *swrp_timeline_create(swr_context *engine);
void swrp_timeline_ref(swrp_timeline *t);
void swrp_timeline_unref(swrp_timeline *t);
/* Any thread: has fence `f` of `t` signalled? (NULL t or f == 0: yes). */
bool swrp_timeline_done(swrp_timeline *t, uint64_t f);
/*
 * Waits for fence `f` up to timeout_ns (0: poll once; UINT64_MAX: no
 * limit). own_thread: the caller is the thread using t's context, so it may
 * help the engine (swr_fence_wait); otherwise it sleeps between polls
 * (1 us doubling to 1 ms), so it never spins a core. True if signalled.
 */
bool swrp_timeline_wait(swrp_timeline *t, uint64_t f, uint64_t timeout_ns, bool own_thread);
/* Called by context destruction: waits for everything, destroys the engine. */
void swrp_timeline_retire(swrp_timeline *t);

/* CLOCK_MONOTONIC in nanoseconds (get_timestamp, fence timeouts). */
uint64_t swrp_now_ns(void);

struct pipe_fence_handle {
    struct pipe_reference reference;
    swrp_timeline *tl; /* one reference */
    uint64_t id;       /* swr_fence value */
};

/* Makes a fence for (tl, id) holding one reference; NULL when out of memory. */
struct pipe_fence_handle *swrp_fence_create(swrp_timeline *tl, uint64_t id);

/* The engine work that used one piece of storage, per timeline. A resource
 * used by several contexts keeps one entry per context (up to this many;
 * beyond, the oldest is waited for and reused). */
#define SWRP_MAX_USERS 4

typedef struct swrp_usage {
    swrp_timeline *tl; /* NULL: free entry; else holds a reference */
    uint64_t use;      /* last engine work reading or writing the storage */
    uint64_t write;    /* last engine work writing it */
    uint64_t rt_write; /* last render-target write (may sit in hot tiles) */
    uint64_t rt_use;   /* last render-target use (its tiles may be cached) */
} swrp_usage;

/* Storage that must outlive the engine work in `users` (orphaned by a
 * DISCARD_WHOLE_RESOURCE map, or left by a destroyed resource). */
typedef struct swrp_deferred_free {
    struct swrp_deferred_free *next;
    void *mem;
    swrp_usage users[SWRP_MAX_USERS];
} swrp_deferred_free;

typedef struct swrp_screen {
    struct pipe_screen base; /* first */
    pthread_mutex_t free_lock;
    swrp_deferred_free *pending; /* guarded by free_lock */
    char device_vendor[64];      /* CPU vendor string, from CPUID */
} swrp_screen;

static inline swrp_screen *swrp_screen_of(struct pipe_screen *s)
{
    return (swrp_screen *)s;
}

/* Queues `mem` to be freed once every user's fence has signalled (takes
 * over the users' timeline references). Frees at once if already idle. */
void swrp_screen_defer_free(swrp_screen *s, void *mem, swrp_usage users[SWRP_MAX_USERS]);
/* Frees whatever queued storage is now idle (any thread). With wait, waits
 * (polling) for all of it first: screen destruction. */
void swrp_screen_reap(swrp_screen *s, bool wait);

#endif /* SWRP_PRIV_H */
