// Host tiling: tiles of TILE_BYTES, so the element count depends on the dtype.
// The dtype is read from input 0 ("scale"); the kernel is instantiated with
// DTYPE_X1, the dtype of input 1. The OpDef's DataType lists are columns (one
// combination each), so both always have the same dtype.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/mul_pair_tiling_data.h"

namespace optiling {
constexpr uint32_t TILE_BYTES = 8192;

static ge::graphStatus MulPairTilingFunc(gert::TilingContext *context) {
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t total = xShape->GetStorageShape().GetShapeSize();
  uint32_t tileBytes = TILE_BYTES;
  uint32_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT16 ? 2 : 4;
  uint32_t tile = tileBytes / typeSize;
  OP_CHECK_IF(total <= 0 || total % tile != 0 || total > 0x3fffffff, OP_LOGE(context, "unsupported length"),
              return ge::GRAPH_FAILED);
  MulPairTilingData *tiling = context->GetTilingData<MulPairTilingData>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  tiling->totalLength = static_cast<uint32_t>(total);
  tiling->tileLength = tile;
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(MulPair).Tiling(MulPairTilingFunc);
} // namespace optiling
