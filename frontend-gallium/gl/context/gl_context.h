/*
 * gl_context.h: one OpenGL context of swr's GL frontend: what a window
 * system (libOSMesa, the GLX libGL) calls, and the map of the frontend.
 *
 * The frontend is cut into parts, one folder each under frontend-gallium/gl/
 * and one object library each (swr_gl_<part>, frontend-gallium/gl/
 * CMakeLists.txt). A part owns its state (the type ctx-><part> points to),
 * its GL commands (swrgl_<Name>: prototypes generated into gl_impl.h from
 * gl.xml by gen_gl_api.py; a command without an implementation falls back
 * to a generated weak stub that records GL_INVALID_OPERATION) and the
 * functions it offers other parts, named gl_<part>_* (or after its
 * objects: gl_buffer_*, gl_objects_*). Its header <part>/gl_<part>.h says
 * what it owns and which parts it may call; <part>/gl_<part>_priv.h is for
 * the part's own files. Calls go down this list, never up; every part may
 * call common:
 *
 *   common/       the context object (struct gl_context, one pointer per
 *                 part's state), gl_error, gl_value, the part hooks, the
 *                 limits several parts check; the generated entry points.
 *                 May call: nothing.
 *   objects/      GL names to objects (hash tables), share groups,
 *                 reference counts and change serials.
 *                 May call: nothing.
 *   dlist/        display lists: recorded by the generated entry points
 *                 (ctx->list_record), replayed through them
 *                 (gl_list_replay.c), kept in the share group.
 *                 May call: objects.
 *   pixels/       glPixelStore, glPixelTransfer, glPixelMap; client pixels
 *                 to and from pipe formats (with the pixel transfer); the
 *                 pipe format of a GL internal format.
 *                 May call: nothing.
 *   fixedfunc/    the fixed-function pipeline as TGSI generated from a state
 *                 key (gl_ff_key.h), the state values its programs read
 *                 (gl_ff_state.h, also GLSL's built-in uniforms), a bounded
 *                 program cache; needs no GL context.
 *                 May call: nothing.
 *   vertex/       buffer objects and their binding points, VAOs, generic
 *                 and legacy attribute arrays, current attribute values.
 *                 May call: objects, fixedfunc.
 *   raster/       rasterizer and per-fragment state (viewport ... logic op,
 *                 clear values), queries, conditional rendering.
 *                 May call: objects, pixels.
 *   program/      shader and program objects, linking (GLSL through
 *                 frontend-gallium/glsl), uniforms, attribute locations,
 *                 uniform blocks (bound from the vertex part's uniform
 *                 buffer bindings at draw time).
 *                 May call: fixedfunc, objects, raster, vertex.
 *   texture/      texture objects, images and their storage, parameters,
 *                 units, the sampler views and states a draw uses.
 *                 May call: objects, pixels, vertex, program.
 *   framebuffer/  the window framebuffer, FBOs, renderbuffers, draw/read
 *                 buffers, glClear, glReadPixels, glBlitFramebuffer, glAccum.
 *                 May call: objects, pixels, vertex, raster, texture.
 *   fixed/        fixed-function GL state (matrix stacks, lighting, materials,
 *                 fog, texgen, texenv, clip planes) and its draw binding:
 *                 the fixedfunc keys, programs and constants.
 *                 May call: fixedfunc, objects, vertex, raster, program,
 *                 texture.
 *   pixelpath/    the legacy pixel paths: the current raster position
 *                 (glRasterPos*, glWindowPos*), glPixelZoom.
 *                 May call: fixed, raster, texture.
 *   draw/         the draw commands and the validation of every part's state
 *                 they need.
 *                 May call: vertex, raster, program, texture, framebuffer,
 *                 fixed.
 *   immediate/    glBegin/glEnd, glRect, the vertex batch of immediate mode
 *                 drawn as few draws; refuses the commands not allowed
 *                 inside glBegin/glEnd (ctx->immediate_hook).
 *                 May call: vertex, draw.
 *   eval/         evaluators: glMap1/glMap2, glMapGrid, glEvalCoord,
 *                 glEvalPoint, glEvalMesh, GL_AUTO_NORMAL; the evaluated
 *                 vertices go through the vertex and immediate commands.
 *                 May call: vertex, immediate.
 *   attrib/       the attribute stacks: client (glPushClientAttrib,
 *                 glPopClientAttrib) and server (glPushAttrib, glPopAttrib,
 *                 replayed through the owning parts' commands).
 *                 May call: pixels, vertex, raster, texture, framebuffer,
 *                 fixed, pixelpath, eval, dlist.
 *   pixeldraw/    the pixel rectangles: glDrawPixels, glBitmap, glCopyPixels,
 *                 each a texture and a quad drawn in immediate mode.
 *                 May call: pixels, vertex, raster, program, texture,
 *                 framebuffer, fixed, pixelpath, immediate, attrib.
 *   context/      context life, glGet and glEnable dispatch over the parts,
 *                 strings, glFlush/glFinish, the window-system interface.
 *                 May call: objects, pixels, vertex, raster, program, texture,
 *                 framebuffer, fixed, pixelpath, draw, immediate, eval,
 *                 attrib, pixeldraw, dlist.
 *
 * gl_context.c is the one file that calls every part (the generated entry
 * points call each command's own part). One call goes up, by design: the
 * texture part needs the framebuffer's read buffer (glCopyTex*) and must
 * detach a deleted texture from it, while framebuffers attach textures; the
 * framebuffer part hands it those two functions (gl_texture_fb_calls),
 * connected by gl_context_create.
 *
 * Checked: a part's include root holds only its folder, so including the
 * header of a part it does not declare fails to compile; test_gl_parts
 * compares each header's "May call:" line and this list with the build's
 * declarations, and fails on a swrgl_ command called across parts that do
 * not declare each other or a _priv.h included from outside its part.
 *
 * Where the coming work goes: a new part is a new folder, named for what it
 * owns, placed in the list by what it calls.
 * - immediate mode (immediate/: glBegin/glEnd; evaluators to come) and the
 *   legacy pixel paths (raster position, glBitmap, glDrawPixels,
 *   glCopyPixels): parts above draw (e.g. pixelpath/), since they end in
 *   draws; legacy client arrays are VAO state (vertex/); selection and
 *   feedback are a render mode the draws consult, below draw.
 * - display lists (dlist/) record commands and replay them through the
 *   generated entry points, so they call no part directly.
 * - glPushAttrib/glPopAttrib (attrib/): saved through glGet and restored
 *   through each part's own commands; gl_context_create hands the attrib
 *   part the glGet/glIsEnabled dispatch (gl_attrib_connect).
 * - the window-system interface (below; gl_context_desc in common/): the
 *   GLX libGL and libOSMesa call only this header.
 *
 * Conventions for every part:
 * - Images are stored bottom-up the way GL numbers them: row 0 of every
 *   pipe resource (window buffer, texture, renderbuffer) is GL's y = 0 (or
 *   t = 0). Nothing is flipped, so the GL viewport is the pipe viewport, and
 *   gl_FragCoord.y equals the row + 0.5 (the pipe's "upper left" origin).
 * - Errors: gl_error(ctx, GL_INVALID_ENUM) records the first error only, as
 *   GL specifies; a command that raises an error has no other effect.
 * - Thread: a context is used by the thread it is current on only. Contexts
 *   of one share group (gl_context_desc.share) may be current on different
 *   threads at once: the objects they share are guarded as gl_objects.h
 *   describes, and everything bound to a pipe context (shader CSOs, sampler
 *   views and states) is kept per context.
 */
