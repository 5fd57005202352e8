// ascendc-lint bundled AscendC API: include name of the SIMT API, as
// mirror-cann/asc-devkit include/simt_api/asc_simt.h (declarations in ascendc_lint/simt.h).
#pragma once
#include "kernel_operator.h"
#include "ascendc_lint/simt_c.h"
