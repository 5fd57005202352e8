// Loops whose trip count only the path bounds, the way real tiling
// functions check a shape: a rank checked against 8 and then each dimension
// checked in a loop (a return inside it), a count of inputs with no bound
// checked the same way, and a std::vector of the dimensions.
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

#include <vector>

struct RankLoopTilingData {
  int64_t rows;
  int64_t last;
  int64_t tileLength;
  int64_t firstDim;
};

namespace optiling {
constexpr size_t MAX_DIMS = 8;

// As view_copy's CalcNumel: false for a rank past 8 or a dimension that is
// not positive, the element count otherwise.
static bool ElementCount(const gert::Shape &shape, int64_t &count) {
  const size_t rank = shape.GetDimNum();
  if (rank == 0 || rank > MAX_DIMS) {
    return false;
  }
  for (size_t i = 0; i < rank; ++i) {
    const int64_t d = shape.GetDim(i);
    if (d <= 0) {
      return false;
    }
  }
  count = shape.GetShapeSize();
  return true;
}

static ge::graphStatus RankLoopTiling(gert::TilingContext *context) {
  const gert::Shape &shape = context->GetInputShape(0)->GetStorageShape();
  int64_t count = 0;
  if (!ElementCount(shape, count)) {
    return ge::GRAPH_FAILED;
  }
  // A bound the path does not give: each check fails or not in some
  // iteration the reader cannot name.
  int64_t groups = shape.GetDim(0);
  for (int64_t g = 0; g < groups; ++g) {
    if (g * 4096 > count) {
      return ge::GRAPH_FAILED;
    }
  }
  std::vector<int64_t> dims(shape.GetDimNum());
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    dims[i] = shape.GetDim(i);
  }
  RankLoopTilingData *tiling = context->GetTilingData<RankLoopTilingData>();
  tiling->rows = count;
  tiling->last = dims[shape.GetDimNum() - 1];
  tiling->tileLength = 256;
  tiling->firstDim = groups;
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(RankLoop).Tiling(RankLoopTiling);
} // namespace optiling
