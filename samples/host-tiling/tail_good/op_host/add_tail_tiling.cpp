// Host tiling of the operator: each core gets PER_CORE elements of x (the
// last core fewer), processed in tiles of TILE elements.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/add_tail_tiling_data.h"

namespace optiling {
constexpr int64_t PER_CORE = 32768;
constexpr uint32_t TILE = 4096;

static ge::graphStatus AddTailTilingFunc(gert::TilingContext *context) {
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t total = xShape->GetStorageShape().GetShapeSize();
  OP_CHECK_IF(total <= 0 || total > 0x3fffffff, OP_LOGE(context, "x is empty or too large"), return ge::GRAPH_FAILED);
  AddTailTilingData *tiling = context->GetTilingData<AddTailTilingData>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  tiling->totalLength = static_cast<uint32_t>(total);
  tiling->perCoreLength = static_cast<uint32_t>(PER_CORE);
  tiling->tileLength = TILE;
  context->SetBlockDim(static_cast<uint32_t>(Ops::Base::CeilDiv(total, PER_CORE)));
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(AddTail).Tiling(AddTailTilingFunc);
} // namespace optiling

namespace ops {
class AddTail : public OpDef {
public:
  explicit AddTail(const char *name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(AddTail);
} // namespace ops
