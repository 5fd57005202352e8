// ascendc-lint bundled AscendC API: the Matmul high-level API entry point.
// Mirrors mirror-cann/asc-devkit include/adv_api/matmul/matmul_intf.h
// (installed as lib/matmul_intf.h); declarations in ascendc_lint/matmul.h.
#pragma once

#include "kernel_operator.h"
#include "ascendc_lint/matmul.h"
