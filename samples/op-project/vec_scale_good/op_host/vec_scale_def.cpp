// OpDef of the sample operator project (read by ascendc-lint for the dtype
// combinations: DTYPE_X = half, then float).
#include "register/op_def_registry.h"

namespace ops {
class VecScale : public OpDef {
public:
    explicit VecScale(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(VecScale);
} // namespace ops
