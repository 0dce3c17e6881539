/*
 * jit_llvm_tex.h: inline texture sampling in the LLVM JIT executor.
 *
 * In: the LLVM builder of jit_llvm.c positioned in the block that samples,
 * a pointer to one swr_tex_fast_unit (common/shader_abi.h) whose flags
 * have SWR_TEX_FAST_VALID, the s and t coordinates and the lanes that need
 * a result. Out: the 4 channels as <8 x float>, 0 in the other lanes,
 * bit for bit what the pipe driver's sampler returns for that unit (its
 * AVX2 fast path, frontend-gallium/pipe/swrp_sampler.c fast_nearest,
 * fast_bilinear and fast_store, written as the same x86 operations in IR).
 * Thread: compile time only, under jit_llvm.c's lock; the emitted code
 * reads the unit and its texels and writes nothing.
 *
 * jit_llvm.c decides when a lookup may go inline (jit_llvm_tex_inline_ok
 * at compile time, the unit's flags at run time) and keeps the call to
 * res->sampler->sample for everything else.
 */
#ifndef JIT_LLVM_TEX_H
#define JIT_LLVM_TEX_H

#include <stdbool.h>

#ifdef SWR_HAVE_LLVM
#include <llvm-c/Core.h>

/* Whether a TGSI texture opcode on `tgsi_target` may use a fast unit: the
 * filtered 2D lookups (TEX, TXP, TXB, TXL, TEX_LZ, TXD) without texel
 * offsets, whose request is SWR_TEX_SAMPLE or SWR_TEX_SAMPLE_L on a
 * non-shadow 2D target. */
bool jit_llvm_tex_inline_ok(unsigned opcode, unsigned tgsi_target, bool has_offsets);

/* Emits the lookup at the builder's position (it may add blocks to fn and
 * leaves the builder at the end of the last one). unit: ptr to the
 * swr_tex_fast_unit; s, t: <8 x float>; exec: i32 lane bits. */
void jit_llvm_tex_emit_inline(LLVMContextRef C, LLVMModuleRef M, LLVMBuilderRef b, LLVMValueRef fn,
                              LLVMValueRef unit, LLVMValueRef s, LLVMValueRef t, LLVMValueRef exec,
                              LLVMValueRef out[4]);
#endif

#endif /* JIT_LLVM_TEX_H */
