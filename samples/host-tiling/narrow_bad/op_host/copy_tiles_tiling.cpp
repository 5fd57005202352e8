// Host tiling: whole tiles of TILE floats on one core, the rest as a tail.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/copy_tiles_tiling_data.h"

namespace optiling {
constexpr int64_t TILE = 4096;

static ge::graphStatus CopyTilesTilingFunc(gert::TilingContext *context) {
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t total = xShape->GetStorageShape().GetShapeSize();
  OP_CHECK_IF(total <= 0 || total > 0x7fffffff, OP_LOGE(context, "x is empty or too large"), return ge::GRAPH_FAILED);
  CopyTilesTilingData *tiling = context->GetTilingData<CopyTilesTilingData>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  tiling->totalLength = static_cast<uint32_t>(total);
  tiling->tileNum = total / TILE;
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(CopyTiles).Tiling(CopyTilesTilingFunc);
} // namespace optiling

namespace ops {
class CopyTiles : public OpDef {
public:
  explicit CopyTiles(const char *name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(CopyTiles);
} // namespace ops
