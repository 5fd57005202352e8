// sync-crosscore: CrossCoreSetFlag / CrossCoreWaitFlag (and the older
// ffts_cross_core_sync / wait_flag_dev) between the cube core (AIC) and the
// vector cores (AIV) pair up: every wait has a set of its flag id on a core
// that can signal it (mode 2: the other core type; mode 0: cores of the same
// type; mode 1: the two AIVs of a group), ids stay in the user range (0..10;
// SyncAll and the Matmul API use 11..15), the mode exists on the target, and
// the chip has cross-core flags at all. Facts: hardware.md §2.4 "Cross-core
// flags", ascendc-api.md §2.6, the target files' cross_core section.
#include "rules/Checks.h"

#include <set>

namespace alint {

static bool sameId(const Sym &a, const Sym &b) {
  if (!a || !b)
    return false;
  auto ca = asConst(a), cb = asConst(b);
  if (ca && cb)
    return *ca == *cb;
  return structurallyEqual(a, b);
}

void SyncCrossCoreCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  const model::CrossCoreSpec &cc = t.crossCore;
  std::vector<const Op *> sets, waits;
  for (const Op &op : k.ops) {
    if (op.kind == OpKind::CrossCoreSet)
      sets.push_back(&op);
    else if (op.kind == OpKind::CrossCoreWait)
      waits.push_back(&op);
  }
  auto prove = [&](const Op &op, Sym property, std::string message, std::string hint) {
    ProofItem item;
    item.ob.check = id();
    item.ob.property = property;
    item.ob.context = ctx.contextAt(op.cond, op.loops);
    item.loc = op.loc;
    item.message = [message](const Verdict &v) {
      return v.status == Status::Unknown ? message + " (could not be decided: " + v.reason + ")" : message;
    };
    item.hint = std::move(hint);
    ctx.prove(std::move(item));
  };
  for (const Op *op : sets) {
    if (!cc.supported) {
      prove(*op, mkBool(false), op->api + ": " + t.name + " has no cross-core flags (coupled cores)",
            "cube and vector share one core here: use SetFlag/WaitFlag");
      continue;
    }
    auto mode = op->params.count("mode") ? asConst(op->params.at("mode")) : std::nullopt;
    if (mode && !cc.modes.count(uint32_t(*mode)))
      prove(*op, mkBool(false), op->api + " mode " + std::to_string(*mode) + " does not exist on " + t.name,
            "modes: 0 (same core type), 1 (AIV pair), 2 (AIC and its AIVs)" +
                std::string(t.name == "ascend950" ? ", 4 (1:1)" : ""));
  }
  for (const std::vector<const Op *> *group : {&sets, &waits})
    for (const Op *op : *group) {
      if (!cc.supported || !op->eventId)
        continue;
      auto c = asConst(op->eventId);
      if (!c)
        continue;
      if (*c < 0 || *c >= int64_t(cc.hwFlagCount))
        prove(*op, mkBool(false),
              op->api + " flag id " + std::to_string(*c) + " is outside 0.." + std::to_string(cc.hwFlagCount - 1),
              "user flag ids are 0..10");
      else if (cc.reservedFlags.count(uint32_t(*c))) {
        // The ids the library keeps for itself collide only when the kernel
        // also uses what takes them (SyncAll, the Matmul API): an error then,
        // a warning otherwise (official samples do use 11..13 on their own).
        bool collides = false;
        for (const Op &o : k.ops)
          collides |= o.kind == OpKind::SyncAll ||
                      (o.kind == OpKind::Unmodelled && o.unknownReason.find("Matmul") != std::string::npos);
        auto r = cc.reservedFlagReasons.find(uint32_t(*c));
        std::string msg = op->api + " flag id " + std::to_string(*c) + " is reserved" +
                          (r != cc.reservedFlagReasons.end() ? ": " + r->second : std::string());
        std::string hint = "use flag ids " + std::to_string(cc.userFlagMin) + ".." + std::to_string(cc.userFlagMax);
        if (collides) {
          prove(*op, mkBool(false), msg + ", and this kernel uses SyncAll or the Matmul API", hint);
        } else {
          Diagnostic d;
          d.check = id();
          d.severity = Severity::Warning;
          d.status = Status::Counterexample;
          d.loc = op->loc;
          d.message = msg;
          d.hint = hint;
          ctx.report(d);
        }
      }
    }
  if (!cc.supported)
    return;
  // Pairing: a wait needs a set of its id from a core that can signal it.
  auto coreName = [](std::optional<CoreType> c) { return c ? std::string(coreTypeName(*c)) : std::string("any"); };
  for (const Op *w : waits) {
    auto cw = coreOf(k, *w, t);
    bool found = false;
    for (const Op *s : sets) {
      if (!sameId(s->eventId, w->eventId))
        continue;
      auto cs = coreOf(k, *s, t);
      std::optional<int64_t> mode;
      if (auto it = s->params.find("mode"); it != s->params.end())
        mode = asConst(it->second);
      bool ok = true;
      if (cs && cw && mode) {
        if (*mode == 2 || *mode == 4)
          ok = *cs != *cw; // AIC <-> AIV
        else
          ok = *cs == *cw; // 0: same type; 1: the two AIVs
      }
      found |= ok;
    }
    if (!found) {
      std::string idS = w->eventId ? toString(w->eventId) : "?";
      prove(*w, mkBool(false),
            w->api + "(" + idS + ") on the " + coreName(cw) + " core has no CrossCoreSetFlag of flag " + idS +
                " from a core that can signal it: the core waits forever",
            "set the same flag id on the other core type (mode 2 for cube <-> vector)");
    }
  }
  for (const Op *s : sets) {
    auto cs = coreOf(k, *s, t);
    bool found = false;
    for (const Op *w : waits)
      found |= sameId(s->eventId, w->eventId);
    if (!found) {
      std::string idS = s->eventId ? toString(s->eventId) : "?";
      ProofItem item;
      item.ob.check = id();
      item.ob.property = mkBool(false);
      item.ob.context = ctx.contextAt(s->cond, s->loops);
      item.loc = s->loc;
      std::string api = s->api, cn = coreName(cs);
      item.message = [api, idS, cn](const Verdict &v) {
        if (v.status == Status::Unknown)
          return api + "(" + idS + "): " + v.reason;
        return api + "(" + idS + ") on the " + cn + " core is never waited for: the flag's counter is left raised";
      };
      item.hint = "wait for the flag on the receiving core, or remove the set";
      ctx.prove(std::move(item));
    }
  }
}

} // namespace alint
