/*
 * gl_test_util.h: scaffolding for the GL frontend's unit tests: a screen,
 * a GL context made current with a GLT_W x GLT_H window framebuffer
 * (R8G8B8A8_UNORM colour, Z24_UNORM_S8_UINT depth/stencil), shader program
 * construction and colour readback. Tests then call the GL API (gl_api.h)
 * exactly as an application would.
 * Thread: the test's main thread only.
 */
#ifndef GL_TEST_UTIL_H
#define GL_TEST_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "gl_api.h"

#define GLT_W 64
#define GLT_H 64

/* cmocka group setup/teardown: create/destroy the screen and the context,
 * make it current, set the window framebuffer. */
int glt_setup(void **state);
int glt_teardown(void **state);

/* Reads the window colour buffer after glFinish: rgba[(y * GLT_W + x) * 4],
 * row 0 = GL's y = 0 (bottom). */
void glt_read_window(uint8_t *rgba);

/* Compiles and links a program (NULL source = none); returns 0 and prints the
 * logs on failure. */
GLuint glt_program(const char *vs, const char *fs);

/* glGetError, with a readable name for failure messages. */
const char *glt_error_name(GLenum e);

#endif /* GL_TEST_UTIL_H */
