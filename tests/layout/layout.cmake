# The layout table of docs/development.md against the tree and the build's dependency
# graph (swr_layout.txt, written at configure time by swr_write_layout):
# every source folder is a row, each row's "uses" column is exactly what its
# targets link, and there is no cycle. Wrong-way includes already fail to
# compile (cmake/swr_part.cmake).
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_test(NAME test_layout
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_LIST_DIR}/check_layout.py
          --source ${CMAKE_SOURCE_DIR} --layout ${CMAKE_BINARY_DIR}/swr_layout.txt)
set_tests_properties(test_layout PROPERTIES TIMEOUT 60)
