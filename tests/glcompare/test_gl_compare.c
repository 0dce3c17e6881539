/*
 * test_gl_compare.c: every scene of glc_scenes.c rendered by swr's
 * libOSMesa.so.8 and by Mesa's llvmpipe libOSMesa.so.8 (the oracle) in the
 * same run; the two images must agree to the scene's PSNR bound.
 *
 *   test_gl_compare <swr libOSMesa> [<reference libOSMesa>] [scene ...]
 *
 * With SWR_GLC_DUMP=<dir> both images of every scene are written there as
 * <scene>-swr.png and <scene>-ref.png (always for failing scenes into the
 * current directory).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/glc_api.h"
#include "glc_scenes.h"

enum { W = 160, H = 120 };

static bool render(glc_api *g, const glc_scene *s, uint8_t *out)
{
    glc_target t;
    if (!glc_target_create_accum(&t, g, W, H, s->accum_bits))
        return false;
    g->Viewport(0, 0, W, H);
    bool ok = glc_scene_render(g, s, W, H);
    g->Finish();
    memcpy(out, t.color, (size_t)W * H * 4);
    glc_target_destroy(&t);
    return ok;
}

static void dump(const char *dir, const char *scene, const char *who, const uint8_t *img)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s-%s.png", dir, scene, who);
    if (!glc_write_png(path, img, W, H))
        fprintf(stderr, "cannot write %s\n", path);
}

static bool selected(int argc, char **argv, const char *name)
{
    if (argc <= 3)
        return true;
    for (int i = 3; i < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return true;
    return false;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <swr libOSMesa> [<reference libOSMesa>] [scene ...]\n", argv[0]);
        return 2;
    }
    const char *ref_path = argc > 2 && argv[2][0] ? argv[2] : glc_reference_library();
    glc_api swr, ref;
    if (!glc_open(&swr, argv[1]) || !glc_open(&ref, ref_path))
        return 1;
    const char *dump_dir = getenv("SWR_GLC_DUMP");
    uint8_t *a = malloc((size_t)W * H * 4), *b = malloc((size_t)W * H * 4);
    int failed = 0, run = 0;
    printf("%-16s %10s %8s  %s\n", "scene", "PSNR (dB)", "max diff", "result");
    for (unsigned i = 0; i < glc_num_scenes; i++) {
        const glc_scene *s = &glc_scenes[i];
        if (!selected(argc, argv, s->name))
            continue;
        run++;
        bool ok_swr = render(&swr, s, a);
        bool ok_ref = render(&ref, s, b);
        int md = 0;
        double psnr = glc_psnr(a, b, W, H, &md);
        bool pass = ok_swr && ok_ref && psnr >= s->min_psnr;
        printf("%-16s %10.2f %8d  %s (bound %.0f dB)%s%s\n", s->name, isinf(psnr) ? 99.99 : psnr,
               md, pass ? "ok" : "FAIL", s->min_psnr, ok_swr ? "" : " [swr reported a problem]",
               ok_ref ? "" : " [reference reported a problem]");
        if (!pass)
            failed++;
        if (dump_dir || !pass) {
            dump(dump_dir ? dump_dir : ".", s->name, "swr", a);
            dump(dump_dir ? dump_dir : ".", s->name, "ref", b);
        }
    }
    printf("%d of %d scenes agree with %s\n", run - failed, run, ref_path);
    free(a);
    free(b);
    glc_close(&swr);
    glc_close(&ref);
    return failed || run == 0 ? 1 : 0;
}
