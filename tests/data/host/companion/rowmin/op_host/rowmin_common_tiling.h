// rowsum_common_tiling.h without an include guard (tests/unit/test_host.cpp):
// read by the host file and by its companion in one unit, its class would be
// defined twice. The reader then reads the host file alone.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

constexpr int64_t ROW_UNIT = 8; // rows per tile, for both operators

namespace optiling {
BEGIN_TILING_DATA_DEF(RowMinTilingData)
TILING_DATA_FIELD_DEF(int64_t, rows);
TILING_DATA_FIELD_DEF(int64_t, rowsPerCore);
TILING_DATA_FIELD_DEF(int64_t, tailRows);
TILING_DATA_FIELD_DEF(int64_t, rowBytes);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(RowMinGrad, RowMinTilingData)

class RowMinCommonTiling {
public:
  explicit RowMinCommonTiling(gert::TilingContext *context) : context_(context) {}
  virtual ~RowMinCommonTiling() = default;
  ge::graphStatus GetShapeInfo();
  ge::graphStatus GetPlatformInfo();
  ge::graphStatus PostTiling();
  void DivCore();
  void SetTilingData();
  virtual ge::graphStatus CheckShape() = 0;

protected:
  gert::TilingContext *context_ = nullptr;
  RowMinTilingData tilingData_;
  int64_t rows = 0;
  int64_t cols = 0;
  int64_t coreNum = 0;
  int64_t rowsPerCore = 0;
  int64_t tailRows = 0;
  int64_t rowBytes = 0;
  int64_t usedCores = 0;
};
} // namespace optiling
