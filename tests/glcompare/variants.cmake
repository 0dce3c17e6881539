# swr_gl_compare_test(<name> <timeout>): tests/glcompare/<name>.c built
# against swr_glc and run as `<name> <swr libOSMesa> <llvmpipe libOSMesa>`
# (labels gl, compare; Mesa's leaks suppressed for LeakSanitizer).
function(swr_gl_compare_test name timeout)
  if(TARGET OSMesa AND TARGET swr_glc)
    add_executable(${name} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${name}.c)
    target_link_libraries(${name} PRIVATE swr_glc ${CMAKE_DL_LIBS})
    add_dependencies(${name} OSMesa)
    add_test(NAME ${name} COMMAND ${name} $<TARGET_FILE:OSMesa> ${SWR_REF_OSMESA})
    set_tests_properties(${name} PROPERTIES TIMEOUT ${timeout} LABELS "gl;compare" ENVIRONMENT
                         "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_FUNCTION_LIST_DIR}/lsan_mesa.supp")
  endif()
endfunction()

# GL state implemented by the pipe driver's shader variants (user clip
# planes with and without gl_ClipVertex, polygon stipple) against Mesa's
# llvmpipe libOSMesa, like test_gl_compare (swr_glc: tools/CMakeLists.txt).
swr_gl_compare_test(test_gl_variants 300)

# GL 1.x vertex data, immediate mode and display lists (GLSL 1.10 programs
# reading the built-in attributes) against Mesa's llvmpipe libOSMesa.
swr_gl_compare_test(test_gl_compare_legacy 300)

# The current raster position and glPixelZoom: every GL_CURRENT_RASTER_*
# value after glRasterPos*/glWindowPos* against Mesa's llvmpipe libOSMesa.
swr_gl_compare_test(test_gl_compare_rasterpos 120)

# glPixelTransfer / glPixelMap state and their effect on glReadPixels and
# glTexImage2D against Mesa's llvmpipe libOSMesa.
swr_gl_compare_test(test_gl_compare_pixeltransfer 120)

# Evaluators through the fixed-function pipeline against Mesa's llvmpipe
# libOSMesa (images and glGetMap state).
swr_gl_compare_test(test_gl_compare_eval 120)

# glPushClientAttrib / glPopClientAttrib against Mesa's llvmpipe libOSMesa.
swr_gl_compare_test(test_gl_compare_clientattrib 120)

# Uniform blocks (std140 packing, matrices, ranges, block arrays, both
# stages) and their reflection and errors in a 3.3 core context against
# Mesa's llvmpipe libOSMesa, with the std140 offsets worked out by hand.
swr_gl_compare_test(test_gl_compare_ubo 120)
# The same through the TGSI interpreter (KNOB_JIT=interp): both executors
# read the blocks' 2-D constant buffers, CONST[b][ADDR + k] included.
if(TARGET test_gl_compare_ubo)
  add_test(NAME test_gl_compare_ubo_interp COMMAND test_gl_compare_ubo $<TARGET_FILE:OSMesa> ${SWR_REF_OSMESA})
  set_tests_properties(test_gl_compare_ubo_interp PROPERTIES TIMEOUT 120 LABELS "gl;compare" ENVIRONMENT
                       "KNOB_JIT=interp;LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_mesa.supp")
endif()

# Dual-source blending (ARB_blend_func_extended: layout index and
# glBindFragDataLocationIndexed, the SRC1 factors, the queries and errors)
# in a 3.3 core context against Mesa's llvmpipe libOSMesa.
swr_gl_compare_test(test_gl_compare_blend_func_extended 120)

# GL 3.x draws and objects (base-vertex draws, primitive restart,
# glCopyBufferSubData, 64-bit queries, sync objects) in a 3.3 context
# against Mesa's llvmpipe libOSMesa.
swr_gl_compare_test(test_gl_compare_objects 300)

# Sampler objects and the packed 2_10_10_10 vertex types (arrays and the
# immediate P commands) in a 3.3 context against Mesa's llvmpipe libOSMesa.
swr_gl_compare_test(test_gl_compare_samplers 300)

# glPushAttrib / glPopAttrib of every attribute group against Mesa's
# llvmpipe libOSMesa and the spec's definition of the stack.
swr_gl_compare_test(test_gl_compare_pushattrib 120)

# glDrawPixels, glBitmap and glCopyPixels (images and the depth and raster
# state they leave) against Mesa's llvmpipe libOSMesa.
swr_gl_compare_test(test_gl_compare_pixels 120)

# The program side of transform feedback (glTransformFeedbackVaryings, its
# errors, the program queries and limits) against Mesa's llvmpipe libOSMesa.
swr_gl_compare_test(test_gl_compare_xfb 120)

# Transform feedback capture end to end (glBegin/EndTransformFeedback, the
# indexed bindings, the captured words, the primitive queries, rasterizer
# discard and every error) against Mesa's llvmpipe libOSMesa.
swr_gl_compare_test(test_gl_compare_xfb_capture 120)
# Transform feedback of geometry shader outputs (GL 3.2 section 2.15: an
# amplifying GS, line strips, overflow, the Begin mode against the GS
# output type) against Mesa's llvmpipe libOSMesa.
swr_gl_compare_test(test_gl_compare_xfb_gs 120)
# Clip distances, user clip planes and vertex colour clamping applied to a
# geometry shader's outputs (core 3.3 and compatibility 3.2) against
# Mesa's llvmpipe libOSMesa.
swr_gl_compare_test(test_gl_compare_gs_clip 120)
# Geometry shaders (GL 3.2 / GLSL 1.50, issue 20): errors and queries in a
# 3.3 core context against Mesa's llvmpipe libOSMesa, limits against GL
# 3.2's minimums.
swr_gl_compare_test(test_gl_compare_gs 120)
# Their rendering against llvmpipe (pass-through, points to quads,
# wireframe, lines_adjacency, gl_PrimitiveIDIn / flat): the GLSL GEOM text
# through the pipe's GS CSO and the engine's GS stage (rasterizer/fe_gs.c).
if(TARGET test_gl_compare_gs)
  add_test(NAME test_gl_compare_gs_render COMMAND test_gl_compare_gs $<TARGET_FILE:OSMesa> ${SWR_REF_OSMESA} --render)
  set_tests_properties(test_gl_compare_gs_render PROPERTIES TIMEOUT 120 LABELS "gl;compare" ENVIRONMENT
                       "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_LIST_DIR}/lsan_mesa.supp")
endif()

# glCopyTexImage2D / glCopyTexSubImage2D into depth and depth/stencil
# textures (VTK's depth peeling) against Mesa's llvmpipe libOSMesa.
swr_gl_compare_test(test_gl_compare_copydepth 120)
