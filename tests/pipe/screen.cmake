# The swr pipe driver's screen, resources, transfers and fences
# (frontend-gallium/pipe/swrp_screen.c, swrp_resource.c, swrp_context.c):
# caps and format support against the format table's flags and the docs' rules,
# resource layouts against sizes computed in the test, transfer round trips,
# and maps that wait only for the engine work using the mapped resource
# (an engine test: it runs the worker pool, so the TSan job runs it).
swr_test(NAME test_pipe_screen TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_pipe_screen.c LIBS swr_pipe)
swr_test(NAME test_pipe_transfer TIMEOUT 120
  SOURCES ${CMAKE_SOURCE_DIR}/tests/pipe/test_pipe_transfer.c
          ${CMAKE_SOURCE_DIR}/tests/pipe/pipe_test_util.c
          ${CMAKE_SOURCE_DIR}/tests/support/test_util.c
  LIBS swr_pipe LABELS engine)
