/*
 * test_fetch.c: vertex fetch (rasterizer/fe_fetch.c) against the scalar
 * reference tests/rasterizer/ref_fetch.c, bit for bit, plus analytic values
 * that pin the reference itself down.
 *
 * Buffers live in mmap'ed memory with PROT_NONE guard pages before and after
 * (guarded_alloc), so a read of even one byte outside a buffer faults.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "rasterizer/fe_fetch.h"
#include "ref_fetch.h"

/* ---- helpers -------------------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}
static uint32_t rnd_below(uint32_t n) { return n ? rnd() % n : 0; }

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

/* A guarded buffer: `size` usable bytes, with a PROT_NONE page right before
 * the first byte (at_end false) or right after the last byte (at_end true),
 * and guard pages around the whole mapping either way. */
typedef struct guarded {
    uint8_t *map;
    size_t map_size;
    uint8_t *data;
} guarded;

static guarded guarded_alloc(size_t size, bool at_end)
{
    size_t ps = page_size();
    size_t data_pages = (size + ps - 1) / ps;
    if (data_pages == 0)
        data_pages = 1;
    guarded g;
    g.map_size = (data_pages + 2) * ps;
    g.map = mmap(NULL, g.map_size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(g.map != MAP_FAILED);
    assert_int_equal(mprotect(g.map + ps, data_pages * ps, PROT_READ | PROT_WRITE), 0);
    g.data = at_end ? g.map + ps + data_pages * ps - size : g.map + ps;
    return g;
}

static void guarded_free(guarded *g) { munmap(g->map, g->map_size); }

/* Fills with random bytes, with special 16- and 32-bit patterns (NaN, inf,
 * denormals, INT_MIN, all-ones...) dropped in at random places. */
static void fill_interesting(uint8_t *p, size_t n)
{
    static const uint32_t specials[] = {
        0x7fc00000u, 0x7f800001u, 0xffbfffffu, 0x7f800000u, 0xff800000u, 0x80000000u,
        0x7fffffffu, 0xffffffffu, 0x00000001u, 0x807fffffu, 0x00000000u, 0x3f800000u,
        0x7c017e00u, 0xfc00fe01u, 0x7c00fc00u, 0x00018001u, 0x03ff83ffu, 0x7bff7fffu,
        0x80008000u, 0x7f7f8080u, 0x81818181u, 0xbfffffffu, 0x40000000u, 0xc0000000u,
    };
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)rnd();
    for (size_t i = 0; i + 4 <= n; i += 1 + rnd_below(6)) {
        if (rnd_below(3) == 0) {
            uint32_t v = specials[rnd_below(sizeof(specials) / sizeof(specials[0]))];
            memcpy(p + i, &v, 4);
        }
    }
}

static bool is_packed(uint8_t t)
{
    return (t >= SWR_VTYPE_UNORM10_10_10_2 && t <= SWR_VTYPE_SSCALED10_10_10_2) ||
           (t >= SWR_VTYPE_BGRA8_UNORM && t <= SWR_VTYPE_BGR10A2_SSCALED);
}

/* Calls of check_fetch that also ran fe_fetch8_range (its range case held). */
static uint32_t range_checks;
/* fe_fetch8_range reads inactive lanes inside the range (allowed: inside the
 * buffer), which test_lane_mask_no_read forbids; check_fetch runs it for
 * partial lane masks only when this is set. */
static bool range_any_mask;

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Runs fe_fetch8 and ref_fetch8 and compares the active lanes bit for bit.
 * When fe_fetch_prepare_range accepts the lanes' index range (and all lanes
 * are active, or range_any_mask), fe_fetch8_range is compared as well. */
