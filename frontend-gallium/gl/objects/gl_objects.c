/*
 * gl_objects.c: open-addressing hash table from GL names to objects
 * (linear probing, tombstones, grows at 50% occupancy), and the share
 * group that holds the tables contexts have in common.
 */
#include "frontend-gallium/gl/objects/gl_objects.h"

#include "frontend-gallium/gl/common/gl_common.h"

#include <stdlib.h>

#define SLOT_EMPTY 0u
#define SLOT_DELETED UINT32_MAX

char gl_object_reserved_tag;

static uint32_t hash_name(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

void gl_objects_init(gl_object_table *t)
{
    t->keys = NULL;
    t->values = NULL;
    t->capacity = t->count = t->used = 0;
    t->next_name = 1;
    t->lock = NULL;
}

void gl_objects_fini(gl_object_table *t)
{
    pthread_mutex_t *lock = t->lock;
    free(t->keys);
    free(t->values);
    gl_objects_init(t);
    t->lock = lock;
}

void gl_objects_lock(const gl_object_table *t)
{
    if (t->lock)
        pthread_mutex_lock(t->lock);
}

void gl_objects_unlock(const gl_object_table *t)
{
    if (t->lock)
        pthread_mutex_unlock(t->lock);
}

/* ---- share groups ---------------------------------------------------------- */

gl_shared *gl_shared_create(void)
{
    gl_shared *sh = calloc(1, sizeof *sh);
    if (!sh)
        return NULL;
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    int err = pthread_mutex_init(&sh->lock, &attr);
    pthread_mutexattr_destroy(&attr);
    if (err) {
        free(sh);
        return NULL;
    }
    gl_object_table *tables[] = {&sh->buffers,  &sh->textures, &sh->renderbuffers,
                                 &sh->programs, &sh->lists,    &sh->samplers};
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        gl_objects_init(tables[i]);
        tables[i]->lock = &sh->lock;
    }
    sh->contexts = 1;
    return sh;
}

void gl_shared_join(gl_shared *sh)
{
    pthread_mutex_lock(&sh->lock);
    sh->contexts++;
    pthread_mutex_unlock(&sh->lock);
}

bool gl_shared_leave(gl_shared *sh)
{
    pthread_mutex_lock(&sh->lock);
    bool last = --sh->contexts == 0;
    pthread_mutex_unlock(&sh->lock);
    return last;
}

void gl_shared_destroy(gl_shared *sh)
{
    if (!sh)
        return;
    gl_objects_fini(&sh->buffers);
    gl_objects_fini(&sh->textures);
    gl_objects_fini(&sh->renderbuffers);
    gl_objects_fini(&sh->programs);
    gl_objects_fini(&sh->lists);
    gl_objects_fini(&sh->samplers);
    pthread_mutex_destroy(&sh->lock);
    free(sh);
}

/* ---- tables ------------------------------------------------------------------- */

static int64_t find_slot(const gl_object_table *t, uint32_t name)
{
    if (!t->capacity || name == SLOT_EMPTY || name == SLOT_DELETED)
        return -1;
    uint32_t mask = t->capacity - 1;
    for (uint32_t i = hash_name(name) & mask, n = 0; n < t->capacity; i = (i + 1) & mask, n++) {
        if (t->keys[i] == name)
            return i;
        if (t->keys[i] == SLOT_EMPTY)
            return -1;
    }
    return -1;
}

void *gl_objects_get(const gl_object_table *t, uint32_t name)
{
    gl_objects_lock(t);
    int64_t i = find_slot(t, name);
    void *obj = i < 0 ? NULL : t->values[i];
    gl_objects_unlock(t);
    return obj;
}

static bool grow(gl_object_table *t)
{
    uint32_t cap = t->capacity ? t->capacity : 16;
    while (cap < 2 * (t->count + 1) + 16)
        cap *= 2;
    uint32_t *keys = calloc(cap, sizeof *keys);
    void **values = calloc(cap, sizeof *values);
    if (!keys || !values) {
        free(keys);
        free(values);
        return false;
    }
    for (uint32_t i = 0; i < t->capacity; i++) {
        uint32_t k = t->keys[i];
        if (k == SLOT_EMPTY || k == SLOT_DELETED)
            continue;
        uint32_t j = hash_name(k) & (cap - 1);
        while (keys[j] != SLOT_EMPTY)
            j = (j + 1) & (cap - 1);
        keys[j] = k;
        values[j] = t->values[i];
    }
    free(t->keys);
    free(t->values);
    t->keys = keys;
    t->values = values;
    t->capacity = cap;
    t->used = t->count;
    return true;
}

