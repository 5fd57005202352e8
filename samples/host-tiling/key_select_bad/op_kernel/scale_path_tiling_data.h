#ifndef SCALE_PATH_TILING_DATA_H
#define SCALE_PATH_TILING_DATA_H
#include <cstdint>
struct ScalePathTilingData {
  uint32_t totalLength; // elements of x
  uint32_t tileLength;  // elements per tile (the large-input path)
};
#endif
