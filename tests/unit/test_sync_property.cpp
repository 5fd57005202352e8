// Property test for synchronisation: the pipe dependency graph and the sync
// checks (checker/graph, rules/Sync*) against the pipe simulation of the
// executable model (checker/model/PipeSim), which runs every iteration with
// concrete event ids, slots and addresses and decides ordering with vector
// clocks. Random double-buffered vector kernels (TBuf ping-pong with
// SetFlag/WaitFlag, the way hand-synchronised kernels are written) are
// generated correct and then mutated: a flag dropped, an id or event changed,
// a wait moved, a barrier added. For each kernel:
//   - every pair of accesses the simulation finds unordered has a sync-race
//     finding at the later access (soundness of the graph and its two-copy
//     unrolling), and every sync-race error is such a pair (no false alarm);
//   - a hang in the simulation has a sync-unpaired finding; a sync-unpaired
//     error means the simulation hangs or leaves a flag set.
#include "checker/model/PipeSim.h"
#include "rules/Check.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <iostream>
#include <random>
#include <set>
#include <sstream>

using namespace alint;
using namespace alint::model;

namespace {

constexpr unsigned kLine0 = 100; // op j is at line 100 + j

struct Rng {
  std::mt19937_64 g;
  explicit Rng(uint64_t seed) : g(seed) {}
  int64_t uni(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(g); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(g) < p; }
};

// One operation of the kernel before it becomes an Op: a step of the program.
struct Step {
  enum Kind { CopyIn, Compute, CopyOut, ScalarRead, Set, Wait, Barrier } kind;
  HardEvent event = HardEvent::MTE2_V;
  bool slotted = true;  // id / offset follow the ping-pong slot (i % 2)
  int64_t fixedId = 0;  // the id when not slotted
  Pipe pipe = Pipe::V;  // barriers
  int part = 1;         // 0 before the loop, 1 its body, 2 after it
  bool inPlace = false; // Compute writes its source buffer
};

struct SyncCase {
  KernelModel k;
  bool autoSync = true;
  int trips = 0;
  std::string text;
};

struct SyncGen {
  Rng r;
  explicit SyncGen(uint64_t seed) : r(seed) {}

  bool db = false; // double buffered
  bool loop = true;
  int trips = 2;
  std::vector<Step> steps;

  Step flag(Step::Kind k, HardEvent e, int part, bool slotted = true, int64_t id = 0) {
    Step s{k};
    s.event = e;
    s.part = part;
    s.slotted = slotted;
    s.fixedId = id;
    return s;
  }

  void canonical() {
    db = r.chance(0.6);
    loop = r.chance(0.85);
    trips = int(r.uni(1, 5));
    auto prime = [&](HardEvent e, Step::Kind k) {
      int part = k == Step::Set ? 0 : 2;
      steps.push_back(flag(k, e, part, false, 0));
      if (db)
        steps.push_back(flag(k, e, part, false, 1));
    };
    prime(HardEvent::V_MTE2, Step::Set);
    prime(HardEvent::MTE3_V, Step::Set);
    steps.push_back(flag(Step::Wait, HardEvent::V_MTE2, 1));
    steps.push_back(Step{Step::CopyIn});
    steps.push_back(flag(Step::Set, HardEvent::MTE2_V, 1));
    steps.push_back(flag(Step::Wait, HardEvent::MTE2_V, 1));
    steps.push_back(flag(Step::Wait, HardEvent::MTE3_V, 1));
    if (r.chance(0.2))
      steps.push_back(Step{Step::ScalarRead});
    steps.push_back(Step{Step::Compute});
    steps.push_back(flag(Step::Set, HardEvent::V_MTE2, 1));
    steps.push_back(flag(Step::Set, HardEvent::V_MTE3, 1));
    steps.push_back(flag(Step::Wait, HardEvent::V_MTE3, 1));
    steps.push_back(Step{Step::CopyOut});
    steps.push_back(flag(Step::Set, HardEvent::MTE3_V, 1));
    prime(HardEvent::V_MTE2, Step::Wait);
    prime(HardEvent::MTE3_V, Step::Wait);
    if (!db)
      for (Step &s : steps)
        s.slotted = false;
  }

