// Host tiling of a two-stage row sum: every core writes its partial sums
// (one row of 64 floats) into the user workspace, after the system
// workspace AscendC reserves (GetLibApiWorkSpaceSize). The user part holds
// one row per core.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/row_sum_tiling_data.h"

namespace optiling {
constexpr uint32_t ROW = 64;

static ge::graphStatus RowSumTilingFunc(gert::TilingContext *context) {
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  uint32_t coreNum = platform.GetCoreNumAiv();
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t rows = xShape->GetStorageShape().GetDim(0);
  OP_CHECK_IF(xShape->GetStorageShape().GetDimNum() != 2 || xShape->GetStorageShape().GetDim(1) != ROW ||
                  rows <= 0 || rows > 0xffffff || coreNum == 0,
              OP_LOGE(context, "x must be [rows, 64]"), return ge::GRAPH_FAILED);
  uint32_t rowsPerCore = static_cast<uint32_t>((rows + coreNum - 1) / coreNum);
  uint32_t usedCores = static_cast<uint32_t>((rows + rowsPerCore - 1) / rowsPerCore);
  RowSumTilingData *tiling = context->GetTilingData<RowSumTilingData>();
  tiling->totalRows = static_cast<uint32_t>(rows);
  tiling->rowsPerCore = rowsPerCore;
  context->SetBlockDim(usedCores);
  size_t *workspaces = context->GetWorkspaceSizes(1);
  workspaces[0] = platform.GetLibApiWorkSpaceSize() + usedCores * ROW * sizeof(float);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(RowSum).Tiling(RowSumTilingFunc);
} // namespace optiling

namespace ops {
class RowSum : public OpDef {
public:
  explicit RowSum(const char *name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(RowSum);
} // namespace ops
