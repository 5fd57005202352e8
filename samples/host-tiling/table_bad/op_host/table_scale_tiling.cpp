// Host tiling: the longest row it accepts comes from a per-dtype table, read
// in a try whose catch only fails. The table allows 65536 floats a row, more
// than the kernel's UB buffers hold.
#include <map>
#include <stdexcept>

#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/row_scale_tiling_data.h"

namespace optiling {
static std::map<ge::DataType, int64_t> MAX_HIDDEN = {{ge::DT_FLOAT, 65536}, {ge::DT_FLOAT16, 2 * 65536}};

static ge::graphStatus TableScaleTilingFunc(gert::TilingContext *context) {
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  uint32_t coreNum = platform.GetCoreNumAiv();
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  const gert::Shape &shape = xShape->GetStorageShape();
  int64_t rows = shape.GetDim(0);
  int64_t hidden = shape.GetDim(1);
  int64_t maxHidden = 0;
  try {
    maxHidden = MAX_HIDDEN.at(context->GetInputDesc(0)->GetDataType());
  } catch (const std::out_of_range &) {
    return ge::GRAPH_FAILED;
  }
  // The kernel indexes rows * hidden elements in 32 bits: refuse more.
  OP_CHECK_IF(rows <= 0 || rows > 0xffffff || rows * hidden > 0xffffffff || hidden <= 0 || hidden % 8 != 0 || hidden > maxHidden,
              OP_LOGE(context, "unsupported shape"), return ge::GRAPH_FAILED);
  uint32_t rowsPerCore = static_cast<uint32_t>((rows + coreNum - 1) / coreNum);
  RowScaleTilingData *tiling = context->GetTilingData<RowScaleTilingData>();
  tiling->rows = static_cast<uint32_t>(rows);
  tiling->hidden = static_cast<uint32_t>(hidden);
  tiling->rowsPerCore = rowsPerCore;
  context->SetBlockDim(static_cast<uint32_t>((rows + rowsPerCore - 1) / rowsPerCore));
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(TableScale).Tiling(TableScaleTilingFunc);
} // namespace optiling

namespace ops {
class TableScale : public OpDef {
public:
  explicit TableScale(const char *name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(TableScale);
} // namespace ops
