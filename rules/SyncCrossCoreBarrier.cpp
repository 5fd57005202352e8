// sync-crosscore, all-core barriers: SyncAll is a whole-launch barrier
// (全核同步: every core of the launch, the AIV cores with isAIVOnly; only the
// software form's usedCores argument limits it; asc-devkit docs/zh/api/
// SIMD-API/基础API/同步控制/核间同步/SyncAll.md): a core that returns early or
// skips it leaves the others waiting forever. So the number of SyncAll calls a core
// makes must not depend on which core it is: for two cores b and b' of one
// launch (same tiling), the straight-line SyncAlls they reach are as many,
// and a SyncAll inside a loop is reached by both in the same iterations
// (its path condition, loop bounds included, is the same for b and b').
#include "rules/Checks.h"

namespace alint {

namespace {

bool mentionsAny(const Sym &s, const std::vector<Sym> &vars) {
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(s, vs);
  for (auto &v : vs)
    for (const Sym &x : vars)
      if (x && x->op == SymOp::Var && x->var->id == v->id)
        return true;
  return false;
}

Sym iff(const Sym &a, const Sym &b) { return mkAnd(mkOr(mkNot(a), b), mkOr(mkNot(b), a)); }

} // namespace

void checkAllCoreBarriers(CheckContext &ctx, const char *checkId) {
  const KernelModel &k = ctx.kernel;
  std::vector<Sym> coreVars, copies;
  for (const Sym &v : {k.blockIdxVar, k.subBlockIdxVar})
    if (v && v->op == SymOp::Var) {
      coreVars.push_back(v);
      copies.push_back(mkVar(v->var->name + "'", v->type, VarRole::Internal));
    }
  std::vector<const Op *> straight, inLoop;
  for (const Op &op : k.ops)
    if (op.kind == OpKind::SyncAll && op.api == "SyncAll" && !op.params.count("usedCores"))
      (op.loops.empty() ? straight : inLoop).push_back(&op);
  if (coreVars.empty() || (straight.empty() && inLoop.empty()))
    return;
  // The same expression on the other core b'.
  auto other = [&](const Sym &s) {
    return substitute(s, [&](const VarInfo &v) -> Sym {
      for (size_t i = 0; i < coreVars.size(); ++i)
        if (coreVars[i]->var->id == v.id)
          return copies[i];
      return nullptr;
    });
  };
  // Facts and top-level assumptions hold on both cores.
  std::vector<Sym> context = ctx.contextAt(mkBool(true), {});
  for (size_t i = 0, n = context.size(); i < n; ++i)
    if (mentionsAny(context[i], coreVars))
      context.push_back(other(context[i]));
  auto prove = [&](const Op &at, Sym property, bool loop) {
    ProofItem item;
    item.ob.check = checkId;
    item.ob.property = property;
    item.ob.context = context;
    item.loc = at.loc;
    item.message = [loop](const Verdict &v) {
      std::string what = loop ? "SyncAll in this loop is reached in different iterations by different cores"
                              : "SyncAll is reached by some cores and not by others";
      if (v.status == Status::Unknown)
        return "whether every core reaches this SyncAll equally often could not be decided: " + v.reason;
      return what + (v.status == Status::Violated ? "" : " for some launches") +
             ": the cores that reach it wait forever for the others";
    };
    item.hint = "let idle cores skip the work but still call SyncAll (no early return or continue before it), "
                "or guard it with a condition every core evaluates alike";
    ctx.prove(std::move(item));
  };
  // Straight-line SyncAlls: b and b' reach as many.
  const Op *first = nullptr;
  Sym count = mkConst(0), countOther = mkConst(0);
  for (const Op *op : straight) {
    Sym c = op->cond ? op->cond : mkBool(true);
    if (!first && mentionsAny(c, coreVars))
      first = op;
    count = add(count, mkSelect(c, mkConst(1), mkConst(0)));
    countOther = add(countOther, mkSelect(other(c), mkConst(1), mkConst(0)));
  }
  if (first)
    prove(*first, mkCmp(SymOp::Eq, count, countOther), false);
  for (const Op *op : inLoop) {
    Sym c = op->cond ? op->cond : mkBool(true);
    bool dep = mentionsAny(c, coreVars);
    for (int l : op->loops)
      if (l >= 0 && l < int(k.loops.size()))
        for (const Sym &s : {k.loops[l].lo, k.loops[l].hi, k.loops[l].step})
          dep = dep || (s && mentionsAny(s, coreVars));
    if (dep)
      prove(*op, iff(c, other(c)), true);
  }
}

} // namespace alint
