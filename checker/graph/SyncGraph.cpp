#include "checker/graph/SyncGraph.h"
#include "checker/ir/WrapFree.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

namespace alint {

namespace {

constexpr int kPipes = 11; // pipe_t values 0..10
constexpr int kInf = 1 << 30;

int pipeIndex(Pipe p) { return int(p) < kPipes ? int(p) : -1; }

// A key identifying a symbolic value exactly (variables by id).
std::string symKey(const Sym &s) {
  if (!s)
    return "null";
  if (s->op == SymOp::Const || s->op == SymOp::BoolConst)
    return std::to_string(s->value);
  if (s->op == SymOp::Var)
    return "v" + std::to_string(s->var->id);
  if (s->op == SymOp::Cast)
    return symKey(s->args[0]);
  std::string r = "(" + std::to_string(int(s->op));
  for (auto &a : s->args)
    r += " " + symKey(a);
  return r + ")";
}

struct Builder {
  const KernelModel &k;
  const model::TargetSpec &t;
  SyncGraph &g;
  // A substitution with the memo of its applications: the ops of one loop
  // copy share most of their path condition, which is then rewritten once
  // (ops-math cdist on ascend950: building the graph was 8 of its 60 s).
  struct Memo {
    std::unordered_map<const SymNode *, Sym> done; // by input node
    std::vector<Sym> inputs;                       // kept alive: the keys are their nodes
  };
  struct Subst {
    std::map<uint32_t, Sym> vars;
    std::shared_ptr<Memo> memo = std::make_shared<Memo>();
    Subst() = default;
    Subst(std::initializer_list<std::pair<const uint32_t, Sym>> l) : vars(l) {}
    Sym &operator[](uint32_t id) { // a changed mapping: a memo of its own
      memo = std::make_shared<Memo>();
      return vars[id];
    }
    bool empty() const { return vars.empty(); }
  };

  std::map<int, int> slotCounter; // buffer -> allocations so far
  Subst slotValue;                // slot variable -> concrete slot
  std::set<uint32_t> slotVars;    // every queue slot variable
  std::map<int, const Loop *> loopById;
  std::map<std::string, HardEvent> bwdKeys; // queue free events seen so far
  WrapFreeOffsets exactOf;                  // GM offsets with their checked wrap sites exact

  Builder(const KernelModel &km, const model::TargetSpec &tm, SyncGraph &gr) : k(km), t(tm), g(gr), exactOf(km) {
    for (const Loop &l : k.loops)
      loopById[l.id] = &l;
    for (const Op &op : k.ops) {
      auto it = op.params.find("slot");
      if (it != op.params.end() && it->second->op == SymOp::Var)
        slotVars.insert(it->second->var->id);
    }
  }

  static Sym apply(const Sym &s, const Subst &m) {
    if (!s || m.empty())
      return s;
    m.memo->inputs.push_back(s);
    return substitute(
        s,
        [&](const VarInfo &v) -> Sym {
          auto it = m.vars.find(v.id);
          return it == m.vars.end() ? nullptr : it->second;
        },
        m.memo->done);
  }

  Sym finish(const Sym &s, const Subst &m) {
    Sym r = apply(s, m);
    if (r && !slotValue.empty())
      r = apply(r, slotValue);
    return r;
  }

