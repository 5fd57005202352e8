// Host tiling: the rows of each core are computed into an array in a loop
// over the core count; the kernel gets the first core's share. It accepts
// rows of up to 65536 floats, more than the kernel's UB buffers hold.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/row_scale_tiling_data.h"

namespace optiling {
constexpr int64_t MAX_HIDDEN = 65536;
constexpr uint32_t MAX_CORES = 64;

static ge::graphStatus PercoreScaleTilingFunc(gert::TilingContext *context) {
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  uint32_t coreNum = platform.GetCoreNumAiv();
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  const gert::Shape &shape = xShape->GetStorageShape();
  int64_t rows = shape.GetDim(0);
  int64_t hidden = shape.GetDim(1);
  // The kernel indexes rows * hidden elements in 32 bits: refuse more.
  OP_CHECK_IF(rows <= 0 || rows > 0xffffff || rows * hidden > 0xffffffff || hidden <= 0 || hidden % 8 != 0 || hidden > MAX_HIDDEN,
              OP_LOGE(context, "unsupported shape"), return ge::GRAPH_FAILED);
  OP_CHECK_IF(coreNum > MAX_CORES, OP_LOGE(context, "too many cores"), return ge::GRAPH_FAILED);
  int64_t coreRows[MAX_CORES] = {0};
  for (uint32_t i = 0; i < coreNum; ++i)
    coreRows[i] = (rows + coreNum - 1) / coreNum;
  uint32_t rowsPerCore = static_cast<uint32_t>(coreRows[0]);
  RowScaleTilingData *tiling = context->GetTilingData<RowScaleTilingData>();
  tiling->rows = static_cast<uint32_t>(rows);
  tiling->hidden = static_cast<uint32_t>(hidden);
  tiling->rowsPerCore = rowsPerCore;
  context->SetBlockDim(static_cast<uint32_t>((rows + rowsPerCore - 1) / rowsPerCore));
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(PercoreScale).Tiling(PercoreScaleTilingFunc);
} // namespace optiling

namespace ops {
class PercoreScale : public OpDef {
public:
  explicit PercoreScale(const char *name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(PercoreScale);
} // namespace ops
