/*
 * jit_interp_tex.c: the interpreter's texture opcodes (TEX family, TXF, TXQ,
 * TG4, LODQ, the SAMPLE* family, SVIEWINFO, SAMPLE_POS/INFO) and the
 * interpolation opcodes (INTERP_CENTROID / SAMPLE / OFFSET).
 *
 * A texture instruction becomes one swr_tex_request to res->sampler
 * (shader_abi.h), filled per exec contract 21/22; with no sampler the
 * result is 0. The layout, from tgsi.rst's texture section, where the
 * contract leaves it open:
 *  - coords: the first N components of the coordinate source, N = the
 *    target's spatial coordinates plus its layer (1D 1, 2D/RECT 2, 3D/CUBE
 *    3, 1D_ARRAY 2, 2D_ARRAY 3, CUBE_ARRAY 4, BUFFER 1, MSAA as their base,
 *    UNKNOWN 2); the rest 0. TXP divides x, y, z (and so the reference) by
 *    w first.
 *  - shadow reference (every SHADOW* target): TEX/TXP/TXD/TEX_LZ/TG4:
 *    src0.z, but src0.w for SHADOW2D_ARRAY and SHADOWCUBE and 0 for
 *    SHADOWCUBE_ARRAY (TG4 there: src1.x); TEX2: src1.x; TXB2 / TXL2:
 *    src1.y for SHADOWCUBE_ARRAY, else as TEX; TXB / TXL: always src0.z.
 *    SAMPLE_C / SAMPLE_C_LZ: src3.x.
 *  - TXB: bias = src0.w, TXB2: src1.x (op SAMPLE, has_lod). TXL: lod src0.w,
 *    TXL2: src1.x, TEX_LZ / SAMPLE_C_LZ: 0 (op SAMPLE_L). TXD / SAMPLE_D:
 *    op SAMPLE with ddx / ddy = the derivative sources' x, y, z.
 *  - implicit LOD (op SAMPLE without given derivatives, LODQ): in a PS,
 *    ddx / ddy = coarse quad derivatives (exec contract 18) of the spatial
 *    coordinates (not the layer); 0 in a VS. Given derivatives (TXD,
 *    SAMPLE_D) fill the spatial ones too.
 *  - TXF / TXF_LZ / SAMPLE_I / SAMPLE_I_MS: op FETCH, coords as int bits,
 *    lod_int = src0.w (TXF_LZ: 0; SAMPLE_I_MS: src2.x, the sample).
 *  - TG4: op GATHER, gather_comp = src1.x bits of the first executing lane
 *    & 3; GATHER4: the SAMP operand's x swizzle.
 *  - LODQ / LOD: the result's z and w are 0.
 *  - units: TEX-style opcodes use the SAMP operand's index for both sview
 *    and sampler; SAMPLE* use SVIEW (src1) and SAMP (src2) (SAMPLE_I*:
 *    sampler = sview). An indirect unit index uses the written index.
 *  - offsets: the first texel-offset register's x, y, z as int32.
 *  - results: the SAMPLE* family, GATHER4 and LOD go through the SVIEW
 *    operand's swizzle, SAMPLE_POS / SAMPLE_INFO through their source's,
 *    as tgsi.rst says (not SVIEWINFO).
 * Interpolation: see h_interp_offset. These choices match the scalar
 * reference executor (tgsi/tgsi_ref.c) bit for bit.
 */
#include <string.h>

#include "jitter/jit_interp_priv.h"

/* Spatial coordinates (s, t, r) of a target; *layer = 1 for arrays. */
unsigned jit_tex_dims(unsigned t, unsigned *layer)
{
    *layer = 0;
    switch (t) {
    case TGSI_TEXTURE_BUFFER:
    case TGSI_TEXTURE_1D:
    case TGSI_TEXTURE_SHADOW1D: return 1;
    case TGSI_TEXTURE_1D_ARRAY:
    case TGSI_TEXTURE_SHADOW1D_ARRAY: *layer = 1; return 1;
    case TGSI_TEXTURE_2D_ARRAY:
    case TGSI_TEXTURE_SHADOW2D_ARRAY:
    case TGSI_TEXTURE_2D_ARRAY_MSAA: *layer = 1; return 2;
    case TGSI_TEXTURE_3D:
    case TGSI_TEXTURE_CUBE:
    case TGSI_TEXTURE_SHADOWCUBE: return 3;
    case TGSI_TEXTURE_CUBE_ARRAY:
    case TGSI_TEXTURE_SHADOWCUBE_ARRAY: *layer = 1; return 3;
    default: return 2; /* 2D, RECT, SHADOW2D, SHADOWRECT, 2D_MSAA, UNKNOWN */
    }
}

