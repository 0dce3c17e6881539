/*
 * swr_public.h: the one entry point of swr's Gallium driver.
 *
 * A front end (the GL state tracker, a test) calls swr_create_screen() once
 * and gets a pipe_screen whose get_name() returns "swr"
 * (SWR_PIPE_DRIVER_NAME); everything else, contexts and resources included,
 * is reached through that screen's function table (p_screen.h,
 * p_context.h). It returns NULL when the screen cannot be created (out of
 * memory, or a CPU without AVX2/FMA/F16C). screen->destroy() ends it.
 *
 * Any thread may call it; each call makes an independent screen.
 */
#ifndef SWR_PUBLIC_H
#define SWR_PUBLIC_H

#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/gallium/p_screen.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SWR_PIPE_DRIVER_NAME "swr"

struct pipe_screen *swr_create_screen(void);

/* The screen a window-system library shares among its contexts
 * (swrp_shared_screen.c): a reference on it, created on first use, or NULL
 * (with a message "swr: <library>: ..."); the first call also reports a
 * GALLIUM_DRIVER other than swr. Release drops a reference; the last one
 * destroys the screen. Any thread. */
struct pipe_screen *swr_screen_acquire(const char *library);
void swr_screen_release(void);

/* The threads that execute a swr pipe context's work, for GL_RENDERER: the
 * worker pool's threads plus the API thread, which runs draw work while
 * it waits (1 with KNOB_SINGLE_THREADED=1). 0 for a context of another
 * driver. Any thread may call it. */
unsigned swr_pipe_context_threads(struct pipe_context *pipe);

#ifdef __cplusplus
}
#endif

#endif /* SWR_PUBLIC_H */
