/*
 * simd_twin_ops.h: every function of the SIMD vocabulary (common/simd.h) as
 * one X-macro row, X(name, kind, body), for test_simd_twin: simd_twin_avx2.c
 * and simd_twin_scalar.c expand the rows against the AVX2 variant and the
 * scalar twin, and the test compares the two on the same random inputs.
 *
 * A body reads its operands from the 128-byte input (slots 0-3 of 32 bytes:
 * fa fb fc fd as vf8, ia ib ic id as vi8 / vi64x4, da db as vd4, and the
 * bytes themselves as `in`) and writes its results with OUT_F / OUT_I /
 * OUT_D / OUT_U32 (slot by slot into the 128-byte output). `kind` tells the
 * test what to put in the input (simd_twin.h).
 */
/* floats */
X(vf8_set1, TW_F, OUT_F(vf8_set1(vf8_lane(fa, 3))))
X(vf8_zero, TW_F, OUT_F(vf8_zero()))
X(vf8_set, TW_F,
  OUT_F(vf8_set(vf8_lane(fa, 0), vf8_lane(fa, 7), vf8_lane(fb, 1), vf8_lane(fb, 2), vf8_lane(fa, 4),
                1.0f, vf8_lane(fc, 5), -2.0f)))
X(vf8_load, TW_F, OUT_F(vf8_load((const float *)in + 3)))
X(vf8_load_aligned, TW_F, OUT_F(vf8_load_aligned((const float *)in + 8)))
X(vf8_store, TW_F, vf8_store(out_f + 5, fa))
X(vf8_store_aligned, TW_F, vf8_store_aligned(out_f + 8, fb))
X(vf8_store_masked, TW_FM, vf8_store_masked(out_f + 1, id, fa))
X(vf8_add, TW_F, OUT_F(vf8_add(fa, fb)))
X(vf8_sub, TW_F, OUT_F(vf8_sub(fa, fb)))
X(vf8_mul, TW_F, OUT_F(vf8_mul(fa, fb)))
X(vf8_div, TW_F, OUT_F(vf8_div(fa, fb)))
X(vf8_fma, TW_FNONAN, OUT_F(vf8_fma(fa, fb, fc)))
X(vf8_fnma, TW_FNONAN, OUT_F(vf8_fnma(fa, fb, fc)))
X(vf8_min, TW_F, OUT_F(vf8_min(fa, fb)))
X(vf8_max, TW_F, OUT_F(vf8_max(fa, fb)))
X(vf8_sqrt, TW_F, OUT_F(vf8_sqrt(fa)))
X(vf8_floor, TW_F, OUT_F(vf8_floor(fa)))
X(vf8_ceil, TW_F, OUT_F(vf8_ceil(fa)))
X(vf8_round_even, TW_F, OUT_F(vf8_round_even(fa)))
X(vf8_trunc, TW_F, OUT_F(vf8_trunc(fa)))
X(vf8_abs, TW_F, OUT_F(vf8_abs(fa)))
X(vf8_neg, TW_F, OUT_F(vf8_neg(fa)))
X(vf8_clamp, TW_F, OUT_F(vf8_clamp(fa, fb, fc)))
X(vf8_and, TW_F, OUT_F(vf8_and(fa, fb)))
X(vf8_or, TW_F, OUT_F(vf8_or(fa, fb)))
X(vf8_xor, TW_F, OUT_F(vf8_xor(fa, fb)))
X(vf8_andnot, TW_F, OUT_F(vf8_andnot(fa, fb)))
X(vf8_select, TW_FM, OUT_F(vf8_select(id, fa, fb)))
X(vf8_lane, TW_F, OUT_F(vf8_set1(vf8_lane(fa, 5) + vf8_lane(fb, 11))))
X(vf8_gather, TW_GATHER, OUT_F(vf8_gather((const float *)in, id)))
X(vf8_gather_bytes, TW_GATHER, OUT_F(vf8_gather_bytes(in, vi8_slli(id, 2))))
X(vf8_lt, TW_F, OUT_I(vf8_lt(fa, fb)))
X(vf8_le, TW_F, OUT_I(vf8_le(fa, fb)))
X(vf8_gt, TW_F, OUT_I(vf8_gt(fa, fb)))
X(vf8_ge, TW_F, OUT_I(vf8_ge(fa, fb)))
X(vf8_eq, TW_F, OUT_I(vf8_eq(fa, fb)))
X(vf8_neq, TW_F, OUT_I(vf8_neq(fa, fb)))
X(vf8_isnan, TW_F, OUT_I(vf8_isnan(fa)))
X(vf8_isfinite, TW_F, OUT_I(vf8_isfinite(fa)))
/* conversions */
X(vf8_to_vi8_round, TW_F, OUT_I(vf8_to_vi8_round(fa)))
X(vf8_to_vi8_trunc, TW_F, OUT_I(vf8_to_vi8_trunc(fa)))
X(vi8_to_vf8, TW_I, OUT_F(vi8_to_vf8(ia)))
X(vu8_to_vf8, TW_I, OUT_F(vu8_to_vf8(ia)))
X(vf8_as_vi8, TW_F, OUT_I(vf8_as_vi8(fa)))
X(vi8_as_vf8, TW_I, OUT_F(vi8_as_vf8(ia)))
X(vf8_from_half, TW_I, OUT_F(vf8_from_half(vi8_lo128(ia))))
X(vf8_to_half, TW_F, vi4_store(out, vf8_to_half(fa)))
X(vf8_to_half_small, TW_FHALF, vi4_store(out, vf8_to_half(fa)))
X(vf8_from_half_lo16, TW_I, OUT_F(vf8_from_half_lo16(ia)))
X(vf8_load_half8, TW_I, OUT_F(vf8_load_half8(in + 6)))
X(vf8_store_half8, TW_FHALF, vf8_store_half8(out + 2, fa))
/* 32-bit integers */
X(vi8_set1, TW_I, OUT_I(vi8_set1(vi8_lane(ia, 2))))
X(vi8_zero, TW_I, OUT_I(vi8_zero()))
X(vi8_ones, TW_I, OUT_I(vi8_ones()))
X(vi8_set, TW_I,
  OUT_I(vi8_set(vi8_lane(ia, 0), 7, vi8_lane(ib, 3), -9, vi8_lane(ia, 6), vi8_lane(ic, 1), 0,
                vi8_lane(ib, 7))))
