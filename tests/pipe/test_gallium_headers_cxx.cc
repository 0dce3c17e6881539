/*
 * test_gallium_headers_cxx.cc: the C++17 half of test_gallium_headers.c.
 * Includes every Gallium header of swr in a C++ translation unit (the GL
 * shim is C++) and reports sizes and values for the C side to compare, so
 * that a layout difference between the two languages cannot go unnoticed.
 */
#include <cstddef>
#include <cstdint>

#include "frontend-gallium/gallium/p_context.h"
#include "frontend-gallium/gallium/p_defines.h"
#include "frontend-gallium/gallium/p_format.h"
#include "frontend-gallium/gallium/p_screen.h"
#include "frontend-gallium/gallium/p_state.h"
#include "frontend-gallium/pipe/swr_public.h"

static_assert(PIPE_PRIM_MAX == PIPE_PRIM_PATCHES + 1, "PATCHES is the last primitive type");
static_assert(PIPE_SHADER_TYPES == 6, "six stages");

/* The reference helper compiles as C++ and behaves as in C: moving the
 * only reference of a to b reports that a must be destroyed. */
static bool cxx_reference_ok()
{
    struct pipe_reference a, b; /* "struct": pipe_reference is also a function */
    pipe_reference_init(&a, 1);
    pipe_reference_init(&b, 1);
    bool destroy_a = pipe_reference(&a, &b);
    return destroy_a && a.count == 0 && b.count == 2;
}

extern "C" size_t gallium_cxx_sizeof(int which)
{
    switch (which) {
    case 0:
        return sizeof(pipe_resource);
    case 1:
        return sizeof(pipe_rasterizer_state);
    case 2:
        return sizeof(pipe_draw_info);
    case 3:
        return sizeof(pipe_blit_info);
    case 4:
        return sizeof(pipe_query_result);
    case 5:
        return sizeof(pipe_context);
    case 6:
        return sizeof(pipe_screen);
    case 7:
        return sizeof(pipe_sampler_view);
    case 8:
        return sizeof(pipe_framebuffer_state);
    case 9:
        return sizeof(pipe_shader_state);
    }
    return 0;
}

extern "C" long long gallium_cxx_value(int which)
{
    switch (which) {
    case 0:
        return PIPE_CAP_COUNT;
    case 1:
        return PIPE_MAP_COHERENT;
    case 2:
        return PIPE_PRIM_PATCHES;
    case 3:
        return PIPE_FORMAT_COUNT;
    case 4:
        return cxx_reference_ok();
    }
    return -1;
}
