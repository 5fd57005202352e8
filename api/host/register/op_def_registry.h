// ascendc-lint bundled host API (see ascendc_lint/host.h).
#pragma once
#include "ascendc_lint/host.h"
