// The tiling struct written through a reference to the context's buffer
// (tests/unit/test_host.cpp): `auto &tiling = *context->GetTilingData<T>();`
// binds the object itself, and the element count is a product over the
// shape's dimensions in a loop of symbolic length.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct RefTilingData {
  int64_t size;
  int64_t perCore;
};

namespace optiling {
static ge::graphStatus TilingRef(gert::TilingContext *context) {
  auto &x = context->GetInputShape(0)->GetStorageShape();
  int64_t size = 1;
  for (size_t i = 0; i < x.GetDimNum(); i++)
    size *= x[i];
  auto &tiling = *context->GetTilingData<RefTilingData>();
  tiling.size = size;
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  int64_t cores = platform.GetCoreNumAiv();
  tiling.perCore = (size + cores - 1) / cores;
  context->SetBlockDim(cores);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(Ref).Tiling(TilingRef);
} // namespace optiling
