#include "checker/model/PipeSim.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <sstream>

namespace alint::model {

namespace {

constexpr int kPipes = 11;
int pi(Pipe p) { return int(p) < kPipes ? int(p) : -1; }

struct Access {
  int op;
  Pipe pipe;
  std::string mem; // "b<buffer>" or "g<root>"
  int64_t lo, hi;  // byte range in that memory
  bool write;
  uint64_t start, end;
  int seqNo = 0;          // position among its pipe's operations (1-based)
  std::vector<int> knows; // per pipe: operations up to this number happen before it
  int iteration = -1;
};

// Happens-before knowledge (vector clocks, timing independent): per pipe, the
// number of that pipe's operations known to have completed. Every source of
// knowledge is prefix closed per pipe (a SetFlag fires after all earlier
// operations of its pipe), so a counter per pipe is exact.
using Clock = std::vector<int>;
void join(Clock &a, const Clock &b) {
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = std::max(a[i], b[i]);
}

// Bytes per cycle of a movement: the target's figure where it has one (a
// path's bandwidth), else 128 (MTE2/MTE3 GM traffic, hardware.md §3.2 B7/B8).
uint64_t bandwidth(const TargetSpec &t, const KernelModel &k, const Op &op) {
  auto src = t.memoryOf(op.srcPos), dst = t.memoryOf(op.dstPos);
  if (src && dst)
    if (const PathSpec *p = t.findPath(*src, *dst); p && p->bandwidthBytesPerCycle)
      return *p->bandwidthBytesPerCycle;
  return 128;
}

} // namespace

PipeSimResult simulatePipes(const KernelModel &k, const TargetSpec &t, const SimConfig &cfg, bool autoSync) {
  PipeSimResult r;
  r.autoSync = autoSync;
  Trace tr = expandTrace(k, cfg);
  if (!tr.ok) {
    r.ok = false;
    r.error = tr.error;
    return r;
  }
  if (!tr.missingInputs.empty()) {
    r.ok = false;
    r.error = "values needed for the simulation: ";
    for (size_t i = 0; i < tr.missingInputs.size(); ++i)
      r.error += (i ? ", " : "") + tr.missingInputs[i];
    r.error += " (give them with --tiling)";
    return r;
  }
  const Execution *ex = nullptr;
  for (const Execution &e : tr.executions)
    if (e.admissible) {
      ex = &e;
      break;
    }
  if (!ex) {
    r.ok = false;
    r.error = "no admissible execution for these values";
    return r;
  }
  // Buffer bases: laid out per memory in InitBuffer order (32-byte rounded).
  std::map<int, int64_t> base;
  {
    std::map<std::pair<int, Mem>, int64_t> next;
    for (const Buffer &b : k.buffers) {
      auto mem = t.memoryOf(b.memPos);
      auto len = evalAt(b.lenBytes, cfg, *ex, nullptr);
      auto num = evalAt(b.num, cfg, *ex, nullptr);
      if (!mem || !len || !num)
        continue;
      int64_t &n = next[{b.epoch, *mem}];
      base[b.id] = n;
      n += *num * ((*len + 31) / 32 * 32);
    }
  }
  uint64_t issue = 0;
  uint64_t pipeFree[kPipes] = {0}, gate[kPipes] = {0};
  std::map<std::string, std::pair<uint64_t, int>> flags; // key -> (fire time, op)
  std::map<std::string, std::deque<uint64_t>> queueEvents;
  std::vector<Access> accesses;
  std::set<std::pair<int, int>> racePairs;
  auto evStep = [&](const Sym &s, const TraceStep &st) -> std::optional<int64_t> {
    if (!s)
      return std::nullopt;
    return evalAt(s, cfg, *ex, &st);
  };
  auto queueEvent = [&](const Op &op, bool fwd) -> std::optional<HardEvent> {
    if (op.bufferId < 0 || op.bufferId >= int(k.buffers.size()))
      return std::nullopt;
    return t.queueEvent(k.buffers[op.bufferId], op, fwd);
  };
  // Ordering as the pipe dependency graph defines it (checker/graph): program
  // order orders each pipe but the DMA pipes MTE2 and MTE3 (and V without
  // auto-sync) among itself; a SetFlag or a barrier on a pipe follows
  // everything issued to it before.
  auto selfOrdered = [&](Pipe p) { return p != Pipe::MTE2 && p != Pipe::MTE3 && (p != Pipe::V || autoSync); };
  auto crossOrdered = [&](Pipe a, Pipe b) {
    if (a == b)
      return selfOrdered(a);
    if (!autoSync)
      return false;
    auto pair = [&](Pipe x, Pipe y) { return (a == x && b == y) || (a == y && b == x); };
    return pair(Pipe::S, Pipe::V) || pair(Pipe::S, Pipe::MTE2) || pair(Pipe::S, Pipe::MTE3);
  };
  std::vector<Clock> accessKnows(kPipes, Clock(kPipes, 0)); // what the next access on a pipe follows
  std::vector<Clock> syncKnows(kPipes, Clock(kPipes, 0));   // what the next SetFlag/barrier on a pipe follows
  std::vector<int> seqCount(kPipes, 0);
  std::map<std::string, Clock> flagClock;
  std::map<std::string, std::deque<Clock>> queueClock;
  auto learn = [&](Pipe dst, const Clock &c) {
    if (dst == Pipe::S) { // a wait on S holds back all later issue
      for (int q = 0; q < kPipes; ++q) {
        join(accessKnows[q], c);
        join(syncKnows[q], c);
      }
    } else if (int q = pi(dst); q >= 0) {
      join(accessKnows[q], c);
      join(syncKnows[q], c);
    }
  };
  auto autoOrdered = [&](Pipe a, Pipe b) {
    if (a == b)
      return true; // an in-order pipe
    if (!autoSync)
      return false;
    auto pair = [&](Pipe x, Pipe y) { return (a == x && b == y) || (a == y && b == x); };
    return pair(Pipe::S, Pipe::V) || pair(Pipe::S, Pipe::MTE2) || pair(Pipe::S, Pipe::MTE3);
  };
  bool hung = false;
  for (const TraceStep &st : ex->steps) {
    if (hung)
      break;
    if (!st.unknown.empty() || !st.inadmissible.empty() || st.condUnknown)
      continue;
    const Op &op = k.ops[st.op];
    ++issue;
    auto setFlag = [&](Pipe src, const std::string &key) {
      int p = pi(src);
      uint64_t fire = std::max(issue, p >= 0 ? std::max(pipeFree[p], gate[p]) : issue);
      auto it = flags.find(key);
      if (it != flags.end())
        r.issues.push_back({"double-set", st.op, it->second.second, op.loc,
                            op.api + " is set again before its wait: the two sets collapse"});
      flags[key] = {fire, st.op};
    };
    auto waitFor = [&](Pipe dst, uint64_t when) {
      int p = pi(dst);
      if (p >= 0)
        gate[p] = std::max(gate[p], when);
      if (dst == Pipe::S) // the scalar unit stops issuing
        issue = std::max(issue, when);
    };
    switch (op.kind) {
    case OpKind::SetFlag:
    case OpKind::WaitFlag: {
      if (op.event == HardEvent::V_V || op.event == HardEvent::FIX_FIX) {
        Pipe p = op.event == HardEvent::V_V ? Pipe::V : Pipe::FIX;
        if (op.kind == OpKind::SetFlag) {
          gate[pi(p)] = std::max(gate[pi(p)], pipeFree[pi(p)]);
          join(accessKnows[pi(p)], syncKnows[pi(p)]);
        }
        break;
      }
      auto id = evStep(op.eventId, st);
      std::string key = std::to_string(int(op.flagSrc)) + ">" + std::to_string(int(op.flagDst)) + "#" +
                        (id ? std::to_string(*id) : std::string("?"));
      if (op.kind == OpKind::SetFlag) {
        setFlag(op.flagSrc, key);
        if (int p = pi(op.flagSrc); p >= 0)
          flagClock[key] = syncKnows[p];
      } else {
        auto it = flags.find(key);
        if (it == flags.end()) {
          r.issues.push_back({"hang", st.op, -1, op.loc,
                              op.api + " waits for a flag no SetFlag has set: " + std::string(pipeName(op.flagDst)) +
                                  " stops here forever"});
          hung = true;
          break;
        }
        waitFor(op.flagDst, it->second.first);
        flags.erase(it);
        if (flagClock.count(key)) {
          learn(op.flagDst, flagClock[key]);
          flagClock.erase(key);
        }
      }
      break;
    }
    case OpKind::Barrier:
    case OpKind::SyncAll: {
      if (op.params.count("nddma_dci") || op.params.count("dsb") || op.params.count("dcci") || op.params.count("reset"))
        break;
      if (op.pipe == Pipe::ALL || op.kind == OpKind::SyncAll) {
        uint64_t all = issue;
        for (int p = 0; p < kPipes; ++p)
          all = std::max(all, pipeFree[p]);
        for (int p = 0; p < kPipes; ++p)
          gate[p] = std::max(gate[p], all);
        issue = all;
        Clock everything(kPipes, 0);
        for (int p = 0; p < kPipes; ++p)
          join(everything, syncKnows[p]);
        for (int p = 0; p < kPipes; ++p) {
          join(accessKnows[p], everything);
          join(syncKnows[p], everything);
        }
      } else if (int p = pi(op.pipe); p >= 0) {
        gate[p] = std::max(gate[p], pipeFree[p]);
        join(accessKnows[p], syncKnows[p]);
      }
      break;
    }
    case OpKind::EnQue:
    case OpKind::FreeTensor:
    case OpKind::DeQue:
    case OpKind::AllocTensor: {
      bool fwd = op.kind == OpKind::EnQue || op.kind == OpKind::DeQue;
      bool set = op.kind == OpKind::EnQue || op.kind == OpKind::FreeTensor;
      auto ev = queueEvent(op, fwd);
      if (!ev)
        break;
      auto pp = hardEventPipes(*ev);
      std::string key = "q" + std::to_string(op.bufferId) + (fwd ? "f" : "b") +
                        (fwd ? std::string() : "#" + (st.slot ? std::to_string(*st.slot) : std::string("?")));
      if (set) {
        int p = pi(pp.first);
        queueEvents[key].push_back(std::max(issue, p >= 0 ? std::max(pipeFree[p], gate[p]) : issue));
        queueClock[key].push_back(p >= 0 ? syncKnows[p] : Clock(kPipes, 0));
      } else {
        auto &q = queueEvents[key];
        if (q.empty()) {
          if (op.kind == OpKind::DeQue) {
            r.issues.push_back({"hang", st.op, -1, op.loc, "DeQue on a queue nothing was enqueued to"});
            hung = true;
          }
          break; // a slot never used before is free
        }
        waitFor(pp.second, q.front());
        q.pop_front();
        auto &qc = queueClock[key];
        if (!qc.empty()) {
          learn(pp.second, qc.front());
          qc.pop_front();
        }
      }
      break;
    }
    case OpKind::DataCopy:
    case OpKind::Vector:
    case OpKind::Cube:
    case OpKind::LoadData:
    case OpKind::Fixpipe:
    case OpKind::ScalarRead:
    case OpKind::ScalarWrite: {
      int p = pi(op.pipe);
      if (p < 0)
        break;
      // Concrete footprints.
      std::vector<Access> mine;
      for (const Region &rg : op.regions) {
        auto off = evStep(rg.offsetBytes, st), len = evStep(rg.lengthBytes, st);
        if (!off || !len || rg.bufferId < 0)
          continue;
        Access a{st.op, op.pipe, "", 0, 0, rg.write, 0, 0, 0, {}, -1};
        if (rg.global) {
          const GlobalBuf &g = k.globals[rg.bufferId];
          auto b = evStep(g.baseOffsetBytes, st);
          if (!b)
            continue;
          a.mem = "g" + g.root;
          a.lo = *b + *off;
        } else {
          const Buffer &b = k.buffers[rg.bufferId];
          auto bl = evStep(b.lenBytes, st);
          int64_t slot = 0;
          if (rg.slot) {
            auto s = evStep(rg.slot, st);
            slot = s.value_or(0);
          }
          a.mem = "b" + std::to_string(b.pool >= 0 ? b.pool : b.id);
          a.lo = (base.count(b.id) ? base[b.id] : 0) + slot * ((bl.value_or(0) + 31) / 32 * 32) + *off;
        }
        a.hi = a.lo + *len;
        mine.push_back(a);
      }
      uint64_t start = std::max({issue, pipeFree[p], gate[p]});
      // With auto-sync the compiler orders dependent S/V/MTE2/MTE3 accesses.
      for (const Access &a : accesses)
        for (const Access &m : mine)
          if (a.mem == m.mem && a.lo < m.hi && m.lo < a.hi && (a.write || m.write) && a.pipe != op.pipe &&
              autoOrdered(a.pipe, op.pipe))
            start = std::max(start, a.end);
      // Duration estimate.
      uint64_t bytes = 0;
      for (const Access &m : mine)
        bytes = std::max<uint64_t>(bytes, uint64_t(std::max<int64_t>(0, m.hi - m.lo)));
      uint64_t dur = 1;
      if (op.kind == OpKind::DataCopy || op.kind == OpKind::Fixpipe || op.kind == OpKind::LoadData)
        dur = 20 + bytes / std::max<uint64_t>(1, bandwidth(t, k, op));
      else if (op.kind == OpKind::Vector)
        dur = 4 + bytes / 256; // 256 bytes per cycle (hardware.md §3.2 B12)
      else if (op.kind == OpKind::Cube)
        dur = 32;
      uint64_t end = start + dur;
      int n = ++seqCount[p];
      Clock knows = accessKnows[p];
      for (Access &m : mine) {
        m.seqNo = n;
        m.knows = knows;
        m.iteration = st.internals.empty() ? -1 : int(st.internals.front().value);
        for (const Access &a : accesses)
          if (a.mem == m.mem && a.lo < m.hi && m.lo < a.hi && (a.write || m.write) && !crossOrdered(a.pipe, m.pipe) &&
              knows[pi(a.pipe)] < a.seqNo)
            r.unordered.push_back({a.op, st.op, a.iteration, m.iteration});
      }
      knows[p] = n;
      join(syncKnows[p], knows);
      if (selfOrdered(op.pipe))
        join(accessKnows[p], knows);
      for (Access &m : mine) {
        m.start = start;
        m.end = end;
        for (const Access &a : accesses)
          if (a.mem == m.mem && a.lo < m.hi && m.lo < a.hi && (a.write || m.write) && a.start < m.end &&
              m.start < a.end && racePairs.insert({a.op, st.op}).second)
            r.issues.push_back({"race", st.op, a.op, op.loc,
                                op.api + " on " + std::string(pipeName(op.pipe)) + " ran while " + k.ops[a.op].api +
                                    " on " + std::string(pipeName(a.pipe)) + " accessed the same bytes"});
      }
      accesses.insert(accesses.end(), mine.begin(), mine.end());
      pipeFree[p] = end;
      r.busy[op.pipe] += dur;
      PipeEvent e;
      e.op = st.op;
      e.name = op.api;
      e.pipe = op.pipe;
      e.start = start;
      e.end = end;
      if (!st.internals.empty())
        e.iteration = int(st.internals.front().value);
      r.events.push_back(e);
      break;
    }
    default:
      break;
    }
  }
  for (auto &[key, f] : flags)
    r.issues.push_back({"leaked-set", f.second, -1, k.ops[f.second].loc,
                        k.ops[f.second].api + " was never waited for: the flag stays set"});
  for (int p = 0; p < kPipes; ++p)
    r.makespan = std::max(r.makespan, pipeFree[p]);
  return r;
}

std::string chromeTrace(const PipeSimResult &r, const std::string &kernel) {
  std::ostringstream os;
  os << "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"kernel\":\"" << kernel
     << "\",\"unit\":\"cycles (estimated)\"},\"traceEvents\":[";
  bool first = true;
  std::set<Pipe> pipes;
  for (const PipeEvent &e : r.events)
    pipes.insert(e.pipe);
  for (Pipe p : pipes) {
    os << (first ? "" : ",") << "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":" << int(p)
       << ",\"args\":{\"name\":\"" << pipeName(p) << "\"}}";
    first = false;
  }
  for (const PipeEvent &e : r.events) {
    std::string name = e.name;
    for (char &c : name)
      if (c == '"' || c == '\\')
        c = '\'';
    os << (first ? "" : ",") << "{\"name\":\"" << name << "\",\"ph\":\"X\",\"pid\":0,\"tid\":" << int(e.pipe)
       << ",\"ts\":" << e.start << ",\"dur\":" << (e.end - e.start) << ",\"args\":{\"op\":" << e.op
       << ",\"iteration\":" << e.iteration << "}}";
    first = false;
  }
  os << "]}\n";
  return os.str();
}

bool pipesOverlap(const PipeSimResult &r, Pipe a, Pipe b) {
  for (const PipeEvent &x : r.events)
    if (x.pipe == a)
      for (const PipeEvent &y : r.events)
        if (y.pipe == b && x.start < y.end && y.start < x.end)
          return true;
  return false;
}

} // namespace alint::model
