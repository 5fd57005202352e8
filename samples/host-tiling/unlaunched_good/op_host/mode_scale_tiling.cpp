// Host tiling of the sample operator: tiles of TILE floats, a whole number
// of them; template argument schMode 2 for an empty input, 0 for every other.
#include "../op_kernel/mode_scale_tiling_data.h"
#include "../op_kernel/mode_scale_tiling_key.h"
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t TILE = 4096;

static ge::graphStatus ModeScaleTilingFunc(gert::TilingContext *context) {
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t total = xShape->GetStorageShape().GetShapeSize();
  OP_CHECK_IF(total < 0 || total > 0x3fffffff || total % TILE != 0, OP_LOGE(context, "x must be whole tiles"),
              return ge::GRAPH_FAILED);
  ModeScaleTilingData *tiling = context->GetTilingData<ModeScaleTilingData>();
  if (total == 0) { // nothing to do: the empty-input mode
    tiling->totalLength = 0;
    tiling->tileLength = TILE;
    context->SetBlockDim(1);
    context->SetTilingKey(GET_TPL_TILING_KEY(MODE_SCALE_EMPTY));
    return ge::GRAPH_SUCCESS;
  }
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  tiling->totalLength = static_cast<uint32_t>(total);
  tiling->tileLength = TILE;
  context->SetBlockDim(1);
  context->SetTilingKey(GET_TPL_TILING_KEY(MODE_SCALE_ONE_TILE));
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ModeScale).Tiling(ModeScaleTilingFunc);
} // namespace optiling

namespace ops {
class ModeScale : public OpDef {
public:
  explicit ModeScale(const char *name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(ModeScale);
} // namespace ops
