# Every message the libraries print on stderr starts with "swr:"
# (check_messages.py says what it scans and what it exempts).
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_test(NAME test_messages_prefix
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_LIST_DIR}/check_messages.py --source ${CMAKE_SOURCE_DIR})
set_tests_properties(test_messages_prefix PROPERTIES TIMEOUT 60)
