# libFuzzer target for the TGSI text parser (fuzz_tgsi_parse.c). Only clang
# has libFuzzer, so with any other compiler this file does nothing. The
# parser's sources are compiled straight into the fuzzer with the fuzzer's
# instrumentation; the swr_tgsi library stays uninstrumented.
if(CMAKE_C_COMPILER_ID STREQUAL "Clang")
  add_executable(fuzz_tgsi_parse
    ${CMAKE_CURRENT_LIST_DIR}/fuzz_tgsi_parse.c
    ${CMAKE_SOURCE_DIR}/tgsi/tgsi_parse.c
    ${CMAKE_SOURCE_DIR}/tgsi/tgsi_validate.c
    ${CMAKE_SOURCE_DIR}/tgsi/tgsi_print.c
    ${CMAKE_SOURCE_DIR}/tgsi/tgsi_program.c
    ${CMAKE_SOURCE_DIR}/tgsi/tgsi_info.c)
  target_link_libraries(fuzz_tgsi_parse PRIVATE swr_tgsi_headers)
  target_compile_options(fuzz_tgsi_parse PRIVATE
    -g -O1 -fno-omit-frame-pointer -Wall -Wextra -Wno-unused-parameter
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
    $<$<BOOL:${SWR_WERROR}>:-Werror>)
  target_link_options(fuzz_tgsi_parse PRIVATE -fsanitize=fuzzer,address,undefined)
  target_link_libraries(fuzz_tgsi_parse PRIVATE m)

  # A short smoke run seeded with the corpus; new units go to a scratch
  # directory in the build tree, never into the corpus.
  set(fuzz_units ${CMAKE_BINARY_DIR}/fuzz_tgsi_parse_units)
  file(MAKE_DIRECTORY ${fuzz_units})
  add_test(NAME fuzz_tgsi_parse_smoke
    COMMAND fuzz_tgsi_parse -max_total_time=20 -seed=1 -timeout=10 -rss_limit_mb=2048
            ${fuzz_units} ${SWR_TGSI_CORPUS})
  set_tests_properties(fuzz_tgsi_parse_smoke PROPERTIES LABELS fuzz TIMEOUT 120)
endif()