  // Variables first bound inside ops [b, e): loop indices of nested loops and
  // queue slots. The second copy of a loop gets fresh ones.
  void innerVars(size_t b, size_t e, int loopId, std::vector<Sym> &out) {
    std::set<int> loops;
    for (size_t i = b; i < e; ++i) {
      const Op &op = k.ops[i];
      bool below = false;
      for (int l : op.loops) {
        if (below)
          loops.insert(l);
        if (l == loopId)
          below = true;
      }
      auto it = op.params.find("slot");
      if (it != op.params.end() && it->second->op == SymOp::Var &&
          (op.kind == OpKind::AllocTensor || op.kind == OpKind::DeQue))
        out.push_back(it->second);
    }
    for (int l : loops)
      if (loopById.count(l) && loopById[l]->var)
        out.push_back(loopById[l]->var);
    // The per-iteration choices of this loop and the nested ones (the
    // interpreter's choice variables of those loops).
    loops.insert(loopId);
    std::set<uint32_t> seen;
    std::function<void(const Sym &)> scan = [&](const Sym &x) {
      if (!x)
        return;
      if (x->op == SymOp::Var && x->var->role == VarRole::Internal && x->var->choice == VarInfo::Choice::InLoop &&
          loops.count(x->var->choiceLoop) && seen.insert(x->var->id).second)
        out.push_back(x);
      for (const Sym &a : x->args)
        scan(a);
    };
    for (size_t i = b; i < e; ++i) {
      const Op &op = k.ops[i];
      scan(op.cond);
      for (const Region &r : op.regions) {
        scan(r.offsetBytes);
        scan(r.lengthBytes);
      }
      for (const auto &pr : op.params)
        scan(pr.second);
    }
  }

  // The period of a loop body: event ids, offsets and conditions that use
  // the loop variable as `v % P` or `v & (P - 1)`, and queues with P slots
  // allocated in it. Iterations i and i + P are alike; i + 1 .. i + P - 1
  // differ (ping-pong buffers and ids), so the body is emitted P + 1 times.
  int periodOf(size_t b, size_t e, const Loop *loop) const {
    int period = 1;
    if (!loop || !loop->var)
      return 1;
    uint32_t lv = loop->var->var->id;
    std::function<void(const Sym &)> scan = [&](const Sym &x) {
      if (!x)
        return;
      if ((x->op == SymOp::Rem || x->op == SymOp::BitAnd) && x->args.size() == 2) {
        std::vector<std::shared_ptr<const VarInfo>> vs;
        collectVars(x->args[0], vs);
        bool uses = std::any_of(vs.begin(), vs.end(), [&](auto &v) { return v->id == lv; });
        auto m = asConst(x->args[1]);
        if (uses && m) {
          int64_t p = x->op == SymOp::Rem ? *m : *m + 1;
          if (p >= 2 && p <= 4 && (x->op == SymOp::Rem || (p & (p - 1)) == 0))
            period = std::max<int>(period, int(p));
        }
      }
      for (const Sym &a : x->args)
        scan(a);
    };
    for (size_t i = b; i < e; ++i) {
      const Op &op = k.ops[i];
      scan(op.eventId);
      scan(op.cond);
      for (const Region &r : op.regions)
        scan(r.offsetBytes);
      if (op.kind == OpKind::AllocTensor && op.bufferId >= 0 && op.bufferId < int(k.buffers.size()))
        if (auto d = asConst(k.buffers[op.bufferId].num); d && *d >= 2 && *d <= 4)
          period = std::max<int>(period, int(*d));
    }
    return period;
  }

