// Host tiling: the output shape is checked against the input's dimension by
// dimension in a loop that clears a flag and breaks (the trip count is the
// input's rank, so the reader does not unroll it), then the row length is
// checked. It accepts rows of up to 65536 floats, more than the kernel's UB
// buffers hold.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/row_scale_tiling_data.h"

namespace optiling {
constexpr int64_t MAX_HIDDEN = 65536;

static ge::graphStatus ShapeCheckScaleTilingFunc(gert::TilingContext *context) {
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  uint32_t coreNum = platform.GetCoreNumAiv();
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  const gert::StorageShape *yShape = context->GetOutputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, yShape);
  const gert::Shape &shape = xShape->GetStorageShape();
  const gert::Shape &out = yShape->GetStorageShape();
  bool sameShape = shape.GetDimNum() == out.GetDimNum();
  for (size_t i = 0; sameShape && i < shape.GetDimNum(); ++i) {
    if (shape.GetDim(i) != out.GetDim(i)) {
      sameShape = false;
      break;
    }
  }
  OP_CHECK_IF(!sameShape, OP_LOGE(context, "x and y differ in shape"), return ge::GRAPH_FAILED);
  int64_t rows = shape.GetDim(0);
  int64_t hidden = shape.GetDim(1);
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

IMPL_OP_OPTILING(ShapeCheckScale).Tiling(ShapeCheckScaleTilingFunc);
} // namespace optiling

namespace ops {
class ShapeCheckScale : public OpDef {
public:
  explicit ShapeCheckScale(const char *name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(ShapeCheckScale);
} // namespace ops
