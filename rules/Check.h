// A check (clang-tidy style): one class per file, registered by id. A check
// reads a KernelModel for one target and emits proof obligations (each with
// the message to show if it fails) or direct findings.
#pragma once

#include "checker/graph/SyncGraph.h"
#include "checker/ir/KernelModel.h"
#include "checker/model/Target.h"
#include "smt/Solver.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace alint {

enum class Severity { Error, Warning, Note };
const char *severityName(Severity s);

struct Related {
  SourceLoc loc;
  std::string message;
};

// A source change that certainly fixes a finding (clang-tidy's fix-it).
// Resolved: replace `length` bytes at `loc` (byte `offset` in loc.file) with
// `replacement`. A check does not see the source text, so it may instead ask
// for a copy of the call statement that starts at `loc` with its callee
// renamed to `cloneCallAs`, on its own line after (or before) the statement;
// cli/FixIts.cpp resolves that against the text, or drops the fix-it when the
// text is not a plain `Callee<...>(...);` statement.
struct FixIt {
  SourceLoc loc;
  std::string replacement;
  unsigned length = 0;
  long offset = -1;                       // set once resolved
  std::string cloneCallFrom, cloneCallAs; // e.g. "SetFlag" -> "WaitFlag"
  bool cloneBefore = false;
};

struct Diagnostic {
  std::string check;
  Severity severity = Severity::Error;
  Status status = Status::Violated;
  std::string message;
  SourceLoc loc;
  std::string target;
  std::string kernel;
  std::string variant; // build configurations it holds in (`DTYPE_X=half; DTYPE_X=float`), empty: all
  std::vector<std::pair<std::string, int64_t>> counterexample;
  std::vector<Related> related;
  std::vector<FixIt> fixits;
  std::string hint;
};

// What a check hands to the engine: an obligation plus how to word it.
struct ProofItem {
  Obligation ob;
  SourceLoc loc;
  // Message for a failed or unknown proof; gets the verdict (report values,
  // counterexample) so numbers can be shown.
  std::function<std::string(const Verdict &)> message;
  std::vector<Related> related;
  std::string hint;
  // Items with the same non-empty group are alternative explanations of one
  // finding (e.g. the candidate partners of one access in sync-race, nearest
  // first): only the most severe failing one is reported, the nearest among
  // equals, and solving stops at the first violation.
  std::string group;
  // A performance lint: never an error. Violated (the slow case holds for
  // every admissible value) is a warning; a counterexample is only a note.
  bool performance = false;
  // The most severe status this item may end with: a failed proof that rests
  // on a model known to be partial (e.g. cross-core flag chains whose
  // iterations are not aligned) is lowered to this (Counterexample: at most a
  // warning; Unknown: a note, with `capReason`).
  Status worst = Status::Violated;
  std::string capReason;
  // Non-empty: a counterexample (the property fails for some inputs, not for
  // all) is `unknown` with this reason. For inputs a producer the linter does
  // not run computes to the very rules checked (the Matmul tiling from the
  // host's GetTiling): "some values break it" says nothing about the kernel.
  std::string counterexampleUnknown;
  // An unknown verdict (an opaque value, Z3 out of units on it) is a
  // counterexample with its reason kept: for questions whose failure is the
  // default belief, such as "are these two unordered accesses both
  // reached?", where only a proof of the contrary may silence the finding.
  // Not a question never asked (the file's units or CPU time ran out before
  // it): that stays unknown.
  bool unknownIsCounterexample = false;
  std::vector<FixIt> fixits; // only where the change is certain
};

// The outcome of one proof item that is to be reported or counted.
struct SolvedItem {
  size_t item = 0; // index into the items
  Verdict verdict;
};

// Solves `items` (in order) and returns the ones whose verdict is not
// `proved`, with groups reduced to their representative. `incomplete`, when
// set, makes every item unknown with that reason. `solved` counts the
// obligations decided (for the verdict line).
std::vector<SolvedItem> solveItems(std::vector<ProofItem> &items, Solver &solver, const std::string &incomplete,
                                   std::vector<Verdict> *all = nullptr);

// Analyses shared by the checks of one kernel on one target, built once.
struct AnalysisCache {
  SyncOptions syncOptions;
  Budget *budget = nullptr; // the file's limits (race pair counts, clock); null: the defaults
  std::unique_ptr<SyncGraph> graph;
};

class CheckContext {
public:
  CheckContext(const KernelModel &k, const model::TargetSpec &t, AnalysisCache *cache = nullptr)
      : kernel(k), target(t), cache(cache) {}
  const KernelModel &kernel;
  const model::TargetSpec &target;
  AnalysisCache *cache;

  // The pipe dependency graph (built on first use).
  const SyncGraph &syncGraph();

  // Facts and assumptions that hold at an operation with path condition
  // `cond` inside `loops`.
  std::vector<Sym> contextAt(const Sym &cond, const std::vector<int> &loops) const;

  void prove(ProofItem item) { items.push_back(std::move(item)); }
  // The file's clock, polled in a check's outer loop (a kernel of thousands
  // of operations makes some checks quadratic): true once it has run out.
  // The first time it leaves one `unknown` obligation at `loc` saying what
  // was not checked; the check then stops, what it proved so far stands.
  bool outOfTime(const std::string &check, const SourceLoc &loc);
  void report(Diagnostic d) { direct.push_back(std::move(d)); }

  std::vector<ProofItem> items;
  std::vector<Diagnostic> direct;

private:
  std::unique_ptr<AnalysisCache> ownCache;
  bool timeNoted_ = false;
};

class Check {
public:
  virtual ~Check() = default;
  virtual const char *id() const = 0;
  virtual const char *summary() const = 0;
  virtual void run(CheckContext &ctx) const = 0;
};

struct CheckInfo {
  std::string id;
  std::string summary;
  std::unique_ptr<Check> (*make)();
};

// All checks, in a fixed order.
const std::vector<CheckInfo> &checkRegistry();

// clang-tidy glob list: "-*,sync-*,capacity-overflow".
bool checkEnabled(const std::string &globs, const std::string &id);
bool globMatch(const std::string &pattern, const std::string &text);
// "a, -b,c*" -> {"a", "-b", "c*"} (blanks trimmed, empty items dropped)
std::vector<std::string> splitGlobs(const std::string &globs);

} // namespace alint
