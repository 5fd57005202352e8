// Host tiling of the operator: x is a [rows, cols] matrix, y has its shape;
// each core gets PER_CORE elements (the last core fewer), processed in tiles
// of TILE elements.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/scale_rows_tiling_data.h"

namespace optiling {
constexpr int64_t PER_CORE = 32768;
constexpr uint32_t TILE = 4096;

static ge::graphStatus ScaleRowsTilingFunc(gert::TilingContext *context) {
  const gert::StorageShape *xShape = context->GetInputShape(0);
  const gert::StorageShape *yShape = context->GetOutputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  OP_CHECK_NULL_WITH_CONTEXT(context, yShape);
  const gert::Shape &xs = xShape->GetStorageShape();
  OP_CHECK_IF(xs.GetDimNum() != 2, OP_LOGE(context, "x must be 2-D"), return ge::GRAPH_FAILED);
  int64_t rows = xs.GetDim(0);
  int64_t cols = xs.GetDim(1);
  OP_CHECK_IF(rows <= 0 || rows > 65536 || cols <= 0 || cols > 8192, OP_LOGE(context, "bad x"),
              return ge::GRAPH_FAILED);
  int64_t total = rows * cols;
  OP_CHECK_IF(yShape->GetStorageShape().GetShapeSize() != total, OP_LOGE(context, "y must match x"),
              return ge::GRAPH_FAILED);
  ScaleRowsTilingData *tiling = context->GetTilingData<ScaleRowsTilingData>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  tiling->totalLength = static_cast<uint32_t>(total);
  tiling->perCoreLength = static_cast<uint32_t>(PER_CORE);
  tiling->tileLength = TILE;
  context->SetBlockDim(static_cast<uint32_t>(Ops::Base::CeilDiv(total, PER_CORE)));
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ScaleRows).Tiling(ScaleRowsTilingFunc);
} // namespace optiling

namespace ops {
class ScaleRows : public OpDef {
public:
  explicit ScaleRows(const char *name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(ScaleRows);
} // namespace ops