static void check_fetch(const swr_vertex_layout *layout, const swr_vertex_buffer *buffers,
                        const int32_t vi[8], const uint32_t inst[8], uint32_t start_instance,
                        uint32_t lane_mask, const char *what)
{
    fe_fetch_plan plan;
    const char *err = NULL;
    swr_simd_vec4 got[SWR_MAX_VERTEX_ELEMENTS], want[SWR_MAX_VERTEX_ELEMENTS];
    assert_true(fe_fetch_compile(layout, &plan, &err));
    memset(got, 0xcd, sizeof(got));
    memset(want, 0xcd, sizeof(want));
    ref_fetch8(layout, buffers, vi, inst, start_instance, lane_mask, want);
    int32_t vmin = vi[0], vmax = vi[0];
    for (int l = 1; l < 8; l++) {
        vmin = vi[l] < vmin ? vi[l] : vmin;
        vmax = vi[l] > vmax ? vi[l] : vmax;
    }
    fe_fetch_range range;
    if ((lane_mask == 0xffu || range_any_mask) &&
        fe_fetch_prepare_range(&plan, buffers, vmin, vmax, &range)) {
        range_checks += range.hi == vmax; /* every lane in the range case */
        fe_fetch8_range(&range, vi, inst, start_instance, lane_mask, got);
        for (uint32_t i = 0; i < layout->num_elements; i++)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < 8; l++)
                    if ((lane_mask >> l & 1) &&
                        bits_of(got[i].v[c][l]) != bits_of(want[i].v[c][l])) {
                        print_error("%s: fe_fetch8_range element %u lane %d comp %d: got %08x "
                                    "want %08x\n",
                                    what, i, l, c, bits_of(got[i].v[c][l]),
                                    bits_of(want[i].v[c][l]));
                        fail();
                    }
        memset(got, 0xcd, sizeof(got));
    }
    fe_fetch8(&plan, buffers, vi, inst, start_instance, lane_mask, got);
    for (uint32_t i = 0; i < layout->num_elements; i++) {
        for (int l = 0; l < 8; l++) {
            if (!(lane_mask & (1u << l)))
                continue;
            for (int c = 0; c < 4; c++) {
                uint32_t g, w;
                memcpy(&g, &got[i].v[c][l], 4);
                memcpy(&w, &want[i].v[c][l], 4);
                if (g != w) {
                    const swr_vertex_element *e = &layout->elements[i];
                    print_error("%s: element %u (type %u x%u, offset %u, divisor %u, buffer %u "
                                "stride %u size %u) lane %d (vertex %d instance %u) comp %d: got "
                                "%08x want %08x\n",
                                what, i, e->type, e->components, e->offset_bytes,
                                e->instance_divisor, e->buffer_index,
                                buffers[e->buffer_index].stride_bytes,
                                buffers[e->buffer_index].size_bytes, l, vi[l], inst[l], c, g, w);
                    fail();
                }
            }
        }
    }
}

static swr_vertex_layout one_element(uint8_t type, uint8_t comps, uint32_t offset, uint32_t divisor)
{
    swr_vertex_layout layout;
    memset(&layout, 0, sizeof(layout));
    layout.num_elements = 1;
    layout.elements[0] = (swr_vertex_element){.offset_bytes = offset, .buffer_index = 0, .type = type,
                                              .components = comps, .instance_divisor = divisor};
    return layout;
}

/* ---- tests -------------------------------------------------------------------- */

/* Every type x components over random bytes, offsets, strides (0, unaligned,
 * overlapping), sizes that cut the last vertex short, indices in and out of
 * range (sequential runs too, for the load+transpose path) and lane masks. */
static void test_types_random(void **state)
{
    (void)state;
    uint32_t zero_inst[8] = {0};
    for (uint8_t t = 0; t < SWR_VTYPE_COUNT; t++) {
        for (uint8_t comps = 1; comps <= 4; comps++) {
            if (is_packed(t) && comps != 4)
                continue;
            uint32_t esize = ref_element_size(t, comps);
            for (int round = 0; round < 150; round++) {
                uint32_t offset = rnd_below(4) == 0 ? 0 : rnd_below(24);
                uint32_t stride;
                switch (rnd_below(4)) {
                case 0: stride = 0; break;
                case 1: stride = esize; break;
                case 2: stride = esize + rnd_below(9); break;
                default: stride = 1 + rnd_below(64); break;
                }
                uint32_t nverts = 1 + rnd_below(40);
                uint64_t full = offset + (uint64_t)(nverts - 1) * stride + esize;
                uint32_t cut = rnd_below(2) ? rnd_below(4) : 0; /* cut the last vertex short */
                uint32_t size = rnd_below(5) == 0 ? rnd_below(200) : (uint32_t)(full > cut ? full - cut : 0);
                guarded g = guarded_alloc(size, rnd_below(2) == 0);
                fill_interesting(g.data, size);
                swr_vertex_buffer buf[SWR_MAX_VERTEX_BUFFERS];
                memset(buf, 0, sizeof(buf));
                buf[0] = (swr_vertex_buffer){g.data, size, stride};

                int32_t vi[8];
                int mode = (int)rnd_below(4);
                int32_t first = (int32_t)rnd_below(nverts + 4) - 2;
                for (int l = 0; l < 8; l++) {
                    if (mode <= 1)
                        vi[l] = first + l; /* sequential */
                    else if (mode == 2)
                        vi[l] = (int32_t)rnd_below(nverts + 2) - 1;
                    else
                        vi[l] = (int32_t)rnd(); /* wild */
                }
                uint32_t mask = rnd_below(3) == 0 ? rnd() & 0xff : 0xff;
                swr_vertex_layout layout = one_element(t, comps, offset, 0);
                char what[64];
                snprintf(what, sizeof(what), "random round %d", round);
                check_fetch(&layout, buf, vi, zero_inst, 0, mask, what);
                guarded_free(&g);
            }
        }
    }
}