X(vi8_lane_index, TW_I, OUT_I(vi8_lane_index()))
X(vi8_load, TW_I, OUT_I(vi8_load(in + 12)))
X(vi8_store, TW_I, vi8_store(out + 20, ia))
X(vi8_store_masked, TW_IM, vi8_store_masked(out + 4, id, ia))
X(vi8_add, TW_I, OUT_I(vi8_add(ia, ib)))
X(vi8_sub, TW_I, OUT_I(vi8_sub(ia, ib)))
X(vi8_mullo, TW_I, OUT_I(vi8_mullo(ia, ib)))
X(vi8_min, TW_I, OUT_I(vi8_min(ia, ib)))
X(vi8_max, TW_I, OUT_I(vi8_max(ia, ib)))
X(vi8_minu, TW_I, OUT_I(vi8_minu(ia, ib)))
X(vi8_maxu, TW_I, OUT_I(vi8_maxu(ia, ib)))
X(vi8_and, TW_I, OUT_I(vi8_and(ia, ib)))
X(vi8_or, TW_I, OUT_I(vi8_or(ia, ib)))
X(vi8_xor, TW_I, OUT_I(vi8_xor(ia, ib)))
X(vi8_andnot, TW_I, OUT_I(vi8_andnot(ia, ib)))
X(vi8_not, TW_I, OUT_I(vi8_not(ia)))
X(vi8_abs, TW_I, OUT_I(vi8_abs(ia)))
X(vi8_slli, TW_I, OUT_I(vi8_slli(ia, 7)); OUT_I2(vi8_slli(ib, 31)))
X(vi8_srli, TW_I, OUT_I(vi8_srli(ia, 9)); OUT_I2(vi8_srli(ib, 1)))
X(vi8_srai, TW_I, OUT_I(vi8_srai(ia, 13)); OUT_I2(vi8_srai(ib, 31)))
X(vi8_sllv, TW_SHIFT, OUT_I(vi8_sllv(ia, ib)))
X(vi8_srlv, TW_SHIFT, OUT_I(vi8_srlv(ia, ib)))
X(vi8_srav, TW_SHIFT, OUT_I(vi8_srav(ia, ib)))
X(vi8_eq, TW_I, OUT_I(vi8_eq(ia, ib)))
X(vi8_gt, TW_I, OUT_I(vi8_gt(ia, ib)))
X(vi8_lt, TW_I, OUT_I(vi8_lt(ia, ib)))
X(vi8_gtu, TW_I, OUT_I(vi8_gtu(ia, ib)))
X(vi8_select, TW_I, OUT_I(vi8_select(ic, ia, ib)))
X(vi8_gather, TW_GATHER, OUT_I(vi8_gather((const int32_t *)in, id)))
X(vi8_gather_bytes, TW_GATHER, OUT_I(vi8_gather_bytes(in, vi8_add(vi8_slli(id, 2), vi8_set1(1)))))
X(vi8_gather_bytes_masked, TW_GATHER, OUT_I(vi8_gather_bytes_masked(in, vi8_slli(id, 2), ic)))
X(vi8_permute, TW_I, OUT_I(vi8_permute(ia, ib)))
X(vi8_lane, TW_I, OUT_I(vi8_set1(vi8_lane(ia, 4) ^ vi8_lane(ib, 9))))
X(vi8_minmax, TW_I, {
    int32_t mn, mx;
    vi8_minmax(ia, &mn, &mx);
    OUT_I(vi8_set(mn, mx, 0, 0, 0, 0, 0, 0));
})
X(vi8_byte_of, TW_I, OUT_I(vi8_byte_of(ia, 0)); OUT_I2(vi8_byte_of(ia, 1));
  OUT_I3(vi8_byte_of(ia, 2)); OUT_I4(vi8_byte_of(ia, 3)))
