// -j: items of work done by forked worker processes. Processes rather than
// threads: Clang and Z3 state stays private to each worker, and a crash
// (a fault the frontend's recovery does not catch, in Clang or Z3) ends one
// worker, not the run.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace alint {

struct WorkerOutcome {
  std::optional<std::string> result; // what work(i) returned
  std::string failure;               // why there is none (the worker died: signal or exit status)
};

// Runs work(i) for every i in [0, n) in up to `jobs` worker processes, each
// taking the next item when it is free. Results are returned by index, so
// the order does not depend on which worker finished first. A worker that
// dies takes only its current item with it; another worker is started for
// the items left. work() runs only in the workers; started(i), if given, in
// this process when a worker starts item i (for progress).
std::vector<WorkerOutcome> runInWorkers(size_t n, unsigned jobs, const std::function<std::string(size_t)> &work,
                                        const std::function<void(size_t)> &started = nullptr);

// The number of processors this process may run on.
unsigned availableCores();

} // namespace alint
