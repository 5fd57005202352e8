// A loop the reader does not unroll (its trip count is the input's rank)
// that sets a flag to a constant and breaks, the way real tiling functions
// compare two shapes dimension by dimension, beside one that accumulates a
// value and one that copies the counter. After the loop the flag is its
// initial value or the constant; the sum and the copied index are not known.
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct FlagLoopTilingData {
  int64_t rows;
  int64_t tileLength;
  int64_t widest;
  int64_t firstBig;
};

namespace optiling {
static ge::graphStatus FlagLoopTiling(gert::TilingContext *context) {
  const gert::Shape &shape = context->GetInputShape(0)->GetStorageShape();
  bool allSmall = true;
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    if (shape.GetDim(i) > 65535) {
      allSmall = false;
      break;
    }
  }
  if (!allSmall) {
    return ge::GRAPH_FAILED;
  }
  // A value copied from the counter: constant in the first iteration only.
  int64_t firstBig = -1;
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    if (shape.GetDim(i) > 1024) {
      firstBig = static_cast<int64_t>(i);
      break;
    }
  }
  int64_t widest = 0;
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    widest += shape.GetDim(i);
  }
  FlagLoopTilingData *tiling = context->GetTilingData<FlagLoopTilingData>();
  tiling->rows = shape.GetShapeSize();
  tiling->tileLength = allSmall ? 256 : 512;
  tiling->widest = widest;
  tiling->firstBig = firstBig;
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(FlagLoop).Tiling(FlagLoopTiling);
} // namespace optiling
