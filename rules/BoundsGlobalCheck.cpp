// bounds-global: every GM access stays inside the size given to
// GlobalTensor::SetGlobalBuffer (off-by-one loops, wrong tail handling), or,
// without one, inside the argument's extent the host code gives (the
// operator's shapes, a direct launch's aclrtMalloc).
#include "rules/Checks.h"

namespace alint {

void BoundsGlobalCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  for (const Op &op : k.ops) {
    if (op.kind != OpKind::DataCopy && op.kind != OpKind::ScalarRead && op.kind != OpKind::ScalarWrite &&
        op.kind != OpKind::LoadData && op.kind != OpKind::Fixpipe)
      continue;
    for (const Region &r : op.regions) {
      if (!r.global)
        continue;
      ProofItem item;
      item.ob.check = id();
      item.loc = op.loc;
      std::string what = op.api + " " + r.role;
      const GlobalBuf *g = r.bufferId >= 0 && r.bufferId < int(k.globals.size()) ? &k.globals[r.bufferId] : nullptr;
      if (!g)
        item.ob.unknownReason = "the GM tensor of " + what + " is not set up by SetGlobalBuffer";
      else if (!g->sizeElems)
        item.ob.unknownReason = g->name.compare(0, 1, "*") == 0
                                    ? "nothing gives the size of GM argument '" + g->root + "' (a raw pointer)"
                                    : "SetGlobalBuffer of '" + g->name + "' gives no size";
      else if (!r.lengthBytes || op.params.count("overApprox"))
        item.ob.unknownReason = op.unknownReason.empty() ? "extent of " + what + " is not modelled" : op.unknownReason;
      Sym cap, end;
      if (item.ob.unknownReason.empty()) {
        what += " of '" + g->name + "'";
        // An extent from the host (cli/HostBinding.cpp): the bytes
        // themselves, which keeps the rounding division out of the query.
        cap = g->hostBytes ? g->hostBytes : mul(g->sizeElems, mkConst(g->elemBytes));
        end = add(r.offsetBytes, r.lengthBytes);
        item.ob.property = mkAnd(mkCmp(SymOp::Ge, r.offsetBytes, mkConst(0)), mkCmp(SymOp::Le, end, cap));
        item.ob.context = ctx.contextAt(op.cond, op.loops);
        item.ob.report = {{"end", end}, {"cap", cap}};
      } else {
        item.ob.property = mkBool(true);
      }
      std::string endS = end ? toString(end) : "", capS = cap ? toString(cap) : "";
      std::string from = g && cap ? extentSource(g->extentFrom) : "";
      item.message = [what, endS, capS, from](const Verdict &v) {
        if (v.status == Status::Unknown)
          return what + ": bounds could not be checked: " + v.reason;
        auto e = v.reportValues.find("end"), c = v.reportValues.find("cap");
        std::string es = e != v.reportValues.end() ? std::to_string(e->second) : endS;
        std::string cs = c != v.reportValues.end() ? std::to_string(c->second) : capS;
        return what + (v.status == Status::Violated ? " reaches" : " may reach") + " byte " + es + " of a " + cs +
               "-byte GM tensor" + (from.empty() ? "" : " (extent: " + from + ")");
      };
      item.hint = "handle the tail tile separately, or assume the tiling divides the data exactly";
      ctx.prove(std::move(item));
    }
  }
}

} // namespace alint
