# The command-line contract every swr program keeps (issue 22), checked on
# one program: cmake -DTOOL=<exe> -DNAME=<name> -DVERSION=<x.y.z>
# [-DBAD=<bad argument>] -P cli_check.cmake
#   --help     usage ("usage: NAME") on stdout, nothing on stderr, exit 0
#   --version  exactly "NAME (swr) VERSION" on stdout, exit 0; VERSION is
#              project(VERSION) as CMake knows it, the oracle of the
#              generated swr_version.h the program prints from
#   BAD        (default --no-such-option) usage on stderr, nothing on
#              stdout, exit 2
if(NOT BAD)
  set(BAD --no-such-option)
endif()

execute_process(COMMAND ${TOOL} --help RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^usage: ${NAME} " OR NOT err STREQUAL "")
  message(FATAL_ERROR "--help: exit ${rc}, stdout:\n${out}\nstderr:\n${err}")
endif()

execute_process(COMMAND ${TOOL} --version RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out STREQUAL "${NAME} (swr) ${VERSION}\n")
  message(FATAL_ERROR "--version: exit ${rc}, stdout '${out}', expected '${NAME} (swr) ${VERSION}'\n${err}")
endif()

separate_arguments(bad_args UNIX_COMMAND "${BAD}")
execute_process(COMMAND ${TOOL} ${bad_args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "usage: ${NAME} " OR NOT out STREQUAL "")
  message(FATAL_ERROR "${BAD}: exit ${rc} (expected 2), stdout:\n${out}\nstderr:\n${err}")
endif()
message(STATUS "${NAME}: --help, --version, '${BAD}' behave")
