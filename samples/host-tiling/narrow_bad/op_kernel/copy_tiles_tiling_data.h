// Tiling data shared by the host tiling function and the kernel.
#pragma once
#include <cstdint>

struct CopyTilesTilingData {
  uint32_t totalLength; // elements of x
  uint16_t tileNum;     // whole tiles
};
