// An operator whose tiling function is another operator's (colreduce), as
// ops-math's arg_max_v2 registers arg_max_with_value's ArgOpsTiling.
#include "colreduce/op_host/colreduce_tiling.h"

namespace optiling {
IMPL_OP_OPTILING(ColMax).Tiling(ColReduceTiling);
} // namespace optiling
