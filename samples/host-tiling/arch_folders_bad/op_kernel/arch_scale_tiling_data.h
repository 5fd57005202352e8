// Tiling data shared by the host tiling functions and the kernel.
#pragma once
#include <cstdint>

struct ArchScaleTilingData {
  uint32_t total; // elements of x
  uint32_t tile;  // elements per tile
};
