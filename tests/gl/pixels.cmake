# The GL pixels part (frontend-gallium/gl/pixels/): client
# formats/types <-> pipe formats (unpack, pack, pixel store layouts, check,
# span), internal format choice and swizzles, glPixelStore/glGet; expected
# values from the GL definitions written out in the test.
swr_test(NAME test_gl_pixels TIMEOUT 120 LABELS gl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gl_pixels.c LIBS swr_gl_test_util swr_gl)
