#ifndef MODE_SCALE_TILING_DATA_H
#define MODE_SCALE_TILING_DATA_H
#include <cstdint>
struct ModeScaleTilingData {
  uint32_t totalLength;
  uint32_t tileLength;
};
#endif