bool jit_tex_is_shadow(unsigned t)
{
    switch (t) {
    case TGSI_TEXTURE_SHADOW1D:
    case TGSI_TEXTURE_SHADOW2D:
    case TGSI_TEXTURE_SHADOWRECT:
    case TGSI_TEXTURE_SHADOW1D_ARRAY:
    case TGSI_TEXTURE_SHADOW2D_ARRAY:
    case TGSI_TEXTURE_SHADOWCUBE:
    case TGSI_TEXTURE_SHADOWCUBE_ARRAY: return true;
    default: return false;
    }
}

/* Component of src0 holding a TEX shadow reference: z, but w for 2D
 * arrays and cube maps; -1 for cube arrays (the reference is then 0). */
int jit_tex_ref_comp(unsigned t)
{
    switch (t) {
    case TGSI_TEXTURE_SHADOW2D_ARRAY:
    case TGSI_TEXTURE_SHADOWCUBE: return 3;
    case TGSI_TEXTURE_SHADOWCUBE_ARRAY: return -1;
    default: return 2;
    }
}

static void sample_call(jit_ctx *ctx, const swr_tex_request *req, vf8 out[4])
{
    const swr_shader_resources *res = ctx->res;
    if (res && res->sampler && res->sampler->sample && req->mask) {
        swr_simd_vec4 o;
        memset(&o, 0, sizeof(o));
        res->sampler->sample(res->sampler, req, &o);
        for (int c = 0; c < 4; c++)
            out[c] = vf8_load_aligned(o.v[c]);
    } else {
        for (int c = 0; c < 4; c++)
            out[c] = vf8_zero();
    }
}

static void set_coords(swr_tex_request *req, const vf8 s[4], unsigned t)
{
    unsigned layer, n = jit_tex_dims(t, &layer) + layer;
    for (unsigned c = 0; c < n && c < 4; c++)
        vf8_store_aligned(req->coords.v[c], s[c]);
}

/* Coarse derivatives of the spatial coordinates (not the layer). */
static void implicit_derivs(const jit_ctx *ctx, swr_tex_request *req, unsigned t)
{
    unsigned layer, dims = jit_tex_dims(t, &layer);
    if (!ctx->is_ps)
        return; /* zero from the memset */
    for (unsigned k = 0; k < dims; k++) {
        vf8 v = vf8_load_aligned(req->coords.v[k]);
        vf8_store_aligned(req->ddx[k], jit_ddx_coarse(v));
        vf8_store_aligned(req->ddy[k], jit_ddy_coarse(v));
    }
}

static void given_derivs(const jit_ctx *ctx, swr_tex_request *req, const jit_src *dx,
                         const jit_src *dy, unsigned t)
{
    vf8 a[4], b[4];
    unsigned layer, dims = jit_tex_dims(t, &layer);
    jit_fetch(ctx, dx, 0x7, a);
    jit_fetch(ctx, dy, 0x7, b);
    for (unsigned k = 0; k < dims; k++) {
        vf8_store_aligned(req->ddx[k], a[k]);
        vf8_store_aligned(req->ddy[k], b[k]);
    }
}

static void set_offsets(const jit_ctx *ctx, const jit_op *op, swr_tex_request *req)
{
    if (!op->num_offsets)
        return;
    vf8 o[4];
    jit_fetch(ctx, &op->offset, 0x7, o);
    req->has_offsets = 1;
    for (int k = 0; k < 3; k++)
        vi8_store(req->offsets[k], vf8_as_vi8(o[k]));
}

static void store_swizzled(jit_ctx *ctx, const jit_op *op, const vf8 v[4], const uint8_t swz[4])
{
    vf8 r[4];
    for (int c = 0; c < 4; c++)
        r[c] = v[swz[c] & 3];
    jit_store(ctx, op, r);
}

/* TG4's channel: src1.x as an integer of the first executing lane, & 3. */
static uint32_t gather_channel(vf8 x, uint32_t E)
{
    return E ? (uint32_t)vi8_lane(vf8_as_vi8(x), __builtin_ctz(E)) & 3u : 0u;
}