/* Every 8- and 16-bit value of every 1-component 8/16-bit type, exhaustively
 * (all half NaNs, infinities and denormals included). */
static void test_small_types_exhaustive(void **state)
{
    (void)state;
    guarded g = guarded_alloc(65536 * 2, true);
    for (uint32_t i = 0; i < 65536; i++) {
        uint16_t v = (uint16_t)i;
        memcpy(g.data + 2 * i, &v, 2);
    }
    uint32_t inst[8] = {0};
    for (uint8_t t = 0; t < SWR_VTYPE_COUNT; t++) {
        uint32_t esize = ref_element_size(t, 1);
        if (is_packed(t) || esize > 2)
            continue;
        swr_vertex_buffer buf[SWR_MAX_VERTEX_BUFFERS] = {{g.data, 65536 * 2, esize == 2 ? 2 : 1}};
        swr_vertex_layout layout = one_element(t, 1, 0, 0);
        uint32_t count = esize == 2 ? 65536 : 131072;
        for (uint32_t v = 0; v < count; v += 8) {
            int32_t vi[8];
            for (int l = 0; l < 8; l++)
                vi[l] = (int32_t)(v + l);
            check_fetch(&layout, buf, vi, inst, 0, 0xff, "exhaustive");
        }
    }
    guarded_free(&g);
}

