/*
 * test_feature_formats_rt.c: rendering into every colour format of
 * swr_format, read back and compared with the format's quantization of the
 * analytic colour.
 *
 * A quad covering the W x H target with LINEAR interpolation of an affine
 * colour gives at pixel (x, y), with u = (x + 1/2) / W, v = (y + 1/2) / H:
 *   (R, G, B, A) = (u, v, 1 - u, 1/4 + v / 2).
 * Expected stored values (GL / Gallium format rules):
 *   UNORM8: round(255 c) within 1; *_SRGB: the RGB channels are first
 *   encoded (c <= 0.0031308 ? 12.92 c : 1.055 c^(1/2.4) - 0.055), alpha is
 *   linear; X channels are not checked; R10G10B10A2: round(1023 c) and
 *   round(3 a) within 1 (bits 0..9 R, 10..19 G, 20..29 B, 30..31 A);
 *   FLOAT16 within 1e-3, FLOAT32 within 1e-5. Channel order in memory is
 *   the order in the format's name (B8G8R8A8: byte 0 = B).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_feature_common.h"

#define W 128
#define H 64

typedef enum kind { K_UNORM8, K_F16, K_F32, K_RGB10A2 } kind;

typedef struct fmt_desc {
    swr_format fmt;
    const char *name;
    kind k;
    const char *order; /* per memory channel: 'R', 'G', 'B', 'A' or 'X' */
    bool srgb;
} fmt_desc;

static const fmt_desc k_fmts[] = {
    {SWR_FORMAT_B8G8R8A8_UNORM, "B8G8R8A8_UNORM", K_UNORM8, "BGRA", false},
    {SWR_FORMAT_B8G8R8X8_UNORM, "B8G8R8X8_UNORM", K_UNORM8, "BGRX", false},
    {SWR_FORMAT_R8G8B8A8_UNORM, "R8G8B8A8_UNORM", K_UNORM8, "RGBA", false},
    {SWR_FORMAT_R8G8B8X8_UNORM, "R8G8B8X8_UNORM", K_UNORM8, "RGBX", false},
    {SWR_FORMAT_B8G8R8A8_SRGB, "B8G8R8A8_SRGB", K_UNORM8, "BGRA", true},
    {SWR_FORMAT_B8G8R8X8_SRGB, "B8G8R8X8_SRGB", K_UNORM8, "BGRX", true},
    {SWR_FORMAT_R8G8B8A8_SRGB, "R8G8B8A8_SRGB", K_UNORM8, "RGBA", true},
    {SWR_FORMAT_R8G8B8X8_SRGB, "R8G8B8X8_SRGB", K_UNORM8, "RGBX", true},
    {SWR_FORMAT_A8R8G8B8_UNORM, "A8R8G8B8_UNORM", K_UNORM8, "ARGB", false},
    {SWR_FORMAT_R8_UNORM, "R8_UNORM", K_UNORM8, "R", false},
    {SWR_FORMAT_R8G8_UNORM, "R8G8_UNORM", K_UNORM8, "RG", false},
    {SWR_FORMAT_R16G16B16A16_FLOAT, "R16G16B16A16_FLOAT", K_F16, "RGBA", false},
    {SWR_FORMAT_R32G32B32A32_FLOAT, "R32G32B32A32_FLOAT", K_F32, "RGBA", false},
    {SWR_FORMAT_R32_FLOAT, "R32_FLOAT", K_F32, "R", false},
    {SWR_FORMAT_R10G10B10A2_UNORM, "R10G10B10A2_UNORM", K_RGB10A2, "RGBA", false},
};

static float half_to_float(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    float v = e == 0 ? ldexpf((float)m, -24) : ldexpf((float)(m | 1024), e - 25);
    return (h & 0x8000) ? -v : v;
}

static double srgb_encode(double c)
{
    return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
}

