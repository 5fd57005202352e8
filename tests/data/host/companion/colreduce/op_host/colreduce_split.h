// The core split of colreduce_tiling.cpp (see colreduce_tiling.h).
#ifndef COLREDUCE_SPLIT_H
#define COLREDUCE_SPLIT_H
#include <cstdint>

namespace optiling {
int64_t ColReducePerCore(int64_t outer, int64_t coreNum);
} // namespace optiling
#endif
