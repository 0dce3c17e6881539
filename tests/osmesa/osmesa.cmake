# swr_osmesa_test(NAME name SOURCE file [LIBS ...]): a test program that
# loads the OSMesa library named on its command line, run on swr's library
# and, as name_mesa, on Mesa's llvmpipe libOSMesa.so.8 (the oracle for what
# the program expects).
function(swr_osmesa_test)
  cmake_parse_arguments(T "" "NAME;SOURCE" "LIBS" ${ARGN})
  if(NOT TARGET OSMesa)
    return()
  endif()
  swr_test(NAME ${T_NAME} TIMEOUT 120 LABELS osmesa
    SOURCES ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${T_SOURCE}
    LIBS swr_gl_api ${CMAKE_DL_LIBS} ${T_LIBS}
    ARGS $<TARGET_FILE:OSMesa> swr)
  target_include_directories(${T_NAME} PRIVATE ${CMAKE_SOURCE_DIR}/frontend-gallium/targets/osmesa)
  add_dependencies(${T_NAME} OSMesa)
  if(EXISTS ${SWR_REF_OSMESA})
    add_test(NAME ${T_NAME}_mesa COMMAND ${T_NAME} ${SWR_REF_OSMESA} mesa)
    set_tests_properties(${T_NAME}_mesa PROPERTIES TIMEOUT 120 LABELS osmesa
      ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
  endif()
endfunction()

# swr's libOSMesa.so.8 (frontend-gallium/targets/osmesa): the OSMesa API
# through the library loaded with dlopen (formats x types against packed
# clear colours, Y_UP, ROW_LENGTH, GetIntegerv, GetDepthBuffer values,
# GetColorBuffer, GetProcAddress, several contexts, two threads, bad
# arguments, GALLIUM_DRIVER, the exported symbol list). test_osmesa_mesa
# runs the same program on Mesa's llvmpipe libOSMesa.so.8, the oracle for
# what the tests expect.
swr_osmesa_test(NAME test_osmesa SOURCE test_osmesa.c)

# GL program-object API beyond GL 2.1 core through the library (GLSL 1.20
# uniform initializers, glBindFragDataLocation with two draw buffers, the
# ARB_shader_objects names, glGet{Boolean,Integer}i_v); test_osmesa_glsl_api_mesa
# runs the same expectations on Mesa's llvmpipe libOSMesa.so.8, the oracle.
swr_osmesa_test(NAME test_osmesa_glsl_api SOURCE test_osmesa_glsl_api.c)

# GL object sharing between contexts (OSMesaCreateContext's sharelist): which
# names the other context sees (FBOs and VAOs are not shared), drawing in one
# context with objects made in another, a texture re-specified in one and
# sampled in the other, deletion while bound elsewhere, and two contexts of
# a group drawing on two threads at once, against images known by
# construction; test_osmesa_share_mesa runs it on Mesa's llvmpipe
# libOSMesa.so.8, the oracle for the sharing rules.
swr_osmesa_test(NAME test_osmesa_share SOURCE test_osmesa_share.c)

# The accumulation buffer (glAccum, glClearAccum, glClear of it, the ACCUM_*
# queries) against results computed by hand from GL 2.1 section 4.2.4;
# test_osmesa_accum_mesa runs it on Mesa's llvmpipe libOSMesa.so.8, the
# oracle for the error rules.
swr_osmesa_test(NAME test_osmesa_accum SOURCE test_osmesa_accum.c LIBS m)

# The rdtsc profiling window of an OpenGL program (glFinish ends an OSMesa
# frame): the report written at the end of the window and counting exactly
# the draws and clears of its frames. swr only: Mesa has no such knobs.
if(TARGET OSMesa)
  swr_test(NAME test_osmesa_profile TIMEOUT 120 LABELS osmesa
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_osmesa_profile.c
    LIBS swr_gl_api ${CMAKE_DL_LIBS}
    ARGS $<TARGET_FILE:OSMesa> swr)
  target_include_directories(test_osmesa_profile PRIVATE ${CMAKE_SOURCE_DIR}/frontend-gallium/targets/osmesa)
  add_dependencies(test_osmesa_profile OSMesa)
endif()

# Every extension the library reports has all of its entry points (from
# the Khronos gl.xml, via gen_ext_procs.py) exported and returned by
# OSMesaGetProcAddress; test_osmesa_ext_procs_mesa holds the test to Mesa's
# llvmpipe (GetProcAddress only: Mesa exports just part of its entry points).
find_package(Python3 REQUIRED COMPONENTS Interpreter)
if(TARGET OSMesa)
  set(ext_procs_h ${CMAKE_BINARY_DIR}/generated/tests/ext_procs.h)
  add_custom_command(OUTPUT ${ext_procs_h}
    COMMAND Python3::Interpreter ${CMAKE_CURRENT_LIST_DIR}/gen_ext_procs.py --xml ${SWR_GL_XML} --out ${ext_procs_h}
    DEPENDS ${CMAKE_CURRENT_LIST_DIR}/gen_ext_procs.py ${SWR_GL_XML}
    COMMENT "Extension entry points from gl.xml (tests)")
  add_custom_target(swr_ext_procs_generate DEPENDS ${ext_procs_h})
  swr_osmesa_test(NAME test_osmesa_ext_procs SOURCE test_osmesa_ext_procs.c)
  add_dependencies(test_osmesa_ext_procs swr_ext_procs_generate)
  target_include_directories(test_osmesa_ext_procs PRIVATE ${CMAKE_BINARY_DIR}/generated/tests)
  target_compile_definitions(test_osmesa_ext_procs PRIVATE SWR_STUBS_MD="${CMAKE_SOURCE_DIR}/docs/stubs.md")

  # One note per missing GL command per context, silenced by the knob (a
  # second run: knobs are read once per process). swr only.
  swr_test(NAME test_osmesa_missing_note TIMEOUT 60 LABELS osmesa
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_osmesa_missing_note.c
    LIBS swr_gl_api ${CMAKE_DL_LIBS}
    ARGS $<TARGET_FILE:OSMesa> swr)
  target_include_directories(test_osmesa_missing_note PRIVATE ${CMAKE_SOURCE_DIR}/frontend-gallium/targets/osmesa)
  add_dependencies(test_osmesa_missing_note OSMesa)
  add_test(NAME test_osmesa_missing_note_quiet COMMAND test_osmesa_missing_note $<TARGET_FILE:OSMesa> swr)
  set_tests_properties(test_osmesa_missing_note_quiet PROPERTIES TIMEOUT 60 LABELS osmesa
    ENVIRONMENT "KNOB_GL_REPORT_UNIMPLEMENTED=0")
endif()

# GL_EXT_stencil_two_side: glActiveStencilFaceEXT, the two-sided enable,
# the queries and the stencil values front and back quads write, counted
# by hand from the specification; test_osmesa_stencil_two_side_mesa holds
# Mesa's llvmpipe to the same expectations.
swr_osmesa_test(NAME test_osmesa_stencil_two_side SOURCE test_osmesa_stencil_two_side.c)

# The context matrix of OSMesaCreateContextAttribs (GL version x profile)
# against the specs' rules and what each context reports (versions, profile
# mask, GLSL version, glGetStringi, core profile errors). swr only: Mesa
# offers other versions.
if(TARGET OSMesa)
  swr_test(NAME test_osmesa_versions TIMEOUT 120 LABELS osmesa
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_osmesa_versions.c
    LIBS swr_gl_api ${CMAKE_DL_LIBS}
    ARGS $<TARGET_FILE:OSMesa> swr)
  target_include_directories(test_osmesa_versions PRIVATE ${CMAKE_SOURCE_DIR}/frontend-gallium/targets/osmesa)
  add_dependencies(test_osmesa_versions OSMesa)
endif()
