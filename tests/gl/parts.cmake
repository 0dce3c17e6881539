# The GL frontend's part rule (context/gl_context.h): each part's "May
# call:" line and the part list match the build's declarations
# (generated/gl/gl_parts.txt, written by swr_gl_part), no part includes
# another's private header or calls another's GL command without declaring
# it. Includes of undeclared parts already fail to compile.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_test(NAME test_gl_parts
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_LIST_DIR}/check_gl_parts.py
          --gl-dir ${CMAKE_SOURCE_DIR}/frontend-gallium/gl
          --parts ${CMAKE_BINARY_DIR}/generated/gl/gl_parts.txt)
set_tests_properties(test_gl_parts PROPERTIES TIMEOUT 60 LABELS gl)
