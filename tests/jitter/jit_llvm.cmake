# The LLVM JIT executor (jitter/jit_llvm.c): against the interpreter on the
# corpus plus analytic shaders and a disassembly check (test_jit_llvm), and
# test_interp_opcodes.c's opcode / control-flow / texture tests against the
# reference executor with the shaders compiled by LLVM
# (test_jit_llvm_opcodes). Only when LLVM 15 was found (jitter/CMakeLists.txt sets SWR_HAVE_LLVM).
get_property(swr_have_llvm GLOBAL PROPERTY SWR_HAVE_LLVM)
if(swr_have_llvm)
  swr_test(NAME test_jit_llvm
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_jit_llvm.c
    LIBS swr_tgsi_test swr_tgsi_corpus swr_jitter
    ARGS ${SWR_TGSI_CORPUS}
    LABELS jitter
    TIMEOUT 900)
  # Sanitizer builds check the IR builder's memory use on 500 corpus files
  # spread over the corpus; the Release build runs all of them.
  if(SWR_SANITIZE)
    set_tests_properties(test_jit_llvm PROPERTIES ENVIRONMENT SWR_LLVM_CORPUS_LIMIT=500)
  endif()
  swr_test(NAME test_jit_llvm_opcodes
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_jit_llvm_opcodes.c
    LIBS swr_tgsi_test swr_tgsi_corpus swr_jitter
    LABELS jitter
    TIMEOUT 900)
  # KNOB_DUMP_SHADER_IR: the files it writes read back with the TGSI parser
  # and LLVM's IR parser. LLVM's headers are private to swr_jitter.
  find_package(LLVM 15 CONFIG PATHS /usr/lib/llvm-15/lib/cmake/llvm NO_DEFAULT_PATH)
  swr_test(NAME test_jit_dump_ir
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_jit_dump_ir.c
    LIBS swr_jitter swr_knobs
    LABELS jitter
    TIMEOUT 120)
  target_include_directories(test_jit_dump_ir SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS})
endif()
