// Shapes read with operator[] (gert::Shape::operator[], as GetDim), by a
// constant and by a computed index: the last dimensions of a tensor of rank
// 4 or 5 (`shape[rank - i]`), the way pad and transpose hosts fold a 5-D
// input into 4-D.
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct ShapeSubscriptTilingData {
  int64_t first;
  int64_t last;
  int64_t rows;
};

namespace optiling {
constexpr size_t DIM_4D = 4;
constexpr size_t DIM_5D = 5;

static ge::graphStatus ShapeSubscriptTiling(gert::TilingContext *context) {
  gert::Shape shape = context->GetInputShape(0)->GetOriginShape();
  size_t rank = shape.GetDimNum();
  if (rank != DIM_4D && rank != DIM_5D) {
    return ge::GRAPH_FAILED;
  }
  int64_t folded[4];
  for (size_t i = 1; i < 4; i++) {
    folded[4 - i] = shape[rank - i];
  }
  folded[0] = rank == DIM_4D ? shape[0] : shape[0] * shape[1];
  ShapeSubscriptTilingData *tiling = context->GetTilingData<ShapeSubscriptTilingData>();
  tiling->first = folded[0];
  tiling->last = folded[3];
  tiling->rows = folded[1] * folded[2];
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ShapeSubscript).Tiling(ShapeSubscriptTiling);
} // namespace optiling
