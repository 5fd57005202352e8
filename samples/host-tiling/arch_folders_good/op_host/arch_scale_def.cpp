// The operator's definition: one float input and output, built for the 910B
// and the 950.
#include "register/op_def_registry.h"

namespace ops {
class ArchScale : public OpDef {
public:
  explicit ArchScale(const char *name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
    this->AICore().AddConfig("ascend950");
  }
};
OP_ADD(ArchScale);
} // namespace ops
