// sync-crosscore: CrossCoreSetFlag / CrossCoreWaitFlag (and the older
// ffts_cross_core_sync / wait_flag_dev) between the cube core (AIC) and the
// vector cores (AIV) pair up: every wait has a set of its flag id on a core
// that can signal it (mode 2: the other core type; mode 0: cores of the same
// type; mode 1: the two AIVs of a group), ids stay in the user range (0..10;
// SyncAll and the Matmul API use 11..15), the mode exists on the target, and
// the chip has cross-core flags at all. Facts: hardware.md §2.4 "Cross-core
// flags", ascendc-api.md §2.6, the target files' cross_core section.
#include "rules/Checks.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace alint {

namespace {

using ProveFn = std::function<void(const Op &, Sym, std::string, std::string)>;

// Cross-core flags need the scheduler, which KERNEL_TYPE_AIV_ONLY and
// KERNEL_TYPE_AIC_ONLY kernels run without; modes 1 and 2 need a mixed kernel
// with both core types (MIX_AIC_1_1 / MIX_AIC_1_2), mode 4 MIX_AIC_1_2 (asc-devkit
// docs/zh/api/SIMD-API/基础API/同步控制/核间同步/CrossCoreSetFlag(ISASI).md,
// 约束说明 and table 3). KernelMetaType values: ascendc-api.md §2.1.
void checkKernelType(CheckContext &ctx, const std::vector<const Op *> &sets, const std::vector<const Op *> &waits,
                     const ProveFn &prove) {
  const KernelModel &k = ctx.kernel;
  if (!k.kernelType || !ctx.target.crossCore.supported)
    return;
  enum { AIV_ONLY = 0, AIC_ONLY = 1, MIX_AIV_1_0 = 2, MIX_AIC_1_0 = 3, MIX_AIC_1_1 = 4, MIX_AIC_1_2 = 5 };
  int kt = *k.kernelType;
  static const char *names[] = {"KERNEL_TYPE_AIV_ONLY",    "KERNEL_TYPE_AIC_ONLY",    "KERNEL_TYPE_MIX_AIV_1_0",
                                "KERNEL_TYPE_MIX_AIC_1_0", "KERNEL_TYPE_MIX_AIC_1_1", "KERNEL_TYPE_MIX_AIC_1_2"};
  if (kt < 0 || kt > MIX_AIC_1_2)
    return;
  std::string kn = names[kt];
  for (const std::vector<const Op *> *group : {&sets, &waits})
    for (const Op *op : *group) {
      if (kt == AIV_ONLY || kt == AIC_ONLY) {
        prove(*op, mkBool(false),
              op->api + " in a " + kn +
                  " kernel: such kernels run without the scheduler that carries cross-core "
                  "flags, so the flag never arrives",
              "declare a mixed kernel type, e.g. KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2)");
        continue;
      }
      auto it = op->params.find("mode");
      auto mode = it == op->params.end() ? std::nullopt : asConst(it->second);
      if (!mode)
        continue;
      bool ok = true;
      if (*mode == 1 || *mode == 2)
        ok = kt == MIX_AIC_1_1 || kt == MIX_AIC_1_2;
      else if (*mode == 4)
        ok = kt == MIX_AIC_1_2;
      if (!ok)
        prove(*op, mkBool(false), op->api + " mode " + std::to_string(*mode) + " does not work in a " + kn + " kernel",
              *mode == 4 ? "mode 4 needs KERNEL_TYPE_MIX_AIC_1_2"
                         : "modes 1 and 2 need KERNEL_TYPE_MIX_AIC_1_1 or KERNEL_TYPE_MIX_AIC_1_2");
    }
}

// Each flag id is a counter of 0..15: a core may raise one flag at most 15
// times before the other side consumes them; more raises an exception
// (CrossCoreSetFlag(ISASI).md, 约束说明; hardware.md §2.4). Without a reverse
// synchronisation (a CrossCoreWaitFlag or SyncAll on the setting core) in a
// loop, the setter may run ahead of the waiter by the whole trip count: the
// sets of one id in a loop nest free of reverse syncs must number at most
// 15.
void checkPending(CheckContext &ctx, const std::vector<const Op *> &sets) {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  std::map<int, const Loop *> loopById;
  for (const Loop &l : k.loops)
    loopById[l.id] = &l;
  auto freeOfReverse = [&](int loopId, std::optional<CoreType> core) {
    for (const Op &o : k.ops) {
      if (o.kind != OpKind::CrossCoreWait && o.kind != OpKind::SyncAll)
        continue;
      if (std::find(o.loops.begin(), o.loops.end(), loopId) == o.loops.end())
        continue;
      auto co = coreOf(k, o, t);
      if (!co || !core || *co == *core)
        return false;
    }
    return true;
  };
  std::set<std::pair<std::vector<int>, std::pair<int64_t, int>>> done;
  for (const Op *s : sets) {
    auto id = s->eventId ? asConst(s->eventId) : std::nullopt;
    if (!id || s->loops.empty())
      continue;
    auto core = coreOf(k, *s, t);
    if (!done.insert({s->loops, {*id, core ? int(*core) : -1}}).second)
      continue;
    int64_t n = 0;
    for (const Op *o : sets)
      if (o->loops == s->loops && o->eventId && asConst(o->eventId) == id && coreOf(k, *o, t) == core)
        ++n;
    Sym total = mkConst(n);
    std::string why, loopsText;
    bool any = false;
    for (auto it = s->loops.rbegin(); it != s->loops.rend(); ++it) {
      if (!freeOfReverse(*it, core))
        break;
      const Loop *l = loopById.count(*it) ? loopById[*it] : nullptr;
      int64_t step = l && l->step ? asConst(l->step).value_or(0) : 0;
      if (!l || !l->hi || !l->lo || step <= 0) {
        why = "the trip count of the loop at " + (l ? locText(l->loc) : std::string("?")) + " is not known";
        any = true;
        break;
      }
      Sym span = sub(toMath(l->hi), toMath(l->lo));
      Sym trips = mkSelect(mkCmp(SymOp::Gt, span, mkConst(0)),
                           mkBin(SymOp::Div, addC(span, step - 1), mkConst(step), IntType::math()), mkConst(0));
      total = mul(total, trips);
      loopsText += (loopsText.empty() ? "" : ", ") + locText(l->loc);
      any = true;
    }
    if (!any)
      continue; // every iteration waits for the other side
    uint32_t maxPending = t.crossCore.maxPendingSets;
    ProofItem item;
    item.ob.check = "sync-crosscore";
    item.ob.property = mkCmp(SymOp::Le, total, mkConst(maxPending));
    item.ob.unknownReason = why;
    item.ob.context = ctx.contextAt(s->cond, s->loops);
    item.ob.report = {{"sets", total}};
    item.loc = s->loc;
    std::string api = s->api, idS = std::to_string(*id), lt = loopsText, maxS = std::to_string(maxPending);
    item.message = [api, idS, lt, maxS](const Verdict &v) {
      if (v.status == Status::Unknown)
        return api + "(" + idS +
               ") in a loop with no reverse synchronisation: the number of pending sets could "
               "not be bounded: " +
               v.reason;
      auto r = v.reportValues.find("sets");
      std::string n = r != v.reportValues.end() ? std::to_string(r->second) : "more than " + maxS;
      return api + "(" + idS + ") is raised " + n + " times in the loop at " + lt +
             " with no reverse synchronisation: a flag counts at most " + maxS +
             " pending sets, beyond that the core raises an exception";
    };
    item.hint = "let the setting core wait for the other side (CrossCoreWaitFlag on another id) at least every " +
                maxS + " sets";
    ctx.prove(std::move(item));
  }
}

} // namespace

void SyncCrossCoreCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  const model::CrossCoreSpec &cc = t.crossCore;
  std::vector<const Op *> sets, waits;
  // The Matmul API's own hand-over (api/MatmulApi.cpp, "library") pairs by
  // construction; only the GM rule below reads it. Its objects in a mixed
  // kernel take flag ids 0 .. 2N-1 (CrossCoreSetFlag(ISASI).md, 约束说明).
  int64_t matmulObjs = 0;
  bool matmulCalls = false;
  for (const MatmulObj &m : k.matmuls)
    matmulObjs += m.mixed ? 1 : 0;
  for (const Op &op : k.ops) {
    matmulCalls |= op.kind == OpKind::Unmodelled && op.unknownReason.find("Matmul") != std::string::npos;
    if (op.params.count("library"))
      continue;
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
      if (matmulObjs > 0 && *c >= 0 && *c < 2 * std::min<int64_t>(matmulObjs, 4))
        prove(*op, mkBool(false),
              op->api + " flag id " + std::to_string(*c) + " is one the Matmul API uses: with " +
                  std::to_string(matmulObjs) + " Matmul object(s) in this mixed kernel it takes ids 0.." +
                  std::to_string(2 * std::min<int64_t>(matmulObjs, 4) - 1),
              "use an id from " + std::to_string(2 * std::min<int64_t>(matmulObjs, 4)) +
                  " up (or fewer Matmul objects)");
      else if (*c < 0 || *c >= int64_t(cc.hwFlagCount))
        prove(*op, mkBool(false),
              op->api + " flag id " + std::to_string(*c) + " is outside 0.." + std::to_string(cc.hwFlagCount - 1),
              "user flag ids are 0..10");
      else if (cc.reservedFlags.count(uint32_t(*c))) {
        // The ids the library keeps for itself collide only when the kernel
        // also uses what takes them (SyncAll, the Matmul API): an error then,
        // a warning otherwise (official samples do use 11..13 on their own).
        bool collides = matmulCalls || matmulObjs > 0;
        for (const Op &o : k.ops)
          collides |= o.kind == OpKind::SyncAll;
        auto r = cc.reservedFlagReasons.find(uint32_t(*c));
        std::string msg = op->api + " flag id " + std::to_string(*c) + " is reserved" +
                          (r != cc.reservedFlagReasons.end() ? ": " + r->second : std::string());
        std::string hint = "use flag ids " + std::to_string(cc.userFlagMin) + ".." + std::to_string(cc.userFlagMax);
        // Ids only library features take (SyncAll's 11..13) are legal user
        // ids (0-15 in modes 0-2, CrossCoreSetFlag(ISASI).md) when the kernel
        // does not use those features; the compiler's own (14, 15) stay a
        // warning.
        bool compilerOwned = r != cc.reservedFlagReasons.end() && r->second.find("HIVM") != std::string::npos;
        if (collides) {
          prove(*op, mkBool(false), msg + ", and this kernel uses SyncAll or the Matmul API", hint);
        } else if (compilerOwned) {
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
      if (!sameFlagId(s->eventId, w->eventId))
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
  checkKernelType(ctx, sets, waits, prove);
  checkPending(ctx, sets);
  checkCrossCoreGm(ctx, id());
  checkAllCoreBarriers(ctx, id());
  checkLoopDrift(ctx, id());
  for (const Op *s : sets) {
    auto cs = coreOf(k, *s, t);
    bool found = false;
    for (const Op *w : waits)
      found |= sameFlagId(s->eventId, w->eventId);
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
