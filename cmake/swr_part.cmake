# swr_part(<target> DEPS <targets...>): one library per part folder, built
# from every .c/.cc file in it. A part with no sources yet is header-only.
function(swr_part target)
  cmake_parse_arguments(P "" "" "DEPS" ${ARGN})
  file(GLOB srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.c ${CMAKE_CURRENT_SOURCE_DIR}/*.cc)
  if(srcs)
    add_library(${target} STATIC ${srcs})
    target_link_libraries(${target} PUBLIC swr_flags ${P_DEPS})
  else()
    add_library(${target} INTERFACE)
    target_link_libraries(${target} INTERFACE swr_flags ${P_DEPS})
  endif()
endfunction()
