/*
 * swr_demo.c: the main job. Renders a lit mesh of about a million small
 * triangles (an indexed torus) with a depth test at 1024x1024 through the
 * engine API, writes a PNG and prints ms per frame, Mtriangles/s and the
 * worker count. `--scene fill` renders a fill-bound scene instead: layers of
 * full-screen quads, opaque with a depth test and then alpha-blended.
 *
 * Shaders are C functions with the SIMD8 ABI of common/shader_abi.h.
 */
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/simd.h"
#include "core/swr.h"
#include "swr_version.h"

typedef struct demo_uniforms {
    float mvp[16];   /* column-major */
    float model[16]; /* rotation only: normals use it directly */
    float light[3];
} demo_uniforms;

/* VS: position = MVP * (p, 1); colour = albedo * (ambient + diffuse). */
static void lit_vs(const void *shader, swr_vs_args *a)
{
    (void)shader;
    const demo_uniforms *u = (const demo_uniforms *)a->res->constants[0];
    vf8 px = vf8_load(a->inputs[0].v[0]), py = vf8_load(a->inputs[0].v[1]),
        pz = vf8_load(a->inputs[0].v[2]);
    for (int r = 0; r < 4; r++) {
        vf8 v = vf8_fma(vf8_set1(u->mvp[r]), px,
                        vf8_fma(vf8_set1(u->mvp[4 + r]), py,
                                vf8_fma(vf8_set1(u->mvp[8 + r]), pz, vf8_set1(u->mvp[12 + r]))));
        vf8_store(a->outputs[0].v[r], v);
    }
    vf8 nx = vf8_load(a->inputs[1].v[0]), ny = vf8_load(a->inputs[1].v[1]),
        nz = vf8_load(a->inputs[1].v[2]);
    vf8 wn[3];
    for (int r = 0; r < 3; r++)
        wn[r] =
            vf8_fma(vf8_set1(u->model[r]), nx,
                    vf8_fma(vf8_set1(u->model[4 + r]), ny, vf8_mul(vf8_set1(u->model[8 + r]), nz)));
    vf8 d = vf8_fma(wn[0], vf8_set1(u->light[0]),
                    vf8_fma(wn[1], vf8_set1(u->light[1]), vf8_mul(wn[2], vf8_set1(u->light[2]))));
    d = vf8_add(vf8_set1(0.15f), vf8_mul(vf8_max(d, vf8_zero()), vf8_set1(0.85f)));
    vf8_store(a->outputs[1].v[0], vf8_mul(d, vf8_set1(0.9f)));
    vf8_store(a->outputs[1].v[1], vf8_mul(d, vf8_set1(0.6f)));
    vf8_store(a->outputs[1].v[2], vf8_mul(d, vf8_set1(0.25f)));
    vf8_store(a->outputs[1].v[3], vf8_set1(1.0f));
}

/* PS: the interpolated colour. */
static void color_ps(const void *shader, swr_ps_args *a)
{
    (void)shader;
    memcpy(&a->color[0], &a->inputs[0], sizeof a->color[0]);
}

/* VS for the fill scene: position and colour straight from the vertex. */
static void passthrough_vs(const void *shader, swr_vs_args *a)
{
    (void)shader;
    memcpy(&a->outputs[0], &a->inputs[0], sizeof a->outputs[0]);
    memcpy(&a->outputs[1], &a->inputs[1], sizeof a->outputs[1]);
}

static void mat_mul(float *o, const float *a, const float *b)
{
    float r[16];
    for (int c = 0; c < 4; c++)
        for (int rr = 0; rr < 4; rr++) {
            float s = 0;
            for (int k = 0; k < 4; k++)
                s += a[k * 4 + rr] * b[c * 4 + k];
            r[c * 4 + rr] = s;
        }
    memcpy(o, r, sizeof r);
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int write_png(const char *path, const uint8_t *bgra, uint32_t w, uint32_t h, uint32_t pitch)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) {
        fclose(f);
        return -1;
    }
    png_init_io(png, f);
    png_set_compression_level(png, 1);
    png_set_filter(png, 0, PNG_FILTER_SUB);
    png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_bgr(png);
    png_write_info(png, info);
    for (uint32_t y = 0; y < h; y++)
        png_write_row(png, (png_bytep)(bgra + (size_t)y * pitch));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    fclose(f);
    return 0;
}

