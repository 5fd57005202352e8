// OpDef of the sample operator TplMerge (one dtype: its variants come from
// ASCENDC_TPL_SEL, op_kernel/tpl_merge_tiling_key.h).
#include "register/op_def_registry.h"
namespace ops {
class TplMerge : public OpDef {
public:
    explicit TplMerge(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(TplMerge);
} // namespace ops