static void lodq_fixup(const swr_tex_request *req, vf8 out[4])
{
    if (req->op == SWR_TEX_LODQ) /* (lod, lambda, 0, 0) */
        out[2] = out[3] = vf8_zero();
}

/* TEX, TXP, TXB, TXL, TEX_LZ, TXD, TEX2, TXB2, TXL2, TG4, LODQ, TXF, TXF_LZ. */
static uint32_t h_tex(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    swr_tex_request req;
    memset(&req, 0, sizeof(req));
    unsigned t = op->tex_target, opc = op->opcode;
    vf8 s0[4], s1[4] = {vf8_zero(), vf8_zero(), vf8_zero(), vf8_zero()};
    jit_fetch(ctx, &op->src[0], 0xf, s0);
    unsigned unit_src = op->num_src - 1;
    if (op->num_src >= 3)
        jit_fetch(ctx, &op->src[1], 0x3, s1);
    req.target = (uint8_t)t;
    req.sview = req.sampler = (uint8_t)op->src[unit_src].index;
    req.mask = ctx->E;
    req.op = SWR_TEX_SAMPLE;
    int ref = jit_tex_ref_comp(t);
    vf8 refv = ref >= 0 ? s0[ref] : vf8_zero();
    bool has_ref = jit_tex_is_shadow(t), implicit = true;
    switch (opc) {
    case TGSI_OPCODE_TXP: {
        vf8 w = s0[3];
        for (int c = 0; c < 3; c++)
            s0[c] = vf8_div(s0[c], w);
        refv = ref >= 0 ? s0[ref] : refv;
        break;
    }
    case TGSI_OPCODE_TXB:
    case TGSI_OPCODE_TXL:
        refv = s0[2];
        vf8_store_aligned(req.lod, s0[3]);
        if (opc == TGSI_OPCODE_TXB) {
            req.has_lod = 1;
        } else {
            req.op = SWR_TEX_SAMPLE_L;
            implicit = false;
        }
        break;
    case TGSI_OPCODE_TXB2:
    case TGSI_OPCODE_TXL2:
        vf8_store_aligned(req.lod, s1[0]);
        if (t == TGSI_TEXTURE_SHADOWCUBE_ARRAY) {
            has_ref = true;
            refv = s1[1];
        }
        if (opc == TGSI_OPCODE_TXB2) {
            req.has_lod = 1;
        } else {
            req.op = SWR_TEX_SAMPLE_L;
            implicit = false;
        }
        break;
    case TGSI_OPCODE_TEX2:
        refv = s1[0];
        break;
    case TGSI_OPCODE_TEX_LZ:
        req.op = SWR_TEX_SAMPLE_L;
        implicit = false;
        break;
    case TGSI_OPCODE_TXD:
        given_derivs(ctx, &req, &op->src[1], &op->src[2], t);
        implicit = false;
        break;
    case TGSI_OPCODE_TG4:
        req.op = SWR_TEX_GATHER;
        implicit = false;
        if (t == TGSI_TEXTURE_SHADOWCUBE_ARRAY)
            refv = s1[0];
        else if (!has_ref)
            req.gather_comp = (uint8_t)gather_channel(s1[0], ctx->E);
        break;
    case TGSI_OPCODE_LODQ:
        req.op = SWR_TEX_LODQ;
        has_ref = false;
        break;
    case TGSI_OPCODE_TXF:
    case TGSI_OPCODE_TXF_LZ:
        req.op = SWR_TEX_FETCH;
        implicit = false;
        has_ref = false;
        if (opc == TGSI_OPCODE_TXF)
            vi8_store(req.lod_int, vf8_as_vi8(s0[3]));
        break;
    default: break;
    }
    set_coords(&req, s0, t);
    if (has_ref) {
        req.has_compare = 1;
        vf8_store_aligned(req.compare, refv);
    }
    if (implicit)
        implicit_derivs(ctx, &req, t);
    set_offsets(ctx, op, &req);
    vf8 out[4];
    sample_call(ctx, &req, out);
    lodq_fixup(&req, out);
    jit_store(ctx, op, out);
    return pc + 1;
}

/* SAMPLE, SAMPLE_B, SAMPLE_C, SAMPLE_C_LZ, SAMPLE_D, SAMPLE_L, SAMPLE_I,
 * SAMPLE_I_MS, GATHER4, LOD. */
