# Runs swr_tgsi on a malformed file; it must exit 1, name the line and column
# of the error, and count it in the summary.
execute_process(COMMAND ${TOOL} ${FILE} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "exit status ${rc}, expected 1\n${out}${err}")
endif()
if(NOT err MATCHES "undeclared_input.tgsi:4:[0-9]+: error: ")
  message(FATAL_ERROR "no located error on stderr:\n${err}")
endif()
if(NOT out MATCHES "files 1, shaders 0, errors 1, mismatches 0, skipped 0")
  message(FATAL_ERROR "bad summary:\n${out}")
endif()
