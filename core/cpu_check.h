/*
 * cpu_check.h: the decision behind swr_check_cpu (core/swr.h) as a pure
 * function of the CPUID and XCR0 values, so that tests can ask it about
 * CPUs they do not have. Private to core/ and its tests.
 *
 * Must stay free of anything that needs AVX: cpu_check.c, which includes
 * it, is compiled with -mno-avx so that it can run on any x86-64 CPU.
 * Thread: any; no state.
 */
#ifndef CPU_CHECK_H
#define CPU_CHECK_H

#include <stdint.h>

#include "core/swr.h"

/* The register bits the decision reads (Intel SDM vol. 2A, CPUID; vol. 1,
 * 13.3 for XCR0). */
#define CPU_LEAF1_ECX_FMA     (1u << 12)
#define CPU_LEAF1_ECX_OSXSAVE (1u << 27) /* the OS enabled XGETBV/XSAVE */
#define CPU_LEAF1_ECX_AVX     (1u << 28)
#define CPU_LEAF1_ECX_F16C    (1u << 29)
#define CPU_LEAF7_EBX_AVX2    (1u << 5)
#define CPU_XCR0_SSE_STATE    (1u << 1) /* the OS saves XMM registers */
#define CPU_XCR0_AVX_STATE    (1u << 2) /* the OS saves the upper halves of YMM */

/* What cpu_check_registers names when AVX itself is unusable: the CPU lacks
 * it, or the OS does not save YMM state (then AVX instructions fault). */
#define CPU_MISSING_AVX "AVX (with OS support for YMM state)"

/* Decides whether a CPU whose CPUID leaf 1 ECX, leaf 7 subleaf 0 EBX and XCR0
 * are the given values can run swr. A caller whose CPU lacks leaf 7 passes 0
 * for leaf7_ebx; XCR0 is only read when leaf1_ecx has OSXSAVE (XGETBV faults
 * otherwise, so the caller passes 0). Returns SWR_OK, or
 * SWR_ERROR_UNSUPPORTED_CPU with *missing (if not NULL) naming the first of
 * AVX, AVX2, FMA, F16C that is missing; *missing is "" on SWR_OK. */
swr_result cpu_check_registers(uint32_t leaf1_ecx, uint32_t leaf7_ebx, uint64_t xcr0,
                               const char **missing);

#endif