static bool put_locked(gl_object_table *t, uint32_t name, void *obj)
{
    int64_t at = find_slot(t, name);
    if (at >= 0) {
        t->values[at] = obj;
        return true;
    }
    if (2 * (t->used + 1) > t->capacity && !grow(t))
        return false;
    uint32_t mask = t->capacity - 1;
    uint32_t i = hash_name(name) & mask;
    while (t->keys[i] != SLOT_EMPTY && t->keys[i] != SLOT_DELETED)
        i = (i + 1) & mask;
    if (t->keys[i] == SLOT_EMPTY)
        t->used++;
    t->keys[i] = name;
    t->values[i] = obj;
    t->count++;
    return true;
}

bool gl_objects_put(gl_object_table *t, uint32_t name, void *obj)
{
    if (name == SLOT_EMPTY || name == SLOT_DELETED || !obj)
        return false;
    gl_objects_lock(t);
    bool ok = put_locked(t, name, obj);
    gl_objects_unlock(t);
    return ok;
}

void *gl_objects_remove(gl_object_table *t, uint32_t name)
{
    gl_objects_lock(t);
    int64_t i = find_slot(t, name);
    void *obj = NULL;
    if (i >= 0) {
        obj = t->values[i];
        t->keys[i] = SLOT_DELETED;
        t->values[i] = NULL;
        t->count--;
    }
    gl_objects_unlock(t);
    return obj;
}

uint32_t gl_objects_gen(gl_object_table *t)
{
    /* The caller holds a shared table's lock until it stores the name
     * (gl_objects_gen_names does), else two contexts could get one name. */
    for (;;) {
        uint32_t n = t->next_name++;
        if (t->next_name == SLOT_DELETED)
            t->next_name = 1;
        if (n != SLOT_EMPTY && n != SLOT_DELETED && !gl_objects_get(t, n))
            return n;
    }
}

void gl_objects_each(const gl_object_table *t, void (*fn)(void *user, uint32_t name, void *obj),
                     void *user)
{
    for (uint32_t i = 0; i < t->capacity; i++)
        if (t->keys[i] != SLOT_EMPTY && t->keys[i] != SLOT_DELETED)
            fn(user, t->keys[i], t->values[i]);
}

/* The shared start of glGen* and glDelete*: n < 0 is GL_INVALID_VALUE;
 * false when there is nothing to do. */
static bool names_given(struct gl_context *ctx, int32_t n, const void *names)
{
    if (n < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    return names != NULL;
}

void gl_objects_gen_names(struct gl_context *ctx, gl_object_table *t, int32_t n, uint32_t *names)
{
    if (!names_given(ctx, n, names))
        return;
    gl_objects_lock(t);
    for (int32_t i = 0; i < n; i++) {
        uint32_t name = gl_objects_gen(t);
        if (!gl_objects_put(t, name, GL_OBJECT_RESERVED)) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            break;
        }
        names[i] = name;
    }
    gl_objects_unlock(t);
}

void gl_objects_delete_names(struct gl_context *ctx, gl_object_table *t, int32_t n,
                             const uint32_t *names,
                             void (*release)(struct gl_context *ctx, uint32_t name, void *obj))
{
    if (!names_given(ctx, n, names))
        return;
    /* Under the lock: a look-up-and-reference in another context sees the
     * name either with its object alive or gone. */
    gl_objects_lock(t);
    for (int32_t i = 0; i < n; i++) {
        void *obj = gl_objects_remove(t, names[i]); /* NULL for 0 and unknown names */
        if (obj && obj != GL_OBJECT_RESERVED)
            release(ctx, names[i], obj);
    }
    gl_objects_unlock(t);
}