  // m: the any-iteration view (addresses, access conditions); f: the
  // first-iterations view (event ids, flag conditions).
  // entry: what a later copy implies: iteration i of each enclosing loop ran
  // (lo <= i < hi), which keeps i + c from wrapping in the queries.
  void emit(size_t b, size_t e, size_t depth, const Subst &m, const Subst &f, std::vector<int> copies, bool later,
            const Sym &entry, const Sym &laterRuns) {
    size_t i = b;
    while (i < e) {
      const Op &op = k.ops[i];
      if (op.loops.size() > depth) {
        int L = op.loops[depth];
        size_t j = i;
        while (j < e && k.ops[j].loops.size() > depth && k.ops[j].loops[depth] == L)
          ++j;
        const Loop *loop = loopById.count(L) ? loopById[L] : nullptr;
        int n = periodOf(i, j, loop) + 1;
        if (g.seq.size() > 20000) // nested periodic loops: keep the sequence bounded
          n = 2;
        Subst mc = m;
        std::vector<int> cp = copies;
        cp.push_back(0);
        for (int c = 0; c < n; ++c) {
          Subst fc = f;
          if (loop && loop->var) {
            Sym lo = loop->lo ? apply(loop->lo, f) : mkConst(0);
            Sym st = loop->step ? toMath(loop->step) : mkConst(1);
            fc[loop->var->var->id] = add(toMath(lo), mul(mkConst(c), st));
          }
          if (c > 0) {
            // iteration i + c: the loop variable advanced, fresh inner variables
            if (loop && loop->var && loop->step) {
              Sym next = mkBin(SymOp::Add, toMath(loop->var), mul(mkConst(c), toMath(loop->step)), IntType::math());
              mc[loop->var->var->id] = apply(next, m);
            }
            std::vector<Sym> inner;
            innerVars(i, j, L, inner);
            for (const Sym &v : inner) {
              Sym fresh = mkVarLike(v->var->name + std::string(size_t(c), '\''), v->type, *v->var);
              mc[v->var->id] = fresh;
              fc[v->var->id] = fresh;
              if (slotVars.count(v->var->id))
                slotVars.insert(fresh->var->id);
              // the copy's variable has the same range as the original
              for (const Sym &fa : k.facts) {
                std::vector<std::shared_ptr<const VarInfo>> vs;
                collectVars(fa, vs);
                if (vs.size() >= 1 && std::any_of(vs.begin(), vs.end(), [&](auto &x) { return x->id == v->var->id; }))
                  g.facts.push_back(apply(fa, {{v->var->id, fresh}}));
              }
            }
          }
          cp.back() = c;
          Sym en = entry;
          if (c > 0 && loop && loop->var && loop->lo && loop->hi && loop->step) {
            // (an exclusive lower bound for a loop counting down)
            bool down = asConst(loop->step).value_or(1) < 0;
            Sym v = toMath(loop->var), lo = toMath(loop->lo), hi = toMath(loop->hi);
            Sym in = down ? mkAnd(mkCmp(SymOp::Lt, hi, v), mkCmp(SymOp::Le, v, lo))
                          : mkAnd(mkCmp(SymOp::Le, lo, v), mkCmp(SymOp::Lt, v, hi));
            en = mkAnd(en, finish(in, m));
          }
          Sym lr;
          if (loop && loop->var && loop->lo && loop->hi && loop->step) {
            bool down = asConst(loop->step).value_or(1) < 0;
            Sym v = add(toMath(loop->var), mul(mkConst(c + n - 1), toMath(loop->step)));
            Sym lo = toMath(loop->lo), hi = toMath(loop->hi);
            lr = finish(down ? mkAnd(mkCmp(SymOp::Lt, hi, v), mkCmp(SymOp::Le, v, lo))
                             : mkAnd(mkCmp(SymOp::Le, lo, v), mkCmp(SymOp::Lt, v, hi)),
                        m);
          }
          emit(i, j, depth + 1, mc, fc, cp, later || c > 0, en, lr);
        }
        i = j;
        continue;
      }
      emitOne(i, m, f, copies, later, entry, laterRuns);
      ++i;
    }
  }

  std::optional<HardEvent> queueEvent(const Op &op, bool forward) const {
    if (op.bufferId < 0 || op.bufferId >= int(k.buffers.size()))
      return std::nullopt;
    return t.queueEvent(k.buffers[op.bufferId], op, forward);
  }

