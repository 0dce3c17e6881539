# piglit's GLSL execution tests (Debian package `piglit`, read at run time
# from its install directory, never copied into the tree) through swr's
# libOSMesa and, as the oracle, Mesa's llvmpipe libOSMesa in the same run.
# Each .shader_test carries its own expected pixel values (from the GLSL
# spec), each .vert/.frag compiler test whether it must compile or fail;
# test_piglit_glsl fails when a test passes on llvmpipe but not on swr,
# unless tests/piglit/expected_failures.txt lists it with a reason.
set(SWR_PIGLIT_ROOT "/usr/lib/x86_64-linux-gnu/piglit" CACHE PATH
    "Installed piglit (Debian package piglit): the GLSL .shader_test files")
if(TARGET OSMesa)
  add_executable(piglit_runner ${CMAKE_CURRENT_LIST_DIR}/piglit_runner.c)
  target_link_libraries(piglit_runner PRIVATE swr_glc)
  add_dependencies(piglit_runner OSMesa)
  if(EXISTS ${SWR_PIGLIT_ROOT}/tests/spec/glsl-1.10 AND EXISTS ${SWR_REF_OSMESA})
    # Sanitizer builds run every 8th test: the point there is memory errors.
    set(piglit_sample 1)
    if(SWR_SANITIZE)
      set(piglit_sample 8)
    endif()
    add_test(NAME test_piglit_glsl
             COMMAND piglit_runner --lib $<TARGET_FILE:OSMesa> --ref ${SWR_REF_OSMESA}
                     --expected ${CMAKE_CURRENT_LIST_DIR}/expected_failures.txt
                     --sample ${piglit_sample} --jobs 2 ${SWR_PIGLIT_ROOT}
                     tests/spec/glsl-1.10 tests/spec/glsl-1.20 tests/spec/glsl-1.30
                     generated_tests/spec/glsl-1.10 generated_tests/spec/glsl-1.20
                     generated_tests/spec/glsl-1.30)
    set_tests_properties(test_piglit_glsl PROPERTIES TIMEOUT 1500 LABELS "gl;compare;piglit"
      ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/glcompare/lsan_mesa.supp")
    # Issue 20: GLSL 1.40/1.50/3.30 and the UBO / explicit-location suites, with
    # the geometry-shader tests ([geometry shader] sections and .geom compiler
    # tests: both libraries get a GL 3.2+ compatibility context for them).
    # --lib-glsl 3.30 is a TESTING HOOK: swr's context still reports GLSL 1.30,
    # its GLSL library compiles the newer versions. llvmpipe runs the other
    # tests in its default (compatibility) context. Release runs all ~3700
    # tests (about 2 minutes on 2 cores; 15 s before the GS tests ran).
    add_test(NAME test_piglit_glsl33
             COMMAND piglit_runner --lib $<TARGET_FILE:OSMesa> --ref ${SWR_REF_OSMESA}
                     --expected ${CMAKE_CURRENT_LIST_DIR}/expected_failures_33.txt
                     --sample ${piglit_sample} --jobs 2 --lib-glsl 3.30 ${SWR_PIGLIT_ROOT}
                     tests/spec/glsl-1.40 tests/spec/glsl-1.50 tests/spec/glsl-3.30
                     generated_tests/spec/glsl-1.40 generated_tests/spec/glsl-1.50
                     generated_tests/spec/glsl-3.30 tests/spec/arb_uniform_buffer_object
                     tests/spec/arb_explicit_attrib_location)
    set_tests_properties(test_piglit_glsl33 PROPERTIES TIMEOUT 900 LABELS "gl;compare;piglit"
      ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/glcompare/lsan_mesa.supp")
  endif()
endif()

# test_piglit_glx: piglit's own GL test binaries (OpenGL 1.0-2.1 and glx@
# groups of quick_gl) through waffle's GLX platform on a private Xvfb,
# with swr's libGL.so.1 and with llvmpipe (run_piglit_glx.py says how);
# fails when a test passes on llvmpipe and not on swr unless
# glx_expected_failures.txt lists it. Ordinary builds only: piglit's
# binaries cannot load a sanitized libGL (run_piglit_glx.py --every N by
# hand with the sanitizer runtime preloaded).
find_package(Python3 COMPONENTS Interpreter)
if(TARGET GL AND NOT SWR_SANITIZE AND Python3_Interpreter_FOUND
   AND EXISTS ${SWR_PIGLIT_ROOT}/tests/quick_gl.xml.gz)
  add_test(NAME test_piglit_glx
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/run_piglit_glx.py
                   --lib $<TARGET_FILE:GL> --jobs 2)
  set_tests_properties(test_piglit_glx PROPERTIES TIMEOUT 600 LABELS "glx;compare;piglit"
    SKIP_RETURN_CODE 77)
endif()
