// Host tiling whose template argument is set on every accepted path but is
// merged with what the failing path left (tests/unit/test_host.cpp): the
// empty input and each supported dtype select a mode; another dtype fails.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct TplModeTilingData {
  uint32_t totalLength;
  uint32_t tileLength;
};

namespace optiling {
static ge::graphStatus TplModeTilingFunc(gert::TilingContext *context) {
  auto xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t total = xShape->GetStorageShape().GetShapeSize();
  TplModeTilingData *tiling = context->GetTilingData<TplModeTilingData>();
  context->SetBlockDim(1);
  if (total == 0) {
    tiling->totalLength = 0;
    tiling->tileLength = 0;
    ASCENDC_TPL_SEL_PARAM(context, 0);
    return ge::GRAPH_SUCCESS;
  }
  tiling->totalLength = static_cast<uint32_t>(total);
  ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
  if (dtype == ge::DT_FLOAT) {
    tiling->tileLength = 8192;
    ASCENDC_TPL_SEL_PARAM(context, 0);
  } else if (dtype == ge::DT_FLOAT16) {
    tiling->tileLength = 12288;
    ASCENDC_TPL_SEL_PARAM(context, 1);
  } else {
    return ge::GRAPH_FAILED;
  }
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(TplMode).Tiling(TplModeTilingFunc);
} // namespace optiling
