# The shipped tools (tools/CMakeLists.txt builds them), run as a user would.

# swr_knobs shows a value set in the environment, aligned with its default.
add_test(NAME test_swr_knobs_tool COMMAND swr_knobs_tool)
set_tests_properties(test_swr_knobs_tool PROPERTIES
  ENVIRONMENT "KNOB_MAX_WORKER_THREADS=3"
  PASS_REGULAR_EXPRESSION "\nKNOB_MAX_WORKER_THREADS +uint32_t +3 +0 +Maximum worker threads"
  TIMEOUT 30)

# swr_tgsi: corpus shaders of both kinds, printed and cross-run: all agree.
file(GLOB tool_sample LIST_DIRECTORIES false ${SWR_TGSI_CORPUS}/vert-0*.tgsi ${SWR_TGSI_CORPUS}/frag-0*.tgsi)
add_test(NAME test_swr_tgsi_tool_run COMMAND swr_tgsi_tool --print --run --seeds 2 --quiet ${tool_sample})
set_tests_properties(test_swr_tgsi_tool_run PROPERTIES
  PASS_REGULAR_EXPRESSION "\nfiles [1-9][0-9]*, shaders [1-9][0-9]*, errors 0, mismatches 0, skipped 0\n"
  TIMEOUT 120)

# swr_tgsi on a malformed file: a located error, the summary counts it, the
# exit status is 1.
add_test(NAME test_swr_tgsi_tool_error
  COMMAND ${CMAKE_COMMAND} -DTOOL=$<TARGET_FILE:swr_tgsi_tool>
          -DFILE=${CMAKE_CURRENT_LIST_DIR}/data/undeclared_input.tgsi
          -P ${CMAKE_CURRENT_LIST_DIR}/data/tool_error_check.cmake)
set_tests_properties(test_swr_tgsi_tool_error PROPERTIES TIMEOUT 60)

# swr_glbench once, small, against Mesa's llvmpipe, so it keeps working.
if(TARGET OSMesa)
  add_test(NAME test_swr_glbench_smoke
           COMMAND swr_glbench --swr $<TARGET_FILE:OSMesa> --ref ${SWR_REF_OSMESA}
                   --size 128x96 --frames 1 --rounds 1 --scale 0.01 --busy 1)
  set_tests_properties(test_swr_glbench_smoke PROPERTIES TIMEOUT 300 LABELS "gl;compare;bench"
    ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/glcompare/lsan_mesa.supp")
endif()

# Every user-facing program: --help on stdout (exit 0), --version from
# project(VERSION), bad arguments on stderr (exit 2). A second bad argument
# per program that a lax parser would accept (a stray value, a non-number).
set(swr_cli_programs
  "swr_knobs_tool|swr_knobs|--no-such-option|extra"
  "swr_tgsi_tool|swr_tgsi|--no-such-option|--seeds x file.tgsi"
  "swr_glbench|swr_glbench|--no-such-option|--frames 1x"
  "swr_demo|swr_demo|--no-such-option|--size 0")
foreach(entry ${swr_cli_programs})
  string(REPLACE "|" ";" e "${entry}")
  list(GET e 0 target)
  list(GET e 1 name)
  list(GET e 2 bad1)
  list(GET e 3 bad2)
  if(NOT TARGET ${target})
    continue()
  endif()
  set(n 0)
  foreach(bad "${bad1}" "${bad2}")
    math(EXPR n "${n} + 1")
    add_test(NAME test_cli_${name}_${n}
      COMMAND ${CMAKE_COMMAND} -DTOOL=$<TARGET_FILE:${target}> -DNAME=${name}
              -DVERSION=${PROJECT_VERSION} "-DBAD=${bad}"
              -P ${CMAKE_CURRENT_LIST_DIR}/data/cli_check.cmake)
    set_tests_properties(test_cli_${name}_${n} PROPERTIES TIMEOUT 30 LABELS "tools")
  endforeach()
endforeach()

# swr_glbench without --swr, run from a folder outside the tree: it finds
# the libOSMesa.so.8 of its build tree from its own location.
if(TARGET OSMesa)
  add_test(NAME test_swr_glbench_finds_library
           COMMAND ${CMAKE_COMMAND} -E env --unset=SWR_OSMESA
                   $<TARGET_FILE:swr_glbench> --ref ${SWR_REF_OSMESA}
                   --size 32x32 --frames 1 --rounds 1 --scale 0.01 tiny
           WORKING_DIRECTORY /tmp)
  set_tests_properties(test_swr_glbench_finds_library PROPERTIES TIMEOUT 120 LABELS "tools;gl"
    PASS_REGULAR_EXPRESSION "  swr: +[^\n]*/frontend-gallium/targets/osmesa/+libOSMesa\\.so\\.8\n"
    ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/glcompare/lsan_mesa.supp")
endif()

# docs/usage.md (every knob and environment variable with its default) is
# exactly what `swr_knobs --markdown` writes from the knob table, whatever
# the environment holds (scripts/gen-usage.sh regenerates it).
add_test(NAME test_docs_usage
  COMMAND ${CMAKE_COMMAND} -DTOOL=$<TARGET_FILE:swr_knobs_tool> -DDOC=${CMAKE_SOURCE_DIR}/docs/usage.md
          -DOUT=${CMAKE_CURRENT_BINARY_DIR}/usage.md.generated
          -P ${CMAKE_CURRENT_LIST_DIR}/data/docs_usage_check.cmake)
set_tests_properties(test_docs_usage PROPERTIES TIMEOUT 30 LABELS "tools"
  ENVIRONMENT "KNOB_MAX_WORKER_THREADS=3;KNOB_JIT=interp")

# docs/stubs.md lists exactly the gl* commands that are exported but only
# record GL_INVALID_OPERATION (weak defaults no GL part overrides), read
# from the GL frontend's objects (scripts/gen-stubs.py).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME test_docs_stubs
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/gen-stubs.py ${CMAKE_BINARY_DIR}
            --check ${CMAKE_SOURCE_DIR}/docs/stubs.md)
  set_tests_properties(test_docs_stubs PROPERTIES TIMEOUT 60 LABELS "tools")
endif()