  void emitOne(size_t i, const Subst &m, const Subst &f, const std::vector<int> &copies, bool later, const Sym &entry,
               const Sym &laterRuns) {
    const Op &op = k.ops[i];
    SeqOp s;
    s.op = int(i);
    s.cond = mkAnd(finish(op.cond, m), entry);
    s.condFirst = finish(op.cond, f);
    s.pipe = op.pipe;
    s.rawPointer = op.params.count("reg") != 0;
    s.loops = op.loops;
    s.copies = copies;
    s.inLastCopy = later;
    s.periodLaterRuns = laterRuns;
    // Queue slots: AllocTensor hands out slots round-robin (TQue).
    if (op.kind == OpKind::AllocTensor) {
      auto it = op.params.find("slot");
      if (it != op.params.end() && op.bufferId >= 0) {
        Sym sv = apply(it->second, m);
        auto depth = asConst(k.buffers[op.bufferId].num);
        if (sv->op == SymOp::Var && depth && *depth > 0) {
          int n = slotCounter[op.bufferId]++;
          slotValue[sv->var->id] = mkConst(n % *depth, sv->type);
        }
      }
    }
    for (const Region &r : op.regions) {
      Region x = r;
      x.offsetBytes = finish(r.offsetBytes, m);
      if (r.global)
        if (Sym e = exactOf(r.offsetBytes))
          x.exactOffsetBytes = finish(e, m);
      x.lengthBytes = finish(r.lengthBytes, m);
      x.slot = finish(r.slot, m);
      if (r.global && r.bufferId >= 0 && r.bufferId < int(k.globals.size()) && k.globals[r.bufferId].baseOffsetBytes)
        x.gmBaseBytes = finish(k.globals[r.bufferId].baseOffsetBytes, m);
      s.regions.push_back(x);
    }
    s.eventId = op.eventId ? finish(op.eventId, f) : nullptr;
    switch (op.kind) {
    case OpKind::SetFlag:
    case OpKind::WaitFlag: {
      bool set = op.kind == OpKind::SetFlag;
      s.event = op.event;
      s.flagSrc = op.flagSrc;
      s.flagDst = op.flagDst;
      if (op.event == HardEvent::V_V || op.event == HardEvent::FIX_FIX) {
        // SetFlag<V_V> is PipeBarrier<PIPE_V>, WaitFlag<V_V> does nothing.
        if (set) {
          s.sync = SeqOp::Sync::Barrier;
          s.pipe = op.event == HardEvent::V_V ? Pipe::V : Pipe::FIX;
        }
        break;
      }
      s.sync = set ? SeqOp::Sync::Set : SeqOp::Sync::Wait;
      s.pipe = set ? op.flagSrc : op.flagDst;
      s.queueKey =
          "e" + std::to_string(int(op.flagSrc)) + "_" + std::to_string(int(op.flagDst)) + ":" + symKey(s.eventId);
      break;
    }
    case OpKind::Barrier:
      if (op.params.count("reset")) {
        // A Reset waits for every queue free event still pending.
        for (auto &[key, ev] : bwdKeys) {
          SeqOp w = s;
          w.sync = SeqOp::Sync::Wait;
          w.implicit = true;
          w.event = ev;
          auto pp = hardEventPipes(ev);
          w.flagSrc = pp.first;
          w.flagDst = pp.second;
          w.pipe = pp.second;
          w.queueKey = key;
          g.seq.push_back(w);
        }
        return;
      }
      if (!op.params.count("nddma_dci") && !op.params.count("dsb") && !op.params.count("dcci"))
        s.sync = SeqOp::Sync::Barrier;
      break;
    case OpKind::SyncAll:
      s.sync = SeqOp::Sync::Barrier;
      s.pipe = Pipe::ALL;
      break;
    case OpKind::EnQue:
    case OpKind::DeQue:
    case OpKind::FreeTensor:
    case OpKind::AllocTensor: {
      bool fwd = op.kind == OpKind::EnQue || op.kind == OpKind::DeQue;
      bool set = op.kind == OpKind::EnQue || op.kind == OpKind::FreeTensor;
      auto ev = queueEvent(op, fwd);
      if (!ev)
        break;
      auto pp = hardEventPipes(*ev);
      s.implicit = true;
      s.event = ev;
      s.flagSrc = pp.first;
      s.flagDst = pp.second;
      s.sync = set ? SeqOp::Sync::Set : SeqOp::Sync::Wait;
      s.pipe = set ? pp.first : pp.second;
      std::string key = "q" + std::to_string(op.bufferId) + (fwd ? ":fwd" : ":bwd");
      // The forward event is the path's: EnQue<GM, VECIN> sets MTE2_V on a
      // TQueBind<VECIN, VECOUT>, and a plain DeQue then waits for MTE2_MTE3,
      // which that EnQue never set (kernel_tquebind_impl.h): the two do not
      // pair, so the event is part of the key.
      if (fwd)
        key += ":" + std::string(hardEventName(*ev));
      if (!fwd) {
        // Each slot has its own backward event.
        Sym slot;
        if (op.kind == OpKind::FreeTensor && !s.regions.empty())
          slot = s.regions[0].slot;
        if (op.kind == OpKind::AllocTensor) {
          auto it = op.params.find("slot");
          if (it != op.params.end())
            slot = finish(it->second, m);
        }
        // A slot that is not a known constant (symbolic queue depth): the
        // tensor still waits for the previous user of its slot; matching the
        // queue's latest free is safe, since a different slot is different
        // memory.
        key += "#" + (slot && slot->op == SymOp::Const ? symKey(slot) : std::string("?"));
      }
      s.queueKey = key;
      if (!fwd && set)
        bwdKeys[key] = *ev;
      break;
    }
    default:
      break;
    }
    g.seq.push_back(std::move(s));
  }
};

} // namespace

bool SyncGraph::autoOrdered(Pipe a, Pipe b) const {
  // Pipes execute in order; only the DMA pipes MTE2 and MTE3 may overlap
  // their own transfers (ordering overlapping ones is the author's, with
  // PipeBarrier), and V among itself is the compiler's only with auto-sync.
  if (a == b && a != Pipe::MTE2 && a != Pipe::MTE3 && (a != Pipe::V || opts.autoSync))
    return true;
  if (!opts.autoSync)
    return false;
  auto pair = [&](Pipe x, Pipe y) { return (a == x && b == y) || (a == y && b == x); };
  return pair(Pipe::S, Pipe::V) || pair(Pipe::S, Pipe::MTE2) || pair(Pipe::S, Pipe::MTE3);
}

bool SyncGraph::happensBefore(int x, int y) const {
  if (x >= y)
    return false;
  Pipe px = seq[x].pipe, py = seq[y].pipe;
  // BiSheng's auto-sync orders V/MTE2/MTE3 against S only for instructions on
  // LocalTensor/GlobalTensor (asc-devkit docs 同步控制/核内同步/关键特性说明.md,
  // cce-auto-sync 使用约束); register-API accesses through __ubuf__ pointers
  // need explicit flags. V among itself stays ordered (950: by hardware).
  if (autoOrdered(px, py) && (px == py || !(seq[x].rawPointer || seq[y].rawPointer)))
    return true;
  int pi = pipeIndex(py);
  if (pi < 0)
    return py == Pipe::ALL;
  return y >= frontier[x][pi];
}

// The core of an op that names none: the kernel's, or the only kind of
// compute unit its ops use.
static std::optional<CoreType> kernelCoreOf(const KernelModel &k) {
  if (k.kernelCore)
    return k.kernelCore;
  bool vec = false, cube = false;
  for (const Op &o : k.ops) {
    if (o.kind == OpKind::Vector)
      vec = true;
    if (o.kind == OpKind::Cube || o.kind == OpKind::LoadData || o.kind == OpKind::Fixpipe)
      cube = true;
  }
  if (vec && !cube)
    return CoreType::AIV;
  if (cube && !vec)
    return CoreType::AIC;
  return std::nullopt;
}

std::optional<CoreType> coreOf(const KernelModel &k, const Op &op, const model::TargetSpec &t) {
  if (!t.splitCores)
    return std::nullopt;
  if (op.core)
    return op.core;
  return kernelCoreOf(k);
}

std::vector<std::optional<CoreType>> opCores(const KernelModel &k, const model::TargetSpec &t) {
  std::vector<std::optional<CoreType>> cores(k.ops.size());
  if (!t.splitCores)
    return cores;
  std::optional<CoreType> dflt = kernelCoreOf(k); // one scan of the ops, not one per op
  for (size_t i = 0; i < k.ops.size(); ++i)
    cores[i] = k.ops[i].core ? k.ops[i].core : dflt;
  return cores;
}

SyncGraph buildSyncGraph(const KernelModel &k, const model::TargetSpec &t, const SyncOptions &o) {
  SyncGraph g;
  g.opts = o;
  Builder b(k, t, g);
  b.emit(0, k.ops.size(), 0, {}, {}, {}, false, mkBool(true), nullptr);
  // Match each wait to the nearest earlier unmatched set with the same key.
  std::map<std::string, std::vector<int>> pending;
  for (int i = 0; i < int(g.seq.size()); ++i) {
    SeqOp &s = g.seq[i];
    if (s.sync == SeqOp::Sync::Set) {
      pending[s.queueKey].push_back(i);
    } else if (s.sync == SeqOp::Sync::Wait) {
      std::string key = s.queueKey;
      if (s.implicit && key.size() > 2 && key.compare(key.size() - 2, 2, "#?") == 0) {
        // unknown slot: the latest free of any slot of this queue
        std::string prefix = key.substr(0, key.size() - 1);
        int best = -1;
        for (auto &[k2, v2] : pending)
          if (k2.compare(0, prefix.size(), prefix) == 0 && !v2.empty() && v2.back() > best) {
            best = v2.back();
            key = k2;
          }
      }
      auto &v = pending[key];
      if (!v.empty()) {
        // Queues are FIFO; explicit flags are binary: the latest set counts.
        int m = s.implicit ? v.front() : v.back();
        if (s.implicit)
          v.erase(v.begin());
        else
          v.clear();
        s.match = m;
        g.seq[m].match = i;
      }
    }
  }
  // Frontiers: for each x, from which index each pipe is ordered after x.
  int n = int(g.seq.size());
  std::vector<int> syncIdx;
  for (int i = 0; i < n; ++i)
    if (g.seq[i].sync != SeqOp::Sync::None)
      syncIdx.push_back(i);
  g.frontier.assign(n, std::vector<int>(kPipes, kInf));
  // Every update below moves a frontier to an index after the sync op that
  // makes it, so one pass in sequence order reaches the fixpoint, and once
  // every pipe the kernel uses is ordered up to the current op, nothing later
  // can move a frontier: the scan stops there (linear in practice instead of
  // ops x syncs; 4,000 synchronised copies took 30 s).
  std::vector<int> used;
  {
    std::vector<bool> seen(kPipes, false);
    for (const SeqOp &s : g.seq)
      if (int q = pipeIndex(s.pipe); q >= 0 && !seen[q]) {
        seen[q] = true;
        used.push_back(q);
      }
  }
  for (int x = 0; x < n; ++x) {
    std::vector<int> F(kPipes, kInf), SF(kPipes, kInf);
    int px = pipeIndex(g.seq[x].pipe);
    if (px >= 0) {
      SF[px] = x + 1;
      if (g.autoOrdered(g.seq[x].pipe, g.seq[x].pipe))
        F[px] = x + 1;
    }
    auto orderAll = [&](int from) { // true if anything got earlier
      bool any = false;
      for (int q = 0; q < kPipes; ++q) {
        any |= F[q] > from;
        F[q] = std::min(F[q], from);
        SF[q] = std::min(SF[q], from);
      }
      return any;
    };
    bool changed = true;
    while (changed) {
      changed = false;
      for (auto it = std::upper_bound(syncIdx.begin(), syncIdx.end(), x); it != syncIdx.end(); ++it) {
        int si = *it;
        if (std::all_of(used.begin(), used.end(), [&](int q) { return F[q] <= si + 1; }))
          break; // every used pipe is ordered before this op: final
        const SeqOp &s = g.seq[si];
        int q = pipeIndex(s.pipe);
        if (s.sync == SeqOp::Sync::Barrier) {
          if (s.pipe == Pipe::ALL) {
            changed |= orderAll(si + 1);
          } else if (q >= 0 && si >= SF[q] && F[q] > si + 1) {
            F[q] = si + 1;
            SF[q] = std::min(SF[q], si + 1);
            changed = true;
          }
        } else if (s.sync == SeqOp::Sync::Set && q >= 0 && si >= SF[q] && s.match > si) {
          const SeqOp &w = g.seq[s.match];
          int r = pipeIndex(w.pipe);
          if (r < 0)
            continue;
          if (w.pipe == Pipe::S) {
            // The scalar unit issues everything: a wait on S holds back all
            // later instructions of every pipe.
            changed |= orderAll(s.match + 1);
          } else if (F[r] > s.match + 1) {
            F[r] = s.match + 1;
            SF[r] = std::min(SF[r], s.match + 1);
            changed = true;
          }
        }
      }
    }
    g.frontier[x] = F;
  }
  return g;
}

} // namespace alint
