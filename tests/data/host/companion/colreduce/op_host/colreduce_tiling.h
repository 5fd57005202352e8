// A tiling function shared by several operators (tests/unit/test_host.cpp,
// "companions of companions"): declared here, defined in colreduce_tiling.cpp
// beside it, which calls the split defined beside colreduce_split.h. An
// operator registers the shared function (colmax/op_host/colmax_tiling.cpp)
// and includes this header only: the reader follows the first companion's
// own includes to the second.
#ifndef COLREDUCE_TILING_H
#define COLREDUCE_TILING_H
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ColReduceTilingData)
TILING_DATA_FIELD_DEF(int64_t, outer);
TILING_DATA_FIELD_DEF(int64_t, reduce);
TILING_DATA_FIELD_DEF(int64_t, outerPerCore);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(ColMax, ColReduceTilingData)

ge::graphStatus ColReduceTiling(gert::TilingContext *context);
} // namespace optiling
#endif
