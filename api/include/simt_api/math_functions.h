// ascendc-lint bundled AscendC API: include name of the SIMT API, as
// mirror-cann/asc-devkit include/simt_api/math_functions.h (its declarations are
// among those of ascendc_lint/simt_c.h; what is not declared there does not
// compile and stays unknown).
#pragma once
#include "kernel_operator.h"
#include "ascendc_lint/simt_c.h"
