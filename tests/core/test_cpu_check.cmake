# The start-up CPU check (core/cpu_check.c).
#
# test_cpu_check: the decision over register values of CPUs this machine is
# not (bit positions from the Intel SDM, written in the test) and on this
# machine against GCC's own detection.
swr_test(NAME test_cpu_check
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_cpu_check.c
  LIBS swr_core TIMEOUT 60)

# test_cpu_check_qemu: the load-time gate end to end, with QEMU user mode
# (Debian qemu-user, an oracle only) as the CPU: emulating CPUs that lack
# AVX (Nehalem), AVX2 (SandyBridge), FMA or F16C, swr_demo and a GL program
# that dlopens libOSMesa.so.8 must exit with status 1 and the one-line
# message naming what is missing, not die of SIGILL; emulating a CPU with
# all of them (-cpu max) both must run and render. The GL program is built
# without swr_flags, i.e. without AVX, so that only the gate can stop it.
# Not in sanitizer builds: their runtimes under QEMU are not worth it.
find_program(SWR_QEMU_X86_64 qemu-x86_64)
if(SWR_QEMU_X86_64 AND NOT SWR_SANITIZE AND TARGET swr_demo AND TARGET OSMesa)
  add_executable(test_cpu_check_osmesa ${CMAKE_CURRENT_LIST_DIR}/test_cpu_check_osmesa.c)
  target_compile_options(test_cpu_check_osmesa PRIVATE
    -mno-avx -mno-avx2 -mno-fma -mno-f16c -Wall -Wextra $<$<BOOL:${SWR_WERROR}>:-Werror>)
  target_include_directories(test_cpu_check_osmesa PRIVATE
    ${CMAKE_SOURCE_DIR}/frontend-gallium/targets/osmesa ${CMAKE_SOURCE_DIR}/tests/osmesa)
  target_link_libraries(test_cpu_check_osmesa PRIVATE swr_gl_api ${CMAKE_DL_LIBS})
  add_dependencies(test_cpu_check_osmesa OSMesa)
  add_test(NAME test_cpu_check_qemu
    COMMAND ${CMAKE_COMMAND} -DQEMU=${SWR_QEMU_X86_64}
            -DDEMO=$<TARGET_FILE:swr_demo>
            -DDRIVER=$<TARGET_FILE:test_cpu_check_osmesa>
            -DOSMESA=$<TARGET_FILE:OSMesa>
            -DOUT=${CMAKE_CURRENT_BINARY_DIR}/cpu_check_qemu
            -P ${CMAKE_CURRENT_LIST_DIR}/scripts/test_cpu_check_qemu.cmake)
  set_tests_properties(test_cpu_check_qemu PROPERTIES TIMEOUT 300)
endif()
