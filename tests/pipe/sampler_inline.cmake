# The LLVM JIT's inline texture sampling (jitter/jit_llvm_tex.c) against
# the pipe driver's sampler (swrp_sampler.c) bit for bit, and the call path
# kept for what the inline path does not take. Only with LLVM 15.
get_property(swr_have_llvm GLOBAL PROPERTY SWR_HAVE_LLVM)
if(swr_have_llvm)
  swr_test(NAME test_sampler_inline
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_sampler_inline.c
    LIBS swr_pipe swr_jitter
    LABELS jitter
    TIMEOUT 300)
endif()