static uint32_t h_sample(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    swr_tex_request req;
    memset(&req, 0, sizeof(req));
    unsigned opc = op->opcode, t = op->tex_target;
    vf8 s0[4];
    jit_fetch(ctx, &op->src[0], 0xf, s0);
    req.target = (uint8_t)t;
    req.sview = (uint8_t)op->src[1].index;
    req.sampler = op->num_src > 2 && op->src[2].file == TGSI_FILE_SAMPLER
                      ? (uint8_t)op->src[2].index
                      : req.sview;
    req.mask = ctx->E;
    req.op = SWR_TEX_SAMPLE;
    bool implicit = true;
    switch (opc) {
    case TGSI_OPCODE_SAMPLE_B:
        req.has_lod = 1;
        vf8_store_aligned(req.lod, jit_fetch1(ctx, &op->src[3], 0));
        break;
    case TGSI_OPCODE_SAMPLE_C:
    case TGSI_OPCODE_SAMPLE_C_LZ:
        req.has_compare = 1;
        vf8_store_aligned(req.compare, jit_fetch1(ctx, &op->src[3], 0));
        if (opc == TGSI_OPCODE_SAMPLE_C_LZ) {
            req.op = SWR_TEX_SAMPLE_L;
            implicit = false;
        }
        break;
    case TGSI_OPCODE_SAMPLE_D:
        given_derivs(ctx, &req, &op->src[3], &op->src[4], t);
        implicit = false;
        break;
    case TGSI_OPCODE_SAMPLE_L:
        req.op = SWR_TEX_SAMPLE_L;
        vf8_store_aligned(req.lod, jit_fetch1(ctx, &op->src[3], 0));
        implicit = false;
        break;
    case TGSI_OPCODE_SAMPLE_I:
    case TGSI_OPCODE_SAMPLE_I_MS:
        req.op = SWR_TEX_FETCH;
        implicit = false;
        vi8_store(req.lod_int, vf8_as_vi8(opc == TGSI_OPCODE_SAMPLE_I
                                               ? s0[3]
                                               : jit_fetch1(ctx, &op->src[2], 0)));
        break;
    case TGSI_OPCODE_GATHER4:
        req.op = SWR_TEX_GATHER;
        req.gather_comp = op->src[2].swz[0] & 3; /* the SAMP operand's swizzle */
        implicit = false;
        break;
    case TGSI_OPCODE_LOD: req.op = SWR_TEX_LODQ; break;
    default: break;
    }
    set_coords(&req, s0, t);
    if (implicit)
        implicit_derivs(ctx, &req, t);
    set_offsets(ctx, op, &req);
    vf8 out[4];
    sample_call(ctx, &req, out);
    lodq_fixup(&req, out);
    store_swizzled(ctx, op, out, op->src[1].swz);
    return pc + 1;
}

/* TXQ (level src0.x, unit src1) and SVIEWINFO (level src0.x, SVIEW src1). */
static uint32_t h_txq(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    vf8 out[4] = {vf8_zero(), vf8_zero(), vf8_zero(), vf8_zero()};
    const swr_shader_resources *res = ctx->res;
    if (res && res->sampler && res->sampler->query_size && ctx->E) {
        int32_t level[8];
        vi8_store(level, vf8_as_vi8(jit_fetch1(ctx, &op->src[0], 0)));
        swr_simd_vec4 o;
        memset(&o, 0, sizeof(o));
        res->sampler->query_size(res->sampler, (unsigned)op->src[1].index, level, ctx->E, &o);
        for (int c = 0; c < 4; c++)
            out[c] = vf8_load_aligned(o.v[c]);
    }
    jit_store(ctx, op, out);
    return pc + 1;
}

static uint32_t samples_of(const jit_ctx *ctx, unsigned sview)
{
    const swr_shader_resources *res = ctx->res;
    if (!res || !res->sampler || !res->sampler->query_samples)
        return 0; /* exec contract 21: no sampler -> 0 */
    return res->sampler->query_samples(res->sampler, sview);
}

/* TXQS: (samples, 0, 0, 0). */
static uint32_t h_txqs(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    vf8 out[4] = {vi8_as_vf8(vi8_set1((int32_t)samples_of(ctx, (unsigned)op->src[0].index))),
                  vf8_zero(), vf8_zero(), vf8_zero()};
    jit_store(ctx, op, out);
    return pc + 1;
}

/* SAMPLE_INFO: (samples, 0, 0, 0) (exec contract 22): of the SVIEW, or 1
 * for the (single sampled) render target; through the source swizzle. */
