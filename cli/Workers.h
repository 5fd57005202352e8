// Files are analysed in forked worker processes, one process per file, even
// at -j1: Clang and Z3 state stays private to each file, a crash (in Clang,
// Z3 or the frontend) or an exhausted memory limit ends that file's process,
// not the run, and the per-file limits are enforced from outside: an address
// space limit (RLIMIT_AS) set in the child, a CPU-time limit (RLIMIT_CPU) at
// the file's time limit plus its margin, and, as a last resort for a starved
// worker, a kill on the wall clock at 3 x the time limit + 5 s.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace alint {

struct WorkerOutcome {
  std::optional<std::string> result; // what work(i) returned
  std::string failure;               // why there is none: one line (crash, memory, time)
  // With a failure: the last checkpoint the worker sent before it ended
  // (workerCheckpoint), if any: what was decided before a step that could
  // not be interrupted.
  std::optional<std::string> partial;
};

struct WorkerLimits {
  uint64_t maxMemoryBytes = 0; // address space of each worker (RLIMIT_AS); 0: none
  // Per item, when not empty: a file's own limit (MaxMemory in its
  // configuration) over maxMemoryBytes; 0: maxMemoryBytes.
  std::vector<uint64_t> itemMemoryBytes;
  unsigned timeoutSec = 0; // the file's time limit, in the worker's CPU time; 0: none
  // The worker is killed at timeoutSec * (1 + killMargin) of CPU time: the
  // analysis stops itself at the limit (what is left unknown); the kill is
  // for a phase that cannot stop (a Clang parse).
  double killMargin = 0.08;
};

// The wall-clock limit of a worker: a run starved of CPU time still ends.
inline unsigned wallLimitSec(unsigned timeoutSec) { return timeoutSec ? 3 * timeoutSec + 5 : 0; }

// Runs work(i) for every i in [0, n), each in a process of its own, up to
// `jobs` at once. Results are returned by index, so the order does not depend
// on which finished first. work() runs only in the children; started(i), if
// given, in this process when item i starts (for progress).
std::vector<WorkerOutcome> runInWorkers(size_t n, unsigned jobs, const WorkerLimits &limits,
                                        const std::function<std::string(size_t)> &work,
                                        const std::function<void(size_t)> &started = nullptr);

// In a worker: sends what is decided so far, replacing the previous
// checkpoint; the parent keeps the last one for a worker killed later (an
// overrun of the CPU-time limit by a call that ignores every interrupt, the
// memory limit, a crash). Elsewhere: nothing.
void workerCheckpoint(const std::string &payload);
// Whether this process is a worker (checkpoints are sent).
bool inWorker();

// The number of processors this process may run on.
unsigned availableCores();
// Physical memory of the machine in bytes (0 if unknown).
uint64_t physicalMemory();
// Whether an address-space limit can be enforced in this build (not under
// AddressSanitizer, which reserves terabytes of address space).
bool memoryLimitSupported();

// "12G", "512M", "1.5G"-free forms: a number with an optional K/M/G/T suffix
// (powers of 1024), as written by the user, for messages.
std::string formatBytes(uint64_t b);

} // namespace alint
