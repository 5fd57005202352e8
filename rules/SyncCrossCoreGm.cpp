// sync-crosscore, GM hand-over: in a mixed kernel, a GM range written on one
// core type (Fixpipe to GM on the cube core, DataCopy UB->GM on a vector
// core) and read or written on the other must be ordered by a cross-core
// flag chain: the writer's core raises a flag with CrossCoreSetFlag on a pipe
// that is ordered after the write (the set fires once its pipe's earlier
// instructions are done: hardware.md §1.6, set_flag), and the other core
// waits for that id (CrossCoreWaitFlag, which holds back every later
// instruction: the wait runs on PIPE_S, hardware.md §2.4) before its access.
//
// Each core computes its own GetBlockIdx(): on the cube core the group
// index b, on a vector core b * ration + subblock (ration 2 in a
// KERNEL_TYPE_MIX_AIC_1_2 kernel, 1 in _1_1; asc-devkit
// impl/basic_api/dav_c220/kernel_operator_sys_var_impl.h, GetBlockIdxImpl),
// and a group's cube and vector cores are the ones a mode-2 flag connects.
// The two footprints are compared for one group with those values; where
// the mapping is not known (no kernel type, get_block_idx) the obligation is
// unknown. Z3 decides the overlap; the flag chain is found in the pipe
// dependency graph, per core.
#include "checker/ir/WrapFree.h"
#include "rules/Checks.h"

#include <map>
#include <set>

