// ascendc-lint bundled AscendC API: the scalar integer min / max the CCE
// compiler provides to AI Core code before Ascend 950 (910B, 910_93, 310B,
// 310P). Source: the CCE scalar intrinsics `int64_t abs/min/max/sqrt(int64_t)`
// (Huawei's CCE intrinsic header lists them for `__CCE_AICORE__`; MindSpore
// AKG's CCE simulator header runtime/csim/halide_intrinsics.h declares the
// same four for host simulation). ops-math not_equal and not_equal_v2 (OpDef
// config ascend910b) call `min` unqualified with kernel_operator.h as their
// only AscendC include. On Ascend 950 the per-type overloads of
// ascendc_lint/scalar_minmax.h take their place.
// The model computes them exactly (checker/frontend/api/SimtApi.cpp).
#pragma once

#include "ascendc_lint/macros.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"
__aicore__ int64_t min(int64_t in1, int64_t in2);
__aicore__ int64_t max(int64_t in1, int64_t in2);
#pragma clang diagnostic pop
