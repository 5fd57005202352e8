// nddma-dst-overlap: the destination strides of an NDDMA copy map every
// source element to its own UB element. Strides that make two index tuples
// land on the same UB element lose writes (an error); a source stride of 0 is
// a broadcast and legal. Proved for all index tuples inside the loop sizes.
#include "rules/Checks.h"

namespace alint {

void NdDmaDstOverlapCheck::run(CheckContext &ctx) const {
  if (!ctx.target.hasNdDma)
    return; // no NDDMA engine: path-illegal reports the copy itself
  for (const Op &op : ctx.kernel.ops) {
    if (!op.params.count("nddma") || !op.params.count("dim"))
      continue;
    int64_t dim = asConst(op.params.at("dim")).value_or(0);
    if (dim < 2)
      continue; // one loop with a stride >= 1 never collides; stride 0 is caught below
    std::vector<Sym> context = ctx.contextAt(op.cond, op.loops);
    Sym offI = mkConst(0), offJ = mkConst(0), same = mkBool(true);
    std::string vars;
    for (int64_t k = 0; k < dim; ++k) {
      std::string ks = std::to_string(k);
      Sym size = op.params.at("size" + ks), ds = op.params.at("dstStride" + ks);
      Sym i = mkVar("i" + ks, IntType::math(), VarRole::Internal);
      Sym j = mkVar("j" + ks, IntType::math(), VarRole::Internal);
      for (const Sym &x : {i, j}) {
        context.push_back(mkCmp(SymOp::Ge, x, mkConst(0)));
        context.push_back(mkCmp(SymOp::Lt, x, size));
      }
      offI = add(offI, mul(i, ds));
      offJ = add(offJ, mul(j, ds));
      same = mkAnd(same, mkCmp(SymOp::Eq, i, j));
    }
    ProofItem item;
    item.ob.check = id();
    item.ob.property = mkOr(same, mkCmp(SymOp::Ne, offI, offJ));
    item.ob.context = context;
    item.loc = op.loc;
    item.message = [](const Verdict &v) {
      if (v.status == Status::Unknown)
        return "NDDMA destination strides: injectivity could not be decided: " + v.reason;
      return std::string("NDDMA destination strides ") + (v.status == Status::Violated ? "send" : "can send") +
             " two source elements to the same UB element (the counterexample gives both index tuples): "
             "writes are lost";
    };
    item.hint = "give each dimension a destination stride of at least the extent of the dimensions inside it";
    ctx.prove(std::move(item));
  }
}

} // namespace alint
