# The API thread's cost per draw through the pipe driver (bench_api.c):
# small draws with and without state changes between them. Runs the worker
# pool; the smoke run only proves the scenes still work.
swr_bench(NAME bench_api
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/bench_api.c
          ${CMAKE_SOURCE_DIR}/tests/pipe/pipe_test_util.c
  LIBS swr_pipe PkgConfig::CMOCKA)
target_include_directories(bench_api PRIVATE ${CMAKE_SOURCE_DIR}/tests/pipe)