/* Values fixed by the rules, checked on both fetch and reference. */
static void test_known_values(void **state)
{
    (void)state;
    struct {
        uint8_t type, comps;
        uint8_t bytes[16];
        uint32_t want[4];
    } cases[] = {
        {SWR_VTYPE_UNORM8, 4, {0, 255, 51, 1}, {0, 0x3f800000u, bits_of(0.2f), bits_of(1.0f / 255.0f)}},
        {SWR_VTYPE_SNORM8, 4, {0x80, 0x81, 0x7f, 0}, {bits_of(-1.0f), bits_of(-1.0f), bits_of(1.0f), 0}},
        {SWR_VTYPE_UINT8, 2, {200, 7}, {200, 7, 0, 1}},
        {SWR_VTYPE_SINT16, 1, {0xfe, 0xff}, {0xfffffffeu, 0, 0, 1}},
        {SWR_VTYPE_UNORM16, 3, {0xff, 0xff, 0, 0, 0, 0x80}, {bits_of(1.0f), 0, bits_of(32768.0f / 65535.0f), bits_of(1.0f)}},
        {SWR_VTYPE_FIXED32, 1, {0, 0x80, 0xff, 0xff}, {bits_of(-0.5f), 0, 0, bits_of(1.0f)}},
        {SWR_VTYPE_FLOAT16, 2, {0x00, 0x3c, 0x01, 0x7c}, {bits_of(1.0f), 0x7fc02000u, 0, bits_of(1.0f)}},
        {SWR_VTYPE_UNORM32, 1, {0xff, 0xff, 0xff, 0xff}, {bits_of(1.0f), 0, 0, bits_of(1.0f)}},
        {SWR_VTYPE_SNORM32, 1, {0, 0, 0, 0x80}, {bits_of(-1.0f), 0, 0, bits_of(1.0f)}},
        {SWR_VTYPE_USCALED32, 1, {0xff, 0xff, 0xff, 0xff}, {bits_of(4294967296.0f), 0, 0, bits_of(1.0f)}},
        /* B=0x10 G=0x20 R=0xff A=0 */
        {SWR_VTYPE_BGRA8_UNORM, 4, {0x10, 0x20, 0xff, 0}, {bits_of(1.0f), bits_of(32.0f / 255.0f), bits_of(16.0f / 255.0f), 0}},
        /* x=1023 y=0 z=1 w=3 : 0xC00003FF | 1<<20 */
        {SWR_VTYPE_UNORM10_10_10_2, 4, {0xff, 0x03, 0x10, 0xc0}, {bits_of(1.0f), 0, bits_of(1.0f / 1023.0f), bits_of(1.0f)}},
        {SWR_VTYPE_BGR10A2_UNORM, 4, {0xff, 0x03, 0x10, 0xc0}, {bits_of(1.0f / 1023.0f), 0, bits_of(1.0f), bits_of(1.0f)}},
        /* x=-512 (0x200) y=511 z=-1 (0x3ff) w=-2 (2) : 0x200 | 511<<10 | 0x3ff<<20 | 2<<30 */
        {SWR_VTYPE_SNORM10_10_10_2, 4, {0x00, 0xfe, 0xf7, 0xbf}, {bits_of(-1.0f), bits_of(1.0f), bits_of(-1.0f / 511.0f), bits_of(-1.0f)}},
        {SWR_VTYPE_SINT10_10_10_2, 4, {0x00, 0xfe, 0xf7, 0xbf}, {(uint32_t)-512, 511, (uint32_t)-1, (uint32_t)-2}},
        {SWR_VTYPE_UINT32, 3, {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0}, {1, 2, 3, 1}},
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        uint32_t esize = ref_element_size(cases[k].type, cases[k].comps);
        guarded g = guarded_alloc(esize, true);
        memcpy(g.data, cases[k].bytes, esize);
        swr_vertex_buffer buf[SWR_MAX_VERTEX_BUFFERS] = {{g.data, esize, esize}};
        swr_vertex_layout layout = one_element(cases[k].type, cases[k].comps, 0, 0);
        fe_fetch_plan plan;
        assert_true(fe_fetch_compile(&layout, &plan, NULL));
        int32_t vi[8] = {0, 0, 0, 0, 0, 0, 0, 1}; /* lane 7 out of range */
        uint32_t inst[8] = {0};
        swr_simd_vec4 out;
        uint32_t ref_bits[4];
        fe_fetch8(&plan, buf, vi, inst, 0, 0xff, &out);
        ref_fetch_element(&layout.elements[0], buf, 0, 0, 0, ref_bits);
        for (int c = 0; c < 4; c++) {
            uint32_t got, zero;
            memcpy(&got, &out.v[c][3], 4);
            memcpy(&zero, &out.v[c][7], 4);
            if (got != cases[k].want[c] || ref_bits[c] != cases[k].want[c] || zero != 0) {
                print_error("case %zu comp %d: fetch %08x ref %08x want %08x (oob lane %08x)\n", k, c,
                            got, ref_bits[c], cases[k].want[c], zero);
                fail();
            }
        }
        guarded_free(&g);
    }
}

/* Several elements over several buffers, per-vertex and per-instance
 * (divisors 1, 3, 7) with start_instance, including huge start_instance
 * values whose element index overflows 32 bits. */