  void mutate() {
    int n = r.chance(0.2) ? 0 : int(r.uni(1, 2));
    static const std::vector<HardEvent> events = {HardEvent::MTE2_V, HardEvent::V_MTE2,    HardEvent::V_MTE3,
                                                  HardEvent::MTE3_V, HardEvent::MTE3_MTE2, HardEvent::MTE2_MTE3};
    for (int m = 0; m < n; ++m) {
      size_t at = size_t(r.uni(0, int64_t(steps.size()) - 1));
      switch (r.uni(0, 8)) {
      case 0: // drop a step (flags mostly)
      case 1:
        steps.erase(steps.begin() + at);
        break;
      case 2: // a different id
        steps[at].slotted = false;
        steps[at].fixedId = r.uni(0, 2);
        break;
      case 3: // a different event
        steps[at].event = events[size_t(r.uni(0, int64_t(events.size()) - 1))];
        break;
      case 4: { // move a step elsewhere (in the same part of the program)
        Step s = steps[at];
        steps.erase(steps.begin() + at);
        size_t to = size_t(r.uni(0, int64_t(steps.size())));
        s.part = to < steps.size() ? steps[to].part : 2;
        steps.insert(steps.begin() + to, s);
        break;
      }
      case 5: { // a barrier
        Step b{Step::Barrier};
        b.pipe = r.chance(0.3) ? Pipe::ALL : r.chance(0.5) ? Pipe::V : Pipe::MTE2;
        b.part = steps[at].part;
        steps.insert(steps.begin() + at, b);
        break;
      }
      case 6: { // the back-to-back idiom SetFlag(x); WaitFlag(x) of some event
        HardEvent e = events[size_t(r.uni(0, int64_t(events.size()) - 1))];
        int in = steps[at].part;
        steps.insert(steps.begin() + at, flag(Step::Wait, e, in, false, 2));
        steps.insert(steps.begin() + at, flag(Step::Set, e, in, false, 2));
        break;
      }
      case 7: // compute in place, or an extra scalar read
        for (Step &s : steps)
          if (s.kind == Step::Compute)
            s.inPlace = !s.inPlace;
        break;
      default: {
        Step s{Step::ScalarRead};
        s.part = steps[at].part;
        steps.insert(steps.begin() + at, s);
        break;
      }
      }
    }
    // Steps must stay grouped: before the loop, the body, after it.
    std::stable_sort(steps.begin(), steps.end(), [](const Step &a, const Step &b) { return a.part < b.part; });
  }

