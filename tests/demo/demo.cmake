# The main job's program (demo/swr_demo) at a small size: single-threaded and
# pooled it must write the same PNG byte for byte (the engine's determinism
# across thread counts, end to end), and KNOB_PRINT_KNOBS must print the knob
# listing exactly once per process (scripts/demo_check.cmake, outside the
# tests/*/*.cmake files that tests/CMakeLists.txt includes).
if(TARGET swr_demo)
  add_test(NAME test_demo
    COMMAND ${CMAKE_COMMAND} -DDEMO=$<TARGET_FILE:swr_demo>
            -DOUT=${CMAKE_CURRENT_BINARY_DIR}/demo_check
            -P ${CMAKE_CURRENT_LIST_DIR}/scripts/demo_check.cmake)
  set_tests_properties(test_demo PROPERTIES LABELS "engine;threading" TIMEOUT 300)
endif()
