// Host tiling of the sample operator (the bug: SMALL is too large for the
// one-shot path's four buffers). An input of at most SMALL floats takes
// the one-shot path (tiling key 0: the whole input in one buffer), a larger
// one the tiled path (key 1: tiles of TILE floats, a whole number of them).
#include "../op_kernel/scale_path_tiling_data.h"
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t SMALL = 16384; // 64 KiB of floats: four such buffers do not fit in UB
constexpr uint32_t TILE = 8192;

static ge::graphStatus ScalePathTilingFunc(gert::TilingContext *context) {
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t total = xShape->GetStorageShape().GetShapeSize();
  OP_CHECK_IF(total <= 0 || total > 0x3fffffff || total % 8 != 0, OP_LOGE(context, "bad x"),
              return ge::GRAPH_FAILED);
  ScalePathTilingData *tiling = context->GetTilingData<ScalePathTilingData>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  tiling->totalLength = static_cast<uint32_t>(total);
  if (total <= SMALL) {
    tiling->tileLength = static_cast<uint32_t>(total);
    context->SetTilingKey(0);
  } else {
    OP_CHECK_IF(total % TILE != 0, OP_LOGE(context, "x must be whole tiles"), return ge::GRAPH_FAILED);
    tiling->tileLength = TILE;
    context->SetTilingKey(1);
  }
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ScalePath).Tiling(ScalePathTilingFunc);
} // namespace optiling

namespace ops {
class ScalePath : public OpDef {
public:
  explicit ScalePath(const char *name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(ScalePath);
} // namespace ops