X(vi8_pack_u8x4, TW_I, OUT_I(vi8_pack_u8x4(ia, ib, ic, id)))
X(vi8_load_u8x8, TW_I, OUT_I(vi8_load_u8x8(in + 5)))
X(vi8_store_u8x8, TW_I, vi8_store_u8x8(out + 3, ia))
X(vi8_add16, TW_I, OUT_I(vi8_add16(ia, ib)))
X(vi8_sub16, TW_I, OUT_I(vi8_sub16(ia, ib)))
X(vi8_mulhrs16, TW_I, OUT_I(vi8_mulhrs16(ia, ib)))
X(vi8_load_pairs, TW_GATHER, {
    int32_t off[8];
    vi8_store(off, vi8_slli(id, 2));
    vi8 lo, hi;
    vi8_load_pairs(in, off, &lo, &hi);
    OUT_I(lo);
    OUT_I2(hi);
})
/* lane masks */
X(vi8_movemask, TW_I, OUT_U32(vi8_movemask(ia)))
X(vf8_movemask, TW_F, OUT_U32(vf8_movemask(fa)))
X(vi8_from_bits, TW_I, OUT_I(vi8_from_bits((uint32_t)vi8_lane(ia, 0))))
X(vi8_any, TW_IM, OUT_U32(vi8_any(id) + 2u * vi8_any(vi8_zero())))
/* 64-bit integers */
X(vi64_set1, TW_I, OUT_I(vi64_set1((int64_t)vi8_lane(ia, 0) * 1048576)))
X(vi64_set, TW_I,
  OUT_I(vi64_set(vi8_lane(ia, 0), (int64_t)vi8_lane(ia, 1) * 2147483648LL, -5, vi8_lane(ib, 2))))
