// sync-simt: among the threads of one SIMT launch (a __simt_vf__ function
// called by asc_vf_call<f>(dim3(...), ...)), two threads writing the same UB
// or GM address, or one writing and one reading it, must be separated by
// asc_syncthreads(): threads run at their own pace and only the barrier makes
// the accesses before it visible to the block after it (asc-devkit
// docs/zh/api/SIMT-API/同步与内存栅栏/同步与内存栅栏简介.md, 同步接口/asc_syncthreads.md).
// Atomic operations (原子操作/) do not race with each other; memory fences
// make no thread wait and order nothing between two threads.
//
// Two-thread reduction (GPUVerify): the frontend records each access once,
// its footprint a function of the symbolic thread index; for a pair of
// accesses not separated by a barrier the second is renamed to another
// thread (threadIdx.x -> threadIdx.x'), its loop counters renamed too unless
// a barrier in the loop keeps the threads in the same iteration, and Z3 asks
// whether two distinct threads can touch a common byte. The counterexample
// names the thread pair.
#include "checker/ir/AddressTerms.h"
#include "rules/Checks.h"

#include <functional>
#include <map>
#include <set>
#include <unordered_set>

namespace alint {

namespace {

struct Launch {
  const Op *mark = nullptr;
  std::vector<size_t> accesses, barriers;
};

bool hasLoop(const Op &o, int l) {
  for (int x : o.loops)
    if (x == l)
      return true;
  return false;
}

} // namespace

void SyncSimtCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  std::map<int64_t, Launch> launches;
  for (size_t i = 0; i < k.ops.size(); ++i) {
    const Op &o = k.ops[i];
    if (auto it = o.params.find("simtLaunch"); it != o.params.end())
      launches[asConst(it->second).value_or(-1)].mark = &o;
    else if (auto it = o.params.find("simtBarrier"); it != o.params.end())
      launches[asConst(it->second).value_or(-1)].barriers.push_back(i);
    else if (auto it = o.params.find("simt"); it != o.params.end() && !o.regions.empty())
      launches[asConst(it->second).value_or(-1)].accesses.push_back(i);
  }
  for (auto &[launchId, L] : launches) {
    (void)launchId;
    if (!L.mark)
      continue;
    std::vector<Sym> tid;
    for (const char *a : {"tid.x", "tid.y", "tid.z"})
      if (auto it = L.mark->params.find(a); it != L.mark->params.end())
        tid.push_back(it->second);
    if (tid.size() != 3)
      continue;                                       // not a launch this frontend described: nothing to pair
    const std::vector<size_t> &barriers = L.barriers; // a lambda may not capture a binding (C++17)
    auto loopHasBarrier = [&](int l) {
      for (size_t b : barriers)
        if (hasLoop(k.ops[b], l))
          return true;
      return false;
    };
    std::set<size_t> unknownReported;
    for (size_t xi = 0; xi < L.accesses.size(); ++xi)
      for (size_t yi = xi; yi < L.accesses.size(); ++yi) {
        size_t x = L.accesses[xi], y = L.accesses[yi];
        const Op &ox = k.ops[x], &oy = k.ops[y];
        const Region &a = ox.regions[0], &b = oy.regions[0];
        bool ax = ox.params.count("atomic") != 0, ay = oy.params.count("atomic") != 0;
        if (ax && ay)
          continue;
        // An atomic beside a volatile access (a spin on a counter other
        // threads advance with asc_atomic_cas: asc-devkit
        // hash_table_mte_queue) is the lock-free idiom, not a data race.
        if ((ax && oy.params.count("volatile")) || (ay && ox.params.count("volatile")))
          continue;
        if (!a.write && !b.write && !ax && !ay)
          continue;
        // Loops whose iterations may differ between the two threads.
        std::set<int> rename;
        bool between = false;
        for (size_t bi : L.barriers)
          between |= x < bi && bi < y;
        std::vector<int> common;
        for (int l : ox.loops)
          if (hasLoop(oy, l))
            common.push_back(l);
        if (!between) {
          for (int l : common)
            if (!loopHasBarrier(l))
              rename.insert(l);
        } else {
          // Ordered in one iteration; iteration i's later access and
          // iteration i+1's earlier one meet when no barrier of a common loop
          // lies outside [x, y].
          bool carried = false;
          for (int l : common) {
            bool outside = false;
            for (size_t bi : L.barriers)
              if (hasLoop(k.ops[bi], l) && (bi < x || bi > y))
                outside = true;
            if (!outside) {
              carried = true;
              rename.insert(l);
            }
          }
          if (!carried)
            continue;
          for (int l : common) // loops inside a renamed one differ too
            for (int p = k.loops[l].parent; p >= 0; p = k.loops[p].parent)
              if (rename.count(p))
                rename.insert(l);
        }
        ProofItem item;
        item.ob.check = id();
        item.loc = oy.loc;
        item.group = std::to_string(y) + ":simt";
        item.related.push_back({ox.loc, "the other thread's access: " + ox.api});
        item.related.push_back({L.mark->loc, "the SIMT launch: " + L.mark->api});
        std::string what = std::string(b.write || ay ? "writes" : "reads") +
                           " memory that another thread of the same SIMT launch " +
                           (a.write || ax ? "writes" : "reads");
        bool unknownAddr = a.bufferId < 0 || b.bufferId < 0 || !a.lengthBytes || !b.lengthBytes || a.global != b.global;
        if (unknownAddr) {
          if (a.global != b.global && a.bufferId >= 0 && b.bufferId >= 0)
            continue; // UB and GM never overlap
          size_t which = a.bufferId < 0 || !a.lengthBytes ? x : y;
          if (!unknownReported.insert(which).second)
            continue;
          item.loc = k.ops[which].loc;
          item.group = std::to_string(which) + ":simt-unknown";
          item.ob.property = mkBool(true);
          item.ob.unknownReason = k.ops[which].unknownReason.empty() ? "the address of a SIMT access is not modelled"
                                                                     : k.ops[which].unknownReason;
        } else {
          Sym offA = a.offsetBytes, offB = b.offsetBytes;
          if (a.global) {
            const GlobalBuf &ga = k.globals[a.bufferId], &gb = k.globals[b.bufferId];
            if (a.bufferId != b.bufferId) {
              if (ga.root != gb.root || ga.root == "?")
                continue; // different kernel arguments
              offA = add(toMath(ga.baseOffsetBytes), offA);
              offB = add(toMath(gb.baseOffsetBytes), offB);
            }
          } else {
            if (a.bufferId != b.bufferId)
              continue;
            Sym slotLen = slotBytes(k.buffers[a.bufferId]);
            if (a.slot)
              offA = add(offA, mul(toMath(a.slot), slotLen));
            if (b.slot)
              offB = add(offB, mul(toMath(b.slot), slotLen));
          }
          // Thread B: other thread indices, other iterations of the loops in
          // `rename`, other values for what the model does not know.
          std::set<uint32_t> renameVars;
          for (const Sym &t : tid)
            if (t->op == SymOp::Var)
              renameVars.insert(t->var->id);
          for (int l : rename)
            if (k.loops[l].var && k.loops[l].var->op == SymOp::Var)
              renameVars.insert(k.loops[l].var->var->id);
          std::map<uint32_t, Sym> fresh;
          // substitute() hands the VarInfo only; find each variable's node to keep its type.
          std::map<uint32_t, Sym> nodes;
          std::unordered_set<const SymNode *> seen; // shared nodes once
          std::function<void(const Sym &)> walk = [&](const Sym &s) {
            if (!s || !seen.insert(s.get()).second)
              return;
            if (s->op == SymOp::Var)
              nodes.emplace(s->var->id, s);
            for (const Sym &c : s->args)
              walk(c);
          };
          std::vector<Sym> ctxB = ctx.contextAt(oy.cond, oy.loops);
          walk(offB);
          walk(b.lengthBytes);
          for (const Sym &t : tid)
            walk(t);
          for (const Sym &s : ctxB)
            walk(s);
          auto rn = [&](const Sym &s) {
            return substitute(s, [&](const VarInfo &v) -> Sym {
              // A value chosen per iteration (the rotation of ping-pong
              // pointers, a member a loop sets) is another choice in
              // another iteration of that loop.
              const bool perIteration = v.choice == VarInfo::Choice::InLoop && rename.count(v.choiceLoop);
              if (!renameVars.count(v.id) && v.role != VarRole::Opaque && !perIteration)
                return nullptr;
              auto f = fresh.find(v.id);
              if (f != fresh.end())
                return f->second;
              auto n = nodes.find(v.id);
              if (n == nodes.end())
                return nullptr;
              Sym nv = v.role == VarRole::Opaque ? mkVar("?", n->second->type, VarRole::Opaque, v.reason)
                       : perIteration            ? mkVarLike(v.name + "'", n->second->type, v)
                                                 : mkVar(v.name + "'", n->second->type, VarRole::Internal);
              fresh[v.id] = nv;
              return nv;
            });
          };
          Sym offB2 = rn(offB), lenB2 = rn(b.lengthBytes);
          std::vector<Sym> c = ctx.contextAt(ox.cond, ox.loops);
          for (const Sym &s : ctxB)
            c.push_back(rn(s));
          Sym differ = mkBool(false);
          for (const Sym &t : tid)
            differ = mkOr(differ, mkCmp(SymOp::Ne, toMath(t), toMath(rn(t))));
          c.push_back(differ);
          item.ob.context = c;
          item.ob.report = {{"address", offA}, {"other", offB2}};
          Sym cmpA = offA, cmpB = offB2;
          cancelCommonTerms(cmpA, cmpB);
          item.ob.property =
              mkNot(mkAnd(mkCmp(SymOp::Lt, cmpA, add(cmpB, lenB2)), mkCmp(SymOp::Lt, cmpB, add(cmpA, a.lengthBytes))));
          std::string name = a.global ? k.globals[a.bufferId].name : k.buffers[a.bufferId].name;
          what += " ('" + name + "')";
        }
        item.message = [what](const Verdict &v) {
          if (v.status == Status::Unknown)
            return "possible SIMT data race: this access " + what + " with no asc_syncthreads() between them; " +
                   "could not be decided: " + v.reason;
          return std::string(v.status == Status::Violated ? "SIMT data race" : "possible SIMT data race") +
                 ": this access " + what + " with no asc_syncthreads() between them";
        };
        item.hint = "separate the two accesses with asc_syncthreads() (every thread of the block must reach it), "
                    "give each thread its own addresses, or use an asc_atomic_* operation";
        ctx.prove(std::move(item));
      }
  }
}

} // namespace alint