typedef struct mesh {
    float *verts; /* position xyz, normal xyz */
    uint32_t *indices;
    uint32_t num_verts, num_indices;
} mesh;

/* Torus with `seg` x `seg` quads (2 * seg^2 triangles). */
static int make_torus(mesh *m, uint32_t seg)
{
    m->num_verts = (seg + 1) * (seg + 1);
    m->num_indices = seg * seg * 6;
    m->verts = malloc((size_t)m->num_verts * 6 * sizeof(float));
    m->indices = malloc((size_t)m->num_indices * sizeof(uint32_t));
    if (!m->verts || !m->indices)
        return -1;
    const float R = 0.65f, r = 0.3f;
    for (uint32_t i = 0; i <= seg; i++) {
        float u = (float)i / seg * 6.2831853f;
        for (uint32_t j = 0; j <= seg; j++) {
            float v = (float)j / seg * 6.2831853f;
            float *p = &m->verts[((size_t)i * (seg + 1) + j) * 6];
            float nx = cosf(v) * cosf(u), ny = cosf(v) * sinf(u), nz = sinf(v);
            p[0] = (R + r * cosf(v)) * cosf(u);
            p[1] = (R + r * cosf(v)) * sinf(u);
            p[2] = r * sinf(v);
            p[3] = nx, p[4] = ny, p[5] = nz;
        }
    }
    uint32_t *ix = m->indices;
    for (uint32_t i = 0; i < seg; i++)
        for (uint32_t j = 0; j < seg; j++) {
            uint32_t a = i * (seg + 1) + j, b = a + seg + 1;
            *ix++ = a, *ix++ = b, *ix++ = a + 1;
            *ix++ = a + 1, *ix++ = b, *ix++ = b + 1;
        }
    return 0;
}

/* Usage on stdout for --help (exit 0), on stderr for bad arguments (exit 2). */
static int usage(FILE *to, int status)
{
    fprintf(to, "usage: swr_demo [--scene mesh|fill] [--frames N] [--size N] [--segments N] "
                "[--out file.png]\n"
                "       swr_demo --help | --version\n");
    return status;
}

/* A whole decimal number in [lo, hi], or false. */
static bool parse_count(const char *s, uint32_t lo, uint32_t hi, uint32_t *out)
{
    char *end = NULL;
    unsigned long v = strtoul(s, &end, 10);
    if (!*s || *end || s[0] == '-' || v < lo || v > hi)
        return false;
    *out = (uint32_t)v;
    return true;
}

