// Pipe-level simulation of one concrete execution (the executable model's
// second half): the scalar unit issues the trace in program order into
// in-order pipes; SetFlag fires when its pipe has finished everything before
// it, WaitFlag holds its pipe (or, on S, all issue) until the flag is set and
// consumes it; barriers drain pipes; queue operations set and wait their
// implicit events. Durations are estimates from the target's bandwidths.
// It reports hangs (a wait that is never satisfied), flags set twice or left
// set, accesses that overlap in time on the same memory (observed races), a
// per-pipe busy time, and can write the schedule as a Chrome trace.
#pragma once

#include "checker/ir/KernelModel.h"
#include "checker/model/Simulator.h"
#include "checker/model/Target.h"

#include <string>
#include <vector>

namespace alint::model {

struct PipeEvent {
  int op = -1;
  std::string name; // API name
  Pipe pipe = Pipe::None;
  uint64_t start = 0, end = 0; // cycles
  int iteration = -1;          // innermost loop index value, when in a loop
};

struct PipeSimIssue {
  std::string kind; // "hang", "double-set", "leaked-set", "race"
  int op = -1;
  int otherOp = -1;
  SourceLoc loc;
  std::string message;
};

// Two accesses to overlapping bytes, at least one a write, that nothing
// orders in this execution (program order of a self-ordered pipe, flags,
// barriers, queue events, auto-sync pairs): independent of the timing
// estimates, the oracle the sync graph is checked against.
struct UnorderedPair {
  int first = -1, second = -1;         // ops, first issued earlier
  int firstIter = -1, secondIter = -1; // outermost loop index values (-1: none)
};

struct PipeSimResult {
  bool ok = true;
  std::string error;
  std::vector<PipeEvent> events;
  std::vector<PipeSimIssue> issues;
  std::vector<UnorderedPair> unordered;
  std::map<Pipe, uint64_t> busy; // cycles each pipe was busy
  uint64_t makespan = 0;
  bool autoSync = true;
};

// Simulates the first admissible execution (blockIdx 0, ...) of the trace.
PipeSimResult simulatePipes(const KernelModel &k, const TargetSpec &t, const SimConfig &cfg, bool autoSync);

// Chrome trace (chrome://tracing, Perfetto): one track per pipe.
std::string chromeTrace(const PipeSimResult &r, const std::string &kernel);

// True when some event on pipe a overlaps in time with some event on pipe b.
bool pipesOverlap(const PipeSimResult &r, Pipe a, Pipe b);

} // namespace alint::model
