// Host tiling of the operator: cores get whole 32-byte blocks of x, tiles are
// as large as four double-buffered half tiles allow in UB (1 KiB kept free).
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/add_tail_tiling_data.h"

namespace optiling {
constexpr uint32_t BLOCK_ELEMS = 16; // halves per 32-byte block
constexpr uint64_t QUEUE_BUFFERS = 4; // in and out, double-buffered

static ge::graphStatus AddTailTilingFunc(gert::TilingContext *context) {
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  uint64_t ubSize = 0;
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
  uint32_t coreNum = platform.GetCoreNumAiv();
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t total = xShape->GetStorageShape().GetShapeSize();
  OP_CHECK_IF(total <= 0 || total > 0x7fffffff, OP_LOGE(context, "x is empty or too large"), return ge::GRAPH_FAILED);
  uint32_t tileLength = static_cast<uint32_t>((ubSize - 1024) / QUEUE_BUFFERS / 32 * 32 / sizeof(uint16_t));
  uint32_t blocks = static_cast<uint32_t>(Ops::Base::CeilDiv(total, int64_t(BLOCK_ELEMS)));
  uint32_t perCoreLength = Ops::Base::CeilDiv(blocks, coreNum) * BLOCK_ELEMS;
  uint32_t usedCores = static_cast<uint32_t>(Ops::Base::CeilDiv(total, int64_t(perCoreLength)));

  AddTailTilingData *tiling = context->GetTilingData<AddTailTilingData>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  tiling->totalLength = static_cast<uint32_t>(total);
  tiling->perCoreLength = perCoreLength;
  tiling->tileLength = tileLength;
  context->SetBlockDim(usedCores);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(AddTail).Tiling(AddTailTilingFunc);
} // namespace optiling
