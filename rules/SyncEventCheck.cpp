// sync-event: the HardEvent is legal for the target and core type (M_V, V_M,
// MTE1_V, V_MTE1 are silently dropped on 910B/950; on 950 an event whose pipes
// are not on one core is dropped), the event id is in range (0..7) and not one
// the docs reserve (6, 7 by hand), and an id is not set twice before its wait
// (a flag is binary: the two sets collapse). Facts: hardware.md §2.4, §5.
#include "rules/Checks.h"

#include <map>
#include <set>

namespace alint {

void SyncEventCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  for (const Op &op : k.ops) {
    if (op.kind != OpKind::SetFlag && op.kind != OpKind::WaitFlag)
      continue;
    std::string fn = op.kind == OpKind::SetFlag ? "SetFlag" : "WaitFlag";
    if (op.event) {
      std::string ev(hardEventName(*op.event));
      auto core = coreOf(k, op, t);
      bool legal = true;
      std::string why;
      if (t.isErrorEvent(*op.event)) {
        legal = false;
        why = t.events.errorReason;
      } else if (core && !t.isEventLegal(*core, *op.event)) {
        legal = false;
        why = "its pipes are not both on the " + std::string(coreTypeName(*core)) + " core";
      } else if (!core && !t.isEventLegal(CoreType::AIV, *op.event) && !t.isEventLegal(CoreType::AIC, *op.event)) {
        legal = false;
        why = "no core of " + t.name + " has both pipes";
      }
      if (!legal) {
        ProofItem item;
        item.ob.check = id();
        item.ob.property = mkBool(false);
        item.ob.context = ctx.contextAt(op.cond, op.loops);
        item.loc = op.loc;
        std::string target = t.name;
        item.message = [fn, ev, target, why](const Verdict &v) {
          if (v.status == Status::Unknown)
            return fn + "<" + ev + ">: " + v.reason;
          return fn + "<HardEvent::" + ev + "> does nothing on " + target + ": " + why;
        };
        item.hint = "synchronise through a pipe pair the core has, or with CrossCoreSetFlag/WaitFlag across cores";
        ctx.prove(std::move(item));
      }
      if (*op.event == HardEvent::V_V || *op.event == HardEvent::FIX_FIX)
        continue; // barriers in disguise: no id is used
    }
    if (!op.eventId)
      continue;
    int64_t count = t.events.idCount;
    ProofItem item;
    item.ob.check = id();
    item.ob.property = mkAnd(mkCmp(SymOp::Ge, op.eventId, mkConst(0)), mkCmp(SymOp::Lt, op.eventId, mkConst(count)));
    item.ob.context = ctx.contextAt(op.cond, op.loops);
    item.ob.report = {{"id", op.eventId}};
    item.loc = op.loc;
    std::string idS = toString(op.eventId);
    item.message = [fn, idS, count](const Verdict &v) {
      auto it = v.reportValues.find("id");
      std::string val = it != v.reportValues.end() ? std::to_string(it->second) : idS;
      if (v.status == Status::Unknown)
        return fn + " event id " + idS + ": range could not be checked: " + v.reason;
      return fn + " event id " + val + " is outside 0.." + std::to_string(count - 1);
    };
    ctx.prove(std::move(item));
    if (auto c = asConst(op.eventId); c && t.events.reservedIds.count(uint32_t(*c))) {
      Diagnostic d;
      d.check = id();
      d.severity = Severity::Warning;
      d.status = Status::Violated;
      d.loc = op.loc;
      d.message = fn + " uses event id " + std::to_string(*c) +
                  ", which the AscendC docs reserve (ids 6 and 7 collide with the library's own use)";
      d.hint = "use ids 0..5 for hand-written synchronisation, or AllocEventID";
      ctx.report(d);
    }
  }
  // An id set again before its wait: the flag is binary, the sets collapse.
  const SyncGraph &g = ctx.syncGraph();
  std::map<std::string, int> pending;
  std::set<std::pair<int, int>> seen;
  // Both sets run (first-iterations view), with the unrolling's facts.
  auto bothRun = [&](const SeqOp &a, const SeqOp &b) {
    std::vector<Sym> c = ctx.contextAt(a.condFirst, k.ops[a.op].loops);
    for (const Sym &x : ctx.contextAt(b.condFirst, k.ops[b.op].loops))
      c.push_back(x);
    for (const Sym &f : g.facts)
      c.push_back(f);
    return c;
  };
  for (int i = 0; i < int(g.seq.size()); ++i) {
    const SeqOp &s = g.seq[i];
    if (s.implicit)
      continue;
    if (s.sync == SeqOp::Sync::Wait) {
      pending.erase(s.queueKey);
      continue;
    }
    if (s.sync != SeqOp::Sync::Set)
      continue;
    auto it = pending.find(s.queueKey);
    if (it != pending.end() && seen.insert({g.seq[it->second].op, s.op}).second) {
      const SeqOp &first = g.seq[it->second];
      const Op &op = k.ops[s.op];
      ProofItem item;
      item.ob.check = id();
      item.ob.property = mkBool(false);
      // An id computed from a value the loop changes (`idx ^= 1` each
      // iteration) is one unknown for both copies of the body: whether the
      // two sets use the same id is not known.
      if ((first.eventId && containsOpaque(first.eventId)) || (s.eventId && containsOpaque(s.eventId)))
        item.ob.unknownReason = "the event id depends on a value the frontend does not track across iterations";
      item.ob.context = bothRun(first, s);
      item.loc = op.loc;
      std::string ev = op.event ? std::string(hardEventName(*op.event)) : "?";
      std::string idS = op.eventId ? toString(op.eventId) : "?";
      item.message = [ev, idS](const Verdict &v) {
        if (v.status == Status::Unknown)
          return "SetFlag<" + ev + ">(" + idS + "): " + v.reason;
        return "SetFlag<" + ev + ">(" + idS + ") is set again before its WaitFlag: the two sets collapse into one";
      };
      item.related.push_back({k.ops[first.op].loc, "the earlier SetFlag, not yet waited for"});
      item.hint = "wait for the first set before setting the id again, or use another id";
      ctx.prove(std::move(item));
    }
    // Other ids of the same event still in flight: when either id is not a
    // constant (AllocEventID, FetchEventID, a parameter), they must differ.
    for (auto &[key, j] : pending) {
      const SeqOp &o = g.seq[j];
      if (key == s.queueKey || o.flagSrc != s.flagSrc || o.flagDst != s.flagDst || !o.eventId || !s.eventId)
        continue;
      if (asConst(o.eventId) && asConst(s.eventId))
        continue; // different constants
      if (!seen.insert({o.op, s.op}).second)
        continue;
      const Op &op = k.ops[s.op];
      ProofItem item;
      item.ob.check = id();
      item.ob.property = mkNot(mkCmp(SymOp::Eq, toMath(o.eventId), toMath(s.eventId)));
      item.ob.context = bothRun(o, s);
      item.loc = op.loc;
      std::string ev = op.event ? std::string(hardEventName(*op.event)) : "?";
      std::string a = toString(o.eventId), b = toString(s.eventId);
      item.message = [ev, a, b](const Verdict &v) {
        if (v.status == Status::Unknown)
          return "SetFlag<" + ev + ">(" + b + "): whether its id differs from " + a +
                 " could not be decided: " + v.reason;
        return "SetFlag<" + ev + ">(" + b + ") may use the same id as SetFlag<" + ev + ">(" + a +
               "), still in flight: the two sets collapse into one";
      };
      item.related.push_back({k.ops[o.op].loc, "the other SetFlag, not yet waited for"});
      item.hint = "take ids with AllocEventID (it reserves them; FetchEventID does not) or use distinct constants";
      ctx.prove(std::move(item));
    }
    pending[s.queueKey] = i;
  }
}

} // namespace alint
