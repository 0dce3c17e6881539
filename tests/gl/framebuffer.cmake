# The GL framebuffer part (frontend-gallium/gl/framebuffer/: gl_framebuffer.c,
# gl_readpixels.c, gl_blit.c): window and FBO state, renderbuffers,
# completeness, attachment queries, draw/read buffers, glReadPixels
# conversions/pixel store/clipping/PBO, glBlitFramebuffer, against the GL
# spec's rules and images written straight into the pipe resources.
swr_test(NAME test_gl_framebuffer TIMEOUT 120 LABELS gl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gl_framebuffer.c LIBS swr_gl_test_util swr_gl)
# With the program, vertex, raster and texture parts: render to texture and
# sample it, draw to a renderbuffer and blit it scaled, multiple render
# targets, against images computed from the geometry.
swr_test(NAME test_gl_framebuffer_render TIMEOUT 120 LABELS gl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gl_framebuffer_render.c LIBS swr_gl_test_util swr_gl)
