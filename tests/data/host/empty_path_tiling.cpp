// Host tiling in the shape of ops-math's cosh: the empty-input path zeroes the
// tiling struct it gets from one GetTilingData call and returns; the main path
// gets the struct again and fills it in a helper, from an attribute the reader
// does not model (tests/unit/test_host.cpp). The empty path's zeros must not
// become the fields' values for every input.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct EmptyPathTilingData {
  uint32_t totalLength;
  uint32_t tileLength;
};

namespace optiling {
static ge::graphStatus FillTiling(gert::TilingContext *context, EmptyPathTilingData *tiling, int64_t total) {
  tiling->totalLength = static_cast<uint32_t>(total);
  tiling->tileLength = static_cast<uint32_t>(*context->GetAttrs()->GetAttrPointer<int64_t>(0));
  return ge::GRAPH_SUCCESS;
}

static ge::graphStatus EmptyPathTilingFunc(gert::TilingContext *context) {
  int64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
  if (total <= 0) {
    EmptyPathTilingData *tiling = context->GetTilingData<EmptyPathTilingData>();
    memset_s(tiling, sizeof(EmptyPathTilingData), 0, sizeof(EmptyPathTilingData));
    context->SetBlockDim(1);
    return ge::GRAPH_SUCCESS;
  }
  EmptyPathTilingData *tiling = context->GetTilingData<EmptyPathTilingData>();
  OP_CHECK_IF(FillTiling(context, tiling, total) != ge::GRAPH_SUCCESS, OP_LOGE(context, "fill"),
              return ge::GRAPH_FAILED);
  context->SetBlockDim(8);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(EmptyPath).Tiling(EmptyPathTilingFunc);
} // namespace optiling
