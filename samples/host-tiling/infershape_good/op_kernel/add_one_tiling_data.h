// Tiling data shared by the host tiling function and the kernel.
#pragma once
#include <cstdint>

struct AddOneTilingData {
  uint32_t totalLength; // elements of x (and of y: the shape inference copies x's shape)
  uint32_t tileLength;  // elements per UB tile
  uint32_t tileNum;     // tiles, the last one included
  uint32_t tailLength;  // elements of the last tile
};
