// ascendc-lint bundled AscendC API: mirrors mirror-cann/asc-devkit include/utils/tiling/template_argument.h
// (installed as ascendc/host_api/tiling/template_argument.h); see ascendc_lint/tpl.h.
#pragma once
#include "ascendc_lint/tpl.h"
