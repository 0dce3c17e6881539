/*
 * gl_objects.h: the objects part: GL object names (buffers, textures,
 * framebuffers, renderbuffers, VAOs, queries, programs and shaders) mapped
 * to the objects behind them, the share group that holds the tables
 * contexts have in common, reference counts and change serials.
 * May call: nothing.
 *
 * GL 2.1 lets a program bind a name it never generated, so names are keys of
 * a hash table, not indices. gl_objects_gen() hands out names that are not in
 * use; name 0 is never stored. A table belongs to one context, or to a share
 * group (its lock is then the group's).
 */
#ifndef GL_OBJECTS_H
#define GL_OBJECTS_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

struct gl_context;

typedef struct gl_object_table {
    uint32_t *keys;   /* 0: empty slot; UINT32_MAX: deleted slot */
    void **values;
    uint32_t capacity; /* power of two, or 0 */
    uint32_t count;    /* live entries */
    uint32_t used;     /* live + deleted slots */
    uint32_t next_name;
    pthread_mutex_t *lock; /* the share group's (recursive); NULL: one context only */
} gl_object_table;

/* The objects a share group of contexts has in common. */
typedef struct gl_shared {
    pthread_mutex_t lock; /* recursive; guards the tables and the share bookkeeping */
    unsigned contexts;    /* members; under lock */
    gl_object_table buffers, textures, renderbuffers, programs;
    gl_object_table lists; /* display lists (dlist/): the part frees them with the group */
    gl_object_table samplers; /* sampler objects (texture/gl_sampler.c), freed likewise */
    /* Change counters read with gl_serial_load, bumped with gl_serial_bump:
     * any texture's storage replaced (framebuffers refresh their surfaces),
     * any texture changed in a way sampling sees (texture validation runs
     * again in every context), any renderbuffer's storage changed. */
    uint64_t tex_storage_serial, tex_change_serial, rb_serial;
} gl_shared;

/* A new group with one member; NULL when out of memory. */
gl_shared *gl_shared_create(void);
/* Adds a member. */
void gl_shared_join(gl_shared *sh);
/* Removes a member; true when it was the last one (the caller then frees
 * the objects left in the tables and calls gl_shared_destroy). */
bool gl_shared_leave(gl_shared *sh);
void gl_shared_destroy(gl_shared *sh);

static inline void gl_ref_inc(unsigned *refs) { __atomic_add_fetch(refs, 1, __ATOMIC_RELAXED); }
/* True when that was the last reference. */
static inline bool gl_ref_dec(unsigned *refs)
{
    return __atomic_sub_fetch(refs, 1, __ATOMIC_ACQ_REL) == 0;
}
static inline unsigned gl_ref_load(const unsigned *refs)
{
    return __atomic_load_n(refs, __ATOMIC_ACQUIRE);
}
static inline uint64_t gl_serial_load(const uint64_t *s) { return __atomic_load_n(s, __ATOMIC_ACQUIRE); }
static inline void gl_serial_bump(uint64_t *s) { __atomic_add_fetch(s, 1, __ATOMIC_ACQ_REL); }

/* Holds a shared table's lock across several operations (no-op otherwise). */
void gl_objects_lock(const gl_object_table *t);
void gl_objects_unlock(const gl_object_table *t);

void gl_objects_init(gl_object_table *t);
/* Frees the table only; the caller frees the objects first (gl_objects_each). */
void gl_objects_fini(gl_object_table *t);
/* The object called `name`, or NULL (also for name 0). */
void *gl_objects_get(const gl_object_table *t, uint32_t name);
/* Stores (or replaces) name -> obj; false when out of memory. obj must not be NULL. */
bool gl_objects_put(gl_object_table *t, uint32_t name, void *obj);
/* Removes `name` and returns its object (NULL when absent). */
void *gl_objects_remove(gl_object_table *t, uint32_t name);
/* A name that is neither stored nor reserved earlier by this call; the caller
 * stores it (glGen* in GL 2.1 reserve names: reserved names are put with a
 * placeholder object by the caller, e.g. GL_OBJECT_RESERVED). */
uint32_t gl_objects_gen(gl_object_table *t);
/* Calls fn for every live entry (it must not modify the table; the caller
 * holds the lock of a shared table). */
void gl_objects_each(const gl_object_table *t, void (*fn)(void *user, uint32_t name, void *obj),
                     void *user);

/* glGen* for one table: n < 0 is GL_INVALID_VALUE; names becomes n fresh
 * names, each reserved with GL_OBJECT_RESERVED (GL_OUT_OF_MEMORY stops). */
void gl_objects_gen_names(struct gl_context *ctx, gl_object_table *t, int32_t n, uint32_t *names);
/* glDelete* for one table: n < 0 is GL_INVALID_VALUE; every name of `names`
 * that is stored is removed, and for those bound to a real object (not
 * GL_OBJECT_RESERVED) release(ctx, name, obj) unbinds and frees it. Name 0
 * and unknown names are ignored silently, as the spec says. */
void gl_objects_delete_names(struct gl_context *ctx, gl_object_table *t, int32_t n,
                             const uint32_t *names,
                             void (*release)(struct gl_context *ctx, uint32_t name, void *obj));

/* A placeholder for names generated but not yet bound (glGenBuffers then
 * glBindBuffer creates the object). Compare by address. */
extern char gl_object_reserved_tag;
#define GL_OBJECT_RESERVED ((void *)&gl_object_reserved_tag)

#endif /* GL_OBJECTS_H */
