# docs/usage.md is what its generator writes: cmake -DTOOL=<swr_knobs>
# -DDOC=<docs/usage.md> -DOUT=<scratch file> -P docs_usage_check.cmake.
# The test sets a knob in the environment: the page must not depend on it.
execute_process(COMMAND ${TOOL} --markdown OUTPUT_FILE ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "swr_knobs --markdown: exit ${rc}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${DOC} ${OUT} RESULT_VARIABLE diff)
if(NOT diff EQUAL 0)
  execute_process(COMMAND diff -u ${DOC} ${OUT})
  message(FATAL_ERROR "docs/usage.md differs from `swr_knobs --markdown`: run scripts/gen-usage.sh")
endif()
file(STRINGS ${DOC} rows REGEX "^\\| `KNOB_")
list(LENGTH rows n)
message(STATUS "docs/usage.md matches its generator (${n} knobs)")
