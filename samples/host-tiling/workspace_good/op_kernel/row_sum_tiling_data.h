// Tiling data shared by the host tiling function and the kernel.
#pragma once
#include <cstdint>

struct RowSumTilingData {
  uint32_t totalRows;   // rows of x, 64 floats each
  uint32_t rowsPerCore; // rows each core sums (the last core: the rest)
};
