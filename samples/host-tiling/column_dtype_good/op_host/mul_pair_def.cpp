// The operator's definition: input, output dtypes (one column a combination) and chips.
#include "register/op_def_registry.h"

namespace ops {
class MulPair : public OpDef {
public:
  explicit MulPair(const char *name) : OpDef(name) {
    this->Input("scale").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Input("x1").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(MulPair);
} // namespace ops