namespace alint {

namespace {

bool mentions(const Sym &s, const Sym &var) {
  if (!s || !var || var->op != SymOp::Var)
    return false;
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(s, vs);
  for (auto &v : vs)
    if (v->id == var->var->id)
      return true;
  return false;
}

bool mentionsName(const Sym &s, const std::string &name, VarRole role) {
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(s, vs);
  for (auto &v : vs)
    if (v->name == name && v->role == role)
      return true;
  return false;
}

void varTypes(const Sym &s, std::map<uint32_t, IntType> &out) {
  if (!s)
    return;
  if (s->op == SymOp::Var && s->var)
    out.emplace(s->var->id, s->type);
  for (const Sym &a : s->args)
    varTypes(a, out);
}

struct GmAccess {
  int op = -1;
  size_t region = 0;
  CoreType core = CoreType::AIC;
};

} // namespace

void checkCrossCoreGm(CheckContext &ctx, const char *checkId) {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  if (!t.splitCores || !t.crossCore.supported)
    return;
  // Offsets without the wraps param-range rules out (checker/ir/WrapFree.h).
  WrapFreeOffsets exact(k);
  std::vector<GmAccess> accesses;
  std::vector<int> sets, waits;
  bool syncAll = false, cores[2] = {false, false};
  for (const Op &op : k.ops) {
    auto c = coreOf(k, op, t);
    if (op.kind == OpKind::SyncAll)
      syncAll = true;
    if (!c)
      continue;
    cores[*c == CoreType::AIC ? 0 : 1] = true;
    if (op.kind == OpKind::CrossCoreSet)
      sets.push_back(op.id);
    else if (op.kind == OpKind::CrossCoreWait)
      waits.push_back(op.id);
    else if (accessesMemory(op.kind))
      for (size_t r = 0; r < op.regions.size(); ++r)
        if (op.regions[r].global && op.regions[r].bufferId >= 0)
          accesses.push_back({op.id, r, *c});
  }
  if (!cores[0] || !cores[1] || accesses.empty())
    return;

  const SyncGraph &g = ctx.syncGraph();
  std::map<int, std::vector<int>> inst; // op -> its instances in the sequence
  for (int i = 0; i < int(g.seq.size()); ++i)
    inst[g.seq[i].op].push_back(i);

  auto modeOk = [&](const Op &s) {
    auto it = s.params.find("mode");
    auto m = it == s.params.end() ? std::nullopt : asConst(it->second);
    return !m || *m == 2 || *m == 4; // AIC <-> AIV
  };
  // The set fires after `a` on its core: program order and a pipe that is
  // ordered after a's (the same pipe, or a chain in the pipe graph).
  auto setAfter = [&](int a, int s, bool *wrongPipe) {
    for (int ia : inst[a])
      for (int is : inst[s]) {
        if (ia >= is)
          continue;
        Pipe ps = g.seq[is].pipe;
        if (ps == Pipe::None || ps == Pipe::ALL || ps == g.seq[ia].pipe || g.happensBefore(ia, is))
          return true;
        if (wrongPipe)
          *wrongPipe = true;
      }
    return false;
  };
  // The wait holds back `b` on its core.
  auto waitBefore = [&](int w, int b) {
    for (int iw : inst[w])
      for (int ib : inst[b]) {
        if (iw >= ib)
          continue;
        Pipe pw = g.seq[iw].pipe;
        if (pw == Pipe::S || pw == Pipe::ALL || pw == Pipe::None || pw == g.seq[ib].pipe || g.happensBefore(iw, ib))
          return true;
      }
    return false;
  };
  auto coreIs = [&](int op, CoreType c) { return coreOf(k, k.ops[op], t) == c; };
  // A chain from `a` (core X) to `b` (core Y).
  auto chain = [&](int a, CoreType x, int b, CoreType y, bool *wrongPipe, std::string *via) {
    for (int s : sets) {
      if (!coreIs(s, x) || !modeOk(k.ops[s]))
        continue;
      for (int w : waits) {
        if (!coreIs(w, y) || !sameFlagId(k.ops[s].eventId, k.ops[w].eventId) || !waitBefore(w, b))
          continue;
        if (setAfter(a, s, wrongPipe)) {
          if (via)
            *via = toString(k.ops[s].eventId);
          return true;
        }
      }
    }
    return false;
  };
  bool connected = false; // any flag between the two core types
  for (int s : sets)
    for (int w : waits)
      if (modeOk(k.ops[s]) && sameFlagId(k.ops[s].eventId, k.ops[w].eventId) &&
          coreOf(k, k.ops[s], t) != coreOf(k, k.ops[w], t))
        connected = true;

  // Group ration: vector cores per cube core (KernelMetaType, ascendc-api.md §2.1).
  std::optional<int64_t> ration;
  if (k.kernelType == 4)
    ration = 1; // KERNEL_TYPE_MIX_AIC_1_1
  else if (k.kernelType == 5)
    ration = 2; // KERNEL_TYPE_MIX_AIC_1_2

  // Per-core views of the kernel's variables. The cube core keeps the
  // model's variables (its GetBlockIdx() is the group index); the vector
  // core gets fresh copies of everything chosen by the execution.
  std::map<uint32_t, Sym> aivVars;
  std::map<uint32_t, IntType> types; // filled before each use of onAiv
  Sym subV;
  if (ration)
    subV = mkVar("subBlockIdx_aiv", IntType::i64(), VarRole::Internal);
  auto special = [&](const VarInfo &v, const Sym &s) { return s && s->op == SymOp::Var && s->var->id == v.id; };
  auto onAic = [&](const Sym &x) -> Sym {
    if (!x)
      return x;
    return substitute(x, [&](const VarInfo &v) -> Sym {
      if (special(v, k.subBlockIdxVar))
        return mkConst(0, IntType::i64());
      if (special(v, k.taskRationVar))
        return mkConst(1, IntType::i64());
      if (special(v, k.aicVar))
        return mkBool(true);
      return nullptr;
    });
  };
  auto onAiv = [&](const Sym &x) -> Sym {
    if (!x)
      return x;
    varTypes(x, types);
    return substitute(x, [&](const VarInfo &v) -> Sym {
      if (special(v, k.aicVar))
        return mkBool(false);
      if (ration && special(v, k.subBlockIdxVar))
        return subV;
      if (ration && special(v, k.taskRationVar))
        return mkConst(*ration, IntType::i64());
      if (ration && special(v, k.blockIdxVar))
        return mkBin(SymOp::Add, mul(toMath(k.blockIdxVar), mkConst(*ration)), toMath(subV), IntType::math());
      if (v.role == VarRole::Input)
        return nullptr;
      auto it = aivVars.find(v.id);
      if (it != aivVars.end())
        return it->second;
      auto ty = types.find(v.id);
      Sym fresh = mkVarLike(v.name + "_aiv", ty == types.end() ? IntType::i64() : ty->second, v);
      aivVars[v.id] = fresh;
      return fresh;
    });
  };

  std::set<std::pair<int, int>> done;
  for (const GmAccess &x : accesses) {
    if (x.core != CoreType::AIC)
      continue;
    for (const GmAccess &y : accesses) {
      if (y.core != CoreType::AIV)
        continue;
      const Op &oa = k.ops[x.op], &ob = k.ops[y.op];
      const Region &ra = oa.regions[x.region], &rb = ob.regions[y.region];
      if (!ra.write && !rb.write)
        continue;
      const GlobalBuf &ga = k.globals[ra.bufferId], &gb = k.globals[rb.bufferId];
      if (ga.root != gb.root || ga.root == "?" || ga.root.empty())
        continue;
      if (!done.insert({x.op, y.op}).second)
        continue;
      bool wrongPipe = false;
      std::string viaF, viaB;
      bool fwd = chain(x.op, CoreType::AIC, y.op, CoreType::AIV, &wrongPipe, &viaF);
      bool bwd = chain(y.op, CoreType::AIV, x.op, CoreType::AIC, &wrongPipe, &viaB);
      bool repeated = !oa.loops.empty() || !ob.loops.empty();
      // A single pair of accesses is ordered by a chain either way; accesses
      // that repeat (in loops) need both: a -> b for the hand-over and
      // b -> a before the next overwrite.
      if (repeated ? fwd && bwd : fwd || bwd)
        continue;

      ProofItem item;
      item.ob.check = checkId;
      // Where the finding lands: the reader (the vector side when both write).
      const Op &here = (rb.write && !ra.write) ? oa : ob;
      const Op &other = &here == &ob ? oa : ob;
      item.loc = here.loc;
      item.group = "gm:" + std::to_string(x.op) + ":" + std::to_string(y.op);
      Sym offA = add(toMath(ga.baseOffsetBytes), exact.orSelf(ra.offsetBytes));
      Sym offB = add(toMath(gb.baseOffsetBytes), exact.orSelf(rb.offsetBytes));
      std::vector<Sym> terms = {offA, offB, ra.lengthBytes, rb.lengthBytes, oa.cond, ob.cond};
      bool usesIdx = false, usesNum = false;
      for (const Sym &s : terms) {
        usesIdx |= mentions(s, k.blockIdxVar) || mentions(s, k.subBlockIdxVar) || mentions(s, k.taskRationVar);
        usesNum |= s && mentionsName(s, "blockNum", VarRole::Input);
      }
      if (!g.unknownReason.empty())
        item.ob.unknownReason = g.unknownReason;
      else if (!ra.lengthBytes || !rb.lengthBytes)
        item.ob.unknownReason = "extent of " + (ra.lengthBytes ? ob.api : oa.api) + " is not modelled";
      else if (usesIdx && !ration)
        item.ob.unknownReason = "the kernel type is not declared (KERNEL_TASK_TYPE_DEFAULT), so how the vector "
                                "cores' GetBlockIdx() relates to the cube core's (1:1 or 1:2) is not known";
      else if (usesIdx && k.rawBlockIdx)
        item.ob.unknownReason = "get_block_idx() (the hardware index) and GetBlockIdx() are not told apart";
      else if (usesNum)
        item.ob.unknownReason = "GetBlockNum() as seen by the vector cores of a mixed kernel is not modelled";
      if (!item.ob.unknownReason.empty()) {
        item.ob.property = mkBool(true);
      } else {
        Sym a0 = onAic(offA), a1 = onAiv(offB);
        Sym la = onAic(ra.lengthBytes), lb = onAiv(rb.lengthBytes);
        item.ob.property = mkNot(mkAnd(mkCmp(SymOp::Lt, a0, add(a1, lb)), mkCmp(SymOp::Lt, a1, add(a0, la))));
        std::vector<Sym> c;
        for (const Sym &s : ctx.contextAt(oa.cond, oa.loops))
          c.push_back(onAic(s));
        std::set<const SymNode *> facts;
        for (const Sym &f : k.facts)
          facts.insert(f.get());
        for (const Sym &s : ctx.contextAt(ob.cond, ob.loops)) {
          // the range facts of GetBlockIdx() speak of the cube core's index
          if (ration && facts.count(s.get()) && mentions(s, k.blockIdxVar))
            continue;
          c.push_back(onAiv(s));
        }
        if (ration) {
          c.push_back(mkCmp(SymOp::Ge, subV, mkConst(0, IntType::i64())));
          c.push_back(mkCmp(SymOp::Lt, subV, mkConst(*ration, IntType::i64())));
        }
        // Both accesses in bounds (out-of-bounds ones are bounds-global findings).
        for (auto [r, aic] : {std::pair<const Region *, bool>{&ra, true}, {&rb, false}}) {
          const GlobalBuf &gbuf = k.globals[r->bufferId];
          bool onCore = aic; // (a structured binding cannot be captured in C++17)
          auto view = [&](const Sym &s) { return onCore ? onAic(s) : onAiv(s); };
          Sym off = exact.orSelf(r->offsetBytes);
          c.push_back(mkCmp(SymOp::Ge, view(off), mkConst(0)));
          if (gbuf.sizeElems)
            c.push_back(
                mkCmp(SymOp::Le, view(add(off, r->lengthBytes)), view(mul(gbuf.sizeElems, mkConst(gbuf.elemBytes)))));
        }
        item.ob.context = c;
      }
      // How sure the ordering verdict is.
      if (syncAll) {
        item.worst = Status::Unknown;
        item.capReason = "the kernel uses SyncAll, whose ordering across core types is not modelled here";
      } else if (connected && repeated && (fwd || bwd)) {
        item.worst = Status::Unknown;
        item.capReason = std::string("a flag orders them one way (") + (fwd ? "cube to vector" : "vector to cube") +
                         ") but not the other, and the iterations of the two cores' loops are not aligned by the "
                         "model";
      } else if (connected) {
        item.worst = Status::Counterexample;
      }
      std::string where = "GM argument '" + ga.root + "'";
      std::string aTxt = oa.api + " on the AIC core " + (ra.write ? "writes " : "reads ") + where;
      std::string bTxt = ob.api + " on the AIV core " + (rb.write ? "writes" : "reads") + " it";
      std::string why = !connected ? "no cross-core flag connects the cores"
                        : fwd      ? "a flag chain orders the cube access before the vector one, but nothing "
                                     "orders the vector access before the cube core's next one"
                        : bwd      ? "a flag chain orders the vector access before the cube one, but nothing "
                                     "orders the cube access before the vector core's next one"
                                   : "no cross-core flag chain orders them";
      if (wrongPipe)
        why += " (a CrossCoreSetFlag follows the write in program order, but on a pipe that is not ordered after it)";
      std::string what = aTxt + " and " + bTxt + ": " + why;
      item.message = [what](const Verdict &v) {
        if (v.status == Status::Unknown)
          return "possible cross-core race: " + what + "; could not be decided: " + v.reason;
        return (v.status == Status::Violated ? "cross-core data race: " : "possible cross-core data race: ") + what;
      };
      item.related.push_back({other.loc, "the other access: " + other.api + " on the " +
                                             std::string(&other == &oa ? "AIC" : "AIV") + " core"});
      const Op &writer = ra.write ? oa : ob;
      std::string wp(pipeName(writer.pipe));
      std::string wc = &writer == &oa ? "cube" : "vector";
      item.hint = "after the " + writer.api + ", CrossCoreSetFlag<2, " + wp + ">(id) on the " + wc +
                  " core, and CrossCoreWaitFlag(id) on the other core before its access" +
                  (repeated ? "; in a loop also a flag back before the next overwrite" : "");
      ctx.prove(std::move(item));
    }
  }
}

} // namespace alint
