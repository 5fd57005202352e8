// ascendc-lint bundled AscendC API: umbrella header, the one kernels include.
// Mirrors mirror-cann/asc-devkit include/kernel_operator.h (which pulls in
// kernel_tpipe.h, kernel_tensor.h, kernel_type.h and kernel_operator_intf.h).
// The declarations live in the topic headers under ascendc_lint/; the Matmul
// high-level API is in lib/matmul_intf.h as upstream; kernel_tiling/kernel_tiling.h
// is reached from here as upstream (through the softmax headers).
#pragma once

#include "ascendc_lint/macros.h"
#include "ascendc_lint/builtins.h"
#include "ascendc_lint/types.h"
#include "ascendc_lint/params.h"
#include "ascendc_lint/tensor.h"
#include "ascendc_lint/tpipe.h"
#include "ascendc_lint/sync.h"
#include "ascendc_lint/sys.h"
#include "ascendc_lint/data_copy.h"
#include "ascendc_lint/vector.h"
#include "ascendc_lint/cube.h"
#include "ascendc_lint/adv_math.h"
#include "ascendc_lint/adv_sort.h"
#include "ascendc_lint/adv_norm.h"
#include "ascendc_lint/reg.h"
#include "ascendc_lint/simt.h"
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510)
#include "ascendc_lint/scalar_minmax.h"
#else
#include "ascendc_lint/cce_scalar_minmax.h"
#endif
#include "kernel_tiling/kernel_tiling.h"
