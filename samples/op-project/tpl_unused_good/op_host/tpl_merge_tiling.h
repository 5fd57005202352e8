// Tiling data of the sample operator TplMerge.
#ifndef TPL_MERGE_TILING_H
#define TPL_MERGE_TILING_H
#include "register/tilingdata_base.h"
namespace optiling {
BEGIN_TILING_DATA_DEF(TplMergeTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(TplMerge, TplMergeTilingData)
} // namespace optiling
#endif
