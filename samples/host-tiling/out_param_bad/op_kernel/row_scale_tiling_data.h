// Tiling data shared by the host tiling function and the kernel.
#pragma once
#include <cstdint>

struct RowScaleTilingData {
  uint32_t rows;        // rows of x
  uint32_t hidden;      // elements per row
  uint32_t rowsPerCore; // rows each core processes
};
