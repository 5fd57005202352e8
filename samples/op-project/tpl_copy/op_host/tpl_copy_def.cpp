// OpDef of the sample template-selected operator (one dtype: the kernel's
// variants come from ASCENDC_TPL_SEL, op_kernel/tpl_copy_tiling_key.h).
#include "register/op_def_registry.h"

namespace ops {
class TplCopy : public OpDef {
public:
    explicit TplCopy(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(TplCopy);
} // namespace ops
