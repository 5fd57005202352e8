// Template selection of the sample operator: the build instantiates the
// kernel template tpl_copy<schMode, isDouble> once per selected combination:
// schMode 0 or 1 with either isDouble, and schMode 2 with isDouble = 0
// (five kernels). Nothing in the kernel file instantiates it.
#ifndef TPL_COPY_TILING_KEY_H
#define TPL_COPY_TILING_KEY_H
#include "ascendc/host_api/tiling/template_argument.h"

#define TPL_COPY_MODE_ONE 0
#define TPL_COPY_MODE_TWO 1
#define TPL_COPY_MODE_TWO_HALF_SLOT 2

ASCENDC_TPL_ARGS_DECL(TplCopy,
    ASCENDC_TPL_UINT_DECL(schMode, 2, ASCENDC_TPL_UI_RANGE, 1, TPL_COPY_MODE_ONE, TPL_COPY_MODE_TWO_HALF_SLOT),
    ASCENDC_TPL_BOOL_DECL(isDouble, 0, 1));

ASCENDC_TPL_SEL(
    ASCENDC_TPL_ARGS_SEL(
        ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY),
        ASCENDC_TPL_UINT_SEL(schMode, ASCENDC_TPL_UI_LIST, TPL_COPY_MODE_ONE, TPL_COPY_MODE_TWO),
        ASCENDC_TPL_BOOL_SEL(isDouble, 0, 1)),
    ASCENDC_TPL_ARGS_SEL(
        ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY),
        ASCENDC_TPL_UINT_SEL(schMode, ASCENDC_TPL_UI_LIST, TPL_COPY_MODE_TWO_HALF_SLOT),
        ASCENDC_TPL_BOOL_SEL(isDouble, 0)));
#endif
