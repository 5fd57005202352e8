// rowsum_grad_tiling.cpp over a header without an include guard
// (rowmin/op_host/rowmin_common_tiling.h): not read with its companion.
#include "rowmin/op_host/rowmin_common_tiling.h"

namespace optiling {
constexpr int64_t MAX_COLS = 4096;

class RowMinGradTiling : public RowMinCommonTiling {
public:
  explicit RowMinGradTiling(gert::TilingContext *context) : RowMinCommonTiling(context) {}
  ge::graphStatus CheckShape() override {
    if (cols <= 0 || cols > MAX_COLS || rows <= 0)
      return ge::GRAPH_FAILED;
    return ge::GRAPH_SUCCESS;
  }
};

static ge::graphStatus TilingRowMinGrad(gert::TilingContext *context) {
  RowMinGradTiling tiling(context);
  auto ret = tiling.GetShapeInfo();
  if (ret != ge::GRAPH_SUCCESS) {
    return ret;
  }
  ret = tiling.GetPlatformInfo();
  if (ret != ge::GRAPH_SUCCESS)
    return ret;
  tiling.DivCore();
  tiling.SetTilingData();
  ret = tiling.PostTiling();
  if (ret != ge::GRAPH_SUCCESS)
    return ret;
  context->SetTilingKey(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(RowMinGrad).Tiling(TilingRowMinGrad);
} // namespace optiling
