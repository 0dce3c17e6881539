/*
 * swrp_shared_screen.c: the one pipe_screen a window-system library shares
 * among all its contexts (libOSMesa, the GLX libGL).
 *
 * swr_screen_acquire() takes a reference on the process's screen, creating
 * it on first use; swr_screen_release() drops one and destroys the screen
 * with the last. The first acquire also checks GALLIUM_DRIVER: unset or
 * "swr" is swr; any other value prints one line saying this library
 * provides only swr (it goes on with swr). Messages start with "swr: " and
 * the calling library's name (e.g. "swr: libGL: ").
 *
 * Each shared library links its own copy of the pipe driver, so the screen
 * is per library, as it was when each target kept this code itself.
 * Thread: any thread; one mutex guards the screen and its count.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend-gallium/pipe/swr_public.h"

static pthread_mutex_t screen_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pipe_screen *screen;
static unsigned screen_users;
static bool driver_checked;

struct pipe_screen *swr_screen_acquire(const char *library)
{
    pthread_mutex_lock(&screen_lock);
    if (!driver_checked) {
        const char *drv = getenv("GALLIUM_DRIVER");
        if (drv && *drv && strcmp(drv, SWR_PIPE_DRIVER_NAME) != 0)
            fprintf(stderr,
                    "swr: %s: GALLIUM_DRIVER=%s requested, but this library only provides swr\n",
                    library, drv);
        driver_checked = true;
    }
    if (!screen) {
        screen = swr_create_screen();
        if (!screen)
            fprintf(stderr,
                    "swr: %s: cannot create the swr screen (out of memory, or a CPU without "
                    "AVX2/FMA/F16C)\n",
                    library);
    }
    struct pipe_screen *s = screen;
    if (s)
        screen_users++;
    pthread_mutex_unlock(&screen_lock);
    return s;
}

void swr_screen_release(void)
{
    pthread_mutex_lock(&screen_lock);
    if (screen_users > 0 && --screen_users == 0 && screen) {
        screen->destroy(screen);
        screen = NULL;
    }
    pthread_mutex_unlock(&screen_lock);
}
