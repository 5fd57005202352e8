// Tiling data shared by the host tiling function and the kernel.
#pragma once
#include <cstdint>

struct FillRowsTilingData {
  uint32_t totalLength; // elements of y: the product of the `shape` input's values
  uint32_t tileLength;  // elements per UB tile
  uint32_t tileNum;     // tiles, the last one included
  uint32_t tailLength;  // elements of the last tile
};