  SyncCase build() {
    SyncCase c;
    c.autoSync = r.chance(0.8);
    c.trips = loop ? trips : 1;
    KernelModel &k = c.k;
    k.name = "gen";
    for (int b = 0; b < 2; ++b) {
      Buffer buf;
      buf.id = b;
      buf.name = b == 0 ? "inBuf" : "outBuf";
      buf.kind = Buffer::Kind::TBuf;
      buf.memPos = buf.srcPos = buf.dstPos = b == 0 ? TPos::VECIN : TPos::VECOUT;
      buf.num = mkConst(1);
      buf.lenBytes = mkConst(1024, IntType::u32());
      buf.cond = mkBool(true);
      buf.loc = {"gen.cpp", 10 + unsigned(b), 1};
      k.buffers.push_back(buf);
    }
    for (int g = 0; g < 2; ++g) {
      GlobalBuf gb;
      gb.id = g;
      gb.name = "gm" + std::to_string(g);
      gb.root = "x" + std::to_string(g);
      gb.baseOffsetBytes = mkConst(0);
      gb.elemBytes = 2;
      gb.sizeElems = mkConst(1 << 20, IntType::u64());
      k.globals.push_back(gb);
    }
    Sym i = mkVar("i", IntType::i32(), VarRole::Internal);
    Sym inLoopCond = mkBool(true);
    if (loop) {
      Loop L;
      L.id = 0;
      L.var = i;
      L.lo = mkConst(0, IntType::i32());
      L.hi = mkConst(trips, IntType::i32());
      L.step = mkConst(1);
      L.cond = mkBool(true);
      L.loc = {"gen.cpp", 50, 3};
      k.loops.push_back(L);
      inLoopCond = mkAnd(mkCmp(SymOp::Le, mkConst(0), toMath(i)), mkCmp(SymOp::Lt, toMath(i), mkConst(trips)));
    }
    Sym iter = loop ? toMath(i) : mkConst(0);
    Sym slot = mkBin(SymOp::Rem, iter, mkConst(2), IntType::math());
    std::ostringstream text;
    text << (db ? "double-buffered" : "single-buffered") << (loop ? ", loop of " + std::to_string(trips) : ", no loop")
         << (c.autoSync ? "" : ", auto-sync off") << "\n";
    bool wasInLoop = false;
    for (const Step &s : steps) {
      bool body = s.part == 1 && loop;
      Op op;
      op.id = int(k.ops.size());
      op.loc = {"gen.cpp", kLine0 + unsigned(op.id), 5};
      op.cond = body ? inLoopCond : mkBool(true);
      if (body)
        op.loops = {0};
      Sym sl = s.slotted && s.part == 1 ? slot : mkConst(s.fixedId);
      Sym off = mul(sl, mkConst(512));
      Sym gmOff = mul(iter, mkConst(512));
      auto local = [&](int b, bool write, const char *role) {
        Region rg;
        rg.bufferId = b;
        rg.pos = k.buffers[b].memPos;
        rg.offsetBytes = off;
        rg.lengthBytes = mkConst(512);
        rg.elemBytes = 2;
        rg.write = write;
        rg.role = role;
        return rg;
      };
      auto global = [&](int g, bool write) {
        Region rg;
        rg.global = true;
        rg.bufferId = g;
        rg.pos = TPos::GM;
        rg.offsetBytes = gmOff;
        rg.lengthBytes = mkConst(512);
        rg.elemBytes = 2;
        rg.write = write;
        rg.role = write ? "dst" : "src";
        return rg;
      };
      switch (s.kind) {
      case Step::CopyIn:
        op.kind = OpKind::DataCopy;
        op.api = "DataCopy";
        op.pipe = Pipe::MTE2;
        op.srcPos = TPos::GM;
        op.dstPos = TPos::VECIN;
        op.regions = {global(0, false), local(0, true, "dst")};
        break;
      case Step::Compute:
        op.kind = OpKind::Vector;
        op.api = "Adds";
        op.pipe = Pipe::V;
        op.regions = {local(0, false, "src"), local(s.inPlace ? 0 : 1, true, "dst")};
        break;
      case Step::CopyOut:
        op.kind = OpKind::DataCopy;
        op.api = "DataCopy";
        op.pipe = Pipe::MTE3;
        op.srcPos = TPos::VECOUT;
        op.dstPos = TPos::GM;
        op.regions = {local(1, false, "src"), global(1, true)};
        break;
      case Step::ScalarRead:
        op.kind = OpKind::ScalarRead;
        op.api = "GetValue";
        op.pipe = Pipe::S;
        op.regions = {local(0, false, "src")};
        op.regions[0].lengthBytes = mkConst(2);
        break;
      case Step::Set:
      case Step::Wait: {
        op.kind = s.kind == Step::Set ? OpKind::SetFlag : OpKind::WaitFlag;
        op.event = s.event;
        auto pp = hardEventPipes(s.event);
        op.flagSrc = pp.first;
        op.flagDst = pp.second;
        op.pipe = s.kind == Step::Set ? pp.first : pp.second;
        op.api =
            std::string(s.kind == Step::Set ? "SetFlag<" : "WaitFlag<") + std::string(hardEventName(s.event)) + ">";
        op.eventId = sl;
        break;
      }
      case Step::Barrier:
        op.kind = OpKind::Barrier;
        op.api = "PipeBarrier";
        op.pipe = s.pipe;
        break;
      }
      if (body != wasInLoop)
        text << (body ? "for i in [0, " + std::to_string(trips) + "):\n" : "end for\n");
      wasInLoop = body;
      text << "  " << (body ? "  " : "") << op.loc.line << " " << op.api;
      if (op.eventId)
        text << "(" << toString(op.eventId) << ")";
      for (const Region &rg : op.regions)
        text << " " << (rg.write ? "w:" : "r:") << (rg.global ? "gm" : "buf") << rg.bufferId << "+"
             << toString(rg.offsetBytes);
      if (op.kind == OpKind::Barrier)
        text << "<" << pipeName(op.pipe) << ">";
      text << "\n";
      k.ops.push_back(op);
    }
    c.text = text.str();
    return c;
  }
};

struct Finding {
  std::string check;
  unsigned line;
  Status status;
  std::string message;
};

std::vector<Finding> lintSync(const SyncCase &c, const TargetSpec &t, Solver &solver) {
  std::vector<Finding> out;
  AnalysisCache cache;
  cache.syncOptions.autoSync = c.autoSync;
  for (const CheckInfo &ci : checkRegistry()) {
    if (ci.id != "sync-race" && ci.id != "sync-unpaired" && ci.id != "sync-event")
      continue;
    auto check = ci.make();
    CheckContext ctx(c.k, t, &cache);
    check->run(ctx);
    for (const Diagnostic &d : ctx.direct)
      out.push_back({ci.id, d.loc.line, d.status, d.message});
    for (SolvedItem &si : solveItems(ctx.items, solver, ""))
      out.push_back({ci.id, ctx.items[si.item].loc.line, si.verdict.status, ctx.items[si.item].message(si.verdict)});
  }
  return out;
}

struct SyncStats {
  unsigned cases = 0, simErrors = 0, hangs = 0, racyCases = 0, cleanCases = 0;
  unsigned racesFound = 0, racesMissed = 0, falseRaces = 0;
  unsigned hangsFound = 0, hangsMissed = 0, falseHangs = 0;
};

} // namespace

