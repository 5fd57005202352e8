// An operator whose tiling class derives from another operator's
// (rowsum/op_host/rowsum_common_tiling.h, included from the repository's
// root as real projects do). Each step's status is passed on with
// `if (ret != ge::GRAPH_SUCCESS) return ret;`: those returns are failures
// whatever the status's value, so every field is set on every successful path.
#include "rowsum/op_host/rowsum_common_tiling.h"

namespace optiling {
constexpr int64_t MAX_COLS = 4096;

class RowSumGradTiling : public RowSumCommonTiling {
public:
  explicit RowSumGradTiling(gert::TilingContext *context) : RowSumCommonTiling(context) {}
  ge::graphStatus CheckShape() override {
    if (cols <= 0 || cols > MAX_COLS || rows <= 0)
      return ge::GRAPH_FAILED;
    return ge::GRAPH_SUCCESS;
  }
};

static ge::graphStatus TilingRowSumGrad(gert::TilingContext *context) {
  RowSumGradTiling tiling(context);
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

IMPL_OP_OPTILING(RowSumGrad).Tiling(TilingRowSumGrad);
} // namespace optiling
