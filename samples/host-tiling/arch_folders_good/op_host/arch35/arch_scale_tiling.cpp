// Host tiling for the 950 (arch35): x is split into tiles of at most 8192 floats; the
// element count must be a multiple of the tile.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../../op_kernel/arch_scale_tiling_data.h"

namespace optiling {
constexpr int64_t MAX_TILE = 8192;

static ge::graphStatus ArchScaleTilingFunc(gert::TilingContext *context) {
  const gert::StorageShape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  int64_t total = xShape->GetStorageShape().GetShapeSize();
  OP_CHECK_IF(total <= 0 || total > 0x7fffffff, OP_LOGE(context, "unsupported shape"), return ge::GRAPH_FAILED);
  int64_t tile = total < MAX_TILE ? total : MAX_TILE;
  OP_CHECK_IF(tile % 8 != 0 || total % tile != 0, OP_LOGE(context, "unsupported shape"), return ge::GRAPH_FAILED);
  ArchScaleTilingData *tiling = context->GetTilingData<ArchScaleTilingData>();
  tiling->total = static_cast<uint32_t>(total);
  tiling->tile = static_cast<uint32_t>(tile);
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ArchScale).Tiling(ArchScaleTilingFunc);
} // namespace optiling
