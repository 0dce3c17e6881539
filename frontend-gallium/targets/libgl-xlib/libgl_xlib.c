/*
 * libgl_xlib.c: the one source of the libGL.so.1 target. The library is
 * the GLX objects (frontend-gallium/glx) and the GL frontend's objects
 * linked together; this file only names the library's identity for
 * tools that look for it (strings libGL.so.1 | grep swr). Everything a
 * program calls is defined in those parts: glX* in glx/, gl* in the GL
 * frontend's generated entry points. No state, no threads.
 */
__attribute__((used)) static const char libgl_xlib_identity[] =
    "libGL.so.1 (swr): GLX 1.4 over Xlib, OpenGL through swr";