X(vi64_add, TW_I, OUT_I(vi64_add(ia, ib)))
X(vi64_sub, TW_I, OUT_I(vi64_sub(ia, ib)))
X(vi64_gt, TW_I, OUT_I(vi64_gt(ia, ib)))
X(vi64_movemask, TW_I, OUT_U32(vi64_movemask(ia)))
X(vi64_zero_mask, TW_IM, OUT_U32(vi64_zero_mask(id)))
X(vi64_mul32, TW_I, OUT_I(vi64_mul32(ia, ib)))
X(vi64_load, TW_I, OUT_I(vi64_load((const int64_t *)(const void *)(in + 8))))
X(vi64_store, TW_I, vi64_store((int64_t *)(void *)(out + 16), ia))
X(vi8_lo_to_vi64, TW_I, OUT_I(vi8_lo_to_vi64(ia)))
X(vi8_hi_to_vi64, TW_I, OUT_I(vi8_hi_to_vi64(ia)))
X(vi64_pack_lo32, TW_I, OUT_I(vi64_pack_lo32(ia, ib)))
X(vi64_transpose4, TW_I, {
    vi64x4 r[4] = {ia, ib, ic, id};
    vi64_transpose4(r);
    OUT_I(r[0]);
    OUT_I2(r[1]);
    OUT_I3(r[2]);
    OUT_I4(r[3]);
})
X(vi8_zip_lo_vi64, TW_I, OUT_I(vi8_zip_lo_vi64(ia, ib)))
X(vi8_zip_hi_vi64, TW_I, OUT_I(vi8_zip_hi_vi64(ia, ib)))
/* halves of 256 bits */
X(vi4_load_store, TW_I, vi4_store(out + 1, vi4_load(in + 3)))
X(vi4_unpacklo64, TW_I, vi4_store(out, vi4_unpacklo64(vi8_lo128(ia), vi8_hi128(ib))))
X(vi4_unpackhi64, TW_I, vi4_store(out, vi4_unpackhi64(vi8_hi128(ia), vi8_lo128(ib))))
X(vi8_from_vi4x2, TW_I, OUT_I(vi8_from_vi4x2(vi8_hi128(ia), vi8_lo128(ib))))
X(vf8_from_f4, TW_F, OUT_F(vf8_from_f4(vd4_to_f4(da), vd4_to_f4(db))))
X(vf8_store_lo4, TW_F, vf8_store_lo4(out_f + 3, fa))
X(vf8_load_2x128, TW_F, OUT_F(vf8_load_2x128((const float *)in + 1)))
/* doubles */
X(vd4_set1, TW_D, OUT_D(vd4_set1(1.0 / 3.0)))
X(vd4_add, TW_D, OUT_D(vd4_add(da, db)))
X(vd4_sub, TW_D, OUT_D(vd4_sub(da, db)))
X(vd4_mul, TW_D, OUT_D(vd4_mul(da, db)))
X(vd4_div, TW_D, OUT_D(vd4_div(da, db)))
X(vd4_max, TW_D, OUT_D(vd4_max(da, db)))
X(vd4_neg, TW_D, OUT_D(vd4_neg(da)))
X(vd4_to_f4, TW_D, OUT_F(vf8_from_f4(vd4_to_f4(da), vd4_to_f4(db))))
X(vi8_lo_to_vd4, TW_I, OUT_D(vi8_lo_to_vd4(ia)))
X(vi8_hi_to_vd4, TW_I, OUT_D(vi8_hi_to_vd4(ia)))
X(vu8_lo_to_vd4, TW_I, OUT_D(vu8_lo_to_vd4(ia)))
X(vu8_hi_to_vd4, TW_I, OUT_D(vu8_hi_to_vd4(ia)))
X(vf8_lo_to_vd4, TW_F, OUT_D(vf8_lo_to_vd4(fa)))
X(vf8_hi_to_vd4, TW_F, OUT_D(vf8_hi_to_vd4(fa)))
/* shuffles */
X(vi8_deinterleave3, TW_I, {
    vi8 o[3];
    vi8_deinterleave3(ia, ib, ic, o);
    OUT_I(o[0]);
    OUT_I2(o[1]);
    OUT_I3(o[2]);
})
X(vf8_interleave3, TW_F, {
    vf8 o[3];
    vf8_interleave3(fa, fb, fc, o);
    OUT_F(o[0]);
    OUT_F2(o[1]);
    OUT_F3(o[2]);
})
X(vf8_transpose8, TW_F, {
    vf8 r[8] = {fa, fb, fc, fd, vf8_neg(fa), vf8_abs(fb), vf8_add(fc, fd), fb};
    vf8_transpose8(r);
    for (int k = 0; k < 8; k++)
        vf8_store(out_f + 4 * k, vf8_add(r[k], vf8_set1((float)k)));
})
X(vf8_load4x8_transpose, TW_GATHER, {
    const uint8_t *p[8];
    for (int l = 0; l < 8; l++)
        p[l] = in + 4 * (vi8_lane(id, l) % 20);
    vf8 o[4];
    vf8_load4x8_transpose(p, o);
    OUT_F(o[0]);
    OUT_F2(o[1]);
    OUT_F3(o[2]);
    OUT_F4(o[3]);
})
/* written with the vocabulary (simd.h) */
X(vf8_deinterleave3, TW_F, {
    vf8 o[3];
    vf8_deinterleave3(fa, fb, fc, o);
    OUT_F(o[0]);
    OUT_F2(o[1]);
    OUT_F3(o[2]);
})
X(vi8_load_deinterleave3, TW_I, {
    vi8 o[3];
    vi8_load_deinterleave3(in + 4, o);
    OUT_I(o[0]);
    OUT_I2(o[1]);
    OUT_I3(o[2]);
})
X(vf8_load_deinterleave3, TW_F, {
    vf8 o[3];
    vf8_load_deinterleave3((const float *)in + 2, o);
    OUT_F(o[0]);
    OUT_F2(o[1]);
    OUT_F3(o[2]);
})
X(vi8_store_lanes, TW_I, {
    vi8_store(out, ib);
    vi8_store_lanes(out, ia, (uint32_t)vi8_lane(ic, 0));
})
X(vi8_store_lanes_over, TW_I,
  vi8_store_lanes_over(out, ib, ia, (uint32_t)vi8_lane(ic, 0) | 0xff * (vi8_lane(ic, 1) & 1)))
X(vf8_div_unorm, TW_UNORM, OUT_F(vf8_div_unorm(fa, 255.0f)); OUT_F2(vf8_div_unorm(fb, 1023.0f)))
X(vf8_div255, TW_UNORM, OUT_F(vf8_div255(fa)))
/* misc */
X(simd_fp_csr, TW_I, OUT_U32(simd_fp_csr() & ~SIMD_MXCSR_FLAGS))
X(simd_stream_store, TW_I, simd_stream_store(out + 32, ia))
