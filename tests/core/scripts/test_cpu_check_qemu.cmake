# Run by test_cpu_check_qemu (tests/core/test_cpu_check.cmake):
#   cmake -DQEMU=<qemu-x86_64> -DDEMO=<swr_demo> -DDRIVER=<test_cpu_check_osmesa>
#         -DOSMESA=<libOSMesa.so.8> -DOUT=<dir> -P test_cpu_check_qemu.cmake
# QEMU's -cpu model is the oracle for what the CPU has: its CPUID reports
# the model's features and it raises SIGILL on instructions the model lacks.
file(MAKE_DIRECTORY ${OUT})
set(failures "")
set(tail "; swr needs an x86-64 CPU with AVX2, FMA and F16C")

# run(<cpu> <var prefix> <program args...>): rc, stdout and stderr of the
# program under QEMU emulating <cpu>, minus QEMU's own warnings about
# features TCG does not emulate.
function(run cpu prefix)
  execute_process(COMMAND ${QEMU} -cpu ${cpu} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX REPLACE "qemu-x86_64: warning: [^\n]*\n" "" err "${err}")
  set(${prefix}_rc "${rc}" PARENT_SCOPE)
  set(${prefix}_out "${out}" PARENT_SCOPE)
  set(${prefix}_err "${err}" PARENT_SCOPE)
endfunction()

# expect_refused(<cpu> <missing> <what> <program args...>): exit status 1,
# stderr exactly the gate's line naming <missing>, nothing on stdout.
function(expect_refused cpu missing what)
  run(${cpu} r ${ARGN})
  set(line "swr: this CPU lacks ${missing}${tail}\n")
  if(NOT r_rc STREQUAL "1" OR NOT r_err STREQUAL line OR NOT r_out STREQUAL "")
    set(failures "${failures}\n-cpu ${cpu}, ${what}: expected exit status 1 and\n  ${line}got status '${r_rc}', stderr:\n${r_err}stdout:\n${r_out}" PARENT_SCOPE)
  else()
    message(STATUS "-cpu ${cpu}, ${what}: refused: ${r_err}")
  endif()
endfunction()

set(demo_args --scene mesh --size 16 --segments 4 --frames 1)
set(avx_text "AVX (with OS support for YMM state)")

# No AVX at all: the executable, and a library at dlopen time.
expect_refused(Nehalem "${avx_text}" "swr_demo" ${DEMO} ${demo_args} --out ${OUT}/nehalem.png)
expect_refused(Nehalem "${avx_text}" "dlopen of libOSMesa.so.8" ${DRIVER} ${OSMESA})
# AVX but not AVX2, FMA or F16C: AVX code would run here, the gate must not let it.
expect_refused(SandyBridge "AVX2" "swr_demo" ${DEMO} ${demo_args} --out ${OUT}/snb.png)
expect_refused(SandyBridge "AVX2" "dlopen of libOSMesa.so.8" ${DRIVER} ${OSMESA})
# Each of the others alone.
expect_refused(max,-fma "FMA" "swr_demo" ${DEMO} ${demo_args} --out ${OUT}/nofma.png)
expect_refused(max,-f16c "F16C" "swr_demo" ${DEMO} ${demo_args} --out ${OUT}/nof16c.png)
expect_refused(max,-xsave "${avx_text}" "swr_demo (no XSAVE: the OS cannot save YMM)"
               ${DEMO} ${demo_args} --out ${OUT}/noxsave.png)

# Positive controls: with every feature the same programs run and render.
file(REMOVE ${OUT}/max.png)
run(max d ${DEMO} ${demo_args} --out ${OUT}/max.png)
if(NOT d_rc STREQUAL "0" OR NOT EXISTS ${OUT}/max.png OR d_err MATCHES "swr: this CPU")
  set(failures "${failures}\n-cpu max, swr_demo: expected it to render, got status '${d_rc}':\n${d_err}")
else()
  message(STATUS "-cpu max, swr_demo: ${d_out}")
endif()
run(max o ${DRIVER} ${OSMESA})
if(NOT o_rc STREQUAL "0" OR NOT o_out STREQUAL "test_cpu_check_osmesa: rendered\n")
  set(failures "${failures}\n-cpu max, libOSMesa.so.8: expected it to render, got status '${o_rc}':\n${o_err}${o_out}")
else()
  message(STATUS "-cpu max, libOSMesa.so.8: ${o_out}")
endif()

if(failures)
  message(FATAL_ERROR "${failures}")
endif()
