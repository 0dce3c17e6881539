# Profiling buckets and reports. test_prof_report and test_prof_threads run
# several threads and are labelled for the TSan job.
swr_test(NAME test_prof_report
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_prof_report.c
  LIBS swr_profiling swr_knobs
  LABELS threading
  TIMEOUT 60)
swr_test(NAME test_prof_threads
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_prof_threads.c
  LIBS swr_profiling swr_knobs
  LABELS threading
  TIMEOUT 60)
swr_test(NAME test_prof_frame_window
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_prof_frame_window.c
  LIBS swr_profiling swr_knobs
  TIMEOUT 60)
