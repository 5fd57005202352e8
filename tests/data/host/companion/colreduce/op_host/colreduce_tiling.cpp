// The definitions of colreduce_tiling.h. The reduced axis is a constant
// input (index 1, `axis`), read with Ops::Base::GetConstInt.
#include "colreduce_tiling.h"
#include "colreduce_split.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
ge::graphStatus ColReduceTiling(gert::TilingContext *context) {
  auto xShape = context->GetRequiredInputShape(0); // as GetInputShape
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  const gert::Shape &shape = xShape->GetStorageShape();
  if (shape.GetDimNum() != 2)
    return ge::GRAPH_FAILED;
  int64_t axis = 0;
  if (!Ops::Base::GetConstInt(context, 1, axis))
    return ge::GRAPH_FAILED;
  if (axis < 0)
    axis += 2;
  if (axis != 0 && axis != 1)
    return ge::GRAPH_FAILED;
  int64_t reduce = shape.GetDim(axis);
  int64_t outer = shape.GetDim(1 - axis);
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  int64_t coreNum = platform.GetCoreNumAiv();
  ColReduceTilingData tiling;
  tiling.set_outer(outer);
  tiling.set_reduce(reduce);
  tiling.set_outerPerCore(ColReducePerCore(outer, coreNum));
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  context->SetBlockDim(coreNum);
  return ge::GRAPH_SUCCESS;
}
} // namespace optiling
