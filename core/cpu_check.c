/*
 * cpu_check.c: does this CPU have what swr is compiled for (AVX2, FMA, F16C,
 * and an OS that saves YMM state)? Answers swr_check_cpu (core/swr.h), and
 * gates every executable and shared library that links swr_core at load
 * time: on an unsupported CPU the constructor below prints one line and
 * exits with status 1, instead of the SIGILL the first VEX instruction
 * would raise.
 *
 * Why a constructor: every other swr source is compiled with -mavx2 -mfma
 * -mf16c, so the compiler may put VEX instructions anywhere, including other
 * constructors (be_formats_build_tables, fmt_build_tables), main()
 * and the prologue of swr_context_create, all of which run before any check
 * a caller could make. Priority 101 runs before every default-priority
 * constructor and C++ static initializer of the same linked object (the
 * linker orders .init_array by priority); code in other shared objects is
 * not ours and is not compiled for AVX.
 *
 * Invariant: this file is compiled with -mno-avx -mno-avx2 -mno-fma
 * -mno-f16c (core/CMakeLists.txt) and includes nothing that needs AVX, so it
 * runs on any x86-64 CPU; tests/core/test_cpu_check.cmake checks it under
 * QEMU emulating CPUs without AVX.
 *
 * The object is linked wherever swr_core is: swr_context_create
 * (swr_api.c) and swr_create_screen (swrp_screen.c) call swr_check_cpu, so
 * the static archive always pulls this object, constructor included.
 * Thread: the constructor runs on the loading thread before main() or
 * before dlopen returns; swr_check_cpu on any thread (no state).
 */
#include "core/cpu_check.h"

#include <cpuid.h>
#include <string.h>
#include <unistd.h>

#include "core/swr.h"

swr_result cpu_check_registers(uint32_t leaf1_ecx, uint32_t leaf7_ebx, uint64_t xcr0,
                               const char **missing)
{
    const uint64_t ymm_state = CPU_XCR0_SSE_STATE | CPU_XCR0_AVX_STATE;
    bool avx = (leaf1_ecx & CPU_LEAF1_ECX_AVX) && (leaf1_ecx & CPU_LEAF1_ECX_OSXSAVE) &&
               (xcr0 & ymm_state) == ymm_state;
    const char *name = !avx                                ? CPU_MISSING_AVX
                       : !(leaf7_ebx & CPU_LEAF7_EBX_AVX2) ? "AVX2"
                       : !(leaf1_ecx & CPU_LEAF1_ECX_FMA)  ? "FMA"
                       : !(leaf1_ecx & CPU_LEAF1_ECX_F16C) ? "F16C"
                                                           : NULL;
    if (missing)
        *missing = name ? name : "";
    return name ? SWR_ERROR_UNSUPPORTED_CPU : SWR_OK;
}

swr_result swr_check_cpu(const char **message)
{
    unsigned eax, ebx, ecx, edx;
    uint32_t leaf1_ecx = 0, leaf7_ebx = 0;
    uint64_t xcr0 = 0;
    /* __get_cpuid and __get_cpuid_count return 0 when the CPU's highest
     * leaf is below the one asked for. */
    if (__get_cpuid(1, &eax, &ebx, &ecx, &edx))
        leaf1_ecx = ecx;
    if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx))
        leaf7_ebx = ebx;
    /* XGETBV raises #UD unless the OS set CR4.OSXSAVE, which OSXSAVE
     * reports. Inline assembly: the _xgetbv intrinsic would need -mxsave. */
    if (leaf1_ecx & CPU_LEAF1_ECX_OSXSAVE) {
        uint32_t lo, hi;
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        xcr0 = ((uint64_t)hi << 32) | lo;
    }
    return cpu_check_registers(leaf1_ecx, leaf7_ebx, xcr0, message);
}

static void write_stderr(const char *text)
{
    size_t left = strlen(text);
    while (left > 0) {
        ssize_t n = write(STDERR_FILENO, text, left);
        if (n <= 0)
            return; /* nowhere to report; exiting is all that is left */
        text += n;
        left -= (size_t)n;
    }
}

/* Nothing else of swr can run on such a CPU, and the program (or the one that
 * dlopens us) has no way to recover from SIGILL, so say why and leave.
 * _exit: atexit handlers and destructors of a program that never started
 * may themselves be swr code. */
__attribute__((constructor(101))) static void cpu_check_gate(void)
{
    const char *missing;
    if (swr_check_cpu(&missing) == SWR_OK)
        return;
    write_stderr("swr: this CPU lacks ");
    write_stderr(missing);
    write_stderr("; swr needs an x86-64 CPU with AVX2, FMA and F16C\n");
    _exit(1);
}
