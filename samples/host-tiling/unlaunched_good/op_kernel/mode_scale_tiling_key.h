// Template selection of the sample operator: the build instantiates
// mode_scale<schMode> for schMode 0 and 1. Its host (op_host/) only ever
// selects schMode 0.
#ifndef MODE_SCALE_TILING_KEY_H
#define MODE_SCALE_TILING_KEY_H
#include "ascendc/host_api/tiling/template_argument.h"

#define MODE_SCALE_ONE_TILE 0
#define MODE_SCALE_TWO_TILES 1

ASCENDC_TPL_ARGS_DECL(ModeScale,
    ASCENDC_TPL_UINT_DECL(schMode, 1, ASCENDC_TPL_UI_LIST, MODE_SCALE_ONE_TILE, MODE_SCALE_TWO_TILES));

ASCENDC_TPL_SEL(
    ASCENDC_TPL_ARGS_SEL(
        ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY),
        ASCENDC_TPL_UINT_SEL(schMode, ASCENDC_TPL_UI_LIST, MODE_SCALE_ONE_TILE, MODE_SCALE_TWO_TILES)));
#endif
