// Host tiling in the shape ops-math's elementwise operators take: a helper
// reads the platform and returns GRAPH_FAILED for a core count or UB size of
// 0 (its writes after that check happen only where it passed); the
// empty-input path zeroes the tiling struct, sets the tiling key and returns;
// the main path gets the struct again, fills it and never sets the key
// (tests/unit/test_host.cpp). The main path's values must be what it
// computes, with no trace of the checks that cannot fail.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct PlatformCheckedTilingData {
  uint32_t perCoreLength;
  uint32_t tileLength;
};

namespace optiling {
struct PlatformFacts {
  uint64_t ubSize{0};
  int64_t coreNum{0};
};

static ge::graphStatus ReadPlatform(gert::TilingContext *context, PlatformFacts &facts) {
  auto ascendc = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  facts.coreNum = ascendc.GetCoreNumAiv();
  if (facts.coreNum <= 0) {
    return ge::GRAPH_FAILED;
  }
  ascendc.GetCoreMemSize(platform_ascendc::CoreMemType::UB, facts.ubSize);
  if (facts.ubSize <= 0) {
    return ge::GRAPH_FAILED;
  }
  return ge::GRAPH_SUCCESS;
}

static ge::graphStatus PlatformCheckedTilingFunc(gert::TilingContext *context) {
  PlatformFacts facts;
  if (ReadPlatform(context, facts) != ge::GRAPH_SUCCESS) {
    return ge::GRAPH_FAILED;
  }
  int64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
  if (total <= 0) {
    PlatformCheckedTilingData *tiling = context->GetTilingData<PlatformCheckedTilingData>();
    memset_s(tiling, sizeof(PlatformCheckedTilingData), 0, sizeof(PlatformCheckedTilingData));
    context->SetBlockDim(1);
    context->SetTilingKey(7);
    return ge::GRAPH_SUCCESS;
  }
  PlatformCheckedTilingData *tiling = context->GetTilingData<PlatformCheckedTilingData>();
  tiling->perCoreLength = static_cast<uint32_t>((total + facts.coreNum - 1) / facts.coreNum);
  tiling->tileLength = static_cast<uint32_t>(facts.ubSize / 8 / sizeof(float));
  context->SetBlockDim(static_cast<uint32_t>(facts.coreNum));
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(PlatformChecked).Tiling(PlatformCheckedTilingFunc);
} // namespace optiling
