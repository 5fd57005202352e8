// Writes the reader cannot name (tests/unit/test_host.cpp): an element of an
// array of arrays chosen by computed indices, and an element of a
// std::array, also through a helper's reference parameter. Each makes its whole enclosing object unknown (the fields
// computed from it are unconstrained); the fields computed from the shape
// alone keep their values.
#include <array>

#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct UnfollowedTilingData {
  uint32_t rows;
  uint32_t padSum;
  uint32_t flagged;
  uint32_t viaHelper;
  uint32_t dims[2][4];
};

namespace optiling {
struct PadInfo {
  int64_t pads[2][2];
};

// Writes the caller's std::array through a reference (ops-math
// broadcast_to's GetABFlag).
// The loop's count is the shape's rank, a value: the reader summarises it.
static void MarkBig(const gert::Shape &shape, std::array<bool, 16> &flags) {
  for (size_t d = 0; d < shape.GetDimNum(); d++) {
    flags[d] = shape.GetDim(d) > 64;
  }
}

// The array is a member of a tiling class (ops-math broadcast_to's abInfo_):
// storage the reader holds no object for, named through `this`.
class FlagTiling {
public:
  uint32_t Run(const gert::Shape &shape) {
    MarkBig(shape, flags_);
    return flags_[1] ? 1 : 0;
  }

private:
  std::array<bool, 16> flags_{};
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
  FlagTiling flagTiling;
  tiling->viaHelper = flagTiling.Run(shape);
  // A field the reader does not model (an array of arrays), written
  // through the tiling pointer at a computed index (ops-math xlogy's
  // `tiling->input_shapes[i][d]`): the field stays unknown.
  for (size_t d = 0; d < shape.GetDimNum(); d++) {
    tiling->dims[1][d] = static_cast<uint32_t>(shape.GetDim(d));
  }
  tiling->rows = static_cast<uint32_t>(shape.GetDim(0));
  tiling->padSum = static_cast<uint32_t>(info.pads[0][0] + info.pads[1][1]);
  tiling->flagged = big[0] ? 1 : 0;
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(Unfollowed).Tiling(UnfollowedTiling);
} // namespace optiling
