// Host tiling that names standard-library templates unqualified (`vector`,
// `min`), as operator host code does when the build's ops-base headers bring
// std into scope (ops-math mem_set_v2). Without them it does not compile;
// the reader reads it again with `using namespace std;` in front
// (tests/unit/test_host.cpp).
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

#include <algorithm>
#include <vector>

namespace optiling {
BEGIN_TILING_DATA_DEF(UnqualifiedStdTilingData)
TILING_DATA_FIELD_DEF(uint32_t, tile);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(UnqualifiedStdOp, UnqualifiedStdTilingData)

static ge::graphStatus UnqualifiedStdTiling(gert::TilingContext *context) {
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t total = xShape->GetStorageShape().GetShapeSize();
  OP_CHECK_IF(total <= 0, OP_LOGE(context, "empty"), return ge::GRAPH_FAILED);
  vector<int64_t> scratch(4, 0);
  UnqualifiedStdTilingData tiling;
  tiling.set_tile(static_cast<uint32_t>(min<int64_t>(total, 2048)));
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(UnqualifiedStdOp).Tiling(UnqualifiedStdTiling);
} // namespace optiling
