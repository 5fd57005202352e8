// The element size computed as a quotient (`inputLength / inputNum` after
// `inputLength = inputNum * typeLength`), the way a common operator tiling
// template does (tests/unit/test_host.cpp): the reader folds it to the dtype's
// size where the path has returned for an empty input, so the UB tile is a
// constant once the dtype is known, and the later check on the quotient is
// decided by the earlier one.
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct DtypeBytesTilingData {
  uint32_t tileDataNum;
  uint32_t coreDataNum;
};

namespace optiling {
constexpr uint64_t BLOCK = 32;

static ge::graphStatus DtypeBytesTiling(gert::TilingContext *context) {
  DtypeBytesTilingData *tiling = context->GetTilingData<DtypeBytesTilingData>();
  uint64_t ubSize = 0;
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
  uint64_t inputNum = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
  if (inputNum == 0) {
    return ge::GRAPH_FAILED;
  }
  uint32_t typeLength = 0;
  ge::TypeUtils::GetDataTypeLength(context->GetInputDesc(0)->GetDataType(), typeLength);
  uint64_t inputLength = inputNum * typeLength;
  uint64_t inputBytes = inputLength / inputNum;
  if (inputBytes == 0) {
    return ge::GRAPH_FAILED;
  }
  uint64_t tileBlockNum = ubSize / BLOCK / 4;
  tiling->tileDataNum = tileBlockNum * BLOCK / inputBytes;
  tiling->coreDataNum = (inputLength + BLOCK - 1) / BLOCK * BLOCK / inputBytes;
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(DtypeBytes).Tiling(DtypeBytesTiling);
} // namespace optiling
