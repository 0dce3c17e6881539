/*
 * test_cpu_check.c: the CPU decision behind swr_check_cpu
 * (core/cpu_check.h: cpu_check_registers) over register values of CPUs
 * this machine is not, and swr_check_cpu on the machine itself.
 *
 * Oracles: the bit positions are written here from the Intel SDM (vol. 2A,
 * CPUID leaf 1 ECX: FMA 12, OSXSAVE 27, AVX 28, F16C 29; leaf 7.0 EBX: AVX2
 * 5; vol. 1 13.3, XCR0: SSE state 1, AVX state 2), not taken from the
 * header under test, so a wrong mask there fails here. For the real CPU,
 * GCC's own detection (__builtin_cpu_supports, which also checks that the
 * OS saves YMM state) must agree with swr_check_cpu. The load-time gate
 * itself is tested under QEMU by test_cpu_check_qemu
 * (scripts/test_cpu_check_qemu.cmake).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/cpu_check.h"
#include "core/swr.h"

enum {
    ECX_FMA = 1u << 12,
    ECX_OSXSAVE = 1u << 27,
    ECX_AVX = 1u << 28,
    ECX_F16C = 1u << 29,
    EBX_AVX2 = 1u << 5,
};
/* XCR0 of an OS that saves x87, SSE and AVX state (bits 0, 1, 2). */
static const uint64_t xcr0_avx_os = 0x7;
/* Every leaf 1 ECX bit swr needs, and unrelated bits (SSE3 0, SSE4.2 20,
 * POPCNT 23, AES 25) that must not matter. */
static const uint32_t ecx_all = ECX_FMA | ECX_OSXSAVE | ECX_AVX | ECX_F16C;
static const uint32_t ecx_other = (1u << 0) | (1u << 20) | (1u << 23) | (1u << 25);

/* The decision for the given registers; *missing must be a string on every
 * path. */
static swr_result decide(uint32_t ecx, uint32_t ebx, uint64_t xcr0, const char **missing)
{
    *missing = NULL;
    swr_result r = cpu_check_registers(ecx, ebx, xcr0, missing);
    assert_non_null(*missing);
    return r;
}

static void expect_missing(uint32_t ecx, uint32_t ebx, uint64_t xcr0, const char *name)
{
    const char *missing;
    assert_int_equal(decide(ecx, ebx, xcr0, &missing), SWR_ERROR_UNSUPPORTED_CPU);
    assert_string_equal(missing, name);
}

static void t_all_present(void **state)
{
    const char *missing;
    assert_int_equal(decide(ecx_all, EBX_AVX2, xcr0_avx_os, &missing), SWR_OK);
    assert_string_equal(missing, "");
    assert_int_equal(decide(ecx_all | ecx_other, 0xffffffffu, ~(uint64_t)0, &missing), SWR_OK);
    assert_string_equal(missing, "");
    /* missing may be NULL. */
    assert_int_equal(cpu_check_registers(ecx_all, EBX_AVX2, xcr0_avx_os, NULL), SWR_OK);
    assert_int_equal(cpu_check_registers(0, 0, 0, NULL), SWR_ERROR_UNSUPPORTED_CPU);
}

static void t_one_missing(void **state)
{
    expect_missing(ecx_all | ecx_other, 0xffffffffu & ~EBX_AVX2, xcr0_avx_os, "AVX2");
    expect_missing((ecx_all | ecx_other) & ~ECX_FMA, EBX_AVX2, xcr0_avx_os, "FMA");
    expect_missing((ecx_all | ecx_other) & ~ECX_F16C, EBX_AVX2, xcr0_avx_os, "F16C");
}

/* AVX is usable only if the CPU has it, the OS enabled XGETBV (OSXSAVE) and
 * XCR0 says the OS saves both the SSE and the AVX state. */
static void t_avx_unusable(void **state)
{
    expect_missing(ecx_all & ~ECX_AVX, EBX_AVX2, xcr0_avx_os, CPU_MISSING_AVX);
    expect_missing(ecx_all & ~ECX_OSXSAVE, EBX_AVX2, 0, CPU_MISSING_AVX);
    /* Even if a caller passed an XCR0 it could not have read. */
    expect_missing(ecx_all & ~ECX_OSXSAVE, EBX_AVX2, xcr0_avx_os, CPU_MISSING_AVX);
    expect_missing(ecx_all, EBX_AVX2, 0x3, CPU_MISSING_AVX); /* x87 + SSE only */
    expect_missing(ecx_all, EBX_AVX2, 0x5, CPU_MISSING_AVX); /* no SSE state */
    expect_missing(ecx_all, EBX_AVX2, 0, CPU_MISSING_AVX);
    expect_missing(0, 0, 0, CPU_MISSING_AVX);
    assert_non_null(strstr(CPU_MISSING_AVX, "AVX"));
}

/* Several missing: the first of AVX, AVX2, FMA, F16C is named. A CPU with
 * AVX and XSAVE but none of the later three (Sandy Bridge's feature set):
 * AVX2. Without AVX (Nehalem's): AVX, whatever else is there. */
static void t_first_missing_named(void **state)
{
    expect_missing(ECX_AVX | ECX_OSXSAVE | ecx_other, 0, xcr0_avx_os, "AVX2");
    expect_missing(ECX_OSXSAVE | ecx_other, 0, 0x3, CPU_MISSING_AVX);
    expect_missing(ecx_other | ECX_FMA | ECX_F16C, EBX_AVX2, 0, CPU_MISSING_AVX);
    expect_missing(ECX_AVX | ECX_OSXSAVE, EBX_AVX2, xcr0_avx_os, "FMA");
}

/* This machine: swr_check_cpu agrees with GCC's detection. (The test binary
 * links swr_core, so on a machine without these it would not get here: the
 * load-time gate would have exited with status 1.) */
static void t_real_cpu(void **state)
{
    __builtin_cpu_init();
    bool supported = __builtin_cpu_supports("avx") && __builtin_cpu_supports("avx2") &&
                     __builtin_cpu_supports("fma") && __builtin_cpu_supports("f16c");
    const char *message = NULL;
    swr_result r = swr_check_cpu(&message);
    assert_non_null(message);
    assert_int_equal(r, supported ? SWR_OK : SWR_ERROR_UNSUPPORTED_CPU);
    assert_int_equal(r, SWR_OK);
    assert_string_equal(message, "");
    assert_int_equal(swr_check_cpu(NULL), SWR_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_all_present),  cmocka_unit_test(t_one_missing),
        cmocka_unit_test(t_avx_unusable), cmocka_unit_test(t_first_missing_named),
        cmocka_unit_test(t_real_cpu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
