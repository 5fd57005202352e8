// Tiling data shared by the host tiling function and the kernel.
#pragma once
#include <cstdint>

struct AddTailTilingData {
  uint32_t totalLength;   // elements of x
  uint32_t perCoreLength; // elements per core
  uint32_t tileLength;    // elements per UB tile
};
