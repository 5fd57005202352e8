// Template selection of the sample operator: the build instantiates
// mode_scale<schMode> for schMode 0, 1 and 2. Its host (op_host/) selects
// schMode 2 for an empty input and 0 for every other; never 1.
#ifndef MODE_SCALE_TILING_KEY_H
#define MODE_SCALE_TILING_KEY_H
#include "ascendc/host_api/tiling/template_argument.h"

#define MODE_SCALE_ONE_TILE 0
#define MODE_SCALE_TWO_TILES 1
#define MODE_SCALE_EMPTY 2

ASCENDC_TPL_ARGS_DECL(ModeScale,
    ASCENDC_TPL_UINT_DECL(schMode, 2, ASCENDC_TPL_UI_LIST, MODE_SCALE_ONE_TILE, MODE_SCALE_TWO_TILES, MODE_SCALE_EMPTY));

ASCENDC_TPL_SEL(
    ASCENDC_TPL_ARGS_SEL(
        ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY),
        ASCENDC_TPL_UINT_SEL(schMode, ASCENDC_TPL_UI_LIST, MODE_SCALE_ONE_TILE, MODE_SCALE_TWO_TILES, MODE_SCALE_EMPTY)));
#endif
