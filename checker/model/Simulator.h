// The executable hierarchy model: runs a KernelModel for concrete input
// values (tiling fields, kernel arguments, blockNum) and evaluates, on every
// operation instance of the resulting trace, the properties the checks in
// rules/ prove symbolically (capacity, alignment, bounds, legal paths). It
// shares no code with rules/ or smt/: it is the second, independent oracle
// for the Z3 proofs (docs/simulator.md).
//
// Semantics, in short:
//   - loops run concretely (lo, lo+step, ... while < hi), with their bounds
//     evaluated in the enclosing iteration;
//   - an operation whose path condition is false is skipped;
//   - blockIdx, subBlockIdx, ASCEND_IS_AIC, AllocEventID<...> and any other
//     internal value that is not a loop index or a queue slot are enumerated
//     over the range the kernel's facts give them: each combination is one
//     execution (one core);
//   - queue slots are handed out the way TQue does: AllocTensor on a queue of
//     depth n returns slot 0, 1, ..., n-1, 0, ... (one counter per buffer),
//     EnQue/DeQue pass slots through a FIFO;
//   - arithmetic is exact C++ arithmetic in each node's type (mathematical,
//     unbounded integers for the math() sizes the checks compute);
//   - buffers are laid out the way TPipe does: in InitBuffer order per
//     memory, only the InitBuffer calls that ran, restarting at each TPipe
//     epoch (Destroy/Reset);
//   - a value that depends on an opaque variable (or divides by zero) makes
//     that property instance `unknown`.
#pragma once

#include "checker/ir/KernelModel.h"
#include "checker/model/Target.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace alint::model {

struct SimConfig {
  // Input values by VarInfo name ("tiling.tileLength", "blockNum"). A
  // uint64_t input above INT64_MAX is given as its two's complement bit
  // pattern.
  std::map<std::string, int64_t> inputs;
  uint64_t maxSteps = 1000000;     // operation instances over all executions
  uint64_t maxExecutions = 4096;   // combinations of blockIdx, subBlockIdx, ...
  unsigned maxFindingsPerSite = 8; // findings kept per property site (all are counted)
  // Replay of one instance (e.g. a Z3 counterexample "i=7 blockIdx=3"):
  // internal values by name. A pinned loop runs only that iteration (none
  // if the value is not one of its iterations), a pinned blockIdx / other
  // choice takes that value only, a pinned queue slot replaces the TQue
  // rotation. Every variable with that name is pinned.
  std::map<std::string, int64_t> pinned;
};

// The value an internal variable has in a trace step or an execution.
struct VarValue {
  std::shared_ptr<const VarInfo> var;
  int64_t value = 0;
};

// One executed operation instance.
struct TraceStep {
  int op = -1;                     // index into KernelModel::ops
  std::vector<VarValue> internals; // enclosing loop indices (outermost first), then queue slots the op uses
  std::optional<int64_t> slot;     // AllocTensor / DeQue / EnQue: the queue slot handed out or passed on
  bool condUnknown = false;        // the path condition could not be evaluated (opaque value)
  std::string unknown;             // set: the step is not concrete (e.g. a loop without a known trip count)
  std::string inadmissible;        // set: an assumption in scope is false here (no findings for this step)
};

// One run of the kernel on one core: a choice of blockIdx, subBlockIdx, ...
struct Execution {
  std::vector<VarValue> choices;
  bool admissible = true;
  std::string inadmissible; // why not: a fact or a top-level assumption that is false
  std::vector<TraceStep> steps;
};

struct Trace {
  bool ok = true;
  std::string error;
  bool truncated = false; // stopped at SimConfig::maxSteps: the executions are prefixes
  std::vector<Execution> executions;
  uint64_t length = 0;                    // steps over all executions
  std::vector<std::string> missingInputs; // inputs the expansion needed and the config lacks
  std::vector<std::string> notes;         // e.g. an internal value with no range in the facts
};

// Expands the program into concrete executions, in program order. Reusable
// by later simulations (pipes, flags); the property evaluation below reads it.
Trace expandTrace(const KernelModel &k, const SimConfig &cfg);

// Evaluates `s` at one step of an execution (step may be null: execution
// level). nullopt: unknown (opaque, missing value, division by zero); `why`
// then says which.
std::optional<int64_t> evalAt(const Sym &s, const SimConfig &cfg, const Execution &ex, const TraceStep *step,
                              std::string *why = nullptr);

// Whether the kernel is a mixed cube+vector kernel, and so the bytes of a
// memory its buffers may take: usable_bytes, or on NPU arch 2201 the whole UB
// for a kernel that is not mixed (AscendC's 256 B reserve is for mixed ones).
bool isMixedKernel(const KernelModel &k, const TargetSpec &t);
uint64_t allocatableBytes(const MemorySpec &spec, const KernelModel &k, const TargetSpec &t);

// A failing property instance.
struct SimFinding {
  std::string check; // check id, as in rules/
  int op = -1;       // index into KernelModel::ops; -1 for capacity-overflow
  int region = -1;   // index into Op::regions; -1 when the property is about the op or a memory
  std::optional<Mem> mem;
  int epoch = -1; // capacity-overflow: the TPipe allocation epoch (Buffer::epoch)
  SourceLoc loc;
  std::string message;
  int execution = -1;                                  // index into Trace::executions
  std::vector<std::pair<std::string, int64_t>> values; // concrete internal values: blockIdx, i, slot(q), ...
};

// Where a property is evaluated: one per (check, op, region) the check
// proves, or per memory for capacity-overflow. Instances are counted over the
// whole trace.
struct SimSite {
  std::string check;
  int op = -1;
  int region = -1;
  std::optional<Mem> mem;
  int epoch = -1; // capacity-overflow: the TPipe allocation epoch (Buffer::epoch)
  SourceLoc loc;
  std::string staticUnknown; // set: the property cannot be evaluated at all (why)
  uint64_t instances = 0, failed = 0, unknown = 0;
  std::string unknownReason; // the first reason an instance was unknown
};

struct SimCounts {
  uint64_t instances = 0, failed = 0, unknown = 0;
};

struct SimResult {
  bool ok = true;
  std::string error;
  // The trace hit SimConfig::maxSteps (ok is false): the findings are those
  // of the executed prefix; a property without a finding is not established.
  bool truncated = false;
  std::map<std::string, std::vector<SimFinding>> findings; // by check id
  std::map<std::string, SimCounts> counts;                 // by check id
  std::vector<SimSite> sites;
  uint64_t traceLength = 0;
  uint64_t executions = 0;
  uint64_t inadmissibleExecutions = 0;
  uint64_t inadmissibleSteps = 0;
  std::vector<std::string> inadmissible; // the first reasons, for the report
  std::vector<std::string> notes;

  bool failedAt(const std::string &check, int op) const;
  const std::vector<SimFinding> &of(const std::string &check) const;
};

SimResult simulate(const KernelModel &k, const TargetSpec &t, const SimConfig &cfg);

} // namespace alint::model