static double analytic(char ch, uint32_t x, uint32_t y)
{
    double u = (x + 0.5) / W, v = (y + 0.5) / H;
    switch (ch) {
    case 'R': return u;
    case 'G': return v;
    case 'B': return 1 - u;
    default: return 0.25 + 0.5 * v;
    }
}

static int check(const tu_target *t, const fmt_desc *f)
{
    int bad = 0;
    size_t nch = strlen(f->order);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const uint8_t *p = t->color + (size_t)y * t->cpitch + (size_t)x * t->cbpp;
            if (f->k == K_RGB10A2) {
                uint32_t v;
                memcpy(&v, p, 4);
                for (int c = 0; c < 4; c++) {
                    uint32_t bits = c < 3 ? 10 : 2, maxv = (1u << bits) - 1;
                    long got = (v >> (10 * c)) & maxv;
                    long want = lrint(analytic("RGBA"[c], x, y) * maxv);
                    if (labs(got - want) > 1 && bad++ < 4)
                        fprintf(stderr, "%s (%u, %u) ch %c: %ld, want %ld\n", f->name, x, y,
                                "RGBA"[c], got, want);
                }
                continue;
            }
            for (size_t c = 0; c < nch; c++) {
                char ch = f->order[c];
                if (ch == 'X')
                    continue;
                double a = analytic(ch, x, y);
                if (f->srgb && ch != 'A')
                    a = srgb_encode(a);
                if (f->k == K_UNORM8) {
                    long want = lrint(a * 255);
                    if (labs((long)p[c] - want) > 1 && bad++ < 4)
                        fprintf(stderr, "%s (%u, %u) ch %c: %u, want %ld\n", f->name, x, y, ch,
                                p[c], want);
                } else {
                    double got;
                    if (f->k == K_F16) {
                        uint16_t h;
                        memcpy(&h, p + 2 * c, 2);
                        got = half_to_float(h);
                    } else {
                        float fl;
                        memcpy(&fl, p + 4 * c, 4);
                        got = fl;
                    }
                    double tol = f->k == K_F16 ? 1e-3 : 1e-5;
                    if (!(fabs(got - a) <= tol) && bad++ < 4)
                        fprintf(stderr, "%s (%u, %u) ch %c: %.7g, want %.7g\n", f->name, x, y, ch,
                                got, a);
                }
            }
        }
    return bad;
}

static void test_formats(void **state)
{
    (void)state;
    assert_int_equal(sizeof k_fmts / sizeof k_fmts[0], SWR_FORMAT_R10G10B10A2_UNORM);
    int bad = 0;
    for (int d = 0; d < 2; d++)
        for (size_t i = 0; i < sizeof k_fmts / sizeof k_fmts[0]; i++) {
            const fmt_desc *f = &k_fmts[i];
            tu_target t;
            assert_int_equal(tu_target_init(&t, &fx_descs[d], W, H, f->fmt, SWR_FORMAT_NONE),
                             SWR_OK);
            memset(t.color, 0x5a, (size_t)t.cpitch * H);
            fx_pipeline(&t, SWR_INTERP_LINEAR);
            const float corner[4][2] = {{0, 0}, {W, 0}, {W, H}, {0, H}};
            fx_vertex q[4];
            for (int k = 0; k < 4; k++) {
                float u = corner[k][0] / W, v = corner[k][1] / H;
                const float rgba[4] = {u, v, 1 - u, 0.25f + 0.5f * v};
                q[k] = fx_win(W, H, corner[k][0], corner[k][1], 0.5f, rgba);
            }
            fx_vertex v[6] = {q[0], q[1], q[2], q[0], q[2], q[3]};
            fx_draw(t.ctx, SWR_TOPO_TRIANGLES, v, 6);
            tu_finish(&t);
            int b = check(&t, f);
            if (b)
                fprintf(stderr, "%s (%s): %d wrong values\n", f->name, fx_desc_names[d], b);
            bad += b;
            tu_target_free(&t);
        }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_formats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
