// Loops over the data of a value-dependent input (tests/unit/test_host.cpp):
// a fill operator's output has as many elements as the product of its `dims`
// tensor's values. The product (and a sum) over the elements is a free input
// of the contract ("dims.data.product", "dims.data.sum"), 1 (0) where the
// loop does not run; a loop doubling a value is not over the data and stays
// unmodelled. The fill value is a `.Scalar()` input: one element.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(FillRowsTilingData)
TILING_DATA_FIELD_DEF(uint32_t, total);
TILING_DATA_FIELD_DEF(int64_t, sum);
TILING_DATA_FIELD_DEF(int64_t, doubled);
TILING_DATA_FIELD_DEF(uint64_t, narrow);
TILING_DATA_FIELD_DEF(uint32_t, head);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(FillRows, FillRowsTilingData)

static ge::graphStatus TilingFillRows(gert::TilingContext *context) {
  auto dimsShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, dimsShape);
  auto dims = context->GetInputTensor(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, dims);
  const int64_t *values = dims->GetData<int64_t>();
  int64_t rank = dimsShape->GetStorageShape().GetDim(0);
  uint32_t total = 1;
  for (int64_t i = 0; i < rank; i++) {
    total *= values[i];
  }
  // Over fewer elements: another value than the product of all.
  uint32_t head = 1;
  for (int64_t i = 0; i < rank - 1; i++) {
    head *= values[i];
  }
  int64_t sum = 0;
  for (int i = 0; i < rank; ++i) {
    sum += values[i];
  }
  int64_t doubled = 1;
  for (int64_t i = 0; i < rank; i++) {
    doubled *= 2;
  }
  // Elements narrower than the accumulator do not reach every value of it.
  const int8_t *bytes = context->GetInputTensor(2)->GetData<int8_t>();
  uint64_t narrow = 0;
  for (int64_t i = 0; i < rank; i++) {
    narrow += bytes[i];
  }
  FillRowsTilingData tiling;
  tiling.set_total(total);
  tiling.set_sum(sum);
  tiling.set_doubled(doubled);
  tiling.set_narrow(narrow);
  tiling.set_head(head);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(FillRows).Tiling(TilingFillRows);
} // namespace optiling
