// Helpers that return their results through pointers to the caller's locals
// (the way most operator hosts read the platform: GetPlatformInfo(context,
// &ubSize, &coreNum)), a pointer local re-pointed, and a library function
// without a definition writing through a pointer (its value is unknown).
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct OutParamTilingData {
  int64_t coreNum;
  int64_t ubBytes;
  int64_t blockFactor;
  int64_t picked;
  int64_t opaque;
};

namespace optiling {
int64_t ExternalQuery(int64_t *out); // no definition: writes *out

static ge::graphStatus GetPlatformInfo(gert::TilingContext *context, uint64_t *ubSize, int64_t *coreNum) {
  auto ascendcPlatform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  *coreNum = ascendcPlatform.GetCoreNumAiv();
  if (*coreNum == 0) {
    return ge::GRAPH_FAILED;
  }
  ascendcPlatform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, *ubSize);
  return ge::GRAPH_SUCCESS;
}

static void Split(int64_t total, int64_t cores, int64_t *factor) {
  int64_t *dst = factor;
  *dst = (total + cores - 1) / cores;
}

static ge::graphStatus OutParamTiling(gert::TilingContext *context) {
  uint64_t ubSize = 0;
  int64_t coreNum = 0;
  if (GetPlatformInfo(context, &ubSize, &coreNum) != ge::GRAPH_SUCCESS) {
    return ge::GRAPH_FAILED;
  }
  int64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
  int64_t factor = 0;
  Split(total, coreNum, &factor);
  if (factor == 0) {
    return ge::GRAPH_FAILED; // an empty input: the value written through the pointer decides
  }
  int64_t a = 1, b = 2;
  int64_t *p = &a;
  p = &b;
  *p = 7; // b = 7, a stays 1
  int64_t hidden = 5;
  ExternalQuery(&hidden);
  OutParamTilingData *tiling = context->GetTilingData<OutParamTilingData>();
  tiling->coreNum = coreNum;
  tiling->ubBytes = static_cast<int64_t>(ubSize);
  tiling->blockFactor = factor;
  tiling->picked = a * 10 + b;
  tiling->opaque = hidden;
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(OutParam).Tiling(OutParamTiling);
} // namespace optiling
