// Host tiling of an element-wise operator: y = x + 1. The tiling reads only
// x's element count; y's shape comes from the shape inference beside it
// (add_one_infershape.cpp copies x's shape), so y holds as many elements.
// Tiles of TILE elements, the last one holding the rest.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/add_one_tiling_data.h"

namespace optiling {
constexpr uint32_t TILE = 4096; // halves: 8 KiB of UB per buffer

static ge::graphStatus AddOneTilingFunc(gert::TilingContext *context) {
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t total = xShape->GetStorageShape().GetShapeSize();
  OP_CHECK_IF(total <= 0 || total > 1073741824 || total % 16 != 0,
              OP_LOGE(context, "x must hold whole 32-byte blocks"), return ge::GRAPH_FAILED);
  AddOneTilingData *tiling = context->GetTilingData<AddOneTilingData>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  uint32_t n = static_cast<uint32_t>(total);
  tiling->totalLength = n;
  tiling->tileLength = TILE;
  tiling->tileNum = (n + TILE - 1) / TILE;
  tiling->tailLength = n - (tiling->tileNum - 1) * TILE;
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(AddOne).Tiling(AddOneTilingFunc);
} // namespace optiling

namespace ops {
class AddOne : public OpDef {
public:
  explicit AddOne(const char *name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(AddOne);
} // namespace ops