TEST_CASE("property: the sync graph agrees with the pipe simulation on random kernels", "[property]") {
  const TargetSpec *t = findBuiltinTarget("ascend910b");
  REQUIRE(t);
  Solver solver(2000);
  SyncStats st;
  unsigned n = 300;
  if (const char *e = std::getenv("ALINT_SYNC_CASES"))
    n = unsigned(std::atoi(e));
  for (unsigned seed = 0; seed < n; ++seed) {
    SyncGen gen(0x5c0000 + seed);
    gen.canonical();
    gen.mutate();
    SyncCase c = gen.build();
    ++st.cases;
    SimConfig cfg;
    PipeSimResult ps = simulatePipes(c.k, *t, cfg, c.autoSync);
    INFO("seed " << seed << ": " << c.text);
    if (!ps.ok) {
      ++st.simErrors;
      continue;
    }
    std::vector<Finding> found = lintSync(c, *t, solver);
    std::ostringstream fs;
    for (const Finding &f : found)
      fs << "  " << f.check << " line " << f.line << " " << statusName(f.status) << ": " << f.message << "\n";
    INFO("findings:\n" << fs.str());
    auto findingAt = [&](const std::string &check, unsigned line, bool errorOnly) {
      for (const Finding &f : found)
        if (f.check == check && f.line == line && f.status != Status::Proved &&
            (!errorOnly || f.status == Status::Violated))
          return true;
      return false;
    };
    bool hang = false;
    std::set<unsigned> leaked;
    for (const PipeSimIssue &is : ps.issues) {
      if (is.kind == "hang") {
        hang = true;
        ++st.hangs;
        INFO("simulation hangs at line " << is.loc.line);
        bool f = findingAt("sync-unpaired", is.loc.line, false);
        st.hangsFound += f;
        st.hangsMissed += !f;
        CHECK(f);
      }
      if (is.kind == "leaked-set")
        leaked.insert(is.loc.line);
    }
    // A sync-unpaired error names a wait that hangs or a set that is left set.
    for (const Finding &f : found)
      if (f.check == "sync-unpaired" && f.status == Status::Violated) {
        bool real = hang || leaked.count(f.line);
        INFO("sync-unpaired at line " << f.line);
        st.falseHangs += !real;
        CHECK(real);
      }
    if (hang)
      continue; // the simulation stopped; its race list is partial
    // Races: every unordered pair the simulation saw is reported at the later access.
    std::set<unsigned> racyLines;
    for (const UnorderedPair &u : ps.unordered)
      racyLines.insert(kLine0 + unsigned(u.second));
    (racyLines.empty() ? st.cleanCases : st.racyCases)++;
    for (unsigned line : racyLines) {
      INFO("the simulation finds line " << line << " unordered with an earlier access");
      bool f = findingAt("sync-race", line, false);
      st.racesFound += f;
      st.racesMissed += !f;
      CHECK(f);
    }
    for (const Finding &f : found)
      if (f.check == "sync-race" && f.status == Status::Violated) {
        INFO("sync-race error at line " << f.line);
        bool real = racyLines.count(f.line) > 0;
        st.falseRaces += !real;
        CHECK(real);
      }
  }
  std::ostringstream sum;
  sum << "sync property: " << st.cases << " kernels (" << st.simErrors << " not simulated), " << st.racyCases
      << " racy, " << st.cleanCases << " race-free, " << st.hangs << " hangs; races found " << st.racesFound
      << ", missed " << st.racesMissed << ", false " << st.falseRaces << "; hangs found " << st.hangsFound
      << ", missed " << st.hangsMissed << ", false unpaired " << st.falseHangs;
  if (std::getenv("ALINT_PROPERTY_VERBOSE"))
    std::cerr << sum.str() << "\n";
  INFO(sum.str());
  CHECK(st.racyCases > 20);  // the mutations do produce races
  CHECK(st.cleanCases > 20); // and correct kernels
  CHECK(st.hangs > 5);
}
