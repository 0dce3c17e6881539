# Hot-tile layout: the engine's native B8G8R8A8 hot tiles against planar
# RGBA32F (OpenSWR's), load/store, fast clear, opaque and blended layers,
# and a byte check of the blended result (bench_hot_layout.c).
swr_bench(NAME bench_hot_layout
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/bench_hot_layout.c
  LIBS swr_rasterizer swr_knobs swr_profiling)
