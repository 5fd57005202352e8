// ascendc-lint bundled AscendC API: include name of upstream
// mirror-cann/asc-devkit include/basic_api/kernel_basic_intf.h; the whole
// bundled API is provided through kernel_operator.h.
#pragma once

#include "kernel_operator.h"
