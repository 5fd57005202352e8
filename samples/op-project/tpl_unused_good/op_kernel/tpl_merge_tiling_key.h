// Template selection of the sample operator TplMerge: schMode is declared for
// a scheduling mode the kernel does not have yet, so the kernel never names
// it; isDouble picks single or double buffering. The build compiles four
// kernels; two of them are the same code.
#ifndef TPL_MERGE_TILING_KEY_H
#define TPL_MERGE_TILING_KEY_H
#include "ascendc/host_api/tiling/template_argument.h"
#define TPL_MERGE_MODE_PLAIN 0
#define TPL_MERGE_MODE_RESERVED 1
ASCENDC_TPL_ARGS_DECL(TplMerge,
    ASCENDC_TPL_UINT_DECL(schMode, 1, ASCENDC_TPL_UI_LIST, TPL_MERGE_MODE_PLAIN, TPL_MERGE_MODE_RESERVED),
    ASCENDC_TPL_BOOL_DECL(isDouble, 0, 1));
ASCENDC_TPL_SEL(
    ASCENDC_TPL_ARGS_SEL(
        ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY),
        ASCENDC_TPL_UINT_SEL(schMode, ASCENDC_TPL_UI_LIST, TPL_MERGE_MODE_PLAIN, TPL_MERGE_MODE_RESERVED),
        ASCENDC_TPL_BOOL_SEL(isDouble, 0, 1)));
#endif
