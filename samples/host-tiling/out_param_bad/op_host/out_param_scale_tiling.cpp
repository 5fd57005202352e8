// Host tiling: a helper reads the row length into an out-parameter and
// returns GRAPH_FAILED before writing it for a bad shape; the caller checks
// its status. It accepts rows of up to 65536 floats, more than the kernel's
// UB buffers hold.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/row_scale_tiling_data.h"

namespace optiling {
constexpr int64_t MAX_HIDDEN = 65536;

static ge::graphStatus GetRowShape(gert::TilingContext *context, int64_t &rows, int64_t &hidden) {
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  const gert::Shape &shape = xShape->GetStorageShape();
  if (shape.GetDimNum() != 2) {
    return ge::GRAPH_FAILED;
  }
  rows = shape.GetDim(0);
  hidden = shape.GetDim(1);
  return ge::GRAPH_SUCCESS;
}

static ge::graphStatus OutParamScaleTilingFunc(gert::TilingContext *context) {
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  uint32_t coreNum = platform.GetCoreNumAiv();
  int64_t rows;
  int64_t hidden;
  ge::graphStatus ret = GetRowShape(context, rows, hidden);
  OP_CHECK_IF(ret != ge::GRAPH_SUCCESS, OP_LOGE(context, "x must be 2-D"), return ge::GRAPH_FAILED);
  OP_CHECK_IF(rows <= 0 || rows > 0xffffff || rows * hidden > 0xffffffff || hidden <= 0 || hidden % 8 != 0 || hidden > MAX_HIDDEN,
              OP_LOGE(context, "unsupported shape"), return ge::GRAPH_FAILED);
  OP_CHECK_IF(coreNum == 0, OP_LOGE(context, "no cores"), return ge::GRAPH_FAILED);
  uint32_t rowsPerCore = static_cast<uint32_t>((rows + coreNum - 1) / coreNum);
  RowScaleTilingData *tiling = context->GetTilingData<RowScaleTilingData>();
  tiling->rows = static_cast<uint32_t>(rows);
  tiling->hidden = static_cast<uint32_t>(hidden);
  tiling->rowsPerCore = rowsPerCore;
  context->SetBlockDim(static_cast<uint32_t>((rows + rowsPerCore - 1) / rowsPerCore));
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(OutParamScale).Tiling(OutParamScaleTilingFunc);
} // namespace optiling

namespace ops {
class OutParamScale : public OpDef {
public:
  explicit OutParamScale(const char *name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(OutParamScale);
} // namespace ops
