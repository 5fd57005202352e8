// A write through a pointer the reader does not follow (tests/unit/test_host.cpp):
// it may land in the tiling data, so the reader stops instead of dropping it.
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct UnfollowedPtrTilingData {
  uint32_t rows;
  uint32_t pads[2];
};

namespace optiling {
UnfollowedPtrTilingData *Elsewhere(gert::TilingContext *context);

static ge::graphStatus UnfollowedPtrTiling(gert::TilingContext *context) {
  UnfollowedPtrTilingData *tiling = context->GetTilingData<UnfollowedPtrTilingData>();
  auto shape = context->GetInputShape(0)->GetStorageShape();
  tiling->rows = static_cast<uint32_t>(shape.GetDim(0));
  tiling->pads[0] = 0;
  Elsewhere(context)->pads[0] = 7;
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(UnfollowedPtr).Tiling(UnfollowedPtrTiling);
} // namespace optiling
