// Host tiling that keeps scratch values in std::vector (a prefix sum over
// the rows, a std::vector<bool> of flags) beside the fields it computes from
// the shape (tests/unit/test_host.cpp). The vectors' contents are not
// followed; the fields that do not depend on them must still be known, and
// one read from a vector element must be unknown, not a guess.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

#include <vector>

namespace optiling {
BEGIN_TILING_DATA_DEF(VectorScratchTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);
TILING_DATA_FIELD_DEF(uint32_t, lastPrefix);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(VectorScratchOp, VectorScratchTilingData)

static ge::graphStatus VectorScratchTiling(gert::TilingContext *context) {
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t rows = xShape->GetStorageShape().GetDim(0);
  OP_CHECK_IF(rows <= 0 || rows > 4096, OP_LOGE(context, "rows"), return ge::GRAPH_FAILED);
  std::vector<int64_t> prefix(rows + 1, 0);
  std::vector<bool> nonEmpty(rows, false);
  for (int64_t r = 0; r < rows; ++r) {
    prefix[r + 1] = prefix[r] + 1;
    nonEmpty[r] = true;
  }
  VectorScratchTilingData tiling;
  tiling.set_rows(static_cast<uint32_t>(rows));
  tiling.set_lastPrefix(static_cast<uint32_t>(prefix[rows]));
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(VectorScratchOp).Tiling(VectorScratchTiling);
} // namespace optiling
