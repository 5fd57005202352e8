// Host tiling written as a class (the shape of many operator projects): the
// TilingData struct is a member filled by setters in one method, the values
// are members computed by others, attributes come through pointers checked
// for null, and SaveToBuffer copies the struct into the context's raw tiling
// buffer (tests/unit/test_host.cpp). Every field the kernel reads must come
// out of the class as a function of the shape and the attributes.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ClassTilingData)
TILING_DATA_FIELD_DEF(uint32_t, usedCores);
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);
TILING_DATA_FIELD_DEF(uint32_t, tailRows);
TILING_DATA_FIELD_DEF(float, scale);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(ClassOp, ClassTilingData)

constexpr uint32_t ROWS_PER_TILE = 8;

class ClassOpTiling {
public:
  explicit ClassOpTiling(gert::TilingContext *ctx) : context(ctx) {}
  ge::graphStatus DoTiling();

private:
  ge::graphStatus ReadAttrs();
  ge::graphStatus Split();
  void Fill();

  ClassTilingData tiling;
  gert::TilingContext *context = nullptr;
  int64_t rows = 0;
  int64_t maxRows = 0;
  uint32_t coreNum = 0;
  uint32_t usedCores = 1;
  uint32_t rowsPerCore = 0;
  uint32_t tailRows = 0;
  float scale = 1.0f;
};

ge::graphStatus ClassOpTiling::ReadAttrs() {
  auto attrs = context->GetAttrs();
  OP_CHECK_NULL_WITH_CONTEXT(context, attrs);
  const float *scalePtr = attrs->GetAttrPointer<float>(1);
  OP_CHECK_NULL_WITH_CONTEXT(context, scalePtr);
  scale = *scalePtr;
  // A check on a float the reader does not follow: an unknown condition, but
  // the same one wherever the values it guards are used.
  OP_CHECK_IF(scale == 0.0f, OP_LOGE(context, "scale"), return ge::GRAPH_FAILED);
  const int64_t *maxPtr = attrs->GetAttrPointer<int64_t>(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, maxPtr);
  maxRows = *maxPtr;
  OP_CHECK_IF(maxRows <= 0, OP_LOGE(context, "maxRows"), return ge::GRAPH_FAILED);
  return ge::GRAPH_SUCCESS;
}

ge::graphStatus ClassOpTiling::Split() {
  auto shape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, shape);
  rows = shape->GetStorageShape().GetDim(0);
  OP_CHECK_IF(rows <= 0 || rows > maxRows, OP_LOGE(context, "rows"), return ge::GRAPH_FAILED);
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  coreNum = platform.GetCoreNumAiv();
  OP_CHECK_IF(coreNum == 0, OP_LOGE(context, "cores"), return ge::GRAPH_FAILED);
  rowsPerCore = (rows + coreNum - 1) / coreNum;
  usedCores = (rows + rowsPerCore - 1) / rowsPerCore;
  tailRows = rows - (usedCores - 1) * rowsPerCore;
  return ge::GRAPH_SUCCESS;
}

void ClassOpTiling::Fill() {
  tiling.set_usedCores(usedCores);
  tiling.set_rowsPerCore(rowsPerCore);
  tiling.set_tailRows(tailRows);
  tiling.set_scale(scale);
}

ge::graphStatus ClassOpTiling::DoTiling() {
  OP_CHECK_IF(ReadAttrs() != ge::GRAPH_SUCCESS, OP_LOGE(context, "attrs"), return ge::GRAPH_FAILED);
  OP_CHECK_IF(Split() != ge::GRAPH_SUCCESS, OP_LOGE(context, "split"), return ge::GRAPH_FAILED);
  Fill();
  context->SetBlockDim(usedCores);
  context->SetTilingKey(1);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  return ge::GRAPH_SUCCESS;
}

static ge::graphStatus TilingClassOp(gert::TilingContext *context) {
  ClassOpTiling tilingObj(context);
  return tilingObj.DoTiling();
}

IMPL_OP_OPTILING(ClassOp).Tiling(TilingClassOp);
} // namespace optiling
