# The fixed-function pipeline generated as TGSI (frontend-gallium/gl/
# fixedfunc): the programs parse, validate and compile for every key shape
# (test_ff_generate), run in the interpreter against a scalar model of GL
# 2.1 written from the spec (test_ff_vs, test_ff_fs; ref_ff.c), and compile
# in the LLVM JIT to the interpreter's bits (test_ff_llvm), and draw
# through the pipe driver (test_ff_pipe). bench_ff measures generation,
# the cache and instruction counts.
add_library(swr_ff_test STATIC
  ${CMAKE_CURRENT_LIST_DIR}/ref_ff.c
  ${CMAKE_CURRENT_LIST_DIR}/ff_test_util.c)
target_include_directories(swr_ff_test PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(swr_ff_test PUBLIC swr_flags swr_gl_fixedfunc swr_jitter PkgConfig::CMOCKA)

swr_test(NAME test_ff_generate
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ff_generate.c
  LIBS swr_ff_test
  TIMEOUT 300)
swr_test(NAME test_ff_vs
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ff_vs.c
  LIBS swr_ff_test
  TIMEOUT 600)
swr_test(NAME test_ff_fs
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ff_fs.c
  LIBS swr_ff_test
  TIMEOUT 600)
get_property(swr_have_llvm GLOBAL PROPERTY SWR_HAVE_LLVM)
if(swr_have_llvm)
  swr_test(NAME test_ff_llvm
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ff_llvm.c
    LIBS swr_ff_test
    LABELS jitter
    TIMEOUT 900)
endif()
# Generated programs drawn through the pipe driver (two-sided colours,
# eye-space clip planes, a texture unit): the linkage the GL part relies on.
swr_test(NAME test_ff_pipe
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ff_pipe.c ${CMAKE_SOURCE_DIR}/tests/pipe/pipe_test_util.c
  LIBS swr_ff_test swr_pipe
  LABELS engine
  TIMEOUT 120)
target_include_directories(test_ff_pipe PRIVATE ${CMAKE_SOURCE_DIR}/tests/pipe)
swr_bench(NAME bench_ff
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/bench_ff.c
  LIBS swr_ff_test)
