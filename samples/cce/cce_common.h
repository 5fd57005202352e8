// Shared by the samples in this folder: the way hand-written .cce kernels
// spell their qualifiers and synchronisation (bisheng bracket attribute,
// project macros over the raw intrinsics).
#pragma once
#define __aicore__ [aicore]
#define SET_FLAG(src, dst, id) set_flag(PIPE_##src, PIPE_##dst, id)
#define WAIT_FLAG(src, dst, id) wait_flag(PIPE_##src, PIPE_##dst, id)
#define PIPE_BARRIER(p) pipe_barrier(PIPE_##p)

constexpr uint32_t UB_X = 0;          // input tile
constexpr uint32_t UB_Y = 64 * 1024;  // output tile
constexpr uint32_t TILE = 4096;       // halves per tile (8 KiB)
