# The installed swr as a user gets it (label "install"): `cmake --install`
# into a prefix in the build tree, programs built against that copy with
# pkg-config and with find_package(swr), the installed tools, the exported
# symbols and soname, and the Debian package (install_test.sh says what
# each mode checks). test_install_files installs (CTest fixture
# swr_installed); the others use its prefix.
if(TARGET OSMesa)
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  string(TOLOWER "${CMAKE_BUILD_TYPE}" swr_install_config)
  set(swr_install_env
    SWR_BUILD_DIR=${CMAKE_BINARY_DIR}
    SWR_PREFIX=${CMAKE_BINARY_DIR}/test-install/prefix
    SWR_LIBDIR=${CMAKE_INSTALL_LIBDIR}
    SWR_INCLUDEDIR=${CMAKE_INSTALL_INCLUDEDIR}
    SWR_DOCDIR=${CMAKE_INSTALL_DOCDIR}
    SWR_CONFIG=${swr_install_config}
    SWR_VERSION=${PROJECT_VERSION}
    SWR_SANITIZE=${SWR_SANITIZE}
    SWR_REF_OSMESA=${SWR_REF_OSMESA}
    CC=${CMAKE_C_COMPILER})
  # The Debian package is built and installed from ordinary builds only: a
  # package of sanitized libraries is nothing a user gets, and cpack would
  # package (and the install test run) the sanitizer runtimes' clients.
  set(swr_install_modes files pkgconfig cmake tools)
  if(NOT SWR_SANITIZE)
    list(APPEND swr_install_modes deb deb-install)
  endif()
  foreach(mode ${swr_install_modes})
    string(REPLACE "-" "_" name ${mode})
    add_test(NAME test_install_${name}
             COMMAND ${CMAKE_CURRENT_LIST_DIR}/install_test.sh ${mode})
    set_tests_properties(test_install_${name} PROPERTIES
      ENVIRONMENT "${swr_install_env}" LABELS "install" TIMEOUT 600 SKIP_RETURN_CODE 77
      RESOURCE_LOCK swr_install_prefix)
  endforeach()
  set_tests_properties(test_install_files PROPERTIES FIXTURES_SETUP swr_installed)
  set_tests_properties(test_install_pkgconfig test_install_cmake test_install_tools
    PROPERTIES FIXTURES_REQUIRED swr_installed)
  if(NOT SWR_SANITIZE)
    set_tests_properties(test_install_deb PROPERTIES FIXTURES_SETUP swr_deb)
    set_tests_properties(test_install_deb_install PROPERTIES FIXTURES_REQUIRED swr_deb)
  endif()

  # libOSMesa.so.8 exports exactly the generated gl* list and the OSMesa*
  # functions of GL/osmesa.h, under the soname libOSMesa.so.8.
  add_test(NAME test_osmesa_exports
    COMMAND Python3::Interpreter ${CMAKE_CURRENT_LIST_DIR}/check_exports.py
            --lib $<TARGET_FILE:OSMesa> --gl-exports ${CMAKE_BINARY_DIR}/generated/gl/gl_exports.txt
            --header ${CMAKE_SOURCE_DIR}/frontend-gallium/targets/osmesa/GL/osmesa.h
            --soname libOSMesa.so.8)
  set_tests_properties(test_osmesa_exports PROPERTIES LABELS "install" TIMEOUT 60)
  # libGL.so.1: the gl* list and GLX 1.4 (extensions declared by the
  # system's glx.h/glxext.h allowed); the glvnd vendor: only __glx_Main.
  if(TARGET GL)
    add_test(NAME test_libgl_exports
      COMMAND Python3::Interpreter ${CMAKE_CURRENT_LIST_DIR}/check_exports.py
              --lib $<TARGET_FILE:GL> --gl-exports ${CMAKE_BINARY_DIR}/generated/gl/gl_exports.txt
              --glx --soname libGL.so.1)
    set_tests_properties(test_libgl_exports PROPERTIES LABELS "install" TIMEOUT 60)
  endif()
  if(TARGET GLX_swr)
    add_test(NAME test_glvnd_vendor_exports
      COMMAND Python3::Interpreter ${CMAKE_CURRENT_LIST_DIR}/check_exports.py
              --lib $<TARGET_FILE:GLX_swr> --only __glx_Main --soname libGLX_swr.so.0)
    set_tests_properties(test_glvnd_vendor_exports PROPERTIES LABELS "install" TIMEOUT 60)
  endif()
endif()