static void test_layouts_instanced(void **state)
{
    (void)state;
    static const uint32_t divisors[] = {0, 0, 1, 3, 7};
    for (int round = 0; round < 3000; round++) {
        swr_vertex_layout layout;
        memset(&layout, 0, sizeof(layout));
        layout.num_elements = 1 + rnd_below(8);
        guarded g[3];
        swr_vertex_buffer buf[SWR_MAX_VERTEX_BUFFERS];
        memset(buf, 0, sizeof(buf));
        for (int b = 0; b < 3; b++) {
            uint32_t size = 16 + rnd_below(400);
            g[b] = guarded_alloc(size, b != 1);
            fill_interesting(g[b].data, size);
            buf[b] = (swr_vertex_buffer){g[b].data, size, rnd_below(8) == 0 ? 0 : 4 + rnd_below(40)};
        }
        if (rnd_below(10) == 0)
            buf[2].data = NULL;
        for (uint32_t i = 0; i < layout.num_elements; i++) {
            uint8_t t = (uint8_t)rnd_below(SWR_VTYPE_COUNT);
            layout.elements[i] = (swr_vertex_element){
                .offset_bytes = rnd_below(32),
                .buffer_index = (uint16_t)rnd_below(3),
                .type = t,
                .components = is_packed(t) ? 4 : (uint8_t)(1 + rnd_below(4)),
                .instance_divisor = divisors[rnd_below(5)],
            };
        }
        int32_t vi[8];
        uint32_t inst[8];
        int32_t first = (int32_t)rnd_below(20) - 2;
        uint32_t inst0 = rnd_below(30);
        for (int l = 0; l < 8; l++) {
            vi[l] = rnd_below(2) ? first + l : (int32_t)rnd_below(24) - 2;
            inst[l] = rnd_below(4) == 0 ? rnd() : inst0 + (rnd_below(3) == 0 ? (uint32_t)l : 0);
        }
        uint32_t start_instance = rnd_below(4) == 0 ? 0xfffffff0u + rnd_below(16) : rnd_below(10);
        uint32_t mask = rnd_below(4) == 0 ? rnd() & 0xff : 0xff;
        check_fetch(&layout, buf, vi, inst, start_instance, mask, "layout");
        for (int b = 0; b < 3; b++)
            guarded_free(&g[b]);
    }
}

/* Negative, INT_MIN/INT_MAX and huge indices with strides up to 2^32 - 16:
 * products far beyond 32 bits must still be recognized as out of range, and
 * a negative index whose element offset brings it back into the buffer is in
 * range (the rule is about bytes, not indices). */
static void test_extreme_indices(void **state)
{
    (void)state;
    static const uint32_t strides[] = {0, 4, 12, 16, 0x7fffffffu, 0x80000000u, 0xfffffff0u};
    static const int32_t special[] = {INT32_MIN, INT32_MIN + 1, -2, -1, 0, 1, 2, INT32_MAX};
    guarded g = guarded_alloc(256, true);
    fill_interesting(g.data, 256);
    uint32_t inst[8] = {0, 1, 2, 3, 0xffffffffu, 0x80000000u, 7, 9};
    for (size_t s = 0; s < sizeof(strides) / sizeof(strides[0]); s++) {
        for (int round = 0; round < 200; round++) {
            uint8_t t = (uint8_t)rnd_below(SWR_VTYPE_COUNT);
            swr_vertex_buffer buf[SWR_MAX_VERTEX_BUFFERS] = {{g.data, 256, strides[s]}};
            swr_vertex_layout layout = one_element(t, is_packed(t) ? 4 : (uint8_t)(1 + rnd_below(4)),
                                                   rnd_below(64), round % 3 ? 0 : 1 + rnd_below(3));
            int32_t vi[8];
            for (int l = 0; l < 8; l++)
                vi[l] = rnd_below(2) ? special[rnd_below(8)] : (int32_t)rnd();
            check_fetch(&layout, buf, vi, inst, round % 5 ? 0 : 0xffffffffu, 0xff, "extreme");
        }
    }
    /* index -1, stride 4, offset 8: bytes 4..7 */
    const float vals[4] = {1.5f, 2.5f, 3.5f, 4.5f};
    memcpy(g.data + 240, vals, 16);
    swr_vertex_buffer buf[SWR_MAX_VERTEX_BUFFERS] = {{g.data + 240, 16, 4}};
    swr_vertex_layout layout = one_element(SWR_VTYPE_FLOAT32, 1, 8, 0);
    fe_fetch_plan plan;
    assert_true(fe_fetch_compile(&layout, &plan, NULL));
    int32_t vi[8] = {-1, -2, -3, 0, 1, 2, INT32_MIN, INT32_MAX};
    const float want[8] = {2.5f, 1.5f, 0, 3.5f, 4.5f, 0, 0, 0};
    swr_simd_vec4 out;
    fe_fetch8(&plan, buf, vi, inst, 0, 0xff, &out);
    for (int l = 0; l < 8; l++) {
        assert_int_equal(bits_of(out.v[0][l]), bits_of(want[l]));
        assert_int_equal(bits_of(out.v[3][l]), want[l] != 0 ? bits_of(1.0f) : 0);
    }
    guarded_free(&g);
}

