// ascendc-lint bundled AscendC API: include name of the SIMT API, as
// mirror-cann/asc-devkit include/simt_api/asc_bf16.h (its conversions and functions
// are declared in ascendc_lint/simt_math.h; what is not declared there does not
// compile and stays unknown).
#pragma once
#include "kernel_operator.h"
#include "ascendc_lint/simt_c.h"
