# test_simd_only_common: no C or C++ file outside common/ names an x86
# intrinsic or its register types (_mm256_*, _mm_*, __m256*, __m128*):
# kernels are written against common/simd.h, whose variants are the only
# place the instruction set shows (STYLE.md, SIMD). Not counted: the build
# trees, and text that is not C (the JIT builds LLVM IR, whose x86 names
# are LLVM's, in strings no compiler reads as intrinsics; none of those
# match the pattern today). Run as cmake -DSRC=<repository> -P this file.
cmake_policy(SET CMP0009 NEW)
file(GLOB_RECURSE files RELATIVE ${SRC}
  ${SRC}/*.c ${SRC}/*.h ${SRC}/*.cc ${SRC}/*.cpp)
set(bad "")
foreach(f ${files})
  if(f MATCHES "^(common|build[^/]*)/")
    continue()
  endif()
  file(STRINGS ${SRC}/${f} hits REGEX "(_mm256_|_mm_|__m256|__m128)")
  if(hits)
    list(LENGTH hits k)
    list(APPEND bad "${f} (${k} lines)")
  endif()
endforeach()
list(LENGTH files n)
if(bad)
  string(REPLACE ";" "\n" msg "${bad}")
  message(FATAL_ERROR "intrinsics outside common/ (use common/simd.h):\n${msg}")
endif()
message(STATUS "${n} C/C++ files outside common/ checked: no intrinsics")
