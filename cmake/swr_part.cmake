# swr_part(<target> [DEPS <targets...>] [PRIVATE_DEPS <targets...>]): one
# library per part folder, built from every .c/.cc file in it. A part with no
# sources yet is header-only.
#
# Include discipline. Sources include swr headers by their path from the
# repository root ("rasterizer/rast.h"), but the repository root is on no
# target's include path. Instead every part gets an include root of its own
# in the build tree, include-roots/<target>/, holding one symlink: its folder
# under its repository-relative name (include-roots/swr_core/core ->
# <source>/core). A target sees a part's headers only when it links that part,
# directly or through a PUBLIC dependency, so an include against the declared
# direction ("core/..." from rasterizer/) fails to compile.
#
# DEPS are PUBLIC: the part's own headers include theirs, so whoever includes
# the part needs them too. PRIVATE_DEPS are used by the part's sources only;
# for static libraries CMake still links them, but their headers do not
# reach the part's users.
#
# A test that compiles a part's sources itself (to test one file alone) gets
# that part's headers through <target>_headers; tests/CMakeLists.txt finds the
# part from the source's folder (the SWR_PART_DIRS property).
function(swr_include_root target dir)
  file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${dir})
  set(root ${CMAKE_BINARY_DIR}/include-roots/${target})
  get_filename_component(parent ${root}/${rel} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  file(CREATE_LINK ${dir} ${root}/${rel} SYMBOLIC)
  set(${target}_INCLUDE_ROOT ${root} PARENT_SCOPE)
  set_property(GLOBAL APPEND PROPERTY SWR_PART_DIRS "${dir}=${target}")
endfunction()

# <target>_headers: the part's include root and those of its PUBLIC swr
# dependencies, without its code. For tests that compile a part's sources
# themselves (swr_test links it for every such source).
function(swr_part_headers target)
  add_library(${target}_headers INTERFACE)
  target_include_directories(${target}_headers INTERFACE ${${target}_INCLUDE_ROOT})
  foreach(dep ${ARGN})
    if(TARGET ${dep}_headers)
      target_link_libraries(${target}_headers INTERFACE ${dep}_headers)
    endif()
  endforeach()
endfunction()

function(swr_part target)
  cmake_parse_arguments(P "" "" "DEPS;PRIVATE_DEPS" ${ARGN})
  swr_include_root(${target} ${CMAKE_CURRENT_SOURCE_DIR})
  file(GLOB srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.c ${CMAKE_CURRENT_SOURCE_DIR}/*.cc)
  if(srcs)
    add_library(${target} STATIC ${srcs})
    target_include_directories(${target} PUBLIC ${${target}_INCLUDE_ROOT})
    target_link_libraries(${target} PUBLIC swr_flags ${P_DEPS})
    target_link_libraries(${target} PRIVATE ${P_PRIVATE_DEPS})
  else()
    add_library(${target} INTERFACE)
    target_include_directories(${target} INTERFACE ${${target}_INCLUDE_ROOT})
    target_link_libraries(${target} INTERFACE swr_flags ${P_DEPS} ${P_PRIVATE_DEPS})
  endif()
  swr_part_headers(${target} ${P_DEPS})
endfunction()

# swr_layout_target(<dir> <targets...>): folders whose targets are not made
# by swr_part (shared libraries, tools, the demo) join the layout record.
function(swr_layout_target dir)
  foreach(t ${ARGN})
    set_property(GLOBAL APPEND PROPERTY SWR_PART_DIRS "${dir}=${t}")
  endforeach()
endfunction()

# swr_write_layout(<file>): one line per part target, "<folder> <target>:
# <direct swr dependencies>", for test_layout (tests/layout), which compares
# it with the README's layout table. Called once every part exists.
function(swr_write_layout file)
  get_property(entries GLOBAL PROPERTY SWR_PART_DIRS)
  set(out "")
  foreach(entry ${entries})
    string(REPLACE "=" ";" pair ${entry})
    list(GET pair 0 dir)
    list(GET pair 1 t)
    if(NOT TARGET ${t})
      continue() # an include root only (tools/ shares its folder's headers)
    endif()
    file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${dir})
    get_target_property(type ${t} TYPE)
    if(type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(libs ${t} INTERFACE_LINK_LIBRARIES)
    else()
      get_target_property(libs ${t} LINK_LIBRARIES)
    endif()
    set(deps "")
    foreach(l ${libs})
      string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" l "${l}")
      if(l MATCHES "^swr_" AND NOT l STREQUAL "swr_flags" AND NOT l MATCHES "_headers$")
        list(APPEND deps ${l})
      endif()
    endforeach()
    string(REPLACE ";" " " deps "${deps}")
    string(APPEND out "${rel} ${t}: ${deps}\n")
  endforeach()
  file(WRITE ${file} "${out}")
endfunction()