static uint32_t h_sample_info(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    uint32_t n = op->src[0].file == TGSI_FILE_SAMPLER_VIEW
                     ? samples_of(ctx, (unsigned)op->src[0].index)
                     : 1u;
    vf8 v[4] = {vi8_as_vf8(vi8_set1((int32_t)n)), vf8_zero(), vf8_zero(), vf8_zero()};
    store_swizzled(ctx, op, v, op->src[0].swz);
    return pc + 1;
}

/* SAMPLE_POS: no multisampling, so the centre (0.5, 0.5, 0, 0) (exec
 * contract 22), through the source swizzle. */
static uint32_t h_sample_pos(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    vf8 v[4] = {vf8_set1(0.5f), vf8_set1(0.5f), vf8_zero(), vf8_zero()};
    store_swizzled(ctx, op, v, op->src[0].swz);
    return pc + 1;
}

/* INTERP_CENTROID / INTERP_SAMPLE: without multisampling the centroid and
 * every sample are the pixel centre, where the input already is. */
static uint32_t h_interp_centre(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    vf8 a[4];
    jit_fetch(ctx, &op->src[0], op->wmask, a);
    jit_store(ctx, op, a);
    return pc + 1;
}

/* INTERP_OFFSET: the input extrapolated along its plane through the quad
 * to centre + (src1.x, src1.y) pixels: (v + ddx(v) * ox) + ddy(v) * oy with
 * coarse derivatives (exec contract 18) of the source value (modifiers
 * applied). Exact for linear inputs; for perspective ones a first-order
 * step, which is what the scalar reference computes too. */
static uint32_t h_interp_offset(jit_ctx *ctx, const jit_op *op, uint32_t pc)
{
    vf8 a[4], off[4], r[4];
    jit_fetch(ctx, &op->src[0], op->wmask, a);
    jit_fetch(ctx, &op->src[1], 0x3, off);
    for (int c = 0; c < 4; c++) {
        if (!(op->wmask & (1u << c)))
            continue;
        vf8 dx = ctx->is_ps ? jit_ddx_coarse(a[c]) : vf8_zero();
        vf8 dy = ctx->is_ps ? jit_ddy_coarse(a[c]) : vf8_zero();
        r[c] = vf8_add(vf8_add(a[c], vf8_mul(dx, off[0])), vf8_mul(dy, off[1]));
    }
    jit_store(ctx, op, r);
    return pc + 1;
}

jit_handler jit_tex_handler(unsigned opcode)
{
    switch (opcode) {
    case TGSI_OPCODE_TEX:
    case TGSI_OPCODE_TEX2:
    case TGSI_OPCODE_TXB:
    case TGSI_OPCODE_TXB2:
    case TGSI_OPCODE_TXL:
    case TGSI_OPCODE_TXL2:
    case TGSI_OPCODE_TXP:
    case TGSI_OPCODE_TXD:
    case TGSI_OPCODE_TEX_LZ:
    case TGSI_OPCODE_TXF:
    case TGSI_OPCODE_TXF_LZ:
    case TGSI_OPCODE_TG4:
    case TGSI_OPCODE_LODQ: return h_tex;
    case TGSI_OPCODE_SAMPLE:
    case TGSI_OPCODE_SAMPLE_B:
    case TGSI_OPCODE_SAMPLE_C:
    case TGSI_OPCODE_SAMPLE_C_LZ:
    case TGSI_OPCODE_SAMPLE_D:
    case TGSI_OPCODE_SAMPLE_L:
    case TGSI_OPCODE_SAMPLE_I:
    case TGSI_OPCODE_SAMPLE_I_MS:
    case TGSI_OPCODE_GATHER4:
    case TGSI_OPCODE_LOD: return h_sample;
    case TGSI_OPCODE_TXQ:
    case TGSI_OPCODE_SVIEWINFO: return h_txq;
    case TGSI_OPCODE_TXQS: return h_txqs;
    case TGSI_OPCODE_SAMPLE_INFO: return h_sample_info;
    case TGSI_OPCODE_SAMPLE_POS: return h_sample_pos;
    case TGSI_OPCODE_INTERP_CENTROID:
    case TGSI_OPCODE_INTERP_SAMPLE: return h_interp_centre;
    case TGSI_OPCODE_INTERP_OFFSET: return h_interp_offset;
    default: return NULL;
    }
}
