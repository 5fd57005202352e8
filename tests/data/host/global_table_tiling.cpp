// Namespace-scope tables filled with constants before they are read, indexed
// by the dtype pair (the way a cast operator's host picks its UB split and
// tiling key; tests/unit/test_host.cpp). An element read before this run
// writes it may hold what an earlier call wrote: unknown.
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct GlobalTableTilingData {
  uint32_t tileBytes;
  uint32_t calls;
};

namespace optiling {
uint64_t partsMap[4][4] = {};
uint64_t keyMap[4] = {};
uint32_t callCount[1] = {};

void InitMaps() {
  partsMap[0][1] = 6; // float -> half
  partsMap[1][0] = 3; // half -> float
  keyMap[0] = 7;
  keyMap[1] = 9;
}

static ge::graphStatus GlobalTableTiling(gert::TilingContext *context) {
  GlobalTableTilingData *tiling = context->GetTilingData<GlobalTableTilingData>();
  InitMaps();
  auto in = context->GetInputDesc(0)->GetDataType();
  auto out = context->GetOutputDesc(0)->GetDataType();
  uint64_t parts = partsMap[in][out];
  if (parts == 0) {
    return ge::GRAPH_FAILED;
  }
  tiling->tileBytes = 196608 / parts / 32 * 32;
  tiling->calls = callCount[0];
  callCount[0] = callCount[0] + 1;
  context->SetTilingKey(keyMap[in]);
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(GlobalTable).Tiling(GlobalTableTiling);
} // namespace optiling
