// ascendc-lint bundled AscendC API: the Matmul high-level API entry point.
// Mirrors mirror-cann/asc-devkit include/adv_api/matmul/matmul_intf.h
// (installed as lib/matmul_intf.h); declarations in ascendc_lint/matmul.h.
#pragma once

#include "kernel_operator.h"
#include "ascendc_lint/matmul.h"

// Upstream matmul_intf.h makes `Matmul` the plain cube-side implementation
// when ASCENDC_CUBE_ONLY is defined before it is included, and the
// message-based client/server pair of a mixed kernel otherwise; the linter
// reads this constant to know which (api/MatmulApi.cpp).
#ifdef ASCENDC_CUBE_ONLY
namespace ascendc_lint {
constexpr bool kMatmulCubeOnly = true;
}
#endif
