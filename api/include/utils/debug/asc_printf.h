// ascendc-lint bundled AscendC API: include name of upstream
// mirror-cann/asc-devkit include/utils/debug/asc_printf.h (device printf / dump /
// assert); the declarations are reached through kernel_operator.h.
#pragma once

#include "kernel_operator.h"
