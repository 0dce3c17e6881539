/*
 * bench_sampler.c: texture sampling throughput of the pipe driver's sampler
 * (frontend-gallium/pipe/swrp_sampler.c): nearest (mip nearest), bilinear
 * and trilinear lookups of a 256x256 RGBA8 texture with a full mip chain,
 * 8-lane requests laid out
 * like pixel-shader quads sweeping a 512x512 screen at a slight
 * minification (lambda around 0.5..1.5), repeat wrapping. Each runs on the
 * AVX2 fast path and on the generic per-lane path (no_fast_path), so the
 * ratio of the two items_per_second figures is the fast path's gain.
 * Items are samples (lanes).
 */
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "cbench.h"
#include "frontend-gallium/pipe/swrp_sampler.h"

#define TEX_SIZE 256
#define TEX_LEVELS 9
#define NUM_REQS 4096 /* 32768 samples: one 256x128 strip of 4x2 blocks */

static swrp_sampler_view view;
static uint8_t *tex_mem;
static swr_tex_request *reqs;

static void setup(void)
{
    if (reqs)
        return;
    uint32_t rng = 1;
    size_t total = 0;
    view.fmt = fmt_get(PIPE_FORMAT_R8G8B8A8_UNORM);
    view.target = PIPE_TEXTURE_2D;
    view.last_level = TEX_LEVELS - 1;
    for (uint32_t l = 0; l < TEX_LEVELS; l++) {
        swrp_tex_level *lv = &view.level[l];
        lv->width = lv->height = TEX_SIZE >> l;
        lv->depth = 1;
        lv->row_pitch = lv->width * 4;
        lv->layer_pitch = lv->row_pitch * lv->height;
        lv->offset = total;
        total += lv->layer_pitch;
    }
    tex_mem = malloc(total);
    for (size_t i = 0; i < total; i++)
        tex_mem[i] = (uint8_t)bench_rng_next(&rng);
    view.data = tex_mem;
    for (int k = 0; k < 4; k++)
        view.swizzle[k] = (uint8_t)k;
    swrp_sampler_view_prepare(&view);

    reqs = aligned_alloc(64, sizeof *reqs * NUM_REQS);
    memset(reqs, 0, sizeof *reqs * NUM_REQS);
    /* screen 512 wide mapped to [0, 1.3] in s: 1.3 * 256 / 512 = 0.65
     * texels per pixel in x, 1.3 in y after a shear: lambda 0.4 .. 1.4 */
    for (int r = 0; r < NUM_REQS; r++) {
        swr_tex_request *q = &reqs[r];
        int bx = (r % 128) * 4, by = (r / 128) * 2;
        q->op = SWR_TEX_SAMPLE;
        q->mask = 0xff;
        float scale = 0.65f + 1.35f * (float)by / 64.0f;
        for (int l = 0; l < 8; l++) {
            float x = (float)(bx + (l & 1) + ((l >> 2) << 1)) + 0.5f;
            float y = (float)(by + ((l >> 1) & 1)) + 0.5f;
            q->coords.v[0][l] = x * scale / TEX_SIZE;
            q->coords.v[1][l] = (y + 0.3f * x) * scale / TEX_SIZE;
            q->ddx[0][l] = scale / TEX_SIZE;
            q->ddx[1][l] = 0.3f * scale / TEX_SIZE;
            q->ddy[1][l] = scale / TEX_SIZE;
        }
    }
}

static void run_filter(cb_state *st, unsigned img_filter, unsigned mip_filter, bool fast)
{
    setup();
    swrp_sampler_state ss;
    memset(&ss, 0, sizeof ss);
    ss.wrap_s = ss.wrap_t = PIPE_TEX_WRAP_REPEAT;
    ss.min_img_filter = ss.mag_img_filter = (uint8_t)img_filter;
    ss.min_mip_filter = (uint8_t)mip_filter;
    ss.normalized_coords = true;
    ss.max_lod = 1000.0f;
    swrp_sampler smp;
    swrp_sampler_init(&smp);
    smp.views[0] = &view;
    smp.samplers[0] = &ss;
    smp.no_fast_path = !fast;
    swr_simd_vec4 out;
    while (cb_keep_running(st)) {
        for (int r = 0; r < NUM_REQS; r++) {
            smp.iface.sample(&smp.iface, &reqs[r], &out);
            cb_do_not_optimize(&out);
        }
    }
    cb_set_items_processed(st, cb_iterations(st) * NUM_REQS * 8);
}

static void run(cb_state *st, unsigned mip_filter, bool fast)
{
    run_filter(st, PIPE_TEX_FILTER_LINEAR, mip_filter, fast);
}

static void bm_nearest_fast(cb_state *st, void *u)
{
    run_filter(st, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST, true);
}
static void bm_nearest_generic(cb_state *st, void *u)
{
    run_filter(st, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST, false);
}
static void bm_bilinear_fast(cb_state *st, void *u) { run(st, PIPE_TEX_MIPFILTER_NONE, true); }
static void bm_bilinear_generic(cb_state *st, void *u) { run(st, PIPE_TEX_MIPFILTER_NONE, false); }
static void bm_trilinear_fast(cb_state *st, void *u) { run(st, PIPE_TEX_MIPFILTER_LINEAR, true); }
static void bm_trilinear_generic(cb_state *st, void *u) { run(st, PIPE_TEX_MIPFILTER_LINEAR, false); }

CB_BENCHMARK(bm_nearest_fast) {}
CB_BENCHMARK(bm_nearest_generic) {}
CB_BENCHMARK(bm_bilinear_fast) {}
CB_BENCHMARK(bm_bilinear_generic) {}
CB_BENCHMARK(bm_trilinear_fast) {}
CB_BENCHMARK(bm_trilinear_generic) {}

int main(int argc, char **argv) { return cb_main(argc, argv); }
