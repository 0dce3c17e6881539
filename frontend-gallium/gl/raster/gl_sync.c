/*
 * gl_sync.c: sync objects (GL 3.2 section 5.2, ARB_sync): glFenceSync,
 * glClientWaitSync, glWaitSync, glDeleteSync, glIsSync, glGetSynciv and
 * GL_MAX_SERVER_WAIT_TIMEOUT. Part of gl_raster (see gl_raster.h).
 *
 * A fence sync is a pipe fence: glFenceSync flushes the context's recorded
 * work (pipe->flush with a fence), so the fence signals when every command
 * before it is done and no later command can delay it; that also makes
 * GL_SYNC_FLUSH_COMMANDS_BIT a no-op (the commands are already submitted)
 * and guarantees that a wait cannot wait on unsubmitted work. Status is
 * fence_finish with a zero timeout; glClientWaitSync waits with the
 * caller's timeout. glWaitSync is a server-side wait: the engine runs a
 * context's work in submission order, so the wait is done on the CPU
 * before the next command is recorded, which is what the spec allows an
 * implementation to do (the result is indistinguishable, only slower).
 *
 * Handles: a GLsync is the address of a gl_sync, which the application
 * may pass back deleted or made up. Every live sync is in one process-wide
 * set (sync_set, guarded by sync_lock); an entry point looks the handle up
 * there first, and one not found or of another share group is
 * GL_INVALID_VALUE, so a bad handle is never dereferenced. Syncs are
 * shared by the contexts of a share group (the spec's rule); the group's
 * last context frees those left (glr_sync_fini). A sync holds a reference
 * count: the set's, plus one per wait in progress, so glDeleteSync while
 * another thread waits frees it only when that wait returns (the spec's
 * deferred deletion).
 * Thread: any; the set is guarded by its lock.
 */
#include "frontend-gallium/gl/raster/gl_raster_priv.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct gl_sync {
    struct gl_shared *group;         /* the share group that owns it */
    struct pipe_screen *screen;      /* the fence's screen */
    struct pipe_fence_handle *fence; /* NULL: signalled when made (nothing to wait for) */
    unsigned refs;                   /* the set's + waits in progress; under sync_lock */
    bool signalled;                  /* cached once seen signalled; under sync_lock */
} gl_sync;

static pthread_mutex_t sync_lock = PTHREAD_MUTEX_INITIALIZER;
static gl_sync **sync_set; /* live syncs, unordered */
static size_t sync_count, sync_cap;

static void sync_free(gl_sync *s)
{
    if (s->fence)
        s->screen->fence_reference(s->screen, &s->fence, NULL);
    free(s);
}

/* The position of s in the set, or sync_count when absent. Under sync_lock. */
static size_t set_find(const void *s)
{
    for (size_t i = 0; i < sync_count; i++)
        if ((const void *)sync_set[i] == s)
            return i;
    return sync_count;
}

/* Removes entry i and drops the set's reference; returns the sync to free
 * (NULL while a wait still holds it). Under sync_lock. */
static gl_sync *set_remove(size_t i)
{
    gl_sync *s = sync_set[i];
    sync_set[i] = sync_set[--sync_count];
    return --s->refs == 0 ? s : NULL;
}

/* The live sync `handle` of ctx's share group with one more reference
 * (release with sync_release), or NULL (GL_INVALID_VALUE recorded). */
static gl_sync *sync_acquire(struct gl_context *ctx, GLsync handle)
{
    gl_sync *s = NULL;
    pthread_mutex_lock(&sync_lock);
    size_t i = set_find(handle);
    if (i < sync_count && sync_set[i]->group == ctx->shared) {
        s = sync_set[i];
        s->refs++;
    }
    pthread_mutex_unlock(&sync_lock);
    if (!s)
        gl_error(ctx, GL_INVALID_VALUE);
    return s;
}

static void sync_release(gl_sync *s)
{
    pthread_mutex_lock(&sync_lock);
    bool last = --s->refs == 0;
    pthread_mutex_unlock(&sync_lock);
    if (last)
        sync_free(s);
}

/* Waits up to timeout ns (0: a poll); true when signalled. */
static bool sync_wait(struct gl_context *ctx, gl_sync *s, uint64_t timeout)
{
    pthread_mutex_lock(&sync_lock);
    bool done = s->signalled;
    pthread_mutex_unlock(&sync_lock);
    if (done || !s->fence)
        return true;
    /* the fence was flushed when made: no context needs flushing first */
    (void)ctx;
    done = s->screen->fence_finish(s->screen, NULL, s->fence, timeout);
    if (done) {
        pthread_mutex_lock(&sync_lock);
        s->signalled = true;
        pthread_mutex_unlock(&sync_lock);
    }
    return done;
}

