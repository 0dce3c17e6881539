# swr's Gallium interface headers (frontend-gallium/gallium/p_*.h) and the
# driver's public header (frontend-gallium/pipe/swr_public.h): one strict C11 and one C++17 translation unit, both with
# -Werror; values shared with the engine (common/swr_state.h) and TGSI, the
# docs' definitions, reference counting, and every PIPE_* name the docs
# define (read from ../shared/spec/gallium-docs.md; skipped if absent).
set(SWR_GALLIUM_DOCS "${CMAKE_SOURCE_DIR}/../shared/spec/gallium-docs.md" CACHE FILEPATH
    "The Gallium documentation (Markdown) the header test checks names against")
swr_test(NAME test_gallium_headers TIMEOUT 60 LABELS threading
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gallium_headers.c
          ${CMAKE_CURRENT_LIST_DIR}/test_gallium_headers_cxx.cc
  LIBS swr_pipe_headers)
set_target_properties(test_gallium_headers PROPERTIES
  C_STANDARD 11 C_EXTENSIONS OFF CXX_STANDARD 17 CXX_EXTENSIONS OFF)
target_compile_options(test_gallium_headers PRIVATE -Werror)
target_compile_definitions(test_gallium_headers PRIVATE SWR_GALLIUM_DOCS="${SWR_GALLIUM_DOCS}")