#ifndef GL_CONTEXT_H
#define GL_CONTEXT_H

#include <stdbool.h>

#include "frontend-gallium/gl/common/gl_common.h"
/* The window system's calls into the framebuffer part:
 * gl_framebuffer_set_window, gl_framebuffer_draws_to_window and
 * gl_framebuffer_draw_size. */
#include "frontend-gallium/gl/framebuffer/gl_framebuffer.h"

/* ---- the window-system interface (with gl_context_desc, gl_common.h) ---- */

/* The highest OpenGL version a context offers (core or compatibility
 * profile). What a 3.x context lacks (geometry shaders, transform feedback,
 * multisampling, uniform blocks...) is listed in README.md. */
#define SWRGL_MAX_MAJOR 3
#define SWRGL_MAX_MINOR 3

typedef enum gl_version_status {
    GL_VERSION_SUPPORTED,   /* swr makes such a context */
    GL_VERSION_NONEXISTENT, /* GL never had this version, or forward-compatible below 3.0 */
    GL_VERSION_UNSUPPORTED, /* a real version swr does not offer (above SWRGL_MAX_*) */
} gl_version_status;

/* The one place that says which contexts exist: OSMesaCreateContextAttribs
 * and glXCreateContextAttribsARB both ask it, then map the answer to their
 * own errors. major 0 (or 1.0, GLX's default) means "the default version";
 * core and forward_compatible are what the application asked for (the
 * profile only counts from 3.2 on). */
gl_version_status gl_context_version_check(int major, int minor, bool core,
                                           bool forward_compatible);

/* Creates a context with its own pipe context; NULL when out of memory.
 * desc->major/minor: 0 (or 1.0) is a 2.1 compatibility context, or a
 * SWRGL_MAX_MAJOR.SWRGL_MAX_MINOR core context when desc->core_profile;
 * 3.0 and 3.1 are compatibility contexts unless forward-compatible; from
 * 3.2 on desc->core_profile chooses the profile. The version is the one
 * asked for (GL_VERSION, GL_MAJOR/MINOR_VERSION) and decides the GLSL
 * version reported (GL_SHADING_LANGUAGE_VERSION, gl_glsl_version). */
struct gl_context *gl_context_create(const gl_context_desc *desc);
/* Finishes outstanding rendering and frees everything; the context must not
 * be current on another thread. If it is current on this thread it stops
 * being current. */
void gl_context_destroy(struct gl_context *ctx);
/* Makes ctx (or NULL) current on the calling thread. */
void gl_context_make_current(struct gl_context *ctx);
static inline struct gl_context *gl_context_current(void) { return swrgl_current_ctx; }

/* Flushes the pipe context and, when the window framebuffer is bound for
 * drawing, calls desc.flush_front; `finish` waits for the rendering. */
void gl_context_flush(struct gl_context *ctx, bool finish);

/* For glXCopyContext: the attribute groups of `mask` (glPushAttrib's
 * bits) of src set in dst, as a glPushAttrib in src and a glPopAttrib in
 * dst would (the attrib part's save and restore). Neither context may be
 * current on another thread; the calling thread's current context is kept.
 * False when out of memory. */
bool gl_context_copy_state(struct gl_context *dst, struct gl_context *src, GLbitfield mask);

#endif /* GL_CONTEXT_H */
