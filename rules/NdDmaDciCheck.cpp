// nddma-dci: NdDmaDci() must run before an NDDMA DataCopy (AscendC NdDmaParams
// doc; hardware.md §4 X14): the NDDMA cache is not coherent with what other
// cores wrote to GM, and multi-core reads may return stale data. A warning,
// with the reason, when no NdDmaDci() precedes the copy in program order.
#include "rules/Checks.h"

namespace alint {

void NdDmaDciCheck::run(CheckContext &ctx) const {
  if (!ctx.target.hasNdDma)
    return; // no NDDMA engine: path-illegal reports the copy itself
  bool seen = false;
  for (const Op &op : ctx.kernel.ops) {
    if (op.kind == OpKind::Barrier && op.params.count("nddma_dci"))
      seen = true;
    if (!op.params.count("nddma") || seen)
      continue;
    Diagnostic d;
    d.check = id();
    d.severity = Severity::Warning;
    d.status = Status::Counterexample;
    d.loc = op.loc;
    d.message = "NDDMA DataCopy without a preceding NdDmaDci(): the NDDMA cache may hold stale GM data "
                "written by other cores";
    d.hint = "call AscendC::NdDmaDci() before the NDDMA copies";
    ctx.report(d);
  }
}

} // namespace alint
