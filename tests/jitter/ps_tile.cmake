# The batched pixel-shader entry (swr_ps_tile_func) against the 8-pixel
# entry of the same LLVM-compiled shader: corpus FRAG shaders block by
# block, and the engine over random triangles with and without it
# (test_ps_tile.c). Only with LLVM 15 (jitter/CMakeLists.txt).
get_property(swr_have_llvm GLOBAL PROPERTY SWR_HAVE_LLVM)
if(swr_have_llvm)
  swr_test(NAME test_ps_tile
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ps_tile.c ${CMAKE_SOURCE_DIR}/tests/support/test_util.c
    LIBS swr_tgsi_test swr_tgsi_corpus swr_core swr_jitter
    ARGS ${SWR_TGSI_CORPUS}
    LABELS jitter engine
    TIMEOUT 900)
  if(SWR_SANITIZE)
    set_tests_properties(test_ps_tile PROPERTIES ENVIRONMENT SWR_LLVM_CORPUS_LIMIT=300)
  endif()
endif()
