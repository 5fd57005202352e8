// A tiling class shared by two operators (tests/unit/test_host.cpp, "companion
// sources"): declared here, defined in rowmax_common_tiling.cpp beside it. An
// operator that derives from it (rowmax_grad) includes this header only; the
// host reader must read the .cpp with it, or every method of the base is a
// call without a body.
#ifndef ROWMAX_COMMON_TILING_H
#define ROWMAX_COMMON_TILING_H
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

constexpr int64_t ROW_UNIT = 8; // rows per tile, for both operators

namespace optiling {
BEGIN_TILING_DATA_DEF(RowMaxTilingData)
TILING_DATA_FIELD_DEF(int64_t, rows);
TILING_DATA_FIELD_DEF(int64_t, rowsPerCore);
TILING_DATA_FIELD_DEF(int64_t, tailRows);
TILING_DATA_FIELD_DEF(int64_t, rowBytes);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(RowMaxGrad, RowMaxTilingData)

class RowMaxCommonTiling {
public:
  explicit RowMaxCommonTiling(gert::TilingContext *context) : context_(context) {}
  virtual ~RowMaxCommonTiling() = default;
  ge::graphStatus GetShapeInfo();
  ge::graphStatus GetPlatformInfo();
  ge::graphStatus PostTiling();
  void DivCore();
  void SetTilingData();
  virtual ge::graphStatus CheckShape() = 0;

protected:
  gert::TilingContext *context_ = nullptr;
  RowMaxTilingData tilingData_;
  int64_t rows = 0;
  int64_t cols = 0;
  int64_t coreNum = 0;
  int64_t rowsPerCore = 0;
  int64_t tailRows = 0;
  int64_t rowBytes = 0;
  int64_t usedCores = 0;
};
} // namespace optiling
#endif
