// Host tiling that refuses an output shape different from the input's
// (tests/unit/test_host.cpp): the launch implies equal element counts.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct ShapeEqualTilingData {
  uint32_t totalLength;
};

namespace optiling {
static ge::graphStatus ShapeEqualTilingFunc(gert::TilingContext *context) {
  auto xShape = context->GetInputShape(0)->GetStorageShape();
  auto yShape = context->GetOutputShape(0)->GetStorageShape();
  OP_CHECK_IF(xShape != yShape, OP_LOGE(context, "x and y differ"), return ge::GRAPH_FAILED);
  ShapeEqualTilingData *tiling = context->GetTilingData<ShapeEqualTilingData>();
  tiling->totalLength = static_cast<uint32_t>(xShape.GetShapeSize());
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ShapeEqual).Tiling(ShapeEqualTilingFunc);
} // namespace optiling