GLsync swrgl_FenceSync(struct gl_context *ctx, GLenum condition, GLbitfield flags)
{
    if (condition != GL_SYNC_GPU_COMMANDS_COMPLETE) {
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
    if (flags != 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return NULL;
    }
    gl_sync *s = calloc(1, sizeof *s);
    if (!s) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return NULL;
    }
    s->group = ctx->shared;
    s->screen = ctx->screen;
    s->refs = 1;
    ctx->pipe->flush(ctx->pipe, &s->fence, 0);
    pthread_mutex_lock(&sync_lock);
    bool ok = true;
    if (sync_count == sync_cap) {
        size_t cap = sync_cap ? 2 * sync_cap : 16;
        gl_sync **grown = realloc(sync_set, cap * sizeof *grown);
        ok = grown != NULL;
        if (ok) {
            sync_set = grown;
            sync_cap = cap;
        }
    }
    if (ok)
        sync_set[sync_count++] = s;
    pthread_mutex_unlock(&sync_lock);
    if (!ok) {
        sync_free(s);
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return NULL;
    }
    return (GLsync)s;
}

GLboolean swrgl_IsSync(struct gl_context *ctx, GLsync sync)
{
    pthread_mutex_lock(&sync_lock);
    size_t i = set_find(sync);
    bool live = i < sync_count && sync_set[i]->group == ctx->shared;
    pthread_mutex_unlock(&sync_lock);
    return live ? GL_TRUE : GL_FALSE;
}

void swrgl_DeleteSync(struct gl_context *ctx, GLsync sync)
{
    if (!sync)
        return; /* silently ignored */
    gl_sync *dead = NULL;
    bool found = false;
    pthread_mutex_lock(&sync_lock);
    size_t i = set_find(sync);
    if (i < sync_count && sync_set[i]->group == ctx->shared) {
        found = true;
        dead = set_remove(i);
    }
    pthread_mutex_unlock(&sync_lock);
    if (!found)
        gl_error(ctx, GL_INVALID_VALUE);
    if (dead)
        sync_free(dead);
}

GLenum swrgl_ClientWaitSync(struct gl_context *ctx, GLsync sync, GLbitfield flags,
                            GLuint64 timeout)
{
    gl_sync *s = sync_acquire(ctx, sync);
    if (!s)
        return GL_WAIT_FAILED;
    if (flags & ~(GLbitfield)GL_SYNC_FLUSH_COMMANDS_BIT) {
        sync_release(s);
        gl_error(ctx, GL_INVALID_VALUE);
        return GL_WAIT_FAILED;
    }
    /* GL_SYNC_FLUSH_COMMANDS_BIT: the fence's commands went out with it. */
    GLenum r;
    if (sync_wait(ctx, s, 0))
        r = GL_ALREADY_SIGNALED;
    else if (timeout && sync_wait(ctx, s, timeout))
        r = GL_CONDITION_SATISFIED;
    else
        r = GL_TIMEOUT_EXPIRED;
    sync_release(s);
    return r;
}

void swrgl_WaitSync(struct gl_context *ctx, GLsync sync, GLbitfield flags, GLuint64 timeout)
{
    gl_sync *s = sync_acquire(ctx, sync);
    if (!s)
        return;
    if (flags != 0 || timeout != GL_TIMEOUT_IGNORED) {
        sync_release(s);
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    sync_wait(ctx, s, PIPE_TIMEOUT_INFINITE);
    sync_release(s);
}

void swrgl_GetSynciv(struct gl_context *ctx, GLsync sync, GLenum pname, GLsizei count,
                     GLsizei *length, GLint *values)
{
    gl_sync *s = sync_acquire(ctx, sync);
    if (!s)
        return;
    GLint v;
    switch (pname) {
    case GL_OBJECT_TYPE:
        v = GL_SYNC_FENCE;
        break;
    case GL_SYNC_CONDITION:
        v = GL_SYNC_GPU_COMMANDS_COMPLETE;
        break;
    case GL_SYNC_STATUS:
        v = sync_wait(ctx, s, 0) ? GL_SIGNALED : GL_UNSIGNALED;
        break;
    case GL_SYNC_FLAGS:
        v = 0;
        break;
    default:
        sync_release(s);
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    sync_release(s);
    if (count < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLsizei n = count >= 1 && values ? 1 : 0;
    if (n)
        values[0] = v;
    if (length)
        *length = n;
}

bool glr_sync_get(struct gl_context *ctx, GLenum pname, gl_value *v)
{
    (void)ctx;
    if (pname != GL_MAX_SERVER_WAIT_TIMEOUT)
        return false;
    /* glWaitSync takes only GL_TIMEOUT_IGNORED, so any value is honest;
     * the largest positive one says no finite limit applies. */
    v->type = GL_VALUE_INT64;
    v->count = 1;
    v->i64[0] = INT64_MAX;
    return true;
}

void glr_sync_fini(struct gl_context *ctx)
{
    if (!ctx->shared_last)
        return;
    /* The group's last context: its syncs go (a wait in progress in
     * another thread of the group is impossible, no context is left). */
    for (;;) {
        gl_sync *dead = NULL;
        bool any = false;
        pthread_mutex_lock(&sync_lock);
        for (size_t i = 0; i < sync_count; i++) {
            if (sync_set[i]->group == ctx->shared) {
                any = true;
                dead = set_remove(i);
                break;
            }
        }
        if (!sync_count) {
            free(sync_set);
            sync_set = NULL;
            sync_cap = 0;
        }
        pthread_mutex_unlock(&sync_lock);
        if (dead)
            sync_free(dead);
        if (!any)
            break;
    }
}
