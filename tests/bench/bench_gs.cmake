# The geometry shader stage's cost: the same small-triangle frame with and
# without a pass-through C geometry shader, single-threaded and with 1 and
# 2 workers. The smoke run uses the small scene of SWR_BENCH_SMOKE=1.
swr_bench(NAME bench_gs
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/bench_gs.c
  LIBS swr_core swr_knobs)
set_tests_properties(bench_smoke_bench_gs PROPERTIES ENVIRONMENT "SWR_BENCH_SMOKE=1")
