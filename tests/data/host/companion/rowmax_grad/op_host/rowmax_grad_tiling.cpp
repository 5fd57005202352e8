// The twin of rowsum_grad_tiling.cpp whose companion declares a name this
// file uses: ROW_UNIT is the header's 8 here, but rowmax_common_tiling.cpp
// declares its own 16 in namespace optiling. In one unit this file's use
// would find that one; the reader notices and reads this file alone.
#include "rowmax/op_host/rowmax_common_tiling.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RowMaxGradTilingData)
TILING_DATA_FIELD_DEF(int64_t, tiles);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(RowMaxGradTiles, RowMaxGradTilingData)

static ge::graphStatus TilingRowMaxGrad(gert::TilingContext *context) {
  auto xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t rows = xShape->GetStorageShape().GetDim(0);
  RowMaxGradTilingData tiling;
  tiling.set_tiles((rows + ROW_UNIT - 1) / ROW_UNIT);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(RowMaxGrad).Tiling(TilingRowMaxGrad);
} // namespace optiling
