// Tiling data of the sample template-selected operator.
#ifndef TPL_COPY_TILING_H
#define TPL_COPY_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TplCopyTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(TplCopy, TplCopyTilingData)
} // namespace optiling
#endif
