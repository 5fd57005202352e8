// ascendc-lint bundled AscendC API: include name of the C API, as
// mirror-cann/asc-devkit include/c_api/asc_simd.h (declarations in ascendc_lint/c_api.h).
#pragma once
#include "ascendc_lint/macros.h"
#include "ascendc_lint/c_api.h"
#include "ascendc_lint/reg.h"
