// ascendc-lint bundled AscendC API: the integer min / max overloads the
// compiler provides on Ascend 950 to all kernel code, vector and SIMT alike.
// Source: mirror-cann/asc-devkit include/simt_api/math_functions.h declares
// them `static __callee__` under `#if (__NPU_ARCH__ == 3510)` (defined by the
// compiler, not the library); ops-math arch35 kernels call them unqualified
// with kernel_operator.h as their only include (e.g. conversion/concat
// one_axis_concat_pure_copy.h, conversion/tile_with_axis tile_with_axis.h).
// The model computes them exactly (checker/frontend/api/SimtApi.cpp).
#pragma once

#include "ascendc_lint/macros.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

#define ASCENDC_LINT_MINMAX(T)                                                                                  \
    __aicore__ T max(T x, T y);                                                                                 \
    __aicore__ T min(T x, T y);
ASCENDC_LINT_MINMAX(char)
ASCENDC_LINT_MINMAX(short)
ASCENDC_LINT_MINMAX(int)
ASCENDC_LINT_MINMAX(long)
ASCENDC_LINT_MINMAX(long long)
ASCENDC_LINT_MINMAX(unsigned char)
ASCENDC_LINT_MINMAX(unsigned short)
ASCENDC_LINT_MINMAX(unsigned int)
ASCENDC_LINT_MINMAX(unsigned long)
ASCENDC_LINT_MINMAX(unsigned long long)
#undef ASCENDC_LINT_MINMAX

#pragma clang diagnostic pop
