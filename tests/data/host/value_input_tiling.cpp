// A value-dependent input (tests/unit/test_host.cpp): the paddings of a pad
// operator come as the data of input 1 (`TilingInputsDataDependency({1})`),
// read through Tensor::GetData<int64_t>() at an index computed from its size.
// Each element is a free input of the contract ("paddings.data[k]"), and the
// host's checks on them are facts: a pad wider than half the row is a failure.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(PadRowsTilingData)
TILING_DATA_FIELD_DEF(int64_t, cols);
TILING_DATA_FIELD_DEF(int64_t, left);
TILING_DATA_FIELD_DEF(int64_t, right);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(PadRows, PadRowsTilingData)

static ge::graphStatus TilingPadRows(gert::TilingContext *context) {
  auto xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t cols = xShape->GetStorageShape().GetDim(1);
  auto paddings = context->GetInputTensor(1);
  OP_CHECK_NULL_WITH_CONTEXT(context, paddings);
  int64_t num = paddings->GetShapeSize();
  OP_CHECK_IF(num < 2, OP_LOGE(context, "two paddings at least"), return ge::GRAPH_FAILED);
  const int64_t *values = paddings->GetData<int64_t>();
  int64_t left = values[num - 2];
  int64_t right = *values;
  OP_CHECK_IF(left < 0 || right < 0 || left > cols / 2 || right > cols / 2, OP_LOGE(context, "pad"),
              return ge::GRAPH_FAILED);
  PadRowsTilingData tiling;
  tiling.set_cols(cols);
  tiling.set_left(left);
  tiling.set_right(right);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(PadRows).Tiling(TilingPadRows);
} // namespace optiling
