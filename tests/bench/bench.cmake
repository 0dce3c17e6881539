# Benchmarks: Google Benchmark through the C shim in cbench.h.
#   swr_bench(NAME n SOURCES files... [LIBS targets...] [FILTER regex])
# builds benchmark executable <n> (run it by hand for numbers) and registers
# the CTest smoke test bench_smoke_<n>, which runs every benchmark matching
# FILTER (default: all) for 10 ms each, so CI proves they still run without
# paying for a measurement. Speed is judged from manual runs, never by CTest.
# This file sorts before every other tests/bench/bench_*.cmake, so they may
# call swr_bench.
find_package(benchmark REQUIRED)

add_library(swr_cbench STATIC ${CMAKE_CURRENT_LIST_DIR}/cbench.cc)
target_include_directories(swr_cbench PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(swr_cbench PUBLIC swr_flags benchmark::benchmark)

function(swr_bench)
  cmake_parse_arguments(B "" "NAME;FILTER" "SOURCES;LIBS" ${ARGN})
  if(NOT B_FILTER)
    set(B_FILTER ".")
  endif()
  add_executable(${B_NAME} ${B_SOURCES})
  target_link_libraries(${B_NAME} PRIVATE swr_flags swr_cbench ${B_LIBS})
  swr_link_part_headers(${B_NAME} ${B_SOURCES})
  add_test(NAME bench_smoke_${B_NAME}
           COMMAND ${B_NAME} --benchmark_min_time=0.01 --benchmark_filter=${B_FILTER})
  set_tests_properties(bench_smoke_${B_NAME} PROPERTIES LABELS bench TIMEOUT 300)
endfunction()

swr_bench(NAME bench_fetch
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/bench_fetch.c ${CMAKE_SOURCE_DIR}/rasterizer/fe_fetch.c)
