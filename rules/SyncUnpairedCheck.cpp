// sync-unpaired: every WaitFlag has a SetFlag that reaches it on every path
// (else the pipe waits forever: error 507014/507035), and every SetFlag is
// consumed by a WaitFlag (else the event leaks into the next kernel). Loops
// are unrolled twice: a wait at the top of the body must be primed before the
// loop, a set at the end of the last iteration must be drained after it.
#include "rules/Checks.h"

#include <algorithm>
#include <map>
#include <set>

namespace alint {

static std::string flagText(const Op &op) {
  std::string ev = op.event ? std::string(hardEventName(*op.event))
                            : std::string(pipeName(op.flagSrc)) + "->" + std::string(pipeName(op.flagDst));
  return ev + "(" + (op.eventId ? toString(op.eventId) : "?") + ")";
}

void SyncUnpairedCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  const SyncGraph &g = ctx.syncGraph();
  std::set<std::pair<int, int>> seen;
  for (int i = 0; i < int(g.seq.size()); ++i) {
    const SeqOp &s = g.seq[i];
    if (s.implicit || (s.sync != SeqOp::Sync::Set && s.sync != SeqOp::Sync::Wait))
      continue;
    const Op &op = k.ops[s.op];
    bool wait = s.sync == SeqOp::Sync::Wait;
    // Waits are judged in the first copy (the first iteration), sets in the
    // last copy (the last iteration).
    if (wait && s.inLastCopy)
      continue;
    if (!wait && !s.inLastCopy && !op.loops.empty())
      continue;
    ProofItem item;
    item.ob.check = id();
    item.loc = op.loc;
    std::string ft = flagText(op);
    if (s.match < 0) {
      if (!seen.insert({s.op, 0}).second)
        continue;
      // Flags match by event id written the same way. An id that is an
      // expression (`(i & 1) == 0 ? EVENT_ID0 : EVENT_ID1`, double buffering
      // by hand) may still equal the id of a set before it (a wait after it):
      // the flag is paired when for every value some such op has that id.
      // Like the matched case below, this may miss one consumed on the way;
      // it never invents a hang.
      Sym paired = mkBool(false);
      // Indices of loops around the other op but not around this one stand
      // for "some iteration" there; the proof cannot pick it, so they become
      // unknowns: a proof still holds, a failure is `unknown`, not a hang.
      std::set<uint32_t> enclosing;
      for (int L : op.loops)
        for (const Loop &l : k.loops)
          if (l.id == L && l.var && l.var->op == SymOp::Var)
            enclosing.insert(l.var->var->id);
      std::map<uint32_t, Sym> someIteration;
      auto outerOnly = [&](const Sym &x) {
        return substitute(x, [&](const VarInfo &v) -> Sym {
          if (v.role != VarRole::Internal || enclosing.count(v.id))
            return nullptr;
          auto it = someIteration.find(v.id);
          if (it != someIteration.end())
            return it->second;
          return someIteration[v.id] = mkOpaque("the iteration of a loop the flag's other end is not in",
                                                IntType::i64());
        });
      };
      if (!s.implicit && s.eventId) {
        for (int j = wait ? 0 : i + 1; j < (wait ? i : int(g.seq.size())); ++j) {
          const SeqOp &o = g.seq[j];
          if (o.implicit || o.sync != (wait ? SeqOp::Sync::Set : SeqOp::Sync::Wait) || !o.eventId ||
              o.flagSrc != s.flagSrc || o.flagDst != s.flagDst)
            continue;
          if (asConst(o.eventId) && asConst(s.eventId))
            continue; // different constants: matching by key decided it
          Sym same = mkCmp(SymOp::Eq, toMath(o.eventId), toMath(s.eventId));
          paired = mkOr(paired, outerOnly(o.cond ? mkAnd(o.cond, same) : same));
        }
      }
      // A wait in a loop body whose set comes later in the same body (the
      // set of iteration i - 1 opens the wait of iteration i) is paired in
      // every iteration but the first: the copy of the body for iteration
      // i + 1 checks that pairing; here it is enough that the wait does not
      // run in the first iteration (`if (i != 0) WaitFlag(...)`). The id must
      // not change with the loop's index.
      if (wait && !s.implicit)
        for (int L : op.loops) {
          const Loop *loop = nullptr;
          for (const Loop &l : k.loops)
            if (l.id == L)
              loop = &l;
          if (!loop || !loop->var || !loop->lo)
            continue;
          std::vector<std::shared_ptr<const VarInfo>> idVars;
          if (s.eventId)
            collectVars(s.eventId, idVars);
          bool idMoves = false;
          for (auto &v : idVars)
            idMoves |= v->id == loop->var->var->id;
          if (idMoves)
            continue;
          bool laterSet = false;
          for (int j = i + 1; j < int(g.seq.size()) && !laterSet; ++j) {
            const SeqOp &o = g.seq[j];
            const std::vector<int> &ls = k.ops[o.op].loops;
            laterSet = o.sync == SeqOp::Sync::Set && !o.inLastCopy && o.queueKey == s.queueKey &&
                       std::find(ls.begin(), ls.end(), L) != ls.end();
          }
          if (laterSet)
            paired = mkOr(paired, mkCmp(SymOp::Ne, toMath(loop->var), toMath(loop->lo)));
        }
      // Symmetrically, a set at the end of a loop body whose wait comes
      // earlier in the body (`if (i != n - 1) SetFlag(...)`) is consumed by
      // the next iteration: it is paired when this instance (iteration i + 1
      // of the unrolled body) is not the last iteration.
      if (!wait && !s.implicit && s.inLastCopy && !op.loops.empty()) {
        const Loop *loop = nullptr;
        for (const Loop &l : k.loops)
          if (l.id == op.loops.back())
            loop = &l;
        std::vector<std::shared_ptr<const VarInfo>> idVars;
        if (s.eventId)
          collectVars(s.eventId, idVars);
        bool idMoves = false;
        for (auto &v : idVars)
          idMoves |= loop && loop->var && v->id == loop->var->var->id;
        if (loop && loop->var && loop->step && loop->hi && !idMoves) {
          bool earlierWait = false;
          for (int j = 0; j < i && !earlierWait; ++j) {
            const SeqOp &o = g.seq[j];
            const std::vector<int> &ls = k.ops[o.op].loops;
            earlierWait = o.sync == SeqOp::Sync::Wait && o.queueKey == s.queueKey &&
                          std::find(ls.begin(), ls.end(), loop->id) != ls.end();
          }
          if (earlierWait) {
            // (iteration i + 1 runs) => (iteration i + 2 runs)
            Sym next = add(toMath(loop->var), toMath(loop->step));
            Sym after = add(next, toMath(loop->step));
            paired = mkOr(paired, mkOr(mkNot(mkCmp(SymOp::Lt, next, toMath(loop->hi))),
                                       mkCmp(SymOp::Lt, after, toMath(loop->hi))));
            for (const Sym &f : g.facts)
              item.ob.context.push_back(f);
          }
        }
      }
      item.ob.property = paired; // false: reachable => unpaired
      item.ob.context = ctx.contextAt(s.cond, op.loops);
      if (!isFalse(paired))
        for (const Sym &f : g.facts)
          item.ob.context.push_back(f);
      if (wait) {
        item.message = [ft](const Verdict &v) {
          if (v.status == Status::Unknown)
            return "WaitFlag " + ft + ": pairing could not be decided: " + v.reason;
          return "WaitFlag " + ft + " has no SetFlag before it: the pipe waits forever (hang)";
        };
        item.hint = op.loops.empty() ? "add the matching SetFlag before this wait"
                                     : "prime the loop with a SetFlag before it (and drain after it)";
      } else {
        item.message = [ft](const Verdict &v) {
          if (v.status == Status::Unknown)
            return "SetFlag " + ft + ": pairing could not be decided: " + v.reason;
          return "SetFlag " + ft + " is never waited for: the event stays set into the next kernel";
        };
        item.hint = "add the matching WaitFlag (after the loop, for a set at the end of a loop body)";
      }
      ctx.prove(std::move(item));
      continue;
    }
    if (!wait)
      continue;
    // Matched: some set of this flag must run whenever the wait does. Any
    // earlier set counts (a loop that does not run leaves the set before it
    // for a wait after it); this may miss a set consumed on the way, never
    // invents a hang.
    const SeqOp &set = g.seq[s.match];
    if (!seen.insert({s.op, 1}).second)
      continue;
    Sym some = mkBool(false);
    for (int j = 0; j < i; ++j)
      if (g.seq[j].sync == SeqOp::Sync::Set && g.seq[j].queueKey == s.queueKey)
        some = mkOr(some, g.seq[j].cond ? g.seq[j].cond : mkBool(true));
    item.ob.property = some;
    item.ob.context = ctx.contextAt(s.cond, op.loops);
    for (const Sym &f : g.facts)
      item.ob.context.push_back(f);
    const Op &sop = k.ops[set.op];
    item.message = [ft](const Verdict &v) {
      if (v.status == Status::Unknown)
        return "WaitFlag " + ft + ": whether its SetFlag runs could not be decided: " + v.reason;
      return "WaitFlag " + ft + " runs on paths where its SetFlag does not: the pipe can wait forever";
    };
    item.related.push_back({sop.loc, "the SetFlag, under a different condition"});
    item.hint = "set and wait under the same condition";
    ctx.prove(std::move(item));
  }
}

} // namespace alint