/* Each type's last element ends exactly at the buffer end, right before a
 * guard page; tiny buffers (1..3 bytes) too; and float3/float4 buffers read
 * sequentially through the load+transpose path up to the last vertex. */
static void test_guard_page_ends(void **state)
{
    (void)state;
    uint32_t inst[8] = {0};
    for (uint8_t t = 0; t < SWR_VTYPE_COUNT; t++) {
        for (uint8_t comps = 1; comps <= 4; comps++) {
            if (is_packed(t) && comps != 4)
                continue;
            uint32_t esize = ref_element_size(t, comps);
            for (uint32_t nverts = 1; nverts <= 12; nverts++) {
                uint32_t size = nverts * esize;
                guarded g = guarded_alloc(size, true);
                fill_interesting(g.data, size);
                swr_vertex_buffer buf[SWR_MAX_VERTEX_BUFFERS] = {{g.data, size, esize}};
                swr_vertex_layout layout = one_element(t, comps, 0, 0);
                int32_t vi[8];
                for (int l = 0; l < 8; l++)
                    vi[l] = (int32_t)nverts - 8 + l; /* last 8, ending with the last vertex */
                check_fetch(&layout, buf, vi, inst, 0, 0xff, "guard end");
                for (int l = 0; l < 8; l++)
                    vi[l] = (int32_t)nverts - 1 - (l & 3);
                check_fetch(&layout, buf, vi, inst, 0, 0xff, "guard end reversed");
                guarded_free(&g);
                /* the same with a guard right before the first byte */
                g = guarded_alloc(size, false);
                fill_interesting(g.data, size);
                buf[0].data = g.data;
                for (int l = 0; l < 8; l++)
                    vi[l] = l - 1;
                check_fetch(&layout, buf, vi, inst, 0, 0xff, "guard start");
                guarded_free(&g);
            }
        }
    }
    /* Tiny buffers: 1..3 bytes at the end of a page. */
    for (uint32_t size = 1; size <= 3; size++) {
        guarded g = guarded_alloc(size, true);
        fill_interesting(g.data, size);
        for (uint8_t t = 0; t < SWR_VTYPE_COUNT; t++) {
            if (is_packed(t))
                continue;
            for (uint8_t comps = 1; comps <= 3; comps++) {
                swr_vertex_buffer buf[SWR_MAX_VERTEX_BUFFERS] = {{g.data, size, 1}};
                swr_vertex_layout layout = one_element(t, comps, rnd_below(2), 0);
                int32_t vi[8] = {0, 1, 2, -1, 0, 1, 2, 3};
                check_fetch(&layout, buf, vi, inst, 0, 0xff, "tiny");
            }
        }
        guarded_free(&g);
    }
}

/* Lanes outside lane_mask must not read: the buffer's middle page is made
 * PROT_NONE and the inactive lanes point into it. */
static void test_lane_mask_no_read(void **state)
{
    (void)state;
    size_t ps = page_size();
    guarded g = guarded_alloc(3 * ps, true);
    fill_interesting(g.data, 3 * ps);
    assert_int_equal(mprotect(g.data + ps, ps, PROT_NONE), 0);
    uint32_t inst[8] = {0};
    for (uint8_t t = 0; t < SWR_VTYPE_COUNT; t++) {
        for (uint8_t comps = 1; comps <= 4; comps++) {
            if (is_packed(t) && comps != 4)
                continue;
            swr_vertex_buffer buf[SWR_MAX_VERTEX_BUFFERS] = {{g.data, (uint32_t)(3 * ps), 16}};
            swr_vertex_layout layout = one_element(t, comps, 0, 0);
            for (int round = 0; round < 20; round++) {
                uint32_t mask = rnd() & 0xff;
                int32_t vi[8];
                for (int l = 0; l < 8; l++) {
                    uint32_t page = mask & (1u << l) ? (rnd_below(2) ? 0 : 2) : 1;
                    vi[l] = (int32_t)((page * ps) / 16 + rnd_below((uint32_t)(ps / 16)));
                    if (page == 0 && (uint32_t)vi[l] * 16 + 16 > ps)
                        vi[l]--;
                }
                /* sequential-looking lanes for the transpose path as well */
                if (round & 1)
                    for (int l = 0; l < 8; l++)
                        if (mask & (1u << l))
                            vi[l] = (int32_t)(2 * ps / 16) + l;
                check_fetch(&layout, buf, vi, inst, 0, mask, "lane mask");
            }
        }
    }
    guarded_free(&g);
}

