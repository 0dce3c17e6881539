# Engine, rasterizer-kernel and profiling benchmarks (swr_bench: bench.cmake).
# The engine smoke run uses the small scenes of SWR_BENCH_SMOKE=1 so that it
# stays a few seconds long even under the sanitizers; manual runs (no
# variable) measure the full 1024x1024 scenes.
swr_bench(NAME bench_engine
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/bench_engine.c
  LIBS swr_core swr_knobs)
set_tests_properties(bench_smoke_bench_engine PROPERTIES ENVIRONMENT "SWR_BENCH_SMOKE=1")

swr_bench(NAME bench_raster
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/bench_raster.c
  LIBS swr_rasterizer swr_knobs swr_profiling)

swr_bench(NAME bench_prof
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/bench_prof.c
  LIBS swr_profiling)
