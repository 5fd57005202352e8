// The Matmul high-level API: not modelled yet. Every call is an Unmodelled
// operation (its buffers and synchronisation are unknown) with a note.
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ExprCXX.h>

namespace alint {
namespace fe {

using namespace clang;

static Value matmulCall(Interp &in, ApiCall &c) {
  in.note("Matmul high-level API call '" + c.name + "' is not modelled: its buffers and synchronisation are unknown",
          c.call->getBeginLoc());
  return in.apiUnmodelled(c, "Matmul high-level API '" + c.name + "'");
}

static Value registMatmulObj(Interp &in, ApiCall &c) {
  in.note("Matmul object registered (REGIST_MATMUL_OBJ): L1/L0 use of the Matmul API is not modelled",
          c.call->getBeginLoc());
  in.apiUnmodelled(c, "Matmul high-level API (REGIST_MATMUL_OBJ)");
  return Value();
}

void registerMatmulApi(ApiTable &t) {
  t.addClass(ApiClass::Matmul, "matmul", matmulCall);
  t.addNames({"regist_matmul_obj"}, "matmul", registMatmulObj);
}

} // namespace fe
} // namespace alint
