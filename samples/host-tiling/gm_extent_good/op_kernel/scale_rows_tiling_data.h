// Tiling data shared by the host tiling function and the kernel.
#pragma once
#include <cstdint>

struct ScaleRowsTilingData {
  uint32_t totalLength;   // elements of x (rows * cols)
  uint32_t perCoreLength; // elements per core
  uint32_t tileLength;    // elements per UB tile
};