/* fe_fetch_prepare_range: [lo, hi] = [vmin, the largest index <= vmax whose
 * bytes (16 for the raw 32-bit 3/4-component load path) lie inside the
 * buffer], accepted when per vertex, vmin's bytes start inside the buffer
 * and hi >= vmin (found here by trying every index); fe_fetch8_range then
 * fetches what the reference does (check_fetch) for lanes inside and
 * outside [lo, hi], reading nothing past the buffer's end (guard page). */
static void test_fetch_range(void **state)
{
    (void)state;
    uint32_t inst[8] = {0};
    const uint32_t before = range_checks;
    range_any_mask = true;
    for (uint8_t t = 0; t < SWR_VTYPE_COUNT; t++) {
        for (uint8_t comps = 1; comps <= 4; comps++) {
            if (is_packed(t) && comps != 4)
                continue;
            uint32_t esize = ref_element_size(t, comps);
            bool raw32 = esize == 4u * comps && comps >= 3 && t != SWR_VTYPE_UNORM32 &&
                         t != SWR_VTYPE_SNORM32 && t != SWR_VTYPE_USCALED32 &&
                         t != SWR_VTYPE_SSCALED32 && t != SWR_VTYPE_FIXED32;
            uint32_t read = raw32 ? 16 : esize;
            for (int round = 0; round < 40; round++) {
                uint32_t stride = esize + rnd_below(8), offset = rnd_below(8);
                uint32_t nverts = 9 + rnd_below(30);
                uint32_t size = offset + (nverts - 1) * stride + esize + rnd_below(6);
                guarded g = guarded_alloc(size, true);
                fill_interesting(g.data, size);
                swr_vertex_buffer buf[SWR_MAX_VERTEX_BUFFERS];
                memset(buf, 0, sizeof(buf));
                buf[0] = (swr_vertex_buffer){g.data, size, stride};
                swr_vertex_layout layout = one_element(t, comps, offset, round & 7 ? 0 : 1);
                fe_fetch_plan plan;
                assert_true(fe_fetch_compile(&layout, &plan, NULL));
                int32_t vmin = (int32_t)rnd_below(nverts) - (rnd_below(8) == 0);
                int32_t vmax = vmin + 7 + (int32_t)rnd_below(4);
                int32_t hi = vmin - 1; /* the last index of the fast run from vmin */
                if (layout.elements[0].instance_divisor == 0 &&
                    (int64_t)vmin * stride + offset >= 0)
                    while (hi < vmax && (int64_t)(hi + 1) * stride + offset + read <= (int64_t)size)
                        hi++;
                fe_fetch_range range;
                assert_int_equal(fe_fetch_prepare_range(&plan, buf, vmin, vmax, &range), hi >= vmin);
                if (hi >= vmin) {
                    assert_int_equal(range.lo, vmin);
                    assert_int_equal(range.hi, hi);
                }
                assert_false(fe_fetch_prepare_range(&plan, buf, vmax, vmin, &range));
                int32_t vi[8];
                for (int l = 0; l < 8; l++) /* the ends of the range and random ids in it */
                    vi[l] = l == 0 ? vmin : l == 1 ? vmax : vmin + (int32_t)rnd_below((uint32_t)(vmax - vmin + 1));
                check_fetch(&layout, buf, vi, inst, 0, rnd_below(4) ? 0xff : rnd() & 0xff, "range");
                guarded_free(&g);
            }
        }
    }
    range_any_mask = false;
    assert_true(range_checks - before > 100); /* the range path did run */
}

/* A buffer larger than INT32_MAX bytes (3 GiB of lazily mapped zero pages):
 * offsets past 2^31 go through the biased gather path. */
