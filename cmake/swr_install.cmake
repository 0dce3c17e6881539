# swr_install.cmake: where `cmake --install` puts swr, and the Debian
# package `cpack -G DEB` builds from the same rules.
#
# Layout under the prefix P (GNUInstallDirs names; <libdir> is lib, or
# lib/<multiarch> when P is /usr):
#   <libdir>/swr/            the libraries (libOSMesa.so.8 and its symlinks
#                            today; the GLX target's libGL.so.1 later). A
#                            private folder: Mesa owns <libdir>/libOSMesa*
#                            and <libdir>/libGL*, swr never replaces them;
#                            a program selects swr with LD_LIBRARY_PATH, an
#                            rpath, or by linking against this folder.
#   <libdir>/swr/pkgconfig/  osmesa.pc for this folder: with it on
#                            PKG_CONFIG_PATH, `pkg-config osmesa` (what
#                            existing build systems ask) answers swr's copy
#   <libdir>/pkgconfig/      swr-osmesa.pc, the same file under a name Mesa
#                            does not use, found without any path setting
#   <includedir>/swr/GL/     osmesa.h (Mesa's header is <includedir>/GL/
#                            osmesa.h; the .pc files and the CMake target
#                            add -I<includedir>/swr)
#   <libdir>/cmake/swr/      find_package(swr): swrConfig.cmake, its version
#                            file and the imported targets (swr::OSMesa)
#   <bindir>/                swr_knobs, swr_tgsi, swr_glbench, swr_demo
#   <docdir>/                README.md (and LICENSE when the tree has one)
#
# The .pc files locate the prefix from their own folder (${pcfiledir}), and
# the CMake package from its file, so an installed tree can be moved or
# packaged (the DEB installs the same files under /usr).
#
# Parts call swr_install_library(<target>) for a shared library of the
# private folder, swr_install_tool(<targets...>) for programs,
# swr_install_pkgconfig(<name> <template>) for a .pc; the top-level
# CMakeLists calls swr_install_finish() once, after every part, for the
# package files and CPack.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SWR_INSTALL_PRIVATE_LIBDIR ${CMAKE_INSTALL_LIBDIR}/swr)
set(SWR_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/swr)
set(SWR_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/swr)

# A shared library into the private folder, with its soname symlink and
# its development symlink (libX.so), exported as swr::<target>.
function(swr_install_library target)
  install(TARGETS ${target} EXPORT swrTargets
    LIBRARY DESTINATION ${SWR_INSTALL_PRIVATE_LIBDIR}
    INCLUDES DESTINATION ${SWR_INSTALL_INCLUDEDIR})
endfunction()

# A library that a system loader looks for in <libdir> itself (glvnd's
# vendor libGLX_swr.so.0): the soname file only, no development symlink.
function(swr_install_system_library target)
  install(TARGETS ${target} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_SKIP)
endfunction()

# Programs into <bindir>.
function(swr_install_tool)
  install(TARGETS ${ARGN} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()

# <name>.pc from <template> (configured with @ONLY: SWR_PC_PREFIX is the
# path from the .pc's folder to the prefix, SWR_INSTALL_* the folders), once
# as <libdir>/swr/pkgconfig/<name>.pc and once as <libdir>/pkgconfig/swr-<name>.pc.
function(swr_install_pkgconfig name template)
  set(out ${CMAKE_BINARY_DIR}/generated/pkgconfig)
  foreach(dest "${SWR_INSTALL_PRIVATE_LIBDIR}/pkgconfig;${name}" "${CMAKE_INSTALL_LIBDIR}/pkgconfig;swr-${name}")
    list(GET dest 0 dir)
    list(GET dest 1 file)
    file(RELATIVE_PATH SWR_PC_PREFIX /prefix/${dir} /prefix)
    string(REGEX REPLACE "/$" "" SWR_PC_PREFIX "${SWR_PC_PREFIX}")
    configure_file(${template} ${out}/${dir}/${file}.pc @ONLY)
    install(FILES ${out}/${dir}/${file}.pc DESTINATION ${dir})
  endforeach()
endfunction()

macro(swr_install_finish)
  # find_package(swr): the exported targets, a config file and its version.
  install(EXPORT swrTargets NAMESPACE swr:: DESTINATION ${SWR_INSTALL_CMAKEDIR})
  configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/swrConfig.cmake.in
    ${CMAKE_BINARY_DIR}/generated/cmake/swrConfig.cmake
    INSTALL_DESTINATION ${SWR_INSTALL_CMAKEDIR})
  write_basic_package_version_file(${CMAKE_BINARY_DIR}/generated/cmake/swrConfigVersion.cmake
    VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
  install(FILES ${CMAKE_BINARY_DIR}/generated/cmake/swrConfig.cmake
                ${CMAKE_BINARY_DIR}/generated/cmake/swrConfigVersion.cmake
          DESTINATION ${SWR_INSTALL_CMAKEDIR})

  # Documentation.
  install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
  foreach(doc LICENSE docs/usage.md)
    if(EXISTS ${CMAKE_SOURCE_DIR}/${doc})
      install(FILES ${CMAKE_SOURCE_DIR}/${doc} DESTINATION ${CMAKE_INSTALL_DOCDIR})
    endif()
  endforeach()

  # The Debian package (cpack -G DEB in the build folder): the files above
  # under /usr; run-time dependencies from dpkg-shlibdeps (libhwloc15,
  # libpng16-16, libstdc++6, libLLVM-15, libc6...). GL/osmesa.h includes
  # the system's GL/gl.h, hence the recommendation of libgl-dev.
  set(CPACK_GENERATOR DEB)
  set(CPACK_PACKAGE_NAME swr)
  set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
  set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "tiled multithreaded AVX2 software rasterizer: OSMesa (OpenGL 2.1) and tools")
  set(CPACK_PACKAGE_DESCRIPTION
    "swr renders OpenGL on the CPU with all cores and AVX2. This package installs\n\
its libOSMesa.so.8 in a private folder (<libdir>/swr), next to Mesa's, with\n\
pkg-config and CMake files to build against it, and the swr tools.")
  set(SWR_PACKAGE_CONTACT "swr developers <swr@localhost>" CACHE STRING
      "Maintainer field of the Debian package")
  set(CPACK_PACKAGE_CONTACT ${SWR_PACKAGE_CONTACT})
  set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
  set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
  set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgl-dev, pkg-config")
  set(CPACK_STRIP_FILES OFF)
  include(CPack)
endmacro()
