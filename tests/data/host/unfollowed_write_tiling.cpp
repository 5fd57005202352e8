// Writes the reader cannot name (tests/unit/test_host.cpp): an element of an
// array of arrays chosen by computed indices, and an element of a
// std::array. Each makes its whole enclosing object unknown (the fields
// computed from it are unconstrained); the fields computed from the shape
// alone keep their values.
#include <array>

#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct UnfollowedTilingData {
  uint32_t rows;
  uint32_t padSum;
  uint32_t flagged;
};

namespace optiling {
struct PadInfo {
  int64_t pads[2][2];
};

static ge::graphStatus UnfollowedTiling(gert::TilingContext *context) {
  UnfollowedTilingData *tiling = context->GetTilingData<UnfollowedTilingData>();
  auto shape = context->GetInputShape(0)->GetStorageShape();
  PadInfo info{};
  for (int64_t i = 0; i < 4; i++) {
    info.pads[i / 2][i % 2] = shape.GetDim(0) + i;
  }
  std::array<bool, 4> big{};
  for (size_t d = 0; d < 2; d++) {
    big[d] = shape.GetDim(d) > 1024;
  }
  tiling->rows = static_cast<uint32_t>(shape.GetDim(0));
  tiling->padSum = static_cast<uint32_t>(info.pads[0][0] + info.pads[1][1]);
  tiling->flagged = big[0] ? 1 : 0;
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(Unfollowed).Tiling(UnfollowedTiling);
} // namespace optiling
