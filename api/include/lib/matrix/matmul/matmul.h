// ascendc-lint bundled AscendC API: include name of upstream
// mirror-cann/asc-devkit include/adv_api/matmul/matmul.h (installed as
// lib/matrix/matmul/matmul.h); declarations in ascendc_lint/matmul.h.
#pragma once

#include "lib/matmul_intf.h"
