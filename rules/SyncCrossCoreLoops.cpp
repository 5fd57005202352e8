// sync-crosscore, per-iteration counts: a flag id the cube core sets and the
// vector cores wait for (or the reverse) only inside loops run alike on both
// sides (the same bounds) pairs up iteration by iteration. In every iteration
// the sets on one side and the waits on the other, each counted under the
// condition guarding it (a `continue` before it, an `if`), must be as many:
// a `continue` that skips an iteration's CrossCoreWaitFlag but not the other
// side's CrossCoreSetFlag makes the counts drift, and the kernel hangs (or
// overflows the flag counter) for the lengths where it is taken. Flags also
// set or waited for outside those loops (a pipelined prologue or epilogue:
// the first waits skipped, the last ones after the loop) are not paired per
// iteration and are left alone, and so are guards on the loop index alone
// (a pipeline's prologue). Facts: CrossCoreSetFlag(ISASI).md /
// CrossCoreWaitFlag(ISASI).md (asc-devkit docs/zh/api/SIMD-API/基础API/
// 同步控制/核间同步/): each set adds one to the flag's counter, each wait
// blocks until the counter is non-zero and takes one.
#include "rules/Checks.h"

#include <map>
#include <set>

namespace alint {

namespace {

bool mentionsCoreVar(const KernelModel &k, const Sym &s) {
  if (!s)
    return false;
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(s, vs);
  for (auto &v : vs)
    for (const Sym &x : {k.blockIdxVar, k.subBlockIdxVar, k.taskRationVar})
      if (x && x->op == SymOp::Var && x->var->id == v->id)
        return true;
  return false;
}

// The condition of an op on a core of type `core`, ASCEND_IS_AIC read as a
// value replaced by what it is there.
Sym condOn(const KernelModel &k, const Op &op, CoreType core) {
  Sym c = op.cond ? op.cond : mkBool(true);
  if (!k.aicVar || k.aicVar->op != SymOp::Var)
    return c;
  uint32_t id = k.aicVar->var->id;
  bool aic = core == CoreType::AIC;
  IntType ty = k.aicVar->type;
  return substitute(c, [&](const VarInfo &v) -> Sym {
    if (v.id != id)
      return nullptr;
    return ty.isBool ? mkBool(aic) : mkConst(aic ? 1 : 0, ty);
  });
}

} // namespace

void checkLoopDrift(CheckContext &ctx, const char *checkId) {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  if (!t.crossCore.supported)
    return;
  std::map<int, const Loop *> loopById;
  for (const Loop &l : k.loops)
    loopById[l.id] = &l;
  // Per flag id: its sets and waits (hand-written ones, known core type).
  struct Side {
    std::vector<const Op *> sets, waits;
  };
  std::map<int64_t, Side> byId;
  std::set<int64_t> skip;
  for (const Op &op : k.ops) {
    if ((op.kind != OpKind::CrossCoreSet && op.kind != OpKind::CrossCoreWait) || op.params.count("library"))
      continue;
    auto id = op.eventId ? asConst(op.eventId) : std::nullopt;
    if (!id)
      continue;
    Side &s = byId[*id];
    (op.kind == OpKind::CrossCoreSet ? s.sets : s.waits).push_back(&op);
  }
  for (auto &[id, side] : byId) {
    if (side.sets.empty() || side.waits.empty())
      continue;
    // One core type sets, the other waits, all in one loop nest per side.
    auto setCore = coreOf(k, *side.sets[0], t), waitCore = coreOf(k, *side.waits[0], t);
    if (!setCore || !waitCore || *setCore == *waitCore)
      continue;
    const std::vector<int> &ls = side.sets[0]->loops, &lw = side.waits[0]->loops;
    if (ls.empty() || lw.size() != ls.size())
      continue;
    bool ok = true;
    for (const Op *o : side.sets)
      ok &= coreOf(k, *o, t) == setCore && o->loops == ls && !mentionsCoreVar(k, condOn(k, *o, *setCore));
    for (const Op *o : side.waits)
      ok &= coreOf(k, *o, t) == waitCore && o->loops == lw && !mentionsCoreVar(k, condOn(k, *o, *waitCore));
    // The loops of the two sides run alike: same bounds, none of them per core.
    std::vector<std::pair<uint32_t, Sym>> rename; // wait-side loop variable -> set-side one
    for (size_t d = 0; ok && d < ls.size(); ++d) {
      const Loop *a = loopById.count(ls[d]) ? loopById[ls[d]] : nullptr;
      const Loop *b = loopById.count(lw[d]) ? loopById[lw[d]] : nullptr;
      ok = a && b && a->var && b->var && a->lo && a->hi && a->step && b->lo && b->hi && b->step &&
           a->var->op == SymOp::Var && b->var->op == SymOp::Var;
      for (const Loop *l : {a, b})
        for (const Sym &s : {l ? l->lo : nullptr, l ? l->hi : nullptr, l ? l->step : nullptr})
          ok = ok && !mentionsCoreVar(k, s);
      if (!ok)
        break;
      ok = structurallyEqual(a->lo, b->lo) && structurallyEqual(a->hi, b->hi) && structurallyEqual(a->step, b->step);
      if (ok && a != b)
        rename.push_back({b->var->var->id, a->var});
    }
    // Guards on the loop index alone (`if (i >= 2) wait`) are a pipeline's
    // prologue, its last sets left pending on purpose: only conditions on the
    // kernel's inputs (a length, a tiling value) are the drift looked for.
    bool onInputs = false;
    std::set<uint32_t> boundVars; // the loops' own bounds (`i < tileNum`) are not such a condition
    for (const std::vector<int> *nest : {&ls, &lw})
      for (int l : *nest)
        if (loopById.count(l))
          for (const Sym &b : {loopById[l]->lo, loopById[l]->hi, loopById[l]->step}) {
            std::vector<std::shared_ptr<const VarInfo>> vs;
            if (b)
              collectVars(b, vs);
            for (auto &v : vs)
              boundVars.insert(v->id);
          }
    for (const std::vector<const Op *> *g : {&side.sets, &side.waits})
      for (const Op *o : *g) {
        std::vector<std::shared_ptr<const VarInfo>> vs;
        collectVars(o->cond, vs);
        for (auto &v : vs)
          onInputs |= v->role == VarRole::Input && !boundVars.count(v->id);
      }
    if (!ok || !onInputs)
      continue;
    auto onSetSide = [&](const Sym &s) {
      return substitute(s, [&](const VarInfo &v) -> Sym {
        for (auto &[from, to] : rename)
          if (v.id == from)
            return to;
        return nullptr;
      });
    };
    Sym sets = mkConst(0), waits = mkConst(0);
    for (const Op *o : side.sets)
      sets = add(sets, mkSelect(condOn(k, *o, *setCore), mkConst(1), mkConst(0)));
    for (const Op *o : side.waits)
      waits = add(waits, mkSelect(onSetSide(condOn(k, *o, *waitCore)), mkConst(1), mkConst(0)));
    const Op &w = *side.waits[0], &s = *side.sets[0];
    ProofItem item;
    item.ob.check = checkId;
    item.ob.property = mkCmp(SymOp::Eq, sets, waits);
    item.ob.context = ctx.contextAt(mkBool(true), ls);
    item.ob.report = {{"sets", sets}, {"waits", waits}};
    item.loc = w.loc;
    std::string idS = std::to_string(id), setLine = std::to_string(s.loc.line);
    item.message = [idS, setLine](const Verdict &v) {
      if (v.status == Status::Unknown)
        return "whether every iteration waits for flag " + idS + " as often as the other side sets it could not " +
               "be decided: " + v.reason;
      auto a = v.reportValues.find("sets"), b = v.reportValues.find("waits");
      std::string counts = a != v.reportValues.end() && b != v.reportValues.end()
                               ? " (" + std::to_string(a->second) + " set(s) at line " + setLine + ", " +
                                     std::to_string(b->second) + " wait(s))"
                               : "";
      return std::string(v.status == Status::Violated ? "in some iteration" : "in some iterations, for some inputs,") +
             " flag " + idS + " is set and waited for a different number of times" + counts +
             ": a condition or `continue` skips one side only, so the set and wait counts drift (a core waits "
             "forever, or stale sets let a later wait through early)";
    };
    item.related.push_back({s.loc, "the other side: " + s.api});
    item.hint = "skip the CrossCoreSetFlag on the other core in the same iterations (or move the `continue` after "
                "the CrossCoreWaitFlag)";
    ctx.prove(std::move(item));
  }
}

} // namespace alint