int main(int argc, char **argv)
{
    const char *scene = "mesh", *out = "swr_demo.png";
    uint32_t frames = 10, size = 1024, seg = 725;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return usage(stdout, 0);
        else if (!strcmp(argv[i], "--version")) {
            printf("swr_demo (swr) %s\n", SWR_VERSION_STRING);
            return 0;
        } else if (!strcmp(argv[i], "--scene") && i + 1 < argc)
            scene = argv[++i];
        else if (!strcmp(argv[i], "--frames") && i + 1 < argc) {
            if (!parse_count(argv[++i], 1, 1000000, &frames))
                return usage(stderr, 2);
        } else if (!strcmp(argv[i], "--size") && i + 1 < argc) {
            if (!parse_count(argv[++i], 1, 16384, &size))
                return usage(stderr, 2);
        } else if (!strcmp(argv[i], "--segments") && i + 1 < argc) {
            if (!parse_count(argv[++i], 2, 4096, &seg))
                return usage(stderr, 2);
        } else if (!strcmp(argv[i], "--out") && i + 1 < argc)
            out = argv[++i];
        else
            return usage(stderr, 2);
    }
    bool fill = !strcmp(scene, "fill");
    if (!fill && strcmp(scene, "mesh"))
        return usage(stderr, 2);

    swr_context *ctx;
    swr_result r = swr_context_create(NULL, &ctx);
    if (r != SWR_OK) {
        fprintf(stderr, "swr_demo: %s\n", swr_result_string(r));
        return 1;
    }
    uint32_t pitch = size * 4;
    uint8_t *color = aligned_alloc(64, (size_t)pitch * size);
    float *depth = aligned_alloc(64, (size_t)size * size * 4);
    if (!color || !depth)
        return 1;
    swr_framebuffer fb = {.num_color = 1};
    fb.color[0] = (swr_surface){color, pitch, size, size, SWR_FORMAT_B8G8R8A8_UNORM};
    fb.zs = (swr_surface){depth, size * 4, size, size, SWR_FORMAT_Z32_FLOAT};
    swr_set_framebuffer(ctx, &fb);
    swr_viewport vp = {{size / 2.0f, -(size / 2.0f), 0.5f}, {size / 2.0f, size / 2.0f, 0.5f}};
    swr_set_viewports(ctx, 0, 1, &vp);
    swr_rasterizer_state rs = {.front_ccw = true,
                               .depth_clip_near = true,
                               .depth_clip_far = true,
                               .half_pixel_center = true,
                               .point_size = 1,
                               .line_width = 1,
                               .cull_face = SWR_FACE_NONE};
    swr_set_rasterizer_state(ctx, &rs);
    swr_depth_stencil_state dsa = {
        .depth_enabled = true, .depth_writemask = true, .depth_func = SWR_FUNC_LESS};
    swr_set_depth_stencil_state(ctx, &dsa);
    /* color_ps reads inputs[0] only: what the TGSI compiler would flag. */
    swr_ps_state ps = {.func = color_ps, .num_inputs = 1, .num_outputs = 1,
                       .position_unused = true, .barycentrics_unused = true};
    ps.inputs[0] = (swr_ps_input){1, SWR_SLOT_NONE, SWR_INTERP_PERSPECTIVE};
    swr_set_ps(ctx, &ps);
    swr_clear_info clear = {.buffers = SWR_CLEAR_COLOR(0) | SWR_CLEAR_DEPTH,
                            .color = {0.1f, 0.1f, 0.15f, 1.0f},
                            .depth = 1.0};

    mesh m = {0};
    double t_total = 0;
    uint64_t prims = 0;
    float quads[16 * 4 * 8];
    uint16_t quad_idx[16 * 6];
    if (!fill) {
        if (make_torus(&m, seg)) {
            fprintf(stderr, "swr_demo: out of memory\n");
            return 1;
        }
        swr_vertex_layout layout = {.num_elements = 2};
        layout.elements[0] = (swr_vertex_element){0, 0, SWR_VTYPE_FLOAT32, 3, 0};
        layout.elements[1] = (swr_vertex_element){12, 0, SWR_VTYPE_FLOAT32, 3, 0};
        swr_set_vertex_layout(ctx, &layout);
        swr_vertex_buffer vb = {m.verts, m.num_verts * 24, 24};
        swr_set_vertex_buffers(ctx, 0, 1, &vb);
        swr_set_index_buffer(ctx, m.indices, 4, m.num_indices * 4);
        swr_vs_state vs = {.func = lit_vs,
                           .num_inputs = 2,
                           .num_outputs = 2,
                           .position_slot = 0,
                           .point_size_slot = SWR_SLOT_NONE,
                           .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                           .viewport_index_slot = SWR_SLOT_NONE};
        swr_set_vs(ctx, &vs);
    } else {
        /* 16 full-screen quads at decreasing depth: 8 opaque, 8 blended. */
        for (int q = 0; q < 16; q++) {
            float z = 0.9f - q * 0.05f;
            float c[4] = {(q % 3) / 2.0f, ((q + 1) % 3) / 2.0f, ((q + 2) % 3) / 2.0f, 0.3f};
            float xy[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
            for (int v = 0; v < 4; v++) {
                float *p = &quads[(q * 4 + v) * 8];
                p[0] = xy[v][0], p[1] = xy[v][1], p[2] = z, p[3] = 1;
                memcpy(p + 4, c, sizeof c);
            }
            uint16_t b = (uint16_t)(q * 4);
            uint16_t *ix = &quad_idx[q * 6];
            ix[0] = b, ix[1] = b + 1, ix[2] = b + 2, ix[3] = b, ix[4] = b + 2, ix[5] = b + 3;
        }
        swr_vertex_layout layout = {.num_elements = 2};
        layout.elements[0] = (swr_vertex_element){0, 0, SWR_VTYPE_FLOAT32, 4, 0};
        layout.elements[1] = (swr_vertex_element){16, 0, SWR_VTYPE_FLOAT32, 4, 0};
        swr_set_vertex_layout(ctx, &layout);
        swr_vertex_buffer vb = {quads, sizeof quads, 32};
        swr_set_vertex_buffers(ctx, 0, 1, &vb);
        swr_set_index_buffer(ctx, quad_idx, 2, sizeof quad_idx);
        swr_vs_state vs = {.func = passthrough_vs,
                           .num_inputs = 2,
                           .num_outputs = 2,
                           .point_size_slot = SWR_SLOT_NONE,
                           .clip_dist_slot = {SWR_SLOT_NONE, SWR_SLOT_NONE},
                           .viewport_index_slot = SWR_SLOT_NONE};
        swr_set_vs(ctx, &vs);
    }

    demo_uniforms u;
    swr_set_constant_buffer(ctx, SWR_STAGE_VS, 0, (const float *)&u, sizeof u / 16 + 1);
    for (uint32_t f = 0; f < frames + 1; f++) {
        double t0 = now_ms();
        swr_clear(ctx, &clear);
        if (!fill) {
            float a = 0.6f + f * 0.05f, b = 0.4f;
            float ry[16] = {cosf(a), 0, -sinf(a), 0, 0, 1, 0, 0,
                            sinf(a), 0, cosf(a),  0, 0, 0, 0, 1};
            float rx[16] = {1, 0,        0,       0, 0, cosf(b), sinf(b), 0,
                            0, -sinf(b), cosf(b), 0, 0, 0,       0,       1};
            /* Orthographic-ish projection with z mapped to [-1, 1]. */
            float proj[16] = {1.0f, 0, 0, 0, 0, 1.0f, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 1};
            mat_mul(u.model, ry, rx);
            mat_mul(u.mvp, proj, u.model);
            float l[3] = {0.25f, 0.35f, -0.9f}; /* towards the viewer (smaller z is nearer) */
            float n = sqrtf(l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
            for (int i = 0; i < 3; i++)
                u.light[i] = l[i] / n;
            swr_draw_info d = {
                .topology = SWR_TOPO_TRIANGLES, .count = m.num_indices, .indexed = true};
            swr_draw(ctx, &d);
            if (f > 0)
                prims += m.num_indices / 3;
        } else {
            swr_blend_state blend = {0};
            blend.rt[0].colormask = SWR_MASK_RGBA;
            swr_set_blend_state(ctx, &blend);
            swr_draw_info d = {.topology = SWR_TOPO_TRIANGLES, .count = 48, .indexed = true};
            swr_draw(ctx, &d);
            blend.rt[0] = (swr_blend_rt){true,
                                         SWR_BLEND_ADD,
                                         SWR_BLENDFACTOR_SRC_ALPHA,
                                         SWR_BLENDFACTOR_INV_SRC_ALPHA,
                                         SWR_BLEND_ADD,
                                         SWR_BLENDFACTOR_ONE,
                                         SWR_BLENDFACTOR_INV_SRC_ALPHA,
                                         SWR_MASK_RGBA};
            swr_set_blend_state(ctx, &blend);
            dsa.depth_func = SWR_FUNC_ALWAYS;
            swr_set_depth_stencil_state(ctx, &dsa);
            swr_draw_info d2 = {
                .topology = SWR_TOPO_TRIANGLES, .start = 48, .count = 48, .indexed = true};
            swr_draw(ctx, &d2);
            dsa.depth_func = SWR_FUNC_LESS;
            swr_set_depth_stencil_state(ctx, &dsa);
            if (f > 0)
                prims += 32;
        }
        swr_store_tiles(ctx, false);
        swr_sync(ctx);
        swr_end_frame(ctx);
        if (f > 0) /* frame 0 warms up caches and allocations */
            t_total += now_ms() - t0;
    }
    double ms = t_total / frames;
    if (write_png(out, color, size, size, pitch))
        fprintf(stderr, "swr_demo: could not write %s\n", out);
    if (fill) {
        double mpix = (double)size * size * 16 / (ms * 1e3);
        printf("swr_demo: scene=fill 16 layers %ux%u, %u workers: %.2f ms/frame, %.1f Mpixels/s, "
               "image %s\n",
               size, size, swr_worker_count(ctx), ms, mpix, out);
    } else {
        printf("swr_demo: scene=mesh %u triangles %ux%u, %u workers: %.2f ms/frame, %.2f "
               "Mtriangles/s, image %s\n",
               m.num_indices / 3, size, size, swr_worker_count(ctx), ms,
               (double)prims / frames / (ms * 1e3), out);
    }
    swr_context_destroy(ctx);
    free(m.verts);
    free(m.indices);
    free(color);
    free(depth);
    return 0;
}
