# Worker pool and topology tests (label "threading": the TSan job runs them).
# They link the swr_threading library itself; the thr_priv.h functions they
# call (thr_topology_load, thr_place_workers) are its internal entry points.
set(thr_tests ${CMAKE_SOURCE_DIR}/tests/threading)

foreach(t placement taskset work wakeup global)
  swr_test(NAME test_thr_${t}
    SOURCES ${thr_tests}/test_thr_${t}.c
    LIBS swr_threading swr_common
    LABELS threading
    TIMEOUT 60)
endforeach()

# The load governor: its policy, and a real pool under real busy processes.
# Alone on the machine (RUN_SERIAL): other tests are load too.
swr_test(NAME test_thr_load
  SOURCES ${thr_tests}/test_thr_load.c
  LIBS swr_threading swr_common
  LABELS threading
  TIMEOUT 60)
set_tests_properties(test_thr_load PROPERTIES RUN_SERIAL TRUE)
