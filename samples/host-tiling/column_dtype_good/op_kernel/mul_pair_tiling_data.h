// Tiling data shared by the host tiling function and the kernel.
#pragma once
#include <cstdint>

struct MulPairTilingData {
  uint32_t totalLength; // elements of each input
  uint32_t tileLength;  // elements per UB tile: TILE_BYTES of the operator's dtype
};
