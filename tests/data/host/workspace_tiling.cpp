// The workspace the host asks for (tests/unit/test_host.cpp): the system
// workspace (GetLibApiWorkSpaceSize, the target's) plus one row of floats
// per core used, written through GetWorkspaceSizes(1) twice (the second
// call is the same array).
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(PartialSumTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(PartialSum, PartialSumTilingData)

static ge::graphStatus TilingPartialSum(gert::TilingContext *context) {
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  uint32_t cores = platform.GetCoreNumAiv();
  OP_CHECK_IF(cores == 0, OP_LOGE(context, "no cores"), return ge::GRAPH_FAILED);
  size_t *sizes = context->GetWorkspaceSizes(1);
  sizes[0] = platform.GetLibApiWorkSpaceSize();
  size_t *again = context->GetWorkspaceSizes(1);
  again[0] += cores * 64 * sizeof(float);
  PartialSumTilingData tiling;
  tiling.set_rowsPerCore(1);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  context->SetBlockDim(cores);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(PartialSum).Tiling(TilingPartialSum);
} // namespace optiling
