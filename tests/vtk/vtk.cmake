# VTK tests (label "vtk"): Debian's python3-vtk9 (VTK 9.1, OpenGL2
# backend, a GLX 3.2+ core context and GLSL 1.50) renders scenes written in
# VTK's test style through swr's libGL.so.1 on a private Xvfb, and Mesa's
# llvmpipe renders the same scene in the same run (run_vtk.sh).
#   test_vtk_cone    a cone coloured by point scalars through a lookup
#                    table: swr's image within 30 dB PSNR and 1% of pixels
#                    far off of llvmpipe's (compare.py)
#   test_vtk_sphere  a sphere coloured by cell scalars: VTK reads one colour
#                    per triangle from a texture buffer (samplerBuffer,
#                    texelFetch) indexed by gl_PrimitiveID; same bounds
# Skipped (77) without Xvfb or python3-vtk9; not in sanitizer builds (the
# Python process cannot load a sanitized libGL).
if(NOT TARGET GL OR SWR_SANITIZE)
  return()
endif()
add_test(NAME test_vtk_cone
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_vtk.sh cone $<TARGET_FILE:GL>)
add_test(NAME test_vtk_sphere
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_vtk.sh sphere $<TARGET_FILE:GL>)
set_tests_properties(test_vtk_cone test_vtk_sphere PROPERTIES
  LABELS vtk TIMEOUT 300 SKIP_RETURN_CODE 77)
