// The definitions of colreduce_split.h.
#include "colreduce_split.h"

namespace optiling {
int64_t ColReducePerCore(int64_t outer, int64_t coreNum) { return (outer + coreNum - 1) / coreNum; }
} // namespace optiling
