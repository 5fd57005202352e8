// Host tiling in the shape of production operators: a constant scalar shape
// for EnsureNotScalar, per-dtype cases written as blocks, and the template
// selection made by ASCENDC_TPL_SEL_PARAM (tests/unit/test_host.cpp).
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct TplScaleTilingData {
  uint32_t totalLength;
  uint32_t tileLength;
};

namespace optiling {
static const gert::Shape kVec1Shape = {1};

static inline const gert::Shape EnsureNotScalar(const gert::Shape &in) {
  if (in.GetDimNum() == 0) {
    return kVec1Shape;
  }
  return in;
}

static ge::graphStatus TplScaleTilingFunc(gert::TilingContext *context) {
  auto xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  auto shape = EnsureNotScalar(xShape->GetStorageShape());
  int64_t total = shape.GetShapeSize();
  ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
  uint32_t tile = 0;
  switch (dtype) {
  case ge::DT_FLOAT: {
    tile = 2048;
    break;
  }
  case ge::DT_FLOAT16: {
    tile = 4096;
    break;
  }
  default:
    return ge::GRAPH_FAILED;
  }
  TplScaleTilingData *tiling = context->GetTilingData<TplScaleTilingData>();
  tiling->totalLength = static_cast<uint32_t>(total);
  tiling->tileLength = tile;
  uint32_t dtypeVal = static_cast<uint32_t>(dtype);
  ASCENDC_TPL_SEL_PARAM(context, dtypeVal);
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(TplScale).Tiling(TplScaleTilingFunc);
} // namespace optiling
