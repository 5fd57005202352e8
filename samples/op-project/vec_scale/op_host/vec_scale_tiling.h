// Tiling data of the sample operator project (the build generates the
// kernel-side struct from this; ascendc-lint reads it directly).
#ifndef VEC_SCALE_TILING_H
#define VEC_SCALE_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(VecScaleTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(VecScale, VecScaleTilingData)
} // namespace optiling
#endif