static void test_huge_buffer(void **state)
{
    (void)state;
    size_t size = 3ull << 30;
    uint8_t *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
        skip();
        return;
    }
    fill_interesting(p, 4096);
    fill_interesting(p + (2ull << 30) - 2048, 4096);
    fill_interesting(p + size - 4096, 4096);
    swr_vertex_buffer buf[SWR_MAX_VERTEX_BUFFERS] = {{p, (uint32_t)size, 12}};
    uint32_t inst[8] = {0};
    for (int round = 0; round < 400; round++) {
        uint8_t t = (uint8_t)rnd_below(SWR_VTYPE_COUNT);
        swr_vertex_layout layout = one_element(t, is_packed(t) ? 4 : (uint8_t)(1 + rnd_below(4)), rnd_below(8), 0);
        int32_t vi[8];
        for (int l = 0; l < 8; l++) {
            switch (rnd_below(3)) {
            case 0: vi[l] = (int32_t)rnd_below(300); break;
            case 1: vi[l] = (int32_t)(((2ull << 30) - 2048) / 12 + rnd_below(300)); break;
            default: vi[l] = (int32_t)((size - 4096) / 12 + rnd_below(400)); break;
            }
        }
        check_fetch(&layout, buf, vi, inst, 0, rnd_below(2) ? 0xff : rnd() & 0xff, "huge");
    }
    munmap(p, size);
}

static void test_compile_rejects(void **state)
{
    (void)state;
    fe_fetch_plan plan;
    const char *err;
    swr_vertex_layout layout;

    layout = one_element(SWR_VTYPE_FLOAT32, 3, 0, 0);
    err = NULL;
    assert_true(fe_fetch_compile(&layout, &plan, &err));
    assert_int_equal(plan.num_elements, 1);

    layout = one_element(SWR_VTYPE_COUNT, 3, 0, 0);
    err = NULL;
    assert_false(fe_fetch_compile(&layout, &plan, &err));
    assert_non_null(err);
    assert_non_null(strstr(err, "type"));

    for (uint8_t comps = 0; comps <= 5; comps += 5) {
        layout = one_element(SWR_VTYPE_UNORM8, comps, 0, 0);
        err = NULL;
        assert_false(fe_fetch_compile(&layout, &plan, &err));
        assert_non_null(strstr(err, "components"));
    }
    for (uint8_t t = 0; t < SWR_VTYPE_COUNT; t++) {
        if (!is_packed(t))
            continue;
        layout = one_element(t, 3, 0, 0);
        err = NULL;
        assert_false(fe_fetch_compile(&layout, &plan, &err));
        assert_non_null(strstr(err, "packed"));
    }
    layout = one_element(SWR_VTYPE_FLOAT32, 3, 0, 0);
    layout.elements[0].buffer_index = SWR_MAX_VERTEX_BUFFERS;
    err = NULL;
    assert_false(fe_fetch_compile(&layout, &plan, &err));
    assert_non_null(strstr(err, "buffer_index"));

    layout = one_element(SWR_VTYPE_FLOAT32, 3, 0, 0);
    layout.num_elements = SWR_MAX_VERTEX_ELEMENTS + 1;
    err = NULL;
    assert_false(fe_fetch_compile(&layout, &plan, &err));
    assert_non_null(strstr(err, "elements"));
    assert_false(fe_fetch_compile(&layout, &plan, NULL)); /* NULL error is allowed */

    /* all 32 elements, last one invalid: still rejected */
    memset(&layout, 0, sizeof(layout));
    layout.num_elements = SWR_MAX_VERTEX_ELEMENTS;
    for (int i = 0; i < SWR_MAX_VERTEX_ELEMENTS; i++)
        layout.elements[i] = (swr_vertex_element){.type = SWR_VTYPE_FLOAT32, .components = 4};
    assert_true(fe_fetch_compile(&layout, &plan, &err));
    layout.elements[31].components = 0;
    assert_false(fe_fetch_compile(&layout, &plan, &err));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_values),
        cmocka_unit_test(test_compile_rejects),
        cmocka_unit_test(test_small_types_exhaustive),
        cmocka_unit_test(test_types_random),
        cmocka_unit_test(test_layouts_instanced),
        cmocka_unit_test(test_extreme_indices),
        cmocka_unit_test(test_guard_page_ends),
        cmocka_unit_test(test_lane_mask_no_read),
        cmocka_unit_test(test_huge_buffer),
        cmocka_unit_test(test_fetch_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
