// Proof obligations and their discharge with Z3.
//
// Integer semantics (see docs/smt.md): symbolic values are translated to Z3
// mathematical integers. Every variable is constrained to the range of its
// C++ type, and every arithmetic node whose result may leave the range of its
// type is wrapped exactly (mod 2^bits, two's complement for signed types), so
// a proof holds for the machine's arithmetic, not an idealised one. Interval
// analysis removes the wrap where it cannot happen, which keeps most queries
// linear. Division truncates toward zero as in C++.
#pragma once

#include "checker/ir/Budget.h"
#include "checker/ir/KernelModel.h"
#include "checker/ir/SymExpr.h"

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace alint {

enum class Status { Proved, Violated, Counterexample, Unknown };
const char *statusName(Status s);

struct Obligation {
  std::string check;         // check id
  Sym property;              // must hold ...
  std::vector<Sym> context;  // ... whenever all of these hold
  std::string unknownReason; // set: not asked, status unknown with this reason
  // Values to report with a failed proof (name -> term), e.g. the total size.
  std::vector<std::pair<std::string, Sym>> report;
  // Only whether it is proved matters (a yes/no question of the host
  // contract): a failure is a counterexample with no values, and the
  // question whether it fails for every input is not asked.
  bool proofOnly = false;
  // Asked with the budget of a question with a lost value (300 ms of
  // units): a question that was one (rules/ProofMemo.cpp, the lost values
  // its facts rule out folded away).
  bool smallBudget = false;
};

struct Verdict {
  Status status = Status::Unknown;
  std::string reason;                                          // unknown: why
  std::vector<std::pair<std::string, int64_t>> counterexample; // source names
  std::map<std::string, int64_t> reportValues;
  bool cached = false;
  // Undecided (unknown, or a failure not told apart from a violation) under
  // the first pass's cap on the question's units (Solver::setQueryCap):
  // worth asking again without it.
  bool capped = false;
};

struct SolverStats {
  unsigned queries = 0;   // obligations asked
  unsigned cacheHits = 0; // obligations the proof memo answered (rules/ProofMemo.h), without Z3
  unsigned z3Calls = 0;
  unsigned timeouts = 0;
  unsigned backstops = 0;     // queries the wall clock (not their resource budget) stopped
  unsigned relaxProofs = 0;   // non-linear obligations proved by their linear relaxation
  unsigned relaxLateProofs = 0; // of those, proved on its second look, after the exact tries
  unsigned probeFailures = 0; // failures found at chosen input values (Solver::checkDirect, 1b)
  unsigned caseSplits = 0;    // non-linear obligations asked once per value of a factor (Solver::checkByCases)
  unsigned quantified = 0;    // "fails for every input?" questions asked with a quantifier over the internals
  unsigned rangeProofs = 0;   // obligations the context's variable ranges prove alone (no Z3 call)
  uint64_t z3Units = 0;       // Z3 resource units spent
  double seconds = 0;
};

// Z3 resource units per millisecond of --smt-timeout (calibrated on the
// samples' slow queries: 300-750 units per ms of search on a 2-core x86-64).
constexpr uint64_t kZ3UnitsPerMs = 500;

// The reason of a free input standing for a host value the host reader does
// not model (cli/HostBinding.cpp): a failure needing it is `unknown`.
inline constexpr const char *kHostUnmodelledReason = "a value the host reader does not model";

// The cone of influence of the property: the context's conjuncts it needs.
// A definition `v == e` is needed when v is (the property's variables, and
// every variable of a needed fact, are needed); any other fact when it shares
// a variable with a needed one; a fact with no variable always (a `false`
// path). Any subset of the facts is sound for a proof: a proof under the
// slice is a proof under the whole context. A failure under the slice may
// rest on a fact left out, so the whole question decides failures (its
// counterexample, and whether it fails for every input). `out` gets the
// sliced obligation without report terms; false when nothing would be
// dropped. Host contracts make this worth it: every
// question carries every tiling field's definition (100 KB of SMT-LIB on
// ops-math pad_v3_grad_replication) where a bound needs two or three.
struct SliceCache {
  static constexpr uint32_t kNone = UINT32_MAX;
  struct Fact {
    Sym keep; // holds the node its address names
    std::vector<uint32_t> vars;
    uint32_t defines = kNone;
    // The reason of its first opaque variable, and of its first host value
    // the host reader did not model ("name is reason"); empty: none.
    std::string opaque, hostUnmodelled;
  };
  // Facts repeat across a file's questions (the same contract, the same path).
  std::unordered_map<const SymNode *, Fact> facts;
  const Fact &of(const Sym &fact);
};
// `unmodelled` (optional): the reason of a value in the whole question a
// failure cannot rest on (an opaque value first, then a host value the host
// reader did not model); empty: none.
bool sliceToProperty(const Obligation &ob, Obligation &out, SliceCache *cache = nullptr,
                     std::string *unmodelled = nullptr);

// `ob` with the opaque values its own facts rule out folded away
// (`select(!early, v, opaque)` under `!early` is `v`): what Solver::check
// asks, and what decides whether a failure rests on a lost value.
Obligation withoutRuledOutOpaques(const Obligation &ob);

class Solver {
public:
  explicit Solver(unsigned timeoutMs = 5000);
  ~Solver();
  Verdict check(const Obligation &ob);
  // The file's budget (deadline, Z3 units) the queries draw on; null: none.
  // Past its deadline or its units every query is answered `unknown` at once.
  void setBudget(Budget *b) { budget_ = b; }
  // The first pass's limit on each question's Z3 units (0: none). Questions
  // a proof needs few units for are decided first, for little, and those the
  // cap stops (Verdict::capped) are asked again with the units left
  // (solveItems): a few hard questions no longer spend what the many easy
  // ones after them needed. Deterministic, like every unit limit.
  // firstLook: a non-linear question gets only its linear relaxation (the
  // exact tries, which find the counterexamples, wait for a later pass).
  void setQueryCap(uint64_t units, bool firstLook = false) {
    queryCap_ = units;
    firstLook_ = units && firstLook;
  }
  uint64_t queryCap() const { return queryCap_; }
  // Z3 units the current budget has left (UINT64_MAX: no budget).
  uint64_t z3UnitsLeft() const { return budget_ ? budget_->z3Left() : UINT64_MAX; }
  // Whether the file's CPU-time limit has passed (then check() answers
  // unknown at once).
  bool pastDeadline() { return budget_ && budget_->expired("Z3"); }
  const SolverStats &stats() const { return stats_; }
  // An obligation answered by the proof memo instead of check().
  void countMemoHit() { ++stats_.cacheHits; }
  // Unique per Solver of the process (a new file's Solver may reuse the
  // address of the last one).
  uint64_t serial() const { return serial_; }

private:
  // check() without the case split: one question to Z3. relaxedOnly: only
  // the linear relaxation of a non-linear question is asked (unknown unless
  // it proves the property).
  Verdict checkDirect(const Obligation &ob, bool relaxedOnly = false);
  // A non-linear question whose factor takes one of a few constant values
  // (a tile length `size <= 0 ? 1 : 6144`): asked once per value, each
  // question linear. Empty: no such factor, or a case left undecided.
  std::optional<Verdict> checkByCases(const Obligation &ob);
  struct Impl;
  Impl *impl;
  SolverStats stats_;
  Budget *budget_ = nullptr;
  uint64_t queryCap_ = 0;
  bool firstLook_ = false;
  unsigned caseShare_ = 1; // checkByCases: the number of cases sharing a question's units
  uint64_t serial_;
};

} // namespace alint
